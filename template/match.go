package template

import (
	"math"
	"strconv"
	"strings"

	"github.com/gouri/uri"
	"github.com/gouri/uri/internal/abnf"
	"github.com/gouri/uri/template/internal/expr"
	"github.com/gouri/uri/template/internal/match"
)

// MatchOptions changes how [Template.Match] reads a URI where RFC 6570,
// Section 1.4 leaves the reading open. The zero value, and a nil
// *MatchOptions, are the defaults.
type MatchOptions struct {
	// ExtraParams lets the query of the URI hold parameters that the
	// template does not name; they are ignored. By default such a
	// parameter means no match.
	ExtraParams bool

	// Kinds gives the kind of value to read for a variable, where the text
	// alone cannot tell: "a,b" in "{x}" is the list [a b] by default, and
	// the associative array {a: b} with Kinds{"x": KindAssoc}; "a" in
	// "{x}" is a string by default, and the list [a] with KindList. An
	// exploded variable of "?", "&" or ";" that Kinds makes a string or a
	// list takes only the pairs named by it. A variable that Kinds does
	// not name is read by the rules of [Template.Match].
	Kinds map[string]Kind

	// AllowEncodedSlash lets a value in the path hold a pct-encoded "/"
	// ("%2F") or "\" ("%5C", a separator on Windows), which are refused
	// by default: "/projects/{id}/issues" then matches
	// "/projects/group%2Fproject/issues" with id = "group/project", as
	// services that name a project by its path ask. A "." or ".." between
	// the slashes of such a value stays refused, as a path segment of one
	// would be ("group%2F..%2Fx" and "..%5Cx" do not match).
	AllowEncodedSlash bool

	// NonEmpty refuses a reading in which a value, a list item, or the name
	// or value of a pair is the empty string: "/users/{id}" does not match
	// "/users/", nor "{?q}" "?q=". An undefined variable is no value and
	// stays allowed, but "{x}" and "{+x}" write nothing for it as for the
	// empty string, so an empty text there is refused.
	NonEmpty bool

	// PlusAsSpace reads a "+" in the values of the query as a space, as
	// form decoding does (application/x-www-form-urlencoded), for the
	// expressions other than "+" and "#" whose text is in the query:
	// "/s{?q}" matches "/s?q=a+b" with q = "a b". RFC 6570 writes a space
	// as "%20" and reads "+" as itself, which is the default; with this
	// option the values re-expand to the URI but for "%20" in place of "+".
	PlusAsSpace bool

	// MaxSteps bounds the work of one match, for a server that matches
	// URIs, or templates, that it did not write. Match counts steps as it
	// works (an instruction of the template's automaton at a byte of the
	// URI, a look at a query parameter, a step of the search for values
	// that agree) and stops with ErrBudget before work that could take the
	// count past MaxSteps: before each byte of the automaton's pass over
	// the URI, before the parameters of the query are looked at, and at
	// each step of a search (checking the values of one reading may then
	// take the count past MaxSteps by a few steps per byte of the URI).
	// The error comes before the time is spent, not after. Zero means
	// DefaultMaxSteps; a negative value means no bound.
	//
	// Building the template's automaton, which the first match does (and
	// the first with each option that changes it), counts too: 16 steps
	// for each of its instructions, which Match counts from the parsed
	// template before it builds anything. When MaxSteps cannot pay for
	// them, Match refuses with ErrBudget at once, whether or not an
	// earlier match built the automaton, and its Detail gives the count;
	// so the memory of a match, like its time, grows with MaxSteps and not
	// with the template (see the package documentation, section Matching).
	//
	// Matching takes up to a few times len(URI) × the size of the
	// template's automaton, which has up to about ten instructions for
	// each byte of the template and twelve for each code point that a
	// prefix modifier counts. Against a URI of 8 KB, the route
	// "/repos/{owner}/{repo}/contents/{+path}{?ref}" takes 131,004 steps,
	// one of eight adjacent expressions ("/s/{a}{b}{c}{d}{e}{f}{g}{h}/x")
	// 2.5 million, and a template of 2 KB ("{a}{.a}{a}...") 350 million,
	// or, with prefix modifiers ("{a:64}{a:64}..."), a billion: seconds of
	// a core. The default refuses the last before it builds its automaton
	// of 263,161 instructions.
	MaxSteps int
}

// DefaultMaxSteps is the budget of [MatchOptions].MaxSteps when it is zero,
// and of a nil *MatchOptions: 4,194,304 steps, about 15 ms of a core for
// a template of ordinary size (a step takes longer in the automaton of a
// template of many kilobytes). It lets routes of some hundred bytes match
// URIs of 8 KB, and refuses the templates of kilobytes, or the URIs of
// tens of kilobytes, whose matching would take seconds, and, before it is
// built, an automaton of more than 262,144 instructions.
const DefaultMaxSteps = 1 << 22

// maxSteps returns the budget of steps of a match: MaxSteps, or
// DefaultMaxSteps for zero, or math.MaxInt for no bound.
func (o *MatchOptions) maxSteps() int {
	switch {
	case o == nil || o.MaxSteps == 0:
		return DefaultMaxSteps
	case o.MaxSteps < 0:
		return math.MaxInt
	}
	return o.MaxSteps
}

// Match reads s as a URI-reference and, when it is an expansion of the
// template, returns the values that the expansion took: the reverse of
// [Template.Expand] (RFC 6570, Section 1.4). It returns a *uri.Error when
// s is not a URI-reference (Op uri.OpParse), one with Op [OpMatch],
// Err ErrNoMatch and the Offset in s at which matching failed when it does
// not match (with a Detail that names the reason when it is a value that
// would hold "%2F" or "%5C" or write a dot segment, see the package
// documentation, section Errors), and one with Op [OpMatch], Err
// ErrBudget and Offset uri.NoOffset when matching, or building the
// template's automaton, would take more steps than
// [MatchOptions].MaxSteps allows. See [Template.MatchURI] for the rules.
func (t *Template) Match(s string, opts *MatchOptions) (Values, error) {
	u, err := uri.Parse(s)
	if err != nil {
		return nil, err
	}
	return t.MatchURI(u, opts)
}

// MatchURI returns the values of the variables for which the template
// expands to u, the reverse of expansion (RFC 6570, Section 1.4), or a
// *uri.Error with Op [OpMatch], ErrNoMatch and the offset in u at which
// matching failed.
//
// The values it returns always re-expand to u: [Template.Expand] of them
// gives u byte for byte, but for the case of the hex digits of triplets
// (RFC 3986, Section 2.1), the order of the parameters of a query that
// matches parameter by parameter, and two readings that expansion never
// writes: a triplet of an unreserved character in u ("%41"), which
// re-expands as the character (Section 2.3, as uri.Normalize writes it),
// and, with MatchOptions.PlusAsSpace, a "+" in a query value, which
// re-expands as "%20". When u is an expansion of the template, Match finds
// values, within these rules: values never cross their operator's
// boundary (in the path, a value of any expression but "+" and "#" holds
// no "/" and writes to no "." or ".." segment; a label holds no "."), and
// a query parameter named twice where the template names it once is no
// match. The search for values is bounded (see the package documentation,
// section Matching): on a template that repeats variables between
// ambiguous splits it may stop before it finds them, and then the error's
// Detail says so.
//
// A query of parameters matches in any order. Where u could be split in
// several ways, each expression, from left to right, takes the longest
// text that lets the rest match, and each variable of an expression but
// its last the fewest members. The package documentation, sections
// Matching and Round trips, gives the rules in full. Matching takes time
// linear in the length of u times the size of the template, and stops
// with ErrBudget (Offset uri.NoOffset) before it takes more steps than
// [MatchOptions].MaxSteps allows, building the template's automaton on
// the first match included. It allocates the values, and buffers that
// grow with the template and with u; the first match with given options
// allocates the automaton, which the template keeps.
func (t *Template) MatchURI(u uri.URI, opts *MatchOptions) (Values, error) {
	vals, _, err := t.match(u, opts)
	return vals, err
}

// match is MatchURI, which also returns the steps that matching counted.
func (t *Template) match(u uri.URI, opts *MatchOptions) (Values, int, error) {
	res := t.m.Match(u, opts.engine())
	switch {
	case res.Matched:
		return values(res.Values, t.names), res.Steps, nil
	case res.Spent && res.Insts > 0:
		return nil, res.Steps, &uri.Error{Op: OpMatch, Input: u.String(), Offset: uri.NoOffset, Err: ErrBudget,
			Detail: strconv.Itoa(opts.maxSteps()) + " steps, fewer than the " + strconv.Itoa(res.Insts*match.StepsPerInst) +
				" that building the template's automaton of " + strconv.Itoa(res.Insts) + " instructions counts; raise MatchOptions.MaxSteps"}
	case res.Spent:
		return nil, res.Steps, &uri.Error{Op: OpMatch, Input: u.String(), Offset: uri.NoOffset, Err: ErrBudget,
			Detail: strconv.Itoa(opts.maxSteps()) + " steps; raise MatchOptions.MaxSteps"}
	}
	e := &uri.Error{Op: OpMatch, Input: u.String(), Offset: res.Offset, Err: ErrNoMatch}
	steps := res.Steps
	if res.Limited {
		e.Detail = "the search for values that re-expand to the URI reached its limit"
	} else {
		e.Detail, steps = t.whyNot(u, opts, steps)
	}
	return nil, steps, e
}

// whyNot tells why u, which did not match, does not, when the reason is a
// value that the rules refuse in the path: it matches u again with values
// allowed to hold a "/" or "\" written "%2F" or "%5C", to write a dot
// segment, or both, as u's path has them, within the steps that opts
// leaves after spent. It returns the Detail for the error ("" when none of
// them is the reason) and the steps spent in all.
func (t *Template) whyNot(u uri.URI, opts *MatchOptions, spent int) (string, int) {
	path := u.Path()
	lower := abnf.LowerString(path)
	enc := "%2F"
	if !strings.Contains(lower, "%2f") {
		enc = "%5C"
	}
	slash := (opts == nil || !opts.AllowEncodedSlash) && strings.Contains(lower, strings.ToLower(enc))
	dots := len(expr.DotSegments(nil, path, 0)) > 0
	const dotsWhy = `a value would write a "." or ".." segment`
	slashWhy := `a value would hold "` + enc + `", which MatchOptions.AllowEncodedSlash allows`
	bothWhy := `a value would hold "` + enc + `" and write a "." or ".." segment; MatchOptions.AllowEncodedSlash allows only the first`
	e := opts.engine()
	for _, try := range []struct {
		on          bool
		slash, dots bool
		why         string
	}{
		{slash, true, false, slashWhy},
		{dots, e.EncodedSlash, true, dotsWhy},
		{slash && dots, true, true, bothWhy},
	} {
		if !try.on || e.MaxSteps-spent <= 0 {
			continue
		}
		o := e
		o.EncodedSlash, o.Dots, o.MaxSteps = try.slash, try.dots, e.MaxSteps-spent
		res := t.m.Match(u, o)
		spent += res.Steps
		if res.Matched {
			return try.why, spent
		}
	}
	return "", spent
}

// engine returns the options of the matching engine for o.
func (o *MatchOptions) engine() match.Options {
	e := match.Options{MaxSteps: o.maxSteps()}
	if o != nil {
		e.ExtraParams, e.EncodedSlash, e.NonEmpty, e.PlusAsSpace = o.ExtraParams, o.AllowEncodedSlash, o.NonEmpty, o.PlusAsSpace
		if len(o.Kinds) > 0 {
			e.Kinds = kinds(o.Kinds)
		}
	}
	return e
}

// kinds is MatchOptions.Kinds as the engine reads it.
type kinds map[string]Kind

func (k kinds) Kind(name string) match.Kind { return match.Kind(k[name]) }

// values returns the defined values of vals, the engine's, by name.
func values(vals []match.Value, names []string) Values {
	out := Values{}
	for i := range vals {
		v := &vals[i]
		if v.Defined() {
			out[names[i]] = Value{kind: Kind(v.Kind()), s: v.Str(), items: v.Items(), pairs: pairs(v.Pairs())}
		}
	}
	return out
}

// pairs returns the engine's pairs as the pairs of a Value.
func pairs(ps []match.Pair) []Pair {
	if ps == nil {
		return nil
	}
	out := make([]Pair, len(ps))
	for i, p := range ps {
		out[i] = Pair(p)
	}
	return out
}
