package readings

import (
	"errors"
	"net"
	"net/netip"
	"net/url"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/gouri/uri"
	"github.com/gouri/uri/internal/abnf"
	"github.com/gouri/uri/internal/errtext"
	"github.com/gouri/uri/internal/oracle"
	"github.com/gouri/uri/whatwg"
)

// aspects returns the aspects of the differences of r, in order.
func aspects(r *Report) []string {
	var a []string
	for _, d := range r.Differences {
		a = append(a, d.Aspect.String())
	}
	return a
}

var compareTests = []struct {
	name    string
	in      string
	ok      [3]bool  // which readings succeed: rfc3986, whatwg, neturl
	dial    string   // "" when net/http does not dial
	dialErr error    // the sentinel, or nil for url.Parse's error
	aspects []string // the aspects of the differences, in order
}{
	{"all agree", "https://example.com/a?b#c", [3]bool{true, true, true}, "example.com:443", nil, nil},
	{"IPv6 literal", "http://[::1]/", [3]bool{true, true, true}, "[::1]:80", nil, nil},
	{"spelling is no difference", "HTTP://user:p%61ss@EXAMPLE.com:0080/a/./b/../%7e?q#f", [3]bool{true, true, true}, "EXAMPLE.com:0080", nil, nil},
	{"IPv6 written differently", "http://[0:0::1]/", [3]bool{true, true, true}, "[0:0::1]:80", nil, nil},
	{"IPv4-mapped IPv6", "http://[::ffff:127.0.0.1]/", [3]bool{true, true, true}, "[::ffff:127.0.0.1]:80", nil, nil},
	{"non-special scheme, not dialed", "foo://H/a", [3]bool{true, true, true}, "", ErrUnsupportedScheme, nil},
	{"empty path of ftp", "ftp://h", [3]bool{true, true, true}, "", ErrUnsupportedScheme, nil},
	{"RFC 3986, Section 7.4: short IPv4 form", "http://127.1/", [3]bool{true, true, true}, "127.1:80", nil, []string{"host", "dial"}},
	{"RFC 3986, Section 7.4: hexadecimal IPv4", "http://0x7f.1/", [3]bool{true, true, true}, "0x7f.1:80", nil, []string{"host", "dial"}},
	{"decimal with a leading zero", "http://127.000.0.1/", [3]bool{true, true, true}, "127.000.0.1:80", nil, []string{"host", "dial"}},
	{"special scheme without slashes", "https:evil.com/", [3]bool{true, true, true}, "", uri.ErrNoHost, []string{"host", "path"}},
	{"backslash before '@'", `http://a\b@c/`, [3]bool{false, true, false}, "", nil, []string{"valid"}},
	{"fullwidth digits", "http://１２７.０.０.１/", [3]bool{false, true, true}, "127.0.0.1:80", nil, []string{"valid", "host", "dial"}},
	{"two '@'", "http://user@evil.com@good.com/", [3]bool{false, true, true}, "good.com:80", nil, []string{"valid"}},
	{"tab inside the host", "http://ho\tst/", [3]bool{false, true, false}, "", nil, []string{"valid"}},
	{"newline inside the host", "http://ho\nst/", [3]bool{false, true, false}, "", nil, []string{"valid"}},
	{"leading and trailing spaces", " http://h/ ", [3]bool{false, true, false}, "", nil, []string{"valid"}},
	{"leading space only", " http://h/", [3]bool{false, true, false}, "", nil, []string{"valid"}},
	{"trailing space only", "http://h/ ", [3]bool{false, true, true}, "h:80", nil, []string{"valid", "path"}},
	{"empty host: the local system to Go's dialer", "http://:80/", [3]bool{true, false, true}, ":80", nil, []string{"valid"}},
	{"port out of range", "http://h:99999/", [3]bool{true, false, true}, "", ErrInvalidPort, []string{"valid"}},
	{"percent-encoded IDN", "https://b%C3%BCcher.example/", [3]bool{true, true, true}, "xn--bcher-kva.example:443", nil, []string{"host", "dial"}},
	// net/http's IDNA (x/net/idna) drops a bare "xn--" label: it dials
	// "xn--vil-9la." for "évil.xn--", a name with a label fewer, which the
	// URL Standard refuses (UTS #46, Section 4, step 4).
	{"a bare xn-- label that net/http's IDNA drops", "https://%C3%A9vil.xn--/", [3]bool{true, false, true}, "xn--vil-9la.:443", nil, []string{"valid", "dial"}},
	{"percent-encoded ASCII host", "http://ex%61mple.com/", [3]bool{true, true, false}, "", nil, []string{"valid"}},
	{"relative reference", "/x", [3]bool{true, false, true}, "", ErrUnsupportedScheme, []string{"valid"}},
	{"all three reject", "http://[::1/", [3]bool{false, false, false}, "", nil, nil},
	{"backslash path", `http://h/a\b`, [3]bool{false, true, true}, "h:80", nil, []string{"valid", "path"}},
	{"'#' in the fragment", "http://h/#a#b", [3]bool{false, true, true}, "h:80", nil, []string{"valid"}},
	{"dot segment encoded", "http://h/a/%2e%2E/b", [3]bool{true, true, true}, "h:80", nil, nil},
	{"encoded slash", "http://h/a%2Fb", [3]bool{true, true, true}, "h:80", nil, nil},
	{"quote in a special query", "http://h/?a='b'", [3]bool{true, true, true}, "h:80", nil, []string{"query"}},
	{"empty userinfo", "http://@h/", [3]bool{true, true, true}, "h:80", nil, nil},
	{"password in net/url decoded", "http://u:p%40ss@h/", [3]bool{true, true, true}, "h:80", nil, nil},
	{"default port written", "https://h:443/", [3]bool{true, true, true}, "h:443", nil, nil},
	{"other port", "http://h:8080/", [3]bool{true, true, true}, "h:8080", nil, nil},
	{"scheme-relative", "//h/x", [3]bool{true, false, true}, "", ErrUnsupportedScheme, []string{"valid"}},
	{"ws default port", "ws://h/", [3]bool{true, true, true}, "", ErrUnsupportedScheme, nil},
	{"a host that net/url accepts and the dialer cannot split", "http://]", [3]bool{false, false, true}, "", ErrInvalidAddress, []string{"valid"}},
}

// TestCompare: which readings succeed, the address dialed, and the aspects
// of the differences.
func TestCompare(t *testing.T) {
	for _, tt := range compareTests {
		t.Run(tt.name, func(t *testing.T) {
			r := Compare(tt.in)
			got := [3]bool{r.RFC3986.OK(), r.WHATWG.OK(), r.NetURL.OK()}
			if got != tt.ok {
				t.Errorf("Compare(%q): readings succeed %v, want %v (errors %v; %v; %v)", tt.in, got, tt.ok, r.RFC3986.Err, r.WHATWG.Err, r.NetURL.Err)
			}
			if r.Dial != tt.dial || (tt.dialErr != nil && !errors.Is(r.DialErr, tt.dialErr)) || (tt.dial == "") != (r.DialErr != nil) {
				t.Errorf("Compare(%q): dial %q, %v; want %q, %v", tt.in, r.Dial, r.DialErr, tt.dial, tt.dialErr)
			}
			if tt.dial == "" && tt.dialErr == nil && !errors.Is(r.DialErr, r.NetURL.Err) {
				t.Errorf("Compare(%q): dial error %v, want net/url's %v", tt.in, r.DialErr, r.NetURL.Err)
			}
			if d := cmp.Diff(tt.aspects, aspects(&r)); d != "" {
				t.Errorf("Compare(%q) differences %q (-want +got):\n%s", tt.in, r.Differences, d)
			}
			if want := tt.ok == [3]bool{true, true, true} && tt.aspects == nil; r.Agree() != want {
				t.Errorf("Compare(%q).Agree() = %v, want %v", tt.in, r.Agree(), want)
			}
			checkReport(t, &r)
		})
	}
}

// TestCompareDetails: the text of the differences of the inputs that SSRF
// filters meet.
func TestCompareDetails(t *testing.T) {
	tests := []struct {
		in   string
		want []string
	}{
		{"http://127.1/", []string{
			`host: rfc3986 "127.1" (reg-name), whatwg "127.0.0.1" (IPv4), neturl "127.1" (reg-name)`,
			`dial: net/http dials "127.1:80" (127.0.0.1 to resolvers that read numbers as inet_aton does); whatwg host "127.0.0.1" (IPv4), port none (default 80)`,
		}},
		{"http://0x7f.1/", []string{
			`host: rfc3986 "0x7f.1" (reg-name), whatwg "127.0.0.1" (IPv4), neturl "0x7f.1" (reg-name)`,
			`dial: net/http dials "0x7f.1:80" (127.0.0.1 to resolvers that read numbers as inet_aton does); whatwg host "127.0.0.1" (IPv4), port none (default 80)`,
		}},
		{"https:evil.com/", []string{
			`host: rfc3986 none, whatwg "evil.com" (domain), neturl none`,
			`path: rfc3986 "evil.com/", whatwg "/", neturl "evil.com/"`,
		}},
		{`http://a\b@c/`, []string{`valid: accepted by whatwg, rejected by rfc3986 and neturl`}},
		{"http://１２７.０.０.１/", []string{
			`valid: accepted by whatwg and neturl, rejected by rfc3986`,
			`host: whatwg "127.0.0.1" (IPv4), neturl "１２７.０.０.１" (reg-name)`,
			`dial: net/http dials "127.0.0.1:80"; neturl host "１２７.０.０.１" (reg-name), port none (default 80)`,
		}},
		{"http://[::1]/", nil},
		{"http://user@evil.com@good.com/", []string{`valid: accepted by whatwg and neturl, rejected by rfc3986`}},
		{"http://ho\tst/", []string{`valid: accepted by whatwg, rejected by rfc3986 and neturl`}},
		{" http://h/ ", []string{`valid: accepted by whatwg, rejected by rfc3986 and neturl`}},
		{"http://u:x@h:0081/", nil},
		{"http://u:x@h:8080/", nil},
		{"https://b%C3%BCcher.example/", []string{
			`host: rfc3986 "b%C3%BCcher.example" (reg-name), whatwg "xn--bcher-kva.example" (domain), neturl "bücher.example" (reg-name)`,
			`dial: net/http dials "xn--bcher-kva.example:443"; rfc3986 host "b%C3%BCcher.example" (reg-name), port none (default 443), neturl host "bücher.example" (reg-name), port none (default 443)`,
		}},
		{"https://%C3%A9vil.xn--/", []string{
			`valid: accepted by rfc3986 and neturl, rejected by whatwg`,
			`dial: net/http dials "xn--vil-9la.:443" (IDNA drops the label "xn--" of "évil.xn--"); rfc3986 host "%C3%A9vil.xn--" (reg-name), port none (default 443), neturl host "évil.xn--" (reg-name), port none (default 443)`,
		}},
		{"http://h/?a='b'", []string{`query: rfc3986 "a='b'", whatwg "a=%27b%27", neturl "a='b'"`}},
		{"http://h:0/", nil},
		{`http://h/a\b`, []string{
			`valid: accepted by whatwg and neturl, rejected by rfc3986`,
			`path: whatwg "/a/b", neturl "/a%5Cb"`,
		}},
	}
	for _, tt := range tests {
		r := Compare(tt.in)
		var got []string
		for _, d := range r.Differences {
			got = append(got, d.String())
		}
		if d := cmp.Diff(tt.want, got); d != "" {
			t.Errorf("Compare(%q) differences (-want +got):\n%s", tt.in, d)
		}
	}
}

// readingView is a Reading without its error, for cmp.
type readingView struct {
	Scheme, Username, Password, Host, Port, Path, Query, Fragment string
	Kind                                                          string
	HasUserinfo, HasPassword, HasPort, HasQuery, HasFragment      bool
}

func viewOf(r Reading) readingView {
	return readingView{r.Scheme, r.Username, r.Password, r.Host, r.Port, r.Path, r.Query, r.Fragment,
		r.HostKind.String(), r.HasUserinfo, r.HasPassword, r.HasPort, r.HasQuery, r.HasFragment}
}

// TestReadings: each parser's components, as that parser gives them.
func TestReadings(t *testing.T) {
	tests := []struct {
		in                    string
		rfc3986, whatwg, nurl readingView
	}{
		{"HTTP://u%41:p@[0::1]:0080/a/../b%7e?q#f",
			readingView{"HTTP", "u%41", "p", "0::1", "0080", "/a/../b%7e", "q", "f", "IPv6", true, true, true, true, true},
			readingView{"http", "u%41", "p", "::1", "", "/b%7e", "q", "f", "IPv6", true, true, false, true, true},
			readingView{"http", "uA", "p", "0::1", "0080", "/a/../b%7e", "q", "f", "IPv6", true, true, true, true, true}},
		{"http://@h:/p?#",
			readingView{"http", "", "", "h", "", "/p", "", "", "reg-name", true, false, true, true, true},
			readingView{"http", "", "", "h", "", "/p", "", "", "domain", false, false, false, true, true},
			readingView{"http", "", "", "h", "", "/p", "", "", "reg-name", true, false, true, true, false}},
		{"foo://h/x", // the URL Standard's opaque host (section 3.1)
			readingView{Scheme: "foo", Host: "h", Path: "/x", Kind: "reg-name"},
			readingView{Scheme: "foo", Host: "h", Path: "/x", Kind: "opaque"},
			readingView{Scheme: "foo", Host: "h", Path: "/x", Kind: "reg-name"}},
		{"file:///x",
			readingView{Scheme: "file", Path: "/x", Kind: "empty"},
			readingView{Scheme: "file", Path: "/x", Kind: "empty"},
			readingView{Scheme: "file", Path: "/x", Kind: "empty"}},
		{"mailto:a@b",
			readingView{Scheme: "mailto", Path: "a@b", Kind: "none"},
			readingView{Scheme: "mailto", Path: "a@b", Kind: "none"},
			readingView{Scheme: "mailto", Path: "a@b", Kind: "none"}},
		{"foo:/x",
			readingView{Scheme: "foo", Path: "/x", Kind: "none"},
			readingView{Scheme: "foo", Path: "/x", Kind: "none"},
			readingView{Scheme: "foo", Path: "/x", Kind: "none"}},
		{"http://1.2.3.4/",
			readingView{Scheme: "http", Host: "1.2.3.4", Path: "/", Kind: "IPv4"},
			readingView{Scheme: "http", Host: "1.2.3.4", Path: "/", Kind: "IPv4"},
			readingView{Scheme: "http", Host: "1.2.3.4", Path: "/", Kind: "IPv4"}},
	}
	for _, tt := range tests {
		r := Compare(tt.in)
		for p, want := range []readingView{tt.rfc3986, tt.whatwg, tt.nurl} {
			rd := r.Reading(Parser(p))
			if rd.Err != nil {
				t.Errorf("Compare(%q): %v fails: %v", tt.in, Parser(p), rd.Err)
				continue
			}
			if d := cmp.Diff(want, viewOf(*rd)); d != "" {
				t.Errorf("Compare(%q), reading %v (-want +got):\n%s", tt.in, Parser(p), d)
			}
		}
	}
}

// TestDifferenceDetail: the text of a difference is written from the
// readings as Compare made them, also once the caller changed its report;
// the zero Difference has none.
func TestDifferenceDetail(t *testing.T) {
	r := Compare("http://127.1/")
	want := texts(r.Differences)
	r.RFC3986.Host, r.WHATWG.Host, r.NetURL.Host, r.Dial = "a", "b", "c", "d:1"
	if d := cmp.Diff(want, texts(r.Differences)); d != "" {
		t.Errorf("Compare(%q): the differences changed with the report (-before +after):\n%s", r.Input, d)
	}
	if got := (Difference{}).String(); got != "valid: " {
		t.Errorf("Difference{}.String() = %q, want %q", got, "valid: ")
	}
}

// TestIPvFuture: RFC 3986 alone reads "[v7.x]", as an IPvFuture.
func TestIPvFuture(t *testing.T) {
	r := Compare("http://[v7.x]/")
	if r.RFC3986.HostKind != uri.HostIPvFuture || r.WHATWG.OK() || r.NetURL.OK() {
		t.Errorf("Compare(%q): %v, %v, %v", r.Input, r.RFC3986.HostKind, r.WHATWG.Err, r.NetURL.Err)
	}
}

// TestNoHostDialError: net/http does not dial a URL without a host; the
// reason is the module's uri.ErrNoHost, in net/http's words.
func TestNoHostDialError(t *testing.T) {
	for _, in := range []string{"https:evil.com/", "http://:/x", "http:///x"} {
		r := Compare(in)
		if !errors.Is(r.DialErr, uri.ErrNoHost) || r.DialErr.Error() != "no Host in request URL" {
			t.Errorf("Compare(%q).DialErr = %v, want uri.ErrNoHost worded as net/http words it", in, r.DialErr)
		}
	}
}

// TestLongHost: a long non-ASCII label is not given to IDNA, whose Punycode
// is quadratic; the dial error says so.
func TestLongHost(t *testing.T) {
	in := "http://" + strings.Repeat("é", 1<<16) + "/"
	r := Compare(in)
	if !errors.Is(r.DialErr, ErrHostTooLong) {
		t.Errorf("Compare(long host): dial %q, %v; want %v", r.Dial, r.DialErr, ErrHostTooLong)
	}
}

// TestNames: the String methods.
func TestNames(t *testing.T) {
	var got []string
	for p := range Parser(4) {
		got = append(got, p.String())
	}
	for a := range Aspect(10) {
		got = append(got, a.String())
	}
	want := []string{"rfc3986", "whatwg", "neturl", "parser(3)",
		"valid", "scheme", "userinfo", "host", "port", "path", "query", "fragment", "dial", "aspect(9)"}
	if d := cmp.Diff(want, got); d != "" {
		t.Errorf("names (-want +got):\n%s", d)
	}
}

// TestQuestions: what a filter asks of a report, on the inputs that fool
// filters: whether an aspect differs, which readings disagree with net/url
// (which net/http dials), whether the URL Standard's reading reaches the
// address that net/http dials, and whether the readings name one target.
func TestQuestions(t *testing.T) {
	tests := []struct {
		why        string
		in         string
		aspect     Aspect
		disagree   Parsers // with net/url on aspect
		reaches    bool    // the URL Standard's reading reaches the dial target
		sameTarget bool
	}{
		{"RFC 3986, Section 7.4: 127.1 is a name to two, an address to one", "http://127.1/", AspectHost, Of(WHATWG), false, false},
		{"net/http dials the name 127.1, which net/url reads", "http://127.1/", AspectDial, 0, false, false},
		{"IDNA: the name net/http dials is the URL Standard's", "https://b%C3%BCcher.example/", AspectHost, Of(WHATWG), true, false},
		{"a special scheme without slashes", "https:evil.example/", AspectHost, Of(WHATWG), false, false},
		{"spelling is no difference", "HTTP://EXAMPLE.com:0080/a/../b", AspectHost, 0, true, true},
		{"only the path differs", "http://h/a\\b", AspectPath, Of(WHATWG), true, true},
		{"two parsers reject", `http://a\b@c/`, AspectValid, Of(WHATWG), false, true},
		{"an IPv6 literal, written two ways", "http://[0:0::1]/", AspectHost, 0, true, true},
		{"not dialed: another scheme", "foo://h:1/", AspectPort, 0, false, true},
	}
	for _, tt := range tests {
		r := Compare(tt.in)
		if got := r.Disagree(tt.aspect, NetURL); got != tt.disagree {
			t.Errorf("%s: Compare(%q).Disagree(%v, NetURL) = %v, want %v", tt.why, tt.in, tt.aspect, got, tt.disagree)
		}
		if got := r.Reaches(WHATWG); got != tt.reaches {
			t.Errorf("%s: Compare(%q).Reaches(WHATWG) = %v, want %v", tt.why, tt.in, got, tt.reaches)
		}
		if got := r.SameTarget(); got != tt.sameTarget {
			t.Errorf("%s: Compare(%q).SameTarget() = %v, want %v (differences %q)", tt.why, tt.in, got, tt.sameTarget, r.Differences)
		}
	}
}

// TestParsers: a set of parsers, listed in the order of the constants.
func TestParsers(t *testing.T) {
	for _, tt := range []struct {
		s    Parsers
		want string
	}{
		{0, "none"},
		{Of(NetURL), "neturl"},
		{Of(NetURL, RFC3986), "rfc3986 and neturl"},
		{Of(WHATWG, NetURL, RFC3986), "rfc3986, whatwg and neturl"},
	} {
		if got := tt.s.String(); got != tt.want {
			t.Errorf("Parsers(%b).String() = %q, want %q", tt.s, got, tt.want)
		}
		var again Parsers
		for p := range tt.s.All() {
			again = again.With(p)
		}
		if again != tt.s {
			t.Errorf("Parsers(%b).All() gives %b", tt.s, again)
		}
	}
}

// TestHostAddr: hosts come without brackets, addresses also as a
// netip.Addr as each parser reads them.
func TestHostAddr(t *testing.T) {
	r := Compare("http://[::ffff:127.0.0.1]/")
	for p, want := range []string{"::ffff:127.0.0.1", "::ffff:7f00:1", "::ffff:127.0.0.1"} {
		rd := r.Reading(Parser(p))
		if rd.Host != want || rd.Addr != netip.MustParseAddr("::ffff:127.0.0.1") {
			t.Errorf("Compare(%q), reading %v: host %q, addr %v; want %q, ::ffff:127.0.0.1", r.Input, Parser(p), rd.Host, rd.Addr, want)
		}
	}
	if r := Compare("http://[v7.x]/"); r.RFC3986.Host != "v7.x" || r.RFC3986.Addr.IsValid() {
		t.Errorf("Compare(%q): RFC 3986 host %q, addr %v; want \"v7.x\", none", r.Input, r.RFC3986.Host, r.RFC3986.Addr)
	}
}

// checkReport checks what holds for every report: Agree means all three
// succeed with no difference; a reading that fails has no components;
// net/http dials exactly when the dial error is nil, only what net/url
// read, and an address the dialer accepts; differences come at most once
// each, in the documented order; and the report is the same when made
// again.
func checkReport(t *testing.T, r *Report) {
	t.Helper()
	if r.Agree() != (r.RFC3986.OK() && r.WHATWG.OK() && r.NetURL.OK() && len(r.Differences) == 0) {
		t.Fatalf("Compare(%q).Agree() = %v with differences %q", r.Input, r.Agree(), r.Differences)
	}
	for p := RFC3986; p <= NetURL; p++ {
		if rd := r.Reading(p); !rd.OK() && viewOf(*rd) != viewOf(Reading{}) {
			t.Fatalf("Compare(%q): %v fails with components %+v", r.Input, p, viewOf(*rd))
		}
	}
	if (r.Dial == "") != (r.DialErr != nil) || r.Dial != "" && !r.NetURL.OK() {
		t.Fatalf("Compare(%q): dial %q, %v, net/url %v", r.Input, r.Dial, r.DialErr, r.NetURL.Err)
	}
	if r.Dial != "" {
		if _, _, err := net.SplitHostPort(r.Dial); err != nil {
			t.Fatalf("Compare(%q): dial %q: %v", r.Input, r.Dial, err)
		}
	}
	order := []string{"valid", "scheme", "userinfo", "host", "port", "path", "query", "fragment", "dial"}
	at := 0
	for _, d := range r.Differences {
		for at < len(order) && order[at] != d.Aspect.String() {
			at++
		}
		if at == len(order) || d.Detail() == "" {
			t.Fatalf("Compare(%q): differences %q out of order or unknown", r.Input, r.Differences)
		}
		at++
	}
	for p := RFC3986; p <= NetURL; p++ {
		rd := r.Reading(p)
		if ip := rd.HostKind == uri.HostIPv4 || rd.HostKind == uri.HostIPv6; ip != rd.Addr.IsValid() || ip && strings.HasPrefix(rd.Host, "[") {
			t.Fatalf("Compare(%q): %v reads the host %q (%v) with the address %v", r.Input, p, rd.Host, rd.HostKind, rd.Addr)
		}
	}
	checkQuestions(t, r)
	again := Compare(r.Input)
	if d := cmp.Diff(texts(r.Differences), texts(again.Differences)); d != "" || again.Dial != r.Dial {
		t.Fatalf("Compare(%q) twice differs:\n%s", r.Input, d)
	}
	checkKept(t, r)
}

// sameNetURL reports whether u and v have the same fields, the userinfo
// compared by its text.
func sameNetURL(u, v url.URL) bool {
	if (u.User == nil) != (v.User == nil) || u.User.String() != v.User.String() {
		return false
	}
	u.User, v.User = nil, nil
	return u == v
}

// texts returns the aspect, the parsers and the text of each difference.
func texts(ds []Difference) []string {
	var s []string
	for _, d := range ds {
		s = append(s, d.Parsers.String()+" "+d.String())
	}
	return s
}

// checkKept checks that the values a report keeps are those that the
// parsers give for its input, and that DialHostPort is Dial split.
func checkKept(t *testing.T, r *Report) {
	t.Helper()
	u, err := uri.Parse(r.Input)
	if got, ok := r.ParsedRFC3986(); got != u || ok != (err == nil) || ok != r.RFC3986.OK() {
		t.Fatalf("Compare(%q).ParsedRFC3986() = %q, %v; uri.Parse gives %q, %v", r.Input, got, ok, u, err)
	}
	w, err := whatwg.Parse(r.Input)
	if got, ok := r.ParsedWHATWG(); got != w || ok != (err == nil) || ok != r.WHATWG.OK() {
		t.Fatalf("Compare(%q).ParsedWHATWG() = %q, %v; whatwg.Parse gives %q, %v", r.Input, got.Href(), ok, w.Href(), err)
	}
	n, err := url.Parse(r.Input)
	if n == nil {
		n = &url.URL{}
	}
	if got, ok := r.ParsedNetURL(); ok != (err == nil) || ok != r.NetURL.OK() || !sameNetURL(got, *n) {
		t.Fatalf("Compare(%q).ParsedNetURL() = %#v, %v; url.Parse gives %#v, %v", r.Input, got, ok, n, err)
	}
	for p := range Of(RFC3986, WHATWG, NetURL).All() {
		rd := r.Reading(p)
		opaque := p == WHATWG && w.HostKind() == uri.HostOpaque
		if _, err := netip.ParseAddr(rd.Host); err == nil && rd.OK() && (rd.HostKind == uri.HostRegName || rd.HostKind == uri.HostDomain || rd.HostKind == uri.HostOpaque) && !opaque {
			t.Fatalf("Compare(%q): %v reads the name %q, which netip reads as an address", r.Input, p, rd.Host)
		}
	}
	host, port, addr := r.DialHostPort()
	h, p, err := net.SplitHostPort(r.Dial)
	a, _ := netip.ParseAddr(h)
	if r.Dial == "" {
		h, p, err = "", "", nil
	}
	if err != nil || host != h || port != p || addr != a {
		t.Fatalf("Compare(%q).DialHostPort() = %q, %q, %v; Dial %q splits into %q, %q (%v), %v", r.Input, host, port, addr, r.Dial, h, p, a, err)
	}
}

// checkQuestions checks that the answers of a report agree with its
// differences: an aspect differs when a reading disagrees with another on
// it; the parsers of a difference are those that it concerns; and the
// same target is no difference of scheme, host, port or dial.
func checkQuestions(t *testing.T, r *Report) {
	t.Helper()
	for a := AspectValid; a <= AspectDial; a++ {
		var d *Difference
		for i := range r.Differences {
			if r.Differences[i].Aspect == a {
				d = &r.Differences[i]
			}
		}
		if r.Differs(a) != (d != nil) {
			t.Fatalf("Compare(%q).Differs(%v) = %v with differences %q", r.Input, a, r.Differs(a), r.Differences)
		}
		any := false
		var notReached Parsers
		for p := RFC3986; p <= NetURL; p++ {
			any = any || r.Disagree(a, p) != 0
			if r.Disagree(AspectDial, p).Has(p) {
				notReached = notReached.With(p)
			}
			if r.Reaches(p) && (r.DialErr != nil || !r.Reading(p).OK()) {
				t.Fatalf("Compare(%q).Reaches(%v) with dial error %v, reading error %v", r.Input, p, r.DialErr, r.Reading(p).Err)
			}
		}
		if a == AspectDial {
			if (d != nil) != (notReached != 0) || d != nil && d.Parsers != notReached {
				t.Fatalf("Compare(%q): dial difference %+v, readings that do not reach it %v", r.Input, d, notReached)
			}
		} else if any != (d != nil) {
			t.Fatalf("Compare(%q): %v differs %v, but readings disagree on it %v", r.Input, a, d != nil, any)
		}
	}
	if want := !r.Differs(AspectScheme) && !r.Differs(AspectHost) && !r.Differs(AspectPort) && !r.Differs(AspectDial) &&
		(r.RFC3986.OK() || r.WHATWG.OK() || r.NetURL.OK()); r.SameTarget() != want {
		t.Fatalf("Compare(%q).SameTarget() = %v with differences %q", r.Input, r.SameTarget(), r.Differences)
	}
}

// FuzzCompare checks, for any input, that Compare does not panic and that
// its report keeps the invariants of checkReport.
func FuzzCompare(f *testing.F) {
	for _, tt := range compareTests {
		f.Add(tt.in)
	}
	for _, h := range oracle.IDNALabelSeeds {
		f.Add("https://" + h + "/")
	}
	f.Fuzz(func(t *testing.T, in string) {
		r := Compare(in)
		checkReport(t, &r)
	})
}

// TestEncodeOutside: the encoding that the comparison applies is the one of
// uri.Components.Encode, for every byte in every place, and for "%" with
// and without hex digits after it.
func TestEncodeOutside(t *testing.T) {
	var ins []string
	for c := 0; c < 256; c++ {
		ins = append(ins, "a"+string(rune(c))[:1]+"b", string([]byte{byte(c)}))
	}
	ins = append(ins, "%", "%4", "%41", "%4g", "a%%41", "%zz%2f", "é ü#?/[]", "")
	for _, s := range ins {
		for _, tc := range []struct {
			c    uri.Components
			mask uint16
			get  func(uri.URI) string
		}{
			{uri.Components{Scheme: "x", HasAuthority: true, Path: "/" + s}, abnf.Path, uri.URI.Path},
			{uri.Components{Query: s, HasQuery: true}, abnf.Query, uri.URI.Query},
			{uri.Components{Fragment: s, HasFragment: true}, abnf.Query, uri.URI.Fragment},
		} {
			u, _, err := tc.c.Encode()
			if err != nil {
				t.Fatalf("Encode(%+v): %v", tc.c, err)
			}
			raw := tc.c.Path + tc.c.Query + tc.c.Fragment
			if got := abnf.EncodeOutside(raw, tc.mask); got != tc.get(u) {
				t.Errorf("abnf.EncodeOutside(%q) = %q, Encode gives %q", raw, got, tc.get(u))
			}
		}
	}
}

// TestCanonicalPath: a path is compared as uri.NormalizePath gives it, the
// same path however its dot segments lead to it: "a/..//b" and "/.//b" are
// both "//b" (RFC 3986, Section 5.2.4), with no "/." in front, which only
// a URI without authority needs.
func TestCanonicalPath(t *testing.T) {
	m := memo{}
	for _, tt := range []struct{ in, want string }{
		{"", ""},
		{"/a/./b/../%7e", "/a/~"},
		{"a/..//b", "//b"},
		{"/.//b", "//b"},
		{"/a b/é", "/a%20b/%C3%A9"},
		{"a/../../b", "/b"},
	} {
		if got := m.canonical(uri.Path, tt.in); got != tt.want {
			t.Errorf("canonical(Path, %q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

// TestQuote: a long value is shown by its beginning, cut at a character.
func TestQuote(t *testing.T) {
	long := strings.Repeat("a", errtext.MaxHead-1) + "éé"
	if got, want := quote(long), `"`+strings.Repeat("a", errtext.MaxHead-1)+`"...`; got != want {
		t.Errorf("quote(%d bytes) = %s, want %s", len(long), got, want)
	}
	if got := quote("a\x1b\u202e"); got != `"a\x1b\u202e"` {
		t.Errorf("quote = %s", got)
	}
}
