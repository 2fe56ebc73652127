package extract_test

import (
	"fmt"
	"strconv"
	"strings"
	"testing"

	"github.com/gouri/uri/extract"
	"github.com/gouri/uri/internal/testrows"
)

// The conformance suites, each in the mode it belongs to: linkify-it's
// fixtures in mode Relaxed (linkify-it finds bare domains, addresses and
// IPv4 addresses too), the GFM spec's and cmark-gfm's autolink examples
// and micromark's fixtures, GitHub's rendering, in mode GFM. The known
// differences are in known_test.go.

func extractor(tb testing.TB, mode extract.Mode) *extract.Extractor {
	tb.Helper()
	e, err := extract.New(extract.Options{Mode: mode})
	if err != nil {
		tb.Fatal(err)
	}
	return e
}

type linkifyRow struct {
	Line  int     `json:"line"`
	Input string  `json:"input"`
	First *string `json:"first"`
}

// TestLinkifyIt runs linkify-it's links.txt (the first URL found must be
// the one given) and not_links.txt (none may be found) in mode Relaxed.
func TestLinkifyIt(t *testing.T) {
	e := extractor(t, extract.Relaxed)
	for _, f := range []struct {
		file  string
		known map[string]string
	}{{"links.jsonl", knownLinkify}, {"not-links.jsonl", knownNotLinks}} {
		exp := testrows.NewExpect(t, "linkify-it/"+f.file, f.known)
		for _, r := range testrows.Vectors[linkifyRow](t, "linkify-it", f.file) {
			ms := e.Find(r.Input)
			var failure string
			switch {
			case r.First == nil && len(ms) > 0:
				failure = fmt.Sprintf("Find(%q) = %q, want no URL", r.Input, texts(ms))
			case r.First != nil && len(ms) == 0:
				failure = fmt.Sprintf("Find(%q) found nothing, want %q first", r.Input, *r.First)
			case r.First != nil && ms[0].Text != *r.First:
				failure = fmt.Sprintf("Find(%q) = %q, want %q first", r.Input, texts(ms), *r.First)
			}
			exp.Case(r.Input, failure)
		}
		exp.Done()
	}
}

type gfmLink struct {
	Text string `json:"text"`
	Href string `json:"href"`
	Kind string `json:"kind"`
}

type gfmRow struct {
	File    string    `json:"file"`
	Example int       `json:"example"`
	Line    int       `json:"line"`
	Input   string    `json:"input"`
	Links   []gfmLink `json:"links"`
	Ignore  bool      `json:"ignore"`
}

// id names a row of the GFM suites as the known differences do.
func (r gfmRow) id() string {
	if r.Example > 0 {
		return r.File + " example " + strconv.Itoa(r.Example)
	}
	return r.File + ".md:" + strconv.Itoa(r.Line)
}

// TestGFMSpec runs the autolink examples of the GFM spec and cmark-gfm's
// in mode GFM: the links found are the links of the rendering, in order,
// with the scheme of their href.
func TestGFMSpec(t *testing.T) {
	runGFM(t, "cmark-gfm-autolink", "autolinks.jsonl", knownGFMSpec)
}

// TestMicromark runs micromark's fixtures, GitHub's rendering of each
// block, in mode GFM.
func TestMicromark(t *testing.T) {
	runGFM(t, "micromark-autolink", "fixtures.jsonl", knownMicromark)
}

func runGFM(t *testing.T, suite, file string, known map[string]string) {
	e := extractor(t, extract.GFM)
	exp := testrows.NewExpect(t, suite+"/"+file, known)
	for _, r := range testrows.Vectors[gfmRow](t, suite, file) {
		ms := e.Find(r.Input)
		if r.Ignore {
			continue
		}
		var want []string
		for _, l := range r.Links {
			want = append(want, l.Text)
		}
		failure := ""
		if got := texts(ms); strings.Join(got, "\x00") != strings.Join(want, "\x00") {
			failure = fmt.Sprintf("Find(%q) = %q, want %q", r.Input, got, want)
		} else {
			for k, l := range r.Links {
				if scheme, _, _ := strings.Cut(l.Href, ":"); !strings.EqualFold(scheme, ms[k].URL.Scheme()) {
					failure = fmt.Sprintf("Find(%q)[%d] has the scheme %q, want %q", r.Input, k, ms[k].URL.Scheme(), scheme)
				}
			}
		}
		exp.Case(r.id(), failure)
	}
	exp.Done()
}

func texts(ms []extract.Match) []string {
	var out []string
	for _, m := range ms {
		out = append(out, m.Text)
	}
	return out
}
