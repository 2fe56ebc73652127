package whatwg

import (
	"strconv"
	"strings"

	"github.com/gouri/uri/internal/errtext"
)

// Kind is the name of a validation error of the URL Standard, section 1.1
// (https://url.spec.whatwg.org/#validation-error), or of one of the few
// reasons of this package's own listed after them.
//
// A Kind is an error, so that errors.Is(err, whatwg.ErrPortInvalid) tests
// the reason of an [*Error]. Its String and Error methods return the name as
// the standard spells it, such as "port-invalid" or "IPv4-too-many-parts".
//
// The standard marks some validation errors as failures: parsing stops and
// returns no URL. Those are the Kind of an [*Error]. The others are
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

// Error describes why an input is not a URL, or why a setter left a URL as
// it was.
//
// Offset is a byte index into Input: the first byte of the code point at
// which the URL Standard's parser stopped, or, for a failure that concerns
// a whole host (a domain that IDNA rejects, an IPv4 address out of range),
// the first byte of that host. Offsets count the bytes of Input as given,
// including leading spaces and the tabs and newlines that the parser
// removes. When the input ends too early, Offset == len(Input).
//
// Kind is the validation error that made parsing fail; Unwrap returns it,
// so errors.Is(err, whatwg.ErrHostMissing) and errors.As work.
type Error struct {
	Op     string // "parse", or the setter: "set protocol", "set host", ...
	Input  string // the input, or the value given to the setter
	Offset int    // byte offset in Input
	Kind   Kind   // the reason
}

// Error formats the error on one line, for example
//
//	whatwg: port-invalid at offset 21 of "https://example.org:7z"
//
// The text depends only on the fields.
func (e *Error) Error() string {
	var b strings.Builder
	b.WriteString("whatwg: ")
	if e.Op != "" && e.Op != "parse" {
		b.WriteString(e.Op)
		b.WriteString(": ")
	}
	b.WriteString(e.Kind.String())
	b.WriteString(" at offset ")
	b.WriteString(strconv.Itoa(e.Offset))
	b.WriteString(" of ")
	b.WriteString(errtext.QuoteAround(e.Input, e.Offset))
	return b.String()
}

// Unwrap returns the reason, a [Kind].
func (e *Error) Unwrap() error { return e.Kind }

// ValidationError is a validation error that did not stop the parser
// (URL Standard, section 1.1): the input is not a valid URL string, but the
// parser repaired it. [Validate] returns them.
type ValidationError struct {
	Kind   Kind
	Offset int // byte offset in the input, as in [Error]
}

// String returns the error as "name at offset N".
func (v ValidationError) String() string {
	return v.Kind.String() + " at offset " + strconv.Itoa(v.Offset)
}
