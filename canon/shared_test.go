package canon

import (
	"encoding/hex"
	"encoding/json"
	"errors"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/google/go-cmp/cmp"

	"github.com/gouri/uri/internal/abnf"
	"github.com/gouri/uri/internal/testrows"
	"github.com/gouri/uri/whatwg"
)

// The test data of IIPC urlcanon and the cases of Google's Safe Browsing
// client are not part of this repository: the tests below read them from
// canonDir of the shared test data beside it, or from the directory that
// $CANON_TEST_DATA names, and skip when they are absent.
const (
	canonDir = "canon"
	canonEnv = "CANON_TEST_DATA"
)

// bytesOf turns a string of urlcanon's JSON into the bytes it stands for:
// urlcanon reads its files as ISO-8859-1, so each code point below 256 is
// one byte ("\u00e2\u0098\u0083" is the UTF-8 of U+2603).
func bytesOf(s string) string {
	b := make([]byte, 0, len(s))
	for _, r := range s {
		if r > 0xff {
			return s
		}
		b = append(b, byte(r))
	}
	return string(b)
}

// groups reads a urlcanon file of named groups of {input: expected}.
func groups(t *testing.T, name string) map[string]map[string]*string {
	t.Helper()
	var g map[string]map[string]*string
	if err := json.Unmarshal(testrows.SharedFile(t, canonEnv, canonDir, name), &g); err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	for k, m := range g {
		g[k] = latin1(m)
	}
	return g
}

// latin1 returns m with its strings read as urlcanon reads them (bytesOf).
func latin1(m map[string]*string) map[string]*string {
	out := make(map[string]*string, len(m))
	for in, want := range m {
		if want != nil {
			w := bytesOf(*want)
			want = &w
		}
		out[bytesOf(in)] = want
	}
	return out
}

// flat reads a urlcanon file of {input: expected}.
func flat(t *testing.T, name string) map[string]*string {
	t.Helper()
	var m map[string]*string
	if err := json.Unmarshal(testrows.SharedFile(t, canonEnv, canonDir, name), &m); err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	return latin1(m)
}

// check runs f on each input of cases and compares with the expectation
// (nil: an error is expected). An input listed in known fails for the
// reason given; it is an error if it passes.
func check(t *testing.T, file string, cases map[string]*string, known map[string]string, f func(string) (string, error)) {
	t.Helper()
	checkRule(t, file, cases, func(in string) string { return known[in] }, f)
	for in, reason := range known {
		if want, ok := cases[in]; ok && agrees(want, f, in) {
			t.Errorf("%s: %q passes but is listed as known (%s)", file, in, reason)
		}
	}
}

// agrees reports whether f(in) gives want (nil: an error).
func agrees(want *string, f func(string) (string, error), in string) bool {
	got, err := f(in)
	return want == nil && err != nil || want != nil && err == nil && got == *want
}

// checkRule is check with the known cases given by a rule: a case that
// fails must have a reason from rule.
func checkRule(t *testing.T, file string, cases map[string]*string, rule func(string) string, f func(string) (string, error)) {
	t.Helper()
	pass, listed := 0, 0
	for in, want := range cases {
		if agrees(want, f, in) {
			pass++
			continue
		}
		if rule(in) != "" {
			listed++
			continue
		}
		got, err := f(in)
		w := "error"
		if want != nil {
			w = *want
		}
		t.Errorf("%s: f(%q) = %q, %v; want %q", file, in, got, err, w)
	}
	t.Logf("%s: %d of %d pass, %d listed", file, pass, len(cases), listed)
}

func profile(p Profile) func(string) (string, error) {
	return func(s string) (string, error) { return Canon(s, p) }
}

// TestSurtGoogle: the Safe Browsing document's examples (urlcanon's
// "google" group) and urlcanon's supplement.
func TestSurtGoogle(t *testing.T) {
	g := groups(t, "surt.json")
	check(t, "surt.json google", g["google"], nil, profile(SafeBrowsing))
	check(t, "surt.json googleSupplementalFromSurt", g["googleSupplementalFromSurt"], map[string]string{
		"B\xfccher.ch:8080":             "the input is ISO-8859-1, not UTF-8: no IDNA name; and the document drops the port",
		"mailto:foo@example.com":        "no host: Safe Browsing keys only URLs with a host",
		"http://www.gotaport.com:1234/": "the document's example drops the port",
	}, profile(SafeBrowsing))
	check(t, "surt.json unescapeRepeatedly", g["unescapeRepeatedly"], nil, func(s string) (string, error) {
		return unescapeRepeatedly(s), nil
	})
	check(t, "surt.json alphaRorderQuery", g["alphaRorderQuery"], nil, func(s string) (string, error) {
		return sortPairs(s), nil
	})
	check(t, "surt.json massageHost", g["massageHost"], nil, func(s string) (string, error) {
		return stripWWW(s), nil
	})
	check(t, "surt.json stripPathSessionId", g["stripPathSessionId"], nil, func(s string) (string, error) {
		return stripPathSessionID(s), nil
	})
	check(t, "surt.json Canonicalizer.DefaultIA", g["Canonicalizer.DefaultIA"], nil, iaCanon)
	check(t, "surt.json Canonicalizer.IA", g["Canonicalizer.IA"], nil, iaCanon)
	check(t, "surt.json defaultIASurt", g["defaultIASurt"], map[string]string{
		"": "the empty string has no key; the archive's \"-\" is a placeholder, not a key",
	}, SURT)
}

// iaCanon is the URL that SURT keys, before it is reordered.
func iaCanon(s string) (string, error) {
	if opaque(s) {
		return s, nil
	}
	p, err := googleParts(s, true)
	if err != nil {
		return "", err
	}
	iaMassage(&p)
	p.path = abnf.LowerString(p.path) // as surtKey writes it
	return p.String(), nil
}

// TestSSURT: urlcanon's ssurt.json.
func TestSSURT(t *testing.T) {
	g := groups(t, "ssurt.json")
	check(t, "ssurt.json ssurt", g["ssurt"], nil, func(s string) (string, error) {
		u, err := whatwg.Parse(s)
		return SSURT(u), err
	})
	noPath := "the URL Standard gives a special URL the path \"/\"; urlcanon's key keeps it absent"
	for _, f := range []struct {
		group         string
		scheme, comma bool
	}{{"surt", true, true}, {"surtWithoutScheme", false, true}, {"surtWithoutTrailingComma", true, false}} {
		check(t, "ssurt.json "+f.group, g[f.group], map[string]string{
			"http://user:pass@foo.example.org:81":       noPath,
			"http://user:pass@foo.example.org:81?query": noPath,
			"http://user:pass@foo.example.org:81#frag":  noPath,
			"http://user:pass@10.1.2.3:81#frag":         noPath,
		}, func(s string) (string, error) {
			u, err := whatwg.Parse(s)
			return SURTOf(u, f.scheme, f.comma), err
		})
	}
	check(t, "ssurt.json reverseHost", g["reverseHost"], nil, func(s string) (string, error) {
		var b strings.Builder
		writeReversed(&b, s, true)
		return b.String(), nil
	})
	check(t, "ssurt.json ssurtHost", g["ssurtHost"], nil, func(s string) (string, error) {
		return ssurtHost(s), nil
	})
}

// TestFunkyIPv4: urlcanon's funky_ipv4.json, the IPv4 forms that the Safe
// Browsing host step reads.
func TestFunkyIPv4(t *testing.T) {
	check(t, "funky_ipv4.json", flat(t, "funky_ipv4.json"), nil, func(s string) (string, error) {
		a, ok := ipv4(strings.TrimSuffix(s, "."))
		if !ok {
			return "", errors.New("not an IPv4 address")
		}
		return a, nil
	})
}

// sbCase is a row of safebrowsing-canonical.json.
type sbCase struct {
	Input    string    `json:"input"`
	InputHex string    `json:"input_hex"`
	Canon    *string   `json:"canonical"`
	Host     *string   `json:"host"`
	Path     *string   `json:"path"`
	IPv4     *string   `json:"ipv4"`
	Hosts    *[]string `json:"hosts"`
	Paths    *[]string `json:"paths"`
	Exprs    *[]string `json:"expressions"`
}

func (c sbCase) input() string {
	if c.InputHex != "" {
		b, _ := hex.DecodeString(c.InputHex)
		return string(b)
	}
	return c.Input
}

// TestSafeBrowsingClient: the cases of Google's Safe Browsing client. Its
// canonicalURL returns no query, where the document's examples keep it; and
// it writes lower-case hex digits, where the document asks for upper case.
func TestSafeBrowsingClient(t *testing.T) {
	var file map[string]json.RawMessage
	if err := json.Unmarshal(testrows.SharedFile(t, canonEnv, canonDir, "safebrowsing-canonical.json"), &file); err != nil {
		t.Fatal(err)
	}
	table := func(name string, pick func(sbCase) *string, f func(string) (string, error), known map[string]string) {
		var rows []sbCase
		if err := json.Unmarshal(file[name], &rows); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		cases := map[string]*string{}
		for _, r := range rows {
			cases[r.input()] = pick(r)
		}
		check(t, "safebrowsing-canonical.json "+name, cases, known, f)
	}
	dropsQuery := "Google's client drops the query; the document keeps it (\"http://www.google.com/q?r?s\" in its examples)"
	table("canonicalURL", func(r sbCase) *string { return r.Canon }, profile(SafeBrowsing), map[string]string{
		"http://www.google.com/q?":       dropsQuery,
		"http://www.google.com/q?r?":     dropsQuery,
		"http://www.google.com/q?r?s":    dropsQuery,
		"http://www.google.com/q?r?s%3F": dropsQuery,
		"http://evil.com/foo?bar;":       dropsQuery,
		"http://some%1bhost.com/%1b":     "Google's client writes lower-case hex; the document asks for \"uppercase hex characters\"",
	})
	partOf := func(pick func(parts) string) func(string) (string, error) {
		return func(s string) (string, error) {
			p, err := googleParts(s, false)
			return pick(p), err
		}
	}
	table("canonicalHost", func(r sbCase) *string { return r.Host }, partOf(func(p parts) string { return p.host }), nil)
	table("canonicalPath", func(r sbCase) *string { return r.Path }, partOf(func(p parts) string { return p.path }), nil)
	lists := func(name string, pick func(sbCase) *[]string, f func(string) ([]string, error), sorted bool) {
		var rows []sbCase
		if err := json.Unmarshal(file[name], &rows); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		pass := 0
		for _, r := range rows {
			got, err := f(r.input())
			want := pick(r)
			if sorted && want != nil {
				w := slices.Clone(*want)
				slices.Sort(w)
				want = &w
				slices.Sort(got)
			}
			if want == nil && err != nil || want != nil && err == nil && cmp.Equal(*want, got) {
				pass++
				continue
			}
			t.Errorf("safebrowsing-canonical.json %s: f(%q) = %q, %v; want %v", name, r.input(), got, err, want)
		}
		t.Logf("safebrowsing-canonical.json %s: %d of %d pass, 0 listed", name, pass, len(rows))
	}
	lists("generateLookupHosts", func(r sbCase) *[]string { return r.Hosts }, func(s string) ([]string, error) {
		p, err := googleParts(s, false)
		return lookupHosts(p.host), err
	}, false)
	lists("generateLookupPaths", func(r sbCase) *[]string { return r.Paths }, func(s string) ([]string, error) {
		p, err := googleParts(s, false)
		return lookupPaths(p.path, p.query), err
	}, false)
	lists("generatePatterns", func(r sbCase) *[]string { return r.Exprs }, LookupExpressions, true)
	table("parseIPAddress", func(r sbCase) *string { return r.IPv4 }, func(s string) (string, error) {
		a, ok := ipv4(s)
		if !ok {
			return "", errors.New("not an IPv4 address")
		}
		return a, nil
	}, map[string]string{
		"276.2.3":         "inet_aton and the URL Standard reject a first part above 255; Google's client wraps it",
		"10.192.95.89 xy": "a host with a space is no IPv4 address; Google's client reads up to the space",
	})
}

// TestSupplementalWHATWG: urlcanon's supplemental_whatwg.json under the
// WHATWG profile. urlcanon's reading follows a 2016 draft of the URL
// Standard; the cases where today's standard (which package whatwg passes
// the web-platform-tests of) reads otherwise are listed, by rule.
func TestSupplementalWHATWG(t *testing.T) {
	checkRule(t, "supplemental_whatwg.json", flat(t, "supplemental_whatwg.json"), whatwgDiffers, profile(WHATWG))
}

// whatwgDiffers gives the reason why today's URL Standard reads in
// otherwise than urlcanon's supplement, or "".
func whatwgDiffers(in string) string {
	switch {
	case !strings.Contains(in, ":"):
		return "no scheme and no base: the basic URL parser fails (missing-scheme-non-relative-URL)"
	case strings.Contains(in, "%2e") && !strings.Contains(in, "host/"):
		return "a host of dots is a domain today (section 3.5: the IPv4 parser reads only a host that ends in a number); the draft read it as 0.0.0.0"
	case strings.Contains(in, "%/") || strings.HasSuffix(in, "%") || strings.Contains(in, "%20/"):
		return "\"%\" and a decoded space are forbidden domain code points (section 3.3): failure"
	case in == "http://09/":
		return "a host that ends in a number goes to the IPv4 parser, and \"09\" is no octal number: failure"
	case strings.HasPrefix(in, "lolscheme:"):
		return "the fragment percent-encode set includes the space (section 1.3)"
	}
	return ""
}

// TestPathDots: urlcanon's path_dots.json, paths whose dot segments a
// browser resolves, under the WHATWG profile (a special URL for "special",
// a non-special one for "nonspecial").
func TestPathDots(t *testing.T) {
	g := groups(t, "path_dots.json")
	for group, prefix := range map[string]string{"special": "http://h", "nonspecial": "foo://h"} {
		rule := func(in string) string {
			switch {
			case group == "special" && strings.Contains(in, "\\"):
				return "the URL Standard reads \"\\\" as \"/\" in a special URL's path and writes \"/\" (section 4.4, path state); urlcanon keeps the byte"
			case group == "nonspecial" && strings.HasPrefix(in, "\\"):
				return "a \"\\\" right after the host is a host code point of a non-special URL: the path cannot follow a host"
			}
			return ""
		}
		checkRule(t, "path_dots.json "+group, g[group], rule, func(p string) (string, error) {
			k, err := Canon(prefix+p, WHATWG)
			return strings.TrimPrefix(k, prefix), err
		})
	}
}

// TestSemanticPrecise: urlcanon's semantic_precise.json under Semantic.
func TestSemanticPrecise(t *testing.T) {
	checkRule(t, "semantic_precise.json", flat(t, "semantic_precise.json"), semanticDiffers, profile(Semantic))
}

// TestAggressive: urlcanon's aggressive.json under Aggressive.
func TestAggressive(t *testing.T) {
	checkRule(t, "aggressive.json", flat(t, "aggressive.json"), func(string) string { return "" }, profile(Aggressive))
}

// semanticDiffers gives the reason why the Semantic profile, on today's URL
// Standard, reads in otherwise than urlcanon's semantic precise
// canonicalizer, which follows a 2016 draft, or "".
func semanticDiffers(in string) string {
	_, err := Canon(in, Semantic)
	if errors.Is(err, whatwg.ErrMissingSchemeNonRelativeURL) {
		_, err = Canon("http://"+in, Semantic) // the reading without a scheme
	}
	switch {
	case !utf8.ValidString(in):
		return "the URL Standard reads a byte that is not UTF-8 as U+FFFD (Encoding Standard, UTF-8 decode); urlcanon keeps the byte"
	case errors.Is(err, whatwg.ErrDomainToASCII) || errors.Is(err, whatwg.ErrHostInvalidCodePoint) || errors.Is(err, whatwg.ErrIPv4NonNumericPart):
		return "a forbidden domain or host code point (\"%\", a space, a control, \"<\") or a host that ends in a number and is no IPv4 address fails today's host parser (section 3.5); the draft accepted it"
	case strings.Contains(in, "%2e"):
		return "a host of dots is a domain (or an opaque host) today; the draft read it as 0.0.0.0"
	case strings.HasPrefix(in, "gopher:"):
		return "gopher is no special scheme since 2017: no host is read from \"gopher:x\", and 70 is no default port"
	case in == "file:///C%7C/":
		return "\"C|\" is kept encoded in a file path, where the URL Standard would read it as the drive letter \"C:\" and the key would not be idempotent"
	}
	return ""
}
