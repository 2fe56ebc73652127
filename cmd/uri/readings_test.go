package main

import (
	"encoding/json"
	"io"
	"runtime"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/gouri/uri/internal/oracle"
)

// TestReadingsJSON: the members of `uri readings --json`, in order, for a
// URL whose readings disagree on the host, one that two parsers reject, and
// one on which they agree.
func TestReadingsJSON(t *testing.T) {
	tests := []struct {
		in   string
		code int
		want string
	}{
		{"http://127.1/", exitInvalid, `{"input":"http://127.1/",` +
			`"rfc3986":{"scheme":"http","username":null,"password":null,"host":"127.1","host_kind":"reg-name","port":null,"path":"/","query":null,"fragment":null},"rfc3986_error":null,` +
			`"whatwg":{"scheme":"http","username":null,"password":null,"host":"127.0.0.1","host_kind":"IPv4","port":null,"path":"/","query":null,"fragment":null},"whatwg_error":null,` +
			`"neturl":{"scheme":"http","username":null,"password":null,"host":"127.1","host_kind":"reg-name","port":null,"path":"/","query":null,"fragment":null},"neturl_error":null,` +
			`"dial":"127.1:80","dial_error":null,"agree":false,"differences":[` +
			`"host: rfc3986 \"127.1\" (reg-name), whatwg \"127.0.0.1\" (IPv4), neturl \"127.1\" (reg-name)",` +
			`"dial: net/http dials \"127.1:80\" (127.0.0.1 to resolvers that read numbers as inet_aton does); whatwg host \"127.0.0.1\" (IPv4), port none (default 80)"]}`},
		{"http://a\\b@c/", exitInvalid, `{"input":"http://a\\b@c/",` +
			`"rfc3986":null,"rfc3986_error":"uri: invalid character \"\\\\\" in authority at offset 8 of \"http://a\\\\b@c/\"",` +
			`"whatwg":{"scheme":"http","username":null,"password":null,"host":"a","host_kind":"domain","port":null,"path":"/b@c/","query":null,"fragment":null},"whatwg_error":null,` +
			`"neturl":null,"neturl_error":"parse \"http://a\\\\b@c/\": net/url: invalid userinfo",` +
			`"dial":null,"dial_error":"parse \"http://a\\\\b@c/\": net/url: invalid userinfo","agree":false,` +
			`"differences":["valid: accepted by whatwg, rejected by rfc3986 and neturl"]}`},
		// Every reading's host is without the brackets of an IP literal,
		// as net/url's Hostname gives it.
		{"https://u:p@[::1]:8443/a?q#f", exitOK, `{"input":"https://u:p@[::1]:8443/a?q#f",` +
			`"rfc3986":{"scheme":"https","username":"u","password":"p","host":"::1","host_kind":"IPv6","port":"8443","path":"/a","query":"q","fragment":"f"},"rfc3986_error":null,` +
			`"whatwg":{"scheme":"https","username":"u","password":"p","host":"::1","host_kind":"IPv6","port":"8443","path":"/a","query":"q","fragment":"f"},"whatwg_error":null,` +
			`"neturl":{"scheme":"https","username":"u","password":"p","host":"::1","host_kind":"IPv6","port":"8443","path":"/a","query":"q","fragment":"f"},"neturl_error":null,` +
			`"dial":"[::1]:8443","dial_error":null,"agree":true,"differences":[]}`},
	}
	for _, tt := range tests {
		code, out, errOut := runCmd(t, "", "readings", "--json", tt.in)
		if code != tt.code || errOut != "" {
			t.Errorf("uri readings --json %q: exit %d, stderr %q; want %d", tt.in, code, errOut, tt.code)
		}
		if d := cmp.Diff(tt.want+"\n", out); d != "" {
			t.Errorf("uri readings --json %q (-want +got):\n%s", tt.in, d)
		}
	}
}

// TestReadingsTricky: the inputs that fool SSRF filters each get the
// differences they should, one JSON line per input, in order.
func TestReadingsTricky(t *testing.T) {
	tests := []struct {
		in      string
		dial    *string
		aspects []string
	}{
		{"http://127.1/", ptr("127.1:80"), []string{"host", "dial"}},
		{"http://0x7f.1/", ptr("0x7f.1:80"), []string{"host", "dial"}},
		{"https:evil.com/", nil, []string{"host", "path"}},
		{`http://a\b@c/`, nil, []string{"valid"}},
		{"http://１２７.０.０.１/", ptr("127.0.0.1:80"), []string{"valid", "host", "dial"}},
		{"http://[::1]/", ptr("[::1]:80"), nil},
		{"http://user@evil.com@good.com/", ptr("good.com:80"), []string{"valid"}},
		{"http://ho\tst/", nil, []string{"valid"}},
		{" http://h/ ", nil, []string{"valid"}},
		{"http://h/ ", ptr("h:80"), []string{"valid", "path"}},
	}
	args := []string{"readings", "--json", "--"}
	for _, tt := range tests {
		args = append(args, tt.in)
	}
	code, out, errOut := runCmd(t, "", args...)
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	if code != exitInvalid || errOut != "" || len(lines) != len(tests) {
		t.Fatalf("uri readings: exit %d, %d lines, stderr %q", code, len(lines), errOut)
	}
	for i, tt := range tests {
		var row struct {
			Input       string
			Dial        *string
			Agree       bool
			Differences []string
		}
		if err := json.Unmarshal([]byte(lines[i]), &row); err != nil {
			t.Fatalf("line %d: %v", i+1, err)
		}
		var aspects []string
		for _, d := range row.Differences {
			aspects = append(aspects, d[:strings.Index(d, ":")])
		}
		if row.Input != tt.in || !cmp.Equal(tt.dial, row.Dial) || !cmp.Equal(tt.aspects, aspects) || row.Agree != (tt.aspects == nil) {
			t.Errorf("uri readings %q: %s\nwant dial %v and differences in %q", tt.in, lines[i], deref(tt.dial), tt.aspects)
		}
	}
}

func ptr(s string) *string { return &s }

func deref(p *string) any {
	if p == nil {
		return nil
	}
	return *p
}

// TestReadingsText: one line per input, on standard input too, and the
// exit status: 0 when every input's readings agree.
func TestReadingsText(t *testing.T) {
	code, out, _ := runCmd(t, "", "readings", "http://[::1]/", "ftp://example.com/", "http://[::1", "http://0x7f.1/")
	want := `"http://[::1]/" agree dial="[::1]:80"
"ftp://example.com/" agree dial=none (unsupported protocol scheme "ftp")
"http://[::1" invalid dial=none (parse "http://[::1": missing ']' in host)
"http://0x7f.1/" disagree dial="0x7f.1:80"; host: rfc3986 "0x7f.1" (reg-name), whatwg "127.0.0.1" (IPv4), neturl "0x7f.1" (reg-name); dial: net/http dials "0x7f.1:80" (127.0.0.1 to resolvers that read numbers as inet_aton does); whatwg host "127.0.0.1" (IPv4), port none (default 80)
`
	if d := cmp.Diff(want, out); d != "" || code != exitInvalid {
		t.Errorf("uri readings: exit %d (-want +got):\n%s", code, d)
	}
	code, out, _ = runCmd(t, "https://example.com/\r\nhttp://EXAMPLE.com:80/a/./b\n", "readings")
	want = `"https://example.com/" agree dial="example.com:443"
"http://EXAMPLE.com:80/a/./b" agree dial="EXAMPLE.com:80"
`
	if d := cmp.Diff(want, out); d != "" || code != exitOK {
		t.Errorf("uri readings < stdin: exit %d (-want +got):\n%s", code, d)
	}
	if code, out, _ := runCmd(t, "", "readings", "--json"); code != exitOK || out != "" {
		t.Errorf("uri readings < empty: exit %d, %q", code, out)
	}
	// A line with a control character is read as it is, as an operand is:
	// readers differ on them (the URL Standard removes a tab anywhere).
	code, out, _ = runCmd(t, "http://ho\tst/\n", "readings")
	want = `"http://ho\tst/" disagree dial=none (parse "http://ho\tst/": net/url: invalid control character in URL); valid: accepted by whatwg, rejected by rfc3986 and neturl` + "\n"
	if d := cmp.Diff(want, out); d != "" || code != exitInvalid {
		t.Errorf("uri readings < tab: exit %d (-want +got):\n%s", code, d)
	}
}

// TestReadingsMemory: what `uri readings` allocates for one long line stays
// a bounded multiple of the line. The three parsers each make their own
// copies (net/url several), and each text that the comparison reads is
// encoded and normalized once, so the bound is higher than TestMemory's;
// an allocation per byte or per change (a list of edits for a line of
// spaces) would exceed it by far. A line of a megabyte shows it: the bound
// is a multiple of the line, and what does not grow with the line only
// makes a shorter line harder to pass.
func TestReadingsMemory(t *testing.T) {
	if oracle.Short() {
		t.Skip("allocates tens of megabytes, with -short and under the race detector")
	}
	const n = 1 << 20
	for _, line := range []string{
		"http://h/" + strings.Repeat("a/", n/2),
		"http://h/" + strings.Repeat("a/../", n/5),
		"http://h/?" + strings.Repeat("a b", n/3),
		"http://h/#" + strings.Repeat("a#", n/2),
		"http://h/" + strings.Repeat("%zz", n/3),
		"http://" + strings.Repeat("é", n/2) + "/",
	} {
		for _, args := range [][]string{{"readings", "--json"}, {"readings"}} {
			var before, after runtime.MemStats
			runtime.GC()
			runtime.ReadMemStats(&before)
			run(args, strings.NewReader(line+"\n"), io.Discard, io.Discard)
			runtime.ReadMemStats(&after)
			if got := after.TotalAlloc - before.TotalAlloc; got > 32*uint64(len(line)) {
				t.Errorf("uri %q on %.20q... (%d bytes) allocates %.1f times the line", args, line, len(line), float64(got)/float64(len(line)))
			}
		}
	}
}
