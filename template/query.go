package template

import (
	"strings"
)

// A query that a template writes as parameters ("{?x,y}", "{&z}", "?a=1",
// "?q={q}") is matched parameter by parameter, so that the parameters of a
// URI may come in any order, as form-style queries (RFC 6570, Section
// 3.2.8) do not give the order a meaning.

// qitem is one parameter, or one expression of parameters, of a query.
type qitem struct {
	kind uint8  // qLiteral, qValued or qVars
	name string // qLiteral: the parameter as expansion writes it; qValued: its name
	p    *part  // qValued and qVars: the expression
	occ  int    // the occurrence number of the expression's first variable
	prog *prog  // qValued: the expression alone, to match the parameter's value
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
func queryItems(parts []part, occ, slots int, named map[string]Kind) ([]qitem, bool) {
	var items []qitem
	var cur []byte
	open := false // whether a parameter of literal text is being read
	for i := range parts {
		p := &parts[i]
		if p.op == nil {
			lit := p.lit
			if i == 0 {
				lit, open = lit[1:], true // the "?"
			}
			for k := 0; k < len(lit); k++ {
				switch c := lit[k]; {
				case c == '&':
					if open {
						items = append(items, qitem{kind: qLiteral, name: string(cur)})
					}
					cur, open = cur[:0], true
				case !open:
					return nil, false // text right after an expression
				default:
					cur = append(cur, c)
				}
			}
			continue
		}
		switch {
		case p.op.char == '?' && i == 0, p.op.char == '&':
			if open {
				items = append(items, qitem{kind: qLiteral, name: string(cur)})
			}
			items = append(items, qitem{kind: qVars, p: p, occ: occ})
		case p.op.char == 0 && open && len(cur) > 0 && strings.IndexByte(string(cur), '=') == len(cur)-1:
			items = append(items, qitem{kind: qValued, name: string(cur[:len(cur)-1]), p: p, occ: occ,
				prog: compile(parts[i:i+1], occ, slots, named)})
		default:
			return nil, false
		}
		cur, open = cur[:0], false
		occ += len(p.specs)
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

// matchQuery matches the parameters of u's query, which starts after the
// "?" at q and ends at end, against the query of the template, and records
// the captures of its variables. On failure it returns the offset in u of
// the parameter at fault, or end for a missing one.
func (r *run) matchQuery(caps []capture) (int, bool) {
	m, u, q, end, o, steps := r.m, r.u, r.pathEnd, r.fragStart, r.o, r.steps
	s := u.String()
	var params []param
	if u.HasQuery() {
		off := q + 1
		for _, text := range strings.Split(u.Query(), "&") {
			name, _, eq := strings.Cut(text, "=")
			params = append(params, param{text: text, name: name, eq: eq, off: off})
			off += len(text) + 1
		}
	}
	// Each look at a parameter is a step: the tests of linear time count
	// them with the automaton's.
	named := func(name string, eq bool) *param {
		for i := range params {
			*steps++
			if p := &params[i]; !p.claimed && (p.eq || !eq) && equalFoldHex(p.name, name) {
				return p
			}
		}
		return nil
	}
	var names []string // the names the template gives a single parameter
	var leftover []int // exploded variables that may take the other parameters
	for _, it := range m.query {
		switch it.kind {
		case qLiteral:
			p := (*param)(nil)
			for i := range params {
				*steps++
				if !params[i].claimed && equalFoldHex(params[i].text, it.name) {
					p = &params[i]
					break
				}
			}
			if p == nil {
				return end, false
			}
			p.claimed = true
			name, _, _ := strings.Cut(it.name, "=")
			names = append(names, name)
		case qValued:
			p := named(it.name, true)
			if p == nil {
				return end, false
			}
			p.claimed = true
			names = append(names, it.name)
			at := p.off + len(p.name) + 1
			slots := make([]int, it.prog.slots)
			ok, fail := it.prog.run(s[at:p.off+len(p.text)], at, steps, slots)
			if !ok {
				return fail, false
			}
			r.fill(slots, s, caps, 0, 0)
		case qVars:
			for k := range it.p.specs {
				v := &it.p.specs[k]
				j := it.occ + k
				hint := o.kind(v.name)
				if v.explode && hint == KindAssoc {
					leftover = append(leftover, j)
					continue
				}
				if !v.explode {
					names = append(names, v.name)
					if p := named(v.name, true); p != nil {
						p.claimed = true
						caps[j] = capture{set: true, start: p.off, end: p.off + len(p.text), text: p.text}
					}
					continue
				}
				var texts []string
				start := -1
				for i := range params {
					*steps++
					if p := &params[i]; !p.claimed && p.eq && equalFoldHex(p.name, v.name) {
						p.claimed = true
						texts = append(texts, p.text)
						if start < 0 {
							start = p.off
						}
						if hint == KindString {
							break // a string is one parameter
						}
					}
				}
				if texts == nil {
					if hint == Undefined {
						leftover = append(leftover, j)
					}
					continue
				}
				caps[j] = capture{set: true, start: start, end: start, text: strings.Join(texts, "&")}
			}
		}
	}
	for i := range params {
		if p := &params[i]; !p.claimed {
			for _, n := range names {
				*steps++
				if equalFoldHex(p.name, n) {
					return p.off, false // a second one
				}
			}
		}
	}
	if len(leftover) > 0 {
		j := leftover[0]
		var texts []string
		start := -1
		for i := range params {
			if p := &params[i]; !p.claimed && p.eq {
				p.claimed = true
				texts = append(texts, p.text)
				if start < 0 {
					start = p.off
				}
			}
		}
		if texts != nil {
			caps[j] = capture{set: true, start: start, end: start, text: strings.Join(texts, "&")}
		}
	}
	if !o.extraParams() {
		for _, p := range params {
			if !p.claimed {
				return p.off, false
			}
		}
	}
	// A query that the template begins with "{?...}" has its "?" only when
	// that expression writes a parameter (or, with ExtraParams, when the
	// query has parameters of its own): without one, expansion begins the
	// next expression's parameters with "&" (Section 3.2.9).
	if first := m.query[0]; u.HasQuery() && first.kind == qVars && first.p.op.char == '?' {
		for k := range first.p.specs {
			if caps[first.occ+k].set {
				return 0, true
			}
		}
		for _, p := range params {
			if !p.claimed {
				return 0, true // an extra parameter, which ExtraParams allows
			}
		}
		return q, false
	}
	return 0, true
}
