package main

import (
	"bufio"
	"errors"
	"io"
)

// maxLine is the longest input line read from standard input; of a longer
// line only the first keepOfLongLine bytes are kept, for the error message.
const (
	maxLine        = 16 << 20
	keepOfLongLine = 1024
)

// input is one operand or one line of standard input.
type input struct {
	text    string
	line    int  // 1-based line number on standard input, 0 for an operand
	tooLong bool // the line exceeded maxLine; text holds its beginning only
}

// inputs calls fn for each operand, or, with no operands, for each line of r.
// It stops early if fn returns false. It returns an error only for a failure
// to read r.
func inputs(operands []string, r io.Reader, fn func(input) bool) error {
	if len(operands) > 0 {
		for _, op := range operands {
			if !fn(input{text: op}) {
				return nil
			}
		}
		return nil
	}
	br := bufio.NewReaderSize(r, 64<<10)
	var buf []byte
	for line := 1; ; line++ {
		buf = buf[:0]
		tooLong, sawAny := false, false
		var err error
		for {
			var chunk []byte
			chunk, err = br.ReadSlice('\n')
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
				buf = append(buf, chunk...)
			}
			if !errors.Is(err, bufio.ErrBufferFull) {
				break
			}
		}
		if err != nil && err != io.EOF {
			return err
		}
		if err == io.EOF && !sawAny {
			return nil // nothing after the last LF
		}
		if !fn(input{text: string(buf), line: line, tooLong: tooLong}) || err == io.EOF {
			return nil
		}
	}
}
