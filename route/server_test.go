package route

import (
	"bufio"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"
)

// TestServerHostile sends raw requests, as an attacker writes them, to a
// net/http server on the loopback interface whose handler is the table,
// and checks the answer: the request-target that reaches the table is
// the one net/http's server gives handlers (RequestURI), which no test
// that builds a request can stand in for.
func TestServerHostile(t *testing.T) {
	srv := httptest.NewServer(apiTable(t, Options{}))
	defer srv.Close()
	addr := strings.TrimPrefix(srv.URL, "http://")
	tests := []struct {
		target string
		want   answer
	}{
		{"/repos/golang/go", answer{Status: 200, Route: "GET /repos/:owner/:repo", Values: "owner=golang repo=go"}},
		{"/repos/..%2F..%2Fetc/passwd", answer{Status: 404}},
		{"/repos/golang/go/contents/..%2F..%2F..%2Fetc%2Fpasswd", answer{Status: 404}},
		{"/repos/golang/go/contents/%2e%2e%2f%2e%2e%2fetc/passwd", answer{Status: 404}},
		{"/repos/golang/go/contents/%2e%2e/%2e%2e/etc/passwd", answer{Status: 301, Location: "/repos/golang/etc/passwd"}},
		{"/repos/golang/go/contents/..\\..\\etc\\passwd", answer{Status: 301, Location: "/repos/golang/etc/passwd"}},
		{"/static/%2e%2e", answer{Status: 301, Location: "/"}},
		{"/static/.%2E/repos/golang/go", answer{Status: 301, Location: "/repos/golang/go"}},
		{"/static/%2fetc%2fpasswd", answer{Status: 404}},
		{"/static/..%5C..%5Cwin.ini", answer{Status: 404}}, // "..\..\win.ini" on Windows
		{"/static/..%5c..%5cwin.ini", answer{Status: 404}},
		{"/static/%01%C0", answer{Status: 200, Route: "/static/*", Values: "0=\x01\xc0"}}, // values are bytes, as sent
		{"//evil.example/", answer{Status: 404}},
		{"/.//evil.example/", answer{Status: 301, Location: "/.//evil.example/"}},
		{"/static/x#y", answer{Status: 400}},
		{"http://api.example/repos/golang/go", answer{Status: 200, Route: "GET /repos/:owner/:repo", Values: "owner=golang repo=go"}},
		{"http://api.example/repos/golang/../go", answer{Status: 301, Location: "/repos/go"}},
	}
	for _, tt := range tests {
		c, err := net.Dial("tcp", addr)
		if err != nil {
			t.Fatal(err)
		}
		c.SetDeadline(time.Now().Add(10 * time.Second))
		raw := "GET " + tt.target + " HTTP/1.1\r\nHost: api.example\r\nConnection: close\r\n\r\n"
		if _, err := io.WriteString(c, raw); err != nil {
			t.Fatal(err)
		}
		resp, err := http.ReadResponse(bufio.NewReader(c), nil)
		if err != nil {
			t.Errorf("GET %q: %v", tt.target, err)
			c.Close()
			continue
		}
		body, _ := io.ReadAll(resp.Body)
		c.Close()
		got := answer{Status: resp.StatusCode, Allow: resp.Header.Get("Allow"), Location: resp.Header.Get("Location")}
		if got.Status == 200 {
			got.Route, got.Values, _ = strings.Cut(string(body), "\x00")
			got.Values = strings.ReplaceAll(got.Values, "\x00", " ")
		}
		if got != tt.want {
			t.Errorf("server, GET %q: %+v, want %+v", tt.target, got, tt.want)
		}
	}
}
