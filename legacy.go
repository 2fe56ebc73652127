package uri

import (
	"strings"

	"github.com/gouri/uri/internal/abnf"
)

// This file is where text written under other grammars enters the strict
// core: Components.Encode maps components that another grammar produced,
// the URLs of RFC 1738, 1808, 2068, 2396 and 2616 (package
// github.com/gouri/uri/legacy) or of the WHATWG URL Standard, onto a URI,
// and says what it had to change.

// Change is one edit that [Components.Encode] makes: the text From, at byte
// Offset of the components written as they are (the recomposition of RFC
// 3986, Section 5.3, with no prefix and nothing encoded), in Component,
// becomes To, for the Reason given. A prefix written before a path has an
// empty From.
type Change struct {
	Offset    int
	Component Component
	From, To  string
	Reason    string
}

// The reasons of Changes.
const (
	reasonQuestionPath = `RFC 3986 reads "?" as the start of a query`
	reasonHashPath     = `RFC 3986 reads "#" as the start of a fragment`
	reasonEndAuthority = `RFC 3986 reads "?" and "#" as the end of the authority`
	reasonDelimiters   = `RFC 3986 reads "@" and ":" as delimiters of the authority`
	reasonPercent      = `a "%" that does not begin a pct-encoding is data`
	reasonSlashes      = `RFC 3986 reads a path that begins with "//" as an authority`
	reasonColon        = `RFC 3986 reads a first segment with ":" as a scheme`
)

// Encode returns the URI reference whose components are c's, written under
// another grammar, and the edits it made, in text order: each byte that RFC
// 3986 does not allow in its component is percent-encoded (Section 2.1), a "%"
// that begins no pct-encoding becomes "%25", and a path gets the prefix of
// [Components.URI] if it needs one. A delimiter is never read as a boundary: a
// "?" in the path becomes "%3F". It allocates the new text and the list.
//
// It is how text of other grammars is upgraded (package legacy's
// URL.Upgrade, package whatwg's URL.ToURI): RFC 2068's national characters
// ("{", "|", octets above 0x7F, non-ASCII text as UTF-8 octets), RFC 2396
// reg_name's "@" and ":", RFC 1738's "?" in an ftp path or a user name,
// RFC 2732's "[" and "]" in a query, each encoded with upper-case hex.
// Well-formed pct-encodings stay. Each edit is a [Change], in text order,
// with its offset in the components written as they are, its component,
// the text before and after, and the reason; the list is empty when nothing
// had to change. A host in brackets that is a valid IP literal stays; any
// other host is a reg-name, brackets included.
//
// What encoding cannot express is an *[Error] with Op [OpBuild]:
// [ErrCannotEncode] for a scheme that is not
//
//	ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )
//
// or a port that is not digits, and [ErrPathWithAuthority] for an authority
// with a path that is neither empty nor begins with "/".
func (c Components) Encode() (URI, []Change, error) {
	e := encoder{at: c.layout(0)}
	if err := e.encode(&c); err != nil {
		return URI{}, nil, err
	}
	u, err := c.URI()
	if err != nil {
		// Only a result over 2 GiB: every byte is now allowed where it is.
		return URI{}, nil, err
	}
	return u, e.changes, nil
}

// encoder is the state of Components.Encode: where the components begin in
// the text they spell as they are, and the edits found so far.
type encoder struct {
	at      ref // offsets only; no text
	changes []Change
}

// encode percent-encodes the components of c in place, in text order, and
// records each edit.
func (e *encoder) encode(c *Components) error {
	r := &e.at
	fail := func(off int, comp Component, err error) error {
		var raw ref
		raw.build(c)
		return &Error{Op: OpBuild, Input: raw.s, Offset: off, Component: comp, Err: err}
	}
	if c.Scheme != "" {
		if j := abnf.SchemeLen(c.Scheme); j < len(c.Scheme) {
			return fail(j, Scheme, ErrCannotEncode)
		}
	}
	if r.flags&fAuthority != 0 {
		if r.flags&fUserinfo != 0 {
			c.Userinfo = e.pct(c.Userinfo, int(r.hostStart)-1-len(c.Userinfo), Userinfo, abnf.Userinfo)
		}
		if !isIPLiteral(c.Host) {
			// Text in brackets that is no IP-literal is data, such as RFC
			// 2068's "national" characters.
			c.Host = e.pct(c.Host, int(r.hostStart), Host, abnf.RegName)
		}
		for i := 0; i < len(c.Port); i++ {
			if !abnf.IsDigit(c.Port[i]) {
				return fail(int(r.hostEnd)+1+i, Port, ErrCannotEncode)
			}
		}
		if c.Path != "" && c.Path[0] != '/' {
			return fail(int(r.pathStart), Path, ErrPathWithAuthority)
		}
	}
	if pre := pathPrefix(c.Path, c.Scheme != "", r.flags&fAuthority != 0); pre != "" {
		why := reasonColon
		if pre == "/." {
			why = reasonSlashes
		}
		e.changes = append(e.changes, Change{Offset: int(r.pathStart), Component: Path, To: pre, Reason: why})
	}
	c.Path = e.pct(c.Path, int(r.pathStart), Path, abnf.Path)
	if r.flags&fQuery != 0 {
		c.Query = e.pct(c.Query, int(r.pathEnd)+1, Query, abnf.Query)
	}
	if r.flags&fFragment != 0 {
		c.Fragment = e.pct(c.Fragment, int(r.queryEnd)+1, Fragment, abnf.Query)
	}
	return nil
}

// pct returns t, the text of component comp at offset off of the raw text,
// with every run of bytes outside mask (and every "%" that does not begin a
// pct-encoding) percent-encoded, one Change per run of bytes that share a
// reason.
func (e *encoder) pct(t string, off int, comp Component, mask uint16) string {
	var b strings.Builder
	done := 0 // t[:done] is written to b, or nothing changed yet
	for i := 0; i < len(t); {
		k, f := abnf.Scan(t, i, mask)
		ok := f == abnf.OK
		if ok && k == len(t) {
			break
		}
		if ok {
			i = k
		} else {
			i = strings.LastIndexByte(t[:k], '%') // the "%" that begins no pct-encoding
		}
		why := reasonFor(comp, t[i])
		j := i + 1
		for j < len(t) && abnf.MustEncode(t, j, mask) && reasonFor(comp, t[j]) == why {
			j++
		}
		if b.Len() == 0 && done == 0 {
			b.Grow(len(t) + 2*(j-i))
		}
		b.WriteString(t[done:i])
		to := encodeAll(t[i:j])
		b.WriteString(to)
		e.changes = append(e.changes, Change{Offset: off + i, Component: comp, From: t[i:j], To: to, Reason: why})
		done, i = j, j
	}
	if done == 0 {
		return t
	}
	b.WriteString(t[done:])
	return b.String()
}

// isIPLiteral reports whether h is an RFC 3986 IP-literal.
func isIPLiteral(h string) bool {
	if !strings.HasPrefix(h, "[") {
		return false
	}
	end, _, err := parseIPLiteral(h, 0, false)
	return err == nil && end == len(h)
}

// reasonFor returns the reason for encoding the byte c in component comp.
func reasonFor(comp Component, c byte) string {
	switch {
	case c == '%':
		return reasonPercent
	case comp == Path && c == '?':
		return reasonQuestionPath
	case comp == Path && c == '#':
		return reasonHashPath
	case (comp == Userinfo || comp == Host) && (c == '?' || c == '#'):
		return reasonEndAuthority
	case comp == Host && (c == '@' || c == ':'):
		return reasonDelimiters
	}
	return "not allowed unencoded in an RFC 3986 " + comp.String()
}

// encodeAll percent-encodes every byte of t, with upper-case hex digits
// (RFC 3986, Section 2.1).
func encodeAll(t string) string {
	b := make([]byte, 3*len(t))
	for i := 0; i < len(t); i++ {
		b[3*i], b[3*i+1], b[3*i+2] = '%', abnf.UpperHex[t[i]>>4], abnf.UpperHex[t[i]&15]
	}
	return string(b)
}
