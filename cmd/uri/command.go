package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/gouri/uri"
	"github.com/gouri/uri/internal/errtext"
)

// A command is one subcommand. Its flags are set up by flags, which returns
// the function that, once the flags are parsed, checks them and gives the
// operation applied to each input, or the text of a usage error.
type command struct {
	name     string
	operands string // the operands after the flags, for the usage line
	summary  string // one line, for the list of commands
	about    string // what the command does, for its help
	// pairs: each input is two operands, or one line holding them
	// separated by a tab (equal).
	pairs bool
	// lines is how the command reads a line of standard input, as its
	// help says; each op's whole must agree, which a test checks.
	lines lineMode
	flags func(fs *flag.FlagSet) func() (op, string)
}

// lineMode is how a command reads a line of standard input: whether a
// control character in it makes the line an error (the strict readings),
// or the line is the input as it is, as an operand is (the readings that
// take a string as browsers do: see op.whole).
type lineMode uint8

const (
	strictLines  lineMode = iota // a control character is an error
	wholeLines                   // the line as it is, as an operand is
	grammarLines                 // strictLines, but wholeLines with --grammar whatwg
	textFiles                    // the operands are files of text, read whole (uri extract)
)

// footer is the paragraph of the help of a command in mode m that says
// how it reads its inputs and writes its outputs.
func (m lineMode) footer() string {
	lines := "Without operands, inputs are the lines of standard input; one CR at the\n" +
		"end of a line is dropped, and any other control character makes the line an\n" +
		"error."
	switch m {
	case wholeLines:
		lines = "Without operands, inputs are the lines of standard input; one CR at the\n" +
			"end of a line is dropped, and the rest of the line is the input as it is,\n" +
			"control characters included, as an operand is."
	case grammarLines:
		lines = "Without operands, inputs are the lines of standard input; one CR at the\n" +
			"end of a line is dropped, and any other control character makes the line an\n" +
			"error, except with --grammar whatwg, where the rest of the line is the input\n" +
			"as it is, control characters included, as an operand is."
	}
	if m == textFiles {
		return "The operands are files of text, \"-\" for standard input, which is read\n" +
			"without operands. Each URL found is one line on standard output; with --json,\n" +
			"one object. An error reading a file is one line on standard error, and the\n" +
			"other files are read. The exit status is 0 when every file was read and\n" +
			"searched whole, 1 otherwise, 2 on a usage error.\n" +
			"With --aligned or --tsv, each line of standard input is a text of its own,\n" +
			"and its one line of output lists the URLs found in it, separated by spaces\n" +
			"(empty for none); with --json too, one object a line: {\"input\":S,\"ok\":true,\n" +
			"\"urls\":[{\"start\":N,...,\"url\":HREF,...}...]}. It then takes no FILE.\n" +
			alignedFooter
	}
	return lines + "\n" +
		"Each result is one line on standard output, and each error one line on\n" +
		"standard error, as \"uri: line N: ...\" or \"uri: operand N: ...\"; with\n" +
		"--json, each input, errors included, is one object on standard output. The\n" +
		"exit status is 0 when every input succeeds, 1 when any fails, 2 on a usage\n" +
		"error. Flags may come before or after the operands; an operand that starts\n" +
		"with \"-\" goes after \"--\", after which every argument is an operand.\n" +
		alignedFooter
}

// alignedFooter is the paragraph of every command's help on --aligned and
// --tsv, the modes of a stage of another engine's pipeline.
const alignedFooter = `--aligned keeps text mode to one line per input, in order, as --json does:
an input that fails gets an empty line (a line of empty fields for a --get
FORMAT with tabs), its error still on standard error, so that line n of the
output answers line n of the input (Spark's RDD.pipe, Hadoop Streaming,
xargs). --tsv is --aligned for engines that speak TabSeparated (ClickHouse's
executable functions): a line of standard input is one field, its escapes
decoded (\\ \t \n \r \0 \b \f \v \a \' \xHH; another \ is itself; \N,
NULL, is an error), and each part of a result is escaped: \ as \\, tab, LF
and CR as \t \n \r, and each byte of every other control or bidirectional
formatting character, and each byte that is not UTF-8, as \xHH; the tabs of
--get FORMAT separate the fields.`

// An op is what a command does with each input.
type op struct {
	// apply turns one input into its result.
	apply func(in string) result
	// lead are the members that every object of the command has after
	// "input" (and "input_hex"), errors included: resolve's "base".
	lead []field
	// whole: a line of standard input is the input as it is, without the
	// command's check for control characters, as an operand is. The URL
	// Standard's parser reads any string: it strips leading and trailing
	// C0 controls and spaces and removes tabs and newlines (section 4.4),
	// and percent-encodes other controls, as a browser does.
	whole bool
	// bind, when set, makes the operation once the operands are known: it
	// takes the operands it needs (template match's TEMPLATE) or standard
	// input (template expand's --vars -) and returns the other operands,
	// the inputs, and the operation; or the text of a usage error.
	bind func(operands []string, stdin io.Reader) ([]string, op, string)
	// notes are written to standard error, after the command's name,
	// before the first input: what the command read that the inputs do
	// not show, such as the lines of uri robots' file that it ignored.
	notes []string
	// files, when set, runs the command instead of the loop over inputs:
	// its operands are files of text (mode textFiles), and it returns the
	// exit status.
	files func(operands []string, asJSON bool, stdin io.Reader, stdout, stderr io.Writer) int
}

// result is the output of one input: the JSON members after "input" (and
// "input_hex"), the text line, whether the input succeeded, and its error
// when it failed. The text is a function, so that it costs nothing in JSON
// mode. A result that is no error can still count as a failure for the
// exit status (two references that are not equivalent).
//
// The commands of a shell pipeline give their results without allocating:
// a result that is one string (success) is that string, and a result
// that writes itself (line) writes its members and its text line straight
// into the output, computing only what the output asks for.
type result struct {
	ok     bool
	fields []field
	text   func() string
	err    error
	// one, with isOne, is the result when it is one string: "result",
	// after the members of fields, in JSON, and the text line.
	one   string
	isOne bool
	// line, when not nil, writes the members after those of fields and
	// the text line; it may be reused by the next input of the command.
	line lineResult
	// get, when not nil, is --get's FORMAT: the text line, and "get" after
	// the other members, made of the parts of the URL that parts gives.
	get   getFormat
	parts partSource
}

// A lineResult writes a result into the output: its JSON members after
// those of the result's fields, each after a comma, and its text line,
// escaped (see output.text), without the newline.
type lineResult interface {
	json(o *output)
	text(o *output)
}

// failure is the result of the input in that failed with err: in JSON
// {"ok":false,"error":S,"offset":N} after the members of lead, the shape of
// every error object of every command; in text mode, the error goes to
// standard error.
func failure(in string, err error, lead ...field) result {
	return failureAt(err, errorOffset(err, in), lead...)
}

// failureAt is failure with the offset off (an int, or nil when unknown).
func failureAt(err error, off any, lead ...field) result {
	fields := append(append([]field(nil), lead...), field{"ok", false}, field{"error", message(err)}, field{"offset", off})
	return result{fields: fields, err: err}
}

// errorOffset returns the byte offset in the input in at which err was
// found, as an int, or nil when err does not say: the Offset of an
// *uri.Error (of every reading: RFC 3986, the legacy grammars, the URL Standard) about in,
// or the offset of a line that is no input.
func errorOffset(err error, in string) any {
	var le *lineError
	var ue *uri.Error
	switch {
	case errors.As(err, &le):
		return le.offset
	case errors.As(err, &ue) && ue.Input == in:
		return ue.Offset
	}
	return nil
}

// success is the result of an input whose output is one string, after the
// members of lead: {...lead,"ok":true,"result":S} ("result_hex" after it
// when S is not UTF-8). It does not allocate.
func success(s string, lead ...field) result {
	return result{ok: true, fields: lead, one: s, isOne: true}
}

// modes are the flags of every command that choose the form of its
// output: --json, and, for text mode, --aligned and --tsv.
type modes struct {
	json, aligned, tsv *bool
}

// flagSet returns the command's flag set, with every flag registered and
// its usage text written to w; the values of the output's modes; and the
// function that checks the other flags once they are parsed (see
// command.flags).
func (c *command) flagSet(w io.Writer) (*flag.FlagSet, modes, func() (op, string)) {
	fs := flag.NewFlagSet(c.name, flag.ContinueOnError)
	fs.SetOutput(w)
	fs.Usage = func() {
		fmt.Fprintf(w, "usage: uri %s [flags] %s\n", c.name, c.operands)
		fmt.Fprintln(w, c.about)
		fmt.Fprintln(w)
		fmt.Fprintln(w, c.lines.footer())
		fmt.Fprintln(w)
		printFlags(w, fs)
	}
	m := modes{
		json: fs.Bool("json", false, "print one JSON object per input (JSON Lines)"),
		aligned: fs.Bool("aligned", false, "in text mode too, write one line per input, in order: an empty line\n"+
			"for an input that fails, whose error still goes to standard error"),
		tsv: fs.Bool("tsv", false, "read each line of standard input as a field of the TabSeparated format\n"+
			"and write each result as TSV fields, escaped; implies --aligned"),
	}
	return fs, m, c.flags(fs)
}

// run parses the flags and runs the command over every input: the one loop
// of the program. Standard output is buffered, and written when the buffer
// is full, before an error line (so that a terminal shows the lines in
// order), before a read of standard input that may wait (so that a program
// that writes a line and waits for its answer gets it), and at the end.
func (c *command) run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs, m, ready := c.flagSet(stderr)
	help := fs.Usage
	fs.Usage = func() {} // a bad flag gets the short usage below, -h the help
	fs.SetOutput(io.Discard)
	operands, err := parseArgs(fs, args)
	if errors.Is(err, flag.ErrHelp) {
		help()
		return exitOK
	}
	if err != nil {
		return c.flagError(stderr, err)
	}
	fn, problem := ready()
	if problem == "" && *m.json && *m.tsv {
		problem = "--tsv is a text mode: give --json or --tsv, not both"
	}
	if problem == "" && c.pairs && len(operands) != 0 && len(operands) != 2 {
		problem = "give two operands, or none to read tab-separated pairs from standard input"
	}
	first := 0 // the operands that bind took, which the numbers of the inputs count
	if problem == "" && fn.bind != nil {
		n := len(operands)
		operands, fn, problem = fn.bind(operands, stdin)
		first = n - len(operands)
	}
	if problem != "" {
		fmt.Fprintf(stderr, "uri %s: %s\n", c.name, problem)
		return exitUsage
	}
	for _, n := range fn.notes {
		fmt.Fprintf(stderr, "uri %s: %s\n", c.name, n)
	}
	if fn.files != nil {
		return fn.files(operands, *m.json, stdin, stdout, stderr)
	}
	return c.loop(fn, m, blankLine(fs), operands, first, stdin, stdout, stderr)
}

// loop runs fn over every input, the operands or the lines of stdin, and
// returns the exit status. first is the number of operands that fn's bind
// took, which the numbers of the inputs count; blank is the line that
// --aligned writes for an input that fails.
func (c *command) loop(fn op, m modes, blank string, operands []string, first int, stdin io.Reader, stdout, stderr io.Writer) int {
	out := &stickyWriter{w: stdout}
	w := newOutput(out, outSize)
	w.tsv = *m.tsv
	ew := newOutput(stderr, 512)
	if !*m.aligned && !*m.tsv {
		blank = "" // an input that fails has no line of output
	}
	status := exitOK
	each := func(in input) error {
		if in.operand > 0 {
			in.operand += first
		}
		var r result
		if in.err != nil {
			r = failure(in.text, in.err, fn.lead...)
		} else {
			r = fn.apply(in.text)
		}
		if !r.ok {
			status = exitInvalid
		}
		switch {
		case *m.json:
			w.jsonLine(in.text, &r)
		case r.err != nil:
			// Errors go to standard error, so that no error message is ever
			// read as a result by the next command of a pipe; with
			// --aligned, the input's line of standard output is blank.
			if err := w.flush(); err != nil {
				return err
			}
			ew.text(errorLine(in, r.err))
			ew.raw("\n")
			w.raw(blank)
			return ew.flush()
		default:
			w.textLine(&r)
		}
		return out.err // a write that failed stops the loop: no one reads on
	}
	whole := fn.whole
	if *m.tsv {
		each, whole = decodingTSV(each, c.pairs, whole), true
	}
	err := eachInput(operands, c.pairs, whole, stdin, w.flush, each)
	if err == nil {
		err = w.flush()
	}
	if err != nil {
		fmt.Fprintf(stderr, "uri %s: %v\n", c.name, err)
		return exitUsage
	}
	return status
}

// blankLine is the line that --aligned writes for an input that fails:
// an empty line, or, when the --get FORMAT of fs holds tabs, as many tabs,
// so that the line has the fields of every other line, each empty.
func blankLine(fs *flag.FlagSet) string {
	f := fs.Lookup("get")
	if f == nil || !given(fs, "get") {
		return "\n"
	}
	format, _ := parseGet(f.Value.String()) // checked by the command's flags
	tabs := 0
	for _, p := range format {
		tabs += strings.Count(p.lit, "\t")
	}
	return strings.Repeat("\t", tabs) + "\n"
}

// flagError reports flags that were wrong: the usage line, and where the
// flags are told, rather than the whole help, which would hide the error.
func (c *command) flagError(stderr io.Writer, err error) int {
	fmt.Fprintf(stderr, "uri %s: %v\n", c.name, err)
	fmt.Fprintf(stderr, "usage: uri %s [flags] %s\n", c.name, c.operands)
	fmt.Fprintf(stderr, "Run 'uri help %s' for its flags.\n", c.name)
	return exitUsage
}

// stickyWriter is an io.Writer that keeps the first error of w, so that
// the loop over the inputs sees that standard output is gone (a closed
// pipe) however many writes the buffer before it makes.
type stickyWriter struct {
	w   io.Writer
	err error
}

func (s *stickyWriter) Write(p []byte) (int, error) {
	if s.err != nil {
		return 0, s.err
	}
	n, err := s.w.Write(p)
	s.err = err
	return n, err
}

// errorLine is the text of the error of an input in text mode: its
// message without "uri: " (see reason), after "uri: line N: " for line N
// of standard input or "uri: operand N: " for the Nth operand.
func errorLine(in input, err error) string {
	msg := reason(err)
	switch {
	case in.line > 0:
		return "uri: line " + strconv.Itoa(in.line) + ": " + msg
	case in.operand > 0:
		return "uri: operand " + strconv.Itoa(in.operand) + ": " + msg
	}
	return "uri: " + msg // the two operands of a pair, which the message quotes
}

// reason is the one place where the command reads the text of an error:
// what err says without the "uri: " of its message, for a line that puts
// its own label before it. For a *uri.Error that is its Reason and its
// input quoted, which its message writes after "uri: " (see
// uri.Error.Error), as uriReason words it for the command; for the
// command's own errors, their reason; for any other error, such as a
// refusal of guard ("guard: refused ..."), its message. No text is ever
// cut out of a message.
func reason(err error) string {
	switch e := err.(type) {
	case *uri.Error:
		return uriReason(e, "")
	case interface{ reason() string }:
		return e.reason()
	}
	return err.Error()
}

// message is the text of err in a JSON object: "uri: " and its reason for
// the module's errors and the command's own, or the message of any other
// error.
func message(err error) string {
	switch err.(type) {
	case *uri.Error, interface{ reason() string }:
		return "uri: " + reason(err)
	}
	return err.Error()
}

// uriReason is the reason of e, the module's error value, as the command
// prints it: e.Reason() and e's input quoted, as e.Error() writes them
// after "uri: ", with the operation named op when op is not "" (uri equal
// normalizes with uri.Normalize, and says "equal", not "normalize"), and,
// for a character that makes an IRI no URI, the command that converts it.
func uriReason(e *uri.Error, op string) string {
	r := e.Reason()
	if op != "" {
		c := *e
		c.Op, c.Name = uri.OpParse, "" // the one Op that Reason does not write
		r = op + ": " + c.Reason()
	}
	r += " of " + errtext.QuoteAround(e.Input, e.Offset)
	if e.ValidIRI() {
		r += "; uri iri-to-uri converts it"
	}
	return r
}

// renamed is an error of the library that the command names by its own
// operation: uri equal's normalization, and uri file-uri's conversion,
// whose errors the library names "file-path", another command.
type renamed struct {
	op  string
	err *uri.Error
}

// renameOp returns err named op when it is a *uri.Error, and err otherwise.
func renameOp(err error, op string) error {
	if e, ok := err.(*uri.Error); ok {
		return &renamed{op, e}
	}
	return err
}

func (e *renamed) Error() string { return "uri: " + e.reason() }

func (e *renamed) reason() string { return uriReason(e.err, e.op) }

func (e *renamed) Unwrap() error { return e.err }

// parseArgs parses the flags in args, before and after the operands, and
// returns the operands. Everything after "--" is an operand, so that an
// input that starts with "-" is written "-- -x"; before it, an argument
// that starts with "-" (other than "-" alone) is a flag, and a flag that
// takes a value and has no "=" takes the next argument as its value, as
// package flag reads it. The flag package itself stops at the first
// operand, which would make "uri parse http://a/ --json" parse "--json".
func parseArgs(fs *flag.FlagSet, args []string) ([]string, error) {
	var flags, operands []string
	for i := 0; i < len(args); i++ {
		a := args[i]
		if a == "--" {
			operands = append(operands, args[i+1:]...)
			break
		}
		if len(a) < 2 || a[0] != '-' {
			operands = append(operands, a)
			continue
		}
		flags = append(flags, a)
		name, _, hasValue := strings.Cut(strings.TrimPrefix(a[1:], "-"), "=")
		if f := fs.Lookup(name); f != nil && !hasValue && !isBoolFlag(f) && i+1 < len(args) {
			i++
			flags = append(flags, args[i])
		}
	}
	return operands, fs.Parse(flags)
}

// isBoolFlag reports whether f is a flag without a value, as --json.
func isBoolFlag(f *flag.Flag) bool {
	b, ok := f.Value.(interface{ IsBoolFlag() bool })
	return ok && b.IsBoolFlag()
}

// printFlags lists the flags of fs as flag.PrintDefaults does, but spelled
// with two dashes ("--json"), as the usage lines, the help texts and
// docs/command.md write them; the flag package accepts both spellings.
func printFlags(w io.Writer, fs *flag.FlagSet) {
	fs.VisitAll(func(f *flag.Flag) {
		name, usage := flag.UnquoteUsage(f)
		line := "  --" + f.Name
		if name != "" {
			line += " " + name
		}
		fmt.Fprintf(w, "%s\n    \t%s\n", line, strings.ReplaceAll(usage, "\n", "\n    \t"))
	})
}

// commands returns the subcommands, in the order of the usage text.
func commands() []*command {
	return []*command{
		parseCommand, resolveCommand, relativizeCommand, normalizeCommand, equalCommand, editCommand,
		escapeCommand, unescapeCommand, iriToURICommand, uriToIRICommand, displayCommand,
		filePathCommand, fileURICommand, readingsCommand, guardCommand, canonCommand, siteCommand, targetCommand,
		redirectCommand, dataCommand, robotsCommand, extractCommand,
	}
}
