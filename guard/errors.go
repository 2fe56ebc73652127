package guard

import (
	"errors"
	"github.com/gouri/uri/internal/errtext"
)

// The rules, as [Error.Rule] names them. The names are stable: programs
// may match them, and the uri command prints them.
const (
	RuleParse     = "parse"     // the URL Standard or net/url rejects the URL, or net/http would not dial it
	RuleScheme    = "scheme"    // a scheme the policy does not allow
	RuleUserinfo  = "userinfo"  // a user name or password, in any reading
	RuleDisagree  = "disagree"  // the readings disagree on the scheme, userinfo, host or port, or net/http dials another host
	RuleLocalhost = "localhost" // "localhost" or a name under it (RFC 6761, Section 6.3)
	RuleAddress   = "address"   // an address in a special-purpose range, or the empty host
	RulePort      = "port"      // a port the policy does not allow
	RuleResolve   = "resolve"   // a name that does not resolve (Policy.Resolve)
	RuleRedirect  = "redirect"  // too many redirects
)

// The sentinel errors, one per rule: an *Error's Err, for errors.Is.
var (
	ErrParse     = errors.New("not a URL that net/http and the URL Standard both accept")
	ErrScheme    = errors.New("scheme not allowed")
	ErrUserinfo  = errors.New("userinfo not allowed")
	ErrDisagree  = errors.New("the readings disagree")
	ErrLocalhost = errors.New("a name of this host")
	ErrAddress   = errors.New("special-purpose address")
	ErrPort      = errors.New("port not allowed")
	ErrResolve   = errors.New("name does not resolve")
	ErrRedirect  = errors.New("too many redirects")
)

// Readings and stages, as [Error.Reading] names them.
const (
	ReadingRFC3986 = "rfc3986" // strict RFC 3986 (readings.RFC3986)
	ReadingWHATWG  = "whatwg"  // the URL Standard (readings.WHATWG)
	ReadingNetURL  = "neturl"  // net/url (readings.NetURL)
	ReadingDial    = "dial"    // the host:port net/http would dial for the URL, before DNS
	ReadingConnect = "connect" // the address a connection was about to reach, after DNS
	ReadingResolve = "resolve" // an address the resolver gave for the name (Policy.Resolve)
)

// Error is a refusal: which rule, which reading, and why, in plain words.
// Unwrap returns Err, one of the sentinels above, so errors.Is and
// errors.As work, also through the *url.Error of an http.Client.
type Error struct {
	Rule    string // a Rule* constant
	Reading string // "rfc3986", "whatwg", "neturl", "dial", "connect", "resolve", or "" when it concerns no one reading
	Input   string // the URL; for the connect check, the address dialed
	Offset  int    // byte offset in Input of the fault, or -1 when the rule has no position
	Err     error  // the sentinel of the rule
	Detail  string // what was refused, in plain words
}

// Error returns "guard: refused INPUT: RULE: DETAIL", with the input
// quoted as Go quotes strings and cut after 256 bytes.
func (e *Error) Error() string {
	return "guard: refused " + quote(e.Input) + ": " + e.Rule + ": " + e.Detail
}

// Unwrap returns e.Err.
func (e *Error) Unwrap() error { return e.Err }

// sentinels gives each rule its sentinel error.
var sentinels = map[string]error{
	RuleParse: ErrParse, RuleScheme: ErrScheme, RuleUserinfo: ErrUserinfo, RuleDisagree: ErrDisagree,
	RuleLocalhost: ErrLocalhost, RuleAddress: ErrAddress, RulePort: ErrPort, RuleResolve: ErrResolve,
	RuleRedirect: ErrRedirect,
}

// refuse returns the *Error of rule for input.
func refuse(rule, reading, input, detail string) *Error {
	return &Error{Rule: rule, Reading: reading, Input: input, Offset: -1, Err: sentinels[rule], Detail: detail}
}

// quote quotes s, only its beginning and "..." when it is long.
func quote(s string) string { return errtext.QuoteHead(s) }
