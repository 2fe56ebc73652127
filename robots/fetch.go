package robots

import (
	"context"
	"errors"
	"io"
	"net/http"
	"net/url"
	"time"

	"github.com/gouri/uri"
)

// errRedirects is the error with which Fetch stops a sixth redirect.
var errRedirects = errors.New("robots: more than five redirects")

// Fetch fetches robots.txt with client and reads it as RFC 9309 says:
// Options{}.Fetch(ctx, client, robotsURL).
func Fetch(ctx context.Context, client *http.Client, robotsURL string) (*Robots, error) {
	return Options{}.Fetch(ctx, client, robotsURL)
}

// Fetch fetches the robots.txt file at robotsURL (see URL) with client,
// and returns what it says (RFC 9309, Section 2.3.1): the rules of a 2xx
// body, read up to the parsing limit (the rest of the body is not read,
// and Robots.Ignored says where the file was cut); Unavailable for a 4xx
// status, a 3xx that was not followed or more than MaxRedirects
// redirects; Unreachable for a 5xx status, any other, or a network
// error (Robots.Err). client may be any *http.Client, the SSRF guard's
// included (guard.NewClient's HTTPClient, guard.Policy.Client): its
// redirect policy still checks each redirect, and Fetch stops after the
// fifth; redirects may cross hosts, and the rules apply to the authority
// of robotsURL (Section 2.3.1.2). A nil client is http.DefaultClient. A
// client whose own body limit is below the parsing limit makes a larger
// file Unreachable.
//
// The error is for robotsURL alone: a URL that does not parse, or that
// has no host, is a *uri.Error with the offset of the fault, and one that
// is not http or https has Err ErrNotHTTP. It allocates the request, the
// body up to the limit and what Parse does.
func (o Options) Fetch(ctx context.Context, client *http.Client, robotsURL string) (*Robots, error) {
	u, err := readURL(robotsURL)
	if err != nil {
		return nil, err
	}
	var req *http.Request
	if s := u.Scheme(); s == "http" || s == "https" {
		req, err = http.NewRequestWithContext(ctx, http.MethodGet, u.Href(), nil)
	}
	if req == nil {
		return nil, &uri.Error{Op: uri.OpParse, Input: robotsURL, Offset: uri.NoOffset, Err: ErrNotHTTP, Cause: err}
	}
	if o.UserAgent != "" {
		req.Header.Set("User-Agent", o.UserAgent)
	}
	if client == nil {
		client = http.DefaultClient
	}
	c := *client
	refused := "" // the URL of a redirect refused
	c.CheckRedirect = func(req *http.Request, via []*http.Request) error {
		var err error
		if len(via) > MaxRedirects {
			err = errRedirects
		} else if client.CheckRedirect != nil {
			err = client.CheckRedirect(req, via)
		}
		if err != nil && err != http.ErrUseLastResponse {
			refused = req.URL.Redacted()
		}
		return err
	}
	resp, err := c.Do(req)
	r := &Robots{reading: o.Reading, url: robotsURL, fetched: time.Now()}
	r.scheme, r.hostPort = key(u)
	if err != nil {
		// net/http names the Location header of a refused redirect as
		// written, often a relative reference ("/robots.txt"): name the
		// URL that it resolved to.
		var ue *url.Error
		if refused != "" && errors.As(err, &ue) {
			ue.URL = refused
		}
		r.outcome, r.err = Unreachable, err
		if errors.Is(err, errRedirects) {
			r.outcome = Unavailable
		}
		return r, nil
	}
	defer resp.Body.Close()
	r.status, r.outcome = resp.StatusCode, o.OutcomeOf(resp.StatusCode)
	if r.outcome != Success {
		return r, nil
	}
	body, err := io.ReadAll(io.LimitReader(resp.Body, int64(o.limit())+1))
	if err != nil {
		r.outcome, r.err = Unreachable, err
		return r, nil
	}
	r.f = parse(o, body)
	return r, nil
}
