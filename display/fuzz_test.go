package display

import (
	"testing"

	"github.com/gouri/uri"
)

// hostSeeds are hosts of every kind the checks tell apart.
var hostSeeds = []string{
	"example.com", "EXAMPLE.com", "xn--bcher-kva.de", "bücher.de", "xn--80ak6aa92e.com", "аррӏе.com",
	"xn--e1awd7f.com", "xn--fu-hia.de", "xn--example-.com", "xn--", "a.xn--p1ai", "l·l.cat", "xn--ll-0ea.cat",
	"[::1]", "[::A]", "[V1.x]", "127.0.0.1", "%E4%BE%8B.jp", "xn--1lq90ic7f1rc.cn", "gооgle.com", "tést.net", "", "a..b.",
	"0x7f.1", "%30X7f.1", "2130706433", "example.123",
}

// FuzzHost: no host makes Host panic; an error is a *uri.Error and the
// zero Decision; a decision keeps its invariants (checkDecision), the
// ASCII form is HostToASCII's (or the address that AmbiguousIPv4 reads in
// it, in dotted decimal), and both profiles agree on the ASCII form.
func FuzzHost(f *testing.F) {
	for _, s := range hostSeeds {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, host string) {
		for _, p := range []Policy{{}, {Profile: Firefox}} {
			d, err := p.Host(host)
			if err != nil {
				if _, ok := err.(*uri.Error); !ok || d.Host != "" || d.Labels != nil {
					t.Fatalf("%v.Host(%q) = %+v, %#v", p.Profile, host, d, err)
				}
				continue
			}
			checkDecision(t, p, host, d)
			a, err := uri.HostToASCII(host)
			if ip, ok := uri.AmbiguousIPv4(a); ok {
				a = ip.String()
			}
			if err == nil && a != d.ASCII {
				t.Errorf("%v.Host(%q).ASCII = %q, HostToASCII gives %q", p.Profile, host, d.ASCII, a)
			}
		}
	})
}

// FuzzURL: the display form of any URL parses back to the same URL and
// shows nothing outside ASCII that is not Allowed.
func FuzzURL(f *testing.F) {
	for _, s := range []string{
		"https://xn--bcher-kva.de/caf%C3%A9?q=%C3%A9#%E2%80%AE", "https://h/%DB%B0%C3%A9%CC%81", "mailto:%C3%A9",
		"http://xn--80ak6aa92e.com/", "https://u:p@h:1/%F0%9F%98%80", "foo://h/%C3%A9", "https://h/%c3%a9",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		shown, err := URL(s)
		if err != nil {
			return
		}
		roundTrip(t, s, shown)
		checkShown(t, s, shown)
	})
}
