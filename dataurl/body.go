package dataurl

import (
	"encoding/base64"
	"math"
	"strconv"
	"strings"
	"unicode/utf8"
	"unsafe"

	"github.com/gouri/uri/internal/abnf"
)

// This file reads the body of a data: URL, the processor's steps 10 and
// 11: percent-decoding (URL Standard, section 1.3, "percent-decode"), then
// for a ";base64" URL the forgiving-base64 decode of the Infra Standard
// (section 7, "Forgiving base64"). The body is read as the input gives it
// (see opaque.go): tabs and newlines are skipped, also between the "%" and
// the hex digits of a percent-encoding, and an ill-formed UTF-8 sequence
// is the bytes of U+FFFD. An href's body has none of these, so the same
// code reads it. Each body is measured first, without allocating, so that
// a limit on its size is checked against the exact decoded length before
// a byte of it is decoded.

// A fault is an error found in a body: the reason, and more about it.
type fault struct {
	err    error
	detail string
}

// Byte classes of the forgiving-base64 decoder, for a byte of the
// percent-decoded body.
const (
	b64Other = iota // any other byte: failure
	b64Char         // "+", "/" or an ASCII alphanumeric: the RFC 4648 alphabet
	b64Space        // ASCII whitespace: TAB, LF, FF, CR, SPACE (removed first)
	b64Pad          // "="
)

// b64Class maps each byte to its class. It is written once, when the
// package is initialized, and only read after that.
var b64Class = func() (t [256]uint8) {
	const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"
	for i := 0; i < len(alphabet); i++ {
		t[alphabet[i]] = b64Char
	}
	for _, c := range "\t\n\f\r " {
		t[c] = b64Space
	}
	t['='] = b64Pad
	return t
}()

// tooLarge is the fault of a body that decodes to more than limit bytes.
func tooLarge(limit int64) *fault {
	return &fault{ErrTooLarge, "more than " + strconv.FormatInt(limit, 10) + " bytes"}
}

// decodePct returns the byte of the percent-decoded body that begins at
// s[i], a "%", and the number of bytes of s that it takes: three or more
// for a percent-encoding, with the tabs and newlines that the URL parser
// removes between its "%" and its hex digits, and one for a "%" that
// begins none. Any other byte is itself, and one byte.
func decodePct(s string, i int) (byte, int) {
	if i+2 < len(s) && abnf.IsHex(s[i+1]) && abnf.IsHex(s[i+2]) {
		return abnf.Unhex(s[i+1])<<4 | abnf.Unhex(s[i+2]), 3
	}
	j := i + 1
	var hex [2]byte
	for k := range hex {
		for j < len(s) && tabOrNewline(s[j]) {
			j++
		}
		if j == len(s) || !abnf.IsHex(s[j]) {
			return '%', 1
		}
		hex[k] = abnf.Unhex(s[j])
		j++
	}
	return hex[0]<<4 | hex[1], j - i
}

// utf8At returns the bytes of the percent-decoded body for the code point
// that begins at s[i], a byte >= 0x80, read as the URL parser reads it
// (tabs and newlines removed): its UTF-8 bytes, or those of U+FFFD for an
// ill-formed sequence; and the index of s after the bytes it read.
func utf8At(s string, i int) (b [4]byte, n int, next int) {
	// Most often no tab or newline is in the sequence, or stops it.
	_, n, ok := abnf.DecodeRune(s, i)
	if ok {
		copy(b[:], s[i:i+n])
		return b, n, i + n
	}
	if next = i + n; next == len(s) || !tabOrNewline(s[next]) {
		return [4]byte{0xEF, 0xBF, 0xBD}, 3, next
	}
	var pos [4]int
	k := 0
	for j := i; j < len(s) && k < len(b); j++ {
		if c := s[j]; !tabOrNewline(c) {
			b[k], pos[k] = c, j
			k++
		}
	}
	_, n, ok = abnf.DecodeRune(string(b[:k]), 0)
	next = pos[n-1] + 1
	if !ok {
		return [4]byte{0xEF, 0xBF, 0xBD}, 3, next
	}
	return b, n, next
}

// unit returns the bytes of the percent-decoded body for the text that
// begins at s[0], and how many bytes of s it takes: none for a tab or a
// newline, one for a "%" that begins no percent-encoding and for any
// other ASCII byte, one for a percent-encoding, and up to four for a code
// point from 0x80 on (see utf8At).
func unit(s string) (b [4]byte, n int, size int) {
	switch c := s[0]; {
	case tabOrNewline(c):
		return b, 0, 1
	case c < 0x80:
		b[0], size = c, 1
		if c == '%' {
			b[0], size = decodePct(s, 0)
		}
		return b, 1, size
	}
	b, n, size = utf8At(s, 0)
	return b, n, size
}

// plainLen returns how many bytes at the start of s are bytes of the
// percent-decoded body as they are: ASCII, and neither "%" nor a tab or
// a newline.
func plainLen(s string) int {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c == '%' || c >= 0x80 || tabOrNewline(c) {
			return i
		}
	}
	return len(s)
}

// measureBase64 returns the length of the forgiving-base64 decoding of
// the percent-decoding of body, and whether body is plain base64: no
// percent-encoding and no whitespace, so that its bytes are the
// decoder's input as they are. With limit >= 0, a body that decodes to
// more than limit bytes is a fault, unless a fault comes before the
// character that passes the limit.
//
// It follows the decoder's steps in one pass: whitespace is skipped, a
// character of the alphabet counts, and "=" is accepted only as the
// padding that step 2 removes, one or two of them after 4n+3 or 4n+2
// characters, with nothing but whitespace after.
func measureBase64(body string, limit int64) (size int, plain bool, f *fault) {
	m, pads := 0, 0 // alphabet characters, "=" seen
	fail := func(detail string) (int, bool, *fault) { return 0, false, &fault{ErrBase64, detail} }
	// The most characters within the limit (see maxChars).
	most := math.MaxInt
	if limit >= 0 {
		most = int(min(maxChars(limit), math.MaxInt))
	}
	plain = true
	for i := 0; i < len(body); {
		c, n := body[i], 1
		if c == '%' {
			c, n = decodePct(body, i)
		}
		switch b64Class[c] {
		case b64Char:
			if pads > 0 {
				return fail(strconv.Quote(string(c)) + " after the padding")
			}
			if m++; m > most {
				return 0, false, tooLarge(limit)
			}
		case b64Space:
			plain = false
		case b64Pad:
			// The first "=" may follow 4n+2 or 4n+3 characters, the second
			// only 4n+2.
			if r := m % 4; pads == 0 && r < 2 || pads == 1 && r != 2 || pads == 2 {
				return fail(`"=" where no padding can be`)
			}
			pads++
		default:
			if n == 1 && c >= 0x80 {
				b, _, _ := utf8At(body, i)
				c = b[0]
			}
			return fail(quoteByte(c) + " is not a base64 character")
		}
		if n != 1 {
			plain = false
		}
		i += n
	}
	switch {
	case pads > 0 && (m+pads)%4 != 0:
		return 0, false, &fault{ErrBase64, `one "=" where two must be`}
	case m%4 == 1:
		return 0, false, &fault{ErrBase64, strconv.Itoa(m) + " base64 characters, one more than a multiple of four"}
	}
	return m * 3 / 4, plain, nil
}

// quoteByte quotes the byte c, escaped as Go does when it is not printable
// ASCII.
func quoteByte(c byte) string {
	if c >= 0x80 {
		return `"\x` + string(abnf.UpperHex[c>>4]) + string(abnf.UpperHex[c&15]) + `"`
	}
	return strconv.Quote(string(rune(c)))
}

// gather copies the base64 characters of the percent-decoded body, which
// measureBase64 accepted, to dst until dst is full or the body ends, and
// returns how many it copied and the rest of the body. Whitespace is
// skipped, and the padding ends the body.
func gather(dst []byte, body string) (int, string) {
	k, i := 0, 0
	for i < len(body) && k < len(dst) {
		c, n := body[i], 1
		if c == '%' {
			c, n = decodePct(body, i)
		}
		switch b64Class[c] {
		case b64Char:
			dst[k] = c
			k++
		case b64Pad:
			return k, ""
		}
		i += n
	}
	return k, body[i:]
}

// chunk is how many base64 characters gather collects at a time: a
// multiple of four, so that each chunk decodes on its own.
const chunk = 1024

// decodeBase64 writes the decoding of body, which measureBase64
// accepted, to dst, which has room for all of it.
func decodeBase64(dst []byte, body string) {
	var buf [chunk]byte
	for n := 0; body != ""; {
		var k int
		k, body = gather(buf[:], body)
		w, _ := base64.RawStdEncoding.Decode(dst[n:], buf[:k])
		n += w
	}
}

// bytesOf returns the bytes of s without copying them, for a reader that
// never writes them (base64.Encoding.Decode reads its source only).
func bytesOf(s string) []byte { return unsafe.Slice(unsafe.StringData(s), len(s)) }

// trimPadding removes the padding that the forgiving-base64 decoder
// removes from plain base64 (its step 2): one or two "=" at the end of a
// text of 4n characters.
func trimPadding(s string) string {
	if len(s)%4 == 0 {
		for k := 0; k < 2 && strings.HasSuffix(s, "="); k++ {
			s = s[:len(s)-1]
		}
	}
	return s
}

// measurePercent returns the length of the percent-decoding of body, and
// whether body is clean: no tab or newline and no ill-formed UTF-8, so
// that its percent-decoding as it is, is the body's. With limit >= 0, a
// longer body than limit is a fault, found after reading little more of
// body than the limit's worth: body is measured a piece at a time.
func measurePercent(body string, limit int64) (size int, clean bool, f *fault) {
	clean = true
	for s := body; s != ""; {
		p := s[:piece(s)]
		s = s[len(p):]
		if strings.IndexByte(p, '\t') < 0 && strings.IndexByte(p, '\n') < 0 &&
			strings.IndexByte(p, '\r') < 0 && utf8.ValidString(p) {
			size += percentSize(p)
		} else {
			clean = false
			size += rawSize(p)
		}
		if limit >= 0 && int64(size) > limit {
			return 0, false, tooLarge(limit)
		}
	}
	return size, clean, nil
}

// pieceLen is about how long the pieces of measurePercent are.
const pieceLen = 64 << 10

// piece returns the length of the first piece of s that measurePercent
// measures on its own: about pieceLen bytes, up to a byte before which
// the body can be cut without changing its percent-decoding: one that is
// neither a hex digit, which may end a percent-encoding, nor a tab or a
// newline, which the URL parser removes from one, nor a UTF-8
// continuation byte.
func piece(s string) int {
	i := pieceLen
	for i < len(s) && (abnf.IsHex(s[i]) || tabOrNewline(s[i]) || 0x80 <= s[i] && s[i] < 0xC0) {
		i++
	}
	return min(i, len(s))
}

// percentSize returns the length of the percent-decoding of s, in which
// each "%" followed by two hex digits is one byte.
func percentSize(s string) int {
	size := len(s)
	for i := strings.IndexByte(s, '%'); i >= 0; {
		if i+2 < len(s) && abnf.IsHex(s[i+1]) && abnf.IsHex(s[i+2]) {
			size -= 2
			i += 2
		}
		k := strings.IndexByte(s[i+1:], '%')
		if k < 0 {
			break
		}
		i += 1 + k
	}
	return size
}

// rawSize returns the length of the percent-decoding of s read as the
// URL parser reads it (see unit).
func rawSize(s string) int {
	size := 0
	for s != "" {
		k := plainLen(s)
		if k == 0 {
			var n int
			_, n, k = unit(s)
			size += n - k
		}
		size += k
		s = s[k:]
	}
	return size
}

// decodeBody returns the body of a data: URL from its encoded text, the
// processor's steps 10 and 11, or the fault that makes the processor fail
// or the body too large. It allocates the body, once, after checking its
// size against limit (none when limit < 0), or decodes it into buf, the
// buffer of a first try at decoding plain base64 (see decodePlain), which
// has room for it. Without buf, a base64 body is first tried as plain
// base64, which leaves the buffer of that try as the only allocation of
// an invalid body.
func decodeBody(body string, b64 bool, limit int64, buf []byte) ([]byte, *fault) {
	if !b64 {
		size, clean, f := measurePercent(body, limit)
		switch {
		case f != nil:
			return nil, f
		case !clean:
			r := Reader{body: body, left: int64(size)}
			dst := make([]byte, size)
			r.readPercent(dst)
			return dst, nil
		case size == len(body):
			return []byte(body), nil
		}
		return abnf.AppendDecoded(make([]byte, 0, size), body, nil, false), nil
	}
	if buf == nil {
		dst, ok := decodePlain(body, limit)
		if ok {
			return dst, nil
		}
		buf = dst
	}
	size, plain, f := measureBase64(body, limit)
	if f != nil {
		return nil, f
	}
	dst := buf[:0]
	if cap(dst) < size {
		dst = make([]byte, size)
	}
	dst = dst[:size]
	if plain {
		_, _ = base64.RawStdEncoding.Decode(dst, bytesOf(trimPadding(body)))
	} else {
		decodeBase64(dst, body)
	}
	return dst, nil
}

// decodePlain decodes body as plain base64 with line breaks, which
// encoding/base64 decodes as the forgiving decoder does: characters of the
// alphabet, CRs and LFs, which both skip, and an end of one or two "=",
// which the forgiving decoder removes if they make 4n characters (and
// fails on otherwise), followed by CRs and LFs, which the URL parser
// strips. It returns false for any other body, or one that may be over
// limit, with the buffer that it allocated, if any, for the caller to
// reuse. The length of the text bounds the decoded length, so that
// buffer is within the limit whatever the text holds, and has room for
// the body if it is valid. A body with a "%" or a space in its first
// bytes (peek), as base64 with spaces and percent-encoded base64 most
// often show, costs no buffer.
func decodePlain(body string, limit int64) ([]byte, bool) {
	raw, pads := cutEnd(body)
	est := len(raw)/4*3 + max(len(raw)%4-1, 0)
	if pads > 2 || limit >= 0 && int64(est) > limit {
		return nil, false
	}
	if head := raw[:min(len(raw), peek)]; strings.IndexByte(head, '%') >= 0 || strings.IndexByte(head, ' ') >= 0 {
		return nil, false
	}
	dst := make([]byte, est)
	n, err := base64.RawStdEncoding.Decode(dst, bytesOf(raw))
	// n bytes come from 4k, 4k+2 or 4k+3 characters, as n%3 is 0, 1 or
	// 2, and the padding must make them 4k+4.
	if err != nil || pads != 0 && pads != [3]int{0, 2, 1}[n%3] {
		return dst, false
	}
	return dst[:n], true
}

// peek is how many bytes decodePlain looks at before it allocates.
const peek = 128

// cutEnd returns body without the "=", CRs and LFs at its end, and the
// number of "=" among them.
func cutEnd(body string) (string, int) {
	pads := 0
	for i := len(body) - 1; i >= 0; i-- {
		switch body[i] {
		case '=':
			pads++
		case '\r', '\n':
		default:
			return body[:i+1], pads
		}
	}
	return "", pads
}
