package testrows

import (
	"slices"
	"strconv"
	"testing"
)

// Known is the list of known failures of a conformance suite, or of one
// file of it, in the way of rust-url's expected_failures.txt: each key
// names a case as the suite's test names it (usually its input), each
// value says why the module reads that case otherwise than the suite. A
// test gives the outcome of every case to an Expect made with it.
type Known map[string]string

// Expect checks the outcomes of the cases of one vector file against its
// known failures. A failure that the list does not name fails the test, as
// does a case that the list names and that passes: the list must shrink
// when the module gets better, so that it never hides a regression.
type Expect struct {
	tb         testing.TB
	file       string
	known      Known
	seen       map[string]bool
	total      int
	pass, fail int // passed; failed as listed
}

// NewExpect returns an Expect for the cases of file (a name for messages)
// with the known failures known, which may be nil: every case must pass.
func NewExpect(tb testing.TB, file string, known Known) *Expect {
	return &Expect{tb: tb, file: file, known: known, seen: map[string]bool{}}
}

// Case records the outcome of the case id: failure is "" when the case
// passed, and otherwise says what went wrong, with the call and its input.
// An unknown failure or a known failure that passes fails the test.
func (e *Expect) Case(id, failure string) {
	e.tb.Helper()
	e.seen[id] = true
	e.total++
	reason, known := e.known[id]
	switch {
	case failure == "" && known:
		e.tb.Errorf("%s: %s passes, but it is listed as a known failure (%s): remove it from the list", e.file, strconv.Quote(id), reason)
	case failure == "":
		e.pass++
	case known:
		e.fail++
	default:
		e.tb.Errorf("%s: %s", e.file, failure)
	}
}

// Done fails the test for each known failure that no case had (a list
// that names a case the vectors no longer hold is out of date), and logs
// the counts.
func (e *Expect) Done() {
	e.tb.Helper()
	var gone []string
	for id := range e.known {
		if !e.seen[id] {
			gone = append(gone, id)
		}
	}
	slices.Sort(gone)
	for _, id := range gone {
		e.tb.Errorf("%s: the known failure %s is no case of the file: remove it from the list", e.file, strconv.Quote(id))
	}
	e.tb.Logf("%s: %d of %d cases pass, %d known failures", e.file, e.pass, e.total, e.fail)
}
