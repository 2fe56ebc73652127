package main

// `uri site`: the registrable domain of each URL (package
// github.com/gouri/uri/site), the URL read as the URL Standard reads it.

import (
	"flag"
	"strconv"
	"strings"

	"github.com/gouri/uri"
	"github.com/gouri/uri/internal/errtext"
	"github.com/gouri/uri/site"
	"github.com/gouri/uri/whatwg"
)

var siteCommand = &command{
	name:     "site",
	lines:    wholeLines,
	operands: "[URL...]",
	summary:  "print the registrable domain (site) of URLs (Public Suffix List)",
	about: "Prints the registrable domain of each URL, its \"site\": the public suffix of\n" +
		"its host (\"com\", \"co.uk\", \"github.io\", from the Public Suffix List) and one\n" +
		"label more, in lower-case A-labels: \"https://www.Bücher.co.uk/x\" gives\n" +
		"\"xn--bcher-kva.co.uk\" (package site, RegistrableDomain). Each URL is read as\n" +
		"the URL Standard reads it, as browsers, uri guard and uri canon do, and a line\n" +
		"of standard input is a URL as it is. Only a domain has a registrable domain\n" +
		"(URL Standard, section 3.2): a URL without a host, with an IP address for\n" +
		"one, with the opaque host of a non-special scheme (\"ssh://h/\"), or whose host\n" +
		"is itself a public suffix (\"com\", \"localhost\") has none, which is an\n" +
		"error. A final \".\" is kept: \"example.com.\" is another site. With --json:\n" +
		"{\"input\":S,\"ok\":true,\"result\":SITE}, or the error object of every\n" +
		"command. uri parse --grammar whatwg --json prints it as \"site\".",
	flags: func(fs *flag.FlagSet) func() (op, string) {
		return func() (op, string) { return op{whole: true, apply: siteResult}, "" }
	},
}

// siteResult is the operation of `uri site`.
func siteResult(in string) result {
	u, err := whatwg.Parse(in)
	if err != nil {
		return failure(in, err)
	}
	rd, ok := urlSite(u)
	if !ok {
		return failureAt(&noSiteError{in, u}, nil)
	}
	return success(rd)
}

// urlSite returns the registrable domain of u's host (URL Standard,
// section 3.2, with site.RegistrableDomain), and whether it has one: a host
// that is no domain (an IP address, an opaque host, the empty host, none)
// has none.
func urlSite(u whatwg.URL) (string, bool) {
	if u.HostKind() != uri.HostDomain {
		return "", false
	}
	return site.RegistrableDomain(u.Hostname())
}

// noSiteError is the error of the input in, the URL u, which has no
// registrable domain: it says why, from what the host is.
type noSiteError struct {
	in string
	u  whatwg.URL
}

func (e *noSiteError) Error() string { return "uri: " + e.reason() }

func (e *noSiteError) reason() string {
	h := strconv.Quote(e.u.Hostname())
	var why string
	switch e.u.HostKind() {
	case uri.HostNone:
		why = "the URL has no host"
	case uri.HostEmpty:
		why = "the host is empty"
	case uri.HostIPv4, uri.HostIPv6:
		why = "the host " + h + " is an IP address"
	case uri.HostOpaque:
		why = "the host " + h + " is an opaque host, not a domain: " + e.u.Scheme() + " is not a special scheme"
	default:
		name := strings.TrimSuffix(e.u.Hostname(), ".")
		if strings.HasPrefix(name, ".") || strings.Contains(name, "..") {
			why = "the host " + h + " has an empty label"
		} else {
			why = "the host " + h + " is a public suffix, or not a valid name"
		}
	}
	return "no registrable domain (" + why + ") of " + errtext.QuoteHead(e.in)
}
