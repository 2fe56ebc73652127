package main

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"hash/fnv"
	"strings"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/io/filesystem"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/io/textio"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/register"

	"github.com/gouri/uri/uribeam"
)

func init() {
	register.Function2x1(keyLine)
	register.Function2x2(failureLine)
	register.DoFn1x2[string, int, string](&shardFn{})
	register.DoFn3x1[context.Context, int, func(*string) bool, error](&writeFn{})
	register.Iter1[string]()
}

// runPipeline builds the pipeline of cfg and runs it, and returns the
// numbers of keys and failures that its metrics counted.
func runPipeline(ctx context.Context, cfg config) (keys, failed int64, err error) {
	p, s := beam.NewPipelineWithRoot()
	urls := uribeam.WithURL(s, textio.Read(s, cfg.input), "")
	var got, bad beam.PCollection
	switch cfg.key {
	case "canon":
		got, bad = uribeam.Canon(s, cfg.c, urls)
	case "site":
		got, bad = uribeam.Site(s, urls)
	default:
		got, bad = uribeam.SURT(s, cfg.c, urls)
	}
	writeShards(s.Scope("keys"), cfg.output, cfg.shards, beam.ParDo(s, keyLine, got))
	writeShards(s.Scope("failures"), cfg.failures, cfg.shards, beam.ParDo(s, failureLine, bad))
	r, err := run(ctx, p)
	return counted(r, "/ok"), counted(r, "/failed"), err
}

// keyLine writes a URL with its key: "KEY<TAB>URL". A key holds no tab
// (canon escapes the bytes <= 0x20 and the URL Standard removes tabs),
// so the first tab of the line ends it.
func keyLine(url, key string) string {
	return key + "\t" + url
}

// failureLine writes a failure as a JSON object.
func failureLine(_ string, f uribeam.Failure) (string, error) {
	b, err := json.Marshal(f)
	return string(b), err
}

// writeShards writes the lines of col to n files, each written by one
// worker: the file name itself when n is 1, else name-SSSSS-of-NNNNN. The
// lines that agree up to their first tab (the same key) go to the same
// file. A file that would have no line is not written. textio.Write
// writes one file, and so sends every line to one worker: at the scale
// of an archive that worker is the pipeline's limit.
func writeShards(s beam.Scope, name string, n int, col beam.PCollection) {
	keyed := beam.ParDo(s, &shardFn{N: n}, col)
	beam.ParDo0(s, &writeFn{Name: name, N: n}, beam.GroupByKey(s, keyed))
}

// shardFn gives each line the number of its file, of N.
type shardFn struct{ N int }

// ProcessElement returns the shard of line, by the FNV-1a hash of its
// text up to the first tab, and the line.
func (f *shardFn) ProcessElement(line string) (int, string) {
	if f.N <= 1 {
		return 0, line
	}
	k, _, _ := strings.Cut(line, "\t")
	h := fnv.New32a()
	h.Write([]byte(k))
	return int(h.Sum32() % uint32(f.N)), line
}

// writeFn writes the lines of one shard to its file.
type writeFn struct {
	Name string
	N    int
}

// ProcessElement writes the lines of the shard to its file, one a line.
func (w *writeFn) ProcessElement(ctx context.Context, shard int, lines func(*string) bool) error {
	name := w.Name
	if w.N > 1 {
		name = fmt.Sprintf("%s-%05d-of-%05d", w.Name, shard, w.N)
	}
	fs, err := filesystem.New(ctx, name)
	if err != nil {
		return err
	}
	defer fs.Close()
	fd, err := fs.OpenWrite(ctx, name)
	if err != nil {
		return err
	}
	buf := bufio.NewWriterSize(fd, 1<<20)
	var line string
	for lines(&line) {
		buf.WriteString(line)
		buf.WriteByte('\n')
	}
	if err := buf.Flush(); err != nil {
		fd.Close()
		return err
	}
	return fd.Close()
}
