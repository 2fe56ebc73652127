package whatwg

import (
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/gouri/uri"
	"github.com/gouri/uri/internal/abnf"
)

// Kind is the name of a validation error of the URL Standard, section 1.1
// (https://url.spec.whatwg.org/#validation-error), or of one of the few
// reasons of this package's own listed after them.
//
// A Kind is an error: the sentinel in the Err field of the *uri.Error that
// this package returns, so that errors.Is(err, whatwg.ErrPortInvalid) tests
// the reason. Its String and Error methods return the name as the standard
// spells it, such as "port-invalid" or "IPv4-too-many-parts", which is how
// the message of the *uri.Error says that the URL Standard's parser failed.
//
// The standard marks some validation errors as failures: parsing stops and
// returns no URL. Those are the Err of a *uri.Error. The others are
// non-fatal: the parser goes on, and [Validate] reports them as
// [ValidationError] values.
type Kind uint8

// The validation errors of the URL Standard, in the order of its table.
// Each comment says whether the standard's parser fails on it.
const (
	_ Kind = iota

	// ErrDomainToASCII (fails when the relaxed Unicode ToASCII of a
	// non-ASCII domain fails, or the domain ends up empty or with a
	// forbidden domain code point; non-fatal otherwise): Unicode ToASCII
	// records an error with CheckHyphens, UseSTD3ASCIIRules and
	// VerifyDnsLength set (section 3.3), which a trailing dot does too.
	// "https://exa%23mple.org", "https://example.com./".
	ErrDomainToASCII
	// ErrDomainPercentEncoded (non-fatal): a host to be processed as a
	// domain contains a percent-encoded byte. "https://exam%70le.org".
	ErrDomainPercentEncoded
	// ErrHostInvalidCodePoint (fails): an opaque host contains a forbidden
	// host code point. "foo://exa[mple.org".
	ErrHostInvalidCodePoint
	// ErrIPv4EmptyPart (non-fatal): an IPv4 address ends with ".".
	// "https://127.0.0.1./".
	ErrIPv4EmptyPart
	// ErrIPv4TooFewParts (non-fatal): an IPv4 address has fewer than 4
	// parts. "https://1.2.3/".
	ErrIPv4TooFewParts
	// ErrIPv4TooManyParts (fails): an IPv4 address has more than 4 parts.
	// "https://1.2.3.4.5/".
	ErrIPv4TooManyParts
	// ErrIPv4NonNumericPart (fails): an IPv4 address part is not numeric.
	// "https://test.42".
	ErrIPv4NonNumericPart
	// ErrIPv4NonDecimalPart (non-fatal): an IPv4 address part is written
	// in hexadecimal or octal. "https://127.0.0x0.1".
	ErrIPv4NonDecimalPart
	// ErrIPv4OutOfRangePart (fails when the part cannot be represented;
	// non-fatal for a last part that still fits): an IPv4 address part
	// exceeds 255. "https://255.255.4000.1".
	ErrIPv4OutOfRangePart
	// ErrIPv6Unclosed (fails): an IPv6 address lacks the closing "]".
	// "https://[::1".
	ErrIPv6Unclosed
	// ErrIPv6InvalidCompression (fails): an IPv6 address begins with
	// improper compression. "https://[:1]".
	ErrIPv6InvalidCompression
	// ErrIPv6TooManyPieces (fails): an IPv6 address has more than 8
	// pieces. "https://[1:2:3:4:5:6:7:8:9]".
	ErrIPv6TooManyPieces
	// ErrIPv6MultipleCompression (fails): an IPv6 address is compressed in
	// more than one spot. "https://[1::1::1]".
	ErrIPv6MultipleCompression
	// ErrIPv6InvalidCodePoint (fails): an IPv6 address contains a code
	// point that is neither a hex digit nor ":", or ends unexpectedly.
	// "https://[1:2:3!:4]", "https://[1:2:3:]".
	ErrIPv6InvalidCodePoint
	// ErrIPv6TooFewPieces (fails): an uncompressed IPv6 address has fewer
	// than 8 pieces. "https://[1:2:3]".
	ErrIPv6TooFewPieces
	// ErrIPv6PieceLeadingZero (non-fatal): an IPv6 address piece has a
	// leading "0". "https://[::01]".
	ErrIPv6PieceLeadingZero
	// ErrIPv4InIPv6TooManyPieces (fails): an IPv6 address with an IPv4
	// part has more than 6 pieces before it.
	// "https://[1:1:1:1:1:1:1:127.0.0.1]".
	ErrIPv4InIPv6TooManyPieces
	// ErrIPv4InIPv6InvalidCodePoint (fails): an IPv4 part of an IPv6
	// address is empty, has a non-digit or a leading 0, or there are too
	// many parts. "https://[ffff::127.0.xyz.1]".
	ErrIPv4InIPv6InvalidCodePoint
	// ErrIPv4InIPv6OutOfRangePart (fails): an IPv4 part of an IPv6
	// address exceeds 255. "https://[ffff::127.0.0.4000]".
	ErrIPv4InIPv6OutOfRangePart
	// ErrIPv4InIPv6TooFewParts (fails): the IPv4 address in an IPv6
	// address has too few parts. "https://[ffff::127.0.0]".
	ErrIPv4InIPv6TooFewParts

	// ErrInvalidURLUnit (non-fatal): a code point that is not a URL unit:
	// leading or trailing C0 control or space, a tab or newline anywhere,
	// a code point that is not a URL code point, or "%" not followed by two
	// hex digits. "https://example.org/>".
	ErrInvalidURLUnit
	// ErrSpecialSchemeMissingFollowingSolidus (non-fatal): a special
	// scheme not followed by "//". "https:example.org".
	ErrSpecialSchemeMissingFollowingSolidus
	// ErrMissingSchemeNonRelativeURL (fails): the input has no scheme and
	// there is no base URL, or the base URL has an opaque path and the
	// input is not a fragment. "💩" without a base.
	ErrMissingSchemeNonRelativeURL
	// ErrInvalidReverseSolidus (non-fatal): a special URL uses "\" instead
	// of "/". "https://example.org\path".
	ErrInvalidReverseSolidus
	// ErrInvalidCredentials (non-fatal): the input includes credentials.
	// "https://user@example.org".
	ErrInvalidCredentials
	// ErrHostMissing (fails): a special URL without a host, or an "@" or
	// a port without a host. "https://#fragment", "https://user:pass@".
	ErrHostMissing
	// ErrPortOutOfRange (fails): the port is above 65535.
	// "https://example.org:70000".
	ErrPortOutOfRange
	// ErrPortInvalid (fails): the port is not a number.
	// "https://example.org:7z".
	ErrPortInvalid
	// ErrFileInvalidWindowsDriveLetter (non-fatal): a relative reference
	// that starts with a Windows drive letter against a file base URL.
	// "/c:/path/to/file" against "file:///c:/".
	ErrFileInvalidWindowsDriveLetter
	// ErrFileInvalidWindowsDriveLetterHost (non-fatal): a file URL's host
	// is a Windows drive letter. "file://c:".
	ErrFileInvalidWindowsDriveLetterHost

	// The reasons below are this package's own. The standard's setters
	// return without a named validation error in these cases; the setters
	// of this package return them so that a caller can tell that the URL
	// was left as it was.

	// ErrSchemeInvalid: the value given to [URL.SetProtocol] does not start
	// with a scheme (an ASCII alpha, then alphanumerics, "+", "-" or ".",
	// up to a ":" or the end).
	ErrSchemeInvalid
	// ErrSchemeChange: [URL.SetProtocol] would switch between a special and
	// a non-special scheme, to "file" from a URL with credentials or a
	// port, or from a "file" URL with an empty host; the standard leaves the
	// scheme as it is.
	ErrSchemeChange
	// ErrCannotHaveCredentialsOrPort: the URL "cannot have a
	// username/password/port" (section 4.2): its host is null or empty, or
	// its scheme is "file".
	ErrCannotHaveCredentialsOrPort
	// ErrOpaquePath: the URL has an opaque path, so it has no host to set
	// and no path segments.
	ErrOpaquePath
	// ErrHostnameWithPort: the value given to [URL.SetHostname] has a port.
	ErrHostnameWithPort
	// ErrTooLong: the input, or the URL it parses to, is longer than this
	// package's limit of 2,147,483,647 bytes (offsets are int32; an input
	// byte can become nine, "%EF%BF%BD"); or a non-ASCII domain longer
	// than 4,096 bytes has a label longer than 255 bytes, which this package
	// does not give to IDNA, whose Punycode takes time quadratic in the
	// length of a label. The URL Standard sets no limit.
	ErrTooLong

	numKinds
)

var kindNames = [numKinds]string{
	ErrDomainToASCII:                        "domain-to-ASCII",
	ErrDomainPercentEncoded:                 "domain-percent-encoded",
	ErrHostInvalidCodePoint:                 "host-invalid-code-point",
	ErrIPv4EmptyPart:                        "IPv4-empty-part",
	ErrIPv4TooFewParts:                      "IPv4-too-few-parts",
	ErrIPv4TooManyParts:                     "IPv4-too-many-parts",
	ErrIPv4NonNumericPart:                   "IPv4-non-numeric-part",
	ErrIPv4NonDecimalPart:                   "IPv4-non-decimal-part",
	ErrIPv4OutOfRangePart:                   "IPv4-out-of-range-part",
	ErrIPv6Unclosed:                         "IPv6-unclosed",
	ErrIPv6InvalidCompression:               "IPv6-invalid-compression",
	ErrIPv6TooManyPieces:                    "IPv6-too-many-pieces",
	ErrIPv6MultipleCompression:              "IPv6-multiple-compression",
	ErrIPv6InvalidCodePoint:                 "IPv6-invalid-code-point",
	ErrIPv6TooFewPieces:                     "IPv6-too-few-pieces",
	ErrIPv6PieceLeadingZero:                 "IPv6-piece-leading-zero",
	ErrIPv4InIPv6TooManyPieces:              "IPv4-in-IPv6-too-many-pieces",
	ErrIPv4InIPv6InvalidCodePoint:           "IPv4-in-IPv6-invalid-code-point",
	ErrIPv4InIPv6OutOfRangePart:             "IPv4-in-IPv6-out-of-range-part",
	ErrIPv4InIPv6TooFewParts:                "IPv4-in-IPv6-too-few-parts",
	ErrInvalidURLUnit:                       "invalid-URL-unit",
	ErrSpecialSchemeMissingFollowingSolidus: "special-scheme-missing-following-solidus",
	ErrMissingSchemeNonRelativeURL:          "missing-scheme-non-relative-URL",
	ErrInvalidReverseSolidus:                "invalid-reverse-solidus",
	ErrInvalidCredentials:                   "invalid-credentials",
	ErrHostMissing:                          "host-missing",
	ErrPortOutOfRange:                       "port-out-of-range",
	ErrPortInvalid:                          "port-invalid",
	ErrFileInvalidWindowsDriveLetter:        "file-invalid-Windows-drive-letter",
	ErrFileInvalidWindowsDriveLetterHost:    "file-invalid-Windows-drive-letter-host",
	ErrSchemeInvalid:                        "scheme-invalid",
	ErrSchemeChange:                         "scheme-change-not-allowed",
	ErrCannotHaveCredentialsOrPort:          "cannot-have-username-password-port",
	ErrOpaquePath:                           "opaque-path",
	ErrHostnameWithPort:                     "hostname-with-port",
	ErrTooLong:                              "too-long",
}

// String returns the name of the validation error as the URL Standard
// writes it, such as "IPv4-non-decimal-part", or this package's name for
// its own reasons, such as "opaque-path".
func (k Kind) String() string {
	if k < numKinds && kindNames[k] != "" {
		return kindNames[k]
	}
	return "kind(" + strconv.Itoa(int(k)) + ")"
}

// Error returns k.String(), so that a Kind can be the target of errors.Is.
func (k Kind) Error() string { return k.String() }

// newError returns the error of the operation op, about name (see
// uri.Error.Name), that failed with the validation error k at the byte off
// of input: a *uri.Error with k as Err. Its Detail is left empty: the
// message takes the plain words from [Kind.Describe] when it is written,
// so that a failing parse allocates the error and nothing more.
//
// Offset is the first byte of the code point at which the URL Standard's
// parser stopped, or, for a failure that concerns a whole host (a domain
// that IDNA rejects, an IPv4 address out of range), the first byte of that
// host; it counts the bytes of input as given, including leading spaces and
// the tabs and newlines that the parser removes. A setter's failure that no
// byte of its value causes (the URL has an opaque path, or cannot have a
// port) has uri.NoOffset.
func newError(op uri.Op, name, input string, off int, k Kind) *uri.Error {
	return &uri.Error{Op: op, Name: name, Input: input, Offset: off, Err: k}
}

// OpSet is the operation of a setter of [URL] (URL Standard, section 6.1)
// that left the URL as it was, such as [URL.SetHost], in the Op of its
// *uri.Error; the Name is the attribute as the standard's API names it
// ("href", "protocol", "username", "password", "host", "hostname", "port",
// "pathname", "search" or "hash"), and Input the value given.
// [URL.SetSearchParams] and [URL.DeleteSearchParam] set "search". The
// other operations of this package are the root's: uri.OpParse,
// uri.OpRelativize and uri.OpBuild.
const OpSet uri.Op = "set"

// kindText says what each validation error means, in plain words.
var kindText = [numKinds]string{
	ErrDomainToASCII:                        "the domain fails IDNA (UTS #46 ToASCII), is empty, or holds a forbidden domain code point",
	ErrDomainPercentEncoded:                 "the domain holds a percent-encoded byte",
	ErrHostInvalidCodePoint:                 "the host holds a forbidden host code point",
	ErrIPv4EmptyPart:                        `the IPv4 address ends with "."`,
	ErrIPv4TooFewParts:                      "the IPv4 address has fewer than four parts",
	ErrIPv4TooManyParts:                     "the host ends in a number, so it is an IPv4 address, and it has more than four parts",
	ErrIPv4NonNumericPart:                   "the host ends in a number, so it is an IPv4 address, and a part is not a number",
	ErrIPv4NonDecimalPart:                   "an IPv4 address part is written in hexadecimal or octal",
	ErrIPv4OutOfRangePart:                   "an IPv4 address part is too large (over 255, or the last part over what the parts left can hold)",
	ErrIPv6Unclosed:                         `the IPv6 address has no closing "]"`,
	ErrIPv6InvalidCompression:               `the IPv6 address begins with a single ":"`,
	ErrIPv6TooManyPieces:                    "the IPv6 address has more than eight pieces",
	ErrIPv6MultipleCompression:              `the IPv6 address has "::" more than once`,
	ErrIPv6InvalidCodePoint:                 `the IPv6 address ends too early, or holds a code point that is neither a hex digit nor ":"`,
	ErrIPv6TooFewPieces:                     `the IPv6 address has fewer than eight pieces and no "::"`,
	ErrIPv6PieceLeadingZero:                 `a piece of the IPv6 address has a leading "0"`,
	ErrIPv4InIPv6TooManyPieces:              "the IPv6 address has more than six pieces before its IPv4 part",
	ErrIPv4InIPv6InvalidCodePoint:           "the IPv4 part of the IPv6 address has an empty part, a part with a leading 0, a code point that is not a digit, or more than four parts",
	ErrIPv4InIPv6OutOfRangePart:             "a part of the IPv4 part of the IPv6 address is over 255",
	ErrIPv4InIPv6TooFewParts:                "the IPv4 part of the IPv6 address has fewer than four parts",
	ErrInvalidURLUnit:                       `a code point that a URL does not allow there (a leading or trailing space or control, a tab or newline, or one that is not a URL code point), or a "%" not followed by two hex digits`,
	ErrSpecialSchemeMissingFollowingSolidus: `the special scheme is not followed by "//"`,
	ErrMissingSchemeNonRelativeURL:          "the input has no scheme, and no base URL that it could be relative to",
	ErrInvalidReverseSolidus:                `"\" is used where a special URL has "/"`,
	ErrInvalidCredentials:                   "the URL holds a username or a password",
	ErrHostMissing:                          "the URL has no host, though its scheme, credentials or port need one",
	ErrPortOutOfRange:                       "the port is over 65535",
	ErrPortInvalid:                          "the port is not a number",
	ErrFileInvalidWindowsDriveLetter:        "a relative reference starts with a Windows drive letter, against a file URL",
	ErrFileInvalidWindowsDriveLetterHost:    "the host of the file URL is a Windows drive letter",
	ErrSchemeInvalid:                        `a scheme is an ASCII letter followed by letters, digits, "+", "-" or "."`,
	ErrSchemeChange:                         `the scheme cannot change from special to not or back, to "file" with credentials or a port, or from "file" with an empty host`,
	ErrCannotHaveCredentialsOrPort:          `the URL cannot have a username, a password or a port: it has no host, an empty host, or the scheme "file"`,
	ErrOpaquePath:                           "the URL has an opaque path, so no host and no path segments",
	ErrHostnameWithPort:                     "the value given as a hostname has a port",
	ErrTooLong:                              "the input or its URL is longer than this package allows, or a long domain has a label too long for IDNA",
}

// Describe says in plain words what the validation error k at the byte
// off of input means, naming the code point at fault where there is one:
// "the port is not a number: "z" (U+007A) is not a digit" for
// ErrPortInvalid at the "z" of "https://h:7z". A code point that is a
// control or is not printable (a Bidi_Control character, for one) is
// named by its number only. It is the Detail that the message of a
// *uri.Error whose Err is k shows ([uri.Error.Reason] calls it, since
// this package leaves Detail empty); ValidationError.String shows the
// words without the code point. It allocates for the words that name a
// code point.
func (k Kind) Describe(input string, off int) string {
	if k >= numKinds {
		return ""
	}
	text := kindText[k]
	if off < 0 || off >= len(input) {
		return text
	}
	r, size := utf8.DecodeRuneInString(input[off:])
	c := input[off]
	cp := codePoint(r, size, c)
	switch k {
	case ErrDomainToASCII, ErrHostInvalidCodePoint:
		// The parser stops at a forbidden code point, or, for a failure
		// of IDNA, at the start of the host, which may hold one too.
		// A "%" and two hex digits is a percent-encoded byte, decoded
		// before the checks.
		switch {
		case c == '%' && k == ErrDomainToASCII && off+2 < len(input) &&
			abnf.IsHex(input[off+1]) && abnf.IsHex(input[off+2]):
			if d := abnf.Unhex(input[off+1])<<4 | abnf.Unhex(input[off+2]); d < utf8.RuneSelf && class[d]&forbiddenDomain != 0 {
				return codePoint(rune(d), 1, d) + ", written " + input[off:off+3] + ", is not allowed in a domain (a forbidden domain code point)"
			}
		case c < utf8.RuneSelf && class[c]&forbiddenHost != 0:
			return cp + " is not allowed in a host (a forbidden host code point)"
		case c < utf8.RuneSelf && class[c]&forbiddenDomain != 0:
			return cp + " is not allowed in a domain (a forbidden domain code point)"
		case r == utf8.RuneError && size == 1:
			return cp + " reads as U+FFFD, which IDNA refuses"
		}
	case ErrIPv6InvalidCodePoint:
		if c == ']' {
			return `the IPv6 address ends too early, before "]"`
		}
		return cp + ` is neither a hex digit nor ":" in the IPv6 address`
	case ErrIPv4InIPv6InvalidCodePoint:
		if c != '.' && (c < '0' || c > '9') {
			return cp + " is not a digit in the IPv4 part of the IPv6 address"
		}
	case ErrPortInvalid:
		return text + ": " + cp + " is not a digit"
	case ErrSchemeInvalid:
		if off == 0 {
			return cp + " cannot start a scheme: " + text
		}
		return cp + " is not allowed in a scheme: " + text
	}
	return text
}

// codePoint names the code point r, of size bytes, that starts with byte
// c: `"z" (U+007A)`, or only `U+0009` for a control, a space or any code
// point that is not printable (so no Bidi_Control character is written),
// or `byte 0xFF (not UTF-8)`.
func codePoint(r rune, size int, c byte) string {
	if r == utf8.RuneError && size == 1 {
		return "byte 0x" + string([]byte{abnf.UpperHex[c>>4], abnf.UpperHex[c&15]}) + " (not UTF-8)"
	}
	u := strconv.FormatInt(int64(r), 16)
	u = "U+" + strings.Repeat("0", max(0, 4-len(u))) + strings.ToUpper(u)
	switch {
	case r == ' ':
		return "a space (" + u + ")"
	case strconv.IsPrint(r) && !unicode.Is(unicode.Bidi_Control, r):
		return strconv.Quote(string(r)) + " (" + u + ")"
	}
	return u
}

// ValidationError is a validation error that did not stop the parser
// (URL Standard, section 1.1): the input is not a valid URL string, but the
// parser repaired it. [Validate] returns them beside its result. It is a
// report, not an error value (it has no Error method): the parse
// succeeded; a failure is a *uri.Error whose Err is the Kind.
type ValidationError struct {
	Kind   Kind
	Offset int // byte offset in the input, as a failure's Offset counts it
}

// String returns the report as "name: plain words at offset N".
func (v ValidationError) String() string {
	s := v.Kind.String()
	if v.Kind < numKinds && kindText[v.Kind] != "" {
		s += ": " + kindText[v.Kind]
	}
	return s + " at offset " + strconv.Itoa(v.Offset)
}
