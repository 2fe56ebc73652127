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
//     URI ([Template.Match]), in time linear in the URI's length times the
//     template's size; the values it returns always expand back to the URI.
//   - For the programs around it: [ValuesOf] takes Go values (strings,
//     numbers, booleans, slices, maps), [ExpandOptions] leaves empty
//     strings out and refuses values that write dot segments, and
//     [MatchOptions] reads URIs as routers do (below).
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
// Values are strings, lists and associative arrays ([Assoc], whose pairs
// keep their order, the order of expansion); a missing variable, a list
// without items and an array without pairs are undefined and skipped, as
// Section 2.3 says. [Values] reads the JSON objects of the uritemplate-test
// suite (json.Unmarshal), keeping the order of an object's members; numbers
// and booleans become the strings of their JSON text.
//
// # Errors
//
// Expansion fails with [ErrNotURI] at the expression or literal that wrote
// the first bad byte: a reserved expansion ("{+x}", "{#x}") that brings a
// second "#" or a "[" into a path, values that put a ":" into the first
// segment of a relative reference ("{x}:{y}" with x = "1"), a port that is
// no number. A prefix modifier on a list or an array is
// [ErrPrefixComposite] (Section 2.4.1). A template that does not follow
// Section 2's ABNF is an error at the first byte that cannot continue a
// valid template: "{/id*" at 5 (the end), "{var:01}" at 5, "{x..y}" at 3,
// and each of the suite's negative tests has its offset pinned in the
// tests. Section 2.1's ABNF leaves "'" out of literals, but the RFC's
// examples write it ("'{var}'"), and so does the suite: it is allowed.
// Every error carries its offset and works with errors.Is against these
// sentinels and with errors.As.
//
// # Matching
//
// [Template.Match] reverses expansion: it returns the values for which the
// template expands to the URI, or [ErrNoMatch] with the offset of the URI
// at which matching failed. Values are pct-decoded (a "+" or "#" expansion
// keeps the triplets of reserved and unreserved characters, which it
// copies), and a decoded value never crosses its operator's boundary: in
// the path, a value of any expression but "+" and "#" holds no "/" and no
// "\" (a separator on Windows) and writes to no "." or ".." segment,
// "%2E" counting as "." and "%2F" and "%5C" as "/" ("/files/{name}" does
// not match "/files/..", "/files/a%2Fb" or "/files/..%5Cx", "/a/.{x}" not
// "/a/..", but "/f/{x}.txt" matches "/f/...txt" and "{;x}" matches
// ";x=.."), and a label ("{.x}") holds no ".". Values never navigate, on
// any system: a dot segment may come from the literals only. A query
// written as
// parameters ("{?q,lang}", "{&x}", "?a=1", "?q={q}") matches parameter by
// parameter, in any order; [MatchOptions].ExtraParams ignores the
// parameters that the template does not name ("utm_source=..."), and a
// parameter that the template names once and the URI twice is no match.
// Literals match as expansion writes them, but for the case of hex digits;
// normalize both sides first (uri.Normalize) to compare
// "HTTP://EXAMPLE.COM/" with "http://example.com/".
//
// A URI may be the expansion of a template for more than one set of
// values: RFC 6570, Section 1.4 says that matching works well only where
// expressions are delimited by characters that cannot be part of their
// expansion. Where they are not, the choice is made from left to right:
//
//   - adjacent expressions: each takes the longest text that lets the rest
//     of the template match, so "{name}.{ext}" reads "a.tar.gz" as "a.tar"
//     and "gz", and "{x}{y}" reads "ab" as "ab" and the empty string;
//   - several variables of one expression: each but the last takes as few
//     members as it can, so "{x,y}" reads "a,b,c" as "a" and the list
//     [b c], and "?{x,y}" reads "?768" as x = "768", though "?{undef,y}"
//     wrote it with y;
//   - undefined or empty: "{x}" and "{+x}" write nothing for both, and an
//     empty text matches as the empty string; the other operators tell them
//     apart ("{/x}" writes "/" for the empty string, "{?x}" writes "?x=");
//   - string, list or array: one member is a string, members joined with
//     "," a list, and "name=value" members of an exploded variable an
//     array; MatchOptions.Kinds reads them otherwise ("{x}" reads "a,b" as
//     the array {a: b} with Kinds{"x": KindAssoc}, "a" as the list [a] with
//     KindList), and an exploded variable of "?", "&" or ";" that Kinds
//     makes a string or a list takes only the pairs named by it
//     ("{&x*}{&y}" reads "&x=a&y=b" as x = "a", y = "b" with KindString for
//     x, and as the array x = {x: a, y: b} without);
//   - a prefix modifier ("{x:3}") takes at most that many code points (a
//     pct-encoded UTF-8 sequence is one), so "{x:2}{y}" reads "abc" as "ab"
//     and "c"; a length above 64 is checked after the split is chosen;
//   - a query that "{?...}" begins has its "?" only if that expression
//     wrote a parameter (or, with ExtraParams, the query has one of its
//     own): "/s{?x}{&y}" does not match "/s?y=1", since without x it writes
//     "/s&y=1";
//   - a variable that occurs more than once must take the same value at
//     each place, and the text of a prefix modifier must begin it; a
//     variable seen only through prefixes takes the longest.
//
// Beyond a plain matcher, which would return the text that each
// expression took, the engine behind Match buys two things: values,
// decoded by the rules of each operator, that always expand back to the
// URI, so that a value that crosses its operator's boundary or writes a
// dot segment is no match rather than a surprise; and, for a variable that
// occurs more than once ("/{x}/{y}/{x}"), one value that every occurrence
// writes, searched for where the first reading's occurrences disagree.
//
// Match returns only values that re-expand to the URI (see
// [Template.MatchURI] for what "re-expand" allows). The template is
// compiled, on its first match, into an automaton whose threads all
// advance together, a byte at a time (a Pike VM), which finds the reading
// that the rules above prefer in time linear in the URI's length (times the
// template's size). When the values of that reading do not re-expand to
// the URI (the occurrences of a variable disagree, or a value would write
// a dot segment), a backtracking search goes through the other readings in
// the same order, cutting a reading as soon as the occurrences read so far
// cannot agree and never trying twice the rest of the URI from the same
// point with the same values read: it takes at most 8 × (len(URI)+1) ×
// (size of the automaton) steps, or 2^18 for small inputs, so that its time
// stays linear in the URI times the template. A variable's value is read
// from the text of one of its occurrences (each in turn, and, for a
// reserved expansion of a list or an array, each reading of up to 12 of
// its "," and "=" as separators or as the members' own). Within these
// bounds it finds values whenever some exist; a template that repeats
// variables between ambiguous splits ("{x,y}{z}{x}" against a long list)
// may need more, and then Match fails with ErrNoMatch and a Detail that
// says the search reached its limit. A property test over random
// templates and values counts these apart from failures: 32 of 13,924
// expansions stop at the limit, and none fails otherwise. Tests count the
// steps on hostile inputs (ambiguous splits, queries of thousands of
// parameters, templates of thousands of expressions) and time them in the
// module's tier of checks of time (docs/testing.md).
//
// The limit is met by the simplest such template: "{x}{y}{x}" against
// "a" repeated n times has the values x = "a" repeated n/2 times (rounded
// down) and y = the rest, which Match finds up to n = 162; from n = 163
// on, it stops at its limit and fails with ErrNoMatch, whatever the
// budget of steps. The first reading takes all n bytes for x; the search
// then tries each shorter x, and for each of them every length of y, in
// the order of preference, before the one that leaves the second x the
// text of the first: about 8 × n² steps (80,264 for n = 100), against a
// limit that grows as n (8 × (n+1) × the size of the automaton, and at
// least 2^18). A third expression between them ("{x}{y}{z}{x}") stops at
// the limit already for n = 100. This is no fault of the search but of
// the question: a variable that must take the same text at two places,
// between expressions that may take any length, asks what a
// back-reference of a regular expression asks, which no matcher answers
// in linear time in general. Delimit the expressions with a literal that
// their values cannot hold, as RFC 6570, Section 1.4 advises:
// "{x}/{y}/{x}" reads 10,000 bytes on each side in 561,071 steps, linear
// in the URI.
//
// Linear in each is not cheap in both: a template of 2 KB against a URI of
// 8 KB may take a billion steps, seconds of a core. [MatchOptions].MaxSteps
// bounds the steps of one match, [DefaultMaxSteps] (4,194,304) when it is
// zero, and Match stops with [ErrBudget] before it would pass them, so
// that a server that matches templates or URIs it did not write spends
// milliseconds on each, not seconds.
//
// The budget bounds the automaton too. A template's automaton is built on
// its first match (and once for each variant that NonEmpty, PlusAsSpace
// or Kinds of an exploded named variable make), with up to about ten
// instructions for each byte of the template and twelve for each code
// point that a prefix modifier counts: 20 KB of "{a:64}" make 2,631,601
// instructions, which take 120 MB to build, and longer than the default
// budget's steps. Match counts them from the parsed template before it
// builds anything, at 16 steps an instruction, and refuses with
// ErrBudget, having built nothing, a template whose automaton the budget
// cannot pay for: with the default, one of more than 262,144
// instructions (2 KB of "{a:64}", or 30 KB of "{a}"). A template built by
// an earlier match with a larger budget is refused all the same, so that
// the answer does not depend on the order of the matches. The time and
// memory of one match, building included, are thus bounded by its budget
// for any template and any URI: under the default, tens of milliseconds
// of a core and tens of megabytes at most (28 MB for a template of 36 KB
// that the default just lets build; a test pins it).
//
// # Routers and clients
//
// The defaults are RFC 6570's, strict: a URI matches when it is an
// expansion of the template, and only then. Routers and clients often
// want something else, which the options say by name:
//
//   - MatchOptions.AllowEncodedSlash: "/projects/{id}" reads
//     "/projects/group%2Fproject" as id = "group/project" (by default a
//     value in the path holds no "/", nor a "\" that Windows reads as
//     one); a "." or ".." between its slashes stays refused.
//   - MatchOptions.NonEmpty: no value, list item or pair is empty, so that
//     "/users/{id}" does not match "/users/" (by default id = "").
//   - MatchOptions.PlusAsSpace: a "+" in a query value is a space, as
//     HTML forms write it (application/x-www-form-urlencoded); by default
//     "?q=a+b" is no expansion of "{?q}" at all, since expansion writes "+"
//     as "%2B" and a space as "%20" (RFC 6570, Section 3.2.8).
//   - MatchOptions.MaxSteps: the budget of steps of one match, the
//     building of the template's automaton included, whose default
//     refuses only templates of kilobytes or URIs of tens of kilobytes
//     (above); a negative value means no bound.
//   - ExpandOptions.OmitEmpty: an empty string is undefined, so that
//     "{?q,lang}" with q = "" writes "?lang=en" (by default "?q=&lang=en").
//   - ExpandOptions.RefuseDotSegments: a value that would write a "." or
//     ".." path segment is an error (ErrDotSegment), as Match refuses such
//     a URI: client and server agree that data never navigates.
//
// # Round trips
//
// Match(Expand(t, v)) gives v back, with Kinds giving the kinds of the
// values, except where the RFC's expansion loses what the values were; the
// suite's cases that do not round-trip are listed in the tests, each with
// its reason:
//
//   - a prefix modifier writes only the beginning of a value;
//   - an undefined variable and the empty string expand alike in "{x}" and
//     "{+x}";
//   - adjacent expressions, and several variables of one expression where
//     one before the last is undefined or composite;
//   - values that cross a boundary (a "/" in a path segment, a "." in a
//     label), which do not match at all;
//   - reserved expansions of composite values, whose members' "," and "="
//     are written unencoded, and of values holding triplets of characters
//     that the expansion would encode ("%20" in a value comes back as a
//     space);
//   - a reserved expansion before a query of parameters whose value holds
//     "?" or "#", and "{?x}{&y}" with x undefined, whose "&y=" lands in the
//     path.
//
// # Speed
//
// A parsed template expands with one allocation, the text of the result
// (for an expansion of up to 512 bytes; [Template.AppendExpand] into a
// buffer that is large enough allocates nothing), which a test pins.
// docs/performance.md in the module compares expansion with another
// implementation, with the command that measures it. The command
// "uri template" expands and matches from a shell
// (docs/command.md#template).
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
//   - [OpExpand], from [Template.Expand] and [Expand]: Input is the
//     template, and Offset is where the variable or the literal at fault is
//     written in it, not a prefix rule (the template is valid; its values
//     are not). Name is the variable at fault. For [ErrNotURI], Cause is
//     the *uri.Error of the expansion, so that errors.As finds it and
//     errors.Is its reason.
//   - [OpMatch], from [Template.Match] and [Template.MatchURI]: Input is
//     the URI, and Offset the byte of it at which matching failed. When
//     the URI would match but for a value that holds "%2F" or writes a
//     dot segment in the path, Detail says so, and names
//     MatchOptions.AllowEncodedSlash where it would allow the value:
//     "/files/{name}" against "/files/a%2Fb" fails with "a value would
//     hold "%2F", which MatchOptions.AllowEncodedSlash allows".
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
