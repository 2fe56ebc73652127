package uri

import (
	"iter"
	"strconv"
	"strings"

	"github.com/gouri/uri/internal/abnf"
)

// PathSegments returns an iterator over the segments of the path (RFC 3986,
// Section 3.3), each decoded: "/a%2Fb/c" yields "a/b" and "c", the "/" of "%2F"
// kept inside its segment. The empty path yields nothing, "/" one empty
// segment, "/a/" "a" and "". "+" is not a space, and dot segments are yielded
// as they are. A segment allocates only when it has something to decode.
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

// JoinPath returns u with each element appended to its path as one segment of
// data (RFC 3986, Section 3.3), encoded with [EscapePathSegment] ("a/b" gives
// "a%2Fb") after the last "/" of u's path; the query and fragment stay. Data
// never navigates: an element with a piece that is "." or "..", split at "/"
// or "\" once decoded ("..", "%2E%2e", "../x", "..%2Fx"), is an *[Error] with
// Op [OpBuild], Err [ErrDotSegment] and the element as Input, since servers
// that decode first would climb with it. Use [URI.Resolve] to navigate. It
// allocates the new text once.
func (u URI) JoinPath(elem ...string) (URI, error) {
	if len(elem) == 0 {
		return u, nil
	}
	p := u.Path()
	own := strings.TrimSuffix(p, "/") // the elements replace the empty segment after a final "/"
	// A relative path without a segment of its own begins with the first
	// element; every other path gets a "/" before it.
	rooted := u.HasAuthority() || strings.HasPrefix(p, "/") || own != ""
	return u.withSegments(own, rooted, elem)
}

// WithSegments returns u with its path made of segs, each one segment of
// data encoded as [URI.JoinPath] encodes it, with the same rule: an element
// that would be a dot segment once decoded is an [ErrDotSegment] error. The
// path is absolute ("/a/b") when u has an authority or an absolute path, and
// rootless ("a/b") otherwise; no segments give the empty path. The query and
// fragment stay. [URI.PathSegments] reads the segments back. It allocates the
// new text once.
func (u URI) WithSegments(segs ...string) (URI, error) {
	return u.withSegments("", u.HasAuthority() || strings.HasPrefix(u.Path(), "/"), segs)
}

// WithoutLastSegment returns u with the last segment of its path removed, with
// the "/" before it: "/a/b" becomes "/a", "/a/" becomes "/a", and "/a" and
// "a" the empty path (RFC 3986, Section 3.3). Nothing is decoded or
// resolved. It returns u itself when the path is empty, and otherwise
// allocates the new text once.
func (u URI) WithoutLastSegment() URI {
	p := u.Path()
	if p == "" {
		return u
	}
	cut := max(strings.LastIndexByte(p, '/'), 0)
	v := u
	v.s = u.s[:int(u.pathStart)+cut] + u.s[u.pathEnd:]
	d := int32(cut - len(p))
	v.pathEnd += d
	v.queryEnd += d
	return v
}

// withSegments returns u with its path set to own, an encoded path kept as it
// is, followed by each of segs encoded, a "/" before each one but the first
// when rooted is false.
func (u URI) withSegments(own string, rooted bool, segs []string) (URI, error) {
	n := len(own)
	for i, e := range segs {
		detail := func() string { return "element " + strconv.Itoa(i+1) + " of " + strconv.Itoa(len(segs)) }
		if off := dotPiece(e); off >= 0 {
			return URI{}, &Error{Op: OpBuild, Input: e, Offset: off, Component: Path, Err: ErrDotSegment, Detail: detail()}
		}
		n += 1 + escapedLen(e, EscapePathSegment)
		if n > maxLen {
			return URI{}, &Error{Op: OpBuild, Input: e, Component: Path, Err: ErrTooLong, Detail: detail()}
		}
	}
	// The prefixes of Components.URI, for a path without an authority
	// (Section 3.3 and 4.2).
	pre := ""
	if !u.HasAuthority() && own == "" && len(segs) > 0 {
		switch {
		case rooted && segs[0] == "" && len(segs) > 1:
			pre = "/." // "//" would begin an authority
		case !rooted && segs[0] == "":
			pre = "./" // "" is the empty reference, "/x" is rooted
		case !rooted && !u.HasScheme() && strings.IndexByte(segs[0], ':') >= 0:
			pre = "./" // "a:b" would begin with a scheme
		}
	}
	head, tail := u.s[:u.pathStart], u.s[u.pathEnd:]
	if n += len(head) + len(pre) + len(tail); n > maxLen {
		return URI{}, &Error{Op: OpBuild, Input: u.s, Component: Path, Err: ErrTooLong}
	}
	b := make([]byte, n) // n counts a "/" for each element, at most one too many
	w := copy(b, head)
	w += copy(b[w:], pre)
	w += copy(b[w:], own)
	for i, e := range segs {
		if i > 0 || rooted {
			b[w] = '/'
			w++
		}
		w += writeEscaped(b[w:], e, EscapePathSegment)
	}
	w += copy(b[w:], tail)
	v, err := parse(abnf.String(b[:w]), ruleReference, true)
	if err != nil {
		return URI{}, withOp(OpBuild, err) // not reached: every element is encoded
	}
	return v, nil
}

// dotPiece returns the offset in e of the first piece that makes e an error
// for JoinPath, or -1: a piece between separators, "/" or "\" (a separator
// on Windows servers), that is "." or "..", once each valid "%HH" of e is
// decoded.
func dotPiece(e string) int {
	start, dots := 0, 0 // where the piece starts in e; its dots so far, or -1
	for i := 0; i <= len(e); {
		c, size := byte('/'), 1 // the end of e ends the last piece
		if i < len(e) {
			c = e[i]
			if c == '%' && i+2 < len(e) && abnf.IsHex(e[i+1]) && abnf.IsHex(e[i+2]) {
				c, size = abnf.Unhex(e[i+1])<<4|abnf.Unhex(e[i+2]), 3
			}
		}
		switch {
		case c == '/' || c == '\\':
			if dots == 1 || dots == 2 {
				return start
			}
			start, dots = i+size, 0
		case c == '.' && dots >= 0:
			dots++
		default:
			dots = -1
		}
		i += size
	}
	return -1
}
