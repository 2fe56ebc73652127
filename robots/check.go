package robots

import (
	"math/bits"
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
	r *Robots
	// Its groups, as of says: the groups of file.tokens[lo:hi], which
	// name the token, or those of "*", file.star[lo:hi], or one group,
	// g, whose rules are file.rules[lo:hi]. Indices rather than slices
	// keep an Agent in few words, which a call passes in registers.
	lo, hi int32
	g      int32
	of     uint8
	scan   int32 // the prefix of a path that the rules look at (see group.scan); -1 for all of it or the Google reading, 0 unknown
}

// What the indices of an Agent are (Agent.of).
const (
	ofTokens = iota
	ofStar
	ofGroup
)

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
			a.lo, a.hi = int32(i), int32(j)
			return a.finish(), nil
		}
	}
	a.hi, a.of = int32(len(f.star)), ofStar
	return a.finish(), nil
}

// finish returns a with its scan, and its group as such when it has one
// and the file was fetched.
func (a Agent) finish() Agent {
	a.scan = -1 // the Google reading compares paths as given
	if a.r.reading == RFC9309 {
		a.scan = a.scanned()
	}
	if a.groups() == 1 && a.r.outcome == Success {
		a.g = a.group(0)
		g := &a.r.f.groups[a.g]
		a.lo, a.hi, a.of = g.lo, g.hi, ofGroup
	}
	return a
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
	for k := range a.groups() {
		if d := a.r.f.groups[a.group(k)].delay; d >= 0 {
			return d, true
		}
	}
	return 0, false
}

// scanned returns the length of the prefix of a path to match that the
// rules of a look at, never less than that of "/robots.txt?", or -1 when
// a rule looks at the whole path.
func (a *Agent) scanned() int32 {
	n := int32(len("/robots.txt?"))
	for k := range a.groups() {
		g := a.r.f.groups[a.group(k)].scan
		if g < 0 {
			return -1
		}
		n = max(n, g)
	}
	return n
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
	// Most URLs are written as the URL Standard writes them: their path
	// and query are read off without the parser.
	if scheme, host, target, ok := plainURL(rawURL); ok && (a.r == nil || a.r.scheme == "" || scheme == a.r.scheme && host == a.r.hostPort) {
		return a.CheckPath(target), nil
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
	r := a.r // alone kept across the call
	var at int
	if a.scan > 0 { // check, one call fewer
		at, _ = a.checkPlain(target)
	} else {
		at, _ = a.checkGeneral(target)
	}
	if at < 0 {
		return Verdict{Allowed: Reason(-at) != FileUnreachable, Reason: Reason(-at)}
	}
	return r.f.verdict(at)
}

// The functions that find the verdict of a path return where it is, at:
// the index of the deciding rule in file.rules, or the negated Reason of
// a verdict that no rule decides. Verdict, a value of five words, is made
// once, by verdict.

// verdict returns the verdict at at.
func (a *Agent) verdict(at int) Verdict {
	if at < 0 {
		return Verdict{Allowed: Reason(-at) != FileUnreachable, Reason: Reason(-at)}
	}
	return a.r.f.verdict(at)
}

// verdict returns the verdict of the rule f.rules[at].
func (f *file) verdict(at int) Verdict {
	c := &f.rules[at]
	return Verdict{Allowed: c.allow, Reason: MatchedRule, Rule: Rule{Line: int(c.line), Allow: c.allow, Pattern: f.body[c.raw:c.rawEnd]}}
}

// stackPath is the room for a normalized path on the stack; a longer one
// borrows a buffer from buffers.
const stackPath = 512

// buffers holds the buffers of long normalized paths.
var buffers = sync.Pool{New: func() any { return new([]byte) }}

// check is CheckPath, with the steps that matching took: it returns
// where the verdict is (see verdict).
//
// Plain rules (a.scan > 0) are matched with target as it is first: each
// rule's verdict on target is its verdict on target's normalization when
// the normalization leaves target as it is up to the first byte where
// the two differ, or up to the rule's end; and the verdict on
// /robots.txt is so when it leaves the first 12 bytes, or the second
// when it is no "r". Most paths are such, and most files' rules plain;
// and most rules differ from a path in its first bytes. The rules of
// one group, in their order of precedence, are compared with the first
// eight bytes of target in one step each (see head).
func (a Agent) check(target string) (at, steps int) {
	if a.scan > 0 {
		return a.checkPlain(target)
	}
	return a.checkGeneral(target)
}

// checkPlain is check for an Agent whose rules are all plain.
func (a Agent) checkPlain(target string) (at, steps int) {
	r := a.r
	need := 2 // the bytes of target that decided
	if len(target) > 1 && target[1] == 'r' {
		need = len("/robots.txt?")
	}
	if a.of != ofGroup { // several groups, or a file that was not fetched
		at, steps = a.decide(target)
		need = max(need, int(a.scan))
	} else if need > 2 && robotsTxt(target) {
		at = -int(RobotsTxtPath)
	} else {
		var w uint64
		if len(target) >= 8 {
			w = load64(target)
		} else {
			w = word(target)
		}
		f := r.f
		heads := f.heads[a.lo:a.hi]
		at = -int(NoRuleMatched)
		for i := range heads {
			h := &heads[i]
			if x := (w ^ h.w) & h.mask; x != 0 {
				need = max(need, bits.TrailingZeros64(x)>>3+1)
				continue
			}
			j := int(a.lo) + i
			n := int(f.rules[j].patEnd - f.rules[j].pat)
			if n > 8 {
				m := 8 + common(target[8:], f.pats[f.rules[j].pat+8:f.rules[j].patEnd])
				steps += m - 8
				if m < n {
					need = max(need, m+1)
					continue
				}
			}
			at, need = j, max(need, n)
			break
		}
		steps += len(heads)
	}
	// The bytes that decided most often stay as they are in a path;
	// unchanged reads those that do not.
	n := min(need, len(target))
	i := 0
	for i < n && classes[target[i]]&keepPath != 0 {
		i++
	}
	if i == need || unchanged(target, need) {
		return at, steps
	}
	return a.checkGeneral(target)
}

// unchanged reports whether the normalization leaves the first n bytes
// of target, a path to match, as they are (all of it when shorter), and
// target has a first byte:
// each stays as it is in the path, but for a first "?", after which each
// stays as it is in the query, and for a pct-encoding that stays, whose
// hex digits may lie past n.
func unchanged(target string, n int) bool {
	s := target[:min(n, len(target))]
	if len(s) >= 8 {
		// Eight bytes at a time, the last eight read again: a path
		// without a query or a "%" up to there, as most are, stays in
		// two or three steps.
		i := 0
		for ; i+8 < len(s); i += 8 {
			if !stays8(s[i:i+8], keepPath) {
				break
			}
		}
		if i+8 >= len(s) && stays8(s[len(s)-8:], keepPath) {
			return true
		}
	}
	keep := uint8(keepPath)
	for i := 0; i < len(s); i++ {
		if c := s[i]; classes[c]&keep == 0 {
			switch {
			case c == '?' && keep == keepPath:
				keep = keepQuery
			case c == '%' && canonicalPct(target, i):
				i += 2
			default:
				return false
			}
		}
	}
	return len(s) > 0
}

// checkGeneral is check for any rules and any target.
func (a *Agent) checkGeneral(target string) (at, steps int) {
	if a.r == nil {
		return -int(NoGroup), 0
	}
	i, query := 0, false
	if a.r.reading == Google {
		if j := strings.IndexByte(target, '#'); j >= 0 {
			target = target[:j]
		}
		if target == "" {
			target = "/"
		}
		if target[0] == '/' {
			return a.decide(target)
		}
	} else {
		// The normalization changes a "#", which ends the target: the one
		// pass that finds the first byte to change finds the fragment of a
		// target that needs no other change.
		i, query = firstChange(target, false)
		if i < len(target) && target[i] == '#' {
			target = target[:i]
		}
		if i == len(target) {
			if target == "" {
				target = "/"
			}
			return a.decide(target)
		}
		if j := strings.IndexByte(target[i:], '#'); j >= 0 {
			target = target[:i+j]
		}
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
	at, steps = a.decide(a.r.slowPath(b, target, i, query))
	buffers.Put(pb)
	return at, steps
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

// decide returns where the verdict for path, a path to match, is (see
// verdict), and the steps that matching took.
func (a *Agent) decide(path string) (at, steps int) {
	r := a.r
	if len(path) > 1 && path[1] == 'r' && robotsTxt(path) {
		return -int(RobotsTxtPath), 0
	}
	switch r.outcome {
	case Unavailable:
		return -int(FileUnavailable), 0
	case Unreachable:
		return -int(FileUnreachable), 0
	}
	if a.groups() == 0 {
		return -int(NoGroup), 0
	}
	f := r.f
	var best *rule
	for k := range a.groups() {
		g := f.groups[a.group(k)]
		rules := f.rules[g.lo:g.hi]
		for i := range rules {
			c := &rules[i]
			if best != nil && !c.before(best) {
				break // the group's later rules come after best too
			}
			var ok bool
			if n := int(c.patEnd - c.pat); c.first == c.patEnd-c.pat {
				// A pattern without "*", as most are: compared here, without
				// the call of match.
				ok = len(path) >= n && hasPrefix(path, f.pats[c.pat:c.patEnd]) && (!c.anchored || len(path) == n)
				steps += n
			} else {
				ok, n = c.match(path, f)
				steps += n
			}
			if ok {
				best, at = c, int(g.lo)+i
				break
			}
		}
	}
	if best == nil {
		return -int(NoRuleMatched), steps
	}
	return at, steps
}

// robotsTxt reports whether path, a path to match, is /robots.txt, with
// a query or without, which is always allowed (Section 2.2.2).
func robotsTxt(path string) bool {
	const p = "/robots.txt"
	return len(path) >= len(p) && path[:len(p)] == p && (len(path) == len(p) || path[len(p)] == '?')
}

// common returns the length of the longest common prefix of s and t.
func common(s, t string) int {
	n := min(len(s), len(t))
	s, t = s[:n], t[:n]
	for i := range n {
		if s[i] != t[i] {
			return i
		}
	}
	return n
}

// word returns the first eight bytes of s as a little-endian word, with
// zero bytes past the end of a shorter s.
func word(s string) uint64 {
	switch n := len(s); {
	case n >= 8:
		return load64(s)
	case n >= 4: // two words of four, which overlap
		return uint64(load32(s)) | uint64(load32(s[n-4:]))<<(8*(n-4))
	}
	w := uint64(0)
	for i := len(s) - 1; i >= 0; i-- {
		w = w<<8 | uint64(s[i])
	}
	return w
}

// load64 returns the first eight bytes of s, little-endian.
func load64(s string) uint64 {
	s = s[:8]
	return uint64(s[0]) | uint64(s[1])<<8 | uint64(s[2])<<16 | uint64(s[3])<<24 |
		uint64(s[4])<<32 | uint64(s[5])<<40 | uint64(s[6])<<48 | uint64(s[7])<<56
}

// load32 returns the first four bytes of s, little-endian.
func load32(s string) uint32 {
	s = s[:4]
	return uint32(s[0]) | uint32(s[1])<<8 | uint32(s[2])<<16 | uint32(s[3])<<24
}

// group returns the k-th group of a (a pointer, so that a call does not
// copy the Agent).
func (a *Agent) group(k int) int32 {
	switch a.of {
	case ofGroup:
		return a.g
	case ofStar:
		return a.r.f.star[int(a.lo)+k]
	}
	return a.r.f.tokens[int(a.lo)+k].group
}

// groups returns the number of groups of a.
func (a *Agent) groups() int {
	if a.of == ofGroup {
		return 1
	}
	return int(a.hi - a.lo)
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
