package jsregexp

import (
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/gouri/uri/internal/abnf"
)

// This file parses a source as ECMAScript reads a pattern with the "v"
// flag (ES2024, 22.2.1, Patterns, with [UnicodeMode] and
// [UnicodeSetsMode]), into a tree that re2.go writes for Go's regexp
// package. Every character class is computed here as a set of code points
// (see runeSet), with the "i" flag's case folding applied, so that RE2
// needs no flags of its own.

// reKind is the kind of a node of a regular expression.
type reKind uint8

const (
	reEmpty  reKind = iota // matches the empty string
	reSet                  // one code point of set
	reConcat               // subs in sequence
	reAlt                  // one of subs, the first that leads to a match first
	reGroup                // subs[0], capturing when capture is set
	reRepeat               // subs[0], min to max times (max < 0: no limit)
	reAssert               // "^", "$", "b" (\b) or "B" (\B)
)

// An reNode is a node of a regular expression.
type reNode struct {
	kind    reKind
	set     runeSet
	subs    []*reNode
	min     int
	max     int
	greedy  bool
	capture bool
	assert  byte
	off     int // where a repetition is written, in the source
}

// reContext is what the whole source shares, spans included: group
// names, group numbers and back-references.
type reContext struct {
	ignoreCase  bool
	ncap        int
	names       map[string][]namedGroup
	refs        []reRef
	unsupported *Fault // the first construct RE2 cannot express
	nextDisj    int
}

// A namedGroup is a group "(?<name>...)", by the disjunctions and
// alternatives it is in, which decide whether another of the same name
// may exist (ES2025: only in another alternative).
type namedGroup struct {
	path []altStep
}

type altStep struct{ disj, alt int }

// An reRef is a back-reference, \N or \k<name>.
type reRef struct {
	num  int
	name string
	off  int
}

// maxSameName bounds the groups that may share a name, so that checking
// them stays linear in the length of the source.
const maxSameName = 16

// maxDepth bounds the nesting of groups and classes, as RE2 does (its
// limit is 1000), so that neither the recursion of the parser nor the
// walks of the tree over nested repetitions grow with the square of the
// source's length.
const maxDepth = 1000

// reParser parses a source. Inside a span, src ends where the span ends.
type reParser struct {
	ctx        *reContext
	src        string
	spans      []Span // those not yet reached
	pos        int
	ignoreCase bool
	dotAll     bool
	path       []altStep
	classDepth int
	err        *Fault
}

// parse parses source with its spans, and checks the back-references.
func (ctx *reContext) parse(source string, spans []Span) (*reNode, *Fault) {
	p := &reParser{ctx: ctx, src: source, spans: spans, ignoreCase: ctx.ignoreCase}
	n := p.disjunction()
	if p.err == nil && p.pos < len(p.src) {
		p.fail(p.pos, `")" closes no group`)
	}
	if p.err != nil {
		return nil, p.err
	}
	if f := ctx.checkRefs(); f != nil {
		return nil, f
	}
	return n, nil
}

// checkRefs checks the back-references once every group is known:
// ECMAScript rejects a reference to a group that does not exist, and RE2
// has no back-references.
func (ctx *reContext) checkRefs() *Fault {
	for _, r := range ctx.refs {
		if r.name != "" && len(ctx.names[r.name]) == 0 || r.name == "" && r.num > ctx.ncap {
			return &Fault{Syntax, r.off, "a back-reference to a group that does not exist"}
		}
	}
	if len(ctx.refs) > 0 {
		return &Fault{Unsupported, ctx.refs[0].off, "a back-reference"}
	}
	return nil
}

// fail records a syntax error at src[i], keeping the first.
func (p *reParser) fail(i int, detail string) {
	if p.err == nil {
		p.err = &Fault{Syntax, i, detail}
	}
}

// unsupported records a construct that RE2 cannot express, at src[i].
func (p *reParser) unsupported(i int, detail string) {
	if p.ctx.unsupported == nil {
		p.ctx.unsupported = &Fault{Unsupported, i, detail}
	}
}

func (p *reParser) peek(k int) byte {
	if p.pos+k < len(p.src) {
		return p.src[p.pos+k]
	}
	return 0
}

func (p *reParser) eof() bool { return p.pos >= len(p.src) }

// disjunction parses alternatives separated by "|".
func (p *reParser) disjunction() *reNode {
	if len(p.path) >= maxDepth {
		p.unsupported(p.pos, "groups nested deeper than 1000, RE2's limit")
		p.err = p.ctx.unsupported
		return nil
	}
	id := p.ctx.nextDisj
	p.ctx.nextDisj++
	var alts []*reNode
	for i := 0; ; i++ {
		p.path = append(p.path, altStep{id, i})
		a := p.alternative()
		p.path = p.path[:len(p.path)-1]
		if p.err != nil {
			return nil
		}
		alts = append(alts, a)
		if p.eof() || p.src[p.pos] != '|' {
			break
		}
		p.pos++
	}
	if len(alts) == 1 {
		return alts[0]
	}
	return &reNode{kind: reAlt, subs: alts}
}

// alternative parses terms up to "|", ")" or the end.
func (p *reParser) alternative() *reNode {
	var items []*reNode
	for !p.eof() && p.src[p.pos] != '|' && p.src[p.pos] != ')' {
		t := p.term()
		if p.err != nil {
			return nil
		}
		items = append(items, t)
	}
	switch len(items) {
	case 0:
		return &reNode{kind: reEmpty}
	case 1:
		return items[0]
	}
	return &reNode{kind: reConcat, subs: items}
}

// term parses an assertion, or an atom and its quantifier.
func (p *reParser) term() *reNode {
	c := p.src[p.pos]
	var atom *reNode
	quantifiable := true
	switch c {
	case '^', '$':
		p.pos++
		atom, quantifiable = &reNode{kind: reAssert, assert: c}, false
	case '\\':
		if d := p.peek(1); d == 'b' || d == 'B' {
			p.pos += 2
			atom, quantifiable = &reNode{kind: reAssert, assert: d}, false
		} else {
			atom = p.atomEscape()
		}
	case '(':
		atom, quantifiable = p.group()
	case '[':
		atom = p.class()
	case '.':
		p.pos++
		atom = &reNode{kind: reSet, set: dotSet(p.dotAll)}
	case '*', '+', '?', '{':
		p.fail(p.pos, "nothing to repeat")
	case ']', '}':
		p.fail(p.pos, "a lone "+string(c)+" must be escaped")
	default:
		r, n := utf8.DecodeRuneInString(p.src[p.pos:])
		p.pos += n
		atom = p.char(r)
	}
	if p.err != nil {
		return nil
	}
	return p.quantifier(atom, quantifiable)
}

// quantifier parses the quantifier after atom, if any.
func (p *reParser) quantifier(atom *reNode, quantifiable bool) *reNode {
	if p.eof() {
		return atom
	}
	start := p.pos
	var lo, hi int
	switch p.src[p.pos] {
	case '*':
		lo, hi = 0, -1
		p.pos++
	case '+':
		lo, hi = 1, -1
		p.pos++
	case '?':
		lo, hi = 0, 1
		p.pos++
	case '{':
		var ok bool
		if lo, hi, ok = p.braces(); !ok {
			return nil
		}
	default:
		return atom
	}
	if !quantifiable {
		p.fail(start, "an assertion cannot be repeated")
		return nil
	}
	greedy := true
	if p.peek(0) == '?' {
		greedy = false
		p.pos++
	}
	return &reNode{kind: reRepeat, subs: []*reNode{atom}, min: lo, max: hi, greedy: greedy, off: start}
}

// braces parses "{n}", "{n,}" or "{n,m}"; any other "{" is a syntax error
// with the "u" and "v" flags.
func (p *reParser) braces() (lo, hi int, ok bool) {
	p.pos++
	lo, ok = p.number()
	if !ok {
		return 0, 0, false
	}
	hi = lo
	if p.peek(0) == ',' {
		p.pos++
		hi = -1
		if d := p.peek(0); '0' <= d && d <= '9' {
			if hi, ok = p.number(); !ok {
				return 0, 0, false
			}
		}
	}
	if p.peek(0) != '}' {
		p.fail(p.pos, `"{" not followed by a count and "}"`)
		return 0, 0, false
	}
	if hi >= 0 && lo > hi {
		p.fail(p.pos, "the counts of {n,m} are out of order")
		return 0, 0, false
	}
	p.pos++
	return lo, hi, true
}

// number parses decimal digits, saturating far above what RE2 takes.
func (p *reParser) number() (int, bool) {
	start := p.pos
	n := 0
	for d := p.peek(0); '0' <= d && d <= '9'; d = p.peek(0) {
		n = min(n*10+int(d-'0'), 1<<30)
		p.pos++
	}
	if p.pos == start {
		p.fail(p.pos, `"{" not followed by a count and "}"`)
		return 0, false
	}
	return n, true
}

// char returns the node of the code point r: with the "i" flag, every
// code point with the same simple case folding.
func (p *reParser) char(r rune) *reNode {
	s := setOf(r, r)
	if p.ignoreCase {
		s = s.fold()
	}
	return &reNode{kind: reSet, set: s}
}

// dotSet is the set of ".": every code point but the line terminators,
// or with the "s" flag every code point (ES2024, 22.2.2.7.3).
func dotSet(dotAll bool) runeSet {
	if dotAll {
		return allRunes()
	}
	return runeSet{{0, '\n' - 1}, {'\n' + 1, '\r' - 1}, {'\r' + 1, 0x2027}, {0x202a, maxRune}}
}

// atomEscape parses an escape outside a class, at "\".
func (p *reParser) atomEscape() *reNode {
	start := p.pos
	c := p.peek(1)
	switch {
	case p.pos+1 >= len(p.src):
		p.fail(len(p.src), `"\" at the end`)
	case '1' <= c && c <= '9':
		p.pos++
		n, _ := p.number()
		p.ctx.refs = append(p.ctx.refs, reRef{num: n, off: start})
		return &reNode{kind: reEmpty}
	case c == 'k':
		p.pos += 2
		if p.peek(0) != '<' {
			p.fail(p.pos, `\k not followed by "<"`)
			return nil
		}
		p.pos++
		name, ok := p.groupName()
		if ok {
			p.ctx.refs = append(p.ctx.refs, reRef{name: name, off: start})
		}
		return &reNode{kind: reEmpty}
	case strings.IndexByte("dDsSwW", c) >= 0:
		p.pos += 2
		return &reNode{kind: reSet, set: p.classEscape(c)}
	case c == 'p' || c == 'P':
		s, strs := p.propertyEscape()
		if strs {
			p.unsupported(start, "a property of strings")
		}
		return &reNode{kind: reSet, set: s}
	default:
		if r, ok := p.characterEscape(); ok {
			return p.char(r)
		}
	}
	return nil
}

// classEscape returns the set of \d, \D, \s, \S, \w or \W (ES2024,
// 22.2.2.9, CharacterClassEscape); the upper-case ones are complements of
// the folded sets with the "i" flag, as the "v" flag computes them.
func (p *reParser) classEscape(c byte) runeSet {
	var s runeSet
	switch c | 0x20 {
	case 'd':
		s = setOf('0', '9')
	case 's':
		// WhiteSpace and LineTerminator: TAB, VT, FF, SPACE, NBSP, ZWNBSP,
		// the Space_Separator code points, LF, CR, LS and PS.
		s = fromTable(unicode.Zs).union(runeSet{{'\t', '\r'}, {' ', ' '}, {0xa0, 0xa0}, {0x2028, 0x2029}, {0xfeff, 0xfeff}})
	case 'w':
		s = runeSet{{'0', '9'}, {'A', 'Z'}, {'_', '_'}, {'a', 'z'}}
	}
	if p.ignoreCase {
		// WordCharacters with the "i" flag adds the code points whose
		// folding is a word character: U+017F and U+212A.
		s = s.fold()
	}
	if c < 'a' {
		s = s.complement()
	}
	return s
}

// propertyEscape parses \p{...} or \P{...} at "\", and reports whether it
// names a property of strings.
func (p *reParser) propertyEscape() (runeSet, bool) {
	negate := p.peek(1) == 'P'
	p.pos += 2
	if p.peek(0) != '{' {
		p.fail(p.pos, `\p not followed by "{"`)
		return nil, false
	}
	start := p.pos + 1
	end := strings.IndexByte(p.src[start:], '}')
	if end < 0 {
		p.fail(len(p.src), `\p{ not closed by "}"`)
		return nil, false
	}
	expr := p.src[start : start+end]
	p.pos = start + end + 1
	s, res := property(expr)
	switch {
	case res == propSyntax:
		p.fail(start, "unknown Unicode property "+expr)
	case res == propStrings && negate:
		p.fail(start, `\P with a property of strings`)
	case res == propStrings:
		return nil, true
	case res == propUnsupported:
		p.unsupported(start, "Unicode property "+expr+", which Go's tables lack")
	}
	if p.ignoreCase {
		s = s.fold()
	}
	if negate {
		s = s.complement()
	}
	return s, false
}

// characterEscape parses a CharacterEscape at "\" (ES2024, 22.2.1):
// \f \n \r \t \v, \cX, \0, \xHH, \uHHHH, \u{H...}, and "\" before a
// syntax character or "/".
func (p *reParser) characterEscape() (rune, bool) {
	c := p.peek(1)
	switch c {
	case 'f', 'n', 'r', 't', 'v':
		p.pos += 2
		return controlEscape(c), true
	case 'c':
		if d := p.peek(2); 'a' <= d|0x20 && d|0x20 <= 'z' {
			p.pos += 3
			return rune(d % 32), true
		}
		p.fail(p.pos+2, `\c not followed by a letter`)
	case '0':
		if d := p.peek(2); '0' <= d && d <= '9' {
			p.fail(p.pos+2, `\0 followed by a digit`)
			break
		}
		p.pos += 2
		return 0, true
	case 'x':
		for k := 2; k < 4; k++ {
			if !abnf.IsHex(p.peek(k)) {
				p.fail(min(p.pos+k, len(p.src)), `\x not followed by two hex digits`)
				return 0, false
			}
		}
		r := rune(abnf.Unhex(p.peek(2))<<4 | abnf.Unhex(p.peek(3)))
		p.pos += 4
		return r, true
	case 'u':
		return p.unicodeEscape()
	default:
		if c != 0 && strings.IndexByte(`^$\.*+?()[]{}|/`, c) >= 0 {
			p.pos += 2
			return rune(c), true
		}
		p.fail(min(p.pos+1, len(p.src)), `"\" before a character that needs no escape`)
	}
	return 0, false
}

// controlEscape returns the code point of \f, \n, \r, \t or \v.
func controlEscape(c byte) rune {
	switch c {
	case 'f':
		return '\f'
	case 'n':
		return '\n'
	case 'r':
		return '\r'
	case 't':
		return '\t'
	}
	return '\v'
}

// unicodeEscape parses \uHHHH (two of them for a surrogate pair) or
// \u{H...} at "\".
func (p *reParser) unicodeEscape() (rune, bool) {
	i := p.pos + 2
	if p.peek(2) == '{' {
		i++
		v := rune(0)
		for ; i < len(p.src) && abnf.IsHex(p.src[i]); i++ {
			v = v<<4 | rune(abnf.Unhex(p.src[i]))
			if v > maxRune {
				p.fail(i, `\u{...} above U+10FFFF`)
				return 0, false
			}
		}
		if i == p.pos+3 || i >= len(p.src) || p.src[i] != '}' {
			p.fail(min(i, len(p.src)), `\u{ not followed by hex digits and "}"`)
			return 0, false
		}
		p.pos = i + 1
		return v, true
	}
	v, k := hex4(p.src, i)
	if k < 4 {
		p.fail(i+k, `\u not followed by four hex digits`)
		return 0, false
	}
	p.pos = i + 4
	if 0xd800 <= v && v < 0xdc00 && p.peek(0) == '\\' && p.peek(1) == 'u' {
		// A lead surrogate and a trail surrogate are one code point.
		if t, k := hex4(p.src, p.pos+2); k == 4 && 0xdc00 <= t && t < 0xe000 {
			p.pos += 6
			return (v-0xd800)<<10 | (t - 0xdc00) + 0x10000, true
		}
	}
	return v, true
}

// hex4 reads up to four hex digits at s[i], as Hex4Digits (ES2024,
// 22.2.1) wants four, and returns their value and how many there are.
func hex4(s string, i int) (rune, int) {
	v := rune(0)
	k := 0
	for ; k < 4 && i+k < len(s) && abnf.IsHex(s[i+k]); k++ {
		v = v<<4 | rune(abnf.Unhex(s[i+k]))
	}
	return v, k
}

// groupName parses a RegExpIdentifierName after "<", and its ">".
func (p *reParser) groupName() (string, bool) {
	var b strings.Builder
	for first := true; ; first = false {
		at := p.pos
		if p.eof() {
			p.fail(at, "group name not closed by \">\"")
			return "", false
		}
		if p.src[at] == '>' && !first {
			p.pos++
			return b.String(), true
		}
		var r rune
		if p.src[at] == '\\' && p.peek(1) == 'u' {
			var ok bool
			if r, ok = p.unicodeEscape(); !ok {
				return "", false
			}
		} else {
			var n int
			r, n = utf8.DecodeRuneInString(p.src[at:])
			p.pos += n
		}
		if !IsIdentifierChar(r, first) {
			p.fail(at, "not a code point of a group name")
			return "", false
		}
		b.WriteRune(r)
	}
}

// group parses a group at "(", and reports whether it may be repeated
// (look-arounds may not, with the "u" and "v" flags).
func (p *reParser) group() (*reNode, bool) {
	start := p.pos
	p.pos++
	if p.peek(0) != '?' {
		p.ctx.ncap++
		return p.groupBody(&reNode{kind: reGroup, capture: true}), true
	}
	p.pos++
	switch p.peek(0) {
	case ':':
		p.pos++
		return p.groupBody(&reNode{kind: reGroup}), true
	case '=', '!':
		p.pos++
		p.unsupported(start, "look-ahead")
		p.groupBody(&reNode{kind: reGroup})
		return &reNode{kind: reEmpty}, false
	case '<':
		if d := p.peek(1); d == '=' || d == '!' {
			p.pos += 2
			p.unsupported(start, "look-behind")
			p.groupBody(&reNode{kind: reGroup})
			return &reNode{kind: reEmpty}, false
		}
		p.pos++
		p.ctx.ncap++
		name, ok := p.groupName()
		if !ok || !p.addName(name) {
			return nil, true
		}
		return p.groupBody(&reNode{kind: reGroup, capture: true}), true
	}
	return p.modifiers(), true
}

// groupBody parses the disjunction of a group and its ")".
func (p *reParser) groupBody(g *reNode) *reNode {
	inner := p.body()
	if p.err != nil {
		return nil
	}
	if p.eof() {
		p.fail(len(p.src), "group not closed")
		return nil
	}
	p.pos++
	g.subs = []*reNode{inner}
	return g
}

// body parses the disjunction of a group's body, which is a span's own
// where one starts here: parsed as if the source ended at the span's end
// and held only the span, with the flags given to Compile.
func (p *reParser) body() *reNode {
	for len(p.spans) > 0 && p.spans[0].Start < p.pos {
		p.spans = p.spans[1:]
	}
	if len(p.spans) == 0 || p.spans[0].Start != p.pos || p.spans[0].End < p.pos || p.spans[0].End > len(p.src) {
		return p.disjunction()
	}
	end := p.spans[0].End
	p.spans = p.spans[1:]
	src, path, ignoreCase, dotAll := p.src, p.path, p.ignoreCase, p.dotAll
	p.src, p.path, p.ignoreCase, p.dotAll = src[:end], nil, p.ctx.ignoreCase, false
	n := p.disjunction()
	if p.err == nil && p.pos < len(p.src) {
		p.fail(p.pos, `")" closes no group`)
	}
	p.src, p.path, p.ignoreCase, p.dotAll = src, path, ignoreCase, dotAll
	return n
}

// addName registers a group name that was just read, up to its ">": a
// name may repeat only in another alternative of a disjunction that holds
// both groups (ES2025, 22.2.1.1).
func (p *reParser) addName(name string) bool {
	path := slices.Clone(p.path)
	same := p.ctx.names[name]
	if len(same) >= maxSameName {
		p.unsupported(p.pos-1, "more than 16 groups named "+name)
		return true
	}
	for _, g := range same {
		if !otherAlternative(g.path, path) {
			p.fail(p.pos-1, "a second group named "+name)
			return false
		}
	}
	if p.ctx.names == nil {
		p.ctx.names = map[string][]namedGroup{}
	}
	p.ctx.names[name] = append(same, namedGroup{path})
	return true
}

// otherAlternative reports whether two groups, at the paths a and b, are
// in different alternatives of one disjunction.
func otherAlternative(a, b []altStep) bool {
	for i := 0; i < len(a) && i < len(b); i++ {
		if a[i] != b[i] {
			return a[i].disj == b[i].disj
		}
	}
	return false
}

// modifiers parses "(?ims-ims:" (ES2025, pattern modifiers) after "(?":
// "i" and "s" change the flags inside the group; "m" is refused, since
// RE2's multi-line mode knows only "\n" as a line terminator.
func (p *reParser) modifiers() *reNode {
	seen := map[byte]bool{}
	ignoreCase, dotAll := p.ignoreCase, p.dotAll
	on, dash := true, false
	for ; !p.eof() && p.src[p.pos] != ':'; p.pos++ {
		c := p.src[p.pos]
		switch {
		case c == '-' && !dash:
			on, dash = false, true
			continue
		case c != 'i' && c != 'm' && c != 's' || seen[c]:
			p.fail(p.pos, `"(?" not followed by ":", "=", "!", "<" or modifiers`)
			return nil
		}
		seen[c] = true
		switch c {
		case 'i':
			p.ignoreCase = on
		case 's':
			p.dotAll = on
		case 'm':
			p.unsupported(p.pos, `the "m" modifier`)
		}
	}
	if p.eof() || dash && len(seen) == 0 {
		p.fail(p.pos, "modifiers not followed by \":\"")
		return nil
	}
	p.pos++
	g := p.groupBody(&reNode{kind: reGroup})
	p.ignoreCase, p.dotAll = ignoreCase, dotAll
	return g
}
