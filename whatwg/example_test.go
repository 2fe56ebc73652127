package whatwg_test

import (
	"encoding/json"
	"errors"
	"fmt"

	"github.com/gouri/uri"
	"github.com/gouri/uri/whatwg"
)

func ExampleParse() {
	u, err := whatwg.Parse("HTTPS://user:pa ss@EXAMPLE.com:443/a/./b/../c?q=1 2#frag")
	if err != nil {
		panic(err)
	}
	fmt.Println(u.Href())
	fmt.Println(u.Protocol(), u.Username(), u.Password(), u.Host(), u.Pathname(), u.Search(), u.Hash())
	fmt.Println(u.Origin())
	// Output:
	// https://user:pa%20ss@example.com/a/c?q=1%202#frag
	// https: user pa%20ss example.com /a/c ?q=1%202 #frag
	// https://example.com
}

func ExampleParse_error() {
	_, err := whatwg.Parse("https://example.org:7z/")
	fmt.Println(err)
	var e *uri.Error
	if errors.As(err, &e) {
		fmt.Println(e.Err, e.Offset)
		fmt.Println(e.Err.(whatwg.Kind).Describe(e.Input, e.Offset))
	}
	fmt.Println(errors.Is(err, whatwg.ErrPortInvalid))
	// Output:
	// uri: port-invalid (the port is not a number: "z" (U+007A) is not a digit) at offset 21 of "https://example.org:7z/"
	// port-invalid 21
	// the port is not a number: "z" (U+007A) is not a digit
	// true
}

func ExampleParse_hosts() {
	for _, in := range []string{
		"http://0x7F.1/",                  // an IPv4 address in short hexadecimal form
		"http://[0:0:0:0:0:ffff:7f00:1]/", // IPv6, compressed
		"https://B\u00fccher.example/",    // IDNA
		"https://b%C3%BCcher.example/",    // percent-decoded, then IDNA
		"git://Example.com/repo",          // an opaque host: not lower-cased
		"file://localhost/etc/hosts",      // localhost is the empty host
	} {
		u, _ := whatwg.Parse(in)
		fmt.Println(u.Hostname(), u.HostKind())
	}
	// Output:
	// 127.0.0.1 IPv4
	// [::ffff:7f00:1] IPv6
	// xn--bcher-kva.example domain
	// xn--bcher-kva.example domain
	// Example.com opaque
	//  empty
}

func ExampleURL_Parse() {
	base := whatwg.MustParse("https://example.org/docs/guide/intro.html?x#top")
	for _, ref := range []string{"install.html", "../api/", "?y", "#bottom", "//cdn.example/lib.js", "\\\\other\\path", "mailto:me@example.org"} {
		u, _ := base.Parse(ref)
		fmt.Println(u)
	}
	// Output:
	// https://example.org/docs/guide/install.html
	// https://example.org/docs/api/
	// https://example.org/docs/guide/intro.html?y
	// https://example.org/docs/guide/intro.html?x#bottom
	// https://cdn.example/lib.js
	// https://other/path
	// mailto:me@example.org
}

func ExampleResolve() {
	u, err := whatwg.Resolve("https://url.spec.whatwg.org/", "/\U0001F363\U0001F37A")
	fmt.Println(u, err)
	// Output:
	// https://url.spec.whatwg.org/%F0%9F%8D%A3%F0%9F%8D%BA <nil>
}

func ExampleURL_Relativize() {
	page := whatwg.MustParse("https://example.com/docs/guide/intro.html?lang=en#top")
	for _, link := range []string{
		"https://example.com/docs/guide/setup.html",
		"https://example.com/docs/api/",
		"https://example.com/docs/guide/intro.html?lang=fr",
		"https://example.com/docs/guide/intro.html?lang=en#install",
		"https://example.com/docs/guide/a:b", // "a:b" alone would be a URL of scheme "a"
		"https://example.com/blog/",
		"https://cdn.example.com/",
		"http://example.com/docs/",
	} {
		s := page.Relativize(whatwg.MustParse(link))
		back, _ := page.Parse(s)
		fmt.Printf("%-28s %v\n", s, back.Href() == link)
	}
	// Output:
	// setup.html                   true
	// ../api/                      true
	// ?lang=fr                     true
	// #install                     true
	// ./a:b                        true
	// /blog/                       true
	// //cdn.example.com            true
	// http://example.com/docs/     true
}

func ExampleRelativize() {
	// File URLs: ".." never leaves a drive letter, and "/x" keeps the
	// base's (the URL Standard's file slash state).
	for _, target := range []string{"file:///C:/x", "file:///D:/y", "file:///C:/Users/a/c|"} {
		s, err := whatwg.Relativize("file:///C:/Users/a/b.txt", target)
		fmt.Println(s, err)
	}
	// Output:
	// /x <nil>
	// /D:/y <nil>
	// ./c| <nil>
}

func ExampleValidate() {
	u, errs, err := whatwg.Validate(whatwg.URL{}, " https:\\\\user@example.org/a b")
	fmt.Println(u, err)
	for _, e := range errs {
		fmt.Println(e)
	}
	// The first "\\" is reported by two states of the parser, as the
	// standard's steps say.

	// Output:
	// https://user@example.org/a%20b <nil>
	// invalid-URL-unit: a code point that a URL does not allow there (a leading or trailing space or control, a tab or newline, or one that is not a URL code point), or a "%" not followed by two hex digits at offset 0
	// special-scheme-missing-following-solidus: the special scheme is not followed by "//" at offset 7
	// special-scheme-missing-following-solidus: the special scheme is not followed by "//" at offset 7
	// special-scheme-missing-following-solidus: the special scheme is not followed by "//" at offset 8
	// invalid-credentials: the URL holds a username or a password at offset 13
	// invalid-URL-unit: a code point that a URL does not allow there (a leading or trailing space or control, a tab or newline, or one that is not a URL code point), or a "%" not followed by two hex digits at offset 27
}

func ExampleURL_SetHost() {
	u := whatwg.MustParse("https://example.org:8443/path")
	fmt.Println(u.SetHost("example.com"), u)
	fmt.Println(u.SetHost("example.net:443"), u)
	// An invalid port after a valid host: the standard keeps the host.
	fmt.Println(u.SetHost("example.edu:x"), u)
	// A URL with an opaque path has no host to set.
	m := whatwg.MustParse("mailto:someone@example.org")
	fmt.Println(m.SetHost("example.org"), m)
	// Output:
	// <nil> https://example.com:8443/path
	// <nil> https://example.net/path
	// uri: set host: port-invalid (the port is not a number: "x" (U+0078) is not a digit) at offset 12 of "example.edu:x" https://example.edu/path
	// uri: set host: opaque-path (the URL has an opaque path, so no host and no path segments) of "example.org" mailto:someone@example.org
}

func ExampleURL_SetProtocol() {
	u := whatwg.MustParse("http://example.org:443/")
	fmt.Println(u.SetProtocol("https"), u)
	fmt.Println(u.SetProtocol("git"), u)
	// Output:
	// <nil> https://example.org/
	// uri: set protocol: scheme-change-not-allowed (the scheme cannot change from special to not or back, to "file" with credentials or a port, or from "file" with an empty host) of "git" https://example.org/
}

func ExampleURL_SetSearch() {
	u := whatwg.MustParse("https://example.org/search#results")
	_ = u.SetSearch("q=a b&lang=fr")
	fmt.Println(u, u.Search())
	_ = u.SetSearch("")
	fmt.Println(u, u.HasQuery())
	// Output:
	// https://example.org/search?q=a%20b&lang=fr#results ?q=a%20b&lang=fr
	// https://example.org/search#results false
}

func ExampleURL_SetPathname() {
	u := whatwg.MustParse("file:///C:/Users/")
	_ = u.SetPathname("D|/data/../logs/app.log")
	fmt.Println(u)
	// Output:
	// file:///D:/logs/app.log
}

func ExampleURL_Origin() {
	for _, in := range []string{
		"https://user:pass@example.org:8443/x",
		"blob:https://example.org/3f9c",
		"file:///etc/hosts",
		"data:text/plain,hi",
	} {
		fmt.Println(whatwg.MustParse(in).Origin())
	}
	// Output:
	// https://example.org:8443
	// https://example.org
	// null
	// null
}

func ExampleURL_Search() {
	// Search and Hash do not tell a null query or fragment from an empty
	// one; HasQuery, Query, HasFragment and Fragment do.
	for _, in := range []string{"https://h/", "https://h/?", "https://h/?a"} {
		u := whatwg.MustParse(in)
		fmt.Printf("%q %v %q\n", u.Search(), u.HasQuery(), u.Query())
	}
	// Output:
	// "" false ""
	// "" true ""
	// "?a" true "a"
}

func ExampleURL_MarshalText() {
	var v struct {
		Link whatwg.URL `json:"link"`
	}
	if err := json.Unmarshal([]byte(`{"link":"HTTP://Example.COM/a/../b"}`), &v); err != nil {
		panic(err)
	}
	out, _ := json.Marshal(v)
	fmt.Println(string(out))
	// Output:
	// {"link":"http://example.com/b"}
}

func ExampleEncodeComponent() {
	u := whatwg.MustParse("https://example.org/search")
	_ = u.SetSearch("q=" + whatwg.EncodeComponent("rock & roll/100%"))
	fmt.Println(u)
	// Output:
	// https://example.org/search?q=rock%20%26%20roll%2F100%25
}

func ExampleURL_ToURI() {
	u := whatwg.MustParse("https://example.com/a b?q={x}#top#2")
	fmt.Println(u.Href())
	v, changes, err := u.ToURI()
	if err != nil {
		panic(err)
	}
	fmt.Println(v)
	for _, c := range changes {
		fmt.Printf("%d %s %q -> %q\n", c.Offset, c.Component, c.From, c.To)
	}
	// Output:
	// https://example.com/a%20b?q={x}#top#2
	// https://example.com/a%20b?q=%7Bx%7D#top%232
	// 28 query "{" -> "%7B"
	// 30 query "}" -> "%7D"
	// 35 fragment "#" -> "%23"
}

func ExampleURL_SearchParams() {
	u := whatwg.MustParse("https://example.com/search?q=go+lang&tag=a%20b&tag=c#top")
	p := u.SearchParams()
	q, _ := p.Get("q")
	fmt.Printf("%q %q %d\n", q, p.GetAll("tag"), p.Len())

	p.Set("page", "2")
	p.Delete("q")
	p.Sort()
	for name, value := range p.All() {
		fmt.Printf("%s=%q\n", name, value)
	}
	// The update steps of the standard serialize every pair again.
	if err := u.SetSearchParams(p); err != nil {
		panic(err)
	}
	fmt.Println(u)
	// Output:
	// "go lang" ["a b" "c"] 3
	// page="2"
	// tag="a b"
	// tag="c"
	// https://example.com/search?page=2&tag=a+b&tag=c#top
}

func ExampleURL_DeleteSearchParam() {
	u := whatwg.MustParse("https://example.com/?utm_source=x&q=a%20b~&utm_source=y")
	// Beyond the standard: the other pairs keep their bytes.
	if err := u.DeleteSearchParam("utm_source"); err != nil {
		panic(err)
	}
	fmt.Println(u)
	// Output:
	// https://example.com/?q=a%20b~
}

func ExampleParseSearchParams() {
	p := whatwg.ParseSearchParams("?b=%F0%9F%8C%88&a=1&b=2")
	p.Append("c", "x y&z")
	fmt.Println(p.String())
	// Output:
	// b=%F0%9F%8C%88&a=1&b=2&c=x+y%26z
}

// Porting code written for a browser's URL and URLSearchParams: each line
// names the JavaScript it replaces. The parse reads the input as a browser
// does (spaces trimmed, a backslash read as "/", dot segments removed).
func Example_fromJavaScript() {
	u, err := whatwg.Resolve("HTTP://Example.COM/dir/", " /a\\b/../c?q=go+lang&utm_source=x") // new URL(href, base)
	if err != nil {
		panic(err) // new URL threw a TypeError
	}
	p := u.SearchParams()     // u.searchParams
	q, _ := p.Get("q")        // u.searchParams.get("q")
	p.Delete("utm_source")    // u.searchParams.delete("utm_source")
	_ = u.SetSearchParams(p)  // the list is a copy: apply it
	_ = u.SetHash("top")      // u.hash = "top"
	fmt.Println(q)            // "go lang"
	fmt.Println(u.Href())     // u.href
	fmt.Println(u.Hostname()) // u.hostname
	fmt.Println(u.Pathname()) // u.pathname
	// Output:
	// go lang
	// http://example.com/a/c?q=go+lang#top
	// example.com
	// /a/c
}

// Resolve reads an href as a browser does: spaces around it trimmed, a
// backslash read as "/", a tab removed, the rest percent-encoded.
func ExampleResolve_browser() {
	u, err := whatwg.Resolve("HTTP://Example.COM/dir/", " /a\\b/../c?q=a b\t")
	fmt.Println(u.Href(), err)
	// Output:
	// http://example.com/a/c?q=a%20b <nil>
}

// A key for finding duplicate links with the root package's crawler steps:
// resolve the href as the browser would, convert it to RFC 3986, then
// normalize it. Package canon's profiles do the same job with keys that
// other systems exchange.
func ExampleURL_ToURI_crawlerKey() {
	key := func(page, href string) (string, error) {
		u, err := whatwg.Resolve(page, href) // what the browser follows
		if err != nil {
			return "", err
		}
		v, _, err := u.ToURI()
		if err != nil {
			return "", err
		}
		return v.NormalizeWith(uri.CrawlerNormalization).String(), nil // to find duplicates
	}
	for _, href := range []string{"../About%20us?b=2&a=1#team", " HTTPS://EXAMPLE.com:443/x/./y//z "} {
		fmt.Println(key("https://example.com/docs/index.html", href))
	}
	// Output:
	// https://example.com/About%20us?a=1&b=2 <nil>
	// https://example.com/x/y/z <nil>
}
