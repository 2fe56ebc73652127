package uri

import (
	"errors"
	"math/rand/v2"
	"net/url"
	"strings"
	"testing"

	"github.com/gouri/uri/internal/oracle"
	"github.com/gouri/uri/internal/testrows"
)

// netURLDifferences lists every way a reference can come back changed from
// a trip through net/url, FromURL(u.URL()), with the reason. The corpus test
// accepts a change only if it is one of these classes.
var netURLDifferences = []struct {
	class, in, out, reason string
}{
	{"scheme case", "HTTP://h/", "http://h/",
		"url.Parse lower-cases the scheme; schemes are case-insensitive (RFC 3986, Section 3.1)"},
	{"empty fragment", "http://h/p#", "http://h/p",
		"url.URL has no field for a present but empty fragment"},
	{"empty authority", "http://", "http:",
		"url.URL.String writes no \"//\" for an empty host without userinfo or path"},
	{"empty authority", "//#f", "#f",
		"the same, in a relative reference"},
	{"userinfo re-encoded", "http://a(b)*%7e@h/", "http://a%28b%29%2A~@h/",
		"url.Userinfo holds the decoded text and encodes it again with its own set; RFC 3986, Section 6.2.2.2 makes only unreserved octets equivalent, so this can change the meaning for a server that cares"},
	{"host re-encoded", "http://a%41%e2%82%ac/", "http://aA%E2%82%AC/",
		"url.URL.Host holds the decoded host; net/url refuses pct-encoded ASCII in a reg-name, so URL decodes it, and net/url writes non-ASCII back with upper-case hex (equivalent by Sections 6.2.2.1 and 6.2.2.2)"},
	{"path %2A", "%2A?q", "*?q",
		"url.URL.EscapedPath writes the decoded path \"*\" as it is, for the OPTIONS request target (RFC 9110, Section 9.3.7); \"*\" is a sub-delim, which RFC 3986, Section 2.2 does not make equivalent to \"%2A\""},
}

// meaningChanges returns the difference classes that explain how b differs
// from a, or ok=false if some difference is not one of them.
func meaningChanges(a, b URI) (classes []string, ok bool) {
	if a == b {
		return nil, true
	}
	add := func(c string) { classes = append(classes, c) }
	if a.Scheme() != b.Scheme() {
		if !strings.EqualFold(a.Scheme(), b.Scheme()) {
			return nil, false
		}
		add("scheme case")
	}
	if a.HasFragment() != b.HasFragment() || a.Fragment() != b.Fragment() {
		if a.Fragment() != "" || b.HasFragment() {
			return nil, false
		}
		add("empty fragment")
	}
	if a.HasAuthority() != b.HasAuthority() {
		if a.Authority() != "" || a.Path() != "" || b.HasAuthority() {
			return nil, false
		}
		add("empty authority")
	} else {
		if a.HasUserinfo() != b.HasUserinfo() || a.Port() != b.Port() || a.HasPort() != b.HasPort() {
			return nil, false
		}
		if a.Userinfo() != b.Userinfo() {
			da, _ := Unescape(a.Userinfo(), EscapeUserinfo)
			db, _ := Unescape(b.Userinfo(), EscapeUserinfo)
			if da != db {
				return nil, false
			}
			add("userinfo re-encoded")
		}
		if a.Host() != b.Host() {
			if a.HostKind() != HostRegName || decodePercent(a.Host()) != decodePercent(b.Host()) {
				return nil, false
			}
			add("host re-encoded")
		}
	}
	if a.Path() != b.Path() {
		if a.Path() != "%2A" || b.Path() != "*" {
			return nil, false
		}
		add("path %2A")
	}
	if a.Query() != b.Query() || a.HasQuery() != b.HasQuery() {
		return nil, false
	}
	return classes, true
}

func TestNetURLDifferences(t *testing.T) {
	for _, d := range netURLDifferences {
		u := MustParse(d.in)
		back, err := FromURL(u.URL())
		if err != nil || back.String() != d.out {
			t.Errorf("%s: FromURL(Parse(%q).URL()) = %q, %v; want %q", d.class, d.in, back, err, d.out)
			continue
		}
		classes, ok := meaningChanges(u, back)
		if !ok || len(classes) != 1 || classes[0] != d.class {
			t.Errorf("%s: %q -> %q is classified %v, %v", d.class, d.in, back, classes, ok)
		}
	}
}

// checkNetURLTrip checks that FromURL(u.URL()) is u, or differs only by
// listed classes, which it counts.
func checkNetURLTrip(t *testing.T, u URI, counts map[string]int) {
	t.Helper()
	if _, err := url.Parse(u.String()); err != nil && u.HostKind() == HostRegName && strings.ContainsAny(decodePercent(u.Host()), `:[]"<>`) {
		// Outside the round trip's promise: net/url refuses the text, and
		// has no way to hold this host (see URI.URL).
		counts["host net/url cannot hold"]++
		return
	}
	back, err := FromURL(u.URL())
	if err != nil {
		t.Errorf("FromURL(Parse(%q).URL()): %v", u, err)
		return
	}
	classes, ok := meaningChanges(u, back)
	if !ok {
		t.Errorf("%q came back from net/url as %q: an unlisted difference", u, back)
	}
	for _, c := range classes {
		counts[c]++
	}
}

// TestNetURLCorpus: every URL of the real-world sample that both libraries
// accept maps across and back without a change of meaning, except by one of
// the listed classes, and URL() is what url.Parse gives.
func TestNetURLCorpus(t *testing.T) {
	counts := map[string]int{}
	both := 0
	for _, name := range testrows.Samples() {
		for _, line := range testrows.URLs(t, name) {
			u, err := Parse(line)
			v, nerr := url.Parse(line)
			switch {
			case err != nil && nerr != nil:
				counts["both reject"]++
				continue
			case err != nil:
				// net/url is lenient: FromURL reports what RFC 3986 forbids.
				counts["only net/url accepts"]++
				if _, ferr := FromURL(v); ferr == nil {
					if _, perr := Parse(v.String()); perr != nil {
						t.Errorf("FromURL(%q) accepted text that Parse rejects", v)
					}
				}
				continue
			case nerr != nil:
				counts["only gouri accepts"]++
			default:
				both++
				if got := u.URL().String(); got != v.String() {
					t.Errorf("Parse(%q).URL() = %q, url.Parse gives %q", line, got, v)
				}
			}
			checkNetURLTrip(t, u, counts)
		}
	}
	if both < 8000 {
		t.Errorf("only %d corpus lines accepted by both", both)
	}
	t.Logf("accepted by both: %d; %v", both, counts)
}

func TestFromURL(t *testing.T) {
	tests := []struct {
		name string
		v    *url.URL
		want string
		err  error
	}{
		{"parsed", mustURL("https://user:pw@example.com:8443/a%2Fb?q=1#frag"), "https://user:pw@example.com:8443/a%2Fb?q=1#frag", nil},
		{"built", &url.URL{Scheme: "http", Host: "h", Path: "/a b", RawQuery: "x=1"}, "http://h/a%20b?x=1", nil},
		{"opaque", &url.URL{Scheme: "mailto", Opaque: "a@b"}, "mailto:a@b", nil},
		{"force query", &url.URL{Path: "/p", ForceQuery: true}, "/p?", nil},
		{"relative colon", &url.URL{Path: "a:b"}, "./a:b", nil},
		{"non-ASCII host is percent-encoded", &url.URL{Scheme: "http", Host: "é"}, "http://%C3%A9", nil},
		{"lenient query", mustURL("http://h/?a b"), "", ErrInvalidByte},
		{"bad escape in query", mustURL("http://h/?%zz"), "", ErrBadPercent},
		{"zone", mustURL("http://[fe80::1%25en0]/"), "", ErrZoneNotAllowed},
		{"nil", nil, "", ErrNilURL},
	}
	for _, tt := range tests {
		u, err := FromURL(tt.v)
		if tt.err != nil {
			var e *Error
			if !errors.Is(err, tt.err) || !errors.As(err, &e) || e.Op != OpBuild || u != (URI{}) {
				t.Errorf("%s: FromURL = %q, %#v; want %v", tt.name, u, err, tt.err)
			}
			continue
		}
		if err != nil || u.String() != tt.want {
			t.Errorf("%s: FromURL = %q, %v; want %q", tt.name, u, err, tt.want)
		}
	}
}

func mustURL(s string) *url.URL {
	v, err := url.Parse(s)
	if err != nil {
		panic(err)
	}
	return v
}

// TestURLFallback: references net/url's parser refuses still convert.
func TestURLFallback(t *testing.T) {
	tests := []struct{ in, host, str string }{
		{"http://[v7.x]:8/p?q#f", "[v7.x]:8", "http://[v7.x]:8/p?q#f"},          // IPvFuture (RFC 3986, Section 3.2.2)
		{"http://u@a%41b/p", "aAb", "http://u@aAb/p"},                           // pct-encoded ASCII in a reg-name
		{"//a%2Fb:1", "a/b:1", "//a%2Fb:1"},                                     // net/url encodes "/" again
		{"HTTP://[V1.a]", "[V1.a]", "http://[V1.a]"},                            // scheme lower-cased
		{"http://a%3A/", "a:", "http://a:/"},                                    // the documented loss: ":" reads as a port
		{"http://a%22/", `a"`, `http://a"/`},                                    // and `"` is not encoded again
		{"http://%E2%82%AC%41/", "€A", "http://%E2%82%ACA/"},                    // mixed
		{"s://h%20x/" + strings.Repeat("a", 10), "h x", "s://h%20x/aaaaaaaaaa"}, // space
	}
	for _, tt := range tests {
		v := MustParse(tt.in).URL()
		if v.Host != tt.host || v.String() != tt.str {
			t.Errorf("Parse(%q).URL(): Host %q, String %q; want %q, %q", tt.in, v.Host, v, tt.host, tt.str)
		}
	}
}

// TestNetURLGenerated runs the round trip over generated references and the
// committed fuzz corpus, which reach the corners the real-world sample does
// not: every class above turns up.
func TestNetURLGenerated(t *testing.T) {
	n := 100000
	if testing.Short() {
		n = 10000
	}
	r := rand.New(rand.NewPCG(1738, 3986))
	counts := map[string]int{}
	for range n {
		s := oracle.Reference(r)
		u, err := Parse(s)
		if err != nil {
			continue
		}
		checkNetURLTrip(t, u, counts)
	}
	// And the inputs of FuzzCrossCheck's corpus, which checks the same
	// round trip and keeps what it found: the rare path "%2A" is one.
	for _, s := range readFuzzStrings(t, "FuzzCrossCheck") {
		if u, err := Parse(s); err == nil {
			checkNetURLTrip(t, u, counts)
		}
	}
	for _, d := range netURLDifferences {
		if counts[d.class] == 0 {
			t.Errorf("class %q never seen", d.class)
		}
	}
	t.Logf("%v", counts)
}

// TestNetURLDepartures checks the README's claims about net/url by running
// it: each row is an input where net/url departs from RFC 3986.
func TestNetURLDepartures(t *testing.T) {
	str := func(s string) string {
		v, err := url.Parse(s)
		if err != nil {
			return "error"
		}
		return v.String()
	}
	tests := []struct {
		name, got, want string
	}{
		{"pct-encoded ASCII in a reg-name is refused (RFC 3986, Section 3.2.2 allows it)", str("http://a%41/"), "error"},
		{"an empty fragment is dropped (Section 3.5)", str("http://h/p#"), "http://h/p"},
		{"an empty authority is dropped (Section 3.2)", str("http://"), "http:"},
		{"userinfo sub-delims are re-encoded (Section 3.2.1 allows them)", str("http://a(b)@h/"), "http://a%28b%29@h/"},
		{"a query is written back unchecked", (&url.URL{Scheme: "http", Host: "h", RawQuery: "a b"}).String(), "http://h?a b"},
		{"the path is re-encoded but the query is not", str("http://h/{}?{}"), "http://h/%7B%7D?{}"},
		{"PathEscape encodes sub-delims a segment allows (Section 3.3)", url.PathEscape("a;b,c"), "a%3Bb%2Cc"},
		{"Values.Encode sorts the pairs", url.Values{"b": {"1"}, "a": {"2"}}.Encode(), "a=2&b=1"},
	}
	for _, tt := range tests {
		if tt.got != tt.want {
			t.Errorf("%s: net/url gives %q, the README says %q", tt.name, tt.got, tt.want)
		}
	}
	if _, err := url.ParseQuery("a=1;b=2"); err == nil {
		t.Errorf(`url.ParseQuery("a=1;b=2") no longer fails`)
	}
	if v, _ := url.Parse("http://h/a/b"); v.JoinPath("../c", "d/e").String() != "http://h/a/c/d/e" {
		t.Errorf("url.URL.JoinPath no longer cleans and splits its elements")
	}
	// And this package on the same inputs.
	for _, s := range []string{"http://a%41/", "http://h/p#", "http://", "http://a(b)@h/"} {
		if u, err := Parse(s); err != nil || u.String() != s {
			t.Errorf("Parse(%q) = %q, %v", s, u, err)
		}
	}
	if got := Escape("a;b,c", EscapePathSegment); got != "a;b,c" {
		t.Errorf("Escape = %q", got)
	}
}
