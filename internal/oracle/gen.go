package oracle

import (
	"math/rand/v2"
	"strconv"
	"strings"
)

// This file generates references for comparing the parser with the oracle:
// references assembled from random components of every form, then, often,
// damaged by a few random edits, so that most inputs are valid or one step
// away from valid.

// Noise are the bytes and snippets an edit inserts: delimiters, fragments
// of rules, and bytes no rule allows.
var Noise = []string{
	":", "::", "/", "//", "?", "#", "@", "[", "]", ".", "%", "%2", "%25", "%4g", "v", "V", "0", "1", "9",
	"a", "F", "g", "-", "+", "~", "_", "!", "$", "&", "'", "(", ")", "*", ",", ";", "=",
	" ", "\\", "\"", "<", ">", "^", "`", "{", "|", "}", "\x00", "\t", "\r", "\n", "\x7f", "\x80", "\xff",
}

// Pick returns one of xs.
func Pick(r *rand.Rand, xs ...string) string { return xs[r.IntN(len(xs))] }

// Chars returns up to max bytes drawn from set, with an occasional
// pct-encoding.
func Chars(r *rand.Rand, set string, max int) string {
	var b strings.Builder
	for n := r.IntN(max + 1); n > 0; n-- {
		if r.IntN(8) == 0 {
			b.WriteString(Pick(r, "%41", "%2F", "%e2", "%00", "%7e"))
			continue
		}
		b.WriteByte(set[r.IntN(len(set))])
	}
	return b.String()
}

// Character sets for the generators.
const (
	Unreserved = "abcxyzABCXYZ0123456789-._~"
	SubDelims  = "!$&'()*+,;="
)

// Hex returns one to four hex digits, now and then five.
func Hex(r *rand.Rand) string {
	digits := "0123456789abcdefABCDEF"
	n := 1 + r.IntN(4)
	if r.IntN(20) == 0 {
		n = 5
	}
	var b strings.Builder
	for ; n > 0; n-- {
		b.WriteByte(digits[r.IntN(len(digits))])
	}
	return b.String()
}

// Octet returns a decimal octet or a near miss.
func Octet(r *rand.Rand) string {
	switch r.IntN(8) {
	case 0:
		return Pick(r, "256", "01", "00", "300", "1000", "")
	case 1:
		return Pick(r, "0", "9", "10", "99", "100", "199", "200", "249", "250", "255")
	}
	return strconv.Itoa(r.IntN(256))
}

// IPv4 returns a dotted-decimal address or a near miss.
func IPv4(r *rand.Rand) string {
	n := 4
	if r.IntN(10) == 0 {
		n = 1 + r.IntN(5)
	}
	parts := make([]string, n)
	for i := range parts {
		parts[i] = Octet(r)
	}
	return strings.Join(parts, ".")
}

// IPv6 writes a random number of pieces, perhaps with "::" somewhere and an
// IPv4address at the end: all nine forms and their near misses.
func IPv6(r *rand.Rand) string {
	n := r.IntN(10)
	dc := -1
	if r.IntN(3) > 0 {
		dc = r.IntN(n + 1)
	}
	v4 := r.IntN(4) == 0
	var b strings.Builder
	for i := 0; i < n; i++ {
		if i == dc {
			b.WriteString("::")
		} else if i > 0 {
			b.WriteByte(':')
		}
		if v4 && i == n-1 {
			b.WriteString(IPv4(r))
		} else {
			b.WriteString(Hex(r))
		}
	}
	if dc == n {
		b.WriteString("::")
	}
	if r.IntN(6) == 0 {
		b.WriteString(Pick(r, "%25eth0", "%25", "%eth0", "%25%41", "%25a%2"))
	}
	return b.String()
}

// Host returns a host of any form, or a near miss.
func Host(r *rand.Rand) string {
	switch r.IntN(6) {
	case 0:
		return "[" + IPv6(r) + "]"
	case 1:
		return "[" + Pick(r, "v", "V") + Chars(r, "0123456789abcdef", 3) + Pick(r, ".", "") +
			Chars(r, Unreserved+SubDelims+":", 6) + "]"
	case 2:
		return IPv4(r)
	case 3:
		return ""
	}
	return Chars(r, Unreserved+SubDelims, 12)
}

// Segment returns a path segment.
func Segment(r *rand.Rand) string {
	return Chars(r, Unreserved+SubDelims+":@", 6)
}

// Validish assembles a reference from random components.
func Validish(r *rand.Rand) string {
	var b strings.Builder
	if r.IntN(3) > 0 {
		b.WriteString(Pick(r, "http", "a", "z+.-9", "HTTPS", "urn", "9x", "x_y", ""))
		b.WriteByte(':')
	}
	if r.IntN(3) > 0 {
		b.WriteString("//")
		if r.IntN(4) == 0 {
			b.WriteString(Chars(r, Unreserved+SubDelims+":", 8))
			b.WriteByte('@')
		}
		b.WriteString(Host(r))
		if r.IntN(4) == 0 {
			b.WriteByte(':')
			b.WriteString(Pick(r, "", "80", "8080", "0", "65536", "x"))
		}
	}
	if r.IntN(4) == 0 {
		b.WriteByte('/')
	}
	for n := r.IntN(4); n > 0; n-- {
		if b.Len() > 0 || r.IntN(2) == 0 {
			b.WriteByte('/')
		}
		b.WriteString(Segment(r))
	}
	if r.IntN(3) == 0 {
		b.WriteByte('?')
		b.WriteString(Chars(r, Unreserved+SubDelims+":@/?", 10))
	}
	if r.IntN(3) == 0 {
		b.WriteByte('#')
		b.WriteString(Chars(r, Unreserved+SubDelims+":@/?", 10))
	}
	return b.String()
}

// Reference returns a generated reference, damaged by zero to three
// random edits (insert, delete, replace, truncate) half of the time.
func Reference(r *rand.Rand) string {
	s := Validish(r)
	if r.IntN(2) == 0 {
		return s
	}
	for n := 1 + r.IntN(3); n > 0; n-- {
		i := 0
		if len(s) > 0 {
			i = r.IntN(len(s) + 1)
		}
		switch r.IntN(4) {
		case 0:
			s = s[:i] + Pick(r, Noise...) + s[i:]
		case 1:
			if i < len(s) {
				s = s[:i] + s[i+1:]
			}
		case 2:
			if i < len(s) {
				s = s[:i] + Pick(r, Noise...) + s[i+1:]
			}
		case 3:
			s = s[:i]
		}
	}
	return s
}
