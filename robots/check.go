package robots

import (
	"slices"
	"strconv"
	"strings"
	"sync"

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
// to case (Section 2.2.1); a crawler may give its user-agent string
// ("ExampleBot/2.1"), of which the product token that begins it is
// read (see Token). The Google reading compares token as given, as
// Google's reference does. It allocates nothing.
func (r *Robots) Agent(token string) Agent {
	a := Agent{r: r}
	if r == nil || r.f == nil {
		return a
	}
	f := r.f
	if r.reading != Google {
		token = Token(token)
	}
	if token != "" {
		if i, ok := slices.BinarySearchFunc(f.tokens, token, func(t tokenAt, s string) int { return foldCompare(t.token, s) }); ok {
			j := i + 1
			for j < len(f.tokens) && f.tokens[j].token == f.tokens[i].token {
				j++
			}
			a.named = f.tokens[i:j]
			return a
		}
	}
	a.star = f.star
	return a
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
// fetch rawURL, and why: r.Agent(agent).Check(rawURL).
func (r *Robots) Check(agent, rawURL string) (Verdict, error) {
	return r.Agent(agent).Check(rawURL)
}

// Check returns whether the crawler may fetch rawURL, and why. The URL is
// read as the URL Standard reads it, as a browser or a crawler following
// links does (package whatwg), and its path and query are checked as
// CheckURL says; a URL that does not parse, or that has no host and so no
// robots.txt, is an error, a *uri.Error with the offset of the fault. The
// Google reading takes the path, parameters and query from rawURL as
// Google's reference does, with no error. Check allocates nothing for a
// URL written as the URL Standard serializes it; for another, what the
// URL Standard's parser allocates to rewrite it; and the error.
func (a Agent) Check(rawURL string) (Verdict, error) {
	if a.r != nil && a.r.reading == Google {
		return a.CheckPath(googlePath(rawURL)), nil
	}
	u, err := readURL(rawURL)
	if err != nil {
		return Verdict{}, err
	}
	return a.CheckURL(u), nil
}

// CheckURL returns whether the crawler may fetch u, and why: its path and
// query, as CheckPath says; the rules of a robots.txt file apply to the
// URLs of the authority that it came from, which is not checked.
func (a Agent) CheckURL(u whatwg.URL) Verdict {
	href, off := u.Href(), u.Offsets()
	return a.CheckPath(href[off.PathStart:off.FragmentStart])
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
