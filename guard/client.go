package guard

import (
	"context"
	"io"
	"net/http"
	"net/url"
	"strconv"
	"sync"
	"time"
)

// ClientOptions are the settings of a [Client] besides its Policy. The
// zero value gives a client with a 30-second timeout that follows up to
// 10 redirects, reads bodies of any size and uses http.DefaultTransport's
// settings.
type ClientOptions struct {
	// Timeout limits each request, from the connection to the last byte
	// of the body, redirects included, as http.Client.Timeout does: 0
	// means 30 seconds, a negative value no limit (bound each request
	// with the deadline of its context then).
	Timeout time.Duration
	// MaxRedirects is the number of redirects followed at most, each
	// checked as the first request is; one more is refused with rule
	// redirect. 0 means 10; a negative value follows none: the
	// redirect's response is returned, with a nil error.
	MaxRedirects int
	// MaxBodyBytes limits the bytes read from the body of each response
	// (after net/http has decompressed it): a response whose
	// Content-Length is larger is an error of Do (inside its *url.Error),
	// and a body that turns out larger fails the Read that goes past the
	// limit, with an error that names the response's URL; errors.As finds
	// an *http.MaxBytesError in either. 0 means no limit. Set it when the
	// body is read whole (io.ReadAll).
	MaxBodyBytes int64
	// Transport, when not nil, is cloned for the client's connections
	// (timeouts, TLS configuration, pool sizes), in place of
	// http.DefaultTransport. The clone dials every connection, TLS ones
	// included, through the policy (Policy.DialContext): Transport's own
	// dialers are not used, its proxy only when the policy's AllowProxy is
	// set, and an HTTP/2 configured by hand (golang.org/x/net/http2's
	// ConfigureTransport) is replaced by net/http's own.
	Transport *http.Transport
}

// defaultTimeout is the Timeout of ClientOptions{}.
const defaultTimeout = 30 * time.Second

// Client fetches URLs that a [Policy] allows, over connections that it
// shares between requests: NewClient makes one for a service, which uses
// it from any number of goroutines. Every URL is checked before net/url
// reads it (Get, Head, Post, NewRequest), every request again when it is
// sent (Do), every redirect, and the address of every connection after
// DNS, DNS rebinding included. Every refusal is an [*Error], returned by
// Get, Head, Post and Do inside a *url.Error, as http.Client returns its
// errors, so that errors.As finds it: a service answers 403 for a
// refusal and 502 for another error. With an error, the response is nil.
//
// Its Do, Get, Head, Post and CloseIdleConnections are those of
// http.Client, so that it takes the place of one (for a context, build the
// request with NewRequest); an API that needs an *http.Client gets
// [Client.HTTPClient]. The
// zero Client is NewClient(Policy{}, ClientOptions{}), made on first use.
// A Client must not be copied after first use.
type Client struct {
	once sync.Once
	p    *Policy
	hc   *http.Client
}

// NewClient returns a [Client] that fetches what p allows, with the
// options o (the zero ClientOptions is a 30-second timeout and a limit of
// 10 redirects). It takes a copy of p and of o.Transport, and allocates
// the client, its transport and its pool of connections.
func NewClient(p Policy, o ClientOptions) *Client {
	c := new(Client)
	c.p, c.hc = newClient(p, o)
	return c
}

// init makes the zero Client the client of the zero Policy.
func (c *Client) init() {
	c.once.Do(func() {
		if c.hc == nil {
			c.p, c.hc = newClient(Policy{}, ClientOptions{})
		}
	})
}

// newClient returns the policy and the http.Client of NewClient(p, o).
func newClient(p Policy, o ClientOptions) (*Policy, *http.Client) {
	q := p.clone()
	timeout := o.Timeout
	switch {
	case timeout == 0:
		timeout = defaultTimeout
	case timeout < 0:
		timeout = 0
	}
	redirects := o.MaxRedirects
	if redirects == 0 {
		redirects = maxRedirects
	}
	hc := &http.Client{
		Transport: &roundTripper{p: q, next: q.transportFrom(o.Transport), maxBody: o.MaxBodyBytes},
		CheckRedirect: func(req *http.Request, via []*http.Request) error {
			return q.checkRedirect(req, via, redirects)
		},
		Timeout: timeout,
	}
	return q, hc
}

// NewRequest returns a request for rawURL, as http.NewRequestWithContext
// does, once the policy has allowed rawURL: [Policy.NewRequest]. A refusal
// is an [*Error], returned as it is. Send the request with Do.
func (c *Client) NewRequest(ctx context.Context, method, rawURL string, body io.Reader) (*http.Request, error) {
	c.init()
	return c.p.NewRequest(ctx, method, rawURL, body)
}

// Do sends req and returns its response, as http.Client.Do does, after
// checking its URL, every redirect and every connection. Its error is a
// *url.Error, which holds an [*Error] when the policy refused the URL, a
// redirect or an address, and an *http.MaxBytesError for a body whose
// Content-Length is over MaxBodyBytes; the response is then nil
// (http.Client.Do returns a closed one with a refused redirect). The
// caller closes the body. Do allocates what http.Client.Do allocates, and
// runs Check (about what readings.Compare costs) on each request.
func (c *Client) Do(req *http.Request) (*http.Response, error) {
	c.init()
	resp, err := c.hc.Do(req)
	if err != nil {
		if resp != nil {
			resp.Body.Close()
		}
		return nil, err
	}
	return resp, nil
}

// Get fetches rawURL with GET, as http.Client.Get does, but checks rawURL
// before net/url reads it, so that a URL that net/url rejects is a refusal
// too ([*Error], rule parse). Every error is a *url.Error (Op "Get"); see
// Do. For a request with a context, use NewRequest and Do.
func (c *Client) Get(rawURL string) (*http.Response, error) {
	c.init()
	return send(c.p, c.Do, http.MethodGet, rawURL, "", nil)
}

// Head fetches rawURL with HEAD, as http.Client.Head does; its errors are
// those of Get (Op "Head").
func (c *Client) Head(rawURL string) (*http.Response, error) {
	c.init()
	return send(c.p, c.Do, http.MethodHead, rawURL, "", nil)
}

// Post posts body to rawURL with the Content-Type contentType, as
// http.Client.Post does; its errors are those of Get (Op "Post"). A body
// that is an io.Closer is closed, also when the URL is refused.
func (c *Client) Post(rawURL, contentType string, body io.Reader) (*http.Response, error) {
	c.init()
	return send(c.p, c.Do, http.MethodPost, rawURL, contentType, body)
}

// HTTPClient returns an *http.Client that fetches as c does, for an API
// that takes one: a copy of c's, which shares its connections, checks,
// timeout and limits, so that changing it leaves c as it is; it allocates
// the copy. Its Get, Head and Post parse the URL with net/url before any
// check runs (see [Policy.Client]), and a refused redirect leaves a closed
// response beside the error, as with any http.Client: prefer c's own
// methods where you can.
func (c *Client) HTTPClient() *http.Client {
	c.init()
	hc := *c.hc
	return &hc
}

// CloseIdleConnections closes the connections that are idle in c's pool,
// as http.Client.CloseIdleConnections does.
func (c *Client) CloseIdleConnections() {
	c.init()
	c.hc.CloseIdleConnections()
}

// limitBody gives resp a body that fails with an *http.MaxBytesError
// (inside a bodyTooLarge that names the response's URL) past max bytes, or
// refuses resp with one when its Content-Length is larger (net/http's
// *url.Error around it names the URL then). A response without a body (HEAD, 204, 304) or a switch of
// protocols (101, whose body is the connection) stays as it is.
func limitBody(resp *http.Response, max int64) (*http.Response, error) {
	if resp.Body == nil || resp.Body == http.NoBody || resp.StatusCode == http.StatusSwitchingProtocols {
		return resp, nil
	}
	if resp.ContentLength > max {
		resp.Body.Close()
		return nil, bodyTooLarge{err: &http.MaxBytesError{Limit: max}}
	}
	b := &limitedBody{ReadCloser: resp.Body, left: max, limit: max}
	if resp.Request != nil {
		b.url = resp.Request.URL
	}
	resp.Body = b
	return resp, nil
}

// limitedBody is a body that fails with an *http.MaxBytesError once more
// than limit bytes come: it reads one byte past what is left, to tell a
// body of exactly limit bytes from a longer one.
type limitedBody struct {
	io.ReadCloser
	left  int64 // bytes that may still be read; -1 once past the limit
	limit int64
	url   *url.URL // the URL of the response, for the error, or nil
}

func (b *limitedBody) Read(p []byte) (int, error) {
	if b.left < 0 {
		return 0, b.tooLarge()
	}
	if int64(len(p)) > b.left+1 {
		p = p[:b.left+1]
	}
	n, err := b.ReadCloser.Read(p)
	if int64(n) <= b.left {
		b.left -= int64(n)
		return n, err
	}
	n, b.left = int(b.left), -1
	return n, b.tooLarge()
}

// tooLarge returns the error of a read past the limit.
func (b *limitedBody) tooLarge() error {
	e := bodyTooLarge{err: &http.MaxBytesError{Limit: b.limit}}
	if b.url != nil {
		e.url = b.url.Redacted()
	}
	return e
}

// bodyTooLarge is the error of a response body longer than MaxBodyBytes:
// it unwraps to an *http.MaxBytesError, for errors.As, and says what it
// is about, where that error's own message speaks of a request body: the
// body of which URL, when no *url.Error around it says so (a Read of the
// body, which may come long after Do).
type bodyTooLarge struct {
	err *http.MaxBytesError
	url string // the response's URL, redacted, or ""
}

func (e bodyTooLarge) Error() string {
	of := ""
	if e.url != "" {
		of = "of " + strconv.Quote(e.url) + " "
	}
	return "guard: response body " + of + "longer than MaxBodyBytes, " + strconv.FormatInt(e.err.Limit, 10) + " bytes"
}

func (e bodyTooLarge) Unwrap() error { return e.err }
