// Package dotseg is the one implementation of remove_dot_segments (RFC
// 3986, Section 5.2.4) in the module, with the variants that other rules
// need as options rather than copies: the older algorithms of RFC 1808,
// Section 4, step 6 and RFC 2396, Section 5.2, step 6, the normalization
// of relative-path references, "%2E" read as ".", and the merging of empty
// segments.
package dotseg

import "bytes"

// Options select a variant of remove_dot_segments. The zero Options is
// RFC 3986, Section 5.2.4 exactly.
type Options struct {
	// KeepUp keeps a ".." that has no segment before it to remove, or
	// whose segment before it is itself a "..", as a segment of the output:
	// the reading of RFC 1808, Section 4, step 6 and RFC 2396, Section
	// 5.2, step 6 ("seg/../" is removed only where seg is not ".."), and the
	// normalization of a relative-path reference, whose leading ".." only a
	// base can resolve. Without it, such a ".." is dropped, as Section
	// 5.2.4, step 2C does at the root; and a rootless path whose first
	// segment a ".." removes goes on with a "/" ("a/../b" is "/b"), as the
	// two buffers of Section 5.2.4 make it.
	KeepUp bool
	// PctDots counts "%2E" and "%2e" as "." (RFC 3986, Section 2.3: they
	// are equivalent), so that "%2E%2E" is a ".." segment.
	PctDots bool
	// MergeSlashes removes every empty segment but the last, as if it
	// were ".": "a//b" becomes "a/b".
	MergeSlashes bool
	// NoDots makes "." and ".." ordinary segments, for MergeSlashes alone.
	NoDots bool
}

// Remove removes the dot segments of the path b[keep:], in place, and
// returns the result, a prefix of b, and lost, how many ".." segments found
// no segment to remove (how far the path climbs above its start). The text
// b[:keep] is kept as it is and taken as segments that a ".." may remove:
// keep is 0, or b[keep] is "/" and b[:keep] is a path.
//
// A "." segment is dropped; a ".." segment drops the segment kept last (see
// Options.KeepUp for when there is none); every other segment is kept; a
// final "." or ".." that is dropped leaves a final "/". That is what the
// two buffers of Section 5.2.4 compute, in one pass: the output never grows
// faster than the input is read, and dropping a segment rereads only the
// bytes that it drops, so the work is linear in the length of b.
func Remove(b []byte, keep int, o Options) (out []byte, lost int) {
	n := len(b)
	rooted := n > 0 && b[0] == '/' // the output begins with "/"
	r, w := keep, keep             // read and write positions: b[:w] is the output
	started := keep > 0            // the output has a segment (an empty one may take no byte)
	for r < n {
		// The segment's text is b[start:e]. Only an empty one or one that
		// begins with "." or "%" can be dropped; the others are kept in a
		// loop without calls, which keeps its state in registers.
		var start, e int
		for {
			start = r
			if b[r] == '/' {
				start++
			}
			e = start
			for e < n && b[e] != '/' {
				e++
			}
			if e == start || b[start] == '.' || b[start] == '%' {
				break
			}
			if w == r && (rooted || started) {
				w = e // the output is still the input: push's first case
			} else {
				w = push(b, w, r, start, e, rooted || started)
			}
			started = true
			if r = e; r == n {
				return b[:w], lost
			}
		}
		var kind int
		if o.NoDots || o.PctDots || o.MergeSlashes {
			kind = o.kind(b[start:e], e == n)
		} else {
			kind = dots(b[start:e]) // kind's answer without these options
		}
		if kind == 2 && (!started || o.KeepUp && topIsUp(b[:w], o)) {
			if o.KeepUp {
				kind = 0 // the ".." stays, as a segment
			} else {
				kind = 3 // nothing to remove, and the ".." goes
				lost++
			}
		}
		switch kind {
		case 0:
			w = push(b, w, r, start, e, rooted || started)
			started = true
		case 2:
			w, rooted, started = pop(b, w, rooted, o.KeepUp)
		}
		if e == n && kind != 0 && start > r {
			// Steps B and C of Section 5.2.4 leave a "/" for a final
			// "/." or "/.."; steps A and D remove a "." or ".." that
			// begins the input without a trace.
			w = push(b, w, e, e, e, rooted || started)
		}
		r = e
	}
	return b[:w], lost
}

// kind returns 1 if seg is a "." segment to drop, 2 if it is "..", and 0
// for a segment to keep. (Remove uses 3 for a ".." that removes nothing.)
func (o Options) kind(seg []byte, last bool) int {
	switch {
	case len(seg) == 0:
		if o.MergeSlashes && !last {
			return 1
		}
		return 0
	case o.NoDots || seg[0] != '.' && (seg[0] != '%' || !o.PctDots):
		return 0
	}
	if d := dots(seg); d > 0 || !o.PctDots {
		return d
	}
	return pctDots(seg)
}

// Dots returns 1 if seg, a path segment, is "." and 2 if it is ".."
// (RFC 3986, Section 5.2.4), each dot written "." or "%2E" in either case
// (Section 6.2.2.2), and 0 otherwise.
func Dots(seg string) int {
	if d := dots(seg); d > 0 {
		return d
	}
	return pctDots(seg)
}

// dots returns 1 if seg is ".", 2 if it is "..", and 0 otherwise.
func dots[T ~string | ~[]byte](seg T) int {
	if len(seg) == 0 || len(seg) > 2 || seg[0] != '.' || len(seg) == 2 && seg[1] != '.' {
		return 0
	}
	return len(seg)
}

// pctDots returns 1 or 2 when seg is one or two dots, each "." or "%2E" in
// either case, and 0 otherwise.
func pctDots[T ~string | ~[]byte](seg T) int {
	n := 0
	for i := 0; i < len(seg); n++ {
		switch {
		case n == 2:
			return 0
		case seg[i] == '.':
			i++
		case i+2 < len(seg) && seg[i] == '%' && seg[i+1] == '2' && (seg[i+2] == 'E' || seg[i+2] == 'e'):
			i += 3
		default:
			return 0
		}
	}
	return n
}

// topIsUp reports whether the last segment of the output out is a "..",
// which a ".." does not remove under KeepUp. It looks at no more than the
// seven bytes that "/%2E%2E" takes.
func topIsUp(out []byte, o Options) bool {
	lo := max(len(out)-7, 0)
	seg := out[lo:]
	if k := bytes.LastIndexByte(seg, '/'); k >= 0 {
		seg = seg[k+1:]
	} else if lo > 0 {
		return false
	}
	return o.kind(seg, true) == 2
}

// push writes the segment b[start:e], read at b[r:] with its "/" if
// start > r, at the end b[:w] of the output, with a "/" before it when
// slash is set (the output is rooted or has a segment already), and
// returns the new end.
func push(b []byte, w, r, start, e int, slash bool) int {
	if !slash {
		r = start // the first segment of a rootless path has no "/"
	} else if start == r {
		b[w] = '/' // a segment read without "/" follows others
		w++
		r = start
	}
	if w == r {
		return e // until a segment is dropped, the output is the input
	}
	if e-r <= 8 {
		for ; r < e; r++ {
			b[w] = b[r]
			w++
		}
		return w
	}
	return w + copy(b[w:], b[r:e])
}

// pop drops the last segment of the output b[:w] and the "/" before it, if
// any, and returns the new end, and whether the output is rooted and has a
// segment left. Without keepUp, dropping the first segment of a rootless
// path roots it (see Options.KeepUp).
func pop(b []byte, w int, rooted, keepUp bool) (int, bool, bool) {
	k := w - 1 // segments are short: no call
	for k >= 0 && b[k] != '/' {
		k--
	}
	switch {
	case rooted:
		return max(k, 0), true, k > 0
	case k >= 0:
		return k, false, true
	}
	return 0, !keepUp, false
}
