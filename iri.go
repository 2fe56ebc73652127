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

// IRI is an IRI reference (RFC 3987, Section 2.2), split into the same seven
// components as a [URI]:
//
//	IRI-reference = IRI / irelative-ref
//
// Its text is UTF-8 and may hold the non-ASCII characters that the IRI grammar
// allows; the accessors return substrings of it, as a URI's do. It is a type of
// its own because its text is not a URI reference: [IRI.ToURI] gives the URI to
// send on the wire. Every IRI is one that [ParseIRI] accepts, except one with
// an RFC 6874 zone, which only [URI.ToIRI] of a URI with a zone gives. The zero
// IRI is the empty reference; IRIs are comparable with ==.
type IRI struct{ ref }

// ParseIRI parses s as an IRI-reference (RFC 3987, Section 2.2), which adds
// to what [Parse] accepts the ucschar characters in the userinfo, reg-name,
// path, query and fragment, and iprivate in the query. Invalid UTF-8 wraps
// [ErrInvalidUTF8]; a character the grammar does not allow there (a
// bidirectional formatting character, Section 4.1, U+FFFE, ...) wraps
// [ErrInvalidByte], at the offset rule of Parse. It does not allocate.
//
//	IRI-reference = IRI / irelative-ref
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

// ToURI maps the IRI to a URI (RFC 3987, Section 3.1): each character outside
// US-ASCII becomes the percent-encoding of its UTF-8 octets, so
// "foo://résumé.example/café" gives "foo://r%C3%A9sum%C3%A9.example/caf%C3%A9",
// except that a valid reg-name of a scheme that names hosts through the DNS
// (http, https, ws, wss, ftp, ...) becomes IDNA A-labels ([HostToASCII]):
// "http://résumé.example/" gives "http://xn--rsum-bpad.example/". An ASCII IRI
// gives the URI of the same text without allocating. The only error, with Op
// [OpBuild], is a result longer than 2 GiB.
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

// ToIRI maps u to an IRI for display (RFC 3987, Section 3.2): a run of
// percent-encodings is decoded where it is the UTF-8 of characters that an IRI
// allows there, and all else stays encoded, "%2F" and the bidirectional
// formatting characters of Section 4.1 included, so the result means what u
// means: "http://h/D%C3%BCrst" gives "http://h/Dürst". The host of a
// scheme that names hosts through the DNS (http, https, ws, wss, ftp, ...)
// stays as it is: ToIRI applies no check against look-alike names, so it
// shows no A-label and no percent-encoded name of the DNS in Unicode (RFC
// 3986, Section 7.6). Package github.com/gouri/uri/display shows such a host
// in Unicode where the checks of browsers find no spoof. ToURI maps the
// result back to u, up to the case of hex digits.
func (u URI) ToIRI() IRI {
	if strings.IndexByte(u.s, '%') < 0 {
		return IRI(u)
	}
	c := u.Components()
	c.Userinfo = decodeIRI(c.Userinfo, false)
	if u.HostKind() == HostRegName && !schemes.Lookup(u.Scheme()).DNS {
		c.Host = decodeIRI(c.Host, false)
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
