package whatwg

import (
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"testing"
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

// BenchmarkParseWHATWG parses the URLs of each sample file one per
// operation and takes the href: Parse and Href here (impl=gouri), url.Parse
// and String in net/url (impl=net-url). Compare with
//
//	go test -run '^$' -bench ParseWHATWG -benchmem -count 10 ./whatwg > bench.txt
//	go run golang.org/x/perf/cmd/benchstat@latest -col /impl bench.txt
func BenchmarkParseWHATWG(b *testing.B) {
	for _, name := range urlSamples {
		lines := readSample(b, name)
		n := 0
		for _, l := range lines {
			n += len(l)
		}
		file := strings.TrimSuffix(name, "-sample.txt")
		b.Run("file="+file+"/impl=gouri", func(b *testing.B) {
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
		b.Run("file="+file+"/impl=net-url", func(b *testing.B) {
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

// sink keeps results alive in benchmarks.
var sink string
