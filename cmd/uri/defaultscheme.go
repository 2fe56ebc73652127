package main

// --default-scheme SCHEME of parse, edit, normalize and canon: a line
// without a scheme, such as "example.com/x" or "//cdn.example/x", is read
// with SCHEME, as trurl reads a URL without one.

import (
	"flag"
	"strconv"

	"github.com/gouri/uri"
)

// defaultSchemeHelp is what the help of each command says of
// --default-scheme.
const defaultSchemeHelp = "With --default-scheme SCHEME, an input without a scheme is read with SCHEME:\n" +
	"\"example.com/x\" and \"localhost:8080\" (a host, then a port or a path) as\n" +
	"\"SCHEME://example.com/x\" and \"SCHEME://localhost:8080\", as trurl reads them,\n" +
	"and \"//cdn.example/x\" (a network-path reference, RFC 3986, Section 4.2) as\n" +
	"\"SCHEME://cdn.example/x\". An input that has a scheme keeps it (\"mailto:a@b\",\n" +
	"\"urn:isbn:1\"; a scheme is letters, digits, \"+\", \"-\" and \".\" before a \":\",\n" +
	"RFC 3986, Section 3.1, unless only digits follow it, a port); one that\n" +
	"starts with \"/\", \"?\" or \"#\" names no host and is read as it is. \"input\"\n" +
	"is the input as given, and an error's offset is in it."

// defaultSchemeFlag defines --default-scheme on fs, and returns ready,
// the function that makes the command's operation once the flags are
// parsed (see command.flags), made to read each input without a scheme
// with SCHEME (see schemePrefix).
func defaultSchemeFlag(fs *flag.FlagSet, ready func() (op, string)) func() (op, string) {
	scheme := fs.String("default-scheme", "", "read an input without a scheme (\"example.com/x\", \"//cdn.example/x\")\nwith `SCHEME` (\"https\"), as trurl does")
	return func() (op, string) {
		o, problem := ready()
		if problem != "" || *scheme == "" {
			return o, problem
		}
		if !isScheme(*scheme) {
			return op{}, "--default-scheme: " + strconv.Quote(*scheme) + " is no scheme (RFC 3986, Section 3.1: a letter, then letters, digits, \"+\", \"-\" or \".\")"
		}
		return withDefaultScheme(o, *scheme), ""
	}
}

// withDefaultScheme returns o reading each input without a scheme with
// scheme. When o reads inputs as the URL Standard reads a string (whole),
// the leading C0 controls and spaces that its parser strips are looked
// past. An error about the input with its scheme is told of the input as
// given, at the same byte of it.
func withDefaultScheme(o op, scheme string) op {
	apply := o.apply
	o.apply = func(in string) result {
		skip := 0
		if o.whole {
			skip = leadingC0Space(in)
		}
		prefix := schemePrefix(in[skip:], scheme)
		if prefix == "" {
			return apply(in)
		}
		read := prefix + in[skip:]
		r := apply(read)
		if e, ok := r.err.(*uri.Error); ok && e.Input == read {
			return failure(in, moveError(e, read, in, skip-len(prefix)), o.lead...)
		}
		return r
	}
	return o
}

// moveError returns a copy of e, an error about read, that is about in,
// which is read with by bytes more in front (by < 0) or fewer: its
// offset, and those of the errors it wraps that are about read, moved by
// by, and no further than the start of in.
func moveError(e *uri.Error, read, in string, by int) *uri.Error {
	moved := *e
	moved.Input = in
	if moved.Offset != uri.NoOffset {
		moved.Offset = max(e.Offset+by, 0)
	}
	if c, ok := e.Cause.(*uri.Error); ok && c.Input == read {
		moved.Cause = moveError(c, read, in, by)
	}
	return &moved
}

// schemePrefix returns what goes before in, which has no scheme, for it to
// have scheme: scheme and ":" before "//", scheme and "://" before a host;
// or "" when in has a scheme, or names no host (it starts with "/", "?"
// or "#", or is empty). A scheme followed by ":" and only digits, up to
// the end or a "/", "?" or "#", is a host and a port, as trurl and curl
// read "localhost:8080/x".
func schemePrefix(in, scheme string) string {
	switch {
	case len(in) >= 2 && in[0] == '/' && in[1] == '/':
		return scheme + ":"
	case in == "" || in[0] == '/' || in[0] == '?' || in[0] == '#':
		return ""
	}
	n := schemeLen(in)
	if n == 0 || n == len(in) || in[n] != ':' {
		return scheme + "://"
	}
	port := n + 1
	for port < len(in) && '0' <= in[port] && in[port] <= '9' {
		port++
	}
	if port > n+1 && (port == len(in) || in[port] == '/' || in[port] == '?' || in[port] == '#') {
		return scheme + "://"
	}
	return ""
}

// schemeLen returns the length of the longest prefix of s that is a
// scheme's name (RFC 3986, Section 3.1: ALPHA *( ALPHA / DIGIT / "+" /
// "-" / "." )), 0 when s does not start with a letter.
func schemeLen(s string) int {
	for i := 0; i < len(s); i++ {
		c := s[i] | 0x20
		switch {
		case 'a' <= c && c <= 'z':
		case i > 0 && ('0' <= s[i] && s[i] <= '9' || s[i] == '+' || s[i] == '-' || s[i] == '.'):
		default:
			return i
		}
	}
	return len(s)
}

// isScheme reports whether s is a scheme's name.
func isScheme(s string) bool { return s != "" && schemeLen(s) == len(s) }

// leadingC0Space returns the number of C0 controls and spaces at the start
// of s, which the URL Standard's parser strips (section 4.4, step 1.2).
func leadingC0Space(s string) int {
	i := 0
	for i < len(s) && s[i] <= ' ' {
		i++
	}
	return i
}
