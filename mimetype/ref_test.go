package mimetype_test

import (
	"strings"
	"unicode/utf8"
)

// This file is the slow reference of the tests: the steps of "parse a
// MIME type" (MIME Sniffing, section 4.4) and "serialize a MIME type"
// (section 4.5), written out one by one over code points, with nothing
// fused or skipped, for the fuzz targets to compare the parser with.

// refParam is a parameter of a reference record.
type refParam struct{ name, value []rune }

// refRecord is a MIME type record of the reference.
type refRecord struct {
	typ, subtype []rune
	params       []refParam
}

func refIsHTTPWhitespace(r rune) bool { return r == '\n' || r == '\r' || r == '\t' || r == ' ' }

func refIsToken(r rune) bool {
	return r < 0x80 && strings.ContainsRune("!#$%&'*+-.^_`|~", r) ||
		'0' <= r && r <= '9' || 'a' <= r && r <= 'z' || 'A' <= r && r <= 'Z'
}

func refIsQuotedToken(r rune) bool {
	return r == '\t' || 0x20 <= r && r <= 0x7E || 0x80 <= r && r <= 0xFF
}

func refSolely(s []rune, f func(rune) bool) bool {
	for _, r := range s {
		if !f(r) {
			return false
		}
	}
	return true
}

func refLower(s []rune) []rune {
	out := make([]rune, len(s))
	for i, r := range s {
		if 'A' <= r && r <= 'Z' {
			r += 'a' - 'A'
		}
		out[i] = r
	}
	return out
}

// refCollect collects a sequence of code points that satisfy f from
// input at *pos.
func refCollect(input []rune, pos *int, f func(rune) bool) []rune {
	start := *pos
	for *pos < len(input) && f(input[*pos]) {
		*pos++
	}
	return input[start:*pos]
}

// refQuoted is "collect an HTTP quoted string" with extract-value true
// (Fetch, section 2.2).
func refQuoted(input []rune, pos *int) []rune {
	var value []rune
	*pos++ // the quote
	for {
		value = append(value, refCollect(input, pos, func(r rune) bool { return r != '"' && r != '\\' })...)
		if *pos >= len(input) {
			break
		}
		q := input[*pos]
		*pos++
		if q == '\\' {
			if *pos >= len(input) {
				value = append(value, '\\')
				break
			}
			value = append(value, input[*pos])
			*pos++
			continue
		}
		break
	}
	return value
}

// refParse is "parse a MIME type" of input; ok is false for failure.
func refParse(input []rune) (rec refRecord, ok bool) {
	for len(input) > 0 && refIsHTTPWhitespace(input[0]) {
		input = input[1:]
	}
	for len(input) > 0 && refIsHTTPWhitespace(input[len(input)-1]) {
		input = input[:len(input)-1]
	}
	pos := 0
	typ := refCollect(input, &pos, func(r rune) bool { return r != '/' })
	if len(typ) == 0 || !refSolely(typ, refIsToken) || pos >= len(input) {
		return refRecord{}, false
	}
	pos++
	subtype := refCollect(input, &pos, func(r rune) bool { return r != ';' })
	for len(subtype) > 0 && refIsHTTPWhitespace(subtype[len(subtype)-1]) {
		subtype = subtype[:len(subtype)-1]
	}
	if len(subtype) == 0 || !refSolely(subtype, refIsToken) {
		return refRecord{}, false
	}
	rec = refRecord{typ: refLower(typ), subtype: refLower(subtype)}
	for pos < len(input) {
		pos++
		refCollect(input, &pos, refIsHTTPWhitespace)
		name := refLower(refCollect(input, &pos, func(r rune) bool { return r != ';' && r != '=' }))
		if pos < len(input) {
			if input[pos] == ';' {
				continue
			}
			pos++
		}
		if pos >= len(input) {
			break
		}
		var value []rune
		if input[pos] == '"' {
			value = refQuoted(input, &pos)
			refCollect(input, &pos, func(r rune) bool { return r != ';' })
		} else {
			value = refCollect(input, &pos, func(r rune) bool { return r != ';' })
			for len(value) > 0 && refIsHTTPWhitespace(value[len(value)-1]) {
				value = value[:len(value)-1]
			}
			if len(value) == 0 {
				continue
			}
		}
		if len(name) > 0 && refSolely(name, refIsToken) && refSolely(value, refIsQuotedToken) && !rec.has(name) {
			rec.params = append(rec.params, refParam{name, value})
		}
	}
	return rec, true
}

func (r refRecord) has(name []rune) bool {
	for _, p := range r.params {
		if string(p.name) == string(name) {
			return true
		}
	}
	return false
}

// serialize is "serialize a MIME type", as code points.
func (r refRecord) serialize() []rune {
	out := append(append(append([]rune{}, r.typ...), '/'), r.subtype...)
	for _, p := range r.params {
		out = append(append(append(out, ';'), p.name...), '=')
		if len(p.value) > 0 && refSolely(p.value, refIsToken) {
			out = append(out, p.value...)
			continue
		}
		out = append(out, '"')
		for _, c := range p.value {
			if c == '"' || c == '\\' {
				out = append(out, '\\')
			}
			out = append(out, c)
		}
		out = append(out, '"')
	}
	return out
}

// refBytes is the reference for Parse: the isomorphic decoding of s,
// parsed, serialized and isomorphic encoded.
func refBytes(s string) (string, bool) {
	in := make([]rune, len(s))
	for i := 0; i < len(s); i++ {
		in[i] = rune(s[i])
	}
	rec, ok := refParse(in)
	if !ok {
		return "", false
	}
	var b []byte
	for _, r := range rec.serialize() {
		b = append(b, byte(r))
	}
	return string(b), true
}

// refText is the reference for ParseText: the code points of s read as
// UTF-8 (an ill-formed sequence is U+FFFD), parsed, serialized, in UTF-8.
func refText(s string) (string, bool) {
	var in []rune
	for _, r := range s { // range yields U+FFFD for each ill-formed sequence
		in = append(in, r)
	}
	rec, ok := refParse(in)
	if !ok {
		return "", false
	}
	var b []byte
	for _, r := range rec.serialize() {
		b = utf8.AppendRune(b, r)
	}
	return string(b), true
}
