package guard

import (
	"context"
	"net"
	"net/http"
	"net/netip"
	"slices"
	"strconv"
	"syscall"
	"time"
)

// Control checks the address that a connection is about to reach, after
// DNS: set it as a net.Dialer's ControlContext. It refuses, with an
// *Error of reading "connect", an address that CheckAddr refuses and a
// port that Check would refuse, so that a name that resolves to a
// private address, now or after a DNS change (rebinding), is refused when
// it is dialed. It does not know the name dialed: Hosts does not apply
// here (Transport dials those hosts without Control).
func (p *Policy) Control(ctx context.Context, network, address string, c syscall.RawConn) error {
	ap, err := netip.ParseAddrPort(address)
	if err != nil {
		return refuse(RuleAddress, ReadingConnect, address, "not an IP address and port: "+err.Error())
	}
	if why := p.addrProblem(ap.Addr()); why != "" {
		return refuse(RuleAddress, ReadingConnect, address, why)
	}
	if !p.portAllowed(ap.Port()) {
		return refuse(RulePort, ReadingConnect, address, "the port "+strconv.Itoa(int(ap.Port()))+" is not allowed")
	}
	return nil
}

// Dialer returns a net.Dialer whose ControlContext is Control, with the
// timeouts of http.DefaultTransport's dialer, and the policy's Resolver
// when it is a *net.Resolver (a net.Dialer takes no other); DialContext
// uses any Resolver.
func (p *Policy) Dialer() *net.Dialer {
	q := p.clone()
	d := &net.Dialer{Timeout: dialTimeout, KeepAlive: 30 * time.Second, ControlContext: q.Control}
	if r, ok := q.Resolver.(*net.Resolver); ok {
		d.Resolver = r
	}
	return d
}

// dialTimeout is the Timeout of http.DefaultTransport's dialer.
const dialTimeout = 30 * time.Second

// maxRedirects is the default limit of ClientOptions, and net/http's of
// requests in a chain.
const maxRedirects = 10

// CheckRedirect runs Check on the URL of every redirect, and stops a
// chain at its 10th request (after 9 redirects), as http.Client does by
// default: set it as an http.Client's CheckRedirect. The client returns
// its error inside a *url.Error.
func (p *Policy) CheckRedirect(req *http.Request, via []*http.Request) error {
	return p.checkRedirect(req, via, maxRedirects-1)
}

// checkRedirect is CheckRedirect with a limit of max redirects followed;
// with a negative max, the client follows none and returns the redirect's
// response.
func (p *Policy) checkRedirect(req *http.Request, via []*http.Request, max int) error {
	if max < 0 {
		return http.ErrUseLastResponse
	}
	if len(via) > max { // via holds the first request and the redirects followed
		return refuse(RuleRedirect, "", req.URL.String(), "stopped after "+strconv.Itoa(max)+" redirects")
	}
	_, err := p.Check(req.URL.String())
	return err
}

// Transport returns a clone of http.DefaultTransport that dials with
// DialContext (Control on every address, but for the hosts of Hosts; the
// policy's Resolver) and uses no proxy, or the environment's when
// AllowProxy is set. It does not run Check on the request: RoundTripper,
// Client and the [Client] of NewClient do.
func (p *Policy) Transport() *http.Transport {
	return p.clone().transportFrom(nil)
}

// transportFrom returns a clone of base, or of http.DefaultTransport when
// base is nil, that dials every connection, TLS included, with
// DialContext, and uses base's proxy only when AllowProxy is set. An
// HTTP/2 that base was given by hand (TLSNextProto, as
// golang.org/x/net/http2's ConfigureTransport sets it) would pool the
// connections of the clone with those that base dials itself, which no
// Control checks: the clone uses net/http's own HTTP/2 instead. p must be
// a clone that nothing else changes.
func (p *Policy) transportFrom(base *http.Transport) *http.Transport {
	if base == nil {
		base = defaultTransport()
	}
	t := base.Clone()
	if !p.AllowProxy {
		t.Proxy = nil
	}
	t.DialContext = p.DialContext // which net/http prefers to the deprecated Dial
	t.DialTLSContext = nil
	//lint:ignore SA1019 net/http would dial TLS with a base's deprecated DialTLS
	t.DialTLS = nil
	if _, ok := t.TLSNextProto["h2"]; ok {
		t.TLSNextProto = nil
		t.ForceAttemptHTTP2 = true
	}
	return t
}

// defaultTransport returns http.DefaultTransport, or a transport with its
// documented settings when a program has replaced it with another
// RoundTripper.
func defaultTransport() *http.Transport {
	if t, ok := http.DefaultTransport.(*http.Transport); ok {
		return t
	}
	return &http.Transport{
		Proxy:                 http.ProxyFromEnvironment,
		ForceAttemptHTTP2:     true,
		MaxIdleConns:          100,
		IdleConnTimeout:       90 * time.Second,
		TLSHandshakeTimeout:   10 * time.Second,
		ExpectContinueTimeout: time.Second,
	}
}

// RoundTripper returns an http.RoundTripper that runs Check on each
// request's URL before it hands the request to Transport.
func (p *Policy) RoundTripper() http.RoundTripper {
	q := p.clone()
	return &roundTripper{p: q, next: q.Transport()}
}

// roundTripper runs Check on each request before next sends it, and
// limits the body of each response to maxBody bytes when maxBody > 0.
type roundTripper struct {
	p       *Policy
	next    *http.Transport
	maxBody int64
}

func (t *roundTripper) RoundTrip(req *http.Request) (*http.Response, error) {
	if _, err := t.p.Check(req.URL.String()); err != nil {
		if req.Body != nil {
			req.Body.Close()
		}
		return nil, err
	}
	resp, err := t.next.RoundTrip(req)
	if err != nil || t.maxBody <= 0 {
		return resp, err
	}
	return limitBody(resp, t.maxBody)
}

// CloseIdleConnections closes next's idle connections: http.Client's
// CloseIdleConnections calls it.
func (t *roundTripper) CloseIdleConnections() { t.next.CloseIdleConnections() }

// Client returns an *http.Client that fetches only what the policy allows:
// Check on every request (RoundTripper), Control on every connection
// (Transport), and CheckRedirect on every redirect. It has no Timeout: set
// one. Send it requests built with NewRequest: its Get, Head, Post and
// PostForm, like http.NewRequest, parse the URL with net/url before any
// check runs, and return net/url's error, with no [*Error] in it, for a URL
// that net/url rejects. [NewClient] does both, with a timeout: prefer it
// unless an API takes an *http.Client (then pass [Client.HTTPClient]).
func (p *Policy) Client() *http.Client {
	q := p.clone()
	return &http.Client{Transport: q.RoundTripper(), CheckRedirect: q.CheckRedirect}
}

// Resolver looks up the addresses of a name; *net.Resolver is one.
type Resolver interface {
	LookupNetIP(ctx context.Context, network, host string) ([]netip.Addr, error)
}

// Lookup runs Check, then looks up the addresses of the target's name
// with r (the policy's Resolver when r is nil, and net.DefaultResolver
// when that is nil too), and refuses the URL when any of them is refused
// by CheckAddr (rule "address", reading "resolve"; the zero netip.Addr
// too), or when the name does not resolve (rule "resolve"). It returns
// the target and the addresses: the literal address, no lookup, for an
// IP address; none for a host of Hosts; and otherwise the resolver's
// answers, in its order, unmapped: an
// IPv4 address as IPv4 ("127.0.0.1"), where Go's resolver gives the
// IPv4-mapped form ("::ffff:127.0.0.1"). A refusal after the lookup has
// the answers, unmapped, as its Addrs. A later lookup may give other
// addresses: a client must still use Control.
func (p *Policy) Lookup(ctx context.Context, r Resolver, rawURL string) (string, []netip.Addr, error) {
	d, err := p.check(rawURL)
	if err != nil {
		return "", nil, err
	}
	target, host := d.target, d.host
	if d.addr.IsValid() {
		return target, []netip.Addr{d.addr}, nil
	}
	if p.hostAllowed(host, d.addr) {
		return target, nil, nil
	}
	if r == nil {
		r = p.resolver()
	}
	answers, err := r.LookupNetIP(ctx, "ip", host)
	if err == nil && len(answers) == 0 {
		err = &net.DNSError{Err: "no addresses", Name: host, IsNotFound: true}
	}
	if err != nil {
		return "", nil, refuse(RuleResolve, ReadingResolve, rawURL, quote(host)+" does not resolve: "+err.Error())
	}
	addrs := make([]netip.Addr, len(answers)) // the resolver's slice may be its own table
	for i, a := range answers {
		addrs[i] = a.Unmap()
	}
	for _, a := range addrs {
		if why := p.addrProblem(a); why != "" {
			e := refuse(RuleAddress, ReadingResolve, rawURL, quote(host)+" resolves to "+a.String()+": "+why)
			e.Addrs = addrs
			return "", nil, e
		}
	}
	return target, addrs, nil
}

// clone returns a copy of p with its own slices.
func (p *Policy) clone() *Policy {
	q := *p
	q.Schemes = slices.Clone(p.Schemes)
	q.Ports = slices.Clone(p.Ports)
	q.Networks = slices.Clone(p.Networks)
	return &q
}
