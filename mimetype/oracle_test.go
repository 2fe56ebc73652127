package mimetype_test

import (
	"testing"

	"github.com/gouri/uri/internal/testrows"
	"github.com/gouri/uri/mimetype"
)

// TestOracle pins random MIME types to what the reference implementation
// of the MIME Sniffing Standard's parser and serializer (npm
// whatwg-mimetype 5.0.0, MIMEType.parse and toString) makes of them; the
// header of testdata/oracle-mime-types.jsonl says how the rows were made.
// The inputs are JavaScript strings, so ParseText reads them.
func TestOracle(t *testing.T) {
	const file = "testdata/oracle-mime-types.jsonl"
	rows := testrows.Read[wptRow](t, file)
	for _, row := range rows {
		want := ""
		if row.MIME != nil {
			want = *row.MIME
		}
		m, err := mimetype.ParseText(row.Input)
		if (err == nil) != row.OK || m.String() != want {
			t.Errorf("%s:%d: ParseText(%q) = %q, %v; want %q, ok %v", file, row.Line, row.Input, m, err, want, row.OK)
		}
	}
	if len(rows) < 300 {
		t.Errorf("%s: %d rows, want at least 300", file, len(rows))
	}
}
