package uri

import (
	"strings"
	"unicode/utf8"

	"github.com/gouri/uri/internal/abnf"
)

// This file edits one component of a reference at a time. Each With method
// checks its argument against the ABNF rule of its component (RFC 3986,
// Section 3), splices it into the text and moves the offsets of the other
// components, so that the result keeps the invariant of [URI]: its text
// parses to exactly the components it holds. Nothing is parsed or checked
// again, and the new text is the one allocation.
//
// The errors of the With methods are *Error values with Op [OpBuild], the
// Component and a sentinel as Err.
// Their Input is the text at fault: the argument, with Offset at the first
// byte of it that cannot continue a valid value of the component (the offset
// rule of [Error]), when the argument breaks its rule or a rule that the rest
// of u imposes on it; or u's own text, with Offset at the part that stands in
// the way, when the argument is valid but u's other components do not allow
// the change (a userinfo for a reference without an authority, a host for a
// reference with a rootless path).

// WithScheme returns u with its scheme set to scheme, written as given, case
// included (RFC 3986, Section 3.1):
//
//	scheme = ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )
//
// On error, the zero URI and an *[Error] with Op [OpBuild]: [ErrMissingScheme]
// for "", [ErrInvalidByte] at the first byte outside the rule. It allocates the
// new text.
func (u URI) WithScheme(scheme string) (URI, error) {
	if scheme == "" {
		return URI{}, &Error{Op: OpBuild, Input: scheme, Component: Scheme, Err: ErrMissingScheme}
	}
	if j := abnf.SchemeLen(scheme); j < len(scheme) {
		return URI{}, &Error{Op: OpBuild, Input: scheme, Offset: j, Component: Scheme, Err: ErrInvalidByte}
	}
	colon, rest := ":", u.s
	if u.flags&fScheme != 0 {
		colon, rest = "", u.s[u.schemeEnd:] // rest keeps the ":"
	}
	if err := fits(scheme, Scheme, len(scheme)+len(colon)+len(rest)); err != nil {
		return URI{}, err
	}
	v := u
	v.s = scheme + colon + rest
	v.shift(int32(len(v.s) - len(u.s)))
	v.schemeEnd = int32(len(scheme))
	v.flags |= fScheme
	return v, nil
}

// WithoutScheme returns u without its scheme, as a relative reference (RFC
// 3986, Section 4.2), or u itself if it has none. A first path segment with ":"
// then gets "./" in front, so that it is not read as a scheme: "urn:a:b"
// becomes "./a:b". It allocates only for that prefix; otherwise the text is a
// substring of u's.
func (u URI) WithoutScheme() URI {
	if u.flags&fScheme == 0 {
		return u
	}
	a := int32(u.afterScheme())
	v := u
	v.schemeEnd = 0
	v.flags &^= fScheme
	if u.flags&fAuthority == 0 && firstSegmentHasColon(u.Path()) {
		v.s = "./" + u.s[a:]
		v.hostStart, v.hostEnd, v.pathStart = 0, 0, 0
		v.pathEnd, v.queryEnd = u.pathEnd-a+2, u.queryEnd-a+2
		return v
	}
	v.s = u.s[a:]
	v.shift(-a)
	return v
}

// WithUserinfo returns u with its userinfo set, added with its "@" if u had
// none (RFC 3986, Section 3.2.1); "" is present and empty ("http://@h/").
//
//	userinfo = *( unreserved / pct-encoded / sub-delims / ":" )
//
// On error, the zero URI and an *[Error] with Op [OpBuild]: [ErrInvalidByte] or
// [ErrBadPercent] at the first byte outside the rule, or [ErrNoAuthority] when
// u has no authority (add a host first). It allocates the new text.
func (u URI) WithUserinfo(userinfo string) (URI, error) {
	if err := u.needAuthority(); err != nil {
		return URI{}, err
	}
	if err := checkArg(userinfo, Userinfo, abnf.Userinfo); err != nil {
		return URI{}, err
	}
	a := u.afterScheme() + 2
	if err := fits(userinfo, Userinfo, a+len(userinfo)+1+len(u.s)-int(u.hostStart)); err != nil {
		return URI{}, err
	}
	v := u
	v.s = u.s[:a] + userinfo + "@" + u.s[u.hostStart:]
	v.shift(int32(a + len(userinfo) + 1 - int(u.hostStart)))
	v.flags |= fUserinfo
	return v, nil
}

// WithoutUserinfo returns u without its userinfo and the "@" after it
// (RFC 3986, Section 3.2.1), or u itself if it has none. It allocates the
// new text.
func (u URI) WithoutUserinfo() URI {
	if u.flags&fUserinfo == 0 {
		return u
	}
	a := u.afterScheme() + 2
	v := u
	v.s = u.s[:a] + u.s[u.hostStart:]
	v.shift(int32(a) - u.hostStart)
	v.flags &^= fUserinfo
	return v
}

// WithHost returns u with its host set (RFC 3986, Section 3.2.2), given as
// [URI.Host] returns it; a bare IPv6 address ("::1") gets its brackets. If u
// has no authority, "//" and the host go before its path, which must then be
// empty or begin with "/".
//
//	host = IP-literal / IPv4address / reg-name
//
// On error, the zero URI and an *[Error] with Op [OpBuild]: at the first byte
// of host outside the rule ("example.com:80" fails at its ":"), or
// [ErrPathWithAuthority] in u. It allocates the new text. The package
// documentation, section With methods, gives the rules that they all share.
func (u URI) WithHost(host string) (URI, error) {
	open, shut, kind, err := hostForm(host)
	if err != nil {
		return URI{}, err
	}
	hasAuth := u.flags&fAuthority != 0
	if !hasAuth && u.pathEnd > u.pathStart && u.s[u.pathStart] != '/' {
		return URI{}, &Error{Op: OpBuild, Input: u.s, Offset: int(u.pathStart), Component: Path, Err: ErrPathWithAuthority}
	}
	// The text is u.s[:i], slashes, the host, then u.s[j:].
	i, j, slashes := int(u.hostStart), int(u.hostEnd), ""
	if !hasAuth {
		i, j, slashes = u.afterScheme(), u.afterScheme(), "//"
	}
	if err := fits(host, Host, i+len(slashes)+len(open)+len(host)+len(shut)+len(u.s)-j); err != nil {
		return URI{}, err
	}
	v := u
	v.s = u.s[:i] + slashes + open + host + shut + u.s[j:]
	v.hostStart = int32(i + len(slashes))
	v.hostEnd = v.hostStart + int32(len(open)+len(host)+len(shut))
	d := v.hostEnd - u.hostEnd
	if !hasAuth {
		v.pathStart = v.hostEnd
	} else {
		v.pathStart += d
	}
	v.pathEnd += d
	v.queryEnd += d
	v.flags = v.flags&^kindMask | fAuthority | flags(kind)<<kindShift
	if open != "" {
		// A bare IPv6address, checked now in its brackets by the one parser
		// of IP-literals: the text is there to be read.
		if end, _, err := parseIPLiteral(v.s[:v.hostEnd], int(v.hostStart), false); err != nil || end != int(v.hostEnd) {
			if err == nil {
				err = ErrBadIPLiteral
			}
			return URI{}, &Error{Op: OpBuild, Input: host, Offset: min(max(end-int(v.hostStart)-1, 0), len(host)), Component: Host, Err: err}
		}
	}
	return v, nil
}

// hostForm checks a host given to WithHost and returns its kind, with the
// brackets to write around it when it is a bare IPv6address; that address
// itself is checked once it is written in them.
func hostForm(host string) (open, shut string, kind HostKind, err error) {
	fail := func(off int, err error) (string, string, HostKind, error) {
		return "", "", 0, &Error{Op: OpBuild, Input: host, Offset: off, Component: Host, Err: err}
	}
	if len(host) > 0 && host[0] == '[' {
		end, kind, err := parseIPLiteral(host, 0, false)
		switch {
		case err != nil:
			return fail(end, err)
		case end < len(host):
			return fail(end, ErrInvalidByte)
		}
		return "", "", kind, nil
	}
	k, err := scanAll(host, 0, len(host), abnf.RegName)
	switch {
	case err == nil && abnf.IsIPv4(host):
		return "", "", HostIPv4, nil
	case err == nil:
		return "", "", HostRegName, nil
	case k < len(host) && host[k] == ':' && strings.Count(host, ":") >= 2 && ipv6Alphabet(host):
		// Every IPv6address has two colons or more; a host with one is
		// more likely "host:port", whose colon is the error.
		return "[", "]", HostIPv6, nil
	}
	return fail(k, err)
}

// ipv6Alphabet reports whether s holds only the bytes of an IPv6address
// (RFC 3986, Section 3.2.2): HEXDIG, ":" and the "." of a final IPv4address.
func ipv6Alphabet(s string) bool {
	for i := 0; i < len(s); i++ {
		if !abnf.IsHex(s[i]) && s[i] != ':' && s[i] != '.' {
			return false
		}
	}
	return true
}

// WithoutAuthority returns u without its authority, "//" and all (RFC 3986,
// Section 3.2), or u itself if it has none: "http://h/p" becomes "http:/p". A
// path that begins with "//" then gets "/." in front, as [Components.URI]
// writes it ("http://h//p" becomes "http:/.//p"). It allocates the new text.
func (u URI) WithoutAuthority() URI {
	if u.flags&fAuthority == 0 {
		return u
	}
	a := int32(u.afterScheme())
	pre := pathPrefix(u.Path(), u.flags&fScheme != 0, false)
	v := u
	v.s = u.s[:a] + pre + u.s[u.pathStart:]
	v.hostStart, v.hostEnd, v.pathStart = a, a, a
	d := a + int32(len(pre)) - u.pathStart
	v.pathEnd += d
	v.queryEnd += d
	v.flags &^= authFlags
	return v
}

// WithPort returns u with its port set, added with its ":" if u had none (RFC
// 3986, Section 3.2.3); "" is present and empty ("http://h:/").
//
//	port = *DIGIT
//
// The port is written as given; [URI.PortNumber] checks the range. On error,
// the zero URI and an *[Error] with Op [OpBuild]: [ErrBadPort] at the first
// byte that is not a digit, or [ErrNoAuthority] when u has no authority (add a
// host first). It allocates the new text.
func (u URI) WithPort(port string) (URI, error) {
	if err := u.needAuthority(); err != nil {
		return URI{}, err
	}
	for i := 0; i < len(port); i++ {
		if !abnf.IsDigit(port[i]) {
			return URI{}, &Error{Op: OpBuild, Input: port, Offset: i, Component: Port, Err: ErrBadPort}
		}
	}
	he := int(u.hostEnd)
	if err := fits(port, Port, he+1+len(port)+len(u.s)-int(u.pathStart)); err != nil {
		return URI{}, err
	}
	v := u
	v.s = u.s[:he] + ":" + port + u.s[u.pathStart:]
	v.pathStart = int32(he + 1 + len(port))
	d := v.pathStart - u.pathStart
	v.pathEnd += d
	v.queryEnd += d
	v.flags |= fPort
	return v, nil
}

// WithoutPort returns u without its port and the ":" before it (RFC 3986,
// Section 3.2.3), or u itself if it has none. It allocates the new text.
func (u URI) WithoutPort() URI {
	if u.flags&fPort == 0 {
		return u
	}
	v := u
	v.s = u.s[:u.hostEnd] + u.s[u.pathStart:]
	d := u.hostEnd - u.pathStart
	v.pathStart += d
	v.pathEnd += d
	v.queryEnd += d
	v.flags &^= fPort
	return v
}

// WithPath returns u with its path set (RFC 3986, Section 3.3): one text, in
// which "/" separates segments and "%2F" is a "/" inside one (see
// [URI.WithSegments] and [URI.JoinPath] for decoded segments). With an authority it must be empty or begin
// with "/"; without one, a prefix keeps it from being read as an authority or
// a scheme ("/.//x", "./a:b"), as [Components.URI] writes it. On error, the
// zero URI and an *[Error] with Op [OpBuild] and path as Input:
// [ErrInvalidByte] or [ErrBadPercent] at the first byte outside the rule, or
// [ErrPathWithAuthority]. It allocates the new text.
func (u URI) WithPath(path string) (URI, error) {
	if err := checkArg(path, Path, abnf.Path); err != nil {
		return URI{}, err
	}
	hasAuth := u.flags&fAuthority != 0
	if hasAuth && path != "" && path[0] != '/' {
		return URI{}, &Error{Op: OpBuild, Input: path, Component: Path, Err: ErrPathWithAuthority}
	}
	pre := pathPrefix(path, u.flags&fScheme != 0, hasAuth)
	ps := int(u.pathStart)
	if err := fits(path, Path, ps+len(pre)+len(path)+len(u.s)-int(u.pathEnd)); err != nil {
		return URI{}, err
	}
	v := u
	v.s = u.s[:ps] + pre + path + u.s[u.pathEnd:]
	v.pathEnd = int32(ps + len(pre) + len(path))
	v.queryEnd += v.pathEnd - u.pathEnd
	return v, nil
}

// WithQuery returns u with its query set, added with its "?" if u had none (RFC
// 3986, Section 3.4); "" is present and empty ("http://h/p?"). To edit one
// key=value pair, see [URI.WithQueryValue].
//
//	query = *( pchar / "/" / "?" )
//
// On error, the zero URI and an *[Error] with Op [OpBuild]: [ErrInvalidByte] (a
// "#", a space, ...) or [ErrBadPercent] at the first byte outside the rule. It
// allocates the new text.
func (u URI) WithQuery(query string) (URI, error) {
	if err := checkArg(query, Query, abnf.Query); err != nil {
		return URI{}, err
	}
	if err := fits(query, Query, int(u.pathEnd)+1+len(query)+len(u.s)-int(u.queryEnd)); err != nil {
		return URI{}, err
	}
	return u.withQuery(query, true), nil
}

// WithoutQuery returns u without its query and the "?" before it (RFC 3986,
// Section 3.4), or u itself if it has none. It allocates the new text, or
// returns a substring of u's when there is no fragment.
func (u URI) WithoutQuery() URI {
	if u.flags&fQuery == 0 {
		return u
	}
	if u.flags&fFragment == 0 {
		v := u
		v.s = u.s[:u.pathEnd]
		v.queryEnd = u.pathEnd
		v.flags &^= fQuery
		return v
	}
	return u.withQuery("", false)
}

// WithFragment returns u with its fragment set, added with its "#" if u had
// none (RFC 3986, Section 3.5); "" is present and empty ("http://h/p#").
//
//	fragment = *( pchar / "/" / "?" )
//
// On error, the zero URI and an *[Error] with Op [OpBuild]: [ErrInvalidByte] (a
// second "#", a space, ...) or [ErrBadPercent] at the first byte outside the
// rule. It allocates the new text.
func (u URI) WithFragment(fragment string) (URI, error) {
	if err := checkArg(fragment, Fragment, abnf.Query); err != nil {
		return URI{}, err
	}
	if err := fits(fragment, Fragment, int(u.queryEnd)+1+len(fragment)); err != nil {
		return URI{}, err
	}
	v := u
	v.s = u.s[:u.queryEnd] + "#" + fragment
	v.flags |= fFragment
	return v, nil
}

// WithoutFragment returns u without its fragment and the "#" before it (RFC
// 3986, Section 3.5), or u itself if it has none: what a comparison for a
// network action leaves out (Section 6.1). It does not allocate.
func (u URI) WithoutFragment() URI {
	v := u
	v.s = u.s[:u.queryEnd]
	v.flags &^= fFragment
	return v
}

// needAuthority returns the error of a With method for a part of the authority
// when u has none.
func (u *ref) needAuthority() error {
	if u.flags&fAuthority != 0 {
		return nil
	}
	return &Error{Op: OpBuild, Input: u.s, Offset: u.afterScheme(), Component: Authority, Err: ErrNoAuthority}
}

// shift moves every offset from the host's start on by d, for an edit
// before the host (or, without an authority, before the path).
func (u *ref) shift(d int32) {
	u.hostStart += d
	u.hostEnd += d
	u.pathStart += d
	u.pathEnd += d
	u.queryEnd += d
}

// checkArg checks that arg is all bytes of mask and pct-encodings, the
// rule of component c, for a With method.
func checkArg(arg string, c Component, mask uint16) error {
	if k, err := scanAll(arg, 0, len(arg), mask); err != nil {
		return &Error{Op: OpBuild, Input: arg, Offset: k, Component: c, Err: err}
	}
	return nil
}

// fits returns the ErrTooLong error of a With method when the new text, n
// bytes with arg in it, is longer than a URI can be. The Offset is where arg
// stops fitting.
func fits(arg string, c Component, n int) error {
	if n <= maxLen {
		return nil
	}
	off := min(max(maxLen-(n-len(arg)), 0), len(arg))
	return &Error{Op: OpBuild, Input: arg, Offset: off, Component: c, Err: ErrTooLong}
}

// The Text methods below take decoded text, as a user types it, and encode
// it for its component with [Escape], so that "section 2" or a user name with
// "@" is data and never an error or a delimiter; the methods above take text
// already encoded. A Text method fails only when the result would be too
// long. Each writes the new text in one allocation and parses it once, which
// keeps the invariant of [URI].

// part is a piece of a text being built: s escaped for c, or literal when c
// is 0.
type part struct {
	s string
	c EscapeComponent
}

// rebuild returns the reference whose text is head, the parts, then tail,
// written in one allocation. arg and c name the argument that an ErrTooLong
// is reported on.
func rebuild(arg string, c Component, head, tail string, parts ...part) (URI, error) {
	n := len(head) + len(tail)
	for _, p := range parts {
		if p.c == 0 {
			n += len(p.s)
		} else {
			n += escapedLen(p.s, p.c)
		}
	}
	if n > maxLen {
		return URI{}, &Error{Op: OpBuild, Input: arg, Component: c, Err: ErrTooLong}
	}
	b := make([]byte, n)
	w := copy(b, head)
	for _, p := range parts {
		if p.c == 0 {
			w += copy(b[w:], p.s)
		} else {
			w += writeEscaped(b[w:], p.s, p.c)
		}
	}
	copy(b[w:], tail)
	v, err := parse(abnf.String(b), ruleReference, true)
	if err != nil {
		return URI{}, withOp(OpBuild, err) // not reached: every part is valid where it goes
	}
	return v, nil
}

// WithUser returns u with the user name of its userinfo set to name, encoded
// with [EscapeUserinfo] (so "@" and ":" are data), and the password, if any,
// kept as written (RFC 3986, Section 3.2.1); a userinfo is added if u had
// none. On error, the zero URI and an *[Error] with Op [OpBuild]:
// [ErrNoAuthority] when u has no authority (add a host first), or
// [ErrTooLong]. It allocates the new text once.
func (u URI) WithUser(name string) (URI, error) {
	if err := u.needAuthority(); err != nil {
		return URI{}, err
	}
	ui := u.Userinfo()
	pw := ui[len(u.Username()):] // the ":" and the password, if any
	a := u.afterScheme() + 2
	return rebuild(name, Userinfo, u.s[:a], u.s[u.hostStart:], part{name, EscapeUserinfo}, part{pw, 0}, part{"@", 0})
}

// WithPassword returns u with the password of its userinfo set to password,
// encoded with [EscapeUserinfo], after the user name as written (RFC 3986,
// Section 3.2.1, which deprecates passwords in URIs); "" is present and empty
// ("http://user:@h/"). Errors and allocation are those of [URI.WithUser].
func (u URI) WithPassword(password string) (URI, error) {
	if err := u.needAuthority(); err != nil {
		return URI{}, err
	}
	a := u.afterScheme() + 2
	return rebuild(password, Userinfo, u.s[:a], u.s[u.hostStart:],
		part{u.Username(), 0}, part{":", 0}, part{password, EscapeUserinfo}, part{"@", 0})
}

// WithHostText returns u with its host set from text: a name with
// non-ASCII characters is first converted by [HostToASCII] to IDNA A-labels,
// the form that RFC 3986, Section 3.2.2 asks producers to give an
// internationalized domain name in ("%" is data there, so an error); ASCII
// text goes to [URI.WithHost] as written. On error, the zero URI and an
// *[Error] with Op [OpBuild], for either step. It allocates once, and the
// conversion three times more.
func (u URI) WithHostText(host string) (URI, error) {
	for i := 0; i < len(host); i++ {
		if host[i] >= utf8.RuneSelf {
			// "%" is data in text, and no name holds it.
			if k := strings.IndexByte(host, '%'); k >= 0 {
				return URI{}, &Error{Op: OpBuild, Input: host, Offset: k, Component: Host, Err: ErrInvalidByte}
			}
			a, err := HostToASCII(host)
			if err != nil {
				return URI{}, withOp(OpBuild, err)
			}
			return u.WithHost(a)
		}
	}
	return u.WithHost(host)
}

// WithQueryText returns u with its query set to text encoded with
// [EscapeQuery] (RFC 3986, Section 3.4): a space or "#" is data, while "&" and
// "=" stay as they are, delimiters of key=value pairs. To set one pair, see
// [URI.WithQueryValue]. The only error is [ErrTooLong]. It allocates the new
// text once.
func (u URI) WithQueryText(text string) (URI, error) {
	return rebuild(text, Query, u.s[:u.pathEnd], u.s[u.queryEnd:], part{"?", 0}, part{text, EscapeQuery})
}

// WithFragmentText returns u with its fragment set to text encoded with
// [EscapeFragment] (RFC 3986, Section 3.5): "section 2" becomes "section%202".
// The only error is [ErrTooLong]. It allocates the new text once.
func (u URI) WithFragmentText(text string) (URI, error) {
	return rebuild(text, Fragment, u.s[:u.queryEnd], "", part{"#", 0}, part{text, EscapeFragment})
}
