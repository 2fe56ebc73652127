package main

import (
	"bufio"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strconv"

	"github.com/gouri/uri/dataurl"
	"github.com/gouri/uri/internal/abnf"
	"github.com/gouri/uri/mimetype"
)

var dataCommand = &command{
	name:     "data",
	lines:    wholeLines,
	operands: "[--max N] [--out FILE] [URL... | --in FILE] | --encode TYPE [--base64] < FILE",
	summary:  "decode data: URLs as browsers do, or write one (Fetch Standard)",
	about: "Runs the Fetch Standard's data: URL processor on each URL (package dataurl)\n" +
		"and prints its MIME type, serialized, and the size of its body in bytes:\n" +
		"\"data:,Hello%2C%20World!\" gives \"text/plain;charset=US-ASCII 13\". A line of\n" +
		"standard input is a URL as it is, as the URL Standard reads it. With --in\n" +
		"FILE, the whole of FILE (- for standard input) is one URL, of any length,\n" +
		"its line breaks removed as the URL Standard removes them: a data: URL of an\n" +
		"image of tens of megabytes, wrapped or not. With --max N, a body over N bytes\n" +
		"is an error, found before it is decoded. With --out FILE, the bodies are\n" +
		"written to FILE, one after the other, in the order of the inputs; with\n" +
		"--out -, to standard output, and nothing else is: no MIME type or size\n" +
		"(run without --out for them), errors on standard error as ever, and no\n" +
		"--json, --aligned or --tsv. An error of the URL that --in reads names the\n" +
		"file (\"uri: file \\\"img.url\\\": ...\", \"uri: standard input: ...\"). With\n" +
		"--json: {\"input\":URL,\"ok\":true,\"mime\":S,\"size\":N,\"body_base64\":S},\n" +
		"the body in standard base64, or the error object\n" +
		"{\"input\":S,\"ok\":false,\"error\":S,\"offset\":N}.\n" +
		"\n" +
		"With --encode TYPE, reads a body from standard input and prints a data: URL\n" +
		"of the MIME type TYPE with it, percent-encoded or in base64, whichever is\n" +
		"shorter, or in base64 with --base64; the input is TYPE, and an invalid one,\n" +
		"or one that a data: URL cannot carry, is an error.",
	flags: func(fs *flag.FlagSet) func() (op, string) {
		maxSize := fs.Int64("max", 0, "refuse a body longer than `N` bytes (default: no limit)")
		out := fs.String("out", "", "write the bodies to `FILE`, one after the other (- for standard output,\nand nothing else there)")
		in := fs.String("in", "", "read one URL, the whole of `FILE` (- for standard input), of any\nlength")
		encode := fs.String("encode", "", "write a data: URL of the MIME `TYPE` with the body read from standard\ninput")
		b64 := fs.Bool("base64", false, "with --encode, write the body in base64")
		return func() (op, string) {
			set := map[string]bool{}
			fs.Visit(func(f *flag.Flag) { set[f.Name] = true })
			switch {
			case set["encode"] && (set["max"] || set["out"] || set["in"]):
				return op{}, "--encode reads a body and writes a URL: --max, --out and --in are for decoding"
			case set["base64"] && !set["encode"]:
				return op{}, "--base64 is for --encode"
			case set["encode"]:
				return op{bind: encodeBinder(*encode, *b64)}, ""
			case set["max"] && *maxSize < 1:
				return op{}, "--max " + strconv.FormatInt(*maxSize, 10) + ": give a number of bytes, 1 or more"
			case *out == "-" && (set["json"] || set["aligned"] || set["tsv"]):
				return op{}, "--out - writes the bodies to standard output, which has no room for --json, --aligned or --tsv"
			}
			file := ""
			if set["in"] {
				file = *in
			}
			decode, problem := decodeOp(dataurl.Options{MaxSize: *maxSize}, *out, file)
			if set["in"] && problem == "" {
				decode.bind = wholeBinder(*in, decode)
			}
			return decode, problem
		}
	},
}

// decodeOp is the operation of uri data without --encode; out, when set,
// is created empty first, and "-" is standard output. file is the file
// that --in reads, or "".
func decodeOp(o dataurl.Options, out, file string) (op, string) {
	if out == "-" {
		return op{whole: true, files: bodiesOut(o, file)}, ""
	}
	if out != "" {
		f, err := os.Create(out)
		if err != nil {
			return op{}, "--out: " + err.Error()
		}
		if err := f.Close(); err != nil {
			return op{}, "--out: " + err.Error()
		}
	}
	return op{whole: true, apply: func(in string) result {
		d, err := o.Parse(in)
		if err != nil {
			return failure(in, inFile(file, err))
		}
		if out != "" {
			if err := appendFile(out, d.Body); err != nil {
				return failureAt(err, nil)
			}
		}
		mime, size := d.MIMEType.String(), len(d.Body)
		return result{
			ok: true,
			fields: []field{
				{"ok", true}, {"mime", mime}, {"size", size}, {"body_base64", base64Value(d.Body)},
			},
			text: func() string { return mime + " " + strconv.Itoa(size) },
		}
	}}, ""
}

// bodiesOut returns the loop of uri data --out -: each body is written to
// stdout, and nothing else is; each error goes to stderr, named by its
// operand, its line or file, the file that --in reads, if any.
func bodiesOut(o dataurl.Options, file string) func([]string, bool, io.Reader, io.Writer, io.Writer) int {
	return func(operands []string, _ bool, stdin io.Reader, stdout, stderr io.Writer) int {
		w := bufio.NewWriterSize(stdout, outSize)
		status := exitOK
		err := eachInput(operands, false, true, stdin, w.Flush, func(in input) error {
			if in.err != nil {
				status = exitInvalid
				_, err := fmt.Fprintln(stderr, errorLine(in, in.err))
				return err
			}
			d, err := o.Parse(in.text)
			if err != nil {
				status = exitInvalid
				if file != "" {
					in.operand = 0 // the file names the input
				}
				if err := w.Flush(); err != nil {
					return err
				}
				_, err = fmt.Fprintln(stderr, errorLine(in, inFile(file, err)))
				return err
			}
			_, err = w.Write(d.Body)
			return err
		})
		if err == nil {
			err = w.Flush()
		}
		if err != nil {
			fmt.Fprintf(stderr, "uri data: %v\n", err)
			return exitUsage
		}
		return status
	}
}

// fileError is an error of the URL that uri data --in reads: its message
// names the file, as "line N" or "operand N" names another input.
type fileError struct {
	file string
	err  error
}

// inFile returns err of the URL read from file, named by it, or err as it
// is when file is "".
func inFile(file string, err error) error {
	if file == "" {
		return err
	}
	return &fileError{file, err}
}

func (e *fileError) Error() string { return "uri: " + e.reason() }

func (e *fileError) reason() string {
	name := "file " + strconv.Quote(e.file)
	if e.file == "-" {
		name = "standard input"
	}
	return name + ": " + reason(e.err)
}

func (e *fileError) Unwrap() error { return e.err }

// appendFile appends body to the file name.
func appendFile(name string, body []byte) error {
	f, err := os.OpenFile(name, os.O_WRONLY|os.O_APPEND, 0)
	if err != nil {
		return err
	}
	_, err = f.Write(body)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return errors.New("--out: " + err.Error())
	}
	return nil
}

// wholeBinder returns the binding of uri data --in FILE: the one input is
// the whole of FILE, or of standard input for "-", decoded by decode.
func wholeBinder(file string, decode op) func([]string, io.Reader) ([]string, op, string) {
	return func(operands []string, stdin io.Reader) ([]string, op, string) {
		if len(operands) > 0 {
			return nil, op{}, "--in reads one URL from FILE: give no operands"
		}
		url, err := readWhole(file, stdin)
		if err != nil {
			return nil, op{}, "--in: " + err.Error()
		}
		decode.bind = nil
		return []string{abnf.String(url)}, decode, ""
	}
}

// encodeBinder returns the binding of uri data --encode TYPE: it reads the
// body from standard input, and the one input is TYPE.
func encodeBinder(typ string, b64 bool) func([]string, io.Reader) ([]string, op, string) {
	return func(operands []string, stdin io.Reader) ([]string, op, string) {
		if len(operands) > 0 {
			return nil, op{}, "--encode reads the body from standard input: give no operands"
		}
		body, err := readWhole("-", stdin)
		if err != nil {
			return nil, op{}, "reading standard input: " + err.Error()
		}
		enc := dataurl.Encode
		if b64 {
			enc = dataurl.EncodeBase64
		}
		return []string{typ}, op{apply: func(in string) result {
			mt, err := mimetype.Parse(in)
			if err != nil {
				return failure(in, err)
			}
			s, err := enc(mt, body)
			if err != nil {
				// The offset is in the serialization of TYPE, which is
				// the input when TYPE is serialized.
				return failure(in, err)
			}
			return success(s)
		}}, ""
	}
}
