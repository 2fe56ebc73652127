package extract

import (
	"unicode/utf16"
	"unicode/utf8"

	"github.com/gouri/uri/internal/abnf"
)

// URLs in JSON strings as they are written: JSON may escape "/" as "\/"
// (PHP does by default: "https:\/\/example.com\/a") and any character as
// "\u" and four hex digits (Go's encoder writes "&" as "\u0026", Python's
// every character beyond ASCII), RFC 8259, Section 7. In modes Default
// and Relaxed such an escape goes on with a URL, and the URL is read with
// it decoded; any other "\" ends a URL, and one that starts no escape of
// JSON ("\." of a regular expression) after an escape makes the
// candidate no URL.

// escapeLen returns the length of the escape of JSON at text[p], if "\",
// when it stands for a character that a URL goes on with: "\/", or
// "\u" and four hex digits (two such escapes for a code point beyond the
// BMP) for a character of a path but a bracket (which pathEnd counts as
// written), or a word character beyond ASCII. It returns 0 for any other.
func escapeLen(text string, p int) int {
	if text[p] != '\\' {
		return 0
	}
	if p+1 < len(text) && text[p+1] == '/' {
		return 2
	}
	r, n := unicodeEscape(text, p)
	switch {
	case n == 0:
		return 0
	case r < 0x80:
		if is(byte(r), bPath) && !is(byte(r), bPair) || r == '\'' {
			return n
		}
		return 0
	case classOf(r, "") == rWord:
		return n
	}
	return 0
}

// unicodeEscape decodes "\u" and four hex digits at text[p:], with a
// second such escape for the low half of a surrogate pair. It returns 0
// for none, and for a surrogate without its pair.
func unicodeEscape(text string, p int) (rune, int) {
	r, ok := hex4(text, p)
	if !ok {
		return 0, 0
	}
	if !utf16.IsSurrogate(r) {
		return r, 6
	}
	lo, ok := hex4(text, p+6)
	if r >= 0xdc00 || !ok {
		return 0, 0
	}
	if r = utf16.DecodeRune(r, lo); r == utf8.RuneError {
		return 0, 0
	}
	return r, 12
}

// hex4 decodes "\u" and four hex digits at text[p:].
func hex4(text string, p int) (rune, bool) {
	if p+6 > len(text) || text[p] != '\\' || text[p+1] != 'u' {
		return 0, false
	}
	var r rune
	for _, c := range []byte(text[p+2 : p+6]) {
		if !abnf.IsHex(c) {
			return 0, false
		}
		r = r<<4 | rune(abnf.Unhex(c))
	}
	return r, true
}

// jsonEscape reports whether an escape of JSON starts at text[p] ("\"):
// "\" then one of `"\/bfnrt`, or "u" and four hex digits.
func jsonEscape(text string, p int) bool {
	if p+1 < len(text) {
		switch text[p+1] {
		case '"', '\\', '/', 'b', 'f', 'n', 'r', 't':
			return true
		}
	}
	_, ok := hex4(text, p)
	return ok
}

// appendUnescaped appends s to b with the escapes that escapeLen reads
// decoded.
func appendUnescaped(b []byte, s string) []byte {
	for i := 0; i < len(s); {
		if s[i] != '\\' {
			b = append(b, s[i])
			i++
			continue
		}
		r, n := unicodeEscape(s, i)
		switch {
		case i+1 < len(s) && s[i+1] == '/':
			b = append(b, '/')
			i += 2
		case n > 0:
			b = utf8.AppendRune(b, r)
			i += n
		default:
			b = append(b, s[i])
			i++
		}
	}
	return b
}
