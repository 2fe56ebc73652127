package legacy_test

import (
	"testing"

	"github.com/gouri/uri/internal/timing"
	"github.com/gouri/uri/legacy"
)

// TestLinearTime checks by time that each grammar's parser, Upgrade and
// the old resolvers do linear work on the hostile input families (see
// internal/timing).
func TestLinearTime(t *testing.T) {
	timing.Tier(t)
	type op struct {
		name string
		run  func(string)
	}
	var ops []op
	for _, g := range []legacy.Grammar{legacy.RFC1738, legacy.RFC1808, legacy.RFC2068, legacy.RFC2396, legacy.RFC2732, legacy.RFC2616} {
		ops = append(ops, op{"Parse " + g.String() + " and Upgrade", func(s string) {
			if l, err := legacy.Parse(s, g); err == nil {
				_, _, _ = l.Upgrade()
			}
		}})
	}
	ops = append(ops,
		op{"ResolveRFC1808", func(s string) { _, _ = legacy.ResolveRFC1808("http://a/b/c/d;p?q", s) }},
		op{"ResolveRFC2396", func(s string) { _, _ = legacy.ResolveRFC2396("http://a/b/c/d;p?q", s) }},
		op{"CanonicalHTTP", func(s string) { _, _ = legacy.CanonicalHTTP(s) }},
	)
	for _, o := range ops {
		timing.CheckFamilies(t, o.name, o.run)
	}
}
