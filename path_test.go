package uri

import (
	"errors"
	"net/url"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
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
		{"http://h/a", []string{"...", ".a", "a..", "a.", "..."}, "http://h/a/.../.a/a../a./...", "dots that are not a dot segment are data"},
		{"http://h/a", []string{"%2e%2ex", "%zz/..x", `a\b`}, "http://h/a/%252e%252ex/%25zz%2F..x/a%5Cb", "no piece is a dot segment once decoded"},
		{"http://h/a/./b", []string{"c"}, "http://h/a/./b/c", "u's own dot segments are kept as written"},
		{"http://h/a/..", []string{"c"}, "http://h/a/../c", "u's own dot segments are kept as written"},
		{"http://h/a", []string{""}, "http://h/a/", "an empty element is an empty segment"},
		{"http://h/a", []string{"", "b"}, "http://h/a//b", "an empty segment inside"},
		{"http://h/a", nil, "http://h/a", "no elements"},
		{"a", []string{"b"}, "a/b", "relative path"},
		{"../a", []string{"b"}, "../a/b", "relative path with its own dot segments"},
		{"", []string{"b", "c"}, "b/c", "the empty reference"},
		{"", []string{"x:y"}, "./x:y", `a ":" in the first segment of a relative path (Section 4.2)`},
		{"", []string{"", "x"}, ".//x", "a relative path cannot start with an empty segment"},
		{"", []string{""}, "./", "nor be empty, which would be the empty reference"},
		{"s:", []string{"", "x"}, "s:.//x", "nor can a rootless path"},
		{"s:/", []string{"", "x"}, "s:/.//x", `a path without authority cannot start with "//"`},
		{"s:a", []string{"b"}, "s:a/b", "rootless path with a scheme"},
		{"s:", []string{"x:y"}, "s:x:y", `a ":" is fine after a scheme`},
		{"mailto:", []string{"x@y"}, "mailto:x@y", "empty path without authority"},
		{"file:///", []string{"etc", "hosts"}, "file:///etc/hosts", "empty authority"},
	}
	for _, tt := range tests {
		u := MustParse(tt.base)
		got, err := u.JoinPath(tt.elem...)
		if err != nil || got.String() != tt.want {
			t.Errorf("Parse(%q).JoinPath(%q) = %q, %v; want %q (%s)", tt.base, tt.elem, got, err, tt.want, tt.why)
		}
		if p, err := Parse(got.String()); err != nil || p != got {
			t.Errorf("Parse(%q) = %#v, %v; want the joined value %#v", got, p, err, got)
		}
	}
}

// TestJoinPathNavigates: an element that would act as a dot segment, raw or
// once decoded, split at "/" or "\", is an error: data never climbs out of
// the base, whatever a server decodes before it removes dot segments.
func TestJoinPathNavigates(t *testing.T) {
	tests := []struct {
		base string
		elem []string
		want *Error
		why  string
	}{
		{"https://api.example.com/v1/", []string{"users", "..", "..", "admin"},
			&Error{Input: "..", Offset: 0, Detail: "element 2 of 4"}, "the climb out of the base that JoinPath once allowed"},
		{"http://h/a", []string{"."}, &Error{Input: ".", Detail: "element 1 of 1"}, `"." segment`},
		{"http://h/a", []string{"%2e%2E"}, &Error{Input: "%2e%2E", Detail: "element 1 of 1"}, "percent-encoded, hex in any case"},
		{"http://h/a", []string{"%2E"}, &Error{Input: "%2E", Detail: "element 1 of 1"}, `percent-encoded "."`},
		{"http://h/a", []string{".%2e"}, &Error{Input: ".%2e", Detail: "element 1 of 1"}, "half encoded"},
		{"http://h/a", []string{"ok", "../admin"}, &Error{Input: "../admin", Detail: "element 2 of 2"}, `a "/" splits the element`},
		{"http://h/a", []string{"..%2Fadmin"}, &Error{Input: "..%2Fadmin", Detail: "element 1 of 1"}, `"%2F", which servers may decode before removing dot segments`},
		{"http://h/a", []string{"a/../b"}, &Error{Input: "a/../b", Offset: 2, Detail: "element 1 of 1"}, "a dot piece inside"},
		{"http://h/a", []string{"a%2F..%2Fb"}, &Error{Input: "a%2F..%2Fb", Offset: 4, Detail: "element 1 of 1"}, "the offset is in the element as given"},
		{"http://h/a", []string{"a/%2E"}, &Error{Input: "a/%2E", Offset: 2, Detail: "element 1 of 1"}, "the offset is where the piece starts"},
		{"http://h/a", []string{`..\x`}, &Error{Input: `..\x`, Detail: "element 1 of 1"}, `"\" separates on Windows servers`},
		{"http://h/a", []string{`x%5C.`}, &Error{Input: `x%5C.`, Offset: 4, Detail: "element 1 of 1"}, `"%5C" decodes to "\"`},
		{"http://h/a", []string{"x/"}, nil, "an empty piece is not a dot segment"},
		{"http://h/a", []string{"a", "b", "c/."}, &Error{Input: "c/.", Offset: 2, Detail: "element 3 of 3"}, "a final dot piece"},
		{"http://h/a", []string{"%zz/.."}, &Error{Input: "%zz/..", Offset: 4, Detail: "element 1 of 1"}, `an invalid "%" does not stop the check`},
		{"http://h/a", []string{"%252e%252e"}, nil, "decoded once only: %2e%2e is data"},
		{"a", []string{".."}, &Error{Input: "..", Detail: "element 1 of 1"}, "relative references too"},
	}
	for _, tt := range tests {
		got, err := MustParse(tt.base).JoinPath(tt.elem...)
		if tt.want == nil {
			if err != nil {
				t.Errorf("Parse(%q).JoinPath(%q): %v, want no error (%s)", tt.base, tt.elem, err, tt.why)
			}
			continue
		}
		want := *tt.want
		want.Op, want.Component, want.Err = OpBuild, Path, ErrDotSegment
		var e *Error
		if !errors.As(err, &e) {
			t.Errorf("Parse(%q).JoinPath(%q) = %q, %v; want %v (%s)", tt.base, tt.elem, got, err, &want, tt.why)
			continue
		}
		if d := cmp.Diff(want, *e, cmpopts.EquateErrors()); d != "" {
			t.Errorf("Parse(%q).JoinPath(%q) (%s): error (-want +got):\n%s", tt.base, tt.elem, tt.why, d)
		}
		if got != (URI{}) {
			t.Errorf("Parse(%q).JoinPath(%q) = %q with an error, want the zero URI", tt.base, tt.elem, got)
		}
	}
	_, err := MustParse("http://h/a").JoinPath("b", "..%2Fc")
	const msg = `uri: build: "." or ".." segment (element 2 of 2) in path at offset 0 of "..%2Fc"`
	if err == nil || err.Error() != msg {
		t.Errorf("JoinPath error message = %v, want %s", err, msg)
	}
}

// TestJoinPathSegments: the segments read back are u's, then the elements,
// whatever bytes the elements hold.
func TestJoinPathSegments(t *testing.T) {
	elems := []string{"a b", "c/d", "%", "é", "+", "?#[]", "x:y", "\xff", "...", `a\b`}
	for _, base := range []string{"http://h/p/", "", "s:", "//h"} {
		u, err := MustParse(base).JoinPath(elems...)
		if err != nil {
			t.Fatalf("Parse(%q).JoinPath(%q): %v", base, elems, err)
		}
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
	w, _ := MustParse("http://h/a/").JoinPath("b c", "d")
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
