package robots

import (
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/gouri/uri/internal/testrows"
)

// benchData returns the benchmarks' file and paths (testdata/bench), which
// the comparison with other implementations in internal/benchcmp reads
// too.
func benchData(tb testing.TB) ([]byte, []string) {
	tb.Helper()
	file, err := os.ReadFile("testdata/bench/typical.txt")
	if err != nil {
		tb.Fatal(err)
	}
	paths, err := os.ReadFile("testdata/bench/paths.txt")
	if err != nil {
		tb.Fatal(err)
	}
	return file, strings.Fields(string(paths))
}

// bigFile returns a file of about n bytes: groups of the typical file
// under other names, one after another.
func bigFile(file []byte, n int) []byte {
	var b []byte
	for i := 0; len(b) < n; i++ {
		b = append(b, "User-agent: Bot"+strconv.Itoa(i)+"\n"...)
		b = append(b, file...)
	}
	return b
}

// BenchmarkParse reads the typical file, and one of 500 KiB.
func BenchmarkParse(b *testing.B) {
	file, _ := benchData(b)
	for _, c := range []struct {
		name string
		file []byte
	}{{"typical", file}, {"500KiB", bigFile(file, DefaultMaxBytes)[:DefaultMaxBytes]}} {
		b.Run("file="+c.name, func(b *testing.B) {
			b.ReportAllocs()
			b.SetBytes(int64(len(c.file)))
			for b.Loop() {
				Parse(c.file)
			}
		})
	}
}

// BenchmarkCheck checks each path of the benchmarks against the typical
// file, one path per operation: for a crawler with a group of its own,
// for one under "*", by path (CheckPath) and by URL (Check, which reads
// the URL as the URL Standard does first).
func BenchmarkCheck(b *testing.B) {
	file, paths := benchData(b)
	size := 0
	for _, p := range paths {
		size += len(p)
	}
	size /= len(paths)
	urls := make([]string, len(paths))
	for i, p := range paths {
		urls[i] = "https://www.example.com" + p
	}
	for _, reading := range []Reading{RFC9309, Google} {
		r := Options{Reading: reading}.Parse(file)
		for _, agent := range []string{"ExampleBot", "OtherBot"} {
			a := must(r.Agent(agent))
			b.Run("reading="+reading.String()+"/agent="+agent+"/by=path", func(b *testing.B) {
				testrows.Cycle(b, len(paths), size, func(i int) { a.CheckPath(paths[i]) })
			})
			b.Run("reading="+reading.String()+"/agent="+agent+"/by=url", func(b *testing.B) {
				testrows.Cycle(b, len(urls), size, func(i int) { _, _ = a.Check(urls[i]) })
			})
		}
	}
}
