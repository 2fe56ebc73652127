package template

import "github.com/gouri/uri/internal/abnf"

// values reads the values of a reading from its captures and checks that
// they re-expand to the text that each occurrence took: Match returns
// only values that expand to the URI. On failure it returns the offset in
// the URI of the occurrence that does not re-expand.
func (r *run) values(caps []capture) (Values, int, bool) {
	m := r.m
	vals := Values{}
	for _, g := range m.groups {
		v, bad := r.variable(g, caps)
		if bad >= 0 {
			off := caps[bad].start
			if !caps[bad].set {
				off = caps[g[0]].start
			}
			return nil, off, false
		}
		if v.Defined() {
			vals[m.occs[g[0]].spec.name] = v
		}
	}
	return vals, 0, true
}

// variable returns the value of the variable whose occurrences are g: the
// value read from its leading occurrence, in the first kind whose value
// re-expands to the text of every occurrence. It returns -1 or the
// occurrence at which the first kind tried fails.
func (r *run) variable(g []int, caps []capture) (Value, int) {
	lead := leadOf(r.m, g, caps)
	if lead < 0 {
		return Value{}, -1 // written nowhere: undefined
	}
	bad := -1
	for _, kind := range r.kinds(lead) {
		v, ok := r.decode(lead, &caps[lead], kind)
		at := lead
		if ok {
			if at = r.check(g, caps, v); at < 0 {
				return v, -1
			}
		}
		if bad < 0 {
			bad = at
		}
	}
	return Value{}, bad
}

// leadOf returns the occurrence of g that the value is read from: the
// first written without a prefix modifier, or else the longest prefix
// written; -1 when none is written.
func leadOf(m *matcher, g []int, caps []capture) int {
	lead := -1
	for _, i := range g {
		if !caps[i].set {
			continue
		}
		if m.occs[i].spec.maxLen == 0 {
			return i
		}
		if lead < 0 || len(caps[i].text) > len(caps[lead].text) {
			lead = i
		}
	}
	return lead
}

var (
	defaultKinds = []Kind{Undefined, KindString, KindList, KindAssoc}
	stringKind   = []Kind{KindString}
)

// kinds returns the kinds to read occurrence i as, in order: the one that
// MatchOptions.Kinds gives, or the default rules (Undefined) and then each
// kind; a string for a prefix.
func (r *run) kinds(i int) []Kind {
	oc := r.m.occs[i]
	if oc.spec.maxLen > 0 {
		return stringKind
	}
	if k := r.o.kind(oc.spec.name); k != Undefined {
		return []Kind{k}
	}
	return defaultKinds
}

// decode reads the value of occurrence i from its capture c as kind.
func (r *run) decode(i int, c *capture, kind Kind) (Value, bool) {
	oc := r.m.occs[i]
	inPath := oc.op.char == '/' || (!oc.op.reserved && r.pathStart <= c.start && c.end <= r.pathEnd && r.pathStart < r.pathEnd)
	return decodeOccurrence(oc.op, oc.spec, c.text, inPath, kind)
}

// check returns the first occurrence of g whose text is not what v
// expands to there, or -1.
func (r *run) check(g []int, caps []capture, v Value) int {
	for _, i := range g {
		c, oc := &caps[i], r.m.occs[i]
		if c.set != v.Defined() {
			return i
		}
		if !c.set {
			continue
		}
		if oc.spec.maxLen > 0 && v.kind != KindString {
			return i
		}
		r.buf = appendValue(r.buf[:0], oc.op, oc.spec, v)
		if !sameText(c.text, abnf.String(r.buf), r.loose, false) {
			return i
		}
	}
	return -1
}

// sameText reports whether got, the text of a URI, is want, the text that
// expansion writes, but for the case of the hex digits of triplets (RFC
// 3986, Section 2.1). With loose, a triplet of an unreserved character in
// got stands for the character (Section 2.3); with plus, a "+" in got for
// "%20", as form decoding reads it.
func sameText(got, want string, loose, plus bool) bool {
	i, j := 0, 0
	for i < len(got) && j < len(want) {
		a, n := abnf.DecodedByte(got, i, false)
		b, k := abnf.DecodedByte(want, j, false)
		switch {
		case a != b && !(plus && n == 1 && a == '+' && k == 3 && b == ' '):
			return false
		case n != k && !(plus && a == '+') && !(loose && n == 3 && abnf.Classes[a]&abnf.Unreserved != 0):
			return false
		}
		i, j = i+n, j+k
	}
	return i == len(got) && j == len(want)
}
