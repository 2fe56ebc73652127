package benchcmp

import (
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/nlnwa/whatwg-url/canonicalizer"

	"github.com/gouri/uri/canon"
	"github.com/gouri/uri/internal/testrows"
)

// urls returns the real-world URLs that all three implementations
// accept: of the lists in the folder that GOURI_URLS names (the full
// lists that the module's samples come from), or else of the samples
// committed in testdata/urls of the module.
func urls(tb testing.TB) []string {
	tb.Helper()
	lists := testrows.ExternalURLs(tb)
	if lists == nil {
		for _, name := range testrows.Samples() {
			data, err := os.ReadFile(filepath.Join("..", "..", "..", "testdata", "urls", name))
			if err != nil {
				tb.Fatal(err)
			}
			lists = append(lists, testrows.URLList{Name: name, URLs: strings.Split(string(data), "\n")})
		}
	}
	var out []string
	for _, list := range lists {
		for _, s := range list.URLs {
			if _, err := url.Parse(s); err != nil || s == "" {
				continue
			}
			if _, err := canon.Canon(s, canon.SafeBrowsing); err != nil {
				continue
			}
			if _, err := canonicalizer.GoogleSafeBrowsing.Parse(s); err != nil {
				continue
			}
			out = append(out, s)
		}
	}
	return out
}

// BenchmarkCanon canonicalizes every URL of the lists with each
// implementation; the impl key lets benchstat set them side by side.
// neturl is url.Parse and URL.String, the baseline.
func BenchmarkCanon(b *testing.B) {
	list := urls(b)
	n := 0
	for _, s := range list {
		n += len(s)
	}
	impls := []struct {
		name string
		f    func(string)
	}{
		{"neturl", func(s string) {
			u, _ := url.Parse(s)
			_ = u.String()
		}},
		{"safebrowsing", func(s string) { _, _ = canon.Canon(s, canon.SafeBrowsing) }},
		{"surt", func(s string) { _, _ = canon.SURT(s) }},
		{"nlnwa", func(s string) {
			u, _ := canonicalizer.GoogleSafeBrowsing.Parse(s)
			_ = u.String()
		}},
	}
	for _, impl := range impls {
		b.Run("impl="+impl.name, func(b *testing.B) {
			b.ReportAllocs()
			b.SetBytes(int64(n))
			for b.Loop() {
				for _, s := range list {
					impl.f(s)
				}
			}
		})
	}
}

// TestAllocsCanonical: a URL that is already in Safe Browsing's canonical
// form costs at most one allocation, on average over the lists.
func TestAllocsCanonical(t *testing.T) {
	var keys []string
	for _, s := range urls(t) {
		k, _ := canon.Canon(s, canon.SafeBrowsing)
		keys = append(keys, k)
	}
	allocs := testing.AllocsPerRun(3, func() {
		for _, k := range keys {
			_, _ = canon.Canon(k, canon.SafeBrowsing)
		}
	}) / float64(len(keys))
	if allocs > 1 {
		t.Errorf("%.2f allocations per canonical URL, want <= 1", allocs)
	}
	t.Logf("%d URLs, %.3f allocations each", len(keys), allocs)
}
