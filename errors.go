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

	// ErrNoHost: a URL without a host, or with an empty one, where the
	// scheme or the job needs one (RFC 3986, Section 3.2.2 lets a scheme
	// require a non-empty host). This package returns no such error; it is
	// the one reason for it of the module's packages: httptarget's for an
	// "http" or "https" target URI (RFC 9110, Section 4.2.1), canon's for
	// a URL that has no key without a host, readings' for a URL that
	// net/http does not dial.
	ErrNoHost = errors.New("no host")

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
	// by text cannot do ([FileOptions].RemoveDotSegments removes it by text
	// on request).
	ErrDotSegment = errors.New(`"." or ".." segment`)

	// ErrNilURL: [FromURL] was given a nil *url.URL.
	ErrNilURL = errors.New("nil *url.URL")

	// ErrIDNA: a host that is not a valid internationalized domain name
	// under the UTS #46 lookup profile (RFC 5891 with the UTS #46 mapping).
	// The Error's Detail gives the reason that golang.org/x/net/idna gave.
	ErrIDNA = errors.New("invalid internationalized domain name")

	// ErrCannotEncode: [Components.Encode] was given a component that no
	// percent-encoding can make valid: a scheme that does not begin with a
	// letter or holds other bytes than letters, digits, "+", "-" and "."
	// (RFC 3986, Section 3.1: a scheme cannot be percent-encoded), or a
	// port that is not digits.
	ErrCannotEncode = errors.New("no RFC 3986 form: percent-encoding cannot make it valid")
)

// Error describes why an input is not valid, where, and in which component.
// It is the one error value of the module for the text that it reads or
// builds, as [io/fs.PathError] is for os, io/fs and embed: this package
// and every package of the module that reads or builds text return an
// *Error; each puts a sentinel of its own in Err and an operation in Op,
// and what it adds rides in Name, Detail and Cause. (Package guard's
// policy refusals are a *guard.Error: a refusal is a decision, not a
// fault of the text; a parse failure inside it is an *Error in its Cause.)
//
// Offset is a byte index into Input: Input[:Offset] is the longest prefix
// that still begins some valid string of the rule being parsed, so the byte at
// Offset is the first that cannot continue it, and Offset == len(Input) when
// the input ends too early ("%zz" fails at 1, "3ttp:x" at 4). One exception: a
// port that is not all digits is reported at its first byte that is not a
// digit ("http://h:8o/" at 10, in Port), although it is found only where the
// authority ends, since until then the text could be a userinfo. An
// operation that knows no position in its input sets Offset to [NoOffset].
// The doc comment of each package says where its offsets mean something
// more: the URL Standard's parser reports a failure of a whole host or
// port at its first byte (package whatwg); an expansion or a match reports the
// place in the template or the URI (package template); a canonicalization
// whose steps rewrote the text before the fault knows no offset (package
// canon).
//
// Op is the operation (see [Op]): a constant of this package, such as
// [OpParse], or of the package that returned the error, such as whatwg's
// OpSet. Name says what the operation was about, where one argument or
// setting matters: "base" when the base of a resolution is at fault
// ([Resolve], [Relativize], and the resolvers of packages legacy and
// whatwg), or what the doc of the package that returned the error says (a
// URL Standard attribute of a whatwg setter, a template variable, a
// profile of package canon, "allowlist" for an entry of an allowlist of
// package origin or a host pattern of package guard); "" when no one
// argument matters.
//
// Err is a sentinel of the package that returned the error: this package's
// Err... values, or those of the other package (whatwg's are its Kind
// constants, the validation errors of the URL Standard). Detail says more
// in plain words; when it is empty and Err has a method Describe(input string,
// offset int) string, as whatwg's Kind has, the message takes the words
// from it: whatwg's name the code point at fault, and are written only
// when the message is, so that a failing parse allocates no words that no
// one reads. Cause is the error underneath, when there is one: the *Error
// of an expansion that is no URI-reference (template's ErrNotURI), or the
// URL Standard's error inside a canonicalization. Unwrap returns Err and
// Cause, so [errors.Is] finds the sentinel of either and [errors.As] finds
// the *Error of the cause too.
type Error struct {
	Op        Op        // the operation that failed: a constant of this package or of the package that returned the error
	Name      string    // what the operation was about, by name (see above), or ""
	Input     string    // the text at fault: the whole input, or the argument or value given
	Offset    int       // byte offset of the first byte that cannot be part of a valid input, or NoOffset
	Component Component // the component in which Offset lies, or NoComponent
	Err       error     // the reason: a sentinel of the package that returned the error
	Detail    string    // more about the reason (the IDNA library's, which argument, which case, which grammar), or "" (see above)
	Cause     error     // the error underneath, or nil
}

// NoOffset is the Offset of an [Error] whose operation knows no position of
// the fault in its input, such as an unknown profile given to package canon.
// [Error.Error] then names no offset.
const NoOffset = -1

// Op names the operation that an [Error] reports: what the caller asked
// for, spelled in lower case with words joined by "-". [Error.Error]
// writes it after "uri: ", except [OpParse] without a Name, which goes
// without saying.
//
// Like the Op of [io/fs.PathError], which os and embed supply and io/fs
// does not list, the vocabulary is not closed here: this package declares
// the operations that it performs itself, the constants below, and each
// package that reports an *Error declares the operations that are ideas
// of its own as constants of type Op (package whatwg's OpSet, template's
// OpExpand and OpMatch, canon's OpCanon and OpSURT). An operation that is
// the same idea as one of these, whatever reads or builds the text, uses
// this package's constant: reading text by a grammar is [OpParse], in
// every package (a URL of an older grammar, of the URL Standard, a
// template, a media type, a data: URL, a URL pattern, an allowlist entry);
// making text from parts is [OpBuild]; resolving and relativizing against
// a base are [OpResolve] and [OpRelativize]. So one idea has one spelling
// across the module: no two packages declare the same spelling, and a
// package's doc lists the Ops that its errors carry.
type Op string

// The operations of this package. See [Op] for those of the other
// packages.
const (
	// OpParse: reading text by a grammar ([Parse] and the other Parse
	// functions, [ParseIRI], the UnmarshalText methods); other packages
	// use it for the grammars that they read (a URL of an older grammar,
	// the URL Standard's URL, a URI template, a URL pattern, ...).
	OpParse Op = "parse"

	// OpBuild: making a reference from parts ([Components.URI],
	// [Components.Encode], the With methods such as [URI.WithHost],
	// [URI.JoinPath], [FromURL], [IRI.ToURI]); other packages use it for
	// the text that they make from parts (legacy's Upgrade, whatwg's
	// URL.ToURI, ...). Input is the argument at fault, or the text that
	// the parts spell.
	OpBuild Op = "build"

	// OpResolve: [Resolve] and [ResolveNonStrict]; package legacy uses it
	// for ResolveRFC1808 and ResolveRFC2396, whose errors name the grammar
	// in Detail.
	OpResolve Op = "resolve"

	// OpRelativize: [Relativize]; package whatwg uses it for its
	// Relativize.
	OpRelativize Op = "relativize"

	// OpNormalize: [Normalize].
	OpNormalize Op = "normalize"

	// OpUnescape: [Unescape] and [UnescapeUTF8].
	OpUnescape Op = "unescape"

	// OpPortNumber: [URI.PortNumber] of a port above 65535.
	OpPortNumber Op = "port-number"

	// OpIDNA: [HostToASCII] and [HostToUnicode].
	OpIDNA Op = "idna"

	// OpFilePath: [FilePath], [FromFilePath] and [FileKey].
	OpFilePath Op = "file-path"
)

// Error formats the error on one line, "uri: ", then [Error.Reason], then
// " of " and the input quoted:
//
//	uri: invalid character " " in path at offset 10 of "http://a/b c"
//	uri: set host: host-invalid-code-point ("<" (U+003C) is not allowed in a host (a forbidden host code point)) at offset 2 of "a<b"
//
// A long input is shortened around the offset. The text is deterministic
// and depends only on the fields, so tools may print it unchanged; a nil
// *Error gives "uri: <nil>". Which reading failed shows in the reason:
// this package's reasons are plain words; package whatwg's are the names
// of the URL Standard's validation errors, spelled as the standard spells
// them ("port-invalid", "IPv4-too-many-parts"); package legacy names its
// grammar in Detail ("rfc2396"); packages template and canon name their
// operations (expand, match, canon, surt).
func (e *Error) Error() string {
	if e == nil {
		// A nil *Error in an error interface, or as the Err of another: fmt
		// would print "<nil>" for it, and a message is better than a panic.
		return "uri: <nil>"
	}
	var b strings.Builder
	b.WriteString("uri: ")
	e.writeReason(&b)
	b.WriteString(" of ")
	b.WriteString(errtext.QuoteAround(e.Input, e.Offset))
	return b.String()
}

// Reason returns the message of [Error.Error] without its "uri: " prefix
// and without the quoted input: the operation and its Name, the reason,
// the character at fault, Detail, the Cause, the component and the offset,
// as in
//
//	resolve: invalid character "\xff" in path at offset 1
//
// so that a program that shows the input its own way (a line number, a
// table, a flag's name) prints what is wrong and where without editing
// text. e.Error() is always "uri: " + e.Reason() + " of " followed by the
// input quoted. A nil *Error gives "<nil>".
func (e *Error) Reason() string {
	if e == nil {
		return "<nil>"
	}
	var b strings.Builder
	e.writeReason(&b)
	return b.String()
}

// writeReason writes the text of Reason to b.
func (e *Error) writeReason(b *strings.Builder) {
	if e.Op != "" && (e.Op != OpParse || e.Name != "") {
		b.WriteString(string(e.Op))
		if e.Name != "" {
			b.WriteByte(' ')
			b.WriteString(e.Name)
		}
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
		if e.ValidIRI() {
			b.WriteString(" (valid in an IRI)")
		}
	}
	if d := e.detail(); d != "" {
		b.WriteString(" (")
		b.WriteString(d)
		b.WriteString(")")
	}
	if c := e.causeText(); c != "" {
		b.WriteString(" (")
		b.WriteString(c)
		b.WriteString(")")
	}
	if e.Component != NoComponent && mentionsComponent(e.Err) {
		b.WriteString(" in ")
		b.WriteString(e.Component.String())
	}
	if e.Offset != NoOffset {
		b.WriteString(" at offset ")
		b.WriteString(strconv.Itoa(e.Offset))
		if e.Offset == len(e.Input) {
			b.WriteString(" (end of input)")
		}
	}
}

// describer is a sentinel that words the Detail of its error from the
// input and the offset: package whatwg's Kind, whose words name the code
// point at fault.
type describer interface {
	Describe(input string, offset int) string
}

// detail returns e.Detail, or, when it is empty, what e.Err says of e's
// input and offset if it is a describer.
func (e *Error) detail() string {
	if d, ok := e.Err.(describer); ok && e.Detail == "" {
		return d.Describe(e.Input, e.Offset)
	}
	return e.Detail
}

// causeText is what the message says of e.Cause: the message of an *Error
// about another text without its "uri: ", or the text of another error.
// An *Error about the same Input says nothing that e does not: the
// operation that wraps it repeats its reason and offset (package canon).
func (e *Error) causeText() string {
	switch c := e.Cause.(type) {
	case nil:
		return ""
	case *Error:
		if c == nil {
			return "<nil>"
		}
		if c.Input == e.Input {
			return ""
		}
		return c.Reason() + " of " + errtext.QuoteAround(c.Input, c.Offset)
	}
	return e.Cause.Error()
}

// suggestsIRI reports whether the operation named parses its input as a URI
// reference, so that an IRI given to it is worth naming.
func suggestsIRI(named Op) bool {
	return named == OpParse || named == OpNormalize || named == OpResolve || named == OpRelativize
}

// ValidIRI reports whether e is an invalid character outside ASCII, met
// while reading the input as a URI reference, in an input that is a valid
// IRI (RFC 3987): [ParseIRI] and then [IRI.ToURI] give its URI. The
// message says "(valid in an IRI)" after the character then, and a program
// can offer the conversion in its own words. It parses the input again, on
// the error path only; false for a nil *Error.
func (e *Error) ValidIRI() bool {
	if e == nil || e.Err != ErrInvalidByte || !suggestsIRI(e.Op) || e.Offset < 0 || e.Offset >= len(e.Input) ||
		e.Input[e.Offset] < utf8.RuneSelf {
		return false
	}
	_, err := ParseIRI(e.Input)
	return err == nil
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

// Unwrap returns Err and Cause, those that are not nil, for [errors.Is] and
// [errors.As]; nil for a nil *Error.
func (e *Error) Unwrap() []error {
	switch {
	case e == nil:
		return nil
	case e.Cause == nil && e.Err == nil:
		return nil
	case e.Cause == nil:
		return []error{e.Err}
	case e.Err == nil:
		return []error{e.Cause}
	}
	return []error{e.Err, e.Cause}
}

// withOp returns err, an *Error from a parse, as an error of the operation op.
func withOp(op Op, err error) error {
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
	// have one), or an IP-literal, which a Windows UNC path cannot hold; or,
	// under [FileOptions].LocalOnly, any UNC server, which Windows reaches
	// over the network (SMB).
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
	// Package httptarget refuses one in a request-target's path with it too,
	// when its Config.RefuseEncodedSlash asks.
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

	// ErrWindowsName: a Windows path, or the Windows path of a file URI,
	// with a character that Windows forbids in the name of a file, a
	// directory or a UNC server (Win32's "Naming Files, Paths, and
	// Namespaces"): a control character (U+0001 to U+001F) or one of
	// < > : " | ? *. ":" after the drive letter names an alternate data
	// stream of NTFS, "?" and "*" are wildcards, and the others fail or
	// mean something else to the system and its shells.
	ErrWindowsName = errors.New("character that Windows forbids in a file name")
)
