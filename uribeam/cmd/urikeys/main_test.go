package main

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"log/slog"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	"github.com/google/go-cmp/cmp"

	"github.com/gouri/uri/canon"
)

func TestMain(m *testing.M) {
	// The runner logs each job at level INFO.
	slog.SetDefault(slog.New(slog.NewTextHandler(os.Stderr, &slog.HandlerOptions{Level: slog.LevelWarn})))
	beam.Init()
	// The SDK leaves an empty file named beamloopbackworker-* in
	// os.TempDir for each job that it runs with a loopback worker.
	dir, err := os.MkdirTemp("", "urikeys-test-")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	os.Setenv("TMPDIR", dir)
	code := m.Run()
	os.RemoveAll(dir)
	os.Exit(code)
}

// TestPipelineIsLoop: on the module's committed samples of real URLs and
// lines that fail (empty, blank, a "\r" before the "\n", no host, invalid
// UTF-8, a last line without "\n"), the pipeline on prism writes the lines
// that the plain loop writes, in files of shards by key, and every input
// line comes out once: as a key or as a failure.
func TestPipelineIsLoop(t *testing.T) {
	dir := t.TempDir()
	var in []string
	for _, f := range []string{"kasztp-sample.txt", "node_files-sample.txt"} {
		b, err := os.ReadFile(filepath.Join("..", "..", "..", "testdata", "urls", f))
		if err != nil {
			t.Fatal(err)
		}
		in = append(in, strings.Split(strings.TrimSuffix(string(b), "\n"), "\n")...)
	}
	in = append(in, "", " ", "http://example.com/\r", "http:///", "http://\xff/", "http://a b/", "HTTP://Example.COM:80/x?b&a")
	if err := os.WriteFile(filepath.Join(dir, "urls.txt"), []byte(strings.Join(in, "\n")), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		key    string
		c      canon.Canonicalizer
		shards int
	}{
		{"surt", canon.Canonicalizer{Profile: canon.Archive}, 3},
		{"canon", canon.Canonicalizer{Profile: canon.Semantic, DropParams: canon.TrackingParams()}, 1},
		{"site", canon.Canonicalizer{}, 2},
	} {
		t.Run(tt.key, func(t *testing.T) {
			out := t.TempDir()
			cfg := config{input: filepath.Join(dir, "*.txt"), key: tt.key, c: tt.c, shards: tt.shards,
				output: filepath.Join(out, "loop-keys"), failures: filepath.Join(out, "loop-failed")}
			loopKeys, loopFailed, err := runLoop(cfg)
			if err != nil {
				t.Fatal(err)
			}
			cfg.output, cfg.failures = filepath.Join(out, "keys"), filepath.Join(out, "failed")
			keys, failed, err := runPipeline(context.Background(), cfg)
			if err != nil {
				t.Fatal(err)
			}
			if keys != loopKeys || failed != loopFailed || keys+failed != int64(len(in)) || failed == 0 {
				t.Errorf("pipeline %d keys, %d failures; loop %d, %d; %d lines", keys, failed, loopKeys, loopFailed, len(in))
			}
			for _, f := range []string{"keys", "failed"} {
				got := readShards(t, filepath.Join(out, f), tt.shards)
				want := readShards(t, filepath.Join(out, "loop-"+f), 1)
				slices.Sort(got)
				slices.Sort(want)
				if diff := cmp.Diff(want, got); diff != "" {
					t.Errorf("%s: pipeline's lines (-loop +pipeline):\n%s", f, diff)
				}
			}
		})
	}
}

// readShards returns the lines of the n files that writeShards writes to
// name, and fails when a line's key (up to its first tab) is in another
// shard too.
func readShards(t *testing.T, name string, n int) []string {
	t.Helper()
	var lines []string
	shardOf := map[string]int{}
	for i := range n {
		f := name
		if n > 1 {
			f = fmt.Sprintf("%s-%05d-of-%05d", name, i, n)
		}
		b, err := os.ReadFile(f)
		if n > 1 && errors.Is(err, fs.ErrNotExist) {
			continue // a shard with no line has no file
		}
		if err != nil {
			t.Fatal(err)
		}
		for _, line := range strings.Split(strings.TrimSuffix(string(b), "\n"), "\n") {
			k, _, _ := strings.Cut(line, "\t")
			if j, ok := shardOf[k]; ok && j != i {
				t.Errorf("%q in shards %d and %d", k, j, i)
			}
			shardOf[k] = i
			lines = append(lines, line)
		}
	}
	return lines
}
