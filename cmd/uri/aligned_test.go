package main

import (
	"bufio"
	"encoding/hex"
	"encoding/json"
	"io"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"
	"unicode/utf8"
)

// stageArgs are the commands of TestAlignedStreams: every command, with
// the flags it needs to read lines of standard input (and a few readings
// more), under the name of the command it runs.
var stageArgs = []struct {
	name string
	args []string
}{
	{"parse", []string{"parse"}},
	{"parse", []string{"parse", "--grammar", "whatwg"}},
	{"parse", []string{"parse", "--grammar", "rfc2396"}},
	{"parse", []string{"parse", "--get", "{host}\t{decoded:path}\t{query:q}"}},
	{"parse", []string{"parse", "--grammar", "whatwg", "--get", "{hostname}\t{pathname}"}},
	{"resolve", []string{"resolve", "--base", "http://a/b/c"}},
	{"resolve", []string{"resolve", "--grammar", "whatwg", "--base", "http://a/b/c"}},
	{"relativize", []string{"relativize", "--base", "http://h.example.com/"}},
	{"normalize", []string{"normalize"}},
	{"equal", []string{"equal"}},
	{"edit", []string{"edit", "--set", "fragment=x", "--append", "query=k=v"}},
	{"edit", []string{"edit", "--grammar", "whatwg", "--set", "search=?s"}},
	{"escape", []string{"escape", "--component", "path"}},
	{"unescape", []string{"unescape"}},
	{"iri-to-uri", []string{"iri-to-uri"}},
	{"uri-to-iri", []string{"uri-to-iri"}},
	{"display", []string{"display"}},
	{"file-path", []string{"file-path", "--os", "posix"}},
	{"file-uri", []string{"file-uri", "--os", "posix"}},
	{"readings", []string{"readings"}},
	{"guard", []string{"guard"}},
	{"canon", []string{"canon"}},
	{"canon", []string{"canon", "--surt", "--base", "http://h.example.com/x/"}},
	{"site", []string{"site"}},
	{"target", []string{"target", "--host", "h.example.com"}},
	{"redirect", []string{"redirect", "--from", "https://h.example.com/"}},
	{"data", []string{"data"}},
	{"robots", []string{"robots", "--agent", "x", "--status", "404"}},
	{"extract", []string{"extract", "--relaxed"}},
	{"template expand", []string{"template", "expand"}},
	{"template match", []string{"template", "match", "{+p}{?q}"}},
	{"pattern exec", []string{"pattern", "exec", "--base", "https://h/", "/*"}},
	{"pattern test", []string{"pattern", "test", "--base", "https://h/", "/*"}},
}

// markerRE finds the number that each line of stageInput carries, "z17z".
var markerRE = regexp.MustCompile(`z([0-9]+)z`)

// stageInput returns n lines (and the line feeds that end them) of every
// kind that an engine may pipe through the command, the number of each
// line (from 1) in it as "zNz" where the kind has room for it: URLs,
// paths, pairs, templates, text with URLs in it; blank lines, CRLF
// endings, a CR inside a line, NUL, a bidirectional formatting character,
// bytes that are not UTF-8, backslashes and TSV escapes, and two long
// lines, one longer than the input buffer, which the command reads whole,
// and one longer than the limit of a line, which is an error.
func stageInput(n int) (string, []string) {
	kinds := []string{
		"http://h.example.com/zNz?q=N#f",
		"/zNz/p%20q",
		"data:,zNz",
		"",
		"a b zNz",
		"http://h/\x00zNz",
		"http://h/zNz\rq",
		"https://h/zNz\r",
		"http://h/\u202ezNz",
		"http://h/\xffzNz",
		"https://例子.example/zNz",
		"http://a/zNz\thttp://A/zNz",
		`\N`,
		`http:\\h\zNz\t\x41`,
		"file:///zNz",
		"see https://h.example.com/zNz, www.example.org/zNz and mail a@b.example",
		"\r",
		"HTTP://H.EXAMPLE.COM:80/./zNz/../y?utm_source=a&q=%7e",
	}
	var b strings.Builder
	lines := make([]string, 0, n)
	for i := 1; i <= n; i++ {
		var line string
		switch i {
		case n / 3:
			line = "http://h/zNz/" + strings.Repeat("a", 100_000) // longer than the reader's 64 KiB
		case 2 * n / 3:
			line = "http://h/zNz/" + strings.Repeat("%41", maxLine/3+10) // longer than maxLine
		default:
			line = kinds[i%len(kinds)]
		}
		line = strings.ReplaceAll(line, "N", strconv.Itoa(i))
		if (i%7 == 0 || len(line) > 64<<10) && !strings.HasSuffix(line, "\r") {
			line += "\r" // a Windows line ending, the long lines' too
		}
		b.WriteString(line + "\n")
		lines = append(lines, line)
	}
	return b.String(), lines
}

// TestAlignedStreams: every streaming command keeps one line of output per
// line of input, in order, in each of its modes (--json, --aligned,
// --tsv), over thousands of lines of every kind (see stageInput): line n
// of the output answers line n of the input, as its number in it shows; an
// input that fails has its error on standard error under its number and,
// in text mode, an empty line (or a line of empty fields) on standard
// output; and the inputs that fail are the same in JSON and in text.
func TestAlignedStreams(t *testing.T) {
	const n = 3000
	stdin, lines := stageInput(n)
	covered := map[string]bool{}
	for _, c := range allCommands() {
		covered[c.name] = false
	}
	for _, sa := range stageArgs {
		if _, ok := covered[sa.name]; !ok {
			t.Fatalf("stageArgs: %q is no command", sa.name)
		}
		covered[sa.name] = true
		failed := checkJSONStream(t, sa.args, stdin, lines)
		textFailed, marked := checkTextStream(t, append(slices.Clip(sa.args), "--aligned"), stdin, n)
		if !slices.Equal(failed, textFailed) {
			t.Errorf("uri %q: the inputs that fail in JSON (%d) are not those that fail in text (%d)", sa.args, len(failed), len(textFailed))
		}
		if marked == 0 && !slices.Contains([]string{"site", "data", "pattern test"}, sa.name) {
			t.Errorf("uri %q --aligned: no line of output shows the number of its input", sa.args)
		}
		checkTextStream(t, append(slices.Clip(sa.args), "--tsv"), stdin, n)
	}
	for name, ok := range covered {
		if !ok {
			t.Errorf("uri %s is not in stageArgs: each streaming command keeps its lines", name)
		}
	}
}

// checkJSONStream runs uri args --json --aligned over stdin, whose lines
// are lines, and checks that it prints one JSON object a line, the nth
// for the nth line, and returns the numbers of the lines that failed.
func checkJSONStream(t *testing.T, args []string, stdin string, lines []string) []int {
	t.Helper()
	args = append(slices.Clip(args), "--json", "--aligned")
	var out, errOut strings.Builder
	run(args, strings.NewReader(stdin), &out, &errOut)
	got := strings.Split(strings.TrimSuffix(out.String(), "\n"), "\n")
	if len(got) != len(lines) || errOut.Len() != 0 {
		t.Errorf("uri %q: %d lines for %d inputs, standard error %.200q", args, len(got), len(lines), errOut.String())
		return nil
	}
	var failed []int
	for i, l := range got {
		var obj struct {
			Input    string
			InputHex *string `json:"input_hex"`
			Error    *string
		}
		if err := json.Unmarshal([]byte(l), &obj); err != nil {
			t.Errorf("uri %q, line %d: %v: %.200q", args, i+1, err, l)
			continue
		}
		in := obj.Input
		if obj.InputHex != nil {
			b, _ := hex.DecodeString(*obj.InputHex)
			in = string(b)
		}
		want := strings.TrimSuffix(lines[i], "\r")
		if len(lines[i]) > maxLine {
			want = lines[i][:keepOfLongLine]
		}
		if in != want {
			t.Errorf("uri %q, line %d: the object of input %.80q, want %.80q", args, i+1, in, want)
		}
		if obj.Error != nil {
			failed = append(failed, i+1)
		}
	}
	return failed
}

// checkTextStream runs uri args (--aligned or --tsv) over stdin, n lines,
// and checks that it prints n lines, that each error on standard error
// names its line, whose output is then a line of empty fields, and that
// every number of a line of input that a line of output shows is that
// line's. It returns the numbers of the lines that failed, and how many
// lines showed their number.
func checkTextStream(t *testing.T, args []string, stdin string, n int) ([]int, int) {
	t.Helper()
	var out, errOut strings.Builder
	run(args, strings.NewReader(stdin), &out, &errOut)
	got := strings.Split(strings.TrimSuffix(out.String(), "\n"), "\n")
	if len(got) != n {
		t.Errorf("uri %q: %d lines for %d inputs", args, len(got), n)
		return nil, 0
	}
	tsv := slices.Contains(args, "--tsv")
	fields := -1 // the tabs of each line, which --get FORMAT has
	for i, a := range args {
		if a == "--get" {
			fields = strings.Count(args[i+1], "\t")
		}
	}
	var failed []int
	for _, e := range strings.Split(strings.TrimSuffix(errOut.String(), "\n"), "\n") {
		if e == "" {
			continue
		}
		num, _, ok := strings.Cut(strings.TrimPrefix(e, "uri: line "), ":")
		k, err := strconv.Atoi(num)
		if !ok || err != nil || k < 1 || k > n || len(failed) > 0 && k <= failed[len(failed)-1] {
			t.Errorf("uri %q: error line %.120q names no line after the last", args, e)
			return nil, 0
		}
		failed = append(failed, k)
		if strings.Trim(got[k-1], "\t") != "" {
			t.Errorf("uri %q: line %d failed, and its output is %.80q, not empty", args, k, got[k-1])
		}
	}
	marked := 0
	for i, l := range got {
		if fields >= 0 && strings.Count(l, "\t") != fields || fields < 0 && tsv && strings.Contains(l, "\t") {
			t.Errorf("uri %q, line %d: %.80q has not the fields of every line", args, i+1, l)
		}
		for _, r := range l {
			if r != '\t' && hidden(r) {
				t.Errorf("uri %q, line %d: %.80q holds %U", args, i+1, l, r)
				break
			}
		}
		if tsv && !utf8.ValidString(l) {
			t.Errorf("uri %q, line %d: %.80q is not UTF-8", args, i+1, l)
		}
		for _, m := range markerRE.FindAllStringSubmatch(l, -1) {
			if m[1] != strconv.Itoa(i+1) {
				t.Errorf("uri %q: line %d of the output answers line %s: %.120q", args, i+1, m[1], l)
				return failed, marked
			}
			marked++
		}
	}
	return failed, marked
}

// TestAlignedInStep: with --aligned and --tsv, the answer to each line,
// an empty line for one that fails, is out before the next line is
// written, as an engine that writes a record and waits for its result
// needs.
func TestAlignedInStep(t *testing.T) {
	tests := []struct {
		args  []string
		lines []string // input, then the line that answers it, in turn
	}{
		{[]string{"canon", "--aligned"}, []string{"HTTP://A.example/", "http://a.example/", "http://[::1", "", "https://b.example/x", "https://b.example/x"}},
		{[]string{"parse", "--tsv", "--get", "{host}\t{path}"}, []string{`http://h/a\\b`, "\t", "http://h/a%09", "h\t/a%09", `\N`, "\t"}},
		{[]string{"extract", "--aligned"}, []string{"see www.example.com", "http://www.example.com/", "nothing", "", "a https://a.example/ b http://b.example/", "https://a.example/ http://b.example/"}},
		{[]string{"equal", "--aligned"}, []string{"http://a/\tHTTP://A/", "http://a/ http://a/ equivalent", "a b\tc", ""}},
	}
	for _, tt := range tests {
		inR, inW := io.Pipe()
		outR, outW := io.Pipe()
		done := make(chan int)
		go func() {
			code := run(tt.args, inR, outW, io.Discard)
			outW.Close()
			done <- code
		}()
		answers := make(chan string)
		go func() {
			sc := bufio.NewScanner(outR)
			for sc.Scan() {
				answers <- sc.Text()
			}
			close(answers)
		}()
		for i := 0; i < len(tt.lines); i += 2 {
			go io.WriteString(inW, tt.lines[i]+"\n")
			select {
			case got := <-answers:
				if got != tt.lines[i+1] {
					t.Errorf("uri %q, line %q: answer %q, want %q", tt.args, tt.lines[i], got, tt.lines[i+1])
				}
			case <-time.After(10 * time.Second):
				t.Fatalf("uri %q: no answer to line %q before the next line", tt.args, tt.lines[i])
			}
		}
		inW.Close()
		<-done
	}
}

// TestTSV: --tsv reads a field's escapes and writes each part of a result
// as a field that reads back to it.
func TestTSV(t *testing.T) {
	tests := []cmdCase{
		{"escapes of a field decoded: \\\\ and \\xHH",
			[]string{"parse", "--tsv", "--grammar", "whatwg", "--get", "{pathname}"}, `http:\\h\\p\x41\q` + "\n", 0, "/pA/q\n", ""},
		{"a decoded tab is a control character of a strict reading",
			[]string{"parse", "--tsv"}, `http://h/a\tb` + "\n", 1, "\n", `uri: line 1: control character U+0009 at offset 10 of "http://h/a\tb"` + "\n"},
		{"a decoded tab, removed by the URL Standard",
			[]string{"canon", "--tsv"}, `http://h/a\tb` + "\n", 0, "http://h/ab\n", ""},
		{"NULL is no input", []string{"site", "--tsv"}, "\\N\nhttp://a.example.com/\n", 1, "\nexample.com\n", "uri: line 1: the field \\N is NULL, no input\n"},
		{"parts escaped: backslash, tab, NUL, bidi, not UTF-8",
			[]string{"parse", "--tsv", "--get", "{decoded:path}\t{query:q}"}, "http://h/a%5C%09%00%E2%80%AE%FF?q=%0A%0D\n", 0, `/a\\\t\x00\xe2\x80\xae\xff` + "\t" + `\n\r` + "\n", ""},
		{"a backslash of FORMAT is escaped, its tab separates",
			[]string{"parse", "--tsv", "--get", `{host}\\{port}` + "\t{path}"}, "http://h:1/p\n", 0, `h\\1` + "\t/p\n", ""},
		{"a line of text mode is one field",
			[]string{"parse", "--tsv"}, "http://h/%22\n", 0, `"http://h/%22" scheme="http" host="h" (reg-name) path="/%22"` + "\n", ""},
		{"the JSON of template match, escaped",
			[]string{"template", "match", "--tsv", "/{+x}"}, "/a%5Cb\n", 0, `{"x":"a\\\\b"}` + "\n", ""},
		{"--tsv is a text mode", []string{"canon", "--tsv", "--json", "http://a/"}, "", 2, "", "uri canon: --tsv is a text mode: give --json or --tsv, not both\n"},
		{"extract --aligned takes no file", []string{"extract", "--aligned", "f.txt"}, "", 2, "", "uri extract: with --aligned or --tsv, the lines of standard input are the texts: give no FILE\n"},
	}
	for _, tt := range tests {
		tt.check(t)
	}
	for _, s := range []string{"", "a", `\`, "\t\n\r\\", "\x00\x01\x1f\x7f", "\u0085\u202e\u2066\u2028", "\xff\xc3(", "例子 \\x41"} {
		enc := appendTSV(nil, s)
		if strings.ContainsAny(string(enc), "\t\n\r") || !utf8.Valid(enc) {
			t.Errorf("appendTSV(%q) = %q: not one field", s, enc)
		}
		if _, dec, err := decodeTSV(nil, string(enc)); err != nil || dec != s {
			t.Errorf("decodeTSV(appendTSV(%q)) = %q, %v", s, dec, err)
		}
	}
}

// FuzzTSV: a field that appendTSV writes is one field of UTF-8 without a
// control character, and decodeTSV reads it back to the string written.
func FuzzTSV(f *testing.F) {
	for _, s := range []string{"", `a\b`, "\t\n\r", "\x00\xff\u202e", `\N`, `\x4`} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		enc := string(appendTSV(nil, s))
		for _, r := range enc {
			if hidden(r) {
				t.Fatalf("appendTSV(%q) = %q holds %U", s, enc, r)
			}
		}
		if !utf8.ValidString(enc) {
			t.Fatalf("appendTSV(%q) = %q is not UTF-8", s, enc)
		}
		if _, dec, err := decodeTSV(nil, enc); err != nil || dec != s {
			t.Fatalf("decodeTSV(appendTSV(%q)) = %q, %v", s, dec, err)
		}
		// Any line decodes without a panic, to at most its length.
		if _, dec, err := decodeTSV(nil, s); err == nil && len(dec) > len(s) {
			t.Fatalf("decodeTSV(%q) = %q, longer than the field", s, dec)
		}
	})
}
