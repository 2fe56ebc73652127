package guard_test

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"net/netip"
	"net/url"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/gouri/uri/guard"
)

// rebinder is a resolver for one name that answers each lookup with the
// next of its answers (the last one again after them), as a DNS server
// that rebinds the name does, and counts the lookups. Any other name is
// an error of the test: a lookup that must not happen.
type rebinder struct {
	t       *testing.T
	name    string
	answers [][]netip.Addr
	lookups atomic.Int32
}

func (r *rebinder) LookupNetIP(ctx context.Context, network, host string) ([]netip.Addr, error) {
	if host != r.name {
		r.t.Errorf("lookup of %q, want only %q", host, r.name)
		return nil, &net.DNSError{Err: "no such host", Name: host, IsNotFound: true}
	}
	n := int(r.lookups.Add(1))
	return r.answers[min(n, len(r.answers))-1], nil
}

// mapped returns a as Go's resolver returns an IPv4 answer: IPv4-mapped.
func mapped(s string) netip.Addr { return netip.AddrFrom16(netip.MustParseAddr(s).As16()) }

// allowPublic is the network that stands in for the public Internet in
// these tests: 127.0.0.2, a loopback address, allowed by Networks.
var allowPublic = []netip.Prefix{netip.MustParsePrefix("127.0.0.2/32")}

// TestDNSRebindingLookupThenFetch: a name that resolves to an allowed
// address when Lookup checks it and to 127.0.0.1 when the client
// connects (the time-of-check to time-of-use gap that DNS rebinding
// uses) is refused at connect time, with the policy's Resolver answering
// both lookups; the server on 127.0.0.1 sees nothing.
func TestDNSRebindingLookupThenFetch(t *testing.T) {
	srv, hits := loopbackServer(t)
	_, port, _ := net.SplitHostPort(strings.TrimPrefix(srv.URL, "http://"))
	r := &rebinder{t: t, name: "rebind.test", answers: [][]netip.Addr{{mapped("127.0.0.2")}, {mapped("127.0.0.1")}}}
	p := &guard.Policy{Ports: []uint16{mustPort(t, port)}, Networks: allowPublic, Resolver: r}
	u := "http://rebind.test:" + port + "/secret"
	if _, addrs, err := p.Lookup(context.Background(), nil, u); err != nil || len(addrs) != 1 || addrs[0] != netip.MustParseAddr("127.0.0.2") {
		t.Fatalf("Resolve(%q) = %v, %v; want 127.0.0.2 from the policy's Resolver", u, addrs, err)
	}
	resp, err := p.Client().Get(u)
	if err == nil {
		resp.Body.Close()
	}
	e := asGuardError(t, "Client().Get("+u+") after rebinding", err)
	if e.Rule != guard.RuleAddress || e.Reading != guard.ReadingConnect || e.Input != "127.0.0.1:"+port {
		t.Errorf("Client().Get(%q) after rebinding: rule %q reading %q input %q; want address, connect, 127.0.0.1:%s (%v)", u, e.Rule, e.Reading, e.Input, port, err)
	}
	if n := r.lookups.Load(); n != 2 {
		t.Errorf("%d lookups, want 2: Lookup's and the dialer's", n)
	}
	if n := hits.secret.Load(); n != 0 {
		t.Errorf("the server on 127.0.0.1 got %d requests, want none", n)
	}
}

// TestDNSRebindingBetweenConnections: the first connection to a name
// reaches the allowed address it resolves to (127.0.0.2, the stand-in for
// a public server), and the next one, after the name has been rebound to
// 127.0.0.1, is refused; the server on 127.0.0.1, on the same port, sees
// nothing.
func TestDNSRebindingBetweenConnections(t *testing.T) {
	public, err := net.Listen("tcp", "127.0.0.2:0")
	if err != nil {
		t.Skipf("cannot listen on 127.0.0.2 (on macOS: ifconfig lo0 alias 127.0.0.2): %v", err)
	}
	_, port, _ := net.SplitHostPort(public.Addr().String())
	internal, err := net.Listen("tcp", "127.0.0.1:"+port)
	if err != nil {
		public.Close()
		t.Skipf("cannot listen on 127.0.0.1:%s too: %v", port, err)
	}
	var secrets atomic.Int32
	for _, s := range []struct {
		l    net.Listener
		body string
	}{{public, "public"}, {internal, "secret"}} {
		srv := httptest.NewUnstartedServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			if s.body == "secret" {
				secrets.Add(1)
			}
			io.WriteString(w, s.body)
		}))
		srv.Listener.Close()
		srv.Listener = s.l
		srv.Start()
		t.Cleanup(srv.Close)
	}
	r := &rebinder{t: t, name: "rebind.test", answers: [][]netip.Addr{{mapped("127.0.0.2")}, {mapped("127.0.0.1")}}}
	p := &guard.Policy{Ports: []uint16{mustPort(t, port)}, Networks: allowPublic, Resolver: r}
	u := "http://rebind.test:" + port + "/"
	resp, err := p.Get(u)
	if err != nil {
		t.Fatalf("Get(%q), the first time: %v", u, err)
	}
	b, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if string(b) != "public" {
		t.Fatalf("Get(%q), the first time: %q, want the server on 127.0.0.2", u, b)
	}
	resp, err = p.Get(u)
	if err == nil {
		resp.Body.Close()
	}
	if e := asGuardError(t, "Get("+u+"), rebound", err); e.Rule != guard.RuleAddress || e.Reading != guard.ReadingConnect {
		t.Errorf("Get(%q), rebound to 127.0.0.1: rule %q reading %q, want address, connect (%v)", u, e.Rule, e.Reading, err)
	}
	if n := secrets.Load(); n != 0 {
		t.Errorf("the server on 127.0.0.1 got %d requests, want none", n)
	}
}

// TestDialContext: with a Resolver, each address of a name is dialed in
// turn, the refused ones skipped, and an IPv4 answer is dialed as IPv4; a
// host of Hosts is dialed without Control; an address is not looked up.
func TestDialContext(t *testing.T) {
	srv, _ := loopbackServer(t)
	_, port, _ := net.SplitHostPort(strings.TrimPrefix(srv.URL, "http://"))
	names := map[string][]netip.Addr{
		"two.test":     {netip.MustParseAddr("10.0.0.1"), mapped("127.0.0.1")},
		"refused.test": {netip.MustParseAddr("::1"), mapped("169.254.169.254")},
		"trusted.test": {mapped("127.0.0.1")},
		"none.test":    {},
	}
	res := guard.ResolverFunc(func(ctx context.Context, network, host string) ([]netip.Addr, error) {
		if network != "ip" {
			t.Errorf("lookup of %q on %q, want ip", host, network)
		}
		as, ok := names[host]
		if !ok {
			t.Errorf("lookup of %q", host)
		}
		return as, nil
	})
	p := &guard.Policy{Ports: []uint16{mustPort(t, port)}, Networks: []netip.Prefix{netip.MustParsePrefix("127.0.0.1/32")}, Hosts: hostList(t, "trusted.test"), Resolver: res}
	for _, tt := range []struct{ addr, want string }{
		{"two.test:" + port, "127.0.0.1:" + port},
		{"trusted.test:" + port, "127.0.0.1:" + port},
		{"127.0.0.1:" + port, "127.0.0.1:" + port},
		{"refused.test:" + port, "address"}, // the first refusal: ::1
		{"none.test:" + port, "no such host"},
	} {
		c, err := p.DialContext(context.Background(), "tcp", tt.addr)
		var e *guard.Error
		switch {
		case err == nil:
			if got := c.RemoteAddr().String(); got != tt.want {
				t.Errorf("DialContext(%q) reached %s, want %s", tt.addr, got, tt.want)
			}
			c.Close()
		case errors.As(err, &e):
			if string(e.Rule) != tt.want || e.Input != "[::1]:"+port {
				t.Errorf("DialContext(%q) = %v, want %s", tt.addr, err, tt.want)
			}
		case !strings.Contains(err.Error(), tt.want):
			t.Errorf("DialContext(%q) = %v, want %s", tt.addr, err, tt.want)
		}
	}
	// Without Hosts, the trusted name's address is checked.
	p.Hosts, p.Networks = nil, nil
	if _, err := p.DialContext(context.Background(), "tcp", "trusted.test:"+port); !errors.Is(err, guard.ErrAddress) {
		t.Errorf("DialContext(a name of 127.0.0.1, not in Hosts) = %v, want ErrAddress", err)
	}
}

// TestLocalTestingSecondLoopback: the package documentation's recipe for
// testing a fetcher locally with a second loopback address: a server on
// 127.0.0.2, reached by the name hook.test, with 127.0.0.2/32 allowed and
// 127.0.0.1 refused, a redirect to it included.
func TestLocalTestingSecondLoopback(t *testing.T) {
	l, err := net.Listen("tcp", "127.0.0.2:0")
	if err != nil {
		t.Skipf("cannot listen on 127.0.0.2 (on macOS: ifconfig lo0 alias 127.0.0.2): %v", err)
	}
	srv := httptest.NewUnstartedServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if to := r.URL.Query().Get("to"); to != "" {
			http.Redirect(w, r, to, http.StatusFound)
			return
		}
		io.WriteString(w, "hello")
	}))
	srv.Listener.Close()
	srv.Listener = l
	srv.Start()
	defer srv.Close()
	addr := netip.MustParseAddrPort(l.Addr().String())
	p := &guard.Policy{
		Ports:    []uint16{addr.Port()},
		Networks: []netip.Prefix{netip.MustParsePrefix("127.0.0.2/32")},
		Resolver: guard.ResolverFunc(func(ctx context.Context, network, host string) ([]netip.Addr, error) {
			if host == "hook.test" {
				return []netip.Addr{netip.MustParseAddr("127.0.0.2")}, nil
			}
			return nil, &net.DNSError{Err: "no such host", Name: host, IsNotFound: true}
		}),
	}
	port := strconv.Itoa(int(addr.Port()))
	hook := "http://hook.test:" + port + "/"
	client := p.Client()
	for _, tt := range []struct {
		url  string
		rule guard.Rule
	}{
		{hook, ""},
		{"http://127.0.0.2:" + port + "/", ""},
		{hook + "?to=" + url.QueryEscape("http://127.0.0.1:"+port+"/"), guard.RuleAddress},
		{hook + "?to=" + url.QueryEscape("http://localhost:"+port+"/"), guard.RuleLocalhost},
		{"http://127.0.0.1:" + port + "/", guard.RuleAddress},
		{"http://other.test:" + port + "/", ""}, // allowed by Check; its lookup fails
	} {
		req, err := p.NewRequest(context.Background(), "GET", tt.url, nil)
		if err == nil {
			var resp *http.Response
			if resp, err = client.Do(req); err == nil {
				resp.Body.Close()
			}
		}
		var e *guard.Error
		switch {
		case tt.rule == "" && strings.HasPrefix(tt.url, "http://other.test"):
			if errors.As(err, &e) || !strings.Contains(fmt.Sprint(err), "no such host") {
				t.Errorf("Get(%q) = %v, want the resolver's error", tt.url, err)
			}
		case tt.rule == "" && err != nil:
			t.Errorf("Get(%q) = %v, want it fetched", tt.url, err)
		case tt.rule != "" && (!errors.As(err, &e) || e.Rule != tt.rule):
			t.Errorf("Get(%q) = %v, want rule %q", tt.url, err, tt.rule)
		}
	}
}
