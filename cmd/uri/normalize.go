package main

// The normalize and equal subcommands:
//
//	uri normalize [--syntax] [--json] [REF...]
//	uri equal [--syntax] REF1 REF2
//
// normalize prints the normal form of each reference (RFC 3986, Section 6.2):
// by default syntax-based and scheme-based normalization with IPv6 addresses
// in RFC 5952 text, the library's DefaultNormalization; with --syntax exactly
// the syntax-based normalization of Section 6.2.2 and nothing else. Text
// output is one line per input, as the resolve command writes it: the
// normalized reference, or the error (which, holding a space, is never a
// reference); --json prints one object per input, in input order:
//
//	{"input":S,"ok":true,"result":S}
//	{"input":S,"ok":false,"error":S}
//
// equal prints the normal forms of its two operands, one per line, then
// "equivalent" or "not equivalent", and exits with 0 when they are
// equivalent, 1 when they are not, and 2 on a usage error or an invalid
// operand.

import (
	"errors"
	"flag"
	"fmt"
	"io"

	"github.com/gouri/uri"
)

func runNormalize(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("normalize", flag.ContinueOnError)
	fs.SetOutput(stderr)
	syntax := fs.Bool("syntax", false, "apply syntax-based normalization only (RFC 3986, Section 6.2.2)")
	asJSON := fs.Bool("json", false, "print one JSON object per input (JSON Lines)")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: uri normalize [--syntax] [--json] [REF...]")
		fmt.Fprintln(stderr, "Prints the normal form (RFC 3986, Section 6.2) of each REF, or of each line of standard input.")
		fs.PrintDefaults()
	}
	if status, ok := parseFlags(fs, args); !ok {
		return status
	}
	steps := uri.DefaultNormalization
	if *syntax {
		steps = uri.SyntaxBased
	}
	status := exitOK
	err := inputs(fs.Args(), stdin, func(in input) bool {
		result, err := normalizeInput(in, steps)
		if err != nil {
			status = exitInvalid
		}
		var out []byte
		switch {
		case *asJSON:
			var o object
			o.input(in.text)
			o.boolean("ok", err == nil)
			if err != nil {
				o.str("error", err.Error())
			} else {
				o.str("result", result)
			}
			out = o.line()
		case err != nil:
			out = append([]byte(err.Error()), '\n')
		default:
			out = append([]byte(result), '\n')
		}
		_, werr := stdout.Write(out)
		return werr == nil
	})
	if err != nil {
		fmt.Fprintf(stderr, "uri: reading standard input: %v\n", err)
		return exitUsage
	}
	return status
}

// parseFlags parses args with fs. When the command should stop, ok is false
// and status is its exit status: 0 after -h, 2 after a usage error.
func parseFlags(fs *flag.FlagSet, args []string) (status int, ok bool) {
	err := fs.Parse(args)
	switch {
	case err == nil:
		return exitOK, true
	case errors.Is(err, flag.ErrHelp):
		return exitOK, false
	}
	return exitUsage, false
}

// normalizeInput returns the normal form of one input under steps, or the
// error that uri.Normalize gives for it.
func normalizeInput(in input, steps uri.Normalization) (string, error) {
	u, err := parseInput(in)
	if err != nil {
		if !in.tooLong {
			_, err = uri.Normalize(in.text) // the same error, with Op "normalize"
		}
		return "", err
	}
	return u.NormalizeWith(steps).String(), nil
}

// equalOptions are the flags of `uri equal`. A new flag is a field here, set
// up in define, used in parse (how an operand is read) or in normalize (what
// is compared).
type equalOptions struct {
	syntax  bool
	grammar string
}

func (o *equalOptions) define(fs *flag.FlagSet) {
	fs.BoolVar(&o.syntax, "syntax", false, "compare after syntax-based normalization only (RFC 3986, Section 6.2.2)")
	fs.StringVar(&o.grammar, "grammar", "", "compare as an older specification does: rfc2616 (HTTP/1.1, Section 3.2.3)")
}

// parse reads one operand.
func (o *equalOptions) parse(s string) (uri.URI, error) {
	u, err := uri.Parse(s)
	if err != nil {
		_, err = uri.Normalize(s)
	}
	return u, err
}

// normalize returns the form in which operands are compared.
func (o *equalOptions) normalize(u uri.URI) string {
	if o.syntax {
		return u.NormalizeWith(uri.SyntaxBased).String()
	}
	return u.Normalize().String()
}

func runEqual(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("equal", flag.ContinueOnError)
	fs.SetOutput(stderr)
	var opts equalOptions
	opts.define(fs)
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: uri equal [flags] REF1 REF2")
		fmt.Fprintln(stderr, "Prints the normal forms of REF1 and REF2 and whether they are equivalent (RFC 3986, Section 6.2);")
		fmt.Fprintln(stderr, "exits with 0 if they are, 1 if they are not, 2 on error.")
		fs.PrintDefaults()
	}
	if status, ok := parseFlags(fs, args); !ok {
		return status
	}
	if fs.NArg() != 2 {
		fs.Usage()
		return exitUsage
	}
	if opts.grammar != "" {
		if opts.syntax {
			fmt.Fprintln(stderr, "uri equal: --grammar and --syntax cannot be combined")
			return exitUsage
		}
		return legacyEqual(opts.grammar, fs.Arg(0), fs.Arg(1), stdout, stderr)
	}
	var forms [2]string
	for i, s := range fs.Args() {
		u, err := opts.parse(s)
		if err != nil {
			fmt.Fprintln(stderr, err)
			return exitUsage
		}
		forms[i] = opts.normalize(u)
	}
	verdict, status := "equivalent", exitOK
	if forms[0] != forms[1] {
		verdict, status = "not equivalent", exitInvalid
	}
	fmt.Fprintf(stdout, "%s\n%s\n%s\n", forms[0], forms[1], verdict)
	return status
}
