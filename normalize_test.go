package uri

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"

	"github.com/gouri/uri/internal/testrows"

	"github.com/gouri/uri/internal/abnf"
	"github.com/gouri/uri/internal/dotseg"
	"github.com/gouri/uri/internal/lazybuf"
	"github.com/gouri/uri/internal/oracle"

	"github.com/google/go-cmp/cmp"
)

// TestNormalizeExamples pins the examples of RFC 3986, Section 6 and the
// rulings where the RFC leaves a choice, for the default normalization and
// for syntax-based normalization alone.
func TestNormalizeExamples(t *testing.T) {
	tests := []struct {
		why, in, want, syntax string // syntax "" means the same as want
	}{
		// Section 6.2.2.1: scheme and host are case-insensitive.
		{"6.2.2.1", "HTTP://www.EXAMPLE.com/", "http://www.example.com/", ""},
		{"6.2.2.1: hex digits upper-cased", "http://a/%3a%3A", "http://a/%3A%3A", ""},
		{"6.2.2.1: userinfo, path, query and fragment keep their case", "HtTp://UsEr@HoSt/PaTh?QuErY#FrAg", "http://UsEr@host/PaTh?QuErY#FrAg", ""},
		{"6.2.2.1: only ASCII letters change", "X+Y.Z-9://H/", "x+y.z-9://h/", ""},
		// Section 6.2.2 (the English RFC's example)
		{"6.2.2", "eXAMPLE://a/./b/../b/%63/%7bfoo%7d", "example://a/b/c/%7Bfoo%7D", ""},
		{"6.2.2", "example://a/b/c/%7Bfoo%7D", "example://a/b/c/%7Bfoo%7D", ""},
		// Section 6.2.2.2: only unreserved characters are decoded.
		{"6.2.2.2: ~", "http://a/%7Euser", "http://a/~user", ""},
		{"6.2.2.2: all unreserved", "/%41%5a%61%7A%30%39%2D%2E%5F%7E", "/AZaz09-._~", ""},
		{"6.2.2.2: reserved stay encoded", "/%2F%3a%40%21%24%26%27%28%29%2a%2B%2c%3B%3D%3F%23%5B%5D", "/%2F%3A%40%21%24%26%27%28%29%2A%2B%2C%3B%3D%3F%23%5B%5D", ""},
		{"6.2.2.2: other bytes stay encoded", "/%00%20%25%7F%80%c3%a9", "/%00%20%25%7F%80%C3%A9", ""},
		{"6.2.2.2: in every component", "//%75@%68/%70?%71#%66", "//u@h/p?q#f", ""},
		{"6.2.2.2 then 6.2.2.1: a decoded host letter is lower-cased", "http://%41%42.example/", "http://ab.example/", ""},
		{"6.2.2.2: decoding makes an IPv4address", "http://%31%32%37.0.0.1/", "http://127.0.0.1/", ""},
		{"6.2.2.2: userinfo letters keep their case", "//%41@h", "//A@h", ""},
		// Section 6.2.2.3: remove_dot_segments (Section 5.2.4)
		{"6.2.2.3", "http://a/b/c/./../../g", "http://a/g", ""},
		{"6.2.2.3: mid/content=5/../6", "http://a/mid/content=5/../6", "http://a/mid/6", ""},
		{"6.2.2.3: above the root", "http://a/../../g", "http://a/g", ""},
		{"6.2.2.3: final dot", "http://a/b/.", "http://a/b/", ""},
		{"6.2.2.3: final dot-dot", "http://a/b/c/..", "http://a/b/", ""},
		{"6.2.2.3: only dot-dot", "http://a/..", "http://a/", ""},
		{"6.2.2.3: dots in names are not segments", "http://a/.b/b./..b/b../...", "http://a/.b/b./..b/b../...", ""},
		{"6.2.2.3: empty segments stay", "http://a/b//../c", "http://a/b/c", ""},
		{"ruling: %2E decoded before dot removal", "http://a/b/%2E%2e/c/%2E", "http://a/c/", ""},
		{"ruling: half-encoded dot-dot", "http://a/b/.%2E/c", "http://a/c", ""},
		{"6.2.2.3: in a network-path reference", "//a/b/../c", "//a/c", ""},
		{"6.2.2.3: in an absolute-path reference", "/a/./b/../c", "/a/c", ""},
		{"5.2.4 on a rootless URI path", "mailto:a/./b", "mailto:a/b", ""},
		{"5.2.4 on a rootless path: leading dots vanish", "urn:../x", "urn:x", ""},
		{"5.2.4 on a rootless path: output becomes rooted", "x:a/../b", "x:/b", ""},
		{"5.2.4 on a rootless path: only dots", "x:./..", "x:", ""},
		{"ruling: /. before a path that would start with //", "a:.///b", "a:/.//b", ""},
		{"ruling: /. kept where needed", "a:/.//b", "a:/.//b", ""},
		{"ruling: /. for an absolute-path reference", "/..//x", "/.//x", ""},
		{"ruling: no /. with an authority", "http://h/..//x", "http://h//x", ""},
		// Ruling: a relative-path reference keeps leading ".." segments.
		{"ruling: relative", "a/./b/../../../c", "../c", ""},
		{"ruling: relative leading dot-dot", "../../x", "../../x", ""},
		{"ruling: relative dot-dot after a pair", "a/../../x", "../x", ""},
		{"ruling: relative final dot-dot", "..", "..", ""},
		{"ruling: relative final dot-dots", "../..", "../..", ""},
		{"ruling: relative final dot-dot after a pair", "a/../..", "..", ""},
		{"ruling: relative final dot after dot-dot", "../.", "../", ""},
		{"ruling: relative pair after dot-dot", "../a/..", "../", ""},
		{"ruling: relative dot", ".", "./", ""},
		{"ruling: relative dot slash", "./", "./", ""},
		{"ruling: relative pair", "a/..", "./", ""},
		{"ruling: relative pair with slash", "a/../", "./", ""},
		{"ruling: relative colon needs ./", "./a:b", "./a:b", ""},
		{"ruling: relative colon after a pair", "x/../a:b/c", "./a:b/c", ""},
		{"ruling: relative colon after dot-dot", "../a:b", "../a:b", ""},
		{"ruling: relative empty first segment", "a/..//x", ".//x", ""},
		{"ruling: relative dot slash slash", ".//x", ".//x", ""},
		{"ruling: relative final dot", "a/b/.", "a/b/", ""},
		{"ruling: relative encoded dots", "%2E/%2e%2E/x", "../x", ""},
		{"ruling: relative with query", "./?q", "./?q", ""},
		{"empty reference", "", "", ""},
		{"fragment only", "#F%7e", "#F~", ""},
		// Section 6.2.3: the four equivalent http URIs
		{"6.2.3", "http://example.com", "http://example.com/", "http://example.com"},
		{"6.2.3", "http://example.com/", "http://example.com/", ""},
		{"6.2.3", "http://example.com:/", "http://example.com/", "http://example.com:/"},
		{"6.2.3", "http://example.com:80/", "http://example.com/", "http://example.com:80/"},
		{"6.2.3: an empty query is not removed", "http://example.com/?", "http://example.com/?", ""},
		{"6.2.3: an empty fragment is not removed", "http://example.com/#", "http://example.com/#", ""},
		{"6.2.3: empty userinfo stays", "http://@example.com/", "http://@example.com/", ""},
		{"6.2.3: userinfo delimiters stay", "ftp://u:@h/", "ftp://u:@h/", ""},
		{"6.2.3: https", "HTTPS://h:443", "https://h/", "https://h:443"},
		{"6.2.3: https on 80 keeps its port", "https://h:80/", "https://h:80/", ""},
		{"6.2.3: ws", "ws://h:80", "ws://h/", "ws://h:80"},
		{"6.2.3: wss", "wss://h:443?x", "wss://h/?x", "wss://h:443?x"},
		{"6.2.3: ftp", "ftp://h:21/f", "ftp://h/f", "ftp://h:21/f"},
		{"6.2.3: ftp empty path stays", "ftp://h", "ftp://h", ""},
		{"6.2.3: gopher", "gopher://h:70/1", "gopher://h/1", "gopher://h:70/1"},
		{"6.2.3: telnet", "telnet://h:23/", "telnet://h/", "telnet://h:23/"},
		{"6.2.3: nntp", "nntp://h:119/g", "nntp://h/g", "nntp://h:119/g"},
		{"6.2.3: ldap", "ldap://h:389/c=GB", "ldap://h/c=GB", "ldap://h:389/c=GB"},
		{"6.2.3: leading zeros of the default", "http://h:0080/", "http://h/", "http://h:0080/"},
		{"6.2.3: leading zeros of another port", "http://h:08080/", "http://h:8080/", "http://h:08080/"},
		{"6.2.3: port zero", "http://h:000/", "http://h:0/", "http://h:000/"},
		{"6.2.3: port beyond 65535 kept", "http://h:0100000/", "http://h:100000/", "http://h:0100000/"},
		{"3.2.3: empty port of an unknown scheme", "foo://h:/", "foo://h/", "foo://h:/"},
		{"3.2.3: empty port of a relative reference", "//h:/", "//h/", "//h:/"},
		{"6.2.3: unknown scheme keeps its port", "foo://h:80/", "foo://h:80/", ""},
		{"6.2.3: unknown scheme keeps its empty path", "foo://h", "foo://h", ""},
		{"6.2.3: no default port without a scheme", "//h:80", "//h:80", ""},
		{"6.2.3: file localhost", "file://LocalHost/etc/hosts", "file:///etc/hosts", "file://localhost/etc/hosts"},
		{"6.2.3: file encoded localhost", "file://%6Cocalhost/x", "file:///x", "file://localhost/x"},
		{"6.2.3: file localhost with userinfo stays", "file://u@localhost/x", "file://u@localhost/x", ""},
		{"6.2.3: file localhost with port stays", "file://localhost:1/x", "file://localhost:1/x", ""},
		{"6.2.3: file localhost with empty port", "file://localhost:/x", "file:///x", "file://localhost:/x"},
		{"6.2.3: file other host", "file://localhost2/x", "file://localhost2/x", ""},
		{"6.2.3: mailto domain", "mailto:Joe@Example.COM", "mailto:Joe@example.com", "mailto:Joe@Example.COM"},
		{"6.2.3: mailto list", "MAILTO:A@B.ORG,C@D.Org?subject=Hi", "mailto:A@b.org,C@d.org?subject=Hi", "mailto:A@B.ORG,C@D.Org?subject=Hi"},
		{"6.2.3: mailto last @", "mailto:%22a@B%22@X.org", "mailto:%22a@B%22@X.org", ""},
		{"6.2.3: mailto decoded domain letter", "mailto:a@%41.org", "mailto:a@a.org", "mailto:a@A.org"},
		{"6.2.3: mailto with a slash is left", "mailto:a/b@X.org", "mailto:a/b@X.org", ""},
		{"6.2.3: mailto after dot segments", "mailto:./@A", "mailto:@a", "mailto:@A"},
		{"6.2.3: mailto after a pair", "mailto:x/../@A", "mailto:/@A", ""},
		// RFC 5952 for IPv6 hosts, in the default normalization only.
		{"RFC 5952", "http://[2001:DB8:0:0:0:0:0:1]/", "http://[2001:db8::1]/", "http://[2001:db8:0:0:0:0:0:1]/"},
		{"RFC 5952: leading zeros", "http://[2001:0db8::0001]/", "http://[2001:db8::1]/", "http://[2001:0db8::0001]/"},
		{"RFC 5952: longest zero run", "http://[2001:0:0:1:0:0:0:1]/", "http://[2001:0:0:1::1]/", "http://[2001:0:0:1:0:0:0:1]/"},
		{"RFC 5952: first of equal runs", "http://[2001:db8:0:0:1:0:0:1]/", "http://[2001:db8::1:0:0:1]/", "http://[2001:db8:0:0:1:0:0:1]/"},
		{"RFC 5952: one zero piece not compressed", "http://[2001:db8::1:1:1:1:1]/", "http://[2001:db8:0:1:1:1:1:1]/", "http://[2001:db8::1:1:1:1:1]/"},
		{"RFC 5952: IPv4-mapped", "http://[::FFFF:c000:0201]/", "http://[::ffff:192.0.2.1]/", "http://[::ffff:c000:0201]/"},
		{"RFC 5952: all zeros", "http://[0:0:0:0:0:0:0:0]:8080/", "http://[::]:8080/", "http://[0:0:0:0:0:0:0:0]:8080/"},
		{"RFC 5952: canonical already", "http://[::1]/", "http://[::1]/", ""},
		{"IPvFuture lower-cased", "http://[V7.ABC:D]/", "http://[v7.abc:d]/", ""},
		{"IPv4 unchanged", "http://192.0.2.1:80/", "http://192.0.2.1/", "http://192.0.2.1:80/"},
	}
	for _, tt := range tests {
		u, err := Parse(tt.in)
		if err != nil {
			t.Errorf("%s: Parse(%q): %v", tt.why, tt.in, err)
			continue
		}
		if got := u.Normalize().String(); got != tt.want {
			t.Errorf("%s: Normalize(%q) = %q, want %q", tt.why, tt.in, got, tt.want)
		}
		want := tt.syntax
		if want == "" {
			want = tt.want
		}
		if got := u.NormalizeWith(SyntaxBased).String(); got != want {
			t.Errorf("%s: NormalizeWith(%q, SyntaxBased) = %q, want %q", tt.why, tt.in, got, want)
		}
		if got := refSyntax(tt.in); got != want {
			t.Errorf("%s: the reference gives %q for %q, the table %q", tt.why, got, tt.in, want)
		}
	}
}

// TestNormalizeEquivalentForms: the references of each group are
// equivalent, and differ from those of the other groups (RFC 3986, Section
// 6.2.3: "http://example.com/?" is not one of the four).
func TestNormalizeEquivalentForms(t *testing.T) {
	groups := [][]string{
		{"http://example.com", "http://example.com/", "http://example.com:/", "http://example.com:80/", "HTTP://EXAMPLE.COM", "http://%65xample.com:0080"},
		{"http://example.com/?"},
		{"http://example.com/#"},
		{"example://a/b/c/%7Bfoo%7D", "eXAMPLE://a/./b/../b/%63/%7bfoo%7d"},
		{"http://[2001:db8::1]/", "http://[2001:DB8:0:0:0:0:0:1]:80/", "http://[2001:0db8:0000::1]"},
		{"mailto:Joe@example.com", "mailto:Joe@Example.COM", "MailTo:%4Aoe@EXAMPLE.com"},
		{"mailto:joe@example.com"},
	}
	for i, g := range groups {
		for _, a := range g {
			for j, h := range groups {
				for _, b := range h {
					got := Equivalent(MustParse(a), MustParse(b))
					if got != (i == j) {
						t.Errorf("Equivalent(%q, %q) = %v, want %v", a, b, got, i == j)
					}
				}
			}
		}
	}
}

// TestEqual: == on URIs is the simple string comparison of RFC 3986,
// Section 6.2.1, presence of each component included.
func TestEqual(t *testing.T) {
	tests := []struct {
		a, b string
		want bool
	}{
		{"http://a/", "http://a/", true},
		{"http://a/", "HTTP://a/", false},     // Section 6.2.1 compares characters
		{"http://a/?", "http://a/", false},    // present and empty differs from absent
		{"http://a/#", "http://a/", false},    // Section 6.2.3: a fragment delimiter matters
		{"http://a/%7e", "http://a/~", false}, // equivalent, not equal
		{"", "", true},
	}
	for _, tt := range tests {
		if got := MustParse(tt.a) == MustParse(tt.b); got != tt.want {
			t.Errorf("MustParse(%q) == MustParse(%q) is %v, want %v", tt.a, tt.b, got, tt.want)
		}
	}
	if (URI{}) != MustParse("") {
		t.Error("the zero URI is not == Parse(\"\")")
	}
}

// TestNormalizeWithSteps: each step alone, with the example of its doc
// comment, and the steps that change meaning.
func TestNormalizeWithSteps(t *testing.T) {
	tests := []struct {
		n       Normalization
		in, out string
	}{
		{0, "HTTP://A/%7e/./", "HTTP://A/%7e/./"},
		{NormalizeCase, "HTTP://www.EXAMPLE.com/a%c3%a9", "http://www.example.com/a%C3%A9"},
		{NormalizeCase, "http://%41/%7e", "http://%41/%7E"}, // not decoded without NormalizePercent
		{NormalizePercent, "http://a/%7Euser/%41%2F", "http://a/~user/A%2F"},
		{NormalizePercent, "HTTP://%41/%7e%2f", "HTTP://A/~%2f"}, // no case change without NormalizeCase
		{NormalizeDotSegments, "http://a/b/./c/../d", "http://a/b/d"},
		{NormalizeDotSegments, "a/./b/../../../c", "../c"},
		{NormalizeDotSegments, "/a/%2e%2E/b", "/b"}, // %2E is "." even without NormalizePercent
		{NormalizeIPv6, "http://[2001:DB8:0:0:0:0:0:1]/", "http://[2001:db8::1]/"},
		{NormalizePort, "http://a:/", "http://a/"},
		{NormalizePort, "http://a:0080/", "http://a/"},
		{NormalizePort, "foo://a:/", "foo://a/"},
		{NormalizePort, "http://a:08080/", "http://a:8080/"},
		{NormalizePort, "foo://a:08080/", "foo://a:08080/"},
		{NormalizeSchemeRules, "http://a", "http://a/"},
		{NormalizeSchemeRules, "file://LocalHost/etc/hosts", "file:///etc/hosts"},
		{NormalizeSchemeRules, "file://localhost:/x", "file://localhost:/x"}, // the port is not removed here
		{NormalizeSchemeRules | NormalizePort, "file://localhost:/x", "file:///x"},
		{NormalizeSchemeRules, "mailto:Joe@Example.COM", "mailto:Joe@Example.COM"}, // needs NormalizeCase
		{NormalizeSchemeRules | NormalizeCase, "mailto:Joe@Example.COM", "mailto:Joe@example.com"},
		{NormalizeIDNA, "http://b%C3%BCcher.example/", "http://xn--bcher-kva.example/"},
		{NormalizeIDNA, "http://b%C3%BCcher.example:80/", "http://xn--bcher-kva.example:80/"},
		{NormalizeIDNA, "foo://b%C3%BCcher.example/", "foo://b%C3%BCcher.example/"}, // not a DNS scheme
		{NormalizeIDNA, "http://a%C3%BC_b/", "http://a%C3%BC_b/"},                   // rejected by UTS #46: kept
		{NormalizeIDNA, "http://B%C3%BCcher.example/", "http://xn--bcher-kva.example/"},
		{NormalizeSortQuery, "http://a/?b=2&a=1&b=1", "http://a/?a=1&b=2&b=1"},
		// Empty pieces are not parameters: sorting drops them rather than
		// moving them to the front.
		{NormalizeSortQuery, "http://a/?b&a&", "http://a/?a&b"},
		{NormalizeSortQuery, "http://h/?a=1&b=2&", "http://h/?a=1&b=2"},
		{NormalizeSortQuery, "http://h/?a=1&&b=2", "http://h/?a=1&b=2"},
		{NormalizeSortQuery, "http://h/?b=2&a=1&", "http://h/?a=1&b=2"},
		{NormalizeSortQuery, "http://h/?&&b=2&&&a=1&&#f", "http://h/?a=1&b=2#f"},
		{NormalizeSortQuery, "http://h/?a=1&b=2", "http://h/?a=1&b=2"},
		{NormalizeSortQuery, "http://h/?=&a", "http://h/?=&a"}, // "=" is a pair with an empty key, not an empty piece
		// A query of only "&" has no parameters: it stays present but empty,
		// as "?" does, and only NormalizeDropEmptyQuery removes it.
		{NormalizeSortQuery, "http://h/?&", "http://h/?"},
		{NormalizeSortQuery, "http://h/?&&&#f", "http://h/?#f"},
		{NormalizeSortQuery | NormalizeDropEmptyQuery, "http://h/?&&#f", "http://h/#f"},
		{NormalizeDropEmptyQuery, "http://h/?&&#f", "http://h/?&&#f"}, // without sorting, "&&" is kept
		// ";" is data, not a separator (see the query rules in query.go).
		{NormalizeSortQuery, "http://h/?b=1;a=2&a=3", "http://h/?a=3&b=1;a=2"},
		{NormalizeSortQuery, "http://a/?%7E=1&a=2", "http://a/?%7E=1&a=2"}, // without decoding, "%" sorts first
		{NormalizeSortQuery | NormalizePercent, "http://a/?%7E=1&a=2", "http://a/?a=2&~=1"},
		{NormalizeSortQuery | NormalizeCase, "http://a/?%3d=1&%3D=2&%3c", "http://a/?%3C&%3D=1&%3D=2"},
		{NormalizeSortQuery, "http://a/?", "http://a/?"},
		{NormalizeSortQuery, "http://a/?x=1#f", "http://a/?x=1#f"},
		{NormalizeDropFragment, "http://a/p#section-2", "http://a/p"},
		{NormalizeDropFragment, "http://a/p#", "http://a/p"},
		{NormalizeDropEmptyQuery, "http://a/p?#f", "http://a/p#f"},
		{NormalizeDropEmptyQuery, "http://a/p?x", "http://a/p?x"},
		{NormalizeMergeSlashes, "http://a//b///c/", "http://a/b/c/"},
		{NormalizeMergeSlashes, "http://a//", "http://a/"},
		{NormalizeMergeSlashes, "a//b", "a/b"},
		{NormalizeMergeSlashes, "a:/.//b", "a:/./b"},
		{NormalizeMergeSlashes | NormalizeDotSegments, "a:/.//b", "a:/b"},
		{NormalizeMergeSlashes | NormalizeDotSegments, "http://a/b//../c", "http://a/c"},
		{NormalizeDotSegments, "http://a/b//../c", "http://a/b/c"},
		{NormalizeMergeSlashes | NormalizeDotSegments, ".//x", "x"},
		{NormalizeDecodeQuery, "http://a/?q=%2Fa%2Fb%3F&x=%26", "http://a/?q=/a/b?&x=%26"},
		{NormalizeDecodeQuery, "http://a/?%3A%40%21%24%27%28%29%2A%2C", "http://a/?:@!$'()*,"},
		{NormalizeDecodeQuery, "http://a/?%26%3D%2B%3B%23%5B%5D%25%20", "http://a/?%26%3D%2B%3B%23%5B%5D%25%20"},
		{NormalizeDecodeQuery, "http://a/%3A?%3A#%3A", "http://a/%3A?:#%3A"}, // the query only
		{CrawlerNormalization, "HTTP://Example.COM:80//a/./b/..//c?z=%7e&a=%2f&#frag", "http://example.com/a/c?a=/&z=~"},
		{CrawlerNormalization, "http://h/?a=1&b=2&", "http://h/?a=1&b=2"},
		{CrawlerNormalization, "http://h/?&&", "http://h/"},
	}
	for _, tt := range tests {
		u := MustParse(tt.in)
		v := u.NormalizeWith(tt.n)
		if got := v.String(); got != tt.out {
			t.Errorf("NormalizeWith(%q, %#x) = %q, want %q", tt.in, uint32(tt.n), got, tt.out)
		}
		if msg := checkValue(v); msg != "" {
			t.Errorf("NormalizeWith(%q, %#x): %s", tt.in, uint32(tt.n), msg)
		}
		if again := v.NormalizeWith(tt.n); again != v {
			t.Errorf("NormalizeWith(%q, %#x) is not idempotent: %q then %q", tt.in, uint32(tt.n), v, again)
		}
	}
}

// TestSortQueryStable: parameters with equal keys keep their order, also in
// queries long enough that a sort which is not stable would reorder them.
func TestSortQueryStable(t *testing.T) {
	var in, want []string
	keys := []string{"z", "a", "%6D", "b"} // %6D is "m" once decoded
	for i := 0; i < 40; i++ {
		in = append(in, keys[i%len(keys)]+"="+strconv.Itoa(i))
	}
	for _, k := range []string{"a", "b", "m", "z"} {
		for i := 0; i < 40; i++ {
			if k2 := keys[i%len(keys)]; k2 == k || (k == "m" && k2 == "%6D") {
				want = append(want, k+"="+strconv.Itoa(i))
			}
		}
	}
	u := MustParse("http://h/?" + strings.Join(in, "&"))
	got := u.NormalizeWith(NormalizeSortQuery | NormalizePercent).Query()
	if got != strings.Join(want, "&") {
		t.Errorf("sorted query = %q\nwant %q", got, strings.Join(want, "&"))
	}
}

// checkValue returns what is wrong with a URI built by NormalizeWith: it
// must have exactly the fields that parsing its text gives.
func checkValue(v URI) string {
	p, err := ParseRFC6874(v.String())
	if err != nil {
		return "the result does not parse: " + err.Error()
	}
	if p != v {
		if d := cmp.Diff(viewOf(p), viewOf(v)); d != "" {
			return "the result's fields differ from its parse (-parse +got):\n" + d
		}
		return "the result's offsets differ from its parse"
	}
	if v.Zone() == "" {
		if q, err := Parse(v.String()); err != nil || q != v {
			return "the result does not parse strictly to itself"
		}
	}
	return ""
}

// TestNormalizeZone: an RFC 6874 zone keeps its case and spelling, apart
// from its percent-encodings, which are normalized as anywhere else.
func TestNormalizeZone(t *testing.T) {
	tests := []struct{ in, want string }{
		{"http://[FE80::0001%25EtH0]:80/", "http://[fe80::1%25EtH0]/"},
		{"http://[fe80::1%25%65%2d%2F]/", "http://[fe80::1%25e-%2F]/"},
		{"http://[fe80::1%25eth0]/", "http://[fe80::1%25eth0]/"},
	}
	for _, tt := range tests {
		u, err := ParseRFC6874(tt.in)
		if err != nil {
			t.Fatal(err)
		}
		v := u.Normalize()
		if v.String() != tt.want {
			t.Errorf("Normalize(%q) = %q, want %q", tt.in, v, tt.want)
		}
		if msg := checkValue(v); msg != "" {
			t.Errorf("Normalize(%q): %s", tt.in, msg)
		}
	}
}

func TestNormalizeString(t *testing.T) {
	got, err := Normalize("HTTP://www.Example.COM:80/a/./b/../%7Ec")
	if got != "http://www.example.com/a/~c" || err != nil {
		t.Errorf("Normalize = %q, %v", got, err)
	}
	got, err = Normalize("http://a/b c")
	var e *Error
	if got != "" || !errors.As(err, &e) || e.Op != "normalize" || e.Offset != 10 || !errors.Is(err, ErrInvalidByte) {
		t.Fatalf("Normalize(invalid) = %q, %v", got, err)
	}
	if want := `uri: normalize: invalid character " " in path at offset 10 of "http://a/b c"`; err.Error() != want {
		t.Errorf("error = %q, want %q", err, want)
	}
}

// TestNormalizeTestdata checks the shared rows: testdata/normalize.jsonl
// holds what `uri normalize --syntax --json` prints, and
// testdata/normalize-default.jsonl what `uri normalize --json` prints.
// Syntax rows are also checked against the slow reference, so that a wrong
// row cannot hide a wrong normalizer.
func TestNormalizeTestdata(t *testing.T) {
	for _, f := range []struct {
		path   string
		n      Normalization
		syntax bool
		min    int
	}{
		{"testdata/normalize.jsonl", SyntaxBased, true, 150},
		{"testdata/normalize-default.jsonl", DefaultNormalization, false, 60},
	} {
		rows := testrows.Read[testrows.Result](t, f.path)
		if len(rows) < f.min {
			t.Errorf("%s: only %d rows", f.path, len(rows))
		}
		for _, row := range rows {
			in := row.Bytes(t)
			u, err := Parse(in)
			if !row.OK {
				_, nerr := Normalize(in)
				if err == nil || nerr == nil || nerr.Error() != row.Error {
					t.Errorf("%s: %q: error %v, want %q", f.path, in, nerr, row.Error)
				}
				continue
			}
			if err != nil {
				t.Errorf("%s: Parse(%q): %v", f.path, in, err)
				continue
			}
			if got := u.NormalizeWith(f.n).String(); got != row.Result {
				t.Errorf("%s: normalizing %q gives %q, the row says %q", f.path, in, got, row.Result)
			}
			if f.syntax {
				if ref := refSyntax(in); ref != row.Result {
					t.Errorf("%s: the reference gives %q for %q, the row says %q", f.path, ref, in, row.Result)
				}
			}
		}
	}
}

// genNormalizable makes references that exercise normalization: generated
// ones, and ones built from dot segments, encodings and known schemes.
func genNormalizable(r *rand.Rand) string {
	if r.IntN(3) == 0 {
		return oracle.Reference(r)
	}
	var b strings.Builder
	if r.IntN(4) > 0 {
		b.WriteString(oracle.Pick(r, "http", "HTTPS", "Ws", "wss", "ftp", "file", "mailto", "foo", "a", "X.Y+Z"))
		b.WriteByte(':')
	}
	authority := r.IntN(3) > 0
	if authority {
		b.WriteString("//")
		if r.IntN(5) == 0 {
			b.WriteString(oracle.Pick(r, "u", "U%3a", "", "%7e:x"))
			b.WriteByte('@')
		}
		b.WriteString(oracle.Pick(r, "example.COM", "%41%62c", "localhost", "LocalHost", "[2001:DB8:0::1]",
			"[::FFFF:1.2.3.4]", "[v1.Ab]", "127.0.0.1", "%31.2.3.4", "", "a.b", "xn--Bcher-kva.de"))
		if r.IntN(3) == 0 {
			b.WriteByte(':')
			b.WriteString(oracle.Pick(r, "", "80", "0080", "443", "21", "8080", "00"))
		}
	}
	segs := []string{".", "..", "%2E", "%2e%2E", "", "a", "B", "%7e", "%2F", "c:d", "...", ".a", "%41", "@"}
	n := r.IntN(7)
	if authority && n > 0 || r.IntN(3) == 0 {
		b.WriteByte('/')
	}
	for i := 0; i < n; i++ {
		if i > 0 {
			b.WriteByte('/')
		}
		b.WriteString(oracle.Pick(r, segs...))
	}
	if r.IntN(3) == 0 {
		b.WriteByte('?')
		b.WriteString(oracle.Pick(r, "", "a=1&b=2", "b=%7e&a=%2f", "%3A%40", "x", "&&"))
	}
	if r.IntN(4) == 0 {
		b.WriteByte('#')
		b.WriteString(oracle.Pick(r, "", "f", "%7E%2f"))
	}
	return b.String()
}

// normalizableInputs returns n references from genNormalizable that parse.
func normalizableInputs(seed uint64, n int) []string {
	r := rand.New(rand.NewPCG(seed, 5952))
	out := make([]string, 0, n)
	for len(out) < n {
		s := genNormalizable(r)
		if _, err := Parse(s); err == nil {
			out = append(out, s)
		}
	}
	return out
}

func propertyCount(t *testing.T) int {
	if oracle.Short() {
		return 3000
	}
	return 60000
}

// TestNormalizeProperties checks, on many generated references: the
// syntax-based result agrees with the slow reference; every set of steps is
// idempotent and gives a value whose fields are those of its parse; what
// normalize relies on holds (see checkEmit).
func TestNormalizeProperties(t *testing.T) {
	r := rand.New(rand.NewPCG(6, 2))
	sets := []Normalization{SyntaxBased, DefaultNormalization, CrawlerNormalization}
	failures := 0
	for _, s := range normalizableInputs(62, propertyCount(t)) {
		if failures > 10 {
			t.Fatal("too many failures")
		}
		u := MustParse(s)
		if got, ref := u.NormalizeWith(SyntaxBased).String(), refSyntax(s); got != ref {
			t.Errorf("NormalizeWith(%q, SyntaxBased) = %q, the reference says %q", s, got, ref)
			failures++
		}
		for _, n := range append(sets, Normalization(r.Uint32()&0x7ff)) {
			v := u.NormalizeWith(n)
			if msg := checkValue(v); msg != "" {
				t.Errorf("NormalizeWith(%q, %#x) = %q: %s", s, uint32(n), v, msg)
				failures++
				continue
			}
			if again := v.NormalizeWith(n); again.String() != v.String() {
				t.Errorf("NormalizeWith(%q, %#x) = %q, and again %q", s, uint32(n), v, again)
				failures++
			}
			if msg := checkEmit(u, n); msg != "" {
				t.Errorf("NormalizeWith(%q, %#x): %s", s, uint32(n), msg)
				failures++
			}
		}
	}
}

// maxGrowth bounds how much longer than its input a normal form is, IDNA
// aside: 6 bytes for an IPv4-mapped IPv6 address written in hex (3 for each
// group of 16 bits: "ffff" is "255.255"), and 1 for the "/" of an empty
// http path. The other steps shorten a reference, or leave its length: a
// "./" or "/." prefix comes with a dot segment removed. normalize counts on
// the bound: the lazy writer makes room for an output a few bytes longer
// than its input.
const maxGrowth = 7

// checkEmit runs emit as normalize does and checks what normalize relies
// on: the writer's verdict "unchanged" holds exactly when the output is the
// input; the output is no longer than the input by more than maxGrowth;
// and a path that is not buffered (see normalizer.buffer) comes out as it
// would have if it were: the quick checks that skip the buffered work must
// never skip a change.
func checkEmit(u URI, n Normalization) string {
	nz := normalizer{u: &u.ref, n: n}
	nz.init()
	if n&NormalizeSortQuery != 0 && u.HasQuery() {
		// Room for one parameter: the list grows past it.
		nz.params = sortParams(u.s, int(u.pathEnd)+1, int(u.queryEnd), nz.queryOpt(), make([]param, 0, 1))
	}
	run := func(emit func(*lazybuf.Writer, *ref)) (out string, v ref, same bool) {
		var w lazybuf.Writer
		w.Reset(u.s, nil, 0)
		emit(&w, &v)
		same = !w.Changed() && w.Len() == len(u.s)
		return w.String(), v, same
	}
	emit := nz.emit
	if nz.untouched {
		emit = func(w *lazybuf.Writer, _ *ref) { w.Copy(0, len(u.s)) } // as normalize does
	}
	out, v, same := run(emit)
	if same != (out == u.s) {
		return fmt.Sprintf("the writer says unchanged=%v, for %q", same, out)
	}
	if g := maxGrowth + len(nz.idna); len(out) > len(u.s)+g {
		return fmt.Sprintf("the output %q is longer than the input by more than %d bytes", out, g)
	}
	if nz.untouched {
		// The reference was copied in one piece: the way through the
		// components must leave it as it is too.
		if parts, _, _ := run(nz.emit); parts != u.s {
			return fmt.Sprintf("the reference is untouched, but emit writes %q", parts)
		}
		v = u.ref
	}
	if !nz.buffer && u.pathEnd > u.pathStart {
		path, prefix := nz.bufferPath(make([]byte, 8)) // short, so that long paths take the other buffer
		if got := out[v.pathStart:v.pathEnd]; got != prefix+string(path) {
			return fmt.Sprintf("the path is not buffered, giving %q, but buffered it is %q", got, prefix+string(path))
		}
	}
	return ""
}

// TestNormalizeCaseInsensitive: the case of the scheme, the host (apart from
// a zone) and percent-encoding hex digits does not change the result
// (RFC 3986, Section 6.2.2.1).
func TestNormalizeCaseInsensitive(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 9))
	for _, s := range normalizableInputs(7, propertyCount(t)/2) {
		u := MustParse(s)
		t2 := recase(r, u)
		v := MustParse(t2)
		for _, n := range []Normalization{SyntaxBased, DefaultNormalization, CrawlerNormalization} {
			if a, b := u.NormalizeWith(n).String(), v.NormalizeWith(n).String(); a != b {
				t.Fatalf("NormalizeWith(%#x): %q gives %q, %q gives %q", uint32(n), s, a, t2, b)
			}
		}
	}
}

// recase changes at random the case of the letters of u's scheme and host
// and of its percent-encodings' hex digits.
func recase(r *rand.Rand, u URI) string {
	b := []byte(u.String())
	flip := func(i int) {
		if c := b[i]; r.IntN(2) == 0 && ('a' <= c && c <= 'z' || 'A' <= c && c <= 'Z') {
			b[i] = c ^ 0x20
		}
	}
	if u.HasScheme() {
		for i := 0; i < int(u.schemeEnd); i++ {
			flip(i)
		}
	}
	for i := int(u.hostStart); i < int(u.hostEnd); i++ {
		flip(i)
	}
	for i := 0; i+2 < len(b); i++ {
		if b[i] == '%' {
			flip(i + 1)
			flip(i + 2)
		}
	}
	return string(b)
}

// TestEquivalentVariants: rewriting a reference in ways that RFC 3986 calls
// equivalent (Sections 2.1, 2.3, 3.2.3, 6.2.2, 6.2.3) never changes its
// normal form.
func TestEquivalentVariants(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 3986))
	for _, s := range normalizableInputs(11, propertyCount(t)/2) {
		u := MustParse(s)
		variant := equivalentVariant(r, u)
		v, err := Parse(variant)
		if err != nil {
			t.Fatalf("variant %q of %q does not parse: %v", variant, s, err)
		}
		if !Equivalent(u, v) {
			t.Fatalf("Equivalent(%q, %q) = false; normal forms %q and %q", s, variant, u.Normalize(), v.Normalize())
		}
	}
}

// equivalentVariant rewrites u: case changes, unreserved characters
// percent-encoded, dot segments added, and for http the default port or an
// empty one added.
func equivalentVariant(r *rand.Rand, u URI) string {
	enc := func(s string, skipBrackets bool) string {
		if skipBrackets && strings.HasPrefix(s, "[") {
			return s
		}
		var b strings.Builder
		for i := 0; i < len(s); i++ {
			if s[i] == '%' {
				b.WriteString(s[i : i+3])
				i += 2
				continue
			}
			if abnf.Classes[s[i]]&abnf.Unreserved != 0 && r.IntN(3) == 0 {
				b.WriteString("%" + strings.ToUpper(hexByte(s[i])))
				continue
			}
			b.WriteByte(s[i])
		}
		return b.String()
	}
	c := MustParse(recase(r, u)).Components()
	c.Userinfo = enc(c.Userinfo, false)
	c.Host = enc(c.Host, true)
	c.Query = enc(c.Query, false)
	c.Fragment = enc(c.Fragment, false)
	path := c.Path
	// Dot segments: "x/.." or "." inserted after a "/" of a path that has
	// one. Relative paths, whose first segment may be special, get them only
	// after their first "/".
	// Not after a leading dot segment of a URI's rootless path: those
	// vanish, but once a segment has been kept and dropped, the path becomes
	// rooted (Section 5.2.4: "x:../a" is "x:a", "x:z/../a" is "x:/a").
	i := strings.IndexByte(path, '/')
	if d := refDecodeDots(path[:max(i, 0)]); i > 0 && c.Scheme != "" && (d == "." || d == "..") {
		i = -1
	}
	if i >= 0 && r.IntN(2) == 0 {
		j := i + 1
		ins := oracle.Pick(r, "./", "x/../", "%2E/", "y/%2e%2E/")
		path = path[:j] + ins + path[j:]
	}
	c.Path = enc(path, false)
	if abnf.EqualFold(c.Scheme, "http") && c.Host != "" && !c.HasPort && r.IntN(2) == 0 {
		c.HasPort, c.Port = true, oracle.Pick(r, "", "80", "080")
	}
	v, err := c.URI()
	if err != nil {
		return "invalid variant: " + err.Error()
	}
	return v.String()
}

func hexByte(c byte) string {
	const digits = "0123456789abcdef"
	return string([]byte{digits[c>>4], digits[c&15]})
}

// TestRelativeNormalizationKeepsMeaning: a relative-path reference and its
// normal form resolve to the same path against any base directory (RFC 3986,
// Section 5.2: remove_dot_segments of the merged path), which is what the
// ruling for relative references promises.
func TestRelativeNormalizationKeepsMeaning(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 24))
	segs := []string{".", "..", "", "a", "b", "c:d", "%2E", ".%2e"}
	bases := []string{"/", "/x/", "/x/y/", "/x//y/", "/x/y/z/w/"}
	n := propertyCount(t)
	for i := 0; i < n; i++ {
		var b strings.Builder
		for k := 1 + r.IntN(6); k > 0; k-- {
			b.WriteString(oracle.Pick(r, segs...))
			if k > 1 {
				b.WriteByte('/')
			}
		}
		p := b.String()
		u, err := ParseRelativeRef(p)
		if err != nil || p == "" || p[0] == '/' || u.HasAuthority() {
			continue
		}
		np := u.NormalizeWith(NormalizeDotSegments | NormalizePercent).Path()
		for _, base := range bases {
			want := refRemoveDotSegments(refDecodeDots(base + p))
			got := refRemoveDotSegments(refDecodeDots(base + np))
			if got != want {
				t.Fatalf("%q normalizes to %q: against %q it gives %q, not %q", p, np, base, got, want)
			}
		}
	}
}

// refDecodeDots decodes "%2E" as Section 6.2.2.2 does before 6.2.2.3.
func refDecodeDots(s string) string {
	return strings.NewReplacer("%2E", ".", "%2e", ".").Replace(s)
}

// TestDotSegmentsMatchReference compares the one-pass dot-segment removal
// with remove_dot_segments transcribed from RFC 3986, Section 5.2.4, on
// rooted and rootless paths of URIs.
func TestDotSegmentsMatchReference(t *testing.T) {
	r := rand.New(rand.NewPCG(52, 4))
	segs := []string{".", "..", "", "a", "bb", "...", ".a"}
	for i := 0; i < propertyCount(t); i++ {
		var b strings.Builder
		if r.IntN(2) == 0 {
			b.WriteByte('/')
		}
		for k := r.IntN(8); k > 0; k-- {
			b.WriteString(oracle.Pick(r, segs...))
			if k > 1 || r.IntN(3) == 0 {
				b.WriteByte('/')
			}
		}
		p := b.String()
		if p == "" || strings.HasPrefix(p, "//") {
			continue
		}
		u, err := Parse("s://h" + p)
		if p[0] != '/' {
			u, err = Parse("s:" + p)
		}
		if err != nil {
			t.Fatal(err)
		}
		want := refRemoveDotSegments(p)
		// The resolver's remove_dot_segments, written independently, agrees.
		if got, _ := dotseg.Remove([]byte(p), 0, dotseg.Options{}); string(got) != want {
			t.Fatalf("removeDotSegments(%q) = %q, want %q", p, got, want)
		}
		if !u.HasAuthority() && strings.HasPrefix(want, "//") {
			want = "/." + want
		}
		if got := u.NormalizeWith(NormalizeDotSegments).Path(); got != want {
			t.Fatalf("dot segments of %q: got %q, remove_dot_segments gives %q", p, got, want)
		}
	}
}

// TestDotSegmentsLinear: many "..", many "." and deep nesting take time
// linear in the input, and a path of many separate pieces is still right.
func TestDotSegmentsLinear(t *testing.T) {
	n := 200000
	if oracle.Short() {
		n = 20000
	}
	for _, tt := range []struct{ in, want string }{
		{"/" + strings.Repeat("a/", n) + strings.Repeat("../", n) + "x", "/x"},
		{"/" + strings.Repeat("a/./", n) + "x", "/" + strings.Repeat("a/", n) + "x"},
		{strings.Repeat("../", n) + "x", strings.Repeat("../", n) + "x"},
		{"/" + strings.Repeat("aaaa/b/../", n) + "x", "/" + strings.Repeat("aaaa/", n) + "x"},
		{"/" + strings.Repeat("x/", n) + strings.Repeat("y/../", n), "/" + strings.Repeat("x/", n)},
	} {
		got := MustParse(tt.in).Normalize().String()
		if got != tt.want {
			t.Errorf("Normalize of a %d-byte path: got %d bytes, want %d", len(tt.in), len(got), len(tt.want))
		}
	}
}

// TestNormalizeAllocs pins the allocation counts: none for a reference that
// is already normal, one (the new text) for the others, and one more for a
// path of more than 256 bytes whose dot segments are removed or for more
// than 32 query parameters to sort.
func TestNormalizeAllocs(t *testing.T) {
	tests := []struct {
		n    Normalization
		in   string
		want float64
	}{
		{DefaultNormalization, "http://example.com/a/b?q=1#f", 0},
		{DefaultNormalization, "", 0},
		{DefaultNormalization, "../a/b.html", 0},
		{DefaultNormalization, "./a:b", 0},
		{DefaultNormalization, "a:/.//b", 0},
		{DefaultNormalization, "http://[2001:db8::1]:8080/", 0},
		{DefaultNormalization, "mailto:Joe@example.com", 0},
		{DefaultNormalization, "HTTP://Example.COM:80/a/./b/../%7e?%3a#%2f", 1},
		{DefaultNormalization, "http://[2001:DB8:0:0:0:0:0:1]/", 1},
		{DefaultNormalization, "http://example.com", 1},
		{DefaultNormalization, "/" + strings.Repeat("a/./", 20) + strings.Repeat("../", 10), 1},
		{DefaultNormalization, "/" + strings.Repeat("a/b/../", 36), 1}, // a path of 253 bytes, worked out on the stack
		{DefaultNormalization, "/" + strings.Repeat("a/b/../", 37), 2}, // 260 bytes: a scratch buffer
		{DefaultNormalization, "/" + strings.Repeat("a/b/../", 5000), 2},
		{DefaultNormalization, "http://a/.well-known/" + strings.Repeat("b.c/", 80), 0}, // no dot segment, however long
		{DefaultNormalization, "http://[::ffff:1.2.3.4]/.x/" + strings.Repeat("%7E/", 80), 1},
		{CrawlerNormalization, "http://a/?" + strings.Repeat("b&a&", 15) + "b&a", 1}, // 32 parameters
		{CrawlerNormalization, "http://a/?" + strings.Repeat("b&a&", 16) + "b", 2},   // 33 parameters
		{SyntaxBased, "http://a/b/c/./../../g", 1},
		{SyntaxBased, "http://example.com:80", 0},
		{CrawlerNormalization, "http://a/?z=1&y=2&x=3#f", 1},
		{CrawlerNormalization, "http://a/?x=1&y=2", 0},
	}
	for _, tt := range tests {
		u := MustParse(tt.in)
		got := testing.AllocsPerRun(100, func() { _ = u.NormalizeWith(tt.n) })
		if got != tt.want {
			t.Errorf("NormalizeWith(%q, %#x): %v allocations, want %v", short(tt.in), uint32(tt.n), got, tt.want)
		}
		if tt.n == DefaultNormalization {
			got := testing.AllocsPerRun(100, func() { _, _ = Normalize(tt.in) })
			if got != tt.want {
				t.Errorf("Normalize(%q): %v allocations, want %v", short(tt.in), got, tt.want)
			}
		}
	}
	// Already normal: the very same string comes back.
	s := "http://example.com/a"
	if got, _ := Normalize(s); got != s || MustParse(s).Normalize() != MustParse(s) {
		t.Error("Normalize of a normal reference did not return it")
	}
	a, b := MustParse("http://A/"), MustParse("http://a")
	if got := testing.AllocsPerRun(100, func() { _ = Equivalent(a, b) }); got != 2 {
		t.Errorf("Equivalent: %v allocations, want 2", got)
	}
}

// TestNormalizePath: a path alone is normalized as NormalizeWith normalizes
// the path of a URI with a scheme (RFC 3986, Sections 5.2.4 and 6.2.2),
// without the prefix that a URI without authority would need, and an
// invalid path is an error of Op "normalize" at its first bad byte.
func TestNormalizePath(t *testing.T) {
	for _, tt := range []struct {
		p    string
		n    Normalization
		want string
		err  int // offset of the error, or -1
	}{
		{"", SyntaxBased, "", -1},
		{"/a/./b/../c", SyntaxBased, "/a/c", -1},                     // Section 5.2.4
		{"/a/%2e%2E/b", SyntaxBased, "/b", -1},                       // "%2E" is "." (Section 2.3)
		{"/%7euser/%41%2f", SyntaxBased, "/~user/A%2F", -1},          // Sections 6.2.2.1 and 6.2.2.2
		{"/%7euser", NormalizeCase, "/%7Euser", -1},                  // one step alone
		{"/a/./b", NormalizePercent, "/a/./b", -1},                   // no dot removal asked
		{"../../g", SyntaxBased, "g", -1},                            // as in a URI with a scheme, not as a relative reference
		{"a/../b", SyntaxBased, "/b", -1},                            // the rootless case of Section 5.2.4
		{"a/..//b", SyntaxBased, "//b", -1},                          // no "/." prefix: it belongs to a URI
		{"/.//b", SyntaxBased, "//b", -1},                            //
		{"/a//b/", SyntaxBased | NormalizeMergeSlashes, "/a/b/", -1}, // a final "/" stays
		{"C:/x", DefaultNormalization, "C:/x", -1},                   // the rules of schemes need a scheme
		{"/.well-known/a", SyntaxBased, "/.well-known/a", -1},
		{"/a b", SyntaxBased, "", 2},
		{"/a%2", SyntaxBased, "", 4}, // the input ends too early
		{"/a?b", SyntaxBased, "", 2},
	} {
		got, err := NormalizePath(tt.p, tt.n)
		if tt.err >= 0 {
			var e *Error
			if !errors.As(err, &e) || e.Op != "normalize" || e.Offset != tt.err || e.Component != Path || got != "" {
				t.Errorf("NormalizePath(%q, %#x) = %q, %v; want an error of Op normalize at %d", tt.p, uint32(tt.n), got, err, tt.err)
			}
			continue
		}
		if err != nil || got != tt.want {
			t.Errorf("NormalizePath(%q, %#x) = %q, %v; want %q", tt.p, uint32(tt.n), got, err, tt.want)
		}
	}
	// A normal path comes back as it is, without allocating.
	p := "/a/b.html/" + strings.Repeat("c/", 200)
	if got := testing.AllocsPerRun(100, func() { _, _ = NormalizePath(p, CrawlerNormalization) }); got != 0 {
		t.Errorf("NormalizePath of a normal path: %v allocations, want 0", got)
	}
	// The paths of the property tests, under random steps.
	r := rand.New(rand.NewPCG(3, 4))
	for _, s := range normalizableInputs(11, propertyCount(t)) {
		u := MustParse(s)
		n := Normalization(r.Uint32()) & 0x7ff
		if msg := checkNormalizePath(u, n); msg != "" {
			t.Errorf("NormalizePath(%q, %#x): %s", u.Path(), uint32(n), msg)
		}
	}
}

// checkNormalizePath compares NormalizePath(u.Path(), n) with the path of
// u.NormalizeWith under the path steps of n, for a u whose path
// NormalizePath reads as NormalizeWith does: one with a scheme, or whose
// path begins with "/". It also checks that the result is normal.
func checkNormalizePath(u URI, n Normalization) string {
	got, err := NormalizePath(u.Path(), n)
	if err != nil {
		return err.Error()
	}
	if again, _ := NormalizePath(got, n); again != got {
		return fmt.Sprintf("gives %q, then %q", got, again)
	}
	if !u.HasScheme() && !strings.HasPrefix(u.Path(), "/") {
		return ""
	}
	m := n & (NormalizeCase | NormalizePercent | NormalizeDotSegments | NormalizeMergeSlashes)
	want := u.NormalizeWith(m).Path()
	if !u.HasAuthority() && m&NormalizeDotSegments != 0 && strings.HasPrefix(want, "/.//") {
		want = want[2:] // the "/." that a URI without authority needs before "//"
	}
	if got != want {
		return fmt.Sprintf("= %q, but the path of NormalizeWith is %q", got, want)
	}
	return ""
}

// TestHasUpper: every byte, at every place of texts of every length up to
// a few words, is an upper-case letter for hasUpper exactly when it is one
// of "A" to "Z".
func TestHasUpper(t *testing.T) {
	for n := 1; n <= 20; n++ {
		b := []byte(strings.Repeat("a", n))
		for i := range n {
			for c := range 256 {
				b[i] = byte(c)
				if got, want := hasUpper(string(b)), 'A' <= c && c <= 'Z'; got != want {
					t.Fatalf("hasUpper(%q) = %v, want %v", b, got, want)
				}
			}
			b[i] = 'a'
		}
	}
}

// TestNormalizeGrowth: the normal forms that are longer than their input,
// each by as much as it can be (see maxGrowth), cost one allocation all
// the same.
func TestNormalizeGrowth(t *testing.T) {
	for _, tt := range []struct {
		in, want string
	}{
		{"http://[::ffff:ffff:ffff]", "http://[::ffff:255.255.255.255]/"}, // RFC 5952, Section 5; RFC 9110, Section 4.2.3
		{"http://[::ffff:a:a]:80", "http://[::ffff:0.10.0.10]/"},
		{"http://[1::1:1:1:1:1:1]", "http://[1:0:1:1:1:1:1:1]/"}, // RFC 5952, Section 4.2.2: no "::" for one 0 field
		{"http://a", "http://a/"},
	} {
		u := MustParse(tt.in)
		if got := u.Normalize().String(); got != tt.want {
			t.Errorf("Normalize(%q) = %q, want %q", tt.in, got, tt.want)
		}
		if g := len(tt.want) - len(tt.in); g > maxGrowth {
			t.Errorf("Normalize(%q) grows by %d bytes, more than maxGrowth", tt.in, g)
		}
		if got := testing.AllocsPerRun(100, func() { _ = u.Normalize() }); got != 1 {
			t.Errorf("Normalize(%q): %v allocations, want 1", tt.in, got)
		}
		if got := testing.AllocsPerRun(100, func() { _, _ = Normalize(tt.in) }); got != 1 {
			t.Errorf("Normalize(%q) of the text: %v allocations, want 1", tt.in, got)
		}
	}
}

// short returns s, or its beginning when it is long, for messages.
func short(s string) string {
	if len(s) > 80 {
		return s[:60] + "..."
	}
	return s
}

// refSyntax is a slow, step-by-step syntax-based normalization (RFC 3986,
// Section 6.2.2), written from the RFC and the rulings without the code's
// tricks: split with Appendix B, each component on its own, then
// recomposition (Section 5.3).
func refSyntax(s string) string {
	v := oracleView(s)
	var out strings.Builder
	hasAuthority := v.HasAuthority
	if v.HasScheme {
		// 6.2.2.1: the scheme is case-insensitive.
		out.WriteString(strings.ToLower(*v.Scheme) + ":")
	}
	if hasAuthority {
		out.WriteString("//")
		if v.HasUserinfo {
			out.WriteString(refPercent(*v.Userinfo) + "@")
		}
		// 6.2.2.2 first, then 6.2.2.1, so that "%41" ends as "a"; the hex
		// digits of what stays encoded stay upper case.
		h := refLowerOutsidePercent(refPercent(*v.Host))
		out.WriteString(h)
		if v.HasPort {
			out.WriteString(":" + *v.Port)
		}
	}
	// 6.2.2.2, then 6.2.2.3 on the decoded path.
	path := refPercent(*v.Path)
	switch {
	case path == "":
	case v.HasScheme || strings.HasPrefix(path, "/"):
		path = refRemoveDotSegments(path)
		if !hasAuthority && strings.HasPrefix(path, "//") {
			path = "/." + path // ruling: keep it from reading as an authority
		}
	default:
		path = refRelativeDots(path)
	}
	out.WriteString(path)
	if v.HasQuery {
		out.WriteString("?" + refPercent(*v.Query))
	}
	if v.HasFragment {
		out.WriteString("#" + refPercent(*v.Fragment))
	}
	return out.String()
}

// refLowerOutsidePercent lower-cases the ASCII letters of s that are not
// the hex digits of a percent-encoding.
func refLowerOutsidePercent(s string) string {
	b := []byte(s)
	for i := 0; i < len(b); i++ {
		if b[i] == '%' {
			i += 2
		} else if 'A' <= b[i] && b[i] <= 'Z' {
			b[i] += 'a' - 'A'
		}
	}
	return string(b)
}

// refPercent decodes percent-encoded unreserved characters and upper-cases
// the hex digits of the others (Sections 2.3, 6.2.2.1, 6.2.2.2).
func refPercent(s string) string {
	const unreserved = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~"
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] != '%' {
			b.WriteByte(s[i])
			continue
		}
		hex := strings.ToUpper(s[i+1 : i+3])
		var c byte
		for _, d := range hex {
			c = c<<4 | byte(strings.IndexRune("0123456789ABCDEF", d))
		}
		if strings.IndexByte(unreserved, c) >= 0 {
			b.WriteByte(c)
		} else {
			b.WriteString("%" + hex)
		}
		i += 2
	}
	return b.String()
}

// refRemoveDotSegments is remove_dot_segments, RFC 3986, Section 5.2.4,
// transcribed rule by rule.
func refRemoveDotSegments(in string) string {
	out := ""
	for in != "" {
		switch {
		// A. If the input buffer begins with a prefix of "../" or "./",
		// then remove that prefix from the input buffer; otherwise,
		case strings.HasPrefix(in, "../"):
			in = in[3:]
		case strings.HasPrefix(in, "./"):
			in = in[2:]
		// B. if the input buffer begins with a prefix of "/./" or "/.",
		// where "." is a complete path segment, then replace that prefix
		// with "/" in the input buffer; otherwise,
		case strings.HasPrefix(in, "/./"):
			in = "/" + in[3:]
		case in == "/.":
			in = "/"
		// C. if the input buffer begins with a prefix of "/../" or "/..",
		// where ".." is a complete path segment, then replace that prefix
		// with "/" in the input buffer and remove the last segment and its
		// preceding "/" (if any) from the output buffer; otherwise,
		case strings.HasPrefix(in, "/../"):
			in = "/" + in[4:]
			out = out[:max(strings.LastIndexByte(out, '/'), 0)]
		case in == "/..":
			in = "/"
			out = out[:max(strings.LastIndexByte(out, '/'), 0)]
		// D. if the input buffer consists only of "." or "..", then remove
		// that from the input buffer; otherwise,
		case in == "." || in == "..":
			in = ""
		// E. move the first path segment in the input buffer to the end of
		// the output buffer, including the initial "/" character (if any)
		// and any subsequent characters up to, but not including, the next
		// "/" character or the end of the input buffer.
		default:
			i := strings.IndexByte(in[1:], '/') + 1
			if i == 0 {
				i = len(in)
			}
			out += in[:i]
			in = in[i:]
		}
	}
	return out
}

// refRelativeDots applies the ruling for relative-path references to a
// decoded path: drop "." segments and "segment/.." pairs, keep the ".."
// segments that nothing cancels, and keep the meaning with "./" in front
// when the result would be empty, start with "/" or have a ":" in its first
// segment.
func refRelativeDots(path string) string {
	var kept []string
	ups := 0
	final := false   // a final "." or ".." makes a final "/"
	finalUp := false // the path ends with a ".." that is kept
	segs := strings.Split(path, "/")
	for i, seg := range segs {
		final = false
		switch seg {
		case ".":
			final = i == len(segs)-1
		case "..":
			if len(kept) > 0 {
				kept = kept[:len(kept)-1]
			} else {
				ups++
				finalUp = i == len(segs)-1
			}
			final = i == len(segs)-1
		default:
			kept = append(kept, seg)
		}
	}
	res := strings.Join(kept, "/")
	if final && len(kept) > 0 {
		res += "/"
	}
	if ups == 0 && (res == "" || res[0] == '/' || strings.Contains(strings.SplitN(res, "/", 2)[0], ":")) {
		res = "./" + res
	}
	res = strings.Repeat("../", ups) + res
	if ups > 0 && len(kept) == 0 && finalUp {
		res = strings.TrimSuffix(res, "/") // the ".." that ends the path stays as it is
	}
	return res
}

// FuzzNormalize checks the invariants of normalization on any input that
// parses: each set of steps gives a value that parses to itself and is
// normal, and, if its steps keep the meaning, is Equivalent to the input;
// the syntax-based result agrees with the slow reference; the case of the
// scheme, the host and the hex digits does not matter; NormalizePath
// normalizes the path as NormalizeWith does.
func FuzzNormalize(f *testing.F) {
	for _, file := range []string{"testdata/normalize.jsonl", "testdata/normalize-default.jsonl"} {
		for _, row := range testrows.Read[testrows.Result](f, file) {
			f.Add(row.Input, uint32(len(row.Input)))
		}
	}
	f.Add("HTTP://a/./b/../%7e", uint32(CrawlerNormalization))
	f.Fuzz(func(t *testing.T, s string, bits uint32) {
		r := rand.New(rand.NewPCG(uint64(len(s)), uint64(bits)))
		u, err := Parse(s)
		if err != nil {
			if _, nerr := Normalize(s); nerr == nil {
				t.Fatalf("Normalize(%q) accepted what Parse rejects", s)
			}
			return
		}
		if got, ref := u.NormalizeWith(SyntaxBased).String(), refSyntax(s); got != ref {
			t.Fatalf("NormalizeWith(%q, SyntaxBased) = %q, the reference says %q", s, got, ref)
		}
		for _, n := range []Normalization{SyntaxBased, DefaultNormalization, CrawlerNormalization, Normalization(bits & 0x7ff)} {
			v := u.NormalizeWith(n)
			if msg := checkValue(v); msg != "" {
				t.Fatalf("NormalizeWith(%q, %#x) = %q: %s", s, uint32(n), v, msg)
			}
			if again := v.NormalizeWith(n); again != v {
				t.Fatalf("NormalizeWith(%q, %#x) = %q, then %q", s, uint32(n), v, again)
			}
			if msg := checkEmit(u, n); msg != "" {
				t.Fatalf("NormalizeWith(%q, %#x): %s", s, uint32(n), msg)
			}
			if msg := checkNormalizePath(u, n); msg != "" {
				t.Fatalf("NormalizePath(%q, %#x): %s", u.Path(), uint32(n), msg)
			}
			// Steps that keep the meaning keep the normal form too: the
			// result of any of them is Equivalent to the input (RFC 3986,
			// Section 6.2: no step of the ladder changes what is identified).
			if n&^DefaultNormalization == 0 && (!Equivalent(u, v) || !Equivalent(v, u)) {
				t.Fatalf("NormalizeWith(%q, %#x) = %q, not Equivalent to the input", s, uint32(n), v)
			}
			if n&NormalizeCase == 0 {
				continue
			}
			if w := MustParse(recase(r, u)).NormalizeWith(n); w != v {
				t.Fatalf("NormalizeWith(%#x): %q gives %q, a recased form gives %q", uint32(n), s, v, w)
			}
		}
		if !Equivalent(u, u.Normalize()) {
			t.Fatalf("%q is not Equivalent to its normal form", s)
		}
		if got, err := Normalize(s); err != nil || got != u.Normalize().String() {
			t.Fatalf("Normalize(%q) = %q, %v; the method gives %q", s, got, err, u.Normalize())
		}
	})
}

// TestDotSegmentIn: the quick check finds every dot segment, "." or "..",
// each dot written "." or "%2E", wherever it is, but the leading ".."
// segments of a relative-path reference; and no other segment, so that a
// normal path with ".well-known" in it is not worked out in a buffer.
func TestDotSegmentIn(t *testing.T) {
	for _, tt := range []struct {
		p        string
		relative bool
		want     bool
	}{
		{"", false, false},
		{"/a/b.html", false, false},
		{"a.b.c/d.e", false, false},
		{".", false, true},
		{"./a", false, true},
		{"/a/./b", false, true},
		{"/a.b/..", false, true},
		{"/x.y.z/w.v/.", false, true},
		{"a.", false, false},
		{"/a/%2E/b", false, true},
		{"/a/%2e", false, true},
		{"%2E", false, true},
		{"/a%2E", false, false},
		{"/a/%41", false, false},
		{"/a/.", false, true},
		{"../a", false, true},
		{"../a", true, false},
		{"../../img/logo.png", true, false},
		{"..", true, false},
		{"../..", true, false},
		{"../../", true, false},
		{"../.", true, true},
		{"../a/..", true, true},
		{"./../a", true, true},
		{"..a/b", true, false}, // a segment that starts with "." is not a dot segment
		{"/.well-known/a", false, false},
		{"/a/.../b", false, false},
		{"/a/..%2E/b", false, false},
		{"/a/.%2e/b", false, true},
		{"/a/%2E./b", false, true},
		{"/a/%2Ex", false, false},
		{"/a.b/c.d/..", false, true},
		{"../%2E%2E/a", true, true},
		{"%2E%2E/a", true, true},
	} {
		if got := dotSegmentIn(tt.p, true, tt.relative); got != tt.want {
			t.Errorf("dotSegmentIn(%q, true, %v) = %v, want %v", tt.p, tt.relative, got, tt.want)
		}
	}
}

// checkAppendNormalize is checkAppendResolve for AppendNormalize and
// URI.Normalize.
func checkAppendNormalize(t *testing.T, u URI) {
	t.Helper()
	want := u.Normalize().String()
	if got := AppendNormalize(nil, u); string(got) != want {
		t.Fatalf("AppendNormalize(nil, %q) = %q, want %q", u, got, want)
	}
	dst := append(make([]byte, 0, 8), appendPrefix...)
	if got := AppendNormalize(dst, u); string(got) != appendPrefix+want {
		t.Fatalf("AppendNormalize(%q, %q) = %q, want %q", appendPrefix, u, got, appendPrefix+want)
	}
	// Room for the result alone is enough for the text; room for both u's
	// text and the result leaves dst in place, as the doc says.
	exact := append(make([]byte, 0, len(appendPrefix)+len(want)), appendPrefix...)
	if got := AppendNormalize(exact, u); string(got) != appendPrefix+want {
		t.Fatalf("AppendNormalize(%q with room for the result, %q) = %q, want %q", appendPrefix, u, got, appendPrefix+want)
	}
	roomy := append(make([]byte, 0, len(appendPrefix)+max(len(want), len(u.String()))), appendPrefix...)
	if got := AppendNormalize(roomy, u); string(got) != appendPrefix+want || &got[0] != &roomy[0] {
		t.Fatalf("AppendNormalize(%q with room, %q) = %q, want %q in place", appendPrefix, u, got, appendPrefix+want)
	}
}

// TestAppendNormalize: the rows of testdata/normalize-default.jsonl and the
// corpus, already normal and not, give the text of URI.Normalize.
func TestAppendNormalize(t *testing.T) {
	n := 0
	for _, row := range testrows.Read[testrows.Result](t, "testdata/normalize-default.jsonl") {
		if u, err := Parse(row.Bytes(t)); err == nil {
			checkAppendNormalize(t, u)
			n++
		}
	}
	for _, s := range normalizeShapes {
		checkAppendNormalize(t, MustParse(s.in))
	}
	for _, u := range corpusURIs(t) {
		checkAppendNormalize(t, u)
		checkAppendNormalize(t, MustParse(strings.ToUpper(u.Scheme())+u.String()[len(u.Scheme()):]))
	}
	long := MustParse("http://a/" + strings.Repeat("b/./", 200) + "c")
	checkAppendNormalize(t, long)
	if n < 60 {
		t.Errorf("only %d rows", n)
	}
}

// TestAppendNormalizeAllocs: AppendNormalize allocates nothing when dst
// has room, over the whole corpus counted as one run; and a dst without
// room grows once, whether the URI is normal or not.
func TestAppendNormalizeAllocs(t *testing.T) {
	us := corpusURIs(t)
	base := MustParse("http://example.com/a/b/c?q")
	notNormal := MustParse("HTTP://Example.COM:80/a/./b/%7e")
	buf := make([]byte, 0, 1<<16)
	tests := []struct {
		name string
		run  func()
		want float64
	}{
		{"AppendNormalize, corpus", func() {
			for _, u := range us {
				buf = AppendNormalize(buf[:0], u)
			}
		}, 0},
		{"AppendNormalize into nil", func() { sinkBytes = AppendNormalize(nil, base) }, 1},
		{"AppendNormalize into nil, not normal", func() { sinkBytes = AppendNormalize(nil, notNormal) }, 1},
	}
	for _, tt := range tests {
		if got := testing.AllocsPerRun(1, tt.run); got != tt.want {
			t.Errorf("%s: %v allocations, want %v", tt.name, got, tt.want)
		}
	}
}
