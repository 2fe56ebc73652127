package template_test

import (
	"testing"

	"github.com/gouri/uri/template"
)

// TestSuiteRoundTrip matches every expansion of the suite against its
// template, telling Match the kinds of the values (MatchOptions.Kinds).
// The values come back unless the case is in noRoundTrip, which says why
// they cannot; either way, when the URI matches, expanding what Match
// returned gives the URI back.
func TestSuiteRoundTrip(t *testing.T) {
	seen := map[string]bool{}
	for _, f := range suiteFiles[:3] {
		for _, c := range readSuite(t, f.name) {
			tp := template.MustParse(c.template)
			u, err := tp.Expand(c.vars)
			if err != nil {
				t.Fatalf("Expand(%q) = %v", c.template, err)
			}
			opts := &template.MatchOptions{Kinds: map[string]template.Kind{}}
			for _, n := range tp.Names() {
				if v := c.vars[n]; v.Defined() {
					opts.Kinds[n] = v.Kind()
				}
			}
			vals, err := tp.MatchURI(u, opts)
			if err == nil {
				if again, err := tp.Expand(vals); err != nil || again != u {
					t.Errorf("%s: Expand(%q, Match(%q)) = %q, %v: not the URI", f.name, c.template, u.String(), again.String(), err)
				}
			}
			same := err == nil
			for _, n := range tp.Names() {
				same = same && vals[n].Equal(c.vars[n])
			}
			key := c.template + " " + u.String()
			why, listed := noRoundTrip[key]
			seen[key] = true
			switch {
			case !same && !listed:
				t.Errorf("%s: Match(%q, %q) = %v, %v; want %v", f.name, c.template, u.String(), view(vals), err, view(pick(c.vars, tp.Names())))
			case same && listed:
				t.Errorf("%s: Match(%q, %q) gives the values back, but noRoundTrip says it cannot (%s)", f.name, c.template, u.String(), why)
			}
		}
	}
	for key := range noRoundTrip {
		if !seen[key] {
			t.Errorf("noRoundTrip lists %q, which the suite does not have", key)
		}
	}
}

func pick(vs template.Values, names []string) template.Values {
	out := template.Values{}
	for _, n := range names {
		if v := vs[n]; v.Defined() {
			out[n] = v
		}
	}
	return out
}

// noRoundTrip lists the cases of the suite, as "template expansion", whose
// values matching cannot give back, and why.
var noRoundTrip = map[string]string{
	// A prefix modifier writes only the beginning of the value.
	"{var:3} val":                            prefixOnly,
	"X{.var:3} X.val":                        prefixOnly,
	"{;hello:5} ;hello=Hello":                prefixOnly,
	"{?var:3} ?var=val":                      prefixOnly,
	"{&var:3} &var=val":                      prefixOnly,
	"{+path:6}/here /foo/b/here":             prefixOnly,
	"{#path:6}/here #/foo/b/here":            prefixOnly,
	"{greek:1} %CE%B1":                       prefixOnly,
	"{greek:2} %CE%B1%CE%B2":                 prefixOnly,
	"{+greek:2} %CE%B1%CE%B2":                prefixOnly,
	"{currency:1} %E2%82%AC":                 prefixOnly,
	"{?currency:1} ?currency=%E2%82%AC":      prefixOnly,
	"{clef:1} %F0%9D%84%9E":                  prefixOnly,
	"{/list*,path:4} /red/green/blue/%2Ffoo": prefixOnly + "; and its value holds a / in a path",

	// Undefined and the empty string expand alike in {x} and {+x}.
	"O{undef}X OX":  undefinedAsEmpty,
	"O{+undef}X OX": undefinedAsEmpty,

	// Unnamed variables of one expression: the first written takes the
	// first item, though it was undefined.
	"?{undef,y} ?768": "the items of an expression go to its variables in order",

	// Adjacent expressions: the first takes the longest text.
	"up{+path}{var}/here up/foo/barvalue/here": "adjacent expressions: the first takes all it can",

	// Values that cross their operator's boundary do not match.
	"{/who,dub} /fred/me%2Ftoo":                           slashInPath,
	"{base}index http%3A%2F%2Fexample.com%2Fhome%2Findex": slashInPath,
	"X{.keys} X.semi,%3B,dot,.,comma,%2C":                 "a value of a label holds a .",

	// Reserved expansion copies "," and "=", which join the members of
	// composite values, and triplets, which matching decodes or keeps by
	// the octet they encode.
	"{+keys} semi,;,dot,.,comma,,":     reservedComposite,
	"{#keys} #semi,;,dot,.,comma,,":    reservedComposite,
	"{+keys*} semi=;,dot=.,comma=,":    reservedComposite,
	"{#keys*} #semi=;,dot=.,comma=,":   reservedComposite,
	"{+list} red%25,%2Fgreen,blue%20":  reservedTriplets,
	"{#list} #red%25,%2Fgreen,blue%20": reservedTriplets,
}

const (
	prefixOnly        = "a prefix modifier writes the beginning of the value only"
	undefinedAsEmpty  = "undefined and empty expand alike"
	slashInPath       = "a value in the path holds a /"
	reservedComposite = "a reserved expansion writes the members' \",\" and \"=\" unencoded"
	reservedTriplets  = "a value of a reserved expansion holds triplets of octets that it would encode (%25, %20)"
)
