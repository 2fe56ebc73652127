package whatwg

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/gouri/uri/internal/testrows"
)

// The web-platform-tests cases of the application/x-www-form-urlencoded
// parser and of the URLSearchParams class are kept as vectors in
// testdata/conformance/wpt-urlencoded of the module (see its README.md).
const formSuite = "wpt-urlencoded"

// pairsOf returns the pairs of p in order.
func pairsOf(p SearchParams) [][2]string {
	out := [][2]string{}
	for n, v := range p.All() {
		out = append(out, [2]string{n, v})
	}
	return out
}

// TestWPTURLEncodedParser runs urlencoded-parser.jsonl as WPT's
// urlencoded-parser.any.js does: new URLSearchParams(input), then its pairs
// in order (URL Standard, section 5.1).
func TestWPTURLEncodedParser(t *testing.T) {
	type formCase struct {
		Input  string      `json:"input"`
		Output [][2]string `json:"output"`
	}
	e := testrows.NewExpect(t, "urlencoded-parser.jsonl", knownWPT(t, "urlencoded-parser.jsonl"))
	for _, tc := range testrows.Vectors[formCase](t, formSuite, "urlencoded-parser.jsonl") {
		failure := ""
		if diff := cmp.Diff(tc.Output, pairsOf(ParseSearchParams(tc.Input))); diff != "" {
			failure = fmt.Sprintf("ParseSearchParams(%q) pairs (-want +got):\n%s", tc.Input, diff)
		}
		e.Case(tc.Input, failure)
	}
	e.Done()
}

// spCase is one case of urlsearchparams.jsonl (see its README.md).
type spCase struct {
	File           string          `json:"file"`
	Name           string          `json:"name"`
	Part           int             `json:"part"`
	Init           json.RawMessage `json:"init"`
	URL            *string         `json:"url"`
	Base           *string         `json:"base"`
	Ops            [][]any         `json:"ops"`
	ExpectString   *string         `json:"expect_string"`
	ExpectPairs    *[][2]string    `json:"expect_pairs"`
	ExpectHref     *string         `json:"expect_href"`
	ExpectSearch   *string         `json:"expect_search"`
	ExpectPathname *string         `json:"expect_pathname"`
	PairsOf        string          `json:"pairs_of"`
}

// TestWPTURLSearchParams runs the cases of WPT's urlsearchparams-*.any.js
// tests (URL Standard, section 6.2). A case with a url works on that URL's
// list, which stays connected to it: every change runs the update steps
// (URL.SetSearchParams), and setting search reparses the list.
func TestWPTURLSearchParams(t *testing.T) {
	e := testrows.NewExpect(t, "urlsearchparams.jsonl", knownWPT(t, "urlsearchparams.jsonl"))
	for _, tc := range testrows.Vectors[spCase](t, formSuite, "urlsearchparams.jsonl") {
		name := fmt.Sprintf("%s: %q", tc.File, tc.Name)
		if tc.Part > 0 {
			name += fmt.Sprintf(" part %d", tc.Part)
		}
		failure := ""
		if errs := runSPCase(tc); len(errs) > 0 {
			failure = name + ": " + strings.Join(errs, "; ")
		}
		e.Case(name, failure)
	}
	e.Done()
}

// runSPCase runs one case and returns what went wrong.
func runSPCase(tc spCase) (errs []string) {
	fail := func(format string, args ...any) { errs = append(errs, fmt.Sprintf(format, args...)) }
	var p SearchParams
	var u URL
	connected := tc.URL != nil
	if connected {
		var err error
		if tc.Base != nil {
			u, err = Resolve(*tc.Base, *tc.URL)
		} else {
			u, err = Parse(*tc.URL)
		}
		if err != nil {
			return []string{fmt.Sprintf("Parse(%q): %v", *tc.URL, err)}
		}
		p = u.SearchParams()
	} else {
		var s string
		var pairs [][2]string
		switch {
		case string(tc.Init) == "null" || len(tc.Init) == 0:
		case json.Unmarshal(tc.Init, &s) == nil:
			p = ParseSearchParams(s)
		case json.Unmarshal(tc.Init, &pairs) == nil:
			for _, kv := range pairs {
				p.Append(kv[0], kv[1])
			}
		default:
			return []string{fmt.Sprintf("init %s: not a string or pairs", tc.Init)}
		}
	}
	update := func() {
		if connected {
			if err := u.SetSearchParams(p); err != nil {
				fail("SetSearchParams: %v", err)
			}
		}
	}
	str := func(i int, op []any) string { return op[i].(string) }
	for _, op := range tc.Ops {
		switch {
		case op[0] == "append":
			p.Append(str(1, op), str(2, op))
			update()
		case op[0] == "delete" && len(op) == 2:
			p.Delete(str(1, op))
			update()
		case op[0] == "delete":
			p.DeleteValue(str(1, op), str(2, op))
			update()
		case op[0] == "set":
			p.Set(str(1, op), str(2, op))
			update()
		case op[0] == "sort":
			p.Sort()
			update()
		case op[0] == "setSearch":
			if err := u.SetSearch(str(1, op)); err != nil {
				fail("SetSearch(%q): %v", str(1, op), err)
			}
			p = u.SearchParams()
		case op[0] == "toString":
			if got := p.String(); got != str(1, op) {
				fail("String() = %q, want %q", got, str(1, op))
			}
		case op[0] == "get":
			got, ok := p.Get(str(1, op))
			want, wantOK := op[2].(string)
			if got != want || ok != wantOK {
				fail("Get(%q) = %q, %v; want %q, %v", str(1, op), got, ok, want, wantOK)
			}
		case op[0] == "getAll":
			want := []string{}
			for _, v := range op[2].([]any) {
				want = append(want, v.(string))
			}
			got := append([]string{}, p.GetAll(str(1, op))...)
			if diff := cmp.Diff(want, got); diff != "" {
				fail("GetAll(%q) (-want +got):\n%s", str(1, op), diff)
			}
		case op[0] == "has" && len(op) == 3:
			if got := p.Has(str(1, op)); got != op[2].(bool) {
				fail("Has(%q) = %v", str(1, op), got)
			}
		case op[0] == "has":
			if got := p.HasValue(str(1, op), str(2, op)); got != op[3].(bool) {
				fail("HasValue(%q, %q) = %v", str(1, op), str(2, op), got)
			}
		case op[0] == "size":
			if got := p.Len(); float64(got) != op[1].(float64) {
				fail("Len() = %d, want %v", got, op[1])
			}
		case op[0] == "href":
			if got := u.Href(); got != str(1, op) {
				fail("Href() = %q, want %q", got, str(1, op))
			}
		default:
			fail("unknown step %v", op)
		}
	}
	if tc.ExpectString != nil && p.String() != *tc.ExpectString {
		fail("String() = %q, want %q", p.String(), *tc.ExpectString)
	}
	if tc.ExpectPairs != nil {
		q := p
		if tc.PairsOf == "url.search" {
			q = ParseSearchParams(u.Search())
		}
		if diff := cmp.Diff(*tc.ExpectPairs, pairsOf(q)); diff != "" {
			fail("pairs (-want +got):\n%s", diff)
		}
	}
	for _, c := range []struct {
		name string
		want *string
		got  string
	}{{"Href", tc.ExpectHref, u.Href()}, {"Search", tc.ExpectSearch, u.Search()}, {"Pathname", tc.ExpectPathname, u.Pathname()}} {
		if c.want != nil && c.got != *c.want {
			fail("%s() = %q, want %q", c.name, c.got, *c.want)
		}
	}
	if connected {
		if v, err := Parse(u.Href()); err != nil || v != u {
			fail("Parse(%q) = %q, %v: the URL does not parse back to itself", u.Href(), v.Href(), err)
		}
	}
	return errs
}
