package main

import (
	"bytes"
	"math/rand/v2"
	"strings"
	"testing"
	"unicode/utf8"
)

// TestPlainWord: the eight-byte test of the output's loops agrees with the
// byte-by-byte one for every byte value in every position, among plain
// bytes and among others.
func TestPlainWord(t *testing.T) {
	for c := range 256 {
		for pos := range 8 {
			for _, fill := range []byte{'a', ' ', '~'} {
				w := bytes.Repeat([]byte{fill}, 8)
				w[pos] = byte(c)
				v := load64(string(w), 0)
				if got, want := plainWord(v, '"', '\\'), jsonPlain[c]; got != want {
					t.Errorf("plainWord(%q) for JSON = %v, want %v", w, got, want)
				}
				if got, want := plainWord(v, 0x7f, 0x7f), c >= 0x20 && c < 0x7f; got != want {
					t.Errorf("plainWord(%q) for text = %v, want %v", w, got, want)
				}
			}
		}
	}
}

// TestOutputPieces: a string escaped a piece at a time (output.str and
// output.text cut it every strChunk bytes) is escaped as it is whole,
// with characters, invalid sequences and escapes across every cut; and
// str reports invalid UTF-8.
func TestOutputPieces(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	alphabet := []string{"a", "é", "€", "😀", "\x1b", "\xe2\x82", "\xff", "\u202e", "\u0085", `"`, `\`, "\t"}
	for n := range 200 {
		var b strings.Builder
		for b.Len() < strChunk*2+n {
			b.WriteString(alphabet[r.IntN(len(alphabet))])
		}
		s := b.String()
		whole, valid := appendJSONChars(nil, s)
		var out bytes.Buffer
		o := newOutput(&out, 64)
		gotValid := o.str(s)
		o.flush()
		if want := `"` + string(whole) + `"`; out.String() != want || gotValid != valid || valid != utf8.ValidString(s) {
			t.Fatalf("output.str of %d bytes differs from appendJSONChars of the whole, or its validity (%v, %v)", len(s), gotValid, valid)
		}
		out.Reset()
		o.text(s)
		o.flush()
		if want := string(appendEscaped(nil, s)); out.String() != want {
			t.Fatalf("output.text of %d bytes differs from appendEscaped of the whole", len(s))
		}
	}
}

// TestControlInWords: the check of a line for control characters, which
// skips printable ASCII eight bytes at a time, finds each control
// character (C0, DEL, C1) at its byte wherever it is, after plain bytes
// and after other characters, and lets a pair's tab through.
func TestControlInWords(t *testing.T) {
	for _, c := range []string{"\x00", "\t", "\x1b", "\x7f", "\u0085", "\u009b"} {
		for _, before := range []string{"", "é", "a\u202e"} {
			for pos := range 20 {
				line := before + strings.Repeat("a", pos) + c + strings.Repeat("b", 11)
				err := controlIn(line, false)
				le, ok := err.(*lineError)
				if !ok || le.offset != len(before)+pos {
					t.Errorf("controlIn(%q) = %v, want a control character at %d", line, err, len(before)+pos)
				}
			}
		}
	}
	if err := controlIn(strings.Repeat("a", 13)+"\t"+strings.Repeat("b", 9), true); err != nil {
		t.Errorf("controlIn of a pair = %v, want nil: the tab separates the pair", err)
	}
	if err := controlIn(strings.Repeat("é~ ", 9), false); err != nil {
		t.Errorf("controlIn of printable characters = %v", err)
	}
}
