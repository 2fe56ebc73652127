package match_test

import (
	"math"

	"github.com/gouri/uri"
	"github.com/gouri/uri/template/internal/expr"
	"github.com/gouri/uri/template/internal/match"
)

// Options of the tests: no budget of steps, and with it extra parameters
// of the query allowed.
var (
	unbounded = match.Options{MaxSteps: math.MaxInt}
	extra     = match.Options{ExtraParams: true, MaxSteps: math.MaxInt}
)

// parse returns a Matcher of the template tmpl, which must be valid.
func parse(tmpl string) *match.Matcher {
	parts, names, err := expr.Parse(tmpl)
	if err != nil {
		panic(err)
	}
	return &match.Matcher{Parts: parts, Names: names}
}

// run matches s, which must be a URI-reference, against m with o.
func run(m *match.Matcher, s string, o match.Options) match.Result {
	return m.Match(uri.MustParse(s), o)
}
