package template

import (
	"github.com/gouri/uri/template/internal/expr"
	"github.com/gouri/uri/template/internal/match"
)

// Template is a parsed URI Template (RFC 6570): literals and expressions,
// ready to be expanded many times and to match URIs. A Template is
// immutable and safe for concurrent use.
type Template struct {
	raw   string
	parts []expr.Part
	names []string // the distinct variable names, in order of appearance

	m match.Matcher // of parts and names
}

// Parse parses a URI Template (RFC 6570, Section 2): literals and
// expressions of all four levels. A template that does not follow the ABNF
// of Section 2 is an error (*uri.Error, Op uri.OpParse) that gives the offset of
// the first byte that cannot continue a valid template (Section 3 asks for
// the location); an operator reserved for future use ("=", ",", "!", "@",
// "|") is one. Parse allocates the Template and its parts.
func Parse(s string) (*Template, error) {
	parts, names, err := expr.Parse(s)
	if err != nil {
		return nil, err
	}
	t := &Template{raw: s, parts: parts, names: names}
	t.m.Parts, t.m.Names = parts, names
	return t, nil
}

// MustParse is [Parse] for templates known to be valid (RFC 6570, Section
// 2), in tests, examples and package-level variables: it panics on an
// error.
func MustParse(s string) *Template {
	t, err := Parse(s)
	if err != nil {
		panic(err)
	}
	return t
}

// String returns the template as it was parsed, byte for byte (RFC 6570,
// Section 2).
func (t *Template) String() string { return t.raw }

// Names returns the names of the template's variables, each once, in the
// order of their first appearance (RFC 6570, Section 2.3). The caller may
// modify the slice.
func (t *Template) Names() []string { return append([]string(nil), t.names...) }
