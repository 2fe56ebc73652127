package urlpattern

import (
	"slices"
	"strings"

	"github.com/gouri/uri/urlpattern/internal/jsregexp"
	"github.com/gouri/uri/whatwg"
)

// Compare orders two patterns by specificity, for [List]: it returns 1
// when a is more specific than b, -1 when it is less, 0 when
// [CompareComponent] finds no difference in any component. The
// components are compared in this order, the first difference deciding:
// pathname, hostname, port, protocol, search, hash, username, password.
// The path decides first, as routers route by it; then the origin, from
// the host down to the scheme; then the query and fragment; then the
// credentials.
//
// So a literal segment beats a named group, which beats a regular
// expression group only if the texts before them differ: "/users/new" is
// more specific than "/users/:id", "/users/:id" than "/users/*", and
// "/a/b/:c" than "/a/:b/c" (the first difference, in the second
// segment, decides).
func Compare(a, b *Pattern) int {
	for _, c := range compareOrder {
		if r := CompareComponent(c, a, b); r != 0 {
			return r
		}
	}
	return 0
}

var compareOrder = [numComponents]Component{Pathname, Hostname, Port, Protocol, Search, Hash, Username, Password}

// List is a compiled list of patterns, such as the routes of a server:
// [List.Match] finds the most specific pattern that matches a URL, by
// [Compare], the first in the list among patterns that compare equal.
//
// It does not match the patterns one by one. The pathnames that are
// "/"-separated segments of fixed text and named groups (":id"),
// optionally ending in a full wildcard ("/files/*"), without modifiers
// or regular expressions, go into a tree of segments, which a URL's path
// walks once; each pattern found there has its other components matched.
// The other patterns (a regular expression group or a modifier in the
// pathname, or a pathname that is not segments, as a protocol that is not
// special gives) are matched one by one, in order of specificity, only
// while they could beat the best match found. A List is immutable and
// safe for use by several goroutines at once.
type List struct {
	patterns []*Pattern
	rank     []int // rank[i]: the place of patterns[i] in the order of specificity, 0 first
	root     trieNode
	anyPath  []int // patterns whose pathname matches every path ("*"), by rank
	others   []int // patterns matched one by one, by rank
	// lead[i] is the fixed text that every pathname patterns[i] matches
	// starts with, and must[i] the longest fixed text it holds after it,
	// for the patterns matched one by one.
	lead []string
	must []string
}

// A trieNode is where a path arrives after as many segments as its depth.
type trieNode struct {
	lits    []litChild           // children by a fixed segment, while they are few
	firsts  string               // the first byte of each of lits, in order
	empty   *trieNode            // the child by the empty segment
	lit     map[string]*trieNode // children by a fixed segment, when they are many
	fold    []foldChild          // children by a fixed segment, ASCII case-insensitive
	param   *trieNode            // the child of a named group
	classes []classChild         // children by a regular expression group such as (\d+)
	end     []int                // patterns whose pathname ends here, by rank
	rest    []int                // patterns whose pathname goes on with "/*" here, by rank
	minRank int                  // the least rank of a pattern here or below
}

type litChild struct {
	seg  string
	node *trieNode
}

// maxLits is the number of fixed children up to which a node scans them;
// a map takes over beyond it.
const maxLits = 24

type foldChild struct {
	seg  string
	node *trieNode
}

type classChild struct {
	key  string // the regular expression, and "i" with ignore case
	run  *jsregexp.ClassRun
	node *trieNode
}

// A segment is a segment of a pathname as the tree holds it: fixed text,
// a named group (param), or a regular expression group of one class
// repeated.
type segment struct {
	text  string
	param bool
	class *jsregexp.ClassRun
	key   string
}

// NewList compiles a list of patterns. It keeps the slice. A nil pattern
// is never matched.
func NewList(patterns []*Pattern) *List {
	l := &List{patterns: patterns, rank: make([]int, len(patterns)), lead: make([]string, len(patterns)),
		must: make([]string, len(patterns))}
	order := make([]int, 0, len(patterns))
	for i, p := range patterns {
		if p != nil {
			order = append(order, i)
		}
	}
	slices.SortStableFunc(order, func(i, j int) int { return Compare(patterns[j], patterns[i]) })
	for r, i := range order {
		l.rank[i] = r
	}
	l.root.minRank = len(order)
	for _, i := range order {
		l.add(i)
	}
	l.root.setMinRank(l.rank)
	return l
}

// Len returns the number of patterns.
func (l *List) Len() int { return len(l.patterns) }

// Pattern returns the pattern at index i of the list.
func (l *List) Pattern(i int) *Pattern { return l.patterns[i] }

// add puts pattern i, in order of rank, where it is matched.
func (l *List) add(i int) {
	segs, rest, ok := segments(&l.patterns[i].comp[Pathname])
	switch {
	case !ok:
		l.others = append(l.others, i)
		l.lead[i], l.must[i] = fixedTexts(&l.patterns[i].comp[Pathname])
	case segs == nil && rest:
		l.anyPath = append(l.anyPath, i)
	default:
		fold := l.patterns[i].ignoreCase
		n := &l.root
		for _, s := range segs {
			n = n.child(s, fold)
		}
		if rest {
			n.rest = append(n.rest, i)
		} else {
			n.end = append(n.end, i)
		}
	}
}

// child returns the child of n for the segment s, made if need be.
func (n *trieNode) child(s segment, fold bool) *trieNode {
	switch {
	case s.param:
		if n.param == nil {
			n.param = &trieNode{}
		}
		return n.param
	case s.class != nil:
		for _, c := range n.classes {
			if c.key == s.key {
				return c.node
			}
		}
		c := &trieNode{}
		n.classes = append(n.classes, classChild{s.key, s.class, c})
		return c
	case fold:
		for _, c := range n.fold {
			if c.seg == s.text {
				return c.node
			}
		}
		c := &trieNode{}
		n.fold = append(n.fold, foldChild{s.text, c})
		return c
	}
	if c := n.fixedChild(s.text); c != nil {
		return c
	}
	c := &trieNode{}
	switch {
	case s.text == "":
		n.empty = c
	case n.lit != nil:
		n.lit[s.text] = c
	case len(n.lits) < maxLits:
		n.lits = append(n.lits, litChild{s.text, c})
		n.firsts += s.text[:1]
	default:
		n.lit = map[string]*trieNode{s.text: c}
		for _, l := range n.lits {
			n.lit[l.seg] = l.node
		}
		n.lits, n.firsts = nil, ""
	}
	return c
}

// fixedChild returns the child of n for the fixed segment seg, or nil. A
// node with few children finds the candidates by their first byte.
func (n *trieNode) fixedChild(seg string) *trieNode {
	switch {
	case seg == "":
		return n.empty
	case n.lit != nil:
		return n.lit[seg]
	}
	for i := 0; i < len(n.firsts); i++ {
		k := strings.IndexByte(n.firsts[i:], seg[0])
		if k < 0 {
			return nil
		}
		i += k
		if c := &n.lits[i]; c.seg == seg {
			return c.node
		}
	}
	return nil
}

// setMinRank sets minRank in n and below, and returns it.
func (n *trieNode) setMinRank(rank []int) int {
	m := int(^uint(0) >> 1)
	for _, list := range [][]int{n.end, n.rest} {
		if len(list) > 0 {
			m = min(m, rank[list[0]])
		}
	}
	for _, c := range n.lit {
		m = min(m, c.setMinRank(rank))
	}
	for _, c := range n.lits {
		m = min(m, c.node.setMinRank(rank))
	}
	if n.empty != nil {
		m = min(m, n.empty.setMinRank(rank))
	}
	for _, c := range n.fold {
		m = min(m, c.node.setMinRank(rank))
	}
	for _, c := range n.classes {
		m = min(m, c.node.setMinRank(rank))
	}
	if n.param != nil {
		m = min(m, n.param.setMinRank(rank))
	}
	n.minRank = m
	return m
}

// segments returns the segments of a pathname component that the tree
// can hold, and whether a full wildcard "/*" follows them; segs is nil for
// the pathname "*", which matches every path. A named group or a
// regular expression group of one class repeated must be a whole segment,
// without a modifier.
func segments(c *component) (segs []segment, rest, ok bool) {
	if c.opts.delimiter != '/' {
		return nil, false, false
	}
	// The pathname as text, with 0 for a group and 1 for a full wildcard:
	// neither byte is in a canonical pathname.
	var b strings.Builder
	var groups []segment
	for i, p := range c.parts {
		switch {
		case p.modifier != modNone || p.suffix != "":
			return nil, false, false
		case p.typ == partFixed:
			b.WriteString(p.value)
		case p.typ == partSegmentWildcard:
			b.WriteString(p.prefix)
			b.WriteByte(0)
			groups = append(groups, segment{param: true})
		case p.typ == partRegexp:
			run, ok := jsregexp.ClassRunOf(p.value, c.opts.flags())
			if !ok || run.Contains('/') {
				return nil, false, false
			}
			b.WriteString(p.prefix)
			b.WriteByte(0)
			key := p.value
			if c.opts.ignoreCase {
				key += "\x00i"
			}
			groups = append(groups, segment{class: run, key: key})
		case i != len(c.parts)-1:
			return nil, false, false
		default:
			b.WriteString(p.prefix)
			b.WriteByte(1)
		}
	}
	s := b.String()
	if s == "\x01" {
		return nil, true, true // "*": every path
	}
	if s == "" || s[0] != '/' {
		return nil, false, false
	}
	segs = []segment{} // "/*" has none, and is not "*"
	for _, seg := range strings.Split(s[1:], "/") {
		switch {
		case seg == "\x00":
			segs = append(segs, groups[0])
			groups = groups[1:]
		case seg == "\x01":
			rest = true
		case strings.ContainsAny(seg, "\x00\x01"):
			return nil, false, false
		default:
			segs = append(segs, segment{text: seg})
		}
	}
	return segs, rest, true
}

// fixedTexts returns the fixed text that every input of c starts with,
// and the longest fixed text of a part without a modifier after it, which
// every input holds after the first; "" with ignore case.
func fixedTexts(c *component) (lead, must string) {
	var b strings.Builder
	leading := true
	add := func(t string) {
		switch {
		case leading:
			b.WriteString(t)
		case len(t) > len(must) && !c.opts.ignoreCase:
			must = t
		}
	}
	for _, p := range c.parts {
		switch {
		case p.modifier != modNone:
			leading = false
		case p.typ == partFixed:
			add(p.value)
		default:
			add(p.prefix)
			leading = false
			add(p.suffix)
		}
	}
	return b.String(), must
}

// Match returns the index in the list of the most specific pattern that
// the URL matches, and false when none does. It does not parse the URL
// again, and allocates nothing unless a regular expression group needs
// to. The zero URL matches nothing.
func (l *List) Match(u whatwg.URL) (int, bool) {
	if u.Href() == "" {
		return -1, false
	}
	m := matching{l: l, u: u, path: u.Pathname(), best: -1, bestRank: len(l.patterns)}
	return m.run()
}

// MatchPathname is [List.Match] of a path alone, as a router matches the
// path of a request: it returns the index of the most specific pattern
// that matches a URL whose pathname is pathname and whose other
// components are empty, as [Pattern.TestInit] takes the components that
// an Init leaves out, and false when none does. The patterns that [New]
// makes from an [Init] that gives the pathname alone, whose other
// components are the wildcard "*", are found by their pathname; a
// pattern with a hostname such as "example.com" is never found. The
// pathname is taken to be as [whatwg.URL.Pathname] gives the path of a
// URL of a special scheme: serialized by the URL Standard, with its "."
// and ".." segments removed and its bytes percent-encoded as the URL
// Standard encodes them, so that it holds no line terminator. Like
// Match, it allocates nothing unless a regular expression group needs
// to.
func (l *List) MatchPathname(pathname string) (int, bool) {
	m := matching{l: l, path: pathname, best: -1, bestRank: len(l.patterns)}
	m.in[Pathname], m.have = pathname, 0xff
	return m.run()
}

// run finds the best pattern for m's URL or path.
func (m *matching) run() (int, bool) {
	l, path := m.l, m.path
	m.try(l.anyPath, numComponents)
	if path != "" && path[0] == '/' {
		m.walk(&l.root, 0)
	}
	for _, i := range l.others {
		if l.rank[i] >= m.bestRank {
			break
		}
		lead := l.lead[i]
		if !hasPrefix(path, lead, l.patterns[i].ignoreCase) || !strings.Contains(path[len(lead):], l.must[i]) {
			continue
		}
		if m.matches(i, numComponents) {
			m.best, m.bestRank = i, l.rank[i]
		}
	}
	return m.best, m.best >= 0
}

// TestURL reports whether the URL matches a pattern of the list, as
// [List.Match] finds it. With it a List is a guard.URLTester: an egress
// allowlist of URL patterns for guard.Policy.OnlyURLs.
func (l *List) TestURL(u whatwg.URL) bool {
	_, ok := l.Match(u)
	return ok
}

// MatchString parses input as a URL, without a base, and returns
// [List.Match] of it; false when it is not a URL.
func (l *List) MatchString(input string) (int, bool) {
	u, err := whatwg.Parse(input)
	if err != nil {
		return -1, false
	}
	return l.Match(u)
}

// Exec returns the index of the pattern that [List.Match] finds and that
// pattern's [Pattern.ExecURL] result; -1, the zero Result and false when
// none matches.
func (l *List) Exec(u whatwg.URL) (int, Result, bool) {
	i, ok := l.Match(u)
	if !ok {
		return -1, Result{}, false
	}
	r, _ := l.patterns[i].ExecURL(u)
	return i, r, true
}

// matching is one walk of the tree. The inputs of the URL's components
// are read when a pattern needs them: most patterns of a list match every
// component but the path.
type matching struct {
	l        *List
	u        whatwg.URL
	path     string
	in       inputs
	have     uint8 // the components read into in, one bit each
	best     int
	bestRank int
}

// input returns the input of component c.
func (m *matching) input(c Component) string {
	if m.have&(1<<c) == 0 {
		m.in[c] = urlInput(&m.u, c)
		m.have |= 1 << c
	}
	return m.in[c]
}

// matches reports whether the URL matches pattern i in every component
// but skip (whose match the tree made). A URL's components hold no line
// terminator (see testURL): a wildcard component needs no look.
func (m *matching) matches(i int, skip Component) bool {
	p := m.l.patterns[i]
	for _, c := range p.urlChecks {
		if c != skip && !p.comp[c].m.match(m.input(c), nil) {
			return false
		}
	}
	return true
}

// walk visits node n, where the path has matched as many segments as n's
// depth; i is the index of the "/" before the next segment, or the length
// of the path.
func (m *matching) walk(n *trieNode, i int) {
	if n.minRank >= m.bestRank {
		return
	}
	path := m.path
	if i == len(path) {
		m.try(n.end, Pathname)
		return
	}
	if len(n.rest) > 0 {
		m.try(n.rest, Pathname)
	}
	j := strings.IndexByte(path[i+1:], '/')
	if j < 0 {
		j = len(path)
	} else {
		j += i + 1
	}
	seg := path[i+1 : j]
	if c := n.fixedChild(seg); c != nil {
		m.walk(c, j)
	}
	for _, c := range n.fold {
		if len(c.seg) == len(seg) && hasPrefix(seg, c.seg, true) {
			m.walk(c.node, j)
		}
	}
	for _, c := range n.classes {
		if c.run.Matches(seg) {
			m.walk(c.node, j)
		}
	}
	if seg != "" && n.param != nil {
		m.walk(n.param, j)
	}
}

// try matches the patterns of list, by rank, in every component but skip,
// until one matches or none can beat the best.
func (m *matching) try(list []int, skip Component) {
	for _, i := range list {
		if m.l.rank[i] >= m.bestRank {
			return
		}
		if m.matches(i, skip) {
			m.best, m.bestRank = i, m.l.rank[i]
			return
		}
	}
}
