package match

// A checkpoint is where a search has read or skipped every occurrence
// before one: checked there, a reading that cannot re-expand is cut at
// once, and, when the text that the rest of the template must agree with
// is one that a search already failed to continue from, it is cut as well
// (memoized), so that the readings that differ only before that point are
// not tried again and again.
type checkpoint interface {
	// check checks the occurrences before occ, of which the last was just
	// read or skipped, and reports false when the reading cannot
	// re-expand to the URI; with memo, it returns the key of what the rest
	// of the reading depends on besides the position.
	check(occ int, slots []int) (ok bool, key uint64, memo bool)
	// length returns, when occurrence occ is about to be read at pos, the
	// length its text must have, and whether the text there may be it;
	// known is false when it cannot tell.
	length(occ, pos int, slots []int) (n int, ok, known bool)
}

// memoKey is a point of a search that failed: an instruction, a position
// and the key of check.
type memoKey struct {
	pc, pos int32
	key     uint64
}

// each calls yield with the positions recorded by each reading of s by the
// automaton, offset by base, in the order of preference (the order in
// which the Pike VM of run ranks them, the first of which it returns),
// until yield returns true, and reports whether it did. It backtracks, and
// stops when the budget of steps runs out: the number of readings may grow
// exponentially with the input, which the budget bounds. At each
// checkpoint of the automaton, cp, when not nil, may cut the readings
// that follow short.
func (p *prog) each(s string, base int, budget *int, cp checkpoint, yield func(slots []int) bool) bool {
	b := &backtrack{p: p, base: base, end: len(s), cp: cp, slots: make([]int, p.slots), stack: []entry{{slot: -1}}}
	for i := range b.slots {
		b.slots[i] = -1
	}
	for len(b.stack) > 0 {
		e := b.stack[len(b.stack)-1]
		b.stack = b.stack[:len(b.stack)-1]
		switch {
		case e.slot >= 0:
			b.slots[e.slot] = e.old
			continue
		case e.slot == -2:
			b.failed[b.pending[e.pc]] = true
			continue
		}
		pc, pos := e.pc, e.pos
	thread:
		for {
			if *budget <= 0 {
				return false
			}
			*budget--
			in := &p.insts[pc]
			if in.check > 0 && cp != nil && !b.checkpoint(in, pc, pos) {
				break thread
			}
			switch in.op {
			case iMatch:
				if pos == len(s) && yield(b.slots) {
					return true
				}
				break thread
			case iByte:
				if pos == len(s) || (s[pos] != in.lo && s[pos] != in.hi) {
					break thread
				}
				pc, pos = pc+1, pos+1
			case iClass:
				if pos == len(s) || !in.cls[s[pos]] {
					break thread
				}
				pc, pos = pc+1, pos+1
			case iJmp:
				pc = in.x
			case iSplit:
				b.stack = append(b.stack, entry{pc: in.y, pos: pos, slot: -1})
				pc = in.x
			case iSave:
				var ok bool
				if pc, pos, ok = b.save(in, pc, pos); !ok {
					break thread
				}
			}
		}
	}
	return false
}

// backtrack is the state of a search of each.
type backtrack struct {
	p     *prog
	base  int
	end   int // the length of the text searched
	cp    checkpoint
	slots []int
	stack []entry
	// failed holds the memo keys of the points from which every reading
	// failed; pending those that each reading passed.
	failed  map[memoKey]bool
	pending []memoKey
}

// entry is a choice point to come back to; with slot >= 0, a slot to set
// back to old when backtracking passes the save that changed it; with slot
// == -2, the memo key pending[pc] to record as failed when backtracking
// passes the checkpoint that pushed it, every reading from it having
// failed.
type entry struct{ pc, pos, slot, old int }

// checkpoint runs the checkpoint of the instruction in at pc and reports
// whether the reading may go on.
func (b *backtrack) checkpoint(in *inst, pc, pos int) bool {
	ok, key, memo := b.cp.check(int(in.check-1), b.slots)
	if !ok || !memo {
		return ok
	}
	k := memoKey{int32(pc), int32(pos), key}
	if b.failed[k] {
		return false
	}
	if b.failed == nil {
		b.failed = map[memoKey]bool{}
	}
	b.pending = append(b.pending, k)
	b.stack = append(b.stack, entry{pc: len(b.pending) - 1, slot: -2})
	return true
}

// save runs the save in at pc, and returns where the reading goes on. At
// the start of an occurrence whose variable is read already, its text is
// known, and the automaton need not try the others: the reading goes on
// after the occurrence, or stops (ok false).
func (b *backtrack) save(in *inst, pc, pos int) (int, int, bool) {
	b.stack = append(b.stack, entry{slot: in.slot, old: b.slots[in.slot]})
	b.slots[in.slot] = b.base + pos
	if in.slot%2 != 0 || b.cp == nil {
		return pc + 1, pos, true
	}
	n, ok, known := b.cp.length(in.slot/2, b.base+pos, b.slots)
	switch {
	case !known:
		return pc + 1, pos, true
	case !ok || pos+n > b.end:
		return pc, pos, false
	}
	end := &b.p.insts[in.x]
	b.stack = append(b.stack, entry{slot: end.slot, old: b.slots[end.slot]})
	b.slots[end.slot] = b.base + pos + n
	return in.x + 1, pos + n, true
}
