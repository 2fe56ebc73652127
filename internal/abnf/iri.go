package abnf

import "unicode/utf8"

// The characters outside US-ASCII that RFC 3987, Section 2.2 adds to the
// URI grammar for IRIs:
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
// and isegment-nz-nc; the scheme, IP literals and the port stay ASCII. Scan
// reads them where a mask has the mode bit Ucschar (and Iprivate).

// ucschar lists the ranges of ucschar, without the bidirectional formatting
// characters that RFC 3987, Section 4.1 forbids in IRIs ("IRIs MUST NOT
// contain bidirectional formatting characters"): every character with the
// Unicode property Bidi_Control, that is ALM U+061C, LRM U+200E, RLM
// U+200F, LRE U+202A, RLE U+202B, PDF U+202C, LRO U+202D, RLO U+202E, LRI
// U+2066, RLI U+2067, FSI U+2068 and PDI U+2069 (the last four came with
// Unicode 6.3, after RFC 3987, and serve the same purpose). An IRI cannot
// hold them, and ToIRI keeps them percent-encoded, so that a displayed IRI
// cannot reorder its own text (RFC 3987, Section 4.1; the "Trojan Source"
// attack).
var ucschar = [][2]rune{
	{0xA0, 0x61B}, {0x61D, 0x200D}, {0x2010, 0x2029}, {0x202F, 0x2065}, {0x206A, 0xD7FF},
	{0xF900, 0xFDCF}, {0xFDF0, 0xFFEF},
	{0x10000, 0x1FFFD}, {0x20000, 0x2FFFD}, {0x30000, 0x3FFFD},
	{0x40000, 0x4FFFD}, {0x50000, 0x5FFFD}, {0x60000, 0x6FFFD},
	{0x70000, 0x7FFFD}, {0x80000, 0x8FFFD}, {0x90000, 0x9FFFD},
	{0xA0000, 0xAFFFD}, {0xB0000, 0xBFFFD}, {0xC0000, 0xCFFFD},
	{0xD0000, 0xDFFFD}, {0xE1000, 0xEFFFD},
}

// iprivate lists the ranges of iprivate.
var iprivate = [][2]rune{{0xE000, 0xF8FF}, {0xF0000, 0xFFFFD}, {0x100000, 0x10FFFD}}

// AllowedRune reports whether some rune in [lo, hi] is an ucschar, or, with
// private, an iprivate.
func AllowedRune(lo, hi rune, private bool) bool {
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

// scanIRI continues Scan where it stopped on a non-ASCII byte of a
// component whose mask has Ucschar: it reads the non-ASCII characters of an
// IRI (RFC 3987, Section 2.2) and the ASCII runs between them.
func scanIRI(s string, i int, mask uint16) (int, Fault) {
	ascii := mask &^ Ucschar
	for i < len(s) && s[i] >= 0x80 {
		k, f := scanIRIChar(s, i, mask&Iprivate != 0)
		if f != OK {
			return k, f
		}
		if i, f = Scan(s, k, ascii); f != OK {
			return i, f
		}
	}
	return i, OK
}

// scanIRIChar reads the non-ASCII character at s[i] in an IRI component
// that allows ucschar, and iprivate too when private is set. It returns the
// index after it or, when it is not allowed, the offset of the first byte
// that cannot continue an allowed character (len(s) if s ends inside one)
// and BadUTF8 or NotAllowed.
func scanIRIChar(s string, i int, private bool) (int, Fault) {
	r, size := utf8.DecodeRuneInString(s[i:])
	if size > 1 && AllowedRune(r, r, private) {
		return i + size, OK
	}
	allowed := func(lo, hi rune) bool { return AllowedRune(lo, hi, private) }
	k := AllowedPrefix(s[i:min(len(s), i+utf8.UTFMax)], allowed)
	if size == 1 {
		return i + k, BadUTF8
	}
	return i + k, NotAllowed
}

// AllowedPrefix returns how many bytes at the start of b (at most 4 bytes,
// not an allowed character) begin the UTF-8 encoding of some character for
// which allowed(lo, hi) says that it lies in [lo, hi]: 0 for a byte that
// cannot begin one, len(b) when b ends too early. The runes whose encodings
// begin with a given prefix form one range, because UTF-8 keeps the order
// of code points; overlong forms and values above U+10FFFF are outside
// every such range, so the answer also follows RFC 3629.
func AllowedPrefix(b string, allowed func(lo, hi rune) bool) int {
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
