package uri

import (
	"bufio"
	"net/url"
	"os"
	"strings"
	"testing"
)

// Benchmarks compare this package with net/url on the same inputs. Each
// benchmark has sub-benchmarks named shape=<input>/impl=<gouri|net-url>, so
// that benchstat puts the two side by side:
//
//	go test -run '^$' -bench 'Parse|String' -count 10 . > bench.txt
//	benchstat -col /impl bench.txt

// benchShapes are single inputs of the shapes that stress different parts of
// the parser.
var benchShapes = []struct{ name, in string }{
	{"short", "http://example.com/"},
	{"typical", "https://www.example.com/products/item-123?ref=home&lang=en#reviews"},
	{"long-path", "https://example.com/" + strings.Repeat("segment/", 60) + "index.html"},
	{"ipv6", "http://[2001:db8:85a3::8a2e:370:7334]:8080/a/b?c=d"},
	{"percent-heavy", "https://example.com/%E2%82%AC/" + strings.Repeat("%20a%2F", 30) + "?q=%C3%A9%C3%A8"},
	{"query-heavy", "https://example.com/search?" + strings.Repeat("key=value&", 40) + "last=1"},
	{"userinfo", "ftp://user:password@ftp.example.com:2121/pub/file.txt"},
}

// loadURLs reads one URL per line from a committed sample.
func loadURLs(tb testing.TB, name string) []string {
	tb.Helper()
	f, err := os.Open("testdata/urls/" + name)
	if err != nil {
		tb.Fatal(err)
	}
	defer f.Close()
	var urls []string
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		urls = append(urls, sc.Text())
	}
	if err := sc.Err(); err != nil {
		tb.Fatal(err)
	}
	return urls
}

// benchInputs returns the shapes as one-element sets, plus the corpus
// samples, each with its total size in bytes.
func benchInputs(tb testing.TB) []struct {
	name   string
	inputs []string
} {
	sets := []struct {
		name   string
		inputs []string
	}{}
	for _, s := range benchShapes {
		sets = append(sets, struct {
			name   string
			inputs []string
		}{s.name, []string{s.in}})
	}
	for _, c := range []struct{ name, file string }{{"corpus-web", "kasztp-sample.txt"}, {"corpus-files", "node_files-sample.txt"}} {
		sets = append(sets, struct {
			name   string
			inputs []string
		}{c.name, loadURLs(tb, c.file)})
	}
	return sets
}

func totalBytes(inputs []string) int64 {
	n := 0
	for _, s := range inputs {
		n += len(s)
	}
	return int64(n)
}

var sinkURI URI
var sinkURL *url.URL
var sinkString string

func BenchmarkParse(b *testing.B) {
	for _, set := range benchInputs(b) {
		b.Run("shape="+set.name+"/impl=gouri", func(b *testing.B) {
			b.ReportAllocs()
			b.SetBytes(totalBytes(set.inputs))
			for b.Loop() {
				for _, s := range set.inputs {
					sinkURI, _ = Parse(s)
				}
			}
		})
		b.Run("shape="+set.name+"/impl=net-url", func(b *testing.B) {
			b.ReportAllocs()
			b.SetBytes(totalBytes(set.inputs))
			for b.Loop() {
				for _, s := range set.inputs {
					sinkURL, _ = url.Parse(s)
				}
			}
		})
	}
}

// BenchmarkString measures Parse followed by String, the round trip a proxy
// or a crawler does for every URL.
func BenchmarkString(b *testing.B) {
	for _, set := range benchInputs(b) {
		b.Run("shape="+set.name+"/impl=gouri", func(b *testing.B) {
			b.ReportAllocs()
			b.SetBytes(totalBytes(set.inputs))
			for b.Loop() {
				for _, s := range set.inputs {
					u, _ := Parse(s)
					sinkString = u.String()
				}
			}
		})
		b.Run("shape="+set.name+"/impl=net-url", func(b *testing.B) {
			b.ReportAllocs()
			b.SetBytes(totalBytes(set.inputs))
			for b.Loop() {
				for _, s := range set.inputs {
					if u, err := url.Parse(s); err == nil {
						sinkString = u.String()
					}
				}
			}
		})
	}
}
