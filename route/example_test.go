package route_test

import (
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"

	"github.com/gouri/uri/httptarget"
	"github.com/gouri/uri/origin"
	"github.com/gouri/uri/route"
)

// A route table is the http.Handler of a server: each request goes to the
// most specific route that matches its method and path, and the handler
// reads the values of the path, decoded, with r.PathValue.
func Example() {
	repo := func(w http.ResponseWriter, r *http.Request) {
		fmt.Fprintf(w, "%s: repository %q of %q", r.Pattern, r.PathValue("repo"), r.PathValue("owner"))
	}
	file := func(w http.ResponseWriter, r *http.Request) {
		fmt.Fprintf(w, "%s: file %q", r.Pattern, r.PathValue("path"))
	}
	readme := func(w http.ResponseWriter, r *http.Request) {
		fmt.Fprintf(w, "%s: the README of %q", r.Pattern, r.PathValue("repo"))
	}
	api := route.MustNew([]route.Route{
		{Pattern: "GET /repos/:owner/:repo", Handler: http.HandlerFunc(repo)},
		{Pattern: "GET /repos/:owner/:repo/contents/:path(.*)", Handler: http.HandlerFunc(file)},
		{Pattern: "GET /repos/:owner/:repo/contents/README.md", Handler: http.HandlerFunc(readme)},
	})
	for _, target := range []string{
		"/repos/golang/go",
		"/repos/go%20lang/go",
		"/repos/golang/go/contents/src/net/url.go",
		"/repos/golang/go/contents/README.md",
		"/repos/golang",
	} {
		w := httptest.NewRecorder()
		api.ServeHTTP(w, httptest.NewRequest("GET", target, nil))
		fmt.Println(w.Code, strings.TrimSpace(w.Body.String()))
	}
	// Output:
	// 200 GET /repos/:owner/:repo: repository "go" of "golang"
	// 200 GET /repos/:owner/:repo: repository "go" of "go lang"
	// 200 GET /repos/:owner/:repo/contents/:path(.*): file "src/net/url.go"
	// 200 GET /repos/:owner/:repo/contents/README.md: the README of "go"
	// 404 404 page not found
}

// A request whose path a route of another method matches is answered 405,
// with the methods that the path takes in the Allow field; GET serves
// HEAD.
func Example_methodNotAllowed() {
	ok := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { fmt.Fprint(w, r.Pattern) })
	api := route.MustNew([]route.Route{
		{Pattern: "GET /repos/:owner/:repo", Handler: ok},
		{Pattern: "PATCH /repos/:owner/:repo", Handler: ok},
		{Pattern: "DELETE /repos/:owner/:repo", Handler: ok},
	})
	for _, method := range []string{"HEAD", "DELETE", "PUT"} {
		w := httptest.NewRecorder()
		api.ServeHTTP(w, httptest.NewRequest(method, "/repos/golang/go", nil))
		fmt.Printf("%s: %d %q %s\n", method, w.Code, w.Header().Get("Allow"), strings.TrimSpace(w.Body.String()))
	}
	// Output:
	// HEAD: 200 "" GET /repos/:owner/:repo
	// DELETE: 200 "" DELETE /repos/:owner/:repo
	// PUT: 405 "DELETE, GET, HEAD, PATCH" Method Not Allowed
}

// Values never cross a segment nor navigate: a value that would hold a
// "/" written "%2F" or a "\" written "%5C" (a separator on Windows), or a
// ".." segment, makes its route not match; a path
// with a dot segment, which the URL Standard removes, is redirected to
// the path it reads, so that "/static/../admin" never reaches the handler
// of "/static/*".
func Example_traversal() {
	static := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		fmt.Fprintf(w, "file %q", r.PathValue("0"))
	})
	api := route.MustNew([]route.Route{
		{Pattern: "GET /static/*", Handler: static},
		{Pattern: "GET /static/:name.txt", Handler: static},
	})
	for _, target := range []string{
		"/static/css/site.css",
		"/static/..%2F..%2Fetc%2Fpasswd",
		"/static/..%5C..%5Cwin.ini",
		"/static/a\\b",
		"/static/%2e%2e/admin",
		"/static/../admin?x=1",
		"/static/...txt",
	} {
		w := httptest.NewRecorder()
		api.ServeHTTP(w, httptest.NewRequest("GET", target, nil))
		if loc := w.Header().Get("Location"); loc != "" {
			fmt.Println(target, w.Code, "to", loc)
		} else {
			fmt.Println(target, w.Code, strings.TrimSpace(w.Body.String()))
		}
	}
	// Output:
	// /static/css/site.css 200 file "css/site.css"
	// /static/..%2F..%2Fetc%2Fpasswd 404 404 page not found
	// /static/..%5C..%5Cwin.ini 404 404 page not found
	// /static/a\b 301 to /static/a/b
	// /static/%2e%2e/admin 301 to /admin
	// /static/../admin?x=1 301 to /admin?x=1
	// /static/...txt 200 file "...txt"
}

// New refuses a table that it cannot read, with the route at fault and
// where: here a pattern written with braces, which the URL Pattern
// Standard reads as fixed text, and two routes that match the same
// paths.
func ExampleNew() {
	h := http.NotFoundHandler()
	_, err := route.New([]route.Route{{Pattern: "GET /repos/{owner}/{repo}", Handler: h}}, route.Options{})
	fmt.Println(errors.Is(err, route.ErrBraces), err)
	_, err = route.New([]route.Route{
		{Pattern: "GET /users/:id", Handler: h},
		{Pattern: "GET /users/:name", Handler: h},
	}, route.Options{})
	fmt.Println(errors.Is(err, route.ErrConflict), err)
	// Output:
	// true uri: braces around a name (the URL Pattern Standard reads "{owner}" as the text "owner": write ":owner" for a segment) in path at offset 11 of "GET /repos/{owner}/{repo}"
	// true uri: route conflicts with another (as specific as "GET /users/:id") in path of "GET /users/:name"
}

// A server's route table, whose handlers read their values decoded and,
// on a login page, the URL of the request, to check where the user may
// be sent next.
func Example_server() {
	getRepo := func(w http.ResponseWriter, r *http.Request) {
		fmt.Fprintf(w, "repository %s of %s", r.PathValue("repo"), r.PathValue("owner")) // decoded
	}
	deleteRepo := func(w http.ResponseWriter, r *http.Request) {
		w.WriteHeader(http.StatusNoContent)
	}
	getFile := func(w http.ResponseWriter, r *http.Request) {
		fmt.Fprintf(w, "file %s", r.PathValue("0")) // never a "..", never an encoded "/"
	}
	login := func(w http.ResponseWriter, r *http.Request) {
		u, err := httptarget.URL(r) // the request's URL, as the URL Standard reads it
		if err != nil {
			http.Error(w, err.Error(), http.StatusBadRequest)
			return
		}
		next, _ := u.SearchParams().Get("next")
		if next == "" {
			next = "/" // an empty target is the current URL: /login again
		}
		to, err := origin.Redirect(u, next, nil) // refused when next leaves the site
		if err != nil {
			to = "/"
		}
		http.Redirect(w, r, to, http.StatusSeeOther)
	}
	api, err := route.New([]route.Route{
		{Pattern: "GET /repos/:owner/:repo", Handler: http.HandlerFunc(getRepo)},
		{Pattern: "DELETE /repos/:owner/:repo", Handler: http.HandlerFunc(deleteRepo)},
		{Pattern: "GET /repos/:owner/:repo/contents/*", Handler: http.HandlerFunc(getFile)},
		{Pattern: "GET /login", Handler: http.HandlerFunc(login)},
	}, route.Options{})
	if err != nil {
		panic(err) // a bad pattern, or two routes that match the same paths
	}
	// http.ListenAndServe(":8080", api)

	for _, req := range []string{
		"GET /repos/go%20lang/go",
		"PUT /repos/golang/go",
		"GET /repos/golang/go/contents/docs/index.md",
		"GET /repos/golang/go/contents/..%2F..%2Fsecret",
		"GET /login?next=/repos/golang/go",
		"GET /login?next=https://evil.example/",
		"GET /login",
	} {
		method, target, _ := strings.Cut(req, " ")
		w := httptest.NewRecorder()
		api.ServeHTTP(w, httptest.NewRequest(method, target, nil))
		switch w.Code {
		case http.StatusSeeOther:
			fmt.Println(req, "->", w.Code, w.Header().Get("Location"))
		case http.StatusMethodNotAllowed:
			fmt.Println(req, "->", w.Code, "Allow:", w.Header().Get("Allow"))
		default:
			fmt.Println(req, "->", w.Code, strings.TrimSpace(w.Body.String()))
		}
	}
	// Output:
	// GET /repos/go%20lang/go -> 200 repository go of go lang
	// PUT /repos/golang/go -> 405 Allow: DELETE, GET, HEAD
	// GET /repos/golang/go/contents/docs/index.md -> 200 file docs/index.md
	// GET /repos/golang/go/contents/..%2F..%2Fsecret -> 404 404 page not found
	// GET /login?next=/repos/golang/go -> 303 http://example.com/repos/golang/go
	// GET /login?next=https://evil.example/ -> 303 /
	// GET /login -> 303 http://example.com/
}
