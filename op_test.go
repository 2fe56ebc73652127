package uri_test

import (
	"errors"
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"net/url"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/gouri/uri"
	"github.com/gouri/uri/legacy"
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

// TestErrorOps pins the Op of each exported function or method of the
// module that returns an *uri.Error, as the Op constants document it: one
// failing call of each. Package legacy names its grammar in Detail.
func TestErrorOps(t *testing.T) {
	u := uri.MustParse("http://h/p")
	var v uri.URI
	var i uri.IRI
	tests := []struct {
		call   string
		err    error
		op     string
		detail string // checked when not empty
	}{
		{call: "Parse", err: second(uri.Parse("a b")), op: uri.OpParse},
		{call: "ParseURI", err: second(uri.ParseURI("a")), op: uri.OpParse},
		{call: "ParseAbsoluteURI", err: second(uri.ParseAbsoluteURI("a:b#c")), op: uri.OpParse},
		{call: "ParseRelativeRef", err: second(uri.ParseRelativeRef("a:b")), op: uri.OpParse},
		{call: "ParseRFC6874", err: second(uri.ParseRFC6874("%")), op: uri.OpParse},
		{call: "ParseIRI", err: second(uri.ParseIRI("\xff")), op: uri.OpParse},
		{call: "URI.UnmarshalText", err: v.UnmarshalText([]byte("a b")), op: uri.OpParse},
		{call: "URI.UnmarshalBinary", err: v.UnmarshalBinary([]byte("a b")), op: uri.OpParse},
		{call: "IRI.UnmarshalText", err: i.UnmarshalText([]byte("a b")), op: uri.OpParse},

		{call: "Components.URI", err: second(uri.Components{Scheme: "1"}.URI()), op: uri.OpBuild},
		{call: "Components.Encode", err: third(uri.Components{Scheme: "1"}.Encode()), op: uri.OpBuild},
		{call: "URI.WithScheme", err: second(u.WithScheme("1")), op: uri.OpBuild},
		{call: "URI.WithUserinfo", err: second(u.WithUserinfo("a b")), op: uri.OpBuild},
		{call: "URI.WithHost", err: second(u.WithHost("a b")), op: uri.OpBuild},
		{call: "URI.WithPort", err: second(u.WithPort("a")), op: uri.OpBuild},
		{call: "URI.WithPath", err: second(u.WithPath("a")), op: uri.OpBuild},
		{call: "URI.WithQuery", err: second(u.WithQuery("#")), op: uri.OpBuild},
		{call: "URI.WithFragment", err: second(u.WithFragment("#")), op: uri.OpBuild},
		{call: "URI.JoinPath", err: second(u.JoinPath("..")), op: uri.OpBuild},
		{call: "FromURL(nil)", err: second(uri.FromURL(nil)), op: uri.OpBuild},
		{call: "FromURL", err: second(uri.FromURL(&url.URL{Scheme: "http", Host: "h", RawQuery: "a b"})), op: uri.OpBuild},

		{call: "Resolve", err: second(uri.Resolve("/a", "b")), op: uri.OpResolve},
		{call: "ResolveNonStrict", err: second(uri.ResolveNonStrict("http://h/", "a b")), op: uri.OpResolve},
		{call: "Relativize", err: second(uri.Relativize("http://h/", "http://h/./a")), op: uri.OpRelativize},
		{call: "Normalize", err: second(uri.Normalize("a b")), op: uri.OpNormalize},
		{call: "Unescape", err: second(uri.Unescape("%zz", uri.EscapePath)), op: uri.OpUnescape},
		{call: "UnescapeUTF8", err: second(uri.UnescapeUTF8("%FF", uri.EscapePath)), op: uri.OpUnescape},
		{call: "URI.PortNumber", err: second(uri.MustParse("//h:65536").PortNumber()), op: uri.OpPortNumber},
		{call: "IRI.PortNumber", err: second(must(uri.ParseIRI("//h:65536")).PortNumber()), op: uri.OpPortNumber},
		{call: "HostToASCII", err: second(uri.HostToASCII("a_b.example")), op: uri.OpIDNA},
		{call: "HostToUnicode", err: second(uri.HostToUnicode("a b")), op: uri.OpIDNA},
		{call: "CheckHomograph", err: uri.CheckHomograph("p\u0430ypal.com"), op: uri.OpHomograph},
		{call: "CheckHomograph(invalid)", err: uri.CheckHomograph("xn--"), op: uri.OpHomograph},
		{call: "FilePath", err: second(uri.FilePath(u, uri.PathPOSIX)), op: uri.OpFilePath},
		{call: "FromFilePath", err: second(uri.FromFilePath("a", uri.PathPOSIX)), op: uri.OpFilePath},

		{call: "legacy.Parse", err: second(legacy.Parse("a b", legacy.RFC2396)), op: uri.OpParse, detail: "rfc2396"},
		{call: "legacy.Parse(unknown grammar)", err: second(legacy.Parse("a", legacy.Grammar(0))), op: uri.OpParse},
		{call: "legacy.CanonicalHTTP", err: second(legacy.CanonicalHTTP("http://u@h/")), op: uri.OpParse, detail: "rfc2616"},
		{call: "legacy.EqualHTTP", err: second(legacy.EqualHTTP("http://h/", "a b")), op: uri.OpParse, detail: "rfc2616"},
		{call: "legacy.ResolveRFC1808", err: second(legacy.ResolveRFC1808("/a", "g")), op: uri.OpResolve, detail: "rfc1808"},
		{call: "legacy.ResolveRFC2396", err: second(legacy.ResolveRFC2396("http://h/", "a b")), op: uri.OpResolve, detail: "rfc2396"},
		{call: "legacy.URL.Upgrade", err: third(legacy.URL{Parts: uri.Components{Scheme: "1"}}.Upgrade()), op: uri.OpBuild},
	}
	for _, tt := range tests {
		var e *uri.Error
		if !errors.As(tt.err, &e) {
			t.Errorf("%s: error %v, want an *uri.Error", tt.call, tt.err)
			continue
		}
		if e.Op != tt.op || tt.detail != "" && e.Detail != tt.detail {
			t.Errorf("%s: error %q has Op %q and Detail %q; want Op %q and Detail %q", tt.call, e, e.Op, e.Detail, tt.op, tt.detail)
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

// TestOpVocabulary checks the vocabulary of Error.Op in the source of the
// packages that make *uri.Error values (package uri and package legacy,
// and a uri.Error literal anywhere in the module): the package declares the
// constants of opConstants and no other Op constant, each spelled in lower
// case with words joined by "-"; and every value that reaches an Op field
// is one of them. A value reaches Op through a composite literal, an
// assignment to a field Op, or a variable or parameter named op; each
// must be an Op constant, or a string literal equal to one.
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
	type file struct {
		dir string
		f   *ast.File
	}
	var files []file
	err := filepath.WalkDir(".", func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if n := d.Name(); p != "." && (n == "testdata" || strings.HasPrefix(n, ".") || strings.HasPrefix(n, "_")) {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(p, ".go") || strings.HasSuffix(p, "_test.go") {
			return nil
		}
		f, err := parser.ParseFile(fset, p, nil, parser.SkipObjectResolution)
		if err != nil {
			return err
		}
		files = append(files, file{filepath.Dir(p), f})
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}

	// The Op constants that package uri declares.
	var declared []string
	for _, fl := range files {
		if fl.dir != "." {
			continue
		}
		for _, d := range fl.f.Decls {
			if g, ok := d.(*ast.GenDecl); ok && g.Tok == token.CONST {
				for _, s := range g.Specs {
					for _, n := range s.(*ast.ValueSpec).Names {
						if strings.HasPrefix(n.Name, "Op") && n.IsExported() {
							declared = append(declared, n.Name)
						}
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

	checked := 0
	for _, fl := range files {
		inUri := fl.dir == "."
		// ok reports whether x is an Op value of the vocabulary, or the
		// name op, whose own values are checked where they are set.
		ok := func(x ast.Expr) bool {
			switch x := x.(type) {
			case *ast.BasicLit:
				s, err := strconv.Unquote(x.Value)
				return x.Kind == token.STRING && err == nil && vocab[s]
			case *ast.Ident:
				_, isConst := opConstants[x.Name]
				return inUri && isConst || x.Name == "op"
			case *ast.SelectorExpr:
				_, isConst := opConstants[x.Sel.Name]
				pkg, _ := x.X.(*ast.Ident)
				return !inUri && pkg != nil && pkg.Name == "uri" && isConst
			}
			return false
		}
		check := func(x ast.Expr, what string) {
			checked++
			if !ok(x) {
				t.Errorf("%s: %s is set to %s, which is not an Op constant", fset.Position(x.Pos()), what, exprText(x))
			}
		}
		isError := func(x ast.Expr) bool {
			switch x := x.(type) {
			case *ast.Ident:
				return inUri && x.Name == "Error"
			case *ast.SelectorExpr:
				pkg, _ := x.X.(*ast.Ident)
				return !inUri && pkg != nil && pkg.Name == "uri" && x.Sel.Name == "Error"
			}
			return false
		}
		// Only package uri and package legacy set Op fields and op names
		// of their own; elsewhere Op and op are of other types.
		sets := inUri || fl.f.Name.Name == "legacy"
		// The parameters named op of the package's functions, by function name.
		opParams := map[string]int{}
		if sets {
			for _, other := range files {
				if other.dir != fl.dir {
					continue
				}
				for _, d := range other.f.Decls {
					if fd, isFunc := d.(*ast.FuncDecl); isFunc {
						k := 0
						for _, p := range fd.Type.Params.List {
							for _, n := range p.Names {
								if n.Name == "op" {
									opParams[fd.Name.Name] = k
								}
								k++
							}
						}
					}
				}
			}
		}
		ast.Inspect(fl.f, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.CompositeLit:
				if !isError(n.Type) {
					return true
				}
				for _, el := range n.Elts {
					kv, isKV := el.(*ast.KeyValueExpr)
					if !isKV {
						t.Errorf("%s: an Error literal without field names", fset.Position(n.Pos()))
						break
					}
					if k, _ := kv.Key.(*ast.Ident); k != nil && k.Name == "Op" {
						check(kv.Value, "Op")
					}
				}
			case *ast.AssignStmt:
				if !sets || len(n.Lhs) != len(n.Rhs) {
					return true
				}
				for k, l := range n.Lhs {
					switch l := l.(type) {
					case *ast.SelectorExpr:
						if l.Sel.Name == "Op" {
							check(n.Rhs[k], "a field Op")
						}
					case *ast.Ident:
						if l.Name == "op" {
							check(n.Rhs[k], "op")
						}
					}
				}
			case *ast.ValueSpec:
				if !sets {
					return true
				}
				for k, name := range n.Names {
					if name.Name == "op" && k < len(n.Values) {
						check(n.Values[k], "op")
					}
				}
			case *ast.CallExpr:
				var name string
				switch f := n.Fun.(type) {
				case *ast.Ident:
					name = f.Name
				case *ast.SelectorExpr:
					name = f.Sel.Name
				}
				if k, has := opParams[name]; has && k < len(n.Args) {
					check(n.Args[k], "the parameter op of "+name)
				}
			}
			return true
		})
	}
	if checked < 30 {
		t.Errorf("only %d Op values found: the search is broken", checked)
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
