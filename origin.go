package uri

import (
	"strconv"

	"github.com/gouri/uri/internal/abnf"
	"github.com/gouri/uri/internal/schemes"
)

// This file answers questions about what a URI names rather than how it is
// written: whether its scheme is a given one (RFC 3986, Section 3.1), the
// host and port together, the scheme's default port (Section 6.2.3), and
// the origin of RFC 6454.

// SchemeIs reports whether u has the scheme name, comparing ASCII letters
// without regard to case, as RFC 3986, Section 3.1 says: "schemes are
// case-insensitive". A relative reference has no scheme, and SchemeIs
// returns false for it whatever name is. It does not allocate.
//
// Compare schemes with SchemeIs, never with u.Scheme() == name: the scheme
// is returned as written, so a blocklist that tests Scheme() == "javascript"
// lets "JavaScript:alert(1)" and "jAvAsCrIpT:alert(1)" through, and a browser
// runs both. Only ASCII letters fold, as in the ABNF of Section 3.1: no
// other character matches another (strings.EqualFold would match the
// Kelvin sign "\u212A" to "k"). An allowlist (SchemeIs("https") ||
// SchemeIs("http")) is safer than a blocklist.
func (u URI) SchemeIs(name string) bool {
	return u.flags&fScheme != 0 && abnf.EqualFold(u.Scheme(), name)
}

// HostPort returns the host and, if u has a port, ":" and the port, as
// written (RFC 3986, Sections 3.2.2 and 3.2.3): the authority without its
// userinfo, what net/url's URL.Host holds. An IP-literal keeps its
// brackets: "[::1]:8080". A present but empty port keeps its ":"
// ("example.com:"), since absent and empty differ; [URI.Normalize] removes
// it. Without an authority HostPort returns "". It does not allocate.
func (u URI) HostPort() string { return u.s[u.hostStart:u.pathStart] }

// DefaultPort returns the default port of u's scheme, the one that
// scheme-based normalization removes (RFC 3986, Section 6.2.3), from the
// specification that defines the scheme: "80" for http and ws (RFC 9110,
// Section 4.2.1; RFC 6455, Section 3), "443" for https and wss, "21" for
// ftp, and so on for the schemes of the table that [NormalizePort] uses. It
// returns "" for a scheme without a default port (file, mailto), for a
// scheme the table does not know, and for a relative reference. The scheme
// is compared without regard to case. It does not allocate.
func (u URI) DefaultPort() string {
	if u.flags&fScheme == 0 {
		return ""
	}
	return schemes.Lookup(u.Scheme()).Port
}

// Origin is the origin of a URI as RFC 6454, Section 4 computes it: the
// scheme, host and port that a user agent treats as one security principal
// (Section 3.2). Two URIs have the same origin exactly when their Origins
// are equal, compared with == (Section 5), and both were found: see
// [URI.Origin] for the URIs that have none.
//
// The zero Origin stands for no origin triple. Its String is "null", the
// serialization of Section 6.1 for a globally unique identifier.
type Origin struct {
	Scheme string // in lower case
	Host   string // as in u's normal form: see URI.Origin
	Port   uint16 // the port number, or the scheme's default port when u has none
}

// String returns the ASCII serialization of the origin (RFC 6454, Section
// 6.1): the scheme, "://", the host, and ":" and the port unless it is the
// scheme's default port, as in "https://example.com" or
// "http://[::1]:8080". The zero Origin gives "null".
func (o Origin) String() string {
	if o.Scheme == "" {
		return "null"
	}
	if def, err := strconv.Atoi(schemes.Lookup(o.Scheme).Port); err == nil && def == int(o.Port) {
		return o.Scheme + "://" + o.Host
	}
	return o.Scheme + "://" + o.Host + ":" + strconv.Itoa(int(o.Port))
}

// Origin returns the origin of u (RFC 6454, Section 4) and true, or the zero
// Origin and false when u has none, that is when RFC 6454 gives it "a fresh
// globally unique identifier", an origin that equals no other.
//
// A URI has an origin triple when it has a scheme whose servers are named
// by a host and a port, which this package takes to be the schemes with a
// default port ([URI.DefaultPort]: http, https, ws, wss, ftp, and the others
// of its table), and an authority with a host that is not empty (Section 4,
// step 1: the URI "uses a hierarchical element as a naming authority").
// Then, following Section 4, steps 5 to 7:
//
//   - the scheme is lower-cased;
//   - the host is written as [URI.Normalize] writes it, lower-cased as
//     step 5 asks and also with its percent-encodings and IPv6 text
//     normalized (RFC 3986, Section 6.2.2; RFC 5952), and a host in
//     percent-encoded UTF-8 converted to IDNA A-labels ([NormalizeIDNA]), so
//     that URIs that are [Equivalent] have the same origin;
//   - the port is u's port number, or the scheme's default port when u has
//     no port or an empty one (RFC 3986, Section 3.2.3). Leading zeros do
//     not count: "http://h:0080/" is of the origin "http://h".
//
// Every other URI has no origin triple: a relative reference, a scheme
// without a default port or unknown to the table (file, mailto, data,
// javascript, urn, ...), no authority or an empty host, or a port above
// 65535, which no server listens on. For file URIs Section 4, step 4 leaves
// the choice to the implementation; this package gives them none. The
// userinfo, path, query and fragment never count. The origin of a "blob:"
// URL, which the WHATWG URL Standard takes from the URL inside it, is not
// an RFC 6454 origin and is not computed.
//
// Compare the Origins of two URIs only when both calls return true: two
// globally unique identifiers are never the same origin, but two zero
// Origins are equal. Origin allocates only when the text up to the host
// is not in normal form.
func (u URI) Origin() (Origin, bool) {
	def := u.DefaultPort()
	if def == "" || u.flags&fAuthority == 0 || u.hostStart == u.hostEnd {
		return Origin{}, false
	}
	port, err := u.PortNumber()
	switch {
	case err == ErrNoPort:
		port, _ = strconv.Atoi(def)
	case err != nil:
		return Origin{}, false
	}
	// Only the text up to the host counts: it is a URI of its own, whose
	// normal form is found without allocating when it is already normal.
	var head, n URI
	he := u.hostEnd
	head.set(u.s[:he], u.schemeEnd, u.hostStart, he, he, he, he, u.flags&^(fPort|fQuery|fFragment))
	n = head.NormalizeWith(NormalizeCase | NormalizePercent | NormalizeIPv6 | NormalizeIDNA)
	return Origin{Scheme: n.Scheme(), Host: n.Host(), Port: uint16(port)}, true
}
