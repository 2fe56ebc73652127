package extract

import (
	"io"
	"strings"
	"unicode/utf8"
	"unsafe"

	"github.com/gouri/uri/whatwg"
)

// DefaultBuffer is the size of a Scanner's buffer unless Scanner.Buffer
// sets another: the longest run of text without a space, a tab or a line
// break that it searches.
const DefaultBuffer = 64 << 10

// A Scanner finds the URLs of a stream, such as a large log, in bounded
// memory: NewScanner, then Scan until it returns false, then Err. It reads
// the stream in pieces that end after a space, a tab or a line break (LF,
// CR), which no URL spans and at which no rule of any mode looks further,
// so that it finds exactly what Extractor.All finds in the whole text,
// with the same offsets (in the whole stream), whatever the reads of the
// stream return.
//
// A run of text without such whitespace that does not fit in the buffer
// (DefaultBuffer, or what Buffer sets) cannot hold a URL that the Scanner
// reads whole: it is skipped to its end, without finding anything in it,
// and Skipped counts its bytes. Memory stays the buffer's size whatever
// the stream holds, and time stays linear in its length.
type Scanner struct {
	e       *Extractor
	r       io.Reader
	size    int
	buf     []byte
	n       int  // bytes in buf
	base    int  // the offset in the stream of buf[0]
	base16  int  // the same in UTF-16 code units
	skip    bool // in a run too long for the buffer
	skipped int64
	eof     bool // the stream ended
	err     error
	st      state
	found   []Match
	k       int
	m       Match
}

// NewScanner returns a Scanner that reads r. The buffer is allocated at
// the first Scan, at 64 KiB or less, and doubles up to its size when a run
// of text without whitespace needs it.
func (e *Extractor) NewScanner(r io.Reader) *Scanner {
	return &Scanner{e: e, r: r, size: DefaultBuffer, st: state{e: e}}
}

// Buffer sets the size of the buffer, the longest run of text without a
// space, a tab or a line break that is searched (at least 64 bytes). Call
// it before the first Scan.
func (sc *Scanner) Buffer(size int) {
	sc.size = max(size, 64)
}

// Scan finds the next URL, which Match then returns. It returns false at
// the end of the stream or when reading it failed (see Err). Each URL
// found allocates its Text, and its URL's href when that is not Text
// (with "http://" or "mailto:" before it for the kinds without a
// scheme): a Scanner's buffer is reused, so no match may share it.
func (sc *Scanner) Scan() bool {
	for sc.k == len(sc.found) {
		if !sc.fill() {
			return false
		}
	}
	sc.m = sc.found[sc.k]
	sc.k++
	return true
}

// Match returns the URL that the last Scan found; its offsets are in the
// whole stream.
func (sc *Scanner) Match() Match { return sc.m }

// Err returns the error that reading the stream returned, if it was not
// io.EOF: the reader's, unchanged.
func (sc *Scanner) Err() error { return sc.err }

// Skipped returns how many bytes of the stream were in runs of text
// without a space, a tab or a line break longer than the buffer, which
// were not searched.
func (sc *Scanner) Skipped() int64 { return sc.skipped }

// fill reads the stream until a piece of it ends after a space, a tab or
// a line break, or the stream ends, and finds the URLs of that piece. It
// returns false when nothing is left: the stream ended and every byte was
// searched, or reading it failed (a piece that the failure cut short is
// not searched).
func (sc *Scanner) fill() bool {
	if sc.buf == nil {
		sc.buf = make([]byte, min(sc.size, 64<<10))
	}
	sc.found, sc.k = sc.found[:0], 0
	for {
		cut := sc.cut()
		if cut == 0 && sc.eof && sc.n > 0 {
			cut = sc.n
		} else if cut > 0 && sc.eof && !sc.skip {
			cut = sc.n
		}
		if cut > 0 {
			sc.piece(cut)
			return true
		}
		if sc.eof || sc.err != nil {
			return false
		}
		if sc.n == len(sc.buf) && len(sc.buf) < sc.size {
			// The buffer grows to its size as runs need it.
			bigger := make([]byte, min(2*len(sc.buf), sc.size))
			copy(bigger, sc.buf[:sc.n])
			sc.buf = bigger
		}
		if sc.n == len(sc.buf) {
			sc.skipPiece()
		}
		k, err := sc.r.Read(sc.buf[sc.n:])
		if k < 0 || k > len(sc.buf)-sc.n {
			k, err = 0, io.ErrShortBuffer
		}
		sc.n += k
		if err == io.EOF {
			sc.eof = true
		} else if err != nil {
			sc.err = err
		}
	}
}

// cut returns where the data read can be cut: after its last space, tab
// or line break (bSpace), or 0 when it has none. In a run being skipped,
// it is after its first one instead.
func (sc *Scanner) cut() int {
	data := sc.buf[:sc.n]
	if sc.skip {
		for i, c := range data {
			if is(c, bSpace) {
				return i + 1
			}
		}
		return 0
	}
	for i := len(data) - 1; i >= 0; i-- {
		if is(data[i], bSpace) {
			return i + 1
		}
	}
	return 0
}

// skipPiece gives up on the run of text that fills the buffer: it is
// counted as skipped, but for the bytes at its end that may start a UTF-8
// sequence, which are kept so that UTF-16 offsets stay exact.
func (sc *Scanner) skipPiece() {
	keep := 0
	for keep < 3 && keep < sc.n && !utf8.FullRune(sc.buf[sc.n-keep-1:sc.n]) {
		keep++
	}
	sc.skip = true
	sc.skipped += int64(sc.n - keep)
	sc.drop(sc.n - keep)
}

// drop removes the first n bytes of the buffer, counting their offsets.
func (sc *Scanner) drop(n int) {
	sc.base16 += utf16Count(unsafe.String(unsafe.SliceData(sc.buf), n))
	sc.base += n
	sc.n = copy(sc.buf, sc.buf[n:sc.n])
}

// piece finds the URLs of buf[:cut], unless it ends a run being skipped,
// and drops it.
func (sc *Scanner) piece(cut int) {
	if sc.skip {
		// The run ends before the whitespace at cut-1, or at the end of
		// the stream.
		sc.skipped += int64(cut)
		if is(sc.buf[cut-1], bSpace) {
			sc.skipped--
		}
		sc.drop(cut)
		sc.skip = false
		return
	}
	text := unsafe.String(unsafe.SliceData(sc.buf), cut)
	st := &sc.st
	st.text, st.pos, st.last, st.at, st.at16, st.region, st.budget = text, 0, 0, 0, 0, 0, 0
	for {
		m, ok := st.next()
		if !ok {
			break
		}
		m = detach(m, text)
		m.Start += sc.base
		m.End += sc.base
		m.Start16 += sc.base16
		m.End16 += sc.base16
		sc.found = append(sc.found, m)
	}
	st.text = ""
	sc.drop(cut)
}

// detach returns m with a Text and a URL that do not share text, the
// Scanner's buffer: Text is the URL's href, or the end of it after the
// scheme added, where they are the same, and a copy otherwise.
func detach(m Match, text string) Match {
	href := m.URL.Href()
	switch {
	case href == m.Text:
		m.Text = strings.Clone(m.Text)
		m.URL = whatwg.MustParse(m.Text) // in serialized form: it allocates nothing
		return m
	case !within(href, text) && strings.HasSuffix(href, m.Text) && len(href)-len(m.Text) <= len("mailto:"):
		m.Text = href[len(href)-len(m.Text):]
		return m
	}
	m.Text = strings.Clone(m.Text)
	if within(href, text) {
		m.URL = whatwg.MustParse(strings.Clone(href))
	}
	return m
}

// within reports whether s lies in the memory of text.
func within(s, text string) bool {
	if len(s) == 0 || len(text) == 0 {
		return false
	}
	p, b := uintptr(unsafe.Pointer(unsafe.StringData(s))), uintptr(unsafe.Pointer(unsafe.StringData(text)))
	return b <= p && p < b+uintptr(len(text))
}
