// Package match is the engine behind package template's Template.Match:
// it reads back the values for which a URI Template expands to a URI (RFC
// 6570, Section 1.4). Its one entry point is [Matcher.Match].
//
// A plain matcher would compile the template to an automaton and return
// the text that each expression took. This one returns values, and only
// values that expand back to the URI: it decodes the text of each
// variable by its operator's rules, refuses a value that crosses its
// operator's boundary or writes a dot segment, and writes each value
// again to check it. A variable that occurs more than once must take one
// value that writes the text of every occurrence; where the first
// reading's occurrences disagree, a search goes through the other
// readings in the order of preference, cut short where the occurrences
// read so far cannot agree and where the rest of the URI failed before.
// A query written as parameters matches them in any order.
//
// The automaton runs as a Pike VM, its threads in step over the bytes of
// the URI, in time linear in the URI's length times the template's size;
// the search has a budget proportional to the same, and the caller's
// budget of steps (Options.MaxSteps) bounds the whole. The file of each
// part says how it works: compile.go, vm.go and pike.go the automaton,
// query.go the query, reading.go the strategies and the budget,
// verify.go, decode.go, reserved.go and dots.go the values, search.go and
// texthash.go the search.
package match

import (
	"sync"

	"github.com/gouri/uri/template/internal/expr"
)

// A Matcher matches URIs against one template. Set Parts and Names, as
// expr.Parse returns them, before the first call of Match and do not
// change them after; the automata are compiled on the first Match that
// needs each. A Matcher is safe for concurrent use and must not be copied
// after its first use.
type Matcher struct {
	Parts []expr.Part
	Names []string

	once  sync.Once
	plain *compiled // compiled on the first Match without a variant
	// plainSize is the size of plain's automata, counted before they are
	// built (sizeOnce).
	sizeOnce  sync.Once
	plainSize int
	// variants holds the automata compiled for the options that change
	// them, by the key of namedKinds.
	variants sync.Map
}

// Options are the options of package template's MatchOptions, as the
// engine reads them.
type Options struct {
	ExtraParams  bool // the query may hold parameters that the template does not name
	EncodedSlash bool // a value in the path may hold "%2F"
	NonEmpty     bool // no value, item or pair is empty
	PlusAsSpace  bool // a "+" in a query value is a space
	// Kinds gives the kind of value to read for a variable, where the
	// text cannot tell; nil when no variable has one.
	Kinds interface{ Kind(name string) Kind }
	// MaxSteps is the most steps the match may take, above 0.
	MaxSteps int
	// Dots lets values write to a dot segment of the path, which no
	// option of package template allows: only to tell why a match failed.
	Dots bool
}

// kind returns the kind that o gives the variable name, or Undefined.
func (o *Options) kind(name string) Kind {
	if o.Kinds == nil {
		return Undefined
	}
	return o.Kinds.Kind(name)
}

// Result is the outcome of Match.
type Result struct {
	Matched bool
	// Values are the values of the variables, in the order of Names, when
	// the URI matches; an undefined variable has the zero Value.
	Values []Value
	// Offset is the byte of the URI at which matching failed, when it does
	// not match and did not stop at the budget of steps (Spent). Limited
	// reports that the search for values that agree stopped at its own
	// limit, so that values may exist that it did not find.
	Offset  int
	Spent   bool
	Limited bool
	// Insts, when Spent is set before any step, is the number of
	// instructions of the automata that Options.MaxSteps could not pay
	// to build (see StepsPerInst); 0 otherwise.
	Insts int
	// Steps are the steps that the match counted, for the tests of
	// linearity and of the budget.
	Steps int
}

// Kind is the kind of a variable's value (RFC 6570, Section 2.3), as
// package template numbers its Kind.
type Kind uint8

// The kinds of value.
const (
	Undefined Kind = iota
	KindString
	KindList
	KindAssoc
)

// Pair is a member of an associative array.
type Pair struct{ Key, Value string }

// Value is the value of a variable that matching read: a string, a list or
// an associative array (RFC 6570, Section 2.3).
type Value struct {
	kind  Kind
	s     string
	items []string
	pairs []Pair
}

// stringValue returns the string value s.
func stringValue(s string) Value { return Value{kind: KindString, s: s} }

// Kind returns the value's kind.
func (v Value) Kind() Kind { return v.kind }

// Str returns the string of a string value.
func (v Value) Str() string { return v.s }

// Items returns the items of a list.
func (v Value) Items() []string { return v.items }

// Pairs returns the pairs of an associative array.
func (v Value) Pairs() []Pair { return v.pairs }

// Defined reports whether expansion writes the value: a string, or a list
// or an array with a member (RFC 6570, Section 2.3). Matching makes a list
// without pairs and an array without items.
func (v Value) Defined() bool {
	return v.kind == KindString || len(v.items) > 0 || len(v.pairs) > 0
}
