package uri

import "math"

// The character sets of RFC 3986, copied from Appendix A. Every class below is
// built from these strings and nothing else.
const (
	// ALPHA = %x41-5A / %x61-7A (RFC 5234, Appendix B.1)
	alphaChars = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
	// DIGIT = %x30-39
	digitChars = "0123456789"
	// HEXDIG = DIGIT / "A" / "B" / "C" / "D" / "E" / "F" (case-insensitive)
	hexChars = digitChars + "ABCDEFabcdef"
	// unreserved = ALPHA / DIGIT / "-" / "." / "_" / "~"
	unreservedChars = alphaChars + digitChars + "-._~"
	// sub-delims = "!" / "$" / "&" / "'" / "(" / ")" / "*" / "+" / "," / ";" / "="
	subDelimChars = "!$&'()*+,;="
	// gen-delims = ":" / "/" / "?" / "#" / "[" / "]" / "@"
	genDelimChars = ":/?#[]@"
	// scheme = ALPHA *( ALPHA / DIGIT / "+" / "-" / "." ): the bytes after the first
	schemeTailChars = alphaChars + digitChars + "+-."
)

// Character-class bits. A byte's entry in classes is the OR of the bits of the
// sets it belongs to; bytes >= 0x80 belong to none.
const (
	cAlpha      uint16 = 1 << iota // ALPHA
	cDigit                         // DIGIT
	cHex                           // HEXDIG
	cUnreserved                    // unreserved
	cSubDelims                     // sub-delims
	cGenDelims                     // gen-delims
	cSchemeTail                    // ALPHA / DIGIT / "+" / "-" / "."
	cColon                         // ":"
	cAt                            // "@"
	cSlash                         // "/"
	cQuestion                      // "?"

	// Mode bits: they appear only in the masks given to scan, never in
	// classes, and let scan read the non-ASCII characters of an IRI
	// (RFC 3987, Section 2.2) where the IRI grammar allows them.
	iUcschar  // ucschar, in iunreserved
	iIprivate // iprivate, in iquery only
)

// Masks for the component rules of Appendix A. pct-encoded is handled by scan,
// never by a mask, because "%" must be followed by two HEXDIG.
const (
	// reg-name = *( unreserved / pct-encoded / sub-delims )
	mRegName = cUnreserved | cSubDelims
	// userinfo = *( unreserved / pct-encoded / sub-delims / ":" )
	mUserinfo = cUnreserved | cSubDelims | cColon
	// pchar = unreserved / pct-encoded / sub-delims / ":" / "@"
	mPchar = cUnreserved | cSubDelims | cColon | cAt
	// segment-nz-nc = 1*( unreserved / pct-encoded / sub-delims / "@" )
	mSegmentNC = cUnreserved | cSubDelims | cAt
	// path-abempty, path-absolute, path-rootless: segments of pchar joined by "/"
	mPath = mPchar | cSlash
	// query = *( pchar / "/" / "?" ), and fragment is the same set
	mQuery = mPchar | cSlash | cQuestion
	// IPvFuture's tail: 1*( unreserved / sub-delims / ":" )
	mFuture = cUnreserved | cSubDelims | cColon
)

// classes maps every byte to its character-class bits. It is written once,
// when the package is initialized, and only read after that.
var classes = buildClasses()

func buildClasses() (t [256]uint16) {
	set := func(chars string, bit uint16) {
		for i := 0; i < len(chars); i++ {
			t[chars[i]] |= bit
		}
	}
	set(alphaChars, cAlpha)
	set(digitChars, cDigit)
	set(hexChars, cHex)
	set(unreservedChars, cUnreserved)
	set(subDelimChars, cSubDelims)
	set(genDelimChars, cGenDelims)
	set(schemeTailChars, cSchemeTail)
	set(":", cColon)
	set("@", cAt)
	set("/", cSlash)
	set("?", cQuestion)
	return t
}

func isHex(c byte) bool   { return classes[c]&cHex != 0 }
func isDigit(c byte) bool { return classes[c]&cDigit != 0 }

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
// It accepts exactly what the ABNF of RFC 3986, Appendix A accepts, and
// repairs nothing: a space, a backslash, a bare "%", a non-ASCII byte, a "#"
// inside the fragment or an IPv6 zone identifier is an error. Absent and empty
// components stay distinct, so Parse(s).String() == s for every valid s.
//
// Parse does not allocate. On error it returns the zero URI and an *[Error]
// giving the offset, the component and the reason.
func Parse(s string) (URI, error) { return parse(s, ruleReference, false, false) }

// ParseURI parses s as a URI (RFC 3986, Section 3): a reference with a
// scheme, and possibly a fragment.
//
//	URI = scheme ":" hier-part [ "?" query ] [ "#" fragment ]
//
// It does not allocate; on error it returns the zero URI and an *[Error].
func ParseURI(s string) (URI, error) { return parse(s, ruleURI, false, false) }

// ParseAbsoluteURI parses s as an absolute-URI (RFC 3986, Section 4.3), the
// form a base URI takes: a scheme and no fragment.
//
//	absolute-URI = scheme ":" hier-part [ "?" query ]
//
// It does not allocate; on error it returns the zero URI and an *[Error].
func ParseAbsoluteURI(s string) (URI, error) { return parse(s, ruleAbsolute, false, false) }

// ParseRelativeRef parses s as a relative-ref (RFC 3986, Section 4.2): a
// reference with no scheme.
//
//	relative-ref = relative-part [ "?" query ] [ "#" fragment ]
//
// Input such as "http:x" is an error at the colon, because a relative
// reference's first path segment cannot contain ":". It does not allocate; on
// error it returns the zero URI and an *[Error].
func ParseRelativeRef(s string) (URI, error) { return parse(s, ruleRelative, false, false) }

// ParseRFC6874 parses s as a URI-reference like [Parse], and also accepts the
// IPv6 zone identifiers of RFC 6874, Section 2, which RFC 3986 does not have:
//
//	IP-literal = "[" ( IPv6address / IPv6addrz / IPvFuture ) "]"
//	IPv6addrz  = IPv6address "%25" ZoneID
//	ZoneID     = 1*( unreserved / pct-encoded )
//
// [URI.Zone] returns the zone as written. RFC 9844 has since obsoleted
// RFC 6874, so use this only where such URIs must be read; nothing else in
// this package produces them. It does not allocate.
func ParseRFC6874(s string) (URI, error) { return parse(s, ruleReference, true, false) }

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

// scan advances from i over bytes in the class mask and over well-formed
// pct-encodings. It returns the index of the first byte that is neither; if
// that byte is a "%" without two HEXDIG after it, it returns instead the offset
// of the first bad byte (len(s) if s ends first) and ErrBadPercent.
func scan(s string, i int, mask uint16) (int, error) {
	for i < len(s) {
		// Four bytes at a time while all four are in the class: most
		// components are long runs of class bytes.
		for i+4 <= len(s) {
			t := s[i : i+4] // one bounds check for the four
			if classes[t[0]]&mask == 0 || classes[t[1]]&mask == 0 || classes[t[2]]&mask == 0 || classes[t[3]]&mask == 0 {
				break
			}
			i += 4
		}
		if i >= len(s) {
			break
		}
		c := s[i]
		if classes[c]&mask != 0 {
			i++
			continue
		}
		if c != '%' {
			break
		}
		if i+1 >= len(s) {
			return len(s), ErrBadPercent
		}
		if !isHex(s[i+1]) {
			return i + 1, ErrBadPercent
		}
		if i+2 >= len(s) {
			return len(s), ErrBadPercent
		}
		if !isHex(s[i+2]) {
			return i + 2, ErrBadPercent
		}
		i += 3
	}
	return i, nil
}

// moreIRI reports whether scan, given mask, stopped without error on a byte
// >= 0x80 that an IRI may have there: the caller then goes on with scanIRI.
// scan itself stays as it is for the strict parser, a leaf function whose
// loop knows nothing of IRIs.
func moreIRI(s string, i int, err error, mask uint16) bool {
	return mask&iUcschar != 0 && err == nil && i < len(s) && s[i] >= 0x80
}

// scanIRI continues scan where it stopped on a non-ASCII byte (see moreIRI):
// it reads the non-ASCII characters of an IRI and the ASCII runs between
// them.
func scanIRI(s string, i int, mask uint16) (int, error) {
	ascii := mask &^ iUcschar
	for i < len(s) && s[i] >= 0x80 {
		k, err := scanIRIChar(s, i, mask&iIprivate != 0)
		if err != nil {
			return k, err
		}
		if i, err = scan(s, k, ascii); err != nil {
			return i, err
		}
	}
	return i, nil
}

// endsAuthority reports whether the byte at s[i] ends an authority: the end
// of input or one of "/", "?", "#" (RFC 3986, Section 3.2).
func endsAuthority(s string, i int) bool {
	return i >= len(s) || s[i] == '/' || s[i] == '?' || s[i] == '#'
}

// parse is the single forward pass behind every Parse function. It decides
// each component as soon as the grammar allows and never rescans one, except
// to classify a finished reg-name as an IPv4address and to check that a port
// found before the end of the authority is all digits. With iri set it reads
// an IRI-reference (RFC 3987, Section 2.2) instead: the same rules, with
// ucschar added to the userinfo, reg-name, path, query and fragment
// characters, and iprivate to the query's.
func parse(s string, r rule, allowZone, iri bool) (URI, error) {
	var u URI
	err := u.parseText(s, r, allowZone, iri)
	return u, err
}

// parseText is parse writing into u, which must be the zero URI, and is
// left as the zero URI on error. The hot paths that need a URI only for a
// moment call it on a local: a URI returned by value and then copied whole
// is stored field by field and loaded in wide moves, which stalls on store
// forwarding.
func (u *URI) parseText(s string, r rule, allowZone, iri bool) error {
	var ucs, ucsQuery uint16 // the mode bits added to the masks
	if iri {
		ucs, ucsQuery = iUcschar, iUcschar|iIprivate
	}
	n := len(s)
	if n > maxLen {
		return &Error{Op: "parse", Input: s, Offset: maxLen, Err: ErrTooLong}
	}
	fail := func(off int, c Component, err error) error {
		*u = URI{}
		return &Error{Op: "parse", Input: s, Offset: off, Component: c, Err: err}
	}
	u.s = s
	i := 0         // the next byte to read
	firstSeg := -1 // with no scheme: where scanning of a noscheme first segment resumes

	// scheme = ALPHA *( ALPHA / DIGIT / "+" / "-" / "." ), then ":".
	if r != ruleRelative {
		j := 0
		if n > 0 && classes[s[0]]&cAlpha != 0 {
			j = 1
			for j < n && classes[s[j]]&cSchemeTail != 0 {
				j++
			}
		}
		switch {
		case j > 0 && j < n && s[j] == ':':
			u.schemeEnd = int32(j)
			u.flags |= fScheme
			i = j + 1
		case r == ruleURI || r == ruleAbsolute:
			if j == n || (j == 0 && classes[s[0]]&cGenDelims != 0) {
				return fail(j, Scheme, ErrMissingScheme)
			}
			return fail(j, Scheme, ErrInvalidByte)
		default:
			// No scheme: what was read is the start of a path-noscheme
			// segment (every scheme byte is a pchar other than ":").
			if j > 0 {
				firstSeg = j
			}
		}
	}

	// hier-part / relative-part: "//" authority path-abempty, or a path.
	if firstSeg < 0 && i+1 < n && s[i] == '/' && s[i+1] == '/' {
		u.flags |= fAuthority
		k, err := u.parseAuthority(i+2, allowZone, ucs)
		if err != nil {
			*u = URI{}
			return err
		}
		i = k
	} else {
		u.hostStart, u.hostEnd = int32(i), int32(i)
	}
	u.pathStart = int32(i)

	var err error
	switch {
	case u.flags&(fScheme|fAuthority) == 0 && (firstSeg >= 0 || i >= n || s[i] != '/'):
		// path-noscheme: the first segment may not contain ":".
		if firstSeg >= 0 {
			i = firstSeg
		}
		i, err = scan(s, i, mSegmentNC|ucs)
		if moreIRI(s, i, err, mSegmentNC|ucs) {
			i, err = scanIRI(s, i, mSegmentNC|ucs)
		}
		if err == nil && i < n && s[i] == ':' {
			return fail(i, Path, ErrColonInFirstSegment)
		}
		if err == nil {
			i, err = scan(s, i, mPath|ucs)
			if moreIRI(s, i, err, mPath|ucs) {
				i, err = scanIRI(s, i, mPath|ucs)
			}
		}
	default:
		i, err = scan(s, i, mPath|ucs)
		if moreIRI(s, i, err, mPath|ucs) {
			i, err = scanIRI(s, i, mPath|ucs)
		}
	}
	if err != nil {
		return fail(i, Path, err)
	}
	u.pathEnd = int32(i)
	u.queryEnd = int32(i)

	if i < n && s[i] == '?' {
		u.flags |= fQuery
		i, err = scan(s, i+1, mQuery|ucsQuery)
		if moreIRI(s, i, err, mQuery|ucsQuery) {
			i, err = scanIRI(s, i, mQuery|ucsQuery)
		}
		if err != nil {
			return fail(i, Query, err)
		}
		u.queryEnd = int32(i)
	}
	if i < n && s[i] == '#' {
		if r == ruleAbsolute {
			return fail(i, Fragment, ErrFragmentNotAllowed)
		}
		u.flags |= fFragment
		i, err = scan(s, i+1, mQuery|ucs)
		if moreIRI(s, i, err, mQuery|ucs) {
			i, err = scanIRI(s, i, mQuery|ucs)
		}
		if err != nil {
			return fail(i, Fragment, err)
		}
		if i < n {
			return fail(i, Fragment, ErrInvalidByte)
		}
	}
	if i < n {
		c := Path
		if u.flags&fQuery != 0 {
			c = Query
		}
		return fail(i, c, ErrInvalidByte)
	}
	return nil
}

// parseAuthority parses
//
//	authority = [ userinfo "@" ] host [ ":" port ]
//
// starting at a, just after "//", and records the offsets in u. It returns the
// index where the authority ends. Until an "@" or the end of the authority is
// seen, the bytes could be userinfo or host and port; they are read once, as
// userinfo, and split when the authority ends.
func (u *URI) parseAuthority(a int, allowZone bool, ucs uint16) (int, error) {
	s := u.s
	fail := func(off int, c Component, err error) (int, error) {
		return 0, &Error{Op: "parse", Input: s, Offset: off, Component: c, Err: err}
	}
	h := a // host start
	if a >= len(s) || s[a] != '[' {
		k, err := scan(s, a, mRegName|ucs)
		if moreIRI(s, k, err, mRegName|ucs) {
			k, err = scanIRI(s, k, mRegName|ucs)
		}
		colon := -1
		if err == nil && k < len(s) && s[k] == ':' {
			colon = k
			k, err = scan(s, k+1, mUserinfo|ucs)
			if moreIRI(s, k, err, mUserinfo|ucs) {
				k, err = scanIRI(s, k, mUserinfo|ucs)
			}
		}
		if err != nil {
			return fail(k, Authority, err)
		}
		if k < len(s) && s[k] == '@' {
			u.flags |= fUserinfo
			h = k + 1
		} else {
			if !endsAuthority(s, k) {
				return fail(k, Authority, ErrInvalidByte)
			}
			// No "@": host [ ":" port ], split at the first colon.
			hostEnd := k
			if colon >= 0 {
				hostEnd = colon
				for j := colon + 1; j < k; j++ {
					if !isDigit(s[j]) {
						return fail(k, Port, ErrBadPort)
					}
				}
				u.flags |= fPort
			}
			u.setHost(a, hostEnd)
			return k, nil
		}
	}

	// The host, now that it cannot be userinfo: IP-literal or reg-name.
	var k int
	if h < len(s) && s[h] == '[' {
		end, kind, err := parseIPLiteral(s, h, allowZone)
		if err != nil {
			return fail(end, Host, err)
		}
		k = end
		u.hostStart, u.hostEnd = int32(h), int32(k)
		u.flags |= flags(kind) << kindShift
	} else {
		var err error
		k, err = scan(s, h, mRegName|ucs)
		if moreIRI(s, k, err, mRegName|ucs) {
			k, err = scanIRI(s, k, mRegName|ucs)
		}
		if err != nil {
			return fail(k, Host, err)
		}
		u.setHost(h, k)
	}
	if k < len(s) && s[k] == ':' {
		u.flags |= fPort
		k++
		for k < len(s) && isDigit(s[k]) {
			k++
		}
		if !endsAuthority(s, k) {
			return fail(k, Port, ErrInvalidByte)
		}
	} else if !endsAuthority(s, k) {
		return fail(k, Host, ErrInvalidByte)
	}
	return k, nil
}

// setHost records s[h:e] as a reg-name or IPv4address host.
func (u *URI) setHost(h, e int) {
	u.hostStart, u.hostEnd = int32(h), int32(e)
	if isIPv4(u.s[h:e]) {
		u.flags |= flags(HostIPv4) << kindShift
	} else {
		u.flags |= flags(HostRegName) << kindShift
	}
}
