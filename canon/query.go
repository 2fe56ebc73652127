package canon

import (
	"slices"
	"strings"

	"github.com/gouri/uri/internal/abnf"
	"github.com/gouri/uri/internal/query"
)

// editQuery applies c's query options to the query q (without its "?";
// hasQ tells an empty query from none) and returns the new query. A query
// whose pairs are all dropped is removed with its "?".
func (c Canonicalizer) editQuery(q string, hasQ bool) (string, bool) {
	if !hasQ || (len(c.DropParams) == 0 && !c.SortQuery) {
		return q, hasQ
	}
	if len(c.DropParams) > 0 {
		kept, dropped := dropParams(q, c.DropParams)
		if dropped && kept == "" {
			return "", false
		}
		q = kept
	}
	if c.SortQuery {
		q = sortArchive(q)
	}
	return q, true
}

// dropParams returns q without the pairs whose name matches one of names
// (see Canonicalizer.DropParams), and whether it dropped one. It allocates
// only when it drops a pair.
func dropParams(q string, names []string) (string, bool) {
	return dropPairs(q, func(name, _ string) bool { return matchParam(name, names) })
}

// dropPairs returns q without the pieces for which drop, given the name
// and the value as written, returns true, each with one "&" next to it,
// and whether it dropped one. It allocates only when it drops a piece.
func dropPairs(q string, drop func(name, value string) bool) (string, bool) {
	match := func(piece string) bool {
		name, value, _ := query.Pair(piece)
		return drop(name, value)
	}
	found := false
	for piece := range query.Pieces(q) {
		if found = match(piece); found {
			break
		}
	}
	if !found {
		return q, false
	}
	b, _ := query.AppendKept(make([]byte, 0, len(q)), q, match)
	return string(b), true
}

// DropsParam reports whether c drops the query parameters named name, the
// name form-decoded (URL Standard, section 5.1: "+" is a space and each
// percent-escape an octet): name is an entry of DropParams, or begins with
// the text before the "*" of an entry that ends in "*", ASCII letters
// compared without regard to case in every profile ("UTM_SOURCE",
// "Utm_Source" and "utm_source" all match "utm_*"). Canon and SURT drop
// exactly the pairs whose decoded names it reports, so that a program that
// edits queries another way (as the uri command's edit --drop-tracking
// does) drops the same ones. It does not allocate.
func (c Canonicalizer) DropsParam(name string) bool { return matchDecoded(name, c.DropParams) }

// matchParam reports whether the query parameter named name (as written)
// matches one of names: its form-decoded name (URL Standard, section 5.1)
// equals one, or begins with one that ends in "*", in ASCII letters of
// either case.
func matchParam(name string, names []string) bool {
	if strings.ContainsAny(name, "%+") {
		name = abnf.Decode(name, true)
	}
	return matchDecoded(name, names)
}

// matchDecoded is matchParam for a name already decoded. Names are
// compared without regard to ASCII case because the tools that add
// tracking parameters and the people who copy links write them in either
// ("UTM_SOURCE"), and because Aggressive and Archive lower-case the query
// before they drop: a case-sensitive match would drop a name under those
// profiles and keep it under the others.
func matchDecoded(name string, names []string) bool {
	for _, n := range names {
		if p, ok := strings.CutSuffix(n, "*"); ok {
			if len(name) >= len(p) && abnf.EqualFold(name[:len(p)], p) {
				return true
			}
		} else if abnf.EqualFold(n, name) {
			return true
		}
	}
	return false
}

// sortPairs returns the "&"-separated pairs of q sorted by their bytes (a
// stable sort), as urlcanon's Semantic and Aggressive profiles sort them:
// "id2=3&id=5" ("2" is before "="). It allocates only when the order
// changes.
func sortPairs(q string) string {
	return sortPieces(q, nil)
}

// sortArchive returns the "&"-separated pairs of q in the order of the
// Internet Archive's SURT key (surt 0.3.1, as CDX indexes hold it): by
// name, then by value, each pair split at its first "=", a pair without
// "=" before the same name with one: "id=5&id2=3" stays, "a=1&a" is
// "a&a=1", an empty pair sorts first ("a=1&" is "&a=1"). It allocates
// only when the order changes.
func sortArchive(q string) string {
	return sortPieces(q, comparePairs)
}

// comparePairs orders two pieces of a query by (name, value), a piece
// without "=" first among those of its name.
func comparePairs(a, b string) int {
	na, va, ea := query.Pair(a)
	nb, vb, eb := query.Pair(b)
	if c := strings.Compare(na, nb); c != 0 {
		return c
	}
	switch {
	case ea != eb && !ea:
		return -1
	case ea != eb:
		return 1
	}
	return strings.Compare(va, vb)
}

// sortPieces returns the pieces of q sorted by cmp, or by their bytes
// when cmp is nil (pieces that cmp finds equal are equal bytes, so that no
// order among them is lost), joined by "&"; q itself when they are in
// order already.
func sortPieces(q string, cmp func(a, b string) int) string {
	if query.Count(q) == 1 || piecesSorted(q, cmp) {
		return q
	}
	if cmp == nil {
		cmp = strings.Compare
	}
	pairs := make([]string, 0, query.Count(q))
	for piece := range query.Pieces(q) {
		pairs = append(pairs, piece)
	}
	slices.SortFunc(pairs, cmp)
	return strings.Join(pairs, "&")
}

// piecesSorted reports whether the pieces of q are in the order of cmp
// (of their bytes when cmp is nil, compared inline: most queries are
// checked, few sorted), without allocating.
func piecesSorted(q string, cmp func(a, b string) int) bool {
	prev, rest, more := query.Cut(q)
	for more {
		var pair string
		pair, rest, more = query.Cut(rest)
		if cmp == nil && pair < prev || cmp != nil && cmp(pair, prev) < 0 {
			return false
		}
		prev = pair
	}
	return true
}
