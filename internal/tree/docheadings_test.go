package tree

import (
	"go/doc/comment"
	"go/parser"
	"go/token"
	"strings"
	"testing"
)

// TestDocHeadings: the package doc of each package, which go doc shows
// as one text whatever files it comes from, has each heading once, so
// that a reader finds one section on a subject ("Before version 1", "What
// it does not do") and pkg.go.dev one anchor for it.
func TestDocHeadings(t *testing.T) {
	fset := token.NewFileSet()
	headings := map[string]map[string]int{} // the count of each heading, by package directory
	for _, fl := range goFiles(t, fset, parser.ParseComments|parser.PackageClauseOnly) {
		if fl.test || fl.ast.Doc == nil {
			continue
		}
		var p comment.Parser
		for _, b := range p.Parse(fl.ast.Doc.Text()).Content {
			h, ok := b.(*comment.Heading)
			if !ok {
				continue
			}
			if headings[fl.pkg] == nil {
				headings[fl.pkg] = map[string]int{}
			}
			headings[fl.pkg][headingText(h)]++
		}
	}
	if len(headings) < 10 {
		t.Fatalf("found headings in %d packages: the search is broken", len(headings))
	}
	for pkg, count := range headings {
		for h, n := range count {
			if n > 1 {
				t.Errorf("the doc of package %s has %d sections %q; want one", pkg, n, h)
			}
		}
	}
}

// headingText returns the plain text of h.
func headingText(h *comment.Heading) string {
	var b strings.Builder
	for _, x := range h.Text {
		if p, ok := x.(comment.Plain); ok {
			b.WriteString(string(p))
		}
	}
	return b.String()
}
