package whatwg

import (
	"errors"
	"strconv"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/gouri/uri"
	"github.com/gouri/uri/internal/abnf"
	"github.com/gouri/uri/internal/testrows"
)

// parseTests pin the basic URL parser of the URL Standard, section 4.4,
// state by state. want lists every getter; empty fields are "". Origin is
// compared too.
var parseTests = []struct {
	name string // the state or rule, as the standard names it
	in   string
	base string // "" for no base URL
	want view
}{
	// Before the state machine: steps 1 to 3.
	{"4.4 step 1: leading and trailing C0 control or space removed", "\x00 \x1f https://example.com/ \t\x01", "",
		view{Href: "https://example.com/", Origin: "https://example.com", Protocol: "https:", Host: "example.com", Hostname: "example.com", Pathname: "/"}},
	{"4.4 step 3: ASCII tab or newline removed anywhere", "ht\ntps://exa\tmple.com/a\r\nb", "",
		view{Href: "https://example.com/ab", Origin: "https://example.com", Protocol: "https:", Host: "example.com", Hostname: "example.com", Pathname: "/ab"}},

	// Scheme start state and scheme state.
	{"scheme state: the scheme is lower-cased", "HtTpS://example.com", "",
		view{Href: "https://example.com/", Origin: "https://example.com", Protocol: "https:", Host: "example.com", Hostname: "example.com", Pathname: "/"}},
	{"scheme state: alphanumerics, +, - and . after the first alpha", "a1+-.b:x", "",
		view{Href: "a1+-.b:x", Origin: "null", Protocol: "a1+-.b:", Pathname: "x"}},
	{"scheme state: another code point starts over without a scheme", "a_b:c", "http://h/d/e",
		view{Href: "http://h/d/a_b:c", Origin: "http://h", Protocol: "http:", Host: "h", Hostname: "h", Pathname: "/d/a_b:c"}},
	{"scheme start state: a non-alpha starts the no scheme state", "1a:b", "http://h/",
		view{Href: "http://h/1a:b", Origin: "http://h", Protocol: "http:", Host: "h", Hostname: "h", Pathname: "/1a:b"}},
	{"scheme state: a special scheme without // is a validation error only", "https:example.com/x", "",
		view{Href: "https://example.com/x", Origin: "https://example.com", Protocol: "https:", Host: "example.com", Hostname: "example.com", Pathname: "/x"}},
	{"scheme state: non-special scheme with / goes to path or authority", "foo:/x/y", "",
		view{Href: "foo:/x/y", Origin: "null", Protocol: "foo:", Pathname: "/x/y"}},
	{"scheme state: non-special scheme without / has an opaque path", "urn:isbn:9780307476463", "",
		view{Href: "urn:isbn:9780307476463", Origin: "null", Protocol: "urn:", Pathname: "isbn:9780307476463"}},
	{"scheme state: empty opaque path", "sc:", "",
		view{Href: "sc:", Origin: "null", Protocol: "sc:"}},

	// No scheme state.
	{"no scheme state: a fragment against an opaque-path base", "#x", "mailto:a?b#c",
		view{Href: "mailto:a?b#x", Origin: "null", Protocol: "mailto:", Pathname: "a", Search: "?b", Hash: "#x"}},
	{"no scheme state: relative state for a non-file base", "x", "http://h/a/b",
		view{Href: "http://h/a/x", Origin: "http://h", Protocol: "http:", Host: "h", Hostname: "h", Pathname: "/a/x"}},
	{"no scheme state: file state for a file base", "x", "file:///a/b",
		view{Href: "file:///a/x", Origin: "null", Protocol: "file:", Pathname: "/a/x"}},

	// Special relative or authority state.
	{"special relative or authority state: // starts an authority", "http://other/x", "http://h/a",
		view{Href: "http://other/x", Origin: "http://other", Protocol: "http:", Host: "other", Hostname: "other", Pathname: "/x"}},
	{"special relative or authority state: otherwise relative to the base", "http:x", "http://h/a/b",
		view{Href: "http://h/a/x", Origin: "http://h", Protocol: "http:", Host: "h", Hostname: "h", Pathname: "/a/x"}},
	{"special relative or authority state: a scheme equal to the base's and an empty rest", "http:", "http://h/a?q#f",
		view{Href: "http://h/a?q", Origin: "http://h", Protocol: "http:", Host: "h", Hostname: "h", Pathname: "/a", Search: "?q"}},

	// Path or authority state.
	{"path or authority state: // starts an authority", "foo://h/p", "",
		view{Href: "foo://h/p", Origin: "null", Protocol: "foo:", Host: "h", Hostname: "h", Pathname: "/p"}},
	{"path or authority state: otherwise a path, and the host stays null", "foo:/p/q", "",
		view{Href: "foo:/p/q", Origin: "null", Protocol: "foo:", Pathname: "/p/q"}},

	// Relative state.
	{"relative state: the empty input is the base without its fragment", "", "http://u:p@h:8/a?q#f",
		view{Href: "http://u:p@h:8/a?q", Origin: "http://h:8", Protocol: "http:", Username: "u", Password: "p", Host: "h:8", Hostname: "h", Port: "8", Pathname: "/a", Search: "?q"}},
	{"relative state: ? replaces the query", "?r", "http://h/a?q#f",
		view{Href: "http://h/a?r", Origin: "http://h", Protocol: "http:", Host: "h", Hostname: "h", Pathname: "/a", Search: "?r"}},
	{"relative state: # keeps the query", "#g", "http://h/a?q#f",
		view{Href: "http://h/a?q#g", Origin: "http://h", Protocol: "http:", Host: "h", Hostname: "h", Pathname: "/a", Search: "?q", Hash: "#g"}},
	{"relative state: a path replaces the last segment", "c", "http://h/a/b?q",
		view{Href: "http://h/a/c", Origin: "http://h", Protocol: "http:", Host: "h", Hostname: "h", Pathname: "/a/c"}},
	{"relative state: \\ is / in a special URL", "\\c", "http://h/a/b",
		view{Href: "http://h/c", Origin: "http://h", Protocol: "http:", Host: "h", Hostname: "h", Pathname: "/c"}},
	{"relative state: \\ is data in a non-special URL", "\\c", "sc://h/a/b",
		view{Href: "sc://h/a/\\c", Origin: "null", Protocol: "sc:", Host: "h", Hostname: "h", Pathname: "/a/\\c"}},

	// Relative slash state.
	{"relative slash state: / then not / is a path from the root", "/c/d", "http://u@h:8/a/b",
		view{Href: "http://u@h:8/c/d", Origin: "http://h:8", Protocol: "http:", Username: "u", Host: "h:8", Hostname: "h", Port: "8", Pathname: "/c/d"}},
	{"relative slash state: // starts an authority", "//other", "http://h/a",
		view{Href: "http://other/", Origin: "http://other", Protocol: "http:", Host: "other", Hostname: "other", Pathname: "/"}},
	{"relative slash state: /\\ starts an authority in a special URL", "/\\other/x", "http://h/a",
		view{Href: "http://other/x", Origin: "http://other", Protocol: "http:", Host: "other", Hostname: "other", Pathname: "/x"}},
	{"relative slash state: // starts an authority in a non-special URL", "//other/x", "sc://h/a",
		view{Href: "sc://other/x", Origin: "null", Protocol: "sc:", Host: "other", Hostname: "other", Pathname: "/x"}},

	// Special authority slashes and ignore slashes states.
	{"special authority ignore slashes state: any number of / and \\", "http:\\\\/\\/h/x", "",
		view{Href: "http://h/x", Origin: "http://h", Protocol: "http:", Host: "h", Hostname: "h", Pathname: "/x"}},
	{"special authority slashes state: no slash at all", "ws:h", "",
		view{Href: "ws://h/", Origin: "ws://h", Protocol: "ws:", Host: "h", Hostname: "h", Pathname: "/"}},

	// Authority state.
	{"authority state: credentials are percent-encoded with the userinfo set", "https://us er:p@ss:w@h/", "",
		view{Href: "https://us%20er:p%40ss%3Aw@h/", Origin: "https://h", Protocol: "https:", Username: "us%20er", Password: "p%40ss%3Aw", Host: "h", Hostname: "h", Pathname: "/"}},
	{"authority state: the last @ ends the credentials", "http://a@b@c/", "",
		view{Href: "http://a%40b@c/", Origin: "http://c", Protocol: "http:", Username: "a%40b", Host: "c", Hostname: "c", Pathname: "/"}},
	{"authority state: empty credentials are not serialized", "http://:@h/", "",
		view{Href: "http://h/", Origin: "http://h", Protocol: "http:", Host: "h", Hostname: "h", Pathname: "/"}},
	{"authority state: a password alone", "http://:pw@h/", "",
		view{Href: "http://:pw@h/", Origin: "http://h", Protocol: "http:", Password: "pw", Host: "h", Hostname: "h", Pathname: "/"}},
	{"authority state: \\ ends the authority of a special URL", "http://h\\p", "",
		view{Href: "http://h/p", Origin: "http://h", Protocol: "http:", Host: "h", Hostname: "h", Pathname: "/p"}},

	// Host state.
	{"host state: a non-special URL may have an empty host", "sc:///p", "",
		view{Href: "sc:///p", Origin: "null", Protocol: "sc:", Pathname: "/p"}},
	{"host state: : inside brackets does not start the port", "http://[::1]:8080/", "",
		view{Href: "http://[::1]:8080/", Origin: "http://[::1]:8080", Protocol: "http:", Host: "[::1]:8080", Hostname: "[::1]", Port: "8080", Pathname: "/"}},
	{"host state: a non-special host is opaque", "sc://H%41st.ex/", "",
		view{Href: "sc://H%41st.ex/", Origin: "null", Protocol: "sc:", Host: "H%41st.ex", Hostname: "H%41st.ex", Pathname: "/"}},

	// Port state.
	{"port state: the default port is null", "https://h:443/", "",
		view{Href: "https://h/", Origin: "https://h", Protocol: "https:", Host: "h", Hostname: "h", Pathname: "/"}},
	{"port state: leading zeros, and the default port of another scheme", "http://h:000443/", "",
		view{Href: "http://h:443/", Origin: "http://h:443", Protocol: "http:", Host: "h:443", Hostname: "h", Port: "443", Pathname: "/"}},
	{"port state: an empty port is null", "http://h:/x", "",
		view{Href: "http://h/x", Origin: "http://h", Protocol: "http:", Host: "h", Hostname: "h", Pathname: "/x"}},
	{"port state: a non-special scheme has no default port", "sc://h:80/", "",
		view{Href: "sc://h:80/", Origin: "null", Protocol: "sc:", Host: "h:80", Hostname: "h", Port: "80", Pathname: "/"}},
	{"port state: 65535 is the largest port", "ftp://h:65535", "",
		view{Href: "ftp://h:65535/", Origin: "ftp://h:65535", Protocol: "ftp:", Host: "h:65535", Hostname: "h", Port: "65535", Pathname: "/"}},
	{"port state: the default port of ws is 80, of wss 443", "wss://h:443/", "",
		view{Href: "wss://h/", Origin: "wss://h", Protocol: "wss:", Host: "h", Hostname: "h", Pathname: "/"}},

	// File state.
	{"file state: file: alone", "file:", "",
		view{Href: "file:///", Origin: "null", Protocol: "file:", Pathname: "/"}},
	{"file state: a path without slashes", "file:a/b", "",
		view{Href: "file:///a/b", Origin: "null", Protocol: "file:", Pathname: "/a/b"}},
	{"file state: the base's host, path and query", "file:?r", "file://h/a/b?q",
		view{Href: "file://h/a/b?r", Origin: "null", Protocol: "file:", Host: "h", Hostname: "h", Pathname: "/a/b", Search: "?r"}},
	{"file state: a drive letter replaces the base's path", "C|/x", "file:///D:/a/b",
		view{Href: "file:///C:/x", Origin: "null", Protocol: "file:", Pathname: "/C:/x"}},
	{"file state: otherwise the base's path is shortened", "x", "file:///D:/a/b",
		view{Href: "file:///D:/a/x", Origin: "null", Protocol: "file:", Pathname: "/D:/a/x"}},

	// File slash state.
	{"file slash state: the base's host and drive letter", "/x", "file://h/C:/a/b",
		view{Href: "file://h/C:/x", Origin: "null", Protocol: "file:", Host: "h", Hostname: "h", Pathname: "/C:/x"}},
	{"file slash state: a drive letter in the input wins", "/D:/x", "file://h/C:/a",
		view{Href: "file://h/D:/x", Origin: "null", Protocol: "file:", Host: "h", Hostname: "h", Pathname: "/D:/x"}},
	{"file slash state: \\ is /", "file:\\\\h\\x", "",
		view{Href: "file://h/x", Origin: "null", Protocol: "file:", Host: "h", Hostname: "h", Pathname: "/x"}},

	// File host state.
	{"file host state: localhost is the empty host", "file://LocalHost/x", "",
		view{Href: "file:///x", Origin: "null", Protocol: "file:", Pathname: "/x"}},
	{"file host state: a drive letter as host is a path segment", "file://c|/x", "",
		view{Href: "file:///c:/x", Origin: "null", Protocol: "file:", Pathname: "/c:/x"}},
	{"file host state: a drive letter alone", "file://c:", "",
		view{Href: "file:///c:", Origin: "null", Protocol: "file:", Pathname: "/c:"}},
	{"file host state: a host", "file://server/share", "",
		view{Href: "file://server/share", Origin: "null", Protocol: "file:", Host: "server", Hostname: "server", Pathname: "/share"}},
	{"file host state: an IPv4 host", "file://0x7f.1/x", "",
		view{Href: "file://127.0.0.1/x", Origin: "null", Protocol: "file:", Host: "127.0.0.1", Hostname: "127.0.0.1", Pathname: "/x"}},

	// Path start state.
	{"path start state: a special URL always has a path", "https://h", "",
		view{Href: "https://h/", Origin: "https://h", Protocol: "https:", Host: "h", Hostname: "h", Pathname: "/"}},
	{"path start state: a non-special URL may have an empty path", "sc://h", "",
		view{Href: "sc://h", Origin: "null", Protocol: "sc:", Host: "h", Hostname: "h"}},
	{"path start state: a non-special URL with a query and no path", "sc://h?q#f", "",
		view{Href: "sc://h?q#f", Origin: "null", Protocol: "sc:", Host: "h", Hostname: "h", Search: "?q", Hash: "#f"}},

	// Path state.
	{"path state: single-dot segments", "http://h/a/./b/%2E/c/.", "",
		view{Href: "http://h/a/b/c/", Origin: "http://h", Protocol: "http:", Host: "h", Hostname: "h", Pathname: "/a/b/c/"}},
	{"path state: double-dot segments, in any case of %2e", "http://h/a/b/../.%2E/%2e./c/%2e%2E", "",
		view{Href: "http://h/", Origin: "http://h", Protocol: "http:", Host: "h", Hostname: "h", Pathname: "/"}},
	{"path state: .. above the root", "http://h/../../x", "",
		view{Href: "http://h/x", Origin: "http://h", Protocol: "http:", Host: "h", Hostname: "h", Pathname: "/x"}},
	{"path state: ... is not a dot segment", "http://h/a/.../b", "",
		view{Href: "http://h/a/.../b", Origin: "http://h", Protocol: "http:", Host: "h", Hostname: "h", Pathname: "/a/.../b"}},
	{"path state: the path percent-encode set", "http://h/ \"#", "",
		view{Href: "http://h/%20%22#", Origin: "http://h", Protocol: "http:", Host: "h", Hostname: "h", Pathname: "/%20%22"}},
	{"path state: the path percent-encode set, ^`{}<> and ?", "sc:/^`{}<>|", "",
		view{Href: "sc:/%5E%60%7B%7D%3C%3E|", Origin: "null", Protocol: "sc:", Pathname: "/%5E%60%7B%7D%3C%3E|"}},
	{"path state: UTF-8 percent-encoding", "http://h/\u00e9\U0001F600", "",
		view{Href: "http://h/%C3%A9%F0%9F%98%80", Origin: "http://h", Protocol: "http:", Host: "h", Hostname: "h", Pathname: "/%C3%A9%F0%9F%98%80"}},
	{"path state: ill-formed UTF-8 is U+FFFD, one per maximal subpart", "http://h/a\xf0\x9f\x98b\xffc", "",
		view{Href: "http://h/a%EF%BF%BDb%EF%BF%BDc", Origin: "http://h", Protocol: "http:", Host: "h", Hostname: "h", Pathname: "/a%EF%BF%BDb%EF%BF%BDc"}},
	{"path state: a percent-encoded byte stays as written", "http://h/%2f%zz%", "",
		view{Href: "http://h/%2f%zz%", Origin: "http://h", Protocol: "http:", Host: "h", Hostname: "h", Pathname: "/%2f%zz%"}},
	{"path state: a Windows drive letter is normalized in a file URL", "file:///C|/a", "",
		view{Href: "file:///C:/a", Origin: "null", Protocol: "file:", Pathname: "/C:/a"}},
	{"path state: .. does not remove a drive letter", "file:///C:/../..", "",
		view{Href: "file:///C:/", Origin: "null", Protocol: "file:", Pathname: "/C:/"}},
	{"path state: a drive letter later in the path is data", "file:///a/C|", "",
		view{Href: "file:///a/C|", Origin: "null", Protocol: "file:", Pathname: "/a/C|"}},
	{"path state: a drive letter in a non-file URL is data", "http://h/C|/..", "",
		view{Href: "http://h/", Origin: "http://h", Protocol: "http:", Host: "h", Hostname: "h", Pathname: "/"}},
	{"4.5 step 3: /. keeps an empty first segment of a URL without host", "sc:/.//p", "",
		view{Href: "sc:/.//p", Origin: "null", Protocol: "sc:", Pathname: "//p"}},
	{"4.5 step 3: /. after .. removed the first segment", "sc:/a/..//p", "",
		view{Href: "sc:/.//p", Origin: "null", Protocol: "sc:", Pathname: "//p"}},

	// Opaque path state.
	{"opaque path state: the C0 control percent-encode set", "sc:a\"<>`\x01\u00e9", "",
		view{Href: "sc:a\"<>`%01%C3%A9", Origin: "null", Protocol: "sc:", Pathname: "a\"<>`%01%C3%A9"}},
	{"opaque path state: a space stays, unless ? or # follows", "sc:a b ?c d #e f", "",
		view{Href: "sc:a b%20?c%20d%20#e%20f", Origin: "null", Protocol: "sc:", Pathname: "a b%20", Search: "?c%20d%20", Hash: "#e%20f"}},
	{"opaque path state: / and . are data", "sc:./../x", "",
		view{Href: "sc:./../x", Origin: "null", Protocol: "sc:", Pathname: "./../x"}},

	// Query state.
	{"query state: the special-query set encodes '", "http://h/?a'b c\"#", "",
		view{Href: "http://h/?a%27b%20c%22#", Origin: "http://h", Protocol: "http:", Host: "h", Hostname: "h", Pathname: "/", Search: "?a%27b%20c%22"}},
	{"query state: the query set keeps ' in a non-special URL", "sc://h/?a'b<>", "",
		view{Href: "sc://h/?a'b%3C%3E", Origin: "null", Protocol: "sc:", Host: "h", Hostname: "h", Pathname: "/", Search: "?a'b%3C%3E"}},
	{"query state: an empty query is not null", "http://h/?", "",
		view{Href: "http://h/?", Origin: "http://h", Protocol: "http:", Host: "h", Hostname: "h", Pathname: "/"}},
	{"query state: ? ` { } are kept", "http://h/??`{}", "",
		view{Href: "http://h/??`{}", Origin: "http://h", Protocol: "http:", Host: "h", Hostname: "h", Pathname: "/", Search: "??`{}"}},

	// Fragment state.
	{"fragment state: the fragment set", "http://h/#a b\"<>`#", "",
		view{Href: "http://h/#a%20b%22%3C%3E%60#", Origin: "http://h", Protocol: "http:", Host: "h", Hostname: "h", Pathname: "/", Hash: "#a%20b%22%3C%3E%60#"}},
	{"fragment state: an empty fragment is not null", "http://h/#", "",
		view{Href: "http://h/#", Origin: "http://h", Protocol: "http:", Host: "h", Hostname: "h", Pathname: "/"}},

	// Hosts (section 3.5), through the parser.
	{"3.5 host parser: IPv4 in hexadecimal, octal and short forms", "http://0xC0.0250.1/", "",
		view{Href: "http://192.168.0.1/", Origin: "http://192.168.0.1", Protocol: "http:", Host: "192.168.0.1", Hostname: "192.168.0.1", Pathname: "/"}},
	{"3.5 host parser: IPv6 compressed", "http://[0:0:0:0:0:0:0:1]/", "",
		view{Href: "http://[::1]/", Origin: "http://[::1]", Protocol: "http:", Host: "[::1]", Hostname: "[::1]", Pathname: "/"}},
	{"3.3 domain parser: IDNA", "https://B\u00fccher.example/", "",
		view{Href: "https://xn--bcher-kva.example/", Origin: "https://xn--bcher-kva.example", Protocol: "https:", Host: "xn--bcher-kva.example", Hostname: "xn--bcher-kva.example", Pathname: "/"}},
	{"3.5 host parser: percent-decoded before IDNA", "https://%62%C3%BCcher.example/", "",
		view{Href: "https://xn--bcher-kva.example/", Origin: "https://xn--bcher-kva.example", Protocol: "https:", Host: "xn--bcher-kva.example", Hostname: "xn--bcher-kva.example", Pathname: "/"}},

	// Origin (section 4.7).
	{"4.7 origin: a blob URL has its path's origin", "blob:https://h:443/uuid", "",
		view{Href: "blob:https://h:443/uuid", Origin: "https://h", Protocol: "blob:", Pathname: "https://h:443/uuid"}},
	{"4.7 origin: a blob URL of another scheme has an opaque origin", "blob:ftp://h/x", "",
		view{Href: "blob:ftp://h/x", Origin: "null", Protocol: "blob:", Pathname: "ftp://h/x"}},
	{"4.7 origin: credentials are not part of the origin", "https://u:p@h:8443/", "",
		view{Href: "https://u:p@h:8443/", Origin: "https://h:8443", Protocol: "https:", Username: "u", Password: "p", Host: "h:8443", Hostname: "h", Port: "8443", Pathname: "/"}},
}

func TestParse(t *testing.T) {
	for _, tc := range parseTests {
		var got URL
		var err error
		call := "Parse(" + quote(tc.in) + ")"
		if tc.base == "" {
			got, err = Parse(tc.in)
		} else {
			got, err = Resolve(tc.base, tc.in)
			call = "Resolve(" + quote(tc.base) + ", " + quote(tc.in) + ")"
		}
		if err != nil {
			t.Errorf("%s: %s: %v", tc.name, call, err)
			continue
		}
		if diff := cmp.Diff(tc.want, viewOf(got)); diff != "" {
			t.Errorf("%s: %s (-want +got):\n%s", tc.name, call, diff)
		}
	}
}

// parseErrorTests pin the failures of the parser: the validation error the
// standard names where it returns failure, and the offset.
var parseErrorTests = []struct {
	name   string
	in     string
	base   string
	kind   Kind
	offset int
}{
	{"no scheme state: no base", "/x", "", ErrMissingSchemeNonRelativeURL, 0},
	{"no scheme state: an opaque-path base takes only a fragment", "x", "mailto:a", ErrMissingSchemeNonRelativeURL, 0},
	{"no scheme state: the empty input without a base", "", "", ErrMissingSchemeNonRelativeURL, 0},
	{"authority state: @ and no host", "https://user:pass@", "", ErrHostMissing, 18},
	{"authority state: @ and no host, non-special too", "sc://user@/x", "", ErrHostMissing, 10},
	{"host state: a port without a host", "https://:443", "", ErrHostMissing, 8},
	{"host state: no host in a special URL", "https://#fragment", "", ErrHostMissing, 8},
	{"host state: no host after slashes", "http:///", "", ErrHostMissing, 8},
	{"port state: not a number", "https://example.org:7z", "", ErrPortInvalid, 21},
	{"port state: too large", "https://example.org:70000", "", ErrPortOutOfRange, 20},
	{"port state: too large with many digits", "https://h:000000000000065536/", "", ErrPortOutOfRange, 10},
	{"opaque-host parser: a forbidden host code point", "foo://exa[mple.org", "", ErrHostInvalidCodePoint, 9},
	{"opaque-host parser: a space", "sc://a b/", "", ErrHostInvalidCodePoint, 6},
	{"domain parser: a forbidden domain code point, at its escape", "https://exa%23mple.org", "", ErrDomainToASCII, 11},
	{"domain parser: a forbidden domain code point, \"%\" itself", "http://exa%mple.com/", "", ErrDomainToASCII, 10},
	{"domain parser: a forbidden domain code point, unencoded", "https://exa^mple.org", "", ErrDomainToASCII, 11},
	{"domain parser: IDNA rejects the host", "https://\u200d.example/", "", ErrDomainToASCII, 8},
	{"domain parser: ill-formed UTF-8 after percent-decoding", "https://%ff.example/", "", ErrDomainToASCII, 8},
	{"domain parser: invalid Punycode with a non-ASCII label", "https://xn--a.\u00df/", "", ErrDomainToASCII, 8},
	{"domain parser: a bare xn-- label would vanish", "https://\u00e9.xn--.com/", "", ErrDomainToASCII, 8},
	{"domain parser: a bare xn-- label would vanish at the end", "https://\u00e9vil.xn--/", "", ErrDomainToASCII, 8},
	{"domain parser: a bare xn-- label after U+3002 would vanish", "https://a\u3002xn--/", "", ErrDomainToASCII, 8},
	{"host parser: IPv6 unclosed", "https://[::1", "", ErrIPv6Unclosed, 12},
	{"IPv6 parser: invalid compression", "https://[:1]", "", ErrIPv6InvalidCompression, 9},
	{"IPv6 parser: too many pieces", "https://[1:2:3:4:5:6:7:8:9]", "", ErrIPv6TooManyPieces, 25},
	{"IPv6 parser: multiple compression", "https://[1::1::1]", "", ErrIPv6MultipleCompression, 14},
	{"IPv6 parser: invalid code point", "https://[1:2:3!:4]", "", ErrIPv6InvalidCodePoint, 14},
	{"IPv6 parser: ends after :", "https://[1:2:3:]", "", ErrIPv6InvalidCodePoint, 15},
	{"IPv6 parser: too few pieces", "https://[1:2:3]", "", ErrIPv6TooFewPieces, 14},
	{"IPv6 parser: IPv4 after too many pieces", "https://[1:1:1:1:1:1:1:127.0.0.1]", "", ErrIPv4InIPv6TooManyPieces, 23},
	{"IPv6 parser: IPv4 part empty", "https://[ffff::.0.0.1]", "", ErrIPv4InIPv6InvalidCodePoint, 15},
	{"IPv6 parser: IPv4 part not a number", "https://[ffff::127.0.xyz.1]", "", ErrIPv4InIPv6InvalidCodePoint, 21},
	{"IPv6 parser: IPv4 part with a leading zero", "https://[ffff::127.00.0.1]", "", ErrIPv4InIPv6InvalidCodePoint, 20},
	{"IPv6 parser: too many IPv4 parts", "https://[ffff::127.0.0.1.2]", "", ErrIPv4InIPv6InvalidCodePoint, 24},
	{"IPv6 parser: IPv4 part out of range", "https://[ffff::127.0.0.4000]", "", ErrIPv4InIPv6OutOfRangePart, 25},
	{"IPv6 parser: too few IPv4 parts", "https://[ffff::127.0.0]", "", ErrIPv4InIPv6TooFewParts, 22},
	{"IPv6 parser: a percent-encoded ]", "https://[0:0::1%5D/", "", ErrIPv6Unclosed, 18},
	{"IPv6 parser: a percent-encoded digit", "https://[0:0::%31]/", "", ErrIPv6InvalidCodePoint, 14},
	{"IPv4 parser: too many parts", "https://1.2.3.4.5/", "", ErrIPv4TooManyParts, 8},
	{"IPv4 parser: a part that is not a number", "https://test.42", "", ErrIPv4NonNumericPart, 8},
	{"IPv4 parser: an empty part", "https://1..2/", "", ErrIPv4NonNumericPart, 8},
	{"IPv4 parser: a part out of range", "https://255.255.4000.1", "", ErrIPv4OutOfRangePart, 8},
	{"IPv4 parser: the last part out of range", "https://1.2.3.256/", "", ErrIPv4OutOfRangePart, 8},
	{"IPv4 parser: one part above 2^32-1", "https://4294967296/", "", ErrIPv4OutOfRangePart, 8},
	{"IPv4 parser: 09 is not octal", "https://09/", "", ErrIPv4NonNumericPart, 8},
	{"offsets count removed tabs and leading spaces", "  ht\ttp://h:7\tz/", "", ErrPortInvalid, 14},
	{"an error at the end has the input's length", "https://h:1x ", "", ErrPortInvalid, 11},
	{"an error at the end of the input", "https://@ \t", "", ErrHostMissing, 11},
}

func TestParseErrors(t *testing.T) {
	for _, tc := range parseErrorTests {
		var b URL
		if tc.base != "" {
			b = MustParse(tc.base)
		}
		u, err := b.Parse(tc.in)
		call := "Parse(" + quote(tc.in) + ")"
		if tc.base != "" {
			call = "Resolve(" + quote(tc.base) + ", " + quote(tc.in) + ")"
		}
		if err == nil {
			t.Errorf("%s: %s = %q, want %v", tc.name, call, u.Href(), tc.kind)
			continue
		}
		var e *uri.Error
		if !errors.As(err, &e) {
			t.Errorf("%s: %s: error %T, want *uri.Error", tc.name, call, err)
			continue
		}
		want := uri.Error{Op: uri.OpParse, Input: tc.in, Offset: tc.offset, Err: tc.kind}
		if diff := cmp.Diff(want, *e); diff != "" {
			t.Errorf("%s: %s (-want +got):\n%s", tc.name, call, diff)
		}
		if !errors.Is(err, tc.kind) {
			t.Errorf("%s: %s: errors.Is(err, %v) is false", tc.name, call, tc.kind)
		}
		if u != (URL{}) {
			t.Errorf("%s: %s: the URL is %q, want the zero URL", tc.name, call, u.Href())
		}
	}
}

// TestIndexTabOrNewline checks the search by words against
// strings.IndexAny for every length up to 40 and every position of a tab,
// LF, CR, or another byte below 0x0E or from 0x80, alone or before a tab
// at the end (a block with a byte below 0x0E that is no tab or newline
// must not hide a later one).
func TestIndexTabOrNewline(t *testing.T) {
	for n := 0; n < 40; n++ {
		for k := -1; k < n; k++ {
			for _, c := range []byte{'\t', '\n', '\r', 0x01, 0x0e, 0x80, 0xff} {
				for _, tab := range []bool{false, true} {
					b := []byte(strings.Repeat("a", n))
					if tab && n > 0 {
						b[n-1] = '\t'
					}
					if k >= 0 {
						b[k] = c
					}
					want := strings.IndexAny(string(b), "\t\n\r")
					if got := indexTabOrNewline(string(b)); got != want {
						t.Fatalf("indexTabOrNewline(%q) = %d, want %d", b, got, want)
					}
				}
			}
		}
	}
}

// TestHTTPPrefix checks the word at a time test for "http://" and
// "https://" against the scheme compared ASCII case-insensitively, with
// every byte value at every place of both prefixes: a byte that differs
// from the prefix by bit 0x20 only ("\x1a" for ":", "\x0f" for "/") must
// not pass.
func TestHTTPPrefix(t *testing.T) {
	slow := func(s string) (int, bool) {
		for _, scheme := range []string{"http", "https"} {
			k := len(scheme)
			if len(s) >= 8 && abnf.EqualFold(s[:k], scheme) && s[k:k+3] == "://" {
				return k, s[:k] != scheme
			}
		}
		return 0, false
	}
	for _, prefix := range []string{"http://h", "https://", "HTTPS://h/", "http:/"} {
		for k := range len(prefix) {
			for c := range 256 {
				b := []byte(prefix)
				b[k] = byte(c)
				wantK, wantUpper := slow(string(b))
				if k, upper := httpPrefix(string(b)); k != wantK || upper != wantUpper {
					t.Fatalf("httpPrefix(%q) = %d, %v; want %d, %v", b, k, upper, wantK, wantUpper)
				}
			}
		}
	}
}

// TestPlainDomain holds Parse, which writes an authority that is a plain
// domain in one step, to Validate, which always runs the authority state
// and the host parser, on authorities at the edges of that step: upper
// case, numbers that make an IPv4 address or not, a trailing dot, a port,
// credentials, percent-encoding, non-ASCII, a forbidden code point, and
// each byte that may end the authority.
func TestPlainDomain(t *testing.T) {
	hosts := []string{
		"example.com", "EXAMPLE.com", "example.COM", "a", "A", "a.b-c_d~e",
		"1.2.3.4", "1.2.3.4.", "0x7f.1", "a.0x", "a.09", "a.9a", "a.1e", "08.1",
		"example.com.", "example.com:80", "example.com:8080", "u@example.com", "u:p@h",
		"ex%41mple.com", "exa\tmple.com", "ex ample.com", "b\u00fccher.de", "a{b}c",
		"xn--a", "XN--", "", "a..b", "-a-", "[::1]",
	}
	for _, scheme := range []string{"http", "https", "HTTP", "ws", "ftp", "wss"} {
		for _, h := range hosts {
			for _, rest := range []string{"", "/", "/p?q#f", "\\p", "?q", "#f", "//x"} {
				in := scheme + "://" + h + rest
				u, err := Parse(in)
				v, _, verr := Validate(URL{}, in)
				if u != v || (err == nil) != (verr == nil) || err != nil && *err.(*uri.Error) != *verr.(*uri.Error) {
					t.Errorf("Parse(%q) = %q, %v; Validate gives %q, %v", in, u.Href(), err, v.Href(), verr)
				}
			}
		}
	}
}

// TestOffsetOverflow checks that an output longer than an int32 offset
// can hold fails with ErrTooLong instead of wrapping an offset: the writer
// is given the length of such an output without the memory.
func TestOffsetOverflow(t *testing.T) {
	if strconv.IntSize == 32 {
		t.Skip("an int cannot hold the length on this platform")
	}
	big := int64(maxLen) + 1
	p := parser{orig: "x"}
	p.w.Copy(0, int(big)) // moves the end of an unchanged output, reading nothing
	if got := p.pos(); got != 0 || !p.tooLong {
		t.Errorf("pos() = %d, tooLong %v; want 0, true", got, p.tooLong)
	}
	if err := p.finish(); !errors.Is(err, ErrTooLong) {
		t.Errorf("finish() = %v, want ErrTooLong", err)
	}
}

// TestTabsRemovedAnywhere pins step 3 of the basic URL parser ("Remove all
// ASCII tab or newline from input") for inputs where a tab, LF or CR
// stands anywhere: the result must be that of the input without it. Parse
// looks for them only when the parse fails or an encoder meets one, so
// this checks that no state lets one through unseen. The inputs are the
// table tests, the web-platform-tests cases, and the samples.
func TestTabsRemovedAnywhere(t *testing.T) {
	type pair struct{ in, base string }
	var inputs []pair
	for _, tc := range parseTests {
		inputs = append(inputs, pair{tc.in, tc.base})
	}
	for _, tc := range parseErrorTests {
		inputs = append(inputs, pair{tc.in, tc.base})
	}
	for _, tc := range testrows.Vectors[urlTest](t, wptSuite, "urltestdata.jsonl") {
		base := ""
		if tc.Base != nil {
			base = *tc.Base
		}
		inputs = append(inputs, pair{tc.Input, base})
	}
	for _, name := range testrows.Samples() {
		for _, l := range testrows.URLs(t, name)[:200] {
			inputs = append(inputs, pair{l, ""})
		}
	}
	strip := strings.NewReplacer("\t", "", "\n", "", "\r", "")
	parseWith := func(in, base string) (URL, error) {
		if base == "" {
			return Parse(in)
		}
		return Resolve(base, in)
	}
	n := 0
	for _, tc := range inputs {
		want, wantErr := parseWith(strip.Replace(tc.in), tc.base)
		for k := 0; k <= len(tc.in); k++ {
			c := "\t\n\r"[k%3 : k%3+1]
			in := tc.in[:k] + c + tc.in[k:]
			got, err := parseWith(in, tc.base)
			n++
			if got != want || (err == nil) != (wantErr == nil) ||
				err != nil && err.(*uri.Error).Err != wantErr.(*uri.Error).Err {
				t.Fatalf("Resolve(%q, %q) = %q, %v; without %q: %q, %v", tc.base, in, got.Href(), err, c, want.Href(), wantErr)
			}
		}
	}
	t.Logf("%d inputs with a tab or newline", n)
}
