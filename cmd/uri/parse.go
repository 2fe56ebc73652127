package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/gouri/uri"
)

func runParse(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("parse", flag.ContinueOnError)
	fs.SetOutput(stderr)
	asJSON := fs.Bool("json", false, "print one JSON object per input (JSON Lines)")
	grammar := fs.String("grammar", "", "parse with an older grammar: "+grammarNames())
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: uri parse [--json] [--grammar NAME] [REF...]")
		fmt.Fprintln(stderr, "Parses each REF (or each line of standard input) as an RFC 3986 URI-reference,")
		fmt.Fprintln(stderr, "or under the older grammar that --grammar names.")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return exitOK
		}
		return exitUsage
	}
	var g uri.Grammar
	if *grammar != "" {
		var ok bool
		if g, ok = grammarByName(*grammar); !ok {
			fmt.Fprintf(stderr, "uri parse: unknown grammar %q (want one of %s)\n", *grammar, grammarNames())
			return exitUsage
		}
	}
	status := exitOK
	err := inputs(fs.Args(), stdin, func(in input) bool {
		var out []byte
		if g != 0 {
			lout, ok := legacyParse(in, g, *asJSON)
			if !ok {
				status = exitInvalid
			}
			_, werr := stdout.Write(lout)
			return werr == nil
		}
		u, err := parseInput(in)
		if err != nil {
			status = exitInvalid
		}
		if *asJSON {
			out = parseJSON(in.text, u, err)
		} else {
			out = parseText(in.text, u, err)
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

// errLineTooLong is the error for a line of standard input over maxLine.
type errLineTooLong int

func (e errLineTooLong) Error() string {
	return fmt.Sprintf("uri: line %d is longer than %d bytes; only its beginning is shown", int(e), maxLine)
}

func parseInput(in input) (uri.URI, error) {
	if in.tooLong {
		return uri.URI{}, errLineTooLong(in.line)
	}
	return uri.Parse(in.text)
}

// errorOffset returns the byte offset an error points at.
func errorOffset(err error) int {
	var e *uri.Error
	if errors.As(err, &e) {
		return e.Offset
	}
	return maxLine
}

func parseJSON(text string, u uri.URI, err error) []byte {
	var o object
	o.input(text)
	o.boolean("ok", err == nil)
	if err != nil {
		o.str("error", err.Error())
		o.integer("offset", errorOffset(err))
		return o.line()
	}
	o.optional("scheme", u.Scheme(), u.HasScheme())
	o.optional("userinfo", u.Userinfo(), u.HasUserinfo())
	o.optional("host", u.Host(), u.HasAuthority())
	o.optional("port", u.Port(), u.HasPort())
	o.str("path", u.Path())
	o.optional("query", u.Query(), u.HasQuery())
	o.optional("fragment", u.Fragment(), u.HasFragment())
	return o.line()
}

// parseText shows a reference the way a person reads it: one component per
// line, quoted, with "(absent)" for absent ones, or the error with a caret
// under the offending byte.
func parseText(text string, u uri.URI, err error) []byte {
	var b strings.Builder
	b.WriteString(strconv.Quote(text))
	b.WriteByte('\n')
	if err != nil {
		if off := errorOffset(err); printable(text) && len(text) <= 120 && off <= len(text) {
			b.WriteString(" ")
			b.WriteString(strings.Repeat(" ", off))
			b.WriteString("^\n")
		}
		b.WriteString("  error     ")
		b.WriteString(err.Error())
		b.WriteString("\n\n")
		return []byte(b.String())
	}
	row := func(name, v string, present bool, note string) {
		fmt.Fprintf(&b, "  %-9s ", name)
		if present {
			b.WriteString(strconv.Quote(v))
		} else {
			b.WriteString("(absent)")
		}
		b.WriteString(note)
		b.WriteByte('\n')
	}
	row("scheme", u.Scheme(), u.HasScheme(), "")
	row("userinfo", u.Userinfo(), u.HasUserinfo(), "")
	kind := ""
	if u.HasAuthority() {
		kind = " (" + u.HostKind().String() + ")"
	}
	row("host", u.Host(), u.HasAuthority(), kind)
	row("port", u.Port(), u.HasPort(), "")
	row("path", u.Path(), true, "")
	row("query", u.Query(), u.HasQuery(), "")
	row("fragment", u.Fragment(), u.HasFragment(), "")
	b.WriteByte('\n')
	return []byte(b.String())
}

// printable reports whether s is printable ASCII, so that a caret placed
// under byte n lines up with it.
func printable(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < 0x20 || s[i] >= 0x7f || s[i] == '"' || s[i] == '\\' {
			return false
		}
	}
	return true
}
