//go:build race

package oracle

// Race is true in a build with the race detector (go test -race).
const Race = true
