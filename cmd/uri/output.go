package main

import (
	"bufio"
	"encoding/base64"
	"io"
	"strconv"
	"unicode/utf8"

	"github.com/gouri/uri/internal/abnf"
)

// This file writes the output lines: JSON objects, streamed member by member
// so that a line of 16 MiB costs no copy of itself, and text lines; neither
// ever carries a control character or a bidirectional formatting character
// of the input as it is.

// field is one member of a JSON object. Its value is a string, a bool, an
// int, nil (null), an optional, a bytesHex, a base64Value, a []string, an object ([]field),
// a list of objects ([][]field) or the segments of a legacy path, written as
// they are read.
type field struct {
	key string
	val any
}

// optional is a string, or null when it is absent.
type optional struct {
	s  string
	ok bool
}

// bytesHex is a member written only when its string is not valid UTF-8,
// as the hex of its bytes, so that no byte is lost to the U+FFFD that JSON
// text holds in its place.
type bytesHex string

// base64Value is a string member whose value is the standard base64 of
// its bytes, written as it is encoded, so that a body of tens of
// megabytes costs no string of its own.
type base64Value []byte

// hexIfNotUTF8 returns the bytesHex of s.
func hexIfNotUTF8(s string) bytesHex { return bytesHex(s) }

// writeJSONLine writes one object: "input" (and "input_hex" when the input
// is not UTF-8), then the fields, and a newline.
func writeJSONLine(w *bufio.Writer, in string, fields []field) {
	w.WriteByte('{')
	writeMembers(w, append([]field{{"input", in}, {"input_hex", bytesHex(in)}}, fields...))
	w.WriteString("}\n")
}

// writeMembers writes the members of an object, without its braces.
func writeMembers(w *bufio.Writer, fields []field) {
	first := true
	for _, f := range fields {
		if h, ok := f.val.(bytesHex); ok && utf8.ValidString(string(h)) {
			continue
		}
		if !first {
			w.WriteByte(',')
		}
		first = false
		writeString(w, f.key)
		w.WriteByte(':')
		writeValue(w, f.val)
	}
}

// writeValue writes one JSON value.
func writeValue(w *bufio.Writer, v any) {
	switch v := v.(type) {
	case string:
		writeString(w, v)
	case bool:
		w.WriteString(strconv.FormatBool(v))
	case int:
		w.WriteString(strconv.Itoa(v))
	case optional:
		if !v.ok {
			w.WriteString("null")
			return
		}
		writeString(w, v.s)
	case bytesHex:
		w.WriteByte('"')
		for i := 0; i < len(v); i++ {
			w.WriteByte(abnf.LowerHex[v[i]>>4])
			w.WriteByte(abnf.LowerHex[v[i]&15])
		}
		w.WriteByte('"')
	case base64Value:
		w.WriteByte('"')
		enc := base64.NewEncoder(base64.StdEncoding, w)
		enc.Write(v)
		enc.Close()
		w.WriteByte('"')
	case []string:
		writeStrings(w, v)
	case []field:
		w.WriteByte('{')
		writeMembers(w, v)
		w.WriteByte('}')
	case [][]field:
		w.WriteByte('[')
		for i, o := range v {
			if i > 0 {
				w.WriteByte(',')
			}
			writeValue(w, o)
		}
		w.WriteByte(']')
	case segments:
		w.WriteByte('[')
		i := 0
		for sg := range v {
			if i > 0 {
				w.WriteByte(',')
			}
			i++
			w.WriteString(`{"name":`)
			writeString(w, sg.Name)
			w.WriteString(`,"params":`)
			writeStrings(w, sg.Params)
			w.WriteByte('}')
		}
		w.WriteByte(']')
	default:
		w.WriteString("null")
	}
}

// writeStrings writes a list of strings, [] for none.
func writeStrings(w *bufio.Writer, list []string) {
	w.WriteByte('[')
	for i, s := range list {
		if i > 0 {
			w.WriteByte(',')
		}
		writeString(w, s)
	}
	w.WriteByte(']')
}

// writeString writes s as a JSON string (RFC 8259, Section 7). Bytes that
// are not valid UTF-8 are written as U+FFFD, as encoding/json writes them;
// '"' and '\' are escaped, and so is every character that hidden would not
// leave raw: controls, bidirectional formatting characters, U+2028 and
// U+2029.
func writeString(w *bufio.Writer, s string) {
	w.WriteByte('"')
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == '"' || r == '\\':
			w.WriteByte('\\')
			w.WriteByte(byte(r))
		case r == '\n':
			w.WriteString(`\n`)
		case r == '\r':
			w.WriteString(`\r`)
		case r == '\t':
			w.WriteString(`\t`)
		case r == utf8.RuneError && size == 1:
			w.WriteString(`\ufffd`)
		case hidden(r):
			writeUEscape(w, r)
		default:
			w.WriteString(s[i : i+size])
		}
		i += size
	}
	w.WriteByte('"')
}

// writeUEscape writes r, a character of the Basic Multilingual Plane, as
// "\u" and four lower-case hex digits, which both JSON and Go read.
func writeUEscape(w textWriter, r rune) {
	w.WriteString(`\u`)
	for shift := 12; shift >= 0; shift -= 4 {
		w.WriteByte(abnf.LowerHex[r>>shift&15])
	}
}

// hidden reports whether r must never reach a terminal or a reader as it
// is: a C0 or C1 control, DEL, a character with the Unicode property
// Bidi_Control (which reorders the text around it: the "Trojan Source"
// attack), or U+2028 and U+2029, which end a line in JavaScript.
func hidden(r rune) bool {
	switch {
	case r < 0x20 || r == 0x7f || (r >= 0x80 && r <= 0x9f):
		return true
	case r == 0x061c, r == 0x200e, r == 0x200f, r >= 0x202a && r <= 0x202e, r >= 0x2066 && r <= 0x2069:
		return true
	}
	return r == 0x2028 || r == 0x2029
}

// writeTextLine writes s and a newline, escaped by writeEscaped: text
// output is for people, and --json keeps the bytes.
func writeTextLine(w *bufio.Writer, s string) {
	writeEscaped(w, s)
	w.WriteByte('\n')
}

// textWriter is where writeEscaped writes: the output's buffer, or a
// strings.Builder for text that is escaped before it is written.
type textWriter interface {
	io.StringWriter
	io.ByteWriter
}

// writeEscaped writes s with each hidden character, and each byte that is
// not valid UTF-8, written as a Go escape ("\x1b", "\t", "\u202e")
// instead. Runs of other characters are written as they are, at once.
func writeEscaped(w textWriter, s string) {
	for i := 0; i < len(s); {
		j := i
		for j < len(s) && s[j] >= 0x20 && s[j] < 0x7f {
			j++
		}
		if j > i {
			w.WriteString(s[i:j])
			i = j
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && size == 1 || r < 0x80 && hidden(r):
			c := s[i]
			switch c {
			case '\t':
				w.WriteString(`\t`)
			case '\n':
				w.WriteString(`\n`)
			case '\r':
				w.WriteString(`\r`)
			default:
				w.WriteString(`\x`)
				w.WriteByte(abnf.LowerHex[c>>4])
				w.WriteByte(abnf.LowerHex[c&15])
			}
		case hidden(r):
			writeUEscape(w, r)
		default:
			w.WriteString(s[i : i+size])
		}
		i += size
	}
}
