package guard_test

import (
	"context"
	"crypto/tls"
	"errors"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"net/netip"
	"net/url"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/gouri/uri/guard"
)

// publicServer starts the stand-in for a public server: an HTTP server on
// 127.0.0.2 (allowPublic), which the tests allow while 127.0.0.1 stays
// refused. Its paths: "/" says hello; "/hop?to=URL" redirects to URL;
// "/chain/N" redirects N times; "/bytes?n=N" sends N bytes with a
// Content-Length, "/stream?n=N" without one; "/slow" answers when the
// request is canceled. It counts the connections it accepts.
func publicServer(t *testing.T, tlsOn bool) (srv *httptest.Server, port string, conns *atomic.Int32) {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.2:0")
	if err != nil {
		t.Skipf("cannot listen on 127.0.0.2 (on macOS: ifconfig lo0 alias 127.0.0.2): %v", err)
	}
	conns = new(atomic.Int32)
	srv = httptest.NewUnstartedServer(http.HandlerFunc(servePublic))
	srv.Listener.Close()
	srv.Listener = l
	srv.Config.ConnState = func(c net.Conn, s http.ConnState) {
		if s == http.StateNew {
			conns.Add(1)
		}
	}
	if tlsOn {
		srv.EnableHTTP2 = true
		srv.StartTLS()
	} else {
		srv.Start()
	}
	t.Cleanup(srv.Close)
	_, port, _ = net.SplitHostPort(l.Addr().String())
	return srv, port, conns
}

func servePublic(w http.ResponseWriter, r *http.Request) {
	n, _ := strconv.Atoi(r.URL.Query().Get("n"))
	switch path := r.URL.Path; {
	case path == "/hop":
		http.Redirect(w, r, r.URL.Query().Get("to"), http.StatusFound)
	case strings.HasPrefix(path, "/chain/"):
		left, _ := strconv.Atoi(strings.TrimPrefix(path, "/chain/"))
		if left == 0 {
			io.WriteString(w, "end")
			return
		}
		http.Redirect(w, r, "/chain/"+strconv.Itoa(left-1), http.StatusFound)
	case path == "/bytes":
		w.Header().Set("Content-Length", strconv.Itoa(n))
		io.WriteString(w, strings.Repeat("x", n))
	case path == "/stream":
		w.(http.Flusher).Flush() // no Content-Length
		io.WriteString(w, strings.Repeat("x", n))
	case path == "/slow":
		select {
		case <-r.Context().Done():
		case <-time.After(10 * time.Second):
		}
	default:
		io.WriteString(w, "hello "+r.Proto)
	}
}

// publicPolicy allows the public stand-in on the ports and nothing else
// that is local; the names of .test and example.com (which the test
// servers' certificate names) resolve to 127.0.0.2, but those that begin
// with "private.", which resolve to 127.0.0.1.
func publicPolicy(t *testing.T, ports ...string) guard.Policy {
	p := guard.Policy{Networks: allowPublic}
	for _, port := range ports {
		p.Ports = append(p.Ports, mustPort(t, port))
	}
	p.Resolver = guard.ResolverFunc(func(ctx context.Context, network, host string) ([]netip.Addr, error) {
		switch {
		case !strings.HasSuffix(host, ".test") && !strings.HasSuffix(host, ".example.com"):
		case strings.HasPrefix(host, "private."):
			return []netip.Addr{mapped("127.0.0.1")}, nil
		default:
			return []netip.Addr{mapped("127.0.0.2")}, nil
		}
		t.Errorf("lookup of %q", host)
		return nil, &net.DNSError{Err: "no such host", Name: host, IsNotFound: true}
	})
	return p
}

// TestClientRefusals: every refusal of a Client, before the request, at a
// redirect or at connect time, is a *guard.Error inside a *url.Error,
// from Get, Head, Post and Do alike, and the response is nil; the servers
// on 127.0.0.1 see nothing. An allowed URL is fetched by each.
func TestClientRefusals(t *testing.T) {
	_, port, _ := publicServer(t, false)
	private, hits := loopbackServer(t)
	_, privatePort, _ := net.SplitHostPort(strings.TrimPrefix(private.URL, "http://"))
	c := guard.NewClient(publicPolicy(t, port, privatePort), guard.ClientOptions{})
	public := "http://api.test:" + port
	hop := func(to string) string { return public + "/hop?to=" + url.QueryEscape(to) }
	calls := []struct {
		name string
		op   string // the Op of the *url.Error
		do   func(string) (*http.Response, error)
	}{
		{"Get", "Get", c.Get},
		{"Head", "Head", c.Head},
		{"Post", "Post", func(u string) (*http.Response, error) { return c.Post(u, "text/plain", strings.NewReader("x")) }},
		{"Do", "Get", func(u string) (*http.Response, error) {
			req, err := c.NewRequest(context.Background(), http.MethodGet, u, nil)
			if err != nil {
				return nil, &url.Error{Op: "Get", URL: u, Err: err}
			}
			return c.Do(req)
		}},
	}
	tests := []struct {
		why, url string
		rule     guard.Rule
		reading  guard.Reading
	}{
		{"net/url rejects it", "http://api.test\\@127.0.0.1:" + privatePort + "/secret", guard.RuleParse, guard.ReadingNetURL},
		{"a name of this host", "http://localhost:" + privatePort + "/secret", guard.RuleLocalhost, guard.ReadingDial},
		{"a refused address", "http://127.0.0.3:" + port + "/secret", guard.RuleAddress, guard.ReadingDial},
		{"a port not allowed", "http://api.test:81/secret", guard.RulePort, guard.ReadingDial},
		{"a name that resolves to a refused address", "http://private.test:" + privatePort + "/secret", guard.RuleAddress, guard.ReadingConnect},
		{"a redirect to a refused address", hop("http://[::1]:" + privatePort + "/secret"), guard.RuleAddress, guard.ReadingDial},
		{"a redirect to localhost", hop("http://localhost:" + privatePort + "/secret"), guard.RuleLocalhost, guard.ReadingDial},
		{"a redirect to a name of a refused address", hop("http://private.test:" + privatePort + "/secret"), guard.RuleAddress, guard.ReadingConnect},
		{"too many redirects", public + "/chain/11", guard.RuleRedirect, ""},
	}
	for _, call := range calls {
		for _, tt := range tests {
			resp, err := call.do(tt.url)
			if resp != nil {
				resp.Body.Close()
				t.Errorf("%s(%q): a response with the error %v", call.name, tt.url, err)
			}
			var e *guard.Error
			var ue *url.Error
			switch {
			case !errors.As(err, &ue) || ue.Op != call.op:
				t.Errorf("%s(%q) = %#v, want a *url.Error of Op %q (%s)", call.name, tt.url, err, call.op, tt.why)
			case !errors.As(err, &e) || e.Rule != tt.rule || e.Reading != tt.reading:
				t.Errorf("%s(%q) = %v, want a *guard.Error of rule %q, reading %q (%s)", call.name, tt.url, err, tt.rule, tt.reading, tt.why)
			}
		}
		resp, err := call.do(public + "/chain/10")
		if err != nil {
			t.Errorf("%s(10 redirects) = %v", call.name, err)
			continue
		}
		b, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if want := map[bool]string{true: "", false: "end"}[call.name == "Head"]; string(b) != want {
			t.Errorf("%s(10 redirects): %q, want %q", call.name, b, want)
		}
	}
	if n := hits.secret.Load() + hits.hop.Load() + hits.other.Load(); n != 0 {
		t.Errorf("the server on 127.0.0.1 got %d requests, want none", n)
	}
}

// TestClientConnections: one Client shares its connections between
// requests, also from many goroutines at once, and is safe for that;
// CloseIdleConnections and the next connection are checked again, so a
// name rebound to a refused address is refused when it is dialed anew.
func TestClientConnections(t *testing.T) {
	_, port, conns := publicServer(t, false)
	var answer atomic.Pointer[netip.Addr]
	answer.Store(ptr(mapped("127.0.0.2")))
	var lookups atomic.Int32
	p := guard.Policy{Ports: []uint16{mustPort(t, port)}, Networks: allowPublic}
	p.Resolver = guard.ResolverFunc(func(ctx context.Context, network, host string) ([]netip.Addr, error) {
		lookups.Add(1)
		return []netip.Addr{*answer.Load()}, nil
	})
	c := guard.NewClient(p, guard.ClientOptions{})
	u := "http://rebind.test:" + port + "/"
	get := func() error {
		resp, err := c.Get(u)
		if err != nil {
			return err
		}
		defer resp.Body.Close()
		if b, err := io.ReadAll(resp.Body); err != nil || string(b) != "hello HTTP/1.1" {
			return errors.New("body " + strconv.Quote(string(b)))
		}
		return nil
	}
	for range 5 {
		if err := get(); err != nil {
			t.Fatalf("Get(%q): %v", u, err)
		}
	}
	if n := conns.Load(); n != 1 {
		t.Errorf("5 requests in turn took %d connections, want 1", n)
	}
	var wg sync.WaitGroup
	errs := make(chan error, 16)
	for range 16 {
		wg.Go(func() { errs <- get() })
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		if err != nil {
			t.Errorf("Get(%q), 16 at once: %v", u, err)
		}
	}
	// Each connection looks the name up: no address is kept. (A dial that
	// loses the race to a connection going back to the pool looks up too.)
	if n := lookups.Load(); n < conns.Load() {
		t.Errorf("%d lookups for %d connections, want one per connection at least", n, conns.Load())
	}
	answer.Store(ptr(mapped("127.0.0.1"))) // the name is rebound
	if err := get(); err != nil {
		t.Errorf("Get(%q) on a pooled connection after rebinding: %v", u, err)
	}
	// A connection goes back to the pool a moment after its body is
	// closed: CloseIdleConnections may come first, and the next Get reuse
	// it. (CloseIdleConnections did nothing before the client's transport
	// passed it on.)
	var err error
	for range 100 {
		c.CloseIdleConnections()
		if err = get(); err != nil {
			break
		}
		time.Sleep(time.Millisecond)
	}
	var e *guard.Error
	if !errors.As(err, &e) || e.Rule != guard.RuleAddress || e.Reading != guard.ReadingConnect {
		t.Errorf("Get(%q) on a new connection after rebinding = %v, want rule address, reading connect", u, err)
	}
}

// TestClientOptions: the timeout (30 s by default, none when negative),
// the limit of redirects (none followed when negative) and the limit of
// the body, known from the Content-Length or found while reading.
func TestClientOptions(t *testing.T) {
	_, port, _ := publicServer(t, false)
	p := publicPolicy(t, port)
	base := "http://api.test:" + port
	for _, tt := range []struct {
		in   time.Duration
		want time.Duration
	}{{0, 30 * time.Second}, {-1, 0}, {time.Minute, time.Minute}} {
		if got := guard.NewClient(p, guard.ClientOptions{Timeout: tt.in}).HTTPClient().Timeout; got != tt.want {
			t.Errorf("ClientOptions{Timeout: %v}: the client's timeout is %v, want %v", tt.in, got, tt.want)
		}
	}
	var zero guard.Client // the client of the zero Policy, as http.Client's zero value is a client
	if _, err := zero.Get("http://127.1:" + port + "/"); !errors.Is(err, guard.ErrAddress) || zero.HTTPClient().Timeout != 30*time.Second {
		t.Errorf("the zero Client: Get(127.1) = %v, timeout %v; want ErrAddress, 30s", err, zero.HTTPClient().Timeout)
	}
	c := guard.NewClient(p, guard.ClientOptions{Timeout: 50 * time.Millisecond})
	if resp, err := c.Get(base + "/slow"); err == nil || !err.(*url.Error).Timeout() {
		t.Errorf("Get(/slow) with a timeout of 50 ms = %v, %v; want a timeout", resp, err)
	}

	c = guard.NewClient(p, guard.ClientOptions{MaxRedirects: 2})
	if resp, err := c.Get(base + "/chain/2"); err != nil {
		t.Errorf("MaxRedirects 2: Get(2 redirects) = %v", err)
	} else {
		resp.Body.Close()
	}
	if _, err := c.Get(base + "/chain/3"); !errors.Is(err, guard.ErrRedirect) {
		t.Errorf("MaxRedirects 2: Get(3 redirects) = %v, want ErrRedirect", err)
	}
	c = guard.NewClient(p, guard.ClientOptions{MaxRedirects: -1})
	if resp, err := c.Get(base + "/chain/1"); err != nil || resp.StatusCode != http.StatusFound || resp.Header.Get("Location") != "/chain/0" {
		t.Errorf("MaxRedirects -1: Get(a redirect) = %v, %v; want the redirect's response", resp, err)
	} else {
		resp.Body.Close()
	}

	c = guard.NewClient(p, guard.ClientOptions{MaxBodyBytes: 10})
	for _, tt := range []struct {
		method, path string
		n            int    // bytes read before the error
		err          string // "" for none, "do" for an error of Do, "read" for one of reading
	}{
		{"GET", "/bytes?n=10", 10, ""},
		{"GET", "/stream?n=10", 10, ""},
		{"GET", "/bytes?n=11", 0, "do"},
		{"GET", "/stream?n=11", 10, "read"},
		{"GET", "/stream?n=100000", 10, "read"},
		{"HEAD", "/bytes?n=100", 0, ""}, // no body to read
	} {
		req, err := c.NewRequest(context.Background(), tt.method, base+tt.path, nil)
		if err != nil {
			t.Fatal(err)
		}
		resp, err := c.Do(req)
		var mb *http.MaxBytesError
		if tt.err == "do" {
			if resp != nil || !errors.As(err, &mb) || mb.Limit != 10 || !errors.As(err, new(*url.Error)) || !strings.Contains(err.Error(), "response body") {
				t.Errorf("MaxBodyBytes 10: %s %s = %v, %v; want an *http.MaxBytesError in a *url.Error", tt.method, tt.path, resp, err)
			}
			continue
		}
		if err != nil {
			t.Errorf("MaxBodyBytes 10: %s %s: %v", tt.method, tt.path, err)
			continue
		}
		b, err := io.ReadAll(resp.Body)
		resp.Body.Close()
		if len(b) != tt.n || (tt.err == "read") != (errors.As(err, &mb) && mb.Limit == 10) || tt.err == "" && err != nil {
			t.Errorf("MaxBodyBytes 10: %s %s: read %d bytes, %v; want %d bytes and error %q", tt.method, tt.path, len(b), err, tt.n, tt.err)
		}
		// The error of a Read has no *url.Error around it: it names the
		// URL of the response itself.
		if want := `guard: response body of "` + base + tt.path + `" longer than MaxBodyBytes, 10 bytes`; tt.err == "read" && (err == nil || err.Error() != want) {
			t.Errorf("MaxBodyBytes 10: %s %s: %v; want %q", tt.method, tt.path, err, want)
		}
	}
}

// TestClientTransport: a base Transport lends its settings (here the TLS
// roots of a test server) but not its ways out: its dialers and its proxy
// are never used, and an HTTP/2 set up on it by hand is replaced by
// net/http's own, which dials through the policy too.
func TestClientTransport(t *testing.T) {
	srv, port, _ := publicServer(t, true)
	var used atomic.Int32
	base := srv.Client().Transport.(*http.Transport).Clone()
	base.DialContext = func(ctx context.Context, network, addr string) (net.Conn, error) {
		used.Add(1)
		return nil, errors.New("the base's dialer")
	}
	base.DialTLSContext = func(ctx context.Context, network, addr string) (net.Conn, error) {
		used.Add(1)
		return nil, errors.New("the base's TLS dialer")
	}
	base.Proxy = func(*http.Request) (*url.URL, error) {
		used.Add(1)
		return url.Parse("http://127.0.0.1:1")
	}
	base.TLSNextProto = map[string]func(string, *tls.Conn) http.RoundTripper{
		"h2": func(string, *tls.Conn) http.RoundTripper { used.Add(1); return nil },
	}
	c := guard.NewClient(publicPolicy(t, port), guard.ClientOptions{Transport: base})
	resp, err := c.Get("https://api.example.com:" + port + "/")
	if err != nil {
		t.Fatalf("Get over TLS: %v", err)
	}
	b, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if string(b) != "hello HTTP/2.0" || used.Load() != 0 {
		t.Errorf("Get over TLS: %q, the base's dialers, proxy or HTTP/2 used %d times; want HTTP/2 and none", b, used.Load())
	}
	if resp, err := c.Get("https://private.example.com:" + port + "/"); !errors.Is(err, guard.ErrAddress) {
		t.Errorf("Get(a name of 127.0.0.1) over TLS = %v, %v; want ErrAddress", resp, err)
	}
	if base.DialContext == nil || base.Proxy == nil {
		t.Errorf("NewClient changed the base Transport")
	}
}

func ptr[T any](v T) *T { return &v }
