package uri

import (
	"errors"
	"strings"
)

// This file implements RFC 3986, Section 5: resolving a reference against a
// base URI (Section 5.2), and the inverse, finding the shortest reference
// that resolves to a given URI.
//
// Resolution builds the result's text once. The scheme, the authority, the
// query and the fragment are copied as written from the base or the
// reference; only the path is computed. Three ways compute it:
//
//   - Most paths have no dot segments except a leading run of "./" and "../"
//     in the reference ("../g"). Then the result's path is a prefix of the
//     merged base directory followed by a suffix of the reference's path, and
//     both are written straight into the result.
//   - When only the reference has dot segments after its leading ones
//     ("g/./h/../i"), and the base has an authority, remove_dot_segments
//     runs on the reference's path alone, counting how far it climbs above
//     its start; the result's path is what that leaves of the base
//     directory followed by the reference's path without its dot segments.
//   - Any other path goes through remove_dot_segments (Section 5.2.4) in a
//     scratch buffer, in place, in one pass: the output never grows faster
//     than the input is read, and removing the last output segment only
//     rereads bytes that it deletes, so the work is linear in the path's
//     length. The buffer lives on the stack up to scratchSize bytes.

// scratchSize is the longest merged path that remove_dot_segments handles in
// a stack buffer. A longer path with dot segments costs a second allocation,
// for a scratch buffer of its length.
const scratchSize = 1024

// smallResult is the longest result that build assembles in a stack buffer
// before copying it into the result string; a longer one is written into a
// strings.Builder grown to its length. Either way the text is allocated once.
const smallResult = 256

// kindMask selects the HostKind bits of flags; authFlags all the bits that
// describe an authority, which a resolved URI copies from its source.
const (
	kindMask  = ^flags(0) &^ (1<<kindShift - 1)
	authFlags = fAuthority | fUserinfo | fPort | kindMask
)

// ErrDotSegment: [Relativize] was given a target whose path has a "." or
// ".." segment (RFC 3986, Section 3.3) and differs from the base's path.
// Resolution removes dot segments from every path that it computes (Section
// 5.2.4), so no reference resolves to such a target.
var ErrDotSegment = errors.New(`"." or ".." segment that no reference resolves to`)

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
	base.resolve(&t, &ref, true)
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
	base.resolve(&t, &ref, false)
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

func resolveStrings(base, ref string, strict bool) (string, error) {
	// The URIs are locals filled in place, never copied whole (see
	// parseText).
	var b, r, t URI
	if err := b.parseBase("resolve", base); err != nil {
		return "", err
	}
	if err := r.parseText(ref, ruleReference, false, false); err != nil {
		return "", withOp("resolve", err)
	}
	if len(base)+len(ref)+2 > maxLen {
		// The result could be too long for the offsets of a URI value.
		off := min(max(maxLen-len(base)-2, 0), len(ref))
		return "", &Error{Op: "resolve", Input: ref, Offset: off, Err: ErrTooLong}
	}
	b.resolve(&t, &r, strict)
	return t.s, nil
}

// parseBase parses s into u, which must be the zero URI (see parseText), as
// a URI to resolve against, for the operation op. A valid reference that
// lacks only the scheme is reported as ErrMissingScheme at the offset where
// ParseURI stops, rather than as the byte that cannot continue a scheme,
// which would puzzle a reader of "a/b" as a base.
func (u *URI) parseBase(op, s string) error {
	err := u.parseText(s, ruleURI, false, false)
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

// withOp returns err, an *Error from a parse, as an error of the operation op.
func withOp(op string, err error) error {
	e, ok := err.(*Error)
	if !ok {
		return err
	}
	c := *e
	c.Op = op
	return &c
}

// resolve is Section 5.2.2, strict or not. It writes the target into *t,
// which must be the zero URI: the URIs go by pointer so that none is copied
// whole (see parseText).
func (base *URI) resolve(t, ref *URI, strict bool) {
	refScheme := ref.flags&fScheme != 0
	if refScheme && !strict && base.flags&fScheme != 0 && strings.EqualFold(ref.Scheme(), base.Scheme()) {
		refScheme = false // undefine(R.scheme)
	}
	if refScheme && !hasDotSegment(ref.Path()) {
		t.copyOf(ref) // every component of T is R's, and remove_dot_segments changes nothing
		return
	}
	if ref.s == "" {
		t.copyOf(base) // T is Base, less the fragment
		t.s = t.s[:t.queryEnd]
		t.flags &^= fFragment
		return
	}
	join := notJoined // what joinDots(dir, rpath) gives, once known
	if !refScheme {
		join = base.resolveByJoining(t, ref)
		if join == joined {
			return
		}
	}

	var p parts
	if refScheme {
		p.scheme = ref.s[:ref.schemeEnd+1]
	} else if base.flags&fScheme != 0 {
		p.scheme = base.s[:base.schemeEnd+1]
	}
	var dir, rpath string // T.path = remove_dot_segments(dir + rpath)
	raw := false          // T.path = dir, as it is
	switch {
	case refScheme || ref.flags&fAuthority != 0:
		p.authSrc = ref
		rpath = ref.Path()
		p.query = ref.s[ref.pathEnd:ref.queryEnd]
	case ref.pathEnd == ref.pathStart:
		p.authSrc = base
		dir, raw = base.Path(), true
		p.query = base.s[base.pathEnd:base.queryEnd]
		if ref.flags&fQuery != 0 {
			p.query = ref.s[ref.pathEnd:ref.queryEnd]
		}
	default:
		p.authSrc = base
		rpath = ref.Path()
		if rpath[0] != '/' {
			dir = base.mergeDir()
		}
		p.query = ref.s[ref.pathEnd:ref.queryEnd]
	}
	p.auth = p.authSrc.authorityText()
	p.frag = ref.s[ref.queryEnd:]

	if raw {
		p.head = dir
		p.build(t)
		return
	}
	if dir == "" && rpath != "" && rpath[0] == '/' {
		// An absolute path: "/" + rest is the same string, and lets the
		// leading "../" of "/../g" count as dot segments after a directory.
		dir, rpath = rpath[:1], rpath[1:]
	}
	if join != dotsLeft {
		var head, tail string
		if head, tail, join = joinDots(dir, rpath); join == joined {
			p.head, p.tail = head, tail
			p.pre = prefixFor(head, tail, p.scheme != "", p.auth != "")
			p.build(t)
			return
		}
	}
	keep := 0 // remove_dot_segments can start here, dir's dot-free part
	if join == dotsLeft && dir != "" {
		keep = len(dir) - 1
	}
	if len(p.scheme)+len(p.auth)+len(dir)+len(rpath)+len(p.query)+len(p.frag)+2 <= smallResult {
		p.buildRemovingDots(t, dir, rpath, keep)
		return
	}
	var stack [scratchSize]byte
	buf := stack[:0]
	if n := len(dir) + len(rpath); n > len(stack) {
		buf = make([]byte, 0, n)
	}
	buf = append(append(buf, dir...), rpath...)
	p.mid, _ = removeDotSegmentsFrom(buf, keep)
	p.pre = pathPrefix(p.mid, p.scheme != "", p.auth != "")
	p.build(t)
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
//   - a relative-path reference "g" or "../../g": base up to what the
//     leading ".." segments leave of its directory, then the rest of ref.
//
// The text is then one concatenation, one allocation, and every offset is a
// shift of base's or ref's. Every other case is left to the general way: a
// dot segment anywhere else, a base without a scheme, a merge that adds a
// "/" of its own, or a path that needs a prefix. A relative path with dot
// segments after its leading ones is resolved by joinDotsInside when base
// has an authority; otherwise it says so, dotsLeft, so that the general
// way does not look for them again.
func (base *URI) resolveByJoining(t, ref *URI) joinResult {
	if base.flags&fScheme == 0 {
		return notJoined
	}
	rp := ref.Path()
	const (
		joinAuthority  = iota // ref's authority and all after it
		joinAfterPath         // base's path, then ref's query and fragment
		joinAfterQuery        // base's path and query, then ref's fragment
		joinPath              // base's authority, then a path that ends in ref's
	)
	var k, j, how int // the text is base.s[:k] + ref.s[j:]
	switch {
	case ref.flags&fAuthority != 0:
		if hasDotSegment(rp) {
			return notJoined
		}
		k, j, how = base.afterScheme(), ref.afterScheme(), joinAuthority
	case rp == "" && ref.flags&fQuery != 0:
		k, j, how = int(base.pathEnd), int(ref.pathEnd), joinAfterPath
	case rp == "":
		k, j, how = int(base.queryEnd), int(ref.queryEnd), joinAfterQuery
	case rp[0] == '/':
		if hasDotSegment(rp) {
			return notJoined
		}
		k, j, how = int(base.pathStart), int(ref.pathStart), joinPath
	default:
		if base.pathEnd == base.pathStart && base.flags&fAuthority != 0 {
			return notJoined // the merge writes a "/" that base's text lacks
		}
		bp := base.Path()
		dir := bp[:strings.LastIndexByte(bp, '/')+1]
		head, tail, res := joinDots(dir, rp)
		if res == dotsLeft && base.flags&fAuthority != 0 && base.joinDotsInside(t, ref, dir, rp) {
			return joined
		}
		if res != joined {
			return res
		}
		if prefixFor(head, tail, true, base.flags&fAuthority != 0) != "" {
			return notJoined
		}
		k, j, how = int(base.pathStart)+len(head), int(ref.pathEnd)-len(tail), joinPath
	}
	if k+len(ref.s)-j > maxLen {
		return notJoined
	}
	d := int32(k - j) // where ref's bytes move to
	// The offsets are worked out in locals and written once, by set.
	fl := fScheme | ref.flags&fFragment
	hs, he, ps := base.hostStart, base.hostEnd, base.pathStart
	if how == joinAuthority {
		hs, he, ps = ref.hostStart+d, ref.hostEnd+d, ref.pathStart+d
		fl |= ref.flags & authFlags
	} else {
		fl |= base.flags & authFlags
	}
	pe, qe := ref.pathEnd+d, ref.queryEnd+d
	switch how {
	case joinAfterQuery:
		pe, qe = base.pathEnd, base.queryEnd
		fl |= base.flags & fQuery
	case joinAfterPath:
		pe = base.pathEnd
		fl |= fQuery
	default:
		fl |= ref.flags & fQuery
	}
	t.set(base.s[:k]+ref.s[j:], base.schemeEnd, hs, he, ps, pe, qe, fl)
	return joined
}

// joinDotsInside is resolveByJoining for a relative-path reference whose
// path rp has dot segments after its leading ones, against a base with an
// authority whose directory dir has none. remove_dot_segments(dir + rp) is
// then dir, less the segments that rp's ".." segments climb above rp's
// start, followed by remove_dot_segments("/" + rp) worked out alone, in a
// stack buffer: dir is neither copied nor read again. It reports false,
// leaving the work to the general way, for an rp too long for the buffer or
// a result too long for a URI.
func (base *URI) joinDotsInside(t, ref *URI, dir, rp string) bool {
	var buf [smallResult]byte
	if len(rp) >= len(buf) {
		return false
	}
	b := append(append(buf[:0], '/'), rp...)
	out, lost := removeDotSegmentsFrom(b, 0)
	cut := len(dir) // dir[:cut] is what is left of dir, ending in "/"
	for ; lost > 0 && cut > 1; lost-- {
		cut = strings.LastIndexByte(dir[:cut-1], '/') + 1
	}
	// out starts with the "/" that ends dir[:cut].
	k := int(base.pathStart) + cut - 1
	rest := ref.s[ref.pathEnd:] // ref's query and fragment
	if k+len(out)+len(rest) > maxLen {
		return false
	}
	pe := int32(k + len(out))
	t.set(base.s[:k]+string(out)+rest, base.schemeEnd, base.hostStart, base.hostEnd, base.pathStart,
		pe, pe+ref.queryEnd-ref.pathEnd, fScheme|base.flags&authFlags|ref.flags&(fQuery|fFragment))
	return true
}

// joinResult is what resolveByJoining did.
type joinResult uint8

const (
	joined    joinResult = iota // it resolved the reference
	notJoined                   // the general way must
	dotsLeft                    // the general way must remove dot segments in full
)

// authorityText returns "//" and the authority as written, or "" when u has
// no authority.
func (u URI) authorityText() string {
	if u.flags&fAuthority == 0 {
		return ""
	}
	return u.s[u.afterScheme():u.pathStart]
}

// mergeDir returns what RFC 3986, Section 5.2.3 keeps of the base's path
// when merging: "/" if the base has an authority and an empty path, else the
// path up to and including its last "/", or "" if it has none.
func (u URI) mergeDir() string {
	p := u.Path()
	if p == "" && u.flags&fAuthority != 0 {
		return "/"
	}
	return p[:strings.LastIndexByte(p, '/')+1]
}

// parts are the pieces of a resolved URI's text, in order: the path is pre,
// head, tail and mid written one after the other.
type parts struct {
	scheme  string // the scheme and its ":", or ""
	auth    string // "//" and the authority, or ""
	authSrc *URI   // the URI that auth comes from
	pre     string // "/." or "./" when the path needs it to parse back, or ""
	head    string
	tail    string
	mid     []byte
	query   string // "?" and the query, or ""
	frag    string // "#" and the fragment, or ""
}

// build writes the parts into one new string and sets *t to the URI it
// holds (see uri).
func (p *parts) build(t *URI) {
	pathLen := len(p.pre) + len(p.head) + len(p.tail) + len(p.mid)
	n := len(p.scheme) + len(p.auth) + pathLen + len(p.query) + len(p.frag)
	if n > maxLen {
		return // *t stays the zero URI
	}
	var text string
	if n <= smallResult {
		// Assembled on the stack and copied once into the result.
		var buf [smallResult]byte
		t := append(buf[:0], p.scheme...)
		t = append(t, p.auth...)
		t = append(t, p.pre...)
		t = append(t, p.head...)
		t = append(t, p.tail...)
		t = append(t, p.mid...)
		t = append(t, p.query...)
		t = append(t, p.frag...)
		text = string(t)
	} else {
		var b strings.Builder
		b.Grow(n)
		b.WriteString(p.scheme)
		b.WriteString(p.auth)
		b.WriteString(p.pre)
		b.WriteString(p.head)
		b.WriteString(p.tail)
		b.Write(p.mid)
		b.WriteString(p.query)
		b.WriteString(p.frag)
		text = b.String()
	}

	p.uri(t, text, pathLen)
}

// buildRemovingDots is build for the path remove_dot_segments(dir + rpath),
// when the whole result fits in smallResult bytes with two to spare: the
// text is assembled in one stack buffer, the dot segments are removed in
// place there, from keep on (see removeDotSegmentsFrom), and the buffer is
// copied once into the result.
func (p *parts) buildRemovingDots(t *URI, dir, rpath string, keep int) {
	var buf [smallResult]byte
	b := append(buf[:0], p.scheme...)
	b = append(b, p.auth...)
	ps := len(b) + 2 // room for a prefix of two bytes before the path
	b = append(append(b[:ps], dir...), rpath...)
	path, _ := removeDotSegmentsFrom(b[ps:], keep)
	pre := pathPrefix(path, p.scheme != "", p.auth != "")
	// The path starts at ps-2, with its prefix or moved back over the room.
	copy(b[ps-2:], pre)
	copy(b[ps-2+len(pre):], path)
	pathLen := len(pre) + len(path)
	b = append(append(b[:ps-2+pathLen], p.query...), p.frag...)
	p.uri(t, string(b), pathLen)
}

// uri sets *t to the URI whose text is text, made of the parts with a path of
// pathLen bytes, and sets the offsets that Parse would find in it. Every
// offset comes from the lengths of the parts and, for the host, from the
// offsets in the URI the authority is copied from, so nothing is scanned
// again.
func (p *parts) uri(t *URI, text string, pathLen int) {
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
func (u *URI) copyOf(v *URI) {
	u.set(v.s, v.schemeEnd, v.hostStart, v.hostEnd, v.pathStart, v.pathEnd, v.queryEnd, v.flags)
}

// set sets every field of u. Field by field, not *u = URI{...}: the compiler
// builds a composite literal on the stack and copies it in wide moves, which
// stall on store forwarding.
func (u *URI) set(s string, schemeEnd, hostStart, hostEnd, pathStart, pathEnd, queryEnd int32, fl flags) {
	u.s = s
	u.schemeEnd, u.hostStart, u.hostEnd = schemeEnd, hostStart, hostEnd
	u.pathStart, u.pathEnd, u.queryEnd = pathStart, pathEnd, queryEnd
	u.flags = fl
}

// joinDots computes remove_dot_segments(dir + rpath) without copying, as
// head + tail, when dir (empty, or absolute and ending in "/") has no dot
// segments and rpath has none after a leading run of "./" and "../" and a
// final "." or "..". Each ".." then removes one segment of dir, never more
// than it has (Section 5.2.4, step 2C, at the root), and the rest of rpath
// follows what is left of dir; it reports joined. Otherwise it says why:
// notJoined when dir is not empty or absolute or has dot segments, dotsLeft
// when dir is fine and rpath has dot segments after its leading ones. After
// dotsLeft, remove_dot_segments(dir + rpath) can start at dir's last "/"
// (see removeDotSegmentsFrom).
func joinDots(dir, rpath string) (head, tail string, res joinResult) {
	if dir != "" && dir[0] != '/' || hasDotSegment(dir) {
		return "", "", notJoined
	}
	ups := 0
	for {
		if strings.HasPrefix(rpath, "./") {
			rpath = rpath[2:]
		} else if strings.HasPrefix(rpath, "../") {
			rpath = rpath[3:]
			ups++
		} else {
			break
		}
	}
	switch rpath {
	case ".":
		rpath = ""
	case "..":
		rpath = ""
		ups++
	}
	if hasDotSegment(rpath) {
		return "", "", dotsLeft
	}
	cut := len(dir)
	for ; ups > 0 && cut > 1; ups-- {
		cut = strings.LastIndexByte(dir[:cut-1], '/') + 1
	}
	return dir[:cut], rpath, joined
}

// removeDotSegments is remove_dot_segments of RFC 3986, Section 5.2.4,
// done in place: the input buffer is b[r:n], the output buffer b[:w], and
// w <= r throughout because no step writes more than it reads. It returns
// the output, a prefix of b.
func removeDotSegments(b []byte) []byte {
	out, _ := removeDotSegmentsFrom(b, 0)
	return out
}

// removeDotSegmentsFrom is removeDotSegments when b[:keep] is known to come
// out unchanged: keep is 0, or b[keep] is a "/" and b[:keep] is empty or
// starts with "/" and has no "." or ".." segment. Then every step over
// b[:keep] is E and moves a segment to the output as it is, so the work can
// start after them. It also returns how many times step C found no segment
// in the output to remove: how far the path climbs above its start.
func removeDotSegmentsFrom(b []byte, keep int) (out []byte, lost int) {
	r, w, n := keep, keep, len(b)
	// dotSeg returns the length, 1 or 2, of a "." or ".." segment at b[k:],
	// or 0.
	dotSeg := func(k int) int {
		if k < n && b[k] == '.' {
			if k+1 == n || b[k+1] == '/' {
				return 1
			}
			if b[k+1] == '.' && (k+2 == n || b[k+2] == '/') {
				return 2
			}
		}
		return 0
	}
	// Steps A and D can only apply at the start of the input, before any
	// "/": a relative path's leading "./" and "../", or a lone "." or "..".
	for r < n && b[r] != '/' {
		d := dotSeg(r)
		if d == 0 {
			break
		}
		r = min(r+d+1, n) // A: "./" or "../" removed; D: "." or ".." removed
	}
	for r < n {
		// The input begins with "/" here, except before the first segment
		// of a relative path, which step E moves as it is.
		if b[r] == '/' {
			switch dotSeg(r + 1) {
			case 1:
				// B: "/./" becomes "/", and a final "/." becomes "/".
				if r+2 == n {
					b[w] = '/'
					return b[:w+1], lost
				}
				r += 2
				continue
			case 2:
				// C: the same for "/../" and "/..", which also remove the
				// last segment of the output and its "/", if any.
				if w == 0 {
					lost++
				}
				w = popSegment(b, w)
				if r+3 == n {
					b[w] = '/'
					return b[:w+1], lost
				}
				r += 3
				continue
			}
		}
		// E: the first segment, with its "/" if any, moves to the output.
		e := r + 1
		for e < n && b[e] != '/' {
			e++
		}
		if w == r { // until a segment is removed, the output is the input
			w, r = e, e
			continue
		}
		if e-r <= 8 {
			for ; r < e; r++ {
				b[w] = b[r]
				w++
			}
		} else {
			w += copy(b[w:], b[r:e])
			r = e
		}
	}
	return b[:w], lost
}

// popSegment removes the last segment of the output b[:w] and the "/" before
// it, if any, and returns the new end of the output.
func popSegment(b []byte, w int) int {
	for w > 0 {
		w--
		if b[w] == '/' {
			break
		}
	}
	return w
}

func hasPrefix(b []byte, p string) bool { return len(b) >= len(p) && string(b[:len(p)]) == p }

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

// pathPrefix returns what must precede the path p so that the text parses
// back to the same components: "/." when there is no authority and p starts
// with "//", which would otherwise be read as one (STYLE's ruling, and RFC
// 3986, Section 3.3: such a path cannot be written without an authority);
// "./" when there is neither scheme nor authority and p's first segment
// contains ":", which would otherwise be read as a scheme (Section 4.2).
func pathPrefix[P string | []byte](p P, hasScheme, hasAuth bool) string {
	if hasAuth {
		return ""
	}
	if len(p) >= 2 && p[0] == '/' && p[1] == '/' {
		return "/."
	}
	if !hasScheme {
		for i := 0; i < len(p) && p[i] != '/'; i++ {
			if p[i] == ':' {
				return "./"
			}
		}
	}
	return ""
}

// prefixFor is pathPrefix for the path head + tail, where head is empty or
// starts with "/".
func prefixFor(head, tail string, hasScheme, hasAuth bool) string {
	switch {
	case head == "":
		return pathPrefix(tail, hasScheme, hasAuth)
	case head == "/" && !hasAuth && tail != "" && tail[0] == '/':
		return "/."
	}
	return pathPrefix(head, hasScheme, hasAuth)
}

// Relativize returns the shortest reference r such that base.Resolve(r) ==
// target, and true; it is the inverse of [URI.Resolve] (RFC 3986, Section
// 5.2). The reference depends on what target shares with base:
//
//   - the same path, with the query or fragment differing: an empty path,
//     as in "?y", "#s", or "" for base itself without its fragment;
//   - the same scheme and authority: a relative path, with "../" for each
//     segment of base's directory that target leaves, as in "../g", "." or
//     "./a:b" (Section 4.2: a first segment with ":" needs "./"), or an
//     absolute path such as "/g" when that is shorter;
//   - the same scheme and another authority: a network-path reference such
//     as "//g/x";
//   - otherwise target itself, an absolute reference.
//
// Each form keeps target's query and fragment. Among forms of equal length
// the earlier in this list wins. Schemes and authorities are compared as
// written, byte for byte, since resolution copies them as written: against
// "HTTP://a/", the shortest reference to "http://a/x" is "http://a/x". Use
// normalized URIs to compare them by meaning.
//
// Relativize returns the zero URI and false when no reference resolves to
// target: when base or target has no scheme, since resolution against a
// base URI (Section 5.1) always gives a URI, or when target's path has a "."
// or ".." segment, which resolution removes, unless target has base's
// scheme, authority and path (then an empty-path reference keeps base's
// path as it is). The "/." that [URI.Resolve] writes in front of a path
// starting with "//" when there is no authority is not such a segment. So
// for every URI target without dot segments, base.Resolve(r) == target.
//
// Relativize allocates at most once, for the result's text, and not at all
// when the result is a part of target's text, such as "#s", "g?y", "/g" or
// "//g/x"; and once more, for a scratch buffer, when base's path has dot
// segments and more than 1024 bytes before its last "/". Its time is linear
// in the length of base and target.
func (base URI) Relativize(target URI) (URI, bool) {
	if base.flags&fScheme == 0 || target.flags&fScheme == 0 {
		return URI{}, false
	}
	pT := target.Path()
	lp, lpStart := target.resolvedPath()
	clean := !hasDotSegment(lp)
	sameScheme := base.Scheme() == target.Scheme()
	sameAuth := sameScheme && base.authorityText() == target.authorityText()

	var best relCandidate
	found := false
	offer := func(c relCandidate) {
		if !found || c.size(target) < best.size(target) {
			best, found = c, true
		}
	}
	// An empty path: T.path = Base.path, and T.query = R.query if R has
	// one, else Base.query. Every other form writes a non-empty path before
	// the same query and fragment, so this one, when it works, is shortest.
	if sameAuth && base.Path() == pT {
		tq, bq := target.flags&fQuery != 0, base.flags&fQuery != 0
		switch {
		case tq && !(bq && base.Query() == target.Query()):
			return target.suffix(int(target.pathEnd)), true
		case tq || !bq:
			return target.suffix(int(target.queryEnd)), true
		}
	}
	if sameAuth && clean {
		dir := base.mergeDir()
		var c relCandidate
		var ok bool
		if !hasDotSegment(dir) {
			c, ok = relativeCandidate(dir, lp, lpStart)
		} else {
			// merge then remove_dot_segments treats the base's directory
			// as the directory it stands for: see relativeCandidate.
			var stack [scratchSize]byte
			buf := stack[:0]
			if len(dir) > len(stack) {
				buf = make([]byte, 0, len(dir))
			}
			c, ok = relativeCandidate(removeDotSegments(append(buf, dir...)), lp, lpStart)
		}
		if ok {
			offer(c)
		}
		if lp != "" && lp[0] == '/' {
			// An absolute path; one that starts with "//" needs "/." in
			// front so as not to be read as an authority, and has it
			// already when target has no authority.
			c := relCandidate{start: int(target.pathStart)}
			if target.flags&fAuthority != 0 && strings.HasPrefix(lp, "//") {
				c.pre = "/."
			}
			offer(c)
		}
	}
	if clean && sameScheme && target.flags&fAuthority != 0 {
		offer(relCandidate{start: target.afterScheme()}) // a network-path reference
	}
	if clean {
		offer(relCandidate{}) // target itself
	}
	if !found {
		return URI{}, false
	}
	if best.ups == 0 && best.pre == "" {
		return target.suffix(best.start), true
	}
	n := best.size(target)
	if n > maxLen {
		return URI{}, false
	}
	var b strings.Builder
	b.Grow(n)
	for i := 1; i <= best.ups; i++ {
		if i == best.ups && best.dotdot {
			b.WriteString("..")
		} else {
			b.WriteString("../")
		}
	}
	b.WriteString(best.pre)
	b.WriteString(target.s[best.start:])
	// The result is a relative-path or absolute-path reference: no scheme,
	// no authority, and target's query and fragment.
	shift := int32(n - (len(target.s) - best.start))
	u := URI{s: b.String(), flags: target.flags & (fQuery | fFragment)}
	u.pathEnd = target.pathEnd - int32(best.start) + shift
	u.queryEnd = target.queryEnd - int32(best.start) + shift
	return u, true
}

// Relativize parses base and target as URIs (RFC 3986, Section 3) and
// returns the text of base.Relativize(target) (see [URI.Relativize]): the
// shortest reference that resolves against base to target.
//
// Every error is an *[Error] with Op "relativize" whose Input is the string
// at fault, base checked first: a valid relative reference, which has no
// scheme, gives ErrMissingScheme; any other problem is reported as
// [ParseURI] reports it; and a target whose path has a dot segment that no
// reference can produce gives [ErrDotSegment] at that segment. On error the
// result is "".
func Relativize(base, target string) (string, error) {
	var b, t URI
	if err := b.parseBase("relativize", base); err != nil {
		return "", err
	}
	if err := t.parseBase("relativize", target); err != nil {
		return "", err
	}
	r, ok := b.Relativize(t)
	if !ok {
		lp, lpStart := t.resolvedPath()
		return "", &Error{Op: "relativize", Input: target, Offset: lpStart + max(firstDotSegment(lp), 0), Component: Path, Err: ErrDotSegment}
	}
	return r.s, nil
}

// resolvedPath returns u's path as resolution computes it, and where it
// starts in u's text: the path without the "/." that is written in front of
// a path starting with "//" when there is no authority.
func (u URI) resolvedPath() (string, int) {
	p, start := u.Path(), int(u.pathStart)
	if u.flags&fAuthority == 0 && strings.HasPrefix(p, "/.//") {
		return p[2:], start + 2
	}
	return p, start
}

// relCandidate is a reference to a target, written as ups times "../" (the
// last one as ".." without its "/" when dotdot is set), then pre, then the
// target's text from start on.
type relCandidate struct {
	ups    int
	dotdot bool
	pre    string
	start  int
}

func (c relCandidate) size(target URI) int {
	n := 3*c.ups + len(c.pre) + len(target.s) - c.start
	if c.dotdot {
		n--
	}
	return n
}

// relativeCandidate returns the shortest relative-path reference whose path
// R gives the path lp as remove_dot_segments(dir + R), where eff is
// remove_dot_segments(dir) and dir is the base's directory from merge
// (RFC 3986, Section 5.2.3): empty, or ending in "/". Both give the same
// result for every R, because remove_dot_segments reads dir + R from left to
// right and, once dir is read, holds eff as output (or eff less its last
// "/", with that "/" still to read). lpStart is where lp starts in the
// target's text.
//
// eff is a sequence of segments each followed by "/". R is k times "../"
// followed by the rest of lp after the longest run of whole segments that
// eff and lp share, where k counts the segments of eff after that run. When
// eff is a relative path, its first segment cannot be removed that way: the
// output would then begin with "/". It reports false when no relative-path
// reference gives lp.
func relativeCandidate[E string | []byte](eff E, lp string, lpStart int) (relCandidate, bool) {
	l := 0
	for l < len(eff) && l < len(lp) && eff[l] == lp[l] {
		l++
	}
	c := 0 // just after the last "/" of the shared part
	for i := l - 1; i >= 0; i-- {
		if eff[i] == '/' {
			c = i + 1
			break
		}
	}
	if len(eff) > 0 && c == 0 {
		// eff is rootless and its first segment must go, or eff is "/..."
		// and lp is not absolute.
		return relCandidate{}, false
	}
	k := 0
	for i := c; i < len(eff); i++ {
		if eff[i] == '/' {
			k++
		}
	}
	rest := lp[c:]
	cand := relCandidate{ups: k, start: lpStart + c}
	switch {
	case rest == "" && k > 0:
		cand.dotdot = true // "/b/c/" + ".." gives "/b/"
	case rest == "":
		cand.pre = "." // "/b/c/" + "." gives "/b/c/"
	case k == 0 && (rest[0] == '/' || firstSegmentHasColon(rest)):
		cand.pre = "./" // not an absolute path, not a scheme
	}
	return cand, true
}

// suffix returns the reference written as u.s[i:], where i is 0, the start
// of the hier-part (dropping the scheme), a position in the path from its
// start on, the end of the path or the end of the query. It shares u's text.
func (u URI) suffix(i int) URI {
	if i == 0 {
		return u
	}
	d := int32(i)
	at := func(x int32) int32 { return max(x-d, 0) }
	v := URI{s: u.s[i:], flags: u.flags &^ fScheme}
	v.hostStart, v.hostEnd, v.pathStart = at(u.hostStart), at(u.hostEnd), at(u.pathStart)
	v.pathEnd, v.queryEnd = at(u.pathEnd), at(u.queryEnd)
	if i > u.afterScheme() {
		v.flags &^= authFlags
	}
	if d > u.pathEnd {
		v.flags &^= fQuery
	}
	return v
}
