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
	for i, p := range parts {
		var prev, next *part
		if i > 0 {
			prev = &parts[i-1]
		}
		if i+1 < len(parts) {
			next = &parts[i+1]
		}
		if p.typ == partFixed {
			if p.modifier == modNone {
				b.WriteString(escapePattern(p.value))
				continue
			}
			b.WriteByte('{')
			b.WriteString(escapePattern(p.value))
			b.WriteByte('}')
			b.WriteString(p.modifier.String())
			continue
		}
		writeGroupPattern(&b, p, prev, next, opts)
	}
	return b.String()
}

// writeGroupPattern writes a part that is not fixed text, for
// generatePattern.
func writeGroupPattern(b *strings.Builder, p part, prev, next *part, opts options) {
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
	b.WriteString(p.modifier.String())
}

// isPrefix reports whether s is the prefix code point of opts.
func isPrefix(s string, opts options) bool {
	return opts.prefix != 0 && len(s) == 1 && s[0] == opts.prefix
}

func isASCIIDigit(c byte) bool { return '0' <= c && c <= '9' }
