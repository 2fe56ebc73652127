package match

import (
	"strings"

	"github.com/gouri/uri/internal/query"
	"github.com/gouri/uri/template/internal/expr"
)

// A query that a template writes as parameters ("{?x,y}", "{&z}", "?a=1",
// "?q={q}") is matched parameter by parameter, so that the parameters of a
// URI may come in any order, as form-style queries (RFC 6570, Section
// 3.2.8) do not give the order a meaning.

// qitem is one parameter, or one expression of parameters, of a query.
type qitem struct {
	kind uint8      // qLiteral, qValued or qVars
	name string     // qLiteral: the parameter as expansion writes it; qValued: its name
	p    *expr.Part // qValued and qVars: the expression
	occ  int        // the occurrence number of the expression's first variable
	// qValued: the expression alone, and its automaton, built by compile,
	// to match the parameter's value.
	parts []expr.Part
	prog  *prog
}

const (
	qLiteral = iota // a parameter written out in the template: "a=1"
	qValued         // a parameter whose value is an expression: "q={q}"
	qVars           // "{?x,y}" or "{&x,y}": a parameter for each variable
)

// queryItems reads the parts of a query, from its "?" or "{?...}" to its
// end, as parameters joined with "&", and reports false when they are not
// that: an expression other than "{?...}" first, "{&...}" between
// parameters, or a simple expression as the whole value of a parameter
// ("a={x}").
func queryItems(parts []expr.Part, occ int) ([]qitem, bool) {
	var items []qitem
	var cur []byte
	open := false // whether a parameter of literal text is being read
	for i := range parts {
		p := &parts[i]
		if p.Operator == nil {
			lit := p.Lit
			if i == 0 {
				lit, open = lit[1:], true // the "?"
			}
			for {
				piece, rest, more := query.Cut(lit)
				if !open && piece != "" {
					return nil, false // text right after an expression
				}
				cur = append(cur, piece...)
				if !more {
					break
				}
				if open {
					items = append(items, qitem{kind: qLiteral, name: string(cur)})
				}
				cur, open, lit = cur[:0], true, rest
			}
			continue
		}
		switch {
		case p.Operator.Char == '?' && i == 0, p.Operator.Char == '&':
			if open {
				items = append(items, qitem{kind: qLiteral, name: string(cur)})
			}
			items = append(items, qitem{kind: qVars, p: p, occ: occ})
		case p.Operator.Char == 0 && open && len(cur) > 0 && strings.IndexByte(string(cur), '=') == len(cur)-1:
			items = append(items, qitem{kind: qValued, name: string(cur[:len(cur)-1]), p: p, occ: occ, parts: parts[i : i+1]})
		default:
			return nil, false
		}
		cur, open = cur[:0], false
		occ += len(p.Specs)
	}
	if open {
		items = append(items, qitem{kind: qLiteral, name: string(cur)})
	}
	return items, true
}

// param is one parameter of the URI's query.
type param struct {
	text, name string
	eq         bool // whether it has a "=" after its name
	off        int  // where it starts in the URI
	claimed    bool
}

// queryMatch is one match of the query's parameters against the items of
// the template: the URI's parameters, which the items claim one by one,
// the names that the template gives a single parameter, and the exploded
// variables that may take the parameters that no item claims.
type queryMatch struct {
	s        string // the URI
	params   []param
	names    []string
	leftover []int
	caps     []capture
	steps    *int // each look at a parameter is a step, counted with the automaton's
}

// matchQuery matches the parameters of u's query, which starts after the
// "?" at q and ends at end, against the query of the template, and records
// the captures of its variables. On failure it returns the offset in u of
// the parameter at fault, or end for a missing one.
func (r *run) matchQuery(caps []capture) (int, bool) {
	m, u, q, end, o := r.m, r.u, r.pathEnd, r.fragStart, &r.o
	qm := queryMatch{s: u.String(), caps: caps, steps: &r.steps}
	if u.HasQuery() {
		qm.split(q+1, end)
	}
	for _, it := range m.query {
		// An item looks at each parameter, for each of its variables.
		looks := len(qm.params)
		if it.p != nil {
			looks *= len(it.p.Specs)
		}
		if !r.afford(looks) {
			return 0, false
		}
		var fail int
		ok := true
		switch it.kind {
		case qLiteral:
			ok = qm.literal(it.name)
			fail = end
		case qValued:
			fail, ok = qm.valued(r, it, end)
		case qVars:
			qm.vars(it, o)
		}
		if !ok {
			return fail, false
		}
	}
	if !r.afford(len(qm.params) * len(qm.names)) {
		return 0, false
	}
	if off, ok := qm.repeated(); ok {
		return off, false // a second one
	}
	qm.takeLeftover()
	if !o.ExtraParams {
		for _, p := range qm.params {
			if !p.claimed {
				return p.off, false
			}
		}
	}
	if !qm.questionMark(m.query[0], u.HasQuery()) {
		return q, false
	}
	return 0, true
}

// split reads the parameters of the query s[start:end].
func (qm *queryMatch) split(start, end int) {
	qm.params = make([]param, 0, query.Count(qm.s[start:end]))
	for i := start; ; {
		sp := query.Next(qm.s, i, end)
		qm.params = append(qm.params, param{text: qm.s[i:sp.End], name: qm.s[i:sp.NameEnd], eq: sp.HasValue(), off: i})
		if sp.End == end {
			return
		}
		i = sp.End + 1
	}
}

// named returns the first parameter not yet claimed whose name is name and
// that has a "=" when eq is set, or nil.
func (qm *queryMatch) named(name string, eq bool) *param {
	for i := range qm.params {
		*qm.steps++
		if p := &qm.params[i]; !p.claimed && (p.eq || !eq) && equalFoldHex(p.name, name) {
			return p
		}
	}
	return nil
}

// literal claims the parameter that the template writes out as text.
func (qm *queryMatch) literal(text string) bool {
	for i := range qm.params {
		*qm.steps++
		if p := &qm.params[i]; !p.claimed && equalFoldHex(p.text, text) {
			p.claimed = true
			name, _, _ := query.Pair(text)
			qm.names = append(qm.names, name)
			return true
		}
	}
	return false
}

// valued claims the parameter named by the item and matches its value
// against the item's expression, or returns the offset of the failure
// (end for a missing parameter).
func (qm *queryMatch) valued(r *run, it qitem, end int) (int, bool) {
	p := qm.named(it.name, true)
	if p == nil {
		return end, false
	}
	p.claimed = true
	qm.names = append(qm.names, it.name)
	at := p.off + len(p.name) + 1
	slots := make([]int, it.prog.slots)
	ok, fail := r.runProg(it.prog, qm.s[at:p.off+len(p.text)], at, slots)
	if !ok {
		return fail, false
	}
	r.fill(slots, qm.s, qm.caps, 0, 0)
	return 0, true
}

// vars claims the parameters of the variables of "{?x,y}" or "{&x,y}":
// one parameter for a variable that is not exploded, every parameter of
// its name for an exploded one (one for KindString); an exploded variable
// with no parameter of its name, or of KindAssoc, may take those that no
// item claims.
func (qm *queryMatch) vars(it qitem, o *Options) {
	for k := range it.p.Specs {
		v := &it.p.Specs[k]
		j := it.occ + k
		hint := o.kind(v.Name)
		switch {
		case v.Explode && hint == KindAssoc:
			qm.leftover = append(qm.leftover, j)
		case !v.Explode:
			qm.names = append(qm.names, v.Name)
			if p := qm.named(v.Name, true); p != nil {
				p.claimed = true
				qm.caps[j] = capture{set: true, start: p.off, end: p.off + len(p.text), text: p.text}
			}
		default:
			if !qm.claimAll(j, func(p *param) bool {
				*qm.steps++ // a look at every parameter, claimed or not
				return p.eq && equalFoldHex(p.name, v.Name)
			}, hint == KindString) && hint == Undefined {
				qm.leftover = append(qm.leftover, j)
			}
		}
	}
}

// claimAll claims the parameters not yet claimed for which take, called
// on every parameter, returns true, only the first with one, and records them, joined with "&", as
// the capture of occurrence j. It reports whether it claimed any.
func (qm *queryMatch) claimAll(j int, take func(*param) bool, one bool) bool {
	var texts []string
	start := -1
	for i := range qm.params {
		if p := &qm.params[i]; take(p) && !p.claimed {
			p.claimed = true
			texts = append(texts, p.text)
			if start < 0 {
				start = p.off
			}
			if one {
				break
			}
		}
	}
	if texts == nil {
		return false
	}
	qm.caps[j] = capture{set: true, start: start, end: start, text: strings.Join(texts, "&")}
	return true
}

// repeated returns the offset of a parameter not claimed whose name the
// template gives a single parameter: a second one of that name.
func (qm *queryMatch) repeated() (int, bool) {
	for i := range qm.params {
		if p := &qm.params[i]; !p.claimed {
			for _, n := range qm.names {
				*qm.steps++
				if equalFoldHex(p.name, n) {
					return p.off, true
				}
			}
		}
	}
	return 0, false
}

// takeLeftover gives the parameters that no item claimed, those with a
// "=", to the first exploded variable that may take them.
func (qm *queryMatch) takeLeftover() {
	if len(qm.leftover) > 0 {
		qm.claimAll(qm.leftover[0], func(p *param) bool { return p.eq }, false)
	}
}

// questionMark reports whether the URI's "?" is where expansion writes
// one. A query that the template begins with "{?...}" has its "?" only
// when that expression writes a parameter (or, with ExtraParams, when the
// query has parameters of its own): without one, expansion begins the
// next expression's parameters with "&" (Section 3.2.9).
func (qm *queryMatch) questionMark(first qitem, hasQuery bool) bool {
	if !hasQuery || first.kind != qVars || first.p.Operator.Char != '?' {
		return true
	}
	for k := range first.p.Specs {
		if qm.caps[first.occ+k].set {
			return true
		}
	}
	for _, p := range qm.params {
		if !p.claimed {
			return true // an extra parameter, which ExtraParams allows
		}
	}
	return false
}
