package testrows

import (
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// recorder is a testing.TB whose Fatal and Skip stop the goroutine as the
// real ones do, and record why, so that a test can expect them; Errorf
// and Logf are recorded too.
type recorder struct {
	testing.TB
	fatal, skip  string
	errors, logs []string
}

func (r *recorder) Errorf(format string, args ...any) {
	r.errors = append(r.errors, fmt.Sprintf(format, args...))
}

func (r *recorder) Logf(format string, args ...any) {
	r.logs = append(r.logs, fmt.Sprintf(format, args...))
}

func (r *recorder) Helper() {}

func (r *recorder) Fatal(args ...any) {
	r.fatal = fmt.Sprint(args...)
	runtime.Goexit()
}

func (r *recorder) Fatalf(format string, args ...any) {
	r.fatal = fmt.Sprintf(format, args...)
	runtime.Goexit()
}

func (r *recorder) Skipf(format string, args ...any) {
	r.skip = fmt.Sprintf(format, args...)
	runtime.Goexit()
}

// record runs f with a recorder in its own goroutine, as the testing
// package runs a test, and returns the recorder.
func record(t *testing.T, f func(tb testing.TB)) *recorder {
	r := &recorder{TB: t}
	done := make(chan struct{})
	go func() {
		defer close(done)
		f(r)
	}()
	<-done
	return r
}

// writeFile writes text to a file name in a new temporary directory and
// returns its path.
func writeFile(t *testing.T, name, text string) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// TestRead: comment lines and empty lines are skipped; each row gets its
// line number, its text and the arguments of the "# command:" line above
// it, in a row type that embeds Source.
func TestRead(t *testing.T) {
	path := writeFile(t, "rows.jsonl", `# a comment
{"input":"a","ok":true,"result":"A"}

# command: uri escape --component path
#{"input":"commented out"}
{"input":"b c","ok":true,"result":"b%20c"}
# command: uri unescape --utf8
{"input":"%zz","ok":false,"error":"bad","offset":1}
`)
	want := []Result{
		{Source: Source{Line: 2, Text: `{"input":"a","ok":true,"result":"A"}`}, Input: "a", OK: true, Result: "A"},
		{Source: Source{Line: 6, Text: `{"input":"b c","ok":true,"result":"b%20c"}`, Command: []string{"escape", "--component", "path"}},
			Input: "b c", OK: true, Result: "b%20c"},
		{Source: Source{Line: 8, Text: `{"input":"%zz","ok":false,"error":"bad","offset":1}`, Command: []string{"unescape", "--utf8"}},
			Input: "%zz", Error: "bad", Offset: 1},
	}
	if d := cmp.Diff(want, Read[Result](t, path)); d != "" {
		t.Errorf("Read[Result](%q) (-want +got):\n%s", path, d)
	}
	// A row type without Source gets the same rows, without where they
	// come from.
	type plain struct {
		Input  string `json:"input"`
		OK     bool   `json:"ok"`
		Result string `json:"result"`
		Error  string `json:"error"`
		Offset int    `json:"offset"`
	}
	wantPlain := []plain{{"a", true, "A", "", 0}, {"b c", true, "b%20c", "", 0}, {"%zz", false, "", "bad", 1}}
	if d := cmp.Diff(wantPlain, Read[plain](t, path)); d != "" {
		t.Errorf("Read[plain](%q) (-want +got):\n%s", path, d)
	}
}

// TestReadBytes: input_hex and result_hex, when present, give the bytes
// that the U+FFFD of input and result stand for.
func TestReadBytes(t *testing.T) {
	path := writeFile(t, "hex.jsonl", `{"input":"a\ufffd","input_hex":"61ff","ok":true,"result":"\ufffd","result_hex":"fe"}`+"\n")
	rows := Read[Result](t, path)
	if len(rows) != 1 || rows[0].Bytes(t) != "a\xff" || rows[0].ResultBytes(t) != "\xfe" {
		t.Errorf("Read[Result](%q) = %+v: want the input bytes %q and the result bytes %q", path, rows, "a\xff", "\xfe")
	}
	p := Parse{Input: "x"}
	if p.Bytes(t) != "x" {
		t.Errorf("Parse{Input: %q}.Bytes() = %q without input_hex", "x", p.Bytes(t))
	}
}

// TestReadErrors: a field that the row type does not have, a line that is
// not JSON and a file that does not exist each stop the test, naming the
// file and the line.
func TestReadErrors(t *testing.T) {
	tests := []struct {
		name, text, want string
	}{
		{"unknown field", "# c\n{\"input\":\"a\",\"ok\":true,\"extra\":1}\n", `bad.jsonl:2: json: unknown field "extra"`},
		{"misspelt field", "{\"inptu\":\"a\"}\n", `bad.jsonl:1: json: unknown field "inptu"`},
		{"field of Source", "{\"Line\":3}\n", `bad.jsonl:1: json: unknown field "Line"`},
		{"not JSON", "\n\ninput: a\n", `bad.jsonl:3: invalid character`},
		{"wrong type", "{\"ok\":\"yes\"}\n", `bad.jsonl:1: json: cannot unmarshal string`},
	}
	for _, tt := range tests {
		path := writeFile(t, "bad.jsonl", tt.text)
		r := record(t, func(tb testing.TB) { Read[Parse](tb, path) })
		if !strings.Contains(r.fatal, tt.want) {
			t.Errorf("%s: Read of %q: fatal %q, want it to contain %q", tt.name, tt.text, r.fatal, tt.want)
		}
	}
	missing := filepath.Join(t.TempDir(), "missing.jsonl")
	if r := record(t, func(tb testing.TB) { Read[Parse](tb, missing) }); !strings.Contains(r.fatal, "missing.jsonl") {
		t.Errorf("Read of a missing file: fatal %q", r.fatal)
	}
}

// TestURLs: the committed samples are found from this package's directory,
// two levels below the module's root, line for line.
func TestURLs(t *testing.T) {
	wd, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	if root, want := Root(t), filepath.Dir(filepath.Dir(wd)); root != want {
		t.Fatalf("Root() = %q from %q, want %q", root, wd, want)
	}
	for _, name := range Samples() {
		data, err := os.ReadFile(filepath.Join("..", "..", "testdata", "urls", name))
		if err != nil {
			t.Fatal(err)
		}
		got := URLs(t, name)
		if len(got) < 1000 || len(got) != strings.Count(string(data), "\n") || strings.Join(got, "\n")+"\n" != string(data) {
			t.Errorf("URLs(%q): %d lines, not the %d lines of the file", name, len(got), strings.Count(string(data), "\n"))
		}
	}
}

// TestExternalURLs: without GOURI_URLS there is no list; with it, each
// *.txt file of its directory is one, without a byte-order mark or a
// last empty line; a directory without lists is an error.
func TestExternalURLs(t *testing.T) {
	t.Setenv("GOURI_URLS", "")
	if got := ExternalURLs(t); got != nil {
		t.Errorf("ExternalURLs() without GOURI_URLS = %v", got)
	}
	dir := t.TempDir()
	for name, text := range map[string]string{"b.txt": "\uFEFFhttp://b/\n/x\n", "a.txt": "http://a/", "skip.csv": "x\n"} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	t.Setenv("GOURI_URLS", dir)
	want := []URLList{{"a", []string{"http://a/"}}, {"b", []string{"http://b/", "/x"}}}
	if d := cmp.Diff(want, ExternalURLs(t)); d != "" {
		t.Errorf("ExternalURLs() (-want +got):\n%s", d)
	}
	t.Setenv("GOURI_URLS", t.TempDir())
	if r := record(t, func(tb testing.TB) { ExternalURLs(tb) }); !strings.Contains(r.fatal, "no *.txt files") {
		t.Errorf("ExternalURLs() of an empty directory: fatal %q", r.fatal)
	}
}

// TestVectors: the rows of a suite's file are read from
// testdata/conformance; a missing file or one without rows fails, and
// neither skips.
func TestVectors(t *testing.T) {
	root := t.TempDir()
	dir := filepath.Join(root, "testdata", "conformance", "selftest")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "rows.jsonl"), []byte("# source\n{\"input\":\"a\"}\n{\"input\":\"b\"}\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "empty.jsonl"), []byte("# source only\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	type row struct {
		Input string `json:"input"`
	}
	if d := cmp.Diff([]row{{"a"}, {"b"}}, vectorsIn[row](t, root, "selftest", "rows.jsonl")); d != "" {
		t.Errorf("Vectors (-want +got):\n%s", d)
	}
	for _, name := range []string{"empty.jsonl", "missing.jsonl"} {
		r := record(t, func(tb testing.TB) { vectorsIn[row](tb, root, "selftest", name) })
		if r.fatal == "" || r.skip != "" {
			t.Errorf("Vectors of %s: fatal %q, skip %q; want a failure and no skip", name, r.fatal, r.skip)
		}
	}
}

// TestExpect: an unknown failure, a known failure that passes, and a known
// failure that is no case fail the test; a known failure that fails and a
// case that passes do not; the counts are logged.
func TestExpect(t *testing.T) {
	known := Known{"k1": "why 1", "k2": "why 2", "gone": "why 3"}
	r := record(t, func(tb testing.TB) {
		e := NewExpect(tb, "f.jsonl", known)
		e.Case("ok", "")
		e.Case("k1", "Parse(\"k1\") = x, want y")
		e.Case("k2", "")
		e.Case("new", "Parse(\"new\") = x, want y")
		e.Done()
	})
	want := []string{
		`f.jsonl: "k2" passes, but it is listed as a known failure (why 2): remove it from the list`,
		`f.jsonl: Parse("new") = x, want y`,
		`f.jsonl: the known failure "gone" is no case of the file: remove it from the list`,
	}
	if d := cmp.Diff(want, r.errors); d != "" {
		t.Errorf("errors (-want +got):\n%s", d)
	}
	if d := cmp.Diff([]string{"f.jsonl: 1 of 4 cases pass, 1 known failures"}, r.logs); d != "" {
		t.Errorf("logs (-want +got):\n%s", d)
	}
	r = record(t, func(tb testing.TB) {
		e := NewExpect(tb, "g.jsonl", nil)
		e.Case("a", "")
		e.Case("a", "")
		e.Done()
	})
	if r.errors != nil || len(r.logs) != 1 || r.logs[0] != "g.jsonl: 2 of 2 cases pass, 0 known failures" {
		t.Errorf("without known failures: errors %q, logs %q", r.errors, r.logs)
	}
}
