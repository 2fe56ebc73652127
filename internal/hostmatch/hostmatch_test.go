package hostmatch

import (
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/gouri/uri"
	"github.com/gouri/uri/internal/oracle"
	"github.com/gouri/uri/whatwg"
)

// TestParse: what a pattern means, in each spelling that the URL
// Standard's host parser reads (section 3.5).
func TestParse(t *testing.T) {
	tests := []struct {
		pattern string
		want    Pattern
	}{
		{"hooks.example.com", Pattern{"hooks.example.com", false}},
		{"Hooks.Example.COM.", Pattern{"hooks.example.com", false}},            // case, final dot
		{"Bücher.example", Pattern{"xn--bcher-kva.example", false}},            // section 3.3, IDNA
		{"a。example．com", Pattern{"a.example.com", false}},                     // IDNA maps the full stops
		{"_dmarc.example.com", Pattern{"_dmarc.example.com", false}},           // no STD3 rule
		{"8.8.8.8", Pattern{"8.8.8.8", false}},                                 // section 3.5, IPv4
		{"0x8080808", Pattern{"8.8.8.8", false}},                               // IPv4, one hexadecimal number
		{"8.526344", Pattern{"8.8.8.8", false}},                                // IPv4, two parts
		{"１２７.０.０.１", Pattern{"127.0.0.1", false}},                             // IDNA, then IPv4
		{"[2001:4860:4860:0::8888]", Pattern{"[2001:4860:4860::8888]", false}}, // IPv6, compressed
		{"2001:4860:4860::8888", Pattern{"[2001:4860:4860::8888]", false}},     // IPv6 without brackets
		{"::ffff:127.0.0.1", Pattern{"[::ffff:7f00:1]", false}},
		{"localhost", Pattern{"localhost", false}}, // a public suffix, but one host
		{"com", Pattern{"com", false}},
		{"*.example.com", Pattern{"example.com", true}},
		{"*.EXAMPLE.com.", Pattern{"example.com", true}},
		{"*.Bücher.example", Pattern{"xn--bcher-kva.example", true}},
		{"*.a.b.example.co.uk", Pattern{"a.b.example.co.uk", true}},
		{"*.google.internal", Pattern{"google.internal", true}},
		{"*.www.ck", Pattern{"www.ck", true}}, // the list's exception "!www.ck" to "*.ck"
		{"*.example.github.io", Pattern{"example.github.io", true}},
	}
	for _, tt := range tests {
		got, err := Parse(tt.pattern, Options{})
		if err != nil || got != tt.want {
			t.Errorf("Parse(%q) = %+v, %+v; want %+v", tt.pattern, got, err, tt.want)
		}
	}
}

// TestParseErrors: what is not a pattern, and where its fault is: the
// first byte that no pattern holds there, or the first byte of a host
// that is at fault as a whole (the convention of package whatwg).
func TestParseErrors(t *testing.T) {
	tests := []struct {
		pattern string
		offset  int
		detail  string // a part of the Detail
		is      error  // the URL Standard's reason, in the cause, or nil
	}{
		{"", 0, "rejects the host", whatwg.ErrHostMissing},
		{"*.", 2, "rejects the host", whatwg.ErrHostMissing},
		{"*", 1, `"*." and a domain`, nil},
		{"*example.com", 1, `"*." and a domain`, nil},
		{"**.example.com", 1, `"*." and a domain`, nil},
		{"a.*.example.com", 2, `"*." at the start`, nil},
		{"*.*.example.com", 2, `"*." at the start`, nil},
		{"＊.example.com", 0, `IDNA maps the host to "*.example.com"`, nil},
		{"*.a＊.example.com", 2, "IDNA maps the host", nil},
		{"example.com:443", 11, "no port", nil},
		{"*.example.com:443", 13, "no port", nil},
		{"[::1]:443", 5, "no port", nil},
		{"example.com/hooks", 11, "no path", nil},
		{"example.com?", 11, "no path", nil},
		{"example.com#", 11, "no path", nil},
		{"example.com\\", 11, "no path", nil},
		{"u@example.com", 1, "no userinfo", nil},
		{"ex%61mple.com", 2, "no percent-encoding", nil},
		{"exa\tmple.com", 3, "no tab", nil},
		{"example.com\n", 11, "no tab", nil},
		{"exa mple.com", 3, "rejects the host", whatwg.ErrDomainToASCII},
		{"example.com ", 11, "rejects the host", whatwg.ErrDomainToASCII}, // a URL would lose it
		{" example.com", 0, "rejects the host", whatwg.ErrDomainToASCII},
		{"example.com\x01", 11, "rejects the host", whatwg.ErrDomainToASCII},
		{"*.exa mple.com", 5, "rejects the host", whatwg.ErrDomainToASCII},
		{"1.2.3.256", 0, "IPv4-out-of-range-part", whatwg.ErrIPv4OutOfRangePart},
		{"*.1.2.3.256", 2, "IPv4-out-of-range-part", whatwg.ErrIPv4OutOfRangePart},
		{"[::g]", 3, "IPv6-invalid-code-point", whatwg.ErrIPv6InvalidCodePoint},
		{"::g", 2, "IPv6-invalid-code-point", whatwg.ErrIPv6InvalidCodePoint},
		{"[::1", 4, "IPv6-unclosed", whatwg.ErrIPv6Unclosed},
		{"beef:80", 7, "IPv6", nil},
		{"*.8.8.8", 2, "not an address", nil},
		{"*.[::1]", 2, "not an address", nil},
		{"*.::1", 2, "not an address", nil},
		{"*.com", 2, `"com" is a public suffix`, nil},
		{"*.com.", 2, `"com" is a public suffix`, nil},
		{"*.co.uk", 2, `"co.uk" is a public suffix`, nil},
		{"*.github.io", 2, `"github.io" is a public suffix`, nil},
		{"*.foo.ck", 2, `"foo.ck" is a public suffix`, nil}, // by the list's "*.ck"
		{"*.internal", 2, `"internal" is a public suffix`, nil},
		{"*.localhost", 2, `"localhost" is a public suffix`, nil},
		{"*.a..example.com", 2, "empty label", nil},
		{"*..example.com", 2, "empty label", nil},
		{"a..example.com", 0, "empty label", nil},
		{".", 0, "empty label", nil},
		{"example.com..", 0, "empty label", nil},
		{"*.a{b.com", 2, "no name holds", nil},
	}
	for _, tt := range tests {
		got, err := Parse(tt.pattern, Options{})
		if err == nil {
			t.Errorf("Parse(%q) = %+v, want an error at %d", tt.pattern, got, tt.offset)
			continue
		}
		off, cause := err.In(tt.pattern, 0)
		var ue *uri.Error
		if err.Offset != tt.offset || off != tt.offset || !strings.Contains(err.Detail, tt.detail) ||
			tt.is != nil && (!errors.As(cause, &ue) || ue.Input != tt.pattern || ue.Offset != off || !errors.Is(cause, tt.is)) {
			t.Errorf("Parse(%q) = %+v, cause %v; want the offset %d, a detail with %q and the cause %v", tt.pattern, err, cause, tt.offset, tt.detail, tt.is)
		}
	}
}

// TestParseOptions: AllowPublicSuffixWildcard allows a wildcard over a
// public suffix, and nothing else that is refused.
func TestParseOptions(t *testing.T) {
	o := Options{AllowPublicSuffixWildcard: true}
	for _, p := range []string{"*.com", "*.github.io", "*.internal", "*.internal-suffix", "*.co.uk"} {
		if got, err := Parse(p, o); err != nil || !got.Wildcard || got.Host != p[2:] {
			t.Errorf("Parse(%q, AllowPublicSuffixWildcard) = %+v, %+v", p, got, err)
		}
	}
	for _, p := range []string{"*.8.8.8", "*", "*.a..com", "*.com:443"} {
		if got, err := Parse(p, o); err == nil {
			t.Errorf("Parse(%q, AllowPublicSuffixWildcard) = %+v, want an error", p, got)
		}
	}
}

// TestIn: the offset and the cause of a fault in a text that holds the
// pattern, as an entry of an origin allowlist holds its host.
func TestIn(t *testing.T) {
	_, err := Parse("*.1.2.3.256", Options{})
	off, cause := err.In("https://*.1.2.3.256:8443", 8)
	var ue *uri.Error
	if off != 10 || !errors.As(cause, &ue) || ue.Input != "https://*.1.2.3.256:8443" || ue.Offset != 10 {
		t.Errorf("In = %d, %#v; want 10 and a cause about the entry at 10", off, cause)
	}
	_, err = Parse("*.com", Options{})
	if off, cause := err.In("https://*.com", 8); off != 10 || cause != nil {
		t.Errorf("In = %d, %v; want 10 and no cause", off, cause)
	}
}

// matchTests are patterns and hosts (as the URL Standard serializes
// them) with whether the hosts match.
var matchTests = []struct {
	patterns []string
	host     string
	want     bool
}{
	{[]string{"hooks.example.com"}, "hooks.example.com", true},
	{[]string{"hooks.example.com"}, "hooks.example.com.", true},
	{[]string{"hooks.example.com."}, "hooks.example.com", true},
	{[]string{"hooks.example.com"}, "a.hooks.example.com", false},
	{[]string{"example.com"}, "badexample.com", false},
	{[]string{"*.example.com"}, "a.example.com", true},
	{[]string{"*.example.com"}, "a.b.example.com", true},
	{[]string{"*.example.com"}, "a.example.com.", true},
	{[]string{"*.example.com"}, "example.com", false},
	{[]string{"*.example.com"}, "example.com.", false},
	{[]string{"*.example.com"}, ".example.com", false},
	{[]string{"*.example.com"}, "aexample.com", false},
	{[]string{"*.example.com"}, "a.example.com.evil.example", false},
	{[]string{"*.example.com"}, "com", false},
	{[]string{"*.example.com"}, "", false},
	{[]string{"*.b.example.com"}, "a.example.com", false},
	{[]string{"*.b.example.com", "*.example.com"}, "b.example.com", true},
	{[]string{"*.example.com", "*.b.example.com"}, "a.b.example.com", true},
	{[]string{"*.b.example.com", "c.example.com"}, "c.example.com", true},
	{[]string{"*.b.example.com", "c.example.com"}, "x.c.example.com", false},
	{[]string{"Bücher.example"}, "xn--bcher-kva.example", true},
	{[]string{"0x8080808"}, "8.8.8.8", true},
	{[]string{"8.8.8.8"}, "8.8.4.4", false},
	{[]string{"2001:4860:4860::8888"}, "[2001:4860:4860::8888]", true},
	{[]string{"*.example.com"}, "[2001:4860:4860::8888]", false},
	{nil, "example.com", false},
	{nil, "", false},
}

// TestMatch checks the matches of matchTests, with the reference.
func TestMatch(t *testing.T) {
	for _, tt := range matchTests {
		var s Set
		var ps []Pattern
		for _, p := range tt.patterns {
			c, err := Parse(p, Options{})
			if err != nil {
				t.Fatalf("Parse(%q): %+v", p, err)
			}
			s.Add(c)
			ps = append(ps, c)
		}
		if got := s.Match(tt.host); got != tt.want {
			t.Errorf("%q.Match(%q) = %v, want %v", tt.patterns, tt.host, got, tt.want)
		}
		if got := slowMatch(ps, tt.host); got != tt.want {
			t.Errorf("slowMatch(%q, %q) = %v, want %v", tt.patterns, tt.host, got, tt.want)
		}
	}
}

// slowMatch is the reference of Set.Match: each pattern in turn.
func slowMatch(ps []Pattern, host string) bool {
	host = strings.TrimSuffix(host, ".")
	for _, p := range ps {
		if !p.Wildcard && host == p.Host ||
			p.Wildcard && len(host) > len(p.Host)+1 && strings.HasSuffix(host, "."+p.Host) {
			return true
		}
	}
	return false
}

// TestMatchAllocs: a match allocates nothing, matched or not, exact or
// wildcard.
func TestMatchAllocs(t *testing.T) {
	var s Set
	for _, p := range []string{"a.example", "*.c.example", "*.example.com", "8.8.8.8", "[2001:db8::1]"} {
		c, _ := Parse(p, Options{})
		s.Add(c)
	}
	tests := []struct {
		host   string
		allocs float64
	}{
		{"a.example", 0},
		{"www.example.com", 0},
		{"a.b.c.example", 0},
		{"example.com.", 0},
		{"evil.example", 0},
		{"[2001:db8::1]", 0},
		{strings.Repeat("a.", 1000) + "example.com", 0},
	}
	for _, tt := range tests {
		if got := testing.AllocsPerRun(100, func() { s.Match(tt.host) }); got != tt.allocs {
			t.Errorf("Match(%q): %v allocations, want %v", tt.host, got, tt.allocs)
		}
	}
}

// hostileHosts are hosts and patterns built from n repetitions of
// something hostile, beside the hosts of the module's hostile URLs.
var hostileHosts = []oracle.HostileShape{
	{"100,000 labels", 100000, func(n int) string { return strings.Repeat("a.", n) + "example.com" }},
	{"100,000 empty labels", 100000, func(n int) string { return strings.Repeat(".", n) + "example.com" }},
	{"100,000 :", 100000, func(n int) string { return strings.Repeat(":", n) }},
	{"100,000 1:", 100000, func(n int) string { return strings.Repeat("1:", n) + "1" }},
	{"100,000 ] and :", 100000, func(n int) string { return "[" + strings.Repeat("]:", n) }},
	{"100,000 *.", 100000, func(n int) string { return strings.Repeat("*.", n) + "example.com" }},
	{"20,000 IDNA labels", 20000, func(n int) string { return strings.Repeat("bücher.", n) + "example" }},
	{"100,000 numeric labels", 100000, func(n int) string { return strings.Repeat("0x7f.", n) + "1" }},
	{"1 MB label", 1 << 20, func(n int) string { return strings.Repeat("a", n) + ".example.com" }},
}

// TestHostileLinear: Parse and Match take memory linear in their input,
// for every hostile host, as a host and as the domain of a wildcard, and
// for the text after "http://" of every hostile URL of the module.
func TestHostileLinear(t *testing.T) {
	shapes := slices.Clone(hostileHosts)
	for _, sh := range oracle.Hostile {
		build := sh.Build
		shapes = append(shapes, oracle.HostileShape{Name: sh.Name, N: sh.N, Build: func(n int) string {
			return strings.TrimPrefix(build(n), "http://")
		}})
	}
	var s Set
	for _, p := range []string{"*.example.com", "*.a.a.a.example.com", "example.com", "1.2.3.4"} {
		c, _ := Parse(p, Options{})
		s.Add(c)
	}
	ops := []oracle.Op{
		{"Parse", func(h string) { _, _ = Parse(h, Options{}) }},
		{"Parse of a wildcard", func(h string) { _, _ = Parse("*."+h, Options{}) }},
		{"Match", func(h string) { s.Match(h) }},
	}
	for _, f := range oracle.HostileLinear(shapes, ops, oracle.HostileDiv()) {
		t.Error(f)
	}
}
