package uri_test

import (
	"testing"

	"github.com/gouri/uri"
)

// TestSchemeIs: schemes compare without regard to the case of ASCII letters
// (RFC 3986, Section 3.1), and of nothing else.
func TestSchemeIs(t *testing.T) {
	tests := []struct {
		in, name string
		want     bool
	}{
		{"javascript:alert(1)", "javascript", true},
		{"JavaScript:alert(1)", "javascript", true},
		{"jAvAsCrIpT:alert(1)", "JAVASCRIPT", true},
		{"http://h/", "https", false},
		{"https://h/", "http", false},
		{"h.t+t-p://h/", "H.T+T-P", true},
		{"vbscript:x", "javascript", false},
		// Only ASCII letters fold: the Kelvin sign is not "k", and the long s
		// is not "s", as strings.EqualFold would have them.
		{"kx:y", "\u212Ax", false},
		{"javascript:x", "java\u017Fcript", false},
		// A relative reference has no scheme, even one that looks like it.
		{"./javascript:x", "javascript", false},
		{"", "", false},
		{"javascript", "javascript", false},
	}
	for _, tt := range tests {
		if got := uri.MustParse(tt.in).SchemeIs(tt.name); got != tt.want {
			t.Errorf("%q.SchemeIs(%q) = %v, want %v", tt.in, tt.name, got, tt.want)
		}
	}
}

// TestHostPort: the authority without its userinfo, as written (RFC 3986,
// Sections 3.2.2 and 3.2.3), as net/url's URL.Host.
func TestHostPort(t *testing.T) {
	tests := []struct{ in, want string }{
		{"http://u:p@Example.COM:8080/p", "Example.COM:8080"},
		{"http://[::1]:80/", "[::1]:80"},
		{"http://[::1]/", "[::1]"},
		{"http://h:/", "h:"}, // present and empty
		{"http://h/", "h"},
		{"file:///x", ""},
		{"//@", ""},
		{"mailto:a@b", ""},
		{"/p", ""},
	}
	for _, tt := range tests {
		if got := uri.MustParse(tt.in).HostPort(); got != tt.want {
			t.Errorf("%q.HostPort() = %q, want %q", tt.in, got, tt.want)
		}
	}
}

// TestDefaultPort: the scheme's default port from its specification, the
// one scheme-based normalization removes (RFC 3986, Section 6.2.3).
func TestDefaultPort(t *testing.T) {
	tests := []struct{ in, want string }{
		{"http://h/", "80"},      // RFC 9110, Section 4.2.1
		{"HTTPS://h/", "443"},    // RFC 9110, Section 4.2.2
		{"ws:x", "80"},           // RFC 6455, Section 3
		{"wss://h", "443"},       // RFC 6455, Section 3
		{"ftp://h/f", "21"},      // RFC 1738, Section 3.2
		{"coap://h", "5683"},     // RFC 7252, Section 6.1
		{"file:///x", ""},        // RFC 8089: no port
		{"mailto:a@b", ""},       // RFC 6068: no authority
		{"foo://h:1/", ""},       // not in the table
		{"//h/", ""},             // no scheme
		{"http://h:8080/", "80"}, // the scheme's, not u's
	}
	for _, tt := range tests {
		if got := uri.MustParse(tt.in).DefaultPort(); got != tt.want {
			t.Errorf("%q.DefaultPort() = %q, want %q", tt.in, got, tt.want)
		}
	}
}

// TestOrigin: the origin triple of RFC 6454, Section 4, with the examples of
// its Section 3.2.1, and the URIs that have none.
func TestOrigin(t *testing.T) {
	tests := []struct {
		why  string
		in   string
		want uri.Origin
		ok   bool
		text string
	}{
		// RFC 6454, Section 3.2.1: three URIs of one origin ...
		{"3.2.1", "http://example.com/", origin("http", "example.com", 80), true, "http://example.com"},
		{"3.2.1", "http://example.com:80/", origin("http", "example.com", 80), true, "http://example.com"},
		{"3.2.1", "http://example.com/path/file", origin("http", "example.com", 80), true, "http://example.com"},
		// ... and six of other origins.
		{"3.2.1", "http://example.com:8080/", origin("http", "example.com", 8080), true, "http://example.com:8080"},
		{"3.2.1", "http://www.example.com/", origin("http", "www.example.com", 80), true, "http://www.example.com"},
		{"3.2.1", "https://example.com:80/", origin("https", "example.com", 80), true, "https://example.com:80"},
		{"3.2.1", "https://example.com/", origin("https", "example.com", 443), true, "https://example.com"},
		{"3.2.1", "http://example.org/", origin("http", "example.org", 80), true, "http://example.org"},
		{"3.2.1", "http://ietf.org/", origin("http", "ietf.org", 80), true, "http://ietf.org"},
		// Section 4, steps 2 and 5: scheme and host in lower case; the host
		// as in the normal form (RFC 3986, Section 6.2.2).
		{"4, step 5", "HTTP://Example.COM/", origin("http", "example.com", 80), true, "http://example.com"},
		{"4, step 5, percent-encoding", "http://%65xample.com/", origin("http", "example.com", 80), true, "http://example.com"},
		{"4, step 5, RFC 5952", "http://[2001:DB8:0::1]:8080/", origin("http", "[2001:db8::1]", 8080), true, "http://[2001:db8::1]:8080"},
		{"4, step 5, IDNA", "https://B%C3%BCcher.example/", origin("https", "xn--bcher-kva.example", 443), true, "https://xn--bcher-kva.example"},
		{"4, step 5, IPv4", "ws://192.0.2.1:9000/chat", origin("ws", "192.0.2.1", 9000), true, "ws://192.0.2.1:9000"},
		// Section 4, step 6: the default port when there is none; an empty
		// port is none (RFC 3986, Section 3.2.3), leading zeros do not count.
		{"4, step 6, empty port", "http://h:/", origin("http", "h", 80), true, "http://h"},
		{"4, step 6, leading zeros", "http://h:0080/", origin("http", "h", 80), true, "http://h"},
		{"4, step 6, port 0", "http://h:0/", origin("http", "h", 0), true, "http://h:0"},
		{"userinfo, query and fragment do not count", "https://u:p@h/a?b#c", origin("https", "h", 443), true, "https://h"},
		// Section 4, step 1 and 3: a globally unique identifier.
		{"4, step 4: file", "file:///etc/hosts", uri.Origin{}, false, "null"},
		{"4, step 1: no authority", "mailto:a@example.com", uri.Origin{}, false, "null"},
		{"4, step 3: scheme unknown", "foo://example.com/", uri.Origin{}, false, "null"},
		{"4, step 1: scheme without a host", "data:text/plain,x", uri.Origin{}, false, "null"},
		{"4, step 1: javascript", "javascript:alert(1)", uri.Origin{}, false, "null"},
		{"4, step 1: relative reference", "//example.com/", uri.Origin{}, false, "null"},
		{"4, step 1: empty host", "http:///p", uri.Origin{}, false, "null"},
		{"4, step 1: no authority, http", "http:/p", uri.Origin{}, false, "null"},
		{"no such port", "http://h:65536/", uri.Origin{}, false, "null"},
	}
	for _, tt := range tests {
		got, ok := uri.MustParse(tt.in).Origin()
		if got != tt.want || ok != tt.ok || got.String() != tt.text {
			t.Errorf("%s: %q.Origin() = %#v, %v (%q); want %#v, %v (%q)", tt.why, tt.in, got, ok, got, tt.want, tt.ok, tt.text)
		}
	}
}

// TestOriginEquivalent: URIs that are Equivalent have the same origin,
// over the committed corpus and its normal forms.
func TestOriginEquivalent(t *testing.T) {
	for _, s := range loadCorpus(t) {
		u, err := uri.Parse(s)
		if err != nil {
			continue
		}
		a, aok := u.Origin()
		b, bok := u.Normalize().Origin()
		if a != b || aok != bok {
			t.Fatalf("%q.Origin() = %v, %v, but its normal form's is %v, %v", s, a, aok, b, bok)
		}
	}
}

// TestOriginAllocs: nothing is allocated for a URI whose scheme and host are
// already normal, whatever the rest holds; the normalization of the host,
// when it is needed, is the only allocation.
func TestOriginAllocs(t *testing.T) {
	tests := []struct {
		in   string
		want float64
	}{
		{"https://example.com/a/%7e/../b?Q#F", 0},
		{"http://[2001:db8::1]:8080/", 0},
		{"mailto:x@y", 0},
		{"HTTPS://example.com/", 1},
		{"https://Example.com/", 1},
	}
	for _, tt := range tests {
		u := uri.MustParse(tt.in)
		if got := testing.AllocsPerRun(100, func() { sinkOrigin, _ = u.Origin() }); got != tt.want {
			t.Errorf("%q.Origin(): %v allocations, want %v", tt.in, got, tt.want)
		}
	}
}

var sinkOrigin uri.Origin

func origin(scheme, host string, port uint16) uri.Origin {
	return uri.Origin{Scheme: scheme, Host: host, Port: port}
}

// TestOriginString: the ASCII serialization of RFC 6454, Section 6.1, also
// for Origins built by hand.
func TestOriginString(t *testing.T) {
	tests := []struct {
		o    uri.Origin
		want string
	}{
		{origin("https", "example.com", 443), "https://example.com"},
		{origin("https", "example.com", 80), "https://example.com:80"},
		{origin("ws", "[::1]", 80), "ws://[::1]"},
		{origin("foo", "h", 1), "foo://h:1"}, // no default port
		{uri.Origin{}, "null"},
	}
	for _, tt := range tests {
		if got := tt.o.String(); got != tt.want {
			t.Errorf("%#v.String() = %q, want %q", tt.o, got, tt.want)
		}
	}
}

// checkOrigin checks, for FuzzInvariant, that u and its normal form have
// the same origin (URIs that are Equivalent are of one origin), and that
// the serialization of an origin (RFC 6454, Section 6.1) is a URI of that
// origin.
func checkOrigin(t *testing.T, u uri.URI) {
	t.Helper()
	o, ok := u.Origin()
	if n, nok := u.Normalize().Origin(); n != o || nok != ok {
		t.Fatalf("%q.Origin() = %v, %v, but its normal form's is %v, %v", u, o, ok, n, nok)
	}
	if !ok {
		if o != (uri.Origin{}) {
			t.Fatalf("%q.Origin() = %#v, false", u, o)
		}
		return
	}
	parse := uri.Parse
	if u.Zone() != "" {
		parse = uri.ParseRFC6874 // the zone is a part of the host
	}
	s, err := parse(o.String())
	if err != nil {
		t.Fatalf("%q.Origin() = %q, which does not parse: %v", u, o, err)
	}
	if back, ok := s.Origin(); !ok || back != o {
		t.Fatalf("%q.Origin() = %#v, but its text %q has the origin %#v, %v", u, o, o, back, ok)
	}
}
