package httptarget

import (
	"bufio"
	"crypto/tls"
	"errors"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/gouri/uri"
)

// readRequest reads the raw request as net/http's server reads it, and
// marks it as received over TLS when secure is set.
func readRequest(t *testing.T, raw string, secure bool) *http.Request {
	t.Helper()
	r, err := http.ReadRequest(bufio.NewReader(strings.NewReader(raw)))
	if err != nil {
		t.Fatalf("http.ReadRequest(%q): %v", raw, err)
	}
	if secure {
		r.TLS = &tls.ConnectionState{}
	}
	return r
}

// TestFromRequest: requests as net/http reads them, each row naming the
// rule of RFC 9112 or RFC 9110 it pins.
func TestFromRequest(t *testing.T) {
	tests := []struct {
		why    string
		raw    string
		secure bool
		c      Config
		want   string
		err    error
	}{
		{"RFC 9112, 3.2.1", "GET /where?q=now HTTP/1.1\r\nHost: www.example.org\r\n\r\n", false, Config{},
			"http://www.example.org/where?q=now", nil},
		{"RFC 9112, 3.3, example 1: secured", "GET /pub/WWW/TheProject.html HTTP/1.1\r\nHost: www.example.org\r\n\r\n", true, Config{},
			"https://www.example.org/pub/WWW/TheProject.html", nil},
		{"RFC 9112, 3.3, example 2", "OPTIONS * HTTP/1.1\r\nHost: www.example.org:8080\r\n\r\n", false, Config{},
			"http://www.example.org:8080", nil},
		{"RFC 9112, 3.2.2: the target wins over Host", "GET http://www.example.org/pub/ HTTP/1.1\r\nHost: other.example\r\n\r\n", false,
			Config{}, "http://www.example.org/pub/", nil},
		{"RFC 9112, 3.2.3", "CONNECT www.example.com:80 HTTP/1.1\r\nHost: www.example.com\r\n\r\n", false, Config{},
			"http://www.example.com:80", nil},
		{"RFC 9112, 3.3: a fixed scheme", "GET / HTTP/1.1\r\nHost: a.example\r\n\r\n", false, Config{Scheme: "https"},
			"https://a.example/", nil},
		{"RFC 9112, 3.2.1: a path that begins with //", "GET //evil.example/x HTTP/1.1\r\nHost: a.example\r\n\r\n", false, Config{},
			"http://a.example//evil.example/x", nil},
		{"RFC 9112, 3.3: HTTP/1.0 without Host", "GET /x HTTP/1.0\r\n\r\n", false, Config{}, "", uri.ErrNoHost},
		{"RFC 9112, 3.3: a configured default", "GET /x HTTP/1.0\r\n\r\n", true, Config{DefaultHost: "www.example.org"},
			"https://www.example.org/x", nil},
		{"RFC 9112, 3.3: an empty Host", "GET /x HTTP/1.1\r\nHost: \r\n\r\n", false, Config{}, "", uri.ErrNoHost},
		{"RFC 9110, 4.2.4: userinfo", "GET http://u:p@a.example/ HTTP/1.1\r\nHost: a.example\r\n\r\n", false, Config{}, "",
			ErrUserinfoNotAllowed},
		{"RFC 9110, 7.2: an IPv6 address in brackets", "GET / HTTP/1.1\r\nHost: [12345::1]\r\n\r\n", false, Config{}, "",
			uri.ErrBadIPLiteral},
		{"RFC 9112, 3.2: no fragment", "GET /a#b HTTP/1.1\r\nHost: a\r\n\r\n", false, Config{}, "", uri.ErrInvalidByte},
		{"RFC 9112, 3.2.3: net/rpc's CONNECT with a path", "CONNECT /_goRPC_ HTTP/1.0\r\n\r\n", false, Config{}, "", uri.ErrInvalidByte},
		{"a bad default", "GET /x HTTP/1.0\r\n\r\n", false, Config{DefaultHost: "a b"}, "", uri.ErrInvalidByte},
	}
	for _, tt := range tests {
		r := readRequest(t, tt.raw, tt.secure)
		u, err := tt.c.FromRequest(r)
		if tt.err != nil {
			var e *uri.Error
			if !errors.Is(err, tt.err) || !errors.As(err, &e) || u != (uri.URI{}) {
				t.Errorf("%s: FromRequest(%q) = %q, %v; want %v", tt.why, tt.raw, u, err, tt.err)
			}
			continue
		}
		if err != nil || u.String() != tt.want {
			t.Errorf("%s: FromRequest(%q) = %q, %v; want %q", tt.why, tt.raw, u, err, tt.want)
		}
	}
}

// TestFromRequestHTTP2: the fields that net/http's HTTP/2 server sets from
// the pseudo-header fields.
func TestFromRequestHTTP2(t *testing.T) {
	tests := []struct {
		method, requestURI, host, want string
	}{
		{"GET", "/a?b", "www.example.org", "https://www.example.org/a?b"},
		{"OPTIONS", "*", "www.example.org:8443", "https://www.example.org:8443"},
		{"CONNECT", "www.example.com:443", "www.example.com:443", "https://www.example.com:443"},
		{"CONNECT", "/chat", "www.example.org", "https://www.example.org/chat"}, // RFC 8441, Section 4
	}
	for _, tt := range tests {
		r := &http.Request{Method: tt.method, RequestURI: tt.requestURI, Host: tt.host, Proto: "HTTP/2.0", ProtoMajor: 2,
			TLS: &tls.ConnectionState{}}
		if u, err := FromRequest(r); err != nil || u.String() != tt.want {
			t.Errorf("FromRequest(HTTP/2 %s %s, :authority %s) = %q, %v; want %q", tt.method, tt.requestURI, tt.host, u, err, tt.want)
		}
	}
	// A request made by a client has no RequestURI.
	r := httptest.NewRequest("GET", "http://a.example/x", nil)
	r.RequestURI = ""
	if _, err := FromRequest(r); err == nil {
		t.Error("FromRequest of a client's request: no error")
	}
}

// TestFromRequestServer sends raw requests to a net/http server on the
// loopback interface and checks what its handler rebuilds. ("OPTIONS *"
// never reaches a handler: net/http answers it itself.)
func TestFromRequestServer(t *testing.T) {
	got := make(chan string, 1)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		u, err := FromRequest(r)
		if err != nil {
			got <- "error: " + err.Error()
			return
		}
		got <- u.String()
	}))
	defer srv.Close()
	addr := strings.TrimPrefix(srv.URL, "http://")
	tests := []struct{ raw, want string }{
		{"GET /where?q=now HTTP/1.1\r\nHost: www.example.org\r\nConnection: close\r\n\r\n", "http://www.example.org/where?q=now"},
		{"GET http://www.example.org/pub/ HTTP/1.1\r\nHost: other.example\r\nConnection: close\r\n\r\n", "http://www.example.org/pub/"},
		{"GET /x HTTP/1.0\r\n\r\n", "error: uri: build: no host (the request has no Host field, and no default host is set) at offset 0 (end of input) of \"\""},
		{"GET //evil.example/x HTTP/1.1\r\nHost: a.example\r\nConnection: close\r\n\r\n", "http://a.example//evil.example/x"},
	}
	for _, tt := range tests {
		c, err := net.Dial("tcp", addr)
		if err != nil {
			t.Fatal(err)
		}
		c.SetDeadline(time.Now().Add(10 * time.Second))
		if _, err := io.WriteString(c, tt.raw); err != nil {
			t.Fatal(err)
		}
		select {
		case s := <-got:
			if s != tt.want {
				t.Errorf("server, request %q: %q, want %q", tt.raw, s, tt.want)
			}
		case <-time.After(10 * time.Second):
			t.Errorf("server, request %q: the handler was not called", tt.raw)
		}
		io.Copy(io.Discard, c)
		c.Close()
	}
}

// TestRefuseEncodedSlash: with Config.RefuseEncodedSlash, a "%2F" or
// "%5C" in the path of a request-target (RFC 3986, Section 2.2: data
// inside its segment, which a backend that decodes it splits) is an error
// at its "%", in FromRequest, TargetURI and URL alike; the query, and
// "%252F" (the text "%2F"), are not refused, and without the option
// nothing is.
func TestRefuseEncodedSlash(t *testing.T) {
	on := Config{RefuseEncodedSlash: true}
	for _, c := range []struct {
		why, method, target string
		offset              int // -1: no error
	}{
		{"an encoded slash", "GET", "/api/..%2Fadmin", 7},
		{"in lower case", "GET", "/api/..%2fadmin", 7},
		{"an encoded backslash, a separator on Windows", "GET", "/api/..%5Cadmin", 7},
		{"an encoded backslash in lower case", "GET", "/api/..%5cadmin", 7},
		{"at the end of the path", "GET", "/a%2F?x", 2},
		{"absolute-form", "GET", "http://www.example.org/a%2Fb", 24},
		{"absolute-form, a host like the path", "GET", "http://p/p%2F", 10},
		{"the query is not the path", "GET", "/api/x?next=%2Fadmin%5C", -1},
		{"%252F is the text %2F", "GET", "/api/%252F", -1},
		{"a bare % before 2F cannot be", "GET", "/api/%25%2F", 8},
		{"authority-form has no path", "CONNECT", "www.example.org:443", -1},
		{"asterisk-form has no path", "OPTIONS", "*", -1},
	} {
		raw := c.method + " " + c.target + " HTTP/1.1\r\nHost: www.example.org\r\n\r\n"
		tgt, err := uri.ParseTarget(c.method, c.target)
		if err != nil {
			t.Fatalf("%s: ParseTarget(%q): %v", c.why, c.target, err)
		}
		host, _ := uri.ParseHost("www.example.org")
		_, e1 := on.FromRequest(readRequest(t, raw, false))
		_, e2 := on.TargetURI(tgt, host, false)
		errs := []error{e1, e2}
		if c.method == "GET" {
			_, e3 := on.URL(readRequest(t, raw, false))
			errs = append(errs, e3)
		}
		for i, err := range errs {
			var e *uri.Error
			switch {
			case c.offset < 0 && err != nil:
				t.Errorf("%s: call %d of %q: %v, want no error", c.why, i, c.target, err)
			case c.offset >= 0 && (!errors.As(err, &e) || !errors.Is(err, uri.ErrEncodedSeparator) || e.Op != uri.OpParse ||
				e.Offset != c.offset || e.Component != uri.Path || e.Input != c.target):
				t.Errorf("%s: call %d of %q: %#v, want ErrEncodedSeparator at %d in the path", c.why, i, c.target, err, c.offset)
			}
		}
		if _, err := (Config{}).FromRequest(readRequest(t, raw, false)); err != nil {
			t.Errorf("%s: without the option, FromRequest(%q): %v", c.why, c.target, err)
		}
	}
}
