package uri

import (
	"net/netip"
	"slices"
	"strings"

	"github.com/gouri/uri/internal/abnf"
	"github.com/gouri/uri/internal/dotseg"
	"github.com/gouri/uri/internal/schemes"
)

// This file writes the normal form of a reference: emit and the writer it
// writes through. The rules that depend on the scheme are in
// normalize_scheme.go.

// shortNormal is the length up to which normalize writes a result into a
// stack buffer, and then copies it into the result string, rather than into
// a strings.Builder, and up to which a path is worked out on the stack.
const shortNormal = 256

// normalizeWith is normalize with the room for the list of the query
// parameters. A path that needs more than its percent-encodings normalized
// is worked out once, before the runs of emit, into a stack buffer unless
// it is too long (see bufferPath). A first run of emit compares what it
// would write with u's text, up to the first difference: that is all the
// work for the many references that are already normal. When something
// differs, a second run writes the result, into a stack buffer first, and
// into a strings.Builder of the length it counted if that is too short.
func normalizeWith(u *ref, n Normalization, v *ref, params []param) bool {
	nz := normalizer{u: u, n: n} // set here: stored through a pointer, u would escape
	nz.init()
	if params != nil {
		nz.params = sortParams(u.s, int(u.pathEnd)+1, int(u.queryEnd), nz.queryOpt(), params)
	}
	if nz.buffered {
		var buf [shortNormal]byte
		// Set here for the same reason, and buf would move to the heap.
		nz.path, nz.prefix = nz.bufferPath(buf[:])
	}
	cmp := writer{src: u.s}
	nz.emit(&cmp, v)
	if !cmp.diff && cmp.n == len(u.s) {
		return false
	}
	*v = ref{}
	var stack [shortNormal]byte
	w := writer{src: u.s, buf: stack[:], writes: true}
	nz.emit(&w, v)
	switch {
	case w.n > maxLen:
		// For an input within a few bytes of the 2 GiB limit, a result
		// too long for a URI's offsets: it is left unchanged.
		return false
	case !w.over:
		v.s = string(stack[:w.n])
	default:
		var b strings.Builder
		b.Grow(w.n)
		*v = ref{}
		w = writer{src: u.s, b: &b, writes: true}
		nz.emit(&w, v)
		v.s = b.String()
	}
	v.fixHostKind()
	return true
}

// safeInQuery reports whether NormalizeDecodeQuery decodes the byte c in a
// query: a reserved character that the query may hold unencoded and that
// form encoding does not interpret (see NormalizeDecodeQuery for why).
func safeInQuery(c byte) bool {
	if abnf.Classes[c]&(abnf.Colon|abnf.Slash|abnf.Question|abnf.At) != 0 {
		return true
	}
	return abnf.Classes[c]&abnf.SubDelims != 0 && c != '&' && c != '=' && c != '+' && c != ';'
}

// Options of writer.pct: what to do with the bytes of one component.
type pctOpt uint8

const (
	optUpper  pctOpt = 1 << iota // upper-case the hex digits of percent-encodings
	optDecode                    // decode percent-encoded unreserved characters
	optLower                     // lower-case ASCII letters, decoded ones included
	optQuery                     // also decode the characters of safeInQuery
)

// decodes reports whether the percent-encoding of the byte d is decoded
// under o.
func (o pctOpt) decodes(d byte) bool {
	return (o&optDecode != 0 && abnf.Classes[d]&abnf.Unreserved != 0) || (o&optQuery != 0 && safeInQuery(d))
}

// unit returns what the normalization o makes of the unit of text at s[p],
// a byte or a pct-encoding, and that unit's length in s: one byte (a letter
// lower-cased under optLower, a decoded octet) or three (the encoding, its
// hex digits upper-cased under optUpper). It is the one statement of the
// rules of Sections 6.2.2.1 and 6.2.2.2, which both writing and comparing
// follow. The bytes come packed into one word, the first in the low byte,
// n of them.
func (o pctOpt) unit(s string, p int) (out unitBytes, n, size int) {
	c := s[p]
	if c != '%' {
		if o&optLower != 0 {
			c = abnf.Lower(c)
		}
		return unitBytes(c), 1, 1
	}
	h, l := s[p+1], s[p+2]
	if d := abnf.Unhex(h)<<4 | abnf.Unhex(l); o.decodes(d) {
		if o&optLower != 0 {
			d = abnf.Lower(d)
		}
		return unitBytes(d), 1, 3
	}
	if o&optUpper != 0 {
		h, l = hexUpper(h), hexUpper(l)
	}
	return pack3('%', h, l), 3, 3
}

// unitBytes holds the bytes of a unit (see pctOpt.unit), the first in the
// low byte.
type unitBytes uint32

// pack3 packs three bytes, a in the low byte.
func pack3(a, b, c byte) unitBytes {
	return unitBytes(a) | unitBytes(b)<<8 | unitBytes(c)<<16
}

// at returns the k-th byte of u.
func (u unitBytes) at(k int) byte { return byte(u >> (8 * k)) }

// hexUpper returns the hex digit c in upper case.
func hexUpper(c byte) byte {
	if 'a' <= c && c <= 'f' {
		return c - 'a' + 'A'
	}
	return c
}

// writer receives the normalized reference in order. With buf set it writes
// into buf at offset n, as long as buf has room, and sets over if not;
// otherwise, with b set, it appends to b; with neither, it only compares
// what it receives with src at the same position, and counts. (buf is
// written by index, never appended to: storing a grown slice through the
// writer's pointer would move a stack buffer to the heap.)
type writer struct {
	src    string
	buf    []byte
	b      *strings.Builder
	n      int  // bytes received so far
	writes bool // buf or b is set: not comparing
	diff   bool // comparing: some byte differs from src
	over   bool // buf was too short
}

// span receives src[i:j]. Comparing, while nothing has been written
// elsewhere than where it stands in src, it only counts: the common case,
// small enough to be inlined.
func (w *writer) span(i, j int) {
	if w.n == i && !w.writes && i <= j {
		w.n = j
		return
	}
	w.spanMore(i, j)
}

// spanMore is span for the other cases.
func (w *writer) spanMore(i, j int) {
	if j <= i {
		return
	}
	if w.buf != nil {
		w.over = w.over || copy(w.buf[min(w.n, len(w.buf)):], w.src[i:j]) < j-i
	} else if w.b != nil {
		w.b.WriteString(w.src[i:j])
	} else if !w.diff {
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
// letters normalized as o says (see pctOpt.unit). With no option, while
// comparing in step with src, it only counts, as span does, inlined;
// pctMore does the rest.
func (w *writer) pct(i, j int, o pctOpt) {
	if o == 0 && w.n == i && !w.writes { // i <= j for every component
		w.n = j
		return
	}
	w.pctMore(i, j, o)
}

// pctMore is pct with options. The input is valid, so every "%" is
// followed by two hex digits. Without optLower only the percent-encodings
// can change, and they are found with IndexByte; with it, a text with no
// "%" and no upper-case letter, as most hosts are, is found so a word at a
// time (hasUpper), and otherwise a byte that is neither is passed over
// without a call. A comparing writer stops at the first difference.
func (w *writer) pctMore(i, j int, o pctOpt) {
	s := w.src
	if o == 0 || o&optLower != 0 && !hasUpper(s[i:j]) && (o == optLower || strings.IndexByte(s[i:j], '%') < 0) {
		w.span(i, j)
		return
	}
	k := i // start of the bytes not yet received
	for p := i; p < j; {
		if c := s[p]; c == '%' {
			// at a unit to look at; in a run of encodings, without a call
		} else if o&optLower == 0 {
			q := strings.IndexByte(s[p:j], '%')
			if q < 0 {
				break
			}
			p += q
		} else if c-'A' >= 26 {
			p++
			continue
		}
		out, n, size := o.unit(s, p)
		if n == size && (n == 1 && out.at(0) == s[p] || n == 3 && out == pack3(s[p], s[p+1], s[p+2])) {
			p += size // unchanged
			continue
		}
		if !w.writes {
			w.diff = true
			return
		}
		w.span(k, p)
		for k := range n {
			w.byte(out.at(k))
		}
		p += size
		k = p
	}
	w.span(k, j)
}

// lowerOpt returns the option of writer.pct for the text s, with no
// percent-encoding, of a component whose letters are lower-cased under n
// (the scheme, a host): none when NormalizeCase is not set or s has no
// upper-case letter, so that writer.pct is only a span, inlined.
func lowerOpt(n Normalization, s string) pctOpt {
	if n&NormalizeCase != 0 && hasUpper(s) {
		return optLower
	}
	return 0
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

// normalizer holds what emit needs beyond the URI and the steps: decisions
// made once, before the runs of emit.
type normalizer struct {
	u    *ref
	n    Normalization
	info schemes.Info // the scheme's table entry
	pct  bool         // the reference has a "%"

	v6    [45]byte // the RFC 5952 text of an IPv6 host, without brackets or zone: 45 bytes at most
	v6len int      // its length; 0 if not computed
	idna  string   // the A-label form of the host, for NormalizeIDNA
	// dropHost: the host is the scheme's default authority ("localhost").
	dropHost bool
	// mailto: a mailto URI whose domains are lower-cased, if its path,
	// once normalized, is plain (mailtoPlain).
	mailto bool
	// drive: a file URI without a host, or with the host that dropHost
	// drops, whose path's drive letter, if it begins with one, is written
	// in one way (fixDrive).
	drive bool
	// pathRule: a rule of the scheme, mailto or drive, needs the path
	// buffered.
	pathRule bool
	params   []param // NormalizeSortQuery: the query parameters in order
	// buffered: the path needs more than its percent-encodings normalized
	// (dot segments, merged slashes, the mailto rule), and path and prefix
	// hold what emit writes for it (see bufferPath).
	buffered bool
	path     []byte
	prefix   string
}

// init makes the decisions that do not depend on the writer, into nz,
// whose u and n are set and the rest zero; the caller sets the list of
// query parameters.
func (nz *normalizer) init() {
	u, n := nz.u, nz.n
	// Without a "%" anywhere, no percent-encoding has to be looked at: the
	// options that would act on them are dropped (see pctOpt), and the
	// components are taken as they are, with one search for the whole.
	nz.pct = strings.IndexByte(u.s, '%') >= 0
	if u.flags&fScheme != 0 {
		nz.info = schemes.Lookup(u.Scheme())
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
	if n&NormalizeIDNA != 0 && kind == HostRegName && nz.info.DNS && hasEncodedNonASCII(u.Host()) {
		if a, err := HostToASCII(u.Host()); err == nil {
			nz.idna = a
		}
	}
	if n&NormalizeSchemeRules != 0 && nz.info.Known && nz.info.Port == "" {
		// The rules of the schemes without a default port: file and mailto.
		switch scheme := u.Scheme(); {
		case abnf.EqualFold(scheme, "file"):
			// The drive letter rule is for the local machine: no host, no
			// authority at all (then hostStart == hostEnd too), or the
			// host "localhost", which is dropped.
			switch {
			case u.hostEnd == u.hostStart:
				nz.drive, nz.pathRule = true, driveToFix(u.Path())
			case kind == HostRegName && u.flags&fUserinfo == 0 &&
				(u.flags&fPort == 0 || (u.Port() == "" && n&NormalizePort != 0)) &&
				hostIs(u.Host(), "localhost"):
				nz.dropHost, nz.drive, nz.pathRule = true, true, driveToFix(u.Path())
			}
		case abnf.EqualFold(scheme, "mailto"):
			nz.mailto = u.flags&fAuthority == 0 && n&NormalizeCase != 0
			nz.pathRule = nz.mailto
		}
	}
	p := u.s[u.pathStart:u.pathEnd]
	nz.buffered = nz.pathRule ||
		n&NormalizeDotSegments != 0 && mayHaveDotSegment(p, nz.pct, nz.relative()) ||
		n&NormalizeMergeSlashes != 0 && strings.Contains(p, "//")
}

// relative reports whether the reference is a relative-path reference
// (Section 4.2) whose path is not empty.
func (nz *normalizer) relative() bool {
	u := nz.u
	return u.flags&(fScheme|fAuthority) == 0 && u.pathEnd > u.pathStart && u.s[u.pathStart] != '/'
}

// pctOpt returns the options of writer.pct for all components but the
// scheme and the host: none at all when the reference has no "%".
func (nz *normalizer) pctOpt() pctOpt {
	var o pctOpt
	if !nz.pct {
		return 0
	}
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

// emit writes the normalized reference to w and sets the offsets and
// flags of *v; the caller sets its text and host kind. A comparing writer
// stops at the first difference that it finds.
func (nz *normalizer) emit(w *writer, v *ref) {
	u, n := nz.u, nz.n
	if u.flags&fScheme != 0 {
		se := int(u.schemeEnd)
		w.pct(0, se, lowerOpt(n, u.s[:se]))
		v.schemeEnd = int32(w.n)
		v.flags |= fScheme
		w.span(se, se+1)
	}
	if u.flags&fAuthority != 0 {
		nz.emitAuthority(w, v)
	} else {
		v.hostStart, v.hostEnd = int32(w.n), int32(w.n)
	}
	if w.diff {
		return // a comparing writer has its answer
	}
	v.pathStart = int32(w.n)
	nz.emitPath(w)
	v.pathEnd = int32(w.n)
	v.queryEnd = v.pathEnd
	sorted := n&NormalizeSortQuery != 0
	empty := u.queryEnd == u.pathEnd+1 || sorted && len(nz.params) == 0
	if u.flags&fQuery != 0 && (n&NormalizeDropEmptyQuery == 0 || !empty) {
		v.flags |= fQuery
		pe := int(u.pathEnd)
		w.span(pe, pe+1)
		q := nz.queryOpt()
		if sorted {
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
	if w.diff {
		return
	}
	if u.flags&fFragment != 0 && n&NormalizeDropFragment == 0 {
		v.flags |= fFragment
		qe := int(u.queryEnd)
		w.span(qe, qe+1)
		w.pct(qe+1, len(u.s), nz.pctOpt())
	}
}

// emitAuthority writes "//" [ userinfo "@" ] host [ ":" port ].
func (nz *normalizer) emitAuthority(w *writer, v *ref) {
	u := nz.u
	v.flags |= fAuthority
	a := u.afterScheme()
	w.span(a, a+2)
	if u.flags&fUserinfo != 0 {
		v.flags |= fUserinfo
		w.pct(a+2, int(u.hostStart)-1, nz.pctOpt())
		w.span(int(u.hostStart)-1, int(u.hostStart))
	}
	v.hostStart = int32(w.n)
	h, e := int(u.hostStart), int(u.hostEnd)
	switch kind := u.HostKind(); {
	case kind == HostIPv6 || kind == HostIPvFuture:
		nz.emitIPLiteral(w, kind)
	case nz.dropHost:
	case nz.idna != "":
		w.str(nz.idna)
	case nz.pct:
		w.pct(h, e, nz.pctOpt()|nz.lowerCase())
	default:
		w.pct(h, e, lowerOpt(nz.n, u.s[h:e]))
	}
	v.hostEnd = int32(w.n)
	v.flags |= flags(u.HostKind()) << kindShift
	if u.flags&fPort == 0 {
		return
	}
	port, ps := u.Port(), int(u.hostEnd)+1
	switch {
	case nz.n&NormalizePort == 0:
	case port == "":
		return
	case nz.info.Port != "":
		z := 0
		for z < len(port)-1 && port[z] == '0' {
			z++
		}
		if port[z:] == nz.info.Port {
			return
		}
		v.flags |= fPort
		w.span(ps-1, ps)
		w.span(ps+z, int(u.pathStart))
		return
	}
	v.flags |= fPort
	w.span(ps-1, int(u.pathStart))
}

// lowerCase is the option of writer.pct that lower-cases letters, if
// NormalizeCase is set.
func (nz *normalizer) lowerCase() pctOpt {
	if nz.n&NormalizeCase != 0 {
		return optLower
	}
	return 0
}

// emitIPLiteral writes a host of kind HostIPv6 or HostIPvFuture.
func (nz *normalizer) emitIPLiteral(w *writer, kind HostKind) {
	u := nz.u
	h, e := int(u.hostStart), int(u.hostEnd)
	if kind == HostIPvFuture {
		w.pct(h, e, nz.lowerCase())
		return
	}
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
		w.pct(h+1, addrEnd, nz.lowerCase())
	}
	if z >= 0 {
		w.span(addrEnd, addrEnd+3)
		w.pct(addrEnd+3, e-1, nz.pctOpt())
	}
	w.span(e-1, e)
}

// emitPath writes the path.
func (nz *normalizer) emitPath(w *writer) {
	u := nz.u
	ps, pe := int(u.pathStart), int(u.pathEnd)
	switch {
	case nz.buffered:
		w.str(nz.prefix)
		w.bytes(nz.path)
	case ps == pe:
		if nz.n&NormalizeSchemeRules != 0 && u.flags&fAuthority != 0 && nz.info.SlashPath {
			w.byte('/')
		}
	default:
		w.pct(ps, pe, nz.pctOpt())
	}
}

// bufferPath works out the path of a buffered normalizer (see buffered),
// for both runs of emit, into buf, or into a buffer of the path's length
// if buf is too short: its percent-encodings normalized, its dot segments
// removed by remove_dot_segments (Section 6.2.2.3) and its slashes merged
// as the steps say, the mailto domains lower-cased; and the prefix that it
// needs (see pathPrefix).
func (nz *normalizer) bufferPath(buf []byte) (path []byte, prefix string) {
	u, n := nz.u, nz.n
	ps, pe := int(u.pathStart), int(u.pathEnd)
	if pe-ps > len(buf) {
		buf = make([]byte, pe-ps) // normalizing percent-encodings never lengthens a path
	}
	pw := writer{src: u.s, buf: buf, writes: true}
	pw.pct(ps, pe, nz.pctOpt())
	p := buf[:pw.n]
	relative := nz.relative()
	if n&(NormalizeDotSegments|NormalizeMergeSlashes) != 0 {
		p, _ = dotseg.Remove(p, 0, dotseg.Options{
			// A relative-path reference keeps what only a base resolves.
			KeepUp:       relative,
			PctDots:      true, // "%2E" is ".", decoded or not (Section 2.3)
			NoDots:       n&NormalizeDotSegments == 0,
			MergeSlashes: n&NormalizeMergeSlashes != 0,
		})
	}
	if nz.mailto && mailtoPlain(p) {
		lowerMailtoDomains(p)
	}
	if nz.drive {
		p = fixDrive(p)
	}
	switch {
	case relative && (len(p) == 0 || p[0] == '/' || firstSegmentHasColon(p)):
		// The result must stay a relative-path reference, and say "this
		// directory" where the path is now empty.
		return p, "./"
	}
	return p, pathPrefix(p, u.flags&fScheme != 0, u.flags&fAuthority != 0)
}

// mayHaveDotSegment reports whether a segment of the path p starts with
// "." or, if pct is set, with "%2E", as every dot segment does, leaving out
// the leading ".." segments of a relative-path reference, which
// remove_dot_segments keeps there (see dotseg.Options.KeepUp). Most paths
// have no dot but the one of a file name's extension, and no "%": a search
// for each tells.
func mayHaveDotSegment(p string, pct, relative bool) bool {
	for relative && len(p) >= 3 && p[:3] == "../" {
		p = p[3:]
	}
	if relative && p == ".." {
		return false
	}
	for i := strings.IndexByte(p, '.'); i >= 0; {
		if i == 0 || p[i-1] == '/' {
			return true
		}
		j := strings.IndexByte(p[i+1:], '.')
		if j < 0 {
			break
		}
		i += 1 + j
	}
	if !pct {
		return false
	}
	for i := strings.IndexByte(p, '%'); i >= 0; {
		if (i == 0 || p[i-1] == '/') && i+2 < len(p) && p[i+1] == '2' && p[i+2]|0x20 == 'e' {
			return true
		}
		j := strings.IndexByte(p[i+1:], '%')
		if j < 0 {
			break
		}
		i += 1 + j
	}
	return false
}

// param is one query parameter: its text from start to end, and where its
// key ends.
type param struct{ start, keyEnd, end int }

// sortParams returns the parameters of the query s[qs:qe] in the order of
// NormalizeSortQuery: stable, by key, comparing keys as o normalizes them.
// Empty pieces are left out, so a query of only "&" has none. It appends to
// params.
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
		if end > i {
			if len(params) == cap(params) {
				more := make([]param, len(params), len(params)+strings.Count(s[i:qe], "&")+1)
				copy(more, params)
				params = more
			}
			params = append(params, param{i, k, end})
		}
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
// byte by byte, without writing them: unit by unit (see pctOpt.unit), the
// bytes of each unit in turn.
func compareNormalized(a, b string, o pctOpt) int {
	var ua, ub unitBytes
	var na, nb, ka, kb int // the units' lengths, and the bytes of them already compared
	for i, j := 0, 0; ; {
		if ka == na && i < len(a) {
			var size int
			ua, na, size = o.unit(a, i)
			ka, i = 0, i+size
		}
		if kb == nb && j < len(b) {
			var size int
			ub, nb, size = o.unit(b, j)
			kb, j = 0, j+size
		}
		switch {
		case ka == na && kb == nb:
			return 0
		case ka == na:
			return -1
		case kb == nb:
			return 1
		case ua.at(ka) != ub.at(kb):
			return int(ua.at(ka)) - int(ub.at(kb))
		}
		ka, kb = ka+1, kb+1
	}
}

// appendNormalized appends the form of u under n to dst. It is
// normalizeWith with dst in the place of its buffers: a comparing run of
// emit first, as most references are already normal and then u's text is
// appended as it is; otherwise emit writes into the room that dst has, and
// when that is too short, it runs once more into dst grown by the length
// that the writing run counted.
func appendNormalized(dst []byte, u *ref, n Normalization) []byte {
	nz := normalizer{u: u, n: n} // set here, as normalizeWith does
	nz.init()
	if n&NormalizeSortQuery != 0 && u.flags&fQuery != 0 {
		var params [32]param
		nz.params = sortParams(u.s, int(u.pathEnd)+1, int(u.queryEnd), nz.queryOpt(), params[:0])
	}
	if nz.buffered {
		var buf [shortNormal]byte
		nz.path, nz.prefix = nz.bufferPath(buf[:])
	}
	var v ref // the offsets that emit sets, unused here
	cmp := writer{src: u.s}
	nz.emit(&cmp, &v)
	if !cmp.diff && cmp.n == len(u.s) {
		return append(dst, u.s...)
	}
	room := dst[len(dst):cap(dst)]
	if room == nil {
		// A writer with a nil buf compares rather than writes.
		room = []byte{}
	}
	v = ref{}
	w := writer{src: u.s, buf: room, writes: true}
	nz.emit(&w, &v)
	switch {
	case w.n > maxLen:
		return append(dst, u.s...) // as NormalizeWith returns u
	case w.over:
		dst = slices.Grow(dst, w.n)
		v = ref{}
		w = writer{src: u.s, buf: dst[len(dst):cap(dst)], writes: true}
		nz.emit(&w, &v)
	}
	return dst[:len(dst)+w.n]
}
