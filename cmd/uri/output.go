package main

import (
	"encoding/base64"
	"io"
	"strconv"
	"unicode/utf8"
	"unsafe"

	"github.com/gouri/uri/internal/abnf"
)

// This file writes the output lines: JSON objects and text lines, appended
// to the output's buffer and written out a buffer at a time; neither ever
// carries a control character or a bidirectional formatting character of
// the input as it is. A long string is escaped a piece at a time, with the
// buffer written out between pieces, so that a line of 16 MiB costs no
// copy of itself.

// field is one member of a JSON object. Its value is a string, a bool, an
// int, nil (null), an optional, a bytesHex, a base64Value, a []string, an
// object ([]field), a list of objects ([][]field) or the segments of a
// legacy path, written as they are read.
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

// Sizes of the output's buffer.
const (
	outSize  = 64 << 10 // the buffer is written out once it holds this much
	strChunk = 4 << 10  // a longer string is escaped this much at a time
)

// output is a buffered writer of output lines: each line is appended to
// buf, which is written to w once it holds outSize bytes, and by flush. A
// failed write is w's to remember (see stickyWriter): the buffer is
// emptied either way.
type output struct {
	w   io.Writer
	buf []byte
	tmp []byte // a part of a line, built before it is escaped into buf
	// in is the input of the JSON line being written, and inPlain tells
	// whether it is plain (see plainJSON): a result whose text is the
	// input need not look at it again.
	in      string
	inPlain bool
	// tsv: a text line is TabSeparated fields, escaped as appendTSV
	// escapes them, not as appendEscaped does (--tsv).
	tsv bool
}

// newOutput returns an output to w with a buffer of size bytes.
func newOutput(w io.Writer, size int) *output {
	return &output{w: w, buf: make([]byte, 0, size+size/2)}
}

// flush writes the buffer out. A buffer that a long line made large is
// let go, so that one line of 16 MiB does not hold its memory to the end.
func (o *output) flush() error {
	if len(o.buf) == 0 {
		return nil
	}
	_, err := o.w.Write(o.buf)
	o.buf = o.buf[:0]
	if cap(o.buf) > 4*outSize {
		o.buf = make([]byte, 0, outSize+outSize/2)
	}
	if cap(o.tmp) > outSize {
		o.tmp = nil
	}
	return err
}

// spill writes the buffer out when it holds outSize bytes or more.
func (o *output) spill() {
	if len(o.buf) >= outSize {
		o.flush()
	}
}

// raw appends s as it is: JSON punctuation and keys, which are ASCII.
func (o *output) raw(s string) { o.buf = append(o.buf, s...) }

// str writes s as a JSON string, and reports whether s is valid UTF-8
// (see appendJSONChars).
func (o *output) str(s string) bool {
	o.buf = append(o.buf, '"')
	valid := true
	for len(s) > strChunk {
		n := runeCut(s, strChunk)
		var ok bool
		o.buf, ok = appendJSONChars(o.buf, s[:n])
		valid = valid && ok
		s = s[n:]
		o.spill()
	}
	var ok bool
	o.buf, ok = appendJSONChars(o.buf, s)
	o.buf = append(o.buf, '"')
	o.spill()
	return valid && ok
}

// text writes s escaped for a text line (see appendEscaped), or as a
// TabSeparated field (see appendTSV).
func (o *output) text(s string) {
	escape := appendEscaped
	if o.tsv {
		escape = appendTSV
	}
	for len(s) > strChunk {
		n := runeCut(s, strChunk)
		o.buf = escape(o.buf, s[:n])
		s = s[n:]
		o.spill()
	}
	o.buf = escape(o.buf, s)
}

// hex writes the bytes of s as a JSON string of lower-case hex digits.
func (o *output) hex(s string) {
	o.buf = append(o.buf, '"')
	for i := 0; i < len(s); i++ {
		o.buf = append(o.buf, abnf.LowerHex[s[i]>>4], abnf.LowerHex[s[i]&15])
		if i%strChunk == strChunk-1 {
			o.spill()
		}
	}
	o.buf = append(o.buf, '"')
}

// base64 writes b as a JSON string of its standard base64, encoded a
// piece at a time (a multiple of 3 bytes, which encodes without padding)
// with the buffer written out between pieces.
func (o *output) base64(b []byte) {
	const piece = 3 * strChunk
	o.buf = append(o.buf, '"')
	for len(b) > piece {
		o.buf = base64.StdEncoding.AppendEncode(o.buf, b[:piece])
		b = b[piece:]
		o.spill()
	}
	o.buf = append(base64.StdEncoding.AppendEncode(o.buf, b), '"')
}

// runeCut returns n, or less, so that s[:n] ends where a character of s
// ends: escaping s[:n] and s[n:] apart escapes s as a whole does.
func runeCut(s string, n int) int {
	for i := n; i > n-utf8.UTFMax && i > 0; i-- {
		if utf8.RuneStart(s[i]) {
			return i
		}
	}
	return n
}

// member writes a member that is not the first of its object: its key
// (ASCII, as every key of the command is) and the value v.
func (o *output) member(key string, v any) {
	o.buf = append(o.buf, ',', '"')
	o.buf = append(o.buf, key...)
	o.buf = append(o.buf, '"', ':')
	o.value(v)
}

// optional writes a member, its key written by prefix (`,"key":`), whose
// value is s, or null when it is absent (ok is false). plain tells that s
// is short and holds no byte that a JSON string escapes (see plainJSON):
// it is then copied as it is. It is small enough to be inlined, so that
// the compiler writes the constant prefix with stores of its own.
func (o *output) optional(prefix, s string, ok, plain bool) {
	if ok && plain {
		o.buf = append(append(append(append(o.buf, prefix...), '"'), s...), '"')
		return
	}
	o.optionalOther(prefix, s, ok)
}

// optionalOther is optional for a value that is absent or not plain. It is
// kept out of optional, which the compiler would otherwise find too large
// to inline.
//
//go:noinline
func (o *output) optionalOther(prefix, s string, ok bool) {
	o.buf = append(o.buf, prefix...)
	if !ok {
		o.buf = append(o.buf, "null"...)
		return
	}
	o.str(s)
}

// An inputPlainer is a lineResult that may know whether the input of its
// line is plain (see plainJSON) at less cost than plainJSON: known is
// false when it does not.
type inputPlainer interface {
	inputPlain(in string) (plain, known bool)
}

// isPlain is plainJSON(s), without a look at s when it is the input of
// the line, which jsonLine looked at.
func (o *output) isPlain(s string) bool {
	if s == o.in {
		return o.inPlain
	}
	return plainJSON(s)
}

// plainJSON reports whether s is no longer than strChunk and holds only
// printable ASCII other than '"' and '\': a JSON string of s is s in
// quotes, and so is one of any part of s. The parts of a parsed URL,
// slices of its text, are written without a look at each when the text
// is plain; a longer text is written a piece at a time (see output.str).
func plainJSON(s string) bool {
	if len(s) > strChunk {
		return false
	}
	i := 0
	for ; i+8 <= len(s); i += 8 {
		if !plainWord(load64(s, i), '"', '\\') {
			return false
		}
	}
	if i < len(s) && len(s) >= 8 {
		return plainWord(load64(s, len(s)-8), '"', '\\')
	}
	for ; i < len(s); i++ {
		if !jsonPlain[s[i]] {
			return false
		}
	}
	return true
}

// jsonLine writes the JSON object of the input in and its result r:
// "input" (and "input_hex" when the input is not UTF-8), then the members
// of r, and a newline.
func (o *output) jsonLine(in string, r *result) {
	plain, known := false, false
	if p, ok := r.line.(inputPlainer); ok {
		plain, known = p.inputPlain(in)
	}
	if !known {
		plain = plainJSON(in)
	}
	o.in, o.inPlain = in, plain
	o.optional(`{"input":`, in, true, plain)
	if !plain && !utf8.ValidString(in) {
		o.raw(`,"input_hex":`)
		o.hex(in)
	}
	o.members(r.fields, false)
	switch {
	case r.isOne:
		o.raw(`,"ok":true,"result":`)
		if !o.str(r.one) {
			o.raw(`,"result_hex":`)
			o.hex(r.one)
		}
	case r.line != nil:
		r.line.json(o)
	}
	if r.get != nil {
		o.raw(`,"get":`)
		o.tmp = r.get.appendLine(o.tmp[:0], r.parts)
		o.str(bytesString(o.tmp))
	}
	o.raw("}\n")
	o.spill()
}

// textLine writes the text line of r, escaped, and a newline.
func (o *output) textLine(r *result) {
	switch {
	case r.get != nil:
		o.getText(r.get, r.parts)
	case r.isOne:
		o.text(r.one)
	case r.line != nil:
		r.line.text(o)
	default:
		o.text(r.text())
	}
	o.buf = append(o.buf, '\n')
	o.spill()
}

// getText writes the line of f (--get) for the URL of parts, each part
// escaped as a text line is, and the literal text as it is, its tabs
// included (with --tsv, its backslashes escaped: its tabs separate the
// fields, and the rest is part of a field).
func (o *output) getText(f getFormat, parts partSource) {
	for _, p := range f {
		if p.name == "" {
			if o.tsv {
				o.buf = appendTSVLiteral(o.buf, p.lit)
			} else {
				o.raw(p.lit)
			}
			continue
		}
		o.tmp = parts.appendPart(o.tmp[:0], p)
		o.text(bytesString(o.tmp))
	}
}

// bytesString is b as a string, without a copy, for a string that is
// written before b changes.
func bytesString(b []byte) string { return unsafe.String(unsafe.SliceData(b), len(b)) }

// members writes the members of an object, without its braces, first
// telling whether none is written before them (then the first has no
// comma before it).
func (o *output) members(fields []field, first bool) {
	for _, f := range fields {
		if h, ok := f.val.(bytesHex); ok && utf8.ValidString(string(h)) {
			continue
		}
		if !first {
			o.buf = append(o.buf, ',')
		}
		first = false
		o.str(f.key)
		o.buf = append(o.buf, ':')
		o.value(f.val)
	}
}

// value writes one JSON value.
func (o *output) value(v any) {
	switch v := v.(type) {
	case string:
		o.str(v)
	case bool:
		o.buf = strconv.AppendBool(o.buf, v)
	case int:
		o.buf = strconv.AppendInt(o.buf, int64(v), 10)
	case optional:
		if !v.ok {
			o.raw("null")
			return
		}
		o.str(v.s)
	case bytesHex:
		o.hex(string(v))
	case base64Value:
		o.base64(v)
	case []string:
		o.strings(v)
	case []field:
		o.buf = append(o.buf, '{')
		o.members(v, true)
		o.buf = append(o.buf, '}')
	case [][]field:
		o.buf = append(o.buf, '[')
		for i, f := range v {
			if i > 0 {
				o.buf = append(o.buf, ',')
			}
			o.value(f)
		}
		o.buf = append(o.buf, ']')
	case segments:
		o.buf = append(o.buf, '[')
		i := 0
		for sg := range v {
			if i > 0 {
				o.buf = append(o.buf, ',')
			}
			i++
			o.raw(`{"name":`)
			o.str(sg.Name)
			o.raw(`,"params":`)
			o.strings(sg.Params)
			o.buf = append(o.buf, '}')
		}
		o.buf = append(o.buf, ']')
	default:
		o.raw("null")
	}
}

// strings writes a list of strings, [] for none.
func (o *output) strings(list []string) {
	o.buf = append(o.buf, '[')
	for i, s := range list {
		if i > 0 {
			o.buf = append(o.buf, ',')
		}
		o.str(s)
	}
	o.buf = append(o.buf, ']')
}

// writeJSONLine writes the JSON object of the input in whose members are
// fields to w, as the command writes it.
func writeJSONLine(w io.Writer, in string, fields []field) {
	o := newOutput(w, 512)
	o.jsonLine(in, &result{fields: fields})
	o.flush()
}

// writeValue writes one JSON value to w, as the command writes it.
func writeValue(w io.Writer, v any) {
	o := newOutput(w, 512)
	o.value(v)
	o.flush()
}

// jsonPlain marks the bytes that a JSON string holds as they are: printable
// ASCII but '"' and '\'.
var jsonPlain = func() (t [256]bool) {
	for c := 0x20; c < 0x7f; c++ {
		t[c] = c != '"' && c != '\\'
	}
	return t
}()

// appendJSONChars appends s to dst as the inside of a JSON string (RFC
// 8259, Section 7), and reports whether s is valid UTF-8. Bytes that are
// not valid UTF-8 are written as U+FFFD, as encoding/json writes them; '"'
// and '\' are escaped, and so is every character that hidden would not
// leave raw: controls, bidirectional formatting characters, U+2028 and
// U+2029. Runs of other bytes are appended at once.
func appendJSONChars(dst []byte, s string) ([]byte, bool) {
	valid := true
	for i := 0; i < len(s); {
		j := i
		for j+8 <= len(s) && plainWord(load64(s, j), '"', '\\') {
			j += 8
		}
		if j < len(s) && j+8 > len(s) && len(s) >= 8 && plainWord(load64(s, len(s)-8), '"', '\\') {
			j = len(s) // the last word, which overlaps plain bytes, is plain
		}
		for j < len(s) && jsonPlain[s[j]] {
			j++
		}
		dst = append(dst, s[i:j]...)
		if j == len(s) {
			break
		}
		i = j
		if c := s[i]; c < utf8.RuneSelf {
			switch c {
			case '"', '\\':
				dst = append(dst, '\\', c)
			case '\n':
				dst = append(dst, '\\', 'n')
			case '\r':
				dst = append(dst, '\\', 'r')
			case '\t':
				dst = append(dst, '\\', 't')
			default:
				dst = appendUEscape(dst, rune(c))
			}
			i++
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && size == 1:
			dst = append(dst, `\ufffd`...)
			valid = false
		case hidden(r):
			dst = appendUEscape(dst, r)
		default:
			dst = append(dst, s[i:i+size]...)
		}
		i += size
	}
	return dst, valid
}

// load64 returns the eight bytes of s from i on, the first in the low
// byte: one load, which the compiler makes of the eight.
func load64(s string, i int) uint64 {
	b := s[i : i+8]
	return uint64(b[0]) | uint64(b[1])<<8 | uint64(b[2])<<16 | uint64(b[3])<<24 |
		uint64(b[4])<<32 | uint64(b[5])<<40 | uint64(b[6])<<48 | uint64(b[7])<<56
}

// plainWord reports whether each of the eight bytes of v is printable
// ASCII (0x20 to 0x7e) other than a and b, the bytes that the output
// writes as they are: a JSON string's, with '"' and '\\', or a text
// line's, with DEL twice. A byte x is zero exactly when (x-1) &^ x has its
// high bit set, and below n (n <= 0x80) when (x-n) &^ x has.
func plainWord(v uint64, a, b byte) bool {
	const ones, highs = 0x0101010101010101, 0x8080808080808080
	qa, qb, del := v^(ones*uint64(a)), v^(ones*uint64(b)), v^(ones*0x7f)
	bad := v | (v-ones*0x20)&^v | (qa-ones)&^qa | (qb-ones)&^qb | (del-ones)&^del
	return bad&highs == 0
}

// appendUEscape appends r, a character of the Basic Multilingual Plane, as
// "\u" and four lower-case hex digits, which both JSON and Go read.
func appendUEscape(dst []byte, r rune) []byte {
	return append(dst, '\\', 'u', abnf.LowerHex[r>>12&15], abnf.LowerHex[r>>8&15], abnf.LowerHex[r>>4&15], abnf.LowerHex[r&15])
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

// appendEscaped appends s to dst with each hidden character, and each byte
// that is not valid UTF-8, written as a Go escape ("\x1b", "\t", "\u202e")
// instead: text output is for people, and --json keeps the bytes. Runs of
// other characters are appended at once.
func appendEscaped(dst []byte, s string) []byte {
	for i := 0; i < len(s); {
		j := i
		for j+8 <= len(s) && plainWord(load64(s, j), 0x7f, 0x7f) {
			j += 8
		}
		if j < len(s) && j+8 > len(s) && len(s) >= 8 && plainWord(load64(s, len(s)-8), 0x7f, 0x7f) {
			j = len(s)
		}
		for j < len(s) && s[j] >= 0x20 && s[j] < 0x7f {
			j++
		}
		dst = append(dst, s[i:j]...)
		if j == len(s) {
			break
		}
		i = j
		r, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && size == 1 || r < 0x80 && hidden(r):
			switch c := s[i]; c {
			case '\t':
				dst = append(dst, '\\', 't')
			case '\n':
				dst = append(dst, '\\', 'n')
			case '\r':
				dst = append(dst, '\\', 'r')
			default:
				dst = append(dst, '\\', 'x', abnf.LowerHex[c>>4], abnf.LowerHex[c&15])
			}
		case hidden(r):
			dst = appendUEscape(dst, r)
		default:
			dst = append(dst, s[i:i+size]...)
		}
		i += size
	}
	return dst
}

// appendTSV appends s to dst as a field of the TabSeparated format, in
// the escapes that ClickHouse and PostgreSQL's text COPY read back to s:
// "\\" for a backslash, "\t", "\n" and "\r" for tab, LF and CR, and "\xHH"
// for each byte of every other character that hidden would not leave raw
// (a NUL too, which "\0" would write ambiguously before a digit) and for
// each byte that is not valid UTF-8. A line of such fields is one line,
// whatever they hold, and no control character reaches a reader raw.
func appendTSV(dst []byte, s string) []byte {
	for i := 0; i < len(s); {
		j := i
		for j+8 <= len(s) && plainWord(load64(s, j), '\\', 0x7f) {
			j += 8
		}
		for j < len(s) && s[j] >= 0x20 && s[j] < 0x7f && s[j] != '\\' {
			j++
		}
		dst = append(dst, s[i:j]...)
		if j == len(s) {
			break
		}
		i = j
		switch c := s[i]; c {
		case '\\':
			dst = append(dst, '\\', '\\')
			i++
			continue
		case '\t':
			dst = append(dst, '\\', 't')
			i++
			continue
		case '\n':
			dst = append(dst, '\\', 'n')
			i++
			continue
		case '\r':
			dst = append(dst, '\\', 'r')
			i++
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && size == 1 || hidden(r) {
			for _, c := range []byte(s[i : i+size]) {
				dst = append(dst, '\\', 'x', abnf.LowerHex[c>>4], abnf.LowerHex[c&15])
			}
		} else {
			dst = append(dst, s[i:i+size]...)
		}
		i += size
	}
	return dst
}

// appendTSVLiteral appends lit, literal text of a --get FORMAT, to dst for
// --tsv: its tabs separate fields and stay, and its backslashes are
// escaped, as in appendTSV. FORMAT holds no other control character.
func appendTSVLiteral(dst []byte, lit string) []byte {
	for i := 0; i < len(lit); i++ {
		if lit[i] == '\\' {
			dst = append(dst, '\\')
		}
		dst = append(dst, lit[i])
	}
	return dst
}
