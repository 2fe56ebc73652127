package robots

import (
	"strings"
	"testing"

	"github.com/gouri/uri/internal/timing"
	"github.com/gouri/uri/whatwg"
)

// TestAllocs: finding a crawler's rules and checking a path or a URL
// allocate nothing once the file is parsed, whether the path needs the
// normalization or not, and however long it is.
func TestAllocs(t *testing.T) {
	file, _ := benchData(t)
	r := Parse(file)
	g := Options{Reading: Google}.Parse(file)
	a, star := must(r.Agent("ExampleBot")), must(r.Agent("OtherBot"))
	u := whatwg.MustParse("https://www.example.com/products/x/reviews?page=2")
	long := "/" + strings.Repeat("caf%c3%a9/", 200)
	for _, c := range []struct {
		name   string
		f      func()
		allocs float64
	}{
		{"Robots.Agent", func() { _, _ = r.Agent("examplebot/2.1") }, 0},
		{"Agent.CheckPath", func() { star.CheckPath("/products/x/reviews?page=2") }, 0},
		{"Agent.CheckPath, normalized", func() { star.CheckPath("/caf%c3%a9/menu?u=http://x/") }, 0},
		{"Agent.CheckPath, normalized, long", func() { star.CheckPath(long) }, 0},
		{"Agent.CheckURL", func() { _, _ = star.CheckURL(u) }, 0},
		{"Agent.Check", func() { _, _ = a.Check("https://www.example.com/private/press/x.php") }, 0},
		{"Robots.Check", func() { _, _ = r.Check("OtherBot", "https://www.example.com/search?q=x") }, 0},
		{"Agent.CheckPath, Google", func() { must(g.Agent("OtherBot")).CheckPath("?q=x") }, 0},
		{"Agent.Check, Google", func() { _, _ = g.Check("ExampleBot", "www.example.com/a.php") }, 0},
	} {
		// The race detector makes sync.Pool drop buffers at random.
		if got := testing.AllocsPerRun(100, c.f); got != c.allocs && !timing.Race {
			t.Errorf("%s: %v allocations, want %v", c.name, got, c.allocs)
		}
	}
}

// TestURL: the URL of the robots.txt of a URL (RFC 9309, Section 2.3),
// as the URL Standard reads it.
func TestURL(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"https://www.example.com/a/b?c#d", "https://www.example.com/robots.txt"},
		{"HTTP://User:Pass@Example.COM:80/x", "http://example.com/robots.txt"},
		{"https://example.com:8443", "https://example.com:8443/robots.txt"},
		{"http://example.com:443/", "http://example.com:443/robots.txt"},
		{"ftp://ftp.example.com/pub/", "ftp://ftp.example.com/robots.txt"},
		{"https://B\u00fccher.example/", "https://xn--bcher-kva.example/robots.txt"},
		{"http://[::1]:8080/a", "http://[::1]:8080/robots.txt"},
		{"  https://example.com\\a\\b  ", "https://example.com/robots.txt"},
		{"foo://host:99/x", "foo://host:99/robots.txt"},
	} {
		got, err := URL(c.in)
		if err != nil || got != c.want {
			t.Errorf("URL(%q) = %q, %v; want %q", c.in, got, err, c.want)
		}
	}
}
