package robots

import (
	"encoding/hex"
	"fmt"
	"strconv"
	"strings"
	"testing"

	"github.com/gouri/uri/internal/testrows"
)

// The suite robotstxt (testdata/conformance/robotstxt): every assertion of
// robots_test.cc, the unit test of Google's reference parser. The Google
// reading passes every one. The RFC 9309 reading passes all but those
// listed in knownRFC, where Google's reference, and its tests, read a file
// or a URL otherwise than the RFC: each entry gives the rule that
// decides. A failure that no list names fails the test, and so does a
// listed case that passes.

// suiteCase holds what every row of the suite has: the TEST of
// robots_test.cc and the line of the assertion, which name the case.
type suiteCase struct {
	Test string `json:"test"`
	Line int    `json:"line"`
}

func (c suiteCase) id() string { return c.Test + ":" + strconv.Itoa(c.Line) }

// body returns the robots.txt of a row: text, or the bytes of hx.
func body(t *testing.T, text, hx string) []byte {
	if hx == "" {
		return []byte(text)
	}
	b, err := hex.DecodeString(hx)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// Why the RFC 9309 reading differs from Google's tests.
const (
	whyColon      = "a line without \":\" is no line of the RFC's grammar (Section 2.2); Google reads \"disallow /\" as a rule, which its test's comment calls Google-specific"
	whyRawURL     = "the RFC percent-encodes the octets of the URI outside ASCII before comparing (Section 2.2.2, Figure 4), so a raw character in the URL matches its encoded form in the rule; Google matches the URL as given"
	whyUnreserved = "the RFC decodes a pct-encoded unreserved octet of the rule and the URI before comparing (Section 2.2.2, Figure 4: %62%61%7A is matched as baz)"
	whyEmptyURL   = "the empty string is no URL: the URL Standard reads none in it (missing-scheme-non-relative-URL); Google reads it as the path /"
	whyNoScheme   = "a URL without a scheme is an error of the URL Standard's reading, with its offset; Google reads the text before the first / as a host"
	whyAgentSpace = "the crawler's token is the product token that begins it (Section 2.2.1), Foo, whose group allows /x/; Google compares \"Foo Bar\" as given, matching no group"
	whyIndexHTML  = "the RFC matches paths as written (Section 2.2.2): an allow of /index.html does not allow the directory, as Google's reference does"
	whyLongLine   = "the RFC reads the whole line (Section 2.2), whose pattern then is no prefix of the URL; Google's reference keeps the first 16,663 bytes of a line"
	whyColonData  = "the RFC encodes a gen-delim that is data (Section 2.2.2), here the \":\" of a path, to %3A; Google escapes only octets outside ASCII"
)

// knownRFC are the cases that the RFC 9309 reading passes otherwise than
// robots_test.cc expects, by file.
var knownRFC = map[string]testrows.Known{
	"allowed.jsonl": {
		"ID_LineSyntax_Line:79":                        whyColon,
		"ID_Encoding:419":                              whyRawURL,
		"ID_Encoding:430":                              whyRawURL,
		"ID_Encoding:441":                              whyUnreserved,
		"GoogleOnly_SystemTest:42":                     whyEmptyURL,
		"GoogleOnly_SystemTest:45":                     whyEmptyURL,
		"GoogleOnly_SystemTest:49":                     whyEmptyURL,
		"GoogleOnly_SystemTest:52":                     whyEmptyURL,
		"GoogleOnly_AcceptUserAgentUpToFirstSpace:247": whyAgentSpace,
		"GoogleOnly_IndexHTMLisDirectory:505":          whyIndexHTML,
		"GoogleOnly_LineTooLong:539":                   whyLongLine,
		"GoogleOnly_LineTooLong:565":                   whyLongLine,
	},
	"paths.jsonl": {
		"TestGetPathParamsQuery:990":  whyEmptyURL,
		"TestGetPathParamsQuery:997":  whyNoScheme,
		"TestGetPathParamsQuery:998":  whyNoScheme,
		"TestGetPathParamsQuery:999":  whyNoScheme,
		"TestGetPathParamsQuery:1000": whyNoScheme,
		"TestGetPathParamsQuery:1001": whyNoScheme,
		"TestGetPathParamsQuery:1002": whyNoScheme,
		"TestGetPathParamsQuery:1003": whyNoScheme,
		"TestGetPathParamsQuery:1004": whyNoScheme,
		"TestGetPathParamsQuery:1005": whyNoScheme,
		"TestGetPathParamsQuery:1006": whyNoScheme,
		"TestGetPathParamsQuery:1007": whyNoScheme,
		"TestGetPathParamsQuery:1008": whyNoScheme,
	},
	"escapes.jsonl": {
		"TestMaybeEscapePattern:1012": whyColonData,
	},
}

// suiteFile runs the rows of one file of the suite under each reading:
// check returns "" when the row passes, or what went wrong.
func suiteFile[T interface{ id() string }](t *testing.T, name string, check func(o Options, row T) string) {
	rows := testrows.Vectors[T](t, "robotstxt", name)
	for _, reading := range []Reading{RFC9309, Google} {
		var known testrows.Known
		if reading == RFC9309 {
			known = knownRFC[name]
		}
		e := testrows.NewExpect(t, name+" "+reading.String(), known)
		for _, row := range rows {
			e.Case(row.id(), check(Options{Reading: reading}, row))
		}
		e.Done()
	}
}

type allowedRow struct {
	suiteCase
	Robots    string `json:"robots"`
	RobotsHex string `json:"robots_hex"`
	Agent     string `json:"agent"`
	URL       string `json:"url"`
	Allowed   bool   `json:"allowed"`
}

// TestSuiteAllowed: OneAgentAllowedByRobots, as Check.
func TestSuiteAllowed(t *testing.T) {
	suiteFile(t, "allowed.jsonl", func(o Options, row allowedRow) string {
		v, err := o.Parse(body(t, row.Robots, row.RobotsHex)).Check(row.Agent, row.URL)
		if err != nil || v.Allowed != row.Allowed {
			return fmt.Sprintf("%s: Check(%q, %q) = %+v, %v; want allowed %v (robots.txt %.200q)", row.id(), row.Agent, row.URL, v, err, row.Allowed, row.Robots)
		}
		return ""
	})
}

type agentRow struct {
	suiteCase
	Agent *string `json:"agent"`
	Valid bool    `json:"valid"`
}

// TestSuiteAgents: IsValidUserAgentToObey, as ValidToken; a null
// string_view is "".
func TestSuiteAgents(t *testing.T) {
	suiteFile(t, "agents.jsonl", func(o Options, row agentRow) string {
		s := ""
		if row.Agent != nil {
			s = *row.Agent
		}
		if ValidToken(s) != row.Valid {
			return fmt.Sprintf("%s: ValidToken(%q) = %v, want %v", row.id(), s, !row.Valid, row.Valid)
		}
		return ""
	})
}

type linesRow struct {
	suiteCase
	Robots     string `json:"robots"`
	RobotsHex  string `json:"robots_hex"`
	Directives int    `json:"directives"`
	LastLine   *int   `json:"last_line"`
	Unknown    *int   `json:"unknown"`
}

// TestSuiteLines: the lines that a parse handler of Google's reference is
// given: user-agent, allow, disallow and sitemap lines (a rule outside
// any group included), the lines with another key, and the number of the
// last of them, which counts lines ended by CR, LF and CRLF.
func TestSuiteLines(t *testing.T) {
	suiteFile(t, "lines.jsonl", func(o Options, row linesRow) string {
		f := o.Parse(body(t, row.Robots, row.RobotsHex)).f
		switch {
		case f.directives != row.Directives:
		case row.LastLine != nil && f.lastLine != *row.LastLine:
		case row.Unknown != nil && f.others != *row.Unknown:
		default:
			return ""
		}
		return fmt.Sprintf("%s: Parse(%q) read %d directives, %d others, the last on line %d; want %d, %v, %v",
			row.id(), row.Robots, f.directives, f.others, f.lastLine, row.Directives, row.Unknown, row.LastLine)
	})
}

type sitemapRow struct {
	suiteCase
	Robots  string `json:"robots"`
	Sitemap string `json:"sitemap"`
}

// TestSuiteSitemaps: the value of a sitemap line, inside a group or not.
func TestSuiteSitemaps(t *testing.T) {
	suiteFile(t, "sitemaps.jsonl", func(o Options, row sitemapRow) string {
		s := o.Parse([]byte(row.Robots)).Sitemaps()
		if len(s) != 1 || s[0].Value != row.Sitemap {
			return fmt.Sprintf("%s: Parse(%q).Sitemaps() = %+v, want one with %q", row.id(), row.Robots, s, row.Sitemap)
		}
		return ""
	})
}

type pathRow struct {
	suiteCase
	URL  string `json:"url"`
	Path string `json:"path"`
}

// TestSuitePaths: GetPathParamsQuery, the part of a URL that the rules
// are matched against, before the normalization: Check's reading of the
// URL.
func TestSuitePaths(t *testing.T) {
	suiteFile(t, "paths.jsonl", func(o Options, row pathRow) string {
		var got string
		var err error
		if o.Reading == Google {
			got = googlePath(row.URL)
			if !strings.HasPrefix(got, "/") {
				got = "/" + got
			}
		} else if u, e := readURL(row.URL); e != nil {
			err = e
		} else {
			href, off := u.Href(), u.Offsets()
			got = href[off.PathStart:off.FragmentStart]
		}
		if err != nil || got != row.Path {
			return fmt.Sprintf("%s: the path of %q is %q, %v; want %q", row.id(), row.URL, got, err, row.Path)
		}
		return ""
	})
}

type escapeRow struct {
	suiteCase
	Pattern string `json:"pattern"`
	Escaped string `json:"escaped"`
}

// TestSuiteEscapes: MaybeEscapePattern, a rule's pattern as compared: the
// RFC's normalization, or Google's escaping.
func TestSuiteEscapes(t *testing.T) {
	suiteFile(t, "escapes.jsonl", func(o Options, row escapeRow) string {
		var got string
		if o.Reading == Google {
			got, _ = googleEscape(nil, row.Pattern)
		} else {
			got, _ = normalize(nil, row.Pattern, true)
		}
		if got != row.Escaped {
			return fmt.Sprintf("%s: %s escapes %q to %q, want %q", row.id(), o.Reading, row.Pattern, got, row.Escaped)
		}
		return ""
	})
}
