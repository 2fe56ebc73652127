package template_test

import (
	"encoding/json"
	"errors"
	"fmt"
	"strings"

	"github.com/gouri/uri"
	"github.com/gouri/uri/template"
)

func ExampleParse() {
	t, err := template.Parse("http://example.com/search{?q,lang}")
	if err != nil {
		panic(err)
	}
	fmt.Println(t.Names())

	_, err = template.Parse("/people/{~user}")
	var e *uri.Error
	if errors.As(err, &e) {
		fmt.Println(e.Offset, errors.Is(err, template.ErrInvalidVarname))
	}
	fmt.Println(err)
	// Output:
	// [q lang]
	// 9 true
	// uri: invalid variable name at offset 9 of "/people/{~user}"
}

func ExampleTemplate_Expand() {
	t := template.MustParse("/repos{/owner,repo}/issues{?state,labels}")
	u, err := t.Expand(template.Values{
		"owner":  template.String("gouri"),
		"repo":   template.String("uri"),
		"labels": template.List("bug", "good first issue"),
	})
	if err != nil {
		panic(err)
	}
	fmt.Println(u)
	fmt.Println(u.Query())

	// A value that no encoding can make part of a URI-reference.
	_, err = template.MustParse("{+x}").Expand(template.Values{"x": template.String("a#b#c")})
	fmt.Println(errors.Is(err, template.ErrNotURI))
	// Output:
	// /repos/gouri/uri/issues?labels=bug,good%20first%20issue
	// labels=bug,good%20first%20issue
	// true
}

func ExampleTemplate_AppendExpand() {
	t := template.MustParse("{/path*}{?q}")
	buf := make([]byte, 0, 64)
	for _, q := range []string{"a", "b c"} {
		var err error
		buf, err = t.AppendExpand(buf[:0], template.Values{"path": template.List("x", "y"), "q": template.String(q)})
		if err != nil {
			panic(err)
		}
		fmt.Println(string(buf))
	}
	// Output:
	// /x/y?q=a
	// /x/y?q=b%20c
}

func ExampleExpand() {
	u, err := template.Expand("{/list*}{;keys*}", template.Values{
		"list": template.List("red", "green"),
		"keys": template.Assoc(template.Pair{Key: "semi", Value: ";"}, template.Pair{Key: "dot", Value: "."}),
	})
	fmt.Println(u, err)
	// Output:
	// /red/green;semi=%3B;dot=. <nil>
}

func ExampleTemplate_Match() {
	t := template.MustParse("/repos{/owner,repo}/issues{?state,labels}")
	vals, err := t.Match("/repos/gouri/uri/issues?labels=bug,ui&state=open", nil)
	if err != nil {
		panic(err)
	}
	for _, name := range t.Names() {
		v := vals[name]
		fmt.Println(name, v.Kind(), v.Str(), v.Items())
	}

	// A value in the path never decodes to "/", "." or "..".
	_, err = template.MustParse("/files/{name}").Match("/files/..%2Fetc", nil)
	fmt.Println(err)
	// Output:
	// owner string gouri []
	// repo string uri []
	// state string open []
	// labels list  [bug ui]
	// uri: match: URI does not match the template (a value would hold "%2F" and write a "." or ".." segment; MatchOptions.AllowEncodedSlash allows only the first) at offset 7 of "/files/..%2Fetc"
}

func ExampleMatchOptions() {
	t := template.MustParse("/search{?q,sort}")
	_, err := t.Match("/search?q=go&utm_source=x", nil)
	fmt.Println(err != nil)

	vals, _ := t.Match("/search?utm_source=x&q=go", &template.MatchOptions{ExtraParams: true})
	fmt.Println(vals["q"].Str())

	// The text cannot tell a list of one from a string.
	vals, _ = template.MustParse("{/tags}").Match("/go", &template.MatchOptions{
		Kinds: map[string]template.Kind{"tags": template.KindList},
	})
	fmt.Println(vals["tags"].Items())
	// Output:
	// true
	// go
	// [go]
}

func ExampleValues_UnmarshalJSON() {
	var vars template.Values
	err := json.Unmarshal([]byte(`{"id": 42, "keys": {"b": "2", "a": "1"}, "none": null}`), &vars)
	if err != nil {
		panic(err)
	}
	u, _ := template.Expand("/item/{id}{?keys*,none}", vars)
	fmt.Println(u)
	// Output:
	// /item/42?b=2&a=1
}

// One template serves both sides of an API: the client expands it into the
// request's URI, and the router matches a request target against it to
// read the values back. ExtraParams lets a route ignore query parameters
// that it does not name.
func Example_clientAndRouter() {
	t := template.MustParse("/repos{/owner,repo}/issues{?state,labels}")

	// The client: values in, a checked RFC 3986 reference out.
	u, err := t.Expand(template.Values{
		"owner":  template.String("gouri"),
		"repo":   template.String("uri"),
		"labels": template.List("bug", "ui"),
	})
	if err != nil {
		panic(err)
	}
	fmt.Println(u)

	// The router: a request target in (r.URL.RequestURI()), values out.
	vals, err := t.Match("/repos/gouri/uri/issues?state=open&labels=bug,ui&utm_source=x", &template.MatchOptions{ExtraParams: true})
	if err != nil {
		panic(err) // no match: try the next route
	}
	fmt.Println(vals["owner"].Str(), vals["repo"].Str(), vals["state"].Str(), vals["labels"].Items())
	// Output:
	// /repos/gouri/uri/issues?labels=bug,ui
	// gouri uri open [bug ui]
}

// A service that names a project by its path ("group/project") sends it
// as one segment with its slash encoded; AllowEncodedSlash reads it, and
// still refuses a "." or ".." between the slashes.
func ExampleTemplate_Match_allowEncodedSlash() {
	t := template.MustParse("/projects/{id}/issues")
	opts := &template.MatchOptions{AllowEncodedSlash: true}
	for _, s := range []string{
		"/projects/group%2Fproject/issues",
		"/projects/group%2F..%2Fadmin/issues",
	} {
		vals, err := t.Match(s, opts)
		fmt.Printf("%q %v\n", vals["id"].Str(), err)
	}
	_, err := t.Match("/projects/group%2Fproject/issues", nil)
	fmt.Println(errors.Is(err, template.ErrNoMatch))
	// Output:
	// "group/project" <nil>
	// "" uri: match: URI does not match the template (a value would write a "." or ".." segment) at offset 18 of "/projects/group%2F..%2Fadmin/issues"
	// true
}

// A router wants a value in each segment, and reads a query as an HTML
// form writes it, with "+" for a space; by default matching is RFC 6570's,
// where "{id}" may be empty and a "+" is no expansion of "{?q}".
func ExampleTemplate_Match_router() {
	t := template.MustParse("/users/{id}/search{?q}")
	router := &template.MatchOptions{NonEmpty: true, PlusAsSpace: true}
	for _, s := range []string{"/users/42/search?q=go+templates", "/users//search?q=go"} {
		vals, err := t.Match(s, router)
		fmt.Printf("%q %q %v\n", vals["id"].Str(), vals["q"].Str(), err != nil)
	}
	vals, err := t.Match("/users//search?q=go", nil)
	fmt.Printf("%q %v\n", vals["id"].Str(), err)
	// Output:
	// "42" "go templates" false
	// "" "" true
	// "" <nil>
}

// A server that matches templates, or URIs, that it did not write bounds
// the work of each match: a hostile template of 2 KB against a URI of
// 6 KB would take hundreds of millions of steps, and is refused before
// its automaton, which would cost more than a hundred thousand steps to
// build, is built; a route matches well within them.
func ExampleTemplate_Match_budget() {
	opts := &template.MatchOptions{MaxSteps: 100_000}
	hostile := template.MustParse(strings.Repeat("{a}{.a}", 300))
	_, err := hostile.Match(strings.Repeat("a.a", 2000), opts)
	fmt.Println(errors.Is(err, template.ErrBudget))
	fmt.Println(err)

	route := template.MustParse("/repos/{owner}/{repo}/contents/{+path}")
	vals, err := route.Match("/repos/gouri/uri/contents/"+strings.Repeat("dir/", 1000)+"x.go", opts)
	fmt.Println(len(vals["path"].Str()), err)
	// Output:
	// true
	// uri: match: work budget spent (100000 steps, fewer than the 244816 that building the template's automaton of 15301 instructions counts; raise MatchOptions.MaxSteps) of "a.aa.aa.aa.aa.aa.aa.aa.aa.aa.aa.aa.aa.aa.aa.aa.aa.aa.aa.aa.aa.aa.aa.aa.aa.aa.aa...."
	// 4004 <nil>
}

// ValuesOf takes the values a program has; OmitEmpty leaves out the empty
// strings, so that an optional field needs no wrapping.
func ExampleValuesOf() {
	vals, err := template.ValuesOf(map[string]any{
		"owner":  "gouri",
		"page":   2,
		"draft":  false,
		"labels": []string{"bug", "help wanted"},
		"sort":   "",
	})
	if err != nil {
		panic(err)
	}
	t := template.MustParse("/repos/{owner}/issues{?page,draft,labels,sort}")
	u, _ := template.ExpandOptions{OmitEmpty: true}.Expand(t, vals)
	fmt.Println(u)

	_, err = template.ValuesOf(map[string]any{"when": struct{}{}})
	fmt.Println(err)
	// Output:
	// /repos/gouri/issues?page=2&draft=false&labels=bug,help%20wanted
	// uri: expand when: value of a type that no variable may have (a value of Go type struct {}) of "when"
}

// RefuseDotSegments makes a client refuse values that would navigate, as
// Match refuses them on the server: "/files/{name}" never expands to a
// path that a resolver would shorten.
func ExampleExpandOptions() {
	t := template.MustParse("/files/{name}")
	opts := template.ExpandOptions{RefuseDotSegments: true}
	for _, name := range []string{"report.pdf", "..", "...", "a/.."} {
		u, err := opts.Expand(t, template.Values{"name": template.String(name)})
		fmt.Printf("%q %v\n", u.String(), err)
	}
	// Output:
	// "/files/report.pdf" <nil>
	// "" uri: expand name: a value writes a dot segment at offset 8 of "/files/{name}"
	// "/files/..." <nil>
	// "" uri: expand name: a value writes a dot segment at offset 8 of "/files/{name}"
}
