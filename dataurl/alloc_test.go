package dataurl_test

import (
	"encoding/base64"
	"errors"
	"io"
	"strings"
	"testing"

	"github.com/gouri/uri"
	"github.com/gouri/uri/dataurl"
	"github.com/gouri/uri/internal/oracle"
	"github.com/gouri/uri/mimetype"
	"github.com/gouri/uri/whatwg"
)

// TestParseAllocs pins the allocations of Parse: the body, once; the
// href when the input is not in serialized form; and the MIME type when
// it is not in serialized form or starts with ";".
func TestParseAllocs(t *testing.T) {
	png := "data:image/png;base64," + base64.StdEncoding.EncodeToString(make([]byte, 1000))
	tests := []struct {
		why  string
		in   string
		want float64
	}{
		{"plain base64", png, 1},
		{"text", "data:text/plain;charset=utf-8,Hello", 1},
		{"percent-encoded", "data:,Hello%2C%20World!", 1},
		{"base64 with whitespace and percent-encodings", "data:;base64,YW%20I%3D", 1},
		{"base64 with line breaks", "data:;base64,YWJj\r\nZGVm\r\n", 1},
		{"non-ASCII, tabs and controls: the URL parser does not rewrite the body", "data:,\té\x01 x\xff", 1},
		{"an empty body", "data:,", 0},
		{"the MIME type starts with ;", "data:;charset=utf-8,x", 2},
		{"the MIME type is not serialized", "data:Text/Plain,x", 2},
		{"the href is not the input", "DATA:,x", 2},
		{"an error: a first try as plain base64, the *uri.Error and its Detail", "data:;base64,YW!j", 6},
	}
	for _, tt := range tests {
		if got := testing.AllocsPerRun(50, func() { _, _ = dataurl.Parse(tt.in) }); got != tt.want {
			t.Errorf("%s: Parse(%.40q): %v allocations, want %v", tt.why, tt.in, got, tt.want)
		}
	}
	u := whatwg.MustParse(png)
	if got := testing.AllocsPerRun(50, func() { _, _ = dataurl.ParseURL(u) }); got != 1 {
		t.Errorf("ParseURL: %v allocations, want 1", got)
	}
	buf := make([]byte, 512)
	if got := testing.AllocsPerRun(50, func() {
		r, _ := dataurl.Options{}.Open(png)
		for {
			if _, err := r.Read(buf); err == io.EOF {
				break
			}
		}
	}); got != 1 {
		t.Errorf("Open and Read: %v allocations, want 1 (the Reader)", got)
	}
	mt := mimetype.MustParse("image/png")
	body := make([]byte, 1000)
	for _, enc := range []func(mimetype.MIMEType, []byte) (string, error){dataurl.Encode, dataurl.EncodeBase64, dataurl.EncodePercent} {
		if got := testing.AllocsPerRun(50, func() { _, _ = enc(mt, body) }); got != 1 {
			t.Errorf("Encode: %v allocations, want 1", got)
		}
	}
}

// TestRefusalCost: refusing a data: URL with an opaque path costs no more
// than the limit and the error, whatever the form of its body, and takes
// no allocation of the body's size: a body over the limit, or invalid, is
// found in the input as given, before the URL parser copies or rewrites
// any of it (a body of non-ASCII text cost 7 times the input, and one of
// ill-formed UTF-8 31 times), and an invalid base64 body is decoded at
// most once, as plain base64 within the limit (it was decoded twice, into
// 1.5 times the limit). The offset is where the rule of the package's
// errors puts it: the byte that passes the limit, or the byte at fault.
func TestRefusalCost(t *testing.T) {
	const limit = 1 << 20
	const big = 4 << 20 // the encoded body, about
	const small = 1 << 10
	valid := strings.Repeat("QUFB", limit/4) // plain base64 of 3/4 of the limit
	// The most base64 characters that decode to the limit or fewer.
	const chars = limit/3*4 + 2 // limit%3 == 1
	tests := []struct {
		why  string
		in   string
		max  int64 // 0: no limit
		err  error
		off  int   // the offset of the error, from the end of the input when < 0
		cost int64 // the most bytes that the refusal may allocate
	}{
		{"plain base64", "data:;base64," + strings.Repeat("QUFB", big/4), limit, dataurl.ErrTooLarge, 13 + chars, small},
		{"base64 with spaces", "data:;base64," + strings.Repeat("QUF B", big/5), limit, dataurl.ErrTooLarge, 13 + limit/3*5 + 2, small},
		{"base64 wrapped at 76 columns", "data:;base64," + strings.Repeat(strings.Repeat("QUFB", 19)+"\r\n", big/78), limit, dataurl.ErrTooLarge, 13 + chars/76*78 + chars%76, small},
		{"percent-encoded base64", "data:;base64," + strings.Repeat("%51UFB", big/6), limit, dataurl.ErrTooLarge, 13 + limit/3*6 + 4, small},
		{"text", "data:," + strings.Repeat("a", big), limit, dataurl.ErrTooLarge, 6 + limit, small},
		{"percent-encoded text", "data:," + strings.Repeat("%41", big/3), limit, dataurl.ErrTooLarge, 6 + 3*limit, small},
		{"non-ASCII text, which the URL parser percent-encodes", "data:," + strings.Repeat("é", big/2), limit, dataurl.ErrTooLarge, 6 + limit, small},
		{"ill-formed UTF-8, U+FFFD to the URL parser", "data:," + strings.Repeat("\xff", big), limit, dataurl.ErrTooLarge, 6 + limit/3, small},
		{"tabs and newlines, which the URL parser removes", "data:," + strings.Repeat("a\tb\n", big/4), limit, dataurl.ErrTooLarge, 6 + 2*limit, small},
		{"controls and spaces, which the URL parser percent-encodes", "data:," + strings.Repeat("a \x01\x7f", big/4), limit, dataurl.ErrTooLarge, 6 + limit, small},
		{"a MIME type of non-ASCII, which the URL parser would write first", "data:" + strings.Repeat("é", big/4) + "," + strings.Repeat("a", big/2), limit, dataurl.ErrTooLarge, 6 + big/4*2 + limit, small},
		{"no comma after a MIME type of non-ASCII", "data:" + strings.Repeat("é", big/2), limit, dataurl.ErrNoComma, 0, small},
		{"invalid plain base64 within the limit", "data:;base64," + valid[1:] + "!", limit, dataurl.ErrBase64, -1, limit + small},
		{"invalid plain base64 without a limit", "data:;base64," + valid[1:] + "!", 0, dataurl.ErrBase64, -1, limit + small},
		{"invalid base64 with line breaks within the limit", "data:;base64," + strings.Repeat("QUFB\n", limit/4) + "!", limit, dataurl.ErrBase64, -1, limit + small},
		{"invalid base64 with spaces within the limit", "data:;base64," + strings.Repeat("QUF B", limit/4) + "!", limit, dataurl.ErrBase64, -1, limit + small},
		{"a lone %, then non-ASCII, ill-formed or not", "data:,%" + strings.Repeat("é\xff", big/3), limit, dataurl.ErrTooLarge, 6 + 1 + (limit-1)/5*3, small},
		{"invalid base64: non-ASCII after the limit's worth", "data:;base64," + valid + "é", limit, dataurl.ErrBase64, -2, limit + small},
		{"invalid base64: spaces, then a control", "data:;base64,QUFB" + strings.Repeat(" ", big) + "\x01A", limit, dataurl.ErrBase64, -1, small},
	}
	for _, tt := range tests {
		o := dataurl.Options{MaxSize: tt.max}
		for _, op := range []struct {
			name string
			f    func(string) error
		}{
			{"Parse", func(s string) error { _, err := o.Parse(s); return err }},
			{"Open", func(s string) error { _, err := o.Open(s); return err }},
		} {
			// Up to three runs, the least counting: the counters are the
			// process's, and another goroutine of the runtime or of the
			// test framework may allocate during one run, while a refusal
			// that allocates the body does it every time.
			var err error
			cost, _ := oracle.Measure(func() { err = op.f(tt.in) })
			for k := 0; k < 2 && cost.Bytes > uint64(tt.cost); k++ {
				if c, _ := oracle.Measure(func() { err = op.f(tt.in) }); c.Bytes < cost.Bytes {
					cost = c
				}
			}
			off := tt.off
			if off < 0 || tt.err == dataurl.ErrNoComma {
				off += len(tt.in)
			}
			var e *uri.Error
			if !errors.As(err, &e) || e.Err != tt.err || e.Offset != off || cost.Bytes > uint64(tt.cost) {
				t.Errorf("%s: Options{MaxSize: %d}.%s of %d bytes: %v, %d bytes allocated; want %v at %d and at most %d bytes",
					tt.why, tt.max, op.name, len(tt.in), err, cost.Bytes, tt.err, off, tt.cost)
			}
		}
	}
	// A body of the limit's size whose text is longer than plain base64
	// of that size would be.
	in := "data:;base64," + strings.Repeat("QUFB ", limit/3)
	var d dataurl.Data
	var err error
	cost, _ := oracle.Measure(func() { d, err = dataurl.Options{MaxSize: limit}.Parse(in) })
	for k := 0; k < 2 && cost.Bytes > limit+1024; k++ { // the least of three runs, as above
		if c, _ := oracle.Measure(func() { d, err = dataurl.Options{MaxSize: limit}.Parse(in) }); c.Bytes < cost.Bytes {
			cost = c
		}
	}
	if err != nil || len(d.Body) != limit/3*3 || cost.Bytes > limit+1024 {
		t.Errorf("a body of %d bytes in %d bytes of text: %v, %d bytes allocated; want at most %d", len(d.Body), len(in), err, cost.Bytes, limit+1024)
	}
}
