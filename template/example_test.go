package template_test

import (
	"encoding/json"
	"errors"
	"fmt"

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
	// uri: match: URI does not match the template at offset 7 of "/files/..%2Fetc"
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
