package httptarget

import (
	"testing"

	"github.com/gouri/uri"
)

// BenchmarkTargetURI measures TargetURI on a request-target of each form
// that has a target URI of its own text or of the Host field's:
//
//	go test -run '^$' -bench TargetURI ./httptarget
func BenchmarkTargetURI(b *testing.B) {
	host, _ := uri.ParseHost("www.example.org:8080")
	for _, c := range []struct{ form, method, target string }{
		{"origin", "GET", "/products/item-123?ref=home&lang=en"},
		{"absolute", "GET", "http://www.example.org/pub/WWW/TheProject.html"},
		{"authority", "CONNECT", "www.example.com:443"},
	} {
		t, err := uri.ParseTarget(c.method, c.target)
		if err != nil {
			b.Fatal(err)
		}
		b.Run("form="+c.form, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if _, err := (Config{Scheme: "https"}).TargetURI(t, host, false); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
