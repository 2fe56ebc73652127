package guard

import (
	"net/url"
	"strings"

	"github.com/gouri/uri/internal/abnf"
	"github.com/gouri/uri/readings"
	"github.com/gouri/uri/whatwg"
)

// URLTester decides whether a URL may be fetched, for Policy.OnlyURLs: a
// list of URL Patterns (package github.com/gouri/uri/urlpattern, whose
// Pattern has this method), or a function, as URLTesterFunc. It is given
// the URL Standard's reading of the URL, and must be safe for use by
// several goroutines at once, as a Policy is.
type URLTester interface {
	TestURL(u whatwg.URL) bool
}

// URLTesterFunc is a function that serves as a [URLTester].
type URLTesterFunc func(u whatwg.URL) bool

// TestURL returns f(u).
func (f URLTesterFunc) TestURL(u whatwg.URL) bool { return f(u) }

// checkAllowlist refuses the URL of r, which the other rules allowed, when
// the policy has an allowlist (OnlyHosts, OnlyURLs) that it is not on.
func (p *Policy) checkAllowlist(r *readings.Report) error {
	if len(p.OnlyHosts) == 0 && p.OnlyURLs == nil {
		return nil
	}
	in := r.Input
	// The other rules refused what the URL Standard or net/url rejects.
	u, _ := r.ParsedWHATWG()
	n, _ := r.ParsedNetURL()
	if len(p.OnlyHosts) > 0 {
		if ok, bad := p.hostListed(u.Hostname()); !ok {
			detail := "the host " + quote(u.Hostname()) + " is not in OnlyHosts"
			if bad != "" {
				detail += " (which holds " + quote(bad) + ", neither a host nor \"*.\" and a domain)"
			}
			return refuse(RuleAllowlist, ReadingWHATWG, in, detail)
		}
	}
	if p.OnlyURLs == nil {
		return nil
	}
	if sent, ok := sameRequest(&n, u); !ok {
		return refuse(RuleDisagree, ReadingNetURL, in, "net/http sends the path and query "+quote(sent)+
			", which is not the URL Standard's "+quote(pathQuery(u))+" that OnlyURLs tests")
	}
	if !p.OnlyURLs.TestURL(u) {
		return refuse(RuleAllowlist, ReadingWHATWG, in, "OnlyURLs does not match the URL")
	}
	return nil
}

// hostListed reports whether host, a host as the URL Standard serializes
// it, matches a pattern of OnlyHosts; when it does not, bad is the first
// pattern that is not one.
func (p *Policy) hostListed(host string) (ok bool, bad string) {
	host = strings.TrimSuffix(host, ".")
	for _, pattern := range p.OnlyHosts {
		h, wildcard, valid := hostPattern(pattern)
		switch h = strings.TrimSuffix(h, "."); {
		case !valid:
			if bad == "" {
				bad = pattern
			}
		case !wildcard && host == h,
			wildcard && len(host) > len(h)+1 && strings.HasSuffix(host, h) && host[len(host)-len(h)-1] == '.':
			return true, ""
		}
	}
	return false, bad
}

// hostPattern reads a pattern of OnlyHosts: a host, in any spelling that
// the URL Standard's host parser reads (section 3.5: case, IDNA, the
// numeric IPv4 forms; an IPv6 address with or without brackets), or "*."
// and a domain. It returns the host as the URL Standard serializes it,
// whether the pattern is a wildcard, and false for anything else: a port,
// a path, a "*" elsewhere, a percent-encoding, a control or a space.
func hostPattern(pattern string) (host string, wildcard, ok bool) {
	rest, wildcard := strings.CutPrefix(pattern, "*.")
	if rest == "" || strings.ContainsAny(rest, "*/?#@\\%") {
		return "", false, false
	}
	for i := 0; i < len(rest); i++ {
		if rest[i] <= ' ' || rest[i] == 0x7f {
			return "", false, false
		}
	}
	if strings.Contains(rest, ":") && !strings.HasPrefix(rest, "[") {
		rest = "[" + rest + "]" // an IPv6 address without brackets
	}
	if plainDomain(rest) {
		return rest, wildcard, true
	}
	u, err := whatwg.Parse("http://" + rest + "/")
	if err != nil || u.Href() != "http://"+u.Hostname()+"/" || wildcard && u.HostKind() != whatwg.HostDomain {
		return "", false, false
	}
	return u.Hostname(), wildcard, true
}

// plainDomain reports whether s is a domain that the URL Standard's host
// parser returns as it is: lower-case ASCII letters, digits, "-" and
// ".", and a last label that starts with a letter, so that no IPv4
// parser reads it as a number.
func plainDomain(s string) bool {
	last := strings.LastIndexByte(strings.TrimSuffix(s, "."), '.') + 1
	if last >= len(s) || s[last] < 'a' || s[last] > 'z' {
		return false
	}
	for i := 0; i < len(s); i++ {
		if c := s[i]; !(c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '-' || c == '.') {
			return false
		}
	}
	return !strings.HasPrefix(s, "xn--") && !strings.Contains(s, ".xn--")
}

// sameRequest returns the path and query that net/http sends for n, the
// net/url reading of a URL (the request-target of RFC 9112, Section
// 3.2.1, in origin-form), and whether they are those of u, the URL
// Standard's reading of it: the same after the URL Standard's
// percent-encoding, which net/url does not always do ("?a b"), and with no
// dot segment, which the URL Standard removes and net/http sends
// ("/a/../b").
func sameRequest(n *url.URL, u whatwg.URL) (string, bool) {
	sent := n.RequestURI()
	if hasDotSegment(n.EscapedPath()) {
		return sent, false
	}
	v, err := whatwg.Parse(u.Protocol() + "//" + u.Host() + sent)
	return sent, err == nil && pathQuery(v) == pathQuery(u)
}

// pathQuery returns the URL's path and query, as a request sends them.
func pathQuery(u whatwg.URL) string {
	if u.HasQuery() {
		return u.Pathname() + "?" + u.Query()
	}
	return u.Pathname()
}

// hasDotSegment reports whether the path has a segment "." or "..", also
// percent-encoded ("%2e", URL Standard, section 4.1, single-dot and
// double-dot URL path segments).
func hasDotSegment(path string) bool {
	for seg := range strings.SplitSeq(path, "/") {
		switch abnf.LowerString(seg) {
		case ".", "%2e", "..", ".%2e", "%2e.", "%2e%2e":
			return true
		}
	}
	return false
}
