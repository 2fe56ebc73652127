package whatwg

import "github.com/gouri/uri"

// ToURI returns the RFC 3986 URI whose components are u's, and the edits
// that RFC 3986 required, through [uri.Components.Encode]: the scheme, the
// username and password as the userinfo ("user:pass", or "user" when the
// password is empty), the serialized host (hostname getter), the port when
// it is not null, the path (pathname getter), and the query and fragment
// without "?" and "#", null or empty as the URL record has them.
//
// The href of a URL is not always a valid URI reference, so ToURI encodes
// what RFC 3986 (Appendix A) does not allow where it stands, and lists every
// such edit as a [uri.Change]:
//
//   - a space in an opaque path ("sc:a b"), which the URL Standard keeps;
//   - "#" in a fragment, and "{", "}", "|", "^", "[", "]", "\" and "`" in
//     a query or in the path of a non-special URL (the URL Standard's
//     percent-encode sets of section 1.3 leave them as they are);
//   - "%" not followed by two hexadecimal digits, in any component, which
//     becomes "%25";
//   - `"`, "`", "{" and "}" in a domain or an opaque host, which the host
//     parser allows (section 3.5).
//
// A domain is already ASCII (the host parser ran IDNA), IPv4 addresses are
// dotted decimal and IPv6 addresses are in brackets, so no host needs IDNA
// or changes form. Default ports are already gone. A path that begins with
// "//" in a URL without a host gets "/." in front, as the href has it
// (section 4.5, step 3); that prefix is listed as a change too, with an
// empty From.
//
// The offsets of the changes are byte offsets in the href: Encode counts in
// the components written as they are, which is the href, without the "/."
// of such a path. Without changes, the URI's text is the href.
//
// ToURI returns an *[Error] with Kind [ErrMissingSchemeNonRelativeURL] for
// the zero URL, which is no URL record, and the *[uri.Error] of Encode,
// whose Err is [uri.ErrTooLong], when the encoded text would be longer than
// the 2 GiB that package uri handles. No other error is possible: the
// scheme, the port and the path of a URL are always ones that encoding can
// make valid. It allocates the URI's text, and what Encode allocates for
// the changes.
func (u URL) ToURI() (uri.URI, []uri.Change, error) {
	if u.href == "" {
		return uri.URI{}, nil, &Error{Op: "to uri", Kind: ErrMissingSchemeNonRelativeURL}
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
