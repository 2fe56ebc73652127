package display

import (
	"testing"

	"github.com/gouri/uri/whatwg"
)

// TestURL: the display form, and that it parses back to the same URL.
func TestURL(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"https://example.com/", "https://example.com/"},
		{"https://xn--bcher-kva.de/", "https://bücher.de/"},                          // shown in Unicode
		{"https://xn--80ak6aa92e.com/", "https://xn--80ak6aa92e.com/"},               // аррӏе.com, Cyrillic: kept
		{"https://h/caf%C3%A9?q=%C3%A9#%C3%A9", "https://h/café?q=é#é"},              // decoded
		{"https://h/caf%c3%a9", "https://h/caf%c3%a9"},                               // lower-case hex: the parser would write upper case
		{"https://h/a%2Fb%20c", "https://h/a%2Fb%20c"},                               // ASCII stays encoded
		{"https://h/%E2%80%AEabc", "https://h/%E2%80%AEabc"},                         // a bidi control stays
		{"https://h/%E2%80%83", "https://h/%E2%80%83"},                               // a space stays
		{"https://h/%DB%B0", "https://h/%DB%B0"},                                     // U+06F0 looks like "."
		{"https://h/%E2%88%95", "https://h/%E2%88%95"},                               // U+2215 looks like "/"
		{"https://h/%CC%81", "https://h/%CC%81"},                                     // a combining mark alone
		{"https://h/e%CC%81", "https://h/e%CC%81"},                                   // not after a character decoded with it
		{"https://h/%C3%A9%CC%81", "https://h/é\u0301"},                              // after one
		{"https://h/%C3", "https://h/%C3"},                                           // no UTF-8
		{"https://u:p@xn--bcher-kva.de:8080/%C3%A9", "https://u:p@bücher.de:8080/é"}, // userinfo and port as they are
		{"mailto:%C3%A9@example.com", "mailto:é@example.com"},                        // an opaque path
		{"https://HELLO.com/%F0%9F%98%80", "https://hello.com/%F0%9F%98%80"},         // an emoji is no identifier character
		{"foo://xn--bcher-kva.de/", "foo://xn--bcher-kva.de/"},                       // an opaque host
	} {
		got, err := URL(c.in)
		if err != nil || got != c.want {
			t.Errorf("URL(%q) = %q, %v; want %q", c.in, got, err, c.want)
			continue
		}
		roundTrip(t, c.in, got)
	}
	if _, err := URL("http://[::1"); err == nil {
		t.Errorf("URL(%q): no error", "http://[::1")
	}
}

// roundTrip checks that the display form of in parses to the URL in does.
func roundTrip(t *testing.T, in, shown string) {
	t.Helper()
	want, err := whatwg.Parse(in)
	if err != nil {
		t.Fatalf("whatwg.Parse(%q): %v", in, err)
	}
	got, err := whatwg.Parse(shown)
	if err != nil || got != want {
		t.Errorf("URL(%q) = %q, which parses to %q, %v; want %q", in, shown, got.Href(), err, want.Href())
	}
}
