package main

// `uri extract`: the URLs in files of text (package
// github.com/gouri/uri/extract).

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/gouri/uri/extract"
)

var extractCommand = &command{
	name:     "extract",
	lines:    textFiles,
	operands: "[FILE...]",
	summary:  "find the URLs in text: chat, Markdown, logs, model output",
	about: "Finds the URLs in each FILE of text (package extract) and prints each as the\n" +
		"URL Standard serializes it, one per line, so that uri canon, uri guard and\n" +
		"uri site can read them from a pipe. By default it finds URLs with a scheme\n" +
		"of its list and links starting with \"www.\"; --relaxed also finds bare\n" +
		"domains with a listed public suffix, e-mail addresses and IP addresses;\n" +
		"--gfm finds what GitHub links in Markdown. Trailing punctuation, unbalanced\n" +
		"brackets, CJK and full-width punctuation and invisible characters are never\n" +
		"part of a URL, and every URL found parses. Except with --gfm, the quotation\n" +
		"marks around a URL (JSON, HTML attributes, shell arguments) end it, and the\n" +
		"escapes of JSON strings (\\/, \\u0026) are read in it. A run of text without\n" +
		"whitespace longer than 16 MiB is skipped, with a note on standard error.\n" +
		"With --json:\n" +
		"{\"file\":NAME,\"start\":N,\"end\":N,\"start16\":N,\"end16\":N,\"text\":S,\n" +
		"\"kind\":K,\"url\":HREF,\"host\":S,\"hostname\":S}, offsets in bytes and in UTF-16\n" +
		"code units, text as written, kind scheme, www, domain, email, ipv4 or ipv6,\n" +
		"host as written and hostname in A-labels (\"\" for none).",
	flags: func(fs *flag.FlagSet) func() (op, string) {
		relaxed := fs.Bool("relaxed", false, "also find bare domains, e-mail addresses, IPv4 and [IPv6] addresses")
		gfm := fs.Bool("gfm", false, "find what GitHub links in Markdown (GFM autolinks)")
		schemes := fs.String("schemes", "", "the `LIST` of schemes to find, separated by commas (default: "+strings.Join(extract.DefaultSchemes(), ",")+")")
		return func() (op, string) {
			opts := extract.Options{}
			switch {
			case *relaxed && *gfm:
				return op{}, "give --relaxed or --gfm, not both"
			case *relaxed:
				opts.Mode = extract.Relaxed
			case *gfm:
				opts.Mode = extract.GFM
			}
			if *schemes != "" {
				opts.Schemes = strings.Split(*schemes, ",")
			}
			e, err := extract.New(opts)
			if err != nil {
				return op{}, "--schemes: " + message(err)
			}
			if flagOn(fs, "aligned") || flagOn(fs, "tsv") {
				return extractLines(e), ""
			}
			return op{files: func(operands []string, asJSON bool, stdin io.Reader, stdout, stderr io.Writer) int {
				return extractFiles(e, operands, asJSON, stdin, stdout, stderr)
			}}, ""
		}
	},
}

// extractBuffer is the longest run of text without whitespace that uri
// extract searches, as the other commands read lines of up to 16 MiB.
const extractBuffer = 16 << 20

// extractFiles prints the URLs of each file, or of standard input.
func extractFiles(e *extract.Extractor, files []string, asJSON bool, stdin io.Reader, stdout, stderr io.Writer) int {
	if len(files) == 0 {
		files = []string{"-"}
	}
	out := &stickyWriter{w: stdout}
	w := newOutput(out, outSize)
	status := exitOK
	for _, name := range files {
		err := extractFile(e, name, asJSON, stdin, w)
		if err == nil {
			err = out.err
		}
		if errors.Is(err, out.err) && out.err != nil {
			fmt.Fprintf(stderr, "uri extract: %v\n", out.err)
			return exitUsage
		}
		if err != nil {
			if ferr := w.flush(); ferr != nil {
				fmt.Fprintf(stderr, "uri extract: %v\n", ferr)
				return exitUsage
			}
			fmt.Fprintln(stderr, string(appendEscaped(nil, "uri extract: "+err.Error())))
			status = exitInvalid
		}
	}
	if err := w.flush(); err != nil {
		fmt.Fprintf(stderr, "uri extract: %v\n", err)
		return exitUsage
	}
	return status
}

// extractFile prints the URLs of the file name ("-" for stdin).
func extractFile(e *extract.Extractor, name string, asJSON bool, stdin io.Reader, w *output) error {
	r := stdin
	if name != "-" {
		f, err := os.Open(name)
		if err != nil {
			return err
		}
		defer f.Close()
		r = f
	}
	sc := e.NewScanner(r)
	sc.Buffer(extractBuffer)
	for sc.Scan() {
		m := sc.Match()
		if asJSON {
			writeMatch(w, name, m)
		} else {
			w.textLine(&result{one: m.URL.Href(), isOne: true})
		}
	}
	if err := sc.Err(); err != nil {
		return fmt.Errorf("%s: %w", name, err)
	}
	if n := sc.Skipped(); n > 0 {
		return fmt.Errorf("%s: %d bytes in runs of text without whitespace longer than 16 MiB were not searched", name, n)
	}
	return nil
}

// writeMatch writes the JSON object of a URL found in the file name.
func writeMatch(w *output, name string, m extract.Match) {
	w.raw("{")
	w.members([]field{{"file", name}, {"file_hex", bytesHex(name)}}, true)
	w.members(matchFields(m), false)
	w.raw("}\n")
	w.spill()
}

// matchFields are the members of the JSON object of a URL found.
func matchFields(m extract.Match) []field {
	return []field{
		{"start", m.Start}, {"end", m.End}, {"start16", m.Start16}, {"end16", m.End16},
		{"text", m.Text}, {"kind", m.Kind.String()}, {"url", m.URL.Href()},
		{"host", m.Host()}, {"hostname", m.URL.Hostname()},
	}
}

// extractLines is the operation of uri extract --aligned (or --tsv): each
// line of standard input is a text, whose result lists the URLs found in
// it, so that an engine that pipes records through the command gets one
// line for each.
func extractLines(e *extract.Extractor) op {
	line := new(urlsLine)
	return op{whole: true, bind: func(operands []string, _ io.Reader) ([]string, op, string) {
		if len(operands) > 0 {
			return nil, op{}, "with --aligned or --tsv, the lines of standard input are the texts: give no FILE"
		}
		return nil, op{whole: true, apply: func(in string) result {
			line.ms = line.ms[:0]
			for m := range e.All(in) {
				line.ms = append(line.ms, m)
			}
			return result{ok: true, line: line}
		}}, ""
	}}
}

// urlsLine is the result of uri extract --aligned for one text: the URLs
// found in it, in order; in JSON "urls", a list of the objects of
// --json without "file", and in text their hrefs, separated by spaces,
// which an href never holds.
type urlsLine struct{ ms []extract.Match }

func (l *urlsLine) json(o *output) {
	o.raw(`,"ok":true,"urls":[`)
	for i, m := range l.ms {
		if i > 0 {
			o.raw(",")
		}
		o.value(matchFields(m))
	}
	o.raw("]")
}

func (l *urlsLine) text(o *output) {
	for i, m := range l.ms {
		if i > 0 {
			o.raw(" ")
		}
		o.text(m.URL.Href())
	}
}
