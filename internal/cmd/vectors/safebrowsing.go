package main

import (
	"encoding/hex"
	"encoding/json"
	"fmt"
	"unicode/utf8"
)

// The suite safebrowsing: the test tables of urls_test.go of Google's Safe
// Browsing client (github.com/google/safebrowsing), which the upstream
// folder keeps as JSON (safebrowsing-canonical.json, one array per Go test
// table). Each case becomes a row that names the client's function it
// tests.

// safeBrowsingTables are the tables of the file: the function tested, the
// member of its rows that holds the result, and whether that is a list.
var safeBrowsingTables = []struct {
	function, result string
	list             bool
}{
	{"canonicalURL", "canonical", false},
	{"canonicalHost", "host", false},
	{"canonicalPath", "path", false},
	{"parseIPAddress", "ipv4", false},
	{"generateLookupHosts", "hosts", true},
	{"generateLookupPaths", "paths", true},
	{"generatePatterns", "expressions", true},
}

// safeBrowsingRow is one case: what function makes of input, a string
// (output) or a list (outputs), or null where it returns an error.
type safeBrowsingRow struct {
	Function string    `json:"function"`
	Input    string    `json:"input"`
	InputHex string    `json:"input_hex,omitempty"`
	Output   *string   `json:"output,omitempty"`
	Outputs  *[]string `json:"outputs,omitempty"`
	Error    bool      `json:"error,omitempty"`
}

// safeBrowsing converts safebrowsing-canonical.json and writes the licence
// beside it.
func safeBrowsing(src string, out *output) error {
	u, err := readUpstream(src, "safebrowsing-canonical.json")
	if err != nil {
		return err
	}
	ms, err := members(u.data)
	if err != nil {
		return fmt.Errorf("%s: %w", u.name, err)
	}
	tables := map[string]json.RawMessage{}
	for _, m := range ms {
		tables[m.name] = m.value
	}
	if len(tables) != len(safeBrowsingTables)+1 { // and "source"
		return fmt.Errorf("%s: %d members, want the tables and source", u.name, len(tables))
	}
	var rows []any
	for _, t := range safeBrowsingTables {
		rs, err := safeBrowsingTable(t.function, t.result, t.list, tables[t.function])
		if err != nil {
			return fmt.Errorf("%s: %s: %w", u.name, t.function, err)
		}
		rows = append(rows, rs...)
	}
	source := fmt.Sprintf("From the test tables of urls_test.go of Google's Safe Browsing client, as %s (git blob %s), Apache-2.0: LICENSE.", u.name, u.blob())
	if err := out.write("canonical.jsonl", source, rows); err != nil {
		return err
	}
	return out.apacheLicence(src, "LICENSE-Apache-2.0.txt",
		"The file canonical.jsonl of this folder holds the test cases of the file\n"+
			"urls_test.go of Google's Safe Browsing client (github.com/google/safebrowsing),\n"+
			"changed in form: its test tables were written as JSON data, no code copied,\n"+
			"and the command go run ./internal/cmd/vectors safebrowsing wrote each case\n"+
			"as a line of its own (see README.md). The notice of urls_test.go:\n\n"+
			"   Copyright 2016 Google Inc. All Rights Reserved.\n\n"+
			"   Licensed under the Apache License, Version 2.0.\n\n"+
			"The text of the Apache License, Version 2.0, follows.\n\n"+
			"----------------------------------------------------------------------")
}

// safeBrowsingTable converts the rows of one table.
func safeBrowsingTable(function, result string, list bool, data json.RawMessage) ([]any, error) {
	var cases []map[string]json.RawMessage
	if err := json.Unmarshal(data, &cases); err != nil {
		return nil, err
	}
	var rows []any
	for i, c := range cases {
		row := safeBrowsingRow{Function: function}
		var inputHex string
		if err := json.Unmarshal(c["input"], &row.Input); err != nil {
			return nil, fmt.Errorf("row %d: input: %w", i, err)
		}
		if h, ok := c["input_hex"]; ok {
			if err := json.Unmarshal(h, &inputHex); err != nil {
				return nil, fmt.Errorf("row %d: input_hex: %w", i, err)
			}
			b, err := hex.DecodeString(inputHex)
			if err != nil || utf8.Valid(b) {
				return nil, fmt.Errorf("row %d: input_hex %q is not the hex of invalid UTF-8", i, inputHex)
			}
			row.Input = string(b)
		}
		row.InputHex = hexIfInvalid(row.Input)
		members := 2 // input and the result
		if inputHex != "" {
			members++
		}
		res, ok := c[result]
		if !ok || len(c) != members {
			return nil, fmt.Errorf("row %d: want input, %s and nothing else", i, result)
		}
		var err error
		switch {
		case string(res) == "null":
			row.Error = true
		case list:
			err = json.Unmarshal(res, &row.Outputs)
		default:
			err = json.Unmarshal(res, &row.Output)
		}
		if err != nil {
			return nil, fmt.Errorf("row %d: %s: %w", i, result, err)
		}
		rows = append(rows, row)
	}
	return rows, nil
}
