package guard_test

import (
	"context"
	"errors"
	"io"
	"net"
	"net/http"
	"net/netip"
	"net/url"
	"strings"
	"testing"

	"github.com/gouri/uri"
	"github.com/gouri/uri/guard"
)

// netURLRejects are URLs that net/url rejects before a client's checks
// can run: http.Client.Get returns net/url's error for them, with no
// *guard.Error inside, so a fetcher answers 502 where it means 403.
var netURLRejects = []struct {
	in      string
	reading guard.Reading
	cause   string // the type of the parser's error, the Cause
}{
	{"http://evil.com\\@127.0.0.1/", "neturl", "*url.Error"},
	{" http://127.0.0.1/", "neturl", "*url.Error"},
	{"http://127.0.0.1%2e/", "neturl", "*url.Error"},
	{"http://[fe80::1%eth0]/", "whatwg", "*uri.Error"},
	{"http://exa\tmple.com/", "neturl", "*url.Error"},
	{"http://example.com\x7f/", "whatwg", "*uri.Error"},
}

// TestNewRequestRefusals: NewRequest returns a *guard.Error of rule parse,
// with the parser's error as Cause, for every URL that net/url rejects,
// where http.NewRequest returns net/url's error alone.
func TestNewRequestRefusals(t *testing.T) {
	var p guard.Policy
	for _, tt := range netURLRejects {
		if _, err := http.NewRequest("GET", tt.in, nil); err == nil || errors.As(err, new(*guard.Error)) {
			t.Errorf("http.NewRequest(%q) = %v: the input no longer shows why NewRequest exists", tt.in, err)
		}
		req, err := p.NewRequest(context.Background(), "GET", tt.in, nil)
		e, ok := err.(*guard.Error)
		if !ok || req != nil {
			t.Errorf("NewRequest(%q) = %v, %v; want a *guard.Error", tt.in, req, err)
			continue
		}
		var ue *url.Error
		var pe *uri.Error
		cause := ""
		switch {
		case errors.As(e.Cause, &ue):
			cause = "*url.Error"
		case errors.As(e.Cause, &pe):
			cause = "*uri.Error"
		}
		if e.Rule != guard.RuleParse || e.Reading != tt.reading || cause != tt.cause || !errors.Is(err, guard.ErrParse) {
			t.Errorf("NewRequest(%q) = rule %q reading %q cause %s; want parse, %s, %s (%v)", tt.in, e.Rule, e.Reading, cause, tt.reading, tt.cause, err)
		}
	}
	// Not refusals: net/http's own errors, unchanged.
	if _, err := p.NewRequest(context.Background(), "BAD METHOD", "http://example.com/", nil); err == nil || errors.As(err, new(*guard.Error)) {
		t.Errorf("NewRequest(a bad method) = %v, want net/http's error", err)
	}
	req, err := p.NewRequest(context.Background(), "POST", "https://example.com/hook", strings.NewReader("{}"))
	if err != nil || req.URL.Host != "example.com" || req.Method != "POST" || req.ContentLength != 2 {
		t.Errorf("NewRequest(an allowed URL) = %+v, %v", req, err)
	}
}

// TestFetchRefusals: Get, Post and Do return an error that holds a
// *guard.Error for every refusal: a URL net/url rejects, a refused URL, an
// address refused after DNS and a refused redirect; the server sees only
// the first hop of the redirect.
func TestFetchRefusals(t *testing.T) {
	srv, hits := loopbackServer(t)
	_, port, _ := net.SplitHostPort(strings.TrimPrefix(srv.URL, "http://"))
	p := &guard.Policy{Ports: []uint16{mustPort(t, port)}, Networks: []netip.Prefix{netip.MustParsePrefix("127.0.0.1/32")}}
	fetches := []struct {
		name string
		do   func(string) (*http.Response, error)
	}{
		{"Get", p.Get},
		{"Post", func(u string) (*http.Response, error) { return p.Post(u, "application/json", strings.NewReader("{}")) }},
		{"Do", func(u string) (*http.Response, error) {
			req, err := http.NewRequest("GET", u, nil)
			if err != nil {
				return nil, errNotSent // net/url's error: Do never sees it, hence NewRequest
			}
			return p.Do(req)
		}},
	}
	tests := []struct {
		url     string
		rule    guard.Rule
		reading guard.Reading
	}{
		{"http://evil.com\\@127.0.0.1:" + port + "/secret", "parse", "neturl"},
		{" http://127.0.0.1:" + port + "/secret", "parse", "neturl"},
		{"http://127.0.0.1%2e:" + port + "/secret", "parse", "neturl"},
		{"http://[fe80::1%eth0]:" + port + "/secret", "parse", "whatwg"},
		{"http://localhost:" + port + "/secret", "localhost", "dial"},
		{"http://127.0.0.2:" + port + "/secret", "address", "dial"},
		{srv.URL + "/hop?to=http://[::1]:" + port + "/secret", "address", "dial"},
	}
	for _, f := range fetches {
		for _, tt := range tests {
			resp, err := f.do(tt.url)
			if err == nil {
				resp.Body.Close()
			}
			if err == errNotSent {
				continue
			}
			var e *guard.Error
			if !errors.As(err, &e) || e.Rule != tt.rule || e.Reading != tt.reading {
				t.Errorf("%s(%q) = %v; want a *guard.Error of rule %q, reading %q", f.name, tt.url, err, tt.rule, tt.reading)
			}
			if ue := (*url.Error)(nil); !errors.As(err, &ue) {
				t.Errorf("%s(%q) = %T, want a *url.Error as http.Client returns", f.name, tt.url, err)
			}
		}
	}
	if n := hits.secret.Load(); n != 0 {
		t.Errorf("the server got %d requests for /secret, want none", n)
	}
	// An allowed URL is fetched, by each.
	for _, f := range fetches {
		resp, err := f.do(srv.URL + "/secret?allowed")
		if err != nil {
			t.Fatalf("%s(an allowed URL): %v", f.name, err)
		}
		b, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if string(b) != "secret" {
			t.Errorf("%s(an allowed URL): body %q", f.name, b)
		}
	}
}

var errNotSent = errors.New("not sent")

// closeRecorder records that it was closed.
type closeRecorder struct {
	io.Reader
	closed bool
}

func (c *closeRecorder) Close() error { c.closed = true; return nil }

// TestPostClosesBody: Post closes the body of a refused request, as
// http.Client does for a request it does not send.
func TestPostClosesBody(t *testing.T) {
	body := &closeRecorder{Reader: strings.NewReader("{}")}
	var p guard.Policy
	if _, err := p.Post(" http://127.0.0.1/", "application/json", body); !errors.Is(err, guard.ErrParse) || !body.closed {
		t.Errorf("Post(a refused URL) = %v, body closed %v; want ErrParse and the body closed", err, body.closed)
	}
}
