package uri

import "testing"

// TestFileTestdata runs testdata/file.jsonl through FilePath and
// FromFilePath; the command test runs the same rows through uri file-path
// and uri file-uri.
func TestFileTestdata(t *testing.T) {
	rows := readCommandRows(t, "testdata/file.jsonl")
	if len(rows) < 80 {
		t.Fatalf("only %d rows", len(rows))
	}
	for _, row := range rows {
		style := PathPOSIX
		for j, a := range row.args {
			if a == "--os" && j+1 < len(row.args) && row.args[j+1] == "windows" {
				style = PathWindows
			}
		}
		var got string
		var err error
		switch row.op {
		case "file-path":
			var u URI
			if u, err = Parse(row.input); err == nil {
				got, err = FilePath(u, style)
			}
		case "file-uri":
			var u URI
			u, err = FromFilePath(row.input, style)
			got = u.String()
		default:
			t.Fatalf("line %d: unknown command %q", row.line, row.op)
		}
		if row.OK != (err == nil) || got != row.want || (err != nil && err.Error() != row.Error) {
			t.Errorf("line %d: %s(%q, %v) = %q, %v; want %q, %q", row.line, row.op, row.input, style, got, err, row.want, row.Error)
		}
	}
}
