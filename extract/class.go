package extract

import (
	"strings"
	"unicode"

	"github.com/gouri/uri/internal/abnf"
)

// The classes of the characters of the text, as far as finding URLs goes.
// ASCII is looked up in a table; other code points go through class.

// Bits of the ASCII table.
const (
	bAlpha  uint16 = 1 << iota // ALPHA
	bDigit                     // DIGIT
	bScheme                    // scheme = ALPHA *( ALPHA / DIGIT / "+" / "-" / "." ) (RFC 3986, Section 3.1), after the first
	bHost                      // a character of a host name as written in text: ALPHA DIGIT "-" "." "_"
	bUser                      // userinfo = *( unreserved / pct-encoded / sub-delims / ":" ) less "(" ")" (RFC 3986, Section 3.2.1)
	bLocal                     // the local part of an address: atext and "." (RFC 5322, Section 3.2.3) and DQUOTE
	bPath                      // a character that a path, query or fragment goes on with in text
	bPair                      // a character of a pair that pathEnd counts or closes at: brackets and "'"
	bTrail                     // trailing punctuation, left out at the end of a URL
	bSpace                     // a space, a tab, a line feed or a carriage return: a URL never spans it, and a stream may be cut after it
)

var ascii = func() (t [128]uint16) {
	set := func(bits uint16, chars string) {
		for i := 0; i < len(chars); i++ {
			t[chars[i]] |= bits
		}
	}
	for c := 'a'; c <= 'z'; c++ {
		t[c] |= bAlpha
		t[c-'a'+'A'] |= bAlpha
	}
	for c := '0'; c <= '9'; c++ {
		t[c] |= bDigit
	}
	const alnum = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"
	set(bScheme, alnum+"+-.")
	set(bHost, alnum+"-._")
	set(bUser, alnum+"-._~%!$&'*+,;=:")
	set(bLocal, alnum+".!#$%&'*+-/=?^_`{|}~\"")
	// Every visible character but those that delimit URLs in text: "<",
	// ">" and '"' (RFC 2396, Section 2.4.3, excluded them from URIs "because
	// they are often used as the delimiters around URI in text documents";
	// RFC 3986, Appendix C), "`" (RFC 2396's "unwise" characters; a code
	// span in Markdown, a command in a shell), and "\", which ends a URL in
	// logs and escaped strings. The URL Standard percent-encodes all but
	// "\" in a path (section 1.3, the path percent-encode set).
	for c := '!'; c <= '~'; c++ {
		if strings.IndexByte("<>\"`\\", byte(c)) < 0 {
			t[c] |= bPath
		}
	}
	set(bPair, "([{)]}'")
	set(bTrail, "?!.,:;*_~'")
	// Not the vertical tab nor the form feed, after which mode GFM
	// starts no www link (gfmSpace): a Scanner cut there would.
	set(bSpace, " \t\n\r")
	return t
}()

// is reports whether the byte c is ASCII with one of the bits.
func is(c byte, bits uint16) bool {
	return c < 0x80 && ascii[c]&bits != 0
}

// kinds of code points beyond ASCII.
const (
	rWord  = iota // a letter, mark, digit or symbol: part of a host or a path
	rStop         // ends a URL: CJK and full-width punctuation, quotation marks
	rBreak        // whitespace, a control, an invisible or bidi control, or a byte that is not UTF-8
)

// runeAt decodes the code point at text[i:] (i < len(text), text[i] >=
// 0x80) and returns its kind and length. A zero width joiner or non-joiner
// is a word character only right after a combining mark, where IDNA2008
// allows it in a label (RFC 5892, Appendix A.1 and A.2: after a virama);
// anywhere else it is invisible and a break.
func runeAt(text string, i int) (kind, size int) {
	r, n, ok := abnf.DecodeRune(text, i)
	if !ok {
		return rBreak, n
	}
	return classOf(r, text[:i]), n
}

// classOf returns the kind of r, which follows before.
func classOf(r rune, before string) int {
	switch {
	case r == 0x200c || r == 0x200d:
		if p, _ := lastRune(before); unicode.In(p, unicode.Mn, unicode.Mc) {
			return rWord
		}
		return rBreak
	case unicode.IsSpace(r) || unicode.In(r, unicode.Cc, unicode.Cf, unicode.Zl, unicode.Zp, unicode.Co, unicode.Cs):
		// Cf holds the bidi controls (U+061C, U+200E, U+200F, U+202A to
		// U+202E, U+2066 to U+2069), the zero width space, the word
		// joiner, the byte order mark and the soft hyphen.
		return rBreak
	case r == 0xfffd:
		return rBreak
	case stopRune(r):
		return rStop
	}
	return rWord
}

// stopRune reports whether r is punctuation that ends a URL: the CJK
// Symbols and Punctuation block (U+3000 to U+303F: 、。「」【】 ...), the
// full-width and half-width punctuation of the Halfwidth and Fullwidth
// Forms block (！，（）：；？ ｡｢｣､ ...), the CJK compatibility, vertical
// and small forms (U+FE10 to U+FE6F), and the quotation marks and the
// ellipsis of General Punctuation and Latin-1 (“ ” ‘ ’ « » ‹ › …). None is
// a character of a URL (RFC 3987, Section 2.2: they are no ucschar of
// an IRI's host; browsers percent-encode them in paths), and in CJK text
// they stand right against a URL, without space.
func stopRune(r rune) bool {
	switch {
	case 0x3000 <= r && r <= 0x303f,
		0xff01 <= r && r <= 0xff0f, 0xff1a <= r && r <= 0xff20,
		0xff3b <= r && r <= 0xff40, 0xff5b <= r && r <= 0xff65,
		0xfe10 <= r && r <= 0xfe6f,
		0x2018 <= r && r <= 0x201f, r == 0x2026, r == 0x2039, r == 0x203a,
		r == 0xab, r == 0xbb:
		return true
	}
	return false
}

// lastRune returns the last code point of s and its length, or 0.
func lastRune(s string) (rune, int) {
	if s == "" {
		return 0, 0
	}
	j := len(s) - 1
	for j > 0 && len(s)-j < 4 && s[j]&0xc0 == 0x80 {
		j--
	}
	r, n, ok := abnf.DecodeRune(s, j)
	if !ok || j+n != len(s) {
		return 0xfffd, 1
	}
	return r, n
}

// wordAt reports whether a word character (a letter, mark, digit or
// symbol beyond ASCII) starts at text[i] (text[i] >= 0x80), and its length.
func wordAt(text string, i int) (bool, int) {
	k, n := runeAt(text, i)
	return k == rWord, n
}

// endsURL reports whether the byte or code point at text[i] ends every URL:
// ASCII whitespace or a control, or a code point of kind rStop or rBreak.
// It returns the length of the character.
func endsURL(text string, i int) (bool, int) {
	c := text[i]
	if c < 0x80 {
		return c <= ' ' || c == 0x7f, 1
	}
	k, n := runeAt(text, i)
	return k != rWord, n
}
