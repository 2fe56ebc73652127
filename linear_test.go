package uri_test

import (
	"testing"

	"github.com/gouri/uri"
	"github.com/gouri/uri/internal/oracle"
)

// The checks of this file tell by time that operations do linear work on
// hostile inputs (see oracle.CheckLinear). TestLinearCheckCatchesQuadratic
// shows that the check tells linear and quadratic work apart.

// linearOps are the operations measured, one row each, with a name and a
// func(string) that parses its own input where it needs a URI; a row moves
// with the function it measures (the legacy grammars' are in their
// package).
var linearOps = []struct {
	name string
	run  func(string)
}{
	{"Parse", func(s string) { _, _ = uri.Parse(s) }},
	{"ParseIRI", func(s string) { _, _ = uri.ParseIRI(s) }},
	{"Resolve, as reference", func(s string) { _, _ = uri.Resolve("http://a/b/c/d;p?q", s) }},
	{"Resolve, as base", func(s string) { _, _ = uri.Resolve(s, "../../g;x?y#s") }},
	{"Normalize", func(s string) { _, _ = uri.Normalize(s) }},
	{"ToIRI", func(s string) {
		if u, err := uri.Parse(s); err == nil {
			u.ToIRI()
		}
	}},
	{"IRI ToURI", func(s string) {
		if u, err := uri.ParseIRI(s); err == nil {
			u.ToURI()
		}
	}},
	{"Unescape", func(s string) { _, _ = uri.Unescape(s, uri.EscapePath) }},
}

func TestLinearTime(t *testing.T) {
	if testing.Short() {
		t.Skip("measures times for several seconds; skipped with -short")
	}
	for _, op := range linearOps {
		for _, in := range oracle.Families {
			if ratio, ok := oracle.CheckLinear(op.run, in.Build, oracle.LinearSize); !ok {
				t.Errorf("%s on %s: time for %d bytes / time for %d bytes = %.1f, more than %d: not linear",
					op.name, in.Name, 8*oracle.LinearSize, oracle.LinearSize, ratio, oracle.GrowthLimit)
			}
		}
	}
}

// quadraticParse is a deliberately quadratic use of Parse: it parses every
// prefix of s.
func quadraticParse(s string) {
	for i := range len(s) + 1 {
		_, _ = uri.Parse(s[:i])
	}
}

// TestLinearCheckCatchesQuadratic tests the check itself: it must report
// quadraticParse, and pass Parse on the same inputs. The inputs are small
// so that the quadratic work stays quick (under a second), and the test runs
// with -short too.
func TestLinearCheckCatchesQuadratic(t *testing.T) {
	const n = 1 << 10
	build := oracle.Families[3].Build // run of %41
	if ratio, ok := oracle.CheckLinear(quadraticParse, build, n); ok {
		t.Errorf("checkLinear passes quadratic work: time(8n)/time(n) = %.1f", ratio)
	} else {
		t.Logf("quadratic: time(8n)/time(n) = %.1f", ratio)
	}
	if ratio, ok := oracle.CheckLinear(func(s string) { _, _ = uri.Parse(s) }, build, n); !ok {
		t.Errorf("checkLinear fails linear work: time(8n)/time(n) = %.1f", ratio)
	} else {
		t.Logf("linear: time(8n)/time(n) = %.1f", ratio)
	}
}
