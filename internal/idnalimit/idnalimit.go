// Package idnalimit holds the one limit that the module puts on what it
// gives to IDNA. Punycode encoding and decoding in golang.org/x/net/idna take
// time quadratic in the length of a label, so a domain longer than
// MaxDomain bytes whose labels are not all at most MaxLabel bytes is refused
// before IDNA sees it, and the time to read any input stays linear in its
// length. DNS allows 63 bytes in a label and 253 in a domain; the URL
// Standard sets no limit, so the limit is far above both.
package idnalimit

import "unicode/utf8"

const (
	MaxDomain = 4096 // bytes of a domain that IDNA always gets
	MaxLabel  = 255  // bytes of a label of a longer domain
)

// TooLong reports whether s is longer than MaxDomain bytes and has a label,
// split at the full stops that UTS #46 maps to "." (U+002E, U+3002, U+FF0E,
// U+FF61), longer than MaxLabel bytes.
func TooLong(s string) bool {
	if len(s) <= MaxDomain {
		return false
	}
	n := 0
	for _, r := range s {
		switch r {
		case '.', '\u3002', '\uff0e', '\uff61':
			n = 0
			continue
		}
		n += utf8.RuneLen(r)
		if n > MaxLabel {
			return true
		}
	}
	return false
}
