package whatwg

import (
	"strings"

	"github.com/gouri/uri"
	"github.com/gouri/uri/internal/abnf"
)

// This file finds, for a base URL and a target URL, the shortest string
// that the basic URL parser (section 4.4) reads against the base as the
// target: the inverse of URL.Parse.

// Relativize returns the shortest string s such that u.Parse(s) gives
// target, its href equal byte for byte: the relative URL that a page at u
// would write to link to target, such as "g?y", "../g", "#s" or "//h/x",
// and target's href when nothing shorter resolves to it. Shortest counts
// bytes, among the strings that spell target's components as its href
// does: a suffix of the href after dot segments, that is an optional "/",
// then "./" and "../" any number of times, then an optional "." or ".."
// ("../../", "./", "/.", ".."). The href of a special URL whose path is
// "/" may leave that "/" out, which the parser writes back ("https://b"
// and "//b" for "https://b/"). Other spellings that the parser accepts too,
// a raw "é" for "%C3%A9", "c|" for the drive letter "c:", "0" for
// "0.0.0.0", "http:b" for "http://b/", are not looked at.
//
// The forms, each used only when the parser reads it back to target, and on
// a tie the earlier in this list:
//
//  1. the same URL up to the fragment: "#s", or "" when target has no
//     fragment (an empty string drops u's fragment; against an opaque path,
//     section 4.1, only "#s" and target's href resolve);
//  2. the same URL up to the query: "?y#s";
//  3. the same scheme and host (with credentials and port), neither path
//     opaque: a relative path, with "../" for each segment of u's
//     directory that target leaves ("../g", "." or ".."), and "./" in
//     front of a first segment that would read as a scheme ("./a:b"), as a
//     Windows drive letter in a file URL ("./c|"), or that is empty; or an
//     absolute path, "/g", or "/.//g" for a path that begins with "//". A
//     file URL's drive letter is never left by "..", and an absolute path
//     against a base with a drive letter keeps it ("/x" for "file:///C:/x"
//     against "file:///C:/a/b", section 4.4, file slash state) unless the
//     path has its own;
//  4. the same scheme, u's path not opaque and target with a host:
//     "//host/path", "///path" for a file URL, or "//c:/path" for
//     "file:///c:/path" (the file host state reads a drive letter as the
//     path's);
//  5. target's href ("https://b" for "https://b/").
//
// Schemes, hosts and ports are compared as the hrefs write them. The href
// of a URL never holds a "." or ".." segment (nor "%2e", which the parser
// reads as a dot), so every target is reached. The zero URL as u is no base
// URL, and Relativize returns target's href as form 5 writes it; for
// the zero target it returns "". The result is a substring of target's
// href, without allocating, unless it starts with "." or "/." or leaves a
// "/" out (one allocation); the time is linear in the two hrefs, about
// that of resolving the result.
func (u URL) Relativize(target URL) string {
	t := &target
	switch {
	case t.href == "":
		return ""
	case u.href == "":
	case t.href[:t.fragStart] == u.href[:u.fragStart]:
		switch {
		case t.flags&fFragment != 0:
			return t.href[t.fragStart:]
		case u.flags&fOpaque == 0:
			return ""
		}
		// "" is no URL against an opaque path.
	case u.flags&fOpaque != 0 || u.Scheme() != t.Scheme():
	case t.flags&fQuery != 0 && t.href[:t.queryStart] == u.href[:u.queryStart]:
		return t.href[t.queryStart:]
	default:
		return u.relativeToHost(t)
	}
	return relForm{skip: t.rootSlash()}.write(t.href)
}

// relativeToHost returns the shortest of the forms 3 to 5 of Relativize
// for a target with u's scheme, u's path not opaque. Each is a prefix and
// target's href from some point on; a later one is taken when it is no
// longer.
func (u *URL) relativeToHost(t *URL) string {
	best := relForm{skip: t.rootSlash()}
	n := best.size(t)
	if t.kind != uri.HostNone {
		f := relForm{start: int(t.schemeEnd) + 1, skip: best.skip}
		if t.scheme == schemeFile && t.kind == uri.HostEmpty && driveLetterPath(t.Pathname()) > 0 {
			f.start++ // "//c:/x"
		}
		if m := f.size(t); m <= n {
			best, n = f, m
		}
	}
	if t.flags&fOpaque == 0 && t.pathStart < t.queryStart && u.authority() == t.authority() {
		if f, ok := u.absolutePath(t); ok {
			if m := f.size(t); m <= n {
				best, n = f, m
			}
		}
		if f, ok := u.relativePath(t); ok && f.size(t) <= n {
			best = f
		}
	}
	return best.write(t.href)
}

// rootSlash returns the index in u's href of the path "/" of a special URL,
// which the path start state writes when a string leaves it out, and 0
// when the path is not "/".
func (u *URL) rootSlash() int {
	if u.scheme.special() && u.queryStart-u.pathStart == 1 {
		return int(u.pathStart)
	}
	return 0
}

// Relativize parses base and target, each without a base URL ([Parse]), and
// returns base.Relativize(target): the shortest string that new URL(s,
// base) in JavaScript resolves to target (see [URL.Relativize]). On error it
// returns "" and the *uri.Error of the parse that failed, with Op
// uri.OpRelativize, and Name "base" when it is base's. It allocates what
// parsing the two allocates, and the result when it is not a part of
// target's href.
func Relativize(base, target string) (string, error) {
	b, err := parse(nil, base, nil)
	if err != nil {
		e := err.(*uri.Error)
		e.Op, e.Name = uri.OpRelativize, "base"
		return "", e
	}
	t, err := parse(nil, target, nil)
	if err != nil {
		err.(*uri.Error).Op = uri.OpRelativize
		return "", err
	}
	return b.Relativize(t), nil
}

// authority returns the href up to the path, without the "/." that stands
// before a path beginning with "//" in a URL without a host: the scheme,
// the credentials, the host and the port, which a reference that begins
// with a path keeps.
func (u *URL) authority() string {
	if u.flags&fDot != 0 {
		return u.href[:u.pathStart-2]
	}
	return u.href[:u.pathStart]
}

// relForm is a string that resolves to a target: ups times "../" (the last
// one as ".." when dotdot is set), then pre, then the target's href from
// start on, without the byte at skip when skip is not 0.
type relForm struct {
	ups    int
	dotdot bool
	pre    string
	start  int
	skip   int
}

func (f relForm) size(t *URL) int {
	n := 3*f.ups + len(f.pre) + len(t.href) - f.start
	if f.dotdot {
		n--
	}
	if f.skip != 0 {
		n--
	}
	return n
}

// write returns the string that f stands for, a substring of href when f
// adds nothing to it and leaves nothing out.
func (f relForm) write(href string) string {
	if f.ups == 0 && f.pre == "" && f.skip == 0 {
		return href[f.start:]
	}
	var b strings.Builder
	b.Grow(3*f.ups + len(f.pre) + len(href) - f.start)
	for i := 1; i <= f.ups; i++ {
		if i == f.ups && f.dotdot {
			b.WriteString("..")
		} else {
			b.WriteString("../")
		}
	}
	b.WriteString(f.pre)
	if f.skip != 0 {
		b.WriteString(href[f.start:f.skip])
		b.WriteString(href[f.skip+1:])
	} else {
		b.WriteString(href[f.start:])
	}
	return b.String()
}

// absolutePath returns the form "/path" of target t, which has u's scheme
// and host and a path that is not empty, and whether the parser reads it
// back: in the relative slash state and the path state, or, for a file
// URL, the file slash state, which puts u's drive letter in front of a path
// that has none of its own ("/x" gives "/C:/x").
func (u *URL) absolutePath(t *URL) (relForm, bool) {
	tp, start := t.Pathname(), int(t.pathStart)
	if bp := u.Pathname(); t.scheme == schemeFile && driveLetterPath(bp) > 0 {
		switch {
		case len(tp) > 3 && tp[:3] == bp[:3] && tp[3] == '/' && !startsWithDriveLetter(tp[4:]):
			tp, start = tp[3:], start+3 // u's drive letter
		case !startsWithDriveLetter(tp[1:]):
			return relForm{}, false
		}
	}
	f := relForm{start: start}
	if len(tp) >= 2 && tp[1] == '/' {
		// "//" would begin a host: "/." is a segment that the path state
		// removes. It is in the href already when t has no host.
		f.pre = "/."
		if t.flags&fDot != 0 {
			f.pre, f.start = "", start-2
		}
	}
	return f, true
}

// relativePath returns the form "../../path" of target t, which has u's
// scheme and host and a path that is not empty, and whether there is one.
//
// The relative state (for a file URL, the file state) starts from u's path
// shortened once: its directory dir. Each ".." shortens it again, down to
// the empty path, or in a file URL down to a drive letter (section 4.2,
// shorten); the segments that follow are appended. So t's path must be dir
// less some last segments, then "/" and the rest: the longest such prefix
// of t's path gives the fewest "../" and the shortest rest.
func (u *URL) relativePath(t *URL) (relForm, bool) {
	dir, tp := u.Pathname(), t.Pathname()
	floor := 0 // the shortest that ".." leaves of dir
	if u.scheme == schemeFile {
		floor = max(driveLetterPath(dir), 0)
	}
	if len(dir) != floor {
		dir = dir[:max(strings.LastIndexByte(dir, '/'), 0)]
	}
	q := len(dir) // the end of the part of dir that t's path keeps
	if len(tp) <= q || tp[q] != '/' || tp[:q] != dir {
		l := 0
		for l < len(dir) && l < len(tp) && dir[l] == tp[l] {
			l++
		}
		q = max(strings.LastIndexByte(dir[:l], '/'), 0)
	}
	if q < floor {
		return relForm{}, false
	}
	f := relForm{ups: strings.Count(dir[q:], "/"), start: int(t.pathStart) + q + 1}
	rest := tp[q+1:]
	switch {
	case rest == "" && f.ups > 0:
		f.dotdot = true // "/a/b" + ".." gives "/a/"
	case rest == "":
		f.pre = "." // "/a/b" + "." gives "/a/b/"
	case f.ups == 0 && (rest[0] == '/' || schemeFirst(rest) || t.scheme == schemeFile && startsWithDriveLetter(rest)):
		f.pre = "./" // not an absolute path, a scheme or a drive letter
	}
	return f, true
}

// driveLetterPath returns 3 when the path p of a file URL begins with a
// normalized Windows drive letter as its first segment ("/c:" or "/c:/..."),
// which shortening the path never removes (section 4.2), and -1 otherwise.
func driveLetterPath(p string) int {
	if len(p) >= 3 && abnf.IsAlpha(p[1]) && p[2] == ':' && (len(p) == 3 || p[3] == '/') {
		return 3
	}
	return -1
}

// schemeFirst reports whether s begins with a scheme and ":", as the scheme
// start state and the scheme state read it: an ASCII alpha, then ASCII
// alphanumerics, "+", "-" and ".".
func schemeFirst(s string) bool {
	if s == "" || !abnf.IsAlpha(s[0]) {
		return false
	}
	for i := 1; i < len(s); i++ {
		switch c := s[i]; {
		case c == ':':
			return true
		case abnf.IsAlpha(c), abnf.IsDigit(c), c == '+', c == '-', c == '.':
		default:
			return false
		}
	}
	return false
}
