package main

import (
	"bytes"
	"encoding/json"
	"flag"
	"io"
	"runtime"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/google/go-cmp/cmp"
	"github.com/gouri/uri"
	"github.com/gouri/uri/internal/oracle"
	"github.com/gouri/uri/internal/testrows"
)

// runCmd runs the program in-process and returns its exit status and output.
func runCmd(t *testing.T, stdin string, args ...string) (int, string, string) {
	t.Helper()
	var out, errOut bytes.Buffer
	code := run(args, strings.NewReader(stdin), &out, &errOut)
	return code, out.String(), errOut.String()
}

// cmdCase is a row of a table of runs of the command: what it pins, the
// command line and standard input, and the exit status, standard output
// and part of standard error ("" for none) that the run must give.
type cmdCase struct {
	why    string
	args   []string
	stdin  string
	code   int
	stdout string
	stderr string
}

// check runs the row and reports how it differs.
func (tt cmdCase) check(t *testing.T) {
	t.Helper()
	code, out, errOut := runCmd(t, tt.stdin, tt.args...)
	if code != tt.code || out != tt.stdout || !strings.Contains(errOut, tt.stderr) || tt.stderr == "" && errOut != "" {
		t.Errorf("%s: uri %q <<< %.200q = %d, stdout %.200q, stderr %q; want %d, %.200q, stderr with %q",
			tt.why, tt.args, tt.stdin, code, out, errOut, tt.code, tt.stdout, tt.stderr)
	}
}

// checkJSON runs uri args --json with stdin and checks that it prints the
// object want, which is valid JSON.
func checkJSON(t *testing.T, stdin string, args []string, want string) {
	t.Helper()
	_, out, _ := runCmd(t, stdin, append(args, "--json")...)
	if out != want+"\n" {
		t.Errorf("uri %q --json <<< %q =\n%s\nwant\n%s", args, stdin, out, want)
	}
	if !json.Valid([]byte(out)) {
		t.Errorf("uri %q --json <<< %q: not JSON", args, stdin)
	}
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
		{"help of a command", []string{"help", "resolve"}, 0, "usage: uri resolve [flags] --base BASE", ""},
		{"help of a command lists its flags", []string{"help", "parse"}, 0, "-zone", ""},
		{"help of an unknown command", []string{"help", "nope"}, 2, "", `unknown command "nope"`},
		{"version", []string{"--version"}, 0, "uri github.com/gouri/uri", ""},
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

// TestHelpListsFlags: "uri help COMMAND" prints what "uri COMMAND -h"
// prints, every flag included, for every command.
func TestHelpListsFlags(t *testing.T) {
	for _, c := range commands() {
		code, help, _ := runCmd(t, "", "help", c.name)
		_, _, dashH := runCmd(t, "", c.name, "-h")
		if code != exitOK || help != dashH {
			t.Errorf("uri help %s = %d, %q; uri %s -h printed %q", c.name, code, help, c.name, dashH)
		}
		fs, _, _ := c.flagSet(io.Discard)
		fs.VisitAll(func(f *flag.Flag) {
			if !strings.Contains(help, "-"+f.Name) {
				t.Errorf("uri help %s does not list -%s", c.name, f.Name)
			}
		})
	}
}

// TestParseJSONTestdata: for every row of testdata/parse.jsonl, the command
// prints exactly that row, given the input as an operand or on stdin.
func TestParseJSONTestdata(t *testing.T) {
	rows := testrows.Read[testrows.Parse](t, "../../testdata/parse.jsonl")
	var stdin strings.Builder
	var want strings.Builder
	anyInvalid := false
	for _, row := range rows {
		in, line, valid := row.Bytes(t), commandHint(row.Text), row.OK
		code, out, _ := runCmd(t, "", "parse", "--json", "--", in)
		if valid {
			line = strings.TrimSuffix(line, "}") + `,"params":` + paramsJSON(t, out, in) + "}"
		}
		if out != line+"\n" || (code == 0) != valid {
			t.Errorf("uri parse --json %q: exit %d, output\n%s\nwant\n%s", in, code, out, line)
		}
		anyInvalid = anyInvalid || !valid
		if controlIn(in, false) == nil && !strings.Contains(in, "\n") {
			stdin.WriteString(in + "\n")
			want.WriteString(line + "\n")
		}
	}
	// All at once on standard input: the same lines, in order.
	code, out, _ := runCmd(t, stdin.String(), "parse", "--json")
	if d := cmp.Diff(want.String(), out); d != "" || code != 1 || !anyInvalid {
		t.Errorf("uri parse --json < rows: exit %d (-want +got):\n%s", code, d)
	}
}

// paramsJSON returns the "params" member of out, the object of uri parse
// --json for the valid reference in, after checking that it lists the
// pairs that uri.URI.QueryPairs reads (null for no query), as JSON text
// holds them (testrows.JSONText).
func paramsJSON(t *testing.T, out, in string) string {
	t.Helper()
	var obj struct {
		Params *[]struct{ Key, Value string }
	}
	if err := json.Unmarshal([]byte(out), &obj); err != nil {
		t.Fatalf("uri parse --json %q: %v", in, err)
	}
	var want *[]struct{ Key, Value string }
	if u := uri.MustParse(in); u.HasQuery() {
		want = &[]struct{ Key, Value string }{}
		for k, v := range u.QueryPairs() {
			*want = append(*want, struct{ Key, Value string }{testrows.JSONText(k), testrows.JSONText(v)})
		}
	}
	if d := cmp.Diff(want, obj.Params); d != "" {
		t.Errorf("uri parse --json %q: params (-want +got):\n%s", in, d)
	}
	_, params, ok := strings.Cut(out, `,"params":`)
	if !ok {
		return ""
	}
	return strings.TrimSuffix(params, "}\n")
}

func TestParseZone(t *testing.T) {
	code, out, _ := runCmd(t, "", "parse", "--zone", "--json", "http://[fe80::1%25eth0]/")
	want := `{"input":"http://[fe80::1%25eth0]/","ok":true,"scheme":"http","userinfo":null,"host":"[fe80::1%25eth0]","port":null,"path":"/","query":null,"fragment":null,"params":null}` + "\n"
	if code != 0 || out != want {
		t.Errorf("uri parse --zone: exit %d, %s", code, out)
	}
	if code, _, _ := runCmd(t, "", "parse", "http://[fe80::1%25eth0]/"); code != 1 {
		t.Errorf("uri parse without --zone accepts a zone")
	}
	if code, _, errOut := runCmd(t, "", "parse", "--zone", "--grammar", "rfc2396", "x"); code != 2 || !strings.Contains(errOut, "cannot be combined") {
		t.Errorf("--zone with --grammar: exit %d, %q", code, errOut)
	}
}

// TestParseStdin: one line of standard input is one input; one CR before
// the LF is dropped; any other control character makes the line an error.
func TestParseStdin(t *testing.T) {
	tests := []struct {
		name  string
		stdin string
		code  int
		want  []string // the "input" of each output line, in order
		ok    []bool
	}{
		{"empty", "", 0, nil, nil},
		{"one line without final LF", "http://a", 0, []string{"http://a"}, []bool{true}},
		{"empty line is the empty reference", "\n", 0, []string{""}, []bool{true}},
		{"blank lines kept", "a\n\nb\n", 0, []string{"a", "", "b"}, []bool{true, true, true}},
		{"Windows line endings", "a\r\nb\r\n", 0, []string{"a", "b"}, []bool{true, true}},
		{"one CR only", "a\r\r\nb\n", 1, []string{"a\r", "b"}, []bool{false, true}},
		{"a CR inside a line", "a\rb\n", 1, []string{"a\rb"}, []bool{false}},
		{"an escape sequence", "\x1b[31mx\n", 1, []string{"\x1b[31mx"}, []bool{false}},
		{"a C1 control", "http://h/\u009b31m\n", 1, []string{"http://h/\u009b31m"}, []bool{false}},
		{"invalid then valid", "a b\nc\n", 1, []string{"a b", "c"}, []bool{false, true}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			code, out, _ := runCmd(t, tt.stdin, "parse", "--json")
			var got []string
			var ok []bool
			for _, l := range strings.Split(strings.TrimSuffix(out, "\n"), "\n") {
				if l == "" {
					continue
				}
				var row struct {
					Input string
					OK    bool
					Error string
				}
				if err := json.Unmarshal([]byte(l), &row); err != nil {
					t.Fatalf("output line %q: %v", l, err)
				}
				got, ok = append(got, row.Input), append(ok, row.OK)
			}
			if code != tt.code || !cmp.Equal(tt.want, got) || !cmp.Equal(tt.ok, ok) {
				t.Errorf("stdin %q: exit %d, inputs %q %v; want %d, %q %v", tt.stdin, code, got, ok, tt.code, tt.want, tt.ok)
			}
		})
	}
	_, out, errOut := runCmd(t, "a\x01b\n", "parse")
	if want := `uri: line 1: control character U+0001 at offset 1 of "a\x01b"` + "\n"; out != "" || errOut != want {
		t.Errorf("the error of a line with a control character: stdout %q, stderr %q; want %q on stderr", out, errOut, want)
	}
}

// TestParseLongLine: a line over 16 MiB gets an error line of its own and
// the next line is still parsed.
func TestParseLongLine(t *testing.T) {
	if oracle.Short() {
		t.Skip("allocates tens of megabytes, with -short and under the race detector")
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

// TestParseText: one line per input, the input quoted, then the present
// components; an error follows the quoted input.
func TestParseText(t *testing.T) {
	code, out, errOut := runCmd(t, "", "parse", "foo://example.com:8042/over/there?name=ferret#nose", "http://@h:/p?#", "http://a/b c", "mailto:x", "/\xff")
	want := `"foo://example.com:8042/over/there?name=ferret#nose" scheme="foo" host="example.com" (reg-name) port="8042" path="/over/there" query="name=ferret" fragment="nose"
"http://@h:/p?#" scheme="http" userinfo="" host="h" (reg-name) port="" path="/p" query="" fragment=""
"mailto:x" scheme="mailto" path="x"
`
	wantErr := `uri: operand 3: invalid character " " in path at offset 10 of "http://a/b c"
uri: operand 5: invalid character "\xff" in path at offset 1 of "/\xff"
`
	if code != 1 || out != want || errOut != wantErr {
		t.Errorf("text output, exit %d:\n%s\nwant\n%s\nstderr:\n%s\nwant\n%s", code, out, want, errOut, wantErr)
	}
}

// TestWriteString: JSON strings as encoding/json writes them, and every
// character that a terminal or a reader would act on escaped.
func TestWriteString(t *testing.T) {
	tests := []struct{ in, want string }{
		{"plain", `"plain"`},
		{`q"b\`, `"q\"b\\"`},
		{"\n\r\t\x00\x1f\x7f", `"\n\r\t\u0000\u001f\u007f"`},
		{"é€", `"é€"`},
		{"\xff\xc3", `"\ufffd\ufffd"`},
		{"\u2028\u2029", `"\u2028\u2029"`},
		{"<&>", `"<&>"`},
		{"\u0080\u009b31m", `"\u0080\u009b31m"`},
		{"a\u202eb\u2066c\u2069\u061c\u200e\u200f", `"a\u202eb\u2066c\u2069\u061c\u200e\u200f"`},
	}
	for _, tt := range tests {
		var b bytes.Buffer
		o := newOutput(&b, 512)
		valid := o.str(tt.in)
		o.flush()
		if got := b.String(); got != tt.want || valid != utf8.ValidString(tt.in) {
			t.Errorf("output.str(%q) = %s, %v; want %s, %v", tt.in, got, valid, tt.want, !valid)
		}
		var back string
		if err := json.Unmarshal(b.Bytes(), &back); err != nil {
			t.Errorf("output.str(%q) = %s is not valid JSON: %v", tt.in, b.String(), err)
		}
	}
}

// TestWriteTextLine: text output shows hidden characters as Go escapes.
func TestWriteTextLine(t *testing.T) {
	var b bytes.Buffer
	o := newOutput(&b, 512)
	o.textLine(&result{text: func() string { return "a\x1b[2J\tb\u009bc\u202ed\xffé" }})
	o.flush()
	if want := `a\x1b[2J\tb\u009bc\u202ed\xffé` + "\n"; b.String() != want {
		t.Errorf("output.textLine = %q, want %q", b.String(), want)
	}
}

// TestMemory: what the command allocates for one long line is a small
// multiple of the line (the peak can be no more), whatever the command.
// A line of a megabyte shows it, as in TestReadingsMemory.
func TestMemory(t *testing.T) {
	if oracle.Short() {
		t.Skip("allocates tens of megabytes, with -short and under the race detector")
	}
	const n = 1 << 20
	tests := []struct {
		args  []string
		line  string
		extra int // what the API holds beyond the line: FTP.Cwd, 16 bytes a segment
	}{
		{[]string{"unescape", "--json"}, strings.Repeat("%FF", n/3), 0},
		{[]string{"unescape"}, strings.Repeat("%1B", n/3), 0},
		{[]string{"escape", "--component", "path", "--json"}, strings.Repeat("\xfe", n), 0},
		{[]string{"parse", "--json"}, "http://h/" + strings.Repeat("a/", n/2), 0},
		{[]string{"parse", "--grammar", "rfc2396", "--json"}, "http://h/" + strings.Repeat("a/", n/2), 0},
		{[]string{"parse", "--grammar", "rfc1738", "--json"}, "ftp://h/" + strings.Repeat("a/", n/2), 16 * n / 2},
		{[]string{"normalize", "--json"}, "http://h/" + strings.Repeat("a/../", n/5), 0},
		{[]string{"resolve", "--base", "http://a/b", "--json"}, strings.Repeat("x/../", n/5), 0},
		{[]string{"uri-to-iri", "--json"}, "http://h/" + strings.Repeat("%C3%A9", n/6), 0},
	}
	for _, tt := range tests {
		stdin := strings.NewReader(tt.line + "\n")
		var before, after runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&before)
		run(tt.args, stdin, io.Discard, io.Discard)
		runtime.ReadMemStats(&after)
		if got := after.TotalAlloc - before.TotalAlloc; got > 8*uint64(len(tt.line))+uint64(tt.extra) {
			t.Errorf("uri %q on a line of %d bytes allocates %d bytes, %.1f times the line", tt.args, len(tt.line), got, float64(got)/float64(len(tt.line)))
		}
	}
}

// TestFlagsAfterOperands: a flag after an operand is a flag, as before
// one; only "--" makes the arguments after it operands, so that an input
// that starts with "-" is written after it.
func TestFlagsAfterOperands(t *testing.T) {
	tests := []struct {
		name   string
		args   []string
		code   int
		stdout string
		stderr string // a substring of it
	}{
		{"--json after the operand", []string{"parse", "http://a/", "--json"}, exitOK,
			`{"input":"http://a/","ok":true,"scheme":"http","userinfo":null,"host":"a","port":null,"path":"/","query":null,"fragment":null,"params":null}` + "\n", ""},
		{"a flag with a value between operands", []string{"resolve", "g", "--base", "http://a/b", "h"}, exitOK,
			"http://a/g\nhttp://a/h\n", ""},
		{"a flag with = after the operands", []string{"resolve", "g", "--json", "--base=http://a/b"}, exitOK,
			`{"input":"g","base":"http://a/b","ok":true,"result":"http://a/g"}` + "\n", ""},
		{"a single dash works too", []string{"escape", "a b", "-component", "path"}, exitOK, "a%20b\n", ""},
		{"an input that starts with - goes after --", []string{"parse", "--", "-foo"}, exitOK, `"-foo" path="-foo"` + "\n", ""},
		{"after --, --json is an input", []string{"normalize", "a/./b", "--", "--json"}, exitOK, "a/b\n--json\n", ""},
		{"a lone - is an operand", []string{"normalize", "-", "--json"}, exitOK, `{"input":"-","ok":true,"result":"-"}` + "\n", ""},
		{"an unknown flag after an operand is a usage error", []string{"parse", "http://a/", "-foo"}, exitUsage, "", "flag provided but not defined: -foo"},
		{"a flag without its value at the end", []string{"resolve", "g", "--base"}, exitUsage, "", "flag needs an argument: -base"},
		{"-h after an operand", []string{"parse", "x", "-h"}, exitOK, "", "usage: uri parse"},
		{"two operands of equal around a flag", []string{"equal", "http://a", "--syntax", "http://a/"}, exitInvalid,
			"http://a http://a/ not equivalent\n", ""},
	}
	for _, tt := range tests {
		code, out, errOut := runCmd(t, "", tt.args...)
		if code != tt.code || out != tt.stdout || !strings.Contains(errOut, tt.stderr) || (tt.stderr == "" && errOut != "") {
			t.Errorf("%s: uri %q = exit %d, stdout %q, stderr %q; want exit %d, stdout %q, stderr containing %q",
				tt.name, tt.args, code, out, errOut, tt.code, tt.stdout, tt.stderr)
		}
	}
}

// TestHelpSpellsFlagsWithTwoDashes: the help of every command writes its
// flags as README and the usage lines do, "--json", never "-json".
func TestHelpSpellsFlagsWithTwoDashes(t *testing.T) {
	for _, c := range commands() {
		_, help, _ := runCmd(t, "", "help", c.name)
		fs, _, _ := c.flagSet(io.Discard)
		fs.VisitAll(func(f *flag.Flag) {
			for _, sep := range []string{" ", "\n", "=", ",", ")"} {
				if i := strings.Index(help, "-"+f.Name+sep); i >= 0 && (i == 0 || help[i-1] != '-') {
					t.Errorf("uri help %s spells -%s with one dash: %q", c.name, f.Name, help[max(i-20, 0):min(i+20, len(help))])
				}
			}
		})
	}
}

// TestTextErrorsOnStandardError: without --json, results go to standard
// output and errors to standard error, each after the number of its line,
// so that a pipe (uri resolve ... | uri normalize) never reads an error as
// data; with --json, every input, errors included, is one object on
// standard output. Either way the exit status is 1.
func TestTextErrorsOnStandardError(t *testing.T) {
	tests := []struct {
		args      []string
		good, bad string
	}{
		{[]string{"parse"}, "http://a/", "a b"},
		{[]string{"parse", "--grammar", "rfc1738"}, "http://a/", "http://u@h/"},
		{[]string{"parse", "--grammar", "whatwg"}, "http://a/", "x"},
		{[]string{"resolve", "--base", "http://a/b"}, "g", "a b"},
		{[]string{"resolve", "--grammar", "whatwg", "--base", "http://a/b"}, "g", "http://[::1"},
		{[]string{"relativize", "--base", "http://a/b"}, "http://a/c", "a b"},
		{[]string{"normalize"}, "HTTP://a", "a b"},
		{[]string{"equal"}, "a\ta", "a b\ta"},
		{[]string{"escape", "--component", "path"}, "a b", "a\x01b"},
		{[]string{"unescape"}, "a%20b", "%zz"},
		{[]string{"iri-to-uri"}, "/é", "a b"},
		{[]string{"uri-to-iri"}, "/%C3%A9", "a b"},
		{[]string{"file-path", "--os", "posix"}, "file:///a", "file://h/a"},
		{[]string{"file-uri", "--os", "posix"}, "/a", "a"},
		{[]string{"guard"}, "http://example.com/", "http://127.0.0.1/"},
		{[]string{"canon", "--profile", "safebrowsing"}, "http://a/", "mailto:a"},
		{[]string{"data"}, "data:,x", "data:x"},
	}
	for _, tt := range tests {
		_, goodOut, _ := runCmd(t, tt.good+"\n", tt.args...)
		code, out, errOut := runCmd(t, tt.good+"\n"+tt.bad+"\n"+tt.good+"\n", tt.args...)
		if code != exitInvalid || out != goodOut+goodOut || strings.Count(errOut, "\n") != 1 || !strings.HasPrefix(errOut, "uri: line 2") {
			t.Errorf("uri %q < %q: exit %d, stdout %q, stderr %q; want exit 1, stdout %q twice, one error for line 2 on stderr",
				tt.args, tt.bad, code, out, errOut, goodOut)
		}
		code, out, errOut = runCmd(t, tt.good+"\n"+tt.bad+"\n"+tt.good+"\n", append(tt.args, "--json")...)
		if code != exitInvalid || strings.Count(out, "\n") != 3 || strings.Count(out, `"ok":false`) != 1 || errOut != "" {
			t.Errorf("uri %q --json < %q: exit %d, stdout %q, stderr %q; want exit 1, three objects, nothing on stderr",
				tt.args, tt.bad, code, out, errOut)
		}
	}
}

// jsonKeys returns the members of a JSON object, in order, without
// "input_hex", and the value of "offset" (-1 when absent or not a number).
func jsonKeys(t *testing.T, line string) ([]string, int) {
	t.Helper()
	var members map[string]any
	if err := json.Unmarshal([]byte(line), &members); err != nil {
		t.Fatalf("%q: %v", line, err)
	}
	dec := json.NewDecoder(strings.NewReader(line))
	dec.UseNumber()
	var keys []string
	if _, err := dec.Token(); err != nil { // {
		t.Fatal(err)
	}
	for dec.More() {
		tok, err := dec.Token()
		if err != nil {
			t.Fatal(err)
		}
		var skip json.RawMessage
		if err := dec.Decode(&skip); err != nil {
			t.Fatal(err)
		}
		if k := tok.(string); k != "input_hex" {
			keys = append(keys, k)
		}
	}
	off, ok := members["offset"].(float64)
	if !ok {
		return keys, -1
	}
	return keys, int(off)
}

// TestJSONErrorShape: every error object of a command has the same
// members, in the same order, whatever failed (the library on an operand
// or a line, or the line itself: a control character), and each gives the
// byte offset in the input at which it was found.
func TestJSONErrorShape(t *testing.T) {
	plain := []string{"input", "ok", "error", "offset"}
	based := []string{"input", "base", "ok", "error", "offset"}
	type bad struct {
		in  string
		off int
	}
	tests := []struct {
		args []string
		keys []string
		bad  []bad // failing inputs, as operands and as lines
	}{
		{[]string{"parse"}, plain, []bad{{"a b", 1}, {"%zz", 1}, {"/\xff", 1}}},
		{[]string{"parse", "--zone"}, plain, []bad{{"http://[::1%25]/", 14}}},
		{[]string{"parse", "--grammar", "rfc1738"}, plain, []bad{{"http://u@h/", 8}}},
		{[]string{"parse", "--grammar", "whatwg"}, plain, []bad{{"x", 0}, {"http://[::1", 11}}},
		{[]string{"parse", "--grammar", "whatwg", "--base", "http://a/"}, plain, []bad{{"http://h:x/", 9}}},
		{[]string{"resolve", "--base", "http://a/b"}, based, []bad{{"a b", 1}, {"g\xff", 1}}},
		{[]string{"resolve", "--grammar", "rfc1808", "--base", "http://a/b"}, based, []bad{{"~g", 0}}},
		{[]string{"resolve", "--grammar", "whatwg", "--base", "http://a/b"}, based, []bad{{"http://h:x/", 9}, {"\thttp://h:\tx/", 11}}},
		{[]string{"relativize", "--base", "http://a/b"}, based, []bad{{"g", 1}, {"http://a b", 8}}},
		{[]string{"normalize"}, plain, []bad{{"a b", 1}}},
		{[]string{"normalize", "--syntax"}, plain, []bad{{"%", 1}}},
		{[]string{"equal"}, plain, []bad{{"a b\tc", 1}, {"a\tb c", 3}}},
		{[]string{"equal", "--grammar", "rfc2616"}, plain, []bad{{"http://u@h/\thttp://h/", 8}}},
		{[]string{"escape", "--component", "path"}, plain, nil},
		{[]string{"unescape"}, plain, []bad{{"a%zz", 2}}},
		{[]string{"unescape", "--utf8"}, plain, []bad{{"%C3", 3}}},
		{[]string{"iri-to-uri"}, plain, []bad{{"a b", 1}}},
		{[]string{"uri-to-iri"}, plain, []bad{{"a b", 1}}},
		{[]string{"file-path", "--os", "posix"}, plain, []bad{{"file://h/a", 7}}},
		{[]string{"file-uri", "--os", "windows"}, plain, []bad{{"a", 0}}},
		{[]string{"readings"}, plain, nil},
		{[]string{"edit", "--set", "fragment=x"}, plain, []bad{{"a b", 1}}},
		{[]string{"edit", "--grammar", "whatwg", "--set", "hash=x"}, plain, []bad{{"x", 0}}},
		// guard adds its rule; its offset is null but for the URL
		// Standard's parse errors.
		{[]string{"guard"}, []string{"input", "ok", "error", "rule", "offset"}, []bad{{"http://[::1%25lo]/", 11}, {"http://127.0.0.1/", -1}}},
		// canon: the URL Standard's offset, or the Safe Browsing steps';
		// null where the steps rewrote the text before the fault.
		{[]string{"canon"}, plain, []bad{{"http://[::1", 11}}},
		{[]string{"canon", "--profile", "safebrowsing"}, plain, []bad{{"mailto:a", 7}, {"http://%61:8x/", -1}}},
		{[]string{"target", "--host", "h"}, plain, []bad{{"/a b", 2}, {"*", 0}, {"http://h/#f", 9}}},
		{[]string{"target", "--method", "CONNECT"}, plain, []bad{{"h", 1}, {"[12345::1]:443", 5}}},
		// redirect adds its rule, as guard does; its offset is the byte at
		// fault, or null.
		{[]string{"redirect", "--from", "https://a/"}, []string{"input", "ok", "error", "rule", "offset"}, []bad{{"https://[::1", 12}, {"//x", -1}}},
		{[]string{"redirect", "--local"}, []string{"input", "ok", "error", "rule", "offset"}, []bad{{"//x", 1}, {"x", 0}}},
		// data: the URL Standard's offset, or the processor's.
		{[]string{"data"}, plain, []bad{{"x", 0}, {"data:;base64,A!", 14}, {"data:text", 9}}},
		{[]string{"data", "--max", "2"}, plain, []bad{{"data:,abc", 8}}},
		// site: the URL Standard's offset; a URL without a site has none.
		{[]string{"site"}, plain, []bad{{"x", 0}, {"http://127.0.0.1/", -1}, {"http://[::1", 11}}},
		// display: the URL Standard's offset.
		{[]string{"display"}, plain, []bad{{"x", 0}, {"http://[::1", 11}}},
		{[]string{"display", "--profile", "firefox"}, plain, []bad{{"http://a b/", 8}}},
		// robots: the URL Standard's offset, or where a host was wanted.
		{[]string{"robots", "--agent", "x", "--status", "404"}, plain, []bad{{"x", 0}, {"mailto:a", 7}, {"http://[::1", 11}}},
		{[]string{"robots", "--agent", "x", "--file", "testdata/robots.txt"}, plain, []bad{{"file:///robots.txt", 7}}},
	}
	tested := map[string]bool{}
	for _, tt := range tests {
		tested[tt.args[0]] = true
		args := append(append([]string{}, tt.args...), "--json")
		check := func(how string, in string, out string, off int) {
			t.Helper()
			if strings.Count(out, "\n") != 1 {
				t.Errorf("uri %q %s %q: %d lines, want 1: %q", args, how, in, strings.Count(out, "\n"), out)
				return
			}
			keys, got := jsonKeys(t, out)
			if !cmp.Equal(tt.keys, keys) || got != off {
				t.Errorf("uri %q %s %q:\n%s\nwant the members %q, offset %d", args, how, in, out, tt.keys, off)
			}
		}
		for _, b := range tt.bad {
			ops := []string{b.in}
			if tt.args[0] == "equal" {
				a, c, _ := strings.Cut(b.in, "\t")
				ops = []string{a, c}
			}
			_, out, _ := runCmd(t, "", append(append(args, "--"), ops...)...)
			check("with the operands", b.in, out, b.off)
			_, out, _ = runCmd(t, b.in+"\n", args...)
			check("on standard input", b.in, out, b.off)
		}
		// A line that is no input: its control character, at byte 3
		// (but to the URL Standard, to guard, canon and readings, a line
		// is an input whatever it holds).
		if whole := map[string]bool{"guard": true, "canon": true, "readings": true, "redirect": true, "data": true, "site": true, "robots": true, "display": true}; !strings.Contains(strings.Join(tt.args, " "), "whatwg") && !whole[tt.args[0]] {
			_, out, _ := runCmd(t, "a/b\x01c\n", args...)
			check("on standard input", "a/b\x01c", out, 3)
		}
	}
	// uri extract has no input that fails: every text is searched, and
	// a file it cannot read is an error line of standard error
	// (TestExtract).
	tested["extract"] = true
	for _, c := range commands() {
		if !tested[c.name] {
			t.Errorf("uri %s is not in TestJSONErrorShape", c.name)
		}
	}
}

// TestLongLineShowsItsBeginning: the error of a line over the limit shows
// the line's beginning, in text mode too, quoted so that its control and
// bidirectional formatting characters are escaped; the JSON input is the
// beginning cut at a whole character.
func TestLongLineShowsItsBeginning(t *testing.T) {
	if oracle.Short() {
		t.Skip("allocates tens of megabytes, with -short and under the race detector")
	}
	long := "\x1b[2J\u202e" + strings.Repeat("é", maxLine/2)
	// 80 bytes, less the half of an "é": the 7 of the escapes, 36 "é".
	wantErr := `uri: line 2: line longer than 16777216 bytes at offset 16777216 of "\x1b[2J\u202e` + strings.Repeat("é", 36) + `..."` + "\n"
	code, out, errOut := runCmd(t, "a\n"+long+"\nb\n", "normalize")
	if code != exitInvalid || out != "a\nb\n" || errOut != wantErr {
		t.Errorf("uri normalize < long line: exit %d, stdout %q, stderr %q; want 1, %q, %q", code, out, errOut, "a\nb\n", wantErr)
	}
	code, out, _ = runCmd(t, long+"\n", "normalize", "--json")
	var row struct {
		Input, InputHex, Error string
		Offset                 int
	}
	if err := json.Unmarshal([]byte(out), &row); err != nil {
		t.Fatalf("uri normalize --json < long line: %v: %.300q", err, out)
	}
	wantInput := "\x1b[2J\u202e" + strings.Repeat("é", (keepOfLongLine-7)/2)
	if code != exitInvalid || row.Input != wantInput || row.InputHex != "" || row.Error != strings.Replace(strings.TrimSuffix(wantErr, "\n"), "line 2: ", "", 1) || row.Offset != maxLine {
		t.Errorf("uri normalize --json < long line: exit %d, %+v; want input %q and error %q", code, row, wantInput, wantErr)
	}
}

// TestErrorLineIsTheMessage: in text mode, the error of an input is the
// library's message with "uri: operand N: " in place of "uri: ", for every
// package that reads text; the command cuts nothing out of a message (its
// JSON holds the message whole). A refusal of guard keeps its own
// "guard: refused" after the label.
func TestErrorLineIsTheMessage(t *testing.T) {
	tests := []struct {
		args []string
		in   string
	}{
		// template match counts its TEMPLATE as operand 1.
		{[]string{"parse"}, "http://a/b c"},
		{[]string{"parse", "--grammar", "rfc2396"}, "a b"},
		{[]string{"parse", "--grammar", "whatwg"}, "https://example.org:7z"},
		{[]string{"resolve", "--base", "http://a/"}, "g h"},
		{[]string{"resolve", "--grammar", "whatwg", "--base", "http://a/"}, "http://[::1"},
		{[]string{"normalize"}, "%zz"},
		{[]string{"unescape"}, "%zz"},
		{[]string{"template", "expand"}, "{/x"},
		{[]string{"template", "match", "/a/{x}"}, "/b/1"},
		{[]string{"canon", "--profile", "safebrowsing"}, "mailto:x"},
		{[]string{"canon", "--profile", "semantic"}, "http://a b/"},
		{[]string{"guard"}, "http://[::1%25lo]/"},
		{[]string{"edit", "--grammar", "whatwg", "--strict", "--set", "port=1"}, "file:///x"},
	}
	for _, tt := range tests {
		args := append(append([]string{}, tt.args...), "--", tt.in)
		_, _, text := runCmd(t, "", args...)
		_, out, _ := runCmd(t, "", append(append([]string{}, tt.args...), "--json", "--", tt.in)...)
		var obj struct{ Error string }
		if err := json.Unmarshal([]byte(out), &obj); err != nil || obj.Error == "" {
			t.Errorf("uri %q --json = %q: no error member (%v)", tt.args, out, err)
			continue
		}
		label := "uri: operand 1: "
		if tt.args[0] == "template" && tt.args[1] == "match" {
			label = "uri: operand 2: "
		}
		want := label + strings.TrimPrefix(obj.Error, "uri: ") + "\n"
		if text != want {
			t.Errorf("uri %q %q: standard error\n%q\nwant the JSON error after the label\n%q", tt.args, tt.in, text, want)
		}
	}
}

// TestLineErrors: the error of a line that is no input (a control
// character, a line over the limit) is worded as every other error: what,
// at which offset, of the input quoted; text mode puts the line's label
// before it, and the JSON object's "error" has no "line N:", since the
// object is the line's own.
func TestLineErrors(t *testing.T) {
	tests := []struct {
		why        string
		args       []string
		stdin      string
		text, json string
	}{
		{"a control character", []string{"parse"}, "ok\na\x01b\n",
			`uri: line 2: control character U+0001 at offset 1 of "a\x01b"`,
			`uri: control character U+0001 at offset 1 of "a\x01b"`},
		{"a C1 control, quoted as Go quotes it", []string{"normalize"}, "/\u009b31m\n",
			`uri: line 1: control character U+009B at offset 1 of "/\u009b31m"`,
			`uri: control character U+009B at offset 1 of "/\u009b31m"`},
		{"in the second reference of a pair", []string{"equal"}, "a\tb\x7f\n",
			`uri: line 1: control character U+007F at offset 3 of "a\tb\x7f"`,
			`uri: control character U+007F at offset 3 of "a\tb\x7f"`},
	}
	for _, tt := range tests {
		_, _, errOut := runCmd(t, tt.stdin, tt.args...)
		if errOut != tt.text+"\n" {
			t.Errorf("%s: uri %q < %q: stderr %q, want %q", tt.why, tt.args, tt.stdin, errOut, tt.text+"\n")
		}
		_, out, _ := runCmd(t, tt.stdin, append(tt.args, "--json")...)
		lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
		var obj struct{ Error string }
		if err := json.Unmarshal([]byte(lines[len(lines)-1]), &obj); err != nil || obj.Error != tt.json {
			t.Errorf("%s: uri %q --json < %q: %s; want the error %q (%v)", tt.why, tt.args, tt.stdin, out, tt.json, err)
		}
	}
}

// commandText returns a JSON line of the module's testdata, which holds
// the library's messages, as the command of args prints it: with the hint
// of commandHint, and with the operation of uri file-uri named so, where
// the library's FromFilePath says "file-path".
func commandText(args []string, line string) string {
	if len(args) > 0 && args[0] == "file-uri" {
		line = strings.Replace(line, `"error":"uri: file-path: `, `"error":"uri: file-uri: `, 1)
	}
	return commandHint(line)
}

// commandHint returns a JSON line of the module's testdata, which holds
// the library's messages, with the error as the command words it: after
// the message of a character that is valid in an IRI, the command names
// uri iri-to-uri (see uriReason).
func commandHint(line string) string {
	i := strings.Index(line, " (valid in an IRI)")
	if i < 0 {
		return line
	}
	j := strings.Index(line[i:], `","offset"`)
	if j < 0 {
		return line
	}
	return line[:i+j] + "; uri iri-to-uri converts it" + line[i+j:]
}

// TestErrorsNameCommands: a message of the command names the command that
// the user ran and the commands to run, not the library's operation or Go
// functions: uri equal's errors say "equal" (it normalizes with
// uri.Normalize), uri file-uri's "file-uri" (uri.FromFilePath is named
// "file-path", the other command), and a character that an IRI allows
// points to uri iri-to-uri, in text and in JSON.
func TestErrorsNameCommands(t *testing.T) {
	tests := []struct {
		args []string
		want string // the reason, after "uri: operand N: " or "uri: "
	}{
		{[]string{"equal", "a b", "c"}, `equal: invalid character " " in path at offset 1 of "a b"`},
		{[]string{"equal", "--grammar", "rfc2616", "http://h/", "http://u@h/"}, `equal: `},
		{[]string{"file-uri", "--os", "posix", "a"}, `file-uri: not an absolute path in path at offset 0 of "a"`},
		{[]string{"file-uri", "--os", "windows", `C:\a\..\b`}, `file-uri: "." or ".." segment`},
		{[]string{"file-path", "--os", "posix", "file://h/a"}, `file-path: host that the path style cannot name`},
		{[]string{"parse", "http://h/é"}, `invalid character "é" (valid in an IRI) in path at offset 9 of "http://h/é"; uri iri-to-uri converts it`},
		{[]string{"normalize", "http://é/"}, `normalize: invalid character "é" (valid in an IRI) in authority at offset 7 of "http://é/"; uri iri-to-uri converts it`},
		{[]string{"resolve", "--base", "http://a/", "/é"}, `resolve: invalid character "é" (valid in an IRI) in path at offset 1 of "/é"; uri iri-to-uri converts it`},
		{[]string{"equal", "http://h/é", "x"}, `equal: invalid character "é" (valid in an IRI) in path at offset 9 of "http://h/é"; uri iri-to-uri converts it`},
		{[]string{"readings", "--json", "http://h/é"}, `invalid character "é" (valid in an IRI) in path at offset 9 of "http://h/é"; uri iri-to-uri converts it`},
	}
	for _, tt := range tests {
		_, out, errOut := runCmd(t, "", tt.args...)
		if tt.args[0] == "readings" {
			var obj struct {
				RFC3986Error string `json:"rfc3986_error"`
			}
			if err := json.Unmarshal([]byte(out), &obj); err != nil || obj.RFC3986Error != "uri: "+tt.want {
				t.Errorf("uri %q: %s; want rfc3986_error %q", tt.args, out, "uri: "+tt.want)
			}
			continue
		}
		if !strings.Contains(errOut, tt.want) || strings.Contains(errOut, "ParseIRI") || strings.Contains(errOut, "FromFilePath") {
			t.Errorf("uri %q: stdout %q, stderr %q; want %q", tt.args, out, errOut, tt.want)
		}
		_, out, _ = runCmd(t, "", append(tt.args, "--json")...)
		var obj struct{ Error string }
		if err := json.Unmarshal([]byte(out), &obj); err != nil || !strings.HasPrefix(obj.Error, "uri: "+tt.want) {
			t.Errorf("uri %q --json: %s; want the error %q", tt.args, out, "uri: "+tt.want)
		}
	}
}
