package dataurl_test

import (
	"errors"
	"io"
	"strings"
	"testing"
	"testing/iotest"

	"github.com/gouri/uri"
	"github.com/gouri/uri/dataurl"
	"github.com/gouri/uri/whatwg"
)

// readerInputs are data: URLs whose bodies take each path of Reader:
// percent-encoded or not, plain base64, and base64 with whitespace,
// percent-encodings and padding, longer than the Reader's buffer.
var readerInputs = []string{
	"data:,",
	"data:,Hello%2C%20World!",
	"data:text/plain," + strings.Repeat("a%41", 3000),
	"data:;base64,",
	"data:;base64,YQ",
	"data:;base64,YWI=",
	"data:;base64," + strings.Repeat("QUJD", 2000) + "REU=",
	"data:;base64," + strings.Repeat("QU JD\n", 700) + "R%45%3d%3D",
	"data:;base64,%20" + strings.Repeat("%51%55%4a%44", 500) + "REU",
}

// TestReader: every way of reading a Reader (iotest.TestReader tries
// short reads, one byte at a time and more) gives the body that Parse
// gives, and Size is its length.
func TestReader(t *testing.T) {
	for _, in := range readerInputs {
		d, err := dataurl.Parse(in)
		if err != nil {
			t.Fatalf("Parse(%q): %v", in, err)
		}
		r, err := dataurl.Options{}.Open(in)
		if err != nil {
			t.Fatalf("Open(%q): %v", in, err)
		}
		if r.Size() != int64(len(d.Body)) || r.MIMEType() != d.MIMEType {
			t.Errorf("Open(%q): Size %d, MIMEType %q; Parse gives %d bytes, %q", in, r.Size(), r.MIMEType(), len(d.Body), d.MIMEType)
		}
		if err := iotest.TestReader(r, d.Body); err != nil {
			t.Errorf("Open(%q): %v", in, err)
		}
		r, _ = dataurl.Options{}.OpenURL(whatwg.MustParse(in))
		got, err := io.ReadAll(iotest.OneByteReader(r))
		if err != nil || string(got) != string(d.Body) {
			t.Errorf("OpenURL(%q) read one byte at a time: %q, %v", in, got, err)
		}
	}
}

// TestOpenErrors: Open checks the whole body, so an invalid one, or one
// over the limit, is its error, the one that Parse gives.
func TestOpenErrors(t *testing.T) {
	for _, tt := range []struct {
		in  string
		max int64
	}{
		{"http://a/", 0},
		{"data:text", 0},
		{"data:;base64," + strings.Repeat("QUJD", 500) + "!", 0},
		{"data:;base64,QUJDR", 0},
		{"data:,abcd", 3},
		{"data:;base64," + strings.Repeat("QUJD", 500), 1499},
		{"data:\x00", 0},
	} {
		_, perr := dataurl.Options{MaxSize: tt.max}.Parse(tt.in)
		r, oerr := dataurl.Options{MaxSize: tt.max}.Open(tt.in)
		var pe, oe *uri.Error
		if r != nil || !errors.As(perr, &pe) || !errors.As(oerr, &oe) || *pe != *oe {
			t.Errorf("Open(%q) = %v, %v; Parse gives %v", tt.in, r, oerr, perr)
		}
	}
}
