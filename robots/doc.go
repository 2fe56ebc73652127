// Package robots reads robots.txt files and decides what a crawler may
// fetch, as RFC 9309 (the Robots Exclusion Protocol) says, for crawlers
// and for agents that fetch pages for a model. From a page's URL to "may I
// fetch it, and why" takes three calls, with any HTTP client:
//
//	robotsURL, err := robots.URL(page)                     // https://example.com/robots.txt
//	r, err := robots.Fetch(ctx, client, robotsURL)         // fetched, read, and what its status means
//	v, err := r.Check("ExampleBot", page)                  // v.Allowed, and v.Rule.Line that decided it
//
// A crawler keeps r under robotsURL, as the key of its authority, until
// r.Expires, and asks r for every URL of that authority: r knows its
// authority, and refuses a URL of another with an error
// ([ErrOtherAuthority]) rather than answer with rules that are not its.
//
// # What is implemented
//
//   - Section 2.2: the file's lines, with CR, LF or CRLF at their end, a
//     UTF-8 byte-order mark (or a part of one) at its start, comments,
//     spaces around the ":"; user-agent lines, several to a group; allow
//     and disallow rules; sitemap lines, which belong to no group; and the
//     other records (crawl-delay and the like), kept for the caller
//     ([Robots.Records]) and not applied; the crawl-delay of the groups
//     that apply to a crawler, which RFC 9309 does not define and Google's
//     crawlers ignore, is read by [Agent.CrawlDelay]. A line that cannot be used is
//     ignored, and only that line (Section 2.3.1.5): [Robots.Ignored] lists
//     each with its reason ([Problem]), a rule before any user-agent line
//     among them.
//   - Section 2.2.1: the groups whose user-agent names the crawler's
//     product token, without regard to case, are combined into one; the
//     groups of "*" apply when none does ([Robots.Agent]). The product token
//     of a user-agent line is the run of letters, "-" and "_" that begins
//     its value, as Google's reference reads it ("Googlebot/2.1" names
//     Googlebot) ([Token], [ValidToken]). The crawler gives its product
//     token, alone or with its version ("ExampleBot/2.1"); anything else
//     is an error ([ErrNotToken]), a whole User-Agent header above all,
//     whose first product ("Mozilla/5.0 (compatible; ExampleBot/2.1)")
//     is another's.
//   - Sections 2.2.2 and 2.2.3: the rules are matched against the path and
//     query of the URL, after the percent-encoding normalization of both
//     the rule and the URL (see Normalization); "*" matches any run of
//     octets and a final "$" the end of the path; the most specific rule,
//     the one with the most octets ("*" and "$" counted, as Google's
//     reference counts them), decides, and of an allow and a disallow rule
//     with as many octets, the allow rule; "/robots.txt" is always
//     allowed. The answer, a [Verdict], names the rule that decided and its
//     line, so that a crawler can log why.
//   - Section 2.3: the URL of the robots.txt of a URL ([URL]: its scheme,
//     host and port, a port other than the default kept), whose rules apply
//     to the URLs of that scheme, host and port only: a Robots that knows
//     its URL ([Fetch], [Options.FromResponse]) refuses the others
//     ([ErrOtherAuthority]); and what each
//     outcome of fetching it means (Section 2.3.1, [Outcome]): 2xx, the
//     rules of the file; redirects followed up to five times, across
//     hosts, the rules applying to the first authority; 4xx, everything
//     allowed; 5xx and network errors, everything disallowed ([Fetch] with
//     any *http.Client, [Options.FromResponse] for a crawler's own fetch).
//   - Section 2.4: how long a copy may be used ([Robots.Expires], [MaxAge]),
//     and what applies while the file is unreachable ([Update]: the copy the
//     crawler holds, or after [UnreachableAge] without one, everything
//     allowed), as values that a crawler applies: there is no hidden cache.
//   - Section 2.5: a parsing limit, 500 KiB unless [Options.MaxBytes] says
//     more; what lies beyond it is not read, and Robots.Ignored says where
//     the file was cut.
//
// # Normalization
//
// Section 2.2.2 asks that the octets of the URI and of the rules outside
// ASCII, and the reserved ones, be percent-encoded before they are
// compared, and the pct-encodings of unreserved characters decoded; its
// Figure 4 shows which reserved characters stay as written. Both the
// rule and the URL's path and query are normalized so: a pct-encoding of
// an unreserved character is decoded ("%62%61%7A" is "baz"), other
// pct-encodings keep their octet with upper-case hex digits ("%e3" is
// "%E3"), each byte outside ASCII and each byte that no URI holds as it is
// (a space, "|", a "%" without two hex digits) is encoded; of the
// reserved characters, a gen-delim (RFC 3986, Section 2.2) is encoded
// wherever it is data, which is everywhere but the path's "/" and the
// "?" that begins the query ("?baz=https://foo.bar" is matched as
// "?baz=https%3A%2F%2Ffoo.bar"), while a sub-delim, which may delimit
// inside a component ("=", "&", ";"), stays as written, but for "'",
// which delimits nothing and which the URL Standard encodes in the query
// of an http or https URL. In the URL, "*" and "$" are encoded, so that a
// rule writes them "%2A" and "%24" to match them (Section 2.2.3, Figure
// 6). A rule's "?" begins its query
// part as the URL's does: "/a*/b" does not match "/a?x=/b", whose query
// holds "%2F".
//
// # Google's reference
//
// Google's robots.txt parser (github.com/google/robotstxt) differs from
// RFC 9309 in places. The RFC is the default; Options{Reading: [Google]}
// reads as Google's reference does, which its tests pin:
//
//   - The URL's path and query are compared as given: nothing in them is
//     encoded or decoded, so "/foo/bar/ツ" in a URL matches no rule
//     (rules have their bytes outside ASCII encoded and their hex digits
//     in upper case, and that is all), "%62%61%7A" in a rule does not
//     match "/baz", and "%2A" does not match "*".
//   - The URL is read as Google's reference reads it, never an error: the
//     path, parameters and query after "://" or a first "//", so that
//     "example.com/a" and "" are URLs (with paths "/a" and "/").
//   - A line without ":" is read as a key and a value separated by white
//     space, when it holds just those two words ("disallow /").
//   - A key is read from its first letters ("user-agentx" is user-agent)
//     and with common typos ("useragent", "user agent", "dissallow",
//     "disalow", "site-map" and others).
//   - The crawler's token is compared with user-agent lines as given:
//     "Foo Bar" matches no group, where the RFC reading takes "Foo" from
//     it.
//   - An allow rule for ".../index.html" (or ".../index.htm") also allows
//     ".../" exactly.
//   - Lines are read up to 16,663 bytes, the rest of a longer line
//     ignored; a rule's octets are counted after its escaping, not after
//     the normalization.
//   - The status 429 (Too Many Requests) makes the file Unreachable, as
//     Google's crawlers read it, not Unavailable.
//
// Both readings allow /robots.txt, skip a byte-order mark, and read the
// token of a user-agent line from its first letters ("FOO BAR" names
// FOO), which the tests of Google's reference expect of the RFC too.
//
// # Speed and safety
//
// A file is read in time linear in its length, up to the parsing limit,
// and its rules are compiled then: checking a URL allocates nothing, and
// costs at most 2|path| + |pattern| steps for each rule of the crawler's
// groups, whatever the file and the URL hold; "*" is matched by a
// Knuth-Morris-Pratt search for each segment, never by backtracking or a
// regular expression. A Robots never changes once made, and any number of
// goroutines may check URLs against it at once.
//
// # Errors
//
// A robots.txt file never fails to parse. A URL argument that does not
// parse, or that has no host, is an error: a *uri.Error (package
// github.com/gouri/uri), with Op uri.OpParse, the offset of the fault and
// a reason found by errors.Is: the URL Standard's (package whatwg's
// Kind), [ErrNoHost] or [ErrNotHTTP]. So is a crawler's name that is no
// product token: Op uri.OpParse, Name "agent", [ErrNotToken]. A URL of
// another authority than the file's is one with Op [OpCheck] and
// [ErrOtherAuthority], at the first byte where its scheme, host or port
// departs. A fetch that fails is no error: it is the outcome
// [Unreachable], with the cause in [Robots.Err] (a redirect refused names
// the absolute URL it led to).
//
// # What this package does not do
//
// It does not keep files or schedule fetches: the crawler keeps each
// Robots under its URL, and fetches again after Expires. A Robots that
// [Parse] made knows no URL, and checks the URLs of any authority. It
// does not apply crawl-delay or any record but the RFC's. It
// reads no HTTP caching headers (RFC 9111), which Section 2.4 allows a
// crawler to follow, and no X-Robots-Tag header or robots meta tag.
package robots
