package main

import (
	"bufio"
	"errors"
	"io"
)

// maxLine is the longest input line read from standard input.
const maxLine = 16 << 20

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
	line := 0
	for {
		chunk, err := br.ReadSlice('\n')
		tooLong := false
		buf = buf[:0]
		for {
			if len(buf)+len(chunk) > maxLine+1 { // +1: the LF itself
				tooLong = true
				if room := maxLine - len(buf); room > 0 && len(buf) < 1024 {
					buf = append(buf, chunk[:min(room, 1024-len(buf))]...)
				}
			} else if !tooLong {
				buf = append(buf, chunk...)
			}
			if !errors.Is(err, bufio.ErrBufferFull) {
				break
			}
			chunk, err = br.ReadSlice('\n')
		}
		if err != nil && err != io.EOF {
			return err
		}
		if len(buf) > 0 && buf[len(buf)-1] == '\n' {
			buf = buf[:len(buf)-1]
		} else if err == io.EOF && len(buf) == 0 && !tooLong {
			return nil // no final line after the last LF
		}
		line++
		if !fn(input{text: string(buf), line: line, tooLong: tooLong}) {
			return nil
		}
		if err == io.EOF {
			return nil
		}
	}
}
