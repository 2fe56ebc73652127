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

// fileChecks defines --local-only and --remove-dots on fs, and returns
// the function that sets them in FileOptions.
func fileChecks(fs *flag.FlagSet) func(*uri.FileOptions) {
	local := fs.Bool("local-only", false, "refuse UNC paths, which Windows opens over SMB, offering the user's\ncredentials (uri.FileOptions.LocalOnly)")
	dots := fs.Bool("remove-dots", false, "remove \".\" and \"..\" segments by text, never above the root, instead of\nrefusing them (uri.FileOptions.RemoveDotSegments)")
	return func(o *uri.FileOptions) { o.LocalOnly, o.RemoveDotSegments = *local, *dots }
}

// osFlag defines --os on fs.
func osFlag(fs *flag.FlagSet) *styleFlag {
	f := &styleFlag{uri.OSPathStyle()}
	fs.Var(f, "os", "the path `style`: posix or windows (default: the running system's, here "+f.String()+")")
	return f
}

var filePathCommand = &command{
	name:     "file-path",
	operands: "[--os posix|windows] [--local-only] [--remove-dots] [URI...]",
	summary:  "print the file system path that file URIs name (RFC 8089)",
	about: "Prints the path that each file URI names (RFC 8089), in the style of --os:\n" +
		"\"file:///a%20b\" gives \"/a b\"; with --os windows \"file:///C:/a\" gives \"C:\\a\"\n" +
		"and \"file://server/share/a\" gives \"\\\\server\\share\\a\". A URI with a query, a\n" +
		"fragment, a dot segment, an encoded \"/\", a host the style cannot name or,\n" +
		"for windows, a character that Windows forbids in a name is an error\n" +
		"(uri.FilePath). A UNC path from a URI you did not write makes Windows\n" +
		"connect to its server over SMB and offer the user's credentials:\n" +
		"--local-only refuses it. --remove-dots removes dot segments by text.",
	flags: func(fs *flag.FlagSet) func() (op, string) {
		style := osFlag(fs)
		checks := fileChecks(fs)
		return func() (op, string) {
			o := uri.FileOptions{Style: style.style}
			checks(&o)
			return transform(func(s string) (string, error) {
				u, err := uri.Parse(s)
				if err != nil {
					return "", err
				}
				return o.FilePath(u)
			}), ""
		}
	},
}

var fileURICommand = &command{
	name:     "file-uri",
	operands: "[--os posix|windows] [--vscode] [--local-only] [--remove-dots] [PATH...]",
	summary:  "print the file URIs of absolute file system paths (RFC 8089)",
	about: "Prints the file URI of each absolute PATH (RFC 8089), read in the style of\n" +
		"--os: \"/a b\" gives \"file:///a%20b\"; with --os windows \"C:\\a\" gives\n" +
		"\"file:///C:/a\" and \"\\\\server\\share\\a\" gives \"file://server/share/a\". A\n" +
		"relative path, a dot segment, a NUL or, for windows, a character that\n" +
		"Windows forbids in a name is an error (uri.FromFilePath); --remove-dots\n" +
		"removes dot segments by text instead, and --local-only refuses UNC paths.\n" +
		"With --vscode, the URI is written as VS Code writes it: \"C:\\a b\" gives\n" +
		"\"file:///c%3A/a%20b\" (uri.VSCodeSpelling).",
	flags: func(fs *flag.FlagSet) func() (op, string) {
		style := osFlag(fs)
		vscode := fs.Bool("vscode", false, "write VS Code's spelling: a lower-case drive letter, and every byte but unreserved ones and \"/\" percent-encoded")
		checks := fileChecks(fs)
		return func() (op, string) {
			o := uri.FileOptions{Style: style.style}
			checks(&o)
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
