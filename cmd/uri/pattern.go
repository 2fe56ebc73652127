package main

import (
	"errors"
	"flag"
	"io"

	"github.com/gouri/uri"
	"github.com/gouri/uri/internal/errtext"
	"github.com/gouri/uri/urlpattern"
	"github.com/gouri/uri/whatwg"
)

var patternGroup = &group{
	name:    "pattern",
	summary: "match URLs against URL patterns (URL Pattern Standard)",
	about: "URL patterns (https://urlpattern.spec.whatwg.org/), as browsers' URLPattern:\n" +
		"\"https://*.example.com/books/:id\" matches a URL component by component.",
	subs: []*command{patternExecCommand, patternTestCommand},
}

var patternExecCommand = &command{
	name:     "pattern exec",
	operands: "PATTERN [URL...]",
	summary:  "print the groups of each URL that matches the pattern",
	about: "Matches each URL against PATTERN, as URLPattern's exec does, and prints the\n" +
		"result: for each of the eight components its input and its groups, null for\n" +
		"a group that did not take part; null when the URL does not match. With --base,\n" +
		"PATTERN may be relative and is read against BASE, as each URL is. A URL that\n" +
		"is not one does not match, as exec returns null. A PATTERN that does not\n" +
		"compile is a usage error. The exit status is 1 when any URL does not match.\n" +
		"With --json: {\"input\":URL,\"ok\":true,\"match\":true|false,\"result\":{\"protocol\":\n" +
		"{\"input\":S,\"groups\":{NAME:S|null...}},...}|null}.",
	lines: wholeLines,
	flags: patternFlags(true),
}

var patternTestCommand = &command{
	name:     "pattern test",
	operands: "PATTERN [URL...]",
	summary:  "print true or false for each URL: whether it matches the pattern",
	about: "Matches each URL against PATTERN, as URLPattern's test does, and prints true\n" +
		"or false. With --base, PATTERN may be relative and is read against BASE, as\n" +
		"each URL is. A URL that is not one does not match. A PATTERN that does not\n" +
		"compile is a usage error. The exit status is 1 when any URL does not match.\n" +
		"With --json: {\"input\":URL,\"ok\":true,\"match\":true|false}.",
	lines: wholeLines,
	flags: patternFlags(false),
}

// patternFlags returns the flags of pattern exec (exec) or pattern test.
func patternFlags(exec bool) func(fs *flag.FlagSet) func() (op, string) {
	return func(fs *flag.FlagSet) func() (op, string) {
		base := fs.String("base", "", "read PATTERN and each URL against the base URL `BASE`")
		ignoreCase := fs.Bool("ignore-case", false, "match the pathname, search and hash without regard to case")
		return func() (op, string) {
			return op{bind: func(operands []string, _ io.Reader) ([]string, op, string) {
				if len(operands) == 0 {
					return nil, op{}, "give a PATTERN"
				}
				p, b, problem := compilePattern(*base, operands[0], *ignoreCase)
				if problem != "" {
					return nil, op{}, problem
				}
				return operands[1:], op{whole: true, apply: func(in string) result {
					return patternResult(p, b, in, exec)
				}}, ""
			}}, ""
		}
	}
}

// compilePattern compiles the pattern, against base when it is not "",
// and parses base; or returns the text of a usage error.
func compilePattern(base, pattern string, ignoreCase bool) (*urlpattern.Pattern, whatwg.URL, string) {
	var b whatwg.URL
	opts := urlpattern.Options{IgnoreCase: ignoreCase}
	if base != "" {
		var err error
		if b, err = whatwg.Parse(base); err != nil {
			return nil, b, baseProblem(base, err)
		}
	}
	var p *urlpattern.Pattern
	var err error
	if base != "" {
		p, err = urlpattern.Resolve(base, pattern, opts)
	} else {
		p, err = urlpattern.Parse(pattern, opts)
	}
	if err != nil {
		var e *uri.Error
		if !errors.As(err, &e) {
			return nil, b, "PATTERN: " + err.Error()
		}
		return nil, b, "PATTERN " + errtext.QuoteAround(e.Input, e.Offset) + ": " + e.Reason()
	}
	return p, b, ""
}

// patternResult is the result of one URL: a match or not, never an error.
func patternResult(p *urlpattern.Pattern, base whatwg.URL, in string, exec bool) result {
	u, err := base.Parse(in)
	var r urlpattern.Result
	match := err == nil && p.TestURL(u)
	if exec && match {
		r, _ = p.ExecURL(u)
	}
	fields := []field{{"ok", true}, {"match", match}}
	if !exec {
		return result{ok: match, fields: fields, text: func() string { return textBool(match) }}
	}
	var obj any // null
	if match {
		obj = resultFields(&r)
	}
	fields = append(fields, field{"result", obj})
	return result{ok: match, fields: fields, text: func() string {
		if !match {
			return "null"
		}
		return jsonText(obj.([]field))
	}}
}

func textBool(b bool) string {
	if b {
		return "true"
	}
	return "false"
}

// resultFields is the JSON object of a result: each component's input and
// groups, in the order of the pattern, null for a group that did not take
// part.
func resultFields(r *urlpattern.Result) []field {
	var obj []field
	for c := urlpattern.Protocol; c <= urlpattern.Hash; c++ {
		cr := r.Component(c)
		groups := []field{}
		for _, g := range cr.Groups {
			groups = append(groups, field{g.Name, optional{g.Value, g.Matched}})
		}
		obj = append(obj, field{c.String(), []field{{"input", cr.Input}, {"groups", groups}}})
	}
	return obj
}
