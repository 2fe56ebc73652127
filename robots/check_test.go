package robots

import (
	"math/rand/v2"
	"strings"
	"testing"
	"time"

	"github.com/gouri/uri/internal/timing"
	"github.com/gouri/uri/whatwg"
)

// TestAllocs: finding a crawler's rules and checking a path or a URL
// allocate nothing once the file is parsed, whether the path needs the
// normalization or not, and however long it is.
func TestAllocs(t *testing.T) {
	file, _ := benchData(t)
	r := Parse(file)
	g := Options{Reading: Google}.Parse(file)
	a, star := must(r.Agent("ExampleBot")), must(r.Agent("OtherBot"))
	u := whatwg.MustParse("https://www.example.com/products/x/reviews?page=2")
	long := "/" + strings.Repeat("caf%c3%a9/", 200)
	for _, c := range []struct {
		name   string
		f      func()
		allocs float64
	}{
		{"Robots.Agent", func() { _, _ = r.Agent("examplebot/2.1") }, 0},
		{"Agent.CheckPath", func() { star.CheckPath("/products/x/reviews?page=2") }, 0},
		{"Agent.CheckPath, normalized", func() { star.CheckPath("/caf%c3%a9/menu?u=http://x/") }, 0},
		{"Agent.CheckPath, normalized, long", func() { star.CheckPath(long) }, 0},
		{"Agent.CheckURL", func() { _, _ = star.CheckURL(u) }, 0},
		{"Agent.Check", func() { _, _ = a.Check("https://www.example.com/private/press/x.php") }, 0},
		{"Robots.Check", func() { _, _ = r.Check("OtherBot", "https://www.example.com/search?q=x") }, 0},
		{"Agent.CheckPath, Google", func() { must(g.Agent("OtherBot")).CheckPath("?q=x") }, 0},
		{"Agent.Check, Google", func() { _, _ = g.Check("ExampleBot", "www.example.com/a.php") }, 0},
	} {
		// The race detector makes sync.Pool drop buffers at random.
		if got := testing.AllocsPerRun(100, c.f); got != c.allocs && !timing.Race {
			t.Errorf("%s: %v allocations, want %v", c.name, got, c.allocs)
		}
	}
}

// TestURL: the URL of the robots.txt of a URL (RFC 9309, Section 2.3),
// as the URL Standard reads it.
func TestURL(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"https://www.example.com/a/b?c#d", "https://www.example.com/robots.txt"},
		{"HTTP://User:Pass@Example.COM:80/x", "http://example.com/robots.txt"},
		{"https://example.com:8443", "https://example.com:8443/robots.txt"},
		{"http://example.com:443/", "http://example.com:443/robots.txt"},
		{"ftp://ftp.example.com/pub/", "ftp://ftp.example.com/robots.txt"},
		{"https://B\u00fccher.example/", "https://xn--bcher-kva.example/robots.txt"},
		{"http://[::1]:8080/a", "http://[::1]:8080/robots.txt"},
		{"  https://example.com\\a\\b  ", "https://example.com/robots.txt"},
		{"foo://host:99/x", "foo://host:99/robots.txt"},
	} {
		got, err := URL(c.in)
		if err != nil || got != c.want {
			t.Errorf("URL(%q) = %q, %v; want %q", c.in, got, err, c.want)
		}
	}
}

// TestCheckPathPlainPrefix: where the crawler's rules are all plain (no
// "*", no final "$"), a check reads only the prefix of the path that the
// rules look at; the verdicts are those of the path normalized whole
// (RFC 9309, Section 2.2.2), whatever lies beyond the prefix: a fragment,
// a change of the normalization, or the end of the path inside a
// pct-encoding. A file without groups (unavailable or unreachable) reads
// the path whole too: "/robots.txt#x" is /robots.txt.
func TestCheckPathPlainPrefix(t *testing.T) {
	plain := must(Parse([]byte("User-agent: *\nDisallow: /private/\nDisallow: /tmp\nAllow: /private/press/\n")).Agent("bot"))
	for _, c := range []struct {
		path    string
		allowed bool
		reason  Reason
		line    int
	}{
		{"/private/press/x", true, MatchedRule, 4},
		{"/private/press/x%41#y", true, MatchedRule, 4},
		{"/private/pres%73/", true, MatchedRule, 4},
		{"/private/pr%65ss%2Fx", false, MatchedRule, 2},
		{"/private/press%2Fx", false, MatchedRule, 2},
		{"/tm%70/x", false, MatchedRule, 3},
		{"/tmp#x", false, MatchedRule, 3},
		{"/tm#p", true, NoRuleMatched, 0},
		{"/privat%", true, NoRuleMatched, 0},
		{"/robots.txt#x", true, RobotsTxtPath, 0},
		{"/robots.txt?a=%41", true, RobotsTxtPath, 0},
		{"#x", true, NoRuleMatched, 0},
	} {
		v := plain.CheckPath(c.path)
		if v.Allowed != c.allowed || v.Reason != c.reason || v.Rule.Line != c.line {
			t.Errorf("CheckPath(%q) = %+v; want allowed %v, %v, line %d", c.path, v, c.allowed, c.reason, c.line)
		}
	}
	for _, status := range []int{404, 503} {
		r := must(Options{}.FromResponse("", status, nil, time.Time{}))
		if v := must(r.Agent("bot")).CheckPath("/robots.txt#x"); v.Reason != RobotsTxtPath || !v.Allowed {
			t.Errorf("FromResponse(%d): CheckPath(/robots.txt#x) = %+v; want allowed, robots.txt", status, v)
		}
	}
}

// TestPlainAgrees: for files of plain rules, where a check matches the
// rules with the path as it is and normalizes only when the bytes that
// decided would change, the verdict and the deciding line are those of
// the general matcher, which normalizes every path first, and of the
// slow reference. The files and paths are random, of the bytes where
// the two could part: pct-encodings in either case, of unreserved
// octets and others, "?", "#", octets outside ASCII, rules that begin
// or equal /robots.txt, prefixes of one another, longer and shorter
// than eight bytes.
func TestPlainAgrees(t *testing.T) {
	rng := rand.New(rand.NewPCG(9309, 2))
	parts := []string{"/", "a", "b", "ab/", "%61", "%2f", "%2F", "%7e", "~", "%c3%a9", "\u00e9", "?", "=", "#", "%", "%4", ":", "*", "$", "robots.txt", "/robots.txt", "x", "12345678", "-._", "%20", " "}
	pick := func(n int) string {
		var b strings.Builder
		for range 1 + rng.IntN(n) {
			b.WriteString(parts[rng.IntN(len(parts))])
		}
		return b.String()
	}
	paths, fast := 0, 0
	for range 3000 {
		var b strings.Builder
		b.WriteString("User-agent: *\n")
		for range rng.IntN(6) {
			kind := []string{"Allow", "Disallow"}[rng.IntN(2)]
			b.WriteString(kind + ": /" + strings.NewReplacer("*", "", "$", "").Replace(pick(4)) + "\n")
		}
		if rng.IntN(4) == 0 {
			b.WriteString("User-agent: bot\nDisallow: /" + strings.NewReplacer("*", "", "$", "").Replace(pick(3)) + "\n")
		}
		file := b.String()
		agent := []string{"bot", "other"}[rng.IntN(2)]
		a := must(Parse([]byte(file)).Agent(agent))
		if a.scan <= 0 {
			t.Fatalf("Parse(%q): the rules are not plain", file)
		}
		for range 20 {
			path := pick(6)
			if rng.IntN(3) > 0 {
				path = "/" + path
			}
			at, _ := a.check(path)
			general, _ := a.checkGeneral(path)
			v, w := a.verdict(at), a.verdict(general)
			if v != w {
				t.Fatalf("Parse(%q).CheckPath(%q) = %+v, the general matcher %+v", file, path, v, w)
			}
			if allowed, line := refDecide(file, agent, path); v.Allowed != allowed || v.Rule.Line != line {
				t.Fatalf("Parse(%q).Agent(%q).CheckPath(%q) = %+v; the reference says allowed %v by line %d", file, agent, path, v, allowed, line)
			}
			paths++
			if a.of == ofGroup && unchanged(path, len(path)) {
				fast++ // a path that check matches as it is
			}
		}
	}
	if fast < paths/10 || fast == paths {
		t.Fatalf("%d paths of %d that need no normalization: the test does not compare the two ways", fast, paths)
	}
}
