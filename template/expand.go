package template

import (
	"unicode/utf8"

	"github.com/gouri/uri"
	"github.com/gouri/uri/internal/abnf"
	"github.com/gouri/uri/template/internal/expr"
)

// stackExpansion is the length up to which Expand builds the expansion on
// the stack, so that the string it returns is its one allocation.
const stackExpansion = 512

// Expand expands the template with vars (RFC 6570, Section 3): each
// expression is replaced by the values of its variables, pct-encoded as
// its operator says, and undefined variables are skipped. The result is an
// RFC 3986 URI-reference, or an error (*uri.Error, Op [OpExpand], the
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
func (t *Template) appendExpansion(b []byte, vars Values, o *ExpandOptions, each func(v *expr.Spec, from, to int) error) ([]byte, error) {
	for i := range t.parts {
		p := &t.parts[i]
		if p.Operator == nil {
			b = append(b, p.Lit...)
			continue
		}
		first := true
		for k := range p.Specs {
			v := &p.Specs[k]
			val := vars[v.Name]
			if o != nil {
				val = o.value(val)
			}
			if !val.Defined() {
				continue
			}
			from := len(b)
			var err error
			if b, err = t.appendVar(b, p.Operator, v, val, first); err != nil {
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
func (t *Template) appendVar(b []byte, op *expr.Operator, v *expr.Spec, val Value, first bool) ([]byte, error) {
	if v.MaxLen > 0 && val.kind != KindString {
		return b, &uri.Error{Op: OpExpand, Name: v.Name, Input: t.raw, Offset: v.Off, Err: ErrPrefixComposite}
	}
	switch {
	case !first:
		b = append(b, op.Sep)
	case op.First != 0:
		b = append(b, op.First)
	}
	if val.kind == KindString {
		return expr.AppendString(b, op, v, val.s), nil
	}
	return expr.AppendComposite(b, op, v, val.items, val.pairs), nil
}

// notURI returns the error for an expansion that uri.Parse rejected with
// err: ErrNotURI at the place in the template that wrote the byte at
// which the expansion stops being a URI-reference.
func (t *Template) notURI(vars Values, o *ExpandOptions, err error) error {
	e := &uri.Error{Op: OpExpand, Input: t.raw, Err: ErrNotURI, Cause: err}
	ue, ok := err.(*uri.Error)
	if !ok {
		return e
	}
	var b []byte
	for i := range t.parts {
		p := &t.parts[i]
		start := len(b)
		if p.Operator == nil {
			b = append(b, p.Lit...)
			if ue.Offset < len(b) {
				e.Offset = p.Off + literalOffset(t.raw[p.Off:p.End], ue.Offset-start)
				return e
			}
			continue
		}
		first := true
		for k := range p.Specs {
			v := &p.Specs[k]
			val := vars[v.Name]
			if o != nil {
				val = o.value(val)
			}
			if !val.Defined() {
				continue
			}
			b, _ = t.appendVar(b, p.Operator, v, val, first)
			first = false
			if ue.Offset < len(b) {
				e.Offset, e.Name = v.Off, v.Name
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
