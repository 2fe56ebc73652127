package uri_test

import (
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// TestREADMEInstall checks the install section of the README against the
// module: the module path that go.mod declares, the command's directory,
// and the three ways in: go install ...@latest, go install ./cmd/uri from
// a checkout, and a replace directive for building against a checkout.
func TestREADMEInstall(t *testing.T) {
	mod, err := os.ReadFile("go.mod")
	if err != nil {
		t.Fatal(err)
	}
	first, _, _ := strings.Cut(string(mod), "\n")
	module, ok := strings.CutPrefix(first, "module ")
	if !ok {
		t.Fatalf("go.mod begins with %q", first)
	}
	readme, err := os.ReadFile("README.md")
	if err != nil {
		t.Fatal(err)
	}
	_, section, _ := strings.Cut(string(readme), "\n## Install\n")
	section, _, _ = strings.Cut(section, "\n## ")
	for _, want := range []string{
		"go get " + module + "\n",
		"go install " + module + "/cmd/uri@latest",
		"go install ./cmd/uri\n",
		"go mod edit -replace " + module + "=",
	} {
		if !strings.Contains(section, want) {
			t.Errorf("the README's install section does not show %q", want)
		}
	}
	if main, err := os.ReadFile("cmd/uri/main.go"); err != nil || !strings.Contains(string(main), "package main\n") {
		t.Errorf("cmd/uri/main.go is not a command: %v", err)
	}
}

// TestNoREADMEPointers: no comment of the module's non-test files leaves
// its contract to the README, which is the front door and changes with it;
// the details live in package docs, examples and docs/*.md, where go doc and
// the link tests reach them. A path to another directory's README
// ("testdata/urls/README.md") is not such a pointer.
func TestNoREADMEPointers(t *testing.T) {
	pointer := regexp.MustCompile(`(^|[^/\w])README`)
	files := 0
	err := filepath.WalkDir(".", func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if n := d.Name(); p != "." && (n == "testdata" || strings.HasPrefix(n, ".")) {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(p, ".go") || strings.HasSuffix(p, "_test.go") {
			return nil
		}
		files++
		f, err := parser.ParseFile(token.NewFileSet(), p, nil, parser.ParseComments|parser.SkipObjectResolution)
		if err != nil {
			return err
		}
		for _, g := range f.Comments {
			for _, line := range strings.Split(g.Text(), "\n") {
				if pointer.MatchString(line) {
					t.Errorf("%s: a comment points to the README: %q", p, line)
				}
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if files < 20 {
		t.Errorf("only %d Go files found: the search is broken", files)
	}
}
