package template

import "github.com/gouri/uri"

// MatchSteps matches s and returns, with the result, the number of steps
// that the automaton took: the tests of linear time count them.
func MatchSteps(t *Template, s string, o *MatchOptions) (Values, bool, int) {
	var steps int
	vals, err := t.match(uri.MustParse(s), o, &steps)
	return vals, err == nil, steps
}
