// Package guard decides whether a server may fetch a URL that a user gave
// it, against server-side request forgery (SSRF): a [Policy] refuses a URL
// whose readings disagree (package github.com/gouri/uri/readings), whose
// scheme, userinfo or port it does not allow, or whose host is a name of
// this machine or an address in a special-purpose range; and it checks the
// address each connection reaches, after DNS, and every redirect.
//
// One call does it all: [Policy.Client] returns an *http.Client with the
// three checks wired in ([Policy.Check] on every request, [Policy.Control]
// on every connection, [Policy.CheckRedirect] on every redirect), and no
// proxy from the environment unless the policy allows it.
//
// The zero Policy is the safe default: schemes http and https, ports 80 and
// 443, no userinfo, and no special-purpose address (see [Policy.CheckAddr]
// for the ranges, from the IANA IPv4 and IPv6 Special-Purpose Address
// Registries). Its fields allow more, each at a risk that its comment says.
// See the README, section "Fetching URLs for users: package guard", and
// SECURITY.md.
//
// # What the guard does not cover
//
// A proxy resolves names itself: with AllowProxy, the proxy decides what
// an allowed name reaches. Only HTTP and HTTPS go through the client; a URL
// of another allowed scheme is checked, but connecting to it is up to the
// caller, who must check the address with [Policy.Control] too. The guard
// does not limit sizes, times or the number of connections (set
// http.Client.Timeout), does not look at the path or the query (a path
// that the server reads as another resource is no matter of the host), and
// follows net/url and net/http of the Go release it is built with.
package guard

import (
	"errors"
	"net"
	"net/netip"
	"strconv"
	"strings"

	"github.com/gouri/uri"
	"github.com/gouri/uri/internal/abnf"
	"github.com/gouri/uri/internal/schemes"
	"github.com/gouri/uri/readings"
	"github.com/gouri/uri/whatwg"
)

// Policy says which URLs and addresses may be fetched. The zero value is
// the safe default; each field allows more. A Policy must not be changed
// while it is in use; Client, Transport and Dialer take a copy.
type Policy struct {
	// Schemes allowed besides http and https, compared without regard to
	// case; ports of their default port (RFC 3986, Section 3.1) are
	// allowed too. Risk: the client of package net/http speaks only HTTP;
	// a URL of another scheme passes Check, and the caller connects to it
	// with its own client, which must use Control.
	Schemes []string
	// Ports allowed besides 80, 443 and the default ports of Schemes.
	// Risk: other ports reach other services of a public host (mail,
	// databases, admin consoles) that may trust its network.
	Ports []uint16
	// AllowPrivate allows the private ranges: RFC 1918, shared address
	// space (100.64.0.0/10, RFC 6598), unique local (fc00::/7) and
	// site-local (fec0::/10) addresses. Loopback, link-local, cloud
	// metadata and the other ranges stay refused. Risk: every service of
	// the internal network is then in reach.
	AllowPrivate bool
	// Networks allowed whatever their class, checked before the ranges:
	// an address in one of them is never refused, the cloud metadata
	// addresses included. Risk: what the network holds is in reach.
	Networks []netip.Prefix
	// Hosts allowed by name, compared without regard to ASCII case and a
	// final dot, or by address ("::1" or "[::1]", "127.0.0.1"): their
	// addresses are not checked, at Check or at connect time.
	// Risk: the name's DNS is trusted; whoever controls it chooses the
	// address reached. The readings must still agree.
	Hosts []string
	// AllowProxy lets Transport and Client use the proxy of the
	// environment (HTTP_PROXY, HTTPS_PROXY, NO_PROXY). The proxy's address
	// is checked at connect time like any other: allow it with Hosts or
	// Networks. Risk: the proxy resolves the names itself, so an allowed
	// name can reach an address that the guard would refuse.
	AllowProxy bool
}

// Check decides whether the URL rawURL may be fetched, and returns the
// host:port that net/http would dial for it (before DNS), or an *Error
// that names the rule and the reading. The rules, in order:
//
//   - parse: the URL Standard and net/url must both accept it, and
//     net/http must be able to dial it;
//   - scheme: http, https or one of Schemes;
//   - userinfo: none in any reading, not even an empty "@";
//   - localhost and address: no reading's host, nor the dial target, is
//     "localhost", a name under it (RFC 6761, Section 6.3), a name that
//     resolvers read as an IPv4 address (uri.AmbiguousIPv4) in a refused
//     range, the empty host, or an address that CheckAddr refuses;
//   - disagree: the readings of package readings agree on the scheme,
//     and the URL Standard's host and port are those that net/http dials
//     (the same address, or the same name after IDNA, so that
//     "http://bücher.example/" passes); for a scheme other than http and
//     https, the readings agree on the host and port;
//   - port: 80, 443, a default port of Schemes, or one of Ports.
//
// Names are not resolved: use Control at connect time, or Resolve. Check
// costs about what readings.Compare costs.
func (p *Policy) Check(rawURL string) (string, error) {
	r := readings.Compare(rawURL)
	return p.checkReport(&r)
}

func (p *Policy) checkReport(r *readings.Report) (string, error) {
	in := r.Input
	if !r.WHATWG.OK() {
		e := refuse(RuleParse, "whatwg", in, r.WHATWG.Err.Error())
		var we *whatwg.Error
		if errors.As(r.WHATWG.Err, &we) && we.Input == in {
			e.Offset = we.Offset
		}
		return "", e
	}
	if !r.NetURL.OK() {
		return "", refuse(RuleParse, "neturl", in, r.NetURL.Err.Error())
	}
	scheme := abnf.LowerString(r.NetURL.Scheme)
	if !p.schemeAllowed(scheme) {
		return "", refuse(RuleScheme, "neturl", in, "the scheme "+quote(r.NetURL.Scheme)+" is not allowed")
	}
	for _, pr := range []readings.Parser{readings.RFC3986, readings.WHATWG, readings.NetURL} {
		if rd := r.Reading(pr); rd.OK() && rd.HasUserinfo {
			return "", refuse(RuleUserinfo, pr.String(), in, "the URL has a userinfo (user "+quote(rd.Username)+")")
		}
	}
	target, err := p.target(r, scheme)
	if err != nil {
		return "", err
	}
	host, port, _ := net.SplitHostPort(target)
	if !p.hostAllowed(host) {
		if err := p.checkReadingHosts(r, host); err != nil {
			return "", err
		}
	}
	for _, d := range r.Differences {
		// The host and the port are compared below, as net/http dials
		// them, when it does.
		target := d.Aspect == readings.AspectHost || d.Aspect == readings.AspectPort || d.Aspect == readings.AspectDial
		if d.Aspect == readings.AspectScheme || d.Aspect == readings.AspectUserinfo || target && r.DialErr != nil {
			return "", refuse(RuleDisagree, disagreeing(r, d.Aspect), in, "the readings disagree: "+d.String())
		}
	}
	if r.DialErr == nil && !r.Reaches(readings.WHATWG) {
		wp := "the port " + quote(r.WHATWG.Port)
		if r.WHATWG.Port == "" {
			wp = "no port"
		}
		return "", refuse(RuleDisagree, ReadingWHATWG, in, "the URL Standard reads the host "+quote(r.WHATWG.Host)+
			" and "+wp+", but net/http dials "+quote(target))
	}
	if n, err := strconv.ParseUint(port, 10, 16); err != nil || !p.portAllowed(uint16(n)) {
		return "", refuse(RulePort, ReadingDial, in, "the port "+port+" is not allowed")
	}
	return target, nil
}

// target returns the host:port that the URL leads to: net/http's dial
// target for http and https, and the URL Standard's host with the port
// (or the scheme's default port) for the other allowed schemes.
func (p *Policy) target(r *readings.Report, scheme string) (string, error) {
	in := r.Input
	switch {
	case r.DialErr == nil:
		return r.Dial, nil
	case errors.Is(r.DialErr, readings.ErrUnsupportedScheme):
		host := r.WHATWG.Host
		if host == "" || r.NetURL.Host == "" {
			return "", refuse(RuleParse, ReadingDial, in, "the URL has no host")
		}
		port := r.NetURL.Port
		if port == "" {
			port = schemes.Lookup(scheme).Port
		}
		if port == "" {
			return "", refuse(RulePort, ReadingDial, in, "the URL has no port, and its scheme no default port")
		}
		if n, err := strconv.ParseUint(port, 10, 16); err != nil {
			return "", refuse(RulePort, ReadingDial, in, "the port "+quote(port)+" is out of range")
		} else {
			port = strconv.FormatUint(n, 10)
		}
		return net.JoinHostPort(host, port), nil
	case errors.Is(r.DialErr, readings.ErrInvalidPort):
		return "", refuse(RulePort, ReadingDial, in, "net/http would not dial: "+r.DialErr.Error())
	}
	return "", refuse(RuleParse, ReadingDial, in, "net/http would not dial: "+r.DialErr.Error())
}

// disagreeing names the reading that differs on aspect a from net/url's,
// which net/http dials: "whatwg" or "rfc3986", or "dial" when net/http
// dials another host than net/url's.
func disagreeing(r *readings.Report, a readings.Aspect) string {
	if a == readings.AspectDial {
		return ReadingDial
	}
	ps := r.Disagree(a, readings.NetURL)
	for _, pr := range [...]readings.Parser{readings.WHATWG, readings.RFC3986} {
		if ps.Has(pr) {
			return pr.String()
		}
	}
	return ""
}

// checkReadingHosts checks host, the host that net/http dials (or the URL
// Standard's, for another scheme), and the host of each reading that has
// one: an address by its value, a name percent-decoded.
func (p *Policy) checkReadingHosts(r *readings.Report, host string) error {
	if err := p.checkHost(r.Input, ReadingDial, host); err != nil {
		return err
	}
	for _, pr := range [...]readings.Parser{readings.WHATWG, readings.RFC3986, readings.NetURL} {
		var err error
		switch rd := r.Reading(pr); {
		case !rd.OK():
		case rd.Addr.IsValid():
			if why := p.addrProblem(rd.Addr); why != "" {
				err = refuse(RuleAddress, pr.String(), r.Input, why)
			}
		case rd.HostKind == readings.Name:
			err = p.checkHost(r.Input, pr.String(), abnf.Decode(rd.Host, false))
		}
		if err != nil {
			return err
		}
	}
	return nil
}

// checkHost checks one host, of the reading named reading: an IP address
// or a name.
func (p *Policy) checkHost(in, reading, host string) error {
	if host == "" {
		return refuse(RuleAddress, reading, in, "the empty host, which is this host to Go's dialer")
	}
	if a, err := netip.ParseAddr(host); err == nil {
		if why := p.addrProblem(a); why != "" {
			return refuse(RuleAddress, reading, in, why)
		}
		return nil
	}
	if isLocalhost(host) {
		return refuse(RuleLocalhost, reading, in, quote(host)+" always names this host (RFC 6761, Section 6.3)")
	}
	if a, ok := uri.AmbiguousIPv4(host); ok {
		if why := p.addrProblem(a); why != "" {
			return refuse(RuleAddress, reading, in, "resolvers read the name "+quote(host)+" as "+a.String()+": "+why)
		}
	}
	return nil
}

// isLocalhost reports whether name is "localhost" or ends in
// ".localhost", in any ASCII case, with or without a final dot.
func isLocalhost(name string) bool {
	name = abnf.LowerString(strings.TrimSuffix(name, "."))
	return name == "localhost" || strings.HasSuffix(name, ".localhost")
}

// CheckAddr returns nil when a may be connected to, and otherwise an
// *Error of rule "address" that names the range, its class and where it is
// defined. An address in one of Networks is allowed; else it is refused
// when it is in a range of the IANA IPv4 Special-Purpose Address Registry
// (iana-ipv4-special-registry) or the IANA IPv6 Special-Purpose Address
// Registry (iana-ipv6-special-registry) that is not globally reachable,
// IPv4 multicast, IPv6 site-local, or a cloud metadata address
// (169.254.169.254, fd00:ec2::254, 100.100.100.200); AllowPrivate allows
// RFC 1918, shared, unique local and site-local addresses. An IPv6
// address that carries an IPv4 address (IPv4-mapped, NAT64 64:ff9b::/96,
// 6to4, Teredo) is refused when the address it carries is; the
// IPv4-compatible (::/96) and local-use NAT64 (64:ff9b:1::/48) ranges are
// refused whatever they carry. A zone is ignored.
func (p *Policy) CheckAddr(a netip.Addr) error {
	if why := p.addrProblem(a); why != "" {
		return refuse(RuleAddress, "", a.String(), why)
	}
	return nil
}

// addrProblem says why a is refused, or "".
func (p *Policy) addrProblem(a netip.Addr) string {
	a = a.WithZone("")
	if p.inNetworks(a) {
		return ""
	}
	s := lookup(a)
	if s == nil {
		return ""
	}
	if s.embed != noEmbedding {
		for _, v4 := range s.carried(a) {
			if p.inNetworks(v4) {
				continue
			}
			if t := lookup(v4); t != nil && !(p.AllowPrivate && t.private) {
				return a.String() + " is " + describe(s) + " that carries " + v4.String() + ", " + describe(t)
			}
		}
	}
	if s.carrier || p.AllowPrivate && s.private {
		return ""
	}
	return a.String() + " is " + describe(s)
}

// describe names a range: `a loopback address (127.0.0.0/8, RFC 1122,
// Section 3.2.1.3)`.
func describe(s *special) string {
	article := "a "
	switch s.name[0] {
	case 'a', 'e', 'i', 'o', 'u', 'I':
		article = "an "
	}
	if s.name == "cloud metadata" {
		return "the cloud metadata address (" + s.rfc + ")"
	}
	return article + s.name + " address (" + s.prefix.String() + ", " + s.rfc + ")"
}

func (p *Policy) inNetworks(a netip.Addr) bool {
	for _, n := range p.Networks {
		if n.Contains(a) {
			return true
		}
	}
	return false
}

// webScheme reports whether s is a scheme that every policy allows: one
// that net/http's client speaks.
func webScheme(s string) bool { return s == "http" || s == "https" }

func (p *Policy) schemeAllowed(s string) bool {
	if webScheme(s) {
		return true
	}
	for _, t := range p.Schemes {
		if strings.EqualFold(s, t) {
			return true
		}
	}
	return false
}

// portAllowed reports whether n is one of Ports or the default port of an
// allowed scheme in the module's table of schemes: 80 and 443 for http
// and https, and those of Schemes.
func (p *Policy) portAllowed(n uint16) bool {
	if n == defaultPort("http") || n == defaultPort("https") {
		return true
	}
	for _, m := range p.Ports {
		if n == m {
			return true
		}
	}
	for _, s := range p.Schemes {
		if d := defaultPort(s); d != 0 && n == d {
			return true
		}
	}
	return false
}

// defaultPort returns the default port of scheme, written in any case, or
// 0 when it has none.
func defaultPort(scheme string) uint16 {
	n, _ := strconv.ParseUint(schemes.Lookup(scheme).Port, 10, 16)
	return uint16(n)
}

// hostAllowed reports whether host, a dial target's host, is one of
// Hosts: the same address, or the same name without regard to ASCII case
// and a final dot.
func (p *Policy) hostAllowed(host string) bool {
	a, err := netip.ParseAddr(host)
	for _, h := range p.Hosts {
		if b, ok := hostAddr(h); ok {
			if err == nil && a == b {
				return true
			}
		} else if err != nil && strings.EqualFold(strings.TrimSuffix(host, "."), strings.TrimSuffix(h, ".")) {
			return true
		}
	}
	return false
}

// hostAddr reads an entry of Hosts as an IP address, written as
// netip.ParseAddr reads it ("::1") or as RFC 3986 writes a host, an IPv6
// address in brackets ("[::1]"); or reports false for a name.
func hostAddr(h string) (netip.Addr, bool) {
	if a, err := netip.ParseAddr(h); err == nil {
		return a, true
	}
	if u, err := uri.Parse("//" + h); err == nil && u.Host() == h {
		return u.HostAddr()
	}
	return netip.Addr{}, false
}
