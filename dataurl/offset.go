package dataurl

import (
	"math"
	"strings"

	"github.com/gouri/uri"
	"github.com/gouri/uri/internal/abnf"
)

// This file finds the offset of an error in the body of a data: URL. The
// processor reads the href, but the offset is in the input as given, and
// follows the module's rule: Input[:Offset] is the longest prefix of the
// input that begins a data: URL that the processor accepts within the
// limit. For a URL with an opaque path (every data: URL whose MIME type
// does not start with "/"), the body of the href is the body of the input
// as the URL parser rewrites it: tabs and newlines removed, leading and
// trailing C0 controls and spaces stripped, other controls, non-ASCII
// code points and a few ASCII bytes percent-encoded (which
// percent-decoding undoes), and each ill-formed UTF-8 sequence replaced
// with U+FFFD. A walker reads the input's body byte by byte under the same
// rules and finds the first byte after which no accepted body can follow.

// bodyError is the error of a fault in the body of t, with its offset in
// the input.
func (t opaque) bodyError(f *fault, limit int64) error {
	return faultError(t.input, f, bodyOffset(t.input, t.base64, limit))
}

// bodyError is the error of a fault in h.body, with its offset in the
// input. For a URL whose path is not opaque (data:/..., whose dot
// segments the URL parser removes) and which is not its own href, it is
// the offset of the body's first byte.
func (h header) bodyError(f *fault, limit int64) error {
	if !h.url.HasOpaquePath() && h.input != h.url.Href() {
		return faultError(h.input, f, strings.IndexByte(h.input, ',')+1)
	}
	return faultError(h.input, f, bodyOffset(h.input, h.base64, limit))
}

// faultError is the error of the fault f at offset off of input.
func faultError(input string, f *fault, off int) error {
	return &uri.Error{Op: uri.OpParse, Input: input, Offset: off, Err: f.err, Detail: f.detail}
}

// bodyOffset returns the offset in input, a data: URL with an opaque path
// or its own href, of the error of the body, which the processor rejects
// or finds over the limit (none when limit < 0).
func bodyOffset(in string, b64 bool, limit int64) int {
	start := strings.IndexByte(in, ',') + 1
	end, hash := len(in), strings.IndexByte(in, '#')
	if hash >= 0 {
		end = hash
	}
	w := walker{b64: b64, limit: limit, s: in[:end], i: start}
	if off, dead := w.walk(hash >= 0); dead {
		return off
	}
	return end
}

// A walker reads the text of a body as the URL parser and the processor
// would, and says at which byte the body can no longer become one that
// the processor accepts within the limit.
type walker struct {
	b64   bool
	limit int64  // -1: none
	s     string // the input up to the end of the body
	i     int    // the next byte of s
	at    int    // the byte at fault, once the body can no longer be accepted
	n     int64  // bytes of the body (percent-encoded), or base64 characters
	pads  int    // base64 "=" seen
	// A run of C0 controls and spaces, which the URL parser strips if the
	// input ends there: its bytes, and whether it holds a control that
	// base64 does not read as whitespace.
	run    int64
	runBad bool
	// A percent-encoding begun: 1 after "%", 2 after "%" and a hex digit
	// hi.
	pct int
	hi  byte
}

// walk reads the body and returns the offset of the first byte that no
// accepted body can have there, and true; or false when every prefix of
// the body can still become one. hash says that the body ends at a "#",
// where what remains undecided is decided: the run of controls and spaces
// is inside the URL, a percent-encoding begun is a "%", and the body must
// be complete.
func (w *walker) walk(hash bool) (int, bool) {
	for w.i < len(w.s) {
		if !w.plain() {
			return w.at, true
		}
		if w.i == len(w.s) {
			break
		}
		w.at = w.i
		c := w.s[w.i]
		switch {
		case c == '\t' || c == '\n' || c == '\r':
			w.i++ // removed by the URL parser, wherever they are
			continue
		case c <= ' ':
			if !w.breakPct() || !w.addRun(c) {
				return w.at, true
			}
			w.i++
			continue
		}
		if !w.endRun() || !w.byte(c) {
			return w.at, true
		}
	}
	if !hash {
		return 0, false
	}
	w.at = len(w.s)
	if !w.breakPct() || !w.endRun() || !w.complete() || !w.b64 && !w.count(0) {
		return len(w.s), true
	}
	return 0, false
}

// plain reads the bytes that the steps below would read without doing
// more than counting them, in one loop: tabs and newlines, controls and
// spaces that add to the run (but a control that base64 does not read as
// whitespace), and after no run, base64 characters before any padding,
// or the ASCII bytes and percent-encodings of a percent-encoded body. It
// stops at any other byte, and at a percent-encoding begun, and leaves
// them to the steps below. It reports false when a byte passes the limit,
// at w.at.
func (w *walker) plain() bool {
	if w.pct != 0 {
		return true
	}
	s, i := w.s, w.i
	for ; i < len(s); i++ {
		c := s[i]
		switch {
		case tabOrNewline(c):
			continue
		case c <= ' ':
			if w.b64 && c != ' ' && c != '\f' {
				w.i = i
				return true
			}
			w.run++
			continue
		case w.run != 0:
		case w.b64 && w.pads == 0 && b64Class[c] == b64Char:
			if w.limit >= 0 && w.n == maxChars(w.limit) {
				w.i, w.at = i, i
				return false
			}
			w.n++
			continue
		case !w.b64 && c < 0x80 && (c != '%' || i+2 < len(s) && abnf.IsHex(s[i+1]) && abnf.IsHex(s[i+2])):
			if w.limit >= 0 && w.n == w.limit {
				w.i, w.at = i, i
				return false
			}
			w.n++
			if c == '%' {
				i += 2
			}
			continue
		}
		break
	}
	w.i = i
	return true
}

// maxChars returns the most base64 characters that decode to limit bytes
// or fewer: 4n characters make 3n bytes, 4n+2 make 3n+1 and 4n+3 make
// 3n+2 (4n+1 need one more character).
func maxChars(limit int64) int64 {
	if limit > math.MaxInt64/4*3 {
		return math.MaxInt64
	}
	return limit/3*4 + [3]int64{0, 2, 3}[limit%3]
}

// byte reads the byte c at w.s[w.i], not a control or a space, and
// reports whether the body can still become an accepted one.
func (w *walker) byte(c byte) bool {
	switch {
	case w.pct == 1 && abnf.IsHex(c):
		w.pct, w.hi = 2, abnf.Unhex(c)
		w.i++
		// Some byte from 0xH0 to 0xHF must be one the body can take.
		if w.b64 {
			for y := byte(0); y < 16; y++ {
				if v := *w; v.decoded(w.hi<<4 | y) {
					return true
				}
			}
			return false
		}
		return true
	case w.pct == 2 && abnf.IsHex(c):
		w.pct = 0
		w.i++
		if w.b64 {
			return w.decoded(w.hi<<4 | abnf.Unhex(c))
		}
		return true // counted at the "%"
	}
	if !w.breakPct() {
		return false
	}
	switch {
	case c == '%':
		w.pct = 1
		w.i++
		// "%20" is whitespace to base64; one byte otherwise.
		return w.b64 || w.count(1)
	case c < 0x80:
		w.i++
		return w.decoded(c)
	case w.b64:
		return false // no byte of its UTF-8, or of U+FFFD, is base64
	}
	return w.utf8()
}

// decoded reads a byte of the percent-decoded body.
func (w *walker) decoded(c byte) bool {
	if !w.b64 {
		return w.count(1)
	}
	switch b64Class[c] {
	case b64Space:
		return true
	case b64Char:
		if w.pads > 0 {
			return false
		}
		w.n++
		least := w.n * 3 / 4
		if w.n%4 == 1 {
			least++ // 4n+1 characters need one more
		}
		return w.limit < 0 || least <= w.limit
	case b64Pad:
		if r := w.n % 4; w.pads == 0 && r < 2 || w.pads == 1 && r != 2 || w.pads == 2 {
			return false
		}
		w.pads++
		return true
	}
	return false
}

// count adds k bytes to a percent-encoded body.
func (w *walker) count(k int64) bool {
	w.n += k
	return w.limit < 0 || w.n <= w.limit
}

// breakPct ends a percent-encoding begun, which the byte to come does not
// continue: its "%" and hex digit are then bytes of their own.
func (w *walker) breakPct() bool {
	p := w.pct
	w.pct = 0
	switch {
	case p == 0:
		return true
	case w.b64:
		return false // "%" is not base64
	case p == 2:
		return w.count(1) // the hex digit; the "%" was counted
	}
	return true
}

// addRun adds the control or space c to the run that the URL parser
// strips if the input ends with it. Base64 reads a space or a form feed
// in it as whitespace; another control would be a byte outside the
// alphabet, so the body must be complete before it.
func (w *walker) addRun(c byte) bool {
	w.run++
	if w.b64 && c != ' ' && c != '\f' {
		w.runBad = true
		return w.complete()
	}
	return true
}

// endRun puts the run inside the body: a byte other than a control or a
// space follows it.
func (w *walker) endRun() bool {
	run, bad := w.run, w.runBad
	w.run, w.runBad = 0, false
	if w.b64 {
		return !bad
	}
	return w.count(run)
}

// complete reports whether the body read so far is one that the
// processor accepts.
func (w *walker) complete() bool {
	if !w.b64 {
		return true
	}
	return w.pct == 0 && w.n%4 != 1 && (w.pads == 0 || (w.n+int64(w.pads))%4 == 0)
}

// utf8 reads a code point of a percent-encoded body that begins with the
// byte >= 0x80 at w.s[w.i], as the URL parser reads it (tabs and
// newlines removed first): its UTF-8 bytes, or the three of U+FFFD for an
// ill-formed sequence. The least that a prefix of it can become counts at
// its first byte: two for a lead byte of a two-byte sequence, three for
// any other (one that a continuation cannot complete is U+FFFD). The
// rest counts at the byte that ends it: the fourth of a four-byte
// sequence, or the byte after an ill-formed one.
func (w *walker) utf8() bool {
	var buf [4]byte
	var pos [4]int
	k := 0
	for j := w.i; j < len(w.s) && k < 4; j++ {
		if c := w.s[j]; c != '\t' && c != '\n' && c != '\r' {
			buf[k], pos[k] = c, j
			k++
		}
	}
	_, n, ok := abnf.DecodeRune(string(buf[:k]), 0)
	least := int64(3)
	if 0xC2 <= buf[0] && buf[0] <= 0xDF {
		least = 2
	}
	if !w.count(least) {
		return false
	}
	total := int64(n)
	if !ok {
		total = 3
	}
	next := len(w.s) // the byte after the sequence, if the body has one
	if n < k {
		next = pos[n]
	}
	w.i = pos[n-1] + 1
	if total == least {
		return true
	}
	if ok { // the fourth byte of a four-byte sequence
		w.at = pos[n-1]
		return w.count(total - least)
	}
	// U+FFFD after a two-byte lead: its third byte is known when the next
	// byte ends the sequence, or at the end of the body.
	if next < len(w.s) {
		w.at = next
		return w.count(total - least)
	}
	w.n += total - least
	return true
}
