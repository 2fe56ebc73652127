package urlpattern

import (
	"errors"

	"github.com/gouri/uri"
	"github.com/gouri/uri/internal/abnf"
	"github.com/gouri/uri/internal/schemes"
	"github.com/gouri/uri/whatwg"
)

// The encoding callbacks of section 3.1. Each runs the URL Standard's
// basic URL parser on the text, as package whatwg implements it: most
// through a setter of the URL class on a dummy URL, which runs the parser
// with the state override that the callback names; a setter's own steps
// (a leading "?" removed by the search setter, an empty port made null)
// are kept out of the way as each function says.

// dummyURL is "create a dummy URL": https://dummy.invalid/.
var dummyURL = whatwg.MustParse("https://dummy.invalid/")

// failure returns the canonError of an error of package whatwg about
// value, with its offset in value.
func failure(err error, value string) *canonError {
	var e *uri.Error
	if errors.As(err, &e) && e.Offset != uri.NoOffset {
		return &canonError{off: min(e.Offset, len(value)), detail: e.Err.Error()}
	}
	return &canonError{detail: err.Error()}
}

// canonProtocol is "canonicalize a protocol": the scheme of value followed
// by "://dummy.invalid/".
func canonProtocol(value string) (string, *canonError) {
	if value == "" {
		return "", nil
	}
	u, err := whatwg.Parse(value + "://dummy.invalid/")
	if err != nil {
		return "", failure(err, value)
	}
	return u.Scheme(), nil
}

// canonUsername is "canonicalize a username": the username setter on the
// dummy URL.
func canonUsername(value string) (string, *canonError) {
	if value == "" {
		return "", nil
	}
	u := dummyURL
	if err := u.SetUsername(value); err != nil {
		return "", failure(err, value)
	}
	return u.Username(), nil
}

// canonPassword is "canonicalize a password".
func canonPassword(value string) (string, *canonError) {
	if value == "" {
		return "", nil
	}
	u := dummyURL
	if err := u.SetPassword(value); err != nil {
		return "", failure(err, value)
	}
	return u.Password(), nil
}

// canonHostname is "canonicalize a hostname": the parser with the
// hostname state as state override, which is what the hostname setter
// runs on a URL without an opaque path.
func canonHostname(value string) (string, *canonError) {
	if value == "" {
		return "", nil
	}
	u := dummyURL
	if err := u.SetHostname(value); err != nil {
		return "", failure(err, value)
	}
	return u.Hostname(), nil
}

// canonIPv6Hostname is "canonicalize an IPv6 hostname": hex digits, "[",
// "]" and ":", lower-cased.
func canonIPv6Hostname(value string) (string, *canonError) {
	b := []byte(value)
	for i, c := range b {
		switch {
		case abnf.IsHex(c), c == '[', c == ']', c == ':':
			b[i] = abnf.Lower(c)
		default:
			return "", &canonError{off: i, detail: "not a hex digit, \"[\", \"]\" or \":\" in an IPv6 address"}
		}
	}
	return string(b), nil
}

// portEncoder returns "canonicalize a port" with the protocol given:
// the parser with the port state as state override on a dummy URL of that
// scheme. The port setter runs the same state on a value that is not
// empty. A scheme without a default port ("file", one that is not
// special, or none) gets a dummy URL that is not special, which has none
// either.
func portEncoder(protocol string) encodeFunc {
	dummy := dummyURL
	switch protocol {
	case "https":
	case "http", "ws", "wss", "ftp":
		dummy = whatwg.MustParse(protocol + "://dummy.invalid/")
	default:
		dummy = whatwg.MustParse("non-special://dummy.invalid/")
	}
	return func(value string) (string, *canonError) {
		if value == "" {
			return "", nil
		}
		u := dummy
		if err := u.SetPort(value); err != nil {
			return "", failure(err, value)
		}
		return u.Port(), nil
	}
}

// canonPort is "canonicalize a port" without a protocol, as the port
// component's encoding callback runs it: the dummy URL's scheme is then
// the empty string, which has no default port, so that "443" in the
// pattern "*443" stays (whatwg/urlpattern pull request 286, June 2026;
// before it, the https dummy URL made it "").
func canonPort(value string) (string, *canonError) {
	return portEncoder("")(value)
}

// canonPathname is "canonicalize a pathname": the pathname setter on the
// dummy URL, after "/-" when value does not start with "/", so that the
// parser neither adds a "/" nor reads a leading "." as a dot segment;
// the two are removed again.
func canonPathname(value string) (string, *canonError) {
	if value == "" {
		return "", nil
	}
	lead := value[0] == '/'
	modified := value
	if !lead {
		modified = "/-" + value
	}
	u := dummyURL
	if err := u.SetPathname(modified); err != nil {
		return "", failure(err, value)
	}
	p := u.Pathname()
	if !lead {
		// "The code point substring from 2 to the end": "" when ".."
		// removed the "-" ("\\.." gives "/").
		p = p[min(2, len(p)):]
	}
	return p, nil
}

// canonOpaquePathname is "canonicalize an opaque pathname".
func canonOpaquePathname(value string) (string, *canonError) {
	return whatwg.ParseOpaquePath(value), nil
}

// canonSearch is "canonicalize a search": the query state with state
// override. The search setter runs it after removing one leading "?",
// which the "?" put before value takes the place of.
func canonSearch(value string) (string, *canonError) {
	if value == "" {
		return "", nil
	}
	u := dummyURL
	if err := u.SetSearch("?" + value); err != nil {
		return "", failure(err, value)
	}
	return u.Query(), nil
}

// canonHash is "canonicalize a hash", through the hash setter as
// canonSearch goes through the search setter.
func canonHash(value string) (string, *canonError) {
	if value == "" {
		return "", nil
	}
	u := dummyURL
	if err := u.SetHash("#" + value); err != nil {
		return "", failure(err, value)
	}
	return u.Fragment(), nil
}

// isSpecialScheme reports whether s is a special scheme (URL Standard,
// section 4.2). The URL Standard's table is short and fixed; package
// whatwg keeps its own copy unexported.
func isSpecialScheme(s string) bool {
	switch s {
	case "ftp", "file", "http", "https", "ws", "wss":
		return true
	}
	return false
}

// defaultPort returns the default port of a special scheme, as the
// standard's create step 5 compares it, or "". The special schemes' ports
// (URL Standard, section 4.1) are those of the module's scheme table.
func defaultPort(scheme string) string {
	if !isSpecialScheme(scheme) {
		return ""
	}
	return schemes.Lookup(scheme).Port
}
