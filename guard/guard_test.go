package guard_test

import (
	"errors"
	"fmt"
	"net"
	"net/netip"
	"net/url"
	"strings"
	"testing"

	"github.com/gouri/uri"
	"github.com/gouri/uri/guard"
	"github.com/gouri/uri/internal/testrows"
	"github.com/gouri/uri/readings"
	"github.com/gouri/uri/whatwg"
)

// adversarial holds the inputs of the published classes of SSRF filter
// bypasses, each with the rule and the reading that refuse it under the
// zero Policy, or rule "" and the target for an input that is allowed.
var adversarial = []struct {
	in, rule, reading string // reading: the target when rule is ""
}{
	// Backslashes: the URL Standard reads "\" as "/" in special URLs.
	{"http://a\\b@127.0.0.1/", "parse", "neturl"},
	{"http://127.0.0.1\\@example.com/", "parse", "neturl"},
	{"http:\\\\127.0.0.1\\", "parse", "dial"},
	{"http://example.com\\@127.0.0.1/", "parse", "neturl"},
	{"http:\\\\\\\\127.0.0.1/", "parse", "dial"},

	// "@" confusion (RFC 3986, Section 7.6).
	{"http://example.com@127.0.0.1/", "userinfo", "rfc3986"},
	{"http://a@b@127.0.0.1/", "userinfo", "whatwg"},
	{"http://@127.0.0.1/", "userinfo", "rfc3986"},
	{"http://%40@127.0.0.1/", "userinfo", "rfc3986"},
	{"http://127.0.0.1%2f@example.com/", "userinfo", "rfc3986"},
	{"http://example.com#@127.0.0.1/", "", "example.com:80"},
	{"http://127.0.0.1#@example.com/", "address", "dial"},
	{"http://127.0.0.1?@example.com/", "address", "dial"},

	// Missing and extra slashes: the URL Standard finds a host where
	// net/url finds none, and net/http does not dial.
	{"http:127.0.0.1", "parse", "dial"},
	{"http:/127.0.0.1/", "parse", "dial"},
	{"http:///127.0.0.1/", "parse", "dial"},
	{"http:////127.0.0.1/", "parse", "dial"},
	{"https:127.0.0.1", "parse", "dial"},
	{"https:evil.example/", "parse", "dial"},

	// Scheme mixups.
	{"HTTP://127.0.0.1/", "address", "dial"},
	{"hTtP://LocalHost/", "localhost", "dial"},
	{"gopher://127.0.0.1:6379/_", "scheme", "neturl"},
	{"file:///etc/passwd", "scheme", "neturl"},
	{"dict://127.0.0.1:11211/", "scheme", "neturl"},
	{"ws://127.0.0.1/", "scheme", "neturl"},
	{"jar:http://127.0.0.1!/", "scheme", "neturl"},
	{"ftp://example.com/", "scheme", "neturl"},

	// Numeric hosts that resolvers read as IPv4 (RFC 3986, Section 7.4).
	{"http://127.1/", "address", "dial"},
	{"http://0x7f.1/", "address", "dial"},
	{"http://0177.0.0.1/", "address", "dial"},
	{"http://2130706433/", "address", "dial"},
	{"http://0x7f000001/", "address", "dial"},
	{"http://127.0.0.1./", "address", "dial"},
	{"http://017700000001/", "address", "dial"},
	{"http://0/", "address", "dial"},
	{"http://127.000.000.001/", "address", "dial"},
	{"http://0x7f.0x0.0x0.0x1/", "address", "dial"},
	{"http://10.1/", "address", "dial"},
	{"http://3232235777/", "address", "dial"},
	{"http://0251.0376.0251.0376/", "address", "dial"},
	{"http://2852039166/", "address", "dial"},

	// Fullwidth digits and ideographic dots: IDNA maps them to ASCII.
	{"http://１２７.０.０.１/", "address", "dial"},
	{"http://127。0。0。1/", "address", "dial"},
	{"http://127．0．0．1/", "address", "dial"},
	{"http://127｡0｡0｡1/", "address", "dial"},
	{"http://ｌｏｃａｌｈｏｓｔ/", "localhost", "dial"},
	{"http://ⓛⓞⓒⓐⓛⓗⓞⓢⓣ/", "localhost", "dial"},

	// Percent-encoded hosts.
	{"http://%31%32%37.0.0.1/", "parse", "neturl"},
	{"http://127.0.0.%31/", "parse", "neturl"},
	{"http://%6c%6f%63%61%6c%68%6f%73%74/", "parse", "neturl"},
	{"http://127%2e0%2e0%2e1/", "parse", "neturl"},
	{"http://%ef%bc%91%ef%bc%92%ef%bc%97.0.0.1/", "address", "dial"},
	{"http://localhost%2e/", "parse", "neturl"},

	// IPv6, and the IPv6 forms that carry an IPv4 address.
	{"http://[::1]/", "address", "dial"},
	{"http://[0:0:0:0:0:0:0:1]/", "address", "dial"},
	{"http://[::]/", "address", "dial"},
	{"http://[::ffff:127.0.0.1]/", "address", "dial"},
	{"http://[::ffff:7f00:1]/", "address", "dial"},
	{"http://[::127.0.0.1]/", "address", "dial"},
	{"http://[64:ff9b::127.0.0.1]/", "address", "dial"},
	{"http://[64:ff9b::7f00:1]/", "address", "dial"},
	{"http://[64:ff9b:1::a00:1]/", "address", "dial"},
	{"http://[2002:7f00:1::]/", "address", "dial"},
	{"http://[2001:0:4136:e378:8000:63bf:80ff:fffe]/", "address", "dial"},
	{"http://[fe80::1]/", "address", "dial"},
	{"http://[fc00::1]/", "address", "dial"},
	{"http://[::ffff:169.254.169.254]/", "address", "dial"},
	{"http://[::ffff:a9fe:a9fe]/", "address", "dial"},

	// Zone identifiers: the URL Standard has none (RFC 6874 is obsolete).
	{"http://[fe80::1%25eth0]/", "parse", "whatwg"},
	{"http://[fe80::1%eth0]/", "parse", "whatwg"},
	{"http://[::1%25lo]/", "parse", "whatwg"},
	{"http://[fe80::1%2525]/", "parse", "whatwg"},

	// Control and space characters.
	{"http://127.0.0.1\t/", "parse", "neturl"},
	{"http://127.0.0.1 /", "parse", "whatwg"},
	{"http://\x01127.0.0.1/", "parse", "whatwg"},
	{"http://127.0.0.1\r\n", "parse", "neturl"},
	{"\x01http://127.0.0.1/", "parse", "neturl"},
	{" http://127.0.0.1/", "parse", "neturl"},
	{"http://127.0.0.1%00.example.com/", "parse", "whatwg"},
	{"http://exa\nmple.com@127.0.0.1/", "parse", "neturl"},
	{"http://127.0.0.1\u00a0/", "parse", "whatwg"},
	{"http://loc\talhost/", "parse", "neturl"},

	// A host that the URL Standard reads as an address and net/http
	// dials as a name.
	{"http://8.8.8.8./", "disagree", "whatwg"},
	{"http://0x08.8.8.8/", "disagree", "whatwg"},

	// Cloud metadata, by name in the error.
	{"http://169.254.169.254/latest/meta-data/", "address", "dial"},
	{"http://[fd00:ec2::254]/", "address", "dial"},

	// Cloud metadata services by name, never resolved, in any spelling
	// that the URL Standard's host parser and IDNA map to the name: case,
	// final dots, ideographic and fullwidth full stops, fullwidth letters.
	{"http://metadata.google.internal/computeMetadata/v1/", "metadata", "dial"},
	{"http://METADATA.Google.Internal./computeMetadata/v1/", "metadata", "dial"},
	{"http://metadata.google.internal../", "metadata", "dial"},
	{"http://metadata。google。internal/", "metadata", "dial"},
	{"http://metadata．google．internal/", "metadata", "dial"},
	{"http://ｍｅｔａｄａｔａ.goog/", "metadata", "dial"},
	{"http://metadata.goog/computeMetadata/v1/", "metadata", "dial"},
	{"http://metadata/computeMetadata/v1/", "metadata", "dial"},
	{"http://Metadata./", "metadata", "dial"},
	{"http://instance-data/latest/meta-data/", "metadata", "dial"},
	{"http://instance-data.ec2.internal/latest/meta-data/", "metadata", "dial"},
	{"http://instance-data.eu-west-1.compute.internal/latest/meta-data/", "metadata", "dial"},
	{"http://metadata.tencentyun.com/latest/meta-data/", "metadata", "dial"},
	{"https://metadata.platformequinix.com/metadata", "metadata", "dial"},
	{"http://metadata.google.internal:8080/", "metadata", "dial"},
	{"http://metadata.example/", "", "metadata.example:80"},
	{"http://metadata.google.internal.example/", "", "metadata.google.internal.example:80"},
	{"http://xmetadata.goog/", "", "xmetadata.goog:80"},
	{"http://instance-data.a.b.compute.internal/", "", "instance-data.a.b.compute.internal:80"},

	// Names of this host (RFC 6761, Section 6.3), never resolved.
	{"http://localhost/", "localhost", "dial"},
	{"http://LOCALHOST/", "localhost", "dial"},
	{"http://localhost./", "localhost", "dial"},
	{"http://foo.localhost/", "localhost", "dial"},
	{"http://a.b.LocalHost./", "localhost", "dial"},
	{"http://localhost:80/", "localhost", "dial"},

	// The empty host and the unspecified address are this host.
	{"http://:80/", "parse", "whatwg"},
	{"http://0.0.0.0:80/", "address", "dial"},
	{"http://[::]:80/", "address", "dial"},

	// Ports.
	{"http://example.com:22/", "port", "dial"},
	{"http://example.com:0/", "port", "dial"},
	{"http://example.com:8080/", "port", "dial"},
	{"http://example.com:65536/", "parse", "whatwg"},

	// Allowed.
	{"http://example.com/", "", "example.com:80"},
	{"http://example.com:80/", "", "example.com:80"},
	{"https://example.com:443/a?b#c", "", "example.com:443"},
	{"http://8.8.8.8/", "", "8.8.8.8:80"},
	{"http://[2001:4860:4860::8888]/", "", "[2001:4860:4860::8888]:80"},
	{"http://[::ffff:8.8.8.8]/", "", "[::ffff:8.8.8.8]:80"},
	{"http://bücher.example/", "", "xn--bcher-kva.example:80"},
	{"http://EXAMPLE.com/", "", "EXAMPLE.com:80"},
	{"http://example.com./", "", "example.com.:80"},
	{"https://xn--bcher-kva.example/", "", "xn--bcher-kva.example:443"},
	{"http://example.com/a b?c|d", "", "example.com:80"},
}

var sentinels = map[guard.Rule]error{
	"parse": guard.ErrParse, "scheme": guard.ErrScheme, "userinfo": guard.ErrUserinfo,
	"disagree": guard.ErrDisagree, "localhost": guard.ErrLocalhost, "metadata": guard.ErrMetadata, "address": guard.ErrAddress,
	"port": guard.ErrPort, "resolve": guard.ErrResolve, "redirect": guard.ErrRedirect,
}

// TestCheckAdversarial: each input of the published bypass classes is
// refused by the rule and the reading of its row, with the sentinel of
// the rule; each allowed input gives net/http's dial target.
func TestCheckAdversarial(t *testing.T) {
	var p guard.Policy
	for _, tt := range adversarial {
		target, err := p.Check(tt.in)
		if tt.rule == "" {
			if err != nil || target != tt.reading {
				t.Errorf("Check(%q) = %q, %v; want %q, nil", tt.in, target, err, tt.reading)
			}
			if r := readings.Compare(tt.in); target != r.Dial {
				t.Errorf("Check(%q) = %q, but net/http dials %q", tt.in, target, r.Dial)
			}
			continue
		}
		var e *guard.Error
		if !errors.As(err, &e) {
			t.Errorf("Check(%q) = %q, %v; want a *guard.Error of rule %q", tt.in, target, err, tt.rule)
			continue
		}
		if target != "" || string(e.Rule) != tt.rule || string(e.Reading) != tt.reading || e.Input != tt.in {
			t.Errorf("Check(%q) = %q, rule %q reading %q input %q; want rule %q reading %q (%v)",
				tt.in, target, e.Rule, e.Reading, e.Input, tt.rule, tt.reading, err)
		}
		if !errors.Is(err, sentinels[guard.Rule(tt.rule)]) {
			t.Errorf("Check(%q): errors.Is(%v, the sentinel of %q) is false", tt.in, err, tt.rule)
		}
	}
}

// TestCheckDialsNoRefusedAddress: whatever the policy's rules say, no
// input of the table is allowed whose dial target is, or resolvers read
// as, an address that this test, independently of the package's table,
// knows to be loopback, private, link-local, unspecified or multicast,
// or a name of this host.
func TestCheckDialsNoRefusedAddress(t *testing.T) {
	var p guard.Policy
	for _, tt := range adversarial {
		target, err := p.Check(tt.in)
		if err != nil {
			continue
		}
		host, _, _ := net.SplitHostPort(target)
		if a, err := netip.ParseAddr(host); err == nil {
			a = a.Unmap()
			if a.IsLoopback() || a.IsPrivate() || a.IsLinkLocalUnicast() || a.IsUnspecified() || a.IsMulticast() {
				t.Errorf("Check(%q) allows %q", tt.in, target)
			}
		}
		if h := strings.ToLower(strings.TrimSuffix(host, ".")); h == "localhost" || strings.HasSuffix(h, ".localhost") {
			t.Errorf("Check(%q) allows %q", tt.in, target)
		}
	}
}

// TestCheckPublicURLs: no false refusals. Every URL of the committed
// sample (and of GOURI_URLS) that net/url reads as http or https with a
// host name that has a dot, no userinfo and the default port is allowed.
func TestCheckPublicURLs(t *testing.T) {
	lists := []testrows.URLList{{Name: testrows.WebSample, URLs: testrows.URLs(t, testrows.WebSample)}}
	lists = append(lists, testrows.ExternalURLs(t)...)
	var p guard.Policy
	for _, l := range lists {
		n := 0
		for _, s := range l.URLs {
			u, err := url.Parse(s)
			if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.User != nil ||
				(u.Port() != "" && u.Port() != "80" && u.Port() != "443") || !strings.Contains(u.Hostname(), ".") {
				continue
			}
			if _, err := netip.ParseAddr(u.Hostname()); err == nil {
				continue
			}
			n++
			if _, err := p.Check(s); err != nil {
				t.Errorf("%s: Check(%q) = %v, want nil", l.Name, s, err)
			}
		}
		if n == 0 && l.Name == testrows.WebSample {
			t.Errorf("%s: no public URL", l.Name) // the test would prove nothing
		}
		t.Logf("%s: %d public URLs allowed", l.Name, n)
	}
}

// TestPolicyOptions: each field of Policy allows what its comment says,
// and nothing more.
func TestPolicyOptions(t *testing.T) {
	tests := []struct {
		name   string
		p      guard.Policy
		in     string
		rule   guard.Rule // "" when allowed
		target string
	}{
		{"scheme ws allowed", guard.Policy{Schemes: []string{"WS"}}, "ws://example.com/", "", "example.com:80"},
		{"scheme wss, its default port", guard.Policy{Schemes: []string{"wss"}}, "wss://example.com/", "", "example.com:443"},
		{"allowed scheme, loopback", guard.Policy{Schemes: []string{"ws"}}, "ws://127.0.0.1/", "address", ""},
		{"allowed scheme, localhost", guard.Policy{Schemes: []string{"ws"}}, "ws://localhost/", "localhost", ""},
		{"allowed scheme, no default port", guard.Policy{Schemes: []string{"foo"}}, "foo://example.com/", "port", ""},
		{"allowed scheme and port", guard.Policy{Schemes: []string{"foo"}, Ports: []uint16{7000}}, "foo://example.com:7000/", "", "example.com:7000"},
		{"allowed scheme, userinfo", guard.Policy{Schemes: []string{"ws"}}, "ws://u@example.com/", "userinfo", ""},
		{"port allowed", guard.Policy{Ports: []uint16{8080}}, "http://example.com:8080/", "", "example.com:8080"},
		{"port allowed, another refused", guard.Policy{Ports: []uint16{8080}}, "http://example.com:8081/", "port", ""},
		{"private allowed", guard.Policy{AllowPrivate: true}, "http://10.1.2.3/", "", "10.1.2.3:80"},
		{"private allowed: CGNAT", guard.Policy{AllowPrivate: true}, "http://100.64.0.1/", "", "100.64.0.1:80"},
		{"private allowed: ULA", guard.Policy{AllowPrivate: true}, "http://[fd12::1]/", "", "[fd12::1]:80"},
		{"private allowed: mapped", guard.Policy{AllowPrivate: true}, "http://[::ffff:192.168.0.1]/", "", "[::ffff:192.168.0.1]:80"},
		{"private allowed, loopback refused", guard.Policy{AllowPrivate: true}, "http://127.0.0.1/", "address", ""},
		{"private allowed, metadata refused", guard.Policy{AllowPrivate: true}, "http://[fd00:ec2::254]/", "address", ""},
		{"private allowed, Alibaba metadata refused", guard.Policy{AllowPrivate: true}, "http://100.100.100.200/", "address", ""},
		{"private allowed, link-local refused", guard.Policy{AllowPrivate: true}, "http://169.254.1.1/", "address", ""},
		{"network allowed", guard.Policy{Networks: []netip.Prefix{netip.MustParsePrefix("127.0.0.1/32")}}, "http://127.0.0.1/", "", "127.0.0.1:80"},
		{"network allowed, another refused", guard.Policy{Networks: []netip.Prefix{netip.MustParsePrefix("127.0.0.1/32")}}, "http://127.0.0.2/", "address", ""},
		{"network allowed, localhost still refused", guard.Policy{Networks: []netip.Prefix{netip.MustParsePrefix("127.0.0.0/8")}}, "http://localhost/", "localhost", ""},
		{"host allowed", guard.Policy{Hosts: hostList(t, "LocalHost.")}, "http://localhost/", "", "localhost:80"},
		{"host allowed as an address", guard.Policy{Hosts: hostList(t, "[::1]")}, "http://[::1]/", "", "[::1]:80"},
		{"host allowed as an address without brackets", guard.Policy{Hosts: hostList(t, "::1")}, "http://[::1]/", "", "[::1]:80"},
		{"host allowed as the same address written otherwise", guard.Policy{Hosts: hostList(t, "[0:0::1]")}, "http://[::1]/", "", "[::1]:80"},
		{"an address is no name", guard.Policy{Hosts: hostList(t, "[::1]")}, "http://[::2]/", "address", ""},
		{"host allowed, another refused", guard.Policy{Hosts: hostList(t, "localhost")}, "http://a.localhost/", "localhost", ""},
		{"host allowed, userinfo refused", guard.Policy{Hosts: hostList(t, "localhost")}, "http://u@localhost/", "userinfo", ""},
		{"metadata name allowed as a host", guard.Policy{Hosts: hostList(t, "metadata.google.internal")}, "http://metadata.google.internal/", "", "metadata.google.internal:80"},
		{"host allowed in Unicode, dialed in A-labels", guard.Policy{Hosts: hostList(t, "Bücher.example")}, "http://xn--bcher-kva.example/", "", "xn--bcher-kva.example:80"},
		{"host allowed as a name, dialed in upper case", guard.Policy{Hosts: hostList(t, "localhost")}, "http://LOCALHOST./", "", "LOCALHOST.:80"},
		{"host allowed as an IPv4 address in another form", guard.Policy{Hosts: hostList(t, "0x7f.1")}, "http://127.0.0.1/", "", "127.0.0.1:80"},
		{"an address is no name: the name that resolvers read as it", guard.Policy{Hosts: hostList(t, "127.0.0.1")}, "http://0x7f.1/", "address", ""},
		{"names under a domain allowed", guard.Policy{Hosts: hostList(t, "*.corp.example")}, "http://db.eu.corp.example/", "", "db.eu.corp.example:80"},
		{"a metadata name under a domain allowed: its DNS is trusted too", guard.Policy{Hosts: hostList(t, "*.google.internal")}, "http://metadata.google.internal/", "", "metadata.google.internal:80"},
		{"metadata name with a proxy", guard.Policy{AllowProxy: true}, "http://metadata.google.internal/", "metadata", ""},
		{"metadata name, its network allowed", guard.Policy{Networks: []netip.Prefix{netip.MustParsePrefix("169.254.0.0/16")}}, "http://metadata/", "metadata", ""},
	}
	for _, tt := range tests {
		target, err := tt.p.Check(tt.in)
		var e *guard.Error
		switch {
		case tt.rule == "" && (err != nil || target != tt.target):
			t.Errorf("%s: Check(%q) = %q, %v; want %q", tt.name, tt.in, target, err, tt.target)
		case tt.rule != "" && (!errors.As(err, &e) || e.Rule != tt.rule):
			t.Errorf("%s: Check(%q) = %q, %v; want rule %q", tt.name, tt.in, target, err, tt.rule)
		}
	}
}

// TestError: the message names the input, the rule and the detail; a
// parse error of the URL Standard keeps its offset and is the Cause, found
// by errors.As as a *uri.Error; the other rules have uri.NoOffset.
func TestError(t *testing.T) {
	var p guard.Policy
	_, err := p.Check("http://169.254.169.254/")
	want := `guard: refused "http://169.254.169.254/": address: 169.254.169.254 is the cloud metadata address (the instance metadata service of AWS, Google Cloud, Azure and others)`
	if err == nil || err.Error() != want {
		t.Errorf("Check(%q) = %v, want %s", "http://169.254.169.254/", err, want)
	}
	var e *guard.Error
	_, err = p.Check("http://[::1%25lo]/")
	want = `guard: refused "http://[::1%25lo]/": parse: the URL Standard rejects it: IPv6-invalid-code-point ("%" (U+0025) is neither a hex digit nor ":" in the IPv6 address) at offset 11`
	if !errors.As(err, &e) || e.Offset != 11 || err.Error() != want {
		t.Errorf("Check(%q) = %v, want offset 11 (the %%) and %s", "http://[::1%25lo]/", err, want)
	}
	var ue *uri.Error
	if !errors.As(err, &ue) || ue.Offset != 11 || !errors.Is(err, whatwg.ErrIPv6InvalidCodePoint) || !errors.Is(err, guard.ErrParse) {
		t.Errorf("Check(%q) = %v: not the URL Standard's *uri.Error inside a refusal of rule parse", "http://[::1%25lo]/", err)
	}
	if got, want := e.Reason(), strings.TrimPrefix(want, `guard: refused "http://[::1%25lo]/": `); got != want {
		t.Errorf("Reason() = %q, want %q", got, want)
	}
	if _, err := p.Check("http://u@example.com/"); !errors.As(err, &e) || e.Offset != uri.NoOffset {
		t.Errorf("Check(%q) = %v, want uri.NoOffset", "http://u@example.com/", err)
	}
	long := "http://127.0.0.1/" + strings.Repeat("a", 1000)
	if _, err := p.Check(long); err == nil || len(err.Error()) > 300 || !strings.Contains(err.Error(), `aaa...": address: `) {
		t.Errorf("Check(a long input) = %v, want the input shortened", err)
	}
	if err := p.CheckAddr(netip.MustParseAddr("10.0.0.1")); !errors.Is(err, guard.ErrAddress) ||
		err.Error() != `guard: refused "10.0.0.1": address: 10.0.0.1 is a private address (10.0.0.0/8, RFC 1918)` {
		t.Errorf("CheckAddr(10.0.0.1) = %v", err)
	}
}

// TestErrorNil: a nil *Error formats and unwraps without panicking, also
// as a typed nil in an error, as a logger may print it.
func TestErrorNil(t *testing.T) {
	var e *guard.Error
	var err error = e
	if got := err.Error(); got != "guard: <nil>" {
		t.Errorf("(*guard.Error)(nil).Error() = %q", got)
	}
	if got := e.Reason(); got != "<nil>" {
		t.Errorf("(*guard.Error)(nil).Reason() = %q", got)
	}
	if e.Unwrap() != nil || errors.Is(err, guard.ErrParse) {
		t.Errorf("(*guard.Error)(nil) unwraps to %v", e.Unwrap())
	}
	if got := fmt.Sprint(err); got != "guard: <nil>" {
		t.Errorf("fmt.Sprint((*guard.Error)(nil)) = %q", got)
	}
	caused := &guard.Error{Rule: guard.RuleParse, Input: "x", Offset: uri.NoOffset, Err: guard.ErrParse, Detail: "d", Cause: (*uri.Error)(nil)}
	if got, want := caused.Error(), `guard: refused "x": parse: d: uri: <nil>`; got != want {
		t.Errorf("a refusal caused by a nil *uri.Error: %q, want %q", got, want)
	}
}

// TestReadingParser: the Reading of each reading of package readings is
// spelled as that package names its Parser, and gives the Parser back; a
// stage of the check, and "", give none.
func TestReadingParser(t *testing.T) {
	tests := []struct {
		r  guard.Reading
		p  readings.Parser
		ok bool
	}{
		{guard.ReadingRFC3986, readings.RFC3986, true},
		{guard.ReadingWHATWG, readings.WHATWG, true},
		{guard.ReadingNetURL, readings.NetURL, true},
		{guard.ReadingDial, 0, false},
		{guard.ReadingConnect, 0, false},
		{guard.ReadingResolve, 0, false},
		{"", 0, false},
	}
	for _, tt := range tests {
		p, ok := tt.r.Parser()
		if p != tt.p || ok != tt.ok {
			t.Errorf("Reading(%q).Parser() = %v, %v; want %v, %v", tt.r, p, ok, tt.p, tt.ok)
		}
		if ok && string(tt.r) != p.String() {
			t.Errorf("Reading %q names the parser %q", tt.r, p)
		}
	}
}
