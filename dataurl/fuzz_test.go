package dataurl_test

import (
	"bytes"
	"errors"
	"io"
	"strings"
	"testing"
	"testing/iotest"

	"github.com/gouri/uri"
	"github.com/gouri/uri/dataurl"
	"github.com/gouri/uri/internal/oracle"
	"github.com/gouri/uri/mimetype"
	"github.com/gouri/uri/whatwg"
)

// fuzzSeeds are inputs of the table tests, for the fuzz targets.
var fuzzSeeds = []string{
	"data:,x", "data:text/plain;charset=utf-8,%41%zz", "data:;base64,YQ==", "data:;base64, Y W%3d%3D ",
	"data:image/png;base64,iVBORw0KGgo=#f", "data:;base64,AB=", "data:;base64,ABCDE", "data:text,x?y",
	"DATA:,\t\xff\xf0\x9f", "data:;base64,YW%4\t1J", "data://h/,x", "http://x/", "data:x", "data:;base64,AB=C",
}

// completions are texts that, appended to a prefix of a data: URL, can
// make one that the processor accepts: most prefixes that begin such a
// URL are made one by one of them. Each is the end of a percent-encoding
// begun (to "%20", "%2B", "%3D", "%41", "%0A", "%61", ...) or of a UTF-8
// sequence, then the end of a base64 body or a comma.
var completions = func() []string {
	var cs []string
	for _, hex := range []string{"", "0", "1", "B", "D", "A", "41", "2B", "3D",
		"\x80", "\x80\x80", "\x80\x80\x80", "\xa0\x80", "\x90\x80\x80"} {
		for _, end := range []string{"", "A", "AA", "AAA", "=", "==", ","} {
			cs = append(cs, hex+end)
		}
	}
	return cs
}()

// begins reports whether some completion makes p a data: URL that o
// accepts.
func begins(o dataurl.Options, p string) bool {
	for _, c := range completions {
		if _, err := o.Parse(p + c); err == nil {
			return true
		}
	}
	return false
}

// FuzzParse checks, for any input:
//
//   - Parse agrees with the reference of ref_test.go, the processor's
//     steps as the standards write them;
//   - Open's Reader gives the same body, in reads of any size, and its
//     Size is the body's length;
//   - a limit of the body's length accepts it, and one byte less refuses
//     it with ErrTooLarge; and the body repeated past 256 KiB is refused
//     under a small limit without allocating its size, written by Encode
//     or as the input writes it, whatever it holds (see checkLimitCost);
//   - under a limit, Parse gives what it gives without one when the body
//     is within the limit, ErrTooLarge when it is over, and fails when
//     Parse fails;
//   - an error is a *uri.Error about the input, and for a URL with an
//     opaque path the offset of a body error obeys the module's rule: the
//     input up to it begins an accepted data: URL, and up to the byte
//     after it does not (within the completions tried);
//   - Encode writes the result back as a URL in serialized form that
//     parses to the same MIME type and body.
func FuzzParse(f *testing.F) {
	for _, s := range fuzzSeeds {
		f.Add(s, int64(0))
		f.Add(s, int64(2))
	}
	f.Fuzz(func(t *testing.T, in string, limit int64) {
		d, err := dataurl.Parse(in)
		mime, body, ok := refProcess(in)
		if (err == nil) != ok || ok && (d.MIMEType.String() != mime || string(d.Body) != string(body)) {
			t.Fatalf("Parse(%q) = %q, %q, %v; the reference gives %q, %q, %v", in, d.MIMEType, d.Body, err, mime, body, ok)
		}
		checkLimitCost(t, in)
		if err != nil {
			checkError(t, in, err, dataurl.Options{})
		} else {
			checkReader(t, in, d)
			checkLimit(t, in, d)
			checkLimitAllocs(t, d)
			checkEncode(t, in, d)
		}
		if limit < 1 || limit > 1<<20 {
			return
		}
		o := dataurl.Options{MaxSize: limit}
		ld, lerr := o.Parse(in)
		switch {
		case err != nil && lerr == nil:
			t.Fatalf("Options{MaxSize: %d}.Parse(%q) = %q; Parse fails: %v", limit, in, ld.Body, err)
		case err == nil && int64(len(d.Body)) <= limit && (lerr != nil || string(ld.Body) != string(d.Body)):
			t.Fatalf("Options{MaxSize: %d}.Parse(%q) = %q, %v; Parse gives %q", limit, in, ld.Body, lerr, d.Body)
		case err == nil && int64(len(d.Body)) > limit && !errors.Is(lerr, dataurl.ErrTooLarge):
			t.Fatalf("Options{MaxSize: %d}.Parse(%q) = %v; want ErrTooLarge", limit, in, lerr)
		case lerr != nil:
			checkError(t, in, lerr, o)
		}
	})
}

// checkLimitAllocs checks that refusing a body over the limit costs no
// allocation of its size: d's body, repeated to 256 KiB, written with
// each encoding under d's MIME type, and refused under a limit of 1000
// bytes, allocates less than 64 KiB (the fuzzing engine's own
// allocations, which the counters include, among them).
func checkLimitAllocs(t *testing.T, d dataurl.Data) {
	t.Helper()
	if len(d.Body) == 0 {
		return
	}
	body := bytes.Repeat(d.Body, (256<<10)/len(d.Body)+1)
	o := dataurl.Options{MaxSize: 1000}
	for _, enc := range []func(mimetype.MIMEType, []byte) (string, error){dataurl.EncodeBase64, dataurl.EncodePercent} {
		s, err := enc(d.MIMEType, body)
		if err != nil {
			return
		}
		var perr error
		cost, _ := oracle.Measure(func() { _, perr = o.Parse(s) })
		if !errors.Is(perr, dataurl.ErrTooLarge) || cost.Bytes >= 64<<10 {
			t.Fatalf("Options{MaxSize: 1000}.Parse of %d bytes of %q = %v, allocating %d bytes", len(s), s[:min(len(s), 60)], perr, cost.Bytes)
		}
	}
}

// checkLimitCost checks that a small limit bounds the cost of a data: URL
// with an opaque path, whatever its body holds: the text of the body of
// in, as in writes it, repeated past 256 KiB, costs less than 64 KiB to
// Parse and Open under a limit of 1000 bytes (accepted or refused, for
// any reason). A URL with a hierarchical path is parsed whole first, as
// the package documentation says.
func checkLimitCost(t *testing.T, in string) {
	t.Helper()
	u, err := whatwg.Parse(in)
	comma := strings.IndexByte(in, ',')
	if err != nil || u.Scheme() != "data" || !u.HasOpaquePath() || comma < 0 || comma == len(in)-1 {
		return
	}
	body := in[comma+1:]
	s := in[:comma+1] + strings.Repeat(body, (256<<10)/len(body)+1)
	o := dataurl.Options{MaxSize: 1000}
	for _, op := range []struct {
		name string
		f    func()
	}{
		{"Parse", func() { _, err = o.Parse(s) }},
		{"Open", func() { _, err = o.Open(s) }},
	} {
		if cost, _ := oracle.Measure(op.f); cost.Bytes >= 64<<10 {
			t.Fatalf("Options{MaxSize: 1000}.%s of %d bytes of %q = %v, allocating %d bytes", op.name, len(s), s[:min(len(s), 60)], err, cost.Bytes)
		}
	}
}

// checkReader reads the body of in through Open, as iotest.TestReader
// does, and compares it with d.
func checkReader(t *testing.T, in string, d dataurl.Data) {
	t.Helper()
	r, err := dataurl.Options{}.Open(in)
	if err != nil || r.Size() != int64(len(d.Body)) || r.MIMEType() != d.MIMEType {
		t.Fatalf("Open(%q) = %v; Parse gives %d bytes, %q", in, err, len(d.Body), d.MIMEType)
	}
	if err := iotest.TestReader(r, d.Body); err != nil {
		t.Fatalf("Open(%q): %v", in, err)
	}
}

// checkLimit checks that a limit of exactly the body's size accepts it,
// and one byte less refuses it.
func checkLimit(t *testing.T, in string, d dataurl.Data) {
	t.Helper()
	n := int64(len(d.Body))
	if n < 2 {
		return
	}
	if ld, err := (dataurl.Options{MaxSize: n}).Parse(in); err != nil || string(ld.Body) != string(d.Body) {
		t.Fatalf("Options{MaxSize: %d}.Parse(%q) = %q, %v", n, in, ld.Body, err)
	}
	o := dataurl.Options{MaxSize: n - 1}
	_, err := o.Parse(in)
	if !errors.Is(err, dataurl.ErrTooLarge) {
		t.Fatalf("Options{MaxSize: %d}.Parse(%q) = %v; want ErrTooLarge", n-1, in, err)
	}
	checkError(t, in, err, o)
	if _, oerr := o.Open(in); oerr == nil || oerr.Error() != err.Error() {
		t.Fatalf("Options{MaxSize: %d}.Open(%q) = %v; Parse gives %v", n-1, in, oerr, err)
	}
}

// checkError checks an error of o.Parse(in).
func checkError(t *testing.T, in string, err error, o dataurl.Options) {
	t.Helper()
	var e *uri.Error
	if !errors.As(err, &e) || e.Input != in || e.Op != uri.OpParse || e.Offset < 0 || e.Offset > len(in) {
		t.Fatalf("Parse(%q): error %#v", in, err)
	}
	switch e.Err {
	case dataurl.ErrNotURL, dataurl.ErrNotData:
		return // offsets of the URL parser, and of the scheme
	case dataurl.ErrNoComma, dataurl.ErrBase64, dataurl.ErrTooLarge:
	default:
		t.Fatalf("Parse(%q): error %#v", in, err)
	}
	if u, _ := whatwg.Parse(in); !u.HasOpaquePath() {
		return
	}
	if !begins(o, in[:e.Offset]) {
		t.Fatalf("%v: %q begins no data: URL that is accepted", err, in[:e.Offset])
	}
	if e.Offset < len(in) && begins(o, in[:e.Offset+1]) {
		t.Fatalf("%v: %q begins a data: URL that is accepted", err, in[:e.Offset+1])
	}
}

// checkEncode checks that Encode writes d back as a data: URL, unless its
// MIME type cannot be in one.
func checkEncode(t *testing.T, in string, d dataurl.Data) {
	t.Helper()
	for _, enc := range []func(mimetype.MIMEType, []byte) (string, error){dataurl.Encode, dataurl.EncodeBase64, dataurl.EncodePercent} {
		s, err := enc(d.MIMEType, d.Body)
		if errors.Is(err, dataurl.ErrCannotEncode) {
			continue
		}
		if err != nil {
			t.Fatalf("Encode(%q, %q) from %q: %v", d.MIMEType, d.Body, in, err)
		}
		if u, err := whatwg.Parse(s); err != nil || u.Href() != s {
			t.Fatalf("Encode(%q, %q) = %q, not in serialized form: %q, %v", d.MIMEType, d.Body, s, u.Href(), err)
		}
		back, err := dataurl.Parse(s)
		if err != nil || back.MIMEType != d.MIMEType || string(back.Body) != string(d.Body) {
			t.Fatalf("Parse(Encode(%q, %q)) = Parse(%q) = %q, %q, %v", d.MIMEType, d.Body, s, back.MIMEType, back.Body, err)
		}
	}
}

// FuzzEncode checks, for any MIME type and body, that Encode either
// refuses the MIME type with ErrCannotEncode at a byte of it, or writes a
// URL in serialized form, no longer than each of the two encodings, that
// parses back to both; and that the reader of that URL reads the body.
func FuzzEncode(f *testing.F) {
	f.Add("text/plain;charset=utf-8", []byte("Hello, World!"))
	f.Add(`a/b;x="1 2";y="?\""`, []byte{0, 1, 2, 0xff})
	f.Add("image/png", []byte("\x89PNG\r\n\x1a\n"))
	f.Add("a/b;x=\",\"", []byte(""))
	f.Fuzz(func(t *testing.T, mt string, body []byte) {
		m, err := mimetype.Parse(mt)
		if err != nil {
			return
		}
		s, err := dataurl.Encode(m, body)
		if err != nil {
			var e *uri.Error
			if !errors.As(err, &e) || e.Err != dataurl.ErrCannotEncode || e.Op != uri.OpBuild || e.Input != m.String() || e.Offset < 0 || e.Offset >= len(e.Input) {
				t.Fatalf("Encode(%q, %q): %#v", m, body, err)
			}
			return
		}
		b64, _ := dataurl.EncodeBase64(m, body)
		pct, _ := dataurl.EncodePercent(m, body)
		if len(s) > len(b64) || len(s) > len(pct) {
			t.Fatalf("Encode(%q, %q) = %q, longer than %q or %q", m, body, s, b64, pct)
		}
		for _, u := range []string{s, b64, pct} {
			checkEncode(t, u, dataurl.Data{MIMEType: m, Body: body})
			r, err := dataurl.Options{}.Open(u)
			if err != nil {
				t.Fatalf("Open(%q): %v", u, err)
			}
			got, err := io.ReadAll(r)
			if err != nil || string(got) != string(body) {
				t.Fatalf("Open(%q) reads %q, %v", u, got, err)
			}
		}
		if strings.Contains(m.String(), ",") {
			t.Fatalf("Encode(%q) accepted a comma", m)
		}
	})
}
