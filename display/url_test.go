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
		{"https://u:p@xn--bcher-kva.de:8080/%C3%A9", "https://bücher.de:8080/é"},     // userinfo dropped, port kept
		{"https://accounts.google.com:login@evil.example/", "https://evil.example/"}, // a userinfo that passes for a host
		{"https://www.paypal.com%2Fsignin@evil.example/x", "https://evil.example/x"}, // and one with an encoded "/"
		{"https://user@evil.example/", "https://evil.example/"},                      // a username alone
		{"https://:secret@evil.example/", "https://evil.example/"},                   // a password alone
		{"http://@example.com/", "http://example.com/"},                              // an empty userinfo, which the parser drops
		{"foo://u:p@h/%C3%A9", "foo://h/é"},                                          // a non-special scheme
		{"http://u@0x7f.1/", "http://127.0.0.1/"},                                    // the host as the URL Standard reads it
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

// roundTrip checks that the display form of in parses to the URL in does,
// less its username and password.
func roundTrip(t *testing.T, in, shown string) {
	t.Helper()
	want, err := whatwg.Parse(in)
	if err != nil {
		t.Fatalf("whatwg.Parse(%q): %v", in, err)
	}
	if want.Username() != "" || want.Password() != "" {
		if err := want.SetUsername(""); err != nil {
			t.Fatalf("SetUsername of %q: %v", in, err)
		}
		if err := want.SetPassword(""); err != nil {
			t.Fatalf("SetPassword of %q: %v", in, err)
		}
	}
	got, err := whatwg.Parse(shown)
	if err != nil || got != want {
		t.Errorf("URL(%q) = %q, which parses to %q, %v; want %q", in, shown, got.Href(), err, want.Href())
	}
}

// TestHostAsParsed: a host is shown as the URL Standard's host parser
// reads it (section 3.5): percent-encodings decoded, and a name that its
// IPv4 parser reads as an address shown as that address in dotted decimal,
// since "0x7f.1" does not read as the loopback address it is.
func TestHostAsParsed(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"example.com", "example.com"},
		{"ex%61mple.com", "example.com"},   // percent-decoded
		{"0x7f.1", "127.0.0.1"},            // hexadecimal, two parts
		{"0X7F.1", "127.0.0.1"},            // in upper case
		{"0177.0.0.1", "127.0.0.1"},        // octal
		{"2130706433", "127.0.0.1"},        // one number
		{"127.1", "127.0.0.1"},             // the last part fills three bytes
		{"127.0.0.1.", "127.0.0.1"},        // the IPv4 parser drops one final "."
		{"%30x7f.1", "127.0.0.1"},          // percent-encoded
		{"0x", "0.0.0.0"},                  // "0x" with no digits is 0
		{"127.0.0.1", "127.0.0.1"},         // already dotted decimal
		{"1password.com", "1password.com"}, // a name that starts with a digit
		{"example.123", "example.123"},     // ends in a number but is no address: as it is
		{"1.2.3.4.5", "1.2.3.4.5"},         // five parts: no address
		{"[::1]", "[::1]"},
	} {
		d, err := Host(c.in)
		if err != nil || d.Host != c.want || d.ASCII != c.want || d.Labels != nil || d.Unicode() {
			t.Errorf("Host(%q) = %+v, %v; want Host and ASCII %q", c.in, d, err, c.want)
		}
	}
}
