package display

import (
	"fmt"
	"strings"
	"testing"

	"github.com/gouri/uri/internal/testrows"
)

// The unit-test rows of Chromium's IDN spoof checker, kept in
// testdata/conformance/chromium-idn (see the README there), run against
// the Chromium profile with the test's own list of top domains.

type idnRow struct {
	Table        string  `json:"table"`
	Index        int     `json:"index"`
	Input        string  `json:"input"`
	Unicode      *string `json:"unicode"`
	Expected     string  `json:"expected"`
	Transitional string  `json:"transitional"`
	Platform     string  `json:"platform"`
	TopDomain    string  `json:"top_domain_match"`
}

// testTopDomains returns the top domains of Chromium's unit test.
func testTopDomains(t *testing.T) *TopDomains {
	t.Helper()
	var list []string
	for _, r := range testrows.Vectors[struct {
		Domain string `json:"domain"`
	}](t, "chromium-idn", "test_domains.jsonl") {
		list = append(list, r.Domain)
	}
	top, err := NewTopDomains(list)
	if err != nil {
		t.Fatal(err)
	}
	return top
}

// TestChromiumIDNToUnicode: each row's host is shown as Chromium shows it
// (its Unicode form when "safe", as given otherwise), and the labels
// decode to its Unicode form whether shown or not.
func TestChromiumIDNToUnicode(t *testing.T) {
	p := Policy{TopDomains: testTopDomains(t)}
	e := testrows.NewExpect(t, "chromium-idn/idn_to_unicode.jsonl", chromiumKnown)
	for _, r := range testrows.Vectors[idnRow](t, "chromium-idn", "idn_to_unicode.jsonl") {
		e.Case(fmt.Sprintf("%s/%d", r.Table, r.Index), checkIDNRow(p, r))
	}
	e.Done()
}

func checkIDNRow(p Policy, r idnRow) string {
	d, err := p.Host(r.Input)
	if err != nil {
		return fmt.Sprintf("Host(%q): %v", r.Input, err)
	}
	want := r.Input
	if r.Expected == "safe" {
		want = *r.Unicode
	}
	if d.Host != want {
		return fmt.Sprintf("Host(%q).Host = %q (%s), want %q (%s)", r.Input, d.Host, reasons(d), want, r.Expected)
	}
	if r.Expected == "invalid" || r.Unicode == nil || strings.HasPrefix(*r.Unicode, "xn--") {
		return ""
	}
	if u := decoded(d); u != *r.Unicode {
		return fmt.Sprintf("Host(%q) decodes to %q, want %q", r.Input, u, *r.Unicode)
	}
	return ""
}

// decoded returns the host of d with every label decoded, shown or not.
func decoded(d Decision) string {
	if d.Labels == nil {
		return d.ASCII
	}
	var parts []string
	for _, l := range d.Labels {
		if l.Unicode != "" {
			parts = append(parts, l.Unicode)
		} else {
			parts = append(parts, l.ASCII)
		}
	}
	return strings.Join(parts, ".")
}

func reasons(d Decision) string {
	var rs []string
	for _, l := range d.Labels {
		rs = append(rs, l.Reason.String())
	}
	if d.SimilarTo != "" {
		rs = append(rs, "similar to "+d.SimilarTo)
	}
	return strings.Join(rs, " ")
}

// TestChromiumSimilarTopDomain: the top domain each host passes for.
func TestChromiumSimilarTopDomain(t *testing.T) {
	top := testTopDomains(t)
	e := testrows.NewExpect(t, "chromium-idn/similar_top_domain.jsonl", nil)
	for _, r := range testrows.Vectors[struct {
		Index    int    `json:"index"`
		Host     string `json:"host"`
		Expected string `json:"expected"`
	}](t, "chromium-idn", "similar_top_domain.jsonl") {
		got, fail := top.Similar(r.Host), ""
		if got != r.Expected {
			fail = fmt.Sprintf("Similar(%q) = %q, want %q", r.Host, got, r.Expected)
		}
		e.Case(fmt.Sprint(r.Index), fail)
	}
	e.Done()
}

// TestChromiumSkeletons: the one skeleton of each host.
func TestChromiumSkeletons(t *testing.T) {
	e := testrows.NewExpect(t, "chromium-idn/skeletons.jsonl", nil)
	for _, r := range testrows.Vectors[struct {
		Index    int    `json:"index"`
		Host     string `json:"host"`
		Skeleton string `json:"skeleton"`
	}](t, "chromium-idn", "skeletons.jsonl") {
		got, fail := hostSkeletons(r.Host), ""
		if len(got) != 1 || got[0] != r.Skeleton {
			fail = fmt.Sprintf("hostSkeletons(%q) = %q, want [%q]", r.Host, got, r.Skeleton)
		}
		e.Case(fmt.Sprint(r.Index), fail)
	}
	e.Done()
}
