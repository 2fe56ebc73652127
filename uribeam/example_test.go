package uribeam_test

import (
	"context"
	"fmt"
	"sort"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/register"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/runners/prism"

	"github.com/gouri/uri/canon"
	"github.com/gouri/uri/uribeam"
)

// Capture is a record of a web archive's index: a URL and when it was
// captured.
type Capture struct {
	URL       string
	Timestamp string
}

func init() {
	register.Function1x0(printKey)
	register.Function1x0(printFailure)
	register.Function2x0(printGroup)
	register.Emitter1[Capture]()
	register.Iter1[Capture]()
}

func printKey(key string) { fmt.Println("key", key) }

func printFailure(f uribeam.Failure) { fmt.Printf("failed %q: %s\n", f.Input, f.Kind) }

// printGroup prints a SURT key and the timestamps of its captures.
func printGroup(key string, captures func(*Capture) bool) {
	var times []string
	var c Capture
	for captures(&c) {
		times = append(times, c.Timestamp)
	}
	sort.Strings(times)
	fmt.Println(key, times)
}

// The archive's SURT keys of a collection of URLs, on prism in this
// process; the URL that has no key goes to the failures, with its kind.
func Example() {
	p, s := beam.NewPipelineWithRoot()
	urls := beam.Create(s, "http://www.archive.org/goo/?b&a", "HTTP://Example.COM:80/A/", "http:///")
	keys, failed := uribeam.SURT(s, canon.Canonicalizer{Profile: canon.Archive}, urls)
	beam.ParDo0(s, printKey, keys)
	beam.ParDo0(s, printFailure, failed)
	if _, err := prism.Execute(context.Background(), p); err != nil {
		fmt.Println(err)
	}
	// Unordered output:
	// key org,archive)/goo?a&b
	// key com,example)/a
	// failed "http:///": no host
}

// Records with a URL field, grouped by the SURT key of their URLs: the
// captures of one page under any of its spellings.
func ExampleWithURL() {
	p, s := beam.NewPipelineWithRoot()
	captures := beam.Create(s,
		Capture{URL: "http://www.example.com/a/?b=2&a=1", Timestamp: "20240101000000"},
		Capture{URL: "https://example.com/a?a=1&b=2", Timestamp: "20240301000000"},
		Capture{URL: "http://example.com/b", Timestamp: "20240201000000"},
	)
	keys, _ := uribeam.SURT(s, canon.Canonicalizer{Profile: canon.Archive}, uribeam.WithURL(s, captures, "URL"))
	beam.ParDo0(s, printGroup, beam.GroupByKey(s, beam.SwapKV(s, keys)))
	if _, err := prism.Execute(context.Background(), p); err != nil {
		fmt.Println(err)
	}
	// Unordered output:
	// com,example)/a?a=1&b=2 [20240101000000 20240301000000]
	// com,example)/b [20240201000000]
}

// The function of the Site transform, and its failures as the dead-letter
// collection holds them, in a plain loop.
func ExampleSiteOf() {
	for _, u := range []string{"https://www.Example.co.uk/a", "http://192.168.0.1/", "http://a b/"} {
		site, err := uribeam.SiteOf(u)
		if err != nil {
			f := uribeam.FailureOf("site", u, err)
			fmt.Printf("%s: failed: %s (offset %d)\n", f.Input, f.Kind, f.Offset)
			continue
		}
		fmt.Printf("%s: %s\n", u, site)
	}
	// Output:
	// https://www.Example.co.uk/a: example.co.uk
	// http://192.168.0.1/: failed: no registrable domain (offset -1)
	// http://a b/: failed: domain-to-ASCII (offset 8)
}
