package display

import (
	"slices"
	"unicode/utf8"
)

// This file decides whether one label, in Unicode, may be shown: the
// checks of Chromium's IDN spoof checker and of Firefox's restriction
// profile.

// scriptSet is a set of scripts, with the three that UTS #39, Section 5.1
// adds for the writing systems that mix scripts.
type scriptSet [2]uint64

// The writing systems of UTS #39, Section 5.1, after the scripts of
// tables.go.
const (
	scriptHanb = script(len(scriptNames)) + iota // Han with Bopomofo
	scriptJpan                                   // Han with Hiragana and Katakana
	scriptKore                                   // Han with Hangul
)

func (s *scriptSet) add(sc script)          { s[sc>>6] |= 1 << (sc & 63) }
func (s scriptSet) has(sc script) bool      { return s[sc>>6]&(1<<(sc&63)) != 0 }
func (s scriptSet) empty() bool             { return s == scriptSet{} }
func (s *scriptSet) intersect(t scriptSet)  { s[0] &= t[0]; s[1] &= t[1] }
func (s scriptSet) only(sc script) bool     { var t scriptSet; t.add(sc); return s == t }
func allScripts() scriptSet                 { return scriptSet{^uint64(0), ^uint64(0)} }
func (s scriptSet) hasAny(t scriptSet) bool { return s[0]&t[0] != 0 || s[1]&t[1] != 0 }

// augmented returns the Script_Extensions of r with the writing systems
// that UTS #39, Section 5.1 adds (Han is also Hanb, Jpan and Kore;
// Hiragana and Katakana are Jpan; Hangul is Kore; Bopomofo is Hanb), or
// all scripts for Common and Inherited.
func augmented(r rune, p prop) scriptSet {
	var s scriptSet
	if e := extensionOf(r); e != nil {
		for _, sc := range e.scripts {
			s.add(sc)
		}
	} else {
		sc := p.script
		if sc == scriptCommon || sc == scriptInherited {
			return allScripts()
		}
		s.add(sc)
	}
	switch {
	case s.has(scriptHan):
		s.add(scriptHanb)
		s.add(scriptJpan)
		s.add(scriptKore)
	case s.has(scriptHiragana), s.has(scriptKatakana):
		s.add(scriptJpan)
	case s.has(scriptHangul):
		s.add(scriptKore)
	case s.has(scriptBopomofo):
		s.add(scriptHanb)
	}
	return s
}

// level is a restriction level of UTS #39, Section 5.2.
type level uint8

const (
	levelASCII level = iota
	levelSingleScript
	levelHighly     // Latin with Han and Hiragana and Katakana, Han and Bopomofo, or Han and Hangul
	levelModerately // Latin with one other script, not Cyrillic or Greek
	levelMinimally  // anything else
)

// restrictionLevel returns the most restrictive level that the label
// (whose code points are Allowed) qualifies for.
func restrictionLevel(l *labelInfo) level {
	if l.ascii {
		return levelASCII
	}
	if l.oneScript {
		// Every code point is of l.script or goes with every script:
		// their intersection holds l.script.
		return levelSingleScript
	}
	resolved, noLatin := allScripts(), allScripts()
	for i, r := range l.runes {
		s := augmented(r, l.props[i])
		resolved.intersect(s)
		if !s.only(scriptLatin) {
			noLatin.intersect(s)
		}
	}
	var cjk scriptSet
	cjk.add(scriptHanb)
	cjk.add(scriptJpan)
	cjk.add(scriptKore)
	switch {
	case !resolved.empty():
		return levelSingleScript
	case noLatin.hasAny(cjk):
		return levelHighly
	case !noLatin.empty() && !noLatin.has(scriptCyrillic) && !noLatin.has(scriptGreek):
		return levelModerately
	}
	return levelMinimally
}

// chromiumRemoved are code points that are Allowed but that Chromium does
// not show: look-alikes of "/", "-", "'" and "・", a historic letter, those
// that fonts draw blank, and rarely used blocks of Latin, Greek and
// Cyrillic. The Arabic and Tibetan letters that only macOS's fonts draw
// blank (U+0620, U+0F8C to U+0F8F) are refused everywhere here.
var chromiumRemoved = [...][2]rune{
	{0x0138, 0x0138}, {0x01CD, 0x01DC}, {0x02BB, 0x02BC}, {0x02EC, 0x02EC},
	{0x0338, 0x0338}, {0x058A, 0x058A}, {0x0620, 0x0620}, {0x0F8C, 0x0F8F},
	{0x1C80, 0x1C8F}, {0x1E00, 0x1E9B}, {0x1F00, 0x1FFF}, {0x2010, 0x2010},
	{0x2019, 0x2019}, {0x2027, 0x2027}, {0x30A0, 0x30A0}, {0xA640, 0xA69F},
	{0xA720, 0xA7FF},
}

// inRanges reports whether r is in one of ranges, sorted.
func inRanges(ranges [][2]rune, r rune) bool {
	if len(ranges) == 0 || r < ranges[0][0] || r > ranges[len(ranges)-1][1] {
		return false
	}
	lo, hi := 0, len(ranges) // the first range that ends at r or after is in [lo, hi]
	for lo < hi {
		m := int(uint(lo+hi) >> 1)
		if ranges[m][1] < r {
			lo = m + 1
		} else {
			hi = m
		}
	}
	return lo < len(ranges) && ranges[lo][0] <= r
}

// charLimit returns the reason a code point of label is not shown: a
// deviation character that is a joiner, or one that is not Allowed (or
// that the profile removes); Safe when every one is allowed.
func charLimit(l *labelInfo, p Profile) Reason {
	for i, r := range l.runes {
		switch {
		case r == 0x200C || r == 0x200D:
			return Deviation
		case !l.props[i].allowed():
			return NotAllowed
		case p == Firefox && inRanges(firefoxBlocklist[:], r):
			return Blocklisted
		case p == Chromium && inRanges(chromiumRemoved[:], r):
			return NotAllowed
		}
	}
	return Safe
}

// mixedNumbers reports whether label has decimal digits of more than one
// numbering system (UTS #39, Section 5.3).
func mixedNumbers(l *labelInfo) bool {
	var zero rune = -1
	for _, p := range l.props {
		if p.digit() {
			if zero >= 0 && p.zero != zero {
				return true
			}
			zero = p.zero
		}
	}
	return false
}

// invisible reports whether the decomposition of label has the same
// combining character twice after one base character, which shows as one
// (UTS #39, Section 5.4).
func invisible(rs []rune) bool {
	if !hasCombining(rs) {
		return false
	}
	start := 0
	for i, r := range rs {
		if ccc(r) == 0 {
			start = i + 1
			continue
		}
		// More marks on one letter than maxMarks cannot be read: the
		// bound keeps the time linear.
		if i-start >= maxMarks {
			return true
		}
		for _, q := range rs[start:i] {
			if q == r {
				return true
			}
		}
	}
	return false
}

// maxMarks is the most combining characters on one letter that invisible
// compares; a longer run counts as invisible.
const maxMarks = 32

// hiddenOverlay reports whether the decomposition of label has U+0307
// COMBINING DOT ABOVE on a letter whose dot it hides: i, j, l, ı, ȷ or a
// letter whose prototype ends in one of them (UTS #39, Section 5.4), with
// only marks of other classes than 230 between.
func hiddenOverlay(nfd []rune) bool {
	if !slices.Contains(nfd, 0x307) {
		return false
	}
	dotted := false
	for _, r := range nfd {
		if r == 0x307 && dotted {
			return true
		}
		if c := ccc(r); c == 0 || c == 230 {
			dotted = dotLead(r)
		}
	}
	return false
}

// hasCombining reports whether rs has a character of a nonzero combining
// class.
func hasCombining(rs []rune) bool {
	for _, r := range rs {
		if r >= 0x300 && ccc(r) != 0 {
			return true
		}
	}
	return false
}

// dotLead reports whether r hides a dot above it.
func dotLead(r rune) bool {
	switch r {
	case 'i', 'j', 'l', 'ı', 'ȷ':
		return true
	}
	var t string
	if r < utf8.RuneSelf {
		t = asciiConf[r]
	} else {
		t, _ = prototypeOf(r)
	}
	if t == "" {
		return false
	}
	last, _ := utf8.DecodeLastRuneInString(t)
	switch last {
	case 'i', 'j', 'l', 'ı', 'ȷ':
		return true
	}
	return false
}

// icuChecks runs the checks of UTS #39 that Chromium asks of ICU's spoof
// checker, and for the Firefox profile those of its restriction profile:
// the characters allowed, the restriction level (Highly Restrictive for
// Chromium, Moderately Restrictive for Firefox), one numbering system, no
// invisible repeated marks and (for Chromium) no hidden dot.
func icuChecks(l *labelInfo, p Profile) (Reason, level) {
	if r := charLimit(l, p); r != Safe {
		return r, 0
	}
	lv := restrictionLevel(l)
	limit := levelHighly
	if p == Firefox {
		limit = levelModerately
	}
	switch {
	case lv > limit:
		return MixedScripts, lv
	case mixedNumbers(l):
		return MixedNumbers, lv
	}
	if !l.combining && !l.complexNFD {
		// The decomposition of each code point is the NFD of the label
		// (each starts with a starter and has one mark at most), and no
		// letter has a mark twice or a dot above.
		return Safe, lv
	}
	return nfdChecks(l, p), lv
}

// nfdChecks are the checks of UTS #39, Section 5.4, on the NFD of the
// label: no combining mark twice on one letter (Invisible), and for
// Chromium no dot above on a letter that hides it (HiddenOverlay).
func nfdChecks(l *labelInfo, p Profile) Reason {
	var buf [64]rune
	nfd := buf[:0]
	for i, r := range l.runes {
		if l.props[i].decomposes() {
			nfd = appendDecomposed(nfd, r)
		} else {
			nfd = append(nfd, r)
		}
	}
	reorder(nfd)
	switch {
	case invisible(nfd):
		return Invisible
	case p == Chromium && hiddenOverlay(nfd):
		return HiddenOverlay
	}
	return Safe
}

// checkLabel decides whether l, the Unicode form of an A-label, may be
// shown, under a host whose last label is tld (as written, A-label or
// not), with tldRunes the code points of its U-label when it is a valid
// A-label (nil otherwise).
func checkLabel(l *labelInfo, tld string, tldRunes []rune, p Profile) Reason {
	reason, lv := icuChecks(l, p)
	if reason != Safe || p == Firefox {
		return reason
	}
	return chromiumChecks(l, tld, tldRunes, lv)
}

// chromiumChecks are the checks of Chromium's IDN spoof checker after
// those of ICU's.
func chromiumChecks(l *labelInfo, tld string, tldRunes []rune, lv level) Reason {
	label := l.runes
	n := len(label)
	switch {
	case !l.special:
	case n > 1 && tld != "is" && tld != "fo" && (slices.Contains(label, 'þ') || slices.Contains(label, 'ð')):
		return TLDSpecific
	case n > 1 && tld != "az" && slices.Contains(label, 'ə'):
		return TLDSpecific
	case unsafeMiddleDot(label, tld):
		return MiddleDot
	}
	if lv == levelASCII {
		return Safe
	}
	if lv == levelSingleScript && !(l.special && (hasKanaException(label) || hasDiacriticMark(label))) {
		if wholeScriptConfusable(l, tld, tldRunes) {
			return WholeScriptConfusable
		}
		if digitLookalike(label) {
			return DigitLookalike
		}
		return Safe
	}
	switch {
	case digitLookalike(label):
		return DigitLookalike
	case hasNonASCIILatin(l) && !lgcRunes(label):
		return NonASCIILatinMixed
	case dangerousPattern(l):
		return DangerousPattern
	}
	return Safe
}

// unsafeMiddleDot reports whether label has a U+00B7 MIDDLE DOT other than
// between two "l" under .cat, where it writes the Catalan ela geminada
// (RFC 5892, Appendix A.3).
func unsafeMiddleDot(label []rune, tld string) bool {
	for j, r := range label {
		if r == '·' && (tld != "cat" || j == 0 || j+1 == len(label) || label[j-1] != 'l' || label[j+1] != 'l') {
			return true
		}
	}
	return false
}

func hasKanaException(label []rune) bool {
	for _, r := range label {
		if r >= 0x3078 && r <= 0x307A || r >= 0x30D8 && r <= 0x30DA || r >= 0x30FB && r <= 0x30FE {
			return true
		}
	}
	return false
}

func hasDiacriticMark(label []rune) bool {
	for _, r := range label {
		if r >= 0x300 && r <= 0x339 {
			return true
		}
	}
	return false
}

func hasNonASCIILatin(l *labelInfo) bool {
	for i, r := range l.runes {
		if r >= utf8.RuneSelf && l.props[i].script == scriptLatin {
			return true
		}
	}
	return false
}

// labelInfo is a label read once for the checks: its code points and
// their properties.
type labelInfo struct {
	ascii bool
	runes []rune
	props []prop
	// Whether a code point decomposes, has a combining class, or is one
	// of the few that the checks of chromiumChecks look for; and whether
	// one decomposes into more than a starter and a mark (prop.simpleNFD).
	decomposes, combining, special, complexNFD bool
	// script is the script of the first code point that is neither
	// Common nor Inherited (scriptUnknown when there is none); oneScript
	// holds when every code point is of that script, Common or Inherited,
	// and none has Script_Extensions of its own.
	script    script
	oneScript bool
}

// readLabel reads label, appending to the buffers runes and props.
func readLabel(runes []rune, props []prop, label string) labelInfo {
	for _, r := range label {
		runes = append(runes, r)
	}
	return readRunes(runes, props)
}

// readRunes reads the code points rs of a label, appending their
// properties to the buffer props; the label's text is left to the caller.
func readRunes(rs []rune, props []prop) labelInfo {
	l := labelInfo{ascii: true, runes: rs, oneScript: true}
	found := false // whether l.script is set
	for _, r := range rs {
		p := propOf(r)
		props = append(props, p)
		if p.script != scriptCommon && p.script != scriptInherited {
			if !found {
				l.script, found = p.script, true
			} else if p.script != l.script {
				l.oneScript = false
			}
		}
		if r < utf8.RuneSelf {
			// No ASCII code point decomposes, combines, has extensions
			// of its own or is special.
			continue
		}
		l.ascii = false
		if l.oneScript && extensionOf(r) != nil {
			l.oneScript = false
		}
		if p.flags&(flagDecomposes|flagCombining) != 0 {
			l.decomposes = l.decomposes || p.decomposes()
			l.complexNFD = l.complexNFD || p.decomposes() && !p.simpleNFD()
			l.combining = l.combining || p.combining()
		}
		l.special = l.special || r == 'þ' || r == 'ð' || r == 'ə' || r == '·' ||
			r >= 0x300 && r <= 0x339 || r >= 0x3078 && r <= 0x307A || r >= 0x30D8 && r <= 0x30DA || r >= 0x30FB && r <= 0x30FE
	}
	l.props = props
	return l
}
