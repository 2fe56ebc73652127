package uri

import (
	"strings"

	"github.com/gouri/uri/internal/abnf"
)

// This file gives file URIs the key under which an editor keeps a
// document: one spelling for all the spellings of the same file URI.

// fileKeySteps are the steps of the normal form that FileKey takes: all
// those of DefaultNormalization but the removal of dot segments.
const fileKeySteps = NormalizeCase | NormalizePercent | NormalizeIPv6 | NormalizePort | NormalizeSchemeRules

// FileKey returns the key of the file URI u that editors compare: two file
// URIs have the same key when they differ only in how they spell the same
// thing, so that "file:///a%3Ab", "file:///a:b" and "FILE://localhost/a:b"
// open one document. The key is itself a file URI, in one spelling:
//
//   - the scheme in lower case (RFC 3986, Section 3.1);
//   - the local machine as the empty host: no authority ("file:/a"), an
//     empty host, or "localhost" in any case (RFC 8089, Section 2);
//   - a drive letter in upper case with ":", however it was written
//     ("c:", "C|" as "C%7C", "c%3A"; with or without the "/" in front,
//     "file:c:/a"), when it is the first segment of a path on the local
//     machine (RFC 8089, Appendix E.2);
//   - in the host and the path, each percent-encoded character that may
//     stand there as it is decoded: unreserved characters and sub-delims,
//     and in the path ":" and "@" too (RFC 3986, Sections 3.2.2 and 3.3),
//     which RFC 8089 gives no meaning of their own; the other
//     percent-encodings (a space, "%", "/", non-ASCII octets) with
//     upper-case hex digits;
//   - the host in lower case, an IPv6 address as RFC 5952 writes it, no
//     empty port, and "/" for an empty path after a host;
//   - the query and the fragment, which a file path does not have, in the
//     normal form of RFC 3986, Section 6.2.2 (only unreserved characters
//     decoded).
//
// It folds nothing else: not the case of the path (whether "A" and "a" are
// one file is a rule of the file system, not of the URI), not dot segments
// (after a symbolic link, ".." differs from removing it by text), not empty
// segments, and not the UNC path written after an empty host
// ("file:////server/share", RFC 8089, Appendix E.3.2), which names a
// different path than "file://server/share" on a POSIX system. The key
// parses as a URI, FileKey of it is itself, and [FilePath] reads from it
// the path it reads from u. It allocates the key, once, and returns u's
// text when that is the key. A URI without a scheme, or with another scheme than "file", is
// an *[Error] with Op [OpFilePath] and Err [ErrMissingScheme] or
// [ErrNotFileScheme]; the result is then "".
func FileKey(u URI) (string, error) {
	switch {
	case !u.HasScheme():
		return "", &Error{Op: OpFilePath, Input: u.String(), Offset: 0, Component: Scheme, Err: ErrMissingScheme}
	case !abnf.EqualFold(u.Scheme(), "file"):
		return "", &Error{Op: OpFilePath, Input: u.String(), Offset: 0, Component: Scheme, Err: ErrNotFileScheme}
	}
	v := u.NormalizeWith(fileKeySteps)
	p := v.Path()
	_, _, drive := driveSegment(p, firstSegment(p))
	var b strings.Builder
	b.Grow(len(v.s) + 3)
	b.WriteString("file:")
	if v.HasAuthority() || strings.HasPrefix(p, "/") || drive {
		b.WriteString("//")
		if v.HasUserinfo() {
			b.WriteString(v.Userinfo())
			b.WriteByte('@')
		}
		writeDecoded(&b, v.Host(), abnf.RegName)
		if v.hostEnd < v.pathStart {
			b.WriteString(v.s[v.hostEnd:v.pathStart]) // ":" and the port
		}
		if p == "" || p[0] != '/' {
			b.WriteByte('/')
		}
	}
	writeDecoded(&b, p, abnf.Pchar)
	b.WriteString(v.s[v.pathEnd:])
	if k := b.String(); k != u.s {
		return k, nil
	}
	return u.s, nil
}

// writeDecoded writes s to b with each percent-encoded octet of the class
// keep decoded. The percent-encodings of s are well formed.
func writeDecoded(b *strings.Builder, s string, keep uint16) {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c == '%' {
			if d := abnf.Unhex(s[i+1])<<4 | abnf.Unhex(s[i+2]); abnf.Classes[d]&keep != 0 {
				b.WriteByte(d)
				i += 2
				continue
			}
		}
		b.WriteByte(s[i])
	}
}
