// Package readings reads one URL three ways and reports where the readings
// differ, for filters against server-side request forgery (SSRF): a filter
// that checks a URL with one parser and hands it to a client that reads it
// with another checks the wrong host when the two disagree.
//
// [Compare] gives, for one input:
//
//   - the components that strict RFC 3986 gives (uri.Parse of package
//     github.com/gouri/uri), or its error;
//   - those that the WHATWG URL Standard gives, as browsers read the URL
//     (whatwg.Parse of package github.com/gouri/uri/whatwg, without a base
//     URL), or its error;
//   - those that net/url gives (url.Parse), which most Go code uses, or its
//     error;
//   - the address that Go's net/http would dial for the URL (see
//     [Report.Dial]), or why it would not dial;
//   - the differences between them, each a typed [Aspect] with the parsers
//     that it concerns, and [Report.Agree].
//
// The report keeps the values that the parsers gave
// ([Report.ParsedRFC3986], [Report.ParsedWHATWG], [Report.ParsedNetURL])
// and the address dialed as values ([Report.DialHostPort]), so that a
// program that asks more of the URL than the report says reads the input
// once with each parser, as package guard does.
//
// A filter that fetches a URL only when Agree reports true never checks one
// host and fetches another, as far as these three parsers go: see the
// example. A filter that allows more asks the report, with values and
// never with the text of a difference: whether an aspect differs
// ([Report.Differs]), which readings differ from one of them on it
// ([Report.Disagree]), whether a reading has the host and port that
// net/http dials ([Report.Reaches]), and whether the readings name one
// target ([Report.SameTarget]); package guard does so.
//
// The package is before version 1: Difference.Aspect became an [Aspect]
// (it was a string), a Reading's host lost the brackets of an IP literal
// and gained its address, [Reading.Addr], and Difference.Detail became a
// method, [Difference.Detail], which writes the text when it is asked for
// (it was a field, written by Compare for every difference).
// Reading.HostKind is the module's uri.HostKind, which names the form of a
// host in each reading: the package's HostKind and its constants are gone
// (NoHost is uri.HostNone, EmptyHost uri.HostEmpty, IPv4, IPv6 and
// IPvFuture are uri.HostIPv4, uri.HostIPv6 and uri.HostIPvFuture), and
// Name, a name in any reading, is uri.HostRegName for RFC 3986 and net/url
// and uri.HostDomain or uri.HostOpaque for the URL Standard, so that a
// difference's detail says "reg-name" or "domain" where it said "name".
// ErrNoHost is the module's uri.ErrNoHost: errors.Is(r.DialErr,
// uri.ErrNoHost) holds for a URL without a host, whose DialErr still reads
// "no Host in request URL".
//
// A report is not a decision: to fetch URLs for users, use package
// github.com/gouri/uri/guard, which refuses a URL whose readings disagree
// and checks the address that is actually dialed.
//
// # Which reading for which job
//
//   - Check, compare, deduplicate, store: strict RFC 3986, what the URL is
//     (uri.Parse).
//   - Follow links the way a browser does (crawlers, HTML tools, link
//     checkers): the WHATWG URL Standard, what a browser makes of it
//     (whatwg.Parse, whatwg.Resolve).
//   - Talk to Go's HTTP stack: net/url, and what net/http dials (net/url,
//     [Compare]).
//
// # Where the readings disagree
//
// Some inputs that the readings take apart:
//
//   - "http://127.1/": RFC 3986 and net/url read the name "127.1"; the URL
//     Standard reads 127.0.0.1; net/http dials "127.1:80", which C
//     resolvers read as 127.0.0.1. "http://0x7f.1/" is the same, in
//     hexadecimal.
//   - "https:evil.com/": RFC 3986 and net/url read no host and the path
//     "evil.com/"; a browser goes to evil.com.
//   - "http://a\b@c/": a browser reads the backslash as a slash, the host
//     "a" and the path "/b@c/"; RFC 3986 and net/url reject it, and a
//     lenient reader that took "a\b" as userinfo would go to "c".
//   - "http://１２７.０.０.１/" (fullwidth digits): RFC 3986 rejects it;
//     net/url keeps the fullwidth text as a name; net/http dials
//     "127.0.0.1:80" after IDNA, and a browser reads 127.0.0.1.
//
// The command "uri readings" prints the report for each input
// (docs/command.md#readings-and-the-browsers-grammar in the module).
//
// # How components are compared
//
// Each [Reading] holds the components as its parser gives them: RFC 3986's
// as written, the URL Standard's serialized (lower case, IDNA, numbers in
// hosts read as IPv4 addresses, default ports and dot segments removed),
// net/url's as its fields and methods return them. They are compared by
// what they mean, so that spelling alone is no difference:
//
//   - scheme: without regard to ASCII case.
//   - userinfo: the username and the password, percent-decoded; no
//     userinfo is an empty username and no password (the URL Standard
//     cannot tell them apart).
//   - host: an IPv4 or IPv6 address, as the parser reads it, is compared
//     as an address ("[0::1]" and "[::1]" are the same); any other host is
//     a name, compared percent-decoded and without regard to ASCII case. A
//     name never equals an address: "127.1" is a reg-name to RFC 3986 and
//     a name to net/url, but the address 127.0.0.1 to the URL Standard, and
//     that is a difference. IDNA is not applied either: net/url's host
//     "bücher.example" differs from the URL Standard's
//     "xn--bcher-kva.example", because code that checks the first is not
//     checking the name that is looked up. No host and an empty host are
//     the same: neither names a machine.
//   - port: the number, leading zeros aside, or the scheme's default port
//     when there is none or it is empty (80 for http, 443 for https, ...),
//     for the readings that have a host.
//   - path, query and fragment: as RFC 3986, Section 6.2.2 compares them,
//     after percent-encoding what RFC 3986 does not allow raw (a space, a
//     "#" in a fragment, ...): percent-encodings of unreserved characters
//     decoded, hexadecimal digits in upper case, dot segments removed. An
//     empty path with a host is "/" for the schemes where RFC 9110 and
//     RFC 6455 say so (http, https, ws, wss), and for ftp and file, which
//     the URL Standard always gives a path. So "/a/../b" and "/b" agree,
//     and "/a%2Fb" and "/a/b" do not. A missing query or fragment equals an
//     empty one: net/url cannot keep an empty fragment.
//
// Only readings that accept the input are compared; which parsers accept
// it is a difference of its own. Last, when net/http dials, the address it
// dials is compared with the host and port of each reading, by the same
// rules: the address comes out of IDNA, and a name that IDNA maps to
// "127.0.0.1" is dialed as that address.
//
// # Why a package of its own
//
// The comparison belongs to none of the three parsers: package whatwg
// implements one standard (its ToURI is its one bridge to RFC 3986), package
// uri never imports a lenient reading, and the dialing rules are net/http's
// and net/url's. This package imports all of them and adds no parser.
//
// It follows net/http and net/url of the Go release it is built with; what
// it reports for net/url and for dialing changes when they do.
//
// # What this package does not do
//
// Agreement is about parsing only. It does not resolve names: a name can
// resolve to a private or loopback address, so a filter must also check the
// address it connects to (net.Dialer's Control function sees it). It does
// not follow redirects: each target must be checked again
// (http.Client.CheckRedirect). It assumes no proxy: with one (HTTP_PROXY,
// Transport.Proxy), net/http dials the proxy and the proxy reads the URL.
package readings

import (
	"errors"
	"fmt"
	"iter"
	"net"
	"net/netip"
	"net/url"
	"strconv"
	"strings"

	"github.com/gouri/uri"
	"github.com/gouri/uri/internal/abnf"
	"github.com/gouri/uri/internal/idnacheck"
	"github.com/gouri/uri/internal/schemes"
	"github.com/gouri/uri/whatwg"
)

// Parser names one of the three readings.
type Parser uint8

// The parsers, in the order of a [Report].
const (
	RFC3986 Parser = iota // uri.Parse: strict RFC 3986
	WHATWG                // whatwg.Parse: the WHATWG URL Standard, as browsers read URLs
	NetURL                // url.Parse of net/url
)

var parserNames = [...]string{"rfc3986", "whatwg", "neturl"}

// String returns "rfc3986", "whatwg" or "neturl".
func (p Parser) String() string {
	if int(p) < len(parserNames) {
		return parserNames[p]
	}
	return "parser(" + strconv.Itoa(int(p)) + ")"
}

// Parsers is a set of parsers, a value that does not allocate.
type Parsers uint8

// Of returns the set of the parsers ps.
func Of(ps ...Parser) Parsers {
	var s Parsers
	for _, p := range ps {
		s = s.With(p)
	}
	return s
}

// With returns s with p added.
func (s Parsers) With(p Parser) Parsers { return s | 1<<p }

// Has reports whether p is in s.
func (s Parsers) Has(p Parser) bool { return s&(1<<p) != 0 }

// All returns an iterator over the parsers of s, in the order of the
// Parser constants.
func (s Parsers) All() iter.Seq[Parser] {
	return func(yield func(Parser) bool) {
		for p := RFC3986; p <= NetURL; p++ {
			if s.Has(p) && !yield(p) {
				return
			}
		}
	}
}

// String lists the parsers of s: "rfc3986", "rfc3986 and whatwg",
// "rfc3986, whatwg and neturl", or "none".
func (s Parsers) String() string {
	var buf [3]string
	names := buf[:0]
	for p := range s.All() {
		names = append(names, p.String())
	}
	switch len(names) {
	case 0:
		return "none"
	case 1, 2:
		return strings.Join(names, " and ")
	}
	return strings.Join(names[:len(names)-1], ", ") + " and " + names[len(names)-1]
}

// Reading is what one parser makes of the input: its error, or the
// components as that parser gives them.
//
// For RFC 3986 they are as written (uri.URI's accessors, Hostname for the
// host). For the URL Standard they are the getters' values without their
// delimiters (Scheme, Username, Password, Hostname, Port, Pathname, Query
// and Fragment of whatwg.URL). For net/url they are Scheme, User.Username
// and User.Password (decoded, unlike the others), Hostname (decoded), Port,
// the path as it is sent (EscapedPath, or Opaque when there is one),
// RawQuery and EscapedFragment. No reading's host has the brackets of an
// IP literal; an address is also in Addr, as the parser read it. net/url
// records no empty authority: its reading has an empty host when Host is empty and the URL has a user or a scheme and a
// path that begins with "/" written after "//".
//
// HostKind is the form of the host as the parser reads it, in the module's
// one vocabulary of hosts: uri.HostNone without a host, uri.HostEmpty for
// an empty one (also RFC 3986's empty reg-name), uri.HostIPv4 and
// uri.HostIPv6 for an address; and for a name, RFC 3986's reg-name or
// IPvFuture, the URL Standard's domain or opaque host, and
// uri.HostRegName for a net/url host that is no address. Each reading
// reads an address where netip.ParseAddr would in its host, so a name is
// none, but for the URL Standard's opaque host of a scheme that is not
// special ("foo://127.0.0.1/").
type Reading struct {
	Err error // the parser's error (a *uri.Error, or net/url's *url.Error); the other fields are zero when it is set

	Scheme      string // "" when there is none (a relative reference)
	HasUserinfo bool
	Username    string
	HasPassword bool
	Password    string
	HostKind    uri.HostKind
	Host        string     // "" for uri.HostNone and uri.HostEmpty; an IP literal without its brackets ("::1", "v7.x")
	Addr        netip.Addr // the address of an IPv4 or IPv6 host; the zero Addr for the other kinds
	HasPort     bool       // a ":" after the host, even with no digits after it
	Port        string
	Path        string
	HasQuery    bool
	Query       string
	HasFragment bool
	Fragment    string
}

// OK reports whether the parser accepted the input.
func (r *Reading) OK() bool { return r.Err == nil }

// Aspect is what a [Difference] is about.
type Aspect uint8

// The aspects, in the order of a report's differences.
const (
	AspectValid    Aspect = iota // some parsers accept the input and others do not
	AspectScheme                 // the scheme
	AspectUserinfo               // the username and the password
	AspectHost                   // the host
	AspectPort                   // the port, or the scheme's default port
	AspectPath                   // the path
	AspectQuery                  // the query
	AspectFragment               // the fragment
	AspectDial                   // net/http dials another host or port than a reading has
)

var aspectNames = [...]string{"valid", "scheme", "userinfo", "host", "port", "path", "query", "fragment", "dial"}

// String returns the aspect's name: "valid", "scheme", "userinfo", "host",
// "port", "path", "query", "fragment" or "dial".
func (a Aspect) String() string {
	if int(a) < len(aspectNames) {
		return aspectNames[a]
	}
	return "aspect(" + strconv.Itoa(int(a)) + ")"
}

// Difference is one way in which the readings of an input differ.
type Difference struct {
	Aspect Aspect
	// Parsers are the parsers that the difference concerns: for
	// AspectValid, those that reject the input; for AspectDial, those
	// whose host or port is not what net/http dials; for the other
	// aspects, those whose readings were compared (the ones that accept
	// the input, and that have a host for AspectPort), which do not all
	// agree.
	Parsers Parsers

	report *Report // what Compare found, for Detail; shared by a report's differences
}

// Detail lists what each parser that accepted the input has, as it gives
// it, quoted as Go quotes strings, for example
//
//	rfc3986 "127.1" (reg-name), whatwg "127.0.0.1" (IPv4), neturl "127.1" (reg-name)
//
// A value longer than 256 bytes is shown by its beginning and "...". The
// text is for people: programs ask the Report (Differs, Disagree, Reaches,
// SameTarget). It is written from the readings as Compare made them, when
// asked: each call allocates it anew. A Difference that Compare did not
// make, the zero Difference among them, gives "".
func (d Difference) Detail() string {
	r := d.report
	switch {
	case r == nil:
		return ""
	case d.Aspect == AspectValid:
		return "accepted by " + r.accepted.String() + ", rejected by " + d.Parsers.String()
	case d.Aspect == AspectDial:
		return r.dialDetail(d.Parsers)
	}
	return list(r, d.Parsers, d.Aspect.show)
}

// String returns the aspect and the detail: "host: rfc3986 ...".
func (d Difference) String() string { return d.Aspect.String() + ": " + d.Detail() }

// Report is the three readings of one input, the address net/http dials
// for it, and their differences.
type Report struct {
	Input string
	// The readings, in the order of the Parser constants.
	RFC3986, WHATWG, NetURL Reading

	// Dial is the address, host:port, that net/http's Transport passes to
	// its dialer for the input (without a proxy), or "" when it would not
	// dial, with the reason in DialErr. net/http.NewRequest reads the input
	// with url.Parse; the Transport refuses other schemes than "http" and
	// "https" and a URL without a host (an empty Host field); otherwise
	// it dials Hostname(), through IDNA (idna.Lookup.ToASCII) when it is
	// not ASCII, kept as it is when IDNA fails, and the port, or 80 for
	// http and 443 for https. The dialer then refuses an address that does
	// not split into host and port again, and a port above 65535; those
	// are reported here as a DialErr too. IDNA can drop a label that UTS
	// #46 calls an error (a bare "xn--": "évil.xn--" is dialed as
	// "xn--vil-9la."); the "dial" difference then says so.
	//
	// A name is resolved by the system: resolvers that read numbers as
	// inet_aton does (the C library's) take the name "127.1" for
	// 127.0.0.1. An empty host (":80") and an unspecified address
	// ("0.0.0.0:80") are the local system to Go's dialer.
	Dial    string
	DialErr error

	Differences []Difference

	// The values that the parsers gave, for ParsedRFC3986, ParsedWHATWG
	// and ParsedNetURL, and the set of the parsers that gave one.
	uri      uri.URI
	url      whatwg.URL
	netURL   *url.URL
	accepted Parsers

	keys     [3]key // what each reading that succeeded means
	dial     hostKey
	dialHost string // the host of Dial, without brackets
	dialPort string // the port of Dial, as written
	port     string // the port that net/http dials, without leading zeros
	// idna is why IDNA gave net/http a name with other labels than the
	// host, or nil; the dial difference says so.
	idna *idnacheck.Error
}

// ParsedRFC3986 returns the URI that uri.Parse gave for the input, and
// true; or the zero URI and false when it rejected the input (the error is
// in r.RFC3986.Err). The report keeps the value it read, so the input
// needs no second parse; it does not allocate.
func (r *Report) ParsedRFC3986() (uri.URI, bool) {
	return r.uri, r.accepted.Has(RFC3986)
}

// ParsedWHATWG returns the URL that whatwg.Parse gave for the input, and
// true; or the zero URL and false when it rejected the input (the error is
// in r.WHATWG.Err). It does not allocate.
func (r *Report) ParsedWHATWG() (whatwg.URL, bool) {
	return r.url, r.accepted.Has(WHATWG)
}

// ParsedNetURL returns a copy of the URL that url.Parse of net/url gave
// for the input, and true; or the zero url.URL and false when it rejected
// the input (the error is in r.NetURL.Err). The copy is the caller's to
// change: the report's own stays as it was. It does not allocate.
func (r *Report) ParsedNetURL() (url.URL, bool) {
	if r.netURL == nil {
		return url.URL{}, false
	}
	return *r.netURL, true
}

// DialHostPort returns [Report.Dial] as values: its host and port, as
// net.SplitHostPort gives them (the host without the brackets of an IPv6
// address, the port as written), and the host's address when it is an IP
// address (the zero netip.Addr for a name or the empty host). When net/http
// does not dial, it returns "", "" and the zero Addr. It does not allocate.
func (r *Report) DialHostPort() (host, port string, addr netip.Addr) {
	return r.dialHost, r.dialPort, r.dial.addr
}

// Agree reports whether all three parsers accept the input and the report
// lists no difference: the components mean the same to each, and net/http,
// when it dials, dials the host and port that they name.
func (r *Report) Agree() bool {
	return r.RFC3986.OK() && r.WHATWG.OK() && r.NetURL.OK() && len(r.Differences) == 0
}

// Reading returns the reading of parser p.
func (r *Report) Reading(p Parser) *Reading {
	switch p {
	case RFC3986:
		return &r.RFC3986
	case WHATWG:
		return &r.WHATWG
	}
	return &r.NetURL
}

// Errors of dialing, in [Report.DialErr]: net/http's reasons not to dial,
// and the dialer's. A URL without a host gives the module's uri.ErrNoHost,
// in net/http's words: "no Host in request URL".
var (
	// ErrUnsupportedScheme: the scheme is neither "http" nor "https".
	ErrUnsupportedScheme = errors.New("unsupported protocol scheme")
	// ErrInvalidPort: the port is above 65535, which the dialer refuses.
	ErrInvalidPort = errors.New("invalid port")
	// ErrInvalidAddress: the host:port that net/http makes does not split
	// into a host and a port again, which the dialer refuses: net/url
	// accepts hosts such as "]" that net.JoinHostPort does not bracket.
	ErrInvalidAddress = errors.New("invalid address")
	// ErrHostTooLong: the host is not ASCII and has a label longer than
	// 255 bytes in a host longer than 4,096 bytes. IDNA's Punycode takes
	// time quadratic in the length of a label, so Compare does not run it;
	// the name would fail IDNA's DNS length check anyway.
	ErrHostTooLong = errors.New("host too long for IDNA")
)

// errNoHost is net/http's reason not to dial a URL without a host
// ("http: no Host in request URL"): uri.ErrNoHost, in its words.
var errNoHost error = &worded{"no Host in request URL", uri.ErrNoHost}

// worded is an error that words a sentinel of the module as the program
// that Compare stands for words it.
type worded struct {
	text string
	err  error
}

func (e *worded) Error() string { return e.text }
func (e *worded) Unwrap() error { return e.err }

// Compare reads input with the three parsers, works out the address that
// net/http dials, and lists the differences; see the package documentation
// for the rules. It does not resolve names or connect to anything.
//
// It allocates what the three parsers allocate, the address dialed, and,
// to compare them, one encoded and normalized copy of each distinct path,
// query and fragment that is not already in normal form; when the
// readings differ, one block for the differences and the copy of the
// report from which their Detail is written. It runs in time linear in the
// length of input, except that a non-ASCII host is given to IDNA only as
// package whatwg does (see ErrHostTooLong).
func Compare(input string) Report {
	r := Report{Input: input}
	if u, err := uri.Parse(input); err != nil {
		r.RFC3986.Err = err
	} else {
		r.RFC3986, r.uri = fromURI(u), u
		r.accepted = r.accepted.With(RFC3986)
	}
	if u, err := whatwg.Parse(input); err != nil {
		r.WHATWG.Err = err
	} else {
		r.WHATWG, r.url = fromWHATWG(u), u
		r.accepted = r.accepted.With(WHATWG)
	}
	v, err := url.Parse(input)
	if err != nil {
		r.NetURL.Err = err
	} else {
		r.NetURL, r.netURL = fromNetURL(v), v
		r.accepted = r.accepted.With(NetURL)
	}
	r.setDial(v, err)
	var buf [AspectDial + 1]Difference
	if ds := differences(&r, buf[:0]); len(ds) > 0 {
		keep(&r, ds)
	}
	return r
}

// withDifferences is a copy of a report and room for its differences,
// allocated together.
type withDifferences struct {
	report Report
	diffs  [AspectDial + 1]Difference
}

// keep gives r the differences ds, which point to one copy of r from which
// their Detail is written, whatever the caller does to r.
func keep(r *Report, ds []Difference) {
	w := &withDifferences{report: *r}
	n := copy(w.diffs[:], ds)
	for i := range w.diffs[:n] {
		w.diffs[i].report = &w.report
	}
	r.Differences = w.diffs[:n:n]
	w.report.Differences = r.Differences
}

// fromURI is the RFC 3986 reading.
func fromURI(u uri.URI) Reading {
	r := Reading{
		Scheme: u.Scheme(), HasUserinfo: u.HasUserinfo(), Username: u.Username(),
		Host: u.Hostname(), HasPort: u.HasPort(), Port: u.Port(), Path: u.Path(),
		HasQuery: u.HasQuery(), Query: u.Query(), HasFragment: u.HasFragment(), Fragment: u.Fragment(),
	}
	r.Password, r.HasPassword = u.Password()
	r.Addr, _ = u.HostAddr()
	if r.HostKind = u.HostKind(); r.HostKind == uri.HostRegName && r.Host == "" {
		r.HostKind = uri.HostEmpty
	}
	return r
}

// fromWHATWG is the URL Standard's reading.
func fromWHATWG(u whatwg.URL) Reading {
	r := Reading{
		Scheme: u.Scheme(), Username: u.Username(), Password: u.Password(),
		Host: u.Hostname(), Port: u.Port(), Path: u.Pathname(),
		HasQuery: u.HasQuery(), Query: u.Query(), HasFragment: u.HasFragment(), Fragment: u.Fragment(),
	}
	r.HasUserinfo = r.Username != "" || r.Password != ""
	r.HasPassword = r.Password != ""
	r.HasPort = r.Port != ""
	r.Addr = u.Addr()
	if r.HostKind = u.HostKind(); r.HostKind == uri.HostIPv6 {
		r.Host = r.Host[1 : len(r.Host)-1] // the hostname getter writes "[" and "]" (section 3.6)
	}
	return r
}

// fromNetURL is net/url's reading.
func fromNetURL(v *url.URL) Reading {
	r := Reading{
		Scheme: v.Scheme, Host: v.Hostname(), Port: v.Port(),
		HasQuery: v.ForceQuery || v.RawQuery != "", Query: v.RawQuery,
		HasFragment: v.Fragment != "", Fragment: v.EscapedFragment(),
	}
	if v.User != nil {
		r.HasUserinfo = true
		r.Username = v.User.Username()
		r.Password, r.HasPassword = v.User.Password()
	}
	r.HasPort = r.Port != "" || strings.HasSuffix(v.Host, ":")
	r.Path = v.EscapedPath()
	if v.Opaque != "" {
		r.Path = v.Opaque
	}
	switch {
	case r.Host != "":
		r.HostKind = uri.HostRegName
		if a, err := netip.ParseAddr(r.Host); err == nil {
			r.HostKind, r.Addr = uri.HostIPv6, a
			if a.Is4() {
				r.HostKind = uri.HostIPv4
			}
		}
	case v.Host != "" || v.User != nil ||
		v.Scheme != "" && v.Opaque == "" && !v.OmitHost && strings.HasPrefix(v.Path, "/"):
		r.HostKind = uri.HostEmpty
	}
	return r
}

// setDial sets the address that net/http dials for v, the result of
// url.Parse with error err, its host and port, and why IDNA turned the
// host into a name with other labels, if it did; or why net/http does not
// dial, in DialErr.
func (r *Report) setDial(v *url.URL, err error) {
	if err != nil {
		r.DialErr = err
		return
	}
	if v.Scheme != "http" && v.Scheme != "https" {
		r.DialErr = fmt.Errorf("%w %s", ErrUnsupportedScheme, quote(v.Scheme))
		return
	}
	// http.NewRequest drops a ":" with no port after it; the Transport
	// then needs a Host.
	if strings.TrimSuffix(v.Host, ":") == "" {
		r.DialErr = errNoHost
		return
	}
	port := v.Port()
	if port == "" {
		port = schemes.Lookup(v.Scheme).Port
	}
	host := v.Hostname()
	if !abnf.IsASCII(host) {
		// net/http calls x/net/idna without the checks of package
		// idnacheck, so a name that loses a label through IDNA, or whose
		// mapped form fails the Bidi rule, is dialed as IDNA gives it, and
		// the dial difference says so.
		a, err := idnacheck.Lookup.ToASCII(host)
		var e *idnacheck.Error
		switch {
		case errors.Is(err, idnacheck.ErrTooLong):
			r.DialErr = ErrHostTooLong
			return
		case errors.As(err, &e):
			host, r.idna = a, e
		case err == nil:
			host = a
		}
	}
	addr := net.JoinHostPort(host, port)
	// What the dialer checks before it resolves anything: that the address
	// splits into a host and a port again, and the port's range.
	h, p, err := net.SplitHostPort(addr)
	if err != nil {
		r.DialErr, r.idna = fmt.Errorf("%w: %v", ErrInvalidAddress, err), nil
		return
	}
	if n, err := strconv.ParseUint(port, 10, 16); err != nil || n > 65535 {
		r.DialErr, r.idna = fmt.Errorf("%w %s", ErrInvalidPort, quote(port)), nil
		return
	}
	r.Dial, r.dialHost, r.dialPort = addr, h, p
}
