package origin

import (
	"errors"

	"github.com/gouri/uri/guard"
	"github.com/gouri/uri/internal/errtext"
	"github.com/gouri/uri/whatwg"
)

// sentinels gives each rule of this package its sentinel error.
var sentinels = map[string]error{
	guard.RuleParse: guard.ErrParse, guard.RuleScheme: guard.ErrScheme, guard.RuleUserinfo: guard.ErrUserinfo,
	guard.RuleCrossOrigin: guard.ErrCrossOrigin, guard.RuleLocalPath: guard.ErrLocalPath,
}

// refuse returns the refusal of input by rule, at the byte offset off (-1
// for none), as the URL Standard reads it.
func refuse(rule, input string, off int, detail string) *guard.Error {
	return &guard.Error{Rule: rule, Reading: guard.ReadingWHATWG, Input: input, Offset: off, Err: sentinels[rule], Detail: detail}
}

// parseRefusal returns the RuleParse refusal of input, which the URL
// Standard's parser refused with err: its Err wraps both guard.ErrParse
// and err, and its Offset is err's when err is about input. detail, when
// not empty, comes before err's message.
func parseRefusal(input string, err error, detail string) *guard.Error {
	off := -1
	var we *whatwg.Error
	if errors.As(err, &we) && we.Input == input {
		off = we.Offset
	}
	if detail != "" {
		detail += ": "
	}
	e := refuse(guard.RuleParse, input, off, detail+err.Error())
	e.Err = &parseError{err}
	return e
}

// parseError is the Err of a RuleParse refusal: guard.ErrParse, and the
// parser's error beside it, so that errors.Is finds the one and errors.As
// the other.
type parseError struct{ cause error }

func (e *parseError) Error() string   { return guard.ErrParse.Error() }
func (e *parseError) Unwrap() []error { return []error{guard.ErrParse, e.cause} }

// quote quotes s, only its beginning when it is long.
func quote(s string) string { return errtext.QuoteHead(s) }
