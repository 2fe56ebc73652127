package urlpattern

import (
	"errors"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/gouri/uri"
	"github.com/gouri/uri/whatwg"
)

// TestErrors pins the errors of malformed patterns: the sentinel, the
// input the offset is in, and the offset, by the rule that Input[:Offset]
// is the longest prefix of some valid pattern.
func TestErrors(t *testing.T) {
	tests := []struct {
		name    string
		pattern string
		init    *Init
		err     error
		input   string // the Input of the error, the pattern when ""
		off     int
		comp    uri.Component
	}{
		{"1.4 create: no protocol and no base", "/books/:id", nil, ErrRelative, "", 0, uri.NoComponent},
		{"1.4 create: a relative pattern ends too early", "books", nil, ErrRelative, "", 5, uri.NoComponent},
		{"2.1.2 tokenize: \\ at the end", `https://h/a\`, nil, ErrInvalidEscape, "", 12, uri.Path},
		{"2.1.2 tokenize: : without a name", "https://h/:/x", nil, ErrInvalidName, "", 11, uri.Path},
		{"2.1.2 tokenize: : before a digit", "https://h/:1", nil, ErrInvalidName, "", 11, uri.Path},
		{"2.1.2 tokenize: an empty regexp group", "https://h/()", nil, ErrInvalidGroup, "", 11, uri.Path},
		{"2.1.2 tokenize: a regexp group that starts with ?", "https://h/(?:a)", nil, ErrInvalidGroup, "", 11, uri.Path},
		{"2.1.2 tokenize: a capturing group inside", "https://h/((a))", nil, ErrInvalidGroup, "", 12, uri.Path},
		{"2.1.2 tokenize: non-ASCII in a regexp", "https://h/(caf\u00e9)", nil, ErrInvalidGroup, "", 14, uri.Path},
		{"2.1.2 tokenize: an unclosed regexp", "https://h/(a", nil, ErrInvalidGroup, "", 12, uri.Path},
		{"2.1.5 parse: { not closed", "https://h/{a", nil, ErrUnexpected, "", 12, uri.Path},
		{"2.1.5 parse: } without {", "https://h/a}", nil, ErrUnexpected, "", 11, uri.Path},
		{"2.1.5 parse: a modifier with nothing to modify", "", &Init{Pathname: Some("?x")}, ErrUnexpected, "?x", 0, uri.Path},
		{"2.1.5 parse: a duplicate name", "https://h/:a/:a/x", nil, ErrDuplicateName, "", 15, uri.Path},
		{"3.1 canonicalize a protocol: not a scheme", "1x://h", nil, ErrCanonical, "", 0, uri.Scheme},
		{"3.1 canonicalize a hostname: a forbidden code point", "https://a^b/", nil, ErrCanonical, "", 9, uri.Host},
		{"3.1 canonicalize a port: out of range", "https://h:70000/", nil, ErrCanonical, "", 10, uri.Port},
		{"3.1 canonicalize an IPv6 hostname", "https://[\\:\\:xy]/", nil, ErrCanonical, "", 13, uri.Host},
		{"regexp: \\m is no escape", `https://h/(\m)`, nil, ErrRegexpSyntax, "", 12, uri.Path},
		{"regexp: - must be escaped in a class", `https://h/([a-])`, nil, ErrRegexpSyntax, "", 14, uri.Path},
		{"regexp: a lone {", `https://h/(a{)`, nil, ErrRegexpSyntax, "", 13, uri.Path},
		{"regexp: counts out of order", `https://h/(a{3,1})`, nil, ErrRegexpSyntax, "", 16, uri.Path},
		{"regexp: a reference to no group", `https://h/(\2)`, nil, ErrRegexpSyntax, "", 11, uri.Path},
		{"regexp: an unknown property", `https://h/(\p{Foo})`, nil, ErrRegexpSyntax, "", 14, uri.Path},
		{"regexp: a second group of a name", `https://h/((?<a>x)(?<a>y))`, nil, ErrRegexpSyntax, "", 22, uri.Path},
		{"regexp: look-ahead", `https://h/(a(?=b))`, nil, ErrRegexpUnsupported, "", 12, uri.Path},
		{"regexp: look-behind", `https://h/((?<!b)a)`, nil, ErrRegexpUnsupported, "", 11, uri.Path},
		{"regexp: a back-reference", `https://h/((?<x>a)\k<x>)`, nil, ErrRegexpUnsupported, "", 18, uri.Path},
		{"regexp: the m modifier", `https://h/((?m:^a))`, nil, ErrRegexpUnsupported, "", 13, uri.Path},
		{"regexp: a group in a repetition", `https://h/((?:(?<x>a)b)+)`, nil, ErrRegexpUnsupported, "", 23, uri.Path},
		{"regexp: a property of strings", `https://h/(\p{RGI_Emoji})`, nil, ErrRegexpUnsupported, "", 11, uri.Path},
		{"regexp: Script_Extensions", `https://h/(\p{scx=Latn})`, nil, ErrRegexpUnsupported, "", 14, uri.Path},
		{"init: the text of the component", "", &Init{Pathname: Some("/a/:")}, ErrInvalidName, "/a/:", 4, uri.Path},
		{"init: a search without its ?", "", &Init{Search: Some("?q=:")}, ErrInvalidName, "?q=:", 4, uri.Query},
		{"init: a base URL that is no URL", "", &Init{BaseURL: Some("no url")}, ErrBaseURL, "no url", 0, uri.NoComponent},
		{"init: a pathname after the base's path", "", &Init{Pathname: Some("a/(b"), BaseURL: Some("https://h/x/y")}, ErrInvalidGroup, "a/(b", 4, uri.Path},
	}
	for _, tt := range tests {
		var err error
		if tt.init != nil {
			_, err = New(*tt.init, Options{})
		} else {
			_, err = Parse(tt.pattern, Options{})
		}
		var e *uri.Error
		if !errors.As(err, &e) {
			t.Errorf("%s: %q: error %v, want a *uri.Error", tt.name, tt.pattern, err)
			continue
		}
		want := tt.input
		if want == "" {
			want = tt.pattern
		}
		if !errors.Is(err, tt.err) || e.Input != want || e.Offset != tt.off || e.Component != tt.comp || e.Op != uri.OpParse {
			t.Errorf("%s: %q: %v (Input %q, Offset %d, Component %v), want %v at %d of %q in %v",
				tt.name, tt.pattern, err, e.Input, e.Offset, e.Component, tt.err, tt.off, want, tt.comp)
		}
	}
}

// TestOptionalGroups pins ECMAScript's meaning of a repeated expression
// that can match the empty string, which RE2 would give otherwise: an
// iteration that matches the empty string is rejected, so an optional
// full wildcard that matches nothing did not take part.
func TestOptionalGroups(t *testing.T) {
	tests := []struct {
		pathname, input string
		want            []Group
	}{
		{"{(.*)}?", "", []Group{{Name: "0"}}},
		{"{(.*)}?", "a", []Group{{Name: "0", Value: "a", Matched: true}}},
		{"{*}?", "", []Group{{Name: "0"}}},
		{"/:a?", "/", []Group{{Name: "a"}}},
		{"{:a}?x", "x", []Group{{Name: "a"}}},
		{"{(.*)}*", "", []Group{{Name: "0", Matched: true}}},
		{"{(a*)}?b", "b", []Group{{Name: "0"}}},
		{"{(a*?)}?(a*)", "aa", []Group{{Name: "0", Value: "a", Matched: true}, {Name: "1", Value: "a", Matched: true}}},
	}
	for _, tt := range tests {
		p, err := New(Init{Protocol: Some("foo"), Pathname: Some(tt.pathname)}, Options{})
		if err != nil {
			t.Errorf("%q: %v", tt.pathname, err)
			continue
		}
		r, ok := p.ExecInit(Init{Protocol: Some("foo"), Pathname: Some(tt.input)})
		if !ok {
			t.Errorf("%q on %q: no match", tt.pathname, tt.input)
			continue
		}
		if diff := cmp.Diff(tt.want, r.Component(Pathname).Groups); diff != "" {
			t.Errorf("%q on %q (-want +got):\n%s", tt.pathname, tt.input, diff)
		}
	}
}

// TestInitAbsentOrEmpty pins that an absent member of an Init is a
// wildcard and an empty one matches only the empty string (section 1.4,
// create, step 4).
func TestInitAbsentOrEmpty(t *testing.T) {
	absent, _ := New(Init{Pathname: Some("/a")}, Options{})
	empty, _ := New(Init{Pathname: Some("/a"), Search: Some("")}, Options{})
	u := whatwg.MustParse("https://h/a?q")
	if !absent.TestURL(u) || empty.TestURL(u) {
		t.Errorf("search absent: %v, want true; search empty: %v, want false", absent.TestURL(u), empty.TestURL(u))
	}
	if absent.Search() != "*" || empty.Search() != "" {
		t.Errorf("Search() = %q and %q, want \"*\" and \"\"", absent.Search(), empty.Search())
	}
	var in Init
	if v, ok := in.Get(Hash).Get(); ok || v != "" {
		t.Errorf("zero Init: Get(Hash) = %q, %v", v, ok)
	}
	in.Set(Hash, "")
	if !in.Hash.IsSet() || in.Hash.String() != "" {
		t.Errorf("Set(Hash, \"\"): %v", in.Hash)
	}
}

// TestMatchedPathname pins the pathname that a match reads where
// urlpattern-polyfill reads another (see deviation in polyfill_test.go).
// An init's pathname is canonicalized as an opaque pathname, its dot
// segments kept, when its protocol is a scheme that is not special
// (section 3.2, process pathname for init; section 3.1, canonicalize an
// opaque pathname), and as a pathname of segments, its dot segments
// removed, when it is special or absent. A URL's path is read as the URL
// Standard serializes it, a leading "//" included, and is not
// canonicalized again (section 1.4, match). The URL Standard's path state
// removes every "." and ".." segment, in a URL and in the fixed text of a
// pathname pattern (section 3.1, canonicalize a pathname), whatever the
// segment before it.
func TestMatchedPathname(t *testing.T) {
	all, _ := New(Init{}, Options{})
	slashID, _ := New(Init{Pathname: Some("/:id")}, Options{})
	tests := []struct {
		name string
		p    *Pattern
		url  string // or, when empty, in
		in   Init
		want string // the pathname matched, or "-" for no match
	}{
		{"an init of a protocol that is not special", all, "",
			Init{Protocol: Some("foo"), Pathname: Some("/x/../y")}, "/x/../y"},
		{"an init of a special protocol", all, "",
			Init{Protocol: Some("http"), Pathname: Some("/x/../y")}, "/y"},
		{"an init without a protocol", all, "",
			Init{Pathname: Some("/x/../y")}, "/y"},
		{"a URL whose path starts with \"//\"", all, "http://x1-abcx1//42/x", Init{}, "//42/x"},
		{"the same against \"/:id\"", slashID, "http://x1-abcx1//42/x", Init{}, "-"},
		{"a URL with dot segments after a segment that starts with \".\"", all, "https://h/x/.json/b/./c/..", Init{}, "/x/.json/b/"},
	}
	for _, tt := range tests {
		var r Result
		var ok bool
		if tt.url != "" {
			r, ok = tt.p.Exec(tt.url)
		} else {
			r, ok = tt.p.ExecInit(tt.in)
		}
		got := "-"
		if ok {
			got = r.Component(Pathname).Input
		}
		if got != tt.want {
			t.Errorf("%s: pathname %q, want %q", tt.name, got, tt.want)
		}
	}
	if p, err := Resolve("https://example.com/base/x", ".json/..{/x}?", Options{}); err != nil {
		t.Errorf("Resolve(base, \".json/..{/x}?\"): %v", err)
	} else if got := p.Pathname(); got != "/base/{/x}?" {
		t.Errorf("Resolve(base, \".json/..{/x}?\"): pathname %q, want \"/base/{/x}?\"", got)
	}
}

// TestHasRegExpGroups pins hasRegExpGroups as WPT's
// urlpattern-hasregexpgroups test does.
func TestHasRegExpGroups(t *testing.T) {
	if p, _ := New(Init{}, Options{}); p.HasRegExpGroups() {
		t.Error("the match-everything pattern has regexp groups")
	}
	for c := Protocol; c < numComponents; c++ {
		cases := map[string]bool{"*": false, ":foo": false, ":foo?": false, ":foo(hi)": true, "(hi)": true}
		if c != Protocol && c != Port {
			cases["a-{:hello}-z-*-a"] = false
			cases["a-(hi)-z-(lo)-a"] = true
		}
		for s, want := range cases {
			var in Init
			in.Set(c, s)
			p, err := New(in, Options{})
			if err != nil {
				t.Errorf("%v %q: %v", c, s, err)
				continue
			}
			if p.HasRegExpGroups() != want {
				t.Errorf("%v %q: HasRegExpGroups() = %v, want %v", c, s, !want, want)
			}
		}
	}
	for s, want := range map[string]bool{"/a/:foo/:baz?/b/*": false, "/a/:foo/:baz([a-z]+)?/b/*": true} {
		if p, _ := New(Init{Pathname: Some(s)}, Options{}); p.HasRegExpGroups() != want {
			t.Errorf("pathname %q: HasRegExpGroups() = %v", s, !want)
		}
	}
}

// TestAllocs pins what matching allocates: nothing for Test on a parsed
// URL and for List.Match and List.MatchPathname, whether the component is
// matched by a plan or by RE2, and for ExecURL with up to 8 groups; the
// groups beyond; nothing for ExecComponent into a slice with room, but
// what RE2 takes.
func TestAllocs(t *testing.T) {
	l := NewList(readRoutes(t))
	tests := []struct {
		name    string
		pattern string
		url     string
		call    string
		allocs  float64
	}{
		{"TestURL, groups", "https://h/:a/:b", "https://h/x/y", "testURL", 0},
		{"TestURL, a class group", "https://h/:a(\\d+)", "https://h/42", "testURL", 0},
		{"TestURL, RE2", "https://h/:a(\\d+|x)?", "https://h/42", "testURL", 0},
		{"Test of a URL in serialized form", "https://h/:a", "https://h/x", "test", 0},
		{"ExecURL: a Result holds up to 8 groups", "https://h/:a/:b", "https://h/x/y", "execURL", 0},
		{"ExecURL: 9 groups", "https://h/:a/:b/:c/:d/:e", "https://h/a/b/c/d/e", "execURL", 1},
		{"Exec of a URL in serialized form", "https://h/:a", "https://h/x", "exec", 0},
		{"List.Match", "", "https://h/repos/golang/go/issues/1", "list", 0},
		{"List.Match, a class group", "", "https://h/repos/golang/go/actions/runs/7", "list", 0},
		{"List.MatchPathname", "", "https://h/repos/golang/go/issues/1", "list-path", 0},
		{"List.MatchPathname, no route", "", "https://h/repos/golang/go/nothing/here", "list-path", 0},
		{"ExecComponent: 9 groups into a slice with room", "https://h/:a/:b/:c/:d/:e/:f/:g/:h/:i", "https://h/a/b/c/d/e/f/g/h/i", "exec-component", 0},
		{"ExecComponent, RE2", "https://h/:a(\\d+|x)?", "https://h/42", "exec-component", 1},
	}
	var buf [16]Group
	for _, tt := range tests {
		u := whatwg.MustParse(tt.url)
		var p *Pattern
		if tt.pattern != "" {
			p = MustParse(tt.pattern)
		}
		got := testing.AllocsPerRun(100, func() {
			switch tt.call {
			case "testURL":
				sinkBool = p.TestURL(u)
			case "test":
				sinkBool = p.Test(tt.url)
			case "execURL":
				sinkResult, sinkBool = p.ExecURL(u)
			case "exec":
				sinkResult, sinkBool = p.Exec(tt.url)
			case "list":
				sinkInt, sinkBool = l.Match(u)
			case "list-path":
				sinkInt, sinkBool = l.MatchPathname(u.Pathname())
			case "exec-component":
				groups, ok := p.ExecComponent(Pathname, u.Pathname(), buf[:0])
				sinkBool = ok && len(groups) > 0
			}
		})
		if got != tt.allocs {
			t.Errorf("%s: %s on %q: %v allocations, want %v", tt.name, tt.pattern, tt.url, got, tt.allocs)
		}
	}
}

// TestSpecExamples runs the examples of the standard's introduction
// (section 1.1): the components of each pattern, and the URLs it matches
// and does not match.
func TestSpecExamples(t *testing.T) {
	tests := []struct {
		pattern, base string
		components    [numComponents]string
		match, miss   []string
	}{
		{"https://example.com/:category/*", "",
			[numComponents]string{"https", "*", "*", "example.com", "", "/:category/*", "*", "*"},
			[]string{"https://example.com/products/", "https://example.com/blog/our-greatest-product-ever"},
			[]string{"https://example.com/", "http://example.com/products/", "https://example.com:8443/blog/our-greatest-product-ever"}},
		{"http{s}?://{:subdomain.}?shop.example/products/:id([0-9]+)#reviews", "",
			[numComponents]string{"http{s}?", "*", "*", "{:subdomain.}?shop.example", "", "/products/:id([0-9]+)", "", "reviews"},
			[]string{"https://shop.example/products/74205#reviews", "https://kathryn@voyager.shop.example/products/74656#reviews",
				"http://insecure.shop.example/products/1701#reviews"},
			[]string{"https://shop.example/products/2000", "http://shop.example:8080/products/0#reviews",
				"https://nx.shop.example/products/01?speed=5#reviews", "https://shop.example/products/chair#reviews"}},
		{"../admin/*", "https://discussion.example/forum/?page=2",
			[numComponents]string{"https", "*", "*", "discussion.example", "", "/admin/*", "*", "*"},
			[]string{"https://discussion.example/admin/", "https://edd:librarian@discussion.example/admin/update?id=1"},
			[]string{"https://discussion.example/forum/admin/", "http://discussion.example:8080/admin/update?id=1"}},
	}
	for _, tt := range tests {
		var p *Pattern
		var err error
		if tt.base != "" {
			p, err = Resolve(tt.base, tt.pattern, Options{})
		} else {
			p, err = Parse(tt.pattern, Options{})
		}
		if err != nil {
			t.Errorf("%q: %v", tt.pattern, err)
			continue
		}
		for c := Protocol; c < numComponents; c++ {
			if got := p.Component(c); got != tt.components[c] {
				t.Errorf("%q: %v = %q, want %q", tt.pattern, c, got, tt.components[c])
			}
		}
		for _, u := range tt.match {
			if !p.Test(u) {
				t.Errorf("%q does not match %q", tt.pattern, u)
			}
		}
		for _, u := range tt.miss {
			if p.Test(u) {
				t.Errorf("%q matches %q", tt.pattern, u)
			}
		}
	}
}
