package httptarget_test

import (
	"bufio"
	"fmt"
	"net/http"
	"strings"

	"github.com/gouri/uri"
	"github.com/gouri/uri/httptarget"
)

// A reverse proxy rebuilds the URI that each request is for, and lets
// through only the paths under /api/, compared segment by segment.
func Example() {
	for _, raw := range []string{
		"GET /api/users?id=7 HTTP/1.1\r\nHost: www.example.org\r\n\r\n",
		"GET /api/../admin HTTP/1.1\r\nHost: www.example.org\r\n\r\n",
		"GET /apix HTTP/1.1\r\nHost: www.example.org\r\n\r\n",
		"GET http://www.example.org/api/ HTTP/1.1\r\nHost: other.example\r\n\r\n",
		"GET /api/ HTTP/1.1\r\nHost: [12345::1]\r\n\r\n",
		"GET /api/ HTTP/1.0\r\n\r\n",
	} {
		// In a handler, r is the request that net/http gives it.
		r, _ := http.ReadRequest(bufio.NewReader(strings.NewReader(raw)))
		u, err := httptarget.Config{Scheme: "https"}.FromRequest(r)
		switch {
		case err != nil:
			fmt.Println("400:", err)
		case !uri.HasPathPrefix(u.Path(), "/api/"):
			fmt.Println("404:", u)
		default:
			fmt.Println("pass:", u)
		}
	}
	// Output:
	// pass: https://www.example.org/api/users?id=7
	// 404: https://www.example.org/api/../admin
	// 404: https://www.example.org/apix
	// pass: http://www.example.org/api/
	// 400: uri: malformed IP literal in host at offset 5 of "[12345::1]"
	// 400: uri: build: no host (the request has no Host field, and no default host is set) at offset 0 (end of input) of ""
}
