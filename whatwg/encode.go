package whatwg

import (
	"math/bits"
	"unicode/utf8"

	"github.com/gouri/uri/internal/abnf"
	"github.com/gouri/uri/internal/lazybuf"
)

// Byte classes. Each percent-encode set of the URL Standard, section 1.3
// (https://url.spec.whatwg.org/#percent-encoded-bytes), is one bit: the bit
// is set on the bytes that the set makes the parser percent-encode. Bytes
// 0x80 and above belong to every set, because every code point above U+007E
// does; the parser encodes them as the bytes of their UTF-8 form.
const (
	// C0 control percent-encode set: "C0 controls and all code points greater
	// than U+007E (~)".
	encC0 uint32 = 1 << iota
	// Fragment percent-encode set: "the C0 control percent-encode set and
	// U+0020 SPACE, U+0022 ("), U+003C (<), U+003E (>), and U+0060 (`)".
	encFragment
	// Query percent-encode set: "the C0 control percent-encode set and U+0020
	// SPACE, U+0022 ("), U+0023 (#), U+003C (<), and U+003E (>)".
	encQuery
	// Special-query percent-encode set: "the query percent-encode set and
	// U+0027 (')".
	encSpecialQuery
	// Path percent-encode set: "the query percent-encode set and U+003F (?),
	// U+005E (^), U+0060 (`), U+007B ({), and U+007D (})".
	encPath
	// Userinfo percent-encode set: "the path percent-encode set and U+002F
	// (/), U+003A (:), U+003B (;), U+003D (=), U+0040 (@), U+005B ([) to
	// U+005D (]), inclusive, and U+007C (|)".
	encUserinfo
	// Component percent-encode set: "the userinfo percent-encode set and
	// U+0024 ($) to U+0026 (&), inclusive, U+002B (+), and U+002C (,)".
	encComponent
	// application/x-www-form-urlencoded percent-encode set: "the component
	// percent-encode set and U+0021 (!), U+0027 (') to U+0029 RIGHT
	// PARENTHESIS, inclusive, and U+007E (~)". The urlencoded serializer
	// (section 5.2) writes U+0020 SPACE, a member, as "+".
	encForm

	// An ASCII URL code point (section 4.3): "ASCII alphanumeric, U+0021
	// (!), U+0024 ($), U+0026 (&), U+0027 ('), U+0028 LEFT PARENTHESIS,
	// U+0029 RIGHT PARENTHESIS, U+002A (*), U+002B (+), U+002C (,), U+002D
	// (-), U+002E (.), U+002F (/), U+003A (:), U+003B (;), U+003D (=),
	// U+003F (?), U+0040 (@), U+005F (_), U+007E (~)".
	urlCodePoint
	// A forbidden host code point (section 3.2): "U+0000 NULL, U+0009 TAB,
	// U+000A LF, U+000D CR, U+0020 SPACE, U+0023 (#), U+002F (/), U+003A (:),
	// U+003C (<), U+003E (>), U+003F (?), U+0040 (@), U+005B ([), U+005C (\),
	// U+005D (]), U+005E (^), or U+007C (|)".
	forbiddenHost
	// A forbidden domain code point (section 3.2): "a forbidden host code
	// point, a C0 control, U+0025 (%), or U+007F DELETE".
	forbiddenDomain

	// Bytes that end a run the parser copies without looking at each byte:
	// "\", which is "/" in a special URL; "." and "%", which may start a
	// dot segment ("." or "%2e"); and "%" and the bytes that are not URL
	// code points, which need a look when validation errors are collected.
	backslash
	dotPct
	check
	// Bytes that make a host need percent-decoding or IDNA: "%", and the
	// bytes of non-ASCII code points.
	decodeBit
	// The upper-case ASCII letters.
	upperBit
	// Bytes that may follow the first of a scheme (section 4.4, scheme
	// state): "ASCII alphanumeric, U+002B (+), U+002D (-), or U+002E (.)".
	schemeChar
	// Bytes that end or split the authority (section 4.4, authority
	// state): "@", "/", "?", "#", and "\" in a special URL; and ":" and "["
	// of the host state, which splits off the port.
	authorityStop
	// Bytes that end the host of a file URL (section 4.4, file host
	// state): "/", "\", "?" and "#".
	fileHostStop
)

// Verbatim member lists of the sets above, from the URL Standard. The table
// is built from them once, in init, and only read afterwards.
const (
	c0Extra          = ""
	fragmentExtra    = " \"<>`"
	queryExtra       = " \"#<>"
	specialQueryAdds = "'"
	pathAdds         = "?^`{}"
	userinfoAdds     = "/:;=@[\\]|"
	componentAdds    = "$%&+,"
	formAdds         = "!'()~"
	urlCodePoints    = "!$&'()*+,-./:;=?@_~"
	forbiddenHosts   = "\x00\t\n\r #/:<>?@[\\]^|"
)

var class = func() (t [256]uint32) {
	set := func(bit uint32, chars string) {
		for i := 0; i < len(chars); i++ {
			t[chars[i]] |= bit
		}
	}
	for c := 0; c < 256; c++ {
		if c < 0x20 || c > 0x7e {
			t[c] |= encC0 | encFragment | encQuery | encSpecialQuery | encPath | encUserinfo | encComponent | encForm
		}
		if c >= 0x80 {
			t[c] |= decodeBit
		}
		if 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' {
			t[c] |= urlCodePoint
		}
		if c < 0x20 || c == 0x7f {
			t[c] |= forbiddenDomain
		}
		if 'A' <= c && c <= 'Z' {
			t[c] |= upperBit
		}
	}
	set(encFragment, fragmentExtra)
	set(encQuery|encSpecialQuery|encPath|encUserinfo|encComponent|encForm, queryExtra)
	set(encSpecialQuery, specialQueryAdds)
	set(encPath|encUserinfo|encComponent|encForm, pathAdds)
	set(encUserinfo|encComponent|encForm, userinfoAdds)
	set(encComponent|encForm, componentAdds)
	set(encForm, formAdds)
	set(urlCodePoint, urlCodePoints)
	set(forbiddenHost|forbiddenDomain, forbiddenHosts)
	set(forbiddenDomain, "%")
	set(decodeBit, "%")
	set(backslash, "\\")
	set(dotPct, ".%")
	set(authorityStop, "@/?#\\:[")
	set(fileHostStop, "/\\?#")
	for c := 0; c < 0x80; c++ {
		if t[c]&urlCodePoint != 0 && (c >= '0' && c <= '9' || c|0x20 >= 'a' && c|0x20 <= 'z') || c == '+' || c == '-' || c == '.' {
			t[c] |= schemeChar
		}
	}
	for c := 0; c < 0x80; c++ {
		if t[c]&urlCodePoint == 0 {
			t[c] |= check
		}
	}
	t['%'] |= check
	return t
}()

// stopSet is a set of bytes as scan takes it: 1 for a member, 0 for the
// others.
type stopSet [256]uint8

// of8 returns the values of the eight bytes of w in t, w[0]'s in the low
// byte: the first byte of w that t stops at is the lowest non-zero byte.
func (t *stopSet) of8(w string) uint64 {
	return uint64(t[w[0]]) | uint64(t[w[1]])<<8 | uint64(t[w[2]])<<16 | uint64(t[w[3]])<<24 |
		uint64(t[w[4]])<<32 | uint64(t[w[5]])<<40 | uint64(t[w[6]])<<48 | uint64(t[w[7]])<<56
}

// stops are the bytes that end a run of bytes that the parser copies
// without change: [0] when it only parses, [1] when it also collects
// validation errors, which adds the bytes that need a look (check).
type stops [2]stopSet

// of returns the set for p.
func (t *stops) of(p *parser) *stopSet {
	if p.collect {
		return &t[1]
	}
	return &t[0]
}

// stopsOf returns the stops that are the bytes whose class has a bit of
// mask.
func stopsOf(mask uint32) *stops {
	t := new(stops)
	for c := range 256 {
		if class[c]&mask != 0 {
			t[0][c] = 1
		}
		if class[c]&(mask|check) != 0 {
			t[1][c] = 1
		}
	}
	return t
}

// The stops of each kind of run: the bytes that its percent-encode set
// encodes, and those that end or split its component.
var (
	pathStops         = stopsOf(encPath | backslash | dotPct)
	opaquePathStops   = stopsOf(encPath)
	queryStops        = stopsOf(encQuery)
	specialQueryStops = stopsOf(encSpecialQuery)
	fragmentStops     = stopsOf(encFragment)
	userinfoStops     = stopsOf(encUserinfo)
	c0Stops           = stopsOf(encC0)
	componentStops    = stopsOf(encComponent)
	authorityStops    = stopsOf(authorityStop)
	plainDomainStops  = stopsOf(forbiddenDomain | upperBit | decodeBit)
	caseDomainStops   = stopsOf(forbiddenDomain | decodeBit)
	fileHostStops     = stopsOf(fileHostStop)
)

// scan returns the index of the first byte of s from i on that is in t, or
// len(s). It looks at eight bytes at a time: their memberships make a
// word, whose lowest non-zero byte is the first stop, so that finding it
// takes no branch per byte. The last word may overlap bytes before i,
// which are shifted out: they may hold the stop that the caller has just
// dealt with. Only a string shorter than eight is read byte by byte.
func scan(s string, i int, t *stopSet) int {
	n := len(s)
	if n < 8 {
		for i < n && t[s[i]] == 0 {
			i++
		}
		return i
	}
	for i < n {
		k := min(i, n-8)
		x := t.of8(s[k : k+8])
		if x >>= 8 * uint(i-k) & 63; x != 0 {
			return i + bits.TrailingZeros64(x)>>3
		}
		i = k + 8
	}
	return n
}

// classes returns the union of the classes of the bytes of s, eight at a
// time, the last eight overlapping the others.
func classes(s string) uint32 {
	var acc uint32
	if len(s) < 8 {
		for i := 0; i < len(s); i++ {
			acc |= class[s[i]]
		}
		return acc
	}
	for i := 0; ; i += 8 {
		i = min(i, len(s)-8)
		b := s[i : i+8]
		acc |= class[b[0]] | class[b[1]] | class[b[2]] | class[b[3]] | class[b[4]] | class[b[5]] | class[b[6]] | class[b[7]]
		if i == len(s)-8 {
			return acc
		}
	}
}

// isURLCodePoint reports whether r is a URL code point (URL Standard,
// section 4.3): the ASCII ones of the table, and "code points in the range
// U+00A0 to U+10FFFD, inclusive, excluding surrogates and noncharacters".
func isURLCodePoint(r rune) bool {
	if r < 0x80 {
		return class[r]&urlCodePoint != 0
	}
	if r < 0xa0 || r > 0x10fffd || 0xd800 <= r && r <= 0xdfff {
		return false
	}
	// Noncharacters (Infra): U+FDD0 to U+FDEF, and the last two code points
	// of each plane.
	if 0xfdd0 <= r && r <= 0xfdef || r&0xfffe == 0xfffe {
		return false
	}
	return true
}

// decodeRune decodes the code point at s[i:] as the Encoding Standard's
// UTF-8 decoder does (see abnf.DecodeRune): a byte sequence that is not
// UTF-8 is U+FFFD with the length of its maximal subpart.
func decodeRune(s string, i int) (rune, int, bool) { return abnf.DecodeRune(s, i) }

// toScalarValues returns s with every ill-formed UTF-8 sequence replaced by
// U+FFFD as decodeRune does, which is how a Go string becomes the scalar
// value string that the URL Standard's algorithms take.
func toScalarValues(s string) string {
	if utf8.ValidString(s) {
		return s
	}
	return abnf.String(appendScalarValues(make([]byte, 0, len(s)+8), s))
}

// appendScalarValues appends s to dst with every ill-formed UTF-8 sequence
// replaced by U+FFFD as decodeRune does.
func appendScalarValues(dst []byte, s string) []byte {
	for i := 0; i < len(s); {
		dst, i = appendScalar(dst, s, i)
	}
	return dst
}

// appendScalar appends the code point at s[i:] to dst, or U+FFFD for an
// ill-formed sequence there as decodeRune reads it, and returns the index
// after it.
func appendScalar(dst []byte, s string, i int) ([]byte, int) {
	_, n, ok := decodeRune(s, i)
	if ok {
		return append(dst, s[i:i+n]...), i + n
	}
	return append(dst, "\uFFFD"...), i + n
}

// encodeAt appends the code point at s[i:] UTF-8 percent-encoded with set,
// and returns the index after it.
func encodeAt(w *lazybuf.Writer, s string, i int, set uint32) int {
	c := s[i]
	if c < utf8.RuneSelf {
		if class[c]&set != 0 {
			pct(w, c)
		} else {
			w.Byte(c)
		}
		return i + 1
	}
	_, n, ok := decodeRune(s, i)
	if !ok {
		w.WriteString("%EF%BF%BD")
		return i + n
	}
	// The bytes of the code point are written in one piece, which is never
	// the input's own.
	var b [12]byte
	out := b[:0]
	for k := i; k < i+n; k++ {
		out = appendPct(out, s[k])
	}
	w.Write(out)
	return i + n
}

// pct appends the percent-encoding of the byte c (see appendPct).
func pct(w *lazybuf.Writer, c byte) {
	var b [3]byte
	w.Write(appendPct(b[:0], c))
}

// appendPct appends the percent-encoding of the byte c to b: "%" and two
// upper-case hex digits (URL Standard, section 1.3, "percent-encode").
func appendPct(b []byte, c byte) []byte {
	return append(b, '%', abnf.UpperHex[c>>4], abnf.UpperHex[c&15])
}

// EncodeComponent returns s UTF-8 percent-encoded with the component
// percent-encode set of the URL Standard, section 1.3: every byte but the
// ASCII alphanumerics and !'()*-._~ is written as "%" and two upper-case
// hex digits, "%" included. This is what JavaScript's encodeURIComponent
// does, and the result can be put in a path segment, a query, a fragment or
// an opaque host, or given to a setter, and percent-decodes back to s.
// Ill-formed UTF-8 in s is encoded as U+FFFD, "%EF%BF%BD". It returns s
// itself, without allocating, when nothing needs encoding.
func EncodeComponent(s string) string {
	return encodeString(s, encComponent, componentStops)
}
