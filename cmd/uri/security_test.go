package main

import (
	"strings"
	"testing"
)

// TestNoControlsInOutput: whatever bytes an input holds (escape sequences,
// CR, NUL, DEL, invalid UTF-8), no command writes a control character of it
// to the terminal or into its JSON lines: text output quotes inputs (DEL
// included), JSON escapes the controls RFC 8259, Section 7 requires it to
// (DEL is not one). The one exception is what it exists for: unescape in
// text mode writes the decoded octets as they are (its --json output
// escapes them).
func TestNoControlsInOutput(t *testing.T) {
	inputs := []string{
		"http://h/\x1b[31mred\x1b[0m",
		"http://h/a\rb",
		"http://h/\x00",
		"http://h/\x7f",
		"http://h/\xff\xfe",
		"http://h/%1B[2J",
		"http://h/a%0D%0Ab",
		"\x1b]0;title\x07",
	}
	commands := [][]string{
		{"parse"}, {"normalize"}, {"normalize", "--syntax"}, {"equal"}, {"resolve", "--base", "http://a/b"},
		{"relativize", "--base", "http://a/b"}, {"escape", "--component", "path"}, {"iri-to-uri"}, {"uri-to-iri"},
		{"unescape", "--component", "path"},
	}
	for _, args := range commands {
		for _, json := range []bool{false, true} {
			if json && args[0] == "equal" {
				continue
			}
			a := append([]string(nil), args...)
			if json {
				a = append(a, "--json")
			}
			for _, in := range inputs {
				ops := []string{in}
				if args[0] == "equal" {
					ops = []string{in, "http://h/"}
				}
				_, out, errOut := runCmd(t, "", append(a, ops...)...)
				if args[0] == "unescape" && !json {
					continue
				}
				for _, s := range []string{out, errOut} {
					if i := strings.IndexFunc(s, func(r rune) bool { return r < 0x20 && r != '\n' || r == 0x7f && !json }); i >= 0 {
						t.Errorf("uri %s %q: the output has %q at %d: %q", strings.Join(a, " "), in, s[i], i, s)
					}
				}
			}
		}
	}
}
