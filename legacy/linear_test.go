package legacy_test

import (
	"testing"

	"github.com/gouri/uri/internal/oracle"
	"github.com/gouri/uri/legacy"
)

// TestLinearTime checks by time that each grammar's parser, Upgrade and
// the old resolvers do linear work on the hostile input families (see
// oracle.CheckLinear).
func TestLinearTime(t *testing.T) {
	if testing.Short() {
		t.Skip("measures times for several seconds; skipped with -short")
	}
	oracle.SkipTimeUnderRace(t)
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
		for _, in := range oracle.Families {
			if ratio, ok := oracle.CheckLinear(o.run, in.Build, oracle.LinearSize); !ok {
				t.Errorf("%s on %s: time for %d bytes / time for %d bytes = %.1f, more than %d: not linear",
					o.name, in.Name, 8*oracle.LinearSize, oracle.LinearSize, ratio, oracle.GrowthLimit)
			}
		}
	}
}
