package uri

import (
	"errors"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/gouri/uri/internal/abnf"
	"github.com/gouri/uri/internal/errtext"
)

// Component names a part of a URI reference, as RFC 3986, Section 3 divides it.
// It says where an [Error] was found.
type Component uint8

// The components of a URI reference (RFC 3986, Section 3), plus Authority for a
// byte of the authority that comes before any "@" and so could still belong to
// the userinfo, the host or the port.
const (
	NoComponent Component = iota
	Scheme
	Authority
	Userinfo
	Host
	Port
	Path
	Query
	Fragment
)

var componentNames = [...]string{
	NoComponent: "",
	Scheme:      "scheme",
	Authority:   "authority",
	Userinfo:    "userinfo",
	Host:        "host",
	Port:        "port",
	Path:        "path",
	Query:       "query",
	Fragment:    "fragment",
}

// String returns the component's name as RFC 3986 spells it, in lower case:
// "scheme", "authority", "userinfo", "host", "port", "path", "query" or
// "fragment". NoComponent gives "".
func (c Component) String() string {
	if int(c) < len(componentNames) {
		return componentNames[c]
	}
	return "component(" + strconv.Itoa(int(c)) + ")"
}

// Sentinel reasons carried in [Error.Err]: every Err of an *Error that this
// package returns is one of them. Test for them with [errors.Is].
var (
	// ErrInvalidByte: a byte that the component's ABNF does not allow at that
	// place, such as a space, a control character, a non-ASCII byte, a "#" in a
	// fragment or a second "@" in an authority (RFC 3986, Section 2 and Appendix A).
	ErrInvalidByte = errors.New("invalid character")

	// ErrBadPercent: a "%" that is not followed by two hexadecimal digits
	// (RFC 3986, Section 2.1: pct-encoded = "%" HEXDIG HEXDIG).
	ErrBadPercent = abnf.ErrBadPercent

	// ErrMissingScheme: the rule requires a scheme (RFC 3986, Sections 3 and
	// 4.3) and the input has none.
	ErrMissingScheme = errors.New("missing scheme")

	// ErrColonInFirstSegment: a relative-path reference whose first segment
	// contains ":" (RFC 3986, Section 4.2: it would be read as a scheme; write
	// "./" in front of it).
	ErrColonInFirstSegment = errors.New(`":" in the first segment of a relative-path reference`)

	// ErrBadIPLiteral: text between "[" and "]" that is neither an
	// IPv6address nor an IPvFuture (RFC 3986, Section 3.2.2).
	ErrBadIPLiteral = abnf.ErrBadIPLiteral

	// ErrZoneNotAllowed: an IPv6 zone identifier ("%25" in an IP literal).
	// RFC 3986 has no zone identifiers; RFC 6874 added them and RFC 9844
	// obsoleted it again. [ParseRFC6874] accepts them on request.
	ErrZoneNotAllowed = abnf.ErrZoneNotAllowed

	// ErrBadPort: a port that is not all decimal digits (RFC 3986, Section
	// 3.2.3: port = *DIGIT).
	ErrBadPort = errors.New("not a decimal number")

	// ErrPortRange: a port number above 65535, reported by [URI.PortNumber].
	// RFC 3986 itself sets no range; TCP and UDP do.
	ErrPortRange = errors.New("number above 65535")

	// ErrNoPort: [URI.PortNumber] of a URI whose port is absent or empty.
	ErrNoPort = errors.New("no port number")

	// ErrFragmentNotAllowed: a fragment where the rule forbids one
	// (RFC 3986, Section 4.3: absolute-URI has none).
	ErrFragmentNotAllowed = errors.New("fragment not allowed in absolute-URI")

	// ErrPathWithAuthority: a built URI has an authority and a path that is
	// neither empty nor starts with "/" (RFC 3986, Section 3.3).
	ErrPathWithAuthority = errors.New(`path must be empty or begin with "/" when an authority is present`)

	// ErrNoAuthority: a userinfo or a port given to [URI.WithUserinfo] or
	// [URI.WithPort] for a reference without an authority. Both are parts
	// of the authority (RFC 3986, Section 3.2), which only a host brings:
	// see [URI.WithHost].
	ErrNoAuthority = errors.New("reference has no authority")

	// ErrTooLong: the input, or a result, is longer than this package's
	// limit of 2,147,483,647 bytes. RFC 3986 sets no limit.
	ErrTooLong = errors.New("input longer than 2 GiB")

	// ErrInvalidUTF8: octets that are not valid UTF-8 (RFC 3629) where UTF-8
	// text is required: after decoding in [UnescapeUTF8], or in an IRI.
	ErrInvalidUTF8 = errors.New("invalid UTF-8")

	// ErrDotSegment: a "." or ".." segment (RFC 3986, Section 3.3) where the
	// operation cannot take one. [Relativize] was given a target whose path
	// has one and differs from the base's path: resolution removes dot
	// segments from every path that it computes (Section 5.2.4), so no
	// reference resolves to such a target. [URI.JoinPath] was given an
	// element that is one, or holds one once decoded: data never navigates.
	// [FilePath] or [FromFilePath] met one, percent-encoded or not: a file
	// system resolves it after following symbolic links, which removing it
	// by text cannot do.
	ErrDotSegment = errors.New(`"." or ".." segment`)

	// ErrNilURL: [FromURL] was given a nil *url.URL.
	ErrNilURL = errors.New("nil *url.URL")

	// ErrIDNA: a host that is not a valid internationalized domain name
	// under the UTS #46 lookup profile (RFC 5891 with the UTS #46 mapping).
	// The Error's Detail gives the reason that golang.org/x/net/idna gave.
	ErrIDNA = errors.New("invalid internationalized domain name")

	// ErrMixedScript: a label of a host name mixes letters of scripts that
	// the Highly Restrictive level of Unicode Technical Standard #39,
	// Section 5.2, does not allow together, such as Latin with Cyrillic or
	// Greek: a likely homograph. See [CheckHomograph].
	ErrMixedScript = errors.New("label mixes scripts")

	// ErrConfusable: a label of a host name is written entirely with
	// Cyrillic or entirely with Greek letters that look like Latin letters,
	// such as "аррӏе" (Cyrillic) for "apple", under a top-level domain in
	// another script: a likely homograph. See [CheckHomograph].
	ErrConfusable = errors.New("label looks like a Latin name")

	// ErrCannotEncode: [Components.Encode] was given a component that no
	// percent-encoding can make valid: a scheme that does not begin with a
	// letter or holds other bytes than letters, digits, "+", "-" and "."
	// (RFC 3986, Section 3.1: a scheme cannot be percent-encoded), or a
	// port that is not digits.
	ErrCannotEncode = errors.New("no RFC 3986 form: percent-encoding cannot make it valid")
)

// Error describes why an input is not valid, where and in which component.
//
// Offset is a byte index into Input: Input[:Offset] is the longest prefix
// that still begins some valid string of the rule being parsed, so the byte at
// Offset is the first that cannot continue it, and Offset == len(Input) when
// the input ends too early ("%zz" fails at 1, "3ttp:x" at 4). One exception: a
// port that is not all digits is reported at its first byte that is not a
// digit ("http://h:8o/" at 10, in Port), although it is found only where the
// authority ends, since until then the text could be a userinfo.
//
// Op is one of the Op constants, such as [OpParse]. Err is a sentinel of this
// package or of the one that returned the error; Unwrap returns it, so
// [errors.Is] and [errors.As] work.
type Error struct {
	Op        string    // the operation that failed: one of the Op constants
	Input     string    // the whole input
	Offset    int       // byte offset of the first byte that cannot be part of a valid input
	Component Component // the component in which Offset lies
	Err       error     // the reason: one of the Err... sentinels
	Detail    string    // more about the reason (the IDNA library's, which argument, which case, which grammar), or ""
}

// The operations that an [Error] names in its Op field. Every *Error of this
// module, package legacy's included, has one of these values. [Error.Error]
// writes it after "uri: ", except OpParse, which goes without saying.
const (
	// OpParse: reading text as a URI reference or an IRI ([Parse] and the
	// other Parse functions, [ParseIRI], the UnmarshalText methods), or as a
	// URL of an older grammar (package legacy, whose errors name the grammar
	// in Detail).
	OpParse = "parse"

	// OpBuild: making a reference from parts ([Components.URI],
	// [Components.Encode], the With setters such as [URI.WithHost],
	// [URI.JoinPath], [FromURL], [IRI.ToURI] and legacy's Upgrade). Input is
	// the argument at fault, or the text that the parts spell.
	OpBuild = "build"

	// OpResolve: [Resolve] and [ResolveNonStrict], and legacy's
	// ResolveRFC1808 and ResolveRFC2396, whose errors name the grammar in
	// Detail.
	OpResolve = "resolve"

	// OpRelativize: [Relativize].
	OpRelativize = "relativize"

	// OpNormalize: [Normalize].
	OpNormalize = "normalize"

	// OpUnescape: [Unescape] and [UnescapeUTF8].
	OpUnescape = "unescape"

	// OpPortNumber: [URI.PortNumber] of a port above 65535.
	OpPortNumber = "port-number"

	// OpIDNA: [HostToASCII] and [HostToUnicode].
	OpIDNA = "idna"

	// OpHomograph: [CheckHomograph].
	OpHomograph = "homograph"

	// OpFilePath: [FilePath] and [FromFilePath].
	OpFilePath = "file-path"
)

// Error formats the error on one line:
//
//	uri: invalid character " " in path at offset 10 of "http://a/b c"
//
// The Op comes first unless it is OpParse, and Detail follows the reason in
// parentheses; a long input is shortened around the offset, and a non-ASCII
// input that [ParseIRI] accepts gets a hint to use it. The text depends only
// on the fields, so tools may print it unchanged; a nil *Error gives
// "uri: <nil>".
func (e *Error) Error() string {
	if e == nil {
		// A nil *Error in an error interface, or as the Err of another: fmt
		// would print "<nil>" for it, and a message is better than a panic.
		return "uri: <nil>"
	}
	var b strings.Builder
	b.WriteString("uri: ")
	if e.Op != "" && e.Op != OpParse {
		b.WriteString(e.Op)
		b.WriteString(": ")
	}
	if e.Err == nil {
		b.WriteString("error")
	} else {
		b.WriteString(e.Err.Error())
	}
	inside := e.Offset >= 0 && e.Offset < len(e.Input)
	if e.Err == ErrInvalidByte && inside {
		b.WriteByte(' ')
		b.WriteString(strconv.Quote(charAt(e.Input, e.Offset)))
	}
	if e.Detail != "" {
		b.WriteString(" (")
		b.WriteString(e.Detail)
		b.WriteString(")")
	}
	if e.Component != NoComponent && mentionsComponent(e.Err) {
		b.WriteString(" in ")
		b.WriteString(e.Component.String())
	}
	b.WriteString(" at offset ")
	b.WriteString(strconv.Itoa(e.Offset))
	if e.Offset == len(e.Input) {
		b.WriteString(" (end of input)")
	}
	b.WriteString(" of ")
	b.WriteString(errtext.QuoteAround(e.Input, e.Offset))
	if suggestsIRI(e.Op) && e.Err == ErrInvalidByte && inside && e.Input[e.Offset] >= utf8.RuneSelf {
		if _, err := ParseIRI(e.Input); err == nil {
			b.WriteString("; it is a valid IRI: use ParseIRI, then ToURI")
		}
	}
	return b.String()
}

// suggestsIRI reports whether the operation named parses its input as a URI
// reference, so that an IRI given to it is worth naming.
func suggestsIRI(named string) bool {
	return named == OpParse || named == OpNormalize || named == OpResolve || named == OpRelativize
}

// charAt returns the character at s[i]: the UTF-8 encoding of one rune when
// one starts there, else the byte.
func charAt(s string, i int) string {
	if s[i] < utf8.RuneSelf {
		return s[i : i+1]
	}
	if _, size := utf8.DecodeRuneInString(s[i:]); size > 1 {
		return s[i : i+size]
	}
	return s[i : i+1]
}

// mentionsComponent reports whether " in <component>" adds to the reason's text.
func mentionsComponent(err error) bool {
	switch err {
	case ErrMissingScheme, ErrFragmentNotAllowed, ErrTooLong, ErrPathWithAuthority, ErrColonInFirstSegment, ErrPortRange, ErrNoAuthority:
		return false
	}
	return true
}

// Unwrap returns the reason, one of the sentinel errors, or nil for a nil
// *Error.
func (e *Error) Unwrap() error {
	if e == nil {
		return nil
	}
	return e.Err
}

// withOp returns err, an *Error from a parse, as an error of the operation op.
func withOp(op string, err error) error {
	e, ok := err.(*Error)
	if !ok {
		return err
	}
	c := *e
	c.Op = op
	return &c
}

// Errors of [FilePath] and [FromFilePath], which convert between file URIs
// (RFC 8089) and file system paths. Test for them with [errors.Is].
var (
	// ErrNotFileScheme: FilePath was given a URI whose scheme is not "file"
	// (RFC 8089, Section 2).
	ErrNotFileScheme = errors.New(`not "file"`)

	// ErrNotInFilePath: a component that no file system path holds: a
	// userinfo (RFC 8089, Appendix E.1 calls it nonstandard), a port that is
	// not empty, a query or a fragment. The Component field says which.
	ErrNotInFilePath = errors.New("not part of a file path")

	// ErrFileHost: a host that no path of the requested style can name: any
	// host but "localhost" for a POSIX path (only the local machine's files
	// have one), or an IP-literal, which a Windows UNC path cannot hold.
	ErrFileHost = errors.New("host that the path style cannot name")

	// ErrNotAbsolute: a path that names a file only relative to a current
	// directory or drive, which a file URI cannot carry: a relative path, a
	// Windows path without a drive letter or server (`\a`), a drive letter
	// without a separator after it (`C:a`), or a UNC path without a server
	// or a share. RFC 8089, Section 2 allows only path-absolute.
	ErrNotAbsolute = errors.New("not an absolute path")

	// ErrEncodedSeparator: a percent-encoded "/" (or, for Windows, "\") in a
	// segment of a file URI. Decoded, it would split the segment in two, so
	// the path would not be the one the URI names (RFC 3986, Section 2.2).
	ErrEncodedSeparator = errors.New("percent-encoded path separator")

	// ErrNUL: a NUL byte, raw in a path or percent-encoded ("%00") in a file
	// URI. No POSIX or Windows path can hold one.
	ErrNUL = errors.New("NUL byte")

	// ErrDriveLetter: a POSIX path whose first segment is a letter followed
	// by ":" or "|", other than an upper-case letter and ":", such as
	// "/c:/x". In a file URI such a segment is a DOS or Windows drive letter
	// (RFC 8089, Appendix E.2), whose normal form is "C:" (see
	// [NormalizeSchemeRules]), so its URI would be equivalent to that of
	// another path, "/C:/x". No file URI names it alone.
	ErrDriveLetter = errors.New("first segment that a file URI reads as a drive letter")

	// ErrDevicePath: a Windows device path (`\\.\` or `\\?\`), or a file
	// URI whose UNC server is "." or "?" and would make one. RFC 8089 gives
	// such paths no file URI.
	ErrDevicePath = errors.New(`device path (\\.\ or \\?\)`)
)
