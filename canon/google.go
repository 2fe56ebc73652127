package canon

import (
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/gouri/uri"
	"github.com/gouri/uri/internal/abnf"
	"github.com/gouri/uri/internal/dotseg"
	"github.com/gouri/uri/internal/idnacheck"
	"github.com/gouri/uri/internal/inetaton"
	"github.com/gouri/uri/internal/schemes"
)

// This file holds the steps of the canonicalization of Google Safe
// Browsing's "URLs and Hashing" (Safe Browsing API v4, section
// "Canonicalization"), one function per step, in the order of the
// document; googleParts runs them.

// parts is a URL split as the Safe Browsing steps split it.
type parts struct {
	scheme, host, port, path, query string
	hasQuery                        bool
}

// String writes p back: scheme "://" host [":" port] path ["?" query].
func (p parts) String() string {
	n := len(p.scheme) + 3 + len(p.host) + len(p.path)
	if p.port != "" {
		n += 1 + len(p.port)
	}
	if p.hasQuery {
		n += 1 + len(p.query)
	}
	b := make([]byte, 0, n)
	b = append(append(append(b, p.scheme...), "://"...), p.host...)
	if p.port != "" {
		b = append(append(b, ':'), p.port...)
	}
	b = append(b, p.path...)
	if p.hasQuery {
		b = append(append(b, '?'), p.query...)
	}
	return string(b)
}

// writes reports whether p.String() == s, without allocating.
func (p parts) writes(s string) bool {
	for _, part := range [...]string{p.scheme, "://", p.host} {
		if !strings.HasPrefix(s, part) {
			return false
		}
		s = s[len(part):]
	}
	if p.port != "" {
		if !strings.HasPrefix(s, ":") || !strings.HasPrefix(s[1:], p.port) {
			return false
		}
		s = s[1+len(p.port):]
	}
	if !strings.HasPrefix(s, p.path) {
		return false
	}
	s = s[len(p.path):]
	if !p.hasQuery {
		return s == ""
	}
	return strings.HasPrefix(s, "?") && s[1:] == p.query
}

// googleParts runs the Safe Browsing steps on s. With archive, it reads s
// as the Archive profile does: a port other than the scheme's default is
// kept (the SURT key's reading), and the slashes after "http:" and
// "https:" are read as surt reads them (see splitScheme); otherwise the
// port is dropped, as the Safe Browsing examples do. Its error is a
// *uri.Error without Op, at the offset in s that faultAt gives.
func googleParts(s string, archive bool) (parts, error) {
	in := s
	s, lead := abnf.TrimC0Space(s) // lead: where s starts in in
	n := len(s)
	// One scan finds which of the next steps have work to do.
	var tabNewline, hash, pct bool
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case '\t', '\r', '\n':
			tabNewline = true
		case '#':
			hash = true
		case '%':
			pct = true
		}
	}
	if tabNewline {
		s = removeTabNewline(s)
	}
	if hash {
		s = cutFragment(s)
	}
	if pct {
		s = unescapeRepeatedly(s)
	}
	fail := func(at int, err error) (parts, error) {
		return parts{}, &uri.Error{Input: in, Offset: faultAt(in, lead, n, tabNewline || pct, hash, at), Err: err}
	}
	var p parts
	scheme, rest, at, err := splitScheme(s, archive)
	if err != nil {
		return fail(at, err)
	}
	p.scheme = scheme
	end := strings.IndexAny(rest, "/?")
	if end < 0 {
		end = len(rest)
	}
	auth := len(s) - len(rest) // where the authority starts in s
	host, port, at, err := splitAuthority(rest[:end])
	if err != nil {
		return fail(auth+at, err)
	}
	hostAt := auth + strings.LastIndexByte(rest[:end], '@') + 1
	if p.host, at, err = canonHost(host); err != nil {
		return fail(hostAt+at, err)
	}
	if archive && port != schemes.Lookup(scheme).Port {
		p.port = port
	}
	path, query, hasQuery := strings.Cut(rest[end:], "?")
	p.path = canonPath(path)
	p.query, p.hasQuery = escapeBytes(query), hasQuery
	return p, nil
}

// faultAt maps the offset at of a fault in the text that the steps made
// of in, whose trimmed form starts at lead, to an offset in in (see
// uri.Error), or uri.NoOffset when the steps rewrote the text before at:
// a removed tab or newline, or a decoded percent-escape, which the text
// made holds at some earlier point when rewritten; n is the length of
// the trimmed text, and cut says whether a fragment was cut from it.
func faultAt(in string, lead, n int, rewritten, cut bool, at int) int {
	if rewritten {
		t := in[lead : lead+n]
		if i := strings.IndexAny(t, "\t\r\n%"); i >= 0 && at >= i {
			return uri.NoOffset
		}
	}
	if at >= n && !cut {
		return len(in) // the text ends too early; trailing spaces are allowed
	}
	return lead + at
}

// removeTabNewline removes every tab (0x09), CR (0x0D) and LF (0x0A): "First,
// remove tab (0x09), CR (0x0d), and LF (0x0a) characters from the URL".
func removeTabNewline(s string) string {
	if !strings.ContainsAny(s, "\t\r\n") {
		return s
	}
	b := make([]byte, 0, len(s))
	for i := 0; i < len(s); i++ {
		if c := s[i]; c != '\t' && c != '\r' && c != '\n' {
			b = append(b, c)
		}
	}
	return string(b)
}

// cutFragment removes the fragment: "If the URL ends in a fragment, remove
// the fragment": everything from the first "#" (a "#" that decoding makes
// later is a byte of the path or query).
func cutFragment(s string) string {
	if i := strings.IndexByte(s, '#'); i >= 0 {
		return s[:i]
	}
	return s
}

// unescapeRepeatedly decodes percent-escapes until none is left: "Repeatedly
// percent-unescape the URL until it has no more percent-escapes". Decoding
// pass after pass takes time quadratic in the length ("%25252525..."), so
// it decodes in one pass: each byte is appended to the output, and while
// the output ends in "%" HEXDIG HEXDIG, those three bytes become the byte
// they encode, which is where a later pass would decode them. Each decoding
// shortens the output by two, so the work is linear.
func unescapeRepeatedly(s string) string {
	if strings.IndexByte(s, '%') < 0 {
		return s
	}
	b := make([]byte, 0, len(s))
	for i := 0; i < len(s); i++ {
		b = append(b, s[i])
		for n := len(b); n >= 3 && b[n-3] == '%' && abnf.IsHex(b[n-2]) && abnf.IsHex(b[n-1]); n = len(b) {
			b = append(b[:n-3], abnf.Unhex(b[n-2])<<4|abnf.Unhex(b[n-1]))
		}
	}
	if len(b) == len(s) {
		return s
	}
	return string(b)
}

// splitScheme returns the lower-cased scheme and what follows its "://".
// Input without a scheme is read as http, as Google's client does
// ("www.google.com/" is "http://www.google.com/"); a "host:port" is no
// scheme. A scheme without "//" has no host to key ("mailto:a@b"): the
// error is at the byte where "//" should be.
//
// With archive, the scheme http or https (in any case) is followed by its
// host after any number of slashes, none included ("http:8080/x" has the
// host 8080, as in the URL Standard), and a second "http://" or
// "https://" right after them replaces the first, as surt reads a URL
// ("http:////www.vikings.com" is "http://www.vikings.com",
// "http://https://order.1and1.com" is "https://order.1and1.com"). The rest
// is always a suffix of s, so that offsets in it are offsets in s.
func splitScheme(s string, archive bool) (scheme, rest string, at int, err error) {
	i := schemeLen(s)
	for archive && i < len(s) && s[i] == ':' && webScheme(s[:i]) {
		j := i + 1
		for j < len(s) && s[j] == '/' {
			j++
		}
		scheme, rest = abnf.LowerString(s[:i]), s[j:]
		if i = webSchemeSlashes(rest); i == 0 {
			return scheme, rest, 0, nil
		}
		s = rest
	}
	switch {
	case i > 0 && strings.HasPrefix(s[i:], "://"):
		return abnf.LowerString(s[:i]), s[i+3:], 0, nil
	case i > 0 && i < len(s) && s[i] == ':' && (i+1 == len(s) || !abnf.IsDigit(s[i+1])):
		at = i + 1
		if at < len(s) && s[at] == '/' {
			at++
		}
		return "", "", at, uri.ErrNoHost
	}
	return "http", s, 0, nil
}

// schemeLen returns the length of the scheme that s begins with (RFC 3986,
// Section 3.1: ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )), or 0.
func schemeLen(s string) int {
	i := 0
	for i < len(s) && (abnf.IsAlpha(s[i]) || i > 0 && (abnf.IsDigit(s[i]) || s[i] == '+' || s[i] == '-' || s[i] == '.')) {
		i++
	}
	return i
}

// webScheme reports whether s is http or https, in any case: the schemes
// whose slashes surt reads leniently.
func webScheme(s string) bool {
	// b|0x20 is the lower case of an ASCII letter, and no other byte
	// gives 'h', 't', 'p' or 's'.
	return (len(s) == 4 || len(s) == 5 && s[4]|0x20 == 's') &&
		s[0]|0x20 == 'h' && s[1]|0x20 == 't' && s[2]|0x20 == 't' && s[3]|0x20 == 'p'
}

// webSchemeSlashes returns the length of the scheme http or https that s
// begins with, when "://" follows it, or 0.
func webSchemeSlashes(s string) int {
	if len(s) < 7 || s[0]|0x20 != 'h' {
		return 0
	}
	n := strings.IndexByte(s[:6], ':')
	if n < 0 || !webScheme(s[:n]) || !strings.HasPrefix(s[n:], "://") {
		return 0
	}
	return n
}

// splitAuthority drops the userinfo of an authority and returns its host
// and its port (without ":"), or the error and its offset in a: the byte
// at fault as the host and port read it, although an "@" later would make
// it part of a userinfo (as package uri reports a bad port): the end of an
// IP literal without "]", the byte after "]", the first byte after the
// host's first ":" that is no digit, or the port's first byte that is no
// digit.
func splitAuthority(a string) (host, port string, at int, err error) {
	start := strings.LastIndexByte(a, '@') + 1
	a = a[start:]
	if strings.HasPrefix(a, "[") {
		j := strings.IndexByte(a, ']')
		if j < 0 {
			return "", "", start + len(a), ErrBadIPLiteral
		}
		host, a = a[:j+1], a[j+1:]
		if a != "" && a[0] != ':' {
			return "", "", start + j + 1, ErrBadIPLiteral
		}
		port = strings.TrimPrefix(a, ":")
	} else if i := strings.LastIndexByte(a, ':'); i >= 0 {
		host, port = a[:i], a[i+1:]
	} else {
		host = a
	}
	if !strings.HasPrefix(host, "[") {
		if i := strings.IndexByte(host, ':'); i >= 0 {
			k := i + 1
			for k < len(host) && abnf.IsDigit(host[k]) {
				k++
			}
			return "", "", start + k, ErrBadHost
		}
	}
	for i := 0; i < len(port); i++ {
		if !abnf.IsDigit(port[i]) {
			return "", "", start + len(a) - len(port) + i, ErrBadPort
		}
	}
	return host, port, 0, nil
}

// canonHost is the document's host step: "Remove all leading and trailing
// dots. Replace consecutive dots with a single dot. If the hostname can be
// parsed as an IPv4 address, normalize it to 4 dot-separated decimal
// values. The client should handle any legal IP-address encoding, including
// octal, hex, and fewer than four components. Lowercase the whole string."
// A non-ASCII name goes through IDNA's lookup (UTS #46) as Google's client
// does, with the module's check that no label is lost or gained
// (internal/idnacheck: x/net/idna alone turns "é.xn--.com" into
// "xn--9ca..com"); a name that IDNA rejects keeps its bytes, escaped. An
// error comes with its offset in h: the end of a host of dots alone, or the
// "[" that dots alone precede.
func canonHost(h string) (string, int, error) {
	if strings.HasPrefix(h, "[") {
		// The bytes between the brackets are escaped as everywhere else:
		// "[a%0Ab]" is decoded by then, and a raw newline in a key would
		// end it, in a file of keys as in a hash.
		return escapeBytes(abnf.LowerString(h)), 0, nil
	}
	raw := h
	h = abnf.LowerString(collapseDots(h))
	if h == "" {
		return "", len(raw), uri.ErrNoHost
	}
	if h[0] == '[' {
		return "", strings.IndexByte(raw, '['), ErrBadIPLiteral // ".[" would read back as an IP literal
	}
	if !abnf.IsASCII(h) && utf8.ValidString(h) {
		if a, err := idnacheck.Lookup.ToASCII(h); err == nil && a != "" {
			// UTS #46 maps some labels to nothing ("\u00ad") and full-width
			// digits to ASCII ones: the dots are collapsed again, and the
			// name may be an address now, so that the key is canonical.
			if h = collapseDots(a); h == "" {
				return "", len(raw), uri.ErrNoHost
			}
		}
	}
	if a, ok := ipv4(h); ok {
		return a, 0, nil
	}
	return escapeBytes(h), 0, nil
}

// collapseDots removes the leading and trailing dots of h and replaces each
// run of dots with one.
func collapseDots(h string) string {
	h = strings.Trim(h, ".")
	if !strings.Contains(h, "..") {
		return h
	}
	b := make([]byte, 0, len(h))
	for i := 0; i < len(h); i++ {
		if h[i] != '.' || h[i-1] != '.' {
			b = append(b, h[i])
		}
	}
	return string(b)
}

// ipv4 reads h as an IPv4 address in any of the forms that inet_aton reads
// (decimal, octal, hexadecimal, one to four parts; the reading of the URL
// Standard's IPv4 parser too) and returns it as a dotted quad.
func ipv4(h string) (string, bool) {
	if h == "" || !abnf.IsDigit(h[0]) {
		return "", false
	}
	a, fault := inetaton.Parse(h)
	if fault != inetaton.OK {
		return "", false
	}
	if abnf.IsIPv4(h) {
		return h, true
	}
	v := a.Addr
	return strconv.Itoa(int(v>>24)) + "." + strconv.Itoa(int(v>>16&0xff)) + "." +
		strconv.Itoa(int(v>>8&0xff)) + "." + strconv.Itoa(int(v&0xff)), true
}

// canonPath is the document's path step: "Resolve the sequences /../ and
// /./ in the path by replacing /./ with /, and removing /../ along with the
// preceding path component. Replace runs of consecutive slashes with a
// single slash character." An empty path is "/".
func canonPath(p string) string {
	if p == "" {
		return "/"
	}
	if hasDotOrEmptySegment(p) {
		b, _ := dotseg.Remove([]byte(p), 0, dotseg.Options{MergeSlashes: true})
		p = string(b)
	}
	return escapeBytes(p)
}

// hasDotOrEmptySegment reports whether p has a segment that begins with
// "." or is empty: what canonPath may remove.
func hasDotOrEmptySegment(p string) bool {
	for i := 0; i+1 < len(p); i++ {
		if p[i] == '/' && (p[i+1] == '.' || p[i+1] == '/') {
			return true
		}
	}
	return false
}

// escapeBytes is the last step: "percent-escape all characters in the URL
// which are <= ASCII 32, >= 127, "#", or "%". The escapes should use
// uppercase hex characters."
func escapeBytes(s string) string {
	i := 0
	for i < len(s) && !mustEscape(s[i]) {
		i++
	}
	if i == len(s) {
		return s
	}
	b := make([]byte, i, len(s)+16)
	copy(b, s)
	for ; i < len(s); i++ {
		if c := s[i]; mustEscape(c) {
			b = append(b, '%', abnf.UpperHex[c>>4], abnf.UpperHex[c&15])
		} else {
			b = append(b, c)
		}
	}
	return string(b)
}

func mustEscape(c byte) bool { return c <= ' ' || c >= 0x7f || c == '#' || c == '%' }
