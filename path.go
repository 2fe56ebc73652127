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
// that decode first would climb with it. Use [URI.Resolve] to navigate.
func (u URI) JoinPath(elem ...string) (URI, error) {
	if len(elem) == 0 {
		return u, nil
	}
	p := u.Path()
	own := strings.TrimSuffix(p, "/") // the elements replace the empty segment after a final "/"
	// A relative path without a segment of its own begins with the first
	// element; every other path gets a "/" before it.
	first := !u.HasAuthority() && !strings.HasPrefix(p, "/") && own == ""
	lit := &literal[EscapePathSegment]
	n := len(u.s) - len(p) + len(own) + 2 // the text's length, at most
	for i, e := range elem {
		detail := func() string { return "element " + strconv.Itoa(i+1) + " of " + strconv.Itoa(len(elem)) }
		if off := dotPiece(e); off >= 0 {
			return URI{}, &Error{Op: OpBuild, Input: e, Offset: off, Component: Path, Err: ErrDotSegment, Detail: detail()}
		}
		n += 1 + len(e)
		for k := 0; k < len(e); k++ {
			if !lit[e[k]] {
				n += 2
			}
		}
		if n > maxLen {
			return URI{}, &Error{Op: OpBuild, Input: e, Component: Path, Err: ErrTooLong, Detail: detail()}
		}
	}
	b := make([]byte, n-len(u.s)+len(p)) // room for the path, counted above
	w := copy(b, own)
	for i, e := range elem {
		if i > 0 || !first {
			b[w] = '/'
			w++
		}
		w += writeEscaped(b[w:], e, EscapePathSegment)
	}
	b = b[:w]
	pre := pathPrefix(b, u.HasScheme(), u.HasAuthority())
	if first && (len(b) == 0 || b[0] == '/') {
		// A relative path cannot begin with an empty segment ("" is the
		// empty reference, "/x" is rooted).
		pre = "./"
	}
	v, err := parse(u.s[:u.pathStart]+pre+string(b)+u.s[u.pathEnd:], ruleReference, true)
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
