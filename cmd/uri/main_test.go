package main

import (
	"bytes"
	"encoding/hex"
	"encoding/json"
	"os"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// runCmd runs the program in-process and returns its exit status and output.
func runCmd(t *testing.T, stdin string, args ...string) (int, string, string) {
	t.Helper()
	var out, errOut bytes.Buffer
	code := run(args, strings.NewReader(stdin), &out, &errOut)
	return code, out.String(), errOut.String()
}

// testdataLines returns the JSON lines of a testdata file of the library,
// without comments.
func testdataLines(t *testing.T, name string) []string {
	t.Helper()
	data, err := os.ReadFile("../../testdata/" + name)
	if err != nil {
		t.Fatal(err)
	}
	var lines []string
	for _, l := range strings.Split(string(data), "\n") {
		if l != "" && !strings.HasPrefix(l, "#") {
			lines = append(lines, l)
		}
	}
	return lines
}

// rowInput returns the input bytes of a JSON line: input_hex when present.
func rowInput(t *testing.T, line string) string {
	t.Helper()
	var row struct {
		Input    string `json:"input"`
		InputHex string `json:"input_hex"`
	}
	if err := json.Unmarshal([]byte(line), &row); err != nil {
		t.Fatalf("%s: %v", line, err)
	}
	if row.InputHex != "" {
		b, err := hex.DecodeString(row.InputHex)
		if err != nil {
			t.Fatal(err)
		}
		return string(b)
	}
	return row.Input
}

func TestUsage(t *testing.T) {
	tests := []struct {
		name     string
		args     []string
		code     int
		inStdout string
		inStderr string
	}{
		{"no arguments", nil, 2, "", "usage: uri"},
		{"unknown command", []string{"frobnicate"}, 2, "", `unknown command "frobnicate"`},
		{"help", []string{"help"}, 0, "parse", ""},
		{"--help", []string{"--help"}, 0, "usage: uri", ""},
		{"unknown flag", []string{"parse", "--bogus", "x"}, 2, "", "flag provided but not defined"},
		{"parse -h", []string{"parse", "-h"}, 0, "", "usage: uri parse"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			code, out, errOut := runCmd(t, "", tt.args...)
			if code != tt.code || !strings.Contains(out, tt.inStdout) || !strings.Contains(errOut, tt.inStderr) {
				t.Errorf("run(%q) = %d, stdout %q, stderr %q; want %d, containing %q and %q",
					tt.args, code, out, errOut, tt.code, tt.inStdout, tt.inStderr)
			}
		})
	}
}

// TestParseJSONTestdata: for every row of testdata/parse.jsonl, the command
// prints exactly that row, given the input as an operand or on stdin.
func TestParseJSONTestdata(t *testing.T) {
	lines := testdataLines(t, "parse.jsonl")
	var stdin strings.Builder
	var want strings.Builder
	anyInvalid := false
	for _, line := range lines {
		in := rowInput(t, line)
		code, out, _ := runCmd(t, "", "parse", "--json", in)
		valid := strings.Contains(line, `"ok":true`)
		if out != line+"\n" || (code == 0) != valid {
			t.Errorf("uri parse --json %q: exit %d, output\n%s\nwant\n%s", in, code, out, line)
		}
		anyInvalid = anyInvalid || !valid
		stdin.WriteString(in + "\n")
		want.WriteString(line + "\n")
	}
	// All at once on standard input: the same lines, in order.
	code, out, _ := runCmd(t, stdin.String(), "parse", "--json")
	if d := cmp.Diff(want.String(), out); d != "" || code != 1 || !anyInvalid {
		t.Errorf("uri parse --json < rows: exit %d (-want +got):\n%s", code, d)
	}
}

func TestParseStdin(t *testing.T) {
	tests := []struct {
		name  string
		stdin string
		code  int
		want  []string // the "input" of each output line, in order
	}{
		{"empty", "", 0, nil},
		{"one line without final LF", "http://a", 0, []string{"http://a"}},
		{"empty line is the empty reference", "\n", 0, []string{""}},
		{"blank lines kept", "a\n\nb\n", 0, []string{"a", "", "b"}},
		{"CR is part of the line", "a\r\nb\n", 1, []string{"a\r", "b"}},
		{"invalid then valid", "a b\nc\n", 1, []string{"a b", "c"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			code, out, _ := runCmd(t, tt.stdin, "parse", "--json")
			var got []string
			for _, l := range strings.Split(strings.TrimSuffix(out, "\n"), "\n") {
				if l == "" {
					continue
				}
				var row struct{ Input string }
				if err := json.Unmarshal([]byte(l), &row); err != nil {
					t.Fatalf("output line %q: %v", l, err)
				}
				got = append(got, row.Input)
			}
			if code != tt.code || !cmp.Equal(tt.want, got) {
				t.Errorf("stdin %q: exit %d, inputs %q; want %d, %q", tt.stdin, code, got, tt.code, tt.want)
			}
		})
	}
}

// TestParseLongLine: a line over 16 MiB gets an error line of its own and
// the next line is still parsed.
func TestParseLongLine(t *testing.T) {
	if testing.Short() {
		t.Skip("allocates tens of megabytes")
	}
	long := "/" + strings.Repeat("a", maxLine)
	exact := "/" + strings.Repeat("b", maxLine-1) // exactly maxLine bytes: still read
	code, out, _ := runCmd(t, long+"\n"+exact+"\nhttp://h/\n", "parse", "--json")
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	if code != 1 || len(lines) != 3 {
		t.Fatalf("exit %d, %d output lines; want 1 and 3", code, len(lines))
	}
	var first, second, third struct {
		Input  string
		OK     bool
		Error  string
		Offset int
	}
	for i, dst := range []any{&first, &second, &third} {
		if err := json.Unmarshal([]byte(lines[i]), dst); err != nil {
			t.Fatalf("line %d: %v", i+1, err)
		}
	}
	if first.OK || !strings.Contains(first.Error, "longer than") || len(first.Input) > 2048 || !strings.HasPrefix(first.Input, "/aaa") {
		t.Errorf("long line: ok=%v error %q, input of %d bytes", first.OK, first.Error, len(first.Input))
	}
	if !second.OK || len(second.Input) != maxLine {
		t.Errorf("line of exactly %d bytes: ok=%v, input of %d bytes", maxLine, second.OK, len(second.Input))
	}
	if !third.OK || third.Input != "http://h/" {
		t.Errorf("line after the long one: %+v", third)
	}
}

func TestParseText(t *testing.T) {
	code, out, _ := runCmd(t, "", "parse", "foo://example.com:8042/over/there?name=ferret#nose", "http://@h:/p?#", "mailto:x")
	for _, want := range []string{
		`"foo://example.com:8042/over/there?name=ferret#nose"`,
		`  host      "example.com" (reg-name)`,
		`  port      "8042"`,
		`  userinfo  ""`, // present and empty, in http://@h:/p?#
		`  userinfo  (absent)`,
		`  host      (absent)`, // mailto:x has no authority
		`  path      "x"`,
	} {
		if !strings.Contains(out, want) {
			t.Errorf("text output lacks %q:\n%s", want, out)
		}
	}
	if code != 0 {
		t.Errorf("exit %d for valid inputs", code)
	}
	code, out, _ = runCmd(t, "", "parse", "http://a/b c")
	want := "\"http://a/b c\"\n           ^\n  error     uri: invalid character \" \" in path at offset 10 of \"http://a/b c\"\n\n"
	if code != 1 || out != want {
		t.Errorf("text error output, exit %d:\n%q\nwant\n%q", code, out, want)
	}
	// No caret for input that does not print as itself.
	_, out, _ = runCmd(t, "", "parse", "/\xff")
	if strings.Contains(out, "^") || !strings.Contains(out, `"/\xff"`) {
		t.Errorf("text output for invalid UTF-8: %q", out)
	}
}

func TestAppendString(t *testing.T) {
	tests := []struct{ in, want string }{
		{"plain", `"plain"`},
		{`q"b\`, `"q\"b\\"`},
		{"\n\r\t\x00\x1f\x7f", `"\n\r\t\u0000\u001f` + "\x7f" + `"`},
		{"é€", `"é€"`},
		{"\xff\xc3", `"\ufffd\ufffd"`},
		{"\u2028\u2029", `"\u2028\u2029"`},
		{"<&>", `"<&>"`},
	}
	for _, tt := range tests {
		got := string(appendString(nil, tt.in))
		if got != tt.want {
			t.Errorf("appendString(%q) = %s, want %s", tt.in, got, tt.want)
		}
		var back string
		if err := json.Unmarshal([]byte(got), &back); err != nil {
			t.Errorf("appendString(%q) = %s is not valid JSON: %v", tt.in, got, err)
		}
	}
}
