package guard

import (
	"context"
	"net"
	"net/netip"
	"time"
)

// ResolverFunc is a function that serves as a [Resolver], as
// http.HandlerFunc serves as an http.Handler: a resolver that answers
// from a table, for tests that connect to a local server by name (see
// the example "LocalTesting"), or that answer differently from one
// lookup to the next, as DNS rebinding does.
type ResolverFunc func(ctx context.Context, network, host string) ([]netip.Addr, error)

// LookupNetIP returns f(ctx, network, host).
func (f ResolverFunc) LookupNetIP(ctx context.Context, network, host string) ([]netip.Addr, error) {
	return f(ctx, network, host)
}

// resolver returns the policy's Resolver, or net.DefaultResolver.
func (p *Policy) resolver() Resolver {
	if p.Resolver != nil {
		return p.Resolver
	}
	return net.DefaultResolver
}

// DialContext connects to address, a host:port, on network ("tcp",
// "tcp4", "tcp6", ...), as Transport does for each connection: with
// Control checking the address that each attempt reaches, unless the host
// is trusted by Hosts. A name is looked up by net.Dialer with the system's
// resolver when the policy has no Resolver, or with a Resolver that is a
// *net.Resolver; with another Resolver, DialContext looks it up and
// dials its addresses in turn, each unmapped (an IPv4 address as IPv4),
// until one connects, sharing the 30-second timeout between them as
// net.Dialer does. Use it to connect to a URL of another scheme that
// Check allowed (Schemes).
//
// A refused address is an [*Error] (reading "connect") inside the
// dialer's *net.OpError, and so is the zero netip.Addr from the Resolver
// (Input the address given, rule address), which is never dialed; with
// several addresses, the error is the first one's. A name that does not resolve is the resolver's error inside a
// *net.OpError.
func (p *Policy) DialContext(ctx context.Context, network, address string) (net.Conn, error) {
	host, port, splitErr := net.SplitHostPort(address)
	d := &net.Dialer{Timeout: dialTimeout, KeepAlive: 30 * time.Second, ControlContext: p.Control}
	a, parseErr := netip.ParseAddr(host)
	if splitErr == nil && p.hostAllowed(host, a) {
		d.ControlContext = nil
	}
	r, isNet := p.Resolver.(*net.Resolver)
	if isNet {
		d.Resolver = r
	}
	if parseErr == nil || splitErr != nil || p.Resolver == nil || isNet {
		return d.DialContext(ctx, network, address)
	}
	ctx, cancel := context.WithTimeout(ctx, dialTimeout)
	defer cancel()
	addrs, err := p.Resolver.LookupNetIP(ctx, lookupNetwork(network), host)
	if err == nil && len(addrs) == 0 {
		err = &net.DNSError{Err: "no such host", Name: host, IsNotFound: true}
	}
	if err != nil {
		return nil, &net.OpError{Op: "dial", Net: network, Err: err}
	}
	var first error
	for i, a := range addrs {
		var c net.Conn
		var err error
		if a.IsValid() {
			c, err = dialPart(ctx, d, network, net.JoinHostPort(a.Unmap().String(), port), len(addrs)-i)
		} else {
			// Its String, "invalid IP", would be dialed as a name.
			err = &net.OpError{Op: "dial", Net: network, Err: refuse(RuleAddress, ReadingConnect, address,
				"the resolver answered "+quote(host)+" with the zero netip.Addr, which is no IP address")}
		}
		if err == nil {
			return c, nil
		}
		if first == nil {
			first = err
		}
		if ctx.Err() != nil {
			break
		}
	}
	return nil, first
}

// dialPart dials address with its share of the time left before ctx's
// deadline, when left addresses remain to be tried (this one included),
// but no less than 2 seconds, as net.Dialer shares its Timeout.
func dialPart(ctx context.Context, d *net.Dialer, network, address string, left int) (net.Conn, error) {
	if dl, ok := ctx.Deadline(); ok && left > 1 {
		part := max(time.Until(dl)/time.Duration(left), 2*time.Second)
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, part)
		defer cancel()
	}
	return d.DialContext(ctx, network, address)
}

// lookupNetwork returns the network to look a name up on for a dial on
// network: "ip4" for "tcp4" and "udp4", "ip6" for "tcp6" and "udp6", and
// "ip" otherwise.
func lookupNetwork(network string) string {
	switch network {
	case "tcp4", "udp4":
		return "ip4"
	case "tcp6", "udp6":
		return "ip6"
	}
	return "ip"
}
