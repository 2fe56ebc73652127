package whatwg

import (
	"strings"
	"testing"
	"unicode"

	"github.com/gouri/uri"
	"github.com/gouri/uri/internal/oracle"
)

// TestErrorText: each message names the validation error as the standard
// writes it (section 1.1), so that it can be looked up, says in plain words
// what is wrong, and names the code point at fault where there is one.
func TestErrorText(t *testing.T) {
	tests := []struct {
		name string
		in   string
		want string
	}{
		{"domain-to-ASCII: a forbidden host code point", "https://exa mple.org",
			`uri: domain-to-ASCII (a space (U+0020) is not allowed in a host (a forbidden host code point)) at offset 11 of "https://exa mple.org"`},
		{"domain-to-ASCII: a forbidden domain code point", "https://%zz.com",
			`uri: domain-to-ASCII ("%" (U+0025) is not allowed in a domain (a forbidden domain code point)) at offset 8 of "https://%zz.com"`},
		{"domain-to-ASCII: a control is named by its number only", "https://a\x00b/",
			`uri: domain-to-ASCII (U+0000 is not allowed in a host (a forbidden host code point)) at offset 9 of "https://a\x00b/"`},
		{"domain-to-ASCII: DEL", "https://a\x7fb/",
			`uri: domain-to-ASCII (U+007F is not allowed in a domain (a forbidden domain code point)) at offset 9 of "https://a\x7fb/"`},
		{"domain-to-ASCII: a percent-encoded forbidden domain code point, at its escape", "https://exa%23mple.org",
			`uri: domain-to-ASCII ("#" (U+0023), written %23, is not allowed in a domain (a forbidden domain code point)) at offset 11 of "https://exa%23mple.org"`},
		{"domain-to-ASCII: a \"%\" that encodes nothing is itself forbidden", "http://exa%mple.com/",
			`uri: domain-to-ASCII ("%" (U+0025) is not allowed in a domain (a forbidden domain code point)) at offset 10 of "http://exa%mple.com/"`},
		{"domain-to-ASCII: a percent-encoded byte that is no forbidden code point is not the code point at fault", "https://ex%C3%A9%E2%80%AEmple.org",
			`uri: domain-to-ASCII (the domain fails IDNA (UTS #46 ToASCII), is empty, or holds a forbidden domain code point) at offset 8 of "https://ex%C3%A9%E2%80%AEmple.org"`},
		{"domain-to-ASCII: IDNA", "https://\u00e9.xn--.com/",
			`uri: domain-to-ASCII (the domain fails IDNA (UTS #46 ToASCII), is empty, or holds a forbidden domain code point) at offset 8 of "https://é.xn--.com/"`},
		{"domain-to-ASCII: a byte that is not UTF-8", "https://\xff.com/",
			`uri: domain-to-ASCII (byte 0xFF (not UTF-8) reads as U+FFFD, which IDNA refuses) at offset 8 of "https://\xff.com/"`},
		{"domain-to-ASCII: a Bidi_Control character is not written raw", "https://ex\u202eample/",
			`uri: domain-to-ASCII (the domain fails IDNA (UTS #46 ToASCII), is empty, or holds a forbidden domain code point) at offset 8 of "https://ex\u202eample/"`},
		{"host-invalid-code-point", "foo://exa[mple.org",
			`uri: host-invalid-code-point ("[" (U+005B) is not allowed in a host (a forbidden host code point)) at offset 9 of "foo://exa[mple.org"`},
		{"IPv4-too-many-parts", "https://1.2.3.4.5/",
			`uri: IPv4-too-many-parts (the host ends in a number, so it is an IPv4 address, and it has more than four parts) at offset 8 of "https://1.2.3.4.5/"`},
		{"IPv4-non-numeric-part", "https://test.42",
			`uri: IPv4-non-numeric-part (the host ends in a number, so it is an IPv4 address, and a part is not a number) at offset 8 of "https://test.42"`},
		{"IPv4-out-of-range-part", "https://255.255.4000.1",
			`uri: IPv4-out-of-range-part (an IPv4 address part is too large (over 255, or the last part over what the parts left can hold)) at offset 8 of "https://255.255.4000.1"`},
		{"IPv6-unclosed", "https://[::1",
			`uri: IPv6-unclosed (the IPv6 address has no closing "]") at offset 12 (end of input) of "https://[::1"`},
		{"IPv6-invalid-compression", "https://[:1]",
			`uri: IPv6-invalid-compression (the IPv6 address begins with a single ":") at offset 9 of "https://[:1]"`},
		{"IPv6-too-many-pieces", "https://[1:2:3:4:5:6:7:8:9]",
			`uri: IPv6-too-many-pieces (the IPv6 address has more than eight pieces) at offset 25 of "https://[1:2:3:4:5:6:7:8:9]"`},
		{"IPv6-multiple-compression", "https://[1::1::1]",
			`uri: IPv6-multiple-compression (the IPv6 address has "::" more than once) at offset 14 of "https://[1::1::1]"`},
		{"IPv6-invalid-code-point: a code point", "https://[1:2:3!:4]",
			`uri: IPv6-invalid-code-point ("!" (U+0021) is neither a hex digit nor ":" in the IPv6 address) at offset 14 of "https://[1:2:3!:4]"`},
		{"IPv6-invalid-code-point: a Bidi_Control character", "https://[\u202e]/",
			`uri: IPv6-invalid-code-point (U+202E is neither a hex digit nor ":" in the IPv6 address) at offset 9 of "https://[\u202e]/"`},
		{"IPv6-invalid-code-point: the end", "https://[1:2:3:]",
			`uri: IPv6-invalid-code-point (the IPv6 address ends too early, before "]") at offset 15 of "https://[1:2:3:]"`},
		{"IPv6-too-few-pieces", "https://[1:2:3]",
			`uri: IPv6-too-few-pieces (the IPv6 address has fewer than eight pieces and no "::") at offset 14 of "https://[1:2:3]"`},
		{"IPv4-in-IPv6-too-many-pieces", "https://[1:1:1:1:1:1:1:127.0.0.1]",
			`uri: IPv4-in-IPv6-too-many-pieces (the IPv6 address has more than six pieces before its IPv4 part) at offset 23 of "https://[1:1:1:1:1:1:1:127.0.0.1]"`},
		{"IPv4-in-IPv6-invalid-code-point: a code point", "https://[ffff::127.0.xyz.1]",
			`uri: IPv4-in-IPv6-invalid-code-point ("x" (U+0078) is not a digit in the IPv4 part of the IPv6 address) at offset 21 of "https://[ffff::127.0.xyz.1]"`},
		{"IPv4-in-IPv6-invalid-code-point: a leading 0", "https://[ffff::127.00.0.1]",
			`uri: IPv4-in-IPv6-invalid-code-point (the IPv4 part of the IPv6 address has an empty part, a part with a leading 0, a code point that is not a digit, or more than four parts) at offset 20 of "https://[ffff::127.00.0.1]"`},
		{"IPv4-in-IPv6-out-of-range-part", "https://[ffff::127.0.0.4000]",
			`uri: IPv4-in-IPv6-out-of-range-part (a part of the IPv4 part of the IPv6 address is over 255) at offset 25 of "https://[ffff::127.0.0.4000]"`},
		{"IPv4-in-IPv6-too-few-parts", "https://[ffff::127.0.0]",
			`uri: IPv4-in-IPv6-too-few-parts (the IPv4 part of the IPv6 address has fewer than four parts) at offset 22 of "https://[ffff::127.0.0]"`},
		{"missing-scheme-non-relative-URL", "x",
			`uri: missing-scheme-non-relative-URL (the input has no scheme, and no base URL that it could be relative to) at offset 0 of "x"`},
		{"host-missing", "https://user:pass@",
			`uri: host-missing (the URL has no host, though its scheme, credentials or port need one) at offset 18 (end of input) of "https://user:pass@"`},
		{"port-out-of-range", "https://example.org:70000",
			`uri: port-out-of-range (the port is over 65535) at offset 20 of "https://example.org:70000"`},
		{"port-invalid", "https://example.org:7z",
			`uri: port-invalid (the port is not a number: "z" (U+007A) is not a digit) at offset 21 of "https://example.org:7z"`},
		{"port-invalid: a control", "https://h:\x01/",
			`uri: port-invalid (the port is not a number: U+0001 is not a digit) at offset 10 of "https://h:\x01/"`},
	}
	for _, tt := range tests {
		_, err := Parse(tt.in)
		if err == nil || err.Error() != tt.want {
			t.Errorf("%s: Parse(%q) = %v\nwant %s", tt.name, tt.in, err, tt.want)
		}
	}

	// The setters' errors.
	u, opaque, file := MustParse("https://h/"), MustParse("sc:x"), MustParse("file:///x")
	for _, tt := range []struct {
		name string
		err  error
		want string
	}{
		{"scheme-invalid: the first code point", u.SetProtocol("1x"),
			`uri: set protocol: scheme-invalid ("1" (U+0031) cannot start a scheme: a scheme is an ASCII letter followed by letters, digits, "+", "-" or ".") at offset 0 of "1x"`},
		{"scheme-invalid: a later code point", u.SetProtocol("a b"),
			`uri: set protocol: scheme-invalid (a space (U+0020) is not allowed in a scheme: a scheme is an ASCII letter followed by letters, digits, "+", "-" or ".") at offset 1 of "a b"`},
		{"scheme-change-not-allowed", u.SetProtocol("foo"),
			`uri: set protocol: scheme-change-not-allowed (the scheme cannot change from special to not or back, to "file" with credentials or a port, or from "file" with an empty host) of "foo"`},
		{"hostname-with-port", u.SetHostname("a:1"),
			`uri: set hostname: hostname-with-port (the value given as a hostname has a port) at offset 1 of "a:1"`},
		{"opaque-path", opaque.SetHost("h"),
			`uri: set host: opaque-path (the URL has an opaque path, so no host and no path segments) of "h"`},
		{"cannot-have-username-password-port", file.SetPort("1"),
			`uri: set port: cannot-have-username-password-port (the URL cannot have a username, a password or a port: it has no host, an empty host, or the scheme "file") of "1"`},
		{"domain-to-ASCII from a setter", u.SetHostname("a b"),
			`uri: set hostname: domain-to-ASCII (a space (U+0020) is not allowed in a host (a forbidden host code point)) at offset 1 of "a b"`},
	} {
		if tt.err == nil || tt.err.Error() != tt.want {
			t.Errorf("%s: %v\nwant %s", tt.name, tt.err, tt.want)
		}
	}
}

// TestErrorTextEveryKind: every kind has plain words, and no message shows
// a control character (C0, DEL, C1) or a Bidi_Control character raw,
// whatever the code point at the offset.
func TestErrorTextEveryKind(t *testing.T) {
	var bad []rune
	for r := rune(0); r < 0x20; r++ {
		bad = append(bad, r)
	}
	for r := rune(0x7f); r < 0xa0; r++ {
		bad = append(bad, r)
	}
	bad = append(bad, oracle.BidiControls()...)
	for k := Kind(1); k < numKinds; k++ {
		if kindText[k] == "" {
			t.Errorf("%v: no plain words", k)
		}
		for _, r := range append(bad, 'x', ' ', '%', ']', '.', '\ufffd') {
			for _, in := range []string{"a" + string(r) + "b", "a" + string(r), "a\xff"} {
				msg := newError(uri.OpParse, "", in, 1, k).Error()
				if !strings.HasPrefix(msg, "uri: "+k.String()+" (") {
					t.Errorf("newError(%v, %q): %q does not start with the name", k, in, msg)
				}
				if i := strings.IndexFunc(msg, func(c rune) bool {
					return unicode.IsControl(c) || unicode.Is(unicode.Bidi_Control, c)
				}); i >= 0 {
					t.Errorf("newError(%v, %q): %q has a raw %U", k, in, msg, []rune(msg[i:])[0])
				}
			}
		}
	}
}

// TestErrorOp: each operation names itself in the Op of its *uri.Error,
// with the attribute of a setter, or "base", as Name; each Err is the Kind
// and each Offset is in the Input (or uri.NoOffset).
func TestErrorOp(t *testing.T) {
	file := MustParse("file:///x")
	opaque := MustParse("mailto:a@b")
	tests := []struct {
		op   uri.Op
		name string
		off  int
		err  func() error
	}{
		{uri.OpParse, "", 11, func() error { _, err := Parse("http://[::1"); return err }},
		{uri.OpParse, "", 8, func() error { _, err := Resolve("http://h/", "http://["); return err }},
		{uri.OpParse, "base", 0, func() error { _, err := Resolve("nope", "x"); return err }},
		{OpSet, "href", 0, func() error { u := file; return u.SetHref("nope") }},
		{OpSet, "protocol", 0, func() error { u := file; return u.SetProtocol("1x") }},
		{OpSet, "username", uri.NoOffset, func() error { u := file; return u.SetUsername("a") }},
		{OpSet, "password", uri.NoOffset, func() error { u := file; return u.SetPassword("a") }},
		{OpSet, "host", uri.NoOffset, func() error { u := opaque; return u.SetHost("h") }},
		{OpSet, "hostname", uri.NoOffset, func() error { u := opaque; return u.SetHostname("h") }},
		{OpSet, "port", uri.NoOffset, func() error { u := file; return u.SetPort("1") }},
		{OpSet, "pathname", uri.NoOffset, func() error { u := opaque; return u.SetPathname("/x") }},
		{OpSet, "search", uri.NoOffset, func() error { var u URL; return u.SetSearch("a") }},
		{OpSet, "hash", uri.NoOffset, func() error { var u URL; return u.SetHash("a") }},
		{OpSet, "search", uri.NoOffset, func() error { var u URL; return u.SetSearchParams(SearchParams{}) }},
		{OpSet, "search", uri.NoOffset, func() error { var u URL; return u.DeleteSearchParam("a") }},
		{uri.OpBuild, "", uri.NoOffset, func() error { _, _, err := URL{}.ToURI(); return err }},
	}
	for _, tc := range tests {
		err := tc.err()
		e, ok := err.(*uri.Error)
		if !ok || e.Op != tc.op || e.Name != tc.name || e.Offset != tc.off {
			t.Errorf("%s %s: error %#v, want an *uri.Error with Op %q, Name %q, Offset %d", tc.op, tc.name, err, tc.op, tc.name, tc.off)
			continue
		}
		if _, isKind := e.Err.(Kind); !isKind {
			t.Errorf("%s %s: Err %#v is no Kind", tc.op, tc.name, e.Err)
		}
	}
}
