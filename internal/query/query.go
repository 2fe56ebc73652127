// Package query is the module's one splitter of a query into pairs: the
// convention of HTML forms, which RFC 3986, Section 3.4 leaves to
// applications and the URL Standard writes down as the first steps of the
// application/x-www-form-urlencoded parser (section 5.1, steps 1 and 3.1
// to 3.3): the query is cut into pieces at every "&", and a piece into a
// name and a value at its first "=" (a piece without "=" is a name with an
// empty value).
//
// Every package that reads query pairs splits them here: package uri
// (QueryPairs, the query editors, NormalizeSortQuery), whatwg
// (ParseForm, DeleteSearchParam), canon (dropped parameters, sorted
// queries, session ids) and template (matching a form-style query).
//
// Empty pieces are pieces here ("a=1&&b=2" has three, "" has one): the
// editors that keep every other byte of a query keep them, and the readers
// that skip them, as form parsing does, say so. Decoding a name or a value
// is no part of splitting: each reading decodes as its own rules say ("+"
// as a space and percent-decoding for package uri, the URL Standard's
// UTF-8 decoding for whatwg, nothing for template matching).
//
// The functions do not allocate, and each looks at a byte at most twice
// (with strings.IndexByte), so that splitting takes time linear in the
// length of the query.
package query

import (
	"iter"
	"strings"
)

// Cut returns the first piece of q, up to its first "&", the rest of q
// after that "&", and whether q has one: Cut("a=1&b=2") is "a=1", "b=2",
// true; Cut("a=1") is "a=1", "", false.
func Cut(q string) (piece, rest string, more bool) {
	if i := strings.IndexByte(q, '&'); i >= 0 {
		return q[:i], q[i+1:], true
	}
	return q, "", false
}

// Pair returns the name and the value of a piece, split at its first "=",
// and whether it has a "=": Pair("a=b=c") is "a", "b=c", true, and
// Pair("a") is "a", "", false.
func Pair(piece string) (name, value string, eq bool) {
	if i := strings.IndexByte(piece, '='); i >= 0 {
		return piece[:i], piece[i+1:], true
	}
	return piece, "", false
}

// Span is one piece of a query in a longer text s, by offsets: the piece
// is s[Start:End], its name s[Start:NameEnd], and NameEnd is the index of
// its first "=", or End when it has none.
type Span struct{ Start, NameEnd, End int }

// HasValue reports whether the piece has a "=" after its name.
func (p Span) HasValue() bool { return p.NameEnd < p.End }

// Next returns the piece of the query s[i:end] that starts at s[i]: it
// ends at the first "&" before end, or at end. The next piece, if the
// span does not end at end, starts at its End+1. With i == end it returns
// the empty piece at end.
func Next(s string, i, end int) Span {
	e := strings.IndexByte(s[i:end], '&')
	if e < 0 {
		e = end
	} else {
		e += i
	}
	k := strings.IndexByte(s[i:e], '=')
	if k < 0 {
		k = e
	} else {
		k += i
	}
	return Span{i, k, e}
}

// Count returns the number of pieces of q: one more than its "&". Callers
// size their lists of pairs with it.
func Count(q string) int { return strings.Count(q, "&") + 1 }

// Pieces returns an iterator over the pieces of q, in order, empty pieces
// included: strings.SplitSeq(q, "&"), spelled once for the module.
func Pieces(q string) iter.Seq[string] {
	return func(yield func(string) bool) {
		for {
			piece, rest, more := Cut(q)
			if !yield(piece) || !more {
				return
			}
			q = rest
		}
	}
}

// Marks is a set of bytes that a reader wants to find in each piece as it
// splits a query, for [Marks.Next]: application/x-www-form-urlencoded
// parsing looks for the bytes that need decoding, and for those that its
// serializer would not write as they are.
type Marks struct {
	stop [256]bool // the marks, "&" and "="
	mark [256]bool // the marks
}

// NewMarks returns the set of the bytes c for which in(c) is true.
func NewMarks(in func(c byte) bool) *Marks {
	t := new(Marks)
	for c := range 256 {
		t.mark[c] = in(byte(c))
		t.stop[c] = t.mark[c]
	}
	t.stop['&'], t.stop['='] = true, true
	return t
}

// Next returns the piece of s that starts at s[i], as [Next] splits the
// query s[i:] (len(s) is its end), and the index of the first byte of the
// piece that is in t, or -1. The first "=" of the piece splits it and is
// no mark; a later "=" is, when t holds "=".
//
// It reads the piece once, a byte at a time, and only up to the end of
// the piece once it has found a mark and the "=".
func (t *Marks) Next(s string, i int) (Span, int) {
	sp, mark := Span{i, -1, len(s)}, -1
	for j := t.stopAt(s, i); j < len(s); j = t.stopAt(s, j+1) {
		switch c := s[j]; {
		case c == '&':
			sp.End = j
			if sp.NameEnd < 0 {
				sp.NameEnd = j
			}
			return sp, mark
		case c == '=' && sp.NameEnd < 0:
			sp.NameEnd = j
		case t.mark[c] && mark < 0:
			mark = j
		default:
			continue
		}
		if sp.NameEnd >= 0 && mark >= 0 {
			if k := strings.IndexByte(s[j+1:], '&'); k >= 0 {
				sp.End = j + 1 + k
			}
			return sp, mark
		}
	}
	if sp.NameEnd < 0 {
		sp.NameEnd = sp.End
	}
	return sp, mark
}

// stopAt returns the index of the first byte of s from j on that is a
// mark, "&" or "=", or len(s). It looks at four bytes at a time while
// none of them stops: most names and values are runs of letters and
// digits.
func (t *Marks) stopAt(s string, j int) int {
	for j+4 <= len(s) {
		w := s[j : j+4] // one bounds check for the four
		if t.stop[w[0]] || t.stop[w[1]] || t.stop[w[2]] || t.stop[w[3]] {
			break
		}
		j += 4
	}
	for j < len(s) && !t.stop[s[j]] {
		j++
	}
	return j
}

// AppendKept appends to dst the pieces of q for which drop returns false,
// joined by "&" as they are in q, so that each dropped piece goes with one
// "&" next to it and every other byte stays: "&a=1&&b=2" without "a=1" is
// "&&b=2". It calls drop once per piece, in order, and reports whether a
// kept piece is not empty, that is, whether the result has a pair.
func AppendKept(dst []byte, q string, drop func(piece string) bool) ([]byte, bool) {
	kept, pairs := 0, false
	for piece := range Pieces(q) {
		if drop(piece) {
			continue
		}
		if kept > 0 {
			dst = append(dst, '&')
		}
		dst = append(dst, piece...)
		kept++
		pairs = pairs || piece != ""
	}
	return dst, pairs
}
