package legacy

import (
	"errors"
	"testing"

	"github.com/gouri/uri"
	"github.com/gouri/uri/internal/testrows"
)

// FuzzParseLegacy checks Parse under every grammar: it never panics,
// its verdict and error offset agree with the grammar's BNF oracle, the
// offset obeys the prefix rule, an accepted reference divides its text
// exactly, and every accepted reference whose scheme begins with a letter
// upgrades to a valid RFC 3986 reference with the same components; and
// CanonicalHTTP's form is canonical.
func FuzzParseLegacy(f *testing.F) {
	for i, g := range legacyGrammars {
		for _, row := range testrows.Read[testrows.Legacy](f, "testdata/legacy-"+g.String()+".jsonl") {
			f.Add(row.Bytes(f), uint8(i))
		}
	}
	f.Fuzz(func(t *testing.T, s string, gi uint8) {
		g := legacyGrammars[int(gi)%len(legacyGrammars)]
		if msg := checkLegacyInvariants(s, g); msg != "" {
			t.Fatalf("Parse(%q, %v): %s", s, g, msg)
		}
		if len(s) <= 4096 {
			if msg := compareLegacyWithOracle(g, s); msg != "" {
				t.Fatalf("Parse(%q, %v): %s", s, g, msg)
			}
		}
		// RFC 2616, Section 3.2.3: the canonical form is a fixed point,
		// and equal to what it came from.
		if c, err := CanonicalHTTP(s); err == nil {
			if again, err := CanonicalHTTP(c); err != nil || again != c {
				t.Fatalf("CanonicalHTTP(%q) = %q, then %q, %v", s, c, again, err)
			}
			if eq, err := EqualHTTP(s, c); !eq || err != nil {
				t.Fatalf("EqualHTTP(%q, its canonical form %q) = %v, %v", s, c, eq, err)
			}
		}
	})
}

// FuzzResolveLegacy checks the old resolution algorithms: they never panic,
// a result has the base's scheme or is the reference itself, and it parses
// under the grammar of its RFC (RFC 2396's except where a relative path
// against an opaque base leaves an empty path after the scheme, as
// ResolveRFC2396 documents) and upgrades to a valid RFC 3986 reference.
func FuzzResolveLegacy(f *testing.F) {
	for _, ref := range []string{"g:h", "g", "./g", "g/", "/g", "//g", "?y", "g?y", "#s", "g#s", ";x", "g;x?y#s",
		".", "./", "..", "../", "../g", "../..", "../../g", "", "../../../g", "/./g", "g.", "..g", "./g/.", "g/../h",
		"g;x=1/../y", "g?y/./x", "g#s/../x", "http:g", "http:"} {
		f.Add("http://a/b/c/d;p?q", ref, false)
		f.Add("http://a/b/c/d;p?q#f", ref, true)
	}
	f.Add("mailto:a@b", ".", false)
	f.Add("http://a", "g", true)
	f.Fuzz(func(t *testing.T, base, ref string, rfc1808 bool) {
		resolve, g := ResolveRFC2396, RFC2732
		if rfc1808 {
			resolve, g = ResolveRFC1808, RFC1808
		}
		res, err := resolve(base, ref)
		if err != nil {
			if _, ok := err.(*uri.Error); !ok || res != "" {
				t.Fatalf("(%q, %q): %q, %v", base, ref, res, err)
			}
			return
		}
		if res == ref || (rfc1808 && base == "") {
			return
		}
		l, err := Parse(res, g)
		bu, _ := Parse(base, g)
		if err != nil {
			if scheme := bu.Parts.Scheme; !rfc1808 && len(res) > len(scheme) && res[len(scheme)] == ':' {
				if rest := res[len(scheme)+1:]; rest == "" || rest[0] == '#' {
					return // an empty opaque_part: documented
				}
			}
			t.Fatalf("(%q, %q) = %q, which does not parse: %v", base, ref, res, err)
		}
		if l.Parts.Scheme != bu.Parts.Scheme {
			t.Fatalf("(%q, %q) = %q: not the base's scheme", base, ref, res)
		}
		// Like every accepted legacy reference, the result has an RFC 3986 form.
		if up, _, err := l.Upgrade(); err != nil && !errors.Is(err, uri.ErrCannotEncode) {
			t.Fatalf("(%q, %q) = %q, whose upgrade fails: %v", base, ref, res, err)
		} else if p, perr := uri.Parse(up.String()); err == nil && (perr != nil || p != up) {
			t.Fatalf("(%q, %q) = %q, upgraded to %q, which does not parse to itself: %v", base, ref, res, up, perr)
		}
	})
}
