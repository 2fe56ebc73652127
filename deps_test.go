package uri_test

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// This file holds the module's rules of structure, as Go's own
// go/build/deps_test.go holds those of the standard library: which package
// may import which (TestImportRules), which calls only one package makes
// (TestOnlyIn), how long a function may be (TestFunctionLength), and the
// naming conventions of the API (TestNamingConventions).
// docs/design.md explains the layers.

const modulePath = "github.com/gouri/uri"

// The layers of the module, bottom up, as the sets of packages (by their
// path in the module, "." for the root) that a package of the next layer
// may import.
var (
	// middle is internal/: the middle level that every package shares,
	// each internal package with one purpose.
	middle = []string{
		"internal/abnf", "internal/dotseg", "internal/errtext", "internal/idnacheck",
		"internal/inetaton", "internal/lazybuf", "internal/query", "internal/schemes",
	}
	// core is the strict RFC 3986 package and what it stands on.
	core = join([]string{"."}, middle)
	// urlReadings are the packages that read a URL another way than
	// RFC 3986 does, each with a value type of its own.
	urlReadings = join(core, []string{"whatwg", "legacy"})
)

// importRules says, for each package of the module, which packages of the
// module, and which outside the standard library, its non-test files may
// import. The standard library is always allowed. A package that the table
// does not list fails TestImportRules: add a line for it here, in its
// layer, with what it needs.
var importRules = map[string][]string{
	// The middle level. Each package stands alone, but for inetaton,
	// which reads digits with abnf, lazybuf, which lowers ASCII with it
	// while it copies, and idnacheck, the one door to IDNA.
	"internal/abnf":      nil,
	"internal/dotseg":    nil,
	"internal/errtext":   nil,
	"internal/lazybuf":   {"internal/abnf"},
	"internal/query":     nil,
	"internal/schemes":   nil,
	"internal/inetaton":  {"internal/abnf"},
	"internal/idnacheck": {"golang.org/x/net/idna"},

	// Support of tests and tools, imported by tests and commands only.
	"internal/testrows":    nil,
	"internal/oracle":      nil,
	"internal/cmd/vectors": nil,
	"internal/crosscheck":  nil,
	// The generator of urlpattern's test rows from the reference
	// implementation's output.
	"urlpattern/internal/gencases": nil,

	// Engines private to one package: urlpattern's translator of
	// ECMAScript regular expressions to RE2, which reads hex digits with
	// abnf; template's matcher, and expr, the syntax and the writing of a
	// value that the matcher shares with template's expansion.
	"urlpattern/internal/jsregexp": {"internal/abnf"},
	"template/internal/expr":       core,
	"template/internal/match":      join(core, []string{"template/internal/expr"}),

	// The strict core.
	".": middle,

	// The readings of URLs other than RFC 3986's. whatwg builds the URL
	// Standard's IDNA profiles (section 3.3); it converts through
	// internal/idnacheck (see TestOnlyIn).
	"whatwg": join(core, []string{"golang.org/x/net/idna"}),
	"legacy": core,

	// The jobs on top of the readings. They import the readings, never the
	// other way round; guard asks package readings, which is a job too.
	"readings": urlReadings,
	"guard":    join(urlReadings, []string{"readings", "internal/hostmatch"}),
	"canon":    urlReadings,
	"template": join(urlReadings, []string{"template/internal/expr", "template/internal/match"}),
	"site":     join(urlReadings, []string{"golang.org/x/net/publicsuffix"}),
	// The one matcher of host patterns, which guard's OnlyHosts and
	// origin's allowlists share: hosts read by the URL Standard, wildcards
	// checked against the public suffixes of site. It stands above the
	// readings, so it is no part of the middle level.
	"internal/hostmatch": join(urlReadings, []string{"site"}),
	// The media types of MIME Sniffing read with the core's errors, and
	// data: URLs (Fetch) on top of them and the URL Standard.
	"mimetype": core,
	"dataurl":  join(urlReadings, []string{"mimetype"}),
	// URL patterns (URL Pattern Standard) compile and match on the URL
	// Standard's values, their regular expressions through their own
	// engine.
	"urlpattern": join(urlReadings, []string{"urlpattern/internal/jsregexp"}),
	// The HTTP edge: request targets of RFC 9112 from net/http, read
	// strictly or as the URL Standard reads them, and redirects checked
	// against an origin, which guard refuses.
	"httptarget": urlReadings,
	"origin":     join(urlReadings, []string{"guard", "internal/hostmatch"}),
	// A route table of net/http on URL patterns, reading the request's
	// path as the URL Standard does; HTTP's token rule from x/net.
	"route": join(urlReadings, []string{"urlpattern", "golang.org/x/net/http/httpguts"}),

	// The command, on top of everything. Nothing imports it.
	"cmd/uri": join(urlReadings, []string{"readings", "guard", "canon", "template", "site",
		"mimetype", "dataurl", "urlpattern", "origin"}),
}

// testSupport is what any package's tests may import besides what the
// package may: go-cmp and the module's support of tests.
var testSupport = []string{"github.com/google/go-cmp/cmp", "github.com/google/go-cmp/cmp/cmpopts", "internal/testrows", "internal/oracle"}

// testRules lists what the tests of a package may import beyond that, and
// why.
var testRules = map[string][]string{
	// The core's tests compare it with the older grammars, and its hosts
	// with x/net/idna alone.
	// The vocabulary of operations and the error value are checked over
	// the packages that return *uri.Error (op_test.go).
	".": {"legacy", "golang.org/x/net/idna", "whatwg", "canon", "guard", "template", "origin", "httptarget", "route"},
	// Examples of urlpattern's lists guarding a fetch; origin's tests take
	// request targets from net/http.
	"urlpattern": {"guard"},
	"origin":     {"httptarget"},
	// httptarget's examples hand the URL of a request to a list of URL
	// patterns and to a check of a redirect.
	"httptarget": {"urlpattern", "origin"},
	// route's examples read the URL of a request to check a redirect.
	"route": {"httptarget", "origin"},
	// The properties that hold across packages.
	"internal/crosscheck": join(urlReadings, []string{"readings", "guard", "canon", "template", "site", "origin"}),
}

// join returns the elements of the lists in one new list.
func join(lists ...[]string) []string {
	var all []string
	for _, l := range lists {
		all = append(all, l...)
	}
	return all
}

// goFile is one Go file of the module, parsed.
type goFile struct {
	path   string // the file's path from the module's root
	pkg    string // its package's directory in the module, "." for the root
	test   bool
	nested bool // the file is in a module of its own below the root
	ast    *ast.File
}

// goFiles parses every Go file below the module's root into fset with
// mode (and parser.SkipObjectResolution), without testdata, hidden
// directories and those whose name starts with "_". The files of a
// nested module are marked as such. Each test that reads the module's
// source walks it here.
func goFiles(t *testing.T, fset *token.FileSet, mode parser.Mode) []goFile {
	t.Helper()
	var files []goFile
	var nested []string // the directories of nested modules, with a final "/"
	err := filepath.WalkDir(".", func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			n := d.Name()
			if p != "." && (n == "testdata" || strings.HasPrefix(n, ".") || strings.HasPrefix(n, "_")) {
				return filepath.SkipDir
			}
			if _, err := os.Stat(filepath.Join(p, "go.mod")); p != "." && err == nil {
				nested = append(nested, filepath.ToSlash(p)+"/")
			}
			return nil
		}
		if !strings.HasSuffix(p, ".go") {
			return nil
		}
		f, err := parser.ParseFile(fset, p, nil, mode|parser.SkipObjectResolution)
		if err != nil {
			return err
		}
		slash := filepath.ToSlash(p)
		inNested := slices.ContainsFunc(nested, func(dir string) bool { return strings.HasPrefix(slash, dir) })
		files = append(files, goFile{slash, filepath.ToSlash(filepath.Dir(p)), strings.HasSuffix(p, "_test.go"), inNested, f})
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return files
}

// moduleFiles returns the Go files of the module itself, nested modules
// left out, parsed into fset.
func moduleFiles(t *testing.T, fset *token.FileSet) []goFile {
	t.Helper()
	var files []goFile
	for _, f := range goFiles(t, fset, 0) {
		if !f.nested {
			files = append(files, f)
		}
	}
	return files
}

// imported is one import of a file: a package of the module by its path in
// the module ("." for the root), or another by its import path.
type imported struct {
	path     string
	inModule bool
}

// imports returns the imports of f.
func imports(f *ast.File) []imported {
	var ps []imported
	for _, spec := range f.Imports {
		p, _ := strconv.Unquote(spec.Path.Value)
		switch {
		case p == modulePath:
			ps = append(ps, imported{".", true})
		case strings.HasPrefix(p, modulePath+"/"):
			ps = append(ps, imported{strings.TrimPrefix(p, modulePath+"/"), true})
		default:
			ps = append(ps, imported{p, false})
		}
	}
	return ps
}

// standard reports whether p, the import path of a package outside the
// module, is in the standard library: its first element has no dot.
func standard(p string) bool {
	first, _, _ := strings.Cut(p, "/")
	return !strings.Contains(first, ".")
}

// TestImportRules holds every package of the module to importRules, its
// tests to testSupport and testRules, and checks that nothing imports the
// command or, outside tests and commands, the support of tests.
func TestImportRules(t *testing.T) {
	for _, f := range moduleFiles(t, token.NewFileSet()) {
		allowed, ok := importRules[f.pkg]
		if !ok {
			t.Errorf("%s: package %q is not in the import rules: add it to importRules in deps_test.go, in its layer, with what it may import", f.path, f.pkg)
			continue
		}
		if f.test {
			allowed = join(allowed, testSupport, testRules[f.pkg], []string{f.pkg})
		}
		for _, p := range imports(f.ast) {
			switch {
			case p.inModule && strings.HasPrefix(p.path, "cmd/"):
				t.Errorf("%s imports %q: nothing imports a command", f.path, p.path)
			case p.inModule && !f.test && (p.path == "internal/testrows" || p.path == "internal/oracle"):
				t.Errorf("%s imports %q, which only tests may", f.path, p.path)
			case slices.Contains(allowed, p.path), !p.inModule && standard(p.path):
			default:
				t.Errorf("%s imports %q, which package %q may not (see importRules in deps_test.go)", f.path, p.path, f.pkg)
			}
		}
	}
}

// onlyIn are the rules that only some packages follow: a call or a literal
// that spells a rule of a standard, written once. Each names the packages
// (or, for tests, the files) allowed to make it, and why.
var onlyIn = []struct {
	what  string
	match func(f *ast.File, n ast.Node) bool
	pkgs  []string // the packages whose non-test files may
	tests []string // the test files that may; nil for a rule that tests need not follow
}{
	{
		"a conversion of x/net/idna (ToASCII or ToUnicode): IDNA goes through internal/idnacheck, with its limit and its check of labels",
		idnaConversion,
		[]string{"internal/idnacheck"},
		// They compare the module's readings with x/net/idna alone.
		[]string{"security_test.go", "whatwg/wpt_test.go", "internal/idnacheck/idnacheck_test.go"},
	},
	{
		"a profile of x/net/idna (idna.New and its options): the URL Standard's (whatwg, section 3.3) and idnacheck's named ones",
		func(f *ast.File, n ast.Node) bool { return isPkgCall(f, n, "golang.org/x/net/idna", "New") },
		[]string{"internal/idnacheck", "whatwg"},
		[]string{"internal/idnacheck/idnacheck_test.go", "whatwg/wpt_test.go"},
	},
	{
		"splitting at \"&\": query pairs are split by internal/query",
		splitsAtAmpersand,
		[]string{"internal/query"},
		nil,
	},
	{
		"a default port as text (\"80\", \"443\"): scheme facts come from internal/schemes",
		func(f *ast.File, n ast.Node) bool {
			l, ok := n.(*ast.BasicLit)
			return ok && (l.Value == `"80"` || l.Value == `"443"`)
		},
		// The generator of urlpattern's rows picks ports to test with.
		[]string{"internal/schemes", "internal/oracle", "urlpattern/internal/gencases"},
		nil,
	},
}

// TestOnlyIn checks the rules of onlyIn on every file of the module. Test
// files follow the rules that list test files, but for those; the others
// bind non-test code only, since tests hold expected values and slow
// references of their own.
func TestOnlyIn(t *testing.T) {
	for _, f := range moduleFiles(t, token.NewFileSet()) {
		for _, r := range onlyIn {
			if f.test && (r.tests == nil || slices.Contains(r.tests, f.path)) || !f.test && slices.Contains(r.pkgs, f.pkg) {
				continue
			}
			ast.Inspect(f.ast, func(n ast.Node) bool {
				if n != nil && r.match(f.ast, n) {
					t.Errorf("%s: %s", f.path, r.what)
				}
				return true
			})
		}
	}
}

// importName returns the name under which f imports the package p, or "".
func importName(f *ast.File, p string) string {
	for _, spec := range f.Imports {
		if q, _ := strconv.Unquote(spec.Path.Value); q == p {
			if spec.Name != nil {
				return spec.Name.Name
			}
			return path.Base(p)
		}
	}
	return ""
}

// isPkgCall reports whether n calls the function name of the package p.
func isPkgCall(f *ast.File, n ast.Node, p, name string) bool {
	c, ok := n.(*ast.CallExpr)
	if !ok {
		return false
	}
	sel, ok := c.Fun.(*ast.SelectorExpr)
	if !ok || sel.Sel.Name != name {
		return false
	}
	id, ok := sel.X.(*ast.Ident)
	return ok && id.Name == importName(f, p) && importName(f, p) != ""
}

// idnaConversion reports whether n is a call of ToASCII or ToUnicode in a
// file that imports x/net/idna, other than through internal/idnacheck: of
// the package (idna.ToASCII), of its profiles (idna.Lookup.ToASCII) or of a
// profile that the file holds.
func idnaConversion(f *ast.File, n ast.Node) bool {
	c, ok := n.(*ast.CallExpr)
	if !ok || importName(f, "golang.org/x/net/idna") == "" {
		return false
	}
	sel, ok := c.Fun.(*ast.SelectorExpr)
	if !ok || sel.Sel.Name != "ToASCII" && sel.Sel.Name != "ToUnicode" {
		return false
	}
	root := sel.X
	for {
		s, ok := root.(*ast.SelectorExpr)
		if !ok {
			break
		}
		root = s.X
	}
	id, ok := root.(*ast.Ident)
	return !ok || id.Name != importName(f, modulePath+"/internal/idnacheck")
}

// splitsAtAmpersand reports whether n calls a function of strings or bytes
// with a "&" or '&' argument that looks for it or splits at it.
func splitsAtAmpersand(f *ast.File, n ast.Node) bool {
	c, ok := n.(*ast.CallExpr)
	if !ok || len(c.Args) < 2 {
		return false
	}
	sel, ok := c.Fun.(*ast.SelectorExpr)
	if !ok {
		return false
	}
	id, ok := sel.X.(*ast.Ident)
	if !ok || id.Name != importName(f, "strings") && id.Name != importName(f, "bytes") {
		return false
	}
	switch sel.Sel.Name {
	case "Split", "SplitN", "SplitSeq", "SplitAfter", "Cut", "Index", "IndexByte", "LastIndex", "LastIndexByte", "Count", "Fields", "FieldsFunc":
	default:
		return false
	}
	l, ok := c.Args[1].(*ast.BasicLit)
	return ok && (l.Value == `"&"` || l.Value == `'&'`)
}

// maxLines is the longest a function of the module may be, from "func" to
// its closing brace: a function that does more is split by the items or
// states of what it reads, as the whatwg parser is.
const maxLines = 80

// TestFunctionLength holds every function and method of the module's
// non-test files to maxLines.
func TestFunctionLength(t *testing.T) {
	fset := token.NewFileSet()
	for _, f := range moduleFiles(t, fset) {
		if f.test {
			continue
		}
		for _, d := range f.ast.Decls {
			fd, ok := d.(*ast.FuncDecl)
			if !ok || fd.Body == nil {
				continue
			}
			if n := fset.Position(fd.End()).Line - fset.Position(fd.Pos()).Line + 1; n > maxLines {
				t.Errorf("%s: %s is %d lines long, more than %d: split it", f.path, fd.Name.Name, n, maxLines)
			}
		}
	}
}

// TestNamingConventions holds the exported API of every package to two
// conventions of docs/design.md: a method With... (or Without...) of an
// exported type returns a changed copy, so it has a value receiver and
// returns the receiver's type first; a method Set... changes its receiver,
// so it has a pointer receiver. And a function or method that takes a base takes it before
// the reference: no parameter named ref, input, target, pattern or s
// comes before one named base.
func TestNamingConventions(t *testing.T) {
	fset := token.NewFileSet()
	refs := []string{"ref", "input", "target", "pattern", "s", "rawURL"}
	for _, f := range moduleFiles(t, fset) {
		if f.test {
			continue
		}
		for _, d := range f.ast.Decls {
			fd, ok := d.(*ast.FuncDecl)
			if !ok || !fd.Name.IsExported() {
				continue
			}
			where := fset.Position(fd.Pos()).String() + ": " + fd.Name.Name
			if fd.Recv != nil && len(fd.Recv.List) == 1 && ast.IsExported(types(fd.Recv.List[0].Type)) {
				if msg := receiverRule(fd); msg != "" {
					t.Errorf("%s: %s", where, msg)
				}
			}
			var names []string
			for _, p := range fd.Type.Params.List {
				for _, n := range p.Names {
					names = append(names, n.Name)
				}
			}
			if b := slices.Index(names, "base"); b > 0 {
				for _, n := range names[:b] {
					if slices.Contains(refs, n) {
						t.Errorf("%s takes %s before base: the base comes first", where, n)
					}
				}
			}
		}
	}
}

// receiverRule returns what is wrong with the method fd by the With and
// Set conventions, or "".
func receiverRule(fd *ast.FuncDecl) string {
	name := fd.Name.Name
	prefixed := func(p string) bool {
		rest, ok := strings.CutPrefix(name, p)
		return ok && (rest == "" || rest[0] >= 'A' && rest[0] <= 'Z')
	}
	recv := fd.Recv.List[0].Type
	_, pointer := recv.(*ast.StarExpr)
	switch {
	case prefixed("With") || prefixed("Without"):
		if pointer {
			return "a With method returns a changed copy: give it a value receiver"
		}
		res := fd.Type.Results
		if res == nil || len(res.List) == 0 || types(res.List[0].Type) != types(recv) {
			return "a With method returns a changed copy of its receiver's type first"
		}
	case prefixed("Set"):
		if !pointer {
			return "a Set method changes its receiver: give it a pointer receiver, or call it With"
		}
	}
	return ""
}

// types returns the name of a receiver or result type, without type
// parameters.
func types(x ast.Expr) string {
	switch x := x.(type) {
	case *ast.Ident:
		return x.Name
	case *ast.StarExpr:
		return types(x.X)
	case *ast.IndexExpr:
		return types(x.X)
	case *ast.IndexListExpr:
		return types(x.X)
	}
	return ""
}
