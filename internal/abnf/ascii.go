package abnf

import "unicode/utf8"

// The ASCII case rules of the grammars: schemes, hosts and hex digits are
// case-insensitive in ASCII letters only (RFC 3986, Sections 2.1, 3.1 and
// 3.2.2), never in other characters, so these helpers fold A-Z and nothing
// else, unlike strings.EqualFold and strings.ToLower.

// EqualFold reports whether a and b are equal when ASCII letters are
// compared without regard to case; other bytes must be equal.
func EqualFold(a, b string) bool {
	if len(a) != len(b) {
		return false
	}
	for i := 0; i < len(a); i++ {
		if Lower(a[i]) != Lower(b[i]) {
			return false
		}
	}
	return true
}

// LowerString returns s with its ASCII capital letters lowered. It returns
// s itself, without allocating, when s has none.
func LowerString(s string) string {
	for i := 0; i < len(s); i++ {
		if 'A' <= s[i] && s[i] <= 'Z' {
			b := []byte(s)
			for j := i; j < len(b); j++ {
				b[j] = Lower(b[j])
			}
			return string(b)
		}
	}
	return s
}

// IsASCII reports whether s has no byte >= 0x80.
func IsASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			return false
		}
	}
	return true
}

// TrimC0Space returns s without its leading and trailing C0 controls and
// spaces, the bytes 0x00 to 0x20, and the index in s where the result
// begins: the first step of the URL Standard's parser ("remove any leading
// and trailing C0 control or space from input", section 4.4), which Safe
// Browsing's canonicalization takes too ("remove all leading and trailing
// spaces").
func TrimC0Space(s string) (t string, start int) {
	i, j := 0, len(s)
	for i < j && s[i] <= ' ' {
		i++
	}
	for j > i && s[j-1] <= ' ' {
		j--
	}
	return s[i:j], i
}
