package httptarget

import (
	"crypto/tls"
	"errors"
	"net/http"
	"testing"

	"github.com/gouri/uri"
	"github.com/gouri/uri/whatwg"
)

// TestURL: requests as net/http reads them, and the URL Standard's URL of
// each, every row naming the rule it pins.
func TestURL(t *testing.T) {
	tests := []struct {
		why    string
		raw    string
		secure bool
		c      Config
		want   string
		err    error
		off    int // the Offset of the error
	}{
		{"RFC 9112, 3.3: the scheme of the connection", "GET /where?q=now HTTP/1.1\r\nHost: www.example.org\r\n\r\n", true, Config{},
			"https://www.example.org/where?q=now", nil, 0},
		{"RFC 9112, 3.3: a fixed scheme, the default port folded", "GET / HTTP/1.1\r\nHost: a.example:443\r\n\r\n", false, Config{Scheme: "https"},
			"https://a.example/", nil, 0},
		{"URL Standard: the host in lower case", "GET /A HTTP/1.1\r\nHost: WWW.Example.ORG:8080\r\n\r\n", false, Config{},
			"http://www.example.org:8080/A", nil, 0},
		{"URL Standard: dot segments removed, also as %2E", "GET /a/../b/%2e%2E/c HTTP/1.1\r\nHost: h\r\n\r\n", false, Config{},
			"http://h/c", nil, 0},
		{"URL Standard: what browsers send unencoded", "GET /a|b[0]?x[]=1&y=%zz HTTP/1.1\r\nHost: h\r\n\r\n", false, Config{},
			"http://h/a|b[0]?x[]=1&y=%zz", nil, 0},
		{"URL Standard: bytes outside ASCII percent-encoded", "GET /caf\xc3\xa9?q=\xc3\xa9 HTTP/1.1\r\nHost: h\r\n\r\n", false, Config{},
			"http://h/caf%C3%A9?q=%C3%A9", nil, 0},
		{"RFC 9112, 3.2.1: a path that begins with //", "GET //evil.example/x HTTP/1.1\r\nHost: a.example\r\n\r\n", false, Config{},
			"http://a.example//evil.example/x", nil, 0},
		{"RFC 9112, 3.2.1: a path that begins with //, with a dot segment", "GET /.//evil.example/x HTTP/1.1\r\nHost: a.example\r\n\r\n", false, Config{},
			"http://a.example//evil.example/x", nil, 0},
		{"RFC 9112, 3.2.2: absolute-form, the target wins over Host", "GET HTTP://www.example.org/pub/../x HTTP/1.1\r\nHost: other.example\r\n\r\n", false,
			Config{}, "http://www.example.org/x", nil, 0},
		{"RFC 9112, 3.2.3: CONNECT", "CONNECT www.example.com:80 HTTP/1.1\r\nHost: www.example.com\r\n\r\n", true, Config{},
			"https://www.example.com:80/", nil, 0},
		{"RFC 9112, 3.2.4: asterisk-form", "OPTIONS * HTTP/1.1\r\nHost: www.example.org\r\n\r\n", false, Config{},
			"http://www.example.org/", nil, 0},
		{"RFC 9112, 3.3: a configured default", "GET /x HTTP/1.0\r\n\r\n", true, Config{DefaultHost: "www.example.org"},
			"https://www.example.org/x", nil, 0},
		{"RFC 9112, 3.3: HTTP/1.0 without Host", "GET /x HTTP/1.0\r\n\r\n", false, Config{}, "", uri.ErrNoHost, 0},
		{"RFC 9110, 7.2: the Host field is read by RFC 3986", "GET / HTTP/1.1\r\nHost: [12345::1]\r\n\r\n", false, Config{}, "",
			uri.ErrBadIPLiteral, 5},
		{"RFC 9110, 7.1: no fragment", "GET /a?b#c HTTP/1.1\r\nHost: h\r\n\r\n", false, Config{}, "", uri.ErrInvalidByte, 4},
		{"RFC 9110, 4.2.4: userinfo in absolute-form", "GET http://u@a.example/ HTTP/1.1\r\nHost: a.example\r\n\r\n", false, Config{}, "",
			ErrUserinfoNotAllowed, 7},
		{"URL Standard: a host that it refuses, at the escape of its NUL", "GET / HTTP/1.1\r\nHost: a%00b\r\n\r\n", false, Config{}, "",
			whatwg.ErrDomainToASCII, 8},
	}
	for _, tt := range tests {
		r := readRequest(t, tt.raw, tt.secure)
		u, err := tt.c.URL(r)
		if tt.err != nil {
			var e *uri.Error
			if !errors.Is(err, tt.err) || !errors.As(err, &e) || e.Offset != tt.off || u != (whatwg.URL{}) {
				t.Errorf("%s: URL(%q) = %q, %v; want %v at offset %d", tt.why, tt.raw, u.Href(), err, tt.err, tt.off)
			}
			continue
		}
		if err != nil || u.Href() != tt.want {
			t.Errorf("%s: URL(%q) = %q, %v; want %q", tt.why, tt.raw, u.Href(), err, tt.want)
		}
	}
}

// TestURLRefusesBytes: an origin-form target that net/http does not read
// itself, as a handler may be given one, with each byte that would change
// the URL's structure or vanish in the URL Standard's parser.
func TestURLRefusesBytes(t *testing.T) {
	tests := []struct {
		target string
		off    int
		comp   uri.Component
	}{
		{"/a#b", 2, uri.Path},
		{"/a?b#c", 4, uri.Query},
		{"/a b", 2, uri.Path},
		{"/a\tb", 2, uri.Path}, // the URL parser would drop it
		{"/a\nb", 2, uri.Path}, // the URL parser would drop it
		{"/a?\x00", 3, uri.Query},
		{"/a\x7f", 2, uri.Path},
	}
	for _, tt := range tests {
		r := &http.Request{Method: "GET", RequestURI: tt.target, Host: "h", Proto: "HTTP/2.0", ProtoMajor: 2,
			TLS: &tls.ConnectionState{}}
		u, err := URL(r)
		var e *uri.Error
		if !errors.As(err, &e) || e.Err != uri.ErrInvalidByte || e.Offset != tt.off || e.Component != tt.comp || e.Input != tt.target ||
			u != (whatwg.URL{}) {
			t.Errorf("URL(%q) = %q, %v; want ErrInvalidByte at offset %d in the %v", tt.target, u.Href(), err, tt.off, tt.comp)
		}
	}
}

// TestURLAgreesWithFromRequest: for targets that RFC 3986 allows, URL is
// the URL Standard's reading of FromRequest's URI.
func TestURLAgreesWithFromRequest(t *testing.T) {
	for _, target := range []string{"/", "/a/b?c=d", "/a/./b/../c", "/%41%2f?%7A", "//x/y", "/a;b=c/d:e@f", "http://h:80/x", "*"} {
		method := "GET"
		if target == "*" {
			method = "OPTIONS"
		}
		r := &http.Request{Method: method, RequestURI: target, Host: "Example.COM:8080", Proto: "HTTP/1.1", ProtoMajor: 1, ProtoMinor: 1}
		u, err := URL(r)
		ref, err2 := FromRequest(r)
		if err2 != nil {
			t.Errorf("FromRequest(%q): %v", target, err2)
			continue
		}
		want, err3 := whatwg.Parse(ref.String())
		if err != nil || err3 != nil || u != want {
			t.Errorf("URL(%q) = %q, %v; whatwg.Parse(FromRequest) = %q, %v", target, u.Href(), err, want.Href(), err3)
		}
	}
}
