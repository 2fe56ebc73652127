package whatwg

import (
	"testing"

	"github.com/gouri/uri/internal/oracle"
	"github.com/gouri/uri/internal/testrows"
)

// TestParseAllocs pins the allocations of Parse: none for an input already
// in serialized form, one (the href) for another input, one more when tabs
// or newlines must be removed first.
func TestParseAllocs(t *testing.T) {
	tests := []struct {
		in   string
		want float64
	}{
		{"https://example.com/", 0},
		{"https://user:pass@example.com:8080/a/b?q=1#f", 0},
		{"http://[2001:db8::1]/", 0},
		{"http://192.168.0.1/", 0},
		{"file:///C:/Windows/", 0},
		{"mailto:someone@example.com", 0},
		{"foo://host/path?q#f", 0},
		{"https://example.com/a/./b", 1},         // a removed segment
		{"https://example.com/a/b/.", 0},         // the href is a prefix of the input
		{"  https://example.com/  ", 0},          // so is it here, after trimming
		{"https://example.com", 1},               // "/" is added
		{"HTTPS://EXAMPLE.COM/", 1},              // lower-cased
		{"https://example.com/a b", 1},           // percent-encoded
		{"http://example.com:80/", 1},            // default port removed
		{"http://0x7f.1/", 1},                    // IPv4 serialized
		{"https://exa\tmple.com/", 1},            // the input without its tab is the href
		{"https://exa\tmple.com", 2},             // the input without its tab, then the href
		{"HTTPS://EXAMPLE.COM/a\tb", 2},          // the buffer of the first try holds the copy without the tab
		{"web+demo:/.//not-a-host/", 1},          // "/." removed, then written again
		{"https://example.org/?q=\u00e9", 1},     // non-ASCII in the query
		{"file://localhost/etc/fstab", 1},        // localhost removed
		{"https://xn--bcher-kva.example/", 0},    // ASCII: no IDNA
		{"https://XN--BCHER-KVA.example/", 1},    // ASCII: no IDNA, lower-cased
		{"https://\u00e9xample.example/", 0.5},   // IDNA; see below
		{"non-special://%zz/x", 0},               // opaque host kept
		{"https://example.com/#\u00e9\u00e9", 1}, // non-ASCII in the fragment
	}
	for _, tc := range tests {
		if tc.want != float64(int(tc.want)) {
			// IDNA allocates inside x/net/idna; only check that it
			// stays small.
			if got := testing.AllocsPerRun(50, func() { _, _ = Parse(tc.in) }); got > 6 {
				t.Errorf("Parse(%q): %v allocations, want at most 6", tc.in, got)
			}
			continue
		}
		if got := testing.AllocsPerRun(50, func() { _, _ = Parse(tc.in) }); got != tc.want {
			t.Errorf("Parse(%q): %v allocations, want %v", tc.in, got, tc.want)
		}
	}
}

// TestResolveAllocs pins the allocations of URL.Parse: the href of the
// result, once, and nothing when the reference is an absolute URL already
// in serialized form or empty (the base less its fragment). The base is held by value, so it does not move to
// the heap.
func TestResolveAllocs(t *testing.T) {
	base := MustParse("https://user@example.com:8443/a/b/c.html?q#f")
	tests := []struct {
		ref  string
		want float64
	}{
		{"g", 1}, {"../g", 1}, {"?y", 1}, {"#s", 1}, {"//g", 1}, {"/g", 1},
		{"g/./h/../i", 1}, {"", 0}, {"g?y#s", 1}, {"../../x/", 1},
		{"http://example.com/x/y?z", 0}, // absolute and serialized: the input itself
	}
	for _, tc := range tests {
		if got := testing.AllocsPerRun(50, func() { _, _ = base.Parse(tc.ref) }); got != tc.want {
			t.Errorf("%q.Parse(%q): %v allocations, want %v", base.Href(), tc.ref, got, tc.want)
		}
	}
}

// TestRelativizeAllocs pins the allocations of URL.Relativize: none when
// the result is a part of the target's href, one when it begins with dot
// segments or leaves the "/" of a special URL's root path out.
func TestRelativizeAllocs(t *testing.T) {
	base := MustParse("https://user@example.com:8443/a/b/c.html?q#f")
	tests := []struct {
		target string
		want   float64
	}{
		{"https://user@example.com:8443/a/b/g", 0},        // "g"
		{"https://user@example.com:8443/a/b/c.html?y", 0}, // "?y"
		{"https://user@example.com:8443/a/b/c.html?q#s", 0},
		{"https://user@example.com:8443/a/b/c.html?q", 0}, // ""
		{"https://user@example.com:8443/g", 0},            // "/g"
		{"https://example.com/a/b/c.html", 0},             // "//example.com/a/b/c.html"
		{"http://example.com/x", 0},                       // the href
		{"https://user@example.com:8443/a/g", 1},          // "../g"
		{"https://user@example.com:8443/a/b/", 1},         // "."
		{"https://user@example.com:8443/a/b/x:y", 1},      // "./x:y"
		{"https://other.example/", 1},                     // "//other.example"
	}
	for _, tc := range tests {
		target := MustParse(tc.target)
		if got := testing.AllocsPerRun(50, func() { sink = base.Relativize(target) }); got != tc.want {
			t.Errorf("%q.Relativize(%q) = %q: %v allocations, want %v", base.Href(), tc.target, base.Relativize(target), got, tc.want)
		}
	}
}

// TestGetterAllocs checks that the getters do not allocate, except Origin
// of a URL with credentials.
func TestGetterAllocs(t *testing.T) {
	u := MustParse("https://example.com:8443/a/b?q=1#f")
	got := testing.AllocsPerRun(50, func() {
		_ = u.Href() + u.Protocol() + u.Username() + u.Password() + u.Host() + u.Hostname() +
			u.Port() + u.Pathname() + u.Search() + u.Hash() + u.Origin()
	})
	// One allocation is the concatenation in the closure.
	if got > 1 {
		t.Errorf("getters: %v allocations, want none", got)
	}
	for _, f := range []func() string{u.Href, u.Protocol, u.Scheme, u.Username, u.Password, u.Host, u.Hostname, u.Port, u.Pathname, u.Search, u.Query, u.Hash, u.Fragment, u.Origin} {
		if got := testing.AllocsPerRun(50, func() { sink = f() }); got != 0 {
			t.Errorf("a getter of %q allocates %v times", u.Href(), got)
		}
	}
	if got := testing.AllocsPerRun(50, func() { _ = u.Addr() }); got != 0 {
		t.Errorf("Addr allocates %v times", got)
	}
}

// TestSampleAllocs parses every line of the real-world samples and checks
// the allocation rule of Parse on each: none when the line is already
// serialized, one otherwise. Lines that hold tabs or newlines, or a host
// that needs IDNA, are outside the rule; the samples have none.
func TestSampleAllocs(t *testing.T) {
	for _, name := range testrows.Samples() {
		lines := testrows.URLs(t, name)
		if oracle.Short() {
			lines = lines[:len(lines)/10]
		}
		zero, one, failed := 0, 0, 0
		for _, l := range lines {
			u, err := Parse(l)
			if err != nil {
				failed++
				continue
			}
			want := 1.0
			if u.Href() == l {
				want = 0
			}
			if got := testing.AllocsPerRun(5, func() { _, _ = Parse(l) }); got != want {
				t.Errorf("Parse(%q) = %q: %v allocations, want %v", l, u.Href(), got, want)
			}
			if want == 0 {
				zero++
			} else {
				one++
			}
		}
		t.Logf("%s: %d lines already serialized (no allocation), %d rewritten (one), %d fail to parse", name, zero, one, failed)
	}
}
