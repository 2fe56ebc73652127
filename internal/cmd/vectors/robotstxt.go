package main

import (
	"encoding/hex"
	"fmt"
	"strings"
	"unicode/utf8"
)

// The suite robotstxt: the assertions of robots_test.cc, the unit test of
// Google's robots.txt parser (github.com/google/robotstxt), which the
// upstream folder keeps as JSON (robots_test.json: the C++ string
// literals evaluated, one array per kind of assertion, each row with the
// name of its TEST and the line of the assertion). Package robots runs
// them. Each array becomes a file of rows in this module's shape:
//
//	allowed.jsonl    {"test","line","robots","agent","url","allowed"}  OneAgentAllowedByRobots
//	agents.jsonl     {"test","line","agent","valid"}                   IsValidUserAgentToObey; agent null for a null string_view
//	lines.jsonl      {"test","line","robots","directives","last_line"|"unknown"}  the lines a parse handler is given
//	sitemaps.jsonl   {"test","line","robots","sitemap"}                the value of a sitemap line
//	paths.jsonl      {"test","line","url","path"}                      the path, parameters and query of a URL
//	escapes.jsonl    {"test","line","pattern","escaped"}               the escaping of a rule's pattern
//
// A robots.txt body that is not valid UTF-8 is "robots" with U+FFFD for
// each bad byte and "robots_hex" with its bytes.

// robotsSource is the source member of robots_test.json.
type robotsSource struct {
	Repository string `json:"repository"`
	Path       string `json:"path"`
	Commit     string `json:"commit"`
	GitBlob    string `json:"git_blob"`
	Licence    string `json:"licence"`
	Note       string `json:"note"`
}

// robotsCase holds the members that every row of robots_test.json has.
type robotsCase struct {
	Test string `json:"test"`
	Line int    `json:"line"`
}

// robotsUpstream is robots_test.json, decoded strictly: a member that it
// gains fails the conversion.
type robotsUpstream struct {
	Source  robotsSource `json:"source"`
	Allowed []struct {
		robotsCase
		Robotstxt string `json:"robotstxt"`
		Useragent string `json:"useragent"`
		URL       string `json:"url"`
		Allowed   bool   `json:"allowed"`
	} `json:"allowed"`
	ValidUserAgent []struct {
		robotsCase
		Useragent *string `json:"useragent"`
		Valid     bool    `json:"valid"`
	} `json:"valid_user_agent"`
	ParseCounts []struct {
		robotsCase
		Robotstxt         string `json:"robotstxt"`
		RobotstxtHex      string `json:"robotstxt_hex"`
		ValidDirectives   int    `json:"valid_directives"`
		LastLineSeen      *int   `json:"last_line_seen"`
		UnknownDirectives *int   `json:"unknown_directives"`
	} `json:"parse_counts"`
	Sitemap []struct {
		robotsCase
		Robotstxt string `json:"robotstxt"`
		Sitemap   string `json:"sitemap"`
	} `json:"sitemap"`
	PathParamsQuery []struct {
		robotsCase
		URL  string `json:"url"`
		Path string `json:"path"`
	} `json:"path_params_query"`
	EscapePattern []struct {
		robotsCase
		Input   string `json:"input"`
		Escaped string `json:"escaped"`
	} `json:"escape_pattern"`
}

// The rows of the vector files.
type (
	robotsAllowedRow struct {
		robotsCase
		Robots    string `json:"robots"`
		RobotsHex string `json:"robots_hex,omitempty"`
		Agent     string `json:"agent"`
		URL       string `json:"url"`
		Allowed   bool   `json:"allowed"`
	}
	robotsAgentRow struct {
		robotsCase
		Agent *string `json:"agent"`
		Valid bool    `json:"valid"`
	}
	robotsLinesRow struct {
		robotsCase
		Robots     string `json:"robots"`
		RobotsHex  string `json:"robots_hex,omitempty"`
		Directives int    `json:"directives"`
		LastLine   *int   `json:"last_line,omitempty"`
		Unknown    *int   `json:"unknown,omitempty"`
	}
	robotsSitemapRow struct {
		robotsCase
		Robots  string `json:"robots"`
		Sitemap string `json:"sitemap"`
	}
	robotsPathRow struct {
		robotsCase
		URL  string `json:"url"`
		Path string `json:"path"`
	}
	robotsEscapeRow struct {
		robotsCase
		Pattern string `json:"pattern"`
		Escaped string `json:"escaped"`
	}
)

// robotsTxt converts robots_test.json and writes the licence beside it.
func robotsTxt(src string, out *output) error {
	u, err := readUpstream(src, "robots_test.json")
	if err != nil {
		return err
	}
	var up robotsUpstream
	if err := u.decode(&up); err != nil {
		return fmt.Errorf("%s: %w", u.name, err)
	}
	s := up.Source
	if s.Repository != "github.com/google/robotstxt" || s.Path != "robots_test.cc" || s.Commit == "" || s.GitBlob == "" {
		return fmt.Errorf("%s: the source is %+v, not robots_test.cc of github.com/google/robotstxt", u.name, s)
	}
	files, err := robotsRows(&up)
	if err != nil {
		return fmt.Errorf("%s: %w", u.name, err)
	}
	source := fmt.Sprintf("From robots_test.cc (git blob %s) of %s at commit %s, as %s (git blob %s), Apache-2.0: LICENSE.",
		s.GitBlob, s.Repository, s.Commit, u.name, u.blob())
	for _, f := range files {
		if len(f.rows) == 0 {
			return fmt.Errorf("%s: no rows for %s", u.name, f.name)
		}
		if err := out.write(f.name, source, f.rows); err != nil {
			return err
		}
	}
	return out.apacheLicence(src, "LICENSE",
		"The files *.jsonl of this folder hold the assertions of robots_test.cc, the\n"+
			"unit test of Google's robots.txt parser (github.com/google/robotstxt),\n"+
			"changed in form: the test's string literals were evaluated and its\n"+
			"assertions written as JSON data, no code copied, and the command\n"+
			"go run ./internal/cmd/vectors robotstxt wrote each assertion as a line of\n"+
			"its own (see README.md). The notice of robots_test.cc:\n\n"+
			"   Copyright 2019 Google LLC\n\n"+
			"   Licensed under the Apache License, Version 2.0.\n\n"+
			"The text of the Apache License, Version 2.0, follows.\n\n"+
			"----------------------------------------------------------------------")
}

// robotsFile is one vector file of the suite and its rows.
type robotsFile struct {
	name string
	rows []any
}

// robotsRows converts the arrays of up into the rows of each file.
func robotsRows(up *robotsUpstream) ([]robotsFile, error) {
	var allowed, agents, lines, sitemaps, paths, escapes []any
	for _, c := range up.Allowed {
		allowed = append(allowed, robotsAllowedRow{c.robotsCase, c.Robotstxt, hexIfInvalid(c.Robotstxt), c.Useragent, c.URL, c.Allowed})
	}
	for _, c := range up.ValidUserAgent {
		agents = append(agents, robotsAgentRow{c.robotsCase, c.Useragent, c.Valid})
	}
	for _, c := range up.ParseCounts {
		body, err := robotsBytes(c.Robotstxt, c.RobotstxtHex)
		if err != nil {
			return nil, fmt.Errorf("parse_counts line %d: %w", c.Line, err)
		}
		if (c.LastLineSeen == nil) == (c.UnknownDirectives == nil) {
			return nil, fmt.Errorf("parse_counts line %d: want last_line_seen or unknown_directives", c.Line)
		}
		lines = append(lines, robotsLinesRow{c.robotsCase, body, hexIfInvalid(body), c.ValidDirectives, c.LastLineSeen, c.UnknownDirectives})
	}
	for _, c := range up.Sitemap {
		sitemaps = append(sitemaps, robotsSitemapRow{c.robotsCase, c.Robotstxt, c.Sitemap})
	}
	for _, c := range up.PathParamsQuery {
		paths = append(paths, robotsPathRow{c.robotsCase, c.URL, c.Path})
	}
	for _, c := range up.EscapePattern {
		escapes = append(escapes, robotsEscapeRow{c.robotsCase, c.Input, c.Escaped})
	}
	return []robotsFile{
		{"allowed.jsonl", allowed}, {"agents.jsonl", agents}, {"lines.jsonl", lines},
		{"sitemaps.jsonl", sitemaps}, {"paths.jsonl", paths}, {"escapes.jsonl", escapes},
	}, nil
}

// robotsBytes returns the body of a row: text, or when hx is given, the
// bytes it spells, which must be text with U+FFFD for each run of bytes
// that is not UTF-8.
func robotsBytes(text, hx string) (string, error) {
	if hx == "" {
		return text, nil
	}
	b, err := hex.DecodeString(hx)
	if err != nil || utf8.Valid(b) {
		return "", fmt.Errorf("robotstxt_hex %q is not the hex of invalid UTF-8", hx)
	}
	if strings.ToValidUTF8(string(b), "\uFFFD") != text {
		return "", fmt.Errorf("robotstxt %q is not robotstxt_hex %q with U+FFFD for its bad bytes", text, hx)
	}
	return string(b), nil
}
