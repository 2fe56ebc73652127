package uribeam

import (
	"context"
	"errors"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"

	"github.com/gouri/uri"
	"github.com/gouri/uri/guard"
)

// Failure is an input that a transform could not turn into a result: an
// element of the dead-letter collection that every transform returns
// beside its results. It holds the input as it was given and the error as
// values, so that a pipeline can write it out, count it or route it again.
type Failure struct {
	// Input is the URL as it was given.
	Input string
	// Transform names the transform that failed: "canon", "surt", "site",
	// "parse" or "guard", as the metrics name it.
	Transform string
	// Kind is the reason, stable across releases, for grouping and
	// counting: the text of the sentinel in the error's Err ("no host",
	// "port is not a number", or a validation error of the URL Standard
	// such as "host-invalid-code-point"; see uri.Error).
	Kind string
	// Error is the error's message, as uri.Error.Error writes it.
	Error string
	// Offset is the byte offset in Input of the fault, or uri.NoOffset
	// (-1) when the error knows none.
	Offset int
}

// FailureOf returns the Failure of input under the transform named
// transform ("canon", "surt", "site", "parse", "guard"), from the error err
// that the library returned for it: the element that each transform puts
// in its dead-letter collection, for a program that keys URLs without Beam
// and writes the same failures. Kind is the text of the sentinel in a
// *uri.Error's Err, or of a *guard.Error's Err (its Cause's, when it has
// one); "error" for an error that is neither.
func FailureOf(transform, input string, err error) Failure {
	f := Failure{Input: input, Transform: transform, Kind: "error", Error: err.Error(), Offset: uri.NoOffset}
	var ge *guard.Error
	if errors.As(err, &ge) && ge.Err != nil {
		f.Kind, f.Offset = ge.Err.Error(), ge.Offset
	}
	var ue *uri.Error
	if errors.As(err, &ue) && ue.Err != nil {
		// A refusal of the guard whose cause is a parser's error is
		// counted by that error's reason, as the other transforms count
		// the same input.
		f.Kind = ue.Err.Error()
		if ue.Input == input {
			f.Offset = ue.Offset
		}
	}
	return f
}

// namespace is the namespace of the metrics of the transforms.
const namespace = "uribeam"

// counters are the counters of a transform's outcomes, each made once on
// a worker: "OP/ok" for each result ("OP/allowed" and "OP/refused/RULE"
// for the guard's decisions), "OP/failed" for each failure and
// "OP/failed/KIND" by its kind, OP the transform's name.
type counters struct {
	op    string
	cache map[string]beam.Counter // by the name after "OP/"
}

// inc adds one to the counter OP/name.
func (c *counters) inc(ctx context.Context, name string) {
	x, ok := c.cache[name]
	if !ok {
		if c.cache == nil {
			c.cache = map[string]beam.Counter{}
		}
		x = beam.NewCounter(namespace, c.op+"/"+name)
		c.cache[name] = x
	}
	x.Inc(ctx, 1)
}

// result counts the result v of the transform.
func (c *counters) result(ctx context.Context, v any) {
	d, ok := v.(Decision)
	switch {
	case !ok:
		c.inc(ctx, "ok")
	case d.Allowed:
		c.inc(ctx, "allowed")
	default:
		c.inc(ctx, "refused/"+string(d.Rule))
	}
}

// failure counts a failure of the kind kind.
func (c *counters) failure(ctx context.Context, kind string) {
	c.inc(ctx, "failed")
	c.inc(ctx, "failed/"+kind)
}
