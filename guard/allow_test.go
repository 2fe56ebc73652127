package guard_test

import (
	"errors"
	"net"
	"net/http"
	"net/netip"
	"strings"
	"testing"

	"github.com/gouri/uri"
	"github.com/gouri/uri/guard"
	"github.com/gouri/uri/whatwg"
)

// pathPrefix passes the URLs whose path starts with its prefix: a
// URLTester as a list of URL Patterns is one, by its TestURL method.
type pathPrefix string

func (p pathPrefix) TestURL(u whatwg.URL) bool { return strings.HasPrefix(u.Pathname(), string(p)) }

// TestAllowlist: OnlyHosts and OnlyURLs allow only what they hold, in
// any spelling of the host, and restrict nothing else away: every other
// rule still refuses, and Hosts exempts nothing from them.
func TestAllowlist(t *testing.T) {
	only := func(patterns ...string) guard.Policy { return guard.Policy{OnlyHosts: hostList(t, patterns...)} }
	loopback := []netip.Prefix{netip.MustParsePrefix("127.0.0.1/32")}
	tests := []struct {
		name   string
		p      guard.Policy
		in     string
		rule   guard.Rule // "" when allowed
		detail string     // a part of the refusal's detail, checked when not empty
	}{
		{"host", only("hooks.example.com"), "https://hooks.example.com/x", "", ""},
		{"host, case and final dot", only("hooks.example.com"), "https://HOOKS.Example.com./x", "", ""},
		{"host, pattern spelled otherwise", only("Hooks.Example.COM."), "https://hooks.example.com/x", "", ""},
		{"host, another", only("hooks.example.com"), "https://evil.example/x", "allowlist", `the host "evil.example" is not in OnlyHosts`},
		{"host, a name under it", only("hooks.example.com"), "https://a.hooks.example.com/", "allowlist", ""},
		{"host, a name it ends", only("example.com"), "https://badexample.com/", "allowlist", ""},
		{"wildcard, one label", only("*.example.com"), "https://a.example.com/", "", ""},
		{"wildcard, two labels", only("*.example.com"), "https://a.b.example.com/", "", ""},
		{"wildcard, final dot", only("*.example.com"), "https://a.example.com./", "", ""},
		{"wildcard, not the domain itself", only("*.example.com"), "https://example.com/", "allowlist", ""},
		{"wildcard, not a suffix of a label", only("*.example.com"), "https://aexample.com/", "allowlist", ""},
		{"wildcard, not a prefix", only("*.example.com"), "https://a.example.com.evil.example/", "allowlist", ""},
		{"IDNA, pattern in Unicode", only("Bücher.example"), "https://xn--bcher-kva.example/", "", ""},
		{"IDNA, URL in Unicode", only("xn--bcher-kva.example"), "https://BÜCHER.example/", "", ""},
		{"IDNA, full stops", only("*.example.com"), "https://a。example。com/", "", ""},
		{"IPv4", only("8.8.8.8"), "http://8.8.8.8/", "", ""},
		{"IPv4, another", only("8.8.8.8"), "http://8.8.4.4/", "allowlist", ""},
		{"IPv4, pattern in another form", only("0x8080808"), "http://8.8.8.8/", "", ""},
		{"IPv6", only("[2001:4860:4860::8888]"), "http://[2001:4860:4860:0::8888]/", "", ""},
		{"IPv6 without brackets", only("2001:4860:4860::8888"), "http://[2001:4860:4860::8888]/", "", ""},
		{"empty list", only(), "https://example.com/", "allowlist", ""},
		{"wildcard over a public suffix, allowed", guard.Policy{OnlyHosts: publicSuffixList(t, "*.com")}, "http://evil.com/", "", ""},

		// Every other rule still applies.
		{"listed loopback address", only("127.0.0.1"), "http://127.0.0.1/", "address", ""},
		{"listed loopback address, its network allowed", guard.Policy{OnlyHosts: hostList(t, "127.0.0.1"), Networks: loopback}, "http://127.0.0.1/", "", ""},
		{"listed localhost", only("localhost"), "http://localhost/", "localhost", ""},
		{"metadata name under a listed domain", only("*.google.internal"), "http://metadata.google.internal/", "metadata", ""},
		{"listed, userinfo", only("example.com"), "http://u@example.com/", "userinfo", ""},
		{"listed, port", only("example.com"), "http://example.com:8080/", "port", ""},
		{"in Hosts, not in OnlyHosts", guard.Policy{Hosts: hostList(t, "localhost"), OnlyHosts: hostList(t, "example.com")}, "http://localhost/", "allowlist", ""},
		{"in Hosts and OnlyHosts", guard.Policy{Hosts: hostList(t, "localhost"), OnlyHosts: hostList(t, "localhost")}, "http://localhost/", "", ""},

		// OnlyURLs, and its agreement on the path and query.
		{"URLs", guard.Policy{OnlyURLs: pathPrefix("/hooks/")}, "https://example.com/hooks/1?a=b", "", ""},
		{"URLs, another path", guard.Policy{OnlyURLs: pathPrefix("/hooks/")}, "https://example.com/admin", "allowlist", "OnlyURLs does not match the URL"},
		{"URLs, dot segments", guard.Policy{OnlyURLs: pathPrefix("/hooks/")}, "https://example.com/x/../hooks/1", "disagree", `net/http sends the path and query "/x/../hooks/1", which is not the URL Standard's "/hooks/1"`},
		{"URLs, encoded dot segments", guard.Policy{OnlyURLs: pathPrefix("/hooks/")}, "https://example.com/hooks/%2E%2e/admin", "disagree", ""},
		{"URLs, backslash", guard.Policy{OnlyURLs: pathPrefix("/hooks/")}, "https://example.com/hooks\\1", "disagree", ""},
		{"URLs, encodings that net/url leaves", guard.Policy{OnlyURLs: pathPrefix("/hooks/")}, "https://example.com/hooks/a b?é=1 2", "", ""},
		{"URLs, empty query", guard.Policy{OnlyURLs: pathPrefix("/hooks/")}, "https://example.com/hooks/1?", "", ""},
		{"URLs, a function", guard.Policy{OnlyURLs: guard.URLTesterFunc(func(u whatwg.URL) bool { return u.Port() == "" })}, "https://example.com:443/", "", ""},
		{"hosts and URLs", guard.Policy{OnlyHosts: hostList(t, "example.com"), OnlyURLs: pathPrefix("/hooks/")}, "https://example.org/hooks/1", "allowlist", "OnlyHosts"},
	}
	for _, tt := range tests {
		target, err := tt.p.Check(tt.in)
		var e *guard.Error
		switch {
		case tt.rule == "" && err != nil:
			t.Errorf("%s: Check(%q) = %v, want allowed", tt.name, tt.in, err)
		case tt.rule == "" && target == "":
			t.Errorf("%s: Check(%q) = no target", tt.name, tt.in)
		case tt.rule != "" && (!errors.As(err, &e) || e.Rule != tt.rule || target != "" || !strings.Contains(e.Detail, tt.detail)):
			t.Errorf("%s: Check(%q) = %q, %v; want rule %q, detail with %q", tt.name, tt.in, target, err, tt.rule, tt.detail)
		case tt.rule == "allowlist" && !errors.Is(err, guard.ErrAllowlist):
			t.Errorf("%s: Check(%q) = %v, not ErrAllowlist", tt.name, tt.in, err)
		}
	}
}

// hostList is NewHostList for patterns that the test knows are valid.
func hostList(t testing.TB, patterns ...string) *guard.HostList {
	t.Helper()
	l, err := guard.NewHostList(patterns, guard.HostListOptions{})
	if err != nil {
		t.Fatal(err)
	}
	return l
}

// publicSuffixList is NewHostList with AllowPublicSuffixWildcard.
func publicSuffixList(t testing.TB, patterns ...string) *guard.HostList {
	t.Helper()
	l, err := guard.NewHostList(patterns, guard.HostListOptions{AllowPublicSuffixWildcard: true})
	if err != nil {
		t.Fatal(err)
	}
	return l
}

// TestNewHostListErrors: a bad pattern is a fault of the configuration,
// found when the list is built, not a refusal of each request (before,
// "*.com" allowed every name under com, and "example.com:443" matched
// nothing and refused every URL): a *uri.Error (Op parse, Name
// "allowlist") with ErrBadHostPattern, at the offset of the fault, and
// no *guard.Error, whose "refused" would read as a decision on a request.
func TestNewHostListErrors(t *testing.T) {
	tests := []struct {
		pattern string
		offset  int
		is      error // a reason besides ErrBadHostPattern: the URL Standard's, or nil
	}{
		{"*.com", 2, nil},
		{"*.co.uk", 2, nil},
		{"*.github.io", 2, nil},
		{"*.internal", 2, nil},
		{"example.com:443", 11, nil},
		{"example.com/hooks", 11, nil},
		{"a.*.example.com", 2, nil},
		{"*", 1, nil},
		{"*.8.8.8", 2, nil},
		{"example.com ", 11, whatwg.ErrDomainToASCII},
		{"ex%61mple.com", 2, nil},
		{"", 0, whatwg.ErrHostMissing},
		{"1.2.3.256", 0, whatwg.ErrIPv4OutOfRangePart},
	}
	for _, tt := range tests {
		l, err := guard.NewHostList([]string{"ok.example", tt.pattern}, guard.HostListOptions{})
		var e *uri.Error
		if !errors.As(err, &e) || e.Op != uri.OpParse || e.Name != "allowlist" || e.Input != tt.pattern || e.Offset != tt.offset || l != nil ||
			!errors.Is(err, guard.ErrBadHostPattern) || tt.is != nil && !errors.Is(err, tt.is) || errors.As(err, new(*guard.Error)) {
			t.Errorf("NewHostList(%q) = %v, %#v; want a *uri.Error of Op parse, Name allowlist, ErrBadHostPattern (and %v) at %d", tt.pattern, l, err, tt.is, tt.offset)
		}
	}
	const wantMsg = `uri: parse allowlist: invalid host pattern ("com" is a public suffix: each name under it may be another party's) at offset 2 of "*.com"`
	if _, err := guard.NewHostList([]string{"*.com"}, guard.HostListOptions{}); err == nil || err.Error() != wantMsg {
		t.Errorf("NewHostList(*.com) = %v, want %s", err, wantMsg)
	}
}

// TestHostListMatchAllocs: a match allocates nothing, and a nil
// *HostList matches nothing.
func TestHostListMatchAllocs(t *testing.T) {
	l := hostList(t, "a.example", "*.c.example", "*.example.com", "8.8.8.8", "[2001:db8::1]")
	tests := []struct {
		host   string
		match  bool
		allocs float64
	}{
		{"a.example", true, 0},
		{"www.example.com", true, 0},
		{"www.example.com.", true, 0},
		{"example.com", false, 0},
		{"[2001:db8::1]", true, 0},
		{"evil.example", false, 0},
	}
	for _, tt := range tests {
		if got := l.Match(tt.host); got != tt.match {
			t.Errorf("Match(%q) = %v, want %v", tt.host, got, tt.match)
		}
		if got := testing.AllocsPerRun(100, func() { l.Match(tt.host) }); got != tt.allocs {
			t.Errorf("Match(%q): %v allocations, want %v", tt.host, got, tt.allocs)
		}
	}
	if (*guard.HostList)(nil).Match("a.example") {
		t.Error("a nil *HostList matches a.example")
	}
}

// TestAllowlistRedirect: the client checks every redirect against the
// allowlist; the server sees only the first hop.
func TestAllowlistRedirect(t *testing.T) {
	srv, hits := loopbackServer(t)
	_, port, _ := net.SplitHostPort(strings.TrimPrefix(srv.URL, "http://"))
	p := &guard.Policy{
		Ports:    []uint16{mustPort(t, port)},
		Networks: []netip.Prefix{netip.MustParsePrefix("127.0.0.1/32")},
		OnlyURLs: pathPrefix("/hop"),
	}
	for _, to := range []string{"/secret", "http://127.0.0.1:" + port + "/secret"} {
		resp, err := p.Get(srv.URL + "/hop?to=" + to)
		if err == nil {
			resp.Body.Close()
		}
		if e := asGuardError(t, "Get(a redirect to "+to+")", err); e.Rule != guard.RuleAllowlist {
			t.Errorf("Get(a redirect to %s): rule %q, want allowlist (%v)", to, e.Rule, err)
		}
	}
	if n, m := hits.hop.Load(), hits.secret.Load(); n != 2 || m != 0 {
		t.Errorf("the server got %d first hops and %d redirects, want 2 and 0", n, m)
	}
	resp, err := p.Get(srv.URL + "/hop")
	if err != nil || resp.StatusCode != http.StatusOK {
		t.Errorf("Get(an allowed URL) = %v, %v", resp, err)
	}
	if err == nil {
		resp.Body.Close()
	}
}
