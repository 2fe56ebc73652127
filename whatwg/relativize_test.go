package whatwg

import (
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/gouri/uri/internal/oracle"
	"github.com/gouri/uri/internal/testrows"
)

// relativizeTests are (base, target) pairs with the string that
// Relativize must return; every row also resolves back (checkRelativize).
var relativizeTests = []struct {
	base, target, want string
	why                string
}{
	// Section 4.4, relative state: the forms of RFC 3986, Section 5.4.1, as
	// a browser reads them.
	{"http://a/b/c/d;p?q", "http://a/b/c/g", "g", "a sibling"},
	{"http://a/b/c/d;p?q", "http://a/b/c/g/", "g/", "a sibling directory"},
	{"http://a/b/c/d;p?q", "http://a/g", "/g", "an absolute path, shorter than ../../g"},
	{"http://a/b/c/d;p?q", "http://a/b/g", "../g", "one segment up"},
	{"http://a/b/c/d;p?q", "http://a/b/c/", ".", "the directory itself"},
	{"http://a/b/c/d;p?q", "http://a/b/", "..", "the parent directory"},
	{"http://a/b/c/d;p?q", "http://a/", "/", "the root"},
	{"http://a/b/c/d;p?q", "http://a/b/c/d;p?y", "?y", "a query"},
	{"http://a/b/c/d;p?q", "http://a/b/c/d;p?q#s", "#s", "a fragment"},
	{"http://a/b/c/d;p?q", "http://a/b/c/d;p?q", "", "the base itself"},
	{"http://a/b/c/d;p?q#f", "http://a/b/c/d;p?q", "", `"" drops the base's fragment`},
	{"http://a/b/c/d;p?q#f", "http://a/b/c/d;p?q#f", "#f", "the base with its fragment"},
	{"http://a/b/c/d;p?q#f", "http://a/b/c/d;p?q#", "#", "an empty fragment is not a null one"},
	{"http://a/b/c/d;p?q", "http://a/b/c/d;p?", "?", "an empty query is not a null one"},
	{"http://a/b/c/d;p?q", "http://a/b/c/d;p", "d;p", "no query: the last segment again"},
	{"http://a/b/c/?q", "http://a/b/c/", ".", "no query, the path ends in /"},
	{"http://a/?q", "http://a/", ".", `"." before "/" on a tie`},
	{"http://a/b/c/d;p?q", "http://a/b/c/g?y#s", "g?y#s", "a path keeps the target's query and fragment"},
	{"http://a/b/c/d", "http://a/b/c/a:b", "./a:b", `"a:b" would be a URL of scheme "a" (scheme state)`},
	{"http://a/b/c/d", "http://a/b/c/http:b", "./http:b", `"http:b" would be relative to the base's host, as "b"`},
	{"http://a/b/c/d", "http://a/b/c/1:b", "1:b", `"1" is no scheme: the scheme start state wants an alpha`},
	{"http://a/b/c/d", "http://a/b/x/a:b", "../x/a:b", `after "../", ":" is no scheme`},
	{"http://a/b/c/d", "http://a/b/c//x", ".//x", `"//x" would be a host`},
	{"http://a/b/c/d", "http://a//x", "/.//x", `"/." keeps "//" from being a host`},
	{"http://a/b/c/d", "http://a/b//x", "..//x", "an empty segment after a ..; as long as /.//x, and first"},
	{"http://a/b", "http://a/b/c/d/e", "b/c/d/e", "down from the root directory"},
	{"http://a/b/c/d/e/f", "http://a/x", "/x", "an absolute path wins over ../../../../x"},
	// Other hosts, ports, credentials and schemes.
	{"http://a/b/c", "http://b/b/c", "//b/b/c", "another host"},
	{"http://a/b/c", "http://a:8080/b/c", "//a:8080/b/c", "another port"},
	{"http://a:8080/b", "http://a/b", "//a/b", "the default port is no port"},
	{"http://u@a/b", "http://a/b", "//a/b", "other credentials"},
	{"http://a/b", "http://u:p@a/c", "//u:p@a/c", "credentials"},
	{"http://a/b", "https://a/b", "https://a/b", "another scheme: absolute"},
	{"https://a/b", "wss://a/b", "wss://a/b", "another special scheme"},
	{"http://a/b", "http://[::1]/x", "//[::1]/x", "an IPv6 host"},
	// Non-special URLs (section 4.4, path or authority state).
	{"sc://h/a/b", "sc://h/a/c", "c", "a non-special URL with a host"},
	{"sc://h/a/b", "sc://g/a/b", "//g/a/b", "its host is read after //"},
	{"sc://h/a/b", "sc:/a/b", "sc:/a/b", "no reference removes a host"},
	{"sc:/a/b", "sc:/a/c", "c", "no host"},
	{"sc:/a/b", "sc://h/x", "//h/x", "a host where the base has none"},
	{"sc:/a/b", "sc:/.//x", "..//x", `as long as "/.//x", and first`},
	{"sc:/a/b/c", "sc:/.//a/x", "/.//a/x", `"/." is part of the href (section 4.5)`},
	{"sc:/.//a/b", "sc:/.//a/c", "c", `a base with "/."`},
	{"sc://h", "sc://h/x", "x", "a base with an empty path"},
	{"sc://h/a", "sc://h", "//h", "an empty path: only the host form has one"},
	{"sc://h/a?q", "sc://h?r", "//h?r", "an empty path and a query"},
	{"sc://h?q", "sc://h?r", "?r", "an empty path kept by a query"},
	{"sc://h/a", "sc:///a", "///a", "the empty host"},
	{"sc://h/a\\b", "sc://h/a\\c", "a\\c", `"\" is a code point of a non-special path`},
	{"sc://h/a", "sc://h/\\x", "\\x", `"\" does not start an absolute path in a non-special URL`},
	// Opaque paths (section 4.1): only a fragment is relative.
	{"sc:x?q#f", "sc:x?q#g", "#g", "a fragment against an opaque path"},
	{"sc:x?q#f", "sc:x?q", "sc:x?q", `"" fails against an opaque path`},
	{"sc:x?q", "sc:x?r", "sc:x?r", "a query against an opaque path is absolute"},
	{"sc:x", "sc:y", "sc:y", "another opaque path"},
	{"sc:/x", "sc:y", "sc:y", "an opaque target"},
	{"mailto:a@b", "http://a/x", "http://a/x", "from an opaque base"},
	{"mailto:a@b", "http://a/", "http://a", `the path start state writes the "/" of a special URL`},
	{"http://a/b", "http://b/", "//b", "so does it after a host"},
	{"http://a/b", "http://b/?q", "//b?q", "and before a query"},
	{"sc://a/b", "sc://b/", "//b/", "but not in a non-special URL"},
	// File URLs (section 4.4, file, file slash and file host states).
	{"file:///a/b", "file:///a/c", "c", "a file sibling"},
	{"file:///C:/a/b", "file:///C:/x", "/x", "an absolute path keeps the base's drive letter"},
	{"file:///C:/a/b", "file:///D:/x", "/D:/x", "a drive letter of its own"},
	{"file:///C:/a/b", "file:///x", "///x", "no drive letter: the host form"},
	{"file:///C:/a/b", "file:///C:/", "/", "the drive's root: / keeps the drive letter"},
	{"file:///C:/a/b/c", "file:///C://x", "/.//x", "/. keeps the drive letter too"},
	{"file:///C:/a/b", "file:///C:/D:/x", "../D:/x", `"/D:/x" would be drive D:`},
	{"file:///C:/a", "file:///C:", "/C:", ".. never leaves a drive letter"},
	{"file:///C:", "file:///C:/x", "x", "shortening a drive letter alone keeps it"},
	{"file:///a/b", "file:///C:/x", "/C:/x", `"C:/x" would be a URL of scheme "c"`},
	{"file:///x/b", "file:///x/c|/y", "./c|/y", `"c|/y" would replace the path with drive "c:"`},
	{"file:///x/b", "file:///x/c:", "./c:", `"c:" would be a scheme`},
	{"file:///x/b", "file:///x/cc|", "cc|", "two letters are no drive letter"},
	{"file://h/a/b", "file://h/a/c", "c", "a file URL with a host"},
	{"file://h/a/b", "file:///a/b", "///a/b", "the empty host"},
	{"file://h/a/b", "file:///", "//", "the empty host and the path start state's /"},
	{"file://h/a/b", "file:///?q", "//?q", "the same with a query"},
	{"file://h/a/b", "file:///C:/x", "//C:/x", "the file host state reads a drive letter as the path's"},
	{"file://h/a/b", "file:///C:", "//C:", "a drive letter alone"},
	{"file:///a/b", "file://h/a/b", "//h/a/b", "a host"},
	{"file:///a/b?q", "file:///a/b?r", "?r", "a query"},
	{"file:///a/b", "file:////x", "..//x", `"//x" would be a host`},
	// Percent-encoding is kept as the href writes it.
	{"http://a/b/c", "http://a/b/%C3%A9", "%C3%A9", "the href's spelling, not a raw é"},
	{"http://a/b/c", "http://a/b/%2ex", "%2ex", `"%2ex" is no dot segment`},
	{"http://a/b/c", "http://a/b/.x", ".x", `nor is ".x"`},
	{"http://a/b/c", "http://a/b/..x/", "..x/", `nor "..x"`},
	{"http://a/b/c", "http://a/b/c?%7B", "?%7B", "a query as written"},
	{"http://a/b/c", "http://a/b/c#a#b", "#a#b", `a fragment may hold "#"`},
}

func TestRelativizeTable(t *testing.T) {
	for _, tc := range relativizeTests {
		b, err := Parse(tc.base)
		if err != nil {
			t.Fatalf("%s: Parse(%q): %v", tc.why, tc.base, err)
		}
		target, err := Parse(tc.target)
		if err != nil {
			t.Fatalf("%s: Parse(%q): %v", tc.why, tc.target, err)
		}
		if target.Href() != tc.target || b.Href() != tc.base {
			t.Fatalf("%s: the row's URLs are not hrefs: %q, %q", tc.why, b.Href(), target.Href())
		}
		got := b.Relativize(target)
		if got != tc.want {
			t.Errorf("%s: Relativize(%q, %q) = %q, want %q", tc.why, tc.base, tc.target, got, tc.want)
		}
		checkRelativize(t, b, target)
		if s, err := Relativize(tc.base, tc.target); s != got || err != nil {
			t.Errorf("Relativize(%q, %q) = %q, %v; the method gives %q", tc.base, tc.target, s, err, got)
		}
	}
}

// TestRelativizeZero pins the zero URL's cases: no base URL gives the
// target's href, and the zero target gives "".
func TestRelativizeZero(t *testing.T) {
	u := MustParse("http://a/b")
	for _, tc := range []struct {
		base, target URL
		want         string
	}{
		{URL{}, u, "http://a/b"},
		{u, URL{}, ""},
		{URL{}, URL{}, ""},
	} {
		if got := tc.base.Relativize(tc.target); got != tc.want {
			t.Errorf("%q.Relativize(%q) = %q, want %q", tc.base.Href(), tc.target.Href(), got, tc.want)
		}
	}
}

// checkRelativize checks the property that defines Relativize: its result
// resolves against b to target, by URL.Parse and by the parser alone (the
// states of section 4.4, without the fast path), and is in the space that
// slowRelativize searches.
func checkRelativize(t *testing.T, b, target URL) string {
	t.Helper()
	r := b.Relativize(target)
	back, err := b.Parse(r)
	if err != nil || back.Href() != target.Href() {
		t.Fatalf("Relativize(%q, %q) = %q, which resolves to %q, %v", b.Href(), target.Href(), r, back.Href(), err)
	}
	if slow, err := parse(&b, r, nil); err != nil || slow != back {
		t.Fatalf("Relativize(%q, %q) = %q, which the parser alone resolves to %q, %v", b.Href(), target.Href(), r, slow.Href(), err)
	}
	if _, ok := splitForm(r, target); !ok {
		t.Fatalf("Relativize(%q, %q) = %q: not a run of dot segments before a suffix of the href", b.Href(), target.Href(), r)
	}
	return r
}

// spellings returns the texts of which Relativize takes a suffix: the
// href, and for a special URL whose path is "/", the href without it.
func spellings(u URL) []string {
	v := []string{u.Href()}
	if u.IsSpecial() && u.Pathname() == "/" {
		o := u.Offsets()
		v = append(v, u.Href()[:o.PathStart]+u.Href()[o.QueryStart:])
	}
	return v
}

// dotRuns returns the runs of dot segments of at most max bytes that may
// come before a suffix of an href in the result of Relativize: an
// optional "/", then "./" and "../" any number of times, then an optional
// "." or "..", shortest first.
func dotRuns(max int) []string {
	var runs []string
	var grow func(s string)
	grow = func(s string) {
		for _, end := range []string{"", ".", ".."} {
			if len(s+end) <= max {
				runs = append(runs, s+end)
			}
		}
		for _, seg := range []string{"./", "../"} {
			if len(s+seg) <= max {
				grow(s + seg)
			}
		}
	}
	grow("")
	grow("/")
	slices.SortStableFunc(runs, func(a, b string) int { return len(a) - len(b) })
	return slices.Compact(runs)
}

// maxRun is the longest run of dot segments that the tests look at: the
// bases of the searches have at most three segments.
const maxRun = 10

var runs = dotRuns(maxRun)

// isDotRun reports whether d is a run of dot segments (see dotRuns).
func isDotRun(d string) bool {
	d = strings.TrimPrefix(d, "/")
	for {
		switch {
		case strings.HasPrefix(d, "./"):
			d = d[2:]
		case strings.HasPrefix(d, "../"):
			d = d[3:]
		default:
			return d == "" || d == "." || d == ".."
		}
	}
}

// splitForm returns the length of the run of dot segments (see dotRuns)
// with which r begins before a suffix of a spelling of target, the
// shortest such run, and whether there is one.
func splitForm(r string, target URL) (int, bool) {
	for i := 0; i <= len(r); i++ {
		if isDotRun(r[:i]) {
			for _, v := range spellings(target) {
				if strings.HasSuffix(v, r[i:]) {
					return i, true
				}
			}
		}
		if i < len(r) && r[i] != '.' && r[i] != '/' {
			break
		}
	}
	return 0, false
}

// slowRelativize is the reference of Relativize: it tries every string d +
// v[k:], v a spelling of target and d a run of dot segments (see dotRuns),
// shortest first, and returns the first that the parser (without the fast
// path) resolves against b to target.
func slowRelativize(b, target URL) (string, bool) {
	vs := spellings(target)
	for n := 0; n <= len(vs[0]); n++ {
		for _, v := range vs {
			for _, d := range runs {
				if len(d) > n || n-len(d) > len(v) {
					continue
				}
				s := d + v[len(v)-(n-len(d)):]
				if u, err := parse(&b, s, nil); err == nil && u.Href() == target.Href() {
					return s, true
				}
			}
		}
	}
	return "", false
}

// checkShortest compares Relativize with slowRelativize on one pair: the
// result must be as short as the reference's.
func checkShortest(t *testing.T, b, target URL) {
	t.Helper()
	r := checkRelativize(t, b, target)
	slow, ok := slowRelativize(b, target)
	if !ok || len(slow) < len(r) {
		t.Fatalf("Relativize(%q, %q) = %q, but %q (found: %v) resolves to it too", b.Href(), target.Href(), r, slow, ok)
	}
}

// genSmallURL returns a short URL string over the shapes that Relativize
// tells apart: special, file and non-special schemes, hosts that are
// null, empty or not, ports and credentials, paths with drive letters,
// colons, dot segments (also "%2e") and empty segments, opaque paths, and
// null, empty and other queries and fragments.
func genSmallURL(r *rand.Rand) string {
	pick := func(xs ...string) string { return xs[r.IntN(len(xs))] }
	scheme := pick("http:", "http:", "file:", "file:", "sc:", "sc:", "https:")
	var b strings.Builder
	b.WriteString(scheme)
	if scheme == "sc:" && r.IntN(4) == 0 {
		b.WriteString(pick("x", "y", "", "x y")) // an opaque path
	} else {
		switch r.IntN(5) {
		case 0:
			if scheme != "sc:" {
				b.WriteString("//a")
			}
		case 1:
			b.WriteString("//" + pick("a", "b", "", "a:1", "u@a", "A", ".", "..", "localhost", "[::1]", "1.2.3.4", "a|"))
		default:
			b.WriteString("//a")
		}
		for range r.IntN(4) {
			b.WriteString("/" + pick("a", "b", "a", "b", "c:", "C:", "c|", "a:b", "", "%2e", ".", "..", "1:x", "%41", "d"))
		}
	}
	if r.IntN(3) == 0 {
		b.WriteString(pick("?q", "?", "?r"))
	}
	if r.IntN(3) == 0 {
		b.WriteString(pick("#f", "#", "#g"))
	}
	return b.String()
}

// genRelRef returns a short reference to resolve against a base, so that
// the target shares what the base has.
func genRelRef(r *rand.Rand) string {
	var b strings.Builder
	for range 1 + r.IntN(4) {
		b.WriteString([]string{"a", "b", "/", "..", ".", "c:", "C|", "/", "?q", "#f", "//a", "x:", "%2e", "\\"}[r.IntN(14)])
	}
	return b.String()
}

// TestRelativizeShortest fuzzes Relativize against slowRelativize on small
// generated pairs: half of the targets are resolved from the base, so that
// they share its scheme, host and path.
func TestRelativizeShortest(t *testing.T) {
	n := 3000
	if oracle.Short() {
		n = 300
	}
	r := rand.New(rand.NewPCG(37, 421))
	tried := 0
	for range n {
		b, err := Parse(genSmallURL(r))
		if err != nil {
			continue
		}
		var target URL
		if r.IntN(2) == 0 {
			target, err = Parse(genSmallURL(r))
		} else {
			target, err = b.Parse(genRelRef(r))
		}
		if err != nil {
			continue
		}
		checkShortest(t, b, target)
		tried++
	}
	if tried < n/2 {
		t.Errorf("only %d of %d generated pairs were tried", tried, n)
	}
	for _, tc := range relativizeTests {
		checkShortest(t, MustParse(tc.base), MustParse(tc.target))
	}
}

// wptURLs returns the URLs of the web-platform-tests' urltestdata.jsonl,
// each once: every base and every href of a case that does not fail. It
// also returns the inputs of the cases with a base, which are references.
func wptURLs(t *testing.T) ([]URL, []string) {
	var urls []URL
	var refs []string
	seen := map[string]bool{}
	add := func(s string) {
		if seen[s] {
			return
		}
		seen[s] = true
		u, err := Parse(s)
		if err != nil {
			t.Fatalf("Parse(%q) of an href or base of urltestdata.jsonl: %v", s, err)
		}
		urls = append(urls, u)
	}
	for _, tc := range testrows.Vectors[urlTest](t, wptSuite, "urltestdata.jsonl") {
		if tc.Base != nil {
			add(*tc.Base)
			refs = append(refs, tc.Input)
		}
		if !tc.Failure {
			add(tc.Href)
		}
	}
	return urls, refs
}

// TestRelativizeWPT checks the property of Relativize over every pair of
// URLs of the URL Standard's web-platform-tests (every base and href of
// urltestdata.jsonl), and, for pairs that share more, over every reference
// of the file resolved against every URL of it. A sample of the pairs whose
// result is short is compared with slowRelativize.
func TestRelativizeWPT(t *testing.T) {
	urls, refs := wptURLs(t)
	step := 1
	if oracle.Short() {
		step = 7
	}
	pairs, resolved, short, shortest := 0, 0, 0, 0
	for i, b := range urls {
		for j := i % step; j < len(urls); j += step {
			checkRelativize(t, b, urls[j])
			pairs++
		}
		for j := i % step; j < len(refs); j += step {
			target, err := b.Parse(refs[j])
			if err != nil {
				continue
			}
			// Every 20th short result is searched: a sample by count, which
			// the step of the short run cannot thin out as it would a
			// sample by index.
			if r := checkRelativize(t, b, target); len(r) <= 8 {
				if short++; short%20 == 0 {
					checkShortest(t, b, target)
					shortest++
				}
			}
			resolved++
		}
	}
	if pairs < 250000/step || resolved < 120000/step || shortest < 2000/step {
		t.Errorf("only %d pairs, %d resolved references and %d searches were tried", pairs, resolved, shortest)
	}
	t.Logf("%d pairs, %d resolved references, %d searches", pairs, resolved, shortest)
}

// TestRelativizeCorpus checks the property of Relativize on real-world
// URLs (the samples in testdata/urls and the lists of GOURI_URLS): each
// line against the next three, and, sharing the line's host, the resolution
// shapes of the benchmarks and the path and query of the next line resolved
// against it.
func TestRelativizeCorpus(t *testing.T) {
	lists := [][]string{}
	for _, name := range testrows.Samples() {
		lists = append(lists, testrows.URLs(t, name))
	}
	for _, l := range testrows.ExternalURLs(t) {
		lists = append(lists, l.URLs)
	}
	tried := 0
	for _, lines := range lists {
		var urls []URL
		for _, l := range lines {
			if u, err := Parse(l); err == nil {
				urls = append(urls, u)
			}
		}
		for i, b := range urls {
			for j := i + 1; j < min(i+4, len(urls)); j++ {
				checkRelativize(t, b, urls[j])
				tried++
			}
			next := urls[(i+1)%len(urls)]
			refs := []string{next.Pathname() + next.Search() + next.Hash()}
			for _, rk := range testrows.ResolveShapes {
				refs = append(refs, rk.Ref)
			}
			for _, ref := range refs {
				if target, err := b.Parse(ref); err == nil {
					checkRelativize(t, b, target)
					tried++
				}
			}
		}
	}
	if tried < 100000 {
		t.Errorf("only %d pairs were tried", tried)
	}
}

// FuzzRelativize checks, for any base and any target (parsed alone, or, when
// that fails, as a reference against base, so that it shares base's
// parts), that Relativize's result resolves back to the target (see
// checkRelativize), that the function on strings agrees with the method,
// and, when the result is short, that slowRelativize finds nothing
// shorter.
func FuzzRelativize(f *testing.F) {
	for _, tc := range relativizeTests {
		f.Add(tc.base, tc.target)
	}
	for _, ref := range []string{"../x", "c|/y", "//c:/x", "/.//x", "a:b", "?q", "#f", "", "..", "%2e%2E/x"} {
		f.Add("file:///C:/a/b?q#f", ref)
		f.Add("sc:/a/b", ref)
	}
	f.Fuzz(func(t *testing.T, base, target string) {
		b, err := Parse(base)
		if err != nil {
			return
		}
		tu, err := Parse(target)
		absolute := err == nil
		if !absolute {
			if tu, err = b.Parse(target); err != nil {
				return
			}
		}
		r := checkRelativize(t, b, tu)
		if s, err := Relativize(base, target); absolute && (s != r || err != nil) {
			t.Fatalf("Relativize(%q, %q) = %q, %v; the method gives %q", base, target, s, err, r)
		}
		if len(r) <= 12 {
			checkShortest(t, b, tu)
		}
	})
}
