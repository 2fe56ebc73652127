package guard_test

import (
	"context"
	"net/netip"
	"testing"

	"github.com/gouri/uri/guard"
	"github.com/gouri/uri/readings"
	"github.com/gouri/uri/whatwg"
)

// TestCheckReadsOnce: Check reads its input once with each parser, in
// readings.Compare, and its rules, the allowlists and Lookup ask the
// values that the report keeps. The inputs are such that a second parse
// would allocate: net/url allocates its *url.URL, and the URL Standard
// writes an upper-case host anew. So an allowlist of hosts adds no
// allocation; OnlyURLs adds those of the request target that net/http
// sends (net/url's RequestURI) and of its parse by the URL Standard
// (the path and the query must mean the same to both); and Lookup, with
// a resolver that allocates nothing, adds its copy of the addresses.
// Hosts, compiled once as OnlyHosts is, adds nothing either, whether it
// trusts the host or not, but for a name dialed in upper case, which it
// lowers to compare (and then trusts: the rules that lower it do not
// run).
func TestCheckReadsOnce(t *testing.T) {
	hosts, err := guard.NewHostList([]string{"a.example", "*.c.example", "*.example.com"}, guard.HostListOptions{})
	if err != nil {
		t.Fatal(err)
	}
	trusted, err := guard.NewHostList([]string{"a.example", "10.0.0.1", "[fd00::1]", "b.example", "www.example.com"}, guard.HostListOptions{})
	if err != nil {
		t.Fatal(err)
	}
	other, err := guard.NewHostList([]string{"a.example", "10.0.0.1", "[fd00::1]", "b.example", "*.example.org"}, guard.HostListOptions{})
	if err != nil {
		t.Fatal(err)
	}
	urls := guard.URLTesterFunc(func(whatwg.URL) bool { return true })
	public := []netip.Addr{netip.MustParseAddr("93.184.215.14")}
	resolver := guard.ResolverFunc(func(context.Context, string, string) ([]netip.Addr, error) { return public, nil })
	tests := []struct {
		in                                                        string
		compare, check, onlyHosts, onlyURLs, lookup, hosts, other float64
	}{
		{"https://www.example.com/search?q=go", 5, 5, 5, 7, 6, 5, 5},
		{"HTTPS://WWW.EXAMPLE.COM/search?q=go", 11, 13, 13, 15, 14, 12, 14}, // the rules lower the case of the name of the dial target twice (localhost, metadata)
		{"https://www.example.com/a b?q=é", 12, 12, 12, 17, 13, 12, 12},
	}
	for _, tt := range tests {
		policies := []struct {
			name string
			p    guard.Policy
			want float64
		}{
			{"Policy{}", guard.Policy{}, tt.check},
			{"OnlyHosts", guard.Policy{OnlyHosts: hosts}, tt.onlyHosts},
			{"OnlyURLs", guard.Policy{OnlyURLs: urls}, tt.onlyURLs},
			{"Hosts that trust it", guard.Policy{Hosts: trusted}, tt.hosts},
			{"Hosts that do not", guard.Policy{Hosts: other}, tt.other},
		}
		if got := testing.AllocsPerRun(100, func() { readings.Compare(tt.in) }); got != tt.compare {
			t.Errorf("readings.Compare(%q) allocates %v times, want %v", tt.in, got, tt.compare)
		}
		for _, pt := range policies {
			if _, err := pt.p.Check(tt.in); err != nil {
				t.Fatalf("%s.Check(%q): %v", pt.name, tt.in, err)
			}
			if got := testing.AllocsPerRun(100, func() { pt.p.Check(tt.in) }); got != pt.want {
				t.Errorf("%s.Check(%q) allocates %v times, want %v", pt.name, tt.in, got, pt.want)
			}
		}
		var p guard.Policy
		if got := testing.AllocsPerRun(100, func() { p.Lookup(context.Background(), resolver, tt.in) }); got != tt.lookup {
			t.Errorf("Lookup(%q) allocates %v times, want %v", tt.in, got, tt.lookup)
		}
	}
}
