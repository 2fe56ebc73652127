package dotseg

import (
	"math/rand/v2"
	"strings"
	"testing"
)

// reference is remove_dot_segments transcribed step by step from RFC 3986,
// Section 5.2.4, with the two buffers as strings.
func reference(in string) string {
	out := ""
	for in != "" {
		switch {
		case strings.HasPrefix(in, "../"):
			in = in[3:] // A
		case strings.HasPrefix(in, "./"):
			in = in[2:] // A
		case strings.HasPrefix(in, "/./"):
			in = in[2:] // B
		case in == "/.":
			in = "/" // B
		case strings.HasPrefix(in, "/../"):
			in = in[3:] // C
			out = out[:max(strings.LastIndexByte(out, '/'), 0)]
		case in == "/..":
			in = "/" // C
			out = out[:max(strings.LastIndexByte(out, '/'), 0)]
		case in == "." || in == "..":
			in = "" // D
		default: // E
			k := strings.IndexByte(in[1:], '/')
			if k < 0 {
				out, in = out+in, ""
			} else {
				out, in = out+in[:k+1], in[k+1:]
			}
		}
	}
	return out
}

// oldReference is RFC 1808, Section 4, step 6 (RFC 2396, Section 5.2,
// step 6c to 6f), transcribed with its iterations.
func oldReference(path string) string {
	seg := func(s string) bool { return s != ".." && !strings.Contains(s, "/") }
	// a) every "./" where "." is a complete segment
	for {
		i := -1
		for k := 0; k+2 <= len(path); k++ {
			if path[k:k+2] == "./" && (k == 0 || path[k-1] == '/') {
				i = k
				break
			}
		}
		if i < 0 {
			break
		}
		path = path[:i] + path[i+2:]
	}
	// b) a final "."
	if path == "." || strings.HasSuffix(path, "/.") {
		path = path[:len(path)-1]
	}
	// c) the leftmost "<segment>/../", until none is left
	for changed := true; changed; {
		changed = false
		for k := 0; k+4 <= len(path); k++ {
			if path[k:k+4] != "/../" {
				continue
			}
			s := strings.LastIndexByte(path[:k], '/') + 1
			if s == 0 && strings.HasPrefix(path, "/") {
				continue
			}
			if seg(path[s:k]) && (s > 0 || k > 0 || !strings.HasPrefix(path, "/")) {
				if s == k && s == 0 {
					continue
				}
				path = path[:s] + path[k+4:]
				changed = true
				break
			}
		}
	}
	// d) a final "<segment>/.."
	if strings.HasSuffix(path, "/..") {
		k := len(path) - 3
		s := strings.LastIndexByte(path[:k], '/') + 1
		if seg(path[s:k]) && !(s == 0 && k == 0) {
			path = path[:s]
		}
	}
	return path
}

func TestRemoveRFC3986(t *testing.T) {
	// RFC 3986, Section 5.2.4's examples, then edge cases.
	for _, tt := range []struct{ in, want string }{
		{"/a/b/c/./../../g", "/a/g"},
		{"mid/content=5/../6", "mid/6"},
		{"", ""}, {".", ""}, {"..", ""}, {"/", "/"}, {"/.", "/"}, {"/..", "/"},
		{"a/..", "/"}, {"a/../b", "/b"}, {"a/../..", "/"}, {"../a", "a"}, {"./a", "a"},
		{"a/.", "a/"}, {"a/b/..", "a/"}, {"/../g", "/g"}, {"//a/..", "//"},
		{"/a/b/c/./../../g/", "/a/g/"}, {"a/./b", "a/b"}, {"..a/b", "..a/b"},
	} {
		got, _ := Remove([]byte(tt.in), 0, Options{})
		if string(got) != tt.want || reference(tt.in) != tt.want {
			t.Errorf("Remove(%q) = %q, reference %q, want %q", tt.in, got, reference(tt.in), tt.want)
		}
	}
}

// TestRemoveMatchesReference compares Remove with the transcription on
// every path of up to five segments of six kinds, rooted and not.
func TestRemoveMatchesReference(t *testing.T) {
	kinds := []string{"", ".", "..", "a", "bc", "..."}
	var paths []string
	var gen func(prefix string, n int)
	gen = func(prefix string, n int) {
		paths = append(paths, prefix, "/"+prefix)
		if n == 0 {
			return
		}
		for _, k := range kinds {
			p := k
			if prefix != "" {
				p = prefix + "/" + k
			}
			gen(p, n-1)
		}
	}
	gen("", 5)
	for _, p := range paths {
		if got, _ := Remove([]byte(p), 0, Options{}); string(got) != reference(p) {
			t.Fatalf("Remove(%q) = %q, reference %q", p, got, reference(p))
		}
	}
}

func TestRemoveKeepUp(t *testing.T) {
	for _, tt := range []struct{ in, want string }{
		{"a/b/..", "a/"}, {"a/../..", ".."}, {"../a", "../a"}, {"a/../b", "b"},
		{"../../g", "../../g"}, {"a/./b/../../../c", "../c"}, {".", ""}, {"a/..", ""},
		{"/../g", "/../g"}, {"/a/b/../../../g", "/../g"}, {"/a/..", "/"},
		{"a/..//b", "/b"}, {"a/%2E%2E/b", "a/%2E%2E/b"},
	} {
		got, _ := Remove([]byte(tt.in), 0, Options{KeepUp: true})
		if string(got) != tt.want {
			t.Errorf("Remove(%q, KeepUp) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

// TestRemoveOld: KeepUp on a merged path is RFC 1808's step 6 (RFC 2396's
// 6c to 6f): the examples of RFC 1808, Section 5 and a transcription.
func TestRemoveOld(t *testing.T) {
	for _, tt := range []struct{ in, want string }{
		{"/b/c/../g", "/b/g"}, {"/b/c/../../g", "/g"}, {"/b/c/../../../g", "/../g"},
		{"/b/c/../../../../g", "/../../g"}, {"/b/c/./../g", "/b/g"}, {"/b/c/g/..", "/b/c/"},
	} {
		got, _ := Remove([]byte(tt.in), 0, Options{KeepUp: true})
		if string(got) != tt.want {
			t.Errorf("Remove(%q, KeepUp) = %q, want %q", tt.in, got, tt.want)
		}
	}
	r := rand.New(rand.NewPCG(1808, 2396))
	parts := []string{"a", "b", ".", "..", "", "c"}
	for range 20000 {
		var b strings.Builder
		b.WriteString("/x")
		for range r.IntN(7) {
			b.WriteByte('/')
			b.WriteString(parts[r.IntN(len(parts))])
		}
		p := b.String()
		if got, _ := Remove([]byte(p), 0, Options{KeepUp: true}); string(got) != oldReference(p) {
			t.Fatalf("Remove(%q, KeepUp) = %q, RFC 1808 step 6 gives %q", p, got, oldReference(p))
		}
	}
}

func TestRemoveOptions(t *testing.T) {
	for _, tt := range []struct {
		in, want string
		o        Options
	}{
		{"/a/%2E%2e/b/%2e", "/b/", Options{PctDots: true}},
		{"/a/%2E%2F/b", "/a/%2E%2F/b", Options{PctDots: true}},
		{"/a//b///c/", "/a/b/c/", Options{MergeSlashes: true}},
		{"//a", "/a", Options{MergeSlashes: true}},
		{"a//../b", "b", Options{MergeSlashes: true, KeepUp: true}},
	} {
		got, _ := Remove([]byte(tt.in), 0, tt.o)
		if string(got) != tt.want {
			t.Errorf("Remove(%q, %+v) = %q, want %q", tt.in, tt.o, got, tt.want)
		}
	}
}

// TestRemoveKeep: with keep, the work starts after b[:keep], whose segments
// a ".." may still remove; lost counts the ".." that climb above b's start.
func TestRemoveKeep(t *testing.T) {
	for _, tt := range []struct {
		in   string
		keep int
		want string
		lost int
	}{
		{"/a/b/../c", 2, "/a/c", 0},
		{"/a/b/../../../c", 4, "/c", 1},
		{"/a/../b", 2, "/b", 0},
	} {
		got, lost := Remove([]byte(tt.in), tt.keep, Options{})
		if string(got) != tt.want || lost != tt.lost {
			t.Errorf("Remove(%q, %d) = %q, %d; want %q, %d", tt.in, tt.keep, got, lost, tt.want, tt.lost)
		}
	}
}

// BenchmarkRemove removes the dot segments of paths as resolution and
// normalization give them to Remove: after a directory that is kept, and
// whole, with and without dot segments.
func BenchmarkRemove(b *testing.B) {
	for _, bb := range []struct {
		name, path string
		keep       int
		o          Options
	}{
		{"inside", "/a/b/c/g/./h/../i", 6, Options{}},
		{"leading", "/a/b/c/./../../g", 0, Options{}},
		{"none", "/a/b/c/d/e/f/g/h/index.html", 0, Options{}},
		{"normalize", "/a/b/c/./../../g", 0, Options{PctDots: true}},
	} {
		buf := make([]byte, len(bb.path))
		b.Run(bb.name, func(b *testing.B) {
			for b.Loop() {
				copy(buf, bb.path)
				Remove(buf, bb.keep, bb.o)
			}
		})
	}
}
