package uri

import (
	"strings"
	"unicode/utf8"

	"github.com/gouri/uri/internal/abnf"
)

// EscapeComponent names the place in a URI reference that a string is
// percent-encoded for, which decides the bytes that may stay literal. It is
// not [Component], which says where an [Error] was found: escaping needs
// finer places (a path segment, a query key or value) and the HTML form
// encoding, which is not RFC 3986 at all.
type EscapeComponent uint8

// The places [Escape] encodes for. Each keeps literal exactly the bytes its
// RFC 3986 rule (Appendix A) allows, minus those that would act as
// delimiters inside it; every other byte, "%" included, becomes "%" and two
// uppercase hex digits (RFC 3986, Section 2.1). Non-ASCII text is encoded as
// its UTF-8 octets, one "%HH" each (Section 2.5). In the lists below,
// unreserved is ALPHA / DIGIT / "-" / "." / "_" / "~" and sub-delims is
// "!" / "$" / "&" / "'" / "(" / ")" / "*" / "+" / "," / ";" / "=".
const (
	// EscapeUserinfo encodes a user name or a password (RFC 3986, Section
	// 3.2.1). Literal: unreserved and sub-delims. The ":" that userinfo
	// allows is encoded, because in "user:password" it separates the two;
	// join two escaped parts with ":" yourself.
	//
	//	userinfo = *( unreserved / pct-encoded / sub-delims / ":" )
	EscapeUserinfo EscapeComponent = iota + 1

	// EscapeHost encodes a reg-name (RFC 3986, Section 3.2.2). Literal:
	// unreserved and sub-delims. For internationalized domain names the
	// A-label form is usually wanted instead of percent-encoded UTF-8.
	//
	//	reg-name = *( unreserved / pct-encoded / sub-delims )
	EscapeHost

	// EscapePathSegment encodes one path segment (RFC 3986, Section 3.3).
	// Literal: pchar, that is unreserved, sub-delims, ":" and "@"; "/" is
	// encoded. A segment "." or ".." stays a dot segment. A segment with ":"
	// cannot be the first one of a relative-path reference (Section 4.2):
	// [Components.URI] and [URI.JoinPath] put "./" in front of it.
	//
	//	segment = *pchar
	//	pchar   = unreserved / pct-encoded / sub-delims / ":" / "@"
	EscapePathSegment

	// EscapePath encodes a whole path (RFC 3986, Section 3.3): like
	// EscapePathSegment, but "/" stays literal and separates segments.
	//
	//	path-abempty = *( "/" segment )
	EscapePath

	// EscapeQuery encodes a whole query (RFC 3986, Section 3.4). Literal:
	// pchar, "/" and "?". Its "&" and "=" stay delimiters; to encode a key or
	// value for a key=value query use EscapeQueryKey and EscapeQueryValue.
	//
	//	query = *( pchar / "/" / "?" )
	EscapeQuery

	// EscapeQueryKey encodes the key of a key=value pair in a query, by the
	// rules of RFC 3986 and not those of HTML forms: a space becomes "%20".
	// Literal: the query's bytes except "&", "=", ";" and "+", which are
	// encoded because the key=value convention uses them as delimiters
	// (Section 2.2: data that would conflict with a delimiter is encoded)
	// and form decoders read "+" as a space. So the output means the same to
	// an RFC 3986 decoder and to an application/x-www-form-urlencoded one.
	// [Unescape] reads a key as [URI.QueryPairs] does: "+" is a space.
	EscapeQueryKey

	// EscapeQueryValue encodes the value of a key=value pair in a query:
	// like EscapeQueryKey, except that "=" stays literal, because a pair is
	// split at its first "=" only (as the URL Standard's
	// application/x-www-form-urlencoded parser and net/url do). [Unescape]
	// reads a value as [URI.QueryValue] does: "+" is a space.
	EscapeQueryValue

	// EscapeFragment encodes a fragment (RFC 3986, Section 3.5). Literal:
	// pchar, "/" and "?".
	//
	//	fragment = *( pchar / "/" / "?" )
	EscapeFragment

	// EscapeForm encodes a key or a value as application/x-www-form-urlencoded
	// does (WHATWG URL Standard, Section 5.2, the serializer HTML forms use),
	// which is not RFC 3986: a space becomes "+", and only ALPHA, DIGIT, "*",
	// "-", "." and "_" stay literal; "~" and everything else is encoded. The
	// output is valid in a query. It equals net/url's QueryEscape except that
	// QueryEscape keeps "~" and encodes "*" (both decode the same).
	EscapeForm

	numEscape // one past the last EscapeComponent
)

var escapeNames = [...]string{
	EscapeUserinfo:    "userinfo",
	EscapeHost:        "host",
	EscapePathSegment: "path-segment",
	EscapePath:        "path",
	EscapeQuery:       "query",
	EscapeQueryKey:    "query-key",
	EscapeQueryValue:  "query-value",
	EscapeFragment:    "fragment",
	EscapeForm:        "form",
}

// String returns the name the command-line tool uses for c: "userinfo",
// "host", "path-segment", "path", "query", "query-key", "query-value",
// "fragment" or "form".
func (c EscapeComponent) String() string {
	if c > 0 && c < numEscape {
		return escapeNames[c]
	}
	return "EscapeComponent(?)"
}

// component returns where an error in text encoded for c is reported.
func (c EscapeComponent) component() Component {
	switch c {
	case EscapeUserinfo:
		return Userinfo
	case EscapeHost:
		return Host
	case EscapePathSegment, EscapePath:
		return Path
	case EscapeFragment:
		return Fragment
	case EscapeQuery, EscapeQueryKey, EscapeQueryValue, EscapeForm:
		return Query
	}
	return NoComponent
}

// literal[c][b] reports whether Escape keeps byte b as it is for c. It is
// derived from the character table of internal/abnf, the one definition of the
// character sets, and written only at initialization.
var literal = buildLiteral()

func buildLiteral() (t [numEscape][256]bool) {
	for b := 0; b < 256; b++ {
		k := abnf.Classes[b]
		t[EscapeUserinfo][b] = k&abnf.RegName != 0 // userinfo without ":"
		t[EscapeHost][b] = k&abnf.RegName != 0
		t[EscapePathSegment][b] = k&abnf.Pchar != 0
		t[EscapePath][b] = k&abnf.Path != 0
		t[EscapeQuery][b] = k&abnf.Query != 0
		t[EscapeFragment][b] = k&abnf.Query != 0
		pair := k&abnf.Query != 0 && b != '&' && b != ';' && b != '+'
		t[EscapeQueryValue][b] = pair
		t[EscapeQueryKey][b] = pair && b != '='
		t[EscapeForm][b] = k&(abnf.Alpha|abnf.Digit) != 0 || b == '*' || b == '-' || b == '.' || b == '_'
	}
	return t
}

// Escape percent-encodes s for the place c (RFC 3986, Section 2.1): each byte
// that c does not keep literal becomes "%" and two upper-case hex digits (and,
// for EscapeForm only, a space becomes "+"), so that the result is valid in its
// component and [Unescape] gives s back. Non-ASCII text is encoded as its UTF-8
// octets (Section 2.5), and a "%" in s is data ("%25"). It returns s itself,
// without allocating, when nothing needs encoding; an unknown c is
// EscapePathSegment.
func Escape(s string, c EscapeComponent) string {
	if c == 0 || c >= numEscape {
		c = EscapePathSegment
	}
	lit := &literal[c]
	n := 0
	for i := 0; i < len(s); i++ {
		if !lit[s[i]] {
			n++
		}
	}
	if n == 0 {
		return s
	}
	if need := len(s) + 2*n; need <= 128 {
		var buf [128]byte // results this small are built on the stack
		return string(buf[:writeEscaped(buf[:need], s, c)])
	}
	t := make([]byte, len(s)+2*n)
	return abnf.String(t[:writeEscaped(t, s, c)])
}

// writeEscaped writes Escape(s, c) at the start of t, which has room for
// it, and returns its length. It writes by index rather than appending, so
// that no byte costs a capacity check.
func writeEscaped(t []byte, s string, c EscapeComponent) int {
	lit := &literal[c]
	j := 0
	for i := 0; i < len(s); i++ {
		switch x := s[i]; {
		case lit[x]:
			t[j] = x
			j++
		case x == ' ' && c == EscapeForm:
			t[j] = '+'
			j++
		default:
			e := t[j : j+3] // one bounds check for the three
			e[0], e[1], e[2] = '%', abnf.UpperHex[x>>4], abnf.UpperHex[x&15]
			j += 3
		}
	}
	return j
}

// Unescape decodes the percent-encodings of s (RFC 3986, Section 2.1): each
// "%" and two hex digits becomes the octet they name. For a key or value of a
// key=value query (EscapeQueryKey, EscapeQueryValue, EscapeForm), "+" is also a
// space, as HTML forms write it and [URI.QueryPairs] reads it; for every other
// c, a whole query included, "+" is data. It checks neither that s is valid in its component nor that the
// octets are UTF-8 ([UnescapeUTF8] does); c may be 0 when the component is not
// known. A "%" without two hex digits is an *[Error] with Op [OpUnescape] and
// Err [ErrBadPercent] at the first byte that cannot continue it ("%zz" at 1),
// and the result is then "". It returns s itself, without allocating, when
// there is nothing to decode.
func Unescape(s string, c EscapeComponent) (string, error) {
	if k, ok := checkPercent(s); !ok {
		return "", &Error{Op: OpUnescape, Input: s, Offset: k, Component: c.component(), Err: ErrBadPercent}
	}
	return abnf.Decode(s, c.plusIsSpace()), nil
}

// plusIsSpace reports whether Unescape reads "+" as a space for c: in the
// places of the key=value convention, whose reading is the form's.
func (c EscapeComponent) plusIsSpace() bool {
	return c == EscapeQueryKey || c == EscapeQueryValue || c == EscapeForm
}

// checkPercent reports whether every "%" of s begins a pct-encoding, or
// the offset of the first byte that cannot continue one.
func checkPercent(s string) (int, bool) {
	for i := 0; ; {
		k := strings.IndexByte(s[i:], '%')
		if k < 0 {
			return 0, true
		}
		// With an empty mask, Scan reads only a run of pct-encodings.
		end, f := abnf.Scan(s, i+k, 0)
		if f != abnf.OK {
			return end, false
		}
		i = end
	}
}

// UnescapeUTF8 is [Unescape] for text that must be UTF-8 (RFC 3986, Section
// 2.5): it also fails, with an *[Error] wrapping [ErrInvalidUTF8], when the
// decoded octets are not valid UTF-8, at the place in s where the first octet
// that cannot continue valid UTF-8 is written (its "%" or the raw byte), or at
// len(s): "%C3%A9" gives "é"; "%C3%28" fails at 3, "%FF" at 0, "%C3" at 3.
func UnescapeUTF8(s string, c EscapeComponent) (string, error) {
	d, err := Unescape(s, c)
	if err != nil {
		return "", err
	}
	k := badUTF8(d)
	if k < 0 {
		return d, nil
	}
	// Map the decoded index k back to the input.
	off, j := len(s), 0
	for i := 0; i < len(s); i++ {
		if j == k {
			off = i
			break
		}
		if s[i] == '%' {
			i += 2
		}
		j++
	}
	return "", &Error{Op: OpUnescape, Input: s, Offset: off, Component: c.component(), Err: ErrInvalidUTF8}
}

// badUTF8 returns the index of the first byte of s that cannot continue valid
// UTF-8, len(s) if s ends inside a character, or -1 if s is valid UTF-8.
func badUTF8(s string) int {
	for i := 0; i < len(s); {
		if s[i] < utf8.RuneSelf {
			i++
			continue
		}
		_, size := utf8.DecodeRuneInString(s[i:])
		if size > 1 {
			i += size
			continue
		}
		return i + abnf.AllowedPrefix(s[i:min(len(s), i+utf8.UTFMax)], validRunes)
	}
	return -1
}

// validRunes reports whether some rune in [lo, hi] is a Unicode scalar
// value, one that UTF-8 can encode (RFC 3629, Section 3): not a surrogate.
func validRunes(lo, hi rune) bool {
	return lo <= utf8.MaxRune && (lo < 0xD800 || hi > 0xDFFF)
}

// escapedLen returns the length of Escape(s, c), for a caller that writes it
// with writeEscaped into a buffer of its own.
func escapedLen(s string, c EscapeComponent) int {
	lit, n := &literal[c], len(s)
	for i := 0; i < len(s); i++ {
		if !lit[s[i]] {
			n += 2
		}
	}
	return n
}
