package template_test

import (
	"encoding/json"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/gouri/uri/template"
)

// TestValuesJSON pins how JSON becomes values, as the uritemplate-test
// suite writes them: numbers and booleans as their text, null as
// undefined, an object's pairs in the object's order.
func TestValuesJSON(t *testing.T) {
	tests := []struct {
		in   string
		want map[string]any
		err  bool
	}{
		{`{"s":"x","n":6,"f":-122.427,"e":1e3,"b":true}`, map[string]any{"s": "x", "n": "6", "f": "-122.427", "e": "1e3", "b": "true"}, false},
		{`{"l":["a",1,null,"b"],"empty":[]}`, map[string]any{"l": []string{"a", "1", "b"}, "empty": []string{}}, false},
		{`{"k":{"z":"1","a":"2","n":null,"m":false}}`, map[string]any{"k": pairs{{Key: "z", Value: "1"}, {Key: "a", Value: "2"}, {Key: "m", Value: "false"}}}, false},
		{`{"u":null}`, map[string]any{}, false},
		{`{}`, map[string]any{}, false},
		{`{"l":[["nested"]]}`, nil, true},
		{`{"k":{"a":{}}}`, nil, true},
		{`["not an object"]`, nil, true},
		{`{"a":"1"} {}`, nil, true},
		{`{"a":`, nil, true},
	}
	for _, tt := range tests {
		var vs template.Values
		err := json.Unmarshal([]byte(tt.in), &vs)
		if (err != nil) != tt.err {
			t.Errorf("json.Unmarshal(%q) = %v, want an error: %v", tt.in, err, tt.err)
			continue
		}
		if err != nil {
			continue
		}
		got := view(vs)
		for k, v := range vs { // view leaves out undefined values
			if v.Kind() == template.KindList && len(v.Items()) == 0 {
				got[k] = []string{}
			}
		}
		if d := cmp.Diff(tt.want, got); d != "" {
			t.Errorf("json.Unmarshal(%q) (-want +got):\n%s", tt.in, d)
		}
	}
}

// TestValueJSONRoundTrip: MarshalJSON writes what UnmarshalJSON reads.
func TestValueJSONRoundTrip(t *testing.T) {
	for _, v := range []template.Value{
		template.String("a\"<b>"), template.List("x", ""), assoc("z", "1", "a", "é"), {}, template.List(),
	} {
		b, err := json.Marshal(v)
		if err != nil {
			t.Fatalf("json.Marshal(%v) = %v", v, err)
		}
		var back template.Value
		if err := json.Unmarshal(b, &back); err != nil || !back.Equal(v) {
			t.Errorf("json.Unmarshal(%s) = %v, %v; want %v", b, back, err, v)
		}
	}
}

// TestValueEqual pins Equal: kinds and order count, undefined values are
// all alike (RFC 6570, Section 2.3).
func TestValueEqual(t *testing.T) {
	tests := []struct {
		a, b template.Value
		want bool
	}{
		{template.String("a"), template.String("a"), true},
		{template.String("a"), template.List("a"), false},
		{template.List("a", "b"), template.List("b", "a"), false},
		{assoc("a", "1", "b", "2"), assoc("b", "2", "a", "1"), false},
		{template.List(), template.Value{}, true},
		{template.Assoc(), template.List(), true},
		{template.String(""), template.Value{}, false},
	}
	for _, tt := range tests {
		if got := tt.a.Equal(tt.b); got != tt.want {
			t.Errorf("(%v).Equal(%v) = %v, want %v", tt.a, tt.b, got, tt.want)
		}
	}
	a := template.Values{"x": template.String("1"), "u": template.List()}
	b := template.Values{"x": template.String("1")}
	if !a.Equal(b) || !b.Equal(a) || a.Equal(template.Values{}) {
		t.Errorf("Values.Equal: an undefined entry must count as missing, and a defined one not")
	}
}

// TestValueCopies: List and Assoc copy their arguments, so that a Value
// stays as it was made.
func TestValueCopies(t *testing.T) {
	items := []string{"a"}
	v := template.List(items...)
	items[0] = "b"
	ps := []template.Pair{{Key: "k", Value: "v"}}
	w := template.Assoc(ps...)
	ps[0].Key = "x"
	if v.Items()[0] != "a" || w.Pairs()[0].Key != "k" {
		t.Errorf("List and Assoc keep their caller's slices: %v, %v", v.Items(), w.Pairs())
	}
	if template.KindAssoc.String() != "associative array" || template.Kind(9).String() != "kind(9)" {
		t.Errorf("Kind.String: %q, %q", template.KindAssoc.String(), template.Kind(9).String())
	}
}
