// Package benchcmp compares the speed of package github.com/gouri/uri/robots
// with github.com/temoto/robotstxt, the most imported robots.txt package of
// Go, in the same run, on the same file and paths (../../testdata/bench). It
// is a module of its own, so that the library's go.mod does not require the
// other implementation; run it from this directory:
//
//	go test -run '^$' -bench . -count 10 > bench.txt
//	go run golang.org/x/perf/cmd/benchstat@latest -col /impl bench.txt
//
// TestVerdicts lists the paths on which the two disagree, and why.
package benchcmp
