package main

// `uri guard`: for each URL, the host:port that a server may dial to fetch
// it, or the rule that refuses it (package github.com/gouri/uri/guard).

import (
	"context"
	"errors"
	"flag"
	"net/netip"
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
		"...), nor the name of a cloud metadata service (metadata.google.internal,\n" +
		"...). The text line of an allowed URL is the input, quoted, then\n" +
		"dial=\"host:port\", the address net/http would dial; a refused URL is an\n" +
		"error line, which names the rule (parse, scheme, userinfo, disagree,\n" +
		"localhost, metadata, address, port, allowlist, resolve). The flags allow\n" +
		"more (--allow-...) or less (--only-host), as the fields of guard.Policy\n" +
		"that they set do. With --json, each input is\n" +
		"{\"input\":S,\"ok\":true,\"target\":S} or\n" +
		"{\"input\":S,\"ok\":false,\"error\":S,\"rule\":S,\"offset\":N|null}, and with\n" +
		"--resolve both end in \"addresses\":[S...]: the addresses that the name\n" +
		"resolved to (an IPv4 address as IPv4), also when one of them is refused, or\n" +
		"the literal address of an allowed URL; [] for a URL refused before the\n" +
		"lookup. Each line of standard input is a URL as it is, control characters\n" +
		"included. Names are not resolved unless --resolve is given; the exit\n" +
		"status is 0 when every input is allowed.",
	flags: func(fs *flag.FlagSet) func() (op, string) {
		var p guard.Policy
		resolve := fs.Bool("resolve", false, "also resolve each name with the system resolver, and refuse it when any of\nits addresses is refused; every JSON object then lists the addresses\n(\"addresses\", see above)")
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
		fs.Func("allow-network", "allow the addresses of `CIDR` (\"127.0.0.2/32\", or an address alone),\nwhatever their class (repeatable)", func(s string) error {
			n, err := netip.ParsePrefix(s)
			if a, err2 := netip.ParseAddr(s); err != nil && err2 == nil {
				n, err = a.Prefix(a.BitLen())
			}
			if err != nil {
				return errors.New("not an IP network in CIDR notation nor an IP address")
			}
			p.Networks = append(p.Networks, n.Masked())
			return nil
		})
		var trusted []string
		fs.Func("allow-host", "trust the host `H`: allow it whatever its addresses; a name, an address,\nor *.domain for the names under it (repeatable)", func(s string) error {
			trusted = append(trusted, s)
			return nil
		})
		var only []string
		fs.Func("only-host", "allow only the hosts that match `PATTERN`: a host, or *.domain for the\nnames under it; the other rules still apply (repeatable)", func(s string) error {
			only = append(only, s)
			return nil
		})
		anySuffix := publicSuffixFlag(fs, "--allow-host and --only-host")
		fs.BoolVar(&p.AllowPrivate, "allow-private", false, "allow private addresses (RFC 1918, shared 100.64.0.0/10, unique local fc00::/7,\nsite-local fec0::/10); loopback, link-local and cloud metadata stay refused")
		return func() (op, string) {
			if trusted != nil {
				list, err := guard.NewHostList(trusted, guard.HostListOptions{AllowPublicSuffixWildcard: *anySuffix})
				if err != nil {
					return op{}, badPattern("--allow-host", err)
				}
				p.Hosts = list
			}
			if only != nil {
				list, err := guard.NewHostList(only, guard.HostListOptions{AllowPublicSuffixWildcard: *anySuffix})
				if err != nil {
					return op{}, badPattern("--only-host", err)
				}
				p.OnlyHosts = list
			}
			return op{whole: true, apply: func(in string) result { return guardURL(&p, *resolve, in) }}, ""
		}
	},
}

// publicSuffixFlag defines --allow-public-suffix-wildcard, the option of
// the same name of guard.HostListOptions and origin.Options, for the
// patterns of the flag named patterns.
func publicSuffixFlag(fs *flag.FlagSet, patterns string) *bool {
	return fs.Bool("allow-public-suffix-wildcard", false, "allow a wildcard over a public suffix (*.com, *.github.io, *.internal),\n"+
		"which anyone may register names under, in "+patterns)
}

// badPattern is the usage error for a bad pattern of the flag named
// flag, a *uri.Error of NewHostList or NewAllowlist that names it.
func badPattern(flag string, err error) string {
	pattern := ""
	if e := (*uri.Error)(nil); errors.As(err, &e) {
		pattern = e.Input
	}
	return flagProblem(flag, pattern, err)
}

// guardURL is the operation of `uri guard`. With resolve, every object
// has "addresses": those of the name (or the literal address), also when
// one of them is refused, and [] when the URL is refused before the
// lookup.
func guardURL(p *guard.Policy, resolve bool, in string) result {
	var target string
	var addrs []netip.Addr
	var err error
	if resolve {
		target, addrs, err = p.Lookup(context.Background(), nil, in)
	} else {
		target, err = p.Check(in)
	}
	if err != nil {
		var rule, off any
		if e := (*guard.Error)(nil); errors.As(err, &e) {
			rule = string(e.Rule)
			if e.Offset != uri.NoOffset {
				off = e.Offset
			}
			addrs = e.Addrs
		}
		fields := []field{{"ok", false}, {"error", err.Error()}, {"rule", rule}, {"offset", off}}
		if resolve {
			fields = append(fields, field{"addresses", addrStrings(addrs)})
		}
		return result{fields: fields, err: err}
	}
	fields := []field{{"ok", true}, {"target", target}}
	if !resolve {
		return result{ok: true, fields: fields, text: func() string {
			return strconv.Quote(in) + " dial=" + strconv.Quote(target)
		}}
	}
	as := addrStrings(addrs)
	return result{ok: true, fields: append(fields, field{"addresses", as}), text: func() string {
		return strconv.Quote(in) + " dial=" + strconv.Quote(target) + " addresses=" + strings.Join(as, ",")
	}}
}

// addrStrings returns the addresses as strings, an empty list for none,
// so that JSON shows [].
func addrStrings(addrs []netip.Addr) []string {
	s := make([]string, len(addrs))
	for i, a := range addrs {
		s[i] = a.String()
	}
	return s
}
