package main

import (
	"bytes"
	"encoding/base64"
	"encoding/binary"
	"encoding/json"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/gouri/uri/internal/testrows"
)

// wptDataRow is a row of the wpt-fetch vectors data-urls.jsonl and
// base64.jsonl, which have the members of uri data --json.
type wptDataRow struct {
	testrows.Source
	Input string `json:"input"`
	OK    bool   `json:"ok"`
	MIME  string `json:"mime"`
	Size  int    `json:"size"`
	Body  string `json:"body_base64"`
}

// TestDataWPT: for each data: URL of web-platform-tests that the
// processor accepts, uri data --json prints exactly the row of the
// vectors, as an operand and as a line of standard input (when it is
// one line); for each other, an error object.
func TestDataWPT(t *testing.T) {
	for _, row := range testrows.Vectors[wptDataRow](t, "wpt-fetch", "data-urls.jsonl") {
		code, out, _ := runCmd(t, "", "data", "--json", "--", row.Input)
		if !row.OK {
			if code != exitInvalid || !strings.Contains(out, `"ok":false`) {
				t.Errorf("uri data --json %q = %d, %q; want an error object", row.Input, code, out)
			}
			continue
		}
		if code != exitOK || !sameJSON(t, out, row.Text) {
			t.Errorf("uri data --json %q = %d\n%s\nwant\n%s", row.Input, code, out, row.Text)
		}
		if strings.ContainsAny(row.Input, "\r\n") {
			continue
		}
		if _, out, _ := runCmd(t, row.Input+"\n", "data", "--json"); !sameJSON(t, out, row.Text) {
			t.Errorf("uri data --json < %q:\n%s\nwant\n%s", row.Input, out, row.Text)
		}
	}
}

// sameJSON reports whether the output line out is the object want: the
// same members in the same order, with the same values (the command
// escapes controls as "\u000c" where encoding/json writes "\f").
func sameJSON(t *testing.T, out, want string) bool {
	t.Helper()
	if strings.Count(out, "\n") != 1 {
		return false
	}
	gotKeys, _ := jsonKeys(t, out)
	wantKeys, _ := jsonKeys(t, want)
	var got, exp map[string]any
	if json.Unmarshal([]byte(out), &got) != nil || json.Unmarshal([]byte(want), &exp) != nil {
		return false
	}
	return cmp.Equal(gotKeys, wantKeys) && cmp.Equal(got, exp)
}

// TestData pins the text output, the limit, the exit statuses, what a
// line of standard input is: a URL as the URL Standard reads it, control
// characters and invalid UTF-8 included; and what --in reads: one URL, the
// whole of a file or of standard input, with no line limit and --max as
// the only limit, whose errors are the URL's, with no line or operand to
// name.
func TestData(t *testing.T) {
	wrapped := filepath.Join(t.TempDir(), "wrapped")
	if err := os.WriteFile(wrapped, []byte("data:image/png;base64,iVBORw0K\r\nGgoAAA==\r\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name     string
		args     []string
		stdin    string
		code     int
		out, err string
	}{
		{"text", []string{"data", "data:,Hello%2C%20World!", "data:image/png;base64,iVBORw0KGgo="}, "",
			0, "text/plain;charset=US-ASCII 13\nimage/png 8\n", ""},
		{"empty standard input", []string{"data"}, "", 0, "", ""},
		{"lines with CRLF and a tab", []string{"data"}, "data:,a\r\ndata:,b\tc\n", 0,
			"text/plain;charset=US-ASCII 1\ntext/plain;charset=US-ASCII 2\n", ""},
		{"a line with a control character is a URL", []string{"data"}, "data:,\x01x\x01\n", 0, "text/plain;charset=US-ASCII 2\n", ""},
		{"invalid UTF-8 is U+FFFD to the URL parser", []string{"data"}, "data:,\xff\n", 0, "text/plain;charset=US-ASCII 3\n", ""},
		{"an error on standard error", []string{"data"}, "data:,a\nhttp://a/\n", 1, "text/plain;charset=US-ASCII 1\n",
			"uri: line 2: scheme is not \"data\" (the scheme is \"http\") at offset 0 of \"http://a/\"\n"},
		{"--max", []string{"data", "--max", "3", "data:,abc", "data:,abcd"}, "", 1, "text/plain;charset=US-ASCII 3\n",
			"uri: operand 2: body larger than the limit (more than 3 bytes) at offset 9 of \"data:,abcd\"\n"},
		{"--max 0", []string{"data", "--max", "0", "data:,"}, "", 2, "", "uri data: --max 0: give a number of bytes, 1 or more\n"},
		{"--base64 without --encode", []string{"data", "--base64"}, "", 2, "", "uri data: --base64 is for --encode\n"},
		{"--encode with --max", []string{"data", "--encode", "a/b", "--max", "3"}, "", 2, "",
			"uri data: --encode reads a body and writes a URL: --max, --out and --in are for decoding\n"},
		{"--encode with operands", []string{"data", "--encode", "a/b", "x"}, "", 2, "",
			"uri data: --encode reads the body from standard input: give no operands\n"},
		{"--encode", []string{"data", "--encode", "text/plain;charset=utf-8"}, "¡Hola, mundo!", 0,
			"data:text/plain;charset=utf-8,%C2%A1Hola,%20mundo!\n", ""},
		{"--encode, binary", []string{"data", "--encode", "image/png"}, "\x89PNG\r\n\x1a\n\x00\x00", 0,
			"data:image/png;base64,iVBORw0KGgoAAA==\n", ""},
		{"--encode --base64", []string{"data", "--encode", "Text/Plain", "--base64"}, "hi", 0, "data:text/plain;base64,aGk=\n", ""},
		{"--encode, empty standard input", []string{"data", "--encode", "text/plain"}, "", 0, "data:text/plain,\n", ""},
		{"--encode, a MIME type that does not parse", []string{"data", "--encode", "text"}, "x", 1, "",
			"uri: invalid MIME type (no \"/\" after the type) at offset 4 (end of input) of \"text\"\n"},
		{"--encode, a MIME type that a data: URL cannot carry", []string{"data", "--encode", `a/b;x=","`}, "x", 1, "",
			"uri: build: MIME type that a data: URL cannot carry (\",\" would end the MIME type) at offset 7 of \"a/b;x=\\\",\\\"\"\n"},
		{"a file, its line breaks removed", []string{"data", "--in", wrapped}, "", 0, "image/png 10\n", ""},
		{"standard input, whole", []string{"data", "--in", "-"}, "data:,a\nb\n", 0, "text/plain;charset=US-ASCII 2\n", ""},
		{"an empty standard input", []string{"data", "--in", "-"}, "", 1, "", "uri: standard input: not a URL at offset 0 (end of input) of \"\"\n"},
		{"invalid UTF-8 is U+FFFD to the URL parser", []string{"data", "--in", "-"}, "data:,\xff", 0, "text/plain;charset=US-ASCII 3\n", ""},
		{"--max", []string{"data", "--in", wrapped, "--max", "9"}, "", 1, "",
			"uri: file " + strconv.Quote(wrapped) + ": body larger than the limit (more than 9 bytes) at offset 36 of \"data:image/png;base64,iVBORw0K\\r\\nGgoAAA==\\r\\n\"\n"},
		{"--in and operands", []string{"data", "--in", wrapped, "data:,x"}, "", 2, "", "uri data: --in reads one URL from FILE: give no operands\n"},
		{"--in and --encode", []string{"data", "--encode", "a/b", "--in", wrapped}, "", 2, "",
			"uri data: --encode reads a body and writes a URL: --max, --out and --in are for decoding\n"},
	}
	for _, tt := range tests {
		code, out, errOut := runCmd(t, tt.stdin, tt.args...)
		if code != tt.code || out != tt.out || errOut != tt.err {
			t.Errorf("%s: uri %q < %q = %d, stdout %q, stderr %q; want %d, %q, %q", tt.name, tt.args, tt.stdin, code, out, errOut, tt.code, tt.out, tt.err)
		}
	}
}

// TestDataJSON: the members of uri data --json, for invalid UTF-8 in a
// line (input_hex) and for --encode, whose input is TYPE.
func TestDataJSON(t *testing.T) {
	_, out, _ := runCmd(t, "data:,\xff\n", "data", "--json")
	want := `{"input":"data:,\ufffd","input_hex":"646174613a2cff","ok":true,"mime":"text/plain;charset=US-ASCII","size":3,"body_base64":"77+9"}` + "\n"
	if out != want {
		t.Errorf("uri data --json < invalid UTF-8:\n%s\nwant\n%s", out, want)
	}
	_, out, _ = runCmd(t, "\x00\x01", "data", "--encode", "a/b", "--json")
	want = `{"input":"a/b","ok":true,"result":"data:a/b,%00%01"}` + "\n"
	if out != want {
		t.Errorf("uri data --encode a/b --json:\n%s\nwant\n%s", out, want)
	}
}

// TestDataRoundTrip: a body written with --encode and read back with
// --json comes back byte for byte, for text, binary and empty bodies.
func TestDataRoundTrip(t *testing.T) {
	for _, body := range []string{"", "Hello, World!", "\x00\xff\xfe\r\n", strings.Repeat("é€😀", 1000)} {
		for _, flags := range [][]string{nil, {"--base64"}} {
			_, url, _ := runCmd(t, body, append([]string{"data", "--encode", "application/octet-stream"}, flags...)...)
			_, out, _ := runCmd(t, url, "data", "--json")
			var obj struct {
				OK   bool   `json:"ok"`
				Size int    `json:"size"`
				Body string `json:"body_base64"`
			}
			if err := json.Unmarshal([]byte(out), &obj); err != nil {
				t.Fatalf("%q: %v", out, err)
			}
			got, _ := base64.StdEncoding.DecodeString(obj.Body)
			if !obj.OK || obj.Size != len(body) || string(got) != body {
				t.Errorf("uri data --encode %q %v, then --json: %s", body, flags, out)
			}
		}
	}
}

// TestDataOut: --out writes the bodies, one after the other, of the
// inputs that succeed, and creates the file empty when none does.
func TestDataOut(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "body")
	code, out, _ := runCmd(t, "data:,abc\nhttp://x/\ndata:;base64,AAEC\n", "data", "--out", file)
	got, err := os.ReadFile(file)
	if code != exitInvalid || out != "text/plain;charset=US-ASCII 3\ntext/plain;charset=US-ASCII 3\n" || err != nil || !bytes.Equal(got, []byte("abc\x00\x01\x02")) {
		t.Errorf("uri data --out: exit %d, stdout %q, file %q, %v", code, out, got, err)
	}
	code, _, _ = runCmd(t, "", "data", "--out", file)
	if got, err := os.ReadFile(file); code != exitOK || err != nil || len(got) != 0 {
		t.Errorf("uri data --out < empty: exit %d, file %q, %v", code, got, err)
	}
	code, _, errOut := runCmd(t, "", "data", "--out", filepath.Join(dir, "no", "such", "dir"))
	if code != exitUsage || !strings.HasPrefix(errOut, "uri data: --out: ") {
		t.Errorf("uri data --out into no directory: exit %d, stderr %q", code, errOut)
	}
}

// TestDataOutStdout: --out - writes the bodies, and nothing else, to
// standard output, as --in - reads standard input; no file named "-" is
// made; errors still go to standard error, named by operand, line or file.
func TestDataOutStdout(t *testing.T) {
	t.Chdir(t.TempDir())
	for _, c := range []struct {
		why    string
		args   []string
		stdin  string
		code   int
		stdout string
		stderr string
	}{
		{"operands", []string{"data:,abc", "data:;base64,AAEC"}, "", exitOK, "abc\x00\x01\x02", ""},
		{"lines of standard input", nil, "data:,abc\nhttp://x/\ndata:;base64,AAEC\n", exitInvalid, "abc\x00\x01\x02",
			"uri: line 2: scheme is not \"data\" (the scheme is \"http\") at offset 0 of \"http://x/\"\n"},
		{"--in FILE", []string{"--in", "url"}, "", exitOK, "\x00\x01\x02", ""},
		{"--in -", []string{"--in", "-"}, "data:;base64,AA\r\nEC\n", exitOK, "\x00\x01\x02", ""},
		{"--in - with an error names the file", []string{"--in", "-"}, "data:;base64,A", exitInvalid, "",
			"uri: standard input: invalid base64 body (1 base64 characters, one more than a multiple of four) at offset 14 (end of input) of \"data:;base64,A\"\n"},
		{"--max", []string{"--max", "2", "data:,ab", "data:,abc"}, "", exitInvalid, "ab",
			"uri: operand 2: body larger than the limit (more than 2 bytes) at offset 8 of \"data:,abc\"\n"},
	} {
		if err := os.WriteFile("url", []byte("data:;base64,AAEC"), 0o600); err != nil {
			t.Fatal(err)
		}
		args := append([]string{"data", "--out", "-"}, c.args...)
		code, out, errOut := runCmd(t, c.stdin, args...)
		if code != c.code || out != c.stdout || errOut != c.stderr {
			t.Errorf("%s: uri %q: exit %d, stdout %q, stderr %q; want %d, %q, %q", c.why, args, code, out, errOut, c.code, c.stdout, c.stderr)
		}
		if _, err := os.Stat("-"); err == nil {
			t.Errorf("%s: uri %q made a file named \"-\"", c.why, args)
			os.Remove("-")
		}
	}
	for _, flag := range []string{"--json", "--aligned", "--tsv"} {
		code, out, errOut := runCmd(t, "", "data", "--out", "-", flag, "data:,x")
		if code != exitUsage || out != "" || !strings.HasPrefix(errOut, "uri data: --out - writes the bodies to standard output") {
			t.Errorf("uri data --out - %s: exit %d, stdout %q, stderr %q; want a usage error", flag, code, out, errOut)
		}
	}
}

// TestDataInNamesFile: an error of the URL that --in reads names the
// file, as "line N" and "operand N" name the other inputs, in text and in
// JSON, with the offset in the file's text.
func TestDataInNamesFile(t *testing.T) {
	path := filepath.Join(t.TempDir(), "bad url")
	if err := os.WriteFile(path, []byte("data:;base64,A"), 0o600); err != nil {
		t.Fatal(err)
	}
	const why = `invalid base64 body (1 base64 characters, one more than a multiple of four) at offset 14 (end of input) of \"data:;base64,A\"`
	for _, c := range []struct {
		args  []string
		stdin string
		want  string
	}{
		{[]string{"--in", path}, "", "uri: file " + strconv.Quote(path) + ": " + strings.ReplaceAll(why, `\"`, `"`) + "\n"},
		{[]string{"--in", "-"}, "data:;base64,A", "uri: standard input: " + strings.ReplaceAll(why, `\"`, `"`) + "\n"},
	} {
		code, out, errOut := runCmd(t, c.stdin, append([]string{"data"}, c.args...)...)
		if code != exitInvalid || out != "" || errOut != c.want {
			t.Errorf("uri data %q: exit %d, stdout %q, stderr %q; want %q", c.args, code, out, errOut, c.want)
		}
	}
	_, out, _ := runCmd(t, "data:;base64,A", "data", "--in", "-", "--json")
	want := `{"input":"data:;base64,A","ok":false,"error":"uri: standard input: ` + why + `","offset":14}` + "\n"
	if out != want {
		t.Errorf("uri data --in - --json:\n%s\nwant\n%s", out, want)
	}
}

// TestDataLongLine: a line longer than the limit of 16 MiB is an error of
// its own, and the lines after it are read; an operand of that size is a
// URL, limited by --max.
func TestDataLongLine(t *testing.T) {
	if testing.Short() {
		t.Skip("allocates tens of megabytes")
	}
	long := "data:;base64," + strings.Repeat("QUFB", maxLine/4)
	code, out, errOut := runCmd(t, long+"\ndata:,x\n", "data")
	if code != exitInvalid || out != "text/plain;charset=US-ASCII 1\n" || !strings.HasPrefix(errOut, "uri: line 1: line longer than 16777216 bytes at offset 16777216 of ") {
		t.Errorf("uri data < long line: exit %d, stdout %q, stderr %.100q", code, out, errOut)
	}
	code, out, errOut = runCmd(t, "", "data", "--max", "1000", "--", long)
	if code != exitInvalid || out != "" || !strings.Contains(errOut, "body larger than the limit (more than 1000 bytes) at offset 1347") {
		t.Errorf("uri data --max 1000 <16 MiB operand>: exit %d, stdout %q, stderr %.200q", code, out, errOut)
	}
}

// TestDataIn: --in with a file that does not exist is a usage error, and
// --json gives the input, the whole of the file, as it is.
func TestDataIn(t *testing.T) {
	dir := t.TempDir()
	code, _, errOut := runCmd(t, "", "data", "--in", filepath.Join(dir, "none"))
	if code != exitUsage || !strings.HasPrefix(errOut, "uri data: --in: open ") {
		t.Errorf("uri data --in <no such file>: exit %d, stderr %q", code, errOut)
	}
	_, out, _ := runCmd(t, "data:;base64,AAEC\n", "data", "--in", "-", "--json")
	want := `{"input":"data:;base64,AAEC\n","ok":true,"mime":"text/plain;charset=US-ASCII","size":3,"body_base64":"AAEC"}` + "\n"
	if out != want {
		t.Errorf("uri data --in - --json:\n%s\nwant\n%s", out, want)
	}
}

// TestDataInLarge: a data: URL of a 30 MB image, 40 MB long, more than
// twice the command's line limit, decodes from a file, and wrapped at 76
// columns from standard input, and its body comes out byte for byte with
// --out; --max one byte short refuses it.
func TestDataInLarge(t *testing.T) {
	if testing.Short() {
		t.Skip("allocates hundreds of megabytes")
	}
	body := make([]byte, 30<<20)
	r := rand.New(rand.NewPCG(1, 2))
	for i := 0; i+8 <= len(body); i += 8 {
		binary.LittleEndian.PutUint64(body[i:], r.Uint64())
	}
	enc := base64.StdEncoding.EncodeToString(body)
	url := "data:image/png;base64," + enc
	dir := t.TempDir()
	path := filepath.Join(dir, "url")
	if err := os.WriteFile(path, []byte(url), 0o600); err != nil {
		t.Fatal(err)
	}
	var wrapped strings.Builder
	wrapped.Grow(len(url) + len(url)/38)
	wrapped.WriteString("data:image/png;base64,")
	for i := 0; i < len(enc); i += 76 {
		wrapped.WriteString(enc[i:min(i+76, len(enc))])
		wrapped.WriteString("\r\n")
	}
	size := strconv.Itoa(len(body))
	for _, in := range []struct{ file, stdin string }{{path, ""}, {"-", wrapped.String()}} {
		out := filepath.Join(dir, "body")
		code, stdout, stderr := runCmd(t, in.stdin, "data", "--in", in.file, "--out", out, "--max", size)
		got, err := os.ReadFile(out)
		if code != exitOK || stdout != "image/png "+size+"\n" || stderr != "" || err != nil || !bytes.Equal(got, body) {
			t.Errorf("uri data --in %s --out: exit %d, stdout %q, stderr %.200q, %d bytes written, %v", in.file, code, stdout, stderr, len(got), err)
		}
	}
	code, stdout, stderr := runCmd(t, "", "data", "--in", path, "--max", strconv.Itoa(len(body)-1))
	if code != exitInvalid || stdout != "" || !strings.HasPrefix(stderr, "uri: file "+strconv.Quote(path)+": body larger than the limit (more than 31457279 bytes) at offset 41943061 of ") {
		t.Errorf("uri data --in %s --max %d: exit %d, stdout %q, stderr %.200q", path, len(body)-1, code, stdout, stderr)
	}
}
