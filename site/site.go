// Package site groups hosts into sites: the registrable domain of the URL
// Standard ("eTLD+1"), computed with the Public Suffix List, and the "same
// site" test of the HTML Standard, for the URIs of package uri.
//
// It is a package of its own because the list it uses,
// golang.org/x/net/publicsuffix, brings net/http with it, which the strict
// core has no other need for.
//
// # Registrable domains
//
// [RegistrableDomain] is the URL Standard's registrable domain, the
// "eTLD+1": the host's public suffix (a domain under which anyone may
// register names, such as "com", "co.uk" or "github.io") plus one label.
// The host is taken as uri.URI.Host returns it. A reg-name is first
// converted to lower-case A-labels with uri.HostToASCII, so
// "WWW.B%C3%BCcher.DE" and "www.bücher.de" both give "xn--bcher-kva.de", the
// form of the result. HostToASCII applies the STD3 rule, which rejects "_"
// and other sub-delims; the URL Standard does not, and names such as
// "_dmarc.example.com" exist, so an ASCII name that fails only that way is
// lower-cased and used as it is (percent-encodings decoded), unless a label
// claims to be an A-label ("xn--") and is not one. There is no registrable
// domain for:
//
//   - the empty host, and a host that is not a valid name;
//   - an IP address: an IPv4address, an IP literal, and a reg-name that
//     uri.AmbiguousIPv4 reads as an IPv4 address, such as "0x7f.1";
//   - a name whose last label is a number ("1.2.3.256", "example.0x1f"):
//     the URL Standard's host parser reads it as an IPv4 address or rejects
//     it, and no top-level domain is numeric;
//   - a name that is itself a public suffix ("com", "co.uk", "github.io"),
//     including a single label ("localhost", "intranet": by the list's rule
//     "*", an unlisted top-level domain is a public suffix);
//   - a name with an empty label ("a..example.com", ".example.com").
//
// A final "." is kept, as the URL Standard keeps it: "www.example.com."
// gives "example.com.", another site than "example.com", and "com." has
// none. Both sections of the list count, as in browsers: the ICANN section
// ("co.uk", and wildcards such as "*.ck" with exceptions such as "!www.ck")
// and the private one ("github.io", "blogspot.com"). The list is the
// snapshot of the golang.org/x/net version this module requires.
//
// # Same site
//
// [Same] is the HTML Standard's "same site" for tuple origins: the same
// scheme, without regard to case, and the same registrable domain, or, when
// neither host has one, the same host. Ports, userinfo, paths, queries and
// fragments do not count: "https://a.example.com/" and
// "https://b.example.com:8443/x" are same site; "http://example.com/" and
// "https://example.com/" are not (HTML's "schemelessly same site" would say
// they are); "https://a.github.io/" and "https://b.github.io/" are not,
// since "github.io" is a public suffix. Hosts are compared in a normal form:
// a reg-name in lower-case A-labels ("b%C3%BCcher.de" is "xn--bcher-kva.de"),
// an IPv4 or IPv6 address as the address it names ("[::1]" is "[0:0::1]",
// and "127.0.0.1" is "0x7f.1", as browsers read it), an IPvFuture literal in
// lower case. A URI without a scheme, an authority or a host (a relative
// reference, "mailto:", "file:///"), whose origin is opaque, is same site
// with nothing, and neither is a host that is not a valid name. The rule
// applies to every scheme with a host, where HTML gives tuple origins only
// to http, https, ws, wss and ftp.
//
// Use it to group URLs by site (a crawler's politeness per site), or for
// checks in the manner of cookies and the Fetch Standard's "same-site"
// requests: a site may set cookies for its registrable domain, and browsers
// refuse a cookie whose Domain is a public suffix (RFC 6265, Section 5.3).
// It is not a same-origin check, which compares the whole host and the port
// (see uri.URI.Origin).
package site

import (
	"net/netip"
	"strings"

	"golang.org/x/net/publicsuffix"

	"github.com/gouri/uri"
	"github.com/gouri/uri/internal/abnf"
)

// RegistrableDomain returns the registrable domain of a host, its public
// suffix plus one label (the URL Standard's "eTLD+1", from the Public Suffix
// List), and true: "www.example.co.uk" gives "example.co.uk", in lower-case
// A-labels ([uri.HostToASCII]). It returns "" and false for the empty host, an
// IP address (a reg-name that [uri.AmbiguousIPv4] reads as one included), a
// public suffix itself ("com", "github.io", "localhost") and an invalid name.
// The package documentation, section Registrable domains, gives the rules.
func RegistrableDomain(host string) (string, bool) {
	if host == "" || host[0] == '[' {
		return "", false
	}
	if rd, ok, plain := plainRegistrableDomain(host); plain {
		return rd, ok
	}
	if _, err := netip.ParseAddr(host); err == nil {
		return "", false
	}
	name, ip, ok := siteName(host, false)
	if !ok || ip {
		return "", false
	}
	return registrableDomain(name)
}

// siteName returns the form of a reg-name in which sites compare it: the
// IPv4 address it means as dotted decimal (ip is true), or lower-case
// A-labels. ok is false when the host has neither. plain is
// plainName(host).
func siteName(host string, plain bool) (name string, ip, ok bool) {
	if a, isIP := uri.AmbiguousIPv4(host); isIP {
		return a.String(), true, true
	}
	if plain {
		// HostToASCII gives such a name back as it is, or refuses it and
		// asciiSiteName takes it as it is; and it is no address, which
		// the look before ruled out.
		return host, false, true
	}
	return convertedName(host)
}

// convertedName is siteName for a host that is no IPv4 address as it is:
// its conversion to A-labels, or, when that fails, its plain decoded form.
func convertedName(host string) (name string, ip, ok bool) {
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

// plainName reports whether host is lower-case ASCII letters, digits, "-"
// and "." without an A-label: a name already in the form that sites
// compare, as the URL Standard's host parser and HostToASCII write them,
// which needs no IDNA.
func plainName(host string) bool {
	for i := 0; i < len(host); i++ {
		c := host[i]
		if ldh[c] == 0 {
			return false
		}
		// The second "-" of a label that begins with "xn--".
		if c == '-' && i >= 3 && host[i-1] == '-' && host[i-2] == 'n' && host[i-3] == 'x' && (i == 3 || host[i-4] == '.') {
			return false
		}
	}
	return true
}

// plainRegistrableDomain is RegistrableDomain of host when host is a
// plain name (plain is true; see plainName), with the checks of
// registrableDomain made in the one pass that finds it plain. A plain
// name is its own site name (see siteName), and one that siteName reads as
// an IPv4 address ends in a number, which has no registrable domain
// either: the name is looked up as it is. The result is a slice of host.
func plainRegistrableDomain(host string) (rd string, ok, plain bool) {
	name := strings.TrimSuffix(host, ".")
	// start is where the label being read starts; a label that is empty
	// (a leading ".", "..", or a final ".." of host) has no registrable
	// domain.
	start, empty := 0, name == ""
	for i := 0; i < len(name); i++ {
		switch ldh[name[i]] {
		case ldhLetterDigit:
		case ldhDot:
			empty = empty || i == start
			start = i + 1
		case ldhHyphen:
			if i == start+3 && name[start:i] == "xn-" {
				return "", false, false
			}
		default:
			return "", false, false
		}
	}
	if empty || start == len(name) || isNumber(name[start:]) {
		return "", false, true
	}
	suffix, _ := publicsuffix.PublicSuffix(name)
	i := len(name) - len(suffix) - 1
	if i <= 0 || name[i] != '.' {
		// The name is its own public suffix, or the list gave a suffix
		// that does not end at a label.
		return "", false, true
	}
	return host[strings.LastIndexByte(name[:i], '.')+1:], true, true
}

// ldh gives the class of each byte of plainName, 0 for those that it has
// not: lower-case letters and digits, "-" and ".".
var ldh = func() (t [256]uint8) {
	for _, c := range []byte("abcdefghijklmnopqrstuvwxyz0123456789") {
		t[c] = ldhLetterDigit
	}
	t['-'], t['.'] = ldhHyphen, ldhDot
	return t
}()

// The classes of ldh.
const (
	ldhLetterDigit = 1 + iota
	ldhHyphen
	ldhDot
)

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
	if dot == "" {
		return rd, true
	}
	return rd + dot, true
}

// endsInNumber reports whether the last label of name (which has no final
// ".") is all digits, or "0x" or "0X" and hex digits: the URL Standard's
// "ends in a number" test, which sends such a host to its IPv4 parser.
func endsInNumber(name string) bool {
	return isNumber(name[strings.LastIndexByte(name, '.')+1:])
}

// isNumber reports whether the label last is all digits, or "0x" or "0X"
// and hex digits (see endsInNumber).
func isNumber(last string) bool {
	if last == "" {
		return false
	}
	hex := len(last) >= 2 && last[0] == '0' && last[1]|0x20 == 'x'
	if hex {
		last = last[2:]
	}
	for i := 0; i < len(last); i++ {
		c := last[i]
		if !(abnf.IsDigit(c) || hex && abnf.IsHex(c)) {
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
// The package documentation, section Same site, gives the rules.
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
	name, ip, ok := siteName(h, plainName(h))
	if !ok || ip {
		return name, "", ok
	}
	rd, _ = registrableDomain(name)
	return name, rd, true
}

// PublicSuffix returns the public suffix of name, a domain in lower-case
// A-labels without a final "." (as the URL Standard's host parser writes
// it, [whatwg.URL.Hostname]), and whether the Public Suffix List names that
// suffix: listed is true for a rule of its ICANN section ("com", "co.uk",
// "xn--p1ai", and wildcards such as "*.ck") or of its private one
// ("github.io"), and false when only the list's rule "*" makes the last
// label a public suffix ("localhost", "invalid", "js" in "node.js"). Text
// that names a host without a scheme is taken for a domain only when its
// suffix is listed. It allocates nothing.
//
// [whatwg.URL.Hostname]: https://pkg.go.dev/github.com/gouri/uri/whatwg#URL.Hostname
func PublicSuffix(name string) (suffix string, listed bool) {
	suffix, icann := publicsuffix.PublicSuffix(name)
	// The private section has no rule of one label, and "*" makes only
	// one: a suffix of two labels or more comes from a listed rule.
	return suffix, icann || strings.IndexByte(suffix, '.') >= 0
}
