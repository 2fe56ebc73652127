package urlpattern

import (
	"strings"
	"unicode/utf8"

	"github.com/gouri/uri/urlpattern/internal/jsregexp"
)

// generatePattern is "generate a pattern string" (section 2.3): the
// normalized pattern string of a part list, which the component getters
// return.
func generatePattern(parts []part, opts options) string {
	var b strings.Builder
	writePattern(&b, parts, opts, nil)
	return b.String()
}

// partAt is where a part is written in the pattern string of its
// component: its own text (a fixed part's text; a group's ":" and name,
// its "(" or its "*", after the "{" and the prefix), and its modifier, or
// -1 without one.
type partAt struct{ text, modifier int }

// partsAt returns where each of parts is written in the pattern string
// that generatePattern returns, for an error about a part.
func partsAt(parts []part, opts options) []partAt {
	var b strings.Builder
	at := make([]partAt, 0, len(parts))
	writePattern(&b, parts, opts, &at)
	return at
}

// writePattern writes the pattern string of parts to b, and, when at is
// not nil, appends where each part is written to *at.
func writePattern(b *strings.Builder, parts []part, opts options, at *[]partAt) {
	for i, p := range parts {
		var prev, next *part
		if i > 0 {
			prev = &parts[i-1]
		}
		if i+1 < len(parts) {
			next = &parts[i+1]
		}
		pa := partAt{text: b.Len(), modifier: -1}
		switch {
		case p.typ != partFixed:
			pa = writeGroupPattern(b, p, prev, next, opts)
		case p.modifier == modNone:
			b.WriteString(escapePattern(p.value))
		default:
			b.WriteByte('{')
			pa.text = b.Len()
			b.WriteString(escapePattern(p.value))
			b.WriteByte('}')
			pa.modifier = b.Len()
			b.WriteString(p.modifier.String())
		}
		if at != nil {
			*at = append(*at, pa)
		}
	}
}

// writeGroupPattern writes a part that is not fixed text, for
// writePattern, and returns where it wrote it.
func writeGroupPattern(b *strings.Builder, p part, prev, next *part, opts options) partAt {
	custom := !isASCIIDigit(p.name[0])
	grouping := p.suffix != "" || p.prefix != "" && !isPrefix(p.prefix, opts)
	if !grouping && custom && p.typ == partSegmentWildcard && p.modifier == modNone &&
		next != nil && next.prefix == "" && next.suffix == "" {
		if next.typ == partFixed {
			r, _ := utf8.DecodeRuneInString(next.value)
			grouping = next.value != "" && jsregexp.IsIdentifierChar(r, false)
		} else {
			grouping = isASCIIDigit(next.name[0])
		}
	}
	if !grouping && p.prefix == "" && prev != nil && prev.typ == partFixed && prev.value != "" &&
		opts.prefix != 0 && prev.value[len(prev.value)-1] == opts.prefix {
		grouping = true
	}
	if grouping {
		b.WriteByte('{')
	}
	b.WriteString(escapePattern(p.prefix))
	at := partAt{text: b.Len(), modifier: -1}
	if custom {
		b.WriteByte(':')
		b.WriteString(p.name)
	}
	switch {
	case p.typ == partRegexp:
		b.WriteByte('(')
		b.WriteString(p.value)
		b.WriteByte(')')
	case p.typ == partSegmentWildcard && !custom:
		b.WriteByte('(')
		b.WriteString(opts.segmentWildcard())
		b.WriteByte(')')
	case p.typ == partFullWildcard:
		if !custom && (prev == nil || prev.typ == partFixed || prev.modifier != modNone || grouping || p.prefix != "") {
			b.WriteByte('*')
		} else {
			b.WriteString("(" + fullWildcard + ")")
		}
	}
	if p.typ == partSegmentWildcard && custom && p.suffix != "" {
		if r, _ := utf8.DecodeRuneInString(p.suffix); jsregexp.IsIdentifierChar(r, false) {
			b.WriteByte('\\')
		}
	}
	b.WriteString(escapePattern(p.suffix))
	if grouping {
		b.WriteByte('}')
	}
	if p.modifier != modNone {
		at.modifier = b.Len()
	}
	b.WriteString(p.modifier.String())
	return at
}

// isPrefix reports whether s is the prefix code point of opts.
func isPrefix(s string, opts options) bool {
	return opts.prefix != 0 && len(s) == 1 && s[0] == opts.prefix
}

func isASCIIDigit(c byte) bool { return '0' <= c && c <= '9' }
