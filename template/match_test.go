package template_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/gouri/uri"
	"github.com/gouri/uri/template"
)

// view is a Values as go-cmp can compare it: a string, a []string or a
// []template.Pair for each defined variable.
func view(vs template.Values) map[string]any {
	if vs == nil {
		return nil
	}
	m := map[string]any{}
	for k, v := range vs {
		switch v.Kind() {
		case template.KindString:
			m[k] = v.Str()
		case template.KindList:
			m[k] = v.Items()
		case template.KindAssoc:
			m[k] = v.Pairs()
		}
	}
	return m
}

type pairs = []template.Pair

// TestMatch pins the rules of Template.Match: what a value may hold, how
// the query matches, and how ambiguity is resolved. A row with want nil
// does not match, at offset off.
func TestMatch(t *testing.T) {
	extra := &template.MatchOptions{ExtraParams: true}
	slash := &template.MatchOptions{AllowEncodedSlash: true}
	nonEmpty := &template.MatchOptions{NonEmpty: true}
	plus := &template.MatchOptions{PlusAsSpace: true}
	kinds := func(name string, k template.Kind) *template.MatchOptions {
		return &template.MatchOptions{Kinds: map[string]template.Kind{name: k}}
	}
	tests := []struct {
		name string
		tmpl string
		in   string
		opts *template.MatchOptions
		want map[string]any
		off  int
		// same: expanding the values gives the input back.
		same bool
	}{
		{"simple", "/users/{id}", "/users/42", nil, map[string]any{"id": "42"}, 0, true},
		{"decoded", "/users/{id}", "/users/a%20b%41", nil, map[string]any{"id": "a bA"}, 0, false},
		{"hex digits of a literal in either case", "caf%C3%A9/{x}", "caf%c3%a9/a", nil, map[string]any{"x": "a"}, 0, false},
		{"a literal outside US-ASCII matches encoded", "café/{x}", "caf%C3%A9/b", nil, map[string]any{"x": "b"}, 0, true},
		{"literals match exactly", "/users/{id}", "/Users/42", nil, nil, 1, false},

		// Boundaries: a value in the path never decodes to "/", ".", "..".
		{"path: no encoded /", "/users/{id}", "/users/a%2Fb", nil, nil, 7, false},
		{"path: no ..", "/users/{id}", "/users/..", nil, nil, 7, false},
		{"path: no encoded ..", "/users/{id}", "/users/%2E%2e", nil, nil, 7, false},
		{"path: no .", "/a/{x}/b", "/a/./b", nil, nil, 3, false},
		{"path: ... is a name", "/users/{id}", "/users/...", nil, map[string]any{"id": "..."}, 0, true},
		{"path: part of a segment may be ..", "/f/{x}.txt", "/f/a..txt", nil, map[string]any{"x": "a."}, 0, true},
		{"path segments", "{/segs*}", "/a/b%20c/d", nil, map[string]any{"segs": []string{"a", "b c", "d"}}, 0, true},
		{"path segments: no .. segment (offset: the segment)", "{/segs*}", "/a/../d", nil, nil, 3, false},
		{"path segments: no encoded /", "{/seg}", "/a%2Fb", nil, nil, 1, false},
		{"path: the query may hold /", "/s{?q}", "/s?q=a%2Fb", nil, map[string]any{"q": "a/b"}, 0, true},
		{"path: + crosses segments", "/files/{+path}", "/files/a/b/../c", nil, map[string]any{"path": "a/b/../c"}, 0, true},
		{"label: no encoded .", "x{.y}", "x.a%2Eb", nil, nil, 2, false},
		{"labels", "www{.dom*}", "www.example.com", nil, map[string]any{"dom": []string{"example", "com"}}, 0, true},
		{"a label takes no .: it is a separator", "x{.y}", "x.a.b", nil, nil, 3, false},

		// Reserved expansion keeps the triplets it would copy.
		{"+ keeps %2F", "{+x}", "a%2Fb", nil, map[string]any{"x": "a%2Fb"}, 0, true},
		{"+ decodes what it would encode", "{+x}", "a%20b%25", nil, map[string]any{"x": "a b%"}, 0, true},
		{"# takes the fragment", "/p{#f}", "/p#sec%201/x?", nil, map[string]any{"f": "sec 1/x?"}, 0, true},
		{"+ takes the query when the template writes none", "{+url}", "http://a/?q=1#f", nil, map[string]any{"url": "http://a/?q=1#f"}, 0, true},

		// The query: parameters in any order, extra ones on request.
		{"any order", "/s{?q,lang}", "/s?lang=en&q=x", nil, map[string]any{"q": "x", "lang": "en"}, 0, false},
		{"undefined parameters", "/s{?q,lang}", "/s?lang=en", nil, map[string]any{"lang": "en"}, 0, true},
		{"extra parameter", "/s{?q}", "/s?q=x&utm=1", nil, nil, 7, false},
		{"extra parameter allowed", "/s{?q}", "/s?utm=1&q=x", extra, map[string]any{"q": "x"}, 0, false},
		{"a parameter twice", "/s{?q}", "/s?q=1&q=2", extra, nil, 7, false},
		{"a parameter without =", "/s{?q}", "/s?q", nil, nil, 3, false},
		{"empty value", "/s{?q}", "/s?q=", nil, map[string]any{"q": ""}, 0, true},
		{"an empty query is one empty parameter", "/p{?x}", "/p?", nil, nil, 3, false},
		{"an empty query, extra allowed", "/p{?x}", "/p?", extra, map[string]any{}, 0, false},
		{"the ? of {?x} needs x (3.2.9: {&y} alone writes &y=1)", "/s{?x}{&y}", "/s?y=1", nil, nil, 2, false},
		{"the ? of {?x} needs x, and x is there", "/s{?x}{&y}", "/s?y=1&x=2", nil, map[string]any{"x": "2", "y": "1"}, 0, false},
		{"the ? of {?x}, extra parameters allowed", "/s{?x}{&y}", "/s?y=1&z=3", extra, map[string]any{"y": "1"}, 0, false},
		{"a list", "{?list}", "?list=a,b", nil, map[string]any{"list": []string{"a", "b"}}, 0, true},
		{"an exploded list", "{?list*}", "?list=a&x=1&list=b", kinds("list", template.KindList), nil, 8, false},
		{"an exploded list in order", "{?list*}", "?list=a&list=b", nil, map[string]any{"list": []string{"a", "b"}}, 0, true},
		{"an exploded array takes the other parameters", "{?id,keys*}", "?k=v&id=1&j=w", nil,
			map[string]any{"id": "1", "keys": pairs{{Key: "k", Value: "v"}, {Key: "j", Value: "w"}}}, 0, false},
		{"a continuation", "/s?fixed=1{&q}", "/s?q=x&fixed=1", nil, map[string]any{"q": "x"}, 0, false},
		{"a literal parameter missing", "/s?fixed=1{&q}", "/s?q=x", nil, nil, 6, false},
		{"parameters whose value is an expression", "/s?q={q}&lang={lang}", "/s?lang=en&q=a%20b", nil,
			map[string]any{"q": "a b", "lang": "en"}, 0, false},
		{"a query then a fragment", "/p{?q}{#f}", "/p?q=1#x", nil, map[string]any{"q": "1", "f": "x"}, 0, true},
		{"a literal fragment", "/p{?q}#top", "/p?q=1#other", nil, nil, 7, false},
		{"a template without a query: no query", "/p/{x}", "/p/a?utm=1", nil, nil, 4, false},
		{"a template without a query: extra allowed", "/p/{x}#f", "/p/a?utm=1#f", extra, map[string]any{"x": "a"}, 0, false},

		// Ambiguity, resolved from left to right.
		{"adjacent: the first takes all", "{x}{y}", "ab", nil, map[string]any{"x": "ab", "y": ""}, 0, true},
		{"adjacent: the longest that lets the rest match", "{name}.{ext}", "a.tar.gz", nil, map[string]any{"name": "a.tar", "ext": "gz"}, 0, true},
		{"several variables: one item each, the last the rest", "{x,y}", "a,b,c", nil, map[string]any{"x": "a", "y": []string{"b", "c"}}, 0, true},
		{"several variables: the first written", "{x,y}", "a", nil, map[string]any{"x": "a"}, 0, true},
		{"several variables, reserved", "{+x,y}", "a/b,c", nil, map[string]any{"x": "a/b", "y": "c"}, 0, true},
		{"nothing is an empty string in {x}", "a{x}b", "ab", nil, map[string]any{"x": ""}, 0, true},
		{"nothing is undefined in {/x}", "a{/x}b", "ab", nil, map[string]any{}, 0, true},
		{"named: by name", "{;x,y}", ";y=2", nil, map[string]any{"y": "2"}, 0, true},
		{"named: empty without =", "{;x,y}", ";x;y=2", nil, map[string]any{"x": "", "y": "2"}, 0, true},
		{"named explode: a list", "{;list*}", ";list=a;list=b", nil, map[string]any{"list": []string{"a", "b"}}, 0, true},
		{"named explode: an array", "{;keys*}", ";a=1;b", nil, map[string]any{"keys": pairs{{Key: "a", Value: "1"}, {Key: "b"}}}, 0, true},
		{"explode: pairs make an array", "{/keys*}", "/a=1/b=%3D", nil, map[string]any{"keys": pairs{{Key: "a", Value: "1"}, {Key: "b", Value: "="}}}, 0, true},
		{"explode: pairs and items do not mix", "{/keys*}", "/a=1/b", nil, nil, 1, false},

		// Kinds where the text cannot tell.
		{"one item is a string", "{x}", "a", nil, map[string]any{"x": "a"}, 0, true},
		{"one item as a list", "{x}", "a", kinds("x", template.KindList), map[string]any{"x": []string{"a"}}, 0, true},
		{"items as an array", "{x}", "a,b", kinds("x", template.KindAssoc), map[string]any{"x": pairs{{Key: "a", Value: "b"}}}, 0, true},
		{"items as a string", "{x}", "a,b", kinds("x", template.KindString), nil, 0, false},
		{"an exploded string", "{/x*}", "/a", kinds("x", template.KindString), map[string]any{"x": "a"}, 0, true},
		{"an exploded named string is one pair named by it", "{&x*}{&y}", "&x=a&y=b", kinds("x", template.KindString), map[string]any{"x": "a", "y": "b"}, 0, true},
		{"an exploded named list: pairs named by it", "{&x*}{&y}", "&x=a&x=b&y=c", kinds("x", template.KindList), map[string]any{"x": []string{"a", "b"}, "y": "c"}, 0, true},
		{"without kinds, the exploded variable takes every pair", "{&x*}{&y}", "&x=a&y=b", nil, map[string]any{"x": pairs{{Key: "x", Value: "a"}, {Key: "y", Value: "b"}}}, 0, true},
		{"an exploded named string twice", "{&x*}{&x}", "&x=a&x=a", kinds("x", template.KindString), map[string]any{"x": "a"}, 0, true},
		{"an exploded string among query parameters is one", "/p{?x*}{&x}", "/p?x=a&x=a", kinds("x", template.KindString), map[string]any{"x": "a"}, 0, true},
		{"reserved: %25 before hex digits was written as it is", "{+x}", "%2541", nil, map[string]any{"x": "%2541"}, 0, true},
		{"reserved: %25 before other bytes stands for %", "{+x}", "%25zz", nil, map[string]any{"x": "%zz"}, 0, true},

		// A variable that occurs more than once.
		{"the same value twice", "{x}/{x}", "a/a", nil, map[string]any{"x": "a"}, 0, true},
		{"two values", "{x}/{x}", "a/b", nil, nil, 2, false},
		{"written once of two", "{x}{/x}", "a", nil, nil, 0, false},
		{"a prefix and the value", "{x:2}/{x}", "ab/abc", nil, map[string]any{"x": "abc"}, 0, true},
		{"a prefix that is not", "{x:2}/{x}", "ab/xyz", nil, nil, 0, false},
		{"a prefix longer than its length: the third code point is one too many", "{x:2}", "abc", nil, nil, 2, false},
		{"a prefix counts code points, not triplets", "{x:2}", "%C3%A9%F0%9F%98%80", nil, map[string]any{"x": "\u00e9\U0001F600"}, 0, true},
		{"a prefix counts code points: one too many", "{x:1}", "%C3%A9a", nil, nil, 6, false},
		{"a prefix, then the next expression takes the rest (2.4.1)", "{x:2}{y}", "abc", nil, map[string]any{"x": "ab", "y": "c"}, 0, true},
		{"a prefix in a path segment, then the rest", "{/x:3}{y}", "/abcdef", nil, map[string]any{"x": "abc", "y": "def"}, 0, true},
		{"a prefix of a query value", "{?q:2,r}", "?q=ab&r=c", nil, map[string]any{"q": "ab", "r": "c"}, 0, true},
		{"a prefix above the counted length is checked after", "{x:65}", strings.Repeat("a", 66), nil, nil, 0, false},
		{"a prefix above the counted length, within it", "{x:65}{y}", strings.Repeat("a", 65), nil, map[string]any{"x": strings.Repeat("a", 65), "y": ""}, 0, true},
		{"a prefix alone", "{x:3}", "ab", nil, map[string]any{"x": "ab"}, 0, true},
		{"prefixes alone: the longest", "{x:1}/{x:3}", "a/abc", nil, map[string]any{"x": "abc"}, 0, true},

		// Soundness and completeness: Match finds values that re-expand to
		// the URI when there are some, and returns no others.
		{"a variable twice, adjacent: the first takes less so that both agree", "{#x}{x}", "#aa", nil, map[string]any{"x": "a"}, 0, true},
		{"a variable on both sides of another", "{x}{y}{x}", "aba", nil, map[string]any{"x": "a", "y": "b"}, 0, true},
		{"a variable three times", "{x}-{x}{y}{x}", "ab-abcab", nil, map[string]any{"x": "ab", "y": "c"}, 0, true},
		{"a reading that re-expands byte for byte is preferred", "{&e*}{&%41b}", "&%41b=", nil, map[string]any{"%41b": ""}, 0, true},
		{"{;x*} writes no = before an empty value", "{;x*}", ";h=", nil, nil, 1, false},
		{"{;x} writes x= for a list of one empty item only", "{;x}", ";x=", nil, map[string]any{"x": []string{""}}, 0, true},
		{"{;x} writes x for the empty string", "{;x}", ";x", nil, map[string]any{"x": ""}, 0, true},
		{"an encoded unreserved character re-expands unencoded", "/users/{id}", "/users/a%41", nil, map[string]any{"id": "aA"}, 0, false},
		{"a list item in the path is not .. either", "/a/{x}", "/a/..", kinds("x", template.KindList), nil, 3, false},
		{"a prefix read from the reserved occurrence, which counts a triplet as one", "{y:2}={+y:2}", "%254=%41-", nil, map[string]any{"y": "%41-"}, 0, true},
		{"prefixes: each occurrence may be the one to read", "?{+y:2}/p/{&y:2}", "?%41./p/&y=%254", nil, map[string]any{"y": "%41."}, 0, true},
		{"a reserved string holds its commas (3.2.3)", "{+z*,z:2}", ",,,", nil, map[string]any{"z": ","}, 0, true},
		{"a reserved array whose members hold , and =", "{#x*,x}a", "#k:,=',k:,,'a", nil, map[string]any{"x": pairs{{Key: "k:,", Value: "'"}}}, 0, true},
		{".. within a segment is no dot segment", "{;x:2,x:2}", ";x=..;x=..", nil, map[string]any{"x": ".."}, 0, true},
		{"a value that completes a dot segment", "/a/.{x}/b", "/a/../b", nil, nil, 3, false},
		{"a label expression writes the dot of a dot segment", "/a/{.x}/b", "/a/./b", nil, nil, 3, false},
		{"a dot segment of the literals is not the values'", "/a/../{x}", "/a/../b", nil, map[string]any{"x": "b"}, 0, true},
	}
	tests = append(tests, []struct {
		name string
		tmpl string
		in   string
		opts *template.MatchOptions
		want map[string]any
		off  int
		same bool
	}{
		// MatchOptions.AllowEncodedSlash: ids that are paths.
		{"an encoded slash, allowed", "/projects/{id}/issues", "/projects/group%2Fproject/issues", slash, map[string]any{"id": "group/project"}, 0, true},
		{"an encoded slash, by default", "/projects/{id}/issues", "/projects/group%2Fproject/issues", nil, nil, 10, false},
		{"an encoded slash in a segment of {/x*}", "{/segs*}", "/a%2Fb/c", slash, map[string]any{"segs": []string{"a/b", "c"}}, 0, true},
		{"an encoded slash, allowed, and .. between", "/projects/{id}/issues", "/projects/group%2F..%2Fx/issues", slash, nil, 18, false},
		{"an encoded slash, allowed, and an encoded ..", "/projects/{id}/issues", "/projects/%2E%2E/issues", slash, nil, 10, false},
		{"an encoded slash, allowed, and . at the end", "/projects/{id}", "/projects/a%2F.", slash, nil, 14, false},
		{"an encoded slash, allowed, and ... is a name", "/projects/{id}", "/projects/a%2F...", slash, map[string]any{"id": "a/..."}, 0, true},
		{"an encoded slash in the query was always allowed", "/s{?q}", "/s?q=a%2Fb", nil, map[string]any{"q": "a/b"}, 0, true},

		// MatchOptions.NonEmpty: a router's "a segment, not nothing".
		{"non-empty: an empty segment", "/users/{id}", "/users/", nonEmpty, nil, 7, false},
		{"non-empty: a value", "/users/{id}", "/users/1", nonEmpty, map[string]any{"id": "1"}, 0, true},
		{"non-empty: an empty query value", "/s{?q}", "/s?q=", nonEmpty, nil, 3, false},
		{"non-empty: an undefined variable stays allowed", "/s{?q,lang}", "/s?lang=en", nonEmpty, map[string]any{"lang": "en"}, 0, true},
		{"non-empty: adjacent expressions split so that neither is empty", "{x}{y}", "ab", nonEmpty, map[string]any{"x": "a", "y": "b"}, 0, true},
		{"non-empty: an empty list item", "{/x*}", "/a//b", nonEmpty, nil, 1, false},
		{"non-empty: an empty pair value", "{?k*}", "?a=&b=1", nonEmpty, nil, 1, false},

		// MatchOptions.PlusAsSpace: form decoding of the query.
		{"+ in a query value, as form decoding reads it", "/s{?q}", "/s?q=a+b", plus, map[string]any{"q": "a b"}, 0, false},
		{"+ in a query value, by default: no value expands to it (3.2.8 encodes +)", "/s{?q}", "/s?q=a+b", nil, nil, 3, false},
		{"%2B in a query value is +", "/s{?q}", "/s?q=a%2Bb", plus, map[string]any{"q": "a+b"}, 0, true},
		{"+ in a query value, parameters in any order", "/s{?q,lang}", "/s?lang=en&q=x+y%2Bz", plus, map[string]any{"q": "x y+z", "lang": "en"}, 0, false},
		{"+ in a parameter whose value is an expression", "/s?q={q}", "/s?q=a+b", plus, map[string]any{"q": "a b"}, 0, false},
		{"+ in the path is no space", "/p/{x}{?q}", "/p/a%2Bb?q=c+d", plus, map[string]any{"x": "a+b", "q": "c d"}, 0, false},
		{"+ in the path is no expansion of {x}", "/p/{x}", "/p/a+b", plus, nil, 3, false},
		{"+ in a reserved expansion stays +", "/s?{+x}", "/s?a+b", plus, map[string]any{"x": "a+b"}, 0, true},
	}...)
	for _, tt := range tests {
		tp, err := template.Parse(tt.tmpl)
		if err != nil {
			t.Fatalf("%s: Parse(%q) = %v", tt.name, tt.tmpl, err)
		}
		vals, err := tp.Match(tt.in, tt.opts)
		if tt.want == nil {
			var e *uri.Error
			if !errors.As(err, &e) || !errors.Is(err, template.ErrNoMatch) || e.Offset != tt.off || e.Input != tt.in || e.Op != template.OpMatch || vals != nil {
				t.Errorf("%s: Parse(%q).Match(%q) = %v, %v; want no match at offset %d", tt.name, tt.tmpl, tt.in, view(vals), err, tt.off)
			}
			continue
		}
		if err != nil {
			t.Errorf("%s: Parse(%q).Match(%q) = %v", tt.name, tt.tmpl, tt.in, err)
			continue
		}
		if d := cmp.Diff(tt.want, view(vals)); d != "" {
			t.Errorf("%s: Parse(%q).Match(%q) (-want +got):\n%s", tt.name, tt.tmpl, tt.in, d)
		}
		if u, err := tp.Expand(vals); (err == nil && u.String() == tt.in) != tt.same {
			t.Errorf("%s: Parse(%q).Expand(Match(%q)) = %q, %v; the same input: %v, want %v", tt.name, tt.tmpl, tt.in, u.String(), err, !tt.same, tt.same)
		}
	}
}

// TestMatchNotURI: Match of text that is no URI-reference is the error of
// uri.Parse; MatchURI takes a parsed one.
func TestMatchNotURI(t *testing.T) {
	tp := template.MustParse("/{x}")
	_, err := tp.Match("/a b", nil)
	var ue *uri.Error
	if !errors.As(err, &ue) || ue.Offset != 2 {
		t.Errorf("Match(%q) = %v, want the *uri.Error of Parse", "/a b", err)
	}
	vals, err := tp.MatchURI(uri.MustParse("/a"), nil)
	if err != nil || vals["x"].Str() != "a" {
		t.Errorf("MatchURI(%q) = %v, %v", "/a", view(vals), err)
	}
}

// TestMatchConcurrent: a Template is safe for concurrent use, its first
// Match (which compiles the matcher) included; run with -race.
func TestMatchConcurrent(t *testing.T) {
	tp := template.MustParse("/r{/owner,repo}{?q*}")
	done := make(chan error)
	for i := 0; i < 4; i++ {
		go func() {
			vals, err := tp.Match("/r/a/b?q=1", nil)
			if err == nil && vals["repo"].Str() != "b" {
				err = errors.New("wrong values")
			}
			if _, xerr := tp.Expand(vals); err == nil {
				err = xerr
			}
			done <- err
		}()
	}
	for i := 0; i < 4; i++ {
		if err := <-done; err != nil {
			t.Errorf("concurrent Match: %v", err)
		}
	}
}

// TestMatchWhy: when a URI does not match because a value that the rules
// refuse would have to hold "%2F" or write a dot segment (Template.Match:
// values never cross their operator's boundary), the error says so in its
// Detail and names the option that allows it, if one does; otherwise the
// Detail is empty. Op, Err and Offset stay those of the failed match.
func TestMatchWhy(t *testing.T) {
	const (
		slash = `a value would hold "%2F", which MatchOptions.AllowEncodedSlash allows`
		dots  = `a value would write a "." or ".." segment`
		both  = `a value would hold "%2F" and write a "." or ".." segment; MatchOptions.AllowEncodedSlash allows only the first`
	)
	allow := &template.MatchOptions{AllowEncodedSlash: true}
	for _, c := range []struct {
		why, tmpl, in string
		opts          *template.MatchOptions
		offset        int
		detail        string
	}{
		{"an encoded slash, refused by default", "/projects/{id}/issues", "/projects/group%2Fproject/issues", nil, 10, slash},
		{"in lower case", "/files/{name}", "/files/a%2fb", nil, 7, slash},
		{"an encoded slash and a dot segment", "/files/{name}", "/files/..%2Fetc", nil, 7, both},
		{"a dot segment alone", "/files/{name}", "/files/..", nil, 7, dots},
		{"a dot segment with the option", "/files/{name}", "/files/..%2Fetc", allow, 7, dots},
		{"a dot segment between encoded slashes, with the option", "/p/{id}/i", "/p/a%2F..%2Fb/i", allow, 7, dots},
		{"an encoded backslash, a separator on Windows", "/files/{name}", "/files/a%5cb", nil, 7, strings.ReplaceAll(slash, "%2F", "%5C")},
		{"an encoded backslash and a dot segment", "/files/{name}", "/files/..%5C..%5Cwin.ini", nil, 7, strings.ReplaceAll(both, "%2F", "%5C")},
		{"a dot segment by an encoded backslash, with the option", "/files/{name}", "/files/a%5C..", allow, 11, dots},
		{"another reason: the literal differs", "/files/{name}", "/other/a%2Fb", nil, 1, ""},
		{"another reason, a dot segment in the URI", "/a/{x}/b", "/a/../c", nil, 6, ""},
	} {
		_, err := template.MustParse(c.tmpl).Match(c.in, c.opts)
		var e *uri.Error
		if !errors.As(err, &e) || e.Op != template.OpMatch || e.Offset != c.offset || e.Detail != c.detail {
			t.Errorf("%s: MustParse(%q).Match(%q, %+v) = %#v; want offset %d, detail %q", c.why, c.tmpl, c.in, c.opts, err, c.offset, c.detail)
		}
	}
}

// TestMatchEncodedBackslash: a "\" written "%5C" is a separator on
// Windows, so a value in the path holds one only with
// MatchOptions.AllowEncodedSlash, as it holds a "/" written "%2F", and a
// "." or ".." between such separators is refused with or without it:
// values never navigate, on any system.
func TestMatchEncodedBackslash(t *testing.T) {
	allow := &template.MatchOptions{AllowEncodedSlash: true}
	for _, c := range []struct {
		why, tmpl, in string
		opts          *template.MatchOptions
		want          string // the value of the one variable; "-" for no match
	}{
		{"refused by default", "/files/{name}", "/files/a%5Cb", nil, "-"},
		{"refused in lower case", "/files/{name}", "/files/a%5cb", nil, "-"},
		{"a path segment expression too", "/files{/name}", "/files/a%5Cb", nil, "-"},
		{"allowed by the option", "/files/{name}", "/files/a%5Cb", allow, `a\b`},
		{"a traversal on Windows", "/files/{name}", "/files/..%5C..%5Cwin.ini", allow, "-"},
		{"a dot segment at the end", "/files/{name}", "/files/a%5C..", allow, "-"},
		{"dots that are no segment", "/files/{name}", "/files/a%5C..b", allow, `a\..b`},
		{"%255C is the text %5C", "/files/{name}", "/files/a%255Cb", nil, "a%5Cb"},
		{"a reserved expansion's value is a path by design", "/files/{+name}", "/files/a%5Cb", nil, `a\b`},
		{"the query is no path", "/files{?q}", "/files?q=a%5Cb", nil, `a\b`},
	} {
		vals, err := template.MustParse(c.tmpl).Match(c.in, c.opts)
		got := "-"
		if err == nil {
			for _, v := range vals {
				got = v.Str()
			}
		}
		if got != c.want {
			t.Errorf("%s: MustParse(%q).Match(%q, %+v) = %v, %v; want %q", c.why, c.tmpl, c.in, c.opts, vals, err, c.want)
		}
	}
	_, err := template.ExpandOptions{RefuseDotSegments: true}.Expand(template.MustParse("/files/{name}"), template.Values{"name": template.String(`..\x`)})
	if !errors.Is(err, template.ErrDotSegment) {
		t.Errorf(`Expand("/files/{name}", name = "..\\x") with RefuseDotSegments: %v, want ErrDotSegment`, err)
	}
}
