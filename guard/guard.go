// Package guard decides whether a server may fetch a URL that a user gave
// it, against server-side request forgery (SSRF): a [Policy] refuses a URL
// whose readings disagree (package github.com/gouri/uri/readings), whose
// scheme, userinfo or port it does not allow, or whose host is a name of
// this machine or an address in a special-purpose range; and it checks the
// address each connection reaches, after DNS, and every redirect.
//
// [NewClient] returns a [Client] with the three checks wired in
// ([Policy.Check] on every URL, before net/url reads it, and on every
// request; [Policy.Control] on every connection; the URL check on every
// redirect), a timeout, a limit of redirects and optionally of the bytes
// of a body, and connections shared between requests; it uses no proxy
// from the environment unless the policy allows it. Every refusal is an
// [*Error], which errors.As finds inside the *url.Error that its Get,
// Head, Post and Do return, as http.Client's do:
//
//	client := guard.NewClient(p, guard.ClientOptions{MaxBodyBytes: 10 << 20}) // once, for the service
//	resp, err := client.Get(userURL) // a refusal is an *Error inside a *url.Error
//
// For an API that takes an *http.Client, pass [Client.HTTPClient].
// [Policy.Client], [Policy.Transport] and [Policy.RoundTripper] are the
// parts, for a client of your own; build its requests with
// [Policy.NewRequest], not http.NewRequest or http.Client.Get, which
// parse the URL with net/url before the client's checks run and so
// return net/url's error, not a refusal, for a URL that net/url rejects
// ("http://a.example\@127.0.0.1/", " http://127.0.0.1/").
// [Policy.Get], [Policy.Post] and [Policy.Do] fetch once, with a client
// made for the call, without a timeout.
//
// The zero Policy is the safe default: schemes http and https, ports 80 and
// 443, no userinfo, and no special-purpose address (see [Policy.CheckAddr]
// for the ranges, from the IANA IPv4 and IPv6 Special-Purpose Address
// Registries). Its fields allow more, each at a risk that its comment says.
// A report of the readings (package readings) is not a decision: Agree
// alone lets "http://127.0.0.1/" and "http://localhost/" through.
//
// # The three checks
//
// The URL ([Policy.Check], on every request): the URL Standard and net/url
// must both accept it; the scheme must be allowed; no reading may find a
// userinfo; the URL Standard's host and port must be those that net/http
// dials (after IDNA, so "http://bücher.example/" passes and
// "https:evil.example/" does not); the host must not be "localhost" or a
// name under it (RFC 6761, in any spelling the readings map to it:
// "ⓛⓞⓒⓐⓛⓗⓞⓢⓣ"), nor the name of a cloud metadata service
// ("metadata.google.internal", "instance-data", ...), nor an address, or a
// name that resolvers read as one ("127.1"), in a special-purpose range;
// and the port must be allowed.
//
// The connection ([Policy.Control], a net.Dialer ControlContext): the
// address actually dialed, after DNS, is checked again, so a name that
// resolves to a private address, DNS rebinding included, is refused at
// connect time, whichever resolver answered: the system's, or the
// policy's Resolver, which tests use to give names to local servers and
// to rebind them.
//
// Each redirect ([Policy.CheckRedirect]) goes through the URL check. The
// client uses no proxy from the environment unless AllowProxy is set.
// [Policy.Lookup] checks every address a name resolves to, for a decision
// before fetching.
//
// # Special-purpose addresses
//
// The ranges come from the IANA IPv4 and IPv6 Special-Purpose Address
// Registries: 0.0.0.0/8 and ::, loopback, RFC 1918, shared address space
// (100.64.0.0/10), link-local, multicast, broadcast, documentation and
// benchmarking ranges, ULA (fc00::/7), site-local, and the IPv6 forms that
// carry an IPv4 address (IPv4-mapped, IPv4-compatible "[::127.0.0.1]",
// NAT64 "[64:ff9b::7f00:1]", 6to4, Teredo), whose IPv4 address is
// classified too. Cloud metadata addresses (169.254.169.254,
// fd00:ec2::254) are refused by name in the error, and the services'
// names (metadata.google.internal, metadata.goog, instance-data, ...) by
// rule metadata, before any lookup: a proxy resolves names itself. The
// predicates of net/netip miss several of these (shared address space,
// 0.0.0.0/8, the IPv4-compatible and NAT64 forms).
//
// # What the zero Policy refuses
//
// Each refusal is an [*Error] whose Rule names the rule:
//
//   - "ftp://example.com/", rule scheme: not http or https;
//   - "http://good.example@evil.example/", rule userinfo: a userinfo, in any
//     reading;
//   - "http://127.1/" and "http://１２７.０.０.１/", rule address: 127.0.0.1
//     to resolvers, to IDNA and to browsers;
//   - "http://[::ffff:169.254.169.254]/", rule address: the cloud metadata
//     address, IPv4-mapped;
//   - "http://foo.localhost./", rule localhost: always this host, never
//     resolved;
//   - "http://metadata.google.internal./", rule metadata: a cloud metadata
//     service, never resolved;
//   - "https:evil.example/", rule parse: net/http finds no host where a
//     browser finds evil.example;
//   - "http://example.com:6379/", rule port: not 80 or 443.
//
// Each field of Policy allows more, at a risk its comment states: Schemes,
// Ports, AllowPrivate (RFC 1918, shared, ULA and site-local; never
// loopback, link-local or metadata), Networks (any prefix), Hosts (hosts
// whose DNS is trusted) and AllowProxy; OnlyHosts and OnlyURLs allow less
// (see Allowlists). The URL check costs about what readings.Compare
// costs, on which it is built (docs/performance.md in the module gives
// the figures and the command that measures them); the tests
// run the published bypass classes (backslashes, "@", slashes, numeric,
// fullwidth and percent-encoded hosts, IPv6 embeddings, zone ids, controls)
// and real connections to a server on 127.0.0.1, directly, through
// localhost and through a redirect, all refused. SECURITY.md in the module
// says more; the command "uri guard" runs the policy on a list of URLs
// (docs/command.md#guard).
//
// # Allowlists
//
// The fields above allow more; OnlyHosts and OnlyURLs allow less. A
// webhook sender that may only call the endpoints its customers
// registered, or a fetcher of a few partners' APIs, sets OnlyHosts (a
// [HostList] of host patterns, "*.example.com" for the names under a
// domain), OnlyURLs (a list of URL Patterns, or any [URLTester]), or
// both. A URL must pass both, and so must every redirect. The host
// patterns are read once, when the service starts, and a bad one is an
// error then, not a refusal of each request:
//
//	only, err := guard.NewHostList([]string{"hooks.example.com", "*.partner.example"}, guard.HostListOptions{})
//	if err != nil {
//		log.Fatal(err) // a *uri.Error that names the pattern and the fault in it
//	}
//	p := guard.Policy{OnlyHosts: only}
//
// A wildcard over a public suffix ("*.com", "*.github.io", "*.internal")
// is such an error, since anyone may register a name under it; a private
// deployment under a suffix of its own sets
// HostListOptions.AllowPublicSuffixWildcard. Package origin reads the
// hosts of its allowlists by the same rules.
//
// An allowlisted host is not trusted: it still passes every other rule,
// and its addresses every address check, at connect time and in Lookup.
// If "hooks.example.com" is allowed and resolves to 127.0.0.1, because
// its DNS is wrong, was taken over, or rebinds between two lookups, the
// connection is refused, unless Networks holds that address (or
// AllowPrivate allows it, for a private one). Hosts is the other way
// round: it exempts a name from the address checks (its DNS is trusted:
// whatever it resolves to is connected to) and restricts nothing. So
// OnlyHosts restricts and exempts nothing; a name in Hosts and not in
// OnlyHosts is refused; and the names of this host and of cloud metadata
// services stay refused when a pattern ("*.google.internal") matches them,
// unless Hosts names them.
//
// # Testing a fetcher locally
//
// A fetcher's tests run against local servers (net/http/httptest), which
// the zero Policy refuses, as it should. Allow one server and nothing
// else that is local: its address in Networks (alone: a /32 or /128), its
// port in Ports, and, to reach it by a name as production does, a
// Resolver that maps a name of the reserved top-level domain .test (RFC
// 6761, Section 6.2) to it:
//
//	addr := netip.MustParseAddrPort(srv.Listener.Addr().String())
//	p := guard.Policy{
//		Ports:    []uint16{addr.Port()},
//		Networks: []netip.Prefix{netip.PrefixFrom(addr.Addr(), addr.Addr().BitLen())},
//		Resolver: guard.ResolverFunc(func(ctx context.Context, network, host string) ([]netip.Addr, error) {
//			if host == "hook.test" {
//				return []netip.Addr{addr.Addr()}, nil
//			}
//			return nil, &net.DNSError{Err: "no such host", Name: host, IsNotFound: true}
//		}),
//	}
//
// localhost, the other loopback addresses and the cloud metadata names
// stay refused, so the tests can show a redirect to them refused (the
// example "LocalTesting" runs this). To keep 127.0.0.1 refused as well,
// serve the test server on a second loopback address, 127.0.0.2, and
// allow 127.0.0.2/32: Linux routes all of 127.0.0.0/8 to the loopback
// interface; macOS needs "ifconfig lo0 alias 127.0.0.2" first. Do not
// put the name in Hosts for this: Hosts trusts whatever the name
// resolves to. A Resolver that answers an allowed address and then a
// refused one tests DNS rebinding: the second connection is refused.
//
// # Errors
//
// A refusal is an [*Error]: the rule that refuses (RuleScheme, ...), the
// reading it concerns, what was refused in plain words, and a sentinel
// (ErrScheme, ...) for errors.Is. It is the module's only error type
// besides uri.Error, which every package that reads text returns: a
// refusal is a decision, not a fault of the text. When the refusal comes
// from a parse that failed (RuleParse), the parser's error is the Cause
// and Unwrap returns it, so that errors.As(err, &e) with e a *uri.Error
// finds the URL Standard's error, with its offset. Offset follows the
// convention of uri.Error: a byte offset in Input, or uri.NoOffset for a
// rule that refuses the URL as a whole. A refusal reaches the caller of
// an http.Client inside a *url.Error; errors.As looks through it.
//
// A bad host pattern given to [NewHostList] is no refusal but a fault of
// the configuration: a *uri.Error with the root's operation uri.OpParse
// (Name "allowlist", Err [ErrBadHostPattern]). This package declares no
// operation of its own; it declares the rules that it applies ([Rule]).
//
// # What the guard does not cover
//
// A proxy resolves names itself: with AllowProxy, the proxy decides what
// an allowed name reaches. Only HTTP and HTTPS go through the client; a URL
// of another allowed scheme is checked, but connecting to it is up to the
// caller, who must check the address with [Policy.Control] too. A
// [Client] limits the time of a request and, when asked, the bytes of a
// body; the clients that a Policy makes limit neither (set
// http.Client.Timeout), and none limits the number of connections (set
// MaxConnsPerHost on ClientOptions.Transport). The guard does not look at
// the path or the query unless OnlyURLs does (a path that the server reads
// as another resource is no matter of the host), and follows net/url and
// net/http of the Go release it is built with.
//
// # Before version 1
//
// The API may still change, and says so here when it does: Policy.Resolve,
// which looks a name up in the DNS, became [Policy.Lookup], since Resolve
// means the resolution of a reference everywhere else in the module.
//
// [Error.Rule] is of the type [Rule] and [Error.Reading] of the type
// [Reading], with the same spellings as before; [Reading.Parser] gives
// the Parser of package readings that a Reading names. The rules of
// package origin and their sentinels (RuleCrossOrigin, RuleLocalPath,
// ErrCrossOrigin, ErrLocalPath) moved there: origin.RuleCrossOrigin, ...
//
// Policy.OnlyHosts was a []string whose patterns each Check read again,
// and in which a bad pattern matched nothing (a refusal named it); it is
// a *[HostList], built once by [NewHostList], which returns an error for
// a bad pattern: write guard.Policy{OnlyHosts: list} with list from
// NewHostList(patterns, guard.HostListOptions{}). A wildcard over a
// public suffix ("*.com"), which matched every name under it, is now such
// an error, as it was already in package origin's allowlists, unless
// HostListOptions.AllowPublicSuffixWildcard allows it. A pattern with an
// empty label ("a..example.com") is an error too.
//
// Policy.Hosts was a []string whose entries each Check read again (an
// address, or a name compared as text); it is a *[HostList] too, built
// once by NewHostList, which refuses a bad entry where the []string
// ignored it: write guard.Policy{Hosts: list} with list from
// NewHostList(hosts, guard.HostListOptions{}). An entry is now read as
// the URL Standard reads a host, so "Bücher.example" trusts the
// "xn--bcher-kva.example" that net/http dials, and "0x7f.1" the address
// 127.0.0.1; and "*.example.com" trusts the names under example.com. A
// Check with Hosts allocates nothing more than one without (it allocated
// two or three times for each entry).
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
)

// Policy says which URLs and addresses may be fetched. The zero value is
// the safe default; each field allows more. A Policy must not be changed
// while it is in use; NewClient, Client, Transport and Dialer take a copy.
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
	// Hosts, when not nil, are trusted: a URL whose host net/http dials
	// matches one of its patterns is not refused for its host (localhost,
	// metadata, a refused address), and its addresses are not checked, in
	// Lookup or at connect time. Build it once with NewHostList, as for
	// OnlyHosts: a name in any spelling that the URL Standard's host
	// parser reads ("LocalHost.", "bücher.example"), compared with the
	// name dialed without regard to case and a final dot; an address
	// ("::1" or "[::1]", "127.0.0.1"), compared with the address dialed,
	// never with a name; or "*." and a domain, which trusts every name
	// under it. Risk: the name's DNS is trusted; whoever controls it
	// chooses the address reached, and a wildcard trusts the DNS of every
	// name under its domain, the names of cloud metadata services under
	// it included. The readings must still agree, and the other rules
	// (scheme, userinfo, port, OnlyHosts, OnlyURLs) still apply.
	Hosts *HostList
	// AllowProxy lets Transport and Client use the proxy of the
	// environment (HTTP_PROXY, HTTPS_PROXY, NO_PROXY). The proxy's address
	// is checked at connect time like any other: allow it with Hosts or
	// Networks. Risk: the proxy resolves the names itself, so an allowed
	// name can reach an address that the guard would refuse.
	AllowProxy bool
	// OnlyHosts, when not nil, is an allowlist: a URL whose host matches
	// none of its patterns is refused (rule allowlist); a list of no
	// pattern refuses every URL. Build it once with NewHostList, which
	// reads each pattern as a host in any spelling that the URL
	// Standard's host parser reads ("hooks.example.com",
	// "Bücher.example", "8.8.8.8", "[2001:4860:4860::8888]"), or "*." and
	// a domain ("*.example.com": every name under example.com, at any
	// depth, but not example.com itself, nor "*.com" over a public
	// suffix), and refuses a bad pattern with an error, before any
	// request. An allowlist only restricts: a host on it still goes
	// through every other rule, and its addresses through every address
	// check (see Allowlists in the package documentation).
	OnlyHosts *HostList
	// OnlyURLs, when set, is an allowlist of URLs: a URL that it does not
	// pass is refused (rule allowlist), after OnlyHosts. It is given the
	// URL Standard's reading of the URL, and so that what it tests is what
	// net/http requests, a URL whose path and query net/http would send in
	// another form is refused (rule disagree): "/a/../b", "/a\b". Plug a
	// list of URL Patterns in here, or a function (URLTesterFunc).
	OnlyURLs URLTester
	// Resolver, when set, looks up the names that a Client of NewClient,
	// Transport, Client, DialContext, Get, Post, Do and Lookup connect to
	// or check, in place
	// of net.DefaultResolver: a *net.Resolver whose Dial reaches the DNS
	// server of your choice, or a fake in tests (ResolverFunc). It is
	// trusted with nothing: each address it gives is checked at connect
	// time, as any other is.
	Resolver Resolver
}

// Check decides whether the URL rawURL may be fetched, and returns the
// host:port that net/http would dial for it (before DNS), or an [*Error]
// that names the rule and the reading. The rules, in order:
//
//   - parse: the URL Standard and net/url must both accept it, and
//     net/http must be able to dial it;
//   - scheme: http, https or one of Schemes;
//   - userinfo: none in any reading, not even an empty "@";
//   - localhost, metadata and address: no reading's host, nor the dial
//     target, is "localhost", a name under it (RFC 6761, Section 6.3),
//     the name of a cloud metadata service (compared without regard to
//     ASCII case and final dots, after the URL Standard's host parsing
//     and IDNA, which map "。" and "．" to "."), a name that resolvers
//     read as an IPv4 address (uri.AmbiguousIPv4) in a refused range, the
//     empty host, or an address that CheckAddr refuses;
//   - disagree: the readings of package readings agree on the scheme,
//     and the URL Standard's host and port are those that net/http dials
//     (the same address, or the same name after IDNA, so that
//     "http://bücher.example/" passes); for a scheme other than http and
//     https, the readings agree on the host and port;
//   - port: 80, 443, a default port of Schemes, or one of Ports;
//   - allowlist: when the policy has one, the host matches OnlyHosts and
//     the URL passes OnlyURLs (whose path and query must be those that
//     net/http sends: rule disagree otherwise).
//
// Names are not resolved: use Control at connect time, or Lookup. Check
// costs about what readings.Compare costs: it reads rawURL once with
// each parser, and the rules, the allowlist included, ask the values that
// the report keeps. OnlyURLs adds a parse by the URL Standard of the path
// and query that net/http sends.
func (p *Policy) Check(rawURL string) (string, error) {
	d, err := p.check(rawURL)
	return d.target, err
}

// dest is where a URL that Check allows leads: the target host:port, and
// its host (without brackets), its port and the host's address, when it
// is one, as values.
type dest struct {
	target, host, port string
	addr               netip.Addr
}

// check is Check, with the target's parts; the zero dest with an error.
func (p *Policy) check(rawURL string) (dest, error) {
	r := readings.Compare(rawURL)
	d, err := p.checkReport(&r)
	if err == nil {
		err = p.checkAllowlist(&r)
	}
	if err != nil {
		return dest{}, err
	}
	return d, nil
}

func (p *Policy) checkReport(r *readings.Report) (dest, error) {
	in := r.Input
	if !r.WHATWG.OK() {
		e := refuse(RuleParse, ReadingWHATWG, in, "the URL Standard rejects it")
		e.Cause = r.WHATWG.Err
		var we *uri.Error
		if errors.As(r.WHATWG.Err, &we) && we.Input == in {
			e.Offset = we.Offset
		}
		return dest{}, e
	}
	if !r.NetURL.OK() {
		e := refuse(RuleParse, ReadingNetURL, in, "net/url rejects it")
		e.Cause = r.NetURL.Err
		return dest{}, e
	}
	scheme := abnf.LowerString(r.NetURL.Scheme)
	if !p.schemeAllowed(scheme) {
		return dest{}, refuse(RuleScheme, ReadingNetURL, in, "the scheme "+quote(r.NetURL.Scheme)+" is not allowed")
	}
	for _, pr := range []readings.Parser{readings.RFC3986, readings.WHATWG, readings.NetURL} {
		if rd := r.Reading(pr); rd.OK() && rd.HasUserinfo {
			return dest{}, refuse(RuleUserinfo, readingOf(pr), in, "the URL has a userinfo (user "+quote(rd.Username)+")")
		}
	}
	d, err := p.target(r, scheme)
	if err != nil {
		return dest{}, err
	}
	if !p.hostAllowed(d.host, d.addr) {
		if err := p.checkReadingHosts(r, d); err != nil {
			return dest{}, err
		}
	}
	for _, diff := range r.Differences {
		// The host and the port are compared below, as net/http dials
		// them, when it does.
		a := diff.Aspect
		target := a == readings.AspectHost || a == readings.AspectPort || a == readings.AspectDial
		if a == readings.AspectScheme || a == readings.AspectUserinfo || target && r.DialErr != nil {
			return dest{}, refuse(RuleDisagree, disagreeing(r, a), in, "the readings disagree: "+diff.String())
		}
	}
	if r.DialErr == nil && !r.Reaches(readings.WHATWG) {
		wp := "the port " + quote(r.WHATWG.Port)
		if r.WHATWG.Port == "" {
			wp = "no port"
		}
		return dest{}, refuse(RuleDisagree, ReadingWHATWG, in, "the URL Standard reads the host "+quote(r.WHATWG.Host)+
			" and "+wp+", but net/http dials "+quote(d.target))
	}
	if n, err := strconv.ParseUint(d.port, 10, 16); err != nil || !p.portAllowed(uint16(n)) {
		return dest{}, refuse(RulePort, ReadingDial, in, "the port "+d.port+" is not allowed")
	}
	return d, nil
}

// target returns where the URL leads: net/http's dial target for http
// and https, and the URL Standard's host with the port (or the scheme's
// default port) for the other allowed schemes.
func (p *Policy) target(r *readings.Report, scheme string) (dest, error) {
	in := r.Input
	switch {
	case r.DialErr == nil:
		host, port, addr := r.DialHostPort()
		return dest{r.Dial, host, port, addr}, nil
	case errors.Is(r.DialErr, readings.ErrUnsupportedScheme):
		host := r.WHATWG.Host
		if host == "" || r.NetURL.Host == "" {
			return dest{}, refuse(RuleParse, ReadingDial, in, "the URL has no host")
		}
		port := r.NetURL.Port
		if port == "" {
			port = schemes.Lookup(scheme).Port
		}
		if port == "" {
			return dest{}, refuse(RulePort, ReadingDial, in, "the URL has no port, and its scheme no default port")
		}
		if n, err := strconv.ParseUint(port, 10, 16); err != nil {
			return dest{}, refuse(RulePort, ReadingDial, in, "the port "+quote(port)+" is out of range")
		} else {
			port = strconv.FormatUint(n, 10)
		}
		// The URL Standard reads no address in an opaque host
		// ("foo://127.0.0.1/"); netip does, once.
		addr, _ := netip.ParseAddr(host)
		return dest{net.JoinHostPort(host, port), host, port, addr}, nil
	case errors.Is(r.DialErr, readings.ErrInvalidPort):
		return dest{}, refuse(RulePort, ReadingDial, in, "net/http would not dial: "+r.DialErr.Error())
	}
	return dest{}, refuse(RuleParse, ReadingDial, in, "net/http would not dial: "+r.DialErr.Error())
}

// disagreeing names the reading that differs on aspect a from net/url's,
// which net/http dials: "whatwg" or "rfc3986", or "dial" when net/http
// dials another host than net/url's.
func disagreeing(r *readings.Report, a readings.Aspect) Reading {
	if a == readings.AspectDial {
		return ReadingDial
	}
	ps := r.Disagree(a, readings.NetURL)
	for _, pr := range [...]readings.Parser{readings.WHATWG, readings.RFC3986} {
		if ps.Has(pr) {
			return readingOf(pr)
		}
	}
	return ""
}

// checkReadingHosts checks the host of d, the target (net/http's, or the
// URL Standard's for another scheme), and the host of each reading that
// has one: an address by its value, a name percent-decoded, unless it is
// the target's host, which passed.
func (p *Policy) checkReadingHosts(r *readings.Report, d dest) error {
	if err := p.checkHost(r.Input, ReadingDial, d.host, d.addr); err != nil {
		return err
	}
	for _, pr := range [...]readings.Parser{readings.WHATWG, readings.RFC3986, readings.NetURL} {
		var err error
		switch rd := r.Reading(pr); {
		case !rd.OK():
		case rd.Addr.IsValid():
			if why := p.addrProblem(rd.Addr); why != "" {
				err = refuse(RuleAddress, readingOf(pr), r.Input, why)
			}
		case rd.HostKind == uri.HostRegName || rd.HostKind == uri.HostDomain || rd.HostKind == uri.HostOpaque:
			name := abnf.Decode(rd.Host, false)
			if a := nameAddr(r, pr, name); name != d.host || a != d.addr {
				err = p.checkHost(r.Input, readingOf(pr), name, a)
			}
		}
		if err != nil {
			return err
		}
	}
	return nil
}

// nameAddr returns the address in name, the percent-decoded host of the
// reading pr, which that reading took for a name, or the zero Addr. A
// reading's name is no address to netip as the reading has it (see
// readings.Reading.HostKind), so netip reads only what the reading did not: a host
// that decoding changed ("127%2E0.0.1") and the URL Standard's opaque
// host of a scheme that is not special ("foo://127.0.0.1/").
func nameAddr(r *readings.Report, pr readings.Parser, name string) netip.Addr {
	if name == r.Reading(pr).Host {
		if u, _ := r.ParsedWHATWG(); pr != readings.WHATWG || u.HostKind() != uri.HostOpaque {
			return netip.Addr{}
		}
	}
	a, _ := netip.ParseAddr(name)
	return a
}

// checkHost checks one host, of the reading named reading: an IP address,
// addr, or a name (addr is the zero Addr).
func (p *Policy) checkHost(in string, reading Reading, host string, addr netip.Addr) error {
	if host == "" {
		return refuse(RuleAddress, reading, in, "the empty host, which is this host to Go's dialer")
	}
	if addr.IsValid() {
		if why := p.addrProblem(addr); why != "" {
			return refuse(RuleAddress, reading, in, why)
		}
		return nil
	}
	if isLocalhost(host) {
		return refuse(RuleLocalhost, reading, in, quote(host)+" always names this host (RFC 6761, Section 6.3)")
	}
	if cloud := metadataService(host); cloud != "" {
		return refuse(RuleMetadata, reading, in, quote(host)+" names the instance metadata service of "+cloud+", which gives out the machine's credentials")
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
// IPv4 multicast, IPv6 site-local, an IPv6 address outside 2000::/3 that
// no other row names (the IPv6 Address Space registry reserves it), or a
// cloud metadata address (169.254.169.254, fd00:ec2::254,
// 100.100.100.200, 100.96.0.96, 100.80.80.80, 168.63.129.16); AllowPrivate allows RFC 1918, shared, unique local and
// site-local addresses. An IPv6 address that carries an IPv4 address
// (IPv4-mapped, NAT64 64:ff9b::/96, 6to4, Teredo) is refused when the
// address it carries is; the IPv4-compatible (::/96), IPv4-translated
// (::ffff:0:0:0/96) and local-use NAT64 (64:ff9b:1::/48) ranges are
// refused whatever they carry. A zone is ignored. The zero netip.Addr,
// which is no address, is refused whatever the policy allows.
func (p *Policy) CheckAddr(a netip.Addr) error {
	if why := p.addrProblem(a); why != "" {
		return refuse(RuleAddress, "", a.String(), why)
	}
	return nil
}

// addrProblem says why a is refused, or "".
func (p *Policy) addrProblem(a netip.Addr) string {
	if !a.IsValid() {
		// No prefix holds it, so no range or Network would name it.
		return "the zero netip.Addr is no IP address"
	}
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
	if s.carrier || s.global || p.AllowPrivate && s.private {
		return ""
	}
	return a.String() + " is " + describe(s)
}

// describe names a range: `a loopback address (127.0.0.0/8, RFC 1122,
// Section 3.2.1.3)`.
func describe(s *special) string {
	if s.name == "cloud metadata" {
		return "the cloud metadata address (" + s.rfc + ")"
	}
	return article(s.name) + s.name + " address (" + s.prefix.String() + ", " + s.rfc + ")"
}

// article returns "an " before a name that begins with a vowel sound, as
// the names of the ranges are read: "an IPv4-mapped", "an ORCHID", "an
// AMT", "an unspecified"; but "a unique local", whose "u" is read "you".
func article(name string) string {
	if !strings.HasPrefix(name, "uni") && strings.ContainsRune("aeiouAEIO", rune(name[0])) {
		return "an "
	}
	return "a "
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

// hostAllowed reports whether host, a dial target's host, whose address
// is a when it is one, is trusted by Hosts.
func (p *Policy) hostAllowed(host string, a netip.Addr) bool {
	return p.Hosts.trusts(host, a)
}
