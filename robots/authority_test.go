package robots

import (
	"context"
	"errors"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/gouri/uri"
	"github.com/gouri/uri/whatwg"
)

// TestOtherAuthority: a Robots that knows its URL refuses a URL of
// another authority, since its rules apply to the scheme, host and port
// of that URL only (RFC 9309, Section 2.3), with the offset where the URL
// departs from them; a URL of its own authority, however it is written,
// is checked.
func TestOtherAuthority(t *testing.T) {
	const file = "user-agent: *\ndisallow: /private/\n"
	for _, reading := range []Reading{RFC9309, Google} {
		r, err := Options{Reading: reading}.FromResponse("https://example.com/robots.txt", 200, []byte(file), time.Time{})
		if err != nil {
			t.Fatal(err)
		}
		for _, c := range []struct {
			url  string
			off  int
			comp uri.Component
		}{
			{"http://another.test/private/", 4, uri.Scheme},          // the scheme, then the host
			{"https://another.test/private/", 8, uri.Host},           // another host
			{"https://example.com.evil.test/private/", 19, uri.Host}, // a longer one
			{"https://example.co/private/", 18, uri.Host},            // a shorter one
			{"https://example.com:8443/private/", 19, uri.Port},      // another port (Section 2.3: a non-default port is another authority)
			{"ftp://example.com/private/", 0, uri.Scheme},            // another scheme
			{"https://u:p@www.example.com/private/", 12, uri.Host},   // the userinfo is no part of the authority's key
			{"HTTPS://EXAMPLE.ORG/private/", 16, uri.Host},           // compared without regard to case
		} {
			v, err := r.Check("ExampleBot", c.url)
			var e *uri.Error
			if !errors.As(err, &e) || e.Op != OpCheck || e.Input != c.url || e.Offset != c.off || e.Component != c.comp || !errors.Is(err, ErrOtherAuthority) || v != (Verdict{}) {
				t.Errorf("%v: Check(%q) = %+v, %#v; want ErrOtherAuthority at %d in %v", reading, c.url, v, err, c.off, c.comp)
				continue
			}
			if !strings.Contains(err.Error(), "https://example.com/robots.txt") {
				t.Errorf("%v: Check(%q): %q does not name the robots.txt", reading, c.url, err)
			}
		}
		for _, u := range []string{
			"https://example.com/private/x",
			"HTTPS://Example.COM:443/private/x",       // the default port, upper case
			"https://user:pass@example.com/private/x", // a userinfo
			" https://example.com\\private\\x",        // as the URL Standard reads it
		} {
			if reading == Google && strings.Contains(u, "\\") {
				continue // Google's reference reads no "\\" as a "/"
			}
			v, err := r.Check("ExampleBot", u)
			if err != nil || v.Allowed || v.Rule.Line != 2 {
				t.Errorf("%v: Check(%q) = %+v, %v; want disallowed by line 2", reading, u, v, err)
			}
			a, _ := r.Agent("ExampleBot")
			if v, err := a.CheckURL(whatwg.MustParse(strings.TrimSpace(u))); err != nil || v.Allowed {
				t.Errorf("%v: CheckURL(%q) = %+v, %v; want disallowed", reading, u, v, err)
			}
		}
		a, _ := r.Agent("ExampleBot")
		if _, err := a.CheckURL(whatwg.MustParse("https://another.test/private/")); !errors.Is(err, ErrOtherAuthority) {
			t.Errorf("%v: CheckURL of another authority: %v", reading, err)
		}
	}
	// A Robots that knows no URL (Parse, FromResponse with "") checks the
	// URLs of any authority.
	for _, r := range []*Robots{Parse([]byte(file)), must(Options{}.FromResponse("", 200, []byte(file), time.Time{}))} {
		if v, err := r.Check("ExampleBot", "http://another.test/private/"); err != nil || v.Allowed {
			t.Errorf("a Robots with no URL: %+v, %v", v, err)
		}
	}
	// Fetch knows the URL it fetched, before redirects.
	srv := httptest.NewServer(&server{status: 200, body: disallowAll})
	defer srv.Close()
	r, err := Fetch(context.Background(), srv.Client(), srv.URL+"/robots.txt")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := r.Check("ExampleBot", "http://another.test/"); !errors.Is(err, ErrOtherAuthority) {
		t.Errorf("Fetch: Check of another authority: %v", err)
	}
	if v, err := r.Check("ExampleBot", srv.URL+"/x"); err != nil || v.Allowed {
		t.Errorf("Fetch: Check(%q) = %+v, %v", srv.URL+"/x", v, err)
	}
	// FromResponse reads its URL as URL does.
	if _, err := (Options{}).FromResponse("mailto:a@example.com", 200, nil, time.Time{}); !errors.Is(err, ErrNoHost) {
		t.Errorf("FromResponse of a URL with no host: %v", err)
	}
}

func must[T any](v T, err error) T {
	if err != nil {
		panic(err)
	}
	return v
}

// TestAgentToken: under RFC 9309 the crawler gives its product token
// (Section 2.2.1), alone or with its version as in a User-Agent header
// ("ExampleBot/2.1"); a whole User-Agent header, whose first product is
// another's ("Mozilla/5.0 (compatible; ExampleBot/2.1)"), is an error at
// its first byte that does not belong, never a silent fallback to "*".
// The Google reading takes the token as given, as Google's reference
// does.
func TestAgentToken(t *testing.T) {
	r := Parse([]byte("user-agent: examplebot\ndisallow: /\n\nuser-agent: mozilla\nallow: /\n"))
	for _, agent := range []string{"ExampleBot", "examplebot", "Example_Bot-", "ExampleBot/2.1", "ExampleBot/2.1-beta+x"} {
		if _, err := r.Agent(agent); err != nil {
			t.Errorf("Agent(%q): %v", agent, err)
		}
	}
	for _, c := range []struct {
		agent string
		off   int
	}{
		{"Mozilla/5.0 (compatible; ExampleBot/2.1)", 11},
		{"ExampleBot 2.1", 10},
		{"ExampleBot/", 11},     // a "/" with no version
		{"ExampleBot/2.1/", 14}, // a version is a token
		{"ExampleBot*", 10},
		{" ExampleBot", 0},
		{"", 0},
		{"ツ", 0},
		{"2Bot", 0},
		{"ExampleBot2", 10}, // a product token has no digits
	} {
		a, err := r.Agent(c.agent)
		var e *uri.Error
		if !errors.As(err, &e) || e.Op != uri.OpParse || e.Name != "agent" || e.Input != c.agent || e.Offset != c.off || !errors.Is(err, ErrNotToken) || a.r != nil {
			t.Errorf("Agent(%q) = %+v, %#v; want ErrNotToken at %d", c.agent, a, err, c.off)
			continue
		}
		checkAgentOffset(t, c.agent, err)
		if v, err := r.Check(c.agent, "https://example.com/"); !errors.Is(err, ErrNotToken) || v != (Verdict{}) {
			t.Errorf("Check(%q) = %+v, %v; want ErrNotToken", c.agent, v, err)
		}
	}
	g := Options{Reading: Google}.Parse([]byte("user-agent: examplebot\ndisallow: /\n"))
	if a, err := g.Agent("Foo Bar"); err != nil || !a.CheckPath("/").Allowed {
		t.Errorf("Google reading: Agent(%q): %v", "Foo Bar", err)
	}
}

// TestCrawlDelay: the crawl-delay of the groups chosen for a crawler, a
// record that RFC 9309 does not define: the first that reads as a number
// of seconds. A crawl-delay line is no rule: a user-agent line after it
// joins its group, as after any line but a rule (Section 2.2: a group's
// user-agent lines come before its rules).
func TestCrawlDelay(t *testing.T) {
	r := Parse([]byte(`crawl-delay: 7
user-agent: a
crawl-delay: 2.5
disallow: /x
crawl-delay: 9

user-agent: b
user-agent: c
Crawl-Delay: soon
CRAWL-DELAY : 0.001
disallow: /b

user-agent: *
crawl-delay: 30
disallow: /star

user-agent: a
crawl-delay: 1
disallow: /a

user-agent: d
disallow: /

user-agent: huge
crawl-delay: 99999999999999999999
disallow: /h

user-agent: e
crawl-delay: 4
user-agent: f
disallow: /

user-agent: odd
crawl-delay: -1
crawl-delay: 1e3
crawl-delay: .5
crawl-delay: 5.
crawl-delay: 3 seconds
`))
	for _, c := range []struct {
		agent string
		want  time.Duration
		ok    bool
	}{
		{"a", 2500 * time.Millisecond, true}, // the first of its groups, in the file's order
		{"b", time.Millisecond, true},        // "soon" is no number
		{"C/1.0", time.Millisecond, true},
		{"other", 30 * time.Second, true}, // the group of "*"
		{"d", 0, false},                   // its group has none
		{"e", 4 * time.Second, true},      // a user-agent line after a crawl-delay joins its group
		{"huge", time.Duration(1<<63 - 1), true},
		{"odd", 0, false},
	} {
		a, err := r.Agent(c.agent)
		if err != nil {
			t.Fatal(err)
		}
		if d, ok := a.CrawlDelay(); d != c.want || ok != c.ok {
			t.Errorf("Agent(%q).CrawlDelay() = %v, %v; want %v, %v", c.agent, d, ok, c.want, c.ok)
		}
	}
	var zero Agent
	if d, ok := zero.CrawlDelay(); d != 0 || ok {
		t.Errorf("Agent{}.CrawlDelay() = %v, %v", d, ok)
	}
	if d, ok := must(Parse(nil).Agent("a")).CrawlDelay(); d != 0 || ok {
		t.Errorf("an empty file: %v, %v", d, ok)
	}
}

// TestRedirectErrorURL: the error of a fetch stopped after five
// redirects names the absolute URL of the sixth, not the Location header
// as written ("/robots.txt").
func TestRedirectErrorURL(t *testing.T) {
	srv := httptest.NewServer(&server{status: 200, body: disallowAll})
	defer srv.Close()
	r, err := Fetch(context.Background(), srv.Client(), srv.URL+"/hop/5")
	if err != nil {
		t.Fatal(err)
	}
	want := `"` + srv.URL + `/robots.txt"`
	if r.Outcome() != Unavailable || r.Err() == nil || !strings.Contains(r.Err().Error(), want) {
		t.Errorf("Fetch after six redirects: %v, %v; want an error that names %s", r.Outcome(), r.Err(), want)
	}
}
