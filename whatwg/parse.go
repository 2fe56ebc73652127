package whatwg

import (
	"math"
	"strings"

	"github.com/gouri/uri"
	"github.com/gouri/uri/internal/abnf"
	"github.com/gouri/uri/internal/lazybuf"
)

// maxLen is the longest input and the longest href this package handles:
// offsets are stored in int32.
const maxLen = math.MaxInt32

// failed is what the state functions return when parsing failed; they
// return the end of the input otherwise.
const failed = -1

// Parse parses input as an absolute URL with the basic URL parser of the
// URL Standard, section 4.4 (https://url.spec.whatwg.org/#url-parsing),
// without a base URL: new URL(input) in JavaScript. See the package
// documentation for how a Go string becomes the standard's input.
//
// On failure it returns the zero URL and a *uri.Error with Op
// uri.OpParse whose Err is the [Kind], the validation error that made the
// parser fail; [Validate] also returns the
// non-fatal ones. Parse allocates nothing when input is already in its
// serialized form (Href then returns input), and the href otherwise.
func Parse(input string) (URL, error) {
	return parse(nil, input, nil)
}

// Parse parses ref with u as the base URL, as new URL(ref, u.Href()) does
// in JavaScript (URL Standard, section 4.4). A relative reference such as
// "../x", "?q" or "//host/p" is resolved against u; an absolute URL is
// parsed on its own. The zero URL is no base URL, so that URL{}.Parse is
// [Parse]. It allocates the href of the result, once, like Parse, which
// reuses the base's serialized components as they are.
func (u URL) Parse(ref string) (URL, error) {
	if u.href == "" {
		return parse(nil, ref, nil)
	}
	if v, ok := u.resolveFast(ref); ok {
		return v, nil
	}
	return parse(&u, ref, nil)
}

// Resolve parses base, then ref against it: the API URL parser of the URL
// Standard, section 6.1, that new URL(ref, base) runs in JavaScript. The
// base comes first, as everywhere in the module (uri.Resolve). When base
// fails to parse, the error is base's, with Name "base"; otherwise Resolve
// returns what base.Parse(ref) returns (see [URL.Parse]) and allocates
// what parsing base and ref allocate.
func Resolve(base, ref string) (URL, error) {
	b, err := parse(nil, base, nil)
	if err != nil {
		err.(*uri.Error).Name = "base"
		return URL{}, err
	}
	return b.Parse(ref)
}

// Validate parses input against base like [URL.Parse] (a zero base is no
// base URL), and also returns the validation errors that did not stop the
// parser (URL Standard, section 1.1), in the order met, with their offsets
// in input; on failure, the ones met before it. A nil list means that input
// is a valid URL string (section 4.3), reading each ill-formed UTF-8
// sequence as U+FFFD. It is slower than Parse: it runs strict ToASCII on
// every domain, to find the domain-to-ASCII error (section 3.3).
func Validate(base URL, input string) (URL, []ValidationError, error) {
	var b *URL
	if base.href != "" {
		b = &base
	}
	var errs []ValidationError
	u, err := parse(b, input, &errs)
	return u, errs, err
}

// MustParse is like [Parse] but panics on error. It is for tests and
// examples with constant inputs only.
func MustParse(input string) URL {
	u, err := Parse(input)
	if err != nil {
		panic(err)
	}
	return u
}

// parser is one run of the basic URL parser, or of one of its states for a
// setter (override).
type parser struct {
	in   string // the input, trimmed, without tabs and newlines
	orig string // the input as given, for offsets
	lead int    // bytes trimmed from the start of orig
	// removed is set when tabs or newlines were taken out of orig, so that
	// offsets in in are not offsets in orig shifted by lead; index then
	// maps the first to the second (see offset).
	removed bool
	index   []int32
	w       lazybuf.Writer
	base    URL // the base URL, by value so that it does not escape; zero for none
	u       URL // the offsets and flags of the URL being written
	sch     schemeType
	// override is set when a setter runs a state with a state override: a
	// path does not end at "?" or "#", a query not at "#".
	override bool
	// collect is set by Validate: non-fatal validation errors go to errs.
	collect bool
	errs    *[]ValidationError
	errKind Kind
	errAt   int
	// tooLong is set when the output grew past maxLen, where an offset
	// would not fit in an int32; finish then fails.
	tooLong bool
	// ctl is set when an encoder met a tab or newline, which parse removes
	// then (see there).
	ctl bool
}

// pos returns the length of the output as an offset. Past maxLen it
// returns 0 and sets tooLong, so that no offset is ever negative.
func (p *parser) pos() int32 {
	n := p.w.Len()
	if n > maxLen {
		p.tooLong = true
		return 0
	}
	return int32(n)
}

// parse runs the basic URL parser (URL Standard, section 4.4) on input
// with an optional base (nil for none), and collects non-fatal validation errors in errs
// when errs is not nil.
func parse(base *URL, input string, errs *[]ValidationError) (URL, error) {
	if len(input) > maxLen {
		return URL{}, newError(uri.OpParse, "", input, maxLen, ErrTooLong)
	}
	in, i := abnf.TrimC0Space(input)
	j := i + len(in)
	removed := false
	if errs != nil {
		if i > 0 || j < len(input) {
			at := 0
			if i == 0 {
				at = j
			}
			*errs = append(*errs, ValidationError{ErrInvalidURLUnit, at})
		}
		// "Remove all ASCII tab or newline from input."
		if k := indexTabOrNewline(in); k >= 0 {
			*errs = append(*errs, ValidationError{ErrInvalidURLUnit, i + k})
			in = removeTabOrNewline(in, k, nil)
			removed = true
		}
	}
	extra := 0
	if base != nil {
		extra = base.room(in)
	}
	for {
		// Fields are set one by one: a composite literal of this size is
		// built in a temporary and copied.
		var p parser
		p.orig, p.errs, p.collect = input, errs, errs != nil
		if base != nil {
			p.base = *base
		}
		p.lead, p.in, p.removed = i, in, removed
		p.w.Reset(in, nil, extra)
		ok := p.run() != failed
		if !removed && (!ok || p.ctl) {
			// Tabs and newlines, which step 3 removes, are looked for only
			// now: none can be in a URL that parsed without meeting one in
			// an encoder (every percent-encode set has them, and no host,
			// port or scheme allows them), so that an input with one
			// either failed or set ctl. Parsing starts over without them.
			if k := indexTabOrNewline(in); k >= 0 {
				// The buffer of the output, if any, holds the copy.
				in, removed = removeTabOrNewline(in, k, p.w.Release()), true
				continue
			}
		}
		if !ok {
			return URL{}, p.error(uri.OpParse, "")
		}
		if err := p.finish(); err != nil {
			return URL{}, err
		}
		return p.u, nil
	}
}

// room returns how many bytes of u, as the base of the reference in, the
// output may copy, judged by in's first byte as the parser will read it:
// the part before the fragment for an empty reference or a fragment, the
// part before the query for a query or a path, the scheme for a
// scheme-relative reference. The output's buffer is made that much longer
// than in, so that it is allocated once, at about the size it needs.
func (u *URL) room(in string) int {
	switch {
	case in == "" || in[0] == '#':
		return int(u.fragStart)
	case len(in) >= 2 && in[0] == '/' && in[1] == '/':
		return int(u.schemeEnd) + 1
	case in[0] == '/':
		return int(u.pathStart)
	}
	return int(u.queryStart)
}

// finish completes the offsets and the href of p.u, with the "/." that
// section 4.5 puts before a path starting with "//" in a URL without a
// host.
func (p *parser) finish() error {
	u := &p.u
	n := p.pos()
	if p.tooLong || n > maxLen-2 {
		return newError(uri.OpParse, "", p.orig, len(p.orig), ErrTooLong)
	}
	if u.flags&fFragment == 0 {
		u.fragStart = n
	}
	if u.flags&fQuery == 0 {
		u.queryStart = u.fragStart
	}
	// The path is looked at only for a URL whose host is null, as needsDot
	// would look at its last argument.
	ps := int(u.pathStart)
	if u.kind == uri.HostNone && needsDot(u.kind, u.flags&fOpaque != 0, int(u.queryStart)-ps >= 2 && p.w.At(ps) == '/' && p.w.At(ps+1) == '/') {
		p.w.Insert(int(u.pathStart), "/.")
		u.pathStart += 2
		u.queryStart += 2
		u.fragStart += 2
		u.flags |= fDot
	}
	u.scheme = p.sch
	u.href = p.w.String()
	return nil
}

// indexTabOrNewline returns the index of the first tab, LF or CR in s, or
// -1. It tests sixteen bytes at a time for a byte below 0x0E, the last
// ones in two words that may overlap those tested, and looks at single
// bytes only from a block that has one, or in an input shorter than eight.
func indexTabOrNewline(s string) int {
	n, i := len(s), 0
	if n >= 8 {
		for i+16 <= n && below0E(load64(s, i))|below0E(load64(s, i+8)) == 0 {
			i += 16
		}
		if i+16 > n {
			i = min(i, n-8)
			if below0E(load64(s, i))|below0E(load64(s, n-8)) == 0 {
				return -1
			}
		}
	}
	for ; i < n; i++ {
		if c := s[i]; c == '\t' || c == '\n' || c == '\r' {
			return i
		}
	}
	return -1
}

// load64 returns the eight bytes of s from i on as a little-endian number.
func load64(s string, i int) uint64 {
	b := s[i : i+8]
	return uint64(b[0]) | uint64(b[1])<<8 | uint64(b[2])<<16 | uint64(b[3])<<24 |
		uint64(b[4])<<32 | uint64(b[5])<<40 | uint64(b[6])<<48 | uint64(b[7])<<56
}

// below0E returns a non-zero number when one of the eight bytes of x is
// below 0x0E: such a byte sets its high bit in the subtraction, and bytes
// from 0x80 on are masked out by ^x.
func below0E(x uint64) uint64 {
	return (x - 0x0e0e0e0e0e0e0e0e) &^ x & 0x8080808080808080
}

// removeTabOrNewline returns s without its tabs, LFs and CRs; the first is
// at index k. The copy is made in buf when it has room, and the result
// shares buf's memory.
func removeTabOrNewline(s string, k int, buf []byte) string {
	b := buf[:0]
	if cap(b) < len(s)-1 {
		b = make([]byte, 0, len(s)-1)
	}
	b = append(b, s[:k]...)
	for ; k < len(s); k++ {
		if c := s[k]; c != '\t' && c != '\n' && c != '\r' {
			b = append(b, c)
		}
	}
	return abnf.String(b)
}

// offset maps an index into p.in to the index of the same byte in p.orig;
// len(p.in) maps to len(p.orig). When tabs or newlines were removed, the
// first call builds the map of the whole input, so that many validation
// errors cost linear time.
func (p *parser) offset(i int) int {
	if i >= len(p.in) {
		return len(p.orig)
	}
	if !p.removed {
		return p.lead + i
	}
	if p.index == nil {
		p.index = make([]int32, 0, len(p.in))
		for k := p.lead; k < len(p.orig) && len(p.index) < len(p.in); k++ {
			if c := p.orig[k]; c != '\t' && c != '\n' && c != '\r' {
				p.index = append(p.index, int32(k))
			}
		}
	}
	return int(p.index[i])
}

// fail records a failure with the validation error k at index i of p.in.
func (p *parser) fail(k Kind, i int) int {
	p.errKind, p.errAt = k, i
	return failed
}

// error returns the recorded failure, as an error of the operation op
// about name (see uri.Error.Name).
func (p *parser) error(op uri.Op, name string) error {
	return newError(op, name, p.orig, p.offset(p.errAt), p.errKind)
}

// note records a non-fatal validation error at index i of p.in.
func (p *parser) note(k Kind, i int) {
	if p.collect {
		*p.errs = append(*p.errs, ValidationError{k, p.offset(i)})
	}
}

// run is the basic URL parser's state machine from the scheme start state.
func (p *parser) run() int {
	s := p.in
	if len(s) >= 8 && s[0]|0x20 == 'h' {
		if k, upper := httpPrefix(s); k > 0 {
			// The scheme state for "http" or "https" and "//" after the ":"
			// goes on in the special authority ignore slashes state after
			// them, from the special relative or authority state (a base of
			// the same scheme) or the special authority slashes state.
			sch := schemeHTTPS
			if k == 4 {
				sch = schemeHTTP
			}
			p.writeScheme(k, upper, sch)
			return p.specialAuthorityIgnoreSlashes(k + 3)
		}
	}
	// Scheme start state: an ASCII alpha starts a scheme. Scheme state:
	// scheme code points up to ":"; anything else, or the end, starts over
	// in the no scheme state.
	if len(s) > 0 && abnf.IsAlpha(s[0]) {
		k := 1
		acc := class[s[0]]
		for k < len(s) && class[s[k]]&schemeChar != 0 {
			acc |= class[s[k]]
			k++
		}
		if k < len(s) && s[k] == ':' {
			return p.scheme(k, acc&upperBit != 0)
		}
	}
	return p.noScheme()
}

// httpPrefix returns the length of the scheme when s starts with
// "http://" or "https://", in any case, and whether it has an upper-case
// letter; 0 otherwise. Most URLs do, and eight bytes read as one word
// tell: setting bit 0x20 of a byte that is a letter of the scheme makes it
// lower case, and makes no other byte one.
func httpPrefix(s string) (int, bool) {
	const (
		https = 'h' | 't'<<8 | 't'<<16 | 'p'<<24 | 's'<<32 | ':'<<40 | '/'<<48 | '/'<<56
		http  = 'h' | 't'<<8 | 't'<<16 | 'p'<<24 | ':'<<32 | '/'<<40 | '/'<<48
		fold5 = 0x2020202020 // the five letters of "https"
		fold4 = 0x20202020
	)
	if len(s) < 8 {
		return 0, false
	}
	x := load64(s, 0)
	if x|fold5 == https {
		return 5, x&fold5 != fold5
	}
	if (x|fold4)&(1<<56-1) == http {
		return 4, x&fold4 != fold4
	}
	return 0, false
}

// noHost sets the offsets of a URL whose host is null.
func (p *parser) noHost() {
	e := p.u.schemeEnd + 1
	p.u.userEnd, p.u.hostStart, p.u.hostEnd, p.u.pathStart = e, e, e, e
	p.u.kind = uri.HostNone
}

// writeScheme writes the scheme in[:k], lower-cased when upper is set,
// and its ":", and sets the URL's scheme to sch.
func (p *parser) writeScheme(k int, upper bool, sch schemeType) {
	if upper {
		p.w.CopyLower(0, k)
	} else {
		p.w.Copy(0, k)
	}
	p.u.schemeEnd = int32(k)
	p.w.Byte(':')
	p.noHost()
	p.sch = sch
}

// scheme is the scheme state after the scheme in[:k] and its ":".
func (p *parser) scheme(k int, upper bool) int {
	s := p.in
	p.writeScheme(k, upper, lookupScheme(s[:k]))
	i := k + 1
	switch {
	case p.sch == schemeFile:
		if !strings.HasPrefix(s[i:], "//") {
			p.note(ErrSpecialSchemeMissingFollowingSolidus, i)
		}
		return p.file(i)
	case p.sch.special() && p.base.href != "" && p.base.scheme == p.sch:
		return p.specialRelativeOrAuthority(i)
	case p.sch.special():
		return p.specialAuthoritySlashes(i)
	case i < len(s) && s[i] == '/':
		return p.pathOrAuthority(i + 1)
	}
	return p.opaquePath(i)
}

// noScheme is the no scheme state, from the start of the input.
func (p *parser) noScheme() int {
	s, b := p.in, &p.base
	if b.href == "" || b.flags&fOpaque != 0 && (len(s) == 0 || s[0] != '#') {
		return p.fail(ErrMissingSchemeNonRelativeURL, 0)
	}
	if b.flags&fOpaque != 0 {
		// The base's scheme, path and query, and an empty fragment.
		p.w.WriteString(b.href[:b.fragStart])
		p.u = *b
		p.u.flags &^= fFragment
		p.sch = b.scheme
		return p.fragment(1)
	}
	p.u.schemeEnd = b.schemeEnd
	p.noHost()
	p.sch = b.scheme
	if b.scheme != schemeFile {
		// The base's scheme is written with what follows it.
		return p.relative(0)
	}
	p.w.WriteString(b.href[:b.schemeEnd+1])
	return p.file(0)
}

// baseAuthority writes the base's credentials, host and port, and its
// path up to pathEnd (from pathStart on, none), and takes over their
// offsets. The output so far is the base's scheme, or nothing yet, which
// it then writes too: the base is written in one piece. The "/." that may
// stand before the base's path (section 4.5) is left out.
func (p *parser) baseAuthority(pathEnd int) {
	b := &p.base
	k, ps := p.w.Len(), int(b.pathStart)
	if b.flags&fDot != 0 {
		p.w.WriteString(b.href[k : ps-2])
		p.u.pathStart = p.pos()
		p.w.WriteString(b.href[ps:pathEnd])
	} else {
		p.w.WriteString(b.href[k:pathEnd])
		p.u.pathStart = b.pathStart
	}
	p.u.userEnd, p.u.hostStart, p.u.hostEnd, p.u.kind = b.userEnd, b.hostStart, b.hostEnd, b.kind
}

// shortenedPath returns the end of the base's path without its last
// segment: where shortening the path (section 4.2) would leave it, for a
// base that is not a file URL.
func (p *parser) shortenedPath() int {
	b := &p.base
	return int(b.pathStart) + max(strings.LastIndexByte(b.href[b.pathStart:b.queryStart], '/'), 0)
}

// baseQuery writes the base's query, if it has one.
func (p *parser) baseQuery() {
	b := &p.base
	if b.flags&fQuery != 0 {
		p.u.queryStart = p.pos()
		p.u.flags |= fQuery
		p.w.WriteString(b.href[b.queryStart:b.fragStart])
	}
}

// specialRelativeOrAuthority is the special relative or authority state.
func (p *parser) specialRelativeOrAuthority(i int) int {
	if strings.HasPrefix(p.in[i:], "//") {
		return p.specialAuthorityIgnoreSlashes(i + 2)
	}
	p.note(ErrSpecialSchemeMissingFollowingSolidus, i)
	return p.relative(i)
}

// pathOrAuthority is the path or authority state, after "scheme:/".
func (p *parser) pathOrAuthority(i int) int {
	if i < len(p.in) && p.in[i] == '/' {
		return p.authority(i + 1)
	}
	p.u.pathStart = p.pos()
	return p.path(i)
}

// relative is the relative state: the base is not a file URL, and the
// output is its scheme, or nothing yet (see baseAuthority).
func (p *parser) relative(i int) int {
	s := p.in
	if i < len(s) {
		switch c := s[i]; {
		case c == '/':
			return p.relativeSlash(i + 1)
		case c == '\\' && p.sch.special():
			p.note(ErrInvalidReverseSolidus, i)
			return p.relativeSlash(i + 1)
		}
	}
	if i < len(s) && s[i] != '?' && s[i] != '#' {
		// A path: the base's path is shortened (section 4.2) as it is
		// written.
		p.baseAuthority(p.shortenedPath())
		return p.path(i)
	}
	p.baseAuthority(int(p.base.queryStart))
	if i == len(s) {
		p.baseQuery()
		return i
	}
	if s[i] == '?' {
		return p.query(i + 1)
	}
	p.baseQuery()
	return p.fragment(i + 1)
}

// relativeSlash is the relative slash state; the output is as for
// relative.
func (p *parser) relativeSlash(i int) int {
	s := p.in
	if i < len(s) && (s[i] == '/' || s[i] == '\\' && p.sch.special()) {
		// An authority follows the base's scheme.
		if p.w.Len() == 0 {
			p.w.WriteString(p.base.href[:p.base.schemeEnd+1])
		}
	}
	if i < len(s) {
		c := s[i]
		if p.sch.special() && (c == '/' || c == '\\') {
			if c == '\\' {
				p.note(ErrInvalidReverseSolidus, i)
			}
			return p.specialAuthorityIgnoreSlashes(i + 1)
		}
		if c == '/' {
			return p.authority(i + 1)
		}
	}
	p.baseAuthority(int(p.base.pathStart))
	return p.path(i)
}

// specialAuthoritySlashes is the special authority slashes state.
func (p *parser) specialAuthoritySlashes(i int) int {
	if strings.HasPrefix(p.in[i:], "//") {
		i += 2
	} else {
		p.note(ErrSpecialSchemeMissingFollowingSolidus, i)
	}
	return p.specialAuthorityIgnoreSlashes(i)
}

// specialAuthorityIgnoreSlashes is the special authority ignore slashes
// state: it skips any "/" and "\".
func (p *parser) specialAuthorityIgnoreSlashes(i int) int {
	s := p.in
	for i < len(s) && (s[i] == '/' || s[i] == '\\') {
		p.note(ErrSpecialSchemeMissingFollowingSolidus, i)
		i++
	}
	return p.authority(i)
}

// authority is the authority state. The authority ends at "/", "?", "#",
// "\\" in a special URL, or the end; the credentials end at its last "@".
func (p *parser) authority(i int) int {
	s := p.in
	special := p.sch.special()
	p.w.Byte('/')
	p.w.Byte('/')
	if special && !p.collect {
		if e, upper := plainDomain(s, i); e > i {
			return p.plainAuthority(i, e, upper)
		}
	}
	// One pass finds the end of the authority, its last "@", and the first
	// ":" after that "@", which ends the host unless a "[" came before it.
	e, at, colon, bracket := i, -1, -1, false
	stop := &authorityStops[0]
scan:
	for ; ; e++ {
		if e = scan(s, e, stop); e == len(s) {
			break
		}
		switch s[e] {
		case '@':
			p.note(ErrInvalidCredentials, e)
			at, colon, bracket = e, -1, false
		case ':':
			if colon < 0 {
				colon = e
			}
		case '[':
			bracket = true
		case '\\':
			if special {
				break scan
			}
		default:
			break scan
		}
	}
	h := i
	p.u.userEnd = p.pos()
	if at >= 0 {
		if at+1 == e {
			// "If atSignSeen is true and buffer is the empty string,
			// host-missing validation error, return failure."
			return p.fail(ErrHostMissing, e)
		}
		p.userinfo(i, at)
		h = at + 1
	}
	p.u.hostStart = p.pos()
	if bracket {
		colon = -1
	} else if colon < 0 {
		colon = e
	}
	return p.hostAndPort(h, e, colon)
}

// plainDomain returns the end of the authority that starts at in[i] of a
// special URL when it is a domain that the host parser returns as it is,
// or lower-cased, and nothing else, and i otherwise: ASCII bytes that are
// no forbidden domain code point and no "%", up to the end or to "/", "\",
// "?" or "#", and not ending in a number (section 3.5). It also reports
// whether the domain has an upper-case letter. Most authorities are such a
// domain, and one scan finds it, where the authority state looks for
// credentials and a port, and the host parser for its cases, each with a
// pass of its own.
func plainDomain(s string, i int) (int, bool) {
	e := scan(s, i, &plainDomainStops[0])
	upper := e < len(s) && abnf.IsAlpha(s[e])
	if upper {
		// An upper-case letter: the rest is scanned for the other stops.
		e = scan(s, e, &caseDomainStops[0])
	}
	if e < len(s) {
		switch s[e] {
		case '/', '\\', '?', '#':
		default:
			return i, false
		}
	}
	if endsInNumber(s[i:e]) {
		return i, false
	}
	return e, upper
}

// plainAuthority writes the authority in[i:e], a domain that plainDomain
// found, as the authority state and the host parser would, and goes on in
// the path start state. Validate does not take this way, so that FuzzParse,
// which compares Parse with Validate, holds the two to the same result.
func (p *parser) plainAuthority(i, e int, upper bool) int {
	n := p.pos()
	p.u.userEnd, p.u.hostStart = n, n
	if upper {
		p.w.CopyLower(i, e)
	} else {
		p.w.Copy(i, e)
	}
	p.u.hostEnd = p.pos()
	p.u.kind = uri.HostDomain
	return p.pathStart(e)
}

// userinfo writes the credentials in[i:at]: the username up to the first
// ":", the password after it, each UTF-8 percent-encoded with the userinfo
// percent-encode set, and "@" if either is not empty. An "@" inside them is
// encoded as "%40", as the authority state's prepending of "%40" does.
func (p *parser) userinfo(i, at int) {
	s := p.in[i:at]
	user, pass := s, ""
	colon := strings.IndexByte(s, ':')
	if colon >= 0 {
		user, pass = s[:colon], s[colon+1:]
	}
	if user == "" && pass == "" {
		return
	}
	p.encodeIn(i, i+len(user), encUserinfo, userinfoStops)
	p.u.userEnd = p.pos()
	if pass != "" {
		p.w.Byte(':')
		p.encodeIn(i+colon+1, at, encUserinfo, userinfoStops)
	}
	p.w.Byte('@')
}

// encodeIn writes in[i:j] UTF-8 percent-encoded with set, whose members
// are t, copying runs of bytes that need no encoding.
func (p *parser) encodeIn(i, j int, set uint32, t *stops) {
	s := p.in
	for i < j {
		k := scan(s[:j], i, &t[0])
		p.w.Copy(i, k)
		if k == j {
			return
		}
		p.noteControl(k)
		i = encodeAt(&p.w, s, k, set)
	}
}

// hostAndPort is the host state and the port state on in[h:e]. The host
// ends at k, the first ":" outside brackets, or e; k < 0 when it is not
// known yet.
func (p *parser) hostAndPort(h, e, k int) int {
	s := p.in
	if k < 0 {
		inside := false
		for k = h; k < e; k++ {
			c := s[k]
			if c == ':' && !inside {
				break
			}
			if c == '[' {
				inside = true
			} else if c == ']' {
				inside = false
			}
		}
	}
	// "If buffer is the empty string, host-missing validation error, return
	// failure": before a port always, at the end in a special URL.
	if k == h && (k < e || p.sch.special()) {
		return p.fail(ErrHostMissing, k)
	}
	if !p.host(h, k) {
		return failed
	}
	p.u.hostEnd = p.pos()
	if k < e && !p.port(k+1, e) {
		return failed
	}
	return p.pathStart(e)
}

// port is the port state on in[i:e]: the digits of the port, ended by the
// end of the authority. A port equal to the scheme's default port is null.
func (p *parser) port(i, e int) bool {
	s := p.in
	v := 0
	for j := i; j < e; j++ {
		c := s[j]
		if c < '0' || c > '9' {
			p.fail(ErrPortInvalid, j)
			return false
		}
		if v <= 0xffff {
			v = v*10 + int(c-'0')
		}
	}
	if i == e {
		return true
	}
	if v > 0xffff {
		p.fail(ErrPortOutOfRange, i)
		return false
	}
	if v != p.sch.defaultPort() {
		p.w.Byte(':')
		p.writeInt(v)
	}
	return true
}

// writeInt writes v, at most 65535, in decimal.
func (p *parser) writeInt(v int) {
	var b [5]byte
	k := len(b)
	for {
		k--
		b[k] = byte('0' + v%10)
		v /= 10
		if v == 0 {
			break
		}
	}
	for ; k < len(b); k++ {
		p.w.Byte(b[k])
	}
}

// pathStart is the path start state.
func (p *parser) pathStart(i int) int {
	s := p.in
	p.u.pathStart = p.pos()
	if p.sch.special() {
		if i < len(s) && (s[i] == '/' || s[i] == '\\') {
			if s[i] == '\\' {
				p.note(ErrInvalidReverseSolidus, i)
			}
			i++
		}
		return p.path(i)
	}
	if i == len(s) {
		return i
	}
	switch s[i] {
	case '?':
		return p.query(i + 1)
	case '#':
		return p.fragment(i + 1)
	case '/':
		i++
	}
	return p.path(i)
}

// path is the path state, at the start of a path segment. Each segment is
// written as "/" and its bytes, UTF-8 percent-encoded with the path
// percent-encode set; a "." or ".." segment (also written "%2e") is
// removed again, as the path state does when it meets the end of the
// segment. Runs of bytes that need no change are copied whole, across
// segments: a "." or "%" ends a run only at the start of a dot segment.
func (p *parser) path(i int) int {
	s := p.in
	special := p.sch.special()
	stop := pathStops.of(p)
segment:
	for {
		// A segment starts at in[i], and its "/" is written here.
		p.w.Byte('/')
		j := i
		if p.sch == schemeFile && p.w.Len()-1 == int(p.u.pathStart) {
			j = p.driveLetter(i)
		}
		r := j // the start of the run not yet copied
		for {
			j = scan(s, j, stop)
			if j == len(s) {
				p.w.Copy(r, j)
				return j
			}
			c := s[j]
			if c == '.' || c == '%' {
				if j == i || s[j-1] == '/' || special && s[j-1] == '\\' {
					if e, dots := p.dotSegment(j); dots > 0 {
						p.w.Copy(r, j)
						if !p.dotSegmentEnd(e, dots) {
							return p.afterPath(e)
						}
						i = e + 1
						continue segment
					}
				}
				if c == '%' && p.collect {
					p.checkUnit(j)
				}
				j++
				continue
			}
			p.w.Copy(r, j)
			switch {
			case c == '\\' && special:
				p.note(ErrInvalidReverseSolidus, j)
				p.w.Byte('/')
				j++
			case (c == '?' || c == '#') && !p.override:
				return p.afterPath(j)
			default:
				j = p.encodeOne(j, encPath)
			}
			r = j
		}
	}
}

// dotSegmentEnd removes the dot segment (dots is 1 for ".", 2 for "..")
// whose "/" is the last byte written, and that ends at in[e]. It reports
// whether a separator follows, after which a new segment starts at
// in[e+1].
func (p *parser) dotSegmentEnd(e, dots int) bool {
	s := p.in
	sep := e < len(s) && (s[e] == '/' || s[e] == '\\' && p.sch.special())
	seg := p.w.Len() - 1
	if dots == 2 {
		// A double-dot segment: shorten the path, and append an empty
		// segment unless a separator follows.
		p.w.Truncate(seg)
		p.shorten()
		if !sep {
			p.w.Byte('/')
		}
	} else if sep {
		// A single-dot segment: append an empty segment (keep the "/")
		// unless a separator follows.
		p.w.Truncate(seg)
	}
	if sep && s[e] == '\\' {
		p.note(ErrInvalidReverseSolidus, e)
	}
	return sep
}

// afterPath continues after the path, at the end, "?" or "#".
func (p *parser) afterPath(j int) int {
	s := p.in
	if j == len(s) {
		return j
	}
	if s[j] == '?' {
		return p.query(j + 1)
	}
	return p.fragment(j + 1)
}

// segmentEnd reports whether in[k] ends a path segment: "/", "\" in a
// special URL, "?" and "#" unless a setter parses the path alone, or the
// end.
func (p *parser) segmentEnd(k int) bool {
	s := p.in
	if k >= len(s) {
		return true
	}
	switch s[k] {
	case '/':
		return true
	case '\\':
		return p.sch.special()
	case '?', '#':
		return !p.override
	}
	return false
}

// dotSegment reports whether the segment that starts at in[j] is a
// single-dot URL path segment ("." or "%2e", 1) or a double-dot one ("..",
// ".%2e", "%2e." or "%2e%2e", 2), ASCII case-insensitive (section 4.1), or
// neither (0), and returns its end. The percent-encoding of a segment
// leaves "." and "%" as they are and writes them for nothing else, so the
// input decides as the written segment would.
func (p *parser) dotSegment(j int) (end, dots int) {
	d := dotAt(p.in, j)
	if d == 0 {
		return j, 0
	}
	if p.segmentEnd(j + d) {
		return j + d, 1
	}
	if e := dotAt(p.in, j+d); e > 0 && p.segmentEnd(j+d+e) {
		return j + d + e, 2
	}
	return j, 0
}

// dotAt returns the length of the dot at s[j]: 1 for ".", 3 for "%2e" or
// "%2E", 0 for none.
func dotAt(s string, j int) int {
	if j < len(s) && s[j] == '.' {
		return 1
	}
	if j+2 < len(s) && s[j] == '%' && s[j+1] == '2' && s[j+2]|0x20 == 'e' {
		return 3
	}
	return 0
}

// driveLetter writes the Windows drive letter that in[i:] starts with, if
// it is a whole segment, normalized ("c|" as "c:"), and returns the index
// after it; otherwise it returns i. The path state does so for the first
// segment of a file URL's path: "If url's scheme is "file", url's path is
// empty, and buffer is a Windows drive letter, then replace the second code
// point in buffer with U+003A (:)."
func (p *parser) driveLetter(i int) int {
	s := p.in
	if i+1 < len(s) && abnf.IsAlpha(s[i]) && (s[i+1] == ':' || s[i+1] == '|') && p.segmentEnd(i+2) {
		if p.collect {
			p.checkUnit(i + 1) // "|" is not a URL code point
		}
		p.w.Byte(s[i])
		p.w.Byte(':')
		return i + 2
	}
	return i
}

// shorten shortens the path (section 4.2): it removes the last segment,
// unless the URL is a file URL whose path is one normalized Windows drive
// letter.
func (p *parser) shorten() {
	ps := int(p.u.pathStart)
	n := p.w.Len()
	if n == ps {
		return
	}
	if p.sch == schemeFile && n-ps == 3 && abnf.IsAlpha(p.w.At(ps+1)) && p.w.At(ps+2) == ':' {
		return
	}
	p.w.Truncate(p.w.LastIndexByte('/', ps))
}

// encodeOne writes the code point at in[j:] UTF-8 percent-encoded with set,
// checks it when collecting validation errors, and returns the index after
// it.
func (p *parser) encodeOne(j int, set uint32) int {
	if p.collect {
		p.checkUnit(j)
	}
	p.noteControl(j)
	return encodeAt(&p.w, p.in, j, set)
}

// noteControl sets ctl when in[j] is a tab or newline (see parse).
func (p *parser) noteControl(j int) {
	if c := p.in[j]; c == '\t' || c == '\n' || c == '\r' {
		p.ctl = true
	}
}

// checkUnit records invalid-URL-unit for the code point at in[j:] if it is
// neither a URL code point nor a "%" followed by two hex digits.
func (p *parser) checkUnit(j int) {
	s := p.in
	c := s[j]
	switch {
	case c == '%':
		if j+2 >= len(s) || !abnf.IsHex(s[j+1]) || !abnf.IsHex(s[j+2]) {
			p.note(ErrInvalidURLUnit, j)
		}
	case c < 0x80:
		if class[c]&urlCodePoint == 0 {
			p.note(ErrInvalidURLUnit, j)
		}
	default:
		if r, _, _ := decodeRune(s, j); !isURLCodePoint(r) {
			p.note(ErrInvalidURLUnit, j)
		}
	}
}

// opaquePath is the opaque path state.
func (p *parser) opaquePath(i int) int {
	s := p.in
	p.u.pathStart = p.pos()
	p.u.flags |= fOpaque
	stop := opaquePathStops.of(p)
	for j := i; ; {
		k := scan(s, j, stop)
		p.w.Copy(j, k)
		j = k
		if j == len(s) {
			return j
		}
		switch c := s[j]; c {
		case '?':
			return p.query(j + 1)
		case '#':
			return p.fragment(j + 1)
		case ' ':
			// A space is kept, unless a query or fragment follows: then it
			// is "%20", so that the path does not end in a space.
			p.note(ErrInvalidURLUnit, j)
			if j+1 < len(s) && (s[j+1] == '?' || s[j+1] == '#') {
				p.w.WriteString("%20")
			} else {
				p.w.Byte(' ')
			}
			j++
		default:
			j = p.encodeOne(j, encC0)
		}
	}
}

// query is the query state: "?" and the query, UTF-8 percent-encoded with
// the special-query percent-encode set in a special URL and the query
// percent-encode set otherwise.
func (p *parser) query(i int) int {
	p.u.queryStart = p.pos()
	p.u.flags |= fQuery
	p.w.Byte('?')
	return p.queryBody(i)
}

// queryBody writes the query from in[i:] up to "#" or the end.
func (p *parser) queryBody(i int) int {
	if p.sch.special() {
		return p.encodeRest(i, encSpecialQuery, specialQueryStops, !p.override)
	}
	return p.encodeRest(i, encQuery, queryStops, !p.override)
}

// fragment is the fragment state: "#" and the fragment, UTF-8
// percent-encoded with the fragment percent-encode set.
func (p *parser) fragment(i int) int {
	p.u.fragStart = p.pos()
	p.u.flags |= fFragment
	p.w.Byte('#')
	return p.fragmentBody(i)
}

// fragmentBody writes the fragment from in[i:] to the end.
func (p *parser) fragmentBody(i int) int {
	return p.encodeRest(i, encFragment, fragmentStops, false)
}

// encodeRest writes in[i:] UTF-8 percent-encoded with set, whose members
// are t, up to the end, or with hashEnds up to a "#", where the fragment
// state takes over. Runs of bytes that need no encoding are copied whole.
func (p *parser) encodeRest(i int, set uint32, t *stops, hashEnds bool) int {
	s := p.in
	stop := t.of(p)
	for j := i; ; {
		k := scan(s, j, stop)
		p.w.Copy(j, k)
		j = k
		if j == len(s) {
			return j
		}
		if hashEnds && s[j] == '#' {
			return p.fragment(j + 1)
		}
		j = p.encodeOne(j, set)
	}
}

// file is the file state: the scheme is "file".
func (p *parser) file(i int) int {
	s, b := p.in, &p.base
	p.sch = schemeFile
	if i < len(s) && (s[i] == '/' || s[i] == '\\') {
		if s[i] == '\\' {
			p.note(ErrInvalidReverseSolidus, i)
		}
		return p.fileSlash(i + 1)
	}
	if b.href != "" && b.scheme == schemeFile {
		// The base's host, path and query.
		p.baseAuthority(int(b.queryStart))
		if i == len(s) {
			p.baseQuery()
			return i
		}
		switch s[i] {
		case '?':
			return p.query(i + 1)
		case '#':
			p.baseQuery()
			return p.fragment(i + 1)
		}
		if !startsWithDriveLetter(s[i:]) {
			p.shorten()
		} else {
			p.note(ErrFileInvalidWindowsDriveLetter, i)
			p.w.Truncate(int(p.u.pathStart))
		}
		return p.path(i)
	}
	p.w.WriteString("//")
	p.emptyHost()
	return p.path(i)
}

// emptyHost sets the offsets of the empty host, after the "//" written.
func (p *parser) emptyHost() {
	n := p.pos()
	p.u.userEnd, p.u.hostStart, p.u.hostEnd, p.u.pathStart = n, n, n, n
	p.u.kind = uri.HostEmpty
}

// fileSlash is the file slash state.
func (p *parser) fileSlash(i int) int {
	s, b := p.in, &p.base
	if i < len(s) && (s[i] == '/' || s[i] == '\\') {
		if s[i] == '\\' {
			p.note(ErrInvalidReverseSolidus, i)
		}
		return p.fileHost(i + 1)
	}
	if b.href != "" && b.scheme == schemeFile {
		p.baseAuthority(int(b.pathStart))
		// "If the code point substring from pointer to the end of input
		// does not start with a Windows drive letter and base's path[0] is a
		// normalized Windows drive letter, then append base's path[0] to
		// url's path."
		bp := b.href[b.pathStart:b.queryStart]
		if !startsWithDriveLetter(s[i:]) && len(bp) >= 3 && abnf.IsAlpha(bp[1]) && bp[2] == ':' && (len(bp) == 3 || bp[3] == '/') {
			p.w.WriteString(bp[:3])
		}
		return p.path(i)
	}
	p.w.WriteString("//")
	p.emptyHost()
	return p.path(i)
}

// startsWithDriveLetter reports whether s starts with a Windows drive
// letter (section 4.2): an ASCII alpha, then ":" or "|", then the end or
// one of "/", "\", "?" and "#".
func startsWithDriveLetter(s string) bool {
	if len(s) < 2 || !abnf.IsAlpha(s[0]) || s[1] != ':' && s[1] != '|' {
		return false
	}
	if len(s) == 2 {
		return true
	}
	switch s[2] {
	case '/', '\\', '?', '#':
		return true
	}
	return false
}

// fileHost is the file host state: the host ends at "/", "\", "?", "#"
// or the end.
func (p *parser) fileHost(i int) int {
	s := p.in
	e := scan(s, i, &fileHostStops[0])
	p.w.Byte('/')
	p.w.Byte('/')
	p.emptyHost()
	if e-i == 2 && abnf.IsAlpha(s[i]) && (s[i+1] == ':' || s[i+1] == '|') {
		// A Windows drive letter is the path's first segment, and the host
		// stays empty.
		p.note(ErrFileInvalidWindowsDriveLetterHost, i)
		p.w.Byte('/')
		p.w.Byte(s[i])
		p.w.Byte(':')
		if e < len(s) && (s[e] == '/' || s[e] == '\\') {
			if s[e] == '\\' {
				p.note(ErrInvalidReverseSolidus, e)
			}
			return p.path(e + 1)
		}
		return p.afterPath(e)
	}
	if e > i {
		if !p.host(i, e) {
			return failed
		}
		if p.u.kind == uri.HostDomain && p.w.Len()-int(p.u.hostStart) == 9 && p.isLocalhost() {
			p.w.Truncate(int(p.u.hostStart))
			p.u.kind = uri.HostEmpty
		}
		p.u.hostEnd = p.pos()
	}
	return p.pathStart(e)
}

// isLocalhost reports whether the host written is "localhost".
func (p *parser) isLocalhost() bool {
	const l = "localhost"
	h := int(p.u.hostStart)
	for k := 0; k < len(l); k++ {
		if p.w.At(h+k) != l[k] {
			return false
		}
	}
	return true
}
