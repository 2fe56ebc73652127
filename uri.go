// Package uri parses, recomposes and inspects URI references exactly as
// RFC 3986 (STD 66) defines them.
//
// # What is implemented
//
//   - RFC 3986, Section 3 and Appendix A: the syntax components (scheme,
//     authority with userinfo, host and port, path, query, fragment), checked
//     against every ABNF rule, including all nine IPv6address forms, IPvFuture,
//     IPv4address with strict dec-octets, the five path forms and
//     pct-encoded. See [Parse].
//   - RFC 3986, Sections 4.1 to 4.3: the start rules URI-reference ([Parse]),
//     URI ([ParseURI]), relative-ref ([ParseRelativeRef]) and absolute-URI
//     ([ParseAbsoluteURI]).
//   - RFC 3986, Section 5.2: resolving a reference against a base URI, with
//     remove_dot_segments ([URI.Resolve], [Resolve], and [AppendResolve],
//     which appends to a buffer without allocating), the non-strict mode it
//     allows for backward compatibility ([URI.ResolveNonStrict]), and the
//     inverse, the shortest reference from a base to a URI
//     ([URI.Relativize]).
//   - RFC 3986, Section 5.3: recomposition. [URI.String] returns the parsed
//     input byte for byte, and [Components.URI] builds a reference from
//     separate components so that it parses back to the same components.
//     The With methods ([URI.WithScheme], [URI.WithHost], [URI.WithPath], ... and
//     [URI.WithoutQuery], ...) change one component, checked against its
//     rule of Section 3, and keep the rest as written.
//   - RFC 3986, Section 2: percent-encoding and decoding that knows the
//     component ([Escape], [Unescape], [UnescapeUTF8]), including the
//     application/x-www-form-urlencoded variant ([EscapeForm]); query and path
//     helpers that decode as they iterate ([URI.QueryPairs],
//     [URI.PathSegments], [URI.JoinPath]); and conversion to and from
//     net/url ([FromURL], [URI.URL]).
//   - RFC 3987: IRIs, in their own type [IRI] ([ParseIRI]), mapped to URIs
//     and back for display ([IRI.ToURI], [URI.ToIRI]).
//   - RFC 6874 (IPv6 zone identifiers in IP literals), on request only:
//     [ParseRFC6874].
//   - RFC 6454, Section 4: the origin of a URI, the scheme, host and port
//     that a user agent treats as one security principal ([URI.Origin]).
//   - RFC 9112, Sections 3.2 and 3.3, and RFC 9110, Section 7.2: the
//     request-target of an HTTP/1.1 request in its four forms
//     ([ParseTarget]), the Host field ([ParseHost]), and the target URI
//     that a server rebuilds from them ([Target.URI]); and whether a path
//     lies under a prefix, segment by segment ([HasPathPrefix]), for
//     proxies and routers. This package does not import net/http: package
//     github.com/gouri/uri/httptarget reads a received *http.Request with
//     them.
//   - RFC 3986, Section 6: normalization and comparison, syntax-based and
//     scheme-based, with IPv6 addresses in RFC 5952 text ([URI.Normalize],
//     [URI.NormalizeWith], [AppendNormalize], [NormalizePath] for a path
//     alone, [Equivalent]), schemes
//     compared as Section 3.1 says ([URI.SchemeIs]) and their default ports
//     ([URI.DefaultPort]); the numeric host forms of Section
//     7.4 ([AmbiguousIPv4]); and internationalized host names through the
//     UTS #46 lookup profile ([HostToASCII], [HostToUnicode],
//     [CheckHomograph]).
//   - Text written under other grammars, mapped onto a URI with a report of
//     every edit ([Components.Encode]): package
//     github.com/gouri/uri/legacy reads the older grammars (RFC 1738, 1808,
//     1945 and 2068, 2396 and 2732, 2616) into values of its own and
//     upgrades them with it.
//
// # Strictness
//
// The default API is strict: input that the ABNF rejects is an error, with
// the byte offset, the component and a reason (see [Error]). Nothing is
// silently repaired: no trimming of spaces, no guessing at backslashes, no
// decoding. Absent and empty components are different things: in
// "http://@h:/p?#" the userinfo, port, query and fragment are present and
// empty, while "http://h/p" has none of them.
//
// # Errors
//
// Every error about text that the module reads or builds is an *[Error]:
// this package's, and those of packages legacy, whatwg, template and
// canon, which have no error type of their own (before version 1, whatwg,
// template and canon had one each; they are gone, with their Op
// constants). Its fields say what failed (Op, one of the Op constants: one
// vocabulary for the module, and Name), where (Input, Offset by one rule or
// [NoOffset], Component) and why (Err, a sentinel of the package that
// returned it, for errors.Is; Detail; and Cause, the error underneath).
// [Error.Reason] is its message without the "uri: " prefix and the quoted
// input, for programs that show the input their own way. Package guard's
// refusals are the one other error type: a policy's decision, not a fault
// of the text; a parse failure inside one is an *Error in its Cause.
//
// # Values
//
// A [URI] is a small immutable value: the text it was parsed from plus the
// offsets of its components. Accessors return substrings of that text; they
// never allocate, decode or change case. Every URI value is an RFC 3986
// URI-reference: see the invariant in its documentation. Text that is not,
// an IRI or a URL of an older grammar, has a type of its own.
//
//   - Hosts keep the brackets of an IP literal: [URI.Host] is "[::1]",
//     [URI.Hostname] is "::1", and [URI.HostKind] says reg-name, IPv4, IPv6
//     or IPvFuture. Text such as "127.1" or "1.2.3.256" is a reg-name, as
//     the grammar says.
//   - IPv6 zone identifiers ("[fe80::1%25eth0]") are not part of RFC 3986.
//     [Parse] rejects them; [ParseRFC6874] accepts them on request, and
//     [URI.Zone] returns the zone.
//   - Every URI value holds a valid RFC 3986 URI-reference: Parse(u.String())
//     gives back the same components, for every value any function or
//     method returns (a fuzz target checks each of them). The one exception
//     is a URI from ParseRFC6874, whose host may carry a zone.
//   - [Components] holds the parts as separate strings for building or
//     editing a reference. [Components.URI] never produces text that parses
//     back differently: a relative path like "a:b" is written "./a:b" (RFC
//     3986, Section 4.2), and anything the grammar forbids is an error.
//     [Components.Encode] is the lenient form: it percent-encodes what RFC
//     3986 does not allow and lists each [Change].
//   - [URI.Redacted] hides a password for logs; [URI.RequestURI] gives the
//     HTTP origin-form target. A URI implements encoding.TextMarshaler,
//     TextAppender, TextUnmarshaler, BinaryMarshaler and BinaryUnmarshaler.
//
// # Editing
//
// A URI is immutable; each With method returns a new one with one
// component replaced, checked against that component's grammar (an *[Error]
// otherwise), and the text spliced without a round trip through Components.
// [URI.WithScheme], [URI.WithUserinfo], [URI.WithHost], [URI.WithPort],
// [URI.WithPath], [URI.WithQuery] and [URI.WithFragment] set a component
// from text already percent-encoded (a space is an error); [URI.WithUser],
// [URI.WithPassword], [URI.WithHostText], [URI.WithSegments],
// [URI.WithQueryText] and [URI.WithFragmentText] take text as a user types
// it and encode it for the component (WithFragmentText("section 2") gives
// "#section%202", a user name with "@" is data, WithHostText("bücher.de")
// gives the IDNA name "xn--bcher-kva.de"). Every editor keeps the URI
// invariant (its text parses to exactly its components) and allocates its
// new text once (IDNA conversion allocates more). [URI.WithoutScheme],
// [URI.WithoutAuthority], [URI.WithoutUserinfo], [URI.WithoutPort],
// [URI.WithoutQuery] and [URI.WithoutFragment] remove one, adding the "./"
// or "/." that a path then needs to keep its meaning (Section 4.2).
//
// [URI.SchemeIs]("javascript") compares without regard to case, as Section
// 3.1 says (a blocklist written with Scheme() == "javascript" lets
// "JavaScript:" through); [URI.HostPort] is the host with its port, as
// net/url's Host field; [URI.DefaultPort] comes from the scheme table;
// [URI.Origin] gives the RFC 6454 origin (scheme, host, port) of the
// schemes that have one. For hot loops, [AppendResolve] and
// [AppendNormalize] append to a caller's buffer, in the manner of
// strconv.AppendInt, and allocate nothing when it has room.
//
// # With methods
//
// Each With method checks its argument against the rule of its component (RFC
// 3986, Section 3) and against what the rest of the reference allows, and
// returns the zero URI and an *[Error] with Op [OpBuild] otherwise. The
// error's Input is the argument, with Offset at its first byte outside the
// rule; or, when the argument is valid but the reference cannot take it,
// the reference's own text, with Offset at the part in the way.
//
//   - [URI.WithScheme] writes the scheme as given (case kept); "" is
//     [ErrMissingScheme]. A relative path that had "./" in front of a first
//     segment with ":" keeps it.
//   - [URI.WithUserinfo] and [URI.WithPort] need an authority
//     ([ErrNoAuthority] otherwise): add a host first. An empty userinfo or
//     port is present and empty ("http://@h/", "http://h:/"). The port is
//     written as given: leading zeros and values above 65535 are valid
//     syntax, which [URI.PortNumber] checks.
//   - [URI.WithHost] takes a host as [URI.Host] returns it, an IP literal in
//     brackets; a bare IPv6 address ("::1", as Hostname and net/netip write
//     it) gets its brackets, since a ":" can appear in no other host.
//     "example.com:80" is an error at its ":" (the port goes to WithPort).
//     The empty host is valid ("file:///x"). A reference without an
//     authority gets one, "//" and the host, before its path ("/p" becomes
//     "//h/p", "mailto:" becomes "mailto://h"), so a rootless path such as
//     "mailto:a@b" cannot take a host ([ErrPathWithAuthority]). The host
//     kind is that of the new host: "127.1" stays a reg-name. Zones (RFC
//     6874) are refused, as Parse refuses them.
//   - [URI.WithPath] takes one text: a "/" in it separates segments and
//     "%2F" is a "/" inside one (to build a path from decoded segments, use
//     WithSegments or JoinPath). Dot segments are kept. With an authority
//     the path must be empty or begin with "/"; without one, a path that
//     begins with "//" gets "/." in front ("/.//x"); without a scheme and an
//     authority, a first segment with ":" gets "./" in front ("./a:b"), the
//     prefixes of Components.URI, which keep the meaning (Section 5.2.4) but
//     make Path() of the result differ from the argument.
//   - [URI.WithQuery] and [URI.WithFragment] add the "?" or "#" if there
//     was none; an empty one is present and empty ("http://h/p?"), and
//     WithoutQuery or WithoutFragment removes it.
//   - The Text methods fail only with [ErrTooLong] (and, for WithUser and
//     WithPassword, [ErrNoAuthority]; for WithSegments, [ErrDotSegment];
//     WithHostText with the errors of WithHost and of IDNA conversion).
//     WithUser keeps the password as written and WithPassword the user
//     name; WithQueryText encodes with [EscapeQuery], so "&" and "=" stay
//     delimiters (use [URI.WithQueryValue] for one pair).
//
// # Resolution
//
// [Resolve] implements RFC 3986, Section 5.2 to the letter: the strict
// algorithm of Section 5.2.2, merge (5.2.3) and remove_dot_segments (5.2.4),
// recomposed as Section 5.3 says. All of the RFC's examples in Sections
// 5.4.1 and 5.4.2 are in the tests, and a step-by-step transcription of the
// algorithm checks the fast code on hundreds of thousands of generated
// pairs.
//
//   - The base must have a scheme (Section 5.1); Resolve returns an *[Error]
//     with [ErrMissingScheme] otherwise. The base's fragment is ignored.
//   - Components are copied as written: absent and empty stay distinct ("?"
//     gives an empty query, "" keeps the base's), nothing is decoded, and
//     "%2E" is not a dot.
//   - When the reference's path is empty, the base's path is copied as it
//     is, dot segments included, as the algorithm says.
//   - A rootless base is resolved as the algorithm says too: "../c" against
//     "foo:a/b" gives "foo:/c" (some libraries answer "foo:c").
//   - The method [URI.Resolve] also takes a base without a scheme, which
//     Section 5.1 does not allow: the algorithm then runs with Base.scheme
//     undefined, and the result is a relative reference unless the
//     reference has a scheme, with "./" in front of a first segment that
//     contains ":" (Section 4.2). For a network-path or absolute-path base
//     without dot segments ("//h/a/b", "/a/b"), resolving that result
//     against any URI S gives what resolving the reference against
//     S.Resolve(base) gives; against a relative base, ".." segments that
//     climb above its first segment are lost.
//   - A result without an authority whose path would begin with "//" is
//     written with "/." in front ("a:" + ".///b" is "a:/.//b"), so that it
//     parses back to the same components.
//   - [URI.ResolveNonStrict] is the legacy mode that Section 5.2.2 allows
//     for backward compatibility: "http:g" against an http base is read as
//     "g".
//   - [URI.Relativize] is the inverse: the shortest reference that resolves
//     against the base to the target ("g", "../g", "?y", "#s",
//     "//host/path", or the target itself), compared as written, so
//     base.Resolve(ref) == target for every target without dot segments.
//   - Resolution allocates once, for the result's text, and not at all when
//     the result is the reference itself or the base without its fragment.
//     Its work is linear in the input, even for a hundred thousand "../"
//     segments.
//
// # Normalization
//
// RFC 3986, Section 6.2 compares references on a ladder of normalizations.
// [Equal] is the first rung, simple string comparison (Section 6.2.1).
// [URI.Normalize] applies the next two, syntax-based (Section 6.2.2) and
// scheme-based normalization (Section 6.2.3), and writes IPv6 addresses in
// their RFC 5952 text; [Equivalent] compares the results.
// [URI.NormalizeWith] applies exactly the steps asked for ([SyntaxBased],
// [DefaultNormalization], or single flags of [Normalization]); the crawler
// steps ([CrawlerNormalization]) change what a reference means to a server:
// use them to find probable duplicates, never to rewrite links.
// [NormalizePath] normalizes a path alone, as a server does before routing.
// A reference that is already normal comes back as it is, without
// allocating; otherwise the new text is the only allocation. The ladder
// finds no false positives, but any rung may miss an equivalence: two names
// for one host are not found equal. Protocol-based normalization (Section
// 6.2.4) is out of scope, and Equivalent compares what it is given, without
// resolving it first (Section 6.1). docs/normalization.md in the module
// gives every step in detail.
//
// # Hosts
//
//   - [URI.HostAddr] gives the netip.Addr of an IPv4 or IPv6 host.
//   - [AmbiguousIPv4] is a security check. RFC 3986 reads "0x7f.1",
//     "0177.0.0.1", "2130706433" and "127.1" as reg-names, but inet_aton,
//     many HTTP clients and browsers connect to them as 127.0.0.1 (Section
//     7.4). A filter that blocks private addresses by their dotted-decimal
//     text, or allows hosts by name, is bypassed by them; AmbiguousIPv4
//     says whether a host would be read as an address, and which.
//   - [HostToASCII] turns an internationalized name, percent-encoded as in
//     a URI or raw as in an IRI, into the A-labels to look up in the DNS
//     (UTS #46 lookup profile, golang.org/x/net/idna); [HostToUnicode] gives
//     the form for people, and [CheckHomograph] reports labels that mix
//     scripts or imitate a Latin name (such as "pаypal" with a Cyrillic
//     "а").
//
// x/net/idna takes its Unicode tables and its UTS #46 algorithm from the Go
// release the module is built with: Unicode 15.0 with the algorithm of
// before Unicode 16 up to Go 1.26, Unicode 17.0 from Go 1.27 on. Built with
// Go 1.26, code points whose IDNA status changed since (the Georgian
// capitals U+10A0 to U+10C5, U+1E9E, fillers such as U+115F and U+180E, new
// CJK ideographs) are read as Unicode 15.0 says; package whatwg's
// documentation lists the conformance cases this affects.
//
// # Percent-encoding
//
// [Escape](s, c) encodes s for one place in a reference; [Unescape](s, c)
// decodes, strictly: a "%" without two hex digits is an *[Error] with its
// offset. [UnescapeUTF8] also requires the result to be UTF-8. Both return
// their input without allocating when there is nothing to change. What each
// [EscapeComponent] leaves literal (everything else becomes %HH, UTF-8
// octets, upper-case hex):
//
//   - [EscapeUserinfo] (userinfo, Section 3.2.1): unreserved, sub-delims;
//     ":" is encoded, since it separates user and password.
//   - [EscapeHost] (reg-name, 3.2.2): unreserved, sub-delims.
//   - [EscapePathSegment] (segment, 3.3): unreserved, sub-delims, ":", "@";
//     "/" is encoded.
//   - [EscapePath] (path, 3.3): the same and "/".
//   - [EscapeQuery] (query, 3.4): pchar, "/", "?".
//   - [EscapeQueryKey] (the key of key=value): the query's, except "&",
//     "=", ";", "+".
//   - [EscapeQueryValue] (the value of key=value): the query's, except "&",
//     ";", "+".
//   - [EscapeFragment] (fragment, 3.5): pchar, "/", "?".
//   - [EscapeForm] (the URL Standard's application/x-www-form-urlencoded):
//     ALPHA, DIGIT, "*", "-", ".", "_"; a space becomes "+".
//
// One story for "+". A form value, a key or value of the key=value
// convention of HTML forms (application/x-www-form-urlencoded), writes a
// space as "+"; a percent-encoded component (a path, a fragment, a whole
// query) does not, and there "+" is a plain sub-delim. The package keeps the
// two apart by place: a query of key=value pairs (a form submitted with GET,
// most APIs), read with [URI.QueryPairs], [URI.QueryValue],
// [URI.QueryValues], or Unescape with EscapeQueryKey, EscapeQueryValue or
// EscapeForm, reads "+" as a space; a path, a segment, a fragment, userinfo
// or a whole query, read with [URI.PathSegments] or Unescape with
// EscapePath, EscapeQuery, ..., keeps "+". For writing, EscapeQueryKey and
// EscapeQueryValue (and the editors [URI.WithQueryValue] and
// [URI.AddQueryValue]) write a space as "%20" and a "+" as "%2B", which both
// readings decode the same; EscapeForm writes exactly what a browser submits
// for a form (a space as "+"). So for HTML forms, read with QueryValue and
// write with either. (Changed: Unescape with EscapeQueryKey or
// EscapeQueryValue used to keep "+", so that it disagreed with QueryValue on
// the same text; it now reads "+" as a space. For the old result, use
// EscapeQuery.)
//
// # Queries and paths
//
// RFC 3986 gives the query no structure; the helpers read the key=value
// convention and say what they assume: pairs are separated by "&" only (";"
// is data, as in the URL Standard and net/url since Go 1.17), a pair splits
// at its first "=", empty pieces are skipped, and keys and values are
// decoded as forms decode them ("+" is a space). [URI.QueryPairs] is an
// iter.Seq2 over the decoded pairs, in order, with no map; [URI.QueryValue]
// returns the first value; [URI.QueryValues] returns a url.Values.
// [URI.WithQueryValue], [URI.AddQueryValue], [URI.DeleteQueryKey] and
// [URI.DeleteQueryFunc] return a new URI in which every other pair is
// unchanged byte for byte, and allocate its text once. [URI.SortQuery] sorts
// the pairs by decoded key (a stable sort, each pair kept as written).
// DeleteQueryFunc removes the pairs a function picks, called with each
// decoded key and value, so that cleaning tracking parameters is one call.
//
// [URI.PathSegments] iterates over the decoded segments ("%2F" stays inside
// its segment); [URI.WithSegments] sets the path from decoded segments
// (absolute when the reference has an authority or an absolute path,
// rootless otherwise), and [URI.WithoutLastSegment] drops the last segment
// with its "/". [URI.JoinPath] appends each element as one escaped segment
// of data ("a/b" becomes "a%2Fb") and keeps the query and fragment. Data
// never navigates: an element that, once decoded, has a "." or ".." piece
// between "/" or "\" ("..", "%2e%2E", "../admin", "..%2Fadmin") is an error
// ([ErrDotSegment]), since servers that decode before removing dot segments
// would climb with it; use Resolve to navigate. WithSegments follows the
// same rule.
//
// # IRIs
//
// [ParseIRI] reads an IRI-reference (RFC 3987) into an [IRI], a type of its
// own, since its text is not a URI: it allows the ucschar characters
// (%xA0-D7FF / %xF900-FDCF / %xFDF0-FFEF / %x10000-1FFFD / ..., each plane
// up to 14 without its last two code points) in the userinfo, reg-name,
// path, query and fragment, and iprivate (%xE000-F8FF / %xF0000-FFFFD /
// %x100000-10FFFD) in the query only: a private-use character in the path
// or a non-character such as U+FFFE is [ErrInvalidByte], at the offset rule
// of Parse. Invalid UTF-8 and the bidirectional formatting characters (every
// character with the Unicode Bidi_Control property; RFC 3987, Section 4.1)
// are errors with an exact offset. An IRI has the accessors of a URI and
// text marshalling that round-trips; on ASCII input parsing does not
// allocate.
//
// [IRI.ToURI] (Section 3.1) percent-encodes every non-ASCII character as
// UTF-8 and gives the URI to send on the wire; [URI.ToIRI] (Section 3.2)
// decodes, for display, only the runs that are valid UTF-8 of characters an
// IRI allows, leaving "%2F", every other ASCII octet and every bidi control
// ("%E2%80%AE", "%E2%81%A7", ...) encoded. The host of a scheme that names
// hosts through the DNS (http, https, ws, wss, ftp, ...) becomes IDNA
// A-labels ("http://résumé.example/" gives "http://xn--rsum-bpad.example/"),
// and ToIRI shows A-labels in Unicode only when [CheckHomograph] finds no
// look-alike risk in the name, as browsers do; other hosts are
// percent-encoded, which Section 3.1 also permits. u.ToIRI().ToURI() gives
// u back, except that the hex digits of what ToIRI decoded come back in
// upper case, and a host of a DNS scheme may come back as the A-labels of
// the same name (the UTS #46 mapping lower-cases its ASCII letters). A host
// that the lookup profile rejects (one with "_") is percent-encoded like the
// rest. Both return their input's text without allocating when there is
// nothing to convert.
//
// # File paths
//
// [FilePath] turns a file: URI into a POSIX or a Windows path and
// [FromFilePath] does the reverse (RFC 8089); the [PathStyle] is a
// parameter, so a Linux server can handle Windows paths ([OSPathStyle] is
// the running system's). A query, a fragment, a relative path, a dot
// segment, an encoded "/" inside a segment and a NUL are errors with their
// offset; spaces, "%", "#", "?" and non-ASCII characters (as UTF-8) are
// percent-encoded. FilePath(FromFilePath(p)) gives back every clean
// absolute path, and FromFilePath(FilePath(u)) is in normal form.
// [FileOptions] writes the spelling of editors too (VS Code's
// "file:///c%3A/a"), and [FileKey] gives the key under which editors
// compare file URIs, one for "file:///a%3Ab" and "file:///a:b". Every form
// that FilePath reads and every error of both, with its Err and Offset, are
// in docs/file-uris.md in the module.
//
// # Next to net/url
//
// net/url is lenient by design: it accepts many inputs RFC 3986 forbids
// ("http://a/b c", "http://a@b@c/", a second "#"), and some of its
// accessors decode. [FromURL] and [URI.URL] convert; URL is what url.Parse
// gives for the same text. docs/neturl.md in the module lists where the two
// differ, each checked by a test, and how each net/url idiom is written
// with this package.
//
// # Security
//
// No input, however hostile, makes this package panic, hang, or do more
// than linear work, and every part of it reads a reference the same way.
// SECURITY.md in the module lists each guarantee with the tests that check
// it.
//
//   - Controls (NUL, CR, LF), space, DEL and non-ASCII bytes are errors with
//     their offset in every entry point, so nothing smuggles a line break
//     into a protocol element (RFC 3986, Section 7.2). Percent-encoded, they
//     are data: what Unescape, PathSegments and QueryPairs decode may hold
//     any octet.
//   - [AmbiguousIPv4] finds reg-names that resolvers read as IPv4 addresses
//     ("0x7f.1", Section 7.4); Redacted hides a password (Section 7.5); Host
//     is what follows the "@", however much the userinfo looks like a host
//     ("http://good.example@evil.example/", Section 7.6).
//   - Strict resolution treats "%2E" as data; normalization decodes it, then
//     removes dot segments; neither ever decodes "%2F". The example
//     Example_pathInsideDirectory is a path-traversal check built on that.
//   - Where url.Parse and Parse disagree, a test names the class of the
//     disagreement and the section of RFC 3986 that decides it.
//
// Package github.com/gouri/uri/guard is the decision against server-side
// request forgery, for servers that fetch URLs their users give them.
//
// # What this package does not do
//
// It does not resolve host names, fetch resources, or apply the WHATWG URL
// Standard's browser-compatible repairs. It does not decode components in its
// accessors: percent-encoding is left as written.
//
// Other readings of a URL live in packages of their own: package
// github.com/gouri/uri/whatwg reads URLs as browsers do (the URL Standard),
// package github.com/gouri/uri/legacy reads the grammars before RFC 3986,
// and each converts its values to URIs, reporting what it had to change;
// package github.com/gouri/uri/readings compares the readings of RFC
// 3986, the URL Standard and net/url for one input. Package
// github.com/gouri/uri/site gives registrable domains and "same site".
//
// # Design
//
// docs/design.md in the module gives the layers (this core, the other
// readings, the jobs on top, the command), the one purpose of each
// internal package, the one error value, the rules of structure that
// deps_test.go holds and how conformance suites are kept. One word means
// one idea in every package: a method With... returns a changed copy and
// leaves its receiver as it is, a method Set... changes its receiver (as
// whatwg.URL's setters do); a base comes before the reference resolved
// against it, as in [Resolve](base, ref).
//
// # Before version 1
//
// The API may still change, and this section says how when it does:
// URI.SetQueryValue became [URI.WithQueryValue], since it returns a changed
// copy. The section Setters of this documentation is now With methods.
package uri

import (
	"strings"

	"github.com/gouri/uri/internal/abnf"
)

// URI is a URI reference (RFC 3986, Section 4.1) split into its components
// (Section 3): a URI, which has a scheme, or a relative reference.
//
//	URI-reference = URI / relative-ref
//
// A URI holds its text exactly as written and the offsets of the seven
// components. Absent and empty differ, so each optional component has a HasX
// method beside X; the path is always present. The invariant: every URI that
// this package returns is a valid URI-reference that [Parse] splits into
// exactly its components ([ParseRFC6874] for one with a zone), so
// u == MustParse(u.String()) for u without a zone. The zero URI is the empty
// reference "". URIs are comparable with ==, and safe to copy and to share
// between goroutines.
type URI struct{ ref }

// ref is the text of a reference and the offsets of its components, shared
// by [URI] and [IRI]: the accessors are its methods.
type ref struct {
	s string
	// Offsets into s. Without an authority, hostStart == hostEnd == pathStart.
	// Without a query, queryEnd == pathEnd; a fragment starts at queryEnd+1.
	schemeEnd int32 // index of the ":" after the scheme, 0 without one
	hostStart int32
	hostEnd   int32
	pathStart int32
	pathEnd   int32
	queryEnd  int32
	flags     flags
}

type flags uint16

const (
	fScheme flags = 1 << iota
	fAuthority
	fUserinfo
	fPort
	fQuery
	fFragment

	kindShift = iota // the HostKind is stored in the bits from here on
)

// kindMask selects the HostKind bits of flags; authFlags all the bits that
// describe an authority, which a resolved URI copies from its source.
const (
	kindMask  = ^flags(0) &^ (1<<kindShift - 1)
	authFlags = fAuthority | fUserinfo | fPort | kindMask
)

// String returns the reference as text (RFC 3986, Section 5.3). For a URI
// returned by Parse, it is the parsed input byte for byte. It does not
// allocate.
func (u URI) String() string { return u.s }

// HasScheme reports whether the reference has a scheme, that is, whether it
// is a URI (RFC 3986, Section 3) rather than a relative reference (Section
// 4.2).
func (u ref) HasScheme() bool { return u.flags&fScheme != 0 }

// Scheme returns the scheme as written, without the ":" and without changing
// its case (RFC 3986, Section 3.1), or "" if there is none. Compare it with
// [URI.SchemeIs], which ignores case as Section 3.1 says.
func (u ref) Scheme() string {
	if u.flags&fScheme == 0 {
		return ""
	}
	return u.s[:u.schemeEnd]
}

// afterScheme returns the index where the hier-part or relative-part begins.
func (u *ref) afterScheme() int {
	if u.flags&fScheme == 0 {
		return 0
	}
	return int(u.schemeEnd) + 1
}

// HasAuthority reports whether the reference has an authority component,
// introduced by "//" (RFC 3986, Section 3.2). A reference has a host exactly
// when it has an authority.
func (u ref) HasAuthority() bool { return u.flags&fAuthority != 0 }

// Authority returns the authority as written, without the leading "//"
// (RFC 3986, Section 3.2):
//
//	authority = [ userinfo "@" ] host [ ":" port ]
//
// It returns "" if there is no authority or an empty one;
// [URI.HasAuthority] tells them apart.
func (u ref) Authority() string {
	if u.flags&fAuthority == 0 {
		return ""
	}
	return u.s[u.afterScheme()+2 : u.pathStart]
}

// authorityText returns "//" and the authority as written, or "" when there
// is no authority.
func (u *ref) authorityText() string {
	if u.flags&fAuthority == 0 {
		return ""
	}
	return u.s[u.afterScheme():u.pathStart]
}

// HasUserinfo reports whether the authority has a userinfo subcomponent, that
// is, an "@" (RFC 3986, Section 3.2.1). In "http://@h/" it is present and
// empty.
func (u ref) HasUserinfo() bool { return u.flags&fUserinfo != 0 }

// Userinfo returns the userinfo as written, without the "@" (RFC 3986, Section
// 3.2.1), or "" if there is none. In "http://example.com@evil.example/" it is
// "example.com", and the host is evil.example (Section 7.6).
//
//	userinfo = *( unreserved / pct-encoded / sub-delims / ":" )
func (u ref) Userinfo() string {
	if u.flags&fUserinfo == 0 {
		return ""
	}
	return u.s[u.afterScheme()+2 : u.hostStart-1]
}

// Username returns the userinfo up to its first ":", as written. RFC 3986,
// Section 3.2.1 deprecates the "user:password" form but it remains common.
func (u ref) Username() string {
	ui := u.Userinfo()
	if i := strings.IndexByte(ui, ':'); i >= 0 {
		return ui[:i]
	}
	return ui
}

// Password returns the userinfo after its first ":", as written, and whether
// there is such a ":". RFC 3986, Section 3.2.1 deprecates passing passwords in
// URIs; see [URI.Redacted] for logging.
func (u ref) Password() (string, bool) {
	ui := u.Userinfo()
	if i := strings.IndexByte(ui, ':'); i >= 0 {
		return ui[i+1:], true
	}
	return "", false
}

// Host returns the host as written (RFC 3986, Section 3.2.2): a reg-name, an
// IPv4address, or an IP-literal with its brackets ("[::1]"). It returns "" if
// there is no authority or an empty host; [URI.HasAuthority] tells them apart.
// The host follows the "@": "http://good.example@evil.example/" has the host
// evil.example (Section 7.6). A reg-name such as "0x7f.1" may still reach an
// address: see [AmbiguousIPv4].
//
//	host = IP-literal / IPv4address / reg-name
func (u ref) Host() string { return u.s[u.hostStart:u.hostEnd] }

// Hostname returns the host without the brackets of an IP-literal: "::1" for
// "[::1]", "v7.x" for "[v7.x]"; other hosts as [URI.Host] returns them. An
// RFC 6874 zone is kept as written: "fe80::1%25eth0".
func (u ref) Hostname() string {
	h := u.Host()
	if len(h) >= 2 && h[0] == '[' {
		return h[1 : len(h)-1]
	}
	return h
}

// HostKind returns which form the host takes (RFC 3986, Section 3.2.2), or
// HostNone if there is no authority. Text that does not match IPv4address
// exactly, such as "127.1" or "1.2.3.256", is a reg-name.
func (u ref) HostKind() HostKind {
	if u.flags&fAuthority == 0 {
		return HostNone
	}
	return HostKind(u.flags >> kindShift)
}

// HasPort reports whether the authority has a port subcomponent, that is, a
// ":" after the host (RFC 3986, Section 3.2.3). In "http://h:/" it is present
// and empty.
func (u ref) HasPort() bool { return u.flags&fPort != 0 }

// Port returns the port as written, without the ":" (RFC 3986, Section
// 3.2.3), or "" if there is none. It may have leading zeros and may exceed
// 65535; [URI.PortNumber] checks the range.
//
//	port = *DIGIT
func (u ref) Port() string {
	if u.flags&fPort == 0 {
		return ""
	}
	return u.s[u.hostEnd+1 : u.pathStart]
}

// PortNumber returns the port as a number up to 65535, leading zeros allowed
// ("0080" is 80); RFC 3986, Section 3.2.3 allows any digits. It returns
// [ErrNoPort] itself, without allocating, when the port is absent or empty, so
// that callers can fall back to a default; a larger value is an *[Error] with
// Op [OpPortNumber] wrapping [ErrPortRange].
func (u ref) PortNumber() (int, error) {
	p := u.Port()
	if p == "" {
		return 0, ErrNoPort
	}
	v := 0
	for i := 0; i < len(p); i++ {
		v = v*10 + int(p[i]-'0')
		if v > 65535 {
			return 0, &Error{Op: OpPortNumber, Input: u.s, Offset: int(u.hostEnd) + 1 + i, Component: Port, Err: ErrPortRange}
		}
	}
	return v, nil
}

// Path returns the path as written (RFC 3986, Section 3.3). The path is
// always present and may be empty.
func (u ref) Path() string { return u.s[u.pathStart:u.pathEnd] }

// HasQuery reports whether there is a query, that is, a "?" (RFC 3986,
// Section 3.4). In "http://h/p?" it is present and empty.
func (u ref) HasQuery() bool { return u.flags&fQuery != 0 }

// Query returns the query as written, without the "?" (RFC 3986, Section
// 3.4), or "" if there is none.
//
//	query = *( pchar / "/" / "?" )
func (u ref) Query() string {
	if u.flags&fQuery == 0 {
		return ""
	}
	return u.s[u.pathEnd+1 : u.queryEnd]
}

// HasFragment reports whether there is a fragment, that is, a "#" (RFC 3986,
// Section 3.5). In "http://h/p#" it is present and empty.
func (u ref) HasFragment() bool { return u.flags&fFragment != 0 }

// Fragment returns the fragment as written, without the "#" (RFC 3986,
// Section 3.5), or "" if there is none.
//
//	fragment = *( pchar / "/" / "?" )
func (u ref) Fragment() string {
	if u.flags&fFragment == 0 {
		return ""
	}
	return u.s[u.queryEnd+1:]
}

// Redacted returns the text with the password, if there is one, replaced by
// "xxxxx", for logs (RFC 3986, Section 7.5). Only the password is hidden, not a
// token in the query or fragment; and an [*Error] quotes its input, so log
// its [Error.Reason], which leaves the input out, for input that may hold
// credentials. It allocates only
// when there is a password.
func (u ref) Redacted() string {
	if _, ok := u.Password(); !ok {
		return u.s
	}
	colon := u.afterScheme() + 2 + strings.IndexByte(u.Userinfo(), ':')
	return u.s[:colon+1] + "xxxxx" + u.s[u.hostStart-1:]
}

// Components returns the components. The strings are substrings of the
// text: nothing is allocated or decoded.
func (u ref) Components() Components {
	return Components{
		Scheme:       u.Scheme(),
		Userinfo:     u.Userinfo(),
		HasUserinfo:  u.HasUserinfo(),
		Host:         u.Host(),
		HasAuthority: u.HasAuthority(),
		Port:         u.Port(),
		HasPort:      u.HasPort(),
		Path:         u.Path(),
		Query:        u.Query(),
		HasQuery:     u.HasQuery(),
		Fragment:     u.Fragment(),
		HasFragment:  u.HasFragment(),
	}
}

// Zone returns the IPv6 zone identifier of an IP-literal parsed by
// [ParseRFC6874], as written, without the "%25" before it: "eth0" for
// "[fe80::1%25eth0]". It returns "" for every other host; RFC 3986 itself has
// no zones.
func (u URI) Zone() string {
	if u.HostKind() != HostIPv6 {
		return ""
	}
	h := u.Host()
	if i := strings.IndexByte(h, '%'); i >= 0 {
		return h[i+3 : len(h)-1]
	}
	return ""
}

// RequestURI returns the path and query as an HTTP request target in
// origin-form (RFC 9112, Section 3.2.1): the path, or "/" if it is empty,
// then "?" and the query if u has one. The fragment is never included.
// It allocates only when the path is empty and a query is present.
func (u URI) RequestURI() string {
	if u.pathEnd > u.pathStart {
		return u.s[u.pathStart:u.queryEnd]
	}
	if u.flags&fQuery == 0 {
		return "/"
	}
	return "/" + u.s[u.pathEnd:u.queryEnd]
}

// MarshalText returns u's text. It implements [encoding.TextMarshaler].
func (u URI) MarshalText() ([]byte, error) { return []byte(u.s), nil }

// AppendText appends u's text to b and returns the extended slice, never an
// error. It implements [encoding.TextAppender].
func (u URI) AppendText(b []byte) ([]byte, error) { return append(b, u.s...), nil }

// UnmarshalText parses text with [Parse] and stores the result in u. It
// implements [encoding.TextUnmarshaler]. On error u is left unchanged.
func (u *URI) UnmarshalText(text []byte) error {
	v, err := Parse(string(text))
	if err != nil {
		return err
	}
	*u = v
	return nil
}

// MarshalBinary returns u's text, as [URI.MarshalText] does. It exists
// beside MarshalText because encoding/gob and other binary encodings look
// for [encoding.BinaryMarshaler] and not for TextMarshaler.
func (u URI) MarshalBinary() ([]byte, error) { return u.MarshalText() }

// UnmarshalBinary parses data with [Parse] and stores the result in u, as
// [URI.UnmarshalText] does; it exists for encoding/gob, as MarshalBinary
// does. On error u is left unchanged.
func (u *URI) UnmarshalBinary(data []byte) error { return u.UnmarshalText(data) }

// Components holds the seven components of a URI reference (RFC 3986, Section
// 3) as separate strings, as they appear in the text: percent-encoded, without
// delimiters, an IP-literal Host in brackets. An optional component is present
// when its string is not empty or its Has field is set, which is how a present
// but empty one is given ("http://h/p?"); the authority is present when
// HasAuthority is set or a userinfo, host or port is present. [URI.Components]
// returns them; [Components.URI] and [Components.Encode] build a URI of them.
type Components struct {
	Scheme       string
	Userinfo     string
	HasUserinfo  bool
	Host         string
	HasAuthority bool
	Port         string
	HasPort      bool
	Path         string
	Query        string
	HasQuery     bool
	Fragment     string
	HasFragment  bool
}

// URI recomposes the components as RFC 3986, Section 5.3 says and returns the
// result, whose components are c's; it allocates the text once. A path that
// would read differently gets a prefix that keeps its meaning: "./" before a
// first segment with ":" and no scheme or authority ("./a:b", Section 4.2),
// "/." before "//" without an authority ("/.//x"). Anything else the ABNF
// forbids is an *[Error] with Op [OpBuild] whose Input is the recomposed text.
func (c Components) URI() (URI, error) {
	var u URI
	u.build(&c)
	if len(u.s) > maxLen {
		return URI{}, &Error{Op: OpBuild, Input: u.s, Offset: maxLen, Err: ErrTooLong}
	}
	if err := u.check(); err != nil {
		return URI{}, err
	}
	return u, nil
}

// present reports, for each optional component of c, whether it is there.
func (c *Components) present() (userinfo, port, authority, query, fragment bool) {
	userinfo = c.HasUserinfo || c.Userinfo != ""
	port = c.HasPort || c.Port != ""
	authority = c.HasAuthority || userinfo || c.Host != "" || port
	return userinfo, port, authority, c.HasQuery || c.Query != "", c.HasFragment || c.Fragment != ""
}

// build writes the text of c, with the prefix that pathPrefix gives its
// path, and sets the offsets of its components (see layout); it checks
// nothing and leaves the host kind unset.
func (u *ref) build(c *Components) {
	hasUserinfo, hasPort, hasAuthority, hasQuery, hasFragment := c.present()
	prefix := pathPrefix(c.Path, c.Scheme != "", hasAuthority)
	*u = c.layout(len(prefix))
	var b strings.Builder
	b.Grow(len(c.Scheme) + len(c.Userinfo) + len(c.Host) + len(c.Port) + len(prefix) +
		len(c.Path) + len(c.Query) + len(c.Fragment) + 6)
	if c.Scheme != "" {
		b.WriteString(c.Scheme)
		b.WriteByte(':')
	}
	if hasAuthority {
		b.WriteString("//")
		if hasUserinfo {
			b.WriteString(c.Userinfo)
			b.WriteByte('@')
		}
		b.WriteString(c.Host)
		if hasPort {
			b.WriteByte(':')
			b.WriteString(c.Port)
		}
	}
	b.WriteString(prefix)
	b.WriteString(c.Path)
	if hasQuery {
		b.WriteByte('?')
		b.WriteString(c.Query)
	}
	if hasFragment {
		b.WriteByte('#')
		b.WriteString(c.Fragment)
	}
	u.s = b.String()
}

// layout returns where each component of c begins in the text that c's
// components spell, with prefix bytes before the path (see pathPrefix),
// without writing that text: the offsets of the ref that build makes. An
// offset past the limit of a URI is cut to the limit.
func (c *Components) layout(prefix int) ref {
	var r ref
	hasUserinfo, hasPort, hasAuthority, hasQuery, hasFragment := c.present()
	n := 0
	if c.Scheme != "" {
		r.flags |= fScheme
		r.schemeEnd = int32(len(c.Scheme))
		n = len(c.Scheme) + 1
	}
	if hasAuthority {
		r.flags |= fAuthority
		n += 2
		if hasUserinfo {
			r.flags |= fUserinfo
			n += len(c.Userinfo) + 1
		}
	}
	r.hostStart = int32(min(n, maxLen))
	if hasAuthority {
		n += len(c.Host)
	}
	r.hostEnd = int32(min(n, maxLen))
	if hasPort && hasAuthority {
		r.flags |= fPort
		n += 1 + len(c.Port)
	}
	r.pathStart = int32(min(n, maxLen))
	n += prefix + len(c.Path)
	r.pathEnd, r.queryEnd = int32(min(n, maxLen)), int32(min(n, maxLen))
	if hasQuery {
		r.flags |= fQuery
		n += 1 + len(c.Query)
		r.queryEnd = int32(min(n, maxLen))
	}
	if hasFragment {
		r.flags |= fFragment
	}
	return r
}

// pathPrefix returns what must precede the path p so that the text parses
// back to the same components. It is the one place of the rule, which every
// function that writes a path follows:
//
//   - "/." when there is no authority and p starts with "//", which would
//     otherwise be read as one (RFC 3986, Section 3.3: such a path cannot be
//     written without an authority; "/." keeps its meaning, Section 5.2.4);
//   - "./" when there is neither scheme nor authority and p's first segment
//     contains ":", which would otherwise be read as a scheme (Section 4.2).
func pathPrefix[P string | []byte](p P, hasScheme, hasAuth bool) string {
	if hasAuth {
		return ""
	}
	if len(p) >= 2 && p[0] == '/' && p[1] == '/' {
		return "/."
	}
	if !hasScheme && firstSegmentHasColon(p) {
		return "./"
	}
	return ""
}

// firstSegmentHasColon reports whether a ":" comes before any "/" in p.
func firstSegmentHasColon[P string | []byte](p P) bool {
	for i := 0; i < len(p) && p[i] != '/'; i++ {
		if p[i] == ':' {
			return true
		}
	}
	return false
}

// check validates each component of a URI built from Components against its
// ABNF rule, and sets the host kind. It reports the first problem in text
// order.
func (u *ref) check() error {
	s := u.s
	fail := func(off int, c Component, err error) error {
		return &Error{Op: OpBuild, Input: s, Offset: off, Component: c, Err: err}
	}
	if u.flags&fScheme != 0 {
		if j := scanScheme(s); j < int(u.schemeEnd) {
			return fail(j, Scheme, ErrInvalidByte)
		}
	}
	if u.flags&fAuthority != 0 {
		if err := u.checkAuthority(); err != nil {
			return err
		}
		if u.pathEnd > u.pathStart && s[u.pathStart] != '/' {
			return fail(int(u.pathStart), Path, ErrPathWithAuthority)
		}
	}
	parts := [...]struct {
		from, to int
		present  bool
		mask     uint16
		c        Component
	}{
		{int(u.pathStart), int(u.pathEnd), true, abnf.Path, Path},
		{int(u.pathEnd) + 1, int(u.queryEnd), u.flags&fQuery != 0, abnf.Query, Query},
		{int(u.queryEnd) + 1, len(s), u.flags&fFragment != 0, abnf.Query, Fragment},
	}
	for _, p := range parts {
		if p.present {
			if k, err := scanAll(s, p.from, p.to, p.mask); err != nil {
				return fail(k, p.c, err)
			}
		}
	}
	return nil
}

// checkAuthority is check for the userinfo, the host and the port.
func (u *ref) checkAuthority() error {
	s := u.s
	fail := func(off int, c Component, err error) error {
		return &Error{Op: OpBuild, Input: s, Offset: off, Component: c, Err: err}
	}
	if u.flags&fUserinfo != 0 {
		if k, err := scanAll(s, u.afterScheme()+2, int(u.hostStart)-1, abnf.Userinfo); err != nil {
			return fail(k, Userinfo, err)
		}
	}
	h, e := int(u.hostStart), int(u.hostEnd)
	if h < e && s[h] == '[' {
		end, kind, err := parseIPLiteral(s[:e], h, false)
		if err == nil && end != e {
			err = ErrBadIPLiteral
		}
		if err != nil {
			return fail(end, Host, err)
		}
		u.flags |= flags(kind) << kindShift
	} else {
		if k, err := scanAll(s, h, e, abnf.RegName); err != nil {
			return fail(k, Host, err)
		}
		u.setHost(h, e)
	}
	if u.flags&fPort != 0 {
		for i := e + 1; i < int(u.pathStart); i++ {
			if s[i] < '0' || s[i] > '9' {
				return fail(i, Port, ErrBadPort)
			}
		}
	}
	return nil
}
