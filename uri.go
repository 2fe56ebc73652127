package uri

import (
	"strings"

	"github.com/gouri/uri/internal/abnf"
)

// URI is a URI reference (RFC 3986, Section 4.1) split into its components
// (Section 3): a URI, which has a scheme, or a relative reference.
//
//	URI-reference = URI / relative-ref
//
// A URI holds its text exactly as written and the offsets of the seven
// components. Absent and empty differ, so each optional component has a HasX
// method beside X; the path is always present. The invariant: every URI that
// this package returns is a valid URI-reference that [Parse] splits into
// exactly its components ([ParseRFC6874] for one with a zone), so
// u == MustParse(u.String()) for u without a zone. The zero URI is the empty
// reference "". URIs are comparable with ==, and safe to copy and to share
// between goroutines.
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

// Userinfo returns the userinfo as written, without the "@" (RFC 3986, Section
// 3.2.1), or "" if there is none. In "http://example.com@evil.example/" it is
// "example.com", and the host is evil.example (Section 7.6).
//
//	userinfo = *( unreserved / pct-encoded / sub-delims / ":" )
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

// Host returns the host as written (RFC 3986, Section 3.2.2): a reg-name, an
// IPv4address, or an IP-literal with its brackets ("[::1]"). It returns "" if
// there is no authority or an empty host; [URI.HasAuthority] tells them apart.
// The host follows the "@": "http://good.example@evil.example/" has the host
// evil.example (Section 7.6). A reg-name such as "0x7f.1" may still reach an
// address: see [AmbiguousIPv4].
//
//	host = IP-literal / IPv4address / reg-name
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

// PortNumber returns the port as a number up to 65535, leading zeros allowed
// ("0080" is 80); RFC 3986, Section 3.2.3 allows any digits. It returns
// [ErrNoPort] itself, without allocating, when the port is absent or empty, so
// that callers can fall back to a default; a larger value is an *[Error] with
// Op [OpPortNumber] wrapping [ErrPortRange].
func (u ref) PortNumber() (int, error) {
	p := u.Port()
	if p == "" {
		return 0, ErrNoPort
	}
	v := 0
	for i := 0; i < len(p); i++ {
		v = v*10 + int(p[i]-'0')
		if v > 65535 {
			return 0, &Error{Op: OpPortNumber, Input: u.s, Offset: int(u.hostEnd) + 1 + i, Component: Port, Err: ErrPortRange}
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
// "xxxxx", for logs (RFC 3986, Section 7.5). Only the password is hidden, not a
// token in the query or fragment; and an [*Error] quotes its input, so log
// its [Error.Reason], which leaves the input out, for input that may hold
// credentials. It allocates only
// when there is a password.
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

// AppendText appends u's text to b and returns the extended slice, never an
// error. It implements [encoding.TextAppender].
func (u URI) AppendText(b []byte) ([]byte, error) { return append(b, u.s...), nil }

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
// for [encoding.BinaryMarshaler] and not for TextMarshaler.
func (u URI) MarshalBinary() ([]byte, error) { return u.MarshalText() }

// UnmarshalBinary parses data with [Parse] and stores the result in u, as
// [URI.UnmarshalText] does; it exists for encoding/gob, as MarshalBinary
// does. On error u is left unchanged.
func (u *URI) UnmarshalBinary(data []byte) error { return u.UnmarshalText(data) }

// Components holds the seven components of a URI reference (RFC 3986, Section
// 3) as separate strings, as they appear in the text: percent-encoded, without
// delimiters, an IP-literal Host in brackets. An optional component is present
// when its string is not empty or its Has field is set, which is how a present
// but empty one is given ("http://h/p?"); the authority is present when
// HasAuthority is set or a userinfo, host or port is present. [URI.Components]
// returns them; [Components.URI] and [Components.Encode] build a URI of them.
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

// URI recomposes the components as RFC 3986, Section 5.3 says and returns the
// result, whose components are c's; it allocates the text once. A path that
// would read differently gets a prefix that keeps its meaning: "./" before a
// first segment with ":" and no scheme or authority ("./a:b", Section 4.2),
// "/." before "//" without an authority ("/.//x"). Anything else the ABNF
// forbids is an *[Error] with Op [OpBuild] whose Input is the recomposed text.
func (c Components) URI() (URI, error) {
	var u URI
	u.build(&c)
	if len(u.s) > maxLen {
		return URI{}, &Error{Op: OpBuild, Input: u.s, Offset: maxLen, Err: ErrTooLong}
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
// path, and sets the offsets of its components (see layout); it checks
// nothing and leaves the host kind unset.
func (u *ref) build(c *Components) {
	hasUserinfo, hasPort, hasAuthority, hasQuery, hasFragment := c.present()
	prefix := pathPrefix(c.Path, c.Scheme != "", hasAuthority)
	*u = c.layout(len(prefix))
	var b strings.Builder
	b.Grow(len(c.Scheme) + len(c.Userinfo) + len(c.Host) + len(c.Port) + len(prefix) +
		len(c.Path) + len(c.Query) + len(c.Fragment) + 6)
	if c.Scheme != "" {
		b.WriteString(c.Scheme)
		b.WriteByte(':')
	}
	if hasAuthority {
		b.WriteString("//")
		if hasUserinfo {
			b.WriteString(c.Userinfo)
			b.WriteByte('@')
		}
		b.WriteString(c.Host)
		if hasPort {
			b.WriteByte(':')
			b.WriteString(c.Port)
		}
	}
	b.WriteString(prefix)
	b.WriteString(c.Path)
	if hasQuery {
		b.WriteByte('?')
		b.WriteString(c.Query)
	}
	if hasFragment {
		b.WriteByte('#')
		b.WriteString(c.Fragment)
	}
	u.s = b.String()
}

// layout returns where each component of c begins in the text that c's
// components spell, with prefix bytes before the path (see pathPrefix),
// without writing that text: the offsets of the ref that build makes. An
// offset past the limit of a URI is cut to the limit.
func (c *Components) layout(prefix int) ref {
	var r ref
	hasUserinfo, hasPort, hasAuthority, hasQuery, hasFragment := c.present()
	n := 0
	if c.Scheme != "" {
		r.flags |= fScheme
		r.schemeEnd = int32(len(c.Scheme))
		n = len(c.Scheme) + 1
	}
	if hasAuthority {
		r.flags |= fAuthority
		n += 2
		if hasUserinfo {
			r.flags |= fUserinfo
			n += len(c.Userinfo) + 1
		}
	}
	r.hostStart = int32(min(n, maxLen))
	if hasAuthority {
		n += len(c.Host)
	}
	r.hostEnd = int32(min(n, maxLen))
	if hasPort && hasAuthority {
		r.flags |= fPort
		n += 1 + len(c.Port)
	}
	r.pathStart = int32(min(n, maxLen))
	n += prefix + len(c.Path)
	r.pathEnd, r.queryEnd = int32(min(n, maxLen)), int32(min(n, maxLen))
	if hasQuery {
		r.flags |= fQuery
		n += 1 + len(c.Query)
		r.queryEnd = int32(min(n, maxLen))
	}
	if hasFragment {
		r.flags |= fFragment
	}
	return r
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
		return &Error{Op: OpBuild, Input: s, Offset: off, Component: c, Err: err}
	}
	if u.flags&fScheme != 0 {
		if j := abnf.SchemeLen(s); j < int(u.schemeEnd) {
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
		return &Error{Op: OpBuild, Input: s, Offset: off, Component: c, Err: err}
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
