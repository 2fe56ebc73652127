package main

import (
	"encoding/hex"
	"errors"
	"flag"
	"fmt"
	"io"
	"strings"
	"unicode/utf8"

	"github.com/gouri/uri"
)

// escapeComponents are the names --component accepts.
var escapeComponents = []uri.EscapeComponent{
	uri.EscapeUserinfo, uri.EscapeHost, uri.EscapePathSegment, uri.EscapePath, uri.EscapeQuery,
	uri.EscapeQueryKey, uri.EscapeQueryValue, uri.EscapeFragment, uri.EscapeForm,
}

func componentNames() string {
	names := make([]string, len(escapeComponents))
	for i, c := range escapeComponents {
		names[i] = c.String()
	}
	return strings.Join(names, ", ")
}

// componentFlag is the value of --component.
type componentFlag struct{ c uri.EscapeComponent }

func (f *componentFlag) String() string {
	if f.c == 0 {
		return ""
	}
	return f.c.String()
}

func (f *componentFlag) Set(s string) error {
	for _, c := range escapeComponents {
		if c.String() == s {
			f.c = c
			return nil
		}
	}
	return fmt.Errorf("unknown component %q (one of %s)", s, componentNames())
}

// transform is a subcommand that maps each input to one string or an error.
type transform struct {
	name, operands, about string
	// fn is the function to apply, for a subcommand without flags of its own.
	fn func(string) (string, error)
	// flags, for the others, adds the subcommand's flags and returns a
	// function that, after parsing, gives the function to apply or the text
	// of a usage error.
	flags func(fs *flag.FlagSet) func() (func(string) (string, error), string)
}

func (tr transform) run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet(tr.name, flag.ContinueOnError)
	fs.SetOutput(stderr)
	asJSON := fs.Bool("json", false, "print one JSON object per input (JSON Lines)")
	ready := func() (func(string) (string, error), string) { return tr.fn, "" }
	if tr.flags != nil {
		ready = tr.flags(fs)
	}
	fs.Usage = func() {
		fmt.Fprintf(stderr, "usage: uri %s [--json] %s\n", tr.name, tr.operands)
		fmt.Fprintln(stderr, tr.about)
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return exitOK
		}
		return exitUsage
	}
	fn, problem := ready()
	if problem != "" {
		fmt.Fprintf(stderr, "uri %s: %s\n", tr.name, problem)
		fs.Usage()
		return exitUsage
	}
	status := exitOK
	err := inputs(fs.Args(), stdin, func(in input) bool {
		var res string
		var err error
		if in.tooLong {
			err = errLineTooLong(in.line)
		} else {
			res, err = fn(in.text)
		}
		if err != nil {
			status = exitInvalid
		}
		var werr error
		switch {
		case *asJSON:
			_, werr = stdout.Write(transformJSON(in.text, res, err))
		case err != nil:
			// On standard output like a result, so that line n of the
			// output always answers input n, as the other commands do.
			_, werr = fmt.Fprintln(stdout, err)
		default:
			_, werr = fmt.Fprintln(stdout, res)
		}
		return werr == nil
	})
	if err != nil {
		fmt.Fprintf(stderr, "uri: reading standard input: %v\n", err)
		return exitUsage
	}
	return status
}

// transformJSON is one output line:
//
//	{"input":S,"ok":true,"result":S} or {"input":S,"ok":false,"error":S}
//
// with "result_hex" holding the bytes of a result that is not UTF-8.
func transformJSON(text, res string, err error) []byte {
	var o object
	o.input(text)
	o.boolean("ok", err == nil)
	if err != nil {
		o.str("error", err.Error())
		return o.line()
	}
	o.str("result", res)
	if !utf8.ValidString(res) {
		o.str("result_hex", hex.EncodeToString([]byte(res)))
	}
	return o.line()
}

var escapeCommand = transform{
	name:     "escape",
	operands: "--component C [STRING...]",
	about:    "Percent-encodes each STRING (or each line of standard input) for use in component C.",
	flags: func(fs *flag.FlagSet) func() (func(string) (string, error), string) {
		var comp componentFlag
		fs.Var(&comp, "component", "where the text goes: "+componentNames()+" (required)")
		return func() (func(string) (string, error), string) {
			if comp.c == 0 {
				return nil, "--component is required"
			}
			return func(s string) (string, error) { return uri.Escape(s, comp.c), nil }, ""
		}
	},
}

var unescapeCommand = transform{
	name:     "unescape",
	operands: "[--component C] [--utf8] [STRING...]",
	about: "Decodes the percent-encodings of each STRING (or each line of standard input).\n" +
		`With --component form, "+" is a space; otherwise it stays "+".`,
	flags: func(fs *flag.FlagSet) func() (func(string) (string, error), string) {
		var comp componentFlag
		fs.Var(&comp, "component", "where the text comes from: "+componentNames())
		utf8Only := fs.Bool("utf8", false, "fail when the decoded octets are not valid UTF-8")
		return func() (func(string) (string, error), string) {
			if *utf8Only {
				return func(s string) (string, error) { return uri.UnescapeUTF8(s, comp.c) }, ""
			}
			return func(s string) (string, error) { return uri.Unescape(s, comp.c) }, ""
		}
	},
}

// escapeCommands are the subcommands that map each input to one string,
// for the commands list.
var escapeCommands = []command{
	{"escape", "percent-encode text for one component", escapeCommand.run},
	{"unescape", "decode percent-encoded text", unescapeCommand.run},
	{"iri-to-uri", "map IRIs to URIs (RFC 3987, Section 3.1)", iriToURICommand.run},
	{"uri-to-iri", "map URIs to IRIs for display (RFC 3987, Section 3.2)", uriToIRICommand.run},
}
