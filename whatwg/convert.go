package whatwg

import "github.com/gouri/uri"

// ToURI returns the RFC 3986 URI whose components are u's (the userinfo is
// "user:pass", or "user" when the password is empty), through
// [uri.Components.Encode], and lists as a [uri.Change] each character that
// RFC 3986 did not allow where it stands and that had to be percent-encoded
// (a space in an opaque path, "|" in a query, a lone "%", ...; the README,
// section "Three readings: RFC 3986, browsers and Go", lists them). Without
// changes the URI's text is the href. The only errors, with Op uri.OpBuild,
// are for the zero URL (Err [ErrMissingSchemeNonRelativeURL], with
// uri.NoOffset) and a text over 2 GiB ([uri.ErrTooLong]).
func (u URL) ToURI() (uri.URI, []uri.Change, error) {
	if u.href == "" {
		return uri.URI{}, nil, newError(uri.OpBuild, "", "", uri.NoOffset, ErrMissingSchemeNonRelativeURL)
	}
	c := uri.Components{
		Scheme:      u.Scheme(),
		Path:        u.Pathname(),
		Query:       u.Query(),
		HasQuery:    u.HasQuery(),
		Fragment:    u.Fragment(),
		HasFragment: u.HasFragment(),
	}
	if u.kind != HostNone {
		c.HasAuthority = true
		c.Host = u.Hostname()
		c.Port = u.Port()
		if u.userEnd != u.hostStart {
			// The href holds "username[:password]@": the userinfo as it is.
			c.Userinfo = u.href[u.schemeEnd+3 : u.hostStart-1]
		}
	}
	return c.Encode()
}
