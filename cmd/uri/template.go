package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"sort"
	"strings"

	"github.com/gouri/uri"
	"github.com/gouri/uri/internal/errtext"
	"github.com/gouri/uri/template"
)

// A group is a command whose first operand names one of its subcommands:
// "uri template expand".
type group struct {
	name    string
	summary string // one line, for the list of commands
	about   string // what the group does, for its help
	subs    []*command
}

// groups returns the command groups, in the order of the usage text.
func groups() []*group { return []*group{templateGroup, patternGroup} }

func lookupGroup(name string) *group {
	for _, g := range groups() {
		if g.name == name {
			return g
		}
	}
	return nil
}

// run runs the subcommand that args names.
func (g *group) run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		g.usage(stderr)
		return exitUsage
	}
	switch args[0] {
	case "help", "-h", "-help", "--help":
		if len(args) > 1 {
			return g.help(args[1], stdout, stderr)
		}
		g.usage(stdout)
		return exitOK
	}
	if c := g.lookup(args[0]); c != nil {
		return c.run(args[1:], stdin, stdout, stderr)
	}
	fmt.Fprintf(stderr, "uri %s: unknown command %q\n", g.name, args[0])
	g.usage(stderr)
	return exitUsage
}

func (g *group) lookup(name string) *command {
	for _, c := range g.subs {
		if c.name == g.name+" "+name {
			return c
		}
	}
	return nil
}

// help prints the help of one subcommand.
func (g *group) help(name string, stdout, stderr io.Writer) int {
	c := g.lookup(name)
	if c == nil {
		fmt.Fprintf(stderr, "uri help %s: unknown command %q\n", g.name, name)
		g.usage(stderr)
		return exitUsage
	}
	fs, _, _ := c.flagSet(stdout)
	fs.Usage()
	return exitOK
}

func (g *group) usage(w io.Writer) {
	fmt.Fprintf(w, "usage: uri %s <command> [flags] [operands]\n", g.name)
	fmt.Fprintln(w, g.about)
	fmt.Fprintln(w)
	fmt.Fprintln(w, "commands:")
	for _, c := range g.subs {
		fmt.Fprintf(w, "  %-10s %s\n", strings.TrimPrefix(c.name, g.name+" "), c.summary)
	}
	fmt.Fprintln(w)
	fmt.Fprintf(w, "Run 'uri help %s <command>' for a command's flags.\n", g.name)
}

var templateGroup = &group{
	name:    "template",
	summary: "expand URI templates and match URIs against them (RFC 6570)",
	about:   "URI Templates (RFC 6570): expansion of all four levels, and matching, its reverse.",
	subs:    []*command{templateExpandCommand, templateMatchCommand},
}

var templateExpandCommand = &command{
	name:     "template expand",
	operands: "[--vars FILE] [TEMPLATE...]",
	summary:  "expand each template with the variables of --vars",
	about: "Expands each TEMPLATE (RFC 6570, Sections 2 and 3) with the variables of the\n" +
		"JSON object in FILE, and prints the URI reference. Without --vars every\n" +
		"variable is undefined. A value is a string (numbers and booleans are read\n" +
		"as their JSON text), an array of them (a list), an object of them (an\n" +
		"associative array, in the object's order) or null (undefined), as the\n" +
		"uritemplate-test suite writes them. An invalid FILE is a usage error. An\n" +
		"expansion that cannot be an RFC 3986 URI-reference is an error.\n" +
		"--omit-empty treats an empty string as undefined (\"{?q,lang}\" with q \"\"\n" +
		"writes \"?lang=en\"); --refuse-dot-segments makes it an error for a value to\n" +
		"write a \".\" or \"..\" path segment, as matching refuses one.\n" +
		"With --json: {\"input\":TEMPLATE,\"ok\":true,\"result\":URI}, or the error\n" +
		"object, whose offset is in the template: {\"input\":S,\"ok\":false,\"error\":S,\n" +
		"\"offset\":N}.",
	flags: func(fs *flag.FlagSet) func() (op, string) {
		file := fs.String("vars", "", "the `FILE` of a JSON object of the variables; - reads it from standard\ninput, and the templates are then operands")
		omit := fs.Bool("omit-empty", false, "treat an empty string, list item or pair value as undefined")
		dots := fs.Bool("refuse-dot-segments", false, "refuse values that write a \".\" or \"..\" path segment")
		return func() (op, string) {
			opts := template.ExpandOptions{OmitEmpty: *omit, RefuseDotSegments: *dots}
			return op{bind: func(operands []string, stdin io.Reader) ([]string, op, string) {
				vars, problem := readVars(*file, len(operands) > 0, stdin)
				if problem != "" {
					return nil, op{}, problem
				}
				return operands, op{apply: func(in string) result {
					t, err := template.Parse(in)
					if err != nil {
						return templateFailure(in, err)
					}
					u, err := opts.Expand(t, vars)
					if err != nil {
						return templateFailure(in, err)
					}
					return success(u.String())
				}}, ""
			}}, ""
		}
	},
}

// readVars reads the variables of --vars from the file, or from stdin
// for "-", which needs the inputs to be operands.
func readVars(file string, operands bool, stdin io.Reader) (template.Values, string) {
	switch {
	case file == "":
		return nil, ""
	case file == "-" && !operands:
		return nil, "--vars - reads the variables from standard input: give the templates as operands"
	}
	data, err := readWhole(file, stdin)
	if err != nil {
		return nil, "--vars: " + err.Error()
	}
	var vars template.Values
	if err := json.Unmarshal(data, &vars); err != nil {
		return nil, "--vars " + file + ": " + err.Error()
	}
	return vars, ""
}

var templateMatchCommand = &command{
	name:     "template match",
	operands: "TEMPLATE [URI...]",
	summary:  "print the variables of each URI that matches the template",
	about: "Matches each URI against TEMPLATE, the reverse of expansion, and prints the\n" +
		"values of the variables for which TEMPLATE expands to it, as one JSON object\n" +
		"(defined variables only, in the template's order: a string, an array for a\n" +
		"list, an object for an associative array). A query written as parameters\n" +
		"matches in any order. A URI that does not match is an error, at the offset\n" +
		"where matching failed. A TEMPLATE that does not parse is a usage error.\n" +
		"The values always expand back to the URI. By default matching is RFC\n" +
		"6570's: a value in the path holds no \"/\" (nor a \"\\\" written \"%5C\") and\n" +
		"writes no \".\" or \"..\" segment, \"{id}\" may be empty, and a \"+\" in the\n" +
		"query is no expansion of a value. --allow-encoded-slash reads \"%2F\" and\n" +
		"\"%5C\" in a path value as \"/\" and \"\\\" (\"/projects/{id}\" matches\n" +
		"\"/projects/group%2Fproject\"; dot segments stay refused), --non-empty\n" +
		"refuses empty values, and --plus-as-space reads\n" +
		"\"+\" in a query value as a space, as HTML forms write it.\n" +
		"Matching one URI stops before it takes more than --max-steps steps, with an\n" +
		"error (\"work budget spent\", offset null), so that a hostile template or\n" +
		"URI costs milliseconds, not seconds: 0 is the library's default of 4194304\n" +
		"steps, -1 no bound. Building the template's automaton counts 16 steps an\n" +
		"instruction: a budget that cannot pay for it refuses every URI.\n" +
		"With --json: {\"input\":URI,\"template\":TEMPLATE,\"ok\":true,\"vars\":{...}},\n" +
		"or {\"input\":S,\"template\":TEMPLATE,\"ok\":false,\"error\":S,\"offset\":N|null}.",
	flags: func(fs *flag.FlagSet) func() (op, string) {
		extra := fs.Bool("extra-params", false, "ignore query parameters that the template does not name")
		slash := fs.Bool("allow-encoded-slash", false, "let a value in the path hold an encoded slash (%2F) or backslash (%5C)")
		nonEmpty := fs.Bool("non-empty", false, "refuse empty values, list items and pairs")
		plus := fs.Bool("plus-as-space", false, "read \"+\" in a query value as a space (form decoding)")
		maxSteps := fs.Int("max-steps", 0, "the most `STEPS` that matching one URI may take; 0 for the default\n(template.DefaultMaxSteps), -1 for no bound")
		kinds := kindFlag{}
		fs.Var(kinds, "kind", "`NAME=KIND`: read the variable NAME as a string, list or assoc where the\ntext cannot tell (repeatable)")
		return func() (op, string) {
			opts := &template.MatchOptions{ExtraParams: *extra, Kinds: kinds, AllowEncodedSlash: *slash, NonEmpty: *nonEmpty, PlusAsSpace: *plus,
				MaxSteps: *maxSteps}
			return op{bind: func(operands []string, _ io.Reader) ([]string, op, string) {
				if len(operands) == 0 {
					return nil, op{}, "give a TEMPLATE"
				}
				t, err := template.Parse(operands[0])
				if err != nil {
					var e *uri.Error
					errors.As(err, &e)
					return nil, op{}, "TEMPLATE " + errtext.QuoteAround(e.Input, e.Offset) + ": " + e.Reason()
				}
				lead := []field{{"template", operands[0]}}
				return operands[1:], op{lead: lead, apply: func(in string) result {
					vals, err := t.Match(in, opts)
					if err != nil {
						return templateFailure(in, err, lead...)
					}
					obj := varFields(t, vals)
					fields := append(append([]field(nil), lead...), field{"ok", true}, field{"vars", obj})
					return result{ok: true, fields: fields, text: func() string { return jsonText(obj) }}
				}}, ""
			}}, ""
		}
	},
}

// kindFlag is the value of --kind: the kind of each variable named.
type kindFlag map[string]template.Kind

var kindNames = map[string]template.Kind{"string": template.KindString, "list": template.KindList, "assoc": template.KindAssoc}

func (f kindFlag) String() string {
	var s []string
	for n, k := range f {
		for name, kk := range kindNames {
			if kk == k {
				s = append(s, n+"="+name)
			}
		}
	}
	sort.Strings(s)
	return strings.Join(s, ",")
}

func (f kindFlag) Set(s string) error {
	name, kind, ok := strings.Cut(s, "=")
	k, known := kindNames[kind]
	if !ok || name == "" || !known {
		return fmt.Errorf("want NAME=KIND, KIND one of string, list, assoc: %q", s)
	}
	f[name] = k
	return nil
}

// templateFailure is failure for an error of package template, whose
// offset is in the input (the template for expand, the URI for match) or
// none (a match that spent its budget), or of uri.Parse for a URI that is
// not one.
func templateFailure(in string, err error, lead ...field) result {
	var ue *uri.Error
	switch {
	case errors.As(err, &ue) && ue.Input == in && ue.Offset == uri.NoOffset:
		return failureAt(err, nil, lead...)
	case errors.As(err, &ue) && ue.Input == in:
		return failureAt(err, ue.Offset, lead...)
	}
	return failure(in, err, lead...)
}

// varFields returns the defined variables of vals as the members of a JSON
// object, in the order of the template's names.
func varFields(t *template.Template, vals template.Values) []field {
	obj := []field{}
	for _, n := range t.Names() {
		v := vals[n]
		switch v.Kind() {
		case template.KindString:
			obj = append(obj, field{n, v.Str()})
		case template.KindList:
			obj = append(obj, field{n, v.Items()})
		case template.KindAssoc:
			pairs := []field{}
			for _, p := range v.Pairs() {
				pairs = append(pairs, field{p.Key, p.Value})
			}
			obj = append(obj, field{n, pairs})
		}
	}
	return obj
}

// jsonText returns the JSON object of the members, as --json writes it.
func jsonText(obj []field) string {
	var b bytes.Buffer
	w := bufio.NewWriter(&b)
	writeValue(w, obj)
	w.Flush()
	return b.String()
}
