package legacy

// This file parses RFC 1808's grammar (Section 2.2) and RFC 2068's (Section
// 3.2.1, the same as RFC 1945's), which adds "national" characters and moves
// "+" from "safe" to "reserved" and "pchar":
//
//	URL         = ( absoluteURL | relativeURL ) [ "#" fragment ]
//	absoluteURL = generic-RL | ( scheme ":" *( uchar | reserved ) )
//	relativeURL = net_path | abs_path | rel_path
//	net_path    = "//" net_loc [ abs_path ]
//	abs_path    = "/"  rel_path
//	rel_path    = [ path ] [ ";" params ] [ "?" query ]
//	path        = fsegment *( "/" segment )
//	fsegment    = 1*pchar
//	segment     =  *pchar
//	params      = param *( ";" param )
//	param       = *( pchar | "/" )
//	scheme      = 1*( alpha | digit | "+" | "-" | "." )
//	net_loc     =  *( pchar | ";" | "?" )
//	query       = *( uchar | reserved )
//	fragment    = *( uchar | reserved )
//	pchar       = uchar | ":" | "@" | "&" | "="          ; RFC 2068 adds "+"
//	uchar       = unreserved | escape
//	unreserved  = alpha | digit | safe | extra            ; RFC 2068 adds national
//	safe        = "$" | "-" | "_" | "." | "+"             ; RFC 2068 drops "+"
//	extra       = "!" | "*" | "'" | "(" | ")" | ","
//	reserved    = ";" | "/" | "?" | ":" | "@" | "&" | "=" ; RFC 2068 adds "+"
//
// As sets of bytes, uchar | reserved is RFC 3986's query set without "~"
// (which is national), the same as RFC 1738's xchar, and pchar is RFC 3986's
// pchar without "~" and ";".

import (
	"strings"

	"github.com/gouri/uri"
	"github.com/gouri/uri/internal/abnf"
)

var (
	set1808PChar  = newCset(cspec{mask: abnf.Pchar, minus: "~;"})
	set1808Path   = newCset(cspec{mask: abnf.Pchar | abnf.Slash, minus: "~;"})
	set1808Params = newCset(cspec{mask: abnf.Pchar | abnf.Slash, minus: "~"})
	set1808NetLoc = newCset(cspec{mask: abnf.Pchar | abnf.Question, minus: "~"})

	set2068PChar  = newCset(cspec{mask: abnf.Pchar, minus: "~;", national: true})
	set2068Path   = newCset(cspec{mask: abnf.Pchar | abnf.Slash, minus: "~;", national: true})
	set2068Params = newCset(cspec{mask: abnf.Pchar | abnf.Slash, minus: "~", national: true})
	set2068NetLoc = newCset(cspec{mask: abnf.Pchar | abnf.Question, minus: "~", national: true})
	set2068XChar  = newCset(cspec{mask: abnf.Query, minus: "~", national: true})
)

// sets1808 are the character sets of one of the two grammars.
type sets1808 struct {
	pchar, path, params, netLoc, xchar *cset
}

func (p *lparser) sets1808() sets1808 {
	if p.g == RFC2068 {
		return sets1808{&set2068PChar, &set2068Path, &set2068Params, &set2068NetLoc, &set2068XChar}
	}
	return sets1808{&set1808PChar, &set1808Path, &set1808Params, &set1808NetLoc, &set1738XChar}
}

// parse1808 parses p.s under RFC 1808 or RFC 2068. Text that begins with
// scheme characters and ":" is absolute (RFC 1808, Section 2.4.2), so
// "a:b" is never read as a rel_path although pchar allows ":".
func (p *lparser) parse1808(sp *lsplit, l *URL) bool {
	s, n := p.s, len(p.s)
	cs := p.sets1808()
	var ok bool
	j := 0
	for j < n && abnf.Classes[s[j]]&abnf.SchemeTail != 0 {
		j++
	}
	var i int
	switch {
	case j > 0 && j < n && s[j] == ':':
		sp.hasScheme, sp.schemeEnd = true, j
		if p.g == RFC2068 && strings.EqualFold(s[:j], "http") {
			// http_URL = "http:" "//" host [ ":" port ] [ abs_path ]
			l.Form, l.AuthorityForm = "http_URL", "server"
			var k int
			if k, l.HostForm, ok = p.hostport(j+1, 0, false, sp); !ok {
				return false
			}
			if i, ok = p.absPath1808(k, sp, l, cs); !ok {
				return false
			}
			break
		}
		l.Form = "absoluteURL"
		if p.g == RFC2068 {
			l.Form = "absoluteURI"
		}
		k, ok := p.scan(j+1, cs.xchar, uri.Path)
		if !ok {
			return false
		}
		divide1808(s, j+1, k, sp, l)
		i = k
	case n >= 2 && s[0] == '/' && s[1] == '/':
		l.Form, l.AuthorityForm = "net_path", "net_loc"
		sp.hasAuth = true
		k, ok := p.scan(2, cs.netLoc, uri.Authority)
		if !ok {
			return false
		}
		sp.pathStart = k
		if i, ok = p.absPath1808(k, sp, l, cs); !ok {
			return false
		}
	case n >= 1 && s[0] == '/':
		l.Form = "abs_path"
		if i, ok = p.absPath1808(0, sp, l, cs); !ok {
			return false
		}
	default:
		l.Form = "rel_path"
		if i, ok = p.relPath1808(0, sp, l, cs); !ok {
			return false
		}
	}
	if !sp.hasQuery {
		sp.queryEnd = sp.pathEnd
	}
	if !p.fragment(i, cs.xchar, sp.hasQuery, sp) {
		return false
	}
	return true
}

// absPath1808 reads an optional abs_path = "/" rel_path at s[i]; without a
// "/" the path is empty and nothing else of it follows.
func (p *lparser) absPath1808(i int, sp *lsplit, l *URL, cs sets1808) (int, bool) {
	sp.pathStart = i
	if i < len(p.s) && p.s[i] == '/' {
		return p.relPath1808(i+1, sp, l, cs)
	}
	sp.pathEnd = i
	return i, true
}

// relPath1808 reads rel_path = [ path ] [ ";" params ] [ "?" query ] at s[i].
// The path's first segment is not empty, so a "/" cannot start it.
func (p *lparser) relPath1808(i int, sp *lsplit, l *URL, cs sets1808) (int, bool) {
	s := p.s
	k, ok := p.scan(i, cs.pchar, uri.Path)
	if !ok {
		return k, false
	}
	if k > i && k < len(s) && s[k] == '/' {
		if k, ok = p.scan(k, cs.path, uri.Path); !ok {
			return k, false
		}
	}
	if k < len(s) && s[k] == ';' {
		e, ok := p.scan(k+1, cs.params, uri.Path)
		if !ok {
			return e, false
		}
		l.Params, l.HasParams = s[k+1:e], true
		k = e
	}
	sp.pathEnd = k
	if k < len(s) && s[k] == '?' {
		e, ok := p.scan(k+1, cs.xchar, uri.Query)
		if !ok {
			return e, false
		}
		sp.hasQuery, sp.queryEnd = true, e
		k = e
	}
	return k, true
}

// divide1808 divides the part s[a:e] of an absolute URL after its scheme as
// RFC 1808, Section 2.4 does: a net_loc after "//" up to the next "/", then a
// query from the first "?", then params from the first ";", then the path.
func divide1808(s string, a, e int, sp *lsplit, l *URL) {
	sp.pathStart = a
	if e-a >= 2 && s[a] == '/' && s[a+1] == '/' {
		sp.hasAuth = true
		l.AuthorityForm = "net_loc"
		sp.pathStart = e
		if k := strings.IndexByte(s[a+2:e], '/'); k >= 0 {
			sp.pathStart = a + 2 + k
		}
	}
	sp.pathEnd = e
	if q := strings.IndexByte(s[sp.pathStart:e], '?'); q >= 0 {
		sp.pathEnd = sp.pathStart + q
		sp.hasQuery, sp.queryEnd = true, e
	}
	if c := strings.IndexByte(s[sp.pathStart:sp.pathEnd], ';'); c >= 0 {
		l.Params, l.HasParams = s[sp.pathStart+c+1:sp.pathEnd], true
	}
}
