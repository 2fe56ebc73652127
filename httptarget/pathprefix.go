package httptarget

import (
	"strings"

	"github.com/gouri/uri"
)

// pathPrefixSteps are the steps of syntax-based normalization (RFC 3986,
// Section 6.2.2) that HasPathPrefix applies to both paths.
const pathPrefixSteps = uri.NormalizeCase | uri.NormalizePercent | uri.NormalizeDotSegments

// HasPathPrefix reports whether the path path lies under prefix, segment by
// segment (RFC 3986, Section 3.3), as a reverse proxy or a router asks
// whether a request path is under "/api/":
//
//   - Segments match whole: "/api" is a prefix of "/api", "/api/" and
//     "/api/x", not of "/apix" or "/ap".
//   - A prefix that ends with "/" asks for what is below it: "/api/" is a
//     prefix of "/api/" and "/api/x", not of "/api".
//   - Both paths are compared in their syntax-based normal form (Section
//     6.2.2): percent-encoded hex digits in upper case, percent-encoded
//     unreserved characters decoded ("/%61pi" is "/api"), and dot segments
//     removed by remove_dot_segments (Section 5.2.4), "%2E" counted as "."
//     (Section 2.3). So "/api/../admin" is under "/admin", not "/api",
//     which is what a server that resolves dot segments serves, and a
//     check for either is not bypassed with them.
//   - Reserved characters are never decoded: "%2F" is part of its segment,
//     not a "/" (Section 2.2), so "/api%2Fx" is not under "/api", and
//     "/admin%2Fx" not under "/admin/". A server behind the check that
//     decodes "%2F" before routing reads such a path otherwise: refuse
//     paths with "%2F" or "%5C" before it ([Config].RefuseEncodedSlash),
//     or configure it not to decode.
//
// path and prefix are paths as a URI writes them, such as [uri.URI.Path]
// or [uri.Target.Path]; both must be absolute (begin with "/") or empty.
// The empty prefix is a prefix of every path; the empty path, which "http"
// URIs treat as "/" (RFC 9110, Section 4.2.3), only of the empty prefix. A path
// outside the ABNF of Section 3.3, or relative, is under no prefix: the
// result is false. It allocates only for a path or prefix that is not in
// normal form.
func HasPathPrefix(path, prefix string) bool {
	if !absoluteOrEmpty(path) || !absoluteOrEmpty(prefix) {
		return false
	}
	p, err := uri.NormalizePath(path, pathPrefixSteps)
	if err != nil {
		return false
	}
	q, err := uri.NormalizePath(prefix, pathPrefixSteps)
	if err != nil || !strings.HasPrefix(p, q) {
		return false
	}
	return len(p) == len(q) || q == "" || q[len(q)-1] == '/' || p[len(q)] == '/'
}

// absoluteOrEmpty reports whether p is empty or begins with "/".
func absoluteOrEmpty(p string) bool { return p == "" || p[0] == '/' }

// checkSlash returns the error of the first "%2F" or "%5C" (either case)
// in the path of t, a request-target, for Config.RefuseEncodedSlash.
func checkSlash(t *uri.Target) error {
	s, end := t.String(), len(t.String())
	if t.HasQuery() {
		end -= len(t.Query()) + 1
	}
	return encodedSlash(s, end-len(t.Path()), end)
}

// encodedSlash returns the error of the first "%2F" or "%5C" (either case)
// in target[start:end], a request-target's path, or nil.
func encodedSlash(target string, start, end int) error {
	for i := start; i+2 < end; i++ {
		if target[i] != '%' {
			continue
		}
		if a, b := target[i+1], target[i+2]|0x20; a == '2' && b == 'f' || a == '5' && b == 'c' {
			return &uri.Error{Op: uri.OpParse, Input: target, Offset: i, Component: uri.Path, Err: uri.ErrEncodedSeparator,
				Detail: "refused by Config.RefuseEncodedSlash: a server that decodes it reads another path"}
		}
	}
	return nil
}
