package uri

import (
	"slices"
	"strings"

	"github.com/gouri/uri/internal/abnf"
	"github.com/gouri/uri/internal/schemes"
)

// This file holds the rules of scheme-based normalization (RFC 3986,
// Section 6.2.3) for the schemes of the table in internal/schemes: default
// ports, the empty path of http and its kin, the host "localhost" and the
// drive letters of file URIs, the domains of mailto URIs, and IDNA for the
// schemes whose hosts are DNS names.

// schemeRules makes the decisions of the scheme's rules that come before
// emit: it looks the scheme up in the table when a rule needs the entry (a
// port, an empty path, IDNA), works out the IDNA form of the host, and
// decides the rules of file and mailto, which are named here.
func (nz *normalizer) schemeRules() {
	u, n := nz.u, nz.n
	scheme := u.Scheme()
	if u.flags&fPort != 0 && n&NormalizePort != 0 || u.pathEnd == u.pathStart && n&NormalizeSchemeRules != 0 || n&NormalizeIDNA != 0 {
		nz.info = schemes.Lookup(scheme)
		if n&NormalizeIDNA != 0 && u.HostKind() == HostRegName && nz.info.DNS && hasEncodedNonASCII(u.Host()) {
			if a, err := HostToASCII(u.Host()); err == nil {
				nz.idna = a
			}
		}
	}
	if n&NormalizeSchemeRules == 0 {
		return
	}
	switch {
	case abnf.EqualFold(scheme, "file"):
		// The drive letter rule is for the local machine: no host, no
		// authority at all (then hostStart == hostEnd too), or the
		// host "localhost", which is dropped.
		switch {
		case u.hostEnd == u.hostStart:
			nz.drive, nz.pathRule = true, driveToFix(u.Path())
		case u.HostKind() == HostRegName && u.flags&fUserinfo == 0 &&
			(u.flags&fPort == 0 || (u.Port() == "" && n&NormalizePort != 0)) &&
			hostIs(u.Host(), "localhost"):
			nz.dropHost, nz.drive, nz.pathRule = true, true, driveToFix(u.Path())
		}
	case abnf.EqualFold(scheme, "mailto"):
		nz.mailto = u.flags&fAuthority == 0 && n&NormalizeCase != 0
		nz.pathRule = nz.mailto
	}
}

// schemeMatters reports whether a rule of the scheme may act on the
// reference: the table is needed for a port, an empty path and IDNA, and
// the rules of file and mailto only for those, whose names begin with "f"
// and "m" (the scheme is not empty). Most references need none, and save
// the look-up.
func (nz *normalizer) schemeMatters() bool {
	u, n := nz.u, nz.n
	c := u.s[0] | 0x20
	return u.flags&fPort != 0 && n&NormalizePort != 0 || n&NormalizeIDNA != 0 ||
		n&NormalizeSchemeRules != 0 && (u.pathEnd == u.pathStart || c == 'f' || c == 'm')
}

// portDigits returns where the digits of the port that NormalizePort keeps
// begin, or -1 if it drops the port with its ":": an empty port, for every
// scheme (Section 3.2.3), and for the schemes of the table the default
// port, written with any number of leading zeros, which other ports lose
// (Section 6.2.3).
func (nz *normalizer) portDigits(port string) int {
	switch {
	case port == "":
		return -1
	case nz.info.Port == "":
		return 0
	}
	z := 0
	for z < len(port)-1 && port[z] == '0' {
		z++
	}
	if port[z:] == nz.info.Port {
		return -1
	}
	return z
}

// slashPath reports whether the empty path of the reference is written
// "/": with an authority, for the schemes where they are equivalent (RFC
// 9110, Section 4.2.3; RFC 6455, Section 3).
func (nz *normalizer) slashPath() bool {
	return nz.n&NormalizeSchemeRules != 0 && nz.u.flags&fAuthority != 0 && nz.info.SlashPath
}

// pathRules applies to the path p, as dot-segment removal leaves it, the
// rules of the scheme that change a path: the domains of a mailto URI and
// the drive letter of a file URI. It works in place.
func (nz *normalizer) pathRules(p []byte) []byte {
	if nz.mailto && mailtoPlain(p) {
		lowerMailtoDomains(p)
	}
	if nz.drive {
		p = fixDrive(p)
	}
	return p
}

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
	if len(h) < len(t) {
		return false // decoding never lengthens h
	}
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
