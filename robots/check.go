package robots

import (
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"
	"unicode/utf8"

	"github.com/gouri/uri"
	"github.com/gouri/uri/internal/abnf"
	"github.com/gouri/uri/whatwg"
)

// Agent is the part of a Robots that applies to one crawler: the groups
// that name its product token, combined into one (RFC 9309, Section
// 2.2.1), or when none does, the groups of "*". Robots.Agent makes one;
// it is a small value, safe for use by any number of goroutines at once.
// The zero Agent allows everything.
type Agent struct {
	r     *Robots
	named []tokenAt // the groups that name the token
	star  []int32   // or else those of "*"
}

// Agent returns the rules that the crawler whose product token is token
// obeys. The token is compared with each user-agent line without regard
// to case (Section 2.2.1). A crawler may give its product token alone
// ("ExampleBot") or followed by "/" and its version ("ExampleBot/2.1", a
// product of a User-Agent header, RFC 9110, Section 10.1.5), of which
// the token is read (see Token); anything else is an error, a whole
// User-Agent header above all: the first product of
// "Mozilla/5.0 (compatible; ExampleBot/2.1)" is Mozilla, whose rules, or
// those of "*", are not the crawler's. The Google reading takes token as
// given, as Google's reference does, and never fails. It allocates
// nothing but the error.
//
// On error it returns the zero Agent and a *uri.Error with Op
// uri.OpParse, Name "agent", Err ErrNotToken and the offset of the first
// byte that cannot continue a product token and its version.
func (r *Robots) Agent(token string) (Agent, error) {
	a := Agent{r: r}
	if r == nil || r.reading != Google {
		if i := productEnd(token); i >= 0 {
			return Agent{}, &uri.Error{Op: uri.OpParse, Name: "agent", Input: token, Offset: i, Err: ErrNotToken,
				Detail: `give the crawler's product token, as "ExampleBot" or "ExampleBot/2.1", not a User-Agent header`}
		}
		token = Token(token)
	}
	if r == nil || r.f == nil {
		return a, nil
	}
	f := r.f
	if token != "" {
		if i, ok := slices.BinarySearchFunc(f.tokens, token, func(t tokenAt, s string) int { return foldCompare(t.token, s) }); ok {
			j := i + 1
			for j < len(f.tokens) && f.tokens[j].token == f.tokens[i].token {
				j++
			}
			a.named = f.tokens[i:j]
			return a, nil
		}
	}
	a.star = f.star
	return a, nil
}

// productEnd returns -1 when s is a product token, alone or followed by
// "/" and a version (RFC 9110: product = token ["/" product-version],
// product-version = token), or else the offset of the first byte that
// cannot continue one.
func productEnd(s string) int {
	i := len(Token(s))
	switch {
	case i == len(s) && i > 0:
		return -1
	case i == 0 || s[i] != '/':
		return i
	}
	j := i + 1
	for j < len(s) && tchar(s[j]) {
		j++
	}
	if j == len(s) && j > i+1 {
		return -1
	}
	return j
}

// tchar reports whether c may be in a token of HTTP (RFC 9110, Section
// 5.6.2).
func tchar(c byte) bool {
	return abnf.IsAlpha(c) || abnf.IsDigit(c) || c < utf8.RuneSelf && strings.IndexByte("!#$%&'*+-.^_`|~", c) >= 0
}

// CrawlDelay returns the crawl-delay of the crawler's groups: the value
// of the first crawl-delay line, in the order of the file, of the groups
// that a chose, that is a number of seconds (digits, and a "." and digits
// after it: "10", "0.5"); a value too large for a time.Duration gives
// the largest. It returns false when none is.
//
// Crawl-delay is no part of RFC 9309, which defines no record beyond
// user-agent, allow, disallow and sitemap (Section 2.2.4 lets a crawler
// read others): it is a wish of the site, which many crawlers follow and
// Google's ignore. This package applies it nowhere: a crawler that honours
// it waits that long between two fetches from the authority. It
// allocates nothing.
func (a Agent) CrawlDelay() (time.Duration, bool) {
	if a.r == nil || a.r.f == nil {
		return 0, false
	}
	for k := 0; k < len(a.named) || k < len(a.star); k++ {
		if d := a.r.f.groups[a.group(k)].delay; d >= 0 {
			return d, true
		}
	}
	return 0, false
}

// foldCompare compares t, a lower-cased token, with s lower-cased.
func foldCompare(t, s string) int {
	for i := 0; i < len(t) && i < len(s); i++ {
		if c, d := t[i], abnf.Lower(s[i]); c != d {
			if c < d {
				return -1
			}
			return 1
		}
	}
	return len(t) - len(s)
}

// Token returns the product token that begins s, the longest run of
// letters, "-" and "_" there (RFC 9309, Section 2.2.1), or "":
// "ExampleBot/0.1" gives "ExampleBot", as Google's reference reads the
// value of a user-agent line. It allocates nothing.
func Token(s string) string {
	i := 0
	for i < len(s) && (abnf.IsAlpha(s[i]) || s[i] == '-' || s[i] == '_') {
		i++
	}
	return s[:i]
}

// ValidToken reports whether s is a product token (RFC 9309, Section
// 2.2.1): one or more letters, "-" and "_", and nothing else.
func ValidToken(s string) bool { return s != "" && Token(s) == s }

// Verdict is the answer to "may the crawler fetch this URL", and why.
type Verdict struct {
	Allowed bool
	Reason  Reason
	Rule    Rule // the rule that decided, when Reason is MatchedRule
}

// Rule is an allow or disallow line of a robots.txt file.
type Rule struct {
	Line    int    // its number in the file, from 1
	Allow   bool   // an allow line, else a disallow line
	Pattern string // its value as written, without the spaces around it and a comment
}

// String returns the rule for a log, as "line N: allow: PATTERN" or
// "line N: disallow: PATTERN"; "" for the zero Rule.
func (r Rule) String() string {
	if r == (Rule{}) {
		return ""
	}
	kind := "disallow: "
	if r.Allow {
		kind = "allow: "
	}
	return "line " + strconv.Itoa(r.Line) + ": " + kind + r.Pattern
}

// Reason says why a Verdict is what it is.
type Reason uint8

const (
	// MatchedRule: Verdict.Rule is the most specific rule that matches
	// the path: the one with the most octets, and of two with as many an
	// allow rule (RFC 9309, Section 2.2.2).
	MatchedRule Reason = iota + 1
	// NoRuleMatched: no rule of the crawler's groups matches the path:
	// allowed (Section 2.2.2).
	NoRuleMatched
	// NoGroup: no group names the crawler and none names "*": allowed
	// (Section 2.2.1).
	NoGroup
	// RobotsTxtPath: the path is /robots.txt, which is always allowed
	// (Section 2.2.2).
	RobotsTxtPath
	// FileUnavailable: the fetch of robots.txt was Unavailable: allowed
	// (Section 2.3.1.3).
	FileUnavailable
	// FileUnreachable: the fetch of robots.txt was Unreachable:
	// disallowed (Section 2.3.1.4).
	FileUnreachable
)

// String returns "rule", "no-rule", "no-group", "robots.txt",
// "unavailable" or "unreachable".
func (r Reason) String() string {
	switch r {
	case MatchedRule:
		return "rule"
	case NoRuleMatched:
		return "no-rule"
	case NoGroup:
		return "no-group"
	case RobotsTxtPath:
		return "robots.txt"
	case FileUnavailable:
		return "unavailable"
	case FileUnreachable:
		return "unreachable"
	}
	return "reason(" + strconv.Itoa(int(r)) + ")"
}

// Check returns whether the crawler whose product token is agent may
// fetch rawURL, and why: r.Agent(agent) and its Check(rawURL), with the
// error of either.
func (r *Robots) Check(agent, rawURL string) (Verdict, error) {
	a, err := r.Agent(agent)
	if err != nil {
		return Verdict{}, err
	}
	return a.Check(rawURL)
}

// Check returns whether the crawler may fetch rawURL, and why. The URL is
// read as the URL Standard reads it, as a browser or a crawler following
// links does (package whatwg), and its path and query are checked as
// CheckURL says. The Google reading takes the path, parameters and query
// from rawURL as Google's reference does, with no error for a URL that
// the URL Standard does not read. Check allocates nothing for a URL
// written as the URL Standard serializes it; for another, what the URL
// Standard's parser allocates to rewrite it; and the error.
//
// On error it returns the zero Verdict and a *uri.Error: for a URL that
// does not parse, or that has no host and so no robots.txt, with Op
// uri.OpParse and the offset of the fault; for a URL of another
// authority than that of a Robots that knows its URL (see Robots), with
// Op OpCheck, Err ErrOtherAuthority and the offset where its scheme,
// host or port departs from the robots.txt's, the userinfo skipped.
func (a Agent) Check(rawURL string) (Verdict, error) {
	if a.r != nil && a.r.reading == Google {
		if a.r.scheme != "" {
			if u, err := readURL(rawURL); err == nil && !a.r.sameAuthority(u) {
				return Verdict{}, a.r.otherAuthority(rawURL)
			}
		}
		return a.CheckPath(googlePath(rawURL)), nil
	}
	u, err := readURL(rawURL)
	if err != nil {
		return Verdict{}, err
	}
	if a.r != nil && !a.r.sameAuthority(u) {
		return Verdict{}, a.r.otherAuthority(rawURL)
	}
	return a.CheckPath(pathQuery(u)), nil
}

// CheckURL returns whether the crawler may fetch u, and why: its path and
// query, as CheckPath says. It allocates nothing but the error.
//
// On error, for a URL of another authority than that of a Robots that
// knows its URL (see Robots), it returns the zero Verdict and a
// *uri.Error with Op OpCheck, Err ErrOtherAuthority, Input u.Href() and
// the offset where its scheme, host or port departs from the
// robots.txt's. A URL with no host has no robots.txt: that of a Robots
// that knows no URL gets the verdict of its path.
func (a Agent) CheckURL(u whatwg.URL) (Verdict, error) {
	if a.r != nil && a.r.scheme != "" {
		if k := u.HostKind(); k == uri.HostNone || k == uri.HostEmpty || !a.r.sameAuthority(u) {
			return Verdict{}, a.r.otherAuthority(u.Href())
		}
	}
	return a.CheckPath(pathQuery(u)), nil
}

// pathQuery returns the path and query of u.
func pathQuery(u whatwg.URL) string {
	href, off := u.Href(), u.Offsets()
	return href[off.PathStart:off.FragmentStart]
}

// CheckPath returns whether the crawler may fetch the URL whose path and
// query are target, as an origin-form request target has them (RFC
// 9112, Section 3.2.1: "/a/b?c"; "" is "/"; a fragment is cut off),
// and why. Under RFC 9309, target and the rules' patterns are compared
// after the percent-encoding normalization of Section 2.2.2; the Google
// reading compares target as given. It allocates nothing, and takes at
// most 2|target| + |pattern| steps for each rule of the crawler's groups
// (3|target| for a target that needs normalization), whatever they hold.
func (a Agent) CheckPath(target string) Verdict {
	v, _ := a.check(target)
	return v
}

// stackPath is the room for a normalized path on the stack; a longer one
// borrows a buffer from buffers.
const stackPath = 512

// buffers holds the buffers of long normalized paths.
var buffers = sync.Pool{New: func() any { return new([]byte) }}

// check is CheckPath, with the steps that matching took.
func (a Agent) check(target string) (Verdict, int) {
	if a.r == nil {
		return Verdict{Allowed: true, Reason: NoGroup}, 0
	}
	if i := strings.IndexByte(target, '#'); i >= 0 {
		target = target[:i]
	}
	if target == "" {
		target = "/"
	}
	i, query := 0, false
	if a.r.reading == Google {
		if target[0] == '/' {
			return a.decide(target)
		}
	} else if i, query = firstChange(target, false); i == len(target) {
		return a.decide(target)
	}
	n := i + 3*(len(target)-i) + 1
	if n <= stackPath {
		var stack [stackPath]byte
		return a.decide(a.r.slowPath(stack[:0], target, i, query))
	}
	pb := buffers.Get().(*[]byte)
	if cap(*pb) < n {
		*pb = make([]byte, 0, n)
	}
	b := (*pb)[:0]
	v, steps := a.decide(a.r.slowPath(b, target, i, query))
	buffers.Put(pb)
	return v, steps
}

// slowPath returns the path to match of target in buf: under RFC 9309,
// target normalized from its byte i (in the query when query is set, as
// firstChange found), and for Google's reading, target with the "/" put
// in front that Google's reference puts in front of a "?" or ";".
func (r *Robots) slowPath(buf []byte, target string, i int, query bool) string {
	if r.reading == Google {
		buf = append(append(buf, '/'), target...)
		return abnf.String(buf)
	}
	buf = append(buf, target[:i]...)
	return abnf.String(appendNormalized(buf, target[i:], query, false))
}

// decide returns the verdict for path, a path to match, and the steps
// that matching took.
func (a Agent) decide(path string) (Verdict, int) {
	r := a.r
	const robotsTxt = "/robots.txt"
	if strings.HasPrefix(path, robotsTxt) && (len(path) == len(robotsTxt) || path[len(robotsTxt)] == '?') {
		return Verdict{Allowed: true, Reason: RobotsTxtPath}, 0
	}
	switch r.outcome {
	case Unavailable:
		return Verdict{Allowed: true, Reason: FileUnavailable}, 0
	case Unreachable:
		return Verdict{Allowed: false, Reason: FileUnreachable}, 0
	}
	if len(a.named) == 0 && len(a.star) == 0 {
		return Verdict{Allowed: true, Reason: NoGroup}, 0
	}
	f := r.f
	var best *rule
	steps := 0
	for k := 0; k < len(a.named) || k < len(a.star); k++ {
		g := f.groups[a.group(k)]
		for i := g.lo; i < g.hi; i++ {
			c := &f.rules[i]
			if best != nil && !c.before(best) {
				break // the group's later rules come after best too
			}
			ok, n := c.match(path, f)
			steps += n
			if ok {
				best = c
				break
			}
		}
	}
	if best == nil {
		return Verdict{Allowed: true, Reason: NoRuleMatched}, steps
	}
	return Verdict{Allowed: best.allow, Reason: MatchedRule, Rule: Rule{Line: int(best.line), Allow: best.allow, Pattern: f.body[best.raw:best.rawEnd]}}, steps
}

// group returns the k-th group of a.
func (a Agent) group(k int) int32 {
	if a.named != nil {
		return a.named[k].group
	}
	return a.star[k]
}

// before reports whether r takes precedence over s: more octets, then
// allow before disallow (Section 2.2.2), then the earlier line.
func (r *rule) before(s *rule) bool {
	switch {
	case r.priority != s.priority:
		return r.priority > s.priority
	case r.allow != s.allow:
		return r.allow
	}
	return r.line < s.line
}
