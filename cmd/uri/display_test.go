package main

import (
	"strings"
	"testing"

	"github.com/gouri/uri/internal/testrows"
)

// TestDisplay: uri display prints each URL as a browser's address bar
// shows it, with the host in Unicode only where no spoof check fails.
func TestDisplay(t *testing.T) {
	tests := []struct {
		why    string
		args   []string
		stdin  string
		code   int
		stdout string
		stderr string
	}{
		{"a safe A-label in Unicode, the path decoded", []string{"https://xn--bcher-kva.de/caf%C3%A9"}, "", 0, "https://bücher.de/café\n", ""},
		{"a Cyrillic look-alike of a Latin name stays in A-labels, raw or not",
			[]string{"https://xn--80ak6aa92e.com/", "http://аррӏе.com/"}, "", 0,
			"https://xn--80ak6aa92e.com/\nhttp://xn--80ak6aa92e.com/\n", ""},
		{"a bidi control and a space stay encoded", []string{"https://h/%E2%80%AE%20x"}, "", 0, "https://h/%E2%80%AE%20x\n", ""},
		{"a line is the URL as it is", nil, " https://xn--bcher-kva.de/\t\n", 0, "https://bücher.de/\n", ""},
		{"an empty standard input", nil, "", 0, "", ""},
		{"invalid UTF-8 is read as U+FFFD and stays encoded", nil, "https://h/\xff\n", 0, "https://h/%EF%BF%BD\n", ""},
		{"Chromium does not let Latin mix with Thai", []string{"http://abcกข.com/"}, "", 0, "http://xn--abc-gklf.com/\n", ""},
		{"Firefox lets Latin mix with one other script, but not Cyrillic",
			[]string{"--profile", "firefox", "http://abcกข.com/", "https://xn--pypal-4ve.com/"}, "", 0,
			"http://abcกข.com/\nhttps://xn--pypal-4ve.com/\n", ""},
		{"a URL that does not parse", []string{"http://[::1"}, "", 1, "",
			`uri: operand 1: IPv6-unclosed (the IPv6 address has no closing "]") at offset 11 (end of input) of "http://[::1"` + "\n"},
		{"JSON: a reason per label", []string{"--json", "http://xn--e1awd7f.com/"}, "", 0,
			`{"input":"http://xn--e1awd7f.com/","ok":true,"result":"http://xn--e1awd7f.com/","credentials":false,"host":"xn--e1awd7f.com","labels":[{"ascii":"xn--e1awd7f","unicode":"еріс","reason":"whole-script-confusable"},{"ascii":"com","unicode":null,"reason":"safe"}],"similar_to":null}` + "\n", ""},
		{"JSON: no domain, no labels", []string{"--json", "mailto:a@b"}, "", 0,
			`{"input":"mailto:a@b","ok":true,"result":"mailto:a@b","credentials":false,"host":null,"labels":[],"similar_to":null}` + "\n", ""},
		{"the userinfo is left out: it is where a URL passes for another",
			[]string{"https://accounts.google.com:login@evil.example/", "https://www.paypal.com%2Fsignin@evil.example/x"}, "", 0,
			"https://evil.example/\nhttps://evil.example/x\n", ""},
		{"JSON: credentials left out are said, not shown", []string{"--json", "https://u:secret@bücher.de/"}, "", 0,
			`{"input":"https://u:secret@bücher.de/","ok":true,"result":"https://bücher.de/","credentials":true,"host":"xn--bcher-kva.de","labels":[{"ascii":"xn--bcher-kva","unicode":"bücher","reason":"safe"},{"ascii":"de","unicode":null,"reason":"safe"}],"similar_to":null}` + "\n", ""},
		{"an unknown profile is a usage error", []string{"--profile", "safari", "http://h/"}, "", 2, "",
			"uri display: unknown profile \"safari\" (chromium or firefox)\n"},
	}
	for _, tt := range tests {
		code, stdout, stderr := runCmd(t, tt.stdin, append([]string{"display"}, tt.args...)...)
		if code != tt.code || stdout != tt.stdout || stderr != tt.stderr {
			t.Errorf("%s: uri display %q <%q = %d\n%s%s\nwant %d\n%s%s", tt.why, tt.args, tt.stdin, code, stdout, stderr, tt.code, tt.stdout, tt.stderr)
		}
	}
	// A long line is an error of its own, and the next line is still read.
	code, stdout, stderr := runCmd(t, "https://h/"+strings.Repeat("a", 17<<20)+"\nhttps://xn--bcher-kva.de/\n", "display")
	if code != 1 || stdout != "https://bücher.de/\n" || !strings.Contains(stderr, "line 1") {
		t.Errorf("uri display of a line over 16 MiB = %d, %q, %.200q", code, stdout, stderr)
	}
}

// TestNoSpoofShown: no host that Chromium's rules keep in A-labels (the
// unsafe rows of its unit test, testdata/conformance/chromium-idn) is shown
// in Unicode by uri display or uri uri-to-iri. The rows that depend on the
// test's own list of top domains are left out: the command compares with
// Chromium's real list.
func TestNoSpoofShown(t *testing.T) {
	type row struct {
		Table        string  `json:"table"`
		Index        int     `json:"index"`
		Input        string  `json:"input"`
		Unicode      *string `json:"unicode"`
		Expected     string  `json:"expected"`
		Transitional string  `json:"transitional"`
		Platform     string  `json:"platform"`
		TopDomain    string  `json:"top_domain_match"`
	}
	var urls []string
	var labels []string
	for _, r := range testrows.Vectors[row](t, "chromium-idn", "idn_to_unicode.jsonl") {
		if r.Expected == "safe" || r.TopDomain != "" || r.Unicode == nil || r.Input == "" || strings.ContainsAny(r.Input, "!?") {
			continue
		}
		urls = append(urls, "http://"+r.Input+"/")
		labels = append(labels, *r.Unicode)
	}
	if len(urls) < 150 {
		t.Fatalf("only %d rows", len(urls))
	}
	for _, cmd := range []string{"display", "uri-to-iri"} {
		_, stdout, _ := runCmd(t, strings.Join(urls, "\n")+"\n", cmd)
		lines := strings.Split(strings.TrimSuffix(stdout, "\n"), "\n")
		if len(lines) != len(urls) {
			t.Fatalf("uri %s: %d lines for %d URLs", cmd, len(lines), len(urls))
		}
		for i, line := range lines {
			if line != urls[i] {
				t.Errorf("uri %s %q = %q, which shows %q", cmd, urls[i], line, labels[i])
			}
		}
	}
}
