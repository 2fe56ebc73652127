package main

import (
	"flag"
	"strconv"
	"strings"

	"github.com/gouri/uri"
)

var parseCommand = &command{
	name:     "parse",
	lines:    grammarLines,
	operands: "[REF...]",
	summary:  "parse references and print their components",
	about: "Parses each REF as an RFC 3986 URI-reference, or with --zone as RFC 6874\n" +
		"allows (IPv6 zone identifiers), or under the older grammar that --grammar\n" +
		"names, and prints its components. The text line is the input, quoted, then\n" +
		"each present component as name=\"value\" (an absent one is left out, so\n" +
		"query=\"\" is an empty query and no query= is none).\n" +
		"\n" +
		"With --grammar whatwg, each REF is parsed as the WHATWG URL Standard does,\n" +
		"against --base when given (new URL(REF, BASE) in JavaScript; a BASE that\n" +
		"does not parse is a usage error). A line of standard input is read as the\n" +
		"standard reads a string, as an operand is: only its LF and one CR before\n" +
		"it are taken off, and a control character is no error (the parser strips\n" +
		"C0 controls and spaces around the URL, removes tabs and newlines, and\n" +
		"percent-encodes other controls). Bytes that are not UTF-8 are read as the\n" +
		"Encoding Standard's UTF-8 decoder reads them: each maximal ill-formed\n" +
		"sequence is U+FFFD. The text line is the href;\n" +
		"--json prints the getters: {\"input\":S,\"ok\":true,\"href\":S,\"protocol\":S,\n" +
		"\"username\":S,\"password\":S,\"host\":S,\"hostname\":S,\"port\":S,\"pathname\":S,\n" +
		"\"search\":S,\"hash\":S,\"origin\":S,\"site\":S|null}, where \"site\" is the\n" +
		"registrable domain of the host (uri site), null when it has none; or the\n" +
		"error object of every command: {\"input\":S,\"ok\":false,\"error\":S,\"offset\":N}.\n" +
		"\n" + getHelp + "\n" +
		"--get takes RFC 3986's reading (--zone included) or the URL Standard's, not\n" +
		"the older grammars.",
	flags: func(fs *flag.FlagSet) func() (op, string) {
		zone := fs.Bool("zone", false, "accept the IPv6 zone identifiers of RFC 6874 (\"[fe80::1%25eth0]\")")
		grammar := fs.String("grammar", "", "parse with another grammar: "+grammarNames()+", or "+whatwgGrammar+" (the WHATWG URL Standard)")
		base := fs.String("base", "", "with --grammar "+whatwgGrammar+": the base URL to parse each REF against")
		get := getFlag(fs)
		return func() (op, string) {
			var f getFormat
			if given(fs, "get") {
				var problem string
				if f, problem = parseGet(*get); problem != "" {
					return op{}, problem
				}
			}
			switch {
			case *grammar != "" && *zone:
				return op{}, "--grammar and --zone cannot be combined"
			case *grammar == whatwgGrammar:
				return whatwgParser(fs, *base, f)
			case given(fs, "base"):
				return op{}, "--base applies only to --grammar " + whatwgGrammar
			case *grammar != "" && f != nil:
				return op{}, "--get takes the reading of RFC 3986 or of --grammar " + whatwgGrammar + ", not --grammar " + *grammar
			case *grammar != "":
				return legacyParser(*grammar)
			case *zone:
				return parseWith(uri.ParseRFC6874, f), ""
			}
			return parseWith(uri.Parse, f), ""
		}
	},
}

// parseWith returns the operation that parses each input with parse, and
// prints f (--get) when it is not nil.
func parseWith(parse func(string) (uri.URI, error), f getFormat) op {
	return op{apply: func(in string) result {
		u, err := parse(in)
		if err != nil {
			return failure(in, err)
		}
		return f.with(result{ok: true, fields: componentFields(u.Components()),
			text: func() string { return componentText(in, u.Components(), u.HostKind()) }}, rfcParts(u))
	}}
}

// componentFields are the JSON members of a parsed reference: null for an
// absent component, the text as written otherwise.
//
// The components come from a parser (uri.URI.Components or legacy's
// Parts), which sets every Has field of a present component: the fields
// alone say what is there.
func componentFields(c uri.Components) []field {
	return []field{
		{"ok", true},
		{"scheme", optional{c.Scheme, c.Scheme != ""}},
		{"userinfo", optional{c.Userinfo, c.HasUserinfo}},
		{"host", optional{c.Host, c.HasAuthority}},
		{"port", optional{c.Port, c.HasPort}},
		{"path", c.Path},
		{"query", optional{c.Query, c.HasQuery}},
		{"fragment", optional{c.Fragment, c.HasFragment}},
	}
}

// componentText is the text line of a parsed reference: the input, quoted,
// then each present component as name="value"; the host's kind follows the
// host when it is known.
func componentText(in string, c uri.Components, kind uri.HostKind) string {
	var b strings.Builder
	b.WriteString(strconv.Quote(in))
	add := func(name, v string, ok bool) {
		if ok {
			b.WriteString(" " + name + "=" + strconv.Quote(v))
		}
	}
	add("scheme", c.Scheme, c.Scheme != "")
	add("userinfo", c.Userinfo, c.HasUserinfo)
	add("host", c.Host, c.HasAuthority)
	if c.HasAuthority && kind != uri.HostNone {
		b.WriteString(" (" + kind.String() + ")")
	}
	add("port", c.Port, c.HasPort)
	add("path", c.Path, true)
	add("query", c.Query, c.HasQuery)
	add("fragment", c.Fragment, c.HasFragment)
	return b.String()
}
