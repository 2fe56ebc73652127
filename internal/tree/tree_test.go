package tree

import (
	"fmt"
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

// TestMain runs the tests in the module's root, the directory of the
// go.mod that declares modulePath, so that they walk the whole module and
// name its files by their paths from the root.
func TestMain(m *testing.M) {
	root, err := moduleRoot()
	if err == nil {
		err = os.Chdir(root)
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "tree:", err)
		os.Exit(1)
	}
	os.Exit(m.Run())
}

// moduleRoot returns the nearest directory at or above the current one
// whose go.mod declares modulePath.
func moduleRoot() (string, error) {
	dir, err := os.Getwd()
	if err != nil {
		return "", err
	}
	for {
		if b, err := os.ReadFile(filepath.Join(dir, "go.mod")); err == nil && modFilePath(string(b)) == modulePath {
			return dir, nil
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "", fmt.Errorf("no go.mod of %s above the test's directory", modulePath)
		}
		dir = parent
	}
}

// modFilePath returns the module path that the text of a go.mod declares,
// or "".
func modFilePath(mod string) string {
	for _, line := range strings.Split(mod, "\n") {
		if p, ok := strings.CutPrefix(strings.TrimSpace(line), "module "); ok {
			return strings.Trim(strings.TrimSpace(p), `"`)
		}
	}
	return ""
}

const modulePath = "github.com/gouri/uri"

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
