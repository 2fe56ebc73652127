package dataurl_test

import (
	"encoding/base64"
	"io"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/gouri/uri/dataurl"
	"github.com/gouri/uri/mimetype"
)

// benchBody returns n random bytes, the same on every run.
func benchBody(n int) []byte {
	r := rand.New(rand.NewPCG(1, 2))
	b := make([]byte, n)
	for i := range b {
		b[i] = byte(r.Uint32())
	}
	return b
}

// BenchmarkDecode compares decoding a base64 body of a data: URL with
// decoding the same base64 text with encoding/base64, the baseline that
// the goal (within 1.2 times its time) is measured against. Run both
// in the same run and compare with benchstat:
//
//	go test -run '^$' -bench 'Decode/(1KiB|1MiB)' -count 10 ./dataurl > d.txt
//	benchstat -col /op d.txt
//
// SetBytes is the length of the base64 text, so MB/s are comparable.
func BenchmarkDecode(b *testing.B) {
	for _, size := range []struct {
		name string
		n    int
	}{{"1KiB", 1 << 10}, {"1MiB", 1 << 20}} {
		enc := base64.StdEncoding.EncodeToString(benchBody(size.n))
		url := "data:image/png;base64," + enc
		b.Run(size.name+"/op=encoding-base64", func(b *testing.B) {
			b.ReportAllocs()
			b.SetBytes(int64(len(enc)))
			for b.Loop() {
				if _, err := base64.StdEncoding.DecodeString(enc); err != nil {
					b.Fatal(err)
				}
			}
		})
		b.Run(size.name+"/op=dataurl", func(b *testing.B) {
			b.ReportAllocs()
			b.SetBytes(int64(len(enc)))
			for b.Loop() {
				if _, err := dataurl.Parse(url); err != nil {
					b.Fatal(err)
				}
			}
		})
		b.Run(size.name+"/op=dataurl-limit", func(b *testing.B) {
			b.ReportAllocs()
			b.SetBytes(int64(len(enc)))
			o := dataurl.Options{MaxSize: int64(size.n)}
			for b.Loop() {
				if _, err := o.Parse(url); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkDecodeShapes decodes 64 KiB bodies of the other shapes: base64
// wrapped at 76 columns (the forgiving decoder's slow path), text
// percent-encoded, and a base64 body through the Reader.
func BenchmarkDecodeShapes(b *testing.B) {
	body := benchBody(64 << 10)
	enc := base64.StdEncoding.EncodeToString(body)
	var wrapped strings.Builder
	for i := 0; i < len(enc); i += 76 {
		wrapped.WriteString(enc[i:min(i+76, len(enc))])
		wrapped.WriteString("\n")
	}
	pct, _ := dataurl.EncodePercent(mimetype.MustParse("text/plain"), []byte(strings.Repeat("Hello, World! ", 64<<10/14)))
	for _, bt := range []struct {
		name, url string
		read      bool
	}{
		{"wrapped-base64", "data:;base64," + wrapped.String(), false},
		{"percent", pct, false},
		{"reader", "data:;base64," + enc, true},
	} {
		b.Run(bt.name, func(b *testing.B) {
			b.ReportAllocs()
			b.SetBytes(int64(len(bt.url)))
			buf := make([]byte, 32<<10)
			for b.Loop() {
				if !bt.read {
					if _, err := dataurl.Parse(bt.url); err != nil {
						b.Fatal(err)
					}
					continue
				}
				r, err := dataurl.Options{}.Open(bt.url)
				if err != nil {
					b.Fatal(err)
				}
				if _, err := io.CopyBuffer(io.Discard, struct{ io.Reader }{r}, buf); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkEncode writes a 64 KiB binary body as a data: URL.
func BenchmarkEncode(b *testing.B) {
	body := benchBody(64 << 10)
	mt := mimetype.MustParse("image/png")
	b.ReportAllocs()
	b.SetBytes(int64(len(body)))
	for b.Loop() {
		if _, err := dataurl.Encode(mt, body); err != nil {
			b.Fatal(err)
		}
	}
}
