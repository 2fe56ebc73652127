package legacy

import (
	"errors"
	"slices"
	"testing"

	"github.com/gouri/uri"
	"github.com/gouri/uri/internal/oracle"
)

// hostileOps are the calls of this package made on each hostile input.
var hostileOps = []oracle.Op{
	{"Parse, Upgrade", func(s string) {
		for _, g := range legacyGrammars {
			if l, err := Parse(s, g); err == nil {
				_, _, _ = l.Upgrade()
			} else {
				_ = err.Error()
			}
		}
	}},
	{"old resolution", func(s string) {
		_, _ = ResolveRFC1808("http://a/b/c/d;p?q", s)
		_, _ = ResolveRFC2396("http://a/b/c/d;p?q", s)
		_, _ = ResolveRFC1808(s, "../g")
		_, _ = ResolveRFC2396(s, "../g")
	}},
	{"CanonicalHTTP", func(s string) { _, _ = CanonicalHTTP(s) }},
}

// TestHostileLinear runs every operation on every hostile shape at two
// sizes, and checks that the larger costs at most about twice as much in
// bytes and allocations, and that nothing panics.
func TestHostileLinear(t *testing.T) {
	for _, f := range oracle.HostileLinear(oracle.Hostile, hostileOps, oracle.HostileDiv()) {
		t.Error(f)
	}
}

// TestHostileBytesRejected: every grammar rejects control characters and
// space at the byte, and so does CanonicalHTTP.
func TestHostileBytesRejected(t *testing.T) {
	const template = "http://host:80/path?query#frag"
	for _, b := range []string{"\x00", "\t", "\n", "\r", "\x1f", " ", "\x7f"} {
		for _, at := range []int{2, 9, 13, 18, 22, 27, 30} {
			in := template[:at] + b + template[at:]
			for _, g := range legacyGrammars {
				_, err := Parse(in, g)
				var e *uri.Error
				want := []error{uri.ErrInvalidByte, ErrMustEscape, ErrBadHost, uri.ErrBadPort}
				if !errors.As(err, &e) || e.Op != uri.OpParse || e.Detail != g.String() || e.Input != in || e.Offset != at ||
					!slices.ContainsFunc(want, func(w error) bool { return errors.Is(e, w) }) {
					t.Errorf("Parse(%q, %v): %#v; want offset %d, one of %v", in, g, err, at, want)
				}
			}
			if _, err := CanonicalHTTP(in); err == nil {
				t.Errorf("CanonicalHTTP(%q) accepted it", in)
			}
		}
	}
}

// TestHandBuiltURL: Upgrade works from the fields of a URL, whatever a
// caller put there, and never panics.
func TestHandBuiltURL(t *testing.T) {
	for _, l := range []URL{
		{},
		{Parts: uri.Components{Scheme: "http", Host: "[::1.02.3.4]"}, HostForm: "IPv6reference"},
		{Parts: uri.Components{Host: "[", Path: "x"}, HostForm: "IPv6reference"},
		{Parts: uri.Components{Host: "]::.[", Port: "8a"}, HostForm: "IPv6reference"},
		{Parts: uri.Components{Scheme: "1x", Path: "//a?b#c"}, Record: FTP{Cwd: []string{"x"}}},
		{Parts: uri.Components{Userinfo: "a@b", Host: "h:1", Path: "p", Query: "#", Fragment: "#"}},
		{Parts: uri.Components{Path: "a:b/{c}"}, Form: "rel_path", AuthorityForm: "server"},
	} {
		func() {
			defer func() {
				if r := recover(); r != nil {
					t.Errorf("Upgrade of %+v panicked: %v", l, r)
				}
			}()
			u, changes, err := l.Upgrade()
			if err == nil {
				if p, perr := uri.Parse(u.String()); perr != nil || p != u {
					t.Errorf("Upgrade of %+v = %q, which does not parse to itself: %v", l, u, perr)
				}
			} else if u != (uri.URI{}) || changes != nil {
				t.Errorf("Upgrade of %+v failed with a result: %q, %v", l, u, changes)
			}
		}()
	}
}
