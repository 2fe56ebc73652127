// Command uri parses URI references as RFC 3986 defines them and prints their
// components.
//
// Usage:
//
//	uri parse [--json] [REF...]
//
// With no REF operands, uri reads one reference per line from standard input.
// Lines are separated by LF only: a CR is part of the reference (and makes it
// invalid). Lines up to 16 MiB are read; a longer line gets an error of its
// own and the rest of the input is still processed.
//
// Text output shows each component and whether it is present; --json prints
// one JSON object per input (JSON Lines):
//
//	{"input":S,"ok":true,"scheme":S|null,"userinfo":S|null,"host":S|null,"port":S|null,"path":S,"query":S|null,"fragment":S|null}
//	{"input":S,"ok":false,"error":S,"offset":N}
//
// where null means the component is absent and "" that it is present and
// empty. Components are exactly as written. When an input is not valid UTF-8,
// "input" shows it with U+FFFD replacements and "input_hex" holds its bytes.
//
// The exit status is 0 when every input is valid, 1 when any is not, and 2
// for a usage error.
package main

import (
	"fmt"
	"io"
	"os"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

// Exit statuses.
const (
	exitOK      = 0
	exitInvalid = 1
	exitUsage   = 2
)

// command is one subcommand: it gets the arguments after its name.
type command struct {
	name    string
	summary string
	run     func(args []string, stdin io.Reader, stdout, stderr io.Writer) int
}

var commands []command

func init() {
	commands = []command{
		{"parse", "parse references and print their components", runParse},
		{"resolve", "resolve references against a base URI", runResolve},
		{"relativize", "find the shortest reference from a base URI to each URI", runRelativize},
		{"normalize", "print the normal form of references (RFC 3986, Section 6.2)", runNormalize},
		{"equal", "tell whether two references are equivalent (RFC 3986, Section 6.2)", runEqual},
	}
	commands = append(commands, escapeCommands...)
}

// run is the whole program; main only connects it to the process.
func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		usage(stderr)
		return exitUsage
	}
	switch args[0] {
	case "help", "-h", "-help", "--help":
		usage(stdout)
		return exitOK
	}
	for _, c := range commands {
		if c.name == args[0] {
			return c.run(args[1:], stdin, stdout, stderr)
		}
	}
	fmt.Fprintf(stderr, "uri: unknown command %q\n", args[0])
	usage(stderr)
	return exitUsage
}

func usage(w io.Writer) {
	fmt.Fprintln(w, "usage: uri <command> [flags] [operands]")
	fmt.Fprintln(w)
	fmt.Fprintln(w, "commands:")
	for _, c := range commands {
		fmt.Fprintf(w, "  %-10s %s\n", c.name, c.summary)
	}
	fmt.Fprintln(w)
	fmt.Fprintln(w, "Run 'uri <command> -h' for a command's flags. Without operands, a command")
	fmt.Fprintln(w, "reads one input per line from standard input.")
}
