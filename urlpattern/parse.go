package urlpattern

import (
	"strconv"
	"strings"

	"github.com/gouri/uri/urlpattern/internal/jsregexp"
)

// partType is the type of a part (section 2.1.3). The order is that of
// specificity, which compareComponent uses: fixed text is the most
// specific, a full wildcard the least.
type partType uint8

const (
	partFullWildcard partType = iota
	partSegmentWildcard
	partRegexp
	partFixed
)

// modifier is the modifier of a part (section 2.1.3). The order is that
// of specificity: none requires exactly one match, one-or-more at least
// one, optional at most one, zero-or-more nothing.
type modifier uint8

const (
	modZeroOrMore modifier = iota
	modOptional
	modOneOrMore
	modNone
)

// String returns the modifier as a pattern string writes it (section 2.3,
// convert a modifier to a string).
func (m modifier) String() string {
	switch m {
	case modZeroOrMore:
		return "*"
	case modOptional:
		return "?"
	case modOneOrMore:
		return "+"
	}
	return ""
}

// A part is one piece of a parsed pattern string (section 2.1.3): fixed
// text, or a group with its prefix and suffix, encoded by the
// component's encoding callback.
type part struct {
	typ      partType
	value    string // the fixed text, or the regular expression of a regexp part
	modifier modifier
	name     string
	prefix   string
	suffix   string
	at       int // for a regexp part, the offset of its value in the pattern string
}

// options are the options of section 2.1.4: the delimiter and prefix code
// points (0 for the empty string) and ignore case.
type options struct {
	delimiter  byte
	prefix     byte
	ignoreCase bool
}

var (
	defaultOptions  = options{}
	hostnameOptions = options{delimiter: '.'}
	pathnameOptions = options{delimiter: '/', prefix: '/'}
)

// flags returns the flags of the component's regular expression besides
// "v".
func (o options) flags() jsregexp.Flags {
	if o.ignoreCase {
		return jsregexp.IgnoreCase
	}
	return 0
}

// segmentWildcard is "generate a segment wildcard regexp" (section 2.1.5):
// "[^", the delimiter escaped, "]+?".
func (o options) segmentWildcard() string {
	if o.delimiter == 0 {
		return "[^]+?"
	}
	return "[^" + escapeRegexp(string(o.delimiter)) + "]+?"
}

// fullWildcard is the full wildcard regexp value.
const fullWildcard = ".*"

// encodeFunc is an encoding callback (section 2.1.5): it returns its input
// canonicalized for the component, or the offset in it and the reason of
// its failure.
type encodeFunc func(s string) (string, *canonError)

// canonError is the failure of an encoding callback.
type canonError struct {
	off    int
	detail string
}

// compError is a malformed component pattern string: the reason and the
// offset in the component's text.
type compError struct {
	err    error
	off    int
	detail string
}

// patternParser is the pattern parser of section 2.1.5.
type patternParser struct {
	input   string
	tokens  []token
	enc     encodeFunc
	opts    options
	parts   []part
	pending []token // the tokens whose values make the pending fixed value
	index   int
	numeric int
	names   map[string]bool
	err     *compError
	segment string
}

// parsePattern is "parse a pattern string".
func parsePattern(input string, opts options, enc encodeFunc) ([]part, *compError) {
	tokens, terr := tokenize(input, false)
	if terr != nil {
		return nil, &compError{err: terr.err, off: terr.off}
	}
	p := &patternParser{input: input, tokens: tokens, enc: enc, opts: opts, names: map[string]bool{}, segment: opts.segmentWildcard()}
	for p.index < len(p.tokens) && p.err == nil {
		p.step()
	}
	if p.err != nil {
		return nil, p.err
	}
	return p.parts, nil
}

// step is one turn of the loop of "parse a pattern string".
func (p *patternParser) step() {
	char := p.try(tokChar)
	name := p.try(tokName)
	group := p.tryRegexpOrWildcard(name)
	if name != nil || group != nil {
		var prefix []token
		if char != nil {
			if v := char.value(p.input); p.opts.prefix != 0 && len(v) == 1 && v[0] == p.opts.prefix {
				prefix = []token{*char}
			} else {
				p.pending = append(p.pending, *char)
			}
		}
		p.addPending()
		p.addPart(prefix, name, group, nil, p.tryModifier())
		return
	}
	fixed := char
	if fixed == nil {
		fixed = p.try(tokEscapedChar)
	}
	if fixed != nil {
		p.pending = append(p.pending, *fixed)
		return
	}
	if p.try(tokOpen) != nil {
		prefix := p.consumeText()
		name = p.try(tokName)
		group = p.tryRegexpOrWildcard(name)
		suffix := p.consumeText()
		if p.required(tokClose) {
			p.addPart(prefix, name, group, suffix, p.tryModifier())
		}
		return
	}
	p.addPending()
	p.required(tokEnd)
}

// try is "try to consume a token".
func (p *patternParser) try(typ tokenType) *token {
	if p.index < len(p.tokens) && p.tokens[p.index].typ == typ {
		p.index++
		return &p.tokens[p.index-1]
	}
	return nil
}

// tryModifier is "try to consume a modifier token".
func (p *patternParser) tryModifier() *token {
	if t := p.try(tokOtherModifier); t != nil {
		return t
	}
	return p.try(tokAsterisk)
}

// tryRegexpOrWildcard is "try to consume a regexp or wildcard token".
func (p *patternParser) tryRegexpOrWildcard(name *token) *token {
	t := p.try(tokRegexp)
	if name == nil && t == nil {
		t = p.try(tokAsterisk)
	}
	return t
}

// required is "consume a required token"; it records the failure.
func (p *patternParser) required(typ tokenType) bool {
	if p.try(typ) != nil {
		return true
	}
	if p.err == nil {
		t := p.tokens[p.index]
		p.err = &compError{err: ErrUnexpected, off: int(t.index), detail: unexpectedText(typ, t.typ, t.value(p.input))}
	}
	return false
}

// unexpectedText says which token was found where typ was wanted.
func unexpectedText(want, got tokenType, value string) string {
	w := `"}"`
	if want == tokEnd {
		w = "the end"
	}
	if got == tokEnd {
		return "the end where " + w + " was expected"
	}
	return strconv.Quote(value) + " where " + w + " was expected"
}

// consumeText is "consume text": the char and escaped-char tokens that
// follow.
func (p *patternParser) consumeText() []token {
	var out []token
	for {
		t := p.try(tokChar)
		if t == nil {
			t = p.try(tokEscapedChar)
		}
		if t == nil {
			return out
		}
		out = append(out, *t)
	}
}

// text returns the values of tokens in input, one after the other.
func text(input string, tokens []token) string {
	if len(tokens) == 1 {
		return tokens[0].value(input)
	}
	var b strings.Builder
	for _, t := range tokens {
		b.WriteString(t.value(input))
	}
	return b.String()
}

// encode runs the encoding callback on the text of tokens, and maps the
// offset of a failure back to the pattern string.
func (p *patternParser) encode(tokens []token) (string, bool) {
	s := text(p.input, tokens)
	if s == "" {
		return "", true
	}
	out, err := p.enc(s)
	if err == nil {
		return out, true
	}
	if p.err == nil {
		p.err = &compError{err: ErrCanonical, off: tokenOffset(tokens, err.off), detail: err.detail}
	}
	return "", false
}

// tokenOffset maps the offset off in the text of tokens to the pattern
// string.
func tokenOffset(tokens []token, off int) int {
	for _, t := range tokens {
		if n := int(t.ve - t.vs); off < n {
			return int(t.vs) + off
		} else {
			off -= n
		}
	}
	return int(tokens[len(tokens)-1].ve) + off
}

// addPending is "maybe add a part from the pending fixed value".
func (p *patternParser) addPending() {
	if len(p.pending) == 0 {
		return
	}
	v, ok := p.encode(p.pending)
	p.pending = p.pending[:0]
	if ok {
		p.parts = append(p.parts, part{typ: partFixed, value: v, modifier: modNone})
	}
}

// addPart is "add a part".
func (p *patternParser) addPart(prefix []token, name, group *token, suffix []token, modTok *token) {
	mod := modNone
	if modTok != nil {
		switch modTok.value(p.input) {
		case "?":
			mod = modOptional
		case "*":
			mod = modZeroOrMore
		case "+":
			mod = modOneOrMore
		}
	}
	if name == nil && group == nil && mod == modNone {
		p.pending = append(p.pending, prefix...)
		return
	}
	p.addPending()
	if name == nil && group == nil {
		if len(prefix) == 0 {
			return
		}
		if v, ok := p.encode(prefix); ok {
			p.parts = append(p.parts, part{typ: partFixed, value: v, modifier: mod})
		}
		return
	}
	pt := part{typ: partRegexp, modifier: mod}
	switch {
	case group == nil:
		pt.typ = partSegmentWildcard
	case group.typ == tokAsterisk:
		pt.typ = partFullWildcard
	case group.value(p.input) == p.segment:
		pt.typ = partSegmentWildcard
	case group.value(p.input) == fullWildcard:
		pt.typ = partFullWildcard
	default:
		pt.value, pt.at = group.value(p.input), int(group.vs)
	}
	if name != nil {
		pt.name = name.value(p.input)
	} else {
		pt.name = strconv.Itoa(p.numeric)
		p.numeric++
	}
	if p.names[pt.name] {
		// Only a name token can repeat a name: numbers are not names.
		p.err = &compError{err: ErrDuplicateName, off: int(name.ve), detail: "a second group named " + pt.name}
		return
	}
	p.names[pt.name] = true
	var ok bool
	if pt.prefix, ok = p.encode(prefix); !ok {
		return
	}
	if pt.suffix, ok = p.encode(suffix); !ok {
		return
	}
	p.parts = append(p.parts, pt)
}

// escapeRegexp is "escape a regexp string" (section 2.2).
func escapeRegexp(s string) string {
	return escapeWith(s, `.+*?^${}()[]|/\`)
}

// escapePattern is "escape a pattern string" (section 2.3).
func escapePattern(s string) string {
	return escapeWith(s, `+*?:{}()\`)
}

// escapeWith writes "\" before each byte of s that is in set.
func escapeWith(s, set string) string {
	if !strings.ContainsAny(s, set) {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if strings.IndexByte(set, s[i]) >= 0 {
			b.WriteByte('\\')
		}
		b.WriteByte(s[i])
	}
	return b.String()
}
