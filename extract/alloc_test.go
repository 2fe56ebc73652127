package extract_test

import (
	"testing"

	"github.com/gouri/uri/extract"
)

// TestAllocs counts what a call of All allocates once the Extractor has
// looked up the top-level domains of the text in the Public Suffix List
// (AllocsPerRun runs the call once first): a buffer once if a scheme is
// put before a URL, and for each URL found at most its href, when that is
// not the text as written (a scheme put before it, an upper-case host, an
// encoding that the parser adds). IDNA, for a host beyond ASCII,
// allocates in the URL Standard's parser too.
func TestAllocs(t *testing.T) {
	for _, c := range []struct {
		name   string
		mode   extract.Mode
		text   string
		allocs float64
	}{
		{"no URL", extract.Relaxed, "Nothing to see here, e.g. node.js and main.js.", 0},
		{"URLs as serialized", extract.Default, "See https://example.com/a and https://example.org/b?c=d#e.", 0},
		{"a host in upper case", extract.Default, "See HTTPS://EXAMPLE.COM/a.", 1},
		{"an IDN", extract.Default, "See https://bücher.example/x.", 4},
		{"www", extract.Default, "See www.example.com/a and www.example.com/b.", 1 + 2},
		{"bare domains", extract.Relaxed, "example.com/a example.com/b example.com/c", 1 + 3},
		{"addresses", extract.Relaxed, "a@example.com b@example.com", 1 + 2},
		{"escapes of JSON", extract.Default, `{"u":"https:\/\/a.example\/x","v":"https://a.example/?a=1\u0026b=2"}`, 1 + 2},
		{"GFM", extract.GFM, "www.example.com/a https://example.com/b a@example.com", 1 + 2},
	} {
		e := extractor(t, c.mode)
		got := testing.AllocsPerRun(20, func() {
			for range e.All(c.text) {
			}
		})
		if got != c.allocs {
			t.Errorf("%s: All(%q) allocates %v times, want %v", c.name, c.text, got, c.allocs)
		}
	}
}
