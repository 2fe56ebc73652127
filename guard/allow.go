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
	if p.OnlyHosts == nil && p.OnlyURLs == nil {
		return nil
	}
	in := r.Input
	// The other rules refused what the URL Standard or net/url rejects.
	u, _ := r.ParsedWHATWG()
	n, _ := r.ParsedNetURL()
	if p.OnlyHosts != nil && !p.OnlyHosts.Match(u.Hostname()) {
		return refuse(RuleAllowlist, ReadingWHATWG, in, "the host "+quote(u.Hostname())+" is not in OnlyHosts")
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
