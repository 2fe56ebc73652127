package match

import "github.com/gouri/uri/template/internal/expr"

// A value never navigates (see expr.DotSegments): Match refuses a reading
// whose values write to a dot segment of the URI's path.

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
			return r.dots[expr.Overlapping(r.dots, r.valueStart(c, r.m.occs[i].op), c.end)].Start, true
		}
	}
	return 0, false
}

// navigatesAt reports whether c, the capture of an occurrence of op,
// writes to a dot segment.
func (r *run) navigatesAt(c *capture, op *expr.Operator) bool {
	if len(r.dots) == 0 || op.Reserved || c.start > r.pathEnd {
		return false
	}
	return expr.Overlapping(r.dots, r.valueStart(c, op), c.end) >= 0
}

// valueStart returns where the text that c's expression writes for it
// begins: at the "." that a label expression writes before it.
func (r *run) valueStart(c *capture, op *expr.Operator) int {
	if op.Char == '.' && c.start > 0 && r.s[c.start-1] == '.' {
		return c.start - 1
	}
	return c.start
}
