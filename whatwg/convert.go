package whatwg

import "github.com/gouri/uri"

// ToURI returns the RFC 3986 URI whose components are u's (the userinfo is
// "user:pass", or "user" when the password is empty), through
// [uri.Components.Encode], and lists as a [uri.Change] each character that
// RFC 3986 did not allow where it stands and that had to be percent-encoded
// (listed below). Without changes the URI's text is the href. The only
// errors, with Op uri.OpBuild, are for the zero URL (Err
// [ErrMissingSchemeNonRelativeURL], with uri.NoOffset) and a text over
// 2 GiB ([uri.ErrTooLong]).
//
// The URL Standard produces text that is not valid RFC 3986, and ToURI
// percent-encodes:
//
//   - a space in an opaque path ("sc:a b");
//   - "#" in a fragment, and "{", "}", "|", "^", "[", "]", `\` and "`" in a
//     query or in the path of a non-special URL (the URL Standard's
//     percent-encode sets leave them);
//   - "%" without two hex digits, in any component (it becomes "%25");
//   - '"', "`", "{" and "}" in a domain or an opaque host.
//
// A path that begins with "//" in a URL without a host keeps the "/." that
// the href has in front of it, listed as a change with an empty From. The
// offsets of the changes are byte offsets in the href. Hosts need no
// conversion: the host parser has run IDNA, and IP addresses are in their
// canonical text.
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
	if u.kind != uri.HostNone {
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
