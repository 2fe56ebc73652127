package main

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/gouri/uri/internal/testrows"
)

// TestNormalizeTestdata runs the command on the inputs of the shared
// testdata files and expects exactly their lines back.
func TestNormalizeTestdata(t *testing.T) {
	for _, f := range []struct {
		name string
		args []string
	}{
		{"normalize.jsonl", []string{"normalize", "--syntax", "--json"}},
		{"normalize-default.jsonl", []string{"normalize", "--json"}},
	} {
		var want, inputs []string
		for _, row := range testrows.Read[testrows.Result](t, "../../testdata/"+f.name) {
			want = append(want, commandHint(row.Text))
			inputs = append(inputs, row.Bytes(t))
		}
		status, out, errOut := runCmd(t, strings.Join(inputs, "\n")+"\n", f.args...)
		if status != exitInvalid || errOut != "" {
			t.Errorf("%v: status %d, stderr %q; want 1 (the files have invalid rows) and nothing", f.args, status, errOut)
		}
		got := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
		if d := cmp.Diff(want, got); d != "" {
			t.Errorf("%v on %s (-want +got):\n%s", f.args, f.name, d)
		}
	}
}

func TestNormalizeCommand(t *testing.T) {
	long := "/" + strings.Repeat("a", maxLine)
	tests := []struct {
		name, stdin   string
		args          []string
		status        int
		stdout, errIn string // errIn: a substring of stderr, "" for none
	}{
		{"operands", "", []string{"normalize", "HTTP://A/./b/%7e", "a/../b"}, 0, "http://a/b/~\nb\n", ""},
		{"default removes the port", "", []string{"normalize", "http://a:80"}, 0, "http://a/\n", ""},
		{"syntax keeps the port", "", []string{"normalize", "--syntax", "http://a:80"}, 0, "http://a:80\n", ""},
		{"syntax keeps IPv6 text", "", []string{"normalize", "--syntax", "http://[::0001]"}, 0, "http://[::0001]\n", ""},
		{"default writes RFC 5952", "", []string{"normalize", "http://[::0001]"}, 0, "http://[::1]/\n", ""},
		{"stdin", "HTTP://x\n./a\n", []string{"normalize"}, 0, "http://x/\na\n", ""},
		{"stdin without final LF", "HTTP://x", []string{"normalize"}, 0, "http://x/\n", ""},
		{"one CR before the LF is dropped", "http://x/\r\n", []string{"normalize"}, 0, "http://x/\n", ""},
		{"empty stdin", "", []string{"normalize"}, 0, "", ""},
		{"empty line", "\n", []string{"normalize", "--json"}, 0, `{"input":"","ok":true,"result":""}` + "\n", ""},
		{"error in text mode", "a b\nc\n", []string{"normalize"}, 1, "c\n", `uri: line 1: normalize: invalid character " " in path at offset 1 of "a b"` + "\n"},
		{"error operand", "", []string{"normalize", "%"}, 1, "", `uri: operand 1: normalize: "%" not followed by two hex digits in path at offset 1 (end of input) of "%"` + "\n"},
		{"invalid UTF-8", "/\xff\n", []string{"normalize", "--json"}, 1,
			`{"input":"/\ufffd","input_hex":"2fff","ok":false,"error":"uri: normalize: invalid character \"\\xff\" in path at offset 1 of \"/\\xff\"","offset":1}` + "\n", ""},
		{"long line", long + "\n/%7e\n", []string{"normalize", "--json"}, 1, "", ""},
		{"unknown flag", "", []string{"normalize", "--nope"}, 2, "", "flag provided but not defined"},
		{"help", "", []string{"normalize", "-h"}, 0, "", "usage: uri normalize"},
	}
	for _, tt := range tests {
		status, out, errOut := runCmd(t, tt.stdin, tt.args...)
		if tt.name == "long line" {
			lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
			if len(lines) != 2 || !strings.Contains(lines[0], `"ok":false`) || !strings.Contains(lines[0], "longer than") ||
				lines[1] != `{"input":"/%7e","ok":true,"result":"/~"}` {
				t.Errorf("%s: output %.200q", tt.name, out)
			}
		} else if out != tt.stdout {
			t.Errorf("%s: %v: stdout %q, want %q", tt.name, tt.args, out, tt.stdout)
		}
		if status != tt.status {
			t.Errorf("%s: %v: status %d, want %d", tt.name, tt.args, status, tt.status)
		}
		if (tt.errIn == "") != (errOut == "") || !strings.Contains(errOut, tt.errIn) {
			t.Errorf("%s: %v: stderr %q, want it to contain %q", tt.name, tt.args, errOut, tt.errIn)
		}
	}
}

func TestEqualCommand(t *testing.T) {
	tests := []struct {
		args          []string
		stdin         string
		status        int
		stdout, errIn string
	}{
		// RFC 3986, Section 6.2.3: the four equivalent forms
		{[]string{"equal", "http://example.com", "HTTP://example.com:80/"}, "", 0, "http://example.com/ http://example.com/ equivalent\n", ""},
		{[]string{"equal", "http://example.com/?", "http://example.com/"}, "", 1, "http://example.com/? http://example.com/ not equivalent\n", ""},
		{[]string{"equal", "--syntax", "http://example.com", "http://example.com/"}, "", 1, "http://example.com http://example.com/ not equivalent\n", ""},
		{[]string{"equal", "--syntax", "eXAMPLE://a/./b/../b/%63/%7bfoo%7d", "example://a/b/c/%7Bfoo%7D"}, "", 0,
			"example://a/b/c/%7Bfoo%7D example://a/b/c/%7Bfoo%7D equivalent\n", ""},
		{[]string{"equal", "--json", "http://a:80", "http://a/"}, "", 0,
			`{"input":"http://a:80\thttp://a/","ok":true,"equivalent":true,"a":"http://a/","b":"http://a/"}` + "\n", ""},
		{[]string{"equal"}, "http://a\tHTTP://A/\nhttp://a/x\thttp://a/y\n", 1,
			"http://a/ http://a/ equivalent\nhttp://a/x http://a/y not equivalent\n", ""},
		{[]string{"equal", "--json"}, "http://a\r\nx\ty\tz\n", 1,
			`{"input":"http://a","ok":false,"error":"uri: a pair is two references separated by a tab","offset":8}` + "\n" +
				`{"input":"x\ty\tz","ok":false,"error":"uri: equal: invalid character \"\\t\" in path at offset 1 of \"y\\tz\"","offset":3}` + "\n", ""},
		{[]string{"equal", "http://a/", "a b"}, "", 1, "", `uri: equal: invalid character " " in path at offset 1 of "a b"` + "\n"},
		{[]string{"equal"}, "a b\tc\nd\te\n", 1, "d e not equivalent\n", `uri: line 1: equal: invalid character " " in path at offset 1 of "a b"` + "\n"},
		{[]string{"equal", "a"}, "", 2, "", "give two operands"},
		{[]string{"equal", "a", "b", "c"}, "", 2, "", "give two operands"},
		{[]string{"equal", "--bogus", "x", "a", "b"}, "", 2, "", "flag provided but not defined"},
		{[]string{"equal", "--grammar", "x", "a", "b"}, "", 2, "", `unknown grammar "x"`},
		{[]string{"equal", "--grammar", "rfc2616", "--syntax", "a", "b"}, "", 2, "", "cannot be combined"},
		{[]string{"equal", "-h"}, "", 0, "", "usage: uri equal"},
	}
	for _, tt := range tests {
		status, out, errOut := runCmd(t, tt.stdin, tt.args...)
		if status != tt.status || out != tt.stdout {
			t.Errorf("%v < %q: status %d, stdout %q; want %d, %q", tt.args, tt.stdin, status, out, tt.status, tt.stdout)
		}
		if (tt.errIn == "") != (errOut == "") || !strings.Contains(errOut, tt.errIn) {
			t.Errorf("%v: stderr %q, want it to contain %q", tt.args, errOut, tt.errIn)
		}
	}
}

func TestUsageListsCommands(t *testing.T) {
	_, out, _ := runCmd(t, "", "help")
	for _, name := range []string{"normalize", "equal"} {
		if !strings.Contains(out, "  "+name+" ") {
			t.Errorf("usage does not list %q:\n%s", name, out)
		}
	}
}
