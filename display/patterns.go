package display

import (
	"slices"
	"strings"
)

// This file holds the checks of Chromium's IDN spoof checker that look
// for look-alikes of Latin letters and digits, and for patterns of
// characters that pass for punctuation.

// wholeScriptLookalikes are the scripts whose letters can spell a Latin
// name alone (UTS #39, Section 4, whole-script confusables), with the
// letters that look Latin, and the top-level domains under which a label
// of that script is expected. A label whose letters of the script are all
// among the look-alikes is kept in A-labels, unless the TLD is one of those
// or holds a letter of the script.
var wholeScriptLookalikes = [...]struct {
	script  script
	letters string
	tlds    []string
}{
	{scriptArmenian, "ագզէլհյոսւօՙ", []string{"am"}},
	{scriptCyrillic, "аысԁеԍһіюкјӏорԗԛѕԝхуъьҽпгѵѡ", []string{"bg", "by", "kz", "pyc", "ru", "su", "ua", "uz"}},
	{scriptEthiopic, "ሀሠሰስበነተከዐዕዘጠፐꬅ", []string{"er", "et"}},
	{scriptGeorgian, "იოყძხჽჿ", []string{"ge"}},
	{scriptGreek, "αικνρυωηοτ", []string{"gr"}},
	{scriptHebrew, "דוחיןסװײ׳ﬦ", []string{"il"}},
	{scriptBengali, "০৭", nil},
	{scriptDevanagari, "ऽ०ॱ", nil},
	{scriptGujarati, "ડટ૦૧", nil},
	{scriptGurmukhi, "੦੧", nil},
	{scriptKannada, "ಽ೦೧", nil},
	{scriptMalayalam, "ടഠധനറ൦", nil},
	{scriptOriya, "ଠ୦୮", nil},
	{scriptTamil, "டப௦", nil},
	{scriptTelugu, "౦౧", nil},
	{scriptMyanmar, "ခဂငထပဝ၀၂ၔၜ\u1090\u1091\u1095\u1096\u1097", []string{"mm"}},
	// Chromium's larger set, which it uses on Linux and ChromeOS, whose
	// fonts draw more Thai letters like Latin ones.
	{scriptThai, "ทนบพรหเแ๐ดลปฟม", []string{"th"}},
}

// lookalikesOf is the index in wholeScriptLookalikes of each script that
// it lists, and -1 for the others; lookalikeLetters are the letters of
// each entry, sorted.
var (
	lookalikesOf = func() (t [len(scriptNames)]int8) {
		for i := range t {
			t[i] = -1
		}
		for k, w := range wholeScriptLookalikes {
			t[w.script] = int8(k)
		}
		return t
	}()
	lookalikeLetters = func() (t [len(wholeScriptLookalikes)][]rune) {
		for k, w := range wholeScriptLookalikes {
			t[k] = []rune(w.letters)
			slices.Sort(t[k])
		}
		return t
	}()
)

// wholeScriptWords are Cyrillic words that are whole-script confusables
// but spell no Latin word, which Chromium shows.
var wholeScriptWords = [...]string{"секс", "как", "коса", "курс", "парк", "такий", "укроп", "сахарок", "покраска"}

// wholeScriptConfusable reports whether label is spelled with letters of
// one script that all look Latin, under a TLD not of that script.
func wholeScriptConfusable(l *labelInfo, tld string, tldRunes []rune) bool {
	// The label is of one script, with Common and Inherited: its first
	// letter tells which.
	sc := l.script
	k := lookalikesOf[sc]
	if k < 0 {
		return false
	}
	wsc := &wholeScriptLookalikes[k]
	for i, r := range l.runes {
		if l.props[i].script != sc {
			continue
		}
		if !containsSorted(lookalikeLetters[k], r) {
			return false
		}
	}
	if sc == scriptCyrillic {
		for _, w := range wholeScriptWordRunes {
			if len(w) == len(l.runes) && slices.Equal(w, l.runes) {
				return false
			}
		}
	}
	for _, r := range tldRunes {
		if propOf(r).script == sc {
			return false
		}
	}
	for _, t := range wsc.tlds {
		if t == tld {
			return false
		}
	}
	return true
}

// wholeScriptWordRunes are the code points of wholeScriptWords.
var wholeScriptWordRunes = func() (t [len(wholeScriptWords)][]rune) {
	for i, w := range wholeScriptWords {
		t[i] = []rune(w)
	}
	return t
}()

// containsSorted reports whether the sorted rs hold r.
func containsSorted(rs []rune, r rune) bool {
	lo, hi := 0, len(rs)
	for lo < hi {
		m := int(uint(lo+hi) >> 1)
		if rs[m] < r {
			lo = m + 1
		} else {
			hi = m
		}
	}
	return lo < len(rs) && rs[lo] == r
}

// digitLookalikes are characters that are, or look like, digits;
// digitLookalikeRunes are they, sorted.
const digitLookalikes = "θ२২੨૨೩೭շзҙӡउওਤ੩૩౩ဒვპੜკ੫丩ㄐճ৪੪୫૭୨౨"

var digitLookalikeRunes = func() []rune {
	rs := []rune(digitLookalikes)
	slices.Sort(rs)
	return rs
}()

// digitLookalike reports whether label has only ASCII digits and digit
// look-alikes, and at least one look-alike.
func digitLookalike(label []rune) bool {
	seen := false
	for _, r := range label {
		switch {
		case r >= '0' && r <= '9':
		case isDigitLookalike(r):
			seen = true
		default:
			return false
		}
	}
	return seen
}

func isDigitLookalike(r rune) bool { return containsSorted(digitLookalikeRunes, r) }

// Sets of characters of the dangerous patterns.
const (
	// slashLike are the Katakana and CJK characters that look like "/" or
	// "\" beside characters that are not Japanese or Chinese.
	slashLike = "\u30ce\u30f3\u30bd\u30be\u4e36\u4e40\u4e41\u4e3f"
	// cjkLookalikes are the CJK characters that look like Latin letters or
	// punctuation beside characters that are not CJK.
	cjkLookalikes = "\u4e00\u3127\u4e28\u4e5b\u4e03\u4e05\u5341\u3007\u3112\u311a\u311f\u3128\u3129\u3108\u31ba\u31b3\u5de5\u31b2\u8ba0\u4e01"
)

// japanese reports whether r is used with Katakana, Hiragana or Han.
func japanese(r rune) bool {
	return hasExtension(r, scriptKatakana) || hasExtension(r, scriptHiragana) || hasExtension(r, scriptHan)
}

// cjk reports whether r is used with Katakana, Hiragana, Han or Bopomofo.
func cjk(r rune) bool { return japanese(r) || hasExtension(r, scriptBopomofo) }

// lgc reports whether r is used with Latin, Greek or Cyrillic.
func lgc(r rune) bool {
	return hasExtension(r, scriptLatin) || hasExtension(r, scriptGreek) || hasExtension(r, scriptCyrillic)
}

// dangerousPattern reports whether the label has one of the patterns of
// characters that Chromium never shows.
func dangerousPattern(l *labelInfo) bool {
	return kanaPattern(l.runes) || neighbourPattern(l.runes)
}

// kanaPattern: three Hiragana letters (U+3078 to U+307A) that look like
// the Katakana ones (U+30D8 to U+30DA), alone in a label otherwise all in
// the other script, not at its ends.
func kanaPattern(rs []rune) bool {
	if len(rs) < 3 {
		return false
	}
	notKana, notHira := 0, 0
	for _, r := range rs {
		if !hasExtension(r, scriptKatakana) {
			notKana++
		}
		if !hasExtension(r, scriptHiragana) {
			notHira++
		}
	}
	for _, r := range rs[1 : len(rs)-1] {
		// r is itself the one character of the label that is not of the
		// other script.
		if r >= 0x3078 && r <= 0x307A && notKana == 1 || r >= 0x30D8 && r <= 0x30DA && notHira == 1 {
			return true
		}
	}
	return false
}

// neighbourPattern: a character that looks like a slash between two that
// are not Japanese; U+30FD or U+30FE, the Katakana iteration marks, not
// after Katakana; U+30FC, the prolonged sound mark, not after Japanese kana;
// U+30FB, the Katakana middle dot, beside an ASCII letter; a CJK
// look-alike beside a character that is not CJK; a combining mark U+0300
// to U+0339 after a letter that is not Latin, Greek or Cyrillic, or after
// "ı"; U+0307, the dot above, after "i", "j" or "l"; and the combining
// Kana voiced sound marks.
func neighbourPattern(rs []rune) bool {
	for i, r := range rs {
		var prev, next rune = -1, -1
		if i > 0 {
			prev = rs[i-1]
		}
		if i+1 < len(rs) {
			next = rs[i+1]
		}
		switch {
		case strings.ContainsRune(slashLike, r) && prev >= 0 && next >= 0 && !japanese(prev) && !japanese(next):
		case (r == 0x30FD || r == 0x30FE) && (prev < 0 || !hasExtension(prev, scriptKatakana)):
		case r == 0x30FC && (prev < 0 || !hasExtension(prev, scriptKatakana) && !hasExtension(prev, scriptHiragana)):
		case r == 0x30FB && (prev >= 'a' && prev <= 'z' || next >= 'a' && next <= 'z'):
		case strings.ContainsRune(cjkLookalikes, r) && (prev >= 0 && !cjk(prev) || next >= 0 && !cjk(next)):
		case r >= 0x300 && r <= 0x339 && prev >= 0 && (!lgc(prev) || prev == 'ı'):
		case r == 0x307 && (prev == 'i' || prev == 'j' || prev == 'l'):
		case r == 0x3099 || r == 0x309A:
		default:
			continue
		}
		return true
	}
	return false
}
