package route

import (
	"net/http"
	"slices"
	"strconv"
	"strings"

	"golang.org/x/net/http/httpguts"

	"github.com/gouri/uri"
	"github.com/gouri/uri/urlpattern"
)

// A Route is one line of a [Table]: a pattern and the handler of the
// requests it matches.
type Route struct {
	// Pattern is a method, then one or more spaces or tabs, then a
	// pathname pattern in the URL Pattern Standard's syntax:
	// "GET /repos/:owner/:repo". The method is compared as written, as
	// HTTP's methods are case-sensitive, and a standard method in another
	// case ("get") is refused with [ErrMethodCase]. Without a method, a
	// pattern that begins with "/" matches every method: "/static/*". A
	// request's
	// Pattern field is set to it when the route serves the request.
	Pattern string

	// Handler serves the requests that the route matches.
	Handler http.Handler
}

// Options change how a [Table] matches and answers. The zero Options
// answers as ServeMux does.
type Options struct {
	// NotFound serves a request that no route matches. nil means
	// http.NotFound: 404 with the text "404 page not found".
	NotFound http.Handler

	// MethodNotAllowed serves a request whose path a route matches, but
	// only with another method (RFC 9110, Section 15.5.6); the Allow
	// header field is set before it is called. nil means 405 with the
	// text "Method Not Allowed".
	MethodNotAllowed http.Handler

	// IgnoreCase matches the fixed text of every pattern without regard
	// to case (urlpattern.Options.IgnoreCase): "/Users/:id" then matches
	// "/users/42". Values keep the case of the request.
	IgnoreCase bool

	// AllowEncodedSlash lets a value hold a "/" or a "\" that the path
	// wrote as "%2F" or "%5C", refused by default: "/projects/:id/issues"
	// then matches "/projects/group%2Fproject/issues" with id
	// "group/project", as services that name a project by its path ask.
	// A value that holds a "." or ".." segment between its "/" and "\"
	// stays refused ("group%2F..%2Fx", "..%5Cx").
	AllowEncodedSlash bool
}

// Table is a route table: an http.Handler that sends each request to the
// handler of its most specific route (see the package documentation). It
// is immutable and safe for use by several goroutines at once.
type Table struct {
	routes  []entry
	methods []methodList // one for each method that a route names, and HEAD with GET, by method
	other   methodList   // for any other method: the routes without a method
	all     methodList   // every route, to tell a 405 from a 404
	opts    Options
}

// An entry is a Route, compiled.
type entry struct {
	pattern string
	method  string // "" for every method
	path    *urlpattern.Pattern
	handler http.Handler
}

// A methodList holds the routes that a request with one method may take,
// compiled into a urlpattern.List.
type methodList struct {
	method string
	list   *urlpattern.List
	routes []int // routes[i] is the entry of the list's pattern i
	ranked []int // the list's patterns in order of specificity
}

// New compiles a route table. Each pattern's pathname is compiled by
// urlpattern.New as the pathname of an Init, so its other components
// are wildcards; it must begin with "/". The routes are kept in order of
// specificity, not of the slice: the order of routes does not matter.
//
// The error is a *[uri.Error] with Op uri.OpParse whose Input is the
// Pattern of the route at fault: with Err [ErrMethod], [ErrNotPath] or
// [ErrBraces] and the Offset of the first byte at fault; with a sentinel
// of package urlpattern (urlpattern.ErrInvalidName, ...) and its Offset
// in the Pattern, for a pathname pattern that the URL Pattern Standard
// refuses; with [ErrConflict], uri.NoOffset and the other route's pattern
// in Detail, for two routes of one method that are equally specific (the
// later of the two in routes is reported); with [ErrNoHandler] for a nil
// Handler. New allocates the compiled table.
func New(routes []Route, opts Options) (*Table, error) {
	t := &Table{opts: opts, routes: make([]entry, 0, len(routes))}
	methods := map[string]bool{}
	for _, r := range routes {
		e, err := compile(r, opts)
		if err != nil {
			return nil, err
		}
		t.routes = append(t.routes, e)
		if e.method != "" {
			methods[e.method] = true
		}
	}
	if err := t.checkConflicts(); err != nil {
		return nil, err
	}
	if methods[http.MethodGet] {
		methods[http.MethodHead] = true
	}
	for m := range methods {
		t.methods = append(t.methods, t.listFor(m))
	}
	slices.SortFunc(t.methods, func(a, b methodList) int { return strings.Compare(a.method, b.method) })
	t.other = t.listFor("")
	every := make([]int, len(t.routes))
	for i := range every {
		every[i] = i
	}
	t.all = t.newList("", every)
	return t, nil
}

// MustNew is [New] without options, for a table known to be valid; it
// panics on error. It is for tests, examples and tables written in the
// program.
func MustNew(routes []Route) *Table {
	t, err := New(routes, Options{})
	if err != nil {
		panic(err)
	}
	return t
}

// compile reads one route.
func compile(r Route, opts Options) (entry, error) {
	fail := func(off int, err error, detail string) (entry, error) {
		c := uri.Path
		if err == ErrMethod || err == ErrMethodCase || err == ErrNoHandler {
			c = uri.NoComponent
		}
		return entry{}, &uri.Error{Op: uri.OpParse, Input: r.Pattern, Offset: off, Component: c, Err: err, Detail: detail}
	}
	method, path := "", r.Pattern
	if !strings.HasPrefix(path, "/") {
		i := 0
		for i < len(path) && httpguts.IsTokenRune(rune(path[i])) {
			i++
		}
		switch {
		case i == len(path):
			return fail(i, ErrNotPath, `give a method and a pathname, "GET /x", or a pathname alone, "/x"`)
		case i == 0 || path[i] != ' ' && path[i] != '\t':
			return fail(i, ErrMethod, "")
		}
		method, path = path[:i], strings.TrimLeft(path[i:], " \t")
		if std := strings.ToUpper(method); std != method && standardMethod(std) {
			return fail(0, ErrMethodCase, `methods are case-sensitive: write "`+std+`"`)
		}
	}
	at := len(r.Pattern) - len(path) // where the pathname begins in the Pattern
	if !strings.HasPrefix(path, "/") {
		return fail(at, ErrNotPath, "")
	}
	if off, detail := bracedName(path); off >= 0 {
		return fail(at+off, ErrBraces, detail)
	}
	p, err := urlpattern.New(urlpattern.Init{Pathname: urlpattern.Some(path)}, urlpattern.Options{IgnoreCase: opts.IgnoreCase})
	if err != nil {
		if e, ok := err.(*uri.Error); ok && e.Input == path && e.Offset >= 0 {
			e.Input, e.Offset = r.Pattern, e.Offset+at
		}
		return entry{}, err
	}
	if r.Handler == nil {
		return fail(uri.NoOffset, ErrNoHandler, "")
	}
	return entry{pattern: r.Pattern, method: method, path: p, handler: r.Handler}, nil
}

// bracedName returns the offset in path of the first "{" that holds a
// name alone, as ServeMux and RFC 6570 write a variable, and is not
// followed by a modifier, with the pattern to write instead; -1 if there
// is none.
func bracedName(path string) (int, string) {
	for i := 0; i < len(path); i++ {
		if path[i] == '\\' {
			i++
			continue
		}
		if path[i] != '{' {
			continue
		}
		j := strings.IndexByte(path[i:], '}')
		if j < 0 {
			return -1, ""
		}
		name, end := path[i+1:i+j], i+j+1
		if end < len(path) && strings.IndexByte("?*+", path[end]) >= 0 {
			i = end
			continue
		}
		rest, dots := strings.CutSuffix(name, "...")
		switch {
		case name == "$":
			return i, `the URL Pattern Standard reads "{$}" as the text "$": end the pattern with "/" to match a path that ends there`
		case isName(rest) && dots:
			return i, `the URL Pattern Standard reads "{` + name + `}" as the text "` + name + `": write ":` + rest + `(.*)" for the rest of the path`
		case isName(name):
			return i, `the URL Pattern Standard reads "{` + name + `}" as the text "` + name + `": write ":` + name + `" for a segment`
		}
		i = end - 1
	}
	return -1, ""
}

// isName reports whether s is a name of ASCII letters, digits and "_",
// not beginning with a digit, as ServeMux's wildcards and most templates'
// variables are.
func isName(s string) bool {
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c != '_' && (c|0x20 < 'a' || c|0x20 > 'z') && (c < '0' || c > '9' || i == 0) {
			return false
		}
	}
	return s != ""
}

// checkConflicts returns the error of the first route that is as
// specific as an earlier route of its method.
func (t *Table) checkConflicts() error {
	order := make([]int, len(t.routes))
	for i := range order {
		order[i] = i
	}
	slices.SortStableFunc(order, func(i, j int) int {
		if c := strings.Compare(t.routes[i].method, t.routes[j].method); c != 0 {
			return c
		}
		return urlpattern.Compare(t.routes[i].path, t.routes[j].path)
	})
	for k := 1; k < len(order); k++ {
		a, b := &t.routes[order[k-1]], &t.routes[order[k]]
		if a.method == b.method && urlpattern.Compare(a.path, b.path) == 0 {
			return &uri.Error{Op: uri.OpParse, Input: b.pattern, Offset: uri.NoOffset, Component: uri.Path, Err: ErrConflict,
				Detail: "as specific as " + strconv.Quote(a.pattern)}
		}
	}
	return nil
}

// listFor returns the list of the routes that a request with method m
// takes: those of method m, then, for HEAD, those of GET, then those
// without a method, each before the next where they are as specific
// (a urlpattern.List takes the first among equals).
func (t *Table) listFor(m string) methodList {
	var idx []int
	add := func(method string) {
		for i := range t.routes {
			if t.routes[i].method == method {
				idx = append(idx, i)
			}
		}
	}
	if m != "" {
		add(m)
	}
	if m == http.MethodHead {
		add(http.MethodGet)
	}
	add("")
	return t.newList(m, idx)
}

// newList compiles the list of the routes idx.
func (t *Table) newList(m string, idx []int) methodList {
	patterns := make([]*urlpattern.Pattern, len(idx))
	ranked := make([]int, len(idx))
	for k, i := range idx {
		patterns[k] = t.routes[i].path
		ranked[k] = k
	}
	slices.SortStableFunc(ranked, func(a, b int) int { return urlpattern.Compare(patterns[b], patterns[a]) })
	return methodList{method: m, list: urlpattern.NewList(patterns), routes: idx, ranked: ranked}
}

// standardMethod reports whether m is one of the methods that RFC 9110
// defines (Section 9.3) or PATCH (RFC 5789).
func standardMethod(m string) bool {
	switch m {
	case http.MethodGet, http.MethodHead, http.MethodPost, http.MethodPut, http.MethodPatch,
		http.MethodDelete, http.MethodConnect, http.MethodOptions, http.MethodTrace:
		return true
	}
	return false
}
