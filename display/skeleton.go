package display

import (
	"slices"
	"strings"
	"unicode/utf8"
)

// This file computes skeletons: the UTS #39 skeleton of a string (Section
// 4), and the skeletons that Chromium's IDN spoof checker compares with
// those of its top domains, which add its own mappings to the ones of
// confusables.txt.

// Skeleton returns the skeleton of s (Unicode Technical Standard #39,
// Section 4): s in NFD, each code point replaced by its prototype in
// confusables.txt, and the result in NFD again. Two strings are confusable
// when their skeletons are equal: Skeleton("раураl") and Skeleton("paypal")
// (the first with Cyrillic letters and a Latin "l") are both "paypal". The
// skeleton is for comparing, not for showing: it changes case ("0" becomes
// "O") and may hold characters of several scripts.
//
// The data are those of Unicode 17.0.0, whatever the Unicode version of the
// Go release; s is read as UTF-8, each invalid byte as U+FFFD. Skeleton
// returns s without allocating when it is its own skeleton, and otherwise
// allocates the result.
func Skeleton(s string) string {
	if asciiSelfSkeleton(s) {
		return s
	}
	var buf [64]rune
	rs := skeletonRunes(buf[:0], s)
	return runesString(rs)
}

// asciiSelfSkeleton reports whether s is ASCII text that is its own
// skeleton.
func asciiSelfSkeleton(s string) bool {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c >= utf8.RuneSelf || asciiConf[c] != "" {
			return false
		}
	}
	return true
}

// asciiConf is the prototype of each ASCII code point that has one, from
// confusables.txt ("m" is "rn", "0" is "O", "1" is "l"); asciiDots says
// which prototypes hold a ".".
var (
	asciiConf [utf8.RuneSelf]string
	asciiDots [utf8.RuneSelf]bool
)

func init() {
	for r := rune(0); r < utf8.RuneSelf; r++ {
		if t, ok := prototypeOf(r); ok {
			asciiConf[r] = t
			asciiDots[r] = strings.Contains(t, ".")
		}
	}
}

// skeletonRunes appends the skeleton of s to b.
func skeletonRunes(b []rune, s string) []rune {
	start := len(b)
	var dbuf [8]rune
	for _, r := range s {
		if r < utf8.RuneSelf {
			if t := asciiConf[r]; t != "" {
				b = appendString(b, t)
			} else {
				b = append(b, r)
			}
			continue
		}
		for _, d := range appendDecomposed(dbuf[:0], r) {
			if t, ok := prototypeOf(d); ok {
				b = appendString(b, t)
			} else {
				b = append(b, d)
			}
		}
	}
	// The prototypes are in NFD and so are the unmapped code points of
	// the decomposition: the NFD of the whole is their canonical order.
	reorder(b[start:])
	return b
}

func appendString(b []rune, s string) []rune {
	for _, r := range s {
		b = append(b, r)
	}
	return b
}

func runesString(rs []rune) string {
	n := 0
	for _, r := range rs {
		n += utf8.RuneLen(r)
	}
	b := make([]byte, 0, n)
	for _, r := range rs {
		b = utf8.AppendRune(b, r)
	}
	return string(b)
}

// chromiumExtra are the mappings that Chromium's skeleton generator adds
// to those of confusables.txt before it takes a skeleton (its "ExtraConf"
// rules): each character of a string maps to the text beside it. Among
// them are the digit look-alikes of digitLookalikes.
var chromiumExtra = map[rune]string{}

func init() {
	for _, m := range [...]struct{ from, to string }{
		{"æӕ", "ae"}, {"ϼҏ", "p"}, {"ħнћңҥӈӊԋԧԩ", "h"}, {"ĸκкқҝҟҡӄԟ", "k"},
		{"ŋпԥกח", "n"}, {"ŧтҭԏ七丅丆丁", "t"}, {"ƅьҍвß", "b"}, {"ωшщพฟພຟ", "w"},
		{"мӎ", "m"}, {"єҽҿၔ", "e"}, {"ґ", "r"}, {"ғӻ", "f"}, {"ҫင", "c"},
		{"ұ丫", "y"}, {"χҳӽӿ乂", "x"}, {"ԃძ", "d"}, {"ԍဌ", "g"}, {"ടรຣຮ", "s"},
		{"၂", "j"}, {"०০੦૦ଠ୦೦စ", "o"}, {"৭੧૧", "q"}, {"บບ", "u"}, {"θ", "0"},
		{"२২੨૨೩೭շ", "2"}, {"зҙӡउওਤ੩૩౩ဒვპੜკ", "3"}, {"੫丩ㄐ", "4"}, {"ճ", "6"},
		{"৪੪୫", "8"}, {"૭୨౨", "9"}, {"—一―⸺⸻", "-"},
	} {
		for _, r := range m.from {
			chromiumExtra[r] = m.to
		}
	}
}

// chromiumAlternatives are the characters that look like more than one
// letter, each of which Chromium tries in turn.
var chromiumAlternatives = map[rune][]string{
	'þ': {"b", "p"},
	'œ': {"ce", "oe"},
	'ł': {"l", "t"},
}

// Chromium's bounds on the alternatives: no alternatives, and no skeleton,
// for a host longer than maxAlternativeLength UTF-16 code units or with more
// than maxAlternativeChars characters that have alternatives; at most
// maxAlternatives strings.
const (
	maxAlternativeLength = 32
	maxAlternativeChars  = 5
	maxAlternatives      = 128
)

// hostSkeletons returns the skeletons by which Chromium compares the
// Unicode host with its top domains, sorted, each once: the skeleton of the
// host without its diacritics (when it is in Latin, Greek or Cyrillic),
// with each alternative of its characters that look like two letters, with
// the mappings of chromiumExtra, and once more with "ӏ" read as "l".
func hostSkeletons(host string) []string {
	host = strings.TrimSuffix(host, ".")
	if host == "" {
		return nil
	}
	variants := alternatives(string(removeDiacritics(nil, host)))
	if strings.Contains(host, "ł") {
		variants = append(variants, alternatives(host)...)
	}
	var out []string
	var rs []rune
	var b []byte
	for _, v := range variants {
		var vr []rune
		rs = mapExtra(rs[:0], appendString(vr, strings.TrimSuffix(v, ".")))
		if b = variantSkeleton(b[:0], rs, true); b != nil {
			out = appendOnce(out, string(b))
		}
		b = variantSkeleton(b[:0], rs, false)
		out = appendOnce(out, string(b))
	}
	sortStrings(out)
	return out
}

// variantSkeleton appends to b the UTS #39 skeleton of the text rs, as
// UTF-8; with ell, that of rs with "ӏ" read as "l", or nil when rs has no
// "ӏ". It uses a buffer of its own for the code points.
func variantSkeleton(b []byte, rs []rune, ell bool) []byte {
	if ell && !slices.Contains(rs, 'ӏ') {
		return nil
	}
	var buf [128]rune
	sk := buf[:0]
	plain := true // every code point ASCII and its own prototype so far
	for _, r := range rs {
		if r == 'ӏ' && ell {
			r = 'l'
		}
		if r < utf8.RuneSelf && asciiConf[r] == "" {
			sk = append(sk, r)
			continue
		}
		plain = false
		sk = appendSkeleton(sk, r)
	}
	if !plain {
		reorder(sk)
	}
	for _, r := range sk {
		if r < utf8.RuneSelf {
			b = append(b, byte(r))
		} else {
			b = utf8.AppendRune(b, r)
		}
	}
	return b
}

// similarSkeleton appends to b the skeleton that hostSkeletons gives host
// when host has no character of chromiumAlternatives: that of host
// without its diacritics if lgc (removeDiacritics, where lgc is
// lgcOnly(host)), with the mappings of chromiumExtra (mapExtra), and with
// "ӏ" read as "l" if ell is set (variantSkeleton), in one pass. hasEll
// reports whether host has an "ӏ" there. It allocates only for a skeleton
// longer than 128 code points.
func similarSkeleton(b []byte, host string, lgc, ell bool) (_ []byte, hasEll bool) {
	var buf [128]rune
	sk := buf[:0]
	other := false // whether a code point is not ASCII
	for _, r := range host {
		if r < utf8.RuneSelf {
			// removeDiacritics and mapExtra leave ASCII as it is.
			if t := asciiConf[r]; t != "" {
				sk = appendString(sk, t)
			} else {
				sk = append(sk, r)
			}
			continue
		}
		other = true
		var e bool
		sk, e = appendSimilar(sk, r, lgc, ell)
		hasEll = hasEll || e
	}
	if other {
		reorder(sk)
	}
	return appendRunes(b, sk), hasEll
}

// appendSimilar appends to sk what the code point r, not ASCII, gives in
// the skeleton of similarSkeleton, not yet in canonical order; hasEll
// reports whether r is or gives an "ӏ".
func appendSimilar(sk []rune, r rune, lgc, ell bool) (_ []rune, hasEll bool) {
	var dbuf [8]rune
	var text []rune // r after removeDiacritics
	switch {
	case !lgc:
		text = append(dbuf[:0], r)
	case r == 'ł':
		text = append(dbuf[:0], 'l')
	case r == 'ø':
		text = append(dbuf[:0], 'o')
	case r == 'đ':
		text = append(dbuf[:0], 'd')
	case r < 0xC0:
		text = append(dbuf[:0], r)
	default:
		text = appendDecomposed(dbuf[:0], r)
		n := 0
		for _, d := range text {
			if !propOf(d).mark() {
				text[n] = d
				n++
			}
		}
		text = text[:n]
	}
	for _, x := range text {
		if t := extraOf(x); t != "" {
			for _, y := range t {
				sk = appendSkeleton(sk, y)
			}
			continue
		}
		if x == 'ӏ' {
			hasEll = true
			if ell {
				x = 'l'
			}
		}
		sk = appendSkeleton(sk, x)
	}
	return sk, hasEll
}

// appendSkeleton appends the prototypes of the decomposition of r to b.
func appendSkeleton(b []rune, r rune) []rune {
	if r < utf8.RuneSelf {
		if t := asciiConf[r]; t != "" {
			return appendString(b, t)
		}
		return append(b, r)
	}
	var dbuf [8]rune
	for _, d := range appendDecomposed(dbuf[:0], r) {
		if t, ok := prototypeOf(d); ok {
			b = appendString(b, t)
		} else {
			b = append(b, d)
		}
	}
	return b
}

func appendOnce(list []string, s string) []string {
	for _, x := range list {
		if x == s {
			return list
		}
	}
	return append(list, s)
}

func sortStrings(list []string) {
	for i := 1; i < len(list); i++ {
		for j := i; j > 0 && list[j] < list[j-1]; j-- {
			list[j], list[j-1] = list[j-1], list[j]
		}
	}
}

// mapExtra appends s to b with the mappings of chromiumExtra.
func mapExtra(b []rune, s []rune) []rune {
	for _, r := range s {
		if t := extraOf(r); t != "" {
			b = appendString(b, t)
		} else {
			b = append(b, r)
		}
	}
	return b
}

// extraOf returns what chromiumExtra maps r to, or "".
func extraOf(r rune) string {
	if r < 0xDF {
		return ""
	}
	return chromiumExtra[r]
}

// hasAlternatives reports whether s has a character of
// chromiumAlternatives.
func hasAlternatives(s string) bool {
	// þ is C3 BE in UTF-8, œ C5 93 and ł C5 82.
	for i := 0; i+1 < len(s); i++ {
		if s[i] == 0xC3 && s[i+1] == 0xBE || s[i] == 0xC5 && (s[i+1] == 0x93 || s[i+1] == 0x82) {
			return true
		}
	}
	return false
}

// alternatives returns s with each combination of the alternatives of its
// characters (s itself first), within Chromium's bounds.
func alternatives(s string) []string {
	if s == "" || utf16Len(s) > maxAlternativeLength {
		return nil
	}
	n := 0
	for _, r := range s {
		if chromiumAlternatives[r] != nil {
			n++
		}
	}
	if n > maxAlternativeChars {
		return nil
	}
	out := []string{""}
	for _, r := range s {
		alts := chromiumAlternatives[r]
		next := make([]string, 0, len(out)*(1+len(alts)))
		for _, prefix := range out {
			next = append(next, prefix+string(r))
			for _, a := range alts {
				next = append(next, prefix+a)
			}
		}
		out = next
	}
	if len(out) > maxAlternatives {
		out = out[:maxAlternatives]
	}
	return out
}

// removeDiacritics appends host to b without its diacritics when it holds
// only Latin, Greek and Cyrillic letters, ASCII digits, ".", "_", "-" and
// the marks U+0300 to U+0339, as Chromium does before it takes a skeleton:
// its characters decomposed, the nonspacing marks removed, and "ł", "ø" and
// "đ" read as "l", "o" and "d". Any other host is appended as it is.
func removeDiacritics(b []rune, host string) []rune {
	if !lgcOnly(host) {
		return appendString(b, host)
	}
	var dbuf [8]rune
	for _, r := range host {
		switch r {
		case 'ł':
			r = 'l'
		case 'ø':
			r = 'o'
		case 'đ':
			r = 'd'
		}
		if r < 0xC0 {
			b = append(b, r)
			continue
		}
		for _, d := range appendDecomposed(dbuf[:0], r) {
			if !propOf(d).mark() {
				b = append(b, d)
			}
		}
	}
	return b
}

// lgcOnly reports whether s holds only Latin, Greek and Cyrillic letters,
// ASCII digits, ".", "_", "-" and the marks U+0300 to U+0339.
func lgcOnly(s string) bool {
	for _, r := range s {
		if !lgcRune(r) {
			return false
		}
	}
	return true
}

// lgcRunes is lgcOnly of the code points rs.
func lgcRunes(rs []rune) bool {
	for _, r := range rs {
		if !lgcRune(r) {
			return false
		}
	}
	return true
}

// lgcRune reports whether r is a character that lgcOnly accepts.
func lgcRune(r rune) bool {
	switch {
	case r >= 'a' && r <= 'z', r >= 'A' && r <= 'Z':
	case r >= '0' && r <= '9', r == '.', r == '_', r == '-', r >= 0x300 && r <= 0x339:
	default:
		sc := propOf(r).script
		return sc == scriptLatin || sc == scriptGreek || sc == scriptCyrillic
	}
	return true
}

func isASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			return false
		}
	}
	return true
}

// utf16Len returns the length of s in UTF-16 code units, as Chromium
// measures a host.
func utf16Len(s string) int {
	n := 0
	for _, r := range s {
		n++
		if r > 0xFFFF {
			n++
		}
	}
	return n
}
