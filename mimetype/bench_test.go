package mimetype_test

import (
	"mime"
	"testing"

	"github.com/gouri/uri/mimetype"
)

// benchTypes are Content-Type values of common shapes, canonical or not.
var benchTypes = []struct{ name, in string }{
	{"canonical", "text/html"},
	{"canonical-charset", "text/html;charset=utf-8"},
	{"canonical-quoted", `multipart/form-data;boundary="----x y"`},
	{"header-charset", "text/html; charset=UTF-8"},
	{"upper-case", "Application/JSON; Charset=\"utf-8\""},
}

// BenchmarkParse compares Parse with the standard library's
// mime.ParseMediaType, which reads RFC 2045 and 2231, on the same values:
//
//	go test -run '^$' -bench Parse -benchmem ./mimetype
func BenchmarkParse(b *testing.B) {
	for _, bt := range benchTypes {
		b.Run(bt.name+"/mimetype", func(b *testing.B) {
			b.ReportAllocs()
			b.SetBytes(int64(len(bt.in)))
			for b.Loop() {
				_, _ = mimetype.Parse(bt.in)
			}
		})
		b.Run(bt.name+"/mime.ParseMediaType", func(b *testing.B) {
			b.ReportAllocs()
			b.SetBytes(int64(len(bt.in)))
			for b.Loop() {
				_, _, _ = mime.ParseMediaType(bt.in)
			}
		})
	}
}
