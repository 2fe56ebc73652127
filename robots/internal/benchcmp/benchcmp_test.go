package benchcmp

import (
	"os"
	"strings"
	"testing"

	"github.com/temoto/robotstxt"

	"github.com/gouri/uri/robots"
)

// data returns the file and the paths of package robots' benchmarks.
func data(tb testing.TB) ([]byte, []string) {
	tb.Helper()
	file, err := os.ReadFile("../../testdata/bench/typical.txt")
	if err != nil {
		tb.Fatal(err)
	}
	paths, err := os.ReadFile("../../testdata/bench/paths.txt")
	if err != nil {
		tb.Fatal(err)
	}
	return file, strings.Fields(string(paths))
}

// agents are the crawlers checked: one with a group of its own, one that
// the "*" group applies to.
var agents = []string{"ExampleBot", "OtherBot"}

// BenchmarkCheck checks each path against the file, one path per
// operation, with the crawler's rules found once (robots.Agent,
// robotstxt.FindGroup), as a crawler does.
func BenchmarkCheck(b *testing.B) {
	file, paths := data(b)
	r := robots.Parse(file)
	t, err := robotstxt.FromBytes(file)
	if err != nil {
		b.Fatal(err)
	}
	for _, agent := range agents {
		a, err := r.Agent(agent)
		if err != nil {
			b.Fatal(err)
		}
		g := t.FindGroup(agent)
		run := func(name string, check func(string) bool) {
			b.Run("agent="+agent+"/impl="+name, func(b *testing.B) {
				b.ReportAllocs()
				i := 0
				for b.Loop() {
					check(paths[i])
					if i++; i == len(paths) {
						i = 0
					}
				}
			})
		}
		run("gouri", func(p string) bool { return a.CheckPath(p).Allowed })
		run("temoto", g.Test)
	}
}

// BenchmarkParse reads the file.
func BenchmarkParse(b *testing.B) {
	file, _ := data(b)
	b.Run("impl=gouri", func(b *testing.B) {
		b.ReportAllocs()
		b.SetBytes(int64(len(file)))
		for b.Loop() {
			robots.Parse(file)
		}
	})
	b.Run("impl=temoto", func(b *testing.B) {
		b.ReportAllocs()
		b.SetBytes(int64(len(file)))
		for b.Loop() {
			if _, err := robotstxt.FromBytes(file); err != nil {
				b.Fatal(err)
			}
		}
	})
}

// disagree are the checks on which the two implementations disagree, by
// crawler and path, with the reason.
var disagree = map[string]string{
	"OtherBot /café/menu": "temoto compares the path as given; RFC 9309, Section 2.2.2 percent-encodes the octets outside ASCII of the URI and of the rule alike, so /café/menu meets the rule /caf%C3%A9/menu",
}

// TestVerdicts checks that the two implementations give the same verdict
// for every path of the benchmarks, but for those of disagree.
func TestVerdicts(t *testing.T) {
	file, paths := data(t)
	r := robots.Parse(file)
	tt, err := robotstxt.FromBytes(file)
	if err != nil {
		t.Fatal(err)
	}
	seen := 0
	for _, agent := range agents {
		a, err := r.Agent(agent)
		if err != nil {
			t.Fatal(err)
		}
		g := tt.FindGroup(agent)
		for _, p := range paths {
			v := a.CheckPath(p)
			other := g.Test(p)
			why, listed := disagree[agent+" "+p]
			switch {
			case other != v.Allowed && !listed:
				t.Errorf("%s %s: robots says %v (%s, %s), temoto %v", agent, p, v.Allowed, v.Reason, v.Rule, other)
			case other == v.Allowed && listed:
				t.Errorf("%s %s: both say %v, but it is listed: %s", agent, p, other, why)
			case listed:
				seen++
			}
		}
	}
	if seen != len(disagree) {
		t.Errorf("%d of the %d listed disagreements are checks of the benchmarks", seen, len(disagree))
	}
}
