package tree

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"path"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"unicode"

	"github.com/gouri/uri"
)

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
func declaredVocabulary(report func(string, ...any), fset *token.FileSet, files []goFile, v vocabulary) map[string]vocabConst {
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
							report("%s is not of type %s, as its name says", where, v.typ)
						}
						continue
					}
					lit, ok := valueAt(vs, i).(*ast.BasicLit)
					spelling, err := strconv.Unquote(litValue(lit, ok))
					switch {
					case !n.IsExported() || fl.ast.Name.Name == "main" || isInternal(fl.pkg):
						report("%s: a %s that callers cannot name: declare it exported in a package they import", where, v.typ)
					case err != nil:
						report("%s: spell a %s as a string literal", where, v.typ)
					case !vocabSpelling.MatchString(spelling):
						report("%s = %q: not lower-case words joined by \"-\"", where, spelling)
					case bySpelling[spelling] != "":
						report("%s = %q: %s has that spelling already; one idea has one spelling across the module: use it", where, spelling, bySpelling[spelling])
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
		declared, checked := checkVocabulary(t.Errorf, fset, files, v)
		home := 0
		for key := range declared {
			if strings.HasPrefix(key, v.home+".") {
				home++
			}
		}
		if home < 3 {
			t.Errorf("package %s declares %d constants of type %s: the search is broken", v.home, home, v.typ)
		}
		if v.values && checked < 20 {
			t.Errorf("only %d values of %s found: the search is broken", checked, v.field)
		}
	}
}

// checkVocabulary reports to report what breaks the rules of v in files
// (see declaredVocabulary and opChecker), and returns the constants of v
// and the number of values of its field that it checked.
func checkVocabulary(report func(string, ...any), fset *token.FileSet, files []goFile, v vocabulary) (map[string]vocabConst, int) {
	declared := declaredVocabulary(report, fset, files, v)
	if !v.values {
		return declared, 0
	}
	c := opChecker{report: report, fset: fset, v: v, declared: declared, sites: map[string][]opSite{}, done: map[string]bool{}}
	for _, fl := range files {
		for _, d := range fl.ast.Decls {
			if fd, ok := d.(*ast.FuncDecl); ok && fd.Body != nil {
				c.function(fl, fd)
			}
		}
	}
	c.calls()
	return declared, c.checked
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
	report   func(string, ...any)
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
					c.report("%s: an Error literal without field names", c.fset.Position(n.Pos()))
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
	c.report("%s: %s in %s is set to %s, which is not a constant of type %s", c.fset.Position(x.Pos()), what, fn.name, exprText(x), c.v.typ)
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
	for key, c := range declaredVocabulary(t.Errorf, fset, files, vocabularies[0]) {
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

// TestOpVocabularyRules shows that checkVocabulary catches what breaks
// the rules of the Op vocabulary, on a small synthetic module: a root
// that declares its operations and an error type, and packages that
// declare their own, each row adding one file to it.
func TestOpVocabularyRules(t *testing.T) {
	root := `package uri
type Op string
type Error struct{ Op Op }
const (
	OpParse Op = "parse"
	OpBuild Op = "build"
)
func fail(op Op) error { return &Error{Op: op} }
func Parse() error { return fail(OpParse) }
`
	tests := []struct {
		name, dir, src string
		want           string // a part of the one report, or "" for none
	}{
		{"an operation of a package's own", "a", `package a
import "github.com/gouri/uri"
const OpSet uri.Op = "set"
func f() error { return &uri.Error{Op: OpSet} }
func g() error { return &uri.Error{Op: uri.OpParse} }
func h(e *uri.Error) { e.Op = uri.OpBuild }`, ""},
		{"a parameter, checked at its calls", "a", `package a
import "github.com/gouri/uri"
func fail(op uri.Op) error { return &uri.Error{Op: op} }
func f() error { return fail(uri.OpParse) }`, ""},
		{"the Op of another error", "a", `package a
import "github.com/gouri/uri"
func f(e *uri.Error) error { return &uri.Error{Op: e.Op} }`, ""},
		{"a second spelling of the root's idea", "a", `package a
import "github.com/gouri/uri"
const OpRead uri.Op = "parse"`, "has that spelling already"},
		{"one spelling twice", "a", `package a
import "github.com/gouri/uri"
const OpSet uri.Op = "set"
const OpPut uri.Op = "set"`, "has that spelling already"},
		{"a string literal in a field", "a", `package a
import "github.com/gouri/uri"
func f() error { return &uri.Error{Op: "parse"} }`, `set to "parse", which is not a constant of type Op`},
		{"a string literal through a parameter", "a", `package a
import "github.com/gouri/uri"
func fail(op uri.Op) error { return &uri.Error{Op: op} }
func f() error { return fail("set") }`, `set to "set"`},
		{"a string literal assigned", "a", `package a
import "github.com/gouri/uri"
func f(e *uri.Error) { e.Op = "set" }`, `set to "set"`},
		{"a conversion", "a", `package a
import "github.com/gouri/uri"
func f(s string) error { return &uri.Error{Op: uri.Op(s)} }`, "which is not a constant of type Op"},
		{"an untyped constant", "a", `package a
const OpLoose = "loose"`, "is not of type Op"},
		{"an operation that callers cannot name", "a/internal/b", `package b
import "github.com/gouri/uri"
const OpHidden uri.Op = "hidden"`, "callers cannot name"},
		{"a spelling in capitals", "a", `package a
import "github.com/gouri/uri"
const OpSet uri.Op = "Set"`, "not lower-case words"},
	}
	for _, tt := range tests {
		fset := token.NewFileSet()
		var files []goFile
		for _, f := range []struct{ dir, src string }{{".", root}, {tt.dir, tt.src}} {
			name := path.Join(f.dir, "x.go")
			a, err := parser.ParseFile(fset, name, f.src, parser.SkipObjectResolution)
			if err != nil {
				t.Fatalf("%s: %v", tt.name, err)
			}
			files = append(files, goFile{path: name, pkg: f.dir, ast: a})
		}
		var reports []string
		checkVocabulary(func(format string, args ...any) { reports = append(reports, fmt.Sprintf(format, args...)) }, fset, files, vocabularies[0])
		switch {
		case tt.want == "" && len(reports) > 0:
			t.Errorf("%s: reports %q, want none", tt.name, reports)
		case tt.want != "" && (len(reports) != 1 || !strings.Contains(reports[0], tt.want)):
			t.Errorf("%s: reports %q, want one with %q", tt.name, reports, tt.want)
		}
	}
}
