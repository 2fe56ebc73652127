package uri

import (
	"strings"

	"github.com/gouri/uri/internal/dotseg"
)

// This file implements RFC 3986, Section 5.2: resolving a reference against
// a base URI. relativize.go holds the inverse.
//
// Resolution builds the result's text once. The scheme, the authority, the
// query and the fragment are copied as written from the base or the
// reference; only the path is computed. Three ways compute it:
//
//   - Most paths have no dot segments except a leading run of "./" and "../"
//     in the reference ("../g"). Then the result's text is a prefix of the
//     base's text followed by a suffix of the reference's, one
//     concatenation (resolveByJoining).
//   - When only the reference has dot segments after its leading ones
//     ("g/./h/../i"), and the base has an authority, remove_dot_segments
//     runs on the reference's path alone, counting how far it climbs above
//     its start; the result's path is what that leaves of the base
//     directory followed by the reference's path without its dot segments
//     (joinDotsInside).
//   - Any other path goes through remove_dot_segments (Section 5.2.4,
//     internal/dotseg) in a buffer, in place, in one pass, after the base's
//     directory and the reference's path are written there. The buffer
//     lives on the stack up to scratchSize bytes.

// scratchSize is the longest merged path that remove_dot_segments handles in
// a stack buffer. A longer path with dot segments costs a second allocation,
// for a scratch buffer of its length.
const scratchSize = 1024

// smallResult is the longest result that is assembled whole in a stack
// buffer before it is copied into the result string; a longer one is written
// into a strings.Builder grown to its length. Either way the text is
// allocated once.
const smallResult = 256

// Resolve returns the target URI of the reference ref, resolved against the
// base URI base, by the strict algorithm of RFC 3986, Section 5.2.2, with the
// merge of Section 5.2.3 and the remove_dot_segments of Section 5.2.4, and
// recomposed as Section 5.3 says:
//
//	if defined(R.scheme) then
//	   T.scheme = R.scheme; T.authority = R.authority;
//	   T.path = remove_dot_segments(R.path); T.query = R.query;
//	else if defined(R.authority) then
//	   T.authority = R.authority;
//	   T.path = remove_dot_segments(R.path); T.query = R.query;
//	else if R.path == "" then
//	   T.path = Base.path;
//	   T.query = R.query if defined(R.query), else Base.query;
//	else
//	   T.path = remove_dot_segments(R.path) if R.path starts with "/",
//	            else remove_dot_segments(merge(Base.path, R.path));
//	   T.query = R.query;
//	T.authority = Base.authority and T.scheme = Base.scheme where not set above;
//	T.fragment = R.fragment.
//
// Components are copied as written: nothing is decoded or case-folded, and a
// percent-encoded dot ("%2E") is not a dot segment. Absent and empty stay
// distinct: "?" against "http://a/b?q" gives "http://a/b?", while "" gives
// "http://a/b?q". The base's fragment is never used. Because the algorithm
// copies Base.path unchanged when R.path is empty, dot segments in the base's
// path survive in that case only: "#f" against "http://a/b/../c" gives
// "http://a/b/../c#f".
//
// A result without an authority whose path would start with "//" is written
// with "/." in front of the path, so that its text does not parse as an
// authority: "a:" with ".///b" gives "a:/.//b", whose path is "/.//b" and
// means the same. The returned URI has exactly the components Parse gives
// for its text.
//
// The base should be a URI, with a scheme (Section 5.1); [Resolve], the
// function, rejects any other. This method cannot report an error, so for a
// base without a scheme it runs the same algorithm with Base.scheme
// undefined, and the result is a relative reference unless ref has a scheme;
// a result whose first path segment would then contain ":" gets "./" in
// front (Section 4.2). That keeps partial resolution useful: for a base that
// is a network-path or absolute-path reference without dot segments, such as
// "//h/a/b" or "/a/b", resolving the result against any URI S with a scheme gives what
// resolving ref against S.Resolve(base) gives. For a base with a relative
// path, ".." segments that climb above its first segment are lost.
//
// Resolve allocates at most once, for the result's text: not at all when the
// result is ref itself (ref has a scheme and no dot segments) or base without
// its fragment (ref is empty). It allocates a second time, a scratch buffer,
// only for a path of more than 1024 bytes (the base's directory and ref's
// path together) that needs remove_dot_segments done in full: one where the
// base's path has dot segments or is relative, or where ref's path has dot
// segments after its leading run of "./" and "../" and either base has no
// authority or ref's path is 256 bytes or longer. Its time and memory are
// linear in the length of base and ref. If the result would be longer than
// 2,147,483,647 bytes, Resolve returns the zero URI.
func (base URI) Resolve(ref URI) URI {
	var t URI
	base.resolve(&t.ref, &ref.ref, true)
	return t
}

// ResolveNonStrict is like [URI.Resolve], but it ignores ref's scheme when it
// equals base's scheme, compared without regard to case, and then resolves
// ref as a relative reference. RFC 3986, Section 5.2.2 allows this only for
// backward compatibility with parsers that predate RFC 2396:
//
//	-- A non-strict parser may ignore a scheme in the reference
//	-- if it is identical to the base URI's scheme.
//	if ((not strict) and (R.scheme == Base.scheme)) then
//	   undefine(R.scheme);
//	endif;
//
// So "http:g" against "http://a/b/c/d;p?q" gives "http://a/b/c/g", where
// Resolve gives "http:g". The scheme of the result is then written as the
// base has it. Use it only where such legacy references must be read.
func (base URI) ResolveNonStrict(ref URI) URI {
	var t URI
	base.resolve(&t.ref, &ref.ref, false)
	return t
}

// Resolve parses base as a URI (RFC 3986, Section 3) and ref as a
// URI-reference (Section 4.1), resolves ref against base as [URI.Resolve]
// does, and returns the result's text.
//
// The base must have a scheme (Section 5.1: a base URI must be absolute); it
// may have a fragment, which is ignored. Every error is an *[Error] with Op
// "resolve" whose Input is the string at fault, base checked first: a base
// that is a valid relative reference, such as "/a" or "//h/a", gives
// ErrMissingScheme; any other problem is reported as [ParseURI] (for base)
// or [Parse] (for ref) reports it. On error the result is "".
//
// Resolve allocates as [URI.Resolve] does, at most once for the result's
// text in all but the cases documented there, and more only when it fails.
func Resolve(base, ref string) (string, error) { return resolveStrings(base, ref, true) }

// ResolveNonStrict is like [Resolve], but resolves as [URI.ResolveNonStrict]
// does: a reference whose scheme equals the base's, ignoring case, is treated
// as relative, a legacy behaviour that RFC 3986, Section 5.2.2 allows for
// backward compatibility only.
func ResolveNonStrict(base, ref string) (string, error) { return resolveStrings(base, ref, false) }

func resolveStrings(base, reference string, strict bool) (string, error) {
	// The references are locals filled in place, never copied whole (see
	// parseText).
	var b, r, t ref
	if err := b.parseBase("resolve", base); err != nil {
		return "", err
	}
	if err := r.parseText(reference, grammar{}); err != nil {
		return "", withOp("resolve", err)
	}
	if len(base)+len(reference)+2 > maxLen {
		// The result could be too long for the offsets of a URI value.
		off := min(max(maxLen-len(base)-2, 0), len(reference))
		return "", &Error{Op: "resolve", Input: reference, Offset: off, Err: ErrTooLong}
	}
	b.resolve(&t, &r, strict)
	return t.s, nil
}

// parseBase parses s into u, which must be the zero value (see parseText),
// as a URI to resolve against, for the operation op. A valid reference that
// lacks only the scheme is reported as ErrMissingScheme at the offset where
// ParseURI stops, rather than as the byte that cannot continue a scheme,
// which would puzzle a reader of "a/b" as a base.
func (u *ref) parseBase(op, s string) error {
	err := u.parseText(s, grammar{rule: ruleURI})
	if err == nil {
		return nil
	}
	e, ok := err.(*Error)
	if !ok {
		return err
	}
	c := *e
	c.Op = op
	if _, perr := Parse(s); perr == nil {
		c.Component, c.Err = Scheme, ErrMissingScheme
	}
	return &c
}

// resolve is Section 5.2.2, strict or not. It writes the target into *t,
// which must be the zero value: the references go by pointer so that none
// is copied whole (see parseText).
func (base *ref) resolve(t, r *ref, strict bool) {
	refScheme := r.flags&fScheme != 0
	if refScheme && !strict && base.flags&fScheme != 0 && strings.EqualFold(r.Scheme(), base.Scheme()) {
		refScheme = false // undefine(R.scheme)
	}
	switch {
	case refScheme && !hasDotSegment(r.Path()):
		t.copyOf(r) // every component of T is R's, and remove_dot_segments changes nothing
		return
	case r.s == "":
		t.copyOf(base) // T is Base, less the fragment
		t.s = t.s[:t.queryEnd]
		t.flags &^= fFragment
		return
	case !refScheme && base.resolveByJoining(t, r):
		return
	}

	var p parts
	if refScheme {
		p.scheme = r.s[:r.schemeEnd+1]
	} else if base.flags&fScheme != 0 {
		p.scheme = base.s[:base.schemeEnd+1]
	}
	p.authSrc, p.query, p.frag = base, r.s[r.pathEnd:r.queryEnd], r.s[r.queryEnd:]
	var dir, rpath string // T.path = remove_dot_segments(dir + rpath)
	switch {
	case refScheme || r.flags&fAuthority != 0:
		p.authSrc, rpath = r, r.Path()
	case r.pathEnd == r.pathStart:
		// T.path = Base.path, as it is.
		if r.flags&fQuery == 0 {
			p.query = base.s[base.pathEnd:base.queryEnd]
		}
		p.auth = base.authorityText()
		p.build(t, base.Path())
		return
	default:
		rpath = r.Path()
		if rpath[0] != '/' {
			dir = base.mergeDir()
		}
	}
	p.auth = p.authSrc.authorityText()
	p.buildRemovingDots(t, dir, rpath)
}

// resolveByJoining resolves ref, which has no scheme (or one that the
// non-strict mode ignores), in the common cases where the target's text is a
// prefix of base's text followed by a suffix of ref's text, with no dot
// segment to remove on either side:
//
//   - a network-path reference "//g/x": base's scheme, then ref;
//   - a reference with an empty path, "?y" or "#s": base up to its path or
//     its query, then ref;
//   - an absolute-path reference "/g": base up to its path, then ref;
//   - a relative-path reference "g" or "../../g", against a base with an
//     authority and a path: base up to what the leading ".." segments leave
//     of its directory, then the rest of ref.
//
// The text is then one concatenation, one allocation, and every offset is a
// shift of base's or ref's. It reports false for every other case, which the
// general way resolves: a dot segment anywhere else (but see joinDotsInside),
// a base without a scheme, or a merge that adds a "/" of its own. A fast path
// that pays: for "../g" against "http://a/b/c/d;p?q" it takes a fifth fewer
// instructions than the general way (909 against 1,143, callgrind), which
// copies both parts into a buffer before it removes dot segments.
func (base *ref) resolveByJoining(t, r *ref) bool {
	if base.flags&fScheme == 0 {
		return false
	}
	rp := r.Path()
	const (
		joinAuthority  = iota // ref's authority and all after it
		joinAfterPath         // base's path, then ref's query and fragment
		joinAfterQuery        // base's path and query, then ref's fragment
		joinPath              // base's authority, then a path that ends in ref's
	)
	var k, j, how int // the text is base.s[:k] + r.s[j:]
	switch {
	case r.flags&fAuthority != 0:
		if hasDotSegment(rp) {
			return false
		}
		k, j, how = base.afterScheme(), r.afterScheme(), joinAuthority
	case rp == "" && r.flags&fQuery != 0:
		k, j, how = int(base.pathEnd), int(r.pathEnd), joinAfterPath
	case rp == "":
		k, j, how = int(base.queryEnd), int(r.queryEnd), joinAfterQuery
	case rp[0] == '/':
		if hasDotSegment(rp) {
			return false
		}
		k, j, how = int(base.pathStart), int(r.pathStart), joinPath
	case base.flags&fAuthority == 0 || base.pathEnd == base.pathStart:
		// Without an authority the result may need a prefix; with an empty
		// path the merge writes a "/" that base's text lacks.
		return false
	default:
		bp := base.Path()
		dir := bp[:strings.LastIndexByte(bp, '/')+1]
		head, tail, ok := joinDots(dir, rp)
		if !ok {
			return base.joinDotsInside(t, r, dir, rp)
		}
		k, j, how = int(base.pathStart)+len(head), int(r.pathEnd)-len(tail), joinPath
	}
	if k+len(r.s)-j > maxLen {
		return false
	}
	d := int32(k - j) // where ref's bytes move to
	// The offsets are worked out in locals and written once, by set.
	fl := fScheme | r.flags&fFragment
	hs, he, ps := base.hostStart, base.hostEnd, base.pathStart
	if how == joinAuthority {
		hs, he, ps = r.hostStart+d, r.hostEnd+d, r.pathStart+d
		fl |= r.flags & authFlags
	} else {
		fl |= base.flags & authFlags
	}
	pe, qe := r.pathEnd+d, r.queryEnd+d
	switch how {
	case joinAfterQuery:
		pe, qe = base.pathEnd, base.queryEnd
		fl |= base.flags & fQuery
	case joinAfterPath:
		pe = base.pathEnd
		fl |= fQuery
	default:
		fl |= r.flags & fQuery
	}
	t.set(base.s[:k]+r.s[j:], base.schemeEnd, hs, he, ps, pe, qe, fl)
	return true
}

// joinDots computes remove_dot_segments(dir + rpath) without copying, as
// head + tail, when dir (absolute and ending in "/") has no dot segments
// and rpath has none after a leading run of "./" and "../" and a final "."
// or "..". Each ".." then removes one segment of dir, never more than it has
// (Section 5.2.4, step 2C, at the root), and the rest of rpath follows what
// is left of dir. Otherwise it reports false.
func joinDots(dir, rpath string) (head, tail string, ok bool) {
	if hasDotSegment(dir) {
		return "", "", false
	}
	rpath, ups := leadingDots(rpath)
	switch rpath {
	case ".":
		rpath = ""
	case "..":
		rpath = ""
		ups++
	}
	if hasDotSegment(rpath) {
		return "", "", false
	}
	return dir[:upFrom(dir, len(dir), ups)], rpath, true
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

// joinDotsInside is resolveByJoining for a relative-path reference whose
// path rp has dot segments after its leading ones, against a base with an
// authority whose directory dir has none. remove_dot_segments(dir + rp) is
// then dir, less the segments that rp's ".." segments climb above rp's
// start, followed by remove_dot_segments("/" + rp) worked out alone, in a
// stack buffer: dir is neither copied nor read again. It reports false,
// leaving the work to the general way, for a dir with dot segments, an rp
// too long for the buffer or a result too long for a URI. It saves the work
// that resolveByJoining has done on rp, which the general way would do
// again: for "g/./h/../i" against the bases of the web sample, 7% fewer
// instructions than returning false here (callgrind), and no scratch buffer
// against a long base.
func (base *ref) joinDotsInside(t, r *ref, dir, rp string) bool {
	var buf [smallResult]byte
	if len(rp) >= len(buf) || hasDotSegment(dir) {
		return false
	}
	b := append(append(buf[:0], '/'), rp...)
	out, lost := dotseg.Remove(b, 0, dotseg.Options{})
	cut := upFrom(dir, len(dir), lost) // dir[:cut] is what is left of dir, ending in "/"
	// out starts with the "/" that ends dir[:cut].
	k := int(base.pathStart) + cut - 1
	rest := r.s[r.pathEnd:] // ref's query and fragment
	if k+len(out)+len(rest) > maxLen {
		return false
	}
	pe := int32(k + len(out))
	t.set(base.s[:k]+string(out)+rest, base.schemeEnd, base.hostStart, base.hostEnd, base.pathStart,
		pe, pe+r.queryEnd-r.pathEnd, fScheme|base.flags&authFlags|r.flags&(fQuery|fFragment))
	return true
}

// mergeDir returns what RFC 3986, Section 5.2.3 keeps of the base's path
// when merging: "/" if the base has an authority and an empty path, else the
// path up to and including its last "/", or "" if it has none.
func (u *ref) mergeDir() string {
	p := u.Path()
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

// parts are the pieces of a resolved URI's text, in order: the scheme, the
// authority, the path (written by build or buildRemovingDots), the query
// and the fragment.
type parts struct {
	scheme  string // the scheme and its ":", or ""
	auth    string // "//" and the authority, or ""
	authSrc *ref   // the reference that auth comes from
	query   string // "?" and the query, or ""
	frag    string // "#" and the fragment, or ""
}

// build writes the parts with the path path, which needs no prefix, into
// one new string and sets *t to the URI it holds.
func (p *parts) build(t *ref, path string) {
	n := len(p.scheme) + len(p.auth) + len(path) + len(p.query) + len(p.frag)
	if n > maxLen {
		return // *t stays the zero value
	}
	p.uri(t, p.scheme+p.auth+path+p.query+p.frag, len(path))
}

// buildRemovingDots writes the parts with the path
// remove_dot_segments(dir + rpath) and the prefix that pathPrefix gives it.
// A result of up to smallResult bytes is assembled in one stack buffer, the
// dot segments removed in place there, and the buffer copied once into the
// result; a longer one has its path worked out in a scratch buffer (on the
// stack up to scratchSize bytes) and is written into a strings.Builder.
func (p *parts) buildRemovingDots(t *ref, dir, rpath string) {
	keep := 0 // remove_dot_segments can start at dir's last "/" when dir is clean
	if dir == "" && rpath != "" && rpath[0] == '/' {
		dir, rpath = rpath[:1], rpath[1:] // the same path, with a clean directory
	}
	if dir != "" && dir[0] == '/' && !hasDotSegment(dir) {
		// The leading "./" and "../" of rpath only cut dir: they are
		// applied here, so that they are never copied.
		var ups int
		rpath, ups = leadingDots(rpath)
		dir = dir[:upFrom(dir, len(dir), ups)]
		keep = len(dir) - 1
	}
	hasScheme, hasAuth := p.scheme != "", p.auth != ""
	if len(p.scheme)+len(p.auth)+len(dir)+len(rpath)+len(p.query)+len(p.frag)+2 <= smallResult {
		var buf [smallResult]byte
		b := append(buf[:0], p.scheme...)
		b = append(b, p.auth...)
		ps := len(b) + 2 // room for a prefix of two bytes before the path
		b = append(append(b[:ps], dir...), rpath...)
		path, _ := dotseg.Remove(b[ps:], keep, dotseg.Options{})
		pre := pathPrefix(path, hasScheme, hasAuth)
		// The path starts at ps-2, with its prefix or moved back over the room.
		copy(b[ps-2:], pre)
		copy(b[ps-2+len(pre):], path)
		pathLen := len(pre) + len(path)
		b = append(append(b[:ps-2+pathLen], p.query...), p.frag...)
		p.uri(t, string(b), pathLen)
		return
	}
	var stack [scratchSize]byte
	buf := stack[:0]
	if n := len(dir) + len(rpath); n > len(stack) {
		buf = make([]byte, 0, n)
	}
	path, _ := dotseg.Remove(append(append(buf, dir...), rpath...), keep, dotseg.Options{})
	pre := pathPrefix(path, hasScheme, hasAuth)
	n := len(p.scheme) + len(p.auth) + len(pre) + len(path) + len(p.query) + len(p.frag)
	if n > maxLen {
		return // *t stays the zero value
	}
	var b strings.Builder
	b.Grow(n)
	b.WriteString(p.scheme)
	b.WriteString(p.auth)
	b.WriteString(pre)
	b.Write(path)
	b.WriteString(p.query)
	b.WriteString(p.frag)
	p.uri(t, b.String(), len(pre)+len(path))
}

// uri sets *t to the URI whose text is text, made of the parts with a path of
// pathLen bytes, and sets the offsets that Parse would find in it. Every
// offset comes from the lengths of the parts and, for the host, from the
// offsets in the reference the authority is copied from, so nothing is
// scanned again.
func (p *parts) uri(t *ref, text string, pathLen int) {
	a := int32(len(p.scheme))
	var fl flags
	if a > 0 {
		fl = fScheme
	}
	hs, he := a, a
	if p.auth != "" {
		shift := a - int32(p.authSrc.afterScheme())
		hs = p.authSrc.hostStart + shift
		he = p.authSrc.hostEnd + shift
		fl |= p.authSrc.flags & authFlags
	}
	ps := a + int32(len(p.auth))
	pe := ps + int32(pathLen)
	if p.query != "" {
		fl |= fQuery
	}
	if p.frag != "" {
		fl |= fFragment
	}
	t.set(text, max(a-1, 0), hs, he, ps, pe, pe+int32(len(p.query)), fl)
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
