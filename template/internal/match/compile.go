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
	size       int   // the instructions of all the automata
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
// changes it: see namedKinds). It also returns the instructions of its
// automata, and returns nil, building nothing, when o.MaxSteps cannot pay
// for them (see affordable): the size is counted from the parsed
// template before the automata are built, and is the same count for a
// template built by an earlier match.
func (mt *Matcher) compiled(o *Options) (*compiled, int) {
	named, key := mt.namedKinds(o)
	if named == nil && !o.NonEmpty && !o.PlusAsSpace {
		mt.sizeOnce.Do(func() { mt.plainSize = mt.size(&variant{}) })
		if !affordable(mt.plainSize, o.MaxSteps) {
			return nil, mt.plainSize
		}
		mt.once.Do(func() { mt.plain = mt.compile(&variant{}) })
		return mt.plain, mt.plainSize
	}
	key = string([]byte{b2i(o.NonEmpty), b2i(o.PlusAsSpace)}) + key
	if m, ok := mt.variants.Load(key); ok {
		c := m.(*compiled)
		if !affordable(c.size, o.MaxSteps) {
			return nil, c.size
		}
		return c, c.size
	}
	v := &variant{named: named, nonEmpty: o.NonEmpty, plus: o.PlusAsSpace}
	size := mt.size(v)
	if !affordable(size, o.MaxSteps) {
		return nil, size
	}
	m, _ := mt.variants.LoadOrStore(key, mt.compile(v))
	return m.(*compiled), size
}

// StepsPerInst is what building the automaton of a template counts for
// each of its instructions against Options.MaxSteps: building one takes
// about as long as that many steps of a match, and the instructions, with
// the buffers that a match of the automaton sizes by them, take about
// 4 bytes per step of it.
const StepsPerInst = 16

// affordable reports whether a budget of maxSteps pays for building
// automata of size instructions.
func affordable(size, maxSteps int) bool {
	return size <= maxSteps/StepsPerInst
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
	m.prev = make([]int, len(m.occs))
	for _, g := range m.groups {
		for k, i := range g {
			m.prev[i] = -1
			if k > 0 {
				m.prev[i] = g[k-1]
			}
		}
	}
	slots := 2 * len(m.occs)
	m.all = compile(mt.Parts, 0, slots, v)
	m.size = len(m.all.insts)
	head, tail, query, ok := layout(mt.Parts)
	if !ok {
		return m
	}
	m.tailOcc = len(m.occs) - len(occsIn(tail))
	m.head = compile(head, 0, slots, v)
	m.tail = compile(tail, m.tailOcc, slots, v)
	m.size += len(m.head.insts) + len(m.tail.insts)
	for i := range query {
		if it := &query[i]; it.kind == qValued {
			it.prog = compile(it.parts, it.occ, slots, v)
			m.size += len(it.prog.insts)
		}
	}
	m.query = query
	return m
}

// size returns the instructions of the automata that compile builds for
// the variant v, counted from the parts without building them.
func (mt *Matcher) size(v *variant) int {
	n := v.progSize(mt.Parts)
	head, tail, query, ok := layout(mt.Parts)
	if !ok {
		return n
	}
	n += v.progSize(head) + v.progSize(tail)
	for _, it := range query {
		if it.kind == qValued {
			n += v.progSize(it.parts)
		}
	}
	return n
}

// layout splits the parts of a template that has a query of parameters
// where the query begins and ends (see splitQuery) and reads its
// parameters (see queryItems); it reports false when the template has
// none, and is then matched as a whole only.
func layout(parts []expr.Part) (head, tail []expr.Part, query []qitem, ok bool) {
	head, q, tail, ok := splitQuery(parts)
	if ok {
		query, ok = queryItems(q, len(occsIn(head)))
	}
	return head, tail, query, ok
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
