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

// Normalization is a set of normalization steps for [URI.NormalizeWith]
// (RFC 3986, Section 6.2). The steps up to NormalizeIDNA keep the meaning of
// a reference. The steps from NormalizeSortQuery on CHANGE what it may mean
// to a server: crawlers use them to find probable duplicates.
type Normalization uint32

// The normalization steps. Each comment gives an input and what the step
// alone makes of it; docs/normalization.md#the-steps-in-detail in the
// module says more of each.
const (
	// NormalizeCase lower-cases the scheme and the host, and upper-cases
	// the hex digits of percent-encodings (RFC 3986, Section 6.2.2.1).
	//
	//	HTTP://www.EXAMPLE.com/a%c3%a9  ->  http://www.example.com/a%C3%A9
	NormalizeCase Normalization = 1 << iota

	// NormalizePercent decodes the percent-encodings of unreserved
	// characters, and of no others (RFC 3986, Section 6.2.2.2).
	//
	//	http://a/%7Euser/%41%2F  ->  http://a/~user/A%2F
	NormalizePercent

	// NormalizeDotSegments removes the dot segments of the path, "%2E"
	// included (RFC 3986, Section 6.2.2.3). A relative-path reference keeps its
	// leading "..", and a "./" or "/." prefix keeps a path's meaning.
	//
	//	http://a/b/./c/../d  ->  http://a/b/d
	//	a/./b/../../../c     ->  ../c
	NormalizeDotSegments

	// NormalizeIPv6 writes an IPv6 address in its RFC 5952 text; a zone
	// stays as it is.
	//
	//	http://[2001:DB8:0:0:0:0:0:1]/  ->  http://[2001:db8::1]/
	NormalizeIPv6

	// NormalizePort removes an empty port (RFC 3986, Section 3.2.3) and,
	// for the schemes of the scheme table, the default port and the
	// leading zeros of other ports (Section 6.2.3).
	//
	//	http://a:/  ->  http://a/        http://a:0080/  ->  http://a/
	NormalizePort

	// NormalizeSchemeRules applies the other rules of the scheme table
	// (RFC 3986, Section 6.2.3): "/" for the empty path of http, https, ws
	// and wss; no host "localhost" and one spelling of a drive letter in a
	// file URI; lower-case domains in a mailto URI.
	//
	//	http://a                    ->  http://a/
	//	file://LocalHost/etc/hosts  ->  file:///etc/hosts
	//	file:///c%3a/Windows        ->  file:///C:/Windows
	//	mailto:Joe@Example.COM      ->  mailto:Joe@example.com
	NormalizeSchemeRules

	// NormalizeIDNA writes a percent-encoded UTF-8 host in IDNA A-labels
	// ([HostToASCII]), for the schemes whose hosts are DNS names.
	//
	//	http://b%C3%BCcher.example/  ->  http://xn--bcher-kva.example/
	NormalizeIDNA

	// NormalizeSortQuery CHANGES MEANING: it sorts the query's parameters,
	// separated by "&", stably by key, and drops the empty ones.
	//
	//	http://a/?b=2&a=1&b=1&  ->  http://a/?a=1&b=2&b=1
	NormalizeSortQuery

	// NormalizeDropFragment CHANGES MEANING: it removes the fragment, as
	// RFC 3986, Section 6.1 says to do before a network action.
	//
	//	http://a/p#section-2  ->  http://a/p
	NormalizeDropFragment

	// NormalizeDropEmptyQuery CHANGES MEANING: it removes a "?" followed by
	// an empty query.
	//
	//	http://a/p?#f  ->  http://a/p#f
	NormalizeDropEmptyQuery

	// NormalizeMergeSlashes CHANGES MEANING: it writes each run of "/" in
	// the path as one "/".
	//
	//	http://a//b///c/  ->  http://a/b/c/
	NormalizeMergeSlashes

	// NormalizeDecodeQuery CHANGES MEANING: it also decodes, in the query,
	// the reserved characters that may stand there unencoded and that form
	// encoding gives no meaning: ":/?@!$'()*,".
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
// normal. On error it returns "" and an *[Error] with Op [OpNormalize].
//
//	Normalize("HTTP://www.Example.COM:80/a/./b/../%7Ec") == "http://www.example.com/a/~c"
func Normalize(s string) (string, error) {
	var u, v ref // filled in place, never copied whole (see parseText)
	if err := u.parseText(s, grammar{}); err != nil {
		return "", withOp(OpNormalize, err)
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
	if k, err := scanAll(p, 0, len(p), abnf.Path); err != nil {
		return "", &Error{Op: OpNormalize, Input: p, Offset: k, Component: Path, Err: err}
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

// Equivalent reports whether a and b have the same normal form
// ([URI.Normalize]): the rungs of syntax-based and scheme-based
// normalization of RFC 3986, Section 6.2, above the first, simple string
// comparison (Section 6.2.1), which is a == b: "http://a/" and
// "HTTP://a/" are not ==, but they are Equivalent. It compares what it is given:
// resolve relative references first, and drop fragments before a network
// action (Section 6.1). It allocates once for each reference not normal.
func Equivalent(a, b URI) bool {
	return a == b || a.Normalize() == b.Normalize()
}
