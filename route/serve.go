package route

import (
	"net/http"
	"strings"

	"github.com/gouri/uri"
	"github.com/gouri/uri/internal/abnf"
	"github.com/gouri/uri/internal/dotseg"
	"github.com/gouri/uri/urlpattern"
	"github.com/gouri/uri/whatwg"
)

// ServeHTTP sends r to the handler of its most specific route, after
// setting r's path values (r.PathValue) and r.Pattern; or answers itself,
// as the package documentation says: 404 or 405 through Options'
// handlers, a redirect to the path as the URL Standard reads it, 400 for
// a request-target that cannot be read. A 404 allocates nothing but what
// Options.NotFound allocates; a hit, the map of r.SetPathValue and the
// values that decoding changes; a 405, its Allow field; a redirect, its
// Location. A request with an empty RequestURI, made by a client, costs
// the target that r.URL writes.
func (t *Table) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	path, location, st := readPath(r)
	switch st {
	case badTarget:
		http.Error(w, http.StatusText(http.StatusBadRequest), http.StatusBadRequest)
		return
	case asterisk:
		if r.ProtoAtLeast(1, 1) {
			w.Header().Set("Connection", "close")
		}
		w.WriteHeader(http.StatusBadRequest)
		return
	case redirect:
		code := http.StatusPermanentRedirect
		if r.Method == http.MethodGet || r.Method == http.MethodHead {
			code = http.StatusMovedPermanently
		}
		w.Header().Set("Location", location)
		w.WriteHeader(code)
		return
	}
	var buf [8]pathValue
	if e, values, ok := t.find(t.listOf(r.Method), path, buf[:0]); ok {
		for _, v := range values {
			r.SetPathValue(v.name, v.value)
		}
		r.Pattern = e.pattern
		e.handler.ServeHTTP(w, r)
		return
	}
	if allow := t.allow(path); allow != "" {
		w.Header().Set("Allow", allow)
		if t.opts.MethodNotAllowed != nil {
			t.opts.MethodNotAllowed.ServeHTTP(w, r)
			return
		}
		http.Error(w, http.StatusText(http.StatusMethodNotAllowed), http.StatusMethodNotAllowed)
		return
	}
	if t.opts.NotFound != nil {
		t.opts.NotFound.ServeHTTP(w, r)
		return
	}
	http.NotFound(w, r)
}

// What readPath found.
const (
	routable  = iota // a path to route
	redirect         // a path that the URL Standard reads otherwise: the Location
	badTarget        // a request-target that cannot be read
	asterisk         // "*", for a server-wide OPTIONS (RFC 9112, Section 3.2.4)
)

// pathBase is the URL whose path readPath sets to read a path as the URL
// Standard reads it.
var pathBase = whatwg.MustParse("http://h/")

// readPath returns the path of r's request-target (RFC 9112, Section
// 3.2) to route, or what to answer instead: the path of an origin-form
// target, or of an absolute-form one read by uri.ParseTarget, "" for an
// authority-form one (CONNECT), which has none. A path that the URL
// Standard reads otherwise (a dot segment, "\", a byte that it
// percent-encodes) gives the Location of a redirect to the path it
// reads. A request made by a client rather than received, whose
// RequestURI is empty, is read by the target that it would send.
func readPath(r *http.Request) (path, location string, st int) {
	target := r.RequestURI
	if target == "" && r.URL != nil {
		target = r.URL.RequestURI()
	}
	query, hasQuery := "", false
	switch {
	case target == "*":
		return "", "", asterisk
	case strings.HasPrefix(target, "/"):
		if strings.IndexByte(target, '#') >= 0 {
			return "", "", badTarget // RFC 9110, Section 7.1: no fragment
		}
		path, query, hasQuery = strings.Cut(target, "?")
	case r.Method == http.MethodConnect:
		return "", "", routable
	default:
		t, err := uri.ParseTarget(r.Method, target)
		if err != nil {
			return "", "", badTarget
		}
		path, query, hasQuery = t.Path(), t.Query(), t.HasQuery()
		if path == "" {
			path = "/" // the empty path of http is "/" (RFC 3986, Section 6.2.3)
		}
	}
	if inURLForm(path) {
		return path, "", routable
	}
	u := pathBase
	_ = u.SetPathname(path) // the URL has a path: it cannot fail
	if u.Pathname() == path {
		return path, "", routable
	}
	location = u.Pathname()
	if strings.HasPrefix(location, "//") {
		location = "/." + location // a path, not a host (RFC 3986, Section 4.2)
	}
	if hasQuery {
		_ = u.SetSearch("?" + query) // "?" first: a query may begin with "?"
		location += "?" + u.Query()
	}
	return "", location, redirect
}

// inURLForm reports, without allocating, whether the URL Standard reads
// path, the path of a request-target, as it is: the path holds only the
// characters of RFC 3986's path, which no percent-encode set of the URL
// Standard encodes, and no "." or ".." segment, which it removes (also as
// "%2E"). Any other path is read by the URL Standard's parser.
func inURLForm(path string) bool {
	if end, fault := abnf.Scan(path, 0, abnf.Path); end != len(path) || fault != abnf.OK {
		return false
	}
	if strings.IndexByte(path, '.') < 0 && strings.IndexByte(path, '%') < 0 {
		return true // a dot segment needs a "." or a "%2E"
	}
	for len(path) > 0 {
		path = path[1:] // after a "/"
		seg := path
		if k := strings.IndexByte(path, '/'); k >= 0 {
			seg, path = path[:k], path[k:]
		} else {
			path = ""
		}
		if dotseg.Dots(seg) != 0 {
			return false
		}
	}
	return true
}

// listOf returns the list of the routes that a request with the method
// takes.
func (t *Table) listOf(method string) *methodList {
	for i := range t.methods {
		if t.methods[i].method == method {
			return &t.methods[i]
		}
	}
	return &t.other
}

// A pathValue is the value of a group of a match, decoded.
type pathValue struct{ name, value string }

// find returns the most specific route of ml that matches path and
// whose values are allowed, with the values appended to values.
func (t *Table) find(ml *methodList, path string, values []pathValue) (*entry, []pathValue, bool) {
	i, ok := ml.list.MatchPathname(path)
	if !ok {
		return nil, values, false
	}
	if v, ok := t.values(ml.list.Pattern(i), path, values); ok {
		return &t.routes[ml.routes[i]], v, true
	}
	// A value was refused: the next route, in order of specificity, that
	// matches with values that are allowed.
	k := 0
	for ml.ranked[k] != i {
		k++
	}
	for _, j := range ml.ranked[k+1:] {
		if v, ok := t.values(ml.list.Pattern(j), path, values); ok {
			return &t.routes[ml.routes[j]], v, true
		}
	}
	return nil, values, false
}

// values returns the values of the groups of p's match of path, decoded
// and appended to values, and false when p does not match or a value is
// not allowed: one that holds a "/" or "\" written "%2F" or "%5C" (unless
// Options.AllowEncodedSlash), or a "." or ".." segment between its "/"
// and "\".
func (t *Table) values(p *urlpattern.Pattern, path string, values []pathValue) ([]pathValue, bool) {
	var buf [8]urlpattern.Group
	groups, ok := p.ExecComponent(urlpattern.Pathname, path, buf[:0])
	if !ok {
		return values, false
	}
	for _, g := range groups {
		if !g.Matched {
			continue
		}
		v := g.Value
		if strings.IndexByte(v, '%') >= 0 {
			if !t.opts.AllowEncodedSlash && hasEncodedSeparator(v) {
				return values, false
			}
			v = abnf.Decode(v, false)
		}
		if strings.IndexByte(v, '.') >= 0 && hasDotSegment(v) {
			return values, false
		}
		values = append(values, pathValue{g.Name, v})
	}
	return values, true
}

// hasEncodedSeparator reports whether s holds "%2F" or "%5C", in either
// case: a "/", or a "\" that Windows reads as one, that decoding would
// put into a value.
func hasEncodedSeparator(s string) bool {
	for {
		k := strings.IndexByte(s, '%')
		if k < 0 || k+2 >= len(s) {
			return false
		}
		switch s[k+1] {
		case '2':
			if s[k+2] == 'F' || s[k+2] == 'f' {
				return true
			}
		case '5':
			if s[k+2] == 'C' || s[k+2] == 'c' {
				return true
			}
		}
		s = s[k+1:]
	}
}

// hasDotSegment reports whether v, a decoded value, is "." or "..", or
// has such a segment between its "/" and "\" (a path separator of
// Windows, so that the value is no traversal on any system). It looks at
// each "." of v, not at each separator.
func hasDotSegment(v string) bool {
	for i := 0; i < len(v); i++ {
		j := strings.IndexByte(v[i:], '.')
		if j < 0 {
			return false
		}
		i += j
		if i > 0 && v[i-1] != '/' && v[i-1] != '\\' {
			continue
		}
		k := i + 1
		if k < len(v) && v[k] == '.' {
			k++
		}
		if k == len(v) || v[k] == '/' || v[k] == '\\' {
			return true
		}
		i = k - 1
	}
	return false
}

// allow returns the value of the Allow header field of a request whose
// path a route of another method matches (RFC 9110, Section 10.2.1):
// those methods, sorted, with HEAD where GET is; "" when no route
// matches the path.
func (t *Table) allow(path string) string {
	if len(t.methods) == 0 {
		return "" // every route takes every method
	}
	var buf [8]pathValue
	if _, _, ok := t.find(&t.all, path, buf[:0]); !ok {
		return ""
	}
	var names [8]string
	allowed := names[:0]
	for i := range t.methods {
		if _, _, ok := t.find(&t.methods[i], path, buf[:0]); ok {
			allowed = append(allowed, t.methods[i].method)
		}
	}
	return strings.Join(allowed, ", ")
}
