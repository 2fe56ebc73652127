package urlpattern

import "strings"

// CompareComponent compares the component c of two patterns by how
// specific they are, and returns -1 when left's is less specific than
// right's, 1 when it is more, and 0 when the comparison sees no
// difference: URLPattern.compareComponent(component, left, right), which
// web-platform-tests tests (urlpattern-compare.tentative.any.js), though
// the standard does not define it. Patterns that match the same inputs
// the same way compare equal; the converse need not hold.
//
// The part lists of the two components (section 2.1.3) are compared part
// by part, the first difference deciding; a list that ends first is
// compared as if it went on with empty fixed text, so "/foo/" is more
// specific than "/foo/*". Two parts compare by type first (fixed text,
// then a regular expression group, then a segment wildcard such as
// ":id", then a full wildcard "*"), then by modifier (none, then "+",
// then "?", then "*"), then by prefix, value and suffix as strings, code
// point by code point. Group names do not count: "/:a" and "/:b" are
// equal. Ignore case does not count either.
func CompareComponent(c Component, left, right *Pattern) int {
	if c >= numComponents {
		return 0
	}
	return compareParts(left.comp[c].parts, right.comp[c].parts)
}

// compareParts compares two part lists.
func compareParts(a, b []part) int {
	i := 0
	for ; i < len(a) && i < len(b); i++ {
		if r := comparePart(&a[i], &b[i]); r != 0 {
			return r
		}
	}
	empty := part{typ: partFixed, modifier: modNone}
	switch {
	case i < len(a):
		return comparePart(&a[i], &empty)
	case i < len(b):
		return comparePart(&empty, &b[i])
	}
	return 0
}

// comparePart compares two parts.
func comparePart(a, b *part) int {
	switch {
	case a.typ != b.typ:
		return sign(int(a.typ) - int(b.typ))
	case a.modifier != b.modifier:
		return sign(int(a.modifier) - int(b.modifier))
	}
	if r := strings.Compare(a.prefix, b.prefix); r != 0 {
		return r
	}
	if r := strings.Compare(a.value, b.value); r != 0 {
		return r
	}
	return strings.Compare(a.suffix, b.suffix)
}

func sign(n int) int {
	switch {
	case n < 0:
		return -1
	case n > 0:
		return 1
	}
	return 0
}
