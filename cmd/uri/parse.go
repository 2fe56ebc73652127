package main

import (
	"flag"
	"strconv"
	"strings"

	"github.com/gouri/uri"
	"github.com/gouri/uri/internal/abnf"
	"github.com/gouri/uri/internal/query"
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
		"query=\"\" is an empty query and no query= is none). --json prints them and,\n" +
		"but for the older grammars, \"params\": the pairs of the query in order, as\n" +
		"trurl's JSON lists them ([{\"key\":S,\"value\":S}...]), decoded (\"+\" is a\n" +
		"space, a name without \"=\" has the value \"\"); [] for a query without\n" +
		"pairs, null for none.\n" +
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
		"\"search\":S,\"hash\":S,\"origin\":S,\"site\":S|null,\"params\":P}, where \"site\"\n" +
		"is the registrable domain of the host (uri site), null when it has none,\n" +
		"and \"params\" the pairs of url.searchParams, as above; or the\n" +
		"error object of every command: {\"input\":S,\"ok\":false,\"error\":S,\"offset\":N}.\n" +
		"\n" + getHelp + "\n" +
		"--get takes RFC 3986's reading (--zone included) or the URL Standard's, not\n" +
		"the older grammars.\n" +
		"\n" + defaultSchemeHelp,
	flags: func(fs *flag.FlagSet) func() (op, string) {
		zone := fs.Bool("zone", false, "accept the IPv6 zone identifiers of RFC 6874 (\"[fe80::1%25eth0]\")")
		grammar := fs.String("grammar", "", "parse with another grammar: "+grammarNames()+", or "+whatwgGrammar+" (the WHATWG URL Standard)")
		base := fs.String("base", "", "with --grammar "+whatwgGrammar+": the base URL to parse each REF against")
		get := getFlag(fs)
		return defaultSchemeFlag(fs, func() (op, string) {
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
		})
	},
}

// parseWith returns the operation that parses each input with parse, and
// prints f (--get) when it is not nil. Its results are one rfcLine, which
// each input reuses: parsing allocates nothing, and the output writes the
// components from the parsed value.
func parseWith(parse func(string) (uri.URI, error), f getFormat) op {
	line := new(rfcLine)
	return op{apply: func(in string) result {
		u, err := parse(in)
		if err != nil {
			return failure(in, err)
		}
		*line = rfcLine{in: in, u: u}
		return f.with(result{ok: true, line: line}, line)
	}}
}

// rfcLine is the result of uri parse for the reference in, parsed as u.
type rfcLine struct {
	in string
	u  uri.URI
}

func (l *rfcLine) json(o *output) {
	o.components(l.u.Components(), o.isPlain(l.in))
	o.params(l.u.Query(), l.u.HasQuery())
}

func (l *rfcLine) text(o *output) {
	if o.tsv {
		// The line, quoted as Go quotes, is the field; its backslashes
		// are escaped once more.
		o.tmp = appendComponentText(o.tmp[:0], l.in, l.u.Components(), l.u.HostKind(), false)
		o.text(bytesString(o.tmp))
		return
	}
	o.buf = appendComponentText(o.buf, l.in, l.u.Components(), l.u.HostKind(), plainJSON(l.in))
}

func (l *rfcLine) appendPart(dst []byte, p getPart) []byte { return rfcParts{l.u}.appendPart(dst, p) }

// components writes the members of a parsed reference, after "ok": null
// for an absent component, the text as written otherwise.
//
// The components come from a parser (uri.URI.Components or legacy's
// Parts), which sets every Has field of a present component: the fields
// alone say what is there.
//
// plain tells that the text of the reference is plain (see plainJSON), and
// so every component, a slice of it.
func (o *output) components(c uri.Components, plain bool) {
	o.raw(`,"ok":true`)
	o.optional(`,"scheme":`, c.Scheme, c.Scheme != "", plain)
	o.optional(`,"userinfo":`, c.Userinfo, c.HasUserinfo, plain)
	o.optional(`,"host":`, c.Host, c.HasAuthority, plain)
	o.optional(`,"port":`, c.Port, c.HasPort, plain)
	o.optional(`,"path":`, c.Path, true, plain)
	o.optional(`,"query":`, c.Query, c.HasQuery, plain)
	o.optional(`,"fragment":`, c.Fragment, c.HasFragment, plain)
}

// params writes "params", the name=value pairs of the query q as
// uri.URI.QueryPairs reads them, as trurl's JSON lists them: an array of
// {"key":S,"value":S}, in order, each name and value form-decoded ("+"
// is a space); [] for a query without pairs, and null for none (has is
// false).
func (o *output) params(q string, has bool) {
	o.raw(`,"params":`)
	if !has {
		o.raw("null")
		return
	}
	o.buf = append(o.buf, '[')
	i := 0
	for q != "" {
		var piece string
		piece, q, _ = query.Cut(q)
		if piece == "" {
			continue
		}
		name, value, _ := query.Pair(piece)
		o.param(i, name, value, true)
		i++
	}
	o.buf = append(o.buf, ']')
}

// param writes the pair name=value, the ith of "params" (from 0), as
// {"key":S,"value":S}; with decode, name and value are form-decoded first
// ("%HH" an octet, "+" a space).
func (o *output) param(i int, name, value string, decode bool) {
	if i > 0 {
		o.buf = append(o.buf, ',')
	}
	o.raw(`{"key":`)
	o.paramText(name, decode)
	o.raw(`,"value":`)
	o.paramText(value, decode)
	o.buf = append(o.buf, '}')
}

// paramText writes s, form-decoded with decode, as a JSON string.
func (o *output) paramText(s string, decode bool) {
	if !decode || strings.IndexByte(s, '%') < 0 && strings.IndexByte(s, '+') < 0 {
		o.str(s)
		return
	}
	o.tmp = abnf.AppendDecoded(o.tmp[:0], s, nil, true)
	o.str(bytesString(o.tmp))
}

// componentText is the text line of a parsed reference: the input, quoted,
// then each present component as name="value"; the host's kind follows the
// host when it is known.
func componentText(in string, c uri.Components, kind uri.HostKind) string {
	return string(appendComponentText(nil, in, c, kind, false))
}

// appendComponentText appends componentText to dst. Its quoting
// (strconv.Quote) escapes every character that a text line must not carry
// as it is (see hidden): none is ever left for the output to escape. plain
// tells that in is plain (see plainJSON), and so every component: Go
// quotes such a string by putting it in quotes.
func appendComponentText(dst []byte, in string, c uri.Components, kind uri.HostKind, plain bool) []byte {
	quote := func(s string) {
		if plain {
			dst = append(append(append(dst, '"'), s...), '"')
		} else {
			dst = strconv.AppendQuote(dst, s)
		}
	}
	quote(in)
	add := func(name, v string, ok bool) {
		if ok {
			dst = append(append(append(dst, ' '), name...), '=')
			quote(v)
		}
	}
	add("scheme", c.Scheme, c.Scheme != "")
	add("userinfo", c.Userinfo, c.HasUserinfo)
	add("host", c.Host, c.HasAuthority)
	if c.HasAuthority && kind != uri.HostNone {
		dst = append(append(append(dst, " ("...), kind.String()...), ')')
	}
	add("port", c.Port, c.HasPort)
	add("path", c.Path, true)
	add("query", c.Query, c.HasQuery)
	add("fragment", c.Fragment, c.HasFragment)
	return dst
}
