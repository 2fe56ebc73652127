package main

import (
	"io"

	"github.com/gouri/uri"
)

// runRelativize is `uri relativize --base BASE [--json] [TARGET...]`: for
// each target URI it prints the shortest reference that resolves against
// BASE to it, the inverse of `uri resolve`, in the same output shapes:
//
//	{"input":S,"base":BASE,"ok":true,"result":S}
//	{"input":S,"base":BASE,"ok":false,"error":S}
func runRelativize(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	c := newBaseCommand("relativize", "TARGET",
		"Prints, for each TARGET URI (or each line of standard input), the shortest\n"+
			"reference that resolves against BASE to TARGET (RFC 3986, Section 5.2).", stderr)
	if status, ok := c.parse(args); !ok {
		return status
	}
	return c.run(stdin, stdout, stderr, uri.Relativize)
}
