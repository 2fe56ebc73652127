package httptarget_test

import (
	"bufio"
	"errors"
	"fmt"
	"net/http"
	"strings"

	"github.com/gouri/uri"
	"github.com/gouri/uri/httptarget"
	"github.com/gouri/uri/origin"
	"github.com/gouri/uri/urlpattern"
)

// A reverse proxy rebuilds the URI that each request is for, and lets
// through only the paths under /api/, compared segment by segment.
func Example() {
	for _, raw := range []string{
		"GET /api/users?id=7 HTTP/1.1\r\nHost: www.example.org\r\n\r\n",
		"GET /api/../admin HTTP/1.1\r\nHost: www.example.org\r\n\r\n",
		"GET /apix HTTP/1.1\r\nHost: www.example.org\r\n\r\n",
		"GET http://www.example.org/api/ HTTP/1.1\r\nHost: other.example\r\n\r\n",
		"GET /api/ HTTP/1.1\r\nHost: [12345::1]\r\n\r\n",
		"GET /api/ HTTP/1.0\r\n\r\n",
	} {
		// In a handler, r is the request that net/http gives it.
		r, _ := http.ReadRequest(bufio.NewReader(strings.NewReader(raw)))
		u, err := httptarget.Config{Scheme: "https"}.FromRequest(r)
		switch {
		case err != nil:
			fmt.Println("400:", err)
		case !httptarget.HasPathPrefix(u.Path(), "/api/"):
			fmt.Println("404:", u)
		default:
			fmt.Println("pass:", u)
		}
	}
	// Output:
	// pass: https://www.example.org/api/users?id=7
	// 404: https://www.example.org/api/../admin
	// 404: https://www.example.org/apix
	// pass: http://www.example.org/api/
	// 400: uri: malformed IP literal in host at offset 5 of "[12345::1]"
	// 400: uri: build: no host (the request has no Host field, and no default host is set) at offset 0 (end of input) of ""
}

// A server that reads its requests itself gives the request-target and the
// Host field to TargetURI. A request without a Host field (HTTP/1.0) has a
// target URI only with a default host; an absolute-form target is its own
// target URI, and a proxy may require the Host field to agree with it.
func ExampleConfig_TargetURI() {
	t, _ := uri.ParseTarget("GET", "/pub/")
	_, err := httptarget.Config{}.TargetURI(t, uri.HostPort{}, true)
	fmt.Println(err)
	u, _ := httptarget.Config{DefaultHost: "www.example.org"}.TargetURI(t, uri.HostPort{}, true)
	fmt.Println(u)

	other, _ := uri.ParseHost("other.example")
	t, _ = uri.ParseTarget("GET", "http://www.example.org/pub/")
	u, _ = httptarget.Config{}.TargetURI(t, other, false)
	fmt.Println(u)
	_, err = httptarget.Config{MatchHost: true}.TargetURI(t, other, false)
	fmt.Println(errors.Is(err, httptarget.ErrHostMismatch))
	// Output:
	// uri: build: no host (the request has no Host field, and no default host is set) at offset 0 (end of input) of ""
	// http://www.example.org/pub/
	// http://www.example.org/pub/
	// true
}

// A handler reads the URL of its request once, as the URL Standard reads
// it, and hands it to the packages that work on whatwg.URL values: a list
// of URL patterns, and origin's check of the target of a redirect.
func ExampleURL() {
	routes := urlpattern.NewList([]*urlpattern.Pattern{
		urlpattern.MustParse("https://www.example.org/login"),
		urlpattern.MustParse("https://:site.example.org/docs/*"),
	})
	for _, raw := range []string{
		"GET /login?next=/account HTTP/1.1\r\nHost: www.example.org\r\n\r\n",
		"GET /login?next=//evil.example/ HTTP/1.1\r\nHost: www.example.org\r\n\r\n",
		"GET /docs/a/../b|c HTTP/1.1\r\nHost: API.example.org\r\n\r\n",
		"GET /docs/#top HTTP/1.1\r\nHost: api.example.org\r\n\r\n",
	} {
		// In a handler, r is the request that net/http gives it.
		r, _ := http.ReadRequest(bufio.NewReader(strings.NewReader(raw)))
		u, err := httptarget.Config{Scheme: "https"}.URL(r)
		if err != nil {
			fmt.Println("400:", err)
			continue
		}
		i, res, ok := routes.Exec(u)
		switch {
		case !ok:
			fmt.Println("404:", u)
		case i == 0:
			next, _ := u.SearchParams().Get("next")
			to, err := origin.Redirect(u, next, nil)
			if err != nil {
				fmt.Println("login, refused:", err)
			} else {
				fmt.Println("login, then to", to)
			}
		default:
			site, _ := res.Get(urlpattern.Hostname, "site")
			path, _ := res.Get(urlpattern.Pathname, "0")
			fmt.Printf("docs of %s: %s\n", site, path)
		}
	}
	// Output:
	// login, then to https://www.example.org/account
	// login, refused: guard: refused "//evil.example/": cross-origin: the URL Standard reads "https://evil.example/", of the origin "https://evil.example", which is not "https://www.example.org"
	// docs of api: b|c
	// 400: uri: invalid character "#" (a request-target has no fragment (RFC 9110, Section 7.1)) in path at offset 6 of "/docs/#top"
}

// A reverse proxy asks whether a request path is under a prefix segment
// by segment, on normalized paths, so that "/api/../admin" is not under
// "/api/" and "%2F" is never a separator.
func ExampleHasPathPrefix() {
	for _, p := range []string{"/api", "/api/", "/api/users", "/apix", "/api/../admin", "/%61pi/users", "/api%2Fusers"} {
		fmt.Printf("%-14s under /api: %-5v under /api/: %v\n", p, httptarget.HasPathPrefix(p, "/api"), httptarget.HasPathPrefix(p, "/api/"))
	}
	// Output:
	// /api           under /api: true  under /api/: false
	// /api/          under /api: true  under /api/: true
	// /api/users     under /api: true  under /api/: true
	// /apix          under /api: false under /api/: false
	// /api/../admin  under /api: false under /api/: false
	// /%61pi/users   under /api: true  under /api/: true
	// /api%2Fusers   under /api: false under /api/: false
}

// A proxy in front of a backend that decodes "%2F" before it routes
// refuses encoded slashes and backslashes in the path, so that its check
// of the prefix sees the segments that the backend will see: by RFC 3986,
// "/api/..%2Fadmin" is under "/api/", and such a backend serves "/admin".
func ExampleConfig_RefuseEncodedSlash() {
	proxy := httptarget.Config{Scheme: "https", RefuseEncodedSlash: true}
	for _, raw := range []string{
		"GET /api/users?next=%2Fhome HTTP/1.1\r\nHost: www.example.org\r\n\r\n",
		"GET /api/..%2Fadmin HTTP/1.1\r\nHost: www.example.org\r\n\r\n",
		"GET /api/..%5cadmin HTTP/1.1\r\nHost: www.example.org\r\n\r\n",
	} {
		r, _ := http.ReadRequest(bufio.NewReader(strings.NewReader(raw)))
		u, err := proxy.FromRequest(r)
		switch {
		case errors.Is(err, uri.ErrEncodedSeparator):
			fmt.Println("400:", err)
		case err != nil || !httptarget.HasPathPrefix(u.Path(), "/api/"):
			fmt.Println("404:", u)
		default:
			fmt.Println("pass:", u)
		}
	}
	// Output:
	// pass: https://www.example.org/api/users?next=%2Fhome
	// 400: uri: percent-encoded path separator (refused by Config.RefuseEncodedSlash: a server that decodes it reads another path) in path at offset 7 of "/api/..%2Fadmin"
	// 400: uri: percent-encoded path separator (refused by Config.RefuseEncodedSlash: a server that decodes it reads another path) in path at offset 7 of "/api/..%5cadmin"
}
