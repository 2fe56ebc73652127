package legacy

// This file holds the canonical form of HTTP URLs (RFC 1945, Section 3.2.2)
// and the URI comparison of HTTP/1.1 (RFC 2068 and RFC 2616, Section 3.2.3).

import (
	"strings"

	"github.com/gouri/uri/internal/abnf"
	"github.com/gouri/uri/internal/schemes"
)

// CanonicalHTTP parses s under [RFC2616] and returns its canonical form for
// the URI comparison of RFC 2616, Section 3.2.3 (and RFC 1945, Section 3.2.2):
// the scheme and a server's host lower-cased, an empty or default port elided,
// an empty path after an authority made "/", and the escapes of RFC 2396
// unreserved characters decoded; other escapes stay as written. [EqualHTTP]
// compares these forms. On error it returns "" and the *uri.Error of [Parse].
//
// RFC 1945, Section 3.2.2 defines the canonical form of an http URL
// ("converting any UPALPHA characters in host to their LOALPHA equivalent
// ..., eliding the [ ":" port ] if the port is 80, and replacing an empty
// abs_path with "/""), and RFC 2616, Section 3.2.3 compares URIs octet by
// octet with four exceptions, which CanonicalHTTP applies to every scheme:
//
//   - a port that is empty or not given equals the scheme's default port,
//     so an empty port and the default one are elided (http 80, https 443,
//     the ports RFC 1738 gives ftp, gopher, nntp, telnet, wais and prospero,
//     and those of the other schemes that uri.Normalize knows); "0080" is
//     not "80", as the octets differ;
//   - host names are compared case-insensitively, so a server's host is
//     lower-cased; a reg_name is left as written, but an authority that is
//     a reg_name only because of escapes, such as "%41:80", is read again
//     once they are decoded, and is then a server like any other
//     ("ftp://%41:21/" is "ftp://a/");
//   - scheme names are compared case-insensitively, so the scheme is
//     lower-cased;
//   - an empty abs_path equals "/", so a reference with an authority and an
//     empty path gets "/".
//
// And "characters other than those in the "reserved" and "unsafe" sets ...
// are equivalent to their "%" HEX HEX encoding": in every component an
// escape of an RFC 2396 unreserved character (letters, digits and
// "-_.!~*'()") is decoded. The only other characters that may appear
// unescaped in RFC 2396 text are reserved, so no other escape is decoded,
// and the hex digits of the remaining escapes are left as written, since
// octets are compared as they are.
func CanonicalHTTP(s string) (string, error) {
	c, again, err := canonicalHTTP(s)
	if err != nil || !again {
		return c, err
	}
	// The escapes of a reg_name authority are decoded now, so it reads as
	// a server or stays a reg_name with nothing left to decode: one more
	// pass gives the fixed point.
	if c2, _, err := canonicalHTTP(c); err == nil {
		return c2, nil
	}
	return c, nil
}

// canonicalHTTP makes one pass of CanonicalHTTP. It reports again when it
// decoded an escape in a reg_name authority, which may then read as a
// server.
func canonicalHTTP(s string) (c string, again bool, err error) {
	l, err := Parse(s, RFC2616)
	if err != nil {
		return "", false, err
	}
	u := l.Parts
	b := make([]byte, 0, len(s)+1)
	if u.Scheme != "" {
		b = append(append(b, strings.ToLower(u.Scheme)...), ':')
	}
	if u.HasAuthority {
		b = append(b, "//"...)
		if l.AuthorityForm != "server" {
			a := oldRefOf(s, u).auth
			n := len(b)
			b = abnf.AppendDecoded(b, a, &unreserved2396, false)
			again = len(b)-n != len(a)
		} else {
			if u.HasUserinfo {
				b = append(abnf.AppendDecoded(b, u.Userinfo, &unreserved2396, false), '@')
			}
			b = append(b, strings.ToLower(u.Host)...)
			if u.Port != "" && u.Port != schemes.Lookup(u.Scheme).Port {
				b = append(append(b, ':'), u.Port...)
			}
		}
		if u.Path == "" {
			b = append(b, '/')
		}
	}
	b = abnf.AppendDecoded(b, u.Path, &unreserved2396, false)
	if u.HasQuery {
		b = abnf.AppendDecoded(append(b, '?'), u.Query, &unreserved2396, false)
	}
	if u.HasFragment {
		b = abnf.AppendDecoded(append(b, '#'), u.Fragment, &unreserved2396, false)
	}
	return string(b), again, nil
}

// EqualHTTP reports whether a and b identify the same resource under the URI
// comparison of RFC 2616, Section 3.2.3, for references parsed under
// [RFC2616]: "http://abc.com:80/~smith/home.html" and
// "http://ABC.com:/%7esmith/home.html" are equal. It is CanonicalHTTP(a) ==
// CanonicalHTTP(b), kept as the name of the comparison that the RFC defines, as
// uri.Equivalent is for RFC 3986. It returns false and the *uri.Error of the
// first reference that does not parse.
func EqualHTTP(a, b string) (bool, error) {
	ca, err := CanonicalHTTP(a)
	if err != nil {
		return false, err
	}
	cb, err := CanonicalHTTP(b)
	if err != nil {
		return false, err
	}
	return ca == cb, nil
}

// unreserved2396 are the escapes that CanonicalHTTP decodes, RFC 2396's
// unreserved characters:
//
//	unreserved = alphanum | mark
//	mark       = "-" | "_" | "." | "!" | "~" | "*" | "'" | "(" | ")"
//
// which are RFC 3986's unreserved characters and "!", "*", "'", "(", ")".
var unreserved2396 = func() (t [256]bool) {
	for c := range t {
		t[c] = abnf.Classes[c]&abnf.Unreserved != 0 || strings.IndexByte("!*'()", byte(c)) >= 0
	}
	return t
}()
