package main

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"net"
	"net/netip"
	"strconv"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/gouri/uri"
	"github.com/gouri/uri/guard"
)

// TestGuardJSON: the objects of `uri guard --json`, in order, and the exit
// status: 0 when every input is allowed, 1 when any is refused.
func TestGuardJSON(t *testing.T) {
	tests := []struct {
		args []string
		code int
		want []string
	}{
		{[]string{"http://example.com/", "https://bücher.example/a"}, exitOK, []string{
			`{"input":"http://example.com/","ok":true,"target":"example.com:80"}`,
			`{"input":"https://bücher.example/a","ok":true,"target":"xn--bcher-kva.example:443"}`,
		}},
		{[]string{"http://example.com/", "http://[::ffff:127.0.0.1]/"}, exitInvalid, []string{
			`{"input":"http://example.com/","ok":true,"target":"example.com:80"}`,
			`{"input":"http://[::ffff:127.0.0.1]/","ok":false,"error":"guard: refused \"http://[::ffff:127.0.0.1]/\": address: ::ffff:127.0.0.1 is an IPv4-mapped address (::ffff:0.0.0.0/96, RFC 4291, Section 2.5.5.2) that carries 127.0.0.1, a loopback address (127.0.0.0/8, RFC 1122, Section 3.2.1.3)","rule":"address","offset":null}`,
		}},
		{[]string{"http://169.254.169.254/latest/meta-data/"}, exitInvalid, []string{
			`{"input":"http://169.254.169.254/latest/meta-data/","ok":false,"error":"guard: refused \"http://169.254.169.254/latest/meta-data/\": address: 169.254.169.254 is the cloud metadata address (the instance metadata service of AWS, Google Cloud, Azure and others)","rule":"address","offset":null}`,
		}},
		{[]string{"http://[fe80::1%25eth0]/"}, exitInvalid, []string{
			`{"input":"http://[fe80::1%25eth0]/","ok":false,"error":"guard: refused \"http://[fe80::1%25eth0]/\": parse: the URL Standard rejects it: IPv6-invalid-code-point (\"%\" (U+0025) is neither a hex digit nor \":\" in the IPv6 address) at offset 15","rule":"parse","offset":15}`,
		}},
	}
	for _, tt := range tests {
		code, out, errOut := runCmd(t, "", append([]string{"guard", "--json", "--"}, tt.args...)...)
		if code != tt.code || errOut != "" {
			t.Errorf("uri guard --json %q: exit %d, stderr %q; want %d", tt.args, code, errOut, tt.code)
		}
		if d := cmp.Diff(strings.Join(tt.want, "\n")+"\n", out); d != "" {
			t.Errorf("uri guard --json %q (-want +got):\n%s", tt.args, d)
		}
	}
}

// TestGuardRules: each rule by its stable name, one JSON line per input
// from standard input, where a line is the URL as it is (a tab included),
// under an allowlist (--only-host) that holds the host of every input but
// example.org's: the other rules refuse what they refuse without it.
func TestGuardRules(t *testing.T) {
	tests := []struct{ in, rule string }{
		{"http://example.com/", ""},
		{"ftp://example.com/", "scheme"},
		{"http://good.example@evil.example/", "userinfo"},
		{"http://127.1/", "address"},
		{"http://１２７.０.０.１/", "address"},
		{"http://[64:ff9b::7f00:1]/", "address"},
		{"http://LocalHost./", "localhost"},
		{"http://Metadata.Google.Internal./computeMetadata/v1/", "metadata"},
		{"http://example.com:25/", "port"},
		{"http://8.8.8.8./", "disagree"},
		{"http:/example.com/", "parse"},
		{"http://a\\b@127.0.0.1/", "parse"},
		{"https://example.org/", "allowlist"},
		{"http://exa\tmple.com/", "parse"},
	}
	var stdin strings.Builder
	for _, tt := range tests {
		stdin.WriteString(tt.in + "\n")
	}
	code, out, errOut := runCmd(t, stdin.String(), "guard", "--json", "--allow-public-suffix-wildcard", "--only-host", "*.com", "--only-host", "*.example", "--only-host", "127.1", "--only-host", "8.8.8.8", "--only-host", "[64:ff9b::7f00:1]", "--only-host", "１２７.０.０.１")
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	if code != exitInvalid || errOut != "" || len(lines) != len(tests) {
		t.Fatalf("uri guard --json: exit %d, %d lines, stderr %q", code, len(lines), errOut)
	}
	for i, tt := range tests {
		want := `"ok":true`
		if tt.rule != "" {
			want = `"rule":"` + tt.rule + `"`
		}
		if !strings.Contains(lines[i], want) {
			t.Errorf("uri guard %q: %s\nwant %s", tt.in, lines[i], want)
		}
	}
}

// TestGuardText: results on standard output, refusals on standard error
// after the operand's number, flags after the operands.
func TestGuardText(t *testing.T) {
	code, out, errOut := runCmd(t, "", "guard", "http://example.com/", "http://localhost/", "--allow-port", "8080", "http://example.com:8080/")
	wantOut := "\"http://example.com/\" dial=\"example.com:80\"\n\"http://example.com:8080/\" dial=\"example.com:8080\"\n"
	wantErr := "uri: operand 2: guard: refused \"http://localhost/\": localhost: \"localhost\" always names this host (RFC 6761, Section 6.3)\n"
	if code != exitInvalid || out != wantOut || errOut != wantErr {
		t.Errorf("uri guard: exit %d\nstdout %q\nstderr %q\nwant 1, %q, %q", code, out, errOut, wantOut, wantErr)
	}
	if code, out, errOut := runCmd(t, "", "guard"); code != exitOK || out != "" || errOut != "" {
		t.Errorf("uri guard < empty: exit %d, %q, %q; want 0 and nothing", code, out, errOut)
	}
}

// TestGuardFlags: each flag allows what it says, and a bad value is a
// usage error.
func TestGuardFlags(t *testing.T) {
	tests := []struct {
		args []string
		code int
	}{
		{[]string{"http://example.com:8080/"}, exitInvalid},
		{[]string{"--allow-port", "8080", "http://example.com:8080/"}, exitOK},
		{[]string{"--allow-port=8080", "--allow-port", "8443", "http://example.com:8443/"}, exitOK},
		{[]string{"ws://example.com/"}, exitInvalid},
		{[]string{"--allow-scheme", "ws", "ws://example.com/"}, exitOK},
		{[]string{"--allow-scheme", "ws", "--allow-scheme", "wss", "wss://example.com/"}, exitOK},
		{[]string{"http://10.0.0.1/"}, exitInvalid},
		{[]string{"--allow-private", "http://10.0.0.1/", "http://[fd00::1]/", "http://100.64.0.1/"}, exitOK},
		{[]string{"--allow-private", "http://127.0.0.1/"}, exitInvalid},
		{[]string{"--allow-private", "http://169.254.169.254/"}, exitInvalid},
		{[]string{"http://127.0.0.2/"}, exitInvalid},
		{[]string{"--allow-network", "127.0.0.2/32", "http://127.0.0.2/"}, exitOK},
		{[]string{"--allow-network", "127.0.0.2", "http://127.0.0.2/"}, exitOK},
		{[]string{"--allow-network", "127.0.0.0/8", "http://127.0.0.1/", "http://127.1.2.3/"}, exitOK},
		{[]string{"--allow-network", "::1", "http://[::1]/"}, exitOK},
		{[]string{"--allow-network", "127.0.0.2/32", "http://127.0.0.1/"}, exitInvalid},
		{[]string{"--allow-network", "127.0.0.0/8", "http://localhost/"}, exitInvalid},
		{[]string{"--allow-host", "localhost", "http://localhost/"}, exitOK},
		{[]string{"--allow-host", "LocalHost.", "--allow-host", "metadata", "http://localhost./", "http://metadata/"}, exitOK},
		{[]string{"--allow-host", "localhost", "http://a.localhost/"}, exitInvalid},
		{[]string{"--allow-host", "*.localhost.example", "--allow-host", "[::1]", "http://a.localhost.example/", "http://[0::1]/"}, exitOK},
		{[]string{"--allow-host", "*.com", "http://localhost.com/"}, exitUsage},
		{[]string{"--allow-host", "a.example:80", "http://a.example/"}, exitUsage},
		{[]string{"--only-host", "*.example.com", "https://hooks.example.com/a", "https://a.b.example.com/"}, exitOK},
		{[]string{"--only-host", "*.example.com", "https://example.com/"}, exitInvalid},
		{[]string{"--only-host", "example.com", "--only-host", "example.org", "https://example.org/"}, exitOK},
		{[]string{"--only-host", "127.0.0.1", "http://127.0.0.1/"}, exitInvalid},
		{[]string{"--only-host", "127.0.0.1", "--allow-network", "127.0.0.1/32", "http://127.0.0.1/"}, exitOK},
		{[]string{"--allow-network", "127.0.0.2/33"}, exitUsage},
		{[]string{"--allow-network", "localhost"}, exitUsage},
		{[]string{"--allow-host="}, exitUsage},
		{[]string{"--only-host="}, exitUsage},
		{[]string{"--only-host", "*.com", "http://evil.com/"}, exitUsage},
		{[]string{"--only-host", "*.com", "--allow-public-suffix-wildcard", "http://evil.com/"}, exitOK},
		{[]string{"--only-host", "example.com:443", "https://example.com/"}, exitUsage},
		{[]string{"--allow-port", "x"}, exitUsage},
		{[]string{"--allow-port", "65536"}, exitUsage},
		{[]string{"--allow-scheme="}, exitUsage},
		{[]string{"--allow-everything"}, exitUsage},
	}
	for _, tt := range tests {
		if code, _, _ := runCmd(t, "", append([]string{"guard"}, tt.args...)...); code != tt.code {
			t.Errorf("uri guard %q: exit %d, want %d", tt.args, code, tt.code)
		}
	}
}

// TestHostPatterns: `uri guard --only-host` and `uri redirect --allow`
// read a host pattern by one set of rules, and say the same of a bad one:
// a usage error that names the flag and the pattern, with the reason of
// guard.NewHostList, at the same place in the pattern.
func TestHostPatterns(t *testing.T) {
	tests := []struct {
		pattern string
		ok      bool
	}{
		{"*.example.com", true},
		{"Bücher.example", true},
		{"[2001:db8::1]", true},
		{"*.com", false},
		{"*.github.io", false},
		{"*.internal", false},
		{"*.8.8.8", false},
		{"a.*.example.com", false},
		{"ex%61mple.com", false},
		{"*.exa mple.com", false},
		{"1.2.3.256", false},
		{"a..example.com", false},
	}
	for _, tt := range tests {
		gcode, _, gerr := runCmd(t, "", "guard", "--only-host", tt.pattern, "https://a.example.com/")
		rcode, _, rerr := runCmd(t, "", "redirect", "--from", "https://a.example.com/", "--allow", "https://"+tt.pattern, "/x")
		if tt.ok {
			if gcode == exitUsage || rcode == exitUsage {
				t.Errorf("%q: uri guard exit %d (%q), uri redirect exit %d (%q); want no usage error", tt.pattern, gcode, gerr, rcode, rerr)
			}
			continue
		}
		_, err := guard.NewHostList([]string{tt.pattern}, guard.HostListOptions{})
		var e *uri.Error
		if !errors.As(err, &e) {
			t.Fatalf("NewHostList(%q) = %v", tt.pattern, err)
		}
		reason := " (" + e.Detail + ") at offset "
		wantG := "uri guard: --only-host " + strconv.Quote(tt.pattern) + ": invalid host pattern" + reason + strconv.Itoa(e.Offset)
		wantR := "uri redirect: --allow " + strconv.Quote("https://"+tt.pattern) + ": invalid entry" + reason + strconv.Itoa(e.Offset+8)
		if gcode != exitUsage || !strings.HasPrefix(gerr, wantG) || rcode != exitUsage || !strings.HasPrefix(rerr, wantR) {
			t.Errorf("%q:\nuri guard: exit %d, %q\nuri redirect: exit %d, %q\nwant 2, %q and %q", tt.pattern, gcode, gerr, rcode, rerr, wantG, wantR)
		}
	}
	if code, _, errOut := runCmd(t, "", "redirect", "--from", "https://a/", "--allow", "https://*.com", "--allow-public-suffix-wildcard", "https://evil.com/"); code != exitOK {
		t.Errorf("uri redirect --allow https://*.com --allow-public-suffix-wildcard: exit %d, %q; want 0", code, errOut)
	}
}

// TestGuardResolve: with --resolve, localhost is refused (by name, before
// any lookup) and literal addresses are checked and listed; no test here
// needs a network.
func TestGuardResolve(t *testing.T) {
	code, out, _ := runCmd(t, "", "guard", "--resolve", "--json", "http://localhost/", "http://8.8.8.8/", "http://[::1]/", "http://[2001:4860:4860::8888]/")
	want := `{"input":"http://localhost/","ok":false,"error":"guard: refused \"http://localhost/\": localhost: \"localhost\" always names this host (RFC 6761, Section 6.3)","rule":"localhost","offset":null,"addresses":[]}
{"input":"http://8.8.8.8/","ok":true,"target":"8.8.8.8:80","addresses":["8.8.8.8"]}
{"input":"http://[::1]/","ok":false,"error":"guard: refused \"http://[::1]/\": address: ::1 is a loopback address (::1/128, RFC 4291, Section 2.5.3)","rule":"address","offset":null,"addresses":[]}
{"input":"http://[2001:4860:4860::8888]/","ok":true,"target":"[2001:4860:4860::8888]:80","addresses":["2001:4860:4860::8888"]}
`
	if code != exitInvalid {
		t.Errorf("uri guard --resolve: exit %d, want 1", code)
	}
	if d := cmp.Diff(want, out); d != "" {
		t.Errorf("uri guard --resolve --json (-want +got):\n%s", d)
	}
	code, out, _ = runCmd(t, "", "guard", "--resolve", "http://8.8.8.8/")
	if code != exitOK || out != "\"http://8.8.8.8/\" dial=\"8.8.8.8:80\" addresses=8.8.8.8\n" {
		t.Errorf("uri guard --resolve http://8.8.8.8/: exit %d, %q", code, out)
	}
}

// TestGuardResolveAddresses: with --resolve, an object lists the
// addresses of the name, IPv4 answers as IPv4 (Go's resolver gives them
// IPv4-mapped), for an allowed name and for a refused one, as
// "uri help guard" says; a name that does not resolve lists none. The
// system resolver is replaced by the policy's, so that no test looks up a
// name.
func TestGuardResolveAddresses(t *testing.T) {
	mapped := func(s string) netip.Addr { return netip.AddrFrom16(netip.MustParseAddr(s).As16()) }
	answers := map[string][]netip.Addr{
		"public.example": {mapped("93.184.215.14"), netip.MustParseAddr("2606:2800:21f:cb07:6820:80da:af6b:8b2c")},
		"rebind.example": {mapped("93.184.215.14"), mapped("127.0.0.1")},
	}
	p := &guard.Policy{Resolver: guard.ResolverFunc(func(ctx context.Context, network, host string) ([]netip.Addr, error) {
		if as, ok := answers[host]; ok {
			return as, nil
		}
		return nil, &net.DNSError{Err: "no such host", Name: host, IsNotFound: true}
	})}
	tests := []struct{ in, want string }{
		{"http://public.example/", `{"input":"http://public.example/","ok":true,"target":"public.example:80","addresses":["93.184.215.14","2606:2800:21f:cb07:6820:80da:af6b:8b2c"]}`},
		{"http://rebind.example/", `{"input":"http://rebind.example/","ok":false,"error":"guard: refused \"http://rebind.example/\": address: \"rebind.example\" resolves to 127.0.0.1: 127.0.0.1 is a loopback address (127.0.0.0/8, RFC 1122, Section 3.2.1.3)","rule":"address","offset":null,"addresses":["93.184.215.14","127.0.0.1"]}`},
		{"http://none.example/", `{"input":"http://none.example/","ok":false,"error":"guard: refused \"http://none.example/\": resolve: \"none.example\" does not resolve: lookup none.example: no such host","rule":"resolve","offset":null,"addresses":[]}`},
	}
	for _, tt := range tests {
		var b bytes.Buffer
		w := bufio.NewWriter(&b)
		writeJSONLine(w, tt.in, guardURL(p, true, tt.in).fields)
		w.Flush()
		if d := cmp.Diff(tt.want+"\n", b.String()); d != "" {
			t.Errorf("uri guard --resolve --json %q (-want +got):\n%s", tt.in, d)
		}
	}
}
