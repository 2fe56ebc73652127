package main

// `uri target`: the target URI of an HTTP request whose request line has
// each TARGET (RFC 9112, Sections 3.2 and 3.3).

import (
	"flag"

	"github.com/gouri/uri"
	"github.com/gouri/uri/httptarget"
)

var targetCommand = &command{
	name:     "target",
	operands: "[TARGET...]",
	summary:  "print the target URI of HTTP request-targets (RFC 9112, Section 3.3)",
	about: "Reads each TARGET as the request-target of an HTTP/1.1 request line with the\n" +
		"method --method (RFC 9112, Section 3.2: origin-form \"/path?query\",\n" +
		"absolute-form \"http://host/path\", authority-form \"host:port\" for CONNECT\n" +
		"only, asterisk-form \"*\" for OPTIONS only), strictly by the ABNF of RFC 3986,\n" +
		"and prints the target URI that a server rebuilds from it, the Host field\n" +
		"--host and the connection's scheme --scheme (Section 3.3). An absolute-form\n" +
		"target is its own target URI, whatever --host says. Without --host the\n" +
		"request has no Host field, and --host '' gives it an empty one: either way\n" +
		"a target in origin-form or asterisk-form then has no host, which is an\n" +
		"error. An invalid --host is a usage error. With --json, each input is\n" +
		"{\"input\":S,\"ok\":true,\"form\":\"origin\"|\"absolute\"|\"authority\"|\"asterisk\",\"uri\":S}\n" +
		"or the error object, whose offset is in TARGET.",
	flags: func(fs *flag.FlagSet) func() (op, string) {
		method := fs.String("method", "GET", "the request `method`, case-sensitive: CONNECT and OPTIONS allow other forms")
		scheme := fs.String("scheme", "http", "the scheme of the connection, or the server's fixed `scheme`: http or https")
		var host string
		hasHost := false
		fs.Func("host", "the value `H` of the Host field; without it, the request has none", func(s string) error {
			host, hasHost = s, true
			return nil
		})
		return func() (op, string) {
			h, err := uri.ParseHost(host)
			if err != nil {
				return op{}, "--host: " + err.Error()
			}
			c := httptarget.Config{Scheme: *scheme}
			return op{apply: func(in string) result { return targetURI(*method, in, c, h, !hasHost) }}, ""
		}
	},
}

// targetURI is the operation of `uri target`, with the Host field host
// (none with noHost).
func targetURI(method, in string, c httptarget.Config, host uri.HostPort, noHost bool) result {
	t, err := uri.ParseTarget(method, in)
	if err != nil {
		return failure(in, err)
	}
	u, err := c.TargetURI(t, host, noHost)
	if err != nil {
		// The error of a missing or empty host is about no input byte.
		return failureAt(err, errorOffset(err, in))
	}
	s := u.String()
	return result{ok: true, fields: []field{{"ok", true}, {"form", t.Form().String()}, {"uri", s}}, text: func() string { return s }}
}
