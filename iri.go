package uri

import (
	"strings"
	"unicode/utf8"
)

// This file reads IRIs (RFC 3987) and maps between IRIs and URIs. An IRI is
// held in the same URI value as a URI: its text is UTF-8 and its accessors
// return UTF-8 substrings. RFC 3987, Section 2.2 changes four rules of
// RFC 3986 and adds two character sets:
//
//	iunreserved = ALPHA / DIGIT / "-" / "." / "_" / "~" / ucschar
//	iquery      = *( ipchar / iprivate / "/" / "?" )
//	ucschar     = %xA0-D7FF / %xF900-FDCF / %xFDF0-FFEF
//	            / %x10000-1FFFD / %x20000-2FFFD / %x30000-3FFFD
//	            / %x40000-4FFFD / %x50000-5FFFD / %x60000-6FFFD
//	            / %x70000-7FFFD / %x80000-8FFFD / %x90000-9FFFD
//	            / %xA0000-AFFFD / %xB0000-BFFFD / %xC0000-CFFFD
//	            / %xD0000-DFFFD / %xE1000-EFFFD
//	iprivate    = %xE000-F8FF / %xF0000-FFFFD / %x100000-10FFFD
//
// iunreserved takes the place of unreserved in iuserinfo, ireg-name, ipchar
// and isegment-nz-nc; the scheme, IP literals and the port stay ASCII.

// ucschar lists the ranges of ucschar, without the bidirectional formatting
// characters that RFC 3987, Section 4.1 forbids in IRIs ("IRIs MUST NOT
// contain bidirectional formatting characters"): LRM U+200E, RLM U+200F,
// LRE U+202A, RLE U+202B, PDF U+202C, LRO U+202D and RLO U+202E.
var ucschar = [][2]rune{
	{0xA0, 0x200D}, {0x2010, 0x2029}, {0x202F, 0xD7FF},
	{0xF900, 0xFDCF}, {0xFDF0, 0xFFEF},
	{0x10000, 0x1FFFD}, {0x20000, 0x2FFFD}, {0x30000, 0x3FFFD},
	{0x40000, 0x4FFFD}, {0x50000, 0x5FFFD}, {0x60000, 0x6FFFD},
	{0x70000, 0x7FFFD}, {0x80000, 0x8FFFD}, {0x90000, 0x9FFFD},
	{0xA0000, 0xAFFFD}, {0xB0000, 0xBFFFD}, {0xC0000, 0xCFFFD},
	{0xD0000, 0xDFFFD}, {0xE1000, 0xEFFFD},
}

// iprivate lists the ranges of iprivate.
var iprivate = [][2]rune{{0xE000, 0xF8FF}, {0xF0000, 0xFFFFD}, {0x100000, 0x10FFFD}}

// allowedRune reports whether some rune in [lo, hi] is an ucschar, or, with
// private, an iprivate.
func allowedRune(lo, hi rune, private bool) bool {
	for _, r := range ucschar {
		if lo <= r[1] && r[0] <= hi {
			return true
		}
	}
	if private {
		for _, r := range iprivate {
			if lo <= r[1] && r[0] <= hi {
				return true
			}
		}
	}
	return false
}

// scanIRIChar reads the non-ASCII character at s[i] in an IRI component
// that allows ucschar, and iprivate too when private is set. It returns the
// index after it or, when it is not allowed, the offset of the first byte
// that cannot continue an allowed character (len(s) if s ends inside one)
// and ErrInvalidUTF8 or ErrInvalidByte.
func scanIRIChar(s string, i int, private bool) (int, error) {
	r, size := utf8.DecodeRuneInString(s[i:])
	if size > 1 && allowedRune(r, r, private) {
		return i + size, nil
	}
	allowed := func(lo, hi rune) bool { return allowedRune(lo, hi, private) }
	k := allowedPrefix(s[i:min(len(s), i+utf8.UTFMax)], allowed)
	if size == 1 {
		return i + k, ErrInvalidUTF8
	}
	return i + k, ErrInvalidByte
}

// allowedPrefix returns how many bytes at the start of b (at most 4 bytes,
// not an allowed character) begin the UTF-8 encoding of some character for
// which allowed(lo, hi) says that it lies in [lo, hi]: 0 for a byte that
// cannot begin one, len(b) when b ends too early. The runes whose encodings
// begin with a given prefix form one range, because UTF-8 keeps the order
// of code points; overlong forms and values above U+10FFFF are outside
// every such range, so the answer also follows RFC 3629.
func allowedPrefix(b string, allowed func(lo, hi rune) bool) int {
	n := 0 // the length of the sequence the lead byte announces
	var lead rune
	switch c := b[0]; {
	case c >= 0xC0 && c <= 0xDF:
		n, lead = 2, rune(c&0x1F)
	case c >= 0xE0 && c <= 0xEF:
		n, lead = 3, rune(c&0x0F)
	case c >= 0xF0 && c <= 0xF7:
		n, lead = 4, rune(c&0x07)
	default:
		return 0
	}
	// The smallest and largest code point of an n-byte sequence (RFC 3629):
	// anything outside is an overlong form or beyond U+10FFFF.
	minRune := [...]rune{2: 0x80, 3: 0x800, 4: 0x10000}[n]
	lo, hi := lead, lead
	for k := 1; k <= len(b) && k <= n; k++ {
		if k > 1 {
			c := b[k-1]
			if c < 0x80 || c > 0xBF {
				return k - 1
			}
			lo, hi = lo<<6|rune(c&0x3F), hi<<6|rune(c&0x3F)
		}
		// The runes this prefix can still become.
		shift := 6 * (n - k)
		from, to := max(lo<<shift, minRune), min(hi<<shift|(1<<shift-1), utf8.MaxRune)
		if from > to || !allowed(from, to) {
			return k - 1
		}
	}
	return min(len(b), n)
}

// ParseIRI parses s as an IRI-reference (RFC 3987, Section 2.2):
//
//	IRI-reference = IRI / irelative-ref
//
// It accepts what [Parse] accepts, and also the non-ASCII characters the
// IRI grammar allows: ucschar in the userinfo, the reg-name, the path, the
// query and the fragment, and iprivate in the query only.
//
//	ucschar  = %xA0-D7FF / %xF900-FDCF / %xFDF0-FFEF / %x10000-1FFFD
//	         / ... (each plane up to 14, without its last two code points)
//	         / %xE1000-EFFFD
//	iprivate = %xE000-F8FF / %xF0000-FFFFD / %x100000-10FFFD
//
// Invalid UTF-8 is an *[Error] wrapping
// [ErrInvalidUTF8]; a character the grammar does not allow there, such as a
// private-use one in the path, a non-character like U+FFFE, or one of the
// bidirectional formatting characters Section 4.1 forbids, wraps
// [ErrInvalidByte]. In both cases Offset is the first byte that cannot
// continue a valid IRI-reference, as for Parse.
//
// The result is the same URI value Parse gives, holding UTF-8 text; use
// [URI.ToURI] for the URI to send on the wire. ParseIRI does not allocate;
// on ASCII input it is exactly Parse.
func ParseIRI(s string) (URI, error) { return parse(s, ruleReference, false, true) }

// IRIToURI parses s with [ParseIRI] and maps it to a URI with [URI.ToURI].
func IRIToURI(s string) (URI, error) {
	u, err := ParseIRI(s)
	if err != nil {
		return URI{}, err
	}
	return u.ToURI()
}

// ToURI maps an IRI to a URI as RFC 3987, Section 3.1 says: every
// character outside US-ASCII is replaced by the percent-encoding of its
// UTF-8 octets, with uppercase hex digits: "http://résumé.example/café"
// becomes "http://r%C3%A9sum%C3%A9.example/caf%C3%A9".
//
// A reg-name host is written differently for schemes known to name hosts
// through the DNS (those of the scheme table of [URI.Normalize]: http,
// https, ws, wss, ftp, ...): Section 3.1 lets such a host become IDNA
// A-labels, and ToURI converts it with [HostToASCII], so
// "http://résumé.example/" becomes "http://xn--rsum-bpad.example/". A host
// that the UTS #46 lookup profile rejects (one with "_", say), and the host
// of any other scheme, is percent-encoded like the rest, which the same
// section always permits. All else is kept byte for byte.
//
// A value that is already ASCII, every value from [Parse] included, is
// returned as it is without allocating. The only error is a result longer
// than the 2 GiB this package can hold.
func (u URI) ToURI() (URI, error) {
	if isASCII(u.s) {
		return u, nil
	}
	c := u.Components()
	c.Userinfo = encodeNonASCII(c.Userinfo)
	if u.HostKind() == HostRegName {
		c.Host = hostToASCII(u.Scheme(), c.Host)
	}
	c.Path = encodeNonASCII(c.Path)
	c.Query = encodeNonASCII(c.Query)
	c.Fragment = encodeNonASCII(c.Fragment)
	v, err := c.URI()
	if err != nil {
		if e, ok := err.(*Error); ok {
			e.Op = "iri"
		}
		return URI{}, err
	}
	return v, nil
}

// hostToASCII maps an ireg-name to a reg-name (RFC 3987, Section 3.1):
// A-labels for a scheme that names hosts through the DNS, when the name is
// a valid internationalized domain name, and percent-encoding otherwise.
func hostToASCII(scheme, host string) string {
	if isASCII(host) {
		return host
	}
	if namesDNSHost(scheme) {
		if a, err := HostToASCII(host); err == nil {
			return a
		}
	}
	return encodeNonASCII(host)
}

// namesDNSHost reports whether the scheme's reg-name hosts are DNS names,
// as for every scheme of the scheme table with a default port.
func namesDNSHost(scheme string) bool {
	info, ok := schemes[strings.ToLower(scheme)]
	return ok && info.port != ""
}

// hasALabel reports whether a label of the host starts with the ACE prefix
// "xn--" of IDNA (RFC 5890, Section 2.3.2.1), in any case.
func hasALabel(host string) bool {
	for i := 0; i+4 <= len(host); i++ {
		if (i == 0 || host[i-1] == '.') && strings.EqualFold(host[i:i+4], "xn--") {
			return true
		}
	}
	return false
}

// isASCII reports whether s has no byte >= 0x80.
func isASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			return false
		}
	}
	return true
}

// encodeNonASCII percent-encodes the bytes >= 0x80 of s.
func encodeNonASCII(s string) string {
	n := 0
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			n++
		}
	}
	if n == 0 {
		return s
	}
	var b strings.Builder
	b.Grow(len(s) + 2*n)
	for i := 0; i < len(s); i++ {
		if c := s[i]; c >= utf8.RuneSelf {
			b.WriteByte('%')
			b.WriteByte(upperHex[c>>4])
			b.WriteByte(upperHex[c&15])
		} else {
			b.WriteByte(c)
		}
	}
	return b.String()
}

// ToIRI maps a URI to an IRI for display, as RFC 3987, Section 3.2 says:
// a run of percent-encodings is decoded only where its octets are valid
// UTF-8 (RFC 3629) and each character they spell is allowed in that
// component of an IRI: an ucschar, or an iprivate in the query. Everything
// else stays encoded: "%2F" and every other ASCII octet (so the result
// means exactly what u means: decoding "%2F" or "%2E" could change it),
// octets that are not UTF-8 ("D%FCrst" stays), and the bidirectional
// formatting characters Section 4.1 forbids ("%E2%80%AE", RLO, stays).
// "http://www.example.org/D%C3%BCrst" becomes "http://www.example.org/Dürst".
//
// The host of a scheme that names hosts through the DNS (see [URI.ToURI])
// is shown in Unicode when it has IDNA A-labels ("xn--"), converted with
// [HostToUnicode], but only when [CheckHomograph] finds no mixed scripts or
// look-alike labels in it: "http://xn--rsum-bpad.example/" becomes
// "http://résumé.example/", while a name that imitates a Latin one keeps its
// A-labels, as browsers show it. The conversion applies the UTS #46 mapping
// to the whole name, so its ASCII letters come out in lower case. The
// scheme, IP literals and the port are ASCII and kept.
//
// The result parses with [ParseIRI] to the same components, and
// [URI.ToURI] maps it back to u, except that the hex digits of the
// sequences it decoded come back in upper case, and that a host of a DNS
// scheme may come back as the A-labels of the same name. When there is
// nothing to decode, u is returned without allocating.
func (u URI) ToIRI() URI {
	dnsHost := u.HostKind() == HostRegName && namesDNSHost(u.Scheme()) && hasALabel(u.Host())
	if strings.IndexByte(u.s, '%') < 0 && !dnsHost {
		return u
	}
	c := u.Components()
	c.Userinfo = decodeIRI(c.Userinfo, false)
	if u.HostKind() == HostRegName {
		c.Host = decodeIRI(c.Host, false)
		if dnsHost && CheckHomograph(c.Host) == nil {
			if h, err := HostToUnicode(c.Host); err == nil {
				c.Host = h
			}
		}
	}
	c.Path = decodeIRI(c.Path, false)
	c.Query = decodeIRI(c.Query, true)
	c.Fragment = decodeIRI(c.Fragment, false)
	if c == u.Components() {
		return u
	}
	return c.iri()
}

// decodeIRI decodes the runs of percent-encodings in s that spell allowed
// non-ASCII characters (RFC 3987, Section 3.2, steps 2 to 4).
func decodeIRI(s string, private bool) string {
	var b strings.Builder
	done := 0 // s[:done] has been written to b, or nothing changed yet
	for i := 0; i < len(s); {
		if s[i] != '%' || i+2 >= len(s) {
			i++
			continue
		}
		// The run of pct-encodings that starts here: n octets.
		j := i
		for j+2 < len(s) && s[j] == '%' && isHex(s[j+1]) && isHex(s[j+2]) {
			j += 3
		}
		if j == i {
			i++
			continue
		}
		n := (j - i) / 3
		// Walk the octets: an allowed character is written decoded, any
		// other octet keeps its three bytes of s. The octets of one
		// character at most are decoded at a time, into a fixed array, so
		// that nothing is allocated for runs that stay encoded.
		for k := 0; k < n; {
			var oct [utf8.UTFMax]byte
			m := 0
			for ; m < len(oct) && k+m < n; m++ {
				p := i + 3*(k+m)
				oct[m] = unhex(s[p+1])<<4 | unhex(s[p+2])
			}
			r, size := utf8.DecodeRune(oct[:m])
			if r >= 0x80 && size > 1 && allowedRune(r, r, private) {
				if b.Len() == 0 && done == 0 {
					b.Grow(len(s))
				}
				b.WriteString(s[done : i+3*k])
				b.Write(oct[:size])
				done = i + 3*(k+size)
				k += size
				continue
			}
			k++
		}
		i = j
	}
	if done == 0 {
		return s
	}
	b.WriteString(s[done:])
	return b.String()
}

// iri builds the URI value of an IRI from components that are known to form
// a valid IRI-reference. Only ToIRI calls it, with u's own structure, so the
// checks of Components.URI are replaced by one ParseIRI of the result.
func (c Components) iri() URI {
	v, err := parse(c.build().s, ruleReference, true, true)
	if err != nil {
		return URI{}
	}
	return v
}
