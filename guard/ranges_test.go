package guard

import (
	"net/netip"
	"strings"
	"testing"
)

// TestRanges: one row per range of the table, with an address inside it
// and one just outside, written out again from the IANA IPv4 and IPv6
// Special-Purpose Address Registries and the RFCs that each row cites.
// refused: by the zero Policy; private: allowed by AllowPrivate.
func TestRanges(t *testing.T) {
	tests := []struct {
		prefix  string
		in, out string // an address in the range (classified as it), one outside
		name    string
		refused bool // refused by the zero Policy for the address "in"
		private bool // allowed by AllowPrivate
	}{
		// IPv4 (iana-ipv4-special-registry, and RFC 5771 for multicast).
		{"0.0.0.0/8", "0.1.2.3", "1.0.0.0", "unspecified (this network)", true, false},                              // RFC 791, Section 3.2
		{"10.0.0.0/8", "10.255.0.1", "11.0.0.0", "private", true, true},                                             // RFC 1918
		{"100.64.0.0/10", "100.127.255.255", "100.128.0.0", "shared address space (carrier-grade NAT)", true, true}, // RFC 6598
		{"127.0.0.0/8", "127.255.255.254", "128.0.0.0", "loopback", true, false},                                    // RFC 1122, Section 3.2.1.3
		{"169.254.0.0/16", "169.254.1.1", "169.255.0.0", "link-local", true, false},                                 // RFC 3927
		{"172.16.0.0/12", "172.31.255.255", "172.32.0.0", "private", true, true},                                    // RFC 1918
		{"192.0.0.0/24", "192.0.0.170", "192.0.1.0", "IETF protocol assignments", true, false},                      // RFC 6890, Section 2.1
		{"192.0.0.9/32", "192.0.0.9", "192.0.0.8", "Port Control Protocol anycast", false, false},                   // RFC 7723: globally reachable
		{"192.0.0.10/32", "192.0.0.10", "192.0.0.11", "TURN anycast", false, false},                                 // RFC 8155: globally reachable
		{"192.0.2.0/24", "192.0.2.1", "192.0.3.0", "documentation (TEST-NET-1)", true, false},                       // RFC 5737
		{"192.88.99.0/24", "192.88.99.1", "192.88.100.0", "6to4 relay anycast (deprecated)", true, false},           // RFC 7526
		{"192.168.0.0/16", "192.168.1.1", "192.169.0.0", "private", true, true},                                     // RFC 1918
		{"198.18.0.0/15", "198.19.255.255", "198.20.0.0", "benchmarking", true, false},                              // RFC 2544
		{"198.51.100.0/24", "198.51.100.7", "198.51.101.0", "documentation (TEST-NET-2)", true, false},              // RFC 5737
		{"203.0.113.0/24", "203.0.113.9", "203.0.114.0", "documentation (TEST-NET-3)", true, false},                 // RFC 5737
		{"224.0.0.0/4", "239.255.255.250", "223.255.255.255", "multicast", true, false},                             // RFC 5771
		{"240.0.0.0/4", "240.0.0.1", "223.0.0.1", "reserved", true, false},                                          // RFC 1112, Section 4
		{"255.255.255.255/32", "255.255.255.255", "223.255.255.254", "limited broadcast", true, false},              // RFC 919, Section 7

		// IPv6 (iana-ipv6-special-registry; site-local and multicast from
		// the IPv6 address space registry).
		{"::/8", "::1:7f00:1", "100::", "reserved by the IETF", true, false},                                      // RFC 4291, Section 2.4: outside 2000::/3, and past ::/96
		{"100::/8", "100:1::1", "200::", "reserved by the IETF", true, false},                                     // RFC 4291, Section 2.4: outside 2000::/3
		{"200::/7", "200::1234", "400::", "reserved by the IETF", true, false},                                    // RFC 4291, Section 2.4: outside 2000::/3
		{"400::/6", "400::1234", "800::", "reserved by the IETF", true, false},                                    // RFC 4291, Section 2.4: outside 2000::/3
		{"800::/5", "800::1234", "1000::", "reserved by the IETF", true, false},                                   // RFC 4291, Section 2.4: outside 2000::/3
		{"1000::/4", "1000::1234", "2000::", "reserved by the IETF", true, false},                                 // RFC 4291, Section 2.4: outside 2000::/3
		{"4000::/3", "4000::1", "6000::", "reserved by the IETF", true, false},                                    // RFC 4291, Section 2.4: outside 2000::/3
		{"6000::/3", "6000::1234", "8000::", "reserved by the IETF", true, false},                                 // RFC 4291, Section 2.4: outside 2000::/3
		{"8000::/3", "8000::1234", "a000::", "reserved by the IETF", true, false},                                 // RFC 4291, Section 2.4: outside 2000::/3
		{"a000::/3", "a000::1234", "c000::", "reserved by the IETF", true, false},                                 // RFC 4291, Section 2.4: outside 2000::/3
		{"c000::/3", "c000::1234", "e000::", "reserved by the IETF", true, false},                                 // RFC 4291, Section 2.4: outside 2000::/3
		{"e000::/4", "e000::1234", "f000::", "reserved by the IETF", true, false},                                 // RFC 4291, Section 2.4: outside 2000::/3
		{"f000::/5", "f000::1234", "f800::", "reserved by the IETF", true, false},                                 // RFC 4291, Section 2.4: outside 2000::/3
		{"f800::/6", "f800::1234", "2000::", "reserved by the IETF", true, false},                                 // RFC 4291, Section 2.4: outside 2000::/3
		{"fe00::/9", "fe00::1234", "fe80::", "reserved by the IETF", true, false},                                 // RFC 4291, Section 2.4: outside 2000::/3
		{"::ffff:0:0:0/96", "::ffff:0:8.8.8.8", "::fffe:0:0:0", "IPv4-translated", true, false},                   // RFC 2765, Section 2.1: refused whatever it carries
		{"100:0:0:1::/64", "100:0:0:1::1", "100:0:0:2::", "dummy prefix", true, false},                            // RFC 9780
		{"2001::/23", "2001:100::1", "2001:200::", "IETF protocol assignments", true, false},                      // RFC 2928
		{"2001:1::1/128", "2001:1::1", "2001:1::4", "Port Control Protocol anycast", false, false},                // RFC 7723: globally reachable
		{"2001:1::2/128", "2001:1::2", "2001:1::5", "TURN anycast", false, false},                                 // RFC 8155: globally reachable
		{"2001:1::3/128", "2001:1::3", "2001:1::6", "DNS-SD Service Registration Protocol anycast", false, false}, // RFC 9665: globally reachable
		{"2001:3::/32", "2001:3::1", "2001:4::1", "AMT", false, false},                                            // RFC 7450: globally reachable
		{"2001:4:112::/48", "2001:4:112::1", "2001:4:113::1", "AS112-v6", false, false},                           // RFC 7535: globally reachable
		{"2001:10::/28", "2001:1f::1", "2001:20::", "ORCHID (deprecated)", true, false},                           // RFC 4843
		{"2001:20::/28", "2001:2f::1", "2001:30::", "ORCHIDv2", false, false},                                     // RFC 7343: globally reachable
		{"2001:30::/28", "2001:3f::1", "2001:40::", "Drone Remote ID entity tags", false, false},                  // RFC 9374: globally reachable
		{"::/128", "::", "::2:0:0", "unspecified", true, false},                                                   // RFC 4291, Section 2.5.2
		{"::1/128", "::1", "::1:0:0:0", "loopback", true, false},                                                  // RFC 4291, Section 2.5.3
		{"::/96", "::8.8.8.8", "::1:0:0:0", "IPv4-compatible (deprecated)", true, false},                          // RFC 4291, Section 2.5.5.1: refused whatever it carries
		{"::ffff:0.0.0.0/96", "::ffff:127.0.0.1", "::fffe:0:0", "IPv4-mapped", true, false},                       // RFC 4291, Section 2.5.5.2: carries loopback
		{"64:ff9b::/96", "64:ff9b::a00:1", "64:ff9b::1:0:0", "NAT64", true, true},                                 // RFC 6052, Section 2.1: carries 10.0.0.1
		{"64:ff9b:1::/48", "64:ff9b:1::808:808", "64:ff9b:2::", "local-use NAT64", true, false},                   // RFC 8215: refused whatever it carries
		{"100::/64", "100::1", "100:0:0:2::", "discard-only", true, false},                                        // RFC 6666
		{"2001::/32", "2001:0:4136:e378:8000:63bf:f7f7:f7f7", "2001:1:0:1::", "Teredo", false, false},             // RFC 4380: carries 8.8.8.8 (client) and 65.54.227.120 (server)
		{"2001:2::/48", "2001:2::1", "2001:2:1::", "benchmarking", true, false},                                   // RFC 5180
		{"2001:db8::/32", "2001:db8::1", "2001:db9::", "documentation", true, false},                              // RFC 3849
		{"2002::/16", "2002:c000:204::1", "2003::", "6to4", true, false},                                          // RFC 3056: carries 192.0.2.4
		{"3fff::/20", "3fff:fff::1", "3fff:1000::", "documentation", true, false},                                 // RFC 9637
		{"5f00::/16", "5f00::1", "5f01::", "segment routing (SRv6) SIDs", true, false},                            // RFC 9602
		{"fc00::/7", "fd12:3456::1", "fe00::", "unique local (ULA)", true, true},                                  // RFC 4193
		{"fe80::/10", "fe80::1", "fec0::", "link-local", true, false},                                             // RFC 4291, Section 2.5.6
		{"fec0::/10", "fec0::1", "ff00::", "site-local (deprecated)", true, true},                                 // RFC 3879
		{"ff00::/8", "ff02::1", "2001:4860::", "multicast", true, false},                                          // RFC 4291, Section 2.7

		// Cloud metadata, refused by name even with AllowPrivate.
		{"169.254.169.254/32", "169.254.169.254", "169.254.169.253", "cloud metadata", true, false},
		{"fd00:ec2::254/128", "fd00:ec2::254", "2600:1f18::254", "cloud metadata", true, false},
		{"100.100.100.200/32", "100.100.100.200", "100.100.100.201", "cloud metadata", true, false},
		{"100.96.0.96/32", "100.96.0.96", "100.96.0.97", "cloud metadata", true, false},
		{"100.80.80.80/32", "100.80.80.80", "100.80.80.81", "cloud metadata", true, false},
		{"168.63.129.16/32", "168.63.129.16", "168.63.129.17", "cloud metadata", true, false},
	}
	if len(tests) != len(specials) {
		t.Errorf("%d rows for %d ranges: every range needs a row", len(tests), len(specials))
	}
	seen := map[string]bool{}
	for _, tt := range tests {
		seen[tt.prefix] = true
		in, out := netip.MustParseAddr(tt.in), netip.MustParseAddr(tt.out)
		s := lookup(in)
		if s == nil || s.prefix.String() != tt.prefix || s.name != tt.name {
			t.Errorf("lookup(%q) = %+v, want %s %q", tt.in, s, tt.prefix, tt.name)
		}
		if s := lookup(out); s != nil && s.prefix.String() == tt.prefix {
			t.Errorf("lookup(%q) = %s, want an address outside it", tt.out, tt.prefix)
		}
		var p Policy
		if err := p.CheckAddr(in); (err != nil) != tt.refused {
			t.Errorf("Policy{}.CheckAddr(%q) = %v, want refused %v", tt.in, err, tt.refused)
		} else if err != nil && !strings.Contains(err.Error(), tt.name) {
			t.Errorf("Policy{}.CheckAddr(%q) = %v, want it to name %q", tt.in, err, tt.name)
		}
		priv := Policy{AllowPrivate: true}
		if err := priv.CheckAddr(in); (err == nil) != (tt.private || !tt.refused) {
			t.Errorf("Policy{AllowPrivate: true}.CheckAddr(%q) = %v, want allowed %v", tt.in, err, tt.private)
		}
		if err := (&Policy{Networks: []netip.Prefix{netip.MustParsePrefix(tt.prefix)}}).CheckAddr(in); err != nil {
			t.Errorf("Policy{Networks: %s}.CheckAddr(%q) = %v, want nil", tt.prefix, tt.in, err)
		}
	}
	for _, s := range specials {
		if !seen[s.prefix.String()] {
			t.Errorf("no row for the range %s", s.prefix)
		}
	}
}

// TestDescribeArticle: a refusal names a range with the article that its
// name is read with ("a unique local (ULA) address" read "an unique";
// "an ORCHID", "an AMT" and "an AS112" read "a").
func TestDescribeArticle(t *testing.T) {
	an := map[string]bool{
		"AMT": true, "AS112-v6": true, "IETF protocol assignments": true, "IPv4-compatible (deprecated)": true,
		"IPv4-mapped": true, "IPv4-translated": true, "ORCHID (deprecated)": true, "ORCHIDv2": true,
		"unspecified (this network)": true, "unspecified": true,
	}
	for i := range specials {
		s := &specials[i]
		want := "a " + s.name + " address"
		switch {
		case s.name == "cloud metadata":
			want = "the cloud metadata address"
		case an[s.name]:
			want = "an " + s.name + " address"
		}
		if got := describe(s); !strings.HasPrefix(got, want+" (") {
			t.Errorf("describe(%s) = %q, want it to begin %q", s.prefix, got, want)
		}
	}
	if err := new(Policy).CheckAddr(netip.MustParseAddr("fd00::1")); err == nil || !strings.Contains(err.Error(), "is a unique local (ULA) address") {
		t.Errorf("CheckAddr(fd00::1) = %v, want a unique local (ULA) address", err)
	}
}

// TestCarried: the IPv4 address inside the IPv6 forms that carry one is
// classified too (RFC 4291, Section 2.5.5; RFC 6052, Section 2.2; RFC 3056,
// Section 2; RFC 4380, Section 4), and a public one is allowed.
func TestCarried(t *testing.T) {
	tests := []struct {
		addr    string
		refused string // the class named, or "" when allowed
	}{
		{"::ffff:127.0.0.1", "loopback"},
		{"::ffff:0:8.8.8.8", "IPv4-translated"}, // RFC 2765: refused whatever it carries
		{"::1:7f00:1", "reserved by the IETF"},  // ::/8 outside its special ranges
		{"::ffff:8.8.8.8", ""},
		{"::ffff:169.254.169.254", "cloud metadata"},
		{"::127.0.0.1", "loopback"},
		{"::8.8.8.8", "IPv4-compatible"},
		{"64:ff9b::7f00:1", "loopback"},
		{"64:ff9b::808:808", ""},
		{"64:ff9b::a9fe:a9fe", "cloud metadata"},
		{"64:ff9b:1::7f00:1", "local-use NAT64"},
		{"2002:7f00:1::", "loopback"},
		{"2002:a00:1::1", "private"},
		{"2002:808:808::1", ""},
		// Teredo: server 65.54.227.120, client 127.0.0.1 (inverted bits).
		{"2001:0:4136:e378:8000:63bf:80ff:fffe", "loopback"},
		// Teredo: server 127.0.0.1, client 8.8.8.8.
		{"2001:0:7f00:1:8000:63bf:f7f7:f7f7", "loopback"},
		// Teredo: server 65.54.227.120, client 8.8.8.8.
		{"2001:0:4136:e378:8000:63bf:f7f7:f7f7", ""},
	}
	for _, tt := range tests {
		var p Policy
		err := p.CheckAddr(netip.MustParseAddr(tt.addr))
		switch {
		case tt.refused == "" && err != nil:
			t.Errorf("CheckAddr(%q) = %v, want nil", tt.addr, err)
		case tt.refused != "" && (err == nil || !strings.Contains(err.Error(), tt.refused)):
			t.Errorf("CheckAddr(%q) = %v, want a refusal naming %q", tt.addr, err, tt.refused)
		}
	}
}
