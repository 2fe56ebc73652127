package display

import (
	"strings"
	"testing"

	"github.com/gouri/uri/internal/timing"
)

// TestLinearTime: hosts, URLs and skeletons of every shape take time
// linear in their length (internal/timing: linear work grows about 8 times
// from n to 8n, quadratic 64): many labels, long runs of combining marks,
// long labels of kana, long paths of percent-encodings.
func TestLinearTime(t *testing.T) {
	timing.Tier(t)
	shapes := map[string]struct {
		run   func(string)
		build func(int) string
	}{
		"host labels": {func(s string) { _, _ = Host(s) }, func(n int) string { return strings.Repeat("xn--bcher-kva.", n) + "de" }},
		"host marks": {func(s string) { _, _ = Host(s) }, func(n int) string {
			return strings.Repeat("a"+strings.Repeat("\u0301\u0323", 60)+".", n/100+1) + "com"
		}},
		"host kana": {func(s string) { _, _ = Host(s) }, func(n int) string { return strings.Repeat("カヘカ.", n/10+1) + "jp" }},
		"URL path":  {func(s string) { _, _ = URL(s) }, func(n int) string { return "https://h/" + strings.Repeat("%C3%A9%E2%80%AE/", n) }},
		"URL host":  {func(s string) { _, _ = URL(s) }, func(n int) string { return "https://" + strings.Repeat("xn--80ak6aa92e.", n) + "com/" }},
		"skeleton marks": {func(s string) { _ = Skeleton(s) }, func(n int) string {
			return "a" + strings.Repeat("\u0301\u0323\u0307\u0316", n)
		}},
		"similar": {func(s string) { _ = ChromiumTopDomains().Similar(s) }, func(n int) string { return strings.Repeat("þœł.", n) + "com" }},
	}
	ChromiumTopDomains()
	for name, s := range shapes {
		if ratio, ok := timing.CheckLinear(s.run, s.build, 500); !ok {
			t.Errorf("%s: time for 4000 repetitions / time for 500 = %.1f, more than %d: not linear", name, ratio, timing.GrowthLimit)
		}
	}
}

// TestMarksInOneRun: a long run of marks on one letter is invisible (the
// bound that keeps the check linear), and reorder sorts long runs as it
// sorts short ones.
func TestMarksInOneRun(t *testing.T) {
	long := append([]rune{'a'}, []rune(strings.Repeat("\u0301\u0323", 40))...)
	if !invisible(long) {
		t.Errorf("invisible(a and 80 marks) = false")
	}
	rs := []rune("a" + strings.Repeat("\u0307\u0316", 20))
	reorder(rs)
	want := "a" + strings.Repeat("\u0316", 20) + strings.Repeat("\u0307", 20)
	if string(rs) != want {
		t.Errorf("reorder of 40 marks = %+q, want %+q", string(rs), want)
	}
}
