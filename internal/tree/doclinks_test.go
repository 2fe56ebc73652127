package tree

import (
	"go/ast"
	"go/build"
	"go/doc/comment"
	"go/parser"
	"go/token"
	"os"
	"path"
	"path/filepath"
	"strings"
	"testing"
)

// TestDocLinks checks that every doc link in the doc comments of the
// module's non-test files resolves, as pkg.go.dev and go doc resolve them:
// [Name] and [Type.Method] (or [Type.Field]) to a declaration of the same
// package, [pkg.Name] and [pkg.Type.Method] to one of the package that the
// file's package imports under that name (or, as go/doc allows, a standard
// library package with a one-element path, or a full import path). A link
// that does not resolve is shown as plain text, silently.
//
// Declarations are read from the source with go/parser, without
// type-checking: the module's own packages, and the standard library's
// from GOROOT; a package outside both (golang.org/x/...) is located with
// go/build, which asks the go command, only when a link names one.
func TestDocLinks(t *testing.T) {
	const module = "github.com/gouri/uri"
	fset := token.NewFileSet()
	pkgs := map[string]*docPkg{} // by import path
	for _, fl := range goFiles(t, fset, parser.ParseComments) {
		if fl.test {
			continue
		}
		ip := path.Join(module, fl.pkg)
		pk := pkgs[ip]
		if pk == nil {
			pk = &docPkg{name: fl.ast.Name.Name, syms: map[string]bool{}, imports: map[string]string{}}
			pkgs[ip] = pk
		}
		pk.files = append(pk.files, fl.ast)
		pk.addFile(fl.ast)
	}
	if len(pkgs) < 5 || pkgs[module] == nil {
		t.Fatalf("found %d packages, the root among them: %v", len(pkgs), pkgs[module] != nil)
	}

	// external returns the declarations of a package outside the module.
	external := func(ip string) (*docPkg, error) {
		if pk, ok := pkgs[ip]; ok {
			return pk, nil
		}
		dir := filepath.Join(build.Default.GOROOT, "src", filepath.FromSlash(ip))
		if first, _, _ := strings.Cut(ip, "/"); strings.Contains(first, ".") {
			bp, err := build.Import(ip, ".", build.FindOnly)
			if err != nil {
				return nil, err
			}
			dir = bp.Dir
		}
		pk := &docPkg{syms: map[string]bool{}}
		ents, err := os.ReadDir(dir)
		if err != nil {
			return nil, err
		}
		for _, e := range ents {
			n := e.Name()
			if e.IsDir() || !strings.HasSuffix(n, ".go") || strings.HasSuffix(n, "_test.go") {
				continue
			}
			f, err := parser.ParseFile(fset, filepath.Join(dir, n), nil, parser.SkipObjectResolution)
			if err != nil {
				return nil, err
			}
			pk.addFile(f)
		}
		pkgs[ip] = pk
		return pk, nil
	}

	links := 0
	for ip, pk := range pkgs {
		if pk.files == nil {
			continue // an external package
		}
		// Accept every name, so that every link-shaped text becomes a
		// DocLink, and resolve it below.
		p := &comment.Parser{
			LookupPackage: func(name string) (string, bool) { return name, true },
			LookupSym:     func(recv, name string) bool { return true },
		}
		for _, f := range pk.files {
			for _, g := range docComments(f) {
				eachDocLink(p.Parse(g.Text()), func(l *comment.DocLink) {
					if l.Name == "" {
						return // [pkg] alone: a bracketed word, such as an ABNF option
					}
					links++
					where := fset.Position(g.Pos())
					target, what := pk, ip
					if l.ImportPath != "" {
						resolved, ok := pk.lookupPackage(ip, l.ImportPath)
						if !ok {
							t.Errorf("%s: doc link [%s]: no package %q is imported", where, linkText(l), l.ImportPath)
							return
						}
						var err error
						if target, err = external(resolved); err != nil {
							t.Errorf("%s: doc link [%s]: %v", where, linkText(l), err)
							return
						}
						what = resolved
					}
					if !target.has(l.Recv, l.Name, map[string]bool{}) {
						t.Errorf("%s: doc link [%s]: %s declares no %s", where, linkText(l), what, strings.TrimPrefix(l.Recv+"."+l.Name, "."))
					}
				})
			}
		}
	}
	if links < 100 {
		t.Errorf("only %d doc links found: the search is broken", links)
	}
}

// docPkg is what TestDocLinks knows of a package: its name, files, the
// names its files import packages under, and its declarations.
type docPkg struct {
	name    string
	files   []*ast.File
	imports map[string]string   // name -> import path; "" when two imports share the name
	syms    map[string]bool     // "Name", "Type.Method", "Type.Field"
	embeds  map[string][]string // the types embedded in a struct type, whose methods and fields it has
}

// has reports whether the package declares name, or recv.name as a method
// or field of the type recv, its own or promoted from an embedded type.
func (pk *docPkg) has(recv, name string, seen map[string]bool) bool {
	if recv == "" {
		return pk.syms[name]
	}
	if pk.syms[recv+"."+name] {
		return true
	}
	seen[recv] = true
	for _, e := range pk.embeds[recv] {
		if !seen[e] && pk.has(e, name, seen) {
			return true
		}
	}
	return false
}

// addFile records the imports and top-level declarations of f.
func (pk *docPkg) addFile(f *ast.File) {
	if pk.imports != nil {
		for _, im := range f.Imports {
			ip := strings.Trim(im.Path.Value, `"`)
			name := path.Base(ip)
			if im.Name != nil {
				name = im.Name.Name
			}
			if old, ok := pk.imports[name]; ok && old != ip {
				ip = ""
			}
			pk.imports[name] = ip
		}
	}
	for _, d := range f.Decls {
		switch d := d.(type) {
		case *ast.FuncDecl:
			if d.Recv == nil || len(d.Recv.List) == 0 {
				pk.syms[d.Name.Name] = true
				continue
			}
			pk.syms[recvName(d.Recv.List[0].Type)+"."+d.Name.Name] = true
		case *ast.GenDecl:
			for _, s := range d.Specs {
				switch s := s.(type) {
				case *ast.TypeSpec:
					pk.syms[s.Name.Name] = true
					var fields *ast.FieldList
					switch ty := s.Type.(type) {
					case *ast.StructType:
						fields = ty.Fields
					case *ast.InterfaceType:
						fields = ty.Methods
					}
					if fields == nil {
						continue
					}
					for _, fl := range fields.List {
						for _, n := range fl.Names {
							pk.syms[s.Name.Name+"."+n.Name] = true
						}
						if e := recvName(fl.Type); len(fl.Names) == 0 && e != "" {
							// An embedded type: a field of its name, and its
							// methods and fields promoted.
							if pk.embeds == nil {
								pk.embeds = map[string][]string{}
							}
							pk.embeds[s.Name.Name] = append(pk.embeds[s.Name.Name], e)
							pk.syms[s.Name.Name+"."+e] = true
						}
					}
				case *ast.ValueSpec:
					for _, n := range s.Names {
						pk.syms[n.Name] = true
					}
				}
			}
		}
	}
}

// lookupPackage resolves the package name of a doc link in the package ip
// as go/doc does: an import of the package under that name, the package
// itself, a standard library package with a one-element path, or a full
// import path.
func (pk *docPkg) lookupPackage(ip, name string) (string, bool) {
	if strings.Contains(name, "/") {
		return name, true
	}
	if p, ok := pk.imports[name]; ok {
		return p, p != ""
	}
	if name == pk.name {
		return ip, true
	}
	return comment.DefaultLookupPackage(name)
}

// recvName returns the type name of a method's receiver: T for T, *T, T[P]
// and *T[P].
func recvName(x ast.Expr) string {
	for {
		switch e := x.(type) {
		case *ast.StarExpr:
			x = e.X
		case *ast.IndexExpr:
			x = e.X
		case *ast.IndexListExpr:
			x = e.X
		case *ast.Ident:
			return e.Name
		default:
			return ""
		}
	}
}

// docComments returns the doc comments of f that go doc shows: the
// package's, and those of top-level declarations, their specs, and the
// fields and methods of declared struct and interface types.
func docComments(f *ast.File) []*ast.CommentGroup {
	out := []*ast.CommentGroup{f.Doc}
	for _, d := range f.Decls {
		switch d := d.(type) {
		case *ast.FuncDecl:
			out = append(out, d.Doc)
		case *ast.GenDecl:
			out = append(out, d.Doc)
			for _, s := range d.Specs {
				switch s := s.(type) {
				case *ast.TypeSpec:
					out = append(out, s.Doc)
					var fields *ast.FieldList
					switch ty := s.Type.(type) {
					case *ast.StructType:
						fields = ty.Fields
					case *ast.InterfaceType:
						fields = ty.Methods
					}
					if fields != nil {
						for _, fl := range fields.List {
							out = append(out, fl.Doc)
						}
					}
				case *ast.ValueSpec:
					out = append(out, s.Doc)
				}
			}
		}
	}
	var docs []*ast.CommentGroup
	for _, g := range out {
		if g != nil {
			docs = append(docs, g)
		}
	}
	return docs
}

// eachDocLink calls fn for each doc link of d.
func eachDocLink(d *comment.Doc, fn func(*comment.DocLink)) {
	var inText func([]comment.Text)
	inText = func(ts []comment.Text) {
		for _, t := range ts {
			switch t := t.(type) {
			case *comment.DocLink:
				fn(t)
			case *comment.Link:
				inText(t.Text)
			case comment.Italic:
			}
		}
	}
	var inBlocks func([]comment.Block)
	inBlocks = func(bs []comment.Block) {
		for _, b := range bs {
			switch b := b.(type) {
			case *comment.Paragraph:
				inText(b.Text)
			case *comment.Heading:
				inText(b.Text)
			case *comment.List:
				for _, it := range b.Items {
					inBlocks(it.Content)
				}
			}
		}
	}
	inBlocks(d.Content)
}

// linkText writes a doc link back as it appears in the comment.
func linkText(l *comment.DocLink) string {
	s := l.Name
	if l.Recv != "" {
		s = l.Recv + "." + s
	}
	if l.ImportPath != "" {
		s = l.ImportPath + "." + s
	}
	return s
}
