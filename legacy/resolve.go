package legacy

// This file resolves references as RFC 1808 (Section 4) and RFC 2396
// (Section 5.2) did, before RFC 3986 replaced both. They differ from RFC
// 3986 on abnormal references: "../" above the root stays in the path
// ("../../../g" against "http://a/b/c/d;p?q" gives "http://a/../g"), "."
// and ".." are only removed from a merged relative path (so "/./g" stays),
// RFC 1808 inherits the base's params and query, RFC 2396 never inherits a
// query, and neither puts a "/" between an authority and a merged path when
// the base has an empty path ("g" against "http://a" gives "http://ag", the
// defect that RFC 3986, Section 5.2.3 repaired).

import (
	"strings"

	"github.com/gouri/uri"
	"github.com/gouri/uri/internal/abnf"
	"github.com/gouri/uri/internal/dotseg"
)

// oldRef holds the components that the old algorithms work on. For RFC
// 1808 the path excludes the params; for RFC 2396 it includes them.
type oldRef struct {
	scheme    string
	hasScheme bool
	auth      string
	hasAuth   bool
	path      string
	params    string
	hasParams bool
	query     string
	hasQuery  bool
	frag      string
	hasFrag   bool
}

// oldRefOf returns the components of the text s as the split sp divides
// it: the authority whole, as both old algorithms take it.
func oldRefOf(s string, c uri.Components) oldRef {
	r := oldRef{
		scheme: c.Scheme, hasScheme: c.Scheme != "",
		hasAuth: c.HasAuthority,
		path:    c.Path,
		query:   c.Query, hasQuery: c.HasQuery,
		frag: c.Fragment, hasFrag: c.HasFragment,
	}
	if r.hasAuth {
		a := len(c.Scheme) + 2
		if r.hasScheme {
			a++
		}
		r.auth = s[a : a+authorityLen(c)]
	}
	return r
}

// authorityLen returns the length of the authority that c's userinfo, host
// and port spell.
func authorityLen(c uri.Components) int {
	n := len(c.Host)
	if c.HasUserinfo || c.Userinfo != "" {
		n += len(c.Userinfo) + 1
	}
	if c.HasPort || c.Port != "" {
		n += len(c.Port) + 1
	}
	return n
}

// String recombines the components (RFC 2396, Section 5.2, step 7; RFC
// 1808, Section 4, step 7, with params after the path).
func (r *oldRef) String() string {
	var b strings.Builder
	b.Grow(len(r.scheme) + len(r.auth) + len(r.path) + len(r.params) + len(r.query) + len(r.frag) + 6)
	if r.hasScheme {
		b.WriteString(r.scheme)
		b.WriteByte(':')
	}
	if r.hasAuth {
		b.WriteString("//")
		b.WriteString(r.auth)
	}
	b.WriteString(r.path)
	if r.hasParams {
		b.WriteByte(';')
		b.WriteString(r.params)
	}
	if r.hasQuery {
		b.WriteByte('?')
		b.WriteString(r.query)
	}
	if r.hasFrag {
		b.WriteByte('#')
		b.WriteString(r.frag)
	}
	return b.String()
}

// ResolveRFC1808 resolves the relative URL ref against the base URL base with
// the algorithm of RFC 1808, Section 4, both parsed under [RFC1808], and
// returns the result as text, which need not be RFC 3986. An empty base is
// unknown, and ref comes back as it is. Unlike RFC 3986, ".." above the root
// stays ("../../../g" against "http://a/b/c/d;p?q" gives "http://a/../g"), and
// an empty path inherits the base's params and query. On error it returns ""
// and an *uri.Error with Op uri.OpResolve and Detail "rfc1808".
//
// Both are divided as Section 2.4 says (fragment, scheme, net_loc, query,
// params, path). An empty base is unknown (Step 1) and the reference comes
// back as it is; any other base needs a scheme. Then:
//
//	Step 2: an empty reference is the base (with the base's fragment); a
//	        reference with a scheme is absolute.
//	Step 3: a non-empty net_loc is kept; otherwise the base's is inherited.
//	Step 4: a path that begins with "/" is kept.
//	Step 5: an empty path inherits the base's path, then, unless the
//	        reference has params, the base's params, then, unless it has a
//	        query, the base's query.
//	Step 6: otherwise the base path's last segment is replaced by the
//	        reference's path, then "./" segments, a final ".", "seg/../"
//	        (leftmost first, until none is left) and a final "seg/.." are
//	        removed. ".." segments with nothing above them stay.
//	Step 7: the components are recombined.
//
// The examples of RFC 1808, Section 5 hold.
func ResolveRFC1808(base, ref string) (string, error) {
	ru, err := Parse(ref, RFC1808)
	if err != nil {
		return "", resolveError(RFC1808, "", err)
	}
	// Step 1: an empty base is unknown; the reference is absolute.
	if base == "" {
		return ref, nil
	}
	bu, err := Parse(base, RFC1808)
	if err != nil {
		return "", resolveError(RFC1808, "base", err)
	}
	if bu.Parts.Scheme == "" {
		return "", resolveError(RFC1808, "base", missingScheme(base))
	}
	// Step 2a: an entirely empty reference is the base.
	if ref == "" {
		return base, nil
	}
	// Step 2b: a reference with a scheme is absolute.
	if ru.Parts.Scheme != "" {
		return ref, nil
	}
	b, r := oldRefOf(base, bu.Parts), oldRefOf(ref, ru.Parts)
	b.splitParams()
	r.splitParams()
	// Step 2c: the scheme is inherited.
	r.scheme, r.hasScheme = b.scheme, true
	// Step 3: a non-empty net_loc is kept, else the base's is inherited.
	if r.auth != "" {
		return r.String(), nil
	}
	r.auth, r.hasAuth = b.auth, b.hasAuth
	// Step 4: an absolute path is kept.
	if strings.HasPrefix(r.path, "/") {
		return r.String(), nil
	}
	// Step 5: an empty path inherits the base's path, params and query.
	if r.path == "" {
		r.path = b.path
		if r.params == "" {
			r.params, r.hasParams = b.params, b.hasParams
			if r.query == "" {
				r.query, r.hasQuery = b.query, b.hasQuery
			}
		}
		return r.String(), nil
	}
	// Step 6: merge and remove dot segments.
	r.path = oldDotSegments(mergeOld(b.path, r.path))
	return r.String(), nil
}

// splitParams moves RFC 1808's params (Section 2.4.5: after the first ";")
// out of the path.
func (r *oldRef) splitParams() {
	if p, params, ok := strings.Cut(r.path, ";"); ok {
		r.path, r.params, r.hasParams = p, params, true
	}
}

// ResolveRFC2396 resolves the URI reference ref against the base URI base
// with the algorithm of RFC 2396, Section 5.2, both parsed under [RFC2732]
// (ref may also be a bare "?query", as Appendix C uses), and returns the
// result as text. Unlike RFC 3986, ".." above the root stays, and the query is
// never inherited: "?y" against "http://a/b/c/d;p?q" gives "http://a/b/c/?y".
// The base must have a scheme. On error it returns "" and an *uri.Error with
// Op uri.OpResolve and Detail "rfc2396".
//
//	Step 2: a reference with an empty path and no scheme, authority or
//	        query is the current document: the base without its fragment,
//	        with the reference's fragment if it has one.
//	Step 3: a reference with a scheme is absolute (the strict reading:
//	        "http:g" stays "http:g").
//	Step 4: a reference with an authority keeps its path.
//	Step 5: a path that begins with "/" is kept.
//	Step 6: otherwise all but the last segment of the base path, then the
//	        reference's path; then "./" segments, a final ".", "seg/../"
//	        (leftmost first, until none is left) and a final "seg/.." are
//	        removed; ".." segments left at the start stay (Step 6g lets an
//	        implementation keep them, and Appendix C does).
//	Step 7: the components are recombined; the query is never inherited.
//
// The examples of RFC 2396, Appendix C hold. The result parses under RFC
// 2732's grammar, except that a relative path that reduces to nothing
// against an opaque base ("." against "mailto:a@b") leaves "mailto:", whose
// empty opaque_part RFC 2396 does not allow.
func ResolveRFC2396(base, ref string) (string, error) {
	// Parsing is RFC 2396's as amended by RFC 2732, but errors name the
	// algorithm the caller asked for.
	fail := func(err error) (string, error) { return "", resolveError(RFC2396, "", err) }
	failBase := func(err error) (string, error) { return "", resolveError(RFC2396, "base", err) }
	rp := lparser{s: ref, g: RFC2732}
	if len(ref) > maxLen {
		return fail(&uri.Error{Input: ref, Offset: maxLen, Err: uri.ErrTooLong})
	}
	var sp lsplit
	if !rp.parse2396(true, &sp, &URL{}) {
		return fail(rp.error())
	}
	ru := sp.components(ref)
	bu, err := Parse(base, RFC2732)
	if err != nil {
		return failBase(err)
	}
	if bu.Parts.Scheme == "" {
		return failBase(missingScheme(base))
	}
	b, r := oldRefOf(base, bu.Parts), oldRefOf(ref, ru)
	// Step 2: a reference to the current document.
	if r.path == "" && !r.hasScheme && !r.hasAuth && !r.hasQuery {
		b.frag, b.hasFrag = r.frag, r.hasFrag
		return b.String(), nil
	}
	// Step 3: a reference with a scheme is absolute.
	if r.hasScheme {
		return ref, nil
	}
	r.scheme, r.hasScheme = b.scheme, true
	// Step 4: a network-path reference.
	if r.hasAuth {
		return r.String(), nil
	}
	r.auth, r.hasAuth = b.auth, b.hasAuth
	// Step 5: an absolute-path reference.
	if strings.HasPrefix(r.path, "/") {
		return r.String(), nil
	}
	// Step 6: a relative-path reference.
	r.path = oldDotSegments(mergeOld(b.path, r.path))
	return r.String(), nil
}

// missingScheme is the error for a base without a scheme: the offset is
// where the scheme breaks off (RFC 3986's ParseURI gives the same).
func missingScheme(base string) error {
	j := 0
	for j < len(base) && abnf.Classes[base[j]]&abnf.SchemeTail != 0 {
		j++
	}
	return &uri.Error{Input: base, Offset: j, Component: uri.Scheme, Err: uri.ErrMissingScheme}
}

// mergeOld replaces the last segment of the base path (everything after
// its last "/", or all of it if it has no "/") with the reference's path
// (RFC 1808, Section 4, Step 6; RFC 2396, Section 5.2, Steps 6a and 6b).
func mergeOld(base, ref string) string {
	return base[:strings.LastIndexByte(base, '/')+1] + ref
}

// oldDotSegments applies RFC 1808, Section 4, Steps 6a to 6d (the same as
// RFC 2396, Section 5.2, Steps 6c to 6f) to a merged path:
//
//	a) All occurrences of "./", where "." is a complete path segment, are removed.
//	b) If the path ends with "." as a complete path segment, that "." is removed.
//	c) All occurrences of "<segment>/../", where <segment> is a complete path
//	   segment not equal to "..", are removed. Removal of these path segments
//	   is performed iteratively, removing the leftmost matching pattern on
//	   each iteration, until no matching pattern remains.
//	d) If the path ends with "<segment>/..", where <segment> is a complete
//	   path segment not equal to "..", that "<segment>/.." is removed.
//
// That is remove_dot_segments with ".." kept where there is nothing but
// ".." before it to remove (internal/dotseg, Options.KeepUp): each removal
// of c only joins the segments on either side of the removed pair, so the
// leftmost-first iteration leaves what one pass over a stack of segments
// leaves.
func oldDotSegments(path string) string {
	out, _ := dotseg.Remove([]byte(path), 0, dotseg.Options{KeepUp: true})
	return string(out)
}

// resolveError returns err, an *uri.Error, as an error of resolution by the
// algorithm of the grammar g: Op uri.OpResolve, the grammar in Detail, and
// name ("base" or "") as Name.
func resolveError(g Grammar, name string, err error) error {
	e, ok := err.(*uri.Error)
	if !ok {
		return err
	}
	c := *e
	c.Op, c.Name, c.Detail = uri.OpResolve, name, g.String()
	return &c
}
