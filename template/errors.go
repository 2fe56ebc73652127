package template

import (
	"errors"

	"github.com/gouri/uri"
	"github.com/gouri/uri/internal/abnf"
	"github.com/gouri/uri/template/internal/expr"
)

// The operations of this package, as the Op of its *uri.Error names them
// (see the package documentation, section Errors). Reading a template is
// the root's uri.OpParse: parsing is parsing, whatever the grammar.
const (
	// OpExpand: expanding a template (RFC 6570, Section 3) in
	// [Template.Expand], [Expand] and [ValuesOf]. Input is the template
	// (the value's name, for ValuesOf), Name the variable at fault.
	OpExpand uri.Op = "expand"

	// OpMatch: matching a URI against a template in [Template.Match] and
	// [Template.MatchURI]. Input is the URI.
	OpMatch uri.Op = "match"
)

// Sentinel reasons carried in the Err field of the *uri.Error that the
// package returns (see the package documentation, section Errors). Test
// for them with [errors.Is].
var (
	// ErrUnclosed: the template ends inside an expression, before its "}"
	// (RFC 6570, Section 2.2: expression = "{" [ operator ] variable-list "}").
	ErrUnclosed = expr.ErrUnclosed

	// ErrInvalidLiteral: a character that RFC 6570, Section 2.1 does not
	// allow outside an expression: a control character, a space, `"`,
	// "<", ">", "\", "^", "`", "|", a "}" that closes nothing, or bytes that
	// are not UTF-8. Bidirectional formatting characters are refused too,
	// as in IRIs (RFC 3987, Section 4.1).
	ErrInvalidLiteral = expr.ErrInvalidLiteral

	// ErrBadPercent: a "%" that is not followed by two hexadecimal digits,
	// in a literal or a variable name (RFC 6570, Sections 2.1 and 2.3).
	ErrBadPercent = abnf.ErrBadPercent

	// ErrReservedOperator: an operator that RFC 6570, Section 2.2 reserves
	// for future extensions: "=", ",", "!", "@" or "|".
	ErrReservedOperator = expr.ErrReservedOperator

	// ErrInvalidVarname: a character that cannot begin or continue a
	// variable name, or follow a varspec (RFC 6570, Section 2.3:
	// varname = varchar *( ["."] varchar ), varchar = ALPHA / DIGIT / "_"
	// / pct-encoded).
	ErrInvalidVarname = expr.ErrInvalidVarname

	// ErrInvalidPrefix: a prefix modifier whose length is not a positive
	// integer below 10000 written without a leading zero, or that is
	// followed by "*" (RFC 6570, Section 2.4.1).
	ErrInvalidPrefix = expr.ErrInvalidPrefix

	// ErrPrefixComposite: a prefix modifier on a variable whose value is a
	// list or an associative array, found when expanding (RFC 6570, Section
	// 2.4.1: "not applicable to variables that have composite values").
	ErrPrefixComposite = errors.New("prefix modifier on a list or associative array")

	// ErrNotURI: the expansion is not an RFC 3986 URI-reference: a value
	// in a reserved or fragment expansion brings characters that no
	// encoding may change there (a second "#", a "[" in a path), or the
	// values put a ":" in the first segment of a relative reference. The
	// error's Cause is the *uri.Error of the expansion.
	ErrNotURI = errors.New("expansion is not a URI-reference")

	// ErrDotSegment: with ExpandOptions.RefuseDotSegments, a value writes
	// to a path segment that is "." or ".." (RFC 3986, Section 5.2.4).
	ErrDotSegment = errors.New("a value writes a dot segment")

	// ErrValueType: [ValuesOf] was given a value that is no string,
	// number, boolean, list or map of them (Detail names its Go type).
	ErrValueType = errors.New("value of a type that no variable may have")

	// ErrNoMatch: the URI is not an expansion of the template that
	// matching can read (see [Template.Match]).
	ErrNoMatch = errors.New("URI does not match the template")

	// ErrBudget: matching stopped before it took more steps than
	// [MatchOptions].MaxSteps allows (DefaultMaxSteps when it is zero);
	// the URI may match or not. Detail gives the budget; a larger
	// MaxSteps, or a negative one for no bound, raises it.
	ErrBudget = errors.New("work budget spent")
)
