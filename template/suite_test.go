package template_test

import (
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"testing"

	"github.com/gouri/uri"
	"github.com/gouri/uri/template"
)

// suiteDir is the uritemplate-test suite (github.com/uri-templates/
// uritemplate-test), kept beside the repository and never copied into it.
const suiteDir = "../../shared/uritemplate"

// suiteCase is one test case of the suite: a template and what it expands
// to with the variables of its group.
type suiteCase struct {
	file, group string
	level       int
	vars        template.Values
	template    string
	want        []string // acceptable expansions; nil when it must fail
}

// readSuite reads a file of the suite, in the order of the file, or skips
// the test when the suite is absent.
func readSuite(t *testing.T, file string) []suiteCase {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(suiteDir, file))
	if errors.Is(err, os.ErrNotExist) {
		t.Skipf("the uritemplate-test suite is not at %s: %v", suiteDir, err)
	}
	if err != nil {
		t.Fatal(err)
	}
	var groups map[string]struct {
		Level     int             `json:"level"`
		Variables template.Values `json:"variables"`
		Testcases [][2]json.RawMessage
	}
	if err := json.Unmarshal(data, &groups); err != nil {
		t.Fatalf("%s: %v", file, err)
	}
	names := make([]string, 0, len(groups))
	for n := range groups {
		names = append(names, n)
	}
	sort.Strings(names)
	var cases []suiteCase
	for _, n := range names {
		g := groups[n]
		for _, tc := range g.Testcases {
			c := suiteCase{file: file, group: n, level: g.Level, vars: g.Variables}
			if err := json.Unmarshal(tc[0], &c.template); err != nil {
				t.Fatalf("%s, %s: %s: %v", file, n, tc[0], err)
			}
			var one string
			if json.Unmarshal(tc[1], &one) == nil {
				c.want = []string{one}
			} else if err := json.Unmarshal(tc[1], &c.want); err != nil {
				var f bool
				if json.Unmarshal(tc[1], &f) != nil || f {
					t.Fatalf("%s, %s: %s: expected value %s", file, n, tc[0], tc[1])
				}
			}
			cases = append(cases, c)
		}
	}
	return cases
}

// suiteFiles are the four files of the suite and their numbers of cases,
// as its README counts them: a file that reads as fewer is a broken reader.
var suiteFiles = []struct {
	name  string
	cases int
}{
	{"spec-examples.json", 64},
	{"spec-examples-by-section.json", 117},
	{"extended-tests.json", 53},
	{"negative-tests.json", 36},
}

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
			passed := 0
			for _, c := range cases {
				u, err := template.Expand(c.template, c.vars)
				var e *uri.Error
				switch {
				case c.want == nil && err == nil:
					t.Errorf("%s: Expand(%q) = %q, want an error", c.group, c.template, u.String())
				case c.want == nil && !errors.As(err, &e):
					t.Errorf("%s: Expand(%q): error %v is no *uri.Error", c.group, c.template, err)
				case c.want != nil && err != nil:
					t.Errorf("%s: Expand(%q) = error %v, want %q", c.group, c.template, err, c.want)
				case c.want != nil && !slices.Contains(c.want, u.String()):
					t.Errorf("%s: Expand(%q) = %q, want one of %q", c.group, c.template, u.String(), c.want)
				default:
					passed++
				}
			}
			t.Logf("%s: %d of %d cases pass", f.name, passed, len(cases))
		})
	}
}
