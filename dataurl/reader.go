package dataurl

import (
	"encoding/base64"
	"io"
	"strings"

	"github.com/gouri/uri/internal/abnf"
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
	plain  bool    // base64 without percent-encoding or whitespace: body is the decoder's input
	pend   [3]byte // decoded bytes not yet read, from the end
	npend  int
}

// Open runs the data: URL processor on input, as [Options.Parse] does, up
// to the body, and returns a Reader of the body. The whole body is
// checked first, in one pass that allocates nothing, so that an invalid
// or too large body is an error of Open, with the offset that Parse would
// give, and the Reader's Size is exact. Open allocates the Reader, and the
// href and the MIME type when they are not in serialized form.
func (o Options) Open(input string) (*Reader, error) {
	u, err := whatwg.Parse(input)
	if err != nil {
		return nil, urlError(input, err)
	}
	return o.open(input, u)
}

// OpenURL is [Options.Open] for a URL that is already parsed. Errors quote
// its href.
func (o Options) OpenURL(u whatwg.URL) (*Reader, error) { return o.open(u.Href(), u) }

func (o Options) open(input string, u whatwg.URL) (*Reader, error) {
	h, err := head(input, u)
	if err != nil {
		return nil, err
	}
	r := &Reader{mime: h.mime, body: h.body, base64: h.base64}
	var size int
	var f *fault
	if h.base64 {
		size, r.plain, f = measureBase64(h.body, o.max())
		if r.plain {
			r.body = trimPadding(h.body)
		}
	} else {
		size, f = percentSize(h.body, o.max())
	}
	if f != nil {
		return nil, h.bodyError(f, o.max())
	}
	r.size, r.left = int64(size), int64(size)
	return r, nil
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

// readPercent decodes the percent-encoded body into p.
func (r *Reader) readPercent(p []byte) int {
	n := 0
	for n < len(p) && r.body != "" {
		k := strings.IndexByte(r.body, '%')
		if k < 0 {
			k = len(r.body)
		}
		if k > 0 {
			c := copy(p[n:], r.body[:k])
			n += c
			r.body = r.body[c:]
			continue
		}
		c, w := abnf.DecodedByte(r.body, 0, false)
		p[n] = c
		n++
		r.body = r.body[w:]
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
			c := copy(p[n:], r.pend[3-r.npend:3-r.npend+min(r.npend, len(p)-n)])
			n += c
			r.npend -= c
			continue
		}
		if room := len(p) - n; room >= 3 {
			n += r.decode(p[n:], room/3*4)
			continue
		}
		var group [3]byte
		k := r.decode(group[:], 4)
		copy(r.pend[3-k:], group[:k])
		r.npend = k
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
