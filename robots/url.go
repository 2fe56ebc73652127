package robots

import (
	"errors"
	"strings"

	"github.com/gouri/uri"
	"github.com/gouri/uri/internal/abnf"
	"github.com/gouri/uri/whatwg"
)

// OpCheck is the Op of the error of a URL that is checked against the
// robots.txt of another authority (ErrOtherAuthority).
const OpCheck uri.Op = "check"

// The reasons of the errors of this package, in the Err of a *uri.Error;
// a URL that the URL Standard does not parse has whatwg's.
var (
	// ErrNoHost: the URL has no host ("mailto:a@example.com",
	// "file:///etc/hosts"), so it has no robots.txt (RFC 9309, Section
	// 2.3).
	ErrNoHost = errors.New("no host, so no robots.txt")
	// ErrNotHTTP: Fetch was given a URL that is not http or https, or
	// that net/http cannot request.
	ErrNotHTTP = errors.New("not an http or https URL that net/http can fetch")
	// ErrOtherAuthority: a URL checked against the rules of a robots.txt
	// file whose URL is known (Fetch, FromResponse) has another scheme,
	// host or port: the rules of a robots.txt file apply to the URLs of
	// its own authority and protocol only (RFC 9309, Section 2.3).
	ErrOtherAuthority = errors.New("the URL is of another scheme, host or port than the robots.txt")
	// ErrNotToken: the crawler's name is neither a product token (RFC
	// 9309, Section 2.2.1: letters, "-" and "_") nor a product token
	// followed by "/" and a version ("ExampleBot/2.1", a product of RFC
	// 9110, Section 10.1.5): a whole User-Agent header such as
	// "Mozilla/5.0 (compatible; ExampleBot/2.1)" names another product
	// first.
	ErrNotToken = errors.New("not a product token")
)

// URL returns the URL of the robots.txt file whose rules apply to rawURL
// (RFC 9309, Section 2.3: "scheme:[//authority]/robots.txt"): its scheme,
// host and port, as the URL Standard serializes them (lower case, the
// host in A-labels, a default port dropped and any other kept), and the
// path /robots.txt; userinfo, path, query and fragment are dropped. It
// is the key under which a crawler keeps the file of an authority. A URL
// that does not parse, or that has no host, is an error, a *uri.Error
// with the offset of the fault. It allocates the result.
func URL(rawURL string) (string, error) {
	u, err := readURL(rawURL)
	if err != nil {
		return "", err
	}
	href, off := u.Href(), u.Offsets()
	return href[:off.SchemeEnd] + "://" + href[off.HostStart:off.PathStart] + "/robots.txt", nil
}

// key returns the scheme and the host and port of u, a URL with a host, as
// the URL Standard serializes them: "https" and "example.com:8443".
func key(u whatwg.URL) (scheme, hostPort string) {
	href, off := u.Href(), u.Offsets()
	return href[:off.SchemeEnd], href[off.HostStart:off.PathStart]
}

// sameAuthority reports whether u, a URL with a host, has the scheme, host
// and port of r's URL, or r knows no URL. It does not allocate.
func (r *Robots) sameAuthority(u whatwg.URL) bool {
	if r.scheme == "" {
		return true
	}
	scheme, hostPort := key(u)
	return scheme == r.scheme && hostPort == r.hostPort
}

// otherAuthority returns the error of rawURL, a URL of another authority
// than r's: at the first byte where its scheme, "://" and host and port,
// without its userinfo, depart from r's, compared without regard to case.
func (r *Robots) otherAuthority(rawURL string) error {
	lead := r.scheme + "://"
	i := foldPrefix(rawURL, lead)
	comp := uri.Scheme
	if i > len(r.scheme) {
		comp = uri.Authority
	}
	if i == len(lead) {
		if at := strings.LastIndexByte(rawURL[i:i+strings.IndexAny(rawURL[i:]+"/", "/?#\\")], '@'); at >= 0 {
			i += at + 1 // a userinfo, which is no part of the key
		}
		n := foldPrefix(rawURL[i:], r.hostPort)
		comp = uri.Host
		if port := portColon(r.hostPort); port >= 0 && n >= port || n == len(r.hostPort) && i+n < len(rawURL) && rawURL[i+n] == ':' {
			comp = uri.Port
		}
		i += n
	}
	return &uri.Error{Op: OpCheck, Input: rawURL, Offset: i, Component: comp, Err: ErrOtherAuthority,
		Detail: "the rules are those of " + lead + r.hostPort + "/robots.txt"}
}

// portColon returns the index of the ":" before the port of hostPort, or
// -1 when it has no port.
func portColon(hostPort string) int {
	if i := strings.LastIndexByte(hostPort, ':'); i > strings.LastIndexByte(hostPort, ']') {
		return i
	}
	return -1
}

// foldPrefix returns the length of the longest common prefix of s and t,
// compared without regard to ASCII case.
func foldPrefix(s, t string) int {
	i := 0
	for i < len(s) && i < len(t) && abnf.Lower(s[i]) == abnf.Lower(t[i]) {
		i++
	}
	return i
}

// readURL reads rawURL as the URL Standard does, and refuses a URL with no
// host.
func readURL(rawURL string) (whatwg.URL, error) {
	u, err := whatwg.Parse(rawURL)
	if err != nil {
		return whatwg.URL{}, err
	}
	if k := u.HostKind(); k == uri.HostNone || k == uri.HostEmpty {
		return whatwg.URL{}, &uri.Error{Op: uri.OpParse, Input: rawURL, Offset: hostOffset(rawURL), Err: ErrNoHost}
	}
	return u, nil
}

// hostOffset returns where the host of rawURL, a URL with none, would have
// to begin: after "scheme:" and the "//" that follows it, if any.
func hostOffset(rawURL string) int {
	i := strings.IndexByte(rawURL, ':') + 1
	if strings.HasPrefix(rawURL[i:], "//") {
		i += 2
	}
	return i
}

// googlePath returns the path, parameters and query of rawURL as Google's
// reference reads them: after a first "//", and after a "://" that comes
// before any "/", "?" or ";", the text from the first "/", "?" or ";" up
// to a "#"; "" when there is none, or when a "#" comes before it. The
// caller puts a "/" in front of a result that does not begin with one.
func googlePath(rawURL string) string {
	start := 0
	if strings.HasPrefix(rawURL, "//") {
		start = 2
	}
	from := start
	early := strings.IndexAny(rawURL[start:], "/?;")
	if p := strings.Index(rawURL[start:], "://"); p >= 0 && (early < 0 || p < early) {
		from = start + p + 3
	}
	i := strings.IndexAny(rawURL[from:], "/?;")
	if i < 0 {
		return ""
	}
	i += from
	end := len(rawURL)
	if h := strings.IndexByte(rawURL[start:], '#'); h >= 0 {
		if start+h < i {
			return ""
		}
		end = start + h
	}
	return rawURL[i:end]
}
