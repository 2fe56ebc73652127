package guard

import "errors"

// The rules of the refusals of package github.com/gouri/uri/origin, which
// decides where a server may send a browser (a redirect's Location) and
// which sites may read its responses (an Origin header), by the URL
// Standard's reading. Its refusals are *Error values with these rules, and
// with RuleParse, RuleScheme and RuleUserinfo as above.
const (
	RuleCrossOrigin = "cross-origin" // an origin that is neither the current one nor in the allowlist
	RuleLocalPath   = "local-path"   // not a path-absolute reference: a relative path, a query, a URL, ...
)

// The sentinel errors of the rules above, for errors.Is.
var (
	ErrCrossOrigin = errors.New("origin not allowed")
	ErrLocalPath   = errors.New("not a path on this site")
)
