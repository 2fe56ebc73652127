// Package uri parses, recomposes and inspects URI references exactly as
// RFC 3986 (STD 66) defines them.
//
// # What is implemented
//
//   - RFC 3986, Section 3 and Appendix A: the syntax components (scheme,
//     authority with userinfo, host and port, path, query, fragment), checked
//     against every ABNF rule, including all nine IPv6address forms, IPvFuture,
//     IPv4address with strict dec-octets, the five path forms and
//     pct-encoded. See [Parse].
//   - RFC 3986, Sections 4.1 to 4.3: the start rules URI-reference ([Parse]),
//     URI ([ParseURI]), relative-ref ([ParseRelativeRef]) and absolute-URI
//     ([ParseAbsoluteURI]).
//   - RFC 3986, Section 5.2: resolving a reference against a base URI, with
//     remove_dot_segments ([URI.Resolve], [Resolve], and [AppendResolve],
//     which appends to a buffer without allocating), the non-strict mode it
//     allows for backward compatibility ([URI.ResolveNonStrict]), and the
//     inverse, the shortest reference from a base to a URI
//     ([URI.Relativize]).
//   - RFC 3986, Section 5.3: recomposition. [URI.String] returns the parsed
//     input byte for byte, and [Components.URI] builds a reference from
//     separate components so that it parses back to the same components.
//     The setters ([URI.WithScheme], [URI.WithHost], [URI.WithPath], ... and
//     [URI.WithoutQuery], ...) change one component, checked against its
//     rule of Section 3, and keep the rest as written.
//   - RFC 3986, Section 2: percent-encoding and decoding that knows the
//     component ([Escape], [Unescape], [UnescapeUTF8]), including the
//     application/x-www-form-urlencoded variant ([EscapeForm]); query and path
//     helpers that decode as they iterate ([URI.QueryPairs],
//     [URI.PathSegments], [URI.JoinPath]); and conversion to and from
//     net/url ([FromURL], [URI.URL]).
//   - RFC 3987: IRIs, in their own type [IRI] ([ParseIRI]), mapped to URIs
//     and back for display ([IRI.ToURI], [URI.ToIRI]).
//   - RFC 6874 (IPv6 zone identifiers in IP literals), on request only:
//     [ParseRFC6874].
//   - RFC 6454, Section 4: the origin of a URI, the scheme, host and port
//     that a user agent treats as one security principal ([URI.Origin]).
//   - RFC 3986, Section 6: normalization and comparison, syntax-based and
//     scheme-based, with IPv6 addresses in RFC 5952 text ([URI.Normalize],
//     [URI.NormalizeWith], [AppendNormalize], [NormalizePath] for a path
//     alone, [Equivalent]), schemes
//     compared as Section 3.1 says ([URI.SchemeIs]) and their default ports
//     ([URI.DefaultPort]); the numeric host forms of Section
//     7.4 ([AmbiguousIPv4]); and internationalized host names through the
//     UTS #46 lookup profile ([HostToASCII], [HostToUnicode],
//     [CheckHomograph]).
//   - Text written under other grammars, mapped onto a URI with a report of
//     every edit ([Components.Encode]): package
//     github.com/gouri/uri/legacy reads the older grammars (RFC 1738, 1808,
//     1945 and 2068, 2396 and 2732, 2616) into values of its own and
//     upgrades them with it.
//
// # Strictness
//
// The default API is strict: input that the ABNF rejects is an error, with
// the byte offset, the component and a reason (see [Error]). Nothing is
// silently repaired: no trimming of spaces, no guessing at backslashes, no
// decoding. Absent and empty components are different things: in
// "http://@h:/p?#" the userinfo, port, query and fragment are present and
// empty, while "http://h/p" has none of them.
//
// # Values
//
// A [URI] is a small immutable value: the text it was parsed from plus the
// offsets of its components. Accessors return substrings of that text; they
// never allocate, decode or change case. Every URI value is an RFC 3986
// URI-reference: see the invariant in its documentation. Text that is not,
// an IRI or a URL of an older grammar, has a type of its own.
//
// # What this package does not do
//
// It does not resolve host names, fetch resources, or apply the WHATWG URL
// Standard's browser-compatible repairs. It does not decode components in its
// accessors: percent-encoding is left as written.
//
// Other readings of a URL live in packages of their own: package
// github.com/gouri/uri/whatwg reads URLs as browsers do (the URL Standard),
// package github.com/gouri/uri/legacy reads the grammars before RFC 3986,
// and each converts its values to URIs, reporting what it had to change;
// package github.com/gouri/uri/readings compares the readings of RFC
// 3986, the URL Standard and net/url for one input. Package
// github.com/gouri/uri/site gives registrable domains and "same site".
package uri

import (
	"strings"

	"github.com/gouri/uri/internal/abnf"
)

// URI is a URI reference (RFC 3986, Section 4.1) split into its components
// (Section 3): either a URI, which has a scheme, or a relative reference,
// which does not.
//
//	URI-reference = URI / relative-ref
//	URI           = scheme ":" hier-part [ "?" query ] [ "#" fragment ]
//	relative-ref  = relative-part [ "?" query ] [ "#" fragment ]
//
// A URI holds its text exactly as written and the positions of the seven
// components in it. Every optional component has a HasX method beside its X
// method, because absent and empty differ. The path is always present,
// possibly empty. A host is present exactly when the reference has an
// authority, that is when "//" introduced one: "file:///x" has an empty host,
// "mailto:x" has no host.
//
// The invariant: every URI value that this package returns, from any
// function or method, is a valid URI-reference whose text [Parse] splits
// into exactly the components the value holds; [ParseRFC6874] does the same
// for a value with an RFC 6874 zone, which only ParseRFC6874 and the methods
// of a value from it produce. So u == MustParse(u.String()) for every u
// without a zone. IRIs ([IRI]) and the URLs of older grammars (package
// github.com/gouri/uri/legacy) have types of their own, and become URIs
// only through a conversion that says what it encodes.
//
// The zero URI is the empty relative reference "". URI values are comparable
// with ==, and safe to copy and to use from several goroutines.
type URI struct{ ref }

// ref is the text of a reference and the offsets of its components, shared
// by [URI] and [IRI]: the accessors are its methods.
type ref struct {
	s string
	// Offsets into s. Without an authority, hostStart == hostEnd == pathStart.
	// Without a query, queryEnd == pathEnd; a fragment starts at queryEnd+1.
	schemeEnd int32 // index of the ":" after the scheme, 0 without one
	hostStart int32
	hostEnd   int32
	pathStart int32
	pathEnd   int32
	queryEnd  int32
	flags     flags
}

type flags uint16

const (
	fScheme flags = 1 << iota
	fAuthority
	fUserinfo
	fPort
	fQuery
	fFragment

	kindShift = iota // the HostKind is stored in the bits from here on
)

// kindMask selects the HostKind bits of flags; authFlags all the bits that
// describe an authority, which a resolved URI copies from its source.
const (
	kindMask  = ^flags(0) &^ (1<<kindShift - 1)
	authFlags = fAuthority | fUserinfo | fPort | kindMask
)

// String returns the reference as text (RFC 3986, Section 5.3). For a URI
// returned by Parse, it is the parsed input byte for byte. It does not
// allocate.
func (u URI) String() string { return u.s }

// HasScheme reports whether the reference has a scheme, that is, whether it
// is a URI (RFC 3986, Section 3) rather than a relative reference (Section
// 4.2).
func (u ref) HasScheme() bool { return u.flags&fScheme != 0 }

// Scheme returns the scheme as written, without the ":" and without changing
// its case (RFC 3986, Section 3.1), or "" if there is none. Compare it with
// [URI.SchemeIs], which ignores case as Section 3.1 says.
func (u ref) Scheme() string {
	if u.flags&fScheme == 0 {
		return ""
	}
	return u.s[:u.schemeEnd]
}

// IsAbs reports whether u has a scheme; it is [URI.HasScheme] under the name
// net/url gives it, for code moving from net/url. The absolute-URI rule of
// RFC 3986, Section 4.3 additionally forbids a fragment, which
// [ParseAbsoluteURI] checks.
func (u URI) IsAbs() bool { return u.flags&fScheme != 0 }

// afterScheme returns the index where the hier-part or relative-part begins.
func (u *ref) afterScheme() int {
	if u.flags&fScheme == 0 {
		return 0
	}
	return int(u.schemeEnd) + 1
}

// HasAuthority reports whether the reference has an authority component,
// introduced by "//" (RFC 3986, Section 3.2). A reference has a host exactly
// when it has an authority.
func (u ref) HasAuthority() bool { return u.flags&fAuthority != 0 }

// Authority returns the authority as written, without the leading "//"
// (RFC 3986, Section 3.2):
//
//	authority = [ userinfo "@" ] host [ ":" port ]
//
// It returns "" if there is no authority or an empty one;
// [URI.HasAuthority] tells them apart.
func (u ref) Authority() string {
	if u.flags&fAuthority == 0 {
		return ""
	}
	return u.s[u.afterScheme()+2 : u.pathStart]
}

// authorityText returns "//" and the authority as written, or "" when there
// is no authority.
func (u *ref) authorityText() string {
	if u.flags&fAuthority == 0 {
		return ""
	}
	return u.s[u.afterScheme():u.pathStart]
}

// HasUserinfo reports whether the authority has a userinfo subcomponent, that
// is, an "@" (RFC 3986, Section 3.2.1). In "http://@h/" it is present and
// empty.
func (u ref) HasUserinfo() bool { return u.flags&fUserinfo != 0 }

// Userinfo returns the userinfo as written, without the "@" (RFC 3986,
// Section 3.2.1), or "" if there is none.
//
//	userinfo = *( unreserved / pct-encoded / sub-delims / ":" )
//
// Beware of references such as "http://example.com@evil.example/": the
// host is evil.example, and example.com is only userinfo. RFC 3986, Section
// 7.6 describes this semantic attack; an authority is read the same way by
// every part of this package, and text that other parsers read otherwise
// (a second "@", a backslash) is an error.
func (u ref) Userinfo() string {
	if u.flags&fUserinfo == 0 {
		return ""
	}
	return u.s[u.afterScheme()+2 : u.hostStart-1]
}

// Username returns the userinfo up to its first ":", as written. RFC 3986,
// Section 3.2.1 deprecates the "user:password" form but it remains common.
func (u ref) Username() string {
	ui := u.Userinfo()
	if i := strings.IndexByte(ui, ':'); i >= 0 {
		return ui[:i]
	}
	return ui
}

// Password returns the userinfo after its first ":", as written, and whether
// there is such a ":". RFC 3986, Section 3.2.1 deprecates passing passwords in
// URIs; see [URI.Redacted] for logging.
func (u ref) Password() (string, bool) {
	ui := u.Userinfo()
	if i := strings.IndexByte(ui, ':'); i >= 0 {
		return ui[i+1:], true
	}
	return "", false
}

// Host returns the host as written (RFC 3986, Section 3.2.2): a reg-name or
// an IPv4address, or an IP-literal with its brackets, such as "[::1]". It
// returns "" if there is no authority or an empty host;
// [URI.HasAuthority] tells them apart. The case is not changed.
//
//	authority = [ userinfo "@" ] host [ ":" port ]
//	host      = IP-literal / IPv4address / reg-name
//
// The host is what follows the "@" of a userinfo: in
// "http://good.example@evil.example/" it is evil.example, and good.example,
// which looks like a host to a reader, is the userinfo (Section 7.6). Check
// and display Host, never the text after "//". A reg-name that looks numeric,
// such as "0x7f.1", may still reach an address: see [AmbiguousIPv4].
func (u ref) Host() string { return u.s[u.hostStart:u.hostEnd] }

// Hostname returns the host without the brackets of an IP-literal: "::1" for
// "[::1]", "v7.x" for "[v7.x]"; other hosts as [URI.Host] returns them. An
// RFC 6874 zone is kept as written: "fe80::1%25eth0".
func (u ref) Hostname() string {
	h := u.Host()
	if len(h) >= 2 && h[0] == '[' {
		return h[1 : len(h)-1]
	}
	return h
}

// HostKind returns which form the host takes (RFC 3986, Section 3.2.2), or
// HostNone if there is no authority. Text that does not match IPv4address
// exactly, such as "127.1" or "1.2.3.256", is a reg-name.
func (u ref) HostKind() HostKind {
	if u.flags&fAuthority == 0 {
		return HostNone
	}
	return HostKind(u.flags >> kindShift)
}

// HasPort reports whether the authority has a port subcomponent, that is, a
// ":" after the host (RFC 3986, Section 3.2.3). In "http://h:/" it is present
// and empty.
func (u ref) HasPort() bool { return u.flags&fPort != 0 }

// Port returns the port as written, without the ":" (RFC 3986, Section
// 3.2.3), or "" if there is none. It may have leading zeros and may exceed
// 65535; [URI.PortNumber] checks the range.
//
//	port = *DIGIT
func (u ref) Port() string {
	if u.flags&fPort == 0 {
		return ""
	}
	return u.s[u.hostEnd+1 : u.pathStart]
}

// PortNumber returns the port as a number. RFC 3986, Section 3.2.3 allows
// any string of digits; PortNumber accepts those with a value up to 65535,
// leading zeros included ("0080" is 80). If the port is absent or empty it
// returns ErrNoPort itself, without allocating, so that callers can fall back
// to a default port; if the value is larger than 65535 it returns an *[Error]
// wrapping ErrPortRange whose Offset is the digit that makes it too large.
func (u ref) PortNumber() (int, error) {
	p := u.Port()
	if p == "" {
		return 0, ErrNoPort
	}
	v := 0
	for i := 0; i < len(p); i++ {
		v = v*10 + int(p[i]-'0')
		if v > 65535 {
			return 0, &Error{Op: "port", Input: u.s, Offset: int(u.hostEnd) + 1 + i, Component: Port, Err: ErrPortRange}
		}
	}
	return v, nil
}

// Path returns the path as written (RFC 3986, Section 3.3). The path is
// always present and may be empty.
func (u ref) Path() string { return u.s[u.pathStart:u.pathEnd] }

// HasQuery reports whether there is a query, that is, a "?" (RFC 3986,
// Section 3.4). In "http://h/p?" it is present and empty.
func (u ref) HasQuery() bool { return u.flags&fQuery != 0 }

// Query returns the query as written, without the "?" (RFC 3986, Section
// 3.4), or "" if there is none.
//
//	query = *( pchar / "/" / "?" )
func (u ref) Query() string {
	if u.flags&fQuery == 0 {
		return ""
	}
	return u.s[u.pathEnd+1 : u.queryEnd]
}

// HasFragment reports whether there is a fragment, that is, a "#" (RFC 3986,
// Section 3.5). In "http://h/p#" it is present and empty.
func (u ref) HasFragment() bool { return u.flags&fFragment != 0 }

// Fragment returns the fragment as written, without the "#" (RFC 3986,
// Section 3.5), or "" if there is none.
//
//	fragment = *( pchar / "/" / "?" )
func (u ref) Fragment() string {
	if u.flags&fFragment == 0 {
		return ""
	}
	return u.s[u.queryEnd+1:]
}

// Redacted returns the text with the password, if there is one, replaced by
// "xxxxx", for logs (RFC 3986, Section 7.5). A userinfo without ":" is kept.
// It allocates only when there is a password to hide.
//
// Only the password is hidden: a secret in the query or the fragment, such
// as "?token=..." or "#access_token=...", is not, since the URI syntax gives
// those no meaning. The message of an [*Error] quotes its input, password
// included: log e.Offset and e.Err rather than the error's text for input
// that may hold credentials.
func (u ref) Redacted() string {
	if _, ok := u.Password(); !ok {
		return u.s
	}
	colon := u.afterScheme() + 2 + strings.IndexByte(u.Userinfo(), ':')
	return u.s[:colon+1] + "xxxxx" + u.s[u.hostStart-1:]
}

// Components returns the components. The strings are substrings of the
// text: nothing is allocated or decoded.
func (u ref) Components() Components {
	return Components{
		Scheme:       u.Scheme(),
		Userinfo:     u.Userinfo(),
		HasUserinfo:  u.HasUserinfo(),
		Host:         u.Host(),
		HasAuthority: u.HasAuthority(),
		Port:         u.Port(),
		HasPort:      u.HasPort(),
		Path:         u.Path(),
		Query:        u.Query(),
		HasQuery:     u.HasQuery(),
		Fragment:     u.Fragment(),
		HasFragment:  u.HasFragment(),
	}
}

// Zone returns the IPv6 zone identifier of an IP-literal parsed by
// [ParseRFC6874], as written, without the "%25" before it: "eth0" for
// "[fe80::1%25eth0]". It returns "" for every other host; RFC 3986 itself has
// no zones.
func (u URI) Zone() string {
	if u.HostKind() != HostIPv6 {
		return ""
	}
	h := u.Host()
	if i := strings.IndexByte(h, '%'); i >= 0 {
		return h[i+3 : len(h)-1]
	}
	return ""
}

// RequestURI returns the path and query as an HTTP request target in
// origin-form (RFC 9112, Section 3.2.1): the path, or "/" if it is empty,
// then "?" and the query if u has one. The fragment is never included.
// It allocates only when the path is empty and a query is present.
func (u URI) RequestURI() string {
	if u.pathEnd > u.pathStart {
		return u.s[u.pathStart:u.queryEnd]
	}
	if u.flags&fQuery == 0 {
		return "/"
	}
	return "/" + u.s[u.pathEnd:u.queryEnd]
}

// MarshalText returns u's text. It implements [encoding.TextMarshaler].
func (u URI) MarshalText() ([]byte, error) { return []byte(u.s), nil }

// UnmarshalText parses text with [Parse] and stores the result in u. It
// implements [encoding.TextUnmarshaler]. On error u is left unchanged.
func (u *URI) UnmarshalText(text []byte) error {
	v, err := Parse(string(text))
	if err != nil {
		return err
	}
	*u = v
	return nil
}

// MarshalBinary returns u's text, as [URI.MarshalText] does. It exists
// beside MarshalText because encoding/gob and other binary encodings look
// for [encoding.BinaryMarshaler].
func (u URI) MarshalBinary() ([]byte, error) { return u.MarshalText() }

// UnmarshalBinary parses data with [Parse] and stores the result in u, as
// [URI.UnmarshalText] does. It implements [encoding.BinaryUnmarshaler]. On
// error u is left unchanged.
func (u *URI) UnmarshalBinary(data []byte) error { return u.UnmarshalText(data) }

// Components holds the seven components of a URI reference (RFC 3986,
// Section 3) as separate strings, for building or editing a reference by hand.
// The strings are as they appear in the reference: percent-encoded where
// needed, without delimiters (no ":" after the scheme, no "?" before the
// query), and the Host of an IP-literal keeps its brackets.
//
// An optional component is present when its string is not empty or its Has
// field is true; the Has fields exist for present but empty components, as in
// "http://h/p?". A scheme is present when it is not empty. The authority is
// present when HasAuthority is true or any of Userinfo, Host or Port is
// present.
//
// [URI.Components] returns the components of a parsed URI, [Components.URI]
// builds a URI from components that are valid RFC 3986, and
// [Components.Encode] from components written under another grammar.
type Components struct {
	Scheme       string
	Userinfo     string
	HasUserinfo  bool
	Host         string
	HasAuthority bool
	Port         string
	HasPort      bool
	Path         string
	Query        string
	HasQuery     bool
	Fragment     string
	HasFragment  bool
}

// URI recomposes the components as RFC 3986, Section 5.3 describes and
// returns the parsed result, whose components are c's. It allocates the text
// once.
//
// Two paths cannot be written as they are, and get a prefix that keeps their
// meaning, so that the text never parses back to other components:
//
//   - without a scheme and an authority, a path whose first segment contains
//     ":" gets "./" in front (RFC 3986, Section 4.2): "a:b" becomes "./a:b";
//   - without an authority, a path that begins with "//" gets "/." in front,
//     so that it is not read as an authority: "//x" becomes "/.//x".
//
// Anything else that the ABNF forbids is an *[Error]: a byte not allowed in
// its component, a bad pct-encoding, a host that is neither a reg-name, an
// IPv4address nor a valid IP-literal, a port that is not digits, or an
// authority with a path that neither is empty nor begins with "/". The
// error's Input is the recomposed text and its Offset points into it.
func (c Components) URI() (URI, error) {
	var u URI
	u.build(&c)
	if len(u.s) > maxLen {
		return URI{}, &Error{Op: "build", Input: u.s, Offset: maxLen, Err: ErrTooLong}
	}
	if err := u.check(); err != nil {
		return URI{}, err
	}
	return u, nil
}

// present reports, for each optional component of c, whether it is there.
func (c *Components) present() (userinfo, port, authority, query, fragment bool) {
	userinfo = c.HasUserinfo || c.Userinfo != ""
	port = c.HasPort || c.Port != ""
	authority = c.HasAuthority || userinfo || c.Host != "" || port
	return userinfo, port, authority, c.HasQuery || c.Query != "", c.HasFragment || c.Fragment != ""
}

// build writes the text of c, with the prefix that pathPrefix gives its
// path, and sets the offsets of its components; it checks nothing and
// leaves the host kind unset.
func (u *ref) build(c *Components) {
	hasUserinfo, hasPort, hasAuthority, hasQuery, hasFragment := c.present()
	prefix := pathPrefix(c.Path, c.Scheme != "", hasAuthority)
	var b strings.Builder
	b.Grow(len(c.Scheme) + len(c.Userinfo) + len(c.Host) + len(c.Port) + len(prefix) +
		len(c.Path) + len(c.Query) + len(c.Fragment) + 6)
	mark := func() int32 { return int32(min(b.Len(), maxLen)) }
	if c.Scheme != "" {
		b.WriteString(c.Scheme)
		u.schemeEnd = mark()
		u.flags |= fScheme
		b.WriteByte(':')
	}
	if hasAuthority {
		u.flags |= fAuthority
		b.WriteString("//")
		if hasUserinfo {
			u.flags |= fUserinfo
			b.WriteString(c.Userinfo)
			b.WriteByte('@')
		}
		u.hostStart = mark()
		b.WriteString(c.Host)
		u.hostEnd = mark()
		if hasPort {
			u.flags |= fPort
			b.WriteByte(':')
			b.WriteString(c.Port)
		}
	} else {
		u.hostStart, u.hostEnd = mark(), mark()
	}
	u.pathStart = mark()
	b.WriteString(prefix)
	b.WriteString(c.Path)
	u.pathEnd = mark()
	u.queryEnd = u.pathEnd
	if hasQuery {
		u.flags |= fQuery
		b.WriteByte('?')
		b.WriteString(c.Query)
		u.queryEnd = mark()
	}
	if hasFragment {
		u.flags |= fFragment
		b.WriteByte('#')
		b.WriteString(c.Fragment)
	}
	u.s = b.String()
}

// pathPrefix returns what must precede the path p so that the text parses
// back to the same components. It is the one place of the rule, which every
// function that writes a path follows:
//
//   - "/." when there is no authority and p starts with "//", which would
//     otherwise be read as one (RFC 3986, Section 3.3: such a path cannot be
//     written without an authority; "/." keeps its meaning, Section 5.2.4);
//   - "./" when there is neither scheme nor authority and p's first segment
//     contains ":", which would otherwise be read as a scheme (Section 4.2).
func pathPrefix[P string | []byte](p P, hasScheme, hasAuth bool) string {
	if hasAuth {
		return ""
	}
	if len(p) >= 2 && p[0] == '/' && p[1] == '/' {
		return "/."
	}
	if !hasScheme && firstSegmentHasColon(p) {
		return "./"
	}
	return ""
}

// firstSegmentHasColon reports whether a ":" comes before any "/" in p.
func firstSegmentHasColon[P string | []byte](p P) bool {
	for i := 0; i < len(p) && p[i] != '/'; i++ {
		if p[i] == ':' {
			return true
		}
	}
	return false
}

// check validates each component of a URI built from Components against its
// ABNF rule, and sets the host kind. It reports the first problem in text
// order.
func (u *ref) check() error {
	s := u.s
	fail := func(off int, c Component, err error) error {
		return &Error{Op: "build", Input: s, Offset: off, Component: c, Err: err}
	}
	if u.flags&fScheme != 0 {
		if j := scanScheme(s); j < int(u.schemeEnd) {
			return fail(j, Scheme, ErrInvalidByte)
		}
	}
	if u.flags&fAuthority != 0 {
		if err := u.checkAuthority(); err != nil {
			return err
		}
		if u.pathEnd > u.pathStart && s[u.pathStart] != '/' {
			return fail(int(u.pathStart), Path, ErrPathWithAuthority)
		}
	}
	parts := [...]struct {
		from, to int
		present  bool
		mask     uint16
		c        Component
	}{
		{int(u.pathStart), int(u.pathEnd), true, abnf.Path, Path},
		{int(u.pathEnd) + 1, int(u.queryEnd), u.flags&fQuery != 0, abnf.Query, Query},
		{int(u.queryEnd) + 1, len(s), u.flags&fFragment != 0, abnf.Query, Fragment},
	}
	for _, p := range parts {
		if p.present {
			if k, err := scanAll(s, p.from, p.to, p.mask); err != nil {
				return fail(k, p.c, err)
			}
		}
	}
	return nil
}

// checkAuthority is check for the userinfo, the host and the port.
func (u *ref) checkAuthority() error {
	s := u.s
	fail := func(off int, c Component, err error) error {
		return &Error{Op: "build", Input: s, Offset: off, Component: c, Err: err}
	}
	if u.flags&fUserinfo != 0 {
		if k, err := scanAll(s, u.afterScheme()+2, int(u.hostStart)-1, abnf.Userinfo); err != nil {
			return fail(k, Userinfo, err)
		}
	}
	h, e := int(u.hostStart), int(u.hostEnd)
	if h < e && s[h] == '[' {
		end, kind, err := parseIPLiteral(s[:e], h, false)
		if err == nil && end != e {
			err = ErrBadIPLiteral
		}
		if err != nil {
			return fail(end, Host, err)
		}
		u.flags |= flags(kind) << kindShift
	} else {
		if k, err := scanAll(s, h, e, abnf.RegName); err != nil {
			return fail(k, Host, err)
		}
		u.setHost(h, e)
	}
	if u.flags&fPort != 0 {
		for i := e + 1; i < int(u.pathStart); i++ {
			if s[i] < '0' || s[i] > '9' {
				return fail(i, Port, ErrBadPort)
			}
		}
	}
	return nil
}
