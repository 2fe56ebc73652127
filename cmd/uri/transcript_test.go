package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestDocTranscripts runs the transcripts of the documentation (docs/*.md
// and README.md): each indented line "$ go run ./cmd/uri ARGS", followed by
// the lines that the command prints, which must be what it prints now.
// A line of the transcript that starts as the command's messages do
// ("uri: ", "uri CMD: ", "usage: ", "Run 'uri help") is one of standard
// error, the others of standard output, each stream in its order. A line
// "$ echo 'TEXT' > FILE" writes FILE for the commands after it, and so does
// "$ printf 'TEXT' > FILE", with each \n of TEXT a line break. Command
// lines that read standard input, run a pipeline or expand variables are not
// run, since the shell gives them what the test cannot.
func TestDocTranscripts(t *testing.T) {
	files, err := filepath.Glob("../../docs/*.md")
	files = append(files, "../../README.md")
	if err != nil || len(files) == 0 {
		t.Fatalf("no documentation found: %v", err)
	}
	docs := make([]string, len(files))
	for i, file := range files {
		b, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		docs[i] = string(b)
	}
	t.Chdir(t.TempDir()) // for the files that the transcripts write
	ran := 0
	for i, file := range files {
		for _, tr := range transcripts(docs[i]) {
			name := filepath.Base(file) + ":" + tr.line
			if tr.file != "" {
				if err := os.WriteFile(tr.file, []byte(tr.command), 0o600); err != nil {
					t.Fatal(err)
				}
				continue
			}
			stages, ok := pipeline(tr.command)
			if !ok {
				continue // a redirection, a variable or another program
			}
			// Each command of a pipeline reads what the one before it
			// printed; the errors of all go to standard error.
			var stdout, stderr bytes.Buffer
			var args []string
			for _, args = range stages {
				in := stdout.String()
				stdout.Reset()
				run(args, strings.NewReader(in), &stdout, &stderr)
			}
			var wantOut, wantErr []string
			for _, l := range tr.output {
				if isMessage(l) {
					wantErr = append(wantErr, l)
				} else {
					wantOut = append(wantOut, l)
				}
			}
			if diff := cmp.Diff(wantOut, lines(stdout.String())); diff != "" {
				t.Errorf("%s: uri %q: standard output (-documented +printed):\n%s", name, args, diff)
			}
			if diff := cmp.Diff(wantErr, lines(stderr.String())); diff != "" {
				t.Errorf("%s: uri %q: standard error (-documented +printed):\n%s", name, args, diff)
			}
			ran++
		}
	}
	if ran < 10 {
		t.Fatalf("ran only %d transcripts of docs/*.md: the test no longer finds them", ran)
	}
}

// isMessage reports whether l is a line that the command writes on
// standard error.
func isMessage(l string) bool {
	return strings.HasPrefix(l, "uri: ") || strings.HasPrefix(l, "usage: ") || strings.HasPrefix(l, "Run 'uri help") ||
		strings.HasPrefix(l, "uri ") && strings.Contains(l, ": ")
}

// transcript is one command of the documentation with what it prints, or
// a file that the documentation writes for the commands after it.
type transcript struct {
	line    string // the line number of the command in its file
	command string // the arguments, as the shell reads them; the text of file
	output  []string
	file    string // the name of the file that "$ echo 'TEXT' > FILE" or "$ printf 'TEXT' > FILE" writes
}

// transcripts returns the transcripts of a Markdown text: in an indented
// code block, a line "$ go run ./cmd/uri ..." and the lines up to the next
// "$ " line or the end of the block. An empty line between two indented
// lines is a line of the block, as Markdown reads it: an empty line of
// output (uri canon --aligned writes one for an input that fails).
func transcripts(md string) []transcript {
	const prompt, indent = "$ go run ./cmd/uri ", "    "
	var all []transcript
	var cur *transcript
	blank := 0 // the empty lines after the last line of the block
	for i, l := range strings.Split(md, "\n") {
		body, indented := strings.CutPrefix(l, indent)
		if l == "" && cur != nil {
			blank++
			continue
		}
		if indented && cur != nil && !strings.HasPrefix(body, "$ ") {
			for ; blank > 0; blank-- {
				cur.output = append(cur.output, "")
			}
		}
		blank = 0
		switch {
		case !indented:
			cur = nil
		case strings.HasPrefix(body, prompt):
			all = append(all, transcript{line: strconv.Itoa(i + 1), command: body[len(prompt):]})
			cur = &all[len(all)-1]
		case strings.HasPrefix(body, "$ echo '"):
			text, file, ok := strings.Cut(body[len("$ echo '"):], "' > ")
			cur = nil
			if ok && !strings.ContainsAny(file, " /") {
				all = append(all, transcript{line: strconv.Itoa(i + 1), command: text + "\n", file: file})
			}
		case strings.HasPrefix(body, "$ printf '"):
			// Only the escape \n, and no format: the test writes what
			// the shell would.
			text, file, ok := strings.Cut(body[len("$ printf '"):], "' > ")
			cur = nil
			if ok && !strings.ContainsAny(file, " /") && !strings.ContainsAny(strings.ReplaceAll(text, `\n`, ""), `\%`) {
				all = append(all, transcript{line: strconv.Itoa(i + 1), command: strings.ReplaceAll(text, `\n`, "\n"), file: file})
			}
		case strings.HasPrefix(body, "$ "):
			cur = nil
		case cur != nil:
			cur.output = append(cur.output, body)
		}
	}
	return all
}

// pipeline splits a command line into the arguments of each command of
// its pipeline: "A | go run ./cmd/uri B" is uri A, then uri B reading what
// A printed. It reports false for what needs a shell (see shellWords) and
// for a pipeline with another program.
func pipeline(s string) ([][]string, bool) {
	var stages [][]string
	quote := byte(0)
	start := 0
	for i := 0; i <= len(s); i++ {
		switch {
		case i < len(s) && quote != 0:
			if s[i] == quote {
				quote = 0
			}
		case i < len(s) && (s[i] == '\'' || s[i] == '"'):
			quote = s[i]
		case i == len(s) || s[i] == '|':
			stage := strings.TrimSpace(s[start:i])
			if len(stages) > 0 {
				var ok bool
				if stage, ok = strings.CutPrefix(stage, "go run ./cmd/uri "); !ok {
					return nil, false
				}
			}
			args, ok := shellWords(stage)
			if !ok {
				return nil, false
			}
			stages = append(stages, args)
			start = i + 1
		}
	}
	return stages, true
}

// shellWords splits a command line as a POSIX shell does for the quoting
// the documentation uses: single quotes, double quotes without expansions,
// and spaces. It reports false for what needs a shell: a pipe, a
// redirection, a variable or a command substitution outside single quotes.
func shellWords(s string) ([]string, bool) {
	var words []string
	var w strings.Builder
	inWord := false
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == '\'':
			j := strings.IndexByte(s[i+1:], '\'')
			if j < 0 {
				return nil, false
			}
			w.WriteString(s[i+1 : i+1+j])
			i += j + 1
			inWord = true
		case c == '"':
			j := strings.IndexByte(s[i+1:], '"')
			if j < 0 || strings.ContainsAny(s[i+1:i+1+j], "$`\\") {
				return nil, false
			}
			w.WriteString(s[i+1 : i+1+j])
			i += j + 1
			inWord = true
		case c == ' ':
			if inWord {
				words = append(words, w.String())
				w.Reset()
				inWord = false
			}
		case strings.IndexByte("|<>$`;&#\\", c) >= 0:
			return nil, false
		default:
			w.WriteByte(c)
			inWord = true
		}
	}
	if inWord {
		words = append(words, w.String())
	}
	return words, true
}

// lines returns the lines of s without their newlines; nil for "".
func lines(s string) []string {
	if s == "" {
		return nil
	}
	return strings.Split(strings.TrimSuffix(s, "\n"), "\n")
}
