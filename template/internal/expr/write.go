package expr

import (
	"unicode/utf8"

	"github.com/gouri/uri/internal/abnf"
)

// allowU and allowUR are the characters that expansion copies unencoded
// (RFC 6570, Section 1.5): unreserved for most operators, unreserved and
// reserved for "+" and "#" (Section 3.2.1, "allow").
//
//	unreserved = ALPHA / DIGIT / "-" / "." / "_" / "~"
//	reserved   = gen-delims / sub-delims
var allowU, allowUR = allowTable(abnf.Unreserved), allowTable(abnf.Unreserved | abnf.SubDelims | abnf.GenDelims)

func allowTable(mask uint16) (t [256]bool) {
	for c := range t {
		t[c] = abnf.Classes[c]&mask != 0
	}
	return t
}

// AppendString appends the text of the string s as a defined variable v
// of an expression with the operator op writes it, after the operator's
// first string or separator (RFC 6570, Section 3.2.1 and Appendix A): its
// name for a named operator, and its prefix for a prefix modifier.
func AppendString(b []byte, op *Operator, v *Spec, s string) []byte {
	if op.Named {
		b = appendNamed(b, op, v.Name, s == "")
	}
	if v.MaxLen > 0 {
		s = prefix(s, v.MaxLen, op.Reserved)
	}
	return appendEncoded(b, s, allowed(op))
}

// AppendComposite appends the text of a list (items) or an associative
// array (pairs) as a defined variable v of an expression with the
// operator op writes it, after the operator's first string or separator
// (RFC 6570, Section 3.2.1 and Appendix A); one of items and pairs is
// empty. A prefix modifier does not apply to composite values.
func AppendComposite[P ~struct{ Key, Value string }](b []byte, op *Operator, v *Spec, items []string, pairs []P) []byte {
	allow := allowed(op)
	if !v.Explode {
		// Section 3.2.1: a composite value joins its members with ","
		// whatever the operator, and pairs as "name,value".
		if op.Named {
			b = append(append(b, v.Name...), '=')
		}
		for i, item := range items {
			if i > 0 {
				b = append(b, ',')
			}
			b = appendEncoded(b, item, allow)
		}
		for i, p := range pairs {
			if i > 0 {
				b = append(b, ',')
			}
			kv := pair(p)
			b = append(appendEncoded(b, kv.Key, allow), ',')
			b = appendEncoded(b, kv.Value, allow)
		}
		return b
	}
	// Exploded: each member is a variable of its own, joined with the
	// operator's separator; a pair's name stands for the variable's.
	for i, item := range items {
		if i > 0 {
			b = append(b, op.Sep)
		}
		if op.Named {
			b = appendNamed(b, op, v.Name, item == "")
		}
		b = appendEncoded(b, item, allow)
	}
	for i, p := range pairs {
		if i > 0 {
			b = append(b, op.Sep)
		}
		kv := pair(p)
		b = appendEncoded(b, kv.Key, allow)
		if op.Named && kv.Value == "" {
			if op.Ifemp != 0 {
				b = append(b, op.Ifemp)
			}
			continue
		}
		b = append(b, '=')
		b = appendEncoded(b, kv.Value, allow)
	}
	return b
}

// pair is a member of an associative array, as the value types of
// expansion and matching spell it.
type pair = struct{ Key, Value string }

// allowed returns the characters that op copies unencoded.
func allowed(op *Operator) *[256]bool {
	if op.Reserved {
		return &allowUR
	}
	return &allowU
}

// Allowed returns the characters that an expression copies from a value
// unencoded (RFC 6570, Section 1.5): unreserved, and reserved too for "+"
// and "#" (reserved).
func Allowed(reserved bool) [256]bool {
	if reserved {
		return allowUR
	}
	return allowU
}

// appendNamed appends a name for a named operator: the name and "=", or,
// when the value is empty, the name and the operator's ifemp.
func appendNamed(b []byte, op *Operator, name string, empty bool) []byte {
	b = append(b, name...)
	switch {
	case !empty:
		b = append(b, '=')
	case op.Ifemp != 0:
		b = append(b, op.Ifemp)
	}
	return b
}

// appendEncoded appends s with every byte that allow does not let through
// pct-encoded with upper-case hex digits (RFC 6570, Section 1.6, and RFC
// 3986, Section 2.1). With allowUR, a pct-encoded triplet already in s is
// copied as it is (RFC 6570, Section 3.2.3).
func appendEncoded(b []byte, s string, allow *[256]bool) []byte {
	reserved := allow == &allowUR
	for i := 0; i < len(s); {
		j := i
		for j < len(s) && allow[s[j]] {
			j++
		}
		b = append(b, s[i:j]...)
		if j == len(s) {
			break
		}
		c := s[j]
		if reserved && c == '%' && j+2 < len(s) && abnf.IsHex(s[j+1]) && abnf.IsHex(s[j+2]) {
			b = append(b, s[j:j+3]...)
			i = j + 3
			continue
		}
		b = append(b, '%', abnf.UpperHex[c>>4], abnf.UpperHex[c&15])
		i = j + 1
	}
	return b
}

// prefix returns the first n characters of s (RFC 6570, Section 2.4.1),
// counting Unicode characters; a byte that is not UTF-8 counts as one. In a
// reserved expansion, where pct-encoded triplets are copied, the triplets
// that encode one UTF-8 character count as one character and are never
// split, as Appendix A asks.
func prefix(s string, n int, reserved bool) string {
	for i := 0; i < len(s); n-- {
		if n == 0 {
			return s[:i]
		}
		if reserved && s[i] == '%' {
			if k := tripletChar(s[i:]); k > 0 {
				i += k
				continue
			}
		}
		if s[i] < utf8.RuneSelf {
			i++
			continue
		}
		_, size := utf8.DecodeRuneInString(s[i:])
		i += size
	}
	return s
}

// tripletChar returns the length of the pct-encoded triplets at the start
// of s that encode one UTF-8 character, or of the one triplet there when
// they do not; 0 when s does not begin with a triplet.
func tripletChar(s string) int {
	var octets [utf8.UTFMax]byte
	n := 0
	for n < utf8.UTFMax && 3*n+2 < len(s) && s[3*n] == '%' && abnf.IsHex(s[3*n+1]) && abnf.IsHex(s[3*n+2]) {
		octets[n] = abnf.Unhex(s[3*n+1])<<4 | abnf.Unhex(s[3*n+2])
		n++
		if utf8.FullRune(octets[:n]) {
			break
		}
	}
	switch {
	case n == 0:
		return 0
	case utf8.FullRune(octets[:n]):
		if _, size := utf8.DecodeRune(octets[:n]); size == n {
			return 3 * n
		}
	}
	return 3
}
