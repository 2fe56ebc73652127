package template

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
	slots := make([]int, p.slots)
	for i := range slots {
		slots[i] = -1
	}
	// A choice point to come back to; with slot >= 0, a slot to set back
	// to old when backtracking passes the save that changed it; with slot
	// == -2, the memo key failed[pc] to record when backtracking passes
	// the checkpoint that pushed it, every reading from it having failed.
	type entry struct{ pc, pos, slot, old int }
	stack := []entry{{slot: -1}}
	var failed map[memoKey]bool
	var pending []memoKey
	for len(stack) > 0 {
		e := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		switch {
		case e.slot >= 0:
			slots[e.slot] = e.old
			continue
		case e.slot == -2:
			failed[pending[e.pc]] = true
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
			if in.check > 0 && cp != nil {
				ok, key, memo := cp.check(int(in.check-1), slots)
				if !ok {
					break thread
				}
				if memo {
					k := memoKey{int32(pc), int32(pos), key}
					if failed[k] {
						break thread
					}
					if failed == nil {
						failed = map[memoKey]bool{}
					}
					pending = append(pending, k)
					stack = append(stack, entry{pc: len(pending) - 1, slot: -2})
				}
			}
			switch in.op {
			case iMatch:
				if pos == len(s) && yield(slots) {
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
				stack = append(stack, entry{pc: in.y, pos: pos, slot: -1})
				pc = in.x
			case iSave:
				stack = append(stack, entry{slot: in.slot, old: slots[in.slot]})
				slots[in.slot] = base + pos
				pc++
			}
		}
	}
	return false
}
