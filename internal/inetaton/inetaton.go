// Package inetaton reads IPv4 addresses in the loose form that the BSD inet_aton
// function (also in glibc) and the IPv4 parser of the WHATWG URL Standard
// (section 3.5) accept, which RFC 3986 reads as a reg-name (Section 7.4):
//
//   - one to four parts separated by ".", and at most one "." after the
//     last;
//   - each part a number: hexadecimal after "0x" or "0X" (with no digits
//     after it, 0), octal after a leading "0", decimal otherwise;
//   - every part but the last at most 255; the last fills the remaining
//     bytes, so that it is below 2^32, 2^24, 2^16 or 2^8 for one to four
//     parts.
//
// It is the one reading of that form in the module: package uri reports
// such hosts (AmbiguousIPv4), package whatwg parses them as the standard's
// host parser does, with its validation errors, and package canon
// canonicalizes them as Safe Browsing does.
package inetaton

import (
	"strings"

	"github.com/gouri/uri/internal/abnf"
)

// Result is an address read by Parse, and what the reading met on the
// way, which the URL Standard reports as validation errors.
type Result struct {
	Addr       uint32
	Parts      int  // the parts read, up to a fault
	FinalDot   bool // the text ends in "."
	NonDecimal int  // parts in hexadecimal or octal, up to a failure
	Over255    bool // a part above 255, wherever it is
}

// Fault says why Parse read no address.
type Fault uint8

// The faults of Parse.
const (
	OK           Fault = iota
	TooManyParts       // a fifth part
	NonNumeric         // a part that is empty or not a number
	OutOfRange         // a part too large for its place
)

// Parse reads s as an IPv4 address in the loose form (see the package
// documentation). A percent-encoded byte ("%2E", "%31") of s is read as
// that byte, as a client decodes a host before it resolves it; a "%" not
// followed by two hex digits is not a digit. It does not allocate.
//
// It reads s from left to right and stops at the first fault, with what
// it met up to there. The URL Standard counts the parts before it reads
// one, so that five parts fail as too many whatever they hold: a caller
// that reports its faults in that order asks Parts first.
func Parse(s string) (Result, Fault) {
	var r Result
	s, r.FinalDot = trimFinalDot(s)
	var numbers [4]uint64
	for i := 0; ; {
		if r.Parts == 4 {
			return r, TooManyParts
		}
		v, nonDecimal, end, ok := number(s, i)
		r.Parts++
		if !ok {
			return r, NonNumeric
		}
		numbers[r.Parts-1] = v
		if nonDecimal {
			r.NonDecimal++
		}
		if v > 255 {
			r.Over255 = true
		}
		if end == len(s) {
			break
		}
		i = end + pctLen(s, end) // past the "."
	}
	last := numbers[r.Parts-1]
	if last >= 1<<(8*(5-r.Parts)) {
		return r, OutOfRange
	}
	for k := 0; k < r.Parts-1; k++ {
		if numbers[k] > 255 {
			return r, OutOfRange
		}
		r.Addr |= uint32(numbers[k]) << (24 - 8*k)
	}
	r.Addr |= uint32(last)
	return r, OK
}

// Parts returns the number of parts that the URL Standard's IPv4
// parser splits s into (section 3.5): one more than its "." (plain or
// percent-encoded), after dropping one final ".".
func Parts(s string) int {
	s, _ = trimFinalDot(s)
	n := 1 + strings.Count(s, ".")
	if strings.IndexByte(s, '%') >= 0 {
		for k := range len(s) {
			if s[k] == '%' && decodedAt(s, k) == '.' {
				n++
			}
		}
	}
	return n
}

// trimFinalDot returns s without a final ".", plain or percent-encoded,
// and whether it had one: splitting on "." then leaves an empty last part,
// which the standard removes ("If the last item in parts is the empty
// string ... if parts's size is greater than 1, remove the last item").
func trimFinalDot(s string) (string, bool) {
	n := len(s)
	if n > 0 && s[n-1] == '.' {
		return s[:n-1], true
	}
	if n >= 3 && s[n-3] == '%' && s[n-2] == '2' && s[n-1]|0x20 == 'e' {
		return s[:n-3], true
	}
	return s, false
}

// Number is the IPv4 number parser of the URL Standard, section 3.5,
// and inet_aton's reading of one part: a decimal, octal ("0" prefix) or
// hexadecimal ("0x" or "0X" prefix) number, its digits possibly
// percent-encoded as Parse says. It returns the value, saturated
// at 1<<32 since larger values all fail alike, whether the number was not
// decimal, and false when s is empty or has a byte that is not a digit of
// its base.
func Number(s string) (v uint64, nonDecimal, ok bool) {
	v, nonDecimal, end, ok := number(s, 0)
	return v, nonDecimal, ok && end == len(s)
}

// number reads the IPv4 number that starts at s[i] and ends at the next
// ".", plain or percent-encoded, or at the end, which it returns. ok is
// false when the number is empty or has a byte that is not a digit of its
// base; end is then where it stopped.
func number(s string, i int) (v uint64, nonDecimal bool, end int, ok bool) {
	if i == len(s) || s[i] == '.' {
		return 0, false, i, false
	}
	base := uint64(10)
	// "If input contains at least two code points and the first ... is
	// U+0030 (0)": the part goes on after the "0".
	if c, k := s[i], i+pctLen(s, i); (c == '0' || c == '%' && decodedAt(s, i) == '0') && k < len(s) && s[k] != '.' && decodedAt(s, k) != '.' {
		nonDecimal = true
		if x := s[k]; x|0x20 == 'x' || x == '%' && decodedAt(s, k)|0x20 == 'x' {
			base, i = 16, k+pctLen(s, k)
		} else {
			base, i = 8, k
		}
	}
	for ; i < len(s) && s[i] != '.'; i++ {
		c := s[i]
		if c == '%' {
			if c = decodedAt(s, i); c == '.' {
				break
			}
			i += pctLen(s, i) - 1
		}
		d := uint64(16)
		switch {
		case '0' <= c && c <= '9':
			d = uint64(c - '0')
		case abnf.IsHex(c):
			d = uint64(abnf.Unhex(c))
		}
		if d >= base {
			return 0, false, i, false
		}
		if v < 1<<32 {
			v = v*base + d
		}
	}
	return min(v, 1<<32), nonDecimal, i, true
}

// decodedAt returns the byte at s[i], decoded when it begins a
// pct-encoding; a "%" that begins none is itself.
func decodedAt(s string, i int) byte {
	c, _ := abnf.DecodedByte(s, i, false)
	return c
}

// pctLen returns 3 when s[i] begins a pct-encoding, and 1 otherwise.
func pctLen(s string, i int) int {
	_, n := abnf.DecodedByte(s, i, false)
	return n
}
