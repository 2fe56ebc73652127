package robots

import (
	"errors"
	"strings"

	"github.com/gouri/uri"
	"github.com/gouri/uri/whatwg"
)

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
