package main

// `uri parse --grammar whatwg [--base BASE]`: each input read by the WHATWG
// URL Standard's parser (package github.com/gouri/uri/whatwg), as
// new URL(input, base) reads it, and printed as the getters of the URL
// class (section 6.1) return it.

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
func whatwgParser(fs *flag.FlagSet, base string) (op, string) {
	var b whatwg.URL // the zero URL is no base
	if given(fs, "base") {
		var err error
		if b, err = whatwg.Parse(base); err != nil {
			return op{}, baseProblem(base, err)
		}
	}
	return op{whole: true, apply: func(in string) result {
		u, err := b.Parse(in)
		if err != nil {
			return failure(in, err)
		}
		return result{ok: true, fields: []field{
			{"ok", true},
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
		}, text: u.Href}
	}}, ""
}
