package uri_test

import (
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

// TestREADMESections checks the pointers from doc comments to the README:
// each `README, section "X"` in a comment of the module's non-test files
// names a heading of the README, so that a doc that leaves its details to
// the README leads to them.
func TestREADMESections(t *testing.T) {
	readme, err := os.ReadFile("README.md")
	if err != nil {
		t.Fatal(err)
	}
	headings := map[string]bool{}
	for _, line := range strings.Split(string(readme), "\n") {
		if h := strings.TrimLeft(line, "#"); h != line && strings.HasPrefix(h, " ") {
			headings[strings.TrimSpace(h)] = true
		}
	}
	pointer := regexp.MustCompile(`README,\s+(?://\s*)?section\s+(?://\s*)?"([^"]+)"`)
	found := 0
	err = filepath.WalkDir(".", func(p string, d fs.DirEntry, err error) error {
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
		src, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		for _, m := range pointer.FindAllStringSubmatch(string(src), -1) {
			found++
			// A heading may be wrapped across comment lines.
			name := strings.Join(strings.Fields(strings.ReplaceAll(m[1], "//", " ")), " ")
			if !headings[name] {
				t.Errorf("%s: points to the README section %q, which the README does not have", p, name)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if found < 10 {
		t.Errorf("only %d pointers to README sections found: the search is broken", found)
	}
}
