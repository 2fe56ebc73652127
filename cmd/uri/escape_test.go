package main

import (
	"strings"
	"testing"

	"github.com/gouri/uri/internal/testrows"
)

// testCommandRows checks each row of a testdata file of command output, as
// the command of the "# command: uri ..." line above it prints it: each
// input as an operand, and each group of rows of one command fed together
// on standard input.
func testCommandRows(t *testing.T, path string, min int) {
	rows := testrows.Read[testrows.Result](t, path)
	if len(rows) < min {
		t.Fatalf("only %d rows in %s", len(rows), path)
	}
	type group struct {
		args         []string
		stdin, lines string
		ok           bool
	}
	var groups []*group
	for _, row := range rows {
		if row.Command == nil {
			t.Fatalf("%s:%d: a row before any command line", path, row.Line)
		}
		input := row.Bytes(t)
		args := append(append([]string{}, row.Command...), "--json", "--", input)
		code, out, errOut := runCmd(t, "", args...)
		want := exitOK
		if !row.OK {
			want = exitInvalid
		}
		text := commandText(row.Command, row.Text)
		if out != text+"\n" || code != want || errOut != "" {
			t.Errorf("line %d: uri %q:\n got %s (exit %d, stderr %q)\nwant %s (exit %d)", row.Line, args, out, code, errOut, text, want)
		}
		if len(groups) == 0 || strings.Join(groups[len(groups)-1].args, " ") != strings.Join(row.Command, " ") {
			groups = append(groups, &group{args: row.Command, ok: true})
		}
		g := groups[len(groups)-1]
		if controlIn(input, false) == nil {
			g.stdin += input + "\n"
			g.lines += text + "\n"
			g.ok = g.ok && row.OK
		}
	}
	for _, g := range groups {
		code, out, _ := runCmd(t, g.stdin, append(append([]string{}, g.args...), "--json")...)
		want := exitOK
		if !g.ok {
			want = exitInvalid
		}
		if out != g.lines || code != want {
			t.Errorf("uri %q on standard input:\n got %s (exit %d)\nwant %s (exit %d)", g.args, out, code, g.lines, want)
		}
	}
}

func TestEscapeCommandTestdata(t *testing.T) {
	testCommandRows(t, "../../testdata/escape.jsonl", 40)
}

// TestEscapeCommand covers the four subcommands beyond the testdata rows.
func TestEscapeCommand(t *testing.T) {
	tests := []struct {
		name           string
		args           []string
		stdin          string
		code           int
		stdout, stderr string // stderr: a substring
	}{
		{"text output", []string{"escape", "--component", "path-segment", "a/b", "c d"}, "", exitOK, "a%2Fb\nc%20d\n", ""},
		{"stdin lines", []string{"escape", "--component", "form"}, "a b\nc+d\n", exitOK, "a+b\nc%2Bd\n", ""},
		{"stdin without final LF", []string{"escape", "--component", "path"}, "a b", exitOK, "a%20b\n", ""},
		{"one CR before the LF is dropped", []string{"escape", "--component", "path"}, "a\r\n", exitOK, "a\n", ""},
		{"a control character is an error", []string{"escape", "--component", "path"}, "a\x1bb\nc\n", exitInvalid, "c\n", `uri: line 1: control character U+001B at offset 1 of "a\x1bb"` + "\n"},
		{"an operand may hold one", []string{"escape", "--component", "path", "a\tb"}, "", exitOK, "a%09b\n", ""},
		{"unescape text escapes what it decodes", []string{"unescape", "%1B[2J%C2%9B%E2%80%AE"}, "", exitOK, `\x1b[2J\u009b\u202e` + "\n", ""},
		{"empty stdin", []string{"escape", "--component", "path"}, "", exitOK, "", ""},
		{"empty line", []string{"escape", "--component", "path", "--json"}, "\n", exitOK, `{"input":"","ok":true,"result":""}` + "\n", ""},
		{"invalid UTF-8 on stdin", []string{"escape", "--component", "path", "--json"}, "\xff\n", exitOK,
			`{"input":"\ufffd","input_hex":"ff","ok":true,"result":"%FF"}` + "\n", ""},
		{"unescape text error takes its input's line", []string{"unescape", "ok%20", "%zz", "x"}, "", exitInvalid,
			"ok \nx\n", "uri: operand 2: unescape: \"%\" not followed by two hex digits at offset 1 of \"%zz\"\n"},
		{"unescape form", []string{"unescape", "--component", "form", "a+b"}, "", exitOK, "a b\n", ""},
		{"unescape utf8", []string{"unescape", "--utf8", "--json", "%C3"}, "", exitInvalid,
			`{"input":"%C3","ok":false,"error":"uri: unescape: invalid UTF-8 at offset 3 (end of input) of \"%C3\"","offset":3}` + "\n", ""},
		{"operand that looks like a flag", []string{"escape", "--component", "path", "--", "-x"}, "", exitOK, "-x\n", ""},
		{"missing component", []string{"escape", "x"}, "", exitUsage, "", "--component is required"},
		{"unknown component", []string{"escape", "--component", "nope", "x"}, "", exitUsage, "", `unknown component "nope"`},
		{"unknown flag", []string{"unescape", "--nope"}, "", exitUsage, "", "flag provided but not defined"},
		{"help", []string{"escape", "-h"}, "", exitOK, "", "usage: uri escape"},
		{"iri-to-uri text", []string{"iri-to-uri", "http://h/é"}, "", exitOK, "http://h/%C3%A9\n", ""},
		{"uri-to-iri stdin", []string{"uri-to-iri"}, "/%C3%A9\n/%FF\n", exitOK, "/é\n/%FF\n", ""},
		{"invalid UTF-8 on stdin", []string{"iri-to-uri", "--json"}, "/\xff\n", exitInvalid,
			`{"input":"/\ufffd","input_hex":"2fff","ok":false,"error":"uri: invalid UTF-8 in path at offset 1 of \"/\\xff\"","offset":1}` + "\n", ""},
		{"error in text mode", []string{"uri-to-iri", "a b"}, "", exitInvalid, "", "uri: operand 1: invalid character \" \" in path at offset 1 of \"a b\"\n"},
		{"empty stdin", []string{"uri-to-iri"}, "", exitOK, "", ""},
		{"iri-to-uri help", []string{"iri-to-uri", "-h"}, "", exitOK, "", "usage: uri iri-to-uri"},
		{"unknown flag", []string{"uri-to-iri", "--component", "path"}, "", exitUsage, "", "flag provided but not defined"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			code, out, errOut := runCmd(t, tt.stdin, tt.args...)
			if code != tt.code || out != tt.stdout || !strings.Contains(errOut, tt.stderr) {
				t.Errorf("uri %q: exit %d, stdout %q, stderr %q; want %d, %q, stderr with %q",
					tt.args, code, out, errOut, tt.code, tt.stdout, tt.stderr)
			}
		})
	}
}

// TestEscapeCommandLongLine: a line over the limit gets its own error and
// the next line is still processed.
func TestEscapeCommandLongLine(t *testing.T) {
	long := strings.Repeat("a", maxLine+1)
	code, out, _ := runCmd(t, long+"\nb c\n", "escape", "--component", "path", "--json")
	wantEnd := `","ok":false,"error":"uri: line longer than 16777216 bytes at offset 16777216 of \"` + strings.Repeat("a", 80) + `...\"","offset":16777216}` + "\n" +
		`{"input":"b c","ok":true,"result":"b%20c"}` + "\n"
	if code != exitInvalid || !strings.HasPrefix(out, `{"input":"aaa`) || !strings.HasSuffix(out, wantEnd) || strings.Count(out, "\n") != 2 {
		t.Errorf("exit %d, output of %d bytes ending %q", code, len(out), out[max(0, len(out)-200):])
	}
}

func TestIRICommandTestdata(t *testing.T) {
	testCommandRows(t, "../../testdata/iri.jsonl", 15)
}
