package jsregexp

import (
	"strings"
	"unicode/utf8"
)

// This file parses character classes with the "v" flag (ES2024, 22.2.1,
// ClassSetExpression): unions of characters, ranges, nested classes, class
// escapes and \q{...}, or intersections ("&&") and subtractions ("--")
// of operands, each computed as a set of code points.

// The characters that must be escaped in a class, and the punctuators that
// may be escaped there or may not be doubled (ES2024, 22.2.1:
// ClassSetSyntaxCharacter, ClassSetReservedPunctuator and
// ClassSetReservedDoublePunctuator).
const (
	classSyntaxChars  = "()[]{}/-\\|"
	classReservedOnce = "&-!#%,:;<=>@`~"
	classReservedTwo  = "&!#$%*+,.:;<=>?@^`~"
)

// class parses a class at "[" as an atom.
func (p *reParser) class() *reNode {
	start := p.pos
	s, strs := p.nestedClass()
	if p.err != nil {
		return nil
	}
	if strs {
		p.unsupported(start, "a class that may match a string of other than one code point")
	}
	return &reNode{kind: reSet, set: s}
}

// nestedClass parses "[...]" or "[^...]" and reports whether the class
// may contain strings (MayContainStrings), which a complement may not.
func (p *reParser) nestedClass() (runeSet, bool) {
	if p.classDepth++; p.classDepth > maxDepth {
		p.unsupported(p.pos, "classes nested deeper than 1000")
		p.err = p.ctx.unsupported
		return nil, false
	}
	defer func() { p.classDepth-- }()
	p.pos++
	negate := p.peek(0) == '^'
	if negate {
		p.pos++
	}
	var s runeSet
	strs := false
	if p.peek(0) != ']' {
		s, strs = p.classContents()
	}
	if p.err != nil {
		return nil, false
	}
	if p.eof() {
		p.fail(len(p.src), "class not closed")
		return nil, false
	}
	p.pos++
	if negate {
		if strs {
			p.fail(p.pos-1, "a complemented class that may match strings")
			return nil, false
		}
		s = s.complement()
	}
	return s, strs
}

// classContents parses a ClassUnion, ClassIntersection or
// ClassSubtraction, up to the "]" (not included).
func (p *reParser) classContents() (runeSet, bool) {
	s, isRange, strs := p.classItem(true)
	if p.err != nil {
		return nil, false
	}
	op := p.src[p.pos:min(p.pos+2, len(p.src))]
	if !isRange && (op == "&&" || op == "--") {
		for p.pos+2 <= len(p.src) && p.src[p.pos:p.pos+2] == op {
			p.pos += 2
			if op == "&&" && p.peek(0) == '&' {
				p.fail(p.pos, `"&&&" in a class`)
				return nil, false
			}
			t, _, tstrs := p.classItem(false)
			if p.err != nil {
				return nil, false
			}
			if op == "&&" {
				s, strs = s.intersect(t), strs && tstrs
			} else {
				s = s.minus(t)
			}
		}
		if p.peek(0) != ']' && !p.eof() {
			p.fail(p.pos, "class operations mixed without nesting")
			return nil, false
		}
		return s, strs
	}
	// The items are gathered and merged once: a union per item would
	// copy the set each time.
	items := append(runeSet(nil), s...)
	for !p.eof() && p.src[p.pos] != ']' {
		t, _, tstrs := p.classItem(true)
		if p.err != nil {
			return nil, false
		}
		items, strs = append(items, t...), strs || tstrs
	}
	return items.normalize(), strs
}

// classItem parses a ClassSetOperand, or with ranges also a
// ClassSetRange, and reports whether it was a range and whether it may
// contain strings.
func (p *reParser) classItem(ranges bool) (s runeSet, isRange, strs bool) {
	switch c, d := p.peek(0), p.peek(1); {
	case c == '[':
		s, strs = p.nestedClass()
		return s, false, strs
	case c == '\\' && strings.IndexByte("dDsSwW", d) >= 0 && d != 0:
		p.pos += 2
		return p.classEscape(d), false, false
	case c == '\\' && (d == 'p' || d == 'P'):
		s, strs = p.propertyEscape()
		return s, false, strs
	case c == '\\' && d == 'q':
		s, strs = p.classStrings()
		return s, false, strs
	}
	lo, ok := p.classSetCharacter()
	if !ok {
		return nil, false, false
	}
	hi := lo
	if ranges && p.peek(0) == '-' && p.peek(1) != '-' {
		p.pos++
		at := p.pos
		if hi, ok = p.classSetCharacter(); !ok {
			return nil, false, false
		}
		if hi < lo {
			p.fail(at, "a range out of order")
			return nil, false, false
		}
		isRange = true
	}
	s = setOf(lo, hi)
	if p.ignoreCase {
		s = s.fold()
	}
	return s, isRange, false
}

// classSetCharacter parses one ClassSetCharacter.
func (p *reParser) classSetCharacter() (rune, bool) {
	if p.eof() {
		p.fail(len(p.src), "class not closed")
		return 0, false
	}
	c := p.src[p.pos]
	if c == '\\' {
		d := p.peek(1)
		switch {
		case d == 'b':
			p.pos += 2
			return '\b', true
		case d != 0 && strings.IndexByte(classReservedOnce, d) >= 0:
			p.pos += 2
			return rune(d), true
		}
		return p.characterEscape()
	}
	if strings.IndexByte(classSyntaxChars, c) >= 0 {
		p.fail(p.pos, "a "+string(c)+" must be escaped in a class")
		return 0, false
	}
	if p.peek(1) == c && strings.IndexByte(classReservedTwo, c) >= 0 {
		p.fail(p.pos+1, "a doubled "+string(c)+" is reserved in a class")
		return 0, false
	}
	r, n := utf8.DecodeRuneInString(p.src[p.pos:])
	p.pos += n
	return r, true
}

// classStrings parses \q{...|...}: the strings of one code point are
// members; longer or empty ones make the class one that may contain
// strings, which RE2 classes cannot.
func (p *reParser) classStrings() (runeSet, bool) {
	p.pos += 2
	if p.peek(0) != '{' {
		p.fail(p.pos, `\q not followed by "{"`)
		return nil, false
	}
	p.pos++
	var s runeSet
	strs := false
	n := 0
	for {
		if p.eof() {
			p.fail(len(p.src), `\q{ not closed`)
			return nil, false
		}
		switch p.src[p.pos] {
		case '}', '|':
			strs = strs || n != 1
			n = 0
			if p.src[p.pos] == '}' {
				p.pos++
				return s, strs
			}
			p.pos++
			continue
		}
		r, ok := p.classSetCharacter()
		if !ok {
			return nil, false
		}
		n++
		t := setOf(r, r)
		if p.ignoreCase {
			t = t.fold()
		}
		if n == 1 {
			s = s.union(t)
		}
	}
}
