package template_test

import (
	"errors"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/gouri/uri"
	"github.com/gouri/uri/internal/abnf"
	"github.com/gouri/uri/internal/oracle"
	"github.com/gouri/uri/template"
)

// randomTemplate returns a template of one to four parts: literals and
// expressions of every operator, with up to three variables drawn from
// names (a variable may occur more than once), with and without
// modifiers.
func randomTemplate(r *rand.Rand, names []string, lits []string) string {
	var b strings.Builder
	for n := 1 + r.IntN(4); n > 0; n-- {
		if r.IntN(3) == 0 {
			b.WriteString(oracle.Pick(r, lits...))
			continue
		}
		b.WriteString("{" + oracle.Pick(r, "", "", "+", "#", ".", "/", ";", "?", "&"))
		for k := r.IntN(3); k >= 0; k-- {
			b.WriteString(oracle.Pick(r, names...))
			b.WriteString(oracle.Pick(r, "", "", "", "*", ":2"))
			if k > 0 {
				b.WriteByte(',')
			}
		}
		b.WriteByte('}')
	}
	return b.String()
}

// randomValues gives each name of tp a random value, or none: strings,
// lists and arrays of members drawn from alphabet. No member crosses the
// one boundary of Match that expansion does not refuse: it holds no "."
// when its variable is a label ("{.x}" with x = "a.b" writes ".a.b",
// which Match reads as two labels of an exploded list). No key of an
// array is the name of a variable, which a query could then hold twice.
// Values that write a "." or ".." path segment are refused by
// ExpandOptions.RefuseDotSegments, as Match refuses them.
func randomValues(r *rand.Rand, tp *template.Template, alphabet []string) template.Values {
	vals := template.Values{}
	for _, name := range tp.Names() {
		label := strings.Contains(tp.String(), "{."+name) || strings.Contains(tp.String(), ","+name) && strings.Contains(tp.String(), "{.")
		member := func() string {
			var b strings.Builder
			for n := r.IntN(4); n > 0; n-- {
				b.WriteString(oracle.Pick(r, alphabet...))
			}
			m := b.String()
			if label {
				m = strings.ReplaceAll(m, ".", "-")
			}
			return m
		}
		switch r.IntN(6) {
		case 0: // undefined
		case 1, 2:
			vals[name] = template.String(member())
		case 3, 4:
			items := make([]string, 1+r.IntN(3))
			for i := range items {
				items[i] = member()
			}
			vals[name] = template.List(items...)
		default:
			pairs := make([]template.Pair, 1+r.IntN(2))
			for i := range pairs {
				pairs[i] = template.Pair{Key: "k" + member(), Value: member()}
			}
			vals[name] = template.Assoc(pairs...)
		}
	}
	return vals
}

// repeated reports whether a variable occurs more than once in tp.
func repeated(tp *template.Template) bool {
	n := 0
	for _, c := range tp.String() {
		if c == ',' || c == '{' {
			n++
		}
	}
	return n > len(tp.Names())
}

// sameURI reports whether got, a re-expansion, is want, but for the
// order of the query's parameters.
func sameURI(got, want string) bool {
	return got == want || sameParams(got, want)
}

var (
	noDots       = template.ExpandOptions{RefuseDotSegments: true}
	propNames    = []string{"x", "y", "z"}
	propLiterals = []string{"/", "a", "-", "?", "&", "=", "#", ",", "q=1", ";", "/p/"}
	propAlphabet = []string{"a", "b", "1", "-", "_", "~", ".", " ", "é", "%", ",", "=", "?", "#", "&", "+", ";", ":", "@", "!", "'", "%41"}
)

// TestMatchRandomRoundTrip expands random templates with random values
// and matches each expansion: Match must find values, and they must
// re-expand to the same URI (but for the order of query parameters). The
// values need not be those expanded: a URI may be the expansion of
// several sets of values.
func TestMatchRandomRoundTrip(t *testing.T) {
	r := rand.New(rand.NewPCG(6570, 31))
	cases, expanded, failed, limited := 20000, 0, 0, 0
	if oracle.Short() {
		cases = 2000
	}
	for range cases {
		tp := template.MustParse(randomTemplate(r, propNames, propLiterals))
		vals := randomValues(r, tp, propAlphabet)
		u, err := noDots.Expand(tp, vals)
		if err != nil {
			continue
		}
		expanded++
		got, err := tp.MatchURI(u, nil)
		if e := (*uri.Error)(nil); errors.As(err, &e) && e.Detail != "" && repeated(tp) {
			limited++ // the documented limit of the search
			continue
		}
		if err != nil {
			failed++
			if failed <= 10 {
				t.Errorf("Parse(%q).Match(%q) = %v; it is the expansion of %v", tp.String(), u.String(), err, view(vals))
			}
			continue
		}
		again, err := tp.Expand(got)
		if err != nil || !sameURI(upperHex(again.String()), upperHex(u.String())) {
			failed++
			if failed <= 10 {
				t.Errorf("Parse(%q).Match(%q) = %v, which expands to %q, %v", tp.String(), u.String(), view(got), again.String(), err)
			}
		}
	}
	t.Logf("%d templates, %d expansions, %d did not match back, %d stopped at the search's limit", cases, expanded, failed, limited)
	if limited > expanded/100 {
		t.Errorf("%d of %d expansions stopped at the search's limit: more than 1%%", limited, expanded)
	}
}

// refMatch is the slow reference matcher: it tries every set of values
// drawn from the text of s (each substring, decoded or not, as a string, a
// list split at any separator, or an array) and reports whether one
// expands to s, but for the order of its query's parameters. It is
// exponential: for tiny inputs only.
func refMatch(tp *template.Template, s string) (template.Values, bool) {
	cands := refCandidates(s, tp.Names())
	names := tp.Names()
	vals := template.Values{}
	var try func(i int) bool
	try = func(i int) bool {
		if i == len(names) {
			u, err := tp.Expand(vals)
			return err == nil && sameURI(normalized(u.String()), normalized(s))
		}
		for _, c := range cands {
			vals[names[i]] = c
			if try(i + 1) {
				return true
			}
		}
		delete(vals, names[i])
		return false
	}
	if try(0) {
		return vals, true
	}
	return nil, false
}

// refCandidates returns the values that the text of s may hold, each once.
func refCandidates(s string, names []string) []template.Value {
	seen := map[string]bool{}
	var out []template.Value
	add := func(v template.Value) {
		key := string(must(v.MarshalJSON())) + v.Kind().String()
		if !seen[key] {
			seen[key] = true
			out = append(out, v)
		}
	}
	add(template.Value{})
	texts := map[string]bool{}
	for i := 0; i <= len(s); i++ {
		for j := i; j <= len(s); j++ {
			texts[s[i:j]] = true
		}
	}
	dec := func(s string) []string { return []string{s, abnf.Decode(s, false)} }
	for text := range texts {
		forms := []string{text}
		for _, n := range names {
			if rest, ok := strings.CutPrefix(text, n+"="); ok {
				forms = append(forms, rest)
			}
		}
		for _, f := range forms {
			for _, d := range dec(f) {
				add(template.String(d))
			}
			for _, sep := range []string{",", ".", "/", ";", "&"} {
				parts := strings.Split(f, sep)
				for _, strip := range []bool{false, true} {
					for _, decode := range []bool{false, true} {
						items := make([]string, len(parts))
						var pairs []template.Pair
						for k, p := range parts {
							if strip {
								if _, v, ok := strings.Cut(p, "="); ok {
									p = v
								}
							}
							items[k] = p
							key, val, _ := strings.Cut(parts[k], "=")
							if decode {
								items[k] = abnf.Decode(p, false)
								key, val = abnf.Decode(key, false), abnf.Decode(val, false)
							}
							pairs = append(pairs, template.Pair{Key: key, Value: val})
						}
						add(template.List(items...))
						add(template.Assoc(pairs...))
						if sep == "," && len(items)%2 == 0 {
							var alt []template.Pair
							for k := 0; k < len(items); k += 2 {
								alt = append(alt, template.Pair{Key: items[k], Value: items[k+1]})
							}
							add(template.Assoc(alt...))
						}
					}
				}
			}
		}
	}
	return out
}

func must(b []byte, _ error) []byte { return b }

// TestMatchReference compares Match with refMatch on tiny random
// templates and URIs: Match finds values exactly when the reference
// does, and they expand to the URI. The URIs hold no ".", "%2E" or
// "%2F", so that no boundary of Match's rules is at stake, and no "?",
// so that the query is not read as parameters in any order.
func TestMatchReference(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 6570))
	cases, matched, mismatched := 1500, 0, 0
	if oracle.Short() {
		cases = 200
	}
	alphabet := []string{"a", "b", ",", "=", "&", ";", "#", "-", "%41", "%20", "/"}
	for range cases {
		tp := template.MustParse(randomTemplate(r, []string{"x", "y"}, []string{"a", "/", "-", "=", ","}))
		var b strings.Builder
		for n := r.IntN(5); n > 0; n-- {
			b.WriteString(oracle.Pick(r, alphabet...))
		}
		s := b.String()
		if _, err := uri.Parse(s); err != nil {
			continue
		}
		want, wantOK := refMatch(tp, s)
		got, err := tp.Match(s, nil)
		if err == nil {
			matched++
			if u, xerr := tp.Expand(got); xerr != nil || !sameURI(normalized(u.String()), normalized(s)) {
				t.Errorf("Parse(%q).Match(%q) = %v, which expands to %q, %v", tp.String(), s, view(got), u.String(), xerr)
			}
		}
		if (err == nil) != wantOK {
			mismatched++
			t.Errorf("Parse(%q).Match(%q) = %v, %v; the reference finds %v, %v", tp.String(), s, view(got), err, view(want), wantOK)
		}
	}
	t.Logf("%d cases, %d matched, %d disagreements with the reference", cases, matched, mismatched)
}

// TestMatchRandomURIs matches random URIs, of every character that
// matters to a template (dots and their triplets, slashes, "%2F", "?",
// "#", "+", "=", "&", ",") against random templates, with each of the
// fuzz target's options: every set of values Match returns must expand
// back to the URI (checkReexpands).
func TestMatchRandomURIs(t *testing.T) {
	r := rand.New(rand.NewPCG(3986, 6570))
	cases, matched := 10000, 0
	if oracle.Short() {
		cases = 2000
	}
	alphabet := []string{"a", "b", ".", "%2E", "/", "%2F", "%5C", "?", "#", "+", "=", "&", ",", ";", "%41", "%20", "x=", "-"}
	for range cases {
		tp := template.MustParse(randomTemplate(r, propNames, propLiterals))
		var b strings.Builder
		for n := r.IntN(8); n > 0; n-- {
			b.WriteString(oracle.Pick(r, alphabet...))
		}
		s := b.String()
		if _, err := uri.Parse(s); err != nil {
			continue
		}
		if _, err := tp.Match(s, nil); err == nil {
			matched++
		}
		checkReexpands(t, tp, s)
	}
	t.Logf("%d templates and URIs, %d matched without options", cases, matched)
}

// upperHex writes the hex digits of the triplets of s in upper case.
func upperHex(s string) string {
	b := []byte(s)
	for i := 0; i+2 < len(b); i++ {
		if b[i] == '%' && abnf.IsHex(b[i+1]) && abnf.IsHex(b[i+2]) {
			b[i+1], b[i+2] = upper(b[i+1]), upper(b[i+2])
		}
	}
	return string(b)
}

func upper(c byte) byte {
	if 'a' <= c && c <= 'f' {
		return c - 'a' + 'A'
	}
	return c
}

// normalized decodes the triplets of unreserved characters of s and
// writes the hex digits of the others in upper case (RFC 3986, Sections
// 6.2.2.1 and 6.2.2.2).
func normalized(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); {
		c, n := abnf.DecodedByte(s, i, false)
		switch {
		case n == 3 && abnf.Classes[c]&abnf.Unreserved != 0:
			b.WriteByte(c)
		case n == 3:
			b.WriteString("%" + strings.ToUpper(s[i+1:i+3]))
		default:
			b.WriteByte(c)
		}
		i += n
	}
	return b.String()
}

var _ = slices.Sort[[]string]
