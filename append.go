package uri

import (
	"slices"

	"github.com/gouri/uri/internal/dotseg"
)

// This file holds the forms of resolution and normalization that append
// their result to a byte slice, in the manner of strconv.AppendInt and
// netip.Addr.AppendTo, for programs that handle many URIs and reuse one
// buffer: they allocate nothing when the slice has room. Each runs the same
// code as its allocating form, which builds the same text in pieces or in
// a buffer before it makes a string of it; here the pieces are appended.

// AppendResolve appends the text of base.Resolve(ref) to dst and returns
// the extended slice: the target of the reference ref resolved against
// base by the strict algorithm of RFC 3986, Section 5.2, recomposed as
// Section 5.3 says. The text is byte for byte what [URI.Resolve] returns,
// the "/." or "./" prefix of a path that needs one included, and a base
// without a scheme is handled as there.
//
// AppendResolve does not allocate when dst has room for
// len(base.String())+len(ref.String())+3 more bytes: a bound on the result
// and on the space in dst where the dot segments of its path, however long,
// are removed in place (the 3 are for the "/" that merging may add and a
// prefix of two bytes). With less room the result is the same, and dst
// grows once when it must. If the result would be longer
// than 2,147,483,647 bytes, the limit of this package, nothing is appended,
// as Resolve returns the zero URI. To make a [URI] of the text, parse it.
func AppendResolve(dst []byte, base, ref URI) []byte {
	return appendResolved(dst, &base.ref, &ref.ref)
}

// appendResolved appends the target of r resolved against base (Section
// 5.2.2, strict) to dst. It takes the ways of resolve without its fast
// paths, which only save a buffer: the text of r or of base when it is the
// target as it is, and otherwise the parts of Section 5.2.2 assembled in
// dst, with the path's dot segments removed in place there, as resolve does
// in its stack buffer. It shares the rules with resolve (mergeDir,
// leadingDots and upFrom, dotseg.Remove, pathPrefix) but not resolve's
// code: called through one function, resolve's general way took about 4%
// more instructions, so the few lines that pick the parts are written here
// again, and FuzzAppend and the tests of append_test.go check that both give
// the same text.
func appendResolved(dst []byte, base, r *ref) []byte {
	refScheme := r.flags&fScheme != 0
	switch {
	case refScheme && !hasDotSegment(r.Path()):
		return append(dst, r.s...) // T is R
	case r.s == "":
		return append(dst, base.s[:base.queryEnd]...) // T is Base, less the fragment
	}
	// T.scheme, T.authority, T.query and T.fragment, and T.path =
	// remove_dot_segments(dir + rpath), or Base.path when R.path is empty.
	scheme, auth := "", base.authorityText()
	if refScheme {
		scheme = r.s[:r.schemeEnd+1]
	} else if base.flags&fScheme != 0 {
		scheme = base.s[:base.schemeEnd+1]
	}
	query, frag := r.s[r.pathEnd:r.queryEnd], r.s[r.queryEnd:]
	var dir, rpath string
	switch {
	case refScheme || r.flags&fAuthority != 0:
		auth, rpath = r.authorityText(), r.Path()
	case r.pathEnd == r.pathStart:
		if r.flags&fQuery == 0 {
			query = base.s[base.pathEnd:base.queryEnd]
		}
		path := base.Path()
		n := len(scheme) + len(auth) + len(path) + len(query) + len(frag)
		if n > maxLen {
			return dst // as Resolve returns the zero URI
		}
		return append(append(append(append(append(slices.Grow(dst, n), scheme...), auth...), path...), query...), frag...)
	default:
		rpath = r.Path()
		if rpath[0] != '/' {
			dir = base.mergeDir()
		}
	}
	// As in buildRemovingDots: a clean directory takes the leading "./" and
	// "../" of rpath, and remove_dot_segments starts at its last "/".
	keep := 0
	if dir == "" && rpath != "" && rpath[0] == '/' {
		dir, rpath = rpath[:1], rpath[1:]
	}
	if dir != "" && dir[0] == '/' && !hasDotSegment(dir) {
		var ups int
		rpath, ups = leadingDots(rpath)
		dir = dir[:upFrom(dir, len(dir), ups)]
		keep = len(dir) - 1
	}
	start := len(dst)
	b := slices.Grow(dst, len(scheme)+len(auth)+2+len(dir)+len(rpath)+len(query)+len(frag))
	b = append(append(b, scheme...), auth...)
	ps := len(b) + 2 // room for a prefix of two bytes before the path
	b = append(append(append(b, 0, 0), dir...), rpath...)
	path, _ := dotseg.Remove(b[ps:], keep, dotseg.Options{})
	pre := pathPrefix(path, scheme != "", auth != "")
	copy(b[ps-2:], pre)
	copy(b[ps-2+len(pre):], path)
	b = append(append(b[:ps-2+len(pre)+len(path)], query...), frag...)
	if len(b)-start > maxLen {
		return b[:start] // as Resolve returns the zero URI
	}
	return b
}
