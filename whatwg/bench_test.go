package whatwg

import (
	"bufio"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gouri/uri"
)

// urlSamples are the real-world URL samples of the module (see
// ../testdata/urls/README.md).
var urlSamples = []string{"kasztp-sample.txt", "node_files-sample.txt"}

// readSample returns the lines of a sample file.
func readSample(tb testing.TB, name string) []string {
	tb.Helper()
	b, err := os.ReadFile(filepath.Join("..", "testdata", "urls", name))
	if err != nil {
		tb.Fatal(err)
	}
	return strings.Split(strings.TrimSuffix(string(b), "\n"), "\n")
}

// urlSet is a named list of URLs that a benchmark runs through.
type urlSet struct {
	name  string
	lines []string
}

// benchSets returns the committed samples, and each URL list (a file named
// *.txt, one URL per line) of the directory that the environment variable
// GOURI_URLS names, as the root package's benchmarks read them: the full
// lists that the samples come from can be measured without being
// committed. A byte-order mark on the first line is dropped.
func benchSets(tb testing.TB) []urlSet {
	var sets []urlSet
	for _, name := range urlSamples {
		sets = append(sets, urlSet{strings.TrimSuffix(name, "-sample.txt"), readSample(tb, name)})
	}
	dir := os.Getenv("GOURI_URLS")
	if dir == "" {
		return sets
	}
	files, err := filepath.Glob(filepath.Join(dir, "*.txt"))
	if err != nil || len(files) == 0 {
		tb.Fatalf("GOURI_URLS=%q: no *.txt files", dir)
	}
	for _, file := range files {
		data, err := os.ReadFile(file)
		if err != nil {
			tb.Fatal(err)
		}
		text := strings.TrimPrefix(string(data), "\uFEFF")
		lines := strings.Split(strings.TrimSuffix(text, "\n"), "\n")
		sets = append(sets, urlSet{"corpus-" + strings.TrimSuffix(filepath.Base(file), ".txt"), lines})
	}
	return sets
}

// BenchmarkParseWHATWG parses the URLs of each sample file, and of each list
// of GOURI_URLS, one per operation and takes the href: Parse and Href here
// (impl=gouri), url.Parse and String in net/url (impl=net-url). Compare with
//
//	GOURI_URLS=path/to/lists go test -run '^$' -bench ParseWHATWG -benchmem -count 8 ./whatwg > bench.txt
//	go run golang.org/x/perf/cmd/benchstat@latest -col /impl bench.txt
func BenchmarkParseWHATWG(b *testing.B) {
	for _, set := range benchSets(b) {
		lines := set.lines
		n := 0
		for _, l := range lines {
			n += len(l)
		}
		b.Run("file="+set.name+"/impl=gouri", func(b *testing.B) {
			b.ReportAllocs()
			b.SetBytes(int64(n / len(lines)))
			i := 0
			for b.Loop() {
				if u, err := Parse(lines[i]); err == nil {
					sink = u.Href()
				}
				if i++; i == len(lines) {
					i = 0
				}
			}
		})
		b.Run("file="+set.name+"/impl=net-url", func(b *testing.B) {
			b.ReportAllocs()
			b.SetBytes(int64(n / len(lines)))
			i := 0
			for b.Loop() {
				if u, err := url.Parse(lines[i]); err == nil {
					sink = u.String()
				}
				if i++; i == len(lines) {
					i = 0
				}
			}
		})
	}
}

// resolveBenchRefs are the references that BenchmarkResolveWHATWG resolves
// against every base, the same as the root package's BenchmarkResolve: the
// forms that RFC 3986, Section 5.2.2 tells apart, most common first.
var resolveBenchRefs = []struct{ name, ref string }{
	{"path", "g"},
	{"dotdot", "../g"},
	{"query", "?y"},
	{"fragment", "#s"},
	{"network", "//g"},
	{"absolute", "http://example.com/x/y?z"},
	{"dots-inside", "g/./h/../i"},
}

// BenchmarkResolveWHATWG resolves each reference against 500 parsed bases,
// the first lines of the web sample that the root package, net/url and
// Parse all accept (the root package's benchmark bases): base.Parse(ref)
// and Href (impl=gouri) against the same job in net/url, base.Parse(ref) and
// String (impl=net-url), which parses the reference and calls
// ResolveReference. impl=net-url-parsed-ref is ResolveReference and String
// on a reference parsed before the loop, the part of net/url's time that
// is resolution alone.
func BenchmarkResolveWHATWG(b *testing.B) {
	f, err := os.Open(filepath.Join("..", "testdata", "urls", "kasztp-sample.txt"))
	if err != nil {
		b.Fatal(err)
	}
	defer f.Close()
	var bases []URL
	var nu []*url.URL
	sc := bufio.NewScanner(f)
	for sc.Scan() && len(bases) < 500 {
		s := sc.Text()
		if _, err := uri.ParseURI(s); err != nil {
			continue
		}
		n, err := url.Parse(s)
		if err != nil {
			continue
		}
		u, err := Parse(s)
		if err != nil {
			continue
		}
		bases = append(bases, u)
		nu = append(nu, n)
	}
	if len(bases) < 500 {
		b.Fatalf("only %d usable bases", len(bases))
	}
	for _, rk := range resolveBenchRefs {
		size := 0
		for _, u := range bases {
			size += len(u.Href()) + len(rk.ref)
		}
		size /= len(bases)
		nref, err := url.Parse(rk.ref)
		if err != nil {
			b.Fatal(err)
		}
		bench := func(name string, op func(i int)) {
			b.Run("shape="+rk.name+"/impl="+name, func(b *testing.B) {
				b.ReportAllocs()
				b.SetBytes(int64(size))
				i := 0
				for b.Loop() {
					op(i)
					if i++; i == len(bases) {
						i = 0
					}
				}
			})
		}
		bench("gouri", func(i int) {
			if u, err := bases[i].Parse(rk.ref); err == nil {
				sink = u.Href()
			}
		})
		bench("net-url", func(i int) {
			if u, err := nu[i].Parse(rk.ref); err == nil {
				sink = u.String()
			}
		})
		bench("net-url-parsed-ref", func(i int) { sink = nu[i].ResolveReference(nref).String() })
	}
}

// sink keeps results alive in benchmarks.
var sink string
