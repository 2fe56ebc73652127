package main

import (
	"errors"
	"flag"
	"fmt"
	"io"

	"github.com/gouri/uri"
)

// runResolve is `uri resolve --base BASE [--json] [--non-strict] [REF...]`:
// it resolves each reference against BASE (RFC 3986, Section 5.2) and prints
// one line per reference, the result or the error; with --json, one object
// per reference:
//
//	{"input":S,"base":BASE,"ok":true,"result":S}
//	{"input":S,"base":BASE,"ok":false,"error":S}
func runResolve(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	c := newBaseCommand("resolve", "REF",
		"Resolves each REF (or each line of standard input) against BASE, by the strict\n"+
			"algorithm of RFC 3986, Section 5.2, and prints the target URI.", stderr)
	// Flags that choose the algorithm; the switch below maps them to it.
	nonStrict := c.fs.Bool("non-strict", false, "legacy: treat a REF whose scheme equals BASE's as relative (RFC 3986, Section 5.2.2)")
	if status, ok := c.parse(args); !ok {
		return status
	}
	resolve := uri.Resolve
	switch {
	case *nonStrict:
		resolve = uri.ResolveNonStrict
	}
	return c.run(stdin, stdout, stderr, resolve)
}

// baseCommand is the shape shared by the commands that apply an operation to
// each input against a base URI: the --base and --json flags, the input
// loop, and the output lines.
type baseCommand struct {
	name   string
	fs     *flag.FlagSet
	base   *string
	asJSON *bool
	stderr io.Writer
}

// newBaseCommand returns a command whose usage line names its operands
// operand and whose help text is about. The caller may add flags to c.fs
// before calling c.parse.
func newBaseCommand(name, operand, about string, stderr io.Writer) *baseCommand {
	c := &baseCommand{name: name, fs: flag.NewFlagSet(name, flag.ContinueOnError), stderr: stderr}
	c.fs.SetOutput(stderr)
	c.base = c.fs.String("base", "", "the base URI, which must have a scheme (RFC 3986, Section 5.1); required")
	c.asJSON = c.fs.Bool("json", false, "print one JSON object per input (JSON Lines)")
	c.fs.Usage = func() {
		fmt.Fprintf(stderr, "usage: uri %s --base BASE [flags] [%s...]\n", name, operand)
		fmt.Fprintln(stderr, about)
		c.fs.PrintDefaults()
	}
	return c
}

// parse parses the arguments. It reports false, with the exit status, when
// the command is done: after -h, or on a usage error such as a missing
// --base.
func (c *baseCommand) parse(args []string) (int, bool) {
	if err := c.fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return exitOK, false
		}
		return exitUsage, false
	}
	given := false
	c.fs.Visit(func(f *flag.Flag) { given = given || f.Name == "base" })
	if !given {
		fmt.Fprintf(c.stderr, "uri %s: --base is required\n", c.name)
		c.fs.Usage()
		return exitUsage, false
	}
	return exitOK, true
}

// run applies op to each operand, or each line of stdin, against the base,
// and writes one line per input. A base that op rejects is not a usage
// error: each input gets that error, so that every input has its line.
func (c *baseCommand) run(stdin io.Reader, stdout, stderr io.Writer, op func(base, s string) (string, error)) int {
	status := exitOK
	err := inputs(c.fs.Args(), stdin, func(in input) bool {
		var result string
		var err error
		if in.tooLong {
			err = errLineTooLong(in.line)
		} else {
			result, err = op(*c.base, in.text)
		}
		if err != nil {
			status = exitInvalid
		}
		var out []byte
		if *c.asJSON {
			var o object
			o.input(in.text)
			o.str("base", *c.base)
			o.boolean("ok", err == nil)
			if err != nil {
				o.str("error", err.Error())
			} else {
				o.str("result", result)
			}
			out = o.line()
		} else if err != nil {
			out = append([]byte(err.Error()), '\n')
		} else {
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
