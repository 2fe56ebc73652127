package uri

import (
	"bytes"
	"iter"
	"strings"

	"github.com/gouri/uri/internal/abnf"
	"github.com/gouri/uri/internal/dotseg"
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
func decodePercent(s string) string { return abnf.Decode(s, false) }

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
// back to the path built. It allocates the new text. With no elements it
// returns u.
func (u URI) JoinPath(elem ...string) URI {
	if len(elem) == 0 {
		return u
	}
	p := u.Path()
	rooted := u.HasAuthority() || strings.HasPrefix(p, "/")
	own := strings.TrimSuffix(p, "/") // the elements replace the empty segment after a final "/"
	n := len(own) + 2
	for _, e := range elem {
		n += 1 + 3*len(e)
	}
	b := make([]byte, 0, n)
	if !rooted && own == "" {
		// Without a segment of its own, a relative path begins with the
		// first element, which "./" keeps from being read as anything else;
		// remove_dot_segments removes the "./" again.
		b = append(b, '.')
	}
	b = append(b, own...)
	keep := len(b)
	if !rooted && own == "" {
		keep = 0
	}
	for _, e := range elem {
		b = append(b, '/')
		if e == "." || e == ".." {
			b = append(b, e...)
		} else {
			b = append(b, Escape(e, EscapePathSegment)...)
		}
	}
	path, _ := dotseg.Remove(b, keep, dotseg.Options{KeepUp: !rooted})
	if last := elem[len(elem)-1]; (last == "." || last == "..") && len(path) > 0 && !bytes.HasSuffix(path, []byte("/")) {
		path = append(path, '/') // a final ".." that stays ("a" with "..", "..") still ends with "/"
	}
	pre := pathPrefix(path, u.HasScheme(), u.HasAuthority())
	if !rooted && (len(path) == 0 || path[0] == '/') {
		// A relative path cannot begin with an empty segment ("" is the
		// empty reference, "/x" is rooted).
		pre = "./"
	}
	v, err := parse(u.s[:u.pathStart]+pre+string(path)+u.s[u.pathEnd:], ruleReference, true)
	if err != nil {
		// Only an oversized result gets here: every element is encoded.
		return u
	}
	return v
}
