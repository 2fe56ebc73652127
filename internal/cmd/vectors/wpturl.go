package main

import (
	"encoding/json"
	"fmt"
)

// The suite wpt-url: the URL Standard's data files of web-platform-tests
// (url/resources), which WPT's url-constructor, url-setters, toascii and
// IdnaTestV2 tests run. Their comments are dropped; every input and
// expected result is kept. Go's JSON decoder reads a lone UTF-16 surrogate
// of an input ("\uD800") as U+FFFD, which is also what the URL
// constructor's conversion to a USVString makes of it.

// wptSource is the header line of a vector file made from the WPT file u.
func wptSource(u upstream) string {
	return fmt.Sprintf("From url/resources/%s of web-platform-tests (git blob %s), BSD-3-Clause: LICENSE.md.", u.name, u.blob())
}

// wptURL converts the four files and keeps WPT's licence beside them.
func wptURL(src string, out *output) error {
	for _, f := range []struct {
		from, to string
		convert  func(upstream) ([]any, error)
	}{
		{"urltestdata.json", "urltestdata.jsonl", wptURLTestData},
		{"setters_tests.json", "setters.jsonl", wptSetters},
		{"toascii.json", "toascii.jsonl", wptHosts},
		{"IdnaTestV2.json", "idna-v2.jsonl", wptHosts},
	} {
		u, err := readUpstream(src, f.from)
		if err != nil {
			return err
		}
		rows, err := f.convert(u)
		if err != nil {
			return fmt.Errorf("%s: %w", f.from, err)
		}
		if err := out.write(f.to, wptSource(u), rows); err != nil {
			return err
		}
	}
	return out.copyLicence(src, "LICENSE.md")
}

// URLGetters are the getters of the URL class that a successful case of
// urltestdata.json gives, in the order of the URL class.
type URLGetters struct {
	Href     string `json:"href"`
	Origin   string `json:"origin,omitempty"` // when the case gives it
	Protocol string `json:"protocol"`
	Username string `json:"username"`
	Password string `json:"password"`
	Host     string `json:"host"`
	Hostname string `json:"hostname"`
	Port     string `json:"port"`
	Pathname string `json:"pathname"`
	Search   string `json:"search"`
	Hash     string `json:"hash"`
}

// urlRow is one case of urltestdata.jsonl: new URL(input, base) fails, or
// gives the getters (and url.searchParams.toString() when searchParams is
// given). relativeTo says against which further bases WPT's other tests
// expect the input to fail too.
type urlRow struct {
	Input        string  `json:"input"`
	Base         *string `json:"base,omitempty"` // none: no base
	Failure      bool    `json:"failure,omitempty"`
	RelativeTo   string  `json:"relativeTo,omitempty"`
	*URLGetters          // nil for a failure
	SearchParams *string `json:"searchParams,omitempty"`
}

// wptURLTestData converts urltestdata.json: an array of comment strings and
// cases.
func wptURLTestData(u upstream) ([]any, error) {
	var raw []json.RawMessage
	if err := u.decode(&raw); err != nil {
		return nil, err
	}
	var rows []any
	for i, r := range raw {
		if r[0] == '"' {
			continue // a comment
		}
		var c struct {
			Input        string  `json:"input"`
			Base         *string `json:"base"`
			Failure      bool    `json:"failure"`
			RelativeTo   string  `json:"relativeTo"`
			SearchParams *string `json:"searchParams"`
			Comment      string  `json:"comment"`
			Href         *string `json:"href"`
			Origin       *string `json:"origin"`
			Protocol     *string `json:"protocol"`
			Username     *string `json:"username"`
			Password     *string `json:"password"`
			Host         *string `json:"host"`
			Hostname     *string `json:"hostname"`
			Port         *string `json:"port"`
			Pathname     *string `json:"pathname"`
			Search       *string `json:"search"`
			Hash         *string `json:"hash"`
		}
		if err := decodeStrict(r, &c); err != nil {
			return nil, fmt.Errorf("element %d: %w", i, err)
		}
		row := urlRow{Input: c.Input, Base: c.Base, Failure: c.Failure, RelativeTo: c.RelativeTo, SearchParams: c.SearchParams}
		if c.Failure != (c.Href == nil) {
			return nil, fmt.Errorf("element %d: a case gives either failure or href", i)
		}
		if !c.Failure {
			g := []*string{c.Href, c.Protocol, c.Username, c.Password, c.Host, c.Hostname, c.Port, c.Pathname, c.Search, c.Hash}
			for _, p := range g {
				if p == nil {
					return nil, fmt.Errorf("element %d: a getter is missing", i)
				}
			}
			row.URLGetters = &URLGetters{Href: *c.Href, Protocol: *c.Protocol, Username: *c.Username,
				Password: *c.Password, Host: *c.Host, Hostname: *c.Hostname, Port: *c.Port,
				Pathname: *c.Pathname, Search: *c.Search, Hash: *c.Hash}
			if c.Origin != nil {
				if *c.Origin == "" {
					return nil, fmt.Errorf("element %d: an empty origin", i)
				}
				row.Origin = *c.Origin
			}
		}
		rows = append(rows, row)
	}
	return rows, nil
}

// setterRow is one case of setters.jsonl: after href is parsed and the
// setter is called with new_value, each getter named in expected gives
// its value.
type setterRow struct {
	Setter   string            `json:"setter"`
	Href     string            `json:"href"`
	NewValue string            `json:"new_value"`
	Expected map[string]string `json:"expected"`
}

// wptSetters converts setters_tests.json: an object of arrays of cases, one
// per setter, after a comment.
func wptSetters(u upstream) ([]any, error) {
	ms, err := members(u.data)
	if err != nil {
		return nil, err
	}
	var rows []any
	for _, m := range ms {
		if m.name == "comment" {
			continue
		}
		var cases []struct {
			setterRow
			Comment string `json:"comment"`
		}
		if err := decodeStrict(m.value, &cases); err != nil {
			return nil, fmt.Errorf("%s: %w", m.name, err)
		}
		for _, c := range cases {
			c.Setter = m.name
			rows = append(rows, c.setterRow)
		}
	}
	return rows, nil
}

// hostRow is one case of toascii.jsonl or idna-v2.jsonl: the host that
// the URL parser makes of input, or null when it fails. urlStandardOnly
// marks the cases that hold for the URL Standard's host parser but not for
// UTS #46 ToASCII alone.
type hostRow struct {
	Input           string  `json:"input"`
	Output          *string `json:"output"`
	URLStandardOnly bool    `json:"urlStandardOnly,omitempty"`
}

// wptHosts converts toascii.json or IdnaTestV2.json: an array of comment
// strings and cases.
func wptHosts(u upstream) ([]any, error) {
	var raw []json.RawMessage
	if err := u.decode(&raw); err != nil {
		return nil, err
	}
	var rows []any
	for i, r := range raw {
		if r[0] == '"' {
			continue // a comment
		}
		var c struct {
			hostRow
			Comment string `json:"comment"`
		}
		if err := decodeStrict(r, &c); err != nil {
			return nil, fmt.Errorf("element %d: %w", i, err)
		}
		rows = append(rows, c.hostRow)
	}
	return rows, nil
}
