package match

import "github.com/gouri/uri/template/internal/expr"

// maxReservedMarks is the most "," and "=" of a reserved expansion's text
// whose readings reservedReadings tries: 2^maxReservedMarks readings.
const maxReservedMarks = 12

// reservedReadings calls try with each reading of text, the text of a
// reserved expansion ("{+x}", "{#x}") of a list or an associative array
// (kind, or both for Undefined), until try returns true, and reports
// whether it did and whether it tried them all. A reserved expansion
// writes the "," and "=" of members unencoded (RFC 6570, Section 3.2.3),
// so each of them may be a separator or a member's own: with n of them
// there are up to 2^n readings, which it tries only for n up to
// maxReservedMarks, taking len(text) from budget for each.
func reservedReadings(d decoder, v *expr.Spec, text string, kind Kind, budget *int, try func(Value) bool) (found, all bool) {
	var marks []int
	for i := 0; i < len(text); i++ {
		if text[i] == ',' || (text[i] == '=' && v.Explode) {
			marks = append(marks, i)
		}
	}
	if len(marks) > maxReservedMarks {
		return false, false
	}
	for mask := 0; mask < 1<<len(marks); mask++ {
		*budget -= len(text) + 1
		if *budget < 0 {
			return false, false
		}
		for _, k := range []Kind{KindList, KindAssoc} {
			if kind != Undefined && kind != k {
				continue
			}
			if val, ok := readMarked(d, v, text, marks, mask, k); ok && try(val) {
				return true, true
			}
		}
	}
	return false, true
}

// readMarked reads text as kind, with the marks whose bit is set in mask
// as separators ("," between members, "=" between a pair's name and
// value in an exploded array) and the others as the members' own.
func readMarked(d decoder, v *expr.Spec, text string, marks []int, mask int, kind Kind) (Value, bool) {
	var pieces []string // members, or names and values in turn for an array
	start, eq := 0, -1
	for b, i := range marks {
		if mask&(1<<b) == 0 {
			continue
		}
		switch {
		case text[i] == '=' && (kind != KindAssoc || eq >= 0):
			return Value{}, false
		case text[i] == '=':
			eq = i
		default:
			if kind == KindAssoc && v.Explode {
				if eq < 0 {
					return Value{}, false
				}
				pieces = append(pieces, text[start:eq], text[eq+1:i])
			} else {
				pieces = append(pieces, text[start:i])
			}
			start, eq = i+1, -1
		}
	}
	if kind == KindAssoc && v.Explode {
		if eq < 0 {
			return Value{}, false
		}
		pieces = append(pieces, text[start:eq], text[eq+1:])
	} else {
		pieces = append(pieces, text[start:])
	}
	if kind == KindList {
		return d.list(pieces)
	}
	if len(pieces)%2 != 0 {
		return Value{}, false
	}
	out := make([]Pair, len(pieces)/2)
	for i := range out {
		var ok1, ok2 bool
		out[i].Key, ok1 = d.decode(pieces[2*i])
		out[i].Value, ok2 = d.decode(pieces[2*i+1])
		if !ok1 || !ok2 {
			return Value{}, false
		}
	}
	return Value{kind: KindAssoc, pairs: out}, true
}
