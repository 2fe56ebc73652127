package robots

import (
	"github.com/gouri/uri/internal/abnf"
)

// The percent-encoding normalization of RFC 9309, Section 2.2.2, applied
// alike to the paths of the rules and to the path and query of the URI
// before they are compared:
//
//	Octets in the URI and robots.txt paths outside the range of the
//	ASCII coded character set, and those in the reserved range defined
//	by [RFC3986], MUST be percent-encoded as defined by [RFC3986] prior
//	to comparison.
//
//	If a percent-encoded ASCII octet is encountered in the URI, it MUST
//	be unencoded prior to comparison, unless it is a reserved character
//	in the URI as defined by [RFC3986] or the character is outside the
//	unreserved character range.
//
// The section's table (Figure 4) shows which reserved characters stay as
// they are: the "/" between segments, the "?" that starts the query and
// the "=" of a query's pairs, while the ":" and "/" inside a query's value
// are encoded. The reading that gives every row of the table: a
// gen-delim (RFC 3986, Section 2.2) is data, and encoded, wherever it
// does not delimit the generic components, which leaves only the path's
// "/" and the first "?"; a sub-delim may delimit inside a component
// ("=", "&", ";") and stays as written. "*" and "$", which a rule's
// pattern gives a meaning to (Section 2.2.3), are encoded in the URI, so
// that "%2A" in a rule matches a "*" in the URI (Figure 6); so is "'",
// which delimits nothing and which the URL Standard encodes in the query
// of an http or https URL, so that a rule meets the URL as a browser or a
// crawler writes it. Bytes that no
// URI may hold as they are (controls, space, "<", "|", a "%" without two
// hex digits) are encoded too; a pct-encoding of anything but an
// unreserved character stays encoded, with upper-case hex digits.

// Byte classes of the normalization.
const (
	keepPath  = 1 << iota // written as it is in the path
	keepQuery             // written as it is in the query
)

// classes gives each byte its keep bits. A byte with neither is
// percent-encoded, but for "%", which starts a pct-encoding or is
// encoded itself, and for "?", the first of which starts the query.
var classes = func() (t [256]uint8) {
	for c := 0; c < 256; c++ {
		b := uint16(0)
		if c < 0x80 {
			b = abnf.Classes[c]
		}
		if b&(abnf.Unreserved|abnf.SubDelims) != 0 && c != '*' && c != '$' && c != '\'' {
			t[c] = keepPath | keepQuery
		}
	}
	t['/'] = keepPath
	return t
}()

// firstChange returns the index of the first byte of s (a path to match,
// or a pattern when pattern is set) that the normalization changes, or
// len(s) when it leaves s as it is, and whether that index is in the
// query. A pattern's "*" is its wildcard and stays; its final "$" is the
// anchor, which the caller has cut off.
func firstChange(s string, pattern bool) (int, bool) {
	query, keep := false, uint8(keepPath)
	for i := 0; i < len(s); i++ {
		for i < len(s) && classes[s[i]]&keep != 0 {
			i++
		}
		if i == len(s) {
			break
		}
		switch c := s[i]; {
		case c == '?' && !query:
			query, keep = true, keepQuery
		case c == '*' && pattern:
		case c == '%' && canonicalPct(s, i):
			i += 2
		default:
			return i, query
		}
	}
	return len(s), query
}

// canonicalPct reports whether the "%" at s[i] begins a pct-encoding that
// the normalization leaves as it is: of an octet that is not unreserved,
// with upper-case hex digits.
func canonicalPct(s string, i int) bool {
	if i+2 >= len(s) || !abnf.IsHex(s[i+1]) || !abnf.IsHex(s[i+2]) ||
		abnf.UpperHexDigit(s[i+1]) != s[i+1] || abnf.UpperHexDigit(s[i+2]) != s[i+2] {
		return false
	}
	d := abnf.Unhex(s[i+1])<<4 | abnf.Unhex(s[i+2])
	return d >= 0x80 || abnf.Classes[d]&abnf.Unreserved == 0
}

// appendNormalized appends s, normalized, to dst, s[from:] starting in the
// query when query is set (as firstChange found it). With pattern, "*"
// stays a wildcard.
func appendNormalized(dst []byte, s string, query, pattern bool) []byte {
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case query && classes[c]&keepQuery != 0, !query && classes[c]&keepPath != 0:
			dst = append(dst, c)
		case c == '?' && !query:
			query = true
			dst = append(dst, c)
		case c == '*' && pattern:
			dst = append(dst, c)
		case c == '%' && i+2 < len(s) && abnf.IsHex(s[i+1]) && abnf.IsHex(s[i+2]):
			d := abnf.Unhex(s[i+1])<<4 | abnf.Unhex(s[i+2])
			if d < 0x80 && abnf.Classes[d]&abnf.Unreserved != 0 {
				dst = append(dst, d)
			} else {
				dst = append(dst, '%', abnf.UpperHex[d>>4], abnf.UpperHex[d&15])
			}
			i += 2
		default:
			dst = append(dst, '%', abnf.UpperHex[c>>4], abnf.UpperHex[c&15])
		}
	}
	return dst
}

// normalize returns the path to match of s, a path and query or (with
// pattern) a rule's pattern without its final "$": s itself when the
// normalization leaves it as it is, else the text appended to buf.
func normalize(buf []byte, s string, pattern bool) (string, []byte) {
	i, query := firstChange(s, pattern)
	if i == len(s) {
		return s, buf
	}
	start := len(buf)
	buf = append(buf, s[:i]...)
	buf = appendNormalized(buf, s[i:], query, pattern)
	return abnf.String(buf[start:]), buf
}

// googleEscape returns the pattern p as Google's reference parser
// compares it: each byte outside ASCII percent-encoded and the hex digits
// of each pct-encoding in upper case, nothing decoded (the behaviour
// that its tests of pattern escaping pin). The text is appended to buf
// when it differs from p.
func googleEscape(buf []byte, p string) (string, []byte) {
	i := 0
	for ; i < len(p); i++ {
		if p[i] >= 0x80 || p[i] == '%' && i+2 < len(p) && abnf.IsHex(p[i+1]) && abnf.IsHex(p[i+2]) &&
			(abnf.UpperHexDigit(p[i+1]) != p[i+1] || abnf.UpperHexDigit(p[i+2]) != p[i+2]) {
			break
		}
	}
	if i == len(p) {
		return p, buf
	}
	start := len(buf)
	buf = append(buf, p[:i]...)
	for ; i < len(p); i++ {
		c := p[i]
		switch {
		case c == '%' && i+2 < len(p) && abnf.IsHex(p[i+1]) && abnf.IsHex(p[i+2]):
			buf = append(buf, '%', abnf.UpperHexDigit(p[i+1]), abnf.UpperHexDigit(p[i+2]))
			i += 2
		case c >= 0x80:
			buf = append(buf, '%', abnf.UpperHex[c>>4], abnf.UpperHex[c&15])
		default:
			buf = append(buf, c)
		}
	}
	return abnf.String(buf[start:]), buf
}
