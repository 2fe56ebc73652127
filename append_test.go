package uri

import (
	"strings"
	"testing"

	"github.com/gouri/uri/internal/testrows"
)

// appendPrefix is text already in dst, which the Append forms must keep.
const appendPrefix = "GET "

// checkAppendResolve fails unless AppendResolve gives the text of
// base.Resolve(r), after what dst held, both into a nil slice and into one
// with room.
func checkAppendResolve(t *testing.T, base, r URI) {
	t.Helper()
	want := base.Resolve(r).String()
	if got := AppendResolve(nil, base, r); string(got) != want {
		t.Fatalf("AppendResolve(nil, %q, %q) = %q, want %q", base, r, got, want)
	}
	dst := append(make([]byte, 0, 8), appendPrefix...)
	if got := AppendResolve(dst, base, r); string(got) != appendPrefix+want {
		t.Fatalf("AppendResolve(%q, %q, %q) = %q, want %q", appendPrefix, base, r, got, appendPrefix+want)
	}
	// Room for the result is enough for the result, and room for both
	// references and 3 bytes, as the doc says, leaves dst in place.
	exact := append(make([]byte, 0, len(appendPrefix)+len(want)), appendPrefix...)
	if got := AppendResolve(exact, base, r); string(got) != appendPrefix+want {
		t.Fatalf("AppendResolve(%q with room for the result, %q, %q) = %q, want %q", appendPrefix, base, r, got, appendPrefix+want)
	}
	roomy := append(make([]byte, 0, len(appendPrefix)+len(base.String())+len(r.String())+3), appendPrefix...)
	if got := AppendResolve(roomy, base, r); string(got) != appendPrefix+want || &got[0] != &roomy[0] {
		t.Fatalf("AppendResolve(%q with room, %q, %q) = %q, want %q in place", appendPrefix, base, r, got, appendPrefix+want)
	}
}

// checkAppendNormalize is checkAppendResolve for AppendNormalize and
// URI.Normalize.
func checkAppendNormalize(t *testing.T, u URI) {
	t.Helper()
	want := u.Normalize().String()
	if got := AppendNormalize(nil, u); string(got) != want {
		t.Fatalf("AppendNormalize(nil, %q) = %q, want %q", u, got, want)
	}
	dst := append(make([]byte, 0, 8), appendPrefix...)
	if got := AppendNormalize(dst, u); string(got) != appendPrefix+want {
		t.Fatalf("AppendNormalize(%q, %q) = %q, want %q", appendPrefix, u, got, appendPrefix+want)
	}
	// Room for the result alone is enough for the text; room for both u's
	// text and the result leaves dst in place, as the doc says.
	exact := append(make([]byte, 0, len(appendPrefix)+len(want)), appendPrefix...)
	if got := AppendNormalize(exact, u); string(got) != appendPrefix+want {
		t.Fatalf("AppendNormalize(%q with room for the result, %q) = %q, want %q", appendPrefix, u, got, appendPrefix+want)
	}
	roomy := append(make([]byte, 0, len(appendPrefix)+max(len(want), len(u.String()))), appendPrefix...)
	if got := AppendNormalize(roomy, u); string(got) != appendPrefix+want || &got[0] != &roomy[0] {
		t.Fatalf("AppendNormalize(%q with room, %q) = %q, want %q in place", appendPrefix, u, got, appendPrefix+want)
	}
}

// corpusURIs returns the valid URIs of the committed samples of real-world
// URLs (testdata/urls).
func corpusURIs(t *testing.T) []URI {
	var us []URI
	for _, name := range testrows.Samples() {
		for _, s := range testrows.URLs(t, name) {
			if u, err := Parse(s); err == nil {
				us = append(us, u)
			}
		}
	}
	if len(us) < 8000 {
		t.Fatalf("only %d valid URLs in the corpus", len(us))
	}
	return us
}

// TestAppendResolveRFCExamples: every example of RFC 3986, Sections 5.4.1
// and 5.4.2, and every row of testdata/resolve.jsonl, as TestResolveTestdata
// reads them.
func TestAppendResolveRFCExamples(t *testing.T) {
	base := MustParse("http://a/b/c/d;p?q")
	for _, r := range []string{
		"g:h", "g", "./g", "g/", "/g", "//g", "?y", "g?y", "#s", "g#s", "g?y#s", ";x", "g;x", "g;x?y#s", "", ".",
		"./", "..", "../", "../g", "../..", "../../", "../../g",
		"../../../g", "../../../../g", "/./g", "/../g", "g.", ".g", "g..", "..g", "./../g", "./g/.", "g/./h",
		"g/../h", "g;x=1/./y", "g;x=1/../y", "g?y/./x", "g?y/../x", "g#s/./x", "g#s/../x", "http:g",
	} {
		checkAppendResolve(t, base, MustParse(r))
	}
	if got := string(AppendResolve(nil, base, MustParse("../g"))); got != "http://a/b/g" {
		t.Errorf(`AppendResolve(nil, %q, "../g") = %q`, base, got)
	}
	for _, row := range testrows.Read[testrows.Result](t, "testdata/resolve.jsonl") {
		b, err := Parse(row.Base)
		if err != nil {
			continue
		}
		if r, err := Parse(row.Bytes(t)); err == nil {
			checkAppendResolve(t, b, r)
		}
	}
}

// TestAppendResolveCorpus: the corpus URLs as bases and as references,
// with each kind of reference of BenchmarkResolve, against a base with and
// without an authority, and bases without a scheme.
func TestAppendResolveCorpus(t *testing.T) {
	us := corpusURIs(t)
	bases := []URI{MustParse("http://example.com/a/b/c?q"), MustParse("a:b/c"), MustParse("//h/x/y"), MustParse("/x/./y")}
	for _, u := range us {
		for _, b := range bases {
			checkAppendResolve(t, b, u)
		}
		for _, rk := range resolveBenchRefs {
			checkAppendResolve(t, u, MustParse(rk.ref))
		}
	}
}

// TestAppendNormalize: the rows of testdata/normalize-default.jsonl and the
// corpus, already normal and not, give the text of URI.Normalize.
func TestAppendNormalize(t *testing.T) {
	n := 0
	for _, row := range testrows.Read[testrows.Result](t, "testdata/normalize-default.jsonl") {
		if u, err := Parse(row.Bytes(t)); err == nil {
			checkAppendNormalize(t, u)
			n++
		}
	}
	for _, s := range normalizeShapes {
		checkAppendNormalize(t, MustParse(s.in))
	}
	for _, u := range corpusURIs(t) {
		checkAppendNormalize(t, u)
		checkAppendNormalize(t, MustParse(strings.ToUpper(u.Scheme())+u.String()[len(u.Scheme()):]))
	}
	long := MustParse("http://a/" + strings.Repeat("b/./", 200) + "c")
	checkAppendNormalize(t, long)
	if n < 60 {
		t.Errorf("only %d rows", n)
	}
}

// TestAppendAllocs: the Append forms allocate nothing when dst has room,
// over the whole corpus and each loop counted as one run, so the totals
// are exact; and a dst without room grows once.
func TestAppendAllocs(t *testing.T) {
	us := corpusURIs(t)
	base := MustParse("http://example.com/a/b/c?q")
	dotdot, inside := MustParse("../g?y#s"), MustParse("g/./h/../i")
	notNormal := MustParse("HTTP://Example.COM:80/a/./b/%7e")
	buf := make([]byte, 0, 1<<16)
	long := MustParse("http://a/" + strings.Repeat("x/", 2048) + "./y")
	tests := []struct {
		name string
		run  func()
		want float64
	}{
		{"AppendResolve, corpus URL as reference", func() {
			for _, u := range us {
				buf = AppendResolve(buf[:0], base, u)
			}
		}, 0},
		{"AppendResolve, corpus URL as base", func() {
			for _, u := range us {
				buf = AppendResolve(buf[:0], u, dotdot)
			}
		}, 0},
		{"AppendResolve, dot segments inside", func() {
			for _, u := range us {
				buf = AppendResolve(buf[:0], u, inside)
			}
		}, 0},
		{"AppendResolve, a long path with dot segments", func() { buf = AppendResolve(buf[:0], base, long) }, 0},
		{"AppendNormalize, corpus", func() {
			for _, u := range us {
				buf = AppendNormalize(buf[:0], u)
			}
		}, 0},
		{"AppendResolve into nil", func() { sinkBytes = AppendResolve(nil, base, dotdot) }, 1},
		{"AppendNormalize into nil", func() { sinkBytes = AppendNormalize(nil, base) }, 1},
		{"AppendNormalize into nil, not normal", func() { sinkBytes = AppendNormalize(nil, notNormal) }, 1},
	}
	for _, tt := range tests {
		if got := testing.AllocsPerRun(1, tt.run); got != tt.want {
			t.Errorf("%s: %v allocations, want %v", tt.name, got, tt.want)
		}
	}
}

var sinkBytes []byte

// TestAppendResolveGrows: appending to the same slice again and again, as
// a program that collects the results does, grows it as append does, a
// few times for a thousand results, not once per result.
func TestAppendResolveGrows(t *testing.T) {
	base, dotdot, inside := MustParse("http://example.com/a/b/c?q"), MustParse("../g?y#s"), MustParse("g/./h/../i")
	for _, r := range []URI{dotdot, inside} {
		got := testing.AllocsPerRun(1, func() {
			var buf []byte
			for range 1000 {
				buf = AppendResolve(buf, base, r)
			}
			sinkBytes = buf
		})
		if got > 40 {
			t.Errorf("1000 times AppendResolve(buf, %q, %q) onto one slice: %v allocations, want at most 40", base, r, got)
		}
	}
}

// FuzzAppend checks that the Append forms give the text of the allocating
// forms for any pair of references, after what dst held.
func FuzzAppend(f *testing.F) {
	for _, s := range []string{"http://a/b/c/d;p?q", "../g", "a:", ".///b", "HTTP://A/%7e/./x", "//h", "?y", "x:/.//y", "a/../../b"} {
		f.Add(s, "../g?y#s")
		f.Add("http://a/b/c/d;p?q", s)
	}
	f.Fuzz(func(t *testing.T, b, r string) {
		bu, err := Parse(b)
		if err != nil {
			return
		}
		checkAppendNormalize(t, bu)
		if ru, err := Parse(r); err == nil {
			checkAppendResolve(t, bu, ru)
		}
	})
}
