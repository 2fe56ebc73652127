package main

// `uri parse --grammar whatwg [--base BASE]` and `uri resolve --grammar
// whatwg --base BASE`: each input read by the WHATWG URL Standard's parser
// (package github.com/gouri/uri/whatwg), as new URL(input, base) reads it,
// and printed as the getters of the URL class (section 6.1) return it.

import (
	"flag"

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
	return op{whole: true, lead: lead, apply: func(in string) result {
		u, err := b.Parse(in)
		if err != nil {
			return failure(in, err, lead...)
		}
		line.u = u
		return f.with(result{ok: true, fields: lead, line: line}, line)
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
	u := l.u
	// The getters are slices of the href, or made of them ("origin" when
	// there are credentials, "site" of the hostname), or constants.
	href := u.Href()
	plain := o.isPlain(href)
	o.raw(`,"ok":true`)
	if l.resolve {
		o.optional(`,"result":`, href, true, plain)
	}
	o.optional(`,"href":`, href, true, plain)
	o.optional(`,"protocol":`, u.Protocol(), true, plain)
	o.optional(`,"username":`, u.Username(), true, plain)
	o.optional(`,"password":`, u.Password(), true, plain)
	o.optional(`,"host":`, u.Host(), true, plain)
	o.optional(`,"hostname":`, u.Hostname(), true, plain)
	o.optional(`,"port":`, u.Port(), true, plain)
	o.optional(`,"pathname":`, u.Pathname(), true, plain)
	o.optional(`,"search":`, u.Search(), true, plain)
	o.optional(`,"hash":`, u.Hash(), true, plain)
	o.optional(`,"origin":`, u.Origin(), true, plain)
	rd, hasSite := l.sites.site(u)
	o.optional(`,"site":`, rd, hasSite, plain)
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

func (l *whatwgLine) text(o *output) { o.text(l.u.Href()) }

func (l *whatwgLine) appendPart(dst []byte, p getPart) []byte {
	return whatwgParts{l.u, l.sites}.appendPart(dst, p)
}
