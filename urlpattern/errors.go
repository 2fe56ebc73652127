package urlpattern

import (
	"errors"

	"github.com/gouri/uri"
)

// Sentinel reasons carried in the Err field of the [*uri.Error] that the
// constructors return: the standard throws a TypeError for each. Test for
// them with [errors.Is].
var (
	// ErrRelative: a pattern string without a protocol, given without a
	// base URL (section 1.4, create, step 2.2).
	ErrRelative = errors.New("relative pattern without a base URL")

	// ErrBaseURL: the base URL, given beside a pattern string or as the
	// BaseURL of an Init, is not a URL (section 3.2, process a
	// URLPatternInit, step 11.2). Detail gives the URL Standard's reason.
	ErrBaseURL = errors.New("base URL is not a URL")

	// ErrInvalidName: ":" not followed by a name: a name starts with a code
	// point of ID_Start, "$" or "_" and goes on with ID_Continue, "$",
	// U+200C or U+200D (section 2.1.2, tokenize; ECMAScript
	// IdentifierName).
	ErrInvalidName = errors.New(`":" not followed by a name`)

	// ErrInvalidEscape: a "\" at the end of the pattern, with nothing to
	// escape (section 2.1.2, tokenize).
	ErrInvalidEscape = errors.New(`"\" at the end`)

	// ErrInvalidGroup: a regular expression group "(...)" that the
	// tokenizer refuses (section 2.1.2): not closed, empty, starting with
	// "?", holding a code point outside ASCII, or holding a "(" that is not
	// followed by "?" (a capturing group).
	ErrInvalidGroup = errors.New("invalid regular expression group")

	// ErrUnexpected: a token where the pattern syntax has none (section
	// 2.1.5, consume a required token): a "{" not closed by "}", a "}" or
	// a modifier with nothing to close or modify, a "{" inside "{...}".
	ErrUnexpected = errors.New("unexpected token")

	// ErrDuplicateName: two groups of a component have the same name
	// (section 2.1.5, is a duplicate name).
	ErrDuplicateName = errors.New("duplicate group name")

	// ErrCanonical: fixed text of a component that the URL Standard's
	// parser rejects for that component (section 3.1, encoding
	// callbacks): a hostname with a forbidden code point, a port that is
	// not a number, a protocol that is not a scheme. Detail gives the URL
	// Standard's reason.
	ErrCanonical = errors.New("text is not valid in the component")

	// ErrRegexpSyntax: a regular expression group that is not a valid
	// ECMAScript regular expression with the "v" flag (section 1.5,
	// compile a component, step 6: RegExpCreate throws).
	ErrRegexpSyntax = errors.New("invalid regular expression")

	// ErrRegexpUnsupported: a valid ECMAScript regular expression that Go's
	// RE2 engine cannot match with the same meaning: look-ahead,
	// look-behind, back-references, the "m" modifier, properties of strings
	// and those Go's unicode tables lack, a capturing group inside a
	// repetition or a repetition of what can match the empty string whose
	// meaning differs between the two, or counts and nesting beyond RE2's
	// limits (see the package documentation). Detail names the construct.
	ErrRegexpUnsupported = errors.New("regular expression that RE2 cannot express")

	// ErrGenerate: [Pattern.Generate] cannot write the component from the
	// groups given: a regular expression group, a wildcard or a modifier
	// in the component, a group without a value, or a value that the group
	// cannot match.
	ErrGenerate = errors.New("cannot generate the component")

	// ErrAmbiguous: the text that [Pattern.Generate] would write does not
	// match back to the values given: a group would come back with
	// another value, or not at all ("/:a-:b" with a = "x-y" and b = "z"
	// would write "/x-y-z", which matches as a = "x" and b = "y-z"), or a
	// URL would hold the text otherwise (a pathname value ".."). Detail
	// names the group.
	ErrAmbiguous = errors.New("generated text would not match back to its values")
)

// patternError returns the *uri.Error of a malformed pattern: input is the
// text at fault (the pattern string or a component's text), off the byte
// offset in it.
func patternError(input string, off int, c Component, err error, detail string) error {
	return &uri.Error{Op: uri.OpParse, Input: input, Offset: off, Component: c.uriComponent(), Err: err, Detail: detail}
}
