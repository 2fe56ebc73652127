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
// without regard to case, as RFC 3986, Section 3.1 says; a relative reference
// has no scheme. Compare schemes with it, never with u.Scheme() == name, which
// lets "JavaScript:" past a blocklist of "javascript"; only ASCII letters fold
// (strings.EqualFold would match the Kelvin sign to "k"). It does not allocate.
func (u URI) SchemeIs(name string) bool {
	return u.flags&fScheme != 0 && abnf.EqualFold(u.Scheme(), name)
}

// HostPort returns the host and, if u has a port, ":" and the port, as written
// (RFC 3986, Sections 3.2.2 and 3.2.3): what net/url's URL.Host holds, such as
// "[::1]:8080". An empty port keeps its ":" ("example.com:"). Without an
// authority it returns "". It does not allocate.
func (u URI) HostPort() string { return u.s[u.hostStart:u.pathStart] }

// DefaultPort returns the default port of u's scheme, compared without regard
// to case, as the scheme's specification gives it and scheme-based
// normalization removes it (RFC 3986, Section 6.2.3): "80" for http and ws,
// "443" for https and wss, "21" for ftp, and so on. It returns "" for a scheme
// without one (file, mailto) or not in the table, and for a relative reference.
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
// Origin and false when u has none (its origin is a "globally unique
// identifier"). It allocates only when the text up to the host is not in
// normal form.
//
// A URI has an origin triple when its scheme names servers by a host and a
// port, which this package takes to be the schemes with a default port
// ([URI.DefaultPort]: http, https, ws, wss, ftp, and the rest of the table),
// and it has an authority with a host that is not empty (step 1). Then, as
// steps 5 to 7 say:
//
//   - the scheme is lower-cased;
//   - the host is written as [URI.Normalize] writes it: lower case,
//     percent-encodings and IPv6 text normalized, and percent-encoded UTF-8
//     as IDNA A-labels ([NormalizeIDNA]), so that [Equivalent] URIs have the
//     same origin;
//   - the port is the port number, or the scheme's default when the port is
//     absent or empty; leading zeros do not count ("http://h:0080/" is of
//     the origin "http://h").
//
// Every other URI has no origin triple: a relative reference, a scheme
// without a default port or unknown to the table (file, mailto, data,
// javascript, urn; for file, step 4 leaves the choice to the
// implementation), no authority or an empty host, or a port above 65535.
// The userinfo, path, query and fragment never count, and the origin of a
// blob: URL, which the URL Standard takes from the URL inside it, is not
// computed. Two zero Origin values are equal, so compare Origins only when
// both calls return true.
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
