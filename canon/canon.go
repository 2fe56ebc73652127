// Package canon turns URLs into canonical keys, as crawlers and web
// archives do before they deduplicate, schedule or look a page up.
//
// A [Profile] is a documented list of steps:
//
//   - [WHATWG]: the URL Standard's parse and serialization
//     (https://url.spec.whatwg.org/, sections 4.4 and 4.5), through package
//     whatwg: the URL a browser would request.
//   - [SafeBrowsing]: the canonicalization of the "URLs and Hashing" section
//     of the Google Safe Browsing API (the same rules as Web Risk's
//     "URLs and hashing"): tab, CR and LF removed, the fragment removed,
//     percent-escapes decoded repeatedly, the host's dots and case and its
//     numeric IPv4 forms canonicalized, "/./", "/../" and "//" resolved in
//     the path, and the bytes <= 0x20, >= 0x7F, "#" and "%" escaped again.
//   - [Semantic] and [Aggressive]: the "semantic precise" and "aggressive"
//     canonicalizations of the IIPC urlcanon project (its test data defines
//     them): the first keeps what the URL means to its server, the second
//     also drops what rarely changes the page (www, https, session ids).
//
// A [Canonicalizer] adds options to any profile: query parameters dropped
// by name or prefix ([TrackingParams] is a default list), the query sorted,
// the fragment dropped. [SURT] and [Canonicalizer.SURT] write the Sort-friendly
// URI Reordering Transform key of web archives (Heritrix, the Wayback
// Machine, pywb, CDX files): "com,example)/path?query"; [SSURT] writes the
// "Sort-friendly SURT" of the IIPC urlcanon project.
//
// Every profile is idempotent (canonicalizing a key again returns it), runs
// in time linear in its input and never panics; when it cannot produce a
// key it returns an [*Error], never a guess.
package canon

import (
	"errors"
	"strconv"
	"strings"

	"github.com/gouri/uri/whatwg"
)

// Profile selects the steps of a canonicalization. The zero Profile is
// [WHATWG].
type Profile uint8

// The profiles. Each one's steps are listed in the package documentation.
const (
	// WHATWG is the URL Standard's basic URL parser (section 4.4) and URL
	// serializer (section 4.5), as whatwg.Parse and URL.Href run them.
	WHATWG Profile = iota
	// SafeBrowsing is the canonicalization of the "URLs and Hashing"
	// section of the Google Safe Browsing API v4 documentation. The port
	// and the userinfo are dropped, as its examples and Google's client
	// do ("http://www.gotaport.com:1234/" gives "http://www.gotaport.com/");
	// the query is kept, as its examples do.
	SafeBrowsing
	// Semantic is the "semantic precise" canonicalization of the IIPC
	// urlcanon project: the URL Standard's parse (an input without a
	// scheme read as http), each component percent-unescaped repeatedly
	// but for the bytes that mean something there ("/", "?", "#" in the
	// path; "&", "=", "+", "#" in the query) and escaped again as
	// SafeBrowsing escapes, the userinfo dropped, the query sorted. It
	// keeps what the URL means to its server.
	Semantic
	// Aggressive is urlcanon's "aggressive" canonicalization: Semantic,
	// then https read as http, a first label "www", "www2"... dropped,
	// the path and query lower-cased, session ids (PHP, Java, ASP.NET,
	// ColdFusion) dropped, empty query pairs and an empty query removed,
	// a trailing "/" dropped, the fragment removed. Two URLs with the same
	// Aggressive key probably show the same page.
	Aggressive
)

var profileNames = [...]string{WHATWG: "whatwg", SafeBrowsing: "safebrowsing", Semantic: "semantic", Aggressive: "aggressive"}

// String returns the profile's name as the command's --profile takes it:
// "whatwg", "safebrowsing", "semantic" or "aggressive".
func (p Profile) String() string {
	if int(p) < len(profileNames) {
		return profileNames[p]
	}
	return "profile(" + strconv.Itoa(int(p)) + ")"
}

// ParseProfile returns the profile of the given name (see [Profile.String]),
// or false.
func ParseProfile(name string) (Profile, bool) {
	for p, n := range profileNames {
		if n == name {
			return Profile(p), true
		}
	}
	return 0, false
}

// The reasons of an [*Error] that come from this package; a failure of the
// URL Standard's parser is its *whatwg.Error instead.
var (
	// ErrNoHost: the input has no host, or one that is empty once its dots
	// are removed. Safe Browsing keys only URLs with a host.
	ErrNoHost = errors.New("no host")
	// ErrBadPort: the port is not a number.
	ErrBadPort = errors.New("port is not a number")
	// ErrBadHost: a ":" in a host that is no IP literal ("a:b:80").
	ErrBadHost = errors.New(`":" in the host`)
	// ErrBadIPLiteral: a "[" host without its "]".
	ErrBadIPLiteral = errors.New(`"[" without "]" in the host`)
	// ErrUnknownProfile: the Profile is none of the package's.
	ErrUnknownProfile = errors.New("unknown profile")
)

// Error says why an input has no canonical key. Err is the reason: one of
// the Err values of this package or the *whatwg.Error of the URL
// Standard's parser; Unwrap returns it, so errors.Is and errors.As work.
type Error struct {
	Op      string  // "canon" or "surt"
	Profile Profile // the profile that was run
	Input   string
	Offset  int // a byte offset in Input, or -1 when the step does not know one
	Err     error
}

// Error returns "canon: PROFILE: QUOTED-INPUT: REASON", with the offset
// when it is known.
func (e *Error) Error() string {
	var b strings.Builder
	b.WriteString("canon: ")
	if e.Op == "surt" {
		b.WriteString("surt: ")
	}
	b.WriteString(e.Profile.String())
	b.WriteString(": ")
	b.WriteString(strconv.Quote(e.Input))
	b.WriteString(": ")
	var we *whatwg.Error
	if errors.As(e.Err, &we) {
		b.WriteString(we.Kind.String())
	} else if e.Err != nil {
		b.WriteString(e.Err.Error())
	}
	if e.Offset >= 0 {
		b.WriteString(" at offset ")
		b.WriteString(strconv.Itoa(e.Offset))
	}
	return b.String()
}

// Unwrap returns Err.
func (e *Error) Unwrap() error { return e.Err }

// Canonicalizer is a profile with options. Its zero value is the [WHATWG]
// profile without options. A Canonicalizer is not modified by its methods
// and may be used by several goroutines at once.
type Canonicalizer struct {
	Profile Profile
	// DropParams lists query parameters to remove: a name matches a
	// parameter whose name, form-decoded (URL Standard, section 5.1), is
	// equal to it; a name ending in "*" matches every name that begins
	// with the text before the "*". See [TrackingParams].
	DropParams []string
	// SortQuery sorts the query's "&"-separated pairs by their bytes, as
	// the SURT key does (a stable sort; each pair keeps its bytes, unlike
	// URLSearchParams.sort, which re-encodes them).
	SortQuery bool
	// DropFragment removes the fragment ([SafeBrowsing] always does).
	DropFragment bool
}

// TrackingParams are query parameters that marketing tools add to links
// and that do not select the resource: Google Analytics' utm_* (UTM)
// parameters, Google Ads' gclid, dclid and gbraid/wbraid, Facebook's fbclid,
// Microsoft Ads' msclkid, Mailchimp's mc_cid and mc_eid, Yandex's yclid,
// HubSpot's _hsenc and _hsmi, Instagram's igshid, Marketo's mkt_tok. Extend
// a copy: append(slices.Clone(canon.TrackingParams), "ref").
var TrackingParams = []string{
	"utm_*", "gclid", "dclid", "gbraid", "wbraid", "fbclid", "msclkid",
	"mc_cid", "mc_eid", "yclid", "_hsenc", "_hsmi", "igshid", "mkt_tok",
}

// Canon returns the canonical form of s under p, without options:
// Canonicalizer{Profile: p}.Canon(s).
func Canon(s string, p Profile) (string, error) {
	return Canonicalizer{Profile: p}.Canon(s)
}

// Canon returns the canonical form of s under c's profile and options, or
// an *Error. Canonicalizing the result again returns it unchanged.
func (c Canonicalizer) Canon(s string) (string, error) {
	switch c.Profile {
	case WHATWG:
		return c.whatwg(s)
	case Semantic, Aggressive:
		run := semantic
		if c.Profile == Aggressive {
			run = aggressive
		}
		r, err := run(s)
		if err != nil {
			return "", c.fail("canon", s, err)
		}
		r.query, r.hasQuery = c.editQuery(r.query, r.hasQuery)
		if c.DropFragment {
			r.fragment, r.hasFragment = "", false
		}
		return r.String(), nil
	case SafeBrowsing:
		p, err := googleParts(s, false)
		if err != nil {
			return "", c.fail("canon", s, err)
		}
		p.query, p.hasQuery = c.editQuery(p.query, p.hasQuery)
		if p.writes(s) {
			return s, nil
		}
		return p.String(), nil
	}
	return "", &Error{Op: "canon", Profile: c.Profile, Input: s, Offset: -1, Err: ErrUnknownProfile}
}

// fail wraps err as the *Error of op on s.
func (c Canonicalizer) fail(op, s string, err error) *Error {
	e := &Error{Op: op, Profile: c.Profile, Input: s, Offset: -1, Err: err}
	var we *whatwg.Error
	if errors.As(err, &we) && we.Input == s {
		e.Offset = we.Offset // an offset in another text (a host read again) is no offset in s
	}
	return e
}

// whatwg is the WHATWG profile: the URL Standard's href, then the options.
func (c Canonicalizer) whatwg(s string) (string, error) {
	u, err := whatwg.Parse(s)
	if err != nil {
		return "", c.fail("canon", s, err)
	}
	href := u.Href()
	if !c.options() {
		return href, nil
	}
	// The options cut the href at the "?" and "#" where the URL says they
	// are, and keep every other byte.
	o := u.Offsets()
	head, frag := href[:o.QueryStart], href[o.FragmentStart:]
	if c.DropFragment {
		frag = ""
	}
	q, hasQ := u.Query(), u.HasQuery()
	q, hasQ = c.editQuery(q, hasQ)
	if hasQ {
		return head + "?" + q + frag, nil
	}
	return head + frag, nil
}

// options reports whether c has an option that edits a URL.
func (c Canonicalizer) options() bool {
	return len(c.DropParams) > 0 || c.SortQuery || c.DropFragment
}
