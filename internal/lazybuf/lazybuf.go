// Package lazybuf holds the writer that the parsers and normalizers of the
// module build their output with when the output is most often the input
// itself: Go's path.lazybuf idiom, where the output is a prefix of the input
// until the first byte that differs, and nothing is copied before that.
package lazybuf

import (
	"bytes"
	"strings"
	"unsafe"
)

// Writer builds an output that is compared with its input as it is written.
// While the output so far equals a prefix of the input, it is kept as that
// prefix's length and nothing is copied; the first byte that differs moves
// the output into a buffer. An input that is already in its output form is
// so never copied: [Writer.String] returns a substring of it and
// [Writer.AppendTo] appends it whole.
//
// The zero Writer writes into a new buffer when the output differs. Reset
// sets the input, and optionally a slice whose spare capacity the output
// goes to. A Writer must not be copied after its first write.
type Writer struct {
	in    string
	n     int    // while buf == nil, the output is in[:n]; then len(in)+1
	buf   []byte // once the output differs: dst[:start] and then the output
	dst   []byte // the slice the output is appended to, or nil
	start int    // len(dst)
	extra int    // capacity to add to len(in) when the buffer is made
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
		return len(w.buf) - w.start
	}
	return w.n
}

// Changed reports whether the output so far differs from a prefix of the
// input.
func (w *Writer) Changed() bool { return w.buf != nil }

// At returns the output's byte at index k, which must be below Len.
func (w *Writer) At(k int) byte {
	if w.buf != nil {
		return w.buf[w.start+k]
	}
	return w.in[k]
}

// materialize moves the output into the buffer. It sets n past the end of
// the input, so that the inlined tests of Byte and WriteString, which do
// not look at buf, fail from then on.
func (w *Writer) materialize() {
	if w.dst != nil && cap(w.dst)-len(w.dst) >= len(w.in)+w.extra {
		w.buf = append(w.dst, w.in[:w.n]...)
	} else {
		b := make([]byte, w.start+w.n, w.start+len(w.in)+w.extra+16)
		if w.start > 0 {
			copy(b, w.dst)
		}
		if w.n > 0 {
			copy(b[w.start:], w.in[:w.n])
		}
		w.buf = b
	}
	w.n = len(w.in) + 1
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

// Byte appends c. The test for an output still equal to the input is
// small enough to be inlined into the caller; the rest is byteSlow.
func (w *Writer) Byte(c byte) {
	if w.n < len(w.in) && w.in[w.n] == c {
		w.n++
		return
	}
	w.byteSlow(c)
}

// byteSlow appends c to an output that differs from the input, or will.
func (w *Writer) byteSlow(c byte) {
	if w.buf == nil {
		w.materialize()
	}
	w.reserve(1)
	w.buf = append(w.buf, c)
}

// WriteString appends s.
func (w *Writer) WriteString(s string) {
	if w.buf == nil {
		if strings.HasPrefix(w.in[w.n:], s) {
			w.n += len(s)
			return
		}
		w.materialize()
	}
	w.reserve(len(s))
	w.buf = append(w.buf, s...)
}

// Write appends b.
func (w *Writer) Write(b []byte) {
	w.WriteString(unsafe.String(unsafe.SliceData(b), len(b)))
}

// Copy appends in[i:j], the input's bytes from i to j. When the output so
// far is in[:i], this only moves the end of the output.
func (w *Writer) Copy(i, j int) {
	if i == w.n { // never true once the output is in buf (see materialize)
		w.n = j
		return
	}
	w.WriteString(w.in[i:j])
}

// Advance moves the end of the output from i to j, and reports true, when
// the output so far is in[:i]; otherwise it does nothing and reports false.
// It is the quick case of Copy, small enough to be inlined into a caller
// that has more to do in the other case.
func (w *Writer) Advance(i, j int) bool {
	if w.buf == nil && i == w.n {
		w.n = j
		return true
	}
	return false
}

// Truncate cuts the output to its first k bytes.
func (w *Writer) Truncate(k int) {
	if w.buf != nil {
		w.buf = w.buf[:w.start+k]
	} else {
		w.n = k
	}
}

// Set replaces the output's byte at index k with c.
func (w *Writer) Set(k int, c byte) {
	if w.At(k) == c {
		return
	}
	if w.buf == nil {
		w.materialize()
	}
	w.buf[w.start+k] = c
}

// Insert inserts s at index k of the output.
func (w *Writer) Insert(k int, s string) {
	if w.buf == nil {
		w.materialize()
	}
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
	var k int
	if lo >= w.Len() {
		return -1
	} else if w.buf != nil {
		k = bytes.LastIndexByte(w.buf[w.start+lo:], c)
	} else {
		k = strings.LastIndexByte(w.in[lo:w.n], c)
	}
	if k < 0 {
		return -1
	}
	return lo + k
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
		return w.in[:w.n]
	}
	b := w.buf
	*w = Writer{}
	return unsafe.String(unsafe.SliceData(b), len(b))
}

// AppendTo returns the dst given to Reset with the output appended: the
// input's bytes when the output never differed from it. w must not be used
// after AppendTo.
func (w *Writer) AppendTo() []byte {
	if w.buf == nil {
		return append(w.dst, w.in[:w.n]...)
	}
	b := w.buf
	*w = Writer{}
	return b
}
