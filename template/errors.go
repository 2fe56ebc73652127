package template

import (
	"errors"
	"strconv"
	"strings"

	"github.com/gouri/uri/internal/abnf"
	"github.com/gouri/uri/internal/errtext"
)

// Sentinel reasons carried in [Error.Err]. Test for them with [errors.Is].
var (
	// ErrUnclosed: the template ends inside an expression, before its "}"
	// (RFC 6570, Section 2.2: expression = "{" [ operator ] variable-list "}").
	ErrUnclosed = errors.New("expression not closed")

	// ErrInvalidLiteral: a character that RFC 6570, Section 2.1 does not
	// allow outside an expression: a control character, a space, `"`,
	// "<", ">", "\", "^", "`", "|", a "}" that closes nothing, or bytes that
	// are not UTF-8. Bidirectional formatting characters are refused too,
	// as in IRIs (RFC 3987, Section 4.1).
	ErrInvalidLiteral = errors.New("character not allowed in a literal")

	// ErrBadPercent: a "%" that is not followed by two hexadecimal digits,
	// in a literal or a variable name (RFC 6570, Sections 2.1 and 2.3).
	ErrBadPercent = abnf.ErrBadPercent

	// ErrReservedOperator: an operator that RFC 6570, Section 2.2 reserves
	// for future extensions: "=", ",", "!", "@" or "|".
	ErrReservedOperator = errors.New("operator reserved for future extensions")

	// ErrInvalidVarname: a character that cannot begin or continue a
	// variable name, or follow a varspec (RFC 6570, Section 2.3:
	// varname = varchar *( ["."] varchar ), varchar = ALPHA / DIGIT / "_"
	// / pct-encoded).
	ErrInvalidVarname = errors.New("invalid variable name")

	// ErrInvalidPrefix: a prefix modifier whose length is not a positive
	// integer below 10000 written without a leading zero, or that is
	// followed by "*" (RFC 6570, Section 2.4.1).
	ErrInvalidPrefix = errors.New("invalid prefix length")

	// ErrPrefixComposite: a prefix modifier on a variable whose value is a
	// list or an associative array, found when expanding (RFC 6570, Section
	// 2.4.1: "not applicable to variables that have composite values").
	ErrPrefixComposite = errors.New("prefix modifier on a list or associative array")

	// ErrNotURI: the expansion is not an RFC 3986 URI-reference: a value
	// in a reserved or fragment expansion brings characters that no
	// encoding may change there (a second "#", a "[" in a path), or the
	// values put a ":" in the first segment of a relative reference. The
	// Error's Cause is the *uri.Error of the expansion.
	ErrNotURI = errors.New("expansion is not a URI-reference")

	// ErrNoMatch: the URI is not an expansion of the template that
	// matching can read (see [Template.Match]).
	ErrNoMatch = errors.New("URI does not match the template")
)

// The operations that an [Error] names in its Op field: reading a template
// (RFC 6570, Section 2), expanding it (Section 3) or matching a URI.
const (
	OpParse  = "parse"  // reading a template: [Parse]
	OpExpand = "expand" // expanding one: [Template.Expand] and [Expand]
	OpMatch  = "match"  // matching a URI: [Template.Match]
)

// Error describes a template that cannot be parsed or expanded, or a URI
// that does not match one. RFC 6570, Section 3 asks that a processor
// "indicate the location of the error": Offset is a byte index into Input.
//
// For OpParse, Input is the template and Input[:Offset] is the longest
// prefix of it that begins some valid template, so the byte at Offset is
// the first that cannot continue one; Offset == len(Input) when the template
// ends too early. For OpExpand, Input is the template and Offset is where
// the variable or the text at fault is written in it. For OpMatch, Input is
// the URI and Offset the byte of it at which matching failed.
//
// Err is one of the sentinels of this package; Unwrap returns it and the
// Cause, so [errors.Is] and [errors.As] work, with *uri.Error too.
type Error struct {
	Op     string // OpParse, OpExpand or OpMatch
	Input  string // the template, or for OpMatch the URI
	Offset int    // byte offset in Input
	Var    string // the variable concerned, or ""
	Err    error  // the reason: one of the Err... sentinels
	Cause  error  // for ErrNotURI, the *uri.Error of the expansion; else nil
}

// Error formats the error on one line:
//
//	template: expression not closed at offset 5 (end of input) of "{/id*"
//
// The Op comes after "template: " unless it is OpParse; the text depends
// only on the fields. A nil *Error gives "template: <nil>".
func (e *Error) Error() string {
	if e == nil {
		return "template: <nil>"
	}
	var b strings.Builder
	b.WriteString("template: ")
	if e.Op != "" && e.Op != OpParse {
		b.WriteString(e.Op)
		b.WriteString(": ")
	}
	if e.Err == nil {
		b.WriteString("error")
	} else {
		b.WriteString(e.Err.Error())
	}
	if e.Var != "" {
		b.WriteString(" (variable ")
		b.WriteString(strconv.Quote(e.Var))
		b.WriteString(")")
	}
	if e.Cause != nil {
		b.WriteString(" (")
		b.WriteString(e.Cause.Error())
		b.WriteString(")")
	}
	b.WriteString(" at offset ")
	b.WriteString(strconv.Itoa(e.Offset))
	if e.Offset == len(e.Input) {
		b.WriteString(" (end of input)")
	}
	b.WriteString(" of ")
	b.WriteString(errtext.QuoteAround(e.Input, e.Offset))
	return b.String()
}

// Unwrap returns the reason and, when there is one, the Cause, for
// [errors.Is] and [errors.As].
func (e *Error) Unwrap() []error {
	switch {
	case e == nil:
		return nil
	case e.Cause != nil:
		return []error{e.Err, e.Cause}
	}
	return []error{e.Err}
}
