// Package schemes is the one table of URI schemes that the module knows
// something about: the default port, the specification that defines the
// scheme, whether its hosts are names in the DNS, and whether an empty path
// means "/". Scheme-based normalization (RFC 3986, Section 6.2.3), the IRI
// host conversion (RFC 3987, Section 3.1) and the comparisons of the older
// grammars all read it.
package schemes

// Info is what the table knows of a scheme. The specification that defines
// the scheme and its default port is named beside each entry of the table.
type Info struct {
	Port  string // the default port, as RFC 3986, Section 6.2.3 removes it; "" if none
	Known bool   // the scheme is in the table
	// DNS reports that a reg-name host of the scheme is a domain name,
	// looked up in the DNS (RFC 3986, Section 3.2.2), so that IDNA applies.
	DNS bool
	// SlashPath reports that, with an authority, an empty path is
	// equivalent to "/" (RFC 9110, Section 4.2.3; RFC 6455, Section 3).
	SlashPath bool
}

// Lookup returns what the table knows of scheme, written in any case. It
// does not allocate.
func Lookup(scheme string) Info {
	switch scheme { // most URIs are http or https, written in lower case
	case "http":
		return web("80") // RFC 9110, Sections 4.2.1 and 4.2.3
	case "https":
		return web("443") // RFC 9110, Sections 4.2.2 and 4.2.3
	}
	if info := lookup(scheme); info.Known {
		return info // most schemes are written in lower case
	}
	var buf [16]byte
	if len(scheme) > len(buf) {
		return Info{}
	}
	upper := false
	for i := 0; i < len(scheme); i++ {
		c := scheme[i]
		if 'A' <= c && c <= 'Z' {
			c += 'a' - 'A'
			upper = true
		}
		buf[i] = c
	}
	if !upper {
		return Info{}
	}
	return lookup(string(buf[:len(scheme)]))
}

// web and dns build the entries of schemes whose hosts are DNS names.
func web(port string) Info { return Info{Known: true, Port: port, DNS: true, SlashPath: true} }
func dns(port string) Info { return Info{Known: true, Port: port, DNS: true} }

// lookup is the table, for a lower-case scheme. A switch compiles to a
// search by length and content, without hashing.
func lookup(scheme string) Info {
	switch scheme {
	case "http":
		return web("80") // RFC 9110, Sections 4.2.1 and 4.2.3
	case "https":
		return web("443") // RFC 9110, Sections 4.2.2 and 4.2.3
	case "ws":
		return web("80") // RFC 6455, Section 3
	case "wss":
		return web("443") // RFC 6455, Section 3
	case "ftp":
		return dns("21") // RFC 1738, Section 3.2
	case "file":
		return Info{Known: true} // RFC 8089, Section 2: "localhost" is the default host
	case "mailto":
		return Info{Known: true} // RFC 6068: domains are case-insensitive
	case "gopher":
		return dns("70") // RFC 4266, Section 2.1
	case "telnet":
		return dns("23") // RFC 4248 (RFC 1738, Section 3.8)
	case "nntp":
		return dns("119") // RFC 5538, Section 2.2
	case "news":
		return dns("119") // RFC 5538, Section 2.1
	case "wais":
		return dns("210") // RFC 4156 (RFC 1738, Section 3.9)
	case "prospero":
		return dns("1525") // RFC 4157 (RFC 1738, Section 3.11)
	case "ldap":
		return dns("389") // RFC 4516, Section 2
	case "imap":
		return dns("143") // RFC 5092
	case "pop":
		return dns("110") // RFC 2384
	case "nfs":
		return dns("2049") // RFC 2224
	case "rtsp":
		return dns("554") // RFC 7826 (RFC 2326, Section 3.2)
	case "rtsps":
		return dns("322") // RFC 7826
	case "coap":
		return dns("5683") // RFC 7252, Section 6.1
	case "coaps":
		return dns("5684") // RFC 7252, Section 6.2
	case "coap+tcp":
		return dns("5683") // RFC 8323, Section 8.1
	case "coaps+tcp":
		return dns("5684") // RFC 8323, Section 8.2
	case "coap+ws":
		return dns("80") // RFC 8323, Section 8.3
	case "coaps+ws":
		return dns("443") // RFC 8323, Section 8.4
	case "ipp":
		return dns("631") // RFC 3510, Section 4.2
	case "ipps":
		return dns("631") // RFC 7472
	case "dict":
		return dns("2628") // RFC 2229, Section 5
	case "acap":
		return dns("674") // RFC 2244
	case "icap":
		return dns("1344") // RFC 3507
	case "rsync":
		return dns("873") // RFC 5781
	case "snmp":
		return dns("161") // RFC 4088
	case "sieve":
		return dns("4190") // RFC 5804
	case "vnc":
		return dns("5900") // RFC 7869
	case "tn3270":
		return dns("23") // RFC 6270
	case "z39.50r":
		return dns("210") // RFC 2056
	case "z39.50s":
		return dns("210") // RFC 2056
	}
	return Info{}
}
