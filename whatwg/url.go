// Package whatwg parses URLs as the WHATWG URL Standard
// (https://url.spec.whatwg.org/) does: the reading of URLs that web
// browsers, Node.js and Deno share, and which differs from RFC 3986.
//
// # What is implemented
//
// Section numbers are those of the URL Standard; its anchors are given
// where a section is long.
//
//   - 4.4 URL parsing (#url-parsing): the basic URL parser with an optional
//     base URL, every state of its state machine ([Parse], [URL.Parse],
//     [Resolve]). Special and non-special schemes, opaque paths, Windows
//     drive letters in file URLs, "." and ".." segments (also as "%2e"),
//     default ports, and the percent-encode sets of section 1.3 for each
//     component.
//   - 3.5 and 3.6 host parsing and serializing: the IPv4 parser (decimal,
//     octal, hexadecimal and short forms), the IPv6 parser and serializer,
//     opaque hosts of non-special URLs, and domains through the domain
//     parser of section 3.3 (UTS #46 ToASCII with golang.org/x/net/idna).
//   - 4.5 URL serializing, 4.6 equivalence (== on [URL] values) and 4.7
//     origin ([URL.Origin]).
//   - Beyond the standard, its inverse of parsing against a base:
//     [URL.Relativize] and [Relativize] give the shortest string that the
//     parser of section 4.4 resolves against a base to a given URL ("../g",
//     "?y", "//h/x"), with the file, special and opaque-path cases of its
//     states.
//   - 6.1 the URL class: its getters ([URL.Href], [URL.Protocol],
//     [URL.Username], [URL.Password], [URL.Host], [URL.Hostname],
//     [URL.Port], [URL.Pathname], [URL.Search], [URL.Hash], [URL.Origin])
//     and setters ([URL.SetHref], [URL.SetProtocol], ..., [URL.SetHash]),
//     which run the parser with a state override.
//   - 5 application/x-www-form-urlencoded: the parser ([ParseForm]) and
//     the serializer ([SearchParams.String]); 6.2 the URLSearchParams class
//     as [SearchParams] ([ParseSearchParams], Append, Delete, Get, Set,
//     Sort, ...), reached from a URL with [URL.SearchParams] and applied
//     with its update steps by [URL.SetSearchParams]. Beyond the standard,
//     [URL.DeleteSearchParam] removes pairs and keeps every other byte of
//     the query.
//   - 1.1 validation errors: the standard's names as [Kind]; a failure is
//     a *uri.Error with the Kind as Err and a byte offset; the non-fatal
//     ones come from [Validate].
//
// # Conformance
//
// The package passes every case of the web-platform-tests files
// urltestdata.json and setters_tests.json, all 35 cases of
// urlencoded-parser-data.json and 105 cases taken from the
// urlsearchparams-*.any.js tests. Built with Go 1.27 or later, it also
// passes every case of the IDNA files toascii.json (87) and IdnaTestV2.json
// (2,670). Built with Go 1.26, 7 and 74 of them fail, all on code points
// whose IDNA status has changed since Unicode 15.0 (see IDNA below); the
// tests list them, by reason, and fail when one starts to pass.
//
// # Values
//
// A [URL] holds its href, the URL serializer's output, and the offsets of
// the components in it, so every getter returns a substring and does not
// allocate. Parse compares what it writes with its input as it goes, and an
// input that is already in serialized form becomes the href itself: parsing
// it allocates nothing. Otherwise the href is the one allocation. Hosts that
// are ASCII and contain no "%" never go through IDNA: the standard's domain
// parser returns them lower-cased (section 3.3, step 5).
//
// Accessors beyond the URL class give what Go code needs without
// reparsing: [URL.Scheme] without ":", [URL.IsSpecial],
// [URL.HasOpaquePath], [URL.HostKind] (null, empty, domain, IPv4, IPv6 or
// opaque), [URL.Addr] as a netip.Addr, and [URL.HasQuery], [URL.Query],
// [URL.HasFragment] and [URL.Fragment], which tell a null query or fragment
// from an empty one where Search and Hash return "" for both.
//
// # Go strings as input
//
// The standard's parser takes a scalar value string: Unicode code points
// other than surrogates. A Go string is bytes, and this package reads them
// as UTF-8; each ill-formed sequence is read as U+FFFD, one per maximal
// subpart, as the Encoding Standard's UTF-8 decoder does. This matches what
// the JavaScript API does with lone UTF-16 surrogates, which USVString
// conversion turns into U+FFFD: "http://h/\xff" and new URL("http://h/\uD800")
// both have the path "/%EF%BF%BD". Go's encoding/json decodes "\uD800" in
// JSON to U+FFFD as well. A U+FFFD in a domain makes IDNA fail, so a host
// with ill-formed UTF-8 (after percent-decoding) is an error. Validate does
// not report ill-formed UTF-8: U+FFFD is a URL code point.
//
// The href is always ASCII. Its only byte outside 0x21 to 0x7E is the
// space, which an opaque path may keep.
//
// # IDNA
//
// The domain parser runs Unicode ToASCII (UTS #46) with CheckHyphens,
// UseSTD3ASCIIRules and VerifyDnsLength false, CheckBidi and CheckJoiners
// true, Transitional_Processing false and IgnoreInvalidPunycode false.
// golang.org/x/net/idna expresses each of these: its options
// CheckHyphens, StrictDomainName, VerifyDNSLength, BidiRule, CheckJoiners
// and Transitional, after MapForLookup; IgnoreInvalidPunycode is not an
// option there, and x/net/idna always behaves as with it false, which is
// what the standard asks. The gap is the Unicode version: before Go 1.27,
// x/net/idna uses its Unicode 15.0.0 tables and the UTS #46 algorithm of
// before Unicode 16, while the standard follows the current UTS #46. Code
// points whose status changed since (the Georgian capital letters U+10A0 to
// U+10C5, U+1E9E, which now maps to U+00DF instead of "ss", fillers and
// format characters such as U+115F and U+180E, which are now ignored, and
// newer CJK ideographs) are handled as Unicode 15.0.0 says. From Go 1.27,
// x/net/idna uses its Unicode 17.0.0 tables. The tests list the affected
// web-platform-tests cases.
//
// A domain that is ASCII after percent-decoding is only lower-cased and
// checked for forbidden domain code points, even when it has "xn--" labels
// that are not valid Punycode: the standard's domain parser returns it
// "regardless of Unicode ToASCII's outcome, due to web compatibility"
// (section 3.3, step 5, since June 2026). So IDNA runs only for hosts with
// non-ASCII code points, and, in [Validate], for every domain, to find the
// non-fatal domain-to-ASCII validation error.
//
// One check is added to x/net/idna's: a label that is "xn--" after the
// mapping (written "xn--", "XN--", in full-width letters, ...) decodes to
// the empty string, which UTS #46 (section 4, step 4, since revision 33)
// makes an error, while x/net/idna would let the label vanish and give
// another host ("https://évil.xn--/" would read as "https://xn--vil-9la./").
// Such a domain fails with [ErrDomainToASCII].
//
// To keep parsing linear in time, a non-ASCII domain longer than 4,096
// bytes whose labels are not all at most 255 bytes fails with
// [ErrTooLong] (x/net/idna's Punycode is quadratic in the length of a
// label); the standard sets no limit.
//
// # Setters
//
// The setters of the URL class (section 6.1) are methods on *URL:
// [URL.SetHref], [URL.SetProtocol], [URL.SetUsername], [URL.SetPassword],
// [URL.SetHost], [URL.SetHostname], [URL.SetPort], [URL.SetPathname],
// [URL.SetSearch] and [URL.SetHash]. Each runs the standard's steps: most
// run the basic URL parser on the value with the URL and a state override,
// which parses the value as one component. Like the standard, they remove
// tabs and newlines from the value but not leading or trailing spaces, and
// they may ignore part of the value: SetPort("8080abc") sets port 8080.
//
// A setter returns nil when the standard's steps ran to their end. It
// returns a *uri.Error with Op [OpSet] and the attribute as Name ("host"
// for SetHost) when they stopped early: the parser returned failure,
// or the setter returned because the URL cannot take the value (a URL with
// an opaque path has no host, a special scheme cannot become a non-special
// one, ...). The URL is then left as it was, with one exception that the
// standard prescribes: SetHost with a valid host followed by ":" and an
// invalid port (SetHost("example.com:x")) sets the host and returns the
// port's error. The error's Input is the value given, and its Offset is in
// that value, or uri.NoOffset when no byte of the value is at fault (the
// URL has an opaque path, cannot have a port, ...). On the zero URL, every
// setter but SetHref returns an error with Err ErrMissingSchemeNonRelativeURL:
// there is no URL record to change.
//
// # Query parameters
//
// [SearchParams] is the URL Standard's URLSearchParams: an ordered list of
// name-value pairs, parsed by the application/x-www-form-urlencoded parser
// ([ParseForm], or [ParseSearchParams], which drops one leading "?" as the
// constructor does) and written by its serializer ([SearchParams.String]:
// only ASCII alphanumerics and "*-._" stay, a space is "+"). It has the
// class's methods (Append, Delete, DeleteValue, Get, GetAll, Has, HasValue,
// Set, Sort, Len, and All as an iter.Seq2); Sort orders names by UTF-16
// code units, as the standard says, so "🌈" sorts before "ﬃ". Ill-formed
// UTF-8 in a Go string is read as U+FFFD, as the parser reads its input.
// Unlike the class, whose objects are references, a SearchParams is a
// value: a copy (q := p) is a list of its own, which new URLSearchParams(p)
// makes in JavaScript. [URL.SearchParams] gives a URL's list and [URL.SetSearchParams] applies
// one with the standard's update steps: the query becomes the serialized
// list, and no query at all when it is empty. Those steps re-encode every
// pair ("?a=b%20~" becomes "?a=b+%7E"), so [URL.DeleteSearchParam], beyond
// the standard, removes the pairs of a name and keeps every other byte of
// the query, as the root package's URI.DeleteQueryKey does.
//
// # Differences from RFC 3986 and net/url
//
// The URL Standard repairs what RFC 3986 rejects, and rejects some of what
// it accepts. Compared with the root package, a strict RFC 3986 parser:
//
//   - Leading and trailing spaces and C0 controls are removed, tabs and
//     newlines are removed anywhere, and spaces, quotes, non-ASCII and
//     other bytes are percent-encoded instead of rejected.
//   - In special URLs (ftp, file, http, https, ws, wss) "\" is "/", the
//     slashes after the scheme may be missing or too many, the host must not
//     be empty (except for file), and the path is never empty.
//   - Hosts of special URLs are decoded, mapped by IDNA and lower-cased,
//     numbers such as "0x7f.1" are IPv4 addresses, and a host with a
//     forbidden code point is an error. Hosts of other URLs are opaque and
//     kept as written.
//   - Default ports are removed, "." and ".." segments are removed (also
//     "%2e"), the scheme is lower-cased, and "http://h" gets the path "/".
//   - Relative references are resolved by the parser, with browser rules:
//     "http:foo" against an http base is relative.
//
// Compared with net/url, which follows neither RFC 3986 nor the standard
// exactly: url.Parse lower-cases the scheme but keeps the host's case, dot
// segments, default ports, out-of-range ports and numeric hosts such as
// "0x7f.1" as written; it reads "http:\\h/" as an opaque URL, leaves a
// space in the query, does not apply IDNA ("https://bücher.example/"
// becomes "https://b%C3%BCcher.example/"), and rejects inputs that browsers
// accept, such as a leading space. This package gives the href a browser
// would show. net/url also decodes the path into Path; this package keeps
// every component percent-encoded, as the standard does.
//
// [URL.ToURI] turns a URL into a uri.URI of the root package: it
// percent-encodes what RFC 3986 does not allow in an href (a space in an
// opaque path, "#" in a fragment, "{" or "|" in a query, ...) and lists
// each such change. Package github.com/gouri/uri/readings puts the readings of
// RFC 3986, this package and net/url side by side, with the address that
// net/http would dial, for filters that must not be fooled by their
// differences.
//
// # Errors
//
// Every error is a *uri.Error, the module's one error value (this package
// no longer has an Error type of its own). Its Err is a [Kind], the
// validation error that made the standard's parser return failure
// (ErrHostMissing, ErrPortInvalid, ErrIPv4TooManyParts, ...), usable with
// errors.Is; its Detail says the same in plain words and names the code
// point at fault; its message begins with the Kind's name as the standard
// spells it ("uri: port-invalid (the port is not a number: "z" (U+007A) is
// not a digit) at offset 21 of ..."), which tells a reader that it was the
// URL Standard's parser that failed. Op is uri.OpParse for the parsing
// functions (with Name "base" when the base of [Resolve] fails),
// uri.OpRelativize for [Relativize] (Name "base" likewise), [OpSet], this
// package's own, for the setters, uri.OpBuild for [URL.ToURI]. Component is not set: the
// Kind names the part.
//
// Offset is a byte index into the input as given, counting the leading
// spaces and the tabs and newlines that the parser removes: the first byte
// of the code point at which the parser stopped, which is where the input
// stops being the beginning of any URL the parser accepts, and the length
// of the input when it ends too early ("https://[::1" fails at 12). As in
// the root package, a port that is not a number is reported at its first
// byte that is not a digit, although an "@" later could still make it part
// of the credentials. Offsets mean something else in one case: a failure
// that concerns a whole host (a domain that IDNA rejects, an IPv4 address
// with too many or too large parts) or a whole port (over 65535) is
// reported at the first byte of that host or port, since the parser knows
// only at its end ("http:.0" is no IPv4 address, "http:.0a" is a valid
// URL). The tests check the rule, with this exception, on every input the
// fuzzer makes. The setters return an error when the standard's steps leave the URL
// unchanged (see Setters above).
//
// # What this package does not do
//
// It does not implement encodings other than UTF-8 for queries and forms
// (the encoding argument of the parser and the serializer is HTML's
// concern), the record and sequence arguments of the URLSearchParams
// constructor (use Append), a list that stays connected to its URL (apply
// it with SetSearchParams), the blob URL
// store, domain to Unicode, the public suffix list, or URL rendering
// (section 4.8). It does not fetch anything or resolve host names.
//
// # Before version 1
//
// The API may still change, and this section says how when it does. The
// base now comes before the reference, as in every package of the module
// (uri.Resolve(base, ref)): ParseRef(input, base) became
// [Resolve](base, ref), and Validate(input, base) became
// [Validate](base, input). The Error type and its Op constants became the
// module's *uri.Error (see Errors above). The operation of the setters,
// uri.OpSet, is this package's [OpSet]. The HostKind type became the
// module's one uri.HostKind, which also has the forms of RFC 3986's hosts:
// HostNone, HostEmpty, HostDomain, HostIPv4, HostIPv6 and HostOpaque are
// uri.HostNone, uri.HostEmpty, and so on, with the same String values.
package whatwg

import (
	"net/netip"

	"github.com/gouri/uri"
)

// URL is a URL record of the URL Standard (section 4.1,
// https://url.spec.whatwg.org/#url-representation), held as its
// serialization (section 4.5) and the offsets of its components in it.
//
// The getters return what the standard's URL class returns (section 6.1):
// [URL.Href], [URL.Origin], [URL.Protocol], [URL.Username],
// [URL.Password], [URL.Host], [URL.Hostname], [URL.Port], [URL.Pathname],
// [URL.Search] and [URL.Hash]. Except for Origin in two cases (see there),
// they return substrings of the href and never allocate. The setters
// (SetHref, SetProtocol, ...) change a URL in place, as the class's setters
// do; the package documentation describes them.
//
// The URL record keeps distinctions that the class's getters drop: a null
// query or fragment from an empty one, a null host from an empty one. The
// raw accessors [URL.HasQuery], [URL.Query], [URL.HasFragment],
// [URL.Fragment] and [URL.HostKind] expose them.
//
// A URL is a small value, safe to copy and to use from several goroutines.
// Two URLs are == when their hrefs are equal (the standard's URL
// equivalence, section 4.6): the offsets follow from the href. The zero URL
// is not a URL record; all its getters return "", and [URL.Parse] treats it
// as no base URL.
type URL struct {
	href string
	// Offsets into href. Without a host, userEnd == hostStart == hostEnd ==
	// schemeEnd+1. queryStart is the index of "?" (of "#", or len(href),
	// without a query); fragStart is the index of "#" (len(href) without a
	// fragment).
	schemeEnd  int32 // index of the ":" after the scheme
	userEnd    int32 // end of the username
	hostStart  int32
	hostEnd    int32
	pathStart  int32 // after the port, or after "/." (see fDot)
	queryStart int32
	fragStart  int32
	kind       uri.HostKind
	scheme     schemeType
	flags      uint8
}

const (
	fOpaque   uint8 = 1 << iota // the path is opaque (section 4.1)
	fQuery                      // the query is non-null
	fFragment                   // the fragment is non-null
	fDot                        // "/." precedes the path (section 4.5, step 3)
)

// schemeType identifies the special schemes (URL Standard, section 4.2).
type schemeType uint8

const (
	schemeOther schemeType = iota
	schemeHTTP
	schemeHTTPS
	schemeWS
	schemeWSS
	schemeFTP
	schemeFile
)

// special reports whether the scheme is a special scheme.
func (s schemeType) special() bool { return s != schemeOther }

// defaultPort returns the default port of the scheme (section 4.2), or -1
// for null.
func (s schemeType) defaultPort() int {
	switch s {
	case schemeHTTP, schemeWS:
		return 80
	case schemeHTTPS, schemeWSS:
		return 443
	case schemeFTP:
		return 21
	}
	return -1
}

// lookupScheme returns the schemeType of the scheme s, compared ASCII
// case-insensitively: "ftp" 21, "file", "http" 80, "https" 443, "ws" 80,
// "wss" 443 (section 4.2).
func lookupScheme(s string) schemeType {
	// Scheme bytes are alphanumerics, "+", "-" and ".": setting bit 0x20
	// folds the letters and changes none of the others into a letter.
	switch len(s) {
	case 2:
		if s[0]|0x20 == 'w' && s[1]|0x20 == 's' {
			return schemeWS
		}
	case 3:
		if s[0]|0x20 == 'w' && s[1]|0x20 == 's' && s[2]|0x20 == 's' {
			return schemeWSS
		}
		if s[0]|0x20 == 'f' && s[1]|0x20 == 't' && s[2]|0x20 == 'p' {
			return schemeFTP
		}
	case 4:
		if s[0]|0x20 == 'h' && s[1]|0x20 == 't' && s[2]|0x20 == 't' && s[3]|0x20 == 'p' {
			return schemeHTTP
		}
		if s[0]|0x20 == 'f' && s[1]|0x20 == 'i' && s[2]|0x20 == 'l' && s[3]|0x20 == 'e' {
			return schemeFile
		}
	case 5:
		if s[0]|0x20 == 'h' && s[1]|0x20 == 't' && s[2]|0x20 == 't' && s[3]|0x20 == 'p' && s[4]|0x20 == 's' {
			return schemeHTTPS
		}
	}
	return schemeOther
}

// Href returns the URL's serialization (URL Standard, section 4.5), the
// href getter of section 6.1. It does not allocate: for a URL returned by
// [Parse] whose input was already in serialized form, it is the input
// itself.
func (u URL) Href() string { return u.href }

// String returns [URL.Href].
func (u URL) String() string { return u.href }

// Scheme returns the scheme without the ":", in lower case: "https".
func (u URL) Scheme() string {
	if u.href == "" {
		return ""
	}
	return u.href[:u.schemeEnd]
}

// Protocol returns the scheme followed by ":", the protocol getter of
// section 6.1: "https:".
func (u URL) Protocol() string {
	if u.href == "" {
		return ""
	}
	return u.href[:u.schemeEnd+1]
}

// IsSpecial reports whether the scheme is a special scheme (section 4.2):
// "ftp", "file", "http", "https", "ws" or "wss".
func (u URL) IsSpecial() bool { return u.scheme.special() }

// Username returns the username, percent-encoded, or "" (section 6.1).
func (u URL) Username() string {
	if u.kind == uri.HostNone {
		return ""
	}
	return u.href[u.schemeEnd+3 : u.userEnd]
}

// Password returns the password, percent-encoded, or "" (section 6.1).
func (u URL) Password() string {
	if u.kind == uri.HostNone || u.userEnd+1 >= u.hostStart {
		return ""
	}
	return u.href[u.userEnd+1 : u.hostStart-1]
}

// Host returns the serialized host followed by ":" and the port when the
// port is not null, or "" when the host is null: the host getter of
// section 6.1, "example.com:8080".
func (u URL) Host() string {
	if u.kind == uri.HostNone {
		return ""
	}
	return u.href[u.hostStart:u.pathStart]
}

// Hostname returns the serialized host (section 3.6), or "" when the host
// is null: the hostname getter of section 6.1. An IPv6 address keeps its
// brackets: "[::1]".
func (u URL) Hostname() string { return u.href[u.hostStart:u.hostEnd] }

// uri.HostKind returns what the host is (URL Standard, section 3.1):
// uri.HostNone when it is null, else uri.HostEmpty, uri.HostDomain,
// uri.HostIPv4, uri.HostIPv6 or uri.HostOpaque.
func (u URL) HostKind() uri.HostKind { return u.kind }

// Addr returns the host as an IP address when it is an IPv4 or IPv6
// address, and the zero netip.Addr otherwise. It does not allocate.
func (u URL) Addr() netip.Addr {
	h := u.Hostname()
	switch u.kind {
	case uri.HostIPv6:
		h = h[1 : len(h)-1]
	case uri.HostIPv4:
	default:
		return netip.Addr{}
	}
	a, err := netip.ParseAddr(h)
	if err != nil {
		return netip.Addr{}
	}
	return a
}

// Port returns the port in decimal, or "" when it is null, which includes
// the scheme's default port: the port getter of section 6.1.
func (u URL) Port() string {
	if u.kind == uri.HostNone || u.pathStart == u.hostEnd {
		return ""
	}
	return u.href[u.hostEnd+1 : u.pathStart]
}

// HasOpaquePath reports whether the path is opaque (section 4.1), as in
// "mailto:user@example.org": a single string rather than segments, which
// only a URL without a host and without "/" after the scheme has.
func (u URL) HasOpaquePath() bool { return u.flags&fOpaque != 0 }

// Pathname returns the serialized path (section 4.5, URL path serializer),
// the pathname getter of section 6.1: "/a/b", or the opaque path.
func (u URL) Pathname() string { return u.href[u.pathStart:u.queryStart] }

// Offsets are where the parts of a URL are in its href, for code that
// slices the href rather than joining the getters' values: the serializer
// writes them in this order (section 4.5). The username and password lie
// between "//" and HostStart, the port between HostEnd and PathStart.
type Offsets struct {
	SchemeEnd          int // the ":" after the scheme
	HostStart, HostEnd int // the serialized host; both SchemeEnd+1 when it is null
	PathStart          int // the path, after the port and after a "/." that the serializer writes before a path that begins with "//"
	QueryStart         int // the "?" of the query, or FragmentStart when the query is null
	FragmentStart      int // the "#" of the fragment, or len(Href()) when it is null
}

// Offsets returns where the parts of u are in u.Href(). It does not
// allocate.
func (u URL) Offsets() Offsets {
	return Offsets{int(u.schemeEnd), int(u.hostStart), int(u.hostEnd), int(u.pathStart), int(u.queryStart), int(u.fragStart)}
}

// HasQuery reports whether the query is non-null, that is, whether the
// href has a "?" after the path.
func (u URL) HasQuery() bool { return u.flags&fQuery != 0 }

// Query returns the query without the "?", or "" when it is null or empty.
func (u URL) Query() string {
	if u.flags&fQuery == 0 {
		return ""
	}
	return u.href[u.queryStart+1 : u.fragStart]
}

// Search returns "?" and the query, or "" when the query is null or empty:
// the search getter of section 6.1.
func (u URL) Search() string {
	if u.flags&fQuery == 0 || u.fragStart == u.queryStart+1 {
		return ""
	}
	return u.href[u.queryStart:u.fragStart]
}

// HasFragment reports whether the fragment is non-null, that is, whether
// the href has a "#".
func (u URL) HasFragment() bool { return u.flags&fFragment != 0 }

// Fragment returns the fragment without the "#", or "" when it is null or
// empty.
func (u URL) Fragment() string {
	if u.flags&fFragment == 0 {
		return ""
	}
	return u.href[u.fragStart+1:]
}

// Hash returns "#" and the fragment, or "" when the fragment is null or
// empty: the hash getter of section 6.1.
func (u URL) Hash() string {
	if u.flags&fFragment == 0 || int(u.fragStart)+1 == len(u.href) {
		return ""
	}
	return u.href[u.fragStart:]
}

// Origin returns the serialization of the URL's origin, the origin getter
// of sections 4.7 and 6.1: scheme "://" host [":" port] for "ftp", "http",
// "https", "ws" and "wss" URLs ("https://example.com:8443", a substring of
// the href when there are no credentials); for a "blob" URL, the origin of
// the http(s) or file URL its path parses to; and "null", an opaque
// origin, for every other URL. The standard leaves a "file" URL's origin
// to implementations and advises opaque when in doubt: it is "null" here.
func (u URL) Origin() string {
	switch u.scheme {
	case schemeHTTP, schemeHTTPS, schemeWS, schemeWSS, schemeFTP:
		if u.userEnd == u.hostStart {
			return u.href[:u.pathStart]
		}
		return u.href[:u.schemeEnd+3] + u.href[u.hostStart:u.pathStart]
	case schemeOther:
		if u.Scheme() != "blob" {
			break
		}
		// The blob URL entry is null here: this package has no blob URL store.
		p, err := Parse(u.Pathname())
		if err != nil {
			break
		}
		switch p.scheme {
		case schemeHTTP, schemeHTTPS, schemeFile:
			return p.Origin()
		}
	}
	if u.href == "" {
		return ""
	}
	return "null"
}

// MarshalText returns the href. It implements encoding.TextMarshaler, so
// that encoding/json writes a URL as its href.
func (u URL) MarshalText() ([]byte, error) { return []byte(u.href), nil }

// AppendText appends the href to b. It implements encoding.TextAppender.
func (u URL) AppendText(b []byte) ([]byte, error) { return append(b, u.href...), nil }

// UnmarshalText parses text with [Parse], without a base URL, and stores
// the result in u. On error, u is left as it was. It implements
// encoding.TextUnmarshaler.
func (u *URL) UnmarshalText(text []byte) error {
	v, err := Parse(string(text))
	if err != nil {
		return err
	}
	*u = v
	return nil
}
