package dataurl_test

import (
	"encoding/base64"
	"testing"

	"github.com/gouri/uri/dataurl"
	"github.com/gouri/uri/internal/testrows"
)

// dataRow is a row of data-urls.jsonl or base64.jsonl of the wpt-fetch
// vectors (testdata/conformance/wpt-fetch, see its README.md), in the
// shape that `uri data --json` prints.
type dataRow struct {
	testrows.Source
	Input string `json:"input"`
	OK    bool   `json:"ok"`
	MIME  string `json:"mime"`
	Size  int    `json:"size"`
	Body  string `json:"body_base64"`
}

// check runs the processor on url and compares the result with row.
func (row dataRow) check(t *testing.T, file, url string) {
	t.Helper()
	d, err := dataurl.Parse(url)
	if !row.OK {
		if err == nil {
			t.Errorf("%s:%d: Parse(%q) = %q, %q; want failure", file, row.Line, url, d.MIMEType, d.Body)
		}
		return
	}
	body := base64.StdEncoding.EncodeToString(d.Body)
	if err != nil || d.MIMEType.String() != row.MIME || body != row.Body || len(d.Body) != row.Size {
		t.Errorf("%s:%d: Parse(%q) = %q, body %q (%d bytes), %v; want %q, %q (%d bytes)",
			file, row.Line, url, d.MIMEType, body, len(d.Body), err, row.MIME, row.Body, row.Size)
	}
}

// TestWPTDataURLs runs every case of web-platform-tests'
// fetch/data-urls/resources/data-urls.json (Fetch, section 6).
func TestWPTDataURLs(t *testing.T) {
	rows := testrows.Vectors[dataRow](t, "wpt-fetch", "data-urls.jsonl")
	for _, row := range rows {
		row.check(t, "data-urls.jsonl", row.Input)
	}
	if len(rows) != 72 {
		t.Errorf("%d rows, want 72", len(rows))
	}
}

// TestWPTBase64 runs every case of web-platform-tests'
// fetch/data-urls/resources/base64.json (Infra, section 7), as WPT does:
// as the body of "data:;base64," + input.
func TestWPTBase64(t *testing.T) {
	rows := testrows.Vectors[dataRow](t, "wpt-fetch", "base64.jsonl")
	for _, row := range rows {
		row.check(t, "base64.jsonl", "data:;base64,"+row.Input)
	}
	if len(rows) != 80 {
		t.Errorf("%d rows, want 80", len(rows))
	}
}
