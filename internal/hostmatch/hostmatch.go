// Package hostmatch is the one matcher of host patterns of the module: the
// grammar of a pattern, the rule on wildcards over a public suffix, the
// compiled set and its match. Package guard compiles Policy.OnlyHosts with
// it (its HostList), package origin the hosts of an Allowlist's entries, so
// that a pattern means the same in both.
//
// # Patterns
//
// A pattern is one of
//
//   - a host, in any spelling that the URL Standard's host parser reads for
//     a special URL (section 3.5): a domain in any case, in Unicode or in
//     A-labels (domain to ASCII, section 3.3: "Bücher.example" is
//     "xn--bcher-kva.example", "a。example" is "a.example"); an IPv4
//     address in any form that its IPv4 parser reads ("8.8.8.8",
//     "0x8080808", "8.526344"); an IPv6 address, with or without brackets
//     ("[2001:db8::1]", "2001:db8::1");
//   - "*." and a domain: every name under the domain, at any depth
//     ("a.example.com" and "a.b.example.com" for "*.example.com"), never
//     the domain itself, and never a name that merely ends in its text
//     ("aexample.com").
//
// The URL Standard's host parser decides what a host is, and its
// serialization (section 3.6: lower-case A-labels, an IPv4 address in
// dotted decimal, an IPv6 address in brackets, compressed) is the form in
// which hosts are compared, without regard to one final "."
// ("example.com." and "example.com" name one node of the DNS, RFC 1034,
// Section 3.1). The match takes a host in that form, as
// whatwg.URL.Hostname returns it.
//
// Beyond what the host parser refuses, a pattern may not hold a port
// ("example.com:443"), a path, query or fragment, a userinfo, a
// percent-encoding (a person writes a pattern, and "%2A" would hide a
// "*"), a tab or a newline (which the URL parser would remove), nor a "*"
// anywhere but in the leading "*." (also one that IDNA maps to "*", as it
// does "＊"), nor name a domain with an empty label ("a..example.com"),
// which no name of the DNS has. The domain of a wildcard must be a name,
// not an address, and
// must not be a public suffix (Public Suffix List, both its ICANN and its
// private section, and its rule "*" by which an unlisted top-level domain
// is one): "*.com", "*.co.uk", "*.github.io" and "*.internal" are refused,
// since each name under a public suffix may be another party's. That is
// the question that package site answers for a registrable domain, asked
// here of the name under the wildcard. Options.AllowPublicSuffixWildcard
// allows them, for a private deployment under a suffix of its own.
//
// # Errors
//
// A pattern that is none of these is an [*Error]: the offset of the fault
// in the pattern, and what is wrong in plain words. The offset follows the
// module's rule (the first byte that no pattern may hold there), with the
// convention of package whatwg for a fault of the host as a whole (an
// IPv4 address out of range, a domain that IDNA refuses, a wildcard over a
// public suffix or an address): the offset of the host's first byte, after
// "*.". A fault that the URL Standard's parser finds carries its
// *uri.Error, which [Error.In] rewrites to be about the caller's input.
//
// # Cost
//
// A [Set] is compiled once: a map of the exact hosts, and a map of the
// wildcards' domains with the lengths they have. Match costs one look-up
// of the host and, for each of those lengths, a look at the byte before
// the host's end of that length and a look-up of the end when the byte is
// a "."; it allocates nothing.
package hostmatch

import (
	"strings"

	"github.com/gouri/uri"
	"github.com/gouri/uri/internal/abnf"
	"github.com/gouri/uri/internal/errtext"
	"github.com/gouri/uri/site"
	"github.com/gouri/uri/whatwg"
)

// Options change which patterns Parse accepts.
type Options struct {
	// AllowPublicSuffixWildcard accepts a wildcard whose domain is a public
	// suffix ("*.com", "*.internal"). Risk: every name under it, which
	// anyone may register, matches.
	AllowPublicSuffixWildcard bool
}

// Pattern is a host pattern read by [Parse]: the host as the URL Standard
// serializes it, without a final ".", and whether it is a wildcard, for
// which Host is the domain under which every name matches.
type Pattern struct {
	Host     string
	Wildcard bool
}

// Error is the fault of a pattern that Parse refuses.
type Error struct {
	Offset int    // the byte offset of the fault in the pattern (see the package documentation)
	Detail string // what is wrong, in plain words

	// cause is the URL Standard's error, about the text that Parse gave
	// its parser.
	cause *uri.Error
}

// In returns the offset of the fault in input, a text in which the pattern
// begins at the byte offset at (0 for the pattern itself), and the cause
// of the fault about input: a copy of the URL Standard's *uri.Error with
// Input and Offset rewritten, or nil when the fault is not the parser's.
func (e *Error) In(input string, at int) (off int, cause error) {
	if e.cause == nil {
		return at + e.Offset, nil
	}
	c := *e.cause
	c.Input, c.Offset = input, at+e.Offset
	return c.Offset, &c
}

// Parse reads one pattern (see the package documentation). It allocates
// the serialized host when the pattern is not already in that form, and on
// error an *Error and its words.
func Parse(pattern string, o Options) (Pattern, *Error) {
	rest, wildcard := strings.CutPrefix(pattern, "*.")
	at := len(pattern) - len(rest)
	if e := scan(pattern, at); e != nil {
		return Pattern{}, e
	}
	host, e := parseHost(pattern, at)
	if e != nil {
		return Pattern{}, e
	}
	if strings.IndexByte(host.Hostname(), '*') >= 0 { // a "＊" that IDNA mapped
		return Pattern{}, fault(at, "IDNA maps the host to "+quote(host.Hostname())+`, and a wildcard is "*." at the start of a pattern`)
	}
	p := Pattern{Host: strings.TrimSuffix(host.Hostname(), "."), Wildcard: wildcard}
	if host.HostKind() == uri.HostDomain && emptyLabel(p.Host) {
		return Pattern{}, fault(at, "the domain "+quote(host.Hostname())+" has an empty label, which no name of the DNS has")
	}
	if wildcard {
		if e := checkWildcard(p.Host, host.HostKind(), at, o); e != nil {
			return Pattern{}, e
		}
	}
	return p, nil
}

// scan finds the bytes that no pattern may hold where they are, in
// pattern, whose host begins at the offset at: those that the URL
// Standard's parser would read as the end of the host or would remove,
// a percent-encoding and a "*" after the leading "*.".
func scan(pattern string, at int) *Error {
	if at == 0 && strings.HasPrefix(pattern, "*") {
		return fault(1, `a wildcard is "*." and a domain`)
	}
	rest := pattern[at:]
	colon := strings.IndexByte(rest, ':')
	for i := 0; i < len(rest); i++ {
		why := ""
		switch rest[i] {
		case '/', '?', '#', '\\':
			why = "a host pattern has no path, query or fragment"
		case '@':
			why = "a host pattern has no userinfo"
		case '%':
			why = "a host pattern has no percent-encoding: write the host as it is"
		case '*':
			why = `a wildcard is "*." at the start of a pattern`
		case '\t', '\n', '\r':
			why = "a host pattern has no tab or newline"
		case ':':
			if !port(rest, i, i == colon) {
				continue
			}
			why = "a host pattern has no port"
		default:
			continue
		}
		return fault(at+i, why)
	}
	return nil
}

// port reports whether the ":" at rest[i] begins a port: it follows an
// IPv6 address in brackets, or it is the first ":" and what comes before
// it begins no IPv6 address (whose pattern may go without brackets).
func port(rest string, i int, first bool) bool {
	if rest[0] == '[' {
		return rest[i-1] == ']'
	}
	if !first {
		return false
	}
	if i > 4 {
		return true
	}
	for j := 0; j < i; j++ {
		if !abnf.IsHex(rest[j]) {
			return true
		}
	}
	return false
}

// parseHost reads the host of pattern, which begins at the offset at, with
// the URL Standard's parser: as the host of "http://HOST/", in brackets
// when it is an IPv6 address without them. The "/" keeps the parser from
// stripping trailing spaces and controls as it strips those of a URL.
func parseHost(pattern string, at int) (whatwg.URL, *Error) {
	rest, prefix := pattern[at:], "http://"
	if strings.IndexByte(rest, ':') >= 0 && !strings.HasPrefix(rest, "[") {
		prefix += "["
		rest += "]"
	}
	u, err := whatwg.Parse(prefix + rest + "/")
	if err == nil {
		return u, nil
	}
	ue, ok := err.(*uri.Error)
	if !ok { // not reached: whatwg's errors are *uri.Error
		return whatwg.URL{}, fault(at, "the URL Standard rejects the host: "+err.Error())
	}
	// The offset in the pattern, within the host: the added "[" and "]"
	// are no bytes of the pattern.
	off := min(max(ue.Offset-len(prefix), 0)+at, len(pattern))
	why := ue.Err.Error()
	if k, ok := ue.Err.(whatwg.Kind); ok {
		why += " (" + k.Describe(ue.Input, ue.Offset) + ")"
	}
	e := fault(off, "the URL Standard rejects the host: "+why)
	e.cause = ue
	return whatwg.URL{}, e
}

// checkWildcard checks the domain of a wildcard, d, of the kind k, whose
// text begins at the offset at of the pattern.
func checkWildcard(d string, k uri.HostKind, at int, o Options) *Error {
	if k != uri.HostDomain {
		return fault(at, "a wildcard stands for names under a domain, not an address")
	}
	if _, ok := site.RegistrableDomain(d); ok {
		return nil
	}
	// A public suffix is a name whose children have registrable domains:
	// themselves.
	if _, ok := site.RegistrableDomain("a." + d); !ok {
		return fault(at, "the domain of a wildcard is a name of the DNS, and "+quote(d)+" holds a byte that no name holds")
	}
	if o.AllowPublicSuffixWildcard {
		return nil
	}
	return fault(at, quote(d)+" is a public suffix: each name under it may be another party's")
}

// emptyLabel reports whether the domain d, without its final ".", has an
// empty label.
func emptyLabel(d string) bool {
	return d == "" || d[0] == '.' || d[len(d)-1] == '.' || strings.Contains(d, "..")
}

// fault returns the *Error at the offset off.
func fault(off int, detail string) *Error { return &Error{Offset: off, Detail: detail} }

// quote quotes s, only its beginning when it is long.
func quote(s string) string { return errtext.QuoteHead(s) }
