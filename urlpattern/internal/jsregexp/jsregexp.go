// Package jsregexp translates ECMAScript regular expressions, read with
// the "v" flag (ES2024, 22.2, with UnicodeSetsMode), into programs of Go's
// regexp package (RE2) that match with the same meaning, or refuses them
// by name. It is the engine of package urlpattern, whose standard matches
// each component with an ECMAScript regular expression (URL Pattern
// Standard, section 2.2), kept behind one call, [Compile], so that the
// package sees source and flags go in and an RE2 program or a [Fault]
// come out.
//
// What ECMAScript rejects is a Fault of kind [Syntax]; what it accepts but
// RE2 cannot match with the same meaning is one of kind [Unsupported],
// whose Detail names the construct: look-arounds, back-references, the
// "m" modifier, properties of strings and those Go's unicode tables lack,
// classes that may hold strings, a capturing group inside a repetition of
// more than one iteration, a repetition of what can match the empty
// string in several ways, counts above 1000 and nesting deeper than 1000
// (RE2's limits). Package urlpattern's documentation lists the
// differences between the two engines and how each is handled; the
// comments of parse.go, class.go and re2.go say where.
//
// [ClassRunOf] reads an expression that is one class repeated (\d+,
// [a-z0-9]{2,8}) for a caller that matches it without RE2, and
// [IsIdentifierChar] is ECMAScript's rule for the names of groups, which
// URL patterns share.
package jsregexp

import (
	"regexp"
	"strconv"
	"strings"
)

// Flags are the flags of a regular expression besides "v", which is
// always on.
type Flags uint8

// IgnoreCase is the "i" flag: code points match when their simple case
// foldings are equal (ES2024, 22.2.2.7.3, Canonicalize).
const IgnoreCase Flags = 1 << iota

// A Span is the place in a source, from byte Start up to byte End, of an
// expression written apart from the rest and put into a group of the
// source by the caller, as URL patterns write the regular expression of
// each regexp group into the one expression of their component (URL
// Pattern Standard, section 2.2). [Compile] parses a span as a
// Disjunction of its own, as if the source ended at End, with the flags
// given and its nesting counted from its start, so that an error in it is
// found and reported as the expression alone gives it: "[a" is a class
// not closed at End, whatever the source holds after it. Group numbers,
// group names and back-references are those of the whole source. A span
// starts where the body of a group starts; spans come in order and do not
// overlap. A span that the parse does not meet there is ignored.
type Span struct{ Start, End int }

// Kind says why [Compile] refuses a source.
type Kind uint8

const (
	// Syntax: ECMAScript rejects the source (RegExpCreate throws a
	// SyntaxError).
	Syntax Kind = iota + 1
	// Unsupported: the source is valid, but RE2 cannot match it with the
	// same meaning.
	Unsupported
)

// A Fault is why [Compile] refuses a source.
type Fault struct {
	Kind Kind
	// Offset is the byte offset in the source of the construct at fault:
	// the first byte that no valid source has there for a Syntax fault
	// (the end of the source or of its span when the source ends too
	// early), the start of the construct for an Unsupported one, and 0
	// when Go's regexp package refuses the program, which names no place.
	Offset int
	// Detail names the construct or the rule in plain words.
	Detail string
}

// Error returns the detail and the offset, after "regular expression: "
// and the kind.
func (f *Fault) Error() string {
	kind := "invalid"
	if f.Kind == Unsupported {
		kind = "unsupported by RE2"
	}
	return "regular expression: " + kind + ": " + f.Detail + " at offset " + strconv.Itoa(f.Offset)
}

// Compile translates source, the text of an ECMAScript regular
// expression without its slashes (a Pattern), read with the "v" flag and
// flags, for Go's regexp package, and compiles it. Spans, which may be
// nil, are the parts of source that were written apart (see [Span]). It
// returns the program, which matches where the ECMAScript expression
// matches and gives the same captures, or a *[Fault] (as the error) and
// nil. On ASCII input, which is all a URL pattern meets, the two match
// alike; outside ASCII, "\b" knows RE2's word characters, without the
// U+017F and U+212A that ECMAScript adds with the "i" flag. Compile
// allocates the tree of the expression, its RE2 text and the program.
func Compile(source string, flags Flags, spans []Span) (*regexp.Regexp, error) {
	ctx := &reContext{ignoreCase: flags&IgnoreCase != 0}
	tree, f := ctx.parse(source, spans)
	if f == nil {
		f = ctx.unsupported
	}
	if f != nil {
		return nil, f
	}
	low, f := lower(tree)
	if f != nil {
		return nil, f
	}
	var b strings.Builder
	if f := writeRE2(&b, low); f != nil {
		return nil, f
	}
	re, err := regexp.Compile(b.String())
	if err != nil {
		return nil, &Fault{Kind: Unsupported, Detail: err.Error()}
	}
	return re, nil
}
