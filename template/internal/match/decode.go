package match

import (
	"strings"

	"github.com/gouri/uri/internal/abnf"
	"github.com/gouri/uri/template/internal/expr"
)

// This file reads the value of one occurrence of a variable from the text
// that it took in a URI: the reverse of appendValue, with the kind of the
// value chosen by the rules of template's Template.Match.

// decodeOccurrence reads the value of one occurrence from the text it
// matched (after the operator's first string or separator), as the kind
// hint says, or by the default rules when hint is Undefined.
func decodeOccurrence(d decoder, v *expr.Spec, text string, hint Kind) (Value, bool) {
	op := d.op
	if !v.Explode {
		if op.Named {
			// name [ "=" value ]; the name matched the varspec's.
			text = text[len(v.Name):]
			if text != "" {
				text = text[1:]
			}
		}
		return d.members(text, hint)
	}
	parts := strings.Split(text, string(op.Sep))
	if op.Named {
		allName := true
		for _, p := range parts {
			if k, _, _ := strings.Cut(p, "="); !equalFoldHex(k, v.Name) {
				allName = false
			}
		}
		switch {
		case hint == KindAssoc || (!allName && hint == Undefined):
			return d.pairs(parts, false)
		case hint == KindList || (hint == Undefined && allName):
			items := make([]string, len(parts))
			for i, p := range parts {
				_, items[i], _ = strings.Cut(p, "=")
			}
			return d.list(items)
		case hint == KindString && allName && len(parts) == 1:
			_, s, _ := strings.Cut(parts[0], "=")
			return d.str(s)
		}
		return Value{}, false
	}
	withEq := 0
	for _, p := range parts {
		if strings.IndexByte(p, '=') >= 0 {
			withEq++
		}
	}
	switch {
	case hint == KindAssoc || (hint == Undefined && withEq == len(parts) && !op.Reserved):
		return d.pairs(parts, true)
	case hint == KindString && op.Reserved:
		// A reserved expansion writes the separator "," of a string
		// unencoded: the whole text is the string.
		return d.str(text)
	case hint == KindString:
		if len(parts) == 1 && withEq == 0 {
			return d.str(parts[0])
		}
	case withEq == 0 || op.Reserved:
		return d.list(parts)
	}
	return Value{}, false
}

// decoder decodes the members of one occurrence and applies the boundary
// rules of its operator and place, and those of Options.
type decoder struct {
	op       *expr.Operator
	inPath   bool // the occurrence is in the path: no "/" unless slash
	slash    bool // Options.EncodedSlash
	plus     bool // a "+" is a space: Options.PlusAsSpace, in the query
	nonEmpty bool // Options.NonEmpty
}

// members reads the value of a variable that is not exploded: its members
// joined with ",".
func (d decoder) members(text string, hint Kind) (Value, bool) {
	items := []string{text}
	if !d.op.Reserved || hint == KindList || hint == KindAssoc {
		items = strings.Split(text, ",")
	}
	switch {
	case hint == KindAssoc:
		if len(items)%2 != 0 {
			return Value{}, false
		}
		pairs := make([]string, 0, len(items)/2)
		for i := 0; i < len(items); i += 2 {
			pairs = append(pairs, items[i]+"="+items[i+1])
		}
		return d.pairs(pairs, true)
	case hint == KindList:
		return d.list(items)
	case len(items) == 1:
		return d.str(items[0])
	case hint == Undefined:
		return d.list(items)
	}
	return Value{}, false
}

// str reads a string value.
func (d decoder) str(s string) (Value, bool) {
	s, ok := d.decode(s)
	return stringValue(s), ok
}

// list reads the items of a list.
func (d decoder) list(items []string) (Value, bool) {
	out := make([]string, len(items))
	for i, s := range items {
		var ok bool
		if out[i], ok = d.decode(s); !ok {
			return Value{}, false
		}
	}
	return Value{kind: KindList, items: out}, true
}

// pairs reads "name=value" members; with needEq, a member without "=" is
// no pair, else it is a name whose value is empty (";" writes it so).
func (d decoder) pairs(members []string, needEq bool) (Value, bool) {
	out := make([]Pair, len(members))
	for i, p := range members {
		k, v, eq := strings.Cut(p, "=")
		if !eq && needEq {
			return Value{}, false
		}
		var ok1, ok2 bool
		out[i].Key, ok1 = d.decode(k)
		out[i].Value, ok2 = d.decode(v)
		if !ok1 || !ok2 {
			return Value{}, false
		}
	}
	return Value{kind: KindAssoc, pairs: out}, true
}

// keepInReserved are the octets whose pct-encoded triplets a reserved
// expansion copies from a value unchanged, and matching therefore keeps.
var decodeInReserved = func() (t [256]bool) {
	for c, allowed := range expr.Allowed(true) {
		t[c] = !allowed
	}
	return t
}()

// decodeReserved decodes the triplets of s that a reserved expansion
// writes for octets it encodes. A "%25" before two hex digits stays: the
// "%" it stands for would start a triplet that expansion copies, so the
// value held "%25" itself ("%2541" is the expansion of "%2541", and "%41"
// that of "%41").
func decodeReserved(s string) string {
	b := make([]byte, 0, len(s))
	for i := 0; i < len(s); {
		d, n := abnf.DecodedByte(s, i, false)
		if n == 1 || !decodeInReserved[d] || d == '%' && i+4 < len(s) && abnf.IsHex(s[i+3]) && abnf.IsHex(s[i+4]) {
			d, n = s[i], 1 // as written
		}
		b = append(b, d)
		i += n
	}
	return string(b)
}

// decode pct-decodes one member, as the operator encoded it, and reports
// whether the result stays within the operator's boundary and is not
// empty when Options.NonEmpty asks so.
func (d decoder) decode(s string) (string, bool) {
	if d.nonEmpty && s == "" {
		return s, false
	}
	if d.op.Reserved {
		if abnf.IndexPctEncoded(s) >= 0 {
			s = decodeReserved(s)
		}
		return s, true
	}
	s = abnf.Decode(s, d.plus)
	switch {
	case d.op.Char == '.' && strings.IndexByte(s, '.') >= 0:
		return s, false
	case d.inPath && !d.slash && (strings.IndexByte(s, '/') >= 0 || strings.IndexByte(s, '\\') >= 0):
		return s, false
	}
	return s, true
}

// equalFoldHex reports whether a and b are the same text, but for the
// case of the hex digits of pct-encoded triplets.
func equalFoldHex(a, b string) bool {
	if len(a) != len(b) {
		return false
	}
	for i := 0; i < len(a); i++ {
		if a[i] == b[i] {
			if a[i] == '%' && i+2 < len(a) && abnf.IsHex(a[i+1]) && abnf.IsHex(a[i+2]) {
				if abnf.Lower(a[i+1]) != abnf.Lower(b[i+1]) || abnf.Lower(a[i+2]) != abnf.Lower(b[i+2]) {
					return false
				}
				i += 2
			}
			continue
		}
		return false
	}
	return true
}
