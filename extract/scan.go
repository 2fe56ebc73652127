package extract

import (
	"hash/maphash"
	"strings"
	"sync/atomic"
	"unsafe"

	"github.com/gouri/uri/site"
	"github.com/gouri/uri/whatwg"
)

// A candidate that fails after its end was looked for costs time in its
// length; a long run of candidates nested in one another ("a.zz?b.zz?...",
// "http://a%http://a%...") would take time quadratic in its length. So the
// work that failed candidates cost in one run of text between two
// characters that end every URL (a space, a CJK full stop, ...) is
// bounded: once the candidates that failed after the first have cost more
// than the run's length plus failSlack bytes, the rest of the run is
// skipped. Text written by people has a few short candidates in a word.
const failSlack = 512

// state is one pass over a text.
type state struct {
	e    *Extractor
	text string
	pos  int // where the search goes on
	last int // the end of the last match: a match starts at or after it
	// at and at16 are a byte offset and the same in UTF-16 code units,
	// the last ones computed, so that counting is linear over a text.
	at, at16 int
	// buf holds a scheme and the text after it while the URL Standard's
	// parser reads them (see parse).
	buf []byte
	// region is the end of the run of text where failures are counted,
	// and budget the work (see work) past which the rest of it is
	// skipped.
	region, budget int
	// work counts the bytes that candidates made the scanner look at
	// beyond the one pass over the text: the tests hold it linear.
	work int
	// brackets counts the "[" not closed in the paragraph, and lineText
	// is set when the line has other characters than spaces and tabs
	// (mode GFM).
	brackets int
	lineText bool
}

func newState(e *Extractor, text string) *state {
	return &state{e: e, text: text}
}

// next returns the next match, or false at the end of the text.
func (s *state) next() (Match, bool) {
	var m Match
	var ok bool
	if s.e.mode == GFM {
		m, ok = s.nextGFM()
	} else {
		m, ok = s.nextURL()
	}
	if !ok {
		return Match{}, false
	}
	s.last, s.pos = m.End, m.End
	m.Text = s.text[m.Start:m.End]
	m.Start16 = s.count16(m.Start)
	m.End16 = s.count16(m.End)
	return m, true
}

// count16 returns the offset i in UTF-16 code units; i is at or after
// the last offset counted.
func (s *state) count16(i int) int {
	s.at16 += utf16Count(s.text[s.at:i])
	s.at = i
	return s.at16
}

// nextURL finds the next URL in modes Default and Relaxed: it looks at
// each run of host characters (ASCII letters, digits, "-", ".", "_" and
// the letters, marks, digits and symbols beyond ASCII) once, with what
// follows it.
func (s *state) nextURL() (Match, bool) {
	t := s.text
	for s.pos < len(t) {
		i := s.pos
		c := t[i]
		if c < 0x80 && ascii[c]&bHost == 0 {
			if c == '[' && s.e.mode == Relaxed {
				if m, ok := s.ipv6(i); ok {
					return m, true
				}
			}
			s.pos++
			continue
		}
		if c >= 0x80 {
			if ok, n := wordAt(t, i); !ok {
				s.pos += n
				continue
			}
		}
		j := hostEnd(t, i)
		if m, ok := s.run(i, j); ok {
			return m, true
		}
		if s.pos <= i {
			s.pos = j
		}
	}
	return Match{}, false
}

// hostEnd returns the end of the run of host characters at text[i:].
func hostEnd(text string, i int) int {
	for i < len(text) {
		c := text[i]
		if c < 0x80 {
			if ascii[c]&bHost == 0 {
				break
			}
			i++
			continue
		}
		ok, n := wordAt(text, i)
		if !ok {
			break
		}
		i += n
	}
	return i
}

// run looks for a URL that the run of host characters text[i:j] starts
// or ends: a scheme before ":", the local part of an address before "@",
// "www." or a bare domain.
func (s *state) run(i, j int) (Match, bool) {
	t := s.text
	var next byte
	if j < len(t) {
		next = t[j]
	}
	if next == ':' {
		if m, ok := s.schemeURL(i, j); ok {
			return m, true
		}
	}
	if next == '@' && s.e.mode == Relaxed {
		if m, ok := s.email(j); ok {
			return m, true
		}
	}
	if j-i > 4 && strings.EqualFold(t[i:i+4], "www.") && s.boundary(i) {
		return s.domain(i, j, KindWWW)
	}
	if s.e.mode == Relaxed && strings.IndexByte(t[i:j], '.') > 0 && s.boundary(i) {
		if isIPv4(trimHostEnd(t[i:j])) {
			return s.domain(i, j, KindIPv4)
		}
		return s.domain(i, j, KindDomain)
	}
	return Match{}, false
}

// boundary reports whether a URL without a scheme may start at text[i]:
// at the start, or after a character that is not part of a path or an
// address (":", "/", "\", "@") and not a letter or digit.
func (s *state) boundary(i int) bool {
	if i == 0 {
		return true
	}
	c := s.text[i-1]
	return !(c == ':' || c == '/' || c == '\\' || c == '@' || is(c, bAlpha|bDigit))
}

// fail records a candidate at text[at:] that failed after its end was
// looked for, and skips the rest of the run of text when the failures in
// it cost too much.
func (s *state) fail(at int) {
	if at >= s.region {
		s.region = runEnd(s.text, at)
		s.budget = s.work + s.region - at + failSlack
	}
	if s.work > s.budget {
		s.pos = s.region
	}
}

// runEnd returns the end of the run of text at i: the first character
// that ends every URL.
func runEnd(text string, i int) int {
	for i < len(text) {
		stop, n := endsURL(text, i)
		if stop {
			break
		}
		i += n
	}
	return i
}

// parse parses prefix+rest with the URL Standard's basic URL parser, with
// the escapes of JSON in rest decoded if esc (see json.go). The two are
// joined in s.buf, which the result may share when the parser finds them
// in serialized form: keep makes it independent. Joining them in a buffer
// that is reused spares the allocation of a string for each candidate,
// and the parser allocates the href only when it differs from its input.
func (s *state) parse(prefix, rest string, esc bool) (whatwg.URL, bool) {
	s.work += len(prefix) + len(rest)
	if prefix == "" && !esc {
		u, err := whatwg.Parse(rest)
		return u, err == nil
	}
	if n := len(prefix) + len(rest); cap(s.buf) < n {
		s.buf = make([]byte, 0, max(n, 256))
	}
	if esc {
		s.buf = appendUnescaped(append(s.buf[:0], prefix...), rest)
	} else {
		s.buf = append(append(s.buf[:0], prefix...), rest...)
	}
	u, err := whatwg.Parse(unsafe.String(unsafe.SliceData(s.buf), len(s.buf)))
	return u, err == nil
}

// keep returns u with an href of its own if it shares s.buf.
func (s *state) keep(u whatwg.URL) whatwg.URL {
	h := u.Href()
	if len(s.buf) > 0 && len(h) > 0 {
		p, b := uintptr(unsafe.Pointer(unsafe.StringData(h))), uintptr(unsafe.Pointer(unsafe.SliceData(s.buf)))
		if b <= p && p < b+uintptr(cap(s.buf)) {
			// The href is its input, in serialized form: a copy of it is
			// too, and parsing it allocates nothing more.
			u = whatwg.MustParse(strings.Clone(h))
		}
	}
	return u
}

// listed reports whether the Public Suffix List lists the suffix of name,
// a host in lower-case A-labels, which must have two labels at least. The
// answer depends on its top-level domain only: under a top-level domain of
// the list's ICANN section, the suffix of any name is that domain or a
// longer rule, and the list has no rule under any other (a wildcard such
// as "*.ck" makes "a.ck" a listed suffix). The Extractor caches it by the
// hash of the top-level domain, since a look-up allocates
// (x/net/publicsuffix tries the name as an IP address first).
func (s *state) listed(name string) bool {
	name = strings.TrimSuffix(name, ".")
	dot := strings.LastIndexByte(name, '.')
	if dot <= 0 || dot == len(name)-1 || name[dot-1] == '.' {
		return false
	}
	return s.e.suffixes.listed(name, name[dot+1:])
}

// suffixCache remembers, for the top-level domains that an Extractor met,
// whether the Public Suffix List lists them. Each slot is one word, the
// hash of a domain with its two low bits replaced by "known" (2) and
// "listed" (1), read and written atomically, so that calls that share the
// Extractor share it without a lock; a slot lost to a race or to eviction
// costs one more look-up, never a wrong answer.
type suffixCache struct {
	seed  maphash.Seed
	slots [64]atomic.Uint64
}

// listed returns whether the top-level domain tld of name is listed,
// looking name up on the first time.
func (c *suffixCache) listed(name, tld string) bool {
	h := maphash.String(c.seed, tld)&^3 | 2
	n := uint64(len(c.slots))
	// Up to eight slots from the hash's, so that two domains that a text
	// alternates between do not evict each other.
	free := &c.slots[h%n]
	for k := range uint64(8) {
		slot := &c.slots[(h+k)%n]
		v := slot.Load()
		if v&^1 == h {
			return v&1 == 1
		}
		if v == 0 {
			free = slot
			break
		}
	}
	_, l := site.PublicSuffix(name)
	v := h
	if l {
		v |= 1
	}
	free.Store(v)
	return l
}
