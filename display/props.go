package display

import (
	"slices"
)

// This file reads the generated tables of tables.go: the properties of a
// code point that the checks need, its decomposition, its prototype in
// confusables.txt and its combining class.

// script is a Unicode script (Unicode Standard Annex #24), one of the
// constants of tables.go.
type script uint8

// String returns the script's name as Scripts.txt spells it.
func (s script) String() string {
	if int(s) < len(scriptNames) {
		return scriptNames[s]
	}
	return scriptNames[0]
}

// extension is one range of Script_Extensions values.
type extension struct {
	lo, hi  rune
	scripts []script
}

// prop is what the tables say of one code point.
type prop struct {
	script script
	flags  uint8
	zero   rune // the zero of its numbering system, for a digit
}

func (p prop) allowed() bool { return p.flags&flagAllowed != 0 }
func (p prop) mark() bool    { return p.flags&flagMark != 0 }
func (p prop) digit() bool   { return p.flags&flagDigit != 0 }

// decomposes and combining hold for the covered code points only (those
// Allowed and the nonspacing marks).
func (p prop) decomposes() bool { return p.flags&flagDecomposes != 0 }
func (p prop) combining() bool  { return p.flags&flagCombining != 0 }

// plainIDNA holds for an Allowed code point that is valid in a label of
// UTS #46 wherever it stands (but a mark at the start), starts a segment
// of NFC and is not right to left (bidi class R, AL or AN); anyMark for a
// code point of General_Category Mark.
func (p prop) plainIDNA() bool { return p.flags&flagPlainIDNA != 0 }
func (p prop) anyMark() bool   { return p.flags&flagAnyMark != 0 }

// simpleNFD holds for a covered code point whose canonical decomposition
// is a starter alone or a starter and one combining mark other than U+0307
// COMBINING DOT ABOVE.
func (p prop) simpleNFD() bool { return p.flags&flagSimpleNFD != 0 }

// The flags of props, as the generator writes them.
const (
	flagAllowed    = 1 << iota // Identifier_Status=Allowed (UTS #39, Section 3.1)
	flagMark                   // General_Category=Nonspacing_Mark
	flagDigit                  // General_Category=Decimal_Number
	flagDecomposes             // a canonical decomposition other than itself
	flagCombining              // a canonical combining class other than 0
	flagPlainIDNA              // see prop.plainIDNA
	flagAnyMark                // General_Category=Mark
	flagSimpleNFD              // see prop.simpleNFD
)

// propOf returns the properties of r; a code point that is neither Allowed
// nor a nonspacing mark has none (scriptUnknown, no flags). Below U+0800 it
// reads the table low: the flags in bits 0 to 7 of an entry, the script in
// bits 8 to 15, the value of a digit in bits 28 to 31.
func propOf(r rune) prop {
	if uint32(r) < uint32(len(low)) {
		v := low[r]
		p := prop{script: script(v >> 8), flags: uint8(v)}
		if p.digit() {
			p.zero = r - rune(v>>28)
		}
		return p
	}
	return searchProp(r)
}

func searchProp(r rune) prop {
	i := lastAtMost(props[:], propsBlocks, r)
	if i < 0 {
		return prop{}
	}
	p := props[i]
	lo, hi := rune(p>>43), rune(p>>22&(1<<21-1))
	if r < lo || r > hi {
		return prop{}
	}
	q := prop{script: script(p >> 8), flags: uint8(p)}
	if q.digit() {
		q.zero = lo
	}
	return q
}

// hasExtension reports whether sc is one of the Script_Extensions of r: a
// code point with extensions of its own has those, any other its script.
// Common and Inherited are no script's extension here (the way a regular
// expression's \p{scx=Latn} does not match a digit).
func hasExtension(r rune, sc script) bool {
	if e := extensionOf(r); e != nil {
		for _, s := range e.scripts {
			if s == sc {
				return true
			}
		}
		return false
	}
	return propOf(r).script == sc
}

// extensionOf returns the Script_Extensions of r, if it has its own.
func extensionOf(r rune) *extension {
	if r < scriptExtensions[0].lo || r > scriptExtensions[len(scriptExtensions)-1].hi {
		return nil
	}
	for i := range scriptExtensions {
		if e := &scriptExtensions[i]; r >= e.lo && r <= e.hi {
			return e
		}
	}
	return nil
}

// blockIndex narrows the search of a sorted table to one block of
// 1<<blockShift code points: entry b is the number of entries of the table
// whose first code point is below b<<blockShift. The tables of this
// package are built once, by the initializers below, so that a search
// costs a few comparisons instead of a dozen steps of a binary search over
// the whole table.
type blockIndex [indexedBlocks + 1]uint16

// The blocks of a blockIndex: 64 code points each, up to U+3FFFF (the
// planes of the Allowed code points); a code point above is searched in
// the entries past the last block.
const (
	blockShift    = 6
	indexedBlocks = 0x40000 >> blockShift
)

var (
	propsBlocks  = newBlockIndex(len(props), func(i int) rune { return rune(props[i] >> 43) })
	cccBlocks    = newBlockIndex(len(cccRanges), func(i int) rune { return rune(cccRanges[i] >> 43) })
	confBlocks   = newBlockIndex(len(confKeys), func(i int) rune { return rune(confKeys[i]) })
	decompBlocks = newBlockIndex(len(decompKeys), func(i int) rune { return rune(decompKeys[i]) })
)

// newBlockIndex returns the blockIndex of a table of n entries, sorted by
// their first code points first(i).
func newBlockIndex(n int, first func(i int) rune) *blockIndex {
	x := new(blockIndex)
	i := 0
	for b := range x {
		for i < n && first(i) < rune(b)<<blockShift {
			i++
		}
		x[b] = uint16(i)
	}
	return x
}

// span returns the entries of a table indexed by x among which to search
// for r: every entry before lo starts below r, and every entry from hi on
// (hi is n past the last block) starts above it.
func (x *blockIndex) span(r rune, n int) (lo, hi int) {
	if r < 0 {
		return 0, 0
	}
	if b := r >> blockShift; b < indexedBlocks {
		return int(x[b]), int(x[b+1])
	}
	return int(x[indexedBlocks]), n
}

// lastAtMost returns the index of the last range of ranges (packed with
// the first code point in bits 43 to 63, in order, indexed by x) that
// starts at or before r, or -1.
func lastAtMost(ranges []uint64, x *blockIndex, r rune) int {
	lo, hi := x.span(r, len(ranges)) // the answer is below hi, and lo-1 or more
	for lo < hi {
		m := int(uint(lo+hi) >> 1)
		if rune(ranges[m]>>43) <= r {
			lo = m + 1
		} else {
			hi = m
		}
	}
	return lo - 1
}

// lookup returns the string that keys (indexed by x), index and text map r
// to.
func lookup(keys []uint32, x *blockIndex, index []uint16, text string, r rune) (string, bool) {
	lo, hi := x.span(r, len(keys))
	for lo < hi {
		m := int(uint(lo+hi) >> 1)
		if keys[m] < uint32(r) {
			lo = m + 1
		} else {
			hi = m
		}
	}
	if lo == len(keys) || keys[lo] != uint32(r) {
		return "", false
	}
	return text[index[lo]:index[lo+1]], true
}

// The words of an entry of bits.
const (
	bitConfusable = iota // a prototype in confusables.txt
	bitDecomposes        // a canonical decomposition
	bitCombining         // a nonzero canonical combining class
)

// maybe reports whether r may have the property k of bits: false when the
// table bits says it has not, true when it says it has or does not hold r.
func maybe(r rune, k int) bool {
	if uint32(r) >= uint32(len(bitsBlock))<<6 {
		return true
	}
	return bits[bitsBlock[r>>6]][k]>>(r&63)&1 != 0
}

// prototypeOf returns the prototype of r in confusables.txt, if it has
// one.
func prototypeOf(r rune) (string, bool) {
	if !maybe(r, bitConfusable) {
		return "", false
	}
	return lookup(confKeys[:], confBlocks, confIndex[:], confText, r)
}

// The Hangul syllables and the jamo they decompose into (Unicode, Section
// 3.12).
const (
	hangulBase  = 0xAC00
	hangulCount = 11172
	jamoL       = 0x1100
	jamoV       = 0x1161
	jamoT       = 0x11A7
	jamoVCount  = 21
	jamoTCount  = 28
)

// appendDecomposed appends the full canonical decomposition of r to b.
func appendDecomposed(b []rune, r rune) []rune {
	if s := r - hangulBase; s >= 0 && s < hangulCount {
		b = append(b, jamoL+s/(jamoVCount*jamoTCount), jamoV+s%(jamoVCount*jamoTCount)/jamoTCount)
		if t := s % jamoTCount; t != 0 {
			b = append(b, jamoT+t)
		}
		return b
	}
	if r < 0xC0 || !maybe(r, bitDecomposes) {
		return append(b, r)
	}
	d, ok := lookup(decompKeys[:], decompBlocks, decompIndex[:], decompText, r)
	if !ok {
		return append(b, r)
	}
	for _, c := range d {
		b = append(b, c)
	}
	return b
}

// ccc returns the canonical combining class of r.
func ccc(r rune) uint8 {
	if uint32(r) < uint32(len(low)) {
		return uint8(low[r] >> 16)
	}
	if !maybe(r, bitCombining) {
		return 0
	}
	i := lastAtMost(cccRanges[:], cccBlocks, r)
	if i < 0 {
		return 0
	}
	p := cccRanges[i]
	if r > rune(p>>22&(1<<21-1)) {
		return 0
	}
	return uint8(p)
}

// reorder puts each run of combining characters of b in canonical order
// (Unicode, Section 3.11): a stable sort by combining class, by insertion
// for the short runs of real text and by a merge sort for long ones, so
// that no input takes quadratic time.
func reorder(b []rune) {
	for i := 0; i < len(b); {
		if b[i] < 0x300 || ccc(b[i]) == 0 {
			i++
			continue
		}
		j := i + 1
		for j < len(b) && b[j] >= 0x300 && ccc(b[j]) != 0 {
			j++
		}
		run := b[i:j]
		if len(run) <= 16 {
			for k := 1; k < len(run); k++ {
				c := ccc(run[k])
				for m := k; m > 0 && ccc(run[m-1]) > c; m-- {
					run[m], run[m-1] = run[m-1], run[m]
				}
			}
		} else {
			slices.SortStableFunc(run, func(x, y rune) int { return int(ccc(x)) - int(ccc(y)) })
		}
		i = j
	}
}
