// Package canon turns URLs into canonical keys, as crawlers and web
// archives do before they deduplicate, schedule or look a page up.
//
// A [Profile] is a documented list of steps:
//
//   - [WHATWG]: the URL Standard's parse and serialization
//     (https://url.spec.whatwg.org/, sections 4.4 and 4.5), through package
//     whatwg: the URL a browser would request.
//   - [SafeBrowsing]: the canonicalization of the "URLs and Hashing" section
//     of the Google Safe Browsing API (the same rules as Web Risk's
//     "URLs and hashing"): tab, CR and LF removed, the fragment removed,
//     percent-escapes decoded repeatedly, the host's dots and case and its
//     numeric IPv4 forms canonicalized after IDNA has mapped it, "/./",
//     "/../" and "//" resolved in the path, and the bytes <= 0x20, >= 0x7F,
//     "#" and "%" escaped again.
//   - [Semantic] and [Aggressive]: the "semantic precise" and "aggressive"
//     canonicalizations of the IIPC urlcanon project (its test data defines
//     them): the first keeps what the URL means to its server, the second
//     also drops what rarely changes the page (www, https, session ids).
//   - [Archive]: the Internet Archive's canonicalization, the one its SURT
//     keys are made of (surt 0.3.1's defaults, Heritrix's IA canonicalizer).
//
// A [Canonicalizer] adds options to any profile: query parameters dropped
// by name or prefix ([TrackingParams] is a default list), the query sorted,
// the fragment dropped. [Canonicalizer.Canon] keys a string,
// [Canonicalizer.CanonURL] a URL that package whatwg has parsed, and
// [Canonicalizer.CanonRef] a link on a page (base first, as in
// uri.Resolve), each with one parse. [SURT] and [Canonicalizer.SURT] write
// the Sort-friendly URI Reordering Transform key of web archives (Heritrix,
// the Wayback Machine, pywb, CDX files): "com,example)/path?query"; [SSURT]
// writes the "Sort-friendly SURT" of the IIPC urlcanon project.
//
// Every profile is idempotent under every set of options (canonicalizing a
// key again returns it; a property test and a fuzz target hold it), runs
// in time linear in its input and never panics; no key holds a control
// byte raw. When it cannot produce a key it returns an error that says why
// (no host, a port that is not a number, the URL Standard's parse error),
// never a guess.
//
// # Which profile
//
// For a crawler's frontier, deduplicate by [Semantic] keys with DropParams
// [TrackingParams] and DropFragment, and fetch the URL Standard's href of
// each link (see the example): Semantic merges the spellings that mean the
// same to a server ("%7E" and "~", "host." and "host", the order of the
// query's pairs, a default port) and drops the userinfo, and keeps what may
// name another resource (the case of the path, "%2F" and the other
// reserved characters encoded, and what decoding twice would change:
// "%252F" is not "%2F", nor "%2525" "%25"). The default,
// [WHATWG], is the URL a browser requests, not a deduplication key: it
// keeps "%7E" and "~" apart, and "host." and "host", so the same page is
// fetched twice, and it puts a password of the userinfo into the key (and
// into the logs and files that hold keys). [Aggressive] merges what
// probably shows the same page (http and https, "www", the case of the
// path, session ids), so a distinct page can be skipped: use it to look a
// page up in an archive. [SafeBrowsing] decodes "%2F" and drops the port,
// for lookups in Safe Browsing's lists, whose entries are written that way.
// [Archive] and [SURT] are for CDX indexes.
//
// # Options and keys
//
// The options of a [Canonicalizer] work with every profile: DropParams
// (names, or prefixes ending in "*", matched with ASCII letters in either
// case under every profile; [TrackingParams] lists utm_*, gclid, fbclid,
// msclkid and others), SortQuery (the pairs sorted by name, then value, as
// the archive's key sorts them, each pair kept as written) and
// DropFragment. [SURT] is the Internet Archive's key with its defaults;
// Canonicalizer{Profile: Archive, ...}.SURT is that key with options added
// to the defaults (DropParams [TrackingParams] drops tracking parameters
// and still the trailing "/", the fragment and session ids).
// [Canonicalizer.SURT] writes the key of any profile's result; [SURTOf]
// writes the SURT form of a URL as it is (Heritrix's
// "http://(org,example,)/"), [SSURT] the IIPC urlcanon project's
// "sort-friendly" form, and [LookupExpressions] the host-suffix and
// path-prefix expressions that a Safe Browsing client looks up. The command
// "uri canon" writes one key per input (docs/command.md#canon in the
// module).
//
// # Where the profiles depart from urlcanon
//
// Semantic and Aggressive follow urlcanon's test data, which they pass but
// for the cases listed in the tests, and depart from its code where a key
// would otherwise change a URL's meaning or not be its own key:
//
//   - Percent-escapes are decoded once, as a server decodes them (RFC
//     3986, Section 6.2.2.2), where urlcanon decodes until none is left:
//     an escape that decoding makes is text. "%252F" stays "%252F" (the
//     text "%2F" to a server, where "%2F" is "/" in a segment), "%2525"
//     stays apart from "%25", "?x=%2526" from "?x=%26", and
//     "/%252e%252e/x" is no dot segment.
//   - The escape of a reserved character stays encoded, in upper case
//     (urlcanon decodes "%2F", "%40", "%3D", ...): Section 2.2 makes
//     "a%2Fb" one segment and "a/b" two, and "a;b" and "a%3Bb", or in the
//     query "a=b=c" and "a=b%3Dc", may be different data to a server; "+"
//     is a space in form data and "%2B" a plus. An opaque path keeps "/"
//     encoded too, so that "javascript:%2F%2Fevil.example" never becomes
//     an authority. A reserved character written raw stays raw.
//   - A "\" decoded in a special URL's path stays encoded, and so does "|"
//     in a file path: the parser would read them as "/" and a drive
//     letter.
//   - Aggressive cuts ";jsessionid=" and all that follows in the path,
//     whatever the length (urlcanon: 32 letters and digits at the end), and
//     drops the session ids of the query by the archive's rule.
//   - A "www" or "wwwN" label is kept when only one label would follow
//     ("www.com" stays; urlcanon makes it "com"), and every leading one is
//     dropped ("www.www.example.com" is "example.com"; urlcanon drops one
//     per run).
//
// # SURT keys and surt
//
// [SURT] gives the keys of surt 0.3.1's surt(url) with its defaults: no
// scheme, the host's labels reversed (an IPv4 address too:
// "1,0,168,192:8080)/x"), the query's pairs sorted as (name, value)
// tuples ("id=5&id2=3"), a default port, "www" labels, session ids, an
// empty query and a trailing "/" dropped, and the host's empty labels
// ("www.example.com." is "com,example)/"); the key is lower case
// throughout, the percent-escapes of the host included ("http://a%FFb.com/"
// is "com,a%ffb)/"), since surt's IA canonicalizer lowers the host after
// Google's steps have escaped it. It reads the slashes after
// "http:" and "https:" as surt does: any number of them, none included,
// come before the host ("http:////www.vikings.com" is "com,vikings)/",
// "http:x.com/y" is "com,x)/y", "http:8080/x" has the host 8080 as in the
// URL Standard), and a second "http://" or "https://" right after them
// replaces the first ("http://https://order.1and1.com" is
// "com,1and1,order)/"). The other profiles read the slashes as their
// definitions do (SafeBrowsing, as Google's client, finds no host in
// "http:///x"), and [Canonicalizer.SURT] drops the empty labels of their
// hosts too: under WHATWG, whose URL keeps the final dot of
// "https://www.example.com./x", the key is "com,example)/x", which sorts
// with the other keys of example.com; a host of dots alone ("http://./")
// has no key (uri.ErrNoHost).
//
// The keys differ from surt's by design where surt's would not be the key
// of their own canonical URL, would be no key, or would take one part of
// the URL for another:
//
//   - every leading "www" label is dropped, not one; and one is kept where
//     a single label would follow ("www.com" is "com,www)/", surt's
//     "com)/"), as in Semantic and Aggressive;
//   - an IPv6 address is written whole in its brackets: its colons and
//     dots are no labels, and its last group no port (surt writes
//     "http://[2001:db8::1]:8080/x" as "2001:db8::1:8080)/x");
//   - the scheme is matched in any case ("HTTP:///www.example.com/" is
//     "com,example)/", which surt leaves as a URL), and a port after a host
//     that extra slashes precede is the port ("https:///x.com:443/y" is
//     "com,x)/y", surt's "com:443,x)/y");
//   - a URL of http or https with no host ("http:///", "http://./") is
//     uri.ErrNoHost, where surt writes "http:/";
//   - the bytes of a URL with no "//" that are <= 0x20 or DEL are escaped;
//   - the empty string is an error, not surt's placeholder "-".
//
// The path and query are surt's: the Safe Browsing steps decode their
// percent-escapes until none is left, "%2F" and "%252F" included, and
// resolve the dot segments after, so "http://example.com/docs/..%2F..%2Fetc/passwd"
// is "com,example)/etc/passwd", the key under which the archive's indexes
// hold that URL. Such a key finds a capture; it is no path to serve or to
// check. Canonicalizer{Profile: Semantic}.SURT decodes once and keeps
// "%2F" ("com,example)/docs/..%2f..%2fetc/passwd", lower-cased).
//
// # Which archives' keys
//
// The keys of [SURT] are those of the indexes that surt's defaults make,
// and Canon with the [Archive] profile gives the URL they are made of:
//
//   - surt (the Python package of the Internet Archive, 0.3.1):
//     surt.surt(url), whose module says it ports the WaybackURLKeyMaker
//     class of the Java archive-commons (ia-web-commons) library;
//   - pywb: its canonicalize calls surt.surt(url) for the key of an index
//     in SURT order (its default), and its indexer and cdxj-indexer write
//     that key into CDX and CDXJ files. A pywb index in URL order
//     (surt_ordered false) holds the same key with the host's labels put
//     back in order ("example.com/path"). cdxj-indexer's --post-append
//     (off by default) adds "__wb_method=post" and the request's body to
//     the query of the key of a POST or PUT capture, which no canonical
//     key of a URL can hold; and it keeps as its key a URL that surt
//     fails on, where SURT returns an error;
//   - Common Crawl: its CDX index (index.commoncrawl.org) is written by
//     pywb's cdx-indexer in SURT order (the webarchive-indexing project),
//     and the columnar index's url_surtkey is that key, converted from the
//     CDX files (the cc-index-table project);
//   - OpenWayback: its cdx-indexer with -new-canon-surt writes the keys of
//     archive-commons' WaybackURLKeyMaker. Without an option it writes
//     the keys of its AggressiveUrlCanonicalizer, which are no SURT keys:
//     the host in its order ("example.com/a/?b&a"), the whole URL lower
//     case, the query in its order and a trailing "/" kept, a "%20" of the
//     path written "+", one leading "www" label dropped only before a
//     path longer than "/". Such an index is looked up with keys of that
//     canonicalizer, not with these.
//
// So one key serves surt, pywb, Common Crawl and OpenWayback's indexes in
// SURT order, but for the departures from surt listed above.
//
// # Conformance and speed
//
// The tests run urlcanon's test data and the cases of Google's Safe
// Browsing client; the few cases where those read otherwise than the
// profile's own definition (Google's client drops the query and writes
// lower-case hex; urlcanon follows a 2016 draft of the URL Standard) are
// listed in the tests with the rule. An input that is already canonical
// costs SafeBrowsing a fraction of an allocation on average (the string
// itself is returned); a SURT key is always a new string, its one
// allocation. docs/performance.md in the module compares the speed with
// net/url and another implementation, with the command that measures it.
//
// # Errors
//
// Every error is a *uri.Error, the module's one error value (this package
// has no Error type of its own): Op is [OpCanon] ([Canon],
// [Canonicalizer.Canon], [LookupExpressions]) or [OpSURT] ([SURT],
// [Canonicalizer.SURT]), this package's operations, Name the profile
// ("semantic"), Input the input. Err is uri.ErrNoHost, one of the
// sentinels of this package ([ErrBadPort], ...) or, when the URL
// Standard's parser fails, its whatwg.Kind, with that parser's *uri.Error
// as Cause, so that errors.Is finds the Kind and errors.As the parser's
// error. The message reads "uri: canon safebrowsing: no host at
// offset 7 of "mailto:x"".
//
// Offset follows the rule of uri.Error (the input up to it still begins
// some input that has a key) where the steps know it: an error of the URL
// Standard's parser on the input itself has that parser's offset; the Safe
// Browsing steps report the byte at fault in the authority as it is read
// (a port's first byte that is not a digit, although an "@" later would
// make it a password, as package uri does), and the byte where "//"
// should follow a scheme. It is uri.NoOffset where the steps rewrote the
// text before the fault (a tab or newline removed, a percent-escape
// decoded, or the URL Standard's host read again without its empty
// labels), since a position in the text they made is none in the input,
// and for an unknown Profile.
//
// # Before version 1
//
// The API may still change, and this section says how when it does.
// ErrNoHost is the module's uri.ErrNoHost, which other packages give for a
// URL without a host too, with the same message. TrackingParams, a
// variable that any package could change, is a function that returns a
// new slice: DropParams: canon.TrackingParams() where DropParams:
// canon.TrackingParams was written.
package canon

import (
	"errors"
	"strconv"

	"github.com/gouri/uri"
	"github.com/gouri/uri/internal/abnf"
	"github.com/gouri/uri/whatwg"
)

// Profile selects the steps of a canonicalization. The zero Profile is
// [WHATWG].
type Profile uint8

// The profiles. Each one's steps are listed in the package documentation.
const (
	// WHATWG is the URL Standard's basic URL parser (section 4.4) and URL
	// serializer (section 4.5), as whatwg.Parse and URL.Href run them.
	WHATWG Profile = iota
	// SafeBrowsing is the canonicalization of the "URLs and Hashing"
	// section of the Google Safe Browsing API v4 documentation. The port
	// and the userinfo are dropped, as its examples and Google's client
	// do ("http://www.gotaport.com:1234/" gives "http://www.gotaport.com/");
	// the query is kept, as its examples do.
	SafeBrowsing
	// Semantic is the "semantic precise" canonicalization of the IIPC
	// urlcanon project: the URL Standard's parse (an input without a
	// scheme read as http), each component percent-decoded once, as a
	// server decodes it (RFC 3986, Section 6.2.2.2), but for the escapes
	// of the reserved characters (Section 2.2: "/", "?", "#", "@", "=",
	// "&", "+", ...), of "%" itself, and of "\" in a special path, which
	// stay encoded, then escaped again as SafeBrowsing escapes, the
	// userinfo dropped, the query sorted by its bytes (urlcanon's order).
	// It keeps what the URL means to its server: "%252F" is the text
	// "%2F" to a server, not "/" nor "%2F", and keeps its key. The package
	// documentation lists where it departs from urlcanon.
	Semantic
	// Aggressive is urlcanon's "aggressive" canonicalization: Semantic,
	// then https read as http, leading labels "www", "www2"... dropped,
	// the path and query lower-cased, session ids (PHP, Java, ASP.NET,
	// ColdFusion) dropped, empty query pairs and an empty query removed,
	// a trailing "/" dropped, the fragment removed. Two URLs with the same
	// Aggressive key probably show the same page.
	Aggressive
	// Archive is the Internet Archive's canonicalization, the one its
	// SURT keys are made of (the defaults of surt 0.3.1 and of Heritrix's
	// IA canonicalizer, as CDX indexes hold them): the SafeBrowsing steps
	// (percent-escapes decoded until none is left, "%2F" included, then
	// dot segments resolved), keeping a port other than the scheme's
	// default and reading any number of slashes after "http:" and
	// "https:" as surt does ("http:////www.vikings.com" is
	// "http://vikings.com/"), then the path
	// and query lower-cased, leading "www", "www2"... labels dropped, the
	// session ids of PHP, Java, ASP.NET and ColdFusion dropped, the query
	// sorted by (name, value) and an empty one removed, a trailing "/"
	// dropped. A URL with another scheme and no "//" (dns:, filedesc:,
	// warcinfo:, mailto:) is its own key. [SURT] writes its key; with
	// options, Canonicalizer{Profile: Archive, ...}.SURT is the archive's
	// key with those options added.
	Archive
)

var profileNames = [...]string{WHATWG: "whatwg", SafeBrowsing: "safebrowsing", Semantic: "semantic", Aggressive: "aggressive", Archive: "archive"}

// String returns the profile's name as the command's --profile takes it:
// "whatwg", "safebrowsing", "semantic", "aggressive" or "archive".
func (p Profile) String() string {
	if int(p) < len(profileNames) {
		return profileNames[p]
	}
	return "profile(" + strconv.Itoa(int(p)) + ")"
}

// ParseProfile returns the profile of the given name (see [Profile.String]),
// or false.
func ParseProfile(name string) (Profile, bool) {
	for p, n := range profileNames {
		if n == name {
			return Profile(p), true
		}
	}
	return 0, false
}

// The operations of this package, as the Op of its *uri.Error names them
// (see Errors in the package documentation). Name is the profile.
const (
	// OpCanon: making a canonical key, in [Canon], [Canonicalizer.Canon]
	// and [LookupExpressions].
	OpCanon uri.Op = "canon"

	// OpSURT: making a SURT key, in [SURT] and [Canonicalizer.SURT].
	OpSURT uri.Op = "surt"
)

// The reasons that this package puts in the Err of its *uri.Error (see
// Errors in the package documentation), besides the module's
// uri.ErrNoHost for an input without a host, or with one that is empty
// once its dots are removed (Safe Browsing keys only URLs with a host); a
// failure of the URL Standard's parser has its whatwg.Kind instead.
var (
	// ErrBadPort: the port is not a number.
	ErrBadPort = errors.New("port is not a number")
	// ErrBadHost: a ":" in a host that is no IP literal ("a:b:80").
	ErrBadHost = errors.New(`":" in the host`)
	// ErrBadIPLiteral: a "[" host without its "]".
	ErrBadIPLiteral = errors.New(`"[" without "]" in the host`)
	// ErrUnknownProfile: the Profile is none of the package's.
	ErrUnknownProfile = errors.New("unknown profile")
)

// Canonicalizer is a profile with options. Its zero value is the [WHATWG]
// profile without options. A Canonicalizer is not modified by its methods
// and may be used by several goroutines at once.
type Canonicalizer struct {
	Profile Profile
	// DropParams lists query parameters to remove: a name matches a
	// parameter whose name, form-decoded (URL Standard, section 5.1), is
	// equal to it; a name ending in "*" matches every name that begins
	// with the text before the "*". ASCII letters match in either case,
	// under every profile: "utm_*" drops "UTM_SOURCE" as it drops
	// "utm_Source". See [TrackingParams] and [Canonicalizer.DropsParam].
	DropParams []string
	// SortQuery sorts the query's "&"-separated pairs by name, then value,
	// as the archive's SURT key does ("id=5&id2=3" stays; a pair without
	// "=" before the same name with one). Each pair keeps its bytes,
	// unlike URLSearchParams.sort, which re-encodes them.
	SortQuery bool
	// DropFragment removes the fragment ([SafeBrowsing] always does).
	DropFragment bool
}

// TrackingParams returns the query parameters that marketing tools add to
// links and that do not select the resource, as a [Canonicalizer]'s
// DropParams takes them: Google Analytics' utm_* (UTM) parameters, Google
// Ads' gclid, dclid and gbraid/wbraid, Facebook's fbclid, Microsoft Ads'
// msclkid, Mailchimp's mc_cid and mc_eid, Yandex's yclid, HubSpot's _hsenc
// and _hsmi, Instagram's igshid, Marketo's mkt_tok. Each call allocates a
// new slice, which the caller may change or extend:
// append(canon.TrackingParams(), "ref").
func TrackingParams() []string {
	return []string{
		"utm_*", "gclid", "dclid", "gbraid", "wbraid", "fbclid", "msclkid",
		"mc_cid", "mc_eid", "yclid", "_hsenc", "_hsmi", "igshid", "mkt_tok",
	}
}

// Canon returns the canonical form of s under p, without options:
// Canonicalizer{Profile: p}.Canon(s).
func Canon(s string, p Profile) (string, error) {
	return Canonicalizer{Profile: p}.Canon(s)
}

// Canon returns the canonical form of s under c's profile and options, or
// a *uri.Error with Op [OpCanon] (see Errors in the package
// documentation). Canonicalizing the result again returns it unchanged.
func (c Canonicalizer) Canon(s string) (string, error) {
	switch c.Profile {
	case WHATWG:
		u, err := whatwg.Parse(s)
		if err != nil {
			return "", c.fail(OpCanon, s, err)
		}
		return c.whatwgKey(u), nil
	case Semantic, Aggressive:
		r, err := semantic(s)
		if err != nil {
			return "", c.fail(OpCanon, s, err)
		}
		return c.semKey(&r), nil
	}
	return c.canonText(s)
}

// canonText is Canon for the profiles that read the input's text rather
// than the URL Standard's parse: SafeBrowsing and Archive.
func (c Canonicalizer) canonText(s string) (string, error) {
	switch c.Profile {
	case SafeBrowsing:
		p, err := googleParts(s, false)
		if err != nil {
			return "", c.fail(OpCanon, s, err)
		}
		p.query, p.hasQuery = c.editQuery(p.query, p.hasQuery)
		if p.writes(s) {
			return s, nil
		}
		return p.String(), nil
	case Archive:
		if opaque(s) {
			return opaqueKey(s), nil
		}
		p, err := c.archiveParts(s)
		if err != nil {
			return "", c.fail(OpCanon, s, err)
		}
		p.path = abnf.LowerString(p.path)
		return p.String(), nil
	}
	return "", c.fail(OpCanon, s, ErrUnknownProfile)
}

// CanonURL returns the canonical form of u, a URL that the URL Standard
// has parsed (whatwg.Parse, or URL.Parse for a link on a page), under c's
// profile and options: Canon(u.Href()) without parsing the href again
// under WHATWG, Semantic and Aggressive; SafeBrowsing and Archive read
// the href's text, as their documents do. It allocates the key (nothing
// more under WHATWG without options when the href is the key). On error
// it returns a *uri.Error with Op [OpCanon] whose Input is u.Href();
// the zero URL is no URL and gives the error of Canon("").
func (c Canonicalizer) CanonURL(u whatwg.URL) (string, error) {
	if u.Href() == "" {
		return c.Canon("")
	}
	switch c.Profile {
	case WHATWG:
		return c.whatwgKey(u), nil
	case Semantic, Aggressive:
		r, err := semanticURL(u)
		if err != nil {
			return "", c.fail(OpCanon, u.Href(), err)
		}
		return c.semKey(&r), nil
	}
	return c.canonText(u.Href())
}

// CanonRef returns the canonical form of the link ref on the page whose
// URL is base, under c's profile and options: ref resolved against base
// as a browser resolves an href (URL Standard, section 4.4; base comes
// first, as in uri.Resolve), then keyed as [Canonicalizer.CanonURL] keys
// it, without parsing the result again. Each call parses base; for many
// links on one page, parse the page once and call CanonURL(page.Parse(ref)).
// On error it returns a *uri.Error with Op [OpCanon]: Name "base" and
// Input base when base fails to parse, Input ref when ref does, and
// CanonURL's error otherwise.
func (c Canonicalizer) CanonRef(base, ref string) (string, error) {
	b, err := whatwg.Parse(base)
	if err != nil {
		e := c.fail(OpCanon, base, err)
		e.Name = "base"
		return "", e
	}
	u, err := b.Parse(ref)
	if err != nil {
		return "", c.fail(OpCanon, ref, err)
	}
	return c.CanonURL(u)
}

// semKey writes the result of the Semantic or Aggressive steps, with the
// Aggressive ones when c says so, after c's options.
func (c Canonicalizer) semKey(r *sem) string {
	if c.Profile == Aggressive {
		aggressiveSem(r)
	}
	r.query, r.hasQuery = c.editQuery(r.query, r.hasQuery)
	if c.DropFragment {
		r.fragment, r.hasFragment = "", false
	}
	return r.String()
}

// fail returns the error of the operation op of c's profile on s that
// failed with err: a sentinel of this package, the *uri.Error of the Safe
// Browsing steps (which carries the offset), or the *uri.Error of the URL
// Standard's parser, which becomes the Cause, its Kind the reason and its
// offset the offset when it is about s itself: an offset in another text
// (a host read again) is no offset in s.
func (c Canonicalizer) fail(op uri.Op, s string, err error) *uri.Error {
	e := &uri.Error{Op: op, Name: c.Profile.String(), Input: s, Offset: uri.NoOffset, Err: err}
	ue, ok := err.(*uri.Error)
	switch {
	case !ok:
	case ue.Op == "": // the Safe Browsing steps'
		e.Offset, e.Err = ue.Offset, ue.Err
	default:
		e.Err, e.Cause = ue.Err, ue
		if ue.Input == s {
			e.Offset = ue.Offset
		}
	}
	return e
}

// whatwgKey is the WHATWG profile's key of u: its href, then the options.
func (c Canonicalizer) whatwgKey(u whatwg.URL) string {
	href := u.Href()
	if !c.options() {
		return href
	}
	// The options cut the href at the "?" and "#" where the URL says they
	// are, and keep every other byte.
	o := u.Offsets()
	head, frag := href[:o.QueryStart], href[o.FragmentStart:]
	if c.DropFragment {
		frag = ""
	}
	q, hasQ := u.Query(), u.HasQuery()
	q, hasQ = c.editQuery(q, hasQ)
	if hasQ {
		return head + "?" + q + frag
	}
	return head + frag
}

// options reports whether c has an option that edits a URL.
func (c Canonicalizer) options() bool {
	return len(c.DropParams) > 0 || c.SortQuery || c.DropFragment
}
