package template

import (
	"strings"

	"github.com/gouri/uri"
	"github.com/gouri/uri/internal/abnf"
)

// MatchOptions changes how [Template.Match] reads a URI where RFC 6570,
// Section 1.4 leaves the reading open. The zero value, and a nil
// *MatchOptions, are the defaults.
type MatchOptions struct {
	// ExtraParams lets the query of the URI hold parameters that the
	// template does not name; they are ignored. By default such a
	// parameter means no match.
	ExtraParams bool

	// Kinds gives the kind of value to read for a variable, where the text
	// alone cannot tell: "a,b" in "{x}" is the list [a b] by default, and
	// the associative array {a: b} with Kinds{"x": KindAssoc}; "a" in
	// "{x}" is a string by default, and the list [a] with KindList. An
	// exploded variable of "?", "&" or ";" that Kinds makes a string or a
	// list takes only the pairs named by it. A variable that Kinds does
	// not name is read by the rules of [Template.Match].
	Kinds map[string]Kind
}

func (o *MatchOptions) kind(name string) Kind {
	if o == nil {
		return Undefined
	}
	return o.Kinds[name]
}

func (o *MatchOptions) extraParams() bool { return o != nil && o.ExtraParams }

// Match reads s as a URI-reference and, when it is an expansion of the
// template, returns the values that the expansion took: the reverse of
// [Template.Expand] (RFC 6570, Section 1.4). It returns a *uri.Error when
// s is not a URI-reference (Op uri.OpParse), and one with Op uri.OpMatch,
// Err ErrNoMatch and the Offset in s at which matching failed when it does
// not match. See [Template.MatchURI] for the rules.
func (t *Template) Match(s string, opts *MatchOptions) (Values, error) {
	u, err := uri.Parse(s)
	if err != nil {
		return nil, err
	}
	return t.MatchURI(u, opts)
}

// MatchURI returns the values of the variables for which the template
// expands to u, the reverse of expansion (RFC 6570, Section 1.4), or a
// *uri.Error with Op uri.OpMatch, ErrNoMatch and the offset in u at which
// matching failed.
// Values are pct-decoded and never cross their operator's boundary: in the
// path, a value of any expression but "+" and "#" holds no "/" and is not
// "." or "..", and a label holds no ".". A query of parameters matches in
// any order. Where u could be split in several ways, each expression, from
// left to right, takes the longest text that lets the rest match, and each
// variable of an expression but its last the fewest members. The package
// documentation, sections Matching and Round trips, gives the rules in full
// and what does not round-trip. Matching reads u once, in time linear in its
// length.
func (t *Template) MatchURI(u uri.URI, opts *MatchOptions) (Values, error) {
	var steps int
	vals, off, ok := t.match(u, opts, &steps)
	if !ok {
		return nil, &uri.Error{Op: uri.OpMatch, Input: u.String(), Offset: off, Err: ErrNoMatch}
	}
	return vals, nil
}

// matcher is a template compiled for matching.
type matcher struct {
	occs   []occurrence
	groups [][]int // the occurrences of each name, in the order of Template.names
	all    *prog   // the whole template, when it has no query of parameters
	// Otherwise the template is split where its query begins and ends: the
	// automata of the parts before the query and from the fragment on,
	// and the parameters of the query.
	head, tail *prog
	query      []qitem
}

// occurrence is one varspec of the template, numbered in template order.
type occurrence struct {
	op   *operator
	spec *varspec
}

// capture is the text that an occurrence took, and where in the URI.
type capture struct {
	set        bool
	start, end int
	text       string
}

// matcher returns the template compiled for matching with o: once for all
// options whose Kinds do not change the automaton, and once for each set
// of kinds that does (see namedKinds).
func (t *Template) matcher(o *MatchOptions) *matcher {
	named, key := t.namedKinds(o)
	if named == nil {
		t.matchOnce.Do(func() { t.m = t.compileMatcher(nil) })
		return t.m
	}
	if m, ok := t.hinted.Load(key); ok {
		return m.(*matcher)
	}
	m, _ := t.hinted.LoadOrStore(key, t.compileMatcher(named))
	return m.(*matcher)
}

// namedKinds returns the kinds that o gives the exploded variables of named
// operators ("{?x*}", "{;x*}", "{&x*}") as strings or lists, whose pairs
// are then all named by the variable, and a key for that set; nil when
// there are none.
func (t *Template) namedKinds(o *MatchOptions) (map[string]Kind, string) {
	if o == nil || len(o.Kinds) == 0 {
		return nil, ""
	}
	var named map[string]Kind
	var key []byte
	for i := range t.parts {
		p := &t.parts[i]
		if p.op == nil || !p.op.named {
			continue
		}
		for k := range p.specs {
			v := &p.specs[k]
			if kind := o.kind(v.name); v.explode && (kind == KindString || kind == KindList) && named[v.name] == Undefined {
				if named == nil {
					named = map[string]Kind{}
				}
				named[v.name] = kind
				key = append(append(append(key, byte(kind)), v.name...), 0)
			}
		}
	}
	return named, string(key)
}

func (t *Template) compileMatcher(named map[string]Kind) *matcher {
	m := &matcher{}
	index := map[string]int{}
	for i, n := range t.names {
		index[n] = i
	}
	m.groups = make([][]int, len(t.names))
	for i := range t.parts {
		p := &t.parts[i]
		for k := range p.specs {
			g := index[p.specs[k].name]
			m.groups[g] = append(m.groups[g], len(m.occs))
			m.occs = append(m.occs, occurrence{op: p.op, spec: &p.specs[k]})
		}
	}
	slots := 2 * len(m.occs)
	head, query, tail, ok := splitQuery(t.parts)
	if ok {
		m.query, ok = queryItems(query, len(occsIn(head)), slots, named)
	}
	if !ok {
		m.all = compile(t.parts, 0, slots, named)
		return m
	}
	m.head = compile(head, 0, slots, named)
	m.tail = compile(tail, len(m.occs)-len(occsIn(tail)), slots, named)
	return m
}

func occsIn(parts []part) []varspec {
	var specs []varspec
	for _, p := range parts {
		specs = append(specs, p.specs...)
	}
	return specs
}

// match is MatchURI, with the count of the automaton's steps for the
// tests of linearity.
func (t *Template) match(u uri.URI, o *MatchOptions, steps *int) (Values, int, bool) {
	m := t.matcher(o)
	s := u.String()
	caps := make([]capture, len(m.occs))
	pathEnd := len(s)
	if u.HasFragment() {
		pathEnd -= len(u.Fragment()) + 1
	}
	fragStart := pathEnd
	if u.HasQuery() {
		pathEnd -= len(u.Query()) + 1
	}
	pathStart := pathEnd - len(u.Path())

	if m.all != nil {
		slots, ok, fail := m.all.run(s, 0, steps)
		if ok {
			m.fill(slots, s, caps, 0, 0)
		} else if o.extraParams() && u.HasQuery() {
			// The query may be all extra: match without it.
			cut := s[:pathEnd] + s[fragStart:]
			if slots, ok, _ = m.all.run(cut, 0, steps); ok {
				m.fill(slots, cut, caps, pathEnd, fragStart-pathEnd)
			}
		}
		if !ok {
			return nil, fail, false
		}
	} else {
		slots, ok, fail := m.head.run(s[:pathEnd], 0, steps)
		if !ok {
			return nil, fail, false
		}
		m.fill(slots, s, caps, 0, 0)
		if fail, ok := m.matchQuery(u, pathEnd, fragStart, caps, o, steps); !ok {
			return nil, fail, false
		}
		frag := ""
		if u.HasFragment() {
			frag = s[fragStart:]
		}
		slots, ok, fail = m.tail.run(frag, fragStart, steps)
		if !ok {
			return nil, fail, false
		}
		m.fill(slots, s, caps, 0, 0)
	}
	return m.values(caps, pathStart, pathEnd, o)
}

// fill records the captures of the slots that a run set, of the text s.
// Positions at or after cut are moved on by shift, for a run on a text
// from which shift bytes were cut there.
func (m *matcher) fill(slots []int, s string, caps []capture, cut, shift int) {
	move := func(p int) int {
		if shift > 0 && p >= cut {
			return p + shift
		}
		return p
	}
	for i := range caps {
		if a, b := slots[2*i], slots[2*i+1]; a >= 0 && b >= 0 {
			caps[i] = capture{set: true, start: move(a), end: move(b), text: s[a:b]}
		}
	}
}

// splitQuery splits the parts of a template where its query begins (at a
// literal "?" or a "{?...}") and where its fragment begins after that (a
// literal "#" or a "{#...}"). It reports false when the template writes
// no query, or a fragment first.
func splitQuery(parts []part) (head, query, tail []part, ok bool) {
	var rest []part
	for i := range parts {
		p := &parts[i]
		if p.op == nil {
			j := strings.IndexAny(p.lit, "?#")
			if j < 0 {
				continue
			}
			if p.lit[j] == '#' {
				return nil, nil, nil, false
			}
			head = append(append(head, parts[:i]...), withLit(p, p.lit[:j]))
			rest = append([]part{withLit(p, p.lit[j:])}, parts[i+1:]...)
			break
		}
		if p.op.char == '#' {
			return nil, nil, nil, false
		}
		if p.op.char == '?' {
			head, rest = parts[:i], parts[i:]
			break
		}
	}
	if rest == nil {
		return nil, nil, nil, false
	}
	for i := range rest {
		p := &rest[i]
		if p.op == nil {
			if j := strings.IndexByte(p.lit, '#'); j >= 0 {
				query = append(query, withLit(p, p.lit[:j]))
				tail = append(append(tail, withLit(p, p.lit[j:])), rest[i+1:]...)
				return head, query, tail, true
			}
		} else if p.op.char == '#' {
			return head, query, rest[i:], true
		}
		query = append(query, *p)
	}
	return head, query, tail, true
}

func withLit(p *part, lit string) part {
	c := *p
	c.lit = lit
	return c
}

// values decodes the captures and checks them against each other.
func (m *matcher) values(caps []capture, pathStart, pathEnd int, o *MatchOptions) (Values, int, bool) {
	decoded := make([]Value, len(m.occs))
	for i, oc := range m.occs {
		c := &caps[i]
		if !c.set {
			continue
		}
		inPath := oc.op.char == '/' || (!oc.op.reserved && pathStart <= c.start && c.end <= pathEnd && pathStart < pathEnd)
		hint := o.kind(oc.spec.name)
		if oc.spec.maxLen > 0 {
			hint = KindString
		}
		v, ok := decodeOccurrence(oc.op, oc.spec, c.text, inPath, hint)
		if !ok {
			return nil, c.start, false
		}
		decoded[i] = v
	}
	vals := Values{}
	for _, g := range m.groups {
		v, bad := m.agree(g, decoded)
		if bad >= 0 {
			off := caps[bad].start
			if !caps[bad].set {
				off = caps[g[0]].start
			}
			return nil, off, false
		}
		if v.Defined() {
			vals[m.occs[g[0]].spec.name] = v
		}
	}
	return vals, 0, true
}

// agree returns the value of a variable from the values of its
// occurrences g, or the occurrence that disagrees with the others.
func (m *matcher) agree(g []int, decoded []Value) (Value, int) {
	full, fullAt := Value{}, -1
	for _, i := range g {
		if m.occs[i].spec.maxLen > 0 {
			continue
		}
		if fullAt < 0 {
			full, fullAt = decoded[i], i
		} else if !decoded[i].Equal(full) {
			return Value{}, i
		}
	}
	if fullAt < 0 {
		// Only prefixes: the longest stands for the value.
		for _, i := range g {
			if len(decoded[i].s) > len(full.s) || !full.Defined() {
				full = decoded[i]
			}
		}
	}
	for _, i := range g {
		oc := m.occs[i]
		if oc.spec.maxLen == 0 {
			continue
		}
		d := decoded[i]
		if d.Defined() != full.Defined() {
			return Value{}, i
		}
		if !d.Defined() {
			continue
		}
		if full.kind != KindString || prefix(d.s, oc.spec.maxLen, oc.op.reserved) != d.s ||
			prefix(full.s, oc.spec.maxLen, oc.op.reserved) != d.s {
			return Value{}, i
		}
	}
	return full, -1
}

// decodeOccurrence reads the value of one occurrence from the text it
// matched (after the operator's first string or separator), as the kind
// hint says, or by the default rules when hint is Undefined.
func decodeOccurrence(op *operator, v *varspec, text string, inPath bool, hint Kind) (Value, bool) {
	d := decoder{op: op, inPath: inPath}
	if !v.explode {
		if op.named {
			// name [ "=" value ]; the name matched the varspec's.
			text = text[len(v.name):]
			if text != "" {
				text = text[1:]
			}
		}
		return d.members(text, hint)
	}
	parts := strings.Split(text, string(op.sep))
	if op.named {
		allName := true
		for _, p := range parts {
			if k, _, _ := strings.Cut(p, "="); !equalFoldHex(k, v.name) {
				allName = false
			}
		}
		switch {
		case hint == KindAssoc || (!allName && hint == Undefined):
			return d.pairs(parts, false)
		case hint == KindList || (hint == Undefined && allName):
			items := make([]string, len(parts))
			for i, p := range parts {
				_, items[i], _ = strings.Cut(p, "=")
			}
			return d.list(items, false)
		case hint == KindString && allName && len(parts) == 1:
			_, s, _ := strings.Cut(parts[0], "=")
			return d.str(s)
		}
		return Value{}, false
	}
	withEq := 0
	for _, p := range parts {
		if strings.IndexByte(p, '=') >= 0 {
			withEq++
		}
	}
	switch {
	case hint == KindAssoc || (hint == Undefined && withEq == len(parts) && !op.reserved):
		return d.pairs(parts, true)
	case hint == KindString:
		if len(parts) == 1 && (withEq == 0 || op.reserved) {
			return d.str(parts[0])
		}
	case withEq == 0 || op.reserved:
		return d.list(parts, op.char == '/')
	}
	return Value{}, false
}

// decoder decodes the members of one occurrence and applies the boundary
// rules of its operator and place.
type decoder struct {
	op     *operator
	inPath bool
}

// members reads the value of a variable that is not exploded: its members
// joined with ",".
func (d decoder) members(text string, hint Kind) (Value, bool) {
	items := []string{text}
	if !d.op.reserved || hint == KindList || hint == KindAssoc {
		items = strings.Split(text, ",")
	}
	switch {
	case hint == KindAssoc:
		if len(items)%2 != 0 {
			return Value{}, false
		}
		pairs := make([]string, 0, len(items)/2)
		for i := 0; i < len(items); i += 2 {
			pairs = append(pairs, items[i]+"="+items[i+1])
		}
		return d.pairs(pairs, true)
	case hint == KindList:
		return d.list(items, false)
	case len(items) == 1:
		return d.str(items[0])
	case hint == Undefined:
		return d.list(items, false)
	}
	return Value{}, false
}

// str reads a string value, which, in a path, is a segment or part of one
// on its own: it may not be "." or "..".
func (d decoder) str(s string) (Value, bool) {
	s, ok := d.decode(s)
	return String(s), ok && !(d.inPath && isDotSegment(s))
}

// list reads the items of a list; with segments, each is a whole path
// segment ("{/x*}"), which may not be "." or "..".
func (d decoder) list(items []string, segments bool) (Value, bool) {
	out := make([]string, len(items))
	for i, s := range items {
		var ok bool
		if out[i], ok = d.decode(s); !ok || (segments && isDotSegment(out[i])) {
			return Value{}, false
		}
	}
	return Value{kind: KindList, items: out}, true
}

func isDotSegment(s string) bool { return s == "." || s == ".." }

// pairs reads "name=value" members; with needEq, a member without "=" is
// no pair, else it is a name whose value is empty (";" writes it so).
func (d decoder) pairs(members []string, needEq bool) (Value, bool) {
	out := make([]Pair, len(members))
	for i, p := range members {
		k, v, eq := strings.Cut(p, "=")
		if !eq && needEq {
			return Value{}, false
		}
		var ok1, ok2 bool
		out[i].Key, ok1 = d.decode(k)
		out[i].Value, ok2 = d.decode(v)
		if !ok1 || !ok2 {
			return Value{}, false
		}
	}
	return Value{kind: KindAssoc, pairs: out}, true
}

// keepInReserved are the octets whose pct-encoded triplets a reserved
// expansion copies from a value unchanged, and matching therefore keeps.
var decodeInReserved = func() (t [256]bool) {
	for c := range t {
		t[c] = !allowUR[c]
	}
	return t
}()

// decodeReserved decodes the triplets of s that a reserved expansion
// writes for octets it encodes. A "%25" before two hex digits stays: the
// "%" it stands for would start a triplet that expansion copies, so the
// value held "%25" itself ("%2541" is the expansion of "%2541", and "%41"
// that of "%41").
func decodeReserved(s string) string {
	b := make([]byte, 0, len(s))
	for i := 0; i < len(s); {
		d, n := abnf.DecodedByte(s, i, false)
		if n == 1 || !decodeInReserved[d] || d == '%' && i+4 < len(s) && abnf.IsHex(s[i+3]) && abnf.IsHex(s[i+4]) {
			d, n = s[i], 1 // as written
		}
		b = append(b, d)
		i += n
	}
	return string(b)
}

// decode pct-decodes one member, as the operator encoded it, and reports
// whether the result stays within the operator's boundary.
func (d decoder) decode(s string) (string, bool) {
	if d.op.reserved {
		if abnf.IndexPctEncoded(s) >= 0 {
			s = decodeReserved(s)
		}
		return s, true
	}
	s = abnf.Decode(s, false)
	switch {
	case d.op.char == '.' && strings.IndexByte(s, '.') >= 0:
		return s, false
	case d.inPath && strings.IndexByte(s, '/') >= 0:
		return s, false
	}
	return s, true
}

// equalFoldHex reports whether a and b are the same text, but for the
// case of the hex digits of pct-encoded triplets.
func equalFoldHex(a, b string) bool {
	if len(a) != len(b) {
		return false
	}
	for i := 0; i < len(a); i++ {
		if a[i] == b[i] {
			if a[i] == '%' && i+2 < len(a) && abnf.IsHex(a[i+1]) && abnf.IsHex(a[i+2]) {
				if abnf.Lower(a[i+1]) != abnf.Lower(b[i+1]) || abnf.Lower(a[i+2]) != abnf.Lower(b[i+2]) {
					return false
				}
				i += 2
			}
			continue
		}
		return false
	}
	return true
}
