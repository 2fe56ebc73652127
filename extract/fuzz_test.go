package extract_test

import (
	"io"
	"strings"
	"testing"
	"testing/iotest"

	"github.com/google/go-cmp/cmp"

	"github.com/gouri/uri/extract"
)

// FuzzExtract checks, in each mode, on any text: no panic; every URL found
// parses by the URL Standard and its Text is text[Start:End]; the offsets
// increase and do not overlap; the UTF-16 offsets count the text before
// (checkMatches); and a Scanner finds the same over any split of the text
// into reads.
func FuzzExtract(f *testing.F) {
	for _, s := range []string{
		"See https://example.com/a_(b)). www.example.org, a@example.com",
		"链接：https://例子.com/路径。【www.example.com】",
		"[2001:db8::1]:8080/x 192.168.1.1/abc example.co.uk/x?y",
		"<http://a.b>&amp; http://a%http://a% www.a&b; [https://a.com\n\nhttps://b.com",
		"https://x.com/\u202eevil \xff\xfehttp://a.b mailto:a@b.c?x tel:+1",
		"http:http://a.com//b@c.d(e)[f]{g}'h'\"i\"`j`",
	} {
		f.Add(s, uint8(0), uint16(1))
		f.Add(s, uint8(1), uint16(7))
		f.Add(s, uint8(2), uint16(3))
	}
	es := map[extract.Mode]*extract.Extractor{}
	for _, mode := range modes {
		es[mode] = extractor(f, mode)
	}
	f.Fuzz(func(t *testing.T, text string, mode uint8, split uint16) {
		e := es[extract.Mode(mode%3)]
		want := e.Find(text)
		checkMatches(t, text, want)
		r := iotest.OneByteReader(strings.NewReader(text))
		if split > 1 {
			r = &chunkReader{s: text, n: int(split)}
		}
		got, _ := streamAll(t, e, r, len(text)+64)
		if d := cmp.Diff(rows(want), rows(got)); d != "" {
			t.Fatalf("%v: Scanner over %q in reads of %d (-All +Scanner):\n%s", extract.Mode(mode%3), text, split, d)
		}
	})
}

// chunkReader returns s in reads of n bytes.
type chunkReader struct {
	s string
	n int
}

func (r *chunkReader) Read(p []byte) (int, error) {
	if r.s == "" {
		return 0, io.EOF
	}
	k := copy(p[:min(len(p), r.n)], r.s)
	r.s = r.s[k:]
	return k, nil
}
