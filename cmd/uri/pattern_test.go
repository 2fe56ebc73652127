package main

import (
	"strings"
	"testing"
)

// TestPattern pins uri pattern exec and test: the result objects, null
// for a group that did not take part and for a URL that does not match,
// the exit status, and the usage errors of a pattern that does not
// compile, with its offset.
func TestPattern(t *testing.T) {
	const books = "https://{:sub.}?example.com/books/:id"
	full := func(sub, host, path, id string) string {
		return `"result":{"protocol":{"input":"https","groups":{}},"username":{"input":"","groups":{"0":""}},` +
			`"password":{"input":"","groups":{"0":""}},"hostname":{"input":"` + host + `","groups":{"sub":` + sub + `}},` +
			`"port":{"input":"","groups":{}},"pathname":{"input":"` + path + `","groups":{"id":"` + id + `"}},` +
			`"search":{"input":"","groups":{"0":""}},"hash":{"input":"","groups":{"0":""}}}}`
	}
	tests := []struct {
		name   string
		stdin  string
		args   []string
		code   int
		stdout string
		stderr string
	}{
		{"exec --json, a group that did not take part is null",
			"", []string{"pattern", "exec", "--json", books, "https://example.com/books/12"}, 0,
			`{"input":"https://example.com/books/12","ok":true,"match":true,` + full("null", "example.com", "/books/12", "12") + "\n", ""},
		{"exec --json, a group that did",
			"", []string{"pattern", "exec", "--json", books, "https://www.example.com/books/1"}, 0,
			`{"input":"https://www.example.com/books/1","ok":true,"match":true,` + full(`"www"`, "www.example.com", "/books/1", "1") + "\n", ""},
		{"exec --json, no match and no URL are match false, status 1",
			"", []string{"pattern", "exec", "--json", books, "https://example.org/", "no url"}, 1,
			`{"input":"https://example.org/","ok":true,"match":false,"result":null}` + "\n" +
				`{"input":"no url","ok":true,"match":false,"result":null}` + "\n", ""},
		{"exec text prints the result or null",
			"", []string{"pattern", "exec", "https://h/:id", "https://h/7", "https://h/"}, 1,
			`{"protocol":{"input":"https","groups":{}},"username":{"input":"","groups":{"0":""}},"password":{"input":"","groups":{"0":""}},"hostname":{"input":"h","groups":{}},"port":{"input":"","groups":{}},"pathname":{"input":"/7","groups":{"id":"7"}},"search":{"input":"","groups":{"0":""}},"hash":{"input":"","groups":{"0":""}}}` + "\nnull\n", ""},
		{"test", "", []string{"pattern", "test", books, "https://example.com/books/1", "https://example.com/"}, 1, "true\nfalse\n", ""},
		{"test --json", "", []string{"pattern", "test", "--json", books, "https://example.com/books/1"}, 0,
			`{"input":"https://example.com/books/1","ok":true,"match":true}` + "\n", ""},
		{"--base reads the pattern and the URLs against it",
			"", []string{"pattern", "test", "--base", "https://h/a/", "b/:id", "https://h/a/b/1", "b/2", "/b/3"}, 1, "true\ntrue\nfalse\n", ""},
		{"--ignore-case", "", []string{"pattern", "test", "--ignore-case", "https://h/Books/*", "https://h/BOOKS/x"}, 0, "true\n", ""},
		{"without --ignore-case", "", []string{"pattern", "test", "https://h/Books/*", "https://h/BOOKS/x"}, 1, "false\n", ""},
		{"standard input, a line as the URL Standard reads it",
			"https://h/1\n https://h/2\t\n\nhttps://h/\xff\n", []string{"pattern", "test", "https://h/*"}, 1, "true\ntrue\nfalse\ntrue\n", ""},
		{"empty standard input", "", []string{"pattern", "test", "https://h/*"}, 0, "", ""},
		{"invalid UTF-8 in JSON", "", []string{"pattern", "test", "--json", "https://h/*", "https://h/\xff"}, 0,
			`{"input":"https://h/\ufffd","input_hex":"68747470733a2f2f682fff","ok":true,"match":true}` + "\n", ""},
		{"no PATTERN", "", []string{"pattern", "test"}, 2, "", "give a PATTERN"},
		{"a relative PATTERN without --base", "", []string{"pattern", "exec", "/books/:id", "x"}, 2, "",
			"relative pattern without a base URL"},
		{"a PATTERN with a syntax error, and its offset", "", []string{"pattern", "exec", "https://h/:/x"}, 2, "",
			`uri pattern exec: PATTERN "https://h/:/x": ":" not followed by a name in path at offset 11` + "\n"},
		{"a regular expression RE2 cannot express", "", []string{"pattern", "test", `https://h/(a(?=b))`}, 2, "",
			"regular expression that RE2 cannot express (look-ahead) in path at offset 12"},
		{"a bad --base", "", []string{"pattern", "test", "--base", "no base", "/x"}, 2, "", "no base"},
		{"help", "", []string{"help", "pattern", "exec"}, 0, "usage: uri pattern exec", ""},
		{"unknown subcommand", "", []string{"pattern", "match"}, 2, "", `unknown command "match"`},
	}
	for _, tt := range tests {
		code, out, errOut := runCmd(t, tt.stdin, tt.args...)
		if code != tt.code || !strings.Contains(errOut, tt.stderr) || tt.stdout != "" && out != tt.stdout && !strings.HasPrefix(tt.name, "help") ||
			strings.HasPrefix(tt.name, "help") && !strings.Contains(out, tt.stdout) {
			t.Errorf("%s: uri %q <<< %q: status %d, stdout %q, stderr %q; want %d, %q, %q",
				tt.name, tt.args, tt.stdin, code, out, errOut, tt.code, tt.stdout, tt.stderr)
		}
		if tt.stdout == "" && !strings.HasPrefix(tt.name, "help") && out != "" {
			t.Errorf("%s: uri %q: stdout %q, want none", tt.name, tt.args, out)
		}
	}
}

// TestPatternLongLine checks that a line longer than the command reads
// gets its own error and the next line is still matched.
func TestPatternLongLine(t *testing.T) {
	long := "https://h/" + strings.Repeat("a", 17<<20)
	code, out, errOut := runCmd(t, long+"\nhttps://h/x\n", "pattern", "test", "https://h/*")
	if code != 1 || out != "true\n" || !strings.Contains(errOut, "line 1") {
		t.Errorf("a long line, then a URL: status %d, stdout %q, stderr %.200q", code, out, errOut)
	}
}
