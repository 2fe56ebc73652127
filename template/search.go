package template

// each calls yield with the positions recorded by each reading of s by the
// automaton, offset by base, in the order of preference (the order in
// which the Pike VM of run ranks them, the first of which it returns),
// until yield returns true, and reports whether it did. It backtracks, and
// stops when the budget of steps runs out: the number of readings may grow
// exponentially with the input, which the budget bounds.
func (p *prog) each(s string, base int, budget *int, yield func(slots []int) bool) bool {
	slots := make([]int, p.slots)
	for i := range slots {
		slots[i] = -1
	}
	// A choice point to come back to, or, with slot >= 0, a slot to set
	// back to old when backtracking passes the save that changed it.
	type entry struct{ pc, pos, slot, old int }
	stack := []entry{{slot: -1}}
	for len(stack) > 0 {
		e := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if e.slot >= 0 {
			slots[e.slot] = e.old
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
