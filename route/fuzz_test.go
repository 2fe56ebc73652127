package route

import (
	"slices"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/gouri/uri/urlpattern"
)

// FuzzServe serves random request-targets with the table of apiRoutes and
// checks, besides that nothing panics:
//
//   - the answer is one of 200, 301, 308, 400, 404, 405, and a 405 has an
//     Allow field;
//   - a value holds no "/" unless its group is a wildcard ("0"), no "\",
//     and no "." or ".." segment between "/" and "\";
//   - a hit's values match back: the path that urlpattern's Generate
//     writes from them (for a route whose pathname it can write) is
//     served by the same route with the same values;
//   - a redirect's Location, resolved as a client resolves it, is not
//     redirected again.
func FuzzServe(f *testing.F) {
	for _, s := range []string{
		"/repos/golang/go", "/repos/go%20lang/%E2%9C%93", "/repos/a%2Fb/go", "/repos/..%2F/go",
		"/repos/golang/go/contents/..%2F..%2Fetc%2Fpasswd", "/repos/golang/go/contents/src/x.go",
		"/files/...txt", "/x/y/b%2Fc", "/repos/golang/../go?q=1", "/.//evil.example/x", "/static/a\\b",
		"/static/caf\xc3\xa9", "/static/100%", "/static/a|b[0]", "http://api.example/repos/a/b", "*",
		"/a#b", "//x", "/%2e%2E/%2E", "/users/%2e", "/repos/%25/%2541", "/static/..%5C..%5Cwin.ini", "/repos/a%5cb/go",
	} {
		f.Add("GET", s)
	}
	f.Add("HEAD", "/ping")
	f.Add("PUT", "/repos/golang/go")
	f.Add("CONNECT", "api.example:443")
	tab := apiTable(f, Options{})
	patterns := map[string]*urlpattern.Pattern{}
	for i := range tab.routes {
		patterns[tab.routes[i].pattern] = tab.routes[i].path
	}
	f.Fuzz(func(t *testing.T, method, target string) {
		if method == "" || strings.ContainsAny(method, " \t") {
			method = "GET"
		}
		got := serve(tab, request(method, target))
		switch got.Status {
		case 200:
			checkValues(t, tab, patterns[got.Route], method, target, got)
		case 301, 308:
			loc, _, _ := strings.Cut(got.Location, "?")
			if strings.HasPrefix(loc, "/.//") {
				loc = loc[2:] // a client resolves "/.//x" to the path "//x"
			}
			if again := serve(tab, request(method, loc)); again.Status == 301 || again.Status == 308 {
				t.Fatalf("%s %q: redirected to %q, which is redirected to %q", method, target, got.Location, again.Location)
			}
		case 405:
			if got.Allow == "" {
				t.Fatalf("%s %q: 405 without Allow", method, target)
			}
		case 400, 404:
		default:
			t.Fatalf("%s %q: %+v", method, target, got)
		}
	})
}

// checkValues checks the values of a hit, and that they match back.
func checkValues(t *testing.T, tab *Table, p *urlpattern.Pattern, method, target string, got answer) {
	values := map[string]string{}
	if got.Values != "" {
		// The recorder joins name=value pairs with a space; values may
		// hold spaces, so split at the names of the route.
		for _, pair := range splitValues(got.Values) {
			name, v, _ := strings.Cut(pair, "=")
			values[name] = v
		}
	}
	for name, v := range values {
		if name != "0" && strings.Contains(v, "/") {
			t.Fatalf("%s %q: %s: value %s=%q holds a /", method, target, got.Route, name, v)
		}
		if strings.Contains(v, "\\") {
			t.Fatalf("%s %q: %s: value %s=%q holds a \\", method, target, got.Route, name, v)
		}
		if slices.ContainsFunc(strings.Split(v, "/"), func(s string) bool { return s == "." || s == ".." }) {
			t.Fatalf("%s %q: %s: value %s=%q has a dot segment", method, target, got.Route, name, v)
		}
	}
	in := map[string]string{}
	for name, v := range values {
		if !utf8.ValidString(v) || strings.ContainsAny(v, "\\\t\n\r") {
			return // the URL Standard would read another value
		}
		in[name] = strings.ReplaceAll(v, "%", "%25")
	}
	path, err := p.Generate(urlpattern.Pathname, in)
	if err != nil {
		return // a pathname that Generate cannot write, or a value it cannot
	}
	if again := serve(tab, request(method, path)); again != got {
		t.Fatalf("%s %q: %+v; the path %q that Generate writes from its values: %+v", method, target, got, path, again)
	}
}

// splitValues splits the recorder's "a=x b=y" at each space that a known
// group name and "=" follow.
func splitValues(s string) []string {
	var out []string
	start := 0
	for i := 0; i < len(s); i++ {
		if s[i] != ' ' {
			continue
		}
		for _, n := range []string{"owner=", "repo=", "number=", "0=", "id=", "name=", "a=", "b="} {
			if strings.HasPrefix(s[i+1:], n) {
				out = append(out, s[start:i])
				start = i + 1
				break
			}
		}
	}
	return append(out, s[start:])
}

// TestSplitValues: the fuzz target's reading of the recorder's output.
func TestSplitValues(t *testing.T) {
	got := splitValues("owner=go lang repo=a b=c 0=x")
	want := []string{"owner=go lang", "repo=a", "b=c", "0=x"}
	if strings.Join(got, "|") != strings.Join(want, "|") {
		t.Errorf("splitValues = %q, want %q", got, want)
	}
}
