package uri

// This file holds what the older grammars share: the Grammar names, the
// Legacy report, ParseLegacy, and the pieces every legacy parser uses
// (character sets, host names, the furthest-failure bookkeeping and the
// mapping of a legacy split onto a URI value). The grammars themselves are in
// legacy_rfc1738.go, legacy_rfc1808.go and legacy_rfc2396.go.

import (
	"errors"
	"strconv"
	"strings"
)

// Grammar names an older URI grammar that [ParseLegacy] reads.
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
// also the Op of the errors that [ParseLegacy] returns for the grammar.
func (g Grammar) String() string {
	if g != 0 && int(g) < len(grammarNames) {
		return grammarNames[g]
	}
	return "grammar(" + strconv.Itoa(int(g)) + ")"
}

// Sentinel reasons of the legacy grammars, carried in [Error.Err] besides
// the general ones (ErrInvalidByte, ErrBadPercent, ErrMissingScheme,
// ErrBadPort, ErrBadIPLiteral, ErrColonInFirstSegment).
var (
	// ErrMustEscape: a character that the grammar never allows unescaped:
	// RFC 1738's "unsafe" and "national" characters, RFC 2396's "excluded"
	// ones (control, space, delims, unwise), RFC 2068's "unsafe" ones.
	ErrMustEscape = errors.New("character must be percent-encoded")

	// ErrBadHost: text where the grammar requires a host name or an IPv4
	// address and that is neither (RFC 1738, Section 3.1; RFC 2396, Section
	// 3.2.2): a label that begins or ends with "-", an empty label, or a
	// last label that begins with a digit, as in "example.123".
	ErrBadHost = errors.New("not a host name or IPv4 address")

	// ErrUserinfoNotAllowed: an "@" in the authority of a scheme whose
	// rule has no user name or password: http, gopher, nntp, wais and
	// prospero in RFC 1738, and http_URL in RFC 1945, 2068 and 2616.
	ErrUserinfoNotAllowed = errors.New("user name or password not allowed for this scheme")

	// ErrUnexpectedEnd: the input ends where the grammar needs more, as in
	// "file://host" (RFC 1738 needs "/" and a path) or "mailto:".
	ErrUnexpectedEnd = errors.New("unexpected end of input")

	// ErrUnknownGrammar: a Grammar value that is none of the constants.
	ErrUnknownGrammar = errors.New("unknown grammar")

	// ErrCannotUpgrade: [Legacy.Upgrade] found a legacy reference that no
	// RFC 3986 reference can stand for: a scheme that begins with a digit,
	// "+", "-" or "." (RFC 1738, 1808 and 2068 allow it; RFC 3986, Section
	// 3.1 does not, and a scheme cannot be percent-encoded).
	ErrCannotUpgrade = errors.New("no RFC 3986 form: the scheme does not begin with a letter")
)

// Legacy is what an older grammar says about a reference beyond the
// components that the [URI] holds: which production matched, the parts
// that only that grammar names, and each place where the text is not a
// valid RFC 3986 reference with the same components.
//
// The fields that do not apply to the grammar are empty: Authority,
// HostForm and Segments for RFC 2396, RFC 2732 and RFC 2616 (HostForm also
// for RFC 2068's http_URL); Authority and Params for RFC 1808 and RFC 2068;
// URL for RFC 1738. Strings are substrings of the input, as written:
// nothing is decoded.
type Legacy struct {
	// Grammar is the grammar that accepted the reference.
	Grammar Grammar

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

	// Authority says which kind of authority the reference has: "server"
	// or "reg_name" (RFC 2396, Sections 3.2.1 and 3.2.2; a server is
	// preferred when both match), "net_loc" (RFC 1808 and 2068), or "" when
	// there is none. http_URL's host and port are a "server".
	Authority string

	// HostForm says which rule a server's host matched: "hostname",
	// "IPv4address" or "IPv6reference" (RFC 2732); "" otherwise.
	HostForm string

	// Segments are the path segments of an RFC 2396 abs_path or rel_path,
	// each with its parameters (Section 3.3: segment = *pchar *( ";" param
	// )). "/a;x/b" has the segments {a [x]} and {b []}; a reference without
	// such a path (an opaque_part, or "http://h") has none.
	Segments []Segment

	// Params is the RFC 1808 <params> component (Section 2.4.5): what
	// follows the first ";" of the path, up to the query; HasParams tells
	// an empty one ("/p;") from an absent one.
	Params    string
	HasParams bool

	// URL is the scheme-specific reading of an RFC 1738 URL: one of
	// [FTPURL], [HTTPURL], [GopherURL], [MailtoURL], [NewsURL], [NNTPURL],
	// [TelnetURL], [WAISURL], [FileURL], [ProsperoURL] or [OtherURL]. It is
	// nil for the other grammars.
	URL SchemeURL

	// Changes lists, in text order, every edit that [Legacy.Upgrade] makes
	// to turn the reference into a valid RFC 3986 reference with the same
	// components. It is empty when the text already is one.
	Changes []Change

	u          URI    // the legacy reference
	upgradeErr *Error // why no upgrade exists, if none does
}

// Segment is one path segment of RFC 2396 (Section 3.3) with its parameters.
type Segment struct {
	Name   string   // the segment up to its first ";"
	Params []string // each ";" param after it, possibly empty
}

// Change is one edit of [Legacy.Upgrade]: the text From at byte Offset of
// the legacy reference, in Component, becomes To, for the Reason given.
// A prefix inserted before a path has an empty From.
type Change struct {
	Offset    int
	Component Component
	From, To  string
	Reason    string
}

// ParseLegacy parses s under the older grammar g and returns it as a [URI],
// the [Legacy] report, and nil; or the zero values and an *[Error] whose Op
// is the grammar's name ("rfc1738", ...), whose Offset follows the same
// rule as Parse's (s[:Offset] is the longest prefix of s that some valid
// reference of g begins with) and whose Err is one of the sentinels.
//
// The URI has the components the old grammar gives, mapped onto RFC 3986's
// seven. Where the grammar names a part, its boundaries are kept: in RFC
// 1738 only http and wais URLs have a query, so an ftp, gopher, mailto,
// news, file or prospero path keeps its "?"; and an RFC 1808 net_loc runs to
// the first "/" even past a "?".
// An authority that the grammar does not divide (RFC 2396's reg_name, RFC
// 1808's net_loc) is divided into userinfo, host and port as RFC 3986 would
// divide it when it can (one "@", digits after the host's first ":"), and is
// all host otherwise. Parts the grammar leaves undivided (RFC 2396's
// opaque_part, RFC 1738's url-path and genericurl, RFC 1808's absoluteURL)
// are divided as RFC 1808, Section 2.4 and RFC 3986 agree to: a "//"
// authority, then a path up to the first "?", then a query.
//
// Such a URI may hold text that is not a valid RFC 3986 reference, or text
// that RFC 3986 would divide differently: "ftp://h/a?b" (RFC 1738) has the
// path "/a?b" and no query, and "http://h/{a}" (RFC 2068) has a "{" in its
// path. [URI.String] returns the legacy text as written and every accessor
// returns its part of it; no method panics. But such a value is not an RFC
// 3986 reference until [Legacy.Upgrade] converts it: Parse would reject its
// text or divide it otherwise, and functions that expect RFC 3986 input
// (Components.URI, UnmarshalText) reject it. The value is a valid RFC 3986
// reference, the one Parse returns for its text, exactly when Legacy.Changes
// is empty and Upgrade succeeds.
//
// ParseLegacy allocates for the Legacy report (segments, typed results,
// changes); the URI itself shares s.
func ParseLegacy(s string, g Grammar) (URI, Legacy, error) {
	if len(s) > maxLen {
		return URI{}, Legacy{}, &Error{Op: g.String(), Input: s, Offset: maxLen, Err: ErrTooLong}
	}
	p := lparser{s: s, g: g}
	var sp lsplit
	var l Legacy
	var ok bool
	switch g {
	case RFC1738:
		ok = p.parse1738(&sp, &l)
	case RFC1808, RFC2068:
		ok = p.parse1808(&sp, &l)
	case RFC2396, RFC2732, RFC2616:
		ok = p.parse2396(false, &sp, &l)
	default:
		return URI{}, Legacy{}, &Error{Op: "legacy", Input: s, Err: ErrUnknownGrammar}
	}
	if !ok {
		return URI{}, Legacy{}, p.error()
	}
	u := sp.uri(s)
	l.Grammar = g
	l.u = u
	l.setChanges()
	return u, l, nil
}

// lparser is the state shared by the legacy parsers: the input, and the
// furthest point where some reading of the input could not go on. Each
// grammar's alternatives (a server or a reg_name, a group or an article, a
// user name or a host) are tried in turn; a prefix of the input can begin a
// valid reference exactly when it can under one of them, so the error
// offset is the largest offset at which an alternative failed.
type lparser struct {
	s    string
	g    Grammar
	off  int
	comp Component
	err  error
}

// die records that one reading of the input cannot continue at byte off.
// The first reading to fail furthest wins, so that the grammar's primary
// alternative names the component and the reason on a tie.
func (p *lparser) die(off int, c Component, err error) {
	if p.err == nil || off > p.off {
		p.off, p.comp, p.err = off, c, err
	}
}

// error builds the *Error for the furthest failure. A byte that the grammar
// never allows unescaped gets ErrMustEscape, whatever the context, because
// that is what the writer has to fix.
func (p *lparser) error() *Error {
	err := p.err
	if err == nil {
		err = ErrInvalidByte
	}
	if p.off < len(p.s) && (err == ErrInvalidByte || err == ErrBadHost) && p.mustEscape(p.s[p.off]) {
		err = ErrMustEscape
	}
	if p.off >= len(p.s) && err == ErrInvalidByte {
		err = ErrUnexpectedEnd
	}
	return &Error{Op: p.g.String(), Input: p.s, Offset: p.off, Component: p.comp, Err: err}
}

// mustEscape reports whether the grammar allows c nowhere unescaped. "#"
// and "%" are excluded too, but each has a use (fragment, escape).
func (p *lparser) mustEscape(c byte) bool {
	switch p.g {
	case RFC2068:
		// unsafe = CTL | SP | <"> | "#" | "%" | "<" | ">"
		return c < 0x20 || c == 0x7f || c == ' ' || c == '"' || c == '<' || c == '>'
	case RFC2396, RFC2616, RFC2732:
		return !p.uric(c) && c != '#' && c != '%'
	}
	// RFC 1738 and 1808: what is not an xchar is unsafe or national.
	return !set1738XChar.has(c) && c != '#' && c != '%'
}

// at returns s[i], or 0 past the end: 0 continues no rule of any grammar.
func (p *lparser) at(i int) byte {
	if i < len(p.s) {
		return p.s[i]
	}
	return 0
}

// scan advances from i over the bytes of set and over escapes ("%" hex
// hex). If it stops at a "%" that does not start an escape, it records the
// failure at the first bad byte of the escape in component c and returns
// false.
func (p *lparser) scan(i int, set *cset, c Component) (int, bool) {
	s := p.s
	for i < len(s) {
		b := s[i]
		if set.has(b) {
			i++
			continue
		}
		if b != '%' {
			break
		}
		switch {
		case i+1 >= len(s):
			p.die(len(s), c, ErrBadPercent)
			return len(s), false
		case !isHex(s[i+1]):
			p.die(i+1, c, ErrBadPercent)
			return i + 1, false
		case i+2 >= len(s):
			p.die(len(s), c, ErrBadPercent)
			return len(s), false
		case !isHex(s[i+2]):
			p.die(i+2, c, ErrBadPercent)
			return i + 2, false
		}
		i += 3
	}
	return i, true
}

// cspec describes a set of bytes of an older grammar as a mask of RFC 3986
// classes (the one character table of this package), with a few bytes taken
// out and a few added, since each RFC's lists differ from RFC 3986's, and
// with RFC 2068's national characters when national is set.
type cspec struct {
	mask     uint16
	minus    string
	plus     string
	national bool
}

// cset is a cspec compiled into a bitmap once, when the package is
// initialized, so that a test is one load; it is never written after that.
type cset struct {
	bits [4]uint64
}

func newCset(spec cspec) cset {
	var cs cset
	for c := 0; c < 256; c++ {
		in := classes[c]&spec.mask != 0 && strings.IndexByte(spec.minus, byte(c)) < 0 ||
			strings.IndexByte(spec.plus, byte(c)) >= 0 || spec.national && isNational(byte(c))
		if in {
			cs.bits[c>>6] |= 1 << (c & 63)
		}
	}
	return cs
}

func (cs *cset) has(c byte) bool { return cs.bits[c>>6]&(1<<(c&63)) != 0 }

// isNational reports whether c is an RFC 2068 national character:
//
//	national = <any OCTET excluding ALPHA, DIGIT, reserved, extra, safe, and unsafe>
//
// which leaves "{", "}", "|", "\", "^", "~", "[", "]", "`" and 0x80 to 0xFF.
func isNational(c byte) bool {
	return c >= 0x80 || strings.IndexByte("{}|\\^~[]`", c) >= 0
}

// host scanning: RFC 1738, Section 5 and RFC 2396, Section 3.2.2.
//
//	hostname    = *( domainlabel "." ) toplabel [ "." ]   ; no "." at the end in RFC 1738
//	domainlabel = alphanum | alphanum *( alphanum | "-" ) alphanum
//	toplabel    = alpha | alpha *( alphanum | "-" ) alphanum
//	IPv4address = 1*digit "." 1*digit "." 1*digit "." 1*digit  ; RFC 1738's hostnumber
//
// hostScan returns the first byte from i that cannot continue a host name
// (so also no IPv4address, whose prefixes are host name prefixes), and which
// rule s[i:k] matches completely: "hostname", "IPv4address" or "". maxDigits
// bounds the digits of an IPv4address group (RFC 2732: 1*3DIGIT), 0 for none.
func hostScan(s string, i int, trailingDot bool, maxDigits int) (k int, form string) {
	k = i
	label := 0          // length of the current label
	hyphen := false     // the current label ends with "-"
	last, prev := i, -1 // start of the current and the previous label
	for k < len(s) {
		c := s[k]
		switch {
		case classes[c]&(cAlpha|cDigit) != 0:
			hyphen = false
		case c == '-' && label > 0:
			hyphen = true
		case c == '.' && label > 0 && !hyphen:
			prev, last, label = last, k+1, 0
			k++
			continue
		default:
			return k, hostForm(s, i, k, trailingDot, maxDigits, last, prev, label, hyphen)
		}
		label++
		k++
	}
	return k, hostForm(s, i, k, trailingDot, maxDigits, last, prev, label, hyphen)
}

func hostForm(s string, i, k int, trailingDot bool, maxDigits, last, prev, label int, hyphen bool) string {
	if k == i {
		return ""
	}
	top := last
	if label == 0 { // ends with "."
		if !trailingDot {
			return ""
		}
		top = prev
	} else if hyphen {
		return ""
	}
	if classes[s[top]]&cAlpha != 0 {
		return "hostname"
	}
	if isIPv4Legacy(s[i:k], maxDigits) {
		return "IPv4address"
	}
	return ""
}

// isIPv4Legacy reports whether h is four groups of digits joined by ".",
// each of at most maxDigits digits (any number when maxDigits is 0) and, when
// maxDigits is 3, at most 255.
func isIPv4Legacy(h string, maxDigits int) bool {
	groups, n, v := 0, 0, 0
	for i := 0; i <= len(h); i++ {
		if i == len(h) || h[i] == '.' {
			if n == 0 {
				return false
			}
			groups++
			n, v = 0, 0
			continue
		}
		if !isDigit(h[i]) {
			return false
		}
		n++
		v = v*10 + int(h[i]-'0')
		if maxDigits > 0 && (n > maxDigits || v > 255) {
			return false
		}
	}
	return groups == 4
}

// lsplit is how a legacy parser divides its input: offsets in the URI's
// sense. The authority, when there is one, runs from after "//" to pathStart
// and is divided into userinfo, host and port when the URI is built.
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

// authStart returns where the authority begins, after the "//".
func (sp *lsplit) authStart() int {
	if sp.hasScheme {
		return sp.schemeEnd + 3
	}
	return 2
}

// uri builds the URI value for the split, with the offsets and flags that
// Parse would give the same text were it valid RFC 3986 with this division.
func (sp *lsplit) uri(s string) URI {
	u := URI{s: s, pathStart: int32(sp.pathStart), pathEnd: int32(sp.pathEnd), queryEnd: int32(sp.pathEnd)}
	if sp.hasScheme {
		u.schemeEnd = int32(sp.schemeEnd)
		u.flags |= fScheme
	}
	u.hostStart, u.hostEnd = u.pathStart, u.pathStart
	if sp.hasAuth {
		u.flags |= fAuthority
		u.divideAuthority(sp.authStart(), sp.pathStart, sp.ipv6)
	}
	if sp.hasQuery {
		u.flags |= fQuery
		u.queryEnd = int32(sp.queryEnd)
	}
	if sp.hasFrag {
		u.flags |= fFragment
	}
	return u
}

// divideAuthority divides the authority s[a:e] as RFC 3986, Section 3.2
// would: userinfo before the only "@", then the host, then a port after the
// host's first ":" if only digits follow it. An authority with two "@", or
// with something other than digits after the ":", is all host.
func (u *URI) divideAuthority(a, e int, ipv6 bool) {
	s := u.s
	h := a
	if at := strings.IndexByte(s[a:e], '@'); at >= 0 && strings.IndexByte(s[a+at+1:e], '@') < 0 {
		u.flags |= fUserinfo
		h = a + at + 1
	}
	he := e
	if h < e && s[h] == '[' {
		if rb := strings.IndexByte(s[h:e], ']'); rb >= 0 {
			he = h + rb + 1
		}
	} else if c := strings.IndexByte(s[h:e], ':'); c >= 0 {
		he = h + c
	}
	if he < e {
		if s[he] != ':' || !allDigits(s[he+1:e]) {
			he = e
		} else {
			u.flags |= fPort
		}
	}
	u.hostStart, u.hostEnd = int32(h), int32(he)
	kind := HostRegName
	switch {
	case h < he && s[h] == '[':
		if ipv6 {
			kind = HostIPv6
		} else if end, k, err := parseIPLiteral(s[:he], h, false); err == nil && end == he {
			kind = k
		}
	case isIPv4(s[h:he]):
		kind = HostIPv4
	}
	u.flags |= flags(kind) << kindShift
}

func allDigits(t string) bool {
	for i := 0; i < len(t); i++ {
		if !isDigit(t[i]) {
			return false
		}
	}
	return true
}

// segments2396 splits an RFC 2396 path (without its leading "/") into
// segments and their ";" parameters.
func segments2396(path string) []Segment {
	segs := make([]Segment, 0, strings.Count(path, "/")+1)
	for {
		end := strings.IndexByte(path, '/')
		seg := path
		if end >= 0 {
			seg = path[:end]
		}
		sg := Segment{Name: seg}
		if c := strings.IndexByte(seg, ';'); c >= 0 {
			sg.Name, sg.Params = seg[:c], strings.Split(seg[c+1:], ";")
		}
		segs = append(segs, sg)
		if end < 0 {
			return segs
		}
		path = path[end+1:]
	}
}
