package canon

import "github.com/gouri/uri/internal/testrows"

// The known failures of the conformance suites urlcanon and safebrowsing
// (testdata/conformance of the module), in the way of rust-url's
// expected_failures.txt: each list is keyed by the name that check gives
// a file or a group of it, each entry by input. A failure that no list
// names fails the test, and so does a listed case that passes.
//
// urlcanon's expectations follow its own choices and a 2016 draft of the
// URL Standard, and Google's client differs from the Safe Browsing
// document in places; where this package follows today's URL Standard or
// the document, the case is listed with the rule that decides it. None of
// them depends on the Unicode version of the Go toolchain: the lists hold
// with Go 1.26 (Unicode 15.0.0) and Go 1.27 (Unicode 17.0.0) alike.

// Why this package reads a case otherwise than urlcanon.
const (
	whyBackslashHost    = "a \"\\\" right after the host is a host code point of a non-special URL: the path cannot follow a host"
	whyBackslashPath    = "the URL Standard reads \"\\\" as \"/\" in a special URL's path and writes \"/\" (section 4.4, path state); urlcanon keeps the byte"
	whyDotsHost         = "a host of dots is a domain today (section 3.5: the IPv4 parser reads only a host that ends in a number); the draft read it as 0.0.0.0"
	whyDotsHostSemantic = "a host of dots is a domain (or an opaque host) today; the draft read it as 0.0.0.0"
	whyDriveLetter      = "\"C|\" is kept encoded in a file path, where the URL Standard would read it as the drive letter \"C:\" and the key would not be idempotent"
	whyForbiddenHost    = "a forbidden domain or host code point (\"%\", a space, a control, \"<\") or a host that ends in a number and is no IPv4 address fails today's host parser (section 3.5); the draft accepted it"
	whyFragmentSpace    = "the fragment percent-encode set includes the space (section 1.3)"
	whyGopher           = "gopher is no special scheme since 2017: no host is read from \"gopher:x\", and 70 is no default port"
	whyNoScheme         = "no scheme and no base: the basic URL parser fails (missing-scheme-non-relative-URL)"
	whyNotOctal         = "a host that ends in a number goes to the IPv4 parser, and \"09\" is no octal number: failure"
	whyNotUTF8          = "the URL Standard reads a byte that is not UTF-8 as U+FFFD (Encoding Standard, UTF-8 decode); urlcanon keeps the byte"
	whyPercentInHost    = "\"%\" and a decoded space are forbidden domain code points (section 3.3): failure"
	whyNoPath           = "the URL Standard gives a special URL the path \"/\"; urlcanon's key keeps it absent"
	whyDecodedOnce      = "decoded once, as a server decodes (RFC 3986, Section 6.2.2.2): an escape that decoding makes (\"%2561\" gives \"%61\") is text, and \"%25\" stays; urlcanon decodes until none is left"
	whyReservedKept     = "the escape of a reserved character stays encoded (RFC 3986, Sections 2.2 and 6.2.2.2): \"%40\" and \"@\" may be different data to a server; urlcanon decodes it"
)

// knownURLCanon are the known failures of the suite urlcanon.
var knownURLCanon = map[string]testrows.Known{
	"surt.jsonl googleSupplementalFromSurt": {
		"B\xfccher.ch:8080":             "the input is ISO-8859-1, not UTF-8: no IDNA name; and the document drops the port",
		"mailto:foo@example.com":        "no host: Safe Browsing keys only URLs with a host",
		"http://www.gotaport.com:1234/": "the document's example drops the port",
	},
	"surt.jsonl defaultIASurt": {
		"": "the empty string has no key; the archive's \"-\" is a placeholder, not a key",
	},
	"ssurt.jsonl surt": {
		"http://user:pass@foo.example.org:81":       whyNoPath,
		"http://user:pass@foo.example.org:81?query": whyNoPath,
		"http://user:pass@foo.example.org:81#frag":  whyNoPath,
		"http://user:pass@10.1.2.3:81#frag":         whyNoPath,
	},
	"ssurt.jsonl surtWithoutScheme": {
		"http://user:pass@foo.example.org:81":       whyNoPath,
		"http://user:pass@foo.example.org:81?query": whyNoPath,
		"http://user:pass@foo.example.org:81#frag":  whyNoPath,
		"http://user:pass@10.1.2.3:81#frag":         whyNoPath,
	},
	"ssurt.jsonl surtWithoutTrailingComma": {
		"http://user:pass@foo.example.org:81":       whyNoPath,
		"http://user:pass@foo.example.org:81?query": whyNoPath,
		"http://user:pass@foo.example.org:81#frag":  whyNoPath,
	},
	// urlcanon's reading follows a 2016 draft of the URL Standard, under
	// the WHATWG profile here; today's standard (which package whatwg passes
	// the web-platform-tests of) reads these otherwise.
	"supplemental-whatwg.jsonl": {
		"file://%":                       whyPercentInHost,
		"file://%/a/b":                   whyPercentInHost,
		"file://%2e%2e%2e/a/b":           whyDotsHost,
		"file://%2e%2e/a/b":              whyDotsHost,
		"file://%2e/a/b":                 whyDotsHost,
		"http:%/":                        whyPercentInHost,
		"http:%2e%2e%2e/a/b":             whyDotsHost,
		"http:%2e%2e/a/b":                whyDotsHost,
		"http:%2e/a/b":                   whyDotsHost,
		"http:/%/":                       whyPercentInHost,
		"http:/%2e%2e%2e/a/b":            whyDotsHost,
		"http:/%2e%2e/a/b":               whyDotsHost,
		"http:/%2e/a/b":                  whyDotsHost,
		"http://%/":                      whyPercentInHost,
		"http://%2e%2e%2e/a/b":           whyDotsHost,
		"http://%2e%2e/a/b":              whyDotsHost,
		"http://%2e/a/b":                 whyDotsHost,
		"http:///%2e%2e%2e/a/b":          whyDotsHost,
		"http:///%2e%2e/a/b":             whyDotsHost,
		"http:///%2e/a/b":                whyDotsHost,
		"http://09/":                     whyNotOctal,
		"http://info@merseburger.de%20/": whyPercentInHost,
		"lolscheme:/x x#x x":             whyFragmentSpace,
		"lolscheme:x x#x x":              whyFragmentSpace,
		"www.google.com":                 whyNoScheme,
		"www.google.com/":                whyNoScheme,
	},
	// Paths whose dot segments a browser resolves, under the WHATWG
	// profile, after "http://h" (special) or "foo://h" (nonspecial).
	"path-dots.jsonl special": {
		"/\\":       whyBackslashPath,
		"/\\.":      whyBackslashPath,
		"/\\foo":    whyBackslashPath,
		"/foo\\":    whyBackslashPath,
		"/foo\\.":   whyBackslashPath,
		"/foo\\foo": whyBackslashPath,
		"\\":        whyBackslashPath,
		"\\.":       whyBackslashPath,
		"\\..":      whyBackslashPath,
		"\\../":     whyBackslashPath,
		"\\..\\":    whyBackslashPath,
		"\\./":      whyBackslashPath,
		"\\.\\":     whyBackslashPath,
		"\\/":       whyBackslashPath,
		"\\\\":      whyBackslashPath,
		"\\foo":     whyBackslashPath,
		"\\foo/":    whyBackslashPath,
		"\\foo\\":   whyBackslashPath,
	},
	"path-dots.jsonl nonspecial": {
		"\\":      whyBackslashHost,
		"\\.":     whyBackslashHost,
		"\\..":    whyBackslashHost,
		"\\../":   whyBackslashHost,
		"\\..\\":  whyBackslashHost,
		"\\./":    whyBackslashHost,
		"\\.\\":   whyBackslashHost,
		"\\/":     whyBackslashHost,
		"\\\\":    whyBackslashHost,
		"\\foo":   whyBackslashHost,
		"\\foo/":  whyBackslashHost,
		"\\foo\\": whyBackslashHost,
	},
	// The Semantic profile on today's URL Standard, against urlcanon's
	// semantic precise canonicalizer, which follows the 2016 draft.
	"aggressive.jsonl": {
		"foo.com/pa%21th": whyReservedKept,
	},
	"semantic-precise.jsonl": {
		"%20leadingspace.com/":                       whyForbiddenHost,
		"data:test# \xbb":                            whyNotUTF8,
		"file://%":                                   whyForbiddenHost,
		"file://%/a/b":                               whyForbiddenHost,
		"file://%2e%2e%2e/a/b":                       whyDotsHostSemantic,
		"file://%2e%2e/a/b":                          whyDotsHostSemantic,
		"file://%2e/a/b":                             whyDotsHostSemantic,
		"file:///C%3A/":                              whyReservedKept,
		"file:///C%7C/":                              whyDriveLetter,
		"gopher://foo:70/":                           whyGopher,
		"gopher:/example.com/":                       whyGopher,
		"gopher:example.com/":                        whyGopher,
		"http:%/":                                    whyForbiddenHost,
		"http:%2e%2e%2e/a/b":                         whyDotsHostSemantic,
		"http:%2e%2e/a/b":                            whyDotsHostSemantic,
		"http:%2e/a/b":                               whyDotsHostSemantic,
		"http:/%/":                                   whyForbiddenHost,
		"http:/%2e%2e%2e/a/b":                        whyDotsHostSemantic,
		"http:/%2e%2e/a/b":                           whyDotsHostSemantic,
		"http:/%2e/a/b":                              whyDotsHostSemantic,
		"http:// leadingspace.com/":                  whyForbiddenHost,
		"http://%/":                                  whyForbiddenHost,
		"http://%20leadingspace.com/":                whyForbiddenHost,
		"http://%2e%2e%2e/a/b":                       whyDotsHostSemantic,
		"http://%2e%2e/a/b":                          whyDotsHostSemantic,
		"http://%2e/a/b":                             whyDotsHostSemantic,
		"http:///%2e%2e%2e/a/b":                      whyDotsHostSemantic,
		"http:///%2e%2e/a/b":                         whyDotsHostSemantic,
		"http:///%2e/a/b":                            whyDotsHostSemantic,
		"http://09/":                                 whyForbiddenHost,
		"http://\x01\x80.com/":                       whyNotUTF8,
		"http://example.com/foo\t\x91%91":            whyNotUTF8,
		"http://example.com/%3A%3a%3C%3c":            whyReservedKept,
		"http://example.com/%7Ffp3%3Eju%3Dduvgw%3Dd": whyReservedKept,
		"http://example.com/(%28:%3A%29)":            whyReservedKept,
		"http://example.com/@asdf%40":                whyReservedKept,
		"http://host/%%%25%32%35asd%%":               whyDecodedOnce,
		"http://host/%%300":                          whyDecodedOnce,
		"http://host/%%36%31":                        whyDecodedOnce,
		"http://host/%25%2536%2531":                  whyDecodedOnce,
		"http://host/%25%25361":                      whyDecodedOnce,
		"http://host/%25%32%35":                      whyDecodedOnce,
		"http://host/%25%32%35%25%32%35":             whyDecodedOnce,
		"http://host/%2525252525252525":              whyDecodedOnce,
		"http://host/%2561":                          whyDecodedOnce,
		"http://host/?%%300":                         whyDecodedOnce,
		"http://host/?%%36%31":                       whyDecodedOnce,
		"http://host/?%25%2536%2531":                 whyDecodedOnce,
		"http://host/?%25%25361":                     whyDecodedOnce,
		"http://host/?%2561":                         whyDecodedOnce,
		"http://host/asdf%25%32%35asd":               whyDecodedOnce,
		"http://host%23.com/%257Ea%2521b%2540c%2523d%2524e%25f%255E00%252611%252A22%252833%252944_55%252B": whyForbiddenHost,
		"http://www.google.com/foo?bar=baz# \xbb":                                                          whyNotUTF8,
		"nonspecial://%2e%2e%2e/a/b":                                                                       whyDotsHostSemantic,
		"nonspecial://%2e%2e/a/b":                                                                          whyDotsHostSemantic,
		"nonspecial://%2e/a/b":                                                                             whyDotsHostSemantic,
		"sc://\x1f!\"$&'()*+,-.;<=>^_`{|}~/":                                                               whyForbiddenHost,
	},
}

// knownSafeBrowsing are the known failures of the suite safebrowsing: the
// client's canonicalURL returns no query, where the document's examples
// keep it, and writes lower-case hex digits, where the document asks for
// upper case.
var knownSafeBrowsing = map[string]testrows.Known{
	"canonical.jsonl canonicalURL": {
		"http://www.google.com/q?":       whyDropsQuery,
		"http://www.google.com/q?r?":     whyDropsQuery,
		"http://www.google.com/q?r?s":    whyDropsQuery,
		"http://www.google.com/q?r?s%3F": whyDropsQuery,
		"http://evil.com/foo?bar;":       whyDropsQuery,
		"http://some%1bhost.com/%1b":     "Google's client writes lower-case hex; the document asks for \"uppercase hex characters\"",
	},
	"canonical.jsonl parseIPAddress": {
		"276.2.3":         "inet_aton and the URL Standard reject a first part above 255; Google's client wraps it",
		"10.192.95.89 xy": "a host with a space is no IPv4 address; Google's client reads up to the space",
	},
}

const whyDropsQuery = "Google's client drops the query; the document keeps it (\"http://www.google.com/q?r?s\" in its examples)"
