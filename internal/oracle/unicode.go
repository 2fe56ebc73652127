package oracle

import "unicode"

// BidiControls returns every character with the Unicode property
// Bidi_Control, in order, from package unicode: the characters that RFC
// 3987, Section 4.1 forbids in IRIs and that no output may show raw.
func BidiControls() []rune {
	var out []rune
	for _, r := range unicode.Bidi_Control.R16 {
		for c := rune(r.Lo); c <= rune(r.Hi); c += rune(r.Stride) {
			out = append(out, c)
		}
	}
	for _, r := range unicode.Bidi_Control.R32 {
		for c := rune(r.Lo); c <= rune(r.Hi); c += rune(r.Stride) {
			out = append(out, c)
		}
	}
	return out
}
