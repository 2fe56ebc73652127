package guard

import (
	"errors"
	"net/netip"
	"strings"

	"github.com/gouri/uri"
	"github.com/gouri/uri/internal/abnf"
	"github.com/gouri/uri/internal/hostmatch"
)

// HostList is a list of host patterns compiled once, for
// [Policy.OnlyHosts] and [Policy.Hosts]: NewHostList reads the patterns,
// and each Check matches the host of a URL against them in time linear in
// the length of the host, without allocating. It is immutable and safe
// for use by several goroutines, and policies may share it. A nil
// *HostList, and the zero HostList, hold no pattern.
type HostList struct {
	set hostmatch.Set
	// addrs holds the IP addresses of the patterns that are one, which
	// Policy.Hosts compares with the address net/http dials.
	addrs map[netip.Addr]struct{}
}

// HostListOptions allow the patterns that a HostList holds only on
// request.
type HostListOptions struct {
	// AllowPublicSuffixWildcard allows a wildcard whose domain is a public
	// suffix ("*.com", "*.github.io", and by the Public Suffix List's rule
	// "*" every top-level domain that it does not list, "*.internal"), for
	// a private deployment under a suffix of its own. Risk: every name
	// under it matches, and anyone may register names under a public
	// suffix. origin.Options has the field of the same name.
	AllowPublicSuffixWildcard bool
}

// ErrBadHostPattern is the Err of the *uri.Error of [NewHostList] for a
// pattern that is neither a host nor "*." and a domain that has a
// registrable domain. The error's Detail says what is wrong with it.
var ErrBadHostPattern = errors.New("invalid host pattern")

// NewHostList returns the list of patterns, each a host or "*." and a
// domain:
//
//	hooks.example.com       the host itself, in any spelling that the URL
//	Hooks.Example.COM.      Standard's host parser reads (section 3.5):
//	bücher.example          case, a final ".", IDNA (section 3.3),
//	8.8.8.8                 the IPv4 forms ("0x8080808"),
//	[2001:db8::1]           an IPv6 address, with or without brackets
//	*.example.com           every name under example.com, at any depth,
//	                        but not example.com itself
//
// Hosts are compared as the URL Standard serializes them (section 3.6:
// lower-case A-labels, an IPv4 address in dotted decimal, an IPv6
// address compressed, in brackets), without regard to a final ".". A
// wildcard stands for whole labels under a name that has a registrable
// domain: "*.com", "*.co.uk", "*.github.io" and "*.internal" are refused,
// since each name under a public suffix may be another party's (see
// package github.com/gouri/uri/site), unless o allows them. A pattern may
// not hold a port, a path, a userinfo, a percent-encoding, a tab or a
// newline, nor a "*" other than the leading "*.", nor name a domain with
// an empty label ("a..example.com"). Package origin reads the hosts of
// its allowlist's entries by the same rules.
//
// A bad pattern is a fault of the configuration, not a refusal of a
// request: on error NewHostList returns nil and a *uri.Error, with Op
// uri.OpParse, Name "allowlist", the pattern as Input, the offset in it of
// the fault, Err [ErrBadHostPattern] and what is wrong in Detail; when the
// URL Standard's host parser rejects the host, its *uri.Error is the
// Cause, so that errors.Is finds its whatwg.Kind too:
//
//	uri: parse allowlist: invalid host pattern ("com" is a public suffix: each name under it may be another party's) at offset 2 of "*.com"
//
// The offset of a fault of the host as a whole (an address out of range,
// a name that IDNA refuses, a wildcard over a public suffix) is that of
// its first byte, after "*.", as package whatwg reports one. NewHostList
// allocates the list and, for each pattern, its host.
func NewHostList(patterns []string, o HostListOptions) (*HostList, error) {
	l := new(HostList)
	for _, pattern := range patterns {
		p, e := hostmatch.Parse(pattern, hostmatch.Options{AllowPublicSuffixWildcard: o.AllowPublicSuffixWildcard})
		if e != nil {
			off, cause := e.In(pattern, 0)
			return nil, &uri.Error{Op: uri.OpParse, Name: "allowlist", Input: pattern, Offset: off,
				Err: ErrBadHostPattern, Detail: e.Detail, Cause: cause}
		}
		l.set.Add(p)
		if a, ok := patternAddr(p); ok {
			if l.addrs == nil {
				l.addrs = make(map[netip.Addr]struct{})
			}
			l.addrs[a] = struct{}{}
		}
	}
	return l, nil
}

// patternAddr returns the IP address of a pattern that is one: an IPv4
// address in dotted decimal or an IPv6 address in brackets, as the URL
// Standard serializes them.
func patternAddr(p hostmatch.Pattern) (netip.Addr, bool) {
	if p.Wildcard {
		return netip.Addr{}, false
	}
	h := p.Host
	if inner, ok := strings.CutPrefix(h, "["); ok {
		h = strings.TrimSuffix(inner, "]")
	} else if strings.TrimLeft(h, "0123456789.") != "" {
		return netip.Addr{}, false // a name: no need to try
	}
	a, err := netip.ParseAddr(h)
	return a, err == nil
}

// Match reports whether host, as the URL Standard serializes it
// (whatwg.URL.Hostname), matches a pattern of l: the host of a pattern,
// or a name under the domain of a "*." pattern, without regard to a
// final ".". It allocates nothing; a nil *HostList matches no host.
func (l *HostList) Match(host string) bool {
	return l != nil && l.set.Match(host)
}

// trusts reports whether l holds host, the host that net/http dials
// (Policy.Hosts): when a is valid, host is that IP address and l must
// hold the address; otherwise host is a name, compared as Match compares
// a host, without regard to ASCII case. It allocates only for a name with
// upper-case letters.
func (l *HostList) trusts(host string, a netip.Addr) bool {
	if l == nil {
		return false
	}
	if a.IsValid() {
		_, ok := l.addrs[a]
		return ok
	}
	return l.set.Match(abnf.LowerString(host))
}
