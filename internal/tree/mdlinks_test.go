package tree

import (
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"unicode"
)

// TestMarkdownLinks checks the links of the module's Markdown files
// (README.md, SECURITY.md, docs/*.md, the READMEs of testdata) as GitHub
// renders them: a relative link names a file or directory of the module,
// and a "#anchor", alone or after a Markdown file, names a heading of that
// file by GitHub's rules (see headingAnchors). Links with a scheme (https:,
// mailto:) are not followed. A broken link fails the test: GitHub would
// show a 404 or land at the top of the page, silently.
func TestMarkdownLinks(t *testing.T) {
	files := markdownFiles(t)
	if len(files) < 5 {
		t.Fatalf("found %d Markdown files: the search is broken", len(files))
	}
	anchors := map[string]map[string]bool{} // by slash-separated path from the root
	for _, f := range files {
		anchors[f] = headingAnchors(readText(t, f))
	}
	links := 0
	for _, f := range files {
		for _, l := range markdownLinks(readText(t, f)) {
			if regexp.MustCompile(`^[a-zA-Z][a-zA-Z0-9+.-]*:`).MatchString(l.target) {
				continue // http:, https:, mailto:
			}
			links++
			where := f + ":" + strconv.Itoa(l.line)
			target, anchor, _ := strings.Cut(l.target, "#")
			resolved := f
			if target != "" {
				resolved = path.Join(path.Dir(f), target)
				if resolved == ".." || strings.HasPrefix(resolved, "../") {
					t.Errorf("%s: link %q leaves the module", where, l.target)
					continue
				}
				if _, err := os.Stat(filepath.FromSlash(resolved)); err != nil {
					t.Errorf("%s: link %q: no file %s", where, l.target, resolved)
					continue
				}
			}
			if anchor == "" {
				continue
			}
			heads, ok := anchors[resolved]
			if !ok {
				t.Errorf("%s: link %q: an anchor into %s, which is not a Markdown file of the module", where, l.target, resolved)
				continue
			}
			if !heads[anchor] {
				t.Errorf("%s: link %q: %s has no heading with the anchor #%s", where, l.target, resolved, anchor)
			}
		}
	}
	if links < 40 {
		t.Errorf("only %d relative links found: the search is broken", links)
	}
	t.Logf("%d relative links in %d Markdown files", links, len(files))
}

// TestDocCommentFileLinks checks the paths of Markdown files that the doc
// comments of the module's non-test files give ("docs/file-uris.md",
// "docs/file-uris.md#every-form-and-error", "SECURITY.md"): each path,
// from the module's root, names a file, and each anchor a heading of it.
// go doc shows them as text, so nothing else would notice a broken one.
func TestDocCommentFileLinks(t *testing.T) {
	ref := regexp.MustCompile(`(?:^|[\s("'])((?:[\w.-]+/)*[\w.-]+\.md)(#[\w-]+)?`)
	anchors := map[string]map[string]bool{}
	found := 0
	for _, fl := range goFiles(t, token.NewFileSet(), parser.ParseComments) {
		if fl.test {
			continue
		}
		p := fl.path
		for _, g := range fl.ast.Comments {
			for _, m := range ref.FindAllStringSubmatch(g.Text(), -1) {
				found++
				file, anchor := m[1], strings.TrimPrefix(m[2], "#")
				if _, err := os.Stat(filepath.FromSlash(file)); err != nil {
					t.Errorf("%s: a comment names %s, which the module does not have", p, file)
					continue
				}
				if anchor == "" {
					continue
				}
				if anchors[file] == nil {
					anchors[file] = headingAnchors(readText(t, file))
				}
				if !anchors[file][anchor] {
					t.Errorf("%s: a comment names %s#%s, but %s has no heading with that anchor", p, file, anchor, file)
				}
			}
		}
	}
	if found < 10 {
		t.Errorf("only %d references to Markdown files found in comments: the search is broken", found)
	}
	t.Logf("%d references to Markdown files in comments", found)
}

// TestMarkdownAnchorRules pins headingAnchors to anchors that GitHub
// gives these headings, so that the link tests check what GitHub does.
func TestMarkdownAnchorRules(t *testing.T) {
	text := "# Title\n" +
		"## Canonical keys for crawlers and archives: package canon\n" +
		"### IRIs (RFC 3987)\n" +
		"## What `go test ./...` checks\n" +
		"## readings and the browsers' grammar\n" +
		"### 1. Fetch a URL that a user gave, safely (SSRF)\n" +
		"## Upgrading: Components.Encode\n" +
		"## Title\n" +
		"```\n# not a heading\n```\n" +
		"    # not a heading either\n"
	want := []string{
		"title", "canonical-keys-for-crawlers-and-archives-package-canon", "iris-rfc-3987",
		"what-go-test--checks", "readings-and-the-browsers-grammar",
		"1-fetch-a-url-that-a-user-gave-safely-ssrf", "upgrading-componentsencode", "title-1",
	}
	got := headingAnchors(text)
	for _, a := range want {
		if !got[a] {
			t.Errorf("headingAnchors: no anchor %q; got %v", a, got)
		}
	}
	if len(got) != len(want) {
		t.Errorf("headingAnchors gives %d anchors, want %d: %v", len(got), len(want), got)
	}
}

// markdownFiles returns the Markdown files of the module, as
// slash-separated paths from its root.
func markdownFiles(t *testing.T) []string {
	t.Helper()
	var files []string
	err := filepath.WalkDir(".", func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if n := d.Name(); p != "." && (strings.HasPrefix(n, ".") || strings.HasPrefix(n, "_")) {
				return filepath.SkipDir
			}
			return nil
		}
		if strings.HasSuffix(p, ".md") {
			files = append(files, filepath.ToSlash(p))
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return files
}

func readText(t *testing.T, name string) string {
	t.Helper()
	b, err := os.ReadFile(filepath.FromSlash(name))
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// mdBlock is a paragraph of Markdown outside code blocks, with the number
// of its first line.
type mdBlock struct {
	text string
	line int
}

// markdownBlocks splits a Markdown text into its paragraphs and headings,
// leaving out fenced code blocks and indented ones (a line indented by four
// spaces or a tab after a blank line or another such line).
func markdownBlocks(text string) []mdBlock {
	var blocks []mdBlock
	var cur []string
	start := 0
	flush := func() {
		if len(cur) > 0 {
			blocks = append(blocks, mdBlock{strings.Join(cur, "\n"), start})
			cur = nil
		}
	}
	fence := ""
	prevBlank, inIndented := true, false
	for i, line := range strings.Split(text, "\n") {
		trimmed := strings.TrimLeft(line, " ")
		switch {
		case fence != "":
			if strings.HasPrefix(trimmed, fence) {
				fence = ""
			}
			continue
		case strings.HasPrefix(trimmed, "```") || strings.HasPrefix(trimmed, "~~~"):
			flush()
			fence = trimmed[:3]
			continue
		case (strings.HasPrefix(line, "    ") || strings.HasPrefix(line, "\t")) && (prevBlank || inIndented):
			flush()
			inIndented = true
			continue
		case strings.TrimSpace(line) == "":
			flush()
			prevBlank, inIndented = true, false
			continue
		}
		prevBlank, inIndented = false, false
		if strings.HasPrefix(line, "#") {
			flush()
			blocks = append(blocks, mdBlock{line, i + 1})
			continue
		}
		if len(cur) == 0 {
			start = i + 1
		}
		cur = append(cur, line)
	}
	flush()
	return blocks
}

var (
	codeSpan = regexp.MustCompile("(`+)[^`]*?(`+)")
	mdLink   = regexp.MustCompile(`!?\[((?:[^\[\]]|\[[^\[\]]*\])*)\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)`)
	mdDef    = regexp.MustCompile(`(?m)^ {0,3}\[[^\]]+\]:\s*<?(\S+?)>?(?:\s|$)`)
)

type mdLinkRef struct {
	target string
	line   int
}

// markdownLinks returns the targets of the inline links and the link
// reference definitions of a Markdown text, with their line numbers; text
// inside code spans and code blocks is no link.
func markdownLinks(text string) []mdLinkRef {
	var out []mdLinkRef
	for _, b := range markdownBlocks(text) {
		// Replace each byte of a code span but newlines by an x, so that
		// offsets stay those of the text and a "](" inside one is no link.
		s := codeSpan.ReplaceAllStringFunc(b.text, func(m string) string {
			x := []byte(m)
			for i := range x {
				if x[i] != '\n' {
					x[i] = 'x'
				}
			}
			return string(x)
		})
		for _, re := range []*regexp.Regexp{mdLink, mdDef} {
			for _, m := range re.FindAllStringSubmatchIndex(s, -1) {
				target := b.text[m[len(m)-2]:m[len(m)-1]]
				out = append(out, mdLinkRef{target, b.line + strings.Count(s[:m[0]], "\n")})
			}
		}
	}
	return out
}

// headingAnchors returns the anchors that GitHub gives the headings of a
// Markdown text: the heading's text as rendered (code spans and link texts
// kept, their markup gone), in lower case, without the characters that are
// not letters, marks, numbers, "_", "-" or spaces, and with each space a
// "-"; a repeated anchor gets "-1", "-2", ... after it.
func headingAnchors(text string) map[string]bool {
	anchors := map[string]bool{}
	seen := map[string]int{}
	for _, b := range markdownBlocks(text) {
		h := strings.TrimLeft(b.text, "#")
		if len(h) == len(b.text) || len(b.text)-len(h) > 6 || !strings.HasPrefix(h, " ") {
			continue
		}
		h = strings.TrimSpace(strings.TrimRight(strings.TrimSpace(h), "#"))
		h = mdLink.ReplaceAllString(h, "$1")
		var slug strings.Builder
		for _, r := range strings.ToLower(h) {
			switch {
			case r == ' ':
				slug.WriteByte('-')
			case r == '-' || r == '_' || unicode.IsLetter(r) || unicode.IsNumber(r) || unicode.IsMark(r):
				slug.WriteRune(r)
			}
		}
		a := slug.String()
		if n := seen[a]; n > 0 {
			seen[a] = n + 1
			a += "-" + strconv.Itoa(n)
		} else {
			seen[a] = 1
		}
		anchors[a] = true
	}
	return anchors
}
