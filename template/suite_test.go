package template_test

import (
	"errors"
	"fmt"
	"slices"
	"testing"

	"github.com/gouri/uri"
	"github.com/gouri/uri/internal/testrows"
	"github.com/gouri/uri/template"
)

// The uritemplate-test suite (github.com/uri-templates/uritemplate-test)
// is kept as vectors in testdata/conformance/uritemplate of the module
// (see its README.md).
const suite = "uritemplate"

// suiteCase is one test case of the suite: a template and what it expands
// to with the variables of its group.
type suiteCase struct {
	file, group string
	level       int
	vars        template.Values
	template    string
	want        []string // acceptable expansions; nil when it must fail
}

// readSuite reads a file of the suite, in the order of the file, with the
// variables of each case's group from groups.jsonl.
func readSuite(t *testing.T, file string) []suiteCase {
	t.Helper()
	type group struct {
		File      string          `json:"file"`
		Group     string          `json:"group"`
		Level     int             `json:"level"`
		Variables template.Values `json:"variables"`
	}
	groups := map[string]group{}
	for _, g := range testrows.Vectors[group](t, suite, "groups.jsonl") {
		if g.File == file {
			groups[g.Group] = g
		}
	}
	type row struct {
		Group      string   `json:"group"`
		Template   string   `json:"template"`
		Expansions []string `json:"expansions"`
		Error      bool     `json:"error"`
	}
	var cases []suiteCase
	for _, r := range testrows.Vectors[row](t, suite, file+".jsonl") {
		g, ok := groups[r.Group]
		if !ok || r.Error == (r.Expansions != nil) {
			t.Fatalf("%s: group %q: a case with no group, or with both or neither of expansions and error", file, r.Group)
		}
		cases = append(cases, suiteCase{file: file, group: r.Group, level: g.Level, vars: g.Variables, template: r.Template, want: r.Expansions})
	}
	return cases
}

// suiteFiles are the four files of the suite and their numbers of cases,
// as its README counts them: a file that reads as fewer is a broken reader.
var suiteFiles = []struct {
	name  string
	cases int
}{
	{"spec-examples", 64},
	{"spec-examples-by-section", 117},
	{"extended-tests", 53},
	{"negative-tests", 36},
}

// knownSuiteFailures are the known failures of each file of the suite,
// each keyed by group and template as TestSuite names a case: none, every
// case must pass.
var knownSuiteFailures = map[string]testrows.Known{}

// TestSuite runs every case of the suite: the expansion is one of those
// the case allows (RFC 6570, Sections 2 and 3), or, for a case whose
// expectation is false, Parse or Expand fails with an *uri.Error.
func TestSuite(t *testing.T) {
	for _, f := range suiteFiles {
		t.Run(f.name, func(t *testing.T) {
			cases := readSuite(t, f.name)
			if len(cases) != f.cases {
				t.Fatalf("%d cases read, want %d", len(cases), f.cases)
			}
			e := testrows.NewExpect(t, f.name+".jsonl", knownSuiteFailures[f.name])
			for _, c := range cases {
				e.Case(c.group+": "+c.template, checkSuiteCase(c))
			}
			e.Done()
		})
	}
}

// checkSuiteCase runs c and says what went wrong, or "".
func checkSuiteCase(c suiteCase) string {
	u, err := template.Expand(c.template, c.vars)
	var e *uri.Error
	switch {
	case c.want == nil && err == nil:
		return fmt.Sprintf("%s: Expand(%q) = %q, want an error", c.group, c.template, u.String())
	case c.want == nil && !errors.As(err, &e):
		return fmt.Sprintf("%s: Expand(%q): error %v is no *uri.Error", c.group, c.template, err)
	case c.want != nil && err != nil:
		return fmt.Sprintf("%s: Expand(%q) = error %v, want %q", c.group, c.template, err, c.want)
	case c.want != nil && !slices.Contains(c.want, u.String()):
		return fmt.Sprintf("%s: Expand(%q) = %q, want one of %q", c.group, c.template, u.String(), c.want)
	}
	return ""
}
