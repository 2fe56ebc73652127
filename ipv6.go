package uri

import (
	"net/netip"
	"strings"

	"github.com/gouri/uri/internal/abnf"
)

// This file holds the IP addresses that hosts name (RFC 3986, Section
// 3.2.2): the IP-literal, and the address of an IPv4 or IPv6 host. The grammar of the IP-literal, IPv6address and IPv4address rules
// is in internal/abnf, which the older grammars of RFC 2732 share with the
// parser.

// parseIPLiteral parses the IP-literal that starts with the "[" at s[i]
// (RFC 3986, Section 3.2.2; with allowZone, RFC 6874). It returns the index
// just past the closing "]" and the kind of host. On error it returns the
// offset of the first byte that cannot continue a valid IP-literal (len(s)
// if the input ends first) and the reason.
func parseIPLiteral(s string, i int, allowZone bool) (int, HostKind, error) {
	end, future, err := abnf.IPLiteral(s, i, allowZone)
	if future {
		return end, HostIPvFuture, err
	}
	return end, HostIPv6, err
}

// HostAddr returns the address that the host names and true, when it is an
// IPv4address or an IP-literal with an IPv6address (RFC 3986, Section 3.2.2):
// "[::ffff:192.0.2.1]" stays IPv6, as net/netip reads it, and a zone from
// [ParseRFC6874] is decoded into the address. Any other host, a reg-name that
// looks numeric included (see [AmbiguousIPv4]), gives the zero Addr and false.
// It allocates only for a zone.
func (u URI) HostAddr() (netip.Addr, bool) {
	switch u.HostKind() {
	case HostIPv4:
		a, err := netip.ParseAddr(u.Host())
		return a, err == nil
	case HostIPv6:
		h := u.Hostname()
		z := strings.IndexByte(h, '%')
		if z < 0 {
			a, err := netip.ParseAddr(h)
			return a, err == nil
		}
		a, err := netip.ParseAddr(h[:z])
		if err != nil {
			return netip.Addr{}, false
		}
		return a.WithZone(abnf.Decode(h[z+3:], false)), true
	}
	return netip.Addr{}, false
}
