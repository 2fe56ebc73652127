package dataurl_test

import (
	"encoding/base64"
	"errors"
	"io"
	"strings"
	"testing"

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
		{"an empty body", "data:,", 0},
		{"the MIME type starts with ;", "data:;charset=utf-8,x", 2},
		{"the MIME type is not serialized", "data:Text/Plain,x", 2},
		{"the href is not the input", "DATA:,x", 2},
		{"an error: a first try as plain base64, the *uri.Error and its Detail", "data:;base64,YW!j", 7},
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

// TestLimitAllocatesNothing: a body over the limit is refused before any
// of it is decoded or allocated, whatever its size and encoding; a body
// within it costs its own size, not the size of an estimate above the
// limit. A body of four times the limit shows it: each of these decodes
// to more than the limit, and one allocated would cost megabytes.
func TestLimitAllocatesNothing(t *testing.T) {
	const limit = 1 << 20
	const big = 4 * limit
	tests := []struct {
		why string
		in  string
	}{
		{"plain base64", "data:;base64," + strings.Repeat("QUFB", big/4)},
		{"base64 with whitespace", "data:;base64," + strings.Repeat("QUF B", big/5)},
		{"percent-encoded base64", "data:;base64," + strings.Repeat("%51UFB", big/6)},
		{"text", "data:," + strings.Repeat("a", big)},
		{"percent-encoded text", "data:," + strings.Repeat("%41", big/3)},
	}
	for _, tt := range tests {
		for _, op := range []struct {
			name string
			f    func(string) error
		}{
			{"Parse", func(s string) error { _, err := dataurl.Options{MaxSize: limit}.Parse(s); return err }},
			{"Open", func(s string) error { _, err := dataurl.Options{MaxSize: limit}.Open(s); return err }},
		} {
			// The least of three runs: the counters are the process's, and
			// another goroutine of the runtime or of the test framework may
			// allocate during one run, while a refusal that allocates the
			// body does it every time.
			var err error
			cost, _ := oracle.Measure(func() { err = op.f(tt.in) })
			for range 2 {
				if c, _ := oracle.Measure(func() { err = op.f(tt.in) }); c.Bytes < cost.Bytes {
					cost = c
				}
			}
			if !errors.Is(err, dataurl.ErrTooLarge) || cost.Bytes > 1024 {
				t.Errorf("%s: %s of %d bytes under a limit of %d: %v, %d bytes allocated; want ErrTooLarge and no more than 1 KiB",
					tt.why, op.name, len(tt.in), limit, err, cost.Bytes)
			}
		}
	}
	// A body of the limit's size whose text is longer than plain base64
	// of that size would be.
	in := "data:;base64," + strings.Repeat("QUFB ", limit/3)
	var d dataurl.Data
	var err error
	cost, _ := oracle.Measure(func() { d, err = dataurl.Options{MaxSize: limit}.Parse(in) })
	if err != nil || len(d.Body) != limit/3*3 || cost.Bytes > limit+1024 {
		t.Errorf("a body of %d bytes in %d bytes of text: %v, %d bytes allocated; want at most %d", len(d.Body), len(in), err, cost.Bytes, limit+1024)
	}
}
