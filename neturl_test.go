package uri

import (
	"errors"
	"math/rand/v2"
	"net/url"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/gouri/uri/internal/oracle"
	"github.com/gouri/uri/internal/testrows"
)

// This file checks the bridge to net/url, the round trip through URI.URL
// and FromURL, and then compares Parse with url.Parse on the same inputs.

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
	if oracle.Short() {
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

// Differential testing of Parse against net/url's url.Parse, over the
// real-world sample and generated references. Where both accept, their
// components are mapped onto each other (diffFields says how). Every
// disagreement must belong to one of the classes of netURLClasses, each with
// the section of RFC 3986 that decides it; and every class must turn up in
// the inputs.

// diffCase is one input and what both parsers made of it.
type diffCase struct {
	in     string
	u      URI
	err    *Error // nil when Parse accepts
	v      *url.URL
	nerr   error    // nil when url.Parse accepts
	fields []string // the components that differ when both accept
}

// at returns the byte at the offset of Parse's error, or 0.
func (d diffCase) at() byte {
	if d.err == nil || d.err.Offset >= len(d.in) {
		return 0
	}
	return d.in[d.err.Offset]
}

// errIn reports whether Parse's error is in one of the components cs.
func (d diffCase) errIn(cs ...Component) bool {
	for _, c := range cs {
		if d.err.Component == c {
			return true
		}
	}
	return false
}

func (d diffCase) differs(field string) bool {
	for _, f := range d.fields {
		if f == field {
			return true
		}
	}
	return false
}

// netURLClass is one way in which net/url departs from RFC 3986.
type netURLClass struct {
	name    string
	example string
	section string // the part of RFC 3986 that decides
	why     string
	match   func(d diffCase) bool
}

// shown reports whether the net/url of this Go release disagrees in the
// way of class c at all. Some classes come and go with point releases:
// Go 1.26.0 rejected colons in every host, and later 1.26 releases accept
// them again in the hosts of schemes other than http and https.
func (c netURLClass) shown() bool {
	if c.name != "colon in a host" {
		return true
	}
	_, err := url.Parse(c.example)
	return err == nil
}

// netURLClasses lists every class of disagreement between Parse and
// url.Parse. Parse follows RFC 3986 in each; the reasons say where net/url
// departs, mostly by design: it is lenient with what browsers send.
var netURLClasses = []netURLClass{
	// net/url accepts, Parse rejects.
	{"space", "http://h/a b?c d#e f", "2, Appendix A",
		"no rule allows a space; net/url lets it through outside the host and userinfo",
		func(d diffCase) bool {
			return d.err != nil && d.at() == ' ' && d.errIn(Path, Query, Fragment)
		}},
	{"non-ASCII byte", "http://\u00e9.example/\u00e9?\u00e9#\u00e9", "2, 2.5",
		"a URI is US-ASCII, other characters are percent-encoded as UTF-8 (use ParseIRI for IRIs); net/url takes any byte above 0x7F in the host, path, query and fragment",
		func(d diffCase) bool {
			return d.err != nil && d.at() >= 0x80 && d.errIn(Authority, Host, Path, Query, Fragment)
		}},
	{"excluded character", "http://h/{a}|b^c`d\\e\"f<g>", "2, Appendix A",
		`"\", "^", "` + "`" + `", "{", "|", "}", '"', "<" and ">" are in no rule (RFC 2396, Section 2.4.3 called them unwise or delims); net/url takes them in the path, query and fragment, and '"', "<" and ">" in a host`,
		func(d diffCase) bool {
			return d.err != nil && d.err.Err == ErrInvalidByte && strings.IndexByte("\\^`{|}\"<>", d.at()) >= 0 &&
				(d.errIn(Path, Query, Fragment) || strings.IndexByte("\"<>", d.at()) >= 0 && d.errIn(Authority, Host))
		}},
	{"bracket outside an IP literal", "http://a]b/[c]?[d]#[e]", "3.2.2",
		`"[" and "]" are gen-delims allowed only around an IP-literal; net/url takes them in the path, query and fragment, and "]" in a host`,
		func(d diffCase) bool {
			return d.err != nil && d.err.Err == ErrInvalidByte && (d.at() == '[' || d.at() == ']') &&
				d.errIn(Authority, Host, Path, Query, Fragment)
		}},
	{"second #", "http://h/p#a#b", "3.5",
		`fragment = *( pchar / "/" / "?" ) has no "#"; net/url makes the rest of the text the fragment`,
		func(d diffCase) bool { return d.err != nil && d.at() == '#' && d.errIn(Fragment) }},
	{"second @", "http://a@b@c/", "3.2.1",
		`userinfo has no "@", so the authority has at most one; net/url splits at the last one`,
		func(d diffCase) bool { return d.err != nil && d.at() == '@' && d.errIn(Host, Port) }},
	{"control character in the fragment", "http://h/p#a\r\nb\x00", "2, Appendix A, 7.2",
		"no rule allows a control character, and Section 7.2 warns of CR and LF; url.Parse rejects them before the \"#\" but not after it, and only escapes them when it writes the URL",
		func(d diffCase) bool { return d.err != nil && (d.at() < 0x20 || d.at() == 0x7f) && d.errIn(Fragment) }},
	{"colon in a host", "foo://a:b:80/", "3.2.2, 3.2.3",
		"reg-name has no \":\", and the port after the first \":\" is *DIGIT; net/url takes the last \":\" as the port's and leaves the others in the host (for http and https it rejects them since Go 1.26, and for every scheme in Go 1.26.0)",
		func(d diffCase) bool { return d.err != nil && d.nerr == nil && d.errIn(Port) }},
	{"query not checked", "http://h/?a=%zz", "2.1, 3.4",
		"a \"%\" must begin a pct-encoded triplet; net/url does not look inside RawQuery",
		func(d diffCase) bool { return d.err != nil && d.err.Err == ErrBadPercent && d.errIn(Query) }},
	{"opaque part not checked", "mailto:a%zz b", "3, 3.3",
		"after a scheme without \"//\" comes path-rootless, whose segments are pchar; net/url copies that text to Opaque without checking it",
		func(d diffCase) bool { return d.err != nil && d.nerr == nil && d.v.Opaque != "" && d.errIn(Path) }},
	{"zone identifier", "http://[fe80::1%25en0]/", "3.2.2",
		"IP-literal has no zone; RFC 6874 added \"%25\" zones and RFC 9844 obsoleted them (ParseRFC6874 reads them); net/url accepts them",
		func(d diffCase) bool { return d.err != nil && d.err.Err == ErrZoneNotAllowed }},

	// net/url rejects, Parse accepts.
	{"pct-encoded ASCII in a reg-name", "http://a%41/", "3.2.2",
		"reg-name = *( unreserved / pct-encoded / sub-delims ), any octet; net/url only decodes octets above 0x7F and %25 in a host",
		func(d diffCase) bool {
			return d.err == nil && d.nerr != nil && d.u.HostKind() == HostRegName && strings.Contains(d.nerr.Error(), "invalid URL escape")
		}},
	{"IPvFuture", "http://[v7.x]/", "3.2.2",
		"IP-literal = \"[\" ( IPv6address / IPvFuture ) \"]\"; net/url reads every IP-literal with net/netip, which knows IPv6 only",
		func(d diffCase) bool { return d.err == nil && d.nerr != nil && d.u.HostKind() == HostIPvFuture }},

	// Both accept, and read the text differently.
	{"\"///\" in a relative reference", "///a/b", "4.2",
		"relative-part = \"//\" authority path-abempty, so \"///a\" has an empty authority and the path \"/a\"; net/url reads \"///\" without a scheme as a path, as a request target",
		func(d diffCase) bool {
			return d.err == nil && d.nerr == nil && !d.u.HasScheme() && d.u.HasAuthority() && d.u.Authority() == "" &&
				d.v.Host == "" && strings.HasPrefix(d.v.Path, "//")
		}},
	{"empty fragment", "http://h/p#", "3.5",
		"\"#\" with nothing after it is a present, empty fragment; url.URL has no field to tell it from none",
		func(d diffCase) bool {
			return d.err == nil && d.nerr == nil && d.u.HasFragment() && d.u.Fragment() == "" && len(d.fields) == 1 && d.differs("fragment presence")
		}},
	{"path %2A", "%2A", "2.2, 6.2.2.2",
		"\"*\" is a sub-delim, not equivalent to \"%2A\"; url.URL.EscapedPath writes a decoded path \"*\" as it is, for the OPTIONS request target",
		func(d diffCase) bool {
			return d.err == nil && d.nerr == nil && d.u.Path() == "%2A" && d.v.EscapedPath() == "*"
		}},
}

// diffFields maps net/url's fields onto the components and returns the
// names of those that differ. net/url lower-cases the scheme, puts the port
// in Host and decodes a reg-name host, decodes Path and Fragment (EscapedPath
// and EscapedFragment give the text), keeps RawQuery as written, marks an
// empty query with ForceQuery, holds the part after "scheme:" without "/" in
// Opaque, and marks "scheme:/path" without authority with OmitHost.
func diffFields(u URI, v *url.URL) []string {
	var out []string
	check := func(field string, ok bool) {
		if !ok {
			out = append(out, field)
		}
	}
	check("scheme", strings.ToLower(u.Scheme()) == v.Scheme)
	if v.Opaque != "" {
		check("opaque", u.HasScheme() && !u.HasAuthority() && u.Path() == v.Opaque && v.Path == "")
	} else {
		check("path", u.Path() == v.EscapedPath() && decodePercent(u.Path()) == v.Path)
	}
	if u.HasAuthority() {
		host := u.Host()
		if u.HostKind() == HostRegName {
			host = decodePercent(host)
		}
		if u.HasPort() {
			host += ":" + u.Port()
		}
		check("host", v.Host == host && !v.OmitHost)
		check("userinfo", u.HasUserinfo() == (v.User != nil))
		if v.User != nil {
			pw, hasPW := u.Password()
			npw, nhasPW := v.User.Password()
			check("userinfo", decodePercent(u.Username()) == v.User.Username() && decodePercent(pw) == npw && hasPW == nhasPW)
		}
	} else {
		check("host", v.Host == "" && v.User == nil && v.OmitHost == (u.HasScheme() && strings.HasPrefix(u.Path(), "/")))
	}
	check("query", u.Query() == v.RawQuery && u.HasQuery() == (v.RawQuery != "" || v.ForceQuery))
	check("fragment", u.Fragment() == v.EscapedFragment() && decodePercent(u.Fragment()) == v.Fragment)
	check("fragment presence", u.HasFragment() == (v.Fragment != "" || v.RawFragment != ""))
	return out
}

// compareNetURL runs both parsers on s. It returns "" when they agree, the
// name of the class that explains the disagreement, or "?" for none.
func compareNetURL(s string) string {
	d := diffCase{in: s}
	u, err := Parse(s)
	d.u = u
	if err != nil && !errors.As(err, &d.err) {
		return "?"
	}
	d.v, d.nerr = url.Parse(s)
	switch {
	case err != nil && d.nerr != nil:
		return ""
	case err == nil && d.nerr == nil:
		if d.fields = diffFields(u, d.v); len(d.fields) == 0 {
			return ""
		}
	}
	for _, c := range netURLClasses {
		if c.match(d) {
			return c.name
		}
	}
	return "?"
}

// TestNetURLClasses: each class's example is a disagreement of that class.
func TestNetURLClasses(t *testing.T) {
	for _, c := range netURLClasses {
		if !c.shown() {
			t.Logf("class %q: this Go's net/url does not show it", c.name)
			continue
		}
		if got := compareNetURL(c.example); got != c.name {
			t.Errorf("%q is classified %q, want %q", c.example, got, c.name)
		}
		if c.section == "" || c.why == "" {
			t.Errorf("class %q: no section or reason", c.name)
		}
	}
}

// TestNetURLDifferential compares Parse with url.Parse on the real-world
// sample, generated references and the committed fuzz corpora. Any
// disagreement that no class explains fails, and so does any class that no
// input shows.
func TestNetURLDifferential(t *testing.T) {
	counts := map[string]int{}
	inputs := 0
	try := func(s string) {
		inputs++
		c := compareNetURL(s)
		counts[c]++
		if c == "?" && counts[c] <= 20 {
			d := diffCase{in: s}
			u, err := Parse(s)
			v, nerr := url.Parse(s)
			if err == nil && nerr == nil {
				d.fields = diffFields(u, v)
			}
			t.Errorf("Parse and url.Parse disagree on %q, in no listed class: Parse %v; url.Parse %v, %v; fields %v", s, err, v, nerr, d.fields)
		}
	}
	for _, name := range testrows.Samples() {
		for _, s := range testrows.URLs(t, name) {
			try(s)
		}
	}
	n := 100000
	if oracle.Short() {
		n = 20000
	}
	r := rand.New(rand.NewPCG(3986, 1808))
	for range n {
		try(oracle.Reference(r))
	}
	for _, target := range []string{"FuzzParse", "FuzzCrossCheck"} {
		for _, s := range readFuzzStrings(t, target) {
			try(s)
		}
	}
	for _, c := range netURLClasses {
		if counts[c.name] == 0 && c.shown() {
			t.Errorf("class %q: no input shows it", c.name)
		}
	}
	t.Logf("%d inputs: %d agree; %v", inputs, counts[""], counts)
}

// readFuzzStrings returns every string value in the committed corpus of a
// fuzz target, testdata/fuzz/<target>/, in the "go test fuzz v1" format:
// one value per line, such as string("a\x00b").
func readFuzzStrings(t testing.TB, target string) []string {
	t.Helper()
	files, err := filepath.Glob(filepath.Join("testdata", "fuzz", target, "*"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no corpus for %s: %v", target, err)
	}
	var out []string
	for _, name := range files {
		data, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		lines := strings.Split(string(data), "\n")
		if lines[0] != "go test fuzz v1" {
			t.Fatalf("%s: not a corpus file", name)
		}
		for _, line := range lines[1:] {
			if v, ok := strings.CutPrefix(line, "string("); ok {
				s, err := strconv.Unquote(strings.TrimSuffix(v, ")"))
				if err != nil {
					t.Fatalf("%s: %q: %v", name, line, err)
				}
				out = append(out, s)
			}
		}
	}
	return out
}
