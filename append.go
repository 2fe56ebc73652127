package uri

import "slices"

// This file holds the form of normalization that appends its result to a
// byte slice, in the manner of strconv.AppendInt and netip.Addr.AppendTo,
// for programs that handle many URIs and reuse one buffer: it allocates
// nothing when the slice has room. It runs the same code as its allocating
// form, which builds the same text in pieces or in a buffer before it makes
// a string of it; here the pieces are appended. AppendResolve is in
// resolve.go, beside the code that it shares with Resolve.

// AppendNormalize appends the text of u.Normalize() to dst and returns the
// extended slice: u in the normal form of RFC 3986, Sections 6.2.2 and 6.2.3
// ([DefaultNormalization]). The text is byte for byte what [URI.Normalize]
// returns.
//
// AppendNormalize does not allocate when dst has room for the result and
// u's path is at most 256 bytes or has no dot segments; a longer path with
// dot segments costs a scratch buffer, as for Normalize. Otherwise dst
// grows once, to the exact length of the result. For a URI that is already
// normal, found as Normalize finds it, u's text is appended as it is. Like
// the allocating form it runs in time linear in the length of u.
func AppendNormalize(dst []byte, u URI) []byte {
	return appendNormalized(dst, &u.ref, DefaultNormalization)
}

// appendNormalized appends the form of u under n to dst. It is
// normalizeWith with dst in the place of its buffers: a comparing run of
// emit first, as most references are already normal and then u's text is
// appended as it is; otherwise emit writes into the room that dst has, and
// when that is too short, it runs once more into dst grown by the length
// that the writing run counted.
func appendNormalized(dst []byte, u *ref, n Normalization) []byte {
	nz := normalizer{u: u, n: n} // set here, as normalizeWith does
	nz.init()
	if n&NormalizeSortQuery != 0 && u.flags&fQuery != 0 {
		var params [32]param
		nz.params = sortParams(u.s, int(u.pathEnd)+1, int(u.queryEnd), nz.queryOpt(), params[:0])
	}
	if nz.buffered {
		var buf [shortNormal]byte
		nz.path, nz.prefix = nz.bufferPath(buf[:])
	}
	var v ref // the offsets that emit sets, unused here
	cmp := writer{src: u.s}
	nz.emit(&cmp, &v)
	if !cmp.diff && cmp.n == len(u.s) {
		return append(dst, u.s...)
	}
	room := dst[len(dst):cap(dst)]
	if room == nil {
		// A writer with a nil buf compares rather than writes.
		room = []byte{}
	}
	v = ref{}
	w := writer{src: u.s, buf: room, writes: true}
	nz.emit(&w, &v)
	switch {
	case w.n > maxLen:
		return append(dst, u.s...) // as NormalizeWith returns u
	case w.over:
		dst = slices.Grow(dst, w.n)
		v = ref{}
		w = writer{src: u.s, buf: dst[len(dst):cap(dst)], writes: true}
		nz.emit(&w, &v)
	}
	return dst[:len(dst)+w.n]
}
