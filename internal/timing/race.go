//go:build race

package timing

// Race is true in a build with the race detector (go test -race).
const Race = true
