package benchcmp

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"mvdan.cc/xurls/v2"

	"github.com/gouri/uri/extract"
)

// sample returns the lines of a committed URL sample.
func sample(tb testing.TB, name string) []string {
	tb.Helper()
	data, err := os.ReadFile(filepath.Join("..", "..", "..", "testdata", "urls", name))
	if err != nil {
		tb.Fatal(err)
	}
	var out []string
	for _, l := range strings.Split(string(data), "\n") {
		if l = strings.TrimSpace(l); l != "" {
			out = append(out, l)
		}
	}
	return out
}

// corpus is the text of the comparison: for each URL of the kasztp
// sample, a line of one of six kinds around it, then a log line without a
// URL that names a file of the node_files sample.
func corpus(tb testing.TB) string {
	urls := sample(tb, "kasztp-sample.txt")
	files := sample(tb, "node_files-sample.txt")
	var b strings.Builder
	for i, u := range urls {
		switch i % 6 {
		case 0:
			fmt.Fprintf(&b, "hey @alice, did you see %s? looks good to me, merging now.\n", u)
		case 1:
			fmt.Fprintf(&b, "* See the [release notes](%s) and the FAQ (at <%s>).\n", u, u)
		case 2:
			fmt.Fprintf(&b, "2026-11-28T10:%02d:%02dZ INFO http: GET %s 200 %dms bytes=%d ua=\"Mozilla/5.0 (X11; Linux x86_64)\"\n", i/60%60, i%60, u, i%300, i*37)
		case 3:
			fmt.Fprintf(&b, "According to the documentation (%s), the option is deprecated; use `--flag` instead.\n", u)
		case 4:
			fmt.Fprintf(&b, "详情请见：%s。谢谢！\n", u)
		case 5:
			fmt.Fprintf(&b, "> Quoting %q: \"it works, e.g. on v1.2.3 and node.js 20.x\".\n", u)
		}
		f := strings.TrimPrefix(files[i%len(files)], "file://")
		fmt.Fprintf(&b, "2026-11-28T10:00:%02d.%03dZ DEBUG loader: loaded %s in %d.%dms (cache hit, 3 of 14 modules); next step: build.\n", i%60, i%1000, f, i%10, i%7)
	}
	return b.String()
}

// impl is one way to find the URLs of a text; it returns how many.
type impl struct {
	name string
	find func(string) int
}

func impls(tb testing.TB) []impl {
	var out []impl
	for _, c := range []struct {
		name string
		mode extract.Mode
	}{{"extract-default", extract.Default}, {"extract-relaxed", extract.Relaxed}, {"extract-gfm", extract.GFM}} {
		e, err := extract.New(extract.Options{Mode: c.mode})
		if err != nil {
			tb.Fatal(err)
		}
		out = append(out, impl{c.name, func(s string) int {
			n := 0
			for range e.All(s) {
				n++
			}
			return n
		}})
	}
	for _, c := range []struct {
		name string
		re   *regexp.Regexp
	}{{"xurls-strict", xurls.Strict()}, {"xurls-relaxed", xurls.Relaxed()}} {
		out = append(out, impl{c.name, func(s string) int { return len(c.re.FindAllStringIndex(s, -1)) }})
	}
	return out
}

// BenchmarkText finds the URLs of the corpus with each implementation;
// the impl key lets benchstat set them side by side, and urls/op says how
// many each found.
func BenchmarkText(b *testing.B) {
	text := corpus(b)
	for _, im := range impls(b) {
		b.Run("impl="+im.name, func(b *testing.B) {
			b.ReportAllocs()
			b.SetBytes(int64(len(text)))
			n := 0
			for b.Loop() {
				n = im.find(text)
			}
			b.ReportMetric(float64(n), "urls/op")
		})
	}
}

// BenchmarkLines finds the URLs of the corpus line by line, as a program
// that reads a log or a chat a message at a time does; Go's regexp
// package runs a regular expression on a short input with a backtracker
// of its own, faster than on a long one.
func BenchmarkLines(b *testing.B) {
	text := corpus(b)
	lines := strings.Split(text, "\n")
	for _, im := range impls(b) {
		b.Run("impl="+im.name, func(b *testing.B) {
			b.ReportAllocs()
			b.SetBytes(int64(len(text)))
			n := 0
			for b.Loop() {
				n = 0
				for _, l := range lines {
					n += im.find(l)
				}
			}
			b.ReportMetric(float64(n), "urls/op")
		})
	}
}

// hostile are texts of 1 MB that make many candidates: runs of dots,
// parentheses, "@" and ":", and schemes without a host.
var hostile = []struct{ name, unit string }{
	{"dots", "a."},
	{"parentheses", "http://a.b/(("},
	{"at", "a@b."},
	{"colons", "http:"},
	{"nested", "a.com?"},
}

// BenchmarkHostile finds the URLs of each hostile text of 1 MB.
func BenchmarkHostile(b *testing.B) {
	for _, h := range hostile {
		text := strings.Repeat(h.unit, (1<<20)/len(h.unit))
		for _, im := range impls(b) {
			b.Run("text="+h.name+"/impl="+im.name, func(b *testing.B) {
				b.ReportAllocs()
				b.SetBytes(int64(len(text)))
				for b.Loop() {
					im.find(text)
				}
			})
		}
	}
}
