package whatwg

import (
	"testing"

	"github.com/gouri/uri/internal/testrows"
)

// checkOffsets checks that the offsets of u cut its href into the values
// of the getters, with the delimiters of section 4.5 between them.
func checkOffsets(t *testing.T, u URL) {
	t.Helper()
	h, o := u.Href(), u.Offsets()
	bad := o.SchemeEnd >= len(h) || h[o.SchemeEnd] != ':' || h[:o.SchemeEnd] != u.Scheme() ||
		h[o.HostStart:o.HostEnd] != u.Hostname() ||
		h[o.PathStart:o.QueryStart] != u.Pathname() ||
		u.HasQuery() != (o.QueryStart < o.FragmentStart) ||
		u.HasQuery() && (h[o.QueryStart] != '?' || h[o.QueryStart+1:o.FragmentStart] != u.Query()) ||
		u.HasFragment() != (o.FragmentStart < len(h)) ||
		u.HasFragment() && (h[o.FragmentStart] != '#' || h[o.FragmentStart+1:] != u.Fragment())
	if bad {
		t.Fatalf("Offsets of %q: %+v", h, o)
	}
}

func TestOffsets(t *testing.T) {
	for _, s := range []string{
		"https://user:pw@example.com:8080/a/b?q=1#f",
		"http://[::1]/",
		"file:///C:/x",
		"mailto:a@b?subject=x",
		"web+demo:/.//not-a-host/",
		"sc:?#",
		"http://h/#",
	} {
		checkOffsets(t, MustParse(s))
	}
	for _, name := range testrows.Samples() {
		for _, s := range testrows.URLs(t, name) {
			if u, err := Parse(s); err == nil {
				checkOffsets(t, u)
			}
		}
	}
	if o := (URL{}).Offsets(); o != (Offsets{}) {
		t.Errorf("URL{}.Offsets() = %+v, want zero", o)
	}
}

// FuzzOffsets: the offsets of any URL cut its href into the getters'
// values.
func FuzzOffsets(f *testing.F) {
	for _, s := range []string{"https://u:p@h:1/p?q#f", "sc:/.//x", "a:b", "http://h/?#"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if u, err := Parse(s); err == nil {
			checkOffsets(t, u)
		}
	})
}
