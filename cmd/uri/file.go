package main

import (
	"flag"
	"fmt"

	"github.com/gouri/uri"
)

// styleFlag is the value of --os: the path style of file-path and
// file-uri, the running system's unless set.
type styleFlag struct{ style uri.PathStyle }

func (f *styleFlag) String() string { return f.style.String() }

func (f *styleFlag) Set(s string) error {
	for _, st := range []uri.PathStyle{uri.PathPOSIX, uri.PathWindows} {
		if st.String() == s {
			f.style = st
			return nil
		}
	}
	return fmt.Errorf("unknown path style %q (posix or windows)", s)
}

// osFlag defines --os on fs.
func osFlag(fs *flag.FlagSet) *styleFlag {
	f := &styleFlag{uri.OSPathStyle()}
	fs.Var(f, "os", "the path `style`: posix or windows (default: the running system's, here "+f.String()+")")
	return f
}

var filePathCommand = &command{
	name:     "file-path",
	operands: "[--os posix|windows] [URI...]",
	summary:  "print the file system path that file URIs name (RFC 8089)",
	about: "Prints the path that each file URI names (RFC 8089), in the style of --os:\n" +
		"\"file:///a%20b\" gives \"/a b\"; with --os windows \"file:///C:/a\" gives \"C:\\a\"\n" +
		"and \"file://server/share/a\" gives \"\\\\server\\share\\a\". A URI with a query, a\n" +
		"fragment, a dot segment, an encoded \"/\" or a host the style cannot name is an\n" +
		"error (uri.FilePath).",
	flags: func(fs *flag.FlagSet) func() (op, string) {
		style := osFlag(fs)
		return func() (op, string) {
			return transform(func(s string) (string, error) {
				u, err := uri.Parse(s)
				if err != nil {
					return "", err
				}
				return uri.FilePath(u, style.style)
			}), ""
		}
	},
}

var fileURICommand = &command{
	name:     "file-uri",
	operands: "[--os posix|windows] [--vscode] [PATH...]",
	summary:  "print the file URIs of absolute file system paths (RFC 8089)",
	about: "Prints the file URI of each absolute PATH (RFC 8089), read in the style of\n" +
		"--os: \"/a b\" gives \"file:///a%20b\"; with --os windows \"C:\\a\" gives\n" +
		"\"file:///C:/a\" and \"\\\\server\\share\\a\" gives \"file://server/share/a\". A\n" +
		"relative path, a dot segment or a NUL is an error (uri.FromFilePath).\n" +
		"With --vscode, the URI is written as VS Code writes it: \"C:\\a b\" gives\n" +
		"\"file:///c%3A/a%20b\" (uri.VSCodeSpelling).",
	flags: func(fs *flag.FlagSet) func() (op, string) {
		style := osFlag(fs)
		vscode := fs.Bool("vscode", false, "write VS Code's spelling: a lower-case drive letter, and every byte but unreserved ones and \"/\" percent-encoded")
		return func() (op, string) {
			o := uri.FileOptions{Style: style.style}
			if *vscode {
				o.Spelling = uri.VSCodeSpelling
			}
			return transform(func(s string) (string, error) {
				// The library names both directions "file-path", which is
				// the other command.
				u, err := o.FromFilePath(s)
				return u.String(), renameOp(err, "file-uri")
			}), ""
		}
	},
}
