package whatwg

import (
	"strconv"
	"testing"

	"github.com/gouri/uri/internal/schemes"
)

// TestSpecialSchemePorts: the URL Standard's list of special schemes and
// their default ports (section 4.2) is this package's own, a rule of the
// standard; the ports are the module's facts of those schemes, in
// internal/schemes, and must agree with them.
func TestSpecialSchemePorts(t *testing.T) {
	for _, s := range []string{"ftp", "file", "http", "https", "ws", "wss"} {
		st := lookupScheme(s)
		if !st.special() {
			t.Errorf("lookupScheme(%q) is not special", s)
		}
		want := -1
		if p := schemes.Lookup(s).Port; p != "" {
			want, _ = strconv.Atoi(p)
		}
		if got := st.defaultPort(); got != want {
			t.Errorf("default port of %q: %d here, %d in internal/schemes", s, got, want)
		}
	}
}
