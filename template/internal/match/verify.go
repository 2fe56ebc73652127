package match

import (
	"slices"

	"github.com/gouri/uri/internal/abnf"
	"github.com/gouri/uri/template/internal/expr"
)

// values reads the values of a reading from its captures and checks that
// they re-expand to the text that each occurrence took: Match returns
// only values that expand to the URI. On failure it returns the offset in
// the URI of the occurrence that does not re-expand.
func (r *run) values(caps []capture) ([]Value, int, bool) {
	m := r.m
	// The values are checked byte by byte, not by hashes.
	defer func(h *textHashes) { r.hashes = h }(r.hashes)
	r.hashes = nil
	if off, ok := r.navigates(caps); ok {
		return nil, off, false
	}
	vals := r.valRoom[:0]
	if len(m.groups) > len(r.valRoom) {
		vals = make([]Value, 0, len(m.groups))
	}
	vals = vals[:len(m.groups)]
	for gi, g := range m.groups {
		v, bad := r.variable(g, caps)
		if bad >= 0 {
			off := caps[bad].start
			if !caps[bad].set {
				off = caps[g[0]].start
			}
			return nil, off, false
		}
		vals[gi] = v
	}
	return vals, 0, true
}

// variable returns the value of the variable whose occurrences are g: the
// value read from one of its occurrences (see leads), in the first kind
// whose value re-expands to the text of every occurrence. It returns -1 or
// the occurrence at which the first value tried fails.
func (r *run) variable(g []int, caps []capture) (vals Value, bad int) {
	// A value is written at every occurrence or at none.
	for _, i := range g[1:] {
		if caps[i].set != caps[g[0]].set {
			return Value{}, i
		}
	}
	if r.pruning && r.hashes != nil {
		// Before its last occurrence, a variable need only agree with
		// itself: when the texts tell, nothing is decoded, so that a
		// search that tries many lengths of one text pays for none.
		told := true
		for _, i := range g[1:] {
			same, known := r.sameAsLead(i, g[0], caps)
			if known && !same {
				return Value{}, i
			}
			told = told && known
		}
		if told {
			return Value{}, -1
		}
	}
	leads := r.leads(g, caps)
	if len(leads) == 0 {
		return Value{}, -1 // written nowhere: undefined
	}
	bad = -1
	for _, lead := range leads {
		if at := r.differs(g, lead, caps); at >= 0 {
			if bad < 0 {
				bad = at
			}
			continue
		}
		for _, kind := range r.kinds(lead) {
			d := r.decoder(lead, &caps[lead])
			v, ok := r.decodeLead(d, lead, &caps[lead], kind)
			at := lead
			if ok {
				if at = r.check(g, caps, v, lead); at < 0 {
					return v, -1
				}
			}
			if bad < 0 {
				bad = at
			}
			if !d.op.Reserved || len(g) == 1 || kind == KindString {
				continue
			}
			if r.pruning {
				return Value{}, -1 // may agree: a search does not read them all
			}
			// The "," and "=" of the members of a reserved expansion may be
			// the members' own: read them so in turn.
			r.want.ok = false // the values tried are not the one remembered
			found, all := reservedReadings(d, r.m.occs[lead].spec, caps[lead].text, kind, &r.budget, func(v Value) bool {
				r.want.ok = false
				if r.check(g, caps, v, -1) < 0 {
					vals = v
					return true
				}
				return false
			})
			r.want.ok = false
			r.truncated = r.truncated || !all
			if found {
				return vals, -1
			}
		}
	}
	return Value{}, bad
}

// leads returns the occurrences of g that the value may be read from, in
// the order to try them. An occurrence of an operator other than "+" and
// "#" without a prefix modifier is enough alone: its text is the value's
// encoding, one to one. Otherwise a reserved expansion ("{+x}"), whose
// text may be read in several ways ("%25" is the expansion of "%" and of
// "%25"), comes first, then the prefixes, the longest text first, each
// text once. Nil when none is written.
func (r *run) leads(g []int, caps []capture) []int {
	out := r.leadBuf[:0]
	defer func() { r.leadBuf = out }()
	for _, i := range g {
		if oc := r.m.occs[i]; caps[i].set && oc.spec.MaxLen == 0 && !oc.op.Reserved {
			return append(out, i)
		}
	}
	for _, i := range g {
		if caps[i].set && r.m.occs[i].spec.MaxLen == 0 {
			out = append(out, i)
			break
		}
	}
	first := len(out)
	for _, i := range g {
		if !caps[i].set || r.m.occs[i].spec.MaxLen == 0 {
			continue
		}
		dup := false
		for _, j := range out[first:] {
			if caps[j].text == caps[i].text && r.m.occs[j].op.Reserved == r.m.occs[i].op.Reserved {
				dup = true
				break
			}
		}
		if !dup {
			out = append(out, i)
		}
	}
	prefixes := out[first:]
	slices.SortStableFunc(prefixes, func(a, b int) int { return len(caps[b].text) - len(caps[a].text) })
	r.budget -= len(g)
	return out
}

var (
	defaultKinds = []Kind{Undefined, KindString, KindList, KindAssoc}
	stringKind   = []Kind{KindString}
)

// kinds returns the kinds to read occurrence i as, in order: the one that
// Options.Kinds gives, or the default rules (Undefined) and then each
// kind; a string for a prefix.
func (r *run) kinds(i int) []Kind {
	oc := r.m.occs[i]
	if oc.spec.MaxLen > 0 {
		return stringKind
	}
	if k := r.o.kind(oc.spec.Name); k != Undefined {
		return []Kind{k}
	}
	return defaultKinds
}

// decoder returns the decoder of occurrence i, whose capture is c.
func (r *run) decoder(i int, c *capture) decoder {
	oc := r.m.occs[i]
	d := decoder{op: oc.op, slash: r.o.EncodedSlash, nonEmpty: r.o.NonEmpty, plus: r.plus(oc.op, c)}
	d.inPath = oc.op.Char == '/' || (!oc.op.Reserved && r.pathStart <= c.start && c.end <= r.pathEnd && r.pathStart < r.pathEnd)
	return d
}

// plus reports whether a "+" in the text of c, an occurrence of op, reads
// as a space: with Options.PlusAsSpace, for an operator other than
// "+" and "#" whose text is in the query.
func (r *run) plus(op *expr.Operator, c *capture) bool {
	return r.o.PlusAsSpace && !op.Reserved && r.u.HasQuery() && r.pathEnd < c.start && c.start <= r.fragStart
}

// leadValue remembers the last value read from an occurrence, and
// wantText the last text that check expanded it to, so that a search,
// which checks the occurrences of a variable against the same first one
// time and again, reads and writes it once.
type leadValue struct {
	leadKey
	val   Value
	valid bool
}

type leadKey struct {
	ok         bool
	occ        int
	start, end int
	kind       Kind
}

type wantText struct {
	ok   bool
	lead leadKey // the value expanded, by where it was read
	op   *expr.Operator
	spec *expr.Spec
}

// decodeLead returns decodeOccurrence of occurrence i, whose capture is
// c, as kind, from memory when it is the last value read.
func (r *run) decodeLead(d decoder, i int, c *capture, kind Kind) (Value, bool) {
	l := &r.leads4[kind&3]
	if l.ok && l.occ == i && l.start == c.start && l.end == c.end && l.kind == kind {
		r.lead = *l
		return l.val, l.valid
	}
	v, ok := decodeOccurrence(d, r.m.occs[i].spec, c.text, kind)
	r.budget -= len(c.text)
	*l = leadValue{leadKey: leadKey{ok: true, occ: i, start: c.start, end: c.end, kind: kind}, val: v, valid: ok}
	r.lead = *l
	return v, ok
}

// check returns the first occurrence of g whose text is not what v
// expands to there, or -1; lead, when not -1, is the occurrence that v was
// read from, checked first. v is r.lead's value unless r.want.ok is false.
func (r *run) check(g []int, caps []capture, v Value, lead int) int {
	if lead >= 0 && !r.checkOne(lead, caps, v) {
		return lead
	}
	for _, i := range g {
		if i == lead {
			continue
		}
		if same, known := r.sameAsLead(i, lead, caps); known {
			if !same {
				return i
			}
			continue
		}
		if !r.checkOne(i, caps, v) {
			return i
		}
	}
	return -1
}

// differs returns an occurrence of g whose text sameAsLead tells apart
// from lead's, whatever the value, or -1.
func (r *run) differs(g []int, lead int, caps []capture) int {
	if r.hashes == nil {
		return -1
	}
	for _, i := range g {
		if same, known := r.sameAsLead(i, lead, caps); i != lead && known && !same {
			return i
		}
	}
	return -1
}

// checkOne reports whether the text of occurrence i is what v expands to
// there.
func (r *run) checkOne(i int, caps []capture, v Value) bool {
	c, oc := &caps[i], r.m.occs[i]
	switch {
	case c.set != v.Defined():
		return false
	case !c.set:
		return true
	case oc.spec.MaxLen > 0 && v.kind != KindString:
		return false
	}
	if w := &r.want; !w.ok || w.lead != r.lead.leadKey || w.op != oc.op || w.spec != oc.spec {
		r.buf = appendValue(r.buf[:0], oc.op, oc.spec, v)
		r.budget -= len(r.buf)
		*w = wantText{ok: true, lead: r.lead.leadKey, op: oc.op, spec: oc.spec}
	}
	return sameText(c.text, abnf.String(r.buf), r.loose, r.plus(oc.op, c))
}

// sameAsLead tells, in a search (r.hashes set), whether occurrence i
// re-expands as lead does, which has just been checked, when it can tell
// in constant time: both written by the same operator and modifiers, their
// texts must then be the same but for the case of hex digits. known is
// false when it cannot tell.
func (r *run) sameAsLead(i, lead int, caps []capture) (same, known bool) {
	if r.hashes == nil || lead < 0 || r.loose {
		return false, false
	}
	a, b := &caps[i], &caps[lead]
	oa, ob := r.m.occs[i], r.m.occs[lead]
	if !a.set || !b.set || oa.op != ob.op || oa.spec.MaxLen != ob.spec.MaxLen || oa.spec.Explode != ob.spec.Explode ||
		len(a.text) != a.end-a.start || len(b.text) != b.end-b.start || r.plus(oa.op, a) || r.plus(ob.op, b) {
		return false, false
	}
	r.budget--
	return len(a.text) == len(b.text) && r.hashes.of(a.start, a.end) == r.hashes.of(b.start, b.end), true
}

// sameText reports whether got, the text of a URI, is want, the text that
// expansion writes, but for the case of the hex digits of triplets (RFC
// 3986, Section 2.1). With loose, a triplet of an unreserved character in
// got stands for the character (Section 2.3); with plus, a "+" in got for
// "%20", as form decoding reads it.
func sameText(got, want string, loose, plus bool) bool {
	if !loose && !plus && len(got) != len(want) {
		return false
	}
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

// searchCheck is the checkpoint of a search of run over s, the URI or,
// with shift > 0, the URI from which shift bytes were cut at cut.
type searchCheck struct {
	r          *run
	s          string
	cut, shift int
	from       int  // the automaton's first occurrence
	memo       bool // whether the automaton is the whole template's
	// For the memo: chain[o] hashes what occurrence o and those of its
	// variable before it read, key[j] what the reading before occurrence j
	// read of the variables that occur on both sides of j. Each is written
	// at its checkpoint, which every reading that goes on passes again, so
	// the entries before the current one are those of the current reading.
	chain, key []uint64
}

// check checks, when the search has read or skipped occurrence occ-1,
// that its text writes to no dot segment and that the occurrences of its
// variable read so far may have one value: some value read from the first
// of them or from occ-1 re-expands to both (the others were checked with
// the first before), or, when occ-1 is its last,
// the variable's value is found. That can only cut readings that values
// would reject. Each check costs the same whatever the number of
// occurrences before, but the last of a variable, so that a search stays
// linear in the template. The key hashes, for each variable with
// occurrences on both sides of occ, the texts of those read: the rest of
// the reading depends on nothing else, the other variables being checked.
func (c *searchCheck) check(occ int, slots []int) (bool, uint64, bool) {
	r := c.r
	if occ == 0 || occ-1 < c.from {
		return true, 0, c.memo && occ == 0
	}
	o := occ - 1
	if len(r.partial) < len(r.m.occs) {
		r.partial = make([]capture, len(r.m.occs))
	}
	caps := r.partial
	g := r.m.groups[r.m.groupOf[o]]
	last := o == g[len(g)-1]
	read := r.readBuf[:0]
	if last {
		for _, i := range g {
			if i >= c.from {
				read = append(read, i)
			}
		}
	} else {
		// The first read and o: the others were checked with the first.
		for _, i := range g {
			if i >= c.from {
				read = append(read, i)
				break
			}
		}
		if read[0] != o {
			read = append(read, o)
		}
	}
	for _, i := range read {
		c.capture(slots, i)
	}
	r.readBuf = read
	r.budget -= len(read)
	if caps[o].set && r.navigatesAt(&caps[o], r.m.occs[o].op) {
		return false, 0, false
	}
	if r.hashes == nil {
		r.hashes = newTextHashes(r.s)
		r.budget -= len(r.s)
	}
	r.pruning = !last
	_, bad := r.variable(read, caps)
	r.pruning = false
	if bad >= 0 || !c.memo {
		return bad < 0, 0, false
	}
	return true, c.rekey(o, g, &caps[o]), true
}

// length tells the length of the text of occurrence occ, at pos in the
// URI, when its variable's first occurrence is read and written by the
// same operator and modifiers: the same text, but for the case of hex
// digits; ok reports whether the URI has it there. When the first was
// skipped, the variable is undefined, and occ may not be written.
func (c *searchCheck) length(occ, pos int, slots []int) (n int, ok, known bool) {
	r := c.r
	g := r.m.groups[r.m.groupOf[occ]]
	lead := g[0]
	if lead == occ || lead < c.from || r.loose || r.hashes == nil || c.shift > 0 {
		return 0, false, false
	}
	a, b := slots[2*lead], slots[2*lead+1]
	if a < 0 || b < 0 {
		return 0, false, true // the variable was skipped: undefined
	}
	ol, oo := r.m.occs[lead], r.m.occs[occ]
	if ol.op != oo.op || ol.spec.MaxLen != oo.spec.MaxLen || ol.spec.Explode != oo.spec.Explode || r.o.PlusAsSpace {
		return 0, false, false
	}
	n = b - a
	r.budget--
	return n, pos+n <= len(c.s) && r.hashes.of(a, b) == r.hashes.of(pos, pos+n), true
}

// rekey records the hashes of occurrence o, of the variable whose
// occurrences are g, and returns the key after it.
func (c *searchCheck) rekey(o int, g []int, cp *capture) uint64 {
	if c.chain == nil {
		c.chain = make([]uint64, len(c.r.m.occs))
		c.key = make([]uint64, len(c.r.m.occs)+1)
	}
	h := uint64(14695981039346656037) + uint64(c.r.m.groupOf[o])
	if p := c.r.m.prev[o]; p >= 0 {
		h = c.chain[p]
	}
	mix := func(b byte) { h = (h ^ uint64(b)) * 1099511628211 }
	mix(0xff)
	if cp.set {
		mix(byte(c.r.zone(cp)))
		if len(cp.text) == cp.end-cp.start {
			h ^= spread(c.r.hashes.of(cp.start, cp.end) + uint64(len(cp.text)))
		} else {
			for k := 0; k < len(cp.text); k++ {
				mix(cp.text[k])
			}
			c.r.budget -= len(cp.text)
		}
	}
	c.chain[o] = h
	// A variable is live at j when it occurs before j and at j or after.
	k := c.key[o]
	if p := c.r.m.prev[o]; p >= 0 {
		k ^= spread(c.chain[p])
	}
	if o != g[len(g)-1] {
		k ^= spread(h)
	}
	c.key[o+1] = k
	return k
}

// spread mixes the bits of h (the finalizer of SplitMix64), so that the
// keys of several variables may be combined with xor.
func spread(h uint64) uint64 {
	h = (h ^ h>>30) * 0xbf58476d1ce4e5b9
	h = (h ^ h>>27) * 0x94d049bb133111eb
	return h ^ h>>31
}

// capture records in r.partial the capture of occurrence i that slots
// hold, and returns it.
func (c *searchCheck) capture(slots []int, i int) *capture {
	cp := &c.r.partial[i]
	*cp = capture{}
	if a, b := slots[2*i], slots[2*i+1]; a >= 0 && b >= 0 {
		*cp = capture{set: true, start: a, end: b, text: c.s[a:b]}
		if c.shift > 0 && a >= c.cut {
			cp.start, cp.end = a+c.shift, b+c.shift
		}
	}
	return cp
}

// zone returns 0 when c is in the URI's path, 1 in its query, 2 else: the
// places that decoding tells apart.
func (r *run) zone(c *capture) int {
	switch {
	case r.pathStart <= c.start && c.end <= r.pathEnd:
		return 0
	case r.u.HasQuery() && r.pathEnd < c.start && c.start <= r.fragStart:
		return 1
	}
	return 2
}

// appendValue appends the text of one defined variable after the
// operator's first string or separator (RFC 6570, Appendix A).
func appendValue(b []byte, op *expr.Operator, v *expr.Spec, val Value) []byte {
	if val.kind == KindString {
		return expr.AppendString(b, op, v, val.s)
	}
	return expr.AppendComposite(b, op, v, val.items, val.pairs)
}
