package uri

import (
	"slices"
	"strings"

	"github.com/gouri/uri/internal/abnf"
)

// This file holds the rules of scheme-based normalization (RFC 3986,
// Section 6.2.3) that the table of internal/schemes does not say alone:
// the host "localhost" and the drive letters of file URIs, and the domains
// of mailto URIs.

// hasEncodedNonASCII reports whether s holds a percent-encoded byte above
// 0x7F, as percent-encoded UTF-8 does.
func hasEncodedNonASCII(s string) bool {
	for i := 0; i+2 < len(s); i++ {
		if s[i] == '%' && abnf.Unhex(s[i+1]) >= 8 {
			return true
		}
	}
	return false
}

// hostIs reports whether the reg-name h, once its percent-encoded unreserved
// characters are decoded, is the lower-case word t in any case.
func hostIs(h, t string) bool {
	k := 0
	for i := 0; i < len(h); k++ {
		out, n, size := (optDecode | optLower).unit(h, i)
		if n != 1 || k >= len(t) || out.at(0) != t[k] {
			return false
		}
		i += size
	}
	return k == len(t)
}

// driveSegment reports whether the segment of the path p that begins at
// p[i] is a drive letter of a file URI (RFC 8089, Appendix E.2): a letter,
// as it is or percent-encoded, then ":", "%3A", or "%7C" for the "|" of
// Appendix E.2.2, and then the end of the segment. It returns the letter
// in upper case and the index where the segment ends. The percent-encodings
// of p are well formed. It is the one reading of drive letters: the normal
// form (fixDrive) and the conversions of file.go use it.
func driveSegment[P string | []byte](p P, i int) (letter byte, end int, ok bool) {
	j := i // the separator
	switch {
	case i < len(p) && abnf.Classes[p[i]]&abnf.Alpha != 0:
		letter, j = p[i], i+1
	case i+2 < len(p) && p[i] == '%':
		letter, j = abnf.Unhex(p[i+1])<<4|abnf.Unhex(p[i+2]), i+3
		if abnf.Classes[letter]&abnf.Alpha == 0 {
			return 0, 0, false
		}
	default:
		return 0, 0, false
	}
	switch {
	case j < len(p) && p[j] == ':':
		end = j + 1
	case j+2 < len(p) && p[j] == '%' && (p[j+1] == '3' && p[j+2]|0x20 == 'a' || p[j+1] == '7' && p[j+2]|0x20 == 'c'):
		end = j + 3
	default:
		return 0, 0, false
	}
	if end < len(p) && p[end] != '/' {
		return 0, 0, false
	}
	return letter &^ 0x20, end, true
}

// firstSegment returns where the first segment of the path p begins: after
// its leading "/", if it has one.
func firstSegment[P string | []byte](p P) int {
	if len(p) > 0 && p[0] == '/' {
		return 1
	}
	return 0
}

// driveToFix reports whether the path p of a file URI may begin with a drive
// letter that fixDrive writes otherwise.
func driveToFix(p string) bool {
	i := firstSegment(p)
	_, end, ok := driveSegment(p, i)
	return ok && (end != i+2 || p[i]-'A' >= 26)
}

// fixDrive writes, in place, the drive letter that begins the path p of a
// file URI, if it begins with one, in its normal form: the letter in upper
// case and ":" (see NormalizeSchemeRules).
func fixDrive(p []byte) []byte {
	i := firstSegment(p)
	letter, end, ok := driveSegment(p, i)
	if !ok {
		return p
	}
	p[i], p[i+1] = letter, ':'
	return append(p[:i+2], p[end:]...)
}

// mailtoPlain reports whether the mailto rule of NormalizeSchemeRules applies
// to the path p: it has no "/" and no quoted local part ("%22"), so that the
// domain of each address is what follows its last "@".
func mailtoPlain(p []byte) bool {
	// "%22" has no letters: its hex digits cannot differ in case.
	return !slices.Contains(p, '/') && !strings.Contains(string(p), "%22")
}

// lowerMailtoDomains lower-cases, in place, the domain of each address of
// p, the path of a mailto URI: a list of addresses separated by ",", whose
// domain follows the last "@" (RFC 3986, Section 6.2.3; RFC 6068, Section
// 2). The hex digits of percent-encodings stay upper-case.
func lowerMailtoDomains(p []byte) {
	for i := 0; i < len(p); {
		end := i + slices.Index(p[i:], ',')
		if end < i {
			end = len(p)
		}
		for d := i + bytesLastIndex(p[i:end], '@') + 1; d > i && d < end; d++ {
			if p[d] == '%' {
				d += 2
			} else {
				p[d] = abnf.Lower(p[d])
			}
		}
		i = end + 1
	}
}

// bytesLastIndex returns the index of the last c in b, or -1.
func bytesLastIndex(b []byte, c byte) int {
	for i := len(b) - 1; i >= 0; i-- {
		if b[i] == c {
			return i
		}
	}
	return -1
}
