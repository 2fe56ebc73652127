package uri

import (
	"errors"
	"math/rand/v2"
	"runtime"
	"strings"
	"testing"

	"github.com/gouri/uri/internal/oracle"
	"github.com/gouri/uri/internal/testrows"

	"github.com/google/go-cmp/cmp"
	"github.com/gouri/uri/internal/dotseg"
)

// checkResolved checks what every resolved URI must satisfy: its text parses
// to exactly the same value (offsets and flags included).
func checkResolved(t *testing.T, call string, got URI) {
	t.Helper()
	back, err := Parse(got.String())
	if err != nil {
		t.Errorf("%s = %q, which does not parse: %v", call, got.String(), err)
		return
	}
	if back != got {
		t.Errorf("%s = %q, whose value differs from Parse's (-parse +got):\n%s", call, got.String(), cmp.Diff(viewOf(back), viewOf(got)))
		if viewOf(back) == viewOf(got) {
			t.Errorf("  offsets: parse %#v, got %#v", back, got)
		}
	}
}

// TestResolveTestdata checks every row of testdata/resolve.jsonl with the
// string function, with the method on parsed values, and with the slow
// reference, so that a wrong row cannot hide a wrong implementation. The
// rows include all of RFC 3986, Sections 5.4.1 and 5.4.2.
func TestResolveTestdata(t *testing.T) {
	rows := testrows.Read[testrows.Result](t, "testdata/resolve.jsonl")
	if len(rows) < 150 {
		t.Fatalf("only %d rows in testdata/resolve.jsonl", len(rows))
	}
	for _, row := range rows {
		if !checkRow(t, "resolve", Resolve, row) {
			continue
		}
		if want := slowResolve(row.Base, row.Input, true); want != row.Result {
			t.Errorf("row (%q, %q) says %q, the RFC's algorithm says %q", row.Base, row.Input, row.Result, want)
		}
		b, r := must(ParseURI(row.Base)), MustParse(row.Input)
		u := b.Resolve(r)
		if u.String() != row.Result {
			t.Errorf("ParseURI(%q).Resolve(%q) = %q, want %q", row.Base, row.Input, u.String(), row.Result)
		}
		checkResolved(t, "Resolve("+row.Base+", "+row.Input+")", u)
	}
}

// checkRow checks the string function fn of the operation op on a testdata
// row, and reports whether the row is a success that it got right.
func checkRow(t *testing.T, op Op, fn func(base, s string) (string, error), row testrows.Result) bool {
	t.Helper()
	got, err := fn(row.Base, row.Input)
	if !row.OK {
		var e *Error
		if !errors.As(err, &e) || e.Op != op || err.Error() != row.Error || got != "" {
			t.Errorf("%s(%q, %q) = %q, %v; want error %q", op, row.Base, row.Input, got, err, row.Error)
		}
		return false
	}
	if err != nil || got != row.Result {
		t.Errorf("%s(%q, %q) = %q, %v; want %q", op, row.Base, row.Input, got, err, row.Result)
		return false
	}
	return true
}

func must(u URI, err error) URI {
	if err != nil {
		panic(err)
	}
	return u
}

// TestResolveRFCExamples repeats RFC 3986, Sections 5.4.1 and 5.4.2 as a
// table in the code, so that they hold even if the testdata file is edited.
func TestResolveRFCExamples(t *testing.T) {
	const base = "http://a/b/c/d;p?q"
	tests := []struct{ ref, want string }{
		// Section 5.4.1, Normal Examples
		{"g:h", "g:h"}, {"g", "http://a/b/c/g"}, {"./g", "http://a/b/c/g"}, {"g/", "http://a/b/c/g/"},
		{"/g", "http://a/g"}, {"//g", "http://g"}, {"?y", "http://a/b/c/d;p?y"}, {"g?y", "http://a/b/c/g?y"},
		{"#s", "http://a/b/c/d;p?q#s"}, {"g#s", "http://a/b/c/g#s"}, {"g?y#s", "http://a/b/c/g?y#s"},
		{";x", "http://a/b/c/;x"}, {"g;x", "http://a/b/c/g;x"}, {"g;x?y#s", "http://a/b/c/g;x?y#s"},
		{"", "http://a/b/c/d;p?q"}, {".", "http://a/b/c/"}, {"./", "http://a/b/c/"}, {"..", "http://a/b/"},
		{"../", "http://a/b/"}, {"../g", "http://a/b/g"}, {"../..", "http://a/"}, {"../../", "http://a/"},
		{"../../g", "http://a/g"},
		// Section 5.4.2, Abnormal Examples
		{"../../../g", "http://a/g"}, {"../../../../g", "http://a/g"},
		{"/./g", "http://a/g"}, {"/../g", "http://a/g"}, {"g.", "http://a/b/c/g."}, {".g", "http://a/b/c/.g"},
		{"g..", "http://a/b/c/g.."}, {"..g", "http://a/b/c/..g"},
		{"./../g", "http://a/b/g"}, {"./g/.", "http://a/b/c/g/"}, {"g/./h", "http://a/b/c/g/h"},
		{"g/../h", "http://a/b/c/h"}, {"g;x=1/./y", "http://a/b/c/g;x=1/y"}, {"g;x=1/../y", "http://a/b/c/y"},
		{"g?y/./x", "http://a/b/c/g?y/./x"}, {"g?y/../x", "http://a/b/c/g?y/../x"},
		{"g#s/./x", "http://a/b/c/g#s/./x"}, {"g#s/../x", "http://a/b/c/g#s/../x"},
		{"http:g", "http:g"}, // for strict parsers
	}
	for _, tt := range tests {
		if got, err := Resolve(base, tt.ref); err != nil || got != tt.want {
			t.Errorf("Resolve(%q, %q) = %q, %v; want %q", base, tt.ref, got, err, tt.want)
		}
	}
	// "http:g" = "http://a/b/c/g" for backward compatibility (Section 5.2.2)
	if got, err := ResolveNonStrict(base, "http:g"); err != nil || got != "http://a/b/c/g" {
		t.Errorf(`ResolveNonStrict(%q, "http:g") = %q, %v; want "http://a/b/c/g"`, base, got, err)
	}
}

// TestRemoveDotSegments checks internal/dotseg's remove_dot_segments, as
// resolution uses it, against the transcription of Section 5.2.4, on the
// RFC's own examples and on every path of up to four segments from a set of
// awkward ones, whole and after a directory that it keeps.
func TestRemoveDotSegments(t *testing.T) {
	tests := []struct{ in, want string }{
		{"/a/b/c/./../../g", "/a/g"},    // Section 5.2.4, first example
		{"mid/content=5/../6", "mid/6"}, // Section 5.2.4, second example
		{"", ""},
		{".", ""}, {"..", ""}, {"./", ""}, {"../", ""}, // steps A and D
		{"/.", "/"}, {"/..", "/"}, {"/./", "/"}, {"/../", "/"}, // steps B and C
		{"a/..", "/"},    // C leaves the "/" that followed the removed first segment
		{"a/../b", "/b"}, // so a relative path can become absolute
		{".//a", "/a"},   // A, then an empty first segment
		{"../..//a", "/a"},
		{"/a//../b", "/a/b"}, // an empty segment is removed like any other
		{"/a/.../b", "/a/.../b"},
		{"/%2E/%2E%2E", "/%2E/%2E%2E"},
	}
	remove := func(b []byte, keep int) (string, int) {
		out, lost := dotseg.Remove(b, keep, dotseg.Options{})
		return string(out), lost
	}
	for _, tt := range tests {
		if got, _ := remove([]byte(tt.in), 0); got != tt.want {
			t.Errorf("dotseg.Remove(%q) = %q, want %q", tt.in, got, tt.want)
		}
		if got := slowRemoveDotSegments(tt.in); got != tt.want {
			t.Errorf("slowRemoveDotSegments(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
	segs := []string{"", ".", "..", "a", "..."}
	var walk func(p string, n int)
	walk = func(p string, n int) {
		for _, lead := range []string{"", "/"} {
			in := lead + p
			if got, _ := remove([]byte(in), 0); got != slowRemoveDotSegments(in) {
				t.Errorf("dotseg.Remove(%q) = %q, the RFC's steps give %q", in, got, slowRemoveDotSegments(in))
			}
			for _, dir := range []string{"", "/x/y/", "x/"} {
				// The merged path as resolution writes it, its leading
				// dots applied to a clean directory first.
				d, p, keep := mergePath(dir, in)
				got := d + p // nothing to remove
				if keep >= 0 {
					got, _ = remove([]byte(d+p), keep)
				}
				if want := slowRemoveDotSegments(dir + in); got != want {
					t.Errorf("mergePath(%q, %q) = %q, %q, %d, which gives %q; the RFC's steps give %q", dir, in, d, p, keep, got, want)
				}
			}
			for _, dir := range []string{"/", "/x/", "/x/.y/z../"} {
				out, _ := remove([]byte(dir+in), len(dir)-1)
				if want := slowRemoveDotSegments(dir + in); out != want {
					t.Errorf("dotseg.Remove(%q, %d) = %q, the RFC's steps give %q", dir+in, len(dir)-1, out, want)
				}
			}
			if lead == "/" {
				// What climbs above the start of a path that begins with "/"
				// is counted, so that it can be taken off a directory
				// before it: six segments are more than the walk climbs.
				const deep = "/1/2/3/4/5/6"
				out, lost := remove([]byte(in), 0)
				kept := deep[:max(len(deep)-2*lost, 0)]
				if want := slowRemoveDotSegments(deep + in); kept+out != want {
					t.Errorf("dotseg.Remove(%q, 0) = %q, %d lost; after %q that gives %q, the RFC's steps give %q", in, out, lost, deep, kept+out, want)
				}
			}
		}
		if n == 0 {
			return
		}
		for _, s := range segs {
			if p == "" {
				walk(s, n-1)
			} else {
				walk(p+"/"+s, n-1)
			}
		}
	}
	walk("", 4)
}

// TestResolveMatchesReference compares the fast code with the slow
// reference on generated pairs, strict and non-strict, and checks that each
// result parses back to the same value.
func TestResolveMatchesReference(t *testing.T) {
	n := 300000
	if oracle.Short() {
		n = 20000
	}
	r := rand.New(rand.NewPCG(5, 22))
	valid, failures := 0, 0
	for i := 0; i < n && failures < 20; i++ {
		base, ref := genResolvePair(r)
		b, err1 := ParseURI(base)
		R, err2 := Parse(ref)
		if err1 != nil || err2 != nil {
			continue
		}
		valid++
		for _, strict := range []bool{true, false} {
			var got URI
			var gotS string
			var err error
			if strict {
				got = b.Resolve(R)
				gotS, err = Resolve(base, ref)
			} else {
				got = b.ResolveNonStrict(R)
				gotS, err = ResolveNonStrict(base, ref)
			}
			want := slowResolve(base, ref, strict)
			if got.String() != want || gotS != want || err != nil {
				t.Errorf("resolve(%q, %q, strict=%v) = %q (string form %q, %v); the RFC's algorithm gives %q",
					base, ref, strict, got.String(), gotS, err, want)
				failures++
			}
			checkResolved(t, "Resolve("+base+", "+ref+")", got)
		}
	}
	if valid < n/3 {
		t.Errorf("only %d of %d generated pairs were valid", valid, n)
	}
}

// TestResolveProperties checks, on generated pairs, what follows from
// Section 5.2.2: the result has a scheme; its path has no dot segments
// unless it is the base's path copied as it is; and resolving the result
// again gives it back unchanged when its path has no dot segments.
func TestResolveProperties(t *testing.T) {
	n := 100000
	if oracle.Short() {
		n = 10000
	}
	r := rand.New(rand.NewPCG(3, 1986))
	for i := 0; i < n; i++ {
		base, ref := genResolvePair(r)
		b, err1 := ParseURI(base)
		R, err2 := Parse(ref)
		if err1 != nil || err2 != nil {
			continue
		}
		checkResolveProperties(t, base, ref, b, R)
	}
}

// checkResolveProperties checks b.Resolve(R) for the properties that
// follow from Section 5.2.2 with a base that has a scheme: the result has a
// scheme, parses back to the same value, has no dot segments unless it is
// the base's path copied as it is, and resolves to itself again when it has
// none.
func checkResolveProperties(t *testing.T, base, ref string, b, R URI) {
	t.Helper()
	got := b.Resolve(R)
	checkResolved(t, "Resolve("+base+", "+ref+")", got)
	if !got.HasScheme() {
		t.Fatalf("Resolve(%q, %q) = %q has no scheme", base, ref, got)
	}
	copied := !R.HasScheme() && !R.HasAuthority() && R.Path() == ""
	lp, _ := got.resolvedPath()
	if hasDotSegment(lp) && !(copied && got.Path() == b.Path()) {
		t.Fatalf("Resolve(%q, %q) = %q has dot segments", base, ref, got)
	}
	if !hasDotSegment(lp) {
		if again := b.Resolve(got); again != got {
			t.Fatalf("Resolve(%q, Resolve(%q, %q)) = %q, want %q", base, base, ref, again, got)
		}
	}
}

// TestResolveRelativeBase pins what the method does with a base that has no
// scheme, which Section 5.1 does not allow: the algorithm runs with
// Base.scheme undefined. For a network-path or absolute-path base without
// dot segments, the result then resolves against any URI S to what ref
// resolves to against S.Resolve(base).
func TestResolveRelativeBase(t *testing.T) {
	tests := []struct{ base, ref, want string }{
		{"//h/a/b", "c", "//h/a/c"},
		{"//h", "c", "//h/c"},
		{"/a/b", "../../c", "/c"},
		{"/a/b?q#f", "", "/a/b?q"},
		{"a/b", "../../c", "/c"}, // rootless: ".." above the first segment is lost
		{"x", "./a:b", "./a:b"},  // Section 4.2: "./" keeps a:b from reading as a scheme
		{"", "./g:h", "./g:h"},   // the empty reference is a base too
		{"", "g/../a:b", "/a:b"}, // Section 5.2.4, step 2C: removing a first segment leaves "/"
		{"", "..", ""},
		{"/x", ".//b", "/.//b"}, // STYLE, Section 10
		{"//h/x", "s:g", "s:g"},
		{"x", "//h", "//h"},
	}
	for _, tt := range tests {
		got := MustParse(tt.base).Resolve(MustParse(tt.ref))
		if got.String() != tt.want || slowResolve(tt.base, tt.ref, true) != tt.want {
			t.Errorf("Parse(%q).Resolve(%q) = %q, want %q (the RFC's steps give %q)",
				tt.base, tt.ref, got, tt.want, slowResolve(tt.base, tt.ref, true))
		}
		checkResolved(t, "Resolve("+tt.base+", "+tt.ref+")", got)
	}
	if _, err := Resolve("//h/a", "c"); !errors.Is(err, ErrMissingScheme) {
		t.Errorf(`Resolve("//h/a", "c") error = %v, want ErrMissingScheme`, err)
	}

	n := 50000
	if oracle.Short() {
		n = 5000
	}
	r := rand.New(rand.NewPCG(1808, 2396))
	tried := 0
	for i := 0; i < n; i++ {
		s, ref := genResolvePair(r)
		base := genResolveBase(r)
		base = base[strings.IndexByte(base, ':')+1:]
		S, err1 := ParseURI(s)
		B, err2 := Parse(base)
		R, err3 := Parse(ref)
		if err1 != nil || err2 != nil || err3 != nil || B.Path() == "" && !B.HasAuthority() ||
			B.Path() != "" && B.Path()[0] != '/' || hasDotSegment(B.Path()) {
			continue
		}
		tried++
		got, want := S.Resolve(B.Resolve(R)), S.Resolve(B).Resolve(R)
		if got != want {
			t.Fatalf("S=%q B=%q R=%q: S.Resolve(B.Resolve(R)) = %q, S.Resolve(B).Resolve(R) = %q", s, base, ref, got, want)
		}
	}
	if tried < n/10 {
		t.Errorf("only %d of %d generated triples were tried", tried, n)
	}
}

// TestResolveNonStrict: the legacy mode of Section 5.2.2 drops the
// reference's scheme only when it equals the base's, ignoring case.
func TestResolveNonStrict(t *testing.T) {
	const base = "http://a/b/c/d;p?q"
	tests := []struct{ ref, want string }{
		{"http:g", "http://a/b/c/g"},        // Section 5.2.2, the RFC's example
		{"HTTP:g", "http://a/b/c/g"},        // schemes are case-insensitive (Section 3.1); the base's is written
		{"http:", "http://a/b/c/d;p?q"},     // then an empty reference
		{"http:?y", "http://a/b/c/d;p?y"},   // or a query-only one
		{"http://x/../y", "http://x/y"},     // an authority is still an authority
		{"http:/g/../h", "http://a/h"},      // an absolute path
		{"https:g", "https:g"},              // another scheme stays
		{"g", "http://a/b/c/g"},             // relative references as in strict mode
		{"http:a:b", "http://a/b/c/a:b"},    // the path "a:b" is merged like any other
		{"http:#s", "http://a/b/c/d;p?q#s"}, // fragment only
	}
	for _, tt := range tests {
		got, err := ResolveNonStrict(base, tt.ref)
		if err != nil || got != tt.want {
			t.Errorf("ResolveNonStrict(%q, %q) = %q, %v; want %q", base, tt.ref, got, err, tt.want)
		}
		if want := slowResolve(base, tt.ref, false); want != tt.want {
			t.Errorf("row %q: the RFC's non-strict steps give %q", tt.ref, want)
		}
		checkResolved(t, "ResolveNonStrict("+tt.ref+")", must(ParseURI(base)).ResolveNonStrict(MustParse(tt.ref)))
	}
	if _, err := ResolveNonStrict("/x", "g"); !errors.Is(err, ErrMissingScheme) {
		t.Errorf(`ResolveNonStrict("/x", "g") error = %v, want ErrMissingScheme`, err)
	}
}

// TestResolveErrors pins the fields of the errors, beyond their text (which
// the testdata rows pin).
func TestResolveErrors(t *testing.T) {
	tests := []struct {
		base, ref string
		name      string // "base" when the base is at fault
		input     string
		off       int
		comp      Component
		err       error
	}{
		{"/x", "g", "base", "/x", 0, Scheme, ErrMissingScheme},                    // Section 5.1
		{"a/b:c", "g", "base", "a/b:c", 1, Scheme, ErrMissingScheme},              // a relative reference, not a bad scheme
		{"http", "g", "base", "http", 4, Scheme, ErrMissingScheme},                // ends before any ":"
		{"http://a b", "g", "base", "http://a b", 8, Authority, ErrInvalidByte},   // ParseURI's error
		{"3ttp:x", "g", "base", "3ttp:x", 0, Scheme, ErrInvalidByte},              // not even a reference
		{"http://a/", "g h", "", "g h", 1, Path, ErrInvalidByte},                  // Parse's error, on the reference
		{"http://a b", "g h", "base", "http://a b", 8, Authority, ErrInvalidByte}, // the base is checked first
		{"http://a/", "a:b:%", "", "a:b:%", 5, Path, ErrBadPercent},
		{"g", "g", "base", "g", 1, Scheme, ErrMissingScheme}, // the same text: Name says which argument
	}
	for _, tt := range tests {
		got, err := Resolve(tt.base, tt.ref)
		var e *Error
		if !errors.As(err, &e) {
			t.Errorf("Resolve(%q, %q) = %q, %v; want an *Error", tt.base, tt.ref, got, err)
			continue
		}
		want := Error{Op: OpResolve, Name: tt.name, Input: tt.input, Offset: tt.off, Component: tt.comp, Err: tt.err}
		if *e != want || got != "" {
			t.Errorf("Resolve(%q, %q) error = %#v, want %#v", tt.base, tt.ref, *e, want)
		}
	}
}

// TestResolveAllocs pins the number of allocations of resolution: at most
// one, for the result's text, whatever the length of the inputs and the
// work that dot segments take.
func TestResolveAllocs(t *testing.T) {
	long := strings.Repeat("x/", 2048)
	tests := []struct {
		name      string
		base, ref string
		method    float64 // allocations of URI.Resolve
		str       float64 // allocations of Resolve (strings)
	}{
		{"absolute ref without dot segments is returned as it is", "http://a/b/c", "https://x/y?z#f", 0, 0},
		{"empty ref gives the base without fragment", "http://a/b/c?q#f", "", 0, 0},
		{"relative path", "http://a/b/c/d;p?q", "g", 1, 1},
		{"leading dot-dot", "http://a/b/c/d;p?q", "../../g", 1, 1},
		{"query only", "http://a/b/c/d;p?q", "?y", 1, 1},
		{"fragment only", "http://a/b/c/d;p?q", "#s", 1, 1},
		{"network path", "http://a/b/c/d;p?q", "//g/x", 1, 1},
		{"absolute with dot segments", "http://a/b/c/d;p?q", "ftp://x/a/../b", 1, 1},
		{"dot segments in the middle", "http://a/b/c/d;p?q", "g/./h/../i", 1, 1},
		{"dot segments in the base", "http://a/b/../c/d", "g", 1, 1},
		{"the /. prefix", "a:", ".///b", 1, 1},
		{"long path, leading dot-dot only", "http://a/" + long, "../../g", 1, 1},
		{"long path, short ref with dot segments in the middle", "http://a/" + long, "g/../h", 1, 1},
		{"long ref with dot segments in the middle", "http://a/b", long + "g/../h", 1, 1},
		{"relative base path", "a:b/c/d", "../g", 1, 1},
		{"long relative base path", "a:" + long, "../g", 1, 1},
		{"long base path with dot segments", "http://a/./" + long, "g", 1, 1},
	}
	for _, tt := range tests {
		b, ref := must(ParseURI(tt.base)), MustParse(tt.ref)
		if got := testing.AllocsPerRun(100, func() { b.Resolve(ref) }); got != tt.method {
			t.Errorf("%s: URI.Resolve(%.40q, %q): %v allocations, want %v", tt.name, tt.base, tt.ref, got, tt.method)
		}
		if got := testing.AllocsPerRun(100, func() { Resolve(tt.base, tt.ref) }); got != tt.str {
			t.Errorf("%s: Resolve(%.40q, %q): %v allocations, want %v", tt.name, tt.base, tt.ref, got, tt.str)
		}
	}
}

// TestResolveLinear resolves references with 100,000 "../" segments and
// paths of a megabyte, and checks that the memory used is linear in the
// size of the input: one allocation, where the text is written and its dot
// segments removed.
func TestResolveLinear(t *testing.T) {
	const mb = 1 << 20
	deep := strings.Repeat("a/", mb/2) // half a million segments
	tests := []struct {
		name      string
		base, ref string
		want      string
		allocs    float64
	}{
		{"100,000 leading ../", "http://a/b/c", strings.Repeat("../", 100000) + "g", "http://a/g", 1},
		{"100,000 ../ in the middle", "http://a/b/c", "x/" + strings.Repeat("../", 100000) + "g", "http://a/g", 1},
		{"100,000 /.. after 100,000 segments", "http://a/" + strings.Repeat("s/", 100000), strings.Repeat("../", 100000) + "g", "http://a/g", 1},
		{"pairs of a/..", "http://a/b/c", strings.Repeat("a/../", mb/5) + "g", "http://a/b/g", 1},
		{"1 MB path without dot segments", "http://a/b/c", deep + "g", "http://a/b/" + deep + "g", 1},
		{"1 MB path popped whole", "http://a/" + deep, strings.Repeat("../", mb/2) + "g", "http://a/g", 1},
		{"1 MB of ./", "http://a/b/c", strings.Repeat("./", mb/2) + "g", "http://a/b/g", 1},
		{"1 MB of /.", "a:", "/" + strings.Repeat("./", mb/2), "a:/", 1},
	}
	for _, tt := range tests {
		b, ref := must(ParseURI(tt.base)), MustParse(tt.ref)
		if got := b.Resolve(ref); got.String() != tt.want {
			t.Errorf("%s: got %.60q..., want %.60q...", tt.name, got.String(), tt.want)
			continue
		}
		if got := testing.AllocsPerRun(3, func() { b.Resolve(ref) }); got != tt.allocs {
			t.Errorf("%s: %v allocations, want %v", tt.name, got, tt.allocs)
		}
		size := len(tt.base) + len(tt.ref)
		if bytes := allocatedBytes(func() { b.Resolve(ref) }); bytes > uint64(2*size+4096) {
			t.Errorf("%s: %d bytes allocated for inputs of %d bytes", tt.name, bytes, size)
		}
	}
}

// allocatedBytes returns the bytes that f allocates.
func allocatedBytes(f func()) uint64 {
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	f()
	runtime.ReadMemStats(&after)
	return after.TotalAlloc - before.TotalAlloc
}

// TestResolveZeroValues: the zero URI is the empty reference; resolving
// with it on either side does not panic.
func TestResolveZeroValues(t *testing.T) {
	var z URI
	b := must(ParseURI("http://a/b?q#f"))
	if got := b.Resolve(z); got.String() != "http://a/b?q" {
		t.Errorf("Resolve(zero) = %q", got)
	}
	if got := z.Resolve(z); got != z {
		t.Errorf("zero.Resolve(zero) = %q", got)
	}
	if got := z.Resolve(MustParse("../g")); got.String() != "g" {
		t.Errorf("zero.Resolve(../g) = %q", got)
	}
	if _, ok := z.Relativize(b); ok {
		t.Errorf("zero.Relativize(%q) reported true", b)
	}
}

// appendPrefix is text already in dst, which the Append forms must keep.
const appendPrefix = "GET "

// checkAppendResolve fails unless AppendResolve gives the text of
// base.Resolve(r), after what dst held, both into a nil slice and into one
// with room.
func checkAppendResolve(t *testing.T, base, r URI) {
	t.Helper()
	want := base.Resolve(r).String()
	if got := AppendResolve(nil, base, r); string(got) != want {
		t.Fatalf("AppendResolve(nil, %q, %q) = %q, want %q", base, r, got, want)
	}
	dst := append(make([]byte, 0, 8), appendPrefix...)
	if got := AppendResolve(dst, base, r); string(got) != appendPrefix+want {
		t.Fatalf("AppendResolve(%q, %q, %q) = %q, want %q", appendPrefix, base, r, got, appendPrefix+want)
	}
	// Room for the result is enough for the result, and room for both
	// references and 3 bytes, as the doc says, leaves dst in place.
	exact := append(make([]byte, 0, len(appendPrefix)+len(want)), appendPrefix...)
	if got := AppendResolve(exact, base, r); string(got) != appendPrefix+want {
		t.Fatalf("AppendResolve(%q with room for the result, %q, %q) = %q, want %q", appendPrefix, base, r, got, appendPrefix+want)
	}
	roomy := append(make([]byte, 0, len(appendPrefix)+len(base.String())+len(r.String())+3), appendPrefix...)
	if got := AppendResolve(roomy, base, r); string(got) != appendPrefix+want || &got[0] != &roomy[0] {
		t.Fatalf("AppendResolve(%q with room, %q, %q) = %q, want %q in place", appendPrefix, base, r, got, appendPrefix+want)
	}
}

// TestAppendResolveRFCExamples: every example of RFC 3986, Sections 5.4.1
// and 5.4.2, and every row of testdata/resolve.jsonl, as TestResolveTestdata
// reads them.
func TestAppendResolveRFCExamples(t *testing.T) {
	base := MustParse("http://a/b/c/d;p?q")
	for _, r := range []string{
		"g:h", "g", "./g", "g/", "/g", "//g", "?y", "g?y", "#s", "g#s", "g?y#s", ";x", "g;x", "g;x?y#s", "", ".",
		"./", "..", "../", "../g", "../..", "../../", "../../g",
		"../../../g", "../../../../g", "/./g", "/../g", "g.", ".g", "g..", "..g", "./../g", "./g/.", "g/./h",
		"g/../h", "g;x=1/./y", "g;x=1/../y", "g?y/./x", "g?y/../x", "g#s/./x", "g#s/../x", "http:g",
	} {
		checkAppendResolve(t, base, MustParse(r))
	}
	if got := string(AppendResolve(nil, base, MustParse("../g"))); got != "http://a/b/g" {
		t.Errorf(`AppendResolve(nil, %q, "../g") = %q`, base, got)
	}
	for _, row := range testrows.Read[testrows.Result](t, "testdata/resolve.jsonl") {
		b, err := Parse(row.Base)
		if err != nil {
			continue
		}
		if r, err := Parse(row.Bytes(t)); err == nil {
			checkAppendResolve(t, b, r)
		}
	}
}

// TestAppendResolveCorpus: the corpus URLs as bases and as references,
// with each kind of reference of BenchmarkResolve, against a base with and
// without an authority, and bases without a scheme.
func TestAppendResolveCorpus(t *testing.T) {
	us := corpusURIs(t)
	bases := []URI{MustParse("http://example.com/a/b/c?q"), MustParse("a:b/c"), MustParse("//h/x/y"), MustParse("/x/./y")}
	for _, u := range us {
		for _, b := range bases {
			checkAppendResolve(t, b, u)
		}
		for _, rk := range testrows.ResolveShapes {
			checkAppendResolve(t, u, MustParse(rk.Ref))
		}
	}
}

// TestAppendResolveAllocs: AppendResolve allocates nothing when dst has
// room, over the whole corpus and each loop counted as one run, so the
// totals are exact; and a dst without room grows once.
func TestAppendResolveAllocs(t *testing.T) {
	us := corpusURIs(t)
	base := MustParse("http://example.com/a/b/c?q")
	dotdot, inside := MustParse("../g?y#s"), MustParse("g/./h/../i")
	buf := make([]byte, 0, 1<<16)
	long := MustParse("http://a/" + strings.Repeat("x/", 2048) + "./y")
	tests := []struct {
		name string
		run  func()
		want float64
	}{
		{"AppendResolve, corpus URL as reference", func() {
			for _, u := range us {
				buf = AppendResolve(buf[:0], base, u)
			}
		}, 0},
		{"AppendResolve, corpus URL as base", func() {
			for _, u := range us {
				buf = AppendResolve(buf[:0], u, dotdot)
			}
		}, 0},
		{"AppendResolve, dot segments inside", func() {
			for _, u := range us {
				buf = AppendResolve(buf[:0], u, inside)
			}
		}, 0},
		{"AppendResolve, a long path with dot segments", func() { buf = AppendResolve(buf[:0], base, long) }, 0},
		{"AppendResolve into nil", func() { sinkBytes = AppendResolve(nil, base, dotdot) }, 1},
	}
	for _, tt := range tests {
		if got := testing.AllocsPerRun(1, tt.run); got != tt.want {
			t.Errorf("%s: %v allocations, want %v", tt.name, got, tt.want)
		}
	}
}

var sinkBytes []byte

// TestAppendResolveGrows: appending to the same slice again and again, as
// a program that collects the results does, grows it as append does, a
// few times for a thousand results, not once per result.
func TestAppendResolveGrows(t *testing.T) {
	base, dotdot, inside := MustParse("http://example.com/a/b/c?q"), MustParse("../g?y#s"), MustParse("g/./h/../i")
	for _, r := range []URI{dotdot, inside} {
		got := testing.AllocsPerRun(1, func() {
			var buf []byte
			for range 1000 {
				buf = AppendResolve(buf, base, r)
			}
			sinkBytes = buf
		})
		if got > 40 {
			t.Errorf("1000 times AppendResolve(buf, %q, %q) onto one slice: %v allocations, want at most 40", base, r, got)
		}
	}
}

// addResolveSeeds seeds f with the (base, input) pairs of the testdata
// files of resolution and its inverse.
func addResolveSeeds(f *testing.F) {
	for _, file := range []string{"testdata/resolve.jsonl", "testdata/relativize.jsonl"} {
		for _, row := range testrows.Read[testrows.Result](f, file) {
			f.Add(row.Base, row.Input)
		}
	}
}

// FuzzResolve checks, for any base and reference: the string and method
// forms agree; with a base that has no scheme or does not parse, the error
// is an *Error for the right input; otherwise the result has a scheme,
// parses back to the same value, agrees with the slow reference (strict and
// not), has no dot segments unless it copied the base's path, and resolves
// to itself again when it has none.
func FuzzResolve(f *testing.F) {
	addResolveSeeds(f)
	f.Fuzz(func(t *testing.T, base, ref string) {
		b, errBase := ParseURI(base)
		R, errRef := Parse(ref)
		s, err := Resolve(base, ref)
		if errBase != nil || errRef != nil {
			var e *Error
			if !errors.As(err, &e) || s != "" || e.Op != OpResolve {
				t.Fatalf("Resolve(%q, %q) = %q, %v; want an *Error with Op resolve", base, ref, s, err)
			}
			if want := map[bool]string{true: base, false: ref}[errBase != nil]; e.Input != want || e.Offset < 0 || e.Offset > len(want) {
				t.Fatalf("Resolve(%q, %q) error %#v: wrong Input or Offset", base, ref, e)
			}
			return
		}
		got := b.Resolve(R)
		if err != nil || s != got.String() {
			t.Fatalf("Resolve(%q, %q) = %q, %v; the method gives %q", base, ref, s, err, got)
		}
		checkResolveProperties(t, base, ref, b, R)
		slow := len(base)+len(ref) <= 1<<12 // the reference is quadratic
		if slow {
			if want := slowResolve(base, ref, true); got.String() != want {
				t.Fatalf("Resolve(%q, %q) = %q; the RFC's algorithm gives %q", base, ref, got, want)
			}
		}

		ns := b.ResolveNonStrict(R)
		checkResolved(t, "ResolveNonStrict("+base+", "+ref+")", ns)
		if slow {
			if want := slowResolve(base, ref, false); ns.String() != want {
				t.Fatalf("ResolveNonStrict(%q, %q) = %q; the RFC's algorithm gives %q", base, ref, ns, want)
			}
		}

		// The reference as a base, with or without a scheme, and the base
		// as a reference: the method runs the same algorithm.
		swapped := R.Resolve(b)
		checkResolved(t, "Parse("+ref+").Resolve("+base+")", swapped)
		if slow {
			if want := slowResolve(ref, base, true); swapped.String() != want {
				t.Fatalf("Parse(%q).Resolve(%q) = %q; the RFC's algorithm gives %q", ref, base, swapped, want)
			}
		}
	})
}

// The slow reference for resolution: RFC 3986, Sections 5.2.1 to 5.2.4
// and 5.3 transcribed step by step with string buffers, and generators of
// base and reference pairs that exercise it. The reference splits its
// inputs with the regular expression of Appendix B, not with the parser,
// so that it shares no code with what it checks.

// refParts are the five components of Section 5.2.1, each with whether it
// is defined.
type refParts struct {
	scheme, authority, path, query, fragment       string
	hasScheme, hasAuthority, hasQuery, hasFragment bool
}

// splitRef is Section 5.2.1: parse a reference into its five components,
// with the regular expression of Appendix B. It is only used on valid
// references, where that expression splits as the grammar does.
func splitRef(s string) refParts {
	m := appendixB.FindStringSubmatchIndex(s)
	get := func(g int) (string, bool) {
		if m[2*g] < 0 {
			return "", false
		}
		return s[m[2*g]:m[2*g+1]], true
	}
	var p refParts
	p.scheme, p.hasScheme = get(2)
	p.authority, p.hasAuthority = get(4)
	p.path, _ = get(5)
	p.query, p.hasQuery = get(7)
	p.fragment, p.hasFragment = get(9)
	return p
}

// slowResolve is the pseudocode of Section 5.2.2, line by line, followed by
// the recomposition of Section 5.3. With strict false it runs the
// "non-strict" variant of the same section, comparing schemes without
// regard to case since Section 3.1 makes them case-insensitive.
func slowResolve(base, ref string, strict bool) string {
	Base, R := splitRef(base), splitRef(ref)
	var T refParts

	// -- A non-strict parser may ignore a scheme in the reference
	// -- if it is identical to the base URI's scheme.
	if !strict && R.hasScheme && Base.hasScheme && strings.EqualFold(R.scheme, Base.scheme) {
		R.scheme, R.hasScheme = "", false
	}

	if R.hasScheme {
		T.scheme, T.hasScheme = R.scheme, true
		T.authority, T.hasAuthority = R.authority, R.hasAuthority
		T.path = slowRemoveDotSegments(R.path)
		T.query, T.hasQuery = R.query, R.hasQuery
	} else {
		if R.hasAuthority {
			T.authority, T.hasAuthority = R.authority, true
			T.path = slowRemoveDotSegments(R.path)
			T.query, T.hasQuery = R.query, R.hasQuery
		} else {
			if R.path == "" {
				T.path = Base.path
				if R.hasQuery {
					T.query, T.hasQuery = R.query, true
				} else {
					T.query, T.hasQuery = Base.query, Base.hasQuery
				}
			} else {
				if strings.HasPrefix(R.path, "/") {
					T.path = slowRemoveDotSegments(R.path)
				} else {
					T.path = slowMerge(Base, R.path)
					T.path = slowRemoveDotSegments(T.path)
				}
				T.query, T.hasQuery = R.query, R.hasQuery
			}
			T.authority, T.hasAuthority = Base.authority, Base.hasAuthority
		}
		T.scheme, T.hasScheme = Base.scheme, Base.hasScheme
	}
	T.fragment, T.hasFragment = R.fragment, R.hasFragment
	return slowRecompose(T)
}

// slowMerge is Section 5.2.3.
func slowMerge(Base refParts, rpath string) string {
	// If the base URI has a defined authority component and an empty
	// path, then return a string consisting of "/" concatenated with the
	// reference's path;
	if Base.hasAuthority && Base.path == "" {
		return "/" + rpath
	}
	// otherwise, return a string consisting of the reference's path
	// component appended to all but the last segment of the base URI's
	// path (i.e., excluding any characters after the right-most "/" in
	// the base URI path, or excluding the entire base URI path if it does
	// not contain any "/" characters).
	i := strings.LastIndex(Base.path, "/")
	if i < 0 {
		return rpath
	}
	return Base.path[:i+1] + rpath
}

// slowRemoveDotSegments is Section 5.2.4, with the input and output buffers
// as strings and the steps in the RFC's order.
func slowRemoveDotSegments(path string) string {
	// 1. The input buffer is initialized with the now-appended path
	// components and the output buffer is initialized to the empty string.
	input, output := path, ""
	// 2. While the input buffer is not empty, loop as follows:
	for input != "" {
		switch {
		// A. If the input buffer begins with a prefix of "../" or "./",
		// then remove that prefix from the input buffer; otherwise,
		case strings.HasPrefix(input, "../"):
			input = strings.TrimPrefix(input, "../")
		case strings.HasPrefix(input, "./"):
			input = strings.TrimPrefix(input, "./")
		// B. if the input buffer begins with a prefix of "/./" or "/.",
		// where "." is a complete path segment, then replace that prefix
		// with "/" in the input buffer; otherwise,
		case strings.HasPrefix(input, "/./"):
			input = "/" + strings.TrimPrefix(input, "/./")
		case input == "/.":
			input = "/"
		// C. if the input buffer begins with a prefix of "/../" or "/..",
		// where ".." is a complete path segment, then replace that prefix
		// with "/" in the input buffer and remove the last segment and its
		// preceding "/" (if any) from the output buffer; otherwise,
		case strings.HasPrefix(input, "/../"):
			input = "/" + strings.TrimPrefix(input, "/../")
			output = slowRemoveLastSegment(output)
		case input == "/..":
			input = "/"
			output = slowRemoveLastSegment(output)
		// D. if the input buffer consists only of "." or "..", then
		// remove that from the input buffer; otherwise,
		case input == "." || input == "..":
			input = ""
		// E. move the first path segment in the input buffer to the end of
		// the output buffer, including the initial "/" character (if any)
		// and any subsequent characters up to, but not including, the next
		// "/"; the next "/" is not moved.
		default:
			start := 0
			if input[0] == '/' {
				start = 1
			}
			end := len(input)
			if i := strings.Index(input[start:], "/"); i >= 0 {
				end = start + i
			}
			output += input[:end]
			input = input[end:]
		}
	}
	// 3. Finally, the output buffer is returned as the result of
	// remove_dot_segments.
	return output
}

func slowRemoveLastSegment(output string) string {
	i := strings.LastIndex(output, "/")
	if i < 0 {
		return ""
	}
	return output[:i]
}

// slowRecompose is Section 5.3, with this package's two rules for a path
// that its text would otherwise misrepresent: "/." before a path starting
// with "//" when there is no authority (STYLE, Section 10), and "./" before
// a first segment with ":" when there is neither scheme nor authority
// (Section 4.2; only a base without a scheme leads there).
func slowRecompose(T refParts) string {
	result := ""
	if T.hasScheme {
		result += T.scheme + ":"
	}
	if T.hasAuthority {
		result += "//" + T.authority
	}
	path := T.path
	if !T.hasAuthority && strings.HasPrefix(path, "//") {
		path = "/." + path
	}
	if !T.hasScheme && !T.hasAuthority && strings.Contains(strings.SplitN(path, "/", 2)[0], ":") {
		path = "./" + path
	}
	result += path
	if T.hasQuery {
		result += "?" + T.query
	}
	if T.hasFragment {
		result += "#" + T.fragment
	}
	return result
}

// Generators. Paths are made of segments that stress remove_dot_segments:
// dot segments, empty segments, near misses such as "..a" and "%2E", and
// segments with ":" or ";".
var (
	genSegments   = []string{"", ".", "..", "a", "b", "c", "g", "..a", ".b", "...", "%2E", "%2e%2E", "c:d", "g;x=1", "@", "~"}
	genSchemes    = []string{"http", "a", "HTTP", "urn", "z+.-9"}
	genAuthority  = []string{"a", "", "u@h:8", "[::1]", "192.0.2.1", "H", "[v7.x]", "u:p@a:"}
	genQueryParts = []string{"", "q", "y=1", "./..", "a/../b", "?", "%2F"}
)

// genDotPath returns up to max segments joined by "/".
func genDotPath(r *rand.Rand, max int) string {
	var b strings.Builder
	for n := r.IntN(max + 1); n > 0; n-- {
		if b.Len() > 0 || r.IntN(4) == 0 {
			b.WriteByte('/')
		}
		b.WriteString(oracle.Pick(r, genSegments...))
	}
	return b.String()
}

// genQueryFragment appends, at random, a query and a fragment, present and
// empty, present and not, or absent.
func genQueryFragment(r *rand.Rand, s string) string {
	if r.IntN(3) == 0 {
		s += "?" + oracle.Pick(r, genQueryParts...)
	}
	if r.IntN(3) == 0 {
		s += "#" + oracle.Pick(r, genQueryParts...)
	}
	return s
}

// genResolveBase returns a URI to resolve against: every kind of hier-part,
// often with dot segments, sometimes with a fragment. Not all are valid; the
// callers skip those that do not parse.
func genResolveBase(r *rand.Rand) string {
	s := oracle.Pick(r, genSchemes...) + ":"
	switch r.IntN(4) {
	case 0, 1:
		s += "//" + oracle.Pick(r, genAuthority...)
		if r.IntN(5) > 0 {
			s += "/" + genDotPath(r, 5)
		}
	case 2:
		s += "/" + genDotPath(r, 5)
	default:
		s += genDotPath(r, 4)
	}
	return genQueryFragment(r, s)
}

// genResolveRef returns a reference of every form Section 5.2.2 tells apart.
func genResolveRef(r *rand.Rand, base string) string {
	var s string
	switch r.IntN(10) {
	case 0:
		s = ""
	case 1:
		// the base's scheme, perhaps in another case, for the non-strict mode
		sch := base[:strings.IndexByte(base, ':')]
		if r.IntN(2) == 0 {
			sch = strings.ToUpper(sch)
		}
		s = sch + ":" + genDotPath(r, 4)
	case 2:
		s = oracle.Pick(r, genSchemes...) + ":" + oracle.Pick(r, "", "//"+oracle.Pick(r, genAuthority...)) + genDotPath(r, 4)
	case 3:
		s = "//" + oracle.Pick(r, genAuthority...) + oracle.Pick(r, "", "/"+genDotPath(r, 4))
	case 4:
		s = "/" + genDotPath(r, 5)
	case 5:
		s = oracle.Pick(r, "./", "../", "../../", ".", "..", ".//") + genDotPath(r, 4)
	default:
		s = genDotPath(r, 6)
	}
	return genQueryFragment(r, s)
}

// genResolvePair returns a base and a reference, from the generators above
// or, one time in four, from the parser's generator of references.
func genResolvePair(r *rand.Rand) (base, ref string) {
	base = genResolveBase(r)
	if r.IntN(4) == 0 {
		base = oracle.Reference(r)
	}
	if i := strings.IndexByte(base, ':'); i <= 0 {
		base = "a:" + base
	}
	ref = genResolveRef(r, base)
	if r.IntN(4) == 0 {
		ref = oracle.Reference(r)
	}
	return base, ref
}
