package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gouri/uri/internal/oracle"
)

// TestExtract runs uri extract in-process: on standard input and on
// files, in each mode, with --json; on an empty input, invalid UTF-8, a
// long line and a file that cannot be read.
func TestExtract(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "chat.txt")
	text := "见【https://例子.example/路径】，and www.example.org/x.\nmail bob@example.com (https://en.wikipedia.org/wiki/Go_(language)).\n"
	if err := os.WriteFile(file, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name  string
		stdin string
		args  []string
		code  int
		out   string
		err   string
	}{
		{"stdin", text, []string{"extract"}, 0,
			"https://xn--fsqu00a.example/%E8%B7%AF%E5%BE%84\nhttp://www.example.org/x\nhttps://en.wikipedia.org/wiki/Go_(language)\n", ""},
		{"a file and stdin", "https://a.example/", []string{"extract", file, "-"}, 0,
			"https://xn--fsqu00a.example/%E8%B7%AF%E5%BE%84\nhttp://www.example.org/x\nhttps://en.wikipedia.org/wiki/Go_(language)\nhttps://a.example/\n", ""},
		{"relaxed", "see example.com, bob@example.com", []string{"extract", "--relaxed"}, 0, "http://example.com/\nmailto:bob@example.com\n", ""},
		{"gfm", "www.a_b.c.d www.a.b_c http://a_", []string{"extract", "--gfm"}, 0, "http://www.a_b.c.d/\nhttp://a/\n", ""},
		{"schemes", "slack://open https://a.example/", []string{"extract", "--schemes", "slack,https"}, 0, "slack://open\nhttps://a.example/\n", ""},
		{"empty stdin", "", []string{"extract"}, 0, "", ""},
		{"invalid UTF-8", "\xff https://a.example/\xfe\xff http://b.example/\xc3", []string{"extract"}, 0, "https://a.example/\nhttp://b.example/\n", ""},
		{"control and bidi", "https://a.example/\x1b[31m https://b.example/\u202egnp.exe", []string{"extract"}, 0, "https://a.example/\nhttps://b.example/\n", ""},
		{"no such file", "", []string{"extract", filepath.Join(dir, "none"), file}, 1,
			"https://xn--fsqu00a.example/%E8%B7%AF%E5%BE%84\nhttp://www.example.org/x\nhttps://en.wikipedia.org/wiki/Go_(language)\n", "uri extract: open " + filepath.Join(dir, "none") + ": no such file or directory\n"},
		{"bad scheme", "", []string{"extract", "--schemes", "ht tp"}, 2, "", "uri extract: --schemes: "},
		{"both modes", "", []string{"extract", "--relaxed", "--gfm"}, 2, "", "uri extract: give --relaxed or --gfm, not both\n"},
	} {
		code, out, errOut := runCmd(t, c.stdin, c.args...)
		if code != c.code || out != c.out || !strings.HasPrefix(errOut, c.err) || c.err == "" && errOut != "" {
			t.Errorf("%s: uri %q: exit %d, stdout %q, stderr %q; want %d, %q, %q", c.name, c.args, code, out, errOut, c.code, c.out, c.err)
		}
	}
}

// TestExtractJSON: one object per URL, with the offsets in bytes and in
// UTF-16 code units, the text as written, the kind, the URL and the host.
func TestExtractJSON(t *testing.T) {
	code, out, _ := runCmd(t, "é https://Bücher.example/x,\n", "extract", "--json")
	var obj map[string]any
	if code != 0 || strings.Count(out, "\n") != 1 || json.Unmarshal([]byte(out), &obj) != nil {
		t.Fatalf("uri extract --json: exit %d, %q", code, out)
	}
	want := map[string]any{"file": "-", "start": 3.0, "end": 28.0, "start16": 2.0, "end16": 26.0, "text": "https://Bücher.example/x",
		"kind": "scheme", "url": "https://xn--bcher-kva.example/x", "host": "Bücher.example", "hostname": "xn--bcher-kva.example"}
	for k, v := range want {
		if obj[k] != v {
			t.Errorf("uri extract --json: %s = %v, want %v (%s)", k, obj[k], v, out)
		}
	}
}

// TestExtractLongLine: a line of 20 MiB with URLs between its words is
// searched whole; a run of more than 16 MiB without whitespace is not, and
// the command says so on standard error, and goes on.
func TestExtractLongLine(t *testing.T) {
	if oracle.Short() {
		t.Skip("allocates tens of megabytes, with -short and under the race detector")
	}
	words := strings.Repeat("word https://a.example/x ", 20<<20/25)
	code, out, errOut := runCmd(t, words+"\n", "extract")
	if code != 0 || strings.Count(out, "https://a.example/x\n") != 20<<20/25 || errOut != "" {
		t.Errorf("uri extract < 20 MiB line of words: exit %d, %d lines, stderr %q", code, strings.Count(out, "\n"), errOut)
	}
	run := "https://a.example/ " + strings.Repeat("x", 17<<20) + " https://b.example/\n"
	code, out, errOut = runCmd(t, run, "extract")
	if code != 1 || out != "https://a.example/\nhttps://b.example/\n" || !strings.Contains(errOut, "17825792 bytes in runs of text without whitespace longer than 16 MiB were not searched") {
		t.Errorf("uri extract < a run of 17 MiB: exit %d, stdout %q, stderr %q", code, out, errOut)
	}
}
