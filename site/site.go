// Package site groups hosts into sites: the registrable domain of the URL
// Standard ("eTLD+1"), computed with the Public Suffix List, and the "same
// site" test of the HTML Standard, for the URIs of package uri.
//
// It is a package of its own because the list it uses,
// golang.org/x/net/publicsuffix, brings net/http with it, which the strict
// core has no other need for.
package site

import (
	"net/netip"
	"strings"

	"golang.org/x/net/publicsuffix"

	"github.com/gouri/uri"
)

// RegistrableDomain returns the registrable domain of a host, its public
// suffix plus one label (the URL Standard's "eTLD+1", from the Public Suffix
// List), and true: "www.example.co.uk" gives "example.co.uk", in lower-case
// A-labels ([uri.HostToASCII]). It returns "" and false for the empty host, an
// IP address (a reg-name that [uri.AmbiguousIPv4] reads as one included), a
// public suffix itself ("com", "github.io", "localhost") and an invalid name.
// See the README, section "Sites".
func RegistrableDomain(host string) (string, bool) {
	if host == "" || host[0] == '[' {
		return "", false
	}
	if _, err := netip.ParseAddr(host); err == nil {
		return "", false
	}
	name, ip, ok := siteName(host)
	if !ok || ip {
		return "", false
	}
	return registrableDomain(name)
}

// siteName returns the form of a reg-name in which sites compare it: the
// IPv4 address it means as dotted decimal (ip is true), or lower-case
// A-labels. ok is false when the host has neither.
func siteName(host string) (name string, ip, ok bool) {
	if a, isIP := uri.AmbiguousIPv4(host); isIP {
		return a.String(), true, true
	}
	name, err := uri.HostToASCII(host)
	if err != nil {
		if name, ok = asciiSiteName(host); !ok {
			return "", false, false
		}
	}
	// The conversion maps full-width digits and dots to ASCII ones, which
	// can make an address.
	if a, err := netip.ParseAddr(name); err == nil && a.Is4() {
		return a.String(), true, true
	}
	if a, isIP := uri.AmbiguousIPv4(name); isIP {
		return a.String(), true, true
	}
	return name, false, true
}

// asciiSiteName decodes a reg-name that HostToASCII refused, and returns it
// in lower case if it is all unreserved characters and sub-delims (RFC 3986,
// Section 2) and no label begins with "xn--".
func asciiSiteName(host string) (string, bool) {
	d, err := uri.Unescape(host, uri.EscapeHost)
	if err != nil {
		return "", false
	}
	for i := 0; i < len(d); i++ {
		c := d[i]
		if !('a' <= c|0x20 && c|0x20 <= 'z' || '0' <= c && c <= '9' || strings.IndexByte("-._~!$&'()*+,;=", c) >= 0) {
			return "", false
		}
	}
	d = strings.ToLower(d)
	if strings.HasPrefix(d, "xn--") || strings.Contains(d, ".xn--") {
		return "", false
	}
	return d, true
}

// registrableDomain returns the registrable domain of a name in lower-case
// A-labels, keeping a final ".".
func registrableDomain(name string) (string, bool) {
	dot := ""
	if strings.HasSuffix(name, ".") {
		name, dot = name[:len(name)-1], "."
	}
	if name == "" || endsInNumber(name) {
		return "", false
	}
	rd, err := publicsuffix.EffectiveTLDPlusOne(name)
	if err != nil {
		return "", false
	}
	return rd + dot, true
}

// endsInNumber reports whether the last label of name (which has no final
// ".") is all digits, or "0x" or "0X" and hex digits: the URL Standard's
// "ends in a number" test, which sends such a host to its IPv4 parser.
func endsInNumber(name string) bool {
	last := name[strings.LastIndexByte(name, '.')+1:]
	if last == "" {
		return false
	}
	hex := len(last) >= 2 && last[0] == '0' && last[1]|0x20 == 'x'
	if hex {
		last = last[2:]
	}
	for i := 0; i < len(last); i++ {
		c := last[i]
		if !('0' <= c && c <= '9' || hex && 'a' <= c|0x20 && c|0x20 <= 'f') {
			return false
		}
	}
	return true
}

// Same reports whether a and b are "same site" as the HTML Standard defines it
// for tuple origins: the same scheme, without regard to case, and the same
// registrable domain, or, when neither host has one, the same host in normal
// form. Ports and paths do not count ("https://a.example.com/" and
// "https://b.example.com:8443/x" are same site), schemes do ("http://a/" and
// "https://a/" are not), and a URI without a host is same site with nothing.
// See the README, section "Sites".
func Same(a, b uri.URI) bool {
	if !a.HasScheme() || !b.HasScheme() || !strings.EqualFold(a.Scheme(), b.Scheme()) {
		return false
	}
	ha, rda, oka := siteOf(a)
	hb, rdb, okb := siteOf(b)
	switch {
	case !oka || !okb:
		return false
	case rda != "" || rdb != "":
		return rda == rdb
	}
	return ha == hb
}

// siteOf returns the host of u in normal form and its registrable domain,
// or "" if it has none; ok is false when u has no host or an invalid one.
func siteOf(u uri.URI) (host, rd string, ok bool) {
	h := u.Host()
	if h == "" {
		return "", "", false
	}
	switch u.HostKind() {
	case uri.HostIPv4, uri.HostIPv6:
		a, isIP := u.HostAddr()
		return a.String(), "", isIP
	case uri.HostIPvFuture:
		return strings.ToLower(h), "", true
	}
	name, ip, ok := siteName(h)
	if !ok || ip {
		return name, "", ok
	}
	rd, _ = registrableDomain(name)
	return name, rd, true
}
