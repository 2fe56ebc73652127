package template

import (
	"slices"

	"github.com/gouri/uri"
	"github.com/gouri/uri/template/internal/expr"
)

// ExpandOptions changes how a template is expanded, for a client that
// builds URIs from values it does not control. The zero value expands as
// [Template.Expand] does (RFC 6570, Section 3).
type ExpandOptions struct {
	// OmitEmpty treats an empty string as no value, so that a client can
	// pass the fields of a form or a struct as they are: a string value
	// "" is undefined (skipped, as Section 2.3 says of undefined
	// variables), an empty item of a list is left out, and so is a pair of
	// an associative array whose value is empty. "{?q,lang}" with q = ""
	// and lang = "en" expands to "?lang=en", not "?q=&lang=en".
	OmitEmpty bool

	// RefuseDotSegments makes it an error (ErrDotSegment) for a value to
	// write to a path segment that is "." or ".." (RFC 3986, Section
	// 5.2.4), which a resolver or a server would follow: "/files/{name}"
	// with name = "..", "{/path*}" with a ".." item, "/a/{.x}" with x = "".
	// A dot written "%2E" and a slash written "%2F" count as the
	// characters. Unlike matching, which lets a "+" expression ("{+path}")
	// write dot segments, this refuses them from every operator: the
	// values never navigate. Literals may hold dot segments.
	RefuseDotSegments bool
}

// Expand expands t with vars as [Template.Expand] does, with the options
// of o. It allocates what Template.Expand does, and copies a list or an
// array whose empty members OmitEmpty leaves out. Its errors are those of
// Template.Expand and, with RefuseDotSegments, a *uri.Error with Op
// [OpExpand], Err ErrDotSegment, Name the variable at fault and Offset
// where the template names it.
func (o ExpandOptions) Expand(t *Template, vars Values) (uri.URI, error) {
	return t.expand(vars, &o)
}

// AppendExpand appends the expansion of t with vars to dst, as
// [Template.AppendExpand] does, with the options of o; on an error it
// returns dst unchanged. See [ExpandOptions.Expand] for the errors.
func (o ExpandOptions) AppendExpand(dst []byte, t *Template, vars Values) ([]byte, error) {
	return t.appendExpand(dst, vars, &o)
}

// value returns v, a variable's value, for expansion: with the empty
// strings left out under OmitEmpty.
func (o *ExpandOptions) value(v Value) Value {
	if !o.OmitEmpty {
		return v
	}
	switch v.kind {
	case KindString:
		if v.s == "" {
			return Value{}
		}
	case KindList:
		if slices.IndexFunc(v.items, func(s string) bool { return s == "" }) >= 0 {
			items := make([]string, 0, len(v.items))
			for _, s := range v.items {
				if s != "" {
					items = append(items, s)
				}
			}
			return Value{kind: KindList, items: items}
		}
	case KindAssoc:
		if slices.IndexFunc(v.pairs, func(p Pair) bool { return p.Value == "" }) >= 0 {
			pairs := make([]Pair, 0, len(v.pairs))
			for _, p := range v.pairs {
				if p.Value != "" {
					pairs = append(pairs, p)
				}
			}
			return Value{kind: KindAssoc, pairs: pairs}
		}
	}
	return v
}

// navigates returns the error of RefuseDotSegments for the expansion text,
// or nil: it writes the expansion again and looks at where each variable
// writes, from the operator's first string or separator on.
func (t *Template) navigates(text string, vars Values, o *ExpandOptions) error {
	u, err := uri.Parse(text)
	if err != nil {
		return nil // not reached: the text was parsed before
	}
	start, end := expr.PathRange(u)
	dots := expr.DotSegments(nil, text[start:end], start)
	if len(dots) == 0 {
		return nil
	}
	_, err = t.appendExpansion(nil, vars, o, func(v *expr.Spec, from, to int) error {
		if from < end && expr.Overlapping(dots, from, to) >= 0 {
			return &uri.Error{Op: OpExpand, Input: t.raw, Offset: v.Off, Name: v.Name, Err: ErrDotSegment}
		}
		return nil
	})
	return err
}
