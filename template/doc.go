// Package template implements URI Templates (RFC 6570): it expands a
// template with variables into a URI reference, and matches a URI against
// a template to read the variables back.
//
// # What is implemented
//
//   - RFC 6570, Section 2: the template syntax of all four levels, with
//     literals, the eight expression types, prefix (":n") and explode
//     ("*") modifiers ([Parse]). A template that does not follow the ABNF
//     is an error that gives the byte offset of the first byte that no
//     valid template has there, as Section 3 asks ("indicate the location
//     of the error"); operators reserved for future use are errors.
//   - RFC 6570, Section 3 and Appendix A: expansion of string, list and
//     associative-array values ([Value], [Values]) by simple (Section
//     3.2.2), reserved ("+", 3.2.3), fragment ("#", 3.2.4), label (".",
//     3.2.5), path segment ("/", 3.2.6), path-style parameter (";",
//     3.2.7), form-style query ("?", 3.2.8) and continuation ("&", 3.2.9)
//     expansion, with undefined variables skipped as Section 2.3 says
//     ([Template.Expand], [Template.AppendExpand], [Expand]).
//   - Matching, the reverse: the values that expand a template to a given
//     URI ([Template.Match]), in time linear in the URI's length.
//
// # Strict output
//
// Every expansion is an RFC 3986 URI-reference, returned as a uri.URI.
// Expansion pct-encodes what the operator does not allow, and literals
// outside US-ASCII; where that is not enough, because a reserved or
// fragment expansion brings a second "#" or a "[" into a path, or because
// the values put a ":" into the first segment of a relative reference, the
// result is an error ([ErrNotURI]), never a broken URI.
//
// # Matching
//
// A URI can be the expansion of a template for several sets of values:
// RFC 6570, Section 1.4 says that matching works well only where
// expressions are delimited by characters that cannot be part of their
// expansion. [Template.MatchURI] documents how the choice is made. The
// README, section "URI Templates", lists the cases where matching an
// expansion does not give back the values expanded.
//
// # Errors
//
// Every error is a *uri.Error, the module's one error value (this package
// has no Error type of its own), whose Err is one of the sentinels of this
// package ([ErrUnclosed], [ErrNoMatch], ...) or, for a URI that Match
// cannot read, of package uri. Op says what failed, and Offset where:
//
//   - uri.OpParse, from [Parse]: Input is the template, and Input[:Offset]
//     is the longest prefix of it that begins some valid template, so the
//     byte at Offset is the first that cannot continue one; Offset ==
//     len(Input) when the template ends too early ("{/id*" fails at 5).
//   - uri.OpExpand, from [Template.Expand] and [Expand]: Input is the
//     template, and Offset is where the variable or the literal at fault is
//     written in it, not a prefix rule (the template is valid; its values
//     are not). Name is the variable at fault. For [ErrNotURI], Cause is
//     the *uri.Error of the expansion, so that errors.As finds it and
//     errors.Is its reason.
//   - uri.OpMatch, from [Template.Match] and [Template.MatchURI]: Input is
//     the URI, and Offset the byte of it at which matching failed.
//
// The message reads "uri: expand x: prefix modifier on a list or
// associative array at offset 1 of "{x:3}"".
//
// # What this package does not do
//
// It does not apply a template's level: every template is read as level
// 4, which allows all the others. It does not normalize URIs before
// matching them (see uri.Normalize): literals match as expansion writes
// them, so "HTTP://EXAMPLE.COM/" does not match "http://example.com/".
package template
