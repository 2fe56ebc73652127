package readings

import (
	"testing"
)

// TestAllocs pins what Compare allocates, by the shape of the input: what
// the parsers allocate, the address dialed, the canonical forms compared,
// and, when the readings differ, one block for all the differences of the
// report, whatever their number. The text of a difference is written only
// when it is asked for (Detail), and the report keeps its values on the
// caller's stack: its accessors allocate nothing.
func TestAllocs(t *testing.T) {
	tests := []struct {
		why  string
		in   string
		want float64
	}{
		{"the readings agree", "https://example.com/search?q=go", 5},
		{"RFC 3986, Section 7.4: a host and a dial difference", "http://127.1/", 7},
		{"a host and a path difference", "https:evil.example/", 5},
		{"IDNA of net/http's host; RFC 3986 fails", "http://１２７.０.０.１/", 15},
		{"spelling: case, leading zeros, dot segments, percent-encodings", "HTTP://user:p%61ss@EXAMPLE.com:0080/a/./b/../%7e?q#f", 19},
		{"not dialed: the error names the scheme", "foo://h/", 9},
		{"RFC 3986 and net/url fail", `http://a\b@c/`, 8},
	}
	for _, tt := range tests {
		if got := testing.AllocsPerRun(100, func() { sink = Compare(tt.in) }); got != tt.want {
			t.Errorf("%s: Compare(%q) allocates %v times, want %v", tt.why, tt.in, got, tt.want)
		}
		r := Compare(tt.in)
		got := testing.AllocsPerRun(100, func() {
			_, _ = r.ParsedRFC3986()
			_, _ = r.ParsedWHATWG()
			_, _ = r.ParsedNetURL()
			_, _, _ = r.DialHostPort()
			_ = r.Differs(AspectHost) || r.Reaches(WHATWG) || r.SameTarget()
			_ = r.Disagree(AspectHost, NetURL)
		})
		if got != 0 {
			t.Errorf("Compare(%q): the accessors of the report allocate %v times, want 0", tt.in, got)
		}
	}
}

var sink Report
