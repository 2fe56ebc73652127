package legacy

// This file holds what the parsers of the older grammars share: the
// furthest-failure bookkeeping, character sets built from RFC 3986's
// classes, and host names.

import (
	"strings"

	"github.com/gouri/uri"
	"github.com/gouri/uri/internal/abnf"
)

// lparser is the state shared by the legacy parsers: the input, and the
// furthest point where some reading of the input could not go on. Each
// grammar's alternatives (a server or a reg_name, a group or an article, a
// user name or a host) are tried in turn; a prefix of the input can begin a
// valid reference exactly when it can under one of them, so the error
// offset is the largest offset at which an alternative failed.
type lparser struct {
	s    string
	g    Grammar
	off  int
	comp uri.Component
	err  error
}

// die records that one reading of the input cannot continue at byte off.
// The first reading to fail furthest wins, so that the grammar's primary
// alternative names the component and the reason on a tie.
func (p *lparser) die(off int, c uri.Component, err error) {
	if p.err == nil || off > p.off {
		p.off, p.comp, p.err = off, c, err
	}
}

// error builds the *uri.Error for the furthest failure. A byte that the grammar
// never allows unescaped gets ErrMustEscape, whatever the context, because
// that is what the writer has to fix.
func (p *lparser) error() *uri.Error {
	err := p.err
	if err == nil {
		err = uri.ErrInvalidByte
	}
	if p.off < len(p.s) && (err == uri.ErrInvalidByte || err == ErrBadHost) && p.mustEscape(p.s[p.off]) {
		err = ErrMustEscape
	}
	if p.off >= len(p.s) && err == uri.ErrInvalidByte {
		err = ErrUnexpectedEnd
	}
	return &uri.Error{Op: uri.OpParse, Input: p.s, Offset: p.off, Component: p.comp, Err: err, Detail: p.g.String()}
}

// mustEscape reports whether the grammar allows c nowhere unescaped. "#"
// and "%" are excluded too, but each has a use (fragment, escape).
func (p *lparser) mustEscape(c byte) bool {
	switch p.g {
	case RFC2068:
		// unsafe = CTL | SP | <"> | "#" | "%" | "<" | ">"
		return c < 0x20 || c == 0x7f || c == ' ' || c == '"' || c == '<' || c == '>'
	case RFC2396, RFC2616, RFC2732:
		return !p.uric(c) && c != '#' && c != '%'
	}
	// RFC 1738 and 1808: what is not an xchar is unsafe or national.
	return !set1738XChar.has(c) && c != '#' && c != '%'
}

// scan advances from i over the bytes of set and over escapes ("%" hex
// hex). If it stops at a "%" that does not start an escape, it records the
// failure at the first bad byte of the escape in component c and returns
// false.
func (p *lparser) scan(i int, set *cset, c uri.Component) (int, bool) {
	s := p.s
	for i < len(s) {
		b := s[i]
		if set.has(b) {
			i++
			continue
		}
		if b != '%' {
			break
		}
		switch {
		case i+1 >= len(s):
			p.die(len(s), c, uri.ErrBadPercent)
			return len(s), false
		case !abnf.IsHex(s[i+1]):
			p.die(i+1, c, uri.ErrBadPercent)
			return i + 1, false
		case i+2 >= len(s):
			p.die(len(s), c, uri.ErrBadPercent)
			return len(s), false
		case !abnf.IsHex(s[i+2]):
			p.die(i+2, c, uri.ErrBadPercent)
			return i + 2, false
		}
		i += 3
	}
	return i, true
}

// cspec describes a set of bytes of an older grammar as a mask of RFC 3986
// classes (the one character table of this package), with a few bytes taken
// out and a few added, since each RFC's lists differ from RFC 3986's, and
// with RFC 2068's national characters when national is set.
type cspec struct {
	mask     uint16
	minus    string
	plus     string
	national bool
}

// cset is a cspec compiled into a bitmap once, when the package is
// initialized, so that a test is one load; it is never written after that.
type cset struct {
	bits [4]uint64
}

func newCset(spec cspec) cset {
	var cs cset
	for c := 0; c < 256; c++ {
		in := abnf.Classes[c]&spec.mask != 0 && strings.IndexByte(spec.minus, byte(c)) < 0 ||
			strings.IndexByte(spec.plus, byte(c)) >= 0 || spec.national && isNational(byte(c))
		if in {
			cs.bits[c>>6] |= 1 << (c & 63)
		}
	}
	return cs
}

func (cs *cset) has(c byte) bool { return cs.bits[c>>6]&(1<<(c&63)) != 0 }

// isNational reports whether c is an RFC 2068 national character:
//
//	national = <any OCTET excluding ALPHA, DIGIT, reserved, extra, safe, and unsafe>
//
// which leaves "{", "}", "|", "\", "^", "~", "[", "]", "`" and 0x80 to 0xFF.
func isNational(c byte) bool {
	return c >= 0x80 || strings.IndexByte("{}|\\^~[]`", c) >= 0
}

// host scanning: RFC 1738, Section 5 and RFC 2396, Section 3.2.2.
//
//	hostname    = *( domainlabel "." ) toplabel [ "." ]   ; no "." at the end in RFC 1738
//	domainlabel = alphanum | alphanum *( alphanum | "-" ) alphanum
//	toplabel    = alpha | alpha *( alphanum | "-" ) alphanum
//	IPv4address = 1*digit "." 1*digit "." 1*digit "." 1*digit  ; RFC 1738's hostnumber
//
// hostScan returns the first byte from i that cannot continue a host name
// (so also no IPv4address, whose prefixes are host name prefixes), and which
// rule s[i:k] matches completely: "hostname", "IPv4address" or "". maxDigits
// bounds the digits of an IPv4address group (RFC 2732: 1*3DIGIT), 0 for none.
func hostScan(s string, i int, trailingDot bool, maxDigits int) (k int, form string) {
	k = i
	label := 0          // length of the current label
	hyphen := false     // the current label ends with "-"
	last, prev := i, -1 // start of the current and the previous label
	for k < len(s) {
		c := s[k]
		switch {
		case abnf.Classes[c]&(abnf.Alpha|abnf.Digit) != 0:
			hyphen = false
		case c == '-' && label > 0:
			hyphen = true
		case c == '.' && label > 0 && !hyphen:
			prev, last, label = last, k+1, 0
			k++
			continue
		default:
			return k, hostForm(s, i, k, trailingDot, maxDigits, last, prev, label, hyphen)
		}
		label++
		k++
	}
	return k, hostForm(s, i, k, trailingDot, maxDigits, last, prev, label, hyphen)
}

func hostForm(s string, i, k int, trailingDot bool, maxDigits, last, prev, label int, hyphen bool) string {
	if k == i {
		return ""
	}
	top := last
	if label == 0 { // ends with "."
		if !trailingDot {
			return ""
		}
		top = prev
	} else if hyphen {
		return ""
	}
	if abnf.Classes[s[top]]&abnf.Alpha != 0 {
		return "hostname"
	}
	if isIPv4Legacy(s[i:k], maxDigits) {
		return "IPv4address"
	}
	return ""
}

// isIPv4Legacy reports whether h is four groups of digits joined by ".",
// each of at most maxDigits digits (any number when maxDigits is 0) and, when
// maxDigits is 3, at most 255.
func isIPv4Legacy(h string, maxDigits int) bool {
	groups, n, v := 0, 0, 0
	for i := 0; i <= len(h); i++ {
		if i == len(h) || h[i] == '.' {
			if n == 0 {
				return false
			}
			groups++
			n, v = 0, 0
			continue
		}
		if !abnf.IsDigit(h[i]) {
			return false
		}
		n++
		v = v*10 + int(h[i]-'0')
		if maxDigits > 0 && (n > maxDigits || v > 255) {
			return false
		}
	}
	return groups == 4
}
