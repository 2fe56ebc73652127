package mimetype

import (
	"strconv"
	"unicode/utf8"

	"github.com/gouri/uri"
	"github.com/gouri/uri/internal/abnf"
	"github.com/gouri/uri/internal/lazybuf"
)

// The code point classes of the MIME Sniffing Standard, section 3
// (Terminology), and of the Fetch Standard, section 2.2 (HTTP), for the
// bytes that stand for them: one byte is one code point (isomorphic
// decoding), except in [ParseText], which reads bytes >= 0x80 as UTF-8.
const (
	// An HTTP token code point: "!", "#", "$", "%", "&", "'", "*", "+",
	// "-", ".", "^", "_", "`", "|", "~", or an ASCII alphanumeric, the
	// value space of RFC 9110's token.
	cToken = 1 << iota
	// An HTTP quoted-string token code point: U+0009 TAB, U+0020 to
	// U+007E, or U+0080 to U+00FF.
	cQuoted
	// HTTP whitespace: U+000A LF, U+000D CR, U+0009 TAB or U+0020 SPACE.
	cWhite
)

// tokenChars are the HTTP token code points (MIME Sniffing, section 3).
const tokenChars = "!#$%&'*+-.^_`|~0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"

// classes maps each byte to its class bits. It is written once, when the
// package is initialized, and only read after that.
var classes = buildClasses()

func buildClasses() (t [256]uint8) {
	for i := 0; i < len(tokenChars); i++ {
		t[tokenChars[i]] |= cToken
	}
	t['\t'] |= cQuoted
	for c := 0x20; c <= 0x7E; c++ {
		t[c] |= cQuoted
	}
	for c := 0x80; c <= 0xFF; c++ {
		t[c] |= cQuoted
	}
	for _, c := range "\n\r\t " {
		t[c] |= cWhite
	}
	return t
}

func isToken(c byte) bool { return classes[c]&cToken != 0 }
func isWhite(c byte) bool { return classes[c]&cWhite != 0 }

// maxSeen is how many parameter names the parser compares one by one;
// beyond it, a map keeps the time linear in the number of parameters.
const maxSeen = 8

// A parser reads one MIME type: the steps of "parse a MIME type" (MIME
// Sniffing, section 4.4), writing the serialization (section 4.5) as it
// goes. The output is compared with the input while they agree, so that
// an input in serialized form is returned as it is.
type parser struct {
	in   string // the input, whitespace trimmed
	lo   int    // where in begins in the caller's input, for offsets
	text bool   // bytes >= 0x80 are UTF-8 (ParseText), not one code point each
	w    lazybuf.Writer
	// The names of the parameters kept so far: as offsets into in while
	// there are few, then in a map.
	names [maxSeen][2]int
	n     int
	seen  map[string]struct{}
}

// parse runs "parse a MIME type" on s: with text false, on the isomorphic
// decoding of its bytes ("parse a MIME type from bytes"); with text true,
// on the code points that s encodes in UTF-8.
func parse(s string, text bool) (MIMEType, error) {
	lo, hi := trimWhite(s)
	p := parser{in: s[lo:hi], lo: lo, text: text}
	slash, end, next, off, detail := p.essence()
	if detail != "" {
		return MIMEType{}, &uri.Error{Op: uri.OpParse, Input: s, Offset: lo + off, Err: ErrInvalid, Detail: detail}
	}
	p.params(next)
	return MIMEType{s: p.w.String(), slash: slash, end: end}, nil
}

// trimWhite returns the bounds of s without leading and trailing HTTP
// whitespace (section 4.4, step 1). When s is all whitespace, both are
// len(s).
func trimWhite(s string) (lo, hi int) {
	for lo < len(s) && isWhite(s[lo]) {
		lo++
	}
	hi = len(s)
	for hi > lo && isWhite(s[hi-1]) {
		hi--
	}
	if lo == hi {
		return len(s), len(s)
	}
	return lo, hi
}

// essence reads the type, "/" and the subtype (section 4.4, steps 3 to
// 10), writes them in lower case, and returns the index of "/", the end
// of the subtype, and the index where the parameters begin (at a ";", or
// the end); or the offset in p.in of the first byte that no MIME type can
// have there and what is wrong.
//
// The offset follows the module's rule: p.in[:off] is the longest prefix
// that begins some MIME type. Whitespace is allowed after the subtype
// when a ";" or the end follows, so "text/pl ain" fails at the "a".
func (p *parser) essence() (slash, end, next, off int, detail string) {
	s := p.in
	i := 0
	for i < len(s) && isToken(s[i]) {
		i++
	}
	switch {
	case i == len(s):
		if i == 0 {
			return 0, 0, 0, i, "no type"
		}
		return 0, 0, 0, i, `no "/" after the type`
	case s[i] != '/':
		return 0, 0, 0, i, p.quote(i) + " in the type is not an HTTP token code point"
	case i == 0:
		return 0, 0, 0, i, "empty type"
	}
	j := i + 1
	k := j
	for k < len(s) && isToken(s[k]) {
		k++
	}
	m := k
	for m < len(s) && isWhite(s[m]) {
		m++
	}
	switch {
	case k == j && k == len(s):
		return 0, 0, 0, k, "empty subtype"
	case k == j && s[k] == ';':
		return 0, 0, 0, k, "empty subtype"
	case k == j:
		return 0, 0, 0, k, p.quote(k) + " in the subtype is not an HTTP token code point"
	case m < len(s) && s[m] != ';' && m > k:
		return 0, 0, 0, m, p.quote(m) + " after whitespace in the subtype"
	case m < len(s) && s[m] != ';':
		return 0, 0, 0, m, p.quote(m) + " in the subtype is not an HTTP token code point"
	}
	p.w.Reset(s, nil, 16)
	p.lower(0, i)
	p.w.Byte('/')
	p.lower(j, k)
	return i, k, m, 0, ""
}

// quote returns the character at p.in[i] quoted: a UTF-8 sequence whole
// in text mode, else the byte.
func (p *parser) quote(i int) string {
	if c := p.in[i]; c < utf8.RuneSelf || !p.text {
		return strconv.QuoteToASCII(p.in[i : i+1])
	}
	_, n := utf8.DecodeRuneInString(p.in[i:])
	return strconv.QuoteToASCII(p.in[i : i+n])
}

// lower writes p.in[i:j] in ASCII lower case.
func (p *parser) lower(i, j int) {
	// Runs without capitals are copied whole: in the common case, all of
	// it, which costs nothing while the output is the input.
	for k := i; k < j; k++ {
		if c := p.in[k]; 'A' <= c && c <= 'Z' {
			p.w.Copy(i, k)
			p.w.Byte(c + 'a' - 'A')
			i = k + 1
		}
	}
	p.w.Copy(i, j)
}

// params reads the parameters from the ";" at p.in[i] (section 4.4, step
// 11) and writes those it keeps.
func (p *parser) params(i int) {
	s := p.in
	for i < len(s) {
		i++ // the ";"
		for i < len(s) && isWhite(s[i]) {
			i++
		}
		ns := i
		for i < len(s) && s[i] != ';' && s[i] != '=' {
			i++
		}
		ne := i
		if i < len(s) {
			if s[i] == ';' {
				continue
			}
			i++ // the "="
		}
		if i >= len(s) {
			break
		}
		var vs, ve int
		quoted := s[i] == '"'
		if quoted {
			vs = i + 1
			ve, i = quotedEnd(s, vs)
			for i < len(s) && s[i] != ';' {
				i++
			}
		} else {
			vs = i
			for i < len(s) && s[i] != ';' {
				i++
			}
			ve = i
			for ve > vs && isWhite(s[ve-1]) {
				ve--
			}
			if ve == vs {
				continue
			}
		}
		p.param(ns, ne, vs, ve, quoted)
	}
}

// quotedEnd returns, for a quoted string whose content begins at s[i]
// (after the opening quote), where the content ends (at the closing quote,
// or the end of s) and the index after the closing quote ("collect an
// HTTP quoted string", Fetch, section 2.2).
func quotedEnd(s string, i int) (end, next int) {
	for i < len(s) {
		switch s[i] {
		case '\\':
			i += 2
		case '"':
			return i, i + 1
		default:
			i++
		}
	}
	return len(s), len(s)
}

// param writes the parameter whose name is p.in[ns:ne] and whose value
// is p.in[vs:ve], quoted or not, when section 4.4, step 11.9 keeps it:
// a name of HTTP token code points, a value of HTTP quoted-string token
// code points, and a name not seen before.
func (p *parser) param(ns, ne, vs, ve int, quoted bool) {
	if ns == ne {
		return
	}
	for k := ns; k < ne; k++ {
		if !isToken(p.in[k]) {
			return
		}
	}
	valid, token := p.checkValue(vs, ve, quoted)
	if !valid || !p.addName(ns, ne) {
		return
	}
	p.w.Byte(';')
	p.lower(ns, ne)
	p.w.Byte('=')
	switch {
	case token && !quoted:
		p.w.Copy(vs, ve)
	case token:
		p.writeValue(vs, ve, true, false)
	default:
		p.w.Byte('"')
		p.writeValue(vs, ve, quoted, true)
		p.w.Byte('"')
	}
}

// next returns the byte of a parameter's value that begins at p.in[k]
// and the index after it: in a quoted string, the byte after a "\" stands
// for itself, and a "\" at the end of the input for a "\".
func (p *parser) next(k, ve int, quoted bool) (byte, int) {
	c := p.in[k]
	if quoted && c == '\\' && k+1 < ve {
		return p.in[k+1], k + 2
	}
	return c, k + 1
}

// checkValue reports whether the value p.in[vs:ve] is made of HTTP
// quoted-string token code points, and whether it is a non-empty string
// of HTTP token code points, which the serialization writes without
// quotes. In text mode, a byte >= 0x80 must begin or continue the UTF-8
// encoding of a code point from U+0080 to U+00FF.
func (p *parser) checkValue(vs, ve int, quoted bool) (valid, token bool) {
	token = vs < ve
	cont := false // in text mode, a continuation byte must come next
	for k := vs; k < ve; {
		var c byte
		c, k = p.next(k, ve, quoted)
		switch {
		case cont:
			if c < 0x80 || c > 0xBF {
				return false, false
			}
			cont = false
		case c >= utf8.RuneSelf && p.text:
			if c != 0xC2 && c != 0xC3 {
				return false, false
			}
			cont = true
		case classes[c]&cQuoted == 0:
			return false, false
		}
		token = token && isToken(c)
	}
	return !cont, token
}

// writeValue writes the value p.in[vs:ve], read as a quoted string's
// content when quoted is set, with a "\" before each quote and backslash
// when escape is set.
func (p *parser) writeValue(vs, ve int, quoted, escape bool) {
	for k := vs; k < ve; {
		var c byte
		c, k = p.next(k, ve, quoted)
		if escape && (c == '"' || c == '\\') {
			p.w.Byte('\\')
		}
		p.w.Byte(c)
	}
}

// addName records the name p.in[ns:ne] of a parameter about to be kept,
// and reports false if a parameter of the same name, compared in ASCII
// lower case, was kept before (section 4.4, step 11.9: the first wins).
func (p *parser) addName(ns, ne int) bool {
	name := p.in[ns:ne]
	if p.seen != nil {
		key := abnf.LowerString(name)
		if _, dup := p.seen[key]; dup {
			return false
		}
		p.seen[key] = struct{}{}
		return true
	}
	for _, r := range p.names[:p.n] {
		if abnf.EqualFold(p.in[r[0]:r[1]], name) {
			return false
		}
	}
	if p.n < maxSeen {
		p.names[p.n] = [2]int{ns, ne}
		p.n++
		return true
	}
	p.seen = make(map[string]struct{}, 2*maxSeen)
	for _, r := range p.names {
		p.seen[abnf.LowerString(p.in[r[0]:r[1]])] = struct{}{}
	}
	p.seen[abnf.LowerString(name)] = struct{}{}
	return true
}
