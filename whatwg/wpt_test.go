package whatwg

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/gouri/uri/internal/abnf"
	"github.com/gouri/uri/internal/testrows"
)

// The web-platform-tests cases of the URL Standard are kept as vectors in
// testdata/conformance/wpt-url of the module (see its README.md), made by
// go run ./internal/cmd/vectors wpt-url from WPT's url/resources files.
const wptSuite = "wpt-url"

// view is what a test compares of a URL: the getters of the URL class.
// Origin is compared only when the test data gives it.
type view struct {
	Href, Origin, Protocol, Username, Password, Host, Hostname, Port, Pathname, Search, Hash string
}

func viewOf(u URL) view {
	return view{
		Href: u.Href(), Origin: u.Origin(), Protocol: u.Protocol(), Username: u.Username(),
		Password: u.Password(), Host: u.Host(), Hostname: u.Hostname(), Port: u.Port(),
		Pathname: u.Pathname(), Search: u.Search(), Hash: u.Hash(),
	}
}

// urlTest is one case of urltestdata.jsonl. The converter wrote the lone
// surrogates of a few inputs ("\uD800") as U+FFFD, which is what the
// USVString conversion of the URL constructor does with them too.
type urlTest struct {
	Input        string  `json:"input"`
	Base         *string `json:"base"`
	Failure      bool    `json:"failure"`
	RelativeTo   string  `json:"relativeTo"`
	SearchParams *string `json:"searchParams"`
	Origin       *string `json:"origin"`
	view
}

// call is how a message names the parse of tc.
func (tc urlTest) call() string {
	if tc.Base == nil {
		return "Parse(" + quote(tc.Input) + ")"
	}
	return "Resolve(" + quote(*tc.Base) + ", " + quote(tc.Input) + ")"
}

// TestWPTURLTestData runs every case of urltestdata.jsonl as the WPT test
// url-constructor.any.js does: new URL(input, base), then every getter.
func TestWPTURLTestData(t *testing.T) {
	e := testrows.NewExpect(t, "urltestdata.jsonl", knownWPT(t, "urltestdata.jsonl"))
	for _, tc := range testrows.Vectors[urlTest](t, wptSuite, "urltestdata.jsonl") {
		e.Case(tc.call(), checkURLTest(tc))
	}
	e.Done()
}

// checkURLTest runs tc and returns what went wrong, or "".
func checkURLTest(tc urlTest) string {
	var got URL
	var err error
	if tc.Base == nil {
		got, err = Parse(tc.Input)
	} else {
		got, err = Resolve(*tc.Base, tc.Input)
	}
	switch {
	case tc.Failure && err == nil:
		return fmt.Sprintf("%s = %q, want failure", tc.call(), got.Href())
	case tc.Failure:
		return ""
	case err != nil:
		return fmt.Sprintf("%s: %v, want %q", tc.call(), err, tc.Href)
	}
	want := tc.view
	gv := viewOf(got)
	if tc.Origin != nil {
		want.Origin = *tc.Origin
	} else {
		gv.Origin = ""
	}
	if diff := cmp.Diff(want, gv); diff != "" {
		return fmt.Sprintf("%s (-want +got):\n%s", tc.call(), diff)
	}
	if tc.SearchParams != nil {
		if sp := got.SearchParams().String(); sp != *tc.SearchParams {
			return fmt.Sprintf("%s: searchParams = %q, want %q", tc.call(), sp, *tc.SearchParams)
		}
	}
	return ""
}

// quote quotes s for a test message.
func quote(s string) string {
	b, _ := json.Marshal(s)
	return string(b)
}

// formParse and formSerialize are the application/x-www-form-urlencoded
// parser and serializer of the URL Standard, section 5, written out step by
// step as a slow reference for ParseForm and SearchParams.String, which
// FuzzSearchParams compares with them. formParse takes a scalar value
// string (valid UTF-8).
func formParse(q string) [][2]string {
	var out [][2]string
	for _, seq := range strings.Split(q, "&") {
		if seq == "" {
			continue
		}
		name, value, _ := strings.Cut(seq, "=")
		dec := func(s string) string {
			return toScalarValues(abnf.Decode(s, true))
		}
		out = append(out, [2]string{dec(name), dec(value)})
	}
	return out
}

func formSerialize(pairs [][2]string) string {
	enc := func(s string) string {
		var b strings.Builder
		for i := 0; i < len(s); i++ {
			c := s[i]
			switch {
			case c == ' ':
				b.WriteByte('+')
			case 'a' <= c && c <= 'z', 'A' <= c && c <= 'Z', '0' <= c && c <= '9', c == '*', c == '-', c == '.', c == '_':
				b.WriteByte(c)
			default:
				b.WriteByte('%')
				b.WriteByte(abnf.UpperHex[c>>4])
				b.WriteByte(abnf.UpperHex[c&15])
			}
		}
		return b.String()
	}
	var parts []string
	for _, p := range pairs {
		parts = append(parts, enc(p[0])+"="+enc(p[1]))
	}
	return strings.Join(parts, "&")
}

// setterTest is one case of setters.jsonl.
type setterTest struct {
	Setter   string            `json:"setter"`
	Href     string            `json:"href"`
	NewValue string            `json:"new_value"`
	Expected map[string]string `json:"expected"`
}

// TestWPTSetters runs every case of setters.jsonl as the WPT test
// url-setters.any.js does: parse href, call the setter, compare the getters
// named in expected.
func TestWPTSetters(t *testing.T) {
	setters := map[string]func(*URL, string) error{
		"href": (*URL).SetHref, "protocol": (*URL).SetProtocol, "username": (*URL).SetUsername,
		"password": (*URL).SetPassword, "host": (*URL).SetHost, "hostname": (*URL).SetHostname,
		"port": (*URL).SetPort, "pathname": (*URL).SetPathname, "search": (*URL).SetSearch,
		"hash": (*URL).SetHash,
	}
	e := testrows.NewExpect(t, "setters.jsonl", knownWPT(t, "setters.jsonl"))
	for _, tc := range testrows.Vectors[setterTest](t, wptSuite, "setters.jsonl") {
		call := fmt.Sprintf("Parse(%s).Set%s(%s)", quote(tc.Href), tc.Setter, quote(tc.NewValue))
		set, ok := setters[tc.Setter]
		if !ok {
			e.Case(call, "no such setter")
			continue
		}
		u, err := Parse(tc.Href)
		if err != nil {
			e.Case(call, fmt.Sprintf("Parse(%s): %v", quote(tc.Href), err))
			continue
		}
		_ = set(&u, tc.NewValue)
		gv := viewOf(u)
		fields := map[string]string{
			"href": gv.Href, "origin": gv.Origin, "protocol": gv.Protocol, "username": gv.Username,
			"password": gv.Password, "host": gv.Host, "hostname": gv.Hostname, "port": gv.Port,
			"pathname": gv.Pathname, "search": gv.Search, "hash": gv.Hash,
		}
		got := map[string]string{}
		for k := range tc.Expected {
			got[k] = fields[k]
		}
		failure := ""
		if diff := cmp.Diff(tc.Expected, got); diff != "" {
			failure = fmt.Sprintf("%s (-want +got):\n%s", call, diff)
		}
		e.Case(call, failure)
	}
	e.Done()
}

// hostTest is one case of toascii.jsonl or idna-v2.jsonl: the input as
// the host of "https://" input "/x", and the expected host, or null for
// failure. The URL parser is what the test runs, so the cases marked
// urlStandardOnly count as the others.
type hostTest struct {
	Input           string  `json:"input"`
	Output          *string `json:"output"`
	URLStandardOnly bool    `json:"urlStandardOnly"`
}

// checkHost runs tc as the WPT tests toascii.window.js and
// IdnaTestV2.window.js do through the URL constructor, and, for
// toascii.jsonl, through the host and hostname setters on "https://x/x".
// It returns a description of the first mismatch, or "".
func checkHost(tc hostTest, setters bool) string {
	u, err := Parse("https://" + tc.Input + "/x")
	if tc.Output == nil {
		if err == nil {
			return "parse: got " + quote(u.Href()) + ", want failure"
		}
	} else {
		want := *tc.Output
		if err != nil {
			return "parse: " + err.Error()
		}
		if u.Host() != want || u.Hostname() != want || u.Pathname() != "/x" || u.Href() != "https://"+want+"/x" {
			return "parse: got " + quote(u.Href()) + ", want host " + quote(want)
		}
	}
	if !setters {
		return ""
	}
	for _, set := range []struct {
		name string
		set  func(*URL, string) error
		get  func(URL) string
	}{{"SetHost", (*URL).SetHost, URL.Host}, {"SetHostname", (*URL).SetHostname, URL.Hostname}} {
		u := MustParse("https://x/x")
		_ = set.set(&u, tc.Input)
		want := "x"
		if tc.Output != nil {
			want = *tc.Output
		}
		if got := set.get(u); got != want {
			return set.name + ": got " + quote(got) + ", want " + quote(want)
		}
	}
	return ""
}

// runHostTests runs the cases of a host test file and compares the
// failures with the known ones.
func runHostTests(t *testing.T, file string, setters bool) {
	e := testrows.NewExpect(t, file, knownWPT(t, file))
	skipped := 0
	for _, tc := range testrows.Vectors[hostTest](t, wptSuite, file) {
		if tc.Input == "" {
			// The WPT tests leave it out: "https:///x" has the host "x".
			skipped++
			continue
		}
		msg := checkHost(tc, setters)
		if msg != "" {
			want := "failure"
			if tc.Output != nil {
				want = quote(*tc.Output)
			}
			msg = fmt.Sprintf("host %s, want %s: %s", quote(tc.Input), want, msg)
		}
		e.Case(tc.Input, msg)
	}
	e.Done()
	t.Logf("%s: %d empty inputs left out, as WPT does", file, skipped)
}

// TestWPTToASCII runs toascii.jsonl through the parser and through the
// host and hostname setters. Cases that x/net/idna's Unicode data cannot
// pass are listed in wpt_known_test.go.
func TestWPTToASCII(t *testing.T) {
	runHostTests(t, "toascii.jsonl", true)
}

// TestWPTIdnaTestV2 runs idna-v2.jsonl (WPT's IdnaTestV2.json) through
// the parser. Cases that x/net/idna's Unicode data cannot pass are listed
// in wpt_known_test.go.
func TestWPTIdnaTestV2(t *testing.T) {
	runHostTests(t, "idna-v2.jsonl", false)
}
