package whatwg

import (
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/gouri/uri/internal/abnf"
)

// The percent-encode sets of the URL Standard, section 1.3, written out
// again from the standard's text, independently of the table in encode.go.
// Each function reports whether the set contains the ASCII code point c;
// every set contains all code points above U+007E.
var percentEncodeSets = []struct {
	name string
	bit  uint32
	in   func(c byte) bool
}{
	{"C0 control", encC0, func(c byte) bool { return c <= 0x1f || c > 0x7e }},
	{"fragment", encFragment, func(c byte) bool { return c <= 0x1f || c > 0x7e || strings.IndexByte(" \"<>`", c) >= 0 }},
	{"query", encQuery, func(c byte) bool { return c <= 0x1f || c > 0x7e || strings.IndexByte(" \"#<>", c) >= 0 }},
	{"special-query", encSpecialQuery, func(c byte) bool { return c <= 0x1f || c > 0x7e || strings.IndexByte(" \"#<>'", c) >= 0 }},
	{"path", encPath, func(c byte) bool { return c <= 0x1f || c > 0x7e || strings.IndexByte(" \"#<>?^`{}", c) >= 0 }},
	{"userinfo", encUserinfo, func(c byte) bool {
		return c <= 0x1f || c > 0x7e || strings.IndexByte(" \"#<>?^`{}/:;=@[\\]|", c) >= 0
	}},
	{"component", encComponent, func(c byte) bool {
		return c <= 0x1f || c > 0x7e || strings.IndexByte(" \"#<>?^`{}/:;=@[\\]|$%&+,", c) >= 0
	}},
}

// TestPercentEncodeSets checks every byte against every set.
func TestPercentEncodeSets(t *testing.T) {
	for _, set := range percentEncodeSets {
		for c := 0; c < 256; c++ {
			if got, want := class[c]&set.bit != 0, set.in(byte(c)); got != want {
				t.Errorf("%s percent-encode set: byte %#x: in the table %v, in the standard %v", set.name, c, got, want)
			}
		}
	}
	// The note of section 1.3: the application/x-www-form-urlencoded set
	// "contains all code points, except the ASCII alphanumeric, U+002A (*),
	// U+002D (-), U+002E (.), and U+005F (_)"; it is the component set and
	// !'()~. So the component set leaves exactly these unencoded:
	for c := 0; c < 0x80; c++ {
		keep := 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || strings.IndexByte("*-._!'()~", byte(c)) >= 0
		if keep != (class[c]&encComponent == 0) {
			t.Errorf("component percent-encode set: byte %#x", c)
		}
	}
}

// TestParserEncodesBytes puts every byte in every component of a URL and
// checks that the parser percent-encodes it exactly when the component's
// set contains it (section 4.4, each state's "UTF-8 percent-encode c using
// the ... percent-encode set").
func TestParserEncodesBytes(t *testing.T) {
	components := []struct {
		name   string
		set    uint32
		url    func(c string) string
		get    func(URL) string
		skip   string // bytes that delimit the component or are removed
		prefix string // what the getter returns before the byte
	}{
		{"special path", encPath, func(c string) string { return "http://h/a" + c + "b" }, URL.Pathname, "/\\?#\t\n\r%.", "/a"},
		{"non-special path", encPath, func(c string) string { return "sc://h/a" + c + "b" }, URL.Pathname, "/?#\t\n\r%.", "/a"},
		{"opaque path", encC0, func(c string) string { return "sc:a" + c + "b" }, URL.Pathname, "?# \t\n\r%", "a"},
		{"special query", encSpecialQuery, func(c string) string { return "http://h/?a" + c + "b" }, URL.Query, "#\t\n\r%", "a"},
		{"non-special query", encQuery, func(c string) string { return "sc://h/?a" + c + "b" }, URL.Query, "#\t\n\r%", "a"},
		{"fragment", encFragment, func(c string) string { return "http://h/#a" + c + "b" }, URL.Fragment, "\t\n\r%", "a"},
		{"username", encUserinfo, func(c string) string { return "http://a" + c + "b@h/" }, URL.Username, ":@/\\?#\t\n\r%", "a"},
		{"password", encUserinfo, func(c string) string { return "sc://u:a" + c + "b@h/" }, URL.Password, "@/?#\t\n\r%", "a"},
	}
	for _, comp := range components {
		for c := 0; c < 0x80; c++ {
			if strings.IndexByte(comp.skip, byte(c)) >= 0 {
				continue
			}
			in := comp.url(string(rune(c)))
			u, err := Parse(in)
			if err != nil {
				t.Errorf("%s: Parse(%q): %v", comp.name, in, err)
				continue
			}
			want := comp.prefix + string(rune(c)) + "b"
			if class[c]&comp.set != 0 {
				want = comp.prefix + "%" + string(abnf.UpperHex[c>>4]) + string(abnf.UpperHex[c&15]) + "b"
			}
			if got := comp.get(u); got != want {
				t.Errorf("%s: Parse(%q) gives %q, want %q", comp.name, in, got, want)
			}
		}
	}
}

// TestPercentEncodeExamples are the examples of section 1.3.
func TestPercentEncodeExamples(t *testing.T) {
	// UTF-8 percent-encode using the userinfo percent-encode set.
	for _, tc := range []struct{ in, want string }{
		{"\u2261", "%E2%89%A1"},
		{"\u203d", "%E2%80%BD"},
		{"Say what\u203d", "Say%20what%E2%80%BD"},
	} {
		if got := encodeString(tc.in, encUserinfo, userinfoStops); got != tc.want {
			t.Errorf("UTF-8 percent-encode(%q, userinfo) = %q, want %q", tc.in, got, tc.want)
		}
	}
	// Percent-decode.
	for _, tc := range []struct{ in, want string }{
		{"%25%s%1G", "%%s%1G"},
		{"\u203d%25%2E", "\xe2\x80\xbd%."},
		{"%", "%"},
		{"%4", "%4"},
		{"%41%4a%4A", "AJJ"},
	} {
		if got := abnf.Decode(tc.in, false); got != tc.want {
			t.Errorf("percent-decode(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}

// TestScalarValues checks how ill-formed UTF-8 becomes U+FFFD: one per
// maximal subpart, as the Encoding Standard's UTF-8 decoder does (the
// examples are those of Unicode's "U+FFFD Substitution of Maximal
// Subparts").
func TestScalarValues(t *testing.T) {
	const r = "\ufffd"
	for _, tc := range []struct{ in, want string }{
		{"abc", "abc"},
		{"\xff", r},
		{"\xc0\xaf", r + r},                 // C0 is never a lead byte
		{"\xe0\x80\xaf", r + r + r},         // E0 needs A0 to BF next
		{"\xed\xa0\x80", r + r + r},         // a surrogate
		{"\xf0\x9f\x98", r},                 // a truncated 4-byte sequence
		{"\xf0\x9f\x98a", r + "a"},          // followed by ASCII
		{"\xf4\x90\x80\x80", r + r + r + r}, // above U+10FFFF
		{"\xe2\x82", r},                     // truncated 3-byte sequence
		{"a\x80b", "a" + r + "b"},
		{"\xf0\x9f\x98\x80", "\U0001F600"},
	} {
		if got := toScalarValues(tc.in); got != tc.want {
			t.Errorf("toScalarValues(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}

func TestEncodeComponent(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"", ""},
		{"abc-_.!~*'()", "abc-_.!~*'()"},
		{"a b&c=d/e?f#g%h+i", "a%20b%26c%3Dd%2Fe%3Ff%23g%25h%2Bi"},
		{"\u00e9\xff", "%C3%A9%EF%BF%BD"},
	} {
		if got := EncodeComponent(tc.in); got != tc.want {
			t.Errorf("EncodeComponent(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
	if n := testing.AllocsPerRun(20, func() { sink = EncodeComponent("plain") }); n != 0 {
		t.Errorf("EncodeComponent of a plain string allocates %v times", n)
	}
}

// checkEncodeComponent is FuzzParse's invariant for EncodeComponent: the
// result decodes to the input read as scalar values, and holds no byte of
// the component set but "%".
func checkEncodeComponent(t *testing.T, in string) {
	e := EncodeComponent(in)
	if got := abnf.Decode(e, false); got != toScalarValues(in) || !utf8.ValidString(got) {
		t.Fatalf("EncodeComponent(%q) = %q, which decodes to %q", in, e, got)
	}
	for i := 0; i < len(e); i++ {
		if class[e[i]]&encComponent != 0 && e[i] != '%' {
			t.Fatalf("EncodeComponent(%q) = %q: byte %q at %d", in, e, e[i], i)
		}
	}
}
