package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/gouri/uri"
	"github.com/gouri/uri/internal/testrows"
)

// readPairRows reads testdata/resolve.jsonl or relativize.jsonl and groups
// its rows by base, keeping the order of the file; the command must print
// exactly the text of each row.
func readPairRows(t *testing.T, path string) (bases []string, rows map[string][]testrows.Result) {
	t.Helper()
	rows = map[string][]testrows.Result{}
	for _, row := range testrows.Read[testrows.Result](t, path) {
		if _, seen := rows[row.Base]; !seen {
			bases = append(bases, row.Base)
		}
		rows[row.Base] = append(rows[row.Base], row)
	}
	return bases, rows
}

// testPairCommand runs the command on every row of the file, once with the
// inputs as operands and once on standard input, and compares its output
// with the rows, line for line, and its exit status with theirs.
func testPairCommand(t *testing.T, command, path string) {
	bases, rows := readPairRows(t, path)
	if len(bases) < 10 {
		t.Fatalf("only %d bases in %s", len(bases), path)
	}
	for _, base := range bases {
		var want, inputs []string
		status := exitOK
		for _, row := range rows[base] {
			want = append(want, row.Text)
			inputs = append(inputs, row.Input)
			if !row.OK {
				status = exitInvalid
			}
		}
		wantOut := strings.Join(want, "\n") + "\n"
		if badBase(command, base) {
			// A base that is not a URI is a usage error of the command:
			// the rows are the library's answers.
			status, wantOut = exitUsage, ""
		}
		args := append([]string{command, "--json", "--base", base, "--"}, inputs...)
		var stdout, stderr bytes.Buffer
		if code := run(args, strings.NewReader(""), &stdout, &stderr); code != status || (stderr.Len() > 0) != (status == exitUsage) {
			t.Errorf("uri %q: exit %d, stderr %q; want exit %d", args, code, stderr.String(), status)
		}
		if d := cmp.Diff(wantOut, stdout.String()); d != "" {
			t.Errorf("uri %s --json --base %q with operands (-want +got):\n%s", command, base, d)
		}
		stdout.Reset()
		stdin := strings.Join(inputs, "\n") + "\n"
		if code := run([]string{command, "--base=" + base, "--json"}, strings.NewReader(stdin), &stdout, &stderr); code != status {
			t.Errorf("uri %s --base %q < %q: exit %d, want %d", command, base, stdin, code, status)
		}
		if d := cmp.Diff(wantOut, stdout.String()); d != "" {
			t.Errorf("uri %s --json --base %q on standard input (-want +got):\n%s", command, base, d)
		}
	}
}

// badBase reports whether the library rejects base as the base of command.
func badBase(command, base string) bool {
	fn := uri.Resolve
	if command == "relativize" {
		fn = uri.Relativize
	}
	var e *uri.Error
	_, err := fn(base, "")
	return errors.As(err, &e) && e.Input == base
}

func TestResolveCommandTestdata(t *testing.T) {
	testPairCommand(t, "resolve", "../../testdata/resolve.jsonl")
}

func TestRelativizeCommandTestdata(t *testing.T) {
	testPairCommand(t, "relativize", "../../testdata/relativize.jsonl")
}

// TestPairCommands pins the text output, the flags, the exit statuses and
// the inputs that need care: invalid UTF-8, a line longer than the limit,
// an empty standard input, a CR before the LF.
func TestPairCommands(t *testing.T) {
	const base = "http://a/b/c/d;p?q"
	tests := []struct {
		name   string
		args   []string
		stdin  string
		stdout string
		stderr string // a substring of it
		code   int
	}{
		{"text output", []string{"resolve", "--base", base, "g", "../g", "//x"}, "",
			"http://a/b/c/g\nhttp://a/b/g\nhttp://x\n", "", exitOK},
		{"text output with an error", []string{"resolve", "--base", base, "g h", "g"}, "",
			"http://a/b/c/g\n", "uri: operand 1: resolve: invalid character \" \" in path at offset 1 of \"g h\"\n", exitInvalid},
		{"text output with an error on standard input", []string{"resolve", "--base", base}, "g\ng h\n",
			"http://a/b/c/g\n", "uri: line 2: resolve: invalid character \" \" in path at offset 1 of \"g h\"\n", exitInvalid},
		{"non-strict (RFC 3986, Section 5.2.2)", []string{"resolve", "--non-strict", "--base", base, "http:g", "HTTP:h", "ftp:g"}, "",
			"http://a/b/c/g\nhttp://a/b/c/h\nftp:g\n", "", exitOK},
		{"strict by default", []string{"resolve", "--base", base, "http:g"}, "", "http:g\n", "", exitOK},
		{"relativize text", []string{"relativize", "--base", base, "http://a/b/c/g", "http://a/b/c/d;p?q#s", "ftp://x"}, "",
			"g\n#s\nftp://x\n", "", exitOK},
		{"relativize as a browser resolves", []string{"relativize", "--grammar", "whatwg", "--base", "https://a/b/c?q#f", "https://a/b/c?q", "HTTPS://A/x", "https://b/", "file:///x"}, "",
			"\n/x\n//b\nfile:///x\n", "", exitOK},
		{"relativize, file URLs", []string{"relativize", "--grammar", "whatwg", "--base", "file:///C:/a/b", "file:///C:/x", "file:///a/c|"}, "",
			"/x\n///a/c|\n", "", exitOK},
		{"relativize --grammar whatwg reads a line as the standard does", []string{"relativize", "--grammar", "whatwg", "--base", "http://a/b", "--json"}, "http://a/\tc\n",
			`{"input":"http://a/\tc","base":"http://a/b","ok":true,"result":"c"}` + "\n", "", exitOK},
		{"relativize --grammar whatwg, a failure", []string{"relativize", "--grammar", "whatwg", "--base", "http://a/b", "--json", "c"}, "",
			`{"input":"c","base":"http://a/b","ok":false,"error":"uri: relativize: missing-scheme-non-relative-URL (the input has no scheme, and no base URL that it could be relative to) at offset 0 of \"c\"","offset":0}` + "\n", "", exitInvalid},
		{"relativize --grammar whatwg, a bad base", []string{"relativize", "--grammar", "whatwg", "--base", "http://a:b/", "c"}, "",
			"", "uri relativize: --base \"http://a:b/\": port-invalid", exitUsage},
		{"relativize, an unknown grammar", []string{"relativize", "--grammar", "rfc2396", "--base", base, "c"}, "",
			"", "unknown grammar \"rfc2396\" (want whatwg)", exitUsage},
		{"standard input", []string{"resolve", "--base", base}, "g\n\n?y\n",
			"http://a/b/c/g\nhttp://a/b/c/d;p?q\nhttp://a/b/c/d;p?y\n", "", exitOK},
		{"no final LF", []string{"resolve", "--base", base}, "g", "http://a/b/c/g\n", "", exitOK},
		{"empty standard input", []string{"resolve", "--base", base}, "", "", "", exitOK},
		{"empty standard input, relativize", []string{"relativize", "--base", base, "--json"}, "", "", "", exitOK},
		{"one CR before the LF is dropped", []string{"resolve", "--base", base, "--json"}, "g\r\n",
			`{"input":"g","base":"http://a/b/c/d;p?q","ok":true,"result":"http://a/b/c/g"}` + "\n", "", exitOK},
		{"invalid UTF-8 keeps its bytes", []string{"resolve", "--base", base, "--json"}, "g\xff\n",
			`{"input":"g\ufffd","input_hex":"67ff","base":"http://a/b/c/d;p?q","ok":false,"error":"uri: resolve: invalid character \"\\xff\" in path at offset 1 of \"g\\xff\"","offset":1}` + "\n", "", exitInvalid},
		{"a base without a scheme is a usage error", []string{"resolve", "--base", "/x", "g", "h"}, "",
			"", "uri resolve: --base \"/x\": missing scheme at offset 0\n", exitUsage},
		{"an empty base is a usage error", []string{"relativize", "--base", "", "--json", "http://a/"}, "",
			"", "uri relativize: --base \"\": missing scheme at offset 0 (end of input)\n", exitUsage},
		{"operands that look like flags after --", []string{"resolve", "--base", base, "--", "-x"}, "", "http://a/b/c/-x\n", "", exitOK},
		{"missing --base", []string{"resolve", "g"}, "", "", "--base is required", exitUsage},
		{"missing --base, relativize", []string{"relativize", "--json"}, "", "", "--base is required", exitUsage},
		{"--base without a value", []string{"resolve", "--base"}, "", "", "flag needs an argument", exitUsage},
		{"unknown flag", []string{"resolve", "--base", base, "--bogus", "x"}, "", "", "flag provided but not defined", exitUsage},
		{"help", []string{"resolve", "-h"}, "", "", "usage: uri resolve [flags] --base BASE", exitOK},
		{"help, relativize", []string{"relativize", "--help"}, "", "", "usage: uri relativize [flags] --base BASE", exitOK},
	}
	for _, tt := range tests {
		var stdout, stderr bytes.Buffer
		code := run(tt.args, strings.NewReader(tt.stdin), &stdout, &stderr)
		if code != tt.code || stdout.String() != tt.stdout || !strings.Contains(stderr.String(), tt.stderr) {
			t.Errorf("%s: uri %q < %q = exit %d, stdout %q, stderr %q; want exit %d, stdout %q, stderr containing %q",
				tt.name, tt.args, tt.stdin, code, stdout.String(), stderr.String(), tt.code, tt.stdout, tt.stderr)
		}
	}
}

// TestPairCommandLongLine: a line over the 16 MiB limit gets its own error
// line, and the lines after it are still processed.
func TestPairCommandLongLine(t *testing.T) {
	stdin := "g\n" + strings.Repeat("a", maxLine+10) + "\nh\n"
	var stdout, stderr bytes.Buffer
	code := run([]string{"resolve", "--base", "http://a/b", "--json"}, strings.NewReader(stdin), &stdout, &stderr)
	lines := strings.Split(strings.TrimSuffix(stdout.String(), "\n"), "\n")
	if code != exitInvalid || len(lines) != 3 {
		t.Fatalf("exit %d, %d lines; want exit 1 and 3 lines", code, len(lines))
	}
	var row struct {
		Input, Error string
		OK           bool
	}
	if err := json.Unmarshal([]byte(lines[1]), &row); err != nil || row.OK || !strings.Contains(row.Error, "uri: line longer than") {
		t.Errorf("the long line gave %.200q", lines[1])
	}
	if lines[0] != `{"input":"g","base":"http://a/b","ok":true,"result":"http://a/g"}` ||
		lines[2] != `{"input":"h","base":"http://a/b","ok":true,"result":"http://a/h"}` {
		t.Errorf("the lines around the long one: %q, %q", lines[0], lines[2])
	}
}

// TestPairCommandLongInput: a megabyte-long reference is resolved like any
// other.
func TestPairCommandLongInput(t *testing.T) {
	ref := strings.Repeat("../", 1<<18) + strings.Repeat("x/", 1<<18)
	var stdout, stderr bytes.Buffer
	if code := run([]string{"resolve", "--base", "http://a/b/c"}, strings.NewReader(ref+"\n"), &stdout, &stderr); code != exitOK {
		t.Fatalf("exit %d, stderr %q", code, stderr.String())
	}
	if want := "http://a/" + strings.Repeat("x/", 1<<18) + "\n"; stdout.String() != want {
		t.Errorf("got %d bytes, want %d", stdout.Len(), len(want))
	}
}

// TestBadBase: a --base that is no base is a usage error with one message
// on one line: one "uri COMMAND:" prefix, the base quoted once, then what
// is wrong and where, for every subcommand and grammar that takes --base.
func TestBadBase(t *testing.T) {
	tests := []struct {
		args []string // before --base BASE
		base string
		want string
	}{
		{[]string{"resolve"}, "x", `uri resolve: --base "x": missing scheme at offset 1 (end of input)`},
		{[]string{"resolve"}, "//h/p", `uri resolve: --base "//h/p": missing scheme at offset 0`},
		{[]string{"resolve"}, "http://a b/", `uri resolve: --base "http://a b/": invalid character " " in authority at offset 8`},
		{[]string{"resolve"}, "http://a/%zz", `uri resolve: --base "http://a/%zz": "%" not followed by two hex digits in path at offset 10`},
		{[]string{"resolve", "--non-strict"}, "", `uri resolve: --base "": missing scheme at offset 0 (end of input)`},
		{[]string{"resolve", "--grammar", "rfc2396"}, "/a", `uri resolve: --base "/a": missing scheme (rfc2396) at offset 0`},
		{[]string{"resolve", "--grammar", "rfc1808"}, "/a", `uri resolve: --base "/a": missing scheme (rfc1808) at offset 0`},
		{[]string{"relativize"}, "3ttp:x", `uri relativize: --base "3ttp:x": invalid character "3" in scheme at offset 0`},
		{[]string{"parse", "--grammar", "whatwg"}, "x", `uri parse: --base "x": missing-scheme-non-relative-URL (the input has no scheme, and no base URL that it could be relative to) at offset 0`},
		{[]string{"parse", "--grammar", "whatwg"}, "https://h:99999/", `uri parse: --base "https://h:99999/": port-out-of-range (the port is over 65535) at offset 10`},
		{[]string{"parse", "--grammar", "whatwg"}, "\u202ex\x1b[2J", `uri parse: --base "\u202ex\x1b[2J": missing-scheme-non-relative-URL (the input has no scheme, and no base URL that it could be relative to) at offset 0`},
		{[]string{"resolve"}, "/" + strings.Repeat("a", 100), `uri resolve: --base "/` + strings.Repeat("a", 79) + `...": missing scheme at offset 0`},
	}
	for _, tt := range tests {
		args := append(append([]string{}, tt.args...), "--base", tt.base, "g")
		code, out, errOut := runCmd(t, "", args...)
		if code != exitUsage || out != "" || errOut != tt.want+"\n" {
			t.Errorf("uri %q: exit %d, stdout %q, stderr %q; want exit 2 and %q", args, code, out, errOut, tt.want)
		}
	}
}
