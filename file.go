package uri

import (
	"runtime"
	"strings"

	"github.com/gouri/uri/internal/abnf"
)

// This file converts between "file" URIs (RFC 8089) and the paths of a file
// system. It is built on the exported API alone: Parse checks the syntax,
// Unescape decodes, Escape encodes and Components.URI builds the result.

// PathStyle names the rules that a file system path follows (RFC 8089,
// Appendix D): how [FilePath] writes a path and [FromFilePath] reads one. It is
// a parameter, not the running system, so that a program can handle another
// system's paths; [OSPathStyle] gives the running system's. The zero value is
// PathPOSIX, and any value other than PathWindows reads as PathPOSIX.
type PathStyle uint8

const (
	// PathPOSIX is the style of POSIX systems (RFC 8089, Appendix D.1). A
	// path is absolute when it begins with "/". "/" separates segments,
	// and a segment may hold any byte except "/" and NUL. A POSIX path names
	// a file on the local machine, so a file URI whose host is not empty
	// or "localhost" has no POSIX path.
	PathPOSIX PathStyle = iota

	// PathWindows is the style of DOS and Windows (RFC 8089, Appendix D.2
	// and Appendix E). An absolute path is either a drive letter, a colon
	// and a separator ("C:\a"), or a UNC path that names a server and a
	// share ("\\server\share\a", Appendix E.3.1). "\" and "/" both separate
	// segments. FilePath writes "\".
	PathWindows
)

// OSPathStyle returns the path style of the system the program runs on:
// PathWindows when runtime.GOOS is "windows", PathPOSIX otherwise.
func OSPathStyle() PathStyle {
	if runtime.GOOS == "windows" {
		return PathWindows
	}
	return PathPOSIX
}

// String returns "posix" or "windows" for the two styles, and
// "PathStyle(?)" for any other value.
func (s PathStyle) String() string {
	switch s {
	case PathPOSIX:
		return "posix"
	case PathWindows:
		return "windows"
	}
	return "PathStyle(?)"
}

// FilePath returns the file system path that the file URI u names (RFC 8089,
// Section 2), in the given style: "file:///a%20b" gives "/a b" for PathPOSIX,
// and "file:///C:/a" gives `C:\a`, "file://server/share/a" `\\server\share\a`
// for PathWindows. Percent-encodings are decoded; "localhost" and an empty
// authority mean the local machine; nothing is removed or repaired. On error
// it returns "" and an *[Error] with Op [OpFilePath] whose Err says what names
// no path: a query, a dot segment, a host the style cannot name, a path that
// is not absolute, a character that Windows forbids in a name
// ([ErrWindowsName]), ... The forms it reads and every error, with its Err
// and Offset, are listed in docs/file-uris.md#every-form-and-error in the
// module. It is FileOptions{Style: style}.FilePath(u).
//
// Security: for PathWindows, a file URI with a host ("file://evil.example/share/x")
// or a UNC path after an empty authority ("file:////evil.example/share/x")
// gives a UNC path, `\\evil.example\share\x`. Opening it makes Windows
// connect to that server over SMB and offer the user's credentials (an
// NTLM exchange that the server can capture and crack or relay), before any
// file is read. A program that opens the path of a URI that it did not
// write itself refuses other machines with [FileOptions].LocalOnly
// (ErrFileHost).
func FilePath(u URI, style PathStyle) (string, error) {
	return FileOptions{Style: style}.FilePath(u)
}

// FilePath returns the file system path that the file URI u names in the
// style o.Style, as the function [FilePath] does, with o's checks: under
// LocalOnly, a UNC server, in the host or after an empty authority, is an
// error ([ErrFileHost] at the server); with RemoveDotSegments, the "." and
// ".." segments of the path are removed by text instead of refused, never
// above its root (a drive letter's "C:\" or a UNC path's share). It
// allocates the path.
func (o FileOptions) FilePath(u URI) (string, error) {
	p, off, c, err := filePath(u, o)
	if err != nil {
		e := &Error{Op: OpFilePath, Input: u.String(), Offset: off, Component: c, Err: err}
		if f, ok := err.(fileFault); ok {
			e.Err, e.Detail = f.err, f.detail
		}
		return "", e
	}
	return p, nil
}

// fileFault is a sentinel of FilePath that covers several cases, with the
// case met, which FilePath puts in the Error's Detail.
type fileFault struct {
	err    error
	detail string
}

func (f fileFault) Error() string { return f.err.Error() }

// The cases of ErrNotAbsolute and ErrFileHost for FilePath.
var (
	errNotRooted     = fileFault{ErrNotAbsolute, `the path does not begin with "/"`}
	errEmptyPath     = fileFault{ErrNotAbsolute, "empty path"}
	errNoDrive       = fileFault{ErrNotAbsolute, "no drive letter or UNC server"}
	errDriveRelative = fileFault{ErrNotAbsolute, "drive letter without a separator after it"}
	errNoShare       = fileFault{ErrNotAbsolute, "UNC path without a share"}
	errNoServer      = fileFault{ErrNotAbsolute, "UNC path without a server"}
	errRemoteHost    = fileFault{ErrFileHost, "POSIX paths name local files only"}
	errLiteralServer = fileFault{ErrFileHost, "a UNC server cannot be an IP literal"}
	errSMBServer     = fileFault{ErrFileHost, "a UNC server, which Windows would reach over SMB, refused by FileOptions.LocalOnly"}
)

// filePath does the work of FilePath on u under o. On
// error it returns the offset and component of the fault, and the sentinel.
func filePath(u URI, o FileOptions) (p string, off int, c Component, err error) {
	windows, dots := o.Style == PathWindows, o.RemoveDotSegments
	if !u.HasScheme() {
		return "", 0, Scheme, ErrMissingScheme
	}
	if !abnf.EqualFold(u.Scheme(), "file") {
		return "", 0, Scheme, ErrNotFileScheme
	}
	server, local, off, c, err := fileAuthority(u, windows)
	if err != nil {
		return "", off, c, err
	}
	path, pathStart := u.Path(), int(u.pathStart)
	if o.LocalOnly && windows {
		switch {
		case server != "":
			return "", int(u.hostStart), Host, errSMBServer
		case local && strings.HasPrefix(path, "//"):
			return "", pathStart, Path, errSMBServer
		}
	}
	switch {
	case !windows:
		switch {
		case path == "":
			return "", pathStart, Path, errEmptyPath
		case path[0] != '/':
			return "", pathStart, Path, errNotRooted
		}
		p, off, err = fileDecodeSegments(path, pathStart, false, dots)
		if letter, _, ok := driveSegment(path, 1); ok && err == nil {
			// The drive letter as the normal form writes it; decoded, the
			// segment was two bytes.
			p = "/" + string(letter) + ":" + p[3:]
		}
	case server != "":
		p, off, err = uncPath(server, path, pathStart, dots)
	case local && strings.HasPrefix(path, "//"):
		p, off, err = uncInPath(path, pathStart, dots)
	default:
		p, off, err = drivePath(path, pathStart, dots)
	}
	switch {
	case err != nil:
		return "", off, Path, err
	case u.HasQuery():
		return "", int(u.pathEnd), Query, ErrNotInFilePath // at the "?"
	case u.HasFragment():
		return "", int(u.queryEnd), Fragment, ErrNotInFilePath // at the "#"
	case dots:
		p = cleanFilePath(p, windows)
	}
	return p, 0, NoComponent, nil
}

// fileAuthority reads the authority of the file URI u: the UNC server it
// names, decoded, or local when it names the local machine (empty, or
// "localhost"); or the offset, component and sentinel of its fault. A
// userinfo or a port has no place in a path, and a host other than the
// local machine is a UNC server, which only Windows paths have.
func fileAuthority(u URI, windows bool) (server string, local bool, off int, c Component, err error) {
	if !u.HasAuthority() {
		return "", false, 0, NoComponent, nil
	}
	hostStart := int(u.hostStart)
	if u.HasUserinfo() {
		return "", false, u.afterScheme() + 2, Userinfo, ErrNotInFilePath
	}
	host := u.Host()
	switch k := u.HostKind(); {
	case host == "" || fileLocalhost(host):
		local = true
	case !windows:
		return "", false, hostStart, Host, errRemoteHost
	case k == HostIPv6, k == HostIPvFuture:
		return "", false, hostStart, Host, errLiteralServer
	default:
		if server, off, err = uncServer(host, hostStart); err != nil {
			return "", false, off, Host, err
		}
	}
	if u.Port() != "" {
		return "", false, int(u.hostEnd), Port, ErrNotInFilePath
	}
	return server, local, 0, NoComponent, nil
}

// uncInPath reads a UNC path written in the path of a file URI whose
// authority names the local machine, path starting at offset pathStart:
// RFC 8089, Appendix E.3.2, unc-authority = 2*3"/" file-host, that is
// "file:////server/share" or "file://///server/share". Since "localhost"
// means the same as the empty authority, it may come before the slashes
// too.
func uncInPath(path string, pathStart int, dots bool) (string, int, error) {
	rest, restStart := path[2:], pathStart+2
	if strings.HasPrefix(rest, "/") {
		rest, restStart = rest[1:], restStart+1
	}
	k := strings.IndexByte(rest, '/')
	if k < 0 {
		k = len(rest)
	}
	if k == 0 {
		return "", restStart, errNoServer
	}
	server, off, err := uncServer(rest[:k], restStart)
	if err != nil {
		return "", off, err
	}
	return uncPath(server, rest[k:], restStart+k, dots)
}

// fileLocalhost reports whether a reg-name decodes to "localhost" in any
// case, the name RFC 8089, Section 2 gives the local machine.
func fileLocalhost(host string) bool {
	if len(host) > 3*len("localhost") {
		return false
	}
	d, err := Unescape(host, EscapeHost)
	return err == nil && abnf.EqualFold(d, "localhost")
}

// uncServer decodes the name of a UNC server written at offset off, and
// lowers its ASCII letters. The name must not hold a separator, a NUL or
// a character that Windows forbids in a name, and must not be "." or "?",
// which would make a Windows device path.
func uncServer(raw string, off int) (string, int, error) {
	if k, err := fileCheckEscapes(raw, false); err != nil {
		return "", off + k, err
	}
	d, err := Unescape(raw, EscapeHost)
	if err != nil {
		return "", off, err
	}
	switch d {
	case ".", "?":
		return "", off, ErrDevicePath
	case "..":
		return "", off, ErrDotSegment
	}
	if k, err := fileCheckEscapes(raw, true); err != nil {
		return "", off + k, err
	}
	return abnf.LowerString(d), 0, nil
}

// uncPath returns `\\server` followed by the decoded share path sp, which
// begins at offset off: a "/", a share that is not empty, and any segments.
// With dots, the segments after the share may be "." or "..", never the
// share.
func uncPath(server, sp string, off int, dots bool) (string, int, error) {
	if len(sp) < 2 || sp[1] == '/' {
		return "", off + min(len(sp), 1), errNoShare
	}
	if share, _, _ := strings.Cut(sp[1:], "/"); fileDotSegment(share) {
		return "", off + 1, ErrDotSegment
	}
	d, k, err := fileDecodeSegments(sp, off, true, dots)
	if err != nil {
		return "", k, err
	}
	return `\\` + server + d, 0, nil
}

// drivePath returns the Windows path of a URI path whose first segment is a
// drive letter (RFC 8089, Appendix E.2): "/C:/a", "C:/a" or "/c%3A/a", or
// "/C%7C/a" with the vertical line of Appendix E.2.2, read by driveSegment
// as the normal form reads it. The path begins at offset off.
func drivePath(path string, off int, dots bool) (string, int, error) {
	i := firstSegment(path)
	letter, end, ok := driveSegment(path, i)
	if !ok {
		// "C:a" is relative to the drive's current directory: a drive
		// letter that a cut after it would make a segment of its own.
		for _, cut := range [...]int{i + 2, i + 4, i + 6} {
			if _, e, ok := driveSegment(path[:min(cut, len(path))], i); ok && e == cut && cut < len(path) {
				return "", off + cut, errDriveRelative
			}
		}
		return "", off, errNoDrive
	}
	rest := path[end:]
	if rest == "" {
		// "C:" alone is relative to the drive's current directory.
		return "", off + end, errDriveRelative
	}
	r, k, err := fileDecodeSegments(rest, off+end, true, dots)
	if err != nil {
		return "", k, err
	}
	return string(letter) + ":" + r, 0, nil
}

// fileDecodeSegments decodes a URI path that begins with "/" and starts at
// offset off, after checking each segment (a dot segment is a fault unless
// dots); for Windows it writes "\" for each "/". It returns the offset of
// the first fault and its sentinel.
func fileDecodeSegments(path string, off int, windows, dots bool) (string, int, error) {
	start := 0
	for i := 0; i <= len(path); i++ {
		if i < len(path) && path[i] != '/' {
			continue
		}
		seg := path[start:i]
		if k, err := fileCheckEscapes(seg, windows); err != nil {
			return "", off + start + k, err
		}
		if !dots && fileDotSegment(seg) {
			return "", off + start, ErrDotSegment
		}
		start = i + 1
	}
	d, err := Unescape(path, EscapePath)
	if err != nil {
		return "", off, err
	}
	if windows {
		d = strings.ReplaceAll(d, "/", `\`)
	}
	return d, 0, nil
}

// fileCheckEscapes returns the index of the first percent-encoding in seg that
// decodes to a byte no path segment can hold: NUL, "/", and for Windows "\";
// and for Windows, of the first byte, raw or percent-encoded, that Windows
// forbids in a name.
func fileCheckEscapes(seg string, windows bool) (int, error) {
	if windows {
		for i := 0; i < len(seg); i++ {
			c, n := seg[i], 1
			if c == '%' && i+2 < len(seg) {
				c, n = abnf.Unhex(seg[i+1])<<4|abnf.Unhex(seg[i+2]), 3
				switch {
				case c == 0:
					return i, ErrNUL
				case c == '/' || c == '\\':
					return i, ErrEncodedSeparator
				}
			}
			if windowsForbidden(c) {
				return i, ErrWindowsName
			}
			i += n - 1
		}
		return 0, nil
	}
	for i := strings.IndexByte(seg, '%'); i >= 0 && i+2 < len(seg); i = fileNextPercent(seg, i+3) {
		switch h := seg[i+1 : i+3]; {
		case h == "00":
			return i, ErrNUL
		case abnf.EqualFold(h, "2F"), windows && abnf.EqualFold(h, "5C"):
			return i, ErrEncodedSeparator
		}
	}
	return 0, nil
}

// fileNextPercent returns the index of the first "%" in s at or after i, or -1.
func fileNextPercent(s string, i int) int {
	if i >= len(s) {
		return -1
	}
	if k := strings.IndexByte(s[i:], '%'); k >= 0 {
		return i + k
	}
	return -1
}

// fileDotSegment reports whether a segment, decoded, is "." or "..".
func fileDotSegment(seg string) bool {
	if seg == "" || len(seg) > len("%2E%2E") {
		return false
	}
	d, err := Unescape(seg, EscapePathSegment)
	return err == nil && (d == "." || d == "..")
}

// FromFilePath returns the file URI, in normal form, of an absolute file
// system path in the given style (RFC 8089, Section 2): "/a b" gives
// "file:///a%20b" for PathPOSIX, and `C:\a` gives "file:///C:/a",
// `\\server\share\a` "file://server/share/a" for PathWindows. What a segment
// cannot hold is percent-encoded as [EscapePath] does. On error, the zero URI
// and an *[Error] with Op [OpFilePath] and Input path: a relative path, a dot
// segment, a NUL, a POSIX path that a file URI reads as a drive letter
// ([ErrDriveLetter]), a Windows device path, a character that Windows
// forbids in a name ([ErrWindowsName]). FilePath gives every clean path
// back; docs/file-uris.md#every-form-and-error in the module lists every
// error, with its Err and Offset, and what clean means. It is
// FileOptions{Style: style}.FromFilePath(path); [FileOptions] also writes
// the spelling of editors.
func FromFilePath(path string, style PathStyle) (URI, error) {
	return FileOptions{Style: style}.FromFilePath(path)
}

// FileSpelling is how [FileOptions.FromFilePath] writes a file URI. Every
// spelling names the same file, and [FilePath] reads each; [FileKey] gives
// the same key for all.
type FileSpelling uint8

const (
	// NormalSpelling is the normal form of RFC 3986, Section 6.2: each
	// byte that a path segment cannot hold is percent-encoded, and a drive
	// letter is upper-case with ":" (RFC 8089, Appendix E.2):
	// "file:///C:/My%20Files/a+b".
	NormalSpelling FileSpelling = iota

	// VSCodeSpelling is the spelling of Visual Studio Code and of the
	// Language Server Protocol clients that share its URI module: every
	// byte but the unreserved characters (RFC 3986, Section 2.3) and "/" is
	// percent-encoded, ":" and "+" included, and a drive letter is
	// lower-case: "file:///c%3A/My%20Files/a%2Bb". A UNC server is
	// lower-cased and encoded the same way. A UNC path on a server named
	// localhost stays "file:////localhost/share" (RFC 8089, Appendix E.3.2),
	// since RFC 8089 reads "file://localhost/share" as the local path
	// "/share".
	VSCodeSpelling
)

// FileOptions says how [FileOptions.FromFilePath] reads a path and writes
// its file URI, and how [FileOptions.FilePath] reads a file URI: the style
// of the path, the spelling of the URI, and two choices that the functions
// [FromFilePath] and [FilePath] leave off. The zero value reads POSIX paths
// and writes the normal form.
type FileOptions struct {
	Style    PathStyle
	Spelling FileSpelling

	// LocalOnly refuses every path of another machine: for PathWindows, a
	// UNC path ("\\\\server\\share", "file://server/share",
	// "file:////server/share"), on any server, localhost included, since
	// opening one makes Windows connect to the server over SMB and offer
	// the user's credentials. The error is ErrFileHost, at the server.
	// POSIX paths name local files only, with or without it.
	LocalOnly bool

	// RemoveDotSegments removes the "." and ".." segments of a path by
	// text instead of refusing them (ErrDotSegment), as remove_dot_segments
	// does for the path of a URI (RFC 3986, Section 5.2.4): "." goes, and
	// ".." with the segment before it, but never the root, "/", a drive
	// letter's "C:\\" or a UNC path's "\\\\server\\share" (`C:\\a\\..\\..\\b`
	// gives `C:\\b`); a "." or ".." at the end leaves the path ending in a
	// separator. It works on text alone, for either style on any system,
	// where path/filepath.Clean knows the running system's only; a path
	// with a symbolic link before a ".." can then name another file than
	// the system would open: use it for paths that have none, or after
	// resolving them. A share or a UNC server that is "." or ".." is still
	// an error.
	RemoveDotSegments bool
}

// FromFilePath returns the file URI of an absolute file system path in the
// style o.Style, written in the spelling o.Spelling: with [NormalSpelling]
// what the function [FromFilePath] returns, with [VSCodeSpelling] `C:\a b`
// gives "file:///c%3A/a%20b". It fails where the function does, with the
// same error, and allocates the URI's text; under o.LocalOnly, a UNC path is
// an error too ([ErrFileHost]), and with o.RemoveDotSegments, "." and ".."
// segments are removed by text instead of refused.
func (o FileOptions) FromFilePath(path string) (URI, error) {
	var u URI
	var off int
	var c Component
	var err error
	switch {
	case o.Style != PathWindows:
		u, off, err = o.fromPOSIXPath(path)
		c = Path
	case len(path) >= 2 && windowsSeparator(path[0]) && windowsSeparator(path[1]):
		u, off, c, err = o.fromUNCPath(path)
	case len(path) >= 2 && isDriveLetter(path[0]) && path[1] == ':':
		u, off, err = o.fromDrivePath(path)
		c = Path
	default:
		off, c, err = 0, Path, ErrNotAbsolute
	}
	if e, ok := err.(*Error); ok {
		return URI{}, e // building the URI failed
	}
	if err != nil {
		e := &Error{Op: OpFilePath, Input: path, Offset: off, Component: c, Err: err}
		if f, ok := err.(fileFault); ok {
			e.Err, e.Detail = f.err, f.detail
		}
		return URI{}, e
	}
	return u, nil
}

// fromPOSIXPath is FromFilePath of a POSIX path; on error it returns the
// offset of the fault and its sentinel.
func (o FileOptions) fromPOSIXPath(path string) (URI, int, error) {
	if !strings.HasPrefix(path, "/") {
		return URI{}, 0, ErrNotAbsolute
	}
	if k, err := fileCheckOSSegments(path, false, o.RemoveDotSegments); err != nil {
		return URI{}, k, err
	}
	p := path
	if o.RemoveDotSegments {
		p = cleanFilePath(path, false)
	}
	if driveToFix(Escape(p, EscapePath)) {
		// A path whose first segment came to be a drive letter when its
		// dot segments went fails as a whole.
		off := 1
		if p != path {
			off = 0
		}
		return URI{}, off, ErrDriveLetter
	}
	u, err := fileURI("", o.escapePath(p))
	return u, 0, err
}

// fromUNCPath is FromFilePath of a Windows UNC path (RFC 8089, Appendix
// E.3.1); on error it returns the offset, component and sentinel of the
// fault.
func (o FileOptions) fromUNCPath(path string) (URI, int, Component, error) {
	i := 2
	for i < len(path) && !windowsSeparator(path[i]) {
		i++
	}
	server := path[2:i]
	switch server {
	case "":
		return URI{}, 2, Host, ErrNotAbsolute
	case ".", "?":
		return URI{}, 2, Host, ErrDevicePath
	case "..":
		return URI{}, 2, Host, ErrDotSegment
	}
	if k, err := fileCheckOSSegments(server, true, true); err != nil {
		return URI{}, 2 + k, Host, err
	}
	if o.LocalOnly {
		return URI{}, 2, Host, errSMBServer
	}
	if i+1 >= len(path) || windowsSeparator(path[i+1]) {
		return URI{}, min(i+1, len(path)), Path, ErrNotAbsolute // no share
	}
	rest := path[i:]
	if share := rest[1 : 1+strings.IndexAny(rest[1:]+`\`, `\/`)]; share == "." || share == ".." {
		return URI{}, i + 1, Path, ErrDotSegment
	}
	if k, err := fileCheckOSSegments(rest, true, o.RemoveDotSegments); err != nil {
		return URI{}, i + k, Path, err
	}
	if o.RemoveDotSegments {
		rest = cleanFilePath(path[:i]+rest, true)[i:]
	}
	server = abnf.LowerString(server)
	var u URI
	var err error
	if server == "localhost" {
		// "file://localhost/" names the local machine (RFC 8089, Section
		// 2), so a UNC path to a server of that name takes the form of
		// Appendix E.3.2, with the server in the path.
		u, err = fileURI("", "//localhost"+o.escapePath(windowsToSlash(rest)))
	} else {
		host := Escape(server, EscapeHost)
		if o.Spelling == VSCodeSpelling {
			host = escapeUnreserved(server)
		}
		u, err = fileURI(host, o.escapePath(windowsToSlash(rest)))
	}
	return u, 0, NoComponent, err
}

// fromDrivePath is FromFilePath of a Windows path that begins with a drive
// letter (RFC 8089, Appendix D.2 and E.2); on error it returns the offset
// of the fault and its sentinel.
func (o FileOptions) fromDrivePath(path string) (URI, int, error) {
	if len(path) == 2 || !windowsSeparator(path[2]) {
		return URI{}, 2, ErrNotAbsolute
	}
	if k, err := fileCheckOSSegments(path[2:], true, o.RemoveDotSegments); err != nil {
		return URI{}, 2 + k, err
	}
	p := path
	if o.RemoveDotSegments {
		p = cleanFilePath(path, true)
	}
	drive := "/" + string(p[0]&^0x20) + ":"
	if o.Spelling == VSCodeSpelling {
		drive = "/" + string(p[0]|0x20) + "%3A"
	}
	u, err := fileURI("", drive+o.escapePath(windowsToSlash(p[2:])))
	return u, 0, err
}

// escapePath percent-encodes the path p, whose segments "/" separates, in
// o's spelling.
func (o FileOptions) escapePath(p string) string {
	if o.Spelling == VSCodeSpelling {
		return escapeUnreserved(p)
	}
	return Escape(p, EscapePath)
}

// escapeUnreserved percent-encodes every byte of s but the unreserved
// characters (RFC 3986, Section 2.3) and "/", with upper-case hex digits,
// as VSCodeSpelling writes a path.
func escapeUnreserved(s string) string {
	var b strings.Builder
	b.Grow(len(s))
	for i := 0; i < len(s); i++ {
		if c := s[i]; c == '/' || abnf.Classes[c]&abnf.Unreserved != 0 {
			b.WriteByte(c)
		} else {
			b.WriteByte('%')
			b.WriteByte(abnf.UpperHex[c>>4])
			b.WriteByte(abnf.UpperHex[c&15])
		}
	}
	return b.String()
}

// fileURI builds "file://host" followed by path, which are already encoded.
func fileURI(host, path string) (URI, error) {
	return Components{Scheme: "file", HasAuthority: true, Host: host, Path: path}.URI()
}

// fileCheckOSSegments returns the offset and sentinel of the first fault in a
// file system path p of the style windows says: a NUL, for Windows a
// character that it forbids in a name, or, unless dots, a "." or ".."
// segment.
func fileCheckOSSegments(p string, windows, dots bool) (int, error) {
	sep := posixSeparator
	if windows {
		sep = windowsSeparator
	}
	start := 0
	for i := 0; i <= len(p); i++ {
		if i < len(p) {
			switch c := p[i]; {
			case c == 0:
				return i, ErrNUL
			case windows && windowsForbidden(c):
				return i, ErrWindowsName
			case !sep(c):
				continue
			}
		}
		if seg := p[start:i]; !dots && (seg == "." || seg == "..") {
			return start, ErrDotSegment
		}
		start = i + 1
	}
	return 0, nil
}

// windowsForbidden reports whether Windows forbids c in the name of a
// file: a control character, or one of < > : " | ? * (see
// [ErrWindowsName]). NUL is ErrNUL's.
func windowsForbidden(c byte) bool {
	return c != 0 && c < 0x20 || strings.IndexByte(`<>:"|?*`, c) >= 0
}

// cleanFilePath removes the dot segments of p, an absolute path that
// FilePath or FromFilePath checked, of the style windows says, by text
// and never above its root (see FileOptions.RemoveDotSegments).
func cleanFilePath(p string, windows bool) string {
	if !windows {
		return removeDots(p[:1], p[1:], posixSeparator, '/')
	}
	root := 3 // "C:\"
	if windowsSeparator(p[1]) {
		// `\\server\share`: the root ends after the share.
		i := 2 + strings.IndexAny(p[2:], `\/`)
		j := strings.IndexAny(p[i+1:], `\/`)
		if j < 0 {
			return p
		}
		root = i + 1 + j + 1
	}
	return removeDots(p[:root], p[root:], windowsSeparator, '\\')
}

// removeDots returns root followed by rest, whose segments sep separates,
// with the "." and ".." segments of rest removed as remove_dot_segments
// removes them (RFC 3986, Section 5.2.4): "." goes, ".." takes the segment
// before it, if any, along, and a last "." or ".." leaves an empty last
// segment. The segments are joined with out.
func removeDots(root, rest string, sep func(byte) bool, out byte) string {
	var segs []string
	start := 0
	for i := 0; i <= len(rest); i++ {
		if i < len(rest) && !sep(rest[i]) {
			continue
		}
		seg := rest[start:i]
		start = i + 1
		switch seg {
		case ".":
		case "..":
			if len(segs) > 0 {
				segs = segs[:len(segs)-1]
			}
		default:
			segs = append(segs, seg)
			continue
		}
		if i == len(rest) {
			segs = append(segs, "")
		}
	}
	return root + strings.Join(segs, string(out))
}

func posixSeparator(c byte) bool   { return c == '/' }
func windowsSeparator(c byte) bool { return c == '/' || c == '\\' }

// isDriveLetter reports whether c is an ASCII letter (RFC 8089, Appendix E.2:
// drive-letter = ALPHA ":").
func isDriveLetter(c byte) bool { return 'a' <= c|0x20 && c|0x20 <= 'z' }

// windowsToSlash replaces each "\" of a Windows path with "/".
func windowsToSlash(p string) string { return strings.ReplaceAll(p, `\`, "/") }
