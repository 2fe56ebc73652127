package main

import (
	"fmt"
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"

	"github.com/gouri/uri/internal/oracle"
)

// unsafeForReader reports whether r must never reach a terminal or a
// reader as it is, by the definition of package unicode and not of the
// code under test: a C0 or C1 control or DEL (unicode.IsControl), a
// character with the property Bidi_Control, which reorders the text around
// it (the "Trojan Source" attack), or U+2028 and U+2029, which end a line
// in JavaScript.
func unsafeForReader(r rune) bool {
	return unicode.IsControl(r) || unicode.Is(unicode.Bidi_Control, r) || r == 0x2028 || r == 0x2029
}

// TestHidden: hidden is exactly unsafeForReader, over all of Unicode.
func TestHidden(t *testing.T) {
	for r := rune(0); r <= unicode.MaxRune; r++ {
		if hidden(r) != unsafeForReader(r) {
			t.Errorf("hidden(U+%04X) = %v, want %v", r, hidden(r), unsafeForReader(r))
		}
	}
}

// outputCommands are the arguments that TestNoControlsInOutput runs each
// command with; every command must be among them.
var outputCommands = [][]string{
	{"parse"}, {"parse", "--grammar", "rfc2068"}, {"normalize"}, {"normalize", "--syntax"}, {"equal"},
	{"resolve", "--base", "http://a/b"}, {"relativize", "--base", "http://a/b"}, {"escape", "--component", "path"},
	{"iri-to-uri"}, {"uri-to-iri"}, {"unescape", "--component", "path"},
	{"file-path", "--os", "posix"}, {"file-path", "--os", "windows"}, {"file-uri", "--os", "posix"}, {"file-uri", "--os", "windows"},
	{"parse", "--grammar", "whatwg"}, {"parse", "--grammar", "whatwg", "--base", "http://a/b"}, {"readings"},
	{"resolve", "--grammar", "whatwg", "--base", "http://a/b"}, {"guard"},
	// An edit's value is in its error message: it must be shown safely too.
	{"edit", "--set", "fragment=\x1b[2J\u202e"}, {"edit", "--set", "fragment:=\x1b[2J\u202e"},
	{"edit", "--grammar", "whatwg", "--set", "port=\x1b[2J\u202e", "--set", "hash=\u009b"},
	{"canon"}, {"canon", "--profile", "safebrowsing"}, {"canon", "--surt"},
	{"target", "--host", "h"}, {"target", "--host", "h", "--method", "CONNECT"},
	{"redirect", "--from", "http://a/b"}, {"redirect", "--local"},
	{"data"}, {"site"}, {"display"}, {"display", "--profile", "firefox"}, {"parse", "--get", "{path} {query:a}"}, {"parse", "--grammar", "whatwg", "--get", "{query:a}{hash}"},
	{"edit", "--get", "{fragment}{site}"},
	// robots writes the lines of its file that it ignores, and its rules.
	{"robots", "--agent", "x", "--status", "503"}, {"robots", "--agent", "x", "--file", "testdata/robots.txt"},
	{"extract"}, {"extract", "--relaxed"}, {"extract", "--gfm"},
}

// TestNoControlsInOutput: whatever an input holds (escape sequences, CR,
// NUL, DEL, C1 controls, every Bidi_Control character, invalid UTF-8), raw
// or percent-encoded, no command writes a control character or a
// bidirectional formatting character of it, or a byte that is not UTF-8,
// in text or in JSON, to standard output or standard error. Decoding
// commands (unescape, uri-to-iri, file-path) get the encoded forms, so
// that they have the character to write.
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
		"file:///%1B[2J%C2%9B%E2%80%A8",
		`C:\` + "\x1b[2J",
	}
	for _, r := range oracle.BidiControls() {
		c := string(r)
		pct := ""
		for i := 0; i < len(c); i++ {
			pct += fmt.Sprintf("%%%02X", c[i])
		}
		inputs = append(inputs, "http://h/a"+c+"b", "http://h/a"+pct+"b", "file:///a"+pct+"b", `C:\a`+c, "/"+c+"evil"+c)
	}
	tested := map[string]bool{}
	for _, args := range outputCommands {
		tested[args[0]] = true
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
					if i := strings.IndexFunc(s, func(r rune) bool { return r != '\n' && unsafeForReader(r) }); i >= 0 {
						r, _ := utf8.DecodeRuneInString(s[i:])
						t.Errorf("uri %s %q: the output has U+%04X at %d: %q", strings.Join(a, " "), in, r, i, s)
					}
					if !utf8.ValidString(s) {
						t.Errorf("uri %s %q: the output is not UTF-8: %q", strings.Join(a, " "), in, s)
					}
				}
			}
		}
	}
	for _, c := range commands() {
		if !tested[c.name] {
			t.Errorf("uri %s is not in outputCommands: add it with the flags it needs", c.name)
		}
	}
}
