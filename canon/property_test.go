package canon

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/gouri/uri"
	"github.com/gouri/uri/whatwg"
)

// optionSets are the sets of options that every invariant is checked
// under: each combination of the three.
func optionSets(p Profile) []Canonicalizer {
	var out []Canonicalizer
	for i := range 8 {
		c := Canonicalizer{Profile: p, SortQuery: i&2 != 0, DropFragment: i&4 != 0}
		if i&1 != 0 {
			c.DropParams = TrackingParams()
		}
		out = append(out, c)
	}
	return out
}

// urlPieces are the bits that randomURL strings together: those where
// the profiles have parsed, decoded or re-read the input otherwise than a
// second run did (double-encoded dots, full-width digits and dots, IDNA,
// brackets, opaque paths).
var urlPieces = [...][]string{
	// scheme
	{"http://", "https://", "HTTP://", "file://", "foo://", "ws://", "sc:", "javascript:", "mailto:", "", "dns:", "ftp://", "http:", "http:/",
		"http:///", "HTTPS:////", "http://https://", "ftp:///"},
	// userinfo, host and port
	{"a", "b.", "www.", "www2.", "[a%0Ab]", "[::1%09]", "www.0x7f.", "WWW.", "xn--", "é", "ß", "\u00ad", "１", "９", "０x", "．", "。", ".", "..", "%2e", "%2E", "%252e", "[", "]", "::1",
		"1.2.3.4", "0x7f", "%0a", "%00", "%20", "@", "u:p@", ":80", ":8080", ":", "%5b", "%41", "1", "0", "169", "%3a", "\\", ",", "a,b", "%25"},
	// path
	{"/", ".", "..", "%2e", "%2E", "%252e", "%252E%2E", "%2f", "%2F", "%252f", "%5c", "%5C", "\\", "//", "a", "A", ";jsessionid=1", "(", ")", "%7e", "~",
		"%7C", "|", "C:", "%2525", "%", "%3f", "%23", "é", "%c3%a9", "%C3", "\x00", " ", "index.aspx", "www"},
	// query
	{"?", "&", "=", "a", "b=2", "utm_source=1", "UTM_Source=x", "jsessionid=1", "PHPSESSID=0123456789abcdef0123456789abcdef", "%26", "%3d", "+", "%2b", "%252e", "%23", "é", "A", "id=5", "id2=3", "&&"},
	// fragment
	{"#", "x", "%23", "#", " ", "é", "%2e"},
}

// randomURL returns a URL-ish string: a scheme, then pieces of the host,
// path, query and fragment, with a tab or a space now and then.
func randomURL(r *rand.Rand) string {
	var b strings.Builder
	for part, pieces := range urlPieces {
		n := 1 + r.IntN(4)
		if part == 0 {
			n = 1
		} else if part >= 3 && r.IntN(2) == 0 {
			continue
		}
		if part == 3 {
			b.WriteByte('?')
		} else if part == 4 {
			b.WriteByte('#')
		}
		for range n {
			b.WriteString(pieces[r.IntN(len(pieces))])
			switch r.IntN(40) {
			case 0:
				b.WriteByte('\t')
			case 1:
				b.WriteByte('\r')
			}
		}
	}
	return b.String()
}

// TestIdempotentRandom: canon(canon(x)) == canon(x) and SURT(canon(x)) ==
// SURT(x) for every profile, over random inputs made of the pieces where
// a second run used to change a key, each with a random set of options.
func TestIdempotentRandom(t *testing.T) {
	n := 100000
	if testing.Short() {
		n = 10000
	}
	r := rand.New(rand.NewPCG(1, 2))
	failures := 0
	for range n {
		s := randomURL(r)
		for _, p := range profiles {
			sets := optionSets(p)
			c := sets[r.IntN(len(sets))]
			msg := checkIdempotent(c, s)
			if msg == "" && p == SafeBrowsing {
				msg = checkLookup(s)
			}
			if msg == "" {
				msg = checkCanonURL(c, s)
			}
			if msg != "" {
				if failures++; failures <= 20 {
					t.Error(msg)
				}
			}
		}
	}
	if failures > 0 {
		t.Errorf("%d failures over %d inputs", failures, n)
	}
}

// checkIdempotent returns what is wrong with c's key of s: a key that is
// not its own key, or a SURT key that differs from the one of the key.
func checkIdempotent(c Canonicalizer, s string) string {
	k, err := c.Canon(s)
	if err != nil {
		return ""
	}
	for i := 0; i < len(k); i++ {
		if k[i] < ' ' || k[i] == 0x7f || k[i] == ' ' && c.Profile != WHATWG {
			return sprintf("%+v: Canon(%q) = %q, with the byte %#x raw", c, s, k, k[i])
		}
	}
	if k2, err := c.Canon(k); err != nil || k2 != k {
		return sprintf("%+v: Canon(%q) = %q; again %q, %v", c, s, k, k2, err)
	}
	s1, err1 := c.SURT(s)
	s2, err2 := c.SURT(k)
	if s1 != s2 || (err1 == nil) != (err2 == nil) {
		return sprintf("%+v: SURT(%q) = %q, %v; SURT(%q) = %q, %v", c, s, s1, err1, k, s2, err2)
	}
	if strings.ContainsFunc(s1, func(r rune) bool { return r < ' ' || r == 0x7f }) {
		return sprintf("%+v: SURT(%q) = %q, with a control byte raw", c, s, s1)
	}
	if labels, ok := surtLabels(s1); ok && (labels == "" || labels[0] == ',' || labels[len(labels)-1] == ',' || strings.Contains(labels, ",,")) {
		return sprintf("%+v: SURT(%q) = %q, with an empty label", c, s, s1)
	}
	return ""
}

// surtLabels returns the labels of the host of a SURT key, joined by ","
// as the key writes them, and reports whether the key has a host of
// labels that it can tell: not an IP literal, nor the key of a URL without
// a host, which has its scheme and ":" before any ")", nor a host with a
// ")" of its own.
func surtLabels(key string) (string, bool) {
	head, rest, ok := strings.Cut(key, ")")
	if !ok || strings.HasPrefix(head, "[") || rest != "" && !strings.ContainsRune("/?#", rune(rest[0])) {
		return "", false
	}
	if i := strings.LastIndexByte(head, ':'); i >= 0 && strings.Trim(head[i+1:], "0123456789") == "" {
		head = head[:i] // the port
	}
	return head, !strings.Contains(head, ":")
}

var sprintf = fmt.Sprintf

// checkLookup returns what is wrong with the lookup expressions of s: an
// expression whose host has an empty label ("a..b", ".a", "a.").
func checkLookup(s string) string {
	exprs, err := LookupExpressions(s)
	if err != nil {
		return ""
	}
	for _, e := range exprs {
		host, _, _ := strings.Cut(e, "/")
		if host == "" || strings.Contains(host, "..") || host[0] == '.' || host[len(host)-1] == '.' {
			return sprintf("LookupExpressions(%q) has %q, with an empty label", s, e)
		}
	}
	return ""
}

// TestIdempotentCases: the inputs whose keys a second run changed, each
// with the profile it pins.
func TestIdempotentCases(t *testing.T) {
	for _, c := range []struct {
		why  string
		p    Profile
		in   string
		want string
	}{
		{"a double-encoded dot is the text %2e, decoded once (RFC 3986, Section 6.2.2.2)", Semantic, "http://a/%252e/b", "http://a/%252e/b"},
		{"a double-encoded dot-dot is no dot segment either", Semantic, "http://a/x/%252E%2E/b", "http://a/x/%252E./b"},
		{"a double-encoded dot-dot, aggressive", Aggressive, "http://a/x/%252e%252e/b", "http://a/x/%252e%252e/b"},
		{"a non-special path too", Semantic, "foo://h/x/%252e%252e/y", "foo://h/x/%252e%252e/y"},
		{"a dot segment that cutting ;jsessionid= leaves", Aggressive, "http://h/a/.;jsessionid=1", "http://h/a"},
		{"an encoded backslash stays encoded in a special path (the parser reads \\ as /)", Semantic, "http://h/a%5Cb", "http://h/a%5Cb"},
		{"an encoded backslash, aggressive", Aggressive, "http://h/a%5cb", "http://h/a%5cb"},
		{"www.www. loses every www label (gave http://www.example.com/)", Aggressive, "http://www.www.example.com/", "http://example.com/"},
		{"www2.www. too", Aggressive, "http://www2.www.example.com/", "http://example.com/"},
		{"a www label before a bracket stays: the rest would read as an IP literal", Archive, "http://www.%5Ba%5D.b/", "http://www.[a].b/"},
		{"an opaque path keeps / encoded: no authority from decoding", Semantic, "javascript:%2f%2fevil.example/%0aalert(1)", "javascript:%2F%2Fevil.example/%0Aalert(1)"},
		{"an opaque path, aggressive", Aggressive, "javascript:%2f%2fevil.example/%0aalert(1)", "javascript:%2F%2Fevil.example/%0Aalert(1)"},
		{"an opaque path stays opaque (gave sc:/A, then sc:/a)", Aggressive, "sc:%2fA", "sc:%2FA"},
		{"an opaque path stays opaque, semantic", Semantic, "sc:%2fA", "sc:%2FA"},
		{"Safe Browsing: IDNA's full stop, then the host's dots (gave http://a.b.c.d..e/)", SafeBrowsing, "http://a.b.c.d\u3002\r.e/", "http://a.b.c.d.e/"},
		{"the archive's key of a URL with no authority holds no raw control byte", Archive, " dns:a\x01b ", "dns:a%01b"},
	} {
		got, err := Canon(c.in, c.p)
		if got != c.want || err != nil {
			t.Errorf("%s: Canon(%q, %v) = %q, %v; want %q", c.why, c.in, c.p, got, err, c.want)
			continue
		}
		if again, err := Canon(got, c.p); again != got || err != nil {
			t.Errorf("%s: Canon(%q, %v) = %q, %v; not its own key", c.why, got, c.p, again, err)
		}
	}
}

// TestSafeBrowsingAfterIDNA: the Safe Browsing steps normalize a host
// after IDNA has mapped it, so that no spelling that IDNA maps evades a
// blocklist entry written in ASCII (the document's host step, applied to
// the name a browser looks up).
func TestSafeBrowsingAfterIDNA(t *testing.T) {
	for _, c := range []struct {
		why, in, want string
		exprs         []string
	}{
		{"full-width hexadecimal IPv4: the address a browser reaches", "http://\uff10x\uff10\uff11\uff10\uff12\uff10\uff13\uff10\uff14/", "http://1.2.3.4/", []string{"1.2.3.4/"}},
		{"full-width digits and a three-part IPv4 (169.254.43518)", "http://\uff11\uff16\uff19.\uff12\uff15\uff14.\uff14\uff13\uff15\uff11\uff18/", "http://169.254.169.254/", []string{"169.254.169.254/"}},
		{"an ideographic full stop next to a dot is one empty label", "http://a\u3002.b/", "http://a.b/", []string{"a.b/"}},
		{"a full-width full stop at the end", "http://a.b.c\uff0e/x", "http://a.b.c/x", []string{"a.b.c/", "a.b.c/x", "b.c/", "b.c/x"}},
		{"a label IDNA maps to nothing", "http://a.\u00ad.b.c/", "http://a.b.c/", []string{"a.b.c/", "b.c/"}},
		{"an escaped byte in an IP literal stays escaped (gave a raw newline)", "http://[a%0Ab]/", "http://[a%0Ab]/", []string{"[a%0Ab]/"}},
		{"an escaped space in an IP literal", "http://[::1%20]/", "http://[::1%20]/", []string{"[::1%20]/"}},
	} {
		got, err := Canon(c.in, SafeBrowsing)
		if got != c.want || err != nil {
			t.Errorf("%s: Canon(%q, SafeBrowsing) = %q, %v; want %q", c.why, c.in, got, err, c.want)
		}
		exprs, err := LookupExpressions(c.in)
		if diff := cmp.Diff(c.exprs, exprs); diff != "" || err != nil {
			t.Errorf("%s: LookupExpressions(%q): %v (-want +got)\n%s", c.why, c.in, err, diff)
		}
		if k, err := SURT(c.in); err != nil || strings.ContainsAny(k, "\n\r\t ") {
			t.Errorf("%s: SURT(%q) = %q, %v", c.why, c.in, k, err)
		}
	}
}

// checkCanonURL returns what is wrong with c.CanonURL of the URL Standard's
// parse of s: a key or an error other than those of Canon of its href.
func checkCanonURL(c Canonicalizer, s string) string {
	u, err := whatwg.Parse(s)
	if err != nil {
		return ""
	}
	k1, err1 := c.CanonURL(u)
	k2, err2 := c.Canon(u.Href())
	if k1 != k2 || (err1 == nil) != (err2 == nil) || err1 != nil && err1.Error() != err2.Error() {
		return sprintf("%+v: CanonURL(%q) = %q, %v; Canon(href) = %q, %v", c, u.Href(), k1, err1, k2, err2)
	}
	return ""
}

// TestCanonRef: the key of a link on a page is the key of the URL a
// browser resolves it to; base comes first, as in uri.Resolve.
func TestCanonRef(t *testing.T) {
	for _, c := range []struct {
		why       string
		c         Canonicalizer
		base, ref string
		want      string
	}{
		{"URL Standard, section 4.4: a relative path", Canonicalizer{}, "https://example.com/docs/index.html", "../a/./b?x#f", "https://example.com/a/b?x#f"},
		{"the options apply to the resolved URL", Canonicalizer{DropParams: TrackingParams(), DropFragment: true}, "https://example.com/d/p", "q?utm_source=x&id=1#top", "https://example.com/d/q?id=1"},
		{"semantic: one parse, then the semantic steps", Canonicalizer{Profile: Semantic}, "https://example.com/d/p", "%7Euser/?b&a", "https://example.com/d/~user/?a&b"},
		{"aggressive", Canonicalizer{Profile: Aggressive}, "https://www.example.com/d/p", "X/?PHPSESSID=0123456789abcdef0123456789abcdef", "http://example.com/d/x"},
		{"safebrowsing reads the resolved href", Canonicalizer{Profile: SafeBrowsing}, "http://example.com:8080/", "/%2541", "http://example.com/A"},
		{"archive reads the resolved href", Canonicalizer{Profile: Archive}, "http://www.example.com/", "A/?b&a", "http://example.com/a?a&b"},
		{"an absolute reference ignores the base", Canonicalizer{Profile: Semantic}, "https://example.com/", "HTTP://Other.example:80/x", "http://other.example/x"},
		{"tabs and newlines in an href are read away, as a browser does", Canonicalizer{}, "https://example.com/", "\t/a\n/b ", "https://example.com/a/b"},
	} {
		got, err := c.c.CanonRef(c.base, c.ref)
		if got != c.want || err != nil {
			t.Errorf("%s: %+v.CanonRef(%q, %q) = %q, %v; want %q", c.why, c.c, c.base, c.ref, got, err, c.want)
		}
	}
	for _, c := range []struct {
		why, base, ref, name, input string
		reason                      error
	}{
		{"the base fails: Name base, Input base", "nope", "x", "base", "nope", whatwg.ErrMissingSchemeNonRelativeURL},
		{"the reference fails: Input ref", "http://a/", "http://a b/", "semantic", "http://a b/", whatwg.ErrDomainToASCII},
		{"the key fails: Input the resolved href", "http://a/", "//.../", "semantic", "http://.../", uri.ErrNoHost},
	} {
		_, err := Canonicalizer{Profile: Semantic}.CanonRef(c.base, c.ref)
		var e *uri.Error
		if !errors.As(err, &e) || e.Op != OpCanon || e.Name != c.name || e.Input != c.input || !errors.Is(err, c.reason) {
			t.Errorf("%s: CanonRef(%q, %q) = %#v; want a *uri.Error named %q on %q for %v", c.why, c.base, c.ref, err, c.name, c.input, c.reason)
		}
	}
	if _, err := (Canonicalizer{}).CanonURL(whatwg.URL{}); err == nil {
		t.Error("CanonURL(zero URL) succeeded")
	}
	u := whatwg.MustParse("https://example.com/a?b#c")
	if n := testing.AllocsPerRun(10, func() { _, _ = Canonicalizer{}.CanonURL(u) }); n != 0 {
		t.Errorf("CanonURL(%q) under WHATWG without options: %v allocations, want 0", u.Href(), n)
	}
}

// TestDepartures: the rows of the package documentation's "Where the
// profiles depart from urlcanon", each against urlcanon's reading.
func TestDepartures(t *testing.T) {
	for _, c := range []struct {
		why, urlcanon string
		p             Profile
		in, want      string
	}{
		{"%2F stays encoded in a path", "http://h/a/b", Semantic, "http://h/a%2fb", "http://h/a%2Fb"},
		{"decoded once: %2561 is the text %61", "http://h/a", Semantic, "http://h/%2561", "http://h/%2561"},
		{"decoded once: %2525 is the text %25", "http://h/%25", Semantic, "http://h/%2525", "http://h/%2525"},
		{"a reserved character stays encoded", "http://h/@", Semantic, "http://h/%40", "http://h/%40"},
		{"a reserved character stays encoded, aggressive", "http://h/pa!th", Aggressive, "http://h/pa%21th", "http://h/pa%21th"},
		{"= in a value stays as written", "http://h/?a=b%3Dc", Semantic, "http://h/?a=b=c", "http://h/?a=b=c"},
		{"%3D in a value stays as written", "http://h/?a=b%3Dc", Semantic, "http://h/?a=b%3dc", "http://h/?a=b%3Dc"},
		{"%2B stays encoded: + is a space in form data", "http://h/?a=+", Semantic, "http://h/?a=%2b", "http://h/?a=%2B"},
		{"any-length ;jsessionid= is cut", "http://h/a;jsessionid=x1", Aggressive, "http://h/a;jsessionid=X1", "http://h/a"},
		{"www is kept when one label would follow", "http://com/", Aggressive, "http://www.com/", "http://www.com/"},
		{"wwwN is kept when one label would follow", "http://com/", Aggressive, "http://www2.com/", "http://www2.com/"},
	} {
		if got, err := Canon(c.in, c.p); got != c.want || err != nil {
			t.Errorf("%s (urlcanon: %q): Canon(%q, %v) = %q, %v; want %q", c.why, c.urlcanon, c.in, c.p, got, err, c.want)
		}
	}
}

// TestDecodeOnce: Semantic and Aggressive decode a percent-escape once,
// as a server does (RFC 3986, Section 6.2.2.2: an escape of an unreserved
// character is that character), and keep encoded the reserved characters
// (Section 2.2) and "%": the URLs of each pair name different resources
// and keep different keys, where decoding until no escape is left, as the
// SafeBrowsing profile must, merged them.
func TestDecodeOnce(t *testing.T) {
	for _, c := range []struct {
		why        string
		a, b       string
		keyA, keyB string // under Semantic
	}{
		{"%252F is the text %2F, %2F a slash in a segment", "http://example.com/a%252Fb", "http://example.com/a%2Fb", "http://example.com/a%252Fb", "http://example.com/a%2Fb"},
		{"in the query: %2526 is the text %26, %26 an ampersand in a value", "http://example.com/?x=%2526", "http://example.com/?x=%26", "http://example.com/?x=%2526", "http://example.com/?x=%26"},
		{"%2525 is the text %25, %25 a percent sign", "http://example.com/%2525", "http://example.com/%25", "http://example.com/%2525", "http://example.com/%25"},
		{"%252e%252e is a segment, no dot segment", "http://example.com/%252e%252e/x", "http://example.com/x", "http://example.com/%252e%252e/x", "http://example.com/x"},
		{"Section 2.2: %3B and ; may delimit differently", "http://example.com/a%3bb", "http://example.com/a;b", "http://example.com/a%3Bb", "http://example.com/a;b"},
		{"Section 2.2: %3D in a value is no delimiter", "http://example.com/?a=b%3dc", "http://example.com/?a=b=c", "http://example.com/?a=b%3Dc", "http://example.com/?a=b=c"},
	} {
		for _, p := range []Profile{Semantic, Aggressive} {
			ka, errA := Canon(c.a, p)
			kb, errB := Canon(c.b, p)
			if errA != nil || errB != nil || ka == kb {
				t.Errorf("%s: Canon(%q, %v) = %q, %v and Canon(%q, %v) = %q, %v; want two keys", c.why, c.a, p, ka, errA, c.b, p, kb, errB)
			}
			if p == Semantic && (ka != c.keyA || kb != c.keyB) {
				t.Errorf("%s: Canon(%q, Semantic) = %q, Canon(%q, Semantic) = %q; want %q and %q", c.why, c.a, ka, c.b, kb, c.keyA, c.keyB)
			}
		}
	}
	// Section 6.2.2.2: what decoding once does merge.
	for _, c := range []struct{ why, a, b string }{
		{"an unreserved character", "http://example.com/%7Euser/%41", "http://example.com/~user/A"},
		{"the case of the hex digits", "http://example.com/a%2fb?q=%3d", "http://example.com/a%2Fb?q=%3D"},
		{"a byte outside ASCII", "http://example.com/caf%c3%a9", "http://example.com/café"},
	} {
		for _, p := range []Profile{Semantic, Aggressive} {
			ka, errA := Canon(c.a, p)
			kb, errB := Canon(c.b, p)
			if errA != nil || errB != nil || ka != kb {
				t.Errorf("%s: Canon(%q, %v) = %q, %v and Canon(%q, %v) = %q, %v; want one key", c.why, c.a, p, ka, errA, c.b, p, kb, errB)
			}
		}
	}
}
