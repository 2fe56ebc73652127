module github.com/gouri/uri

go 1.24

require github.com/google/go-cmp v0.7.0

require (
	golang.org/x/net v0.43.0
	golang.org/x/text v0.28.0 // indirect
)
