package httptarget

import (
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/gouri/uri"
	"github.com/gouri/uri/internal/oracle"
)

// TestHasPathPrefix: the contract of HasPathPrefix, one clause per row.
func TestHasPathPrefix(t *testing.T) {
	tests := []struct {
		path, prefix string
		want         bool
		why          string
	}{
		{"/api", "/api", true, "a path is under itself"},
		{"/api/", "/api", true, "segment by segment"},
		{"/api/x/y", "/api", true, "any depth"},
		{"/apix", "/api", false, "a segment matches whole"},
		{"/ap", "/api", false, "shorter"},
		{"/api", "/api/", false, "a final / asks for what is below"},
		{"/api/", "/api/", true, "the empty segment below"},
		{"/api/x", "/api/", true, "below"},
		{"/API/x", "/api", false, "paths are case-sensitive (RFC 9110, 4.2.3)"},
		{"/%61pi/x", "/api", true, "unreserved characters decoded (RFC 3986, 6.2.2.2)"},
		{"/api/x", "/%61%70%69", true, "in the prefix too"},
		{"/a%2fb", "/a%2Fb", true, "hex digits in either case (RFC 3986, 6.2.2.1)"},
		{"/api%2Fx", "/api", false, "%2F is no separator (RFC 3986, 2.2)"},
		{"/admin%2Fsecret", "/admin/", false, "%2F is no separator"},
		{"/api%2F..%2Fadmin", "/api/", false, "nor is it one with dots"},
		{"/api/../admin", "/api", false, "dot segments removed (RFC 3986, 5.2.4)"},
		{"/api/../admin", "/admin", true, "what a server that resolves them serves"},
		{"/x/../admin/secret", "/admin/", true, "a deny-list is not bypassed"},
		{"/api/%2e%2E/admin", "/admin", true, "%2E is a dot (RFC 3986, 2.3)"},
		{"/api/./x", "/api/x", true, "a . segment"},
		{"/api/.", "/api/", true, "a final . leaves a final /"},
		{"/../api", "/api", true, ".. above the root is dropped"},
		{"/api//x", "/api/", true, "empty segments are segments"},
		{"//api", "/api", false, "an empty first segment"},
		{"/anything", "", true, "the empty prefix"},
		{"/anything", "/", true, "the root"},
		{"", "/", false, "the empty path is not /"},
		{"", "", true, "the empty prefix of the empty path"},
		{"api/x", "api", false, "relative paths are under nothing"},
		{"/api/x", "api", false, "a relative prefix matches nothing"},
		{"/api x", "/api", false, "not a path"},
		{"/api", "/api x", false, "not a path"},
		{"/a/b?c", "/a", false, "a query is not part of a path"},
	}
	for _, tt := range tests {
		if got := HasPathPrefix(tt.path, tt.prefix); got != tt.want {
			t.Errorf("HasPathPrefix(%q, %q) = %v, want %v: %s", tt.path, tt.prefix, got, tt.want, tt.why)
		}
		if ref := refHasPathPrefix(tt.path, tt.prefix); ref != tt.want {
			t.Errorf("refHasPathPrefix(%q, %q) = %v, want %v: %s", tt.path, tt.prefix, ref, tt.want, tt.why)
		}
	}
}

// refHasPathPrefix is HasPathPrefix the slow way: the lists of segments
// of the normal forms, one a prefix of the other; a prefix that ends with
// "/" needs at least one more segment.
func refHasPathPrefix(path, prefix string) bool {
	if path != "" && path[0] != '/' || prefix != "" && prefix[0] != '/' {
		return false
	}
	p, err1 := uri.NormalizePath(path, uri.NormalizeCase|uri.NormalizePercent|uri.NormalizeDotSegments)
	q, err2 := uri.NormalizePath(prefix, uri.NormalizeCase|uri.NormalizePercent|uri.NormalizeDotSegments)
	if err1 != nil || err2 != nil {
		return false
	}
	if q == "" {
		return true
	}
	ps, qs := strings.Split(p, "/"), strings.Split(q, "/")
	below := qs[len(qs)-1] == ""
	if below {
		qs = qs[:len(qs)-1]
	}
	if len(ps) < len(qs) || below && len(ps) == len(qs) {
		return false
	}
	return slices.Equal(ps[:len(qs)], qs)
}

// FuzzHasPathPrefix checks HasPathPrefix against refHasPathPrefix, and
// that a path is under every prefix that it is under once normalized.
func FuzzHasPathPrefix(f *testing.F) {
	r := rand.New(rand.NewPCG(3, 3))
	for i := 0; i < 30; i++ {
		f.Add(randomPath(r), randomPath(r))
	}
	f.Add("/api/../admin", "/admin")
	f.Add("/api%2Fx", "/api")
	f.Fuzz(func(t *testing.T, path, prefix string) {
		got := HasPathPrefix(path, prefix)
		if ref := refHasPathPrefix(path, prefix); got != ref {
			t.Fatalf("HasPathPrefix(%q, %q) = %v, the reference says %v", path, prefix, got, ref)
		}
		if n, err := uri.NormalizePath(path, pathPrefixSteps); err == nil && absoluteOrEmpty(path) && HasPathPrefix(n, prefix) != got {
			t.Fatalf("HasPathPrefix(%q, %q) = %v, but not for its normal form %q", path, prefix, got, n)
		}
		if got && path != "" && !HasPathPrefix(path, path) {
			t.Fatalf("HasPathPrefix(%q, itself) is false", path)
		}
	})
}

// randomPath returns an absolute path of short segments, dots and
// percent-encodings.
func randomPath(r *rand.Rand) string {
	var b strings.Builder
	for n := r.IntN(4); n >= 0; n-- {
		b.WriteByte('/')
		b.WriteString(oracle.Pick(r, "a", "b", "", ".", "..", "%2e", "%2E%2e", "%61", "a%2Fb", "A", "ab"))
	}
	return b.String()
}

// TestHasPathPrefixRandom runs the fuzz target's check over random paths.
func TestHasPathPrefixRandom(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for i := 0; i < 5000; i++ {
		p, q := randomPath(r), randomPath(r)
		if r.IntN(3) == 0 {
			q = strings.TrimSuffix(q, "/") + "/"
		}
		if got, ref := HasPathPrefix(p, q), refHasPathPrefix(p, q); got != ref {
			t.Errorf("HasPathPrefix(%q, %q) = %v, the reference says %v", p, q, got, ref)
		}
	}
}
