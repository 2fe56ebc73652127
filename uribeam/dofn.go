package uribeam

import (
	"context"
	"reflect"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/register"
)

func init() {
	register.DoFn4x0[context.Context, string, func(beam.Y), func(Failure)](&urlFn{})
	register.DoFn5x0[context.Context, beam.X, string, func(beam.X, beam.Y), func(beam.X, Failure)](&keyedFn{})
	register.DoFn1x2[beam.T, beam.T, string](&withURLFn{})
	register.Emitter1[beam.Y]()
	register.Emitter1[Failure]()
	register.Emitter2[beam.X, beam.Y]()
	register.Emitter2[beam.X, Failure]()
	beam.RegisterType(reflect.TypeFor[Parts]())
	beam.RegisterType(reflect.TypeFor[Decision]())
}

// fn is what the two DoFns of the transforms share: the step, which is
// all that is encoded for the workers, and on a worker its function and
// its counters.
type fn struct {
	Step  step
	run   func(string) (any, error)
	count *counters
}

// Setup makes the function of the step, once per DoFn on a worker.
func (f *fn) Setup() error {
	run, err := f.Step.compile()
	if err != nil {
		return err
	}
	f.run, f.count = run, &counters{op: f.Step.Op}
	return nil
}

// apply runs the step on in and counts the outcome: the result, or the
// Failure and false.
func (f *fn) apply(ctx context.Context, in string) (any, Failure, bool) {
	v, err := f.run(in)
	if err != nil {
		fl := FailureOf(f.Step.Op, in, err)
		f.count.failure(ctx, fl.Kind)
		return nil, fl, false
	}
	f.count.result(ctx, v)
	return v, Failure{}, true
}

// urlFn applies a step to a PCollection of URLs.
type urlFn struct{ fn }

// ProcessElement emits the result of the URL in, or its Failure.
func (f *urlFn) ProcessElement(ctx context.Context, in string, emit func(beam.Y), fail func(Failure)) {
	if v, fl, ok := f.apply(ctx, in); ok {
		emit(v)
	} else {
		fail(fl)
	}
}

// keyedFn applies a step to the URLs of a PCollection of KV<K, string>,
// keeping each key.
type keyedFn struct{ fn }

// ProcessElement emits k with the result of the URL in, or with its
// Failure.
func (f *keyedFn) ProcessElement(ctx context.Context, k beam.X, in string, emit func(beam.X, beam.Y), fail func(beam.X, Failure)) {
	if v, fl, ok := f.apply(ctx, in); ok {
		emit(k, v)
	} else {
		fail(k, fl)
	}
}

// withURLFn pairs an element with its URL: the element itself, a string,
// when Index is nil, or its string field at Index (reflect's FieldByIndex).
type withURLFn struct {
	Index []int
}

// ProcessElement returns elem and its URL.
func (f *withURLFn) ProcessElement(elem beam.T) (beam.T, string) {
	if f.Index == nil {
		return elem, elem.(string)
	}
	v := reflect.ValueOf(elem)
	if v.Kind() == reflect.Pointer {
		if v.IsNil() {
			return elem, "" // no URL, which every transform refuses
		}
		v = v.Elem()
	}
	return elem, v.FieldByIndex(f.Index).String()
}
