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
//   - RFC 9112, Section 3.2, and RFC 9110, Section 7.2: the grammar of the
//     request-target of an HTTP/1.1 request in its four forms
//     ([ParseTarget]) and of the Host field ([ParseHost]). This package
//     does not import net/http, nor do the jobs of a server with them:
//     package github.com/gouri/uri/httptarget rebuilds the target URI of a
//     request (RFC 9112, Section 3.3) and checks whether a path lies under
//     a prefix, segment by segment, for proxies and routers.
//   - RFC 3986, Section 6: normalization and comparison, syntax-based and
//     scheme-based, with IPv6 addresses in RFC 5952 text ([URI.Normalize],
//     [URI.NormalizeWith], [AppendNormalize], [NormalizePath] for a path
//     alone, [Equivalent]), schemes
//     compared as Section 3.1 says ([URI.SchemeIs]) and their default ports
//     ([URI.DefaultPort]); the numeric host forms of Section
//     7.4 ([AmbiguousIPv4]); and internationalized host names through the
//     UTS #46 lookup profile ([HostToASCII], [HostToUnicode]); to show a
//     host or a URL to people, package github.com/gouri/uri/display.
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
// this package's, and those of the other packages that read or build
// text, which have no error type of their own (before version 1, whatwg,
// template and canon had one each; they are gone). Its fields say what
// failed (Op, an [Op] of this package or of the package that returned it,
// one spelling for each idea across the module, and Name), where (Input, Offset by one rule or
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
// The first rung is simple string comparison (Section 6.2.1), which == on
// URIs is: they compare their text, presence of each component included.
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
//     its Unicode form, with no check against names that imitate others
//     (such as "pаypal" with a Cyrillic "а"). Package
//     github.com/gouri/uri/display shows a host in Unicode only where the
//     checks of browsers (UTS #39 and theirs) find no spoof.
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
// A-labels ("http://résumé.example/" gives "http://xn--rsum-bpad.example/");
// other hosts are percent-encoded, which Section 3.1 also permits. A host
// that the lookup profile rejects (one with "_") is percent-encoded like the
// rest. ToIRI leaves the host of a DNS scheme as it is, A-labels and
// percent-encodings included: it applies no check against names that
// imitate others, and package github.com/gouri/uri/display shows such hosts
// to people; the other hosts are decoded as the rest is. So
// u.ToIRI().ToURI() gives u back, except that the hex digits of what ToIRI
// decoded come back in upper case. Both return their input's text without
// allocating when there is nothing to convert.
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
// internal package, the one error value, the rules of structure that the
// tests of internal/tree hold and how conformance suites are kept. One word means
// one idea in every package: a method With... returns a changed copy and
// leaves its receiver as it is, a method Set... changes its receiver (as
// whatwg.URL's setters do); a base comes before the reference resolved
// against it, as in [Resolve](base, ref).
//
// # Before version 1
//
// The API may still change, and this section says how when it does:
//
//   - URI.SetQueryValue became [URI.WithQueryValue], since it returns a
//     changed copy. The section Setters of this documentation is now With
//     methods.
//   - The target URI of a request (RFC 9112, Section 3.3) is rebuilt by
//     package github.com/gouri/uri/httptarget, which this package's
//     grammar of request-targets serves: TargetContext is httptarget.Config
//     (its Scheme, DefaultHost, as text, and MatchHost), Target.URI(ctx) is
//     httptarget.Config.TargetURI(t, host, noHost), and ErrHostMismatch and
//     ErrUserinfoNotAllowed are httptarget's.
//   - [ErrNoHost] stays here, as the one reason of the module for a URL
//     without a host: canon.ErrNoHost and readings.ErrNoHost are gone.
//   - HasPathPrefix, the check of a proxy or router, is
//     httptarget.HasPathPrefix, with the same contract.
//   - Equal(a, b) is a == b, which it was: URIs are comparable.
//   - Target.RequestURI, the origin-form that a proxy sends on, is the
//     URI's: u, _ := t.AbsoluteURI(); u.RequestURI(), and the text of an
//     origin-form target itself, t.String().
//   - [HostKind] is the one type of the module for the form of a host: it
//     gained the URL Standard's [HostEmpty], [HostDomain] and [HostOpaque],
//     and package whatwg's HostKind and package readings' HostKind are
//     gone (see their documentation). A URI's kinds are as they were.
//   - [Error.Op] is of the type [Op], and this package declares only the
//     operations that it performs: OpSet became whatwg.OpSet, OpExpand
//     and OpMatch became template.OpExpand and template.OpMatch, OpCanon
//     and OpSURT became canon.OpCanon and canon.OpSURT, with the same
//     spellings.
//   - CheckHomograph, with ErrMixedScript, ErrConfusable and OpHomograph,
//     gave way to package github.com/gouri/uri/display, which decides as
//     browsers do (display.Host: a Decision with a Reason per label); and
//     [URI.ToIRI] no longer shows the host of a DNS scheme in Unicode.
package uri
