package uri

import (
	"strings"
	"testing"

	"github.com/gouri/uri/internal/oracle"
	"github.com/gouri/uri/internal/testrows"
	"github.com/gouri/uri/internal/timing"
)

// This file checks what any input may cost the package. It feeds hostile
// inputs to every entry point and counts the work they cost in allocations,
// not time: for an input of size n and one of size 2n, the bytes and the
// number of allocations of size 2n must be at most about twice those of
// size n, plus a constant. A quadratic step that allocates (a string
// rebuilt per segment, a list copied per pair) shows as four times as
// much; and no call may panic. BenchmarkScaling shows the time, and
// TestLinearTime checks it in the tier of checks of time (see
// internal/timing). TestCorpusAllocations pins the allocation promises on
// the real-world samples.

// hostileOps are the calls made on each input. Each parses the input
// itself where it needs a URI, so that a failing parse is exercised too.
var hostileOps = []oracle.Op{
	{"Parse", func(s string) { _, _ = Parse(s) }},
	{"ParseURI", func(s string) { _, _ = ParseURI(s) }},
	{"ParseRelativeRef", func(s string) { _, _ = ParseRelativeRef(s) }},
	{"ParseRFC6874", func(s string) { _, _ = ParseRFC6874(s) }},
	{"ParseIRI", func(s string) { _, _ = ParseIRI(s) }},
	{"Error text", func(s string) {
		if _, err := ParseIRI(s); err != nil {
			_ = err.Error()
		}
	}},
	{"UnmarshalText", func(s string) { var u URI; _ = u.UnmarshalText([]byte(s)) }},
	{"Resolve, as reference", func(s string) { _, _ = Resolve("http://a/b/c/d;p?q", s) }},
	{"Resolve, as base", func(s string) { _, _ = Resolve(s, "../../g;x?y#s") }},
	{"ResolveNonStrict", func(s string) { _, _ = ResolveNonStrict("http://a/b/c/d;p?q", s) }},
	{"Resolve, as relative base", func(s string) { MustParse("//h/" + strings.Repeat("x/", 8)).Resolve(mustOrZero(s)) }},
	{"Relativize", func(s string) { _, _ = Relativize("http://h/a/b/c", s) }},
	{"Relativize, as base", func(s string) { _, _ = Relativize(s, "http://h/a/b/c") }},
	{"Normalize", func(s string) { _, _ = Normalize(s) }},
	{"file functions", func(s string) {
		_, _ = FileKey(mustOrZero(s))
		_, _ = FileKey(mustOrZero("file:///" + s))
		for _, style := range []PathStyle{PathPOSIX, PathWindows} {
			_, _ = FileOptions{Style: style, Spelling: VSCodeSpelling}.FromFilePath(s)
		}
	}},
	{"NormalizeWith crawler", func(s string) { mustOrZero(s).NormalizeWith(CrawlerNormalization) }},
	{"Equivalent", func(s string) { u := mustOrZero(s); Equivalent(u, u.Normalize()) }},
	{"Escape", func(s string) {
		for _, c := range allEscape {
			_ = Escape(s, c)
		}
	}},
	{"Unescape", func(s string) {
		for _, c := range allEscape {
			_, _ = Unescape(s, c)
			_, _ = UnescapeUTF8(s, c)
		}
	}},
	{"QueryPairs", func(s string) {
		for range mustOrZero(s).QueryPairs() {
		}
	}},
	{"QueryValue, QueryValues", func(s string) { u := mustOrZero(s); u.QueryValue("nope"); u.QueryValues() }},
	{"query edits", func(s string) {
		u := mustOrZero(s)
		u.WithQueryValue("k", "v w")
		u.AddQueryValue("k", "x")
		u.DeleteQueryKey("k")
	}},
	{"PathSegments", func(s string) {
		for range mustOrZero(s).PathSegments() {
		}
	}},
	{"JoinPath", func(s string) { mustOrZero(s).JoinPath("a/b", "c%2E", "d") }},
	{"ToURI, ToIRI", func(s string) {
		if u, err := ParseIRI(s); err == nil {
			v, _ := u.ToURI()
			v.ToIRI()
		}
	}},
	{"host functions", func(s string) {
		u, err := ParseIRI(s)
		if err != nil {
			return
		}
		_, _ = HostToASCII(u.Host())
		_, _ = HostToUnicode(u.Host())
		_, _ = AmbiguousIPv4(u.Host())
		_, _ = mustOrZero(s).HostAddr()
	}},
	{"other accessors", func(s string) {
		u := mustOrZero(s)
		_, _ = u.PortNumber()
		_ = u.Redacted()
		_ = u.RequestURI()
		_, _ = u.Components().URI()
		_, _ = u.Password()
	}},
	{"net/url", func(s string) { _, _ = FromURL(mustOrZero(s).URL()) }},
}

// mustOrZero parses s as a URI reference, or as an IRI mapped to a URI, or
// returns the zero URI.
func mustOrZero(s string) URI {
	if u, err := Parse(s); err == nil {
		return u
	}
	i, _ := ParseIRI(s)
	u, _ := i.ToURI()
	return u
}

// TestHostileLinear runs every operation on every hostile shape at two
// sizes, and checks that the larger costs at most about twice as much.
func TestHostileLinear(t *testing.T) {
	for _, f := range oracle.HostileLinear(oracle.Hostile, hostileOps, oracle.HostileDiv()) {
		t.Error(f)
	}
}

// TestHostileAllocs pins the allocation counts the documentation promises,
// whatever the input: Parse and ParseIRI allocate nothing but the *Error of
// an invalid input; Resolve allocates the result's text and at most a
// scratch buffer; Normalize the new text and at most one list.
func TestHostileAllocs(t *testing.T) {
	base, rel := MustParse("http://a/b/c/d;p?q"), MustParse("../../g?y")
	for _, sh := range oracle.Hostile {
		s := sh.Build(max(sh.N/oracle.HostileDiv(), 64))
		u, err := Parse(s)
		tests := []struct {
			name string
			fn   func()
			max  float64
		}{
			{"Parse", func() { _, _ = Parse(s) }, 1},
			{"ParseIRI", func() { _, _ = ParseIRI(s) }, 1},
			{"Resolve", func() { base.Resolve(u) }, 2},
			{"Resolve, as base", func() { u.Resolve(rel) }, 2},
			{"Normalize", func() { u.Normalize() }, 2},
		}
		for _, tt := range tests {
			if tt.name != "Parse" && tt.name != "ParseIRI" && err != nil {
				continue
			}
			if n := testing.AllocsPerRun(2, tt.fn); n > tt.max {
				t.Errorf("%s on %s: %v allocations, want at most %v", tt.name, sh.Name, n, tt.max)
			}
		}
	}
}

// TestHostileJoinPathElements: JoinPath with 100,000 elements, with dots,
// separators and percent-encodings that its check of dot pieces must read,
// costs linear work too.
func TestHostileJoinPathElements(t *testing.T) {
	n := 100000
	if oracle.Short() {
		n /= 16
	}
	elems := func(n int) []string {
		out := make([]string, n)
		for i := range out {
			out[i] = []string{"a/b", "...", ".a", "%2E%2Ex", `c\d`}[i%5]
		}
		return out
	}
	u := MustParse("http://h/x/y")
	small, large := elems(n/2), elems(n)
	cs, p1 := oracle.Measure(func() { u.JoinPath(small...) })
	cl, p2 := oracle.Measure(func() { u.JoinPath(large...) })
	if p1 != nil || p2 != nil || !oracle.Linear(cs.Bytes, cl.Bytes, 64<<10) || !oracle.Linear(cs.Allocs, cl.Allocs, 64) {
		t.Errorf("JoinPath: %+v for %d elements, %+v for %d; panics %v %v", cs, n/2, cl, n, p1, p2)
	}
}

// linearOps are the operations measured, one row each, with a name and a
// func(string) that parses its own input where it needs a URI; a row moves
// with the function it measures (the legacy grammars' are in their
// package).
var linearOps = []struct {
	name string
	run  func(string)
}{
	{"Parse", func(s string) { _, _ = Parse(s) }},
	{"ParseIRI", func(s string) { _, _ = ParseIRI(s) }},
	{"Resolve, as reference", func(s string) { _, _ = Resolve("http://a/b/c/d;p?q", s) }},
	{"Resolve, as base", func(s string) { _, _ = Resolve(s, "../../g;x?y#s") }},
	{"Normalize", func(s string) { _, _ = Normalize(s) }},
	{"ToIRI", func(s string) {
		if u, err := Parse(s); err == nil {
			u.ToIRI()
		}
	}},
	{"IRI ToURI", func(s string) {
		if u, err := ParseIRI(s); err == nil {
			u.ToURI()
		}
	}},
	{"Unescape", func(s string) { _, _ = Unescape(s, EscapePath) }},
}

// TestLinearTime checks by time that each operation does linear work on
// the families of inputs that every package is checked with.
func TestLinearTime(t *testing.T) {
	timing.Tier(t)
	for _, op := range linearOps {
		timing.CheckFamilies(t, op.name, op.run)
	}
}

// TestCorpusAllocations pins the allocation promises over the whole
// committed sample of real-world URLs, each loop counted as one run, so the
// totals are exact: Parse and String allocate nothing for any valid URL;
// Normalize allocates nothing for a URL that is already normal and once for
// one that is not; Resolve allocates at most once per call, string form and
// method form; Escape and Unescape allocate nothing when nothing changes.
func TestCorpusAllocations(t *testing.T) {
	var valid []string
	var parsed []URI
	for _, name := range testrows.Samples() {
		for _, s := range testrows.URLs(t, name) {
			if u, err := Parse(s); err == nil {
				valid = append(valid, s)
				parsed = append(parsed, u)
			}
		}
	}
	changed := 0
	for _, s := range valid {
		if n, _ := Normalize(s); n != s {
			changed++
		}
	}
	base := MustParse("http://example.com/a/b/c?q")
	dotdot := MustParse("../g?y#s")
	// Path segments that need no escaping: each corpus URL's last segment.
	var segments []string
	for _, u := range parsed {
		p := u.Path()
		if seg := p[strings.LastIndexByte(p, '/')+1:]; seg != "" && Escape(seg, EscapePathSegment) == seg && !strings.Contains(seg, "%") {
			segments = append(segments, seg)
		}
	}
	tests := []struct {
		name string
		run  func()
		max  float64 // allocations allowed for the whole loop
	}{
		{"Parse", func() {
			for _, s := range valid {
				sinkURI, _ = Parse(s)
			}
		}, 0},
		{"Parse+String", func() {
			for _, s := range valid {
				u, _ := Parse(s)
				sinkString = u.String()
			}
		}, 0},
		{"Normalize", func() {
			for _, s := range valid {
				sinkString, _ = Normalize(s)
			}
		}, float64(changed)},
		{"Resolve string form, corpus URL as reference", func() {
			for _, s := range valid {
				sinkString, _ = Resolve("http://example.com/a/b/c?q", s)
			}
		}, float64(len(valid))},
		{"Resolve method form, corpus URL as reference", func() {
			for _, u := range parsed {
				sinkURI = base.Resolve(u)
			}
		}, float64(len(valid))},
		{"Resolve method form, corpus URL as base", func() {
			for _, u := range parsed {
				sinkURI = u.Resolve(dotdot)
			}
		}, float64(len(valid))},
		{"Escape of segments that need none", func() {
			for _, seg := range segments {
				sinkString = Escape(seg, EscapePathSegment)
			}
		}, 0},
		{"Unescape of segments that need none", func() {
			for _, seg := range segments {
				sinkString, _ = Unescape(seg, EscapePathSegment)
			}
		}, 0},
	}
	for _, tt := range tests {
		got := testing.AllocsPerRun(1, tt.run)
		t.Logf("%s: %v allocations for %d URLs (at most %v)", tt.name, got, len(valid), tt.max)
		if got > tt.max {
			t.Errorf("%s over %d URLs: %v allocations, want at most %v", tt.name, len(valid), got, tt.max)
		}
	}
	if changed == 0 || changed > len(valid)/2 || len(segments) < 1000 {
		t.Errorf("%d URLs, %d not normal, %d segments: the sample does not test what it should", len(valid), changed, len(segments))
	}
}
