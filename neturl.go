package uri

import (
	"net/url"
	"strings"
)

// FromURL returns the URI reference that v.String() spells: net/url's own
// serialization of v, so that the result means what v means to net/url. Where
// that text is not RFC 3986, for a *url.URL from a lenient url.Parse (a
// RawQuery "a b", a zone) or built by hand, it returns an *[Error] with Op
// [OpBuild] whose Input is v.String(); a nil v wraps [ErrNilURL]. net/url holds
// no empty fragment and no empty authority without a path, so neither comes
// back ("//" gives "").
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

// URL returns u as a new *url.URL, the value url.Parse gives for u's text:
// Path, Fragment and the userinfo decoded, RawPath and RawFragment where the
// encoding differs from net/url's, ForceQuery for an empty query, the scheme in
// lower case. For an IPvFuture host or a reg-name with percent-encoded ASCII,
// which url.Parse refuses, it fills in Host itself. net/url drops an empty
// fragment and an empty authority without a path. docs/neturl.md in the
// module lists every difference and the net/url idioms one by one.
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
