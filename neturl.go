package uri

import (
	"net/url"
	"strings"
)

// FromURL returns the URI reference that v's text, v.String(), spells. That
// text is net/url's own serialization of its fields (it percent-encodes the
// decoded Path, Fragment and userinfo and writes RawQuery as it is), so the
// result means what v means to net/url.
//
// It fails where that text is not a valid RFC 3986 URI reference, for a
// *url.URL from a lenient url.Parse (RawQuery "a b" or "%zz", a zone in
// an IPv6 host) or built by hand: the *[Error] has Op [OpBuild] and its Input
// and Offset refer to v.String(). A nil v is an error wrapping [ErrNilURL].
// net/url cannot hold an empty fragment or an empty authority without a
// path, so FromURL never returns one ("//" comes back as ""). It allocates
// what v.String() does.
func FromURL(v *url.URL) (URI, error) {
	if v == nil {
		return URI{}, &Error{Op: OpBuild, Err: ErrNilURL}
	}
	u, err := Parse(v.String())
	if err != nil {
		return URI{}, withOp(OpBuild, err)
	}
	return u, nil
}

// URL returns u as a new *url.URL, for code that needs net/url's type: the
// value url.Parse gives for u's text, so Path, Fragment and the userinfo are
// decoded, RawPath and RawFragment keep the original encoding where it
// differs from net/url's, ForceQuery marks an empty query, and the scheme is
// lower case.
//
// net/url refuses two kinds of hosts that RFC 3986 allows; URL fills in the
// fields itself for them, without an error:
//
//   - an IPvFuture literal, such as "[v7.x]", goes into Host as written;
//   - a reg-name with pct-encoded ASCII, such as "a%41", is decoded into
//     Host ("aA"), as net/url keeps hosts; v.String() encodes again what
//     must be, except six bytes that net/url writes as they are: a decoded
//     ":", "[", "]", `"`, "<" or ">" is then read as a delimiter or is an
//     error, so such a host does not survive a return trip.
//
// net/url has no place for an empty fragment ("#" at the end) and drops
// it; it writes an empty authority without a path ("http://") as nothing.
// The README lists every difference with an example. URL allocates the
// *url.URL and its strings.
func (u URI) URL() *url.URL {
	if v, err := url.Parse(u.s); err == nil {
		return v
	}
	// Only the host can be what net/url refuses: parse the rest around a
	// stand-in host, then put the host in.
	v, err := url.Parse(u.s[:u.hostStart] + "h" + u.s[u.hostEnd:])
	if err != nil || !u.HasAuthority() {
		// Not reached for a URI from this package.
		return &url.URL{Opaque: u.s}
	}
	h := u.Host()
	if u.HostKind() == HostRegName {
		h = decodePercent(h)
	}
	v.Host = h + strings.TrimPrefix(v.Host, "h")
	return v
}
