module github.com/gouri/uri/extract/internal/benchcmp

go 1.26.0

require github.com/gouri/uri v0.0.0

require (
	golang.org/x/net v0.62.0 // indirect
	golang.org/x/text v0.43.0 // indirect
	mvdan.cc/xurls/v2 v2.6.0
)

replace github.com/gouri/uri => ../../..
