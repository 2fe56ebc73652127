package main

// The older grammars in the command: `uri parse --grammar G`, and the
// pieces of `uri resolve --grammar rfc1808|rfc2396` (legacyResolver) and
// `uri equal --grammar rfc2616` (legacyEqual) that those subcommands call.
//
// With --grammar, `uri parse --json` prints the usual keys, then a "legacy"
// object:
//
//	"legacy":{"grammar":S,"form":S, <fields of the grammar>, "changes":[...],"upgraded":S|null}
//
// where the fields are, for rfc1738, those of the scheme's typed result
// (ftp: "user","password","host","port","default_port","cwd","name",
// "typecode"; http: "host","port","default_port","path","searchpart";
// gopher: "host","port","default_port","type","selector","search",
// "gopher_plus"; mailto: "address"; news: "group","message_id"; nntp:
// "host","port","default_port","group","article"; telnet: "user",
// "password","host","port","default_port"; wais: "host","port",
// "default_port","database","search","wtype","wpath"; file: "host","path";
// prospero: "host","port","default_port","hsoname","fields"; other schemes:
// "user","password","host","port","url_path"); for rfc2396, rfc2732 and
// rfc2616 "authority","host_form","segments"; for rfc1808 and rfc2068
// "authority","host_form","params". null means absent. "changes" lists the
// edits that make the reference valid RFC 3986 ({"offset","component",
// "from","to","reason"}), and "upgraded" is the result, or null when there
// is none.

import (
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/gouri/uri"
)

// legacyGrammars are the grammars --grammar names, in the order of the
// usage text.
var legacyGrammars = []uri.Grammar{uri.RFC1738, uri.RFC1808, uri.RFC2068, uri.RFC2396, uri.RFC2732, uri.RFC2616}

// grammarByName returns the grammar whose name is name.
func grammarByName(name string) (uri.Grammar, bool) {
	for _, g := range legacyGrammars {
		if g.String() == name {
			return g, true
		}
	}
	return 0, false
}

// grammarNames lists the names for usage messages.
func grammarNames() string {
	names := make([]string, len(legacyGrammars))
	for i, g := range legacyGrammars {
		names[i] = g.String()
	}
	return strings.Join(names, ", ")
}

// jv is a JSON value of the legacy object: a string, null, a number, an
// array of strings or an array of objects.
type jv struct {
	kind byte // 's', 'n', 'i', 'a', 'o'
	s    string
	i    int
	a    []string
	o    [][]kv
}

// kv is one member of a JSON object.
type kv struct {
	k string
	v jv
}

func jstr(s string) jv { return jv{kind: 's', s: s} }
func jint(i int) jv    { return jv{kind: 'i', i: i} }

// jopt is a string, or null when absent.
func jopt(s string, present bool) jv {
	if !present {
		return jv{kind: 'n'}
	}
	return jstr(s)
}

// legacyFields lists the members of the "legacy" object, in order.
func legacyFields(l uri.Legacy) []kv {
	f := []kv{{"grammar", jstr(l.Grammar.String())}, {"form", jstr(l.Form)}}
	hostPort := func(hp uri.HostPort, def int) {
		f = append(f, kv{"host", jstr(hp.Host)}, kv{"port", jopt(hp.Port, hp.HasPort)}, kv{"default_port", jint(def)})
	}
	login := func(lg uri.Login, def int) {
		f = append(f, kv{"user", jopt(lg.User, lg.HasUser)}, kv{"password", jopt(lg.Password, lg.HasPassword)})
		hostPort(lg.HostPort, def)
	}
	switch t := l.URL.(type) {
	case uri.FTPURL:
		login(t.Login, t.DefaultPort())
		cwd := jv{kind: 'n'}
		if t.HasPath {
			cwd = jv{kind: 'a', a: t.Cwd}
		}
		f = append(f, kv{"cwd", cwd}, kv{"name", jopt(t.Name, t.HasPath)}, kv{"typecode", jopt(t.Typecode, t.HasTypecode)})
	case uri.HTTPURL:
		hostPort(t.HostPort, t.DefaultPort())
		f = append(f, kv{"path", jopt(t.Path, t.HasPath)}, kv{"searchpart", jopt(t.Searchpart, t.HasSearchpart)})
	case uri.GopherURL:
		hostPort(t.HostPort, t.DefaultPort())
		f = append(f, kv{"type", jstr(t.Type)}, kv{"selector", jstr(t.Selector)},
			kv{"search", jopt(t.Search, t.HasSearch)}, kv{"gopher_plus", jopt(t.GopherPlus, t.HasGopherPlus)})
	case uri.MailtoURL:
		f = append(f, kv{"address", jstr(t.Address)})
	case uri.NewsURL:
		f = append(f, kv{"group", jopt(t.Group, t.Group != "")}, kv{"message_id", jopt(t.MessageID, t.MessageID != "")})
	case uri.NNTPURL:
		hostPort(t.HostPort, t.DefaultPort())
		f = append(f, kv{"group", jstr(t.Group)}, kv{"article", jopt(t.Article, t.HasArticle)})
	case uri.TelnetURL:
		login(t.Login, t.DefaultPort())
	case uri.WAISURL:
		hostPort(t.HostPort, t.DefaultPort())
		f = append(f, kv{"database", jstr(t.Database)}, kv{"search", jopt(t.Search, t.HasSearch)},
			kv{"wtype", jopt(t.WType, t.HasDoc)}, kv{"wpath", jopt(t.WPath, t.HasDoc)})
	case uri.FileURL:
		f = append(f, kv{"host", jstr(t.Host)}, kv{"path", jstr(t.Path)})
	case uri.ProsperoURL:
		hostPort(t.HostPort, t.DefaultPort())
		fields := make([][]kv, len(t.Fields))
		for i, pf := range t.Fields {
			fields[i] = []kv{{"name", jstr(pf.Name)}, {"value", jstr(pf.Value)}}
		}
		f = append(f, kv{"hsoname", jstr(t.HSOName)}, kv{"fields", jv{kind: 'o', o: fields}})
	case uri.OtherURL:
		f = append(f, kv{"user", jopt(t.User, t.HasUser)}, kv{"password", jopt(t.Password, t.HasPassword)},
			kv{"host", jopt(t.Host, t.HasLogin)}, kv{"port", jopt(t.Port, t.HasPort)}, kv{"url_path", jopt(t.URLPath, t.HasURLPath)})
	case nil:
		f = append(f, kv{"authority", jopt(l.Authority, l.Authority != "")}, kv{"host_form", jopt(l.HostForm, l.HostForm != "")})
		switch l.Grammar {
		case uri.RFC1808, uri.RFC2068:
			f = append(f, kv{"params", jopt(l.Params, l.HasParams)})
		default:
			segs := jv{kind: 'n'}
			if l.Segments != nil {
				segs = jv{kind: 'o', o: make([][]kv, len(l.Segments))}
				for i, sg := range l.Segments {
					params := sg.Params
					if params == nil {
						params = []string{}
					}
					segs.o[i] = []kv{{"name", jstr(sg.Name)}, {"params", jv{kind: 'a', a: params}}}
				}
			}
			f = append(f, kv{"segments", segs})
		}
	}
	changes := jv{kind: 'o', o: make([][]kv, len(l.Changes))}
	for i, c := range l.Changes {
		changes.o[i] = []kv{{"offset", jint(c.Offset)}, {"component", jstr(c.Component.String())},
			{"from", jstr(c.From)}, {"to", jstr(c.To)}, {"reason", jstr(c.Reason)}}
	}
	up, err := l.Upgrade()
	return append(f, kv{"changes", changes}, kv{"upgraded", jopt(up.String(), err == nil)})
}

// appendJSON appends v as JSON.
func appendJSON(b []byte, v jv) []byte {
	switch v.kind {
	case 's':
		return appendString(b, v.s)
	case 'i':
		return strconv.AppendInt(b, int64(v.i), 10)
	case 'a':
		b = append(b, '[')
		for i, s := range v.a {
			if i > 0 {
				b = append(b, ',')
			}
			b = appendString(b, s)
		}
		return append(b, ']')
	case 'o':
		b = append(b, '[')
		for i, obj := range v.o {
			if i > 0 {
				b = append(b, ',')
			}
			b = appendObject(b, obj)
		}
		return append(b, ']')
	}
	return append(b, "null"...)
}

func appendObject(b []byte, obj []kv) []byte {
	b = append(b, '{')
	for i, m := range obj {
		if i > 0 {
			b = append(b, ',')
		}
		b = appendString(b, m.k)
		b = append(b, ':')
		b = appendJSON(b, m.v)
	}
	return append(b, '}')
}

// textValue shows v for the text output: strings quoted, "(absent)" for null.
func textValue(v jv) string {
	switch v.kind {
	case 's':
		return strconv.Quote(v.s)
	case 'i':
		return strconv.Itoa(v.i)
	case 'a':
		q := make([]string, len(v.a))
		for i, s := range v.a {
			q[i] = strconv.Quote(s)
		}
		return "[" + strings.Join(q, ", ") + "]"
	case 'o':
		objs := make([]string, len(v.o))
		for i, obj := range v.o {
			ms := make([]string, len(obj))
			for j, m := range obj {
				ms[j] = m.k + ": " + textValue(m.v)
			}
			objs[i] = "{" + strings.Join(ms, ", ") + "}"
		}
		return "[" + strings.Join(objs, ", ") + "]"
	}
	return "(absent)"
}

// legacyParse parses one input under g and formats it as `uri parse` does,
// with the legacy fields added. It reports whether the input was valid.
func legacyParse(in input, g uri.Grammar, asJSON bool) ([]byte, bool) {
	var (
		u   uri.URI
		l   uri.Legacy
		err error
	)
	if in.tooLong {
		err = errLineTooLong(in.line)
	} else {
		u, l, err = uri.ParseLegacy(in.text, g)
	}
	if asJSON {
		out := parseJSON(in.text, u, err)
		if err != nil {
			return out, false
		}
		out = append(out[:len(out)-2], `,"legacy":`...)
		out = appendObject(out, legacyFields(l))
		return append(out, '}', '\n'), true
	}
	out := parseText(in.text, u, err)
	if err != nil {
		return out, false
	}
	out = out[:len(out)-1] // the blank line that ends the block
	for _, m := range legacyFields(l) {
		out = fmt.Appendf(out, "  %-9s %s\n", m.k, textValue(m.v))
	}
	return append(out, '\n'), true
}

// legacyResolver returns the old resolution algorithm that `uri resolve
// --grammar NAME` names: uri.ResolveRFC1808 for "rfc1808" and
// uri.ResolveRFC2396 for "rfc2396", in the shape that baseCommand.run
// applies to each reference, so that the output is the RFC 3986 command's:
//
//	{"input":S,"base":BASE,"ok":true,"result":S}
//	{"input":S,"base":BASE,"ok":false,"error":S}
//
// It reports false for any other name, a usage error.
func legacyResolver(grammar string) (func(base, ref string) (string, error), bool) {
	switch grammar {
	case "rfc1808":
		return uri.ResolveRFC1808, true
	case "rfc2396":
		return uri.ResolveRFC2396, true
	}
	return nil, false
}

// legacyEqual compares a and b with the URI comparison of RFC 2616,
// Section 3.2.3 (grammar must be "rfc2616"; uri.EqualHTTP). It prints the
// canonical form of each (uri.CanonicalHTTP) on its own line, then the
// verdict, as the RFC 3986 comparison of uri equal does, and returns
// exitOK when they are equal and exitInvalid when they are not. An operand
// that does not parse gets its error on stderr and exitUsage, like an
// unknown grammar, so that 1 always means "not equal".
func legacyEqual(grammar, a, b string, stdout, stderr io.Writer) int {
	if grammar != "rfc2616" {
		fmt.Fprintf(stderr, "uri equal: unknown grammar %q (want rfc2616)\n", grammar)
		return exitUsage
	}
	ca, errA := uri.CanonicalHTTP(a)
	cb, errB := uri.CanonicalHTTP(b)
	if errA != nil || errB != nil {
		for _, err := range []error{errA, errB} {
			if err != nil {
				fmt.Fprintln(stderr, err)
			}
		}
		return exitUsage
	}
	if ca != cb {
		fmt.Fprintf(stdout, "%s\n%s\nnot equivalent\n", ca, cb)
		return exitInvalid
	}
	fmt.Fprintf(stdout, "%s\n%s\nequivalent\n", ca, cb)
	return exitOK
}
