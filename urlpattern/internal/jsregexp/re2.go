package jsregexp

import (
	"strconv"
	"strings"
)

// This file writes a regular expression tree for Go's regexp package
// (RE2 syntax), after rewriting the repetitions whose meaning differs
// between ECMAScript and RE2.
//
// RE2 reports the submatches of the match that a backtracking engine
// would find first, as ECMAScript does, with two differences for
// repetitions (ES2024, 22.2.2.3.1, RepeatMatcher):
//
//   - ECMAScript rejects an iteration beyond the minimum that matches the
//     empty string and backtracks into it; RE2 takes it. A repeated
//     expression that can match the empty string is rewritten so that it
//     cannot, where a rewrite keeps the order in which the alternatives
//     are tried: (X)? with X = .* becomes (.+)?, and X* becomes (?:X')*
//     where X' is X without its empty match. Where no such rewrite is
//     known, the expression is refused.
//   - ECMAScript clears the captures inside a repeated group at each
//     iteration; RE2 keeps the last value each one had. A capturing group
//     inside a repetition of more than one iteration is refused.

// maxRepeat is the largest count RE2 takes in {n,m}.
const maxRepeat = 1000

// nullable reports whether n can match the empty string.
func nullable(n *reNode) bool {
	switch n.kind {
	case reSet:
		return false
	case reConcat:
		for _, s := range n.subs {
			if !nullable(s) {
				return false
			}
		}
		return true
	case reAlt:
		for _, s := range n.subs {
			if nullable(s) {
				return true
			}
		}
		return false
	case reGroup:
		return nullable(n.subs[0])
	case reRepeat:
		return n.min == 0 || nullable(n.subs[0])
	}
	return true // reEmpty, reAssert
}

// hasCapture reports whether n holds a capturing group.
func hasCapture(n *reNode) bool {
	if n.kind == reGroup && n.capture {
		return true
	}
	for _, s := range n.subs {
		if hasCapture(s) {
			return true
		}
	}
	return false
}

// zeroWidth reports whether n matches only the empty string.
func zeroWidth(n *reNode) bool {
	switch n.kind {
	case reEmpty, reAssert:
		return true
	case reGroup:
		return zeroWidth(n.subs[0])
	case reConcat, reAlt:
		for _, s := range n.subs {
			if !zeroWidth(s) {
				return false
			}
		}
		return true
	case reRepeat:
		return n.max == 0 || zeroWidth(n.subs[0])
	}
	return false
}

// never is a node that matches nothing.
func never() *reNode { return &reNode{kind: reSet} }

// nonEmpty returns n without its empty matches, trying the others in the
// order n tries them, or false when it knows no such rewrite.
func nonEmpty(n *reNode) (*reNode, bool) {
	if !nullable(n) {
		return n, true
	}
	switch n.kind {
	case reEmpty, reAssert:
		return never(), true
	case reGroup:
		s, ok := nonEmpty(n.subs[0])
		g := *n
		g.subs = []*reNode{s}
		return &g, ok
	case reAlt:
		var alts []*reNode
		for _, a := range n.subs {
			s, ok := nonEmpty(a)
			if !ok {
				return nil, false
			}
			alts = append(alts, s)
		}
		return &reNode{kind: reAlt, subs: alts}, true
	case reRepeat:
		// X{0,m} of an X that cannot match the empty string tries the
		// same counts, without 0, as X{1,m}.
		if nullable(n.subs[0]) {
			return nil, false
		}
		if n.max == 0 {
			return never(), true
		}
		r := *n
		r.min = 1
		return &r, true
	case reConcat:
		// Zero-width items take no choice; the one other item decides.
		k := -1
		for i, s := range n.subs {
			if !zeroWidth(s) {
				if k >= 0 {
					return nil, false
				}
				k = i
			}
		}
		if k < 0 {
			return never(), true
		}
		s, ok := nonEmpty(n.subs[k])
		c := *n
		c.subs = append([]*reNode(nil), n.subs...)
		c.subs[k] = s
		return &c, ok
	}
	return nil, false
}

// lower rewrites the repetitions of n as the comment of this file says.
func lower(n *reNode) (*reNode, *Fault) {
	m := *n
	m.subs = make([]*reNode, len(n.subs))
	for i, s := range n.subs {
		l, err := lower(s)
		if err != nil {
			return nil, err
		}
		m.subs[i] = l
	}
	if m.kind != reRepeat {
		return &m, nil
	}
	x := m.subs[0]
	if (m.max < 0 || m.max > 1) && hasCapture(x) {
		return nil, &Fault{Unsupported, m.off, "a capturing group inside a repetition"}
	}
	if !nullable(x) || m.max >= 0 && m.max <= m.min {
		return &m, nil
	}
	ne, ok := nonEmpty(x)
	if !ok {
		return nil, &Fault{Unsupported, m.off, "a repetition of an expression that can match the empty string in several ways"}
	}
	rest := &reNode{kind: reRepeat, subs: []*reNode{ne}, min: 0, max: -1, greedy: m.greedy, off: m.off}
	if m.max >= 0 {
		rest.max = m.max - m.min
	}
	if m.min == 0 {
		return rest, nil
	}
	// The first min iterations may match the empty string; x holds no
	// capture here (max > min >= 1), so writing it twice numbers no group
	// twice.
	first := &reNode{kind: reRepeat, subs: []*reNode{x}, min: m.min, max: m.min, greedy: true, off: m.off}
	return &reNode{kind: reConcat, subs: []*reNode{first, rest}}, nil
}

// writeRE2 writes n in RE2 syntax.
func writeRE2(b *strings.Builder, n *reNode) *Fault {
	switch n.kind {
	case reEmpty:
		b.WriteString("(?:)")
	case reSet:
		n.set.writeRE2(b)
	case reAssert:
		switch n.assert {
		case 'b', 'B':
			b.WriteByte('\\')
		}
		b.WriteByte(n.assert)
	case reConcat:
		for _, s := range n.subs {
			if s.kind == reAlt {
				b.WriteString("(?:")
			}
			if err := writeRE2(b, s); err != nil {
				return err
			}
			if s.kind == reAlt {
				b.WriteByte(')')
			}
		}
	case reAlt:
		for i, s := range n.subs {
			if i > 0 {
				b.WriteByte('|')
			}
			if err := writeRE2(b, s); err != nil {
				return err
			}
		}
	case reGroup:
		if n.capture {
			b.WriteByte('(')
		} else {
			b.WriteString("(?:")
		}
		if err := writeRE2(b, n.subs[0]); err != nil {
			return err
		}
		b.WriteByte(')')
	case reRepeat:
		return writeRepeat(b, n)
	}
	return nil
}

// writeRepeat writes a repetition, its operand as one atom.
func writeRepeat(b *strings.Builder, n *reNode) *Fault {
	if n.min > maxRepeat || n.max > maxRepeat {
		return &Fault{Unsupported, n.off, "a count above 1000, RE2's limit"}
	}
	x := n.subs[0]
	atom := x.kind == reSet || x.kind == reGroup
	if !atom {
		b.WriteString("(?:")
	}
	if err := writeRE2(b, x); err != nil {
		return err
	}
	if !atom {
		b.WriteByte(')')
	}
	switch {
	case n.min == 0 && n.max < 0:
		b.WriteByte('*')
	case n.min == 1 && n.max < 0:
		b.WriteByte('+')
	case n.min == 0 && n.max == 1:
		b.WriteByte('?')
	default:
		b.WriteByte('{')
		b.WriteString(strconv.Itoa(n.min))
		if n.max != n.min {
			b.WriteByte(',')
			if n.max >= 0 {
				b.WriteString(strconv.Itoa(n.max))
			}
		}
		b.WriteByte('}')
	}
	if !n.greedy {
		b.WriteByte('?')
	}
	return nil
}
