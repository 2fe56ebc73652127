package uri_test

import (
	"errors"
	"go/ast"
	"go/parser"
	"go/token"
	"net/http"
	"net/url"
	"path"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"unicode"

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

// errorCall is one failing call of an exported function or method and
// the *uri.Error that it returns.
type errorCall struct {
	call   string // the package (none for the root), type and function called
	err    error
	op     uri.Op
	name   string
	input  string
	off    int
	is     error  // the reason, for errors.Is
	detail string // checked when not empty
}

// errorCalls are the rows of TestErrorOps.
func errorCalls() []errorCall {
	u := uri.MustParse("http://h/p")
	var v uri.URI
	var i uri.IRI
	var wu whatwg.URL
	web, opaque := whatwg.MustParse("http://h/"), whatwg.MustParse("sc:x")
	set := func(u whatwg.URL, f func(*whatwg.URL, string) error, value string) error { return f(&u, value) }
	const no = uri.NoOffset
	return []errorCall{
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
		{"whatwg.URL.SetHref", set(web, (*whatwg.URL).SetHref, "x"), whatwg.OpSet, "href", "x", 0, whatwg.ErrMissingSchemeNonRelativeURL, ""},
		{"whatwg.URL.SetProtocol", set(web, (*whatwg.URL).SetProtocol, "1x"), whatwg.OpSet, "protocol", "1x", 0, whatwg.ErrSchemeInvalid, ""},
		{"whatwg.URL.SetHost", set(web, (*whatwg.URL).SetHost, "a b"), whatwg.OpSet, "host", "a b", 1, whatwg.ErrDomainToASCII, ""},
		{"whatwg.URL.SetHostname", set(web, (*whatwg.URL).SetHostname, "a:1"), whatwg.OpSet, "hostname", "a:1", 1, whatwg.ErrHostnameWithPort, ""},
		{"whatwg.URL.SetPort", set(web, (*whatwg.URL).SetPort, "x"), whatwg.OpSet, "port", "x", 0, whatwg.ErrPortInvalid, ""},
		{"whatwg.URL.SetPathname", set(opaque, (*whatwg.URL).SetPathname, "/a"), whatwg.OpSet, "pathname", "/a", no, whatwg.ErrOpaquePath, ""},
		{"whatwg.URL.SetSearch", set(wu, (*whatwg.URL).SetSearch, "q"), whatwg.OpSet, "search", "q", no, whatwg.ErrMissingSchemeNonRelativeURL, ""},
		{"whatwg.URL.ToURI", third(wu.ToURI()), uri.OpBuild, "", "", no, whatwg.ErrMissingSchemeNonRelativeURL, ""},

		{"template.Parse", second(template.Parse("{/id*")), uri.OpParse, "", "{/id*", 5, template.ErrUnclosed, ""},
		{"template.Expand", second(template.Expand("x{y:1}", template.Values{"y": template.List("a")})), template.OpExpand, "y", "x{y:1}", 2, template.ErrPrefixComposite, ""},
		{"template.Expand(not a URI)", second(template.Expand("{+x}", template.Values{"x": template.String("a#b#c")})), template.OpExpand, "x", "{+x}", 2, template.ErrNotURI, ""},
		{"template.Template.Match", second(template.MustParse("/a/{x}").Match("/b/1", nil)), template.OpMatch, "", "/b/1", 1, template.ErrNoMatch, ""},
		{"template.Template.Match(not a URI)", second(template.MustParse("/a/{x}").Match("a b", nil)), uri.OpParse, "", "a b", 1, uri.ErrInvalidByte, ""},
		{"template.Template.Match(budget)", second(template.MustParse("{a}{b}").Match("ab", &template.MatchOptions{MaxSteps: 10})), template.OpMatch, "", "ab", no, template.ErrBudget, "10 steps; raise MatchOptions.MaxSteps"},

		{"canon.Canon", second(canon.Canon("mailto:x", canon.SafeBrowsing)), canon.OpCanon, "safebrowsing", "mailto:x", 7, canon.ErrNoHost, ""},
		{"canon.Canon(URL Standard)", second(canon.Canon("http://a b/", canon.WHATWG)), canon.OpCanon, "whatwg", "http://a b/", 8, whatwg.ErrDomainToASCII, ""},
		{"canon.Canonicalizer.Canon", second(canon.Canonicalizer{Profile: canon.Semantic}.Canon("https://h:99999/")), canon.OpCanon, "semantic", "https://h:99999/", 10, whatwg.ErrPortOutOfRange, ""},
		{"canon.Canon(unknown profile)", second(canon.Canon("http://a/", canon.Profile(9))), canon.OpCanon, "profile(9)", "http://a/", no, canon.ErrUnknownProfile, ""},
		{"canon.SURT", second(canon.SURT("http://a:8x/")), canon.OpSURT, "archive", "http://a:8x/", 10, canon.ErrBadPort, ""},
		{"canon.Canonicalizer.SURT", second(canon.Canonicalizer{Profile: canon.Aggressive}.SURT("http://a b/")), canon.OpSURT, "aggressive", "http://a b/", 8, whatwg.ErrDomainToASCII, ""},
		{"canon.LookupExpressions", second(canon.LookupExpressions("http://[::1/")), canon.OpCanon, "safebrowsing", "http://[::1/", 11, canon.ErrBadIPLiteral, ""},

		{"httptarget.FromRequest", second(httptarget.FromRequest(&http.Request{Method: "GET", RequestURI: "/a#b", Host: "h"})), uri.OpParse, "", "/a#b", 2, uri.ErrInvalidByte, ""},
		{"httptarget.Config.FromRequest", second(httptarget.Config{DefaultHost: "a b"}.FromRequest(&http.Request{Method: "GET", RequestURI: "/"})), uri.OpParse, "", "a b", 1, uri.ErrInvalidByte, ""},
		{"httptarget.URL", second(httptarget.URL(&http.Request{Method: "GET", RequestURI: "/a?b#c", Host: "h"})), uri.OpParse, "", "/a?b#c", 4, uri.ErrInvalidByte, ""},
		{"httptarget.Config.URL", second(httptarget.Config{}.URL(&http.Request{Method: "GET", RequestURI: "/", Proto: "HTTP/1.0", ProtoMajor: 1})), uri.OpBuild, "", "", 0, uri.ErrNoHost, ""},

		{"route.New", second(route.New([]route.Route{{Pattern: "GE@T /", Handler: http.NotFoundHandler()}}, route.Options{})), uri.OpParse, "", "GE@T /", 2, route.ErrMethod, ""},
		{"route.New(conflict)", second(route.New([]route.Route{{Pattern: "/:a", Handler: http.NotFoundHandler()}, {Pattern: "/:b", Handler: http.NotFoundHandler()}}, route.Options{})), uri.OpParse, "", "/:b", no, route.ErrConflict, `as specific as "/:a"`},

		// A refusal of guard holds the *uri.Error of the parse that failed.
		{"guard.Policy.Check", second(new(guard.Policy).Check("http://[::1%25lo]/")), uri.OpParse, "", "http://[::1%25lo]/", 11, whatwg.ErrIPv6InvalidCodePoint, ""},
		// A bad entry of origin's allowlist is a fault of the configuration.
		{"origin.NewAllowlist", second(originpkg.NewAllowlist([]string{"https://*.com"}, originpkg.Options{})), uri.OpParse, "allowlist", "https://*.com", 10, originpkg.ErrBadEntry, ""},
	}
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
	for _, tt := range errorCalls() {
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

// TestOpsDocumented: the package doc of each package whose exported
// functions return a *uri.Error names every operation that they carry in
// Op (by the rows of TestErrorOps), by the name of its constant, as
// "uri.OpParse" or "[OpSet]" for one of the package's own. Package uri
// declares its operations, and their doc comments say which functions
// report them.
func TestOpsDocumented(t *testing.T) {
	fset := token.NewFileSet()
	files := parseModule(t, fset)
	docs := map[string]string{} // the package doc, by the package's name
	for _, fl := range files {
		if fl.ast.Doc != nil && fl.ast.Name.Name != "main" && !isInternal(fl.pkg) {
			docs[fl.ast.Name.Name] += fl.ast.Doc.Text()
		}
	}
	names := map[uri.Op]string{}
	for key, c := range declaredVocabulary(t, fset, files, vocabularies[0]) {
		names[uri.Op(c.spelling)] = key[strings.LastIndex(key, ".")+1:]
	}
	checked := 0
	for _, tt := range errorCalls() {
		pkg, _, ok := strings.Cut(tt.call, ".")
		if _, direct := tt.err.(*uri.Error); !direct || !ok || docs[pkg] == "" {
			continue // a refusal of guard's, or a function of package uri
		}
		checked++
		if name := names[tt.op]; name == "" || !strings.Contains(docs[pkg], name) {
			t.Errorf("%s returns an error with Op %q, which the doc of package %s does not name (%s)", tt.call, tt.op, pkg, name)
		}
	}
	if checked < 30 {
		t.Errorf("only %d calls checked: the search is broken", checked)
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
// module's root, parsed into fset with their comments.
func parseModule(t *testing.T, fset *token.FileSet) []goFile {
	t.Helper()
	var files []goFile
	for _, f := range goFiles(t, fset, parser.ParseComments) {
		if !f.test && !f.nested {
			files = append(files, f)
		}
	}
	return files
}

// A vocabulary is a string type whose constants name what an error says,
// one spelling for each idea across the module: the Op of uri.Error, the
// Rule and the Reading of guard.Error. Every package may declare constants
// of the type for the ideas that are its own.
type vocabulary struct {
	home, typ string // the package (by its directory) that declares the type, and the type's name
	field     string // the field of home's type Error that holds one
	values    bool   // whether each value that reaches the field must be one of the constants
}

var vocabularies = []vocabulary{
	{".", "Op", "Op", true},
	{"guard", "Rule", "Rule", true},
	{"guard", "Reading", "Reading", false},
}

// vocabSpelling is how every constant of a vocabulary is spelled: lower
// case words (digits after the first letter) joined by "-".
var vocabSpelling = regexp.MustCompile(`^[a-z][a-z0-9]*(-[a-z0-9]+)*$`)

// vocabConst is a constant of a vocabulary.
type vocabConst struct {
	spelling string
	pos      token.Pos
}

// declaredVocabulary returns the constants of v declared in files, by
// "dir.Name" (dir "." for the root), and reports to t the declarations
// that break its rules: a constant of the type is exported, declared in a
// package that callers can import (not internal, not a command), and
// spelled as a string literal by vocabSpelling; an exported constant
// whose name begins with the type's is of the type; no two constants of
// the module have the same spelling.
func declaredVocabulary(t *testing.T, fset *token.FileSet, files []goFile, v vocabulary) map[string]vocabConst {
	t.Helper()
	declared := map[string]vocabConst{}
	bySpelling := map[string]string{}
	for _, fl := range files {
		typed := func(x ast.Expr) bool {
			switch x := x.(type) {
			case *ast.Ident:
				return fl.pkg == v.home && x.Name == v.typ
			case *ast.SelectorExpr:
				id, ok := x.X.(*ast.Ident)
				return ok && x.Sel.Name == v.typ && id.Name == importName(fl.ast, path.Join(modulePath, v.home))
			}
			return false
		}
		for _, d := range fl.ast.Decls {
			g, ok := d.(*ast.GenDecl)
			if !ok || g.Tok != token.CONST {
				continue
			}
			for _, spec := range g.Specs {
				vs := spec.(*ast.ValueSpec)
				for i, n := range vs.Names {
					where := fset.Position(n.Pos()).String() + ": " + n.Name
					if vs.Type == nil || !typed(vs.Type) {
						if rest, ok := strings.CutPrefix(n.Name, v.typ); ok && n.IsExported() && rest != "" && unicode.IsUpper(rune(rest[0])) {
							t.Errorf("%s is not of type %s, as its name says", where, v.typ)
						}
						continue
					}
					lit, ok := valueAt(vs, i).(*ast.BasicLit)
					spelling, err := strconv.Unquote(litValue(lit, ok))
					switch {
					case !n.IsExported() || fl.ast.Name.Name == "main" || isInternal(fl.pkg):
						t.Errorf("%s: a %s that callers cannot name: declare it exported in a package they import", where, v.typ)
					case err != nil:
						t.Errorf("%s: spell a %s as a string literal", where, v.typ)
					case !vocabSpelling.MatchString(spelling):
						t.Errorf("%s = %q: not lower-case words joined by \"-\"", where, spelling)
					case bySpelling[spelling] != "":
						t.Errorf("%s = %q: %s has that spelling already; one idea has one spelling across the module: use it", where, spelling, bySpelling[spelling])
					default:
						key := fl.pkg + "." + n.Name
						bySpelling[spelling] = key
						declared[key] = vocabConst{spelling, n.Pos()}
					}
				}
			}
		}
	}
	return declared
}

// valueAt returns the value of the i-th name of vs, or nil.
func valueAt(vs *ast.ValueSpec, i int) ast.Expr {
	if i < len(vs.Values) {
		return vs.Values[i]
	}
	return nil
}

// litValue returns the text of a string literal, or "" (which does not
// unquote) for anything else.
func litValue(lit *ast.BasicLit, ok bool) string {
	if !ok || lit.Kind != token.STRING {
		return ""
	}
	return lit.Value
}

// isInternal reports whether the package in dir is internal to the module.
func isInternal(dir string) bool {
	return dir == "internal" || strings.HasPrefix(dir, "internal/") || strings.Contains(dir, "/internal/") || strings.HasSuffix(dir, "/internal")
}

// TestOpVocabulary checks, over the source of every package of the
// module, the rules of the vocabularies (docs/design.md, "Op
// vocabulary"): each of their constants is typed, exported from a
// package that callers import, and spelled once across the module, so
// that one idea has one spelling; package uri declares the operations
// that it performs itself (at least ten), and each other package only
// those that are ideas of its own. For Op and Rule, every value that
// reaches the field (a composite literal of the error type, or an
// assignment to a field of that name) is one of them, as opChecker says.
// Package uri is imported as "uri" everywhere.
func TestOpVocabulary(t *testing.T) {
	fset := token.NewFileSet()
	files := parseModule(t, fset)
	for _, fl := range files {
		for _, imp := range fl.ast.Imports {
			if imp.Path.Value == strconv.Quote(modulePath) && imp.Name != nil {
				t.Errorf("%s: package uri imported as %s", fset.Position(imp.Pos()), imp.Name.Name)
			}
		}
	}
	for _, v := range vocabularies {
		declared := declaredVocabulary(t, fset, files, v)
		home := 0
		for key := range declared {
			if strings.HasPrefix(key, v.home+".") {
				home++
			}
		}
		if home < 3 {
			t.Errorf("package %s declares %d constants of type %s: the search is broken", v.home, home, v.typ)
		}
		if !v.values {
			continue
		}
		c := opChecker{t: t, fset: fset, v: v, declared: declared, sites: map[string][]opSite{}, done: map[string]bool{}}
		for _, fl := range files {
			for _, d := range fl.ast.Decls {
				if fd, ok := d.(*ast.FuncDecl); ok && fd.Body != nil {
					c.function(fl, fd)
				}
			}
		}
		c.calls()
		if c.checked < 20 {
			t.Errorf("only %d values of %s found: the search is broken", c.checked, v.field)
		}
	}
}

// opFunc is what opChecker knows of a function: its file and package,
// name, whether it is a method, its parameters by name and its local
// constants by name.
type opFunc struct {
	file      *ast.File
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

// opChecker follows the values that reach the field of a vocabulary: each
// is a constant of the vocabulary (declared by the package or by one it
// imports); a local constant that is one; the same field of another
// error; or a parameter of the enclosing function, whose arguments are
// checked in turn at every call of it in the package. A string literal is
// not one.
type opChecker struct {
	t        *testing.T
	fset     *token.FileSet
	v        vocabulary
	declared map[string]vocabConst
	sites    map[string][]opSite // the calls of each package
	pending  []string            // "dir\x00function\x00method\x00index" of parameters that reach the field
	done     map[string]bool
	checked  int
}

// function checks the values of the field set in fd, a function of the
// file fl, and records the calls it makes.
func (c *opChecker) function(fl goFile, fd *ast.FuncDecl) {
	dir := fl.pkg
	fn := &opFunc{file: fl.ast, dir: dir, name: fd.Name.Name, method: fd.Recv != nil, params: map[string]int{}, consts: map[string]ast.Expr{}}
	k := 0
	for _, p := range fd.Type.Params.List {
		for _, n := range p.Names {
			fn.params[n.Name] = k
			k++
		}
	}
	home := importName(fl.ast, path.Join(modulePath, c.v.home))
	isError := func(x ast.Expr) bool {
		switch x := x.(type) {
		case *ast.Ident:
			return dir == c.v.home && x.Name == "Error"
		case *ast.SelectorExpr:
			pkg, _ := x.X.(*ast.Ident)
			return dir != c.v.home && pkg != nil && pkg.Name == home && x.Sel.Name == "Error"
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
				if key, _ := kv.Key.(*ast.Ident); key != nil && key.Name == c.v.field {
					c.value(fn, kv.Value, c.v.field)
				}
			}
		case *ast.AssignStmt:
			if len(n.Lhs) != len(n.Rhs) {
				return true
			}
			for i, l := range n.Lhs {
				if sel, ok := l.(*ast.SelectorExpr); ok && sel.Sel.Name == c.v.field {
					c.value(fn, n.Rhs[i], "a field "+c.v.field)
				}
			}
		case *ast.CallExpr:
			c.sites[dir] = append(c.sites[dir], opSite{fn, n})
		}
		return true
	})
}

// value checks x, a value that reaches the field in fn, described as what.
func (c *opChecker) value(fn *opFunc, x ast.Expr, what string) {
	c.checked++
	switch v := x.(type) {
	case *ast.Ident:
		if _, ok := c.declared[fn.dir+"."+v.Name]; ok {
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
		if pkg, ok := v.X.(*ast.Ident); ok {
			if dir, ok := importedDir(fn.file, pkg.Name); ok {
				if _, ok := c.declared[dir+"."+v.Sel.Name]; ok {
					return
				}
			}
		}
		if v.Sel.Name == c.v.field {
			return // the field of another error, checked where it was set
		}
	}
	c.t.Errorf("%s: %s in %s is set to %s, which is not a constant of type %s", c.fset.Position(x.Pos()), what, fn.name, exprText(x), c.v.typ)
}

// importedDir returns the directory in the module of the package that f
// imports under name, and whether there is one.
func importedDir(f *ast.File, name string) (string, bool) {
	for _, im := range imports(f) {
		if im.inModule && importName(f, path.Join(modulePath, im.path)) == name {
			return im.path, true
		}
	}
	return "", false
}

// calls checks the arguments of every call of a function whose parameter
// reaches the field, until no new such parameter is found. A method is
// called as x.name, a function of the package as name.
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
