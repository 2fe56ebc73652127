// Package origin decides where a server may send a browser and which sites
// may read its responses, the way the browser itself will read the URL:
// by the URL Standard (package github.com/gouri/uri/whatwg), never by a
// hand-written prefix check.
//
//   - [Redirect] resolves a redirect target (a Location value, a next=
//     parameter) against the current URL as a browser resolves a Location
//     (URL Standard, section 4.4, with tabs and newlines removed, leading
//     and trailing controls and spaces stripped, "\" read as "/" in http
//     and https URLs, "//host" and "https:host" reaching another host),
//     refuses a result that leaves the allowed origins, has a scheme other
//     than http and https (javascript:, data:, vbscript:, ...) or carries
//     credentials, and returns the href to send: serialized again, so that
//     no later reader can read it as another URL.
//   - [LocalPath] keeps a next= parameter on the site: it accepts only what
//     every browser reads as a path-absolute reference ("/account?x=1")
//     and returns it serialized; "//evil.example", "/\evil.example",
//     "\\evil.example" and "/\t/evil.example" are refused.
//   - An [Allowlist] holds the origins that may be reached or may read
//     (RFC 6454): exact origins, and "https://*.example.com" for every
//     name under a domain, at any depth, never the domain itself nor a
//     look-alike such as "evilexample.com" or "example.com.evil.net". Names
//     are compared in A-labels as the URL Standard's host parser writes
//     them, without regard to a final ".", default ports folded, other
//     ports exact; hosts and wildcards follow the rules of package guard's
//     host patterns (guard.NewHostList), one matcher for both, which
//     refuses a wildcard over a public suffix ("https://*.com") unless
//     Options.AllowPublicSuffixWildcard allows it. [Allowlist.CheckOrigin]
//     checks an Origin header, which is a serialized origin (RFC 6454,
//     Section 7), for CORS.
//
// # Why a package of its own
//
// Package guard decides what a server may fetch for a user (SSRF): three
// readings of the URL must agree, and the address reached is checked at
// connect time. This package decides what a browser will do with a URL
// that the server hands it, for which only the browser's reading counts,
// and no network is involved. The two share their refusal: every refusal
// of this package is a *guard.Error, so that a program handles one kind of
// refusal. Its Rule is one of guard's that this package applies too
// (guard.RuleParse, guard.RuleScheme, guard.RuleUserinfo) or one of this
// package's own, [RuleCrossOrigin] and [RuleLocalPath], each with its
// sentinel ([ErrCrossOrigin], [ErrLocalPath]); its Reading is
// guard.ReadingWHATWG. A parse failure wraps the parser's error:
// errors.Is finds guard.ErrParse and errors.As the parser's error with
// its offset. A bad entry of an allowlist is no refusal but a fault of
// the configuration, found when the list is built: [NewAllowlist] returns
// the module's error for text it reads, a *uri.Error with the root's
// operation uri.OpParse (Name "allowlist", Err [ErrBadEntry]); this
// package declares no operation of its own.
//
// # Before version 1
//
// The API may still change, and this section says how when it does: the
// rules of this package's refusals and their sentinels, which package
// guard declared (RuleCrossOrigin, RuleLocalPath,
// ErrCrossOrigin, ErrLocalPath), are this package's
// [RuleCrossOrigin], [RuleLocalPath], [ErrCrossOrigin] and
// [ErrLocalPath], with the same spellings and messages.
//
// # What it does not do
//
// It does not resolve names or look at addresses (package guard does), does
// not follow redirects, does not set CORS response headers, and knows no
// origin of a scheme other than http and https: an allowlist entry or an
// Origin header of another scheme is refused. A redirect to the current
// origin is always allowed; an allowlist adds origins to it.
//
// # Before version 1
//
// The API may still change, and says so here when it does. The hosts of
// an allowlist's entries are read by the rules of package guard's host
// patterns, so that a pattern means the same in both: a final "." no
// longer makes another host in the allowlist ("https://a.example.com./"
// is allowed by "https://*.example.com", as it is the same name to the
// DNS; the current origin of Redirect is still compared exactly, as the
// URL Standard compares origins); an entry whose host holds a
// percent-encoding, a tab or a newline, or names a domain with an empty
// label, is refused where the URL Standard's parser decoded, removed or
// kept them; and "https://*example.com" is refused at offset 9, after
// the "*", not 8. Options.AllowPublicSuffixWildcard is new.
package origin

import (
	"strings"

	"github.com/gouri/uri/guard"
	"github.com/gouri/uri/whatwg"
)

// Redirect returns the href that a server may send in a redirect's
// Location (or use in a link) for target, a URL or reference that it did
// not write itself, such as a next= parameter: target resolved against
// current, the URL of the request or page, exactly as a browser resolves a
// Location value (URL Standard, section 4.4: new URL(target, current)),
// then serialized (section 4.5). The result is absolute, so no later
// reader resolves it differently, and Redirect(current, result, allow)
// returns it unchanged. current is a parsed URL, so that a server parses
// its own URL once, not once per target: in a handler, httptarget.URL(r)
// of package github.com/gouri/uri/httptarget.
//
// It refuses, with a *[guard.Error] whose Rule is
//
//   - RuleParse: target does not parse (the error wraps the parser's,
//     with its offset), or current is the zero URL;
//   - RuleScheme: current or the result is not http or https (javascript:,
//     data:, vbscript:, file:, ...);
//   - RuleUserinfo: the result has a username or a password;
//   - RuleCrossOrigin: the result's origin (URL Standard, section 4.7) is
//     not current's, and allow, when not nil, does not hold it.
//
// An empty target resolves to current itself, less its fragment (as an
// empty href does): a handler that redirects to a missing next= parameter
// sends the browser back to the same URL, a redirect to itself. Give a
// default ("/") for an empty parameter before calling Redirect.
//
// A nil allow allows the current origin alone. It costs one parse of
// target by the URL Standard, and allocates the result's href when it is
// not target itself.
func Redirect(current whatwg.URL, target string, allow *Allowlist) (string, error) {
	if !web(current) {
		if current.Href() == "" {
			return "", refuse(guard.RuleParse, "", -1, "no current URL")
		}
		return "", refuse(guard.RuleScheme, current.Href(), -1, "the current URL "+quote(current.Href())+" is not http or https")
	}
	u, err := current.Parse(target)
	if err != nil {
		return "", parseRefusal(target, err, "")
	}
	if !web(u) {
		return "", refuse(guard.RuleScheme, target, -1, "the URL Standard reads the scheme "+quote(u.Scheme())+
			", not http or https")
	}
	if u.Username() != "" || u.Password() != "" {
		return "", refuse(guard.RuleUserinfo, target, -1, "the URL Standard reads the user name "+quote(u.Username())+
			" in "+quote(u.Href()))
	}
	if o := u.Origin(); o != current.Origin() && !allow.allows(u) {
		return "", refuse(RuleCrossOrigin, target, -1, "the URL Standard reads "+quote(u.Href())+", of the origin "+
			quote(o)+", which is not "+quote(current.Origin())+allow.nor())
	}
	return u.Href(), nil
}

// web reports whether u is an http or https URL.
func web(u whatwg.URL) bool { s := u.Scheme(); return s == "http" || s == "https" }

// localBase is the base that LocalPath resolves against: any http(s) URL
// reads a path-absolute reference the same way.
var localBase = whatwg.MustParse("http://local.invalid/")

// LocalPath returns target, a next= parameter or any reference that must
// keep the browser on the site that it came from, as a path-absolute
// reference (RFC 3986, Section 4.2): the path, query and fragment that
// every browser reads in it, whatever the page it is resolved against,
// serialized by the URL Standard ("/a b" gives "/a%20b", "\x" gives "/x").
// A path that the URL Standard reads as beginning with "//", which only
// dot segments make ("/.//x"), is written "/.//x", so that it stays a
// path.
//
// It refuses, with a *[guard.Error] whose Rule is
//
//   - RuleCrossOrigin: a reference that a browser reads with a host of its
//     own: two slashes or backslashes after the leading spaces and
//     controls, with any tabs and newlines between them ("//x", "/\x",
//     "\\x", "\/x", " //x", "/\t/x");
//   - RuleLocalPath: anything else that does not begin with "/" or "\":
//     an absolute URL ("https://example.com/", "javascript:..."), a
//     relative path, a query, a fragment, the empty string;
//   - RuleParse: a reference that the URL Standard cannot parse.
//
// The offset of a refusal is that of the byte at fault. It costs one parse
// by the URL Standard and allocates the result, unless target is already
// serialized.
func LocalPath(target string) (string, error) {
	first, second := significant(target)
	switch {
	case first == len(target) || target[first] != '/' && target[first] != '\\':
		return "", refuse(RuleLocalPath, target, first, "a path on this site begins with \"/\"")
	case second < len(target) && (target[second] == '/' || target[second] == '\\'):
		return "", refuse(RuleCrossOrigin, target, second, "the URL Standard reads "+quote(target[first:second+1])+
			" as the start of another host")
	}
	u, err := localBase.Parse(target)
	if err != nil {
		return "", parseRefusal(target, err, "")
	}
	if u.Origin() != localBase.Origin() {
		return "", refuse(RuleCrossOrigin, target, -1, "the URL Standard reads "+quote(u.Href())) // not reached
	}
	p := u.Href()[len(localBase.Origin()):]
	if strings.HasPrefix(p, "//") {
		p = "/." + p
	}
	return p, nil
}

// significant returns the offsets of the first two code units of s that
// the URL Standard's parser reads (section 4.4, steps 1 to 3): after the
// leading C0 controls and spaces, which it strips, and without the tabs
// and newlines, which it removes; len(s) for one that is missing.
func significant(s string) (first, second int) {
	first = 0
	for first < len(s) && s[first] <= ' ' {
		first++
	}
	second = first + 1
	for second < len(s) && (s[second] == '\t' || s[second] == '\n' || s[second] == '\r') {
		second++
	}
	return first, min(second, len(s))
}
