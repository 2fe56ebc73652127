package main

// `uri guard`: for each URL, the host:port that a server may dial to fetch
// it, or the rule that refuses it (package github.com/gouri/uri/guard).

import (
	"context"
	"errors"
	"flag"
	"strconv"
	"strings"

	"github.com/gouri/uri"
	"github.com/gouri/uri/guard"
)

var guardCommand = &command{
	name:     "guard",
	lines:    wholeLines,
	operands: "[URL...]",
	summary:  "decide whether a server may fetch each URL (SSRF)",
	about: "Decides, as package guard's default policy does, whether a server may\n" +
		"fetch each URL for a user: schemes http and https, ports 80 and 443, no\n" +
		"userinfo, the URL Standard and net/url (with net/http's dialing) reading\n" +
		"the same host and port, and no name of this host (localhost) or address in\n" +
		"a special-purpose range (loopback, private, link-local, cloud metadata,\n" +
		"...). The text line of an allowed URL is the input, quoted, then\n" +
		"dial=\"host:port\", the address net/http would dial; a refused URL is an\n" +
		"error line, which names the rule (parse, scheme, userinfo, disagree,\n" +
		"localhost, address, port, resolve). With --json, each input is\n" +
		"{\"input\":S,\"ok\":true,\"target\":S} or\n" +
		"{\"input\":S,\"ok\":false,\"error\":S,\"rule\":S,\"offset\":N|null}. Each line of\n" +
		"standard input is a URL as it is, control characters included. Names are\n" +
		"not resolved unless --resolve is given; the exit status is 0 when every\n" +
		"input is allowed.",
	flags: func(fs *flag.FlagSet) func() (op, string) {
		var p guard.Policy
		resolve := fs.Bool("resolve", false, "also resolve each name with the system resolver, and refuse it when any of\nits addresses is refused (\"addresses\" lists them)")
		fs.Func("allow-scheme", "allow the scheme `S` too, and its default port (repeatable)", func(s string) error {
			if s == "" {
				return errors.New("empty scheme")
			}
			p.Schemes = append(p.Schemes, s)
			return nil
		})
		fs.Func("allow-port", "allow the port `P` too (repeatable)", func(s string) error {
			n, err := strconv.ParseUint(s, 10, 16)
			if err != nil {
				return errors.New("not a port number from 0 to 65535")
			}
			p.Ports = append(p.Ports, uint16(n))
			return nil
		})
		fs.BoolVar(&p.AllowPrivate, "allow-private", false, "allow private addresses (RFC 1918, shared 100.64.0.0/10, unique local fc00::/7,\nsite-local fec0::/10); loopback, link-local and cloud metadata stay refused")
		return func() (op, string) {
			return op{whole: true, apply: func(in string) result { return guardURL(&p, *resolve, in) }}, ""
		}
	},
}

// guardURL is the operation of `uri guard`.
func guardURL(p *guard.Policy, resolve bool, in string) result {
	var target, addrs string
	var err error
	if resolve {
		var as []string
		t, list, e := p.Resolve(context.Background(), nil, in)
		for _, a := range list {
			as = append(as, a.String())
		}
		target, addrs, err = t, strings.Join(as, ","), e
		if err == nil {
			fields := []field{{"ok", true}, {"target", target}, {"addresses", nonNil(as)}}
			return result{ok: true, fields: fields, text: func() string {
				return strconv.Quote(in) + " dial=" + strconv.Quote(target) + " addresses=" + addrs
			}}
		}
	} else {
		target, err = p.Check(in)
	}
	if err != nil {
		var rule, off any
		if e := (*guard.Error)(nil); errors.As(err, &e) {
			rule = e.Rule
			if e.Offset != uri.NoOffset {
				off = e.Offset
			}
		}
		fields := []field{{"ok", false}, {"error", err.Error()}, {"rule", rule}, {"offset", off}}
		return result{fields: fields, err: err}
	}
	return result{ok: true, fields: []field{{"ok", true}, {"target", target}}, text: func() string {
		return strconv.Quote(in) + " dial=" + strconv.Quote(target)
	}}
}

// nonNil returns s, or an empty list for nil, so that JSON shows [].
func nonNil(s []string) []string {
	if s == nil {
		return []string{}
	}
	return s
}
