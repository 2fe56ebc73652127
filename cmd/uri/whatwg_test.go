package main

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/gouri/uri/internal/testrows"
	"github.com/gouri/uri/whatwg"
)

// urlTestData is one case of the web-platform-tests file urltestdata.json,
// kept as testdata/conformance/wpt-url/urltestdata.jsonl of the module (see
// its README.md).
type urlTestData struct {
	Input        string  `json:"input"`
	Base         *string `json:"base"`
	Failure      bool    `json:"failure"`
	RelativeTo   string  `json:"relativeTo"`
	SearchParams *string `json:"searchParams"`
	Origin       *string `json:"origin"`
	getters
}

// readURLTestData returns the cases of urltestdata.jsonl.
func readURLTestData(t *testing.T) []urlTestData {
	t.Helper()
	return testrows.Vectors[urlTestData](t, "wpt-url", "urltestdata.jsonl")
}

// getters are the members of `uri parse --grammar whatwg --json` for a URL,
// named as the URL class names its getters; Origin is compared only where
// the test data gives it.
type getters struct {
	Href, Protocol, Username, Password, Host, Hostname, Port, Pathname, Search, Hash string
	Origin                                                                           string
}

// TestParseWHATWGURLTestData runs every case of the web-platform-tests
// file urltestdata.json through `uri parse --grammar whatwg --json [--base
// BASE] -- INPUT` and compares every getter, as the WPT test
// url-constructor.any.js does with new URL(input, base).
func TestParseWHATWGURLTestData(t *testing.T) {
	total, compared, failures := 0, 0, 0
	for _, tc := range readURLTestData(t) {
		total++
		args := []string{"parse", "--grammar", "whatwg", "--json"}
		if tc.Base != nil {
			args = append(args, "--base", *tc.Base)
		}
		args = append(args, "--", tc.Input)
		code, out, errOut := runCmd(t, "", args...)
		var got struct {
			Input string
			OK    bool
			Error string
			getters
		}
		if code == exitUsage && tc.Failure && strings.HasPrefix(errOut, "uri parse: --base ") && out == "" {
			failures++
			continue // new URL(input, base) throws for a base that does not parse
		}
		if err := json.Unmarshal([]byte(out), &got); err != nil || strings.Count(out, "\n") != 1 || errOut != "" {
			t.Errorf("uri %q: exit %d, output %q, stderr %q", args, code, out, errOut)
			continue
		}
		if got.Input != tc.Input || got.OK == tc.Failure || (code == exitOK) != got.OK || got.OK == (got.Error != "") {
			t.Errorf("uri %q: exit %d, %s; want failure %v", args, code, out, tc.Failure)
			continue
		}
		if tc.Failure {
			failures++
			continue
		}
		want := tc.getters
		if tc.Origin != nil {
			want.Origin = *tc.Origin
		} else {
			got.Origin = ""
		}
		if d := cmp.Diff(want, got.getters); d != "" {
			t.Errorf("uri %q (-want +got):\n%s", args, d)
			continue
		}
		compared++
	}
	t.Logf("urltestdata.json: %d cases; %d URLs with every getter equal, %d failures as expected", total, compared, failures)
	if total < 800 || compared+failures != total {
		t.Errorf("urltestdata.json: %d cases, %d pass", total, compared+failures)
	}
}

// TestParseWHATWGStdinURLTestData feeds every case of urltestdata.json
// that fits on one line (its input has no LF) to `uri parse --grammar
// whatwg --json [--base BASE]` on standard input, one per line, and
// compares every getter: a line is read as the URL Standard reads a
// string, as an operand is, control characters and all.
func TestParseWHATWGStdinURLTestData(t *testing.T) {
	groups := map[string][]urlTestData{} // by base; "\x00none" for none
	var order []string
	total := 0
	for _, tc := range readURLTestData(t) {
		if strings.Contains(tc.Input, "\n") {
			continue // a case that no line can hold
		}
		key := "\x00none"
		if tc.Base != nil {
			key = *tc.Base
		}
		if _, ok := groups[key]; !ok {
			order = append(order, key)
		}
		groups[key] = append(groups[key], tc)
		total++
	}
	compared := 0
	for _, key := range order {
		cases := groups[key]
		args := []string{"parse", "--grammar", "whatwg", "--json"}
		if key != "\x00none" {
			args = append(args, "--base", key)
		}
		var stdin strings.Builder
		for _, tc := range cases {
			stdin.WriteString(tc.Input + "\n")
		}
		code, out, errOut := runCmd(t, stdin.String(), args...)
		if code == exitUsage {
			// new URL(input, base) throws for a base that does not parse.
			for _, tc := range cases {
				if !tc.Failure {
					t.Errorf("uri %q: usage error %q, but %q parses against it", args, errOut, tc.Input)
				}
			}
			compared += len(cases)
			continue
		}
		lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
		if len(lines) != len(cases) || errOut != "" {
			t.Errorf("uri %q < %d lines: %d output lines, stderr %q", args, len(cases), len(lines), errOut)
			continue
		}
		for i, tc := range cases {
			var got struct {
				OK bool
				getters
			}
			if err := json.Unmarshal([]byte(lines[i]), &got); err != nil {
				t.Fatalf("uri %q, line %d: %v", args, i+1, err)
			}
			if got.OK == tc.Failure {
				t.Errorf("uri %q < %q: %s; want failure %v", args, tc.Input, lines[i], tc.Failure)
				continue
			}
			want := tc.getters
			if tc.Origin != nil {
				want.Origin = *tc.Origin
			} else {
				got.Origin = ""
			}
			if d := cmp.Diff(want, got.getters); !tc.Failure && d != "" {
				t.Errorf("uri %q < %q (-want +got):\n%s", args, tc.Input, d)
				continue
			}
			compared++
		}
	}
	t.Logf("urltestdata.json: %d cases on standard input, %d as expected", total, compared)
	if total < 800 || compared != total {
		t.Errorf("urltestdata.json: %d cases on standard input, %d as expected", total, compared)
	}
}

// TestParseWHATWG: the JSON members in order, the text line, the base, and
// standard input.
func TestParseWHATWG(t *testing.T) {
	tests := []struct {
		name  string
		args  []string
		stdin string
		code  int
		out   string
		err   string // standard error
	}{
		{"JSON, every getter", []string{"parse", "--grammar", "whatwg", "--json", "HTTPS://u:p@EXAMPLE.com:8443/a/../b c?q=1#f"}, "", exitOK,
			`{"input":"HTTPS://u:p@EXAMPLE.com:8443/a/../b c?q=1#f","ok":true,"href":"https://u:p@example.com:8443/b%20c?q=1#f","protocol":"https:","username":"u","password":"p","host":"example.com:8443","hostname":"example.com","port":"8443","pathname":"/b%20c","search":"?q=1","hash":"#f","origin":"https://example.com:8443","site":"example.com","params":[{"key":"q","value":"1"}]}` + "\n", ""},
		{"JSON, error", []string{"parse", "--grammar", "whatwg", "--json", "http://[::1"}, "", exitInvalid,
			`{"input":"http://[::1","ok":false,"error":"uri: IPv6-unclosed (the IPv6 address has no closing \"]\") at offset 11 (end of input) of \"http://[::1\"","offset":11}` + "\n", ""},
		{"JSON, opaque origin and empty getters", []string{"parse", "--grammar", "whatwg", "--json", "mailto:a@b"}, "", exitOK,
			`{"input":"mailto:a@b","ok":true,"href":"mailto:a@b","protocol":"mailto:","username":"","password":"","host":"","hostname":"","port":"","pathname":"a@b","search":"","hash":"","origin":"null","site":null,"params":null}` + "\n", ""},
		{"text: the href, or the error", []string{"parse", "--grammar", "whatwg", "http://0x7f.1/", " \thttp://h/a/./b\n", "https://example.org:7z/"}, "", exitInvalid,
			"http://127.0.0.1/\nhttp://h/a/b\n", "uri: operand 3: port-invalid (the port is not a number: \"z\" (U+007A) is not a digit) at offset 21 of \"https://example.org:7z/\"\n"},
		{"against a base", []string{"parse", "--grammar", "whatwg", "--base", "http://example.org/foo/bar", "../x", "?q", "//other/", "https:y"}, "", exitOK,
			"http://example.org/x\nhttp://example.org/foo/bar?q\nhttp://other/\nhttps://y/\n", ""},
		{"standard input, against a base", []string{"parse", "--grammar=whatwg", "--base=file:///C:/a/b"}, "..\\..\\c\r\n\n", exitOK,
			"file:///C:/c\nfile:///C:/a/b\n", ""},
		{"without a base, a relative reference fails", []string{"parse", "--grammar", "whatwg", "x"}, "", exitInvalid,
			"", "uri: operand 1: missing-scheme-non-relative-URL (the input has no scheme, and no base URL that it could be relative to) at offset 0 of \"x\"\n"},
		{"invalid UTF-8 is read as U+FFFD", []string{"parse", "--grammar", "whatwg", "--json", "http://h/\xff"}, "", exitOK,
			`{"input":"http://h/\ufffd","input_hex":"687474703a2f2f682fff","ok":true,"href":"http://h/%EF%BF%BD","protocol":"http:","username":"","password":"","host":"h","hostname":"h","port":"","pathname":"/%EF%BF%BD","search":"","hash":"","origin":"http://h","site":null,"params":null}` + "\n", ""},
		{"empty standard input", []string{"parse", "--grammar", "whatwg", "--json"}, "", exitOK, "", ""},
		// URL Standard, section 4.4: a line is read as the standard reads a
		// string, as an operand is; the command checks no control character.
		{"standard input: a tab inside is removed", []string{"parse", "--grammar", "whatwg", "--json"}, "http://example.com/foo\tbar\n", exitOK,
			`{"input":"http://example.com/foo\tbar","ok":true,"href":"http://example.com/foobar","protocol":"http:","username":"","password":"","host":"example.com","hostname":"example.com","port":"","pathname":"/foobar","search":"","hash":"","origin":"http://example.com","site":"example.com","params":null}` + "\n", ""},
		{"standard input: C0 controls and spaces around are stripped, CR inside removed, others encoded", []string{"parse", "--grammar", "whatwg"},
			" \x01http://h/a\rb\x7f\x00c\x1f \r\n\x00\t\n", exitInvalid,
			"http://h/ab%7F%00c\n", "uri: line 2: missing-scheme-non-relative-URL (the input has no scheme, and no base URL that it could be relative to) at offset 2 (end of input) of \"\\x00\\t\"\n"},
		{"standard input against a base: controls are read as an operand's", []string{"parse", "--grammar", "whatwg", "--base", "http://h/a/b"},
			"\t..\t/c\x01d\n\x1b\n", exitOK, "http://h/c%01d\nhttp://h/a/b\n", ""},
		// The Encoding Standard's UTF-8 decoder: each maximal ill-formed
		// subsequence is one U+FFFD.
		{"standard input: invalid UTF-8 is read as U+FFFD", []string{"parse", "--grammar", "whatwg"}, "http://h/\xe2\x82\nhttp://h/\xed\xa0\x80\n", exitOK,
			"http://h/%EF%BF%BD\nhttp://h/%EF%BF%BD%EF%BF%BD%EF%BF%BD\n", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			code, out, errOut := runCmd(t, tt.stdin, tt.args...)
			if code != tt.code || errOut != tt.err {
				t.Errorf("uri %q: exit %d, stderr %q; want %d, %q", tt.args, code, errOut, tt.code, tt.err)
			}
			if d := cmp.Diff(tt.out, out); d != "" {
				t.Errorf("uri %q (-want +got):\n%s", tt.args, d)
			}
		})
	}
}

// TestParseWHATWGUsage: a base that does not parse, and --base where it
// does not apply, are usage errors with one message and no output.
func TestParseWHATWGUsage(t *testing.T) {
	tests := []struct {
		args   []string
		stderr string
	}{
		{[]string{"parse", "--grammar", "whatwg", "--base", "nope", "x"},
			"uri parse: --base \"nope\": missing-scheme-non-relative-URL (the input has no scheme, and no base URL that it could be relative to) at offset 0\n"},
		{[]string{"parse", "--grammar", "whatwg", "--base", "", "x"},
			"uri parse: --base \"\": missing-scheme-non-relative-URL (the input has no scheme, and no base URL that it could be relative to) at offset 0 (end of input)\n"},
		{[]string{"parse", "--grammar", "whatwg", "--base", "http://[::1", "x"},
			"uri parse: --base \"http://[::1\": IPv6-unclosed (the IPv6 address has no closing \"]\") at offset 11 (end of input)\n"},
		{[]string{"parse", "--base", "http://a/", "x"}, "uri parse: --base applies only to --grammar whatwg\n"},
		{[]string{"parse", "--grammar", "rfc2396", "--base", "http://a/", "x"}, "uri parse: --base applies only to --grammar whatwg\n"},
		{[]string{"parse", "--grammar", "whatwg", "--zone", "x"}, "uri parse: --grammar and --zone cannot be combined\n"},
		{[]string{"parse", "--grammar", "whatwgx", "x"},
			"uri parse: unknown grammar \"whatwgx\" (want one of rfc1738, rfc1808, rfc2068, rfc2396, rfc2732, rfc2616, or whatwg)\n"},
	}
	for _, tt := range tests {
		code, out, errOut := runCmd(t, "x\n", tt.args...)
		if code != exitUsage || out != "" || errOut != tt.stderr {
			t.Errorf("uri %q: exit %d, stdout %q, stderr %q; want %d and %q", tt.args, code, out, errOut, exitUsage, tt.stderr)
		}
	}
}

// TestResolveWHATWG: uri resolve --grammar whatwg --base BASE resolves as
// new URL(REF, BASE) does: the text line is the href, and each JSON object
// is that of uri parse --grammar whatwg --base BASE --json with the members
// of every object of resolve: "base" after "input", and "result", the
// href, after "ok".
func TestResolveWHATWG(t *testing.T) {
	const base = "http://example.org/foo/bar"
	tests := []struct {
		name  string
		args  []string
		stdin string
		code  int
		out   string
		err   string // standard error
	}{
		{"text: the href", []string{"resolve", "--grammar", "whatwg", "--base", base, "../x", "?q", "//other/", "https:y", " \t../a b\n", `\\evil.com`}, "", exitOK,
			"http://example.org/x\nhttp://example.org/foo/bar?q\nhttp://other/\nhttps://y/\nhttp://example.org/a%20b\nhttp://evil.com/\n", ""},
		{"text: an error goes to standard error", []string{"resolve", "--grammar", "whatwg", "--base", base, "http://[::1", "x"}, "", exitInvalid,
			"http://example.org/foo/x\n", "uri: operand 1: IPv6-unclosed (the IPv6 address has no closing \"]\") at offset 11 (end of input) of \"http://[::1\"\n"},
		{"JSON", []string{"resolve", "--grammar", "whatwg", "--base", base, "--json", "../a?b#c"}, "", exitOK,
			`{"input":"../a?b#c","base":"http://example.org/foo/bar","ok":true,"result":"http://example.org/a?b#c","href":"http://example.org/a?b#c","protocol":"http:","username":"","password":"","host":"example.org","hostname":"example.org","port":"","pathname":"/a","search":"?b","hash":"#c","origin":"http://example.org","site":"example.org","params":[{"key":"b","value":""}]}` + "\n", ""},
		{"JSON error", []string{"resolve", "--grammar", "whatwg", "--base", base, "--json", "http://h:x/"}, "", exitInvalid,
			`{"input":"http://h:x/","base":"http://example.org/foo/bar","ok":false,"error":"uri: port-invalid (the port is not a number: \"x\" (U+0078) is not a digit) at offset 9 of \"http://h:x/\"","offset":9}` + "\n", ""},
		{"standard input, read as the standard reads a string", []string{"resolve", "--grammar=whatwg", "--base=file:///C:/a/b"}, "..\\..\\c\r\n\t.\x01/d\n\n", exitOK,
			"file:///C:/c\nfile:///C:/a/.%01/d\nfile:///C:/a/b\n", ""},
		{"a relative base is a usage error", []string{"resolve", "--grammar", "whatwg", "--base", "/a", "g"}, "", exitUsage,
			"", "uri resolve: --base \"/a\": missing-scheme-non-relative-URL (the input has no scheme, and no base URL that it could be relative to) at offset 0\n"},
		{"--base is required", []string{"resolve", "--grammar", "whatwg", "g"}, "", exitUsage, "", "uri resolve: --base is required\n"},
		{"not with --non-strict", []string{"resolve", "--grammar", "whatwg", "--non-strict", "--base", base, "g"}, "", exitUsage,
			"", "uri resolve: --grammar and --non-strict cannot be combined\n"},
		{"an unknown grammar names whatwg", []string{"resolve", "--grammar", "url", "--base", base, "g"}, "", exitUsage,
			"", "uri resolve: unknown grammar \"url\" (want rfc1808, rfc2396 or whatwg)\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			code, out, errOut := runCmd(t, tt.stdin, tt.args...)
			if code != tt.code || errOut != tt.err {
				t.Errorf("uri %q: exit %d, stderr %q; want %d, %q", tt.args, code, errOut, tt.code, tt.err)
			}
			if d := cmp.Diff(tt.out, out); d != "" {
				t.Errorf("uri %q (-want +got):\n%s", tt.args, d)
			}
		})
	}
	// The same object as uri parse --grammar whatwg --base, plus resolve's members.
	for _, in := range []string{"../x", "?q", "#f", "//u:p@[::1]:8080/a/./b", "mailto:x", "http://[::1", " \t/a\n", "\xff", ""} {
		_, parsed, _ := runCmd(t, "", "parse", "--grammar", "whatwg", "--base", base, "--json", "--", in)
		_, resolved, _ := runCmd(t, "", "resolve", "--grammar", "whatwg", "--base", base, "--json", "--", in)
		var p, r map[string]any
		if err := json.Unmarshal([]byte(parsed), &p); err != nil {
			t.Fatal(err)
		}
		if err := json.Unmarshal([]byte(resolved), &r); err != nil {
			t.Fatal(err)
		}
		p["base"] = base
		if p["ok"] == true {
			p["result"] = p["href"]
		}
		if d := cmp.Diff(p, r); d != "" {
			t.Errorf("uri resolve --grammar whatwg --json %q differs from uri parse's (-parse +resolve):\n%s", in, d)
		}
	}
}

// TestWHATWGInputPlain: what a URL's line knows of its input's plainness
// is what plainJSON finds, for inputs that are their own href (with '"',
// '\\', spaces of an opaque path, and longer than a piece of the output)
// and inputs that are not.
func TestWHATWGInputPlain(t *testing.T) {
	inputs := []string{`sc:a"b`, `sc:a\b`, "sc:a b", "javascript:alert(1)", "https://example.com/",
		"https://example.com/" + strings.Repeat("a", strChunk), "https://example.com/" + strings.Repeat("a", strChunk-20),
		"HTTPS://example.com/", `http://h/"x`, "https://example.com"}
	for _, name := range testrows.Samples() {
		inputs = append(inputs, testrows.URLs(t, name)...)
	}
	own := 0
	for _, in := range inputs {
		u, err := whatwg.Parse(in)
		if err != nil {
			continue
		}
		l := &whatwgLine{u: u}
		plain, known := l.inputPlain(in)
		if known != (u.Href() == in) || known && plain != plainJSON(in) {
			t.Errorf("inputPlain(%q) = %v, %v; plainJSON gives %v, and the href is %q", in, plain, known, plainJSON(in), u.Href())
		}
		if known {
			own++
		}
	}
	if own < 1000 {
		t.Errorf("%d inputs were their own href, want more", own)
	}
}
