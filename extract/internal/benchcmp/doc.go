// Package benchcmp compares the speed of package
// github.com/gouri/uri/extract with mvdan.cc/xurls/v2, the regular
// expressions that Go programs use to find URLs in text, on the same text
// in the same run. It is a module of its own, so that the library's go.mod
// does not require the other implementation; run it from this directory:
//
//	go test -run '^$' -bench . -count 8 > bench.txt
//	benchstat -col /impl bench.txt
//
// The text is built from the module's committed URL samples
// (../../../testdata/urls): lines of chat, Markdown, logs and model output
// around each URL of the kasztp sample, and log lines that name the files
// of the node_files sample, with no URL. Extract's mode Default is set
// beside xurls.Strict (URLs with a scheme), mode Relaxed beside
// xurls.Relaxed (also bare domains and addresses).
package benchcmp
