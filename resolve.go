package uri

import (
	"slices"
	"strings"
	"unsafe"

	"github.com/gouri/uri/internal/abnf"
	"github.com/gouri/uri/internal/dotseg"
)

// This file implements RFC 3986, Section 5.2: resolving a reference against
// a base URI. relativize.go holds the inverse.
//
// Every form of resolution runs resolveTo, which reads Section 5.2.2 and
// picks the components of the result T; write then writes them into a byte
// slice as Section 5.3 recomposes them, with T.path merged (Section 5.2.3)
// and its dot segments removed in place there (Section 5.2.4,
// internal/dotseg). AppendResolve writes into the caller's
// slice; the other forms into a new slice that becomes the result's text,
// with offsets computed from the lengths of the parts. When T's text is a
// prefix of the base followed by a suffix of the reference, as for most
// references without dot segments, resolve_fast.go writes it in one piece.

// Resolve returns the target of the reference ref resolved against base by
// the strict algorithm of RFC 3986, Section 5.2, recomposed as Section 5.3
// says. Components are copied as written: nothing is decoded or case-folded,
// and "%2E" is not a dot. A path without an authority that would start with
// "//" gets "/." in front, so that the result parses back to the same
// components. A base without a scheme, which Section 5.1 does not allow, is
// used with Base.scheme undefined.
//
// Resolve allocates once, for the result's text, and not at all when the
// result is ref itself or base without its fragment. A result longer than
// 2,147,483,647 bytes gives the zero URI.
func (base URI) Resolve(ref URI) URI {
	var t URI
	base.resolveTo(nil, &ref.ref, true, &t.ref)
	return t
}

// ResolveNonStrict is like [URI.Resolve], but it first drops ref's scheme
// when it equals base's, ignoring case, as RFC 3986, Section 5.2.2 allows
// for backward compatibility only: "http:g" against "http://a/b/c/d;p?q"
// gives "http://a/b/c/g", where Resolve gives "http:g".
func (base URI) ResolveNonStrict(ref URI) URI {
	var t URI
	base.resolveTo(nil, &ref.ref, false, &t.ref)
	return t
}

// Resolve parses base as a URI (RFC 3986, Section 3) and ref as a
// URI-reference (Section 4.1), and returns the text of ref resolved against
// base as [URI.Resolve] resolves it, allocating as it does. The base's
// fragment is ignored. On error the result is "" and the error an *[Error]
// with Op [OpResolve] for the input at fault, base first, and Name "base"
// when it is the base: a base that is a valid relative reference gives
// ErrMissingScheme.
func Resolve(base, ref string) (string, error) { return resolveStrings(base, ref, true) }

// ResolveNonStrict is like [Resolve], but resolves as [URI.ResolveNonStrict]
// does, reading a reference with the base's scheme as a relative one (RFC
// 3986, Section 5.2.2, for backward compatibility only).
func ResolveNonStrict(base, ref string) (string, error) { return resolveStrings(base, ref, false) }

// AppendResolve appends the text of base.Resolve(ref) (RFC 3986, Section
// 5.2) to dst and returns the extended slice. It does not allocate when dst
// has spare capacity for the text of base and ref together and 3 bytes, a
// bound on what it writes; with less, dst grows once. When Resolve would
// return the zero URI, nothing is appended.
func AppendResolve(dst []byte, base, ref URI) []byte {
	return base.resolveTo(dst, &ref.ref, true, nil)
}

func resolveStrings(base, reference string, strict bool) (string, error) {
	// The references are locals filled in place, never copied whole (see
	// parseText).
	var b, r, t ref
	if err := b.parseBase(OpResolve, "base", base); err != nil {
		return "", err
	}
	if err := r.parseText(reference, grammar{}); err != nil {
		return "", withOp(OpResolve, err)
	}
	if len(base)+len(reference)+2 > maxLen {
		// The result could be too long for the offsets of a URI value.
		off := min(max(maxLen-len(base)-2, 0), len(reference))
		return "", &Error{Op: OpResolve, Input: reference, Offset: off, Err: ErrTooLong}
	}
	b.resolveTo(nil, &r, strict, &t)
	return t.s, nil
}

// parseBase parses s into u, which must be the zero value (see parseText),
// as a URI to resolve against, for the operation op; an error names the
// argument name (see Error.Name). It parses s once, as a URI-reference: one
// with a scheme is read as the URI rule reads it, errors included, and the
// rule's error for one without is where the scheme breaks off. A valid
// reference that lacks only the scheme is reported as ErrMissingScheme
// there, rather than as the byte that cannot continue a scheme, which would
// puzzle a reader of "a/b" as a base.
func (u *ref) parseBase(op Op, name, s string) error {
	err := u.parseText(s, grammar{})
	if err == nil && u.flags&fScheme != 0 {
		return nil
	}
	if j := abnf.SchemeLen(s); len(s) <= maxLen && (j == 0 || j == len(s) || s[j] != ':') {
		e := missingScheme(s, j)
		if err == nil {
			*u = ref{}
			e.Err = ErrMissingScheme
		}
		err = e
	}
	e, ok := err.(*Error)
	if !ok {
		return err
	}
	e.Op, e.Name = op, name
	return e
}

// resolveTo appends to dst the text of r resolved against base, strict or
// not, and returns the extended slice. dst grows once if it has no room for
// all the parts of T and 2 bytes of prefix. A result longer than maxLen
// appends nothing.
//
// With t not nil, dst must be nil: resolveTo then sets *t, which must be
// the zero value, to the result, with a text of its own unless the result
// is a prefix of base or r, and returns nil. The references go by pointer
// so that none is copied whole (see parseText).
func (base *ref) resolveTo(dst []byte, r *ref, strict bool, t *ref) []byte {
	rScheme := r.flags&fScheme != 0
	if rScheme && !strict && base.flags&fScheme != 0 && strings.EqualFold(r.s[:r.schemeEnd], base.s[:base.schemeEnd]) {
		rScheme = false // undefine(R.scheme)
	}
	// Section 5.2.2. Where T.path is R.path or Base.path, T is a prefix of
	// Base followed by a suffix of R (R itself, when it has a scheme), and
	// join writes it; so it is when the merged path needs no dot segment
	// removed and starts after Base's authority. The other cases have
	// T.path = remove_dot_segments(dir + path) (see mergePath for keep).
	if rScheme && !hasDotSegment(r.s[r.pathStart:r.pathEnd]) {
		return whole(dst, r, len(r.s), t)
	}
	rpath := r.s[r.pathStart:r.pathEnd]
	relative := !rScheme && r.flags&fAuthority == 0
	var dir, path string
	var keep int
	switch {
	case relative && rpath == "": // T.path = Base.path
		switch {
		case r.flags&(fQuery|fFragment) == 0:
			return whole(dst, base, int(base.queryEnd), t) // T is Base, less its fragment
		case r.flags&fQuery == 0:
			return join(dst, base, r, int(base.queryEnd), int(r.queryEnd), t) // T.query = Base.query
		}
		return join(dst, base, r, int(base.pathEnd), int(r.pathEnd), t)
	case relative && rpath[0] != '/':
		dir, path, keep = mergePath(base.mergeDir(), rpath)
		if keep < 0 && base.flags&fAuthority != 0 && base.pathEnd > base.pathStart {
			// dir is a prefix of Base.path, path a suffix of R.path, and
			// the authority spares the path a prefix.
			return join(dst, base, r, int(base.pathStart)+len(dir), int(r.pathEnd)-len(path), t)
		}
	case rScheme || hasDotSegment(rpath):
		dir, path, keep = mergePath("", rpath)
	case r.flags&fAuthority != 0:
		return join(dst, base, r, base.afterScheme(), r.afterScheme(), t)
	default: // an absolute path
		return join(dst, base, r, int(base.pathStart), int(r.pathStart), t)
	}
	// T.scheme is s's, T.authority a's, T.query and T.fragment R's.
	s, a := base, base
	if rScheme {
		s, a = r, r
	} else if !relative {
		a = r
	}
	return write(dst, s, a, r, dir, path, keep, t)
}

// write is Section 5.3 for T as resolveTo picks it, with T.path written
// where it goes and its dot segments removed there. Parts that are
// adjacent in an input are written as one. It appends to dst, or sets *t,
// as resolveTo says.
func write(dst []byte, s, a, r *ref, dir, path string, keep int, t *ref) []byte {
	scheme, auth := s.s[:s.afterScheme()], a.authorityText()
	query, frag := r.s[r.pathEnd:r.queryEnd], r.s[r.queryEnd:]
	start := len(dst)
	b := grow(dst, len(scheme)+len(auth)+len(dir)+len(path)+len(query)+len(frag)+2)
	if s == a {
		b = append(b, a.s[:a.pathStart]...) // scheme and authority, one piece
	} else {
		b = append(append(b, scheme...), auth...)
	}
	ps := len(b)
	b = append(append(b, dir...), path...)
	if keep >= 0 {
		d, _ := dotseg.Remove(b[ps:], keep, dotseg.Options{})
		b = b[:ps+len(d)]
	}
	if auth == "" {
		if pre := pathPrefix(b[ps:], scheme != "", false); pre != "" {
			b = append(b, pre...)
			copy(b[ps+len(pre):], b[ps:len(b)-len(pre)])
			copy(b[ps:], pre)
		}
	}
	pe := len(b)
	b = append(b, r.s[r.pathEnd:]...) // query and fragment, one piece
	if len(b)-start > maxLen {
		return dst
	}
	if t == nil {
		return b
	}
	// The text is b's memory, which nothing else refers to: one
	// allocation, as strings.Builder makes it. The bytes that dot segments
	// took stay allocated behind it.
	text := unsafe.String(unsafe.SliceData(b), len(b))
	t.setParts(text, a, len(scheme), auth != "", ps, pe, len(query), frag != "")
	return nil
}

// setParts sets t to the text of a result that resolveTo wrote: its scheme
// and ":" sc bytes long, its authority a's when it has one, its path from
// ps to pe, then a query of qlen bytes with its "?" and a fragment when it
// has them.
func (t *ref) setParts(text string, a *ref, sc int, auth bool, ps, pe, qlen int, frag bool) {
	var fl flags
	if sc > 0 {
		fl = fScheme
	}
	hs, he := int32(sc), int32(sc)
	if auth {
		shift := int32(sc) - int32(a.afterScheme())
		hs, he = a.hostStart+shift, a.hostEnd+shift
		fl |= a.flags & authFlags
	}
	if qlen > 0 {
		fl |= fQuery
	}
	if frag {
		fl |= fFragment
	}
	t.set(text, max(int32(sc)-1, 0), hs, he, int32(ps), int32(pe), int32(pe+qlen), fl)
}

// grow returns dst with room for n more bytes: a new slice of n bytes for
// a nil dst, as for a result of its own; otherwise dst, grown as append
// grows a slice if it has less room, so that appending to the same slice
// again and again takes linear time.
func grow(dst []byte, n int) []byte {
	if dst == nil {
		return make([]byte, 0, n)
	}
	return slices.Grow(dst, n)
}

// whole is resolveTo when T's text is w.s[:end], a prefix of an input.
func whole(dst []byte, w *ref, end int, t *ref) []byte {
	if t == nil {
		return append(dst, w.s[:end]...)
	}
	t.copyOf(w)
	if end < len(w.s) {
		t.s = w.s[:end]
		t.flags &^= fFragment
	}
	return nil
}

// mergePath returns T.path = remove_dot_segments(dir + rpath) as resolveTo
// writes it, where rpath is R.path and dir is what merge (Section 5.2.3)
// keeps of the base's path, or "": a directory and a path to write after
// it, and keep, where dotseg.Remove can start on them (the "/" before the
// first dot segment, or 0), or -1 when there is no dot segment to remove.
// When the directory is absolute and has no dot segments, the leading "./"
// and "../" of rpath only shorten it: they are applied here, so that
// neither is written.
func mergePath(dir, rpath string) (string, string, int) {
	if dir == "" {
		if rpath == "" || rpath[0] != '/' {
			if hasDotSegment(rpath) {
				return "", rpath, 0
			}
			return "", rpath, -1
		}
		dir, rpath = "/", rpath[1:] // the same path, with a clean directory
	}
	if dir[0] == '/' && !hasDotSegment(dir) {
		rpath, ups := leadingDots(rpath)
		dir = dir[:upFrom(dir, len(dir), ups)]
		if i := firstDotSegment(rpath); i >= 0 {
			return dir, rpath, len(dir) + i - 1
		}
		return dir, rpath, -1
	}
	if hasDotSegment(dir) || hasDotSegment(rpath) {
		return dir, rpath, 0
	}
	return dir, rpath, -1
}

// leadingDots returns rpath without its leading run of "./" and "../", and
// how many "../" the run has: remove_dot_segments (Section 5.2.4) applies
// each of them to the directory before rpath alone.
func leadingDots(rpath string) (rest string, ups int) {
	for {
		if strings.HasPrefix(rpath, "./") {
			rpath = rpath[2:]
		} else if strings.HasPrefix(rpath, "../") {
			rpath = rpath[3:]
			ups++
		} else {
			return rpath, ups
		}
	}
}

// upFrom returns where dir[:cut], a directory ending in "/", ends after
// ups more segments are removed from it, never above its root.
func upFrom(dir string, cut, ups int) int {
	for ; ups > 0 && cut > 1; ups-- {
		cut = strings.LastIndexByte(dir[:cut-1], '/') + 1
	}
	return cut
}

// mergeDir returns what RFC 3986, Section 5.2.3 keeps of the base's path
// when merging: "/" if the base has an authority and an empty path, else the
// path up to and including its last "/", or "" if it has none.
func (u *ref) mergeDir() string {
	p := u.s[u.pathStart:u.pathEnd]
	if p == "" && u.flags&fAuthority != 0 {
		return "/"
	}
	return p[:strings.LastIndexByte(p, '/')+1]
}

// hasDotSegment reports whether the path p has a segment "." or "..".
func hasDotSegment(p string) bool { return firstDotSegment(p) >= 0 }

// firstDotSegment returns the index of the first "." or ".." segment of the
// path p, or -1.
func firstDotSegment(p string) int {
	for i := 0; i < len(p); {
		j := strings.IndexByte(p[i:], '.')
		if j < 0 {
			return -1
		}
		j += i
		if j == 0 || p[j-1] == '/' {
			k := j + 1
			if k < len(p) && p[k] == '.' {
				k++
			}
			if k == len(p) || p[k] == '/' {
				return j
			}
		}
		i = j + 1
	}
	return -1
}

// copyOf sets u to a copy of v, field by field (see set).
func (u *ref) copyOf(v *ref) {
	u.set(v.s, v.schemeEnd, v.hostStart, v.hostEnd, v.pathStart, v.pathEnd, v.queryEnd, v.flags)
}

// set sets every field of u. Field by field, not *u = ref{...}: the compiler
// builds a composite literal on the stack and copies it in wide moves, which
// stall on store forwarding.
func (u *ref) set(s string, schemeEnd, hostStart, hostEnd, pathStart, pathEnd, queryEnd int32, fl flags) {
	u.s = s
	u.schemeEnd, u.hostStart, u.hostEnd = schemeEnd, hostStart, hostEnd
	u.pathStart, u.pathEnd, u.queryEnd = pathStart, pathEnd, queryEnd
	u.flags = fl
}
