package main

import (
	"encoding/json"
	"fmt"
	"strings"
)

// The suite uritemplate: the RFC 6570 test suite uritemplate-test
// (github.com/uri-templates/uritemplate-test). Each upstream file is an
// object of named groups, each with its variables and a list of
// [template, expected] pairs. Here each pair is a row of the file's
// vectors that names its group, and groups.jsonl holds the level and the
// variables of every group of every file, once.

// uriTemplateFiles are the files of the suite, each converted to the file
// of the same name with the extension .jsonl.
var uriTemplateFiles = []string{"spec-examples", "spec-examples-by-section", "extended-tests", "negative-tests"}

// uriTemplate converts the four files and writes the licence beside them.
func uriTemplate(src string, out *output) error {
	var groups []any
	var blobs []string
	for _, name := range uriTemplateFiles {
		u, err := readUpstream(src, name+".json")
		if err != nil {
			return err
		}
		gs, rows, err := uriTemplateCases(u, name)
		if err != nil {
			return fmt.Errorf("%s: %w", u.name, err)
		}
		groups = append(groups, gs...)
		blobs = append(blobs, fmt.Sprintf("%s (git blob %s)", u.name, u.blob()))
		source := fmt.Sprintf("From %s of uritemplate-test (git blob %s), Apache-2.0: LICENSE.", u.name, u.blob())
		if err := out.write(name+".jsonl", source, rows); err != nil {
			return err
		}
	}
	source := fmt.Sprintf("The groups of %s of uritemplate-test, Apache-2.0: LICENSE.", strings.Join(blobs, ", "))
	if err := out.write("groups.jsonl", source, groups); err != nil {
		return err
	}
	notice, err := readUpstream(src, "LICENSE")
	if err != nil {
		return err
	}
	return out.apacheLicence(src, "LICENSE-Apache-2.0.txt",
		"The files *.jsonl of this folder hold the test cases of uritemplate-test\n"+
			"(github.com/uri-templates/uritemplate-test), changed in form: the command\n"+
			"go run ./internal/cmd/vectors uritemplate wrote each case as a line of its\n"+
			"own (see README.md). The notice of uritemplate-test, from its LICENSE file:\n"+
			string(notice.data)+"\n"+
			"The text of the Apache License, Version 2.0, follows.\n\n"+
			"----------------------------------------------------------------------")
}

// templateGroup is one group of a file of the suite: its variables, and
// its level of RFC 6570 when it gives one.
type templateGroup struct {
	File      string          `json:"file"`
	Group     string          `json:"group"`
	Level     int             `json:"level,omitempty"`
	Variables json.RawMessage `json:"variables"`
}

// templateRow is one case of a file of the suite: the template expands,
// with the variables of its group, to one of expansions (several when the
// order of an associative array's members is free), or fails when error
// is true.
type templateRow struct {
	Group      string   `json:"group"`
	Template   string   `json:"template"`
	Expansions []string `json:"expansions,omitempty"`
	Error      bool     `json:"error,omitempty"`
}

// uriTemplateCases converts the file u of the suite, named file in the
// rows of its groups, in the order of the file.
func uriTemplateCases(u upstream, file string) (groups, rows []any, err error) {
	ms, err := members(u.data)
	if err != nil {
		return nil, nil, err
	}
	for _, g := range ms {
		var group struct {
			Level     int                  `json:"level"`
			Variables json.RawMessage      `json:"variables"`
			Testcases [][2]json.RawMessage `json:"testcases"`
		}
		if err := decodeStrict(g.value, &group); err != nil {
			return nil, nil, fmt.Errorf("%s: %w", g.name, err)
		}
		groups = append(groups, templateGroup{file, g.name, group.Level, group.Variables})
		for _, tc := range group.Testcases {
			row, err := templateCase(g.name, tc)
			if err != nil {
				return nil, nil, fmt.Errorf("%s: %w", g.name, err)
			}
			rows = append(rows, row)
		}
	}
	return groups, rows, nil
}

// templateCase converts one [template, expected] pair of the group.
func templateCase(group string, tc [2]json.RawMessage) (templateRow, error) {
	row := templateRow{Group: group}
	if err := json.Unmarshal(tc[0], &row.Template); err != nil {
		return row, fmt.Errorf("template %s: %w", tc[0], err)
	}
	var one string
	var fails bool
	switch {
	case json.Unmarshal(tc[1], &one) == nil:
		row.Expansions = []string{one}
	case json.Unmarshal(tc[1], &row.Expansions) == nil && len(row.Expansions) > 0:
	case json.Unmarshal(tc[1], &fails) == nil && !fails:
		row.Error = true
	default:
		return row, fmt.Errorf("%s: expected value %s", tc[0], tc[1])
	}
	return row, nil
}
