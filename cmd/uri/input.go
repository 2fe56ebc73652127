package main

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"
	"unicode/utf8"
	"unsafe"

	"github.com/gouri/uri/internal/abnf"
	"github.com/gouri/uri/internal/errtext"
)

// maxLine is the longest input line read from standard input; of a longer
// line only the first keepOfLongLine bytes are kept, as its input, and its
// error message shows the first showOfLongLine.
const (
	maxLine        = 16 << 20
	keepOfLongLine = 1024
	showOfLongLine = 80
)

// input is one operand (or, for pairs, the two operands joined by a tab),
// or one line of standard input; err is set for a line that is no input.
// line is the number of the line of standard input, from 1, and operand
// the number of the operand, from 1 (0 for a pair of operands).
type input struct {
	text          string
	err           error
	line, operand int
}

// eachInput calls fn for each operand, or, with no operands, for each line
// of r. With pairs, two operands make one input, their texts joined by a
// tab, as a line of standard input holds a pair. With whole, a line is an
// input whatever control characters it holds (see op.whole). Before it
// reads a line that is not whole in its buffer, a read that may wait for
// the writer of r, it calls flush, so that the answers to the lines before
// are out: a program that writes one line and waits for its answer gets
// it, and a pipe or a file still costs one write per buffer. It stops at
// the first error of fn, of flush or of reading r, and returns it.
func eachInput(operands []string, pairs, whole bool, r io.Reader, flush func() error, fn func(input) error) error {
	if len(operands) > 0 {
		if pairs {
			return fn(input{text: operands[0] + "\t" + operands[1]})
		}
		for i, s := range operands {
			if err := fn(input{text: s, operand: i + 1}); err != nil {
				return err
			}
		}
		return nil
	}
	br := bufio.NewReaderSize(r, 64<<10)
	buffered := bufferedLines{br: br}
	var buf []byte
	for line := 1; ; line++ {
		var text []byte
		var tooLong bool
		var err error
		if b := buffered.next(); b != nil {
			// The line is read where it is, in br's buffer, which no
			// read refills before the next line.
			text = b[:len(b)-1]
		} else {
			if err := flush(); err != nil {
				return err
			}
			var sawAny bool
			buf, tooLong, sawAny, err = readLine(br, buf[:0])
			if err != nil && err != io.EOF {
				return fmt.Errorf("reading standard input: %w", err)
			}
			if err == io.EOF && !sawAny {
				return nil // nothing after the last LF
			}
			text = buf
		}
		// The line's text shares br's buffer or buf, which the next line
		// overwrites: the input is done with, its output written, before
		// that.
		in := input{text: unsafe.String(unsafe.SliceData(text), len(text)), line: line}
		if tooLong {
			// The input is the line's beginning, which the message shows.
			in.text = wholeRunes(in.text)
			in.err = &lineError{text: in.text, offset: maxLine}
		} else {
			in.text = strings.TrimSuffix(in.text, "\r")
			if !whole {
				in.err = controlIn(in.text, pairs)
			}
		}
		if ferr := fn(in); ferr != nil || err == io.EOF {
			return ferr
		}
	}
}

// decodingTSV returns fn for lines of standard input that are fields of
// the TabSeparated format (--tsv; with pairs, two): fn gets each line's
// value (see decodeTSV), checked for control characters unless whole, as
// eachInput checks a line, which it must then be told not to do. An
// operand, and a line that is no input, is given to fn as it is.
func decodingTSV(fn func(input) error, pairs, whole bool) func(input) error {
	var buf []byte
	return func(in input) error {
		if in.line > 0 && in.err == nil {
			buf, in.text, in.err = decodeTSV(buf[:0], in.text)
			if in.err == nil && !whole {
				in.err = controlIn(in.text, pairs)
			}
		}
		return fn(in)
	}
}

// decodeTSV returns the value of s, a field of the TabSeparated format as
// ClickHouse and PostgreSQL's text COPY write one: "\\", "\t", "\n", "\r",
// "\0", "\b", "\f", "\v", "\a" and "\'" are the characters they escape,
// "\xHH" the byte of two hex digits, and a backslash before anything else
// is itself. A field without a backslash is its own value, returned as it
// is; another is decoded into buf, which it returns, grown. The field "\N"
// is NULL, which is no input: its error is the field's.
func decodeTSV(buf []byte, s string) ([]byte, string, error) {
	i := strings.IndexByte(s, '\\')
	switch {
	case i < 0:
		return buf, s, nil
	case s == `\N`:
		return buf, s, nullField{}
	}
	buf = append(buf, s[:i]...)
	for ; i < len(s); i++ {
		c := s[i]
		if c != '\\' || i+1 == len(s) {
			buf = append(buf, c)
			continue
		}
		i++
		switch e := s[i]; e {
		case '\\', '\'':
			buf = append(buf, e)
		case 't':
			buf = append(buf, '\t')
		case 'n':
			buf = append(buf, '\n')
		case 'r':
			buf = append(buf, '\r')
		case '0':
			buf = append(buf, 0)
		case 'b':
			buf = append(buf, '\b')
		case 'f':
			buf = append(buf, '\f')
		case 'v':
			buf = append(buf, '\v')
		case 'a':
			buf = append(buf, '\a')
		case 'x':
			if i+2 < len(s) && abnf.IsHex(s[i+1]) && abnf.IsHex(s[i+2]) {
				buf = append(buf, abnf.Unhex(s[i+1])<<4|abnf.Unhex(s[i+2]))
				i += 2
				continue
			}
			fallthrough
		default:
			buf = append(buf, '\\', e)
		}
	}
	return buf, bytesString(buf), nil
}

// nullField is the error of the TabSeparated field "\N", NULL: no value,
// and so no input.
type nullField struct{}

func (nullField) Error() string { return "uri: " + nullField{}.reason() }

func (nullField) reason() string { return `the field \N is NULL, no input` }

// bufferedLines hands out the lines that are whole in the buffer of br,
// where they are, without a call to br for each: it takes what br holds
// once, and tells br that the lines handed out are read only when it has
// none left to give.
type bufferedLines struct {
	br   *bufio.Reader
	rest []byte // the bytes of br's buffer not handed out
	used int    // the bytes handed out that br has not discarded
}

// next returns the next line of br with its LF when it is whole in br's
// buffer, so that reading it waits for nothing, or nil, when br has
// discarded every line handed out and is ready to read the next.
func (l *bufferedLines) next() []byte {
	k := bytes.IndexByte(l.rest, '\n')
	if k < 0 {
		l.br.Discard(l.used) // no read: the bytes are buffered
		l.used = 0
		l.rest, _ = l.br.Peek(l.br.Buffered())
		if k = bytes.IndexByte(l.rest, '\n'); k < 0 {
			l.rest = nil
			return nil
		}
	}
	b := l.rest[:k+1]
	l.rest = l.rest[k+1:]
	l.used += k + 1
	return b
}

// readLine appends the next line of br to buf, without its LF, and reports
// whether it was longer than maxLine (then buf holds its beginning only),
// whether there was anything to read, and io.EOF when the input ended.
func readLine(br *bufio.Reader, buf []byte) ([]byte, bool, bool, error) {
	tooLong, sawAny := false, false
	for {
		chunk, err := br.ReadSlice('\n')
		sawAny = sawAny || len(chunk) > 0
		if err == nil {
			chunk = chunk[:len(chunk)-1] // the LF ends the line and is not part of it
		}
		switch {
		case tooLong:
		case len(buf)+len(chunk) > maxLine:
			// Keep only the beginning, to show which line it was.
			tooLong = true
			buf = buf[:min(len(buf), keepOfLongLine)]
			buf = append(buf, chunk[:min(len(chunk), keepOfLongLine-len(buf))]...)
		default:
			buf = appendDoubling(buf, chunk)
		}
		if !errors.Is(err, bufio.ErrBufferFull) {
			return buf, tooLong, sawAny, err
		}
	}
}

// controlIn returns the error for a line that holds a control character
// (C0, DEL or C1), or nil. With pairs, the tab that separates a pair is
// allowed.
func controlIn(s string, pairs bool) error {
	// Most lines are printable ASCII, looked at eight bytes at a time.
	k := 0
	for k+8 <= len(s) && plainWord(load64(s, k), 0x7f, 0x7f) {
		k += 8
	}
	for k < len(s) && s[k] >= 0x20 && s[k] < 0x7f {
		k++
	}
	for j, r := range s[k:] {
		i := k + j
		if r == '\t' && pairs {
			continue
		}
		if r < 0x20 || r == 0x7f || (r >= 0x80 && r <= 0x9f) {
			return &lineError{text: s, offset: i, control: r}
		}
	}
	return nil
}

// wholeRunes returns s without the incomplete UTF-8 sequence that cutting
// it may have left at its end, so that the beginning of a long line shows
// no U+FFFD that the line does not have.
func wholeRunes(s string) string {
	for i := len(s) - 1; i >= 0 && i >= len(s)-utf8.UTFMax; i-- {
		if utf8.RuneStart(s[i]) {
			if !utf8.FullRuneInString(s[i:]) {
				return s[:i]
			}
			break
		}
	}
	return s
}

// lineError is the error of a line of standard input that is no input: a
// line longer than maxLine (text is then its beginning, and offset
// maxLine, where it passed the limit), or one with a control character at
// offset. Its message, as every other, says what and where, then quotes
// the input; the label of the line ("uri: line 3: ") is the output's, as
// for every error, so that the JSON object's "error" does not repeat it.
type lineError struct {
	text    string
	offset  int  // the byte of the line at which it is wrong
	control rune // the control character, for a line that is not too long
}

func (e *lineError) Error() string { return "uri: " + e.reason() }

func (e *lineError) reason() string {
	if e.offset == maxLine {
		// Only the beginning is shown: an error of 16 MiB helps no one.
		q := strconv.Quote(wholeRunes(e.text[:min(len(e.text), showOfLongLine)]))
		return fmt.Sprintf("line longer than %d bytes at offset %d of %s...\"", maxLine, maxLine, q[:len(q)-1])
	}
	return fmt.Sprintf("control character U+%04X at offset %d of %s", e.control, e.offset, errtext.QuoteAround(e.text, e.offset))
}

// appendDoubling is append for a line that may grow to 16 MiB: the buffer
// at least doubles when it grows, so that growing it costs at most its
// final size again, where append's growth by a quarter would cost four
// times that.
func appendDoubling(buf, chunk []byte) []byte {
	if need := len(buf) + len(chunk); need > cap(buf) {
		grown := make([]byte, len(buf), max(2*cap(buf), need, 4096))
		copy(grown, buf)
		buf = grown
	}
	return append(buf, chunk...)
}

// readWhole returns the whole of the file name, or of stdin for "-". A
// regular file is read into a buffer of its size, so that an input of
// tens of megabytes is not copied as the buffer grows.
func readWhole(name string, stdin io.Reader) ([]byte, error) {
	if name != "-" {
		return os.ReadFile(name)
	}
	var buf bytes.Buffer
	if f, ok := stdin.(*os.File); ok {
		if fi, err := f.Stat(); err == nil && fi.Mode().IsRegular() {
			buf.Grow(int(fi.Size()) + bytes.MinRead)
		}
	}
	_, err := buf.ReadFrom(stdin)
	return buf.Bytes(), err
}
