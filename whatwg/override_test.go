package whatwg

import "testing"

// TestParseOpaquePath pins the opaque path state with a state override
// (URL Standard, section 4.4), which the URL Pattern Standard runs to
// canonicalize an opaque pathname.
func TestParseOpaquePath(t *testing.T) {
	tests := []struct{ name, in, want string }{
		{"empty", "", ""},
		{"ASCII as it is", "a/b:c", "a/b:c"},
		{"a leading / is kept", "/a/../b", "/a/../b"},
		{"C0 control percent-encode set: non-ASCII", "x\u00e9", "x%C3%A9"},
		{"C0 control percent-encode set: a control", "a\x01b", "a%01b"},
		{"space kept", "a b", "a b"},
		{"space before ? is %20", "a ?q", "a%20"},
		{"space before # is %20", "a #f", "a%20"},
		{"? ends the path", "a?b", "a"},
		{"# ends the path", "a#b?c", "a"},
		{"tabs and newlines removed", "a\tb\nc\r", "abc"},
		{"leading and trailing spaces kept", " a ", " a "},
		{"ill-formed UTF-8 is U+FFFD", "a\xff", "a%EF%BF%BD"},
	}
	for _, tt := range tests {
		if got := ParseOpaquePath(tt.in); got != tt.want {
			t.Errorf("%s: ParseOpaquePath(%q) = %q, want %q", tt.name, tt.in, got, tt.want)
		}
	}
}

// TestParseOpaquePathAgreesWithParse checks ParseOpaquePath against the
// opaque path that Parse writes after "a:" for the same text: the two run
// the same state, with and without a state override, which differ only
// after "?" (where "#" ends the query without an override).
func TestParseOpaquePathAgreesWithParse(t *testing.T) {
	for _, s := range []string{"x", "x y", "x ?y", "\u00e9#f", "%zz", "a\tb", "x\x7f"} {
		u, err := Parse("a:" + s)
		if err != nil {
			t.Fatal(err)
		}
		if got := ParseOpaquePath(s); got != u.Pathname() {
			t.Errorf("ParseOpaquePath(%q) = %q, Parse(%q).Pathname() = %q", s, got, "a:"+s, u.Pathname())
		}
	}
}
