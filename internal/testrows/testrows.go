// Package testrows reads the shared cases of testdata/*.jsonl, which hold
// one JSON object per line in the output shape of the uri command, for the
// tests of the packages and of the command. It is used by tests only.
package testrows

import (
	"encoding/hex"
	"encoding/json"
	"os"
	"strings"
	"testing"
	"unicode/utf8"
)

// Read decodes the rows of a testdata file, skipping empty lines and "#"
// comment lines. A field that T does not have is an error.
func Read[T any](t testing.TB, path string) []T {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var rows []T
	for i, line := range strings.Split(string(data), "\n") {
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		var row T
		dec := json.NewDecoder(strings.NewReader(line))
		dec.DisallowUnknownFields()
		if err := dec.Decode(&row); err != nil {
			t.Fatalf("%s:%d: %v", path, i+1, err)
		}
		rows = append(rows, row)
	}
	return rows
}

// Parse is one row of `uri parse --json`: the components, null when absent,
// or the error.
type Parse struct {
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
func (r Parse) Bytes(t testing.TB) string {
	if r.InputHex == "" {
		return r.Input
	}
	b, err := hex.DecodeString(r.InputHex)
	if err != nil {
		t.Fatalf("bad input_hex %q", r.InputHex)
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
