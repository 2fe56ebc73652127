package uri

import (
	"math/rand/v2"
	"strings"

	"github.com/gouri/uri/internal/oracle"
)

// This file holds the slow reference for resolution: RFC 3986, Sections
// 5.2.1 to 5.2.4 and 5.3 transcribed step by step with string buffers, and
// generators of base and reference pairs that exercise it. The reference
// splits its inputs with the regular expression of Appendix B, not with the
// parser, so that it shares no code with what it checks.

// refParts are the five components of Section 5.2.1, each with whether it
// is defined.
type refParts struct {
	scheme, authority, path, query, fragment       string
	hasScheme, hasAuthority, hasQuery, hasFragment bool
}

// splitRef is Section 5.2.1: parse a reference into its five components,
// with the regular expression of Appendix B. It is only used on valid
// references, where that expression splits as the grammar does.
func splitRef(s string) refParts {
	m := appendixB.FindStringSubmatchIndex(s)
	get := func(g int) (string, bool) {
		if m[2*g] < 0 {
			return "", false
		}
		return s[m[2*g]:m[2*g+1]], true
	}
	var p refParts
	p.scheme, p.hasScheme = get(2)
	p.authority, p.hasAuthority = get(4)
	p.path, _ = get(5)
	p.query, p.hasQuery = get(7)
	p.fragment, p.hasFragment = get(9)
	return p
}

// slowResolve is the pseudocode of Section 5.2.2, line by line, followed by
// the recomposition of Section 5.3. With strict false it runs the
// "non-strict" variant of the same section, comparing schemes without
// regard to case since Section 3.1 makes them case-insensitive.
func slowResolve(base, ref string, strict bool) string {
	Base, R := splitRef(base), splitRef(ref)
	var T refParts

	// -- A non-strict parser may ignore a scheme in the reference
	// -- if it is identical to the base URI's scheme.
	if !strict && R.hasScheme && Base.hasScheme && strings.EqualFold(R.scheme, Base.scheme) {
		R.scheme, R.hasScheme = "", false
	}

	if R.hasScheme {
		T.scheme, T.hasScheme = R.scheme, true
		T.authority, T.hasAuthority = R.authority, R.hasAuthority
		T.path = slowRemoveDotSegments(R.path)
		T.query, T.hasQuery = R.query, R.hasQuery
	} else {
		if R.hasAuthority {
			T.authority, T.hasAuthority = R.authority, true
			T.path = slowRemoveDotSegments(R.path)
			T.query, T.hasQuery = R.query, R.hasQuery
		} else {
			if R.path == "" {
				T.path = Base.path
				if R.hasQuery {
					T.query, T.hasQuery = R.query, true
				} else {
					T.query, T.hasQuery = Base.query, Base.hasQuery
				}
			} else {
				if strings.HasPrefix(R.path, "/") {
					T.path = slowRemoveDotSegments(R.path)
				} else {
					T.path = slowMerge(Base, R.path)
					T.path = slowRemoveDotSegments(T.path)
				}
				T.query, T.hasQuery = R.query, R.hasQuery
			}
			T.authority, T.hasAuthority = Base.authority, Base.hasAuthority
		}
		T.scheme, T.hasScheme = Base.scheme, Base.hasScheme
	}
	T.fragment, T.hasFragment = R.fragment, R.hasFragment
	return slowRecompose(T)
}

// slowMerge is Section 5.2.3.
func slowMerge(Base refParts, rpath string) string {
	// If the base URI has a defined authority component and an empty
	// path, then return a string consisting of "/" concatenated with the
	// reference's path;
	if Base.hasAuthority && Base.path == "" {
		return "/" + rpath
	}
	// otherwise, return a string consisting of the reference's path
	// component appended to all but the last segment of the base URI's
	// path (i.e., excluding any characters after the right-most "/" in
	// the base URI path, or excluding the entire base URI path if it does
	// not contain any "/" characters).
	i := strings.LastIndex(Base.path, "/")
	if i < 0 {
		return rpath
	}
	return Base.path[:i+1] + rpath
}

// slowRemoveDotSegments is Section 5.2.4, with the input and output buffers
// as strings and the steps in the RFC's order.
func slowRemoveDotSegments(path string) string {
	// 1. The input buffer is initialized with the now-appended path
	// components and the output buffer is initialized to the empty string.
	input, output := path, ""
	// 2. While the input buffer is not empty, loop as follows:
	for input != "" {
		switch {
		// A. If the input buffer begins with a prefix of "../" or "./",
		// then remove that prefix from the input buffer; otherwise,
		case strings.HasPrefix(input, "../"):
			input = strings.TrimPrefix(input, "../")
		case strings.HasPrefix(input, "./"):
			input = strings.TrimPrefix(input, "./")
		// B. if the input buffer begins with a prefix of "/./" or "/.",
		// where "." is a complete path segment, then replace that prefix
		// with "/" in the input buffer; otherwise,
		case strings.HasPrefix(input, "/./"):
			input = "/" + strings.TrimPrefix(input, "/./")
		case input == "/.":
			input = "/"
		// C. if the input buffer begins with a prefix of "/../" or "/..",
		// where ".." is a complete path segment, then replace that prefix
		// with "/" in the input buffer and remove the last segment and its
		// preceding "/" (if any) from the output buffer; otherwise,
		case strings.HasPrefix(input, "/../"):
			input = "/" + strings.TrimPrefix(input, "/../")
			output = slowRemoveLastSegment(output)
		case input == "/..":
			input = "/"
			output = slowRemoveLastSegment(output)
		// D. if the input buffer consists only of "." or "..", then
		// remove that from the input buffer; otherwise,
		case input == "." || input == "..":
			input = ""
		// E. move the first path segment in the input buffer to the end of
		// the output buffer, including the initial "/" character (if any)
		// and any subsequent characters up to, but not including, the next
		// "/"; the next "/" is not moved.
		default:
			start := 0
			if input[0] == '/' {
				start = 1
			}
			end := len(input)
			if i := strings.Index(input[start:], "/"); i >= 0 {
				end = start + i
			}
			output += input[:end]
			input = input[end:]
		}
	}
	// 3. Finally, the output buffer is returned as the result of
	// remove_dot_segments.
	return output
}

func slowRemoveLastSegment(output string) string {
	i := strings.LastIndex(output, "/")
	if i < 0 {
		return ""
	}
	return output[:i]
}

// slowRecompose is Section 5.3, with this package's two rules for a path
// that its text would otherwise misrepresent: "/." before a path starting
// with "//" when there is no authority (STYLE, Section 10), and "./" before
// a first segment with ":" when there is neither scheme nor authority
// (Section 4.2; only a base without a scheme leads there).
func slowRecompose(T refParts) string {
	result := ""
	if T.hasScheme {
		result += T.scheme + ":"
	}
	if T.hasAuthority {
		result += "//" + T.authority
	}
	path := T.path
	if !T.hasAuthority && strings.HasPrefix(path, "//") {
		path = "/." + path
	}
	if !T.hasScheme && !T.hasAuthority && strings.Contains(strings.SplitN(path, "/", 2)[0], ":") {
		path = "./" + path
	}
	result += path
	if T.hasQuery {
		result += "?" + T.query
	}
	if T.hasFragment {
		result += "#" + T.fragment
	}
	return result
}

// Generators. Paths are made of segments that stress remove_dot_segments:
// dot segments, empty segments, near misses such as "..a" and "%2E", and
// segments with ":" or ";".
var (
	genSegments   = []string{"", ".", "..", "a", "b", "c", "g", "..a", ".b", "...", "%2E", "%2e%2E", "c:d", "g;x=1", "@", "~"}
	genSchemes    = []string{"http", "a", "HTTP", "urn", "z+.-9"}
	genAuthority  = []string{"a", "", "u@h:8", "[::1]", "192.0.2.1", "H", "[v7.x]", "u:p@a:"}
	genQueryParts = []string{"", "q", "y=1", "./..", "a/../b", "?", "%2F"}
)

// genDotPath returns up to max segments joined by "/".
func genDotPath(r *rand.Rand, max int) string {
	var b strings.Builder
	for n := r.IntN(max + 1); n > 0; n-- {
		if b.Len() > 0 || r.IntN(4) == 0 {
			b.WriteByte('/')
		}
		b.WriteString(oracle.Pick(r, genSegments...))
	}
	return b.String()
}

// genQueryFragment appends, at random, a query and a fragment, present and
// empty, present and not, or absent.
func genQueryFragment(r *rand.Rand, s string) string {
	if r.IntN(3) == 0 {
		s += "?" + oracle.Pick(r, genQueryParts...)
	}
	if r.IntN(3) == 0 {
		s += "#" + oracle.Pick(r, genQueryParts...)
	}
	return s
}

// genResolveBase returns a URI to resolve against: every kind of hier-part,
// often with dot segments, sometimes with a fragment. Not all are valid; the
// callers skip those that do not parse.
func genResolveBase(r *rand.Rand) string {
	s := oracle.Pick(r, genSchemes...) + ":"
	switch r.IntN(4) {
	case 0, 1:
		s += "//" + oracle.Pick(r, genAuthority...)
		if r.IntN(5) > 0 {
			s += "/" + genDotPath(r, 5)
		}
	case 2:
		s += "/" + genDotPath(r, 5)
	default:
		s += genDotPath(r, 4)
	}
	return genQueryFragment(r, s)
}

// genResolveRef returns a reference of every form Section 5.2.2 tells apart.
func genResolveRef(r *rand.Rand, base string) string {
	var s string
	switch r.IntN(10) {
	case 0:
		s = ""
	case 1:
		// the base's scheme, perhaps in another case, for the non-strict mode
		sch := base[:strings.IndexByte(base, ':')]
		if r.IntN(2) == 0 {
			sch = strings.ToUpper(sch)
		}
		s = sch + ":" + genDotPath(r, 4)
	case 2:
		s = oracle.Pick(r, genSchemes...) + ":" + oracle.Pick(r, "", "//"+oracle.Pick(r, genAuthority...)) + genDotPath(r, 4)
	case 3:
		s = "//" + oracle.Pick(r, genAuthority...) + oracle.Pick(r, "", "/"+genDotPath(r, 4))
	case 4:
		s = "/" + genDotPath(r, 5)
	case 5:
		s = oracle.Pick(r, "./", "../", "../../", ".", "..", ".//") + genDotPath(r, 4)
	default:
		s = genDotPath(r, 6)
	}
	return genQueryFragment(r, s)
}

// genResolvePair returns a base and a reference, from the generators above
// or, one time in four, from the parser's generator of references.
func genResolvePair(r *rand.Rand) (base, ref string) {
	base = genResolveBase(r)
	if r.IntN(4) == 0 {
		base = oracle.Reference(r)
	}
	if i := strings.IndexByte(base, ':'); i <= 0 {
		base = "a:" + base
	}
	ref = genResolveRef(r, base)
	if r.IntN(4) == 0 {
		ref = oracle.Reference(r)
	}
	return base, ref
}
