package idnacheck

// The parameters of Punycode for IDNA (RFC 3492, Section 5).
const (
	punyBase        = 36
	punyTMin        = 1
	punyTMax        = 26
	punySkew        = 38
	punyDamp        = 700
	punyInitialBias = 72
	punyInitialN    = 128
)

// DecodePunycode appends to dst the code points that s, the Punycode of an
// A-label without its "xn--" prefix, decodes to (RFC 3492, Section 6.2),
// and reports whether s is valid Punycode: basic code points before the
// last "-" (none, and no "-", when there are none), digits after it in
// lower case, and every decoded code point beyond ASCII and no surrogate. It checks nothing of IDNA beyond that: a
// caller that shows the result checks it as UTS #46 does, or asks
// ToUnicode. Its time is quadratic in the length of s, so it takes no more
// than MaxLabel bytes. It allocates only when dst is too short.
func DecodePunycode(dst []rune, s string) ([]rune, bool) {
	if len(s) > MaxLabel {
		return dst, false
	}
	start := len(dst)
	digits := 0
	for i := len(s) - 1; i >= 0; i-- {
		if s[i] == '-' {
			if i == 0 {
				// No encoder writes a delimiter with no basic code
				// point before it, and x/net/idna refuses one.
				return dst, false
			}
			for j := 0; j < i; j++ {
				if s[j] >= 0x80 {
					return dst[:start], false
				}
				dst = append(dst, rune(s[j]))
			}
			digits = i + 1
			break
		}
	}
	// i and w are 64 bits wide, so that the bounds of RFC 3492, Section
	// 6.4 (no value beyond 2^31-1) are checked after each product
	// without a division.
	const maxInt = 1<<31 - 1
	n, bias, i := int64(punyInitialN), int64(punyInitialBias), int64(0)
	for p := digits; p < len(s); {
		old, w := i, int64(1)
		for k := int64(punyBase); ; k += punyBase {
			if p == len(s) {
				return dst[:start], false
			}
			d := int64(punyDigits[s[p]])
			p++
			if d < 0 {
				return dst[:start], false
			}
			if i += d * w; i > maxInt {
				return dst[:start], false
			}
			t := k - bias
			if t < punyTMin {
				t = punyTMin
			} else if t > punyTMax {
				t = punyTMax
			}
			if d < t {
				break
			}
			if w *= punyBase - t; w > maxInt {
				return dst[:start], false
			}
		}
		count := int64(len(dst)-start) + 1
		bias = int64(punyAdapt(int32(i-old), int32(count), old == 0))
		if n += i / count; n > 0x10FFFF || n >= 0xD800 && n <= 0xDFFF {
			return dst[:start], false
		}
		i %= count
		at := start + int(i)
		dst = append(dst, 0)
		// A label's runs are short: a loop moves them faster than a
		// call.
		for j := len(dst) - 1; j > at; j-- {
			dst[j] = dst[j-1]
		}
		dst[at] = rune(n)
		i++
	}
	return dst, true
}

// punyDigits are the values of the digits of Punycode in lower case, and
// -1 for every other byte.
var punyDigits = func() (t [256]int8) {
	for c := range t {
		t[c] = int8(punyDigit(byte(c)))
	}
	return t
}()

// punyDigit returns the value of a digit of Punycode in lower case, or -1.
func punyDigit(c byte) int32 {
	switch {
	case c >= 'a' && c <= 'z':
		return int32(c - 'a')
	case c >= '0' && c <= '9':
		return int32(c-'0') + 26
	}
	return -1
}

// punyAdapt is the bias adaptation function of RFC 3492, Section 6.1.
func punyAdapt(delta, count int32, first bool) int32 {
	if first {
		delta /= punyDamp
	} else {
		delta /= 2
	}
	delta += delta / count
	k := int32(0)
	for delta > ((punyBase-punyTMin)*punyTMax)/2 {
		delta /= punyBase - punyTMin
		k += punyBase
	}
	return k + (punyBase-punyTMin+1)*delta/(delta+punySkew)
}
