package whatwg

import (
	"strings"

	"github.com/gouri/uri"
	"github.com/gouri/uri/internal/abnf"
)

// This file holds the setters of the URL class (URL Standard, section 6.1);
// the package documentation says how they report what they did not apply.

// record is a URL record with its components as strings, for the setters.
type record struct {
	scheme      string
	sch         schemeType
	username    string
	password    string
	kind        uri.HostKind
	host        string // serialized
	port        int    // -1 for null
	path        string // serialized, without the "/." of section 4.5
	opaque      bool
	query       string
	hasQuery    bool
	fragment    string
	hasFragment bool
}

// record returns u's components.
func (u *URL) record() record {
	r := record{
		scheme: u.Scheme(), sch: u.scheme, kind: u.kind, port: -1,
		username: u.Username(), password: u.Password(), host: u.Hostname(),
		path: u.Pathname(), opaque: u.flags&fOpaque != 0,
		query: u.Query(), hasQuery: u.flags&fQuery != 0,
		fragment: u.Fragment(), hasFragment: u.flags&fFragment != 0,
	}
	if p := u.Port(); p != "" {
		r.port = 0
		for i := 0; i < len(p); i++ {
			r.port = r.port*10 + int(p[i]-'0')
		}
	}
	return r
}

// needsDot reports whether the URL serializer writes "/." before the path
// (section 4.5, step 3): "If url's host is null, url does not have an
// opaque path, url's path's size is greater than 1, and url's path[0] is
// the empty string". The last two conditions hold exactly when the
// serialized path starts with "//".
func needsDot(kind uri.HostKind, opaque, pathStartsWithTwoSlashes bool) bool {
	return kind == uri.HostNone && !opaque && pathStartsWithTwoSlashes
}

// url serializes r (the URL serializer of section 4.5) into a URL.
func (r *record) url() (URL, bool) {
	var u URL
	var b strings.Builder
	n := len(r.scheme) + len(r.username) + len(r.password) + len(r.host) + len(r.path) + len(r.query) + len(r.fragment) + 16
	if n > maxLen {
		return URL{}, false
	}
	b.Grow(n)
	b.WriteString(r.scheme)
	u.schemeEnd = int32(b.Len())
	b.WriteByte(':')
	e := int32(b.Len())
	u.userEnd, u.hostStart, u.hostEnd = e, e, e
	if r.kind != uri.HostNone {
		b.WriteString("//")
		b.WriteString(r.username)
		u.userEnd = int32(b.Len())
		if r.username != "" || r.password != "" {
			if r.password != "" {
				b.WriteByte(':')
				b.WriteString(r.password)
			}
			b.WriteByte('@')
		}
		u.hostStart = int32(b.Len())
		b.WriteString(r.host)
		u.hostEnd = int32(b.Len())
		if r.port >= 0 {
			var d [5]byte
			k := len(d)
			for v := r.port; ; v /= 10 {
				k--
				d[k] = byte('0' + v%10)
				if v < 10 {
					break
				}
			}
			b.WriteByte(':')
			b.Write(d[k:])
		}
	} else if needsDot(r.kind, r.opaque, strings.HasPrefix(r.path, "//")) {
		b.WriteString("/.")
		u.flags |= fDot
	}
	u.pathStart = int32(b.Len())
	b.WriteString(r.path)
	if r.opaque {
		u.flags |= fOpaque
	}
	u.queryStart = int32(b.Len())
	if r.hasQuery {
		u.flags |= fQuery
		b.WriteByte('?')
		b.WriteString(r.query)
	}
	u.fragStart = int32(b.Len())
	if r.hasFragment {
		u.flags |= fFragment
		b.WriteByte('#')
		b.WriteString(r.fragment)
	}
	if !r.hasQuery {
		u.queryStart = u.fragStart
	}
	u.kind, u.scheme = r.kind, r.sch
	u.href = b.String()
	return u, true
}

// apply replaces u with r serialized, or returns the error of the setter
// of attr when the URL would be too long.
func (u *URL) apply(r *record, attr, value string) error {
	v, ok := r.url()
	if !ok {
		return newError(OpSet, attr, value, uri.NoOffset, ErrTooLong)
	}
	*u = v
	return nil
}

// setter makes p, a zero parser, the parser of value with the scheme sch
// and a state override: tabs and newlines are removed, leading and
// trailing spaces are kept (section 4.4, basic URL parser, steps 1 to 3).
// The caller declares p, so that a setter's parser lives on its stack and
// costs no allocation.
func (p *parser) setter(value string, sch schemeType) {
	p.orig, p.sch, p.override = value, sch, true
	in := value
	if k := indexTabOrNewline(in); k >= 0 {
		in = removeTabOrNewline(in, k, nil)
		p.removed = true
	}
	p.in = in
	p.w.Reset(in, nil, 0)
}

// setterError returns the error of the setter of attr, given value, that
// failed with k at the byte at of value (uri.NoOffset when no byte of it is
// at fault).
func setterError(attr, value string, k Kind, at int) error {
	return newError(OpSet, attr, value, at, k)
}

// zero returns the error of a setter called on the zero URL, or nil.
func (u *URL) zero(attr, value string) error {
	if u.href == "" {
		return setterError(attr, value, ErrMissingSchemeNonRelativeURL, uri.NoOffset)
	}
	return nil
}

// SetHref replaces u with the result of parsing value with [Parse], as the
// href setter does. On failure u is left as it was.
func (u *URL) SetHref(value string) error {
	v, err := Parse(value)
	if err != nil {
		e := err.(*uri.Error)
		e.Op, e.Name = OpSet, "href"
		return e
	}
	*u = v
	return nil
}

// SetProtocol sets the scheme, as the protocol setter does: it parses
// value followed by ":" with the scheme start state as state override.
// value is "https", "https:" or even "https:anything"; the scheme is
// lower-cased. The scheme is left unchanged (ErrSchemeChange) when the
// change would be between a special and a non-special scheme, to "file"
// when the URL has credentials or a port, or from "file" when the host is
// empty. When the port is the new scheme's default port, it becomes null.
func (u *URL) SetProtocol(value string) error {
	const attr = "protocol"
	if err := u.zero(attr, value); err != nil {
		return err
	}
	var p parser
	p.setter(value, u.scheme)
	s := p.in + ":"
	if !abnf.IsAlpha(s[0]) {
		return setterError(attr, value, ErrSchemeInvalid, p.offset(0))
	}
	k := 1
	for k < len(s) && class[s[k]]&schemeChar != 0 {
		k++
	}
	if s[k] != ':' {
		return setterError(attr, value, ErrSchemeInvalid, p.offset(k))
	}
	scheme := abnf.LowerString(s[:k])
	sch := lookupScheme(scheme)
	r := u.record()
	if r.sch.special() != sch.special() ||
		sch == schemeFile && (r.username != "" || r.password != "" || r.port >= 0) ||
		r.sch == schemeFile && r.kind == uri.HostEmpty {
		return setterError(attr, value, ErrSchemeChange, uri.NoOffset)
	}
	r.scheme, r.sch = scheme, sch
	if r.port == sch.defaultPort() {
		r.port = -1
	}
	return u.apply(&r, attr, value)
}

// cannotHaveCredentialsOrPort reports whether the URL "cannot have a
// username/password/port" (section 4.2): its host is null or empty, or its
// scheme is "file".
func (r *record) cannotHaveCredentialsOrPort() bool {
	return r.kind == uri.HostNone || r.kind == uri.HostEmpty || r.sch == schemeFile
}

// SetUsername sets the username to value UTF-8 percent-encoded with the
// userinfo percent-encode set, as the username setter does, unless the URL
// cannot have a username (ErrCannotHaveCredentialsOrPort). Tabs and
// newlines are encoded, not removed: this setter does not run the parser.
func (u *URL) SetUsername(value string) error {
	const attr = "username"
	if err := u.zero(attr, value); err != nil {
		return err
	}
	r := u.record()
	if r.cannotHaveCredentialsOrPort() {
		return setterError(attr, value, ErrCannotHaveCredentialsOrPort, uri.NoOffset)
	}
	r.username = encodeString(value, encUserinfo, userinfoStops)
	return u.apply(&r, attr, value)
}

// SetPassword sets the password to value UTF-8 percent-encoded with the
// userinfo percent-encode set, as the password setter does, unless the URL
// cannot have a password (ErrCannotHaveCredentialsOrPort).
func (u *URL) SetPassword(value string) error {
	const attr = "password"
	if err := u.zero(attr, value); err != nil {
		return err
	}
	r := u.record()
	if r.cannotHaveCredentialsOrPort() {
		return setterError(attr, value, ErrCannotHaveCredentialsOrPort, uri.NoOffset)
	}
	r.password = encodeString(value, encUserinfo, userinfoStops)
	return u.apply(&r, attr, value)
}

// encodeString returns s UTF-8 percent-encoded with set, whose members are
// t; s itself when nothing needs encoding.
func encodeString(s string, set uint32, t *stops) string {
	p := parser{in: s}
	p.w.Reset(s, nil, 0)
	p.encodeIn(0, len(s), set, t)
	return p.w.String()
}

// SetHost sets the host and, when value has ":" and digits after the host,
// the port, as the host setter does: it parses value with the host state
// as state override (the file host state for a file URL). The host ends at
// "/", "?", "#" (and "\" in a special URL); the port ends at the first
// character that is not a digit, and what follows is ignored. A value
// without a port leaves the port as it is.
//
// A valid host followed by ":" and no digits, or a port above 65535, sets
// the host and returns ErrPortInvalid or ErrPortOutOfRange, leaving the
// port as it was: the standard's parser returns failure in the port state,
// after it has set the host. It is the one case where a setter both
// changes the URL and returns an error.
func (u *URL) SetHost(value string) error { return u.setHost("host", value, false) }

// SetHostname sets the host as [URL.SetHost] does, with the hostname state
// as state override: a value with a port is refused (ErrHostnameWithPort).
func (u *URL) SetHostname(value string) error { return u.setHost("hostname", value, true) }

func (u *URL) setHost(attr, value string, hostname bool) error {
	if err := u.zero(attr, value); err != nil {
		return err
	}
	r := u.record()
	if r.opaque {
		return setterError(attr, value, ErrOpaquePath, uri.NoOffset)
	}
	var p parser
	p.setter(value, r.sch)
	s := p.in
	if r.sch == schemeFile {
		return u.setFileHost(&r, &p, attr, value)
	}
	// Host state with state override.
	special := r.sch.special()
	k := 0
	inside := false
	for ; k < len(s); k++ {
		c := s[k]
		if c == ':' && !inside || c == '/' || c == '?' || c == '#' || c == '\\' && special {
			break
		}
		if c == '[' {
			inside = true
		} else if c == ']' {
			inside = false
		}
	}
	if k < len(s) && s[k] == ':' {
		if k == 0 {
			return setterError(attr, value, ErrHostMissing, p.offset(0))
		}
		if hostname {
			return setterError(attr, value, ErrHostnameWithPort, p.offset(k))
		}
		if !p.host(0, k) {
			return p.error(OpSet, attr)
		}
		r.host, r.kind = p.w.String(), p.u.kind
		// Port state with state override: digits, up to any other code
		// point. Without digits, the parser returns failure after setting
		// the host.
		j, port := k+1, 0
		for ; j < len(s) && '0' <= s[j] && s[j] <= '9'; j++ {
			if port <= 0xffff {
				port = port*10 + int(s[j]-'0')
			}
		}
		var err error
		switch {
		case j == k+1:
			err = setterError(attr, value, ErrPortInvalid, p.offset(j))
		case port > 0xffff:
			err = setterError(attr, value, ErrPortOutOfRange, p.offset(k+1))
		case port == r.sch.defaultPort():
			r.port = -1
		default:
			r.port = port
		}
		if e := u.apply(&r, attr, value); e != nil {
			return e
		}
		return err
	}
	if k == 0 && (special || r.username != "" || r.password != "" || r.port >= 0) {
		return setterError(attr, value, ErrHostMissing, p.offset(0))
	}
	if !p.host(0, k) {
		return p.error(OpSet, attr)
	}
	r.host, r.kind = p.w.String(), p.u.kind
	return u.apply(&r, attr, value)
}

// setFileHost is setHost for a file URL: the file host state with state
// override, up to the first "/", "\", "?" or "#", where "localhost" is the
// empty host.
func (u *URL) setFileHost(r *record, p *parser, attr, value string) error {
	s := p.in
	e := 0
	for e < len(s) {
		if c := s[e]; c == '/' || c == '\\' || c == '?' || c == '#' {
			break
		}
		e++
	}
	r.host, r.kind = "", uri.HostEmpty
	if e > 0 {
		if !p.host(0, e) {
			return p.error(OpSet, attr)
		}
		r.host, r.kind = p.w.String(), p.u.kind
		if r.kind == uri.HostDomain && r.host == "localhost" {
			r.host, r.kind = "", uri.HostEmpty
		}
	}
	return u.apply(r, attr, value)
}

// SetPort sets the port, as the port setter does: "" makes it null;
// otherwise the leading digits of value are the port, and the rest is
// ignored. A port equal to the scheme's default port is null. The URL is
// left as it was when it cannot have a port
// (ErrCannotHaveCredentialsOrPort), when value starts with a non-digit
// (ErrPortInvalid) and when the port is above 65535 (ErrPortOutOfRange).
func (u *URL) SetPort(value string) error {
	const attr = "port"
	if err := u.zero(attr, value); err != nil {
		return err
	}
	r := u.record()
	if r.cannotHaveCredentialsOrPort() {
		return setterError(attr, value, ErrCannotHaveCredentialsOrPort, uri.NoOffset)
	}
	if value == "" {
		r.port = -1
		return u.apply(&r, attr, value)
	}
	var p parser
	p.setter(value, r.sch)
	s := p.in
	j, port := 0, 0
	for ; j < len(s) && '0' <= s[j] && s[j] <= '9'; j++ {
		if port <= 0xffff {
			port = port*10 + int(s[j]-'0')
		}
	}
	switch {
	case j == 0:
		return setterError(attr, value, ErrPortInvalid, p.offset(0))
	case port > 0xffff:
		return setterError(attr, value, ErrPortOutOfRange, p.offset(0))
	case port == r.sch.defaultPort():
		r.port = -1
	default:
		r.port = port
	}
	return u.apply(&r, attr, value)
}

// SetPathname replaces the path, as the pathname setter does: it parses
// value with the path start state as state override, so "?" and "#" are
// percent-encoded, "." and ".." segments are removed, and in a special URL
// a leading "/" is implied. A URL with an opaque path is left as it was
// (ErrOpaquePath).
func (u *URL) SetPathname(value string) error {
	const attr = "pathname"
	if err := u.zero(attr, value); err != nil {
		return err
	}
	r := u.record()
	if r.opaque {
		return setterError(attr, value, ErrOpaquePath, uri.NoOffset)
	}
	var p parser
	p.setter(value, r.sch)
	s := p.in
	// Path start state with state override.
	i := 0
	switch {
	case r.sch.special():
		if i < len(s) && (s[i] == '/' || s[i] == '\\') {
			i++
		}
		p.path(i)
	case len(s) > 0:
		if s[0] == '/' {
			i++
		}
		p.path(i)
	case r.kind == uri.HostNone:
		// "If state override is given and url's host is null, append the
		// empty string to url's path."
		p.w.Byte('/')
	}
	r.path = p.w.String()
	return u.apply(&r, attr, value)
}

// SetSearch sets the query, as the search setter does: "" makes it null;
// otherwise value without one leading "?" is UTF-8 percent-encoded with the
// query percent-encode set (the special-query one for a special URL),
// "#" included. It always succeeds on a non-zero URL. The new href is the
// one allocation, none when the query becomes null and there is no
// fragment.
func (u *URL) SetSearch(value string) error { return u.setLast("search", value, fQuery) }

// SetHash sets the fragment, as the hash setter does: "" makes it null;
// otherwise value without one leading "#" is UTF-8 percent-encoded with the
// fragment percent-encode set. It always succeeds on a non-zero URL. The
// new href is the one allocation, none when the fragment becomes null.
func (u *URL) SetHash(value string) error { return u.setLast("hash", value, fFragment) }

// setLast is SetSearch (which is fQuery) or SetHash (which is fFragment),
// the setter of attr.
func (u *URL) setLast(attr, value string, which uint8) error {
	if err := u.zero(attr, value); err != nil {
		return err
	}
	s, has := "", value != ""
	if has {
		var p parser
		if which == fQuery {
			p.setter(strings.TrimPrefix(value, "?"), u.scheme)
			p.queryBody(0)
		} else {
			p.setter(strings.TrimPrefix(value, "#"), u.scheme)
			p.fragmentBody(0)
		}
		s = p.w.String()
	}
	if u.splice(which, s, has) {
		return nil
	}
	r := u.record()
	if which == fQuery {
		r.query, r.hasQuery = s, has
	} else {
		r.fragment, r.hasFragment = s, has
	}
	return u.apply(&r, attr, value)
}

// splice makes s the query (which is fQuery) or the fragment (which is
// fFragment) of u, or makes it null when has is false, in place in the
// href: the URL serializer (section 4.5) writes the query and the fragment
// last, and the search and hash setters change nothing else, so the
// components before keep their bytes and offsets and nothing is written
// again. It reports false, changing nothing, for an href that would come
// within 16 bytes of maxLen, which the setters leave to their general path
// and its limit (see record.url).
func (u *URL) splice(which uint8, s string, has bool) bool {
	from, to, delim := u.queryStart, u.fragStart, byte('?')
	if which == fFragment {
		from, to, delim = u.fragStart, int32(len(u.href)), '#'
	}
	head, tail := u.href[:from], u.href[to:]
	size := len(head) + len(tail)
	if has {
		size += 1 + len(s)
	}
	if size > maxLen-16 {
		return false
	}
	switch {
	case !has && tail == "":
		u.href = head
	default:
		b := make([]byte, 0, size)
		b = append(b, head...)
		if has {
			b = append(append(b, delim), s...)
		}
		u.href = abnf.String(append(b, tail...))
	}
	u.flags &^= which
	if has {
		u.flags |= which
	}
	if which == fQuery {
		u.fragStart = int32(size - len(tail))
	}
	return true
}
