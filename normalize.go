package uri

import (
	"net/netip"
	"slices"
	"strings"
)

// This file implements the comparison ladder of RFC 3986, Section 6.2:
// syntax-based normalization (Section 6.2.2), scheme-based normalization
// (Section 6.2.3) from a table of schemes, the RFC 5952 text of IPv6
// addresses, and, on request only, the normalizations that crawlers use
// although they can change what a reference means.
//
// Every normalization is computed by one function, emit, that writes the
// result through a writer. The writer either compares what it is given with
// the input, byte for byte, or appends it to the result. For a reference of
// up to shortNormal bytes, emit runs once, writing into a stack buffer, and
// the buffer is compared with the input: if they are the same, the input is
// returned as it is, without allocating; otherwise the buffer is copied
// into the result string. A longer reference gets a comparing run first,
// which also counts the exact length of the result, and then, if something
// differs, a second run that writes it into a strings.Builder grown once to
// that length. The result string is the only allocation.

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
	// authority" paragraph of Section 6.2.3); and the domains of a mailto URI
	// are lower-cased with NormalizeCase (Section 6.2.3's own example;
	// RFC 6068), unless the path, after dot segments are removed, has a "/"
	// or a quoted local part ("%22"), where the domain cannot be told from
	// the local part by a simple rule. Schemes not in the table are left as
	// the syntax-based steps leave them.
	//
	//	http://a        ->  http://a/
	//	file://LocalHost/etc/hosts  ->  file:///etc/hosts
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
	// separated by "&", by their key (the text before the first "="),
	// comparing the normalized bytes; parameters with equal keys keep their
	// order, since many applications read repeated keys as a list. The
	// parameters themselves are not otherwise changed.
	//
	//	http://a/?b=2&a=1&b=1  ->  http://a/?a=1&b=2&b=1
	NormalizeSortQuery

	// NormalizeDropFragment CHANGES MEANING: it removes the fragment and its
	// "#". RFC 3986, Section 6.1 says to leave the fragment out when
	// comparing URIs "for the purpose of selecting (or avoiding) a network
	// action", which is what a crawler does.
	//
	//	http://a/p#section-2  ->  http://a/p
	NormalizeDropFragment

	// NormalizeDropEmptyQuery CHANGES MEANING: it removes a "?" that is
	// followed by an empty query. RFC 3986, Section 6.2.3 says "http://a/?"
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

// Normalize returns u in the normal form of RFC 3986, Section 6.2.2
// (syntax-based normalization) and Section 6.2.3 (scheme-based
// normalization), with IPv6 addresses in their RFC 5952 text: it is
// u.NormalizeWith([DefaultNormalization]). Two references are
// [Equivalent] when their normal forms are the same.
//
// In order:
//
//   - the scheme and the host are lower-cased (ASCII letters only), and the
//     hex digits of every percent-encoding are upper-cased (Section 6.2.2.1);
//   - percent-encoded unreserved characters are decoded, in every component;
//     nothing else is ("%2F" stays), Section 6.2.2.2;
//   - dot segments are removed from the path, after "%2E" has been decoded
//     (Section 6.2.2.3; see [NormalizeDotSegments] for relative references);
//   - an IPv6 address is written as RFC 5952 says;
//   - an empty port, and for the schemes of the table the default port, are
//     removed, and the other scheme rules applied (Section 6.2.3; see
//     [NormalizePort] and [NormalizeSchemeRules]).
//
// The result is in normal form: normalizing it again returns it unchanged,
// and it parses to the components it holds. Absent and empty components
// stay distinct: "http://a/?" keeps its empty query, and "#" its empty
// fragment (Section 6.2.3).
//
// If u is already normal, Normalize returns u itself and does not allocate;
// otherwise it allocates the new text once (and, for a path whose dot
// segments leave more than 32 separate pieces, once more; see
// [URI.NormalizeWith]). It runs in time linear in the length of u.
func (u URI) Normalize() URI { return u.NormalizeWith(DefaultNormalization) }

// NormalizeWith returns u with exactly the normalization steps in n applied;
// see [Normalization] for each step. NormalizeWith(0) returns u.
//
// If nothing changes, it returns u itself without allocating. Otherwise it
// allocates the new text once, with three exceptions: NormalizeIDNA
// allocates in the IDNA conversion; NormalizeSortQuery allocates once more,
// for a list of the parameters, when the query has more than 32 of them; and
// a path whose dot segments leave more than 32 separate pieces of it (as
// "/a/b/../c/d/../" does, one piece for each "a/") allocates once more, for a
// list of those pieces. A result longer than 2 GiB, the limit of this
// package, cannot be made: u is then returned unchanged. It runs in time
// linear in the length of u, except that NormalizeSortQuery sorts the
// parameters: O(p log p) comparisons of keys for p parameters.
func (u URI) NormalizeWith(n Normalization) URI {
	if n == 0 || (n&^DefaultNormalization == 0 && isNormal(u, n)) {
		return u
	}
	return u.normalizeWith(n)
}

// normalizeWith is NormalizeWith without the quick check of isNormal: it
// works the result out in full, and returns u when that is u's text.
func (u URI) normalizeWith(n Normalization) URI {
	if !needsLists(u, n) {
		return u.normalize(n, nil, nil)
	}
	// The plan of the path and the order of the query parameters are worked
	// out once, into these arrays unless they are too small; both runs of
	// emit then use them. They live here, not in normalize, so that the
	// common reference, which needs neither, does not pay for clearing them.
	var runs [32]run
	var params [32]param
	return u.normalize(n, runs[:0], params[:0])
}

// isNormal reports, for steps n within DefaultNormalization, that
// normalizing u changes nothing, without working out the result: one pass
// that checks, rule by rule, what emit would change. It reports false for
// what it does not check (IPv6 and IPvFuture hosts, file and mailto URIs
// under the scheme rules), and the caller then does the full work; so
// false means "maybe not normal", and true is exact, which a test checks
// against the full work on many inputs.
func isNormal(u URI, n Normalization) bool {
	s := u.s
	var base pctOpt
	if n&NormalizeCase != 0 {
		base |= optUpper
	}
	if n&NormalizePercent != 0 {
		base |= optDecode
	}
	if strings.IndexByte(s, '%') < 0 {
		base = 0 // no percent-encoding anywhere: nothing to check in them
	}
	var info schemeInfo
	known := false
	if u.HasScheme() {
		se := int(u.schemeEnd)
		if n&NormalizeCase != 0 && hasUpper(s[:se]) {
			return false
		}
		info, known = lookupScheme(s[:se])
		if known && n&NormalizeSchemeRules != 0 && info.port == "" {
			switch {
			case equalFold(s[:se], "file"):
				// The host "localhost" of a file URI without userinfo
				// or port is dropped.
				if u.HostKind() == HostRegName && hostIs(u.Host(), "localhost") {
					return false
				}
			case equalFold(s[:se], "mailto"):
				// Domains are lower-cased: leave any letter to the full work.
				if n&NormalizeCase != 0 && hasUpper(u.Path()) {
					return false
				}
			}
		}
	}
	if u.HasAuthority() {
		h, e := int(u.hostStart), int(u.hostEnd)
		if u.HasUserinfo() && !pctIsNormal(s, u.afterScheme()+2, h-1, base) {
			return false
		}
		switch u.HostKind() {
		case HostRegName, HostIPv4:
			host := base
			if n&NormalizeCase != 0 {
				host |= optLower
			}
			if !pctIsNormal(s, h, e, host) {
				return false
			}
		case HostIPvFuture:
			if n&NormalizeCase != 0 && hasUpper(s[h:e]) {
				return false
			}
		default: // HostIPv6
			addr := s[h+1 : e-1]
			if strings.IndexByte(addr, '%') >= 0 {
				return false // a zone: checked by the full work
			}
			if n&NormalizeIPv6 != 0 {
				a, err := netip.ParseAddr(addr)
				var buf [64]byte
				if err != nil || string(a.AppendTo(buf[:0])) != addr {
					return false
				}
			} else if n&NormalizeCase != 0 && hasUpper(addr) {
				return false
			}
		}
		if u.HasPort() && n&NormalizePort != 0 {
			port := u.Port()
			if port == "" || (known && info.port != "" && ((len(port) > 1 && port[0] == '0') || port == info.port)) {
				return false
			}
		}
	}
	ps, pe := int(u.pathStart), int(u.pathEnd)
	if ps == pe && n&NormalizeSchemeRules != 0 && u.HasAuthority() && info.slashPath {
		return false // the empty path of an http URI becomes "/"
	}
	if n&NormalizeDotSegments != 0 && mayHaveDotSegment(s[ps:pe], n&NormalizePercent == 0) {
		// Only a segment that starts with "." or "%" can be a dot segment,
		// and none is longer than "%2E%2E". A relative-path reference keeps
		// its leading ".." segments as they are written.
		leading := !u.HasScheme() && !u.HasAuthority() && pe > ps && s[ps] != '/'
		start := true
		for i := ps; i < pe; i++ {
			c := s[i]
			if start {
				end := i
				if c == '.' || c == '%' {
					for end < pe && end-i <= 6 && s[end] != '/' {
						end++
					}
				}
				if seg := s[i:end]; !leading || seg != ".." {
					leading = false
					if dotSegment(seg) != 0 {
						return false
					}
				}
			}
			start = c == '/'
		}
	}
	return pctIsNormal(s, ps, pe, base) &&
		(!u.HasQuery() || pctIsNormal(s, pe+1, int(u.queryEnd), base)) &&
		(!u.HasFragment() || pctIsNormal(s, int(u.queryEnd)+1, len(s), base))
}

// mayHaveDotSegment reports whether a segment of the path p starts with ".",
// or, if pct is set, with "%": only such a segment can be a dot segment. Set
// pct when percent-encodings are not decoded; when they are, a "%2E" fails
// the check of percent-encodings anyway. Most paths have no such segment,
// and one or two searches tell.
func mayHaveDotSegment(p string, pct bool) bool {
	if p == "" {
		return false
	}
	if p[0] == '.' || pct && p[0] == '%' {
		return true
	}
	// One search for "." is cheaper than one for "/.", a two-byte string:
	// most paths have no dot but the one of a file name's extension.
	for i := strings.IndexByte(p, '.'); i > 0; {
		if p[i-1] == '/' {
			return true
		}
		j := strings.IndexByte(p[i+1:], '.')
		if j < 0 {
			break
		}
		i += 1 + j
	}
	return pct && strings.Contains(p, "/%")
}

// hasUpper reports whether s has an ASCII upper-case letter: byte by byte
// below eight bytes (most schemes), a word at a time from there (most
// hosts).
func hasUpper(s string) bool {
	if len(s) >= 8 {
		return hasUpperWords(s)
	}
	for i := range len(s) {
		if s[i]-'A' < 26 { // 'A' to 'Z'; the byte arithmetic wraps below 'A'
			return true
		}
	}
	return false
}

// hasUpperWords is hasUpper for a string of at least eight bytes. It looks
// at eight bytes at a time, loaded as one word, the last eight overlapping
// the word before them.
func hasUpperWords(s string) bool {
	word := func(i int) uint64 {
		t := s[i : i+8] // one bounds check for the eight
		return uint64(t[0]) | uint64(t[1])<<8 | uint64(t[2])<<16 | uint64(t[3])<<24 |
			uint64(t[4])<<32 | uint64(t[5])<<40 | uint64(t[6])<<48 | uint64(t[7])<<56
	}
	for i := 0; i+8 < len(s); i += 8 {
		if wordHasUpper(word(i)) {
			return true
		}
	}
	return wordHasUpper(word(len(s) - 8))
}

// wordHasUpper reports whether one of the eight bytes of x is an ASCII
// upper-case letter, without looking at them one by one: for each byte b,
// the high bit of (0x7F+'Z'+1 - b7) & (b7 + 0x7F-('A'-1)) & ^b, where b7 is
// b without its high bit, is set exactly when 'A'-1 < b < 'Z'+1. No byte's
// sum or difference carries into its neighbour, since b7 <= 0x7F.
func wordHasUpper(x uint64) bool {
	const ones, high = 0x0101010101010101, 0x8080808080808080
	t := x & (ones * 0x7F)
	return (ones*(0x7F+'Z'+1)-t)&^x&(t+ones*(0x7F-('A'-1)))&high != 0
}

// pctIsNormal reports whether writer.pct, given s[i:j] and o, would write
// s[i:j] unchanged: no percent-encoding to decode or upper-case, and, with
// optLower, no letter to lower-case.
func pctIsNormal(s string, i, j int, o pctOpt) bool {
	if o == optLower {
		return !hasUpper(s[i:j]) // nothing to do with percent-encodings
	}
	if o&optLower != 0 {
		// Hosts: every byte is looked at, since letters are lower-cased and
		// hex digits upper-cased.
		for p := i; p < j; p++ {
			switch c := s[p]; {
			case c == '%':
				if !pctTripletIsNormal(s[p+1], s[p+2], o) {
					return false
				}
				p += 2
			case 'A' <= c && c <= 'Z':
				return false
			}
		}
		return true
	}
	if o&(optUpper|optDecode) == 0 {
		return true
	}
	for {
		k := strings.IndexByte(s[i:j], '%')
		if k < 0 {
			return true
		}
		p := i + k
		if !pctTripletIsNormal(s[p+1], s[p+2], o) {
			return false
		}
		i = p + 3
	}
}

// pctTripletIsNormal reports whether writer.pct leaves "%" h l as it is.
func pctTripletIsNormal(h, l byte, o pctOpt) bool {
	return !o.decodes(unhex(h)<<4|unhex(l)) && (o&optUpper == 0 || (h < 'a' && l < 'a'))
}

// needsLists reports whether normalizing u under n needs a plan of the
// path (it has a segment that may be a dot segment, or an empty segment to
// merge) or a list of query parameters.
func needsLists(u URI, n Normalization) bool {
	if n&NormalizeSortQuery != 0 && u.HasQuery() {
		return true
	}
	p := u.Path()
	if n&NormalizeMergeSlashes != 0 && strings.Contains(p, "//") {
		return true
	}
	if n&NormalizeDotSegments != 0 {
		for i := 0; i < len(p); i++ {
			if (i == 0 || p[i-1] == '/') && (p[i] == '.' || p[i] == '%') {
				return true
			}
		}
	}
	return false
}

// normalize is NormalizeWith with the room for the lists of the path plan
// and the query parameters.
func (u URI) normalize(n Normalization, runs []run, params []param) URI {
	nz := newNormalizer(u, n, runs, params)
	if len(u.s) <= shortNormal {
		// One run of emit into a stack buffer, then one comparison: the
		// result of a short reference is at most a few bytes longer than
		// it (an IPv6 address in RFC 5952 text, a "/" for an empty path, a
		// "./" prefix). Should it not fit, the two runs below do the work.
		var stack [shortNormal + 64]byte
		w := writer{src: u.s, buf: stack[:]}
		v := nz.emit(&w)
		if !w.over {
			if t := stack[:w.n]; string(t) != u.s {
				v.s = string(t)
				v.fixHostKind()
				return v
			}
			return u
		}
	}
	cmp := writer{src: u.s}
	nz.emit(&cmp)
	if (!cmp.diff && cmp.n == len(u.s)) || cmp.n > maxLen {
		// Unchanged; or, for an input within a few bytes of the 2 GiB limit,
		// a result too long for a URI's offsets, which is left unchanged too.
		return u
	}
	var b strings.Builder
	b.Grow(cmp.n)
	w := writer{src: u.s, b: &b}
	v := nz.emit(&w)
	v.s = b.String()
	v.fixHostKind()
	return v
}

// shortNormal is the length up to which normalize writes the result into a
// stack buffer in one run of emit, instead of a comparing run and a writing
// run.
const shortNormal = 256

// fixHostKind sets the kind of a reg-name or IPv4 host anew from its
// normalized text: decoding can make a reg-name an IPv4address.
func (v *URI) fixHostKind() {
	if k := v.HostKind(); k == HostRegName || k == HostIPv4 {
		v.flags &^= flags(0xff) << kindShift
		v.setHost(int(v.hostStart), int(v.hostEnd))
	}
}

// Normalize parses s as a URI reference with [Parse] and returns the text of
// its [URI.Normalize] form. If s is already normal, the result is s itself,
// and nothing is allocated; otherwise the result is the one allocation. On
// error it returns "" and an *[Error] with Op "normalize".
//
//	Normalize("HTTP://www.Example.COM:80/a/./b/../%7Ec") == "http://www.example.com/a/~c"
func Normalize(s string) (string, error) {
	var u URI // filled in place, never copied whole (see parseText)
	if err := u.parseText(s, ruleReference, false, false); err != nil {
		return "", withOp("normalize", err)
	}
	if isNormal(u, DefaultNormalization) {
		return s, nil // most references are; no URI value to copy back
	}
	return u.normalizeWith(DefaultNormalization).s, nil
}

// Equal reports whether a and b are the same reference, component for
// component, presence included: the simple string comparison of RFC 3986,
// Section 6.2.1, the first rung of the comparison ladder. It is a == b.
// "http://a/" and "HTTP://a/" are not Equal, but they are [Equivalent].
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

// schemeInfo is what the scheme table knows about a scheme.
type schemeInfo struct {
	port      string // the default port, as Section 6.2.3 removes it; "" if none
	slashPath bool   // with an authority, an empty path is equivalent to "/"
}

// schemes is the table of scheme-based normalization (RFC 3986, Section
// 6.2.3), keyed by the lower-case scheme name. A default port comes from the
// RFC that defines the scheme; every scheme with one names a host that is
// resolved through the DNS, which is what NormalizeIDNA needs to know.
var schemes = map[string]schemeInfo{
	"http":      {port: "80", slashPath: true},  // RFC 9110, Sections 4.2.1 and 4.2.3
	"https":     {port: "443", slashPath: true}, // RFC 9110, Sections 4.2.2 and 4.2.3
	"ws":        {port: "80", slashPath: true},  // RFC 6455, Section 3
	"wss":       {port: "443", slashPath: true}, // RFC 6455, Section 3
	"ftp":       {port: "21"},                   // RFC 1738, Section 3.2
	"gopher":    {port: "70"},                   // RFC 4266, Section 2.1
	"telnet":    {port: "23"},                   // RFC 4248 (RFC 1738, Section 3.8)
	"nntp":      {port: "119"},                  // RFC 5538, Section 2.2
	"news":      {port: "119"},                  // RFC 5538, Section 2.1
	"wais":      {port: "210"},                  // RFC 4156 (RFC 1738, Section 3.9)
	"prospero":  {port: "1525"},                 // RFC 4157 (RFC 1738, Section 3.11)
	"ldap":      {port: "389"},                  // RFC 4516, Section 2
	"imap":      {port: "143"},                  // RFC 5092
	"pop":       {port: "110"},                  // RFC 2384
	"nfs":       {port: "2049"},                 // RFC 2224
	"rtsp":      {port: "554"},                  // RFC 7826 (RFC 2326, Section 3.2)
	"rtsps":     {port: "322"},                  // RFC 7826
	"coap":      {port: "5683"},                 // RFC 7252, Section 6.1
	"coaps":     {port: "5684"},                 // RFC 7252, Section 6.2
	"coap+tcp":  {port: "5683"},                 // RFC 8323, Section 8.1
	"coaps+tcp": {port: "5684"},                 // RFC 8323, Section 8.2
	"coap+ws":   {port: "80"},                   // RFC 8323, Section 8.3
	"coaps+ws":  {port: "443"},                  // RFC 8323, Section 8.4
	"ipp":       {port: "631"},                  // RFC 3510, Section 4.2
	"ipps":      {port: "631"},                  // RFC 7472
	"dict":      {port: "2628"},                 // RFC 2229, Section 5
	"acap":      {port: "674"},                  // RFC 2244
	"icap":      {port: "1344"},                 // RFC 3507
	"rsync":     {port: "873"},                  // RFC 5781
	"snmp":      {port: "161"},                  // RFC 4088
	"sieve":     {port: "4190"},                 // RFC 5804
	"vnc":       {port: "5900"},                 // RFC 7869
	"tn3270":    {port: "23"},                   // RFC 6270
	"z39.50r":   {port: "210"},                  // RFC 2056
	"z39.50s":   {port: "210"},                  // RFC 2056
	"file":      {},                             // RFC 8089: "localhost" is the default host
	"mailto":    {},                             // RFC 6068: domains are case-insensitive
}

// lookupScheme returns the table entry for a scheme written in any case. It
// does not allocate.
func lookupScheme(scheme string) (schemeInfo, bool) {
	switch scheme { // the most frequent, without hashing
	case "http":
		return schemeInfo{port: "80", slashPath: true}, true
	case "https":
		return schemeInfo{port: "443", slashPath: true}, true
	case "file", "mailto":
		return schemeInfo{}, true
	case "ftp":
		return schemeInfo{port: "21"}, true
	}
	var buf [16]byte
	if len(scheme) > len(buf) {
		return schemeInfo{}, false
	}
	for i := 0; i < len(scheme); i++ {
		buf[i] = lower(scheme[i])
	}
	info, ok := schemes[string(buf[:len(scheme)])]
	return info, ok
}

// lower returns c lower-cased if it is an ASCII upper-case letter.
func lower(c byte) byte {
	if 'A' <= c && c <= 'Z' {
		return c + 'a' - 'A'
	}
	return c
}

// hexUpper returns the hex digit c in upper case.
func hexUpper(c byte) byte {
	if 'a' <= c && c <= 'f' {
		return c - 'a' + 'A'
	}
	return c
}

// safeInQuery reports whether NormalizeDecodeQuery decodes the byte c in a
// query: a reserved character that the query may hold unencoded and that
// form encoding does not interpret (see NormalizeDecodeQuery for why).
func safeInQuery(c byte) bool {
	if classes[c]&(cColon|cSlash|cQuestion|cAt) != 0 {
		return true
	}
	return classes[c]&cSubDelims != 0 && c != '&' && c != '=' && c != '+' && c != ';'
}

// Options of writer.pct: what to do with the bytes of one component.
type pctOpt uint8

const (
	optUpper  pctOpt = 1 << iota // upper-case the hex digits of percent-encodings
	optDecode                    // decode percent-encoded unreserved characters
	optLower                     // lower-case ASCII letters, decoded ones included
	optQuery                     // also decode the characters of safeInQuery
)

// pctDecode reports whether the percent-encoding of the byte d is decoded
// under o.
func (o pctOpt) decodes(d byte) bool {
	return (o&optDecode != 0 && classes[d]&cUnreserved != 0) || (o&optQuery != 0 && safeInQuery(d))
}

// writer receives the normalized reference in order. With buf set it writes
// into buf at offset n, as long as buf has room, and sets over if not;
// otherwise, with b set, it appends to b; with neither, it only compares
// what it receives with src at the same position, and counts. (buf is
// written by index, never appended to: storing a grown slice through the
// writer's pointer would move a stack buffer to the heap.)
type writer struct {
	src  string
	buf  []byte
	b    *strings.Builder
	n    int  // bytes received so far
	diff bool // comparing: some byte differs from src
	over bool // buf was too short
}

// span receives src[i:j].
func (w *writer) span(i, j int) {
	if j <= i {
		return
	}
	if w.buf != nil {
		w.over = w.over || copy(w.buf[min(w.n, len(w.buf)):], w.src[i:j]) < j-i
	} else if w.b != nil {
		w.b.WriteString(w.src[i:j])
	} else if !w.diff && w.n != i {
		w.diff = w.n+(j-i) > len(w.src) || w.src[w.n:w.n+(j-i)] != w.src[i:j]
	}
	w.n += j - i
}

// str receives t.
func (w *writer) str(t string) {
	if w.buf != nil {
		w.over = w.over || copy(w.buf[min(w.n, len(w.buf)):], t) < len(t)
	} else if w.b != nil {
		w.b.WriteString(t)
	} else if !w.diff {
		w.diff = w.n+len(t) > len(w.src) || w.src[w.n:w.n+len(t)] != t
	}
	w.n += len(t)
}

// bytes receives t.
func (w *writer) bytes(t []byte) {
	if w.buf != nil {
		w.over = w.over || copy(w.buf[min(w.n, len(w.buf)):], t) < len(t)
	} else if w.b != nil {
		w.b.Write(t)
	} else if !w.diff {
		w.diff = w.n+len(t) > len(w.src) || w.src[w.n:w.n+len(t)] != string(t)
	}
	w.n += len(t)
}

// byte receives c.
func (w *writer) byte(c byte) {
	if w.buf != nil {
		if w.n < len(w.buf) {
			w.buf[w.n] = c
		} else {
			w.over = true
		}
	} else if w.b != nil {
		w.b.WriteByte(c)
	} else if !w.diff {
		w.diff = w.n >= len(w.src) || w.src[w.n] != c
	}
	w.n++
}

// pct receives src[i:j], a component's text, with its percent-encodings and
// letters normalized as o says. The input is valid, so every "%" is followed
// by two hex digits.
func (w *writer) pct(i, j int, o pctOpt) {
	s := w.src
	k := i // start of the bytes not yet received
	for p := i; p < j; {
		c := s[p]
		if c == '%' {
			h, l := s[p+1], s[p+2]
			if d := unhex(h)<<4 | unhex(l); o.decodes(d) {
				w.span(k, p)
				if o&optLower != 0 {
					d = lower(d)
				}
				w.byte(d)
			} else if o&optUpper != 0 && (h >= 'a' || l >= 'a') {
				w.span(k, p)
				w.byte('%')
				w.byte(hexUpper(h))
				w.byte(hexUpper(l))
			} else {
				p += 3
				continue
			}
			p += 3
			k = p
			continue
		}
		if o&optLower != 0 && 'A' <= c && c <= 'Z' {
			w.span(k, p)
			w.byte(c + 'a' - 'A')
			k = p + 1
		}
		p++
	}
	w.span(k, j)
}

// normalizer holds what emit needs beyond the URI and the steps: decisions
// made once, before the two runs of emit.
type normalizer struct {
	u    URI
	n    Normalization
	info schemeInfo // the scheme's table entry
	// known reports whether the scheme is in the table.
	known bool

	v6    [64]byte // the RFC 5952 text of an IPv6 host, without brackets or zone
	v6len int      // its length; 0 if not computed
	idna  string   // the A-label form of the host, for NormalizeIDNA
	// dropHost: the host is the scheme's default authority ("localhost").
	dropHost bool
	// mailto: a mailto URI whose domains are lower-cased, if its path,
	// once normalized, is plain (mailtoPlain).
	mailto bool
	mode   pathMode

	plan    pathPlan // the path without its dot segments, if planned
	planned bool
	params  []param // NormalizeSortQuery: the query parameters in order
}

// pathMode says how dot segments are removed from a path.
type pathMode uint8

const (
	pathRooted   pathMode = iota // the path begins with "/": remove_dot_segments
	pathRootless                 // a URI's rootless path: remove_dot_segments too
	pathRelative                 // a relative-path reference: only what keeps its meaning
)

// newNormalizer makes the decisions that do not depend on the writer. The
// normalizer is returned by value and the lists it holds may be the caller's
// runs and params, so that they stay on the caller's stack.
func newNormalizer(u URI, n Normalization, runs []run, params []param) normalizer {
	nz := normalizer{u: u, n: n}
	if u.HasScheme() {
		nz.info, nz.known = lookupScheme(u.Scheme())
	}
	s := u.s
	switch {
	case u.pathEnd > u.pathStart && s[u.pathStart] == '/':
		nz.mode = pathRooted
	case u.HasScheme():
		nz.mode = pathRootless
	default:
		nz.mode = pathRelative
	}
	kind := u.HostKind()
	if n&NormalizeIPv6 != 0 && kind == HostIPv6 {
		h := u.Hostname()
		if z := strings.IndexByte(h, '%'); z >= 0 {
			h = h[:z]
		}
		if a, err := netip.ParseAddr(h); err == nil {
			nz.v6len = len(a.AppendTo(nz.v6[:0]))
		}
	}
	if n&NormalizeIDNA != 0 && kind == HostRegName && nz.known && nz.info.port != "" && hasEncodedNonASCII(u.Host()) {
		if a, err := HostToASCII(u.Host()); err == nil {
			nz.idna = a
		}
	}
	if n&NormalizeSchemeRules != 0 && nz.known {
		scheme := u.Scheme()
		switch {
		case equalFold(scheme, "file"):
			nz.dropHost = kind == HostRegName && !u.HasUserinfo() &&
				(!u.HasPort() || (u.Port() == "" && n&NormalizePort != 0)) &&
				hostIs(u.Host(), "localhost")
		case equalFold(scheme, "mailto"):
			nz.mailto = !u.HasAuthority() && n&NormalizeCase != 0
		}
	}
	dots, merge := n&NormalizeDotSegments != 0, n&NormalizeMergeSlashes != 0
	if (dots || merge) && u.pathEnd > u.pathStart && runs != nil {
		nz.plan = planPath(s, int(u.pathStart), int(u.pathEnd), nz.mode, dots, merge, runs)
		nz.planned = true
	}
	if n&NormalizeSortQuery != 0 && u.HasQuery() && params != nil {
		nz.params = sortParams(s, int(u.pathEnd)+1, int(u.queryEnd), nz.queryOpt(), params)
	}
	return nz
}

// pctOpt returns the options of writer.pct for all components but the
// scheme and the host.
func (nz *normalizer) pctOpt() pctOpt {
	var o pctOpt
	if nz.n&NormalizeCase != 0 {
		o |= optUpper
	}
	if nz.n&NormalizePercent != 0 {
		o |= optDecode
	}
	return o
}

// queryOpt returns the options of writer.pct for the query.
func (nz *normalizer) queryOpt() pctOpt {
	o := nz.pctOpt()
	if nz.n&NormalizeDecodeQuery != 0 {
		o |= optQuery
	}
	return o
}

// hasEncodedNonASCII reports whether s holds a percent-encoded byte above
// 0x7F, as percent-encoded UTF-8 does.
func hasEncodedNonASCII(s string) bool {
	for i := 0; i+2 < len(s); i++ {
		if s[i] == '%' && unhex(s[i+1]) >= 8 {
			return true
		}
	}
	return false
}

// equalFold reports whether s equals the lower-case ASCII word t, ignoring
// the case of ASCII letters.
func equalFold(s, t string) bool {
	if len(s) != len(t) {
		return false
	}
	for i := 0; i < len(s); i++ {
		if lower(s[i]) != t[i] {
			return false
		}
	}
	return true
}

// hostIs reports whether the reg-name h, once its percent-encoded unreserved
// characters are decoded, is the lower-case word t in any case.
func hostIs(h, t string) bool {
	k := 0
	for i := 0; i < len(h); k++ {
		c := h[i]
		i++
		if c == '%' {
			c = unhex(h[i])<<4 | unhex(h[i+1])
			i += 2
		}
		if k >= len(t) || lower(c) != t[k] {
			return false
		}
	}
	return k == len(t)
}

// emit writes the normalized reference to w and returns its offsets and
// flags; the caller sets its text and host kind.
func (nz *normalizer) emit(w *writer) URI {
	u, n, s := nz.u, nz.n, nz.u.s
	var v URI
	base := nz.pctOpt()

	// scheme ":"
	if u.HasScheme() {
		se := int(u.schemeEnd)
		if n&NormalizeCase != 0 {
			w.pct(0, se, optLower)
		} else {
			w.span(0, se)
		}
		v.schemeEnd = int32(w.n)
		v.flags |= fScheme
		w.span(se, se+1)
	}

	// "//" [ userinfo "@" ] host [ ":" port ]
	if u.HasAuthority() {
		v.flags |= fAuthority
		a := u.afterScheme()
		w.span(a, a+2)
		if u.HasUserinfo() {
			v.flags |= fUserinfo
			w.pct(a+2, int(u.hostStart)-1, base)
			w.span(int(u.hostStart)-1, int(u.hostStart))
		}
		v.hostStart = int32(w.n)
		nz.emitHost(w, base)
		v.hostEnd = int32(w.n)
		v.flags |= flags(u.HostKind()) << kindShift
		if u.HasPort() {
			port := u.Port()
			ps := int(u.hostEnd) + 1
			switch {
			case n&NormalizePort == 0:
				v.flags |= fPort
				w.span(ps-1, int(u.pathStart))
			case port == "":
			case nz.known && nz.info.port != "":
				z := 0
				for z < len(port)-1 && port[z] == '0' {
					z++
				}
				if port[z:] != nz.info.port {
					v.flags |= fPort
					w.span(ps-1, ps)
					w.span(ps+z, int(u.pathStart))
				}
			default:
				v.flags |= fPort
				w.span(ps-1, int(u.pathStart))
			}
		}
	} else {
		v.hostStart, v.hostEnd = int32(w.n), int32(w.n)
	}

	// path
	v.pathStart = int32(w.n)
	nz.emitPath(w, base)
	v.pathEnd = int32(w.n)
	v.queryEnd = v.pathEnd

	// [ "?" query ]
	if u.HasQuery() && (n&NormalizeDropEmptyQuery == 0 || u.queryEnd > u.pathEnd+1) {
		v.flags |= fQuery
		pe := int(u.pathEnd)
		w.span(pe, pe+1)
		q := nz.queryOpt()
		if n&NormalizeSortQuery != 0 {
			for i, p := range nz.params {
				if i > 0 {
					w.byte('&')
				}
				w.pct(p.start, p.end, q)
			}
		} else {
			w.pct(pe+1, int(u.queryEnd), q)
		}
		v.queryEnd = int32(w.n)
	}

	// [ "#" fragment ]
	if u.HasFragment() && n&NormalizeDropFragment == 0 {
		v.flags |= fFragment
		qe := int(u.queryEnd)
		w.span(qe, qe+1)
		w.pct(qe+1, len(s), base)
	}
	return v
}

// emitHost writes the host.
func (nz *normalizer) emitHost(w *writer, base pctOpt) {
	u, n := nz.u, nz.n
	h, e := int(u.hostStart), int(u.hostEnd)
	lowerCase := pctOpt(0)
	if n&NormalizeCase != 0 {
		lowerCase = optLower
	}
	switch u.HostKind() {
	case HostIPv6:
		// "[" address [ "%25" zone ] "]"
		z := strings.IndexByte(u.s[h:e], '%')
		addrEnd := e - 1
		if z >= 0 {
			addrEnd = h + z
		}
		w.span(h, h+1)
		if nz.v6len > 0 {
			w.bytes(nz.v6[:nz.v6len])
		} else {
			w.pct(h+1, addrEnd, lowerCase)
		}
		if z >= 0 {
			w.span(addrEnd, addrEnd+3)
			w.pct(addrEnd+3, e-1, base)
		}
		w.span(e-1, e)
	case HostIPvFuture:
		w.pct(h, e, lowerCase)
	default:
		switch {
		case nz.dropHost:
		case nz.idna != "":
			w.str(nz.idna)
		default:
			w.pct(h, e, base|lowerCase)
		}
	}
}

// emitPath writes the path.
func (nz *normalizer) emitPath(w *writer, base pctOpt) {
	u, n, s := nz.u, nz.n, nz.u.s
	ps, pe := int(u.pathStart), int(u.pathEnd)
	if ps == pe {
		if n&NormalizeSchemeRules != 0 && u.HasAuthority() && nz.info.slashPath {
			w.byte('/')
		}
		return
	}
	if !nz.planned {
		if nz.mailto && mailtoPlain(s[ps:pe]) {
			emitMailtoPath(w, ps, pe, base)
		} else {
			w.pct(ps, pe, base)
		}
		return
	}
	p := &nz.plan
	if nz.mailto && nz.mode == pathRootless && len(p.runs) == 1 && !p.slash {
		// The rule applies to the path as dot-segment removal leaves it, so
		// that normalizing again finds nothing more to do.
		if r := p.runs[0]; mailtoPlain(s[r.start:r.end]) {
			emitMailtoPath(w, int(r.start), int(r.end), base)
			return
		}
	}

	strip := nz.mode == pathRelative
	var prefix string
	switch {
	case nz.mode == pathRelative:
		for k := range p.ups {
			// The ".." segments are kept as they are: a final one keeps
			// having no "/" after it.
			if k == p.ups-1 && p.finalUp {
				w.str("..")
			} else {
				w.str("../")
			}
		}
		if p.ups == 0 {
			c0, _ := p.firstTwo(s, true)
			if c0 == 0 || c0 == '/' || p.firstSegmentHasColon(s) {
				prefix = "./"
			}
		}
	case nz.mode == pathRootless && !p.pushed:
		return // only dot segments: remove_dot_segments leaves ""
	case len(p.runs) == 0:
		w.byte('/')
		return
	case !u.HasAuthority():
		if c0, c1 := p.firstTwo(s, false); c0 == '/' && c1 == '/' {
			prefix = "/."
		}
	}
	w.str(prefix)
	for i, r := range p.runs {
		start := int(r.start)
		if i == 0 && strip && start < int(r.end) && s[start] == '/' {
			start++
		}
		w.pct(start, int(r.end), base)
	}
	if p.slash && len(p.runs) > 0 {
		w.byte('/')
	}
}

// mailtoPlain reports whether the mailto rule of NormalizeSchemeRules applies
// to the path p: it has no "/" and no quoted local part ("%22"), so that the
// domain of each address is what follows its last "@".
func mailtoPlain(p string) bool {
	// "%22" has no letters: its hex digits cannot differ in case.
	return strings.IndexByte(p, '/') < 0 && !strings.Contains(p, "%22")
}

// emitMailtoPath writes s[ps:pe], the path of a mailto URI, a list of
// addresses separated by ",", with the domain of each address (after its
// last "@") lower-cased: RFC 3986, Section 6.2.3 and RFC 6068, Section 2.
func emitMailtoPath(w *writer, ps, pe int, base pctOpt) {
	s := w.src
	for i := ps; i <= pe; {
		end := i + strings.IndexByte(s[i:pe], ',')
		if end < i {
			end = pe
		}
		at := strings.LastIndexByte(s[i:end], '@')
		if at < 0 {
			w.pct(i, end, base)
		} else {
			w.pct(i, i+at+1, base)
			w.pct(i+at+1, end, base|optLower)
		}
		if end < pe {
			w.span(end, end+1)
		}
		i = end + 1
	}
}

// run is a piece of the input path, from start to end, made of n whole
// segments that follow each other: what remains of a path after dot-segment
// removal is a list of such pieces. Each segment but the first of a
// rootless path starts with its "/".
type run struct{ start, end, n int32 }

// pathPlan is the result of removing the dot segments of a path: the pieces
// of the input that remain, in order, and what surrounds them.
type pathPlan struct {
	runs []run
	ups  int // pathRelative: ".." segments kept at the front
	// finalUp: the last of them ends the path, and is written without "/".
	finalUp bool
	slash   bool // a final "." or ".." leaves a final "/"
	pushed  bool // some segment was kept at some time
}

// planPath removes the dot segments of the path s[ps:pe] (not empty) as
// RFC 3986, Section 5.2.4 does, in one pass and without copying: the
// remaining segments are recorded as runs of the input. With merge, empty
// segments other than the last are removed first. With dots false, "." and
// ".." are kept as ordinary segments.
//
// remove_dot_segments is stated as moving text between two buffers; it is the
// same as this: a "." segment is dropped; a ".." segment drops the segment
// kept last; any other segment is kept; a final "." or ".." leaves a final
// "/". The quirks of rootless paths follow from the buffers too: leading
// dot segments vanish ("../a" is "a"), and once the first segment has been
// dropped the output begins with "/" ("a/../b" is "/b").
func planPath(s string, ps, pe int, mode pathMode, dots, merge bool, runs []run) pathPlan {
	// The state lives in local variables, not in a pathPlan behind a
	// pointer, so that the caller's small array of runs stays on its stack.
	ups, pushed := 0, false
	for i := ps; ; {
		start := i
		t := i
		if t < pe && s[t] == '/' {
			t++
		}
		// Segments are short: a plain loop beats a call to IndexByte.
		e := t
		for e < pe && s[e] != '/' {
			e++
		}
		last := e == pe
		kind := 0
		if dots {
			kind = dotSegment(s[t:e])
		}
		if kind == 0 && merge && t == e && !last {
			kind = 1 // an empty segment that merging removes, as if it were "."
		}
		// Dot segments before the first kept segment of a rootless URI path
		// vanish without a trace (rules 2A and 2D of Section 5.2.4).
		leading := mode == pathRootless && !pushed
		switch k := len(runs); {
		case kind == 0:
			// Keep the segment, in the last run if it follows it.
			if leading {
				start = t
			}
			pushed = true
			if k > 0 && int(runs[k-1].end) == start {
				runs[k-1].end = int32(e)
				runs[k-1].n++
			} else {
				if len(runs) == cap(runs) {
					// Past the caller's small array: make room, once, for
					// as many runs as the path has segments.
					more := make([]run, len(runs), len(runs)+strings.Count(s[i:pe], "/")+1)
					copy(more, runs)
					runs = more
				}
				runs = append(runs, run{int32(start), int32(e), 1})
			}
		case kind == 2 && k > 0:
			// Drop the last kept segment, looking only at its own bytes, so
			// that the whole removal takes linear time.
			r := &runs[k-1]
			if r.n--; r.n == 0 {
				runs = runs[:k-1]
			} else {
				r.end = r.start + int32(strings.LastIndexByte(s[r.start:r.end], '/'))
			}
		case kind == 2 && mode == pathRelative:
			ups++
			if last {
				return pathPlan{runs: runs, ups: ups, pushed: pushed, finalUp: true}
			}
		}
		if last {
			return pathPlan{runs: runs, ups: ups, slash: kind != 0 && !leading, pushed: pushed}
		}
		i = e
	}
}

// dotSegment returns 1 if seg is ".", 2 if it is "..", and 0 otherwise, with
// "%2E" and "%2e" counting as ".".
func dotSegment(seg string) int {
	n := 0
	for i := 0; i < len(seg); n++ {
		switch {
		case seg[i] == '.':
			i++
		case i+2 < len(seg) && seg[i] == '%' && seg[i+1] == '2' && (seg[i+2] == 'E' || seg[i+2] == 'e'):
			i += 3
		default:
			return 0
		}
		if n == 2 {
			return 0
		}
	}
	return n
}

// firstTwo returns the first two bytes that the runs and the final slash
// make (0 where there are fewer), with the first run's leading "/" left out
// if strip is set.
func (p *pathPlan) firstTwo(s string, strip bool) (byte, byte) {
	var out [2]byte
	k := 0
	for i, r := range p.runs {
		start := int(r.start)
		if i == 0 && strip && start < int(r.end) && s[start] == '/' {
			start++
		}
		for j := start; j < int(r.end) && k < 2; j++ {
			out[k] = s[j]
			k++
		}
		if k == 2 {
			return out[0], out[1]
		}
	}
	if p.slash && len(p.runs) > 0 && k < 2 {
		out[k] = '/'
	}
	return out[0], out[1]
}

// firstSegmentHasColon reports whether the first segment of a relative path
// made of the runs holds a ":", which would make it read as a scheme.
func (p *pathPlan) firstSegmentHasColon(s string) bool {
	if len(p.runs) == 0 {
		return false
	}
	r := p.runs[0]
	start := int(r.start)
	if start < int(r.end) && s[start] == '/' {
		start++
	}
	return firstSegmentHasColon(s[start:r.end])
}

// param is one query parameter: its text from start to end, and where its
// key ends.
type param struct{ start, keyEnd, end int }

// sortParams returns the parameters of the query s[qs:qe] in the order of
// NormalizeSortQuery: stable, by key, comparing keys as o normalizes them.
// It appends to params.
func sortParams(s string, qs, qe int, o pctOpt, params []param) []param {
	for i := qs; ; {
		end := strings.IndexByte(s[i:qe], '&')
		if end < 0 {
			end = qe
		} else {
			end += i
		}
		k := strings.IndexByte(s[i:end], '=')
		if k < 0 {
			k = end
		} else {
			k += i
		}
		if len(params) == cap(params) {
			more := make([]param, len(params), len(params)+strings.Count(s[i:qe], "&")+1)
			copy(more, params)
			params = more
		}
		params = append(params, param{i, k, end})
		if end == qe {
			break
		}
		i = end + 1
	}
	slices.SortStableFunc(params, func(a, b param) int {
		return compareNormalized(s[a.start:a.keyEnd], s[b.start:b.keyEnd], o)
	})
	return params
}

// compareNormalized compares a and b as writer.pct would write them under o,
// byte by byte, without writing them.
func compareNormalized(a, b string, o pctOpt) int {
	var ra, rb normReader
	ra.s, rb.s, ra.o, rb.o = a, b, o, o
	for {
		ca, oka := ra.next()
		cb, okb := rb.next()
		switch {
		case !oka && !okb:
			return 0
		case !oka:
			return -1
		case !okb:
			return 1
		case ca != cb:
			return int(ca) - int(cb)
		}
	}
}

// normReader yields the bytes of s as writer.pct would write them under o.
type normReader struct {
	s    string
	o    pctOpt
	i    int
	pend [2]byte // the hex digits of a percent-encoding still to yield
	np   int
}

func (r *normReader) next() (byte, bool) {
	if r.np > 0 {
		c := r.pend[2-r.np]
		r.np--
		return c, true
	}
	if r.i >= len(r.s) {
		return 0, false
	}
	c := r.s[r.i]
	if c != '%' {
		r.i++
		if r.o&optLower != 0 {
			c = lower(c)
		}
		return c, true
	}
	h, l := r.s[r.i+1], r.s[r.i+2]
	r.i += 3
	if d := unhex(h)<<4 | unhex(l); r.o.decodes(d) {
		if r.o&optLower != 0 {
			d = lower(d)
		}
		return d, true
	}
	if r.o&optUpper != 0 {
		h, l = hexUpper(h), hexUpper(l)
	}
	r.pend, r.np = [2]byte{h, l}, 2
	return '%', true
}
