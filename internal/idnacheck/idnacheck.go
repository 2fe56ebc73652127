// Package idnacheck is the module's one door to the conversions of
// golang.org/x/net/idna: every package that converts names calls them here
// ([ToASCII] and [ToUnicode] with a profile of its own, as package whatwg
// builds the URL Standard's, or those of [Profile]), so that each does it
// the same way, with what this package adds:
//
//   - a limit on what IDNA is given. Punycode encoding and decoding in
//     x/net/idna take time quadratic in the length of a label, so a name
//     longer than MaxDomain bytes whose labels are not all at most MaxLabel
//     bytes is refused before IDNA sees it, and the time to read any input
//     stays linear in its length. DNS allows 63 bytes in a label and 253 in
//     a name; the URL Standard sets no limit, so the limit is far above both.
//   - a check of what IDNA returns: no label may be lost or gained. UTS #46,
//     section 4 (Processing), step 4, since revision 33, records an error
//     for a label that starts with "xn--" and whose Punycode decodes to the
//     empty string or to ASCII only. x/net/idna refuses the second, but
//     decodes a bare "xn--" to an empty label, which would turn
//     "é.xn--.com" into "xn--9ca..com", "évil.xn--" into "xn--vil-9la." and
//     "a。xn--" into "a.": other names.
//   - the validity criteria on the mapped name. UTS #46, section 4
//     (Processing), checks each label after step 1 has mapped it, and the
//     Bidi rule (RFC 5893) looks at the labels of the whole mapped name.
//     x/net/idna decides whether a name is a Bidi domain name before the
//     mapping, so "aℷb" (U+2137 maps to the Hebrew letter U+05D2) and
//     "1.ℵ" pass where "aגb" and "1.א" fail. A name with one of the code
//     points for which that makes a difference (MapsToRTL) is checked once
//     more in its mapped form.
package idnacheck

import (
	"errors"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"golang.org/x/net/idna"
)

const (
	MaxDomain = 4096 // bytes of a name that IDNA always gets
	MaxLabel  = 255  // bytes of a label of a longer name
)

// The reasons of an [*Error].
var (
	// ErrTooLong: the name is longer than MaxDomain bytes and has a label
	// longer than MaxLabel bytes.
	ErrTooLong = errors.New("label too long for IDNA in a long name")
	// ErrLabelLost: a label is "xn--" after the mapping of UTS #46, whose
	// Punycode decodes to the empty string.
	ErrLabelLost = errors.New("nothing after the \"xn--\" prefix to decode: the label would vanish")
	// ErrLabelCount: IDNA gave a name with another number of labels.
	ErrLabelCount = errors.New("IDNA would change the number of labels")
	// ErrMapped: the name passes the validity criteria of UTS #46 as
	// written but not once mapped, as section 4 checks it: most often the
	// Bidi rule, for a code point that maps to a right-to-left letter.
	ErrMapped = errors.New("the mapped name fails the validity criteria of UTS #46 (the Bidi rule, for one)")
)

// Error is why ToASCII or ToUnicode refused a name, before or after
// x/net/idna ran.
type Error struct {
	Name   string // the name given
	Offset int    // the byte offset in Name of the label at fault
	Err    error  // ErrTooLong, ErrLabelLost, ErrLabelCount or ErrMapped
}

// Error names the label, quoted in ASCII, and the reason, in the style of
// x/net/idna's errors: `idna: label "xn--": nothing after ...`.
func (e *Error) Error() string {
	label := e.Label()
	if len(label) > 64 {
		label = label[:64] + "..."
	}
	return "idna: label " + strconv.QuoteToASCII(label) + ": " + e.Err.Error()
}

// Label returns the label of Name at Offset, as written in Name.
func (e *Error) Label() string {
	label := e.Name[min(max(e.Offset, 0), len(e.Name)):]
	if i, _ := NextDot(label); i >= 0 {
		label = label[:i]
	}
	return label
}

// Unwrap returns the reason.
func (e *Error) Unwrap() error { return e.Err }

// Profile names one of the profiles of x/net/idna that the module
// converts names with, so that the packages that use them need not import
// x/net/idna: only this package calls its conversions.
type Profile uint8

const (
	// Lookup is idna.Lookup, the UTS #46 processing for looking a name up
	// (mapping, then validation), as net/http and browsers' Safe Browsing
	// clients run it.
	Lookup Profile = iota
	// Display is idna.Display, for showing a name to people.
	Display
)

// profile returns the x/net/idna profile that p names.
func (p Profile) profile() *idna.Profile {
	if p == Display {
		return idna.Display
	}
	return idna.Lookup
}

// ToASCII is ToASCII with the profile that p names.
func (p Profile) ToASCII(name string) (string, error) { return ToASCII(p.profile(), name) }

// ToUnicode is ToUnicode with the profile that p names.
func (p Profile) ToUnicode(name string) (string, error) { return ToUnicode(p.profile(), name) }

// ToASCII runs p.ToASCII on name, within the limit and with the check of the
// package documentation. On an error of the check, it returns what
// x/net/idna returned with the *Error, as x/net/idna does with its own
// errors: a model of a program that uses x/net/idna directly needs it.
func ToASCII(p *idna.Profile, name string) (string, error) {
	return run(p, p.ToASCII, name)
}

// ToUnicode runs p.ToUnicode on name as ToASCII runs p.ToASCII.
func ToUnicode(p *idna.Profile, name string) (string, error) {
	return run(p, p.ToUnicode, name)
}

func run(p *idna.Profile, conv func(string) (string, error), name string) (string, error) {
	if off, ok := tooLong(name); ok {
		return "", &Error{Name: name, Offset: off, Err: ErrTooLong}
	}
	out, err := conv(name)
	if err != nil {
		return out, err
	}
	if err := check(p, name, out); err != nil {
		return out, err
	}
	if MapsToRTL(name) {
		// The mapping is idempotent, so the second run maps nothing and
		// checks the mapped labels: an A-label is decoded and checked.
		if _, err := conv(out); err != nil {
			return out, &Error{Name: name, Offset: mappedFault(conv, name, out), Err: ErrMapped}
		}
	}
	return out, nil
}

// mappedFault returns the offset in name of the label that fails on its
// own once mapped (out holds the mapped labels, in order), or of the first
// label that is not ASCII when only the whole name fails: the Bidi rule
// refuses a label such as "1" only in a name with a right-to-left label.
func mappedFault(conv func(string) (string, error), name, out string) int {
	first := -1
	for i, j := 0, 0; ; {
		n, size := NextDot(name[i:])
		m := strings.IndexByte(out[j:], '.')
		ne, oe := len(name), len(out)
		if n >= 0 && m >= 0 {
			ne, oe = i+n, j+m
		}
		if !isASCII(name[i:ne]) {
			if _, err := conv(out[j:oe]); err != nil {
				return i
			}
			if first < 0 {
				first = i
			}
		}
		if n < 0 || m < 0 {
			return max(first, 0)
		}
		i, j = ne+size, oe+1
	}
}

// MapsToRTL reports whether s holds a code point that is not right to left
// but that the mapping of UTS #46 turns into a right-to-left one: U+2135
// ALEF SYMBOL to U+2138 DALET SYMBOL (Bidi class L), which map to the
// Hebrew letters U+05D0 to U+05D3 (class R). x/net/idna decides whether
// the Bidi rule applies from the code points before the mapping (see the
// package documentation); these four are the only ones for which that
// decides otherwise than the mapped name would, in the Unicode tables of
// Go 1.26 and 1.27, as a test of every code point checks.
func MapsToRTL(s string) bool {
	for i := 0; i+2 < len(s); i++ {
		// U+2135..U+2138 are E2 84 B5..B8 in UTF-8.
		if s[i] == 0xe2 && s[i+1] == 0x84 && s[i+2] >= 0xb5 && s[i+2] <= 0xb8 {
			return true
		}
	}
	return false
}

// isASCII reports whether s has only ASCII bytes.
func isASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= 0x80 {
			return false
		}
	}
	return true
}

// check returns an *Error when out, what x/net/idna made of name with
// profile p, does not have the labels of name: another number of them, or
// an empty one where name has a label that the mapping does not remove.
// Labels of name are split at the four full stops, labels of out at ".".
func check(p *idna.Profile, name, out string) error {
	i, j := 0, 0
	for {
		n, size := NextDot(name[i:])
		m := strings.IndexByte(out[j:], '.')
		if (n < 0) != (m < 0) {
			return &Error{Name: name, Offset: i, Err: ErrLabelCount}
		}
		ne, oe := len(name), len(out)
		if n >= 0 {
			ne, oe = i+n, j+m
		}
		if oe == j && ne > i && !mapsToNothing(p, name[i:ne]) {
			return &Error{Name: name, Offset: i, Err: ErrLabelLost}
		}
		if mapsToALabel(p, name[i:ne]) {
			return &Error{Name: name, Offset: i, Err: ErrMapped}
		}
		if n < 0 {
			return nil
		}
		i, j = ne+size, oe+1
	}
}

// mapsToALabel reports whether label holds a code point outside ASCII and
// begins with "xn--" once mapped ("xn--a-ü", "ｘｎ－－a-ü"). UTS #46,
// section 4 (Processing), step 4.1, since revision 31, records an error
// for it: x/net/idna instead reads the rest as Punycode whose basic code
// points are not all ASCII, and makes another name of it
// ("xn--nxasmq6b-bücher-" becomes "xn--nxasmq6b-bcher-psb"). Only a label
// whose first code point that the mapping keeps maps to "x" pays for
// mapping it here.
func mapsToALabel(p *idna.Profile, label string) bool {
	if isASCII(label) {
		return false // x/net/idna checks an A-label as written
	}
	k := 0
	for k < len(label) {
		r, size := utf8.DecodeRuneInString(label[k:])
		if !Ignored(r) {
			if r != 'x' && r != 'X' && !MapsToX(r) {
				return false
			}
			break
		}
		k += size
	}
	// An ASCII result is an A-label that x/net/idna checks in the name.
	m, _ := p.ToUnicode("a" + label)
	return strings.HasPrefix(m, "axn--") && !isASCII(m)
}

// Ignored reports whether the mapping of UTS #46 may remove r (its status
// is "ignored"): U+00AD, the variation selectors, U+200B and a few others.
// It holds for every code point that the tables of Go 1.26 (Unicode 15) or
// of Go 1.27 (Unicode 17) remove, as a test of every code point checks.
func Ignored(r rune) bool {
	switch {
	case r < 0xad:
		return false
	case r == 0xad, r == 0x34f, r >= 0x180b && r <= 0x180d, r == 0x180f, r == 0x200b, r == 0x2060, r == 0x2064,
		r >= 0xfe00 && r <= 0xfe0f, r == 0xfeff, r >= 0x1bca0 && r <= 0x1bca3, r >= 0xe0100 && r <= 0xe01ef:
		return true
	// Ignored from Unicode 16 on (Go 1.27): fillers, invisible operators,
	// deprecated format characters, musical symbol formatting.
	case r == 0x115f, r == 0x1160, r == 0x17b4, r == 0x17b5, r == 0x180e, r >= 0x2061 && r <= 0x2063,
		r >= 0x206a && r <= 0x206f, r == 0x3164, r == 0xffa0, r >= 0x1d173 && r <= 0x1d17a:
		return true
	}
	return false
}

// mapsToX lists the code points outside ASCII whose mapping under UTS #46
// begins with "x": modifier and subscript letters, Roman numerals ten to
// twelve, circled, full-width and mathematical letters.
var mapsToX = []rune{
	0x02e3, 0x2093, 0x2169, 0x216a, 0x216b, 0x2179, 0x217a, 0x217b, 0x24cd, 0x24e7, 0xff38, 0xff58,
	0x1cced, 0x1d417, 0x1d431, 0x1d44b, 0x1d465, 0x1d47f, 0x1d499, 0x1d4b3, 0x1d4cd, 0x1d4e7, 0x1d501, 0x1d51b,
	0x1d535, 0x1d54f, 0x1d569, 0x1d583, 0x1d59d, 0x1d5b7, 0x1d5d1, 0x1d5eb, 0x1d605, 0x1d61f, 0x1d639, 0x1d653,
	0x1d66d, 0x1d687, 0x1d6a1, 0x1f147,
}

// MapsToX reports whether r is outside ASCII and its mapping under UTS #46
// may begin with "x": it holds for each such code point of the tables of
// Go 1.26 and 1.27, as a test of every code point checks.
func MapsToX(r rune) bool {
	_, ok := slices.BinarySearch(mapsToX, r)
	return ok
}

// mapsToNothing reports whether the mapping of UTS #46 removes every code
// point of label (U+00AD SOFT HYPHEN, for one, is ignored): the standard
// keeps such a label, empty. The label that came out empty is otherwise
// one that is "xn--" after the mapping. An "a" in front keeps x/net/idna
// from decoding it; the mapping works on each code point, and the
// normalization cannot join "a" to a label that maps to "xn--".
func mapsToNothing(p *idna.Profile, label string) bool {
	r, _ := p.ToUnicode("a" + label)
	return r == "a"
}

// TooLong reports whether s is longer than MaxDomain bytes and has a label,
// split at the full stops that UTS #46 maps to "." (see NextDot), longer
// than MaxLabel bytes.
func TooLong(s string) bool {
	_, ok := tooLong(s)
	return ok
}

// tooLong is TooLong, and the offset of the first label too long.
func tooLong(s string) (int, bool) {
	if len(s) <= MaxDomain {
		return 0, false
	}
	for start := 0; ; {
		n, size := NextDot(s[start:])
		end := len(s)
		if n >= 0 {
			end = start + n
		}
		if end-start > MaxLabel {
			return start, true
		}
		if n < 0 {
			return 0, false
		}
		start = end + size
	}
}

// NextDot returns the index and the length of the first label separator of
// UTS #46 in s: ".", or the ideographic and full-width full stops U+3002,
// U+FF0E and U+FF61 that its mapping turns into "."; or -1 and 0. It looks
// no further than the separator, so that splitting a name takes linear
// time.
func NextDot(s string) (int, int) {
	for i := 0; i < len(s); i++ {
		switch {
		case s[i] == '.':
			return i, 1
		case s[i] == 0xe3 && strings.HasPrefix(s[i:], "\u3002"),
			s[i] == 0xef && (strings.HasPrefix(s[i:], "\uff0e") || strings.HasPrefix(s[i:], "\uff61")):
			return i, 3
		}
	}
	return -1, 0
}
