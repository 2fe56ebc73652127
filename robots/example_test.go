package robots_test

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"net/netip"
	"time"

	"github.com/gouri/uri/guard"
	"github.com/gouri/uri/robots"
)

// A crawler goes from a page's URL to "may I fetch it, and why" in three
// calls, with any HTTP client: the URL of the robots.txt of the page's
// authority, the file fetched and read, and the check of the page. It
// keeps r under robotsURL until r.Expires, for every page of the
// authority.
func Example_crawler() {
	site := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, req *http.Request) {
		fmt.Fprint(w, "User-agent: *\nDisallow: /private/\nAllow: /private/press/\n")
	}))
	defer site.Close()
	client, ctx := site.Client(), context.Background()
	page := site.URL + "/private/report.html"

	robotsURL, err := robots.URL(page) // scheme, host and port, then /robots.txt
	if err != nil {
		panic(err) // not a URL, or one without a host
	}
	r, err := robots.Fetch(ctx, client, robotsURL) // 4xx: all allowed; 5xx, network errors: none
	if err != nil {
		panic(err) // robotsURL is not http or https
	}
	v, err := r.Check("ExampleBot", page)
	if err != nil {
		panic(err) // not a URL
	}
	fmt.Println(v.Allowed, v.Reason, v.Rule) // false rule line 2: disallow: /private/

	for _, path := range []string{"/private/press/launch.html", "/docs/"} {
		v, _ := r.Check("ExampleBot", site.URL+path) // the same r for every page of the site
		fmt.Println(path, v.Allowed, v.Reason, v.Rule.Line)
	}
	// Output:
	// false rule line 2: disallow: /private/
	// /private/press/launch.html true rule 3
	// /docs/ true no-rule 0
}

// Fetch takes any *http.Client: here the SSRF guard's (package guard),
// whose policy allows one local test server and nothing else that is
// local. Its check of each redirect still applies: a robots.txt that
// redirects to another local address is refused, which leaves the file
// unreachable, so that everything is disallowed.
func Example_guard() {
	var mux http.ServeMux
	mux.HandleFunc("/robots.txt", func(w http.ResponseWriter, req *http.Request) {
		fmt.Fprint(w, "User-agent: ExampleBot\nDisallow: /cart\n")
	})
	mux.HandleFunc("/moved/robots.txt", func(w http.ResponseWriter, req *http.Request) {
		http.Redirect(w, req, "http://127.0.0.2/robots.txt", http.StatusMovedPermanently)
	})
	site := httptest.NewServer(&mux)
	defer site.Close()
	addr := netip.MustParseAddrPort(site.Listener.Addr().String())
	client := guard.NewClient(guard.Policy{
		Ports:    []uint16{addr.Port()},
		Networks: []netip.Prefix{netip.PrefixFrom(addr.Addr(), addr.Addr().BitLen())},
	}, guard.ClientOptions{Timeout: 10 * time.Second})
	for _, path := range []string{"/robots.txt", "/moved/robots.txt"} {
		r, err := robots.Fetch(context.Background(), client.HTTPClient(), site.URL+path)
		if err != nil {
			fmt.Println(err)
			continue
		}
		v, _ := r.Check("ExampleBot", site.URL+"/cart")
		var refused *guard.Error
		if errors.As(r.Err(), &refused) {
			fmt.Println(path, r.Outcome(), "refused by the guard:", refused.Rule)
		}
		fmt.Println(path, r.Outcome(), "/cart allowed:", v.Allowed, v.Reason)
	}
	// Output:
	// /robots.txt success /cart allowed: false rule
	// /moved/robots.txt unreachable refused by the guard: address
	// /moved/robots.txt unreachable /cart allowed: false unreachable
}

// A file never fails to parse: the lines that cannot be used are listed
// with the reason, and the others apply. Sitemaps and other records are
// kept.
func ExampleParse() {
	r := robots.Parse([]byte(`Sitemap: https://example.com/sitemap.xml
Disallow: /tmp/

User-agent: ExampleBot
User-agent: OtherBot
Disallow: /*.pdf$
Disallow /drafts/
Crawl-delay: 5
`))
	a, err := r.Agent("ExampleBot/2.1") // a product token, here with its version
	if err != nil {
		panic(err)
	}
	for _, path := range []string{"/docs/a.pdf", "/docs/a.pdf?v=2", "/drafts/x"} {
		v := a.CheckPath(path)
		if v.Reason == robots.MatchedRule {
			fmt.Println(path, v.Allowed, v.Rule)
		} else {
			fmt.Println(path, v.Allowed, v.Reason)
		}
	}
	for _, ig := range r.Ignored() {
		fmt.Printf("line %d ignored, %s: %q\n", ig.Line, ig.Problem, ig.Text)
	}
	fmt.Println(r.Sitemaps()[0].Value, r.Records()[0])
	// Output:
	// /docs/a.pdf false line 6: disallow: /*.pdf$
	// /docs/a.pdf?v=2 true no-rule
	// /drafts/x true no-rule
	// line 2 ignored, a rule outside any group: "Disallow: /tmp/"
	// line 7 ignored, not a key and a value: "Disallow /drafts/"
	// https://example.com/sitemap.xml {8 Crawl-delay 5}
}

// Both the rules and the URL are compared after the percent-encoding
// normalization of RFC 9309, Section 2.2.2: a raw "é" and "%C3%A9" are
// one octet sequence, and "%62" is "b". Google's reference compares the
// URL as given; Options{Reading: robots.Google} reads as it does.
func ExampleOptions_Parse() {
	file := []byte("User-agent: *\nDisallow: /caf%C3%A9/\nDisallow: /%62ar\n")
	for _, o := range []robots.Options{{}, {Reading: robots.Google}} {
		a, err := o.Parse(file).Agent("ExampleBot")
		if err != nil {
			panic(err)
		}
		fmt.Println(o.Reading, a.CheckPath("/café/menu").Allowed, a.CheckPath("/bar").Allowed)
	}
	// Output:
	// rfc9309 false false
	// google true true
}

// Update says what applies after each fetch: while the file is
// unreachable, the copy held before keeps applying (RFC 9309, Section
// 2.4); without one, everything is disallowed, for 30 days.
func ExampleUpdate() {
	day := func(d int) time.Time { return time.Date(2026, 3, 1+d, 0, 0, 0, 0, time.UTC) }
	file := []byte("User-agent: *\nDisallow: /private/\n")
	var held *robots.Robots
	for d, r := range []struct {
		status int
		body   []byte
	}{
		{200, file},
		{503, nil}, // the copy of day 0 applies
		{503, nil},
	} {
		fetch, err := robots.Options{}.FromResponse("https://example.com/robots.txt", r.status, r.body, day(d))
		if err != nil {
			panic(err)
		}
		held = robots.Update(held, fetch)
		v, _ := held.Check("ExampleBot", "https://example.com/private/")
		fmt.Print(fetch.Status(), " ", held.Outcome(), " /private/ allowed: ", v.Allowed, ", fetch again ", held.Expires().Format(time.DateOnly))
		if since := held.UnreachableSince(); !since.IsZero() {
			fmt.Print(", unreachable since ", since.Format(time.DateOnly))
		}
		fmt.Println()
	}
	// Output:
	// 200 success /private/ allowed: false, fetch again 2026-03-02
	// 503 success /private/ allowed: false, fetch again 2026-03-03, unreachable since 2026-03-02
	// 503 success /private/ allowed: false, fetch again 2026-03-04, unreachable since 2026-03-02
}

// URL gives the key of an authority's robots.txt: a default port is
// dropped, any other kept.
func ExampleURL() {
	for _, page := range []string{"https://User@Example.com:443/a?b#c", "http://example.com:8080/x", "mailto:a@example.com"} {
		u, err := robots.URL(page)
		fmt.Println(u, err)
	}
	// Output:
	// https://example.com/robots.txt <nil>
	// http://example.com:8080/robots.txt <nil>
	//  uri: no host, so no robots.txt at offset 7 of "mailto:a@example.com"
}

// A Robots that knows the URL of its file (Fetch, FromResponse) answers
// only for the URLs of that scheme, host and port (RFC 9309, Section
// 2.3): a URL of another is an error, never the answer of rules that are
// not its own. So is a crawler's name that is no product token: the
// first product of a browser's User-Agent header is Mozilla.
func ExampleRobots_Check() {
	file := []byte("User-agent: ExampleBot\nDisallow: /private/\n")
	r, err := robots.Options{}.FromResponse("https://example.com/robots.txt", 200, file, time.Now())
	if err != nil {
		panic(err)
	}
	for _, c := range []struct{ agent, url string }{
		{"ExampleBot", "https://example.com/private/x"},
		{"ExampleBot", "http://example.com/private/x"},
		{"ExampleBot", "https://another.example/private/x"},
		{"Mozilla/5.0 (compatible; ExampleBot/2.1)", "https://example.com/private/x"},
	} {
		v, err := r.Check(c.agent, c.url)
		switch {
		case errors.Is(err, robots.ErrOtherAuthority):
			fmt.Println("another authority:", err)
		case errors.Is(err, robots.ErrNotToken):
			fmt.Println("no product token:", err)
		default:
			fmt.Println(c.url, v.Allowed, v.Rule)
		}
	}
	// Output:
	// https://example.com/private/x false line 2: disallow: /private/
	// another authority: uri: check: the URL is of another scheme, host or port than the robots.txt (the rules are those of https://example.com/robots.txt) in scheme at offset 4 of "http://example.com/private/x"
	// another authority: uri: check: the URL is of another scheme, host or port than the robots.txt (the rules are those of https://example.com/robots.txt) in host at offset 8 of "https://another.example/private/x"
	// no product token: uri: parse agent: not a product token (give the crawler's product token, as "ExampleBot" or "ExampleBot/2.1", not a User-Agent header) at offset 11 of "Mozilla/5.0 (compatible; ExampleBot/2.1)"
}

// Crawl-delay is no part of RFC 9309 and Google's crawlers ignore it, but
// many crawlers wait as long as it says between two fetches: CrawlDelay
// reads it from the groups that apply to the crawler.
func ExampleAgent_CrawlDelay() {
	r := robots.Parse([]byte("User-agent: ExampleBot\nCrawl-delay: 2.5\nDisallow: /cgi-bin/\n\nUser-agent: *\nDisallow: /tmp/\n"))
	for _, agent := range []string{"ExampleBot", "OtherBot"} {
		a, err := r.Agent(agent)
		if err != nil {
			panic(err)
		}
		d, ok := a.CrawlDelay()
		fmt.Println(agent, d, ok)
	}
	// Output:
	// ExampleBot 2.5s true
	// OtherBot 0s false
}
