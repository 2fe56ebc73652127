package match

// This file runs a compiled automaton as a Pike VM. The threads hold their
// captures in a persistent structure shared between them: a thread's
// captures are a chain of nodes, each recording one position for one slot,
// newest first, and a thread that forks shares its chain with the other
// branch. A step of a thread therefore costs the same whatever the number
// of the template's variables, and a match costs O(len(URI) × len(prog))
// in time. Nodes that no live thread reaches are dropped by a compaction
// that runs when the arena has doubled since the last one, so that memory
// depends on the threads alive at one position, not on the URI's length.

// capNode records that slot was set to pos; parent is the node before it
// on the same chain, or -1.
type capNode struct {
	slot, pos, parent int32
}

type thread struct {
	pc, cap int32 // cap: the newest node of the thread's chain, or -1
}

// vm runs a prog over one text; its buffers are reused from one position
// to the next.
type vm struct {
	p         *prog
	seen      []int32 // the position at which each instruction was last added
	cur, next []thread
	stack     []thread // pending instructions of the epsilon closure
	nodes     []capNode
	limit     int // the arena's length at which compact runs next
	steps     int // work done, for the tests of linearity
}

// minArena is the least length of the node arena before a compaction.
const minArena = 256

// run matches the whole of s and writes the recorded positions, offset by
// base, to dst (of p.slots entries), or reports false and the furthest
// position (plus base) that some thread reached. It takes at most budget
// steps: before a position, or a compaction, whose work could take it
// past them, it stops and reports spent. Its buffers come from the prog's
// pool, so that a match allocates nothing once they have grown.
func (p *prog) run(s string, base int, steps *int, budget int, dst []int) (ok bool, furthest int, spent bool) {
	m, _ := p.pool.Get().(*vm)
	if m == nil {
		m = &vm{p: p, seen: make([]int32, len(p.insts))}
	}
	defer p.pool.Put(m)
	// Setting up costs a step for each instruction, and so does, at
	// most, each position: a step for each thread and one for each
	// instruction that the threads of the next position reach.
	if 2*len(p.insts) > budget {
		return false, base, true
	}
	for i := range m.seen {
		m.seen[i] = -1
	}
	m.cur, m.next, m.nodes, m.limit, m.steps = m.cur[:0], m.next[:0], m.nodes[:0], minArena, len(p.insts)
	defer func() { *steps += m.steps }()
	m.cur = m.add(m.cur, 0, 0, base, -1)
	for pos := 0; len(m.cur) > 0; pos++ {
		furthest = pos
		if m.steps+len(m.cur)+len(p.insts) > budget {
			return false, base + pos, true
		}
		for _, t := range m.cur {
			m.steps++
			in := &p.insts[t.pc]
			switch in.op {
			case iMatch:
				if pos == len(s) {
					m.slots(t.cap, dst)
					return true, 0, false
				}
			case iByte:
				if pos < len(s) && (s[pos] == in.lo || s[pos] == in.hi) {
					m.next = m.add(m.next, t.pc+1, pos+1, base, t.cap)
				}
			case iClass:
				if pos < len(s) && in.cls[s[pos]] {
					m.next = m.add(m.next, t.pc+1, pos+1, base, t.cap)
				}
			}
		}
		if pos == len(s) {
			break
		}
		m.cur, m.next = m.next, m.cur[:0]
		if len(m.nodes) >= m.limit {
			// Compaction walks the chains of the threads and the arena.
			if m.steps+2*len(m.nodes) > budget {
				return false, base + pos, true
			}
			m.compact()
		}
	}
	return false, base + furthest, false
}

// add adds the thread at pc, with the captures cap, to list, following
// jumps, splits and saves at once, as a Pike VM does: each instruction
// once per position, in priority order (a depth-first walk, first branch
// first, kept on an explicit stack so that a long template does not
// recurse deeply).
func (m *vm) add(list []thread, pc int32, pos, base int, cap int32) []thread {
	stack := append(m.stack[:0], thread{pc, cap})
	for len(stack) > 0 {
		t := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if m.seen[t.pc] == int32(pos) {
			continue
		}
		m.seen[t.pc] = int32(pos)
		m.steps++
		in := &m.p.insts[t.pc]
		switch in.op {
		case iJmp:
			stack = append(stack, thread{int32(in.x), t.cap})
		case iSplit:
			stack = append(stack, thread{int32(in.y), t.cap}, thread{int32(in.x), t.cap})
		case iSave:
			m.nodes = append(m.nodes, capNode{slot: int32(in.slot), pos: int32(base + pos), parent: t.cap})
			stack = append(stack, thread{t.pc + 1, int32(len(m.nodes) - 1)})
		default:
			list = append(list, t)
		}
	}
	m.stack = stack
	return list
}

// slots writes to out the positions that the chain from cap records, the
// newest for each slot, -1 for a slot never set.
func (m *vm) slots(cap int32, out []int) {
	for i := range out {
		out[i] = -1
	}
	for ; cap >= 0; cap = m.nodes[cap].parent {
		if n := &m.nodes[cap]; out[n.slot] < 0 {
			out[n.slot] = int(n.pos)
		}
	}
}

// compact drops the nodes that no thread of m.cur reaches. Nodes are
// appended after their parents, so copying the live ones in order keeps
// every parent before its children.
func (m *vm) compact() {
	live := make([]int32, len(m.nodes))
	for i := range live {
		live[i] = -1
	}
	for _, t := range m.cur {
		for c := t.cap; c >= 0 && live[c] < 0; c = m.nodes[c].parent {
			live[c] = 0
			m.steps++
		}
	}
	n := int32(0)
	for i := range m.nodes {
		m.steps++
		if live[i] < 0 {
			continue
		}
		node := m.nodes[i]
		if node.parent >= 0 {
			node.parent = live[node.parent]
		}
		live[i] = n
		m.nodes[n] = node
		n++
	}
	m.nodes = m.nodes[:n]
	for i := range m.cur {
		if c := m.cur[i].cap; c >= 0 {
			m.cur[i].cap = live[c]
		}
	}
	m.limit = max(2*int(n), minArena)
}
