package origin

import (
	"testing"

	"github.com/gouri/uri/whatwg"
)

// BenchmarkRedirect compares Redirect with the one parse of the target
// by the URL Standard that it costs (whatwg.URL.Parse against the parsed
// current URL), on the same inputs:
//
//	go test -run '^$' -bench 'Redirect$|LocalPath$' -count 10 ./origin > redirect.txt
//	benchstat -col /impl redirect.txt
func BenchmarkRedirect(b *testing.B) {
	const cur = "https://www.example.com/login?next=x"
	allow, err := NewAllowlist([]string{"https://*.example.org", "https://partner.example:8443"}, Options{})
	if err != nil {
		b.Fatal(err)
	}
	base := whatwg.MustParse(cur)
	shapes := []struct{ name, target string }{
		{"path", "/account/settings?tab=2"},
		{"href", "https://www.example.com/account/settings?tab=2"},
		{"relative", "../account/./settings?tab=2"},
		{"wildcard", "https://shop.eu.example.org/cart"},
		{"refused", "/\t/evil.example/"},
	}
	for _, s := range shapes {
		b.Run("shape="+s.name+"/impl=redirect", func(b *testing.B) {
			b.ReportAllocs()
			b.SetBytes(int64(len(s.target)))
			for b.Loop() {
				_, _ = Redirect(base, s.target, allow)
			}
		})
		b.Run("shape="+s.name+"/impl=whatwg", func(b *testing.B) {
			b.ReportAllocs()
			b.SetBytes(int64(len(s.target)))
			for b.Loop() {
				_, _ = base.Parse(s.target)
			}
		})
	}
}

// BenchmarkLocalPath compares LocalPath with one parse of the target.
func BenchmarkLocalPath(b *testing.B) {
	const target = "/account/settings?tab=2"
	b.Run("impl=localpath", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			_, _ = LocalPath(target)
		}
	})
	b.Run("impl=whatwg", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			_, _ = localBase.Parse(target)
		}
	})
}
