package canon

import (
	"strings"

	"github.com/gouri/uri"
	"github.com/gouri/uri/internal/abnf"
	"github.com/gouri/uri/whatwg"
)

// This file writes SURT keys: the Sort-friendly URI Reordering Transform
// of the Internet Archive (Heritrix's SURT class, the key of CDX and CDXJ
// indexes read by the Wayback Machine and pywb), and urlcanon's SSURT.

// SURT returns the SURT key of s with the Internet Archive's defaults, as
// CDX indexes hold it: Canonicalizer{Profile: Archive}.SURT(s). The URL
// canonicalized by the [Archive] profile is written without its scheme,
// the host's labels reversed and joined by "," (an IPv4 address too, as
// surt does by default): "http://www.archive.org/goo/?b&a" is
// "org,archive)/goo?a&b", "http://192.168.0.1:8080/x" is
// "1,0,168,192:8080)/x". The slashes after "http:" and "https:" are read
// as surt reads them: "http:////www.vikings.com" is "com,vikings)/". A
// URL with another scheme and no "//" (dns:, filedesc:, warcinfo:) is its
// own key. Where the key differs from surt's, and why, is listed in the
// package documentation.
func SURT(s string) (string, error) {
	return Canonicalizer{Profile: Archive}.SURT(s)
}

// SURT returns the SURT key of s under c: s canonicalized by c, then
// lower-cased, the host's empty labels and leading "www" labels dropped,
// the query sorted by (name, value) as the archive sorts it, and written
// without its scheme, the host's labels reversed ("com,example)/path?q";
// "https://www.example.com./x" is "com,example)/x" under every profile). A fragment that c keeps
// stays at the end of the key. With the [Archive] profile it is the
// archive's key ([SURT]) with c's options added, so that
// Canonicalizer{Profile: Archive, DropParams: TrackingParams()}.SURT is the
// archive's key without tracking parameters. It allocates the key; on
// error it returns a *uri.Error with Op [OpSURT] (with uri.ErrNoHost for a
// host of dots alone).
func (c Canonicalizer) SURT(s string) (string, error) {
	switch c.Profile {
	case Archive:
		if opaque(s) {
			return opaqueKey(s), nil
		}
		p, err := c.archiveParts(s)
		if err != nil {
			return "", c.fail(OpSURT, s, err)
		}
		return surtKey(p.host, p.port, p.path, p.query, p.hasQuery), nil
	case SafeBrowsing:
		// Its keys are no URLs that the URL Standard always reads
		// ("http://%20leadingspace.com/"): the key is made from its parts.
		p, err := googleParts(s, false)
		if err != nil {
			return "", c.fail(OpSURT, s, err)
		}
		p.query, p.hasQuery = c.editQuery(p.query, p.hasQuery)
		return surtKey(stripWWW(lowerEscapes(p.host)), "", p.path, sortArchive(abnf.LowerString(p.query)), p.hasQuery), nil
	}
	k, err := c.Canon(s)
	if err != nil {
		if e, ok := err.(*uri.Error); ok {
			e.Op = OpSURT
		}
		return "", err
	}
	u, err := whatwg.Parse(k)
	if err != nil {
		return "", c.fail(OpSURT, s, err)
	}
	if u.Hostname() == "" {
		return abnf.LowerString(k), nil
	}
	// The URL Standard keeps the empty labels of a domain ("example.com.",
	// "a..b"); a key drops them, as the archive's does, so that no label
	// of the key is empty and "example.com." sorts with "example.com".
	host := collapseDots(u.Hostname())
	if host == "" {
		return "", c.fail(OpSURT, s, uri.ErrNoHost)
	}
	host = stripWWW(abnf.LowerString(host))
	q := abnf.LowerString(u.Query())
	key := surtKey(host, u.Port(), abnf.LowerString(u.Pathname()), sortArchive(q), u.HasQuery())
	if u.HasFragment() {
		key += "#" + u.Fragment()
	}
	return key, nil
}

// archiveParts runs the steps of the Archive profile on s and c's
// options on its query.
func (c Canonicalizer) archiveParts(s string) (parts, error) {
	p, err := googleParts(s, true)
	if err != nil {
		return p, err
	}
	iaMassage(&p)
	p.query, p.hasQuery = c.editQuery(p.query, p.hasQuery)
	return p, nil
}

// opaqueKey is the key of an input that opaque reports: s without its
// leading and trailing bytes <= 0x20, with the other bytes <= 0x20 and DEL
// escaped, so that no key holds a control byte or a space raw; it is
// otherwise the input, as the archive keys "dns:archive.org".
func opaqueKey(s string) string {
	s, _ = abnf.TrimC0Space(s)
	for i := 0; i < len(s); i++ {
		if s[i] <= ' ' || s[i] == 0x7f {
			b := make([]byte, 0, len(s)+8)
			for j := 0; j < len(s); j++ {
				if c := s[j]; c <= ' ' || c == 0x7f {
					b = append(b, '%', abnf.UpperHex[c>>4], abnf.UpperHex[c&15])
				} else {
					b = append(b, c)
				}
			}
			return string(b)
		}
	}
	return s
}

// opaque reports whether s has a scheme other than http and https not
// followed by "//", or is one of the archive's record types whose key is
// the URL itself.
func opaque(s string) bool {
	s, _ = abnf.TrimC0Space(s)
	i := schemeLen(s)
	if i == 0 || i == len(s) || s[i] != ':' || webScheme(s[:i]) {
		return false
	}
	switch abnf.LowerString(s[:i]) {
	case "dns", "filedesc", "warcinfo":
		return true
	}
	return !strings.HasPrefix(s[i:], "://") && (i+1 == len(s) || !abnf.IsDigit(s[i+1]))
}

// iaMassage applies the Internet Archive's steps after Google's (Heritrix's
// IA canonicalizer): lower-case, drop "www" labels and session ids, sort
// the query, drop an empty query and a trailing "/". The host is lowered
// after Google's steps have escaped it with upper-case hex ("%FF"), as the
// archive lowers it, so that its keys are lower case throughout.
func iaMassage(p *parts) {
	p.host = stripWWW(lowerEscapes(p.host))
	p.path = stripPathSessionID(p.path) // lower-cased as surtKey writes it
	if len(p.path) > 1 && strings.HasSuffix(p.path, "/") {
		p.path = p.path[:len(p.path)-1]
	}
	if p.hasQuery {
		p.query = sortArchive(dropSessionIDs(abnf.LowerString(p.query)))
		p.hasQuery = p.query != ""
	}
}

// lowerEscapes returns a host of Google's steps, which lower its letters
// and escape its bytes with upper-case hex ("a%FFb.com"), with the hex in
// lower case, as the archive's keys are lower case throughout.
func lowerEscapes(h string) string {
	if strings.IndexByte(h, '%') < 0 {
		return h
	}
	return abnf.LowerString(h)
}

// stripWWW drops the leading labels "www" followed by digits or nothing,
// each while another label follows: "www12.foo.com" is "foo.com",
// "www.www.foo.com" is "foo.com" (surt drops one; a second run would drop
// the other, and a key must be its own key), "www2foo.com" and "www.com"
// stay. A label is kept where the rest would read as another host: "[" (an
// IP literal) or an IPv4 address that is not in its dotted form
// ("www.0x7f.1").
func stripWWW(h string) string {
	for strings.HasPrefix(h, "www") {
		i := 3
		for i < len(h) && abnf.IsDigit(h[i]) {
			i++
		}
		if i >= len(h) || h[i] != '.' || !strings.Contains(h[i+1:], ".") {
			break
		}
		rest := h[i+1:]
		if a, ip := ipv4(rest); rest[0] == '[' || ip && a != rest {
			break
		}
		h = rest
	}
	return h
}

// dropSessionIDs removes the query pairs that carry a session id (of a
// lower-cased query): jsessionid, phpsessid and sid with a 32-character
// value (jsessionid with any value), aspsessionidXXXXXXXX with a 24-letter one, ColdFusion's cfid and
// cftoken.
func dropSessionIDs(q string) string {
	kept, _ := dropPairs(q, isSessionID)
	return kept
}

func isSessionID(name, value string) bool {
	switch {
	case name == "jsessionid":
		return value != ""
	case name == "phpsessid" || name == "sid":
		return len(value) == 32 && alnum(value)
	case name == "cfid" || name == "cftoken":
		return value != ""
	case len(name) == 20 && strings.HasPrefix(name, "aspsessionid"):
		return len(value) == 24 && alnum(value)
	}
	return false
}

func alnum(s string) bool {
	for i := 0; i < len(s); i++ {
		if !abnf.IsAlpha(s[i]) && !abnf.IsDigit(s[i]) {
			return false
		}
	}
	return true
}

// stripPathSessionID removes an ASP.NET session segment of a path,
// "/(S(24 chars))/" or "/(24 chars)/", before a ".aspx" page. It looks at
// each segment once.
func stripPathSessionID(p string) string {
	if !strings.Contains(p, "/(") {
		return p
	}
	aspx := strings.LastIndex(abnf.LowerString(p), ".aspx") // lowering keeps the offsets
	if aspx < 0 {
		return p
	}
	for start := 0; start < aspx; {
		end := strings.IndexByte(p[start+1:], '/')
		if end < 0 {
			return p
		}
		end += start + 1 // p[start] and p[end] are the "/" around a segment
		if end < aspx && aspSession(p[start+1:end]) {
			return p[:start] + p[end:]
		}
		start = end
	}
	return p
}

// aspSession reports whether seg is "(" 24 alphanumerics ")" or "(" one or
// more of letter "(" 24 alphanumerics ")" ")".
func aspSession(seg string) bool {
	if len(seg) < 2 || seg[0] != '(' || seg[len(seg)-1] != ')' {
		return false
	}
	in := seg[1 : len(seg)-1]
	if len(in) == 24 && alnum(in) {
		return true
	}
	for in != "" {
		if len(in) < 27 || !abnf.IsAlpha(in[0]) || in[1] != '(' || in[26] != ')' || !alnum(in[2:26]) {
			return false
		}
		in = in[27:]
	}
	return seg != "()"
}

// surtKey writes the SURT key of a host, port, path and query: the host's
// labels reversed and joined by "," (an IP address as it is), the port
// after ":", then ")" and the path and query.
func surtKey(host, port, path, query string, hasQuery bool) string {
	var b strings.Builder
	b.Grow(len(host) + len(port) + len(path) + len(query) + 3)
	writeReversed(&b, host, false, true)
	if port != "" {
		b.WriteByte(':')
		b.WriteString(port)
	}
	b.WriteByte(')')
	writeLower(&b, path)
	if hasQuery {
		b.WriteByte('?')
		writeLower(&b, query)
	}
	return b.String()
}

// writeLower writes s with its ASCII capital letters lowered.
func writeLower(b *strings.Builder, s string) {
	for s != "" {
		i := 0
		for i < len(s) && (s[i] < 'A' || s[i] > 'Z') {
			i++
		}
		b.WriteString(s[:i])
		if i == len(s) {
			return
		}
		b.WriteByte(s[i] + 'a' - 'A')
		s = s[i+1:]
	}
}

// writeReversed writes host with its labels in reverse order joined by ","
// ("x.y.z" is "z,y,x"), with a "," after the last when comma is set. An
// IPv6 address is written as it is, and so is an IPv4 address (in any form
// that inet_aton reads) unless reverseIP is set, as the archive's key
// reverses it ("192.168.0.1" is "1,0,168,192"). A "," inside a label is
// written as ".", so that the key's commas always separate labels
// ("a,b.y.z." is ",z,y,a.b,").
func writeReversed(b *strings.Builder, host string, comma, reverseIP bool) {
	if strings.HasPrefix(host, "[") {
		b.WriteString(host)
		return
	}
	if _, ip := ipv4(host); ip && !reverseIP {
		b.WriteString(host)
		return
	}
	for end := len(host); ; {
		i := strings.LastIndexByte(host[:end], '.')
		label := host[i+1 : end]
		for {
			j := strings.IndexByte(label, ',')
			if j < 0 {
				b.WriteString(label)
				break
			}
			b.WriteString(label[:j])
			b.WriteByte('.')
			label = label[j+1:]
		}
		if i < 0 {
			break
		}
		b.WriteByte(',')
		end = i
	}
	if comma {
		b.WriteByte(',')
	}
}

// SURTOf returns the SURT form of u as it is, without canonicalization
// (Heritrix's SURT class): the host's labels reversed and joined by ","
// inside "(" and ")", the port after ":" and the userinfo dropped, then the
// path, query and fragment: "http://(org,example,foo,:81)/path?q#f". With
// withScheme false the scheme and "(" are left out; with trailingComma
// false no "," follows the last label. A URL without a host is its href.
func SURTOf(u whatwg.URL, withScheme, trailingComma bool) string {
	href := u.Href()
	if u.Hostname() == "" {
		return href
	}
	var b strings.Builder
	b.Grow(len(href) + 4)
	if withScheme {
		b.WriteString(u.Scheme())
		b.WriteString("://(")
	}
	writeReversed(&b, u.Hostname(), trailingComma, false)
	if u.Port() != "" {
		b.WriteByte(':')
		b.WriteString(u.Port())
	}
	b.WriteByte(')')
	b.WriteString(u.Pathname())
	b.WriteString(u.Search())
	b.WriteString(u.Hash())
	return b.String()
}

// ssurtHost is the host part of an SSURT: its labels reversed, each
// followed by ","; an IP address as it is.
func ssurtHost(host string) string {
	var b strings.Builder
	writeReversed(&b, host, true, false)
	return b.String()
}

// SSURT returns the "Sort-friendly SURT" of the IIPC urlcanon project for
// a URL as the URL Standard reads it (no other canonicalization): the
// host's labels reversed, each followed by ",", then "//", the port and
// ":", the scheme, "@" and the userinfo, ":" and the path, query and
// fragment: "http://user@foo.example.org:81/path?query#frag" is
// "org,example,foo,//81:http@user:/path?query#frag". A URL without a host
// is its href.
func SSURT(u whatwg.URL) string {
	href := u.Href()
	if u.Hostname() == "" {
		return href
	}
	var b strings.Builder
	b.Grow(len(href) + 8)
	b.WriteString(ssurtHost(u.Hostname()))
	b.WriteString("//")
	if u.Port() != "" {
		b.WriteString(u.Port())
		b.WriteByte(':')
	}
	b.WriteString(u.Scheme())
	if u.Username() != "" || u.Password() != "" {
		b.WriteByte('@')
		b.WriteString(u.Username())
		if u.Password() != "" {
			b.WriteByte(':')
			b.WriteString(u.Password())
		}
	}
	b.WriteByte(':')
	b.WriteString(u.Pathname())
	b.WriteString(u.Search())
	b.WriteString(u.Hash())
	return b.String()
}
