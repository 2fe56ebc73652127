package uri_test

import (
	"errors"
	"go/ast"
	"go/token"
	"net/http"
	"net/url"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/gouri/uri"
	"github.com/gouri/uri/canon"
	"github.com/gouri/uri/guard"
	"github.com/gouri/uri/httptarget"
	"github.com/gouri/uri/legacy"
	originpkg "github.com/gouri/uri/origin"
	"github.com/gouri/uri/route"
	"github.com/gouri/uri/template"
	"github.com/gouri/uri/whatwg"
)

// opConstants are the operations that Error.Op documents, by the name of
// their constant. TestOpVocabulary checks that the package declares exactly
// these, and that no error of the module has another Op.
var opConstants = map[string]string{
	"OpParse":      uri.OpParse,
	"OpBuild":      uri.OpBuild,
	"OpResolve":    uri.OpResolve,
	"OpRelativize": uri.OpRelativize,
	"OpNormalize":  uri.OpNormalize,
	"OpUnescape":   uri.OpUnescape,
	"OpPortNumber": uri.OpPortNumber,
	"OpIDNA":       uri.OpIDNA,
	"OpHomograph":  uri.OpHomograph,
	"OpFilePath":   uri.OpFilePath,
	"OpSet":        uri.OpSet,
	"OpExpand":     uri.OpExpand,
	"OpMatch":      uri.OpMatch,
	"OpCanon":      uri.OpCanon,
	"OpSURT":       uri.OpSURT,
}

// TestErrorOps: every error of every input that the module reads or
// builds is an *uri.Error, found by errors.As, with its operation, its
// Name, the input at fault and the offset in it, and its reason found by
// errors.Is: one failing call of each exported function or method of
// package uri and of the packages that read text (legacy, whatwg,
// template, canon, httptarget, route), a refusal of guard, which holds
// the *uri.Error of the URL Standard's parser, and a bad entry of
// origin's allowlist. Package legacy names its grammar in Detail.
func TestErrorOps(t *testing.T) {
	u := uri.MustParse("http://h/p")
	var v uri.URI
	var i uri.IRI
	var wu whatwg.URL
	web, opaque := whatwg.MustParse("http://h/"), whatwg.MustParse("sc:x")
	set := func(u whatwg.URL, f func(*whatwg.URL, string) error, value string) error { return f(&u, value) }
	const no = uri.NoOffset
	tests := []struct {
		call     string
		err      error
		op, name string
		input    string
		off      int
		is       error  // the reason, for errors.Is
		detail   string // checked when not empty
	}{
		{"Parse", second(uri.Parse("a b")), uri.OpParse, "", "a b", 1, uri.ErrInvalidByte, ""},
		{"ParseURI", second(uri.ParseURI("a")), uri.OpParse, "", "a", 1, uri.ErrMissingScheme, ""},
		{"ParseAbsoluteURI", second(uri.ParseAbsoluteURI("a:b#c")), uri.OpParse, "", "a:b#c", 3, uri.ErrFragmentNotAllowed, ""},
		{"ParseRelativeRef", second(uri.ParseRelativeRef("a:b")), uri.OpParse, "", "a:b", 1, uri.ErrColonInFirstSegment, ""},
		{"ParseRFC6874", second(uri.ParseRFC6874("%")), uri.OpParse, "", "%", 1, uri.ErrBadPercent, ""},
		{"ParseIRI", second(uri.ParseIRI("\xff")), uri.OpParse, "", "\xff", 0, uri.ErrInvalidUTF8, ""},
		{"URI.UnmarshalText", v.UnmarshalText([]byte("a b")), uri.OpParse, "", "a b", 1, uri.ErrInvalidByte, ""},
		{"URI.UnmarshalBinary", v.UnmarshalBinary([]byte("a b")), uri.OpParse, "", "a b", 1, uri.ErrInvalidByte, ""},
		{"IRI.UnmarshalText", i.UnmarshalText([]byte("a b")), uri.OpParse, "", "a b", 1, uri.ErrInvalidByte, ""},

		{"Components.URI", second(uri.Components{Scheme: "1"}.URI()), uri.OpBuild, "", "1:", 0, uri.ErrInvalidByte, ""},
		{"Components.Encode", third(uri.Components{Scheme: "1"}.Encode()), uri.OpBuild, "", "1:", 0, uri.ErrCannotEncode, ""},
		{"URI.WithScheme", second(u.WithScheme("1")), uri.OpBuild, "", "1", 0, uri.ErrInvalidByte, ""},
		{"URI.WithUserinfo", second(u.WithUserinfo("a b")), uri.OpBuild, "", "a b", 1, uri.ErrInvalidByte, ""},
		{"URI.WithHost", second(u.WithHost("a b")), uri.OpBuild, "", "a b", 1, uri.ErrInvalidByte, ""},
		{"URI.WithPort", second(u.WithPort("a")), uri.OpBuild, "", "a", 0, uri.ErrBadPort, ""},
		{"URI.WithPath", second(u.WithPath("a")), uri.OpBuild, "", "a", 0, uri.ErrPathWithAuthority, ""},
		{"URI.WithQuery", second(u.WithQuery("#")), uri.OpBuild, "", "#", 0, uri.ErrInvalidByte, ""},
		{"URI.WithFragment", second(u.WithFragment("#")), uri.OpBuild, "", "#", 0, uri.ErrInvalidByte, ""},
		{"URI.JoinPath", second(u.JoinPath("..")), uri.OpBuild, "", "..", 0, uri.ErrDotSegment, ""},
		{"FromURL(nil)", second(uri.FromURL(nil)), uri.OpBuild, "", "", 0, uri.ErrNilURL, ""},
		{"FromURL", second(uri.FromURL(&url.URL{Scheme: "http", Host: "h", RawQuery: "a b"})), uri.OpBuild, "", "http://h?a b", 10, uri.ErrInvalidByte, ""},

		{"Resolve", second(uri.Resolve("/a", "b")), uri.OpResolve, "base", "/a", 0, uri.ErrMissingScheme, ""},
		{"ResolveNonStrict", second(uri.ResolveNonStrict("http://h/", "a b")), uri.OpResolve, "", "a b", 1, uri.ErrInvalidByte, ""},
		{"Relativize", second(uri.Relativize("http://h/", "http://h/./a")), uri.OpRelativize, "", "http://h/./a", 9, uri.ErrDotSegment, ""},
		{"Relativize(base)", second(uri.Relativize("h", "http://h/")), uri.OpRelativize, "base", "h", 1, uri.ErrMissingScheme, ""},
		{"Normalize", second(uri.Normalize("a b")), uri.OpNormalize, "", "a b", 1, uri.ErrInvalidByte, ""},
		{"Unescape", second(uri.Unescape("%zz", uri.EscapePath)), uri.OpUnescape, "", "%zz", 1, uri.ErrBadPercent, ""},
		{"UnescapeUTF8", second(uri.UnescapeUTF8("%FF", uri.EscapePath)), uri.OpUnescape, "", "%FF", 0, uri.ErrInvalidUTF8, ""},
		{"URI.PortNumber", second(uri.MustParse("//h:65536").PortNumber()), uri.OpPortNumber, "", "//h:65536", 8, uri.ErrPortRange, ""},
		{"IRI.PortNumber", second(must(uri.ParseIRI("//h:65536")).PortNumber()), uri.OpPortNumber, "", "//h:65536", 8, uri.ErrPortRange, ""},
		{"HostToASCII", second(uri.HostToASCII("a_b.example")), uri.OpIDNA, "", "a_b.example", 0, uri.ErrIDNA, ""},
		{"HostToUnicode", second(uri.HostToUnicode("a b")), uri.OpIDNA, "", "a b", 1, uri.ErrInvalidByte, ""},
		{"CheckHomograph", uri.CheckHomograph("p\u0430ypal.com"), uri.OpHomograph, "", "p\u0430ypal.com", 0, uri.ErrMixedScript, ""},
		{"CheckHomograph(invalid)", uri.CheckHomograph("xn--"), uri.OpHomograph, "", "xn--", 0, uri.ErrIDNA, ""},
		{"FilePath", second(uri.FilePath(u, uri.PathPOSIX)), uri.OpFilePath, "", "http://h/p", 0, uri.ErrNotFileScheme, ""},
		{"FromFilePath", second(uri.FromFilePath("a", uri.PathPOSIX)), uri.OpFilePath, "", "a", 0, uri.ErrNotAbsolute, ""},
		{"FileOptions.FromFilePath", second(uri.FileOptions{Spelling: uri.VSCodeSpelling}.FromFilePath("/a/../b")), uri.OpFilePath, "", "/a/../b", 3, uri.ErrDotSegment, ""},
		{"FileKey", second(uri.FileKey(u)), uri.OpFilePath, "", "http://h/p", 0, uri.ErrNotFileScheme, ""},

		{"legacy.Parse", second(legacy.Parse("a b", legacy.RFC2396)), uri.OpParse, "", "a b", 1, legacy.ErrMustEscape, "rfc2396"},
		{"legacy.Parse(unknown grammar)", second(legacy.Parse("a", legacy.Grammar(0))), uri.OpParse, "", "a", no, legacy.ErrUnknownGrammar, ""},
		{"legacy.CanonicalHTTP", second(legacy.CanonicalHTTP("http://u@h/")), uri.OpParse, "", "http://u@h/", 8, legacy.ErrUserinfoNotAllowed, "rfc2616"},
		{"legacy.EqualHTTP", second(legacy.EqualHTTP("http://h/", "a b")), uri.OpParse, "", "a b", 1, legacy.ErrMustEscape, "rfc2616"},
		{"legacy.ResolveRFC1808", second(legacy.ResolveRFC1808("/a", "g")), uri.OpResolve, "base", "/a", 0, uri.ErrMissingScheme, "rfc1808"},
		{"legacy.ResolveRFC2396", second(legacy.ResolveRFC2396("http://h/", "a b")), uri.OpResolve, "", "a b", 1, legacy.ErrMustEscape, "rfc2396"},
		{"legacy.URL.Upgrade", third(legacy.URL{Parts: uri.Components{Scheme: "1"}}.Upgrade()), uri.OpBuild, "", "1:", 0, uri.ErrCannotEncode, ""},

		{"whatwg.Parse", second(whatwg.Parse("https://example.org:7z")), uri.OpParse, "", "https://example.org:7z", 21, whatwg.ErrPortInvalid, ""},
		{"whatwg.Resolve", second(whatwg.Resolve("nope", "x")), uri.OpParse, "base", "nope", 0, whatwg.ErrMissingSchemeNonRelativeURL, ""},
		{"whatwg.URL.Parse", second(web.Parse("http://[")), uri.OpParse, "", "http://[", 8, whatwg.ErrIPv6Unclosed, ""},
		{"whatwg.Relativize", second(whatwg.Relativize("nope", "http://h/")), uri.OpRelativize, "base", "nope", 0, whatwg.ErrMissingSchemeNonRelativeURL, ""},
		{"whatwg.Relativize(target)", second(whatwg.Relativize("http://h/", "http://h:x/")), uri.OpRelativize, "", "http://h:x/", 9, whatwg.ErrPortInvalid, ""},
		{"whatwg.Validate", third(whatwg.Validate(whatwg.URL{}, "http://1.2.3.4.5/")), uri.OpParse, "", "http://1.2.3.4.5/", 7, whatwg.ErrIPv4TooManyParts, ""},
		{"whatwg.URL.UnmarshalText", wu.UnmarshalText([]byte("x")), uri.OpParse, "", "x", 0, whatwg.ErrMissingSchemeNonRelativeURL, ""},
		{"whatwg.URL.SetHref", set(web, (*whatwg.URL).SetHref, "x"), uri.OpSet, "href", "x", 0, whatwg.ErrMissingSchemeNonRelativeURL, ""},
		{"whatwg.URL.SetProtocol", set(web, (*whatwg.URL).SetProtocol, "1x"), uri.OpSet, "protocol", "1x", 0, whatwg.ErrSchemeInvalid, ""},
		{"whatwg.URL.SetHost", set(web, (*whatwg.URL).SetHost, "a b"), uri.OpSet, "host", "a b", 1, whatwg.ErrDomainToASCII, ""},
		{"whatwg.URL.SetHostname", set(web, (*whatwg.URL).SetHostname, "a:1"), uri.OpSet, "hostname", "a:1", 1, whatwg.ErrHostnameWithPort, ""},
		{"whatwg.URL.SetPort", set(web, (*whatwg.URL).SetPort, "x"), uri.OpSet, "port", "x", 0, whatwg.ErrPortInvalid, ""},
		{"whatwg.URL.SetPathname", set(opaque, (*whatwg.URL).SetPathname, "/a"), uri.OpSet, "pathname", "/a", no, whatwg.ErrOpaquePath, ""},
		{"whatwg.URL.SetSearch", set(wu, (*whatwg.URL).SetSearch, "q"), uri.OpSet, "search", "q", no, whatwg.ErrMissingSchemeNonRelativeURL, ""},
		{"whatwg.URL.ToURI", third(wu.ToURI()), uri.OpBuild, "", "", no, whatwg.ErrMissingSchemeNonRelativeURL, ""},

		{"template.Parse", second(template.Parse("{/id*")), uri.OpParse, "", "{/id*", 5, template.ErrUnclosed, ""},
		{"template.Expand", second(template.Expand("x{y:1}", template.Values{"y": template.List("a")})), uri.OpExpand, "y", "x{y:1}", 2, template.ErrPrefixComposite, ""},
		{"template.Expand(not a URI)", second(template.Expand("{+x}", template.Values{"x": template.String("a#b#c")})), uri.OpExpand, "x", "{+x}", 2, template.ErrNotURI, ""},
		{"template.Template.Match", second(template.MustParse("/a/{x}").Match("/b/1", nil)), uri.OpMatch, "", "/b/1", 1, template.ErrNoMatch, ""},
		{"template.Template.Match(not a URI)", second(template.MustParse("/a/{x}").Match("a b", nil)), uri.OpParse, "", "a b", 1, uri.ErrInvalidByte, ""},
		{"template.Template.Match(budget)", second(template.MustParse("{a}{b}").Match("ab", &template.MatchOptions{MaxSteps: 10})), uri.OpMatch, "", "ab", no, template.ErrBudget, "10 steps; raise MatchOptions.MaxSteps"},

		{"canon.Canon", second(canon.Canon("mailto:x", canon.SafeBrowsing)), uri.OpCanon, "safebrowsing", "mailto:x", 7, canon.ErrNoHost, ""},
		{"canon.Canon(URL Standard)", second(canon.Canon("http://a b/", canon.WHATWG)), uri.OpCanon, "whatwg", "http://a b/", 8, whatwg.ErrDomainToASCII, ""},
		{"canon.Canonicalizer.Canon", second(canon.Canonicalizer{Profile: canon.Semantic}.Canon("https://h:99999/")), uri.OpCanon, "semantic", "https://h:99999/", 10, whatwg.ErrPortOutOfRange, ""},
		{"canon.Canon(unknown profile)", second(canon.Canon("http://a/", canon.Profile(9))), uri.OpCanon, "profile(9)", "http://a/", no, canon.ErrUnknownProfile, ""},
		{"canon.SURT", second(canon.SURT("http://a:8x/")), uri.OpSURT, "archive", "http://a:8x/", 10, canon.ErrBadPort, ""},
		{"canon.Canonicalizer.SURT", second(canon.Canonicalizer{Profile: canon.Aggressive}.SURT("http://a b/")), uri.OpSURT, "aggressive", "http://a b/", 8, whatwg.ErrDomainToASCII, ""},
		{"canon.LookupExpressions", second(canon.LookupExpressions("http://[::1/")), uri.OpCanon, "safebrowsing", "http://[::1/", 11, canon.ErrBadIPLiteral, ""},

		{"httptarget.FromRequest", second(httptarget.FromRequest(&http.Request{Method: "GET", RequestURI: "/a#b", Host: "h"})), uri.OpParse, "", "/a#b", 2, uri.ErrInvalidByte, ""},
		{"httptarget.Config.FromRequest", second(httptarget.Config{DefaultHost: "a b"}.FromRequest(&http.Request{Method: "GET", RequestURI: "/"})), uri.OpParse, "", "a b", 1, uri.ErrInvalidByte, ""},
		{"httptarget.URL", second(httptarget.URL(&http.Request{Method: "GET", RequestURI: "/a?b#c", Host: "h"})), uri.OpParse, "", "/a?b#c", 4, uri.ErrInvalidByte, ""},
		{"httptarget.Config.URL", second(httptarget.Config{}.URL(&http.Request{Method: "GET", RequestURI: "/", Proto: "HTTP/1.0", ProtoMajor: 1})), uri.OpBuild, "", "", 0, uri.ErrNoHost, ""},

		{"route.New", second(route.New([]route.Route{{Pattern: "GE@T /", Handler: http.NotFoundHandler()}}, route.Options{})), uri.OpParse, "", "GE@T /", 2, route.ErrMethod, ""},
		{"route.New(conflict)", second(route.New([]route.Route{{Pattern: "/:a", Handler: http.NotFoundHandler()}, {Pattern: "/:b", Handler: http.NotFoundHandler()}}, route.Options{})), uri.OpParse, "", "/:b", no, route.ErrConflict, `as specific as "/:a"`},

		// A refusal of guard holds the *uri.Error of the parse that failed.
		{"guard.Policy.Check", second(new(guard.Policy).Check("http://[::1%25lo]/")), uri.OpParse, "", "http://[::1%25lo]/", 11, whatwg.ErrIPv6InvalidCodePoint, ""},
		// A bad entry of origin's allowlist, or a bad pattern of guard's
		// allowlist of hosts, is a fault of the configuration.
		{"origin.NewAllowlist", second(originpkg.NewAllowlist([]string{"https://*.com"}, originpkg.Options{})), uri.OpParse, "allowlist", "https://*.com", 10, originpkg.ErrBadEntry, ""},
		{"guard.NewHostList", second(guard.NewHostList([]string{"*.com"}, guard.HostListOptions{})), uri.OpParse, "allowlist", "*.com", 2, guard.ErrBadHostPattern, ""},
		{"guard.NewHostList(URL Standard)", second(guard.NewHostList([]string{"1.2.3.256"}, guard.HostListOptions{})), uri.OpParse, "allowlist", "1.2.3.256", 0, whatwg.ErrIPv4OutOfRangePart, ""},
	}
	for _, tt := range tests {
		var e *uri.Error
		if !errors.As(tt.err, &e) {
			t.Errorf("%s: error %v, want an *uri.Error", tt.call, tt.err)
			continue
		}
		if e.Op != tt.op || e.Name != tt.name || e.Input != tt.input || e.Offset != tt.off || tt.detail != "" && e.Detail != tt.detail {
			t.Errorf("%s: error %q has Op %q, Name %q, Input %q, Offset %d, Detail %q; want %q, %q, %q, %d, %q",
				tt.call, e, e.Op, e.Name, e.Input, e.Offset, e.Detail, tt.op, tt.name, tt.input, tt.off, tt.detail)
		}
		if !errors.Is(tt.err, tt.is) {
			t.Errorf("%s: errors.Is(%q, %v) = false", tt.call, tt.err, tt.is)
		}
	}
}

func second[T any](_ T, err error) error        { return err }
func third[T, U any](_ T, _ U, err error) error { return err }

func must[T any](v T, err error) T {
	if err != nil {
		panic(err)
	}
	return v
}

// parseModule returns the non-test Go files of every package below the
// module's root, parsed into fset.
func parseModule(t *testing.T, fset *token.FileSet) []goFile {
	t.Helper()
	var files []goFile
	for _, f := range goFiles(t, fset, 0) {
		if !f.test {
			files = append(files, f)
		}
	}
	return files
}

// TestOpVocabulary checks, over the source of every package of the module,
// that the operations of its errors are one vocabulary, defined once:
//
//   - package uri declares the Op constants of opConstants, each spelled
//     in lower case with words joined by "-", and no other package declares
//     an Op constant;
//   - every value that reaches the Op field of an Error (a composite literal
//     of uri.Error, or an assignment to a field Op: the module sets no
//     other type's field Op) is one of them: an Op constant; a local
//     constant that is one; the Op of another Error; or a parameter of the
//     enclosing function, whose arguments are checked in turn at every call
//     of it in the package. A string literal is not one.
//
// Package uri is imported as "uri" everywhere, which the test checks too.
func TestOpVocabulary(t *testing.T) {
	spelling := regexp.MustCompile(`^[a-z]+(-[a-z]+)*$`)
	vocab := map[string]bool{}
	for name, op := range opConstants {
		if !spelling.MatchString(op) {
			t.Errorf("%s = %q: not lower-case words joined by \"-\"", name, op)
		}
		if vocab[op] {
			t.Errorf("%s = %q: a value that another constant has", name, op)
		}
		vocab[op] = true
	}
	fset := token.NewFileSet()
	files := parseModule(t, fset)

	var declared []string
	for _, fl := range files {
		for _, imp := range fl.ast.Imports {
			if imp.Path.Value == `"github.com/gouri/uri"` && imp.Name != nil {
				t.Errorf("%s: package uri imported as %s", fset.Position(imp.Pos()), imp.Name.Name)
			}
		}
		for _, d := range fl.ast.Decls {
			if g, ok := d.(*ast.GenDecl); ok && g.Tok == token.CONST {
				for _, s := range g.Specs {
					for _, n := range s.(*ast.ValueSpec).Names {
						if !strings.HasPrefix(n.Name, "Op") || !n.IsExported() {
							continue
						}
						if fl.pkg != "." {
							t.Errorf("%s: package %s declares its own Op constant %s; the Op constants are package uri's", fset.Position(n.Pos()), fl.ast.Name.Name, n.Name)
							continue
						}
						declared = append(declared, n.Name)
					}
				}
			}
		}
	}
	slices.Sort(declared)
	var want []string
	for name := range opConstants {
		want = append(want, name)
	}
	slices.Sort(want)
	if !slices.Equal(declared, want) {
		t.Errorf("package uri declares the Op constants %v; the vocabulary is %v", declared, want)
	}

	c := opChecker{t: t, fset: fset, sites: map[string][]opSite{}, done: map[string]bool{}}
	for _, fl := range files {
		for _, d := range fl.ast.Decls {
			if fd, ok := d.(*ast.FuncDecl); ok && fd.Body != nil {
				c.function(fl.pkg, fd)
			}
		}
	}
	c.calls()
	if c.checked < 40 {
		t.Errorf("only %d Op values found: the search is broken", c.checked)
	}
}

// opFunc is what opChecker knows of a function: its package, name,
// whether it is a method, its parameters by name and its local constants
// by name.
type opFunc struct {
	dir, name string
	method    bool
	params    map[string]int
	consts    map[string]ast.Expr
}

// opSite is a call made in the function fn.
type opSite struct {
	fn   *opFunc
	call *ast.CallExpr
}

// opChecker follows the values that reach the Op field of an Error.
type opChecker struct {
	t       *testing.T
	fset    *token.FileSet
	sites   map[string][]opSite // the calls of each package
	pending []string            // "dir\x00function\x00method\x00index" of parameters that reach Op
	done    map[string]bool
	checked int
}

// function checks the Op values set in fd, a function of the package in
// dir, and records the calls it makes.
func (c *opChecker) function(dir string, fd *ast.FuncDecl) {
	fn := &opFunc{dir: dir, name: fd.Name.Name, method: fd.Recv != nil, params: map[string]int{}, consts: map[string]ast.Expr{}}
	k := 0
	for _, p := range fd.Type.Params.List {
		for _, n := range p.Names {
			fn.params[n.Name] = k
			k++
		}
	}
	isError := func(x ast.Expr) bool {
		switch x := x.(type) {
		case *ast.Ident:
			return dir == "." && x.Name == "Error"
		case *ast.SelectorExpr:
			pkg, _ := x.X.(*ast.Ident)
			return dir != "." && pkg != nil && pkg.Name == "uri" && x.Sel.Name == "Error"
		}
		return false
	}
	ast.Inspect(fd.Body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.GenDecl:
			if n.Tok == token.CONST {
				for _, s := range n.Specs {
					vs := s.(*ast.ValueSpec)
					for i, name := range vs.Names {
						if i < len(vs.Values) {
							fn.consts[name.Name] = vs.Values[i]
						}
					}
				}
			}
		case *ast.CompositeLit:
			if !isError(n.Type) {
				return true
			}
			for _, el := range n.Elts {
				kv, isKV := el.(*ast.KeyValueExpr)
				if !isKV {
					c.t.Errorf("%s: an Error literal without field names", c.fset.Position(n.Pos()))
					break
				}
				if key, _ := kv.Key.(*ast.Ident); key != nil && key.Name == "Op" {
					c.value(fn, kv.Value, "Op")
				}
			}
		case *ast.AssignStmt:
			if len(n.Lhs) != len(n.Rhs) {
				return true
			}
			for i, l := range n.Lhs {
				if sel, ok := l.(*ast.SelectorExpr); ok && sel.Sel.Name == "Op" {
					c.value(fn, n.Rhs[i], "a field Op")
				}
			}
		case *ast.CallExpr:
			c.sites[dir] = append(c.sites[dir], opSite{fn, n})
		}
		return true
	})
}

// value checks x, a value that reaches an Op in fn, described as what.
func (c *opChecker) value(fn *opFunc, x ast.Expr, what string) {
	c.checked++
	switch v := x.(type) {
	case *ast.Ident:
		if _, isConst := opConstants[v.Name]; isConst && fn.dir == "." {
			return
		}
		if local, ok := fn.consts[v.Name]; ok {
			c.value(fn, local, what)
			return
		}
		if i, ok := fn.params[v.Name]; ok {
			c.pending = append(c.pending, fn.dir+"\x00"+fn.name+"\x00"+strconv.FormatBool(fn.method)+"\x00"+strconv.Itoa(i))
			return
		}
	case *ast.SelectorExpr:
		pkg, _ := v.X.(*ast.Ident)
		if _, isConst := opConstants[v.Sel.Name]; isConst && fn.dir != "." && pkg != nil && pkg.Name == "uri" {
			return
		}
		if v.Sel.Name == "Op" {
			return // the Op of another Error, checked where it was set
		}
	}
	c.t.Errorf("%s: %s in %s is set to %s, which is not an Op constant of package uri", c.fset.Position(x.Pos()), what, fn.name, exprText(x))
}

// calls checks the arguments of every call of a function whose parameter
// reaches an Op, until no new such parameter is found. A method is called
// as x.name, a function of the package as name.
func (c *opChecker) calls() {
	for len(c.pending) > 0 {
		key := c.pending[0]
		c.pending = c.pending[1:]
		if c.done[key] {
			continue
		}
		c.done[key] = true
		parts := strings.Split(key, "\x00")
		dir, name, method := parts[0], parts[1], parts[2] == "true"
		i, _ := strconv.Atoi(parts[3])
		for _, s := range c.sites[dir] {
			var callee string
			switch f := s.call.Fun.(type) {
			case *ast.Ident:
				if !method {
					callee = f.Name
				}
			case *ast.SelectorExpr:
				if method {
					callee = f.Sel.Name
				}
			}
			if callee == name && i < len(s.call.Args) {
				c.value(s.fn, s.call.Args[i], "the argument "+strconv.Itoa(i)+" of "+name)
			}
		}
	}
}

// TestErrorTypes: the module exports two error types, uri.Error for every
// input it reads or builds and guard.Error for a policy's refusals; the
// only other exported type with an Error method is whatwg.Kind, whose
// constants are sentinels (the Err of a *uri.Error), not error values of
// their own. (whatwg.ValidationError is a report that Validate returns
// beside its result, with a String method and no Error method.) Internal
// packages, which no caller can import, and command main are left out.
func TestErrorTypes(t *testing.T) {
	fset := token.NewFileSet()
	var got []string
	for _, fl := range parseModule(t, fset) {
		if fl.ast.Name.Name == "main" || strings.HasPrefix(fl.pkg, "internal") || strings.Contains(fl.pkg, "/internal") {
			continue
		}
		for _, d := range fl.ast.Decls {
			fd, ok := d.(*ast.FuncDecl)
			if !ok || fd.Recv == nil || fd.Name.Name != "Error" || fd.Type.Params.NumFields() != 0 || fd.Type.Results.NumFields() != 1 {
				continue
			}
			recv := fd.Recv.List[0].Type
			if star, ok := recv.(*ast.StarExpr); ok {
				recv = star.X
			}
			if id, ok := recv.(*ast.Ident); ok && id.IsExported() {
				got = append(got, fl.ast.Name.Name+"."+id.Name)
			}
		}
	}
	slices.Sort(got)
	if want := []string{"guard.Error", "uri.Error", "whatwg.Kind"}; !slices.Equal(got, want) {
		t.Errorf("exported types with an Error method: %v, want %v", got, want)
	}
}

// exprText writes x back as Go source, for messages.
func exprText(x ast.Expr) string {
	switch x := x.(type) {
	case *ast.BasicLit:
		return x.Value
	case *ast.Ident:
		return x.Name
	case *ast.SelectorExpr:
		return exprText(x.X) + "." + x.Sel.Name
	case *ast.CallExpr:
		return exprText(x.Fun) + "(...)"
	}
	return "an expression"
}
