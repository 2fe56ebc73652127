package legacy

import (
	"errors"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/gouri/uri"
	"github.com/gouri/uri/internal/oracle"
)

// TestResolveRFC1808Examples: every example of RFC 1808, Section 5, against
// its base <URL:http://a/b/c/d;p?q#f>.
func TestResolveRFC1808Examples(t *testing.T) {
	const base = "http://a/b/c/d;p?q#f"
	tests := []struct{ ref, want string }{
		// Section 5.1, Normal Examples
		{"g:h", "g:h"},
		{"g", "http://a/b/c/g"},
		{"./g", "http://a/b/c/g"},
		{"g/", "http://a/b/c/g/"},
		{"/g", "http://a/g"},
		{"//g", "http://g"},
		{"?y", "http://a/b/c/d;p?y"},
		{"g?y", "http://a/b/c/g?y"},
		{"g?y/./x", "http://a/b/c/g?y/./x"},
		{"#s", "http://a/b/c/d;p?q#s"},
		{"g#s", "http://a/b/c/g#s"},
		{"g#s/./x", "http://a/b/c/g#s/./x"},
		{"g?y#s", "http://a/b/c/g?y#s"},
		{";x", "http://a/b/c/d;x"},
		{"g;x", "http://a/b/c/g;x"},
		{"g;x?y#s", "http://a/b/c/g;x?y#s"},
		{".", "http://a/b/c/"},
		{"./", "http://a/b/c/"},
		{"..", "http://a/b/"},
		{"../", "http://a/b/"},
		{"../g", "http://a/b/g"},
		{"../..", "http://a/"},
		{"../../", "http://a/"},
		{"../../g", "http://a/g"},
		// Section 5.2, Abnormal Examples
		{"", "http://a/b/c/d;p?q#f"},
		{"../../../g", "http://a/../g"},
		{"../../../../g", "http://a/../../g"},
		{"/./g", "http://a/./g"},
		{"/../g", "http://a/../g"},
		{"g.", "http://a/b/c/g."},
		{".g", "http://a/b/c/.g"},
		{"g..", "http://a/b/c/g.."},
		{"..g", "http://a/b/c/..g"},
		{"./../g", "http://a/b/g"},
		{"./g/.", "http://a/b/c/g/"},
		{"g/./h", "http://a/b/c/g/h"},
		{"g/../h", "http://a/b/c/h"},
		{"http:g", "http:g"},
		{"http:", "http:"},
	}
	for _, tt := range tests {
		got, err := ResolveRFC1808(base, tt.ref)
		if err != nil || got != tt.want {
			t.Errorf("ResolveRFC1808(%q, %q) = %q, %v; want %q", base, tt.ref, got, err, tt.want)
		}
	}
}

// TestResolveRFC2396Examples: every example of RFC 2396, Appendix C, against
// its base http://a/b/c/d;p?q. "(current document)" is the base itself.
func TestResolveRFC2396Examples(t *testing.T) {
	const base = "http://a/b/c/d;p?q"
	tests := []struct{ ref, want string }{
		// C.1, Normal Examples
		{"g:h", "g:h"},
		{"g", "http://a/b/c/g"},
		{"./g", "http://a/b/c/g"},
		{"g/", "http://a/b/c/g/"},
		{"/g", "http://a/g"},
		{"//g", "http://g"},
		{"?y", "http://a/b/c/?y"},
		{"g?y", "http://a/b/c/g?y"},
		{"#s", "http://a/b/c/d;p?q#s"},
		{"g#s", "http://a/b/c/g#s"},
		{"g?y#s", "http://a/b/c/g?y#s"},
		{";x", "http://a/b/c/;x"},
		{"g;x", "http://a/b/c/g;x"},
		{"g;x?y#s", "http://a/b/c/g;x?y#s"},
		{".", "http://a/b/c/"},
		{"./", "http://a/b/c/"},
		{"..", "http://a/b/"},
		{"../", "http://a/b/"},
		{"../g", "http://a/b/g"},
		{"../..", "http://a/"},
		{"../../", "http://a/"},
		{"../../g", "http://a/g"},
		// C.2, Abnormal Examples
		{"", "http://a/b/c/d;p?q"},
		{"../../../g", "http://a/../g"},
		{"../../../../g", "http://a/../../g"},
		{"/./g", "http://a/./g"},
		{"/../g", "http://a/../g"},
		{"g.", "http://a/b/c/g."},
		{".g", "http://a/b/c/.g"},
		{"g..", "http://a/b/c/g.."},
		{"..g", "http://a/b/c/..g"},
		{"./../g", "http://a/b/g"},
		{"./g/.", "http://a/b/c/g/"},
		{"g/./h", "http://a/b/c/g/h"},
		{"g/../h", "http://a/b/c/h"},
		{"g;x=1/./y", "http://a/b/c/g;x=1/y"},
		{"g;x=1/../y", "http://a/b/c/y"},
		{"g?y/./x", "http://a/b/c/g?y/./x"},
		{"g?y/../x", "http://a/b/c/g?y/../x"},
		{"g#s/./x", "http://a/b/c/g#s/./x"},
		{"g#s/../x", "http://a/b/c/g#s/../x"},
		{"http:g", "http:g"}, // "for validating parsers"
	}
	for _, tt := range tests {
		got, err := ResolveRFC2396(base, tt.ref)
		if err != nil || got != tt.want {
			t.Errorf("ResolveRFC2396(%q, %q) = %q, %v; want %q", base, tt.ref, got, err, tt.want)
		}
	}
}

// TestResolveOldCases pins what the old algorithms do where they differ
// from RFC 3986, Section 5.2, and their errors.
func TestResolveOldCases(t *testing.T) {
	tests := []struct {
		name       string
		resolve    func(string, string) (string, error)
		base, ref  string
		want       string
		wantErr    error
		wantOffset int
	}{
		// RFC 3986 would give "http://a/g" (Section 5.2.4 drops ".." above the root).
		{"2396 keeps .. above the root", ResolveRFC2396, "http://a/b", "../../g", "http://a/../../g", nil, 0},
		// Step 6a and 6b of RFC 2396 take the base path's last segment off;
		// with an empty base path nothing is left to put the "/" back
		// (RFC 3986, Section 5.2.3 adds it).
		{"2396 empty base path", ResolveRFC2396, "http://a", "g", "http://ag", nil, 0},
		{"1808 empty base path", ResolveRFC1808, "http://a", "g", "http://ag", nil, 0},
		// RFC 1808, Step 5: the query is inherited only without params.
		{"1808 params stop the query", ResolveRFC1808, "http://a/b;p?q", ";x", "http://a/b;x", nil, 0},
		{"1808 empty query inherits", ResolveRFC1808, "http://a/b;p?q", "?", "http://a/b;p?q", nil, 0},
		// RFC 1808, Step 3: an empty net_loc is inherited.
		{"1808 empty net_loc", ResolveRFC1808, "http://a/b/c", "///g", "http://a/g", nil, 0},
		// RFC 1808, Step 1: an unknown base leaves the reference as it is.
		{"1808 empty base", ResolveRFC1808, "", "g/h", "g/h", nil, 0},
		// RFC 2396 with RFC 2732 literals.
		{"2396 IPv6 base", ResolveRFC2396, "http://[::1]/a/b", "../c", "http://[::1]/c", nil, 0},
		// An opaque base: the algorithm runs as written.
		{"2396 opaque base", ResolveRFC2396, "mailto:a@b", "c", "mailto:c", nil, 0},
		{"2396 fragment of the base", ResolveRFC2396, "http://a/b#f", "", "http://a/b", nil, 0},
		// Errors
		{"1808 base without scheme", ResolveRFC1808, "//a/b", "g", "", uri.ErrMissingScheme, 0},
		{"1808 base scheme cut short", ResolveRFC1808, "ab", "g", "", uri.ErrMissingScheme, 2},
		{"2396 base without scheme", ResolveRFC2396, "/a", "g", "", uri.ErrMissingScheme, 0},
		{"2396 bad reference", ResolveRFC2396, "http://a/", "a b", "", ErrMustEscape, 1},
		{"2396 bad base", ResolveRFC2396, "http://a/{", "g", "", ErrMustEscape, 9},
		{"1808 bad reference", ResolveRFC1808, "http://a/", "~g", "", ErrMustEscape, 0},
		{"2396 query-only needs uric", ResolveRFC2396, "http://a/", "?a b", "", ErrMustEscape, 2},
	}
	for _, tt := range tests {
		got, err := tt.resolve(tt.base, tt.ref)
		if tt.wantErr != nil {
			var e *uri.Error
			if !errors.Is(err, tt.wantErr) || !errors.As(err, &e) || e.Offset != tt.wantOffset || got != "" {
				t.Errorf("%s: (%q, %q) = %q, %v; want error %v at %d", tt.name, tt.base, tt.ref, got, err, tt.wantErr, tt.wantOffset)
			}
			continue
		}
		if err != nil || got != tt.want {
			t.Errorf("%s: (%q, %q) = %q, %v; want %q", tt.name, tt.base, tt.ref, got, err, tt.want)
		}
	}
}

// literalDotSegments transcribes RFC 1808, Section 4, Steps 6a to 6d on the
// text itself, one leftmost removal at a time: the slow, obviously correct
// reference for oldDotSegments.
func literalDotSegments(path string) string {
	lead := ""
	if strings.HasPrefix(path, "/") {
		lead, path = "/", path[1:]
	}
	// The segments of path are the texts between "/" and the ends; each
	// step finds a pattern of complete segments and cuts it out.
	segs := strings.Split(path, "/")
	join := func() string { return strings.Join(segs, "/") }
	// a) "./" where "." is a complete segment (so not the last one).
	for i := 0; i < len(segs)-1; {
		if segs[i] == "." {
			segs = append(segs[:i], segs[i+1:]...)
			continue
		}
		i++
	}
	// b) a final "." is removed, leaving the "/" before it.
	if len(segs) > 0 && segs[len(segs)-1] == "." {
		segs[len(segs)-1] = ""
	}
	// c) "<segment>/../", leftmost first, until none is left.
	for {
		found := false
		for i := 0; i+1 < len(segs)-1; i++ {
			if segs[i] != ".." && segs[i+1] == ".." {
				segs = append(segs[:i], segs[i+2:]...)
				found = true
				break
			}
		}
		if !found {
			break
		}
	}
	// d) a final "<segment>/..".
	if n := len(segs); n >= 2 && segs[n-1] == ".." && segs[n-2] != ".." {
		segs = append(segs[:n-2], "")
	}
	return lead + join()
}

// TestOldDotSegmentsMatchesLiteral compares the linear-time dot removal with
// the literal one on generated paths.
func TestOldDotSegmentsMatchesLiteral(t *testing.T) {
	r := rand.New(rand.NewPCG(1808, 4))
	parts := []string{"a", "b", "", ".", "..", "...", ".a", "a.."}
	for i := 0; i < 20000; i++ {
		var b strings.Builder
		if r.IntN(2) == 0 {
			b.WriteByte('/')
		}
		for n := r.IntN(8); n > 0; n-- {
			b.WriteString(oracle.Pick(r, parts...))
			if n > 1 {
				b.WriteByte('/')
			}
		}
		p := b.String()
		if got, want := oldDotSegments(p), literalDotSegments(p); got != want {
			t.Fatalf("oldDotSegments(%q) = %q, the literal steps give %q", p, got, want)
		}
	}
}
