package legacy

// This file parses the grammar of RFC 2396, Appendix A, alone (RFC2396), as
// RFC 2732 amends it (RFC2732), and with RFC 2616's http_URL (RFC2616):
//
//	URI-reference = [ absoluteURI | relativeURI ] [ "#" fragment ]
//	absoluteURI   = scheme ":" ( hier_part | opaque_part )
//	relativeURI   = ( net_path | abs_path | rel_path ) [ "?" query ]
//	hier_part     = ( net_path | abs_path ) [ "?" query ]
//	opaque_part   = uric_no_slash *uric
//	net_path      = "//" authority [ abs_path ]
//	abs_path      = "/"  path_segments
//	rel_path      = rel_segment [ abs_path ]
//	rel_segment   = 1*( unreserved | escaped | ";" | "@" | "&" | "=" | "+" | "$" | "," )
//	authority     = server | reg_name
//	reg_name      = 1*( unreserved | escaped | "$" | "," | ";" | ":" | "@" | "&" | "=" | "+" )
//	server        = [ [ userinfo "@" ] hostport ]
//	userinfo      = *( unreserved | escaped | ";" | ":" | "&" | "=" | "+" | "$" | "," )
//	hostport      = host [ ":" port ]
//	host          = hostname | IPv4address            ; RFC 2732: | IPv6reference
//	path_segments = segment *( "/" segment )
//	segment       = *pchar *( ";" param )
//	pchar         = unreserved | escaped | ":" | "@" | "&" | "=" | "+" | "$" | ","
//	query         = *uric
//	fragment      = *uric
//	uric          = reserved | unreserved | escaped
//	reserved      = ";" | "/" | "?" | ":" | "@" | "&" | "=" | "+" | "$" | ","   ; RFC 2732: | "[" | "]"
//	unreserved    = alphanum | mark
//	mark          = "-" | "_" | "." | "!" | "~" | "*" | "'" | "(" | ")"
//
// RFC 2396's sets are RFC 3986's under other names: unreserved | reserved
// is RFC 3986's query set (pchar / "/" / "?"), reg_name's set is RFC 3986's
// pchar, userinfo's is RFC 3986's userinfo, rel_segment's is RFC 3986's
// segment-nz-nc, and pchar plus ";" is RFC 3986's pchar. So the sets below
// are masks of the one class table.

import (
	"strings"

	"github.com/gouri/uri"
	"github.com/gouri/uri/internal/abnf"
)

var (
	set2396Uric        = newCset(cspec{mask: abnf.Query})
	set2732Uric        = newCset(cspec{mask: abnf.Query, plus: "[]"})
	set2396UricNoSlash = newCset(cspec{mask: abnf.Pchar | abnf.Question})
	set2732UricNoSlash = newCset(cspec{mask: abnf.Pchar | abnf.Question, plus: "[]"})
	set2396Path        = newCset(cspec{mask: abnf.Pchar | abnf.Slash}) // "/" path_segments, ";" included
	set2396RelSegment  = newCset(cspec{mask: abnf.SegmentNC})
	set2396RegName     = newCset(cspec{mask: abnf.Pchar})
	set2396Userinfo    = newCset(cspec{mask: abnf.Userinfo})
)

// uricSet returns the grammar's uric.
func (p *lparser) uricSet() *cset {
	if p.g == RFC2732 {
		return &set2732Uric
	}
	return &set2396Uric
}

func (p *lparser) uric(c byte) bool { return p.uricSet().has(c) }

// isAuthEnd reports whether s[k] ends an RFC 2396 authority: the end of the
// input, "/", "?" or "#".
func isAuthEnd(s string, k int) bool {
	return k >= len(s) || s[k] == '/' || s[k] == '?' || s[k] == '#'
}

// parse2396 parses p.s as an RFC 2396 URI-reference. With queryOnly, a
// relative reference may also be a bare "?" query, as RFC 2396's Appendix C
// uses one ("?y") although its grammar has none; [ResolveRFC2396] needs it.
func (p *lparser) parse2396(queryOnly bool, sp *lsplit, l *URL) bool {
	s, n := p.s, len(p.s)
	uric := p.uricSet()
	var ok bool
	j := 0
	if n > 0 && abnf.Classes[s[0]]&abnf.Alpha != 0 {
		j = 1
		for j < n && abnf.Classes[s[j]]&abnf.SchemeTail != 0 {
			j++
		}
	}
	i := 0
	query := true // whether a "?" query may follow what was read
	switch {
	case j > 0 && j < n && s[j] == ':':
		sp.hasScheme, sp.schemeEnd = true, j
		switch {
		case p.g == RFC2616 && strings.EqualFold(s[:j], "http"):
			i, query, ok = p.httpURL2616(j+1, sp, l)
		case j+1 < n && s[j+1] == '/':
			i, ok = p.hierPart2396(j+1, sp, l)
		default:
			i, ok = p.opaquePart(j+1, sp, l)
			query = false
		}
	case n == 0 || s[0] == '#':
		l.Form = "same-document"
		ok = true
	case s[0] == '/':
		i, ok = p.hierPart2396(0, sp, l)
	case s[0] == '?' && queryOnly:
		l.Form = "rel_path"
		ok = true
	default:
		i, ok = p.relPath2396(sp, l)
	}
	if !ok {
		return false
	}
	if !sp.hasQuery {
		sp.queryEnd = sp.pathEnd
	}
	if query && i < n && s[i] == '?' {
		if i, ok = p.scan(i+1, uric, uri.Query); !ok {
			return false
		}
		sp.hasQuery, sp.queryEnd = true, i
	}
	if !p.fragment(i, uric, sp.hasQuery, sp) {
		return false
	}
	return true
}

// fragment reads what may follow the last component at s[i]: the end of
// the input, or "#" and a fragment of set. afterQuery says which component a
// stray byte at i belongs to.
func (p *lparser) fragment(i int, set *cset, afterQuery bool, sp *lsplit) bool {
	s := p.s
	if i == len(s) {
		return true
	}
	if s[i] != '#' {
		c := uri.Path
		if afterQuery {
			c = uri.Query
		}
		p.die(i, c, uri.ErrInvalidByte)
		return false
	}
	k, ok := p.scan(i+1, set, uri.Fragment)
	if !ok {
		return false
	}
	if k < len(s) {
		p.die(k, uri.Fragment, uri.ErrInvalidByte)
		return false
	}
	sp.hasFrag = true
	return true
}

// hierPart2396 reads net_path or abs_path at s[i] == '/'.
func (p *lparser) hierPart2396(i int, sp *lsplit, l *URL) (int, bool) {
	s := p.s
	l.Form = "abs_path"
	if i+1 < len(s) && s[i+1] == '/' {
		l.Form = "net_path"
		sp.hasAuth = true
		end, ok := p.authority2396(i+2, sp, l)
		if !ok {
			return end, false
		}
		i = end
	}
	sp.pathStart = i
	k := i
	if i < len(s) && s[i] == '/' {
		var ok bool
		if k, ok = p.scan(i, &set2396Path, uri.Path); !ok {
			return k, false
		}
		l.segments, l.hasSegs = s[i+1:k], true
	}
	sp.pathEnd = k
	return k, true
}

// relPath2396 reads rel_path = rel_segment [ abs_path ] at the start.
func (p *lparser) relPath2396(sp *lsplit, l *URL) (int, bool) {
	s := p.s
	l.Form = "rel_path"
	k, ok := p.scan(0, &set2396RelSegment, uri.Path)
	if !ok {
		return k, false
	}
	if k == 0 {
		p.die(0, uri.Path, uri.ErrInvalidByte)
		return 0, false
	}
	if k < len(s) && s[k] == ':' {
		p.die(k, uri.Path, uri.ErrColonInFirstSegment)
		return k, false
	}
	if k < len(s) && s[k] == '/' {
		if k, ok = p.scan(k, &set2396Path, uri.Path); !ok {
			return k, false
		}
	}
	sp.pathEnd = k
	l.segments, l.hasSegs = s[:k], true
	return k, true
}

// opaquePart reads opaque_part = uric_no_slash *uric at s[i], and divides it
// at its first "?" into a path and a query, as RFC 3986 reads the same text.
func (p *lparser) opaquePart(i int, sp *lsplit, l *URL) (int, bool) {
	s := p.s
	l.Form = "opaque_part"
	sp.pathStart = i
	noSlash := &set2396UricNoSlash
	if p.g == RFC2732 {
		noSlash = &set2732UricNoSlash
	}
	if i == len(s) {
		p.die(i, uri.Path, ErrUnexpectedEnd)
		return i, false
	}
	if c := s[i]; !noSlash.has(c) && c != '%' {
		p.die(i, uri.Path, uri.ErrInvalidByte)
		return i, false
	}
	k, ok := p.scan(i, p.uricSet(), uri.Path)
	if !ok {
		return k, false
	}
	sp.pathEnd = k
	if q := strings.IndexByte(s[i:k], '?'); q >= 0 {
		sp.pathEnd = i + q
		sp.hasQuery, sp.queryEnd = true, k
	}
	return k, true
}

// authority2396 reads authority = server | reg_name at s[a], preferring a
// server, and returns where it ends.
func (p *lparser) authority2396(a int, sp *lsplit, l *URL) (int, bool) {
	if end, form, ipv6, ok := p.server2396(a); ok {
		l.AuthorityForm, l.HostForm, sp.ipv6 = "server", form, ipv6
		return end, true
	}
	k, ok := p.scan(a, &set2396RegName, uri.Authority)
	if !ok {
		return k, false
	}
	if k == a || !isAuthEnd(p.s, k) {
		p.die(k, uri.Authority, uri.ErrInvalidByte)
		return k, false
	}
	l.AuthorityForm = "reg_name"
	return k, true
}

// server2396 reads server = [ [ userinfo "@" ] hostport ] at s[a]. Until an
// "@" shows up, the bytes are read as userinfo, which allows every byte of a
// hostport; if the authority ends first, they must be a hostport.
func (p *lparser) server2396(a int) (end int, hostForm string, ipv6, ok bool) {
	s := p.s
	h := a
	if a >= len(s) || s[a] != '[' {
		k, ok := p.scan(a, &set2396Userinfo, uri.Authority)
		if !ok {
			return k, "", false, false
		}
		if k < len(s) && s[k] == '@' {
			h = k + 1
		} else {
			if !isAuthEnd(s, k) {
				p.die(k, uri.Authority, uri.ErrInvalidByte)
				return k, "", false, false
			}
			if k == a {
				return k, "", false, true // the empty server
			}
			e, form := hostScan(s, a, true, p.v4digits())
			switch {
			case form != "" && (e == k || (s[e] == ':' && allDigits(s[e+1:k]))):
				return k, form, false, true
			case form != "" && s[e] == ':':
				p.die(k, uri.Port, uri.ErrBadPort)
			default:
				p.die(k, uri.Host, ErrBadHost)
			}
			return k, "", false, false
		}
	}
	var k int
	if h < len(s) && s[h] == '[' && p.g == RFC2732 {
		var ok bool
		if k, ok = p.ipv6Reference(h); !ok {
			return k, "", false, false
		}
		hostForm, ipv6 = "IPv6reference", true
	} else {
		k, hostForm = hostScan(s, h, true, p.v4digits())
		if hostForm == "" {
			p.die(k, uri.Host, ErrBadHost)
			return k, "", false, false
		}
	}
	port := k < len(s) && s[k] == ':'
	if port {
		k++
		for k < len(s) && abnf.IsDigit(s[k]) {
			k++
		}
	}
	if !isAuthEnd(s, k) {
		if port {
			p.die(k, uri.Port, uri.ErrBadPort)
		} else {
			p.die(k, uri.Host, uri.ErrInvalidByte)
		}
		return k, "", false, false
	}
	return k, hostForm, ipv6, true
}

// v4digits is the most digits an IPv4address group may have: RFC 2732 takes
// RFC 2373's 1*3DIGIT, RFC 2396 has 1*digit.
func (p *lparser) v4digits() int {
	if p.g == RFC2732 {
		return 3
	}
	return 0
}

// ipv6Reference reads an RFC 2732 IPv6reference, "[" IPv6address "]", at
// s[i] == '['. IPv6address takes the text forms of RFC 2373, Section 2.2:
// RFC 3986's nine forms, with octets of one to three digits whose value
// ("the decimal values of the four low-order 8-bit pieces") is at most 255,
// leading zeros allowed.
func (p *lparser) ipv6Reference(i int) (int, bool) {
	end, err := abnf.IPv6(p.s, i+1, false, abnf.Octet2373)
	if err != nil {
		p.die(end, uri.Host, uri.ErrBadIPLiteral)
		return end, false
	}
	return end, true
}

// httpURL2616 reads the rest of RFC 2616's http_URL after "http:":
//
//	http_URL = "http:" "//" host [ ":" port ] [ abs_path [ "?" query ]]
//
// It reports whether a query may follow (only after an abs_path).
func (p *lparser) httpURL2616(i int, sp *lsplit, l *URL) (int, bool, bool) {
	l.Form, l.AuthorityForm = "http_URL", "server"
	k, form, ok := p.hostport(i, 0, true, sp)
	if !ok {
		return k, false, false
	}
	l.HostForm = form
	sp.pathStart, sp.pathEnd = k, k
	if k < len(p.s) && p.s[k] == '/' {
		if k, ok = p.scan(k, &set2396Path, uri.Path); !ok {
			return k, false, false
		}
		sp.pathEnd = k
		l.segments, l.hasSegs = p.s[sp.pathStart+1:k], true
		return k, true, true
	}
	return k, false, true
}

// hostport reads "//" host [ ":" port ] at s[i] for the http_URL rules of
// RFC 2616 and RFC 2068 (which take no userinfo), and checks that "/", "#" or
// the end follows. v4digits and trailingDot select the host rule.
func (p *lparser) hostport(i, v4digits int, trailingDot bool, sp *lsplit) (int, string, bool) {
	s := p.s
	for m := i; m < i+2; m++ {
		if m >= len(s) || s[m] != '/' {
			p.die(m, uri.Authority, uri.ErrInvalidByte)
			return m, "", false
		}
	}
	sp.hasAuth = true
	e, form := hostScan(s, i+2, trailingDot, v4digits)
	if form == "" {
		if e < len(s) && s[e] == '@' {
			p.die(e, uri.Host, ErrUserinfoNotAllowed)
		} else {
			p.die(e, uri.Host, ErrBadHost)
		}
		return e, "", false
	}
	k := e
	port := k < len(s) && s[k] == ':'
	if port {
		k++
		for k < len(s) && abnf.IsDigit(s[k]) {
			k++
		}
	}
	if k < len(s) && s[k] != '/' && s[k] != '#' {
		switch {
		case s[k] == '@':
			p.die(k, uri.Host, ErrUserinfoNotAllowed)
		case port:
			p.die(k, uri.Port, uri.ErrBadPort)
		case s[k] == '?':
			p.die(k, uri.Path, uri.ErrInvalidByte) // a query needs an abs_path first
		default:
			p.die(k, uri.Host, ErrBadHost)
		}
		return k, "", false
	}
	return k, form, true
}
