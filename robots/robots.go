package robots

import (
	"slices"
	"strconv"
	"time"
)

// Reading says how a file and the URLs checked against it are read.
type Reading uint8

const (
	// RFC9309 reads them as RFC 9309 says: the default.
	RFC9309 Reading = iota
	// Google reads them as Google's reference parser does
	// (github.com/google/robotstxt), where it differs from the RFC; the
	// package documentation lists each difference.
	Google
)

// String returns "rfc9309" or "google".
func (r Reading) String() string {
	switch r {
	case RFC9309:
		return "rfc9309"
	case Google:
		return "google"
	}
	return "reading(" + strconv.Itoa(int(r)) + ")"
}

// DefaultMaxBytes is the parsing limit when Options.MaxBytes is 0: 500
// KiB, the least that RFC 9309, Section 2.5 allows.
const DefaultMaxBytes = 500 << 10

// Options are the reading and the limits under which a robots.txt file is
// fetched and read. The zero Options reads as RFC 9309 says, with a limit
// of DefaultMaxBytes.
type Options struct {
	// Reading is RFC9309 (the default) or Google.
	Reading Reading
	// MaxBytes is the parsing limit (Section 2.5): the bytes of the file
	// read; the line that the limit cuts and the rest of the file are
	// ignored, and the first of them is listed in Robots.Ignored with
	// PastLimit. 0 means DefaultMaxBytes; the RFC asks for at least that
	// much.
	MaxBytes int
	// UserAgent is the User-Agent header of Fetch's request; "" sends the
	// client's own.
	UserAgent string
}

// limit returns the parsing limit of o.
func (o Options) limit() int {
	if o.MaxBytes <= 0 {
		return DefaultMaxBytes
	}
	return o.MaxBytes
}

// Outcome is what fetching a robots.txt file gave, which says what a
// crawler may fetch (RFC 9309, Section 2.3.1).
type Outcome uint8

const (
	// Success: the file was fetched (a 2xx status) and its rules apply
	// (Section 2.3.1.1).
	Success Outcome = iota
	// Unavailable: the server says there is no file for the crawler (a
	// 4xx status, or a redirect not followed within five): everything
	// is allowed (Sections 2.3.1.2 and 2.3.1.3).
	Unavailable
	// Unreachable: a server error (a 5xx status) or a network error left
	// the file undefined: everything is disallowed (Section 2.3.1.4).
	Unreachable
)

// String returns "success", "unavailable" or "unreachable".
func (o Outcome) String() string {
	switch o {
	case Success:
		return "success"
	case Unavailable:
		return "unavailable"
	case Unreachable:
		return "unreachable"
	}
	return "outcome(" + strconv.Itoa(int(o)) + ")"
}

// OutcomeOf returns the outcome of a fetch of robots.txt whose response had
// the HTTP status code status (Section 2.3.1): Success for 2xx,
// Unavailable for 3xx (a redirect that was not followed) and 4xx,
// Unreachable for 5xx and any other code. Google's crawlers read 429
// (Too Many Requests) as a server error, Unreachable: so does the Google
// reading.
func (o Options) OutcomeOf(status int) Outcome {
	switch {
	case status == 429 && o.Reading == Google:
		return Unreachable
	case 200 <= status && status <= 299:
		return Success
	case 300 <= status && status <= 499:
		return Unavailable
	}
	return Unreachable
}

// MaxAge is how long a crawler may use a copy of robots.txt before it
// fetches the file again: 24 hours, unless the file is unreachable then
// (RFC 9309, Section 2.4).
const MaxAge = 24 * time.Hour

// UnreachableAge is how long a robots.txt file may stay unreachable before
// a crawler that holds no copy of it treats it as unavailable: the 30
// days that Section 2.3.1.4 gives as "a reasonably long period".
const UnreachableAge = 30 * 24 * time.Hour

// MaxRedirects is the number of redirects that Fetch follows to reach
// robots.txt, across hosts too: five (Section 2.3.1.2).
const MaxRedirects = 5

// Robots is what a crawler knows of the robots.txt file of one authority:
// the rules of the file, or the outcome of fetching it (Section 2.3.1),
// with the time of the fetch for caching (Section 2.4). Parse, FromResponse
// and Fetch make one. A Robots does not change once made, and is safe for
// use by any number of goroutines at once. The zero Robots is an empty
// file: everything is allowed.
//
// A Robots that Fetch or FromResponse made knows the URL of its file, and
// so the authority whose URLs its rules apply to (Section 2.3: scheme,
// host and port); Check and CheckURL refuse a URL of another with
// ErrOtherAuthority, rather than answer with rules that are not its. A
// Robots that Parse made, from a file with no URL, checks the URLs of any
// authority.
type Robots struct {
	reading  Reading
	outcome  Outcome
	status   int
	err      error
	url      string
	scheme   string // the scheme of url as the URL Standard serializes it, or "" for no URL
	hostPort string // its host and port, so serialized
	fetched  time.Time
	since    time.Time // the start of an unreachable period, or zero
	f        *file
}

// Parse reads body, the contents of a robots.txt file, as RFC 9309
// says: Options{}.Parse(body).
func Parse(body []byte) *Robots { return Options{}.Parse(body) }

// Parse reads body, the contents of a robots.txt file (RFC 9309, Section
// 2.2), in time linear in its length. A file never fails to parse: each
// line that cannot be used is ignored, and listed with its reason by
// Robots.Ignored, and the rules that can be used are (Section 2.3.1.5).
// It allocates a copy of the body, up to the parsing limit, and the
// compiled rules.
func (o Options) Parse(body []byte) *Robots {
	return &Robots{reading: o.Reading, outcome: Success, status: 200, f: parse(o, body)}
}

// FromResponse returns the Robots of a fetch of robots.txt that a crawler
// made with its own HTTP client: robotsURL is the URL it fetched, before
// redirects (see URL), whose authority the rules apply to (Section
// 2.3.1.2), status the response's status code after redirects (at most
// five: Section 2.3.1.2), body the response's body, read up to the
// parsing limit or further, and fetched the time of the response. The
// outcome is OutcomeOf(status), and only a 2xx body is parsed. A network
// error that left no response is status 0: Unreachable. A robotsURL of ""
// makes a Robots that knows no URL, and so checks the URLs of any
// authority, as one that Parse made does. It allocates what Parse does.
//
// On error, for a robotsURL that does not parse or has no host, it
// returns nil and the *uri.Error of URL.
func (o Options) FromResponse(robotsURL string, status int, body []byte, fetched time.Time) (*Robots, error) {
	r := &Robots{reading: o.Reading, outcome: o.OutcomeOf(status), status: status, fetched: fetched}
	if robotsURL != "" {
		u, err := readURL(robotsURL)
		if err != nil {
			return nil, err
		}
		r.url = robotsURL
		r.scheme, r.hostPort = key(u)
	}
	if r.outcome == Success {
		r.f = parse(o, body)
	}
	return r, nil
}

// Outcome returns the outcome of the fetch (Section 2.3.1): Success for
// a file that Parse read.
func (r *Robots) Outcome() Outcome { return r.outcome }

// Status returns the HTTP status code of the response to the fetch: 200
// for a file that Parse read, 0 when no response came.
func (r *Robots) Status() int { return r.status }

// Err returns the error of a fetch that got no response (Unreachable
// with status 0), or of reading the body, or nil.
func (r *Robots) Err() error { return r.err }

// URL returns the URL that Fetch fetched, or that FromResponse was
// given, before redirects (the rules apply to its authority: Section
// 2.3.1.2), or "" for a Robots that knows no URL.
func (r *Robots) URL() string { return r.url }

// Fetched returns when the response came, or the zero time for a file
// that Parse read.
func (r *Robots) Fetched() time.Time { return r.fetched }

// Expires returns when the crawler should fetch the file again: MaxAge
// after Fetched (Section 2.4). A crawler that follows the file's HTTP
// caching headers (RFC 9111) may do so earlier.
func (r *Robots) Expires() time.Time { return r.fetched.Add(MaxAge) }

// UnreachableSince returns when the file became unreachable, for a Robots
// that Update returned while fetches fail (the copy it keeps, or the
// outcome Unreachable or, after UnreachableAge, Unavailable), and for an
// Unreachable fetch the time of the fetch; or the zero time.
func (r *Robots) UnreachableSince() time.Time {
	if r.since.IsZero() && r.outcome == Unreachable {
		return r.fetched
	}
	return r.since
}

// Update returns the Robots that a crawler obeys after it fetched
// robots.txt again, given held, the one it obeyed until then (nil for
// none), and fresh, the result of the new fetch (Sections 2.3.1.4 and
// 2.4). It is fresh when the file was reached (Success or Unavailable),
// or when the crawler held nothing. When the file is unreachable, a held
// copy of it keeps applying beyond MaxAge, for as long as the file stays
// unreachable, as Section 2.4 allows and Google's crawlers do; without a
// copy, everything is disallowed until the file has been unreachable for
// UnreachableAge, after which it counts as unavailable, as Section
// 2.3.1.4 allows. UnreachableSince says since when; Fetched and Expires
// are fresh's, so that the crawler tries again a day later. It allocates
// one Robots when it keeps a copy.
func Update(held, fresh *Robots) *Robots {
	if held == nil || fresh.outcome != Unreachable {
		return fresh
	}
	since := held.UnreachableSince()
	if since.IsZero() {
		since = fresh.fetched
	}
	kept := *held
	if held.outcome == Unreachable {
		kept = *fresh
		if fresh.fetched.Sub(since) >= UnreachableAge {
			kept.outcome = Unavailable
		}
	}
	kept.fetched, kept.since, kept.err = fresh.fetched, since, fresh.err
	return &kept
}

// Record is a line of a robots.txt file other than a user-agent, allow
// or disallow line: a sitemap (Section 2.2.4) or a record that RFC 9309
// does not define, such as crawl-delay, which this package reports and
// does not apply (Agent.CrawlDelay reads the crawl-delay of a crawler's
// groups).
type Record struct {
	Line  int    // its number in the file, from 1
	Key   string // the key, as written
	Value string // the value, as written, without the spaces around it and a comment
}

// Sitemaps returns the sitemap lines of the file, in its order: their
// values are the URLs of sitemaps, wherever the lines are (a sitemap
// line belongs to no group). It allocates the slice.
func (r *Robots) Sitemaps() []Record {
	if r.f == nil {
		return nil
	}
	return slices.Clone(r.f.sitemaps)
}

// Records returns the lines of the file whose key RFC 9309 does not
// define, such as crawl-delay, in its order. It allocates the slice.
func (r *Robots) Records() []Record {
	if r.f == nil {
		return nil
	}
	return slices.Clone(r.f.records)
}

// Ignored returns the lines of the file that Parse did not use, in its
// order, each with the reason. It allocates the slice.
func (r *Robots) Ignored() []Ignored {
	if r.f == nil {
		return nil
	}
	return slices.Clone(r.f.ignored)
}

// Ignored is a line of a robots.txt file that Parse did not use.
type Ignored struct {
	Line    int     // its number in the file, from 1
	Problem Problem // why it was not used
	Text    string  // the line as written, without its line break; "" for PastLimit
}

// Problem says why a line was not used.
type Problem uint8

const (
	// NotKeyValue: the line is no key, ":" and value (RFC 9309, Section
	// 2.2).
	NotKeyValue Problem = iota + 1
	// NoProductToken: a user-agent line whose value is neither "*" nor
	// begins with a product token (Section 2.2.1). The line still ends
	// the group before it; the rules that follow it apply to no crawler.
	NoProductToken
	// OutsideGroup: an allow or disallow line before the first
	// user-agent line (Section 2.2.2: "The crawler SHOULD ignore ...").
	OutsideGroup
	// NotPath: a pattern that begins with neither "/" nor "*" (Section
	// 2.2, path-pattern), which matches no path.
	NotPath
	// PastLimit: the file goes on past the parsing limit (Section 2.5):
	// this line, cut by the limit or the first after it, and every later
	// one are not read.
	PastLimit
)

// String returns the problem in a few words.
func (p Problem) String() string {
	switch p {
	case NotKeyValue:
		return "not a key and a value"
	case NoProductToken:
		return "no product token"
	case OutsideGroup:
		return "a rule outside any group"
	case NotPath:
		return "a pattern that is no path"
	case PastLimit:
		return "past the parsing limit"
	}
	return "problem(" + strconv.Itoa(int(p)) + ")"
}
