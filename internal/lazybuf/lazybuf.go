// Package lazybuf holds the writer that the parsers and normalizers of the
// module build their output with when the output is most often the input
// itself: Go's path.lazybuf idiom, where the output is a prefix of the input
// until the first byte that differs, and nothing is copied before that;
// after it, the parts of the output that go on as the input does are copied
// in whole runs.
package lazybuf

import (
	"bytes"
	"encoding/binary"
	"strings"
	"unsafe"

	"github.com/gouri/uri/internal/abnf"
)

// Writer builds an output that is compared with its input as it is written.
// The output is kept as a buffer followed by a run of the input, in[p:n]: a
// write that goes on as the input does (Copy of the bytes after the run, or
// a byte equal to the input's next) only moves n, and the run is copied
// into the buffer whole, when a write differs or at the end. The buffer is
// made at the first byte that differs from the input, so that an input
// already in its output form is never copied: [Writer.String] returns a
// substring of it and [Writer.AppendTo] appends it whole. An input that
// differs in a few places ("HTTP:" for "http:", "\" for "/") is copied in
// a few runs, not a call per piece that the caller writes.
//
// An input whose only change is the case of letters in one place (an
// upper-case scheme, or host) needs no buffer while it is written: CopyLower
// then only notes the part of the input to lower-case, and the output is
// copied once, at the end, at its length.
//
// The zero Writer writes into a new buffer when the output differs. Reset
// sets the input, and optionally a slice whose spare capacity the output
// goes to. A Writer must not be copied after its first write.
type Writer struct {
	in string
	// The output ends with in[p:n]; while buf == nil, p is 0 and that is
	// the whole output, with its bytes from lo to hi lower-cased. n is at
	// most len(in).
	p, n   int
	lo, hi int    // while buf == nil, the part of in[:n] that is lower-cased in the output; lo == hi for none
	buf    []byte // once the output differs: dst[:start], then the output before in[p:n]
	dst    []byte // the slice the output is appended to, or nil
	start  int    // len(dst)
	extra  int    // capacity to add to len(in) when the buffer is made
}

// Reset makes w an empty writer for the input in. The output, once it
// differs from in, is appended to dst: dst's bytes are kept before it, and
// its spare capacity is used when there is enough. With a nil dst the output
// gets a buffer of its own, of len(in) plus extra bytes and a little more,
// so that an output a few bytes longer than its input costs one allocation.
func (w *Writer) Reset(in string, dst []byte, extra int) {
	*w = Writer{in: in, dst: dst, start: len(dst), extra: extra}
}

// Len returns the length of the output so far.
func (w *Writer) Len() int {
	if w.buf != nil {
		return len(w.buf) - w.start + w.n - w.p
	}
	return w.n
}

// Changed reports whether the output so far differs from a prefix of the
// input.
func (w *Writer) Changed() bool { return w.buf != nil || w.lo < w.hi }

// At returns the output's byte at index k, which must be below Len.
func (w *Writer) At(k int) byte {
	if w.buf != nil {
		if k += w.start; k < len(w.buf) {
			return w.buf[k]
		}
		return w.in[w.p+k-len(w.buf)]
	}
	if w.lo <= k && k < w.hi {
		return abnf.Lower(w.in[k])
	}
	return w.in[k]
}

// spill moves the run in[p:n] at the end of the output into the buffer,
// so that the output is all in the buffer. The test for a buffer that
// already holds it all is inlined.
func (w *Writer) spill() {
	if w.buf == nil || w.p < w.n {
		w.spillSlow()
	}
}

// spillSlow is spill when there is work to do. The first time, it makes
// the buffer, for the output so far: in[:n], with its bytes from lo to hi
// lower-cased.
func (w *Writer) spillSlow() {
	switch {
	case w.buf != nil:
		copy(w.extend(w.n-w.p), w.in[w.p:w.n])
	case w.dst != nil && cap(w.dst)-len(w.dst) >= len(w.in)+w.extra:
		w.buf = append(w.dst, w.in[:w.n]...)
	default:
		b := make([]byte, w.start+w.n, w.start+len(w.in)+w.extra+16)
		if w.start > 0 {
			copy(b, w.dst)
		}
		if w.n > 0 {
			copy(b[w.start:], w.in[:w.n])
		}
		w.buf = b
	}
	if w.lo < w.hi {
		lower(w.buf, w.start+w.lo, w.start+w.hi)
		w.lo, w.hi = 0, 0
	}
	w.p = w.n
}

// lower lower-cases the ASCII upper-case letters of b[i:j], eight bytes at
// a time while b has eight from i on: a scheme or a host is a word or
// two, where a loop would take a compare and a branch per byte.
func lower(b []byte, i, j int) {
	b, n := b[i:], j-i
	for ; n > 0 && len(b) >= 8; b, n = b[8:], n-8 {
		x := binary.LittleEndian.Uint64(b)
		// The high bit of a byte of t + ("A" below 0x80) is set from "A"
		// on, that of t + ("Z"+1 below 0x80) from "Z"+1 on; a byte of x
		// with its own high bit set is no letter.
		const hi7, ones = 0x8080808080808080, 0x0101010101010101
		t := x &^ hi7
		up := (t + (0x80-'A')*ones) &^ (t + (0x80-'Z'-1)*ones) &^ x & hi7
		if n < 8 {
			up &= 1<<(8*n) - 1
		}
		binary.LittleEndian.PutUint64(b, x|up>>2)
	}
	for k := 0; k < n && k < len(b); k++ {
		b[k] = abnf.Lower(b[k])
	}
}

// reserve makes room in the buffer for k more bytes. The capacity doubles,
// so that the bytes allocated for an output are at most about twice its
// length, whatever the input (append grows large slices by a quarter,
// which costs more, and unevenly between sizes).
func (w *Writer) reserve(k int) {
	if len(w.buf)+k > cap(w.buf) {
		b := make([]byte, len(w.buf), 2*cap(w.buf)+k)
		copy(b, w.buf)
		w.buf = b
	}
}

// extend lengthens the buffer by k bytes, and returns them.
func (w *Writer) extend(k int) []byte {
	w.reserve(k)
	n := len(w.buf)
	w.buf = w.buf[:n+k]
	return w.buf[n:]
}

// Byte appends c. The test for an output that goes on as the input does is
// small enough to be inlined into the caller; the rest is byteSlow.
func (w *Writer) Byte(c byte) {
	if w.n < len(w.in) && w.in[w.n] == c {
		w.n++
		return
	}
	w.byteSlow(c)
}

// byteSlow appends c where it differs from the input's next byte. It takes
// c to stand for that byte ("/" for "\", a letter in another case), so
// that the bytes the caller writes after it as the input has them are a
// run again.
func (w *Writer) byteSlow(c byte) {
	w.spill()
	w.reserve(1)
	w.buf = append(w.buf, c)
	if w.n < len(w.in) {
		w.n++
	}
	w.p = w.n
}

// WriteString appends s.
func (w *Writer) WriteString(s string) {
	if w.buf == nil && w.goesOn(s) {
		w.n += len(s)
		return
	}
	w.spill()
	w.reserve(len(s))
	w.buf = append(w.buf, s...)
}

// Write appends b.
func (w *Writer) Write(b []byte) {
	w.WriteString(unsafe.String(unsafe.SliceData(b), len(b)))
}

// goesOn reports whether the input goes on with s after in[:n], where
// writing s leaves the output the input's prefix. The first bytes are
// compared before a call compares the rest: most often they differ.
func (w *Writer) goesOn(s string) bool {
	t := w.in[w.n:]
	return len(s) <= len(t) && (len(s) == 0 || s[0] == t[0]) && s == t[:len(s)]
}

// Copy appends in[i:j], the input's bytes from i to j. When the output so
// far ends with the input's bytes before i, this only moves the end of the
// run (see Advance).
func (w *Writer) Copy(i, j int) {
	if i == w.n {
		w.n = j
		return
	}
	w.copySlow(i, j)
}

// copySlow appends in[i:j] after an output that does not end with the
// input's bytes before i. The bytes are copied at once, as a run that
// ends here would be at the end anyway, and the input's bytes from j on
// that the caller writes next become the run.
func (w *Writer) copySlow(i, j int) {
	if w.buf == nil && w.goesOn(w.in[i:j]) {
		w.n += j - i
		return
	}
	w.spill()
	copy(w.extend(j-i), w.in[i:j])
	w.p, w.n = j, j
}

// Advance appends in[i:j], and reports true, when that only moves the end
// of the output, which ends with the input's bytes before i (the output
// so far is in[:i], or was written by a Copy that ended at i); otherwise
// it does nothing and reports false. It is the quick case of Copy, small
// enough to be inlined into a caller that has more to do in the other case.
func (w *Writer) Advance(i, j int) bool {
	if i == w.n {
		w.n = j
		return true
	}
	return false
}

// CopyLower appends in[i:j] with its ASCII upper-case letters in lower
// case. While the output goes on as the input does, it only moves the end
// of the run. From the first byte that differs on, the rest is written in
// one loop, not a call per letter, and the input is taken to go on at j;
// while the output has no buffer, that part is only noted, as one part of
// the input to lower-case (two such parts with no upper-case letter
// between them are one).
func (w *Writer) CopyLower(i, j int) {
	if i != w.n {
		w.copyLowerSlow(i, j)
		return
	}
	k := i
	for k < j && !isUpper(w.in[k]) {
		k++
	}
	w.n = k
	if k == j {
		return
	}
	if w.buf == nil && (w.lo == w.hi || !hasUpper(w.in[w.hi:k])) {
		if w.lo == w.hi {
			w.lo = k
		}
		w.hi, w.n = j, j
		return
	}
	w.copyLowerSlow(k, j)
}

// copyLowerSlow is CopyLower where the output does not end with the
// input's bytes before i, or where the bytes from i on are written into
// the buffer.
func (w *Writer) copyLowerSlow(i, j int) {
	s, t := w.in[i:j], w.in[w.n:]
	k := 0
	for k < len(s) && k < len(t) && abnf.Lower(s[k]) == t[k] {
		k++
	}
	w.n += k
	if k == len(s) {
		return
	}
	w.spill()
	b := w.extend(len(s) - k)
	for m := range b {
		b[m] = abnf.Lower(s[k+m])
	}
	w.p, w.n = j, j
}

// isUpper reports whether c is an ASCII upper-case letter.
func isUpper(c byte) bool { return 'A' <= c && c <= 'Z' }

// hasUpper reports whether s has an ASCII upper-case letter.
func hasUpper(s string) bool {
	for k := 0; k < len(s); k++ {
		if isUpper(s[k]) {
			return true
		}
	}
	return false
}

// Truncate cuts the output to its first k bytes.
func (w *Writer) Truncate(k int) {
	if w.buf == nil {
		w.n = k
		if w.hi > k {
			w.hi = k
			if w.lo >= k {
				w.lo, w.hi = 0, 0
			}
		}
		return
	}
	if k += w.start; k >= len(w.buf) {
		w.n = w.p + k - len(w.buf)
		return
	}
	w.buf = w.buf[:k]
	w.p = w.n
}

// Set replaces the output's byte at index k with c.
func (w *Writer) Set(k int, c byte) {
	if w.At(k) == c {
		return
	}
	w.spill()
	w.buf[w.start+k] = c
}

// Insert inserts s at index k of the output.
func (w *Writer) Insert(k int, s string) {
	w.spill()
	n := len(w.buf)
	w.reserve(len(s))
	w.buf = append(w.buf, s...)
	k += w.start
	copy(w.buf[k+len(s):], w.buf[k:n])
	copy(w.buf[k:], s)
}

// LastIndexByte returns the index of the last c of the output at or after
// lo, or -1.
func (w *Writer) LastIndexByte(c byte, lo int) int {
	if lo >= w.Len() {
		return -1
	}
	if w.lo < w.hi && 'a' <= c|0x20 && c|0x20 <= 'z' {
		// A letter may be one that the output lower-cases.
		w.spill()
	}
	m := 0 // the output's bytes in the buffer, before the run
	if w.buf != nil {
		m = len(w.buf) - w.start
	}
	if r := max(lo-m, 0); w.p+r < w.n {
		if k := strings.LastIndexByte(w.in[w.p+r:w.n], c); k >= 0 {
			return m + r + k
		}
	}
	if lo >= m {
		return -1
	}
	if k := bytes.LastIndexByte(w.buf[w.start+lo:], c); k >= 0 {
		return lo + k
	}
	return -1
}

// Release returns the memory of the buffer that the output went to, empty,
// for the caller to reuse when it discards the output, and resets w to
// the zero Writer. It returns nil when the output never differed from the
// input, or went to the dst given to Reset.
func (w *Writer) Release() []byte {
	b := w.buf
	if w.dst != nil {
		b = nil
	}
	*w = Writer{}
	return b[:0]
}

// String returns the output. When it never differed from the input, it is
// a substring of the input and nothing is allocated. Otherwise the string
// shares the buffer's memory, as strings.Builder does, so that an output
// costs one allocation and not two: w must not be used after String, and
// String must not be used with a dst given to Reset.
func (w *Writer) String() string {
	if w.buf == nil {
		if w.lo == w.hi {
			return w.in[:w.n]
		}
		return w.lowered()
	}
	b := w.take()
	return unsafe.String(unsafe.SliceData(b), len(b))
}

// lowered returns the output while it has no buffer and has bytes to
// lower-case: a copy of in[:n] of its length, the one allocation.
func (w *Writer) lowered() string {
	b := make([]byte, w.n)
	copy(b, w.in)
	lower(b, w.lo, w.hi)
	return unsafe.String(unsafe.SliceData(b), len(b))
}

// AppendTo returns the dst given to Reset with the output appended: the
// input's bytes when the output never differed from it. w must not be used
// after AppendTo.
func (w *Writer) AppendTo() []byte {
	if w.buf == nil {
		b := append(w.dst, w.in[:w.n]...)
		if w.lo < w.hi {
			lower(b, w.start+w.lo, w.start+w.hi)
		}
		return b
	}
	return w.take()
}

// take returns the buffer, which must have been made, with the whole
// output in it, and resets w to the zero Writer.
func (w *Writer) take() []byte {
	if w.p < w.n {
		copy(w.extend(w.n-w.p), w.in[w.p:w.n])
	}
	b := w.buf
	*w = Writer{}
	return b
}
