package urlpattern

import (
	"regexp"
	"strings"

	"github.com/gouri/uri/urlpattern/internal/jsregexp"
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

// compileRE2 returns the regular expression of parts compiled for RE2,
// or the reason it cannot be, at its offset in the component's text.
func compileRE2(parts []part, opts options) (*regexp.Regexp, *compError) {
	src := writeRegexp(parts, opts)
	re, err := jsregexp.Compile(src.String(), opts.flags(), src.spans)
	if err != nil {
		// Compile fails with a *jsregexp.Fault alone.
		f := err.(*jsregexp.Fault)
		reason := ErrRegexpSyntax
		if f.Kind == jsregexp.Unsupported {
			reason = ErrRegexpUnsupported
		}
		return nil, &compError{err: reason, off: src.offset(f.Offset), detail: f.Detail}
	}
	return re, nil
}

// A regexpSource is the regular expression of a component's parts as
// "generate a regular expression and name list" (section 2.2) writes it,
// the ECMAScript source that the standard compiles with the "v" flag,
// with the span of each regexp part's own expression in it.
type regexpSource struct {
	strings.Builder
	spans []jsregexp.Span
	at    []int // where each span's text starts in the component's text
}

// writeRegexp writes the regular expression of parts.
func writeRegexp(parts []part, opts options) *regexpSource {
	s := &regexpSource{}
	s.WriteByte('^')
	for _, p := range parts {
		s.part(p, opts)
	}
	s.WriteByte('$')
	return s
}

// part writes the regular expression of one part (section 2.2, step 4).
func (s *regexpSource) part(p part, opts options) {
	switch {
	case p.typ == partFixed && p.modifier == modNone:
		s.text(p.value)
		return
	case p.typ == partFixed:
		s.WriteString("(?:")
		s.text(p.value)
		s.WriteString(")")
	case p.prefix == "" && p.suffix == "" && (p.modifier == modNone || p.modifier == modOptional):
		s.WriteString("(")
		s.value(p, opts)
		s.WriteString(")")
	case p.prefix == "" && p.suffix == "":
		s.WriteString("((?:")
		s.value(p, opts)
		s.WriteString(")" + p.modifier.String() + ")")
		return
	case p.modifier == modNone || p.modifier == modOptional:
		s.WriteString("(?:")
		s.text(p.prefix)
		s.WriteString("(")
		s.value(p, opts)
		s.WriteString(")")
		s.text(p.suffix)
		s.WriteString(")")
	default:
		// (?:<prefix>((?:<value>)(?:<suffix><prefix>(?:<value>))*)<suffix>)
		s.WriteString("(?:")
		s.text(p.prefix)
		s.WriteString("((?:")
		s.value(p, opts)
		s.WriteString(")(?:")
		s.text(p.suffix)
		s.text(p.prefix)
		s.WriteString("(?:")
		s.value(p, opts)
		s.WriteString("))*)")
		s.text(p.suffix)
		s.WriteString(")")
		if p.modifier == modZeroOrMore {
			s.WriteByte('?')
		}
		return
	}
	s.WriteString(p.modifier.String())
}

// text writes fixed text, escaped ("escape a regexp string").
func (s *regexpSource) text(t string) { s.WriteString(escapeRegexp(t)) }

// value writes the regular expression value of a group part: the segment
// wildcard, the full wildcard, or the part's own, as a span.
func (s *regexpSource) value(p part, opts options) {
	switch p.typ {
	case partSegmentWildcard:
		s.WriteString(opts.segmentWildcard())
	case partFullWildcard:
		s.WriteString(fullWildcard)
	default:
		start := s.Len()
		s.WriteString(p.value)
		s.spans = append(s.spans, jsregexp.Span{Start: start, End: s.Len()})
		s.at = append(s.at, p.at)
	}
}

// offset returns the offset in the component's text of off, an offset in
// the source: in a part's own expression, the same place in the part's
// text; elsewhere, in what section 2.2 adds around the parts, 0.
func (s *regexpSource) offset(off int) int {
	for i, sp := range s.spans {
		if sp.Start <= off && off <= sp.End {
			return s.at[i] + off - sp.Start
		}
	}
	return 0
}
