package robots

import (
	"errors"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/gouri/uri"
	"github.com/gouri/uri/whatwg"
)

// fuzzFiles seed the fuzz targets: the RFC's examples and the suite's.
func fuzzFiles() []string {
	files := []string{
		"user-agent: *\ndisallow: /a*b$\nallow: /a",
		"user-agent: a\nuser-agent: b\r\ndisallow: /%7e*%2A$\rallow: /\u00e9",
		"\xEF\xBB\xBFuser-agent: x # c\nallow: /*?*=*/\ndisallow: *.gif$\n",
	}
	for _, ex := range rfcExamples {
		files = append(files, ex.file)
	}
	return files
}

// FuzzCheck: for any file, crawler and path, CheckPath agrees with the
// slow reference (refDecide) on the verdict and the line of the deciding
// rule; that line exists and holds the rule's pattern; the steps stay
// within the bound of the package documentation; and the Google reading
// does not panic and names a line that exists too. Parse never fails.
func FuzzCheck(f *testing.F) {
	for _, file := range fuzzFiles() {
		f.Add(file, "ExampleBot", "/a/b?c=d/e")
		f.Add(file, "foobot", "/example/page.html")
	}
	// Plain rules look at a prefix of the path only: paths whose
	// normalization changes them at, before or after its end.
	plain := "User-agent: *\nDisallow: /private/\nDisallow: /tmp\nAllow: /private/press/\n"
	for _, path := range []string{"/private/press/x%41", "/private/pres%73/", "/private/press%2F", "/private/pr%65ss/", "/tmp#x", "/tm%70/",
		"/private/%", "/private/pr%", "/robots.txt", "/robots.txt?x=%41", "/robots.txt#", "", "#", "/private/press/\xff", "/private/\xff"} {
		f.Add(plain, "bot", path)
	}
	f.Fuzz(func(t *testing.T, file, agent, path string) {
		r := Parse([]byte(file))
		a, err := r.Agent(agent)
		if (err == nil) != refProduct.MatchString(agent) {
			t.Fatalf("Agent(%q): %v; the reference says a product %v", agent, err, refProduct.MatchString(agent))
		}
		if err != nil {
			checkAgentOffset(t, agent, err)
			return
		}
		at, steps := a.check(path)
		v := a.verdict(at)
		allowed, line := refDecide(file, agent, path)
		if v.Allowed != allowed || v.Rule.Line != line {
			t.Fatalf("Parse(%q).Agent(%q).CheckPath(%q) = %+v; the reference says allowed %v by line %d", file, agent, path, v, allowed, line)
		}
		lines := refLines(file)
		for _, g := range []Verdict{v, must(Options{Reading: Google}.Parse([]byte(file)).Agent(agent)).CheckPath(path)} {
			if g.Reason != MatchedRule {
				continue
			}
			if g.Rule.Line < 1 || g.Rule.Line > len(lines) || !strings.Contains(lines[g.Rule.Line-1], g.Rule.Pattern) {
				t.Fatalf("Parse(%q): the rule %+v is not on its line", file, g.Rule)
			}
		}
		if bound := stepBound(a, path); steps > bound {
			t.Fatalf("Parse(%q).Agent(%q).CheckPath(%q) took %d steps, more than %d", file, agent, path, steps, bound)
		}
	})
}

// stepBound is the most steps that CheckPath(path) may take: for each
// rule of the crawler's groups, twice the path to match and the pattern.
func stepBound(a Agent, path string) int {
	if a.r == nil || a.r.f == nil {
		return 0
	}
	p, _ := normalize(nil, path, false)
	n := 0
	for k := range a.groups() {
		g := a.r.f.groups[a.group(k)]
		for _, r := range a.r.f.rules[g.lo:g.hi] {
			n += 2*(len(p)+1) + int(r.patEnd-r.pat) + 1
		}
	}
	return n
}

// FuzzNormalize: the normalization is the reference's, idempotent, and
// writes only unreserved characters, sub-delims but "*", "$" and "'", the
// path's "/", one "?" and pct-encodings of other octets in upper case.
func FuzzNormalize(f *testing.F) {
	for _, s := range []string{"/foo/bar?baz=https://foo.bar", "/%62%61%7a/\u30c4", "/a%2x%", "/*$?*$"} {
		f.Add(s, false)
		f.Add(s, true)
	}
	f.Fuzz(func(t *testing.T, s string, pattern bool) {
		got, _ := normalize(nil, s, pattern)
		if want := refNormalize(s, pattern); got != want {
			t.Fatalf("normalize(%q, %v) = %q, the reference %q", s, pattern, got, want)
		}
		if again, _ := normalize(nil, got, pattern); again != got {
			t.Fatalf("normalize(%q) = %q, then %q", s, got, again)
		}
		path, query, _ := strings.Cut(got, "?")
		for i, part := range []string{path, query} {
			for j := 0; j < len(part); j++ {
				c := part[j]
				switch {
				case strings.IndexByte(refUnreserved, c) >= 0, strings.IndexByte("!&()+,;=", c) >= 0:
				case c == '/' && i == 0, c == '*' && pattern:
				case c == '%' && j+2 < len(part) && strings.IndexByte("0123456789ABCDEF", part[j+1]) >= 0 && strings.IndexByte("0123456789ABCDEF", part[j+2]) >= 0:
					j += 2
				default:
					t.Fatalf("normalize(%q) = %q, with %q at %d", s, got, c, j)
				}
			}
		}
	})
}

// FuzzURL: URL and Check agree on which inputs are URLs with a host; the
// robots.txt URL is a URL of the URL Standard with the path /robots.txt,
// its own robots.txt URL; Check's errors have an offset inside the input;
// and a Robots that knows its URL refuses exactly the URLs whose
// robots.txt URL is another, in the scheme, host or port.
func FuzzURL(f *testing.F) {
	for _, s := range []string{"https://user:pw@Example.COM:443/a?b#c", "http://h:8080", "mailto:a@b", "file:///x", "foo://h/p", " http://[::1]/ ", "", "https://u@EXAMPLE.com:8443/x", "https://example.com:844/"} {
		f.Add(s)
	}
	r := Parse([]byte("user-agent: *\ndisallow: /"))
	const own = "https://example.com:8443/robots.txt"
	known := must(Options{}.FromResponse(own, 200, []byte("user-agent: *\ndisallow: /"), time.Time{}))
	f.Fuzz(func(t *testing.T, s string) {
		u, err := URL(s)
		_, cerr := r.Check("a", s)
		if (err == nil) != (cerr == nil) {
			t.Fatalf("URL(%q) = %q, %v; Check: %v", s, u, err, cerr)
		}
		if err != nil {
			if off := offsetOf(err); off < -1 || off > len(s) {
				t.Fatalf("URL(%q): %v: offset %d outside the input", s, err, off)
			}
			return
		}
		w, err := whatwg.Parse(u)
		if err != nil || w.Pathname() != "/robots.txt" || w.HasQuery() || w.HasFragment() || w.Href() != u {
			t.Fatalf("URL(%q) = %q, which reads as %q, %v", s, u, w.Href(), err)
		}
		if again, err := URL(u); again != u || err != nil {
			t.Fatalf("URL(%q) = %q, then %q, %v", s, u, again, err)
		}
		_, kerr := known.Check("a", s)
		var e *uri.Error
		switch {
		case (kerr == nil) != (u == own):
			t.Fatalf("Check(%q) under %s: %v (its robots.txt is %s)", s, own, kerr, u)
		case kerr != nil && (!errors.As(kerr, &e) || !errors.Is(kerr, ErrOtherAuthority) || e.Offset < 0 || e.Offset > len(s)):
			t.Fatalf("Check(%q) under %s: %#v", s, own, kerr)
		}
	})
}

// refProduct is what Agent takes under RFC 9309: a product token (RFC
// 9309, Section 2.2.1), alone or with "/" and a version that is an HTTP
// token (RFC 9110, Sections 5.6.2 and 10.1.5).
var refProduct = regexp.MustCompile("^[A-Za-z_-]+(/[-!#$%&'*+.^_`|~0-9A-Za-z]+)?$")

// refProductPrefix matches what a product can begin with.
var refProductPrefix = regexp.MustCompile("^([A-Za-z_-]+(/[-!#$%&'*+.^_`|~0-9A-Za-z]*)?)?$")

// checkAgentOffset checks the error of Agent(agent): ErrNotToken at the
// offset of STYLE's rule, the longest prefix of agent that a product can
// begin with.
func checkAgentOffset(t *testing.T, agent string, err error) {
	t.Helper()
	var e *uri.Error
	if !errors.As(err, &e) || !errors.Is(err, ErrNotToken) || e.Input != agent {
		t.Fatalf("Agent(%q): %#v", agent, err)
	}
	if !refProductPrefix.MatchString(agent[:e.Offset]) || e.Offset < len(agent) && refProductPrefix.MatchString(agent[:e.Offset+1]) {
		t.Fatalf("Agent(%q): offset %d", agent, e.Offset)
	}
}

// FuzzPlainURL: a URL that plainURL reads is one that the URL Standard's
// parser reads to the same scheme, host and path and query; Check, which
// reads such a URL without the parser, so gives the verdict of the URL
// that the parser reads.
func FuzzPlainURL(f *testing.F) {
	for _, s := range plainURLs {
		f.Add(s.url)
	}
	f.Fuzz(func(t *testing.T, s string) {
		scheme, host, target, ok := plainURL(s)
		if !ok {
			return
		}
		u, err := readURL(s)
		if err != nil {
			t.Fatalf("plainURL(%q) = %q %q %q, but the URL Standard: %v", s, scheme, host, target, err)
		}
		if ks, kh := key(u); ks != scheme || kh != host || pathQuery(u) != target {
			t.Fatalf("plainURL(%q) = %q %q %q, the URL Standard %q %q %q", s, scheme, host, target, ks, kh, pathQuery(u))
		}
	})
}
