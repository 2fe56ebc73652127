package uri

import (
	"iter"
	"strings"
)

// PathSegments returns an iterator over the segments of the path, decoded
// (RFC 3986, Section 3.3): the path is split at each "/", after one leading
// "/" is dropped, and each segment's pct-encodings are decoded, so "%2F"
// yields a "/" inside a segment, which is why segments are worth iterating
// rather than the decoded path. "+" is not a space in a path.
//
// The empty path has no segments; "/" has one empty segment; "/a/" yields
// "a" and "". Dot segments are yielded as they are: use Normalize or
// Resolve to remove them. A segment is allocated only when it has something
// to decode; otherwise it is a substring of u's text.
func (u URI) PathSegments() iter.Seq[string] {
	p := u.Path()
	return func(yield func(string) bool) {
		if p == "" {
			return
		}
		if p[0] == '/' {
			p = p[1:]
		}
		for {
			seg, rest, more := strings.Cut(p, "/")
			if !yield(decodePercent(seg)) || !more {
				return
			}
			p = rest
		}
	}
}

// decodePercent decodes the pct-encodings of s, which comes from a parsed
// URI and so has only well-formed ones.
func decodePercent(s string) string {
	pct, _, err := countPercent(s, EscapePath)
	if err != nil || pct == 0 {
		return s
	}
	return unescapeN(s, false, pct)
}

// JoinPath returns u with each element appended to its path as one segment,
// and its query and fragment kept. Each element is data: it is encoded with
// EscapePathSegment, so a "/" in it becomes "%2F" and never adds a segment
// (net/url's JoinPath splits at "/" instead). The elements go after the last
// "/" of the path: "/a/b" and "/a/b/" joined with "c" both give "/a/b/c", and
// a URI with an authority and an empty path gets "/c".
//
// An element that is exactly "." or ".." is a dot segment, and is applied as
// remove_dot_segments does (RFC 3986, Section 5.2.4): "." adds nothing, ".."
// removes the segment before it, which may be one of u's own; neither goes
// above the root. When the last element is a dot segment, the path ends with
// "/", as in Section 5.2.4 ("/a/b" joined with ".." is "/a/"). In a
// relative-path reference a ".." with no segment left to remove stays, since
// only a base can say what it means ("a" joined with "..", ".." is "../").
// The rest of u's path is kept as written, its own dot segments included.
//
// Like [Components.URI], JoinPath writes "./" in front of a relative path
// whose first segment has a ":" or is empty, and "/." in front of a path
// starting with "//" when there is no authority, so the result always parses
// back to the path built. It works on IRIs from [ParseIRI] too. It allocates
// the new text. With no elements it returns u.
func (u URI) JoinPath(elem ...string) URI {
	if len(elem) == 0 {
		return u
	}
	p := u.Path()
	rooted := u.HasAuthority() || strings.HasPrefix(p, "/")
	var segs []string
	if p != "" {
		segs = strings.Split(strings.TrimPrefix(p, "/"), "/")
	}
	// The elements replace the empty segment after a final "/".
	if n := len(segs); n > 0 && segs[n-1] == "" {
		segs = segs[:n-1]
	}
	trailing := false
	for _, e := range elem {
		trailing = e == "." || e == ".."
		switch {
		case e == ".":
		case e == "..":
			if n := len(segs); n > 0 && (rooted || segs[n-1] != "..") {
				segs = segs[:n-1]
			} else if !rooted {
				segs = append(segs, "..")
			}
		default:
			segs = append(segs, Escape(e, EscapePathSegment))
		}
	}
	if trailing {
		segs = append(segs, "")
	}
	path := strings.Join(segs, "/")
	switch {
	case rooted:
		path = "/" + path
		if !u.HasAuthority() && strings.HasPrefix(path, "//") {
			path = "/." + path
		}
	case len(segs) > 0 && segs[0] == "" || !u.HasScheme() && firstSegmentHasColon(path):
		// A relative path cannot begin with an empty segment ("" is the
		// empty reference, "/x" is rooted), nor with one that has a ":".
		path = "./" + path
	}
	v, err := parse(u.s[:u.pathStart]+path+u.s[u.pathEnd:], ruleReference, true, !isASCII(u.s))
	if err != nil {
		// Only an oversized result gets here: every element is encoded.
		return u
	}
	return v
}
