package mimetype_test

import (
	"testing"

	"github.com/gouri/uri/mimetype"
)

// TestParseAllocs pins the allocations of Parse: none for a MIME type in
// serialized form, whose String is the input itself; one, the
// serialization, for any other; and the map of names for more than eight
// parameters.
func TestParseAllocs(t *testing.T) {
	tests := []struct {
		in   string
		want float64
	}{
		{"text/html", 0},
		{"text/html;charset=utf-8", 0},
		{"application/vnd.api+json;charset=UTF-8;profile=\"https://example.com/p\"", 0},
		{"multipart/form-data;boundary=\"a b\";x=\"\\\"\"", 0},
		{"text/plain;charset=US-ASCII", 0},
		{"  text/html  ", 0}, // the serialization is a substring of the input
		{"text/html;", 0},    // ... and here its prefix
		{"Text/HTML", 1},
		{"text/html; charset=utf-8", 1},
		{"text/html;charset=\"utf-8\"", 1},
		{"text/html;a=1;a=2", 0}, // a prefix of the input again
		{"text/html;a=1;a=2;b=3", 1},
		{"a/b;a=1;b=1;c=1;d=1;e=1;f=1;g=1;h=1", 0},
		{"a/b;a=1;b=1;c=1;d=1;e=1;f=1;g=1;h=1;i=1", 4}, // the map of names, and its keys
		{"text", 1},  // the *uri.Error; its Detail is a constant
		{"te xt", 4}, // ... or quotes the character: an error is no hot path
	}
	for _, tt := range tests {
		if got := testing.AllocsPerRun(100, func() { _, _ = mimetype.Parse(tt.in) }); got != tt.want {
			t.Errorf("Parse(%q): %v allocations, want %v", tt.in, got, tt.want)
		}
	}
}

// TestAccessorAllocs pins the allocations of the accessors: none, but for
// a value whose serialization has backslashes to remove.
func TestAccessorAllocs(t *testing.T) {
	m := mimetype.MustParse(`text/html;charset=utf-8;q="a b";e="\"x\""`)
	tests := []struct {
		name string
		f    func()
		want float64
	}{
		{"Essence", func() { _ = m.Essence() }, 0},
		{"Type", func() { _ = m.Type() }, 0},
		{"Param plain", func() { _, _ = m.Param("charset") }, 0},
		{"Param quoted", func() { _, _ = m.Param("q") }, 0},
		{"Param escaped", func() { _, _ = m.Param("e") }, 1},
		{"Param absent", func() { _, _ = m.Param("zz") }, 0},
	}
	for _, tt := range tests {
		if got := testing.AllocsPerRun(100, tt.f); got != tt.want {
			t.Errorf("%s: %v allocations, want %v", tt.name, got, tt.want)
		}
	}
}
