package canon

import (
	"strconv"
	"strings"
	"unicode/utf8"

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

// googleParts runs the Safe Browsing steps on s. With keepPort, a port
// other than the scheme's default is kept (the SURT key's reading);
// otherwise the port is dropped, as the Safe Browsing examples do.
func googleParts(s string, keepPort bool) (parts, error) {
	s = trimSpace(s)
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
	var p parts
	scheme, rest, err := splitScheme(s)
	if err != nil {
		return p, err
	}
	p.scheme = scheme
	end := strings.IndexAny(rest, "/?")
	if end < 0 {
		end = len(rest)
	}
	host, port, err := splitAuthority(rest[:end])
	if err != nil {
		return p, err
	}
	if p.host, err = canonHost(host); err != nil {
		return p, err
	}
	if keepPort && port != schemes.Lookup(scheme).Port {
		p.port = port
	}
	path, query, hasQuery := strings.Cut(rest[end:], "?")
	p.path = canonPath(path)
	p.query, p.hasQuery = escapeBytes(query), hasQuery
	return p, nil
}

// trimSpace removes the leading and trailing bytes <= 0x20: "Remove all
// leading and trailing spaces" as Google's client does, and the C0
// controls that a browser strips too (URL Standard, section 4.4).
func trimSpace(s string) string {
	i, j := 0, len(s)
	for i < j && s[i] <= ' ' {
		i++
	}
	for j > i && s[j-1] <= ' ' {
		j--
	}
	return s[i:j]
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
// scheme. A scheme without "//" has no host to key ("mailto:a@b").
func splitScheme(s string) (scheme, rest string, err error) {
	i := 0
	for i < len(s) && (abnf.IsAlpha(s[i]) || i > 0 && (abnf.IsDigit(s[i]) || s[i] == '+' || s[i] == '-' || s[i] == '.')) {
		i++
	}
	switch {
	case i > 0 && strings.HasPrefix(s[i:], "://"):
		return abnf.LowerString(s[:i]), s[i+3:], nil
	case i > 0 && i < len(s) && s[i] == ':' && (i+1 == len(s) || !abnf.IsDigit(s[i+1])):
		return "", "", ErrNoHost
	}
	return "http", s, nil
}

// splitAuthority drops the userinfo of an authority and returns its host
// and its port (without ":").
func splitAuthority(a string) (host, port string, err error) {
	if i := strings.LastIndexByte(a, '@'); i >= 0 {
		a = a[i+1:]
	}
	if strings.HasPrefix(a, "[") {
		j := strings.IndexByte(a, ']')
		if j < 0 {
			return "", "", ErrBadIPLiteral
		}
		host, a = a[:j+1], a[j+1:]
		if a != "" && a[0] != ':' {
			return "", "", ErrBadIPLiteral
		}
		port = strings.TrimPrefix(a, ":")
	} else if i := strings.LastIndexByte(a, ':'); i >= 0 {
		host, port = a[:i], a[i+1:]
	} else {
		host = a
	}
	if !strings.HasPrefix(host, "[") && strings.IndexByte(host, ':') >= 0 {
		return "", "", ErrBadHost
	}
	for i := 0; i < len(port); i++ {
		if !abnf.IsDigit(port[i]) {
			return "", "", ErrBadPort
		}
	}
	return host, port, nil
}

// canonHost is the document's host step: "Remove all leading and trailing
// dots. Replace consecutive dots with a single dot. If the hostname can be
// parsed as an IPv4 address, normalize it to 4 dot-separated decimal
// values. The client should handle any legal IP-address encoding, including
// octal, hex, and fewer than four components. Lowercase the whole string."
// A non-ASCII name goes through IDNA's lookup (UTS #46) as Google's client
// does, with the module's check that no label is lost or gained
// (internal/idnacheck: x/net/idna alone turns "é.xn--.com" into
// "xn--9ca..com"); a name that IDNA rejects keeps its bytes, escaped.
func canonHost(h string) (string, error) {
	if strings.HasPrefix(h, "[") {
		return abnf.LowerString(h), nil
	}
	h = abnf.LowerString(collapseDots(h))
	if h == "" {
		return "", ErrNoHost
	}
	if h[0] == '[' {
		return "", ErrBadIPLiteral // ".[" would read back as an IP literal
	}
	if !abnf.IsASCII(h) && utf8.ValidString(h) {
		if a, err := idnacheck.Lookup.ToASCII(h); err == nil && a != "" {
			// UTS #46 maps some labels to nothing ("\u00ad") and full-width
			// digits to ASCII ones: the dots are collapsed again, and the
			// name may be an address now, so that the key is canonical.
			if h = collapseDots(a); h == "" {
				return "", ErrNoHost
			}
		}
	}
	if a, ok := ipv4(h); ok {
		return a, nil
	}
	return escapeBytes(h), nil
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
