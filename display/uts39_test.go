package display

import (
	"fmt"
	"strconv"
	"testing"
	"unicode"

	"github.com/gouri/uri/internal/testrows"
)

// TestConfusables: every line of confusables.txt (UTS #39, Section 4)
// makes a code point and its prototype confusable: their skeletons are
// equal, and the skeleton of a skeleton is itself. Two kinds of line are
// exceptions, by the definition of the skeleton, which decomposes first and
// maps once: a code point with a canonical decomposition, whose line is
// never applied ("ö" is "o" with a diaeresis, not its prototype "ة"), and
// a prototype whose decomposition holds a code point that is mapped too
// (the prototype of U+FE82 is U+0622, whose decomposition U+0627 U+0653
// maps on to "l" and U+0303). Their number is checked, so that a change of
// the data or of the code shows.
func TestConfusables(t *testing.T) {
	e := testrows.NewExpect(t, "uts39/confusables.jsonl", nil)
	decomposes, remaps := 0, 0
	for _, r := range testrows.Vectors[struct {
		Source    string `json:"source"`
		Prototype string `json:"prototype"`
	}](t, "uts39", "confusables.jsonl") {
		s, p := Skeleton(r.Source), Skeleton(r.Prototype)
		fail := ""
		switch {
		case s == p && Skeleton(s) == s:
		case string(decomposed(nil, r.Source)) != r.Source:
			decomposes++
		case s != p && Skeleton(s) != s:
			remaps++
		case s != p:
			fail = fmt.Sprintf("Skeleton(%+q) = %+q, Skeleton(%+q) = %+q: want them equal", r.Source, s, r.Prototype, p)
		case Skeleton(s) != s:
			fail = fmt.Sprintf("Skeleton(%+q) = %+q, not its own skeleton", s, Skeleton(s))
		}
		e.Case(r.Source, fail)
	}
	e.Done()
	if decomposes != 22 || remaps != 13 {
		t.Errorf("%d lines of code points that decompose, %d whose prototype maps on; want 22 and 13", decomposes, remaps)
	}
}

// TestIdentifierStatus: a code point is Allowed exactly when
// IdentifierStatus.txt lists it.
func TestIdentifierStatus(t *testing.T) {
	allowed := map[rune]bool{}
	for _, r := range testrows.Vectors[struct {
		First string `json:"first"`
		Last  string `json:"last"`
	}](t, "uts39", "identifier_status.jsonl") {
		lo, err1 := strconv.ParseUint(r.First, 16, 32)
		hi, err2 := strconv.ParseUint(r.Last, 16, 32)
		if err1 != nil || err2 != nil {
			t.Fatalf("bad row %v", r)
		}
		for c := rune(lo); c <= rune(hi); c++ {
			allowed[c] = true
		}
	}
	if len(allowed) != 33791 {
		t.Errorf("%d Allowed code points, want 33,791 (UTS #39 17.0.0)", len(allowed))
	}
	for c := rune(0); c <= unicode.MaxRune; c++ {
		if got := propOf(c).allowed(); got != allowed[c] {
			t.Errorf("propOf(%U).allowed() = %v, want %v", c, got, allowed[c])
		}
	}
}

// TestSkeleton: the skeletons of UTS #39, Section 4, on whole strings:
// decomposed, mapped, and in canonical order again.
func TestSkeleton(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"paypal", "paypal"},               // its own skeleton: no allocation
		{"раураl", "paypal"},               // Cyrillic р, а, у
		{"google.com", "google.corn"},      // m is rn
		{"0", "O"},                         // the prototype of 0 is O
		{"é", "e\u0301"},                   // decomposed first
		{"\u1E69", "s\u0323\u0307"},        // ṩ: s, dot below (220), dot above (230)
		{"s\u0307\u0323", "s\u0323\u0307"}, // canonical order
		{"\uAC00", "\u1100\u1161"},         // a Hangul syllable decomposes by rule
		{"\xff", "\ufffd"},                 // invalid UTF-8 is U+FFFD
		{"", ""},
	} {
		if got := Skeleton(c.in); got != c.want {
			t.Errorf("Skeleton(%+q) = %+q, want %+q", c.in, got, c.want)
		}
	}
	if n := testing.AllocsPerRun(100, func() { Skeleton("paypal") }); n != 0 {
		t.Errorf("Skeleton(\"paypal\") allocates %v times, want 0", n)
	}
}

// decomposed appends the NFD of s to b.
func decomposed(b []rune, s string) []rune {
	start := len(b)
	for _, r := range s {
		b = appendDecomposed(b, r)
	}
	reorder(b[start:])
	return b
}
