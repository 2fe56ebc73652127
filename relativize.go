package uri

import (
	"strings"

	"github.com/gouri/uri/internal/dotseg"
)

// This file finds, for a base URI and a target URI, the shortest reference
// that RFC 3986, Section 5.2 resolves against the base to the target: the
// inverse of resolution.

// scratchSize is the longest directory with dot segments that relativePath
// resolves in a stack buffer; a longer one costs a scratch buffer.
const scratchSize = 1024

// Relativize returns the shortest reference r such that base.Resolve(r) ==
// target, and true: the inverse of [URI.Resolve] (RFC 3986, Section 5.2), such
// as "g?y", "../g", "#s" or "//g/x", keeping target's query and fragment.
// The form depends on what target shares with base, and on a tie the
// earlier form wins:
//
//  1. the same path, the query or fragment differing: an empty path, as in
//     "?y", "#s", or "" for the base without its fragment;
//  2. the same scheme and authority: a relative path, with "../" for each
//     segment of the base's directory that the target leaves ("../g", ".",
//     or "./a:b", since a first segment with ":" needs "./", Section 4.2),
//     or an absolute path such as "/g" when that is shorter;
//  3. the same scheme and another authority: a network-path reference,
//     "//g/x";
//  4. otherwise the target itself.
//
// Schemes and authorities are compared as written, byte for byte, since
// resolution copies them as written: against "HTTP://a/", the shortest
// reference to "http://a/x" is "http://a/x"; normalize both first to compare
// them by meaning. There is no such reference, and Relativize returns the
// zero URI and false, when base or target has no scheme (resolution against
// a base URI always gives a URI, Section 5.1), or when target's path has a
// "." or ".." segment, which resolution removes, unless target has base's
// scheme, authority and path. The "/." that Resolve writes in front of a
// path that begins with "//" is not such a segment. base.Resolve(r) ==
// target holds for every target without dot segments. The result's text is
// allocated unless it is a part of target's ("#s", "g?y", "/g", "//g/x"),
// and a long base path with dot segments may cost a scratch buffer; the
// time is linear. The function [Relativize] parses both as URIs and reports
// the dot-segment case as [ErrDotSegment] at the segment.
func (base URI) Relativize(target URI) (URI, bool) {
	if base.flags&fScheme == 0 || target.flags&fScheme == 0 {
		return URI{}, false
	}
	sameScheme := base.Scheme() == target.Scheme()
	sameAuth := sameScheme && base.authorityText() == target.authorityText()
	// An empty path: T.path = Base.path, and T.query = R.query if R has
	// one, else Base.query. Every other form writes a non-empty path before
	// the same query and fragment, so this one, when it works, is shortest.
	if sameAuth && base.Path() == target.Path() {
		tq, bq := target.flags&fQuery != 0, base.flags&fQuery != 0
		switch {
		case tq && !(bq && base.Query() == target.Query()):
			return target.suffix(int(target.pathEnd)), true
		case tq || !bq:
			return target.suffix(int(target.queryEnd)), true
		}
	}
	lp, lpStart := target.resolvedPath()
	if hasDotSegment(lp) {
		return URI{}, false
	}
	// The forms in the order of the list above; on a tie, the earlier wins.
	var forms [4]relCandidate
	n := 0
	if sameAuth {
		if c, ok := base.relativePath(lp, lpStart); ok {
			forms[n], n = c, n+1
		}
		if lp != "" && lp[0] == '/' {
			// An absolute path; one that starts with "//" needs "/." in
			// front so as not to be read as an authority, and has it
			// already when target has no authority.
			forms[n] = relCandidate{start: int(target.pathStart)}
			if target.flags&fAuthority != 0 && strings.HasPrefix(lp, "//") {
				forms[n].pre = "/."
			}
			n++
		}
	}
	if sameScheme && target.flags&fAuthority != 0 {
		forms[n], n = relCandidate{start: target.afterScheme()}, n+1 // a network-path reference
	}
	forms[n], n = relCandidate{}, n+1 // target itself
	best := forms[0]
	for _, c := range forms[1:n] {
		if c.size(target) < best.size(target) {
			best = c
		}
	}
	return best.reference(target)
}

// relativePath returns the shortest relative-path reference from base to
// the path lp of a target with base's scheme and authority (see
// relativeCandidate), if there is one.
func (base URI) relativePath(lp string, lpStart int) (relCandidate, bool) {
	dir := base.mergeDir()
	if !hasDotSegment(dir) {
		return relativeCandidate(dir, lp, lpStart)
	}
	// merge then remove_dot_segments treats the base's directory as the
	// directory it stands for: see relativeCandidate.
	var stack [scratchSize]byte
	buf := stack[:0]
	if len(dir) > len(stack) {
		buf = make([]byte, 0, len(dir))
	}
	eff, _ := dotseg.Remove(append(buf, dir...), 0, dotseg.Options{})
	return relativeCandidate(eff, lp, lpStart)
}

// reference writes the reference that c stands for: a part of target's
// text, without allocating, when c adds nothing to it.
func (c relCandidate) reference(target URI) (URI, bool) {
	if c.ups == 0 && c.pre == "" {
		return target.suffix(c.start), true
	}
	n := c.size(target)
	if n > maxLen {
		return URI{}, false
	}
	var b strings.Builder
	b.Grow(n)
	for i := 1; i <= c.ups; i++ {
		if i == c.ups && c.dotdot {
			b.WriteString("..")
		} else {
			b.WriteString("../")
		}
	}
	b.WriteString(c.pre)
	b.WriteString(target.s[c.start:])
	// The result is a relative-path or absolute-path reference: no scheme,
	// no authority, and target's query and fragment.
	shift := int32(n - (len(target.s) - c.start))
	var u URI
	u.s, u.flags = b.String(), target.flags&(fQuery|fFragment)
	u.pathEnd = target.pathEnd - int32(c.start) + shift
	u.queryEnd = target.queryEnd - int32(c.start) + shift
	return u, true
}

// Relativize parses base and target as URIs (RFC 3986, Section 3) and returns
// the text of base.Relativize(target), the shortest reference that resolves
// against base to target. It stays beside the method because it says why no
// reference exists: its error is an *[Error] with Op [OpRelativize] and Input
// the string at fault, base first (with Name "base"), as [ParseURI] reports it, with
// [ErrMissingScheme] for a relative reference, or [ErrDotSegment] at a dot
// segment that no reference produces. On error the result is "".
func Relativize(base, target string) (string, error) {
	var b, t URI
	if err := b.parseBase(OpRelativize, "base", base); err != nil {
		return "", err
	}
	if err := t.parseBase(OpRelativize, "", target); err != nil {
		return "", err
	}
	r, ok := b.Relativize(t)
	if !ok {
		lp, lpStart := t.resolvedPath()
		return "", &Error{Op: OpRelativize, Input: target, Offset: lpStart + max(firstDotSegment(lp), 0), Component: Path, Err: ErrDotSegment,
			Detail: "no reference resolves to it"}
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
	var v URI
	v.s, v.flags = u.s[i:], u.flags&^fScheme
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
