package crosscheck

import (
	"errors"
	"testing"

	"github.com/gouri/uri"
	"github.com/gouri/uri/guard"
	"github.com/gouri/uri/origin"
	"github.com/gouri/uri/whatwg"
)

// A host pattern means the same to package guard (Policy.OnlyHosts, a
// HostList) and to package origin (the host of an allowlist's entry): the
// same patterns are refused, at the same place, for the same reason, and
// the others match the same hosts. Before, guard allowed "*.com" (and so
// http://evil.com/), which origin refused as a public suffix, and a final
// dot was no other host to guard but another one to origin.

// hostPatterns are the patterns of TestHostPatterns. The IPv6 addresses are
// in brackets, as an origin writes them.
var hostPatterns = []string{
	"hooks.example.com", "Hooks.Example.COM.", "*.example.com", "*.EXAMPLE.com.", "*.b.example.com",
	"Bücher.example", "*.bücher.example", "xn--bcher-kva.example", "a。example．com",
	"8.8.8.8", "0x8080808", "[2001:4860:4860::8888]", "localhost", "com", "_dmarc.example.com",
	"*.google.internal", "*.example.github.io",
	// Refused.
	"*.com", "*.co.uk", "*.github.io", "*.internal", "*.localhost", "*.8.8.8", "*.[::1]",
	"a.*.example.com", "*example.com", "**.example.com", "ex%61mple.com", "exa\tmple.com",
	"exa mple.com", "example.com ", "1.2.3.256", "[::g]", "a..example.com", "*..example.com",
	"*.a{b.com", "＊.example.com", "", "*.",
}

// hostPatternHosts are the hosts that each pattern is matched against.
var hostPatternHosts = []string{
	"hooks.example.com", "HOOKS.example.com.", "example.com", "example.com.", "a.example.com",
	"a.b.example.com", "a.example.com.", "aexample.com", "a.example.com.evil.example",
	"b.example.com", "x.b.example.com", "xn--bcher-kva.example", "a.bücher.example",
	"8.8.8.8", "8.8.4.4", "[2001:4860:4860:0::8888]", "localhost", "evil.com", "com",
	"metadata.google.internal", "a.example.github.io", "evil.github.io", "a.co.uk",
	"_dmarc.example.com",
}

// TestHostPatterns runs every pattern through guard.NewHostList and
// origin.NewAllowlist, and every host of hostPatternHosts through both.
func TestHostPatterns(t *testing.T) {
	var zero guard.Policy
	for _, pattern := range hostPatterns {
		list, gerr := guard.NewHostList([]string{pattern}, guard.HostListOptions{})
		allow, oerr := origin.NewAllowlist([]string{"https://" + pattern}, origin.Options{})
		var ge, oe *uri.Error
		switch {
		case (gerr == nil) != (oerr == nil):
			t.Errorf("%q: guard %v, origin %v", pattern, gerr, oerr)
			continue
		case gerr != nil:
			if !errors.As(gerr, &ge) || !errors.As(oerr, &oe) || ge.Detail != oe.Detail || ge.Offset+len("https://") != oe.Offset ||
				!errors.Is(gerr, guard.ErrBadHostPattern) || !errors.Is(oerr, origin.ErrBadEntry) {
				t.Errorf("%q: guard %v, origin %v: not the same fault", pattern, gerr, oerr)
			}
			continue
		}
		matched := 0
		for _, h := range hostPatternHosts {
			u, err := whatwg.Parse("https://" + h + "/")
			if err != nil {
				t.Fatalf("%q: %v", h, err)
			}
			byGuard := list.Match(u.Hostname())
			_, rerr := origin.Redirect(whatwg.MustParse("https://current.example/"), u.Href(), allow)
			if byOrigin := rerr == nil; byGuard != byOrigin {
				t.Errorf("%q on %q: guard's Match %v, origin's Redirect %v (%v)", pattern, h, byGuard, byOrigin, rerr)
			}
			// Check applies its other rules first (localhost, metadata).
			if _, err := zero.Check(u.Href()); err == nil {
				_, cerr := (&guard.Policy{OnlyHosts: list}).Check(u.Href())
				if byCheck := cerr == nil; byGuard != byCheck {
					t.Errorf("%q on %q: guard's Match %v, Check %v", pattern, h, byGuard, cerr)
				}
			}
			if byGuard {
				matched++
			}
		}
		if matched == 0 {
			t.Errorf("%q matches no host of the table: add one", pattern)
		}
	}
}
