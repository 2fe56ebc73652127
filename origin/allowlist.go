package origin

import (
	"strings"

	"github.com/gouri/uri"
	"github.com/gouri/uri/guard"
	"github.com/gouri/uri/internal/abnf"
	"github.com/gouri/uri/internal/hostmatch"
	"github.com/gouri/uri/internal/schemes"
	"github.com/gouri/uri/whatwg"
)

// Allowlist is a set of origins (RFC 6454, Section 3.2) that a server
// trusts: to be sent to by [Redirect], or to read its responses
// ([Allowlist.CheckOrigin]). It is built once by [NewAllowlist] and is safe
// for use by several goroutines. A nil *Allowlist holds no origin.
type Allowlist struct {
	groups []group // one for each scheme and port, in the order of the entries
	null   bool
	any    bool
}

// group holds the hosts of the entries of one scheme and port: the port
// as the URL Standard serializes it, or the scheme's default port when
// the entry has none.
type group struct {
	scheme string
	port   string
	hosts  hostmatch.Set
}

// Options allow the origins that an allowlist holds only on request.
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
	// AllowPublicSuffixWildcard allows an entry whose wildcard stands over
	// a public suffix ("https://*.com", "https://*.github.io", and by the
	// Public Suffix List's rule "*" every top-level domain that it does
	// not list, "https://*.internal"), for a private deployment under a
	// suffix of its own. Risk: every name under it is allowed, and anyone
	// may register names under a public suffix. guard.HostListOptions has
	// the field of the same name.
	AllowPublicSuffixWildcard bool
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
// The scheme is http or https; the port is read by the URL Standard's
// parser, so "HTTPS://Example.COM:443" allows the same origin as
// "https://example.com". The host is read as package guard reads a
// pattern of its HostList (guard.NewHostList), by the URL Standard's host
// parser (section 3.5), and hosts are compared as that parser serializes
// them, without regard to a final ".". An entry may not have a userinfo,
// a path (not even "/"), a query or a fragment, nor a percent-encoding,
// a tab, a newline or an empty label in its host. A wildcard stands for whole labels
// under a name that has a registrable domain: "*.com", "*.co.uk" and
// "*.github.io" are refused, since each name under a public suffix may be
// another party's (see package github.com/gouri/uri/site), unless
// Options.AllowPublicSuffixWildcard allows them. "null" and "*" are
// refused as entries: set Options.AllowNull or Options.AllowAny.
//
// A bad entry is a fault of the configuration, not a refusal of a
// request: on error NewAllowlist returns nil and a *uri.Error, the
// module's error for text that it reads, with Op uri.OpParse, Name
// "allowlist", the entry as Input, the offset in it of the fault (a fault
// of the host as a whole at the host's first byte, as package whatwg
// reports one), Err [ErrBadEntry] and what is wrong in Detail; when the
// URL Standard's parser rejects the host or port, its *uri.Error, about
// the entry, is the Cause, so that errors.Is finds its whatwg.Kind too:
//
//	uri: parse allowlist: invalid entry ("com" is a public suffix: each name under it may be another party's) at offset 10 of "https://*.com"
//
// It allocates the list and, for each entry, its host.
func NewAllowlist(entries []string, o Options) (*Allowlist, error) {
	a := &Allowlist{null: o.AllowNull, any: o.AllowAny}
	ho := hostmatch.Options{AllowPublicSuffixWildcard: o.AllowPublicSuffixWildcard}
	for _, e := range entries {
		scheme, port, p, err := parseEntry(e, ho)
		if err != nil {
			return nil, err
		}
		a.group(scheme, port).hosts.Add(p)
	}
	return a, nil
}

// group returns the group of a for scheme and port, added if it has none.
func (a *Allowlist) group(scheme, port string) *group {
	for i := range a.groups {
		if g := &a.groups[i]; g.scheme == scheme && g.port == port {
			return g
		}
	}
	a.groups = append(a.groups, group{scheme: scheme, port: port})
	return &a.groups[len(a.groups)-1]
}

// parseEntry reads one entry of an allowlist: its scheme in lower case,
// its port, and the pattern of its host.
func parseEntry(e string, o hostmatch.Options) (scheme, port string, p hostmatch.Pattern, err error) {
	fail := func(off int, detail string, cause error) (string, string, hostmatch.Pattern, error) {
		return "", "", hostmatch.Pattern{}, badEntry(e, off, detail, cause)
	}
	switch e {
	case "null":
		return fail(0, `"null" is allowed by Options.AllowNull, not as an entry`, nil)
	case "*":
		return fail(0, `"*" is allowed by Options.AllowAny, not as an entry`, nil)
	}
	scheme, rest, ok := strings.Cut(e, "://")
	if !ok || !abnf.EqualFold(scheme, "http") && !abnf.EqualFold(scheme, "https") {
		return fail(0, `an entry begins with "http://" or "https://"`, nil)
	}
	at := len(scheme) + 3
	if i := strings.IndexAny(rest, "/?#\\"); i >= 0 {
		return fail(at+i, "an origin has no path, query or fragment", nil)
	}
	if i := strings.IndexByte(rest, '@'); i >= 0 {
		return fail(at+i, "an origin has no userinfo", nil)
	}
	host, portText := splitPort(rest)
	if i := strings.IndexAny(portText, "\t\n\r"); i >= 0 {
		return fail(at+len(host)+i, "an entry has no tab or newline", nil)
	}
	p, herr := hostmatch.Parse(host, o)
	if herr != nil {
		off, cause := herr.In(e, at)
		return fail(off, herr.Detail, cause)
	}
	port, perr := parsePort(scheme, portText)
	if perr != nil {
		off, why := uri.NoOffset, perr.Error()
		if we, ok := perr.(*uri.Error); ok {
			off = min(max(we.Offset-len(scheme)-len("://x"), 0)+at+len(host), len(e))
			why = we.Err.Error()
			if k, ok := we.Err.(whatwg.Kind); ok {
				why += " (" + k.Describe(we.Input, we.Offset) + ")"
			}
			c := *we
			c.Input, c.Offset = e, off
			perr = &c
		}
		return fail(off, "the URL Standard rejects the port: "+why, perr)
	}
	return abnf.LowerString(scheme), port, p, nil
}

// splitPort splits rest, the host and port of an entry, before the ":"
// of its port: the first, or the first after an IPv6 address in brackets.
func splitPort(rest string) (host, port string) {
	from := 0
	if strings.HasPrefix(rest, "[") || strings.HasPrefix(rest, "*.[") {
		from = max(strings.IndexByte(rest, ']'), 0)
	}
	if i := strings.IndexByte(rest[from:], ':'); i >= 0 {
		return rest[:from+i], rest[from+i:]
	}
	return rest, ""
}

// parsePort reads the port of an entry, ":" and digits or "", with the URL
// Standard's parser (section 4.4, port state), as the port of
// "scheme://x": see portOf. The "/" after it keeps the parser from
// stripping trailing spaces and controls.
func parsePort(scheme, port string) (string, error) {
	u, err := whatwg.Parse(scheme + "://x" + port + "/")
	if err != nil {
		return "", err
	}
	return portOf(u), nil
}

// portOf returns the port of u, an http or https URL, as the URL Standard
// serializes it, which it omits when it is the scheme's default port:
// then the default port.
func portOf(u whatwg.URL) string {
	if p := u.Port(); p != "" {
		return p
	}
	return schemes.Lookup(u.Scheme()).Port
}

// allows reports whether a holds the origin of u, an http or https URL.
func (a *Allowlist) allows(u whatwg.URL) bool {
	if a == nil {
		return false
	}
	if a.any {
		return true
	}
	scheme, host, port := u.Scheme(), u.Hostname(), portOf(u)
	for i := range a.groups {
		if g := &a.groups[i]; g.scheme == scheme && g.port == port && g.hosts.Match(host) {
			return true
		}
	}
	return false
}

// nor is the end of the message of a refused origin: what else it is not.
func (a *Allowlist) nor() string {
	if a == nil || len(a.groups) == 0 {
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
