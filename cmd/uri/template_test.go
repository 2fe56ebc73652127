package main

import (
	"encoding/json"
	"flag"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/gouri/uri/internal/testrows"
)

// TestTemplateExpandSuite runs uri template expand --json on every case
// of the uritemplate-test suite (testdata/conformance/uritemplate of the
// module, see its README.md), with the variables of each group in a
// --vars file: each line is the expected expansion, or an error object.
func TestTemplateExpandSuite(t *testing.T) {
	type group struct {
		File      string          `json:"file"`
		Group     string          `json:"group"`
		Level     int             `json:"level"`
		Variables json.RawMessage `json:"variables"`
	}
	type tcase struct {
		Group      string   `json:"group"`
		Template   string   `json:"template"`
		Expansions []string `json:"expansions"` // nil for an error
		Error      bool     `json:"error"`
	}
	groups := testrows.Vectors[group](t, "uritemplate", "groups.jsonl")
	dirVars := t.TempDir()
	total := 0
	for _, name := range []string{"spec-examples", "spec-examples-by-section", "extended-tests", "negative-tests"} {
		cases := testrows.Vectors[tcase](t, "uritemplate", name+".jsonl")
		for _, g := range groups {
			if g.File != name {
				continue
			}
			vars := filepath.Join(dirVars, "vars.json")
			if err := os.WriteFile(vars, g.Variables, 0o666); err != nil {
				t.Fatal(err)
			}
			args := []string{"template", "expand", "--json", "--vars", vars, "--"}
			var wants [][]string // nil for an error
			for _, tc := range cases {
				if tc.Group == g.Group {
					args = append(args, tc.Template)
					wants = append(wants, tc.Expansions)
				}
			}
			_, out, errOut := runCmd(t, "", args...)
			lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
			if len(lines) != len(wants) || errOut != "" {
				t.Fatalf("%s, %s: uri %q printed %d lines for %d templates, stderr %q", name, g.Group, args, len(lines), len(wants), errOut)
			}
			for i, line := range lines {
				var row struct {
					Input, Result, Error string
					OK                   bool
					Offset               *int
				}
				if err := json.Unmarshal([]byte(line), &row); err != nil {
					t.Fatalf("%s: %v", line, err)
				}
				tmpl := args[6+i]
				switch {
				case row.Input != tmpl:
					t.Errorf("%s, %s: line %d is about %q, want %q", name, g.Group, i+1, row.Input, tmpl)
				case wants[i] == nil && (row.OK || row.Offset == nil || *row.Offset > len(tmpl)):
					t.Errorf("%s, %s: %s; want an error object", name, g.Group, line)
				case wants[i] != nil && (!row.OK || !slices.Contains(wants[i], row.Result)):
					t.Errorf("%s, %s: %s; want one of %q", name, g.Group, line, wants[i])
				}
				total++
			}
		}
	}
	if total != 270 {
		t.Errorf("%d cases run, want the suite's 270", total)
	}
}

// TestTemplateCommands pins the text output, the flags, the exit statuses
// and the inputs that need care, as the other commands do them.
func TestTemplateCommands(t *testing.T) {
	vars := filepath.Join(t.TempDir(), "vars.json")
	if err := os.WriteFile(vars, []byte(`{"x":"a b","list":["p","q"],"keys":{"z":"1","a":"2"},"n":6}`), 0o666); err != nil {
		t.Fatal(err)
	}
	bad := filepath.Join(t.TempDir(), "bad.json")
	if err := os.WriteFile(bad, []byte(`{"x":[["nested"]]}`), 0o666); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name   string
		args   []string
		stdin  string
		stdout string
		stderr string // a substring of it
		code   int
	}{
		{"expand: text", []string{"template", "expand", "--vars", vars, "{x}{/list*}", "{?keys*,n}"}, "",
			"a%20b/p/q\n?z=1&a=2&n=6\n", "", exitOK},
		{"expand: no --vars, all undefined", []string{"template", "expand", "/a{/x}{?y}"}, "", "/a\n", "", exitOK},
		{"expand: templates on standard input", []string{"template", "expand", "--vars=" + vars}, "{x}\n{/x\n{+list}\r\n",
			"a%20b\np,q\n", "uri: line 2: expression not closed at offset 3 (end of input) of \"{/x\"\n", exitInvalid},
		{"expand: an error names its operand", []string{"template", "expand", "{x}", "{!x}", "--vars", vars}, "",
			"a%20b\n", "uri: operand 2: operator reserved for future extensions at offset 1 of \"{!x}\"\n", exitInvalid},
		{"expand: an expansion that is no URI", []string{"template", "expand", "--json", "--vars", vars, "{x}:{+keys}"}, "",
			`{"input":"{x}:{+keys}","ok":false,"error":"uri: expand: expansion is not a URI-reference (\":\" in the first segment of a relative-path reference at offset 5 of \"a%20b:z,1,a,2\") at offset 3 of \"{x}:{+keys}\"","offset":3}` + "\n", "", exitInvalid},
		{"expand: --vars - reads standard input", []string{"template", "expand", "--vars", "-", "{x}"}, `{"x":"1"}`, "1\n", "", exitOK},
		{"expand: --vars - needs operands", []string{"template", "expand", "--vars", "-"}, `{"x":"1"}`,
			"", "uri template expand: --vars - reads the variables from standard input: give the templates as operands\n", exitUsage},
		{"expand: a --vars that is not a value", []string{"template", "expand", "--vars", bad, "{x}"}, "",
			"", "uri template expand: --vars " + bad + ": template: a variable's value must be", exitUsage},
		{"expand: a --vars that is missing", []string{"template", "expand", "--vars", bad + ".none", "{x}"}, "",
			"", "uri template expand: --vars: open ", exitUsage},
		{"expand: empty standard input", []string{"template", "expand"}, "", "", "", exitOK},
		{"expand: invalid UTF-8 keeps its bytes", []string{"template", "expand", "--json"}, "a\xff\n",
			`{"input":"a\ufffd","input_hex":"61ff","ok":false,"error":"uri: character not allowed in a literal at offset 1 of \"a\\xff\"","offset":1}` + "\n", "", exitInvalid},
		{"expand: a control character", []string{"template", "expand", "--json"}, "a\x01\n",
			`{"input":"a\u0001","ok":false,"error":"uri: control character U+0001 at offset 1 of \"a\\x01\"","offset":1}` + "\n", "", exitInvalid},

		{"match: text is the object of variables", []string{"template", "match", "/r{/owner,repo}{?q*}", "/r/a/b?q=1&q=2", "/r/a"}, "",
			`{"owner":"a","repo":"b","q":["1","2"]}` + "\n" + `{"owner":"a"}` + "\n", "", exitOK},
		{"match: --json", []string{"template", "match", "--json", "{/x}{?k*}", "/%C3%A9?b=2&a=1"}, "",
			`{"input":"/%C3%A9?b=2&a=1","template":"{/x}{?k*}","ok":true,"vars":{"x":"é","k":{"b":"2","a":"1"}}}` + "\n", "", exitOK},
		{"match: no match names its operand, after the template", []string{"template", "match", "/a/{x}", "/a/1", "/b/1"}, "",
			"{\"x\":\"1\"}\n", "uri: operand 3: match: URI does not match the template at offset 1 of \"/b/1\"\n", exitInvalid},
		{"match: URIs on standard input", []string{"template", "match", "/a/{x}"}, "/a/1\n/a/..\n",
			"{\"x\":\"1\"}\n", "uri: line 2: match: URI does not match the template (a value would write a \".\" or \"..\" segment) at offset 3 of \"/a/..\"\n", exitInvalid},
		{"match: not a URI", []string{"template", "match", "--json", "/a/{x}", "/a/b c"}, "",
			`{"input":"/a/b c","template":"/a/{x}","ok":false,"error":"uri: invalid character \" \" in path at offset 4 of \"/a/b c\"","offset":4}` + "\n", "", exitInvalid},
		{"match: --extra-params", []string{"template", "match", "/s{?q}", "--extra-params", "/s?utm=1&q=x"}, "", `{"q":"x"}` + "\n", "", exitOK},
		{"match: --kind", []string{"template", "match", "{x}", "a,b", "--kind", "x=assoc"}, "", `{"x":{"a":"b"}}` + "\n", "", exitOK},
		{"match: a --kind that is no kind", []string{"template", "match", "{x}", "a", "--kind", "x=map"}, "", "", "want NAME=KIND", exitUsage},
		{"match: no template", []string{"template", "match", "--json"}, "", "", "uri template match: give a TEMPLATE\n", exitUsage},
		{"match: a template that does not parse", []string{"template", "match", "/a/{x", "/a/1"}, "",
			"", "uri template match: TEMPLATE \"/a/{x\": expression not closed at offset 5 (end of input)\n", exitUsage},
		{"match: empty standard input", []string{"template", "match", "{x}"}, "", "", "", exitOK},
		{"match: an encoded slash, by default", []string{"template", "match", "/projects/{id}/issues", "/projects/group%2Fproject/issues"}, "",
			"", "uri: operand 2: match: URI does not match the template (a value would hold \"%2F\", which MatchOptions.AllowEncodedSlash allows) at offset 10 of \"/projects/group%2Fproject/issues\"\n", exitInvalid},
		{"match: --allow-encoded-slash", []string{"template", "match", "--allow-encoded-slash", "/projects/{id}/issues", "/projects/group%2Fproject/issues", "/projects/a%2F..%2Fb/issues"}, "",
			`{"id":"group/project"}` + "\n", "uri: operand 3: match: URI does not match the template (a value would write a \".\" or \"..\" segment) at offset 14 of \"/projects/a%2F..%2Fb/issues\"\n", exitInvalid},
		{"match: --non-empty", []string{"template", "match", "--non-empty", "/users/{id}", "/users/1", "/users/"}, "",
			`{"id":"1"}` + "\n", "uri: operand 3: match: URI does not match the template at offset 7 (end of input) of \"/users/\"\n", exitInvalid},
		{"match: --plus-as-space", []string{"template", "match", "--plus-as-space", "/s{?q}", "/s?q=a+b"}, "", `{"q":"a b"}` + "\n", "", exitOK},
		{"match: --max-steps stops a match, and the next URI is read", []string{"template", "match", "--max-steps", "2000", "/f/{name}.{ext}", "/f/" + strings.Repeat("a.", 100) + "pdf", "/g"}, "",
			"", "uri: operand 2: match: work budget spent (2000 steps; raise MatchOptions.MaxSteps) of \"/f/a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a...\"\nuri: operand 3: match: URI does not match the template at offset 1 of \"/g\"\n", exitInvalid},
		{"match: --max-steps with --json: offset null; a budget that cannot pay for building the automaton refuses every URI", []string{"template", "match", "--json", "--max-steps=100", "/f/{name}.{ext}", "/f/a.b.c"}, "",
			`{"input":"/f/a.b.c","template":"/f/{name}.{ext}","ok":false,"error":"uri: match: work budget spent (100 steps, fewer than the 880 that building the template's automaton of 55 instructions counts; raise MatchOptions.MaxSteps) of \"/f/a.b.c\"","offset":null}` + "\n", "", exitInvalid},
		{"match: --max-steps 0 is the default, -1 no bound", []string{"template", "match", "--max-steps", "0", "/f/{name}.{ext}", "/f/a.b.c"}, "",
			`{"name":"a.b","ext":"c"}` + "\n", "", exitOK},
		{"match: the default budget refuses a hostile template", []string{"template", "match", strings.Repeat("{a}{.a}", 300), strings.Repeat("a.a", 2000)}, "",
			"", "match: work budget spent (4194304 steps; raise MatchOptions.MaxSteps)", exitInvalid},
		{"match: --max-steps -1 lifts it", []string{"template", "match", "--max-steps", "-1", strings.Repeat("{a}{.a}", 50), strings.Repeat("a.a", 300)}, "",
			"", "match: URI does not match the template at offset 0", exitInvalid},
		{"match: a --max-steps that is no number", []string{"template", "match", "--max-steps", "many", "{x}", "a"}, "", "", "invalid value \"many\" for flag -max-steps", exitUsage},
		{"match: a long line and invalid UTF-8", []string{"template", "match", "--json", "/{x}"}, "/" + strings.Repeat("a", 1<<16) + "\n/a\xff\n",
			`{"input":"/` + strings.Repeat("a", 1<<16) + `","template":"/{x}","ok":true,"vars":{"x":"` + strings.Repeat("a", 1<<16) + `"}}` + "\n" +
				`{"input":"/a\ufffd","input_hex":"2f61ff","template":"/{x}","ok":false,"error":"uri: invalid character \"\\xff\" in path at offset 2 of \"/a\\xff\"","offset":2}` + "\n", "", exitInvalid},
		{"expand: --omit-empty", []string{"template", "expand", "--omit-empty", "--vars", "-", "{?q,lang}"}, `{"q":"","lang":"en"}`, "?lang=en\n", "", exitOK},
		{"expand: --refuse-dot-segments", []string{"template", "expand", "--refuse-dot-segments", "--vars", "-", "/files/{name}", "/f/{name}.txt"}, `{"name":".."}`,
			"/f/...txt\n", "uri: operand 1: expand name: a value writes a dot segment at offset 8 of \"/files/{name}\"\n", exitInvalid},
		{"match: an operand that starts with -", []string{"template", "match", "{x}", "--", "-1"}, "", `{"x":"-1"}` + "\n", "", exitOK},

		{"the group alone", []string{"template"}, "", "", "usage: uri template <command>", exitUsage},
		{"an unknown subcommand", []string{"template", "frob"}, "", "", `uri template: unknown command "frob"`, exitUsage},
		{"help of the group", []string{"help", "template"}, "", "usage: uri template <command>", "", exitOK},
		{"help of an unknown subcommand", []string{"help", "template", "frob"}, "", "", `uri help template: unknown command "frob"`, exitUsage},
	}
	for _, tt := range tests {
		code, out, errOut := runCmd(t, tt.stdin, tt.args...)
		okOut := out == tt.stdout || (tt.stdout != "" && strings.HasPrefix(tt.name, "help") && strings.Contains(out, tt.stdout))
		if code != tt.code || !okOut || !strings.Contains(errOut, tt.stderr) || (tt.stderr == "" && errOut != "") {
			t.Errorf("%s: uri %q < %q = exit %d, stdout %q, stderr %q; want exit %d, stdout %q, stderr containing %q",
				tt.name, tt.args, tt.stdin, code, out, errOut, tt.code, tt.stdout, tt.stderr)
		}
	}
}

// TestTemplateJSONErrorShape: the error objects of template expand and
// match have the members of every command's, with "template" after
// "input" for match, and the offset of the fault in the input.
func TestTemplateJSONErrorShape(t *testing.T) {
	tests := []struct {
		args []string
		keys []string
		in   string
		off  int
	}{
		{[]string{"template", "expand"}, []string{"input", "ok", "error", "offset"}, "{/id*", 5},
		{[]string{"template", "expand"}, []string{"input", "ok", "error", "offset"}, "{x:1}/a", 1},
		{[]string{"template", "expand"}, []string{"input", "ok", "error", "offset"}, "a\x01b", 1},
		{[]string{"template", "match", "/a/{x}"}, []string{"input", "template", "ok", "error", "offset"}, "/a/b/c", 4},
		{[]string{"template", "match", "/a/{x}"}, []string{"input", "template", "ok", "error", "offset"}, "/a b", 2},
		{[]string{"template", "match", "/a/{x}"}, []string{"input", "template", "ok", "error", "offset"}, "/a\x01b", 2},
	}
	vars := filepath.Join(t.TempDir(), "vars.json")
	if err := os.WriteFile(vars, []byte(`{"x":["a"]}`), 0o666); err != nil {
		t.Fatal(err)
	}
	for _, tt := range tests {
		args := append(append([]string{}, tt.args...), "--json", "--vars", vars)
		if tt.args[1] == "match" {
			args = append(append([]string{}, tt.args...), "--json")
		}
		_, out, _ := runCmd(t, tt.in+"\n", args...)
		keys, off := jsonKeys(t, out)
		if !cmp.Equal(tt.keys, keys) || off != tt.off {
			t.Errorf("uri %q < %q:\n%s\nwant the members %q, offset %d", args, tt.in, out, tt.keys, tt.off)
		}
		if strings.ContainsRune(tt.in, 1) {
			continue // a control character: standard input only
		}
		_, out, _ = runCmd(t, "", append(args, "--", tt.in)...)
		if keys, off := jsonKeys(t, out); !cmp.Equal(tt.keys, keys) || off != tt.off {
			t.Errorf("uri %q %q:\n%s\nwant the members %q, offset %d", args, tt.in, out, tt.keys, tt.off)
		}
	}
}

// TestTemplateHelp: "uri help template COMMAND" prints what "uri template
// COMMAND -h" prints, every flag spelled with two dashes, and "uri help"
// lists the group.
func TestTemplateHelp(t *testing.T) {
	_, usage, _ := runCmd(t, "", "help")
	if !strings.Contains(usage, "  template   expand URI templates") {
		t.Errorf("uri help does not list template:\n%s", usage)
	}
	for _, c := range templateGroup.subs {
		sub := strings.TrimPrefix(c.name, "template ")
		code, help, _ := runCmd(t, "", "help", "template", sub)
		_, _, dashH := runCmd(t, "", "template", sub, "-h")
		_, inGroup, _ := runCmd(t, "", "template", "help", sub)
		if code != exitOK || help != dashH || help != inGroup || !strings.HasPrefix(help, "usage: uri "+c.name+" [flags] ") {
			t.Errorf("uri help template %s = %d, %q; uri template %s -h printed %q", sub, code, help, sub, dashH)
		}
		fs, _, _ := c.flagSet(io.Discard)
		fs.VisitAll(func(f *flag.Flag) {
			if !strings.Contains(help, "  --"+f.Name) {
				t.Errorf("uri help template %s does not list --%s", sub, f.Name)
			}
			if i := strings.Index(help, " -"+f.Name); i >= 0 {
				t.Errorf("uri help template %s spells -%s with one dash", sub, f.Name)
			}
		})
	}
}
