// Package oracle holds the slow, obviously correct references that the
// tests of the module compare the parsers with: grammars transcribed into
// regular expressions and simulated as automata, which give both the verdict
// and the offset of the first byte that no valid string can continue with;
// generators of references, valid or one edit away from valid; and hostile
// inputs, with the check that the work of an operation on them, counted in
// bytes and allocations, grows linearly (HostileLinear). Counts give the
// same answer on any machine, so these checks run in every go test; the
// check of time is package internal/timing's. It is used by tests only.
package oracle

// A prefix is the beginning of some valid string exactly while at least one
// NFA thread is alive, because every state of an NFA compiled from a regular
// expression without assertions can reach the match state.

import (
	"encoding/binary"
	"regexp"
	"regexp/syntax"
	"slices"
	"sync"
)

// NFA simulates the NFA of a regular expression. The sets of NFA states met
// while reading bytes are cached as DFA states, built lazily, so that the
// same set is never computed twice; the cache changes nothing but speed.
type NFA struct {
	prog *syntax.Prog
	// Full is the same expression anchored, as a cross-check.
	Full *regexp.Regexp

	mu     sync.Mutex
	states []*dfaState
	index  map[string]int32 // key of a sorted NFA state set -> index in states
	start  int32            // the index of the start state in states
	sim    simulation       // the scratch of the NFA states met, kept between calls
}

// dfaState is a set of NFA instructions that read a byte or match.
type dfaState struct {
	pcs   []uint32
	match bool
	next  [256]int32 // 0: not computed yet; -1: no thread left; else index+1
}

// Compile returns the NFA of expr, a regular expression without
// assertions, whose classes are read byte by byte: a byte of 0x80 or more
// matches no class.
func Compile(expr string) *NFA {
	re, err := syntax.Parse(expr, syntax.Perl)
	if err != nil {
		panic(err)
	}
	prog, err := syntax.Compile(re.Simplify())
	if err != nil {
		panic(err)
	}
	return &NFA{prog: prog, Full: regexp.MustCompile(`^(?:` + expr + `)$`)}
}

// Check returns whether s matches the expression and, if not, the length of the
// longest prefix of s that is a prefix of some string that matches.
func (o *NFA) Check(s string) (ok bool, offset int) {
	o.mu.Lock()
	defer o.mu.Unlock()
	if o.index == nil || len(o.states) > 1<<16 {
		// Start, or start again when the cache has grown large.
		o.states, o.index = nil, map[string]int32{}
		o.sim = simulation{o: o, mark: make([]int, len(o.prog.Inst))}
		o.start = o.state(o.sim.closure(nil, uint32(o.prog.Start)))
	}
	sim, cur := &o.sim, o.start
	for i := 0; i < len(s); i++ {
		next := o.states[cur].next[s[i]]
		if next == 0 {
			next = -1
			r := rune(s[i]) // bytes, not runes: a byte >= 0x80 matches no class
			sim.gen++
			var set []uint32
			for _, pc := range o.states[cur].pcs {
				inst := &o.prog.Inst[pc]
				switch inst.Op {
				case syntax.InstRune, syntax.InstRune1, syntax.InstRuneAny, syntax.InstRuneAnyNotNL:
					if inst.MatchRune(r) {
						set = sim.closure(set, inst.Out)
					}
				}
			}
			if len(set) > 0 {
				next = o.state(set) + 1
			}
			o.states[cur].next[s[i]] = next
		}
		if next < 0 {
			return false, i
		}
		cur = next - 1
	}
	if o.states[cur].match {
		return true, 0
	}
	return false, len(s)
}

// state returns the index of the DFA state for the NFA state set, adding it
// if it is new.
func (o *NFA) state(set []uint32) int32 {
	slices.Sort(set)
	key := make([]byte, 0, 4*len(set))
	for _, pc := range set {
		key = binary.LittleEndian.AppendUint32(key, pc)
	}
	if i, ok := o.index[string(key)]; ok {
		return i
	}
	st := &dfaState{pcs: set}
	for _, pc := range set {
		st.match = st.match || o.prog.Inst[pc].Op == syntax.InstMatch
	}
	o.states = append(o.states, st)
	o.index[string(key)] = int32(len(o.states) - 1)
	return int32(len(o.states) - 1)
}

// simulation is the state of one run of the NFA: mark[pc] == gen when pc
// is already in the set being built for the current byte.
type simulation struct {
	o    *NFA
	mark []int
	gen  int
}

// closure adds pc and every instruction reachable from it without reading a
// byte to set, keeping only the instructions that read a byte or match.
func (sim *simulation) closure(set []uint32, pc uint32) []uint32 {
	stack := []uint32{pc}
	for len(stack) > 0 {
		pc := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if sim.mark[pc] == sim.gen+1 {
			continue
		}
		sim.mark[pc] = sim.gen + 1
		inst := &sim.o.prog.Inst[pc]
		switch inst.Op {
		case syntax.InstAlt, syntax.InstAltMatch:
			stack = append(stack, inst.Arg, inst.Out)
		case syntax.InstNop, syntax.InstCapture:
			stack = append(stack, inst.Out)
		case syntax.InstEmptyWidth:
			panic("oracle: assertions are not used")
		case syntax.InstFail:
		default:
			set = append(set, pc)
		}
	}
	return set
}
