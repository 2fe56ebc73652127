// Package legacy reads URLs written under the grammars that came before
// RFC 3986: RFC 1738 with its scheme-specific syntaxes, RFC 1808, RFC 1945
// and 2068, RFC 2396 (with RFC 2732's IPv6 literals) and RFC 2616. Old data,
// old crawls and old configuration files hold such URLs.
//
// [Parse] enforces each grammar as its RFC writes it and returns a [URL]: the
// text as written, its components as the grammar divides them, the
// scheme-specific record of RFC 1738 ([FTP], [Gopher], ...). A URL is not a
// uri.URI: its text may hold what RFC 3986 forbids (RFC 2068's "national"
// characters, a "?" in an RFC 1738 ftp path), or RFC 3986 may divide it
// otherwise. [URL.Upgrade] returns the RFC 3986 reference that stands for
// it, through uri.Components.Encode, with each edit it made and why.
//
// The old algorithms of resolution ([ResolveRFC1808], [ResolveRFC2396]) and
// HTTP's URI comparison ([EqualHTTP], [CanonicalHTTP]) are here too, so that
// old behaviour can be compared with RFC 3986's: "../../../g" against
// "http://a/b/c/d;p?q" gives "http://a/../g", and "?y" gives
// "http://a/b/c/d;p?y" (RFC 1808) or "http://a/b/c/?y" (RFC 2396). Their
// doc comments list the steps of each.
//
// # Grammars
//
//   - [RFC1738]: URLs (1994): the BNF of Section 5 with the scheme-specific
//     rules of ftp, http, gopher, mailto, news, nntp, telnet, wais, file and
//     prospero, each as a typed record ([FTP], [Gopher], ...) with its
//     default port.
//   - [RFC1808]: relative URLs (1995): net_loc, ";params", and the parse of
//     Section 2.4.
//   - [RFC2068]: HTTP/1.0 and early HTTP/1.1 (RFC 1945 and 2068): RFC 1808's
//     grammar with "national" characters, and http_URL.
//   - [RFC2396]: the generic syntax of 1998: server or reg_name
//     authorities, opaque_part, segment parameters, "unwise" characters
//     excluded.
//   - [RFC2732]: RFC 2396 with IPv6 literals ("[" and "]" become reserved).
//   - [RFC2616]: HTTP/1.1 (1999): RFC 2396 and its http_URL.
//
// What the grammar allows and RFC 3986 does not ("{", "|" or "é" in an RFC
// 2068 path, a "?" in an RFC 1738 ftp path, two "@" in an RFC 2396
// reg_name, "[" in an RFC 2732 query) is accepted. [URL.String] gives the
// legacy text and URL.Parts its components as the grammar divides them;
// [URL.Upgrade] is uri.Components.Encode applied to the parts, plus one edit
// of its own (the IPv4 octets of an RFC 2732 IPv6 literal lose their
// leading zeros), and returns each uri.Change with its offset, component,
// replacement and reason. The command "uri parse --grammar rfc1738 --json"
// adds an object with the grammar's fields (docs/command.md#older-grammars
// in the module).
//
// # Errors
//
// Errors are *uri.Error values. Those of Parse have Op uri.OpParse and the
// grammar's name ("rfc1738", ...) as Detail (`uri: user name or password
// not allowed for this scheme (rfc1738) in host at offset 11 of
// "http://user@host.dom/"`), and the offset rule of
// uri.Parse without its exception for ports: Input[:Offset] is the longest
// prefix of the input that some valid reference of the grammar begins with,
// so a bad port that could still be a user name and password is reported
// where the authority ends (an unknown Grammar has uri.NoOffset). The
// resolvers' have Op uri.OpResolve, the grammar as Detail, and Name "base"
// when the base is at fault; Upgrade's are those of uri.Components.Encode,
// with Op uri.OpBuild. Their Err is one of the sentinels of package uri or
// of this package. This package declares no operation of its own: reading
// and resolving by an older grammar are the root's ideas.
package legacy

import (
	"iter"
	"math"
	"strconv"
	"strings"

	"github.com/gouri/uri"
	"github.com/gouri/uri/internal/abnf"
)

// Grammar names an older URI grammar that [Parse] reads.
type Grammar uint8

// The older grammars. Each is enforced as its RFC writes it; where the RFC
// leaves a question open, the doc comment of the constant says how it is
// answered.
const (
	// RFC1738 is the URL syntax of RFC 1738 (1994), Section 5, with the
	// scheme-specific rules of Section 3 for ftp, http, gopher, mailto,
	// news, nntp, telnet, wais, file and prospero. The BNF lets any URL
	// match "otherurl = genericurl"; this package applies the specific rule
	// to each of those ten schemes (so "http://user@host/" is an error, as
	// Section 3.3 says) and genericurl only to other schemes. Schemes are
	// case-insensitive (Section 2.1) and may begin with a digit (Section 5:
	// scheme = 1*[ lowalpha | digit | "+" | "-" | "." ]). A "#" fragment
	// may follow any URL, as the RFC's appendix shows it, with RFC 1808's
	// syntax: fragment = *( uchar | reserved ). There are no relative URLs.
	RFC1738 Grammar = iota + 1

	// RFC1808 is the relative URL syntax of RFC 1808 (1995), Section 2.2,
	// the grammar its resolution algorithm ([ResolveRFC1808]) works on:
	//
	//	URL         = ( absoluteURL | relativeURL ) [ "#" fragment ]
	//	absoluteURL = generic-RL | ( scheme ":" *( uchar | reserved ) )
	//	relativeURL = net_path | abs_path | rel_path
	//	net_path    = "//" net_loc [ abs_path ]
	//	abs_path    = "/"  rel_path
	//	rel_path    = [ path ] [ ";" params ] [ "?" query ]
	//	net_loc     = *( pchar | ";" | "?" )
	//
	// Text that begins with scheme characters and a ":" is an absoluteURL,
	// as the parsing rule of Section 2.4.2 says; the components are divided
	// as Section 2.4 divides them.
	RFC1808

	// RFC2068 is the URI grammar of HTTP/1.0 and early HTTP/1.1: RFC 1945
	// and RFC 2068, Section 3.2.1, which is RFC 1808's grammar with
	// "national" characters ("{", "}", "|", "\", "^", "~", "[", "]", "`" and
	// the octets 0x80 to 0xFF) allowed unescaped, plus the http_URL rule of
	// Section 3.2.2 for the http scheme:
	//
	//	http_URL = "http:" "//" host [ ":" port ] [ abs_path ]
	//
	// where host is a host name or a dotted-decimal IPv4 address with RFC
	// 1738's rules (Section 3.2.2 refers to RFC 1123, Section 2.1) and port
	// is *DIGIT.
	RFC2068

	// RFC2396 is the generic URI syntax of RFC 2396 (1998), Appendix A: an
	// authority is a server (hostname or IPv4address, RFC 2396's
	// "IPv4address = 1*digit ..." included) or else a reg_name; a URI with
	// a scheme and no "/" after it has an opaque_part; path segments may
	// carry ";" parameters; the characters "{", "}", "|", "\", "^", "[",
	// "]" and "`" ("unwise"), "<", ">", '"', space and controls are excluded
	// (Section 2.4.3) and are errors. "?query" alone is not a relativeURI
	// (rel_path needs a segment), and "scheme:" needs a hier_part or an
	// opaque_part of at least one character.
	RFC2396

	// RFC2732 is RFC 2396 as RFC 2732 (1999) amends it: a host may also be
	// "[" IPv6address "]", and "[" and "]" become reserved characters, so
	// that they may appear unescaped in a query, a fragment and an
	// opaque_part. IPv6address takes the text forms of RFC 2373, Section
	// 2.2 (the nine forms of RFC 3986, with "::" standing for one or more
	// zero pieces), and an IPv4address is "1*3DIGIT" four times, each at most
	// 255, leading zeros allowed (RFC 2732, Section 3, item 3).
	RFC2732

	// RFC2616 is the URI grammar of HTTP/1.1 in RFC 2616 (1999), Section
	// 3.2: RFC 2396 (Section 3.2.1 adopts its rules), plus the http_URL rule
	// of Section 3.2.2 for the http scheme:
	//
	//	http_URL = "http:" "//" host [ ":" port ] [ abs_path [ "?" query ]]
	//
	// with RFC 2396's host (no userinfo, no reg_name), port, abs_path and
	// query.
	RFC2616
)

var grammarNames = [...]string{
	RFC1738: "rfc1738",
	RFC1808: "rfc1808",
	RFC2068: "rfc2068",
	RFC2396: "rfc2396",
	RFC2732: "rfc2732",
	RFC2616: "rfc2616",
}

// String returns the grammar's name in lower case, such as "rfc1738". It is
// also the Detail of the errors that [Parse] returns for the grammar.
func (g Grammar) String() string {
	if g != 0 && int(g) < len(grammarNames) {
		return grammarNames[g]
	}
	return "grammar(" + strconv.Itoa(int(g)) + ")"
}

// maxLen is the longest input this package accepts, as package uri.
const maxLen = math.MaxInt32

// URL is a reference read under an older grammar: the text as written, and
// what the grammar says about it.
//
// The fields that do not apply to the grammar are empty: AuthorityForm,
// HostForm (and what Segments yields) for RFC 1808 and 2068 (HostForm is
// set for RFC 2068's http_URL); Params for RFC 2396, 2732 and 2616; Record
// for all but RFC 1738. Strings are substrings of the input, as written: nothing is
// decoded.
type URL struct {
	// Grammar is the grammar that accepted the reference.
	Grammar Grammar

	// Parts are the components as the grammar divides them, mapped onto
	// RFC 3986's seven. Where the grammar names a part, its boundaries are
	// kept: in RFC 1738 only http and wais URLs have a query, so an ftp,
	// gopher, mailto, news, file or prospero path keeps its "?"; and an RFC
	// 1808 net_loc runs to the first "/" even past a "?". An authority that
	// the grammar does not divide (RFC 2396's reg_name, RFC 1808's net_loc)
	// is divided into userinfo, host and port as RFC 3986 would divide it
	// when it can (one "@", digits after the host's first ":"), and is all
	// host otherwise. Parts the grammar leaves undivided (RFC 2396's
	// opaque_part, RFC 1738's url-path and genericurl, RFC 1808's
	// absoluteURL) are divided as RFC 1808, Section 2.4 and RFC 3986 agree
	// to: a "//" authority, then a path up to the first "?", then a query.
	// Written one after the other, with their delimiters, they are the text.
	// Every Has field of a present component is set, as in
	// [uri.URI.Components].
	Parts uri.Components

	// Form names the production that the reference matched, as the RFC
	// spells it:
	//   - RFC 1738: "ftpurl", "httpurl", "gopherurl", "mailtourl",
	//     "newsurl", "nntpurl", "telneturl", "waisdatabase", "waisindex",
	//     "waisdoc", "fileurl", "prosperourl" or "otherurl";
	//   - RFC 2396, 2732, 2616: "net_path", "abs_path" or "opaque_part"
	//     after a scheme, "net_path", "abs_path" or "rel_path" without one,
	//     "http_URL" (RFC 2616), or "same-document" for a reference that is
	//     empty or only a fragment (RFC 2396, Section 4.2);
	//   - RFC 1808 and 2068: "absoluteURL" (RFC 1808) or "absoluteURI"
	//     (RFC 2068), "http_URL" (RFC 2068), "net_path", "abs_path" or
	//     "rel_path".
	Form string

	// AuthorityForm says which kind of authority the reference has:
	// "server" or "reg_name" (RFC 2396, Sections 3.2.1 and 3.2.2; a server
	// is preferred when both match), "net_loc" (RFC 1808 and 2068), or ""
	// when there is none. http_URL's host and port are a "server".
	AuthorityForm string

	// HostForm says which rule a server's host matched: "hostname",
	// "IPv4address" or "IPv6reference" (RFC 2732); "" otherwise.
	HostForm string

	// Params is the RFC 1808 <params> component (Section 2.4.5): what
	// follows the first ";" of the path, up to the query; HasParams tells
	// an empty one ("/p;") from an absent one.
	Params    string
	HasParams bool

	// Record is the scheme-specific reading of an RFC 1738 URL: one of
	// [FTP], [HTTP], [Gopher], [Mailto], [News], [NNTP], [Telnet], [WAIS],
	// [File], [Prospero] or [Other]. It is nil for the other grammars.
	Record Record

	text     string
	segments string // the abs_path (without its "/") or rel_path that Segments splits
	hasSegs  bool   // the reference has such a path
}

// Segment is one path segment of RFC 2396 (Section 3.3) with its
// parameters; RFC 3986 has no parameters, and reads the ";" as data.
type Segment struct {
	Name   string   // the segment up to its first ";"
	Params []string // each ";" param after it, possibly empty
}

// String returns the reference as it was parsed, byte for byte.
func (l URL) String() string { return l.text }

// Parse parses s under the older grammar g and returns what the grammar says
// about it (see [URL]). On error it returns the zero URL and an *uri.Error with
// Op uri.OpParse, the grammar's name ("rfc1738", ...) as Detail, an Offset by
// the rule of uri.Parse (s[:Offset] is the longest prefix of s that some valid
// reference of g begins with) and a sentinel as Err. It allocates for the
// report (segments, records); the strings share s.
func Parse(s string, g Grammar) (URL, error) {
	if len(s) > maxLen {
		return URL{}, &uri.Error{Op: uri.OpParse, Input: s, Offset: maxLen, Err: uri.ErrTooLong, Detail: g.String()}
	}
	p := lparser{s: s, g: g}
	var sp lsplit
	var l URL
	var ok bool
	switch g {
	case RFC1738:
		ok = p.parse1738(&sp, &l)
	case RFC1808, RFC2068:
		ok = p.parse1808(&sp, &l)
	case RFC2396, RFC2732, RFC2616:
		ok = p.parse2396(false, &sp, &l)
	default:
		return URL{}, &uri.Error{Op: uri.OpParse, Input: s, Offset: uri.NoOffset, Err: ErrUnknownGrammar, Detail: g.String()}
	}
	if !ok {
		return URL{}, p.error()
	}
	l.text, l.Grammar, l.Parts = s, g, sp.components(s)
	return l, nil
}

// Upgrade returns the RFC 3986 reference that stands for l, with the same
// meaning, and each edit it made to l's text, in text order (none when the text
// already is that reference): l.Parts percent-encoded where RFC 3986 does not
// allow a byte, as uri.Components.Encode writes them, and the IPv4 octets of
// an RFC 2732 IPv6reference without their leading zeros. A scheme that does
// not begin with a letter has no RFC 3986 form: the error is Encode's, with Op
// uri.OpBuild, wrapping uri.ErrCannotEncode. It works from l.Parts and
// l.HostForm alone, so it never panics on a URL built or changed by hand.
func (l URL) Upgrade() (uri.URI, []uri.Change, error) {
	c := l.Parts
	var zeros uri.Change
	if l.HostForm == "IPv6reference" {
		zeros, c.Host = unzeroIPv4(c.Host)
	}
	u, changes, err := c.Encode()
	if err != nil {
		return uri.URI{}, nil, err
	}
	if zeros.To == "" {
		return u, changes, nil
	}
	return u, withHostEdit(changes, zeros, c), nil
}

// withHostEdit returns the changes that Encode made after the host was
// shortened by the edit zeros (whose Offset is in the host), with zeros in
// its place among them, in text order, and every later offset moved to
// where it is in the text before the edit.
func withHostEdit(changes []uri.Change, zeros uri.Change, c uri.Components) []uri.Change {
	hostStart := 2 // after "//"
	if c.Scheme != "" {
		hostStart += len(c.Scheme) + 1
	}
	if c.HasUserinfo || c.Userinfo != "" {
		hostStart += len(c.Userinfo) + 1
	}
	zeros.Offset += hostStart
	shift := len(zeros.From) - len(zeros.To)
	out := make([]uri.Change, 0, len(changes)+1)
	for _, ch := range changes {
		if ch.Offset > zeros.Offset {
			if len(out) == 0 || out[len(out)-1].Offset < zeros.Offset {
				out = append(out, zeros)
			}
			ch.Offset += shift
		}
		out = append(out, ch)
	}
	if len(out) == len(changes) {
		out = append(out, zeros)
	}
	return out
}

// unzeroIPv4 returns host with the IPv4 part of an RFC 2732 IPv6 literal
// written without the leading zeros that RFC 2373 allowed ("[::1.02.3.4]"
// becomes "[::1.2.3.4]"), and the edit, with its Offset in the host; or
// host and the zero Change when there is nothing to edit. A host that is not
// such a literal is returned as it is: HostForm is a field that a caller may
// set beside any host, and in a reg-name the zeros are data.
func unzeroIPv4(host string) (uri.Change, string) {
	if !strings.HasPrefix(host, "[") {
		return uri.Change{}, host
	}
	if end, err := abnf.IPv6(host, 1, false, abnf.Octet2373); err != nil || end != len(host) {
		return uri.Change{}, host
	}
	d := strings.LastIndexByte(host, ':') + 1
	if d == 0 || strings.IndexByte(host[d:], '.') < 0 {
		return uri.Change{}, host
	}
	dotted := host[d : len(host)-1]
	var b strings.Builder
	for i, oct := range strings.Split(dotted, ".") {
		if i > 0 {
			b.WriteByte('.')
		}
		for len(oct) > 1 && oct[0] == '0' {
			oct = oct[1:]
		}
		b.WriteString(oct)
	}
	if b.String() == dotted {
		return uri.Change{}, host
	}
	return uri.Change{Offset: d, Component: uri.Host, From: dotted, To: b.String(),
		Reason: "RFC 3986 dec-octets have no leading zeros"}, host[:d] + b.String() + "]"
}

// lsplit is how a legacy parser divides its input: offsets in the URI's
// sense. The authority, when there is one, runs from after "//" to pathStart
// and is divided into userinfo, host and port by components.
type lsplit struct {
	schemeEnd int // index of the ":" after the scheme; 0 and hasScheme false without one
	hasScheme bool
	hasAuth   bool
	ipv6      bool // the host is an RFC 2732 IPv6reference
	pathStart int
	pathEnd   int
	hasQuery  bool
	queryEnd  int
	hasFrag   bool
}

// components returns the components of s as the split divides it.
func (sp *lsplit) components(s string) uri.Components {
	var c uri.Components
	a := 0
	if sp.hasScheme {
		c.Scheme, a = s[:sp.schemeEnd], sp.schemeEnd+1
	}
	if sp.hasAuth {
		c.HasAuthority = true
		divideAuthority(s[a+2:sp.pathStart], &c)
	}
	c.Path = s[sp.pathStart:sp.pathEnd]
	end := sp.pathEnd
	if sp.hasQuery {
		c.Query, c.HasQuery, end = s[sp.pathEnd+1:sp.queryEnd], true, sp.queryEnd
	}
	if sp.hasFrag {
		c.Fragment, c.HasFragment = s[end+1:], true
	}
	return c
}

// divideAuthority divides the authority a as RFC 3986, Section 3.2 would:
// userinfo before the only "@", then the host, then a port after the
// host's first ":" (after the "]" of a literal) if only digits follow it.
// An authority with two "@", or with something other than digits after the
// ":", is all host.
func divideAuthority(a string, c *uri.Components) {
	h := a
	if at := strings.IndexByte(a, '@'); at >= 0 && strings.IndexByte(a[at+1:], '@') < 0 {
		c.Userinfo, c.HasUserinfo, h = a[:at], true, a[at+1:]
	}
	he := len(h)
	if strings.HasPrefix(h, "[") {
		if rb := strings.IndexByte(h, ']'); rb >= 0 {
			he = rb + 1
		}
	} else if k := strings.IndexByte(h, ':'); k >= 0 {
		he = k
	}
	if he < len(h) && h[he] == ':' && allDigits(h[he+1:]) {
		c.Port, c.HasPort = h[he+1:], true
	} else {
		he = len(h)
	}
	c.Host = h[:he]
}

func allDigits(t string) bool {
	for i := 0; i < len(t); i++ {
		if !abnf.IsDigit(t[i]) {
			return false
		}
	}
	return true
}

// Segments returns the path segments of an RFC 2396 abs_path or rel_path,
// each with its parameters (Section 3.3: segment = *pchar *( ";" param )),
// and true; or an empty sequence and false when the reference has no such
// path (an opaque_part, "http://h", or another grammar). "/a;x/b" has the
// segments {a [x]} and {b []}, and "/" one empty segment. The segments are
// split as they are read, so that a long path costs nothing until then;
// each Params list is allocated as its segment is yielded.
func (l URL) Segments() (iter.Seq[Segment], bool) {
	path := l.segments
	return func(yield func(Segment) bool) {
		if !l.hasSegs {
			return
		}
		for p := path; ; {
			seg, rest, more := strings.Cut(p, "/")
			sg := Segment{Name: seg}
			if name, params, ok := strings.Cut(seg, ";"); ok {
				sg.Name, sg.Params = name, strings.Split(params, ";")
			}
			if !yield(sg) || !more {
				return
			}
			p = rest
		}
	}, l.hasSegs
}
