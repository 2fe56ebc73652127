package urlpattern

import (
	"regexp"
	"strings"
)

// A component is one compiled component of a URL pattern (section 1.3):
// its pattern string, its parts and group names, and the matcher that
// stands for its regular expression.
type component struct {
	pattern   string
	parts     []part
	names     []string
	hasRegexp bool
	// wildcard is set for the pattern "*" alone, which matches every
	// string without a line terminator: every component of a URL.
	wildcard bool
	opts     options
	enc      encodeFunc
	m        matcher
}

// compileComponent is "compile a component" (section 1.5): it parses
// input, builds the regular expression of section 2.2 and the pattern
// string of section 2.3. The regular expression is compiled for RE2 only
// when the parts need one (see matcher).
func compileComponent(input string, enc encodeFunc, opts options) (component, *compError) {
	parts, err := parsePattern(input, opts, enc)
	if err != nil {
		return component{}, err
	}
	c := component{parts: parts, opts: opts, enc: enc}
	for _, p := range parts {
		if p.typ != partFixed {
			c.names = append(c.names, p.name)
		}
		if p.typ == partRegexp {
			c.hasRegexp = true
		}
	}
	if c.m, err = newMatcher(parts, opts, len(c.names)); err != nil {
		return component{}, err
	}
	c.pattern = generatePattern(parts, opts)
	c.wildcard = len(parts) == 1 && parts[0].typ == partFullWildcard && parts[0].modifier == modNone &&
		parts[0].prefix == "" && parts[0].suffix == ""
	return c, nil
}

// regexpTree builds the tree of the regular expression that "generate a
// regular expression and name list" (section 2.2) writes for parts, as
// ECMAScript would parse it with the "v" flag (and "i" with ignore case).
func regexpTree(parts []part, opts options) (*reNode, *compError) {
	ctx := &reContext{ignoreCase: opts.ignoreCase}
	items := []*reNode{{kind: reAssert, assert: '^'}}
	for _, p := range parts {
		n, err := partTree(ctx, p, opts)
		if err != nil {
			return nil, err.comp()
		}
		items = append(items, n)
	}
	items = append(items, &reNode{kind: reAssert, assert: '$'})
	if err := ctx.checkRefs(); err != nil {
		return nil, err.comp()
	}
	if u := ctx.unsupported; u != nil {
		return nil, u.comp()
	}
	return &reNode{kind: reConcat, subs: items}, nil
}

// partTree builds the regular expression of one part (section 2.2).
func partTree(ctx *reContext, p part, opts options) (*reNode, *reError) {
	lit := func(s string) *reNode { return literalTree(s, opts.ignoreCase) }
	mod := func(n *reNode) *reNode { return modified(n, p.modifier) }
	if p.typ == partFixed {
		if p.modifier == modNone {
			return lit(p.value), nil
		}
		return mod(group(false, lit(p.value))), nil
	}
	value := func() (*reNode, *reError) { return valueTree(ctx, p, opts) }
	if p.prefix == "" && p.suffix == "" {
		if p.modifier == modNone || p.modifier == modOptional {
			ctx.ncap++
			v, err := value()
			if err != nil {
				return nil, err
			}
			return mod(group(true, v)), nil
		}
		ctx.ncap++
		v, err := value()
		if err != nil {
			return nil, err
		}
		return group(true, mod(group(false, v))), nil
	}
	if p.modifier == modNone || p.modifier == modOptional {
		ctx.ncap++
		v, err := value()
		if err != nil {
			return nil, err
		}
		return mod(group(false, concat(lit(p.prefix), group(true, v), lit(p.suffix)))), nil
	}
	// (?:<prefix>((?:<value>)(?:<suffix><prefix>(?:<value>))*)<suffix>)?
	ctx.ncap++
	v1, err := value()
	if err != nil {
		return nil, err
	}
	v2, err := value()
	if err != nil {
		return nil, err
	}
	rest := &reNode{kind: reRepeat, min: 0, max: -1, greedy: true, off: p.at,
		subs: []*reNode{group(false, concat(lit(p.suffix), lit(p.prefix), group(false, v2)))}}
	n := group(false, concat(lit(p.prefix), group(true, concat(group(false, v1), rest)), lit(p.suffix)))
	if p.modifier == modZeroOrMore {
		n = modified(n, modOptional)
	}
	return n, nil
}

// valueTree is the regular expression value of a group part: the segment
// wildcard, the full wildcard, or the part's own, parsed as ECMAScript
// would parse it inside the generated pattern.
func valueTree(ctx *reContext, p part, opts options) (*reNode, *reError) {
	switch p.typ {
	case partSegmentWildcard:
		s := allRunes()
		if opts.delimiter != 0 {
			d := setOf(rune(opts.delimiter), rune(opts.delimiter))
			if opts.ignoreCase {
				d = d.fold()
			}
			s = d.complement()
		}
		return &reNode{kind: reRepeat, min: 1, max: -1, subs: []*reNode{{kind: reSet, set: s}}}, nil
	case partFullWildcard:
		return &reNode{kind: reRepeat, min: 0, max: -1, greedy: true, subs: []*reNode{{kind: reSet, set: dotSet(false)}}}, nil
	}
	return ctx.parse(p.value, p.at)
}

// literalTree is the regular expression of escaped fixed text: each code
// point, folded with ignore case.
func literalTree(s string, ignoreCase bool) *reNode {
	var items []*reNode
	for _, r := range s {
		set := setOf(r, r)
		if ignoreCase {
			set = set.fold()
		}
		items = append(items, &reNode{kind: reSet, set: set})
	}
	return concat(items...)
}

func concat(items ...*reNode) *reNode {
	var out []*reNode
	for _, n := range items {
		switch {
		case n.kind == reConcat:
			out = append(out, n.subs...)
		case n.kind != reEmpty:
			out = append(out, n)
		}
	}
	switch len(out) {
	case 0:
		return &reNode{kind: reEmpty}
	case 1:
		return out[0]
	}
	return &reNode{kind: reConcat, subs: out}
}

func group(capture bool, n *reNode) *reNode {
	return &reNode{kind: reGroup, capture: capture, subs: []*reNode{n}}
}

// modified applies a modifier, greedy, as "convert a modifier to a
// string" appends it.
func modified(n *reNode, m modifier) *reNode {
	r := &reNode{kind: reRepeat, greedy: true, subs: []*reNode{n}}
	switch m {
	case modOptional:
		r.min, r.max = 0, 1
	case modZeroOrMore:
		r.min, r.max = 0, -1
	case modOneOrMore:
		r.min, r.max = 1, -1
	default:
		return n
	}
	return r
}

// checkRefs checks the back-references once every group is known:
// ECMAScript rejects a reference to a group that does not exist, and RE2
// has no back-references.
func (ctx *reContext) checkRefs() *reError {
	for _, r := range ctx.refs {
		if r.name != "" && !ctx.hasName(r.name) || r.name == "" && r.num > ctx.ncap {
			return &reError{ErrRegexpSyntax, r.off, "a back-reference to a group that does not exist"}
		}
	}
	if len(ctx.refs) > 0 {
		return &reError{ErrRegexpUnsupported, ctx.refs[0].off, "a back-reference"}
	}
	return nil
}

func (ctx *reContext) hasName(name string) bool { return len(ctx.names[name]) > 0 }

// compileRE2 returns the RE2 form of the regular expression of parts, or
// the reason it has none.
func compileRE2(parts []part, opts options) (*regexp.Regexp, *compError) {
	tree, err := regexpTree(parts, opts)
	if err != nil {
		return nil, err
	}
	return compileTree(tree)
}

// compileTree lowers the JavaScript regular expression tree to RE2's
// terms, writes it and compiles it, or returns why RE2 cannot express it.
func compileTree(tree *reNode) (*regexp.Regexp, *compError) {
	low, lerr := lower(tree)
	if lerr != nil {
		return nil, lerr.comp()
	}
	var b strings.Builder
	if werr := writeRE2(&b, low); werr != nil {
		return nil, werr.comp()
	}
	re, cerr := regexp.Compile(b.String())
	if cerr != nil {
		return nil, &compError{err: ErrRegexpUnsupported, detail: cerr.Error()}
	}
	return re, nil
}
