package uri

import (
	"strings"
	"unicode/utf8"

	"github.com/gouri/uri/internal/abnf"
	"github.com/gouri/uri/internal/schemes"
)

// This file reads IRIs (RFC 3987) into their own type and maps between IRIs
// and URIs. The characters that RFC 3987, Section 2.2 adds to the grammar
// (ucschar and iprivate) are in internal/abnf, which the parser reads them
// with.

// IRI is an IRI reference (RFC 3987, Section 2.2), split into the same
// seven components as a [URI]:
//
//	IRI-reference = IRI / irelative-ref
//	IRI           = scheme ":" ihier-part [ "?" iquery ] [ "#" ifragment ]
//
// Its text is UTF-8 and may hold the characters outside US-ASCII that the
// IRI grammar allows; its accessors return substrings of that text, as a
// URI's do, and [IRI.ToURI] gives the URI to send on the wire. It is a type
// of its own because its text is not a URI reference: every IRI value is an
// IRI-reference that [ParseIRI] splits into the components it holds, except
// one with an RFC 6874 zone, which only [URI.ToIRI] of a URI with a zone
// gives (RFC 3987 has no zones; the zone is kept, not dropped).
//
// The zero IRI is the empty reference "". IRI values are comparable with ==.
type IRI struct{ ref }

// ParseIRI parses s as an IRI-reference (RFC 3987, Section 2.2):
//
//	IRI-reference = IRI / irelative-ref
//
// It accepts what [Parse] accepts, and also the non-ASCII characters the
// IRI grammar allows: ucschar in the userinfo, the reg-name, the path, the
// query and the fragment, and iprivate in the query only.
//
//	ucschar  = %xA0-D7FF / %xF900-FDCF / %xFDF0-FFEF / %x10000-1FFFD
//	         / ... (each plane up to 14, without its last two code points)
//	         / %xE1000-EFFFD
//	iprivate = %xE000-F8FF / %xF0000-FFFFD / %x100000-10FFFD
//
// Invalid UTF-8 is an *[Error] wrapping [ErrInvalidUTF8]; a character the
// grammar does not allow there, such as a private-use one in the path, a
// non-character like U+FFFE, or one of the bidirectional formatting
// characters Section 4.1 forbids (every Bidi_Control character), wraps
// [ErrInvalidByte]. In both cases Offset is the first byte that cannot
// continue a valid IRI-reference, as for Parse. ParseIRI does not allocate;
// on ASCII input it accepts exactly what Parse accepts.
func ParseIRI(s string) (IRI, error) {
	var i IRI
	err := i.parseText(s, grammar{iri: true})
	return i, err
}

// String returns the IRI as text, the parsed input byte for byte. It does
// not allocate.
func (i IRI) String() string { return i.s }

// MarshalText returns i's text. It implements [encoding.TextMarshaler].
func (i IRI) MarshalText() ([]byte, error) { return []byte(i.s), nil }

// AppendText appends i's text to b and returns the extended slice, never an
// error. It implements [encoding.TextAppender].
func (i IRI) AppendText(b []byte) ([]byte, error) { return append(b, i.s...), nil }

// UnmarshalText parses text with [ParseIRI] and stores the result in i. It
// implements [encoding.TextUnmarshaler]. On error i is left unchanged.
func (i *IRI) UnmarshalText(text []byte) error {
	v, err := ParseIRI(string(text))
	if err != nil {
		return err
	}
	*i = v
	return nil
}

// ToURI maps the IRI to a URI as RFC 3987, Section 3.1 says: every
// character outside US-ASCII is replaced by the percent-encoding of its
// UTF-8 octets, with uppercase hex digits: "http://résumé.example/café"
// becomes "http://r%C3%A9sum%C3%A9.example/caf%C3%A9".
//
// A reg-name host is written differently for schemes known to name hosts
// through the DNS (those of the scheme table of [URI.Normalize]: http,
// https, ws, wss, ftp, ...): Section 3.1 lets such a host become IDNA
// A-labels, and ToURI converts it with [HostToASCII], so
// "http://résumé.example/" becomes "http://xn--rsum-bpad.example/". A host
// that the UTS #46 lookup profile rejects (one with "_", say), and the host
// of any other scheme, is percent-encoded like the rest, which the same
// section always permits. All else is kept byte for byte.
//
// An IRI that is ASCII is returned as the URI with the same text without
// allocating. The only error is a result longer than the 2 GiB this package
// can hold.
func (i IRI) ToURI() (URI, error) {
	if abnf.IsASCII(i.s) {
		return URI(i), nil
	}
	c := i.Components()
	if i.HostKind() == HostRegName && !abnf.IsASCII(c.Host) && schemes.Lookup(i.Scheme()).DNS {
		if a, err := HostToASCII(c.Host); err == nil {
			c.Host = a
		}
	}
	u, _, err := c.Encode()
	return u, err
}

// ToIRI maps u to an IRI for display, as RFC 3987, Section 3.2 says: a run
// of percent-encodings is decoded only where its octets are valid UTF-8
// (RFC 3629) and each character they spell is allowed in that component of
// an IRI: an ucschar, or an iprivate in the query. Everything else stays
// encoded: "%2F" and every other ASCII octet (so the result means exactly
// what u means: decoding "%2F" or "%2E" could change it), octets that are
// not UTF-8 ("D%FCrst" stays), and the bidirectional formatting characters
// that Section 4.1 forbids ("%E2%80%AE", RLO, and every other Bidi_Control
// character stay), so that the text shown cannot reorder itself.
// "http://www.example.org/D%C3%BCrst" becomes "http://www.example.org/Dürst".
//
// The host of a scheme that names hosts through the DNS (see [IRI.ToURI])
// is shown in Unicode when it has IDNA A-labels ("xn--"), converted with
// [HostToUnicode], but only when [CheckHomograph] finds no mixed scripts or
// look-alike labels in it: "http://xn--rsum-bpad.example/" becomes
// "http://résumé.example/", while a name that imitates a Latin one keeps its
// A-labels, as browsers show it. The conversion applies the UTS #46 mapping
// to the whole name, so its ASCII letters come out in lower case. The
// scheme, IP literals and the port are ASCII and kept.
//
// The result's ToURI maps it back to u, except that the hex digits of the
// sequences it decoded come back in upper case, and that a host of a DNS
// scheme may come back as the A-labels of the same name. When there is
// nothing to decode, the IRI with u's text is returned without allocating.
func (u URI) ToIRI() IRI {
	dnsHost := u.HostKind() == HostRegName && hasALabel(u.Host()) && schemes.Lookup(u.Scheme()).DNS
	if strings.IndexByte(u.s, '%') < 0 && !dnsHost {
		return IRI(u)
	}
	c := u.Components()
	c.Userinfo = decodeIRI(c.Userinfo, false)
	if u.HostKind() == HostRegName {
		c.Host = decodeIRI(c.Host, false)
		if dnsHost && CheckHomograph(c.Host) == nil {
			if h, err := HostToUnicode(c.Host); err == nil {
				c.Host = h
			}
		}
	}
	c.Path = decodeIRI(c.Path, false)
	c.Query = decodeIRI(c.Query, true)
	c.Fragment = decodeIRI(c.Fragment, false)
	if c == u.Components() {
		return IRI(u)
	}
	var i IRI
	i.build(&c)
	if err := i.parseText(i.s, grammar{zone: true, iri: true}); err != nil {
		// Not reached: u's structure with allowed characters decoded.
		return IRI(u)
	}
	return i
}

// hasALabel reports whether a label of the host starts with the ACE prefix
// "xn--" of IDNA (RFC 5890, Section 2.3.2.1), in any case.
func hasALabel(host string) bool {
	for i := 0; i+4 <= len(host); i++ {
		if (i == 0 || host[i-1] == '.') && strings.EqualFold(host[i:i+4], "xn--") {
			return true
		}
	}
	return false
}

// decodeIRI decodes the runs of percent-encodings in s that spell allowed
// non-ASCII characters (RFC 3987, Section 3.2, steps 2 to 4).
func decodeIRI(s string, private bool) string {
	var b strings.Builder
	done := 0 // s[:done] has been written to b, or nothing changed yet
	for i := 0; i < len(s); {
		if s[i] != '%' || i+2 >= len(s) {
			i++
			continue
		}
		// The run of pct-encodings that starts here: n octets.
		j := i
		for j+2 < len(s) && s[j] == '%' && abnf.IsHex(s[j+1]) && abnf.IsHex(s[j+2]) {
			j += 3
		}
		if j == i {
			i++
			continue
		}
		// Walk the octets: an allowed character is written decoded, any
		// other octet keeps its three bytes of s. The octets of one
		// character at most are decoded at a time, into a fixed array, so
		// that nothing is allocated for runs that stay encoded.
		for k, n := 0, (j-i)/3; k < n; {
			var oct [utf8.UTFMax]byte
			m := 0
			for ; m < len(oct) && k+m < n; m++ {
				p := i + 3*(k+m)
				oct[m] = abnf.Unhex(s[p+1])<<4 | abnf.Unhex(s[p+2])
			}
			r, size := utf8.DecodeRune(oct[:m])
			if r >= 0x80 && size > 1 && abnf.AllowedRune(r, r, private) {
				if b.Len() == 0 && done == 0 {
					b.Grow(len(s))
				}
				b.WriteString(s[done : i+3*k])
				b.Write(oct[:size])
				done = i + 3*(k+size)
				k += size
				continue
			}
			k++
		}
		i = j
	}
	if done == 0 {
		return s
	}
	b.WriteString(s[done:])
	return b.String()
}
