package template

import (
	"unicode/utf8"

	"github.com/gouri/uri"
	"github.com/gouri/uri/internal/abnf"
)

// allowU and allowUR are the characters that expansion copies unencoded
// (RFC 6570, Section 1.5): unreserved for most operators, unreserved and
// reserved for "+" and "#" (Section 3.2.1, "allow").
//
//	unreserved = ALPHA / DIGIT / "-" / "." / "_" / "~"
//	reserved   = gen-delims / sub-delims
var allowU, allowUR = allowTable(abnf.Unreserved), allowTable(abnf.Unreserved | abnf.SubDelims | abnf.GenDelims)

func allowTable(mask uint16) (t [256]bool) {
	for c := range t {
		t[c] = abnf.Classes[c]&mask != 0
	}
	return t
}

// stackExpansion is the length up to which Expand builds the expansion on
// the stack, so that the string it returns is its one allocation.
const stackExpansion = 512

// Expand expands the template with vars (RFC 6570, Section 3): each
// expression is replaced by the values of its variables, pct-encoded as
// its operator says, and undefined variables are skipped. The result is an
// RFC 3986 URI-reference, or an error (*uri.Error, Op uri.OpExpand, the
// variable at fault as Name) when it cannot be one: ErrPrefixComposite for
// a prefix modifier on a list or associative array, ErrNotURI when the values of a reserved ("+") or fragment ("#")
// expansion, or the literals around the values, do not make a
// URI-reference. It allocates once, the result's text, for an expansion of
// up to 512 bytes.
func (t *Template) Expand(vars Values) (uri.URI, error) {
	return t.expand(vars, nil)
}

func (t *Template) expand(vars Values, o *ExpandOptions) (uri.URI, error) {
	var buf [stackExpansion]byte
	b, err := t.appendExpansion(buf[:0], vars, o, nil)
	if err != nil {
		return uri.URI{}, err
	}
	u, err := uri.Parse(string(b))
	if err != nil {
		return uri.URI{}, t.notURI(vars, o, err)
	}
	if o != nil && o.RefuseDotSegments {
		if err := t.navigates(u.String(), vars, o); err != nil {
			return uri.URI{}, err
		}
	}
	return u, nil
}

// AppendExpand appends the expansion of the template with vars (RFC 6570,
// Section 3) to dst and returns the extended buffer, as [Template.Expand]
// expands it. On an error it returns dst unchanged. It allocates only to
// grow dst.
func (t *Template) AppendExpand(dst []byte, vars Values) ([]byte, error) {
	return t.appendExpand(dst, vars, nil)
}

func (t *Template) appendExpand(dst []byte, vars Values, o *ExpandOptions) ([]byte, error) {
	n := len(dst)
	b, err := t.appendExpansion(dst, vars, o, nil)
	if err != nil {
		return dst[:n], err
	}
	if _, err := uri.Parse(abnf.String(b[n:])); err != nil {
		// The error holds its input, which must not share b.
		_, err = uri.Parse(string(b[n:]))
		return dst[:n], t.notURI(vars, o, err)
	}
	if o != nil && o.RefuseDotSegments {
		if err := t.navigates(abnf.String(b[n:]), vars, o); err != nil {
			return dst[:n], err
		}
	}
	return b, nil
}

// Expand parses the template s and expands it with vars (RFC 6570,
// Sections 2 and 3): [Parse], then [Template.Expand]. Parse a template once
// to expand it many times.
func Expand(s string, vars Values) (uri.URI, error) {
	t, err := Parse(s)
	if err != nil {
		return uri.URI{}, err
	}
	return t.Expand(vars)
}

// appendExpansion appends the expansion to b, unchecked: the algorithm of
// RFC 6570, Section 3 and Appendix A. When each is not nil, it is called
// after each defined variable with what the variable wrote, b[from:to]
// (from its operator's first string or separator on), and an error it
// returns ends the expansion.
func (t *Template) appendExpansion(b []byte, vars Values, o *ExpandOptions, each func(v *varspec, from, to int) error) ([]byte, error) {
	for i := range t.parts {
		p := &t.parts[i]
		if p.op == nil {
			b = append(b, p.lit...)
			continue
		}
		first := true
		for k := range p.specs {
			v := &p.specs[k]
			val := vars[v.name]
			if o != nil {
				val = o.value(val)
			}
			if !val.Defined() {
				continue
			}
			from := len(b)
			var err error
			if b, err = t.appendVar(b, p.op, v, val, first); err != nil {
				return b, err
			}
			first = false
			if each != nil {
				if err := each(v, from, len(b)); err != nil {
					return b, err
				}
			}
		}
	}
	return b, nil
}

// appendVar appends one defined variable of an expression with the operator
// op, after the operator's first string (when first) or its separator (RFC
// 6570, Appendix A).
func (t *Template) appendVar(b []byte, op *operator, v *varspec, val Value, first bool) ([]byte, error) {
	if v.maxLen > 0 && val.kind != KindString {
		return b, &uri.Error{Op: uri.OpExpand, Name: v.name, Input: t.raw, Offset: v.off, Err: ErrPrefixComposite}
	}
	switch {
	case !first:
		b = append(b, op.sep)
	case op.first != 0:
		b = append(b, op.first)
	}
	return appendValue(b, op, v, val), nil
}

// appendValue appends the text of one defined variable after the
// operator's first string or separator (RFC 6570, Appendix A); a prefix
// modifier applies to a string only.
func appendValue(b []byte, op *operator, v *varspec, val Value) []byte {
	allow := &allowU
	if op.reserved {
		allow = &allowUR
	}
	switch {
	case val.kind == KindString:
		s := val.s
		if op.named {
			b = appendNamed(b, op, v.name, s == "")
		}
		if v.maxLen > 0 {
			s = prefix(s, v.maxLen, op.reserved)
		}
		return appendEncoded(b, s, allow)
	case !v.explode:
		// Section 3.2.1: a composite value joins its members with ","
		// whatever the operator, and pairs as "name,value".
		if op.named {
			b = append(append(b, v.name...), '=')
		}
		for i, item := range val.items {
			if i > 0 {
				b = append(b, ',')
			}
			b = appendEncoded(b, item, allow)
		}
		for i, p := range val.pairs {
			if i > 0 {
				b = append(b, ',')
			}
			b = append(appendEncoded(b, p.Key, allow), ',')
			b = appendEncoded(b, p.Value, allow)
		}
	default:
		// Exploded: each member is a variable of its own, joined with the
		// operator's separator; a pair's name stands for the variable's.
		for i, item := range val.items {
			if i > 0 {
				b = append(b, op.sep)
			}
			if op.named {
				b = appendNamed(b, op, v.name, item == "")
			}
			b = appendEncoded(b, item, allow)
		}
		for i, p := range val.pairs {
			if i > 0 {
				b = append(b, op.sep)
			}
			b = appendEncoded(b, p.Key, allow)
			if op.named && p.Value == "" {
				if op.ifemp != 0 {
					b = append(b, op.ifemp)
				}
				continue
			}
			b = append(b, '=')
			b = appendEncoded(b, p.Value, allow)
		}
	}
	return b
}

// appendNamed appends a name for a named operator: the name and "=", or,
// when the value is empty, the name and the operator's ifemp.
func appendNamed(b []byte, op *operator, name string, empty bool) []byte {
	b = append(b, name...)
	switch {
	case !empty:
		b = append(b, '=')
	case op.ifemp != 0:
		b = append(b, op.ifemp)
	}
	return b
}

// appendEncoded appends s with every byte that allow does not let through
// pct-encoded with upper-case hex digits (RFC 6570, Section 1.6, and RFC
// 3986, Section 2.1). With allowUR, a pct-encoded triplet already in s is
// copied as it is (RFC 6570, Section 3.2.3).
func appendEncoded(b []byte, s string, allow *[256]bool) []byte {
	reserved := allow == &allowUR
	for i := 0; i < len(s); {
		j := i
		for j < len(s) && allow[s[j]] {
			j++
		}
		b = append(b, s[i:j]...)
		if j == len(s) {
			break
		}
		c := s[j]
		if reserved && c == '%' && j+2 < len(s) && abnf.IsHex(s[j+1]) && abnf.IsHex(s[j+2]) {
			b = append(b, s[j:j+3]...)
			i = j + 3
			continue
		}
		b = append(b, '%', abnf.UpperHex[c>>4], abnf.UpperHex[c&15])
		i = j + 1
	}
	return b
}

// prefix returns the first n characters of s (RFC 6570, Section 2.4.1),
// counting Unicode characters; a byte that is not UTF-8 counts as one. In a
// reserved expansion, where pct-encoded triplets are copied, the triplets
// that encode one UTF-8 character count as one character and are never
// split, as Appendix A asks.
func prefix(s string, n int, reserved bool) string {
	for i := 0; i < len(s); n-- {
		if n == 0 {
			return s[:i]
		}
		if reserved && s[i] == '%' {
			if k := tripletChar(s[i:]); k > 0 {
				i += k
				continue
			}
		}
		if s[i] < utf8.RuneSelf {
			i++
			continue
		}
		_, size := utf8.DecodeRuneInString(s[i:])
		i += size
	}
	return s
}

// tripletChar returns the length of the pct-encoded triplets at the start
// of s that encode one UTF-8 character, or of the one triplet there when
// they do not; 0 when s does not begin with a triplet.
func tripletChar(s string) int {
	var octets [utf8.UTFMax]byte
	n := 0
	for n < utf8.UTFMax && 3*n+2 < len(s) && s[3*n] == '%' && abnf.IsHex(s[3*n+1]) && abnf.IsHex(s[3*n+2]) {
		octets[n] = abnf.Unhex(s[3*n+1])<<4 | abnf.Unhex(s[3*n+2])
		n++
		if utf8.FullRune(octets[:n]) {
			break
		}
	}
	switch {
	case n == 0:
		return 0
	case utf8.FullRune(octets[:n]):
		if _, size := utf8.DecodeRune(octets[:n]); size == n {
			return 3 * n
		}
	}
	return 3
}

// notURI returns the error for an expansion that uri.Parse rejected with
// err: ErrNotURI at the place in the template that wrote the byte at
// which the expansion stops being a URI-reference.
func (t *Template) notURI(vars Values, o *ExpandOptions, err error) error {
	e := &uri.Error{Op: uri.OpExpand, Input: t.raw, Err: ErrNotURI, Cause: err}
	ue, ok := err.(*uri.Error)
	if !ok {
		return e
	}
	var b []byte
	for i := range t.parts {
		p := &t.parts[i]
		start := len(b)
		if p.op == nil {
			b = append(b, p.lit...)
			if ue.Offset < len(b) {
				e.Offset = p.off + literalOffset(t.raw[p.off:p.end], ue.Offset-start)
				return e
			}
			continue
		}
		first := true
		for k := range p.specs {
			v := &p.specs[k]
			val := vars[v.name]
			if o != nil {
				val = o.value(val)
			}
			if !val.Defined() {
				continue
			}
			b, _ = t.appendVar(b, p.op, v, val, first)
			first = false
			if ue.Offset < len(b) {
				e.Offset, e.Name = v.off, v.name
				return e
			}
		}
	}
	e.Offset = len(t.raw) // the expansion ended too early
	return e
}

// literalOffset returns the offset in the literal text lit of the
// character that its encoding writes at byte k.
func literalOffset(lit string, k int) int {
	for i := 0; i < len(lit); {
		size := 1
		if lit[i] >= utf8.RuneSelf {
			_, size = utf8.DecodeRuneInString(lit[i:])
		}
		w := size
		if size > 1 || lit[i] >= utf8.RuneSelf {
			w = 3 * size
		}
		if k < w {
			return i
		}
		k -= w
		i += size
	}
	return len(lit)
}
