package uri

// This file holds the canonical form of HTTP URLs (RFC 1945, Section 3.2.2)
// and the URI comparison of HTTP/1.1 (RFC 2068 and RFC 2616, Section 3.2.3).

import "strings"

// CanonicalHTTP parses s under the grammar of RFC 2616 ([RFC2616]) and
// returns its canonical form, such that [EqualHTTP] reports two references
// equal exactly when their canonical forms are the same string.
//
// RFC 1945, Section 3.2.2 defines the canonical form of an http URL:
// "converting any UPALPHA characters in host to their LOALPHA equivalent
// ..., eliding the [ ":" port ] if the port is 80, and replacing an empty
// abs_path with "/"". RFC 2616, Section 3.2.3 compares URIs octet by octet
// with four exceptions, which CanonicalHTTP applies to every scheme:
//
//   - a port that is empty or not given equals the scheme's default port,
//     so an empty port and the default one are elided (http 80, https 443,
//     and the ports RFC 1738 gives ftp, gopher, nntp, telnet, wais and
//     prospero; "0080" is not "80", as octets differ);
//   - host names are compared case-insensitively, so a server's host is
//     lower-cased (a reg_name is left as written, but an authority that is
//     a reg_name only because of escapes, such as "%41:80", is read again
//     once they are decoded, and is then a server like any other:
//     "ftp://%41:21/" is "ftp://a/");
//   - scheme names are compared case-insensitively, so the scheme is
//     lower-cased;
//   - an empty abs_path equals "/", so a reference with an authority and
//     an empty path gets "/".
//
// And "characters other than those in the "reserved" and "unsafe" sets ...
// are equivalent to their "%" HEX HEX encoding": in every component an
// escape of an RFC 2396 unreserved character (letters, digits and
// "-_.!~*'()") is decoded. The only other characters that may appear
// unescaped in RFC 2396 text are reserved, so no other escape is decoded,
// and the hex digits of the remaining escapes are left as written, because
// octets are compared as they are.
//
// On error it returns "" and the *[Error] of [ParseLegacy]. It allocates the
// result.
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
	u, l, err := ParseLegacy(s, RFC2616)
	if err != nil {
		return "", false, err
	}
	var b strings.Builder
	b.Grow(len(s) + 1)
	if u.HasScheme() {
		b.WriteString(strings.ToLower(u.Scheme()))
		b.WriteByte(':')
	}
	if u.HasAuthority() {
		b.WriteString("//")
		if l.Authority != "server" {
			n := b.Len()
			writeUnreservedDecoded(&b, u.Authority())
			again = b.Len()-n != len(u.Authority())
		} else {
			if u.HasUserinfo() {
				writeUnreservedDecoded(&b, u.Userinfo())
				b.WriteByte('@')
			}
			b.WriteString(strings.ToLower(u.Host()))
			if p := u.Port(); p != "" && p != defaultPortOf(u.Scheme()) {
				b.WriteByte(':')
				b.WriteString(p)
			}
		}
		if u.Path() == "" {
			b.WriteByte('/')
		}
	}
	writeUnreservedDecoded(&b, u.Path())
	if u.HasQuery() {
		b.WriteByte('?')
		writeUnreservedDecoded(&b, u.Query())
	}
	if u.HasFragment() {
		b.WriteByte('#')
		writeUnreservedDecoded(&b, u.Fragment())
	}
	return b.String(), again, nil
}

// EqualHTTP reports whether a and b identify the same resource under the
// URI comparison rules of RFC 2616, Section 3.2.3 (the same as RFC 2068's),
// applied to references parsed under [RFC2616]. Its example holds:
//
//	http://abc.com:80/~smith/home.html
//	http://ABC.com/%7Esmith/home.html
//	http://ABC.com:/%7esmith/home.html
//
// are equal. See [CanonicalHTTP] for the rules. It returns false and the
// *[Error] of the first reference that does not parse.
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

// defaultPortOf returns the default port of a scheme as text, or "" if it
// is unknown.
func defaultPortOf(scheme string) string {
	for _, d := range [...]struct{ scheme, port string }{
		{"http", "80"},       // RFC 2616, Section 3.2.2
		{"https", "443"},     // RFC 2818, Section 2.3
		{"ftp", "21"},        // RFC 1738, Section 3.2
		{"gopher", "70"},     // RFC 1738, Section 3.4.1
		{"nntp", "119"},      // RFC 1738, Section 3.7
		{"telnet", "23"},     // RFC 1738, Section 3.8
		{"wais", "210"},      // RFC 1738, Section 3.9
		{"prospero", "1525"}, // RFC 1738, Section 3.11
	} {
		if strings.EqualFold(scheme, d.scheme) {
			return d.port
		}
	}
	return ""
}

// writeUnreservedDecoded writes t with every escape of an RFC 2396
// unreserved character decoded:
//
//	unreserved = alphanum | mark
//	mark       = "-" | "_" | "." | "!" | "~" | "*" | "'" | "(" | ")"
//
// which are RFC 3986's unreserved characters and "!", "*", "'", "(", ")".
func writeUnreservedDecoded(b *strings.Builder, t string) {
	for i := 0; i < len(t); i++ {
		if t[i] == '%' && i+2 < len(t) {
			c := unhex(t[i+1])<<4 | unhex(t[i+2])
			if classes[c]&cUnreserved != 0 || strings.IndexByte("!*'()", c) >= 0 {
				b.WriteByte(c)
				i += 2
				continue
			}
		}
		b.WriteByte(t[i])
	}
}
