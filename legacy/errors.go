package legacy

import "errors"

// Sentinel reasons of the legacy grammars, carried in uri.Error's Err
// besides those of package uri (ErrInvalidByte, ErrBadPercent,
// ErrMissingScheme, ErrBadPort, ErrBadIPLiteral, ErrColonInFirstSegment,
// ErrTooLong). Test for them with errors.Is.
var (
	// ErrMustEscape: a character that the grammar never allows unescaped:
	// RFC 1738's "unsafe" and "national" characters, RFC 2396's "excluded"
	// ones (control, space, delims, unwise), RFC 2068's "unsafe" ones.
	ErrMustEscape = errors.New("character must be percent-encoded")

	// ErrBadHost: text where the grammar requires a host name or an IPv4
	// address and that is neither (RFC 1738, Section 3.1; RFC 2396, Section
	// 3.2.2): a label that begins or ends with "-", an empty label, or a
	// last label that begins with a digit, as in "example.123".
	ErrBadHost = errors.New("not a host name or IPv4 address")

	// ErrUserinfoNotAllowed: an "@" in the authority of a scheme whose
	// rule has no user name or password: http, gopher, nntp, wais and
	// prospero in RFC 1738, and http_URL in RFC 1945, 2068 and 2616.
	ErrUserinfoNotAllowed = errors.New("user name or password not allowed for this scheme")

	// ErrUnexpectedEnd: the input ends where the grammar needs more, as in
	// "file://host" (RFC 1738 needs "/" and a path) or "mailto:".
	ErrUnexpectedEnd = errors.New("unexpected end of input")

	// ErrUnknownGrammar: a Grammar value that is none of the constants.
	ErrUnknownGrammar = errors.New("unknown grammar")
)
