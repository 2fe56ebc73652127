package main

import (
	"errors"
	"flag"
	"strconv"

	"github.com/gouri/uri"
	"github.com/gouri/uri/internal/errtext"
	"github.com/gouri/uri/whatwg"
)

var resolveCommand = &command{
	name:     "resolve",
	lines:    grammarLines,
	operands: "--base BASE [REF...]",
	summary:  "resolve references against a base URI",
	about: "Resolves each REF against BASE, by the strict algorithm of RFC 3986, Section\n" +
		"5.2, and prints the target URI. A BASE that is not a URI is a usage error.\n" +
		"With --json: {\"input\":S,\"base\":BASE,\"ok\":true,\"result\":S}, or\n" +
		"{\"input\":S,\"base\":BASE,\"ok\":false,\"error\":S,\"offset\":N}.\n" +
		"\n" +
		"With --grammar whatwg, each REF is resolved as a browser does, by the WHATWG\n" +
		"URL Standard (new URL(REF, BASE) in JavaScript), and the text line is the\n" +
		"href. A line of standard input is read as the standard reads a string, as\n" +
		"an operand is: a control character in it is no error (see uri help parse).\n" +
		"--json adds the getters that uri parse --grammar whatwg --json prints after\n" +
		"\"result\", the href:\n" +
		"{\"input\":S,\"base\":BASE,\"ok\":true,\"result\":S,\"href\":S,\"protocol\":S,...,\n" +
		"\"origin\":S}.",
	flags: func(fs *flag.FlagSet) func() (op, string) {
		base := baseFlag(fs)
		nonStrict := fs.Bool("non-strict", false, "legacy: treat a REF whose scheme equals BASE's as relative (RFC 3986, Section 5.2.2)")
		grammar := fs.String("grammar", "", "resolve with an older algorithm, rfc1808 or rfc2396, or as browsers do: "+whatwgGrammar+" (the WHATWG URL Standard)")
		return func() (op, string) {
			resolve := uri.Resolve
			switch {
			case *grammar != "" && *nonStrict:
				return op{}, "--grammar and --non-strict cannot be combined"
			case *grammar == whatwgGrammar:
				if !given(fs, "base") {
					return op{}, "--base is required"
				}
				return whatwgResolver(*base)
			case *grammar != "":
				var ok bool
				if resolve, ok = legacyResolver(*grammar); !ok {
					return op{}, "unknown grammar " + strconv.Quote(*grammar) + " (want rfc1808, rfc2396 or " + whatwgGrammar + ")"
				}
			case *nonStrict:
				resolve = uri.ResolveNonStrict
			}
			return againstBase(fs, *base, resolve)
		}
	},
}

var relativizeCommand = &command{
	name:     "relativize",
	lines:    grammarLines,
	operands: "--base BASE [TARGET...]",
	summary:  "find the shortest reference from a base URI to each URI",
	about: "Prints, for each TARGET URI, the shortest reference that resolves against\n" +
		"BASE to TARGET (RFC 3986, Section 5.2), the inverse of uri resolve.\n" +
		"\n" +
		"With --grammar whatwg, BASE and each TARGET are read as a browser reads a\n" +
		"URL, by the WHATWG URL Standard, and the result is the shortest string that\n" +
		"new URL(S, BASE) in JavaScript resolves to TARGET's href, spelled as that\n" +
		"href spells it (see go doc github.com/gouri/uri/whatwg URL.Relativize).\n" +
		"A line of standard input is read as the standard reads a string, as an\n" +
		"operand is.",
	flags: func(fs *flag.FlagSet) func() (op, string) {
		base := baseFlag(fs)
		grammar := fs.String("grammar", "", "relativize as browsers resolve: "+whatwgGrammar+" (the WHATWG URL Standard)")
		return func() (op, string) {
			switch *grammar {
			case "":
				return againstBase(fs, *base, uri.Relativize)
			case whatwgGrammar:
				o, problem := againstBase(fs, *base, whatwg.Relativize)
				o.whole = true
				return o, problem
			}
			return op{}, "unknown grammar " + strconv.Quote(*grammar) + " (want " + whatwgGrammar + ")"
		}
	},
}

// baseProblem is the usage error for a --base that err, the *uri.Error of
// a parse of base, rejects: the base, quoted, then what is wrong and
// where, the error's Reason:
//
//	--base "/x": missing scheme at offset 0
func baseProblem(base string, err error) string { return flagProblem("--base", base, err) }

// flagProblem is the usage error for the value of flag that err, the
// *uri.Error of a parse of value, rejects, as baseProblem writes it.
func flagProblem(flag, value string, err error) string {
	var e *uri.Error
	if !errors.As(err, &e) {
		return flag + ": " + err.Error()
	}
	// The flag names the value already: the reason is that of a parse.
	c := *e
	c.Op, c.Name = uri.OpParse, ""
	return flag + " " + errtext.QuoteAround(value, e.Offset) + ": " + c.Reason()
}

// baseFlag defines --base.
func baseFlag(fs *flag.FlagSet) *string {
	return fs.String("base", "", "the base URI, which must have a scheme (RFC 3986, Section 5.1); required")
}

// againstBase returns the operation that applies fn to base and each input,
// or the usage error for a missing or invalid base, which fn names "base"
// (see uri.Error.Name) when it resolves an empty reference against it:
// fn takes text, so that this one call is how the base is checked before
// any input is read.
func againstBase(fs *flag.FlagSet, base string, fn func(base, s string) (string, error)) (op, string) {
	if !given(fs, "base") {
		return op{}, "--base is required"
	}
	var e *uri.Error
	if _, err := fn(base, ""); errors.As(err, &e) && e.Name == "base" {
		return op{}, baseProblem(base, e)
	}
	lead := []field{{"base", base}}
	return op{lead: lead, apply: func(in string) result {
		s, err := fn(base, in)
		if err != nil {
			return failure(in, err, lead...)
		}
		return success(s, lead...)
	}}, ""
}
