package template_test

import (
	"encoding/json"
	"errors"
	"math"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/gouri/uri"
	"github.com/gouri/uri/template"
)

// TestExpandOptions pins ExpandOptions: OmitEmpty leaves empty strings
// out, RefuseDotSegments refuses values that write to a "." or ".." path
// segment (RFC 3986, Section 5.2.4), at the variable's offset in the
// template. A row with err expects that sentinel.
func TestExpandOptions(t *testing.T) {
	omit := template.ExpandOptions{OmitEmpty: true}
	dots := template.ExpandOptions{RefuseDotSegments: true}
	tests := []struct {
		name string
		opts template.ExpandOptions
		tmpl string
		vars template.Values
		want string
		err  error
		off  int
		at   string // the variable at fault
	}{
		{"the zero options expand as Expand", template.ExpandOptions{}, "{?q,lang}", template.Values{"q": template.String(""), "lang": template.String("en")}, "?q=&lang=en", nil, 0, ""},
		{"OmitEmpty: an empty string is undefined (2.3)", omit, "{?q,lang}", template.Values{"q": template.String(""), "lang": template.String("en")}, "?lang=en", nil, 0, ""},
		{"OmitEmpty: the ? goes with the last value", omit, "/s{?q}", template.Values{"q": template.String("")}, "/s", nil, 0, ""},
		{"OmitEmpty: empty list items are left out", omit, "{/p*}", template.Values{"p": template.List("a", "", "b")}, "/a/b", nil, 0, ""},
		{"OmitEmpty: a list of empty items is undefined", omit, "x{/p*}", template.Values{"p": template.List("", "")}, "x", nil, 0, ""},
		{"OmitEmpty: pairs with an empty value are left out", omit, "{?k*}", template.Values{"k": template.Assoc(template.Pair{Key: "a", Value: ""}, template.Pair{Key: "b", Value: "1"})}, "?b=1", nil, 0, ""},
		{"OmitEmpty: the input values are not changed", omit, "{x}", template.Values{"x": template.String("a")}, "a", nil, 0, ""},

		{"RefuseDotSegments: ..", dots, "/files/{name}", template.Values{"name": template.String("..")}, "", template.ErrDotSegment, 8, "name"},
		{"RefuseDotSegments: .", dots, "/a/{x}/b", template.Values{"x": template.String(".")}, "", template.ErrDotSegment, 4, "x"},
		{"RefuseDotSegments: a list item", dots, "{/path*}", template.Values{"path": template.List("a", "..", "b")}, "", template.ErrDotSegment, 2, "path"},
		{"RefuseDotSegments: a label's dot", dots, "/a/{.x}/b", template.Values{"x": template.String("")}, "", template.ErrDotSegment, 5, "x"},
		{"RefuseDotSegments: a value completes a literal's dot", dots, "/a/.{x}", template.Values{"x": template.String(".")}, "", template.ErrDotSegment, 5, "x"},
		{"RefuseDotSegments: + writes a path, but no dot segment", dots, "/files/{+p}", template.Values{"p": template.String("a/../b")}, "", template.ErrDotSegment, 9, "p"},
		{"RefuseDotSegments: an encoded slash counts (a%2F..)", dots, "/p/{id}", template.Values{"id": template.String("a/..")}, "", template.ErrDotSegment, 4, "id"},
		{"RefuseDotSegments: ... is a name", dots, "/files/{name}", template.Values{"name": template.String("...")}, "/files/...", nil, 0, ""},
		{"RefuseDotSegments: .. within a segment", dots, "/f/{x}.txt", template.Values{"x": template.String("..")}, "/f/...txt", nil, 0, ""},
		{"RefuseDotSegments: .. in the query", dots, "/s{?q}", template.Values{"q": template.String("..")}, "/s?q=..", nil, 0, ""},
		{"RefuseDotSegments: .. in the literals", dots, "/a/../{x}", template.Values{"x": template.String("b")}, "/a/../b", nil, 0, ""},
		{"RefuseDotSegments: an empty value next to a literal dot segment", dots, "/a/{x}/..", template.Values{"x": template.String("")}, "/a//..", nil, 0, ""},
	}
	for _, tt := range tests {
		tp := template.MustParse(tt.tmpl)
		u, err := tt.opts.Expand(tp, tt.vars)
		b, appendErr := tt.opts.AppendExpand([]byte("x"), tp, tt.vars)
		if tt.err == nil {
			if err != nil || u.String() != tt.want || appendErr != nil || string(b) != "x"+tt.want {
				t.Errorf("%s: %+v.Expand(%q) = %q, %v, AppendExpand = %q, %v; want %q", tt.name, tt.opts, tt.tmpl, u.String(), err, b, appendErr, tt.want)
			}
			continue
		}
		var e *uri.Error
		if !errors.As(err, &e) || !errors.Is(err, tt.err) || e.Op != template.OpExpand || e.Offset != tt.off || e.Name != tt.at || e.Input != tt.tmpl || u != (uri.URI{}) {
			t.Errorf("%s: %+v.Expand(%q) = %q, %#v; want %v at offset %d, variable %q", tt.name, tt.opts, tt.tmpl, u.String(), err, tt.err, tt.off, tt.at)
		}
		if appendErr == nil || appendErr.Error() != err.Error() || string(b) != "x" {
			t.Errorf("%s: AppendExpand(%q) = %q, %v; want the error of Expand and the buffer unchanged", tt.name, tt.tmpl, b, appendErr)
		}
	}
}

// TestValuesOf pins the conversion of Go values: scalars to strings,
// slices to lists, maps to arrays by sorted key, nil to undefined, and an
// error (not a panic) for anything else.
func TestValuesOf(t *testing.T) {
	type id string
	var nilPtr *int
	tests := []struct {
		name string
		in   map[string]any
		want map[string]any
		err  string // the Detail of ErrValueType
		at   string
	}{
		{"strings, numbers, booleans (as JSON writes them)", map[string]any{
			"s": "a b", "i": -6, "u": uint8(7), "f": 37.76, "big": 1e21, "small": 1e-7, "f32": float32(0.1), "t": true, "n": json.Number("12.50"), "id": id("x"), "b": []byte("raw"),
		}, map[string]any{
			"s": "a b", "i": "-6", "u": "7", "f": "37.76", "big": "1e+21", "small": "1e-7", "f32": "0.1", "t": "true", "n": "12.50", "id": "x", "b": "raw",
		}, "", ""},
		{"a slice is a list; nil members are left out", map[string]any{"l": []any{"a", 1, nil, false}, "s": []string{"x"}, "a": [2]int{1, 2}},
			map[string]any{"l": []string{"a", "1", "false"}, "s": []string{"x"}, "a": []string{"1", "2"}}, "", ""},
		{"a map is an array, by sorted key", map[string]any{"m": map[string]any{"b": 2, "a": "1", "z": nil}},
			map[string]any{"m": pairs{{Key: "a", Value: "1"}, {Key: "b", Value: "2"}}}, "", ""},
		{"nil is undefined", map[string]any{"x": nil, "y": "1"}, map[string]any{"y": "1"}, "", ""},
		{"an empty slice is undefined", map[string]any{"x": []string{}}, map[string]any{}, "", ""},
		{"a struct", map[string]any{"x": struct{}{}}, nil, "a value of Go type struct {}", "x"},
		{"a pointer", map[string]any{"x": nilPtr}, nil, "a value of Go type *int", "x"},
		{"a nested list", map[string]any{"x": []any{[]string{"a"}}}, nil, "a value of Go type []string", "x"},
		{"a map of int keys", map[string]any{"x": map[int]string{1: "a"}}, nil, "a value of Go type map[int]string", "x"},
		{"NaN", map[string]any{"x": math.NaN()}, nil, "a value of Go type float64", "x"},
		{"the first name in order", map[string]any{"b": struct{}{}, "a": complex(1, 2)}, nil, "a value of Go type complex128", "a"},
	}
	for _, tt := range tests {
		got, err := template.ValuesOf(tt.in)
		if tt.err != "" {
			var e *uri.Error
			if !errors.As(err, &e) || !errors.Is(err, template.ErrValueType) || e.Detail != tt.err || e.Name != tt.at || e.Op != template.OpExpand || got != nil {
				t.Errorf("%s: ValuesOf(%v) = %v, %v; want ErrValueType %q for %q", tt.name, tt.in, view(got), err, tt.err, tt.at)
			}
			continue
		}
		if err != nil {
			t.Errorf("%s: ValuesOf(%v) = %v", tt.name, tt.in, err)
			continue
		}
		if d := cmp.Diff(tt.want, view(got)); d != "" {
			t.Errorf("%s: ValuesOf(%v) (-want +got):\n%s", tt.name, tt.in, d)
		}
	}
}
