package robots

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/gouri/uri"
	"github.com/gouri/uri/whatwg"
)

// server serves robots.txt with the status and body given; /hop/N
// redirects to /hop/N-1, and /hop/0 to /robots.txt. With hang, it does
// not end the body until the client goes away. It records the User-Agent
// header.
type server struct {
	status int
	body   string
	hang   bool
	agent  atomic.Value
}

func (s *server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	s.agent.Store(r.Header.Get("User-Agent"))
	if n, ok := strings.CutPrefix(r.URL.Path, "/hop/"); ok {
		to := "/robots.txt"
		if k, _ := strconv.Atoi(n); k > 0 {
			to = "/hop/" + strconv.Itoa(k-1)
		}
		http.Redirect(w, r, to, http.StatusMovedPermanently)
		return
	}
	w.WriteHeader(s.status)
	fmt.Fprint(w, s.body)
	if s.hang {
		w.(http.Flusher).Flush()
		select {
		case <-r.Context().Done():
		case <-time.After(10 * time.Second):
		}
	}
}

const disallowAll = "user-agent: *\ndisallow: /\n"

// TestFetchStatus: what each status means (RFC 9309, Section 2.3.1).
func TestFetchStatus(t *testing.T) {
	s := &server{body: disallowAll}
	srv := httptest.NewServer(s)
	defer srv.Close()
	for _, c := range []struct {
		status  int
		reading Reading
		outcome Outcome
		allowed bool
		reason  Reason
	}{
		{200, RFC9309, Success, false, MatchedRule},
		{204, RFC9309, Success, true, NoGroup},
		{300, RFC9309, Unavailable, true, FileUnavailable}, // a redirect that net/http does not follow
		{304, RFC9309, Unavailable, true, FileUnavailable},
		{401, RFC9309, Unavailable, true, FileUnavailable},
		{403, RFC9309, Unavailable, true, FileUnavailable},
		{404, RFC9309, Unavailable, true, FileUnavailable},
		{410, RFC9309, Unavailable, true, FileUnavailable},
		{429, RFC9309, Unavailable, true, FileUnavailable},
		{429, Google, Unreachable, false, FileUnreachable},
		{500, RFC9309, Unreachable, false, FileUnreachable},
		{503, Google, Unreachable, false, FileUnreachable},
		{599, RFC9309, Unreachable, false, FileUnreachable},
	} {
		s.status = c.status
		before := time.Now()
		r, err := Options{Reading: c.reading}.Fetch(context.Background(), srv.Client(), srv.URL+"/robots.txt")
		if err != nil {
			t.Fatal(err)
		}
		v, err := r.Check("ExampleBot", srv.URL+"/page")
		if r.Outcome() != c.outcome || r.Status() != c.status || err != nil || v.Allowed != c.allowed || v.Reason != c.reason {
			t.Errorf("status %d, %s: outcome %v, status %d, %+v, %v; want %v, %v, %v", c.status, c.reading, r.Outcome(), r.Status(), v, err, c.outcome, c.allowed, c.reason)
		}
		if r.Fetched().Before(before) || !r.Expires().Equal(r.Fetched().Add(24*time.Hour)) || r.URL() != srv.URL+"/robots.txt" {
			t.Errorf("status %d: fetched %v, expires %v, URL %q", c.status, r.Fetched(), r.Expires(), r.URL())
		}
		if v, _ := r.Check("ExampleBot", srv.URL+"/robots.txt"); !v.Allowed {
			t.Errorf("status %d: /robots.txt is disallowed", c.status)
		}
	}
}

// TestFetchRedirects: up to five redirects are followed, across hosts
// too (Section 2.3.1.2); a sixth makes the file unavailable; the client's
// own redirect policy still decides each redirect, and its refusal makes
// the file unreachable.
func TestFetchRedirects(t *testing.T) {
	s := &server{status: 200, body: disallowAll}
	srv := httptest.NewServer(s)
	defer srv.Close()
	other := httptest.NewServer(http.RedirectHandler(srv.URL+"/hop/3", http.StatusFound))
	defer other.Close()
	refuse := errors.New("refused")
	for _, c := range []struct {
		url     string
		client  *http.Client
		outcome Outcome
	}{
		{srv.URL + "/hop/4", srv.Client(), Success},        // five redirects
		{srv.URL + "/hop/5", srv.Client(), Unavailable},    // six
		{other.URL + "/robots.txt", srv.Client(), Success}, // another host, then four
		{other.URL + "/robots.txt", nil, Success},          // http.DefaultClient
		{srv.URL + "/hop/9", &http.Client{CheckRedirect: nil}, Unavailable},
		{srv.URL + "/hop/0", &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return refuse }}, Unreachable},
		{srv.URL + "/hop/0", &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}, Unavailable},
	} {
		r, err := Fetch(context.Background(), c.client, c.url)
		if err != nil {
			t.Fatal(err)
		}
		if r.Outcome() != c.outcome || c.outcome == Unreachable && !errors.Is(r.Err(), refuse) {
			t.Errorf("Fetch(%s) = %v (status %d, %v), want %v", c.url, r.Outcome(), r.Status(), r.Err(), c.outcome)
		}
	}
}

// TestFetchLimit: the body is read up to the parsing limit and no
// further (Section 2.5): the file is cut, and Ignored says where. The
// server does not end the body: Fetch must not wait for its end.
func TestFetchLimit(t *testing.T) {
	body := "user-agent: *\ndisallow: /a\n" + strings.Repeat("disallow: /b\n", 1<<10)
	s := &server{status: 200, body: body, hang: true}
	srv := httptest.NewServer(s)
	defer srv.Close()
	start := time.Now()
	r, err := Options{MaxBytes: 1 << 10, UserAgent: "ExampleBot/1.0"}.Fetch(context.Background(), srv.Client(), srv.URL+"/robots.txt")
	if err != nil {
		t.Fatal(err)
	}
	ig := r.Ignored()
	if len(ig) != 1 || ig[0].Problem != PastLimit || ig[0].Line != 1+(1<<10-27)/13+2 {
		t.Errorf("Ignored = %+v, want line %d past the limit", ig, 1+(1<<10-27)/13+2)
	}
	if v, _ := r.Check("x", srv.URL+"/a"); v.Allowed {
		t.Errorf("/a is allowed")
	}
	if got := s.agent.Load(); got != "ExampleBot/1.0" {
		t.Errorf("User-Agent %q", got)
	}
	if d := time.Since(start); d > 5*time.Second {
		t.Errorf("Fetch took %v: it read past the limit", d)
	}
}

// TestFetchErrors: a URL argument that is no http or https URL with a host
// is an error; a fetch that fails is the outcome Unreachable.
func TestFetchErrors(t *testing.T) {
	for _, c := range []struct {
		url string
		off int
		is  error
	}{
		{"mailto:a@example.com", 7, ErrNoHost},
		{"file:///robots.txt", 7, ErrNoHost},
		{"ftp://example.com/robots.txt", uri.NoOffset, ErrNotHTTP},
		{"http://[::1/robots.txt", 11, whatwg.ErrIPv6Unclosed},
		{"", 0, whatwg.ErrMissingSchemeNonRelativeURL},
	} {
		r, err := Fetch(context.Background(), nil, c.url)
		var e *uri.Error
		if r != nil || !errors.As(err, &e) || e.Op != uri.OpParse || e.Input != c.url || e.Offset != c.off || !errors.Is(err, c.is) {
			t.Errorf("Fetch(%q) = %v, %v; want an *uri.Error at %d, %v", c.url, r, err, c.off, c.is)
		}
	}
	srv := httptest.NewServer(&server{status: 200, body: disallowAll})
	srv.Close()
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	for _, ctx := range []context.Context{context.Background(), ctx} {
		r, err := Fetch(ctx, srv.Client(), srv.URL+"/robots.txt")
		if err != nil || r.Outcome() != Unreachable || r.Err() == nil || r.Status() != 0 {
			t.Errorf("a fetch that failed: %v, %v, %v", r.Outcome(), r.Err(), err)
		}
		if v, _ := r.Check("x", srv.URL+"/"); v.Allowed || v.Reason != FileUnreachable {
			t.Errorf("an unreachable file: %+v", v)
		}
	}
}

// TestUpdate: what a crawler obeys after each fetch (Sections 2.3.1.4 and
// 2.4): a reached file replaces what it held; while the file is
// unreachable, a held copy keeps applying, and without one everything is
// disallowed until the file has been unreachable for 30 days.
func TestUpdate(t *testing.T) {
	day := func(d int) time.Time { return time.Date(2026, 1, 1+d, 0, 0, 0, 0, time.UTC) }
	const robotsURL = "http://h/robots.txt"
	ok := func(d int) *Robots { return must(Options{}.FromResponse(robotsURL, 200, []byte(disallowAll), day(d))) }
	gone := func(d int) *Robots { return must(Options{}.FromResponse(robotsURL, 404, nil, day(d))) }
	down := func(d int) *Robots { return must(Options{}.FromResponse(robotsURL, 503, nil, day(d))) }
	type want struct {
		outcome Outcome
		allowed bool
		since   int // the day, -1 for none
	}
	for _, c := range []struct {
		name    string
		fetches []*Robots
		want    want
	}{
		{"reached", []*Robots{ok(0)}, want{Success, false, -1}},
		{"reached again", []*Robots{gone(0), ok(1)}, want{Success, false, -1}},
		{"a copy is kept", []*Robots{ok(0), down(1), down(5)}, want{Success, false, 1}},
		{"a copy is kept past 30 days", []*Robots{ok(0), down(1), down(40)}, want{Success, false, 1}},
		{"an unavailable copy is kept", []*Robots{gone(0), down(1)}, want{Unavailable, true, 1}},
		{"unreachable without a copy", []*Robots{down(0), down(29)}, want{Unreachable, false, 0}},
		{"unreachable for 30 days", []*Robots{down(0), down(10), down(30)}, want{Unavailable, true, 0}},
		{"unreachable for 30 days, then still", []*Robots{down(0), down(30), down(31)}, want{Unavailable, true, 0}},
		{"reached after 30 days", []*Robots{down(0), down(30), ok(31)}, want{Success, false, -1}},
	} {
		var held *Robots
		for _, f := range c.fetches {
			held = Update(held, f)
		}
		last := c.fetches[len(c.fetches)-1]
		v, _ := held.Check("x", "http://h/page")
		since := -1
		if s := held.UnreachableSince(); !s.IsZero() {
			since = int(s.Sub(day(0)) / (24 * time.Hour))
		}
		if held.Outcome() != c.want.outcome || v.Allowed != c.want.allowed || since != c.want.since || !held.Fetched().Equal(last.Fetched()) {
			t.Errorf("%s: %v, allowed %v, unreachable since day %d, fetched %v; want %+v, fetched %v",
				c.name, held.Outcome(), v.Allowed, since, held.Fetched(), c.want, last.Fetched())
		}
	}
}

// TestConcurrentChecks: one Robots, checked from many goroutines at once
// (go test -race finds a write).
func TestConcurrentChecks(t *testing.T) {
	file, paths := benchData(t)
	r := Parse(file)
	want := make([]Verdict, len(paths))
	for i, p := range paths {
		want[i] = must(r.Agent("ExampleBot")).CheckPath(p)
	}
	done := make(chan string)
	for g := range 8 {
		go func() {
			for i := range paths {
				k := (i + g) % len(paths)
				if v, _ := r.Check("ExampleBot", "https://example.com"+paths[k]); v != want[k] {
					done <- fmt.Sprintf("%s: %+v, want %+v", paths[k], v, want[k])
					return
				}
			}
			done <- ""
		}()
	}
	for range 8 {
		if msg := <-done; msg != "" {
			t.Error(msg)
		}
	}
}
