package dataurl

import (
	"encoding/base64"
	"io"
	"strings"

	"github.com/gouri/uri/mimetype"
	"github.com/gouri/uri/whatwg"
)

// Reader reads the body of a data: URL as it decodes it, for bodies too
// large to hold twice: its memory is the URL's and a buffer of about a
// kilobyte. [Options.Open] checks the whole body first, so that Size is
// known and Read never fails.
type Reader struct {
	mime   mimetype.MIMEType
	size   int64
	left   int64  // bytes not yet read
	body   string // the encoded body not yet decoded
	base64 bool
	plain  bool // base64 without percent-encoding or whitespace: body is the decoder's input
	// clean: a percent-encoded body without tabs, newlines or ill-formed
	// UTF-8, whose bytes other than percent-encodings are the body's.
	clean bool
	pend  [4]byte // decoded bytes not yet read, from the end
	npend int
}

// Open runs the data: URL processor on input, as [Options.Parse] does, up
// to the body, and returns a Reader of the body. The whole body is
// checked first, in one pass that allocates nothing, so that an invalid
// or too large body is an error of Open, with the offset that Parse would
// give, and the Reader's Size is exact. Open allocates the Reader, and
// the href and the MIME type as [Options.Parse] does; the Reader decodes
// the body from the input as given.
func (o Options) Open(input string) (*Reader, error) {
	if t, ok := readOpaque(input); ok {
		return o.openOpaque(t)
	}
	u, err := whatwg.Parse(input)
	if err != nil {
		return nil, urlError(input, err)
	}
	return o.openURL(input, u)
}

// OpenURL is [Options.Open] for a URL that is already parsed. Errors quote
// its href.
func (o Options) OpenURL(u whatwg.URL) (*Reader, error) {
	if t, ok := readOpaque(u.Href()); ok {
		return o.openOpaque(t)
	}
	return o.openURL(u.Href(), u)
}

// openOpaque is Open for a data: URL with an opaque path.
func (o Options) openOpaque(t opaque) (*Reader, error) {
	if t.comma < 0 {
		return nil, t.noComma()
	}
	t.split()
	r, f := o.reader(t.body, t.base64)
	if f != nil {
		return nil, t.bodyError(f, o.max())
	}
	mt, err := t.mimeType()
	if err != nil {
		return nil, err
	}
	r.mime = mt
	return r, nil
}

// openURL is Open for a URL whose body is read in its href.
func (o Options) openURL(input string, u whatwg.URL) (*Reader, error) {
	h, err := head(input, u)
	if err != nil {
		return nil, err
	}
	r, f := o.reader(h.body, h.base64)
	if f != nil {
		return nil, h.bodyError(f, o.max())
	}
	r.mime = h.mime
	return r, nil
}

// reader measures body and returns a Reader of it, or the fault that
// makes the processor fail or the body too large.
func (o Options) reader(body string, b64 bool) (*Reader, *fault) {
	var size int
	var f *fault
	r := Reader{body: body, base64: b64}
	if b64 {
		size, r.plain, f = measureBase64(body, o.max())
		if r.plain {
			r.body = trimPadding(body)
		}
	} else {
		size, r.clean, f = measurePercent(body, o.max())
	}
	if f != nil {
		return nil, f
	}
	r.size, r.left = int64(size), int64(size)
	return &r, nil
}

// MIMEType returns the MIME type of the data: URL.
func (r *Reader) MIMEType() mimetype.MIMEType { return r.mime }

// Size returns the length of the whole body in bytes, as Open measured
// it: what all the calls of Read return together.
func (r *Reader) Size() int64 { return r.size }

// Read reads up to len(p) bytes of the decoded body into p. It returns
// io.EOF, and no other error, once the body has been read.
func (r *Reader) Read(p []byte) (int, error) {
	if r.left == 0 {
		return 0, io.EOF
	}
	var n int
	if r.base64 {
		n = r.readBase64(p)
	} else {
		n = r.readPercent(p)
	}
	r.left -= int64(n)
	return n, nil
}

// readPending copies the decoded bytes not yet read to p.
func (r *Reader) readPending(p []byte) int {
	c := copy(p, r.pend[len(r.pend)-r.npend:])
	r.npend -= c
	return c
}

// pending keeps the decoded bytes b, which the caller had no room for,
// for the next calls.
func (r *Reader) pending(b []byte) {
	r.npend = copy(r.pend[len(r.pend)-len(b):], b)
}

// readPercent decodes the percent-encoded body into p: runs of bytes that
// are the body's as they are straight into p, and the rest a code point
// or a percent-encoding at a time (see unit).
func (r *Reader) readPercent(p []byte) int {
	n := 0
	for n < len(p) && (r.npend > 0 || r.body != "") {
		if r.npend > 0 {
			n += r.readPending(p[n:])
			continue
		}
		var k int
		if r.clean {
			if k = strings.IndexByte(r.body, '%'); k < 0 {
				k = len(r.body)
			}
		} else {
			k = plainLen(r.body)
		}
		if k > 0 {
			c := copy(p[n:], r.body[:k])
			n += c
			r.body = r.body[c:]
			continue
		}
		b, m, size := unit(r.body)
		r.body = r.body[size:]
		c := copy(p[n:], b[:m])
		n += c
		r.pending(b[c:m])
	}
	return n
}

// readBase64 decodes the base64 body into p: whole groups of four
// characters straight into p, and a group that p has no room for into
// r.pend, to be read by the next calls.
func (r *Reader) readBase64(p []byte) int {
	n := 0
	for n < len(p) && (r.npend > 0 || r.body != "") {
		if r.npend > 0 {
			n += r.readPending(p[n:])
			continue
		}
		if room := len(p) - n; room >= 3 {
			n += r.decode(p[n:], room/3*4)
			continue
		}
		var group [3]byte
		k := r.decode(group[:], 4)
		r.pending(group[:k])
	}
	return n
}

// decode decodes up to chars base64 characters of the body into dst,
// which has room for them, and returns the bytes written.
func (r *Reader) decode(dst []byte, chars int) int {
	if r.plain {
		k := min(chars, len(r.body))
		w, _ := base64.RawStdEncoding.Decode(dst, bytesOf(r.body[:k]))
		r.body = r.body[k:]
		return w
	}
	var buf [chunk]byte
	k, rest := gather(buf[:min(chars, chunk)], r.body)
	r.body = rest
	w, _ := base64.RawStdEncoding.Decode(dst, buf[:k])
	return w
}
