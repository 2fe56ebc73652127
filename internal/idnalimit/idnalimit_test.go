package idnalimit

import (
	"strings"
	"testing"
)

func TestTooLong(t *testing.T) {
	long := strings.Repeat("a", MaxLabel+1)
	short := strings.Repeat("a", MaxLabel)
	pad := func(label, sep string) string { // a domain over MaxDomain bytes of such labels
		return strings.Repeat(label+sep, MaxDomain/len(label)+1) + "x"
	}
	tests := []struct {
		s    string
		want bool
	}{
		{long, false},               // one long label, but a short domain
		{pad(short, "."), false},    // a long domain of labels within the limit
		{pad(long, "."), true},      // a long domain with long labels
		{pad(long, "\u3002"), true}, // the ideographic full stop separates too
		{pad(short, "\u3002"), false},
		{pad(short, "\uff0e"), false},              // the fullwidth full stop
		{pad(short, "\uff61"), false},              // the halfwidth ideographic full stop
		{pad(strings.Repeat("é", 128), "."), true}, // 256 bytes in 128 characters
	}
	for i, tt := range tests {
		if got := TooLong(tt.s); got != tt.want {
			t.Errorf("case %d (%d bytes): TooLong = %v, want %v", i, len(tt.s), got, tt.want)
		}
	}
}
