package main

import (
	"fmt"
	"html"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
)

// The suites of package extract, which finds URLs in text: linkify-it's
// fixtures (links.txt, not_links.txt), the autolink examples of the GFM
// spec and of cmark-gfm's extension tests (spec.txt, extensions.txt), and
// micromark's per-character fixtures of GFM autolink literals, whose HTML
// is GitHub's own rendering. Each case keeps the input text and what the
// suite expects to be found in it: the links, each with its text as written
// and, for the GFM suites, the href that GitHub makes of it.

// linkifyRow is a case of links.txt or not_links.txt: the input line and,
// for links.txt, the text of the first link that linkify-it must find
// (the whole line when the fixture gives no second line).
type linkifyRow struct {
	Line  int     `json:"line"`
	Input string  `json:"input"`
	First *string `json:"first"`
}

// linkifyIt converts links.txt and not_links.txt as linkify-it's own test
// reads them: a line starting with "%" is a comment and counts as blank;
// in links.txt a non-blank line followed by a non-blank line is an input
// and its first link, one followed by a blank line must match as a whole;
// in not_links.txt each non-blank line is an input with no link.
func linkifyIt(src string, out *output) error {
	for _, f := range []struct {
		name, file string
		links      bool
	}{{"links.txt", "links.jsonl", true}, {"not_links.txt", "not-links.jsonl", false}} {
		u, err := readUpstream(src, f.name)
		if err != nil {
			return err
		}
		lines := strings.Split(string(u.data), "\n")
		blank := func(i int) bool {
			return i >= len(lines) || strings.HasPrefix(lines[i], "%") || strings.TrimSpace(lines[i]) == ""
		}
		var rows []any
		for i := 0; i < len(lines); i++ {
			if blank(i) {
				continue
			}
			row := linkifyRow{Line: i + 1, Input: lines[i]}
			if f.links {
				first := lines[i]
				if !blank(i + 1) {
					first = lines[i+1]
					i++
				}
				row.First = &first
			}
			rows = append(rows, row)
		}
		source := fmt.Sprintf("From test/fixtures/%s of markdown-it/linkify-it (git blob %s), MIT: LICENSE.", u.name, u.blob())
		if err := out.write(f.file, source, rows); err != nil {
			return err
		}
	}
	return out.copyLicence(src, "LICENSE")
}

// gfmLink is a link that GitHub's rendering has in a case: its text as
// written in the Markdown and its href. Kind is "literal" for an autolink
// literal (GFM extension, the text is the href, or the href less "http://"
// or "mailto:", percent-encoded) and "autolink" for a CommonMark autolink
// written between "<" and ">" (CommonMark, section 6.5).
type gfmLink struct {
	Text string `json:"text"`
	Href string `json:"href"`
	Kind string `json:"kind"`
}

// gfmRow is a case of the GFM suites: a Markdown block and the links of
// its rendering that are made of its text. Ignore is set where the
// upstream expects nothing but that the input does not crash.
type gfmRow struct {
	File    string    `json:"file"`
	Example int       `json:"example,omitempty"`
	Line    int       `json:"line"`
	Input   string    `json:"input"`
	Links   []gfmLink `json:"links"`
	Ignore  bool      `json:"ignore,omitempty"`
}

// anchor matches an HTML link of a rendering; the renderings put no
// attribute but href on a link and no element inside one that a link
// literal makes.
var anchor = regexp.MustCompile(`<a href="([^"]*)">(.*?)</a>`)

// gfmLinks returns the links of the rendering htm that the Markdown md
// wrote as text: literals and CommonMark autolinks, in order. A link whose
// text is not its href (a Markdown link or a reference) is not one.
func gfmLinks(md, htm string) []gfmLink {
	links := []gfmLink{}
	at := 0 // where the text of the next link is looked for in md
	for _, m := range anchor.FindAllStringSubmatch(htm, -1) {
		href, text := html.UnescapeString(m[1]), html.UnescapeString(m[2])
		if text == "" || !literalHref(href, text) {
			continue
		}
		kind := "literal"
		if i := strings.Index(md[at:], text); i >= 0 {
			i += at
			at = i + len(text)
			if i > 0 && md[i-1] == '<' && at < len(md) && md[at] == '>' {
				kind = "autolink"
			}
		}
		links = append(links, gfmLink{text, href, kind})
	}
	return links
}

// literalHref reports whether href is what a link literal or an autolink
// of text links to: text itself, or text after "http://" or "mailto:",
// each perhaps with percent-encoding added.
func literalHref(href, text string) bool {
	d := decodeValidPercent(href)
	for _, prefix := range []string{"", "http://", "mailto:"} {
		if href == prefix+text || d == prefix+text {
			return true
		}
	}
	return false
}

// decodeValidPercent decodes each "%" followed by two hexadecimal digits
// in s and leaves any other "%" as it is.
func decodeValidPercent(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] == '%' && i+2 < len(s) {
			if v, err := strconv.ParseUint(s[i+1:i+3], 16, 8); err == nil {
				b.WriteByte(byte(v))
				i += 2
				continue
			}
		}
		b.WriteByte(s[i])
	}
	return b.String()
}

// fence is the line that opens and closes an example of the CommonMark
// spec format.
const fence = "````````````````````````````````"

// cmarkGFM converts the autolink examples of the GFM spec (the examples
// marked "autolink" of spec.txt) and of cmark-gfm's extension tests (the
// section "Autolinks" of extensions.txt). "→" in an example stands for a
// tab.
func cmarkGFM(src string, out *output) error {
	var rows []any
	var blobs []string
	for _, f := range []struct{ name, section string }{{"spec.txt", ""}, {"extensions.txt", "## Autolinks"}} {
		u, err := readUpstream(src, f.name)
		if err != nil {
			return err
		}
		rs, err := specExamples(u, f.section)
		if err != nil {
			return fmt.Errorf("%s: %w", u.name, err)
		}
		rows = append(rows, rs...)
		blobs = append(blobs, fmt.Sprintf("test/%s (git blob %s)", u.name, u.blob()))
	}
	source := fmt.Sprintf("From %s of github/cmark-gfm, CC-BY-SA-4.0: COPYING.", strings.Join(blobs, " and "))
	if err := out.write("autolinks.jsonl", source, rows); err != nil {
		return err
	}
	return out.copyLicence(src, "COPYING")
}

// specExamples returns the rows of the examples of u: with section "",
// those marked "example autolink"; otherwise every example under the
// heading section, up to the next heading of its level.
func specExamples(u upstream, section string) ([]any, error) {
	lines := strings.Split(string(u.data), "\n")
	var rows []any
	number, in := 0, section == ""
	for i := 0; i < len(lines); i++ {
		line := lines[i]
		if section != "" && strings.HasPrefix(line, "## ") {
			in = line == section
		}
		if !strings.HasPrefix(line, fence+" example") {
			continue
		}
		number++
		start := i + 1
		dot := slices.Index(lines[start:], ".")
		if dot < 0 {
			return nil, fmt.Errorf("line %d: example without \".\"", i+1)
		}
		end := slices.Index(lines[start+dot:], fence)
		if end < 0 {
			return nil, fmt.Errorf("line %d: example without its end", i+1)
		}
		md := strings.Join(lines[start:start+dot], "\n") + "\n"
		htm := strings.Join(lines[start+dot+1:start+dot+end], "\n")
		i = start + dot + end
		if (section == "" && strings.TrimSpace(line) != fence+" example autolink") || !in {
			continue
		}
		md = strings.ReplaceAll(md, "→", "\t")
		row := gfmRow{File: u.name, Example: number, Line: start, Input: md}
		if htm == "<IGNORE>" {
			row.Ignore = true
		} else {
			row.Links = gfmLinks(md, htm)
		}
		rows = append(rows, row)
	}
	if len(rows) == 0 {
		return nil, fmt.Errorf("no autolink examples")
	}
	return rows, nil
}

// blockStart matches the first line of a block of a rendering.
var blockStart = regexp.MustCompile(`^<(p|h[1-6]|ul|ol|pre|blockquote|table|hr)\b`)

// refDefinition matches a link reference definition, a block of Markdown
// that renders to nothing.
var refDefinition = regexp.MustCompile(`^\[[^\]]+\]: `)

// micromark converts each fixture, a Markdown input with its rendering of
// the same name in HTML (GitHub's, as a file or, for a name ending in
// ".comment", as a comment), to
// one row per block of the Markdown: the blocks are the runs of lines
// between blank lines, and the rendering has one block for each but the
// link reference definitions.
func micromark(src string, out *output) error {
	dir := filepath.Join(src, "test", "fixtures")
	entries, err := os.ReadDir(dir)
	if err != nil {
		return err
	}
	var rows []any
	var blobs []string
	for _, e := range entries {
		name, ok := strings.CutSuffix(e.Name(), ".md")
		if !ok {
			continue
		}
		md, err := readUpstream(dir, name+".md")
		if err != nil {
			return err
		}
		htm, err := readUpstream(dir, name+".html")
		if err != nil {
			return err
		}
		rs, err := micromarkRows(name, string(md.data), string(htm.data))
		if err != nil {
			return fmt.Errorf("%s: %w", name, err)
		}
		rows = append(rows, rs...)
		blobs = append(blobs, fmt.Sprintf("%s.md %s, %s.html %s", name, md.blob(), name, htm.blob()))
	}
	source := "From test/fixtures of micromark/micromark-extension-gfm-autolink-literal, MIT: license; git blobs: " + strings.Join(blobs, "; ") + "."
	if err := out.write("fixtures.jsonl", source, rows); err != nil {
		return err
	}
	return out.copyLicence(src, "license")
}

// micromarkRows pairs the blocks of one fixture.
func micromarkRows(name, md, htm string) ([]any, error) {
	type block struct {
		line int
		text string
	}
	var mdBlocks []block
	lines := strings.Split(md, "\n")
	for i := 0; i < len(lines); i++ {
		if lines[i] == "" {
			continue
		}
		j := i
		for j < len(lines) && lines[j] != "" {
			j++
		}
		if !refDefinition.MatchString(lines[i]) {
			mdBlocks = append(mdBlocks, block{i + 1, strings.Join(lines[i:j], "\n")})
		}
		i = j
	}
	var htmBlocks []string
	for _, l := range strings.Split(htm, "\n") {
		if blockStart.MatchString(l) || len(htmBlocks) == 0 {
			htmBlocks = append(htmBlocks, l)
		} else {
			htmBlocks[len(htmBlocks)-1] += "\n" + l
		}
	}
	if len(mdBlocks) != len(htmBlocks) {
		return nil, fmt.Errorf("%d blocks of Markdown, %d of HTML", len(mdBlocks), len(htmBlocks))
	}
	var rows []any
	for k, b := range mdBlocks {
		rows = append(rows, gfmRow{File: name, Line: b.line, Input: b.text, Links: gfmLinks(b.text, htmBlocks[k])})
	}
	return rows, nil
}
