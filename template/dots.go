package template

import (
	"sort"

	"github.com/gouri/uri/internal/dotseg"
)

// A value never navigates: a path segment that is "." or ".." (RFC 3986,
// Section 5.2.4), which a resolver or a server's file lookup would follow,
// may come from the template's literals but not from a value. Match refuses
// a reading whose values write to such a segment, and expansion with
// ExpandOptions.RefuseDotSegments refuses the values. A dot may be written
// "%2E" (Section 6.2.2.2), and an encoded slash "%2F" separates segments
// here as "/" does, since a server that decodes the path before it looks
// the segments up (MatchOptions.AllowEncodedSlash) reads it as one.

// span is the text [start, end) of a URI that a variable, or a dot
// segment, takes.
type span struct{ start, end int }

// dotSegments appends to dst the dot segments of path, offset by base, in
// order.
func dotSegments(dst []span, path string, base int) []span {
	start := 0
	for i := 0; i <= len(path); {
		n := 0
		switch {
		case i == len(path):
		case path[i] == '/':
			n = 1
		case path[i] == '%' && i+2 < len(path) && path[i+1] == '2' && (path[i+2] == 'F' || path[i+2] == 'f'):
			n = 3
		default:
			i++
			continue
		}
		if i-start <= 6 && dotseg.Dots(path[start:i]) > 0 {
			dst = append(dst, span{base + start, base + i})
		}
		if n == 0 {
			break
		}
		i += n
		start = i
	}
	return dst
}

// overlapping returns the first of dots, sorted, that shares a byte with
// the text [start, end), or -1.
func overlapping(dots []span, start, end int) int {
	k := sort.Search(len(dots), func(k int) bool { return dots[k].end > start })
	if k < len(dots) && dots[k].start < end {
		return k
	}
	return -1
}

// navigates returns the offset of the first dot segment of the URI's path
// to which a value of the reading writes: the text of an occurrence of an
// operator other than "+" and "#", whose values are paths by design, and
// the "." that a label expression writes before it. It reports false when
// there is none.
func (r *run) navigates(caps []capture) (int, bool) {
	if len(r.dots) == 0 {
		return 0, false
	}
	for i := range caps {
		if c := &caps[i]; c.set && r.navigatesAt(c, r.m.occs[i].op) {
			return r.dots[overlapping(r.dots, r.valueStart(c, r.m.occs[i].op), c.end)].start, true
		}
	}
	return 0, false
}

// navigatesAt reports whether c, the capture of an occurrence of op,
// writes to a dot segment.
func (r *run) navigatesAt(c *capture, op *operator) bool {
	if len(r.dots) == 0 || op.reserved || c.start > r.pathEnd {
		return false
	}
	return overlapping(r.dots, r.valueStart(c, op), c.end) >= 0
}

// valueStart returns where the text that c's expression writes for it
// begins: at the "." that a label expression writes before it.
func (r *run) valueStart(c *capture, op *operator) int {
	if op.char == '.' && c.start > 0 && r.s[c.start-1] == '.' {
		return c.start - 1
	}
	return c.start
}
