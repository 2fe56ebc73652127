package main

import (
	"encoding/hex"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// robotsFile writes a robots.txt file for the tests and returns its path.
func robotsFile(t *testing.T, text string) string {
	t.Helper()
	p := filepath.Join(t.TempDir(), "robots.txt")
	if err := os.WriteFile(p, []byte(text), 0o600); err != nil {
		t.Fatal(err)
	}
	return p
}

const robotsText = "User-agent: *\nDisallow: /private/\nAllow: /private/press/\n\nUser-agent: ExampleBot\nDisallow: /*.pdf$\nDisallow /drafts/\n"

// TestRobotsText: a line per URL on standard output, "allowed" or
// "disallowed" with the rule and its line; the file's ignored lines on
// standard error before them; the URLs of operands or of standard input,
// read as the URL Standard reads them; exit status 1 when any URL is
// disallowed or fails.
func TestRobotsText(t *testing.T) {
	file := robotsFile(t, robotsText)
	const note = "uri robots: robots.txt line 7 ignored: not a key and a value: \"Disallow /drafts/\"\n"
	tests := []struct {
		args         []string
		stdin        string
		code         int
		stdout, errs string
	}{
		{[]string{"--agent", "OtherBot", "https://example.com/private/a", "https://example.com/private/press/b", "https://example.com/"}, "", exitInvalid,
			"disallowed https://example.com/private/a (line 2: disallow: /private/)\n" +
				"allowed https://example.com/private/press/b (line 3: allow: /private/press/)\n" +
				"allowed https://example.com/ (no rule matches)\n", note},
		{[]string{"--agent", "ExampleBot/2.1"}, "https://example.com/a.pdf\r\nhttps://example.com/private/a\n \thttps://EXAMPLE.com/b.pdf?x#y\nhttps://example.com/robots.txt\n", exitInvalid,
			"disallowed https://example.com/a.pdf (line 6: disallow: /*.pdf$)\n" +
				"allowed https://example.com/private/a (no rule matches)\n" +
				"allowed  \\thttps://EXAMPLE.com/b.pdf?x#y (no rule matches)\n" +
				"allowed https://example.com/robots.txt (/robots.txt is always allowed)\n", note},
		{[]string{"--agent", "x", "http://[::1/", "mailto:a@example.com", "https://example.com/"}, "", exitInvalid,
			"allowed https://example.com/ (no rule matches)\n",
			note + "uri: operand 1: IPv6-unclosed (the IPv6 address has no closing \"]\") at offset 11 of \"http://[::1/\"\n" +
				"uri: operand 2: no host, so no robots.txt at offset 7 of \"mailto:a@example.com\"\n"},
		{[]string{"--agent", "x", "--url", "https://example.com/robots.txt", "https://example.com/private/a", "https://Example.COM:443/private/press/", "http://example.com/private/a", "https://www.example.com/private/a"}, "", exitInvalid,
			"disallowed https://example.com/private/a (line 2: disallow: /private/)\n" +
				"allowed https://Example.COM:443/private/press/ (line 3: allow: /private/press/)\n",
			note + "uri: operand 3: check: the URL is of another scheme, host or port than the robots.txt (the rules are those of https://example.com/robots.txt) in scheme at offset 4 of \"http://example.com/private/a\"\n" +
				"uri: operand 4: check: the URL is of another scheme, host or port than the robots.txt (the rules are those of https://example.com/robots.txt) in host at offset 8 of \"https://www.example.com/private/a\"\n"},
		{[]string{"--agent", "x"}, "", exitOK, "", note},
		{[]string{"--agent", "x", "https://example.com/docs/"}, "", exitOK, "allowed https://example.com/docs/ (no rule matches)\n", note},
	}
	for _, tt := range tests {
		args := append([]string{"robots", "--file", file}, tt.args...)
		code, out, errOut := runCmd(t, tt.stdin, args...)
		if code != tt.code || out != tt.stdout || errOut != tt.errs {
			t.Errorf("uri %q: exit %d\nstdout %q\nstderr %q\nwant %d\n%q\n%q", args, code, out, errOut, tt.code, tt.stdout, tt.errs)
		}
	}
}

// TestRobotsJSON: one object per URL, with the rule that decided or why
// none did, and the error object of every command; with --google, the
// URL's path as given ("café" does not meet "%C3%A9") and a URL without
// a scheme.
func TestRobotsJSON(t *testing.T) {
	file := robotsFile(t, robotsText)
	tests := []struct {
		args []string
		want []string
	}{
		{[]string{"--file", file, "--agent", "OtherBot", "https://example.com/private/a", "https://example.com/", "x"}, []string{
			`{"input":"https://example.com/private/a","ok":true,"allowed":false,"reason":"rule","line":2,"rule":"disallow","pattern":"/private/"}`,
			`{"input":"https://example.com/","ok":true,"allowed":true,"reason":"no-rule","line":null,"rule":null,"pattern":null}`,
			`{"input":"x","ok":false,"error":"uri: missing-scheme-non-relative-URL (the input has no scheme, and no base URL that it could be relative to) at offset 0 of \"x\"","offset":0}`,
		}},
		{[]string{"--file", robotsFile(t, "User-agent: BarBot\nDisallow: /\n"), "--agent", "FooBot", "https://example.com/"}, []string{
			`{"input":"https://example.com/","ok":true,"allowed":true,"reason":"no-group","line":null,"rule":null,"pattern":null}`,
		}},
		{[]string{"--status", "404", "--agent", "x", "https://example.com/a\xff" + strings.Repeat("b", 1<<20)}, []string{
			`{"input":"https://example.com/a\ufffd` + strings.Repeat("b", 1<<20) + `","input_hex":"` + hex.EncodeToString([]byte("https://example.com/a\xff"+strings.Repeat("b", 1<<20))) + `","ok":true,"allowed":true,"reason":"unavailable","line":null,"rule":null,"pattern":null}`,
		}},
		{[]string{"--status", "503", "--url", "https://example.com/robots.txt", "--agent", "x", "https://example.com/a", "https://example.org/a"}, []string{
			`{"input":"https://example.com/a","ok":true,"allowed":false,"reason":"unreachable","line":null,"rule":null,"pattern":null}`,
			`{"input":"https://example.org/a","ok":false,"error":"uri: check: the URL is of another scheme, host or port than the robots.txt (the rules are those of https://example.com/robots.txt) in host at offset 16 of \"https://example.org/a\"","offset":16}`,
		}},
		{[]string{"--status", "503", "--agent", "x", "https://example.com/a", "https://example.com/robots.txt"}, []string{
			`{"input":"https://example.com/a","ok":true,"allowed":false,"reason":"unreachable","line":null,"rule":null,"pattern":null}`,
			`{"input":"https://example.com/robots.txt","ok":true,"allowed":true,"reason":"robots.txt","line":null,"rule":null,"pattern":null}`,
		}},
		{[]string{"--file", robotsFile(t, "User-agent: *\nDisallow: /caf%C3%A9/\n"), "--agent", "x", "--google", "https://example.com/café/", "example.com/caf%C3%A9/"}, []string{
			`{"input":"https://example.com/café/","ok":true,"allowed":true,"reason":"no-rule","line":null,"rule":null,"pattern":null}`,
			`{"input":"example.com/caf%C3%A9/","ok":true,"allowed":false,"reason":"rule","line":2,"rule":"disallow","pattern":"/caf%C3%A9/"}`,
		}},
	}
	for _, tt := range tests {
		args := append([]string{"robots", "--json"}, tt.args...)
		_, out, _ := runCmd(t, "", args...)
		if d := cmp.Diff(strings.Join(tt.want, "\n")+"\n", out); d != "" {
			t.Errorf("uri %q (-want +got):\n%s", args, d)
		}
	}
}

// TestRobotsFileLimit: --max cuts the file, which is said; --file - reads
// the file from standard input, with the URLs as operands.
func TestRobotsFileLimit(t *testing.T) {
	file := robotsFile(t, "User-agent: *\nDisallow: /a\nDisallow: /b\n")
	code, out, errOut := runCmd(t, "", "robots", "--agent", "x", "--file", file, "--max", "30", "https://h/a", "https://h/b")
	if code != exitInvalid || out != "disallowed https://h/a (line 2: disallow: /a)\nallowed https://h/b (no rule matches)\n" ||
		errOut != "uri robots: robots.txt line 3 ignored: past the parsing limit\n" {
		t.Errorf("--max 30: exit %d, %q, %q", code, out, errOut)
	}
	code, out, errOut = runCmd(t, "User-agent: *\nDisallow: /b\n", "robots", "--agent", "x", "--file", "-", "https://h/a", "https://h/b")
	if code != exitInvalid || out != "allowed https://h/a (no rule matches)\ndisallowed https://h/b (line 2: disallow: /b)\n" || errOut != "" {
		t.Errorf("--file -: exit %d, %q, %q", code, out, errOut)
	}
}

// TestRobotsUsage: the flags that uri robots needs, and their values.
func TestRobotsUsage(t *testing.T) {
	file := robotsFile(t, robotsText)
	for _, c := range []struct {
		args []string
		msg  string
	}{
		{[]string{"--file", file, "https://h/"}, "give the crawler's product token with --agent"},
		{[]string{"--agent", "x", "https://h/"}, "give --file ROBOTS.TXT or --status CODE"},
		{[]string{"--agent", "x", "--file", file, "--status", "404"}, "give --file ROBOTS.TXT or --status CODE"},
		{[]string{"--agent", "x", "--status", "200"}, "--status 200: a 2xx status means the file's rules: give --file"},
		{[]string{"--agent", "x", "--file", file, "--url", "mailto:a@example.com"}, "--url: uri: no host, so no robots.txt at offset 7"},
		{[]string{"--agent", "x", "--status", "99"}, "--status 99: give an HTTP status code from 100 to 599"},
		{[]string{"--agent", "x", "--file", file, "--max", "0"}, "--max 0: give a number of bytes, 1 or more"},
		{[]string{"--agent", "x", "--file", filepath.Join(t.TempDir(), "none")}, "--file: open "},
		{[]string{"--agent", "x", "--file", "-"}, "--file - reads robots.txt from standard input: give the URLs as operands"},
		{[]string{"--agent", "Mozilla/5.0 (compatible; ExampleBot/2.1)", "--file", file}, // a whole User-Agent header names Mozilla first
			`--agent "Mozilla/5.0 (compatible; ExampleBot/2.1)": parse agent: not a product token (give the crawler's product token, as "ExampleBot" or "ExampleBot/2.1", not a User-Agent header) at offset 11`},
		{[]string{"--agent", "Bot2", "--status", "503"}, `--agent "Bot2": parse agent: not a product token`},
	} {
		args := append([]string{"robots"}, c.args...)
		code, out, errOut := runCmd(t, "", args...)
		if code != exitUsage || out != "" || !strings.HasPrefix(errOut, "uri robots: "+c.msg) {
			t.Errorf("uri %q: exit %d, %q, %q; want a usage error %q", args, code, out, errOut, c.msg)
		}
	}
}
