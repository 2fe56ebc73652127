package guard

import (
	"net/netip"
)

// This file holds the special-purpose address ranges that a policy
// refuses: the IANA IPv4 Special-Purpose Address Registry
// (https://www.iana.org/assignments/iana-ipv4-special-registry), the IANA
// IPv6 Special-Purpose Address Registry
// (https://www.iana.org/assignments/iana-ipv6-special-registry), the
// multicast, site-local, global unicast and reserved blocks of the IANA
// IPv6 Address Space registry
// (https://www.iana.org/assignments/ipv6-address-space), and the cloud
// metadata addresses, which no registry lists. Where a registry marks a
// range inside a refused one as globally reachable, the inner range is
// listed as global, and allowed.

// embedding says where an IPv6 range carries an IPv4 address.
type embedding uint8

const (
	noEmbedding embedding = iota
	low32                 // the last 32 bits: RFC 4291, Section 2.5.5; RFC 6052, Section 2.2 (a /96 prefix)
	sixToFour             // bits 16 to 47: RFC 3056, Section 2
	teredo                // the server in bits 32 to 63, the client in the last 32 bits inverted: RFC 4380, Section 4
)

// special is one special-purpose range.
type special struct {
	prefix netip.Prefix
	name   string // the class, as an error names it: "loopback", "private", ...
	rfc    string // where the range is defined
	// private: allowed by Policy.AllowPrivate.
	private bool
	// global: globally reachable, allowed although a range around it is
	// refused (the registries' "Globally Reachable: True").
	global bool
	// carrier: the range is refused only for the IPv4 address it carries
	// (embed), which is classified in its turn.
	carrier bool
	embed   embedding
}

// specials is the table, one row per range. Where ranges nest, the longest
// prefix that holds an address is its class.
var specials = []special{
	// IPv4, iana-ipv4-special-registry.
	{prefix: pfx("0.0.0.0/8"), name: "unspecified (this network)", rfc: "RFC 791, Section 3.2"},
	{prefix: pfx("10.0.0.0/8"), name: "private", rfc: "RFC 1918", private: true},
	{prefix: pfx("100.64.0.0/10"), name: "shared address space (carrier-grade NAT)", rfc: "RFC 6598", private: true},
	{prefix: pfx("127.0.0.0/8"), name: "loopback", rfc: "RFC 1122, Section 3.2.1.3"},
	{prefix: pfx("169.254.0.0/16"), name: "link-local", rfc: "RFC 3927"},
	{prefix: pfx("172.16.0.0/12"), name: "private", rfc: "RFC 1918", private: true},
	{prefix: pfx("192.0.0.0/24"), name: "IETF protocol assignments", rfc: "RFC 6890, Section 2.1"},
	{prefix: pfx("192.0.0.9/32"), name: "Port Control Protocol anycast", rfc: "RFC 7723", global: true},
	{prefix: pfx("192.0.0.10/32"), name: "TURN anycast", rfc: "RFC 8155", global: true},
	{prefix: pfx("192.0.2.0/24"), name: "documentation (TEST-NET-1)", rfc: "RFC 5737"},
	{prefix: pfx("192.88.99.0/24"), name: "6to4 relay anycast (deprecated)", rfc: "RFC 7526"},
	{prefix: pfx("192.168.0.0/16"), name: "private", rfc: "RFC 1918", private: true},
	{prefix: pfx("198.18.0.0/15"), name: "benchmarking", rfc: "RFC 2544"},
	{prefix: pfx("198.51.100.0/24"), name: "documentation (TEST-NET-2)", rfc: "RFC 5737"},
	{prefix: pfx("203.0.113.0/24"), name: "documentation (TEST-NET-3)", rfc: "RFC 5737"},
	{prefix: pfx("224.0.0.0/4"), name: "multicast", rfc: "RFC 5771"},
	{prefix: pfx("240.0.0.0/4"), name: "reserved", rfc: "RFC 1112, Section 4"},
	{prefix: pfx("255.255.255.255/32"), name: "limited broadcast", rfc: "RFC 919, Section 7"},

	// IPv6, ipv6-address-space: only 2000::/3 is allocated for global
	// unicast; the blocks outside it are reserved by the IETF, or the
	// special ranges below.
	{prefix: pfx("::/8"), name: "reserved by the IETF", rfc: "RFC 4291, Section 2.4"},
	{prefix: pfx("100::/8"), name: "reserved by the IETF", rfc: "RFC 4291, Section 2.4"},
	{prefix: pfx("200::/7"), name: "reserved by the IETF", rfc: "RFC 4291, Section 2.4"},
	{prefix: pfx("400::/6"), name: "reserved by the IETF", rfc: "RFC 4291, Section 2.4"},
	{prefix: pfx("800::/5"), name: "reserved by the IETF", rfc: "RFC 4291, Section 2.4"},
	{prefix: pfx("1000::/4"), name: "reserved by the IETF", rfc: "RFC 4291, Section 2.4"},
	{prefix: pfx("4000::/3"), name: "reserved by the IETF", rfc: "RFC 4291, Section 2.4"},
	{prefix: pfx("6000::/3"), name: "reserved by the IETF", rfc: "RFC 4291, Section 2.4"},
	{prefix: pfx("8000::/3"), name: "reserved by the IETF", rfc: "RFC 4291, Section 2.4"},
	{prefix: pfx("a000::/3"), name: "reserved by the IETF", rfc: "RFC 4291, Section 2.4"},
	{prefix: pfx("c000::/3"), name: "reserved by the IETF", rfc: "RFC 4291, Section 2.4"},
	{prefix: pfx("e000::/4"), name: "reserved by the IETF", rfc: "RFC 4291, Section 2.4"},
	{prefix: pfx("f000::/5"), name: "reserved by the IETF", rfc: "RFC 4291, Section 2.4"},
	{prefix: pfx("f800::/6"), name: "reserved by the IETF", rfc: "RFC 4291, Section 2.4"},
	{prefix: pfx("fe00::/9"), name: "reserved by the IETF", rfc: "RFC 4291, Section 2.4"},

	// IPv6, iana-ipv6-special-registry.
	{prefix: pfx("::/128"), name: "unspecified", rfc: "RFC 4291, Section 2.5.2"},
	{prefix: pfx("::1/128"), name: "loopback", rfc: "RFC 4291, Section 2.5.3"},
	{prefix: pfx("::/96"), name: "IPv4-compatible (deprecated)", rfc: "RFC 4291, Section 2.5.5.1", embed: low32},
	{prefix: pfx("::ffff:0:0/96"), name: "IPv4-mapped", rfc: "RFC 4291, Section 2.5.5.2", carrier: true, embed: low32},
	{prefix: pfx("::ffff:0:0:0/96"), name: "IPv4-translated", rfc: "RFC 2765, Section 2.1", embed: low32},
	{prefix: pfx("64:ff9b::/96"), name: "NAT64", rfc: "RFC 6052, Section 2.1", carrier: true, embed: low32},
	{prefix: pfx("64:ff9b:1::/48"), name: "local-use NAT64", rfc: "RFC 8215", embed: low32},
	{prefix: pfx("100::/64"), name: "discard-only", rfc: "RFC 6666"},
	{prefix: pfx("100:0:0:1::/64"), name: "dummy prefix", rfc: "RFC 9780"},
	{prefix: pfx("2001::/23"), name: "IETF protocol assignments", rfc: "RFC 2928"},
	{prefix: pfx("2001::/32"), name: "Teredo", rfc: "RFC 4380", carrier: true, embed: teredo},
	{prefix: pfx("2001:1::1/128"), name: "Port Control Protocol anycast", rfc: "RFC 7723", global: true},
	{prefix: pfx("2001:1::2/128"), name: "TURN anycast", rfc: "RFC 8155", global: true},
	{prefix: pfx("2001:1::3/128"), name: "DNS-SD Service Registration Protocol anycast", rfc: "RFC 9665", global: true},
	{prefix: pfx("2001:2::/48"), name: "benchmarking", rfc: "RFC 5180"},
	{prefix: pfx("2001:3::/32"), name: "AMT", rfc: "RFC 7450", global: true},
	{prefix: pfx("2001:4:112::/48"), name: "AS112-v6", rfc: "RFC 7535", global: true},
	{prefix: pfx("2001:10::/28"), name: "ORCHID (deprecated)", rfc: "RFC 4843"},
	{prefix: pfx("2001:20::/28"), name: "ORCHIDv2", rfc: "RFC 7343", global: true},
	{prefix: pfx("2001:30::/28"), name: "Drone Remote ID entity tags", rfc: "RFC 9374", global: true},
	{prefix: pfx("2001:db8::/32"), name: "documentation", rfc: "RFC 3849"},
	{prefix: pfx("2002::/16"), name: "6to4", rfc: "RFC 3056", carrier: true, embed: sixToFour},
	{prefix: pfx("3fff::/20"), name: "documentation", rfc: "RFC 9637"},
	{prefix: pfx("5f00::/16"), name: "segment routing (SRv6) SIDs", rfc: "RFC 9602"},
	{prefix: pfx("fc00::/7"), name: "unique local (ULA)", rfc: "RFC 4193", private: true},
	{prefix: pfx("fe80::/10"), name: "link-local", rfc: "RFC 4291, Section 2.5.6"},
	// Not in the special-purpose registry: the IPv6 address space registry.
	{prefix: pfx("fec0::/10"), name: "site-local (deprecated)", rfc: "RFC 3879", private: true},
	{prefix: pfx("ff00::/8"), name: "multicast", rfc: "RFC 4291, Section 2.7"},

	// Cloud metadata services, which hand out credentials to whoever asks
	// from inside the machine; refused by name even where their range is
	// allowed by AllowPrivate.
	{prefix: pfx("169.254.169.254/32"), name: "cloud metadata", rfc: "the instance metadata service of AWS, Google Cloud, Azure and others"},
	{prefix: pfx("fd00:ec2::254/128"), name: "cloud metadata", rfc: "the AWS instance metadata service over IPv6"},
	{prefix: pfx("100.100.100.200/32"), name: "cloud metadata", rfc: "the Alibaba Cloud metadata service"},
	{prefix: pfx("100.96.0.96/32"), name: "cloud metadata", rfc: "the Volcengine instance metadata service"},
	{prefix: pfx("100.80.80.80/32"), name: "cloud metadata", rfc: "the SurferCloud (UCloud) metadata service"},
	{prefix: pfx("168.63.129.16/32"), name: "cloud metadata", rfc: "Azure's platform address (WireServer, the host's DNS and health probes)"},
}

func pfx(s string) netip.Prefix { return netip.MustParsePrefix(s) }

// lookup returns the most specific range that holds a (without its zone),
// or nil.
func lookup(a netip.Addr) *special {
	var best *special
	for i := range specials {
		s := &specials[i]
		if s.prefix.Contains(a) && (best == nil || s.prefix.Bits() > best.prefix.Bits()) {
			best = s
		}
	}
	return best
}

// carried returns the IPv4 addresses that a, in range s, carries: one, or
// two for Teredo (the client first, then the server).
func (s *special) carried(a netip.Addr) []netip.Addr {
	b := a.As16()
	v4 := func(i int, mask byte) netip.Addr {
		return netip.AddrFrom4([4]byte{b[i] ^ mask, b[i+1] ^ mask, b[i+2] ^ mask, b[i+3] ^ mask})
	}
	switch s.embed {
	case low32:
		return []netip.Addr{v4(12, 0)}
	case sixToFour:
		return []netip.Addr{v4(2, 0)}
	case teredo:
		return []netip.Addr{v4(12, 0xff), v4(4, 0)}
	}
	return nil
}
