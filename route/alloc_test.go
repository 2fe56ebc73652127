package route

import (
	"net/http"
	"testing"
)

// discard is a ResponseWriter that keeps nothing and allocates nothing,
// so that an allocation count is the table's.
type discard struct{ h http.Header }

func (d *discard) Header() http.Header         { return d.h }
func (d *discard) Write(b []byte) (int, error) { return len(b), nil }
func (d *discard) WriteHeader(int)             {}

// TestAllocs pins what ServeHTTP allocates, with handlers that allocate
// nothing: nothing on a miss (404), whether or not another method's
// routes are walked; nothing to find a route; for a hit, the map of
// values that r.SetPathValue makes in a request that has none (two
// allocations), and each value that decoding changes; the Allow field of
// a 405 and its slice in the header.
func TestAllocs(t *testing.T) {
	quiet := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { w.WriteHeader(http.StatusTeapot) })
	var routes []Route
	for _, r := range apiRoutes {
		routes = append(routes, Route{r.pattern, quiet})
	}
	tab, err := New(routes, Options{NotFound: quiet, MethodNotAllowed: quiet})
	if err != nil {
		t.Fatal(err)
	}
	w := &discard{h: http.Header{}}
	tests := []struct {
		why            string
		method, target string
		fresh          bool // a new request each time, whose values are not set
		allocs         float64
	}{
		{"a miss", "GET", "/repos/golang", false, 0},
		{"a miss, long", "GET", "/repos/golang/go/issues/new/and/more/segments/than/any/route", false, 0},
		{"a miss of every method", "PUT", "/nothing/here", false, 0},
		{"a miss with a query", "GET", "/nothing?q=%zz&x[]=1", false, 0},
		{"a miss, a refused value", "GET", "/repos/a%2Fb/go", false, 0},
		{"a miss, a value refused for %5C", "GET", "/repos/a%5Cb/go", false, 0},
		{"a hit without values", "GET", "/", true, 0},
		{"a hit, the values set before", "GET", "/repos/golang/go", false, 0},
		{"a hit, the map of values", "GET", "/repos/golang/go", true, 2},
		{"a hit, a decoded value", "GET", "/repos/go%20lang/go", true, 3},
		{"a hit, a wildcard", "GET", "/repos/golang/go/contents/src/net/url.go", true, 2},
		{"405: the Allow field", "PUT", "/repos/golang/go", false, 2},
	}
	for _, tt := range tests {
		r := request(tt.method, tt.target)
		base := *r
		got := testing.AllocsPerRun(100, func() {
			if tt.fresh {
				*r = base
			}
			tab.ServeHTTP(w, r)
		})
		if got != tt.allocs {
			t.Errorf("%s: %s %q: %v allocations, want %v", tt.why, tt.method, tt.target, got, tt.allocs)
		}
	}
}
