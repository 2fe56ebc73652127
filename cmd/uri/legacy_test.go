package main

import (
	"bytes"
	"strings"
	"testing"

	"github.com/gouri/uri/internal/testrows"
)

// TestParseGrammarTestdata runs `uri parse --grammar G --json` over the
// inputs of testdata/legacy-G.jsonl, on standard input and as operands,
// and expects the rows byte for byte.
func TestParseGrammarTestdata(t *testing.T) {
	for _, g := range []string{"rfc1738", "rfc1808", "rfc2068", "rfc2396", "rfc2732", "rfc2616"} {
		var lines, ins []string
		for _, row := range testrows.Read[testrows.Legacy](t, "../../legacy/testdata/legacy-"+g+".jsonl") {
			lines = append(lines, row.Text)
			ins = append(ins, row.Bytes(t))
		}
		want := strings.Join(lines, "\n") + "\n"
		wantStatus := exitOK
		if strings.Contains(want, `"ok":false`) {
			wantStatus = exitInvalid
		}
		var stdout, stderr bytes.Buffer
		status := run([]string{"parse", "--grammar", g, "--json"}, strings.NewReader(strings.Join(ins, "\n")+"\n"), &stdout, &stderr)
		if status != wantStatus || stderr.Len() > 0 {
			t.Errorf("uri parse --grammar %s --json < testdata: status %d, stderr %q; want %d", g, status, stderr.String(), wantStatus)
		}
		if got := stdout.String(); got != want {
			gotLines := strings.Split(got, "\n")
			for i, w := range strings.Split(want, "\n") {
				if i >= len(gotLines) || gotLines[i] != w {
					t.Errorf("uri parse --grammar %s --json, row %d:\n got %s\nwant %s", g, i+1, gotLines[min(i, len(gotLines)-1)], w)
					break
				}
			}
		}
		stdout.Reset()
		run(append([]string{"parse", "--grammar=" + g, "--json"}, ins...), strings.NewReader(""), &stdout, &stderr)
		if stdout.String() != want {
			t.Errorf("uri parse --grammar %s --json with operands differs from standard input", g)
		}
	}
}

func TestParseGrammarText(t *testing.T) {
	var stdout, stderr bytes.Buffer
	status := run([]string{"parse", "--grammar", "rfc1738", "ftp://u@h/a/b;type=i", "http://u@h/"}, nil, &stdout, &stderr)
	want := `"ftp://u@h/a/b;type=i" scheme="ftp" userinfo="u" host="h" path="/a/b;type=i" grammar="rfc1738" form="ftpurl" user="u" password=null host="h" port=null default_port=21 cwd=["a"] name="b" typecode="i" changes=[] upgraded="ftp://u@h/a/b;type=i"
`
	wantErr := `uri: operand 2: user name or password not allowed for this scheme (rfc1738) in host at offset 8 of "http://u@h/"
`
	if status != exitInvalid || stdout.String() != want || stderr.String() != wantErr {
		t.Errorf("uri parse --grammar rfc1738: status %d, output:\n%s\nwant:\n%s\nstderr:\n%s\nwant:\n%s", status, stdout.String(), want, stderr.String(), wantErr)
	}
}

// TestParseGrammarEdges: usage errors, an empty standard input, a line too
// long, invalid UTF-8, and the default path left as it was.
func TestParseGrammarEdges(t *testing.T) {
	var stdout, stderr bytes.Buffer
	if status := run([]string{"parse", "--grammar", "rfc3986"}, strings.NewReader("x\n"), &stdout, &stderr); status != exitUsage ||
		!strings.Contains(stderr.String(), `unknown grammar "rfc3986"`) || stdout.Len() > 0 {
		t.Errorf("unknown grammar: status %d, stderr %q", status, stderr.String())
	}
	stdout.Reset()
	if status := run([]string{"parse", "--grammar", "rfc2396", "--json"}, strings.NewReader(""), &stdout, &stderr); status != exitOK || stdout.Len() > 0 {
		t.Errorf("empty stdin: status %d, output %q", status, stdout.String())
	}
	stdout.Reset()
	long := "http://h/" + strings.Repeat("a", maxLine)
	run([]string{"parse", "--grammar", "rfc2068", "--json"}, strings.NewReader(long+"\nhttp://h/caf\xe9\n"), &stdout, &stderr)
	lines := strings.Split(strings.TrimSuffix(stdout.String(), "\n"), "\n")
	if len(lines) != 2 || !strings.Contains(lines[0], `"ok":false`) || !strings.Contains(lines[0], "longer than") ||
		!strings.Contains(lines[1], `"input_hex":"687474703a2f2f682f636166e9"`) || !strings.Contains(lines[1], `"upgraded":"http://h/caf%E9"`) {
		t.Errorf("long line and invalid UTF-8: %.300q", stdout.String())
	}
	// Without --grammar, RFC 3986 as before.
	stdout.Reset()
	if status := run([]string{"parse", "--json", "ftp://h/a?b"}, nil, &stdout, &stderr); status != exitOK || strings.Contains(stdout.String(), "legacy") ||
		!strings.Contains(stdout.String(), `"query":"b"`) {
		t.Errorf("uri parse without --grammar: %q", stdout.String())
	}
}

// resolveWith runs `uri resolve --grammar G` with args and stdin.
func resolveWith(t *testing.T, grammar string, args []string, stdin string) (int, string) {
	t.Helper()
	var stdout, stderr bytes.Buffer
	status := run(append([]string{"resolve", "--grammar", grammar}, args...), strings.NewReader(stdin), &stdout, &stderr)
	if status == exitUsage {
		t.Fatalf("resolve %q: usage error: %s", args, stderr.String())
	}
	return status, stdout.String()
}

func TestLegacyResolver(t *testing.T) {
	status, out := resolveWith(t, "rfc1808", []string{"--base", "http://a/b/c/d;p?q#f", "--json"}, "../../../g\n;x\n~g\n")
	want := `{"input":"../../../g","base":"http://a/b/c/d;p?q#f","ok":true,"result":"http://a/../g"}
{"input":";x","base":"http://a/b/c/d;p?q#f","ok":true,"result":"http://a/b/c/d;x"}
{"input":"~g","base":"http://a/b/c/d;p?q#f","ok":false,"error":"uri: resolve: character must be percent-encoded (rfc1808) in path at offset 0 of \"~g\"","offset":0}
`
	if status != exitInvalid || out != want {
		t.Errorf("resolve --grammar rfc1808 --json: status %d, output:\n%s", status, out)
	}
	status, out = resolveWith(t, "rfc2396", []string{"--base", "http://a/b/c/d;p?q", "?y", ";x", "../../../g"}, "")
	if status != exitOK || out != "http://a/b/c/?y\nhttp://a/b/c/;x\nhttp://a/../g\n" {
		t.Errorf("resolve --grammar rfc2396: status %d, output %q", status, out)
	}
	if code, _, errOut := runCmd(t, "", "resolve", "--grammar", "rfc2396", "--base", "/no/scheme", "g"); code != exitUsage ||
		errOut != "uri resolve: --base \"/no/scheme\": missing scheme (rfc2396) at offset 0\n" {
		t.Errorf("resolve --grammar rfc2396 with a relative base: status %d, stderr %q", code, errOut)
	}
	status, out = resolveWith(t, "rfc1808", []string{"--base", ""}, "g/h\n")
	if status != exitOK || out != "g/h\n" {
		t.Errorf("resolve --grammar rfc1808 with an empty base: status %d, output %q", status, out)
	}
	status, out = resolveWith(t, "rfc2396", []string{"--base", "http://a/", "--json"}, strings.Repeat("g", maxLine+1)+"\n\xff\n")
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	if status != exitInvalid || len(lines) != 2 || !strings.Contains(lines[0], "longer than") || !strings.Contains(lines[1], `"input_hex":"ff"`) {
		t.Errorf("resolve --grammar rfc2396 with a long line and invalid UTF-8: status %d, %.200q", status, out)
	}
	if _, ok := legacyResolver("rfc3986"); ok {
		t.Errorf("legacyResolver accepts rfc3986")
	}
}

func TestLegacyEqual(t *testing.T) {
	tests := []struct {
		grammar, a, b string
		status        int
		stdout        string
		stderr        string
	}{
		{"rfc2616", "http://abc.com:80/~smith/home.html", "http://ABC.com:/%7esmith/home.html", exitOK,
			"http://abc.com/~smith/home.html http://abc.com/~smith/home.html equivalent\n", ""},
		{"rfc2616", "http://h/a", "http://h/A", exitInvalid, "http://h/a http://h/A not equivalent\n", ""},
		{"rfc2616", "http://u@h/", "http://h/", exitInvalid, "", "uri: equal: user name or password not allowed for this scheme (rfc2616) in host at offset 8 of \"http://u@h/\"\n"},
		{"rfc2396", "http://h/", "http://h/", exitUsage, "", `unknown grammar "rfc2396"`},
		{"", "http://h:80/", "HTTP://h", exitOK, "http://h/ http://h/ equivalent\n", ""}, // no grammar: RFC 3986
	}
	for _, tt := range tests {
		// Through the command, as `uri equal --grammar G A B`.
		var stdout, stderr bytes.Buffer
		status := run([]string{"equal", "--grammar", tt.grammar, tt.a, tt.b}, nil, &stdout, &stderr)
		if status != tt.status || stdout.String() != tt.stdout || !strings.Contains(stderr.String(), tt.stderr) || (tt.stderr == "" && stderr.Len() > 0) {
			t.Errorf("uri equal --grammar %q %q %q = %d, stdout %q, stderr %q; want %d, %q, %q",
				tt.grammar, tt.a, tt.b, status, stdout.String(), stderr.String(), tt.status, tt.stdout, tt.stderr)
		}
	}
}

// TestResolveGrammarFlag checks that `uri resolve --grammar` reaches the old
// algorithms, and its usage errors.
func TestResolveGrammarFlag(t *testing.T) {
	tests := []struct {
		args   []string
		status int
		stdout string
		stderr string
	}{
		// RFC 2396, Appendix C.2: the abnormal "../../../g" keeps its "..".
		{[]string{"resolve", "--grammar", "rfc2396", "--base", "http://a/b/c/d;p?q", "../../../g"}, 0, "http://a/../g\n", ""},
		// RFC 3986 removes them (Section 5.4.2).
		{[]string{"resolve", "--base", "http://a/b/c/d;p?q", "../../../g"}, 0, "http://a/g\n", ""},
		// RFC 1808, Section 5.1: ";x" replaces the params.
		{[]string{"resolve", "--grammar", "rfc1808", "--base", "http://a/b/c/d;p?q#f", ";x"}, 0, "http://a/b/c/d;x\n", ""},
		{[]string{"resolve", "--grammar", "rfc2396", "--base", "/a", "g"}, 2, "", `--base "/a": missing scheme (rfc2396) at offset 0`},
		{[]string{"resolve", "--grammar", "rfc3986", "--base", "http://a/", "g"}, 2, "", `unknown grammar "rfc3986"`},
		{[]string{"resolve", "--grammar", "rfc2396", "--non-strict", "--base", "http://a/", "g"}, 2, "", "cannot be combined"},
	}
	for _, tt := range tests {
		code, out, errOut := runCmd(t, "", tt.args...)
		if code != tt.status || !strings.HasPrefix(out, tt.stdout) || !strings.Contains(errOut, tt.stderr) {
			t.Errorf("uri %q: exit %d, stdout %q, stderr %q; want %d, %q, %q", tt.args, code, out, errOut, tt.status, tt.stdout, tt.stderr)
		}
	}
}
