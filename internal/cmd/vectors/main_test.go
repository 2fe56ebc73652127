package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestMembers: an object's members in the order of the text; a name that
// comes twice with the same value is kept once, with another value it is
// an error.
func TestMembers(t *testing.T) {
	ms, err := members([]byte(`{"b": 1, "a": [2, 3], "b": 1 , "c": {"x": null}}`))
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, m := range ms {
		got = append(got, m.name+"="+string(m.value))
	}
	if d := cmp.Diff([]string{"b=1", `a=[2, 3]`, `c={"x": null}`}, got); d != "" {
		t.Errorf("members (-want +got):\n%s", d)
	}
	for _, bad := range []string{`{"b": 1, "b": 2}`, `[1]`, `{"a": }`} {
		if _, err := members([]byte(bad)); err == nil {
			t.Errorf("members(%s): no error", bad)
		}
	}
}

// TestEscapeInvisible: what does not show becomes a \u escape (two for a
// character beyond the BMP), the rest stays, and the line decodes to the
// same string.
func TestEscapeInvisible(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"faß.de ☃ 😀", `"faß.de ☃ 😀"`},
		{"\ufeffa\u200bb\u202e", `"\ufeffa\u200bb\u202e"`},
		{"\u00a0\u00ad\u007f\u0085", `"\u00a0\u00ad\u007f\u0085"`},
		{"\U000e0001x\U0010fffe", `"\udb40\udc01x\udbff\udffe"`},
		{"\ufdd0\uffff\U0001fffe", `"\ufdd0\uffff\ud83f\udffe"`},
	} {
		line, err := json.Marshal(c.in)
		if err != nil {
			t.Fatal(err)
		}
		got := string(escapeInvisible(line))
		if got != c.want {
			t.Errorf("escapeInvisible(%s) = %s, want %s", line, got, c.want)
		}
		var back string
		if err := json.Unmarshal([]byte(got), &back); err != nil || back != c.in {
			t.Errorf("%s decodes to %q, %v; want %q", got, back, err, c.in)
		}
	}
}

// TestLatin1Bytes: urlcanon's strings stand for bytes, one per code point
// below 256; a larger code point leaves the string as it is.
func TestLatin1Bytes(t *testing.T) {
	for in, want := range map[string]string{
		"\u00e2\u0098\u0083.com": "☃.com",
		"B\u00fccher":            "B\xfccher",
		"snow ☃":                 "snow ☃",
		"plain":                  "plain",
	} {
		if got := latin1Bytes(in); got != want {
			t.Errorf("latin1Bytes(%q) = %q, want %q", in, got, want)
		}
	}
}

// TestRun converts a small uritemplate suite: the vector files with their
// header, groups.jsonl, and the licence with the notice and the text; and
// an unknown suite is an error that writes nothing.
func TestRun(t *testing.T) {
	from, out := t.TempDir(), t.TempDir()
	src := filepath.Join(from, "uritemplate")
	files := map[string]string{
		"spec-examples.json":            `{"L1": {"level": 1, "variables": {"var": "value"}, "testcases": [["{var}", "value"], ["{x}", ["a", "b"]]]}}`,
		"spec-examples-by-section.json": `{"3.2": {"variables": {"b": ["x", "y"], "a": 1}, "testcases": [["{b}", "x,y"]]}}`,
		"extended-tests.json":           `{}`,
		"negative-tests.json":           `{"F": {"level": 4, "variables": {}, "testcases": [["{", false]]}}`,
		"LICENSE":                       "   Copyright The Authors\n",
		"LICENSE-Apache-2.0.txt":        "Apache License\n",
	}
	if err := os.MkdirAll(src, 0o755); err != nil {
		t.Fatal(err)
	}
	for name, text := range files {
		if err := os.WriteFile(filepath.Join(src, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if err := run(from, out, []string{"uritemplate", "nope"}); err == nil || !strings.Contains(err.Error(), `no suite "nope"`) {
		t.Errorf("run with an unknown suite: %v", err)
	}
	if entries, _ := os.ReadDir(out); len(entries) != 0 {
		t.Errorf("run with an unknown suite wrote %d entries", len(entries))
	}
	if err := run(from, out, []string{"uritemplate"}); err != nil {
		t.Fatal(err)
	}
	read := func(name string) string {
		data, err := os.ReadFile(filepath.Join(out, "uritemplate", name))
		if err != nil {
			t.Fatal(err)
		}
		return string(data)
	}
	header := "# Written by go run ./internal/cmd/vectors uritemplate; see README.md beside this file.\n"
	for name, rows := range map[string]string{
		"spec-examples.jsonl": `{"group":"L1","template":"{var}","expansions":["value"]}` + "\n" +
			`{"group":"L1","template":"{x}","expansions":["a","b"]}` + "\n",
		"negative-tests.jsonl": `{"group":"F","template":"{","error":true}` + "\n",
		"groups.jsonl": `{"file":"spec-examples","group":"L1","level":1,"variables":{"var":"value"}}` + "\n" +
			`{"file":"spec-examples-by-section","group":"3.2","variables":{"b":["x","y"],"a":1}}` + "\n" +
			`{"file":"negative-tests","group":"F","level":4,"variables":{}}` + "\n",
	} {
		text := read(name)
		first, rest, _ := strings.Cut(text, "\n")
		if !strings.HasPrefix(first, "# ") || !strings.Contains(first, "Apache-2.0") {
			t.Errorf("%s: first line %q names no source and licence", name, first)
		}
		if d := cmp.Diff(header+rows, rest); d != "" {
			t.Errorf("%s (-want +got):\n%s", name, d)
		}
	}
	if l := read("LICENSE"); !strings.Contains(l, "   Copyright The Authors\n") || !strings.HasSuffix(l, "\n\nApache License\n") {
		t.Errorf("LICENSE = %q; want the notice, then the licence text", l)
	}
}

// TestSuitesTable: each suite has a name of its own and a converter.
func TestSuitesTable(t *testing.T) {
	seen := map[string]bool{}
	for _, s := range suites {
		if s.name == "" || s.from == "" || s.convert == nil || seen[s.name] {
			t.Errorf("suite %q (from %q): empty, without a converter, or named twice", s.name, s.from)
		}
		seen[s.name] = true
	}
}
