package whatwg

import (
	"errors"
	"net/netip"
	"net/url"
	"strings"
	"testing"

	"github.com/gouri/uri"
	"github.com/gouri/uri/internal/oracle"
)

// fuzzSeeds returns the inputs of the table tests, for the fuzz targets.
func fuzzSeeds() []string {
	var seeds []string
	for _, tc := range parseTests {
		seeds = append(seeds, tc.in)
	}
	for _, tc := range parseErrorTests {
		seeds = append(seeds, tc.in)
	}
	for _, tc := range hostTests {
		seeds = append(seeds, tc.in)
	}
	for _, tc := range setterTests {
		seeds = append(seeds, tc.value)
	}
	return seeds
}

// FuzzParse checks, for any input and any base:
//
//   - Parse does not panic, and fails with an *uri.Error whose offset lies
//     in the input and obeys the offset rule (see checkOffsetRule), the
//     same one Validate returns;
//   - when it succeeds, the href is ASCII with no control character and no
//     space outside an opaque path, parsing it again gives the same URL (the URL Standard's
//     serializer and parser round-trip), the getters put together give the
//     href back, and Validate gives the same URL;
//   - tabs and newlines anywhere change nothing (section 4.4, step 3);
//   - parsing against a base gives a URL with the same properties;
//   - every setter, given the input as its value, leaves a URL that parses
//     back to itself;
//   - EncodeComponent's result decodes back to the input.
func FuzzParse(f *testing.F) {
	bases := []string{"", "http://example.org/foo/bar?q#f", "file:///C:/a/b", "sc://h/a/b", "sc:opaque?q", "sc:/a/b"}
	for i, s := range fuzzSeeds() {
		f.Add(s, bases[i%len(bases)])
	}
	f.Fuzz(func(t *testing.T, in, base string) {
		checkEncodeComponent(t, in)
		u, err := Parse(in)
		checkResult(t, "Parse", in, u, err)
		checkOffsetRule(t, in, err)
		v, verrs, verr := Validate(URL{}, in)
		if v != u || (err == nil) != (verr == nil) || err != nil && *err.(*uri.Error) != *verr.(*uri.Error) {
			t.Fatalf("Validate(%q) = %q, %v; Parse gives %q, %v", in, v.Href(), verr, u.Href(), err)
		}
		for _, e := range verrs {
			if e.Offset < 0 || e.Offset > len(in) || e.Kind == 0 || e.Kind >= numKinds {
				t.Fatalf("Validate(%q): validation error %v out of range", in, e)
			}
		}
		stripped := strings.NewReplacer("\t", "", "\n", "", "\r", "").Replace(in)
		if s, serr := Parse(stripped); s != u || (err == nil) != (serr == nil) {
			t.Fatalf("Parse(%q) = %q, %v; without tabs and newlines %q, %v", in, u.Href(), err, s.Href(), serr)
		}
		b, err := Parse(base)
		if err != nil {
			return
		}
		r, err := b.Parse(in)
		checkResult(t, "Parse against "+b.Href(), in, r, err)
		if g, _, gerr := Validate(b, in); g != r || (err == nil) != (gerr == nil) {
			// Validate never takes the fast path of resolution.
			t.Fatalf("Parse(%q) against %q = %q, %v; Validate gives %q, %v", in, b.Href(), r.Href(), err, g.Href(), gerr)
		}
		if s, serr := b.Parse(stripped); s != r || (err == nil) != (serr == nil) {
			t.Fatalf("Parse(%q) against %q = %q, %v; without tabs and newlines %q, %v", in, b.Href(), r.Href(), err, s.Href(), serr)
		}
		for _, s := range fuzzSetters {
			w := b
			err := s.set(&w, in)
			checkResult(t, s.name+" on "+b.Href(), in, w, nil)
			var e *uri.Error
			if err != nil && (!errors.As(err, &e) || e.Op != OpSet || (e.Offset < 0 || e.Offset > len(in)) && e.Offset != uri.NoOffset) {
				t.Fatalf("%s(%q) on %q: error %v out of range", s.name, in, b.Href(), err)
			}
		}
	})
}

var fuzzSetters = []struct {
	name string
	set  func(*URL, string) error
}{
	{"SetHref", (*URL).SetHref}, {"SetProtocol", (*URL).SetProtocol},
	{"SetUsername", (*URL).SetUsername}, {"SetPassword", (*URL).SetPassword},
	{"SetHost", (*URL).SetHost}, {"SetHostname", (*URL).SetHostname},
	{"SetPort", (*URL).SetPort}, {"SetPathname", (*URL).SetPathname},
	{"SetSearch", (*URL).SetSearch}, {"SetHash", (*URL).SetHash},
}

// checkOffsetRule checks the offset of an error of Parse(in) against the
// rule of uri.Error: in[:Offset] is the beginning of some input that the
// parser accepts. The test is that the parser does not fail earlier on
// in[:Offset] itself: it accepts it, or fails at its end, for want of
// what comes next, or fails on a host or a port that in[:Offset] cuts, as
// a whole, at its first byte: whether a host is an IPv4 address, and
// whether IDNA takes it, depends on its end ("http:.0" is no IPv4 address,
// but "http:.0a" is a valid URL), and a port out of range can still be a
// password ("h://0:70000@h/"). A failure of a whole host in in is reported
// at the host's first byte, so that in[:Offset] ends where the host would
// begin, and the test holds for it too.
func checkOffsetRule(t *testing.T, in string, err error) {
	t.Helper()
	e, ok := err.(*uri.Error)
	if !ok || e.Offset < 0 || e.Offset > len(in) {
		return // checkResult reports it
	}
	_, perr := Parse(in[:e.Offset])
	if pe, ok := perr.(*uri.Error); ok && pe.Offset < e.Offset && !wholePart(pe.Err) {
		t.Fatalf("Parse(%q) fails at %d (%v), but Parse(%q) fails earlier, at %d (%v): not the longest valid beginning",
			in, e.Offset, e.Err, in[:e.Offset], pe.Offset, pe.Err)
	}
}

// wholePart reports whether the reason err concerns a whole host or port,
// which the parser reports at its first byte.
func wholePart(err error) bool {
	switch err {
	case ErrDomainToASCII, ErrIPv4TooManyParts, ErrIPv4NonNumericPart, ErrIPv4OutOfRangePart, ErrPortOutOfRange:
		return true
	}
	return false
}

// checkResult checks the invariants of a parse result (or, with err nil,
// of a URL left by a setter).
func checkResult(t *testing.T, op, in string, u URL, err error) {
	t.Helper()
	if err != nil {
		var e *uri.Error
		var k Kind
		if !errors.As(err, &e) || e.Offset < 0 || e.Offset > len(e.Input) || !errors.As(e.Err, &k) || k == 0 || !errors.Is(err, k) ||
			e.Detail != "" || !strings.Contains(e.Error(), " ("+k.Describe(e.Input, e.Offset)+")") {
			t.Fatalf("%s(%q): malformed error %#v", op, in, err)
		}
		if u != (URL{}) {
			t.Fatalf("%s(%q): error %v with a non-zero URL %q", op, in, err, u.Href())
		}
		return
	}
	h := u.Href()
	for i := 0; i < len(h); i++ {
		// A space is kept in an opaque path, but not at its end (section
		// 4.4, opaque path state), so that trimming cannot change it.
		if h[i] == ' ' && u.HasOpaquePath() && i >= int(u.pathStart) && i < int(u.queryStart)-1 {
			continue
		}
		if h[i] <= ' ' || h[i] >= 0x7f {
			t.Fatalf("%s(%q) = %q: byte %#x at %d", op, in, h, h[i], i)
		}
	}
	again, err := Parse(h)
	if err != nil || again != u {
		t.Fatalf("%s(%q) = %q, which parses to %q, %v", op, in, h, again.Href(), err)
	}
	if got := recompose(u); got != h {
		t.Fatalf("%s(%q) = %q, but its getters give %q", op, in, h, got)
	}
	if (u.Search() == "") != (u.Query() == "") || (u.Hash() == "") != (u.Fragment() == "") ||
		u.Host() != u.Hostname() && u.Host() != u.Hostname()+":"+u.Port() {
		t.Fatalf("%s(%q) = %q: getters disagree: %+v", op, in, h, viewOf(u))
	}
	if o := u.Origin(); o != "null" && !strings.HasPrefix(o, u.Protocol()+"//") && u.Scheme() != "blob" {
		t.Fatalf("%s(%q) = %q: origin %q", op, in, h, o)
	}
	if (u.HostKind() == uri.HostIPv4 || u.HostKind() == uri.HostIPv6) != u.Addr().IsValid() {
		t.Fatalf("%s(%q) = %q: host kind %v, address %v", op, in, h, u.HostKind(), u.Addr())
	}
}

// recompose puts the components of u together as the URL serializer of
// section 4.5 does.
func recompose(u URL) string {
	var b strings.Builder
	b.WriteString(u.Protocol())
	if u.HostKind() != uri.HostNone {
		b.WriteString("//")
		if u.Username() != "" || u.Password() != "" {
			b.WriteString(u.Username())
			if u.Password() != "" {
				b.WriteString(":" + u.Password())
			}
			b.WriteString("@")
		}
		b.WriteString(u.Host())
	} else if !u.HasOpaquePath() && strings.HasPrefix(u.Pathname(), "//") {
		b.WriteString("/.")
	}
	b.WriteString(u.Pathname())
	if u.HasQuery() {
		b.WriteString("?" + u.Query())
	}
	if u.HasFragment() {
		b.WriteString("#" + u.Fragment())
	}
	return b.String()
}

// FuzzHost runs the host parser (section 3.5) on any input, as the host of
// a special and of a non-special URL, and checks that a domain keeps the
// labels of the input (see oracle.LabelsKept): no label may be lost or
// gained through IDNA. An IPv4 address, in any of its forms, is not a
// domain.
func FuzzHost(f *testing.F) {
	for _, tc := range hostTests {
		f.Add(tc.in)
	}
	for _, s := range oracle.IDNALabelSeeds {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, h string) {
		parseHost(h, false)
		out, kind, _ := parseHost(h, true)
		if kind != uri.HostDomain {
			return
		}
		dec, err := url.PathUnescape(h)
		if err != nil {
			return // a "%" without two hex digits: no domain has one
		}
		if msg := oracle.LabelsKept(dec, out); msg != "" {
			t.Fatalf("host parser(%q) = %q: %s", h, out, msg)
		}
	})
}

// FuzzIPv6 compares the IPv6 parser of the URL Standard (section 3.5) with
// net/netip on text without "%" (netip reads a zone after it; the standard
// has none): both must accept the same strings and agree on the address,
// and the serializer must give netip's RFC 5952 text, except for
// IPv4-mapped addresses.
func FuzzIPv6(f *testing.F) {
	for _, tc := range hostTests {
		if strings.HasPrefix(tc.in, "[") && strings.HasSuffix(tc.in, "]") {
			f.Add(tc.in[1 : len(tc.in)-1])
		}
	}
	f.Add("::ffff:1.2.3.4")
	f.Add("1:2:3:4:5:6:7:8")
	f.Fuzz(func(t *testing.T, s string) {
		if strings.Contains(s, "%") {
			return
		}
		p := parser{in: s, orig: s}
		a, ok := p.ipv6(s, 0)
		n, err := netip.ParseAddr(s)
		nok := err == nil && n.Is6()
		if ok != nok {
			t.Fatalf("IPv6 parser(%q) = %v, %v; netip gives %v, %v", s, a, ok, n, err)
		}
		if !ok {
			return
		}
		if toBytes(a) != n.As16() {
			t.Fatalf("IPv6 parser(%q) = %v; netip gives %v", s, a, n)
		}
		// netip writes an IPv4-mapped address with its last 32 bits in
		// dotted decimal (RFC 5952, section 5); the standard's serializer
		// writes every piece in hex.
		if n.Is4In6() {
			return
		}
		if got, want := string(appendIPv6(nil, &a)), netip.AddrFrom16(n.As16()).String(); got != want {
			t.Fatalf("IPv6 serializer(%q) = %q; netip gives %q", s, got, want)
		}
	})
}
