package main

// `uri display`: each URL as a browser's address bar shows it (package
// github.com/gouri/uri/display), the host in Unicode only where the checks
// against look-alike names find nothing.

import (
	"flag"
	"fmt"
	"strings"

	"github.com/gouri/uri"
	"github.com/gouri/uri/display"
	"github.com/gouri/uri/whatwg"
)

var displayCommand = &command{
	name:     "display",
	lines:    wholeLines,
	operands: "[--profile P] [URL...]",
	summary:  "show URLs as a browser's address bar does, hosts in Unicode only where safe",
	about: "Prints each URL as a browser's address bar shows it (package display, URL):\n" +
		"the URL Standard's serialization, with each A-label of the host in Unicode\n" +
		"only when Chromium's IDN spoof checks find nothing that could deceive, and\n" +
		"the path, query and fragment decoded only where the octets are the UTF-8 of\n" +
		"characters allowed in identifiers (UTS #39) that look like no ASCII\n" +
		"punctuation: \"https://xn--bcher-kva.de/caf%C3%A9\" gives \"https://bücher.de/café\",\n" +
		"while \"https://xn--80ak6aa92e.com/\" (Cyrillic \"аррӏе.com\") stays as it is.\n" +
		"The username and password are left out, where a URL passes for another\n" +
		"(\"https://accounts.google.com:login@evil.example/\" prints \"https://evil.example/\"):\n" +
		"parsing what it prints gives the same URL back, less its credentials.\n" +
		"--profile firefox decides as Firefox does (its blocklist and UTS #39's\n" +
		"Moderately Restrictive level). With --json: {\"input\":S,\"ok\":true,\"result\":S,\n" +
		"\"credentials\":B,\"host\":S|null,\"labels\":[{\"ascii\":S,\"unicode\":S|null,\n" +
		"\"reason\":S}...],\"similar_to\":S|null}: whether the URL has a username or a\n" +
		"password that the result leaves out, the host in ASCII, each label with its\n" +
		"Unicode form and the reason it is shown (\"safe\") or kept, and the top domain\n" +
		"the host passes for; or the error object of every command.",
	flags: func(fs *flag.FlagSet) func() (op, string) {
		profile := fs.String("profile", "chromium", "the rules: chromium or firefox")
		return func() (op, string) {
			var p display.Policy
			switch *profile {
			case "chromium":
			case "firefox":
				p.Profile = display.Firefox
			default:
				return op{}, fmt.Sprintf("unknown profile %q (chromium or firefox)", *profile)
			}
			return op{whole: true, apply: func(in string) result { return displayResult(p, in) }}, ""
		}
	},
}

// displayResult is the operation of `uri display`.
func displayResult(p display.Policy, in string) result {
	shown, err := p.URL(in)
	if err != nil {
		return failure(in, err)
	}
	u, err := whatwg.Parse(in)
	if err != nil {
		return failure(in, err)
	}
	host, labels, similar := optional{}, [][]field{}, optional{}
	if u.HostKind() == uri.HostDomain {
		d, err := p.Host(u.Hostname())
		if err != nil {
			return failure(in, err)
		}
		host = optional{d.ASCII, true}
		labels = labelFields(d)
		similar = optional{d.SimilarTo, d.SimilarTo != ""}
	}
	credentials := u.Username() != "" || u.Password() != ""
	return result{ok: true, line: displayLine{shown, []field{{"credentials", credentials}, {"host", host}, {"labels", labels}, {"similar_to", similar}}}}
}

// displayLine is the result of `uri display`: the display form, as
// "result" and the text line, and in JSON the decision's members after it.
type displayLine struct {
	shown  string
	fields []field
}

func (d displayLine) json(o *output) {
	o.raw(`,"ok":true,"result":`)
	if !o.str(d.shown) {
		o.raw(`,"result_hex":`)
		o.hex(d.shown)
	}
	o.members(d.fields, false)
}

func (d displayLine) text(o *output) { o.text(d.shown) }

// labelFields are the members of each label of the decision d.
func labelFields(d display.Decision) [][]field {
	out := [][]field{}
	if d.Labels == nil {
		for _, l := range strings.Split(d.ASCII, ".") {
			out = append(out, []field{{"ascii", l}, {"unicode", optional{}}, {"reason", display.Safe.String()}})
		}
		return out
	}
	for _, l := range d.Labels {
		out = append(out, []field{{"ascii", l.ASCII}, {"unicode", optional{l.Unicode, l.Unicode != ""}}, {"reason", l.Reason.String()}})
	}
	return out
}
