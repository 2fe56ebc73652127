package main

// --get FORMAT of `uri parse` and `uri edit`: a line made of literal text
// and {name}s, each replaced by a part of the URL.

import (
	"flag"
	"fmt"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/gouri/uri"
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
	"  {default:port}            the port, or the scheme's default port\n" +
	"  {site}                    the registrable domain of the host (uri site)\n" +
	"\n" +
	"{host} is the host and port with --grammar whatwg (url.host), and the host\n" +
	"alone in RFC 3986's grammar; {hostname} is the host alone in both, an IPv6\n" +
	"address in brackets, so --get '{hostname}:{default:port}' is an address.\n" +
	"A part that is absent (no query, no such pair, no site) is empty, as an\n" +
	"empty one is (uri parse --json tells them apart). Write {{ for a literal\n" +
	"\"{\"; a \"}\" outside a name is itself. An unknown {NAME} is a usage error.\n" +
	"FORMAT is UTF-8 and may hold a tab, but no other control character and no\n" +
	"bidirectional formatting character; the parts are escaped as every text\n" +
	"line is (a decoded tab shows as \\t), so that each input is one line."

// getNames are the names that --get takes, in the order of the help.
var getNames = []string{
	"scheme", "host", "hostname", "port", "path", "query", "fragment", "username", "password",
	"protocol", "pathname", "search", "hash", "href", "origin", "query:NAME", "default:port", "site",
}

// getFormat is a --get FORMAT, parsed: literal text and the names in
// braces, in order.
type getFormat []getPart

// A getPart is literal text, or, when name is not "", a {name} ("query:"
// with arg "NAME" for {query:NAME}).
type getPart struct {
	lit, name, arg string
}

// getFlag defines --get on fs.
func getFlag(fs *flag.FlagSet) *string {
	return fs.String("get", "", "print FORMAT for each URL, its {NAME}s replaced by parts of it:\n{hostname}:{port}, {query:q}, {site}, ... (see above)")
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
		case c == '{':
			end := strings.IndexByte(f[i:], '}')
			if end < 0 {
				return nil, "--get: \"{\" at offset " + strconv.Itoa(i) + " is not closed by \"}\" (write {{ for a \"{\")"
			}
			p, ok := getName(f[i+1 : i+end])
			if !ok {
				return nil, "--get: unknown name " + strconv.Quote(f[i:i+end+1]) + " (want {" + strings.Join(getNames, "}, {") + "})"
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

// getName reads the name inside braces.
func getName(s string) (getPart, bool) {
	if name, ok := strings.CutPrefix(s, "query:"); ok {
		return getPart{name: "query:", arg: name}, true
	}
	for _, n := range getNames {
		if s == n && !strings.Contains(n, "NAME") {
			return getPart{name: n}, true
		}
	}
	return getPart{}, false
}

// A urlParts gives the parts of a URL by their --get names, or "".
type urlParts func(name, arg string) string

// expand returns the line of f for the URL of parts. With escape, each
// part is escaped as a text line is (see writeEscaped), and the literal
// text stays as it is, its tabs included; without, for JSON, nothing is.
func (f getFormat) expand(parts urlParts, escape bool) string {
	var b strings.Builder
	for _, p := range f {
		switch {
		case p.name == "":
			b.WriteString(p.lit)
		case escape:
			writeEscaped(&b, parts(p.name, p.arg))
		default:
			b.WriteString(parts(p.name, p.arg))
		}
	}
	return b.String()
}

// with returns r with the line of f in place of its text line, and, in
// JSON, as "get" after its members; r itself when f is nil.
func (f getFormat) with(r result, parts urlParts) result {
	if f == nil || !r.ok {
		return r
	}
	r.fields = append(r.fields, field{"get", f.expand(parts, false)})
	r.text = func() string { return f.expand(parts, true) }
	r.escaped = true
	return r
}

// rfcParts are the parts of an RFC 3986 reference: its components as
// written, and the URL Standard's getters as they would read them.
func rfcParts(u uri.URI) urlParts {
	return func(name, arg string) string {
		switch name {
		case "scheme":
			return u.Scheme()
		case "host", "hostname":
			return u.Host()
		case "port":
			return u.Port()
		case "path", "pathname":
			return u.Path()
		case "query":
			return u.Query()
		case "query:":
			v, _ := u.QueryValue(arg)
			return v
		case "fragment":
			return u.Fragment()
		case "username":
			return u.Username()
		case "password":
			p, _ := u.Password()
			return p
		case "protocol":
			if u.HasScheme() {
				return u.Scheme() + ":"
			}
			return ""
		case "search":
			return prefixed("?", u.Query())
		case "hash":
			return prefixed("#", u.Fragment())
		case "href":
			return u.String()
		case "origin":
			if o, ok := u.Origin(); ok {
				return o.String()
			}
			return "null"
		case "default:port":
			if p := u.Port(); p != "" {
				return p
			}
			return u.DefaultPort()
		case "site":
			if !u.HasAuthority() {
				return ""
			}
			rd, _ := site.RegistrableDomain(u.Host())
			return rd
		}
		return ""
	}
}

// prefixed is s after its delimiter, or "" for "", as the URL Standard's
// search and hash getters write a query and a fragment.
func prefixed(delim, s string) string {
	if s == "" {
		return ""
	}
	return delim + s
}

// whatwgParts are the parts of a URL of the URL Standard: its getters.
func whatwgParts(u whatwg.URL) urlParts {
	return func(name, arg string) string {
		switch name {
		case "scheme":
			return u.Scheme()
		case "host":
			return u.Host()
		case "hostname":
			return u.Hostname()
		case "port":
			return u.Port()
		case "path", "pathname":
			return u.Pathname()
		case "query":
			return u.Query()
		case "query:":
			v, _ := u.SearchParams().Get(arg)
			return v
		case "fragment":
			return u.Fragment()
		case "username":
			return u.Username()
		case "password":
			return u.Password()
		case "protocol":
			return u.Protocol()
		case "search":
			return u.Search()
		case "hash":
			return u.Hash()
		case "href":
			return u.Href()
		case "origin":
			return u.Origin()
		case "default:port":
			if p := u.Port(); p != "" {
				return p
			}
			return schemes.Lookup(u.Scheme()).Port
		case "site":
			rd, _ := urlSite(u)
			return rd
		}
		return ""
	}
}
