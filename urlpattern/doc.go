// Package urlpattern implements the URL Pattern Standard
// (https://urlpattern.spec.whatwg.org/): patterns such as
// "https://*.example.com/books/:id" that match URLs component by
// component, the URLPattern of browsers, Deno, Node.js and Cloudflare
// Workers. URLs are read as the URL Standard reads them, by package
// github.com/gouri/uri/whatwg, on which the standard is defined.
//
// # What is implemented
//
// Section names are those of the URL Pattern Standard.
//
//   - "The URLPattern class" (1.2) and "High-level operations" (1.4): the
//     constructor from a pattern string ([Parse], [Resolve] with a base
//     URL, [MustParse]) and from its components ([New], with an [Init]
//     whose members tell absent from empty, [Opt]); the ignoreCase option
//     ([Options]); test and exec on a URL string ([Pattern.Test],
//     [Pattern.Exec]), with a base ([Pattern.TestResolved],
//     [Pattern.ExecResolved]), on a URL already parsed ([Pattern.TestURL],
//     [Pattern.ExecURL], which do not parse it again) and on components
//     ([Pattern.TestInit], [Pattern.ExecInit]); the component getters
//     ([Pattern.Protocol] to [Pattern.Hash]) and hasRegExpGroups
//     ([Pattern.HasRegExpGroups]).
//   - The result of exec (1.5, "create a component match result"): for
//     each component its input and its groups, in the order of the
//     pattern, a group that did not take part in the match (undefined in
//     JavaScript) told apart from one that matched the empty string
//     ([Result], [ComponentResult], [Group]).
//   - "Constructor string parsing" (1.6), "Parsing pattern strings" (2.1:
//     the tokenizer, with group names of ECMAScript's IdentifierStart and
//     IdentifierPart, that is the Unicode properties ID_Start and
//     ID_Continue with "$", U+200C and U+200D), "Converting part lists to
//     regular expressions" (2.2) and "to pattern strings" (2.3).
//   - "Canonicalization" (3): each encoding callback runs the URL
//     Standard's basic URL parser with the state override it names, through
//     package whatwg (hostnames through IDNA, IPv6 addresses, ports with
//     their scheme's default, paths with dot segments, percent-encoding),
//     and "process a URLPatternInit" with its base URL rules.
//   - compareComponent ([CompareComponent]) and generate
//     ([Pattern.Generate]), which web-platform-tests tests although the
//     standard does not define them. Generate is the reverse of a match:
//     it refuses values whose text the component would match back to
//     other values ([ErrAmbiguous]), so that matching what it writes gives
//     each group the value given, canonicalized.
//   - A compiled list of patterns for routing ([List]), which finds the
//     most specific pattern that matches a URL ([Compare]) without
//     matching each, or a path alone ([List.MatchPathname]), whose groups
//     [Pattern.ExecComponent] gives; package
//     github.com/gouri/uri/route routes HTTP requests with it.
//
// All 369 rows of web-platform-tests' urlpatterntestdata.json pass, the
// four of the "v" flag's class set operations included, and the 25 of
// compareComponent and the 19 of generate (the vectors in
// testdata/conformance/wpt-urlpattern). The standard is followed as of
// June 2026, with whatwg/urlpattern pull request 286: "canonicalize a
// port" without a protocol has no default port.
//
// # Matching without regular expressions
//
// The standard matches each component with an ECMAScript regular
// expression built from its parts, and allows an implementation to match
// the parts directly. This package does so where the parts allow: fixed
// text, named groups ":id", the wildcard "*" and groups of one class
// repeated such as "(\d+)", without modifiers, where each group ends at
// a place that only one split of the input gives (before the delimiter
// that follows it, or before the fixed text that ends the component).
// Such a component matches in one pass and allocates nothing; the
// results are those of the regular expression, which a fuzz test checks.
//
// # Regular expressions
//
// Any other component is matched by its regular expression, with the "v"
// flag ("vi" with ignoreCase), written for Go's regexp package (RE2) so
// that it means the same on every input a pattern meets. Where RE2 cannot
// give ECMAScript's meaning, the pattern is refused with
// [ErrRegexpUnsupported], whose Detail names the construct; it is never
// matched with another meaning. Random regular expressions are checked
// against V8's RegExp (urlpattern/internal/jsregexp/testdata/README.md).
//
// The regular expressions are parsed as ECMAScript parses them with the
// "v" flag, so that what ECMAScript rejects is an error
// ([ErrRegexpSyntax]): "\m", a lone "{", "[a-]" or "[^/]" (with the "v"
// flag "-" and "/" must be escaped in a class), a reference to a group
// that does not exist, an unknown property. Every character class is
// computed as a set of code points: nested classes, complements, the set
// operations "--" and "&&", \q{...} of single code points, \d, \s, \w
// and \p{...}; with ignoreCase, each set is closed under simple case
// folding, which is what ECMAScript's Canonicalize compares by, so that
// RE2 runs without flags. What differs between the two, and how it is
// handled:
//
//   - "." matches any code point but the line terminators LF, CR, U+2028
//     and U+2029; RE2's "." stops only at LF. "[^]" matches any.
//   - \s is ECMAScript's WhiteSpace and LineTerminator, with VT, NBSP and
//     the Space_Separator code points, which RE2's \s lacks. \d and \w
//     are ASCII, and \w with ignoreCase also holds U+017F and U+212A,
//     whose foldings are "s" and "k".
//   - "^" and "$" are the start and end of the input, as in RE2 without
//     flags. The modifiers "(?i:...)" and "(?s:...)" are supported;
//     "(?m:...)", which would make them lines, is refused.
//   - \p{...} takes the names ECMAScript takes: General_Category values,
//     long or short (\p{L}, \p{Letter}, \p{gc=Lu}), scripts by their long
//     names (\p{sc=Greek}), and the binary properties that Go's unicode
//     tables hold or that DerivedCoreProperties.txt derives from them
//     (Alphabetic, ID_Start, White_Space, ...). Script_Extensions, the
//     four-letter script codes, the emoji properties and the properties of
//     strings are refused. Go's tables are those of Unicode 15.0.0.
//   - A named group (?<name>...) is a plain group, numbered as ECMAScript
//     numbers it, so that a component's groups take their values by
//     number, as the standard says, named groups included. A name may
//     repeat only in another alternative (ES2025).
//   - A repetition of an expression that can match the empty string:
//     ECMAScript rejects an empty iteration beyond the minimum and tries
//     the next way of matching the operand; RE2 takes it. "(.*)?" is
//     written "(.+)?", and X* as (?:X')* where X' is X without its empty
//     match, when X' tries the other matches in X's order; any other such
//     repetition is refused.
//   - ECMAScript clears the groups inside a repeated group at each
//     iteration; RE2 keeps their last values. A capturing group inside a
//     repetition of more than one iteration is refused.
//
// Refused besides: look-ahead (?=...) (?!...), look-behind (?<=...)
// (?<!...), back-references \1 and \k<name>, counts above 1000 where RE2
// runs (its limit), groups or classes nested deeper than 1000, and more
// than 16 groups of one name. Every string a pattern is matched against
// is ASCII, since the URL Standard serializes every component so: on
// ASCII input, RE2's "\b" and the case folding of fixed text are
// ECMAScript's.
//
// # Errors
//
// A pattern the standard rejects (its constructor throws a TypeError) is a
// *uri.Error with Op uri.OpParse, Input the pattern string (for [New],
// the text of the component at fault), Offset the byte offset in it of the
// first byte that no valid pattern has there (len(Input) when the pattern
// ends too early), Component the component of RFC 3986 that the pattern
// component matches, and Err one of this package's sentinels:
// [ErrRelative], [ErrBaseURL], [ErrInvalidName], [ErrInvalidEscape],
// [ErrInvalidGroup], [ErrUnexpected], [ErrDuplicateName], [ErrCanonical],
// [ErrRegexpSyntax] or [ErrRegexpUnsupported]. A URL that does not parse,
// given to Test or Exec, does not match, as exec returns null.
// [Pattern.Generate] fails with Op uri.OpBuild and [ErrGenerate] or
// [ErrAmbiguous].
//
// # What this package does not do
//
// It does not expose the regular expressions, nor the inputs member of
// the standard's result (the caller has them). It has no counterpart of
// the Web IDL overloads that throw for argument lists the Go functions
// cannot be given (an Init together with a base URL string). It does not
// implement the integration of section 4 (patterns from JSON, HTTP
// headers, the environment's base URL): a caller passes the base URL to
// [Resolve] or in [Init]. Patterns are matched against URLs as the URL
// Standard parses them, not against RFC 3986 references.
//
// # Before version 1
//
// The API may still change, and this section says how when it does. The
// base URL now comes first, as in every package of the module
// (uri.Resolve(base, ref)), under new names so that a call written for
// the old order does not compile: ParseRef(pattern, base, opts) became
// [Resolve](base, pattern, opts), Pattern.TestRef(input, base) became
// [Pattern.TestResolved](base, ref), and Pattern.ExecRef(input, base)
// became [Pattern.ExecResolved](base, ref).
package urlpattern
