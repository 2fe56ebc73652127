package guard

import (
	"context"
	"io"
	"net/http"
	"net/url"
	"strings"
)

// NewRequest returns a request for rawURL, as http.NewRequestWithContext
// does, once Check has allowed rawURL. A URL that the policy refuses is an
// [*Error], returned as it is, and so is a URL that net/url rejects (rule
// parse, reading "neturl", with net/url's *url.Error as Cause): build
// requests with NewRequest, not http.NewRequest, so that every refusal is
// an *Error. http.NewRequest and http.Client.Get parse the URL with
// net/url before the client's checks run, so for "http://a.example\@127.0.0.1/",
// " http://127.0.0.1/" or "http://[fe80::1%eth0]/" they return net/url's
// error, which a caller cannot tell from a failed fetch.
//
// An invalid method or a nil ctx gives net/http's error, unchanged: not a
// refusal. NewRequest costs what Check costs, and allocates the request.
func (p *Policy) NewRequest(ctx context.Context, method, rawURL string, body io.Reader) (*http.Request, error) {
	if _, err := p.Check(rawURL); err != nil {
		return nil, err
	}
	return http.NewRequestWithContext(ctx, method, rawURL, body)
}

// Do sends req with a client of the policy made for this call (Client,
// without keep-alive connections, so that nothing stays open after the
// response body is closed), and returns its response or its error, as
// http.Client.Do does: a *url.Error, which holds an [*Error] when the
// policy refused the URL, an address after DNS, or a redirect; errors.As
// finds it. The caller closes the response body.
//
// Do has no timeout: give req a context with a deadline. For many
// requests, or for a timeout and a limit on the body, make one [Client]
// with NewClient and send them all with it: it reuses its connections.
func (p *Policy) Do(req *http.Request) (*http.Response, error) {
	q := p.clone()
	t := q.Transport()
	t.DisableKeepAlives = true
	c := &http.Client{Transport: &roundTripper{p: q, next: t}, CheckRedirect: q.CheckRedirect}
	return c.Do(req)
}

// Get fetches rawURL with GET, as http.Get does: NewRequest, then Do.
// Every refusal is an [*Error]: inside a *url.Error (Op "Get"), as
// http.Get returns its errors, for a URL that NewRequest refuses too, so
// errors.As finds it whatever refused the URL. Get has no timeout and
// shares no connection: [Client.Get] has both.
func (p *Policy) Get(rawURL string) (*http.Response, error) {
	return send(p, p.Do, http.MethodGet, rawURL, "", nil)
}

// Post posts body to rawURL with the Content-Type contentType, as
// http.Post does: NewRequest, then Do; its errors are those of Get. A
// body that is an io.Closer is closed, also when the URL is refused.
func (p *Policy) Post(rawURL, contentType string, body io.Reader) (*http.Response, error) {
	return send(p, p.Do, http.MethodPost, rawURL, contentType, body)
}

// send checks rawURL with p, then sends a request of method for it with
// do: a refusal is an *Error inside a *url.Error, as do returns its
// errors, and a body that is an io.Closer is closed.
func send(p *Policy, do func(*http.Request) (*http.Response, error), method, rawURL, contentType string, body io.Reader) (*http.Response, error) {
	req, err := p.NewRequest(context.Background(), method, rawURL, body)
	if err != nil {
		if c, ok := body.(io.Closer); ok {
			c.Close()
		}
		return nil, &url.Error{Op: method[:1] + strings.ToLower(method[1:]), URL: rawURL, Err: err}
	}
	if contentType != "" {
		req.Header.Set("Content-Type", contentType)
	}
	return do(req)
}
