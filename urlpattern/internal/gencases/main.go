// Command gencases writes random URL pattern cases for the differential
// test of package urlpattern against a JavaScript implementation: one JSON
// object per line, {"pattern":[ARGS...],"inputs":[ARGS...]}, where ARGS
// are the arguments of new URLPattern(...) and of exec(...) as
// urlpatterntestdata.json of web-platform-tests writes them: strings, and
// objects for a URLPatternInit or URLPatternOptions.
//
// Usage:
//
//	go run ./urlpattern/internal/gencases [-n N] [-seed S] [-regexp] > cases.jsonl
//
// With -regexp, it writes regular expressions instead, for the test of the
// translation to RE2 against V8's RegExp with the "v" flag:
// {"source":S,"flags":"v"|"vi","inputs":[S...]}, ASCII inputs made of the
// same characters.
//
// The patterns are built from pieces of every kind of pattern syntax
// (fixed text, named groups, wildcards, regular expressions, groupings,
// modifiers, escapes), and each input is built from the same pieces, so
// that many inputs match and many miss by one step. See
// urlpattern/testdata/README.md (patterns) and
// urlpattern/internal/jsregexp/testdata/README.md (regular expressions)
// for the rest of the procedure.
package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"strings"
)

func main() {
	n := flag.Int("n", 4000, "the number of cases")
	seed := flag.Uint64("seed", 1, "the seed of the random generator")
	regexps := flag.Bool("regexp", false, "write regular expressions and inputs")
	flag.Parse()
	r := rand.New(rand.NewPCG(*seed, 0))
	enc := json.NewEncoder(os.Stdout)
	enc.SetEscapeHTML(false)
	for range *n {
		var c any = genCase(r)
		if *regexps {
			c = genRegexp(r)
		}
		if err := enc.Encode(c); err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
	}
}

type testCase struct {
	Pattern []any `json:"pattern"`
	Inputs  []any `json:"inputs"`
}

func pick(r *rand.Rand, xs ...string) string { return xs[r.IntN(len(xs))] }

// The pieces of each component's patterns, and the text its inputs are
// made of.
var (
	protocols = []string{"http", "https", "http{s}?", "*", "(https?)", "ftp", "data", "foo", "HTTP", "(\\w+)", ":p", "ht*", "{ws}+s"}
	hostParts = []string{"example", "com", "*", ":sub", "{:sub.}?", "(\\w+)", "xn--nxasmq6b", "b\u00fccher", "EXAMPLE", "a-b",
		"127.0.0.1", "[::1]", "[\\:\\:1]", "%41", "{www.}?", "(a|b)", "[:x]"}
	hostSeps  = []string{".", ".", "", "-"}
	ports     = []string{"", "8080", "*", "80", "443", ":p(\\d+)", "(80|443)", "08080", "80{80}?", "(\\d*)"}
	pathParts = []string{"/", "/foo", "/:id", "/*", "/:id?", "/:id+", "/:id*", "{/x}?", "(\\d+)", "/(a|b)", "/:n([a-z]+)",
		".json", "-", "%41", "\u00e9", " ", "\\:", "{:a}", "*", "/:a.:b", "/(.*)", "(.*)?", "/..", "/.", "/(\\d+)?",
		"/{:x}*", "/:x(\\w+)+", "/[a]", "/(?:a|b)", "/([^/]+)", "/bar", "/BAR", "{/:c}+", "/(.+)?", "/:a(a*)?"}
	searches = []string{"*", "", "q=:q", "a=*", ":q", "q=(\\d+)", "a&b", "x={:y}?", "\u00e9", "?q"}
	hashes   = []string{"*", "", "top", ":h", "sec-(\\d+)", "#x", "a b"}
	users    = []string{"*", "", "user", ":u", "u(\\w)"}
	texts    = []string{"a", "b", "1", "12", "foo", "bar", "x.y", "", "-", "%41", "\u00e9", "BAR", "a/b", "abc", "0"}
)

// components are the names of the components of an init, in the order of
// the standard's URLPatternInit.
var components = []string{"protocol", "username", "password", "hostname", "port", "pathname", "search", "hash"}

// genCase returns one case: a pattern as a string (possibly relative, with
// a base) or an init, and inputs as a URL string or an init.
func genCase(r *rand.Rand) testCase {
	var c testCase
	comp := map[string]string{
		"protocol": pick(r, protocols...),
		"hostname": genHost(r),
		"port":     pick(r, ports...),
		"pathname": genPath(r),
		"search":   pick(r, searches...),
		"hash":     pick(r, hashes...),
		"username": pick(r, users...),
		"password": pick(r, users...),
	}
	switch r.IntN(4) {
	case 0, 1:
		c.Pattern = []any{patternString(r, comp)}
		if r.IntN(4) == 0 {
			c.Pattern = []any{relativeString(r, comp), "https://example.com/base/x?q#h"}
		}
	default:
		init := map[string]any{}
		// In a fixed order: the cases of a seed are the same from run to
		// run, as the figures of urlpattern/testdata/README.md need.
		for _, k := range components {
			if r.IntN(3) == 0 {
				init[k] = comp[k]
			}
		}
		if r.IntN(5) == 0 {
			init["baseURL"] = pick(r, "https://example.com/base/x?q#h", "http://a:b@example.com:8080/", "data:text")
		}
		c.Pattern = []any{init}
	}
	if r.IntN(4) == 0 {
		c.Pattern = append(c.Pattern, map[string]any{"ignoreCase": true})
	}
	c.Inputs = []any{genInput(r, comp)}
	if len(c.Pattern) > 1 && r.IntN(2) == 0 {
		if base, ok := c.Pattern[1].(string); ok {
			c.Inputs = []any{strings.TrimPrefix(genInput(r, comp), "https://"), base}
		}
	}
	if r.IntN(5) == 0 {
		c.Inputs = []any{inputInit(r)}
	}
	return c
}

func genHost(r *rand.Rand) string {
	var b strings.Builder
	for n := 1 + r.IntN(3); n > 0; n-- {
		b.WriteString(pick(r, hostParts...))
		if n > 1 {
			b.WriteString(pick(r, hostSeps...))
		}
	}
	return b.String()
}

func genPath(r *rand.Rand) string {
	var b strings.Builder
	for n := 1 + r.IntN(4); n > 0; n-- {
		b.WriteString(pick(r, pathParts...))
	}
	return b.String()
}

// patternString writes the components as a constructor string.
func patternString(r *rand.Rand, c map[string]string) string {
	var b strings.Builder
	b.WriteString(c["protocol"])
	b.WriteString("://")
	if r.IntN(3) == 0 {
		b.WriteString(c["username"])
		if r.IntN(2) == 0 {
			b.WriteString(":" + c["password"])
		}
		b.WriteString("@")
	}
	b.WriteString(c["hostname"])
	if c["port"] != "" && r.IntN(2) == 0 {
		b.WriteString(":" + c["port"])
	}
	if r.IntN(4) != 0 {
		b.WriteString(c["pathname"])
	}
	if r.IntN(3) == 0 {
		b.WriteString("?" + c["search"])
	}
	if r.IntN(4) == 0 {
		b.WriteString("#" + c["hash"])
	}
	return b.String()
}

// relativeString writes a pattern string without a protocol.
func relativeString(r *rand.Rand, c map[string]string) string {
	s := c["pathname"]
	if r.IntN(3) == 0 {
		s += "?" + c["search"]
	}
	if r.IntN(4) == 0 {
		s += "#" + c["hash"]
	}
	return s
}

// genInput writes a URL string from the components of the pattern, with
// the groups and wildcards replaced by text, or now and then from other
// pieces.
func genInput(r *rand.Rand, c map[string]string) string {
	text := func() string {
		if r.IntN(4) == 0 {
			return pick(r, texts...)
		}
		return pick(r, "a", "foo", "42", "x1", "abc")
	}
	fill := func(s string) string {
		for _, g := range []string{":sub", ":id", ":n", ":a", ":b", ":x", ":c", ":q", ":h", ":u", ":p", ":y"} {
			s = strings.ReplaceAll(s, g, text())
		}
		return strings.NewReplacer("*", text(), "{", "", "}", "", "?", "", "+", "", "(\\d+)", "42",
			"(\\w+)", "w", "(a|b)", "a", "(.*)", "any/thing", "(https?)", "http", "\\", "", "(80|443)", "443",
			"(\\d*)", "", "(\\w)", "w", "([^/]+)", "seg", "(.+)", "x", "(?:a|b)", "b", "([a-z]+)", "abc", "(a*)", "aa").Replace(s)
	}
	other := func(k string, pieces func() string) string {
		if r.IntN(8) == 0 {
			return fill(pieces())
		}
		return fill(c[k])
	}
	proto := strings.ToLower(other("protocol", func() string { return pick(r, "http", "https", "ftp", "data", "foo", "wss", "file") }))
	if proto == "" || strings.ContainsAny(proto, "()[]") {
		proto = "https"
	}
	var b strings.Builder
	b.WriteString(proto + "://")
	if r.IntN(4) == 0 {
		b.WriteString(other("username", func() string { return pick(r, texts...) }) + ":" + fill(c["password"]) + "@")
	}
	b.WriteString(other("hostname", func() string { return genHost(r) }))
	if port := other("port", func() string { return pick(r, "80", "443", "8080", "21", "0", "65535") }); port != "" && r.IntN(2) == 0 {
		b.WriteString(":" + port)
	}
	path := other("pathname", func() string { return genPath(r) })
	if path != "" && path[0] != '/' {
		path = "/" + path
	}
	b.WriteString(path)
	if r.IntN(2) == 0 {
		b.WriteString("?" + other("search", func() string { return pick(r, searches...) }))
	}
	if r.IntN(3) == 0 {
		b.WriteString("#" + other("hash", func() string { return pick(r, hashes...) }))
	}
	return b.String()
}

// inputInit writes an init to match.
func inputInit(r *rand.Rand) map[string]any {
	in := map[string]any{}
	if r.IntN(2) == 0 {
		in["protocol"] = pick(r, "http", "https", "foo", "HTTP:", "1x")
	}
	if r.IntN(2) == 0 {
		in["hostname"] = pick(r, "example.com", "a.example.com", "EXAMPLE.COM", "b\u00fccher.de", "[::1]", "a b")
	}
	if r.IntN(3) == 0 {
		in["port"] = pick(r, "80", "443", "8080", "x", "99999", "8080abc")
	}
	if r.IntN(2) == 0 {
		in["pathname"] = pick(r, "/foo", "/foo/42", "/a/b/c", "foo", "/%41", "/\u00e9", "/x/../y", "/BAR")
	}
	if r.IntN(3) == 0 {
		in["search"] = pick(r, "q=1", "?a", "", "a b")
	}
	if r.IntN(5) == 0 {
		in["baseURL"] = pick(r, "https://example.com/base/x?q#h", "not a url")
	}
	return in
}

type regexpCase struct {
	Source string   `json:"source"`
	Flags  string   `json:"flags"`
	Inputs []string `json:"inputs"`
}

// The pieces of the random regular expressions: atoms, classes with the
// "v" flag's syntax, escapes, groups; and the characters of the inputs.
var (
	reAtoms = []string{"a", "b", "k", "s", "K", "S", "0", "1", "-", ".", "/", "%", "_", " ", "\\.", "\\/", "\\-",
		"\\d", "\\D", "\\w", "\\W", "\\s", "\\S", "\\b", "\\B", "^", "$", "\\x41", "\\u006b", "\\u{212A}",
		"\\u017F", "\\t", "\\v", "\\0", "\\cJ", "\\p{L}", "\\p{Lu}", "\\P{Ll}", "\\p{ASCII}", "\\p{Nd}",
		"\\p{sc=Latin}", "\\p{White_Space}", "\\p{Any}", "[a-c]", "[^a]", "[^/]", "[\\/]", "[\\-a]", "[a-]", "[(]",
		"[\\d&&[0-5]]", "[\\w--[a-f]]", "[[a-z]--[aeiou]]", "[^\\d\\s]", "[\\q{a|b}]", "[\\q{ab}]", "[]", "[^]",
		"[kK]", "[^k]", "[\\p{L}&&\\p{Ll}]", "[.]", "[\\b]", "[&&]", "[a&&b]", "\\k<n>", "\\1", "(?=a)", "(?!b)",
		"(?<=a)", "(?<!b)", "\\m", "{", "}", "]", "a{2}", "a{1,3}", "a{3,1}", "\\p{Foo}", "\\p{Script_Extensions=Latin}"}
	reQuants = []string{"", "", "", "*", "+", "?", "*?", "+?", "??", "{0,2}", "{2,}", "{1}"}
	reInput  = "abkKsS01-./%_ \tABZz"
)

// genRegexp returns a random regular expression and inputs for it.
func genRegexp(r *rand.Rand) regexpCase {
	c := regexpCase{Source: genDisjunction(r, 0), Flags: pick(r, "v", "v", "vi")}
	for range 6 {
		var b strings.Builder
		for n := r.IntN(6); n > 0; n-- {
			b.WriteByte(reInput[r.IntN(len(reInput))])
		}
		c.Inputs = append(c.Inputs, b.String())
	}
	return c
}

func genDisjunction(r *rand.Rand, depth int) string {
	s := genAlternative(r, depth)
	for r.IntN(4) == 0 {
		s += "|" + genAlternative(r, depth)
	}
	return s
}

func genAlternative(r *rand.Rand, depth int) string {
	var b strings.Builder
	for n := r.IntN(4); n > 0; n-- {
		switch {
		case depth < 3 && r.IntN(5) == 0:
			open := pick(r, "(?:", "(?:", "(?<n>", "(?<m>", "(")
			b.WriteString(open + genDisjunction(r, depth+1) + ")")
		default:
			b.WriteString(pick(r, reAtoms...))
		}
		b.WriteString(pick(r, reQuants...))
	}
	return b.String()
}
