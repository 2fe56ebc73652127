package canon

import (
	"errors"
	"maps"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/gouri/uri"
	"github.com/gouri/uri/internal/abnf"
	"github.com/gouri/uri/internal/testrows"
	"github.com/gouri/uri/internal/timing"
	"github.com/gouri/uri/whatwg"
)

var profiles = []Profile{WHATWG, SafeBrowsing, Semantic, Aggressive, Archive}

// TestSteps pins each Safe Browsing step alone, with the document's words.
func TestSteps(t *testing.T) {
	for _, c := range []struct {
		step     string
		f        func(string) string
		in, want string
	}{
		{"leading and trailing spaces", func(s string) string { t, _ := abnf.TrimC0Space(s); return t }, " \x01a b\x7f ", "a b\x7f"},
		{"remove tab, CR and LF", removeTabNewline, "a\tb\rc\nd", "abcd"},
		{"remove the fragment at the first #", cutFragment, "a#b#c", "a"},
		{"percent-unescape repeatedly", unescapeRepeatedly, "%252541", "A"},
		{"an escape made by decoding is decoded", unescapeRepeatedly, "%%34%31", "A"},
		{"a lone % stays", unescapeRepeatedly, "%zz%", "%zz%"},
		{"collapse dots", collapseDots, "..a...b..", "a.b"},
		{"dot segments and //", canonPath, "/a//b/./../c", "/a/c"},
		{"empty path", canonPath, "", "/"},
		{"escape <= 0x20, >= 0x7F, # and %", escapeBytes, " #%\x7f~<", "%20%23%25%7F~<"},
	} {
		if got := c.f(c.in); got != c.want {
			t.Errorf("%s: f(%q) = %q, want %q", c.step, c.in, got, c.want)
		}
	}
}

// TestSafeBrowsingIDN: a non-ASCII name goes through IDNA, through
// internal/idnacheck as every reading of the module does, so that no
// label is lost; a name that IDNA refuses keeps its bytes, escaped.
func TestSafeBrowsingIDN(t *testing.T) {
	for _, c := range []struct{ why, in, want string }{
		{"UTS #46, section 4, step 4: a bare xn-- label would vanish (it gave http://xn--9ca..com/)", "http://é.xn--.com/", "http://%C3%A9.xn--.com/"},
		{"the same at the end of the name", "http://évil.xn--/", "http://%C3%A9vil.xn--/"},
		{"IDNA's lookup, as Google's client does", "http://www.ümlat.com/", "http://www.xn--mlat-zra.com/"},
		{"a full stop of UTS #46 separates labels", "http://bücher。example/", "http://xn--bcher-kva.example/"},
		{"a label that UTS #46 maps to nothing leaves no empty one (the key was http://a..b/, not canonical)", "http://a.\u00ad.b/", "http://a.b/"},
		{"full-width digits make an address, written as one (was http://127.1/)", "http://１２７.１/", "http://127.0.0.1/"},
	} {
		if got, err := Canon(c.in, SafeBrowsing); got != c.want || err != nil {
			t.Errorf("%s: Canon(%q, SafeBrowsing) = %q, %v; want %q", c.why, c.in, got, err, c.want)
		}
	}
}

// TestOptions: the options of a Canonicalizer, for each profile.
func TestOptions(t *testing.T) {
	for _, c := range []struct {
		name string
		c    Canonicalizer
		in   string
		want string
	}{
		{"tracking parameters", Canonicalizer{DropParams: TrackingParams()}, "https://a.example/p?utm_source=x&id=1&fbclid=y#top", "https://a.example/p?id=1#top"},
		{"prefix is form-decoded", Canonicalizer{DropParams: TrackingParams()}, "https://a.example/p?utm%5Fmedium=x&id=1", "https://a.example/p?id=1"},
		{"all dropped: no ?", Canonicalizer{DropParams: TrackingParams()}, "https://a.example/p?gclid=1", "https://a.example/p"},
		{"nothing to drop keeps an empty query", Canonicalizer{DropParams: TrackingParams()}, "https://a.example/p?", "https://a.example/p?"},
		{"sort keeps each pair's bytes", Canonicalizer{SortQuery: true}, "https://a.example/?b=%20&a=+", "https://a.example/?a=+&b=%20"},
		{"drop fragment", Canonicalizer{DropFragment: true}, "https://a.example/p?q#f", "https://a.example/p?q"},
		{"all three", Canonicalizer{DropParams: []string{"sid"}, SortQuery: true, DropFragment: true}, "HTTPS://A.example:443/./p?z&sid=1&a#f", "https://a.example/p?a&z"},
		{"safebrowsing with options", Canonicalizer{Profile: SafeBrowsing, DropParams: TrackingParams(), SortQuery: true}, "http://A.example/%7Ex?utm_id=1&b&a", "http://a.example/~x?a&b"},
		// The document's host step after IDNA has mapped full-width digits
		// and dots: an IPv4 address, as the second pass of an idempotence
		// check reads it (WPT's urltestdata.json has the input).
		{"drop list ignores ASCII case: whatwg", Canonicalizer{DropParams: TrackingParams()}, "http://x/?UTM_SOURCE=1&utm_Source=2&a=1", "http://x/?a=1"},
		{"drop list ignores ASCII case: safebrowsing", Canonicalizer{Profile: SafeBrowsing, DropParams: TrackingParams()}, "http://x/?UTM_SOURCE=1&Gclid=2&a=1", "http://x/?a=1"},
		{"drop list ignores ASCII case: semantic", Canonicalizer{Profile: Semantic, DropParams: TrackingParams()}, "http://x/?UTM_SOURCE=1&a=1", "http://x/?a=1"},
		{"drop list ignores ASCII case: aggressive (which lower-cases the query)", Canonicalizer{Profile: Aggressive, DropParams: []string{"REF"}}, "http://x/?Ref=1&a=1", "http://x/?a=1"},
		{"safebrowsing: full-width IPv4", Canonicalizer{Profile: SafeBrowsing}, "http://\uff10\uff38\uff43\uff10\uff0e\uff10\uff12\uff15\uff10\uff0e\uff10\uff11", "http://192.168.0.1/"},
	} {
		got, err := c.c.Canon(c.in)
		if err != nil || got != c.want {
			t.Errorf("%s: %+v.Canon(%q) = %q, %v; want %q", c.name, c.c, c.in, got, err, c.want)
		}
	}
}

// TestErrors: an input with no key gives a *uri.Error with the operation,
// the profile as Name, the reason, and the offset of the fault in the input
// where the steps know it (package documentation, section Errors).
func TestErrors(t *testing.T) {
	for _, c := range []struct {
		p      Profile
		in     string
		reason error
		offset int
	}{
		{SafeBrowsing, "mailto:a@b.example", uri.ErrNoHost, 7},             // where "//" should be
		{SafeBrowsing, "mailto:/a", uri.ErrNoHost, 8},                      // one "/" is a beginning
		{SafeBrowsing, "  mailto:", uri.ErrNoHost, 9},                      // ends too early
		{SafeBrowsing, "http://.../", uri.ErrNoHost, 10},                   // "http://...a/" has a host
		{SafeBrowsing, "http:///x", uri.ErrNoHost, 7},                      // no host at all
		{SafeBrowsing, "http://a.example:8x/", ErrBadPort, 18},             // the port's first non-digit
		{SafeBrowsing, "http://u@a.example:8x/", ErrBadPort, 20},           // after the userinfo
		{SafeBrowsing, "http://a:b:80/", ErrBadHost, 9},                    // the first non-digit after the host's ":"
		{SafeBrowsing, "http://[::1/", ErrBadIPLiteral, 11},                // the end of the authority
		{SafeBrowsing, "http://[::1]x/", ErrBadIPLiteral, 12},              // after "]"
		{SafeBrowsing, "http://..[x]/", ErrBadIPLiteral, 9},                // "[" after dots alone
		{SafeBrowsing, "http://[::1#x", ErrBadIPLiteral, 11},               // the fragment is cut
		{SafeBrowsing, "\thttp://a.example:8x/", ErrBadPort, 19},           // a leading tab is trimmed, not removed
		{SafeBrowsing, "http://a.\texample:8x/", ErrBadPort, uri.NoOffset}, // a tab removed before the fault
		{SafeBrowsing, "http://%61.example:8x/", ErrBadPort, uri.NoOffset}, // a byte decoded before it
		{SafeBrowsing, "http://a.example:8x/%41", ErrBadPort, 18},          // a byte decoded after it
		{WHATWG, "http://a b/", whatwg.ErrDomainToASCII, 8},
		{Semantic, "http://a b/", whatwg.ErrDomainToASCII, 8},
		{Profile(9), "http://a/", ErrUnknownProfile, uri.NoOffset},
	} {
		_, err := Canon(c.in, c.p)
		var e *uri.Error
		if !errors.As(err, &e) || !errors.Is(err, c.reason) || e.Op != OpCanon || e.Name != c.p.String() || e.Offset != c.offset || e.Input != c.in {
			t.Errorf("Canon(%q, %v) = %#v; want a *uri.Error for %v at %d", c.in, c.p, err, c.reason, c.offset)
		}
	}
	_, err := Canon("http://a b/", WHATWG)
	var e *uri.Error
	if !errors.As(err, &e) || e.Cause == nil || !errors.As(e.Cause, new(*uri.Error)) {
		t.Errorf("Canon(%q, WHATWG): %v has not the URL Standard's *uri.Error as Cause", "http://a b/", err)
	}
	for _, tt := range []struct {
		err  func() error
		want string
	}{
		{func() error { _, err := Canon("http://a b/", WHATWG); return err },
			`uri: canon whatwg: domain-to-ASCII (a space (U+0020) is not allowed in a host (a forbidden host code point)) at offset 8 of "http://a b/"`},
		{func() error { _, err := Canon("mailto:x", SafeBrowsing); return err },
			`uri: canon safebrowsing: no host at offset 7 of "mailto:x"`},
		{func() error { _, err := SURT("http://a:8x/"); return err },
			`uri: surt archive: port is not a number at offset 10 of "http://a:8x/"`},
		{func() error { _, err := Canon("http://a/", Profile(9)); return err },
			`uri: canon profile(9): unknown profile of "http://a/"`},
	} {
		if got := tt.err().Error(); got != tt.want {
			t.Errorf("Error() = %q, want %q", got, tt.want)
		}
	}
}

// TestProfileNames: String and ParseProfile are inverse.
func TestProfileNames(t *testing.T) {
	for _, p := range profiles {
		if q, ok := ParseProfile(p.String()); !ok || q != p {
			t.Errorf("ParseProfile(%q) = %v, %v", p.String(), q, ok)
		}
	}
	if _, ok := ParseProfile("WHATWG"); ok {
		t.Error(`ParseProfile("WHATWG") succeeded; names are lower case`)
	}
}

// inputs are a few of our own, the first URLs of the committed samples,
// the inputs of WPT's urltestdata.json and of urlcanon's test data (the
// vectors of the suites wpt-url and urlcanon).
func inputs(t *testing.T) []string {
	in := []string{"http://a/b?c#d", "%20x", "http://%2541/%2e%2E/", "HTTP://WWW.Example.COM:80/a/../b//c?utm_source=1&b=2#f"}
	for _, name := range testrows.Samples() {
		in = append(in, testrows.URLs(t, name)[:500]...)
	}
	// The inputs of WPT's urltestdata.json (the suite wpt-url), which
	// urlcanon's folder holds a copy of from 2017.
	for _, c := range testrows.Vectors[map[string]any](t, "wpt-url", "urltestdata.jsonl") {
		in = append(in, c["input"].(string))
	}
	for _, file := range []string{"surt.jsonl", "ssurt.jsonl", "semantic-precise.jsonl", "aggressive.jsonl", "supplemental-whatwg.jsonl", "funky-ipv4.jsonl"} {
		for _, g := range canonCases(t, file) {
			for _, c := range g {
				in = append(in, c.in)
			}
		}
	}
	// idempotence.jsonl: the URLs that urlcanon's parser writes back as
	// they are; here, more inputs for every profile.
	type url struct {
		Input    string `json:"input"`
		InputHex string `json:"input_hex"`
	}
	for _, u := range testrows.Vectors[url](t, "urlcanon", "idempotence.jsonl") {
		in = append(in, fromHex(t, u.Input, u.InputHex))
	}
	slices.Sort(in)
	return slices.Compact(in)
}

// TestIdempotent: canon(canon(x)) == canon(x) for every profile, with and
// without options, and the SURT key of a key is the key's.
func TestIdempotent(t *testing.T) {
	for _, s := range inputs(t) {
		for _, p := range profiles {
			for _, c := range []Canonicalizer{{Profile: p}, {Profile: p, DropParams: TrackingParams(), SortQuery: true, DropFragment: true}} {
				k, err := c.Canon(s)
				if err != nil {
					continue
				}
				if k2, err := c.Canon(k); err != nil || k2 != k {
					t.Errorf("%+v: Canon(%q) = %q, but Canon(%q) = %q, %v", c, s, k, k, k2, err)
				}
				s1, err1 := c.SURT(s)
				s2, err2 := c.SURT(k)
				if s1 != s2 || (err1 == nil) != (err2 == nil) {
					t.Errorf("%+v: SURT(%q) = %q, %v but SURT(Canon) = %q, %v", c, s, s1, err1, s2, err2)
				}
			}
		}
	}
}

// linearShapes are the inputs of the checks of linear work, built of n
// repetitions.
var linearShapes = map[string]func(n int) string{
	"repeated escaping": func(n int) string { return "http://h/%25" + strings.Repeat("25", n) },
	"dots":              func(n int) string { return "http://" + strings.Repeat(".", n) + "h/" },
	"dot segments":      func(n int) string { return "http://h/" + strings.Repeat("a/../", n) },
	"slashes":           func(n int) string { return "http://h" + strings.Repeat("/", n) },
	"pairs":             func(n int) string { return "http://h/?" + strings.Repeat("b=1&a=2&", n) },
}

// TestLinear: the work grows linearly with the input, counted in
// allocations (which a quadratic decoding or re-scan would multiply).
// TestLinearTime checks the time.
func TestLinear(t *testing.T) {
	for name, shape := range linearShapes {
		for _, p := range profiles {
			c := Canonicalizer{Profile: p, SortQuery: true, DropParams: []string{"a"}}
			small, large := shape(1000), shape(8000)
			count := func(s string) float64 {
				return testing.AllocsPerRun(3, func() { _, _ = c.Canon(s) })
			}
			if a, b := count(small), count(large); b > 8*a+16 {
				t.Errorf("%s, %v: %v allocations for 1000 repetitions, %v for 8000", name, p, a, b)
			}
		}
	}
	// unescapeRepeatedly decodes each escape once: a pass-by-pass decoding
	// of "%25" + "25"*n takes n passes.
	in := "%25" + strings.Repeat("25", 100000)
	if got := unescapeRepeatedly(in); got != "%" {
		t.Errorf("unescapeRepeatedly(%%25 + 25*100000) = %q, want %%", got)
	}
}

// TestLinearTime checks by time that Canon and SURT do linear work on the
// shapes of TestLinear and two more: the time of 8n repetitions against n,
// by the check of internal/timing (linear work gives about 8, quadratic
// 64).
func TestLinearTime(t *testing.T) {
	timing.Tier(t)
	shapes := maps.Clone(linearShapes)
	shapes["session segments"] = func(n int) string { return "http://h/" + strings.Repeat("/(", n) + ")/a.aspx" }
	shapes["labels"] = func(n int) string { return "http://" + strings.Repeat("a,.", n) + "h/" }
	for name, shape := range shapes {
		for _, p := range profiles {
			c := Canonicalizer{Profile: p, SortQuery: true}
			run := func(s string) {
				_, _ = c.Canon(s)
				_, _ = c.SURT(s)
				_, _ = SURT(s)
			}
			if ratio, ok := timing.CheckLinear(run, shape, 4000); !ok {
				t.Errorf("%s, %v: time for 32000 repetitions / time for 4000 = %.1f, more than %d: not linear", name, p, ratio, timing.GrowthLimit)
			}
		}
	}
}

// TestAllocs: a URL that is already canonical costs at most one
// allocation.
func TestAllocs(t *testing.T) {
	for _, c := range []struct {
		c  Canonicalizer
		in string
		n  float64
	}{
		{Canonicalizer{}, "https://example.com/a/b?c=d#e", 0},
		{Canonicalizer{Profile: SafeBrowsing}, "http://example.com/a/b?c=d", 1},
		{Canonicalizer{Profile: SafeBrowsing, SortQuery: true, DropParams: TrackingParams()}, "http://example.com/a/b?a=1&c=d", 1},
	} {
		if n := testing.AllocsPerRun(10, func() { _, _ = c.c.Canon(c.in) }); n > c.n {
			t.Errorf("%+v.Canon(%q): %v allocations, want <= %v", c.c, c.in, n, c.n)
		}
	}
}

// TestSURTForms: SURT keys of our own, beyond urlcanon's.
func TestSURTForms(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"https://www.Example.com:8443/A/?b=2&a=1#f", "com,example:8443)/a?a=1&b=2"},
		{"http://[2001:db8::1]/x", "[2001:db8::1])/x"},
		{"http://0x7f.1/", "1,0,0,127)/"},
		// The default port of a scheme is the one of internal/schemes
		// (RFC 3986, Section 6.2.3): gopher's is 70 (RFC 4266).
		{"ftp://example.com:21/a", "com,example)/a"},
		{"gopher://example.com:70/a", "com,example)/a"},
		{"gopher://example.com:80/a", "com,example:80)/a"},
	} {
		got, err := SURT(c.in)
		if diff := cmp.Diff(c.want, got); diff != "" || err != nil {
			t.Errorf("SURT(%q): %v (-want +got)\n%s", c.in, err, diff)
		}
	}
	got, err := Canonicalizer{Profile: SafeBrowsing}.SURT("http://%20leadingspace.com/B?b&A")
	if want := "com,%20leadingspace)/b?a&b"; got != want || err != nil {
		t.Errorf("Canonicalizer{SafeBrowsing}.SURT = %q, %v; want %q", got, err, want)
	}
	got, err = Canonicalizer{DropFragment: true}.SURT("https://www.example.com/A?b&a#f")
	if want := "com,example)/a?a&b"; got != want || err != nil {
		t.Errorf("Canonicalizer.SURT = %q, %v; want %q", got, err, want)
	}
}

// TestSURTHosts: under every profile, a SURT key has no empty label: a
// host's final dots, leading dots and runs of dots are dropped (the URL
// Standard keeps them in "example.com.", whose key under WHATWG was
// ",com,example)/x", out of the "com," block of a sorted index), and a
// host of dots alone has no key. A URL whose host the profile reads
// after extra slashes (the URL Standard, surt) has the key of that host.
func TestSURTHosts(t *testing.T) {
	for _, tt := range []struct {
		in   string
		want string // the key under every profile, or "" for uri.ErrNoHost
		only []Profile
	}{
		{"https://www.example.com./x", "com,example)/x", nil},
		{"https://www.example.com.../x", "com,example)/x", nil},
		{"http://..www.example.com/x", "com,example)/x", nil},
		{"http://a..example.com/x", "com,example,a)/x", nil},
		{"http://www.com./x", "com,www)/x", nil},
		{"http://192.168.0.1./x", "1,0,168,192)/x", nil},
		{"http://[2001:db8::1]/x", "[2001:db8::1])/x", nil},
		{"http://./x", "", nil},
		{"http://.../x", "", nil},
		{"http:////www.vikings.com/x", "com,vikings)/x", []Profile{WHATWG, Semantic, Aggressive, Archive}},
		{"http:///x", "x)/", []Profile{WHATWG, Semantic, Aggressive, Archive}},
		{"foo://a..b./x", "b,a)/x", nil},
	} {
		ps := tt.only
		if ps == nil {
			ps = profiles
		}
		for _, p := range ps {
			got, err := Canonicalizer{Profile: p}.SURT(tt.in)
			if tt.want == "" {
				if !errors.Is(err, uri.ErrNoHost) {
					t.Errorf("%v: SURT(%q) = %q, %v; want uri.ErrNoHost", p, tt.in, got, err)
				}
				continue
			}
			if got != tt.want || err != nil {
				t.Errorf("%v: SURT(%q) = %q, %v; want %q", p, tt.in, got, err, tt.want)
			}
		}
	}
}

// TestSURTArchive: the archive's key is the one of surt 0.3.1 with its
// defaults (surt.surt(url)), as CDX indexes hold it, and options add to
// those defaults instead of replacing them.
func TestSURTArchive(t *testing.T) {
	tracking := Canonicalizer{Profile: Archive, DropParams: TrackingParams()}
	for _, c := range []struct {
		why  string
		c    Canonicalizer
		in   string
		want string
	}{
		{"surt's query order: pairs sorted as (name, value) tuples, not as name=value strings", Canonicalizer{Profile: Archive}, "http://example.com/?id2=3&id=5", "com,example)/?id=5&id2=3"},
		{"surt's query order: sorted input stays", Canonicalizer{Profile: Archive}, "http://example.com/?id=5&id2=3", "com,example)/?id=5&id2=3"},
		{"surt's query order: a name alone before the name with a value", Canonicalizer{Profile: Archive}, "http://example.com/?a=1&a", "com,example)/?a&a=1"},
		{"surt's query order: an empty pair first", Canonicalizer{Profile: Archive}, "http://example.com/?a=1&", "com,example)/?&a=1"},
		{"surt's reverse_ipaddr=True default: IPv4 labels reversed", Canonicalizer{Profile: Archive}, "http://192.168.0.1:8080/x", "1,0,168,192:8080)/x"},
		{"surt's reverse_ipaddr: any inet_aton form is the dotted address first", Canonicalizer{Profile: Archive}, "http://0xc0a80001/", "1,0,168,192)/"},
		{"by design: an IPv6 address is no list of labels", Canonicalizer{Profile: Archive}, "http://[::FFFF:1.2.3.4]/", "[::ffff:1.2.3.4])/"},
		{"by design: every leading www label (a key is its own key)", Canonicalizer{Profile: Archive}, "http://www.www2.example.com/", "com,example)/"},
		{"options keep the defaults: trailing slash, fragment, session id", tracking,
			"http://www.example.com/a/?utm_source=x&PHPSESSID=0123456789abcdef0123456789abcdef&b=1#f", "com,example)/a?b=1"},
		{"options keep the defaults: no tracking parameter, the query goes", tracking, "http://example.com/a/?gclid=1#f", "com,example)/a"},
		{"options keep the defaults: a name in capitals is dropped too (the query is lower-cased)", tracking, "http://example.com/?UTM_SOURCE=1&b", "com,example)/?b"},
		{"SortQuery and DropFragment change nothing: the archive does both", Canonicalizer{Profile: Archive, SortQuery: true, DropFragment: true}, "http://example.com/?b&a#f", "com,example)/?a&b"},
		{"SURT of another profile sorts as the archive does", Canonicalizer{Profile: Semantic}, "http://example.com/?id=5&id2=3", "com,example)/?id=5&id2=3"},
		{"SURT of another profile reverses an IPv4 address", Canonicalizer{Profile: WHATWG}, "http://10.0.0.1:8080/x", "1,0,0,10:8080)/x"},
		{"surt's path: escapes decoded until none is left, then dot segments resolved (package doc)", Canonicalizer{Profile: Archive}, "http://example.com/docs/..%2F..%2Fetc/passwd", "com,example)/etc/passwd"},
		{"SURT of Semantic decodes once and keeps %2F (RFC 3986, Sections 2.2 and 6.2.2.2)", Canonicalizer{Profile: Semantic}, "http://example.com/docs/..%2F..%2Fetc/passwd", "com,example)/docs/..%2f..%2fetc/passwd"},
		// surt's handyurl.parse reads the slashes after http: and https:
		// leniently (its tests: "http:////////////////www.vikings.com",
		// "http://https://order.1and1.com"); these failed with uri.ErrNoHost
		// or were their own keys.
		{"surt: any number of slashes after http:", Canonicalizer{Profile: Archive}, "http:////www.vikings.com", "com,vikings)/"},
		{"surt: three slashes, the first segment is the host", Canonicalizer{Profile: Archive}, "http:///x", "x)/"},
		{"surt: one slash", Canonicalizer{Profile: Archive}, "http:/x.com/y", "com,x)/y"},
		{"surt: no slash", Canonicalizer{Profile: Archive}, "http:x.com/y", "com,x)/y"},
		{"surt: no slash, a host of digits (the URL Standard's reading too)", Canonicalizer{Profile: Archive}, "http:8080/x", "144,31,0,0)/x"},
		{"surt: a second scheme replaces the first", Canonicalizer{Profile: Archive}, "http://https://order.1and1.com:443/", "com,1and1,order)/"},
		{"by design: the scheme in any case, and the port is a port (surt writes it into a label)", Canonicalizer{Profile: Archive}, "HTTPS:///x.com:443/y", "com,x)/y"},
		// surt's IA canonicalizer lower-cases the host after Google's steps
		// have escaped it with upper-case hex, as it lower-cases the path
		// and the query: the keys of CDX indexes are all lower case.
		{"surt: a percent-escape in the host in lower case, as in the path", Canonicalizer{Profile: Archive}, "http://a%FFb.com/x%FF", "com,a%ffb)/x%ff"},
		{"surt: a control byte of the host escaped in lower case", Canonicalizer{Profile: Archive}, "http://www.a%7Fb%1B.com/", "com,a%7fb%1b)/"},
		{"surt: the host's escapes lower case with options too", tracking, "http://a%C3%28b.example/?utm_source=1", "example,a%c3(b)/"},
		{"SURT of another profile lower-cases the host's escapes too", Canonicalizer{Profile: SafeBrowsing}, "http://a%FFb.com/X", "com,a%ffb)/x"},
	} {
		got, err := c.c.SURT(c.in)
		if got != c.want || err != nil {
			t.Errorf("%s: %+v.SURT(%q) = %q, %v; want %q", c.why, c.c, c.in, got, err, c.want)
		}
	}
	for _, in := range []string{"http://www.example.com/a/?b&a#f", "http://192.168.0.1:8080/x?id=5&id2=3"} {
		a, errA := SURT(in)
		b, errB := Canonicalizer{Profile: Archive}.SURT(in)
		if a != b || errA != nil || errB != nil {
			t.Errorf("SURT(%q) = %q, %v; Canonicalizer{Profile: Archive}.SURT = %q, %v", in, a, errA, b, errB)
		}
	}
	// The URL that the key is made of, under Canon.
	for _, c := range []struct{ in, want string }{
		{"HTTP://WWW.Example.com:80/A/?b&a&JSESSIONID=x#f", "http://example.com/a?a&b"},
		{"http://a%FFb.com/X%FF", "http://a%ffb.com/x%ff"}, // the host lower-cased after escaping, as surt's is
	} {
		if got, err := Canon(c.in, Archive); got != c.want || err != nil {
			t.Errorf("Canon(%q, Archive) = %q, %v; want %q", c.in, got, err, c.want)
		}
	}
}

// checkOffsetRule checks the offset of e, an error of c.Canon(s), against
// the rule of uri.Error: s[:Offset] begins some input that has a key. The
// test is that c does not fail earlier on s[:Offset] itself: it gives a
// key, or fails at its end for want of what comes next, or knows no
// offset, or fails on a host or port that the prefix cuts, which the URL
// Standard's parser reports at its first byte (see package whatwg). The
// faults that the Safe Browsing steps find in an authority are reported as
// the authority is read, and an authority cut short can have another
// ("::0" has a ":" in the host at 1, ":" no host at 0): the test leaves
// them alone.
func checkOffsetRule(t *testing.T, c Canonicalizer, s string, e *uri.Error) {
	t.Helper()
	if e.Offset == uri.NoOffset {
		return
	}
	_, err := c.Canon(s[:e.Offset])
	pe, ok := err.(*uri.Error)
	if !ok || pe.Offset == uri.NoOffset || pe.Offset >= e.Offset {
		return
	}
	switch pe.Err {
	case whatwg.ErrDomainToASCII, whatwg.ErrIPv4TooManyParts, whatwg.ErrIPv4NonNumericPart, whatwg.ErrIPv4OutOfRangePart, whatwg.ErrPortOutOfRange:
		return
	}
	if authority(e.Err) && authority(pe.Err) {
		return
	}
	t.Fatalf("%v: Canon(%q) fails at %d (%v), but Canon(%q) fails earlier, at %d (%v): not the longest valid beginning",
		c.Profile, s, e.Offset, e.Err, s[:e.Offset], pe.Offset, pe.Err)
}

// authority reports whether err is a fault that the Safe Browsing steps
// find in an authority.
func authority(err error) bool {
	return err == uri.ErrNoHost || err == ErrBadHost || err == ErrBadPort || err == ErrBadIPLiteral
}

// FuzzCanon: no profile panics; an error obeys the offset rule; under
// every profile and every set of options a key is its own key, holds no
// control byte raw, and has the SURT key of the URL it came from; no
// lookup expression has an empty label.
func FuzzCanon(f *testing.F) {
	for _, s := range []string{"http://a/b?c#d", "%2541.com/%2e%2e/x", "HTTP://WWW.A.COM:80//x/./y?b&a", "mailto:x", "http://[::1]:8/",
		"http://a/x/%252E%2E/b", "http://www.www.example.com/", "http://a.b.c.d\u3002\r.e/", "javascript:%2f%2fevil.example/%0aalert(1)",
		"sc:%2fA", "http://[a%0Ab]/", "http://\uff10x\uff10\uff11\uff10\uff12\uff10\uff13\uff10\uff14/", "http://x/?UTM_SOURCE=1&id2=3&id=5",
		"http:////www.vikings.com", "https://www.example.com./x", "http://https://order.1and1.com", "http:8080/x", "foo://a..b./x", "http://a%FFb.com/",
		"http://example.com/a%252Fb", "http://e/?x=%2526", "http://e/%252e%252e/x", "http://e/%%36%31?%2525%3d"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		for _, p := range profiles {
			for _, c := range optionSets(p) {
				_, err := c.Canon(s)
				if err != nil {
					var e *uri.Error
					if !errors.As(err, &e) || e.Op != OpCanon || e.Name != p.String() || e.Input != s ||
						(e.Offset < 0 || e.Offset > len(s)) && e.Offset != uri.NoOffset {
						t.Fatalf("%v: Canon(%q): bad error %#v", p, s, err)
					}
					checkOffsetRule(t, c, s, e)
					continue
				}
				if msg := checkIdempotent(c, s); msg != "" {
					t.Fatal(msg)
				}
			}
		}
		// SURT with the archive's defaults and the lookup expressions of
		// Safe Browsing: no panic, and an expression for every key.
		if k, err := SURT(s); err == nil && k == "" {
			if rest, _ := abnf.TrimC0Space(s); rest != "" {
				t.Fatalf("SURT(%q) is empty", s)
			}
		} else if err == nil && !opaque(s) && strings.ToLower(k) != k {
			// The archive's keys are lower case throughout, the host's
			// percent-escapes included.
			t.Fatalf("SURT(%q) = %q: not lower case", s, k)
		}
		if exprs, err := LookupExpressions(s); err == nil && len(exprs) == 0 {
			t.Fatalf("LookupExpressions(%q) is empty", s)
		}
		if msg := checkLookup(s); msg != "" {
			t.Fatal(msg)
		}
		if msg := checkDecodesOnce(s); msg != "" {
			t.Fatal(msg)
		}
	})
}

// checkDecodesOnce: a Semantic key means to a server what its URL means
// (RFC 3986, Section 6.2.2.2): the path of the key, decoded once, is the
// path of the URL, decoded once, where the profile merged no empty
// segment. It returns what is wrong, or "".
func checkDecodesOnce(s string) string {
	u, err := whatwg.Parse(s)
	if err != nil || !u.IsSpecial() || strings.Contains(u.Pathname(), "//") {
		return ""
	}
	k, err := Canon(u.Href(), Semantic)
	if err != nil {
		return ""
	}
	v, err := whatwg.Parse(k)
	if err != nil {
		return sprintf("Canon(%q, Semantic) = %q, which does not parse: %v", u.Href(), k, err)
	}
	if a, b := abnf.Decode(u.Pathname(), false), abnf.Decode(v.Pathname(), false); a != b {
		return sprintf("Canon(%q, Semantic) = %q: its path decodes once to %q, the URL's to %q", u.Href(), k, b, a)
	}
	return ""
}

// TestTrackingParams: each call gives a list of its own, so that no
// package can change what another drops (the list was a variable).
func TestTrackingParams(t *testing.T) {
	a := TrackingParams()
	want := slices.Clone(a)
	a[0] = "changed"
	_ = append(a[:1], "appended")
	if b := TrackingParams(); !slices.Equal(b, want) || b[0] != "utm_*" {
		t.Errorf("TrackingParams() after a caller changed its slice = %q, want %q", b, want)
	}
}

// TestDropsParam: DropsParam answers for the decoded name exactly what
// Canon does with the pair, so that an editor that asks it drops the same
// pairs as the canonicalizer.
func TestDropsParam(t *testing.T) {
	c := Canonicalizer{DropParams: append(TrackingParams(), "a b", "x+*")}
	tests := []struct {
		name, written string // the decoded name, and one way to write it
		drops         bool
		why           string
	}{
		{"utm_source", "utm_source", true, "a prefix entry: utm_*"},
		{"utm_", "utm%5F", true, "the prefix alone matches; names are decoded"},
		{"utm", "utm", false, "shorter than the prefix"},
		{"gclid", "gclid", true, "a whole name"},
		{"gclid2", "gclid2", false, "a whole name matches only itself"},
		{"a b", "a+b", true, "form-decoded: + is a space"},
		{"a+b", "a%2Bb", false, "%2B is a +, not a space"},
		{"x+y", "x%2By", true, "an entry's text before * is taken as it is"},
		{"", "", false, "the empty name"},
		{"UTM_SOURCE", "UTM_SOURCE", true, "ASCII case is ignored: a prefix in capitals (was kept while utm_Source was dropped)"},
		{"utm_Source", "utm_Source", true, "ASCII case is ignored in the rest of the name too"},
		{"GCLID", "GCLID", true, "ASCII case is ignored in a whole name"},
		{"A B", "A+b", true, "ASCII case is ignored in an entry of the caller's"},
		{"gclıd", "gcl%C4%B1d", false, "only ASCII letters fold: a dotless i is no i"},
	}
	for _, tt := range tests {
		if got := c.DropsParam(tt.name); got != tt.drops {
			t.Errorf("DropsParam(%q) = %v, want %v (%s)", tt.name, got, tt.drops, tt.why)
		}
		key, err := c.Canon("https://h/?" + tt.written + "=1&keep=1")
		if err != nil {
			t.Fatal(err)
		}
		if dropped := key == "https://h/?keep=1"; dropped != tt.drops {
			t.Errorf("Canon drops %q: %v (%q), DropsParam(%q) = %v", tt.written, dropped, key, tt.name, tt.drops)
		}
	}
}
