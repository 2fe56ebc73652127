package main

import (
	"encoding/json"
	"fmt"
)

// The suite wpt-urlencoded: the application/x-www-form-urlencoded parser
// cases of web-platform-tests (url/resources/urlencoded-parser-data.json)
// and the facts of WPT's urlsearchparams-*.any.js tests, which the upstream
// folder keeps as JSON (urlsearchparams-cases.json; the upstream folder's notes say how
// they were written down). The prose of that file (about, sources,
// summary, skipped, and each case's note of what it omits) is dropped.

// wptURLEncoded converts both files and keeps WPT's licence beside them.
func wptURLEncoded(src string, out *output) error {
	u, err := readUpstream(src, "urlencoded-parser-data.json")
	if err != nil {
		return err
	}
	rows, err := urlencodedParser(u)
	if err != nil {
		return fmt.Errorf("%s: %w", u.name, err)
	}
	if err := out.write("urlencoded-parser.jsonl", wptSource(u), rows); err != nil {
		return err
	}
	u, err = readUpstream(src, "urlsearchparams-cases.json")
	if err != nil {
		return err
	}
	rows, err = searchParamsCases(u)
	if err != nil {
		return fmt.Errorf("%s: %w", u.name, err)
	}
	source := fmt.Sprintf("From the facts of WPT's url/urlsearchparams-*.any.js tests, written down as %s (git blob %s), BSD-3-Clause: LICENSE.md.", u.name, u.blob())
	if err := out.write("urlsearchparams.jsonl", source, rows); err != nil {
		return err
	}
	return out.copyLicence(src, "LICENSE.md")
}

// formRow is one case of urlencoded-parser.jsonl: the name-value pairs
// that the parser gives for input, in order.
type formRow struct {
	Input  string      `json:"input"`
	Output [][2]string `json:"output"`
}

// urlencodedParser converts urlencoded-parser-data.json, an array of cases.
func urlencodedParser(u upstream) ([]any, error) {
	var cases []formRow
	if err := u.decode(&cases); err != nil {
		return nil, err
	}
	rows := make([]any, len(cases))
	for i, c := range cases {
		if c.Output == nil {
			c.Output = [][2]string{}
		}
		rows[i] = c
	}
	return rows, nil
}

// searchParamsRow is one case of urlsearchparams.jsonl: a URLSearchParams
// made from init (a string, a list of pairs, or null for none), or the
// searchParams of the URL url (against base), the steps ops in order, and
// the checks after them. file and name are WPT's test file and test name;
// part numbers the cases of one test.
type searchParamsRow struct {
	File           string          `json:"file"`
	Name           string          `json:"name"`
	Part           int             `json:"part,omitempty"`
	Init           json.RawMessage `json:"init,omitempty"`
	URL            *string         `json:"url,omitempty"`
	Base           *string         `json:"base,omitempty"`
	Ops            json.RawMessage `json:"ops"`
	ExpectString   *string         `json:"expect_string,omitempty"`
	ExpectPairs    json.RawMessage `json:"expect_pairs,omitempty"`
	ExpectHref     *string         `json:"expect_href,omitempty"`
	ExpectSearch   *string         `json:"expect_search,omitempty"`
	ExpectPathname *string         `json:"expect_pathname,omitempty"`
	PairsOf        string          `json:"pairs_of,omitempty"`
}

// searchParamsCases converts urlsearchparams-cases.json: its cases.
func searchParamsCases(u upstream) ([]any, error) {
	var file struct {
		About   json.RawMessage `json:"about"`
		Sources json.RawMessage `json:"sources"`
		Summary json.RawMessage `json:"summary"`
		Skipped json.RawMessage `json:"skipped"`
		Cases   []struct {
			searchParamsRow
			Omitted string `json:"omitted"`
		} `json:"cases"`
	}
	if err := u.decode(&file); err != nil {
		return nil, err
	}
	var rows []any
	for i, c := range file.Cases {
		if (c.URL == nil) == (c.Init == nil) {
			return nil, fmt.Errorf("case %d: neither or both of init and url", i)
		}
		rows = append(rows, c.searchParamsRow)
	}
	return rows, nil
}
