package legacy

// This file parses RFC 1738's URLs: the scheme, then the rule of the scheme
// (Section 5), then an optional fragment. The character sets of Section 5
// are RFC 3986 classes with RFC 1738's differences: "~" is "national" there
// (never allowed unescaped), and of RFC 3986's sub-delims "&", ";" and "="
// are "reserved", which each rule lists where it allows them.
//
//	safe       = "$" | "-" | "_" | "." | "+"
//	extra      = "!" | "*" | "'" | "(" | ")" | ","
//	reserved   = ";" | "/" | "?" | ":" | "@" | "&" | "="
//	unreserved = alpha | digit | safe | extra
//	uchar      = unreserved | escape
//	xchar      = unreserved | reserved | escape

import (
	"strings"

	"github.com/gouri/uri"
	"github.com/gouri/uri/internal/abnf"
)

var (
	// xchar = unreserved | reserved | escape
	set1738XChar = newCset(cspec{mask: abnf.Query, minus: "~"})
	// uchar = unreserved | escape
	set1738UChar = newCset(cspec{mask: abnf.Unreserved | abnf.SubDelims, minus: "~&;="})
	// user = password = *[ uchar | ";" | "?" | "&" | "=" ]
	set1738User = newCset(cspec{mask: abnf.Unreserved | abnf.SubDelims | abnf.Question, minus: "~"})
	// fsegment = psegment = *[ uchar | "?" | ":" | "@" | "&" | "=" ], joined by "/"
	set1738FPath = newCset(cspec{mask: abnf.Unreserved | abnf.SubDelims | abnf.Question | abnf.Colon | abnf.At | abnf.Slash, minus: "~;"})
	// hsegment = *[ uchar | ";" | ":" | "@" | "&" | "=" ], joined by "/"
	set1738HPath = newCset(cspec{mask: abnf.Pchar | abnf.Slash, minus: "~"})
	// search = *[ uchar | ";" | ":" | "@" | "&" | "=" ]
	set1738Search = newCset(cspec{mask: abnf.Pchar, minus: "~"})
	// fieldname = fieldvalue = *[ uchar | "?" | ":" | "@" | "&" ]
	set1738Field = newCset(cspec{mask: abnf.Unreserved | abnf.SubDelims | abnf.Question | abnf.Colon | abnf.At, minus: "~;="})
	// article = 1*[ uchar | ";" | "/" | "?" | ":" | "&" | "=" ] "@" host
	set1738Article = newCset(cspec{mask: abnf.Unreserved | abnf.SubDelims | abnf.Slash | abnf.Question | abnf.Colon, minus: "~"})
	// group = alpha *[ alpha | digit | "-" | "." | "+" | "_" ]; no escapes
	set1738Group = newCset(cspec{mask: abnf.Alpha | abnf.Digit, plus: "-.+_"})
)

// parse1738 parses p.s as an RFC 1738 URL.
//
//	genericurl = scheme ":" schemepart
//	scheme     = 1*[ lowalpha | digit | "+" | "-" | "." ]
func (p *lparser) parse1738(sp *lsplit, l *URL) bool {
	s, n := p.s, len(p.s)
	j := 0
	for j < n && abnf.Classes[s[j]]&abnf.SchemeTail != 0 {
		j++
	}
	if j == 0 || j == n || s[j] != ':' {
		err := uri.ErrInvalidByte
		if j == n || abnf.Classes[s[j]]&abnf.GenDelims != 0 && j == 0 {
			err = uri.ErrMissingScheme
		}
		p.die(j, uri.Scheme, err)
		return false
	}
	sp.hasScheme, sp.schemeEnd = true, j
	scheme, i := s[:j], j+1
	var k int
	var ok bool
	switch {
	case strings.EqualFold(scheme, "ftp"):
		k, ok = p.ftp1738(i, sp, l)
	case strings.EqualFold(scheme, "http"):
		k, ok = p.http1738(i, sp, l)
	case strings.EqualFold(scheme, "gopher"):
		k, ok = p.gopher1738(i, sp, l)
	case strings.EqualFold(scheme, "mailto"):
		k, ok = p.mailto1738(i, sp, l)
	case strings.EqualFold(scheme, "news"):
		k, ok = p.news1738(i, sp, l)
	case strings.EqualFold(scheme, "nntp"):
		k, ok = p.nntp1738(i, sp, l)
	case strings.EqualFold(scheme, "telnet"):
		k, ok = p.telnet1738(i, sp, l)
	case strings.EqualFold(scheme, "wais"):
		k, ok = p.wais1738(i, sp, l)
	case strings.EqualFold(scheme, "file"):
		k, ok = p.file1738(i, sp, l)
	case strings.EqualFold(scheme, "prospero"):
		k, ok = p.prospero1738(i, sp, l)
	default:
		k, ok = p.other1738(i, sp, l)
	}
	if !ok {
		return false
	}
	if !sp.hasQuery {
		sp.queryEnd = sp.pathEnd
	}
	if !p.fragment(k, &set1738XChar, sp.hasQuery, sp) {
		return false
	}
	return true
}

// slashes checks the "//" of the common Internet scheme syntax at s[i].
func (p *lparser) slashes(i int) bool {
	for m := i; m < i+2; m++ {
		if m >= len(p.s) || p.s[m] != '/' {
			p.die(m, uri.Authority, uri.ErrInvalidByte)
			return false
		}
	}
	return true
}

// hostport1738 reads host [ ":" port ] at s[h] without recording anything:
// it returns the parts, where they end, and if they are not a hostport, the
// offset, component and reason of the first byte that breaks them.
func hostport1738(s string, h int) (hp HostPort, end int, fail lfail) {
	e, form := hostScan(s, h, false, 0)
	if form == "" {
		return hp, e, lfail{e, uri.Host, ErrBadHost}
	}
	hp.Host = s[h:e]
	if e < len(s) && s[e] == ':' {
		k := e + 1
		for k < len(s) && abnf.IsDigit(s[k]) {
			k++
		}
		if k == e+1 {
			return hp, k, lfail{k, uri.Port, uri.ErrBadPort}
		}
		hp.Port, hp.HasPort = s[e+1:k], true
		e = k
	}
	return hp, e, lfail{}
}

// lfail is a failure that has not been recorded yet.
type lfail struct {
	off  int
	comp uri.Component
	err  error
}

// login1738 reads login (when userOK) or hostport (otherwise) at s[a], and
// checks that "/" follows, or, unless needSlash, "#" or the end. Until an "@"
// shows up the bytes are read as a user name and password, which allow every
// byte of a hostport; if none comes, they must be a hostport.
func (p *lparser) login1738(a int, userOK, needSlash bool) (Login, int, bool) {
	s, n := p.s, len(p.s)
	var lg Login
	follows := func(k int) bool {
		return (k < n && s[k] == '/') || (!needSlash && (k == n || s[k] == '#'))
	}
	h := a
	if userOK {
		k, ok := p.scan(a, &set1738User, uri.Authority)
		if !ok {
			return lg, k, false
		}
		ue, ps := k, -1
		if k < n && s[k] == ':' {
			ps = k + 1
			if k, ok = p.scan(ps, &set1738User, uri.Authority); !ok {
				return lg, k, false
			}
		}
		if k < n && s[k] == '@' {
			lg.User, lg.HasUser = s[a:ue], true
			if ps >= 0 {
				lg.Password, lg.HasPassword = s[ps:k], true
			}
			h = k + 1
		} else {
			hp, e, f := hostport1738(s, a)
			switch {
			case f.err == nil && e == k && follows(k):
				lg.HostPort = hp
				return lg, k, true
			case !follows(k):
				p.die(k, uri.Authority, uri.ErrInvalidByte)
			case f.err == nil:
				p.die(k, uri.Host, ErrBadHost)
			default:
				p.die(k, f.comp, f.err)
			}
			return lg, k, false
		}
	}
	hp, e, f := hostport1738(s, h)
	if f.err == nil && !follows(e) {
		f = lfail{e, uri.Host, ErrBadHost}
		switch {
		case e == n:
			f.comp, f.err = uri.Path, ErrUnexpectedEnd
		case hp.HasPort:
			f.comp, f.err = uri.Port, uri.ErrBadPort
		case s[e] == '?':
			f.comp, f.err = uri.Path, uri.ErrInvalidByte // a search needs a "/" path first
		}
	}
	if f.err != nil {
		if f.off < n && s[f.off] == '@' && !userOK {
			f.err = ErrUserinfoNotAllowed
		}
		p.die(f.off, f.comp, f.err)
		return lg, f.off, false
	}
	lg.HostPort = hp
	return lg, e, true
}

// ipStart reads the "//" and the login or hostport of the common Internet
// scheme syntax at s[i], and records the authority in sp.
func (p *lparser) ipStart(i int, userOK, needSlash bool, sp *lsplit) (Login, int, bool) {
	if !p.slashes(i) {
		return Login{}, i, false
	}
	lg, k, ok := p.login1738(i+2, userOK, needSlash)
	if !ok {
		return lg, k, false
	}
	sp.hasAuth = true
	sp.pathStart, sp.pathEnd = k, k
	return lg, k, true
}

// ftpurl = "ftp://" login [ "/" fpath [ ";type=" ftptype ]]
// ftptype = "A" | "I" | "D" | "a" | "i" | "d"
func (p *lparser) ftp1738(i int, sp *lsplit, l *URL) (int, bool) {
	s, n := p.s, len(p.s)
	lg, k, ok := p.ipStart(i, true, false, sp)
	if !ok {
		return k, false
	}
	l.Form = "ftpurl"
	ftp := FTP{Login: lg}
	if k < n && s[k] == '/' {
		e, ok := p.scan(k+1, &set1738FPath, uri.Path)
		if !ok {
			return e, false
		}
		ftp.HasPath = true
		segs := strings.Split(s[k+1:e], "/")
		ftp.Cwd, ftp.Name = segs[:len(segs)-1], segs[len(segs)-1]
		if e < n && s[e] == ';' {
			const lit = ";type="
			for m := 0; m < len(lit); m++ {
				if e+m >= n || s[e+m] != lit[m] {
					p.die(min(e+m, n), uri.Path, uri.ErrInvalidByte)
					return e + m, false
				}
			}
			t := e + len(lit)
			if t >= n || strings.IndexByte("AIDaid", s[t]) < 0 {
				p.die(min(t, n), uri.Path, uri.ErrInvalidByte)
				return t, false
			}
			ftp.Typecode, ftp.HasTypecode = s[t:t+1], true
			e = t + 1
		}
		sp.pathEnd, k = e, e
	}
	l.Record = ftp
	return k, true
}

// httpurl = "http://" hostport [ "/" hpath [ "?" search ]]
func (p *lparser) http1738(i int, sp *lsplit, l *URL) (int, bool) {
	s, n := p.s, len(p.s)
	lg, k, ok := p.ipStart(i, false, false, sp)
	if !ok {
		return k, false
	}
	l.Form = "httpurl"
	h := HTTP{HostPort: lg.HostPort}
	if k < n && s[k] == '/' {
		e, ok := p.scan(k+1, &set1738HPath, uri.Path)
		if !ok {
			return e, false
		}
		h.Path, h.HasPath = s[k+1:e], true
		sp.pathEnd, k = e, e
		if e < n && s[e] == '?' {
			if k, ok = p.scan(e+1, &set1738Search, uri.Query); !ok {
				return k, false
			}
			h.Searchpart, h.HasSearchpart = s[e+1:k], true
			sp.hasQuery, sp.queryEnd = true, k
		}
	}
	l.Record = h
	return k, true
}

// gopherurl = "gopher://" hostport [ / [ gtype [ selector
// [ "%09" search [ "%09" gopher+_string ] ] ] ] ]
func (p *lparser) gopher1738(i int, sp *lsplit, l *URL) (int, bool) {
	s, n := p.s, len(p.s)
	lg, k, ok := p.ipStart(i, false, false, sp)
	if !ok {
		return k, false
	}
	l.Form = "gopherurl"
	g := Gopher{HostPort: lg.HostPort, Type: "1"}
	if k < n && s[k] == '/' {
		e, ok := p.scan(k+1, &set1738XChar, uri.Path)
		if !ok {
			return e, false
		}
		sp.pathEnd = e
		if path := s[k+1 : e]; path != "" {
			t := 1
			if path[0] == '%' {
				t = 3
			}
			g.Type, g.HasType = path[:t], true
			rest := path[t:]
			var found bool
			g.Selector, rest, found = strings.Cut(rest, "%09")
			if found {
				g.Search, g.HasSearch = rest, true
				g.Search, g.GopherPlus, g.HasGopherPlus = strings.Cut(rest, "%09")
			}
		}
		k = e
	}
	l.Record = g
	return k, true
}

// mailtourl = "mailto:" encoded822addr; encoded822addr = 1*xchar
func (p *lparser) mailto1738(i int, sp *lsplit, l *URL) (int, bool) {
	k, ok := p.scan(i, &set1738XChar, uri.Path)
	if !ok {
		return k, false
	}
	if k == i {
		p.die(i, uri.Path, uri.ErrInvalidByte)
		return k, false
	}
	l.Form = "mailtourl"
	l.Record = Mailto{Address: p.s[i:k]}
	sp.pathStart, sp.pathEnd = i, k
	return k, true
}

// newsurl = "news:" grouppart; grouppart = "*" | group | article
//
// The three readings overlap ("*" and every group are article prefixes),
// so each is tried and the one that reaches "#" or the end wins.
func (p *lparser) news1738(i int, sp *lsplit, l *URL) (int, bool) {
	s, n := p.s, len(p.s)
	ends := func(k int) bool { return k == n || s[k] == '#' }
	l.Form = "newsurl"
	sp.pathStart = i
	// group = alpha *[ alpha | digit | "-" | "." | "+" | "_" ]
	if i < n && abnf.Classes[s[i]]&abnf.Alpha != 0 {
		k := i + 1
		for k < n && set1738Group.has(s[k]) {
			k++
		}
		if ends(k) {
			l.Record = News{Group: s[i:k]}
			sp.pathEnd = k
			return k, true
		}
		p.die(k, uri.Path, uri.ErrInvalidByte)
	} else {
		p.die(i, uri.Path, uri.ErrInvalidByte)
	}
	if i < n && s[i] == '*' {
		if ends(i + 1) {
			l.Record = News{Group: "*"}
			sp.pathEnd = i + 1
			return i + 1, true
		}
		p.die(i+1, uri.Path, uri.ErrInvalidByte)
	}
	// article = 1*[ uchar | ";" | "/" | "?" | ":" | "&" | "=" ] "@" host
	k, ok := p.scan(i, &set1738Article, uri.Path)
	if !ok {
		return k, false
	}
	if k == i || k == n || s[k] != '@' {
		p.die(k, uri.Path, uri.ErrInvalidByte)
		return k, false
	}
	e, form := hostScan(s, k+1, false, 0)
	if form == "" || !ends(e) {
		p.die(e, uri.Path, ErrBadHost)
		return e, false
	}
	l.Record = News{MessageID: s[i:e]}
	sp.pathEnd = e
	return e, true
}

// nntpurl = "nntp://" hostport "/" group [ "/" digits ]
func (p *lparser) nntp1738(i int, sp *lsplit, l *URL) (int, bool) {
	s, n := p.s, len(p.s)
	lg, k, ok := p.ipStart(i, false, true, sp)
	if !ok {
		return k, false
	}
	g := k + 1
	if g >= n || abnf.Classes[s[g]]&abnf.Alpha == 0 {
		p.die(g, uri.Path, uri.ErrInvalidByte)
		return g, false
	}
	e := g + 1
	for e < n && set1738Group.has(s[e]) {
		e++
	}
	nn := NNTP{HostPort: lg.HostPort, Group: s[g:e]}
	if e < n && s[e] == '/' {
		d := e + 1
		for d < n && abnf.IsDigit(s[d]) {
			d++
		}
		if d == e+1 {
			p.die(d, uri.Path, uri.ErrInvalidByte)
			return d, false
		}
		nn.Article, nn.HasArticle = s[e+1:d], true
		e = d
	}
	l.Form, l.Record = "nntpurl", nn
	sp.pathEnd = e
	return e, true
}

// telneturl = "telnet://" login [ "/" ]
func (p *lparser) telnet1738(i int, sp *lsplit, l *URL) (int, bool) {
	lg, k, ok := p.ipStart(i, true, false, sp)
	if !ok {
		return k, false
	}
	if k < len(p.s) && p.s[k] == '/' {
		k++
		sp.pathEnd = k
	}
	l.Form, l.Record = "telneturl", Telnet{Login: lg}
	return k, true
}

// waisdatabase = "wais://" hostport "/" database
// waisindex    = "wais://" hostport "/" database "?" search
// waisdoc      = "wais://" hostport "/" database "/" wtype "/" wpath
func (p *lparser) wais1738(i int, sp *lsplit, l *URL) (int, bool) {
	s, n := p.s, len(p.s)
	lg, k, ok := p.ipStart(i, false, true, sp)
	if !ok {
		return k, false
	}
	w := WAIS{HostPort: lg.HostPort}
	e, ok := p.scan(k+1, &set1738UChar, uri.Path)
	if !ok {
		return e, false
	}
	w.Database = s[k+1 : e]
	l.Form = "waisdatabase"
	sp.pathEnd = e
	switch {
	case e < n && s[e] == '?':
		l.Form = "waisindex"
		if k, ok = p.scan(e+1, &set1738Search, uri.Query); !ok {
			return k, false
		}
		w.Search, w.HasSearch = s[e+1:k], true
		sp.hasQuery, sp.queryEnd = true, k
		e = k
	case e < n && s[e] == '/':
		l.Form = "waisdoc"
		t, ok := p.scan(e+1, &set1738UChar, uri.Path)
		if !ok {
			return t, false
		}
		if t >= n || s[t] != '/' {
			p.die(t, uri.Path, uri.ErrInvalidByte)
			return t, false
		}
		d, ok := p.scan(t+1, &set1738UChar, uri.Path)
		if !ok {
			return d, false
		}
		w.WType, w.WPath, w.HasDoc = s[e+1:t], s[t+1:d], true
		sp.pathEnd, e = d, d
	}
	l.Record = w
	return e, true
}

// fileurl = "file://" [ host | "localhost" ] "/" fpath
func (p *lparser) file1738(i int, sp *lsplit, l *URL) (int, bool) {
	s, n := p.s, len(p.s)
	if !p.slashes(i) {
		return i, false
	}
	h := i + 2
	e, form := hostScan(s, h, false, 0)
	if e >= n || s[e] != '/' || (form == "" && e > h) {
		switch {
		case e < n && s[e] == '@':
			p.die(e, uri.Host, ErrUserinfoNotAllowed)
		case form == "" && e > h || e < n:
			p.die(e, uri.Host, ErrBadHost)
		default:
			p.die(e, uri.Path, ErrUnexpectedEnd)
		}
		return e, false
	}
	k, ok := p.scan(e+1, &set1738FPath, uri.Path)
	if !ok {
		return k, false
	}
	sp.hasAuth = true
	sp.pathStart, sp.pathEnd = e, k
	l.Form, l.Record = "fileurl", File{Host: s[h:e], Path: s[e+1 : k]}
	return k, true
}

// prosperourl = "prospero://" hostport "/" ppath *[ fieldspec ]
// fieldspec   = ";" fieldname "=" fieldvalue
func (p *lparser) prospero1738(i int, sp *lsplit, l *URL) (int, bool) {
	s, n := p.s, len(p.s)
	lg, k, ok := p.ipStart(i, false, true, sp)
	if !ok {
		return k, false
	}
	e, ok := p.scan(k+1, &set1738FPath, uri.Path)
	if !ok {
		return e, false
	}
	pr := Prospero{HostPort: lg.HostPort, HSOName: s[k+1 : e]}
	for e < n && s[e] == ';' {
		m, ok := p.scan(e+1, &set1738Field, uri.Path)
		if !ok {
			return m, false
		}
		if m >= n || s[m] != '=' {
			p.die(m, uri.Path, uri.ErrInvalidByte)
			return m, false
		}
		v, ok := p.scan(m+1, &set1738Field, uri.Path)
		if !ok {
			return v, false
		}
		pr.Fields = append(pr.Fields, ProsperoField{Name: s[e+1 : m], Value: s[m+1 : v]})
		e = v
	}
	sp.pathEnd = e
	l.Form, l.Record = "prosperourl", pr
	return e, true
}

// other1738 reads the schemepart of another scheme, *xchar, and divides it:
// as the common Internet scheme syntax when it matches (ip-schemepart =
// "//" login [ "/" urlpath ]), else as RFC 3986 divides the text when it is
// valid RFC 3986, else as a path up to the first "?" and a query.
func (p *lparser) other1738(i int, sp *lsplit, l *URL) (int, bool) {
	s := p.s
	k, ok := p.scan(i, &set1738XChar, uri.Path)
	if !ok {
		return k, false
	}
	l.Form = "otherurl"
	o := Other{}
	sp.pathStart = i
	if k-i >= 2 && s[i] == '/' && s[i+1] == '/' {
		probe := lparser{s: s[:k], g: RFC1738}
		if lg, e, ok := probe.login1738(i+2, true, false); ok {
			o.Login, o.HasLogin = lg, true
			if e < k {
				o.URLPath, o.HasURLPath = s[e+1:k], true
			}
			sp.hasAuth, sp.pathStart = true, e
		} else if u, err := uri.Parse(s[:k]); err == nil && u.HasAuthority() {
			sp.hasAuth, sp.pathStart = true, i+2+len(u.Authority())
		}
	}
	sp.pathEnd = k
	if q := strings.IndexByte(s[sp.pathStart:k], '?'); q >= 0 {
		sp.pathEnd = sp.pathStart + q
		sp.hasQuery, sp.queryEnd = true, k
	}
	l.Record = o
	return k, true
}
