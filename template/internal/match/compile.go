package match

import (
	"strings"

	"github.com/gouri/uri/template/internal/expr"
)

// compiled is a template compiled for matching.
type compiled struct {
	occs    []occurrence
	groups  [][]int // the occurrences of each name, in the order of Matcher.Names
	groupOf []int   // the group of each occurrence
	all     *prog   // the whole template
	// When the template has a query of parameters, it is also split where
	// its query begins and ends: the automata of the parts before the query
	// and from the fragment on, and the parameters of the query.
	head, tail *prog
	query      []qitem
	tailOcc    int   // the first occurrence of tail
	prev       []int // the occurrence of the same variable before each, or -1
}

// occurrence is one varspec of the template, numbered in template order.
type occurrence struct {
	op   *expr.Operator
	spec *expr.Spec
}

// capture is the text that an occurrence took, and where in the URI.
type capture struct {
	set        bool
	start, end int
	text       string
}

// compiled returns the template compiled for matching with o: once for
// all options that do not change the automaton, and once for each variant
// that they make (NonEmpty, PlusAsSpace, and each set of Kinds that
// changes it: see namedKinds).
func (mt *Matcher) compiled(o *Options) *compiled {
	named, key := mt.namedKinds(o)
	if named == nil && !o.NonEmpty && !o.PlusAsSpace {
		mt.once.Do(func() { mt.plain = mt.compile(&variant{}) })
		return mt.plain
	}
	key = string([]byte{b2i(o.NonEmpty), b2i(o.PlusAsSpace)}) + key
	if m, ok := mt.variants.Load(key); ok {
		return m.(*compiled)
	}
	m, _ := mt.variants.LoadOrStore(key, mt.compile(&variant{named: named, nonEmpty: o.NonEmpty, plus: o.PlusAsSpace}))
	return m.(*compiled)
}

func b2i(b bool) byte {
	if b {
		return 1
	}
	return 0
}

// namedKinds returns the kinds that o gives the exploded variables of named
// operators ("{?x*}", "{;x*}", "{&x*}") as strings or lists, whose pairs
// are then all named by the variable, and a key for that set; nil when
// there are none.
func (mt *Matcher) namedKinds(o *Options) (map[string]Kind, string) {
	if o.Kinds == nil {
		return nil, ""
	}
	var named map[string]Kind
	var key []byte
	for i := range mt.Parts {
		p := &mt.Parts[i]
		if p.Operator == nil || !p.Operator.Named {
			continue
		}
		for k := range p.Specs {
			v := &p.Specs[k]
			if kind := o.kind(v.Name); v.Explode && (kind == KindString || kind == KindList) && named[v.Name] == Undefined {
				if named == nil {
					named = map[string]Kind{}
				}
				named[v.Name] = kind
				key = append(append(append(key, byte(kind)), v.Name...), 0)
			}
		}
	}
	return named, string(key)
}

// compile compiles the template for the variant v.
func (mt *Matcher) compile(v *variant) *compiled {
	m := &compiled{}
	index := map[string]int{}
	for i, n := range mt.Names {
		index[n] = i
	}
	m.groups = make([][]int, len(mt.Names))
	for i := range mt.Parts {
		p := &mt.Parts[i]
		for k := range p.Specs {
			g := index[p.Specs[k].Name]
			m.groups[g] = append(m.groups[g], len(m.occs))
			m.groupOf = append(m.groupOf, g)
			m.occs = append(m.occs, occurrence{op: p.Operator, spec: &p.Specs[k]})
		}
	}
	slots := 2 * len(m.occs)
	head, query, tail, ok := splitQuery(mt.Parts)
	if ok {
		m.query, ok = queryItems(query, len(occsIn(head)), slots, v)
	}
	m.all = compile(mt.Parts, 0, slots, v)
	m.prev = make([]int, len(m.occs))
	for _, g := range m.groups {
		for k, i := range g {
			m.prev[i] = -1
			if k > 0 {
				m.prev[i] = g[k-1]
			}
		}
	}
	if !ok {
		return m
	}
	m.tailOcc = len(m.occs) - len(occsIn(tail))
	m.head = compile(head, 0, slots, v)
	m.tail = compile(tail, m.tailOcc, slots, v)
	return m
}

func occsIn(parts []expr.Part) []expr.Spec {
	var specs []expr.Spec
	for _, p := range parts {
		specs = append(specs, p.Specs...)
	}
	return specs
}

// splitQuery splits the parts of a template where its query begins (at a
// literal "?" or a "{?...}") and where its fragment begins after that (a
// literal "#" or a "{#...}"). It reports false when the template writes
// no query, or a fragment first.
func splitQuery(parts []expr.Part) (head, query, tail []expr.Part, ok bool) {
	var rest []expr.Part
	for i := range parts {
		p := &parts[i]
		if p.Operator == nil {
			j := strings.IndexAny(p.Lit, "?#")
			if j < 0 {
				continue
			}
			if p.Lit[j] == '#' {
				return nil, nil, nil, false
			}
			head = append(append(head, parts[:i]...), withLit(p, p.Lit[:j]))
			rest = append([]expr.Part{withLit(p, p.Lit[j:])}, parts[i+1:]...)
			break
		}
		if p.Operator.Char == '#' {
			return nil, nil, nil, false
		}
		if p.Operator.Char == '?' {
			head, rest = parts[:i], parts[i:]
			break
		}
	}
	if rest == nil {
		return nil, nil, nil, false
	}
	for i := range rest {
		p := &rest[i]
		if p.Operator == nil {
			if j := strings.IndexByte(p.Lit, '#'); j >= 0 {
				query = append(query, withLit(p, p.Lit[:j]))
				tail = append(append(tail, withLit(p, p.Lit[j:])), rest[i+1:]...)
				return head, query, tail, true
			}
		} else if p.Operator.Char == '#' {
			return head, query, rest[i:], true
		}
		query = append(query, *p)
	}
	return head, query, tail, true
}

func withLit(p *expr.Part, lit string) expr.Part {
	c := *p
	c.Lit = lit
	return c
}
