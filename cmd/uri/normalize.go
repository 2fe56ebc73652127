package main

import (
	"flag"
	"strconv"
	"strings"

	"github.com/gouri/uri"
	"github.com/gouri/uri/legacy"
)

var normalizeCommand = &command{
	name:     "normalize",
	operands: "[REF...]",
	summary:  "print the normal form of references (RFC 3986, Section 6.2)",
	about: "Prints the normal form of each REF: by default syntax-based and scheme-based\n" +
		"normalization with IPv6 addresses in RFC 5952 text (uri.DefaultNormalization);\n" +
		"with --syntax exactly the syntax-based normalization of RFC 3986, Section 6.2.2.\n" +
		"\n" + defaultSchemeHelp,
	flags: func(fs *flag.FlagSet) func() (op, string) {
		syntax := fs.Bool("syntax", false, "apply syntax-based normalization only (RFC 3986, Section 6.2.2)")
		return defaultSchemeFlag(fs, func() (op, string) {
			steps := uri.DefaultNormalization
			if *syntax {
				steps = uri.SyntaxBased
			}
			return op{apply: func(in string) result {
				s, err := normalizeText(in, steps)
				if err != nil {
					return failure(in, err)
				}
				return success(s)
			}}, ""
		})
	},
}

// normalizeText returns the normal form of s under steps, or the error that
// uri.Normalize gives for it.
func normalizeText(s string, steps uri.Normalization) (string, error) {
	if steps == uri.DefaultNormalization {
		return uri.Normalize(s)
	}
	u, err := uri.Parse(s)
	if err != nil {
		_, err = uri.Normalize(s) // the same error, with Op "normalize"
		return "", err
	}
	return u.NormalizeWith(steps).String(), nil
}

var equalCommand = &command{
	name:     "equal",
	operands: "[A B]",
	summary:  "tell whether pairs of references are equivalent (RFC 3986, Section 6.2)",
	pairs:    true,
	about: "Compares A and B, or each pair of standard input (one per line, A TAB B), by\n" +
		"their normal forms (RFC 3986, Section 6.2), and prints the two normal forms\n" +
		"and \"equivalent\" or \"not equivalent\", separated by spaces. With --json:\n" +
		"{\"input\":\"A\\tB\",\"ok\":true,\"equivalent\":bool,\"a\":S,\"b\":S}. The exit status is\n" +
		"0 when every pair is equivalent, 1 when any is not or does not parse, and 2\n" +
		"on a usage error.",
	flags: func(fs *flag.FlagSet) func() (op, string) {
		syntax := fs.Bool("syntax", false, "compare after syntax-based normalization only (RFC 3986, Section 6.2.2)")
		grammar := fs.String("grammar", "", "compare as an older specification does: rfc2616 (HTTP/1.1, Section 3.2.3)")
		return func() (op, string) {
			steps := uri.DefaultNormalization
			if *syntax {
				steps = uri.SyntaxBased
			}
			form := func(s string) (string, error) { return normalizeText(s, steps) }
			switch {
			case *grammar != "" && *syntax:
				return op{}, "--grammar and --syntax cannot be combined"
			case *grammar == "rfc2616":
				form = legacy.CanonicalHTTP
			case *grammar != "":
				return op{}, "unknown grammar " + strconv.Quote(*grammar) + " (want rfc2616)"
			}
			return compareWith(form), ""
		}
	},
}

// compareWith returns the operation that compares the two references of a
// pair, split at its first tab, by the forms that form gives them; its
// errors are named "equal", whatever form calls (uri.Normalize). The
// offset of an error is in the pair: for B, after A and the tab; for a line
// without a tab, its end, where the tab was wanted.
func compareWith(form func(string) (string, error)) op {
	return op{apply: func(in string) result {
		a, b, ok := strings.Cut(in, "\t")
		if !ok {
			return failureAt(errNoPair, len(in))
		}
		fa, err := form(a)
		if err != nil {
			return failure(a, renameOp(err, "equal"))
		}
		fb, err := form(b)
		if err != nil {
			off := errorOffset(err, b)
			if n, ok := off.(int); ok {
				off = len(a) + 1 + n
			}
			return failureAt(renameOp(err, "equal"), off)
		}
		verdict := "equivalent"
		if fa != fb {
			verdict = "not equivalent"
		}
		return result{ok: fa == fb, fields: []field{{"ok", true}, {"equivalent", fa == fb}, {"a", fa}, {"b", fb}},
			text: func() string { return fa + " " + fb + " " + verdict }}
	}}
}

// errNoPair is the error for a line of equal without a tab.
var errNoPair = pairError{}

type pairError struct{}

func (e pairError) Error() string { return "uri: " + e.reason() }

func (pairError) reason() string { return "a pair is two references separated by a tab" }
