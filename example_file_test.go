package uri_test

import (
	"errors"
	"fmt"

	"github.com/gouri/uri"
)

func ExampleFilePath() {
	for _, s := range []string{
		"file:///home/user/a%20b.txt",
		"file://localhost/etc/hosts",
	} {
		p, err := uri.FilePath(uri.MustParse(s), uri.PathPOSIX)
		fmt.Println(p, err)
	}
	for _, s := range []string{
		"file:///C:/Program%20Files/x.exe",
		"file:///c%3A/Users", // the colon encoded, as some editors write it; the letter upper-cased
		"file://server/share/doc.txt",
	} {
		p, err := uri.FilePath(uri.MustParse(s), uri.PathWindows)
		fmt.Println(p, err)
	}
	// Output:
	// /home/user/a b.txt <nil>
	// /etc/hosts <nil>
	// C:\Program Files\x.exe <nil>
	// C:\Users <nil>
	// \\server\share\doc.txt <nil>
}

func ExampleFilePath_error() {
	for _, s := range []string{
		"file://example.com/a", // a host: no POSIX path
		"file:///a%2Fb",        // "/" inside a segment
		"file:///a?x=1",        // a query
	} {
		_, err := uri.FilePath(uri.MustParse(s), uri.PathPOSIX)
		var e *uri.Error
		errors.As(err, &e)
		fmt.Println(e.Offset, e.Component, errors.Is(err, uri.ErrFileHost), err)
	}
	// Output:
	// 7 host true uri: file-path: host that the path style cannot name (POSIX paths name local files only) in host at offset 7 of "file://example.com/a"
	// 9 path false uri: file-path: percent-encoded path separator in path at offset 9 of "file:///a%2Fb"
	// 9 query false uri: file-path: not part of a file path in query at offset 9 of "file:///a?x=1"
}

func ExampleFromFilePath() {
	u, err := uri.FromFilePath("/tmp/a b/#1.txt", uri.PathPOSIX)
	fmt.Println(u, err)
	u, err = uri.FromFilePath(`C:\Users\Zoë\notes.txt`, uri.PathWindows)
	fmt.Println(u, err)
	u, err = uri.FromFilePath(`\\Server\share\x`, uri.PathWindows)
	fmt.Println(u, err)
	_, err = uri.FromFilePath(`C:notes.txt`, uri.PathWindows)
	fmt.Println(err)
	// Output:
	// file:///tmp/a%20b/%231.txt <nil>
	// file:///C:/Users/Zo%C3%AB/notes.txt <nil>
	// file://server/share/x <nil>
	// uri: file-path: not an absolute path in path at offset 2 of "C:notes.txt"
}

// Converting a file URI to a path and back gives the URI's normal form
// (RFC 3986, Section 6.2), for a URI written in the form FromFilePath
// writes. A program that handles its own system's paths passes
// uri.OSPathStyle() as the style.
func ExampleFromFilePath_normalForm() {
	u := uri.MustParse("FILE://localhost/C:/a/b")
	p, err := uri.FilePath(u, uri.PathWindows)
	if err != nil {
		panic(err)
	}
	v, err := uri.FromFilePath(p, uri.PathWindows)
	fmt.Println(p, v, v == u.Normalize(), err)
	// Output: C:\a\b file:///C:/a/b true <nil>
}

// The spellings of a drive letter in a file URI name one drive (RFC 8089,
// Appendix E.2): the normal form writes the letter in upper case and ":".
// The POSIX directory "/c:" therefore has no file URI of its own.
func ExampleEquivalent_fileDriveLetter() {
	a, b := uri.MustParse("file:///c%3A/Windows"), uri.MustParse("file:///C:/Windows")
	fmt.Println(a.Normalize(), uri.Equivalent(a, b))
	p, _ := uri.FilePath(a, uri.PathWindows)
	fmt.Println(p)
	_, err := uri.FromFilePath("/c:/x", uri.PathPOSIX)
	fmt.Println(errors.Is(err, uri.ErrDriveLetter), err)
	// Output:
	// file:///C:/Windows true
	// C:\Windows
	// true uri: file-path: first segment that a file URI reads as a drive letter in path at offset 1 of "/c:/x"
}

// An editor that talks to Visual Studio Code, or to a language server
// that expects its URIs, writes file URIs in VS Code's spelling.
func ExampleFileOptions_FromFilePath() {
	vscode := uri.FileOptions{Style: uri.PathWindows, Spelling: uri.VSCodeSpelling}
	u, err := vscode.FromFilePath(`C:\Users\Zoë\a+b (1).txt`)
	fmt.Println(u, err)
	p, err := uri.FilePath(u, uri.PathWindows)
	fmt.Println(p, err)
	// Output:
	// file:///c%3A/Users/Zo%C3%AB/a%2Bb%20%281%29.txt <nil>
	// C:\Users\Zoë\a+b (1).txt <nil>
}

// A file URI from a link, a message or a document can name a UNC path,
// which Windows opens over SMB, offering the user's credentials to the
// server. LocalOnly refuses other machines before any path is opened.
func ExampleFileOptions_FilePath() {
	o := uri.FileOptions{Style: uri.PathWindows, LocalOnly: true}
	for _, s := range []string{"file:///C:/Users/a.txt", "file://evil.example/share/x", "file:////evil.example/share/x"} {
		p, err := o.FilePath(uri.MustParse(s))
		fmt.Println(p, errors.Is(err, uri.ErrFileHost))
	}
	// Output:
	// C:\Users\a.txt false
	//  true
	//  true
}

// Windows paths can be cleaned on any system: RemoveDotSegments removes
// "." and ".." by text, never above the drive or the share, where
// path/filepath.Clean knows the running system's paths only. A character
// that Windows forbids in a name is an error.
func ExampleFileOptions_FromFilePath_removeDotSegments() {
	o := uri.FileOptions{Style: uri.PathWindows, RemoveDotSegments: true}
	for _, p := range []string{`C:\a\..\b`, `C:\..\..\b`, `\\server\share\..\x`, "C:\\a\r\nb"} {
		u, err := o.FromFilePath(p)
		fmt.Println(u, err)
	}
	// Output:
	// file:///C:/b <nil>
	// file:///C:/b <nil>
	// file://server/share/x <nil>
	//  uri: file-path: character that Windows forbids in a file name in path at offset 4 of "C:\\a\r\nb"
}

// Documents keyed by FileKey are found again whichever tool spelled the
// URI: the encoded ":" and "+" of VS Code, an upper-case drive letter, the
// host localhost.
func ExampleFileKey() {
	open := map[string]string{}
	for _, s := range []string{
		"file:///c%3A/Users/Zo%C3%AB/a%2Bb.txt",
		"file:///C:/Users/Zo%C3%AB/a+b.txt",
		"FILE://localhost/c:/Users/Zo%c3%ab/a%2bb.txt",
		"file:///a%3Ab",
		"file:///a:b",
		"file:///A:b", // the case of the path is the file system's
	} {
		key, err := uri.FileKey(uri.MustParse(s))
		if err != nil {
			panic(err)
		}
		if first, ok := open[key]; ok {
			fmt.Printf("%s is %s\n", s, first)
			continue
		}
		open[key] = s
		fmt.Printf("%s opens as %s\n", s, key)
	}
	// Output:
	// file:///c%3A/Users/Zo%C3%AB/a%2Bb.txt opens as file:///C:/Users/Zo%C3%AB/a+b.txt
	// file:///C:/Users/Zo%C3%AB/a+b.txt is file:///c%3A/Users/Zo%C3%AB/a%2Bb.txt
	// FILE://localhost/c:/Users/Zo%c3%ab/a%2bb.txt is file:///c%3A/Users/Zo%C3%AB/a%2Bb.txt
	// file:///a%3Ab opens as file:///a:b
	// file:///a:b is file:///a%3Ab
	// file:///A:b opens as file:///A:b
}
