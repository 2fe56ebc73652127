package uri

import (
	"strings"

	"github.com/gouri/uri/internal/abnf"
	"github.com/gouri/uri/internal/lazybuf"
)

// This file is the API of the comparison ladder of RFC 3986, Section 6.2:
// the normalization steps, and the functions that apply them, which all
// call normalize (normalize_write.go), the one writer of the normal form.
// normalize_scheme.go holds the rules of the schemes (Section 6.2.3).

// Normalization is a set of normalization steps for [URI.NormalizeWith]. The
// steps are independent flags; [SyntaxBased], [DefaultNormalization] and
// [CrawlerNormalization] are the usual sets.
//
// The steps up to NormalizeIDNA keep the meaning of a reference (RFC 3986,
// Section 6.2.2 and 6.2.3). The steps from NormalizeSortQuery on CHANGE what a
// reference may mean to the server that receives it: they are what web
// crawlers use to find probable duplicates, never part of the default, and a
// URI they produce must not be used in place of the original one.
type Normalization uint32

// The normalization steps. Each comment gives an input and what the step
// alone makes of it.
const (
	// NormalizeCase lower-cases the scheme and the host, ASCII letters only,
	// and upper-cases the hex digits of every percent-encoding (RFC 3986,
	// Section 6.2.2.1). The zone of an RFC 6874 IP-literal keeps its case.
	//
	//	HTTP://www.EXAMPLE.com/a%c3%a9  ->  http://www.example.com/a%C3%A9
	NormalizeCase Normalization = 1 << iota

	// NormalizePercent decodes the percent-encodings of unreserved characters
	// (ALPHA, DIGIT, "-", ".", "_", "~") in every component (RFC 3986,
	// Sections 2.3 and 6.2.2.2), and no others: "%2F" stays "%2F". A decoded
	// letter in the host is lower-cased too when NormalizeCase is set.
	//
	//	http://a/%7Euser/%41%2F  ->  http://a/~user/A%2F
	NormalizePercent

	// NormalizeDotSegments removes the dot segments "." and ".." from the path
	// (RFC 3986, Section 6.2.2.3). "%2E" counts as ".", since the two are
	// equivalent (Section 2.3). A path that begins with "/", and any path of
	// a URI with a scheme, gets the remove_dot_segments algorithm of Section
	// 5.2.4, exactly as resolution applies it, quirks included: the rootless
	// "x:../a" becomes "x:a", and "x:a/../b" becomes "x:/b". A relative-path
	// reference loses only what cannot change its meaning against any base
	// with a directory: "." segments and "segment/.." pairs, each with the
	// "/" after it if it has one ("a/b/.." is "a/", "a/../.." is ".."); leading
	// ".." segments stay as they are. (A base without an authority and
	// without "/" in its path, such as "mailto:x", has none: merged with it,
	// the reference is the whole path, and the quirk above applies, so
	// "a/../b" resolves to "mailto:/b" and its normal form "b" to
	// "mailto:b".) Where the result would be read differently, a prefix
	// keeps its meaning: "./" before a relative path that would be empty
	// ("a/.." is "./"), begin with "/" or have a ":" in its first segment,
	// and "/." before a path without authority that would begin with "//".
	//
	//	http://a/b/./c/../d  ->  http://a/b/d
	//	a/./b/../../../c     ->  ../c
	NormalizeDotSegments

	// NormalizeIPv6 writes an IPv6 address in its RFC 5952 canonical text:
	// lower case, no leading zeros, the longest run of zero pieces
	// compressed to "::", and the dotted-decimal form for IPv4-mapped
	// addresses. A zone identifier (RFC 6874) is kept as written.
	//
	//	http://[2001:DB8:0:0:0:0:0:1]/  ->  http://[2001:db8::1]/
	NormalizeIPv6

	// NormalizePort removes an empty port with its ":" (RFC 3986, Section
	// 3.2.3: "URI producers and normalizers should omit the port component
	// and its ':' delimiter if port is empty"), for every scheme. For the
	// schemes of the scheme table (see [NormalizeSchemeRules]) it also
	// removes the scheme's default port, and the leading zeros of any other
	// port number (Section 6.2.3).
	//
	//	http://a:/  ->  http://a/        http://a:0080/  ->  http://a/
	//	foo://a:/   ->  foo://a/         http://a:08080/ ->  http://a:8080/
	NormalizePort

	// NormalizeSchemeRules applies the other scheme-specific equivalences of
	// the scheme table (RFC 3986, Section 6.2.3): the empty path of an http,
	// https, ws or wss URI with an authority becomes "/" (RFC 9110, Section
	// 4.2.3; RFC 6455, Section 3); the host "localhost" of a file URI without
	// userinfo or port becomes empty (RFC 8089, Section 2, and the "default
	// authority" paragraph of Section 6.2.3); the drive letter of a file URI
	// is written in one way (see below); and the domains of a mailto URI are
	// lower-cased with NormalizeCase (Section 6.2.3's own example; RFC 6068),
	// unless the path, after dot segments are removed, has a "/" or a quoted
	// local part ("%22"), where the domain cannot be told from the local part
	// by a simple rule. Schemes not in the table are left as the syntax-based
	// steps leave them.
	//
	// The drive letter: in a file URI without a host, or with the host
	// "localhost" that the rule above removes, a first path segment of one
	// letter and a ":" is a DOS or Windows drive letter (RFC 8089, Appendix
	// E.2). Writers spell it in several ways that name the same drive: the
	// letter in either case (drive letters are case-insensitive), the ":"
	// percent-encoded ("%3A", as some editors write it), or "|" in its place,
	// which RFC 3986 allows only percent-encoded ("%7C", Appendix E.2.2). The
	// normal form writes the letter in upper case and a ":", after dot
	// segments are removed, so that "file:///c%3A/x" and "file:///C:/x" are
	// [Equivalent]. The rule reads such a segment as a drive whatever system
	// the URI is meant for: the POSIX directories "/c:" and "/C:" share one
	// file URI, and [FromFilePath] refuses the first ([ErrDriveLetter]).
	//
	//	http://a        ->  http://a/
	//	file://LocalHost/etc/hosts  ->  file:///etc/hosts
	//	file:///c%3a/Windows        ->  file:///C:/Windows
	//	mailto:Joe@Example.COM      ->  mailto:Joe@example.com
	NormalizeSchemeRules

	// NormalizeIDNA converts a reg-name host that holds percent-encoded
	// UTF-8 to its IDNA A-labels with [HostToASCII], for the schemes of the
	// scheme table that name a host resolved through the DNS (RFC 3986,
	// Section 3.2.2). A host that the UTS #46 lookup profile rejects is left
	// as it is. It keeps the meaning, but is not part of the default because
	// it allocates and depends on the Unicode version of the IDNA tables.
	//
	//	http://b%C3%BCcher.example/  ->  http://xn--bcher-kva.example/
	NormalizeIDNA

	// NormalizeSortQuery CHANGES MEANING. It sorts the query parameters,
	// separated by "&" (";" is data), by their key (the text before the
	// first "="), comparing the normalized bytes; parameters with equal keys
	// keep their order, since many applications read repeated keys as a
	// list. Empty pieces ("&&", a leading or trailing "&") are dropped; a
	// query of only "&" becomes the empty query "?", which stays present
	// unless NormalizeDropEmptyQuery is set. Parameters are not otherwise
	// changed.
	//
	//	http://a/?b=2&a=1&b=1&  ->  http://a/?a=1&b=2&b=1
	NormalizeSortQuery

	// NormalizeDropFragment CHANGES MEANING: it removes the fragment and its
	// "#". RFC 3986, Section 6.1 says to leave the fragment out when
	// comparing URIs "for the purpose of selecting (or avoiding) a network
	// action", which is what a crawler does.
	//
	//	http://a/p#section-2  ->  http://a/p
	NormalizeDropFragment

	// NormalizeDropEmptyQuery CHANGES MEANING: it removes a "?" that is
	// followed by an empty query, or, with NormalizeSortQuery, by a query
	// that sorting leaves empty. RFC 3986, Section 6.2.3 says "http://a/?"
	// is not equivalent to "http://a/", although most servers answer both
	// alike.
	//
	//	http://a/p?#f  ->  http://a/p#f
	NormalizeDropEmptyQuery

	// NormalizeMergeSlashes CHANGES MEANING: it removes the empty segments of
	// the path, that is, it turns each run of "/" into one "/". A final "/"
	// stays. With NormalizeDotSegments, the empty segments are removed first,
	// so "a//../b" is "b", not "a/b".
	//
	//	http://a//b///c/  ->  http://a/b/c/
	NormalizeMergeSlashes

	// NormalizeDecodeQuery CHANGES MEANING: it also decodes, in the query
	// only, the percent-encodings of the reserved characters that the query
	// may hold unencoded and that the usual query formats do not interpret:
	// ":", "/", "?", "@", "!", "$", "'", "(", ")", "*" and ",". It keeps "&",
	// "=", "+" and ";" encoded, because form encoding
	// (application/x-www-form-urlencoded) and many servers give them a
	// meaning (parameter separators, "+" for a space), and "#", "[", "]",
	// which the query may not hold unencoded. RFC 3986, Section 2.2 says that
	// decoding any reserved character can change the meaning; for a server
	// that decodes its query as form data, these do not.
	//
	//	http://a/?q=%2Fa%2Fb%3F&x=%26  ->  http://a/?q=/a/b?&x=%26
	NormalizeDecodeQuery
)

// The usual sets of normalization steps.
const (
	// SyntaxBased is syntax-based normalization, exactly the three steps of
	// RFC 3986, Section 6.2.2: case, percent-encoding and dot segments.
	SyntaxBased = NormalizeCase | NormalizePercent | NormalizeDotSegments

	// DefaultNormalization is what [URI.Normalize] does: SyntaxBased, the
	// RFC 5952 text of IPv6 addresses and scheme-based normalization
	// (RFC 3986, Section 6.2.3). It never changes what a reference means.
	DefaultNormalization = SyntaxBased | NormalizeIPv6 | NormalizePort | NormalizeSchemeRules

	// CrawlerNormalization adds to DefaultNormalization the IDNA step and all
	// the steps that CHANGE MEANING, for finding probable duplicates.
	CrawlerNormalization = DefaultNormalization | NormalizeIDNA | NormalizeSortQuery |
		NormalizeDropFragment | NormalizeDropEmptyQuery | NormalizeMergeSlashes | NormalizeDecodeQuery
)

// Normalize returns u.NormalizeWith([DefaultNormalization]): u in the normal
// form of RFC 3986, Sections 6.2.2 and 6.2.3, with IPv6 addresses in RFC
// 5952 text. Normalizing the result again changes nothing, and an empty
// component stays present ("http://a/?" keeps its "?"). An already normal
// u is returned as it is, without allocating.
func (u URI) Normalize() URI { return u.NormalizeWith(DefaultNormalization) }

// NormalizeWith returns u with exactly the steps in n applied (see
// [Normalization]). If nothing changes, it returns u without allocating;
// otherwise the new text is its one allocation, but for a long path with
// dot segments, IDNA and the sorting of many query parameters. It runs in
// time linear in the length of u (sorting aside), and returns u when the
// result would pass the 2 GiB limit of this package.
func (u URI) NormalizeWith(n Normalization) URI {
	if n == 0 {
		return u
	}
	var v URI
	var w lazybuf.Writer
	w.Reset(u.s, nil, 0)
	if !normalize(&w, &u.ref, n, &v.ref) {
		return u
	}
	v.s = w.String()
	v.fixHostKind()
	return v
}

// Normalize parses s with [Parse] and returns the text of its
// [URI.Normalize] form: s itself, without allocating, if s is already
// normal. On error it returns "" and an *[Error] with Op "normalize".
//
//	Normalize("HTTP://www.Example.COM:80/a/./b/../%7Ec") == "http://www.example.com/a/~c"
func Normalize(s string) (string, error) {
	var u, v ref // filled in place, never copied whole (see parseText)
	if err := u.parseText(s, grammar{}); err != nil {
		return "", withOp("normalize", err)
	}
	var w lazybuf.Writer
	w.Reset(s, nil, 0)
	if !normalize(&w, &u, DefaultNormalization, &v) {
		return s, nil
	}
	return w.String(), nil
}

// AppendNormalize appends the text of u.Normalize() to dst and returns the
// extended slice, as strconv.AppendInt does. It does not allocate when dst
// has room for u's text and for the result.
func AppendNormalize(dst []byte, u URI) []byte {
	var v ref // the offsets that emit sets, unused here
	var w lazybuf.Writer
	w.Reset(u.s, dst, 0)
	if !normalize(&w, &u.ref, DefaultNormalization, &v) {
		return append(dst, u.s...)
	}
	return w.AppendTo()
}

// NormalizePath returns the path p with the steps of n that act on a path
// (NormalizeCase, NormalizePercent, NormalizeDotSegments and
// NormalizeMergeSlashes) applied as [URI.NormalizeWith] applies them in a URI
// with a scheme: dot segments go by remove_dot_segments (RFC 3986, Section
// 5.2.4). A normal p is returned without allocating. On error, a byte
// outside the path's ABNF, it returns "" and an *[Error].
func NormalizePath(p string, n Normalization) (string, error) {
	if err := checkArg("normalize", p, Path, abnf.Path); err != nil {
		return "", err
	}
	hasPct := strings.IndexByte(p, '%') >= 0
	var o pctOpt
	if hasPct {
		o = pctOptOf(n)
	}
	var w lazybuf.Writer
	w.Reset(p, nil, 0)
	if n&NormalizeDotSegments != 0 && dotSegmentIn(p, hasPct, false) ||
		n&NormalizeMergeSlashes != 0 && strings.Contains(p, "//") {
		var buf [pathBuffer]byte
		w.Write(cleanPath(buf[:], p, o, n, false))
	} else if o != 0 {
		pct(&w, p, 0, len(p), o)
	} else {
		w.Copy(0, len(p))
	}
	return w.String(), nil
}

// fixHostKind sets the kind of a reg-name or IPv4 host anew from its
// normalized text: decoding can make a reg-name an IPv4address.
func (v *ref) fixHostKind() {
	if k := v.HostKind(); k == HostRegName || k == HostIPv4 {
		v.flags &^= kindMask
		v.setHost(int(v.hostStart), int(v.hostEnd))
	}
}

// Equal reports whether a and b are the same reference, component for
// component, presence included: the simple string comparison of RFC 3986,
// Section 6.2.1, the first rung of the comparison ladder. It is a == b,
// named so that code walking up the ladder (Equal, then Equivalent) reads
// as the RFC does. "http://a/" and "HTTP://a/" are not Equal, but they are
// [Equivalent].
func Equal(a, b URI) bool { return a == b }

// Equivalent reports whether a and b have the same normal form
// ([URI.Normalize]): whether they are equal after syntax-based (RFC 3986,
// Section 6.2.2) and scheme-based (Section 6.2.3) normalization.
//
// Section 6.2 describes comparison as a ladder; each rung finds more
// equivalent references and costs more:
//
//  1. simple string comparison (Section 6.2.1): [Equal];
//  2. syntax-based normalization (Section 6.2.2): compare
//     a.NormalizeWith(SyntaxBased) with b.NormalizeWith(SyntaxBased);
//  3. scheme-based normalization (Section 6.2.3): Equivalent, which also
//     writes IPv6 addresses as RFC 5952 says;
//  4. protocol-based normalization (Section 6.2.4), which needs to access
//     the resources (following redirects, for example), is out of scope.
//
// A rung never finds two different resources equal (no false positives), but
// any rung may miss an equivalence (false negatives): two names for one host
// are not found equal. Section 6.1 asks to resolve relative references
// against their base before comparing them; Equivalent compares what it is
// given. To compare for a network action, leave out the fragment first
// (Section 6.1, [NormalizeDropFragment]).
//
// Equivalent allocates at most twice, once for each reference that is not
// already normal.
func Equivalent(a, b URI) bool {
	return a == b || a.Normalize() == b.Normalize()
}
