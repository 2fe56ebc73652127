package abnf

import (
	"strings"
	"unsafe"
)

// Decode returns s with every pct-encoding decoded (RFC 3986, Section 2.1),
// and, with plus set, every "+" turned into a space, as
// application/x-www-form-urlencoded reads it. A "%" that does not begin a
// pct-encoding is copied as it is: callers validate first. It returns s
// itself, without allocating, when there is nothing to decode; otherwise it
// allocates the result once.
//
// It is the one percent-decoder of the module: every other decoding
// (hosts, query pairs, path segments, Unescape) goes through it or through
// AppendDecoded.
func Decode(s string, plus bool) string {
	i := strings.IndexByte(s, '%')
	if plus {
		if j := strings.IndexByte(s, '+'); j >= 0 && (i < 0 || j < i) {
			i = j
		}
	}
	if i < 0 {
		return s
	}
	if len(s) <= 128 {
		var buf [128]byte // results this small are built on the stack
		return string(AppendDecoded(append(buf[:0], s[:i]...), s[i:], nil, plus))
	}
	return String(AppendDecoded(append(make([]byte, 0, len(s)), s[:i]...), s[i:], nil, plus))
}

// DecodedByte returns the byte that s[i:] begins with once decoded as
// AppendDecoded decodes, without only: a pct-encoding ("%" and two hex
// digits, RFC 3986, Section 2.1) decoded, with plus a "+" as a space, any
// other byte (a "%" that begins no pct-encoding too) as it is; and how
// many bytes of s it takes, 3 or 1.
func DecodedByte(s string, i int, plus bool) (byte, int) {
	switch c := s[i]; {
	case c == '%' && i+2 < len(s) && IsHex(s[i+1]) && IsHex(s[i+2]):
		return Unhex(s[i+1])<<4 | Unhex(s[i+2]), 3
	case c == '+' && plus:
		return ' ', 1
	default:
		return c, 1
	}
}

// DecodesTo reports whether Decode(s, plus) == want, without decoding s
// into a string of its own: a key of a query compared with the key looked
// for.
func DecodesTo(s, want string, plus bool) bool {
	if len(s) < len(want) {
		return false // decoding never lengthens
	}
	j := 0
	for i := 0; i < len(s); j++ {
		c, n := DecodedByte(s, i, plus)
		if j == len(want) || want[j] != c {
			return false
		}
		i += n
	}
	return j == len(want)
}

// String returns the bytes of b as a string without copying them, for a
// result built in a buffer of its own: b must not be written after.
func String(b []byte) string { return unsafe.String(unsafe.SliceData(b), len(b)) }

// AppendDecoded appends s to dst with its pct-encodings decoded, and
// returns the result. With only set, an encoding is decoded only when
// only[octet] is true and is copied as written otherwise; with plus set, a
// "+" becomes a space. A "%" that does not begin a pct-encoding is copied
// as it is.
func AppendDecoded(dst []byte, s string, only *[256]bool, plus bool) []byte {
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == '%' && i+2 < len(s) && IsHex(s[i+1]) && IsHex(s[i+2]):
			if d := Unhex(s[i+1])<<4 | Unhex(s[i+2]); only == nil || only[d] {
				dst = append(dst, d)
				i += 2
				continue
			}
		case c == '+' && plus:
			c = ' '
		}
		dst = append(dst, c)
	}
	return dst
}

// IndexPctEncoded returns the index of the first pct-encoding of s, "%"
// and two hex digits (RFC 3986, Section 2.1), or -1 if s has none.
func IndexPctEncoded(s string) int {
	for i := strings.IndexByte(s, '%'); i >= 0; {
		if i+2 < len(s) && IsHex(s[i+1]) && IsHex(s[i+2]) {
			return i
		}
		k := strings.IndexByte(s[i+1:], '%')
		if k < 0 {
			break
		}
		i += 1 + k
	}
	return -1
}

// MustEncode reports whether s[j] must be percent-encoded to stand in a
// component whose characters are mask (RFC 3986, Sections 2.1 and 2.4): it
// is outside the mask and is not the "%" that begins a pct-encoding. It is
// the one statement of that rule for every encoder of the module.
func MustEncode(s string, j int, mask uint16) bool {
	c := s[j]
	if Classes[c]&mask != 0 {
		return false
	}
	return c != '%' || j+2 >= len(s) || !IsHex(s[j+1]) || !IsHex(s[j+2])
}

// EncodeOutside returns s with every byte that MustEncode says must be
// encoded written as "%" and two upper-case hex digits. It returns s itself,
// without allocating, when there is none; otherwise it allocates the result
// once.
func EncodeOutside(s string, mask uint16) string {
	n := 0
	for j := 0; j < len(s); j++ {
		if MustEncode(s, j, mask) {
			n++
		}
	}
	if n == 0 {
		return s
	}
	b := make([]byte, 0, len(s)+2*n)
	for j := 0; j < len(s); j++ {
		if c := s[j]; MustEncode(s, j, mask) {
			b = append(b, '%', UpperHex[c>>4], UpperHex[c&15])
		} else {
			b = append(b, c)
		}
	}
	return String(b)
}
