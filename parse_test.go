package uri

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"testing"
	"unicode/utf8"

	"github.com/gouri/uri/internal/abnf"
	"github.com/gouri/uri/internal/testrows"

	"github.com/gouri/uri/internal/oracle"

	"github.com/google/go-cmp/cmp"
)

// rowView is what a testrows.Parse says about the components.
func rowView(u URI) testrows.Parse {
	p := u.Path()
	return testrows.Parse{
		Input:    u.String(),
		OK:       true,
		Scheme:   optional(u.Scheme(), u.HasScheme()),
		Userinfo: optional(u.Userinfo(), u.HasUserinfo()),
		Host:     optional(u.Host(), u.HasAuthority()),
		Port:     optional(u.Port(), u.HasPort()),
		Path:     &p,
		Query:    optional(u.Query(), u.HasQuery()),
		Fragment: optional(u.Fragment(), u.HasFragment()),
	}
}

// TestParseTestdata checks every row of testdata/parse.jsonl against Parse
// and, independently, against the ABNF oracle, so that a wrong row cannot
// hide a wrong parser.
func TestParseTestdata(t *testing.T) {
	rows := testrows.Read[testrows.Parse](t, "testdata/parse.jsonl")
	if len(rows) < 150 {
		t.Fatalf("only %d rows in testdata/parse.jsonl", len(rows))
	}
	o := oracle.Get("URI-reference", false)
	for _, row := range rows {
		in := row.Bytes(t)
		u, err := Parse(in)
		okOracle, offOracle := o.Check(in)
		offOracle = oracleOffset(o, in, offOracle)
		if okOracle != row.OK || (!row.OK && offOracle != row.Offset) {
			t.Errorf("row %q: ok=%v offset=%d, but the ABNF oracle says ok=%v offset=%d",
				in, row.OK, row.Offset, okOracle, offOracle)
		}
		if !row.OK {
			var e *Error
			if !errors.As(err, &e) {
				t.Errorf("Parse(%q) = %v, want an *Error at offset %d", in, err, row.Offset)
				continue
			}
			if e.Offset != row.Offset || e.Error() != row.Error {
				t.Errorf("Parse(%q) error = %q at %d, want %q at %d", in, e.Error(), e.Offset, row.Error, row.Offset)
			}
			if u != (URI{}) {
				t.Errorf("Parse(%q) returned a non-zero URI with an error", in)
			}
			continue
		}
		if err != nil {
			t.Errorf("Parse(%q): %v", in, err)
			continue
		}
		want := row
		want.InputHex, want.Source = "", testrows.Source{}
		if d := cmp.Diff(want, rowView(u)); d != "" {
			t.Errorf("Parse(%q) (-want +got):\n%s", in, d)
		}
		if d := cmp.Diff(oracleView(in), viewOf(u)); d != "" {
			t.Errorf("Parse(%q) disagrees with RFC 3986 Appendix B (-oracle +got):\n%s", in, d)
		}
	}
}

// startRules lists each entry point with the ABNF start rule it implements.
var startRules = []struct {
	name  string
	parse func(string) (URI, error)
	rule  string
	zone  bool
}{
	{"Parse", Parse, "URI-reference", false},
	{"ParseURI", ParseURI, "URI", false},
	{"ParseAbsoluteURI", ParseAbsoluteURI, "absolute-URI", false},
	{"ParseRelativeRef", ParseRelativeRef, "relative-ref", false},
	{"ParseRFC6874", ParseRFC6874, "URI-reference", true},
}

// TestParseMatchesOracle compares every entry point with the ABNF oracle on
// generated references: most valid or one edit away from valid.
func TestParseMatchesOracle(t *testing.T) {
	n := 60000
	if oracle.Short() {
		n = 10000
	}
	r := rand.New(rand.NewPCG(3986, 6874))
	failures := 0
	for i := 0; i < n && failures < 20; i++ {
		s := oracle.Reference(r)
		for _, sr := range startRules {
			if msg := compareWithOracle(sr.parse, oracle.Get(sr.rule, sr.zone), s); msg != "" {
				t.Errorf("%s(%q): %s", sr.name, s, msg)
				failures++
			}
		}
	}
}

// compareWithOracle returns a description of how parse disagrees with the
// oracle on s, or "" if it does not.
func compareWithOracle(parse func(string) (URI, error), o *oracle.NFA, s string) string {
	u, err := parse(s)
	ok, off := o.Check(s)
	if ok != (err == nil) {
		return "verdict " + errString(err) + ", but the ABNF accepts it: " + boolString(ok)
	}
	if err != nil {
		var e *Error
		if !errors.As(err, &e) {
			return "error is not an *Error: " + err.Error()
		}
		if want := oracleOffset(o, s, off); e.Offset != want {
			return e.Error() + "; the longest valid prefix ends at " + strconv.Itoa(off) + ", the offset rule says " + strconv.Itoa(want)
		}
		return ""
	}
	if d := cmp.Diff(oracleView(s), viewOf(u)); d != "" {
		return "components (-oracle +got):\n" + d
	}
	if u.String() != s {
		return "String() = " + u.String()
	}
	return ""
}

// oracleOffset is the offset that the Error doc promises for s, which the
// oracle o rejects with off, the end of its longest valid prefix: off
// itself, except for a bad port. When off is where an authority without "@"
// ends (at the first "/", "?", "#" or the end, RFC 3986, Appendix B), and
// its whole text is valid as a userinfo (o accepts it with "@" after it),
// it is no host [":" port] only because the port, after the first ":", is
// not all digits: the error is then at the port's first byte that is not a
// digit.
func oracleOffset(o *oracle.NFA, s string, off int) int {
	m := appendixB.FindStringSubmatchIndex(s)
	a, end := m[8], m[9] // group 4: the authority's text
	if a < 0 || end != off || strings.IndexByte(s[a:end], '@') >= 0 {
		return off
	}
	if ok, _ := o.Check(s[:end] + "@"); !ok {
		return off
	}
	auth := s[a:end]
	colon := strings.IndexByte(auth, ':')
	if colon < 0 {
		return off // not reached: a reg-name with nothing after it is valid
	}
	for i := colon + 1; i < len(auth); i++ {
		if auth[i] < '0' || auth[i] > '9' {
			return a + i
		}
	}
	return off // not reached for input that the oracle rejects at off
}

func errString(err error) string {
	if err == nil {
		return "<nil>"
	}
	return err.Error()
}

func boolString(b bool) string {
	if b {
		return "true"
	}
	return "false"
}

// TestParseErrors pins the offset, component and reason of errors, for each
// entry point. The offset rule: Input[:Offset] is the longest prefix that can
// still be completed to a valid string of the rule, except that a port of an
// authority without "@" is reported at its first byte that is not a digit.
func TestParseErrors(t *testing.T) {
	tests := []struct {
		name string
		fn   func(string) (URI, error)
		in   string
		off  int
		comp Component
		err  error
	}{
		// Section 2.1: pct-encoded = "%" HEXDIG HEXDIG
		{"bad percent first digit", Parse, "%zz", 1, Path, ErrBadPercent},
		{"bad percent second digit", Parse, "/a%4g", 4, Path, ErrBadPercent},
		{"percent at end", Parse, "/a%", 3, Path, ErrBadPercent},
		{"percent in query", Parse, "?%", 2, Query, ErrBadPercent},
		{"percent in userinfo", Parse, "//a%x@h", 4, Authority, ErrBadPercent},
		{"percent in host after @", Parse, "//u@a%x", 6, Host, ErrBadPercent},
		// Section 3.1 and 4.2: a colon in a relative path's first segment
		{"digit-led scheme", Parse, "3ttp:x", 4, Path, ErrColonInFirstSegment},
		{"empty scheme", Parse, ":x", 0, Path, ErrColonInFirstSegment},
		{"underscore in scheme", Parse, "a_b:c", 3, Path, ErrColonInFirstSegment},
		{"space in path", Parse, "http://a/b c", 10, Path, ErrInvalidByte},
		{"space before colon", Parse, "a b:c", 1, Path, ErrInvalidByte},
		// Section 3.2: authority
		{"second at", Parse, "http://a@b@c", 10, Host, ErrInvalidByte},
		{"space in authority", Parse, "http://a b", 8, Authority, ErrInvalidByte},
		{"bracket in reg-name", Parse, "http://a[b]/", 8, Authority, ErrInvalidByte},
		// Section 3.2.3: port = *DIGIT. Without "@" the port is checked where
		// the authority ends, but reported at its first byte that is not a digit.
		{"non-digit port at end of authority", Parse, "http://a:b/", 9, Port, ErrBadPort},
		{"non-digit port at end of input", Parse, "http://a:b", 9, Port, ErrBadPort},
		{"letter after a digit", Parse, "http://h:8o/", 10, Port, ErrBadPort},
		{"letter at the end of input", Parse, "https://example.org:7z", 21, Port, ErrBadPort},
		{"letter then digits", Parse, "http://h:80a0?q", 11, Port, ErrBadPort},
		{"two colons", Parse, "http://h::80/", 9, Port, ErrBadPort},
		{"pct-encoded digit", Parse, "http://h:8%30/", 10, Port, ErrBadPort},
		{"sub-delim", Parse, "//h:1!#f", 5, Port, ErrBadPort},
		{"empty host", ParseRelativeRef, "//:x", 3, Port, ErrBadPort},
		{"invalid byte before the authority ends", Parse, "http://h:8o b/", 11, Authority, ErrInvalidByte},
		{"an @ after the authority", Parse, "http://h:8o/@", 10, Port, ErrBadPort},
		{"letter in port after literal", Parse, "http://[::1]:8a/", 14, Port, ErrInvalidByte},
		{"letter in port after userinfo", Parse, "http://u@h:8a/", 12, Port, ErrInvalidByte},
		{"junk after literal", Parse, "http://[::1]x", 12, Host, ErrInvalidByte},
		// Section 3.2.2: IP-literal
		{"empty literal", Parse, "//[]", 3, Host, ErrBadIPLiteral},
		{"unterminated literal", Parse, "//[::1", 6, Host, ErrBadIPLiteral},
		{"nine pieces", Parse, "//[1:2:3:4:5:6:7:8:9]", 18, Host, ErrBadIPLiteral},
		{"two double colons", Parse, "//[1::2::3]", 8, Host, ErrBadIPLiteral},
		{"five hex digits", Parse, "//[12345::]", 7, Host, ErrBadIPLiteral},
		{"IPv4 too early", Parse, "//[1:2:3:4:5:1.2.3.4]", 14, Host, ErrBadIPLiteral},
		{"IPv4 octet 256", Parse, "//[::1.2.3.256]", 13, Host, ErrBadIPLiteral},
		{"IPv4 leading zero", Parse, "//[::1.2.3.04]", 12, Host, ErrBadIPLiteral},
		{"zone rejected", Parse, "//[fe80::1%25eth0]", 10, Host, ErrZoneNotAllowed},
		{"zone without 25 rejected", Parse, "//[fe80::1%eth0]", 10, Host, ErrZoneNotAllowed},
		{"IPvFuture without dot", Parse, "//[v7]", 5, Host, ErrBadIPLiteral},
		{"IPvFuture empty tail", Parse, "//[v7.]", 6, Host, ErrBadIPLiteral},
		{"IPvFuture percent", Parse, "//[v7.%41]", 6, Host, ErrBadIPLiteral},
		// Sections 3.4, 3.5
		{"hash in fragment", Parse, "#a#b", 2, Fragment, ErrInvalidByte},
		{"space in query", Parse, "?a b", 2, Query, ErrInvalidByte},
		{"non-ASCII", Parse, "/\xe2\x82\xac", 1, Path, ErrInvalidByte},
		{"NUL", Parse, "/a\x00", 2, Path, ErrInvalidByte},
		// Section 3: URI requires a scheme
		{"URI: empty", ParseURI, "", 0, Scheme, ErrMissingScheme},
		{"URI: no colon", ParseURI, "http", 4, Scheme, ErrMissingScheme},
		{"URI: slash first", ParseURI, "//h/", 0, Scheme, ErrMissingScheme},
		{"URI: digit first", ParseURI, "1a:b", 0, Scheme, ErrInvalidByte},
		{"URI: bad scheme byte", ParseURI, "ht_tp://h", 2, Scheme, ErrInvalidByte},
		{"URI: slash in scheme", ParseURI, "http//h", 4, Scheme, ErrInvalidByte},
		// Section 4.3: absolute-URI has no fragment
		{"absolute-URI: fragment", ParseAbsoluteURI, "http://h/#f", 9, Fragment, ErrFragmentNotAllowed},
		{"absolute-URI: no scheme", ParseAbsoluteURI, "/p", 0, Scheme, ErrMissingScheme},
		// Section 4.2: relative-ref has no scheme
		{"relative-ref: scheme", ParseRelativeRef, "http://h/", 4, Path, ErrColonInFirstSegment},
		{"relative-ref: mailto", ParseRelativeRef, "mailto:x", 6, Path, ErrColonInFirstSegment},
		// RFC 6874 on request: "%25" then ZoneID = 1*( unreserved / pct-encoded )
		{"zone: empty", ParseRFC6874, "//[fe80::1%25]", 13, Host, ErrBadIPLiteral},
		{"zone: not 25", ParseRFC6874, "//[fe80::1%2F]", 12, Host, ErrBadIPLiteral},
		{"zone: bare percent", ParseRFC6874, "//[fe80::1%eth0]", 11, Host, ErrBadIPLiteral},
		{"zone: bad percent", ParseRFC6874, "//[fe80::1%25a%zz]", 15, Host, ErrBadPercent},
		{"zone: sub-delim", ParseRFC6874, "//[fe80::1%25a!]", 14, Host, ErrBadIPLiteral},
		{"zone: incomplete address", ParseRFC6874, "//[fe80:%25a]", 8, Host, ErrBadIPLiteral},
		{"zone: on IPvFuture", ParseRFC6874, "//[v1.a%25b]", 7, Host, ErrBadIPLiteral},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			u, err := tt.fn(tt.in)
			var e *Error
			if !errors.As(err, &e) {
				t.Fatalf("(%q) = %v, want an *Error", tt.in, err)
			}
			if e.Offset != tt.off || e.Component != tt.comp || !errors.Is(err, tt.err) || e.Input != tt.in || e.Op != OpParse {
				t.Errorf("(%q) = {Op %q, Offset %d, Component %v, Err %q}, want {parse, %d, %v, %q}",
					tt.in, e.Op, e.Offset, e.Component, e.Err, tt.off, tt.comp, tt.err)
			}
			if u != (URI{}) {
				t.Errorf("(%q) returned a non-zero URI with its error", tt.in)
			}
		})
	}
}

// TestStartRulesAccept checks inputs each start rule accepts, and that the
// rules agree on the components.
func TestStartRulesAccept(t *testing.T) {
	tests := []struct {
		in                           string
		ref, uri, absolute, relative bool
	}{
		{"http://h/p?q#f", true, true, false, false},
		{"http://h/p?q", true, true, true, false},
		{"a:", true, true, true, false},
		{"//h/p#f", true, false, false, true},
		{"/p?q", true, false, false, true},
		{"", true, false, false, true},
		{"#f", true, false, false, true},
		{"./a:b", true, false, false, true},
	}
	for _, tt := range tests {
		want := []bool{tt.ref, tt.uri, tt.absolute, tt.relative}
		for i, sr := range startRules[:4] {
			u, err := sr.parse(tt.in)
			if (err == nil) != want[i] {
				t.Errorf("%s(%q) error = %v, want ok=%v", sr.name, tt.in, err, want[i])
				continue
			}
			if err == nil {
				ref, _ := Parse(tt.in)
				if u != ref {
					t.Errorf("%s(%q) splits differently from Parse", sr.name, tt.in)
				}
			}
		}
	}
}

// TestByteSets tries every byte value inside each component and checks that
// the parser keeps it in that component exactly when the component's ABNF
// allows it. The sets are written out again here from RFC 3986, Appendix A.
func TestByteSets(t *testing.T) {
	const (
		alpha      = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
		digit      = "0123456789"
		hexdig     = digit + "ABCDEFabcdef"
		unreserved = alpha + digit + "-._~"
		subDelims  = "!$&'()*+,;="
		pchar      = unreserved + subDelims + ":@"
	)
	tests := []struct {
		name      string
		parse     func(string) (URI, error)
		pre, post string
		get       func(URI) string
		prefix    string // what get returns before the byte
		suffix    string // and after it
		allowed   string
	}{
		{"scheme first", ParseURI, "", "a:", URI.Scheme, "", "a", alpha},
		{"scheme", ParseURI, "a", "b:", URI.Scheme, "a", "b", alpha + digit + "+-."},
		{"userinfo", Parse, "//a", "b@h", URI.Userinfo, "a", "b", unreserved + subDelims + ":"},
		{"reg-name", Parse, "//a", "b/", URI.Host, "a", "b", unreserved + subDelims},
		{"reg-name after userinfo", Parse, "//u@a", "b/", URI.Host, "a", "b", unreserved + subDelims},
		{"port", Parse, "//h:1", "2/", URI.Port, "1", "2", digit},
		{"h16", Parse, "//[a", "::]", URI.Host, "[a", "::]", hexdig},
		{"IPvFuture version", Parse, "//[v1", "2.x]", URI.Host, "[v1", "2.x]", hexdig + "."}, // "." ends the version and stays in the host
		{"IPvFuture", Parse, "//[v1.a", "b]", URI.Host, "[v1.a", "b]", unreserved + subDelims + ":"},
		{"ZoneID", ParseRFC6874, "//[::1%25a", "b]", URI.Zone, "a", "b", unreserved},
		{"path-abempty", Parse, "//h/a", "b", URI.Path, "/a", "b", pchar + "/"},
		{"path-absolute", Parse, "/a", "b", URI.Path, "/a", "b", pchar + "/"},
		{"path-rootless", Parse, "s:a", "b", URI.Path, "a", "b", pchar + "/"},
		{"path-noscheme first segment", Parse, "%41", "b", URI.Path, "%41", "b", unreserved + subDelims + "@/"},
		{"path-noscheme later segment", Parse, "a/a", "b", URI.Path, "a/a", "b", pchar + "/"},
		{"query", Parse, "?a", "b", URI.Query, "a", "b", pchar + "/?"},
		{"fragment", Parse, "#a", "b", URI.Fragment, "a", "b", pchar + "/?"},
	}
	for _, tt := range tests {
		for b := 0; b < 256; b++ {
			c := string(rune(b))
			if b >= 0x80 {
				c = string([]byte{byte(b)})
			}
			in := tt.pre + c + tt.post
			u, err := tt.parse(in)
			kept := err == nil && tt.get(u) == tt.prefix+c+tt.suffix
			if want := strings.Contains(tt.allowed, c) && b < 0x80; kept != want {
				t.Errorf("%s: byte %#02x in %q: kept=%v (err %v), want %v", tt.name, b, in, kept, err, want)
			}
		}
	}
}

// TestParseAllocs: parsing a valid input and reading its components allocate
// nothing.
func TestParseAllocs(t *testing.T) {
	inputs := []string{
		"foo://user@example.com:8042/over/there?name=ferret#nose",
		"http://[2001:db8::1]:80/a/b?c#d",
		"//[v7.x]/", "mailto:a@b", "../a/b%20c?x=%41", "",
	}
	for _, in := range inputs {
		var sink int
		n := testing.AllocsPerRun(100, func() {
			u, _ := Parse(in)
			_, _ = u.Password()
			_, _ = u.PortNumber()
			for _, c := range [...]string{u.Scheme(), u.Userinfo(), u.Host(), u.Hostname(), u.Port(), u.Path(),
				u.Query(), u.Fragment(), u.Authority(), u.String(), u.Username(), u.Zone(), u.Redacted()} {
				sink += len(c)
			}
			sink += int(u.HostKind())
		})
		if n != 0 {
			t.Errorf("Parse(%q) and accessors: %v allocations, want 0", in, n)
		}
		_ = sink
	}
	n := testing.AllocsPerRun(100, func() { _, _ = Parse("http://[2001:db8::1]:80/a/b?c#d") })
	if n != 0 {
		t.Errorf("Parse: %v allocations, want 0", n)
	}
}

// TestCorpus parses the committed sample of real-world URLs: every line's
// verdict and offset agree with the oracle, and valid ones round-trip.
func TestCorpus(t *testing.T) {
	o := oracle.Get("URI-reference", false)
	for _, name := range testrows.Samples() {
		lines, valid := 0, 0
		for _, s := range testrows.URLs(t, name) {
			lines++
			if msg := compareWithOracle(Parse, o, s); msg != "" {
				t.Errorf("%s line %d %q: %s", name, lines, s, msg)
			}
			if u, err := Parse(s); err == nil {
				valid++
				if u.String() != s {
					t.Errorf("String() of %q = %q", s, u)
				}
			}
		}
		if lines < 1000 || valid < lines*9/10 {
			t.Errorf("%s: %d lines, %d valid: the sample looks wrong", name, lines, valid)
		}
	}
}

// corpusURIs returns the valid URIs of the committed samples of real-world
// URLs (testdata/urls).
func corpusURIs(t *testing.T) []URI {
	var us []URI
	for _, name := range testrows.Samples() {
		for _, s := range testrows.URLs(t, name) {
			if u, err := Parse(s); err == nil {
				us = append(us, u)
			}
		}
	}
	if len(us) < 8000 {
		t.Fatalf("only %d valid URLs in the corpus", len(us))
	}
	return us
}

// The ABNF oracle: a slow, obviously correct reference for the parser, the
// ABNF of RFC 3986, Appendix A, transcribed rule by rule into a regular
// expression (the URI grammar is regular) and simulated as an automaton by
// internal/oracle, which gives both the verdict and the error offset that
// the package promises: the length of the longest prefix that can still be
// completed. Here is the picture of a reference's components that tests
// compare.

// appendixB is the regular expression of RFC 3986, Appendix B, which splits
// any string into the five main components. On a valid reference it splits
// exactly as the grammar does.
var appendixB = regexp.MustCompile(`^(([^:/?#]+):)?(//([^/?#]*))?([^?#]*)(\?([^#]*))?(#(.*))?`)

// view is a test-side picture of a URI's components and their presence,
// compared with go-cmp (URI itself has unexported fields).
type view struct {
	Scheme, Userinfo, Host, Port, Path, Query, Fragment                  *string
	Kind                                                                 string
	HasScheme, HasAuthority, HasUserinfo, HasPort, HasQuery, HasFragment bool
}

// oracleView splits a valid reference with Appendix B, then the authority
// by hand: the userinfo ends at the only "@", the port starts at the last
// ":" that is not inside brackets.
func oracleView(s string) view {
	m := appendixB.FindStringSubmatchIndex(s)
	get := func(g int) (string, bool) {
		if m[2*g] < 0 {
			return "", false
		}
		return s[m[2*g]:m[2*g+1]], true
	}
	var v view
	v.Scheme = optional(get(2))
	v.HasScheme = v.Scheme != nil
	auth, hasAuth := get(4)
	v.HasAuthority = hasAuth
	v.Kind = "none"
	if hasAuth {
		if at := strings.LastIndexByte(auth, '@'); at >= 0 {
			ui := auth[:at]
			v.Userinfo, v.HasUserinfo = &ui, true
			auth = auth[at+1:]
		}
		hostEnd := len(auth)
		if c := strings.LastIndexByte(auth, ':'); c >= 0 && c > strings.LastIndexByte(auth, ']') {
			p := auth[c+1:]
			v.Port, v.HasPort = &p, true
			hostEnd = c
		}
		h := auth[:hostEnd]
		v.Host = &h
		switch {
		case strings.HasPrefix(h, "[v") || strings.HasPrefix(h, "[V"):
			v.Kind = "IPvFuture"
		case strings.HasPrefix(h, "["):
			v.Kind = "IPv6"
		case getOracleIPv4().MatchString(h):
			v.Kind = "IPv4"
		default:
			v.Kind = "reg-name"
		}
	}
	p, _ := get(5)
	v.Path = &p
	v.Query = optional(get(7))
	v.HasQuery = v.Query != nil
	v.Fragment = optional(get(9))
	v.HasFragment = v.Fragment != nil
	return v
}

var oracleIPv4 = sync.OnceValue(func() *regexp.Regexp {
	d := `(?:[0-9]|[1-9][0-9]|1[0-9]{2}|2[0-4][0-9]|25[0-5])`
	return regexp.MustCompile(`^` + d + `\.` + d + `\.` + d + `\.` + d + `$`)
})

func getOracleIPv4() *regexp.Regexp { return oracleIPv4() }

func optional(s string, ok bool) *string {
	if !ok {
		return nil
	}
	return &s
}

// viewOf reads a URI through its accessors.
func viewOf(u URI) view {
	var v view
	v.HasScheme, v.HasAuthority, v.HasUserinfo = u.HasScheme(), u.HasAuthority(), u.HasUserinfo()
	v.HasPort, v.HasQuery, v.HasFragment = u.HasPort(), u.HasQuery(), u.HasFragment()
	v.Scheme = optional(u.Scheme(), u.HasScheme())
	v.Userinfo = optional(u.Userinfo(), u.HasUserinfo())
	v.Host = optional(u.Host(), u.HasAuthority())
	v.Port = optional(u.Port(), u.HasPort())
	p := u.Path()
	v.Path = &p
	v.Query = optional(u.Query(), u.HasQuery())
	v.Fragment = optional(u.Fragment(), u.HasFragment())
	v.Kind = u.HostKind().String()
	return v
}

// TestOracleSelfCheck checks the oracle's own simulation against Go's regexp
// engine running the same expression, on generated inputs: the verdicts must
// agree, and a rejected input's longest valid prefix must be followed by a
// byte that no match can continue with.
func TestOracleSelfCheck(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for i := 0; i < 3000; i++ {
		s := oracle.Reference(r)
		for _, sr := range startRules {
			o := oracle.Get(sr.rule, sr.zone)
			ok, off := o.Check(s)
			if ok != o.Full.MatchString(s) {
				t.Fatalf("%s oracle on %q: simulation says %v, regexp says %v", sr.rule, s, ok, !ok)
			}
			if !ok && off < len(s) && o.Full.MatchString(s[:off+1]) {
				t.Fatalf("%s oracle on %q: %q matches, yet the simulation stops at %d", sr.rule, s, s[:off+1], off)
			}
		}
	}
}

// addParseSeeds seeds a fuzz target with every input of testdata/parse.jsonl.
func addParseSeeds(f *testing.F) {
	for _, row := range testrows.Read[testrows.Parse](f, "testdata/parse.jsonl") {
		f.Add(row.Input)
	}
}

// FuzzParse checks every start rule on arbitrary input against the ABNF
// oracle, and the invariants that hold without it:
//   - valid: String() is the input, recomposing the components as in
//     RFC 3986, Section 5.3 gives the input, parsing again gives ==, and
//     every other accessor agrees with the components (checkAccessors);
//   - invalid: 0 <= Offset <= len(in); in[:Offset] parses or fails at
//     Offset; in[:Offset+1] fails at Offset; Op is "parse", Err a sentinel
//     and the result the zero URI. The exception of the offset rule, a port
//     of an authority without "@" that is not all digits, reported at its
//     first byte that is not a digit, is checked by checkBadPort; and when
//     in[:Offset] fails for that reason, in[:Offset]+"@" must parse.
func FuzzParse(f *testing.F) {
	addParseSeeds(f)
	f.Fuzz(func(t *testing.T, in string) {
		for _, sr := range startRules {
			if msg := compareWithOracle(sr.parse, oracle.Get(sr.rule, sr.zone), in); msg != "" {
				t.Fatalf("%s(%q): %s", sr.name, in, msg)
			}
			checkParseInvariants(t, sr.name, sr.parse, in)
		}
	})
}

func checkParseInvariants(t *testing.T, name string, parse func(string) (URI, error), in string) {
	u, err := parse(in)
	if err == nil {
		if u.String() != in || recompose(u) != in {
			t.Fatalf("%s(%q): String %q, recomposed %q", name, in, u.String(), recompose(u))
		}
		if v, err := parse(u.String()); err != nil || v != u {
			t.Fatalf("%s(%q): parsing the result again gives %#v, %v", name, in, v, err)
		}
		if msg := checkAccessors(u); msg != "" {
			t.Fatalf("%s(%q): %s", name, in, msg)
		}
		return
	}
	var e *Error
	if !errors.As(err, &e) {
		t.Fatalf("%s(%q): error %v is not an *Error", name, in, err)
	}
	if u != (URI{}) || e.Op != OpParse || !isParseSentinel(e.Err) {
		t.Fatalf("%s(%q) = %#v, %#v: want the zero URI and an *Error with Op parse and a sentinel", name, in, u, e)
	}
	if e.Offset < 0 || e.Offset > len(in) || e.Input != in {
		t.Fatalf("%s(%q): offset %d out of range, or input %q", name, in, e.Offset, e.Input)
	}
	if e.Error() == "" || !strings.HasPrefix(e.Error(), "uri: ") {
		t.Fatalf("%s(%q): message %q", name, in, e.Error())
	}
	if e.Err == ErrBadPort {
		if msg := checkBadPort(parse, in, e.Offset); msg != "" {
			t.Fatalf("%s(%q): %s", name, in, msg)
		}
		return
	}
	if _, err := parse(in[:e.Offset]); err != nil {
		var p *Error
		switch {
		case errors.As(err, &p) && p.Offset == e.Offset:
		case errors.Is(err, ErrBadPort):
			// Cut there, the authority ends without "@", and its port is
			// not all digits; with "@" after it the prefix is a userinfo.
			if _, err := parse(in[:e.Offset] + "@"); err != nil {
				t.Fatalf("%s(%q): the prefix before offset %d has a bad port, and is no userinfo: %v", name, in, e.Offset, err)
			}
		default:
			t.Fatalf("%s(%q): the prefix before offset %d fails earlier: %v", name, in, e.Offset, err)
		}
	}
	if e.Offset < len(in) {
		_, err := parse(in[:e.Offset+1])
		var p *Error
		if !errors.As(err, &p) || p.Offset != e.Offset {
			t.Fatalf("%s(%q): the prefix through offset %d does not fail there: %v", name, in, e.Offset, err)
		}
	}
}

// checkBadPort returns what is wrong with the error ErrBadPort at off for in,
// or "": the exception to the offset rule, for a port of an authority
// without "@" that is not all digits (see Error). in[:off] must parse, with
// a port that ends it, so the port's bytes before off are digits; the byte
// at off must not be a digit; and in cut after the character at off (a
// pct-encoding is one) must fail at off with ErrBadPort.
func checkBadPort(parse func(string) (URI, error), in string, off int) string {
	if off >= len(in) {
		return fmt.Sprintf("ErrBadPort at the end of input, %d", off)
	}
	u, err := parse(in[:off])
	if err != nil || !u.HasPort() || u.HasUserinfo() || u.Path() != "" || u.HasQuery() || u.HasFragment() {
		return fmt.Sprintf("ErrBadPort at %d, but the prefix %q is not host:digits (%v)", off, in[:off], err)
	}
	if abnf.IsDigit(in[off]) {
		return fmt.Sprintf("ErrBadPort at %d, a digit", off)
	}
	n := 1
	if in[off] == '%' {
		n = 3
	} else if _, size := utf8.DecodeRuneInString(in[off:]); size > 1 {
		n = size
	}
	_, err = parse(in[:min(off+n, len(in))])
	if e, ok := err.(*Error); !ok || e.Offset != off || e.Err != ErrBadPort {
		return fmt.Sprintf("ErrBadPort at %d, but the prefix %q gives %v", off, in[:min(off+n, len(in))], err)
	}
	return ""
}

// isParseSentinel reports whether err is one of the reasons Parse gives.
func isParseSentinel(err error) bool {
	for _, s := range []error{ErrInvalidByte, ErrBadPercent, ErrMissingScheme, ErrColonInFirstSegment,
		ErrBadIPLiteral, ErrZoneNotAllowed, ErrBadPort, ErrFragmentNotAllowed, ErrTooLong} {
		if err == s {
			return true
		}
	}
	return false
}

// recompose is RFC 3986, Section 5.3 transcribed, over the accessors.
func recompose(u URI) string {
	var b strings.Builder
	if u.HasScheme() {
		b.WriteString(u.Scheme() + ":")
	}
	if u.HasAuthority() {
		b.WriteString("//")
		if u.HasUserinfo() {
			b.WriteString(u.Userinfo() + "@")
		}
		b.WriteString(u.Host())
		if u.HasPort() {
			b.WriteString(":" + u.Port())
		}
	}
	b.WriteString(u.Path())
	if u.HasQuery() {
		b.WriteString("?" + u.Query())
	}
	if u.HasFragment() {
		b.WriteString("#" + u.Fragment())
	}
	return b.String()
}
