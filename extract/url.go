package extract

import (
	"strings"

	"github.com/gouri/uri"
	"github.com/gouri/uri/internal/abnf"
)

// The URLs of modes Default and Relaxed: where one ends, and the checks
// before the URL Standard's parser reads it.

// specialScheme reports whether s is a special scheme of the URL Standard
// (section 4.2), or another scheme whose URLs always have an authority:
// those are found only with "//" after the colon, so that "http:" in prose
// or "ssh: connect to host" is no URL.
func specialScheme(s string) bool {
	for _, k := range [...]string{"http", "https", "ws", "wss", "ftp", "file", "ftps", "sftp", "git", "ssh", "irc", "ircs"} {
		if strings.EqualFold(s, k) {
			return true
		}
	}
	return false
}

// schemeURL reads a URL whose scheme ends the run text[i:j], before the
// ":" at j.
func (s *state) schemeURL(i, j int) (Match, bool) {
	t := s.text
	k := j
	for k > i && j-k <= s.e.maxScheme && is(t[k-1], bScheme) {
		k--
	}
	for k < j && !is(t[k], bAlpha) {
		k++
	}
	// The scheme is a word of its own: "xhttp://" and "_http://" have
	// none of the list.
	if k == j || j-k > s.e.maxScheme || k < s.last || k > 0 && (t[k-1] == '_' || is(t[k-1], bAlpha|bDigit)) {
		return Match{}, false
	}
	scheme := t[k:j]
	if !s.e.allowed(scheme) {
		return Match{}, false
	}
	m := Match{Start: k, Kind: KindScheme}
	p := j + 1
	q := quoted(t, k)
	var end int
	switch n := slashes(t, p); {
	case n > 0:
		hs, he, e, ok := s.authority(p+n, q)
		if !ok || specialScheme(scheme) && !validName(t[hs:he]) {
			return Match{}, false
		}
		m.host = [2]int32{int32(hs - k), int32(he - k)}
		end = s.rest(e, q)
		end = s.trim(k, end, hs+1)
	case specialScheme(scheme):
		return Match{}, false
	case strings.EqualFold(scheme, "mailto"):
		local, at, de, ok := s.address(p, p)
		if !ok || local != p {
			return Match{}, false
		}
		m.host = [2]int32{int32(at + 1 - k), int32(de - k)}
		end = de
		if end < len(t) && t[end] == '?' {
			end = s.trim(k, s.pathEnd(end, q), de)
		}
	default:
		end = s.trim(k, s.pathEnd(p, q), p)
		if end == p {
			return Match{}, false
		}
	}
	return s.finish(m, "", end)
}

// slashes returns the length of the "//" before an authority at text[p:],
// or of "\/\/", the same escaped in JSON (see json.go), or 0 for none.
func slashes(text string, p int) int {
	switch {
	case p+1 >= len(text):
	case text[p] == '/':
		if text[p+1] == '/' {
			return 2
		}
	case text[p] == '\\':
		if strings.HasPrefix(text[p:], `\/\/`) {
			return 4
		}
	}
	return 0
}

// finish parses text[m.Start:end], with prefix before it, and completes m.
// A candidate that the parser refuses is no URL. In modes Default and
// Relaxed, the escapes of JSON in it are decoded, and one with an escape
// that ends at a "\" that starts none is no URL (see json.go); GitHub
// reads a "\" in a URL as it is.
func (s *state) finish(m Match, prefix string, end int) (Match, bool) {
	t := s.text
	esc := false
	if s.e.mode != GFM && strings.IndexByte(t[m.Start:end], '\\') >= 0 {
		if end < len(t) && t[end] == '\\' && !jsonEscape(t, end) {
			s.fail(m.Start)
			return Match{}, false
		}
		esc = true
	}
	u, ok := s.parse(prefix, t[m.Start:end], esc)
	if !ok {
		s.fail(m.Start)
		return Match{}, false
	}
	m.End = end
	m.URL = s.keep(u)
	return m, true
}

// authority reads the authority of a URL at text[p:], after "//":
// userinfo "@" if any, the host (a name, or an IPv6 address in brackets)
// and ":" port if any. It returns the host's bounds and the authority's
// end. A port of more than 5 digits is no port of the URL Standard
// (section 4.4, port state: above 65535), and the candidate fails. A
// URL that starts after "'" (quote) has no "'" in its userinfo but
// between two letters or digits (closes).
func (s *state) authority(p int, quote bool) (hs, he, end int, ok bool) {
	t := s.text
	q := p
	for q < len(t) && is(t[q], bUser) && !(quote && closes(t, q)) {
		q++
	}
	s.work += q - p
	if q < len(t) && t[q] == '@' && q > p {
		p = q + 1
	}
	hs, he = p, p
	if p < len(t) && t[p] == '[' {
		q = p + 1
		for q < len(t) && q-p < 64 && (is(t[q], bDigit|bAlpha) || t[q] == ':' || t[q] == '.') {
			q++
		}
		if q == len(t) || t[q] != ']' {
			return 0, 0, 0, false
		}
		he = q + 1
	} else {
		he = hostEnd(t, p)
	}
	if he == hs {
		return 0, 0, 0, false
	}
	end = he
	if end+1 < len(t) && t[end] == ':' && is(t[end+1], bDigit) {
		q = end + 1
		for q < len(t) && is(t[q], bDigit) {
			q++
		}
		if q-end-1 > 5 || q < len(t) && is(t[q], bAlpha) {
			return 0, 0, 0, false
		}
		end = q
	}
	return hs, he, end, true
}

// validName reports whether a host as written is a name with labels: no
// empty label but a last one after a final ".", none that starts with
// "-". The URL Standard's parser takes ".example.com" and "-a.b" as
// domains; people do not write them as links. IPv6 literals pass.
func validName(h string) bool {
	if strings.HasPrefix(h, "[") {
		return true
	}
	h = strings.TrimSuffix(h, ".")
	for {
		dot := strings.IndexByte(h, '.')
		label := h
		if dot >= 0 {
			label = h[:dot]
		}
		if label == "" || label[0] == '-' {
			return false
		}
		if dot < 0 {
			return true
		}
		h = h[dot+1:]
	}
}

// rest returns the end of the path, query and fragment at text[e:], right
// after the authority, or e when none starts there; quote as for pathEnd.
func (s *state) rest(e int, quote bool) int {
	if e < len(s.text) && (s.text[e] == '/' || s.text[e] == '?' || s.text[e] == '#' || strings.HasPrefix(s.text[e:], `\/`)) {
		return s.pathEnd(e, quote)
	}
	return e
}

// pathEnd returns where the characters of a path, query or fragment at
// text[p:] end: at a character that ends every URL, at a character that
// delimits URLs in text ("<", ">", '"', "`", and "\" but in an escape of
// JSON that escapeLen reads), or at a closing bracket without its opening
// one in the URL (RFC 3986, Appendix C: brackets around a URL are no part
// of it). With quote (the URL starts right after "'"), the URL ends at
// the "'" that closes that quotation mark: the first one that is not an
// apostrophe in a word (closes).
func (s *state) pathEnd(p int, quote bool) int {
	t := s.text
	var open [3]int // ( [ {
	from := p
	for p < len(t) {
		c := t[p]
		if c >= 0x80 {
			ok, n := wordAt(t, p)
			if !ok {
				break
			}
			p += n
			continue
		}
		b := ascii[c]
		if b&bPath == 0 {
			if n := escapeLen(t, p); n > 0 {
				p += n
				continue
			}
			break
		}
		if b&bPair != 0 {
			if c == '\'' {
				if quote && closes(t, p) {
					break
				}
			} else if k := strings.IndexByte("([{)]}", c); k < 3 {
				open[k]++
			} else if open[k-3] == 0 {
				break
			} else {
				open[k-3]--
			}
		}
		p++
	}
	s.work += p - from
	return p
}

// quoted reports whether the URL that starts at text[start] is in single
// quotation marks: right after "'", as in a shell command, a string of
// code or quoted prose ('https://example.com/it's'). The other quotation
// marks delimit URLs wherever they are ('"', "`", and the typographic ones,
// which end every URL).
func quoted(text string, start int) bool {
	return start > 0 && text[start-1] == '\''
}

// closes reports whether the "'" at text[p] closes a quotation mark
// rather than standing in a word as an apostrophe, where it has a letter
// or a digit on each side ("it's", "l'été").
func closes(text string, p int) bool {
	if p == 0 || p+1 == len(text) {
		return true
	}
	before, after := text[p-1], text[p+1]
	if before < 0x80 && !is(before, bAlpha|bDigit) {
		return true
	}
	if after < 0x80 {
		return !is(after, bAlpha|bDigit)
	}
	ok, _ := wordAt(text, p+1)
	return !ok
}

// trim returns the end of the URL text[start:end] once trailing
// punctuation is left out, but not before min: "?!.,:;*_~", a "'" that
// has no pair in the URL, and an HTML character reference ("&amp;",
// "&#39;", "&#x27;").
func (s *state) trim(start, end, min int) int {
	t := s.text
	quotes := -1 // counted at the first "'" at the end
	for end > min && is(t[end-1], bTrail) {
		switch t[end-1] {
		case '\'':
			if quotes < 0 {
				quotes = strings.Count(t[start:end], "'")
			}
			if quotes%2 == 0 {
				return end
			}
			quotes--
		case ';':
			if a := entityStart(t, min, end); a >= 0 {
				end = a + 1
			}
		}
		end--
	}
	return end
}

// entityStart returns the offset of the "&" of an HTML character reference
// that ends text[:end] (after min), or -1: "&" then an ASCII alphanumeric
// name, "#" and digits, or "#x" and hex digits, then ";" (HTML, section
// 13.1.4), looked for over 32 bytes at most.
func entityStart(text string, min, end int) int {
	k := end - 1 // the ";"
	for k > min && end-k < 34 && is(text[k-1], bAlpha|bDigit) {
		k--
	}
	if k == end-1 || k <= min {
		return -1
	}
	if text[k-1] == '&' {
		return k - 1
	}
	if text[k-1] == '#' && k-1 > min && text[k-2] == '&' {
		return k - 2
	}
	return -1
}

// domain reads a URL without a scheme whose host is the run text[i:j]: a
// "www." link, a bare domain or an IPv4 address, with a port and a path.
// A domain's suffix must be listed in the Public Suffix List.
func (s *state) domain(i, j int, kind Kind) (Match, bool) {
	t := s.text
	host := t[i:j]
	if !is(t[i], bAlpha|bDigit) && t[i] < 0x80 || !validName(host) {
		return Match{}, false
	}
	if kind != KindIPv4 && !s.listedHost(trimHostEnd(host)) {
		return Match{}, false
	}
	m := Match{Start: i, Kind: kind, host: [2]int32{0, int32(len(trimHostEnd(host)))}}
	end := j
	q := quoted(t, i)
	if j+1 < len(t) && t[j] == ':' && is(t[j+1], bDigit) {
		_, _, e, ok := s.authority(i, q)
		if !ok {
			return Match{}, false
		}
		end = e
	}
	end = s.trim(i, s.rest(end, q), i+1)
	return s.finish(m, "http://", end)
}

// trimHostEnd returns a host as written without the "." "-" and "_" at its
// end, which end a sentence rather than the host.
func trimHostEnd(h string) string {
	for h != "" && strings.IndexByte(".-_", h[len(h)-1]) >= 0 {
		h = h[:len(h)-1]
	}
	return h
}

// listedHost reports whether a host as written has a suffix listed in the
// Public Suffix List, read in lower-case A-labels: an ASCII host in
// lower case is looked up as it is, any other through the URL Standard's
// host parser.
func (s *state) listedHost(h string) bool {
	if strings.IndexByte(h, '.') < 0 {
		return false
	}
	for k := 0; k < len(h); k++ {
		if c := h[k]; c >= 0x80 || 'A' <= c && c <= 'Z' {
			u, ok := s.parse("http://", h, false)
			return ok && u.HostKind() == uri.HostDomain && s.listed(u.Hostname())
		}
	}
	return s.listed(h)
}

// isIPv4 reports whether h is an IPv4 address in dotted decimal: four
// numbers from 0 to 255, without leading zeros (RFC 3986, Section 3.2.2:
// dec-octet).
func isIPv4(h string) bool {
	for n := 0; n < 4; n++ {
		k := 0
		for k < len(h) && k < 4 && is(h[k], bDigit) {
			k++
		}
		if k == 0 || k > 3 || k > 1 && h[0] == '0' || k == 3 && h[:3] > "255" {
			return false
		}
		h = h[k:]
		if n < 3 {
			if h == "" || h[0] != '.' {
				return false
			}
			h = h[1:]
		}
	}
	return h == ""
}

// ipv6 reads a bracketed IPv6 address at text[i] ("["), with a port and a
// path: "[2001:db8::1]:8080/x".
func (s *state) ipv6(i int) (Match, bool) {
	if !s.boundary(i) || i < s.last {
		return Match{}, false
	}
	t := s.text
	q := i + 1
	colons := 0
	for q < len(t) && q-i < 48 && (abnf.IsHex(t[q]) || t[q] == ':' || t[q] == '.') {
		if t[q] == ':' {
			colons++
		}
		q++
	}
	if q == len(t) || t[q] != ']' || colons < 2 {
		return Match{}, false
	}
	quote := quoted(t, i)
	_, he, e, ok := s.authority(i, quote)
	if !ok {
		return Match{}, false
	}
	m := Match{Start: i, Kind: KindIPv6, host: [2]int32{0, int32(he - i)}}
	return s.finish(m, "http://", s.trim(i, s.rest(e, quote), he))
}

// email reads an e-mail address around the "@" at text[at].
func (s *state) email(at int) (Match, bool) {
	t := s.text
	local, _, de, ok := s.address(at, s.last)
	if !ok || de < len(t) && t[de] == ':' && scpPath(t, de+1) || !s.listedHost(t[at+1:de]) {
		return Match{}, false
	}
	m := Match{Start: local, Kind: KindEmail, host: [2]int32{int32(at + 1 - local), int32(de - local)}}
	return s.finish(m, "mailto:", de)
}

// scpPath reports whether the path of scp and git starts at text[i],
// after ":": then a user "@" a host before it is no mailbox
// ("git@github.com:x/y.git", "me@host.example:~/f"). A ":" at the end of
// a sentence, or before a space, is punctuation.
func scpPath(text string, i int) bool {
	return i < len(text) && (is(text[i], bAlpha|bDigit) || strings.IndexByte("/~._-", text[i]) >= 0)
}

// address reads an address local "@" domain around text[p:], from the "@"
// at or after p (for "mailto:") or at p, with a local part that starts at
// from or later: atext, "." and quoted words (RFC 5322, Section 3.4.1, and
// the obsolete local part of section 4.4), not starting with punctuation
// but "_", "+" and "-"; and a domain of host characters, without a final
// ".", "-" or "_". It returns the bounds and whether there is one.
func (s *state) address(p, from int) (local, at, end int, ok bool) {
	t := s.text
	at = p
	for at < len(t) && is(t[at], bLocal) && t[at] != '?' {
		at++
	}
	if at == len(t) || t[at] != '@' {
		return 0, 0, 0, false
	}
	local = at
	for local > from && is(t[local-1], bLocal) {
		local--
	}
	for local < at && !is(t[local], bAlpha|bDigit) && strings.IndexByte("_+-", t[local]) < 0 {
		local++
	}
	if local == at || strings.Count(t[local:at], `"`)%2 != 0 {
		return 0, 0, 0, false
	}
	end = hostEnd(t, at+1)
	for end > at+1 && t[end-1] == '.' {
		end--
	}
	d := t[at+1 : end]
	if d == "" || d[0] == '.' || strings.IndexByte("-_", d[len(d)-1]) >= 0 || !validName(d) {
		return 0, 0, 0, false
	}
	return local, at, end, true
}
