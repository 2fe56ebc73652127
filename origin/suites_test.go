package origin

import (
	"errors"
	"sort"
	"strings"
	"testing"

	"github.com/gouri/uri/guard"
	"github.com/gouri/uri/internal/testrows"
	"github.com/gouri/uri/whatwg"
)

// suiteRow is one row of testdata/conformance/open-redirect: an input of
// an upstream suite, the current URL and the allowed origins it is judged
// with, the upstream verdict, and the URL Standard's reading of it by its
// reference implementation (null when it throws). See the README.md there.
type suiteRow struct {
	testrows.Source
	Case          string   `json:"case"`
	Input         string   `json:"input"`
	Current       string   `json:"current"`
	CurrentOrigin string   `json:"current_origin"`
	Allow         []string `json:"allow"`
	UpstreamSafe  bool     `json:"upstream_safe"`
	WHATWG        *struct {
		Href     string `json:"href"`
		Origin   string `json:"origin"`
		Protocol string `json:"protocol"`
		Username string `json:"username"`
		Password string `json:"password"`
	} `json:"whatwg"`
}

// suiteFiles are the suites of testdata/conformance/open-redirect.
var suiteFiles = []string{"django.jsonl", "flask-security.jsonl", "codeql-go.jsonl"}

// knownDisagreements are the rows whose upstream verdict Redirect does not
// share, by file, case and input, each with the reason: the URL Standard's
// reading, which is the browser's, is what decides. TestSuites fails when
// one of them starts to agree, so that the list stays true.
var knownDisagreements = map[string]string{
	"django.jsonl\x00test_bad_urls\x00http:\\\\testserver\\@example.com":                                                  "the URL Standard reads host testserver and path /@example.com: an allowed origin",
	"django.jsonl\x00test_bad_urls\x00http://testserver\\me:pass@example.com":                                             "the URL Standard reads host testserver: \"\\\" ends the host, the rest is a path",
	"django.jsonl\x00test_bad_urls\x00http://testserver\\@example.com":                                                    "the URL Standard reads host testserver and path /@example.com",
	"django.jsonl\x00test_bad_urls\x00http:\\\\testserver\\confirm\\me@example.com":                                       "the URL Standard reads host testserver and path /confirm/me@example.com",
	"django.jsonl\x00test_bad_urls\x00http:999999999":                                                                     "against an http page, \"http:999999999\" is the path /999999999 of that page's origin",
	"django.jsonl\x00test_bad_urls\x00\n":                                                                                 "a newline alone is the empty reference: the current page",
	"django.jsonl\x00test_basic_auth\x00http://user:pass@testserver/":                                                     "credentials are always refused (RFC 9110, Section 4.2.4), whatever the allowed hosts",
	"django.jsonl\x00test_secure_param_non_https_urls\x00//example.com/p":                                                 "from an https page, \"//example.com/p\" is https, the current origin",
	"codeql-go.jsonl\x00BadRedirectCheckGood.go sanitizeUrlGood: also redir[1] != '/' and != '\\\\'\x00/\t/evil.example/": "the check misses the tab that the URL Standard removes: \"//evil.example/\"",
	"codeql-go.jsonl\x00main.go isValidRedir1: not \"//\" nor \"/\\\\\"\x00/\n/evil.example":                              "the check misses the newline that the URL Standard removes: \"//evil.example\"",
	"codeql-go.jsonl\x00cves.go isValidRedirectGood: also url[1] != '\\\\'\x00/\t/evil.example":                           "the check misses the tab that the URL Standard removes: \"//evil.example\"",
	"codeql-go.jsonl\x00stdlib.go ex2: \"//localhost/\" + target (GOOD: localhost)\x00//localhost/evil.example":           "CodeQL deems localhost harmless; it is another origin",
	"codeql-go.jsonl\x00stdlib.go ex8: \"https://\" + r.URL.RequestURI() (GOOD)\x00https:///evil.example/x":               "\"https://\" + RequestURI(): the URL Standard skips the extra slash and reads host evil.example",
}

// TestSuites runs every row of the open-redirect suites through Redirect
// and LocalPath:
//
//   - Redirect agrees with the reference implementation's reading: it
//     keeps exactly the rows whose reading is an http or https URL without
//     credentials of the current origin or an allowed one, returns that
//     reading's href, and names the rule that refuses the others;
//   - every input that the upstream suite calls unsafe is refused, and
//     every one it calls safe is kept, but for knownDisagreements;
//   - LocalPath refuses every input that upstream calls unsafe, and what
//     it keeps is the path of the reading's href.
func TestSuites(t *testing.T) {
	seen := map[string]bool{}
	counts := map[string]int{}
	for _, file := range suiteFiles {
		for _, row := range testrows.Vectors[suiteRow](t, "open-redirect", file) {
			key := file + "\x00" + row.Case + "\x00" + row.Input
			seen[key] = true
			ok := checkSuiteRow(t, file, row)
			counts[file]++
			if ok != row.UpstreamSafe {
				if _, known := knownDisagreements[key]; !known {
					t.Errorf("%s:%d %s: Redirect(%q, %q) keeps it: %v, but upstream says safe: %v",
						file, row.Line, row.Case, row.Current, row.Input, ok, row.UpstreamSafe)
				}
			} else if reason, known := knownDisagreements[key]; known {
				t.Errorf("%s:%d: %q now agrees with upstream; remove it from knownDisagreements (%s)", file, row.Line, row.Input, reason)
			}
			checkLocalPathRow(t, file, row)
		}
	}
	var stale []string
	for key := range knownDisagreements {
		if !seen[key] {
			stale = append(stale, strings.ReplaceAll(key, "\x00", ": "))
		}
	}
	sort.Strings(stale)
	for _, s := range stale {
		t.Errorf("knownDisagreements has %q, which is no row", s)
	}
	t.Logf("rows: %v", counts)
}

// checkSuiteRow checks Redirect on one row against the reference
// implementation's reading, and reports whether Redirect keeps it.
func checkSuiteRow(t *testing.T, file string, row suiteRow) bool {
	t.Helper()
	allow, err := NewAllowlist(row.Allow, Options{})
	if err != nil {
		t.Fatalf("%s:%d: %v", file, row.Line, err)
	}
	got, err := Redirect(whatwg.MustParse(row.Current), row.Input, allow)
	w := row.WHATWG
	var wantRule guard.Rule
	switch {
	case w == nil:
		wantRule = guard.RuleParse
	case w.Protocol != "http:" && w.Protocol != "https:":
		wantRule = guard.RuleScheme
	case w.Username != "" || w.Password != "":
		wantRule = guard.RuleUserinfo
	case w.Origin != row.CurrentOrigin && !refAllowed(w.Origin, row.Allow):
		wantRule = RuleCrossOrigin
	}
	var e *guard.Error
	switch {
	case wantRule == "" && (err != nil || got != w.Href):
		t.Errorf("%s:%d %s: Redirect(%q, %q) = %q, %v; the reference reads %q", file, row.Line, row.Case, row.Current, row.Input, got, err, w.Href)
	case wantRule != "" && (!errors.As(err, &e) || e.Rule != wantRule):
		t.Errorf("%s:%d %s: Redirect(%q, %q) = %q, %v; want rule %s", file, row.Line, row.Case, row.Current, row.Input, got, err, wantRule)
	}
	return err == nil
}

// refAllowed reports whether the serialized origin o is one of allow, in
// which an entry "scheme://*.domain" stands for the names under domain: the
// slow way, on the text of serialized origins.
func refAllowed(o string, allow []string) bool {
	for _, a := range allow {
		if o == a {
			return true
		}
		scheme, rest, _ := strings.Cut(a, "://")
		domain, ok := strings.CutPrefix(rest, "*.")
		if !ok {
			continue
		}
		oscheme, orest, _ := strings.Cut(o, "://")
		labels, found := strings.CutSuffix(orest, "."+domain)
		if oscheme == scheme && found && labels != "" && !strings.ContainsAny(labels, ":[]") {
			return true
		}
	}
	return false
}

// checkLocalPathRow checks LocalPath on one row: an input that upstream
// calls unsafe is refused, and a kept one is the path, query and fragment
// of the reference's href.
func checkLocalPathRow(t *testing.T, file string, row suiteRow) {
	t.Helper()
	p, err := LocalPath(row.Input)
	if err != nil {
		return
	}
	if !row.UpstreamSafe {
		t.Errorf("%s:%d %s: LocalPath(%q) = %q, but upstream calls it unsafe", file, row.Line, row.Case, row.Input, p)
	}
	w := row.WHATWG
	if w == nil || w.Origin != row.CurrentOrigin || strings.TrimPrefix(p, "/.") != strings.TrimPrefix(w.Href, w.Origin) && p != w.Href[len(w.Origin):] {
		t.Errorf("%s:%d %s: LocalPath(%q) = %q; the reference reads %+v", file, row.Line, row.Case, row.Input, p, w)
	}
}
