package match

import (
	"sync"

	"github.com/gouri/uri/internal/abnf"
	"github.com/gouri/uri/template/internal/expr"
)

// This file compiles the parts of a template into a nondeterministic
// automaton over the bytes of a URI, and runs it as a Pike VM: all the
// threads of the automaton advance together, one byte at a time, and a
// position is never visited twice by the same instruction. Matching is
// therefore linear in the length of the URI (times the size of the
// template), whatever the input: there is no backtracking. Threads are kept
// in priority order, so that among all the ways to split a URI, the one
// that the documented rule prefers wins (see template's Template.Match).

// Instruction kinds.
const (
	iByte  = iota // the byte is lo or hi
	iClass        // the byte is in cls
	iSplit        // go on at x and at y, x first
	iJmp          // go on at x
	iSave         // record the position in slot, go on at the next; x: the save that ends the occurrence, for one that begins it
	iMatch        // the whole input has been read: a match
)

type inst struct {
	op     uint8
	lo, hi byte
	// check, when above 0, marks where the occurrences before check-1 have
	// all been read or skipped: the search checks them there (see each).
	check int32
	cls   *[256]bool
	x, y  int
	slot  int
}

// prog is a compiled automaton; slots are the number of positions that a
// match records: two for each occurrence of a variable.
type prog struct {
	insts []inst
	slots int
	pool  sync.Pool // of *vm: the buffers of runs, to be reused
}

// The classes of the bytes that a variable's value may hold unencoded in
// an expansion, and the hex digits of a pct-encoded triplet. The label
// operator's values hold no "." (its separator: see labelRule).
var (
	hexTable   = classOf(abnf.Hex)
	itemU      = expr.Allowed(false)
	itemUR     = expr.Allowed(true)
	itemULabel = func() [256]bool { t := itemU; t['.'] = false; return t }()
	// With Options.PlusAsSpace, "+" too.
	itemUPlus      = func() [256]bool { t := itemU; t['+'] = true; return t }()
	itemULabelPlus = func() [256]bool { t := itemULabel; t['+'] = true; return t }()
	noByte         [256]bool // a dead end
)

func classOf(mask uint16) (t [256]bool) {
	for c := range t {
		t[c] = abnf.Classes[c]&mask != 0
	}
	return t
}

// variant is what of Options changes the automaton.
type variant struct {
	// named holds the kind, String or List, of the exploded variables of
	// named operators whose pairs Options.Kinds says are all named
	// by the variable.
	named map[string]Kind
	// nonEmpty: an expression of "" or "+" writes something
	// (Options.NonEmpty), since it writes nothing alike for an
	// undefined variable and for the empty string.
	nonEmpty bool
	// plus: a value may hold "+" for a space (Options.PlusAsSpace);
	// where it may not, the values read are refused.
	plus bool
}

// builder emits instructions.
type builder struct {
	insts []inst
	*variant
}

func (b *builder) emit(in inst) int {
	b.insts = append(b.insts, in)
	return len(b.insts) - 1
}

func (b *builder) pc() int { return len(b.insts) }

func (b *builder) byte(c byte) { b.emit(inst{op: iByte, lo: c, hi: c}) }

func (b *builder) class(cls *[256]bool) { b.emit(inst{op: iClass, cls: cls}) }

// star emits body* : greedy prefers one more round, lazy one less.
func (b *builder) star(greedy bool, body func()) {
	split := b.emit(inst{op: iSplit})
	in := b.pc()
	body()
	b.emit(inst{op: iJmp, x: split})
	b.setSplit(split, in, b.pc(), greedy)
}

// opt emits body? : greedy prefers taking it.
func (b *builder) opt(greedy bool, body func()) {
	split := b.emit(inst{op: iSplit})
	in := b.pc()
	body()
	b.setSplit(split, in, b.pc(), greedy)
}

// setSplit makes the split at pc try in before out when prefer is set.
func (b *builder) setSplit(pc, in, out int, prefer bool) {
	if prefer {
		b.insts[pc].x, b.insts[pc].y = in, out
	} else {
		b.insts[pc].x, b.insts[pc].y = out, in
	}
}

// literal emits text as an expansion writes it; the hex digits of its
// pct-encoded triplets match in either case (RFC 3986, Section 2.1).
func (b *builder) literal(text string) {
	for i := 0; i < len(text); i++ {
		c := text[i]
		if c == '%' && i+2 < len(text) && abnf.IsHex(text[i+1]) && abnf.IsHex(text[i+2]) {
			b.byte('%')
			for _, h := range []byte{text[i+1], text[i+2]} {
				b.emit(inst{op: iByte, lo: upper(h), hi: abnf.Lower(h)})
			}
			i += 2
			continue
		}
		b.byte(c)
	}
}

func upper(c byte) byte {
	if 'a' <= c && c <= 'z' {
		return c - 'a' + 'A'
	}
	return c
}

// either emits first | second, first preferred.
func (b *builder) either(first, second func()) {
	split := b.emit(inst{op: iSplit})
	x := b.pc()
	first()
	jmp := b.emit(inst{op: iJmp})
	y := b.pc()
	second()
	b.insts[split].x, b.insts[split].y = x, y
	b.insts[jmp].x = b.pc()
}

// triplet emits one pct-encoded triplet whose first hex digit is in first.
func (b *builder) triplet(first *[256]bool) {
	b.byte('%')
	b.class(first)
	b.class(&hexTable)
}

// item emits one encoded member: bytes of cls and pct-encoded triplets.
func (b *builder) item(cls *[256]bool, greedy bool) {
	b.star(greedy, func() {
		b.either(func() { b.class(cls) }, func() { b.triplet(&hexTable) })
	})
}

// maxBounded is the longest prefix modifier that the automaton counts in
// code points; a longer one is checked after the match (see agree).
const maxBounded = 64

// upTo emits at most n code points of a member, as a prefix modifier of
// n allows (RFC 6570, Section 2.4.1): greedy takes as many as it can. It
// is n nested options, (cp (cp (...)?)?)?, each of which leaves for the
// end of the whole when it is not taken.
func (b *builder) upTo(n int, cls *[256]bool, greedy bool) {
	var splits [maxBounded]int
	for i := range n {
		splits[i] = b.emit(inst{op: iSplit})
		b.codePoint(cls)
	}
	for _, pc := range splits[:n] {
		b.setSplit(pc, pc+1, b.pc(), greedy)
	}
}

// codePoint emits one code point of a member: a byte of cls, or the
// pct-encoded UTF-8 of one code point, a triplet that is not a
// continuation byte followed by those that are.
func (b *builder) codePoint(cls *[256]bool) {
	b.either(func() { b.class(cls) }, func() {
		b.triplet(&leadHex)
		b.star(true, func() { b.triplet(&contHex) })
	})
}

// The first hex digit of a pct-encoded byte that begins a UTF-8 sequence
// (0-7 and C-F) and of one that continues it (8-B).
var leadHex, contHex = func() (lead, cont [256]bool) {
	for _, c := range "01234567CDEFcdef" {
		lead[c] = true
	}
	for _, c := range "89ABab" {
		cont[c] = true
	}
	return lead, cont
}()

// itemClass returns the class of a member's unencoded bytes for op.
func (b *builder) itemClass(op *expr.Operator) *[256]bool {
	switch {
	case op.Reserved:
		return &itemUR
	case op.Char == '.' && b.plus:
		return &itemULabelPlus
	case op.Char == '.':
		return &itemULabel
	case b.plus:
		return &itemUPlus
	}
	return &itemU
}

// value emits the text of one variable of an expression with operator op,
// after the operator's first string or separator: what appendVar writes,
// for a value of any kind (RFC 6570, Appendix A).
func (b *builder) value(op *expr.Operator, v *expr.Spec, greedy bool) {
	cls := b.itemClass(op)
	item := func() { b.item(cls, greedy) }
	if v.MaxLen > 0 && v.MaxLen <= maxBounded {
		item = func() { b.upTo(v.MaxLen, cls, greedy) }
	}
	members := func() { // item *( "," item ), a string's or a composite's
		item()
		if v.MaxLen == 0 && !op.Reserved {
			b.star(greedy, func() { b.byte(','); item() })
		}
	}
	// valued emits "=" and then body after a name: "=" is optional where
	// the operator writes none for an empty value (";x").
	valued := func(body func()) {
		if op.Ifemp == '=' {
			b.byte('=')
			body()
		} else {
			b.opt(greedy, func() { b.byte('='); body() })
		}
	}
	switch {
	case op.Named && !v.Explode:
		b.literal(v.Name)
		valued(members)
	case op.Named && b.named[v.Name] != Undefined:
		// A string or a list, exploded: each pair is named by the variable
		// (";x=a;x=b"), one pair for a string.
		pair := func() { b.literal(v.Name); valued(item) }
		pair()
		if b.named[v.Name] == KindList {
			b.star(greedy, func() { b.byte(op.Sep); pair() })
		}
	case op.Named:
		pair := func() { item(); valued(item) } // a member's name (the variable's, or a pair's) and value
		pair()
		b.star(greedy, func() { b.byte(op.Sep); pair() })
	case !v.Explode:
		members()
	default:
		part := func() {
			item()
			if !op.Reserved {
				b.opt(greedy, func() { b.byte('='); item() })
			}
		}
		part()
		b.star(greedy, func() { b.byte(op.Sep); part() })
	}
}

// expression emits an expression whose first variable has the occurrence
// number occ. Each variable is either skipped (undefined) or written after
// the operator's first string, when no variable before it was written, or
// after its separator. Writing is preferred to skipping; the last variable
// takes the longest text it can, the others the shortest (see
// template's Template.Match).
func (b *builder) expression(p *expr.Part, occ int) {
	k := len(p.Specs)
	none := make([]int, k+1) // entry when no variable has been written yet
	some := make([]int, k+1) // entry after a written one
	var fix []func()
	for i := range p.Specs {
		v := &p.Specs[i]
		greedy := i == k-1
		slot := 2 * (occ + i)
		for _, written := range []bool{false, true} {
			if written && i == 0 {
				continue // no variable before the first
			}
			split := b.emit(inst{op: iSplit, check: int32(occ + i + 1)})
			if written {
				some[i] = split
				b.byte(p.Operator.Sep)
			} else {
				none[i] = split
				if p.Operator.First != 0 {
					b.byte(p.Operator.First)
				}
			}
			start := b.emit(inst{op: iSave, slot: slot})
			b.value(p.Operator, v, greedy)
			b.insts[start].x = b.emit(inst{op: iSave, slot: slot + 1})
			jmp := b.emit(inst{op: iJmp})
			fix = append(fix, func() {
				b.insts[split].x = split + 1
				if written {
					b.insts[split].y = some[i+1]
				} else {
					b.insts[split].y = none[i+1]
				}
				b.insts[jmp].x = some[i+1]
			})
		}
	}
	none[k] = b.emit(inst{op: iJmp, check: int32(occ + k + 1)})
	if b.nonEmpty && (p.Operator.Char == 0 || p.Operator.Char == '+') {
		b.insts[none[k]] = inst{op: iClass, cls: &noByte} // it wrote nothing
	}
	some[k] = b.emit(inst{op: iJmp, check: int32(occ + k + 1)})
	b.insts[none[k]].x, b.insts[some[k]].x = b.pc(), b.pc()
	for _, f := range fix {
		f()
	}
}

// compile returns the automaton of the parts, whose variables have the
// occurrence numbers from occ on, anchored at both ends, for the variant v.
func compile(parts []expr.Part, occ int, slots int, v *variant) *prog {
	b := &builder{variant: v, insts: make([]inst, 0, v.progSize(parts))}
	for i := range parts {
		p := &parts[i]
		if p.Operator == nil {
			b.literal(p.Lit)
			continue
		}
		b.expression(p, occ)
		occ += len(p.Specs)
	}
	b.emit(inst{op: iMatch})
	return &prog{insts: b.insts, slots: slots}
}

// The sizes of what the builder emits, in instructions, by which a
// template's automaton is counted before it is built (Matcher.size): a
// test compares them with the automata that compile builds.
const (
	// item: star(either(class, triplet)): a split, the either's split,
	// class and jump, the triplet's three, the star's jump.
	itemSize = 8
	// codePoint: either's split, class and jump, a triplet, and a star of
	// a triplet (split, three, jump).
	codePointSize = 11
)

// progSize returns the instructions that compile emits for the parts
// with the variant v.
func (v *variant) progSize(parts []expr.Part) int {
	n := 1 // iMatch
	for i := range parts {
		p := &parts[i]
		if p.Operator == nil {
			n += len(p.Lit) // a byte each, a triplet three
			continue
		}
		n += v.expressionSize(p)
	}
	return n
}

// expressionSize returns the instructions that expression emits for p:
// for each variable, one way in when no variable before it was written
// and, but for the first, one after a written one, each a split, the
// operator's first string or separator (a byte, if any), two saves, the
// value and a jump; then the two jumps out.
func (v *variant) expressionSize(p *expr.Part) int {
	n := 2
	for i := range p.Specs {
		val := 4 + v.valueSize(p.Operator, &p.Specs[i])
		if p.Operator.First != 0 {
			n += val + 1
		} else {
			n += val
		}
		if i > 0 {
			n += val + 1 // the separator
		}
	}
	return n
}

// valueSize returns the instructions that value emits for the variable s
// of an expression with operator op.
func (v *variant) valueSize(op *expr.Operator, s *expr.Spec) int {
	item := itemSize
	if s.MaxLen > 0 && s.MaxLen <= maxBounded {
		item = s.MaxLen * (1 + codePointSize) // upTo: a split and a code point each
	}
	members := item
	if s.MaxLen == 0 && !op.Reserved {
		members += 3 + item // star: split, ",", item, jump
	}
	valued := func(body int) int {
		if op.Ifemp == '=' {
			return 1 + body // "=" and body
		}
		return 2 + body // opt: split, "=", body
	}
	switch {
	case op.Named && !s.Explode:
		return len(s.Name) + valued(members)
	case op.Named && v.named[s.Name] != Undefined:
		pair := len(s.Name) + valued(item)
		if v.named[s.Name] == KindList {
			return 2*pair + 3 // pair, star: split, separator, pair, jump
		}
		return pair
	case op.Named:
		pair := item + valued(item)
		return 2*pair + 3
	case !s.Explode:
		return members
	}
	part := item
	if !op.Reserved {
		part += 2 + item // opt: split, "=", item
	}
	return 2*part + 3
}
