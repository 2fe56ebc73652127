package whatwg

import (
	"encoding/json"
	"sort"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"golang.org/x/net/idna"

	"github.com/gouri/uri/internal/abnf"
	"github.com/gouri/uri/internal/testrows"
)

// The web-platform-tests data files of the URL Standard are not part of
// this repository. The tests below read them from wptDir of the shared test
// data beside the repository, or from the directory named by $WHATWG_WPT_DATA
// (wptEnv), and skip when they are absent.
const (
	wptDir = "whatwg/data"
	wptEnv = "WHATWG_WPT_DATA"
)

// wptFile returns the contents of the named WPT data file, or skips t.
func wptFile(t *testing.T, name string) []byte {
	t.Helper()
	return testrows.SharedFile(t, wptEnv, wptDir, name)
}

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

// urlTest is one case of urltestdata.json. Go's JSON decoder turns the
// lone surrogates of a few inputs ("\uD800") into U+FFFD, which is what
// the USVString conversion of the URL constructor does with them too.
type urlTest struct {
	Input        string  `json:"input"`
	Base         *string `json:"base"`
	Failure      bool    `json:"failure"`
	RelativeTo   string  `json:"relativeTo"`
	SearchParams *string `json:"searchParams"`
	Origin       *string `json:"origin"`
	view
}

// TestWPTURLTestData runs every case of urltestdata.json as the WPT test
// url-constructor.any.js does: new URL(input, base), then every getter.
func TestWPTURLTestData(t *testing.T) {
	var raw []json.RawMessage
	if err := json.Unmarshal(wptFile(t, "urltestdata.json"), &raw); err != nil {
		t.Fatal(err)
	}
	passed, total := 0, 0
	for _, r := range raw {
		var tc urlTest
		if json.Unmarshal(r, &tc) != nil {
			continue // a comment string
		}
		total++
		var got URL
		var err error
		if tc.Base == nil {
			got, err = Parse(tc.Input)
		} else {
			got, err = ParseRef(tc.Input, *tc.Base)
		}
		name := "Parse(" + quote(tc.Input) + ")"
		if tc.Base != nil {
			name = "ParseRef(" + quote(tc.Input) + ", " + quote(*tc.Base) + ")"
		}
		if tc.Failure {
			if err == nil {
				t.Errorf("%s = %q, want failure", name, got.Href())
				continue
			}
			passed++
			continue
		}
		if err != nil {
			t.Errorf("%s: %v, want %q", name, err, tc.Href)
			continue
		}
		want := tc.view
		gv := viewOf(got)
		if tc.Origin != nil {
			want.Origin = *tc.Origin
		} else {
			gv.Origin = ""
		}
		if diff := cmp.Diff(want, gv); diff != "" {
			t.Errorf("%s (-want +got):\n%s", name, diff)
			continue
		}
		if tc.SearchParams != nil {
			if sp := got.SearchParams().String(); sp != *tc.SearchParams {
				t.Errorf("%s: searchParams = %q, want %q", name, sp, *tc.SearchParams)
				continue
			}
		}
		passed++
	}
	t.Logf("urltestdata.json: %d of %d cases pass", passed, total)
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

// TestWPTSetters runs every case of setters_tests.json as the WPT test
// url-setters.any.js does: parse href, call the setter, compare the getters
// named in expected.
func TestWPTSetters(t *testing.T) {
	var data map[string]json.RawMessage
	if err := json.Unmarshal(wptFile(t, "setters_tests.json"), &data); err != nil {
		t.Fatal(err)
	}
	setters := map[string]func(*URL, string) error{
		"href": (*URL).SetHref, "protocol": (*URL).SetProtocol, "username": (*URL).SetUsername,
		"password": (*URL).SetPassword, "host": (*URL).SetHost, "hostname": (*URL).SetHostname,
		"port": (*URL).SetPort, "pathname": (*URL).SetPathname, "search": (*URL).SetSearch,
		"hash": (*URL).SetHash,
	}
	passed, total := 0, 0
	for _, attr := range sortedKeys(data) {
		if attr == "comment" {
			continue
		}
		set, ok := setters[attr]
		if !ok {
			t.Errorf("no setter for %q", attr)
			continue
		}
		var cases []struct {
			Href     string            `json:"href"`
			NewValue string            `json:"new_value"`
			Expected map[string]string `json:"expected"`
		}
		if err := json.Unmarshal(data[attr], &cases); err != nil {
			t.Fatal(err)
		}
		for _, tc := range cases {
			total++
			u, err := Parse(tc.Href)
			if err != nil {
				t.Errorf("Parse(%s): %v", quote(tc.Href), err)
				continue
			}
			_ = set(&u, tc.NewValue)
			got := map[string]string{}
			gv := viewOf(u)
			fields := map[string]string{
				"href": gv.Href, "origin": gv.Origin, "protocol": gv.Protocol, "username": gv.Username,
				"password": gv.Password, "host": gv.Host, "hostname": gv.Hostname, "port": gv.Port,
				"pathname": gv.Pathname, "search": gv.Search, "hash": gv.Hash,
			}
			for k := range tc.Expected {
				got[k] = fields[k]
			}
			if diff := cmp.Diff(tc.Expected, got); diff != "" {
				t.Errorf("Parse(%s).Set %s(%s) (-want +got):\n%s", quote(tc.Href), attr, quote(tc.NewValue), diff)
				continue
			}
			passed++
		}
	}
	t.Logf("setters_tests.json: %d of %d cases pass", passed, total)
}

// sortedKeys returns the keys of m in order.
func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

// hostTest is one case of toascii.json or IdnaTestV2.json: the input
// as the host of "https://" input "/x", and the expected host, or null for
// failure.
type hostTest struct {
	Input   string  `json:"input"`
	Output  *string `json:"output"`
	Comment string  `json:"comment"`
}

// checkHost runs tc as the WPT tests toascii.window.js and
// IdnaTestV2.window.js do through the URL constructor, and, for
// toascii.json, through the host and hostname setters on "https://x/x".
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
// failures with the known ones: a known failure that passes, or an unknown
// one, fails the test.
func runHostTests(t *testing.T, file string, setters bool, known map[string]string) {
	var raw []json.RawMessage
	if err := json.Unmarshal(wptFile(t, file), &raw); err != nil {
		t.Fatal(err)
	}
	passed, total, knownFailed, skipped := 0, 0, 0, 0
	seen := map[string]bool{}
	for _, r := range raw {
		var tc hostTest
		if json.Unmarshal(r, &tc) != nil {
			continue
		}
		if tc.Input == "" {
			// The WPT tests skip it: "https:///x" has the host "x".
			skipped++
			continue
		}
		total++
		seen[tc.Input] = true
		msg := checkHost(tc, setters)
		reason, isKnown := known[tc.Input]
		switch {
		case msg == "" && isKnown:
			t.Errorf("%s: %s now passes; remove it from the known failures (%s)", file, quote(tc.Input), reason)
		case msg == "":
			passed++
		case isKnown:
			knownFailed++
		default:
			t.Errorf("%s: %s (%s): %s", file, quote(tc.Input), tc.Comment, msg)
		}
	}
	for in := range known {
		if !seen[in] {
			t.Errorf("%s: known failure %s is not in the data", file, quote(in))
		}
	}
	t.Logf("%s: %d of %d cases pass, %d known failures, %d empty inputs skipped as WPT does", file, passed, total, knownFailed, skipped)
}

// TestWPTToASCII runs toascii.json through the parser and through the
// host and hostname setters. Cases that x/net/idna's Unicode data cannot
// pass are listed in wpt_known_test.go.
func TestWPTToASCII(t *testing.T) {
	runHostTests(t, "toascii.json", true, knownFailures(t, map[string]map[string]string{
		"15.0.0": knownToASCIIUnicode15,
	}))
}

// TestWPTIdnaTestV2 runs IdnaTestV2.json through the parser. Cases that
// x/net/idna's Unicode data cannot pass are listed in wpt_known_test.go.
func TestWPTIdnaTestV2(t *testing.T) {
	runHostTests(t, "IdnaTestV2.json", false, knownFailures(t, map[string]map[string]string{
		"15.0.0": knownIdnaTestV2Unicode15,
	}))
}

// knownFailures returns the known failures for the Unicode version of
// x/net/idna. For a version without a list, every case must pass.
func knownFailures(t *testing.T, byVersion map[string]map[string]string) map[string]string {
	known, ok := byVersion[idna.UnicodeVersion]
	if !ok {
		t.Logf("no known failures recorded for x/net/idna's Unicode %s: every case must pass", idna.UnicodeVersion)
	}
	return known
}
