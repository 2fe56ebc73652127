// Command vectors writes the conformance vectors of testdata/conformance
// from the test suites of other projects: it reads each suite's upstream
// files, keeps the facts (the inputs and the expected results) as JSON
// Lines in this module's own shapes, and drops the rest (comments, prose,
// the upstream layout). The tests of the module read only the vectors, so
// that a plain clone runs every suite.
//
// Usage:
//
//	go run ./internal/cmd/vectors [-from DIR] [-out DIR] [SUITE...]
//
// -from is the folder that holds the upstream suites, each in the folder
// its suite names (default: the folder "shared" beside the module's
// folder, the parent of the working directory); -out is where the
// vectors go (default testdata/conformance of the module). Without SUITE,
// every suite is written. Each suite's folder under -out gets its vector
// files, whose first line names the upstream file (with its git blob hash)
// and its licence, and the licence files that the upstream licence asks to
// go with the data: the upstream's own text, unchanged, after a paragraph
// that names the upstream file, or for the Apache License the notices, a
// statement of the change and the licence's text.
// Beside them, <suite>/README.md names the source, its version and date,
// the licence, what the rows hold, the known failures and how to refresh the
// vectors; it is written by hand and left alone by this command, as is any
// other file there. CI writes the vectors again from the upstream suites
// and fails when they differ from the committed ones.
//
// The vectors are JSON Lines: one case a line, marshaled by encoding/json
// without HTML escapes; characters that do not show are \u escapes, and a
// string that is not valid UTF-8 is given with U+FFFD for each bad byte
// and again in hexadecimal in a member whose name ends in "_hex".
package main

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"slices"
)

// A suite is one upstream test suite and the way to convert it.
type suite struct {
	name string // the folder under -out, such as "wpt-url"
	from string // the folder of the upstream files under -from, such as "whatwg/data"
	// convert reads the upstream files in src and writes the vectors
	// through out.
	convert func(src string, out *output) error
}

// suites lists every suite, one file of this command each.
var suites = []suite{
	{"wpt-fetch", "fetch/data-urls", wptFetch},
	{"wpt-url", "whatwg/data", wptURL},
	{"wpt-urlencoded", "whatwg/urlencoded", wptURLEncoded},
	{"uritemplate", "uritemplate", uriTemplate},
	{"urlcanon", "canon", urlcanon},
	{"safebrowsing", "canon", safeBrowsing},
	{"wpt-urlpattern", "urlpattern/resources", convertURLPattern},
	{"robotstxt", "robots", robotsTxt},
	{"linkify-it", "extract/linkify-it", linkifyIt},
	{"cmark-gfm-autolink", "extract/cmark-gfm", cmarkGFM},
	{"micromark-autolink", "extract/micromark-extension-gfm-autolink-literal", micromark},
	{"chromium-idn", "unicode-security/chromium", chromiumIDN},
	{"uts39", "unicode-security", uts39},
}

func main() {
	from := flag.String("from", filepath.Join("..", "shared"), "the folder of the upstream suites")
	out := flag.String("out", filepath.Join("testdata", "conformance"), "the folder of the vectors")
	flag.Usage = func() {
		fmt.Fprintln(os.Stderr, "usage: go run ./internal/cmd/vectors [-from DIR] [-out DIR] [SUITE...]")
		flag.PrintDefaults()
		fmt.Fprintln(os.Stderr, "suites:")
		for _, s := range suites {
			fmt.Fprintf(os.Stderr, "  %-16s from %s\n", s.name, s.from)
		}
	}
	flag.Parse()
	if err := run(*from, *out, flag.Args()); err != nil {
		fmt.Fprintln(os.Stderr, "vectors:", err)
		os.Exit(1)
	}
}

// run converts the named suites, or all of them whose upstream folder is
// under from.
func run(from, out string, names []string) error {
	for _, n := range names {
		if !slices.ContainsFunc(suites, func(s suite) bool { return s.name == n }) {
			return fmt.Errorf("no suite %q", n)
		}
	}
	for _, s := range suites {
		if len(names) > 0 && !slices.Contains(names, s.name) {
			continue
		}
		src := filepath.Join(from, filepath.FromSlash(s.from))
		if _, err := os.Stat(src); err != nil && len(names) == 0 {
			// Not every upstream suite is kept beside the module: one
			// named on the command line must be there, the others are
			// listed as not written.
			fmt.Fprintf(os.Stderr, "vectors: %s not written: no folder %s\n", s.name, src)
			continue
		}
		o := &output{dir: filepath.Join(out, s.name), suite: s.name}
		if err := s.convert(src, o); err != nil {
			return fmt.Errorf("%s: %w", s.name, err)
		}
	}
	return nil
}

// output writes the vector files of one suite.
type output struct {
	dir   string
	suite string
}

// write writes rows to the file name of the suite's folder as JSON Lines,
// after a header of "#" lines: the source given, and how the file was
// made. Each row is marshaled with encoding/json, HTML characters left as
// they are, so that a row reads as the fact it holds; characters that do
// not show are escaped (see escapeInvisible).
func (o *output) write(name, source string, rows []any) error {
	var b bytes.Buffer
	fmt.Fprintf(&b, "# %s\n", source)
	fmt.Fprintf(&b, "# Written by go run ./internal/cmd/vectors %s; see README.md beside this file.\n", o.suite)
	var line bytes.Buffer
	enc := json.NewEncoder(&line)
	enc.SetEscapeHTML(false)
	for _, r := range rows {
		line.Reset()
		if err := enc.Encode(r); err != nil {
			return fmt.Errorf("%s: %w", name, err)
		}
		b.Write(escapeInvisible(line.Bytes()))
	}
	if err := os.MkdirAll(o.dir, 0o755); err != nil {
		return err
	}
	return os.WriteFile(filepath.Join(o.dir, name), b.Bytes(), 0o644)
}
