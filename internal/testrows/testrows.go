// Package testrows reads the fixtures that the tests of every package of
// the module share: the cases of testdata/*.jsonl, one JSON object per line
// in the output shape of the uri command (Read); the conformance vectors
// of other projects' test suites in testdata/conformance, which fail the
// test when they are missing (Vectors), and the lists of their known
// failures (Known, Expect); the committed samples of real-world URLs in
// testdata/urls and the larger lists that GOURI_URLS names (URLs,
// ExternalURLs). Everything a test reads is inside the module, so that a
// plain clone runs every test. It is used by tests only.
package testrows

import (
	"encoding/hex"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf8"
)

// Read decodes the rows of the JSON Lines file at path (relative to the
// test's package directory), skipping empty lines and "#" comment lines. A
// field that T does not have is an error. When T embeds Source, each row
// also gets its line number, its text and the arguments of the last
// "# command: uri ..." comment above it.
func Read[T any](tb testing.TB, path string) []T {
	tb.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		tb.Fatal(err)
	}
	var rows []T
	var command []string
	for i, line := range strings.Split(string(data), "\n") {
		if args, ok := strings.CutPrefix(line, "# command: uri "); ok {
			command = strings.Fields(args)
			continue
		}
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		var row T
		dec := json.NewDecoder(strings.NewReader(line))
		dec.DisallowUnknownFields()
		if err := dec.Decode(&row); err != nil {
			tb.Fatalf("%s:%d: %v", path, i+1, err)
		}
		if s, ok := any(&row).(sourced); ok {
			s.setSource(Source{Line: i + 1, Text: line, Command: command})
		}
		rows = append(rows, row)
	}
	return rows
}

// Vectors decodes the rows of the conformance vector file name of a suite,
// testdata/conformance/<suite>/<name> under the module's root, as Read
// does. A missing file, or one without rows, fails tb: a suite that cannot
// run says so, never skips. The files are written by
// internal/cmd/vectors from the upstream suites.
func Vectors[T any](tb testing.TB, suite, name string) []T {
	tb.Helper()
	return vectorsIn[T](tb, Root(tb), suite, name)
}

// vectorsIn is Vectors for the module whose root is root.
func vectorsIn[T any](tb testing.TB, root, suite, name string) []T {
	tb.Helper()
	path := filepath.Join(root, "testdata", "conformance", suite, name)
	rows := Read[T](tb, path)
	if len(rows) == 0 {
		tb.Fatalf("%s: no rows", path)
	}
	return rows
}

// Source is where a row comes from. A row type that embeds it gets it
// filled in by Read; it is no field of the JSON.
type Source struct {
	Line    int      `json:"-"` // the line number in the file, from 1
	Text    string   `json:"-"` // the line: exactly what the command prints
	Command []string `json:"-"` // the arguments of the last "# command: uri ..." line above, nil without
}

func (s *Source) setSource(src Source) { *s = src }

// sourced is a row type that embeds Source.
type sourced interface{ setSource(Source) }

// Parse is one row of `uri parse --json` (testdata/parse.jsonl): the
// components, null when absent, or the error.
type Parse struct {
	Source
	Input    string  `json:"input"`
	InputHex string  `json:"input_hex"`
	OK       bool    `json:"ok"`
	Scheme   *string `json:"scheme"`
	Userinfo *string `json:"userinfo"`
	Host     *string `json:"host"`
	Port     *string `json:"port"`
	Path     *string `json:"path"`
	Query    *string `json:"query"`
	Fragment *string `json:"fragment"`
	Error    string  `json:"error"`
	Offset   int     `json:"offset"`
}

// Bytes returns the row's input bytes: input_hex when present, since input
// then holds U+FFFD replacements.
func (r Parse) Bytes(tb testing.TB) string {
	return fromHex(tb, r.Input, r.InputHex)
}

// Legacy is one row of `uri parse --grammar <grammar> --json`
// (legacy/testdata/legacy-<grammar>.jsonl): a Parse row and the "legacy"
// object, with JSON's types.
type Legacy struct {
	Parse
	Legacy map[string]any `json:"legacy"`
}

// Result is one row of a command that gives one result for each input,
// printed with --json: resolve and relativize (testdata/resolve.jsonl,
// relativize.jsonl, with a base), normalize (normalize.jsonl,
// normalize-default.jsonl), and the commands that the "# command:" lines
// of escape.jsonl, iri.jsonl and file.jsonl name.
type Result struct {
	Source
	Input     string `json:"input"`
	InputHex  string `json:"input_hex"`
	Base      string `json:"base"`
	OK        bool   `json:"ok"`
	Result    string `json:"result"`
	ResultHex string `json:"result_hex"`
	Error     string `json:"error"`
	Offset    int    `json:"offset"` // the error's, which the command tests check
}

// Bytes returns the row's input bytes: input_hex when present.
func (r Result) Bytes(tb testing.TB) string {
	return fromHex(tb, r.Input, r.InputHex)
}

// ResultBytes returns the row's result bytes: result_hex when present.
func (r Result) ResultBytes(tb testing.TB) string {
	return fromHex(tb, r.Result, r.ResultHex)
}

// fromHex returns the bytes that hx spells in hexadecimal, or s when hx is
// empty.
func fromHex(tb testing.TB, s, hx string) string {
	if hx == "" {
		return s
	}
	b, err := hex.DecodeString(hx)
	if err != nil {
		tb.Fatalf("bad hex %q", hx)
	}
	return string(b)
}

// Optional returns &s when ok, and nil otherwise: a component in a row.
func Optional(s string, ok bool) *string {
	if !ok {
		return nil
	}
	return &s
}

// JSONText is s as the command writes it in JSON: each byte that is not
// part of valid UTF-8 becomes U+FFFD.
func JSONText(s string) string {
	if utf8.ValidString(s) {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && size == 1 {
			b.WriteRune(utf8.RuneError)
		} else {
			b.WriteString(s[i : i+size])
		}
		i += size
	}
	return b.String()
}

// Root returns the module's root directory, the nearest directory at or
// above the working directory that holds go.mod.
func Root(tb testing.TB) string {
	tb.Helper()
	dir, err := os.Getwd()
	if err != nil {
		tb.Fatal(err)
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return dir
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			tb.Fatal("no go.mod at or above the working directory")
		}
		dir = parent
	}
}

// The committed samples of real-world URLs in testdata/urls (see
// testdata/urls/README.md): web URLs, and the files of a source tree as
// file: URLs.
const (
	WebSample  = "kasztp-sample.txt"
	FileSample = "node_files-sample.txt"
)

// Samples returns the names of the committed samples, WebSample first.
func Samples() []string { return []string{WebSample, FileSample} }

// URLs returns the lines of testdata/urls/<name> of the module, such as
// WebSample, byte for byte, from the tests of any package.
func URLs(tb testing.TB, name string) []string {
	tb.Helper()
	data, err := os.ReadFile(filepath.Join(Root(tb), "testdata", "urls", name))
	if err != nil {
		tb.Fatal(err)
	}
	return lines(data)
}

// URLList is a named list of URLs.
type URLList struct {
	Name string // the file's name without ".txt"
	URLs []string
}

// ExternalURLs returns the URL lists (files named *.txt, one URL per line)
// of the directory that the environment variable GOURI_URLS names, such as
// the full lists that the committed samples come from, so that benchmarks
// can run over data that cannot be committed; none when it is unset. A
// byte-order mark at the start of a file is dropped.
func ExternalURLs(tb testing.TB) []URLList {
	tb.Helper()
	dir := os.Getenv("GOURI_URLS")
	if dir == "" {
		return nil
	}
	files, err := filepath.Glob(filepath.Join(dir, "*.txt"))
	if err != nil || len(files) == 0 {
		tb.Fatalf("GOURI_URLS=%q: no *.txt files", dir)
	}
	var lists []URLList
	for _, file := range files {
		data, err := os.ReadFile(file)
		if err != nil {
			tb.Fatal(err)
		}
		lists = append(lists, URLList{strings.TrimSuffix(filepath.Base(file), ".txt"), lines(data)})
	}
	return lists
}

// lines splits a list of URLs into its lines, without a byte-order mark
// before the first or the LF after the last.
func lines(data []byte) []string {
	text := strings.TrimSuffix(strings.TrimPrefix(string(data), "\uFEFF"), "\n")
	if text == "" {
		return nil
	}
	return strings.Split(text, "\n")
}
