package origin

import (
	"strconv"
	"strings"

	"github.com/gouri/uri"
	"github.com/gouri/uri/guard"
	"github.com/gouri/uri/internal/abnf"
	"github.com/gouri/uri/internal/schemes"
	"github.com/gouri/uri/site"
	"github.com/gouri/uri/whatwg"
)

// Allowlist is a set of origins (RFC 6454, Section 3.2) that a server
// trusts: to be sent to by [Redirect], or to read its responses
// ([Allowlist.CheckOrigin]). It is built once by [NewAllowlist] and is safe
// for use by several goroutines. A nil *Allowlist holds no origin.
type Allowlist struct {
	exact []tuple
	wild  []tuple // host is the domain under which every name is allowed
	null  bool
	any   bool
}

// tuple is an origin: the scheme, the host as the URL Standard serializes
// it (section 3.6: lower-case A-labels, an IPv6 address in brackets), and
// the port, the scheme's default port when the URL has none.
type tuple struct {
	scheme string
	host   string
	port   uint16
}

// Options allow the two origins that an allowlist holds only on request.
type Options struct {
	// AllowNull allows the opaque origin "null" in CheckOrigin. Risk: a
	// browser sends "null" for sandboxed documents, data: and file: URLs
	// and redirects across origins, which anyone can make it do, so this
	// trusts every site.
	AllowNull bool
	// AllowAny allows every http and https origin, as CORS's "*" does.
	// Risk: in Redirect, it makes an open redirect of every target that is
	// http or https and has no credentials.
	AllowAny bool
}

// NewAllowlist returns the allowlist of entries, each an origin in the form
// that RFC 6454, Section 6.2 serializes, with a wildcard allowed:
//
//	https://example.com         the origin itself
//	https://example.com:8443    another port: ports are compared exactly
//	http://[2001:db8::1]:8080   an IP address
//	https://*.example.com       every origin of a name under example.com,
//	                            at any depth, but not example.com itself
//	https://bücher.example      an internationalized name, kept in A-labels
//
// The scheme is http or https; the host and port are read by the URL
// Standard's host parser (section 3.5), so "HTTPS://Example.COM:443"
// allows the same origin as "https://example.com". An entry may not have a
// userinfo, a path (not even "/"), a query or a fragment. A wildcard stands
// for whole labels before a registrable domain: "*.com", "*.co.uk" and
// "*.github.io" are refused, since each name under a public suffix may be
// another party's (see package github.com/gouri/uri/site). "null" and "*"
// are refused as entries: set Options.AllowNull or Options.AllowAny.
//
// A bad entry is a fault of the configuration, not a refusal of a
// request: on error NewAllowlist returns nil and a *uri.Error, the
// module's error for text that it reads, with Op uri.OpParse, Name
// "allowlist", the entry as Input, the offset in it of the fault (or
// uri.NoOffset), Err [ErrBadEntry] and what is wrong in Detail; when the
// URL Standard's parser rejects the host or port, its *uri.Error is the
// Cause, so that errors.Is finds its whatwg.Kind too:
//
//	uri: parse allowlist: invalid entry ("com" is a public suffix: each name under it may be another party's) at offset 10 of "https://*.com"
//
// It allocates the list and, for each entry, its host.
func NewAllowlist(entries []string, o Options) (*Allowlist, error) {
	a := &Allowlist{null: o.AllowNull, any: o.AllowAny}
	for _, e := range entries {
		t, wild, err := parseEntry(e)
		if err != nil {
			return nil, err
		}
		if wild {
			a.wild = append(a.wild, t)
		} else {
			a.exact = append(a.exact, t)
		}
	}
	return a, nil
}

// parseEntry reads one entry of an allowlist.
func parseEntry(e string) (t tuple, wild bool, err error) {
	fail := func(off int, detail string) (tuple, bool, error) {
		return tuple{}, false, badEntry(e, off, detail, nil)
	}
	switch e {
	case "null":
		return fail(0, `"null" is allowed by Options.AllowNull, not as an entry`)
	case "*":
		return fail(0, `"*" is allowed by Options.AllowAny, not as an entry`)
	}
	scheme, rest, ok := strings.Cut(e, "://")
	if !ok || !abnf.EqualFold(scheme, "http") && !abnf.EqualFold(scheme, "https") {
		return fail(0, `an entry begins with "http://" or "https://"`)
	}
	at := len(scheme) + 3
	if i := strings.IndexAny(rest, "/?#\\"); i >= 0 {
		return fail(at+i, "an origin has no path, query or fragment")
	}
	if i := strings.IndexByte(rest, '@'); i >= 0 {
		return fail(at+i, "an origin has no userinfo")
	}
	if after, ok := strings.CutPrefix(rest, "*."); ok {
		wild, rest, at = true, after, at+2
	}
	if i := strings.IndexByte(rest, '*'); i >= 0 {
		return fail(at+i, `a wildcard is "*." at the start of the host`)
	}
	u, perr := whatwg.Parse(scheme + "://" + rest)
	if perr != nil {
		off, why := uri.NoOffset, perr.Error()
		if we, ok := perr.(*uri.Error); ok {
			if we.Offset > len(scheme)+3 {
				we.Offset += at - len(scheme) - 3 // an offset in e, past the "*." that was cut
				we.Input = e
			}
			if we.Input == e {
				off = we.Offset
			}
			why = we.Err.Error()
			if k, ok := we.Err.(whatwg.Kind); ok {
				why += " (" + k.Describe(we.Input, we.Offset) + ")"
			}
		}
		return tuple{}, false, badEntry(e, off, "the URL Standard rejects the host or port: "+why, perr)
	}
	t = tupleOf(u)
	if wild {
		if u.HostKind() != whatwg.HostDomain {
			return fail(at, "a wildcard stands for names under a domain, not an address")
		}
		if _, ok := site.RegistrableDomain(t.host); !ok {
			return fail(at, quote(t.host)+" is a public suffix: each name under it may be another party's")
		}
	}
	return t, wild, nil
}

// tupleOf returns the origin of u, an http or https URL.
func tupleOf(u whatwg.URL) tuple {
	p := u.Port()
	if p == "" {
		p = schemes.Lookup(u.Scheme()).Port
	}
	n, _ := strconv.ParseUint(p, 10, 16)
	return tuple{scheme: u.Scheme(), host: u.Hostname(), port: uint16(n)}
}

// allows reports whether a holds the origin of u, an http or https URL.
func (a *Allowlist) allows(u whatwg.URL) bool {
	if a == nil {
		return false
	}
	if a.any {
		return true
	}
	t := tupleOf(u)
	for _, e := range a.exact {
		if e == t {
			return true
		}
	}
	if u.HostKind() != whatwg.HostDomain {
		return false
	}
	for _, e := range a.wild {
		if e.scheme == t.scheme && e.port == t.port && len(t.host) > len(e.host)+1 &&
			strings.HasSuffix(t.host, e.host) && t.host[len(t.host)-len(e.host)-1] == '.' {
			return true
		}
	}
	return false
}

// nor is the end of the message of a refused origin: what else it is not.
func (a *Allowlist) nor() string {
	if a == nil || len(a.exact) == 0 && len(a.wild) == 0 {
		return ""
	}
	return " nor in the allowlist"
}

// CheckOrigin reports whether value, the value of an Origin header
// (RFC 6454, Section 7; Fetch Standard, "Origin header"), is an origin of
// the allowlist: nil when it is, and a *[guard.Error] otherwise, with the
// Rule
//
//   - RuleParse: value is not one serialized origin (RFC 6454, Section
//     6.2) as a browser writes it: scheme "://" host [":" port], in lower
//     case, the host in A-labels, no default port, no path, no trailing
//     "/", one origin only;
//   - RuleScheme: its scheme is not http or https;
//   - RuleCrossOrigin: it is not in the allowlist; "null" is in it only
//     with Options.AllowNull.
//
// Browsers send the Origin header of every CORS request; its absence is
// for the caller to decide. It costs one parse by the URL Standard, which
// allocates the URL's href (an origin has no final "/").
func (a *Allowlist) CheckOrigin(value string) error {
	if value == "null" {
		if a != nil && a.null {
			return nil
		}
		return refuse(RuleCrossOrigin, value, -1, `the opaque origin "null" is not allowed`)
	}
	u, err := whatwg.Parse(value)
	if err != nil {
		return parseRefusal(value, err, "")
	}
	if !web(u) {
		return refuse(guard.RuleScheme, value, -1, "the scheme "+quote(u.Scheme())+" is not http or https")
	}
	if o := u.Origin(); o != value {
		i := 0
		for i < len(o) && i < len(value) && o[i] == value[i] {
			i++
		}
		return refuse(guard.RuleParse, value, i, "not a serialized origin (RFC 6454, Section 6.2): a browser writes "+quote(o))
	}
	if !a.allows(u) {
		return refuse(RuleCrossOrigin, value, -1, "the origin is not in the allowlist")
	}
	return nil
}
