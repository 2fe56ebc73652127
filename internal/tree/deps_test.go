package tree

import (
	"go/ast"
	"go/token"
	"slices"
	"strings"
	"testing"
)

// This file holds the module's rules of structure, as Go's own
// go/build/deps_test.go holds those of the standard library: which package
// may import which (TestImportRules), how long a function may be
// (TestFunctionLength), the naming conventions of the API
// (TestNamingConventions), and which tests measure time (TestTimingTier).
// docs/design.md explains the layers.

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
	// tree holds the rules of the whole tree in its tests, and has no
	// code.
	"internal/tree":        nil,
	"internal/testrows":    nil,
	"internal/oracle":      {"internal/timing"},
	"internal/timing":      nil,
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
	// Hosts and URLs shown to people (UTS #39, as browsers decide), the
	// URL display form on the URL Standard's values.
	"display": urlReadings,
	// A route table of net/http on URL patterns, reading the request's
	// path as the URL Standard does; HTTP's token rule from x/net.
	"route": join(urlReadings, []string{"urlpattern", "golang.org/x/net/http/httpguts"}),
	// robots.txt (RFC 9309), matched against URLs as the URL Standard
	// reads them, and fetched with any net/http client.
	"robots": urlReadings,

	// URLs found in text, each read by the URL Standard's parser, bare
	// domains checked against the Public Suffix List of site.
	"extract": join(urlReadings, []string{"site"}),

	// The command, on top of everything. Nothing imports it.
	"cmd/uri": join(urlReadings, []string{"readings", "guard", "canon", "template", "site",
		"mimetype", "dataurl", "urlpattern", "origin", "httptarget", "robots", "extract", "display"}),
}

// testSupport is what any package's tests may import besides what the
// package may: go-cmp and the module's support of tests.
var testSupport = join([]string{"github.com/google/go-cmp/cmp", "github.com/google/go-cmp/cmp/cmpopts"}, testOnly)

// testOnly are the packages of the support of tests, which only tests and
// each other may import.
var testOnly = []string{"internal/testrows", "internal/oracle", "internal/timing"}

// testRules lists what the tests of a package may import beyond that, and
// why.
var testRules = map[string][]string{
	// The core's tests compare it with the older grammars, and its hosts
	// with x/net/idna alone.
	".": {"legacy", "golang.org/x/net/idna"},
	// Examples of urlpattern's lists guarding a fetch; origin's tests take
	// request targets from net/http.
	"urlpattern": {"guard"},
	"origin":     {"httptarget"},
	// httptarget's examples hand the URL of a request to a list of URL
	// patterns and to a check of a redirect.
	"httptarget": {"urlpattern", "origin"},
	// route's examples read the URL of a request to check a redirect.
	"route": {"httptarget", "origin"},
	// robots' examples fetch robots.txt with the SSRF guard's client.
	"robots": {"guard"},
	// The rules of the tree call every package that reports errors
	// (errors_test.go), and ask the scheme table what a default port is
	// (onlyin_test.go).
	"internal/tree": join(urlReadings, []string{"readings", "guard", "canon", "template", "site",
		"mimetype", "dataurl", "urlpattern", "httptarget", "origin", "route", "robots", "extract", "display"}),
	// The properties that hold across packages.
	"internal/crosscheck": join(urlReadings, []string{"readings", "guard", "canon", "template", "site", "origin"}),
}

// TestImportRules holds every package of the module to importRules, its
// tests to testSupport and testRules, and checks that nothing imports the
// command or, outside tests and the support of tests itself, the support
// of tests.
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
			case p.inModule && !f.test && slices.Contains(testOnly, p.path) && !slices.Contains(testOnly, f.pkg):
				t.Errorf("%s imports %q, which only tests may", f.path, p.path)
			case slices.Contains(allowed, p.path), !p.inModule && standard(p.path):
			default:
				t.Errorf("%s imports %q, which package %q may not (see importRules in deps_test.go)", f.path, p.path, f.pkg)
			}
		}
	}
}

// tierName is what the name of every check of time holds. The tier of
// internal/timing, which go test ./... skips, is run by
// GOURI_TIMING=1 go test -run Linear ./..., which selects these tests with
// the checks of linear work by counts.
const tierName = "LinearTime"

// TestTimingTier holds the tests of the module to the tier of the checks of
// time (see internal/timing): a function that measures, by using a function
// of internal/timing other than Tier, is a test named with tierName that
// calls timing.Tier before it measures; and a test named with tierName
// calls timing.Tier. So the tier's -run pattern selects every check of
// time, and a name that says time means one.
func TestTimingTier(t *testing.T) {
	files := moduleFiles(t, token.NewFileSet())
	measures := map[string]bool{} // the functions of internal/timing but Tier
	for _, f := range files {
		if f.pkg != "internal/timing" || f.test {
			continue
		}
		for _, d := range f.ast.Decls {
			if fd, ok := d.(*ast.FuncDecl); ok && fd.Recv == nil && fd.Name.IsExported() && fd.Name.Name != "Tier" {
				measures[fd.Name.Name] = true
			}
		}
	}
	if !measures["CheckLinear"] {
		t.Fatal("internal/timing has no function CheckLinear: the test reads the wrong package")
	}
	for _, f := range files {
		if !f.test {
			continue
		}
		name := importName(f.ast, modulePath+"/internal/timing")
		for _, d := range f.ast.Decls {
			fd, ok := d.(*ast.FuncDecl)
			if !ok || fd.Body == nil {
				continue
			}
			tier, measure := tierUses(fd, name, measures)
			named := fd.Recv == nil && strings.HasPrefix(fd.Name.Name, "Test") && strings.Contains(fd.Name.Name, tierName)
			switch {
			case measure.IsValid() && !named:
				t.Errorf("%s: %s measures time with internal/timing: only a test named with %q may, which the tier runs", f.path, fd.Name.Name, tierName)
			case measure.IsValid() && (!tier.IsValid() || tier > measure):
				t.Errorf("%s: %s measures time without calling timing.Tier first", f.path, fd.Name.Name)
			case named && !tier.IsValid():
				t.Errorf("%s: %s is named as a check of time (%q) but does not call timing.Tier", f.path, fd.Name.Name, tierName)
			}
		}
	}
}

// tierUses returns the position in fd of the first call of timing.Tier and
// of the first use of one of the measures of package timing, imported as
// name ("" when the file does not import it); token.NoPos for none.
func tierUses(fd *ast.FuncDecl, name string, measures map[string]bool) (tier, measure token.Pos) {
	if name == "" {
		return token.NoPos, token.NoPos
	}
	ast.Inspect(fd.Body, func(n ast.Node) bool {
		sel, ok := n.(*ast.SelectorExpr)
		if !ok {
			return true
		}
		if id, ok := sel.X.(*ast.Ident); !ok || id.Name != name {
			return true
		}
		switch {
		case sel.Sel.Name == "Tier" && !tier.IsValid():
			tier = sel.Pos()
		case measures[sel.Sel.Name] && !measure.IsValid():
			measure = sel.Pos()
		}
		return true
	})
	return tier, measure
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
