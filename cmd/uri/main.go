// Command uri parses, resolves, normalizes, compares and escapes URI
// references as RFC 3986 defines them.
//
// Usage:
//
//	uri parse      [--json] [--grammar G] [REF...]
//	uri resolve    --base BASE [--json] [--non-strict | --grammar G] [REF...]
//	uri relativize --base BASE [--json] [TARGET...]
//	uri normalize  [--syntax] [--json] [URI...]
//	uri equal      [--syntax | --grammar rfc2616] A B
//	uri escape     --component C [--json] [STRING...]
//	uri unescape   [--component C] [--utf8] [--json] [STRING...]
//	uri iri-to-uri [--json] [IRI...]
//	uri uri-to-iri [--json] [URI...]
//
// Run "uri help" for a summary and "uri COMMAND -h" for a command's flags.
//
// With no operands, a command reads one input per line from standard input.
// Lines are separated by LF only: a CR is part of the input (and makes a
// reference invalid). Lines up to 16 MiB are read; a longer line gets an
// error of its own and the rest of the input is still processed. Each input
// gets exactly one line of output, its result or its error, so that line n
// of the output answers input n.
//
// With --json, each line is one JSON object (JSON Lines). uri parse prints
//
//	{"input":S,"ok":true,"scheme":S|null,"userinfo":S|null,"host":S|null,"port":S|null,"path":S,"query":S|null,"fragment":S|null}
//	{"input":S,"ok":false,"error":S,"offset":N}
//
// where null means the component is absent and "" that it is present and
// empty, and components are exactly as written; the other commands print
// {"input":S,"ok":true,"result":S} or {"input":S,"ok":false,"error":S}, with
// "base" after "input" for resolve and relativize. When an input is not
// valid UTF-8, "input" shows it with U+FFFD replacements and "input_hex"
// holds its bytes.
//
// The exit status is 0 when every input succeeds (for equal: when the two
// are equivalent), 1 when any fails (or they are not equivalent), and 2 for a
// usage error.
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
