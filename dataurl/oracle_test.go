package dataurl_test

import (
	"testing"

	"github.com/gouri/uri/internal/testrows"
)

// TestOracle pins random data: URLs to what the reference implementation
// of the Fetch Standard's processor (npm data-urls 8.0.0, with
// whatwg-url and whatwg-mimetype 5.0.0) makes of them; the header of
// testdata/oracle-data-urls.jsonl says how the rows were made.
func TestOracle(t *testing.T) {
	const file = "testdata/oracle-data-urls.jsonl"
	rows := testrows.Read[dataRow](t, file)
	for _, row := range rows {
		row.check(t, file, row.Input)
	}
	if len(rows) < 300 {
		t.Errorf("%s: %d rows, want at least 300", file, len(rows))
	}
}
