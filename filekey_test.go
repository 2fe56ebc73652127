package uri_test

import (
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"

	"github.com/gouri/uri"
)

// vscodeTests pin FileOptions.FromFilePath with VSCodeSpelling. The rows
// marked "VS Code" are the spellings that Visual Studio Code's URI module
// (vscode-uri) documents for URI.file(path).toString(). TestFromFilePath
// runs them.
var vscodeTests = []fromFilePathRow{
	{"VS Code: a drive letter lower-cased, its colon as %3A", `C:\win\path`, windows, fileResult{Out: "file:///c%3A/win/path"}},
	{"VS Code: the same from a lower-case letter", `c:\win\path\`, windows, fileResult{Out: "file:///c%3A/win/path/"}},
	{"VS Code: a space and %", `c:\test with %\path`, windows, fileResult{Out: "file:///c%3A/test%20with%20%25/path"}},
	{"VS Code: %25 is data", `c:\test with %25\c#code`, windows, fileResult{Out: "file:///c%3A/test%20with%20%2525/c%23code"}},
	{"VS Code: a UNC server, lower-cased, in UTF-8", `\\Sh` + "\u00e4" + `res\path\c#\plugin.json`, windows, fileResult{Out: "file://sh%C3%A4res/path/c%23/plugin.json"}},
	{"VS Code: + and non-ASCII in a POSIX path", "/Users/me/M\u00f6del + Other Th\u00eeng\u00df/model.js", posix,
		fileResult{Out: "file:///Users/me/M%C3%B6del%20%2B%20Other%20Th%C3%AEng%C3%9F/model.js"}},
	{"VS Code: $ encoded", `\\server\c$\GitDevelopment`, windows, fileResult{Out: "file://server/c%24/GitDevelopment"}},
	{"every sub-delim, : and @ encoded; unreserved kept", "/a:b@c!$&'()*+,;=-._~", posix, fileResult{Out: "file:///a%3Ab%40c%21%24%26%27%28%29%2A%2B%2C%3B%3D-._~"}},
	{"a drive root", `D:\`, windows, fileResult{Out: "file:///d%3A/"}},
	{"RFC 8089, Appendix E.3.2: a server named localhost stays in the path", `\\localhost\c$\x`, windows, fileResult{Out: "file:////localhost/c%24/x"}},
	{"a server with a sub-delim", `\\a+b\share`, windows, fileResult{Out: "file://a%2Bb/share"}},
	{"the same errors: a relative path", `a\b`, windows, fileResult{Err: uri.ErrNotAbsolute, Component: uri.Path}},
	{"the same errors: a POSIX drive letter", "/c:/x", posix, fileResult{Err: uri.ErrDriveLetter, Offset: 1, Component: uri.Path}},
	{"the same errors: a dot segment", `C:\a\..\b`, windows, fileResult{Err: uri.ErrDotSegment, Offset: 5, Component: uri.Path}},
}

// checkSpelling checks a URI that FileOptions.FromFilePath wrote in
// VSCodeSpelling for the path p: it parses to the same text, FilePath
// reads it as the path it reads from the normal spelling, and FileKey
// gives both the same key.
func checkSpelling(t *testing.T, p string, style uri.PathStyle, u uri.URI) {
	t.Helper()
	if v, err := uri.Parse(u.String()); err != nil || v != u {
		t.Fatalf("VSCodeSpelling of %q = %q, which parses to %q, %v", p, u, v, err)
	}
	n, err := uri.FromFilePath(p, style)
	if err != nil {
		t.Fatalf("FromFilePath(%q, %v) fails (%v) where VSCodeSpelling gives %q", p, style, err, u)
	}
	got, err1 := uri.FilePath(u, style)
	want, err2 := uri.FilePath(n, style)
	if got != want || err1 != nil || err2 != nil {
		t.Fatalf("FilePath(%q) = %q, %v; FilePath(%q) = %q, %v; want the same path", u, got, err1, n, want, err2)
	}
	k1, err1 := uri.FileKey(u)
	k2, err2 := uri.FileKey(n)
	if k1 != k2 || err1 != nil || err2 != nil {
		t.Fatalf("FileKey(%q) = %q, %v; FileKey(%q) = %q, %v; want one key", u, k1, err1, n, k2, err2)
	}
}

// fileKeyTests pin FileKey: the key of each URI, and so which URIs share
// one.
var fileKeyTests = []struct {
	name, in, want string
}{
	{"RFC 3986, Section 6.2.2.2: ':' percent-encoded or not", "file:///a%3Ab", "file:///a:b"},
	{"the same, as written", "file:///a:b", "file:///a:b"},
	{"RFC 3986, Section 3.1: the scheme's case", "FILE:///a:b", "file:///a:b"},
	{"RFC 8089, Section 2: localhost is the local machine", "file://LocalHost/a:b", "file:///a:b"},
	{"RFC 8089, Section 2: localhost percent-encoded", "file://local%68ost/a", "file:///a"},
	{"RFC 8089, Section 2: no authority", "file:/a", "file:///a"},
	{"RFC 8089, Appendix E.2: a drive letter's case", "file:///c:/x", "file:///C:/x"},
	{"VS Code's spelling of a drive letter", "file:///c%3A/My%20Files/a%2Bb", "file:///C:/My%20Files/a+b"},
	{"RFC 8089, Appendix E.2.2: the vertical line", "file:///c%7C/x", "file:///C:/x"},
	{"RFC 8089, Appendix E.2: a drive letter without '/'", "file:c:/x", "file:///C:/x"},
	{"a drive letter after localhost", "file://localhost/c%3a/x", "file:///C:/x"},
	{"every sub-delim, ':' and '@' decoded in the path", "file:///%21%24%26%27%28%29%2A%2B%2C%3B%3D%3A%40", "file:///!$&'()*+,;=:@"},
	{"unreserved decoded, hex in upper case", "file:///%7e%41%c3%a9", "file:///~A%C3%A9"},
	{"a space, '%', '?', '#' and '/' stay encoded", "file:///a%20b%25c%3fd%23e%2ff", "file:///a%20b%25c%3Fd%23e%2Ff"},
	{"RFC 3986, Section 3.2.2: the host's case and sub-delims", "file://Server%2Bx/s", "file://server+x/s"},
	{"a drive letter on a server is a share's name", "file://server/c%3A/x", "file://server/c:/x"},
	{"RFC 5952 and an empty port", "file://[::0:1]:/x", "file://[::1]/x"},
	{"an empty path after a host", "file://server", "file://server/"},
	{"the path's case is the file system's", "file:///A/b", "file:///A/b"},
	{"dot segments are kept", "file:///a/./b/../c", "file:///a/./b/../c"},
	{"%2E is a dot", "file:///a/%2E/b", "file:///a/./b"},
	{"empty segments are kept", "file:///a//b", "file:///a//b"},
	{"RFC 8089, Appendix E.3.2 is not E.3.1", "file:////server/share", "file:////server/share"},
	{"the query and fragment in normal form only", "file:///a?%3D%7e#%3A%7e", "file:///a?%3D~#%3A~"},
	{"a userinfo is kept", "file://u%3Av@host/a", "file://u%3Av@host/a"},
	{"already a key", "file:///C:/x", "file:///C:/x"},
}

func TestFileKey(t *testing.T) {
	for _, tt := range fileKeyTests {
		u, err := uri.Parse(tt.in)
		if err != nil {
			t.Fatalf("%s: Parse(%q): %v", tt.name, tt.in, err)
		}
		got, err := uri.FileKey(u)
		if got != tt.want || err != nil {
			t.Errorf("%s: FileKey(%q) = %q, %v; want %q", tt.name, tt.in, got, err, tt.want)
			continue
		}
		checkFileKey(t, u, got)
	}
	for _, tt := range []struct {
		in   string
		want fileResult
	}{
		{"http://a/b", fileResult{Err: uri.ErrNotFileScheme, Component: uri.Scheme}},
		{"/a/b", fileResult{Err: uri.ErrMissingScheme, Component: uri.Scheme}},
	} {
		k, err := uri.FileKey(uri.MustParse(tt.in))
		got := fileView(t, "FileKey", tt.in, k, err)
		if diff := cmp.Diff(tt.want, got, cmpopts.EquateErrors()); diff != "" {
			t.Errorf("FileKey(%q) (-want +got):\n%s", tt.in, diff)
		}
	}
}

// checkFileKey checks the key k of the file URI u: it parses, it is its own
// key, and FilePath reads from it, in each style, the path it reads from u,
// if any.
func checkFileKey(t *testing.T, u uri.URI, k string) {
	t.Helper()
	v, err := uri.Parse(k)
	if err != nil {
		t.Fatalf("FileKey(%q) = %q, which does not parse: %v", u, k, err)
	}
	if again, err := uri.FileKey(v); again != k || err != nil {
		t.Fatalf("FileKey(%q) = %q, but FileKey of that is %q, %v", u, k, again, err)
	}
	for _, style := range []uri.PathStyle{posix, windows} {
		p1, err1 := uri.FilePath(u, style)
		p2, err2 := uri.FilePath(v, style)
		if err1 == nil && (p1 != p2 || err2 != nil) {
			t.Fatalf("FilePath(%q, %v) = %q, %v; but of its key %q: %q, %v", u, style, p1, err1, k, p2, err2)
		}
	}
}

// TestFileKeySpellings: for generated clean paths of both styles, the
// normal spelling, VS Code's, and every spelling that respell and
// aliasSpelling make of the normal one have one key, which names the path.
func TestFileKeySpellings(t *testing.T) {
	r := rand.New(rand.NewPCG(8089, 37))
	forGeneratedPaths(t, r, 10000, func(p string, style uri.PathStyle, canon uri.URI) {
		key, err := uri.FileKey(canon)
		if err != nil {
			t.Fatalf("FileKey(%q): %v", canon, err)
		}
		checkFileKey(t, canon, key)
		vs, err := uri.FileOptions{Style: style, Spelling: uri.VSCodeSpelling}.FromFilePath(p)
		if err != nil {
			t.Fatalf("VSCodeSpelling of %q: %v", p, err)
		}
		checkSpelling(t, p, style, vs)
		others := []uri.URI{respell(r, canon), respell(r, vs)}
		if a, ok := aliasSpelling(r, canon, style); ok && !(canon.Host() != "" && strings.HasPrefix(a, "file:////")) {
			// Not the UNC path after an empty host (Appendix E.3.2),
			// which FileKey does not fold.
			others = append(others, uri.MustParse(a))
		}
		for _, o := range others {
			if k, err := uri.FileKey(o); k != key || err != nil {
				t.Fatalf("FileKey(%q) = %q, %v; want %q, the key of %q", o, k, err, key, canon)
			}
		}
	})
}

// FuzzFileKey reads its input as a URI and as a path: for a file URI, its
// key parses, is its own key and names what the URI names (checkFileKey),
// and encoding a byte of the path that needs no encoding leaves the key as
// it is; for a path that FromFilePath accepts, the normal and VS Code
// spellings have one key.
func FuzzFileKey(f *testing.F) {
	for _, tt := range fileKeyTests {
		f.Add(tt.in, 0)
	}
	for _, tt := range vscodeTests {
		f.Add(tt.in, 1)
	}
	f.Fuzz(func(t *testing.T, in string, at int) {
		if u, err := uri.Parse(in); err == nil {
			if k, err := uri.FileKey(u); err == nil {
				checkFileKey(t, u, k)
				if o, ok := encodeOne(u, at); ok {
					if ko, err := uri.FileKey(o); ko != k || err != nil {
						t.Fatalf("FileKey(%q) = %q, %v; want %q, the key of %q", o, ko, err, k, u)
					}
				}
			}
		}
		for _, style := range []uri.PathStyle{posix, windows} {
			if vs, err := (uri.FileOptions{Style: style, Spelling: uri.VSCodeSpelling}).FromFilePath(in); err == nil {
				checkSpelling(t, in, style, vs)
			}
		}
	})
}

// encodeOne returns u with the byte of its path at or after at (modulo the
// path's length) percent-encoded, when that byte is a pchar that needs no
// encoding and the path stays what a file URI reads alike.
func encodeOne(u uri.URI, at int) (uri.URI, bool) {
	p := u.Path()
	if p == "" {
		return uri.URI{}, false
	}
	i := (at%len(p) + len(p)) % len(p)
	c := p[i]
	if c == '/' || c == '%' || strings.IndexByte(p[:i], '%') >= 0 && strings.LastIndexByte(p[:i], '%') >= i-2 {
		return uri.URI{}, false // a separator, or a byte of a percent-encoding
	}
	comp := u.Components()
	comp.Path = p[:i] + "%" + hexByte(c) + p[i+1:]
	v, err := comp.URI()
	return v, err == nil
}
