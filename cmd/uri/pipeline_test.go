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
		"robots":          {"robots", "--agent", "x", "--status", "404"},
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
