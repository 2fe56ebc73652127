package dataurl

import (
	"errors"
	"strings"

	"github.com/gouri/uri"
	"github.com/gouri/uri/internal/abnf"
	"github.com/gouri/uri/mimetype"
	"github.com/gouri/uri/whatwg"
)

// Data is a data: URL struct of the Fetch Standard (section 6, "data:"
// URLs): what the data: URL processor returns for a data: URL.
type Data struct {
	// MIMEType is the URL's MIME type, text/plain;charset=US-ASCII when
	// it gives none or one that does not parse.
	MIMEType mimetype.MIMEType
	// Body is the decoded body, a new slice that the caller owns.
	Body []byte
}

// Options are the limits under which the data: URL processor runs. The
// zero Options has none: [Parse] and [ParseURL] use it.
type Options struct {
	// MaxSize is the largest decoded body, in bytes, that Parse,
	// ParseURL, Open and OpenURL accept; 0 (or less) means no limit. A
	// longer body is an [ErrTooLarge] error, found by measuring the
	// encoded body before any of it is decoded, copied or allocated (see
	// the package documentation, "Limits").
	MaxSize int64
}

// max returns the limit for the measures of body.go: -1 for none.
func (o Options) max() int64 {
	if o.MaxSize <= 0 {
		return -1
	}
	return o.MaxSize
}

// Parse runs the Fetch Standard's data: URL processor on the URL that the
// URL Standard's basic URL parser ([whatwg.Parse]) makes of input: the
// MIME type, the ";base64" test, percent-decoding and forgiving-base64
// decoding. It is Options{}.Parse: no limit on the size of the body.
//
// On failure it returns the zero Data and a [*uri.Error] with Op
// [uri.OpParse], the input, and one of this package's Err sentinels. It
// allocates the body once (see [Options.Parse]).
func Parse(input string) (Data, error) { return Options{}.Parse(input) }

// ParseURL is [Parse] for a URL that is already parsed. Errors quote its
// href.
func ParseURL(u whatwg.URL) (Data, error) { return Options{}.ParseURL(u) }

// Parse runs the data: URL processor on input as [Parse] does, under the
// limits of o. A body longer than o.MaxSize is an [ErrTooLarge] error. For
// a data: URL with an opaque path, the body is measured in the input as
// given before any of it is decoded or copied, so that refusing the input,
// for any reason, allocates no more than o.MaxSize bytes and the error
// (see the package documentation, "Limits"); the URL parser runs on the
// input up to the first "," only, and only once the body is accepted.
//
// The body is the only allocation for such an input whose MIME type is in
// serialized form up to the first "," (as [Encode] writes them), whatever
// the body holds; the href of that part, when the URL parser has to write
// it, and the MIME type, when it is not in serialized form, add one each.
// Any other input is parsed whole first, which allocates its href when
// the URL parser has to write it.
func (o Options) Parse(input string) (Data, error) {
	if t, ok := readOpaque(input); ok {
		return o.parseOpaque(t)
	}
	u, err := whatwg.Parse(input)
	if err != nil {
		return Data{}, urlError(input, err)
	}
	return o.process(input, u)
}

// ParseURL is [Options.Parse] for a URL that is already parsed. Errors
// quote its href.
func (o Options) ParseURL(u whatwg.URL) (Data, error) {
	if t, ok := readOpaque(u.Href()); ok {
		return o.parseOpaque(t)
	}
	return o.process(u.Href(), u)
}

// parseOpaque runs the data: URL processor on a data: URL with an opaque
// path, read in its input as given (see opaque.go).
func (o Options) parseOpaque(t opaque) (Data, error) {
	if t.comma < 0 {
		return Data{}, t.noComma()
	}
	var buf []byte
	if t.base64 {
		// Most data: URLs end with plain base64, which is decoded at once,
		// and checked by decoding it: neither a fragment nor anything that
		// the URL parser strips or rewrites is base64.
		var ok bool
		if buf, ok = decodePlain(t.input[t.comma+1:], o.max()); ok {
			return t.data(buf)
		}
	}
	t.split()
	body, f := decodeBody(t.body, t.base64, o.max(), buf)
	if f != nil {
		return Data{}, t.bodyError(f, o.max())
	}
	return t.data(body)
}

// data returns the Data of t with its body.
func (t opaque) data(body []byte) (Data, error) {
	mt, err := t.mimeType()
	if err != nil {
		return Data{}, err
	}
	return Data{MIMEType: mt, Body: body}, nil
}

// process runs the data: URL processor on u, whose input (for errors) was
// input, reading the body in its href: for a URL whose scheme is not
// "data", or whose path is not opaque.
func (o Options) process(input string, u whatwg.URL) (Data, error) {
	h, err := head(input, u)
	if err != nil {
		return Data{}, err
	}
	body, f := decodeBody(h.body, h.base64, o.max(), nil)
	if f != nil {
		return Data{}, h.bodyError(f, o.max())
	}
	return Data{MIMEType: h.mime, Body: body}, nil
}

// noComma is the error of a data: URL without a "," before its fragment
// (the processor's step 7).
func (t opaque) noComma() error {
	off := len(t.input)
	if t.hash >= 0 {
		off = t.hash
	}
	return &uri.Error{Op: uri.OpParse, Input: t.input, Offset: off, Err: ErrNoComma}
}

// mimeType returns the MIME type of t, from the href that the URL parser
// writes for the input up to the first ",": the processor's steps 4 to
// 9, 11's removal of ";base64", and 12 to 14.
func (t opaque) mimeType() (mimetype.MIMEType, error) {
	// The URL parser refuses an href longer than maxHref. An input of a
	// ninth of that cannot make one, since the parser writes a byte as
	// nine at most ("%EF%BF%BD"); a longer input is parsed whole to know.
	if len(t.input) > (maxHref-2)/9 {
		if _, err := whatwg.Parse(t.input); err != nil {
			return mimetype.MIMEType{}, urlError(t.input, err)
		}
	}
	u, err := whatwg.Parse(t.input[:t.comma+1])
	if err != nil {
		return mimetype.MIMEType{}, urlError(t.input, err)
	}
	h, err := head(t.input, u)
	return h.mime, err
}

// A header is the part of the processor's steps that comes before the
// body is decoded.
type header struct {
	input  string // the processor's input, for errors
	url    whatwg.URL
	mime   mimetype.MIMEType
	base64 bool   // the MIME type ended with ";base64"
	body   string // the encoded body: the href after the first ",", without the fragment
}

// head runs the processor's steps 1 to 9, 11's test for ";base64" and
// steps 12 to 14 on u: the MIME type, and where the body is.
func head(input string, u whatwg.URL) (header, error) {
	if u.Scheme() != "data" {
		off := schemeOffset(input)
		return header{}, &uri.Error{Op: uri.OpParse, Input: input, Offset: off, Err: ErrNotData,
			Detail: `the scheme is "` + u.Scheme() + `"`}
	}
	// Steps 2 and 3: the URL serialized without its fragment, and without
	// "data:".
	s := u.Href()
	if u.HasFragment() {
		s = s[:len(s)-len(u.Fragment())-1]
	}
	s = s[len("data:"):]
	comma := strings.IndexByte(s, ',')
	if comma < 0 {
		off := len(input)
		if i := strings.IndexByte(input, '#'); i >= 0 {
			off = i
		}
		return header{}, &uri.Error{Op: uri.OpParse, Input: input, Offset: off, Err: ErrNoComma}
	}
	h := header{input: input, url: u, body: s[comma+1:]}
	mt := trimASCIIWhitespace(s[:comma])
	if t, ok := cutBase64(mt); ok {
		mt, h.base64 = t, true
	}
	h.mime = mimeType(mt)
	return h, nil
}

// cutBase64 is the processor's test of step 11: whether mt ends with ";",
// zero or more spaces and "base64" in any case; and mt without them.
func cutBase64(mt string) (string, bool) {
	const b = "base64"
	if len(mt) < len(b)+1 || !abnf.EqualFold(mt[len(mt)-len(b):], b) {
		return mt, false
	}
	t := strings.TrimRight(mt[:len(mt)-len(b)], " ")
	if !strings.HasSuffix(t, ";") {
		return mt, false
	}
	return t[:len(t)-1], true
}

// defaultType is the MIME type of step 14, for a URL whose MIME type does
// not parse.
const defaultType = "text/plain;charset=US-ASCII"

// mimeType runs the processor's steps 12 to 14 on the MIME type mt.
func mimeType(mt string) mimetype.MIMEType {
	if strings.HasPrefix(mt, ";") {
		mt = "text/plain" + mt
	}
	// No MIME type, the most common failure, is told apart without the
	// error that the parser would allocate.
	if mt != "" {
		if m, err := mimetype.Parse(mt); err == nil {
			return m
		}
	}
	return mimetype.MustParse(defaultType) // in serialized form: no allocation
}

// trimASCIIWhitespace strips leading and trailing ASCII whitespace (Infra:
// TAB, LF, FF, CR and SPACE) from s.
func trimASCIIWhitespace(s string) string { return strings.Trim(s, "\t\n\f\r ") }

// urlError is the error of an input that whatwg.Parse rejects.
func urlError(input string, err error) error {
	e := &uri.Error{Op: uri.OpParse, Input: input, Offset: uri.NoOffset, Err: ErrNotURL, Cause: err}
	var we *uri.Error
	if errors.As(err, &we) && we.Input == input {
		e.Offset = we.Offset
	}
	return e
}

// schemeOffset returns where input stops spelling "data:", as the URL
// parser reads it: after leading C0 controls and spaces, in any case, with
// tabs and newlines removed.
func schemeOffset(input string) int {
	i := 0
	for i < len(input) && input[i] <= ' ' {
		i++
	}
	const want = "data:"
	k := 0
	for ; i < len(input) && k < len(want); i++ {
		switch c := input[i]; {
		case c == '\t' || c == '\n' || c == '\r':
		case abnf.Lower(c) == want[k]:
			k++
		default:
			return i
		}
	}
	return i
}
