package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"strings"
	"testing"
	"time"

	"github.com/gouri/uri/internal/oracle"
)

// allCommands returns every command, those of the groups included
// ("template expand").
func allCommands() []*command {
	all := commands()
	for _, g := range groups() {
		all = append(all, g.subs...)
	}
	return all
}

// TestHelpFooterAgrees: what the help of every command says of a control
// character in a line of standard input is what the command does with
// one. A line with U+0001 is fed to each, in JSON mode: the strict
// readings make it the line's error, at its byte; those that read a line as
// browsers do take it as an input (which may fail for other reasons).
func TestHelpFooterAgrees(t *testing.T) {
	args := map[string][]string{
		"parse":           {"parse"},
		"resolve":         {"resolve", "--base", "http://a/"},
		"relativize":      {"relativize", "--base", "http://a/"},
		"normalize":       {"normalize"},
		"equal":           {"equal"},
		"edit":            {"edit", "--set", "fragment=x"},
		"escape":          {"escape", "--component", "path"},
		"unescape":        {"unescape"},
		"iri-to-uri":      {"iri-to-uri"},
		"uri-to-iri":      {"uri-to-iri"},
		"file-path":       {"file-path", "--os", "posix"},
		"file-uri":        {"file-uri", "--os", "posix"},
		"readings":        {"readings"},
		"guard":           {"guard"},
		"canon":           {"canon"},
		"target":          {"target", "--host", "h"},
		"redirect":        {"redirect", "--from", "https://a/"},
		"data":            {"data"},
		"site":            {"site"},
		"display":         {"display"},
		"robots":          {"robots", "--agent", "x", "--status", "404"},
		"extract":         {"extract"},
		"template expand": {"template", "expand"},
		"template match":  {"template", "match", "/{x}"},
		"pattern exec":    {"pattern", "exec", "--base", "https://h/", "/*"},
		"pattern test":    {"pattern", "test", "--base", "https://h/", "/*"},
	}
	// controlError reports whether uri args, given a line with U+0001 at
	// byte 3, makes it the error of a line with a control character.
	controlError := func(args []string) bool {
		t.Helper()
		line := "/a/\x01b"
		if args[0] == "equal" {
			line = "/a/\x01b\t/a"
		}
		_, out, _ := runCmd(t, line+"\n", append(args, "--json")...)
		var obj struct {
			Error  string
			Offset *int
		}
		if err := json.Unmarshal([]byte(out), &obj); err != nil {
			t.Fatalf("uri %q --json: %q: %v", args, out, err)
		}
		return strings.Contains(obj.Error, "control character U+0001 at offset 3") && obj.Offset != nil && *obj.Offset == 3
	}
	oneLine := func(s string) string { return strings.Join(strings.Fields(s), " ") }
	for _, c := range allCommands() {
		a, ok := args[c.name]
		if !ok {
			t.Errorf("uri %s is not in the table of TestHelpFooterAgrees", c.name)
			continue
		}
		var help bytes.Buffer
		fs, _, _ := c.flagSet(&help)
		fs.Usage()
		text := oneLine(help.String())
		if c.lines == textFiles {
			// Its operands are files, read whole (TestExtract).
			if !strings.Contains(text, "The operands are files of text") {
				t.Errorf("uri help %s does not say that its operands are files:\n%s", c.name, help.String())
			}
			continue
		}
		strict := strings.Contains(text, "any other control character makes the line an error")
		exceptWHATWG := strings.Contains(text, "except with --grammar whatwg, where the rest of the line is the input as it is")
		whole := strings.Contains(text, "the rest of the line is the input as it is, control characters included")
		if strict == (whole && !exceptWHATWG) {
			t.Errorf("uri help %s says neither or both of how a line is read:\n%s", c.name, help.String())
			continue
		}
		if got := controlError(a); got != strict {
			t.Errorf("uri help %s says a control character makes the line an error: %v; uri %q does: %v", c.name, strict, a, got)
		}
		if exceptWHATWG {
			w := append(append([]string{}, a...), "--grammar", "whatwg")
			if controlError(w) {
				t.Errorf("uri help %s says --grammar whatwg reads a line as it is; uri %q makes a control character an error", c.name, w)
			}
		}
	}
}

// countingWriter counts the calls of Write.
type countingWriter struct {
	bytes.Buffer
	writes int
}

func (w *countingWriter) Write(p []byte) (int, error) {
	w.writes++
	return w.Buffer.Write(p)
}

// TestBufferedOutput: a pipeline of many lines costs a few writes, not one
// a line, whatever the command and whether it prints text or JSON; the
// output is the same as line by line. Errors, which go to standard error,
// still come in the order of the inputs.
func TestBufferedOutput(t *testing.T) {
	const n = 2000
	var in strings.Builder
	for i := range n {
		fmt.Fprintf(&in, "http://h/%d\n", i)
	}
	for _, args := range [][]string{
		{"parse"},
		{"normalize", "--json"},
		{"edit", "--grammar", "whatwg", "--set", "fragment=x"},
		{"canon"},
	} {
		var out countingWriter
		var errOut bytes.Buffer
		code := run(args, strings.NewReader(in.String()), &out, &errOut)
		if code != exitOK || strings.Count(out.String(), "\n") != n {
			t.Fatalf("uri %q < %d lines: exit %d, %d lines, stderr %q", args, n, code, strings.Count(out.String(), "\n"), errOut.String())
		}
		if limit := out.Len()/(64<<10) + 3; out.writes > limit {
			t.Errorf("uri %q < %d lines: %d writes of standard output for %d bytes, want at most %d", args, n, out.writes, out.Len(), limit)
		}
		var ops countingWriter
		if run(append(args, strings.Split(strings.TrimSuffix(in.String(), "\n"), "\n")...), nil, &ops, &errOut); ops.String() != out.String() || ops.writes > 3 {
			t.Errorf("uri %q with %d operands: %d writes, the same output: %v", args, n, ops.writes, ops.String() == out.String())
		}
	}
}

// TestInteractive: the command answers each line before it reads the
// next, so that a program (or a person at a terminal) that writes a line
// and waits for its answer gets it, results and errors alike.
func TestInteractive(t *testing.T) {
	for _, args := range [][]string{{"normalize"}, {"parse", "--json"}, {"site"}, {"parse", "--get", "{host}"}} {
		inR, inW := io.Pipe()
		outR, outW := io.Pipe()
		errR, errW := io.Pipe()
		done := make(chan int)
		go func() {
			code := run(args, inR, outW, errW)
			outW.Close()
			errW.Close()
			done <- code
		}()
		lines := make(chan string)
		for _, r := range []io.Reader{outR, errR} {
			go func() {
				sc := bufio.NewScanner(r)
				for sc.Scan() {
					lines <- sc.Text()
				}
			}()
		}
		for i, line := range []string{"http://a.example.com/", "a b", "HTTP://www.B.example.org:80/x"} {
			go io.WriteString(inW, line+"\n")
			select {
			case got := <-lines:
				if !strings.Contains(strings.ToLower(got), "example") && !strings.Contains(got, "a b") {
					t.Errorf("uri %q, line %d %q: answer %q", args, i+1, line, got)
				}
			case <-time.After(10 * time.Second):
				t.Fatalf("uri %q: no answer to line %d %q before the next line", args, i+1, line)
			}
		}
		inW.Close()
		<-done
	}
}

// TestBadFlag: a flag that is wrong gets a short usage line and the help
// to read, not the whole help, which would push the error off the screen;
// -h still prints the help. The message says what is wrong.
func TestBadFlag(t *testing.T) {
	tests := []struct {
		args []string
		want string
	}{
		{[]string{"parse", "--bogus", "x"},
			"uri parse: flag provided but not defined: -bogus\nusage: uri parse [flags] [REF...]\nRun 'uri help parse' for its flags.\n"},
		{[]string{"resolve", "g", "--base"},
			"uri resolve: flag needs an argument: -base\nusage: uri resolve [flags] --base BASE [REF...]\nRun 'uri help resolve' for its flags.\n"},
		{[]string{"template", "expand", "--nope"},
			"uri template expand: flag provided but not defined: -nope\nusage: uri template expand [flags] [--vars FILE] [TEMPLATE...]\nRun 'uri help template expand' for its flags.\n"},
		{[]string{"edit", "--trim", "path=x", "http://h/"},
			"uri edit: invalid value \"path=x\" for flag -trim: --trim takes query=NAME or query=PREFIX*, not path\nusage: uri edit [flags] [EDIT...] [URL...]\nRun 'uri help edit' for its flags.\n"},
		{[]string{"edit", "--append", "host=x", "http://h/"},
			"uri edit: invalid value \"host=x\" for flag -append: --append takes path=SEGMENT, query=NAME=VALUE or query:=NAME=VALUE, not host\nusage: uri edit [flags] [EDIT...] [URL...]\nRun 'uri help edit' for its flags.\n"},
	}
	for _, tt := range tests {
		code, out, errOut := runCmd(t, "", tt.args...)
		if code != exitUsage || out != "" || errOut != tt.want {
			t.Errorf("uri %q = %d, stdout %q, stderr\n%s\nwant 2 and\n%s", tt.args, code, out, errOut, tt.want)
		}
	}
	_, _, help := runCmd(t, "", "edit", "-h")
	if _, want, _ := runCmd(t, "", "help", "edit"); help != want || !strings.Contains(help, "--sort-query") {
		t.Errorf("uri edit -h printed %q, want the help", help)
	}
}

// TestParamsJSON: "params" of uri parse --json lists the query's pairs as
// trurl's JSON does, {"key":S,"value":S} in order, decoded: repeated names
// each time, empty values, a name without "=" with an empty value, empty
// pieces skipped; [] for a query without pairs and null for none, which
// "query" tells apart the same way. Both grammars, each by its own reading
// of the pairs.
func TestParamsJSON(t *testing.T) {
	tests := []struct {
		why     string
		grammar string
		in      string
		want    string // the value of "params"
	}{
		{"repeated names, in order", "", "http://h/?a=1&b=2&a=3", `[{"key":"a","value":"1"},{"key":"b","value":"2"},{"key":"a","value":"3"}]`},
		{"empty values, a name without \"=\", an empty name", "", "http://h/?a=&b&=c", `[{"key":"a","value":""},{"key":"b","value":""},{"key":"","value":"c"}]`},
		{"empty pieces are skipped", "", "http://h/?&a=1&&", `[{"key":"a","value":"1"}]`},
		{"no query: null", "", "http://h/p", `null`},
		{"an empty query: []", "", "http://h/p?", `[]`},
		{"a query of empty pieces: []", "", "http://h/p?&&", `[]`},
		{"names and values decoded, \"+\" a space, the first \"=\" splits", "", "http://h/?a%26b=%3D+1=2&c+d=%2B", `[{"key":"a&b","value":"= 1=2"},{"key":"c d","value":"+"}]`},
		{"a decoded control or byte that is no UTF-8 is escaped, as JSON writes it", "", "http://h/?a=%00%1B&b=%FF", `[{"key":"a","value":"\u0000\u001b"},{"key":"b","value":"\ufffd"}]`},
		{"a relative reference has its query's pairs", "", "?q=1", `[{"key":"q","value":"1"}]`},
		{"the URL Standard: repeated names, empty values", "whatwg", "http://h/?a=1&b&a=", `[{"key":"a","value":"1"},{"key":"b","value":""},{"key":"a","value":""}]`},
		{"the URL Standard: no query", "whatwg", "http://h/p", `null`},
		{"the URL Standard: an empty query", "whatwg", "http://h/p?", `[]`},
		{"the URL Standard: decoded as UTF-8, each bad sequence one U+FFFD", "whatwg", "http://h/?%C3%A9=%E2%82&x=a+b", `[{"key":"é","value":"` + "\ufffd" + `"},{"key":"x","value":"a b"}]`},
	}
	for _, tt := range tests {
		args := []string{"parse", "--json"}
		if tt.grammar != "" {
			args = append(args, "--grammar", tt.grammar)
		}
		_, out, _ := runCmd(t, "", append(args, "--", tt.in)...)
		_, params, ok := strings.Cut(out, `,"params":`)
		params = strings.TrimSuffix(params, "}\n")
		if !ok || params != tt.want || !json.Valid([]byte(out)) {
			t.Errorf("%s: uri %q %q: params %s, want %s (output %s)", tt.why, args, tt.in, params, tt.want, out)
		}
	}
}

// TestStreamEdges: the pipeline's new forms on the inputs every command
// must take: an empty standard input, a long line, bytes that are not
// UTF-8.
func TestStreamEdges(t *testing.T) {
	long := "http://h/" + strings.Repeat("%41b", 300_000) + "?q=" + strings.Repeat("%E2%80%AE", 100_000) + "&q=2"
	tests := []cmdCase{
		{"empty standard input, --get", []string{"parse", "--get", "{query-all:q}"}, "", 0, "", ""},
		{"empty standard input, --json", []string{"parse", "--grammar", "whatwg", "--json"}, "", 0, "", ""},
		{"a long line, {query-all:NAME}: each U+202E escaped",
			[]string{"parse", "--get", "{query-all:q}"}, long + "\n", 0, strings.Repeat(`\u202e`, 100_000) + " 2\n", ""},
		{"a long line, {decoded:path}", []string{"parse", "--get", "{decoded:path}"}, long + "\n", 0, "/" + strings.Repeat("Ab", 300_000) + "\n", ""},
		{"bytes that are not UTF-8, decoded, escaped in text", []string{"parse", "--get", "{decoded:path}|{query-all:q}"}, "http://h/%FF%C3?q=%FE\n", 0, `/\xff\xc3|\xfe` + "\n", ""},
		{"the URL Standard reads raw bytes that are not UTF-8 as U+FFFD", []string{"parse", "--grammar", "whatwg", "--get", "{decoded:path}"}, "http://h/\xff\n", 0, "/\ufffd\n", ""},
	}
	for _, tt := range tests {
		tt.check(t)
	}
	// JSON keeps the bytes of the input in "input_hex", and writes a
	// decoded byte that is not UTF-8 as U+FFFD.
	_, out, _ := runCmd(t, "http://h/\xff?a=%FF\n", "parse", "--json", "--grammar", "whatwg", "--get", "{decoded:query:a}")
	want := `{"input":"http://h/\ufffd?a=%FF","input_hex":"687474703a2f2f682fff3f613d254646","ok":true,"href":"http://h/%EF%BF%BD?a=%FF","protocol":"http:","username":"","password":"","host":"h","hostname":"h","port":"","pathname":"/%EF%BF%BD","search":"?a=%FF","hash":"","origin":"http://h","site":null,"params":[{"key":"a","value":"` + "\ufffd" + `"}],"get":"` + "\ufffd" + `"}` + "\n"
	if out != want {
		t.Errorf("uri parse --json --grammar whatwg of bytes that are not UTF-8:\n%s\nwant\n%s", out, want)
	}
	// A long line in JSON: one object, valid.
	_, out, _ = runCmd(t, long+"\n", "parse", "--json", "--get", "{query:q}")
	var obj struct {
		Params []struct{ Key, Value string }
		Get    string
	}
	if err := json.Unmarshal([]byte(out), &obj); err != nil || len(obj.Params) != 2 || obj.Get != strings.Repeat("\u202e", 100_000) {
		t.Errorf("uri parse --json of a line of %d bytes: %v, %d params, get of %d bytes", len(long), err, len(obj.Params), len(obj.Get))
	}
}

// TestAllocsPerLine: the commands of a shell pipeline allocate nothing per
// line of valid input, text or JSON, but what the column says: the
// difference between runs over 2N and N lines, per line.
func TestAllocsPerLine(t *testing.T) {
	if oracle.Short() {
		t.Skip("counts allocations, which the race detector adds to")
	}
	lines := []string{"https://www.example.com/a/b?q=1&r=a+b#f", "http://user@example.org:8080/p%20q", "https://sub.example.co.uk/", "ftp://ftp.example.net/pub/file.txt"}
	// The URL Standard's JSON lists the pairs of url.searchParams, which
	// allocates its list for two pairs or more and its text when a pair
	// needs decoding, and "origin" is a new string when there are
	// credentials: these lines have neither.
	plain := []string{"https://www.example.com/a/b?q=1#f", "http://example.org:8080/p%20q", "https://sub.example.co.uk/", "ftp://ftp.example.net/pub/file.txt"}
	tests := []struct {
		args   []string
		lines  []string
		allocs float64
	}{
		{[]string{"canon"}, lines, 0},
		{[]string{"parse"}, lines, 0},
		{[]string{"parse", "--json"}, lines, 0},
		{[]string{"parse", "--get", "{host}"}, lines, 0},
		{[]string{"parse", "--get", "{hostname}\t{query-all:q}\t{decoded:path}\t{:query:r}"}, lines, 0},
		{[]string{"parse", "--grammar", "whatwg"}, lines, 0},
		{[]string{"parse", "--grammar", "whatwg", "--get", "{host}"}, lines, 0},
		// "site": the lines share their hosts, whose sites the command
		// looks up once (golang.org/x/net/publicsuffix allocates the
		// error of reading each name as an address first; the cache
		// copies the host into a slot of its own).
		{[]string{"parse", "--grammar", "whatwg", "--json"}, plain, 0},
		{[]string{"site"}, lines, 0},
		// The new href, which the hash setter writes in one piece.
		{[]string{"edit", "--grammar", "whatwg", "--set", "fragment=top"}, lines, 1},
	}
	const n = 500
	for _, tt := range tests {
		count := func(k int) float64 {
			in := strings.Repeat(strings.Join(tt.lines, "\n")+"\n", k*n/len(tt.lines))
			return testing.AllocsPerRun(3, func() { run(tt.args, strings.NewReader(in), io.Discard, io.Discard) })
		}
		if got := (count(2) - count(1)) / n; got > tt.allocs+0.01 {
			t.Errorf("uri %q: %.2f allocations per line, want %v", tt.args, got, tt.allocs)
		}
	}
}
