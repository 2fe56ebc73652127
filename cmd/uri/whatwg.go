package main

// `uri parse --grammar whatwg [--base BASE]` and `uri resolve --grammar
// whatwg --base BASE`: each input read by the WHATWG URL Standard's parser
// (package github.com/gouri/uri/whatwg), as new URL(input, base) reads it,
// and printed as the getters of the URL class (section 6.1) return it.

import (
	"flag"
	"strings"

	"github.com/gouri/uri/whatwg"
)

// whatwgGrammar is the --grammar of the URL Standard.
const whatwgGrammar = "whatwg"

// given reports whether the flag name was set on the command line.
func given(fs *flag.FlagSet, name string) bool {
	set := false
	fs.Visit(func(f *flag.Flag) { set = set || f.Name == name })
	return set
}

// flagOn reports whether the boolean flag name of fs is true.
func flagOn(fs *flag.FlagSet, name string) bool {
	f := fs.Lookup(name)
	return f != nil && f.Value.String() == "true"
}

// whatwgParser returns the operation of `uri parse --grammar whatwg`, with
// base as the base URL when --base is given, or the usage error for a base
// that is no URL.
func whatwgParser(fs *flag.FlagSet, base string, f getFormat) (op, string) {
	var b whatwg.URL // the zero URL is no base
	if given(fs, "base") {
		var err error
		if b, err = whatwg.Parse(base); err != nil {
			return op{}, baseProblem(base, err)
		}
	}
	return whatwgOp(b, nil, f), ""
}

// whatwgResolver returns the operation of `uri resolve --grammar whatwg
// --base BASE`: the same parse against the base, with the members that
// every object of resolve has: "base" after "input", and the href as
// "result" after "ok".
func whatwgResolver(base string) (op, string) {
	b, err := whatwg.Parse(base)
	if err != nil {
		return op{}, baseProblem(base, err)
	}
	return whatwgOp(b, []field{{"base", base}}, nil), ""
}

// whatwgOp returns the operation that parses each input against b (no
// base when b is the zero URL); with lead, as resolve does, the members of
// lead come after "input" and the href is also the "result". After the
// getters come "site", the registrable domain of the host (see urlSite),
// "params", and with f (--get), "get". Its results are one whatwgLine,
// which each input reuses, and which computes only what the output asks
// for: the text line is the href, and the site is looked up for JSON or
// {site} alone.
func whatwgOp(b whatwg.URL, lead []field, f getFormat) op {
	line := &whatwgLine{resolve: lead != nil, sites: new(siteCache)}
	parse := whatwg.Parse
	if b != (whatwg.URL{}) {
		parse = b.Parse
	}
	ok := f.with(result{ok: true, fields: lead, line: line}, line)
	return op{whole: true, lead: lead, apply: func(in string) result {
		var err error
		if line.u, err = parse(in); err != nil {
			return failure(in, err, lead...)
		}
		return ok
	}}
}

// whatwgLine is the result of a URL of the URL Standard: the getters of
// u; resolve adds the href as "result", before them.
type whatwgLine struct {
	u       whatwg.URL
	resolve bool
	sites   *siteCache
}

func (l *whatwgLine) json(o *output) {
	u := &l.u
	// The getters are slices of the href, or made of them ("origin" when
	// there are credentials, "site" of the hostname), or constants.
	href := u.Href()
	plain := o.isPlain(href)
	rd, hasSite := l.sites.site(u)
	if plain {
		o.buf = l.appendPlain(o.buf, href, rd, hasSite)
	} else {
		l.members(o, href, rd, hasSite)
	}
	o.raw(`,"params":`)
	if !u.HasQuery() {
		o.raw("null")
		return
	}
	o.buf = append(o.buf, '[')
	i := 0
	for name, value := range u.SearchParams().All() {
		o.param(i, name, value, false)
		i++
	}
	o.buf = append(o.buf, ']')
}

// appendPlain appends the members from "ok" to "site" of a URL whose href
// is plain (see plainJSON), and so each of them, to b: each is its key
// and its value in quotes, written in a local slice. The members that
// most URLs have empty (no credentials, no port, no query, no fragment)
// are written with their neighbours' keys as one constant.
func (l *whatwgLine) appendPlain(b []byte, href, rd string, hasSite bool) []byte {
	u := &l.u
	b = append(b, `,"ok":true`...)
	if l.resolve {
		b = plainMember(b, `,"result":"`, href)
	}
	b = plainMember(b, `,"href":"`, href)
	b = plainMember(b, `,"protocol":"`, u.Protocol())
	if user, pass := u.Username(), u.Password(); user == "" && pass == "" {
		b = append(b, `,"username":"","password":"","host":"`...)
	} else {
		b = plainMember(b, `,"username":"`, user)
		b = plainMember(b, `,"password":"`, pass)
		b = append(b, `,"host":"`...)
	}
	b = append(b, u.Host()...)
	b = plainMember(b, `","hostname":"`, u.Hostname())
	if port := u.Port(); port == "" {
		b = append(b, `,"port":"","pathname":"`...)
	} else {
		b = plainMember(b, `,"port":"`, port)
		b = append(b, `,"pathname":"`...)
	}
	b = append(b, u.Pathname()...)
	if search, hash := u.Search(), u.Hash(); search == "" && hash == "" {
		b = append(b, `","search":"","hash":"","origin":"`...)
	} else {
		b = plainMember(b, `","search":"`, search)
		b = plainMember(b, `,"hash":"`, hash)
		b = append(b, `,"origin":"`...)
	}
	b = append(b, u.Origin()...)
	if !hasSite {
		return append(b, `","site":null`...)
	}
	return plainMember(b, `","site":"`, rd)
}

// plainMember appends prefix, the key of a member and the quote that
// opens its value, then s, which is plain, and the closing quote.
func plainMember(b []byte, prefix, s string) []byte {
	return append(append(append(b, prefix...), s...), '"')
}

// members writes the members from "ok" to "site", each escaped as it needs.
func (l *whatwgLine) members(o *output, href, rd string, hasSite bool) {
	u := &l.u
	o.raw(`,"ok":true`)
	if l.resolve {
		o.optional(`,"result":`, href, true, false)
	}
	o.optional(`,"href":`, href, true, false)
	o.optional(`,"protocol":`, u.Protocol(), true, false)
	o.optional(`,"username":`, u.Username(), true, false)
	o.optional(`,"password":`, u.Password(), true, false)
	o.optional(`,"host":`, u.Host(), true, false)
	o.optional(`,"hostname":`, u.Hostname(), true, false)
	o.optional(`,"port":`, u.Port(), true, false)
	o.optional(`,"pathname":`, u.Pathname(), true, false)
	o.optional(`,"search":`, u.Search(), true, false)
	o.optional(`,"hash":`, u.Hash(), true, false)
	o.optional(`,"origin":`, u.Origin(), true, false)
	o.optional(`,"site":`, rd, hasSite, false)
}

// inputPlain knows that an input that is its own href is plain when it
// is short enough and holds neither '"' nor '\\': an href holds only
// printable ASCII (whatwg package documentation, section Values).
func (l *whatwgLine) inputPlain(in string) (plain, known bool) {
	if l.u.Href() != in {
		return false, false
	}
	return len(in) <= strChunk && strings.IndexByte(in, '"') < 0 && strings.IndexByte(in, '\\') < 0, true
}

func (l *whatwgLine) text(o *output) { o.text(l.u.Href()) }

func (l *whatwgLine) appendPart(dst []byte, p getPart) []byte {
	return whatwgParts{l.u, l.sites}.appendPart(dst, p)
}
