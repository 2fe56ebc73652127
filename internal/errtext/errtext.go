// Package errtext holds what the error messages of the module's packages
// share: how they show the input around the offset of a fault.
package errtext

import "strconv"

// QuoteAround quotes s with strconv.Quote, or, when s is long, a window of it
// around off marked with "..." at the cut ends. An off outside s is taken
// as its nearest end.
func QuoteAround(s string, off int) string {
	const keep = 40 // bytes kept on each side of off
	if len(s) <= 2*keep+8 {
		return strconv.Quote(s)
	}
	off = min(max(off, 0), len(s))
	lo, hi := max(off-keep, 0), min(off+keep, len(s))
	if hi-lo < 2*keep {
		// Near an end: the window keeps its width on the other side.
		if lo == 0 {
			hi = 2 * keep
		} else {
			lo = len(s) - 2*keep
		}
	}
	q := strconv.Quote(s[lo:hi])
	if lo > 0 {
		q = `"...` + q[1:]
	}
	if hi < len(s) {
		q = q[:len(q)-1] + `..."`
	}
	return q
}
