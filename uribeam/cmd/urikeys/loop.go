package main

import (
	"bufio"
	"encoding/json"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/gouri/uri/uribeam"
)

// runLoop keys the lines of the files of cfg.input in a plain loop, without
// Beam, and writes what the pipeline writes with --shards 1: the same
// lines to the same two files, in the order of the input. It reads lines
// as textio.Read does: ended by "\n" alone (a "\r" before it stays in the
// line), the last one without it when it is not empty.
func runLoop(cfg config) (keys, failed int64, err error) {
	files, err := filepath.Glob(cfg.input)
	if err != nil {
		return 0, 0, err
	}
	out, err := os.Create(cfg.output)
	if err != nil {
		return 0, 0, err
	}
	defer out.Close()
	bad, err := os.Create(cfg.failures)
	if err != nil {
		return 0, 0, err
	}
	defer bad.Close()
	w, fw := bufio.NewWriterSize(out, 1<<20), bufio.NewWriterSize(bad, 1<<20)
	key := keyFunc(cfg)
	for _, name := range files {
		f, err := os.Open(name)
		if err != nil {
			return keys, failed, err
		}
		r := bufio.NewReaderSize(f, 1<<20)
		for {
			line, err := r.ReadString('\n')
			if err != nil && err != io.EOF {
				f.Close()
				return keys, failed, err
			}
			if err == io.EOF && line == "" {
				break
			}
			line = strings.TrimSuffix(line, "\n")
			if k, err := key(line); err == nil {
				keys++
				w.WriteString(k)
				w.WriteByte('\t')
				w.WriteString(line)
				w.WriteByte('\n')
			} else {
				failed++
				b, err := json.Marshal(uribeam.FailureOf(cfg.key, line, err))
				if err != nil {
					f.Close()
					return keys, failed, err
				}
				fw.Write(b)
				fw.WriteByte('\n')
			}
			if err == io.EOF {
				break
			}
		}
		f.Close()
	}
	if err := w.Flush(); err != nil {
		return keys, failed, err
	}
	return keys, failed, fw.Flush()
}

// keyFunc returns the function of the key that cfg asks for: the one
// that the pipeline's transform applies to each line.
func keyFunc(cfg config) func(string) (string, error) {
	switch cfg.key {
	case "canon":
		return cfg.c.Canon
	case "site":
		return uribeam.SiteOf
	}
	return cfg.c.SURT
}
