package route

import (
	"net/http"
	"strings"
	"testing"

	"github.com/gouri/uri/internal/timing"
)

// TestLinearTime checks with the module's check of time (internal/timing)
// that serving a request takes time linear in the length of its target,
// on the shapes that take the table's slow ways: a value refused, so
// that the routes after it are tried; a path read by the URL Standard's
// parser for a redirect; many segments, long segments, many encoded
// bytes to decode; and the module's families of hostile URLs, given as
// absolute-form targets.
func TestLinearTime(t *testing.T) {
	timing.Tier(t)
	tab := apiTable(t, Options{})
	w := &discard{h: http.Header{}}
	serve := func(target string) {
		r := request("GET", target)
		tab.ServeHTTP(w, r)
	}
	rep := func(prefix, unit, suffix string) func(n int) string {
		return func(n int) string { return prefix + strings.Repeat(unit, n/len(unit)) + suffix }
	}
	families := []timing.Family{
		{Name: "a long segment", Build: rep("/repos/", "a", "/go")},
		{Name: "many segments", Build: rep("/static/", "a/", "")},
		{Name: "a long wildcard to decode", Build: rep("/static/", "%C3%A9", "")},
		{Name: "encoded slashes, refused", Build: rep("/repos/golang/go/contents/", "a%2F", "")},
		{Name: "encoded slashes, the next route", Build: rep("/x/y/", "%2F", "")},
		{Name: "dot segments, redirected", Build: rep("/static/", "a/../", "")},
		{Name: "encoded dot segments, redirected", Build: rep("/static/", "%2e%2E/", "")},
		{Name: "backslashes, redirected", Build: rep("/static/", "a\\", "")},
		{Name: "bytes outside ASCII, redirected", Build: rep("/static/", "\u00e9", "?q=\u00e9")},
		{Name: "a long query", Build: rep("/repos/golang/go?", "k=v&", "")},
	}
	families = append(families, timing.Families...)
	for _, f := range families {
		if ratio, ok := timing.CheckLinear(serve, f.Build, timing.LinearSize/4); !ok {
			t.Errorf("%s: time grows %.1f times for 8 times the target", f.Name, ratio)
		}
	}
}
