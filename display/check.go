package display

import (
	"slices"
	"strings"
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

func inRanges(ranges [][2]rune, r rune) bool {
	for _, rg := range ranges {
		if r >= rg[0] && r <= rg[1] {
			return true
		}
		if r < rg[0] {
			return false
		}
	}
	return false
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
		t, _ = lookup(confKeys[:], confIndex[:], confText, r)
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
	if !l.decomposes && !l.combining {
		return Safe, lv
	}
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
		return Invisible, lv
	case p == Chromium && hiddenOverlay(nfd):
		return HiddenOverlay, lv
	}
	return Safe, lv
}

// checkLabel decides whether l, the Unicode form of an A-label, may be
// shown, under a host whose last label is tld (as written, A-label or
// not) and tldUnicode (its Unicode form).
func checkLabel(l *labelInfo, tld, tldUnicode string, p Profile) Reason {
	reason, lv := icuChecks(l, p)
	if reason != Safe || p == Firefox {
		return reason
	}
	return chromiumChecks(l, tld, tldUnicode, lv)
}

// chromiumChecks are the checks of Chromium's IDN spoof checker after
// those of ICU's.
func chromiumChecks(l *labelInfo, tld, tldUnicode string, lv level) Reason {
	label := l.text
	n := len(l.runes)
	switch {
	case !l.special:
	case n > 1 && tld != "is" && tld != "fo" && strings.ContainsAny(label, "þð"):
		return TLDSpecific
	case n > 1 && tld != "az" && strings.ContainsRune(label, 'ə'):
		return TLDSpecific
	case unsafeMiddleDot(label, tld):
		return MiddleDot
	}
	if lv == levelASCII {
		return Safe
	}
	if lv == levelSingleScript && !(l.special && (hasKanaException(label) || hasDiacriticMark(label))) {
		if wholeScriptConfusable(l, tld, tldUnicode) {
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
	case hasNonASCIILatin(l) && !lgcOnly(label):
		return NonASCIILatinMixed
	case dangerousPattern(l):
		return DangerousPattern
	}
	return Safe
}

// unsafeMiddleDot reports whether label has a U+00B7 MIDDLE DOT other than
// between two "l" under .cat, where it writes the Catalan ela geminada
// (RFC 5892, Appendix A.3).
func unsafeMiddleDot(label, tld string) bool {
	for i := 0; i < len(label); {
		j := strings.Index(label[i:], "·")
		if j < 0 {
			return false
		}
		j += i
		if tld != "cat" || j == 0 || j+2 == len(label) || label[j-1] != 'l' || label[j+2] != 'l' {
			return true
		}
		i = j + 2
	}
	return false
}

func hasKanaException(label string) bool {
	for _, r := range label {
		if r >= 0x3078 && r <= 0x307A || r >= 0x30D8 && r <= 0x30DA || r >= 0x30FB && r <= 0x30FE {
			return true
		}
	}
	return false
}

func hasDiacriticMark(label string) bool {
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
	text  string
	ascii bool
	runes []rune
	props []prop
	// Whether a code point decomposes, has a combining class, or is one
	// of the few that the checks of chromiumChecks look for.
	decomposes, combining, special bool
}

// readLabel reads label, appending to the buffers runes and props.
func readLabel(runes []rune, props []prop, label string) labelInfo {
	for _, r := range label {
		runes = append(runes, r)
	}
	l := readRunes(runes, props)
	l.text = label
	return l
}

// readRunes reads the code points rs of a label, appending their
// properties to the buffer props; the label's text is left to the caller.
func readRunes(rs []rune, props []prop) labelInfo {
	l := labelInfo{ascii: true, runes: rs}
	for _, r := range rs {
		p := propOf(r)
		props = append(props, p)
		l.ascii = l.ascii && r < utf8.RuneSelf
		l.decomposes = l.decomposes || p.decomposes()
		l.combining = l.combining || p.combining()
		l.special = l.special || r == 'þ' || r == 'ð' || r == 'ə' || r == '·' ||
			r >= 0x300 && r <= 0x339 || r >= 0x3078 && r <= 0x307A || r >= 0x30D8 && r <= 0x30DA || r >= 0x30FB && r <= 0x30FE
	}
	l.props = props
	return l
}
