package urlpattern

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"maps"
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/gouri/uri"
	"github.com/gouri/uri/internal/testrows"
	"github.com/gouri/uri/whatwg"
)

// polyfillRow is a random case with the answer of urlpattern-polyfill
// 10.1.0 (testdata/polyfill-random.jsonl; see testdata/README.md).
type polyfillRow struct {
	testrows.Source
	Pattern  []json.RawMessage `json:"pattern"`
	Inputs   []json.RawMessage `json:"inputs"`
	Polyfill polyfillAnswer    `json:"polyfill"`
}

type polyfillAnswer struct {
	Error      bool                    `json:"error"`
	Message    string                  `json:"message"`
	Components map[string]string       `json:"components"`
	Test       bool                    `json:"test"`
	Exec       map[string]wptComponent `json:"exec"`
	MatchError bool                    `json:"matchError"`
}

// answer computes what this package answers for the case, in the shape of
// the polyfill's answer.
func answer(t *testing.T, r polyfillRow) (polyfillAnswer, error) {
	p, err := construct(parseArgs(t, r.Pattern))
	if err != nil {
		return polyfillAnswer{Error: true}, err
	}
	a := polyfillAnswer{Components: map[string]string{}}
	for c := Protocol; c < numComponents; c++ {
		a.Components[c.String()] = p.Component(c)
	}
	args := parseArgs(t, r.Inputs)
	ok, terr := testWith(p, args)
	res, eerr := execute(p, args)
	if terr != nil || eerr != nil {
		return polyfillAnswer{Components: a.Components, MatchError: true}, nil
	}
	a.Test = ok
	if res != nil {
		a.Exec = map[string]wptComponent{}
		for c := Protocol; c < numComponents; c++ {
			cr := res.Component(c)
			w := wptComponent{Input: cr.Input, Groups: map[string]*string{}}
			for _, g := range cr.Groups {
				if g.Matched {
					w.Groups[g.Name] = &g.Value
				} else {
					w.Groups[g.Name] = nil
				}
			}
			a.Exec[c.String()] = w
		}
	}
	return a, nil
}

// TestPolyfill compares this package with urlpattern-polyfill 10.1.0 on
// random patterns and inputs: the committed sample, or, when the
// environment variable GOURI_URLPATTERN_ORACLE names a file of answers
// made as testdata/README.md says, all of its rows. A row where the
// polyfill deviates from the standard is told by deviation, with the
// reason: the standard wins. On the full run of the README (fullRun), the
// number of answers that agree must be the README's: a change of it, in
// either direction, is a change of behaviour to explain; and when
// GOURI_URLPATTERN_SAMPLE names a file, the test writes the sample of the
// full run to it (see writeSample).
func TestPolyfill(t *testing.T) {
	path := "testdata/polyfill-random.jsonl"
	if env := os.Getenv("GOURI_URLPATTERN_ORACLE"); env != "" {
		path = env
	}
	rows := testrows.Read[polyfillRow](t, path)
	if len(rows) < 400 {
		t.Fatalf("%s: %d rows, want at least 400", path, len(rows))
	}
	agree, deviate := 0, map[string]int{}
	why := make([]string, len(rows)) // the deviation of each row, or ""
	digest := sha256.New()
	for i, r := range rows {
		for _, m := range slices.Concat(r.Pattern, r.Inputs) {
			digest.Write(m)
			digest.Write([]byte{'\n'})
		}
		got, err := answer(t, r)
		want := r.Polyfill
		want.Message = ""
		diff := cmp.Diff(want, got)
		if diff == "" {
			agree++
			continue
		}
		if why[i] = deviation(r, got, err); why[i] == "" {
			t.Errorf("%s:%d: pattern %s, inputs %s (-polyfill +urlpattern): %s\n%s", path, r.Line,
				compactJSON(r.Pattern), compactJSON(r.Inputs), r.Polyfill.Message, diff)
			continue
		}
		deviate[why[i]]++
	}
	t.Logf("%s: %d rows, %d agree; polyfill deviations from the standard, by reason:", path, len(rows), agree)
	for _, k := range slices.SortedFunc(maps.Keys(deviate), func(a, b string) int {
		if d := deviate[b] - deviate[a]; d != 0 {
			return d
		}
		return strings.Compare(a, b)
	}) {
		t.Logf("%5d %s", deviate[k], k)
	}
	sum := hex.EncodeToString(digest.Sum(nil))
	switch {
	case sum == fullRun.digest && agree != fullRun.agree:
		t.Errorf("%s: the full run of testdata/README.md: %d answers agree, the README says %d", path, agree, fullRun.agree)
	case sum != fullRun.digest && len(rows) == fullRun.rows:
		t.Logf("%s: not the cases of the full run of testdata/README.md (digest %s): its figure is not checked", path, sum)
	}
	if out := os.Getenv("GOURI_URLPATTERN_SAMPLE"); out != "" {
		if sum != fullRun.digest {
			t.Fatalf("GOURI_URLPATTERN_SAMPLE: %s is not the full run of testdata/README.md, of which the sample is drawn", path)
		}
		writeSample(t, out, rows, why)
	}
}

// sampleHeader heads the sample of the full run that writeSample writes.
const sampleHeader = `# Random URL patterns and inputs with the answers of urlpattern-polyfill 10.1.0 (npm), a JavaScript
# implementation of the URL Pattern Standard, under Node 20: 400 of the 20,000 cases that
# go run ./urlpattern/internal/gencases -n 20000 -seed 7 writes, run through
# node testdata/polyfill-driver.cjs, as TestPolyfill chooses them with GOURI_URLPATTERN_SAMPLE (see
# testdata/README.md): the first row of each reason for a deviation, then rows evenly spaced
# among the rest up to 200 that match, 100 that do not, 100 patterns the polyfill rejects.
# "polyfill" is its answer: {"error":true,"message":S} when the constructor throws, else the eight
# pattern strings, test() and exec() (null, or each component's input and groups, null for
# undefined). Where it deviates from the standard, polyfill_test.go says why, and the standard wins.
`

// writeSample writes to path the sample of rows, whose deviations are
// why, that sampleHeader describes, so that each reason that the full run
// finds is checked on every run of the tests.
func writeSample(t *testing.T, path string, rows []polyfillRow, why []string) {
	keep := map[int]bool{}
	seen := map[string]bool{}
	for i, w := range why {
		if w != "" && !seen[w] {
			seen[w], keep[i] = true, true
		}
	}
	kind := func(r polyfillRow) int { // the index of its quota
		switch {
		case r.Polyfill.Test:
			return 0
		case r.Polyfill.Error:
			return 2
		}
		return 1
	}
	for k, quota := range []int{200, 100, 100} {
		var rest []int
		for i, r := range rows {
			if kind(r) == k && keep[i] {
				quota--
			} else if kind(r) == k {
				rest = append(rest, i)
			}
		}
		for j := range min(quota, len(rest)) {
			keep[rest[j*len(rest)/quota]] = true
		}
	}
	var b strings.Builder
	b.WriteString(sampleHeader)
	for _, i := range slices.Sorted(maps.Keys(keep)) {
		b.WriteString(rows[i].Text + "\n")
	}
	if err := os.WriteFile(path, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	t.Logf("wrote %d rows to %s", len(keep), path)
}

// fullRun is the full run of testdata/README.md: the cases that gencases
// writes for -n 20000 -seed 7, known by the SHA-256 of their patterns and
// inputs as the answers give them back, and how many answers of
// urlpattern-polyfill 10.1.0 under Node 20 agree with this package's.
var fullRun = struct {
	rows   int
	digest string
	agree  int
}{20000, "ee57a567b8aaed9882c23ee8d005f7a8d0f5fc2ad9996f42b5a5e9d1da294d4b", 17364}

// TestPolyfillREADME checks that testdata/README.md gives the figures of
// fullRun, which TestPolyfill checks on the full run.
func TestPolyfillREADME(t *testing.T) {
	b, err := os.ReadFile("testdata/README.md")
	if err != nil {
		t.Fatal(err)
	}
	text := strings.Join(strings.Fields(string(b)), " ")
	for _, want := range []string{
		"On the " + thousands(fullRun.rows) + " cases of seed 7, " + thousands(fullRun.agree) + " answers agree",
		"the " + thousands(fullRun.rows-fullRun.agree) + " others",
	} {
		if !strings.Contains(text, want) {
			t.Errorf("testdata/README.md does not say %q", want)
		}
	}
}

// thousands writes n with a comma between each group of three digits.
func thousands(n int) string {
	s := strconv.Itoa(n)
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}

// deviation returns why the polyfill's answer differs from this
// package's where the standard is on this package's side, or "". Each
// reason was checked against the standard's text and, for regular
// expressions, against V8's RegExp with the "v" flag.
func deviation(r polyfillRow, got polyfillAnswer, err error) string {
	want := r.Polyfill
	if want.Error || got.Error {
		return constructorDeviation(r, got, err)
	}
	if !maps.Equal(want.Components, got.Components) {
		var why []string
		for _, k := range slices.Sorted(maps.Keys(want.Components)) {
			w, g := want.Components[k], got.Components[k]
			switch {
			case w == g:
			case k == "port" && strings.TrimLeft(w, "0") == g:
				why = append(why, "the polyfill keeps the leading zeros of a port, which the port state drops")
			case k == "pathname" && opaqueProtocol(want.Components["protocol"]):
				why = append(why, opaquePathDeviation)
			case k == "hostname" && strings.Contains(w, "example.com") && !strings.Contains(g, "example.com") && isASCII(g):
				why = append(why, "the polyfill keeps its dummy URL's hostname where Node's host parser fails (an ASCII \"xn--\" label that is no Punycode, which the URL Standard lower-cases since June 2026)")
			case k == "hostname" && strings.Contains(w, "example.com") && strings.Contains(g, "xn--"):
				why = append(why, whatwgIDNA)
			case k == "pathname" && dotAfterDot(w, true) && !dotAfterDot(g, true):
				why = append(why, nodeDots)
			default:
				return ""
			}
		}
		return strings.Join(slices.Compact(why), "; ")
	}
	in := ""
	if len(r.Inputs) > 0 {
		json.Unmarshal(r.Inputs[0], &in)
	}
	u, uerr := whatwg.Parse(in)
	// The pathname that this package matched, or would have: the
	// standard matches the URL's path as the URL Standard serializes it
	// (section 1.4, match: "URL path serializing" the URL).
	path := ""
	if got.Exec != nil {
		path = got.Exec["pathname"].Input
	} else if uerr == nil {
		path = u.Pathname()
	}
	switch {
	case strings.Contains(in, "##"):
		return "the polyfill drops the \"#\" that starts a URL's fragment"
	case uerr == nil && u.HostKind() == uri.HostOpaque && (want.Test != got.Test ||
		want.Exec != nil && want.Exec["hostname"].Input != got.Exec["hostname"].Input):
		return "the polyfill canonicalizes the opaque host of a URL whose scheme is not special again, as a domain: lower case, IPv4 numbers, percent-decoding, and its dummy URL's hostname where that fails"
	case uerr == nil && strings.Contains(u.Hostname(), "xn--") && !want.Test && got.Test:
		return "Node's URL parser rejects an ASCII \"xn--\" label that is no Punycode, which the URL Standard lower-cases since June 2026"
	case uerr == nil && !u.IsSpecial() && u.Pathname() == "/" && strings.Contains(in, "/..") &&
		(want.Test != got.Test || want.Exec != nil && want.Exec["pathname"].Input == ""):
		return "Node's URL parser (Node 20) gives the path \"\" where a URL whose scheme is not special has a path of \"..\" segments; the URL Standard gives \"/\""
	case uerr == nil && urlDotAfterDot(in) && (want.Test != got.Test ||
		want.Exec != nil && got.Exec != nil && want.Exec["pathname"].Input != got.Exec["pathname"].Input):
		return nodeDots
	case opaqueInitDots(r.Inputs) && (want.Test != got.Test ||
		want.Exec != nil && got.Exec != nil && want.Exec["pathname"].Input != got.Exec["pathname"].Input):
		return "the polyfill removes the dot segments of an init's pathname whose protocol is not special, which the standard canonicalizes as an opaque pathname, keeping them (process pathname for init)"
	case want.Test != got.Test && !canonicalInit(r.Inputs):
		return "the polyfill matches an init whose components the standard cannot canonicalize (a protocol that is no scheme)"
	case want.Test != got.Test && portWithText(r.Inputs):
		return "the polyfill rejects an init's port with text after its digits, which the port state ignores"
	case strings.HasPrefix(path, "//") && (want.Test != got.Test || want.Exec != nil && want.Exec["pathname"].Input != path):
		return "the polyfill canonicalizes the pathname of a URL again, and reads a leading \"//\" as an authority"
	}
	return ""
}

// hasDotSegment reports whether a pathname has a "." or ".." segment.
func hasDotSegment(s string) bool {
	for _, seg := range strings.Split(s, "/")[1:] {
		if seg == "." || seg == ".." {
			return true
		}
	}
	return false
}

// nodeDots is the reason for a deviation of Node's URL parser, through
// which the polyfill reads a URL's path and canonicalizes a pathname's
// fixed text: the URL Standard's path state removes every "." and ".."
// segment, whatever the segments before it (the URL Standard, section
// 4.4, path state; section 4.1, single-dot and double-dot URL path
// segments).
const nodeDots = "Node's URL parser (Node 20) keeps the \".\" and \"..\" segments that follow a segment, not the first, that starts with \".\" (\"/x/.json/b/..\"), which the URL Standard's path state removes"

// dotAfterDot reports whether path, a pathname or, when pattern is set,
// its pattern string, has a segment other than the first that starts with
// "." and is no dot segment, and after it a "." or ".." segment, or in a
// pattern string one of them that pattern syntax ends ("..{/x}?"): the
// segments that nodeDots keeps.
func dotAfterDot(path string, pattern bool) bool {
	dotted := false
	for i, seg := range strings.Split(path, "/")[1:] {
		if j := strings.IndexAny(seg, "{(:*"); pattern && j >= 0 {
			seg = seg[:j]
		}
		dot := seg == "." || seg == ".."
		if dotted && dot {
			return true
		}
		dotted = dotted || i > 0 && !dot && strings.HasPrefix(seg, ".")
	}
	return false
}

// urlDotAfterDot is dotAfterDot on the path of in, a URL, or a reference
// relative to a base whose path has more than one segment.
func urlDotAfterDot(in string) bool {
	path := in
	if i := strings.Index(in, "://"); i >= 0 {
		path = ""
		if j := strings.IndexByte(in[i+3:], '/'); j >= 0 {
			path = in[i+3+j:]
		}
	} else if !strings.HasPrefix(in, "/") {
		path = "/base/" + in
	}
	if i := strings.IndexAny(path, "?#"); i >= 0 {
		path = path[:i]
	}
	return dotAfterDot(path, false)
}

// opaqueInitDots reports whether the inputs are an init whose protocol is
// a scheme that is not special (the URL Standard, section 4.1) and whose
// pathname has a "." or ".." segment: the standard canonicalizes that
// pathname as an opaque one (section 3.2, process pathname for init;
// section 3.1, canonicalize an opaque pathname, which parses it in the
// opaque path state), whose dot segments stay.
func opaqueInitDots(inputs []json.RawMessage) bool {
	var in map[string]any
	if len(inputs) != 1 || json.Unmarshal(inputs[0], &in) != nil {
		return false
	}
	protocol, _ := in["protocol"].(string)
	pathname, _ := in["pathname"].(string)
	protocol = strings.ToLower(strings.TrimSuffix(protocol, ":"))
	special := []string{"ftp", "file", "http", "https", "ws", "wss"}
	return protocol != "" && !slices.Contains(special, protocol) && hasDotSegment(pathname)
}

// portWithText reports whether the inputs are an init with a port that
// has text after its digits.
func portWithText(inputs []json.RawMessage) bool {
	var in map[string]any
	if len(inputs) != 1 || json.Unmarshal(inputs[0], &in) != nil {
		return false
	}
	port, _ := in["port"].(string)
	return strings.TrimLeft(port, "0123456789") != "" && strings.TrimLeft(port, "0123456789") != port
}

// whatwgIDNA is the one difference of this package from the standard that
// the random cases find, which is package whatwg's: before Go 1.27,
// x/net/idna follows UTS #46 as of Unicode 15.0.0, which takes a label
// that starts with "xn--" and holds non-ASCII code points (Punycode of
// them); UTS #46 since Unicode 15.1 rejects it, and so does the standard's
// host parser. The polyfill's host parser (Node's) rejects it and keeps
// its dummy URL's hostname, which is no more the standard's answer.
const whatwgIDNA = "package whatwg: x/net/idna before Go 1.27 (UTS #46 of Unicode 15.0) takes a non-ASCII label that starts with \"xn--\", which the standard's host parser rejects"

// opaqueProtocol reports whether a protocol pattern string matches no
// special scheme, so that the pathname is an opaque one.
func opaqueProtocol(protocol string) bool {
	c, err := compileComponent(protocol, canonProtocol, defaultOptions)
	return err == nil && !c.matchesSpecialScheme()
}

func isASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= 0x80 {
			return false
		}
	}
	return true
}

const opaquePathDeviation = "the polyfill parses an opaque pathname as a URL after \"data:\", which reads \"/\" as a path of segments and \"//\" as an authority; the opaque path state keeps them"

// constructorDeviation is deviation where one of the two constructors
// failed.
func constructorDeviation(r polyfillRow, got polyfillAnswer, err error) string {
	want := r.Polyfill
	var ue *uri.Error
	errors.As(err, &ue)
	switch {
	case want.Error && got.Error:
		return ""
	case got.Error && errors.Is(err, ErrRegexpSyntax):
		return "the polyfill compiles with the u flag; the standard's v flag rejects the regular expression (\"[^/]\": \"/\" must be escaped in a class)"
	case got.Error && errors.Is(err, ErrCanonical) && ue.Component == uri.Host:
		return "the polyfill keeps the hostname its dummy URL had where the host parser fails (a domain that ends in a number and is no IPv4 address)"
	case got.Error && errors.Is(err, ErrCanonical) && ue.Component == uri.Scheme:
		return "the polyfill takes a protocol that does not start with a letter, which the URL parser rejects"
	case want.Error && strings.Contains(want.Message, "invalid hostname pattern"):
		return "the polyfill rejects hostname text that the URL Standard's host parser reads (\"%41\", \"[::1]\" after other text)"
	case want.Error && strings.Contains(want.Message, "invalid port pattern"):
		return "the polyfill rejects a port with text after its digits, which the port state ignores"
	case want.Error && strings.Contains(want.Message, "invalid pathname pattern"):
		return opaquePathDeviation
	}
	return ""
}

// canonicalInit reports whether the inputs are an init that process a
// URLPatternInit with type "url" takes.
func canonicalInit(inputs []json.RawMessage) bool {
	var in map[string]any
	if len(inputs) != 1 || json.Unmarshal(inputs[0], &in) != nil {
		return true
	}
	var init Init
	for k, v := range in {
		s, _ := v.(string)
		if c, ok := ParseComponent(k); ok {
			init.Set(c, s)
		} else if k == "baseURL" {
			init.BaseURL = Some(s)
		}
	}
	_, err := processInit(init, true)
	return err == nil
}
