package main

// The older grammars in the command: `uri parse --grammar G`, and the
// pieces of `uri resolve --grammar rfc1808|rfc2396` and `uri equal --grammar
// rfc2616` that those commands call.
//
// With --grammar, `uri parse --json` prints the usual keys, then a "legacy"
// object:
//
//	"legacy":{"grammar":S,"form":S, <fields of the grammar>, "changes":[...],"upgraded":S|null}
//
// where the fields are, for rfc1738, those of the scheme's record (ftp:
// "user","password","host","port","default_port","cwd","name","typecode";
// http: "host","port","default_port","path","searchpart"; gopher: "host",
// "port","default_port","type","selector","search","gopher_plus"; mailto:
// "address"; news: "group","message_id"; nntp: "host","port",
// "default_port","group","article"; telnet: "user","password","host",
// "port","default_port"; wais: "host","port","default_port","database",
// "search","wtype","wpath"; file: "host","path"; prospero: "host","port",
// "default_port","hsoname","fields"; other schemes: "user","password",
// "host","port","url_path"); for rfc2396, rfc2732 and rfc2616 "authority",
// "host_form","segments"; for rfc1808 and rfc2068 "authority","host_form",
// "params". null means absent. "changes" lists the edits that make the
// reference valid RFC 3986 ({"offset","component","from","to","reason"}),
// and "upgraded" is the result, or null when there is none. The text line
// has the same fields after the components, as name=value.

import (
	"iter"
	"strconv"
	"strings"

	"github.com/gouri/uri"
	"github.com/gouri/uri/legacy"
)

// legacyGrammars are the grammars --grammar names, in the order of the
// usage text.
var legacyGrammars = []legacy.Grammar{legacy.RFC1738, legacy.RFC1808, legacy.RFC2068, legacy.RFC2396, legacy.RFC2732, legacy.RFC2616}

// grammarNames lists the names for usage messages.
func grammarNames() string {
	names := make([]string, len(legacyGrammars))
	for i, g := range legacyGrammars {
		names[i] = g.String()
	}
	return strings.Join(names, ", ")
}

// legacyParser returns the operation of `uri parse --grammar name`, or the
// usage error for a name that is no grammar.
func legacyParser(name string) (op, string) {
	var g legacy.Grammar
	for _, lg := range legacyGrammars {
		if lg.String() == name {
			g = lg
		}
	}
	if g == 0 {
		return op{}, "unknown grammar " + strconv.Quote(name) + " (want one of " + grammarNames() + ", or " + whatwgGrammar + ")"
	}
	return op{apply: func(in string) result {
		l, err := legacy.Parse(in, g)
		if err != nil {
			return failure(in, err)
		}
		return result{ok: true, line: &legacyLine{in, l.Parts, legacyFields(l)}}
	}}, ""
}

// legacyLine is the result of uri parse --grammar G for the reference in:
// its components, then the "legacy" object of its fields.
type legacyLine struct {
	in     string
	parts  uri.Components
	fields []field
}

func (l *legacyLine) json(o *output) {
	o.components(l.parts, false)
	o.member("legacy", l.fields)
}

func (l *legacyLine) text(o *output) {
	var b strings.Builder
	b.WriteString(componentText(l.in, l.parts, 0))
	for _, f := range l.fields {
		b.WriteString(" " + f.key + "=" + textValue(f.val))
	}
	o.text(b.String())
}

// legacyFields lists the members of the "legacy" object, in order.
func legacyFields(l legacy.URL) []field {
	f := []field{{"grammar", l.Grammar.String()}, {"form", l.Form}}
	f = append(f, recordFields(l.Record)...)
	if l.Record == nil {
		f = append(f, field{"authority", optional{l.AuthorityForm, l.AuthorityForm != ""}}, field{"host_form", optional{l.HostForm, l.HostForm != ""}})
		switch l.Grammar {
		case legacy.RFC1808, legacy.RFC2068:
			f = append(f, field{"params", optional{l.Params, l.HasParams}})
		default:
			var segs any
			if seq, ok := l.Segments(); ok {
				segs = segments(seq)
			}
			f = append(f, field{"segments", segs})
		}
	}
	up, edits, err := l.Upgrade()
	changes := make([][]field, len(edits))
	for i, c := range edits {
		changes[i] = []field{{"offset", c.Offset}, {"component", c.Component.String()}, {"from", c.From}, {"to", c.To}, {"reason", c.Reason}}
	}
	return append(f, field{"changes", changes}, field{"upgraded", optional{up.String(), err == nil}})
}

// recordFields lists the members of the scheme's record of an RFC 1738 URL.
func recordFields(r legacy.Record) []field {
	var f []field
	hostPort := func(hp legacy.HostPort, def int) {
		f = append(f, field{"host", hp.Host}, field{"port", optional{hp.Port, hp.HasPort}}, field{"default_port", def})
	}
	login := func(lg legacy.Login, def int) {
		f = append(f, field{"user", optional{lg.User, lg.HasUser}}, field{"password", optional{lg.Password, lg.HasPassword}})
		hostPort(lg.HostPort, def)
	}
	switch t := r.(type) {
	case legacy.FTP:
		login(t.Login, t.DefaultPort())
		var cwd any
		if t.HasPath {
			cwd = t.Cwd
		}
		f = append(f, field{"cwd", cwd}, field{"name", optional{t.Name, t.HasPath}}, field{"typecode", optional{t.Typecode, t.HasTypecode}})
	case legacy.HTTP:
		hostPort(t.HostPort, t.DefaultPort())
		f = append(f, field{"path", optional{t.Path, t.HasPath}}, field{"searchpart", optional{t.Searchpart, t.HasSearchpart}})
	case legacy.Gopher:
		hostPort(t.HostPort, t.DefaultPort())
		f = append(f, field{"type", t.Type}, field{"selector", t.Selector},
			field{"search", optional{t.Search, t.HasSearch}}, field{"gopher_plus", optional{t.GopherPlus, t.HasGopherPlus}})
	case legacy.Mailto:
		f = append(f, field{"address", t.Address})
	case legacy.News:
		f = append(f, field{"group", optional{t.Group, t.Group != ""}}, field{"message_id", optional{t.MessageID, t.MessageID != ""}})
	case legacy.NNTP:
		hostPort(t.HostPort, t.DefaultPort())
		f = append(f, field{"group", t.Group}, field{"article", optional{t.Article, t.HasArticle}})
	case legacy.Telnet:
		login(t.Login, t.DefaultPort())
	case legacy.WAIS:
		hostPort(t.HostPort, t.DefaultPort())
		f = append(f, field{"database", t.Database}, field{"search", optional{t.Search, t.HasSearch}},
			field{"wtype", optional{t.WType, t.HasDoc}}, field{"wpath", optional{t.WPath, t.HasDoc}})
	case legacy.File:
		f = append(f, field{"host", t.Host}, field{"path", t.Path})
	case legacy.Prospero:
		hostPort(t.HostPort, t.DefaultPort())
		fields := make([][]field, len(t.Fields))
		for i, pf := range t.Fields {
			fields[i] = []field{{"name", pf.Name}, {"value", pf.Value}}
		}
		f = append(f, field{"hsoname", t.HSOName}, field{"fields", fields})
	case legacy.Other:
		f = append(f, field{"user", optional{t.User, t.HasUser}}, field{"password", optional{t.Password, t.HasPassword}},
			field{"host", optional{t.Host, t.HasLogin}}, field{"port", optional{t.Port, t.HasPort}}, field{"url_path", optional{t.URLPath, t.HasURLPath}})
	}
	return f
}

// textValue shows a value for the text line: strings quoted, "null" for an
// absent one, lists in brackets, objects in braces.
func textValue(v any) string {
	switch v := v.(type) {
	case string:
		return strconv.Quote(v)
	case int:
		return strconv.Itoa(v)
	case optional:
		if !v.ok {
			return "null"
		}
		return strconv.Quote(v.s)
	case []string:
		q := make([]string, len(v))
		for i, s := range v {
			q[i] = strconv.Quote(s)
		}
		return "[" + strings.Join(q, " ") + "]"
	case []field:
		ms := make([]string, len(v))
		for i, m := range v {
			ms[i] = m.key + "=" + textValue(m.val)
		}
		return "{" + strings.Join(ms, " ") + "}"
	case [][]field:
		os := make([]string, len(v))
		for i, o := range v {
			os[i] = textValue(o)
		}
		return "[" + strings.Join(os, " ") + "]"
	case segments:
		var os []string
		for sg := range v {
			os = append(os, textValue(segmentFields(sg)))
		}
		return "[" + strings.Join(os, " ") + "]"
	}
	return "null"
}

// legacyResolver returns the old resolution algorithm that `uri resolve
// --grammar NAME` names: legacy.ResolveRFC1808 for "rfc1808" and
// legacy.ResolveRFC2396 for "rfc2396". It reports false for any other name,
// a usage error.
func legacyResolver(grammar string) (func(base, ref string) (string, error), bool) {
	switch grammar {
	case "rfc1808":
		return legacy.ResolveRFC1808, true
	case "rfc2396":
		return legacy.ResolveRFC2396, true
	}
	return nil, false
}

// segments are the segments of an RFC 2396 path, written to JSON as they
// are split.
type segments iter.Seq[legacy.Segment]

// segmentFields is the object of one segment.
func segmentFields(sg legacy.Segment) []field {
	params := sg.Params
	if params == nil {
		params = []string{}
	}
	return []field{{"name", sg.Name}, {"params", params}}
}
