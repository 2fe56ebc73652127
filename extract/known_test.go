package extract_test

// The known differences of the suites from what this package finds, each
// with its reason; a listed case that passes fails the test (see
// testrows.Expect).

// Reasons shared by many cases.
const (
	// The suites of GitHub's rendering are Markdown: a URL written as a
	// link's label or destination, an image's text or a code span is no
	// autolink literal there. The extractor reads text and knows of
	// Markdown only the "[" that keeps a literal from starting (see
	// nextGFM).
	markdownSyntax = "Markdown syntax around the URL (a link, an image, a code span): the extractor reads text"
	// GitHub links a host with a character that the URL Standard forbids
	// in a domain ("%", "@", "[", "]", "^", "|", ">"; section 3.5, the
	// forbidden domain code points); no browser opens such a link, and
	// every URL found here parses.
	refusedHost = "the URL Standard's host parser refuses the host (a forbidden domain code point): GitHub links it, no browser can open it"
	// linkify-it finds scheme-relative links ("//example.com"); a URL
	// found here has a scheme, or is written so that one is implied
	// ("www.", a bare domain, an address).
	schemeRelative = "a scheme-relative reference: no scheme, no www., no bare domain (it follows a \"/\")"
)

// knownLinkify lists the cases of links.txt found otherwise in mode Relaxed.
var knownLinkify = map[string]string{
	"//localhost":               schemeRelative,
	"//test.123":                schemeRelative,
	"My ssl //example.com site": schemeRelative,
	// A '"' ends a URL in modes Default and Relaxed, as "<" and ">" do: it
	// delimits URLs in JSON, HTML attributes and code, and RFC 2396
	// (section 2.4.3) left it out of URIs for that reason; a URL that
	// keeps one would run on into the next string of a JSON array
	// (["https://a.example/1","https://b.example/2"]) or an attribute of
	// HTML (https://example.com/"onmouseover="...). The URL Standard
	// percent-encodes it in a path.
	`http://foo.com/blah_blah_"doublequoted"`: "a '\"' delimits a URL (RFC 2396, section 2.4.3): http://foo.com/blah_blah is found",
}

// knownNotLinks lists the cases of not_links.txt in which mode Relaxed
// finds a URL.
var knownNotLinks = map[string]string{
	"http://example.com_": "a final \"_\" is trailing punctuation, as in GFM: http://example.com is found",
}

// knownGFMSpec lists the autolink examples of the GFM spec and cmark-gfm
// found otherwise in mode GFM.
var knownGFMSpec = map[string]string{
	"extensions.txt example 19": markdownSyntax + " (![http://inline.com/image](http://inline.com/image) is an image)",
}

// knownMicromark lists the blocks of micromark's fixtures, GitHub's
// rendering, found otherwise in mode GFM.
var knownMicromark = map[string]string{
	"base.md:113":                                 markdownSyntax, // "[Visit www.example.com](http://www.example.com) please."
	"base.md:115":                                 markdownSyntax, // "[Visit http://www.example.com](http://www.example.com) please."
	"base.md:117":                                 markdownSyntax, // "[Mail example@example.com](mailto:example@example.com) please."
	"combined-with-images.comment.md:29":          markdownSyntax, // "![a@b.c][x]"
	"combined-with-images.comment.md:41":          markdownSyntax, // "![a@b.c]()"
	"combined-with-links.comment.md:13":           refusedHost,    // "https://a.com]"
	"combined-with-links.comment.md:15":           refusedHost,    // "http://a.com]"
	"combined-with-links.comment.md:17":           refusedHost,    // "www.a.com]"
	"combined-with-links.comment.md:33":           refusedHost,    // "https://a.com`]`"
	"combined-with-links.comment.md:35":           refusedHost,    // "http://a.com`]`"
	"combined-with-links.comment.md:37":           refusedHost,    // "www.a.com`]`"
	"combined-with-links.comment.md:79":           markdownSyntax, // "[a@b.c][x]"
	"combined-with-links.comment.md:91":           markdownSyntax, // "[a@b.c]()"
	"combined-with-links.comment.md:101":          markdownSyntax, // "[a b@c.d e]()"
	"domain-character-reference-like-named.md:13": refusedHost,    // "www.a&b%"
	"domain-character-reference-like-named.md:45": refusedHost,    // "www.a&b>"
	"domain-character-reference-like-named.md:49": refusedHost,    // "www.a&b@"
	"domain-character-reference-like-named.md:51": refusedHost,    // "www.a&b["
	"domain-character-reference-like-named.md:55": refusedHost,    // "www.a&b]"
	"domain-character-reference-like-named.md:57": refusedHost,    // "www.a&b^"
	"domain-character-reference-like-named.md:65": refusedHost,    // "www.a&b|"
	"http-domain-continue.md:13":                  refusedHost,    // "http://a%"
	"http-domain-continue.md:45":                  refusedHost,    // "http://a>"
	"http-domain-continue.md:49":                  refusedHost,    // "http://a@"
	"http-domain-continue.md:51":                  refusedHost,    // "http://a["
	"http-domain-continue.md:55":                  refusedHost,    // "http://a]"
	"http-domain-continue.md:57":                  refusedHost,    // "http://a^"
	"http-domain-continue.md:65":                  refusedHost,    // "http://a|"
	"previous.comment.md:70":                      markdownSyntax, // "See `https://github.com/remarkjs/remark/discussions/678`."
	"www-domain-continue.md:13":                   refusedHost,    // "www.a%"
	"www-domain-continue.md:45":                   refusedHost,    // "www.a>"
	"www-domain-continue.md:49":                   refusedHost,    // "www.a@"
	"www-domain-continue.md:51":                   refusedHost,    // "www.a["
	"www-domain-continue.md:55":                   refusedHost,    // "www.a]"
	"www-domain-continue.md:57":                   refusedHost,    // "www.a^"
	"www-domain-continue.md:65":                   refusedHost,    // "www.a|"
	"www-domain-dot.md:13":                        refusedHost,    // "www.a.%"
	"www-domain-dot.md:45":                        refusedHost,    // "www.a.>"
	"www-domain-dot.md:49":                        refusedHost,    // "www.a.@"
	"www-domain-dot.md:51":                        refusedHost,    // "www.a.["
	"www-domain-dot.md:55":                        refusedHost,    // "www.a.]"
	"www-domain-dot.md:57":                        refusedHost,    // "www.a.^"
	"www-domain-dot.md:65":                        refusedHost,    // "www.a.|"
	"www-domain-start.comment.md:13":              refusedHost,    // "www.%"
	"www-domain-start.comment.md:45":              refusedHost,    // "www.>"
	"www-domain-start.comment.md:49":              refusedHost,    // "www.@"
	"www-domain-start.comment.md:51":              refusedHost,    // "www.["
	"www-domain-start.comment.md:55":              refusedHost,    // "www.]"
	"www-domain-start.comment.md:57":              refusedHost,    // "www.^"
	"www-domain-start.comment.md:65":              refusedHost,    // "www.|"
}
