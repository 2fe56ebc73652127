package whatwg

import (
	"strings"

	"github.com/gouri/uri"
)

// This file holds the one fast path of resolution, beside the parser that
// implements the URL Standard's states (parse.go). Most references in
// pages are a plain path, an absolute path, a query or a fragment made of
// bytes that no percent-encode set encodes and that no state reads apart;
// against a base with a host and a path that is a list of segments, the
// parser's output is then the base up to some point followed by the
// reference, with only the leading "../" of a path worked out. resolveFast
// writes that, and declines everything else, which goes to the parser.
// FuzzParse checks that both give the same URL.

// plainByte marks the bytes that resolveFast takes in the path of a
// reference: letters, digits and "-._~!$&()*+,;=@/", which no
// percent-encode set encodes (section 1.3) and which no state of the
// parser reads apart but "/". A ":" could end a scheme, "\" is "/" in a
// special URL and "%" could spell a dot; "'" is in the special-query
// percent-encode set.
var plainByte = func() (t [256]bool) {
	for _, c := range []byte("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~!$&()*+,;=@/") {
		t[c] = true
	}
	return t
}()

// tailByte marks the bytes that resolveFast takes in a reference's query
// and fragment: the plain bytes, ":" and "?".
var tailByte = func() (t [256]bool) {
	t = plainByte
	t[':'], t['?'] = true, true
	return t
}()

// resolveFast returns the URL that parsing ref against u gives, and true,
// when ref and u are of the common shapes described above; otherwise it
// returns false. It allocates the href once, and not at all for an empty
// reference.
func (u *URL) resolveFast(ref string) (URL, bool) {
	if u.flags&(fOpaque|fDot) != 0 || u.kind == uri.HostNone || u.scheme == schemeFile || len(ref) > maxLen-2-len(u.href) {
		return URL{}, false
	}
	p := len(ref) // the end of the path
	for i := 0; i < len(ref); i++ {
		if c := ref[i]; !plainByte[c] {
			if c != '?' && c != '#' {
				return URL{}, false
			}
			p = i
			break
		}
	}
	f := len(ref) // the "#", if any
	for i := p; i < len(ref); i++ {
		if c := ref[i]; !tailByte[c] {
			if c != '#' || f != len(ref) {
				return URL{}, false
			}
			f = i
		}
	}
	v := *u
	path := ref[:p]
	var prefix string // the part of u's href that the result begins with
	switch {
	case ref == "":
		v.href, v.flags = u.href[:u.fragStart], u.flags&^fFragment
		return v, true
	case p == 0 && ref[0] == '#':
		v.href, v.flags = u.href[:u.fragStart]+ref, u.flags|fFragment
		return v, true
	case p == 0: // a query: "?"
		prefix = u.href[:u.queryStart]
	case path[0] == '/':
		if len(path) > 1 && path[1] == '/' {
			return URL{}, false // a scheme-relative reference: a host to parse
		}
		prefix = u.href[:u.pathStart]
	default:
		// The base's path without its last segment, shortened once more
		// for each leading "../" (sections 4.4, path state, and 4.1,
		// shorten), and never above its first "/".
		ps, qs := int(u.pathStart), int(u.queryStart)
		if ps == qs || u.href[ps] != '/' {
			return URL{}, false
		}
		end := strings.LastIndexByte(u.href[ps:qs], '/') + 1 + ps
		for strings.HasPrefix(path, "../") {
			path = path[3:]
			if end-ps > 1 {
				end = strings.LastIndexByte(u.href[ps:end-1], '/') + 1 + ps
			}
		}
		prefix = u.href[:end]
	}
	if hasDotSegment(path) {
		return URL{}, false
	}
	v.href = prefix + path + ref[p:]
	v.queryStart = int32(len(prefix) + len(path))
	v.fragStart = v.queryStart + int32(f-p)
	v.flags = u.flags &^ (fQuery | fFragment)
	if p < len(ref) && ref[p] == '?' {
		v.flags |= fQuery
	}
	if f < len(ref) {
		v.flags |= fFragment
	}
	return v, true
}

// hasDotSegment reports whether the path p has a segment "." or "..".
func hasDotSegment(p string) bool {
	for p != "" {
		seg := p
		if i := strings.IndexByte(p, '/'); i >= 0 {
			seg, p = p[:i], p[i+1:]
		} else {
			p = ""
		}
		if seg == "." || seg == ".." {
			return true
		}
	}
	return false
}
