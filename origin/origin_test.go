package origin

import (
	"errors"
	"strings"
	"testing"

	"github.com/gouri/uri"
	"github.com/gouri/uri/guard"
	"github.com/gouri/uri/internal/oracle"
	"github.com/gouri/uri/internal/timing"
	"github.com/gouri/uri/whatwg"
)

// mustAllowlist is NewAllowlist for a list that the test knows is valid.
func mustAllowlist(t testing.TB, entries ...string) *Allowlist {
	t.Helper()
	a, err := NewAllowlist(entries, Options{})
	if err != nil {
		t.Fatal(err)
	}
	return a
}

// TestRedirect: the published classes of open-redirect bypasses, each
// refused by the rule that names it, and the links that stay on the
// origin, kept and serialized, each as a browser reads the Location (URL
// Standard, section 4.4).
func TestRedirect(t *testing.T) {
	allow := mustAllowlist(t, "https://*.example.com", "https://partner.example:8443", "https://bücher.example")
	const cur = "https://good.example/login?next=x"
	base := whatwg.MustParse(cur)
	tests := []struct {
		why, target string
		want        string     // the href
		rule        guard.Rule // the refusal's
	}{
		// Kept: same-origin links, serialized and absolute.
		{"a path", "/account", "https://good.example/account", ""},
		{"a relative path", "settings/../profile", "https://good.example/profile", ""},
		{"a query alone", "?tab=2", "https://good.example/login?tab=2", ""},
		{"a fragment alone", "#top", "https://good.example/login?next=x#top", ""},
		{"the empty reference: this page", "", "https://good.example/login?next=x", ""},
		{"an absolute URL of the origin", "HTTPS://GOOD.example:443/a", "https://good.example/a", ""},
		{"spaces percent-encoded", "/a b?c d", "https://good.example/a%20b?c%20d", ""},
		{"an encoded slash is data", "/%2F%2Fevil.example", "https://good.example/%2F%2Fevil.example", ""},
		{"https:host from an https page is a path", "https:evil.example", "https://good.example/evil.example", ""},
		{"a URL in the query", "/view?next=https://evil.example", "https://good.example/view?next=https://evil.example", ""},
		{"a backslash in a path", "/a\\b", "https://good.example/a/b", ""},
		{"a tab removed", "/a\tb", "https://good.example/ab", ""},
		{"dot segments", "/a/./../b/%2e%2E/c", "https://good.example/c", ""},
		{"/.//: a path that begins with //", "/.//evil.example", "https://good.example//evil.example", ""},
		{"a backslash ends the host before @", "https://good.example\\@evil.example/", "https://good.example/@evil.example/", ""},
		// Kept: the allowlist.
		{"a wildcard subdomain", "https://a.example.com/x", "https://a.example.com/x", ""},
		{"a deeper one", "https://a.b.c.example.com/x", "https://a.b.c.example.com/x", ""},
		{"an upper-case name", "https://A.EXAMPLE.COM/", "https://a.example.com/", ""},
		{"full-width letters", "https://ａ.example.com/", "https://a.example.com/", ""},
		{"a port of the list", "https://partner.example:8443/", "https://partner.example:8443/", ""},
		{"an IDN in U-labels", "https://bücher.example/", "https://xn--bcher-kva.example/", ""},
		{"a final dot: the same name to the DNS", "https://a.example.com./", "https://a.example.com./", ""},
		{"an IDN in A-labels", "https://xn--bcher-kva.example/", "https://xn--bcher-kva.example/", ""},
		// Refused: another host.
		{"scheme-relative", "//evil.example", "", RuleCrossOrigin},
		{"slash backslash", "/\\evil.example", "", RuleCrossOrigin},
		{"backslash slash", "\\/evil.example", "", RuleCrossOrigin},
		{"two backslashes", "\\\\evil.example", "", RuleCrossOrigin},
		{"three slashes", "///evil.example", "", RuleCrossOrigin},
		{"a tab between the slashes", "/\t/evil.example", "", RuleCrossOrigin},
		{"a newline between the slashes", "/\n/evil.example", "", RuleCrossOrigin},
		{"a CR between the slashes", "\\\r\\evil.example", "", RuleCrossOrigin},
		{"a leading space", " //evil.example", "", RuleCrossOrigin},
		{"a leading control", "\x08//evil.example", "", RuleCrossOrigin},
		{"a leading NUL", "\x00//evil.example", "", RuleCrossOrigin},
		{"http:host from an https page", "http:evil.example", "", RuleCrossOrigin},
		{"https:/\\host", "http:/\\evil.example", "", RuleCrossOrigin},
		{"a downgrade to http", "http://good.example/", "", RuleCrossOrigin},
		{"another port", "https://good.example:8443/", "", RuleCrossOrigin},
		{"the apex of a wildcard", "https://example.com/", "", RuleCrossOrigin},
		{"a look-alike", "https://evilexample.com/", "", RuleCrossOrigin},
		{"a suffix", "https://a.example.com.evil.net/", "", RuleCrossOrigin},
		{"a percent-encoded host", "//%65vil.example", "", RuleCrossOrigin},
		{"a host in the query of the list's host", "https://evil.example/?https://a.example.com", "", RuleCrossOrigin},
		{"the partner without its port", "https://partner.example/", "", RuleCrossOrigin},
		// Refused: credentials, schemes, parse errors.
		{"credentials", "https://good.example@evil.example/", "", guard.RuleUserinfo},
		{"credentials on the origin", "https://u:p@good.example/", "", guard.RuleUserinfo},
		{"javascript:", "javascript:alert(1)", "", guard.RuleScheme},
		{"JaVaScRiPt:", "JaVaScRiPt:alert(1)", "", guard.RuleScheme},
		{"a tab in javascript:", "java\tscript:alert(1)", "", guard.RuleScheme},
		{"a leading newline", "\njavascript:alert(1)", "", guard.RuleScheme},
		{"data:", "data:text/html,<script>alert(1)</script>", "", guard.RuleScheme},
		{"vbscript:", "vbscript:msgbox", "", guard.RuleScheme},
		{"file:", "file:///etc/passwd", "", guard.RuleScheme},
		{"ftp:", "ftp://good.example/", "", guard.RuleScheme},
		{"blob:", "blob:https://good.example/uuid", "", guard.RuleScheme},
		{"ws:", "wss://good.example/", "", guard.RuleScheme},
		{"an unclosed IPv6 address", "https://[::1/", "", guard.RuleParse},
		{"a bad port", "https://good.example:99999/", "", guard.RuleParse},
	}
	for _, tt := range tests {
		got, err := Redirect(base, tt.target, allow)
		if tt.rule == "" {
			if err != nil || got != tt.want {
				t.Errorf("%s: Redirect(%q, %q) = %q, %v; want %q", tt.why, cur, tt.target, got, err, tt.want)
			}
			continue
		}
		var e *guard.Error
		if !errors.As(err, &e) || e.Rule != tt.rule || got != "" || e.Input != tt.target || e.Reading != guard.ReadingWHATWG {
			t.Errorf("%s: Redirect(%q, %q) = %q, %v; want rule %s", tt.why, cur, tt.target, got, err, tt.rule)
		}
	}
}

// TestRedirectSameOrigin: a nil allowlist allows the current origin
// alone, and an empty one too; the current URL must be http or https.
func TestRedirectSameOrigin(t *testing.T) {
	empty := mustAllowlist(t)
	for _, a := range []*Allowlist{nil, empty} {
		cur := whatwg.MustParse("http://h.example:8080/a/b")
		if got, err := Redirect(cur, "c", a); err != nil || got != "http://h.example:8080/a/c" {
			t.Errorf("Redirect to c: %q, %v", got, err)
		}
		if _, err := Redirect(cur, "http://h.example/", a); !errors.Is(err, ErrCrossOrigin) {
			t.Errorf("Redirect to another port: %v, want ErrCrossOrigin", err)
		}
	}
	tests := []struct {
		current string
		rule    guard.Rule
	}{
		{"", guard.RuleParse}, // the zero URL
		{"file:///x", guard.RuleScheme},
		{"mailto:a@b", guard.RuleScheme},
		{"wss://h/", guard.RuleScheme},
	}
	for _, tt := range tests {
		var cur whatwg.URL
		if tt.current != "" {
			cur = whatwg.MustParse(tt.current)
		}
		_, err := Redirect(cur, "/x", nil)
		var e *guard.Error
		if !errors.As(err, &e) || e.Rule != tt.rule || e.Input != tt.current {
			t.Errorf("Redirect(%q, \"/x\"): %v, want rule %s about the current URL", tt.current, err, tt.rule)
		}
	}
}

// TestRedirectParseError: a parse failure wraps the parser's error, with
// its offset, beside guard.ErrParse.
func TestRedirectParseError(t *testing.T) {
	_, err := Redirect(whatwg.MustParse("https://good.example/"), "https://good.example:99999/", nil)
	var e *guard.Error
	var we *uri.Error
	if !errors.As(err, &e) || !errors.Is(err, guard.ErrParse) || !errors.As(err, &we) || !errors.Is(err, whatwg.ErrPortOutOfRange) ||
		e.Offset != we.Offset || e.Offset != 21 {
		t.Errorf("Redirect to a bad port: %#v; want guard.ErrParse wrapping the *uri.Error at 21", err)
	}
	if !strings.Contains(err.Error(), "port") {
		t.Errorf("message %q", err)
	}
}

// TestLocalPath: what stays on the site is a path-absolute reference, read
// and serialized as the URL Standard reads it; the rest is refused by the
// rule that names it, at the byte at fault.
func TestLocalPath(t *testing.T) {
	tests := []struct {
		in, want string
		rule     guard.Rule
		offset   int
	}{
		{"/", "/", "", 0},
		{"/account?tab=2#top", "/account?tab=2#top", "", 0},
		{"/a b", "/a%20b", "", 0},
		{"\\a", "/a", "", 0},
		{" /a ", "/a", "", 0},
		{"/a\t/b", "/a/b", "", 0},
		{"/a/../../b", "/b", "", 0},
		{"/%2F%2Fevil.example", "/%2F%2Fevil.example", "", 0},
		{"/.//evil.example", "/.//evil.example", "", 0},
		{"/%2e//evil.example", "/.//evil.example", "", 0},
		{"/?", "/?", "", 0},
		{"/é", "/%C3%A9", "", 0},
		{"//evil.example", "", RuleCrossOrigin, 1},
		{"/\\evil.example", "", RuleCrossOrigin, 1},
		{"\\\\evil.example", "", RuleCrossOrigin, 1},
		{"\\/evil.example", "", RuleCrossOrigin, 1},
		{"/\t/evil.example", "", RuleCrossOrigin, 2},
		{"/\r\n\\evil.example", "", RuleCrossOrigin, 3},
		{" \x00//evil.example", "", RuleCrossOrigin, 3},
		{"///evil.example", "", RuleCrossOrigin, 1},
		{"", "", RuleLocalPath, 0},
		{"   ", "", RuleLocalPath, 3},
		{"account", "", RuleLocalPath, 0},
		{"?q", "", RuleLocalPath, 0},
		{"#f", "", RuleLocalPath, 0},
		{"https://good.example/", "", RuleLocalPath, 0},
		{"https:/evil.example", "", RuleLocalPath, 0},
		{"javascript:alert(1)", "", RuleLocalPath, 0},
		{"\tjavascript:alert(1)", "", RuleLocalPath, 1},
		{".//evil.example", "", RuleLocalPath, 0},
	}
	for _, tt := range tests {
		got, err := LocalPath(tt.in)
		if tt.rule == "" {
			if err != nil || got != tt.want {
				t.Errorf("LocalPath(%q) = %q, %v; want %q", tt.in, got, err, tt.want)
			}
			continue
		}
		var e *guard.Error
		if !errors.As(err, &e) || e.Rule != tt.rule || e.Offset != tt.offset || got != "" {
			t.Errorf("LocalPath(%q) = %q, %v; want rule %s at %d", tt.in, got, err, tt.rule, tt.offset)
		}
	}
}

// TestAllowlistEntries: how entries are read, and the ones refused.
func TestAllowlistEntries(t *testing.T) {
	a, err := NewAllowlist([]string{"HTTPS://Example.COM:443", "http://[2001:DB8::1]:8080", "https://*.Bücher.example", "http://192.0.2.1"}, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if len(a.groups) != 3 {
		t.Errorf("NewAllowlist: %d groups of scheme and port, want 3 (https 443, http 8080, http 80)", len(a.groups))
	}
	allows := []struct {
		url  string
		want bool
	}{
		{"https://example.com/", true},
		{"https://EXAMPLE.com:443/", true},
		{"https://example.com./", true}, // one final dot is no other host
		{"https://example.com:8443/", false},
		{"http://example.com/", false},
		{"http://[2001:db8::1]:8080/", true},
		{"http://[2001:db8:0::1]:8080/", true},
		{"http://[2001:db8::1]/", false},
		{"https://a.xn--bcher-kva.example/", true},
		{"https://a.b.bücher.example/", true},
		{"https://xn--bcher-kva.example/", false},
		{"http://a.bücher.example/", false},
		{"http://192.0.2.1/", true},
		{"http://0xc0000201/", true},
		{"https://192.0.2.1/", false},
	}
	for _, tt := range allows {
		if got := a.allows(whatwg.MustParse(tt.url)); got != tt.want {
			t.Errorf("allows(%q) = %v, want %v", tt.url, got, tt.want)
		}
	}
	// A bad entry is a fault of the configuration, not a refusal of a
	// request: a *uri.Error (Op parse, Name "allowlist") with ErrBadEntry,
	// and no *guard.Error, whose "refused" read as if a request had been.
	bad := []struct {
		entry  string
		offset int
		is     error // a reason besides ErrBadEntry: the URL Standard's, or nil
	}{
		{"null", 0, nil},
		{"*", 0, nil},
		{"example.com", 0, nil},
		{"ftp://example.com", 0, nil},
		{"https://example.com/", 19, nil},
		{"https://example.com?", 19, nil},
		{"https://example.com\\", 19, nil},
		{"https://u@example.com", 9, nil},
		{"https://*.com", 10, nil},
		{"https://*.co.uk", 10, nil},
		{"https://*.github.io", 10, nil},
		{"https://*.localhost", 10, nil},
		{"https://*.192.0.2.1", 10, nil},
		{"https://*.[::1]", 10, nil},
		{"https://a.*.example.com", 10, nil},
		{"https://*example.com", 9, nil},
		{"https://*.*.example.com", 10, nil},
		{"https://", 8, whatwg.ErrHostMissing},
		{"https://example.com:99999", 20, whatwg.ErrPortOutOfRange},
		{"https://*.exa mple.com", 13, whatwg.ErrDomainToASCII},
		{"https://example.com ", 19, whatwg.ErrDomainToASCII},
		{"https://example.com:443 ", 23, whatwg.ErrPortInvalid},
		{"https://example.com:4\t43", 21, nil},
		{"https://exa\tmple.com", 11, nil},
		{"https://ex%61mple.com", 10, nil},
		{"https://a..example.com", 8, nil},
		{"https://*.internal", 10, nil},
		{"https://*.8.8.8:8443", 10, nil},
		{"https://*.example.com:443/", 25, nil},
		{"https://*.example.com:x", 22, whatwg.ErrPortInvalid},
		{"https://[::1]:x", 14, whatwg.ErrPortInvalid},
		{"https://[::g]:443", 11, whatwg.ErrIPv6InvalidCodePoint},
	}
	for _, tt := range bad {
		a, err := NewAllowlist([]string{"https://ok.example", tt.entry}, Options{})
		var e *uri.Error
		if !errors.As(err, &e) || e.Op != uri.OpParse || e.Name != "allowlist" || e.Offset != tt.offset || e.Input != tt.entry || a != nil ||
			!errors.Is(err, ErrBadEntry) || tt.is != nil && !errors.Is(err, tt.is) || errors.As(err, new(*guard.Error)) {
			t.Errorf("NewAllowlist(%q) = %v, %#v; want a *uri.Error of Op parse, Name allowlist, ErrBadEntry (and %v) at %d", tt.entry, a, err, tt.is, tt.offset)
		}
	}
	const wantMsg = `uri: parse allowlist: invalid entry ("com" is a public suffix: each name under it may be another party's) at offset 10 of "https://*.com"`
	if _, err := NewAllowlist([]string{"https://*.com"}, Options{}); err == nil || err.Error() != wantMsg {
		t.Errorf("NewAllowlist(https://*.com) = %v, want %s", err, wantMsg)
	}
}

// TestCheckOrigin: an Origin header is one serialized origin, compared
// with the list; "null" and any origin only with their options.
func TestCheckOrigin(t *testing.T) {
	a := mustAllowlist(t, "https://app.example.com", "https://*.example.org", "http://localhost:3000", "https://bücher.example")
	tests := []struct {
		origin string
		rule   guard.Rule
		offset int
	}{
		{"https://app.example.com", "", -1},
		{"https://a.example.org", "", -1},
		{"https://a.b.example.org", "", -1},
		{"http://localhost:3000", "", -1},
		{"https://xn--bcher-kva.example", "", -1},
		{"https://example.org", RuleCrossOrigin, -1},
		{"https://evil-example.org", RuleCrossOrigin, -1},
		{"https://example.org.evil.net", RuleCrossOrigin, -1},
		{"http://app.example.com", RuleCrossOrigin, -1},
		{"https://app.example.com:8443", RuleCrossOrigin, -1},
		{"http://localhost", RuleCrossOrigin, -1},
		{"null", RuleCrossOrigin, -1},
		{"https://app.example.com/", guard.RuleParse, 23},
		{"https://APP.example.com", guard.RuleParse, 8},
		{"https://app.example.com:443", guard.RuleParse, 23},
		{"https://bücher.example", guard.RuleParse, 8},
		{"https://app.example.com https://x.example.org", guard.RuleParse, 23},
		{"https://u@app.example.com", guard.RuleParse, 8},
		{"", guard.RuleParse, 0},
		{"app.example.com", guard.RuleParse, 0},
		{"chrome-extension://abcdef", guard.RuleScheme, -1},
		{"file://", guard.RuleScheme, -1},
	}
	for _, tt := range tests {
		err := a.CheckOrigin(tt.origin)
		var e *guard.Error
		switch {
		case tt.rule == "" && err != nil:
			t.Errorf("CheckOrigin(%q): %v", tt.origin, err)
		case tt.rule != "" && (!errors.As(err, &e) || e.Rule != tt.rule || tt.offset >= 0 && e.Offset != tt.offset):
			t.Errorf("CheckOrigin(%q): %v; want rule %s at %d", tt.origin, err, tt.rule, tt.offset)
		}
	}
	var none *Allowlist
	if err := none.CheckOrigin("https://app.example.com"); !errors.Is(err, ErrCrossOrigin) {
		t.Errorf("nil Allowlist: CheckOrigin: %v", err)
	}
	opts, _ := NewAllowlist(nil, Options{AllowNull: true, AllowAny: true})
	for _, o := range []string{"null", "https://any.example", "http://[::1]:1"} {
		if err := opts.CheckOrigin(o); err != nil {
			t.Errorf("AllowNull and AllowAny: CheckOrigin(%q): %v", o, err)
		}
	}
	if err := opts.CheckOrigin("https://any.example/"); !errors.Is(err, guard.ErrParse) {
		t.Errorf("AllowAny: CheckOrigin of a URL: %v, want ErrParse", err)
	}
	anyOnly, _ := NewAllowlist(nil, Options{AllowAny: true})
	if err := anyOnly.CheckOrigin("null"); !errors.Is(err, ErrCrossOrigin) {
		t.Errorf("AllowAny without AllowNull: CheckOrigin(null): %v", err)
	}
}

// TestAllocs pins what the checks allocate: nothing for a target that is
// already an href of the origin, the href otherwise.
func TestAllocs(t *testing.T) {
	a := mustAllowlist(t, "https://*.example.com")
	cur := whatwg.MustParse("https://good.example/a")
	tests := []struct {
		name   string
		fn     func()
		allocs float64
	}{
		{"Redirect of an href", func() { _, _ = Redirect(cur, "https://good.example/b", nil) }, 0},
		{"Redirect of a path", func() { _, _ = Redirect(cur, "/b", nil) }, 1},
		{"Redirect to a wildcard origin", func() { _, _ = Redirect(cur, "https://x.example.com/", a) }, 0},
		{"LocalPath", func() { _, _ = LocalPath("/b?c") }, 1},
		{"CheckOrigin", func() { _ = a.CheckOrigin("https://x.example.com") }, 1},
	}
	for _, tt := range tests {
		if n := testing.AllocsPerRun(100, tt.fn); n != tt.allocs {
			t.Errorf("%s: %v allocations, want %v", tt.name, n, tt.allocs)
		}
	}
}

// TestHostileLinear: Redirect, LocalPath and CheckOrigin take time and
// memory linear in their input, for every hostile shape, as a path and
// as a URL.
func TestHostileLinear(t *testing.T) {
	a := mustAllowlist(t, "https://*.example.com")
	cur := whatwg.MustParse("https://good.example/")
	ops := []oracle.Op{
		{"Redirect", func(s string) { _, _ = Redirect(cur, s, a) }},
		{"Redirect of the path", func(s string) { _, _ = Redirect(cur, strings.TrimPrefix(s, "http://"), a) }},
		{"LocalPath", func(s string) { _, _ = LocalPath(strings.TrimPrefix(s, "http:/")) }},
		{"CheckOrigin", func(s string) { _ = a.CheckOrigin(s) }},
	}
	for _, f := range oracle.HostileLinear(oracle.Hostile, ops, oracle.HostileDiv()) {
		t.Error(f)
	}
}

// TestLinearTime checks by time that Redirect, LocalPath and CheckOrigin
// do linear work on the families of inputs that every package is checked
// with (see internal/timing).
func TestLinearTime(t *testing.T) {
	timing.Tier(t)
	a := mustAllowlist(t, "https://*.example.com")
	cur := whatwg.MustParse("https://good.example/")
	ops := []struct {
		name string
		run  func(string)
	}{
		{"Redirect", func(s string) { _, _ = Redirect(cur, s, a) }},
		{"LocalPath", func(s string) { _, _ = LocalPath(strings.TrimPrefix(s, "http:/")) }},
		{"CheckOrigin", func(s string) { _ = a.CheckOrigin(s) }},
	}
	for _, op := range ops {
		timing.CheckFamilies(t, op.name, op.run)
	}
}
