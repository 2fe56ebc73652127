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
	"time"

	"github.com/gouri/uri/guard"
)

// Check each URL a user gives before fetching it: the zero Policy allows
// http and https to public hosts on ports 80 and 443.
func ExamplePolicy_Check() {
	var p guard.Policy
	for _, raw := range []string{
		"https://example.com/search?q=go",
		"http://127.1/",
		"http://[::ffff:169.254.169.254]/latest/meta-data/",
		"http://ⓛⓞⓒⓐⓛⓗⓞⓢⓣ/",
		"http://good.example@evil.example/",
		"https:evil.example/",
		"http://example.com:6379/",
	} {
		target, err := p.Check(raw)
		var e *guard.Error
		if errors.As(err, &e) {
			fmt.Printf("refuse %s: %s (%s)\n", raw, e.Rule, e.Reading)
			continue
		}
		fmt.Printf("fetch  %s: dial %s\n", raw, target)
	}
	// Output:
	// fetch  https://example.com/search?q=go: dial example.com:443
	// refuse http://127.1/: address (dial)
	// refuse http://[::ffff:169.254.169.254]/latest/meta-data/: address (dial)
	// refuse http://ⓛⓞⓒⓐⓛⓗⓞⓢⓣ/: localhost (dial)
	// refuse http://good.example@evil.example/: userinfo (rfc3986)
	// refuse https:evil.example/: parse (dial)
	// refuse http://example.com:6379/: port (dial)
}

// The error says which rule refused the URL and why, in plain words.
func ExamplePolicy_Check_error() {
	var p guard.Policy
	_, err := p.Check("http://[64:ff9b::7f00:1]/")
	fmt.Println(err)
	fmt.Println(errors.Is(err, guard.ErrAddress))
	// Output:
	// guard: refused "http://[64:ff9b::7f00:1]/": address: 64:ff9b::7f00:1 is a NAT64 address (64:ff9b::/96, RFC 6052, Section 2.1) that carries 127.0.0.1, a loopback address (127.0.0.0/8, RFC 1122, Section 3.2.1.3)
	// true
}

// An allowlist of hosts is read once, when the service starts: a bad
// pattern is an error then, and each Check matches the URL's host against
// the compiled list.
func ExampleNewHostList() {
	only, err := guard.NewHostList([]string{"hooks.example.com", "*.partner.example", "Bücher.example"}, guard.HostListOptions{})
	if err != nil {
		fmt.Println(err)
		return
	}
	p := guard.Policy{OnlyHosts: only}
	for _, raw := range []string{
		"https://hooks.example.com/a",
		"https://api.eu.partner.example/v1",
		"https://xn--bcher-kva.example/",
		"https://partner.example/",
		"https://evil.example/",
	} {
		if _, err := p.Check(raw); err != nil {
			fmt.Println(err)
			continue
		}
		fmt.Println("fetch", raw)
	}
	// A wildcard over a public suffix allows names that anyone may register.
	_, err = guard.NewHostList([]string{"*.github.io"}, guard.HostListOptions{})
	fmt.Println(err)
	// Output:
	// fetch https://hooks.example.com/a
	// fetch https://api.eu.partner.example/v1
	// fetch https://xn--bcher-kva.example/
	// guard: refused "https://partner.example/": allowlist: the host "partner.example" is not in OnlyHosts
	// guard: refused "https://evil.example/": allowlist: the host "evil.example" is not in OnlyHosts
	// uri: parse allowlist: invalid host pattern ("github.io" is a public suffix: each name under it may be another party's) at offset 2 of "*.github.io"
}

// Client is the one call: every request, connection and redirect is
// checked. Set a timeout too.
func ExamplePolicy_Client() {
	p := guard.Policy{Ports: []uint16{8080}}
	c := p.Client()
	_, err := c.Get("http://localhost:8080/admin") // refused before any lookup or connection
	fmt.Println(errors.Is(err, guard.ErrLocalhost))
	// Output:
	// true
}

// Private addresses are refused unless the policy allows them; loopback
// and cloud metadata stay refused.
func ExamplePolicy_CheckAddr() {
	p := guard.Policy{AllowPrivate: true}
	for _, s := range []string{"10.1.2.3", "fd00::1", "127.0.0.1", "169.254.169.254", "2002:a9fe:a9fe::1"} {
		fmt.Println(s, p.CheckAddr(netip.MustParseAddr(s)) == nil)
	}
	// Output:
	// 10.1.2.3 true
	// fd00::1 true
	// 127.0.0.1 false
	// 169.254.169.254 false
	// 2002:a9fe:a9fe::1 false
}

// Fetching a URL that a user gave (a webhook, a link preview, an import):
// one Client for the service, shared by its goroutines, checks the URL
// before net/url reads it, every redirect, and the address of every
// connection after DNS, so that every refusal is a *guard.Error, even for
// a URL that net/url rejects. Refused URLs never reach a resolver or a
// socket.
func Example_fetchForUser() {
	// http and https, ports 80 and 443, public addresses only; 30 s timeout.
	client := guard.NewClient(guard.Policy{}, guard.ClientOptions{MaxBodyBytes: 10 << 20})
	for _, userURL := range []string{"http://127.1/admin", "http://[::ffff:169.254.169.254]/latest/meta-data/", "https:evil.example/", "http://evil.example\\@127.0.0.1/"} {
		resp, err := client.Get(userURL) // a refusal is a *guard.Error inside a *url.Error
		var refused *guard.Error
		switch {
		case errors.As(err, &refused):
			fmt.Println("refused:", refused.Rule, userURL) // 403: the user's URL is not allowed
		case err != nil:
			fmt.Println("failed:", err) // 502: the fetch failed
		default:
			resp.Body.Close()
		}
	}
	// Output:
	// refused: address http://127.1/admin
	// refused: address http://[::ffff:169.254.169.254]/latest/meta-data/
	// refused: parse https:evil.example/
	// refused: parse http://evil.example\@127.0.0.1/
}

// NewClient makes the client of a service once: its options bound the
// time of each request, the redirects it follows and the bytes it reads,
// and its connections are shared. Here it fetches from a local server
// that the policy allows, as a test would (see Example_localTesting); a
// redirect to this host is refused, and so is a body over the limit.
func ExampleNewClient() {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch r.URL.Path {
		case "/hop":
			http.Redirect(w, r, "http://localhost/admin", http.StatusFound)
		case "/big":
			w.Write(make([]byte, 2<<20))
		default:
			fmt.Fprint(w, "hello")
		}
	}))
	defer srv.Close()
	addr := netip.MustParseAddrPort(srv.Listener.Addr().String())
	p := guard.Policy{
		Ports:    []uint16{addr.Port()},
		Networks: []netip.Prefix{netip.PrefixFrom(addr.Addr(), addr.Addr().BitLen())},
		Resolver: guard.ResolverFunc(func(ctx context.Context, network, host string) ([]netip.Addr, error) {
			return []netip.Addr{addr.Addr()}, nil // every name is the test server
		}),
	}
	client := guard.NewClient(p, guard.ClientOptions{
		Timeout:      10 * time.Second,
		MaxRedirects: 3,
		MaxBodyBytes: 1 << 20,
	})
	for _, path := range []string{"/", "/hop", "/big"} {
		resp, err := client.Get("http://api.test:" + strconv.Itoa(int(addr.Port())) + path)
		var refused *guard.Error
		if errors.As(err, &refused) {
			fmt.Println(path, "refused:", refused.Rule)
			continue
		}
		if err != nil {
			fmt.Println(path, "failed:", err)
			continue
		}
		body, err := io.ReadAll(resp.Body)
		resp.Body.Close()
		if err != nil {
			// The error names the URL; its port is the test server's.
			msg := strings.Replace(err.Error(), strconv.Itoa(int(addr.Port())), "PORT", 1)
			fmt.Println(path, "read", len(body), "bytes:", msg)
			continue
		}
		fmt.Println(path, "fetched:", string(body))
	}
	// Output:
	// / fetched: hello
	// /hop refused: localhost
	// /big read 1048576 bytes: guard: response body of "http://api.test:PORT/big" longer than MaxBodyBytes, 1048576 bytes
}

// A fetcher's tests run against a local server, which the zero Policy
// refuses. Allow that one server and nothing else that is local: its
// address in Networks, its port in Ports, and a name of the reserved
// top-level domain .test that a Resolver maps to it. localhost, the
// other loopback addresses and the cloud metadata names stay refused, so
// that the tests show a redirect to them refused.
func Example_localTesting() {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if to := r.URL.Query().Get("to"); to != "" {
			http.Redirect(w, r, to, http.StatusFound)
			return
		}
		fmt.Fprint(w, "hello")
	}))
	defer srv.Close()
	addr := netip.MustParseAddrPort(srv.Listener.Addr().String()) // 127.0.0.1:PORT
	p := guard.Policy{
		Ports:    []uint16{addr.Port()},
		Networks: []netip.Prefix{netip.PrefixFrom(addr.Addr(), addr.Addr().BitLen())},
		Resolver: guard.ResolverFunc(func(ctx context.Context, network, host string) ([]netip.Addr, error) {
			if host == "hook.test" {
				return []netip.Addr{addr.Addr()}, nil
			}
			return nil, &net.DNSError{Err: "no such host", Name: host, IsNotFound: true}
		}),
	}
	port := strconv.Itoa(int(addr.Port()))
	for _, to := range []string{"", "http://localhost:" + port + "/", "http://127.0.0.2:" + port + "/", "http://metadata/"} {
		resp, err := p.Get("http://hook.test:" + port + "/?to=" + url.QueryEscape(to))
		var refused *guard.Error
		switch {
		case errors.As(err, &refused):
			fmt.Println("redirect refused:", refused.Rule)
		case err != nil:
			fmt.Println("failed:", err)
		default:
			body, _ := io.ReadAll(resp.Body)
			resp.Body.Close()
			fmt.Println("fetched:", string(body))
		}
	}
	// Output:
	// fetched: hello
	// redirect refused: localhost
	// redirect refused: address
	// redirect refused: metadata
}
