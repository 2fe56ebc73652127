package uribeam

import (
	"github.com/gouri/uri"
	"github.com/gouri/uri/site"
	"github.com/gouri/uri/whatwg"
)

// Reading says how [Parse] reads a URL.
type Reading uint8

// The readings of [Parse].
const (
	// WHATWG reads a URL as the URL Standard does (whatwg.Parse): as
	// a browser, a crawler or package canon reads a link.
	WHATWG Reading = iota
	// RFC3986 reads a URI reference as RFC 3986 does (uri.Parse):
	// strictly, its text kept as it is.
	RFC3986
)

// String returns the reading's name: "whatwg" or "rfc3986".
func (r Reading) String() string {
	if r == RFC3986 {
		return "rfc3986"
	}
	return "whatwg"
}

// Parts are the components of a URL under a [Reading], with the fields of
// uri.Components (RFC 3986, Section 3): percent-encoded, without
// delimiters, absent and empty told apart by the Has fields. Under
// [WHATWG] they are the URL Standard's URL record (section 4.1) in those
// terms: Userinfo is the username and password joined by ":", Host the
// serialized host (lower-case A-labels, "[::1]"), Path the pathname.
type Parts struct {
	Input        string // the URL as it was given
	URL          string // the URL as the reading writes it: the URL Standard's href, or the input under RFC3986
	Scheme       string
	Userinfo     string
	HasUserinfo  bool
	Host         string
	HasAuthority bool
	HostKind     string // the form of the host, as uri.HostKind.String names it ("domain", "IPv4", "reg-name", ...)
	Port         string
	HasPort      bool
	Path         string
	Query        string
	HasQuery     bool
	Fragment     string
	HasFragment  bool
	// Site is the registrable domain of the host (package site), or ""
	// when it has none: an IP address, a public suffix, no domain.
	Site string
}

// partsOf returns the Parts of input under r, or the parser's *uri.Error.
func partsOf(r Reading, input string) (Parts, error) {
	if r == RFC3986 {
		u, err := uri.Parse(input)
		if err != nil {
			return Parts{}, err
		}
		c := u.Components()
		p := Parts{Input: input, URL: input, Scheme: c.Scheme, Userinfo: c.Userinfo, HasUserinfo: c.HasUserinfo,
			Host: c.Host, HasAuthority: u.HasAuthority(), HostKind: u.HostKind().String(), Port: c.Port, HasPort: c.HasPort,
			Path: c.Path, Query: c.Query, HasQuery: c.HasQuery, Fragment: c.Fragment, HasFragment: c.HasFragment}
		if u.HasAuthority() {
			p.Site, _ = site.RegistrableDomain(c.Host)
		}
		return p, nil
	}
	u, err := whatwg.Parse(input)
	if err != nil {
		return Parts{}, err
	}
	p := Parts{Input: input, URL: u.Href(), Scheme: u.Scheme(), Userinfo: u.Username(),
		Host: u.Hostname(), HasAuthority: u.HostKind() != uri.HostNone, HostKind: u.HostKind().String(),
		Port: u.Port(), HasPort: u.Port() != "", Path: u.Pathname(),
		Query: u.Query(), HasQuery: u.HasQuery(), Fragment: u.Fragment(), HasFragment: u.HasFragment()}
	if pw := u.Password(); pw != "" {
		p.Userinfo += ":" + pw
	}
	p.HasUserinfo = p.Userinfo != ""
	p.Site, _ = urlSite(u)
	return p, nil
}

// urlSite returns the registrable domain of u's host, and whether it has
// one: only a domain has one (URL Standard, section 3.2).
func urlSite(u whatwg.URL) (string, bool) {
	if u.HostKind() != uri.HostDomain {
		return "", false
	}
	return site.RegistrableDomain(u.Hostname())
}
