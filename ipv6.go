package uri

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

// HostKind says which of the host forms of RFC 3986, Section 3.2.2 a host
// takes.
type HostKind uint8

// The kinds of host. HostNone means the reference has no authority, so no
// host at all; an empty host ("file:///x") is an empty HostRegName.
const (
	HostNone      HostKind = iota
	HostRegName            // reg-name, such as "example.com", "" or "127.0.0.001"
	HostIPv4               // IPv4address in dotted-decimal, such as "192.0.2.1"
	HostIPv6               // IP-literal holding an IPv6address, such as "[2001:db8::1]"
	HostIPvFuture          // IP-literal holding an IPvFuture, such as "[v7.abc]"
)

var hostKindNames = [...]string{"none", "reg-name", "IPv4", "IPv6", "IPvFuture"}

// String returns "none", "reg-name", "IPv4", "IPv6" or "IPvFuture".
func (k HostKind) String() string {
	if int(k) < len(hostKindNames) {
		return hostKindNames[k]
	}
	return "HostKind(?)"
}

// parseIPLiteral parses the IP-literal that starts with the "[" at s[i]. It
// returns the index just past the closing "]" and the kind of host. On error
// it returns the offset of the first byte that cannot continue a valid
// IP-literal (len(s) if the input ends first) and the reason.
func parseIPLiteral(s string, i int, allowZone bool) (int, HostKind, error) {
	j := i + 1
	if j < len(s) && (s[j] == 'v' || s[j] == 'V') {
		end, err := parseIPvFuture(s, j+1)
		return end, HostIPvFuture, err
	}
	end, err := parseIPv6(s, j, allowZone)
	return end, HostIPv6, err
}

// parseIPvFuture parses the IPvFuture after its "v", at s[j], up to and
// including the closing "]".
func parseIPvFuture(s string, j int) (int, error) {
	k := j
	for k < len(s) && isHex(s[k]) {
		k++
	}
	if k == j || k >= len(s) || s[k] != '.' {
		return failAt(s, k), ErrBadIPLiteral
	}
	k++
	m := k
	for m < len(s) && classes[s[m]]&mFuture != 0 {
		m++
	}
	if m == k || m >= len(s) || s[m] != ']' {
		return failAt(s, m), ErrBadIPLiteral
	}
	return m + 1, nil
}

// failAt returns k, clamped to len(s): the offset of an error at byte k.
func failAt(s string, k int) int {
	if k > len(s) {
		return len(s)
	}
	return k
}

// parseIPv6 parses an IPv6address starting at s[j], then the optional
// RFC 6874 zone, then the closing "]". It returns the index past "]".
func parseIPv6(s string, j int, allowZone bool) (int, error) {
	return parseIPv6Octets(s, j, allowZone, scanDecOctet)
}

// parseIPv6Octets is parseIPv6 with the rule for the octets of an embedded
// IPv4 address as a parameter: RFC 3986's dec-octet (scanDecOctet), or the
// 1*3DIGIT of RFC 2373 that RFC 2732 literals use (legacy_rfc2396.go).
func parseIPv6Octets(s string, j int, allowZone bool, octet func(string, int) (int, bool)) (int, error) {
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
		// A piece: h16, or the first dec-octet of an IPv4address. Hex digits
		// are read first; a "." after them decides that they were an octet.
		if j >= n {
			return n, ErrBadIPLiteral
		}
		limit := 8
		if compressed {
			limit = 7
		}
		if !isHex(s[j]) || pieces >= limit {
			return j, ErrBadIPLiteral
		}
		k := j + 1
		for k < n && k-j < 4 && isHex(s[k]) {
			k++
		}
		if k >= n {
			return n, ErrBadIPLiteral
		}
		switch c := s[k]; {
		case c == '.':
			// ls32 as IPv4address: it ends the address, stands for two
			// pieces, and must leave the count at eight (seven with "::").
			if end, ok := octet(s[:k], j); !ok || end != k || (compressed && pieces+2 > 7) || (!compressed && pieces != 6) {
				return k, ErrBadIPLiteral
			}
			end, err := parseIPv4Tail(s, k+1, octet)
			if err != nil {
				return end, err
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

// parseIPv4Tail parses the last three octets of an IPv4address in an
// IPv6address, starting after the first ".", each with the rule octet. It
// returns the index after the last octet.
func parseIPv4Tail(s string, j int, octet func(string, int) (int, bool)) (int, error) {
	for n := 1; n < 4; n++ {
		if n > 1 {
			if j >= len(s) {
				return len(s), ErrBadIPLiteral
			}
			if s[j] != '.' {
				return j, ErrBadIPLiteral
			}
			j++
		}
		end, ok := octet(s, j)
		if !ok {
			return end, ErrBadIPLiteral
		}
		j = end
	}
	return j, nil
}

// scanDecOctet reads the longest dec-octet at s[j]. It returns the index after
// it, or the offset of the first byte that breaks it and false. A digit that
// would make the octet too long, too large or give it a leading zero is such
// a byte.
func scanDecOctet(s string, j int) (int, bool) { return scanOctet(s, j, false) }

// scanOctet reads a decimal octet at s[j]: one to three digits with a value
// of at most 255, with leading zeros only if zeros is set (RFC 2373's
// 1*3DIGIT allows them, RFC 3986's dec-octet does not). It returns the index
// after it, or the offset of the first byte that breaks it and false.
func scanOctet(s string, j int, zeros bool) (int, bool) {
	if j >= len(s) {
		return len(s), false
	}
	if !isDigit(s[j]) {
		return j, false
	}
	v := int(s[j] - '0')
	k := j + 1
	for k < len(s) && isDigit(s[k]) {
		if v == 0 && !zeros {
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
		end, err := scan(s, start, cUnreserved)
		if err != nil {
			return end, err
		}
		if end == start {
			return failAt(s, end), ErrBadIPLiteral
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

// isIPv4 reports whether h matches IPv4address exactly. Text such as
// "127.0.0.001", "1.2.3.256" or "127.1" does not, and is a reg-name
// (RFC 3986, Section 3.2.2).
func isIPv4(h string) bool {
	if len(h) < 7 || len(h) > 15 || !isDigit(h[0]) {
		return false
	}
	j := 0
	for octet := 0; octet < 4; octet++ {
		if octet > 0 {
			if j >= len(h) || h[j] != '.' {
				return false
			}
			j++
		}
		end, ok := scanDecOctet(h, j)
		if !ok {
			return false
		}
		j = end
	}
	return j == len(h)
}
