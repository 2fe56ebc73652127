package robots

import "strings"

// The matcher of a rule's pattern (RFC 9309, Sections 2.2.2 and 2.2.3):
// "*" stands for any run of octets, a final "$" for the end of the path,
// and otherwise the path matches when it begins with the pattern. A
// pattern is its segments between the "*"s; the first must begin the
// path, each later one is taken at its leftmost place after the one
// before (which leaves the most room to the rest, so it finds a match
// when there is one), and with "$" the last one must end the path at or
// after that place. The leftmost place is found by the Knuth-Morris-Pratt
// algorithm, with the failure table of each segment made when the file
// is parsed: it never looks at a byte of the path twice but to step back
// along the table, which the bytes read before pay for. A rule costs at
// most 2|path| + |pattern| steps whatever the two hold: no backtracking,
// no regular expression.

// failures appends to fail the failure table of each segment of p after
// its first (the bytes up to the first "*" are compared, not searched):
// for the segment's byte k, the length of the longest proper prefix of
// seg[:k+1] that is also its suffix. The table is indexed by the byte's
// index in p; the bytes of the first segment and the "*"s have entries
// that are never read.
func failures(fail []int32, p string) []int32 {
	base := len(fail)
	fail = grow(fail, len(p))
	fail = fail[:base+len(p)]
	f := fail[base:]
	for start := segmentEnd(p, 0); start < len(p); {
		start++
		end := segmentEnd(p, start)
		seg := p[start:end]
		k := int32(0)
		for i := 1; i < len(seg); i++ {
			for k > 0 && seg[i] != seg[k] {
				k = f[start+int(k)-1]
			}
			if seg[i] == seg[k] {
				k++
			}
			f[start+i] = k
		}
		start = end
	}
	return fail
}

// segmentEnd returns the index of the first "*" of p at or after i, or
// len(p): the end of the segment of p that begins at i.
func segmentEnd(p string, i int) int {
	if j := strings.IndexByte(p[i:], '*'); j >= 0 {
		return i + j
	}
	return len(p)
}

// index returns the end of the leftmost occurrence of seg in s at or after
// from, or -1, and the steps it took: fail is seg's failure table. Where
// no prefix of seg is matched, strings.IndexByte skips to the next byte
// that could begin it.
func index(s string, from int, seg string, fail []int32) (end, steps int) {
	k := 0 // the bytes of seg matched, ending before s[i]
	i := from
	for i < len(s) {
		steps++
		switch {
		case k == 0:
			j := strings.IndexByte(s[i:], seg[0])
			if j < 0 {
				return -1, steps + len(s) - i
			}
			steps += j
			i += j + 1
			k = 1
		case s[i] == seg[k]:
			i++
			k++
		default:
			k = int(fail[k-1])
			continue
		}
		if k == len(seg) {
			return i, steps
		}
	}
	return -1, steps
}

// match reports whether the compiled pattern of r, a rule of f, matches
// s, a path to match, and the steps it took.
func (r *rule) match(s string, f *file) (bool, int) {
	p := f.pats[r.pat:r.patEnd]
	n := int(r.first)
	if len(s) < n || s[:n] != p[:n] {
		return false, n
	}
	if n == len(p) {
		return !r.anchored || len(s) == n, n
	}
	steps := n
	pos, i := n, n // pos in s; i at a "*" of p
	fail := f.fail[max(r.fail, 0):]
	for {
		for i < len(p) && p[i] == '*' {
			i++
		}
		if i == len(p) {
			return true, steps // a final "*" matches the rest, with "$" too
		}
		j := segmentEnd(p, i)
		seg := p[i:j]
		if j == len(p) && r.anchored {
			return len(s)-len(seg) >= pos && s[len(s)-len(seg):] == seg, steps + len(seg)
		}
		end, n := index(s, pos, seg, fail[i:j])
		steps += n
		if end < 0 {
			return false, steps
		}
		pos, i = end, j
	}
}

// grow returns s with room for n more elements, doubling its capacity
// when it has not: the arenas of a parse grow by many small appends, for
// which append's growth of a quarter would copy large arenas often.
func grow[T any](s []T, n int) []T {
	if cap(s)-len(s) >= n {
		return s
	}
	t := make([]T, len(s), 2*cap(s)+n)
	copy(t, s)
	return t
}
