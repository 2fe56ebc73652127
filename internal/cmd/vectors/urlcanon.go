package main

import (
	"encoding/json"
	"fmt"
	"strings"
)

// The suite urlcanon: the test data of IIPC urlcanon (its folder testdata),
// which package canon runs. urlcanon reads its files as ISO-8859-1, so a
// string such as "\u00e2\u0098\u0083" stands for the bytes E2 98 83; the
// vectors hold the bytes themselves (see hexIfInvalid). Three files of the
// folder are left out: parsing.json, whose expectations are urlcanon's own
// split of a URL into 20 parts, which nothing in this module computes;
// notes.txt, prose; and urltestdata.json, a copy of WPT's urltestdata.json
// of 2017, which the suite wpt-url holds as WPT has it today.

// urlcanonFiles are the files converted, each to the name of the same stem
// with "-" for "_" and the extension .jsonl; grouped files are objects of
// named objects of cases, the others one object of cases.
var urlcanonFiles = []struct {
	name    string
	grouped bool
}{
	{"surt", true},
	{"ssurt", true},
	{"path_dots", true},
	{"semantic_precise", false},
	{"aggressive", false},
	{"supplemental_whatwg", false},
	{"funky_ipv4", false},
}

// urlcanonSource is the header line of a vector file made from u.
func urlcanonSource(u upstream) string {
	return fmt.Sprintf("From testdata/%s of IIPC urlcanon (git blob %s), Apache-2.0: LICENSE.", u.name, u.blob())
}

// urlcanon converts the files and writes the licence beside them.
func urlcanon(src string, out *output) error {
	for _, f := range urlcanonFiles {
		u, err := readUpstream(src, f.name+".json")
		if err != nil {
			return err
		}
		var rows []any
		if f.grouped {
			rows, err = canonGroups(u.data)
		} else {
			rows, err = canonCases("", u.data)
		}
		if err != nil {
			return fmt.Errorf("%s: %w", u.name, err)
		}
		if err := out.write(strings.ReplaceAll(f.name, "_", "-")+".jsonl", urlcanonSource(u), rows); err != nil {
			return err
		}
	}
	if err := urlcanonIdempotence(src, out); err != nil {
		return err
	}
	return out.apacheLicence(src, "LICENSE-Apache-2.0.txt",
		"The files *.jsonl of this folder hold the test data of IIPC urlcanon\n"+
			"(github.com/iipc/urlcanon, folder testdata), changed in form: the command\n"+
			"go run ./internal/cmd/vectors urlcanon wrote each case as a line of its own\n"+
			"(see README.md). urlcanon's notices, as its README gives them:\n\n"+
			"   Copyright (C) 2016-2018 Internet Archive\n"+
			"   Copyright (C) 2016-2020 National Library of Australia\n\n"+
			"   Licensed under the Apache License, Version 2.0.\n\n"+
			"The text of the Apache License, Version 2.0, follows.\n\n"+
			"----------------------------------------------------------------------")
}

// canonRow is one case: what urlcanon's function of the file or group
// makes of input, or null where it fails. A string that is not valid UTF-8
// is also given in hexadecimal.
type canonRow struct {
	Group     string  `json:"group,omitempty"`
	Input     string  `json:"input"`
	InputHex  string  `json:"input_hex,omitempty"`
	Output    *string `json:"output"`
	OutputHex string  `json:"output_hex,omitempty"`
}

// canonGroups converts an object of groups of cases.
func canonGroups(data []byte) ([]any, error) {
	groups, err := members(data)
	if err != nil {
		return nil, err
	}
	var rows []any
	for _, g := range groups {
		rs, err := canonCases(g.name, g.value)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", g.name, err)
		}
		rows = append(rows, rs...)
	}
	return rows, nil
}

// canonCases converts an object of cases {input: output or null}, in the
// order of the text and each input once.
func canonCases(group string, data []byte) ([]any, error) {
	cases, err := members(data)
	if err != nil {
		return nil, err
	}
	var rows []any
	for _, c := range cases {
		var out *string
		if err := json.Unmarshal(c.value, &out); err != nil {
			return nil, fmt.Errorf("%q: %w", c.name, err)
		}
		row := canonRow{Group: group, Input: latin1Bytes(c.name)}
		row.InputHex = hexIfInvalid(row.Input)
		if out != nil {
			o := latin1Bytes(*out)
			row.Output, row.OutputHex = &o, hexIfInvalid(o)
		}
		rows = append(rows, row)
	}
	return rows, nil
}

// latin1Bytes returns the bytes that s stands for when read as urlcanon
// reads its files: each code point below 256 is one byte. A string with a
// larger code point is no such string, and stays as it is.
func latin1Bytes(s string) string {
	b := make([]byte, 0, len(s))
	for _, r := range s {
		if r > 0xff {
			return s
		}
		b = append(b, byte(r))
	}
	return string(b)
}

// urlcanonIdempotence converts idempotence.json, a list of URLs whose
// UTF-8 stands for itself: urlcanon's parser writes each back as it is.
func urlcanonIdempotence(src string, out *output) error {
	u, err := readUpstream(src, "idempotence.json")
	if err != nil {
		return err
	}
	var list []string
	if err := u.decode(&list); err != nil {
		return fmt.Errorf("%s: %w", u.name, err)
	}
	type row struct {
		Input    string `json:"input"`
		InputHex string `json:"input_hex,omitempty"`
	}
	rows := make([]any, len(list))
	for i, s := range list {
		rows[i] = row{s, hexIfInvalid(s)}
	}
	return out.write("idempotence.jsonl", urlcanonSource(u), rows)
}
