package tree

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// TestREADMEInstall checks the install section of the README against the
// module: the Go release that go.mod requires, the module path that it
// declares, the command's directory, and the ways in: from a clone first
// (go run ./cmd/uri, go install ./cmd/uri, a replace directive for
// building against the clone), then go get and go install ...@latest for a
// tagged version. It also checks that the section of the two commands
// shows both, "go run ./cmd/uri" and "go test ./...", which .ci/run runs.
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
	goVersion := regexp.MustCompile(`(?m)^go (1\.\d+)(\.0)?$`).FindStringSubmatch(string(mod))
	if goVersion == nil {
		t.Fatal("go.mod has no go directive of the form go 1.N or go 1.N.0")
	}
	readme, err := os.ReadFile("README.md")
	if err != nil {
		t.Fatal(err)
	}
	section := readmeSection(string(readme), "Install")
	clone, tagged, ok := strings.Cut(section, "\n### Once a version is tagged\n")
	if !ok || !strings.Contains(clone, "\n### From a clone\n") {
		t.Fatalf("the README's install section has no subsections \"From a clone\" and then \"Once a version is tagged\"")
	}
	for _, want := range []string{
		"needs Go " + goVersion[1] + " or later",
	} {
		if !strings.Contains(section, want) {
			t.Errorf("the README's install section does not say %q (go.mod: %q)", want, goVersion[0])
		}
	}
	for _, want := range []string{
		"go run ./cmd/uri ",
		"go install ./cmd/uri\n",
		"go mod edit -replace " + module + "=",
	} {
		if !strings.Contains(clone, want) {
			t.Errorf("the README's install section does not show %q for a clone", want)
		}
	}
	for _, want := range []string{
		"go get " + module + "\n",
		"go install " + module + "/cmd/uri@latest",
	} {
		if !strings.Contains(tagged, want) {
			t.Errorf("the README's install section does not show %q for a tagged version", want)
		}
	}
	if main, err := os.ReadFile("cmd/uri/main.go"); err != nil || !strings.Contains(string(main), "package main\n") {
		t.Errorf("cmd/uri/main.go is not a command: %v", err)
	}
	commands := readmeSection(string(readme), "The two commands")
	ci, err := os.ReadFile(".ci/run")
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"    go run ./cmd/uri ", "    go test ./...\n"} {
		if !strings.Contains(commands, want) {
			t.Errorf("the README's section of the two commands does not show %q", strings.TrimSpace(want))
		}
	}
	if !strings.Contains(string(ci), "\ngo test ./...\n") {
		t.Errorf(".ci/run does not run the README's test command, go test ./...")
	}
}

// readmeSection returns the text of the README's section "## name", up to
// the next section of that level, or "".
func readmeSection(readme, name string) string {
	_, section, ok := strings.Cut(readme, "\n## "+name+"\n")
	if !ok {
		return ""
	}
	section, _, _ = strings.Cut(section, "\n## ")
	return section
}

// TestREADMERecipes checks that the Go recipes of the README are true: each
// Go block of the section "Recipes" is followed by a link to the runnable
// example that holds it, [`ExampleName`](dir/example_test.go), the example
// has its output checked ("// Output:"), and the block's lines, without
// their indentation, are lines of the example's body in the same order (the
// block may leave lines out). The shell recipe's command and input are
// those that TestCanonPipelineRecipe in cmd/uri runs.
func TestREADMERecipes(t *testing.T) {
	readme, err := os.ReadFile("README.md")
	if err != nil {
		t.Fatal(err)
	}
	section := readmeSection(string(readme), "Recipes")
	if n := strings.Count(section, "\n### "); n != 9 {
		t.Errorf("the README has %d recipes, want 9", n)
	}
	block := regexp.MustCompile("(?s)```(go|sh)\n(.*?)```\n")
	link := regexp.MustCompile("\\[`(Example\\w*)`\\]\\(([^)]+_test\\.go)\\)")
	goBlocks := 0
	blocks := block.FindAllStringSubmatchIndex(section, -1)
	for i, m := range blocks {
		lang, code := section[m[2]:m[3]], section[m[4]:m[5]]
		end := len(section)
		if i+1 < len(blocks) {
			end = blocks[i+1][0]
		}
		after := section[m[1]:end]
		if lang == "sh" {
			checkPipelineRecipe(t, code)
			continue
		}
		goBlocks++
		l := link.FindStringSubmatch(after)
		if l == nil {
			t.Errorf("a Go recipe names no example after it:\n%s", code)
			continue
		}
		body, err := exampleBody(l[2], l[1])
		if err != nil {
			t.Error(err)
			continue
		}
		if !strings.Contains(body, "// Output:") {
			t.Errorf("%s in %s has no // Output: comment: its output is not checked", l[1], l[2])
		}
		if missing := notSubsequence(lines(code), lines(body)); missing != "" {
			t.Errorf("the README's recipe of %s (%s) has a line that the example does not have, or not in that order: %q", l[1], l[2], missing)
		}
	}
	if goBlocks != 8 {
		t.Errorf("found %d Go recipes, want 8", goBlocks)
	}
}

// exampleBody returns the source of the function name in the Go file path.
func exampleBody(path, name string) (string, error) {
	src, err := os.ReadFile(path)
	if err != nil {
		return "", err
	}
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, path, src, parser.ParseComments|parser.SkipObjectResolution)
	if err != nil {
		return "", err
	}
	for _, d := range f.Decls {
		if fn, ok := d.(*ast.FuncDecl); ok && fn.Name.Name == name && fn.Recv == nil {
			return string(src[fset.Position(fn.Body.Lbrace).Offset:fset.Position(fn.Body.Rbrace).Offset]), nil
		}
	}
	return "", fmt.Errorf("%s has no function %s", path, name)
}

// lines returns the non-empty lines of s without their indentation.
func lines(s string) []string {
	var out []string
	for _, l := range strings.Split(s, "\n") {
		if l = strings.TrimSpace(l); l != "" {
			out = append(out, l)
		}
	}
	return out
}

// notSubsequence returns the first line of sub that is not found in
// lines after the one found for the line before it, or "".
func notSubsequence(sub, lines []string) string {
	i := 0
	for _, s := range sub {
		for i < len(lines) && lines[i] != s {
			i++
		}
		if i == len(lines) {
			return s
		}
		i++
	}
	return ""
}

// checkPipelineRecipe checks that the shell recipe's input lines (the
// single-quoted arguments of printf) and the arguments of its uri command
// are those of TestCanonPipelineRecipe.
func checkPipelineRecipe(t *testing.T, code string) {
	t.Helper()
	src, err := os.ReadFile("cmd/uri/canon_test.go")
	if err != nil {
		t.Fatal(err)
	}
	_, test, _ := strings.Cut(string(src), "func TestCanonPipelineRecipe(")
	test, _, _ = strings.Cut(test, "\n}\n")
	joined := strings.Join(strings.Fields(strings.ReplaceAll(code, "\\\n", " ")), " ")
	printf, rest, ok := strings.Cut(joined, "| go run ./cmd/uri ")
	if !ok || !strings.HasPrefix(printf, "printf '%s\\n' ") {
		t.Fatalf("the shell recipe is not printf ... | go run ./cmd/uri ...:\n%s", code)
	}
	for _, in := range regexp.MustCompile(`'([^']*)'`).FindAllStringSubmatch(strings.TrimPrefix(printf, "printf '%s\\n' "), -1) {
		if !strings.Contains(test, in[1]+`\n`) {
			t.Errorf("the shell recipe's input line %q is not in TestCanonPipelineRecipe's input", in[1])
		}
	}
	args, _, _ := strings.Cut(rest, "|")
	for _, arg := range strings.Fields(args) {
		if !strings.Contains(test, strconv.Quote(arg)) {
			t.Errorf("the shell recipe's argument %q is not in TestCanonPipelineRecipe's command", arg)
		}
	}
}

// TestNoREADMEPointers: no comment of the module's non-test files leaves
// its contract to the README, which is the front door and changes with it;
// the details live in package docs (go doc), runnable examples (pkg.go.dev,
// the example files) and docs/*.md, where the link tests reach them. A path to another directory's README
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
