package uri

import (
	"errors"
	"testing"

	"github.com/gouri/uri/internal/testrows"
)

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
