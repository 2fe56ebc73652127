package uri_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
	"github.com/gouri/uri"
	"github.com/gouri/uri/internal/testrows"
)

// edit is one call of a setter, named for the failure messages.
type edit struct {
	call string
	do   func(uri.URI) (uri.URI, error)
}

// set is the edit u.<name>(arg).
func set(name string, f func(uri.URI, string) (uri.URI, error), arg string) edit {
	return edit{name + "(" + quote(arg) + ")", func(u uri.URI) (uri.URI, error) { return f(u, arg) }}
}

// unset is the edit u.<name>(), which cannot fail.
func unset(name string, f func(uri.URI) uri.URI) edit {
	return edit{name + "()", func(u uri.URI) (uri.URI, error) { return f(u), nil }}
}

func quote(s string) string { return `"` + s + `"` }

// withTests pin the setters: each row names the RFC 3986 section or the
// contract clause it checks. A row with an error gives the sentinel, the
// Input (the argument or, when u is at fault, u's text), the Offset and
// the Component.
var withTests = []struct {
	why  string
	in   string
	e    edit
	want string
	err  error
	inp  string
	off  int
	comp uri.Component
	det  string // the Error's Detail
}{
	// Section 3.1: scheme = ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )
	{why: "3.1, replace", in: "http://h/p", e: set("WithScheme", uri.URI.WithScheme, "https"), want: "https://h/p"},
	{why: "3.1, case kept", in: "http://h/p", e: set("WithScheme", uri.URI.WithScheme, "HTTPS"), want: "HTTPS://h/p"},
	{why: "3.1, added to a network-path reference", in: "//h/p?q", e: set("WithScheme", uri.URI.WithScheme, "s+v.1-x"), want: "s+v.1-x://h/p?q"},
	{why: "3.1, added to the empty reference", in: "", e: set("WithScheme", uri.URI.WithScheme, "about"), want: "about:"},
	{why: "4.2, a relative path keeps its ./", in: "./a:b", e: set("WithScheme", uri.URI.WithScheme, "urn"), want: "urn:./a:b"},
	{why: "3.1, empty", in: "http://h/", e: set("WithScheme", uri.URI.WithScheme, ""), err: uri.ErrMissingScheme, off: 0, comp: uri.Scheme},
	{why: "3.1, a digit first", in: "http://h/", e: set("WithScheme", uri.URI.WithScheme, "1http"), err: uri.ErrInvalidByte, off: 0, comp: uri.Scheme},
	{why: "3.1, an underscore", in: "http://h/", e: set("WithScheme", uri.URI.WithScheme, "ht_tp"), err: uri.ErrInvalidByte, off: 2, comp: uri.Scheme},
	{why: "3.1, the delimiter is not part of it", in: "http://h/", e: set("WithScheme", uri.URI.WithScheme, "http:"), err: uri.ErrInvalidByte, off: 4, comp: uri.Scheme},

	// Section 4.2: without a scheme, a first segment with ":" needs "./".
	{why: "4.2, network-path reference", in: "http://h/p", e: unset("WithoutScheme", uri.URI.WithoutScheme), want: "//h/p"},
	{why: "4.2, first segment with a colon", in: "urn:isbn:0451450523", e: unset("WithoutScheme", uri.URI.WithoutScheme), want: "./isbn:0451450523"},
	{why: "4.2, colon in a later segment", in: "x:a/b:c", e: unset("WithoutScheme", uri.URI.WithoutScheme), want: "a/b:c"},
	{why: "4.2, absolute path with a colon", in: "x:/a:b", e: unset("WithoutScheme", uri.URI.WithoutScheme), want: "/a:b"},
	{why: "4.2, empty path", in: "x:?q#f", e: unset("WithoutScheme", uri.URI.WithoutScheme), want: "?q#f"},
	{why: "4.2, nothing left", in: "x:", e: unset("WithoutScheme", uri.URI.WithoutScheme), want: ""},
	{why: "4.2, no scheme to remove", in: "a/b", e: unset("WithoutScheme", uri.URI.WithoutScheme), want: "a/b"},

	// Section 3.2.1: userinfo = *( unreserved / pct-encoded / sub-delims / ":" )
	{why: "3.2.1, added", in: "ftp://h:21/f", e: set("WithUserinfo", uri.URI.WithUserinfo, "anonymous:x%40y"), want: "ftp://anonymous:x%40y@h:21/f"},
	{why: "3.2.1, replaced", in: "http://a:b@h/", e: set("WithUserinfo", uri.URI.WithUserinfo, "c"), want: "http://c@h/"},
	{why: "3.2.1, present and empty", in: "http://h/", e: set("WithUserinfo", uri.URI.WithUserinfo, ""), want: "http://@h/"},
	{why: "3.2.1, relative reference with an authority", in: "//[::1]", e: set("WithUserinfo", uri.URI.WithUserinfo, "u"), want: "//u@[::1]"},
	{why: "3.2.1, a second @ would move the host", in: "http://h/", e: set("WithUserinfo", uri.URI.WithUserinfo, "a@b"), err: uri.ErrInvalidByte, off: 1, comp: uri.Userinfo},
	{why: "2.1, bad percent-encoding", in: "http://h/", e: set("WithUserinfo", uri.URI.WithUserinfo, "%zz"), err: uri.ErrBadPercent, off: 1, comp: uri.Userinfo},
	{why: "3.2, no authority to hold it", in: "mailto:x", e: set("WithUserinfo", uri.URI.WithUserinfo, "u"), err: uri.ErrNoAuthority, inp: "mailto:x", off: 7, comp: uri.Authority},
	{why: "3.2.1, removed", in: "http://u:p@h:1/x", e: unset("WithoutUserinfo", uri.URI.WithoutUserinfo), want: "http://h:1/x"},
	{why: "3.2.1, empty one removed", in: "//@h", e: unset("WithoutUserinfo", uri.URI.WithoutUserinfo), want: "//h"},
	{why: "3.2.1, none to remove", in: "http://h/", e: unset("WithoutUserinfo", uri.URI.WithoutUserinfo), want: "http://h/"},

	// Section 3.2.2: host = IP-literal / IPv4address / reg-name
	{why: "3.2.2, reg-name, userinfo and port stay", in: "http://u@a.example:8080/p", e: set("WithHost", uri.URI.WithHost, "b.example"), want: "http://u@b.example:8080/p"},
	{why: "3.2.2, IPv4address", in: "http://h/", e: set("WithHost", uri.URI.WithHost, "192.0.2.1"), want: "http://192.0.2.1/"},
	{why: "3.2.2, not an IPv4address: a reg-name", in: "http://h/", e: set("WithHost", uri.URI.WithHost, "127.1"), want: "http://127.1/"},
	{why: "3.2.2, IP-literal", in: "http://h:80/", e: set("WithHost", uri.URI.WithHost, "[2001:db8::1]"), want: "http://[2001:db8::1]:80/"},
	{why: "3.2.2, IPv6address without brackets", in: "http://h:80/", e: set("WithHost", uri.URI.WithHost, "2001:db8::1"), want: "http://[2001:db8::1]:80/"},
	{why: "3.2.2, IPv6address with an IPv4address", in: "//h", e: set("WithHost", uri.URI.WithHost, "::ffff:192.0.2.1"), want: "//[::ffff:192.0.2.1]"},
	{why: "3.2.2, IPvFuture", in: "http://[::1]/", e: set("WithHost", uri.URI.WithHost, "[v7.x:y]"), want: "http://[v7.x:y]/"},
	{why: "3.2.2, IP-literal replaced by a reg-name", in: "http://[::1]/", e: set("WithHost", uri.URI.WithHost, "h"), want: "http://h/"},
	{why: "3.2.2, the empty host", in: "http://h/p", e: set("WithHost", uri.URI.WithHost, ""), want: "http:///p"},
	{why: "3.2.2, percent-encoded reg-name", in: "http://h/", e: set("WithHost", uri.URI.WithHost, "b%C3%BCcher.example"), want: "http://b%C3%BCcher.example/"},
	{why: "3.2, authority added before an absolute path", in: "/p?q", e: set("WithHost", uri.URI.WithHost, "h"), want: "//h/p?q"},
	{why: "3.2, authority added after a scheme", in: "mailto:", e: set("WithHost", uri.URI.WithHost, "h"), want: "mailto://h"},
	{why: "3.2, authority added before a query", in: "?q", e: set("WithHost", uri.URI.WithHost, "[::1]"), want: "//[::1]?q"},
	{why: "3.3, a /. prefix may stay", in: "x:/.//y", e: set("WithHost", uri.URI.WithHost, "h"), want: "x://h/.//y"},
	{why: "3.3, rootless path cannot follow an authority", in: "mailto:a@b", e: set("WithHost", uri.URI.WithHost, "h"), err: uri.ErrPathWithAuthority, inp: "mailto:a@b", off: 7, comp: uri.Path},
	{why: "3.3, relative path cannot follow an authority", in: "a/b", e: set("WithHost", uri.URI.WithHost, "h"), err: uri.ErrPathWithAuthority, inp: "a/b", off: 0, comp: uri.Path},
	{why: "3.2.2, host and port in one", in: "http://h/", e: set("WithHost", uri.URI.WithHost, "host:80"), err: uri.ErrInvalidByte, off: 4, comp: uri.Host},
	{why: "3.2.2, bare IPv6address that is not one", in: "http://h/", e: set("WithHost", uri.URI.WithHost, "1::2::3"), err: uri.ErrBadIPLiteral, off: 5, comp: uri.Host},
	{why: "3.2.2, bare IPv6address cut short", in: "http://h/", e: set("WithHost", uri.URI.WithHost, "1:2:"), err: uri.ErrBadIPLiteral, off: 4, comp: uri.Host},
	{why: "3.2.2, one colon is no IPv6address", in: "http://h/", e: set("WithHost", uri.URI.WithHost, "1.2.3.4:80"), err: uri.ErrInvalidByte, off: 7, comp: uri.Host},
	{why: "3.2.2, unclosed IP-literal", in: "http://h/", e: set("WithHost", uri.URI.WithHost, "[::1"), err: uri.ErrBadIPLiteral, off: 4, comp: uri.Host},
	{why: "3.2.2, text after the IP-literal", in: "http://h/", e: set("WithHost", uri.URI.WithHost, "[::1]:80"), err: uri.ErrInvalidByte, off: 5, comp: uri.Host},
	{why: "RFC 6874 zones are not RFC 3986", in: "http://h/", e: set("WithHost", uri.URI.WithHost, "[fe80::1%25eth0]"), err: uri.ErrZoneNotAllowed, off: 8, comp: uri.Host},
	{why: "3.2.2, a space", in: "http://h/", e: set("WithHost", uri.URI.WithHost, "a b"), err: uri.ErrInvalidByte, off: 1, comp: uri.Host},
	{why: "3.2.2, a slash", in: "http://h/", e: set("WithHost", uri.URI.WithHost, "a/b"), err: uri.ErrInvalidByte, off: 1, comp: uri.Host},

	// Section 3.2: removing the authority.
	{why: "3.2, removed", in: "http://u@h:1/p?q", e: unset("WithoutAuthority", uri.URI.WithoutAuthority), want: "http:/p?q"},
	{why: "3.3, a path beginning with // gets /.", in: "http://h//p", e: unset("WithoutAuthority", uri.URI.WithoutAuthority), want: "http:/.//p"},
	{why: "3.3, relative reference, path beginning with //", in: "//h//p", e: unset("WithoutAuthority", uri.URI.WithoutAuthority), want: "/.//p"},
	{why: "3.2, nothing left", in: "//h", e: unset("WithoutAuthority", uri.URI.WithoutAuthority), want: ""},
	{why: "3.2, the empty authority of a file URI", in: "file:///etc/hosts", e: unset("WithoutAuthority", uri.URI.WithoutAuthority), want: "file:/etc/hosts"},
	{why: "3.2, none to remove", in: "mailto:x", e: unset("WithoutAuthority", uri.URI.WithoutAuthority), want: "mailto:x"},

	// Section 3.2.3: port = *DIGIT
	{why: "3.2.3, added", in: "http://h/", e: set("WithPort", uri.URI.WithPort, "8080"), want: "http://h:8080/"},
	{why: "3.2.3, replaced", in: "http://u@h:80?q", e: set("WithPort", uri.URI.WithPort, "443"), want: "http://u@h:443?q"},
	{why: "3.2.3, after an IP-literal", in: "http://[::1]/", e: set("WithPort", uri.URI.WithPort, "0080"), want: "http://[::1]:0080/"},
	{why: "3.2.3, present and empty", in: "http://h/", e: set("WithPort", uri.URI.WithPort, ""), want: "http://h:/"},
	{why: "3.2.3, no range in the syntax", in: "http://h/", e: set("WithPort", uri.URI.WithPort, "99999"), want: "http://h:99999/"},
	{why: "3.2.3, not a digit", in: "http://h/", e: set("WithPort", uri.URI.WithPort, "8o"), err: uri.ErrBadPort, off: 1, comp: uri.Port},
	{why: "3.2.3, a sign", in: "http://h/", e: set("WithPort", uri.URI.WithPort, "-1"), err: uri.ErrBadPort, off: 0, comp: uri.Port},
	{why: "3.2, no authority to hold it", in: "/p", e: set("WithPort", uri.URI.WithPort, "80"), err: uri.ErrNoAuthority, inp: "/p", off: 0, comp: uri.Authority},
	{why: "3.2.3, removed", in: "http://h:80/p", e: unset("WithoutPort", uri.URI.WithoutPort), want: "http://h/p"},
	{why: "3.2.3, empty port removed", in: "http://h:", e: unset("WithoutPort", uri.URI.WithoutPort), want: "http://h"},
	{why: "3.2.3, none to remove", in: "http://h/", e: unset("WithoutPort", uri.URI.WithoutPort), want: "http://h/"},

	// Section 3.3: the path, and the prefixes that keep it a path.
	{why: "3.3, replaced", in: "http://h/a?q#f", e: set("WithPath", uri.URI.WithPath, "/b/c;p=1"), want: "http://h/b/c;p=1?q#f"},
	{why: "3.3, emptied", in: "http://h/a", e: set("WithPath", uri.URI.WithPath, ""), want: "http://h"},
	{why: "3.3, path-abempty may begin with //", in: "http://h/a", e: set("WithPath", uri.URI.WithPath, "//b"), want: "http://h//b"},
	{why: "3.3, rootless after an authority", in: "http://h/a", e: set("WithPath", uri.URI.WithPath, "b"), err: uri.ErrPathWithAuthority, off: 0, comp: uri.Path},
	{why: "3.3, rootless after a scheme", in: "mailto:", e: set("WithPath", uri.URI.WithPath, "a@b"), want: "mailto:a@b"},
	{why: "3.3, // without an authority gets /.", in: "x:", e: set("WithPath", uri.URI.WithPath, "//y"), want: "x:/.//y"},
	{why: "3.3, // in a relative reference gets /.", in: "?q", e: set("WithPath", uri.URI.WithPath, "//y"), want: "/.//y?q"},
	{why: "4.2, a colon in the first segment gets ./", in: "#f", e: set("WithPath", uri.URI.WithPath, "a:b/c"), want: "./a:b/c#f"},
	{why: "4.2, a colon is fine after a scheme", in: "x:", e: set("WithPath", uri.URI.WithPath, "a:b"), want: "x:a:b"},
	{why: "3.3, dot segments are kept", in: "http://h/", e: set("WithPath", uri.URI.WithPath, "/a/../b/./"), want: "http://h/a/../b/./"},
	{why: "3.3, a space", in: "/p", e: set("WithPath", uri.URI.WithPath, "a b"), err: uri.ErrInvalidByte, off: 1, comp: uri.Path},
	{why: "3.3, a ? would start the query", in: "/p", e: set("WithPath", uri.URI.WithPath, "a?b"), err: uri.ErrInvalidByte, off: 1, comp: uri.Path},
	{why: "2.1, a percent-encoding cut short", in: "/p", e: set("WithPath", uri.URI.WithPath, "/%2"), err: uri.ErrBadPercent, off: 3, comp: uri.Path},

	// Section 3.4: query = *( pchar / "/" / "?" )
	{why: "3.4, added before the fragment", in: "http://h/p#f", e: set("WithQuery", uri.URI.WithQuery, "a=1&b=/?"), want: "http://h/p?a=1&b=/?#f"},
	{why: "3.4, replaced", in: "http://h/p?x", e: set("WithQuery", uri.URI.WithQuery, "y"), want: "http://h/p?y"},
	{why: "3.4, present and empty", in: "", e: set("WithQuery", uri.URI.WithQuery, ""), want: "?"},
	{why: "3.4, a # would start the fragment", in: "/p", e: set("WithQuery", uri.URI.WithQuery, "a#b"), err: uri.ErrInvalidByte, off: 1, comp: uri.Query},
	{why: "3.4, removed, fragment kept", in: "http://h/p?q#f", e: unset("WithoutQuery", uri.URI.WithoutQuery), want: "http://h/p#f"},
	{why: "3.4, empty query removed", in: "http://h/p?", e: unset("WithoutQuery", uri.URI.WithoutQuery), want: "http://h/p"},

	// Section 3.5: fragment = *( pchar / "/" / "?" )
	{why: "3.5, added", in: "http://h/p?q", e: set("WithFragment", uri.URI.WithFragment, "sec/2?x"), want: "http://h/p?q#sec/2?x"},
	{why: "3.5, replaced", in: "#a", e: set("WithFragment", uri.URI.WithFragment, "b"), want: "#b"},
	{why: "3.5, present and empty", in: "http://h/p", e: set("WithFragment", uri.URI.WithFragment, ""), want: "http://h/p#"},
	{why: "3.5, a second #", in: "http://h/p", e: set("WithFragment", uri.URI.WithFragment, "a#b"), err: uri.ErrInvalidByte, off: 1, comp: uri.Fragment},
	{why: "3.5, removed", in: "http://h/p?q#f", e: unset("WithoutFragment", uri.URI.WithoutFragment), want: "http://h/p?q"},
	{why: "3.5, empty fragment removed", in: "#", e: unset("WithoutFragment", uri.URI.WithoutFragment), want: ""},

	// The Text setters encode decoded text for their component (Section 2.1).
	{why: "3.5, text: a space is data", in: "http://h/p?q#old", e: set("WithFragmentText", uri.URI.WithFragmentText, "section 2"), want: "http://h/p?q#section%202"},
	{why: "3.5, text: a second # and a % are data", in: "http://h/p", e: set("WithFragmentText", uri.URI.WithFragmentText, "a#b%41/?"), want: "http://h/p#a%23b%2541/?"},
	{why: "3.5, text: empty is present", in: "http://h/p", e: set("WithFragmentText", uri.URI.WithFragmentText, ""), want: "http://h/p#"},
	{why: "3.4, text: & and = stay delimiters", in: "http://h/p#f", e: set("WithQueryText", uri.URI.WithQueryText, "q=a b&x=#1"), want: "http://h/p?q=a%20b&x=%231#f"},
	{why: "3.4, text: replaced", in: "/p?old", e: set("WithQueryText", uri.URI.WithQueryText, "\u00e9"), want: "/p?%C3%A9"},
	{why: "3.2.1, user: @ and : are data", in: "http://h/", e: set("WithUser", uri.URI.WithUser, "a@b:c d"), want: "http://a%40b%3Ac%20d@h/"},
	{why: "3.2.1, user: the password stays as written", in: "http://old:p%41ss@h/", e: set("WithUser", uri.URI.WithUser, "new"), want: "http://new:p%41ss@h/"},
	{why: "3.2.1, user: empty", in: "http://old@h/", e: set("WithUser", uri.URI.WithUser, ""), want: "http://@h/"},
	{why: "3.2.1, user: no authority", in: "mailto:a@b", e: set("WithUser", uri.URI.WithUser, "x"), err: uri.ErrNoAuthority, inp: "mailto:a@b", off: 7, comp: uri.Authority},
	{why: "3.2.1, password: added after the user as written", in: "http://us%65r@h/", e: set("WithPassword", uri.URI.WithPassword, "p:w@d"), want: "http://us%65r:p%3Aw%40d@h/"},
	{why: "3.2.1, password: replaced", in: "http://u:old@h/", e: set("WithPassword", uri.URI.WithPassword, "new"), want: "http://u:new@h/"},
	{why: "3.2.2, host text: a non-ASCII name becomes IDNA A-labels", in: "http://h:81/p", e: set("WithHostText", uri.URI.WithHostText, "B\u00fccher.de"), want: "http://xn--bcher-kva.de:81/p"},
	{why: "3.2.2, host text: ASCII as written", in: "http://h/p", e: set("WithHostText", uri.URI.WithHostText, "Example.COM"), want: "http://Example.COM/p"},
	{why: "3.2.2, host text: a bare IPv6 address", in: "http://h/p", e: set("WithHostText", uri.URI.WithHostText, "::1"), want: "http://[::1]/p"},
	{why: "3.2.2, host text: a space in ASCII", in: "http://h/p", e: set("WithHostText", uri.URI.WithHostText, "a b"), err: uri.ErrInvalidByte, off: 1, comp: uri.Host},
	{why: "3.2.2, host text: a space in a non-ASCII name", in: "http://h/p", e: set("WithHostText", uri.URI.WithHostText, "b\u00fc cher.de"), err: uri.ErrInvalidByte, off: 3, comp: uri.Host},
	{why: "3.2.2, host text: % is data, which no name holds", in: "http://h/p", e: set("WithHostText", uri.URI.WithHostText, "\u00fc%41.de"), err: uri.ErrInvalidByte, off: 2, comp: uri.Host},
	{why: "3.2.1, password: without a userinfo", in: "http://h/", e: set("WithPassword", uri.URI.WithPassword, ""), want: "http://:@h/"},

	// Section 3.3: a path from segments, each one segment of data.
	{why: "3.3, segments: / inside a segment is encoded", in: "http://h/old/path?q#f", e: segs("WithSegments", uri.URI.WithSegments, "a b", "c/d"), want: "http://h/a%20b/c%2Fd?q#f"},
	{why: "3.3, segments: none give the empty path", in: "http://h/old", e: segs("WithSegments", uri.URI.WithSegments), want: "http://h"},
	{why: "3.3, segments: one empty segment is /", in: "http://h/old", e: segs("WithSegments", uri.URI.WithSegments, ""), want: "http://h/"},
	{why: "3.3, segments: rootless stays rootless", in: "mailto:x", e: segs("WithSegments", uri.URI.WithSegments, "a@b", "c"), want: "mailto:a@b/c"},
	{why: "3.3, segments: absolute without authority, // would be an authority", in: "/x", e: segs("WithSegments", uri.URI.WithSegments, "", "a"), want: "/.//a"},
	{why: "4.2, segments: relative, first segment with :", in: "x", e: segs("WithSegments", uri.URI.WithSegments, "a:b"), want: "./a:b"},
	{why: "4.2, segments: relative, empty first segment", in: "x", e: segs("WithSegments", uri.URI.WithSegments, "", "a"), want: ".//a"},
	{why: "5.2.4, segments: data never navigates", in: "http://h/", e: segs("WithSegments", uri.URI.WithSegments, "a", ".."), err: uri.ErrDotSegment, inp: "..", off: 0, comp: uri.Path, det: "element 2 of 2"},
	{why: "5.2.4, segments: an encoded dot navigates once decoded", in: "http://h/", e: segs("WithSegments", uri.URI.WithSegments, "%2e"), err: uri.ErrDotSegment, inp: "%2e", off: 0, comp: uri.Path, det: "element 1 of 1"},
	{why: "3.3, last segment removed", in: "http://h/a/b?q", e: unset("WithoutLastSegment", uri.URI.WithoutLastSegment), want: "http://h/a?q"},
	{why: "3.3, the empty last segment removed", in: "http://h/a/", e: unset("WithoutLastSegment", uri.URI.WithoutLastSegment), want: "http://h/a"},
	{why: "3.3, the only segment removed", in: "http://h/a#f", e: unset("WithoutLastSegment", uri.URI.WithoutLastSegment), want: "http://h#f"},
	{why: "3.3, rootless", in: "urn:a:b/c", e: unset("WithoutLastSegment", uri.URI.WithoutLastSegment), want: "urn:a:b"},
	{why: "3.3, an encoded / stays inside its segment", in: "/a/b%2Fc", e: unset("WithoutLastSegment", uri.URI.WithoutLastSegment), want: "/a"},
	{why: "3.3, the empty path", in: "http://h?q", e: unset("WithoutLastSegment", uri.URI.WithoutLastSegment), want: "http://h?q"},
}

// segs is the edit u.<name>(args...).
func segs(name string, f func(uri.URI, ...string) (uri.URI, error), args ...string) edit {
	q := make([]string, len(args))
	for i, a := range args {
		q[i] = quote(a)
	}
	return edit{name + "(" + strings.Join(q, ", ") + ")", func(u uri.URI) (uri.URI, error) { return f(u, args...) }}
}

func TestWith(t *testing.T) {
	for _, tt := range withTests {
		u := uri.MustParse(tt.in)
		call := quote(tt.in) + "." + tt.e.call
		got, err := tt.e.do(u)
		if tt.err == nil {
			if err != nil || got.String() != tt.want {
				t.Errorf("%s: %s = %q, %v; want %q", tt.why, call, got, err, tt.want)
				continue
			}
			checkURI(t, call, got)
			continue
		}
		var e *uri.Error
		if !errors.As(err, &e) || got != (uri.URI{}) {
			t.Errorf("%s: %s = %q, %v; want the zero URI and an *uri.Error", tt.why, call, got, err)
			continue
		}
		input := tt.inp
		if input == "" {
			input = tt.e.call[strings.IndexByte(tt.e.call, '"')+1 : len(tt.e.call)-2]
		}
		want := &uri.Error{Op: uri.OpBuild, Input: input, Offset: tt.off, Component: tt.comp, Err: tt.err, Detail: tt.det}
		if diff := cmp.Diff(*want, *e, cmpopts.EquateErrors()); diff != "" {
			t.Errorf("%s: %s error (-want +got):\n%s", tt.why, call, diff)
		}
	}
}

// TestWithHostKind: the host kind of the result is that of the new host
// (RFC 3986, Section 3.2.2), as Parse finds it.
func TestWithHostKind(t *testing.T) {
	for _, tt := range []struct {
		host string
		want uri.HostKind
	}{
		{"example.com", uri.HostRegName}, {"", uri.HostRegName}, {"127.0.0.001", uri.HostRegName},
		{"192.0.2.1", uri.HostIPv4}, {"[::1]", uri.HostIPv6}, {"::1", uri.HostIPv6}, {"[v1.a]", uri.HostIPvFuture},
	} {
		for _, in := range []string{"http://[::1]:8/p", "http://192.0.2.9/", "/p", "http://h"} {
			v, err := uri.MustParse(in).WithHost(tt.host)
			if err != nil || v.HostKind() != tt.want {
				t.Errorf("%q.WithHost(%q) = %q, %v, kind %v; want kind %v", in, tt.host, v, err, v.HostKind(), tt.want)
			}
		}
	}
}

// TestWithKeepsZone: a value from ParseRFC6874 keeps its zone through the
// setters that do not touch the host, and loses it with WithHost.
func TestWithKeepsZone(t *testing.T) {
	u, err := uri.ParseRFC6874("http://[fe80::1%25eth0]:8/p")
	if err != nil {
		t.Fatal(err)
	}
	v, err := u.WithPath("/q")
	if err != nil || v.Zone() != "eth0" || v.String() != "http://[fe80::1%25eth0]:8/q" {
		t.Fatalf("WithPath = %q, %v, zone %q", v, err, v.Zone())
	}
	checkURI(t, "WithPath of a zone", v)
	checkURI(t, "WithoutPort of a zone", u.WithoutPort())
	w, err := u.WithHost("::1")
	if err != nil || w.Zone() != "" {
		t.Fatalf("WithHost = %q, %v", w, err)
	}
}

// TestWithRoundTrip: for every valid row of testdata/parse.jsonl and of the
// corpus, setting a component to its own value gives u back, and removing
// an optional component and setting it again does too.
func TestWithRoundTrip(t *testing.T) {
	var inputs []string
	for _, row := range testrows.Read[testrows.Parse](t, "testdata/parse.jsonl") {
		if row.OK {
			inputs = append(inputs, row.Bytes(t))
		}
	}
	inputs = append(inputs, loadCorpus(t)...)
	for _, s := range inputs {
		u, err := uri.Parse(s)
		if err != nil {
			continue
		}
		checkWithRoundTrip(t, u)
	}
}

// loadCorpus returns the committed samples of real-world URLs.
func loadCorpus(t *testing.T) []string {
	var all []string
	for _, name := range testrows.Samples() {
		all = append(all, testrows.URLs(t, name)...)
	}
	return all
}

// checkWithRoundTrip checks the round trips of TestWithRoundTrip on u.
func checkWithRoundTrip(t *testing.T, u uri.URI) {
	t.Helper()
	same := func(call string, v uri.URI, err error) {
		t.Helper()
		if err != nil || v != u {
			t.Fatalf("%q.%s = %q, %v; want u back", u, call, v, err)
		}
	}
	v, err := u.WithPath(u.Path())
	same("WithPath(Path())", v, err)
	if u.HasScheme() {
		v, err = u.WithScheme(u.Scheme())
		same("WithScheme(Scheme())", v, err)
		first, _, _ := strings.Cut(u.Path(), "/")
		if u.HasAuthority() || !strings.Contains(first, ":") {
			v, err = u.WithoutScheme().WithScheme(u.Scheme())
			same("WithoutScheme().WithScheme(Scheme())", v, err)
		}
	}
	if u.HasAuthority() {
		v, err = u.WithHost(u.Host())
		same("WithHost(Host())", v, err)
		v, err = u.WithHost(u.Hostname())
		if u.HostKind() != uri.HostIPvFuture {
			same("WithHost(Hostname())", v, err)
		}
		if !u.HasUserinfo() && !u.HasPort() && !strings.HasPrefix(u.Path(), "//") {
			v, err = u.WithoutAuthority().WithHost(u.Host())
			same("WithoutAuthority().WithHost(Host())", v, err)
		}
	}
	if u.HasUserinfo() {
		v, err = u.WithUserinfo(u.Userinfo())
		same("WithUserinfo(Userinfo())", v, err)
		v, err = u.WithoutUserinfo().WithUserinfo(u.Userinfo())
		same("WithoutUserinfo().WithUserinfo(Userinfo())", v, err)
	}
	if u.HasPort() {
		v, err = u.WithPort(u.Port())
		same("WithPort(Port())", v, err)
		v, err = u.WithoutPort().WithPort(u.Port())
		same("WithoutPort().WithPort(Port())", v, err)
	}
	if u.HasQuery() {
		v, err = u.WithQuery(u.Query())
		same("WithQuery(Query())", v, err)
		v, err = u.WithoutQuery().WithQuery(u.Query())
		same("WithoutQuery().WithQuery(Query())", v, err)
	}
	if u.HasFragment() {
		v, err = u.WithFragment(u.Fragment())
		same("WithFragment(Fragment())", v, err)
		v, err = u.WithoutFragment().WithFragment(u.Fragment())
		same("WithoutFragment().WithFragment(Fragment())", v, err)
	}
}

// TestWithAllocs: each setter allocates the new text once, and nothing more;
// removing the fragment, or a query with nothing after it, not at all.
func TestWithAllocs(t *testing.T) {
	u := uri.MustParse("https://user@example.com:8443/a/b?q=1#frag")
	noFrag := uri.MustParse("https://example.com/a?q")
	tests := []struct {
		name string
		run  func()
		want float64
	}{
		{"WithScheme", func() { sinkWith, _ = u.WithScheme("http") }, 1},
		{"WithoutScheme", func() { sinkWith = u.WithoutScheme() }, 0},
		{"WithUserinfo", func() { sinkWith, _ = u.WithUserinfo("other") }, 1},
		{"WithoutUserinfo", func() { sinkWith = u.WithoutUserinfo() }, 1},
		{"WithHost", func() { sinkWith, _ = u.WithHost("example.org") }, 1},
		{"WithHost bare IPv6", func() { sinkWith, _ = u.WithHost("2001:db8::1") }, 1},
		{"WithoutAuthority", func() { sinkWith = u.WithoutAuthority() }, 1},
		{"WithPort", func() { sinkWith, _ = u.WithPort("9443") }, 1},
		{"WithoutPort", func() { sinkWith = u.WithoutPort() }, 1},
		{"WithPath", func() { sinkWith, _ = u.WithPath("/c") }, 1},
		{"WithQuery", func() { sinkWith, _ = u.WithQuery("q=2") }, 1},
		{"WithoutQuery", func() { sinkWith = u.WithoutQuery() }, 1},
		{"WithoutQuery, no fragment", func() { sinkWith = noFrag.WithoutQuery() }, 0},
		{"WithFragment", func() { sinkWith, _ = u.WithFragment("top") }, 1},
		{"WithoutFragment", func() { sinkWith = u.WithoutFragment() }, 0},
		{"WithFragmentText", func() { sinkWith, _ = u.WithFragmentText("section 2") }, 1},
		{"WithQueryText", func() { sinkWith, _ = u.WithQueryText("q=a b") }, 1},
		{"WithHostText", func() { sinkWith, _ = u.WithHostText("example.org") }, 1},
		{"WithHostText, converted", func() { sinkWith, _ = u.WithHostText("b\u00fccher.de") }, 4},
		{"WithUser", func() { sinkWith, _ = u.WithUser("a@b") }, 1},
		{"WithPassword", func() { sinkWith, _ = u.WithPassword("p w") }, 1},
		{"WithSegments", func() { sinkWith, _ = u.WithSegments("a b", "c/d", "e") }, 1},
		{"JoinPath", func() { sinkWith, _ = u.JoinPath("a b", "c/d") }, 1},
		{"WithoutLastSegment", func() { sinkWith = u.WithoutLastSegment() }, 1},
	}
	for _, tt := range tests {
		if got := testing.AllocsPerRun(100, tt.run); got != tt.want {
			t.Errorf("%s: %v allocations, want %v", tt.name, got, tt.want)
		}
	}
}

var sinkWith uri.URI

// withSentinels are the reasons a setter may give.
var withSentinels = []error{
	uri.ErrMissingScheme, uri.ErrInvalidByte, uri.ErrBadPercent, uri.ErrBadIPLiteral, uri.ErrZoneNotAllowed,
	uri.ErrBadPort, uri.ErrPathWithAuthority, uri.ErrNoAuthority, uri.ErrTooLong,
}

// checkSetters checks every setter on u with each argument: a result keeps
// the invariant, holds the argument in its component and every other
// component of u as it was (a path may gain the prefix of pathPrefix); an
// error is an *uri.Error with the setter's Op, a sentinel, and an Offset in
// its Input, which is the argument or u's text. When u has an authority,
// a setter accepts exactly what Components.URI accepts for the same change
// (for the host, with the brackets that WithHost adds to an IPv6address).
func checkSetters(t *testing.T, u uri.URI, args ...string) {
	t.Helper()
	in := u.String()
	c := u.Components()
	// samePath reports whether path p is q, or q with the prefix that keeps
	// it from being read as an authority or a scheme.
	samePath := func(p, q string) bool { return p == q || p == "./"+q || p == "/."+q }
	check := func(call string, v uri.URI, err error, arg string, want uri.Components) {
		t.Helper()
		if err != nil {
			var e *uri.Error
			if !errors.As(err, &e) || e.Op != uri.OpBuild || (e.Input != arg && e.Input != in) || e.Offset < 0 || e.Offset > len(e.Input) {
				t.Fatalf("%q.%s: error %#v", in, call, err)
			}
			for _, s := range withSentinels {
				if e.Err == s {
					return
				}
			}
			t.Fatalf("%q.%s: reason %v is not a sentinel of the setters", in, call, e.Err)
		}
		checkURI(t, quote(in)+"."+call, v)
		got := v.Components()
		if !samePath(got.Path, want.Path) {
			t.Fatalf("%q.%s = %q: path %q, want %q", in, call, v, got.Path, want.Path)
		}
		got.Path = want.Path
		if diff := cmp.Diff(want, got); diff != "" {
			t.Fatalf("%q.%s = %q (-want +got):\n%s", in, call, v, diff)
		}
	}
	// accepts reports whether Components.URI accepts d. It is compared with
	// the setters for a u with an authority (without one, the setters of a
	// part of the authority refuse what Components.URI adds an authority
	// for) and without a zone (which only ParseRFC6874 accepts).
	compare := u.HasAuthority() && u.Zone() == ""
	accepts := func(d uri.Components) bool {
		_, err := d.URI()
		return err == nil
	}
	agree := func(call string, err error, d uri.Components) {
		t.Helper()
		if compare && (err == nil) != accepts(d) {
			t.Fatalf("%q.%s: %v, but Components.URI accepts: %v", in, call, err, accepts(d))
		}
	}
	for _, a := range args {
		w := c
		w.Scheme = a
		v, err := u.WithScheme(a)
		check("WithScheme("+quote(a)+")", v, err, a, w)
		if a != "" {
			agree("WithScheme("+quote(a)+")", err, w)
		} else if err == nil {
			t.Fatalf("%q.WithScheme(\"\") accepted", in)
		}

		w = c
		w.Userinfo, w.HasUserinfo = a, true
		v, err = u.WithUserinfo(a)
		check("WithUserinfo("+quote(a)+")", v, err, a, w)
		agree("WithUserinfo("+quote(a)+")", err, w)

		w = c
		w.Host, w.HasAuthority = a, true
		v, err = u.WithHost(a)
		if err == nil && v.Host() != a {
			w.Host = "[" + a + "]" // a bare IPv6address
		}
		check("WithHost("+quote(a)+")", v, err, a, w)
		agree("WithHost("+quote(a)+")", err, w)

		w = c
		w.Port, w.HasPort = a, true
		v, err = u.WithPort(a)
		check("WithPort("+quote(a)+")", v, err, a, w)
		agree("WithPort("+quote(a)+")", err, w)

		w = c
		w.Path = a
		v, err = u.WithPath(a)
		check("WithPath("+quote(a)+")", v, err, a, w)
		agree("WithPath("+quote(a)+")", err, w)

		w = c
		w.Query, w.HasQuery = a, true
		v, err = u.WithQuery(a)
		check("WithQuery("+quote(a)+")", v, err, a, w)
		agree("WithQuery("+quote(a)+")", err, w)

		w = c
		w.Fragment, w.HasFragment = a, true
		v, err = u.WithFragment(a)
		check("WithFragment("+quote(a)+")", v, err, a, w)
		agree("WithFragment("+quote(a)+")", err, w)
	}
	w := c
	w.Scheme = ""
	check("WithoutScheme()", u.WithoutScheme(), nil, "", w)
	w = c
	w.Userinfo, w.HasUserinfo = "", false
	check("WithoutUserinfo()", u.WithoutUserinfo(), nil, "", w)
	w = c
	w.Userinfo, w.HasUserinfo, w.Host, w.HasAuthority, w.Port, w.HasPort = "", false, "", false, "", false
	check("WithoutAuthority()", u.WithoutAuthority(), nil, "", w)
	w = c
	w.Port, w.HasPort = "", false
	check("WithoutPort()", u.WithoutPort(), nil, "", w)
	w = c
	w.Query, w.HasQuery = "", false
	check("WithoutQuery()", u.WithoutQuery(), nil, "", w)
	w = c
	w.Fragment, w.HasFragment = "", false
	check("WithoutFragment()", u.WithoutFragment(), nil, "", w)
}

// TestSortQuery: a stable sort of the pairs by decoded key, each pair's
// text kept (RFC 3986, Section 3.4 leaves the query's structure to the
// scheme; the pairs are those of HTML forms).
func TestSortQuery(t *testing.T) {
	tests := []struct{ why, in, want string }{
		{"sorted by key, stable", "http://h/p?b=2&a=1&c=3&a=0#f", "http://h/p?a=1&a=0&b=2&c=3#f"},
		{"already sorted: the same text", "http://h/?a=1&b=2", "http://h/?a=1&b=2"},
		{"empty pieces dropped", "http://h/?a=1&&b=2&", "http://h/?a=1&b=2"},
		{"empty pieces dropped, pairs in order", "http://h/?&a", "http://h/?a"},
		{"no pairs: kept", "http://h/?&&", "http://h/?&&"},
		{"empty query: kept", "http://h/?", "http://h/?"},
		{"no query", "http://h/p#f", "http://h/p#f"},
		{"keys compare decoded: %7E is ~, after z", "http://h/?%7E=1&z=2&a=3", "http://h/?a=3&z=2&%7E=1"},
		{"keys compare decoded: + is a space, before ! and a", "http://h/?a%20b=1&!=2&a+a=3&aa=4", "http://h/?!=2&a+a=3&a%20b=1&aa=4"},
		{"decoded keys that are equal keep their order", "http://h/?a%20=1&a+=2&a=3&0", "http://h/?0&a=3&a%20=1&a+=2"},
		{"a shorter key first", "http://h/?ab=1&a=2", "http://h/?a=2&ab=1"},
		{"%25 is %, after $", "http://h/?%25=2&$=1", "http://h/?$=1&%25=2"},
		{"bytes, not code points of UTF-16", "http://h/?%F0%9F%98%80=1&%EF%BC%A1=2", "http://h/?%EF%BC%A1=2&%F0%9F%98%80=1"},
		{"; is data", "http://h/?b=1;a=2&a=3", "http://h/?a=3&b=1;a=2"},
	}
	for _, tt := range tests {
		u, err := uri.Parse(tt.in)
		if err != nil {
			t.Fatalf("%s: Parse(%q): %v", tt.why, tt.in, err)
		}
		got := u.SortQuery()
		if got.String() != tt.want {
			t.Errorf("%s: %q.SortQuery() = %q, want %q", tt.why, tt.in, got, tt.want)
		}
		checkURI(t, tt.in+".SortQuery()", got)
		if n := testing.AllocsPerRun(10, func() { sinkWith = u.SortQuery() }); n > 1 || n == 1 && got.String() == tt.in {
			t.Errorf("%s: %q.SortQuery() allocates %v times", tt.why, tt.in, n)
		}
	}
}
