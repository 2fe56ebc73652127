package main

// `uri redirect`: the href that a server may send a browser to for each
// TARGET, or the rule that refuses it (package github.com/gouri/uri/origin).

import (
	"errors"
	"flag"

	"github.com/gouri/uri/guard"
	"github.com/gouri/uri/origin"
	"github.com/gouri/uri/whatwg"
)

var redirectCommand = &command{
	name:     "redirect",
	lines:    wholeLines,
	operands: "[TARGET...]",
	summary:  "decide whether a redirect to each TARGET stays on allowed origins",
	about: "Resolves each TARGET (a Location value, a next= parameter) against --from as a\n" +
		"browser resolves a Location, by the URL Standard, and prints the href to send,\n" +
		"serialized again; or refuses it, naming the rule: parse, scheme (anything but\n" +
		"http and https: javascript:, data:, ...), userinfo (credentials), or\n" +
		"cross-origin (neither the origin of --from nor one of --allow). With --local,\n" +
		"it prints TARGET as the path-absolute reference that every browser reads in it,\n" +
		"or refuses it (local-path, cross-origin), without --from. With --json, each\n" +
		"input is {\"input\":S,\"ok\":true,\"result\":S} or\n" +
		"{\"input\":S,\"ok\":false,\"error\":S,\"rule\":S,\"offset\":N|null}. Each line of\n" +
		"standard input is a TARGET as it is, control characters included.",
	flags: func(fs *flag.FlagSet) func() (op, string) {
		from := fs.String("from", "", "the `URL` of the current page or request, which TARGET is resolved against")
		local := fs.Bool("local", false, "accept only a path on the site (origin.LocalPath); no --from")
		var allow []string
		fs.Func("allow", "allow the `ORIGIN` too, such as https://app.example.com or\nhttps://*.example.com (repeatable)", func(s string) error {
			allow = append(allow, s)
			return nil
		})
		anySuffix := publicSuffixFlag(fs, "--allow")
		return func() (op, string) {
			if *local {
				if *from != "" || len(allow) > 0 {
					return op{}, "--local takes neither --from nor --allow"
				}
				return op{whole: true, apply: func(in string) result { return redirectResult(origin.LocalPath(in)) }}, ""
			}
			if *from == "" {
				return op{}, "give --from URL, or --local"
			}
			list, err := origin.NewAllowlist(allow, origin.Options{AllowPublicSuffixWildcard: *anySuffix})
			if err != nil {
				return op{}, badPattern("--allow", err)
			}
			cur, err := whatwg.Parse(*from)
			if err == nil {
				_, err = origin.Redirect(cur, "", nil) // an http or https URL
			}
			if err != nil {
				return op{}, "--from: " + err.Error()
			}
			return op{whole: true, apply: func(in string) result { return redirectResult(origin.Redirect(cur, in, list)) }}, ""
		}
	},
}

// redirectResult is the result of `uri redirect` for one input.
func redirectResult(href string, err error) result {
	if err != nil {
		var rule, off any
		if e := (*guard.Error)(nil); errors.As(err, &e) {
			rule = string(e.Rule)
			if e.Offset >= 0 {
				off = e.Offset
			}
		}
		return result{fields: []field{{"ok", false}, {"error", err.Error()}, {"rule", rule}, {"offset", off}}, err: err}
	}
	return success(href)
}
