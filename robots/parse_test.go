package robots

import (
	"errors"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/gouri/uri"
)

// TestParseLines: what Parse keeps of each line (RFC 9309, Section 2.2):
// the records and sitemaps with their lines, and the lines it ignores
// with their reasons, whatever ends the lines.
func TestParseLines(t *testing.T) {
	file := strings.Join([]string{
		"\uFEFFSitemap: https://example.com/a.xml # the first",
		"disallow: /before-any-group",
		"User-agent: ExampleBot/2.1 (+https://example.com/bot)",
		"crawl-delay : 10",
		"Disallow: private",
		"Disallow /no-colon",
		"user-agent: /not-a-token",
		":no-key",
		"Allow:",
		"  sItEmAp\t:\thttps://example.com/b.xml  ",
		"",
		"# only a comment",
		"Host: example.com",
	}, "\r\n")
	r := Parse([]byte(file))
	if d := cmp.Diff([]Record{
		{Line: 1, Key: "Sitemap", Value: "https://example.com/a.xml"},
		{Line: 10, Key: "sItEmAp", Value: "https://example.com/b.xml"},
	}, r.Sitemaps()); d != "" {
		t.Errorf("Sitemaps (-want +got):\n%s", d)
	}
	if d := cmp.Diff([]Record{
		{Line: 4, Key: "crawl-delay", Value: "10"},
		{Line: 13, Key: "Host", Value: "example.com"},
	}, r.Records()); d != "" {
		t.Errorf("Records (-want +got):\n%s", d)
	}
	if d := cmp.Diff([]Ignored{
		{Line: 2, Problem: OutsideGroup, Text: "disallow: /before-any-group"},
		{Line: 5, Problem: NotPath, Text: "Disallow: private"},
		{Line: 6, Problem: NotKeyValue, Text: "Disallow /no-colon"},
		{Line: 7, Problem: NoProductToken, Text: "user-agent: /not-a-token"},
		{Line: 8, Problem: NotKeyValue, Text: ":no-key"},
	}, r.Ignored()); d != "" {
		t.Errorf("Ignored (-want +got):\n%s", d)
	}
	// The product token of "ExampleBot/2.1 (+...)" is ExampleBot, and the
	// user-agent line without one still ends its group: the empty allow
	// of line 9 is in the group of no crawler.
	for agent, want := range map[string]Reason{"examplebot": NoRuleMatched, "OtherBot": NoGroup} {
		if v, err := r.Check(agent, "https://example.com/before-any-group"); err != nil || v.Reason != want || !v.Allowed {
			t.Errorf("Check(%q) = %+v, %v; want allowed, %v", agent, v, err, want)
		}
	}
}

// TestParseLineEnds: CR, LF and CRLF end lines, and "\n\r" is two ends;
// the numbers of the rules count them so.
func TestParseLineEnds(t *testing.T) {
	for _, c := range []struct {
		file string
		line int
	}{
		{"user-agent: *\ndisallow: /x\n", 2},
		{"user-agent: *\r\ndisallow: /x", 2},
		{"user-agent: *\rdisallow: /x\r", 2},
		{"user-agent: *\n\r\rdisallow: /x", 4},
		{"user-agent: *\r\n\r\n\ndisallow: /x", 4},
		{"\xEF\xBBuser-agent: *\n\n\ndisallow: /x", 4},
	} {
		v, err := Parse([]byte(c.file)).Check("a", "http://h/x")
		if err != nil || v.Allowed || v.Rule.Line != c.line {
			t.Errorf("Parse(%q).Check = %+v, %v; want disallowed by line %d", c.file, v, err, c.line)
		}
	}
}

// TestParseLimit: the parsing limit of Section 2.5 keeps the lines that
// end before it, drops the line it cuts, and says where.
func TestParseLimit(t *testing.T) {
	file := "user-agent: *\ndisallow: /a\nallow: /a/public\ndisallow: /b\n"
	for _, c := range []struct {
		max       int
		allowedA  bool // /a/public
		blockedB  bool
		pastLimit int // the line of PastLimit, 0 for none
	}{
		{len(file), true, true, 0},
		{len(file) - 1, true, true, 5}, // the limit falls on the last line break
		{len(file) - 2, true, false, 4},
		{len("user-agent: *\ndisallow: /a\nallow: /a/pub"), false, false, 3},
		{len("user-agent: *\ndisallow: /a\n"), false, false, 3},
		{1, true, false, 1},
	} {
		r := Options{MaxBytes: c.max}.Parse([]byte(file))
		a, _ := r.Check("x", "http://h/a/public")
		b, _ := r.Check("x", "http://h/b")
		var past int
		for _, ig := range r.Ignored() {
			if ig.Problem == PastLimit {
				past = ig.Line
			}
		}
		if a.Allowed != c.allowedA || !b.Allowed != c.blockedB || past != c.pastLimit {
			t.Errorf("MaxBytes %d: /a/public allowed %v, /b disallowed %v, PastLimit at line %d; want %v, %v, %d",
				c.max, a.Allowed, !b.Allowed, past, c.allowedA, c.blockedB, c.pastLimit)
		}
	}
	big := "user-agent: *\n" + strings.Repeat("# "+strings.Repeat("x", 98)+"\n", DefaultMaxBytes/100) + "disallow: /\n"
	if v, _ := Parse([]byte(big)).Check("x", "http://h/"); !v.Allowed {
		t.Errorf("a rule past %d bytes applies: %+v", DefaultMaxBytes, v)
	}
	if v, _ := (Options{MaxBytes: len(big)}).Parse([]byte(big)).Check("x", "http://h/"); v.Allowed {
		t.Errorf("with MaxBytes %d, the last rule does not apply: %+v", len(big), v)
	}
}

// TestUserAgentLines: the product token of a user-agent line and the
// groups it starts (Section 2.2.1).
func TestUserAgentLines(t *testing.T) {
	file := strings.Join([]string{
		"user-agent: FooBot", // 1
		"user-agent: BarBot/1.0",
		"disallow: /foo-and-bar",
		"user-agent: * # everyone else", // 4
		"disallow: /star",
		"user-agent: Baz_Bot-2",
		"disallow: /baz",
		"user-agent: FOOBOT", // 8: merged with line 1's group
		"disallow: /foo-again",
		"user-agent: *", // 10: merged with line 4's
		"disallow: /star-again",
	}, "\n")
	r := Parse([]byte(file))
	for _, c := range []struct {
		agent, path string
		allowed     bool
		line        int
	}{
		{"FooBot", "/foo-and-bar", false, 3},
		{"foobot", "/foo-again", false, 9},
		{"FooBot", "/star", true, 0},
		{"BarBot", "/foo-and-bar", false, 3},
		{"barbot/2.0", "/foo-and-bar", false, 3},
		{"Baz_Bot-", "/baz", false, 7}, // line 6 names "Baz_Bot-", the token that begins "Baz_Bot-2"
		{"Baz_Bot", "/baz", true, 0},
		{"Baz_Bot", "/star-again", false, 11},
		{"QuxBot", "/star", false, 5},
		{"QuxBot/1.0", "/star", false, 5},
	} {
		v := must(r.Agent(c.agent)).CheckPath(c.path)
		if v.Allowed != c.allowed || v.Rule.Line != c.line {
			t.Errorf("Agent(%q).CheckPath(%q) = %+v, want allowed %v by line %d", c.agent, c.path, v, c.allowed, c.line)
		}
	}
}

// TestPrecedence: the most specific rule wins (Section 2.2.2): the most
// octets of the normalized pattern, "*" and "$" counted, then allow.
func TestPrecedence(t *testing.T) {
	for _, c := range []struct {
		rules, path string
		allowed     bool
		line        int
	}{
		{"allow: /a\ndisallow: /a", "/a", true, 2},
		{"disallow: /a\nallow: /a", "/a", true, 3},
		{"disallow: /a\ndisallow: /a", "/a", false, 2},
		{"allow: /page\ndisallow: /*.htm", "/page.htm", false, 3},
		{"allow: /$\ndisallow: /", "/", true, 2},
		{"allow: /%7Ea\ndisallow: /~ab", "/~ab", false, 3},        // "/~a" has 3 octets
		{"disallow: /\u00e9\nallow: /%C3%A9", "/\u00e9", true, 3}, // as many octets: allow
		{"disallow: /a*\ndisallow: /a\nallow: /ab", "/ab", true, 4},
		{"disallow:\nallow:", "/x", true, 0},
	} {
		r := Parse([]byte("user-agent: *\n" + c.rules))
		v := must(r.Agent("x")).CheckPath(c.path)
		if v.Allowed != c.allowed || v.Rule.Line != c.line {
			t.Errorf("%q: CheckPath(%q) = %+v, want allowed %v by line %d", c.rules, c.path, v, c.allowed, c.line)
		}
	}
}

// TestMatch: "*" and "$" (Section 2.2.3) against paths to match.
func TestMatch(t *testing.T) {
	for _, c := range []struct {
		pattern, path string
		match         bool
	}{
		{"/", "/", true},
		{"/a", "/", false},
		{"/a", "/abc", true},
		{"/a$", "/a", true},
		{"/a$", "/ab", false},
		{"*", "/x", true},
		{"*$", "/x", true},
		{"/*.php$", "/a.php", true},
		{"/*.php$", "/a.php?x", false},
		{"/*.php$", "/a.phpx.php", true},
		{"/*.php", "/php/", false},
		{"/a*b*c", "/abc", true},
		{"/a*b*c", "/acb", false},
		{"/a**b", "/ab", true},
		{"/*aab", "/aaab", true},
		{"/*abab$", "/ababab", true},
		{"/*abac*bab", "/ababacbab", true},
		{"/*x$", "/", false},
		{"/a*a$", "/a", false},
		{"/a*", "/a", true},
		{"*/b$", "/a/b", true},
	} {
		f := Parse([]byte("user-agent: *\nallow: " + c.pattern)).f
		got, _ := f.rules[0].match(c.path, f)
		if got != c.match {
			t.Errorf("pattern %q against %q: %v, want %v", c.pattern, c.path, got, c.match)
		}
		if ref := refMatch(c.pattern, c.path); ref != c.match {
			t.Errorf("the reference: pattern %q against %q: %v, want %v", c.pattern, c.path, ref, c.match)
		}
	}
}

// TestZeroValues: the zero Robots is an empty file and the zero Agent
// allows everything; neither panics.
func TestZeroValues(t *testing.T) {
	var r Robots
	if v, err := r.Check("a", "http://h/x"); err != nil || !v.Allowed || v.Reason != NoGroup {
		t.Errorf("the zero Robots: %+v, %v", v, err)
	}
	if r.Sitemaps() != nil || r.Records() != nil || r.Ignored() != nil || r.Outcome() != Success {
		t.Errorf("the zero Robots has lines or another outcome")
	}
	var a Agent
	if v := a.CheckPath("/x"); !v.Allowed || v.Reason != NoGroup {
		t.Errorf("the zero Agent: %+v", v)
	}
	var nilRobots *Robots
	if v := must(nilRobots.Agent("a")).CheckPath("/"); !v.Allowed {
		t.Errorf("a nil Robots: %+v", v)
	}
}

// offsetOf returns the Offset of err, an *uri.Error, or -2.
func offsetOf(err error) int {
	var e *uri.Error
	if errors.As(err, &e) {
		return e.Offset
	}
	return -2
}
