package whatwg

import (
	"strings"

	"github.com/gouri/uri/internal/abnf"
	"github.com/gouri/uri/internal/inetaton"
)

// endsInNumber is the ends in a number checker of the URL Standard,
// section 3.5: whether the last label of the ASCII domain s (ignoring one
// empty label after a final ".") is all ASCII digits, or "0x"/"0X"
// followed by hex digits, so that the host parser reads s as an IPv4
// address.
func endsInNumber(s string) bool {
	if len(s) > 0 && s[len(s)-1] == '.' {
		s = s[:len(s)-1]
	}
	// Most domains end in a letter that is neither a hex digit nor "x".
	if len(s) == 0 || !abnf.IsHex(s[len(s)-1]) && s[len(s)-1]|0x20 != 'x' {
		return false
	}
	last := s[strings.LastIndexByte(s, '.')+1:]
	if last == "" {
		return false
	}
	digits := true
	for k := 0; k < len(last); k++ {
		if last[k] < '0' || last[k] > '9' {
			digits = false
			break
		}
	}
	if digits {
		return true
	}
	_, _, ok := inetaton.Number(last)
	return ok
}

// ipv4 is the IPv4 parser of section 3.5 on the ASCII domain s, which
// starts at index h of the parser's input: inetaton.Parse, with the
// validation errors in the order the standard meets them, which counts
// the parts first. On failure it returns false with the failure recorded
// at h.
func (p *parser) ipv4(s string, h int) (uint32, bool) {
	parts := inetaton.Parts(s)
	r, fault := inetaton.Parse(s)
	if r.FinalDot {
		p.note(ErrIPv4EmptyPart, h)
	}
	if parts > 4 {
		p.fail(ErrIPv4TooManyParts, h)
		return 0, false
	}
	if parts < 4 {
		p.note(ErrIPv4TooFewParts, h)
	}
	for range r.NonDecimal {
		p.note(ErrIPv4NonDecimalPart, h)
	}
	if fault == inetaton.NonNumeric {
		p.fail(ErrIPv4NonNumericPart, h)
		return 0, false
	}
	if r.Over255 {
		p.note(ErrIPv4OutOfRangePart, h)
	}
	if fault == inetaton.OutOfRange {
		p.fail(ErrIPv4OutOfRangePart, h)
		return 0, false
	}
	return r.Addr, true
}

// appendIPv4 appends the IPv4 serializer's output (section 3.6): four
// decimal numbers separated by ".".
func appendIPv4(b []byte, a uint32) []byte {
	for i := 3; i >= 0; i-- {
		n := byte(a >> (8 * i))
		if n >= 100 {
			b = append(b, '0'+n/100)
		}
		if n >= 10 {
			b = append(b, '0'+n/10%10)
		}
		b = append(b, '0'+n%10)
		if i > 0 {
			b = append(b, '.')
		}
	}
	return b
}

// ipv6 is the IPv6 parser of section 3.5, transcribed step by step, on s,
// the text between "[" and "]", which starts at index at of the parser's
// input. It records the non-fatal validation errors, and on failure returns
// false with the failure recorded at the code point where it stopped.
func (p *parser) ipv6(s string, at int) ([8]uint16, bool) {
	var address [8]uint16
	pieceIndex := 0
	compress := -1
	ptr := 0
	fail := func(k Kind) ([8]uint16, bool) {
		p.fail(k, at+ptr)
		return [8]uint16{}, false
	}
	if ptr < len(s) && s[ptr] == ':' {
		if ptr+1 >= len(s) || s[ptr+1] != ':' {
			return fail(ErrIPv6InvalidCompression)
		}
		ptr += 2
		pieceIndex++
		compress = pieceIndex
	}
	for ptr < len(s) {
		if pieceIndex == 8 {
			return fail(ErrIPv6TooManyPieces)
		}
		if s[ptr] == ':' {
			if compress >= 0 {
				return fail(ErrIPv6MultipleCompression)
			}
			ptr++
			pieceIndex++
			compress = pieceIndex
			continue
		}
		value, length := 0, 0
		for length < 4 && ptr < len(s) && abnf.IsHex(s[ptr]) {
			value = value*0x10 + int(abnf.Unhex(s[ptr]))
			ptr++
			length++
		}
		if ptr < len(s) && s[ptr] == '.' {
			if length == 0 {
				return fail(ErrIPv4InIPv6InvalidCodePoint)
			}
			ptr -= length
			if pieceIndex > 6 {
				return fail(ErrIPv4InIPv6TooManyPieces)
			}
			var k Kind
			if ptr, pieceIndex, k = ipv4InIPv6(s, ptr, &address, pieceIndex); k != 0 {
				return fail(k)
			}
			break
		} else if ptr < len(s) && s[ptr] == ':' {
			ptr++
			if ptr >= len(s) {
				return fail(ErrIPv6InvalidCodePoint)
			}
		} else if ptr < len(s) {
			return fail(ErrIPv6InvalidCodePoint)
		}
		if length > 1 && value < 1<<(4*(length-1)) {
			p.note(ErrIPv6PieceLeadingZero, at+ptr-length)
		}
		address[pieceIndex] = uint16(value)
		pieceIndex++
	}
	if compress >= 0 {
		expand(&address, compress, pieceIndex)
	} else if pieceIndex != 8 {
		return fail(ErrIPv6TooFewPieces)
	}
	return address, true
}

// ipv4InIPv6 is the part of the IPv6 parser of section 3.5 that reads an
// IPv4 address in the last two pieces, from s[ptr] into address from
// pieceIndex on. It returns where it stopped and the piece index after it,
// with the failure's kind, or 0.
func ipv4InIPv6(s string, ptr int, address *[8]uint16, pieceIndex int) (int, int, Kind) {
	numbersSeen := 0
	for ptr < len(s) {
		ipv4Piece := -1
		if numbersSeen > 0 {
			if s[ptr] == '.' && numbersSeen < 4 {
				ptr++
			} else {
				return ptr, pieceIndex, ErrIPv4InIPv6InvalidCodePoint
			}
		}
		if ptr >= len(s) || s[ptr] < '0' || s[ptr] > '9' {
			return ptr, pieceIndex, ErrIPv4InIPv6InvalidCodePoint
		}
		for ptr < len(s) && '0' <= s[ptr] && s[ptr] <= '9' {
			number := int(s[ptr] - '0')
			if ipv4Piece < 0 {
				ipv4Piece = number
			} else if ipv4Piece == 0 {
				return ptr, pieceIndex, ErrIPv4InIPv6InvalidCodePoint
			} else {
				ipv4Piece = ipv4Piece*10 + number
			}
			if ipv4Piece > 255 {
				return ptr, pieceIndex, ErrIPv4InIPv6OutOfRangePart
			}
			ptr++
		}
		address[pieceIndex] = address[pieceIndex]*0x100 + uint16(ipv4Piece)
		numbersSeen++
		if numbersSeen == 2 || numbersSeen == 4 {
			pieceIndex++
		}
	}
	if numbersSeen != 4 {
		return ptr, pieceIndex, ErrIPv4InIPv6TooFewParts
	}
	return ptr, pieceIndex, 0
}

// expand moves the pieces after the compression to the end of the address
// (section 3.5, the step after the main loop): compress is where the
// compression stands and pieceIndex the number of pieces read.
func expand(address *[8]uint16, compress, pieceIndex int) {
	swaps := pieceIndex - compress
	pieceIndex = 7
	for pieceIndex != 0 && swaps > 0 {
		address[pieceIndex], address[compress+swaps-1] = address[compress+swaps-1], address[pieceIndex]
		pieceIndex--
		swaps--
	}
}

// compressedPiece finds the IPv6 address compressed piece index (section
// 3.6): the first of the longest run of more than one zero piece, or -1.
func compressedPiece(a *[8]uint16) int {
	longestIndex, longestSize := -1, 1
	foundIndex, foundSize := -1, 0
	for i, v := range a {
		if v != 0 {
			if foundSize > longestSize {
				longestIndex, longestSize = foundIndex, foundSize
			}
			foundIndex, foundSize = -1, 0
			continue
		}
		if foundIndex < 0 {
			foundIndex = i
		}
		foundSize++
	}
	if foundSize > longestSize {
		return foundIndex
	}
	return longestIndex
}

// appendIPv6 appends the IPv6 serializer's output (section 3.6): the
// pieces in lower-case hexadecimal without leading zeros, separated by ":",
// with the longest run of zero pieces compressed to "::".
func appendIPv6(b []byte, a *[8]uint16) []byte {
	compress := compressedPiece(a)
	ignore0 := false
	for i, v := range a {
		if ignore0 && v == 0 {
			continue
		}
		ignore0 = false
		if compress == i {
			if i == 0 {
				b = append(b, "::"...)
			} else {
				b = append(b, ':')
			}
			ignore0 = true
			continue
		}
		started := false
		for shift := 12; shift >= 0; shift -= 4 {
			d := v >> shift & 0xf
			if d != 0 || started || shift == 0 {
				b = append(b, abnf.LowerHex[d])
				started = true
			}
		}
		if i != 7 {
			b = append(b, ':')
		}
	}
	return b
}
