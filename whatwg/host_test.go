package whatwg

import (
	"net/netip"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/gouri/uri"
)

// parseHost runs the host parser (URL Standard, section 3.5) on in, with
// isOpaque set when special is false, and returns the host serializer's
// output (section 3.6) and the kind, or the validation error it failed on.
func parseHost(in string, special bool) (string, uri.HostKind, Kind) {
	p := parser{in: in, orig: in, sch: schemeOther}
	if special {
		p.sch = schemeHTTPS
	}
	p.w.Reset(in, nil, 0)
	if !p.host(0, len(in)) {
		return "", 0, p.errKind
	}
	return p.w.String(), p.u.kind, 0
}

// hostTests pin the host parser and serializer. The first rows are the
// example table of section 3 ("A parse-serialize roundtrip gives the
// following results, depending on the isOpaque argument").
var hostTests = []struct {
	name    string
	in      string
	special bool // false: isOpaque is true
	want    string
	kind    uri.HostKind
	err     Kind
}{
	{"3 example: a domain is lower-cased", "EXAMPLE.COM", true, "example.com", uri.HostDomain, 0},
	{"3 example: an opaque host is not", "EXAMPLE.COM", false, "EXAMPLE.COM", uri.HostOpaque, 0},
	{"3 example: a domain is percent-decoded", "example%2Ecom", true, "example.com", uri.HostDomain, 0},
	{"3 example: an opaque host is not", "example%2Ecom", false, "example%2Ecom", uri.HostOpaque, 0},
	{"3 example: IDNA", "fa\u00df.example", true, "xn--fa-hia.example", uri.HostDomain, 0},
	{"3 example: an opaque host is percent-encoded", "fa\u00df.example", false, "fa%C3%9F.example", uri.HostOpaque, 0},
	{"3 example: 0 is an IPv4 address", "0", true, "0.0.0.0", uri.HostIPv4, 0},
	{"3 example: 0 is an opaque host", "0", false, "0", uri.HostOpaque, 0},
	{"3 example: %30 is decoded to 0", "%30", true, "0.0.0.0", uri.HostIPv4, 0},
	{"3 example: %30 as an opaque host", "%30", false, "%30", uri.HostOpaque, 0},
	{"3 example: 0x is 0", "0x", true, "0.0.0.0", uri.HostIPv4, 0},
	{"3 example: 0x as an opaque host", "0x", false, "0x", uri.HostOpaque, 0},
	{"3 example: 0xffffffff", "0xffffffff", true, "255.255.255.255", uri.HostIPv4, 0},
	{"3 example: 0xffffffff as an opaque host", "0xffffffff", false, "0xffffffff", uri.HostOpaque, 0},
	{"3 example: IPv6 in both", "[0:0::1]", true, "[::1]", uri.HostIPv6, 0},
	{"3 example: IPv6 in both", "[0:0::1]", false, "[::1]", uri.HostIPv6, 0},
	{"3 example: an encoded ] fails", "[0:0::1%5D", true, "", 0, ErrIPv6Unclosed},
	{"3 example: an encoded ] fails", "[0:0::1%5D", false, "", 0, ErrIPv6Unclosed},
	{"3 example: an encoded digit fails", "[0:0::%31]", true, "", 0, ErrIPv6InvalidCodePoint},
	{"3 example: an encoded digit fails", "[0:0::%31]", false, "", 0, ErrIPv6InvalidCodePoint},
	{"3 example: 09 fails", "09", true, "", 0, ErrIPv4NonNumericPart},
	{"3 example: 09 as an opaque host", "09", false, "09", uri.HostOpaque, 0},
	{"3 example: example.255 ends in a number", "example.255", true, "", 0, ErrIPv4NonNumericPart},
	{"3 example: example.255 as an opaque host", "example.255", false, "example.255", uri.HostOpaque, 0},
	{"3 example: ^ is a forbidden code point", "example^example", true, "", 0, ErrDomainToASCII},
	{"3 example: ^ is a forbidden code point", "example^example", false, "", 0, ErrHostInvalidCodePoint},

	// Domains (section 3.3).
	{"3.3 domain parser: an ASCII domain is only lower-cased", "xn--a.EXAMPLE", true, "xn--a.example", uri.HostDomain, 0},
	{"3.3 domain parser: ASCII hyphens are not checked", "-x-.ab--c", true, "-x-.ab--c", uri.HostDomain, 0},
	{"3.3 domain parser: _ is allowed (UseSTD3ASCIIRules is false)", "a_b.example", true, "a_b.example", uri.HostDomain, 0},
	{"3.3 domain parser: a trailing dot is kept", "example.com.", true, "example.com.", uri.HostDomain, 0},
	{"3.3 domain parser: empty labels are kept", "a..b", true, "a..b", uri.HostDomain, 0},
	{"3.3 domain parser: UTS #46 maps full stops", "a\u3002b\uff0ec\uff61d", true, "a.b.c.d", uri.HostDomain, 0},
	{"3.3 domain parser: UTS #46 maps full-width letters", "\uff25\uff38.com", true, "ex.com", uri.HostDomain, 0},
	{"3.3 domain parser: soft hyphen is ignored", "a\u00adb", true, "ab", uri.HostDomain, 0},
	{"3.3 domain parser: ToASCII checks joiners", "a\u200cb", true, "", 0, ErrDomainToASCII},
	{"3.3 domain parser: ToASCII checks bidi", "\u0627a", true, "", 0, ErrDomainToASCII},
	// UTS #46, section 4, checks the Bidi rule on the mapped labels: U+2137
	// and U+2135 (class L) map to the Hebrew letters U+05D2 and U+05D0.
	{"3.3 domain parser: ToASCII checks bidi after the mapping", "a\u2137b", true, "", 0, ErrDomainToASCII},
	{"3.3 domain parser: ToASCII checks bidi after the mapping, R first", "\u2135a", true, "", 0, ErrDomainToASCII},
	{"3.3 domain parser: the Bidi rule spans the mapped name", "1.\u2135", true, "", 0, ErrDomainToASCII},
	{"3.3 domain parser: a mapped RTL letter alone", "\u2135", true, "xn--4db", uri.HostDomain, 0},
	// UTS #46, section 4, step 4.1 (since Unicode 15.1): a label that
	// begins with "xn--" may hold only ASCII; read as Punycode it would
	// name another host ("xn--nxasmq6b-bcher-psb").
	{"3.3 domain parser: xn-- with a code point outside ASCII", "xn--nxasmq6b-b\u00fccher-", true, "", 0, ErrDomainToASCII},
	{"3.3 domain parser: full-width xn-- with one", "\uff58\uff4e\uff0d\uff0da-\u00fc.example", true, "", 0, ErrDomainToASCII},
	// UTS #46, section 4, step 4.1 (since Unicode 15.1): a label that
	// begins with "xn--" may hold only ASCII; read as Punycode it would
	// name another host ("xn--nxasmq6b-bcher-psb").
	{"3.3 domain parser: xn-- with a code point outside ASCII", "xn--nxasmq6b-b\u00fccher-", true, "", 0, ErrDomainToASCII},
	{"3.3 domain parser: full-width xn-- with one", "\uff58\uff4e\uff0d\uff0da-\u00fc.example", true, "", 0, ErrDomainToASCII},
	{"3.3 domain parser: a domain that maps to nothing", "\u00ad", true, "", 0, ErrDomainToASCII},

	// UTS #46, section 4, step 4 (revision 33 on): a label that starts
	// with "xn--" after the mapping, and whose Punycode decodes to the
	// empty string or to ASCII only, is an error. A bare "xn--" must not
	// vanish and turn the host into another name: "xn--9ca..com",
	// "xn--vil-9la.", "a.".
	{"3.3 domain parser: a bare xn-- label", "\u00e9.xn--.com", true, "", 0, ErrDomainToASCII},
	{"3.3 domain parser: a bare xn-- label last", "\u00e9vil.xn--", true, "", 0, ErrDomainToASCII},
	{"3.3 domain parser: a bare xn-- label first", "xn--.\u00e9", true, "", 0, ErrDomainToASCII},
	{"3.3 domain parser: a bare xn-- label before a trailing dot", "\u00e9.xn--.", true, "", 0, ErrDomainToASCII},
	{"3.3 domain parser: a bare xn-- label after U+3002", "a\u3002xn--", true, "", 0, ErrDomainToASCII},
	{"3.3 domain parser: a bare xn-- label after U+FF0E", "a\uff0exn--", true, "", 0, ErrDomainToASCII},
	{"3.3 domain parser: a bare xn-- label after U+FF61", "a\uff61xn--", true, "", 0, ErrDomainToASCII},
	{"3.3 domain parser: a bare XN-- label", "\u00e9.XN--.com", true, "", 0, ErrDomainToASCII},
	{"3.3 domain parser: a bare Xn-- label after U+3002", "\u00e9\u3002Xn--", true, "", 0, ErrDomainToASCII},
	{"3.3 domain parser: full-width letters that map to xn--", "\u00e9.\uff58\uff4e\uff0d\uff0d.com", true, "", 0, ErrDomainToASCII},
	{"3.3 domain parser: a soft hyphen inside xn--", "\u00e9.x\u00adn--.com", true, "", 0, ErrDomainToASCII},
	{"3.3 domain parser: a percent-encoded bare xn-- label", "%C3%A9.xn--", true, "", 0, ErrDomainToASCII},
	{"3.3 domain parser: a percent-encoded dot before xn--", "\u00e9%2Exn--", true, "", 0, ErrDomainToASCII},
	{"3.3 domain parser: Punycode of ASCII only", "\u00e9.xn--go-.com", true, "", 0, ErrDomainToASCII},
	{"3.3 domain parser: Punycode of one ASCII letter", "\u00e9.xn--a-.com", true, "", 0, ErrDomainToASCII},
	{"3.3 domain parser: an ASCII domain keeps a bare xn-- label", "a.XN--", true, "a.xn--", uri.HostDomain, 0},
	{"3.3 domain parser: a label of ignored code points is empty", "\u00e9.\u00ad.com", true, "xn--9ca..com", uri.HostDomain, 0},
	{"3.3 domain parser: a full-width % maps to a forbidden code point", "a\uff05b", true, "", 0, ErrDomainToASCII},
	{"3.3 domain parser: U+FFFD is disallowed", "a\ufffd", true, "", 0, ErrDomainToASCII},
	{"3.5 host parser: percent-decoded UTF-8", "%C3%A9.example", true, "xn--9ca.example", uri.HostDomain, 0},
	{"3.5 host parser: a space is forbidden", "a b", true, "", 0, ErrDomainToASCII},
	{"3.5 host parser: a percent-encoded space is forbidden too", "a%20b", true, "", 0, ErrDomainToASCII},
	{"3.5 host parser: % that is not a percent-encoded byte", "a%zz", true, "", 0, ErrDomainToASCII},
	{"3.5 host parser: DEL is forbidden in a domain", "a\x7fb", true, "", 0, ErrDomainToASCII},

	// The ends in a number checker and the IPv4 parser (section 3.5).
	{"3.5 IPv4 parser: four decimal parts", "192.168.0.1", true, "192.168.0.1", uri.HostIPv4, 0},
	{"3.5 IPv4 parser: a trailing dot", "192.168.0.1.", true, "192.168.0.1", uri.HostIPv4, 0},
	{"3.5 IPv4 parser: two trailing dots is a domain", "192.168.0.1..", true, "192.168.0.1..", uri.HostDomain, 0},
	{"3.5 IPv4 parser: one part", "3232235521", true, "192.168.0.1", uri.HostIPv4, 0},
	{"3.5 IPv4 parser: two parts, the last holding 24 bits", "192.11010049", true, "192.168.0.1", uri.HostIPv4, 0},
	{"3.5 IPv4 parser: three parts, the last holding 16 bits", "192.168.1", true, "192.168.0.1", uri.HostIPv4, 0},
	{"3.5 IPv4 parser: hexadecimal, upper-case X", "0XC0.0xa8.0.0X1", true, "192.168.0.1", uri.HostIPv4, 0},
	{"3.5 IPv4 parser: octal", "0300.0250.0.01", true, "192.168.0.1", uri.HostIPv4, 0},
	{"3.5 IPv4 parser: 0x alone is 0", "0x.0x.0x.0x", true, "0.0.0.0", uri.HostIPv4, 0},
	{"3.5 IPv4 parser: the largest address in one part", "4294967295", true, "255.255.255.255", uri.HostIPv4, 0},
	{"3.5 IPv4 parser: above 2^32-1", "4294967296", true, "", 0, ErrIPv4OutOfRangePart},
	{"3.5 IPv4 parser: a long hexadecimal part", "0x100000000000000000000", true, "", 0, ErrIPv4OutOfRangePart},
	{"3.5 IPv4 parser: a non-last part above 255", "256.0.0.1", true, "", 0, ErrIPv4OutOfRangePart},
	{"3.5 IPv4 parser: the last of three parts above 65535", "1.2.65536", true, "", 0, ErrIPv4OutOfRangePart},
	{"3.5 IPv4 parser: not a number", "1.2.x.3", true, "", 0, ErrIPv4NonNumericPart},
	{"3.5 IPv4 parser: not octal", "08.1", true, "", 0, ErrIPv4NonNumericPart},
	{"3.5 IPv4 parser: not hexadecimal", "0xg.1", true, "", 0, ErrIPv4NonNumericPart},
	{"3.5 IPv4 parser: five parts", "1.2.3.4.5", true, "", 0, ErrIPv4TooManyParts},
	{"3.5 ends in a number: a last label with a letter", "1.2.3.a4", true, "1.2.3.a4", uri.HostDomain, 0},
	{"3.5 ends in a number: a last hexadecimal label", "a.0xA", true, "", 0, ErrIPv4NonNumericPart},
	{"3.5 ends in a number: 0x without digits", "a.0x", true, "", 0, ErrIPv4NonNumericPart},
	{"3.5 ends in a number: a hex label without 0x", "a.ff", true, "a.ff", uri.HostDomain, 0},
	{"3.5 ends in a number: only through the domain parser", "%31%2E%32", true, "1.0.0.2", uri.HostIPv4, 0},

	// The IPv6 parser and serializer (sections 3.5 and 3.6).
	{"3.6 IPv6 serializer: the longest run of zeros", "[1:0:0:2:0:0:0:3]", true, "[1:0:0:2::3]", uri.HostIPv6, 0},
	{"3.6 IPv6 serializer: the first of equal runs", "[1:0:0:2:0:0:3:4]", true, "[1::2:0:0:3:4]", uri.HostIPv6, 0},
	{"3.6 IPv6 serializer: a single zero is not compressed", "[1:0:1:1:1:1:1:1]", true, "[1:0:1:1:1:1:1:1]", uri.HostIPv6, 0},
	{"3.6 IPv6 serializer: the example 0:f:0:0:f:f:0:0", "[0:f:0:0:f:f:0:0]", true, "[0:f::f:f:0:0]", uri.HostIPv6, 0},
	{"3.6 IPv6 serializer: all zeros", "[0:0:0:0:0:0:0:0]", true, "[::]", uri.HostIPv6, 0},
	{"3.6 IPv6 serializer: lower case without leading zeros", "[ABCD:00EF:0:0:0:0:0:0001]", true, "[abcd:ef::1]", uri.HostIPv6, 0},
	{"3.6 IPv6 serializer: trailing zeros", "[1::]", true, "[1::]", uri.HostIPv6, 0},
	{"3.5 IPv6 parser: an embedded IPv4 address", "[::ffff:192.168.0.1]", true, "[::ffff:c0a8:1]", uri.HostIPv6, 0},
	{"3.5 IPv6 parser: an embedded IPv4 address after 6 pieces", "[1:2:3:4:5:6:1.2.3.4]", true, "[1:2:3:4:5:6:102:304]", uri.HostIPv6, 0},
	{"3.5 IPv6 parser: no zone identifiers", "[fe80::1%25eth0]", true, "", 0, ErrIPv6InvalidCodePoint},
	{"3.5 IPv6 parser: five hex digits", "[12345::]", true, "", 0, ErrIPv6InvalidCodePoint},
	{"3.5 IPv6 parser: empty", "[]", true, "", 0, ErrIPv6TooFewPieces},
	{"3.5 IPv6 parser: a lone [", "[", true, "", 0, ErrIPv6Unclosed},
	{"3.5 IPv6 parser: : at the end", "[::1:]", true, "", 0, ErrIPv6InvalidCodePoint},
	{"3.5 IPv6 parser: nine pieces with ::", "[1:2:3:4::5:6:7:8]", true, "", 0, ErrIPv6TooManyPieces},

	// Opaque hosts (section 3.5, opaque-host parser).
	{"3.5 opaque-host parser: the empty host", "", false, "", uri.HostEmpty, 0},
	{"3.5 opaque-host parser: C0 controls and non-ASCII are percent-encoded", "a\x01\u00e9", false, "a%01%C3%A9", uri.HostOpaque, 0},
	{"3.5 opaque-host parser: % is kept as written", "a%zz%41", false, "a%zz%41", uri.HostOpaque, 0},
	{"3.5 opaque-host parser: forbidden host code points", "a<b", false, "", 0, ErrHostInvalidCodePoint},
	{"3.5 opaque-host parser: DEL is not forbidden in an opaque host", "a\x7fb", false, "a%7Fb", uri.HostOpaque, 0},
}

func TestHost(t *testing.T) {
	type result struct {
		Host string
		Kind uri.HostKind
		Err  Kind
	}
	for _, tc := range hostTests {
		h, kind, err := parseHost(tc.in, tc.special)
		if diff := cmp.Diff(result{tc.want, tc.kind, tc.err}, result{h, kind, err}); diff != "" {
			t.Errorf("%s: host parser(%q, isOpaque=%v) (-want +got):\n%s", tc.name, tc.in, !tc.special, diff)
		}
	}
}

// TestIPv6Compression checks the IPv6 serializer's choice of the run of
// zeros to compress against a direct reading of section 3.6 on every
// address whose pieces are 0 or 1.
func TestIPv6Compression(t *testing.T) {
	for bits := 0; bits < 256; bits++ {
		var a [8]uint16
		for i := range a {
			a[i] = uint16(bits >> i & 1)
		}
		// The longest run of zeros of length 2 or more, the first of
		// equal ones.
		best, bestLen := -1, 1
		for i := 0; i < 8; i++ {
			n := 0
			for i+n < 8 && a[i+n] == 0 {
				n++
			}
			if n > bestLen {
				best, bestLen = i, n
			}
		}
		if got := compressedPiece(&a); got != best {
			t.Errorf("compressedPiece(%v) = %d, want %d", a, got, best)
		}
		// The serialization parses back to the same address, with netip
		// as a second opinion.
		s := string(appendIPv6(nil, &a))
		p := parser{in: s, orig: s}
		back, ok := p.ipv6(s, 0)
		if !ok || back != a {
			t.Errorf("appendIPv6(%v) = %q, which parses to %v, %v", a, s, back, ok)
		}
		if want := netip.AddrFrom16(toBytes(a)).String(); s != want {
			t.Errorf("appendIPv6(%v) = %q, netip gives %q", a, s, want)
		}
	}
}

// toBytes returns the 16 bytes of an IPv6 address.
func toBytes(a [8]uint16) [16]byte {
	var b [16]byte
	for i, v := range a {
		b[2*i], b[2*i+1] = byte(v>>8), byte(v)
	}
	return b
}

// TestAddr checks URL.Addr.
func TestAddr(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"http://192.168.0.1/", "192.168.0.1"},
		{"http://0x7f.1/", "127.0.0.1"},
		{"http://[::1]/", "::1"},
		{"http://[::ffff:1.2.3.4]/", "::ffff:1.2.3.4"},
		{"sc://[1::]/", "1::"},
		{"http://example.com/", "invalid IP"},
		{"sc://1.2.3.4/", "invalid IP"}, // an opaque host
		{"file:///x", "invalid IP"},
	} {
		if got := MustParse(tc.in).Addr().String(); got != tc.want {
			t.Errorf("Parse(%q).Addr() = %s, want %s", tc.in, got, tc.want)
		}
	}
}
