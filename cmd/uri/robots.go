package main

// `uri robots`: whether a crawler may fetch each URL under a robots.txt
// file or the status of its fetch, and why (package
// github.com/gouri/uri/robots).

import (
	"errors"
	"flag"
	"io"
	"os"
	"strconv"
	"time"

	"github.com/gouri/uri"
	"github.com/gouri/uri/robots"
)

var robotsCommand = &command{
	name:     "robots",
	lines:    wholeLines,
	operands: "[URL...]",
	summary:  "decide whether a crawler may fetch each URL under robots.txt (RFC 9309)",
	about: "Decides whether the crawler whose product token is --agent may fetch each\n" +
		"URL, as RFC 9309 says: under the rules of the robots.txt file --file (\"-\"\n" +
		"for standard input, with the URLs as operands), or under what the status\n" +
		"--status of a fetch of robots.txt means (3xx and 4xx: everything allowed;\n" +
		"5xx: everything disallowed). Each URL is read as the URL Standard reads it;\n" +
		"its path and query are compared with the rules after the normalization of\n" +
		"RFC 9309, Section 2.2.2, and the most specific rule decides. The text line\n" +
		"is \"allowed\" or \"disallowed\", the URL and why in parentheses: the line\n" +
		"of the file that decided, as \"line 3: disallow: /private/\", or why no\n" +
		"rule did. A line of the file that cannot be used is told on standard\n" +
		"error, and so is a file cut by the parsing limit. With --json, each input\n" +
		"is {\"input\":S,\"ok\":true,\"allowed\":B,\"reason\":S,\"line\":N|null,\n" +
		"\"rule\":\"allow\"|\"disallow\"|null,\"pattern\":S|null}, reason one of rule,\n" +
		"no-rule, no-group, robots.txt, unavailable and unreachable; or the error\n" +
		"object of every command. Each line of standard input is a URL as it is.\n" +
		"With --url, the URL that the file or the status came from, a URL of another\n" +
		"scheme, host or port is an error, as its robots.txt is another (Section\n" +
		"2.3.1); without it, the rules apply to the URLs of any host. The exit\n" +
		"status is 0 when every URL is allowed.",
	flags: func(fs *flag.FlagSet) func() (op, string) {
		agent := fs.String("agent", "", "the crawler's product `TOKEN` (\"ExampleBot\"), or the token and its version\n(\"ExampleBot/2.1\"); a whole User-Agent header is refused; required")
		file := fs.String("file", "", "the robots.txt `FILE` (- for standard input)")
		status := fs.Int("status", 0, "the HTTP status `CODE` of a fetch of robots.txt that gave no file to read:\n3xx or 4xx (unavailable) or 5xx (unreachable)")
		google := fs.Bool("google", false, "read the file and the URLs as Google's reference parser does, where it\ndiffers from RFC 9309 (go doc github.com/gouri/uri/robots)")
		maxBytes := fs.Int("max", robots.DefaultMaxBytes, "the parsing limit: read `N` bytes of the file at most")
		from := fs.String("url", "", "the `URL` of the robots.txt file that --file holds or --status answered\n(\"https://example.com/robots.txt\"): a URL of another authority is an error")
		return func() (op, string) {
			o := robots.Options{MaxBytes: *maxBytes}
			if *google {
				o.Reading = robots.Google
			}
			switch {
			case *agent == "":
				return op{}, "give the crawler's product token with --agent"
			case agentError(o, *agent) != "":
				return op{}, agentError(o, *agent)
			case (*file == "") == (*status == 0):
				return op{}, "give --file ROBOTS.TXT or --status CODE"
			case *maxBytes < 1:
				return op{}, "--max " + strconv.Itoa(*maxBytes) + ": give a number of bytes, 1 or more"
			case *status != 0 && (*status < 100 || *status > 599):
				return op{}, "--status " + strconv.Itoa(*status) + ": give an HTTP status code from 100 to 599"
			case *status != 0 && o.OutcomeOf(*status) == robots.Success:
				return op{}, "--status " + strconv.Itoa(*status) + ": a 2xx status means the file's rules: give --file"
			case *from != "":
				if _, err := o.FromResponse(*from, 0, nil, time.Time{}); err != nil {
					return op{}, "--url: " + err.Error()
				}
			}
			if *status != 0 {
				r, err := o.FromResponse(*from, *status, nil, time.Time{})
				if err != nil {
					return op{}, err.Error()
				}
				return robotsOp(r, *agent), ""
			}
			return op{bind: robotsBinder(o, *file, *from, *agent)}, ""
		}
	},
}

// robotsBinder returns the binding of uri robots --file FILE: it reads the
// file, from standard input for "-" (the URLs are then the operands), up
// to the parsing limit of o, as the robots.txt of the URL from ("" for
// the URLs of any host).
func robotsBinder(o robots.Options, file, from, agent string) func([]string, io.Reader) ([]string, op, string) {
	return func(operands []string, stdin io.Reader) ([]string, op, string) {
		in := stdin
		if file == "-" {
			if len(operands) == 0 {
				return nil, op{}, "--file - reads robots.txt from standard input: give the URLs as operands"
			}
		} else {
			f, err := os.Open(file)
			if err != nil {
				return nil, op{}, "--file: " + err.Error()
			}
			defer f.Close()
			in = f
		}
		body, err := io.ReadAll(io.LimitReader(in, int64(o.MaxBytes)+1))
		if err != nil {
			return nil, op{}, "--file: " + err.Error()
		}
		r, err := o.FromResponse(from, 200, body, time.Time{})
		if err != nil {
			return nil, op{}, "--url: " + err.Error()
		}
		x := robotsOp(r, agent)
		for _, ig := range r.Ignored() {
			note := "robots.txt line " + strconv.Itoa(ig.Line) + " ignored: " + ig.Problem.String()
			if ig.Text != "" {
				note += ": " + strconv.Quote(ig.Text)
			}
			x.notes = append(x.notes, note)
		}
		return operands, x, ""
	}
}

// agentError returns the usage error of --agent TOKEN, or "": a name that
// is no product token (a whole User-Agent header) is refused.
func agentError(o robots.Options, agent string) string {
	var e *uri.Error
	if _, err := o.Parse(nil).Agent(agent); errors.As(err, &e) {
		return "--agent " + strconv.Quote(agent) + ": " + e.Reason()
	}
	return ""
}

// robotsOp is the operation of uri robots under r, for the crawler agent,
// which agentError accepted.
func robotsOp(r *robots.Robots, agent string) op {
	a, _ := r.Agent(agent)
	return op{whole: true, apply: func(in string) result {
		v, err := a.Check(in)
		if err != nil {
			return failure(in, err)
		}
		verdict := "disallowed"
		if v.Allowed {
			verdict = "allowed"
		}
		fields := []field{{"ok", true}, {"allowed", v.Allowed}, {"reason", v.Reason.String()}}
		if v.Reason == robots.MatchedRule {
			kind := "disallow"
			if v.Rule.Allow {
				kind = "allow"
			}
			fields = append(fields, field{"line", v.Rule.Line}, field{"rule", kind}, field{"pattern", v.Rule.Pattern})
		} else {
			fields = append(fields, field{"line", nil}, field{"rule", nil}, field{"pattern", nil})
		}
		return result{ok: v.Allowed, fields: fields, text: func() string {
			return verdict + " " + in + " (" + robotsWhy(r, agent, v) + ")"
		}}
	}}
}

// robotsWhy says why in words, for the text line.
func robotsWhy(r *robots.Robots, agent string, v robots.Verdict) string {
	switch v.Reason {
	case robots.MatchedRule:
		return v.Rule.String()
	case robots.NoRuleMatched:
		return "no rule matches"
	case robots.NoGroup:
		return "no group names " + strconv.Quote(robots.Token(agent)) + " or *"
	case robots.RobotsTxtPath:
		return "/robots.txt is always allowed"
	case robots.FileUnavailable:
		return "robots.txt unavailable, status " + strconv.Itoa(r.Status()) + ": everything is allowed"
	}
	return "robots.txt unreachable, status " + strconv.Itoa(r.Status()) + ": everything is disallowed"
}
