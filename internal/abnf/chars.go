// Package abnf is the byte level of the grammars of RFC 3986 (Appendix A)
// and RFC 3987: what a byte or a character is, and how the grammar's
// terminals are read. Its one purpose is the rules of those grammars below
// the component; every package that reads URIs (uri, legacy, whatwg,
// template, canon, readings) takes them from here:
//
//   - chars.go: the character table built from the ABNF's own strings, the
//     class tests (IsHex, IsDigit, IsAlpha, Unhex, Lower) and Scan, the one
//     scanner of a class with its pct-encodings;
//   - ascii.go: the ASCII case rules of the grammars (schemes, hosts and
//     hex digits are case-insensitive in A-Z only): EqualFold,
//     LowerString, IsASCII;
//   - pct.go: the percent codec, the module's one decoder (Decode,
//     DecodedByte, AppendDecoded) and the encoders' tests (MustEncode,
//     EncodeOutside), and String, which turns a buffer that the codec
//     wrote into a string without a copy;
//   - iri.go: the characters that RFC 3987, Section 2.2 allows beyond
//     US-ASCII;
//   - ip.go: the IP-literal and IPv4address rules of Section 3.2.2.
//
// What is not a rule of these grammars lives in a package of its own: the
// loose IPv4 forms of inet_aton (internal/inetaton), the splitting of a
// query into pairs (internal/query), the scheme table (internal/schemes).
package abnf

// The character sets of RFC 3986, copied from Appendix A. Every class below is
// built from these strings and nothing else.
const (
	// ALPHA = %x41-5A / %x61-7A (RFC 5234, Appendix B.1)
	alphaChars = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
	// DIGIT = %x30-39
	digitChars = "0123456789"
	// HEXDIG = DIGIT / "A" / "B" / "C" / "D" / "E" / "F" (case-insensitive)
	hexChars = digitChars + "ABCDEFabcdef"
	// unreserved = ALPHA / DIGIT / "-" / "." / "_" / "~"
	unreservedChars = alphaChars + digitChars + "-._~"
	// sub-delims = "!" / "$" / "&" / "'" / "(" / ")" / "*" / "+" / "," / ";" / "="
	subDelimChars = "!$&'()*+,;="
	// gen-delims = ":" / "/" / "?" / "#" / "[" / "]" / "@"
	genDelimChars = ":/?#[]@"
	// scheme = ALPHA *( ALPHA / DIGIT / "+" / "-" / "." ): the bytes after the first
	schemeTailChars = alphaChars + digitChars + "+-."
)

// Character-class bits. A byte's entry in Classes is the OR of the bits of
// the sets it belongs to; bytes >= 0x80 belong to none.
const (
	Alpha      uint16 = 1 << iota // ALPHA
	Digit                         // DIGIT
	Hex                           // HEXDIG
	Unreserved                    // unreserved
	SubDelims                     // sub-delims
	GenDelims                     // gen-delims
	SchemeTail                    // ALPHA / DIGIT / "+" / "-" / "."
	Colon                         // ":"
	At                            // "@"
	Slash                         // "/"
	Question                      // "?"

	// Mode bits: they appear only in the masks given to Scan's callers,
	// never in Classes, and let the parser read the non-ASCII characters
	// of an IRI (RFC 3987, Section 2.2) where the IRI grammar allows them.
	Ucschar  // ucschar, in iunreserved
	Iprivate // iprivate, in iquery only
)

// Masks for the component rules of Appendix A. pct-encoded is handled by
// Scan, never by a mask, because "%" must be followed by two HEXDIG.
const (
	// reg-name = *( unreserved / pct-encoded / sub-delims )
	RegName = Unreserved | SubDelims
	// userinfo = *( unreserved / pct-encoded / sub-delims / ":" )
	Userinfo = Unreserved | SubDelims | Colon
	// pchar = unreserved / pct-encoded / sub-delims / ":" / "@"
	Pchar = Unreserved | SubDelims | Colon | At
	// segment-nz-nc = 1*( unreserved / pct-encoded / sub-delims / "@" )
	SegmentNC = Unreserved | SubDelims | At
	// path-abempty, path-absolute, path-rootless: segments of pchar joined by "/"
	Path = Pchar | Slash
	// query = *( pchar / "/" / "?" ), and fragment is the same set
	Query = Pchar | Slash | Question
	// IPvFuture's tail: 1*( unreserved / sub-delims / ":" )
	Future = Unreserved | SubDelims | Colon
)

// Classes maps every byte to its character-class bits. It is written once,
// when the package is initialized, and only read after that.
var Classes = buildClasses()

func buildClasses() (t [256]uint16) {
	set := func(chars string, bit uint16) {
		for i := 0; i < len(chars); i++ {
			t[chars[i]] |= bit
		}
	}
	set(alphaChars, Alpha)
	set(digitChars, Digit)
	set(hexChars, Hex)
	set(unreservedChars, Unreserved)
	set(subDelimChars, SubDelims)
	set(genDelimChars, GenDelims)
	set(schemeTailChars, SchemeTail)
	set(":", Colon)
	set("@", At)
	set("/", Slash)
	set("?", Question)
	return t
}

// IsHex reports whether c is a HEXDIG.
func IsHex(c byte) bool { return Classes[c]&Hex != 0 }

// IsDigit reports whether c is a DIGIT.
func IsDigit(c byte) bool { return Classes[c]&Digit != 0 }

// IsAlpha reports whether c is an ALPHA, an ASCII letter.
func IsAlpha(c byte) bool { return Classes[c]&Alpha != 0 }

// SchemeLen returns the length of the longest prefix of s that is a
// scheme (RFC 3986, Section 3.1), 0 when s does not begin with a letter:
//
//	scheme = ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )
func SchemeLen(s string) int {
	if len(s) == 0 || Classes[s[0]]&Alpha == 0 {
		return 0
	}
	j := 1
	for j < len(s) && Classes[s[j]]&SchemeTail != 0 {
		j++
	}
	return j
}

// Unhex returns the value of the hex digit c, which IsHex has accepted.
func Unhex(c byte) byte {
	switch {
	case c <= '9':
		return c - '0'
	case c <= 'F':
		return c - 'A' + 10
	}
	return c - 'a' + 10
}

// UpperHex are the hex digits that percent-encoding writes (RFC 3986,
// Section 2.1: "should use uppercase hexadecimal digits").
const UpperHex = "0123456789ABCDEF"

// LowerHex are the hex digits in lower case, as the URL Standard's IPv6
// serializer writes them (section 3.6).
const LowerHex = "0123456789abcdef"

// UpperHexDigit returns the hex digit c in upper case, as normalization
// writes the digits of a percent-encoding (RFC 3986, Section 6.2.2.1):
// c itself unless it is one of "a" to "f".
func UpperHexDigit(c byte) byte {
	if 'a' <= c && c <= 'f' {
		return c - 'a' + 'A'
	}
	return c
}

// Lower returns c lower-cased if it is an ASCII upper-case letter.
func Lower(c byte) byte {
	if 'A' <= c && c <= 'Z' {
		return c + 'a' - 'A'
	}
	return c
}

// Fault says why Scan stopped before a byte that could still be valid
// text of some other rule, or OK.
type Fault uint8

const (
	OK         Fault = iota
	BadPercent       // a "%" not followed by two HEXDIG (RFC 3986, Section 2.1)
	BadUTF8          // an IRI's bytes that are not UTF-8 (RFC 3629)
	NotAllowed       // a character outside US-ASCII that the IRI rule does not allow there
)

// Scan advances from i over bytes in the class mask and over well-formed
// pct-encodings and, when mask has the mode bit Ucschar, over the
// characters outside US-ASCII that an IRI allows there (RFC 3987, Section
// 2.2; iprivate too with Iprivate). It returns the index of the first byte
// that is none of these, and OK; or, at a "%" that does not begin a
// pct-encoding or a character outside US-ASCII that is not allowed, the
// offset of the first bad byte (len(s) if s ends first) and the fault.
func Scan(s string, i int, mask uint16) (int, Fault) {
	for i < len(s) {
		// Four bytes at a time while all four are in the class: most
		// components are long runs of class bytes.
		for i+4 <= len(s) {
			t := s[i : i+4] // one bounds check for the four
			if Classes[t[0]]&mask == 0 || Classes[t[1]]&mask == 0 || Classes[t[2]]&mask == 0 || Classes[t[3]]&mask == 0 {
				break
			}
			i += 4
		}
		if i >= len(s) {
			break
		}
		c := s[i]
		if Classes[c]&mask != 0 {
			i++
			continue
		}
		if c != '%' {
			if c >= 0x80 && mask&Ucschar != 0 {
				return scanIRI(s, i, mask)
			}
			break
		}
		switch {
		case i+1 >= len(s):
			return len(s), BadPercent
		case !IsHex(s[i+1]):
			return i + 1, BadPercent
		case i+2 >= len(s):
			return len(s), BadPercent
		case !IsHex(s[i+2]):
			return i + 2, BadPercent
		}
		i += 3
	}
	return i, OK
}
