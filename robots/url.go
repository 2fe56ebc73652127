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

// plainURL returns the scheme, host and path and query of rawURL as the
// URL Standard reads them, and true, for an http or https URL that it
// leaves as it is: "http://" or "https://", a host of lower-case
// letters, digits, "-" and "." whose labels are not empty, not
// A-labels and the last of which begins with a letter (so no IPv4
// address; the host is its own domain to ASCII), no userinfo and no
// port, and a path and query of bytes that neither the path nor the
// query percent-encode set holds, with no "\", no dot segment and no
// "%2E", up to a "#" or the end; "/" when there is neither path nor
// query. It returns false for any other URL, which the caller reads
// with the URL Standard's parser. It allocates nothing.
func plainURL(rawURL string) (scheme, host, pathQuery string, ok bool) {
	switch {
	case strings.HasPrefix(rawURL, "https://"):
		scheme = rawURL[:5]
	case strings.HasPrefix(rawURL, "http://"):
		scheme = rawURL[:4]
	default:
		return "", "", "", false
	}
	i := len(scheme) + 3
	n := strings.IndexByte(rawURL[i:], '/')
	if n < 0 {
		n = len(rawURL) - i
	}
	host = rawURL[i : i+n]
	if host == "" || host[0] == '.' || host[len(host)-1] == '.' {
		return "", "", "", false
	}
	label := 0 // the last label
	for k := range len(host) {
		if c := host[k]; urlKeeps[c]&keepHost == 0 {
			switch {
			case c == '.' && host[k-1] != '.':
				label = k + 1
			case c == '-' && (k == 0 || host[k-1] != '-'): // no "xn--"
			default:
				return "", "", "", false
			}
		}
	}
	if host[label] < 'a' {
		return "", "", "", false
	}
	i += n
	if i == len(rawURL) {
		return scheme, host, "/", true
	}
	end := plainPathEnd(rawURL, i)
	if end < 0 {
		return "", "", "", false
	}
	return scheme, host, rawURL[i:end], true
}

// plainPathEnd returns the end of the path and query of rawURL that begin
// at its "/" at i, at a "#" or the end, when the URL Standard's parser
// keeps them as they are (see plainURL), or else -1.
func plainPathEnd(rawURL string, i int) int {
	for i++; i < len(rawURL); i++ {
		for ; i+8 <= len(rawURL); i += 8 {
			w := rawURL[i : i+8]
			if urlKeeps[w[0]]&urlKeeps[w[1]]&urlKeeps[w[2]]&urlKeeps[w[3]]&urlKeeps[w[4]]&urlKeeps[w[5]]&urlKeeps[w[6]]&urlKeeps[w[7]]&keepURL == 0 {
				break
			}
		}
		for i < len(rawURL) && urlKeeps[rawURL[i]]&keepURL != 0 {
			i++
		}
		if i == len(rawURL) {
			break
		}
		switch rawURL[i] {
		case '#':
			return i
		case '.': // a dot segment begins so
			if rawURL[i-1] == '/' {
				return -1
			}
		case '%': // and so may a "%2E"
			if i+2 < len(rawURL) && rawURL[i+1] == '2' && rawURL[i+2]|0x20 == 'e' {
				return -1
			}
		default:
			return -1
		}
	}
	return len(rawURL)
}

// Byte classes of plainURL.
const (
	keepURL  = 1 << iota // kept as it is in the path and the query, but for "." and "%"
	keepHost             // a lower-case letter or a digit
)

// urlKeeps holds the bytes that the URL Standard's parser keeps as they
// are in the host and in the path and the query of an http or https URL
// that plainURL reads: printable ASCII but those of the path and the
// special-query percent-encode sets (space, `"`, "#", "'", "<", ">", "?"
// of the path aside, "^", "`", "{", "}"), "\", which it reads as "/",
// and "|", for good measure; "." and "%", which may begin a dot segment,
// are read one by one.
var urlKeeps = func() (t [256]uint8) {
	for c := '!'; c <= '~'; c++ {
		if !strings.ContainsRune("\"#'<>\\^`{|}.%", c) {
			t[c] = keepURL
		}
		if 'a' <= c && c <= 'z' || '0' <= c && c <= '9' {
			t[c] |= keepHost
		}
	}
	return t
}()
