package match

import (
	"github.com/gouri/uri"
	"github.com/gouri/uri/internal/abnf"
	"github.com/gouri/uri/template/internal/expr"
)

// This file finds the reading of a URI that Match returns: the first, in
// the order of preference of template's Template.Match, whose values
// re-expand to the URI. The Pike VM finds the first reading of the automaton in linear
// time; when its values do not re-expand to the URI (the occurrences of a
// variable disagree, or a kind or a prefix does not fit), a search goes
// through the other readings in the same order, within a budget of steps
// proportional to len(URI) × len(template), so that the time stays linear.

// run is the state of one call of Match.
type run struct {
	m     *compiled
	o     Options
	u     uri.URI
	s     string
	steps int // the steps of passes of automata and looks at parameters
	// The URI's path is s[pathStart:pathEnd]; its query, when it has one,
	// s[pathEnd+1:fragStart], and its fragment begins at fragStart.
	pathStart, pathEnd, fragStart int
	budget                        int  // the steps that searches may still take
	loose                         bool // compare as sameText's loose
	buf                           []byte
	partial                       []capture    // searchCheck's
	leadBuf                       []int        // leads'
	dots                          []expr.Span  // the dot segments of the path
	truncated                     bool         // reservedReadings did not read all
	pruning                       bool         // variable is called by searchCheck.check
	readBuf                       []int        // searchCheck's
	lead                          leadValue    // decodeLead's last
	leads4                        [4]leadValue // decodeLead's, by kind
	want                          wantText     // check's: the text in buf
	hashes                        *textHashes

	// The steps of the match are steps and those that searches took of
	// budget0; the match may take o.MaxSteps, and spent records that it
	// stopped there. held is the budget that a search may not take, since
	// o.MaxSteps would not allow it.
	budget0, held int
	spent         bool

	// Room for buf, leadBuf and the values of a reading, so that a match
	// allocates them only when they grow beyond it.
	bufRoom  [128]byte
	leadRoom [8]int
	valRoom  [8]Value
}

// budgetPerStep is how many times the steps of one pass of the automaton
// over the URI the searches may take, and minBudget their least budget,
// which lets small inputs be searched through.
const (
	budgetPerStep = 8
	minBudget     = 1 << 18
)

// Match matches u against the template (RFC 6570, Section 1.4) with the
// options o: see [Matcher].
func (mt *Matcher) Match(u uri.URI, o Options) Result {
	r := &run{o: o, u: u, s: u.String()}
	m, size := mt.compiled(&r.o)
	if m == nil {
		return Result{Spent: true, Insts: size}
	}
	r.m = m
	r.buf, r.leadBuf = r.bufRoom[:0], r.leadRoom[:0]
	r.pathStart, r.pathEnd = expr.PathRange(u)
	r.fragStart = len(r.s)
	if u.HasFragment() {
		r.fragStart -= len(u.Fragment()) + 1
	}
	if !o.Dots {
		r.dots = expr.DotSegments(nil, r.s[r.pathStart:r.pathEnd], r.pathStart)
	}
	r.budget = max(minBudget, budgetPerStep*(len(r.s)+1)*(len(r.m.all.insts)+1))
	r.budget0 = r.budget
	vals, off, ok := r.strategies()
	res := Result{Steps: r.steps + r.budget0 - r.budget}
	switch {
	case ok:
		res.Values, res.Matched = vals, true
	case r.spent:
		res.Spent = true
	default:
		res.Offset, res.Limited = off, r.budget <= 0 || r.truncated
	}
	return res
}

// left returns the steps that the match may still take.
func (r *run) left() int {
	return r.o.MaxSteps - (r.steps + r.budget0 - r.budget - r.held)
}

// afford reports whether the match may take n more steps, and records
// that it stopped when it may not.
func (r *run) afford(n int) bool {
	if n > r.left() {
		r.spent = true
	}
	return !r.spent
}

// strategies matches the URI as a query of parameters in any order, when
// the template has one, then as the whole template in order, and, with
// ExtraParams, without the query. On failure it returns the offset at
// which the first failed.
func (r *run) strategies() ([]Value, int, bool) {
	fail := -1
	if r.m.query != nil {
		vals, off, ok := r.params()
		if ok || r.spent {
			return vals, 0, ok
		}
		fail = off
	}
	vals, off, ok := r.whole(r.s, 0, 0)
	if ok || r.spent {
		return vals, 0, ok
	}
	if fail < 0 {
		fail = off
	}
	if r.o.ExtraParams && r.u.HasQuery() && r.m.query == nil {
		// The query may be all extra: match without it.
		cut := r.s[:r.pathEnd] + r.s[r.fragStart:]
		if vals, _, ok := r.whole(cut, r.pathEnd, r.fragStart-r.pathEnd); ok {
			return vals, 0, true
		}
	}
	return nil, fail, false
}

// whole matches s, the URI or the URI without its query, against the
// whole template. Positions at or after cut are moved on by shift, for a
// text from which shift bytes were cut there.
func (r *run) whole(s string, cut, shift int) ([]Value, int, bool) {
	p := r.m.all
	pike, caps := r.scratch()
	if ok, fail := r.runProg(p, s, 0, pike); !ok {
		return nil, fail, false
	}
	accept := func(slots []int) ([]Value, int, bool) {
		clear(caps)
		r.fill(slots, s, caps, cut, shift)
		return r.values(caps)
	}
	search := func(found func([]Value, int, bool) bool) {
		cp := &searchCheck{r: r, s: s, cut: cut, shift: shift, memo: true}
		p.each(s, 0, &r.budget, cp, func(slots []int) bool { return found(accept(slots)) })
	}
	return r.first(func() ([]Value, int, bool) { return accept(pike) }, search)
}

// params matches the URI as the parts of the template before its query,
// the query parameter by parameter, and the parts from its fragment on.
func (r *run) params() ([]Value, int, bool) {
	m, s := r.m, r.s
	head, caps := r.scratch()
	if ok, fail := r.runProg(m.head, s[:r.pathEnd], 0, head); !ok {
		return nil, fail, false
	}
	qcaps := make([]capture, len(m.occs))
	if fail, ok := r.matchQuery(qcaps); !ok {
		return nil, fail, false
	}
	frag := s[r.fragStart:]
	tail := make([]int, len(head))
	if ok, fail := r.runProg(m.tail, frag, r.fragStart, tail); !ok {
		return nil, fail, false
	}
	accept := func(head, tail []int) ([]Value, int, bool) {
		copy(caps, qcaps)
		r.fill(head, s, caps, 0, 0)
		r.fill(tail, s, caps, 0, 0)
		return r.values(caps)
	}
	search := func(found func([]Value, int, bool) bool) {
		head := &searchCheck{r: r, s: s}
		tail := &searchCheck{r: r, s: s, from: m.tailOcc}
		m.head.each(s[:r.pathEnd], 0, &r.budget, head, func(h []int) bool {
			return m.tail.each(frag, r.fragStart, &r.budget, tail, func(t []int) bool { return found(accept(h, t)) })
		})
	}
	return r.first(func() ([]Value, int, bool) { return accept(head, tail) }, search)
}

// runProg runs p over s, whose positions are offset by base, as
// prog.run does, within the steps that the match may still take.
func (r *run) runProg(p *prog, s string, base int, dst []int) (bool, int) {
	ok, fail, spent := p.run(s, base, &r.steps, r.left(), dst)
	r.spent = r.spent || spent
	return ok, fail
}

// first returns the values of the first reading that re-expands to the
// URI: the one at hand, then those that search finds, in order; first
// those whose values re-expand to the URI byte for byte (but for the case
// of hex digits), then, when the URI holds triplets of unreserved
// characters, those that re-expand to it once they are decoded. On
// failure it returns the offset at which the reading at hand failed.
func (r *run) first(atHand func() ([]Value, int, bool), search func(found func([]Value, int, bool) bool)) ([]Value, int, bool) {
	r.loose = false
	// Reading the values of a reading takes steps in proportion to the
	// URI and the template.
	if !r.afford(len(r.s) + len(r.m.occs)) {
		return nil, 0, false
	}
	vals, fail, ok := atHand()
	if ok {
		return vals, 0, true
	}
	for _, loose := range []bool{false, true} {
		if loose {
			if !hasUnreservedTriplet(r.s) {
				break
			}
			r.loose = true
			if !r.afford(len(r.s) + len(r.m.occs)) {
				return nil, fail, false
			}
			if vals, _, ok = atHand(); ok {
				return vals, 0, true
			}
		}
		r.searchWithin(func() {
			search(func(v []Value, _ int, good bool) bool {
				// Reading the values is work as well.
				r.budget -= len(r.s) + len(r.m.occs)
				vals, ok = v, good
				return ok
			})
		})
		if ok || r.spent {
			return vals, 0, ok
		}
	}
	return nil, fail, false
}

// searchWithin runs search with the budget of searches cut to the steps
// that the match may still take, and records that the match stopped when
// the search ran out of them rather than out of its own budget.
func (r *run) searchWithin(search func()) {
	left := max(r.left(), 0)
	if left >= r.budget {
		search()
		return
	}
	r.held = r.budget - left
	r.budget = left
	search()
	r.spent = r.budget <= 0
	r.budget += r.held
	r.held = 0
}

// scratch returns the buffers of one strategy: the slots of a reading and
// the captures of the occurrences.
func (r *run) scratch() ([]int, []capture) {
	return make([]int, 2*len(r.m.occs)), make([]capture, len(r.m.occs))
}

// hasUnreservedTriplet reports whether s holds a pct-encoded unreserved
// character, which expansion never writes (RFC 3986, Section 2.3).
func hasUnreservedTriplet(s string) bool {
	for i := 0; i+2 < len(s); i++ {
		if s[i] == '%' {
			if c, n := abnf.DecodedByte(s, i, false); n == 3 && abnf.Classes[c]&abnf.Unreserved != 0 {
				return true
			}
		}
	}
	return false
}

// fill records the captures of the slots that a run set, of the text s.
// Positions at or after cut are moved on by shift, for a run on a text
// from which shift bytes were cut there.
func (r *run) fill(slots []int, s string, caps []capture, cut, shift int) {
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
