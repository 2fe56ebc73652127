package robots

import (
	"bytes"
	"math"
	"slices"
	"strings"
	"time"

	"github.com/gouri/uri/internal/abnf"
)

// file is what Parse reads in a robots.txt file: immutable once made.
type file struct {
	body   string
	pats   string    // the compiled patterns of the rules
	rules  []rule    // the rules of every group, each group's sorted by precedence
	groups []group   // in the order of the file
	tokens []tokenAt // the product tokens named, sorted by token, then group
	star   []int32   // the groups that name "*"
	fail   []int32   // the failure tables of the patterns (see failures)
	heads  []head    // the first bytes of each rule of the plain groups, by the index of the rule in rules

	records  []Record
	sitemaps []Record
	ignored  []Ignored

	// What the tests count: the user-agent, allow, disallow and sitemap
	// lines read (rules outside groups included), the other key-value
	// lines, and the number of the last of them.
	directives, others, lastLine int
}

// group is a group of the file (RFC 9309, Section 2.1): its rules are
// rules[lo:hi]; scan is the length of the prefix of a path to match that
// its rules look at: that of its longest pattern when every pattern is
// plain (no "*", no final "$"), else -1 for the whole path; and delay is
// the value of its first crawl-delay line that is a number (see
// Agent.CrawlDelay), or -1.
type group struct {
	lo, hi, scan int32
	delay        time.Duration
}

// head is the first eight bytes of a plain rule's pattern as a word
// (see word), and the mask of those of them that the pattern has: a path
// whose word w has (w^h.w)&h.mask == 0 begins with the pattern, or with
// its first eight bytes when it is longer. No pattern holds a NUL byte
// (the normalization encodes it), so the zero bytes that pad a short
// path's word match none.
type head struct {
	w, mask uint64
}

// tokenAt says that group names token, lower-cased.
type tokenAt struct {
	token string
	group int32
}

// rule is a compiled allow or disallow line. It holds no pointer, so
// that sorting the rules and collecting the garbage cost little.
type rule struct {
	raw, rawEnd int32 // the pattern as written: file.body[raw:rawEnd]
	pat, patEnd int32 // compiled, file.pats[pat:patEnd]: normalized, "*" the wildcard, no final "$"
	line        int32
	priority    int32 // the octets of the pattern (Section 2.2.2), "*" and "$" counted
	first       int32 // the length of the pattern's first segment, up to its first "*"
	last        int32 // the index of the pattern's last segment, after its last "*" (0 when it has none)
	fail        int32 // the index of the pattern's failure table in file.fail
	allow       bool
	anchored    bool // the pattern ends in "$"
}

// googleLineMax is the longest line that Google's reference parser reads:
// it keeps the first 2083 × 8 − 1 bytes of a longer line.
const googleLineMax = 2083*8 - 1

// bom is the UTF-8 byte-order mark. The parser skips it, or any prefix
// of it, at the start of the file (what robots_test.cc's
// ID_UTF8ByteOrderMarkIsSkipped asks).
const bom = "\xEF\xBB\xBF"

// parser holds the state of one parse.
type parser struct {
	o       Options
	f       *file
	arena   []byte  // the normalized patterns
	lowered []byte  // the lower-cased tokens
	cur     int32   // the group that the next rule goes to, or -1
	inRules bool    // the current group has a rule: a user-agent line starts the next
	spans   []int32 // the start of each token in lowered
}

// parse reads body under o. It keeps at most o.limit() bytes of it and
// drops a line cut by the limit, saying so in the ignored lines.
func parse(o Options, body []byte) *file {
	f := &file{}
	p := &parser{o: o, f: f, cur: -1}
	limit := o.limit()
	cut := len(body) > limit
	if cut {
		n := limit
		if c := body[limit]; c != '\n' && c != '\r' {
			n = max(bytes.LastIndexByte(body[:limit], '\n'), bytes.LastIndexByte(body[:limit], '\r')) + 1
		}
		body = body[:n]
	}
	f.body = string(body)
	// A rule takes a line of 8 bytes at least ("allow:/" and its end):
	// room for as many rules as there can be, but no more than one a
	// line, so that the slice is not copied as it grows.
	lines := bytes.Count(body, []byte{'\n'}) + bytes.Count(body, []byte{'\r'}) + 1
	f.rules = make([]rule, 0, min(lines, len(body)/8+1))
	s := f.body
	k := 0 // the bytes of a byte-order mark
	for k < len(bom) && k < len(s) && s[k] == bom[k] {
		k++
	}
	n := p.lines(s, k)
	if cut {
		f.ignored = append(f.ignored, Ignored{Line: n, Problem: PastLimit})
	}
	p.finish()
	return f
}

// lines reads each line of s from its byte off and returns the number of
// the line after the last: lines end at CR, LF or CRLF (Section 2.2, NL).
func (p *parser) lines(s string, off int) int {
	n := 1
	for off < len(s) {
		end := off
		for end < len(s) && s[end] != '\r' && s[end] != '\n' {
			end++
		}
		p.line(n, off, s[off:end])
		if end == len(s) {
			return n + 1
		}
		if s[end] == '\r' && end+1 < len(s) && s[end+1] == '\n' {
			end++
		}
		n++
		off = end + 1
	}
	return n
}

// The keys of the lines that this package reads (RFC 9309, Sections
// 2.2.1, 2.2.2 and 2.2.4).
const (
	keyOther = iota
	keyUserAgent
	keyAllow
	keyDisallow
	keySitemap
)

// googleKeys are the spellings of each key that Google's reference parser
// accepts at the start of a key, without regard to case: its documented
// typos included.
var googleKeys = []struct {
	key      int
	prefixes []string
}{
	{keyUserAgent, []string{"user-agent", "useragent", "user agent"}},
	{keyAllow, []string{"allow"}},
	{keyDisallow, []string{"disallow", "dissallow", "dissalow", "disalow", "diasllow", "disallaw"}},
	{keySitemap, []string{"sitemap", "site-map"}},
}

// key returns what the key k of a line is.
func (p *parser) key(k string) int {
	if p.o.Reading == Google {
		for _, g := range googleKeys {
			for _, pre := range g.prefixes {
				if len(k) >= len(pre) && abnf.EqualFold(k[:len(pre)], pre) {
					return g.key
				}
			}
		}
		return keyOther
	}
	switch {
	case abnf.EqualFold(k, "user-agent"):
		return keyUserAgent
	case abnf.EqualFold(k, "allow"):
		return keyAllow
	case abnf.EqualFold(k, "disallow"):
		return keyDisallow
	case abnf.EqualFold(k, "sitemap"):
		return keySitemap
	}
	return keyOther
}

// space reports whether c is white space around a key or a value: WS of
// Section 2.2 (space and tab), or for Google's reading every ASCII space.
func (p *parser) space(c byte) bool {
	return c == ' ' || c == '\t' || p.o.Reading == Google && (c == '\v' || c == '\f')
}

// trim returns the bounds of s[i:j] without the white space around it.
func (p *parser) trim(s string, i, j int) (int, int) {
	for i < j && p.space(s[i]) {
		i++
	}
	for i < j && p.space(s[j-1]) {
		j--
	}
	return i, j
}

// line reads the line number n, which begins at the byte off of the file,
// without its line break.
func (p *parser) line(n, off int, line string) {
	end := len(line)
	if p.o.Reading == Google && end > googleLineMax {
		end = googleLineMax
	}
	if i := strings.IndexByte(line[:end], '#'); i >= 0 {
		end = i // a comment (Section 2.2.3)
	}
	start, end := p.trim(line, 0, end)
	if start == end {
		return
	}
	ke, vs, ve, ok := p.keyValue(line, start, end)
	if !ok {
		p.f.ignored = append(p.f.ignored, Ignored{Line: n, Problem: NotKeyValue, Text: line})
		return
	}
	f := p.f
	f.lastLine = n
	f.directives++
	key, value := line[start:ke], line[vs:ve]
	switch k := p.key(key); k {
	case keyUserAgent:
		p.userAgent(n, value, line)
	case keyAllow, keyDisallow:
		p.rule(n, k == keyAllow, off+vs, value, line)
	case keySitemap:
		f.sitemaps = append(f.sitemaps, Record{Line: n, Key: key, Value: value})
	default:
		f.directives--
		f.others++
		f.records = append(f.records, Record{Line: n, Key: key, Value: value})
		if p.cur >= 0 && f.groups[p.cur].delay < 0 && abnf.EqualFold(key, "crawl-delay") {
			if d, ok := seconds(value); ok {
				f.groups[p.cur].delay = d
			}
		}
	}
}

// seconds reads a number of seconds, 1*DIGIT ["." 1*DIGIT], as a
// duration; one too large for a time.Duration gives the largest. The
// digits after the ninth after the "." are dropped.
func seconds(s string) (time.Duration, bool) {
	const most = time.Duration(math.MaxInt64)
	var d time.Duration
	i := 0
	for ; i < len(s) && abnf.IsDigit(s[i]); i++ {
		if d > (most-9*time.Second)/10 {
			d = most
			continue
		}
		d = 10*d + time.Duration(s[i]-'0')*time.Second
	}
	if i == 0 {
		return 0, false
	}
	if i == len(s) {
		return d, true
	}
	if s[i] != '.' || i+1 == len(s) {
		return 0, false
	}
	unit := time.Second
	for i++; i < len(s); i++ {
		if !abnf.IsDigit(s[i]) {
			return 0, false
		}
		unit /= 10
		if d < most-9*unit {
			d += time.Duration(s[i]-'0') * unit
		}
	}
	return d, true
}

// keyValue splits line[start:end], a line without the spaces around it,
// at its first ":" into a key, line[start:ke], and a value, line[vs:ve],
// both trimmed (Section 2.2). Google's reference reads a line without ":"
// as a key and a value separated by white space, when it holds just two
// words.
func (p *parser) keyValue(line string, start, end int) (ke, vs, ve int, ok bool) {
	if i := strings.IndexByte(line[start:end], ':'); i >= 0 {
		_, ke = p.trim(line, start, start+i)
		vs, ve = p.trim(line, start+i+1, end)
		return ke, vs, ve, ke > start
	}
	if p.o.Reading != Google {
		return 0, 0, 0, false
	}
	i := strings.IndexAny(line[start:end], " \t")
	if i < 0 {
		return 0, 0, 0, false
	}
	vs, ve = p.trim(line, start+i, end)
	return start + i, vs, ve, !strings.ContainsAny(line[vs:ve], " \t")
}

// userAgent reads a user-agent line (Section 2.2.1): the first of a group,
// or one more of the group that has no rule yet. Its product token is
// "*", or the longest run of letters, "-" and "_" that begins the value
// ("Googlebot/2.1" names Googlebot, as Google's reference reads it); a
// value that begins with neither names no crawler, but the line still
// begins a group, so that the rules after it do not join the group
// before.
func (p *parser) userAgent(n int, value, line string) {
	f := p.f
	if p.cur < 0 || p.inRules {
		p.cur = int32(len(f.groups))
		f.groups = append(f.groups, group{lo: int32(len(f.rules)), hi: int32(len(f.rules)), delay: -1})
		p.inRules = false
	}
	if value == "*" || len(value) > 1 && value[0] == '*' && p.space(value[1]) {
		f.star = append(f.star, p.cur)
		return
	}
	tok := Token(value)
	if tok == "" {
		f.ignored = append(f.ignored, Ignored{Line: n, Problem: NoProductToken, Text: line})
		return
	}
	p.spans = append(p.spans, int32(len(p.lowered)))
	for i := 0; i < len(tok); i++ {
		p.lowered = append(p.lowered, abnf.Lower(tok[i]))
	}
	f.tokens = append(f.tokens, tokenAt{group: p.cur})
}

// rule reads an allow or disallow line (Section 2.2.2). A rule before
// any user-agent line is in no group and ignored; an empty pattern
// matches nothing (a "disallow:" with no path disallows nothing); a
// pattern that begins with neither "/" nor "*" matches no path and is
// ignored.
func (p *parser) rule(n int, allow bool, off int, value, line string) {
	f := p.f
	if p.cur < 0 {
		f.ignored = append(f.ignored, Ignored{Line: n, Problem: OutsideGroup, Text: line})
		return
	}
	p.inRules = true
	if value == "" {
		return
	}
	if value[0] != '/' && value[0] != '*' {
		f.ignored = append(f.ignored, Ignored{Line: n, Problem: NotPath, Text: line})
		return
	}
	p.add(n, allow, off, len(value), value)
	if p.o.Reading == Google && allow {
		// Google's reference also allows the directory of an allowed
		// "index.htm" or "index.html": /a/index.html allows /a/ too.
		// A value without "/" ("*") has no directory.
		if i := strings.LastIndexByte(value, '/'); i >= 0 && strings.HasPrefix(value[i:], "/index.htm") {
			p.add(n, allow, off, len(value), value[:i+1]+"$")
		}
	}
}

// add compiles pattern into a rule of the current group: the rule of
// line n, whose value as written is the size bytes of the file from off.
func (p *parser) add(n int, allow bool, off, size int, pattern string) {
	f := p.f
	r := rule{raw: int32(off), rawEnd: int32(off + size), line: int32(n), allow: allow, fail: -1}
	body, anchored := strings.CutSuffix(pattern, "$")
	r.anchored = anchored
	p.arena = grow(p.arena, 3*len(body))
	start := len(p.arena)
	var pat string
	if p.o.Reading == Google {
		pat, p.arena = googleEscape(p.arena, body)
	} else {
		pat, p.arena = normalize(p.arena, body, true)
	}
	if len(p.arena) == start {
		p.arena = append(p.arena, pat...) // as written
	}
	r.pat, r.patEnd = int32(start), int32(len(p.arena))
	r.priority = int32(len(pat))
	if anchored {
		r.priority++
	}
	r.first = int32(len(pat))
	if i := strings.IndexByte(pat, '*'); i >= 0 {
		r.first = int32(i)
		r.last = int32(strings.LastIndexByte(pat, '*') + 1)
		r.fail = int32(len(f.fail))
		f.fail = failures(f.fail, pat)
	}
	f.rules = append(f.rules, r)
	f.groups[p.cur].hi++
}

// finish sorts the rules of each group by precedence, so that the first
// that matches a path decides (the longest pattern, then allow before
// disallow, then the first line), and the product tokens for look-up.
func (p *parser) finish() {
	f := p.f
	f.pats = abnf.String(p.arena) // no longer written
	for gi, g := range f.groups {
		for _, r := range f.rules[g.lo:g.hi] {
			if n := r.patEnd - r.pat; r.anchored || r.first != n {
				g.scan = -1
				break
			} else if n > g.scan {
				g.scan = n
			}
		}
		f.groups[gi].scan = g.scan
		slices.SortFunc(f.rules[g.lo:g.hi], func(a, b rule) int {
			switch {
			case a.priority != b.priority:
				return int(b.priority - a.priority)
			case a.allow != b.allow:
				if a.allow {
					return -1
				}
				return 1
			}
			return int(a.line - b.line)
		})
		if g.scan > 0 && g.hi > g.lo {
			if f.heads == nil {
				f.heads = make([]head, len(f.rules))
			}
			for i := g.lo; i < g.hi; i++ {
				pat := f.pats[f.rules[i].pat:f.rules[i].patEnd]
				f.heads[i] = head{w: word(pat), mask: ^uint64(0) >> (64 - 8*min(len(pat), 8))}
			}
		}
	}
	all := string(p.lowered)
	for i := range f.tokens {
		end := len(all)
		if i+1 < len(p.spans) {
			end = int(p.spans[i+1])
		}
		f.tokens[i].token = all[p.spans[i]:end]
	}
	slices.SortFunc(f.tokens, func(a, b tokenAt) int {
		if c := strings.Compare(a.token, b.token); c != 0 {
			return c
		}
		return int(a.group - b.group)
	})
	f.tokens = slices.Compact(f.tokens)
	f.star = slices.Compact(f.star)
}
