package template_test

import (
	"testing"

	"github.com/gouri/uri/template"
)

// benchTemplates are level-4 templates of the uritemplate-test suite
// (extended-tests.json, "Additional Examples 1", and spec-examples.json,
// "Level 4 Examples"), with the values of their variables there.
var benchTemplates = []struct {
	name, tmpl, want string
}{
	{"paths and query", "/base{/group_id,first_name}/pages{/page,lang}{?format,q}",
		"/base/12345/John/pages/5/en?format=json&q=URI%20Templates"},
	{"explode and list", "{/id*}{?fields,first_name,last.name,token}",
		"/person?fields=id,name,picture&first_name=John&last.name=Doe&token=12345"},
	{"prefix and reserved", "{+path:6}/here{?keys*}",
		"/foo/b/here?semi=%3B&dot=.&comma=%2C"},
}

var benchVars = template.Values{
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

// BenchmarkExpand expands parsed templates; the comparison with another
// implementation is in internal/benchcmp, a module of its own.
func BenchmarkExpand(b *testing.B) {
	for _, bt := range benchTemplates {
		tp := template.MustParse(bt.tmpl)
		b.Run(bt.name, func(b *testing.B) {
			b.ReportAllocs()
			b.SetBytes(int64(len(bt.want)))
			for b.Loop() {
				if _, err := tp.Expand(benchVars); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkMatch matches the expansions of the same templates.
func BenchmarkMatch(b *testing.B) {
	for _, bt := range benchTemplates {
		tp := template.MustParse(bt.tmpl)
		b.Run(bt.name, func(b *testing.B) {
			b.ReportAllocs()
			b.SetBytes(int64(len(bt.want)))
			for b.Loop() {
				if _, err := tp.Match(bt.want, nil); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// TestExpandAllocs pins Expand at one allocation, the text of the result,
// for the templates of the benchmark; AppendExpand into a buffer that is
// large enough allocates nothing.
func TestExpandAllocs(t *testing.T) {
	for _, bt := range benchTemplates {
		tp := template.MustParse(bt.tmpl)
		u, err := tp.Expand(benchVars)
		if err != nil || u.String() != bt.want {
			t.Fatalf("Expand(%q) = %q, %v; want %q", bt.tmpl, u.String(), err, bt.want)
		}
		if n := testing.AllocsPerRun(100, func() { _, _ = tp.Expand(benchVars) }); n != 1 {
			t.Errorf("Expand(%q): %v allocations, want 1", bt.tmpl, n)
		}
		buf := make([]byte, 0, 256)
		if n := testing.AllocsPerRun(100, func() { _, _ = tp.AppendExpand(buf[:0], benchVars) }); n != 0 {
			t.Errorf("AppendExpand(%q): %v allocations, want 0", bt.tmpl, n)
		}
	}
}
