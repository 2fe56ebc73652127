package expr

import (
	"sort"

	"github.com/gouri/uri"
	"github.com/gouri/uri/internal/dotseg"
)

// A value never navigates: a path segment that is "." or ".." (RFC 3986,
// Section 5.2.4), which a resolver or a server's file lookup would follow,
// may come from the template's literals but not from a value. Match refuses
// a reading whose values write to such a segment, and expansion with
// ExpandOptions.RefuseDotSegments refuses the values. A dot may be written
// "%2E" (Section 6.2.2.2), and an encoded slash "%2F" or backslash "%5C"
// separates segments here as "/" does, since a server that decodes the
// path before it looks the segments up (MatchOptions.AllowEncodedSlash)
// reads it as one, and Windows reads "\" as "/".

// Span is the text [Start, End) of a URI that a dot segment takes.
type Span struct{ Start, End int }

// DotSegments appends to dst the dot segments of path, offset by base, in
// order.
func DotSegments(dst []Span, path string, base int) []Span {
	start := 0
	for i := 0; i <= len(path); {
		n := 0
		switch {
		case i == len(path):
		case path[i] == '/':
			n = 1
		case path[i] == '%' && i+2 < len(path) && isEncodedSeparator(path[i+1], path[i+2]):
			n = 3
		default:
			i++
			continue
		}
		if i-start <= 6 && dotseg.Dots(path[start:i]) > 0 {
			dst = append(dst, Span{base + start, base + i})
		}
		if n == 0 {
			break
		}
		i += n
		start = i
	}
	return dst
}

// isEncodedSeparator reports whether "%" a b is "%2F" or "%5C", in either
// case: a "/", or a "\" that Windows reads as one.
func isEncodedSeparator(a, b byte) bool {
	b |= 0x20
	return a == '2' && b == 'f' || a == '5' && b == 'c'
}

// Overlapping returns the first of dots, sorted, that shares a byte with
// the text [start, end), or -1.
func Overlapping(dots []Span, start, end int) int {
	k := sort.Search(len(dots), func(k int) bool { return dots[k].End > start })
	if k < len(dots) && dots[k].Start < end {
		return k
	}
	return -1
}

// PathRange returns where the path of u begins and ends in u.String().
func PathRange(u uri.URI) (start, end int) {
	end = len(u.String())
	if u.HasFragment() {
		end -= len(u.Fragment()) + 1
	}
	if u.HasQuery() {
		end -= len(u.Query()) + 1
	}
	return end - len(u.Path()), end
}
