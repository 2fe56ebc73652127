package uri

import (
	"net/netip"
	"slices"
	"strings"

	"github.com/gouri/uri/internal/abnf"
	"github.com/gouri/uri/internal/dotseg"
	"github.com/gouri/uri/internal/lazybuf"
	"github.com/gouri/uri/internal/query"
	"github.com/gouri/uri/internal/schemes"
)

// This file writes the normal form of a reference, in normalize: init
// makes the decisions that come before writing (is there a "%", an
// upper-case letter in the scheme or host, a dot segment, a rule of the
// scheme that applies?), then emit writes the reference once, component
// after component, through a lazybuf.Writer whose input is the
// reference's text; when the decisions leave nothing to change, the text
// goes through the writer in one piece. The writer keeps the output as a
// prefix of the input until the first byte that differs, so whether the
// reference is already normal is known at the end without a separate
// check that could drift from the rules: the writer never diverged and
// wrote as many bytes as the input has. The dot segments of a path are
// removed by internal/dotseg, the one remove_dot_segments of the module.
// The rules that depend on the scheme are in normalize_scheme.go.

// normalizer holds what emit needs beyond the URI and the steps: decisions
// made before emit runs.
type normalizer struct {
	u    *ref
	n    Normalization
	info schemes.Info // the scheme's table entry, if a rule needs it (see schemeRules)
	pct  bool         // the reference has a "%"

	idna string // the A-label form of the host, for NormalizeIDNA
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

	// The options of pct for the scheme and the host (see letterCase);
	// whether the path is buffered (see bufferPath); whether no step
	// changes anything (see init).
	lowerScheme, lowerHost pctOpt
	buffer, untouched      bool
}

// maxIPv6Text bounds the length of the text of an IPv6 address: 45 bytes
// with an IPv4 address in its last 32 bits (RFC 4291, Section 2.2).
const maxIPv6Text = 45

// pathBuffer is the length up to which a buffered path is worked out on
// the stack (see bufferPath).
const pathBuffer = 256

// normalize writes the form of u under n through w, reset to the input u.s,
// and sets the offsets and flags of *v, which must be the zero value; the
// caller sets v's text from w, and its host kind. It reports whether the
// form differs from u: if not, w's output is u's text, and v is not to be
// used. Every form of normalization calls it. The output is at most a few
// bytes longer than the input (see maxGrowth in the tests), which the
// writer has room for without growing; only IDNA can make it longer.
func normalize(w *lazybuf.Writer, u *ref, n Normalization, v *ref) bool {
	nz := normalizer{u: u, n: n} // set here: stored through a pointer, u would escape
	nz.init()
	if nz.untouched {
		// No step changes anything (see init): the reference is written
		// in one piece, and v is not needed. That is most references,
		// and this way takes about half of the instructions of emit.
		w.Copy(0, len(u.s))
	} else {
		if n&NormalizeSortQuery != 0 && u.flags&fQuery != 0 {
			// The order of the parameters is worked out once, into this
			// array unless it is too small; in this block, so that a
			// reference that needs no sorting does not pay for clearing
			// it, and set here, for the heap would take it if a method
			// of nz set it.
			var params [32]param
			nz.params = sortParams(u.s, int(u.pathEnd)+1, int(u.queryEnd), nz.queryOpt(), params[:0])
		}
		nz.emit(w, v)
	}
	// A result too long for a URI's offsets, for an input within a few
	// bytes of the 2 GiB limit, leaves the reference as it is.
	return (w.Changed() || w.Len() != len(u.s)) && w.Len() <= maxLen
}

// init makes the decisions that come before writing, into nz, whose u and
// n are set and the rest zero; the caller sets the list of query
// parameters. Most references turn out to have nothing to change, and
// then most of the work is here: it is done with few calls.
func (nz *normalizer) init() {
	u, n := nz.u, nz.n
	// Without a "%" anywhere, no percent-encoding has to be looked at: the
	// options that would act on them are dropped (see pctOpt), and the
	// components are taken as they are, with one search for the whole.
	nz.pct = strings.IndexByte(u.s, '%') >= 0
	if u.flags&fScheme != 0 && nz.schemeMatters() {
		nz.schemeRules()
	}
	if n&NormalizeCase != 0 && (u.flags&fUserinfo != 0 || hasUpper(u.s[:u.hostEnd])) {
		nz.lowerScheme, nz.lowerHost = nz.letterCase()
	}
	// Whether the path needs more than its percent-encodings normalized:
	// dot segments, merged slashes or a rule of the scheme (see
	// bufferPath).
	p := u.s[u.pathStart:u.pathEnd]
	nz.buffer = nz.pathRule ||
		n&NormalizeDotSegments != 0 && dotSegmentIn(p, nz.pct, nz.relative()) ||
		n&NormalizeMergeSlashes != 0 && strings.Contains(p, "//")
	// Whether the decisions leave nothing for any step to change: no "%",
	// no letter to lower, no path to buffer, and no port, query,
	// fragment, IP literal or empty path that a step acts on. It may be
	// false for a reference that is normal; emit finds that too.
	k := u.HostKind()
	nz.untouched = !nz.pct && nz.lowerScheme|nz.lowerHost == 0 && !nz.buffer && !nz.dropHost &&
		(u.flags&fPort == 0 || n&NormalizePort == 0) &&
		(u.flags&fQuery == 0 || n&(NormalizeSortQuery|NormalizeDropEmptyQuery) == 0) &&
		(u.flags&fFragment == 0 || n&NormalizeDropFragment == 0) &&
		(u.pathEnd > u.pathStart || !nz.slashPath()) &&
		(k != HostIPv6 && k != HostIPvFuture || n&(NormalizeCase|NormalizeIPv6) == 0)
}

// relative reports whether the reference is a relative-path reference
// (Section 4.2) whose path is not empty.
func (nz *normalizer) relative() bool {
	u := nz.u
	return u.flags&(fScheme|fAuthority) == 0 && u.pathEnd > u.pathStart && u.s[u.pathStart] != '/'
}

// pctOpt returns the options of pct for all components but the scheme and
// the host: none at all when the reference has no "%".
func (nz *normalizer) pctOpt() pctOpt {
	if !nz.pct {
		return 0
	}
	return pctOptOf(nz.n)
}

// pctOptOf returns the options of pct that the steps n give a component
// with percent-encodings, other than the scheme and the host.
func pctOptOf(n Normalization) pctOpt {
	var o pctOpt
	if n&NormalizeCase != 0 {
		o |= optUpper
	}
	if n&NormalizePercent != 0 {
		o |= optDecode
	}
	return o
}

// queryOpt returns the options of pct for the query.
func (nz *normalizer) queryOpt() pctOpt {
	o := nz.pctOpt()
	if nz.n&NormalizeDecodeQuery != 0 {
		o |= optQuery
	}
	return o
}

// lowerCase is the option of pct that lower-cases letters, if
// NormalizeCase is set.
func (nz *normalizer) lowerCase() pctOpt {
	if nz.n&NormalizeCase != 0 {
		return optLower
	}
	return 0
}

// emit writes the normalized reference through w, component after
// component, and sets the offsets and flags of *v; the caller sets its
// text and host kind.
func (nz *normalizer) emit(w *lazybuf.Writer, v *ref) {
	u, n := nz.u, nz.n
	if u.flags&fScheme != 0 {
		se := int(u.schemeEnd)
		if nz.lowerScheme != 0 || !w.Advance(0, se) {
			pct(w, u.s, 0, se, nz.lowerScheme)
		}
		v.schemeEnd = int32(w.Len())
		v.flags |= fScheme
		w.Copy(se, se+1)
	}
	if u.flags&fAuthority != 0 {
		nz.emitAuthority(w, v)
	} else {
		v.hostStart, v.hostEnd = int32(w.Len()), int32(w.Len())
	}
	v.pathStart = int32(w.Len())
	nz.emitPath(w)
	v.pathEnd = int32(w.Len())
	v.queryEnd = v.pathEnd
	sorted := n&NormalizeSortQuery != 0
	empty := u.queryEnd == u.pathEnd+1 || sorted && len(nz.params) == 0
	if u.flags&fQuery != 0 && (n&NormalizeDropEmptyQuery == 0 || !empty) {
		v.flags |= fQuery
		pe := int(u.pathEnd)
		w.Copy(pe, pe+1)
		q := nz.queryOpt()
		if sorted {
			for i, p := range nz.params {
				if i > 0 {
					w.Byte('&')
				}
				pct(w, u.s, p.Start, p.End, q)
			}
		} else if qe := int(u.queryEnd); q != 0 || !w.Advance(pe+1, qe) {
			pct(w, u.s, pe+1, qe, q)
		}
		v.queryEnd = int32(w.Len())
	}
	if u.flags&fFragment != 0 && n&NormalizeDropFragment == 0 {
		v.flags |= fFragment
		qe := int(u.queryEnd)
		w.Copy(qe, qe+1)
		if o := nz.pctOpt(); o != 0 || !w.Advance(qe+1, len(u.s)) {
			pct(w, u.s, qe+1, len(u.s), o)
		}
	}
}

// emitAuthority writes "//" [ userinfo "@" ] host [ ":" port ].
func (nz *normalizer) emitAuthority(w *lazybuf.Writer, v *ref) {
	u := nz.u
	v.flags |= fAuthority
	a := u.afterScheme()
	w.Copy(a, a+2)
	if u.flags&fUserinfo != 0 {
		v.flags |= fUserinfo
		if o := nz.pctOpt(); o != 0 || !w.Advance(a+2, int(u.hostStart)-1) {
			pct(w, u.s, a+2, int(u.hostStart)-1, o)
		}
		w.Copy(int(u.hostStart)-1, int(u.hostStart))
	}
	v.hostStart = int32(w.Len())
	h, e := int(u.hostStart), int(u.hostEnd)
	switch kind := u.HostKind(); {
	case kind == HostIPv6 || kind == HostIPvFuture:
		nz.emitIPLiteral(w, kind)
	case nz.dropHost:
	case nz.idna != "":
		w.WriteString(nz.idna)
	case nz.pct:
		pct(w, u.s, h, e, nz.pctOpt()|nz.lowerCase())
	case nz.lowerHost != 0 || !w.Advance(h, e):
		pct(w, u.s, h, e, nz.lowerHost)
	}
	v.hostEnd = int32(w.Len())
	v.flags |= flags(u.HostKind()) << kindShift
	if u.flags&fPort == 0 {
		return
	}
	ps := int(u.hostEnd) + 1
	digits := ps
	if nz.n&NormalizePort != 0 {
		if digits = nz.portDigits(u.Port()); digits < 0 {
			return
		}
		digits += ps
	}
	v.flags |= fPort
	w.Copy(ps-1, ps)
	w.Copy(digits, int(u.pathStart))
}

// emitIPLiteral writes a host of kind HostIPv6 or HostIPvFuture.
func (nz *normalizer) emitIPLiteral(w *lazybuf.Writer, kind HostKind) {
	u := nz.u
	h, e := int(u.hostStart), int(u.hostEnd)
	if kind == HostIPvFuture {
		pct(w, u.s, h, e, nz.lowerCase())
		return
	}
	// "[" address [ "%25" zone ] "]"
	z := strings.IndexByte(u.s[h:e], '%')
	addrEnd := e - 1
	if z >= 0 {
		addrEnd = h + z
	}
	w.Copy(h, h+1)
	var text [maxIPv6Text]byte
	if t, ok := nz.ipv6Text(text[:0], u.s[h+1:addrEnd]); ok {
		w.Write(t)
	} else {
		pct(w, u.s, h+1, addrEnd, nz.lowerCase())
	}
	if z >= 0 {
		w.Copy(addrEnd, addrEnd+3)
		pct(w, u.s, addrEnd+3, e-1, nz.pctOpt())
	}
	w.Copy(e-1, e)
}

// ipv6Text appends to b the RFC 5952 text of the IPv6 address addr, if
// NormalizeIPv6 is set, and reports whether it did.
func (nz *normalizer) ipv6Text(b []byte, addr string) ([]byte, bool) {
	if nz.n&NormalizeIPv6 == 0 {
		return b, false
	}
	a, err := netip.ParseAddr(addr)
	if err != nil {
		return b, false
	}
	return a.AppendTo(b), true
}

// emitPath writes the path. A path that is buffered is worked out first,
// into a stack buffer unless it is too long (see bufferPath).
func (nz *normalizer) emitPath(w *lazybuf.Writer) {
	u := nz.u
	ps, pe := int(u.pathStart), int(u.pathEnd)
	switch {
	case nz.buffer:
		var buf [pathBuffer]byte
		path, prefix := nz.bufferPath(buf[:])
		w.WriteString(prefix)
		w.Write(path)
	case ps == pe:
		if nz.slashPath() {
			w.Byte('/')
		}
	default:
		if o := nz.pctOpt(); o != 0 || !w.Advance(ps, pe) {
			pct(w, u.s, ps, pe, o)
		}
	}
}

// bufferPath works out the path, when normalizer.buffer says it needs
// more than its percent-encodings normalized, into buf, or into a buffer
// of the path's length if buf is too short: its percent-encodings
// normalized, its dot segments removed and its slashes merged (see
// cleanPath), the rules of the scheme applied; and the prefix that it
// needs (see pathPrefix).
func (nz *normalizer) bufferPath(buf []byte) (path []byte, prefix string) {
	u := nz.u
	relative := nz.relative()
	p := cleanPath(buf, u.s[u.pathStart:u.pathEnd], nz.pctOpt(), nz.n, relative)
	p = nz.pathRules(p)
	if relative && (len(p) == 0 || p[0] == '/' || firstSegmentHasColon(p)) {
		// The result must stay a relative-path reference, and say "this
		// directory" where the path is now empty.
		return p, "./"
	}
	return p, pathPrefix(p, u.flags&fScheme != 0, u.flags&fAuthority != 0)
}

// cleanPath writes the path p into buf, or into a buffer of p's length if
// buf is too short, with its percent-encodings normalized under o and, as
// n says, its dot segments removed (Section 6.2.2.3) and its slashes
// merged. A relative-path reference keeps its leading ".." segments.
func cleanPath(buf []byte, p string, o pctOpt, n Normalization, relative bool) []byte {
	if len(p) > len(buf) {
		buf = make([]byte, len(p)) // normalizing percent-encodings never lengthens a path
	}
	b := appendPct(buf[:0], p, o)
	if n&(NormalizeDotSegments|NormalizeMergeSlashes) != 0 {
		b, _ = dotseg.Remove(b, 0, dotseg.Options{
			// A relative-path reference keeps what only a base resolves.
			KeepUp:       relative,
			PctDots:      true, // "%2E" is ".", decoded or not (Section 2.3)
			NoDots:       n&NormalizeDotSegments == 0,
			MergeSlashes: n&NormalizeMergeSlashes != 0,
		})
	}
	return b
}

// dotSegmentIn reports whether the path p has a dot segment, "." or "..",
// each dot written "." or, if pct is set, "%2E", leaving out the leading
// ".." segments of a relative-path reference, which remove_dot_segments
// keeps there (see dotseg.Options.KeepUp). Most paths have few dots, most
// of them in the last segment, and no "%": one search finds the first dot
// (or "%"), and a plain loop looks at the rest.
func dotSegmentIn(p string, pct, relative bool) bool {
	for relative && len(p) >= 3 && p[:3] == "../" {
		p = p[3:]
	}
	if relative && p == ".." {
		return false
	}
	if i := strings.IndexByte(p, '.'); i >= 0 {
		for ; i < len(p); i++ {
			if p[i] == '.' && (i == 0 || p[i-1] == '/') && isDotSegment(p, i) {
				return true
			}
		}
	}
	if !pct {
		return false
	}
	if i := strings.IndexByte(p, '%'); i >= 0 {
		for ; i < len(p); i++ {
			if p[i] == '%' && (i == 0 || p[i-1] == '/') && isDotSegment(p, i) {
				return true
			}
		}
	}
	return false
}

// isDotSegment reports whether the segment of the path p that begins at
// p[i] is "." or "..", each dot written "." or "%2E" in either case.
func isDotSegment(p string, i int) bool {
	dots := 0
	for ; i < len(p) && p[i] != '/'; dots++ {
		switch {
		case p[i] == '.':
			i++
		case p[i] == '%' && i+2 < len(p) && p[i+1] == '2' && p[i+2]|0x20 == 'e':
			i += 3
		default:
			return false
		}
	}
	return dots == 1 || dots == 2
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

// Options of pct: what to do with the bytes of one component.
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
// rules of Sections 6.2.2.1 and 6.2.2.2, which writing, comparing keys and
// the checks all follow. The bytes come packed into one word, the first in
// the low byte, n of them.
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
		h, l = abnf.UpperHexDigit(h), abnf.UpperHexDigit(l)
	}
	return pack3('%', h, l), 3, 3
}

// firstChange returns the index of the first unit of s[p:j] that o
// changes (see unit), or j when there is none. The text is valid, so every
// "%" is followed by two hex digits. Without optLower only the
// percent-encodings can change, and they are found with IndexByte; with
// it, a byte that is neither "%" nor an upper-case letter is passed over
// without a call.
func (o pctOpt) firstChange(s string, p, j int) int {
	for p < j {
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
		if n != size || n == 1 && out.at(0) != s[p] || n == 3 && out != pack3(s[p], s[p+1], s[p+2]) {
			return p
		}
		p += size
	}
	return j
}

// appendUnits appends to b the text s[p:j] with its units normalized as o
// says (see unit), as far as the capacity of b allows, and returns b and
// the index where it stopped. A unit is never longer normalized than
// written, so a b with room for s[p:j] takes all of it.
func appendUnits(b []byte, s string, p, j int, o pctOpt) ([]byte, int) {
	for p < j {
		room := cap(b) - len(b)
		switch c := s[p]; {
		case c == '%':
			if room < 3 {
				return b, p
			}
			out, n, size := o.unit(s, p)
			b = append(b, out.at(0))
			if n == 3 {
				b = append(b, out.at(1), out.at(2))
			}
			p += size
		case o&optLower != 0:
			if room < 1 {
				return b, p
			}
			b = append(b, abnf.Lower(c))
			p++
		default:
			// A run without "%", as it is.
			q := strings.IndexByte(s[p:j], '%')
			if q < 0 {
				q = j - p
			}
			if q = min(q, room); q == 0 {
				return b, p
			}
			b = append(b, s[p:p+q]...)
			p += q
		}
	}
	return b, p
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

// pct writes s[i:j], a component's text, through w, whose input is s, with
// its percent-encodings and letters normalized as o says (see
// pctOpt.unit). The many callers for which o is most often 0 try first,
// inlined, to move the end of an output that is still the input:
//
//	if o != 0 || !w.Advance(i, j) {
//		pct(w, s, i, j, o)
//	}
//
// With optLower, a text with no "%" and no upper-case letter, as most
// hosts are, is found so a word at a time (hasUpper). What precedes the
// first change is copied; from there on, the text is normalized into a
// buffer on the stack, which is written a buffer at a time.
func pct(w *lazybuf.Writer, s string, i, j int, o pctOpt) {
	if o == 0 || o&optLower != 0 && !hasUpper(s[i:j]) && (o == optLower || strings.IndexByte(s[i:j], '%') < 0) {
		w.Copy(i, j)
		return
	}
	p := o.firstChange(s, i, j)
	w.Copy(i, p)
	var buf [128]byte
	for p < j {
		var b []byte
		b, p = appendUnits(buf[:0], s, p, j, o)
		w.Write(b)
	}
}

// appendPct appends s to b, which has room for it, with its
// percent-encodings and letters normalized as o says, as pct writes them.
func appendPct(b []byte, s string, o pctOpt) []byte {
	b, _ = appendUnits(b, s, 0, len(s), o)
	return b
}

// letterCase returns the options of pct, under NormalizeCase, for the
// scheme and for a reg-name or IPv4 host without "%": optLower where the
// text has an upper-case letter. Most references have none, which init
// finds with one look at the text from the scheme to the end of the host,
// unless a userinfo, whose case stays, lies in between.
func (nz *normalizer) letterCase() (scheme, host pctOpt) {
	u := nz.u
	if u.flags&fScheme != 0 && hasUpper(u.s[:u.schemeEnd]) {
		scheme = optLower
	}
	if hasUpper(u.s[u.hostStart:u.hostEnd]) {
		host = optLower
	}
	return scheme, host
}

// hasUpper reports whether s has an ASCII upper-case letter: byte by byte
// below eight bytes (most schemes), a word at a time from there (most
// hosts), the last eight bytes overlapping the word before them. The
// texts are short: the words are all looked at, without a branch.
func hasUpper(s string) bool {
	if len(s) < 8 {
		for i := range len(s) {
			if s[i]-'A' < 26 { // 'A' to 'Z'; the byte arithmetic wraps below 'A'
				return true
			}
		}
		return false
	}
	var m uint64
	for i := 0; i+8 < len(s); i += 8 {
		m |= upperBits(word(s, i))
	}
	return m|upperBits(word(s, len(s)-8)) != 0
}

// word returns the eight bytes of s from i as one word, s[i] in the low
// byte.
func word(s string, i int) uint64 {
	t := s[i : i+8] // one bounds check for the eight
	return uint64(t[0]) | uint64(t[1])<<8 | uint64(t[2])<<16 | uint64(t[3])<<24 |
		uint64(t[4])<<32 | uint64(t[5])<<40 | uint64(t[6])<<48 | uint64(t[7])<<56
}

// upperBits returns the high bit of each of the eight bytes of x that is
// an ASCII upper-case letter, without looking at them one by one: for each
// byte b, the high bit of (0x7F+'Z'+1 - b7) & (b7 + 0x7F-('A'-1)) & ^b,
// where b7 is b without its high bit, is set exactly when 'A'-1 < b <
// 'Z'+1. No byte's sum or difference carries into its neighbour, since
// b7 <= 0x7F.
func upperBits(x uint64) uint64 {
	const ones, high = 0x0101010101010101, 0x8080808080808080
	t := x & (ones * 0x7F)
	return (ones*(0x7F+'Z'+1) - t) &^ x & (t + ones*(0x7F-('A'-1))) & high
}

// param is one query parameter: its text from Start to End, and where its
// key ends (NameEnd).
type param = query.Span

// sortParams returns the parameters of the query s[qs:qe] in the order of
// NormalizeSortQuery: stable, by key, comparing keys as o normalizes them.
// Empty pieces are left out, so a query of only "&" has none. It appends to
// params.
func sortParams(s string, qs, qe int, o pctOpt, params []param) []param {
	params = splitParams(s, qs, qe, params)
	slices.SortStableFunc(params, func(a, b param) int {
		return compareNormalized(s[a.Start:a.NameEnd], s[b.Start:b.NameEnd], o)
	})
	return params
}

// splitParams appends the non-empty pieces of the query s[qs:qe] to params,
// in order, and returns it: it allocates only when params is full.
func splitParams(s string, qs, qe int, params []param) []param {
	for i := qs; ; {
		p := query.Next(s, i, qe)
		if p.End > i {
			if len(params) == cap(params) {
				more := make([]param, len(params), len(params)+query.Count(s[i:qe]))
				copy(more, params)
				params = more
			}
			params = append(params, p)
		}
		if p.End == qe {
			break
		}
		i = p.End + 1
	}
	return params
}

// compareNormalized compares a and b as pct would write them under o, byte
// by byte, without writing them: unit by unit (see pctOpt.unit), the bytes
// of each unit in turn.
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
