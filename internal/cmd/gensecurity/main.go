// Command gensecurity writes the generated tables of package display from
// the Unicode security data of Unicode Technical Standard #39 (UTS #39),
// version 17.0.0, from Firefox's IDN character blocklist and from
// Chromium's list of top domains:
//
//	GOTOOLCHAIN=go1.27.4 go -C internal/cmd/gensecurity run . [-from DIR] [-out DIR]
//
// It is a module of its own, so that golang.org/x/text, whose
// normalization tables it reads, is no requirement of the module
// github.com/gouri/uri; relative folders are read from its own folder.
// -from is the folder of the data (default: unicode-security in the folder
// "shared" beside the module's folder); -out is the folder of package
// display (default: the module's display), where it writes tables.go and
// topdomains.go. The tables depend on nothing but their sources and the
// Unicode 17.0.0 properties that the toolchain and golang.org/x/text carry
// (Script, General_Category, canonical decompositions and combining
// classes), so that what package display decides does not depend on the
// Go release that builds it. Those properties are Unicode 17.0.0 from Go
// 1.27 on, and the command refuses to run with another Unicode version.
//
// What it writes, from which file:
//
//   - IdentifierStatus.txt: the code points whose Identifier_Status is
//     Allowed (UTS #39, Section 3.1);
//   - confusables.txt: the prototype of each confusable code point
//     (Section 4), in its canonical decomposition, for the skeleton;
//   - with Go's unicode tables and x/text's normalization tables of
//     Unicode 17.0.0: the Script of every Allowed code point and of every
//     nonspacing mark, the decimal digits (with the zero of their numbering
//     system), the canonical decompositions and the canonical combining
//     classes;
//   - a few Script_Extensions values of Allowed code points (ScriptExtensions.txt
//     17.0.0, which the data folder does not hold), listed in this command;
//   - firefox/IDNCharacterBlocklist.inc: Firefox's blocked ranges;
//   - chromium/domains.list: Chromium's top domains, each name that has a
//     registrable domain (golang.org/x/net/publicsuffix), as Chromium's own
//     generator keeps them.
package main

import (
	"bufio"
	"bytes"
	"crypto/sha1"
	"encoding/hex"
	"errors"
	"flag"
	"fmt"
	"go/format"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"unicode"

	"golang.org/x/net/publicsuffix"
	"golang.org/x/text/unicode/norm"
)

// version is the Unicode version of the data and of the properties read
// from the toolchain.
const version = "17.0.0"

func main() {
	from := flag.String("from", filepath.Join("..", "..", "..", "..", "shared", "unicode-security"), "the folder of the Unicode security data")
	out := flag.String("out", filepath.Join("..", "..", "..", "display"), "the folder of package display")
	flag.Parse()
	if err := run(*from, *out); err != nil {
		fmt.Fprintln(os.Stderr, "gensecurity:", err)
		os.Exit(1)
	}
}

func run(from, out string) error {
	if unicode.Version != version || norm.Version != version {
		return fmt.Errorf("the toolchain has Unicode %s (x/text/unicode/norm %s), the data %s: run it with GOTOOLCHAIN=go1.27.4 or newer",
			unicode.Version, norm.Version, version)
	}
	g := &gen{}
	if err := g.read(from); err != nil {
		return err
	}
	tables, err := g.tables()
	if err != nil {
		return err
	}
	if err := writeGo(filepath.Join(out, "tables.go"), tables); err != nil {
		return err
	}
	domains, err := g.topDomains(from)
	if err != nil {
		return err
	}
	return writeGo(filepath.Join(out, "topdomains.go"), domains)
}

// gen holds what was read.
type gen struct {
	allowed map[rune]bool
	confuse map[rune]string // source to target, as confusables.txt gives it
	blocked [][2]rune
	blobs   []string // "name (git blob hash)" of each file read
}

// readFile reads a data file and notes its git blob hash for the header.
func (g *gen) readFile(from, name string) ([]byte, error) {
	data, err := os.ReadFile(filepath.Join(from, filepath.FromSlash(name)))
	if err != nil {
		return nil, err
	}
	h := sha1.New()
	fmt.Fprintf(h, "blob %d\x00", len(data))
	h.Write(data)
	g.blobs = append(g.blobs, fmt.Sprintf("%s (git blob %s)", name, hex.EncodeToString(h.Sum(nil))))
	return data, nil
}

// read reads the data files.
func (g *gen) read(from string) error {
	status, err := g.readFile(from, "IdentifierStatus.txt")
	if err != nil {
		return err
	}
	g.allowed = map[rune]bool{}
	err = eachLine(status, func(fields []string) error {
		lo, hi, err := codeRange(fields[0])
		if err != nil {
			return err
		}
		if fields[1] != "Allowed" {
			return fmt.Errorf("IdentifierStatus.txt: status %q", fields[1])
		}
		for r := lo; r <= hi; r++ {
			g.allowed[r] = true
		}
		return nil
	})
	if err != nil {
		return err
	}
	conf, err := g.readFile(from, "confusables.txt")
	if err != nil {
		return err
	}
	g.confuse = map[rune]string{}
	err = eachLine(conf, func(fields []string) error {
		src, err := codePoints(fields[0])
		if err != nil || len(src) != 1 || len(fields) < 3 || fields[2] != "MA" {
			return fmt.Errorf("confusables.txt: bad line %q", strings.Join(fields, ";"))
		}
		target, err := codePoints(fields[1])
		if err != nil {
			return err
		}
		g.confuse[src[0]] = string(target)
		return nil
	})
	if err != nil {
		return err
	}
	return g.readBlocklist(from)
}

// blockEntry is one range of Firefox's blocklist: { 0xFIRST, 0xLAST },
var blockEntry = regexp.MustCompile(`^\{ 0x([0-9A-F]+), 0x([0-9A-F]+) \},$`)

func (g *gen) readBlocklist(from string) error {
	data, err := g.readFile(from, "firefox/IDNCharacterBlocklist.inc")
	if err != nil {
		return err
	}
	for _, line := range strings.Split(string(data), "\n") {
		line = strings.TrimSpace(line)
		if line == "" || strings.HasPrefix(line, "//") {
			continue
		}
		m := blockEntry.FindStringSubmatch(line)
		if m == nil {
			return fmt.Errorf("IDNCharacterBlocklist.inc: bad line %q", line)
		}
		lo, _ := strconv.ParseUint(m[1], 16, 32)
		hi, _ := strconv.ParseUint(m[2], 16, 32)
		if n := len(g.blocked); lo > hi || n > 0 && rune(lo) <= g.blocked[n-1][1] {
			return fmt.Errorf("IDNCharacterBlocklist.inc: %q out of order", line)
		}
		g.blocked = append(g.blocked, [2]rune{rune(lo), rune(hi)})
	}
	return nil
}

// eachLine calls fn with the fields of each data line of a UCD-style file:
// the text before "#", split at ";" and trimmed.
func eachLine(data []byte, fn func(fields []string) error) error {
	sc := bufio.NewScanner(bytes.NewReader(data))
	for sc.Scan() {
		line, _, _ := strings.Cut(sc.Text(), "#")
		if strings.TrimSpace(line) == "" {
			continue
		}
		fields := strings.Split(line, ";")
		for i := range fields {
			fields[i] = strings.TrimSpace(fields[i])
		}
		if err := fn(fields); err != nil {
			return err
		}
	}
	return sc.Err()
}

// codeRange reads "0041" or "0041..005A".
func codeRange(s string) (lo, hi rune, err error) {
	a, b, ok := strings.Cut(s, "..")
	if !ok {
		b = a
	}
	l, err1 := strconv.ParseUint(a, 16, 32)
	h, err2 := strconv.ParseUint(b, 16, 32)
	if err := errors.Join(err1, err2); err != nil || l > h {
		return 0, 0, fmt.Errorf("bad range %q", s)
	}
	return rune(l), rune(h), nil
}

// codePoints reads "0072 006E".
func codePoints(s string) ([]rune, error) {
	var rs []rune
	for _, f := range strings.Fields(s) {
		v, err := strconv.ParseUint(f, 16, 32)
		if err != nil {
			return nil, err
		}
		rs = append(rs, rune(v))
	}
	return rs, nil
}

// writeGo formats src and writes it to path.
func writeGo(path string, src []byte) error {
	out, err := format.Source(src)
	if err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	return os.WriteFile(path, out, 0o644)
}

// topDomains writes the list of top domains, those with a registrable
// domain, one a line, in a string constant.
func (g *gen) topDomains(from string) ([]byte, error) {
	g.blobs = nil
	data, err := g.readFile(from, "chromium/domains.list")
	if err != nil {
		return nil, err
	}
	var kept []string
	skipped := 0
	for _, line := range strings.Split(string(data), "\n") {
		d := strings.TrimSpace(line)
		if d == "" || d[0] == '#' || d == "###END_TOP_BUCKET###" {
			continue
		}
		if _, err := publicsuffix.EffectiveTLDPlusOne(d); err != nil {
			skipped++
			continue
		}
		kept = append(kept, d)
	}
	var b bytes.Buffer
	fmt.Fprintf(&b, "// Code generated by internal/cmd/gensecurity; DO NOT EDIT.\n\n")
	fmt.Fprintf(&b, "package display\n\n")
	fmt.Fprintf(&b, "// chromiumTopDomains is the list of top domains of Chromium's IDN spoof\n")
	fmt.Fprintf(&b, "// checker, one a line: %d domains of %s, from\n", len(kept), g.blobs[0])
	fmt.Fprintf(&b, "// github.com/chromium/chromium, components/url_formatter/spoof_checks/top_domains,\n")
	fmt.Fprintf(&b, "// commit 2e586724ada2b94a1bc89f2ec4b89f3d62cdf910 (made from the Chrome UX Report of\n")
	fmt.Fprintf(&b, "// September 2023). Licence: BSD-3-Clause, Copyright 2015 The Chromium Authors\n")
	fmt.Fprintf(&b, "// (the LICENSE file of testdata/conformance/chromium-idn). The %d names without a\n", skipped)
	fmt.Fprintf(&b, "// registrable domain (such as \"com.se\") are left out, as Chromium leaves them out.\n")
	fmt.Fprintf(&b, "const chromiumTopDomains = %s\n", strconv.Quote(strings.Join(kept, "\n")))
	return b.Bytes(), nil
}

// sortedKeys returns the keys of m in order.
func sortedKeys[V any](m map[rune]V) []rune {
	keys := make([]rune, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys
}
