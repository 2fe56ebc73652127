package main

import (
	"bytes"
	"io"
	"strings"
	"testing"

	"github.com/gouri/uri/internal/testrows"
)

// streamJobs are the jobs of the command in a shell pipeline that
// BenchmarkStream times: a command and its flags, reading every line of a
// list on standard input, named as its sub-benchmark is.
var streamJobs = []struct {
	name string
	args []string
}{
	{"canon", []string{"canon"}},
	{"normalize", []string{"normalize"}},
	{"parse", []string{"parse"}},
	{"parse-json", []string{"parse", "--json"}},
	{"get-host", []string{"parse", "--get", "{host}"}},
	{"whatwg", []string{"parse", "--grammar", "whatwg"}},
	{"whatwg-json", []string{"parse", "--grammar", "whatwg", "--json"}},
	{"whatwg-get-host", []string{"parse", "--grammar", "whatwg", "--get", "{host}"}},
	{"whatwg-set-fragment", []string{"edit", "--grammar", "whatwg", "--set", "fragment=top"}},
}

// BenchmarkStream runs each of streamJobs over the committed samples (and
// the lists of GOURI_URLS, named corpus-NAME), the whole list per
// iteration, and reports the time and the allocations per line.
func BenchmarkStream(b *testing.B) {
	type list struct {
		name string
		text []byte
		n    int
	}
	var lists []list
	add := func(name string, urls []string) {
		lists = append(lists, list{name, []byte(strings.Join(urls, "\n") + "\n"), len(urls)})
	}
	for _, name := range testrows.Samples() {
		add(strings.TrimSuffix(name, ".txt"), testrows.URLs(b, name))
	}
	for _, l := range testrows.ExternalURLs(b) {
		add("corpus-"+l.Name, l.URLs)
	}
	for _, job := range streamJobs {
		for _, l := range lists {
			b.Run("job="+job.name+"/list="+l.name, func(b *testing.B) {
				b.ReportAllocs()
				b.SetBytes(int64(len(l.text)))
				for b.Loop() {
					run(job.args, bytes.NewReader(l.text), io.Discard, io.Discard)
				}
				b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*l.n), "ns/line")
			})
		}
	}
}
