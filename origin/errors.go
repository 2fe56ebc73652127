package origin

import (
	"errors"

	"github.com/gouri/uri"
	"github.com/gouri/uri/guard"
	"github.com/gouri/uri/internal/errtext"
)

// The rules of this package's refusals that are its own, as the Rule of
// its *guard.Error names them; the others are guard's RuleParse,
// RuleScheme and RuleUserinfo. The spellings are stable: programs may
// match them, and the uri command prints them.
const (
	RuleCrossOrigin guard.Rule = "cross-origin" // an origin that is neither the current one nor in the allowlist
	RuleLocalPath   guard.Rule = "local-path"   // not a path-absolute reference: a relative path, a query, a URL, ...
)

// The sentinel errors of the rules above, the Err of their refusals, for
// errors.Is.
var (
	ErrCrossOrigin = errors.New("origin not allowed")
	ErrLocalPath   = errors.New("not a path on this site")
)

// sentinels gives each rule that this package applies its sentinel error.
var sentinels = map[guard.Rule]error{
	guard.RuleParse: guard.ErrParse, guard.RuleScheme: guard.ErrScheme, guard.RuleUserinfo: guard.ErrUserinfo,
	RuleCrossOrigin: ErrCrossOrigin, RuleLocalPath: ErrLocalPath,
}

// refuse returns the refusal of input by rule, at the byte offset off
// (uri.NoOffset for none), as the URL Standard reads it.
func refuse(rule guard.Rule, input string, off int, detail string) *guard.Error {
	return &guard.Error{Rule: rule, Reading: guard.ReadingWHATWG, Input: input, Offset: off, Err: sentinels[rule], Detail: detail}
}

// parseRefusal returns the RuleParse refusal of input, which the URL
// Standard's parser refused with err, its Cause: its Offset is err's when
// err is about input. detail, when not empty, says what input was.
func parseRefusal(input string, err error, detail string) *guard.Error {
	off := uri.NoOffset
	var ue *uri.Error
	if errors.As(err, &ue) && ue.Input == input {
		off = ue.Offset
	}
	if detail == "" {
		detail = "the URL Standard rejects it"
	}
	e := refuse(guard.RuleParse, input, off, detail)
	e.Cause = err
	return e
}

// ErrBadEntry is the Err of the *uri.Error of [NewAllowlist] for an entry
// that is neither an http or https origin nor "*." and a domain under a
// registrable domain. The error's Detail says what is wrong with it.
var ErrBadEntry = errors.New("invalid entry")

// badEntry returns the error of NewAllowlist for the entry e, at the byte
// offset off (uri.NoOffset for none), with the URL Standard's error as
// cause when it rejected the host or port.
func badEntry(e string, off int, detail string, cause error) *uri.Error {
	return &uri.Error{Op: uri.OpParse, Name: "allowlist", Input: e, Offset: off, Err: ErrBadEntry, Detail: detail, Cause: cause}
}

// quote quotes s, only its beginning when it is long.
func quote(s string) string { return errtext.QuoteHead(s) }
