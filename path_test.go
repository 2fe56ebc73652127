package uri

import (
	"net/url"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestPathSegments(t *testing.T) {
	tests := []struct {
		in   string
		want []string
		why  string
	}{
		{"http://h", nil, "the empty path has no segments"},
		{"http://h/", []string{""}, `"/" is one empty segment (RFC 3986, Section 3.3)`},
		{"/a/b/", []string{"a", "b", ""}, "a final empty segment"},
		{"a//b", []string{"a", "", "b"}, "an empty segment inside"},
		{"/a%2Fb/c%20d+e", []string{"a/b", "c d+e"}, `"%2F" is data inside a segment; "+" is not a space`},
		{"/./../x", []string{".", "..", "x"}, "dot segments as they are"},
		{"mailto:a@b", []string{"a@b"}, "rootless path"},
		{"?q", nil, "query only"},
	}
	for _, tt := range tests {
		got := slices.Collect(MustParse(tt.in).PathSegments())
		if d := cmp.Diff(tt.want, got); d != "" {
			t.Errorf("Parse(%q).PathSegments() (%s) (-want +got):\n%s", tt.in, tt.why, d)
		}
	}
	n := 0
	for range MustParse("/a/b/c").PathSegments() {
		n++
		break
	}
	if n != 1 {
		t.Errorf("break did not stop the iteration")
	}
}

func TestJoinPath(t *testing.T) {
	tests := []struct {
		base string
		elem []string
		want string
		why  string
	}{
		{"http://h/a/b", []string{"c"}, "http://h/a/b/c", "appended as a segment"},
		{"http://h/a/b/", []string{"c", "d"}, "http://h/a/b/c/d", "after a final slash"},
		{"http://h", []string{"c"}, "http://h/c", "an authority needs a rooted path (Section 3.3)"},
		{"http://h/", []string{"c"}, "http://h/c", "root"},
		{"http://h/a?q#f", []string{"b"}, "http://h/a/b?q#f", "query and fragment kept"},
		{"http://h/a", []string{"b/c", "d e", "%41", "?#"}, "http://h/a/b%2Fc/d%20e/%2541/%3F%23", "elements are data, escaped as segments"},
		{"http://h/a/b", []string{".."}, "http://h/a/", `".." removes "b", and the path ends with "/" (Section 5.2.4)`},
		{"http://h/a/b", []string{"..", "c"}, "http://h/a/c", `".." then a segment`},
		{"http://h/a/b", []string{"."}, "http://h/a/b/", `"." adds nothing but a final "/"`},
		{"http://h/a", []string{"..", "..", ".."}, "http://h/", "never above the root"},
		{"http://h/a/./b", []string{"c"}, "http://h/a/./b/c", "u's own dot segments are kept as written"},
		{"http://h/a", []string{""}, "http://h/a/", "an empty element is an empty segment"},
		{"http://h/a", []string{"", "b"}, "http://h/a//b", "an empty segment inside"},
		{"http://h/a", nil, "http://h/a", "no elements"},
		{"a", []string{".."}, "./", `relative: "a/.." is "./", not the empty reference`},
		{"a", []string{"..", ".."}, "../", `relative: a ".." with nothing left to remove stays`},
		{"../a", []string{"..", "..", "b"}, "../../b", `relative: ".." after ".." stays`},
		{"", []string{"x:y"}, "./x:y", `a ":" in the first segment of a relative path (Section 4.2)`},
		{"", []string{"", "x"}, ".//x", "a relative path cannot start with an empty segment"},
		{"s:", []string{"", "x"}, "s:.//x", "nor can a rootless path"},
		{"s:/", []string{"", "x"}, "s:/.//x", `a path without authority cannot start with "//"`},
		{"s:a", []string{"b"}, "s:a/b", "rootless path with a scheme"},
		{"mailto:", []string{"x@y"}, "mailto:x@y", "empty path without authority"},
		{"file:///", []string{"etc", "hosts"}, "file:///etc/hosts", "empty authority"},
	}
	for _, tt := range tests {
		u := MustParse(tt.base)
		got := u.JoinPath(tt.elem...)
		if got.String() != tt.want {
			t.Errorf("Parse(%q).JoinPath(%q) = %q, want %q (%s)", tt.base, tt.elem, got, tt.want, tt.why)
		}
		if p, err := Parse(got.String()); err != nil || p != got {
			t.Errorf("Parse(%q) = %#v, %v; want the joined value %#v", got, p, err, got)
		}
	}
}

// TestJoinPathSegments: the segments read back are u's, then the elements,
// whatever bytes the elements hold.
func TestJoinPathSegments(t *testing.T) {
	elems := []string{"a b", "c/d", "%", "é", "+", "?#[]", "x:y", "\xff"}
	for _, base := range []string{"http://h/p/", "", "s:", "//h"} {
		u := MustParse(base).JoinPath(elems...)
		got := slices.Collect(u.PathSegments())
		want := slices.Clone(elems)
		if strings.HasSuffix(base, "p/") {
			want = append([]string{"p"}, want...)
		}
		if d := cmp.Diff(want, got); d != "" {
			t.Errorf("Parse(%q).JoinPath(...) = %q: segments (-want +got):\n%s", base, u, d)
		}
	}
	// net/url's JoinPath agrees where elements have no "/" or dots.
	v, _ := url.Parse("http://h/a/")
	w := MustParse("http://h/a/").JoinPath("b c", "d")
	if v.JoinPath("b c", "d").String() != w.String() {
		t.Errorf("net/url JoinPath = %q, ours %q", v.JoinPath("b c", "d"), w)
	}
}

func TestPathAllocs(t *testing.T) {
	u := MustParse("http://h/alpha/beta/gamma")
	n := testing.AllocsPerRun(100, func() {
		for s := range u.PathSegments() {
			_ = s
		}
	})
	if n != 0 {
		t.Errorf("PathSegments without decoding: %v allocations, want 0", n)
	}
}
