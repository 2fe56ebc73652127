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
package idnacheck

import (
	"errors"
	"strconv"
	"strings"

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
)

// Error is why ToASCII or ToUnicode refused a name, before or after
// x/net/idna ran.
type Error struct {
	Name   string // the name given
	Offset int    // the byte offset in Name of the label at fault
	Err    error  // ErrTooLong, ErrLabelLost or ErrLabelCount
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
	return out, nil
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
		if n < 0 {
			return nil
		}
		i, j = ne+size, oe+1
	}
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
