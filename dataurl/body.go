package dataurl

import (
	"encoding/base64"
	"strconv"
	"strings"
	"unsafe"

	"github.com/gouri/uri/internal/abnf"
)

// This file reads the body of a data: URL, the processor's steps 10 and
// 11: percent-decoding (URL Standard, section 1.3, "percent-decode"), then
// for a ";base64" URL the forgiving-base64 decode of the Infra Standard
// (section 7, "Forgiving base64"). Each body is measured first, without
// allocating, so that a limit on its size is checked against the exact
// decoded length before a byte of it is decoded.

// A fault is an error found in a body: the reason, the index in the
// percent-decoded body of the byte at fault (or -1 when the body ends too
// early), and more about it.
type fault struct {
	err    error
	at     int
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

// tooLarge is the fault of a body whose byte at index at of the decoded
// body would be one more than limit.
func tooLarge(at int, limit int64) *fault {
	return &fault{ErrTooLarge, at, "more than " + strconv.FormatInt(limit, 10) + " bytes"}
}

// measureBase64 returns the length of the forgiving-base64 decoding of
// the percent-decoding of body, and whether body is plain base64: no
// percent-encoding and no whitespace, so that its bytes are the
// decoder's input as they are. With limit >= 0, a body that decodes to
// more than limit bytes is a fault at the first character after which no
// body within the limit can follow.
//
// It follows the decoder's steps in one pass: whitespace is skipped, a
// character of the alphabet counts, and "=" is accepted only as the
// padding that step 2 removes, one or two of them after 4n+3 or 4n+2
// characters, with nothing but whitespace after.
func measureBase64(body string, limit int64) (size int, plain bool, f *fault) {
	m, pads, d := 0, 0, 0 // alphabet characters, "=" seen, decoded index
	plain = true
	for i := 0; i < len(body); d++ {
		c, n := abnf.DecodedByte(body, i, false)
		if n != 1 {
			plain = false
		}
		switch b64Class[c] {
		case b64Space:
			plain = false
		case b64Char:
			if pads > 0 {
				return 0, false, &fault{ErrBase64, d, strconv.Quote(string(c)) + " after the padding"}
			}
			m++
			// m characters make at least m*3/4 bytes, and 4n+1 of them
			// need one more character, so one more byte.
			least := int64(m) * 3 / 4
			if m%4 == 1 {
				least++
			}
			if limit >= 0 && least > limit {
				return 0, false, tooLarge(d, limit)
			}
		case b64Pad:
			// The first "=" may follow 4n+2 or 4n+3 characters, the second
			// only 4n+2.
			if r := m % 4; pads == 0 && r < 2 || pads == 1 && r != 2 || pads == 2 {
				return 0, false, &fault{ErrBase64, d, `"=" where no padding can be`}
			}
			pads++
		default:
			return 0, false, &fault{ErrBase64, d, quoteByte(c) + " is not a base64 character"}
		}
		i += n
	}
	switch {
	case pads > 0 && (m+pads)%4 != 0:
		return 0, false, &fault{ErrBase64, -1, `one "=" where two must be`}
	case m%4 == 1:
		return 0, false, &fault{ErrBase64, -1, strconv.Itoa(m) + " base64 characters, one more than a multiple of four"}
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
		c, n := abnf.DecodedByte(body, i, false)
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

// percentSize returns the length of the percent-decoding of body: each
// "%" followed by two hex digits is one byte. With limit >= 0, a longer
// body than limit is a fault at the decoded byte limit.
func percentSize(body string, limit int64) (int, *fault) {
	size := len(body)
	for i := strings.IndexByte(body, '%'); i >= 0; {
		if i+2 < len(body) && abnf.IsHex(body[i+1]) && abnf.IsHex(body[i+2]) {
			size -= 2
			i += 2
		}
		k := strings.IndexByte(body[i+1:], '%')
		if k < 0 {
			break
		}
		i += 1 + k
	}
	if limit >= 0 && int64(size) > limit {
		return 0, tooLarge(int(limit), limit)
	}
	return size, nil
}

// decodeBody returns the body of a data: URL from its encoded text, the
// processor's steps 10 and 11, or the fault that makes the processor fail
// or the body too large. It allocates the body, once, after checking its
// size against limit (none when limit < 0), or decodes it into buf when
// buf has room for it.
func decodeBody(body string, b64 bool, limit int64, buf []byte) ([]byte, *fault) {
	if !b64 {
		size, f := percentSize(body, limit)
		if f != nil {
			return nil, f
		}
		if size == len(body) {
			return []byte(body), nil
		}
		return abnf.AppendDecoded(make([]byte, 0, size), body, nil, false), nil
	}
	// In an href, the only whitespace left is the space (the URL parser
	// removes tabs and newlines and percent-encodes form feeds), so two
	// fast searches tell plain base64 from the rest, which is measured
	// first.
	if strings.IndexByte(body, '%') < 0 && strings.IndexByte(body, ' ') < 0 {
		dst, ok := decodePlain(body, limit)
		if ok {
			return dst, nil
		}
		if cap(dst) > cap(buf) {
			buf = dst
		}
	}
	size, _, f := measureBase64(body, limit)
	if f != nil {
		return nil, f
	}
	dst := buf[:0]
	if cap(dst) < size {
		dst = make([]byte, size)
	}
	dst = dst[:size]
	decodeBase64(dst, body)
	return dst, nil
}

// decodePlain decodes body as plain base64, which encoding/base64 decodes
// as the forgiving decoder does once the padding is off: characters of
// the alphabet, then one or two "=" if they make 4n characters. It
// returns false for any other body, or one over limit, with the buffer
// that it allocated, if any, for the caller to reuse. The length of the
// text bounds the decoded length, so that buffer is within the limit
// whatever the text holds.
func decodePlain(body string, limit int64) ([]byte, bool) {
	raw := trimPadding(body)
	r := len(raw) % 4
	if r == 1 {
		return nil, false
	}
	est := len(raw)/4*3 + max(r-1, 0)
	if limit >= 0 && int64(est) > limit {
		return nil, false
	}
	dst := make([]byte, est)
	n, err := base64.RawStdEncoding.Decode(dst, bytesOf(raw))
	return dst, err == nil && n == est
}
