package uri_test

import (
	"errors"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"

	"github.com/gouri/uri"
	"github.com/gouri/uri/internal/oracle"
	"github.com/gouri/uri/internal/testrows"
	"github.com/gouri/uri/legacy"
)

// fileResult is what a test compares for FilePath and FromFilePath: the
// result's text, or the error's sentinel, offset and component.
type fileResult struct {
	Out       string
	Err       error
	Offset    int
	Component uri.Component
}

// fileView turns a result of the function fn into a fileResult, and checks
// the error's shape: an *uri.Error with Op OpFilePath and the input.
func fileView(t *testing.T, fn, in, out string, err error) fileResult {
	t.Helper()
	if err == nil {
		return fileResult{Out: out}
	}
	var e *uri.Error
	if !errors.As(err, &e) {
		t.Fatalf("%s(%q): error %v is not an *uri.Error", fn, in, err)
	}
	if e.Op != uri.OpFilePath || e.Input != in || out != "" {
		t.Errorf("%s(%q) = %q, %#v: want an empty result and Op %q, Input %q", fn, in, out, e, uri.OpFilePath, in)
	}
	return fileResult{Err: e.Err, Offset: e.Offset, Component: e.Component}
}

var (
	posix   = uri.PathPOSIX
	windows = uri.PathWindows
)

// filePathTests pin FilePath. Each row names what it checks.
var filePathTests = []struct {
	name  string
	in    string
	style uri.PathStyle
	want  fileResult
}{
	// RFC 8089, Section 2: an empty authority, none, and "localhost" all
	// name the local machine.
	{"Section 2, empty authority", "file:///a/b", posix, fileResult{Out: "/a/b"}},
	{"Section 2, local-path without authority", "file:/a/b", posix, fileResult{Out: "/a/b"}},
	{"Section 2, localhost", "file://localhost/a/b", posix, fileResult{Out: "/a/b"}},
	{"Section 2, localhost in capitals", "FILE://LocalHost/a", posix, fileResult{Out: "/a"}},
	{"Section 2, localhost percent-encoded", "file://local%68ost/a", posix, fileResult{Out: "/a"}},
	{"Section 2, root", "file:///", posix, fileResult{Out: "/"}},
	{"Section 2, no path", "file://", posix, fileResult{Err: uri.ErrNotAbsolute, Offset: 7, Component: uri.Path}},
	{"Section 2, localhost and no path", "file://localhost", posix, fileResult{Err: uri.ErrNotAbsolute, Offset: 16, Component: uri.Path}},
	{"Section 2, rootless path", "file:a/b", posix, fileResult{Err: uri.ErrNotAbsolute, Offset: 5, Component: uri.Path}},
	{"RFC 3986 6.2.3, an empty port is no port", "file://:/a", posix, fileResult{Out: "/a"}},

	// RFC 8089, Section 4: percent-encoded UTF-8, and any octet.
	{"Section 4, space", "file:///a%20b", posix, fileResult{Out: "/a b"}},
	{"Section 4, UTF-8", "file:///caf%C3%A9/%e6%97%a5", posix, fileResult{Out: "/café/日"}},
	{"Section 4, not UTF-8", "file:///%FF%C3", posix, fileResult{Out: "/\xff\xc3"}},
	{"Section 4, percent, hash, question mark", "file:///%25%23%3F", posix, fileResult{Out: "/%#?"}},
	{"Section 4, sub-delims and colon stay", "file:///a:b@c;d=e,f!$&'()*+", posix, fileResult{Out: "/a:b@c;d=e,f!$&'()*+"}},
	{"Section 4, backslash is data on POSIX", "file:///a%5Cb", posix, fileResult{Out: `/a\b`}},
	{"empty segments stay", "file:///a//b/", posix, fileResult{Out: "/a//b/"}},
	{"a path beginning with //", "file:////a", posix, fileResult{Out: "//a"}},
	{"a drive letter is a segment on POSIX", "file:///C:/a", posix, fileResult{Out: "/C:/a"}},
	// NormalizeSchemeRules reads a drive letter in every case, so POSIX
	// does too: the URIs are equivalent, and name one path.
	{"Appendix E.2 on POSIX, lower case", "file:///c:/a", posix, fileResult{Out: "/C:/a"}},
	{"Appendix E.2 on POSIX, encoded colon", "file:///c%3a/a", posix, fileResult{Out: "/C:/a"}},
	{"Appendix E.2.2 on POSIX, encoded vertical line", "file://localhost/C%7C", posix, fileResult{Out: "/C:"}},
	{"Appendix E.2 on POSIX, not a drive", "file:///c:a/b", posix, fileResult{Out: "/c:a/b"}},
	{"Appendix E.2 on POSIX, only the first segment", "file:///a/c:/b", posix, fileResult{Out: "/a/c:/b"}},

	// What has no path.
	{"relative reference", "/a/b", posix, fileResult{Err: uri.ErrMissingScheme, Component: uri.Scheme}},
	{"another scheme", "http://h/a", posix, fileResult{Err: uri.ErrNotFileScheme, Component: uri.Scheme}},
	{"a scheme that begins like file", "files:///a", windows, fileResult{Err: uri.ErrNotFileScheme, Component: uri.Scheme}},
	{"query", "file:///a?b", posix, fileResult{Err: uri.ErrNotInFilePath, Offset: 9, Component: uri.Query}},
	{"empty query", "file:///a?", windows, fileResult{Err: uri.ErrNotAbsolute, Offset: 7, Component: uri.Path}},
	{"empty query, drive", "file:///C:/a?", windows, fileResult{Err: uri.ErrNotInFilePath, Offset: 12, Component: uri.Query}},
	{"fragment", "file:///a#b", posix, fileResult{Err: uri.ErrNotInFilePath, Offset: 9, Component: uri.Fragment}},
	{"query and fragment: the first", "file:///a?b#c", posix, fileResult{Err: uri.ErrNotInFilePath, Offset: 9, Component: uri.Query}},
	{"Appendix E.1, userinfo", "file://user@localhost/a", posix, fileResult{Err: uri.ErrNotInFilePath, Offset: 7, Component: uri.Userinfo}},
	{"Appendix E.1, empty userinfo", "file://@/a", posix, fileResult{Err: uri.ErrNotInFilePath, Offset: 7, Component: uri.Userinfo}},
	{"port", "file://localhost:80/a", posix, fileResult{Err: uri.ErrNotInFilePath, Offset: 16, Component: uri.Port}},
	{"port on a UNC host", "file://server:1/share", windows, fileResult{Err: uri.ErrNotInFilePath, Offset: 13, Component: uri.Port}},
	{"host on POSIX", "file://example.com/a", posix, fileResult{Err: uri.ErrFileHost, Offset: 7, Component: uri.Host}},
	{"IPv4 host on POSIX", "file://127.0.0.1/a", posix, fileResult{Err: uri.ErrFileHost, Offset: 7, Component: uri.Host}},
	{"host after a userinfo is reported at the userinfo", "file://u@h/a", posix, fileResult{Err: uri.ErrNotInFilePath, Offset: 7, Component: uri.Userinfo}},
	{"encoded slash", "file:///a%2Fb", posix, fileResult{Err: uri.ErrEncodedSeparator, Offset: 9, Component: uri.Path}},
	{"encoded slash, lower case", "file:///a/b%2f", posix, fileResult{Err: uri.ErrEncodedSeparator, Offset: 11, Component: uri.Path}},
	{"encoded NUL", "file:///a%00", posix, fileResult{Err: uri.ErrNUL, Offset: 9, Component: uri.Path}},
	{"dot segment", "file:///a/./b", posix, fileResult{Err: uri.ErrDotSegment, Offset: 10, Component: uri.Path}},
	{"dot-dot segment at the end", "file:///a/..", posix, fileResult{Err: uri.ErrDotSegment, Offset: 10, Component: uri.Path}},
	{"encoded dot-dot segment", "file:///a/%2e%2E/b", posix, fileResult{Err: uri.ErrDotSegment, Offset: 10, Component: uri.Path}},
	{"half-encoded dot segment", "file:///.%2E", posix, fileResult{Err: uri.ErrDotSegment, Offset: 8, Component: uri.Path}},
	{"dots inside a segment are data", "file:///a/.../.b/b.", posix, fileResult{Out: "/a/.../.b/b."}},
	{"Components' /. prefix is a dot segment", "file:/.//a", posix, fileResult{Err: uri.ErrDotSegment, Offset: 6, Component: uri.Path}},
	{"invalid RFC 3986: space", "file:///a b", posix, fileResult{Err: uri.ErrInvalidByte, Offset: 9, Component: uri.Path}},
	{"Appendix E.4, backslash is invalid RFC 3986", `file:///C:\a`, windows, fileResult{Err: uri.ErrInvalidByte, Offset: 10, Component: uri.Path}},
	{"Appendix E.2.2, a raw | is invalid RFC 3986", "file:///C|/a", windows, fileResult{Err: uri.ErrInvalidByte, Offset: 9, Component: uri.Path}},

	// Windows: drive letters, RFC 8089, Appendix D.2 and E.2.
	{"Appendix D.2, drive letter", "file:///C:/a/b", windows, fileResult{Out: `C:\a\b`}},
	{"Appendix E.2, drive letter without authority", "file:/C:/a", windows, fileResult{Out: `C:\a`}},
	{"Appendix E.2, drive letter as the first character", "file:C:/a", windows, fileResult{Out: `C:\a`}},
	{"Appendix E.2, drive letter after localhost, upper-cased", "file://localhost/c:/a", windows, fileResult{Out: `C:\a`}},
	{"Appendix E.2, drive root", "file:///C:/", windows, fileResult{Out: `C:\`}},
	{"Appendix E.2, encoded colon", "file:///c%3A/a", windows, fileResult{Out: `C:\a`}},
	{"Appendix E.2, encoded colon, lower-case hex", "file:///c%3a/Program%20Files", windows, fileResult{Out: `C:\Program Files`}},
	{"Appendix E.2, encoded letter and colon", "file:///%63%3A/a", windows, fileResult{Out: `C:\a`}},
	{"Appendix E.2, encoded letter", "file:///%43:/a", windows, fileResult{Out: `C:\a`}},
	{"Appendix E.2.2, encoded vertical line", "file:///C%7C/a", windows, fileResult{Out: `C:\a`}},
	{"Appendix E.2.2, encoded vertical line, no authority", "file:/c%7c/a", windows, fileResult{Out: `C:\a`}},
	{"Appendix E.2.2, encoded vertical line, rootless", "file:c%7C/a", windows, fileResult{Out: `C:\a`}},
	{"Appendix E.2, an encoded digit is no drive letter", "file:///%31:/a", windows, fileResult{Err: uri.ErrNotAbsolute, Offset: 7, Component: uri.Path}},
	{"Appendix E.2, an encoded slash is no separator", "file:///C%2F/a", windows, fileResult{Err: uri.ErrNotAbsolute, Offset: 7, Component: uri.Path}},
	{"Appendix E.2, colon in a later segment names an NTFS stream", "file:///C:/a:b", windows, fileResult{Err: uri.ErrWindowsName, Offset: 12, Component: uri.Path}},
	{"Windows forbids a control character in a name", "file:///C:/a%0Db", windows, fileResult{Err: uri.ErrWindowsName, Offset: 12, Component: uri.Path}},
	{"Windows forbids < in a name", "file:///C:/a/b%3C", windows, fileResult{Err: uri.ErrWindowsName, Offset: 14, Component: uri.Path}},
	{"Windows forbids * in a name", "file://server/share/*", windows, fileResult{Err: uri.ErrWindowsName, Offset: 20, Component: uri.Path}},
	{"Windows forbids | in a server", "file://a%7Cb/share", windows, fileResult{Err: uri.ErrWindowsName, Offset: 8, Component: uri.Host}},
	{"POSIX takes them", "file:///a:b%0D%3C*", posix, fileResult{Out: "/a:b\r<*"}},
	{"Appendix E.2, drive-relative", "file:///C:", windows, fileResult{Err: uri.ErrNotAbsolute, Offset: 10, Component: uri.Path}},
	{"Appendix E.2, drive-relative, encoded", "file:///C%3A", windows, fileResult{Err: uri.ErrNotAbsolute, Offset: 12, Component: uri.Path}},
	{"Appendix E.2, no drive letter", "file:///a/b", windows, fileResult{Err: uri.ErrNotAbsolute, Offset: 7, Component: uri.Path}},
	{"Appendix E.2, drive-relative with a name", "file:///C:a/b", windows, fileResult{Err: uri.ErrNotAbsolute, Offset: 10, Component: uri.Path}},
	{"Appendix E.2, drive-relative with a name, encoded", "file:///c%3Aa", windows, fileResult{Err: uri.ErrNotAbsolute, Offset: 12, Component: uri.Path}},
	{"Appendix E.2, two letters", "file:///CD:/a", windows, fileResult{Err: uri.ErrNotAbsolute, Offset: 7, Component: uri.Path}},
	{"Appendix E.2, a digit is no drive letter", "file:///1:/a", windows, fileResult{Err: uri.ErrNotAbsolute, Offset: 7, Component: uri.Path}},
	{"Appendix E.2, root without a drive", "file:///", windows, fileResult{Err: uri.ErrNotAbsolute, Offset: 7, Component: uri.Path}},
	{"Appendix E.2, localhost without a drive", "file://localhost/share/a", windows, fileResult{Err: uri.ErrNotAbsolute, Offset: 16, Component: uri.Path}},
	{"Appendix E.2.1, dot-dot after a drive letter", "file:///C:/../a", windows, fileResult{Err: uri.ErrDotSegment, Offset: 11, Component: uri.Path}},
	{"Windows, encoded backslash", "file:///C:/a%5Cb", windows, fileResult{Err: uri.ErrEncodedSeparator, Offset: 12, Component: uri.Path}},
	{"Windows, encoded slash", "file:///C:/a%2fb", windows, fileResult{Err: uri.ErrEncodedSeparator, Offset: 12, Component: uri.Path}},
	{"Windows, encoded NUL", "file:///C:/%00", windows, fileResult{Err: uri.ErrNUL, Offset: 11, Component: uri.Path}},
	{"Windows, empty segments stay", "file:///C:/a//b/", windows, fileResult{Out: `C:\a\\b\`}},

	// Windows: UNC, RFC 8089, Appendix E.3.
	{"Appendix E.3.1, UNC", "file://server/share/a/b", windows, fileResult{Out: `\\server\share\a\b`}},
	{"Appendix E.3.1, share only", "file://server/share", windows, fileResult{Out: `\\server\share`}},
	{"Appendix E.3.1, share and separator", "file://server/share/", windows, fileResult{Out: `\\server\share\`}},
	{"Appendix E.3.1, server name lowered", "file://SERVER/Share/A", windows, fileResult{Out: `\\server\Share\A`}},
	{"Appendix E.3.1, server name encoded", "file://s%C3%A9rveur/share", windows, fileResult{Out: `\\sérveur\share`}},
	{"Appendix E.3.1, IPv4 server", "file://192.0.2.1/share", windows, fileResult{Out: `\\192.0.2.1\share`}},
	{"Appendix E.3.1, IPv6 literal", "file://[::1]/share", windows, fileResult{Err: uri.ErrFileHost, Offset: 7, Component: uri.Host}},
	{"Appendix E.3.1, IPvFuture literal", "file://[v1.x]/share", windows, fileResult{Err: uri.ErrFileHost, Offset: 7, Component: uri.Host}},
	{"Appendix E.3.1, no path", "file://server", windows, fileResult{Err: uri.ErrNotAbsolute, Offset: 13, Component: uri.Path}},
	{"Appendix E.3.1, no share", "file://server/", windows, fileResult{Err: uri.ErrNotAbsolute, Offset: 14, Component: uri.Path}},
	{"Appendix E.3.1, empty share", "file://server//a", windows, fileResult{Err: uri.ErrNotAbsolute, Offset: 14, Component: uri.Path}},
	{"Appendix E.3.1, dot share", "file://server/./a", windows, fileResult{Err: uri.ErrDotSegment, Offset: 14, Component: uri.Path}},
	{"Appendix E.3.1, server . is a device path", "file://./C:/a", windows, fileResult{Err: uri.ErrDevicePath, Offset: 7, Component: uri.Host}},
	{"Appendix E.3.1, server ? is a device path", "file://%3F/C:/a", windows, fileResult{Err: uri.ErrDevicePath, Offset: 7, Component: uri.Host}},
	{"Appendix E.3.1, server ..", "file://../share", windows, fileResult{Err: uri.ErrDotSegment, Offset: 7, Component: uri.Host}},
	{"Appendix E.3.1, encoded backslash in the server", "file://a%5Cb/share", windows, fileResult{Err: uri.ErrEncodedSeparator, Offset: 8, Component: uri.Host}},
	{"Appendix E.3.1, encoded NUL in the server", "file://a%00/share", windows, fileResult{Err: uri.ErrNUL, Offset: 8, Component: uri.Host}},
	{"Appendix E.3.2, four slashes", "file:////server/share/a", windows, fileResult{Out: `\\server\share\a`}},
	{"Appendix E.3.2, five slashes", "file://///server/share/a", windows, fileResult{Out: `\\server\share\a`}},
	{"Appendix E.3.2, localhost as a server", "file:////localhost/share", windows, fileResult{Out: `\\localhost\share`}},
	{"Appendix E.3.2, server name lowered", "file:////SERVER/share", windows, fileResult{Out: `\\server\share`}},
	{"Appendix E.3.2, six slashes", "file://////server/share", windows, fileResult{Err: uri.ErrNotAbsolute, Offset: 10, Component: uri.Path}},
	{"Appendix E.3.2, no share", "file:////server", windows, fileResult{Err: uri.ErrNotAbsolute, Offset: 15, Component: uri.Path}},
	{"Appendix E.3.2, device path", "file:////./C:/a", windows, fileResult{Err: uri.ErrDevicePath, Offset: 9, Component: uri.Path}},
	{"Appendix E.3.2, after localhost", "file://localhost//server/share", windows, fileResult{Out: `\\server\share`}},
	{"Appendix E.3.2, not after a server", "file://a//server/share", windows, fileResult{Err: uri.ErrNotAbsolute, Offset: 9, Component: uri.Path}},
}

func TestFilePath(t *testing.T) {
	for _, tt := range filePathTests {
		u, err := uri.Parse(tt.in)
		if err != nil {
			// A URI value is valid RFC 3986; FilePath reports the same fault
			// as Parse, as its own.
			var e *uri.Error
			errors.As(err, &e)
			if tt.want.Err != e.Err || tt.want.Offset != e.Offset {
				t.Errorf("%s: Parse(%q) = %v, want the fault %v at %d", tt.name, tt.in, err, tt.want.Err, tt.want.Offset)
			}
			// Every URI value is valid RFC 3986 text, so FilePath never
			// sees this one.
			continue
		}
		p, err := uri.FilePath(u, tt.style)
		got := fileView(t, "FilePath", tt.in, p, err)
		if diff := cmp.Diff(tt.want, got, cmpopts.EquateErrors()); diff != "" {
			t.Errorf("%s: FilePath(%q, %v) (-want +got):\n%s", tt.name, tt.in, tt.style, diff)
		}
	}
}

// TestFilePathErrorText pins the text of every kind of error, which tools
// print: each says what is wrong, with a Detail where the sentinel covers
// several cases.
func TestFilePathErrorText(t *testing.T) {
	tests := []struct {
		in    string
		style uri.PathStyle
		want  string
	}{
		// Both styles.
		{"/a", posix, `uri: file-path: missing scheme at offset 0 of "/a"`},
		{"http://h/", posix, `uri: file-path: not "file" in scheme at offset 0 of "http://h/"`},
		{"file://u@/a", windows, `uri: file-path: not part of a file path in userinfo at offset 7 of "file://u@/a"`},
		{"file://:80/a", posix, `uri: file-path: not part of a file path in port at offset 7 of "file://:80/a"`},
		{"file:///a?b", posix, `uri: file-path: not part of a file path in query at offset 9 of "file:///a?b"`},
		{"file:///C:/a#b", windows, `uri: file-path: not part of a file path in fragment at offset 12 of "file:///C:/a#b"`},
		{"file:///a/../b", posix, `uri: file-path: "." or ".." segment in path at offset 10 of "file:///a/../b"`},
		{"file:///a%2Fb", posix, `uri: file-path: percent-encoded path separator in path at offset 9 of "file:///a%2Fb"`},
		{"file:///C:/a%5Cb", windows, `uri: file-path: percent-encoded path separator in path at offset 12 of "file:///C:/a%5Cb"`},
		{"file:///a%00", posix, `uri: file-path: NUL byte in path at offset 9 of "file:///a%00"`},
		// PathPOSIX.
		{"file://h/a", posix, `uri: file-path: host that the path style cannot name (POSIX paths name local files only) in host at offset 7 of "file://h/a"`},
		{"file:a/b", posix, `uri: file-path: not an absolute path (the path does not begin with "/") in path at offset 5 of "file:a/b"`},
		{"file:", posix, `uri: file-path: not an absolute path (empty path) in path at offset 5 (end of input) of "file:"`},
		{"file://localhost", posix, `uri: file-path: not an absolute path (empty path) in path at offset 16 (end of input) of "file://localhost"`},
		// PathWindows.
		{"file:///home/me/a%23b.go", windows, `uri: file-path: not an absolute path (no drive letter or UNC server) in path at offset 7 of "file:///home/me/a%23b.go"`},
		{"file:", windows, `uri: file-path: not an absolute path (no drive letter or UNC server) in path at offset 5 (end of input) of "file:"`},
		{"file:///C:", windows, `uri: file-path: not an absolute path (drive letter without a separator after it) in path at offset 10 (end of input) of "file:///C:"`},
		{"file:///C:a", windows, `uri: file-path: not an absolute path (drive letter without a separator after it) in path at offset 10 of "file:///C:a"`},
		{"file://server/", windows, `uri: file-path: not an absolute path (UNC path without a share) in path at offset 14 (end of input) of "file://server/"`},
		{"file:////server", windows, `uri: file-path: not an absolute path (UNC path without a share) in path at offset 15 (end of input) of "file:////server"`},
		{"file://////server/share", windows, `uri: file-path: not an absolute path (UNC path without a server) in path at offset 10 of "file://////server/share"`},
		{"file://[::1]/share", windows, `uri: file-path: host that the path style cannot name (a UNC server cannot be an IP literal) in host at offset 7 of "file://[::1]/share"`},
		{"file://./pipe/x", windows, `uri: file-path: device path (\\.\ or \\?\) in host at offset 7 of "file://./pipe/x"`},
		{"file://../share", windows, `uri: file-path: "." or ".." segment in host at offset 7 of "file://../share"`},
	}
	for _, tt := range tests {
		_, err := uri.FilePath(uri.MustParse(tt.in), tt.style)
		if err == nil || err.Error() != tt.want {
			t.Errorf("FilePath(%q, %v) error = %v, want %s", tt.in, tt.style, err, tt.want)
		}
	}
}

// fromFilePathRow is a row of a table of FromFilePath: a path, its style,
// and the URI or the error.
type fromFilePathRow struct {
	name  string
	in    string
	style uri.PathStyle
	want  fileResult
}

// fromFilePathTests pin FromFilePath.
var fromFilePathTests = []fromFilePathRow{
	// POSIX, RFC 8089, Appendix D.1, with the encoding of Section 4.
	{"Appendix D.1, absolute path", "/a/b", posix, fileResult{Out: "file:///a/b"}},
	{"Appendix D.1, root", "/", posix, fileResult{Out: "file:///"}},
	{"Section 4, space, percent, hash, question mark", "/a b/%/#/?", posix, fileResult{Out: "file:///a%20b/%25/%23/%3F"}},
	{"Section 4, UTF-8", "/café/日本", posix, fileResult{Out: "file:///caf%C3%A9/%E6%97%A5%E6%9C%AC"}},
	{"Section 4, not UTF-8, byte by byte", "/\xff\xc3", posix, fileResult{Out: "file:///%FF%C3"}},
	{"Section 4, controls and DEL", "/\x01\t\x7f", posix, fileResult{Out: "file:///%01%09%7F"}},
	{"Section 4, pchar stays", "/a:b@c;d=e,f!$&'()*+-._~", posix, fileResult{Out: "file:///a:b@c;d=e,f!$&'()*+-._~"}},
	{"Section 4, what RFC 3986 forbids", `/[]\^{|}"<>` + "`", posix, fileResult{Out: "file:///%5B%5D%5C%5E%7B%7C%7D%22%3C%3E%60"}},
	{"Section 4, encoded-looking text is data", "/a%2Fb%41", posix, fileResult{Out: "file:///a%252Fb%2541"}},
	{"empty segments stay", "/a//b/", posix, fileResult{Out: "file:///a//b/"}},
	{"a path beginning with //", "//a", posix, fileResult{Out: "file:////a"}},
	{"dots inside a segment", "/.a/a./...", posix, fileResult{Out: "file:///.a/a./..."}},
	{"relative", "a/b", posix, fileResult{Err: uri.ErrNotAbsolute, Component: uri.Path}},
	{"empty", "", posix, fileResult{Err: uri.ErrNotAbsolute, Component: uri.Path}},
	{"dot", "./a", posix, fileResult{Err: uri.ErrNotAbsolute, Component: uri.Path}},
	{"dot segment", "/a/./b", posix, fileResult{Err: uri.ErrDotSegment, Offset: 3, Component: uri.Path}},
	{"dot-dot segment at the end", "/a/..", posix, fileResult{Err: uri.ErrDotSegment, Offset: 3, Component: uri.Path}},
	{"NUL", "/a\x00b", posix, fileResult{Err: uri.ErrNUL, Offset: 2, Component: uri.Path}},
	{"Windows path on POSIX", `C:\a`, posix, fileResult{Err: uri.ErrNotAbsolute, Component: uri.Path}},
	// A first segment that a file URI reads as a drive letter, but not in
	// its normal form, would share the URI of another path.
	{"Appendix E.2 on POSIX, upper case and colon", "/C:/a", posix, fileResult{Out: "file:///C:/a"}},
	{"Appendix E.2 on POSIX, lower case", "/c:/a", posix, fileResult{Err: uri.ErrDriveLetter, Offset: 1, Component: uri.Path}},
	{"Appendix E.2 on POSIX, lower case alone", "/c:", posix, fileResult{Err: uri.ErrDriveLetter, Offset: 1, Component: uri.Path}},
	{"Appendix E.2.2 on POSIX, vertical line", "/C|/a", posix, fileResult{Err: uri.ErrDriveLetter, Offset: 1, Component: uri.Path}},
	{"Appendix E.2 on POSIX, not a drive", "/c:a", posix, fileResult{Out: "file:///c:a"}},
	{"Appendix E.2 on POSIX, only the first segment", "/a/c:", posix, fileResult{Out: "file:///a/c:"}},

	// Windows drive letters, RFC 8089, Appendix D.2 and E.2.
	{"Appendix D.2, drive letter", `C:\a\b`, windows, fileResult{Out: "file:///C:/a/b"}},
	{"Appendix D.2, drive letter upper-cased, as in the normal form", `c:\a`, windows, fileResult{Out: "file:///C:/a"}},
	{"Appendix D.2, drive root", `C:\`, windows, fileResult{Out: "file:///C:/"}},
	{"Appendix D.2, slash as a separator", "C:/a/b", windows, fileResult{Out: "file:///C:/a/b"}},
	{"Appendix D.2, mixed separators", `C:\a/b\`, windows, fileResult{Out: "file:///C:/a/b/"}},
	{"Section 4, Windows names", `C:\Program Files\a#b%c`, windows, fileResult{Out: "file:///C:/Program%20Files/a%23b%25c"}},
	{"Section 4, Windows UTF-8", `C:\Users\Zoë`, windows, fileResult{Out: "file:///C:/Users/Zo%C3%AB"}},
	{"Windows, colon in a segment (a stream name)", `C:\a.txt:s`, windows, fileResult{Err: uri.ErrWindowsName, Offset: 8, Component: uri.Path}},
	{"Windows, a control character", "C:\\a\r\\nb", windows, fileResult{Err: uri.ErrWindowsName, Offset: 4, Component: uri.Path}},
	{"Windows, wildcards", `C:\a\*.txt`, windows, fileResult{Err: uri.ErrWindowsName, Offset: 5, Component: uri.Path}},
	{"Windows, quotes and angles", `\\s\share\"<>"`, windows, fileResult{Err: uri.ErrWindowsName, Offset: 10, Component: uri.Path}},
	{"POSIX takes them", "/a:b\r*", posix, fileResult{Out: "file:///a:b%0D*"}},
	{"drive-relative", `C:a`, windows, fileResult{Err: uri.ErrNotAbsolute, Offset: 2, Component: uri.Path}},
	{"drive alone", `C:`, windows, fileResult{Err: uri.ErrNotAbsolute, Offset: 2, Component: uri.Path}},
	{"rooted, current drive", `\a\b`, windows, fileResult{Err: uri.ErrNotAbsolute, Component: uri.Path}},
	{"rooted with slash, current drive", `/a/b`, windows, fileResult{Err: uri.ErrNotAbsolute, Component: uri.Path}},
	{"relative on Windows", `a\b`, windows, fileResult{Err: uri.ErrNotAbsolute, Component: uri.Path}},
	{"vertical line is no drive", `C|\a`, windows, fileResult{Err: uri.ErrNotAbsolute, Component: uri.Path}},
	{"Appendix E.2.1, dot-dot after a drive letter", `C:\..\a`, windows, fileResult{Err: uri.ErrDotSegment, Offset: 3, Component: uri.Path}},
	{"Windows, NUL", `C:\a` + "\x00", windows, fileResult{Err: uri.ErrNUL, Offset: 4, Component: uri.Path}},

	// Windows UNC, RFC 8089, Appendix E.3.
	{"Appendix E.3.1, UNC", `\\server\share\a`, windows, fileResult{Out: "file://server/share/a"}},
	{"Appendix E.3.1, share only", `\\server\share`, windows, fileResult{Out: "file://server/share"}},
	{"Appendix E.3.1, server lowered", `\\SERVER\Share`, windows, fileResult{Out: "file://server/Share"}},
	{"Appendix E.3.1, server encoded", `\\sérveur\a b`, windows, fileResult{Out: "file://s%C3%A9rveur/a%20b"}},
	{"Appendix E.3.1, server with delimiters", `\\a@c!\s`, windows, fileResult{Out: "file://a%40c!/s"}},
	{"Appendix E.3.1, a server with a character that Windows forbids", `\\a:b\s`, windows, fileResult{Err: uri.ErrWindowsName, Offset: 3, Component: uri.Host}},
	{"Appendix E.3.1, IPv4 server", `\\192.0.2.1\s`, windows, fileResult{Out: "file://192.0.2.1/s"}},
	{"Appendix E.3.1, slashes", `//server/share`, windows, fileResult{Out: "file://server/share"}},
	{"Appendix E.3.2, localhost as a server", `\\LocalHost\share\a`, windows, fileResult{Out: "file:////localhost/share/a"}},
	{"UNC without server", `\\\share`, windows, fileResult{Err: uri.ErrNotAbsolute, Offset: 2, Component: uri.Host}},
	{"UNC server only", `\\server`, windows, fileResult{Err: uri.ErrNotAbsolute, Offset: 8, Component: uri.Path}},
	{"UNC server and separator", `\\server\`, windows, fileResult{Err: uri.ErrNotAbsolute, Offset: 9, Component: uri.Path}},
	{"UNC empty share", `\\server\\a`, windows, fileResult{Err: uri.ErrNotAbsolute, Offset: 9, Component: uri.Path}},
	{"UNC dot share", `\\server\..\a`, windows, fileResult{Err: uri.ErrDotSegment, Offset: 9, Component: uri.Path}},
	{"UNC dot-dot server", `\\..\share`, windows, fileResult{Err: uri.ErrDotSegment, Offset: 2, Component: uri.Host}},
	{"UNC NUL in server", "\\\\a\x00\\s", windows, fileResult{Err: uri.ErrNUL, Offset: 3, Component: uri.Host}},
	{"device path", `\\.\COM1`, windows, fileResult{Err: uri.ErrDevicePath, Offset: 2, Component: uri.Host}},
	{"verbatim path", `\\?\C:\a`, windows, fileResult{Err: uri.ErrDevicePath, Offset: 2, Component: uri.Host}},
	{"verbatim UNC path", `\\?\UNC\server\share`, windows, fileResult{Err: uri.ErrDevicePath, Offset: 2, Component: uri.Host}},
}

// TestFromFilePath runs fromFilePathTests through FromFilePath, and
// vscodeTests through FileOptions.FromFilePath with VSCodeSpelling.
func TestFromFilePath(t *testing.T) {
	for _, set := range []struct {
		spelling uri.FileSpelling
		rows     []fromFilePathRow
	}{{uri.NormalSpelling, fromFilePathTests}, {uri.VSCodeSpelling, vscodeTests}} {
		for _, tt := range set.rows {
			o := uri.FileOptions{Style: tt.style, Spelling: set.spelling}
			u, err := o.FromFilePath(tt.in)
			if set.spelling == uri.NormalSpelling {
				if v, err2 := uri.FromFilePath(tt.in, tt.style); v != u || (err == nil) != (err2 == nil) {
					t.Fatalf("FromFilePath(%q, %v) = %q, %v; the options give %q, %v", tt.in, tt.style, v, err2, u, err)
				}
			}
			got := fileView(t, "FromFilePath", tt.in, u.String(), err)
			if diff := cmp.Diff(tt.want, got, cmpopts.EquateErrors()); diff != "" {
				t.Errorf("%s: %+v.FromFilePath(%q) (-want +got):\n%s", tt.name, o, tt.in, diff)
				continue
			}
			switch {
			case err != nil:
			case set.spelling == uri.NormalSpelling:
				checkFromFilePath(t, tt.in, tt.style, u)
			default:
				checkSpelling(t, tt.in, tt.style, u)
			}
		}
	}
}

// checkFromFilePath checks what holds for every URI that FromFilePath
// returns for p: it parses to the same text and split, it is in normal form,
// FilePath accepts it and gives p back when p is clean, and converting that
// path again gives the same URI.
func checkFromFilePath(t *testing.T, p string, style uri.PathStyle, u uri.URI) {
	t.Helper()
	if v, err := uri.Parse(u.String()); err != nil || v != u {
		t.Fatalf("FromFilePath(%q, %v) = %q, which parses to %q, %v", p, style, u, v, err)
	}
	if !u.HasScheme() || u.Scheme() != "file" || !u.HasAuthority() || u.HasQuery() || u.HasFragment() {
		t.Fatalf("FromFilePath(%q, %v) = %q: want file://, no query, no fragment", p, style, u)
	}
	if n := u.Normalize(); n != u {
		t.Fatalf("FromFilePath(%q, %v) = %q, not in normal form %q", p, style, u, n)
	}
	back, err := uri.FilePath(u, style)
	if err != nil {
		t.Fatalf("FilePath(FromFilePath(%q, %v) = %q): %v", p, style, u, err)
	}
	if cleanFilePath(p, style) && back != p {
		t.Fatalf("FilePath(FromFilePath(%q, %v) = %q) = %q, want the clean path back", p, style, u, back)
	}
	if again, err := uri.FromFilePath(back, style); err != nil || again != u {
		t.Fatalf("FromFilePath(%q, %v) = %q, %v; want %q as for %q", back, style, again, err, u, p)
	}
}

// checkFilePath checks what holds for every path that FilePath returns for
// u: FromFilePath accepts it, and gives a URI in normal form that names the
// same path; and the normal form of u names the same path too.
func checkFilePath(t *testing.T, u uri.URI, style uri.PathStyle, p string) {
	t.Helper()
	v, err := uri.FromFilePath(p, style)
	if err != nil {
		t.Fatalf("FromFilePath(FilePath(%q, %v) = %q): %v", u, style, p, err)
	}
	checkFromFilePath(t, p, style, v)
	if back, err := uri.FilePath(v, style); err != nil || back != p {
		t.Fatalf("FilePath(FromFilePath(%q) = %q, %v) = %q, %v; want %q", p, v, style, back, err, p)
	}
	n := u.Normalize()
	if q, err := uri.FilePath(n, style); err != nil || q != p {
		t.Fatalf("FilePath(%q, %v) = %q, but for its normal form %q: %q, %v", u, style, p, n, q, err)
	}
}

// cleanFilePath reports whether p is an absolute clean path of the style,
// for which FilePath(FromFilePath(p)) must give p: written out here from
// FromFilePath's documentation, not from its code.
func cleanFilePath(p string, style uri.PathStyle) bool {
	if strings.IndexByte(p, 0) >= 0 {
		return false
	}
	segsOK := func(segs []string) bool {
		for _, s := range segs {
			if s == "" || s == "." || s == ".." {
				return false
			}
		}
		return true
	}
	if style != uri.PathWindows {
		if first, _, _ := strings.Cut(strings.TrimPrefix(p, "/"), "/"); len(first) == 2 && isLetter(first[0]) &&
			(first[1] == '|' || first[1] == ':' && first[0] >= 'a') {
			return false // a drive letter to a file URI, not in its normal form
		}
		return p == "/" || strings.HasPrefix(p, "/") && segsOK(strings.Split(p[1:], "/"))
	}
	if strings.Contains(p, "/") || strings.ContainsFunc(p[min(2, len(p)):], func(r rune) bool {
		return r < 0x20 || strings.ContainsRune(`<>:"|?*`, r) // what Windows forbids in a name
	}) {
		return false
	}
	if len(p) >= 3 && 'A' <= p[0] && p[0] <= 'Z' && p[1] == ':' && p[2] == '\\' {
		return len(p) == 3 || segsOK(strings.Split(p[3:], `\`))
	}
	if !strings.HasPrefix(p, `\\`) {
		return false
	}
	parts := strings.Split(p[2:], `\`)
	server := parts[0]
	if len(parts) < 2 || server == "?" || len(server) == 2 && isLetter(server[0]) && server[1] == ':' {
		return false
	}
	for i := 0; i < len(server); i++ {
		if 'A' <= server[i] && server[i] <= 'Z' {
			return false
		}
	}
	return segsOK(parts)
}

func isLetter(c byte) bool { return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' }

// TestFileTestdata runs testdata/file.jsonl through FilePath and
// FromFilePath; the command test runs the same rows through uri file-path
// and uri file-uri.
func TestFileTestdata(t *testing.T) {
	rows := testrows.Read[testrows.Result](t, "testdata/file.jsonl")
	if len(rows) < 80 {
		t.Fatalf("only %d rows", len(rows))
	}
	for _, row := range rows {
		if row.Command == nil {
			t.Fatalf("line %d: a row before any command line", row.Line)
		}
		op, input, want := row.Command[0], row.Bytes(t), row.ResultBytes(t)
		style := uri.PathPOSIX
		for j, a := range row.Command {
			if a == "--os" && j+1 < len(row.Command) && row.Command[j+1] == "windows" {
				style = uri.PathWindows
			}
		}
		var got string
		var err error
		switch op {
		case "file-path":
			var u uri.URI
			if u, err = uri.Parse(input); err == nil {
				got, err = uri.FilePath(u, style)
			}
		case "file-uri":
			var u uri.URI
			u, err = uri.FromFilePath(input, style)
			got = u.String()
		default:
			t.Fatalf("line %d: unknown command %q", row.Line, op)
		}
		if row.OK != (err == nil) || got != want || (err != nil && err.Error() != row.Error) {
			t.Errorf("line %d: %s(%q, %v) = %q, %v; want %q, %q", row.Line, op, input, style, got, err, want, row.Error)
		}
	}
}

// TestFilePathFromFilePathRows runs every accepted FilePath row through
// the checks of both directions.
func TestFilePathFromFilePathRows(t *testing.T) {
	for _, tt := range filePathTests {
		u, err := uri.Parse(tt.in)
		if err != nil || tt.want.Err != nil {
			continue
		}
		checkFilePath(t, u, tt.style, tt.want.Out)
	}
}

// Appendix E.2.2: old data with a raw "|" is read with a legacy grammar,
// whose value FilePath cannot take until Upgrade writes it as RFC 3986
// does.
func TestFilePathLegacyVerticalLine(t *testing.T) {
	if _, err := uri.Parse("file:///C|/a"); !errors.Is(err, uri.ErrInvalidByte) {
		t.Errorf("Parse of a raw |: %v, want ErrInvalidByte", err)
	}
	l, err := legacy.Parse("file:///C|/a", legacy.RFC2068)
	if err != nil {
		t.Fatal(err)
	}
	up, _, err := l.Upgrade()
	if err != nil {
		t.Fatal(err)
	}
	if p, err := uri.FilePath(up, windows); err != nil || p != `C:\a` {
		t.Errorf("FilePath(%q, windows) = %q, %v; want C:\\a", up, p, err)
	}
}

// FilePath reads an IRI only once it is a URI (RFC 3987, Section 3.1).
func TestFilePathIRI(t *testing.T) {
	u, err := uri.ParseIRI("file:///café")
	if err != nil {
		t.Fatal(err)
	}
	v, err := u.ToURI()
	if err != nil {
		t.Fatal(err)
	}
	if v.String() != "file:///caf%C3%A9" {
		t.Errorf("ToURI = %q", v)
	}
	if p, err := uri.FilePath(v, posix); err != nil || p != "/café" {
		t.Errorf("FilePath(%q) = %q, %v; want /café", v, p, err)
	}
}

// RFC 8089, Appendix E.2.1: remove_dot_segments knows no drive letters, so
// resolving "../.." against a path with one can remove it; FilePath then
// finds no drive and reports it rather than guessing one.
func TestFilePathResolvedAboveDrive(t *testing.T) {
	s, err := uri.Resolve("file:///C:/a/b", "../../x")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := uri.FilePath(uri.MustParse(s), windows); !errors.Is(err, uri.ErrNotAbsolute) {
		t.Errorf("FilePath(%q, windows) error = %v, want ErrNotAbsolute", s, err)
	}
}

func TestPathStyle(t *testing.T) {
	tests := []struct {
		s    uri.PathStyle
		want string
	}{{uri.PathPOSIX, "posix"}, {uri.PathWindows, "windows"}, {7, "PathStyle(?)"}}
	for _, tt := range tests {
		if got := tt.s.String(); got != tt.want {
			t.Errorf("PathStyle(%d).String() = %q, want %q", tt.s, got, tt.want)
		}
	}
	if zero := uri.PathStyle(0); zero != uri.PathPOSIX {
		t.Errorf("the zero PathStyle is %v, want posix", zero)
	}
	// Unknown styles read as POSIX.
	if p, err := uri.FilePath(uri.MustParse("file:///a"), 7); err != nil || p != "/a" {
		t.Errorf("FilePath with style 7 = %q, %v; want /a", p, err)
	}
	if s := uri.OSPathStyle(); s != uri.PathPOSIX && s != uri.PathWindows {
		t.Errorf("OSPathStyle() = %v", s)
	}
}

// pathGen generates absolute clean paths of a style from pieces that
// exercise the encoding: delimiters, bytes RFC 3986 forbids, UTF-8 and
// bytes that are not UTF-8.
type pathGen struct{ r *rand.Rand }

var pathPieces = []string{
	"a", "Z", "0", "-", ".", "_", "~", " ", "%", "%2F", "%41", "#", "?", ":", "@", "!", "$", "&", "'", "(",
	")", "*", "+", ",", ";", "=", "[", "]", "^", "`", "{", "}", "|", "\"", "<", ">", "é", "日本", "😀",
	"\x7f", "\x01", "\t", "\xff", "\xc3", "file", "C:",
}

// segment returns a segment that is not empty, "." or "..". A POSIX
// segment may hold a backslash, which is data there.
func (g pathGen) segment(windows bool) string {
	for {
		var b strings.Builder
		for range 1 + g.r.IntN(5) {
			piece := pathPieces[g.r.IntN(len(pathPieces))]
			if windows && strings.ContainsFunc(piece, func(r rune) bool { return r < 0x20 || strings.ContainsRune(`<>:"|?*`, r) }) {
				continue // what Windows forbids in a name
			}
			b.WriteString(piece)
		}
		if !windows && g.r.IntN(4) == 0 {
			b.WriteByte('\\')
		}
		if s := b.String(); s != "" && s != "." && s != ".." {
			return s
		}
	}
}

func (g pathGen) path(style uri.PathStyle) string {
	n := g.r.IntN(5)
	if style != uri.PathWindows {
		if n == 0 {
			return "/"
		}
		segs := make([]string, n)
		for i := range segs {
			segs[i] = g.segment(false)
		}
		for !cleanFilePath("/"+segs[0], style) {
			segs[0] = g.segment(false) // a drive letter that no file URI names
		}
		return "/" + strings.Join(segs, "/")
	}
	segs := make([]string, n)
	for i := range segs {
		segs[i] = g.segment(true)
	}
	if g.r.IntN(2) == 0 {
		letter := string(rune("CDAZ"[g.r.IntN(4)]))
		return letter + `:\` + strings.Join(segs, `\`)
	}
	servers := []string{"server", "fs-1", "192.0.2.1", "sérveur", "a%b", "x@y", "localhost", "a.b.example"}
	unc := `\\` + servers[g.r.IntN(len(servers))] + `\` + g.segment(true)
	if n > 0 {
		unc += `\` + strings.Join(segs, `\`)
	}
	return unc
}

// TestFileRoundTripPaths: FilePath(FromFilePath(p)) is p for generated
// clean paths of both styles, and the URI passes checkFromFilePath.
func TestFileRoundTripPaths(t *testing.T) {
	n := 20000
	if oracle.Short() {
		n = 2000
	}
	g := pathGen{rand.New(rand.NewPCG(8089, 1))}
	for _, style := range []uri.PathStyle{posix, windows} {
		for range n {
			p := g.path(style)
			if !cleanFilePath(p, style) {
				t.Fatalf("generated path %q is not clean", p)
			}
			u, err := uri.FromFilePath(p, style)
			if err != nil {
				t.Fatalf("FromFilePath(%q, %v): %v", p, style, err)
			}
			checkFromFilePath(t, p, style, u)
		}
	}
}

// respell returns another spelling of the canonical file URI u that its
// normal form turns back into u (RFC 3986, Section 6.2.2 and 6.2.3): the
// scheme's case, "localhost" for the empty host, the server's case,
// percent-encoded unreserved characters, the case of hex digits, an empty
// port, and the spellings of a drive letter (RFC 8089, Appendix E.2 and
// E.2.2: the letter's case, "%3A" and "%7C").
func respell(r *rand.Rand, u uri.URI) uri.URI {
	c := u.Components()
	c.Scheme = []string{"file", "FILE", "File", "fIlE"}[r.IntN(4)]
	if c.Host == "" && len(c.Path) >= 3 && isLetter(c.Path[1]) && c.Path[2] == ':' && (len(c.Path) == 3 || c.Path[3] == '/') {
		letter := c.Path[1:2]
		if r.IntN(2) == 0 {
			letter = strings.ToLower(letter)
		}
		c.Path = "/" + letter + []string{":", ":", "%3A", "%3a", "%7C", "%7c"}[r.IntN(6)] + c.Path[3:]
	}
	if c.Host == "" && r.IntN(2) == 0 {
		c.Host = []string{"localhost", "LOCALHOST", "local%68ost", "Local%48ost"}[r.IntN(4)]
	}
	c.Host = respellText(r, c.Host, true)
	c.Path = respellText(r, c.Path, false)
	if r.IntN(4) == 0 {
		c.HasPort = true
	}
	v, err := c.URI()
	if err != nil {
		panic(err)
	}
	return v
}

// respellText encodes some unreserved bytes of s, lowers the hex digits of
// some encodings, and for a host raises some letters.
func respellText(r *rand.Rand, s string, host bool) string {
	const hex = "0123456789ABCDEF"
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == '%' && i+2 < len(s):
			seq := s[i : i+3]
			if r.IntN(2) == 0 {
				seq = strings.ToLower(seq)
			}
			b.WriteString(seq)
			i += 2
		case isUnreservedByte(c) && r.IntN(5) == 0:
			e := "%" + string(hex[c>>4]) + string(hex[c&15])
			if r.IntN(2) == 0 {
				e = strings.ToLower(e)
			}
			b.WriteString(e)
		case host && 'a' <= c && c <= 'z' && r.IntN(3) == 0:
			b.WriteByte(c - 'a' + 'A')
		default:
			b.WriteByte(c)
		}
	}
	return b.String()
}

func isUnreservedByte(c byte) bool {
	return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || strings.IndexByte("-._~", c) >= 0
}

// aliasSpelling returns a spelling of u that FilePath reads as the same
// path but whose normal form differs from FromFilePath's, as FilePath's
// documentation lists them (RFC 8089, Appendix E), or false if u has none.
func aliasSpelling(r *rand.Rand, u uri.URI, style uri.PathStyle) (string, bool) {
	s, path := u.String(), u.Path()
	local := u.Host() == ""
	switch r.IntN(4) {
	case 0: // RFC 8089, Section 2: local-path, no authority
		if local && !strings.HasPrefix(path, "//") {
			return "file:" + path, true
		}
	case 1: // a reserved character that a segment allows, percent-encoded
		if k := strings.IndexAny(path, ":@!$&'()*+,;="); k >= 0 && !(style == windows && local && k == 2) {
			c := path[k]
			return strings.TrimSuffix(s, path) + path[:k] + "%" + strings.ToUpper(hexByte(c)) + path[k+1:], true
		}
	}
	if style != windows {
		return "", false
	}
	switch {
	case local && len(path) > 3 && path[2] == ':': // Appendix E.2, without the "/"
		return "file:" + path[1:], true
	case !local: // Appendix E.3.2
		return "file:///" + []string{"", "/"}[r.IntN(2)] + "/" + u.Host() + path, true
	}
	return "", false
}

func hexByte(c byte) string {
	const hex = "0123456789ABCDEF"
	return string(hex[c>>4]) + string(hex[c&15])
}

// TestFileRoundTripURIs: for file URIs that FilePath accepts,
// FromFilePath(FilePath(u)) is u's normal form, for every spelling of the
// canonical URI that normalization turns back into it; and the documented
// alias spellings give the same path.
func TestFileRoundTripURIs(t *testing.T) {
	r := rand.New(rand.NewPCG(3986, 8089))
	forGeneratedPaths(t, r, 20000, func(p string, style uri.PathStyle, canon uri.URI) {
		u := respell(r, canon)
		got, err := uri.FilePath(u, style)
		if err != nil || got != p {
			t.Fatalf("FilePath(%q, %v) = %q, %v; want %q", u, style, got, err, p)
		}
		back, err := uri.FromFilePath(got, style)
		if err != nil || back != u.Normalize() {
			t.Fatalf("FromFilePath(FilePath(%q, %v)) = %q, %v; want the normal form %q", u, style, back, err, u.Normalize())
		}
		checkFilePath(t, u, style, got)
		if a, ok := aliasSpelling(r, canon, style); ok {
			v, err := uri.Parse(a)
			if err != nil {
				t.Fatalf("alias %q of %q: %v", a, canon, err)
			}
			if got, err := uri.FilePath(v, style); err != nil || got != p {
				t.Fatalf("FilePath(%q, %v), an alias of %q, = %q, %v; want %q", a, style, canon, got, err, p)
			}
			checkFilePath(t, v, style, p)
		}
	})
}

// forGeneratedPaths calls f, for each style, with n clean paths that
// pathGen makes from r (a tenth as many in the quick form), their style,
// and the URI that FromFilePath gives each.
func forGeneratedPaths(t *testing.T, r *rand.Rand, n int, f func(p string, style uri.PathStyle, canon uri.URI)) {
	t.Helper()
	if oracle.Short() {
		n /= 10
	}
	g := pathGen{r}
	for _, style := range []uri.PathStyle{posix, windows} {
		for range n {
			p := g.path(style)
			canon, err := uri.FromFilePath(p, style)
			if err != nil {
				t.Fatalf("FromFilePath(%q, %v): %v", p, style, err)
			}
			f(p, style, canon)
		}
	}
}

// fileSentinels are the reasons FilePath and FromFilePath may give.
var fileSentinels = []error{
	uri.ErrMissingScheme, uri.ErrNotFileScheme, uri.ErrNotInFilePath, uri.ErrFileHost, uri.ErrNotAbsolute,
	uri.ErrDotSegment, uri.ErrEncodedSeparator, uri.ErrNUL, uri.ErrDevicePath, uri.ErrDriveLetter, uri.ErrWindowsName,
}

func checkFileError(t *testing.T, fn, in string, err error) {
	t.Helper()
	var e *uri.Error
	if !errors.As(err, &e) || e.Op != uri.OpFilePath || e.Input != in || e.Offset < 0 || e.Offset > len(in) {
		t.Fatalf("%s(%q): error %#v: want an *uri.Error with Op %q, the input and an offset in it", fn, in, err, uri.OpFilePath)
	}
	for _, s := range fileSentinels {
		if e.Err == s {
			return
		}
	}
	if fn == "FilePath" {
		return // the reason of Parse, for a value that is not RFC 3986
	}
	t.Fatalf("%s(%q): reason %v is not one of the file sentinels", fn, in, e.Err)
}

// FuzzFilePath reads its input both as a URI and as a path, in both styles,
// and checks that nothing panics and that the conversions are inverses:
//   - FilePath(u) accepted: FromFilePath gives a normal URI that parses to
//     the same text and names the same path, and u's normal form names the
//     same path (checkFilePath);
//   - FromFilePath(p) accepted: the URI parses to the same text, is normal,
//     and FilePath gives p back when p is clean (checkFromFilePath);
//   - errors: an *uri.Error with the operation, the input, an offset in it
//     and a file sentinel; a clean path is never refused.
func FuzzFilePath(f *testing.F) {
	for _, tt := range filePathTests {
		f.Add(tt.in)
	}
	for _, tt := range fromFilePathTests {
		f.Add(tt.in)
	}
	f.Fuzz(func(t *testing.T, in string) {
		for _, style := range []uri.PathStyle{posix, windows} {
			if u, err := uri.Parse(in); err == nil {
				p, err := uri.FilePath(u, style)
				if err != nil {
					checkFileError(t, "FilePath", in, err)
				} else {
					checkFilePath(t, u, style, p)
				}
			}
			u, err := uri.FromFilePath(in, style)
			if err != nil {
				checkFileError(t, "FromFilePath", in, err)
				if cleanFilePath(in, style) {
					t.Fatalf("FromFilePath(%q, %v) refuses a clean path: %v", in, style, err)
				}
				continue
			}
			checkFromFilePath(t, in, style, u)
		}
		checkFileOptions(t, in)
	})
}

// checkFileOptions checks FileOptions' checks on in, read as a URI and as
// a path: under LocalOnly, no UNC path comes out and none goes in; with
// RemoveDotSegments, no "." or ".." segment comes out, and the path that
// comes out is one that FromFilePath takes as it is.
func checkFileOptions(t *testing.T, in string) {
	t.Helper()
	u, perr := uri.Parse(in)
	for _, style := range []uri.PathStyle{posix, windows} {
		o := uri.FileOptions{Style: style, LocalOnly: true, RemoveDotSegments: true}
		if perr == nil {
			if p, err := o.FilePath(u); err == nil {
				if strings.HasPrefix(p, `\`) || hasDotSegment(p, style) {
					t.Fatalf("%+v.FilePath(%q) = %q", o, in, p)
				}
				if _, err := (uri.FileOptions{Style: style}).FromFilePath(p); err != nil && style == windows {
					t.Fatalf("%+v.FilePath(%q) = %q, which FromFilePath refuses: %v", o, in, p, err)
				}
			} else {
				checkFileError(t, "FilePath", in, err)
			}
		}
		if v, err := o.FromFilePath(in); err == nil {
			if v.Host() != "" || style == windows && strings.HasPrefix(v.Path(), "//") { // a POSIX "//a" is local
				t.Fatalf("%+v.FromFilePath(%q) = %q names another machine", o, in, v)
			}
			if p, err := uri.FilePath(v, style); err != nil || hasDotSegment(p, style) {
				t.Fatalf("%+v.FromFilePath(%q) = %q, whose path is %q, %v", o, in, v, p, err)
			}
		} else {
			checkFileError(t, "FromFilePath", in, err)
		}
	}
}

// hasDotSegment reports whether the path p of the style has a "." or ".."
// segment.
func hasDotSegment(p string, style uri.PathStyle) bool {
	sep := "/"
	if style == windows {
		sep = `\`
	}
	for _, seg := range strings.Split(p, sep) {
		if seg == "." || seg == ".." {
			return true
		}
	}
	return false
}

// TestFileOptionsChecks: LocalOnly refuses every UNC server, in both
// directions, since Windows would reach it over SMB; RemoveDotSegments
// removes "." and ".." by text, as RFC 3986, Section 5.2.4 does, never
// above the root, for both styles whatever the system.
func TestFileOptionsChecks(t *testing.T) {
	local := uri.FileOptions{Style: windows, LocalOnly: true}
	dots := uri.FileOptions{Style: windows, RemoveDotSegments: true}
	posixDots := uri.FileOptions{Style: posix, RemoveDotSegments: true}
	for _, c := range []struct {
		name string
		o    uri.FileOptions
		in   string
		want fileResult
	}{
		{"a host is a UNC server", local, "file://evil.example/etc/passwd", fileResult{Err: uri.ErrFileHost, Offset: 7, Component: uri.Host}},
		{"a UNC path after an empty authority", local, "file:////evil.example/share/x", fileResult{Err: uri.ErrFileHost, Offset: 7, Component: uri.Path}},
		{"after localhost", local, "file://localhost//evil.example/share/x", fileResult{Err: uri.ErrFileHost, Offset: 16, Component: uri.Path}},
		{"a drive letter is local", local, "file:///C:/a", fileResult{Out: `C:\a`}},
		{"localhost is local", local, "file://localhost/C:/a", fileResult{Out: `C:\a`}},
		{"POSIX names local files anyway", uri.FileOptions{LocalOnly: true}, "file:///a", fileResult{Out: "/a"}},
		{"dots", dots, "file:///C:/a/../b/./c", fileResult{Out: `C:\b\c`}},
		{"dots, encoded", dots, "file:///C:/a/%2E%2E/b", fileResult{Out: `C:\b`}},
		{"dots never above the drive", dots, "file:///C:/../../b", fileResult{Out: `C:\b`}},
		{"a last dot-dot leaves a separator", dots, "file:///C:/a/b/..", fileResult{Out: `C:\a\`}},
		{"dots never above the share", dots, "file://server/share/a/../../x", fileResult{Out: `\\server\share\x`}},
		{"a dot-dot share is still an error", dots, "file://server/../x", fileResult{Err: uri.ErrDotSegment, Offset: 14, Component: uri.Path}},
		{"POSIX dots", posixDots, "file:///a/./b/../../../c", fileResult{Out: "/c"}},
		{"without the option, an error", uri.FileOptions{Style: windows}, "file:///C:/a/../b", fileResult{Err: uri.ErrDotSegment, Offset: 13, Component: uri.Path}},
	} {
		p, err := c.o.FilePath(uri.MustParse(c.in))
		got := fileView(t, "FilePath", c.in, p, err)
		if diff := cmp.Diff(c.want, got, cmpopts.EquateErrors()); diff != "" {
			t.Errorf("%s: %+v.FilePath(%q) (-want +got):\n%s", c.name, c.o, c.in, diff)
		}
	}
	for _, c := range []struct {
		name string
		o    uri.FileOptions
		in   string
		want fileResult
	}{
		{"a UNC path", local, `\\evil.example\share\x`, fileResult{Err: uri.ErrFileHost, Offset: 2, Component: uri.Host}},
		{"a UNC path on localhost", local, `\\localhost\share`, fileResult{Err: uri.ErrFileHost, Offset: 2, Component: uri.Host}},
		{"a drive", local, `C:\a`, fileResult{Out: "file:///C:/a"}},
		{"dots", dots, `C:\a\..\b`, fileResult{Out: "file:///C:/b"}},
		{"dots and slashes", dots, `C:/a/./b/..`, fileResult{Out: "file:///C:/a/"}},
		{"dots never above the drive", dots, `C:\..\..\b`, fileResult{Out: "file:///C:/b"}},
		{"dots never above the share", dots, `\\server\share\..\x`, fileResult{Out: "file://server/share/x"}},
		{"a dot-dot share is still an error", dots, `\\server\..\x`, fileResult{Err: uri.ErrDotSegment, Offset: 9, Component: uri.Path}},
		{"dots before a character Windows forbids", dots, `C:\a\..\b?`, fileResult{Err: uri.ErrWindowsName, Offset: 9, Component: uri.Path}},
		{"POSIX dots", posixDots, "/a/../../b/.", fileResult{Out: "file:///b/"}},
		{"POSIX dots that make a drive letter", posixDots, "/x/../c:/y", fileResult{Err: uri.ErrDriveLetter, Offset: 0, Component: uri.Path}},
		{"without the option, an error", uri.FileOptions{Style: windows}, `C:\a\..\b`, fileResult{Err: uri.ErrDotSegment, Offset: 5, Component: uri.Path}},
	} {
		u, err := c.o.FromFilePath(c.in)
		got := fileView(t, "FromFilePath", c.in, u.String(), err)
		if diff := cmp.Diff(c.want, got, cmpopts.EquateErrors()); diff != "" {
			t.Errorf("%s: %+v.FromFilePath(%q) (-want +got):\n%s", c.name, c.o, c.in, diff)
		}
	}
}
