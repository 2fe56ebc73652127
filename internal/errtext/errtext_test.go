package errtext

import (
	"math"
	"strings"
	"testing"
)

func TestQuoteAround(t *testing.T) {
	long := strings.Repeat("a", 50) + "X" + strings.Repeat("b", 50)
	tests := []struct {
		s    string
		off  int
		want string
	}{
		{"short", 2, `"short"`},
		{"a\x00b", 1, `"a\x00b"`},
		{long, 50, `"...` + strings.Repeat("a", 40) + "X" + strings.Repeat("b", 39) + `..."`},
		{long, 0, `"` + strings.Repeat("a", 50) + "X" + strings.Repeat("b", 29) + `..."`},
		{long, len(long), `"...` + strings.Repeat("a", 29) + "X" + strings.Repeat("b", 50) + `"`},
	}
	for _, tt := range tests {
		if got := QuoteAround(tt.s, tt.off); got != tt.want {
			t.Errorf("QuoteAround(%q, %d) = %s, want %s", tt.s, tt.off, got, tt.want)
		}
	}
	// Offsets outside the text, however far, are its nearest end.
	for _, off := range []int{-1, math.MinInt, len(long) + 1, math.MaxInt} {
		end := 0
		if off > 0 {
			end = len(long)
		}
		if got, want := QuoteAround(long, off), QuoteAround(long, end); got != want {
			t.Errorf("QuoteAround(long, %d) = %s, want %s", off, got, want)
		}
	}
}

// TestQuoteHead checks that a long text is cut at MaxHead bytes, or before
// a character that would straddle the cut, and marked with "...".
func TestQuoteHead(t *testing.T) {
	long := strings.Repeat("a", MaxHead)
	tests := []struct{ in, want string }{
		{"", `""`},
		{"a\tb", `"a\tb"`},
		{long, `"` + long + `"`},
		{long + "b", `"` + long + `"...`},
		{long[:MaxHead-1] + "é", `"` + long[:MaxHead-1] + `"...`}, // "é" starts at MaxHead-1 and ends past it
	}
	for _, tc := range tests {
		if got := QuoteHead(tc.in); got != tc.want {
			t.Errorf("QuoteHead(%.20q...) = %.40s..., want %.40s...", tc.in, got, tc.want)
		}
	}
}
