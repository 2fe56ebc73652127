package uri

import (
	"errors"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/gouri/uri/internal/oracle"
	"github.com/gouri/uri/internal/testrows"
)

// TestRelativizeTestdata checks every row of testdata/relativize.jsonl, and
// that each result resolves back to the target, by the fast code and by the
// slow reference.
func TestRelativizeTestdata(t *testing.T) {
	rows := testrows.Read[testrows.Result](t, "testdata/relativize.jsonl")
	if len(rows) < 80 {
		t.Fatalf("only %d rows in testdata/relativize.jsonl", len(rows))
	}
	for _, row := range rows {
		if !checkRow(t, "relativize", Relativize, row) {
			continue
		}
		if back := slowResolve(row.Base, row.Result, true); back != row.Input {
			t.Errorf("row (%q, %q): %q resolves to %q by the RFC's algorithm", row.Base, row.Input, row.Result, back)
		}
		b, target := must(ParseURI(row.Base)), must(ParseURI(row.Input))
		rel, ok := b.Relativize(target)
		if !ok || rel.String() != row.Result {
			t.Errorf("ParseURI(%q).Relativize(%q) = %q, %v; want %q", row.Base, row.Input, rel, ok, row.Result)
		}
		checkResolved(t, "Relativize("+row.Base+", "+row.Input+")", rel)
		if back := b.Resolve(rel); back != target {
			t.Errorf("Relativize(%q, %q) = %q, which resolves to %q", row.Base, row.Input, rel, back)
		}
	}
}

// TestRelativizeRoundTrip is the property that defines Relativize, over
// generated pairs: for every target t that resolution gives from some
// reference R, Relativize(t) succeeds, resolves to t and is no longer than
// R; and for every URI t without dot segments, base.Resolve(Relativize(t))
// == t.
func TestRelativizeRoundTrip(t *testing.T) {
	n := 200000
	if oracle.Short() {
		n = 20000
	}
	r := rand.New(rand.NewPCG(7, 3986))
	reached, direct := 0, 0
	for i := 0; i < n; i++ {
		base, ref := genResolvePair(r)
		b, err1 := ParseURI(base)
		R, err2 := Parse(ref)
		if err1 != nil || err2 != nil {
			continue
		}
		checkReached(t, base, ref, b, R)
		reached++

		// A target that no reference was resolved to.
		other, err := ParseURI(genResolveBase(r))
		if err != nil {
			continue
		}
		if checkRelativize(t, b, other) {
			direct++
		}
	}
	if reached < n/3 || direct < n/10 {
		t.Errorf("only %d and %d of %d generated cases were tried", reached, direct, n)
	}
}

// checkReached checks that the target that R resolves to against b is
// found again by Relativize, with a reference that resolves to it and is no
// longer than R.
func checkReached(t *testing.T, base, ref string, b, R URI) {
	t.Helper()
	target := b.Resolve(R)
	rel, ok := b.Relativize(target)
	if !ok {
		t.Fatalf("Relativize(%q, %q) reported false, but %q resolves to it", base, target, ref)
	}
	checkResolved(t, "Relativize("+base+", "+target.String()+")", rel)
	if back := b.Resolve(rel); back != target {
		t.Fatalf("Relativize(%q, %q) = %q, which resolves to %q", base, target, rel, back)
	}
	if len(rel.String()) > len(ref) {
		t.Fatalf("Relativize(%q, %q) = %q, longer than %q, which resolves to it too", base, target, rel, ref)
	}
}

// checkRelativize checks b.Relativize(target) for any URI target: it fails
// only for a target with dot segments, and what it returns parses back to
// the same value and resolves to target. It reports whether it succeeded.
func checkRelativize(t *testing.T, b, target URI) bool {
	t.Helper()
	rel, ok := b.Relativize(target)
	if !ok {
		if lp, _ := target.resolvedPath(); !hasDotSegment(lp) {
			t.Fatalf("Relativize(%q, %q) reported false for a target without dot segments", b, target)
		}
		return false
	}
	checkResolved(t, "Relativize("+b.String()+", "+target.String()+")", rel)
	if back := b.Resolve(rel); back != target {
		t.Fatalf("Relativize(%q, %q) = %q, which resolves to %q", b, target, rel, back)
	}
	return true
}

// TestRelativizeShortest compares Relativize with a brute-force search: for
// each base, every reference of up to maxLen bytes over a small alphabet is
// resolved, and the shortest reference for each result is kept. Relativize
// must find a reference of exactly that length for each result.
func TestRelativizeShortest(t *testing.T) {
	maxLen := 6
	if oracle.Short() {
		maxLen = 4
	}
	const alphabet = "ab/.:?#"
	bases := []string{
		"a://a/a/b", "a://a", "a://a/", "a:/a/b", "a:a/b", "a:", "a:a", "a:/", "a:/.//a/b",
		"a://a/a/?a", "a://a/a/b?a#a", "a:/a/../b", "a://a/./a/", "a:a/b/", "a:?", "a://a?a",
		"b:a", "a://b/a:b/a",
	}
	var refs []string
	var grow func(s string)
	grow = func(s string) {
		refs = append(refs, s)
		if len(s) == maxLen {
			return
		}
		for i := 0; i < len(alphabet); i++ {
			grow(s + alphabet[i:i+1])
		}
	}
	grow("")
	for _, base := range bases {
		b := must(ParseURI(base))
		shortest := map[URI]int{}
		for _, ref := range refs {
			R, err := Parse(ref)
			if err != nil {
				continue
			}
			target := b.Resolve(R)
			if n, seen := shortest[target]; !seen || len(ref) < n {
				shortest[target] = len(ref)
			}
		}
		for target, n := range shortest {
			rel, ok := b.Relativize(target)
			if !ok || len(rel.String()) != n || b.Resolve(rel) != target {
				t.Errorf("Relativize(%q, %q) = %q, %v; the shortest reference has %d bytes", base, target, rel, ok, n)
			}
		}
	}
}

// TestRelativizeFalse pins when Relativize reports false.
func TestRelativizeFalse(t *testing.T) {
	tests := []struct{ base, target string }{
		{"/a/b", "http://a/b"},             // the base has no scheme (Section 5.1)
		{"http://a/b", "/a/b"},             // nor has the target: resolution always gives a URI
		{"http://a/b", "//a/b"},            // a network-path reference is still relative
		{"", ""},                           // the zero URI
		{"http://a/b", "http://a/./b"},     // a dot segment that resolution would remove
		{"http://a/b", "http://x/../b"},    // with another authority
		{"http://a/b", "ftp://a/.."},       // or another scheme
		{"a:b", "a:/./"},                   // "/./" is a dot segment, unlike "/.//"
		{"http://a/./b?q", "http://a/./b"}, // the same path, but the base's query cannot be dropped
	}
	for _, tt := range tests {
		if rel, ok := MustParse(tt.base).Relativize(MustParse(tt.target)); ok || rel != (URI{}) {
			t.Errorf("Parse(%q).Relativize(%q) = %q, %v; want false", tt.base, tt.target, rel, ok)
		}
	}
}

// TestRelativizeAllocs: Relativize allocates only when it writes "../",
// "./" or "/." in front of a part of the target's text.
func TestRelativizeAllocs(t *testing.T) {
	long := strings.Repeat("x/", scratchSize)
	tests := []struct {
		base, target string
		allocs       float64
	}{
		{"http://a/b/c", "http://a/b/c#s", 0},
		{"http://a/b/c", "http://a/b/g?y", 0},
		{"http://a/b/c/d/e", "http://a/g", 0},
		{"http://a/b/c", "http://g/x", 0},
		{"http://a/b/c", "ftp://a/b", 0},
		{"http://a/b/c/d", "http://a/b/g", 1},
		{"http://a/b/c", "http://a/b/g:h", 1},
		{"http://a/b/c", "http://a//g", 1},
		{"http://a/b/../c/d", "http://a/c/g", 0},
		{"http://a/" + long + "../c/d", "http://a/" + long + "c/g", 2}, // a scratch buffer for the base's directory
	}
	for _, tt := range tests {
		b, target := must(ParseURI(tt.base)), must(ParseURI(tt.target))
		if got := testing.AllocsPerRun(100, func() { b.Relativize(target) }); got != tt.allocs {
			t.Errorf("Relativize(%.40q, %.40q): %v allocations, want %v", tt.base, tt.target, got, tt.allocs)
		}
	}
}

// FuzzRelativize checks the round trip: the target that a reference
// resolves to is reached again by Relativize, with a reference no longer
// than the first one; and for the reference itself as a target, Relativize
// fails only for a path with dot segments, and its result resolves back.
func FuzzRelativize(f *testing.F) {
	addResolveSeeds(f)
	f.Fuzz(func(t *testing.T, base, ref string) {
		b, errBase := ParseURI(base)
		R, errRef := Parse(ref)
		if errBase != nil || errRef != nil {
			return
		}
		checkReached(t, base, ref, b, R)
		if !R.HasScheme() {
			return
		}
		ok := checkRelativize(t, b, R)
		rel, _ := b.Relativize(R)
		s, err := Relativize(base, ref)
		if ok != (err == nil) || s != rel.String() || !ok && !errors.Is(err, ErrDotSegment) {
			t.Fatalf("Relativize(%q, %q) = %q, %v; the method gives %q, %v", base, ref, s, err, rel, ok)
		}
	})
}
