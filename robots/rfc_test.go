package robots

import (
	"strings"
	"testing"
)

// TestNormalizationTable: the table of Section 2.2.2 (Figure 4), each
// row's path and its "path to match", which this package computes alike
// for the URI and for a rule; and the pattern of Section 2.2.3 (Figure
// 6), whose "%2A" and "%24" stay encoded while the URI's "*" and "$" are
// encoded to meet them.
func TestNormalizationTable(t *testing.T) {
	for _, c := range []struct {
		section, path, want string
		pattern             bool
	}{
		{"2.2.2, Figure 4, row 1", "/foo/bar?baz=quz", "/foo/bar?baz=quz", false},
		{"2.2.2, Figure 4, row 2", "/foo/bar?baz=https://foo.bar", "/foo/bar?baz=https%3A%2F%2Ffoo.bar", false},
		{"2.2.2, Figure 4, row 3", "/foo/bar/\u30c4", "/foo/bar/%E3%83%84", false},
		{"2.2.2, Figure 4, row 4", "/foo/bar/%E3%83%84", "/foo/bar/%E3%83%84", false},
		{"2.2.2, Figure 4, row 5", "/foo/bar/%62%61%7A", "/foo/bar/baz", false},
		{"2.2.3, Figure 6, row 1 (URI)", "/path/file-with-a-*.html", "/path/file-with-a-%2A.html", false},
		{"2.2.3, Figure 6, row 1 (pattern)", "/path/file-with-a-%2A.html", "/path/file-with-a-%2A.html", true},
		{"2.2.3, Figure 6, row 2 (URI)", "/path/foo-$", "/path/foo-%24", false},
		{"2.2.3, Figure 6, row 2 (pattern)", "/path/foo-%24", "/path/foo-%24", true},
		{"2.2.3: a pattern's * is its wildcard", "/this/*/exactly", "/this/*/exactly", true},
		{"2.2.2: hex digits in upper case", "/a%e3%83%84?q=%2f", "/a%E3%83%84?q=%2F", false},
		{"2.2.2: a % without two hex digits", "/100%/%zz%4", "/100%25/%25zz%254", false},
		{"2.2.2: a gen-delim in the path is data", "/a:b@c", "/a%3Ab%40c", false},
		{"2.2.2: a later ? in the query is data", "/a?b?c", "/a?b%3Fc", false},
		{"2.2.2: sub-delims stay", "/a;b=c,d?e=f&g=h!()+", "/a;b=c,d?e=f&g=h!()+", false},
		{"2.2.2: a ' is encoded, as the URL Standard encodes it in a query", "/a'b?c='d'", "/a%27b?c=%27d%27", false},
		{"2.2.2: bytes no URI holds", "/a b|c\"<>", "/a%20b%7Cc%22%3C%3E", false},
		{"2.2.2: a $ inside a pattern is an octet", "/a$b", "/a%24b", true},
	} {
		got, _ := normalize(nil, c.path, c.pattern)
		if got != c.want {
			t.Errorf("Section %s: normalize(%q, pattern %v) = %q, want %q", c.section, c.path, c.pattern, got, c.want)
		}
		again, _ := normalize(nil, got, c.pattern)
		if again != got {
			t.Errorf("Section %s: normalize(%q) = %q, not idempotent", c.section, got, again)
		}
	}
}

// rfcExample is a robots.txt file of RFC 9309 and what it decides.
type rfcExample struct {
	section, file string
	checks        []rfcCheck
}

type rfcCheck struct {
	agent, url string
	allowed    bool
	line       int // the line of the deciding rule, 0 for none
}

// rfcExamples are the examples of RFC 9309: Figures 2 and 3 (Section
// 2.2.1), Figures 4 to 6 as rules, and Section 5.
var rfcExamples = []rfcExample{
	{"2.2.1, Figure 2: two groups that name ExampleBot are merged",
		"user-agent: ExampleBot\ndisallow: /foo\ndisallow: /bar\n\nuser-agent: ExampleBot\ndisallow: /baz\n",
		[]rfcCheck{
			{"ExampleBot", "https://example.com/foo", false, 2},
			{"ExampleBot", "https://example.com/bar", false, 3},
			{"examplebot", "https://example.com/baz", false, 6},
			{"ExampleBot", "https://example.com/qux", true, 0},
		}},
	{"2.2.1, Figure 3: no group names ExampleBot, so the * group applies",
		"user-agent: *\ndisallow: /foo\ndisallow: /bar\n\nuser-agent: BazBot\ndisallow: /baz\n",
		[]rfcCheck{
			{"ExampleBot", "https://example.com/foo", false, 2},
			{"ExampleBot", "https://example.com/baz", true, 0},
			{"BazBot", "https://example.com/foo", true, 0},
			{"BazBot", "https://example.com/baz", false, 6},
		}},
	{"2.2.1: no * group and no group for the token: no rules apply",
		"user-agent: BazBot\ndisallow: /\n",
		[]rfcCheck{{"ExampleBot", "https://example.com/", true, 0}}},
	{"2.2.2, Figure 4: the URI and the rule meet after normalization",
		"user-agent: *\ndisallow: /foo/bar?baz=https%3A%2F%2Ffoo.bar\ndisallow: /foo/bar/\u30c4\ndisallow: /foo/bar/%62%61%7A\n",
		[]rfcCheck{
			{"ExampleBot", "https://example.com/foo/bar?baz=https://foo.bar", false, 2},
			{"ExampleBot", "https://example.com/foo/bar?baz=https%3a%2f%2ffoo.bar", false, 2},
			{"ExampleBot", "https://example.com/foo/bar/%E3%83%84", false, 3},
			{"ExampleBot", "https://example.com/foo/bar/%e3%83%84", false, 3},
			{"ExampleBot", "https://example.com/foo/bar/\u30c4", false, 3},
			{"ExampleBot", "https://example.com/foo/bar/baz", false, 4},
			{"ExampleBot", "https://example.com/foo/bar/%62%61%7a", false, 4},
			{"ExampleBot", "https://example.com/foo/bar?baz=quz", true, 0},
		}},
	{"2.2.2: a rule meets the URL as the URL Standard writes it",
		"user-agent: *\ndisallow: /search?q='\n",
		[]rfcCheck{{"ExampleBot", "https://example.com/search?q='x'", false, 2}}},
	{"2.2.3, Figure 5: the special characters",
		"user-agent: *\ndisallow: /\nallow: / # comment in line\n# comment on its own line\nallow: /this/path/exactly$\nallow: /this/*/exactly\n",
		[]rfcCheck{
			{"ExampleBot", "https://example.com/x", true, 3},
			{"ExampleBot", "https://example.com/this/path/exactly", true, 5},
			{"ExampleBot", "https://example.com/this/a/b/exactly", true, 6},
		}},
	{"2.2.3, Figure 6: %2A and %24 match the URI's * and $",
		"user-agent: *\ndisallow: /path/file-with-a-%2A.html\ndisallow: /path/foo-%24\n",
		[]rfcCheck{
			{"ExampleBot", "https://www.example.com/path/file-with-a-*.html", false, 2},
			{"ExampleBot", "https://www.example.com/path/foo-$", false, 3},
			{"ExampleBot", "https://www.example.com/path/file-with-a-x.html", true, 0},
		}},
	{"5.1: simple example", strings.Join([]string{
		"User-Agent: *", "Disallow: *.gif$", "Disallow: /example/", "Allow: /publications/", "",
		"User-Agent: foobot", "Disallow:/", "Allow:/example/page.html", "Allow:/example/allowed.gif", "",
		"User-Agent: barbot", "User-Agent: bazbot", "Disallow: /example/page.html", "",
		"User-Agent: quxbot", "", "EOF"}, "\n"),
		[]rfcCheck{
			{"ExampleBot", "https://example.com/publications/a.html", true, 4},
			{"ExampleBot", "https://example.com/example/a.html", false, 3},
			{"ExampleBot", "https://example.com/x/image.gif", false, 2},
			{"ExampleBot", "https://example.com/x/image.gif?size=2", true, 0},
			{"foobot", "https://example.com/example/page.html", true, 8},
			{"foobot", "https://example.com/example/allowed.gif", true, 9},
			{"foobot", "https://example.com/example/other.html", false, 7},
			{"foobot", "https://example.com/", false, 7},
			{"barbot", "https://example.com/example/page.html", false, 13},
			{"bazbot", "https://example.com/example/page.html", false, 13},
			{"bazbot", "https://example.com/example/other.html", true, 0},
			{"quxbot", "https://example.com/example/page.html", true, 0},
		}},
	{"5.2: longest match",
		"User-Agent: foobot\nAllow: /example/page/\nDisallow: /example/page/disallowed.gif\n",
		[]rfcCheck{
			{"foobot", "https://example.com/example/page/disallowed.gif", false, 3},
			{"foobot", "https://example.com/example/page/allowed.gif", true, 2},
		}},
	{"2.2.2: /robots.txt is always allowed",
		"User-Agent: *\nDisallow: /\n",
		[]rfcCheck{
			{"ExampleBot", "https://example.com/robots.txt", true, 0},
			{"ExampleBot", "https://example.com/robots.txt?x", true, 0},
			{"ExampleBot", "https://example.com/robots.txt/x", false, 2},
		}},
}

// TestRFCExamples checks the examples of RFC 9309 and the rule that
// decides each URL.
func TestRFCExamples(t *testing.T) {
	for _, ex := range rfcExamples {
		r := Parse([]byte(ex.file))
		for _, c := range ex.checks {
			v, err := r.Check(c.agent, c.url)
			if err != nil {
				t.Errorf("Section %s: Check(%q, %q): %v", ex.section, c.agent, c.url, err)
				continue
			}
			if v.Allowed != c.allowed || v.Rule.Line != c.line {
				t.Errorf("Section %s: Check(%q, %q) = %+v, want allowed %v by the rule of line %d", ex.section, c.agent, c.url, v, c.allowed, c.line)
			}
		}
	}
}
