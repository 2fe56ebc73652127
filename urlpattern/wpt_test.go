package urlpattern

import (
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/gouri/uri"
	"github.com/gouri/uri/internal/testrows"
	"github.com/gouri/uri/whatwg"
)

// The web-platform-tests of the URL Pattern Standard, kept as vectors in
// testdata/conformance/wpt-urlpattern (see its README.md). The test below
// does what WPT's urlpattern/resources/urlpatterntests.js does with each
// row, through the Go API; the JavaScript bindings' part of it (which
// argument lists are a TypeError) is bind, below.

// wptRow is a row of urlpatterntestdata.jsonl.
type wptRow struct {
	testrows.Source
	Pattern       []json.RawMessage  `json:"pattern"`
	Inputs        *[]json.RawMessage `json:"inputs"`
	ExactlyEmpty  []string           `json:"exactly_empty_components"`
	ExpectedObj   json.RawMessage    `json:"expected_obj"`
	ExpectedMatch json.RawMessage    `json:"expected_match"`
}

// name is the test's name in WPT, which keys the list of known failures.
func (r wptRow) name() string {
	in := "undefined"
	if r.Inputs != nil {
		in = compactJSON(*r.Inputs)
	}
	return "Pattern: " + compactJSON(r.Pattern) + " Inputs: " + in
}

func compactJSON(v []json.RawMessage) string {
	b, _ := json.Marshal(v)
	return string(b)
}

// errBinding is what the JavaScript bindings throw for an argument list
// that no overload of the Web IDL takes: an Init with a base URL string.
// The Go API has no function that takes them.
var errBinding = errors.New("TypeError from the bindings: no overload takes an init and a base URL")

// wptArg is one argument of a call: a string, an Init or Options.
type wptArg struct {
	str     *string
	init    *Init
	options *Options
}

// parseArgs reads the arguments of a call; an object in second or third
// place after a string, or after an init, is Options.
func parseArgs(t *testing.T, raw []json.RawMessage) []wptArg {
	t.Helper()
	var args []wptArg
	for i, r := range raw {
		var s string
		if json.Unmarshal(r, &s) == nil {
			args = append(args, wptArg{str: &s})
			continue
		}
		var m map[string]any
		if err := json.Unmarshal(r, &m); err != nil {
			t.Fatalf("argument %d: %s", i, r)
		}
		if i > 0 {
			v, _ := m["ignoreCase"].(bool)
			args = append(args, wptArg{options: &Options{IgnoreCase: v}})
			continue
		}
		// A dictionary ignores members it does not have, as
		// {ignoreCase: true} in first place.
		var in Init
		for k, v := range m {
			s, _ := v.(string)
			if k == "baseURL" {
				in.BaseURL = Some(s)
			} else if c, ok := ParseComponent(k); ok {
				in.Set(c, s)
			}
		}
		args = append(args, wptArg{init: &in})
	}
	return args
}

// construct calls the constructor that the arguments select, as the Web
// IDL overloads new URLPattern(input, baseURL, options) and new
// URLPattern(input, options) do.
func construct(args []wptArg) (*Pattern, error) {
	var opts Options
	if n := len(args); n > 0 && args[n-1].options != nil {
		opts = *args[n-1].options
		args = args[:n-1]
	}
	switch {
	case len(args) == 0:
		return New(Init{}, opts)
	case args[0].init != nil && len(args) == 1:
		return New(*args[0].init, opts)
	case args[0].init != nil:
		return nil, errBinding
	case len(args) == 1:
		return Parse(*args[0].str, opts)
	case args[1].str == nil || len(args) > 2:
		// The bindings convert a dictionary in the place of baseURL to
		// "[object Object]", which is no URL.
		return nil, errBinding
	}
	return Resolve(*args[1].str, *args[0].str, opts)
}

// execute calls exec with the arguments, as test and exec take them; the
// error is errBinding for an init with a base URL.
func execute(p *Pattern, args []wptArg) (*Result, error) {
	var r Result
	var ok bool
	switch {
	case len(args) == 0:
		r, ok = p.ExecInit(Init{})
	case args[0].init != nil && len(args) == 1:
		r, ok = p.ExecInit(*args[0].init)
	case args[0].init != nil:
		return nil, errBinding
	case len(args) == 1:
		r, ok = p.Exec(*args[0].str)
	default:
		r, ok = p.ExecResolved(*args[1].str, *args[0].str)
	}
	if !ok {
		return nil, nil
	}
	return &r, nil
}

// testWith calls test with the arguments.
func testWith(p *Pattern, args []wptArg) (bool, error) {
	switch {
	case len(args) == 0:
		return p.TestInit(Init{}), nil
	case args[0].init != nil && len(args) == 1:
		return p.TestInit(*args[0].init), nil
	case args[0].init != nil:
		return false, errBinding
	case len(args) == 1:
		return p.Test(*args[0].str), nil
	}
	return p.TestResolved(*args[1].str, *args[0].str), nil
}

func TestWPT(t *testing.T) {
	rows := testrows.Vectors[wptRow](t, "wpt-urlpattern", "urlpatterntestdata.jsonl")
	if len(rows) != 369 {
		t.Errorf("%d rows, want the 369 of the WPT commit the vectors come from", len(rows))
	}
	passed := 0
	failed := map[string]string{}
	for _, r := range rows {
		if problem := runWPTRow(t, r); problem != "" {
			failed[r.name()] = problem
		} else {
			passed++
		}
	}
	for name, problem := range failed {
		if want, ok := knownWPTFailures[name]; !ok {
			t.Errorf("%s\n\t%s", name, problem)
		} else if !strings.Contains(problem, want) {
			t.Errorf("%s: known failure changed:\n\tgot  %s\n\twant %s", name, problem, want)
		}
	}
	for name := range knownWPTFailures {
		if _, ok := failed[name]; !ok {
			t.Errorf("%s: listed as a known failure, and passes: remove it from knownWPTFailures", name)
		}
	}
	t.Logf("%d of %d rows pass, %d known failures", passed, len(rows), len(knownWPTFailures))
}

// knownWPTFailures lists the rows that fail, by their WPT test name, with
// a part of the reason, such as the name of a construct that RE2 cannot
// express and the package refuses; the test fails when a row listed
// passes. It is empty: the four rows of the "v" flag's class set
// operations ("[[a-z]--a]", "[\d&&[0-1]]"), which RE2 has no syntax for,
// pass because classes are computed as sets of code points.
var knownWPTFailures = map[string]string{}

// runWPTRow runs one row and returns what is wrong, or "".
func runWPTRow(t *testing.T, r wptRow) string {
	p, err := construct(parseArgs(t, r.Pattern))
	if string(r.ExpectedObj) == `"error"` {
		if err == nil {
			return "constructor succeeded, want an error"
		}
		if !errors.Is(err, errBinding) {
			if problem := checkPatternError(err); problem != "" {
				return problem
			}
		}
		return ""
	}
	if err != nil {
		return "constructor: " + err.Error()
	}
	for c := Protocol; c < numComponents; c++ {
		want, err := expectedPattern(r, c)
		if err != nil {
			return err.Error()
		}
		if got := p.Component(c); got != want {
			return fmt.Sprintf("%v pattern %q, want %q", c, got, want)
		}
	}
	var args []wptArg
	if r.Inputs != nil {
		args = parseArgs(t, *r.Inputs)
	}
	return checkMatch(p, r, args)
}

// checkPatternError checks that a constructor's error is a *uri.Error
// with an offset inside its input and one of this package's sentinels.
func checkPatternError(err error) string {
	var e *uri.Error
	if !errors.As(err, &e) {
		return fmt.Sprintf("error %T %v, want a *uri.Error", err, err)
	}
	if e.Offset < 0 || e.Offset > len(e.Input) {
		return fmt.Sprintf("error offset %d outside its input %q", e.Offset, e.Input)
	}
	for _, s := range []error{ErrRelative, ErrBaseURL, ErrInvalidName, ErrInvalidEscape, ErrInvalidGroup,
		ErrUnexpected, ErrDuplicateName, ErrCanonical, ErrRegexpSyntax, ErrRegexpUnsupported} {
		if errors.Is(err, s) {
			return ""
		}
	}
	return "error with no sentinel of the package: " + err.Error()
}

// expectedPattern is the pattern string the harness expects for c: the
// row's expected_obj member, or the one it computes from the arguments.
func expectedPattern(r wptRow, c Component) (string, error) {
	var obj map[string]string
	if len(r.ExpectedObj) > 0 {
		if err := json.Unmarshal(r.ExpectedObj, &obj); err != nil {
			return "", err
		}
	}
	if v, ok := obj[c.String()]; ok {
		return v, nil
	}
	if slices.Contains(r.ExactlyEmpty, c.String()) {
		return "", nil
	}
	var first map[string]any
	if len(r.Pattern) > 0 {
		json.Unmarshal(r.Pattern[0], &first) // a string leaves it nil
	}
	if v, _ := first[c.String()].(string); v != "" {
		return v, nil
	}
	earlier := map[Component][]string{
		Hostname: {"protocol"}, Port: {"protocol", "hostname"},
		Pathname: {"protocol", "hostname", "port"}, Search: {"protocol", "hostname", "port", "pathname"},
		Hash: {"protocol", "hostname", "port", "pathname", "search"},
	}
	for _, e := range earlier[c] {
		if _, ok := first[e]; ok && first != nil {
			return "*", nil
		}
	}
	base, _ := first["baseURL"].(string)
	if base == "" && len(r.Pattern) > 1 {
		json.Unmarshal(r.Pattern[1], &base)
	}
	if base == "" || c == Username || c == Password {
		return "*", nil
	}
	u, err := whatwg.Parse(base)
	if err != nil {
		return "", fmt.Errorf("base URL %q: %v", base, err)
	}
	return map[Component]string{
		Protocol: u.Scheme(), Hostname: u.Hostname(), Port: u.Port(), Pathname: u.Pathname(),
		Search: strings.TrimPrefix(u.Search(), "?"), Hash: strings.TrimPrefix(u.Hash(), "#"),
	}[c], nil
}

// wptComponent is a component result as the harness compares it: groups
// by name, nil for undefined.
type wptComponent struct {
	Input  string             `json:"input"`
	Groups map[string]*string `json:"groups"`
}

// checkMatch checks test and exec against expected_match.
func checkMatch(p *Pattern, r wptRow, args []wptArg) string {
	ok, terr := testWith(p, args)
	res, eerr := execute(p, args)
	em := string(r.ExpectedMatch)
	if em == `"error"` {
		if terr == nil || eerr == nil {
			return "test or exec succeeded, want an error"
		}
		return ""
	}
	if terr != nil || eerr != nil {
		return fmt.Sprintf("test: %v, exec: %v", terr, eerr)
	}
	want := em != "" && em != "null"
	if ok != want {
		return fmt.Sprintf("test = %v, want %v", ok, want)
	}
	if (res != nil) != want {
		return fmt.Sprintf("exec = %v, want a result: %v", res, want)
	}
	if !want {
		return ""
	}
	var expected map[string]json.RawMessage
	if err := json.Unmarshal(r.ExpectedMatch, &expected); err != nil {
		return err.Error()
	}
	for c := Protocol; c < numComponents; c++ {
		w := wptComponent{Groups: map[string]*string{}}
		if raw, ok := expected[c.String()]; ok {
			if err := json.Unmarshal(raw, &w); err != nil {
				return err.Error()
			}
		} else if !slices.Contains(r.ExactlyEmpty, c.String()) {
			empty := ""
			w.Groups["0"] = &empty
		}
		got := wptComponent{Input: res.Component(c).Input, Groups: map[string]*string{}}
		for _, g := range res.Component(c).Groups {
			if g.Matched {
				got.Groups[g.Name] = &g.Value
			} else {
				got.Groups[g.Name] = nil
			}
		}
		if diff := cmp.Diff(w, got); diff != "" {
			return fmt.Sprintf("exec %v (-want +got):\n%s", c, diff)
		}
	}
	return ""
}

// wptCompareRow is a row of urlpattern-compare.jsonl.
type wptCompareRow struct {
	testrows.Source
	Component string          `json:"component"`
	Left      json.RawMessage `json:"left"`
	Right     json.RawMessage `json:"right"`
	Expected  int             `json:"expected"`
}

// TestWPTCompare runs urlpattern-compare-tests.tentative.js: the
// comparison each way, and of each pattern with itself.
func TestWPTCompare(t *testing.T) {
	rows := testrows.Vectors[wptCompareRow](t, "wpt-urlpattern", "urlpattern-compare.jsonl")
	for _, r := range rows {
		c, ok := ParseComponent(r.Component)
		if !ok {
			t.Fatalf("line %d: component %q", r.Line, r.Component)
		}
		left, err := construct(parseArgs(t, []json.RawMessage{r.Left}))
		if err != nil {
			t.Errorf("line %d: left %s: %v", r.Line, r.Left, err)
			continue
		}
		right, err := construct(parseArgs(t, []json.RawMessage{r.Right}))
		if err != nil {
			t.Errorf("line %d: right %s: %v", r.Line, r.Right, err)
			continue
		}
		if got := CompareComponent(c, left, right); got != r.Expected {
			t.Errorf("CompareComponent(%v, %s, %s) = %d, want %d", c, r.Left, r.Right, got, r.Expected)
		}
		if got := CompareComponent(c, right, left); got != -r.Expected {
			t.Errorf("CompareComponent(%v, %s, %s) = %d, want %d (reverse order)", c, r.Right, r.Left, got, -r.Expected)
		}
		if CompareComponent(c, left, left) != 0 || CompareComponent(c, right, right) != 0 {
			t.Errorf("CompareComponent(%v) of %s or %s with itself is not 0", c, r.Left, r.Right)
		}
	}
}

// wptGenerateRow is a row of urlpattern-generate.jsonl; a null expected
// is an exception.
type wptGenerateRow struct {
	testrows.Source
	Pattern   json.RawMessage   `json:"pattern"`
	Component string            `json:"component"`
	Groups    map[string]string `json:"groups"`
	Expected  *string           `json:"expected"`
}

func TestWPTGenerate(t *testing.T) {
	rows := testrows.Vectors[wptGenerateRow](t, "wpt-urlpattern", "urlpattern-generate.jsonl")
	for _, r := range rows {
		p, err := construct(parseArgs(t, []json.RawMessage{r.Pattern}))
		if err != nil {
			t.Errorf("line %d: pattern %s: %v", r.Line, r.Pattern, err)
			continue
		}
		c, ok := ParseComponent(r.Component)
		if !ok {
			// An unknown component name is a TypeError of the bindings.
			if r.Expected != nil {
				t.Errorf("line %d: component %q is no component, want %q", r.Line, r.Component, *r.Expected)
			}
			continue
		}
		got, err := p.Generate(c, r.Groups)
		switch {
		case r.Expected == nil && err == nil:
			t.Errorf("Generate(%v, %v) of %s = %q, want an error", c, r.Groups, r.Pattern, got)
		case r.Expected == nil && !errors.Is(err, ErrGenerate):
			t.Errorf("Generate(%v, %v) of %s: error %v, want ErrGenerate", c, r.Groups, r.Pattern, err)
		case r.Expected != nil && (err != nil || got != *r.Expected):
			t.Errorf("Generate(%v, %v) of %s = %q, %v, want %q", c, r.Groups, r.Pattern, got, err, *r.Expected)
		}
	}
}
