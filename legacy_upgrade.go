package uri

// This file turns a legacy reference into an RFC 3986 one: it finds each
// place where the legacy text is not valid RFC 3986 with the components the
// old grammar gave it, and percent-encodes or rewrites just that.

import "strings"

// The reasons of Changes.
const (
	reasonQuestionPath = `RFC 3986 reads "?" as the start of a query`
	reasonEndAuthority = `RFC 3986 reads "?" and "#" as the end of the authority`
	reasonDelimiters   = `RFC 3986 reads "@" and ":" as delimiters of the authority`
	reasonLeadingZeros = `RFC 3986 dec-octets have no leading zeros`
	reasonSlashes      = `RFC 3986 reads a path that begins with "//" as an authority`
	reasonColon        = `RFC 3986 reads a first segment with ":" as a scheme`
)

// reasonNotAllowed returns the reason for a byte that RFC 3986 does not
// allow in component c.
func reasonNotAllowed(c Component) string {
	switch c {
	case Userinfo:
		return "not allowed unencoded in an RFC 3986 userinfo"
	case Host:
		return "not allowed unencoded in an RFC 3986 host"
	case Query:
		return "not allowed unencoded in an RFC 3986 query"
	case Fragment:
		return "not allowed unencoded in an RFC 3986 fragment"
	}
	return "not allowed unencoded in an RFC 3986 path"
}

// setChanges lists the edits that make l.u valid RFC 3986 with the same
// components, and notes when no edit can.
func (l *Legacy) setChanges() {
	u := l.u
	s := u.s
	var ch []Change
	if u.HasScheme() && classes[s[0]]&cAlpha == 0 {
		l.upgradeErr = &Error{Op: "upgrade", Input: s, Offset: 0, Component: Scheme, Err: ErrCannotUpgrade}
	}
	if u.HasAuthority() {
		if u.HasUserinfo() {
			a := u.afterScheme() + 2
			ch = encodeRuns(ch, s, a, int(u.hostStart)-1, Userinfo, mUserinfo)
		}
		h, e := int(u.hostStart), int(u.hostEnd)
		switch u.HostKind() {
		case HostIPv6:
			ch = unzeroIPv4(ch, s, h, e)
		case HostIPvFuture:
		default:
			ch = encodeRuns(ch, s, h, e, Host, mRegName)
		}
	}
	p, pe := int(u.pathStart), int(u.pathEnd)
	switch {
	case !u.HasAuthority() && strings.HasPrefix(s[p:pe], "//"):
		ch = append(ch, Change{Offset: p, Component: Path, To: "/.", Reason: reasonSlashes})
	case !u.HasScheme() && !u.HasAuthority() && firstSegmentHasColon(s[p:pe]):
		ch = append(ch, Change{Offset: p, Component: Path, To: "./", Reason: reasonColon})
	}
	ch = encodeRuns(ch, s, p, pe, Path, mPath)
	if u.HasQuery() {
		ch = encodeRuns(ch, s, pe+1, int(u.queryEnd), Query, mQuery)
	}
	if u.HasFragment() {
		ch = encodeRuns(ch, s, int(u.queryEnd)+1, len(s), Fragment, mQuery)
	}
	l.Changes = ch
}

// encodeRuns appends a Change for each run of bytes in s[a:e] that RFC 3986
// does not allow in component c (whose class mask is mask), percent-encoded.
// Legacy text has only well-formed escapes, which stay.
func encodeRuns(ch []Change, s string, a, e int, c Component, mask uint16) []Change {
	for i := a; i < e; {
		if k, err := scan(s[:e], i, mask); err == nil {
			i = k
		}
		if i >= e {
			break
		}
		why := reasonFor(c, s[i])
		j := i + 1
		for j < e && classes[s[j]]&mask == 0 && s[j] != '%' && reasonFor(c, s[j]) == why {
			j++
		}
		ch = append(ch, Change{Offset: i, Component: c, From: s[i:j], To: pctEncode(s[i:j]), Reason: why})
		i = j
	}
	return ch
}

func reasonFor(c Component, b byte) string {
	switch {
	case c == Path && b == '?':
		return reasonQuestionPath
	case (c == Userinfo || c == Host) && (b == '?' || b == '#'):
		return reasonEndAuthority
	case c == Host && (b == '@' || b == ':'):
		return reasonDelimiters
	}
	return reasonNotAllowed(c)
}

// pctEncode percent-encodes every byte of t, with upper-case hex digits
// (RFC 3986, Section 2.1).
func pctEncode(t string) string {
	const hex = "0123456789ABCDEF"
	var b strings.Builder
	b.Grow(3 * len(t))
	for i := 0; i < len(t); i++ {
		b.WriteByte('%')
		b.WriteByte(hex[t[i]>>4])
		b.WriteByte(hex[t[i]&15])
	}
	return b.String()
}

// unzeroIPv4 rewrites the IPv4 part of an RFC 2732 IPv6 literal s[h:e]
// without the leading zeros that RFC 2373 allowed: "[::1.02.3.4]" becomes
// "[::1.2.3.4]".
func unzeroIPv4(ch []Change, s string, h, e int) []Change {
	d := h + strings.LastIndexByte(s[h:e], ':') + 1
	if strings.IndexByte(s[d:e], '.') < 0 {
		return ch
	}
	dotted := s[d : e-1]
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
		return ch
	}
	return append(ch, Change{Offset: d, Component: Host, From: dotted, To: b.String(), Reason: reasonLeadingZeros})
}

// Upgrade returns the RFC 3986 reference that stands for the legacy one:
// its text with every edit of l.Changes made, parsed with [Parse], so that it
// has the components the old grammar gave, percent-encoded where RFC 3986
// needs it. When l.Changes is empty, it returns the parsed URI itself.
//
// The edits percent-encode what RFC 3986 does not allow (RFC 2068's
// national characters such as "{", "|" or octets above 0x7F, RFC 2396
// reg_name's "@" and ":" that RFC 3986 cannot place, RFC 1738's "?" in an
// ftp path or a user name, RFC 2732's "[" and "]" in a query), write RFC 2732's IPv4 octets without
// leading zeros, and put "./" before a relative path whose first segment
// has a ":" or "/." before a path that begins with "//" without an
// authority (as [Components.URI] does), so that the meaning stays the same.
//
// A scheme that does not begin with a letter has no RFC 3986 form: Upgrade
// then returns an *[Error] with Op "upgrade" wrapping [ErrCannotUpgrade].
// Upgrade allocates the new text when there are changes.
func (l Legacy) Upgrade() (URI, error) {
	if l.upgradeErr != nil {
		return URI{}, l.upgradeErr
	}
	if len(l.Changes) == 0 {
		return l.u, nil
	}
	s := l.u.s
	var b strings.Builder
	b.Grow(len(s) + 8*len(l.Changes))
	i := 0
	for _, c := range l.Changes {
		b.WriteString(s[i:c.Offset])
		b.WriteString(c.To)
		i = c.Offset + len(c.From)
	}
	b.WriteString(s[i:])
	u, err := Parse(b.String())
	if err != nil {
		e := err.(*Error)
		e.Op = "upgrade"
		return URI{}, e
	}
	return u, nil
}
