package readings

import (
	"net/netip"
	"strings"

	"github.com/gouri/uri"
	"github.com/gouri/uri/internal/abnf"
	"github.com/gouri/uri/internal/errtext"
	"github.com/gouri/uri/internal/idnacheck"
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
		host:   hostKeyOf(r),
	}
	if r.HostKind != uri.HostNone {
		k.port = portNumber(r.Port)
		if k.port == "" {
			k.port = schemes.Lookup(r.Scheme).Port
		}
	}
	k.path = canonicalPath(r.Scheme, r.HostKind != uri.HostNone, r.Path, m)
	k.query = m.canonical(uri.Query, r.Query)
	k.fragment = m.canonical(uri.Fragment, r.Fragment)
	return k
}

// hostKeyOf returns the key of the host of a reading.
func hostKeyOf(r *Reading) hostKey {
	switch {
	case r.HostKind == uri.HostNone || r.HostKind == uri.HostEmpty:
		return hostKey{}
	case r.Addr.IsValid():
		return hostKey{kind: byAddr, addr: r.Addr}
	case r.HostKind == uri.HostIPvFuture:
		return hostKey{kind: byFuture, name: abnf.LowerString(r.Host)}
	}
	return hostKey{kind: byName, name: abnf.LowerString(abnf.Decode(r.Host, false))}
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

// same reports whether x and y, the keys of two readings, agree on a,
// one of the aspects of the components.
func (a Aspect) same(x, y *key) bool {
	switch a {
	case AspectScheme:
		return x.scheme == y.scheme
	case AspectUserinfo:
		return x.user == y.user && x.pass == y.pass
	case AspectHost:
		return x.host == y.host
	case AspectPort:
		return x.port == y.port
	case AspectPath:
		return x.path == y.path
	case AspectQuery:
		return x.query == y.query
	case AspectFragment:
		return x.fragment == y.fragment
	}
	return true
}

// show returns what a reading has of a, one of the aspects of the
// components, as a difference shows it.
func (a Aspect) show(r *Reading) string {
	switch a {
	case AspectScheme:
		return showOptional(r.Scheme, r.Scheme != "")
	case AspectUserinfo:
		return showUserinfo(r)
	case AspectHost:
		return showHost(r)
	case AspectPort:
		return showPort(r)
	case AspectPath:
		return quote(r.Path)
	case AspectQuery:
		return showOptional(r.Query, r.HasQuery)
	}
	return showOptional(r.Fragment, r.HasFragment)
}

// compared returns the parsers whose readings are compared on a, one of
// the aspects of the components: those that accept the input, and that
// have a host for AspectPort (without one, the difference is the host's).
func (r *Report) compared(a Aspect) Parsers {
	var ps Parsers
	for p := RFC3986; p <= NetURL; p++ {
		if rd := r.Reading(p); rd.OK() && (a != AspectPort || rd.HostKind != uri.HostNone) {
			ps = ps.With(p)
		}
	}
	return ps
}

// differences sets the keys of r and appends to ds how its readings
// differ, in the order of the Aspect constants, without their report.
func differences(r *Report, ds []Difference) []Difference {
	m := memo{}
	for p := range r.accepted.All() {
		r.keys[p] = keyOf(r.Reading(p), m)
	}
	if failed := Of(RFC3986, WHATWG, NetURL) &^ r.accepted; r.accepted != 0 && failed != 0 {
		ds = append(ds, Difference{Aspect: AspectValid, Parsers: failed})
	}
	for a := AspectScheme; a <= AspectFragment; a++ {
		which := r.compared(a)
		var first *key
		differ := false
		for p := range which.All() {
			if first == nil {
				first = &r.keys[p]
			} else {
				differ = differ || !a.same(first, &r.keys[p])
			}
		}
		if differ {
			ds = append(ds, Difference{Aspect: a, Parsers: which})
		}
	}
	if other := dialDifference(r); other != 0 {
		ds = append(ds, Difference{Aspect: AspectDial, Parsers: other})
	}
	return ds
}

// dialDifference sets the dial target's key in r and returns the
// readings that accept the input and whose host or port is not the one
// that net/http dials; none when it does not dial.
func dialDifference(r *Report) Parsers {
	if r.DialErr != nil {
		return 0
	}
	host := r.dialHost
	r.dial = hostKey{kind: byName, name: abnf.LowerString(host)}
	// net/url's reading holds what netip makes of its host, which is
	// the host dialed unless IDNA changed it.
	a, isAddr := r.NetURL.Addr, r.NetURL.Addr.IsValid()
	if host != r.NetURL.Host {
		var err error
		a, err = netip.ParseAddr(host)
		isAddr = err == nil
	}
	switch {
	case host == "":
		r.dial = hostKey{}
	case isAddr:
		r.dial = hostKey{kind: byAddr, addr: a}
	}
	r.port = portNumber(r.dialPort)
	var other Parsers
	for p := range r.accepted.All() {
		if !r.Reaches(p) {
			other = other.With(p)
		}
	}
	return other
}

// dialDetail is the text of the dial difference of the parsers ps: the
// address dialed, what resolvers and IDNA make of its host, and the host
// and port of each of ps.
func (r *Report) dialDetail(ps Parsers) string {
	detail := "net/http dials " + quote(r.Dial)
	if a, ok := uri.AmbiguousIPv4(r.dialHost); ok && r.dial.kind == byName {
		detail += " (" + a.String() + " to resolvers that read numbers as inet_aton does)"
	}
	if e := r.idna; e != nil {
		switch e.Err {
		case idnacheck.ErrLabelCount:
			detail += " (IDNA changes the number of labels of " + quote(e.Name) + ")"
		case idnacheck.ErrMapped:
			detail += " (x/net/idna accepts " + quote(e.Name) + ", whose mapped form UTS #46 refuses)"
		default:
			detail += " (IDNA drops the label " + quote(e.Label()) + " of " + quote(e.Name) + ")"
		}
	}
	return detail + "; " + list(r, ps, func(rd *Reading) string {
		return "host " + showHost(rd) + ", port " + showPort(rd)
	})
}

// Differs reports whether the report lists a difference of aspect a.
func (r *Report) Differs(a Aspect) bool {
	for _, d := range r.Differences {
		if d.Aspect == a {
			return true
		}
	}
	return false
}

// Disagree returns the parsers that accept the input and whose readings
// differ from p's on a, by the rules of the package documentation; none
// when p rejects the input or all agree with it. For AspectValid, those
// whose acceptance differs from p's; for AspectDial, p itself when its
// host or port is not what net/http dials ([Report.Reaches]).
func (r *Report) Disagree(a Aspect, p Parser) Parsers {
	rp := r.Reading(p)
	var ps Parsers
	for q := RFC3986; q <= NetURL; q++ {
		rq := r.Reading(q)
		switch {
		case q == p:
		case a == AspectValid:
			if rq.OK() != rp.OK() {
				ps = ps.With(q)
			}
		case !rp.OK() || !rq.OK() || a == AspectDial:
		case a == AspectPort && (rp.HostKind == uri.HostNone || rq.HostKind == uri.HostNone):
		case !a.same(&r.keys[p], &r.keys[q]):
			ps = ps.With(q)
		}
	}
	if a == AspectDial && rp.OK() && r.DialErr == nil && !r.Reaches(p) {
		ps = ps.With(p)
	}
	return ps
}

// Reaches reports whether reading p has the host and port that net/http
// dials: the same address, or the same name, and the same port number (the
// scheme's default when p has none). It is false when net/http does not
// dial or p rejects the input.
func (r *Report) Reaches(p Parser) bool {
	return r.DialErr == nil && r.Reading(p).OK() && r.keys[p].host == r.dial && r.keys[p].port == r.port
}

// SameTarget reports whether the readings that accept the input name the
// same target: the same scheme, host and port, which net/http, when it
// dials, dials too. Unlike Agree, it lets the readings differ in the
// userinfo, the path, the query and the fragment, and lets a parser reject
// the input.
func (r *Report) SameTarget() bool {
	for _, a := range [...]Aspect{AspectScheme, AspectHost, AspectPort, AspectDial} {
		if r.Differs(a) {
			return false
		}
	}
	return r.RFC3986.OK() || r.WHATWG.OK() || r.NetURL.OK()
}

// list shows each parser's reading: `rfc3986 "a", whatwg "b"`.
func list(r *Report, ps Parsers, show func(*Reading) string) string {
	var buf [3]string
	s := buf[:0]
	for p := range ps.All() {
		s = append(s, p.String()+" "+show(r.Reading(p)))
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
	if r.HostKind == uri.HostNone {
		return "none"
	}
	return quote(r.Host) + " (" + r.HostKind.String() + ")"
}

// showPort shows the port, and the number it means when that is not the
// port as written: a default port, or leading zeros.
func showPort(r *Reading) string {
	if r.HostKind == uri.HostNone {
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
