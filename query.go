package uri

import (
	"cmp"
	"iter"
	"net/url"
	"slices"

	"github.com/gouri/uri/internal/abnf"
	"github.com/gouri/uri/internal/query"
)

// RFC 3986, Section 3.4 gives the query no inner structure. The helpers in
// this file read and write the key=value convention of HTML forms and of
// most servers, and say exactly what they assume:
//
//   - Pairs are separated by "&" only. The URL Standard's
//     application/x-www-form-urlencoded parser and net/url (since Go 1.17)
//     do the same; a ";" is data, as HTML 4's old advice to split on it is
//     long obsolete. Empty pieces ("a=1&&b=2", a trailing "&") are skipped.
//   - A pair is split at its first "="; a piece without "=" is a key with
//     an empty value, so "a" and "a=" read the same.
//   - Keys and values are decoded as application/x-www-form-urlencoded
//     does: "%HH" is an octet and "+" is a space. RFC 3986 says nothing of
//     "+"; reading it as a space is an explicit choice, made because every
//     form and almost every server writes spaces that way. The editing
//     methods write a space as "%20" and a "+" as "%2B" (EscapeQueryKey and
//     EscapeQueryValue), which both readings decode the same. Unescape
//     with EscapeQueryKey or EscapeQueryValue reads as QueryPairs does.
//   - Decoded octets are returned as they are, even when they are not
//     UTF-8.

// QueryPairs returns an iterator over the key=value pairs of the query, in
// order: the pieces between "&" (";" is data, empty pieces are skipped), split
// at the first "=" and decoded as application/x-www-form-urlencoded is ("+" is
// a space). RFC 3986, Section 3.4 gives the query no such structure; it is the
// convention of forms and most servers. A key may come more than once; a key or
// value allocates only when it has something to decode.
func (u URI) QueryPairs() iter.Seq2[string, string] {
	q := u.Query()
	return func(yield func(string, string) bool) {
		for q := q; q != ""; {
			var piece string
			piece, q, _ = query.Cut(q)
			if piece == "" {
				continue
			}
			k, v, _ := query.Pair(piece)
			if !yield(decodeForm(k), decodeForm(v)) {
				return
			}
		}
	}
}

// decodeForm decodes s as application/x-www-form-urlencoded. s comes from a
// parsed query, so its pct-encodings are well formed.
func decodeForm(s string) string { return abnf.Decode(s, true) }

// QueryValue returns the decoded value of the first pair whose decoded key is
// key, and whether there is one. It is net/url's u.Query().Get(key) without
// the map. It allocates only to decode a key or the value.
func (u URI) QueryValue(key string) (string, bool) {
	for k, v := range u.QueryPairs() {
		if k == key {
			return v, true
		}
	}
	return "", false
}

// QueryValues returns the query's pairs, as [URI.QueryPairs] reads them, in a
// url.Values map, each key's values in order, for code that wants net/url's
// type. Unlike url.ParseQuery it has no error to report. It allocates the map,
// empty when there are no pairs.
func (u URI) QueryValues() url.Values {
	vs := url.Values{}
	for k, v := range u.QueryPairs() {
		vs[k] = append(vs[k], v)
	}
	return vs
}

// WithQueryValue returns u with the query pair for key set to value: the first
// pair whose decoded key is key is replaced by key=value, in its place, and any
// later pairs with that key are removed; without such a pair, key=value is
// appended, and a query is added if u had none. key and value are encoded
// with EscapeQueryKey and EscapeQueryValue. Every other pair, and the "&"
// between them, stays byte for byte. It allocates the new text, once.
func (u URI) WithQueryValue(key, value string) URI {
	p := queryPair{key, value}
	if v, found := u.filterQuery(keyIs(key), &p); found {
		return v
	}
	return u.appendPair(p)
}

// AddQueryValue returns u with key=value appended to its query, encoded with
// EscapeQueryKey and EscapeQueryValue, and a query added if u had none. The
// existing query is kept byte for byte. It allocates the new text, once.
func (u URI) AddQueryValue(key, value string) URI {
	return u.appendPair(queryPair{key, value})
}

// DeleteQueryKey returns u without the query pairs whose decoded key is key,
// each removed with one "&" next to it; every other byte of the query stays
// ("?&a=1&&b=2" without "a" is "?&&b=2"), and a query left without pairs is
// removed, "?" and all. If no pair has the key, it returns u itself without
// allocating.
func (u URI) DeleteQueryKey(key string) URI {
	v, _ := u.filterQuery(keyIs(key), nil)
	return v
}

// DeleteQueryFunc returns u without the query pairs for which del returns
// true, called once per pair, in order, with the key and value decoded as
// [URI.QueryPairs] decodes them ("+" is a space). As with
// [URI.DeleteQueryKey], each pair goes with one "&" next to it, every other
// byte of the query stays, a query left without pairs is removed, and u itself
// is returned when nothing is deleted. It allocates the new text once, and a
// key or value only when it has something to decode.
func (u URI) DeleteQueryFunc(del func(key, value string) bool) URI {
	v, _ := u.filterQuery(func(piece string) bool {
		k, val, _ := query.Pair(piece)
		return del(decodeForm(k), decodeForm(val))
	}, nil)
	return v
}

// SortQuery returns u with the pairs of its query sorted by decoded key, byte
// by byte; pairs with the same key keep their order (a stable sort), and each
// keeps its text as written. Empty pieces ("a=1&&b=2", a trailing "&") are
// dropped; a query without pairs is kept as it is. Sorting makes equal sets
// of parameters compare equal, for caches, and is the URLSearchParams sort of
// the URL Standard for ASCII keys. It allocates the new text once (and the
// list of pairs beyond 16 of them), and returns u itself when there is
// nothing to change.
func (u URI) SortQuery() URI {
	if !u.HasQuery() {
		return u
	}
	s, qs, qe := u.s, int(u.pathEnd)+1, int(u.queryEnd)
	var room [16]param // most queries have few pairs: no allocation for them
	pairs := splitParams(s, qs, qe, room[:0])
	byKey := func(a, b param) int { return compareDecoded(s[a.Start:a.NameEnd], s[b.Start:b.NameEnd]) }
	n := len(pairs) - 1 // the "&" between the pairs
	for _, p := range pairs {
		n += p.End - p.Start
	}
	if len(pairs) == 0 || n == qe-qs && slices.IsSortedFunc(pairs, byKey) {
		return u // no pairs, or sorted without empty pieces
	}
	slices.SortStableFunc(pairs, byKey)
	b := make([]byte, 0, qs+n+len(s)-qe)
	b = append(b, s[:qs]...)
	for i, p := range pairs {
		if i > 0 {
			b = append(b, '&')
		}
		b = append(b, s[p.Start:p.End]...)
	}
	v := u
	v.queryEnd = int32(len(b))
	v.s = abnf.String(append(b, s[qe:]...))
	return v
}

// compareDecoded compares a and b as decodeForm decodes them ("+" is a
// space), byte by byte, without decoding them.
func compareDecoded(a, b string) int {
	i, j := 0, 0
	for i < len(a) && j < len(b) {
		ca, na := abnf.DecodedByte(a, i, true)
		cb, nb := abnf.DecodedByte(b, j, true)
		if ca != cb {
			return cmp.Compare(ca, cb)
		}
		i, j = i+na, j+nb
	}
	return cmp.Compare(len(a)-i, len(b)-j) // the one left over is the longer
}

// queryPair is a decoded key=value pair to write, encoded with EscapeQueryKey and
// EscapeQueryValue.
type queryPair struct{ key, value string }

// size returns the length of the pair once encoded.
func (p queryPair) size() int {
	return escapedLen(p.key, EscapeQueryKey) + 1 + escapedLen(p.value, EscapeQueryValue)
}

// write writes the encoded pair at the start of t, which has room for it,
// and returns its length.
func (p queryPair) write(t []byte) int {
	n := writeEscaped(t, p.key, EscapeQueryKey)
	t[n] = '='
	return n + 1 + writeEscaped(t[n+1:], p.value, EscapeQueryValue)
}

// keyIs returns the test of a non-empty piece of a query for pairs with the
// decoded key.
func keyIs(key string) func(piece string) bool {
	return func(piece string) bool {
		k, _, _ := query.Pair(piece)
		return abnf.DecodesTo(k, key, true)
	}
}

// filterQuery removes the non-empty pieces of the query for which match
// returns true, with one "&" each, calling match once per piece; with set,
// set is written in the place of the first one. It reports whether any piece
// matched, and returns u itself when none did. The new text is built in one
// buffer, from the first match on.
func (u URI) filterQuery(match func(piece string) bool, set *queryPair) (URI, bool) {
	q := u.Query()
	qs := int(u.pathEnd) + 1 // where the query starts in u.s
	var b []byte             // nil until the first match
	wrote, pairs := 0, false // the pieces kept so far; whether one is a pair
	keep := func(piece string) {
		if b != nil {
			if wrote > 0 {
				b = append(b, '&')
			}
			b = append(b, piece...)
		}
		wrote++
		pairs = pairs || piece != ""
	}
	for i, more := 0, u.flags&fQuery != 0; more; {
		var piece string
		piece, _, more = query.Cut(q[i:])
		end := i + len(piece)
		if piece == "" || !match(piece) {
			keep(piece)
			i = end + 1
			continue
		}
		if b == nil {
			n := len(u.s)
			if set != nil {
				n += set.size()
			}
			b = make([]byte, 0, n)
			b = append(b, u.s[:qs]...)
			if wrote > 0 {
				b = append(b, q[:i-1]...) // the pieces kept so far and their "&"
			}
		}
		if set != nil {
			if wrote > 0 {
				b = append(b, '&')
			}
			n := len(b)
			b = b[:n+set.size()]
			set.write(b[n:])
			set = nil
			wrote++
			pairs = true
		}
		i = end + 1
	}
	if b == nil {
		return u, false
	}
	v := u
	if !pairs {
		b = append(b[:u.pathEnd], u.s[u.queryEnd:]...)
		v.queryEnd = u.pathEnd
		v.flags &^= fQuery
	} else {
		v.queryEnd = int32(len(b))
		b = append(b, u.s[u.queryEnd:]...)
	}
	v.s = abnf.String(b)
	return v, true
}

// appendPair appends an encoded pair to the query, adding a query if u has
// none, and a "&" unless the query is empty or already ends with one. It
// allocates the new text, once.
func (u URI) appendPair(p queryPair) URI {
	q := u.Query()
	amp := u.flags&fQuery != 0 && q != "" && q[len(q)-1] != '&'
	b := make([]byte, 0, len(u.s)+2+p.size())
	b = append(b, u.s[:u.queryEnd]...)
	switch {
	case u.flags&fQuery == 0:
		b = append(b, '?')
	case amp:
		b = append(b, '&')
	}
	n := len(b)
	b = b[:n+p.size()]
	p.write(b[n:])
	v := u
	v.queryEnd = int32(len(b))
	v.flags |= fQuery
	b = append(b, u.s[u.queryEnd:]...)
	v.s = abnf.String(b)
	return v
}

// withQuery returns u with its query replaced by q, or removed when present
// is false. q must be a valid query. The fragment moves, nothing else does.
func (u URI) withQuery(q string, present bool) URI {
	v := u
	if present {
		v.s = u.s[:u.pathEnd] + "?" + q + u.s[u.queryEnd:]
		v.queryEnd = u.pathEnd + 1 + int32(len(q))
		v.flags |= fQuery
	} else {
		v.s = u.s[:u.pathEnd] + u.s[u.queryEnd:]
		v.queryEnd = u.pathEnd
		v.flags &^= fQuery
	}
	return v
}
