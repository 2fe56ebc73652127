package main

import (
	"encoding/hex"
	"strconv"
	"unicode/utf8"
)

// object writes one JSON object with its keys in the order they are added,
// as JSON Lines needs: the whole object on one line.
type object struct {
	buf []byte
}

func (o *object) key(k string) {
	if len(o.buf) == 0 {
		o.buf = append(o.buf, '{')
	} else {
		o.buf = append(o.buf, ',')
	}
	o.buf = appendString(o.buf, k)
	o.buf = append(o.buf, ':')
}

// str adds a string member.
func (o *object) str(k, v string) {
	o.key(k)
	o.buf = appendString(o.buf, v)
}

// optional adds a string member, or null when present is false.
func (o *object) optional(k, v string, present bool) {
	if !present {
		o.key(k)
		o.buf = append(o.buf, "null"...)
		return
	}
	o.str(k, v)
}

func (o *object) boolean(k string, v bool) {
	o.key(k)
	o.buf = strconv.AppendBool(o.buf, v)
}

func (o *object) integer(k string, v int) {
	o.key(k)
	o.buf = strconv.AppendInt(o.buf, int64(v), 10)
}

// input adds the "input" member, and "input_hex" with the raw bytes when the
// input is not valid UTF-8, so that no input is ever lost in the output.
func (o *object) input(s string) {
	o.str("input", s)
	if !utf8.ValidString(s) {
		o.str("input_hex", hex.EncodeToString([]byte(s)))
	}
}

// line returns the object as one line of JSON Lines.
func (o *object) line() []byte {
	if len(o.buf) == 0 {
		o.buf = append(o.buf, '{')
	}
	return append(o.buf, '}', '\n')
}

// appendString appends s as a JSON string. Bytes that are not valid UTF-8 are
// written as U+FFFD; control characters, '"' and '\' are escaped, and so are
// U+2028 and U+2029 so that the output is also valid JavaScript.
func appendString(b []byte, s string) []byte {
	const hexDigits = "0123456789abcdef"
	b = append(b, '"')
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			switch {
			case c == '"' || c == '\\':
				b = append(b, '\\', c)
			case c == '\n':
				b = append(b, '\\', 'n')
			case c == '\r':
				b = append(b, '\\', 'r')
			case c == '\t':
				b = append(b, '\\', 't')
			case c < 0x20:
				b = append(b, '\\', 'u', '0', '0', hexDigits[c>>4], hexDigits[c&0xf])
			default:
				b = append(b, c)
			}
			i++
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && size == 1:
			b = append(b, `\ufffd`...)
		case r == '\u2028' || r == '\u2029':
			b = append(b, `\u202`...)
			b = append(b, hexDigits[r&0xf])
		default:
			b = append(b, s[i:i+size]...)
		}
		i += size
	}
	return append(b, '"')
}
