package main

// `uri canon`: the canonical key of each URL (package
// github.com/gouri/uri/canon), optionally resolved first against a page, as
// a browser resolves an href.

import (
	"flag"
	"strconv"
	"strings"

	"github.com/gouri/uri/canon"
	"github.com/gouri/uri/whatwg"
)

var canonCommand = &command{
	name:     "canon",
	lines:    wholeLines,
	operands: "[URL...]",
	summary:  "print the canonical key of URLs (URL Standard, Safe Browsing, urlcanon, SURT)",
	about: "Prints the canonical key of each URL under --profile: whatwg (the URL Standard's\n" +
		"serialization, the default), safebrowsing (Google Safe Browsing's \"URLs and\n" +
		"Hashing\"), semantic or aggressive (IIPC urlcanon's profiles), archive (the\n" +
		"Internet Archive's, which SURT keys are made of). With --surt, the SURT key of\n" +
		"web archives instead (\"com,example)/p?q\"); without --profile, that of the\n" +
		"archive profile, surt's defaults as CDX indexes hold them, to which the other\n" +
		"flags add (--surt --drop-tracking drops tracking parameters and still the\n" +
		"trailing \"/\", the fragment and session ids). For a crawler's frontier,\n" +
		"--profile semantic --drop-tracking --drop-fragment. With --base, each URL is\n" +
		"first resolved against BASE as a browser resolves an href, so that\n" +
		"  uri canon --base \"$PAGE\" --profile semantic --drop-tracking --drop-fragment < hrefs | sort -u\n" +
		"is a crawler's frontier step. A line of standard input is read as an operand\n" +
		"is. With --json: {\"input\":S,[\"base\":S,]\"ok\":true,\"result\":KEY}.\n" +
		"\n" + defaultSchemeHelp,
	flags: func(fs *flag.FlagSet) func() (op, string) {
		profile := fs.String("profile", "whatwg", "the `P`rofile: whatwg, safebrowsing, semantic, aggressive or archive (with --surt: archive)")
		surt := fs.Bool("surt", false, "print the SURT key of the canonical URL (the archive's defaults plus the other flags)")
		base := fs.String("base", "", "resolve each URL against `BASE` first (the URL Standard)")
		var c canon.Canonicalizer
		fs.Func("drop", "drop the query parameters `NAME` (a trailing * matches a prefix; repeatable)", func(s string) error {
			c.DropParams = append(c.DropParams, s)
			return nil
		})
		tracking := fs.Bool("drop-tracking", false, "drop the tracking parameters of canon.TrackingParams ("+strings.Join(canon.TrackingParams()[:3], ", ")+", ...)")
		fs.BoolVar(&c.SortQuery, "sort-query", false, "sort the query's pairs by name, then value")
		fs.BoolVar(&c.DropFragment, "drop-fragment", false, "drop the fragment")
		return defaultSchemeFlag(fs, func() (op, string) {
			p, ok := canon.ParseProfile(*profile)
			if !ok {
				return op{}, "unknown profile " + strconv.Quote(*profile) + " (want whatwg, safebrowsing, semantic, aggressive or archive)"
			}
			c.Profile = p
			if *surt && !given(fs, "profile") {
				c.Profile = canon.Archive // the archive's key, with the flags added
			}
			if *tracking {
				c.DropParams = append(c.DropParams, canon.TrackingParams()...)
			}
			key := c.Canon
			if *surt {
				key = c.SURT
			}
			var b whatwg.URL // the zero URL is no base
			var lead []field
			if given(fs, "base") {
				var err error
				if b, err = whatwg.Parse(*base); err != nil {
					return op{}, baseProblem(*base, err)
				}
				lead = []field{{"base", *base}}
			}
			return op{whole: true, lead: lead, apply: func(in string) result {
				var k string
				var err error
				switch {
				case lead == nil:
					k, err = key(in)
				default:
					// The link is parsed once, against the page, and keyed
					// from that parse (Canonicalizer.CanonURL).
					var u whatwg.URL
					if u, err = b.Parse(in); err != nil {
						return failure(in, err, lead...)
					}
					if *surt {
						k, err = key(u.Href())
					} else {
						k, err = c.CanonURL(u)
					}
				}
				if err != nil {
					return failure(in, err, lead...)
				}
				return success(k, lead...)
			}}, ""
		})
	},
}
