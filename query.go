package uri

import (
	"iter"
	"net/url"
	"strings"

	"github.com/gouri/uri/internal/abnf"
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
//     EscapeQueryValue), which both readings decode the same.
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
			piece, q, _ = strings.Cut(q, "&")
			if piece == "" {
				continue
			}
			k, v, _ := strings.Cut(piece, "=")
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

// SetQueryValue returns u with the query pair for key set to value: the first
// pair whose decoded key is key is replaced by key=value, in its place, and any
// later pairs with that key are removed; without such a pair, key=value is
// appended, and a query is added if u had none. key and value are encoded
// with EscapeQueryKey and EscapeQueryValue. Every other pair, and the "&"
// between them, stays byte for byte. It allocates the new text.
func (u URI) SetQueryValue(key, value string) URI {
	return u.editQuery(key, pairText(key, value), true)
}

// AddQueryValue returns u with key=value appended to its query, encoded with
// EscapeQueryKey and EscapeQueryValue, and a query added if u had none. The
// existing query is kept byte for byte. It allocates the new text.
func (u URI) AddQueryValue(key, value string) URI {
	return u.appendPair(pairText(key, value))
}

// DeleteQueryKey returns u without the query pairs whose decoded key is key,
// each removed with one "&" next to it; every other byte of the query stays
// ("?&a=1&&b=2" without "a" is "?&&b=2"), and a query left without pairs is
// removed, "?" and all. If no pair has the key, it returns u itself without
// allocating.
func (u URI) DeleteQueryKey(key string) URI {
	return u.editQuery(key, "", false)
}

// pairText encodes one key=value pair.
func pairText(key, value string) string {
	return Escape(key, EscapeQueryKey) + "=" + Escape(value, EscapeQueryValue)
}

// editQuery removes the pairs with the key; with set, it puts pair in the
// place of the first one, or appends it when there is none.
func (u URI) editQuery(key, pair string, set bool) URI {
	q := u.Query()
	matches := func(piece string) bool {
		k, _, _ := strings.Cut(piece, "=")
		return piece != "" && decodeForm(k) == key
	}
	found := false
	for rest := q; rest != "" && !found; {
		var piece string
		piece, rest, _ = strings.Cut(rest, "&")
		found = matches(piece)
	}
	switch {
	case !found && set:
		return u.appendPair(pair)
	case !found:
		return u
	}
	var b strings.Builder
	b.Grow(len(q) + len(pair))
	wrote, pairs := 0, false
	for _, piece := range strings.Split(q, "&") {
		if matches(piece) {
			if !set {
				continue
			}
			piece, set = pair, false
		}
		if wrote > 0 {
			b.WriteByte('&')
		}
		b.WriteString(piece)
		wrote++
		pairs = pairs || piece != ""
	}
	if !pairs {
		return u.withQuery("", false)
	}
	return u.withQuery(b.String(), true)
}

// appendPair appends an encoded pair to the query, adding a query if u has
// none, and a "&" unless the query is empty or already ends with one.
func (u URI) appendPair(pair string) URI {
	q := u.Query()
	if q == "" || q[len(q)-1] == '&' {
		return u.withQuery(q+pair, true)
	}
	return u.withQuery(q+"&"+pair, true)
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
