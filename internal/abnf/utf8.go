package abnf

import "unicode/utf8"

// DecodeRune decodes the code point at s[i:] as the Encoding Standard's
// UTF-8 decoder does (https://encoding.spec.whatwg.org/#utf-8-decoder),
// which the URL Standard and the Fetch Standard read strings with. A byte
// sequence that is not UTF-8 decodes to U+FFFD with the length of its
// maximal subpart: "\xF0\x9F\x92" is one U+FFFD, "\xFF\xFF" two. The
// second result is the length in bytes; the third is false for a replaced
// sequence.
func DecodeRune(s string, i int) (rune, int, bool) {
	r, n := utf8.DecodeRuneInString(s[i:])
	if r != utf8.RuneError || n != 1 {
		return r, n, true
	}
	// Expected continuation bytes and the range of the first of them, per
	// the UTF-8 decoder of the Encoding Standard.
	c := s[i]
	var need int
	lo, hi := byte(0x80), byte(0xbf)
	switch {
	case 0xc2 <= c && c <= 0xdf:
		need = 1
	case 0xe0 <= c && c <= 0xef:
		need = 2
		if c == 0xe0 {
			lo = 0xa0
		} else if c == 0xed {
			hi = 0x9f
		}
	case 0xf0 <= c && c <= 0xf4:
		need = 3
		if c == 0xf0 {
			lo = 0x90
		} else if c == 0xf4 {
			hi = 0x8f
		}
	default:
		return utf8.RuneError, 1, false
	}
	n = 1
	for ; n <= need && i+n < len(s); n++ {
		b := s[i+n]
		if b < lo || b > hi {
			break
		}
		lo, hi = 0x80, 0xbf
	}
	return utf8.RuneError, n, false
}
