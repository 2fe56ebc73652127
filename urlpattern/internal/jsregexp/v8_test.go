package jsregexp

import (
	"os"
	"regexp"
	"strings"
	"testing"

	"github.com/gouri/uri/internal/testrows"
)

// v8Row is a random regular expression with V8's answers
// (testdata/v8-regexp-random.jsonl; see testdata/README.md).
type v8Row struct {
	testrows.Source
	Src         string      `json:"source"`
	Flags       string      `json:"flags"`
	Inputs      []string    `json:"inputs"`
	SyntaxError bool        `json:"syntax_error"`
	Results     [][]*string `json:"results"`
	UResults    [][]*string `json:"u_results"`
	AnyResults  [][]*string `json:"any_results"`
}

// translate compiles ^(?:src)$, src being a span of its own, with the
// "v" flag (and "i" with ignoreCase): src as a regexp group of a URL
// pattern is written.
func translate(src string, ignoreCase bool) (*regexp.Regexp, *Fault) {
	var flags Flags
	if ignoreCase {
		flags = IgnoreCase
	}
	re, err := Compile("^(?:"+src+")$", flags, []Span{{4, 4 + len(src)}})
	if err != nil {
		return nil, err.(*Fault)
	}
	return re, nil
}

// TestRegexpV8 compares the translation of regular expressions to RE2
// with V8's RegExp (Node 20) with the "v" flag on random expressions and
// ASCII inputs: the committed sample, or every row of the file that
// GOURI_URLPATTERN_V8 names. What V8 rejects must be a Syntax fault; what
// it accepts must either match every input as V8 does, captures
// included, or be an Unsupported one.
func TestRegexpV8(t *testing.T) {
	path := "testdata/v8-regexp-random.jsonl"
	if env := os.Getenv("GOURI_URLPATTERN_V8"); env != "" {
		path = env
	}
	rows := testrows.Read[v8Row](t, path)
	if len(rows) < 300 {
		t.Fatalf("%s: %d rows, want at least 300", path, len(rows))
	}
	same, refused, syntax, known := 0, map[string]int{}, 0, map[string]int{}
	for _, r := range rows {
		re, err := translate(r.Src, strings.Contains(r.Flags, "i"))
		switch {
		case r.SyntaxError && err != nil && err.Kind == Syntax:
			syntax++
		case r.SyntaxError && (strings.Count(r.Src, "(?<n>") > 1 || strings.Count(r.Src, "(?<m>") > 1):
			// ES2025 allows a name in two alternatives; V8 11.3 does not.
			known["a group name repeated in another alternative (ES2025), which Node 20 rejects"]++
		case r.SyntaxError:
			t.Errorf("%s:%d: /%s/%s: V8 rejects it, translation: %v", path, r.Line, r.Src, r.Flags, err)
		case err != nil && err.Kind == Unsupported:
			refused[err.Detail]++
		case err != nil:
			t.Errorf("%s:%d: /%s/%s: V8 accepts it, translation: %v", path, r.Line, r.Src, r.Flags, err)
		case r.AnyResults != nil && !sameResults(nil, r, re):
			// V8 11.3 misses matches of a repeated [^] with the v flag;
			// written as the range of every code point, the same set,
			// it finds them.
			r.Results = r.AnyResults
			if sameResults(t, r, re) {
				known["a repeated [^], which V8 in Node 20 fails to match with the v flag"]++
			}
		default:
			if sameResults(t, r, re) {
				same++
			}
		}
	}
	t.Logf("%s: %d rows: %d rejected by both, %d matched alike, refused: %v; V8 bugs: %v", path, len(rows), syntax, same, refused, known)
}

// sameResults compares the RE2 matches of r's inputs with V8's, and
// reports the first difference to t unless t is nil.
func sameResults(t *testing.T, r v8Row, re *regexp.Regexp) bool {
	errorf := func(format string, args ...any) {
		if t != nil {
			t.Helper()
			t.Errorf(format, args...)
		}
	}
	for i, in := range r.Inputs {
		want := r.Results[i]
		loc := re.FindStringSubmatchIndex(in)
		if (loc == nil) != (want == nil) {
			errorf("%s:%d: /%s/%s on %q: matched %v, V8 %v (RE2 %s)", "v8", r.Line, r.Src, r.Flags, in, loc != nil, want != nil, re)
			return false
		}
		if loc == nil {
			continue
		}
		if len(loc)/2 != len(want) {
			errorf("line %d: /%s/%s: %d groups, V8 %d (RE2 %s)", r.Line, r.Src, r.Flags, len(loc)/2-1, len(want)-1, re)
			return false
		}
		for g := range want {
			var got *string
			if loc[2*g] >= 0 {
				s := in[loc[2*g]:loc[2*g+1]]
				got = &s
			}
			if (got == nil) != (want[g] == nil) || got != nil && *got != *want[g] {
				errorf("line %d: /%s/%s on %q: group %d = %v, V8 %v (RE2 %s)", r.Line, r.Src, r.Flags, in, g, show(got), show(want[g]), re)
				return false
			}
		}
	}
	return true
}

func show(s *string) string {
	if s == nil {
		return "undefined"
	}
	return `"` + *s + `"`
}
