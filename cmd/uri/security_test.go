package main

import (
	"strings"
	"testing"
)

// TestNoControlsInOutput: whatever an input holds (escape sequences, CR,
// NUL, DEL, C1 controls, bidirectional formatting characters, invalid
// UTF-8), raw or percent-encoded, no command writes a control character or
// a bidirectional formatting character of it, in text or in JSON, to
// standard output or standard error.
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
		"http://h/\u009b31m",
		"http://h/%C2%9B31m",
		"http://h/\u202eevil\u202c",
		"http://h/%E2%81%A7evil%E2%81%A9",
		"http://h/%D8%9C%E2%80%8F",
	}
	commands := [][]string{
		{"parse"}, {"parse", "--grammar", "rfc2068"}, {"normalize"}, {"normalize", "--syntax"}, {"equal"},
		{"resolve", "--base", "http://a/b"}, {"relativize", "--base", "http://a/b"}, {"escape", "--component", "path"},
		{"iri-to-uri"}, {"uri-to-iri"}, {"unescape", "--component", "path"},
	}
	for _, args := range commands {
		for _, json := range []bool{false, true} {
			a := append([]string(nil), args...)
			if json {
				a = append(a, "--json")
			}
			for _, in := range inputs {
				ops := []string{in}
				if args[0] == "equal" {
					ops = []string{in, "http://h/"}
				}
				_, out, errOut := runCmd(t, "", append(append(a, "--"), ops...)...)
				_, out2, errOut2 := runCmd(t, strings.Join(ops, "\t")+"\n", a...)
				for _, s := range []string{out, errOut, out2, errOut2} {
					if i := strings.IndexFunc(s, func(r rune) bool { return r != '\n' && hidden(r) }); i >= 0 {
						t.Errorf("uri %s %q: the output has %q at %d: %q", strings.Join(a, " "), in, s[i], i, s)
					}
				}
			}
		}
	}
}
