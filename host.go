package uri

import (
	"errors"
	"net/netip"
	"strings"
	"unicode/utf8"

	"github.com/gouri/uri/internal/abnf"
	"github.com/gouri/uri/internal/idnacheck"
	"github.com/gouri/uri/internal/inetaton"
)

// This file holds what a program needs to know about a host beyond its
// syntax (RFC 3986, Section 3.2.2): the form it takes, the IP address a
// resolver would make of a reg-name that looks numeric (Section 7.4), and the
// ASCII and Unicode forms of an internationalized domain name.

// HostKind says which form a host takes. One type serves every reading of
// the module that has hosts: a [URI] or [IRI] has one of the forms of RFC
// 3986, Section 3.2.2 (HostRegName, HostIPv4, HostIPv6 or HostIPvFuture),
// a URL of package whatwg one of those of the URL Standard, section 3.1
// (HostEmpty, HostDomain, HostIPv4, HostIPv6 or HostOpaque), and package
// readings gives each of its readings' hosts one of them.
type HostKind uint8

// The kinds of host. HostNone means no host at all: a reference without an
// authority, or a URL whose host is null. In a URI the empty host
// ("file:///x") is an empty HostRegName; the URL Standard has HostEmpty
// for it.
const (
	HostNone      HostKind = iota
	HostRegName            // RFC 3986's reg-name, such as "example.com", "" or "127.0.0.001"
	HostIPv4               // an IPv4 address: RFC 3986's IPv4address in dotted-decimal, such as "192.0.2.1"
	HostIPv6               // an IPv6 address: RFC 3986's IP-literal holding an IPv6address, such as "[2001:db8::1]"
	HostIPvFuture          // RFC 3986's IP-literal holding an IPvFuture, such as "[v7.abc]"
	HostEmpty              // the URL Standard's empty host: "file:///x", "foo:///x"
	HostDomain             // the URL Standard's domain: "https://example.com/"
	HostOpaque             // the URL Standard's opaque host, of a URL that is not special: "foo://h/"
)

var hostKindNames = [...]string{"none", "reg-name", "IPv4", "IPv6", "IPvFuture", "empty", "domain", "opaque"}

// String returns "none", "reg-name", "IPv4", "IPv6", "IPvFuture", "empty",
// "domain" or "opaque".
func (k HostKind) String() string {
	if int(k) < len(hostKindNames) {
		return hostKindNames[k]
	}
	return "HostKind(?)"
}

// AmbiguousIPv4 reports whether a host that RFC 3986 reads as a reg-name
// would still be read as an IPv4 address by common resolvers, and which one
// (RFC 3986, Section 7.4): inet_aton and the URL Standard read "0x7f.1",
// "0177.0.0.1", "2130706433" and "127.1" as 127.0.0.1, so a filter that allows
// or blocks hosts by name or by dotted-decimal text is bypassed by them. It
// does not allocate.
//
// It reads a host as the BSD inet_aton function (also in glibc) and the URL
// Standard's IPv4 parser read it, after decoding its percent-encodings (a
// client decodes "%31%32%37.0.0.1" before it resolves it):
//
//   - one to four parts separated by ".", and at most one "." after the last;
//   - each part a number: hexadecimal after "0x" or "0X" (with no digits
//     after it, 0), octal after a leading "0", decimal otherwise;
//   - every part but the last at most 255; the last fills the remaining
//     bytes, so it is below 2^32, 2^24, 2^16 or 2^8 for one to four parts.
//
// So "0x7f.1", "0177.0.0.1", "2130706433", "127.1", "0x7f.0.0.01" and
// "127.0.0.1." all mean 127.0.0.1, and "0127.0.0.1" means 87.0.0.1. Anything
// else is no address: an empty part, a fifth part, a digit 8 or 9 after a
// leading 0, a part too large, a letter. A host that is already an
// IPv4address in the RFC 3986 sense (dotted decimal without leading zeros:
// use [URI.HostAddr]), an IP-literal and the empty host give false.
func AmbiguousIPv4(host string) (netip.Addr, bool) {
	if host == "" || host[0] == '[' || abnf.IsIPv4(host) {
		return netip.Addr{}, false
	}
	r, fault := inetaton.Parse(host)
	if fault != inetaton.OK {
		return netip.Addr{}, false
	}
	a := r.Addr
	return netip.AddrFrom4([4]byte{byte(a >> 24), byte(a >> 16), byte(a >> 8), byte(a)}), true
}

// HostToASCII returns the ASCII form of a host to be resolved through the
// DNS, each label of an internationalized name as an IDNA A-label ("xn--"), as
// RFC 3986, Section 3.2.2 requires before lookup and RFC 3987, Section 3.1
// allows for an IRI. host may hold percent-encoded or raw UTF-8; the UTS #46
// lookup profile of golang.org/x/net/idna lowers its case and rejects "_".
// IP-literals, IPv4addresses and the empty host come back unchanged.
//
// host is a reg-name whose non-ASCII characters are percent-encoded UTF-8
// ("b%C3%BCcher.example"), written as they are ("bücher.example"), or both.
// HostToASCII decodes the percent-encodings, then applies the UTS #46 lookup
// profile (idna.Lookup): the Unicode mapping (so the result is in lower
// case, and full-width and ideographic dots separate labels), nontransitional
// processing, the STD3 rule that a label holds only letters, digits and "-"
// (so "_" is rejected), the hyphen, joiner and bidi rules, and the check of
// existing "xn--" labels, which must decode to a label with a non-ASCII
// character (UTS #46, Section 4, step 4: a bare "xn--" is an error, and
// never vanishes). The result is a valid reg-name with as many labels as the
// decoded host: empty labels and a final "." are kept. A label longer than
// the 63 octets the DNS allows (RFC 1035, Section 2.3.4) is an error, and
// so, before IDNA runs, is a label over 255 bytes in a name over 4,096
// (Punycode takes time quadratic in the length of a label). An IP literal
// (validated, RFC 6874 zones allowed), an IPv4address and the empty host
// come back unchanged. The result depends on the Unicode version of
// x/net/idna's tables, which follows the Go release (see the package
// documentation, section Hosts).
//
// On error it returns "" and an *[Error] with Op [OpIDNA] and Component
// Host: [ErrIDNA], with Detail the reason that golang.org/x/net/idna gave
// and Offset the start of the failing label (0 when the whole name fails, as
// the bidi rule can); or, at the first byte that is wrong, [ErrInvalidUTF8]
// for bytes that are not UTF-8, raw or percent-encoded, and [ErrInvalidByte]
// or [ErrBadPercent] for a byte that no host may hold.
func HostToASCII(host string) (string, error) { return convertHost(host, false) }

// HostToUnicode returns the Unicode form of a host: each label as a Unicode
// U-label (RFC 5891, Section 5), from "xn--" labels or percent-encoded UTF-8.
// It takes the input of [HostToASCII], applies the same mapping and checks
// (profile idna.Display) and returns the same errors. It applies no check
// against look-alike names: its result can imitate another name ("аррӏе.com"
// in Cyrillic for "apple.com", RFC 3986, Section 7.6). To show a host to
// people, use package github.com/gouri/uri/display, which shows Unicode
// only where the checks of browsers find no spoof, and A-labels elsewhere.
func HostToUnicode(host string) (string, error) { return convertHost(host, true) }

// convertHost decodes host as HostToASCII describes and converts it to its
// ASCII form, or to its Unicode form if unicode is set. It returns host
// unchanged for an IP address or the empty host.
func convertHost(host string, unicode bool) (string, error) {
	const op = OpIDNA
	name, literal, err := decodeHost(host, op)
	if err != nil || literal {
		return name, err
	}
	ascii, err := idnacheck.Lookup.ToASCII(name)
	if err != nil {
		return "", idnaFailure(host, name, err, op)
	}
	// The lookup profile does not check lengths, but no DNS label is longer
	// than 63 octets (RFC 1035, Section 2.3.4), and a longer A-label need not
	// even decode again.
	for k, start := 0, 0; start <= len(ascii); k++ {
		end := strings.IndexByte(ascii[start:], '.')
		if end < 0 {
			end = len(ascii)
		} else {
			end += start
		}
		if end-start > 63 {
			return "", &Error{Op: op, Input: host, Offset: encodedOffset(host, labelStart(name, k)),
				Component: Host, Err: ErrIDNA, Detail: "label longer than 63 octets"}
		}
		start = end + 1
	}
	if !unicode {
		return ascii, nil
	}
	out, err := idnacheck.Display.ToUnicode(name)
	if err != nil {
		return "", idnaFailure(host, name, err, op)
	}
	return out, nil
}

// decodeHost checks that host is a URI or IRI host and returns its
// percent-decoded text. literal is true, and host is returned, for an
// IP-literal, an IPv4address or the empty host.
func decodeHost(host string, op Op) (name string, literal bool, err error) {
	fail := func(off int, e error) (string, bool, error) {
		return "", false, &Error{Op: op, Input: host, Offset: off, Component: Host, Err: e}
	}
	if host == "" || abnf.IsIPv4(host) {
		return host, true, nil
	}
	if host[0] == '[' {
		end, _, err := parseIPLiteral(host, 0, true)
		if err == nil && end < len(host) {
			err = ErrInvalidByte
		}
		if err != nil {
			return fail(end, err)
		}
		return host, true, nil
	}
	// reg-name = *( unreserved / pct-encoded / sub-delims ), and in an IRI
	// also ucschar, here any non-ASCII character in valid UTF-8.
	encoded := false
	for i := 0; i < len(host); {
		c := host[i]
		switch {
		case c >= utf8.RuneSelf:
			r, size := utf8.DecodeRuneInString(host[i:])
			if r == utf8.RuneError && size == 1 {
				return fail(i, ErrInvalidUTF8)
			}
			i += size
		case c == '%':
			if k, f := abnf.Scan(host[:min(i+3, len(host))], i, 0); f != abnf.OK {
				return fail(k, ErrBadPercent)
			}
			encoded = true
			i += 3
		case abnf.Classes[c]&abnf.RegName != 0:
			i++
		default:
			return fail(i, ErrInvalidByte)
		}
	}
	if !encoded {
		return host, false, nil
	}
	name = abnf.Decode(host, false)
	if !utf8.ValidString(name) {
		d := 0
		for d < len(name) {
			r, size := utf8.DecodeRuneInString(name[d:])
			if r == utf8.RuneError && size == 1 {
				break
			}
			d += size
		}
		return fail(encodedOffset(host, d), ErrInvalidUTF8)
	}
	return name, false, nil
}

// encodedOffset returns the index in host of the byte that decodes to byte d
// of its percent-decoded text.
func encodedOffset(host string, d int) int {
	i := 0
	for ; i < len(host) && d > 0; d-- {
		if host[i] == '%' {
			i += 3
		} else {
			i++
		}
	}
	return i
}

// idnaFailure builds the error for the name (host decoded) that idna
// rejected with err: its offset is the start of the label that package
// idnacheck names, or else of the first label that idna rejects on its
// own, or 0 when only the whole name fails (the bidi rule looks at every
// label at once).
func idnaFailure(host, name string, err error, op Op) error {
	off := 0
	var e *idnacheck.Error
	if errors.As(err, &e) {
		off = encodedOffset(host, e.Offset)
	} else {
		for k, label := range labels(name) {
			if _, lerr := idnacheck.Lookup.ToASCII(label); lerr != nil {
				off = encodedOffset(host, labelStart(name, k))
				break
			}
		}
	}
	reason := strings.TrimPrefix(err.Error(), "idna: ")
	return &Error{Op: op, Input: host, Offset: off, Component: Host, Err: ErrIDNA, Detail: reason}
}

// labels returns the labels of a decoded name, split as UTS #46 splits them.
func labels(name string) []string {
	var out []string
	for {
		i, size := idnacheck.NextDot(name)
		if i < 0 {
			return append(out, name)
		}
		out = append(out, name[:i])
		name = name[i+size:]
	}
}

// labelStart returns the index in name where its label k begins.
func labelStart(name string, k int) int {
	off := 0
	for ; k > 0; k-- {
		i, size := idnacheck.NextDot(name[off:])
		if i < 0 {
			return off
		}
		off += i + size
	}
	return off
}
