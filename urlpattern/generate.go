package urlpattern

import (
	"strings"

	"github.com/gouri/uri"
)

// Generate writes the text of the component c from the values of its
// groups: the reverse of a match, generate(component, groups) in
// web-platform-tests (urlpattern-generate-test-data.json), which the
// standard does not define. Each value is canonicalized as the component's
// fixed text is (a pathname value is percent-encoded, a hostname value
// goes through IDNA) and must then be what the group matches: not empty,
// and without the component's delimiter ("/" in a pathname, "." in a
// hostname).
//
// Only components made of fixed text and named groups without a regular
// expression or a modifier can be written: a full wildcard "*", a
// regular expression group, a modifier, a group without a value in groups
// or a value the group cannot match is a [*uri.Error] with Op
// uri.OpBuild, Input the component's pattern string, and Err
// [ErrGenerate]. Generate allocates the text.
func (p *Pattern) Generate(c Component, groups map[string]string) (string, error) {
	if c >= numComponents {
		return "", &uri.Error{Op: uri.OpBuild, Input: c.String(), Err: ErrGenerate, Detail: "no such component"}
	}
	comp := &p.comp[c]
	fail := func(detail string) (string, error) {
		return "", &uri.Error{Op: uri.OpBuild, Input: comp.pattern, Component: c.uriComponent(), Err: ErrGenerate, Detail: detail}
	}
	var b strings.Builder
	for _, pt := range comp.parts {
		switch {
		case pt.modifier != modNone:
			return fail("a part with the modifier " + pt.modifier.String())
		case pt.typ == partFixed:
			b.WriteString(pt.value)
			continue
		case pt.typ != partSegmentWildcard:
			return fail("a wildcard or regular expression group")
		}
		v, ok := groups[pt.name]
		if !ok {
			return fail("no value for the group " + pt.name)
		}
		enc, err := comp.enc(v)
		if err != nil {
			return fail("the value of " + pt.name + " is not valid in the component: " + err.detail)
		}
		if enc == "" || comp.opts.delimiter != 0 && strings.IndexByte(enc, comp.opts.delimiter) >= 0 {
			return fail("the group " + pt.name + " cannot match its value")
		}
		b.WriteString(pt.prefix)
		b.WriteString(enc)
		b.WriteString(pt.suffix)
	}
	return b.String(), nil
}
