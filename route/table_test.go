package route

import (
	"errors"
	"net/http"
	"net/http/httptest"
	"net/url"
	"sort"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/gouri/uri"
	"github.com/gouri/uri/urlpattern"
)

// recorder returns a handler that writes the route's pattern and the
// request's path values, by the names of the route's groups.
func recorder(names ...string) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		var b strings.Builder
		b.WriteString(r.Pattern)
		for _, n := range names {
			b.WriteString("\x00" + n + "=" + r.PathValue(n))
		}
		w.Write([]byte(b.String()))
	})
}

// apiRoutes is a small table with the shapes the tests need: methods on
// one path, a fixed segment beside a group, a group of one class, a
// wildcard, routes without a method.
var apiRoutes = []struct{ pattern, names string }{
	{"GET /", ""},
	{"GET /repos/:owner/:repo", "owner repo"},
	{"DELETE /repos/:owner/:repo", "owner repo"},
	{"GET /repos/:owner/:repo/issues/new", "owner repo"},
	{"GET /repos/:owner/:repo/issues/:number(\\d+)", "owner repo number"},
	{"POST /repos/:owner/:repo/issues", "owner repo"},
	{"GET /repos/:owner/:repo/contents/*", "owner repo 0"},
	{"GET /users/:id", "id"},
	{"/users/new", ""},
	{"/static/*", "0"},
	{"HEAD /ping", ""},
	{"GET /ping", ""},
	{"GET /files/:name.txt", "name"},
	{"GET /x/y/:b", "b"},
	{"GET /x/:a/b%2Fc", "a"},
}

func apiTable(t testing.TB, opts Options) *Table {
	t.Helper()
	var routes []Route
	for _, r := range apiRoutes {
		routes = append(routes, Route{r.pattern, recorder(strings.Fields(r.names)...)})
	}
	tab, err := New(routes, opts)
	if err != nil {
		t.Fatal(err)
	}
	return tab
}

// answer is what the table answered: the status, the route and values
// of a handler, and the fields Allow and Location.
type answer struct {
	Status   int
	Route    string
	Values   string
	Allow    string
	Location string
}

func serve(tab http.Handler, r *http.Request) answer {
	w := httptest.NewRecorder()
	tab.ServeHTTP(w, r)
	a := answer{Status: w.Code, Allow: w.Header().Get("Allow"), Location: w.Header().Get("Location")}
	if w.Code == http.StatusOK {
		a.Route, a.Values, _ = strings.Cut(w.Body.String(), "\x00")
		a.Values = strings.ReplaceAll(a.Values, "\x00", " ")
	}
	return a
}

// request returns a request as a server receives it, with the target as
// it came and its URL as net/http's server reads it, for any target,
// where httptest.NewRequest panics on those that net/url refuses (the
// URL is then empty: the table does not read it).
func request(method, target string) *http.Request {
	u, err := url.ParseRequestURI(target)
	if err != nil {
		u = &url.URL{}
	}
	return &http.Request{Method: method, RequestURI: target, Host: "api.example", URL: u,
		Proto: "HTTP/1.1", ProtoMajor: 1, ProtoMinor: 1, Header: http.Header{}}
}

// TestServe pins the answer to each request, each row naming the rule.
func TestServe(t *testing.T) {
	const ok = http.StatusOK
	tests := []struct {
		why            string
		method, target string
		want           answer
	}{
		{"a route", "GET", "/repos/golang/go", answer{Status: ok, Route: "GET /repos/:owner/:repo", Values: "owner=golang repo=go"}},
		{"GET serves HEAD", "HEAD", "/repos/golang/go", answer{Status: ok, Route: "GET /repos/:owner/:repo", Values: "owner=golang repo=go"}},
		{"a HEAD route before GET's", "HEAD", "/ping", answer{Status: ok, Route: "HEAD /ping"}},
		{"another method", "DELETE", "/repos/golang/go", answer{Status: ok, Route: "DELETE /repos/:owner/:repo", Values: "owner=golang repo=go"}},
		{"405, Allow sorted, HEAD with GET", "PUT", "/repos/golang/go", answer{Status: 405, Allow: "DELETE, GET, HEAD"}},
		{"405 for a method no route names", "BREW", "/repos/golang/go", answer{Status: 405, Allow: "DELETE, GET, HEAD"}},
		{"405, one method", "GET", "/repos/golang/go/issues", answer{Status: 405, Allow: "POST"}},
		{"404", "GET", "/repos/golang", answer{Status: 404}},
		{"404: the class group does not match", "GET", "/repos/golang/go/issues/abc", answer{Status: 404}},
		{"a fixed segment beats a group", "GET", "/repos/golang/go/issues/new", answer{Status: ok, Route: "GET /repos/:owner/:repo/issues/new", Values: "owner=golang repo=go"}},
		{"a group of one class", "GET", "/repos/golang/go/issues/42", answer{Status: ok, Route: "GET /repos/:owner/:repo/issues/:number(\\d+)", Values: "owner=golang repo=go number=42"}},
		{"the path decides before the method", "GET", "/users/new", answer{Status: ok, Route: "/users/new"}},
		{"a route without a method takes every method", "BREW", "/users/new", answer{Status: ok, Route: "/users/new"}},
		{"the method filters first", "POST", "/users/42", answer{Status: 405, Allow: "GET, HEAD"}},
		{"values are decoded", "GET", "/repos/go%20lang/%E2%9C%93", answer{Status: ok, Route: "GET /repos/:owner/:repo", Values: "owner=go lang repo=\u2713"}},
		{"a wildcard", "GET", "/repos/golang/go/contents/src/net/url.go", answer{Status: ok, Route: "GET /repos/:owner/:repo/contents/*", Values: "owner=golang repo=go 0=src/net/url.go"}},
		{"a wildcard, empty", "GET", "/repos/golang/go/contents/", answer{Status: ok, Route: "GET /repos/:owner/:repo/contents/*", Values: "owner=golang repo=go 0="}},
		{"the empty path of absolute-form is /", "GET", "http://api.example", answer{Status: ok, Route: "GET /"}},
		{"absolute-form", "GET", "http://api.example/repos/golang/go?x", answer{Status: ok, Route: "GET /repos/:owner/:repo", Values: "owner=golang repo=go"}},
		{"the query does not route", "GET", "/repos/golang/go?tab=readme&x[]=1", answer{Status: ok, Route: "GET /repos/:owner/:repo", Values: "owner=golang repo=go"}},

		// Values never cross a segment, nor navigate.
		{"%2F in a segment's value", "GET", "/repos/a%2Fb/go", answer{Status: 404}},
		{"%2f in a segment's value", "GET", "/repos/a%2fb/go", answer{Status: 404}},
		{"..%2F in a segment's value", "GET", "/repos/..%2F/go", answer{Status: 404}},
		{"..%2F in a wildcard's value", "GET", "/repos/golang/go/contents/..%2F..%2Fetc%2Fpasswd", answer{Status: 404}},
		{"a value that is ..", "GET", "/files/...txt", answer{Status: 404}},
		{"a value that is . and more", "GET", "/files/..txt", answer{Status: 404}},
		{"a value with dots that is no segment", "GET", "/files/....txt", answer{Status: ok, Route: "GET /files/:name.txt", Values: "name=..."}},
		{"%252F is a value's %2F", "GET", "/repos/a%252Fb/go", answer{Status: ok, Route: "GET /repos/:owner/:repo", Values: "owner=a%2Fb repo=go"}},
		{"a refused value gives the next route", "GET", "/x/y/b%2Fc", answer{Status: ok, Route: "GET /x/:a/b%2Fc", Values: "a=y"}},
		{"..%5C is ..\\ on Windows: refused as ..%2F is", "GET", "/static/..%5C..%5Cwin.ini", answer{Status: 404}},
		{"%5c in a segment's value", "GET", "/repos/a%5cb/go", answer{Status: 404}},
		{"%255C is a value's %5C", "GET", "/repos/a%255Cb/go", answer{Status: ok, Route: "GET /repos/:owner/:repo", Values: "owner=a%5Cb repo=go"}},

		// The path as the URL Standard reads it: a redirect where that
		// differs from the path as sent.
		{"a .. segment", "GET", "/repos/golang/../go?q=1", answer{Status: 301, Location: "/repos/go?q=1"}},
		{"a .. segment, POST", "POST", "/repos/golang/../go/issues", answer{Status: 308, Location: "/repos/go/issues"}},
		{"%2E%2E is ..", "GET", "/repos/golang/go/contents/%2E%2e/x", answer{Status: 301, Location: "/repos/golang/go/x"}},
		{". segments", "GET", "/./repos/./golang/go/.", answer{Status: 301, Location: "/repos/golang/go/"}},
		{"above the root", "GET", "/../../etc/passwd", answer{Status: 301, Location: "/etc/passwd"}},
		{"a path that becomes //host", "GET", "/.//evil.example/x", answer{Status: 301, Location: "/.//evil.example/x"}},
		{"a backslash is a slash", "GET", "/static/a\\b", answer{Status: 301, Location: "/static/a/b"}},
		{"a backslash that would make a host", "GET", "/\\evil.example/x", answer{Status: 301, Location: "/.//evil.example/x"}},
		{"bytes outside ASCII are encoded", "GET", "/static/caf\xc3\xa9?q=\xc3\xa9", answer{Status: 301, Location: "/static/caf%C3%A9?q=%C3%A9"}},
		{"a query that begins with ?", "GET", "/a/../b??c", answer{Status: 301, Location: "/b??c"}},
		{"what the URL Standard keeps", "GET", "/static/a|b[0]", answer{Status: ok, Route: "/static/*", Values: "0=a|b[0]"}},
		{"a bare %", "GET", "/static/100%", answer{Status: ok, Route: "/static/*", Values: "0=100%"}},
		{"// is a path", "GET", "//evil.example/x", answer{Status: 404}},

		// Targets that cannot be read.
		{"RFC 9110, 7.1: no fragment", "GET", "/repos/golang/go#x", answer{Status: 400}},
		{"RFC 9112, 3.2.4: asterisk-form", "OPTIONS", "*", answer{Status: 400}},
		{"absolute-form that is no URI", "GET", "http://api.example/a b", answer{Status: 400}},
		{"RFC 9112, 3.2.3: authority-form has no path", "CONNECT", "api.example:443", answer{Status: 404}},
	}
	tab := apiTable(t, Options{})
	for _, tt := range tests {
		got := serve(tab, request(tt.method, tt.target))
		if diff := cmp.Diff(tt.want, got); diff != "" {
			t.Errorf("%s: %s %q (-want +got):\n%s", tt.why, tt.method, tt.target, diff)
		}
	}
}

// TestServeOptions: the options that change matching and answers.
func TestServeOptions(t *testing.T) {
	tab := apiTable(t, Options{AllowEncodedSlash: true})
	tests := []struct {
		target string
		want   answer
	}{
		{"/repos/a%2Fb/go", answer{Status: http.StatusOK, Route: "GET /repos/:owner/:repo", Values: "owner=a/b repo=go"}},
		{"/repos/golang/go/contents/a%2Fb/c", answer{Status: http.StatusOK, Route: "GET /repos/:owner/:repo/contents/*", Values: "owner=golang repo=go 0=a/b/c"}},
		{"/repos/..%2Fx/go", answer{Status: 404}},
		{"/repos/golang/go/contents/a%2F..%2F..%2Fb", answer{Status: 404}},
		{"/repos/golang/go/contents/%2E%2E%2Fb", answer{Status: 404}},
		{"/repos/a%5Cb/go", answer{Status: http.StatusOK, Route: "GET /repos/:owner/:repo", Values: "owner=a\\b repo=go"}},
		{"/static/..%5C..%5Cwin.ini", answer{Status: 404}},
		{"/static/a%5C..", answer{Status: 404}},
		{"/static/a%5C.%5Cb", answer{Status: 404}},
		{"/static/a%5C..b", answer{Status: http.StatusOK, Route: "/static/*", Values: "0=a\\..b"}},
	}
	for _, tt := range tests {
		if diff := cmp.Diff(tt.want, serve(tab, request("GET", tt.target))); diff != "" {
			t.Errorf("AllowEncodedSlash: GET %q (-want +got):\n%s", tt.target, diff)
		}
	}

	notFound := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { w.WriteHeader(http.StatusTeapot) })
	notAllowed := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Write([]byte(w.Header().Get("Allow")))
	})
	tab = MustNew(nil)
	if got := serve(tab, request("GET", "/")); got.Status != 404 {
		t.Errorf("an empty table: %+v, want 404", got)
	}
	tab, err := New([]Route{{"GET /Users/:id", recorder("id")}}, Options{NotFound: notFound, MethodNotAllowed: notAllowed, IgnoreCase: true})
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		method, target string
		want           answer
	}{
		{"GET", "/users/Ann", answer{Status: 200, Route: "GET /Users/:id", Values: "id=Ann"}},
		{"GET", "/groups/x", answer{Status: http.StatusTeapot}},
		{"POST", "/USERS/x", answer{Status: 200, Route: "GET, HEAD", Allow: "GET, HEAD"}},
	} {
		if diff := cmp.Diff(tt.want, serve(tab, request(tt.method, tt.target))); diff != "" {
			t.Errorf("options: %s %q (-want +got):\n%s", tt.method, tt.target, diff)
		}
	}
}

// TestServeClientRequest: a request made by a client, as tests hand to a
// handler, has no RequestURI; the table reads the target it would send.
func TestServeClientRequest(t *testing.T) {
	tab := apiTable(t, Options{})
	r, err := http.NewRequest("GET", "http://api.example/repos/go%20lang/go?x=1", nil)
	if err != nil {
		t.Fatal(err)
	}
	want := answer{Status: 200, Route: "GET /repos/:owner/:repo", Values: "owner=go lang repo=go"}
	if diff := cmp.Diff(want, serve(tab, r)); diff != "" {
		t.Errorf("a client's request (-want +got):\n%s", diff)
	}
	r = httptest.NewRequest("GET", "/repos/golang/go", nil)
	want.Values = "owner=golang repo=go"
	if diff := cmp.Diff(want, serve(tab, r)); diff != "" {
		t.Errorf("httptest.NewRequest (-want +got):\n%s", diff)
	}
}

// TestNewErrors: each error of New, with its reason and offset in the
// route's pattern.
func TestNewErrors(t *testing.T) {
	h := http.NotFoundHandler()
	tests := []struct {
		routes []string
		input  string
		off    int
		err    error
		detail string // a part of Detail
	}{
		{[]string{"GET"}, "GET", 3, ErrNotPath, "give a method"},
		{[]string{"GE@T /x"}, "GE@T /x", 2, ErrMethod, ""},
		{[]string{" /x"}, " /x", 0, ErrMethod, ""},
		{[]string{"x/y"}, "x/y", 1, ErrMethod, ""},
		{[]string{"get /x"}, "get /x", 0, ErrMethodCase, `write "GET"`},
		{[]string{"/y", "Delete /x"}, "Delete /x", 0, ErrMethodCase, `write "DELETE"`},
		{[]string{"GET x"}, "GET x", 4, ErrNotPath, ""},
		{[]string{"GET  /repos/{owner}/:repo"}, "GET  /repos/{owner}/:repo", 12, ErrBraces, `write ":owner"`},
		{[]string{"/files/{path...}"}, "/files/{path...}", 7, ErrBraces, `write ":path(.*)"`},
		{[]string{"/a/{$}"}, "/a/{$}", 3, ErrBraces, `end the pattern with "/"`},
		{[]string{"GET /a/:"}, "GET /a/:", 8, urlpattern.ErrInvalidName, ""},
		{[]string{"GET /a/(x"}, "GET /a/(x", 9, urlpattern.ErrInvalidGroup, ""},
		{[]string{"GET /a/:x/:x"}, "GET /a/:x/:x", 12, urlpattern.ErrDuplicateName, ""},
		{[]string{"GET /a/:x", "GET /b", "GET /a/:y"}, "GET /a/:y", uri.NoOffset, ErrConflict, `as specific as "GET /a/:x"`},
		{[]string{"/a/*", "/a/*"}, "/a/*", uri.NoOffset, ErrConflict, ""},
		{[]string{"GET /a", "GET\t/a"}, "GET\t/a", uri.NoOffset, ErrConflict, ""},
		{[]string{"GET /a", ""}, "", 0, ErrNotPath, ""},
	}
	for _, tt := range tests {
		var routes []Route
		for _, p := range tt.routes {
			routes = append(routes, Route{p, h})
		}
		tab, err := New(routes, Options{})
		var e *uri.Error
		if !errors.As(err, &e) || e.Op != uri.OpParse || e.Input != tt.input || e.Offset != tt.off || !errors.Is(err, tt.err) ||
			!strings.Contains(e.Detail, tt.detail) || tab != nil {
			t.Errorf("New(%q) = %v, %v; want %v at offset %d of %q, Detail with %q", tt.routes, tab, err, tt.err, tt.off, tt.input, tt.detail)
		}
	}
	if _, err := New([]Route{{"GET /a", nil}}, Options{}); !errors.Is(err, ErrNoHandler) {
		t.Errorf("New with a nil handler: %v, want ErrNoHandler", err)
	}
	for _, ok := range [][]string{
		{"GET /a/:x", "POST /a/:y", "/a/:z"},   // one method each
		{"/books{/:id}?", "/a/{x}?", "/b{c}*"}, // braces with a modifier are URL Pattern syntax
		{"GET /a/:x", "GET /a/:x(\\d+)"},       // not as specific
		{"GET /a", "HEAD /a"},                  // GET serves HEAD only without a HEAD route
	} {
		var routes []Route
		for _, p := range ok {
			routes = append(routes, Route{p, h})
		}
		if _, err := New(routes, Options{}); err != nil {
			t.Errorf("New(%q): %v", ok, err)
		}
	}
}

// TestMustNew: MustNew panics with New's error.
func TestMustNew(t *testing.T) {
	defer func() {
		if e, ok := recover().(error); !ok || !errors.Is(e, ErrMethod) {
			t.Errorf("MustNew of a bad method: recovered %v", e)
		}
	}()
	MustNew([]Route{{"G@T /", http.NotFoundHandler()}})
}

// TestAllowSorted: the Allow field lists every method whose routes match,
// sorted, however the routes are ordered.
func TestAllowSorted(t *testing.T) {
	methods := []string{"PUT", "DELETE", "PATCH", "GET", "POST", "OPTIONS", "TRACE", "LINK", "UNLINK", "MKCOL"}
	var routes []Route
	for _, m := range methods {
		routes = append(routes, Route{m + " /things/:id", http.NotFoundHandler()})
	}
	tab := MustNew(routes)
	want := append([]string{"HEAD"}, methods...)
	sort.Strings(want)
	got := serve(tab, request("BREW", "/things/1"))
	if got.Status != 405 || got.Allow != strings.Join(want, ", ") {
		t.Errorf("BREW /things/1: %+v, want 405 with Allow %q", got, strings.Join(want, ", "))
	}
}

// TestServeConcurrently serves requests from several goroutines at once
// with one table, which the race detector checks: a Table is immutable
// while it serves.
func TestServeConcurrently(t *testing.T) {
	tab := apiTable(t, Options{})
	targets := []string{"/repos/golang/go", "/repos/a%2Fb/go", "/static/../x", "/x/y/b%2Fc", "/repos/golang/go/contents/a/b", "/nothing"}
	want := make([]answer, len(targets))
	for i, target := range targets {
		want[i] = serve(tab, request("GET", target))
	}
	done := make(chan bool)
	for g := 0; g < 4; g++ {
		go func() {
			defer func() { done <- true }()
			for k := 0; k < 50; k++ {
				for i, target := range targets {
					if got := serve(tab, request("GET", target)); got != want[i] {
						t.Errorf("GET %q from a goroutine: %+v, want %+v", target, got, want[i])
						return
					}
				}
			}
		}()
	}
	for g := 0; g < 4; g++ {
		<-done
	}
}
