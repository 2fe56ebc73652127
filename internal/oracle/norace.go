//go:build !race

package oracle

// race is true in a build with the race detector (go test -race).
const race = false
