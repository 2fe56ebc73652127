package httptarget

import (
	"net/http"
	"strings"

	"github.com/gouri/uri"
	"github.com/gouri/uri/whatwg"
)

// root is the origin-form target "/", whose target URI is the scheme and
// the authority of a request followed by "/".
var root, _ = uri.ParseTarget(http.MethodGet, "/")

// URL returns the target URI of r as the URL Standard reads it, with the
// zero Config: see [Config.URL].
func URL(r *http.Request) (whatwg.URL, error) { return Config{}.URL(r) }

// URL returns the target URI of r, a request that a server received, as
// the URL Standard reads it: the whatwg.URL that a server written for the
// URL Standard gives its handlers (new URL of the scheme, "://", the Host
// field and the request-target), ready for urlpattern.List.Exec and for
// origin.Redirect's current URL.
//
// It trusts what [Config.FromRequest] trusts, and nothing else: the scheme
// of the connection (Request.TLS) or Config.Scheme, the Host field
// (Request.Host, which net/http takes from the Host header, from the
// :authority of HTTP/2, or from an absolute-form target), and the
// request-target as it came (Request.RequestURI). It reads no Forwarded or
// X-Forwarded-* header: behind a gateway that you trust, read them
// yourself and give their scheme as Config.Scheme. It does not read
// Request.URL either, which net/http has decoded and which a handler
// such as http.StripPrefix rewrites.
//
// The scheme and the Host field follow Config.FromRequest's rules,
// [uri.ParseHost] included. An origin-form target ("/where?q=now", what
// browsers send) is then read as the URL Standard reads the rest of a
// URL, which takes what browsers send and RFC 3986 does not allow: a "|",
// "[" or "]" stays as it is, a byte outside ASCII or a "{" is
// percent-encoded, "." and ".." segments (also written "%2E") are
// removed, and a path that begins with "//" stays a path. Only what would
// change the structure of the URL is refused, as RFC 9112 refuses it: a
// "#" (a request-target has no fragment, RFC 9110, Section 7.1), a space
// or a control character (RFC 9112, Section 3.2). The other forms, sent
// by proxies' clients (absolute-form), for CONNECT (authority-form) and
// OPTIONS (asterisk-form), are read strictly by FromRequest first.
//
// The error is FromRequest's, a *[uri.Error] with Err [uri.ErrInvalidByte]
// at the first byte refused in an origin-form target (or
// [uri.ErrEncodedSeparator] where Config.RefuseEncodedSlash refuses its
// path), or an error of
// [whatwg.Parse] about the host, whose Input is the URL built. URL
// allocates the text of the target URI, and the URL Standard's
// serialization of it when that differs.
func (c Config) URL(r *http.Request) (whatwg.URL, error) {
	target := r.RequestURI
	if !strings.HasPrefix(target, "/") {
		u, err := c.FromRequest(r)
		if err != nil {
			return whatwg.URL{}, err
		}
		return whatwg.Parse(u.String())
	}
	if err := checkOriginForm(target); err != nil {
		return whatwg.URL{}, err
	}
	if c.RefuseEncodedSlash {
		end := strings.IndexByte(target, '?')
		if end < 0 {
			end = len(target)
		}
		if err := encodedSlash(target, 0, end); err != nil {
			return whatwg.URL{}, err
		}
	}
	u, err := c.build(r, root)
	if err != nil {
		return whatwg.URL{}, err
	}
	prefix := u.String()
	return whatwg.Parse(prefix[:len(prefix)-1] + target)
}

// checkOriginForm returns the error of the first byte of target, a
// request-target in origin-form, that would end the path or query of a
// URL, or that the URL parser would drop: a "#", a space, a control
// character.
func checkOriginForm(target string) error {
	for i := 0; i < len(target); i++ {
		c := target[i]
		if c > ' ' && c != '#' && c != 0x7f {
			continue
		}
		e := &uri.Error{Op: uri.OpParse, Input: target, Offset: i, Component: uri.Path, Err: uri.ErrInvalidByte,
			Detail: "a request-target holds no space or control character (RFC 9112, Section 3.2)"}
		if strings.IndexByte(target[:i], '?') >= 0 {
			e.Component = uri.Query
		}
		if c == '#' {
			e.Detail = "a request-target has no fragment (RFC 9110, Section 7.1)"
		}
		return e
	}
	return nil
}
