package mimetype_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/gouri/uri"
	"github.com/gouri/uri/mimetype"
)

// completions are texts that, appended to a prefix of a MIME type, make
// one: whatever the prefix, one of them does, if any text does.
var completions = []string{"", "/x", "x", "x/x", ";", " ;"}

// beginsMIMEType reports whether some completion makes p a MIME type.
func beginsMIMEType(p string, parse func(string) (mimetype.MIMEType, error)) bool {
	for _, c := range completions {
		if _, err := parse(p + c); err == nil {
			return true
		}
	}
	return false
}

// FuzzParse checks, for any input, with Parse and with ParseText:
//
//   - the result agrees with the reference of ref_test.go, the standard's
//     steps written out over code points;
//   - a MIME type's serialization parses to itself (parse and serialize
//     are idempotent), without allocating;
//   - Essence is Type "/" Subtype, and every parameter of Params is found
//     by Param under its name, with the same value;
//   - an error is a *uri.Error with ErrInvalid whose offset obeys the
//     module's rule: the input up to it begins some MIME type, and up to
//     the byte after it does not;
//   - on ASCII input, Parse and ParseText agree.
func FuzzParse(f *testing.F) {
	for _, s := range []string{
		"text/html", "TEXT/HTML;CHARSET=\"UTF-8\"", " a/b ;x=\"y\\\"z\" ;x=2", "a/b;x=é", "a/b;x=\xff",
		"text /html", "text/", "a/b;x=\"\\", "a/b;=x;y=;z", "/", "a/b;x=\"1\"2;y",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, in string) {
		for _, p := range []struct {
			name  string
			parse func(string) (mimetype.MIMEType, error)
			ref   func(string) (string, bool)
		}{
			{"Parse", mimetype.Parse, refBytes},
			{"ParseText", mimetype.ParseText, refText},
		} {
			m, err := p.parse(in)
			want, ok := p.ref(in)
			if (err == nil) != ok || m.String() != want {
				t.Fatalf("%s(%q) = %q, %v; the reference gives %q, %v", p.name, in, m, err, want, ok)
			}
			if err != nil {
				checkOffset(t, p.name, in, err, p.parse)
				continue
			}
			checkRecord(t, p.name, in, m, p.parse)
		}
		if isASCII(in) {
			a, aerr := mimetype.Parse(in)
			b, berr := mimetype.ParseText(in)
			if a != b || (aerr == nil) != (berr == nil) {
				t.Fatalf("ASCII %q: Parse = %q, %v; ParseText = %q, %v", in, a, aerr, b, berr)
			}
		}
	})
}

// checkRecord checks a parsed MIME type: idempotence and the accessors.
func checkRecord(t *testing.T, name, in string, m mimetype.MIMEType, parse func(string) (mimetype.MIMEType, error)) {
	t.Helper()
	again, err := parse(m.String())
	if err != nil || again != m {
		t.Fatalf("%s(%q) = %q, which parses to %q, %v", name, in, m, again, err)
	}
	if n := testing.AllocsPerRun(1, func() { _, _ = parse(m.String()) }); n != 0 && !manyParams(m) {
		t.Fatalf("%s(%q): the serialization %q allocates %v times", name, in, m, n)
	}
	if m.Essence() != m.Type()+"/"+m.Subtype() || !strings.HasPrefix(m.String(), m.Essence()) {
		t.Fatalf("%s(%q) = %q: Essence %q, Type %q, Subtype %q", name, in, m, m.Essence(), m.Type(), m.Subtype())
	}
	rebuilt := m.Essence()
	for n, v := range m.Params() {
		if got, ok := m.Param(n); !ok || got != v {
			t.Fatalf("%s(%q) = %q: Params has %q=%q, Param(%q) = %q, %v", name, in, m, n, v, n, got, ok)
		}
		rebuilt += ";" + n + "=" + quote(v)
	}
	if rebuilt != m.String() {
		t.Fatalf("%s(%q) = %q, rebuilt from its parts as %q", name, in, m, rebuilt)
	}
}

// quote writes a parameter value as section 4.5 does.
func quote(v string) string {
	if v != "" && strings.Trim(v, "!#$%&'*+-.^_`|~0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ") == "" {
		return v
	}
	return `"` + strings.NewReplacer(`"`, `\"`, `\`, `\\`).Replace(v) + `"`
}

// manyParams reports whether m has more parameters than the parser
// compares without a map.
func manyParams(m mimetype.MIMEType) bool {
	n := 0
	for range m.Params() {
		n++
	}
	return n > 8
}

// checkOffset checks an error of parse: a *uri.Error for in with
// ErrInvalid, whose Offset is where the longest prefix that begins a
// MIME type ends.
func checkOffset(t *testing.T, name, in string, err error, parse func(string) (mimetype.MIMEType, error)) {
	t.Helper()
	var e *uri.Error
	if !errors.As(err, &e) || e.Input != in || e.Op != uri.OpParse || e.Err != mimetype.ErrInvalid || e.Detail == "" {
		t.Fatalf("%s(%q): error %#v", name, in, err)
	}
	if e.Offset < 0 || e.Offset > len(in) {
		t.Fatalf("%s(%q): offset %d out of range", name, in, e.Offset)
	}
	if !beginsMIMEType(in[:e.Offset], parse) {
		t.Fatalf("%s(%q): offset %d, but %q begins no MIME type", name, in, e.Offset, in[:e.Offset])
	}
	if e.Offset < len(in) && beginsMIMEType(in[:e.Offset+1], parse) {
		t.Fatalf("%s(%q): offset %d, but %q begins a MIME type", name, in, e.Offset, in[:e.Offset+1])
	}
}

func isASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= 0x80 {
			return false
		}
	}
	return true
}
