// Package benchcmp compares the speed of package github.com/gouri/uri/canon
// with net/url and github.com/nlnwa/whatwg-url in the same run. It is a
// module of its own, so that the library's go.mod does not require the
// other implementation; run it from this directory:
//
//	go test -run '^$' -bench . -count 8 > bench.txt
//	benchstat -col /impl bench.txt
//
// The URLs are the samples committed in the module's testdata/urls, or the
// lists (*.txt, one URL a line) of the folder that GOURI_URLS names.
package benchcmp
