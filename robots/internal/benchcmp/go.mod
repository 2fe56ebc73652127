module github.com/gouri/uri/robots/internal/benchcmp

go 1.26.0

require (
	github.com/gouri/uri v0.0.0
	github.com/temoto/robotstxt v1.1.2
)

require (
	golang.org/x/net v0.62.0 // indirect
	golang.org/x/text v0.43.0 // indirect
)

replace github.com/gouri/uri => ../../..
