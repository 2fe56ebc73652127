package main

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestRedirectJSON: the objects of `uri redirect --json`, one per input,
// with the rule of each refusal, and the exit status.
func TestRedirectJSON(t *testing.T) {
	tests := []struct {
		args  []string
		stdin string
		code  int
		want  []string
	}{
		{[]string{"--from", "https://www.example.com/login", "/account", "https:evil.example", "HTTPS://WWW.example.com:443/a b"}, "", exitOK, []string{
			`{"input":"/account","ok":true,"result":"https://www.example.com/account"}`,
			`{"input":"https:evil.example","ok":true,"result":"https://www.example.com/evil.example"}`,
			`{"input":"HTTPS://WWW.example.com:443/a b","ok":true,"result":"https://www.example.com/a%20b"}`,
		}},
		{[]string{"--from", "https://www.example.com/login"}, "//evil.example\n/\t/evil.example\njavascript:alert(1)\nhttps://u@www.example.com/\nhttps://[::1\n", exitInvalid, []string{
			`{"input":"//evil.example","ok":false,"error":"guard: refused \"//evil.example\": cross-origin: the URL Standard reads \"https://evil.example/\", of the origin \"https://evil.example\", which is not \"https://www.example.com\"","rule":"cross-origin","offset":null}`,
			`{"input":"/\t/evil.example","ok":false,"error":"guard: refused \"/\\t/evil.example\": cross-origin: the URL Standard reads \"https://evil.example/\", of the origin \"https://evil.example\", which is not \"https://www.example.com\"","rule":"cross-origin","offset":null}`,
			`{"input":"javascript:alert(1)","ok":false,"error":"guard: refused \"javascript:alert(1)\": scheme: the URL Standard reads the scheme \"javascript\", not http or https","rule":"scheme","offset":null}`,
			`{"input":"https://u@www.example.com/","ok":false,"error":"guard: refused \"https://u@www.example.com/\": userinfo: the URL Standard reads the user name \"u\" in \"https://u@www.example.com/\"","rule":"userinfo","offset":null}`,
			`{"input":"https://[::1","ok":false,"error":"guard: refused \"https://[::1\": parse: the URL Standard rejects it: IPv6-unclosed (the IPv6 address has no closing \"]\") at offset 12 (end of input)","rule":"parse","offset":12}`,
		}},
		{[]string{"--from", "https://www.example.com/", "--allow", "https://*.example.org", "--allow", "https://partner.example:8443",
			"https://a.b.example.org/", "https://example.org/", "https://partner.example:8443/x"}, "", exitInvalid, []string{
			`{"input":"https://a.b.example.org/","ok":true,"result":"https://a.b.example.org/"}`,
			`{"input":"https://example.org/","ok":false,"error":"guard: refused \"https://example.org/\": cross-origin: the URL Standard reads \"https://example.org/\", of the origin \"https://example.org\", which is not \"https://www.example.com\" nor in the allowlist","rule":"cross-origin","offset":null}`,
			`{"input":"https://partner.example:8443/x","ok":true,"result":"https://partner.example:8443/x"}`,
		}},
		{[]string{"--local", "/account?tab=2", "\\\\evil.example", "account"}, "", exitInvalid, []string{
			`{"input":"/account?tab=2","ok":true,"result":"/account?tab=2"}`,
			`{"input":"\\\\evil.example","ok":false,"error":"guard: refused \"\\\\\\\\evil.example\": cross-origin: the URL Standard reads \"\\\\\\\\\" as the start of another host at offset 1","rule":"cross-origin","offset":1}`,
			`{"input":"account","ok":false,"error":"guard: refused \"account\": local-path: a path on this site begins with \"/\" at offset 0","rule":"local-path","offset":0}`,
		}},
	}
	for _, tt := range tests {
		args := append([]string{"redirect", "--json"}, tt.args...)
		code, out, errOut := runCmd(t, tt.stdin, args...)
		if code != tt.code || errOut != "" {
			t.Errorf("uri %q: exit %d, stderr %q; want %d", args, code, errOut, tt.code)
		}
		if d := cmp.Diff(strings.Join(tt.want, "\n")+"\n", out); d != "" {
			t.Errorf("uri %q (-want +got):\n%s", args, d)
		}
	}
}

// TestRedirectText: the href alone on standard output, refusals on
// standard error; bad flags are usage errors; empty input is no error.
func TestRedirectText(t *testing.T) {
	code, out, errOut := runCmd(t, "", "redirect", "--from", "http://h.example/a/b", "c", "//x")
	wantOut := "http://h.example/a/c\n"
	wantErr := "uri: operand 2: guard: refused \"//x\": cross-origin: the URL Standard reads \"http://x/\", of the origin \"http://x\", which is not \"http://h.example\"\n"
	if code != exitInvalid || out != wantOut || errOut != wantErr {
		t.Errorf("uri redirect: exit %d\nstdout %q\nstderr %q\nwant 1, %q, %q", code, out, errOut, wantOut, wantErr)
	}
	for _, args := range [][]string{
		{"redirect", "/x"},
		{"redirect", "--from", "not a url", "/x"},
		{"redirect", "--from", "file:///x", "/x"},
		{"redirect", "--from", "https://a/", "--allow", "https://*.com", "/x"},
		{"redirect", "--from", "https://a/", "--allow", "null", "/x"},
		{"redirect", "--local", "--from", "https://a/", "/x"},
		{"redirect", "--local", "--allow", "https://a", "/x"},
	} {
		if code, _, errOut := runCmd(t, "", args...); code != exitUsage || errOut == "" {
			t.Errorf("uri %q: exit %d, stderr %q; want a usage error", args, code, errOut)
		}
	}
	// A bad --allow entry is a fault of the configuration, said as such
	// (it read "guard: refused", as if a request had been).
	const wantAllow = `uri redirect: --allow "https://*.com": invalid entry ("com" is a public suffix: each name under it may be another party's) at offset 10` + "\n"
	if code, _, errOut := runCmd(t, "", "redirect", "--from", "https://a/", "--allow", "https://*.com", "/x"); code != exitUsage || errOut != wantAllow {
		t.Errorf("uri redirect --allow https://*.com: exit %d, stderr %q; want 2, %q", code, errOut, wantAllow)
	}
	// Every bad entry is named, so that a configuration is fixed in one go.
	const wantEvery = `uri redirect: --allow "https://*.com": invalid entry ("com" is a public suffix: each name under it may be another party's) at offset 10; ` +
		`--allow "https://a..b.example": invalid entry (the domain "a..b.example" has an empty label, which no name of the DNS has) at offset 8` + "\n"
	if code, _, errOut := runCmd(t, "", "redirect", "--from", "https://a/", "--allow", "https://*.com", "--allow", "https://ok.example", "--allow", "https://a..b.example", "/x"); code != exitUsage || errOut != wantEvery {
		t.Errorf("uri redirect with two bad --allow entries: exit %d, stderr %q; want 2, %q", code, errOut, wantEvery)
	}
	if code, out, errOut := runCmd(t, "", "redirect", "--local"); code != exitOK || out != "" || errOut != "" {
		t.Errorf("uri redirect --local < empty: exit %d, %q, %q; want 0 and nothing", code, out, errOut)
	}
}

// TestRedirectLongLine: a line over the limit gets its own error and the
// next line is still read.
func TestRedirectLongLine(t *testing.T) {
	if testing.Short() {
		t.Skip("allocates tens of megabytes")
	}
	long := "/" + strings.Repeat("a", maxLine)
	code, out, _ := runCmd(t, long+"\n/b\n", "redirect", "--local", "--json")
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	if code != exitInvalid || len(lines) != 2 || !strings.Contains(lines[0], "longer than") || lines[1] != `{"input":"/b","ok":true,"result":"/b"}` {
		t.Errorf("uri redirect with a long line: exit %d, %d lines, last %q", code, len(lines), lines[len(lines)-1])
	}
}
