package guard_test

import (
	"context"
	"errors"
	"net"
	"net/http"
	"net/http/httptest"
	"net/netip"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/gouri/uri/guard"
)

// loopbackServer starts an HTTP server on 127.0.0.1 that counts the
// requests of each path; "/hop?to=URL" redirects to URL.
func loopbackServer(t *testing.T) (*httptest.Server, *hitCounter) {
	t.Helper()
	hits := &hitCounter{}
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		hits.add(r.URL.Path)
		if r.URL.Path == "/loop" {
			http.Redirect(w, r, "/loop", http.StatusFound)
			return
		}
		if to := r.URL.Query().Get("to"); to != "" {
			http.Redirect(w, r, to, http.StatusFound)
			return
		}
		w.Write([]byte("secret"))
	}))
	t.Cleanup(srv.Close)
	if !strings.HasPrefix(srv.URL, "http://127.0.0.1:") {
		t.Skipf("the test server listens at %s, not on 127.0.0.1", srv.URL)
	}
	return srv, hits
}

// hitCounter counts requests by path.
type hitCounter struct{ hop, secret, other atomic.Int32 }

func (s *hitCounter) add(path string) {
	switch path {
	case "/hop":
		s.hop.Add(1)
	case "/secret":
		s.secret.Add(1)
	default:
		s.other.Add(1)
	}
}

// asGuardError returns the *guard.Error in err (through *url.Error).
func asGuardError(t *testing.T, call string, err error) *guard.Error {
	t.Helper()
	var e *guard.Error
	if !errors.As(err, &e) {
		t.Fatalf("%s = %v, want a *guard.Error", call, err)
	}
	return e
}

// TestClientRefusesLoopback: the client refuses a server on 127.0.0.1
// when the URL names its address, and when it names localhost; the server
// sees no request.
func TestClientRefusesLoopback(t *testing.T) {
	srv, hits := loopbackServer(t)
	_, port, _ := net.SplitHostPort(strings.TrimPrefix(srv.URL, "http://"))
	c := (&guard.Policy{Ports: []uint16{mustPort(t, port)}}).Client()
	for _, tt := range []struct {
		url  string
		rule guard.Rule
	}{
		{srv.URL + "/secret", "address"},
		{"http://localhost:" + port + "/secret", "localhost"},
		{"http://[::ffff:127.0.0.1]:" + port + "/secret", "address"},
		{"http://127.1:" + port + "/secret", "address"},
	} {
		resp, err := c.Get(tt.url)
		if err == nil {
			resp.Body.Close()
		}
		if e := asGuardError(t, "Get("+tt.url+")", err); e.Rule != tt.rule {
			t.Errorf("Get(%q): rule %q, want %q (%v)", tt.url, e.Rule, tt.rule, err)
		}
	}
	if n := hits.secret.Load(); n != 0 {
		t.Errorf("the server got %d requests, want none", n)
	}
}

// TestControlRefusesResolvedLoopback: at connect time, after DNS, a name
// that resolves to loopback is refused (what DNS rebinding needs), by the
// Transport, which runs no URL check, and by the Dialer.
func TestControlRefusesResolvedLoopback(t *testing.T) {
	srv, hits := loopbackServer(t)
	_, port, _ := net.SplitHostPort(strings.TrimPrefix(srv.URL, "http://"))
	p := &guard.Policy{Ports: []uint16{mustPort(t, port)}}
	req, _ := http.NewRequest("GET", "http://localhost:"+port+"/secret", nil)
	resp, err := p.Transport().RoundTrip(req)
	if err == nil {
		resp.Body.Close()
	}
	if e := asGuardError(t, "Transport().RoundTrip(localhost)", err); e.Rule != "address" || e.Reading != "connect" {
		t.Errorf("Transport().RoundTrip(localhost): rule %q reading %q, want address, connect (%v)", e.Rule, e.Reading, err)
	}
	conn, err := p.Dialer().DialContext(context.Background(), "tcp", "localhost:"+port)
	if err == nil {
		conn.Close()
	}
	if e := asGuardError(t, "Dialer().DialContext(localhost)", err); e.Rule != "address" {
		t.Errorf("Dialer().DialContext(localhost): rule %q, want address (%v)", e.Rule, err)
	}
	if n := hits.secret.Load(); n != 0 {
		t.Errorf("the server got %d requests, want none", n)
	}
	// With the loopback address allowed, the same transport connects:
	// the refusal above was the address's.
	allowed := &guard.Policy{Ports: p.Ports, Networks: []netip.Prefix{netip.MustParsePrefix("127.0.0.0/8"), netip.MustParsePrefix("::1/128")}}
	resp, err = allowed.Transport().RoundTrip(req)
	if err != nil {
		t.Fatalf("Transport().RoundTrip(localhost) with loopback allowed: %v", err)
	}
	resp.Body.Close()
}

// TestClientRefusesRedirect: a redirect from an allowed server (loopback
// is allowed for 127.0.0.1 only, to reach the first hop) to a refused URL
// is refused before it is followed; so is an eleventh redirect.
func TestClientRefusesRedirect(t *testing.T) {
	srv, hits := loopbackServer(t)
	_, port, _ := net.SplitHostPort(strings.TrimPrefix(srv.URL, "http://"))
	p := &guard.Policy{Ports: []uint16{mustPort(t, port)}, Networks: []netip.Prefix{netip.MustParsePrefix("127.0.0.1/32")}}
	c := p.Client()
	for _, tt := range []struct {
		to   string
		rule guard.Rule
	}{
		{"http://localhost:" + port + "/secret", "localhost"},
		{"http://127.0.0.2:" + port + "/secret", "address"},
		{"http://[::1]:" + port + "/secret", "address"},
		{"http://127.0.0.1:22/secret", "port"},
		{"http://u@127.0.0.1:" + port + "/secret", "userinfo"},
		{"gopher://127.0.0.1:" + port + "/secret", "scheme"},
	} {
		url := srv.URL + "/hop?to=" + tt.to
		resp, err := c.Get(url)
		if err == nil {
			resp.Body.Close()
		}
		if e := asGuardError(t, "Get("+url+")", err); e.Rule != tt.rule {
			t.Errorf("Get(%q): rule %q, want %q (%v)", url, e.Rule, tt.rule, err)
		}
	}
	if n := hits.hop.Load(); n != 6 {
		t.Errorf("the first hop got %d requests, want 6", n)
	}
	if n := hits.secret.Load(); n != 0 {
		t.Errorf("the redirect targets got %d requests, want none", n)
	}
	// An allowed redirect is followed.
	resp, err := c.Get(srv.URL + "/hop?to=/secret")
	if err != nil {
		t.Fatalf("Get(an allowed redirect): %v", err)
	}
	resp.Body.Close()
	// Eleven redirects.
	if _, err := c.Get(srv.URL + "/loop"); !errors.Is(err, guard.ErrRedirect) {
		t.Errorf("Get(a redirect loop) = %v, want ErrRedirect", err)
	}
}

// TestTransportProxy: no proxy from the environment unless AllowProxy.
func TestTransportProxy(t *testing.T) {
	if (&guard.Policy{}).Transport().Proxy != nil {
		t.Error("Policy{}.Transport().Proxy is set, want nil")
	}
	if (&guard.Policy{AllowProxy: true}).Transport().Proxy == nil {
		t.Error("Policy{AllowProxy: true}.Transport().Proxy is nil")
	}
}

// TestControl: the connect-time check, on addresses as the dialer gives
// them.
func TestControl(t *testing.T) {
	tests := []struct {
		addr string
		rule guard.Rule
	}{
		{"93.184.215.14:443", ""},
		{"[2606:2800:21f:cb07:6820:80da:af6b:8b2c]:80", ""},
		{"127.0.0.1:80", "address"},
		{"[::1]:443", "address"},
		{"[::ffff:127.0.0.1]:80", "address"},
		{"[64:ff9b::a9fe:a9fe]:80", "address"},
		{"[fe80::1%eth0]:80", "address"},
		{"10.0.0.1:443", "address"},
		{"93.184.215.14:25", "port"},
		{"example.com:80", "address"}, // not an address: never given by the dialer
	}
	var p guard.Policy
	for _, tt := range tests {
		err := p.Control(context.Background(), "tcp", tt.addr, nil)
		var e *guard.Error
		switch {
		case tt.rule == "" && err != nil:
			t.Errorf("Control(%q) = %v, want nil", tt.addr, err)
		case tt.rule != "" && (!errors.As(err, &e) || e.Rule != tt.rule || e.Reading != "connect"):
			t.Errorf("Control(%q) = %v, want rule %q, reading connect", tt.addr, err, tt.rule)
		}
	}
}

// fakeResolver answers from a map, and fails the test for a name it has
// not been given: a lookup that must not happen.
type fakeResolver struct {
	t     *testing.T
	names map[string][]string
}

func (f fakeResolver) LookupNetIP(ctx context.Context, network, host string) ([]netip.Addr, error) {
	as, ok := f.names[host]
	if !ok {
		f.t.Errorf("lookup of %q", host)
		return nil, &net.DNSError{Err: "no such host", Name: host, IsNotFound: true}
	}
	var out []netip.Addr
	for _, a := range as {
		out = append(out, netip.MustParseAddr(a))
	}
	return out, nil
}

// TestLookup: a name any of whose addresses is refused is refused, as a
// name that does not resolve; localhost and literals are not looked up;
// a host that Hosts trusts, in any spelling of it, is not looked up
// either.
func TestLookup(t *testing.T) {
	r := fakeResolver{t, map[string][]string{
		"public.example": {"93.184.215.14", "2606:2800:21f:cb07:6820:80da:af6b:8b2c"},
		"rebind.example": {"93.184.215.14", "127.0.0.1"},
		"meta.example":   {"169.254.169.254"},
		"none.example":   {},
	}}
	tests := []struct {
		url   string
		rule  guard.Rule
		addrs int
	}{
		{"http://public.example/", "", 2},
		{"http://rebind.example/", "address", 0},
		{"http://meta.example/", "address", 0},
		{"http://none.example/", "resolve", 0},
		{"http://localhost/", "localhost", 0},
		{"http://metadata.google.internal/", "metadata", 0},
		{"http://instance-data/", "metadata", 0},
		{"http://8.8.8.8/", "", 1},
		{"http://127.0.0.1/", "address", 0},
	}
	var p guard.Policy
	trusted := guard.Policy{Hosts: hostList(t, "rebind.example", "Bücher.example", "*.corp.example", "127.0.0.1")}
	for _, tt := range []struct {
		url  string
		rule guard.Rule
	}{
		{"http://rebind.example/", ""},
		{"http://REBIND.example./", ""},
		{"http://bücher.example/", ""},
		{"http://xn--bcher-kva.example/", ""},
		{"http://db.eu.corp.example/", ""},
		{"http://127.0.0.1/", ""},
		{"http://meta.example/", "address"},
	} {
		// A trusted name is not looked up: the fake resolver would
		// report it.
		target, addrs, err := trusted.Lookup(context.Background(), r, tt.url)
		var e *guard.Error
		switch {
		case tt.rule == "" && (err != nil || target == "" || len(addrs) > 1 || len(addrs) == 1 && !addrs[0].IsLoopback()):
			t.Errorf("Hosts: Lookup(%q) = %q, %v, %v; want no lookup", tt.url, target, addrs, err)
		case tt.rule != "" && (!errors.As(err, &e) || e.Rule != tt.rule):
			t.Errorf("Hosts: Lookup(%q) = %v, want rule %q", tt.url, err, tt.rule)
		}
	}
	for _, tt := range tests {
		target, addrs, err := p.Lookup(context.Background(), r, tt.url)
		var e *guard.Error
		switch {
		case tt.rule == "" && (err != nil || len(addrs) != tt.addrs || target == ""):
			t.Errorf("Lookup(%q) = %q, %v, %v; want %d addresses", tt.url, target, addrs, err, tt.addrs)
		case tt.rule != "" && (!errors.As(err, &e) || e.Rule != tt.rule):
			t.Errorf("Lookup(%q) = %v, want rule %q", tt.url, err, tt.rule)
		}
	}
}

// TestResolveUnmaps: Go's resolver gives an IPv4 answer in its
// IPv4-mapped form; Lookup reports it as IPv4, in its result, in the
// detail of a refusal and in the refusal's Addrs, which lists every
// answer.
func TestResolveUnmaps(t *testing.T) {
	answers := map[string][]netip.Addr{
		"public.example": {mapped("93.184.215.14"), netip.MustParseAddr("2606:2800:21f:cb07:6820:80da:af6b:8b2c")},
		"rebind.example": {mapped("93.184.215.14"), mapped("127.0.0.1")},
	}
	r := guard.ResolverFunc(func(ctx context.Context, network, host string) ([]netip.Addr, error) {
		return answers[host], nil
	})
	var p guard.Policy
	_, addrs, err := p.Lookup(context.Background(), r, "http://public.example/")
	if d := cmp.Diff([]string{"93.184.215.14", "2606:2800:21f:cb07:6820:80da:af6b:8b2c"}, addrStrings(addrs)); err != nil || d != "" {
		t.Errorf("Lookup(public.example) = %v, %v (-want +got):\n%s", addrs, err, d)
	}
	if !answers["public.example"][0].Is4In6() {
		t.Errorf("Lookup changed the resolver's answers: %v", answers["public.example"])
	}
	_, _, err = p.Lookup(context.Background(), r, "http://rebind.example/")
	e := asGuardError(t, "Lookup(rebind.example)", err)
	want := `"rebind.example" resolves to 127.0.0.1: 127.0.0.1 is a loopback address (127.0.0.0/8, RFC 1122, Section 3.2.1.3)`
	if e.Rule != guard.RuleAddress || e.Reading != guard.ReadingResolve || e.Detail != want {
		t.Errorf("Lookup(rebind.example) = %v; want rule address, reading resolve, detail %s", err, want)
	}
	if d := cmp.Diff([]string{"93.184.215.14", "127.0.0.1"}, addrStrings(e.Addrs)); d != "" {
		t.Errorf("Lookup(rebind.example): Addrs (-want +got):\n%s", d)
	}
	// A refusal before the lookup has no Addrs.
	if _, _, err := p.Lookup(context.Background(), r, "http://127.0.0.1/"); asGuardError(t, "Lookup(127.0.0.1)", err).Addrs != nil {
		t.Errorf("Lookup(127.0.0.1) = %#v, want no Addrs", err)
	}
}

func addrStrings(as []netip.Addr) []string {
	var s []string
	for _, a := range as {
		s = append(s, a.String())
	}
	return s
}

func mustPort(t *testing.T, s string) uint16 {
	t.Helper()
	ap, err := netip.ParseAddrPort("127.0.0.1:" + s)
	if err != nil {
		t.Fatal(err)
	}
	return ap.Port()
}

// TestZeroAddr: the zero netip.Addr is no address, and no path lets it
// through: CheckAddr refuses it under every allowance (no range holds it,
// so it was allowed), Lookup refuses a Resolver's answer of it, and
// DialContext, Transport and Client never dial it (its String, "invalid
// IP", was dialed as a name) but try the next address. IPv4-mapped forms
// of 0.0.0.0 are refused as 0.0.0.0 is.
func TestZeroAddr(t *testing.T) {
	var zero netip.Addr
	// refusal returns the rule, reading and input of the *guard.Error in
	// err, or "" for each.
	refusal := func(err error) (rule guard.Rule, reading guard.Reading, input string) {
		var e *guard.Error
		if errors.As(err, &e) {
			return e.Rule, e.Reading, e.Input
		}
		return "", "", ""
	}
	for _, p := range []*guard.Policy{
		{},
		{AllowPrivate: true, Networks: []netip.Prefix{netip.MustParsePrefix("0.0.0.0/0"), netip.MustParsePrefix("::/0"), {}}},
	} {
		for _, a := range []netip.Addr{zero, zero.WithZone("eth0")} {
			err := p.CheckAddr(a)
			if rule, _, _ := refusal(err); rule != guard.RuleAddress || !errors.Is(err, guard.ErrAddress) {
				t.Errorf("%+v.CheckAddr(netip.Addr{}) = %v, want rule address", p, err)
			}
		}
	}
	srv, hits := loopbackServer(t)
	_, port, _ := net.SplitHostPort(strings.TrimPrefix(srv.URL, "http://"))
	answers := map[string][]netip.Addr{
		"zero.test":        {zero},
		"zero-first.test":  {zero, netip.MustParseAddr("127.0.0.1")},
		"zero-last.test":   {netip.MustParseAddr("127.0.0.1"), zero},
		"mapped-zero.test": {mapped("0.0.0.0")},
	}
	res := guard.ResolverFunc(func(ctx context.Context, network, host string) ([]netip.Addr, error) {
		if as, ok := answers[host]; ok {
			return as, nil
		}
		t.Errorf("lookup of %q", host)
		return nil, &net.DNSError{Err: "no such host", Name: host, IsNotFound: true}
	})
	p := &guard.Policy{Ports: []uint16{mustPort(t, port)}, Networks: []netip.Prefix{netip.MustParsePrefix("127.0.0.1/32")}, Resolver: res}
	for host := range answers {
		u := "http://" + host + ":" + port + "/secret"
		_, addrs, err := p.Lookup(context.Background(), nil, u)
		if rule, reading, _ := refusal(err); rule != guard.RuleAddress || reading != guard.ReadingResolve || addrs != nil {
			t.Errorf("Lookup(%q) = %v, %v; want rule address, reading resolve", u, addrs, err)
		}
	}
	for _, tt := range []struct {
		host string
		ok   bool // the next address, 127.0.0.1, is reached
	}{
		{"zero.test", false},
		{"mapped-zero.test", false},
		{"zero-first.test", true},
		{"zero-last.test", true},
	} {
		addr := tt.host + ":" + port
		c, err := p.DialContext(context.Background(), "tcp", addr)
		if err == nil {
			c.Close()
		}
		if tt.ok != (err == nil) {
			t.Errorf("DialContext(%q) = %v, want connected %v", addr, err, tt.ok)
		}
		var oe *net.OpError
		if rule, _, _ := refusal(err); !tt.ok && (!errors.As(err, &oe) || rule != guard.RuleAddress) {
			t.Errorf("DialContext(%q) = %v, want a *guard.Error of rule address in a *net.OpError", addr, err)
		}
	}
	resp, err := p.Client().Get("http://zero.test:" + port + "/secret")
	if err == nil {
		resp.Body.Close()
	}
	if rule, reading, input := refusal(err); rule != guard.RuleAddress || reading != guard.ReadingConnect || input != "zero.test:"+port {
		t.Errorf("Client().Get(zero.test) = %v; want rule address, reading connect, input zero.test:%s", err, port)
	}
	if n := hits.secret.Load(); n != 0 {
		t.Errorf("the server got %d requests for /secret, want none", n)
	}
}
