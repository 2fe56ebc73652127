package uri

import (
	"encoding"
	"encoding/json"
	"errors"
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"

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
	if testing.Short() {
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

// TestHostKinds checks the classification of hosts (RFC 3986, Section 3.2.2).
func TestHostKinds(t *testing.T) {
	tests := []struct {
		in       string
		kind     HostKind
		hostname string
	}{
		{"mailto:x", HostNone, ""},
		{"", HostNone, ""},
		{"file:///x", HostRegName, ""},
		{"//example.com", HostRegName, "example.com"},
		{"//192.0.2.1", HostIPv4, "192.0.2.1"},
		{"//0.0.0.0:1", HostIPv4, "0.0.0.0"},
		{"//u@255.255.255.255", HostIPv4, "255.255.255.255"},
		{"//1.2.3.256", HostRegName, "1.2.3.256"},     // dec-octet is at most 255
		{"//127.0.0.001", HostRegName, "127.0.0.001"}, // no leading zeros
		{"//127.1", HostRegName, "127.1"},
		{"//1.2.3.4.", HostRegName, "1.2.3.4."},
		{"//[::1]", HostIPv6, "::1"},
		{"//[::ffff:1.2.3.4]:80", HostIPv6, "::ffff:1.2.3.4"},
		{"//[v7.x:y]", HostIPvFuture, "v7.x:y"},
		{"//[V7.x]", HostIPvFuture, "V7.x"},
	}
	for _, tt := range tests {
		u := MustParse(tt.in)
		if u.HostKind() != tt.kind || u.Hostname() != tt.hostname {
			t.Errorf("Parse(%q): HostKind %v, Hostname %q; want %v, %q", tt.in, u.HostKind(), u.Hostname(), tt.kind, tt.hostname)
		}
	}
	for k, want := range map[HostKind]string{HostNone: "none", HostRegName: "reg-name", HostIPv4: "IPv4", HostIPv6: "IPv6", HostIPvFuture: "IPvFuture", 9: "HostKind(?)"} {
		if got := k.String(); got != want {
			t.Errorf("HostKind(%d).String() = %q, want %q", k, got, want)
		}
	}
}

func TestZone(t *testing.T) {
	tests := []struct{ in, zone, hostname string }{
		{"http://[fe80::1%25eth0]/", "eth0", "fe80::1%25eth0"},
		{"http://[fe80::1%25en%2F1]:80/", "en%2F1", "fe80::1%25en%2F1"},
		{"http://[::%25x]", "x", "::%25x"},
		{"http://[::1]/", "", "::1"},
		{"http://h/%25x", "", "h"},
	}
	for _, tt := range tests {
		u, err := ParseRFC6874(tt.in)
		if err != nil {
			t.Fatalf("ParseRFC6874(%q): %v", tt.in, err)
		}
		if u.Zone() != tt.zone || u.Hostname() != tt.hostname || u.String() != tt.in {
			t.Errorf("ParseRFC6874(%q): Zone %q Hostname %q, want %q %q", tt.in, u.Zone(), u.Hostname(), tt.zone, tt.hostname)
		}
	}
}

func TestAccessors(t *testing.T) {
	tests := []struct {
		in                   string
		authority            string
		username, password   string
		hasPassword, abs     bool
		requestURI, redacted string
	}{
		{"http://user:pw@h:8/p?q#f", "user:pw@h:8", "user", "pw", true, true, "/p?q", "http://user:xxxxx@h:8/p?q#f"},
		{"http://user@h/", "user@h", "user", "", false, true, "/", "http://user@h/"},
		{"http://:@h", ":@h", "", "", true, true, "/", "http://:xxxxx@h"},
		{"http://a:b:c@h", "a:b:c@h", "a", "b:c", true, true, "/", "http://a:xxxxx@h"},
		{"//u:p@h?x", "u:p@h", "u", "p", true, false, "/?x", "//u:xxxxx@h?x"},
		{"http://h?x", "h", "", "", false, true, "/?x", "http://h?x"},
		{"mailto:a@b?subject=x", "", "", "", false, true, "a@b?subject=x", "mailto:a@b?subject=x"},
		{"/p#f", "", "", "", false, false, "/p", "/p#f"},
		{"", "", "", "", false, false, "/", ""},
	}
	for _, tt := range tests {
		u := MustParse(tt.in)
		pw, hasPW := u.Password()
		got := []any{u.Authority(), u.Username(), pw, hasPW, u.HasScheme(), u.RequestURI(), u.Redacted()}
		want := []any{tt.authority, tt.username, tt.password, tt.hasPassword, tt.abs, tt.requestURI, tt.redacted}
		if d := cmp.Diff(want, got); d != "" {
			t.Errorf("Parse(%q): Authority, Username, Password, HasScheme, RequestURI, Redacted (-want +got):\n%s", tt.in, d)
		}
	}
}

func TestPortNumber(t *testing.T) {
	tests := []struct {
		in   string
		port int
		err  error
		off  int
	}{
		{"http://h:80/", 80, nil, 0},
		{"http://h:0", 0, nil, 0},
		{"http://h:00080", 80, nil, 0},
		{"http://h:65535", 65535, nil, 0},
		{"http://h:65536", 0, ErrPortRange, 13},
		{"http://h:999999999999999999999999", 0, ErrPortRange, 13},
		{"http://h:/", 0, ErrNoPort, 0},
		{"http://h/", 0, ErrNoPort, 0},
		{"mailto:x", 0, ErrNoPort, 0},
	}
	for _, tt := range tests {
		p, err := MustParse(tt.in).PortNumber()
		if p != tt.port || !errors.Is(err, tt.err) {
			t.Errorf("Parse(%q).PortNumber() = %d, %v; want %d, %v", tt.in, p, err, tt.port, tt.err)
		}
		var e *Error
		if tt.err == ErrNoPort && err != ErrNoPort {
			t.Errorf("Parse(%q).PortNumber() error %#v, want the bare ErrNoPort", tt.in, err)
		}
		if tt.err == ErrPortRange && (!errors.As(err, &e) || e.Offset != tt.off || e.Component != Port) {
			t.Errorf("Parse(%q).PortNumber() error %#v, want offset %d in port", tt.in, err, tt.off)
		}
	}
}

// TestZeroValue: the zero URI is the empty reference, and every method works
// on it.
func TestZeroValue(t *testing.T) {
	var z URI
	u, err := Parse("")
	if err != nil || u != z {
		t.Fatalf(`Parse("") = %#v, %v; want the zero URI`, u, err)
	}
	if z.String() != "" || z.HasScheme() || z.HasAuthority() || z.HostKind() != HostNone || z.RequestURI() != "/" || z.Redacted() != "" || z.Zone() != "" {
		t.Errorf("zero URI accessors misbehave")
	}
	if c := z.Components(); c != (Components{}) {
		t.Errorf("zero URI Components() = %+v", c)
	}
}

// TestEqualityIsTextual: == on URI values means same text.
func TestEqualityIsTextual(t *testing.T) {
	a, b := MustParse("http://h/p?q"), MustParse(strings.Clone("http://h/p?q"))
	if a != b {
		t.Errorf("two parses of the same text differ")
	}
	if MustParse("http://h/p") == MustParse("http://H/p") {
		t.Errorf("different texts compare equal")
	}
}

func TestComponentsURI(t *testing.T) {
	tests := []struct {
		name string
		c    Components
		want string
		err  error
		off  int
		comp Component
	}{
		{"full", Components{Scheme: "foo", Host: "example.com", Port: "8042", Path: "/over/there", Query: "name=ferret", Fragment: "nose"},
			"foo://example.com:8042/over/there?name=ferret#nose", nil, 0, 0},
		{"empty components present", Components{Scheme: "http", HasUserinfo: true, Host: "h", HasPort: true, Path: "/p", HasQuery: true, HasFragment: true},
			"http://@h:/p?#", nil, 0, 0},
		{"empty authority", Components{Scheme: "file", HasAuthority: true, Path: "/x"}, "file:///x", nil, 0, 0},
		{"no authority", Components{Scheme: "mailto", Path: "x@y"}, "mailto:x@y", nil, 0, 0},
		{"zero", Components{}, "", nil, 0, 0},
		{"IPv6 host", Components{Scheme: "http", Host: "[::1]", Port: "80"}, "http://[::1]:80", nil, 0, 0},
		// Section 4.2: a colon in the first segment of a relative-path reference
		{"colon in first segment", Components{Path: "a:b/c"}, "./a:b/c", nil, 0, 0},
		{"colon later is fine", Components{Path: "a/b:c"}, "a/b:c", nil, 0, 0},
		{"colon with scheme is fine", Components{Scheme: "s", Path: "a:b"}, "s:a:b", nil, 0, 0},
		// A path starting with "//" without an authority
		{"double slash path", Components{Scheme: "s", Path: "//x"}, "s:/.//x", nil, 0, 0},
		{"double slash relative", Components{Path: "//x"}, "/.//x", nil, 0, 0},
		{"double slash with authority", Components{Host: "h", Path: "//x"}, "//h//x", nil, 0, 0},
		// Errors
		{"rootless path with authority", Components{Scheme: "http", Host: "h", Path: "p"}, "", ErrPathWithAuthority, 8, Path},
		{"query delimiter in path", Components{Path: "/a?b"}, "", ErrInvalidByte, 2, Path},
		{"space in query", Components{Query: "a b"}, "", ErrInvalidByte, 2, Query},
		{"hash in fragment", Components{Fragment: "a#"}, "", ErrInvalidByte, 2, Fragment},
		{"bad scheme", Components{Scheme: "1a", Path: "x"}, "", ErrInvalidByte, 0, Scheme},
		{"bad scheme byte", Components{Scheme: "a_b", Path: "x"}, "", ErrInvalidByte, 1, Scheme},
		{"at in userinfo", Components{Userinfo: "a@b", Host: "h"}, "", ErrInvalidByte, 3, Userinfo},
		{"colon in reg-name", Components{Host: "a:b"}, "", ErrInvalidByte, 3, Host},
		{"bad IP literal", Components{Host: "[::1"}, "", ErrBadIPLiteral, 6, Host},
		{"junk after IP literal", Components{Host: "[::1]x"}, "", ErrBadIPLiteral, 7, Host},
		{"zone", Components{Host: "[fe80::1%25x]"}, "", ErrZoneNotAllowed, 10, Host},
		{"port letters", Components{Host: "h", Port: "8a"}, "", ErrBadPort, 5, Port},
		{"bad percent", Components{Path: "/%g"}, "", ErrBadPercent, 2, Path},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			u, err := tt.c.URI()
			if tt.err != nil {
				var e *Error
				if !errors.As(err, &e) || !errors.Is(err, tt.err) || e.Offset != tt.off || e.Component != tt.comp || e.Op != OpBuild {
					t.Errorf("%+v.URI() error = %#v; want %v at %d in %v", tt.c, err, tt.err, tt.off, tt.comp)
				}
				return
			}
			if err != nil {
				t.Fatalf("%+v.URI(): %v", tt.c, err)
			}
			if u.String() != tt.want {
				t.Errorf("%+v.URI() = %q, want %q", tt.c, u, tt.want)
			}
			// The built value is exactly what parsing its text gives.
			p, err := Parse(u.String())
			if err != nil || p != u {
				t.Errorf("Parse(%q) = %#v, %v; want the built value %#v", u, p, err, u)
			}
		})
	}
}

// TestComponentsRoundTrip: u.Components().URI() gives u back, for every
// valid row of the testdata.
func TestComponentsRoundTrip(t *testing.T) {
	for _, row := range testrows.Read[testrows.Parse](t, "testdata/parse.jsonl") {
		if !row.OK {
			continue
		}
		u := MustParse(row.Input)
		v, err := u.Components().URI()
		if err != nil || v != u {
			t.Errorf("Parse(%q).Components().URI() = %q, %v", row.Input, v, err)
		}
	}
}

func TestErrorText(t *testing.T) {
	long := strings.Repeat("a", 100) + " " + strings.Repeat("b", 100)
	tests := []struct {
		in, want string
	}{
		{"http://a/b c", `uri: invalid character " " in path at offset 10 of "http://a/b c"`},
		{"/a%4", `uri: "%" not followed by two hex digits in path at offset 4 (end of input) of "/a%4"`},
		{"http://a:b", `uri: not a decimal number in port at offset 9 of "http://a:b"`},
		{"3ttp:x", `uri: ":" in the first segment of a relative-path reference at offset 4 of "3ttp:x"`},
		{"/\xff", `uri: invalid character "\xff" in path at offset 1 of "/\xff"`},
		{"//[::1]\n", `uri: invalid character "\n" in host at offset 7 of "//[::1]\n"`},
		{long, `uri: invalid character " " in path at offset 100 of "...` + strings.Repeat("a", 40) + " " + strings.Repeat("b", 39) + `..."`},
		{"/" + long, `uri: invalid character " " in path at offset 101 of "...` + strings.Repeat("a", 40) + " " + strings.Repeat("b", 39) + `..."`},
		{" " + strings.Repeat("c", 200), `uri: invalid character " " in path at offset 0 of " ` + strings.Repeat("c", 79) + `..."`},
	}
	for _, tt := range tests {
		_, err := Parse(tt.in)
		if err == nil || err.Error() != tt.want {
			t.Errorf("Parse(%q) error:\n got %v\nwant %s", tt.in, err, tt.want)
		}
	}
	_, err := ParseURI("//h")
	if want := `uri: missing scheme at offset 0 of "//h"`; err == nil || err.Error() != want {
		t.Errorf("ParseURI error %v, want %s", err, want)
	}
	_, err = Components{Host: "h", Path: "p"}.URI()
	if want := `uri: build: path must be empty or begin with "/" when an authority is present at offset 3 of "//hp"`; err == nil || err.Error() != want {
		t.Errorf("build error %v, want %s", err, want)
	}
	for c := NoComponent; c <= Fragment+1; c++ {
		if c != NoComponent && c.String() == "" {
			t.Errorf("Component(%d) has no name", c)
		}
	}
}

func TestMarshalText(t *testing.T) {
	var u URI
	if err := u.UnmarshalText([]byte("http://h/p?q")); err != nil || u.String() != "http://h/p?q" {
		t.Fatalf("UnmarshalText: %v, %q", err, u)
	}
	b, err := u.MarshalText()
	if err != nil || string(b) != "http://h/p?q" {
		t.Errorf("MarshalText = %q, %v", b, err)
	}
	if err := u.UnmarshalText([]byte("a b")); !errors.Is(err, ErrInvalidByte) || u.String() != "http://h/p?q" {
		t.Errorf("UnmarshalText of an invalid input: %v, and u = %q", err, u)
	}
	var doc struct{ Link URI }
	if err := json.Unmarshal([]byte(`{"Link":"//x/y#z"}`), &doc); err != nil || doc.Link.Fragment() != "z" {
		t.Errorf("json.Unmarshal into a URI field: %v, %q", err, doc.Link)
	}
	out, _ := json.Marshal(doc)
	if string(out) != `{"Link":"//x/y#z"}` {
		t.Errorf("json.Marshal = %s", out)
	}
}

// The text methods of the value types, checked by the compiler.
var (
	_ encoding.TextMarshaler   = URI{}
	_ encoding.TextAppender    = URI{}
	_ encoding.TextUnmarshaler = (*URI)(nil)
	_ encoding.TextMarshaler   = IRI{}
	_ encoding.TextAppender    = IRI{}
	_ encoding.TextUnmarshaler = (*IRI)(nil)
)

// TestAppendText: AppendText of a URI or an IRI appends exactly the text
// that MarshalText returns (the value's String), keeps what b holds, and
// allocates nothing when b has room.
func TestAppendText(t *testing.T) {
	inputs := []string{"", "http://h/p?q#f", "//[v7.x]/a%20b", "mailto:a@b"}
	for _, in := range inputs {
		u := MustParse(in)
		i, err := ParseIRI(in + "é")
		if err != nil {
			t.Fatalf("ParseIRI(%q): %v", in+"é", err)
		}
		for _, v := range []interface {
			encoding.TextMarshaler
			encoding.TextAppender
			String() string
		}{u, i} {
			prefix := []byte("prefix:")
			got, err := v.AppendText(prefix)
			m, _ := v.MarshalText()
			if err != nil || string(got) != "prefix:"+string(m) || string(m) != v.String() || string(prefix) != "prefix:" {
				t.Errorf("%T(%q).AppendText(%q) = %q, %v; want %q", v, v, "prefix:", got, err, "prefix:"+v.String())
			}
			buf := make([]byte, 0, 64)
			if n := testing.AllocsPerRun(100, func() { buf, _ = v.AppendText(buf[:0]) }); n != 0 {
				t.Errorf("%T(%q).AppendText into a buffer with room: %v allocations, want 0", v, v, n)
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
