package query

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// piece is a piece as the reference splits it, for cmp.
type piece struct {
	Text, Name, Value string
	Eq                bool
	Mark              int // the offset in the piece of the first mark, or -1
}

// reference splits q as the URL Standard, section 5.1, steps 1 and 3,
// words it, with strings.Split and strings.Cut, and finds the marks of
// in: the slow, obvious splitter that the fast ones must agree with.
func reference(q string, in func(byte) bool) []piece {
	var ps []piece
	for _, text := range strings.Split(q, "&") {
		name, value, eq := strings.Cut(text, "=")
		mark := -1
		for k := 0; k < len(text); k++ {
			if in(text[k]) && (k != len(name) || !eq) {
				mark = k
				break
			}
		}
		ps = append(ps, piece{text, name, value, eq, mark})
	}
	return ps
}

// split runs each splitter of the package on q and checks that they
// agree with each other; it returns the pieces of Marks.Next.
func split(t *testing.T, q string, marks *Marks) []piece {
	t.Helper()
	var byNext, byMarks, byCut, byPieces []piece
	for i := 0; ; {
		sp := Next(q, i, len(q))
		byNext = append(byNext, piece{q[sp.Start:sp.End], q[sp.Start:sp.NameEnd], q[min(sp.NameEnd+1, sp.End):sp.End], sp.HasValue(), -1})
		ms, mark := marks.Next(q, i)
		if ms != sp {
			t.Fatalf("Marks.Next(%q, %d) = %+v, Next gives %+v", q, i, ms, sp)
		}
		if mark >= 0 {
			mark -= i
		}
		byMarks = append(byMarks, piece{q[i:ms.End], q[i:ms.NameEnd], q[min(ms.NameEnd+1, ms.End):ms.End], ms.HasValue(), mark})
		if sp.End == len(q) {
			break
		}
		i = sp.End + 1
	}
	for rest := q; ; {
		text, after, more := Cut(rest)
		name, value, eq := Pair(text)
		byCut = append(byCut, piece{text, name, value, eq, -1})
		if !more {
			break
		}
		rest = after
	}
	for text := range Pieces(q) {
		name, value, eq := Pair(text)
		byPieces = append(byPieces, piece{text, name, value, eq, -1})
	}
	if d := cmp.Diff(byNext, byCut); d != "" {
		t.Fatalf("split %q: Next and Cut differ (-Next +Cut):\n%s", q, d)
	}
	if d := cmp.Diff(byNext, byPieces); d != "" {
		t.Fatalf("split %q: Next and Pieces differ (-Next +Pieces):\n%s", q, d)
	}
	return byMarks
}

// isMark is the set of marks of the tests: "%", "+", "=" and the bytes
// from 0x80 on.
func isMark(c byte) bool { return c == '%' || c == '+' || c == '=' || c >= 0x80 }

var testMarks = NewMarks(isMark)

// isDecode is a set of marks without "=", for which a second "=" is no
// mark.
func isDecode(c byte) bool { return c == '%' || c == '+' }

var decodeMarks = NewMarks(isDecode)

func TestSplit(t *testing.T) {
	tests := []struct {
		name, q string
		want    []piece
	}{
		{"URL Standard 5.1, step 1: the empty query is one empty piece", "", []piece{{"", "", "", false, -1}}},
		{"step 3.2: the first \"=\" splits", "a=b=c", []piece{{"a=b=c", "a", "b=c", true, 3}}},
		{"step 3.3: no \"=\", an empty value", "a", []piece{{"a", "a", "", false, -1}}},
		{"empty pieces are pieces", "&a=1&&", []piece{
			{"", "", "", false, -1}, {"a=1", "a", "1", true, -1}, {"", "", "", false, -1}, {"", "", "", false, -1}}},
		{"empty name", "=x", []piece{{"=x", "", "x", true, -1}}},
		{"\";\" is data; a second \"=\" is a mark", "a=1;b=2", []piece{{"a=1;b=2", "a", "1;b=2", true, 5}}},
		{"marks before and after the \"=\"", "a%20=b+c&d=%C3%A9", []piece{
			{"a%20=b+c", "a%20", "b+c", true, 1}, {"d=%C3%A9", "d", "%C3%A9", true, 2}}},
		{"a mark after the \"=\" and no more", "abcdefghij=klmnop+qrstu&v", []piece{
			{"abcdefghij=klmnop+qrstu", "abcdefghij", "klmnop+qrstu", true, 17}, {"v", "v", "", false, -1}}},
		{"non-ASCII", "é=ü", []piece{{"é=ü", "é", "ü", true, 0}}},
	}
	for _, tt := range tests {
		if d := cmp.Diff(reference(tt.q, isDecode), split(t, tt.q, decodeMarks)); d != "" {
			t.Errorf("%s: split(%q) with marks \"%%+\" (-reference +got):\n%s", tt.name, tt.q, d)
		}
		if d := cmp.Diff(tt.want, split(t, tt.q, testMarks)); d != "" {
			t.Errorf("%s: split(%q) (-want +got):\n%s", tt.name, tt.q, d)
		}
		if d := cmp.Diff(reference(tt.q, isMark), tt.want); d != "" {
			t.Errorf("%s: the reference splits %q otherwise (-reference +want):\n%s", tt.name, tt.q, d)
		}
	}
}

// TestNextInText: Next splits a query inside a longer text, by offsets,
// and stops at the end it is given.
func TestNextInText(t *testing.T) {
	s := "http://h/p?a=1&b&c=#f&g=h"
	end := strings.IndexByte(s, '#')
	var got []Span
	for i := strings.IndexByte(s, '?') + 1; ; {
		sp := Next(s, i, end)
		got = append(got, sp)
		if sp.End == end {
			break
		}
		i = sp.End + 1
	}
	want := []Span{{11, 12, 14}, {15, 16, 16}, {17, 18, 19}}
	if d := cmp.Diff(want, got); d != "" {
		t.Errorf("Next over %q (-want +got):\n%s", s, d)
	}
}

func TestAppendKept(t *testing.T) {
	tests := []struct {
		clause, q, drop, want string
		pairs                 bool
	}{
		{"a dropped piece goes with the \"&\" after it", "a=1&b=2", "a=1", "b=2", true},
		{"or with the one before it", "b=2&a=1", "a=1", "b=2", true},
		{"every other byte stays", "&a=1&&b=2", "a=1", "&&b=2", true},
		{"only empty pieces left: no pair", "&a=1&", "a=1", "&", false},
		{"all dropped", "a=1&a=1", "a=1", "", false},
		{"nothing dropped", "x&y", "a=1", "x&y", true},
		{"the empty query", "", "a=1", "", false},
	}
	for _, tt := range tests {
		got, pairs := AppendKept([]byte("?"), tt.q, func(p string) bool { return p == tt.drop })
		if string(got) != "?"+tt.want || pairs != tt.pairs {
			t.Errorf("%s: AppendKept(%q, %q without %q) = %q, %v; want %q, %v", tt.clause, "?", tt.q, tt.drop, got, pairs, "?"+tt.want, tt.pairs)
		}
	}
}

func TestNoAllocs(t *testing.T) {
	q := "utm_source=x&a=%20b&c"
	if n := testing.AllocsPerRun(100, func() {
		for i := 0; ; {
			sp, _ := testMarks.Next(q, i)
			if sp.End == len(q) {
				break
			}
			i = sp.End + 1
		}
		for p := range Pieces(q) {
			Pair(p)
		}
	}); n != 0 {
		t.Errorf("splitting %q: %v allocations, want 0", q, n)
	}
}

// FuzzSplit: every splitter agrees with the slow reference on any input,
// and the pieces with their "&" between them are the query again.
func FuzzSplit(f *testing.F) {
	for _, s := range []string{"", "a=b=c", "&a=1&&", "a%20=b+c&d=%C3%A9", "é=ü&&=&=&", strings.Repeat("k=v&", 20)} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, q string) {
		if d := cmp.Diff(reference(q, isDecode), split(t, q, decodeMarks)); d != "" {
			t.Fatalf("split(%q) with marks \"%%+\" (-reference +got):\n%s", q, d)
		}
		got := split(t, q, testMarks)
		if d := cmp.Diff(reference(q, isMark), got); d != "" {
			t.Fatalf("split(%q) (-reference +got):\n%s", q, d)
		}
		texts := make([]string, len(got))
		for i, p := range got {
			texts[i] = p.Text
		}
		if j := strings.Join(texts, "&"); j != q {
			t.Fatalf("split(%q) joins to %q", q, j)
		}
	})
}
