package urlpattern

import (
	"regexp"
	"strings"

	"github.com/gouri/uri/urlpattern/internal/jsregexp"
)

// A matcher matches one component. The standard defines the match with a
// regular expression (section 2.2), and allows matching the part list
// directly (section 1.5, compile a component, note). A part list of fixed
// text, wildcards and groups of one class repeated ((\d+)), without
// modifiers, in which every group ends at a place that only one split of
// the input can give, is matched by a plan:
// a walk over the input that finds the same groups as the regular
// expression, without RE2 and without allocating. Any other part list is
// matched by its regular expression, compiled for RE2.
//
// Every string that a pattern is matched against is ASCII: the URL
// Standard serializes every component so (section 3.2 canonicalizes the
// components of a URLPatternInit the same way). The plan compares fixed
// text under ignore case by ASCII case folding, which on ASCII input is
// the regular expression's simple case folding.
type matcher struct {
	plan bool
	// exact is set for a plan of fixed text alone, lit: the component
	// must be it.
	exact   bool
	lit     string
	steps   []step
	fold    bool
	delim   byte
	re      *regexp.Regexp
	ngroups int
}

type stepKind uint8

const (
	stepLiteral stepKind = iota // fixed text
	stepSegment                 // a segment wildcard: one or more code points, no delimiter
	stepFull                    // a full wildcard: any code points but line terminators
	stepClass                   // a regular expression X{m,n} of a class X, such as \d+
)

// endRule says where a wildcard of a plan ends.
type endRule uint8

const (
	toEnd    endRule = iota // at the end of the input
	toDelim                 // at the next delimiter, which the next step starts with
	toSuffix                // where the next step, the last, must start
)

// A step is one step of a plan.
type step struct {
	kind  stepKind
	lit   string
	end   endRule
	class *jsregexp.ClassRun
}

// newMatcher returns the matcher of parts: a plan where one applies, and
// otherwise the regular expression compiled for RE2, or the reason it
// cannot be.
func newMatcher(parts []part, opts options, ngroups int) (matcher, *compError) {
	if steps, ok := planOf(parts, opts); ok {
		m := matcher{plan: true, steps: steps, fold: opts.ignoreCase, delim: opts.delimiter, ngroups: ngroups}
		switch {
		case len(steps) == 0:
			m.exact = true
		case len(steps) == 1 && steps[0].kind == stepLiteral:
			m.exact, m.lit = true, steps[0].lit
		}
		return m, nil
	}
	re, err := compileRE2(parts, opts)
	if err != nil {
		return matcher{}, err
	}
	return matcher{re: re, ngroups: ngroups}, nil
}

// planOf returns the plan of parts, if they have one.
func planOf(parts []part, opts options) ([]step, bool) {
	var steps []step
	lit := func(s string) {
		if s == "" {
			return
		}
		if n := len(steps); n > 0 && steps[n-1].kind == stepLiteral {
			steps[n-1].lit += s
			return
		}
		steps = append(steps, step{kind: stepLiteral, lit: s})
	}
	for _, p := range parts {
		if p.modifier != modNone {
			return nil, false
		}
		if p.typ == partFixed {
			lit(p.value)
			continue
		}
		st := step{kind: stepSegment}
		switch p.typ {
		case partFullWildcard:
			st.kind = stepFull
		case partRegexp:
			c, ok := jsregexp.ClassRunOf(p.value, opts.flags())
			if !ok {
				return nil, false
			}
			st.kind, st.class = stepClass, c
		}
		lit(p.prefix)
		steps = append(steps, st)
		lit(p.suffix)
	}
	for i := range steps {
		if steps[i].kind == stepLiteral {
			continue
		}
		switch {
		case i+1 == len(steps):
			steps[i].end = toEnd
		case steps[i+1].kind != stepLiteral:
			return nil, false
		case opts.delimiter != 0 && steps[i+1].lit[0] == opts.delimiter &&
			(steps[i].kind == stepSegment || steps[i].kind == stepClass && !steps[i].class.Contains(rune(opts.delimiter))):
			// [^d]+? cannot pass a delimiter, nor can a class without it,
			// and what follows starts with one: the group ends at the
			// first.
			steps[i].end = toDelim
		case i+2 == len(steps):
			// Only the fixed text remains: the group ends where it must
			// start, whether the group is lazy or greedy.
			steps[i].end = toSuffix
		default:
			return nil, false
		}
	}
	return steps, true
}

// match reports whether s matches, and with caps (of length 2*ngroups)
// stores where each group starts and ends in s, -1 for a group that did
// not take part.
func (m *matcher) match(s string, caps []int) bool {
	if !m.plan {
		if caps == nil {
			return m.re.MatchString(s)
		}
		loc := m.re.FindStringSubmatchIndex(s)
		if loc == nil {
			return false
		}
		copy(caps, loc[2:2+2*m.ngroups])
		return true
	}
	if m.exact {
		return len(s) == len(m.lit) && hasPrefix(s, m.lit, m.fold)
	}
	pos, g := 0, 0
	for i := range m.steps {
		st := &m.steps[i]
		if st.kind == stepLiteral {
			if !hasPrefix(s[pos:], st.lit, m.fold) {
				return false
			}
			pos += len(st.lit)
			continue
		}
		end := len(s)
		switch st.end {
		case toDelim:
			k := strings.IndexByte(s[pos:], m.delim)
			if k < 0 {
				return false
			}
			end = pos + k
		case toSuffix:
			end = len(s) - len(m.steps[i+1].lit)
			if end < pos {
				return false
			}
		}
		v := s[pos:end]
		switch st.kind {
		case stepSegment:
			// Up to a delimiter, v holds none.
			if v == "" || st.end != toDelim && m.delim != 0 && strings.IndexByte(v, m.delim) >= 0 {
				return false
			}
		case stepClass:
			if !st.class.Matches(v) {
				return false
			}
		default:
			if hasLineTerminator(v) {
				return false
			}
		}
		if caps != nil {
			caps[2*g], caps[2*g+1] = pos, end
		}
		g++
		pos = end
	}
	return pos == len(s)
}

// hasPrefix reports whether s starts with lit, with ASCII case folding
// when fold is set.
func hasPrefix(s, lit string, fold bool) bool {
	if len(s) < len(lit) {
		return false
	}
	if !fold {
		return s[:len(lit)] == lit
	}
	for i := 0; i < len(lit); i++ {
		a, b := s[i], lit[i]
		if a != b && (a|0x20 != b|0x20 || a|0x20 < 'a' || a|0x20 > 'z') {
			return false
		}
	}
	return true
}

// hasLineTerminator reports whether s holds a line terminator of
// ECMAScript: LF, CR, U+2028 or U+2029, which "." does not match.
func hasLineTerminator(s string) bool {
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case '\n', '\r':
			return true
		case 0xe2:
			if i+2 < len(s) && s[i+1] == 0x80 && (s[i+2] == 0xa8 || s[i+2] == 0xa9) {
				return true
			}
		}
	}
	return false
}
