package uri

import (
	"errors"
	"go/build"
	"math/rand/v2"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/gouri/uri/internal/oracle"
	"github.com/gouri/uri/internal/testrows"
	"github.com/gouri/uri/internal/timing"
)

// TestParseTarget: the parts of each form, and each form refused where
// the method does not allow it (RFC 9112, Section 3.2; RFC 9110, Section
// 7.1: "These forms MUST NOT be used with other methods").
func TestParseTarget(t *testing.T) {
	type parts struct {
		Form               string
		Path, Query        string
		HasQuery           bool
		RequestURI         string
		Authority          string
		AuthHost, AuthPort string
		AuthKind           string
	}
	tests := []struct {
		method, target string
		want           parts
	}{
		{"GET", "/", parts{Form: "origin", Path: "/", RequestURI: "/"}},
		{"GET", "/a/b?", parts{Form: "origin", Path: "/a/b", HasQuery: true, RequestURI: "/a/b?"}},
		{"POST", "//a/../b?c=d/?e", parts{Form: "origin", Path: "//a/../b", Query: "c=d/?e", HasQuery: true, RequestURI: "//a/../b?c=d/?e"}},
		{"GET", "/%7Efoo;p=1:@!$&'()*+,=", parts{Form: "origin", Path: "/%7Efoo;p=1:@!$&'()*+,=", RequestURI: "/%7Efoo;p=1:@!$&'()*+,="}},
		{"GET", "http://u@h:8080/p?q", parts{Form: "absolute", Path: "/p", Query: "q", HasQuery: true, RequestURI: "/p?q",
			Authority: "h:8080", AuthHost: "h", AuthPort: "8080", AuthKind: "reg-name"}},
		{"GET", "https://[::1]", parts{Form: "absolute", RequestURI: "/", Authority: "[::1]", AuthHost: "[::1]", AuthKind: "IPv6"}},
		{"OPTIONS", "http://h?x", parts{Form: "absolute", Query: "x", HasQuery: true, RequestURI: "/?x",
			Authority: "h", AuthHost: "h", AuthKind: "reg-name"}},
		{"GET", "urn:a:b", parts{Form: "absolute", Path: "a:b", RequestURI: "a:b"}},
		{"GET", "example.com:443", parts{Form: "absolute", Path: "443", RequestURI: "443"}}, // scheme "example.com"
		{"OPTIONS", "*", parts{Form: "asterisk"}},
		{"OPTIONS", "/", parts{Form: "origin", Path: "/", RequestURI: "/"}},
		{"CONNECT", "www.example.com:80", parts{Form: "authority", Authority: "www.example.com:80",
			AuthHost: "www.example.com", AuthPort: "80", AuthKind: "reg-name"}},
		{"CONNECT", "192.0.2.1:0443", parts{Form: "authority", Authority: "192.0.2.1:0443", AuthHost: "192.0.2.1", AuthPort: "0443", AuthKind: "IPv4"}},
		{"CONNECT", "[2001:db8::1]:65535", parts{Form: "authority", Authority: "[2001:db8::1]:65535",
			AuthHost: "[2001:db8::1]", AuthPort: "65535", AuthKind: "IPv6"}},
		{"CONNECT", "[v1.x]:1", parts{Form: "authority", Authority: "[v1.x]:1", AuthHost: "[v1.x]", AuthPort: "1", AuthKind: "IPvFuture"}},
	}
	for _, tt := range tests {
		tg, err := ParseTarget(tt.method, tt.target)
		if err != nil {
			t.Errorf("ParseTarget(%q, %q): %v", tt.method, tt.target, err)
			continue
		}
		a := tg.Authority()
		got := parts{Form: tg.Form().String(), Path: tg.Path(), Query: tg.Query(), HasQuery: tg.HasQuery(),
			Authority: a.String(), AuthHost: a.Host(), AuthPort: a.Port()}
		// What a proxy sends on (RFC 9112, Section 3.2.1).
		if u, ok := tg.AbsoluteURI(); ok {
			got.RequestURI = u.RequestURI()
		} else if tg.Form() == OriginForm {
			got.RequestURI = tg.String()
		}
		if a != (HostPort{}) {
			got.AuthKind = a.HostKind().String()
		}
		if d := cmp.Diff(tt.want, got); d != "" {
			t.Errorf("ParseTarget(%q, %q) (-want +got):\n%s", tt.method, tt.target, d)
		}
		if u, ok := tg.AbsoluteURI(); ok != (tg.Form() == AbsoluteForm) || ok && u.String() != tt.target {
			t.Errorf("ParseTarget(%q, %q).AbsoluteURI() = %q, %v", tt.method, tt.target, u, ok)
		}
	}
}

// TestParseTargetErrors: malformed targets, each refused at the first byte
// that no valid target of the method can have there (the offset rule of
// Error), with the reason.
func TestParseTargetErrors(t *testing.T) {
	tests := []struct {
		method, target string
		offset         int
		err            error
		component      Component
	}{
		{"GET", "", 0, ErrMissingScheme, Scheme},            // RFC 9112, 3.2: no empty target
		{"GET", "*", 0, ErrInvalidByte, NoComponent},        // 3.2.4: OPTIONS only; no scheme
		{"GET", "*x", 0, ErrInvalidByte, NoComponent},       // 3.2.4: neither form of GET
		{"GET", "www.example.com:80", 0, nil, 0},            // valid: an absolute-URI of scheme "www.example.com"
		{"GET", "/a b", 2, ErrInvalidByte, Path},            // 3.2: no whitespace
		{"GET", "/a\\b", 2, ErrInvalidByte, Path},           // no backslash
		{"GET", "/a#f", 2, ErrInvalidByte, Path},            // RFC 9110, 7.1: no fragment
		{"GET", "/a?q#f", 4, ErrInvalidByte, Query},         // no fragment
		{"GET", "http://h/#f", 9, ErrInvalidByte, Fragment}, // absolute-URI has no fragment
		{"GET", "/%zz", 2, ErrBadPercent, Path},             // RFC 3986, 2.1
		{"GET", "/%4", 3, ErrBadPercent, Path},              // ends too early
		{"GET", "/\xc3\xa9", 1, ErrInvalidByte, Path},       // no IRI
		{"GET", "/a\x00", 2, ErrInvalidByte, Path},          // no control
		{"GET", "?q", 0, ErrMissingScheme, Scheme},          // absolute-path begins with "/"
		{"GET", "a/b", 1, ErrInvalidByte, Scheme},           // a relative path is no target
		{"GET", "http://h:8o/", 10, ErrBadPort, Port},       // RFC 3986, 3.2.3
		{"GET", "http://[fe80::1%25eth0]/", 15, ErrZoneNotAllowed, Host},
		{"GET", "http://[12345::1]/", 12, ErrBadIPLiteral, Host}, // an h16 has four digits
		{"GET", "http://[]/", 8, ErrBadIPLiteral, Host},
		{"OPTIONS", "**", 1, ErrInvalidByte, NoComponent}, // 3.2.4: "*" alone, which has no path
		{"OPTIONS", "*/x", 1, ErrInvalidByte, NoComponent},
		{"CONNECT", "/", 0, ErrInvalidByte, Host},                    // 3.2.3: authority-form only
		{"CONNECT", "*", 1, ErrNoPort, Port},                         // "*" is a reg-name
		{"CONNECT", "example.com", 11, ErrNoPort, Port},              // RFC 9110, 9.3.6: port required
		{"CONNECT", "example.com:", 12, ErrNoPort, Port},             // an empty port is refused
		{"CONNECT", "example.com:65536", 16, ErrPortRange, Port},     // no TCP port
		{"CONNECT", "example.com:000065536", 20, ErrPortRange, Port}, // leading zeros count for nothing
		{"CONNECT", "example.com:8o", 13, ErrBadPort, Port},
		{"CONNECT", "http://example.com:443/", 5, ErrBadPort, Port}, // not an absolute-URI
		{"CONNECT", "u@example.com:443", 1, ErrInvalidByte, Host},   // no userinfo
		{"CONNECT", "example.com:443/", 15, ErrBadPort, Port},
		{"CONNECT", "[::1]", 5, ErrNoPort, Port},
		{"CONNECT", "[::1]x:1", 5, ErrInvalidByte, Host},
		{"CONNECT", "[12345::1]:443", 5, ErrBadIPLiteral, Host}, // a proxy's bug: five digits
		{"CONNECT", "[]:443", 1, ErrBadIPLiteral, Host},
		{"CONNECT", "[fe80::1%25eth0]:443", 8, ErrZoneNotAllowed, Host},
		{"connect", "example.com:443", 0, nil, 0}, // methods are case-sensitive: an absolute-URI for another method
	}
	for _, tt := range tests {
		tg, err := ParseTarget(tt.method, tt.target)
		if tt.err == nil {
			if err != nil {
				t.Errorf("ParseTarget(%q, %q): %v", tt.method, tt.target, err)
			}
			continue
		}
		var e *Error
		if !errors.As(err, &e) || e.Err != tt.err || e.Offset != tt.offset || e.Component != tt.component ||
			e.Op != OpParse || e.Input != tt.target {
			t.Errorf("ParseTarget(%q, %q) = %#v; want %v in %v at offset %d", tt.method, tt.target, err, tt.err, tt.component, tt.offset)
		}
		if tg != (Target{}) {
			t.Errorf("ParseTarget(%q, %q) = %#v with an error, want the zero Target", tt.method, tt.target, tg)
		}
	}
}

// TestTargetMessages: the messages name the form that the method takes.
func TestTargetMessages(t *testing.T) {
	tests := []struct{ method, target, want string }{
		{"GET", "*", `uri: invalid character "*" (asterisk-form is only for OPTIONS (RFC 9112, Section 3.2.4), not "GET") at offset 0 of "*"`},
		{"OPTIONS", "*x", `uri: invalid character "x" (asterisk-form is "*" alone (RFC 9112, Section 3.2.4)) at offset 1 of "*x"`},
		{"CONNECT", "/x", `uri: invalid character "/" (CONNECT takes authority-form, host:port (RFC 9112, Section 3.2.3)) in host at offset 0 of "/x"`},
		{"GET", "/a#b", `uri: invalid character "#" (a request-target has no fragment (RFC 9110, Section 7.1)) in path at offset 2 of "/a#b"`},
	}
	for _, tt := range tests {
		_, err := ParseTarget(tt.method, tt.target)
		if err == nil || err.Error() != tt.want {
			t.Errorf("ParseTarget(%q, %q):\n got %v\nwant %s", tt.method, tt.target, err, tt.want)
		}
	}
}

// TestParseHost: the Host field value (RFC 9110, Section 7.2), the
// caddy-style mistakes included: an empty value is allowed, "[]" and
// "[12345::1]" are not.
func TestParseHost(t *testing.T) {
	tests := []struct {
		in         string
		host, port string
		hasPort    bool
		kind       HostKind
		err        error
		offset     int
	}{
		{in: "", kind: HostNone}, // RFC 9112, 3.2: empty for a target URI without authority
		{in: "www.example.org", host: "www.example.org", kind: HostRegName},
		{in: "www.example.org:8080", host: "www.example.org", port: "8080", hasPort: true, kind: HostRegName},
		{in: "example.com:", host: "example.com", hasPort: true, kind: HostRegName}, // port = *DIGIT
		{in: ":80", port: "80", hasPort: true, kind: HostRegName},                   // an empty reg-name
		{in: "192.0.2.1:65535", host: "192.0.2.1", port: "65535", hasPort: true, kind: HostIPv4},
		{in: "127.1", host: "127.1", kind: HostRegName},
		{in: "[2001:db8::1]", host: "[2001:db8::1]", kind: HostIPv6},
		{in: "b%C3%BCcher.example", host: "b%C3%BCcher.example", kind: HostRegName},
		{in: "[]", err: ErrBadIPLiteral, offset: 1},
		{in: "[12345::1]", err: ErrBadIPLiteral, offset: 5},
		{in: "[::1", err: ErrBadIPLiteral, offset: 4},
		{in: "[fe80::1%25eth0]", err: ErrZoneNotAllowed, offset: 8},
		{in: "::1", err: ErrBadPort, offset: 1}, // an IPv6 address needs brackets
		{in: "user@example.com", err: ErrInvalidByte, offset: 4},
		{in: "example.com:65536", err: ErrPortRange, offset: 16},
		{in: "example.com:80:80", err: ErrBadPort, offset: 14},
		{in: "example.com/", err: ErrInvalidByte, offset: 11},
		{in: " example.com", err: ErrInvalidByte, offset: 0},
		{in: "bücher.example", err: ErrInvalidByte, offset: 1},
		{in: "a%2", err: ErrBadPercent, offset: 3},
	}
	for _, tt := range tests {
		h, err := ParseHost(tt.in)
		if tt.err != nil {
			var e *Error
			if !errors.As(err, &e) || e.Err != tt.err || e.Offset != tt.offset || e.Op != OpParse || h != (HostPort{}) {
				t.Errorf("ParseHost(%q) = %#v, %#v; want %v at offset %d", tt.in, h, err, tt.err, tt.offset)
			}
			continue
		}
		if err != nil || h.String() != tt.in || h.Host() != tt.host || h.Port() != tt.port || h.HasPort() != tt.hasPort || h.HostKind() != tt.kind {
			t.Errorf("ParseHost(%q) = %q host %q port %q (%v) %v, %v; want host %q port %q (%v) %v",
				tt.in, h, h.Host(), h.Port(), h.HasPort(), h.HostKind(), err, tt.host, tt.port, tt.hasPort, tt.kind)
		}
	}
	if h, _ := ParseHost(""); h != (HostPort{}) {
		t.Errorf("ParseHost(\"\") = %#v, want the zero HostPort", h)
	}
}

// targetRules are the methods whose rules differ, with the oracle of each.
var targetRules = []struct{ method, rule string }{
	{"GET", "target GET"}, {"OPTIONS", "target OPTIONS"}, {"CONNECT", "target CONNECT"},
}

// randomTarget returns a request-target of any form, or a near miss.
func randomTarget(r *rand.Rand) string {
	switch r.IntN(6) {
	case 0:
		return oracle.Host(r) + ":" + oracle.Pick(r, "80", "443", "", "0", "65535", "65536", "08080", "x", "1:2")
	case 1:
		return oracle.Pick(r, "*", "**", "*/", "", "/*", "*?")
	}
	s := oracle.Reference(r)
	if r.IntN(2) == 0 && !strings.HasPrefix(s, "/") {
		s = "/" + s
	}
	return s
}

// TestTargetOracle compares ParseTarget and ParseHost with the regular
// expressions of RFC 9112 and RFC 9110 built on those of RFC 3986: the
// verdict and the offset of the first byte that no valid string can
// continue with.
func TestTargetOracle(t *testing.T) {
	r := rand.New(rand.NewPCG(9112, 3))
	n := 4000
	if testing.Short() {
		n = 400
	}
	for i := 0; i < n; i++ {
		s := randomTarget(r)
		for _, tr := range targetRules {
			if msg := checkTargetOracle(tr.method, tr.rule, s); msg != "" {
				t.Error(msg)
			}
		}
		if msg := checkHostOracle(s); msg != "" {
			t.Error(msg)
		}
	}
}

// checkTargetOracle returns what is wrong with ParseTarget(method, s),
// which rule's oracle judges, or "".
func checkTargetOracle(method, rule, s string) string {
	o := oracle.GetRFC9112(rule)
	ok, off := o.Check(s)
	if !ok && !strings.HasPrefix(s, "/") && method != "CONNECT" {
		off = oracleOffset(oracle.Get("absolute-URI", false), s, off)
	}
	tg, err := ParseTarget(method, s)
	switch {
	case ok && err != nil:
		return "ParseTarget(" + method + ", " + quote(s) + "): " + err.Error() + ", but the oracle accepts it"
	case ok:
		if tg.String() != s {
			return "ParseTarget(" + method + ", " + quote(s) + ").String() = " + quote(tg.String())
		}
		return ""
	case err == nil:
		return "ParseTarget(" + method + ", " + quote(s) + ") accepts it, but the oracle refuses it at " + itoa(off)
	}
	var e *Error
	if !errors.As(err, &e) || e.Offset != off || e.Input != s || e.Op != OpParse {
		return "ParseTarget(" + method + ", " + quote(s) + "): " + err.Error() + ", but the oracle refuses it at " + itoa(off)
	}
	return ""
}

// checkHostOracle returns what is wrong with ParseHost(s), or "".
func checkHostOracle(s string) string {
	ok, off := oracle.GetRFC9112("Host").Check(s)
	h, err := ParseHost(s)
	var e *Error
	switch {
	case ok != (err == nil):
		return "ParseHost(" + quote(s) + "): " + errString(err) + ", but the oracle says ok=" + strconv.FormatBool(ok) + " at " + itoa(off)
	case ok && h.String() != s:
		return "ParseHost(" + quote(s) + ").String() = " + quote(h.String())
	case !ok && (!errors.As(err, &e) || e.Offset != off || e.Op != OpParse):
		return "ParseHost(" + quote(s) + "): " + err.Error() + ", but the oracle refuses it at " + itoa(off)
	}
	return ""
}

func quote(s string) string { return strconv.Quote(s) }
func itoa(n int) string     { return strconv.Itoa(n) }

// FuzzTarget checks ParseTarget and ParseHost against the oracle.
func FuzzTarget(f *testing.F) {
	for _, s := range []string{"/where?q=now", "http://www.example.org/pub/WWW/TheProject.html", "www.example.com:80", "*",
		"//evil.example/x", "/a b", "http://h/#f", "[12345::1]:443", "[]:80", "example.com:65536", "/%zz", "http://u@h/"} {
		f.Add(s, "www.example.org:8080")
	}
	f.Add("/", "")
	f.Add("/", "[::1]")
	f.Add("*", ":80")
	f.Fuzz(func(t *testing.T, target, host string) {
		for _, tr := range targetRules {
			if msg := checkTargetOracle(tr.method, tr.rule, target); msg != "" {
				t.Fatal(msg)
			}
		}
		if msg := checkHostOracle(host); msg != "" {
			t.Fatal(msg)
		}
	})
}

// TestTargetAllocs pins what ParseTarget and ParseHost allocate on valid
// input: nothing.
func TestTargetAllocs(t *testing.T) {
	sink := 0
	tests := []struct {
		name   string
		fn     func()
		allocs float64
	}{
		{"ParseTarget origin-form", func() { _, _ = ParseTarget("GET", "/pub/WWW/TheProject.html?q=now&x=%41") }, 0},
		{"ParseTarget absolute-form", func() { _, _ = ParseTarget("GET", "http://www.example.org/pub/WWW/") }, 0},
		{"ParseTarget authority-form", func() { _, _ = ParseTarget("CONNECT", "[2001:db8::1]:443") }, 0},
		{"ParseTarget asterisk-form", func() { _, _ = ParseTarget("OPTIONS", "*") }, 0},
		{"ParseHost", func() { _, _ = ParseHost("www.example.org:8080") }, 0},
		{"accessors", func() {
			tg, _ := ParseTarget("GET", "http://www.example.org/pub/WWW/?q")
			a := tg.Authority()
			u, _ := tg.AbsoluteURI()
			sink += len(tg.Path()) + len(tg.Query()) + len(u.RequestURI()) + len(a.Host()) + len(a.Port())
		}, 0},
	}
	for _, tt := range tests {
		if n := testing.AllocsPerRun(100, tt.fn); n != tt.allocs {
			t.Errorf("%s: %v allocations, want %v", tt.name, n, tt.allocs)
		}
	}
	_ = sink
}

// TestTargetHostileLinear: reading a target and a Host field takes time
// and memory linear in their length, for every hostile shape.
func TestTargetHostileLinear(t *testing.T) {
	ops := []oracle.Op{
		{"ParseTarget absolute-form", func(s string) { _, _ = ParseTarget("GET", s) }},
		{"ParseTarget origin-form", func(s string) {
			if i := strings.Index(s, "//"); i >= 0 {
				s = s[i+1:]
			}
			_, _ = ParseTarget("OPTIONS", s)
		}},
		{"ParseTarget authority-form, ParseHost", func(s string) {
			s = strings.TrimPrefix(s, "http://")
			_, _ = ParseTarget("CONNECT", s)
			_, _ = ParseHost(s)
		}},
	}
	for _, f := range oracle.HostileLinear(oracle.Hostile, ops, oracle.HostileDiv()) {
		t.Error(f)
	}
}

// TestRootImportsNoHTTP holds the rule of the package documentation: the
// strict core does not import net/http, directly or through the packages
// of this module it imports; package httptarget does that job.
func TestRootImportsNoHTTP(t *testing.T) {
	root := testrows.Root(t)
	seen := map[string]bool{}
	var visit func(dir, path string)
	visit = func(dir, path string) {
		if seen[path] {
			return
		}
		seen[path] = true
		p, err := build.ImportDir(dir, 0)
		if err != nil {
			t.Fatal(err)
		}
		for _, imp := range p.Imports {
			if imp == "net/http" || strings.HasPrefix(imp, "net/http/") {
				t.Errorf("%s imports %s", path, imp)
			}
			if rest, ok := strings.CutPrefix(imp, "github.com/gouri/uri/"); ok {
				visit(filepath.Join(root, filepath.FromSlash(rest)), imp)
			}
		}
	}
	visit(root, "github.com/gouri/uri")
}

// BenchmarkParseTarget compares ParseTarget on origin-form targets with
// Parse on the same bytes, the goal being at most 10% more time:
//
//	go test -run '^$' -bench 'ParseTarget$' -count 10 . > target.txt
//	benchstat -col /impl target.txt
//
// The corpus set is the origin-form of every URL of the committed web
// sample that has one.
func BenchmarkParseTarget(b *testing.B) {
	sets := []inputSet{
		{"root", []string{"/"}},
		{"short", []string{"/where?q=now"}},
		{"typical", []string{"/products/item-123?ref=home&lang=en"}},
		{"long-path", []string{"/" + strings.Repeat("segment/", 60) + "index.html"}},
		{"percent-heavy", []string{"/%E2%82%AC/" + strings.Repeat("%20a%2F", 30) + "?q=%C3%A9%C3%A8"}},
		{"query-heavy", []string{"/search?" + strings.Repeat("key=value&", 40) + "last=1"}},
	}
	var corpus []string
	for _, s := range testrows.URLs(b, testrows.WebSample) {
		if u, err := Parse(s); err == nil && u.HasAuthority() && strings.HasPrefix(u.RequestURI(), "/") {
			if _, err := ParseTarget("GET", u.RequestURI()); err == nil {
				corpus = append(corpus, u.RequestURI())
			}
		}
	}
	sets = append(sets, inputSet{"corpus-web", corpus})
	for _, set := range sets {
		n := totalBytes(set.inputs)
		b.Run("shape="+set.name+"/impl=target", func(b *testing.B) {
			b.ReportAllocs()
			b.SetBytes(n)
			for b.Loop() {
				for _, s := range set.inputs {
					if _, err := ParseTarget("GET", s); err != nil {
						b.Fatal(err)
					}
				}
			}
		})
		b.Run("shape="+set.name+"/impl=parse", func(b *testing.B) {
			b.ReportAllocs()
			b.SetBytes(n)
			for b.Loop() {
				for _, s := range set.inputs {
					if _, err := Parse(s); err != nil {
						b.Fatal(err)
					}
				}
			}
		})
	}
}

// TestTargetText: Target and HostPort are text, as a URI is, and their
// zero values answer every method.
func TestTargetText(t *testing.T) {
	var h HostPort
	if err := h.UnmarshalText([]byte("[2001:db8::1]:8080")); err != nil || h.Host() != "[2001:db8::1]" || h.Port() != "8080" {
		t.Errorf("UnmarshalText: %q, %v", h, err)
	}
	if err := h.UnmarshalText([]byte("[]")); err == nil || h.String() != "[2001:db8::1]:8080" {
		t.Errorf("UnmarshalText of a bad value: %v, and h is %q", err, h)
	}
	if b, _ := h.MarshalText(); string(b) != "[2001:db8::1]:8080" {
		t.Errorf("MarshalText = %q", b)
	}
	if b, _ := h.AppendText([]byte("Host: ")); string(b) != "Host: [2001:db8::1]:8080" {
		t.Errorf("AppendText = %q", b)
	}
	tg, _ := ParseTarget("GET", "/a?b")
	if b, _ := tg.MarshalText(); string(b) != "/a?b" {
		t.Errorf("MarshalText = %q", b)
	}
	if b, _ := tg.AppendText([]byte("GET ")); string(b) != "GET /a?b" {
		t.Errorf("AppendText = %q", b)
	}
	var zt Target
	var zh HostPort
	a := zt.Authority()
	if _, ok := zt.AbsoluteURI(); ok || zt.Form() != 0 || zt.String()+zt.Path()+zt.Query()+a.String() != "" || zt.HasQuery() ||
		zh.String()+zh.Host()+zh.Port() != "" || zh.HasPort() || zh.HostKind() != HostNone {
		t.Error("the zero Target or HostPort answers with something")
	}
	if _, err := zh.PortNumber(); err != ErrNoPort {
		t.Errorf("HostPort{}.PortNumber(): %v", err)
	}
}

// TestTargetLinearTime checks by time that reading targets and Host fields
// does linear work on the families of inputs that every package is checked
// with (see internal/timing).
func TestTargetLinearTime(t *testing.T) {
	timing.Tier(t)
	ops := []struct {
		name string
		run  func(string)
	}{
		{"ParseTarget", func(s string) {
			_, _ = ParseTarget("GET", s)
			_, _ = ParseTarget("GET", strings.TrimPrefix(s, "http:/"))
		}},
		{"ParseTarget CONNECT, ParseHost", func(s string) {
			s = strings.TrimPrefix(s, "http://")
			_, _ = ParseTarget("CONNECT", s)
			_, _ = ParseHost(s)
		}},
	}
	for _, op := range ops {
		timing.CheckFamilies(t, op.name, op.run)
	}
}
