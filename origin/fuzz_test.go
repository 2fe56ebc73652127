package origin

import (
	"errors"
	"net/url"
	"strings"
	"testing"

	"github.com/gouri/uri/guard"
	"github.com/gouri/uri/whatwg"
)

// fuzzCurrents are the pages that the fuzzed targets are resolved against.
var fuzzCurrents = []string{"https://good.example/a/b?c#d", "http://good.example:8080/", "https://[2001:db8::1]/x"}

// fuzzAllow is the allowlist of the fuzz targets.
var fuzzAllow = func() *Allowlist {
	a, err := NewAllowlist([]string{"https://*.example.com", "http://partner.example:8443", "https://xn--bcher-kva.example"}, Options{})
	if err != nil {
		panic(err)
	}
	return a
}()

func addSeeds(f *testing.F) {
	for _, s := range []string{"/x", "//evil.example", "/\\evil.example", "\\\\evil", "/\t/evil", " //evil", "https:evil", "http:evil",
		"javascript:alert(1)", "https://a.example.com/", "https://example.com/", "https://u@a.example.com/", "?q", "#f", "",
		"/.//x", "/%2e%2e//x", "https://bücher.example/", "http://[::1]/", "https://a.example.com./", "\x00/\x01/x", "/a\\b"} {
		f.Add(s)
	}
}

// FuzzRedirect checks that Redirect returns only what every later reader
// reads as the same allowed URL: the href of the URL Standard's reading
// (one parse of the target), serialized, idempotent, of the current
// origin or an allowed one, without credentials, and read by net/url, when
// it reads it at all, with the same scheme, host and port; and that a
// refusal is a *guard.Error.
func FuzzRedirect(f *testing.F) {
	addSeeds(f)
	f.Fuzz(func(t *testing.T, target string) {
		for _, cur := range fuzzCurrents {
			base := whatwg.MustParse(cur)
			got, err := Redirect(base, target, fuzzAllow)
			if err != nil {
				checkRefusal(t, "Redirect("+cur+")", target, got, err)
				continue
			}
			ref, rerr := base.Parse(target)
			if rerr != nil || ref.Href() != got {
				t.Fatalf("Redirect(%q, %q) = %q; the URL Standard reads %q, %v", cur, target, got, ref.Href(), rerr)
			}
			again, err := Redirect(base, got, fuzzAllow)
			if err != nil || again != got {
				t.Fatalf("Redirect(%q, %q) = %q, but Redirect of that is %q, %v", cur, target, got, again, err)
			}
			u, err := whatwg.Parse(got)
			if err != nil || u.Href() != got || !web(u) || u.Username() != "" || u.Password() != "" {
				t.Fatalf("Redirect(%q, %q) = %q, read again as %q, %v", cur, target, got, u.Href(), err)
			}
			if u.Origin() != base.Origin() && !fuzzAllow.allows(u) {
				t.Fatalf("Redirect(%q, %q) = %q, of the origin %q", cur, target, got, u.Origin())
			}
			// net/url refuses some hrefs outright (a "%" not followed by two
			// hex digits, which the URL Standard keeps); none it reads
			// otherwise.
			n, err := url.Parse(got)
			if err == nil && (n.Scheme != u.Scheme() || n.Host != u.Host() || n.User != nil) {
				t.Fatalf("Redirect(%q, %q) = %q, which net/url reads as %#v, %v", cur, target, got, n, err)
			}
		}
	})
}

// FuzzLocalPath checks that what LocalPath keeps is a path-absolute
// reference that LocalPath keeps as it is, and that a browser on any page
// of any http(s) origin reads as a path of that origin, the one Redirect
// gives for the input.
func FuzzLocalPath(f *testing.F) {
	addSeeds(f)
	f.Fuzz(func(t *testing.T, target string) {
		p, err := LocalPath(target)
		if err != nil {
			checkRefusal(t, "LocalPath", target, p, err)
			return
		}
		if !strings.HasPrefix(p, "/") || strings.HasPrefix(p, "//") || strings.HasPrefix(p, "/\\") {
			t.Fatalf("LocalPath(%q) = %q: not path-absolute", target, p)
		}
		if again, err := LocalPath(p); err != nil || again != p {
			t.Fatalf("LocalPath(%q) = %q, but LocalPath of that is %q, %v", target, p, again, err)
		}
		for _, cur := range fuzzCurrents {
			base := whatwg.MustParse(cur)
			u, err := base.Parse(p)
			want := base.Origin() + strings.TrimPrefix(p, "/.")
			if !strings.HasPrefix(p, "/.//") {
				want = base.Origin() + p
			}
			if err != nil || u.Origin() != base.Origin() || u.Href() != want {
				t.Fatalf("LocalPath(%q) = %q, which a page of %q reads as %q, %v; want %q", target, p, cur, u.Href(), err, want)
			}
			if r, err := Redirect(base, target, nil); err != nil || r != want {
				t.Fatalf("LocalPath(%q) = %q, but Redirect(%q, it) = %q, %v; want %q", target, p, cur, r, err, want)
			}
		}
	})
}

// checkRefusal checks the refusal of in by the call named call.
func checkRefusal(t *testing.T, call, in, got string, err error) {
	t.Helper()
	var e *guard.Error
	if !errors.As(err, &e) || got != "" || sentinels[e.Rule] == nil || !errors.Is(err, sentinels[e.Rule]) ||
		e.Offset < -1 || e.Offset > len(e.Input) || e.Reading != guard.ReadingWHATWG {
		t.Fatalf("%s(%q) = %q, %#v", call, in, got, err)
	}
}
