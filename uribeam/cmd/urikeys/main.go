// Command urikeys is an Apache Beam pipeline that reads text files of
// URLs, one a line, and writes the key of each URL beside it, "KEY<TAB>URL",
// with the transforms of package github.com/gouri/uri/uribeam; the lines
// that have no key go to a file of their own, one JSON object (a
// uribeam.Failure) a line. It runs on any Beam runner: on prism, in this
// process, by default, or on a distributed one with the runner's flags.
//
//	go run ./cmd/urikeys --input 'urls/*.txt' --output keys --failures failed
//	go run ./cmd/urikeys --input 'urls/*.txt' --output keys --failures failed --key site
//	go run ./cmd/urikeys --input 'urls/*.txt' --output keys --failures failed --key canon --profile semantic --drop-tracking
//
// With --loop it keys the same lines in a plain loop, without Beam, and
// writes the same files, so that the two can be compared and timed
// against each other. It prints the number of keys and failures that the
// metrics counted, the time and the lines per second to standard error.
// uribeam/README.md gives the flags of distributed runners
// and the figures measured.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"log"
	"os"
	"runtime/pprof"
	"time"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/core/metrics"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/x/beamx"

	"github.com/gouri/uri/canon"
)

var (
	input    = flag.String("input", "", "the text files of URLs to read, one URL a line (a glob; gs:// paths on Dataflow)")
	output   = flag.String("output", "", "the file of keys to write, \"KEY<TAB>URL\" a line")
	failures = flag.String("failures", "", "the file of failures to write, a JSON object a line")
	key      = flag.String("key", "surt", "the key: surt, canon or site")
	profile  = flag.String("profile", "archive", "the canon profile of --key surt and canon: whatwg, safebrowsing, semantic, aggressive or archive")
	tracking = flag.Bool("drop-tracking", false, "drop the query parameters of canon.TrackingParams")
	sortQ    = flag.Bool("sort-query", false, "sort the query's pairs")
	dropFrag = flag.Bool("drop-fragment", false, "drop the fragment")
	shards   = flag.Int("shards", 1, "the number of files of keys and of failures, each written by one worker: --output itself when 1, else OUTPUT-SSSSS-of-NNNNN")
	loop     = flag.Bool("loop", false, "key the lines in a plain loop, without Beam, into one file of keys and one of failures")
	cpuprof  = flag.String("cpuprofile", "", "write a CPU profile of this process (runner, worker and loop) to this file")
)

func main() {
	flag.Parse()
	beam.Init()
	cfg, err := configure()
	if err != nil {
		fmt.Fprintln(os.Stderr, "urikeys:", err)
		flag.Usage()
		os.Exit(2)
	}
	if *cpuprof != "" {
		stop, err := profileCPU(*cpuprof)
		if err != nil {
			log.Fatal(err)
		}
		defer stop()
	}
	start := time.Now()
	var keys, failed int64
	if *loop {
		keys, failed, err = runLoop(cfg)
	} else {
		keys, failed, err = runPipeline(context.Background(), cfg)
	}
	if errors.Is(err, errNoResult) {
		fmt.Fprintln(os.Stderr, "urikeys: submitted;", err)
		return
	}
	if err != nil {
		log.Print(err)
		defer os.Exit(1) // after the profile is written
		return
	}
	d := time.Since(start)
	fmt.Fprintf(os.Stderr, "urikeys: %d keys, %d failures in %v: %.0f lines/s\n", keys, failed, d.Round(time.Millisecond), float64(keys+failed)/d.Seconds())
}

// profileCPU starts a CPU profile written to name, and returns the
// function that stops it.
func profileCPU(name string) (func(), error) {
	f, err := os.Create(name)
	if err != nil {
		return nil, err
	}
	if err := pprof.StartCPUProfile(f); err != nil {
		f.Close()
		return nil, err
	}
	return func() {
		pprof.StopCPUProfile()
		f.Close()
	}, nil
}

// config is what the flags ask for.
type config struct {
	input, output, failures string
	key                     string
	shards                  int
	c                       canon.Canonicalizer
}

// configure reads the flags.
func configure() (config, error) {
	cfg := config{input: *input, output: *output, failures: *failures, key: *key, shards: *shards}
	if cfg.input == "" || cfg.output == "" || cfg.failures == "" {
		return cfg, fmt.Errorf("--input, --output and --failures are required")
	}
	if cfg.shards < 1 {
		return cfg, fmt.Errorf("--shards %d: not a positive number", cfg.shards)
	}
	switch cfg.key {
	case "surt", "canon", "site":
	default:
		return cfg, fmt.Errorf("--key %q: not surt, canon or site", cfg.key)
	}
	p, ok := canon.ParseProfile(*profile)
	if !ok {
		return cfg, fmt.Errorf("--profile %q: no such profile", *profile)
	}
	cfg.c = canon.Canonicalizer{Profile: p, SortQuery: *sortQ, DropFragment: *dropFrag}
	if *tracking {
		cfg.c.DropParams = canon.TrackingParams()
	}
	return cfg, nil
}

// counted returns the sum of the counters of namespace uribeam whose names
// end in suffix ("/ok", "/failed").
func counted(r metrics.QueryResults, suffix string) int64 {
	var n int64
	for _, c := range r.Counters() {
		if name := c.Name(); len(name) > len(suffix) && name[len(name)-len(suffix):] == suffix {
			n += c.Result()
		}
	}
	return n
}

// errNoResult is the error of run when the runner returns no result: it
// submitted the job and did not wait for it (--async), or only printed it
// (Dataflow's --dry_run).
var errNoResult = errors.New("the runner gave no result to count (--async or --dry_run)")

// run starts the pipeline on the runner that --runner names (prism by
// default), and waits for it.
func run(ctx context.Context, p *beam.Pipeline) (metrics.QueryResults, error) {
	pr, err := beamx.RunWithMetrics(ctx, p)
	if err != nil {
		return metrics.QueryResults{}, err
	}
	if pr == nil {
		return metrics.QueryResults{}, errNoResult
	}
	return pr.Metrics().Query(func(r metrics.SingleResult) bool { return r.Namespace() == "uribeam" }), nil
}
