package uri

import (
	"errors"
	"math/rand/v2"
	"runtime"
	"strings"
	"testing"

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
func checkRow(t *testing.T, op string, fn func(base, s string) (string, error), row testrows.Result) bool {
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
	if testing.Short() {
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
	if testing.Short() {
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
	if testing.Short() {
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
		input     string
		off       int
		comp      Component
		err       error
	}{
		{"/x", "g", "/x", 0, Scheme, ErrMissingScheme},                    // Section 5.1
		{"a/b:c", "g", "a/b:c", 1, Scheme, ErrMissingScheme},              // a relative reference, not a bad scheme
		{"http", "g", "http", 4, Scheme, ErrMissingScheme},                // ends before any ":"
		{"http://a b", "g", "http://a b", 8, Authority, ErrInvalidByte},   // ParseURI's error
		{"3ttp:x", "g", "3ttp:x", 0, Scheme, ErrInvalidByte},              // not even a reference
		{"http://a/", "g h", "g h", 1, Path, ErrInvalidByte},              // Parse's error, on the reference
		{"http://a b", "g h", "http://a b", 8, Authority, ErrInvalidByte}, // the base is checked first
		{"http://a/", "a:b:%", "a:b:%", 5, Path, ErrBadPercent},
	}
	for _, tt := range tests {
		got, err := Resolve(tt.base, tt.ref)
		var e *Error
		if !errors.As(err, &e) {
			t.Errorf("Resolve(%q, %q) = %q, %v; want an *Error", tt.base, tt.ref, got, err)
			continue
		}
		want := Error{Op: "resolve", Input: tt.input, Offset: tt.off, Component: tt.comp, Err: tt.err}
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
