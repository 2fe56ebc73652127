package canon

import (
	"encoding/hex"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/gouri/uri/internal/testrows"
	"github.com/gouri/uri/whatwg"
)

// The test data of IIPC urlcanon and the cases of Google's Safe Browsing
// client are kept as vectors in testdata/conformance/urlcanon and
// testdata/conformance/safebrowsing of the module (see their README.md
// files). urlcanon reads its files as ISO-8859-1, so that
// "\u00e2\u0098\u0083" stands for the UTF-8 of U+2603: the vectors hold
// the bytes themselves, with the hexadecimal beside a string that is not
// valid UTF-8.

// canonVector is one row of a urlcanon vector file.
type canonVector struct {
	Group     string  `json:"group"`
	Input     string  `json:"input"`
	InputHex  string  `json:"input_hex"`
	Output    *string `json:"output"`
	OutputHex string  `json:"output_hex"`
}

// canonCase is one case: an input, and the expected result or nil where
// urlcanon's function fails.
type canonCase struct {
	in   string
	want *string
}

// canonCases reads the cases of a urlcanon vector file, by group ("" for
// a file without groups), each group in the order of the file.
func canonCases(t *testing.T, file string) map[string][]canonCase {
	t.Helper()
	out := map[string][]canonCase{}
	for _, r := range testrows.Vectors[canonVector](t, "urlcanon", file) {
		c := canonCase{in: fromHex(t, r.Input, r.InputHex)}
		if r.Output != nil {
			w := fromHex(t, *r.Output, r.OutputHex)
			c.want = &w
		}
		out[r.Group] = append(out[r.Group], c)
	}
	return out
}

// fromHex returns the bytes that hx spells, or s when hx is empty.
func fromHex(t *testing.T, s, hx string) string {
	if hx == "" {
		return s
	}
	b, err := hex.DecodeString(hx)
	if err != nil {
		t.Fatalf("bad hex %q", hx)
	}
	return string(b)
}

// check runs f on each input of cases and compares with the expectation
// (nil: an error is expected). An input listed in known fails for the
// reason given; it is an error if it passes.
func check(t *testing.T, file string, cases []canonCase, known testrows.Known, f func(string) (string, error)) {
	t.Helper()
	e := testrows.NewExpect(t, file, known)
	for _, c := range cases {
		got, err := f(c.in)
		failure := ""
		if !(c.want == nil && err != nil || c.want != nil && err == nil && got == *c.want) {
			want := "an error"
			if c.want != nil {
				want = strconv.Quote(*c.want)
			}
			failure = fmt.Sprintf("f(%q) = %q, %v; want %s", c.in, got, err, want)
		}
		e.Case(c.in, failure)
	}
	e.Done()
}

// checkURLCanon is check for the cases of the file or group name of the
// suite urlcanon, with its known failures.
func checkURLCanon(t *testing.T, name string, cases []canonCase, f func(string) (string, error)) {
	t.Helper()
	check(t, name, cases, knownURLCanon[name], f)
}

func profile(p Profile) func(string) (string, error) {
	return func(s string) (string, error) { return Canon(s, p) }
}

// TestSurtGoogle: the Safe Browsing document's examples (urlcanon's
// "google" group) and urlcanon's supplement.
func TestSurtGoogle(t *testing.T) {
	g := canonCases(t, "surt.jsonl")
	checkURLCanon(t, "surt.jsonl google", g["google"], profile(SafeBrowsing))
	checkURLCanon(t, "surt.jsonl googleSupplementalFromSurt", g["googleSupplementalFromSurt"], profile(SafeBrowsing))
	checkURLCanon(t, "surt.jsonl unescapeRepeatedly", g["unescapeRepeatedly"], func(s string) (string, error) {
		return unescapeRepeatedly(s), nil
	})
	checkURLCanon(t, "surt.jsonl alphaRorderQuery", g["alphaRorderQuery"], func(s string) (string, error) {
		return sortArchive(s), nil
	})
	checkURLCanon(t, "surt.jsonl massageHost", g["massageHost"], func(s string) (string, error) {
		return stripWWW(s), nil
	})
	checkURLCanon(t, "surt.jsonl stripPathSessionId", g["stripPathSessionId"], func(s string) (string, error) {
		return stripPathSessionID(s), nil
	})
	checkURLCanon(t, "surt.jsonl Canonicalizer.DefaultIA", g["Canonicalizer.DefaultIA"], profile(Archive))
	checkURLCanon(t, "surt.jsonl Canonicalizer.IA", g["Canonicalizer.IA"], profile(Archive))
	checkURLCanon(t, "surt.jsonl defaultIASurt", g["defaultIASurt"], SURT)
}

// TestSSURT: urlcanon's ssurt.json.
func TestSSURT(t *testing.T) {
	g := canonCases(t, "ssurt.jsonl")
	checkURLCanon(t, "ssurt.jsonl ssurt", g["ssurt"], func(s string) (string, error) {
		u, err := whatwg.Parse(s)
		return SSURT(u), err
	})
	for _, f := range []struct {
		group         string
		scheme, comma bool
	}{{"surt", true, true}, {"surtWithoutScheme", false, true}, {"surtWithoutTrailingComma", true, false}} {
		checkURLCanon(t, "ssurt.jsonl "+f.group, g[f.group], func(s string) (string, error) {
			u, err := whatwg.Parse(s)
			return SURTOf(u, f.scheme, f.comma), err
		})
	}
	checkURLCanon(t, "ssurt.jsonl reverseHost", g["reverseHost"], func(s string) (string, error) {
		var b strings.Builder
		writeReversed(&b, s, true, false)
		return b.String(), nil
	})
	checkURLCanon(t, "ssurt.jsonl ssurtHost", g["ssurtHost"], func(s string) (string, error) {
		return ssurtHost(s), nil
	})
}

// TestFunkyIPv4: urlcanon's funky_ipv4.json, the IPv4 forms that the Safe
// Browsing host step reads.
func TestFunkyIPv4(t *testing.T) {
	checkURLCanon(t, "funky-ipv4.jsonl", canonCases(t, "funky-ipv4.jsonl")[""], func(s string) (string, error) {
		a, ok := ipv4(strings.TrimSuffix(s, "."))
		if !ok {
			return "", errors.New("not an IPv4 address")
		}
		return a, nil
	})
}

// sbCase is a row of testdata/conformance/safebrowsing/canonical.jsonl:
// what the client's function makes of the input, a string or a list, or
// an error.
type sbCase struct {
	Function string    `json:"function"`
	Input    string    `json:"input"`
	InputHex string    `json:"input_hex"`
	Output   *string   `json:"output"`
	Outputs  *[]string `json:"outputs"`
	Error    bool      `json:"error"`
}

// TestSafeBrowsingClient: the cases of Google's Safe Browsing client. Its
// canonicalURL returns no query, where the document's examples keep it; and
// it writes lower-case hex digits, where the document asks for upper case.
func TestSafeBrowsingClient(t *testing.T) {
	byFunction := map[string][]sbCase{}
	for _, r := range testrows.Vectors[sbCase](t, "safebrowsing", "canonical.jsonl") {
		r.Input = fromHex(t, r.Input, r.InputHex)
		byFunction[r.Function] = append(byFunction[r.Function], r)
	}
	table := func(name string, f func(string) (string, error)) {
		var cases []canonCase
		for _, r := range byFunction[name] {
			if r.Error == (r.Output != nil) {
				t.Fatalf("%s: %q: want an output or an error", name, r.Input)
			}
			cases = append(cases, canonCase{r.Input, r.Output})
		}
		check(t, "canonical.jsonl "+name, cases, knownSafeBrowsing["canonical.jsonl "+name], f)
	}
	table("canonicalURL", profile(SafeBrowsing))
	partOf := func(pick func(parts) string) func(string) (string, error) {
		return func(s string) (string, error) {
			p, err := googleParts(s, false)
			return pick(p), err
		}
	}
	table("canonicalHost", partOf(func(p parts) string { return p.host }))
	table("canonicalPath", partOf(func(p parts) string { return p.path }))
	lists := func(name string, f func(string) ([]string, error), sorted bool) {
		e := testrows.NewExpect(t, "canonical.jsonl "+name, knownSafeBrowsing["canonical.jsonl "+name])
		for _, r := range byFunction[name] {
			got, err := f(r.Input)
			want := r.Outputs
			if sorted && want != nil {
				w := slices.Clone(*want)
				slices.Sort(w)
				want = &w
				slices.Sort(got)
			}
			failure := ""
			if !(r.Error && err != nil || want != nil && err == nil && cmp.Equal(*want, got)) {
				failure = fmt.Sprintf("f(%q) = %q, %v; want %v (error %v)", r.Input, got, err, want, r.Error)
			}
			e.Case(r.Input, failure)
		}
		e.Done()
	}
	lists("generateLookupHosts", func(s string) ([]string, error) {
		p, err := googleParts(s, false)
		return lookupHosts(p.host), err
	}, false)
	lists("generateLookupPaths", func(s string) ([]string, error) {
		p, err := googleParts(s, false)
		return lookupPaths(p.path, p.query), err
	}, false)
	lists("generatePatterns", LookupExpressions, true)
	table("parseIPAddress", func(s string) (string, error) {
		a, ok := ipv4(s)
		if !ok {
			return "", errors.New("not an IPv4 address")
		}
		return a, nil
	})
	if len(byFunction) != 7 {
		t.Errorf("canonical.jsonl: %d functions, want 7", len(byFunction))
	}
}

// TestSupplementalWHATWG: urlcanon's supplemental_whatwg.json under the
// WHATWG profile.
func TestSupplementalWHATWG(t *testing.T) {
	checkURLCanon(t, "supplemental-whatwg.jsonl", canonCases(t, "supplemental-whatwg.jsonl")[""], profile(WHATWG))
}

// TestPathDots: urlcanon's path_dots.json, paths whose dot segments a
// browser resolves, under the WHATWG profile (a special URL for "special",
// a non-special one for "nonspecial").
func TestPathDots(t *testing.T) {
	g := canonCases(t, "path-dots.jsonl")
	for group, prefix := range map[string]string{"special": "http://h", "nonspecial": "foo://h"} {
		checkURLCanon(t, "path-dots.jsonl "+group, g[group], func(p string) (string, error) {
			k, err := Canon(prefix+p, WHATWG)
			return strings.TrimPrefix(k, prefix), err
		})
	}
}

// TestSemanticPrecise: urlcanon's semantic_precise.json under Semantic.
func TestSemanticPrecise(t *testing.T) {
	checkURLCanon(t, "semantic-precise.jsonl", canonCases(t, "semantic-precise.jsonl")[""], profile(Semantic))
}

// TestAggressive: urlcanon's aggressive.json under Aggressive.
func TestAggressive(t *testing.T) {
	checkURLCanon(t, "aggressive.jsonl", canonCases(t, "aggressive.jsonl")[""], profile(Aggressive))
}

// TestKnownListsNameCases: each list of known failures is named as check
// names a file or a group of the vectors, so that no list goes unused.
func TestKnownListsNameCases(t *testing.T) {
	names := map[string]bool{}
	for _, file := range []string{"surt.jsonl", "ssurt.jsonl", "path-dots.jsonl", "semantic-precise.jsonl", "aggressive.jsonl", "supplemental-whatwg.jsonl", "funky-ipv4.jsonl"} {
		for group := range canonCases(t, file) {
			names[strings.TrimSuffix(file+" "+group, " ")] = true
		}
	}
	for _, r := range testrows.Vectors[sbCase](t, "safebrowsing", "canonical.jsonl") {
		names["canonical.jsonl "+r.Function] = true
	}
	for _, lists := range []map[string]testrows.Known{knownURLCanon, knownSafeBrowsing} {
		for name := range lists {
			if !names[name] {
				t.Errorf("a list of known failures is named %q, which is no file or group of the vectors", name)
			}
		}
	}
}
