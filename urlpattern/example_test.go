package urlpattern_test

import (
	"errors"
	"fmt"

	"github.com/gouri/uri"
	"github.com/gouri/uri/guard"
	"github.com/gouri/uri/urlpattern"
	"github.com/gouri/uri/whatwg"
)

// A pattern string names the components it constrains; those after the
// last one given are wildcards, and a hostname without a port matches only
// the default port.
func Example() {
	p := urlpattern.MustParse("https://*.example.com/books/:id")
	r, _ := p.Exec("https://shop.example.com/books/978-0?ref=x")
	id, _ := r.Get(urlpattern.Pathname, "id")
	fmt.Println(r.Component(urlpattern.Hostname).Groups[0].Value, id)
	fmt.Println(p.Test("https://shop.example.com:8443/books/978-0"))
	// Output:
	// shop 978-0
	// false
}

// Components given one by one: an absent component is a wildcard, and an
// empty one matches only the empty string.
func ExampleNew() {
	p, err := urlpattern.New(urlpattern.Init{
		Pathname: urlpattern.Some("/api/:version/users/:id(\\d+)"),
		Search:   urlpattern.Some(""),
	}, urlpattern.Options{})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(p.Test("https://any.host/api/v2/users/42"))
	fmt.Println(p.Test("https://any.host/api/v2/users/42?debug=1"))
	fmt.Println(p.Test("https://any.host/api/v2/users/ann"))
	// Output:
	// true
	// false
	// false
}

// A relative pattern takes the components it lacks from a base URL.
func ExampleResolve() {
	p, err := urlpattern.Resolve("https://discussion.example/forum/?page=2", "../admin/*", urlpattern.Options{})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(p.Hostname(), p.Pathname())
	fmt.Println(p.Test("https://discussion.example/admin/"))
	fmt.Println(p.Test("https://discussion.example/forum/admin/"))
	// Output:
	// discussion.example /admin/*
	// true
	// false
}

// A group that did not take part in the match is told apart from one that
// matched the empty string, as JavaScript's undefined is from "".
func ExamplePattern_Exec() {
	p := urlpattern.MustParse("https://{:sub.}?example.com/*")
	r, _ := p.Exec("https://example.com/")
	for _, c := range []urlpattern.Component{urlpattern.Hostname, urlpattern.Pathname} {
		for _, g := range r.Component(c).Groups {
			fmt.Printf("%s matched=%v %q\n", g.Name, g.Matched, g.Value)
		}
	}
	// Output:
	// sub matched=false ""
	// 0 matched=true ""
}

// A parsed URL is matched without being parsed again, and without
// allocating when the pattern has no regular expression groups that need
// RE2.
func ExamplePattern_TestURL() {
	p := urlpattern.MustParse("https://example.com/static/*")
	u := whatwg.MustParse("https://example.com/static/css/site.css")
	fmt.Println(p.TestURL(u))
	// Output:
	// true
}

// A regular expression that RE2 cannot match with ECMAScript's meaning is
// refused by name, never matched with another.
func ExampleParse_unsupported() {
	_, err := urlpattern.Parse("https://example.com/(\\w+(?=\\.html))", urlpattern.Options{})
	var e *uri.Error
	if errors.As(err, &e) {
		fmt.Println(errors.Is(err, urlpattern.ErrRegexpUnsupported), e.Offset, e.Detail)
	}
	// Output:
	// true 24 look-ahead
}

// A List finds the most specific route that matches a URL.
func ExampleList() {
	routes := []string{"/users/:id", "/users/new", "/users/:id/posts/*", "/*"}
	var patterns []*urlpattern.Pattern
	for _, r := range routes {
		p, err := urlpattern.New(urlpattern.Init{Pathname: urlpattern.Some(r)}, urlpattern.Options{})
		if err != nil {
			fmt.Println(err)
			return
		}
		patterns = append(patterns, p)
	}
	l := urlpattern.NewList(patterns)
	for _, u := range []string{"https://h/users/new", "https://h/users/7", "https://h/users/7/posts/a/b", "https://h/about"} {
		i, _ := l.MatchString(u)
		fmt.Println(u, "->", routes[i])
	}
	// Output:
	// https://h/users/new -> /users/new
	// https://h/users/7 -> /users/:id
	// https://h/users/7/posts/a/b -> /users/:id/posts/*
	// https://h/about -> /*
}

// Generate writes a component from the values of its groups.
func ExamplePattern_Generate() {
	p := urlpattern.MustParse("https://example.com/books/:id/:title")
	s, err := p.Generate(urlpattern.Pathname, map[string]string{"id": "42", "title": "l'été"})
	fmt.Println(s, err)
	// Output:
	// /books/42/l'%C3%A9t%C3%A9 <nil>
}

// Generate refuses values that a match would not give back: "x-y" and
// "z" would write "/x-y-z", which the pattern matches as "x" and "y-z".
func ExamplePattern_Generate_ambiguous() {
	p := urlpattern.MustParse("https://example.com/:a-:b")
	s, err := p.Generate(urlpattern.Pathname, map[string]string{"a": "x", "b": "y-z"})
	fmt.Println(s, err)
	_, err = p.Generate(urlpattern.Pathname, map[string]string{"a": "x-y", "b": "z"})
	fmt.Println(errors.Is(err, urlpattern.ErrAmbiguous))
	fmt.Println(err)
	// Output:
	// /x-y-z <nil>
	// true
	// uri: build: generated text would not match back to its values (the group a would come back as "x", not "x-y") in path at offset 1 of "/x-y-z"
}

// A list of patterns as the allowlist of a policy that fetches URLs for
// users (package guard): a webhook may only go to the customers' own
// endpoints under /hooks/, over https. The list's TestURL makes it a
// guard.URLTester.
func ExampleList_TestURL() {
	var routes []*urlpattern.Pattern
	for _, s := range []string{"https://*.hooks.example/hooks/*", "https://api.partner.example/v1/events"} {
		routes = append(routes, urlpattern.MustParse(s))
	}
	p := guard.Policy{OnlyURLs: urlpattern.NewList(routes)}
	for _, u := range []string{
		"https://acme.hooks.example/hooks/42",
		"https://api.partner.example/v1/events",
		"https://api.partner.example/v1/admin",
		"http://acme.hooks.example/hooks/42",
	} {
		var e *guard.Error
		if _, err := p.Check(u); errors.As(err, &e) {
			fmt.Println(u, "refused:", e.Rule)
			continue
		}
		fmt.Println(u, "allowed")
	}
	// Output:
	// https://acme.hooks.example/hooks/42 allowed
	// https://api.partner.example/v1/events allowed
	// https://api.partner.example/v1/admin refused: allowlist
	// http://acme.hooks.example/hooks/42 refused: allowlist
}
