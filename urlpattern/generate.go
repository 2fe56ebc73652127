package urlpattern

import (
	"strconv"
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
// hostname). Groups that the component does not have are ignored.
//
// Only components made of fixed text and named groups without a regular
// expression or a modifier can be written: a full wildcard "*", a
// regular expression group, a modifier, a group without a value in groups
// or a value the group cannot match is a [*uri.Error] with Op
// uri.OpBuild, Input the component's pattern string (see
// [Pattern.Component]), Offset where the part at fault is written in it
// (the group's ":", "(" or "*", or the modifier), and Err [ErrGenerate]:
// "/:id" without a value for id fails at 1, "/:id?" at 4. A component c
// that the pattern does not have is the error with Input c.String() and
// Offset uri.NoOffset.
//
// The text must match back to the values given: read as a URL holds the
// component (canonicalized as a whole, as the fixed text was), it must
// match the component, and the match must give each group of the
// component, in the pattern's order, as having taken part (not undefined)
// with the value given, canonicalized. Where it would not, Generate
// refuses with Err [ErrAmbiguous], Input the text it would have written,
// and Detail naming the first group that would come back different:
// "/:a-:b" with a = "x-y" and b = "z" would write "/x-y-z", which matches
// as a = "x" and b = "y-z" (Offset 1, where the value of a starts); with
// a = "x" and b = "y-z" it writes "/x-y-z". A text that the URL Standard
// would read differently, such as a pathname value ".." that makes a dot
// segment, is refused the same way, with Offset where the two readings
// part. Generate allocates the text.
func (p *Pattern) Generate(c Component, groups map[string]string) (string, error) {
	if c >= numComponents {
		return "", &uri.Error{Op: uri.OpBuild, Input: c.String(), Offset: uri.NoOffset, Err: ErrGenerate, Detail: "no such component"}
	}
	comp := &p.comp[c]
	// fail refuses the part i, at its modifier or at its own text.
	fail := func(i int, modifier bool, detail string) (string, error) {
		at := partsAt(comp.parts, comp.opts)[i]
		off := at.text
		if modifier {
			off = at.modifier
		}
		return "", &uri.Error{Op: uri.OpBuild, Input: comp.pattern, Offset: off, Component: c.uriComponent(), Err: ErrGenerate, Detail: detail}
	}
	var b strings.Builder
	// The values as written, and where each starts in the text.
	values := make([]string, 0, len(comp.names))
	at := make([]int, 0, len(comp.names))
	for i, pt := range comp.parts {
		switch {
		case pt.modifier != modNone:
			return fail(i, true, "a part with the modifier "+pt.modifier.String())
		case pt.typ == partFixed:
			b.WriteString(pt.value)
			continue
		case pt.typ != partSegmentWildcard:
			return fail(i, false, "a wildcard or regular expression group")
		}
		v, ok := groups[pt.name]
		if !ok {
			return fail(i, false, "no value for the group "+pt.name)
		}
		enc, err := comp.enc(v)
		if err != nil {
			return fail(i, false, "the value of "+pt.name+" is not valid in the component: "+err.detail)
		}
		if enc == "" || comp.opts.delimiter != 0 && strings.IndexByte(enc, comp.opts.delimiter) >= 0 {
			return fail(i, false, "the group "+pt.name+" cannot match its value")
		}
		b.WriteString(pt.prefix)
		values, at = append(values, enc), append(at, b.Len())
		b.WriteString(enc)
		b.WriteString(pt.suffix)
	}
	s := b.String()
	if err := comp.matchBack(c, s, values, at); err != nil {
		return "", err
	}
	return s, nil
}

// matchBack returns the error of a text s that Generate wrote with the
// values given at the offsets at, if s does not match back to them: its
// canonical form, as a URL holds the component, must be s, and matching
// it must give each group its value. Since the text is the fixed text and
// the values in the order of the parts, a canonical form other than s
// cannot give every value back; it is told apart for its message.
func (comp *component) matchBack(c Component, s string, values []string, at []int) error {
	refuse := func(off int, detail string) error {
		return &uri.Error{Op: uri.OpBuild, Input: s, Offset: off, Component: c.uriComponent(), Err: ErrAmbiguous, Detail: detail}
	}
	canonical, cerr := comp.enc(s)
	switch {
	case cerr != nil:
		return refuse(cerr.off, "the text is not valid in the component: "+cerr.detail)
	case canonical != s:
		off := 0
		for off < len(s) && off < len(canonical) && s[off] == canonical[off] {
			off++
		}
		return refuse(off, "a URL would hold the text as "+strconv.Quote(canonical))
	}
	caps := make([]int, 2*len(values))
	if !comp.m.match(s, caps) {
		return refuse(uri.NoOffset, "the component does not match the text")
	}
	for i, v := range values {
		switch lo, hi := caps[2*i], caps[2*i+1]; {
		case lo < 0:
			return refuse(at[i], "the group "+comp.names[i]+" would not take part in the match")
		case s[lo:hi] != v:
			return refuse(at[i], "the group "+comp.names[i]+" would come back as "+strconv.Quote(s[lo:hi])+", not "+strconv.Quote(v))
		}
	}
	return nil
}
