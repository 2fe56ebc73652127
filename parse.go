package uri

import (
	"math"

	"github.com/gouri/uri/internal/abnf"
)

// The character sets of RFC 3986, Appendix A, and the scanner of
// pct-encoded text are in internal/abnf, which the older grammars of package
// legacy share; this file is the parser of the component rules of Appendix
// A built on them.

// maxLen is the longest input this package accepts: offsets are stored as int32.
const maxLen = math.MaxInt32

// rule selects the start rule of RFC 3986 that the parser checks.
type rule uint8

const (
	ruleReference rule = iota // URI-reference (Section 4.1)
	ruleURI                   // URI (Section 3)
	ruleAbsolute              // absolute-URI (Section 4.3)
	ruleRelative              // relative-ref (Section 4.2)
)

// Parse parses s as a URI-reference (RFC 3986, Section 4.1):
//
//	URI-reference = URI / relative-ref
//
// It accepts exactly what the ABNF of Appendix A accepts and repairs nothing:
// a space, a backslash, a bare "%", a non-ASCII byte or a zone identifier is
// an error. Parse(s).String() == s. It does not allocate; on error it returns
// the zero URI and an *[Error] with the offset, the component and the reason.
func Parse(s string) (URI, error) { return parse(s, ruleReference, false) }

// ParseURI parses s as a URI (RFC 3986, Section 3): a reference with a
// scheme, and possibly a fragment.
//
//	URI = scheme ":" hier-part [ "?" query ] [ "#" fragment ]
//
// It does not allocate; on error it returns the zero URI and an *[Error].
func ParseURI(s string) (u URI, err error) {
	err = u.parseText(s, grammar{rule: ruleURI})
	return u, err
}

// ParseAbsoluteURI parses s as an absolute-URI (RFC 3986, Section 4.3), the
// form a base URI takes: a scheme and no fragment.
//
//	absolute-URI = scheme ":" hier-part [ "?" query ]
//
// It does not allocate; on error it returns the zero URI and an *[Error].
func ParseAbsoluteURI(s string) (URI, error) { return parse(s, ruleAbsolute, false) }

// ParseRelativeRef parses s as a relative-ref (RFC 3986, Section 4.2), a
// reference with no scheme: "http:x" is an error at the colon.
//
//	relative-ref = relative-part [ "?" query ] [ "#" fragment ]
//
// It does not allocate; on error it returns the zero URI and an *[Error].
func ParseRelativeRef(s string) (URI, error) { return parse(s, ruleRelative, false) }

// ParseRFC6874 is [Parse] that also accepts the IPv6 zone identifiers of RFC
// 6874, Section 2, which RFC 3986 does not have:
//
//	IPv6addrz = IPv6address "%25" ZoneID
//
// [URI.Zone] returns the zone, and the methods of such a value keep it. RFC
// 9844 has obsoleted RFC 6874: use it only where such URIs must be read. It
// does not allocate.
func ParseRFC6874(s string) (URI, error) { return parse(s, ruleReference, true) }

// MustParse is like [Parse] but panics if s is not a valid URI reference. It
// is meant for tests and examples with constant inputs, never for input from
// outside the program.
func MustParse(s string) URI {
	u, err := Parse(s)
	if err != nil {
		panic(err)
	}
	return u
}

// parse is the single forward pass behind every Parse function (see
// parseText).
func parse(s string, r rule, allowZone bool) (URI, error) {
	var u URI
	err := u.parseText(s, grammar{rule: r, zone: allowZone})
	return u, err
}

// grammar is what the parser accepts: the start rule, RFC 6874 zones, and,
// with iri, the IRI-reference of RFC 3987, Section 2.2 (the same rules with
// ucschar added to the userinfo, reg-name, path, query and fragment
// characters, and iprivate to the query's).
type grammar struct {
	rule rule
	zone bool
	iri  bool
}

// masks returns the extra mode bits of the component masks: the
// non-ASCII characters of an IRI.
func (g grammar) masks() (ucs, ucsQuery uint16) {
	if g.iri {
		return abnf.Ucschar, abnf.Ucschar | abnf.Iprivate
	}
	return 0, 0
}

// parseText parses s into u, which must be the zero value, and leaves it the
// zero value on error: the scheme, the hier-part or relative-part, the query
// and the fragment, in that order. It decides each component as soon as the
// grammar allows and never rescans one, except to classify a finished
// reg-name as an IPv4address and to check that a port found before the end
// of the authority is all digits. The hot paths that need a URI only for a moment
// call it on a local: a URI returned by value and then copied whole is
// stored field by field and loaded in wide moves, which stalls on store
// forwarding.
func (u *ref) parseText(s string, g grammar) error {
	if len(s) > maxLen {
		return &Error{Op: OpParse, Input: s, Offset: maxLen, Err: ErrTooLong}
	}
	u.s = s
	ucs, ucsQuery := g.masks()
	i, firstSeg := 0, -1 // firstSeg: where a path-noscheme read as a scheme resumes
	var err error
	if g.rule != ruleRelative {
		// scheme ":", or the start of a path-noscheme segment (every
		// scheme byte is a pchar other than ":").
		switch j := abnf.SchemeLen(s); {
		case j > 0 && j < len(s) && s[j] == ':':
			u.schemeEnd = int32(j)
			u.flags |= fScheme
			i = j + 1
		case g.rule == ruleURI || g.rule == ruleAbsolute:
			return u.failed(missingScheme(s, j))
		case j > 0:
			firstSeg = j
		}
	}
	// hier-part / relative-part: "//" authority path-abempty, or a path.
	if firstSeg < 0 && i+1 < len(s) && s[i] == '/' && s[i+1] == '/' {
		u.flags |= fAuthority
		if i, err = u.parseAuthority(i+2, g.zone, ucs); err != nil {
			return u.failed(err)
		}
	} else {
		u.hostStart, u.hostEnd = int32(i), int32(i)
	}
	u.pathStart = int32(i)
	if i, err = u.parsePath(i, firstSeg, ucs); err != nil {
		return u.failed(err)
	}
	u.pathEnd, u.queryEnd = int32(i), int32(i)
	if i < len(s) && s[i] == '?' {
		u.flags |= fQuery
		if i, err = scanComponent(s, i+1, abnf.Query|ucsQuery); err != nil {
			return u.failed(u.fail(i, Query, err))
		}
		u.queryEnd = int32(i)
	}
	if i < len(s) && s[i] == '#' {
		if g.rule == ruleAbsolute {
			return u.failed(u.fail(i, Fragment, ErrFragmentNotAllowed))
		}
		u.flags |= fFragment
		if i, err = scanComponent(s, i+1, abnf.Query|ucs); err != nil {
			return u.failed(u.fail(i, Fragment, err))
		}
		if i < len(s) {
			return u.failed(u.fail(i, Fragment, ErrInvalidByte))
		}
	}
	if i < len(s) {
		c := Path
		if u.flags&fQuery != 0 {
			c = Query
		}
		return u.failed(u.fail(i, c, ErrInvalidByte))
	}
	return nil
}

// failed sets u back to the zero value, as a failed parse leaves it, and
// returns err.
func (u *ref) failed(err error) error {
	*u = ref{}
	return err
}

// fail returns the *Error of a parse of u.s.
func (u *ref) fail(off int, c Component, err error) error {
	return &Error{Op: OpParse, Input: u.s, Offset: off, Component: c, Err: err}
}

// missingScheme is the error of a rule that requires a scheme, where the
// scheme of s breaks off at j.
func missingScheme(s string, j int) *Error {
	e := &Error{Op: OpParse, Input: s, Offset: j, Component: Scheme, Err: ErrInvalidByte}
	if j == len(s) || (j == 0 && abnf.Classes[s[0]]&abnf.GenDelims != 0) {
		e.Err = ErrMissingScheme
	}
	return e
}

// parsePath reads the path at s[i]: path-abempty after an authority,
// path-absolute or path-rootless after a scheme, path-absolute or
// path-noscheme in a relative reference (RFC 3986, Sections 3.3 and 4.2).
// firstSeg, when not -1, is where the scan of a first segment already read
// as a scheme resumes.
func (u *ref) parsePath(i, firstSeg int, ucs uint16) (int, error) {
	s := u.s
	var err error
	if u.flags&(fScheme|fAuthority) == 0 && (firstSeg >= 0 || i >= len(s) || s[i] != '/') {
		// path-noscheme: the first segment may not contain ":".
		if firstSeg >= 0 {
			i = firstSeg
		}
		if i, err = scanComponent(s, i, abnf.SegmentNC|ucs); err != nil {
			return 0, u.fail(i, Path, err)
		}
		if i < len(s) && s[i] == ':' {
			return 0, u.fail(i, Path, ErrColonInFirstSegment)
		}
	}
	if i, err = scanComponent(s, i, abnf.Path|ucs); err != nil {
		return 0, u.fail(i, Path, err)
	}
	return i, nil
}

// scanComponent is abnf.Scan with its fault as the error of this package:
// ErrBadPercent, ErrInvalidUTF8 or ErrInvalidByte, or nil.
func scanComponent(s string, i int, mask uint16) (int, error) {
	k, f := abnf.Scan(s, i, mask)
	return k, faults[f]
}

// faults are the errors of abnf.Scan's faults.
var faults = [...]error{abnf.OK: nil, abnf.BadPercent: ErrBadPercent, abnf.BadUTF8: ErrInvalidUTF8, abnf.NotAllowed: ErrInvalidByte}

// scanAll checks that s[from:to] is all bytes of mask and pct-encodings. It
// returns the offset of the first that is not, and the reason.
func scanAll(s string, from, to int, mask uint16) (int, error) {
	k, err := scanComponent(s[:to], from, mask)
	if err == nil && k < to {
		err = ErrInvalidByte
	}
	return k, err
}

// endsAuthority reports whether the byte at s[i] ends an authority: the end
// of input or one of "/", "?", "#" (RFC 3986, Section 3.2).
func endsAuthority(s string, i int) bool {
	return i >= len(s) || s[i] == '/' || s[i] == '?' || s[i] == '#'
}

// parseAuthority parses
//
//	authority = [ userinfo "@" ] host [ ":" port ]
//
// starting at a, just after "//", and records the offsets in u. It returns the
// index where the authority ends. Until an "@" or the end of the authority is
// seen, the bytes could be userinfo or host and port; they are read once, as
// userinfo, and split when the authority ends.
func (u *ref) parseAuthority(a int, allowZone bool, ucs uint16) (int, error) {
	s := u.s
	if a < len(s) && s[a] == '[' {
		return u.parseHostPort(a, allowZone, ucs)
	}
	k, err := scanComponent(s, a, abnf.RegName|ucs)
	colon := -1
	if err == nil && k < len(s) && s[k] == ':' {
		colon = k
		k, err = scanComponent(s, k+1, abnf.Userinfo|ucs)
	}
	switch {
	case err != nil:
		return 0, u.fail(k, Authority, err)
	case k < len(s) && s[k] == '@':
		u.flags |= fUserinfo
		return u.parseHostPort(k+1, allowZone, ucs)
	case !endsAuthority(s, k):
		return 0, u.fail(k, Authority, ErrInvalidByte)
	}
	// No "@": host [ ":" port ], split at the first colon. A port that is
	// not all digits is reported at its first byte that is not a digit,
	// which only now is known to be wrong (see Error).
	hostEnd := k
	if colon >= 0 {
		hostEnd = colon
		for j := colon + 1; j < k; j++ {
			if !abnf.IsDigit(s[j]) {
				return 0, u.fail(j, Port, ErrBadPort)
			}
		}
		u.flags |= fPort
	}
	u.setHost(a, hostEnd)
	return k, nil
}

// parseHostPort parses host [ ":" port ] at s[h], once it is known not to
// be userinfo: an IP-literal or a reg-name, and the port.
func (u *ref) parseHostPort(h int, allowZone bool, ucs uint16) (int, error) {
	s := u.s
	var k int
	if h < len(s) && s[h] == '[' {
		end, kind, err := parseIPLiteral(s, h, allowZone)
		if err != nil {
			return 0, u.fail(end, Host, err)
		}
		k = end
		u.hostStart, u.hostEnd = int32(h), int32(k)
		u.flags |= flags(kind) << kindShift
	} else {
		var err error
		if k, err = scanComponent(s, h, abnf.RegName|ucs); err != nil {
			return 0, u.fail(k, Host, err)
		}
		u.setHost(h, k)
	}
	if k < len(s) && s[k] == ':' {
		u.flags |= fPort
		k++
		for k < len(s) && abnf.IsDigit(s[k]) {
			k++
		}
		if !endsAuthority(s, k) {
			return 0, u.fail(k, Port, ErrInvalidByte)
		}
	} else if !endsAuthority(s, k) {
		return 0, u.fail(k, Host, ErrInvalidByte)
	}
	return k, nil
}

// setHost records s[h:e] as a reg-name or IPv4address host.
func (u *ref) setHost(h, e int) {
	u.hostStart, u.hostEnd = int32(h), int32(e)
	if abnf.IsIPv4(u.s[h:e]) {
		u.flags |= flags(HostIPv4) << kindShift
	} else {
		u.flags |= flags(HostRegName) << kindShift
	}
}
