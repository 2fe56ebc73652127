package guard

import (
	"errors"
	"net/netip"
	"strconv"

	"github.com/gouri/uri"
	"github.com/gouri/uri/internal/errtext"
	"github.com/gouri/uri/readings"
)

// Rule names the rule of a policy that refused a URL, as [Error.Rule]
// holds it. The spellings are stable: programs may match them, and the
// uri command prints them. This package declares the rules that it
// applies, below; a package that refuses with an *Error for rules of its
// own declares them as Rule constants of its own (package origin's
// RuleCrossOrigin and RuleLocalPath), beside those of these that it
// applies too.
type Rule string

// The rules of a [Policy].
const (
	RuleParse     Rule = "parse"     // the URL Standard or net/url rejects the URL, or net/http would not dial it
	RuleScheme    Rule = "scheme"    // a scheme the policy does not allow
	RuleUserinfo  Rule = "userinfo"  // a user name or password, in any reading
	RuleDisagree  Rule = "disagree"  // the readings disagree on the scheme, userinfo, host or port (or path and query, for OnlyURLs), or net/http dials another host
	RuleLocalhost Rule = "localhost" // "localhost" or a name under it (RFC 6761, Section 6.3)
	RuleMetadata  Rule = "metadata"  // the name of a cloud metadata service ("metadata.google.internal"); its addresses are rule address
	RuleAddress   Rule = "address"   // an address in a special-purpose range, the empty host, or no address (the zero netip.Addr)
	RulePort      Rule = "port"      // a port the policy does not allow
	RuleAllowlist Rule = "allowlist" // a URL that the policy's allowlist (OnlyHosts, OnlyURLs) does not hold
	RuleResolve   Rule = "resolve"   // a name that does not resolve (Policy.Lookup)
	RuleRedirect  Rule = "redirect"  // too many redirects
)

// The sentinel errors, one per rule: an *Error's Err, for errors.Is.
var (
	ErrParse     = errors.New("not a URL that net/http and the URL Standard both accept")
	ErrScheme    = errors.New("scheme not allowed")
	ErrUserinfo  = errors.New("userinfo not allowed")
	ErrDisagree  = errors.New("the readings disagree")
	ErrLocalhost = errors.New("a name of this host")
	ErrMetadata  = errors.New("a name of a cloud metadata service")
	ErrAddress   = errors.New("special-purpose address")
	ErrPort      = errors.New("port not allowed")
	ErrAllowlist = errors.New("not in the allowlist")
	ErrResolve   = errors.New("name does not resolve")
	ErrRedirect  = errors.New("too many redirects")
)

// Reading names what a refusal concerns, as [Error.Reading] holds it: one
// of the three readings of a URL that package readings compares (its
// Parser values, by their names), or a stage of the check that comes after
// them. [Reading.Parser] gives the Parser of a reading.
type Reading string

// The readings and stages.
const (
	ReadingRFC3986 Reading = "rfc3986" // strict RFC 3986 (readings.RFC3986)
	ReadingWHATWG  Reading = "whatwg"  // the URL Standard (readings.WHATWG)
	ReadingNetURL  Reading = "neturl"  // net/url (readings.NetURL)
	ReadingDial    Reading = "dial"    // the host:port net/http would dial for the URL, before DNS
	ReadingConnect Reading = "connect" // the address a connection was about to reach, after DNS
	ReadingResolve Reading = "resolve" // an address the resolver gave for the name (Policy.Lookup)
)

// parserReadings are the Readings of the parsers of package readings, by
// their Parser.
var parserReadings = [...]Reading{readings.RFC3986: ReadingRFC3986, readings.WHATWG: ReadingWHATWG, readings.NetURL: ReadingNetURL}

// readingOf returns the Reading of the parser p of package readings.
func readingOf(p readings.Parser) Reading {
	if int(p) < len(parserReadings) {
		return parserReadings[p]
	}
	return ""
}

// Parser returns the parser of package readings whose reading r names, and
// true; false for a stage of the check (ReadingDial, ReadingConnect,
// ReadingResolve) and for "". It allocates nothing.
func (r Reading) Parser() (readings.Parser, bool) {
	for p, pr := range parserReadings {
		if pr == r {
			return readings.Parser(p), true
		}
	}
	return 0, false
}

// Error is a refusal: which rule, which reading, and why, in plain words.
// It is the module's one error type besides uri.Error: a refusal is a
// decision of the policy, not a fault of the text, and names a rule where
// a *uri.Error names an operation. Where a refusal comes from a parse
// failure (RuleParse), Cause is the parser's error: the *uri.Error of the
// URL Standard's parser, or net/url's *url.Error. Unwrap returns Err, one
// of the sentinels above, and Cause, so errors.Is and errors.As work, for
// the *uri.Error of the cause too, also through the *url.Error of an
// http.Client.
//
// Offset follows the convention of uri.Error: a byte offset in Input, by
// the same rule (the URL Standard's offset, for its parse failures), or
// uri.NoOffset when the rule has no position in the text (a scheme, a
// host or an address that the policy refuses as a whole).
type Error struct {
	Rule    Rule    // a Rule constant of this package, or of the package that refused (origin's)
	Reading Reading // a Reading constant, or "" when it concerns no one reading
	Input   string  // the URL; for the connect check, the address dialed
	Offset  int     // byte offset in Input of the fault, or uri.NoOffset when the rule has no position
	Err     error   // the sentinel of the rule
	Detail  string  // what was refused, in plain words
	Cause   error   // the parser's error, for RuleParse, or nil
	// Addrs are the addresses that the name resolved to, unmapped, in the
	// resolver's order, for a refusal of Policy.Lookup after its lookup
	// (reading "resolve", rule "address"), the refused one among them;
	// nil otherwise.
	Addrs []netip.Addr
}

// Error returns "guard: refused INPUT: " and [Error.Reason], with the
// input quoted as Go quotes strings and shortened around the offset when
// it is long, as uri.Error quotes its input:
//
//	guard: refused "http://localhost/": localhost: "localhost" always names this host (RFC 6761, Section 6.3)
//	guard: refused "http://[::1%25lo]/": parse: the URL Standard rejects it: IPv6-invalid-code-point ("%" (U+0025) is neither a hex digit nor ":" in the IPv6 address) at offset 11
//
// The input comes first, where uri.Error writes it last: a refusal is of
// the URL as a whole. The text depends only on the fields; a nil *Error
// gives "guard: <nil>".
func (e *Error) Error() string {
	if e == nil {
		return "guard: <nil>"
	}
	return "guard: refused " + errtext.QuoteAround(e.Input, e.Offset) + ": " + e.Reason()
}

// Reason returns the message of [Error.Error] without its "guard: refused"
// and the quoted input: the rule, what was refused, the cause, and the
// offset ("localhost: ..." above), as uri.Error.Reason does, so that a
// program that shows the input its own way edits no text. A cause that is
// a *uri.Error about the same input gives its reason, which names the
// offset; another cause gives its message. A nil *Error gives "<nil>".
func (e *Error) Reason() string {
	if e == nil {
		return "<nil>"
	}
	s := string(e.Rule) + ": " + e.Detail
	if ue, ok := e.Cause.(*uri.Error); ok && ue != nil && ue.Input == e.Input {
		return s + ": " + ue.Reason()
	} else if e.Cause != nil {
		s += ": " + e.Cause.Error()
	}
	if e.Offset != uri.NoOffset {
		s += " at offset " + strconv.Itoa(e.Offset)
	}
	return s
}

// Unwrap returns Err and Cause, those that are not nil; nil for a nil
// *Error.
func (e *Error) Unwrap() []error {
	switch {
	case e == nil || e.Err == nil && e.Cause == nil:
		return nil
	case e.Cause == nil:
		return []error{e.Err}
	case e.Err == nil:
		return []error{e.Cause}
	}
	return []error{e.Err, e.Cause}
}

// sentinels gives each rule its sentinel error.
var sentinels = map[Rule]error{
	RuleParse: ErrParse, RuleScheme: ErrScheme, RuleUserinfo: ErrUserinfo, RuleDisagree: ErrDisagree,
	RuleLocalhost: ErrLocalhost, RuleMetadata: ErrMetadata, RuleAddress: ErrAddress, RulePort: ErrPort, RuleAllowlist: ErrAllowlist, RuleResolve: ErrResolve,
	RuleRedirect: ErrRedirect,
}

// refuse returns the *Error of rule for input.
func refuse(rule Rule, reading Reading, input, detail string) *Error {
	return &Error{Rule: rule, Reading: reading, Input: input, Offset: uri.NoOffset, Err: sentinels[rule], Detail: detail}
}

// quote quotes s, only its beginning and "..." when it is long.
func quote(s string) string { return errtext.QuoteHead(s) }
