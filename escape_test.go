package uri

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"net/url"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/gouri/uri/internal/testrows"
)

var allEscape = []EscapeComponent{
	EscapeUserinfo, EscapeHost, EscapePathSegment, EscapePath, EscapeQuery,
	EscapeQueryKey, EscapeQueryValue, EscapeFragment, EscapeForm,
}

func TestEscape(t *testing.T) {
	tests := []struct {
		c       EscapeComponent
		in, out string
		why     string
	}{
		{EscapeUserinfo, "user", "user", "unreserved stays (RFC 3986, Section 2.3)"},
		{EscapeUserinfo, "a:b@c", "a%3Ab%40c", `":" separates user and password, "@" ends userinfo (Section 3.2.1)`},
		{EscapeUserinfo, "!$&'()*+,;=", "!$&'()*+,;=", "sub-delims are allowed in userinfo"},
		{EscapeHost, "example.com", "example.com", "reg-name"},
		{EscapeHost, "a b:c", "a%20b%3Ac", `":" would start the port (Section 3.2.2)`},
		{EscapeHost, "bücher", "b%C3%BCcher", "non-ASCII as UTF-8 octets (Sections 2.5, 3.2.2)"},
		{EscapePathSegment, "a/b", "a%2Fb", `"/" would split the segment (Section 3.3)`},
		{EscapePathSegment, "a:b@c;d=e", "a:b@c;d=e", "pchar includes \":\", \"@\" and sub-delims"},
		{EscapePathSegment, "a?b#c", "a%3Fb%23c", `"?" and "#" end the path`},
		{EscapePathSegment, "100%", "100%25", `"%" is always data to Escape (Section 2.4)`},
		{EscapePath, "/a b/c", "/a%20b/c", `"/" stays in a whole path`},
		{EscapePath, "/a?b", "/a%3Fb", `"?" ends the path`},
		{EscapeQuery, "a=1&b=2/?", "a=1&b=2/?", `query = *( pchar / "/" / "?" ) (Section 3.4)`},
		{EscapeQuery, "a b#c", "a%20b%23c", `"#" ends the query`},
		{EscapeQueryKey, "a b+c=d&e;f", "a%20b%2Bc%3Dd%26e%3Bf", "key=value delimiters and \"+\" are encoded"},
		{EscapeQueryValue, "a b+c=d&e;f", "a%20b%2Bc=d%26e%3Bf", `"=" after the first one is data`},
		{EscapeQueryValue, "/path?x:y@z", "/path?x:y@z", `"/", "?", ":" and "@" are allowed in a query`},
		{EscapeFragment, "sec 1#2", "sec%201%232", `"#" cannot appear in a fragment (Section 3.5)`},
		{EscapeFragment, "a/b?c", "a/b?c", "fragment = *( pchar / \"/\" / \"?\" )"},
		{EscapeForm, "a b+c~*'()!", "a+b%2Bc%7E*%27%28%29%21", "URL Standard application/x-www-form-urlencoded: space is \"+\", \"~\" is encoded"},
		{EscapeForm, "-._*09azAZ", "-._*09azAZ", "the form encoding's literal set"},
		{EscapePathSegment, "\xff\x00", "%FF%00", "invalid UTF-8 and NUL byte for byte, uppercase hex (Section 2.1)"},
		{EscapePathSegment, "", "", "empty"},
		{0, "a/b", "a%2Fb", "an unknown component encodes as a path segment"},
	}
	for _, tt := range tests {
		if got := Escape(tt.in, tt.c); got != tt.out {
			t.Errorf("Escape(%q, %v) = %q, want %q (%s)", tt.in, tt.c, got, tt.out, tt.why)
		}
	}
}

// TestEscapeByteSets checks every byte in every component against the sets
// written out again here from RFC 3986, Appendix A and the URL Standard.
func TestEscapeByteSets(t *testing.T) {
	const (
		alnum      = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"
		unreserved = alnum + "-._~"
		subDelims  = "!$&'()*+,;="
		pchar      = unreserved + subDelims + ":@"
	)
	literal := map[EscapeComponent]string{
		EscapeUserinfo:    unreserved + subDelims,
		EscapeHost:        unreserved + subDelims,
		EscapePathSegment: pchar,
		EscapePath:        pchar + "/",
		EscapeQuery:       pchar + "/?",
		EscapeQueryKey:    unreserved + "!$'()*," + ":@/?",
		EscapeQueryValue:  unreserved + "!$'()*,=" + ":@/?",
		EscapeFragment:    pchar + "/?",
		EscapeForm:        alnum + "*-._",
	}
	for _, c := range allEscape {
		for b := 0; b < 256; b++ {
			s := string([]byte{byte(b)})
			got := Escape(s, c)
			want := fmt.Sprintf("%%%02X", b)
			switch {
			case b < 0x80 && strings.Contains(literal[c], s):
				want = s
			case b == ' ' && c == EscapeForm:
				want = "+"
			}
			if got != want {
				t.Errorf("Escape(%q, %v) = %q, want %q", s, c, got, want)
			}
		}
	}
}

// escapeTemplates places an encoded string in its component: Parse must
// accept the result and return the string as that component.
var escapeTemplates = map[EscapeComponent]struct {
	pre, post string
	get       func(URI) string
}{
	EscapeUserinfo:    {"http://", "@h/", URI.Userinfo},
	EscapeHost:        {"http://u@", ":1/", URI.Host},
	EscapePathSegment: {"http://h/", "/x", func(u URI) string { return strings.TrimSuffix(strings.TrimPrefix(u.Path(), "/"), "/x") }},
	EscapePath:        {"http://h/", "", func(u URI) string { return strings.TrimPrefix(u.Path(), "/") }},
	EscapeQuery:       {"http://h/?", "#f", URI.Query},
	EscapeQueryKey:    {"http://h/?k&", "=v#f", func(u URI) string { return strings.TrimSuffix(strings.TrimPrefix(u.Query(), "k&"), "=v") }},
	EscapeQueryValue:  {"http://h/?k=", "&x#f", func(u URI) string { return strings.TrimSuffix(strings.TrimPrefix(u.Query(), "k="), "&x") }},
	EscapeFragment:    {"http://h/#", "", URI.Fragment},
	EscapeForm:        {"http://h/?k=", "#f", func(u URI) string { return strings.TrimPrefix(u.Query(), "k=") }},
}

// checkEscape is the invariant of Escape (STYLE, Section 7): the result
// parses in its component, and Unescape gives s back.
func checkEscape(t *testing.T, s string, c EscapeComponent) {
	t.Helper()
	e := Escape(s, c)
	tpl := escapeTemplates[c]
	u, err := Parse(tpl.pre + e + tpl.post)
	if err != nil {
		t.Fatalf("Escape(%q, %v) = %q does not parse in its component: %v", s, c, e, err)
	}
	if got := tpl.get(u); got != e {
		t.Fatalf("Escape(%q, %v) = %q lands in the component as %q", s, c, e, got)
	}
	d, err := Unescape(e, c)
	if err != nil || d != s {
		t.Fatalf("Unescape(Escape(%q, %v)) = %q, %v", s, c, d, err)
	}
	// Escape writes what normalization would (RFC 3986, Sections 6.2.2.1
	// and 6.2.2.2): upper-case hex digits, no encoded unreserved character.
	// The form encoding encodes "~" (the URL Standard's choice), and the case
	// of a host's letters is the caller's.
	n := NormalizePercent | NormalizeCase
	if c == EscapeHost {
		n = NormalizePercent
	}
	if v := u.NormalizeWith(n); c != EscapeForm && v != u {
		t.Fatalf("Escape(%q, %v) = %q, which normalization changes to %q", s, c, e, tpl.get(v))
	}
	if c == EscapeQueryKey || c == EscapeQueryValue || c == EscapeForm {
		// A key or value encoded for a query reads the same to a form decoder.
		if f, err := Unescape(e, EscapeForm); err != nil || f != s {
			t.Fatalf("Unescape(Escape(%q, %v), EscapeForm) = %q, %v", s, c, f, err)
		}
	}
	if c == EscapeForm {
		// net/url's QueryEscape differs in two bytes: it keeps "~" and
		// encodes "*", where the URL Standard's form encoding does the opposite.
		if q := url.QueryEscape(s); q != strings.NewReplacer("%7E", "~", "*", "%2A").Replace(e) {
			t.Fatalf("Escape(%q, EscapeForm) = %q, net/url's QueryEscape gives %q", s, e, q)
		}
	}
}

func TestEscapeRoundTrip(t *testing.T) {
	r := rand.New(rand.NewPCG(2, 5))
	inputs := []string{"", "%", "%%41", "+", " ", "a b+c", "\x00\xff", "é/ü?#[]", strings.Repeat("%2F", 10)}
	for range 3000 {
		b := make([]byte, r.IntN(12))
		for i := range b {
			b[i] = byte(r.IntN(256))
			if r.IntN(2) == 0 {
				b[i] = " %+/?#&=;:@[]aZ.~"[r.IntN(17)]
			}
		}
		inputs = append(inputs, string(b))
	}
	for _, c := range allEscape {
		for _, s := range inputs {
			checkEscape(t, s, c)
		}
	}
}

// FuzzEscape checks, for every component, that Escape's output parses in
// its component and unescapes to the input, and that Unescape either fails
// at the offset the prefix rule gives or gives text that survives the same
// round trip.
func FuzzEscape(f *testing.F) {
	for _, row := range readEscapeRows(f) {
		f.Add(row.input, uint8(row.comp))
	}
	f.Add("a b+c%", uint8(EscapeForm))
	f.Fuzz(func(t *testing.T, s string, c uint8) {
		// c picks the component to start with; every one is checked, so
		// that the round trip holds for all of them on every input.
		for k := range allEscape {
			comp := allEscape[(int(c)+k)%len(allEscape)]
			checkEscape(t, s, comp)
			// Unescape of arbitrary input: either an error at a sane
			// offset, or a result that Escape, then Unescape, keeps.
			d, err := Unescape(s, comp)
			if err != nil {
				var e *Error
				if !errors.As(err, &e) || e.Offset < 0 || e.Offset > len(s) || !errors.Is(err, ErrBadPercent) || d != "" {
					t.Fatalf("Unescape(%q) = %q, error %#v", s, d, err)
				}
				// The offset rule: the text before it decodes, or fails only
				// there for want of more; one more byte fails there.
				var p *Error
				if _, err := Unescape(s[:e.Offset], comp); err != nil && (!errors.As(err, &p) || p.Offset != e.Offset) {
					t.Fatalf("Unescape(%q) fails at %d, but its prefix %q: %v", s, e.Offset, s[:e.Offset], err)
				}
				if e.Offset < len(s) {
					if _, err := Unescape(s[:e.Offset+1], comp); !errors.As(err, &p) || p.Offset != e.Offset {
						t.Fatalf("Unescape(%q) fails at %d, but %q: %v", s, e.Offset, s[:e.Offset+1], err)
					}
				}
				continue
			}
			checkEscape(t, d, comp)
			if _, err := UnescapeUTF8(s, comp); (err == nil) != utf8.ValidString(d) {
				t.Fatalf("UnescapeUTF8(%q) error %v, but the decoded text's validity is %v", s, err, utf8.ValidString(d))
			}
		}
	})
}

func TestUnescape(t *testing.T) {
	tests := []struct {
		in   string
		c    EscapeComponent
		out  string
		err  error
		off  int
		comp Component
	}{
		{"a%20b", EscapePath, "a b", nil, 0, 0},
		{"a%2fb%2F", EscapePathSegment, "a/b/", nil, 0, 0}, // lower-case hex is accepted (Section 2.1)
		{"a+b", EscapeQuery, "a+b", nil, 0, 0},             // a whole query: "+" is data (RFC 3986, Section 3.4)
		{"a+b%2B", EscapeQueryValue, "a b+", nil, 0, 0},    // a value of key=value is read as QueryValue reads it
		{"a+b%2B", EscapeQueryKey, "a b+", nil, 0, 0},      // a key likewise
		{"a+b", EscapePath, "a+b", nil, 0, 0},              // "+" is a sub-delim in a path (Section 3.3)
		{"a+b", EscapeFragment, "a+b", nil, 0, 0},          // and in a fragment (Section 3.5)
		{"a+b%2B", EscapeForm, "a b+", nil, 0, 0},
		{"%C3%A9", EscapeFragment, "é", nil, 0, 0},
		{"%FF", EscapePath, "\xff", nil, 0, 0}, // any octet (UnescapeUTF8 checks)
		{"plain", 0, "plain", nil, 0, 0},       // no component: plain decoding
		// Section 2.1: pct-encoded = "%" HEXDIG HEXDIG; the offset is the
		// first byte that cannot continue.
		{"%zz", EscapePath, "", ErrBadPercent, 1, Path},
		{"ab%4", EscapeQuery, "", ErrBadPercent, 4, Query},
		{"ab%", EscapeUserinfo, "", ErrBadPercent, 3, Userinfo},
		{"%41%4g", EscapeHost, "", ErrBadPercent, 5, Host},
		{"x%", EscapeForm, "", ErrBadPercent, 2, Query},
		{"a%%41", EscapeFragment, "", ErrBadPercent, 2, Fragment},
		{"%", 0, "", ErrBadPercent, 1, NoComponent},
	}
	for _, tt := range tests {
		got, err := Unescape(tt.in, tt.c)
		if tt.err == nil {
			if err != nil || got != tt.out {
				t.Errorf("Unescape(%q, %v) = %q, %v; want %q", tt.in, tt.c, got, err, tt.out)
			}
			continue
		}
		var e *Error
		if !errors.As(err, &e) || !errors.Is(err, tt.err) || e.Offset != tt.off || e.Component != tt.comp || e.Op != OpUnescape || e.Input != tt.in || got != "" {
			t.Errorf("Unescape(%q, %v) = %q, %#v; want %v at %d in %v", tt.in, tt.c, got, err, tt.err, tt.off, tt.comp)
		}
	}
}

func TestUnescapeUTF8(t *testing.T) {
	tests := []struct {
		in  string
		out string
		off int // -1: no error
	}{
		{"%C3%A9t%C3%A9", "été", -1},
		{"caf\xc3\xa9", "café", -1}, // raw UTF-8 passes through
		{"%FF", "", 0},              // RFC 3629: 0xFF never appears
		{"a%C3%28", "", 4},          // 0x28 cannot continue a two-byte sequence
		{"%C3", "", 3},              // ends inside a character
		{"%E2%82", "", 6},
		{"%E0%80%80", "", 3}, // overlong: E0 needs A0..BF next
		{"%ED%A0%80", "", 3}, // a surrogate: ED needs 80..9F next
		{"%F4%90%80%80", "", 3},
		{"x\xc3(", "", 2}, // raw bytes are checked too
		{"%F0%9F%98%80", "😀", -1},
	}
	for _, tt := range tests {
		got, err := UnescapeUTF8(tt.in, EscapePath)
		if tt.off < 0 {
			if err != nil || got != tt.out {
				t.Errorf("UnescapeUTF8(%q) = %q, %v; want %q", tt.in, got, err, tt.out)
			}
			continue
		}
		var e *Error
		if !errors.As(err, &e) || !errors.Is(err, ErrInvalidUTF8) || e.Offset != tt.off || got != "" {
			t.Errorf("UnescapeUTF8(%q) = %q, %#v; want ErrInvalidUTF8 at %d", tt.in, got, err, tt.off)
		}
	}
	if _, err := UnescapeUTF8("%zz", EscapePath); !errors.Is(err, ErrBadPercent) {
		t.Errorf("UnescapeUTF8 of a bad %%: %v", err)
	}
}

// TestBadUTF8 compares badUTF8 with a slow reference: the longest prefix of s
// that some valid UTF-8 string starts with, found by trying every extension.
func TestBadUTF8(t *testing.T) {
	isPrefix := func(p string) bool {
		// p is a prefix of valid UTF-8 iff p is valid, or p's last incomplete
		// character can be completed with at most 3 bytes.
		if utf8.ValidString(p) {
			return true
		}
		for _, tail := range []string{"\x80", "\x80\x80", "\x80\x80\x80", "\x90\x80\x80", "\xa0\x80", "\xbf", "\xbf\xbf", "\x8f\xbf\xbf"} {
			if utf8.ValidString(p + tail) {
				return true
			}
		}
		return false
	}
	r := rand.New(rand.NewPCG(3629, 1))
	for range 20000 {
		b := make([]byte, r.IntN(6))
		for i := range b {
			b[i] = byte(r.IntN(256))
			if r.IntN(3) == 0 {
				b[i] = 0x80 + byte(r.IntN(64))
			}
		}
		s := string(b)
		want := -1
		if !utf8.ValidString(s) {
			want = len(s)
			for k := 1; k <= len(s); k++ {
				if !isPrefix(s[:k]) {
					want = k - 1
					break
				}
			}
		}
		if got := badUTF8(s); got != want {
			t.Errorf("badUTF8(%q) = %d, want %d", s, got, want)
		}
	}
}

func TestEscapeComponentString(t *testing.T) {
	seen := map[string]bool{}
	for _, c := range allEscape {
		if n := c.String(); n == "" || seen[n] {
			t.Errorf("EscapeComponent %d has name %q", c, n)
		}
		seen[c.String()] = true
	}
	if EscapeComponent(0).String() == "" || numEscape.String() == "" {
		t.Errorf("out-of-range EscapeComponent has no name")
	}
}

// TestEscapeAllocs pins the allocation counts: none when nothing changes.
func TestEscapeAllocs(t *testing.T) {
	tests := []struct {
		name string
		fn   func()
		want float64
	}{
		{"Escape unchanged", func() { _ = Escape("abc-def/ghi", EscapePath) }, 0},
		{"Escape changed", func() { _ = Escape("a b/c", EscapePath) }, 1},
		{"Unescape unchanged", func() { _, _ = Unescape("abc+def", EscapeQuery) }, 0},
		{"Unescape changed", func() { _, _ = Unescape("a%20b", EscapePath) }, 1},
		{"UnescapeUTF8 unchanged", func() { _, _ = UnescapeUTF8("caf\xc3\xa9", EscapePath) }, 0},
		{"Unescape form", func() { _, _ = Unescape("a+b", EscapeForm) }, 1},
	}
	for _, tt := range tests {
		if n := testing.AllocsPerRun(100, tt.fn); n != tt.want {
			t.Errorf("%s: %v allocations, want %v", tt.name, n, tt.want)
		}
	}
}

// escapeRow is one row of testdata/escape.jsonl or testdata/iri.jsonl, in
// the shape the command prints with --json, read with what the last
// "# command: uri ..." line before it says.
type escapeRow struct {
	testrows.Result
	args  []string        // the command's arguments, without --json and the operand
	op    string          // "escape", "unescape", "iri-to-uri", "uri-to-iri"
	comp  EscapeComponent // from --component, 0 without
	utf8  bool            // unescape --utf8
	line  int             // line number in the file
	input string          // the input bytes
	want  string          // the result bytes
}

// readCommandRows reads a testdata file of command output rows.
func readCommandRows(t testing.TB, path string) []escapeRow {
	t.Helper()
	names := map[string]EscapeComponent{}
	for _, c := range allEscape {
		names[c.String()] = c
	}
	var rows []escapeRow
	for _, r := range testrows.Read[testrows.Result](t, path) {
		args := r.Command
		if args == nil {
			t.Fatalf("%s:%d: a row before any command line", path, r.Line)
		}
		row := escapeRow{Result: r, args: args, op: args[0], line: r.Line, input: r.Bytes(t), want: r.ResultBytes(t)}
		for j, a := range args {
			switch {
			case a == "--component" && j+1 < len(args):
				c, ok := names[args[j+1]]
				if !ok {
					t.Fatalf("%s:%d: unknown component %q", path, r.Line, args[j+1])
				}
				row.comp = c
			case a == "--utf8":
				row.utf8 = true
			}
		}
		rows = append(rows, row)
	}
	return rows
}

func readEscapeRows(t testing.TB) []escapeRow {
	return readCommandRows(t, "testdata/escape.jsonl")
}

// TestEscapeTestdata runs every row of testdata/escape.jsonl through the
// library; the command test runs the same rows through the command.
func TestEscapeTestdata(t *testing.T) {
	rows := readEscapeRows(t)
	if len(rows) < 40 {
		t.Fatalf("only %d rows", len(rows))
	}
	for _, row := range rows {
		var got string
		var err error
		switch {
		case row.op == "escape":
			got = Escape(row.input, row.comp)
		case row.op == "unescape" && row.utf8:
			got, err = UnescapeUTF8(row.input, row.comp)
		case row.op == "unescape":
			got, err = Unescape(row.input, row.comp)
		default:
			t.Fatalf("line %d: unknown command %q", row.line, row.op)
		}
		if row.OK != (err == nil) || got != row.want || (err != nil && err.Error() != row.Error) {
			t.Errorf("line %d: %s %q = %q, %v; want %q, %q", row.line, row.args, row.input, got, err, row.want, row.Error)
		}
		if row.op == "escape" {
			checkEscape(t, row.input, row.comp)
		}
	}
}

// TestEscapeLong crosses the size of the stack buffer.
func TestEscapeLong(t *testing.T) {
	for _, n := range []int{42, 43, 128, 129, 1000} {
		s := strings.Repeat("é", n/2) + strings.Repeat(" ", n%2)
		for _, c := range allEscape {
			checkEscape(t, s, c)
		}
		if got := Escape(strings.Repeat(" ", n), EscapeForm); got != strings.Repeat("+", n) {
			t.Errorf("Escape of %d spaces = %q", n, got)
		}
	}
}
