package readings

import (
	"github.com/gouri/uri/internal/errtext"
	"net"
	"net/netip"
	"strings"

	"github.com/gouri/uri"
	"github.com/gouri/uri/internal/abnf"
	"github.com/gouri/uri/internal/schemes"
)

// This file compares the readings, by the rules of the package
// documentation.

// key is what a reading means, in a form that == compares.
type key struct {
	scheme, user, pass    string
	host                  hostKey
	port                  string // the port number in decimal, or "" without a host
	path, query, fragment string
}

// hostKey is a host as an address or as a name.
type hostKey struct {
	kind hostClass
	addr netip.Addr
	name string // percent-decoded, ASCII letters in lower case
}

type hostClass uint8

const (
	noMachine hostClass = iota // no host, or the empty host
	byName
	byAddr
	byFuture
)

// memo holds the canonical forms already computed for one report, by
// component and text: the readings often share a path or a query, which
// is then encoded and normalized once.
type memo map[memoKey]string

type memoKey struct {
	part uri.Component
	text string
}

// keyOf returns the key of a reading that succeeded.
func keyOf(r *Reading, m memo) key {
	k := key{
		scheme: abnf.LowerString(r.Scheme),
		user:   abnf.Decode(r.Username, false),
		pass:   abnf.Decode(r.Password, false),
		host:   hostKeyOf(r.HostKind, r.Host),
	}
	if r.HostKind != NoHost {
		k.port = portNumber(r.Port)
		if k.port == "" {
			k.port = schemes.Lookup(r.Scheme).Port
		}
	}
	k.path = canonicalPath(r.Scheme, r.HostKind != NoHost, r.Path, m)
	k.query = m.canonical(uri.Query, r.Query)
	k.fragment = m.canonical(uri.Fragment, r.Fragment)
	return k
}

// hostKeyOf returns the key of a host of the given kind.
func hostKeyOf(kind HostKind, host string) hostKey {
	switch kind {
	case NoHost, EmptyHost:
		return hostKey{}
	case IPv4, IPv6:
		if a, err := netip.ParseAddr(strings.TrimSuffix(strings.TrimPrefix(host, "["), "]")); err == nil {
			return hostKey{kind: byAddr, addr: a}
		}
	case IPvFuture:
		return hostKey{kind: byFuture, name: abnf.LowerString(host)}
	}
	return hostKey{kind: byName, name: abnf.LowerString(abnf.Decode(host, false))}
}

// portNumber returns the port without leading zeros, "" for "".
func portNumber(p string) string {
	if p == "" {
		return ""
	}
	if t := strings.TrimLeft(p, "0"); t != "" {
		return t
	}
	return "0"
}

// canonicalPath returns the path as RFC 3986, Section 6.2.2 compares it.
// An empty path with a host is "/" where RFC 9110 and RFC 6455 say so
// (http, https, ws, wss), and for ftp and file: the URL Standard gives
// their URLs the path "/", RFC 1738 reads "ftp://h" and "ftp://h/" as the
// same directory, and RFC 8089 requires a path-absolute after a host.
func canonicalPath(scheme string, hasHost bool, p string, m memo) string {
	if p == "" && hasHost {
		if s := abnf.LowerString(scheme); schemes.Lookup(s).SlashPath || s == "ftp" || s == "file" {
			return "/"
		}
	}
	return m.canonical(uri.Path, p)
}

// canonical returns text, as component part, with what RFC 3986 does not
// allow percent-encoded and normalized as RFC 3986, Section 6.2.2 says: a
// path as uri.NormalizePath gives it. A query or fragment too long for
// package uri (over 2 GiB) is compared as it was written, after a NUL that
// no canonical text holds.
func (m memo) canonical(part uri.Component, text string) string {
	if s, ok := m[memoKey{part, text}]; ok {
		return s
	}
	var s string
	var err error
	switch part {
	case uri.Path:
		s, err = uri.NormalizePath(abnf.EncodeOutside(text, abnf.Path), uri.SyntaxBased)
	case uri.Query:
		s, err = normalizeQueryOrFragment(uri.Components{Query: abnf.EncodeOutside(text, abnf.Query), HasQuery: true})
	default:
		s, err = normalizeQueryOrFragment(uri.Components{Fragment: abnf.EncodeOutside(text, abnf.Query), HasFragment: true})
	}
	if err != nil {
		s = "\x00" + text
	}
	m[memoKey{part, text}] = s
	return s
}

// normalizeQueryOrFragment returns the query or the fragment of the
// reference c, the one that it has, normalized as RFC 3986, Section 6.2.2
// says.
func normalizeQueryOrFragment(c uri.Components) (string, error) {
	u, err := c.URI()
	if err != nil {
		return "", err
	}
	if u = u.NormalizeWith(uri.SyntaxBased); c.HasQuery {
		return u.Query(), nil
	}
	return u.Fragment(), nil
}

// differences lists how the readings of r differ, in the order of the
// package documentation: validity, each component, then dialing, whose
// detail ends with dialNote, if any.
func differences(r *Report, dialNote string) []Difference {
	var ds []Difference
	var ok, failed []Parser
	var keys [3]key
	m := memo{}
	for p := RFC3986; p <= NetURL; p++ {
		if rd := r.Reading(p); rd.OK() {
			ok = append(ok, p)
			keys[p] = keyOf(rd, m)
		} else {
			failed = append(failed, p)
		}
	}
	if len(ok) > 0 && len(failed) > 0 {
		ds = append(ds, Difference{"valid", "accepted by " + names(ok) + ", rejected by " + names(failed)})
	}
	aspects := []struct {
		name string
		same func(a, b *key) bool
		show func(*Reading) string
	}{
		{"scheme", func(a, b *key) bool { return a.scheme == b.scheme }, showScheme},
		{"userinfo", func(a, b *key) bool { return a.user == b.user && a.pass == b.pass }, showUserinfo},
		{"host", func(a, b *key) bool { return a.host == b.host }, showHost},
		{"port", func(a, b *key) bool { return a.port == b.port }, showPort},
		{"path", func(a, b *key) bool { return a.path == b.path }, func(r *Reading) string { return quote(r.Path) }},
		{"query", func(a, b *key) bool { return a.query == b.query }, func(r *Reading) string { return showOptional(r.Query, r.HasQuery) }},
		{"fragment", func(a, b *key) bool { return a.fragment == b.fragment }, func(r *Reading) string { return showOptional(r.Fragment, r.HasFragment) }},
	}
	for _, a := range aspects {
		// Ports are compared among the readings that have a host: without
		// one, the other difference is the host's.
		var which []Parser
		for _, p := range ok {
			if a.name != "port" || r.Reading(p).HostKind != NoHost {
				which = append(which, p)
			}
		}
		differ := false
		for _, p := range which[min(1, len(which)):] {
			differ = differ || !a.same(&keys[which[0]], &keys[p])
		}
		if differ {
			ds = append(ds, Difference{a.name, list(r, which, a.show)})
		}
	}
	if d, ok := dialDifference(r, ok, &keys, dialNote); ok {
		ds = append(ds, d)
	}
	return ds
}

// dialDifference returns the difference between the address that net/http
// dials and the host and port of each reading that succeeded, if any, with
// note in parentheses after the address.
func dialDifference(r *Report, ok []Parser, keys *[3]key, note string) (Difference, bool) {
	if r.DialErr != nil {
		return Difference{}, false
	}
	host, port, err := net.SplitHostPort(r.Dial)
	if err != nil {
		return Difference{}, false // not reached: dial joins them
	}
	dk := hostKey{kind: byName, name: abnf.LowerString(host)}
	if host == "" {
		dk = hostKey{}
	} else if a, err := netip.ParseAddr(host); err == nil {
		dk = hostKey{kind: byAddr, addr: a}
	}
	port = portNumber(port)
	var other []Parser
	for _, p := range ok {
		if keys[p].host != dk || keys[p].port != port {
			other = append(other, p)
		}
	}
	if len(other) == 0 {
		return Difference{}, false
	}
	detail := "net/http dials " + quote(r.Dial)
	if a, ok := uri.AmbiguousIPv4(host); ok && dk.kind == byName {
		detail += " (" + a.String() + " to resolvers that read numbers as inet_aton does)"
	}
	if note != "" {
		detail += " (" + note + ")"
	}
	return Difference{"dial", detail + "; " + list(r, other, func(rd *Reading) string {
		return "host " + showHost(rd) + ", port " + showPort(rd)
	})}, true
}

// names lists parsers: "rfc3986", "rfc3986 and whatwg", ...
func names(ps []Parser) string {
	s := make([]string, len(ps))
	for i, p := range ps {
		s[i] = p.String()
	}
	if len(s) < 3 {
		return strings.Join(s, " and ")
	}
	return strings.Join(s[:len(s)-1], ", ") + " and " + s[len(s)-1]
}

// list shows each parser's reading: `rfc3986 "a", whatwg "b"`.
func list(r *Report, ps []Parser, show func(*Reading) string) string {
	s := make([]string, len(ps))
	for i, p := range ps {
		s[i] = p.String() + " " + show(r.Reading(p))
	}
	return strings.Join(s, ", ")
}

// quote quotes s, only its beginning and "..." when it is long.
func quote(s string) string { return errtext.QuoteHead(s) }

func showOptional(s string, ok bool) string {
	if !ok {
		return "none"
	}
	return quote(s)
}

func showScheme(r *Reading) string { return showOptional(r.Scheme, r.Scheme != "") }

func showUserinfo(r *Reading) string {
	if !r.HasUserinfo {
		return "none"
	}
	s := "user " + quote(r.Username)
	if r.HasPassword {
		s += " password " + quote(r.Password)
	}
	return s
}

func showHost(r *Reading) string {
	if r.HostKind == NoHost {
		return "none"
	}
	return quote(r.Host) + " (" + r.HostKind.String() + ")"
}

// showPort shows the port, and the number it means when that is not the
// port as written: a default port, or leading zeros.
func showPort(r *Reading) string {
	if r.HostKind == NoHost {
		return "none"
	}
	s := showOptional(r.Port, r.HasPort)
	n := portNumber(r.Port)
	if n == "" {
		n = schemes.Lookup(r.Scheme).Port
		if n != "" {
			return s + " (default " + n + ")"
		}
	}
	if n != r.Port {
		s += " (" + n + ")"
	}
	return s
}
