package readings_test

import (
	"strings"
	"testing"

	"github.com/gouri/uri/internal/testrows"
	"github.com/gouri/uri/readings"
)

// BenchmarkCompare reads the URLs of each committed sample (see
// ../testdata/urls/README.md) with the three parsers and lists their
// differences, one URL per operation. Compare with
//
//	go test -run '^$' -bench Compare -benchmem -count 10 ./readings > bench.txt
//	go run golang.org/x/perf/cmd/benchstat@latest bench.txt
func BenchmarkCompare(b *testing.B) {
	for _, name := range testrows.Samples() {
		lines := testrows.URLs(b, name)
		size := len(strings.Join(lines, "")) / len(lines)
		b.Run("file="+strings.TrimSuffix(name, "-sample.txt"), func(b *testing.B) {
			testrows.Cycle(b, len(lines), size, func(i int) { sink = readings.Compare(lines[i]) })
		})
	}
}

var sink readings.Report
