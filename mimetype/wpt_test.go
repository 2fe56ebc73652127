package mimetype_test

import (
	"testing"

	"github.com/gouri/uri/internal/testrows"
	"github.com/gouri/uri/mimetype"
)

// wptRow is a row of the MIME type vectors of web-platform-tests
// (testdata/conformance/wpt-fetch, see its README.md).
type wptRow struct {
	testrows.Source
	Input string  `json:"input"`
	OK    bool    `json:"ok"`
	MIME  *string `json:"mime"`
}

// isomorphic returns the bytes whose isomorphic decoding is the code
// points of s, and false when s has one above U+00FF (WPT's test calls
// such a string not byte-compatible and runs it only through the
// string API).
func isomorphic(s string) (string, bool) {
	b := make([]byte, 0, len(s))
	for _, r := range s {
		if r > 0xFF {
			return "", false
		}
		b = append(b, byte(r))
	}
	return string(b), true
}

// TestWPTMIMETypes runs every MIME type case of web-platform-tests
// (mime-types.json and generated-mime-types.json; MIME Sniffing, sections
// 4.4 and 4.5): ParseText on each input as the string of code points it
// is, and Parse on the bytes of each input whose code points are all
// below U+0100, as a header of those bytes would hold it.
func TestWPTMIMETypes(t *testing.T) {
	total, bytesRun := 0, 0
	for _, file := range []string{"mime-types.jsonl", "generated-mime-types.jsonl"} {
		for _, row := range testrows.Vectors[wptRow](t, "wpt-fetch", file) {
			total++
			want := ""
			if row.MIME != nil {
				want = *row.MIME
			}
			m, err := mimetype.ParseText(row.Input)
			if (err == nil) != row.OK || m.String() != want {
				t.Errorf("%s:%d: ParseText(%q) = %q, %v; want %q, ok %v", file, row.Line, row.Input, m, err, want, row.OK)
			}
			in, ok := isomorphic(row.Input)
			if !ok {
				continue
			}
			bytesRun++
			wantBytes, _ := isomorphic(want)
			m, err = mimetype.Parse(in)
			if (err == nil) != row.OK || m.String() != wantBytes {
				t.Errorf("%s:%d: Parse(%q) = %q, %v; want %q, ok %v", file, row.Line, in, m, err, wantBytes, row.OK)
			}
		}
	}
	if total != 955 || bytesRun < 950 {
		t.Errorf("ran %d rows through ParseText and %d through Parse; want 955 and most", total, bytesRun)
	}
	t.Logf("%d rows through ParseText, %d through Parse", total, bytesRun)
}
