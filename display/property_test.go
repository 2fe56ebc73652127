package display

import (
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/gouri/uri"
	"github.com/gouri/uri/internal/testrows"
	"github.com/gouri/uri/whatwg"
)

// wptRow is a row of the WPT URL vectors, as package whatwg reads them.
type wptRow struct {
	Input        string  `json:"input"`
	Base         *string `json:"base"`
	Failure      bool    `json:"failure"`
	RelativeTo   string  `json:"relativeTo"`
	SearchParams *string `json:"searchParams"`
	Origin       *string `json:"origin"`
	Href         string  `json:"href"`
	Protocol     string  `json:"protocol"`
	Username     string  `json:"username"`
	Password     string  `json:"password"`
	Host         string  `json:"host"`
	Hostname     string  `json:"hostname"`
	Port         string  `json:"port"`
	Pathname     string  `json:"pathname"`
	Search       string  `json:"search"`
	Hash         string  `json:"hash"`
}

// TestURLRoundTrip: the display form of every URL of the WPT vectors and
// of the committed samples parses back to the same URL, and shows no
// character outside ASCII that is not Allowed.
func TestURLRoundTrip(t *testing.T) {
	var inputs []string
	for _, r := range testrows.Vectors[wptRow](t, "wpt-url", "urltestdata.jsonl") {
		if !r.Failure && r.Href != "" {
			inputs = append(inputs, r.Href)
		}
	}
	for _, name := range testrows.Samples() {
		inputs = append(inputs, testrows.URLs(t, name)...)
	}
	shown := 0
	for _, in := range inputs {
		if _, err := whatwg.Parse(in); err != nil {
			continue
		}
		got, err := URL(in)
		if err != nil {
			t.Errorf("URL(%q): %v", in, err)
			continue
		}
		roundTrip(t, in, got)
		checkShown(t, in, got)
		shown++
	}
	if shown < 1000 {
		t.Errorf("only %d URLs checked", shown)
	}
}

// checkShown checks that every non-ASCII character of the display form is
// Allowed in identifiers.
func checkShown(t *testing.T, in, shown string) {
	t.Helper()
	for _, r := range shown {
		if r >= utf8.RuneSelf && !propOf(r).allowed() {
			t.Errorf("URL(%q) = %q shows %U, which is not Allowed", in, shown, r)
			return
		}
	}
}

// checkDecision checks the invariants of a decision about host: its ASCII
// form is the host's, each label is shown as its A-label or, when Safe, as
// its U-label, which maps back to its A-label.
func checkDecision(t *testing.T, p Policy, host string, d Decision) {
	t.Helper()
	if d.Labels == nil {
		if d.Host != d.ASCII {
			t.Errorf("%v.Host(%q) = %+v: no labels but not shown as ASCII", p.Profile, host, d)
		}
		return
	}
	var parts []string
	for _, l := range d.Labels {
		switch {
		case l.Reason == Safe && l.Unicode != "" && d.SimilarTo == "":
			parts = append(parts, l.Unicode)
			if a, err := uri.HostToASCII(l.Unicode); err != nil || a != l.ASCII {
				t.Errorf("%v.Host(%q) shows %q, whose ASCII form is %q, %v; want %q", p.Profile, host, l.Unicode, a, err, l.ASCII)
			}
		case l.Reason == Safe && l.Unicode == "" && strings.HasPrefix(l.ASCII, "xn--"):
			t.Errorf("%v.Host(%q): label %q is Safe with no U-label", p.Profile, host, l.ASCII)
		default:
			parts = append(parts, l.ASCII)
		}
	}
	if got := strings.Join(parts, "."); got != d.Host {
		t.Errorf("%v.Host(%q).Host = %q, want %q from its labels", p.Profile, host, d.Host, got)
	}
}
