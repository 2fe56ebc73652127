package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
)

// The suites chromium-idn and uts39: the unit-test rows of Chromium's IDN
// spoof checker (idn_spoof_checker_unittest.cc, which the upstream folder
// keeps as JSON Lines, with the list of top domains that the test compiles
// in), and the confusables and identifier data of Unicode Technical
// Standard #39, version 17.0.0.

// chromiumCase is one row of idn_spoof_checker_cases.jsonl as the upstream
// folder writes it; the comments are prose, and dropped.
type chromiumCase struct {
	Table           string          `json:"table"`
	Index           int             `json:"index"`
	Line            int             `json:"line"`
	Input           *string         `json:"input"`
	Unicode         *string         `json:"unicode"`
	Expected        json.RawMessage `json:"expected"`
	Comment         string          `json:"comment"`
	TrailingComment string          `json:"trailing_comment"`
	Platform        string          `json:"platform"`
	TopDomainMatch  string          `json:"top_domain_match"`
	Hostname        *string         `json:"hostname"`
	ExpectedTop     *string         `json:"expected_top_domain"`
	URL             *string         `json:"url"`
	ExpectedSkel    *string         `json:"expected_skeleton"`
}

// idnRow is a case of IDNToUnicode: what Chromium shows for input, which
// is unicode when expected is "safe" and input otherwise ("unsafe" or
// "invalid"). transitional, when set, is the expectation with UTS #46
// transitional processing where it differs.
type idnRow struct {
	Table        string  `json:"table"`
	Index        int     `json:"index"`
	Input        string  `json:"input"`
	Unicode      *string `json:"unicode"`
	Expected     string  `json:"expected"`
	Transitional string  `json:"transitional,omitempty"`
	Platform     string  `json:"platform,omitempty"`
	TopDomain    string  `json:"top_domain_match,omitempty"`
}

// similarRow is a case of GetSimilarTopDomain: the top domain that host
// passes for, "" for none.
type similarRow struct {
	Index    int    `json:"index"`
	Host     string `json:"host"`
	Expected string `json:"expected"`
}

// skeletonRow is a case of the skeletons of a host.
type skeletonRow struct {
	Index    int    `json:"index"`
	Host     string `json:"host"`
	Skeleton string `json:"skeleton"`
}

// chromiumIDN converts the rows and the test's list of top domains.
func chromiumIDN(src string, out *output) error {
	u, err := readUpstream(src, "idn_spoof_checker_cases.jsonl")
	if err != nil {
		return err
	}
	var idn, similar, skeletons []any
	for i, line := range bytes.Split(bytes.TrimSpace(u.data), []byte("\n")) {
		var c chromiumCase
		if err := decodeStrict(line, &c); err != nil {
			return fmt.Errorf("%s:%d: %w", u.name, i+1, err)
		}
		switch c.Table {
		case "IDNToUnicode", "IDNToUnicodeDeviationCharacters":
			r, err := c.idnRow()
			if err != nil {
				return fmt.Errorf("%s:%d: %w", u.name, i+1, err)
			}
			idn = append(idn, r)
		case "GetSimilarTopDomain":
			similar = append(similar, similarRow{c.Index, *c.Hostname, *c.ExpectedTop})
		case "Skeletons":
			host, ok := strings.CutPrefix(*c.URL, "http://")
			if !ok {
				return fmt.Errorf("%s:%d: url %q", u.name, i+1, *c.URL)
			}
			skeletons = append(skeletons, skeletonRow{c.Index, host, *c.ExpectedSkel})
		default:
			return fmt.Errorf("%s:%d: table %q", u.name, i+1, c.Table)
		}
	}
	source := func(what string) string {
		return fmt.Sprintf("%s of Chromium's idn_spoof_checker_unittest.cc, from %s (git blob %s), BSD-3-Clause: LICENSE.", what, u.name, u.blob())
	}
	if err := out.write("idn_to_unicode.jsonl", source("The IDNToUnicode rows"), idn); err != nil {
		return err
	}
	if err := out.write("similar_top_domain.jsonl", source("The GetSimilarTopDomain rows"), similar); err != nil {
		return err
	}
	if err := out.write("skeletons.jsonl", source("The Skeletons rows"), skeletons); err != nil {
		return err
	}
	if err := testDomains(src, out); err != nil {
		return err
	}
	return out.copyLicence(src, "LICENSE")
}

// idnRow returns the row of a case of IDNToUnicode.
func (c chromiumCase) idnRow() (idnRow, error) {
	r := idnRow{Table: c.Table, Index: c.Index, Input: *c.Input, Unicode: c.Unicode, Platform: c.Platform, TopDomain: c.TopDomainMatch}
	var both struct{ Nontransitional, Transitional string }
	switch {
	case json.Unmarshal(c.Expected, &r.Expected) == nil:
	case decodeStrict(c.Expected, &both) == nil:
		r.Expected, r.Transitional = both.Nontransitional, both.Transitional
	default:
		return r, fmt.Errorf("expected %s", c.Expected)
	}
	switch r.Expected {
	case "safe", "unsafe", "invalid":
	default:
		return r, fmt.Errorf("expected %q", r.Expected)
	}
	return r, nil
}

// testDomains converts idn_test_domains.list, the top domains that the
// unit test uses, one row each.
func testDomains(src string, out *output) error {
	u, err := readUpstream(src, "idn_test_domains.list")
	if err != nil {
		return err
	}
	type domainRow struct {
		Domain string `json:"domain"`
	}
	var rows []any
	for _, line := range strings.Split(string(u.data), "\n") {
		line = strings.TrimSpace(line)
		if line == "" || line[0] == '#' {
			continue
		}
		rows = append(rows, domainRow{line})
	}
	return out.write("test_domains.jsonl", fmt.Sprintf("The top domains of Chromium's unit test, from %s (git blob %s), BSD-3-Clause: LICENSE.", u.name, u.blob()), rows)
}

// confusableRow is a line of confusables.txt: the prototype of a code
// point, both as text.
type confusableRow struct {
	Source    string `json:"source"`
	Prototype string `json:"prototype"`
}

// statusRow is a range of code points whose Identifier_Status is Allowed,
// first and last in hexadecimal.
type statusRow struct {
	First string `json:"first"`
	Last  string `json:"last"`
}

// uts39 converts confusables.txt and IdentifierStatus.txt.
func uts39(src string, out *output) error {
	var conf []any
	if err := ucdLines(src, "confusables.txt", out, func(f []string) error {
		s, err1 := hexText(f[0])
		p, err2 := hexText(f[1])
		if err1 != nil || err2 != nil {
			return fmt.Errorf("bad line %q", strings.Join(f, ";"))
		}
		conf = append(conf, confusableRow{s, p})
		return nil
	}, "confusables.jsonl", &conf); err != nil {
		return err
	}
	var status []any
	if err := ucdLines(src, "IdentifierStatus.txt", out, func(f []string) error {
		first, last, _ := strings.Cut(f[0], "..")
		if last == "" {
			last = first
		}
		status = append(status, statusRow{first, last})
		return nil
	}, "identifier_status.jsonl", &status); err != nil {
		return err
	}
	return out.copyLicence(src, "unicode-license.txt")
}

// ucdLines calls fn with the fields of each data line of the file name of
// src, then writes rows to the vector file file.
func ucdLines(src, name string, out *output, fn func([]string) error, file string, rows *[]any) error {
	u, err := readUpstream(src, name)
	if err != nil {
		return err
	}
	for n, line := range strings.Split(string(u.data), "\n") {
		line, _, _ = strings.Cut(line, "#")
		if strings.TrimSpace(line) == "" {
			continue
		}
		f := strings.Split(line, ";")
		for i := range f {
			f[i] = strings.TrimSpace(f[i])
		}
		if err := fn(f); err != nil {
			return fmt.Errorf("%s:%d: %w", name, n+1, err)
		}
	}
	source := fmt.Sprintf("From %s of Unicode Technical Standard #39, version 17.0.0 (git blob %s), Unicode License v3: unicode-license.txt.", u.name, u.blob())
	return out.write(file, source, *rows)
}

// hexText returns the text of code points written in hexadecimal.
func hexText(s string) (string, error) {
	var b strings.Builder
	for _, f := range strings.Fields(s) {
		v, err := strconv.ParseUint(f, 16, 32)
		if err != nil {
			return "", err
		}
		b.WriteRune(rune(v))
	}
	return b.String(), nil
}
