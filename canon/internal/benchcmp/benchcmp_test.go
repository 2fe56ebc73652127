package benchcmp

import (
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/nlnwa/whatwg-url/canonicalizer"

	"github.com/gouri/uri/canon"
)

// urls returns the real-world URLs that all three implementations accept:
// those of the lists (*.txt, one URL per line) of the directory that
// GOURI_URLS names, such as the full lists that the module's committed
// samples come from, or, when it is unset, those of the committed samples
// in ../../../testdata/urls, so that a plain clone runs the comparison too.
func urls(tb testing.TB) []string {
	tb.Helper()
	pattern := filepath.Join("..", "..", "..", "testdata", "urls", "*-sample.txt")
	if dir := os.Getenv("GOURI_URLS"); dir != "" {
		pattern = filepath.Join(dir, "*.txt")
	}
	files, _ := filepath.Glob(pattern)
	if len(files) == 0 {
		tb.Fatalf("no URL lists match %s", pattern)
	}
	var out []string
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			tb.Fatal(err)
		}
		text := strings.TrimPrefix(string(data), "\uFEFF")
		for _, s := range strings.Split(text, "\n") {
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
