// Package benchcmp compares the speed of package
// github.com/gouri/uri/template with github.com/yosida95/uritemplate/v3 in
// the same run. It is a module of its own, so that the library's go.mod
// does not require the other implementation; run it from this directory:
//
//	go test -run '^$' -bench . -count 8 > bench.txt
//	benchstat -col /impl bench.txt
package benchcmp

import (
	"testing"

	"github.com/gouri/uri/template"
	yosida "github.com/yosida95/uritemplate/v3"
)

// cases are level-4 templates of the uritemplate-test suite
// (extended-tests.json, "Additional Examples 1", and spec-examples.json,
// "Level 4 Examples"), with the values of their variables there.
var cases = []struct {
	name, tmpl, want string
}{
	{"paths_and_query", "/base{/group_id,first_name}/pages{/page,lang}{?format,q}",
		"/base/12345/John/pages/5/en?format=json&q=URI%20Templates"},
	{"explode_and_list", "{/id*}{?fields,first_name,last.name,token}",
		"/person?fields=id,name,picture&first_name=John&last.name=Doe&token=12345"},
	{"prefix_and_reserved", "{+path:6}/here{?keys*}",
		"/foo/b/here?semi=%3B&dot=.&comma=%2C"},
}

var vars = template.Values{
	"id":         template.List("person"),
	"fields":     template.List("id", "name", "picture"),
	"first_name": template.String("John"),
	"last.name":  template.String("Doe"),
	"token":      template.String("12345"),
	"group_id":   template.String("12345"),
	"page":       template.String("5"),
	"lang":       template.String("en"),
	"format":     template.String("json"),
	"q":          template.String("URI Templates"),
	"path":       template.String("/foo/bar"),
	"keys":       template.Assoc(template.Pair{Key: "semi", Value: ";"}, template.Pair{Key: "dot", Value: "."}, template.Pair{Key: "comma", Value: ","}),
}

var yvars = yosida.Values{
	"id":         yosida.List("person"),
	"fields":     yosida.List("id", "name", "picture"),
	"first_name": yosida.String("John"),
	"last.name":  yosida.String("Doe"),
	"token":      yosida.String("12345"),
	"group_id":   yosida.String("12345"),
	"page":       yosida.String("5"),
	"lang":       yosida.String("en"),
	"format":     yosida.String("json"),
	"q":          yosida.String("URI Templates"),
	"path":       yosida.String("/foo/bar"),
	"keys":       yosida.KV("semi", ";", "dot", ".", "comma", ","),
}

// TestSameExpansions: both implementations expand the templates of the
// benchmark to the suite's expected text, so that they do the same work.
func TestSameExpansions(t *testing.T) {
	for _, c := range cases {
		u, err := template.MustParse(c.tmpl).Expand(vars)
		if err != nil || u.String() != c.want {
			t.Errorf("template: Expand(%q) = %q, %v; want %q", c.tmpl, u.String(), err, c.want)
		}
		got, err := yosida.MustNew(c.tmpl).Expand(yvars)
		if err != nil || got != c.want {
			t.Errorf("yosida95: Expand(%q) = %q, %v; want %q", c.tmpl, got, err, c.want)
		}
	}
}

// BenchmarkExpand expands each parsed template with each implementation;
// the sub-benchmarks' impl key lets benchstat set them side by side.
func BenchmarkExpand(b *testing.B) {
	for _, c := range cases {
		t := template.MustParse(c.tmpl)
		y := yosida.MustNew(c.tmpl)
		b.Run("tmpl="+c.name+"/impl=gouri", func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if _, err := t.Expand(vars); err != nil {
					b.Fatal(err)
				}
			}
		})
		b.Run("tmpl="+c.name+"/impl=yosida95", func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if _, err := y.Expand(yvars); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
