package dataurl

import (
	"math"
	"strings"

	"github.com/gouri/uri/internal/abnf"
)

// This file reads a data: URL with an opaque path (every data: URL whose
// MIME type does not begin with "/") in the input as given, without
// running the URL parser on it, so that a body can be measured, and
// refused, before a byte of it is copied. The URL parser (URL Standard,
// section 4.4) writes the href of such an input a code point at a time,
// and changes it in four ways only: it strips leading and trailing C0
// controls and spaces, removes tabs and newlines, replaces each
// ill-formed UTF-8 sequence with U+FFFD, and percent-encodes some bytes
// (a control, a byte >= 0x80, a space before "?" or "#", a space or a
// quote in the query), which percent-decoding reads back as they were. So
// the percent-decoding of the href's body is that of the input's body
// read under the first three rules, as the decoders of body.go read it,
// and the ";base64" test can be made on the input too (rawBase64). Only
// the MIME type, before the first ",", goes through the URL parser, once
// the body is accepted.

// maxHref is the longest href that the URL parser of package whatwg
// writes (its offsets are int32); it refuses a longer one.
const maxHref = math.MaxInt32

// An opaque is a data: URL with an opaque path, read in the input as
// given.
type opaque struct {
	input string
	comma int // the first "," before the fragment, or -1
	hash  int // the "#" that begins the fragment, or -1; once split when comma >= 0
	// body is the encoded body as the input gives it, once split: after
	// the comma, up to the fragment, or to the end of the input less the
	// C0 controls and spaces that the URL parser strips from it.
	body   string
	base64 bool // the MIME type ends with ";base64" (see rawBase64)
}

// readOpaque reads input as the URL parser reads the start of a URL: C0
// controls and spaces before the scheme, tabs and newlines anywhere. It
// reports false unless the scheme is "data" and the path is opaque (no
// "/" after the ":"), and for an input longer than the URL parser takes,
// which that parser refuses at once. It looks for the end of the body
// only when there is no ",": see split.
func readOpaque(input string) (opaque, bool) {
	if len(input) > maxHref {
		return opaque{}, false
	}
	const scheme = "data:"
	i, k := 0, 0
	if strings.HasPrefix(input, scheme) {
		i, k = len(scheme), len(scheme)
	}
	for k == 0 && i < len(input) && input[i] <= ' ' {
		i++
	}
	for ; k < len(scheme); i++ {
		if i == len(input) {
			return opaque{}, false
		}
		switch c := input[i]; {
		case abnf.Lower(c) == scheme[k]:
			k++
		case !tabOrNewline(c):
			return opaque{}, false
		}
	}
	for i < len(input) && tabOrNewline(input[i]) {
		i++
	}
	if i < len(input) && input[i] == '/' {
		return opaque{}, false
	}
	t := opaque{input: input, comma: strings.IndexByte(input[i:], ','), hash: -1}
	if t.comma >= 0 {
		t.hash = strings.IndexByte(input[i:i+t.comma], '#')
	} else {
		t.hash = strings.IndexByte(input[i:], '#')
	}
	if t.hash >= 0 {
		t.hash += i
		t.comma = -1 // the "," is in the fragment
	}
	if t.comma >= 0 {
		t.comma += i
		t.base64 = rawBase64(input[i:t.comma])
	}
	return t, true
}

// split finds the end of the body of t, which has a ",": the fragment,
// or the end of the input less its trailing C0 controls and spaces.
func (t *opaque) split() {
	end := len(t.input)
	if h := strings.IndexByte(t.input[t.comma+1:], '#'); h >= 0 {
		t.hash = t.comma + 1 + h
		end = t.hash
	} else {
		for end > t.comma+1 && t.input[end-1] <= ' ' {
			end--
		}
	}
	t.body = t.input[t.comma+1 : end]
}

// tabOrNewline reports whether c is a byte that the URL parser removes
// wherever it is: TAB, LF or CR.
func tabOrNewline(c byte) bool { return c == '\t' || c == '\n' || c == '\r' }

// rawBase64 is the test of cutBase64 on the MIME type that the URL parser
// writes from mt, the text between "data:" and the first "," of an
// input: whether it ends with ";", spaces and "base64" in any case once
// tabs and newlines are removed and trailing spaces trimmed. A space in
// the query (after a "?") is percent-encoded, so it is no space there;
// every other byte that the URL parser rewrites is neither ";", a space
// nor a letter before and after.
func rawBase64(mt string) bool {
	const want = ";base64" // matched from its end
	q := strings.IndexByte(mt, '?')
	k := len(want) // the bytes of want not matched yet
	for i := len(mt) - 1; i >= 0; i-- {
		switch c := mt[i]; {
		case tabOrNewline(c):
		case c == ' ' && (k == len(want) || k == 1) && (q < 0 || i < q):
			// Trailing spaces, or spaces between ";" and "base64".
		case abnf.Lower(c) == want[k-1]:
			if k--; k == 0 {
				return true
			}
		default:
			return false
		}
	}
	return false
}
