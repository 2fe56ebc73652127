package main

// --get FORMAT of `uri parse` and `uri edit`: a line made of literal text
// and {name}s, each replaced by a part of the URL.

import (
	"flag"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/gouri/uri"
	"github.com/gouri/uri/internal/abnf"
	"github.com/gouri/uri/internal/query"
	"github.com/gouri/uri/internal/schemes"
	"github.com/gouri/uri/site"
	"github.com/gouri/uri/whatwg"
)

// getHelp is what the help of parse and edit says of --get.
const getHelp = "With --get FORMAT, the text line is FORMAT with each {NAME} replaced by a\n" +
	"part of the URL, as trurl's --get does, and --json adds it as \"get\":\n" +
	"\n" +
	"  {scheme} {host} {hostname} {port} {path} {query} {fragment}\n" +
	"  {username} {password}     as written (RFC 3986), or as the URL Standard's\n" +
	"                            getters give them (--grammar whatwg), without\n" +
	"                            their delimiters\n" +
	"  {protocol} {pathname} {search} {hash} {href} {origin}\n" +
	"                            the URL Standard's getters, with delimiters\n" +
	"                            (\"https:\", \"?q\", \"#f\"); for RFC 3986 the same\n" +
	"                            of its components; {origin} is \"null\" when none\n" +
	"  {query:NAME}              the value of the first pair named NAME, decoded\n" +
	"                            (NAME is the text up to \"}\")\n" +
	"  {query-all:NAME}          the values of every pair named NAME, decoded,\n" +
	"                            separated by spaces\n" +
	"  {default:port}            the port, or the scheme's default port\n" +
	"  {site}                    the registrable domain of the host (uri site)\n" +
	"\n" +
	"Before a NAME, \"decoded:\" percent-decodes a component ({decoded:path} is\n" +
	"\"/a b\" for \"/a%20b\"; for {scheme} to {password} above), and \":\" or \"url:\"\n" +
	"gives a part as written, as in trurl: {:query:NAME} and {:query-all:NAME}\n" +
	"are the values as the query writes them (\"a+b%26\"); the components are\n" +
	"as written without it. (trurl decodes components by default.)\n" +
	"{host} is the host and port with --grammar whatwg (url.host), and the host\n" +
	"alone in RFC 3986's grammar; {hostname} is the host alone in both, an IPv6\n" +
	"address in brackets, so --get '{hostname}:{default:port}' is an address.\n" +
	"A part that is absent (no query, no such pair, no site) is empty, as an\n" +
	"empty one is (uri parse --json tells them apart). Write {{ or \\{ for a\n" +
	"literal \"{\", \\t for a tab and \\\\ for a \"\\\", as in trurl; a \"}\" outside a\n" +
	"name is itself, as is a \"\\\" before anything else. An unknown {NAME} is a\n" +
	"usage error.\n" +
	"FORMAT is UTF-8 and may hold a tab, but no other control character and no\n" +
	"bidirectional formatting character; the parts are escaped as every text\n" +
	"line is (a decoded tab shows as \\t), so that each input is one line."

// getNames are the names that --get takes, in the order of the help.
var getNames = []string{
	"scheme", "host", "hostname", "port", "path", "query", "fragment", "username", "password",
	"protocol", "pathname", "search", "hash", "href", "origin", "query:NAME", "query-all:NAME", "default:port", "site",
}

// decodable are the names that "decoded:" takes: the components.
var decodable = getNames[:9]

// getFormat is a --get FORMAT, parsed: literal text and the names in
// braces, in order.
type getFormat []getPart

// A getPart is literal text, or, when name is not "", a {name} ("query:"
// with arg "NAME" for {query:NAME}, "query-all:" for {query-all:NAME}) in
// the form that its qualifier asks for.
type getPart struct {
	lit, name, arg string
	form           partForm
}

// partForm is the form of a part that a qualifier before its name asks for.
type partForm uint8

const (
	partDefault partForm = iota // no qualifier: the components as written, query values decoded
	partWritten                 // ":" or "url:": every part as the URL writes it
	partDecoded                 // "decoded:": a component percent-decoded
)

// getFlag defines --get on fs.
func getFlag(fs *flag.FlagSet) *string {
	return fs.String("get", "", "print FORMAT for each URL, its {NAME}s replaced by parts of it:\n{hostname}:{port}, {query:q}, {decoded:path}, {site}, ... (see above)")
}

// parseGet parses a --get FORMAT, or returns the usage error for one that
// names something unknown or is not closed.
func parseGet(f string) (getFormat, string) {
	parts := getFormat{} // not nil: an empty FORMAT prints empty lines
	var lit strings.Builder
	for i := 0; i < len(f); i++ {
		c := f[i]
		switch {
		case c == '{' && i+1 < len(f) && f[i+1] == '{':
			lit.WriteByte('{')
			i++
		case c == '\\' && i+1 < len(f) && strings.IndexByte(`t\\{nr`, f[i+1]) >= 0:
			// trurl's backslash sequences, but those that would end the line.
			switch f[i+1] {
			case 't':
				lit.WriteByte('\t')
			case 'n', 'r':
				return nil, fmt.Sprintf("--get: \"\\%c\" at offset %d would end the line (each input gives one line; --json gives every part)", f[i+1], i)
			default:
				lit.WriteByte(f[i+1])
			}
			i++
		case c == '{':
			end := strings.IndexByte(f[i:], '}')
			if end < 0 {
				return nil, "--get: \"{\" at offset " + strconv.Itoa(i) + " is not closed by \"}\" (write {{ for a \"{\")"
			}
			p, problem := getName(f[i+1 : i+end])
			if problem != "" {
				return nil, "--get: " + problem
			}
			if lit.Len() > 0 {
				parts = append(parts, getPart{lit: lit.String()})
				lit.Reset()
			}
			parts = append(parts, p)
			i += end
		case c >= utf8.RuneSelf || c < 0x20 && c != '\t' || c == 0x7f:
			r, size := utf8.DecodeRuneInString(f[i:])
			switch {
			case r == utf8.RuneError && size == 1:
				return nil, fmt.Sprintf("--get: byte %#x at offset %d is not UTF-8", c, i)
			case hidden(r):
				return nil, fmt.Sprintf("--get: control character U+%04X at offset %d (FORMAT may hold a tab, and no other control or bidirectional formatting character: each input is one line, shown as it is)", r, i)
			}
			lit.WriteString(f[i : i+size])
			i += size - 1
		default:
			lit.WriteByte(c)
		}
	}
	if lit.Len() > 0 {
		parts = append(parts, getPart{lit: lit.String()})
	}
	return parts, ""
}

// getName reads the name inside braces, with its qualifier, or returns
// why it is no name.
func getName(s string) (getPart, string) {
	var p getPart
	name := s
	switch {
	case strings.HasPrefix(name, "decoded:"):
		p.form, name = partDecoded, name[len("decoded:"):]
	case strings.HasPrefix(name, "url:"):
		p.form, name = partWritten, name[len("url:"):]
	case strings.HasPrefix(name, ":"):
		p.form, name = partWritten, name[1:]
	}
	for _, prefix := range []string{"query:", "query-all:"} {
		if arg, ok := strings.CutPrefix(name, prefix); ok {
			p.name, p.arg = prefix, arg
			return p, ""
		}
	}
	for _, n := range getNames {
		if name == n && !strings.Contains(n, "NAME") {
			p.name = n
		}
	}
	switch {
	case p.name == "":
		return p, "unknown name " + strconv.Quote("{"+s+"}") + " (want {" + strings.Join(getNames, "}, {") + "}, each also after \":\", \"url:\" or \"decoded:\")"
	case p.form == partDecoded && !slices.Contains(decodable, p.name):
		return p, "\"decoded:\" takes a component, not " + strconv.Quote("{"+s+"}") + " (want {decoded:" + strings.Join(decodable, "}, {decoded:") + "}, {decoded:query:NAME} or {decoded:query-all:NAME})"
	}
	return p, ""
}

// A partSource gives the parts of a URL by their --get names.
type partSource interface {
	// appendPart appends the part that p names, as it is (the output
	// escapes it), or nothing for a part that is absent.
	appendPart(dst []byte, p getPart) []byte
}

// appendLine appends the line of f for the URL of parts, as it is.
func (f getFormat) appendLine(dst []byte, parts partSource) []byte {
	for _, p := range f {
		if p.name == "" {
			dst = append(dst, p.lit...)
		} else {
			dst = parts.appendPart(dst, p)
		}
	}
	return dst
}

// with returns r with the line of f in place of its text line, and, in
// JSON, as "get" after its members; r itself when f is nil.
func (f getFormat) with(r result, parts partSource) result {
	if f == nil || !r.ok {
		return r
	}
	r.get, r.parts = f, parts
	return r
}

// appendComponent appends the component s of a URL in the form p asks for.
func appendComponent(dst []byte, s string, p getPart) []byte {
	if p.form == partDecoded && strings.IndexByte(s, '%') >= 0 {
		return abnf.AppendDecoded(dst, s, nil, false)
	}
	return append(dst, s...) // as written, or nothing to decode
}

// rfcParts are the parts of an RFC 3986 reference: its components as
// written, and the URL Standard's getters as they would read them.
type rfcParts struct{ u uri.URI }

func (r rfcParts) appendPart(dst []byte, p getPart) []byte {
	u := r.u
	switch p.name {
	case "scheme":
		return appendComponent(dst, u.Scheme(), p)
	case "host", "hostname":
		return appendComponent(dst, u.Host(), p)
	case "port":
		return append(dst, u.Port()...)
	case "path", "pathname":
		return appendComponent(dst, u.Path(), p)
	case "query":
		return appendComponent(dst, u.Query(), p)
	case "query:", "query-all:":
		return appendQueryValues(dst, u.Query(), p)
	case "fragment":
		return appendComponent(dst, u.Fragment(), p)
	case "username":
		return appendComponent(dst, u.Username(), p)
	case "password":
		pw, _ := u.Password()
		return appendComponent(dst, pw, p)
	case "protocol":
		if u.HasScheme() {
			return append(append(dst, u.Scheme()...), ':')
		}
		return dst
	case "search":
		return appendPrefixed(dst, '?', u.Query())
	case "hash":
		return appendPrefixed(dst, '#', u.Fragment())
	case "href":
		return append(dst, u.String()...)
	case "origin":
		if o, ok := u.Origin(); ok {
			return append(dst, o.String()...)
		}
		return append(dst, "null"...)
	case "default:port":
		if pt := u.Port(); pt != "" {
			return append(dst, pt...)
		}
		return append(dst, u.DefaultPort()...)
	case "site":
		if !u.HasAuthority() {
			return dst
		}
		rd, _ := site.RegistrableDomain(u.Host())
		return append(dst, rd...)
	}
	return dst
}

// appendQueryValues appends the value of the first pair of the query q
// whose name is p.arg ({query:NAME}), or the values of every such pair
// separated by spaces ({query-all:NAME}), as uri.URI.QueryPairs reads the
// pairs: empty pieces skipped, names and values form-decoded ("+" is a
// space); the values as written with the form partWritten.
func appendQueryValues(dst []byte, q string, p getPart) []byte {
	n := 0
	for q != "" {
		var piece string
		piece, q, _ = query.Cut(q)
		name, value, _ := query.Pair(piece)
		if piece == "" || !abnf.DecodesTo(name, p.arg, true) {
			continue
		}
		if n++; n > 1 {
			dst = append(dst, ' ')
		}
		if p.form == partWritten {
			dst = append(dst, value...)
		} else {
			dst = abnf.AppendDecoded(dst, value, nil, true)
		}
		if p.name == "query:" {
			break
		}
	}
	return dst
}

// appendPrefixed appends s after its delimiter, or nothing for "", as
// the URL Standard's search and hash getters write a query and a fragment.
func appendPrefixed(dst []byte, delim byte, s string) []byte {
	if s == "" {
		return dst
	}
	return append(append(dst, delim), s...)
}

// whatwgParts are the parts of a URL of the URL Standard: its getters,
// and its site, looked up in sites (nil for none).
type whatwgParts struct {
	u     whatwg.URL
	sites *siteCache
}

func (w whatwgParts) appendPart(dst []byte, p getPart) []byte {
	u := w.u
	switch p.name {
	case "scheme":
		return appendComponent(dst, u.Scheme(), p)
	case "host":
		return appendComponent(dst, u.Host(), p)
	case "hostname":
		return appendComponent(dst, u.Hostname(), p)
	case "port":
		return append(dst, u.Port()...)
	case "path", "pathname":
		return appendComponent(dst, u.Pathname(), p)
	case "query":
		return appendComponent(dst, u.Query(), p)
	case "query:", "query-all:":
		return appendSearchParams(dst, u.Query(), p)
	case "fragment":
		return appendComponent(dst, u.Fragment(), p)
	case "username":
		return appendComponent(dst, u.Username(), p)
	case "password":
		return appendComponent(dst, u.Password(), p)
	case "protocol":
		return append(dst, u.Protocol()...)
	case "search":
		return append(dst, u.Search()...)
	case "hash":
		return append(dst, u.Hash()...)
	case "href":
		return append(dst, u.Href()...)
	case "origin":
		return append(dst, u.Origin()...)
	case "default:port":
		if pt := u.Port(); pt != "" {
			return append(dst, pt...)
		}
		return append(dst, schemes.Lookup(u.Scheme()).Port...)
	case "site":
		rd, _ := w.sites.site(&u)
		return append(dst, rd...)
	}
	return dst
}

// appendSearchParams is appendQueryValues in the URL Standard's reading:
// the pairs of url.searchParams (application/x-www-form-urlencoded
// parsing, section 5.1), whose names are decoded as UTF-8; with the form
// partWritten, the values as the query writes them. The pairs are its
// non-empty pieces, in order.
func appendSearchParams(dst []byte, q string, p getPart) []byte {
	n := 0
	rest := q
	for name, value := range whatwg.ParseForm(q).All() {
		var piece string
		for more := true; piece == "" && more; {
			piece, rest, more = query.Cut(rest)
		}
		if name != p.arg {
			continue
		}
		if n++; n > 1 {
			dst = append(dst, ' ')
		}
		if p.form == partWritten {
			_, value, _ = query.Pair(piece)
		}
		dst = append(dst, value...)
		if p.name == "query:" {
			break
		}
	}
	return dst
}
