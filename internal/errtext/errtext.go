// Package errtext holds what the error messages of the module's packages
// share: how they show the input around the offset of a fault.
package errtext

import (
	"strconv"
	"unicode/utf8"
)

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

// MaxHead is the longest text that QuoteHead shows whole.
const MaxHead = 256

// QuoteHead quotes s with strconv.Quote, or, when s is longer than MaxHead
// bytes, its first MaxHead bytes or a few less, cut between characters, and
// "...": an input of 16 MiB makes no message of 16 MiB.
func QuoteHead(s string) string {
	if len(s) <= MaxHead {
		return strconv.Quote(s)
	}
	k := MaxHead
	for k > MaxHead-utf8.UTFMax && !utf8.RuneStart(s[k]) {
		k--
	}
	return strconv.Quote(s[:k]) + "..."
}
