package jsregexp

import (
	"slices"
	"strconv"
	"strings"
	"unicode"
)

// A runeSet is a set of code points: sorted ranges that neither overlap
// nor touch. The translation of a regular expression computes every
// character class as one, so that ECMAScript's class operations (nested
// classes, complements, "--", "&&") and its case-insensitive matching can
// be done exactly before RE2 sees the class.
type runeSet []runeRange

type runeRange struct{ lo, hi rune }

const maxRune = unicode.MaxRune

// setOf returns the set of the code points lo to hi.
func setOf(lo, hi rune) runeSet { return runeSet{{lo, hi}} }

// allRunes is the set of every code point.
func allRunes() runeSet { return setOf(0, maxRune) }

// normalize sorts s and merges its ranges that overlap or touch.
func (s runeSet) normalize() runeSet {
	slices.SortFunc(s, func(a, b runeRange) int { return int(a.lo - b.lo) })
	out := s[:0]
	for _, r := range s {
		if n := len(out); n > 0 && r.lo <= out[n-1].hi+1 {
			out[n-1].hi = max(out[n-1].hi, r.hi)
			continue
		}
		out = append(out, r)
	}
	return out
}

// union returns the code points of s or t.
func (s runeSet) union(t runeSet) runeSet {
	return append(append(runeSet(nil), s...), t...).normalize()
}

// complement returns the code points not in s.
func (s runeSet) complement() runeSet {
	var out runeSet
	next := rune(0)
	for _, r := range s {
		if r.lo > next {
			out = append(out, runeRange{next, r.lo - 1})
		}
		next = r.hi + 1
	}
	if next <= maxRune {
		out = append(out, runeRange{next, maxRune})
	}
	return out
}

// intersect returns the code points in both s and t.
func (s runeSet) intersect(t runeSet) runeSet {
	return s.complement().union(t.complement()).complement()
}

// minus returns the code points of s that are not in t.
func (s runeSet) minus(t runeSet) runeSet { return s.intersect(t.complement()) }

// contains reports whether r is in s.
func (s runeSet) contains(r rune) bool {
	i, _ := slices.BinarySearchFunc(s, r, func(x runeRange, r rune) int {
		switch {
		case x.hi < r:
			return -1
		case x.lo > r:
			return 1
		}
		return 0
	})
	return i < len(s) && s[i].lo <= r && r <= s[i].hi
}

// size returns the number of code points in s.
func (s runeSet) size() int {
	n := 0
	for _, r := range s {
		n += int(r.hi-r.lo) + 1
	}
	return n
}

// single returns the one code point of s, if s has exactly one.
func (s runeSet) single() (rune, bool) {
	if len(s) == 1 && s[0].lo == s[0].hi {
		return s[0].lo, true
	}
	return 0, false
}

// fold returns s closed under simple case folding: with every code point,
// all those that have the same simple case folding (CaseFolding.txt,
// statuses C and S), which is what unicode.SimpleFold iterates over.
//
// ECMAScript with the "v" and "i" flags compares Canonicalize(ch), the
// simple case folding, of the input and of the members of a class (ES2024,
// 22.2.2.7.3 and 22.2.2.9.7): a code point matches a class when its
// folding is the folding of a member. A set closed this way holds exactly
// the code points that match it, so complements, unions and intersections
// of closed sets give what ECMAScript's operations on folded sets give,
// and RE2 can match the result without its own case folding.
func (s runeSet) fold() runeSet {
	out := append(runeSet(nil), s...)
	add := func(r rune) {
		for f := unicode.SimpleFold(r); f != r; f = unicode.SimpleFold(f) {
			out = append(out, runeRange{f, f})
		}
	}
	if s.size() <= 256 {
		for _, x := range s {
			for r := x.lo; r <= x.hi; r++ {
				add(r)
			}
		}
		return out.normalize()
	}
	// Only code points with a case mapping have other foldings.
	for _, c := range unicode.CaseRanges {
		for r := rune(c.Lo); r <= rune(c.Hi); r++ {
			if s.contains(r) {
				add(r)
			}
		}
	}
	return out.normalize()
}

// fromTable returns the code points of a table of package unicode.
func fromTable(t *unicode.RangeTable) runeSet {
	var out runeSet
	for _, r := range t.R16 {
		out = appendStride(out, rune(r.Lo), rune(r.Hi), rune(r.Stride))
	}
	for _, r := range t.R32 {
		out = appendStride(out, rune(r.Lo), rune(r.Hi), rune(r.Stride))
	}
	return out.normalize()
}

func appendStride(out runeSet, lo, hi, stride rune) runeSet {
	if stride == 1 {
		return append(out, runeRange{lo, hi})
	}
	for r := lo; r <= hi; r += stride {
		out = append(out, runeRange{r, r})
	}
	return out
}

// writeRE2 writes s as an RE2 atom: a single code point, a class, or a
// class that matches nothing for the empty set.
func (s runeSet) writeRE2(b *strings.Builder) {
	if r, ok := s.single(); ok {
		writeRune(b, r)
		return
	}
	if len(s) == 0 {
		b.WriteString(`[^\x00-\x{10FFFF}]`)
		return
	}
	b.WriteByte('[')
	for _, r := range s {
		writeRune(b, r.lo)
		if r.hi > r.lo {
			b.WriteByte('-')
			writeRune(b, r.hi)
		}
	}
	b.WriteByte(']')
}

// writeRune writes r for RE2, in or out of a class: ASCII letters and
// digits as they are, any other code point as \x{...}.
func writeRune(b *strings.Builder, r rune) {
	if 'a' <= r && r <= 'z' || 'A' <= r && r <= 'Z' || '0' <= r && r <= '9' {
		b.WriteRune(r)
		return
	}
	b.WriteString(`\x{`)
	b.WriteString(strconv.FormatInt(int64(r), 16))
	b.WriteByte('}')
}
