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
// getters comes "site", the registrable domain of the host (see urlSite),
// and with f (--get), "get".
func whatwgOp(b whatwg.URL, lead []field, f getFormat) op {
	return op{whole: true, lead: lead, apply: func(in string) result {
		u, err := b.Parse(in)
		if err != nil {
			return failure(in, err, lead...)
		}
		fields := append(append([]field(nil), lead...), field{"ok", true})
		if lead != nil {
			fields = append(fields, field{"result", u.Href()})
		}
		rd, hasSite := urlSite(u)
		return f.with(result{ok: true, fields: append(fields, []field{
			{"href", u.Href()},
			{"protocol", u.Protocol()},
			{"username", u.Username()},
			{"password", u.Password()},
			{"host", u.Host()},
			{"hostname", u.Hostname()},
			{"port", u.Port()},
			{"pathname", u.Pathname()},
			{"search", u.Search()},
			{"hash", u.Hash()},
			{"origin", u.Origin()},
			{"site", optional{rd, hasSite}},
		}...), text: u.Href}, whatwgParts(u))
	}}
}
