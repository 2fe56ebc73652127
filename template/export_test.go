package template

import "github.com/gouri/uri"

// MatchSteps matches s and returns, with the result, the number of steps
// that matching counted: the tests of linear time and of the budget of
// MatchOptions.MaxSteps count them.
func MatchSteps(t *Template, s string, o *MatchOptions) (Values, int, error) {
	var steps int
	vals, err := t.match(uri.MustParse(s), o, &steps)
	return vals, steps, err
}
