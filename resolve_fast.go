package uri

import "unsafe"

// join is the one fast path of resolution, for a target whose text is
// base.s[:k] + r.s[j:], a prefix of the base followed by a suffix of the
// reference, as it is for most references without dot segments: "g",
// "../g", "/g", "?y", "#s", "//g". resolveTo finds k and j as it reads
// Section 5.2.2. The text is then two copies rather than the parts and
// the removal of dot segments, and every offset is the base's below k,
// the reference's moved by k-j from there on. It pays: BenchmarkResolve
// takes 11% to 22% fewer instructions per resolution on parsed values and
// 7% to 8% fewer on strings for these references (callgrind).
func join(dst []byte, base, r *ref, k, j int, t *ref) []byte {
	n := k + len(r.s) - j
	if t == nil {
		if n > maxLen {
			return dst
		}
		return append(append(grow(dst, n), base.s[:k]...), r.s[j:]...)
	}
	if n > maxLen {
		return nil // *t stays the zero value
	}
	ki, d := int32(k), int32(k-j)
	at := func(b, r int32) int32 {
		if b < ki {
			return b
		}
		return r + d
	}
	fl := base.flags&fScheme | r.flags&fFragment
	if int32(base.afterScheme()) < ki {
		fl |= base.flags & authFlags
	} else {
		fl |= r.flags & authFlags
	}
	if base.pathEnd < ki {
		fl |= base.flags & fQuery
	} else {
		fl |= r.flags & fQuery
	}
	b := append(append(make([]byte, 0, n), base.s[:k]...), r.s[j:]...)
	t.set(unsafe.String(unsafe.SliceData(b), n), at(base.schemeEnd, r.schemeEnd), at(base.hostStart, r.hostStart), at(base.hostEnd, r.hostEnd),
		at(base.pathStart, r.pathStart), at(base.pathEnd, r.pathEnd), at(base.queryEnd, r.queryEnd), fl)
	return nil
}
