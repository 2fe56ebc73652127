package abnf

import "errors"

// This file parses the host forms of RFC 3986, Section 3.2.2 that are not
// reg-names: IP-literal (IPv6address and IPvFuture) and IPv4address.
//
//	IP-literal = "[" ( IPv6address / IPvFuture ) "]"
//	IPvFuture  = "v" 1*HEXDIG "." 1*( unreserved / sub-delims / ":" )
//
//	IPv6address =                            6( h16 ":" ) ls32
//	            /                       "::" 5( h16 ":" ) ls32
//	            / [               h16 ] "::" 4( h16 ":" ) ls32
//	            / [ *1( h16 ":" ) h16 ] "::" 3( h16 ":" ) ls32
//	            / [ *2( h16 ":" ) h16 ] "::" 2( h16 ":" ) ls32
//	            / [ *3( h16 ":" ) h16 ] "::"    h16 ":"   ls32
//	            / [ *4( h16 ":" ) h16 ] "::"              ls32
//	            / [ *5( h16 ":" ) h16 ] "::"              h16
//	            / [ *6( h16 ":" ) h16 ] "::"
//
//	h16         = 1*4HEXDIG
//	ls32        = ( h16 ":" h16 ) / IPv4address
//	IPv4address = dec-octet "." dec-octet "." dec-octet "." dec-octet
//	dec-octet   = DIGIT                 ; 0-9
//	            / %x31-39 DIGIT         ; 10-99
//	            / "1" 2DIGIT            ; 100-199
//	            / "2" %x30-34 DIGIT     ; 200-249
//	            / "25" %x30-35          ; 250-255
//
// The nine IPv6address forms say the same as: eight 16-bit pieces separated
// by ":", where an IPv4address may stand for the last two, and where one "::"
// may stand for one or more zero pieces, so that with "::" at most seven
// pieces are written. The parser below counts pieces under that reading, which
// lets it find the first byte that cannot continue any of the nine forms.

// Errors of the scanners, which package uri exports under the same names.
var (
	ErrBadPercent     = errors.New(`"%" not followed by two hex digits`)
	ErrBadIPLiteral   = errors.New("malformed IP literal")
	ErrZoneNotAllowed = errors.New("IPv6 zone identifier not allowed by RFC 3986 (ParseRFC6874 accepts it)")
)

// Octets selects the rule for the octets of an IPv4 address inside an IPv6
// address.
type Octets uint8

const (
	DecOctet  Octets = iota // RFC 3986's dec-octet: no leading zeros
	Octet2373               // RFC 2373's 1*3DIGIT, at most 255: leading zeros allowed (RFC 2732)
)

// IPLiteral parses the IP-literal that starts with the "[" at s[i]. It
// returns the index just past the closing "]" and whether it holds an
// IPvFuture rather than an IPv6address; with allowZone, the IPv6address may
// carry an RFC 6874 zone ("%25" ZoneID). On error it returns the offset of
// the first byte that cannot continue a valid IP-literal (len(s) if the input
// ends first) and ErrBadIPLiteral, ErrZoneNotAllowed or ErrBadPercent.
func IPLiteral(s string, i int, allowZone bool) (end int, future bool, err error) {
	j := i + 1
	if j < len(s) && (s[j] == 'v' || s[j] == 'V') {
		end, err := ipvFuture(s, j+1)
		return end, true, err
	}
	end, err = IPv6(s, j, allowZone, DecOctet)
	return end, false, err
}

// ipvFuture parses the IPvFuture after its "v", at s[j], up to and
// including the closing "]".
func ipvFuture(s string, j int) (int, error) {
	k := j
	for k < len(s) && IsHex(s[k]) {
		k++
	}
	if k == j || k >= len(s) || s[k] != '.' {
		return min(k, len(s)), ErrBadIPLiteral
	}
	k++
	m := k
	for m < len(s) && Classes[s[m]]&Future != 0 {
		m++
	}
	if m == k || m >= len(s) || s[m] != ']' {
		return min(m, len(s)), ErrBadIPLiteral
	}
	return m + 1, nil
}

// IPv6 parses an IPv6address starting at s[j], its octets of an embedded
// IPv4 address by the rule octets, then the optional RFC 6874 zone (only
// with allowZone), then the closing "]". It returns the index past "]".
func IPv6(s string, j int, allowZone bool, octets Octets) (int, error) {
	n := len(s)
	pieces := 0         // 16-bit pieces read so far; an IPv4address counts as two
	compressed := false // a "::" has been read
	if j < n && s[j] == ':' {
		// A leading ":" must be the start of "::".
		if j+1 >= n {
			return n, ErrBadIPLiteral
		}
		if s[j+1] != ':' {
			return j + 1, ErrBadIPLiteral
		}
		compressed = true
		j += 2
		if j < n && (s[j] == ']' || s[j] == '%') {
			return closeIPv6(s, j, allowZone)
		}
	}
	for {
		// A piece: h16, or the first octet of an IPv4address. Hex digits
		// are read first; a "." after them decides that they were an octet.
		if j >= n {
			return n, ErrBadIPLiteral
		}
		if !IsHex(s[j]) || pieces >= 8 || compressed && pieces >= 7 {
			return j, ErrBadIPLiteral
		}
		k := j + 1
		for k < n && k-j < 4 && IsHex(s[k]) {
			k++
		}
		if k >= n {
			return n, ErrBadIPLiteral
		}
		switch c := s[k]; {
		case c == '.':
			// ls32 as IPv4address: it ends the address, stands for two
			// pieces, and must leave the count at eight (seven with "::").
			if end, ok := octet(s[:k], j, octets); !ok || end != k || (compressed && pieces+2 > 7) || (!compressed && pieces != 6) {
				return k, ErrBadIPLiteral
			}
			end, ok := ipv4Tail(s, k+1, octets)
			if !ok {
				return end, ErrBadIPLiteral
			}
			return closeIPv6(s, end, allowZone)
		case c == ':':
			pieces++
			// A ":" can go on to another piece or start "::"; with "::"
			// already read it can only go on to a piece.
			if (compressed && pieces >= 7) || pieces >= 8 {
				return k, ErrBadIPLiteral
			}
			if k+1 < n && s[k+1] == ':' {
				if compressed {
					return k + 1, ErrBadIPLiteral
				}
				compressed = true
				j = k + 2
				if j < n && (s[j] == ']' || s[j] == '%') {
					return closeIPv6(s, j, allowZone)
				}
				continue
			}
			j = k + 1
		case c == ']' || c == '%':
			pieces++
			if !compressed && pieces != 8 {
				return k, ErrBadIPLiteral
			}
			return closeIPv6(s, k, allowZone)
		default:
			// A fifth hex digit, or a byte that no form allows here.
			return k, ErrBadIPLiteral
		}
	}
}

// ipv4Tail parses the last three octets of an IPv4address in an
// IPv6address, starting after the first ".". It returns the index after
// the last octet, or the offset of the first byte that breaks them and
// false.
func ipv4Tail(s string, j int, octets Octets) (int, bool) {
	for n := 1; n < 4; n++ {
		if n > 1 {
			if j >= len(s) {
				return len(s), false
			}
			if s[j] != '.' {
				return j, false
			}
			j++
		}
		end, ok := octet(s, j, octets)
		if !ok {
			return end, false
		}
		j = end
	}
	return j, true
}

// octet reads a decimal octet at s[j]: one to three digits with a value of
// at most 255, with leading zeros only under Octet2373. It returns the index
// after it, or the offset of the first byte that breaks it and false: a
// digit that would make the octet too long, too large or give it a leading
// zero is such a byte.
func octet(s string, j int, octets Octets) (int, bool) {
	if j >= len(s) {
		return len(s), false
	}
	if !IsDigit(s[j]) {
		return j, false
	}
	v := int(s[j] - '0')
	k := j + 1
	for k < len(s) && IsDigit(s[k]) {
		if v == 0 && octets == DecOctet {
			return k, false // "0" cannot be followed by a digit
		}
		v = v*10 + int(s[k]-'0')
		if k-j == 3 || v > 255 {
			return k, false
		}
		k++
	}
	return k, true
}

// closeIPv6 reads what may follow a complete IPv6address at s[k]: an optional
// RFC 6874 zone (only if allowZone) and the closing "]".
func closeIPv6(s string, k int, allowZone bool) (int, error) {
	if k < len(s) && s[k] == '%' {
		if !allowZone {
			return k, ErrZoneNotAllowed
		}
		// "%25" ZoneID, ZoneID = 1*( unreserved / pct-encoded )
		for m, want := range [2]byte{'2', '5'} {
			p := k + 1 + m
			if p >= len(s) {
				return len(s), ErrBadIPLiteral
			}
			if s[p] != want {
				return p, ErrBadIPLiteral
			}
		}
		start := k + 3
		end, f := Scan(s, start, Unreserved)
		if f != OK {
			return end, ErrBadPercent
		}
		if end == start {
			return min(end, len(s)), ErrBadIPLiteral
		}
		k = end
	}
	if k >= len(s) {
		return len(s), ErrBadIPLiteral
	}
	if s[k] != ']' {
		return k, ErrBadIPLiteral
	}
	return k + 1, nil
}

// IsIPv4 reports whether h matches IPv4address exactly. Text such as
// "127.0.0.001", "1.2.3.256" or "127.1" does not, and is a reg-name
// (RFC 3986, Section 3.2.2).
func IsIPv4(h string) bool {
	if len(h) < 7 || len(h) > 15 || !IsDigit(h[0]) {
		return false
	}
	j := 0
	for n := 0; n < 4; n++ {
		if n > 0 {
			if j >= len(h) || h[j] != '.' {
				return false
			}
			j++
		}
		end, ok := octet(h, j, DecOctet)
		if !ok {
			return false
		}
		j = end
	}
	return j == len(h)
}
