package main

import (
	"flag"
	"fmt"
	"strings"

	"github.com/gouri/uri"
)

// escapeComponents are the names --component accepts.
var escapeComponents = []uri.EscapeComponent{
	uri.EscapeUserinfo, uri.EscapeHost, uri.EscapePathSegment, uri.EscapePath, uri.EscapeQuery,
	uri.EscapeQueryKey, uri.EscapeQueryValue, uri.EscapeFragment, uri.EscapeForm,
}

func componentNames() string {
	names := make([]string, len(escapeComponents))
	for i, c := range escapeComponents {
		names[i] = c.String()
	}
	return strings.Join(names, ", ")
}

// componentFlag is the value of --component.
type componentFlag struct{ c uri.EscapeComponent }

func (f *componentFlag) String() string {
	if f.c == 0 {
		return ""
	}
	return f.c.String()
}

func (f *componentFlag) Set(s string) error {
	for _, c := range escapeComponents {
		if c.String() == s {
			f.c = c
			return nil
		}
	}
	return fmt.Errorf("unknown component %q (one of %s)", s, componentNames())
}

// transform returns the operation that maps each input with fn.
func transform(fn func(string) (string, error)) op {
	return op{apply: func(in string) result {
		s, err := fn(in)
		if err != nil {
			return failure(in, err)
		}
		return success(s)
	}}
}

var escapeCommand = &command{
	name:     "escape",
	operands: "--component C [STRING...]",
	summary:  "percent-encode text for one component",
	about:    "Percent-encodes each STRING for use in component C (RFC 3986, Section 2.1).",
	flags: func(fs *flag.FlagSet) func() (op, string) {
		var comp componentFlag
		fs.Var(&comp, "component", "where the text goes: "+componentNames()+" (required)")
		return func() (op, string) {
			if comp.c == 0 {
				return op{}, "--component is required"
			}
			return transform(func(s string) (string, error) { return uri.Escape(s, comp.c), nil }), ""
		}
	},
}

var unescapeCommand = &command{
	name:     "unescape",
	operands: "[--component C] [--utf8] [STRING...]",
	summary:  "decode percent-encoded text",
	about: "Decodes the percent-encodings of each STRING. With --component form, query-key\n" +
		"or query-value, \"+\" is a space, as in an HTML form; otherwise it stays \"+\".\n" +
		"The text line shows control characters as Go\n" +
		"escapes; --json gives the bytes (\"result_hex\" when they are not UTF-8).",
	flags: func(fs *flag.FlagSet) func() (op, string) {
		var comp componentFlag
		fs.Var(&comp, "component", "where the text comes from: "+componentNames())
		utf8Only := fs.Bool("utf8", false, "fail when the decoded octets are not valid UTF-8")
		return func() (op, string) {
			if *utf8Only {
				return transform(func(s string) (string, error) { return uri.UnescapeUTF8(s, comp.c) }), ""
			}
			return transform(func(s string) (string, error) { return uri.Unescape(s, comp.c) }), ""
		}
	},
}

var iriToURICommand = &command{
	name:     "iri-to-uri",
	operands: "[IRI...]",
	summary:  "map IRIs to URIs (RFC 3987, Section 3.1)",
	about: "Parses each IRI (RFC 3987, Section 2.2) and maps it to a URI (Section 3.1):\n" +
		"non-ASCII characters become the percent-encoding of their UTF-8 octets.",
	flags: func(*flag.FlagSet) func() (op, string) {
		return func() (op, string) {
			return transform(func(s string) (string, error) {
				i, err := uri.ParseIRI(s)
				if err != nil {
					return "", err
				}
				u, err := i.ToURI()
				return u.String(), err
			}), ""
		}
	},
}

var uriToIRICommand = &command{
	name:     "uri-to-iri",
	operands: "[URI...]",
	summary:  "map URIs to IRIs for display (RFC 3987, Section 3.2)",
	about: "Parses each URI reference and maps it to an IRI for display (RFC 3987, Section\n" +
		"3.2): only percent-encoded UTF-8 of characters allowed in IRIs is decoded. The\n" +
		"host of a scheme that names hosts through the DNS (http, https, ...) stays as\n" +
		"it is, A-labels and percent-encodings included: uri display shows such hosts\n" +
		"in Unicode where the checks against look-alike names find nothing.",
	flags: func(*flag.FlagSet) func() (op, string) {
		return func() (op, string) {
			return transform(func(s string) (string, error) {
				u, err := uri.Parse(s)
				return u.ToIRI().String(), err
			}), ""
		}
	},
}
