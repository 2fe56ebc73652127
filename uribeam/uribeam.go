package uribeam

import (
	"fmt"
	"reflect"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/core/typex"

	"github.com/gouri/uri/canon"
)

// Canon returns the canonical key of each URL of urls under c's profile
// and options (canon.Canonicalizer.Canon), and the URLs that have none as
// Failures (Transform "canon"). urls is a PCollection of strings, giving
// keys of strings, or of KV<K, string>, giving KV<K, string> and
// KV<K, Failure> with each element's K kept (see [WithURL]). It panics,
// as beam.ParDo does, when urls is neither.
func Canon(s beam.Scope, c canon.Canonicalizer, urls beam.PCollection) (keys, failed beam.PCollection) {
	return apply(s.Scope("uribeam.Canon"), step{Op: opCanon, Canon: c}, urls, reflect.TypeFor[string]())
}

// SURT returns the SURT key of each URL of urls under c
// (canon.Canonicalizer.SURT; c with the canon.Archive profile gives the
// keys of CDX indexes, as canon.SURT does), and the URLs that have none as
// Failures (Transform "surt"). The shapes of urls and of the results are
// those of [Canon].
func SURT(s beam.Scope, c canon.Canonicalizer, urls beam.PCollection) (keys, failed beam.PCollection) {
	return apply(s.Scope("uribeam.SURT"), step{Op: opSURT, Canon: c}, urls, reflect.TypeFor[string]())
}

// Site returns the registrable domain ("eTLD+1", package site) of the
// host of each URL of urls, read as the URL Standard reads it, and as
// Failures (Transform "site") the URLs that do not parse or whose host
// has none (Kind ErrNoSite's text: an IP address, a public suffix, no
// domain). The shapes of urls and of the results are those of [Canon].
func Site(s beam.Scope, urls beam.PCollection) (sites, failed beam.PCollection) {
	return apply(s.Scope("uribeam.Site"), step{Op: opSite}, urls, reflect.TypeFor[string]())
}

// Parse returns the components of each URL of urls under the reading r,
// as [Parts], and the URLs that r rejects as Failures (Transform
// "parse"). urls is a PCollection of strings, giving Parts, or of
// KV<K, string>, giving KV<K, Parts> and KV<K, Failure>.
func Parse(s beam.Scope, r Reading, urls beam.PCollection) (parts, failed beam.PCollection) {
	return apply(s.Scope("uribeam.Parse"), step{Op: opParse, Reading: r}, urls, reflect.TypeFor[Parts]())
}

// Guard returns the decision of the policy p (guard.Policy.Check, which
// resolves no name) on each URL of urls, as a [Decision]: allowed, or
// refused by a rule. A URL that the guard refuses by rule parse (the URL
// Standard or net/url rejects it, or net/http would not dial it) is a
// Failure (Transform "guard", Kind the reason of the parser's error when
// there is one) and no Decision. urls is a PCollection of strings, giving
// Decisions, or of KV<K, string>, giving KV<K, Decision> and
// KV<K, Failure>. Guard panics, as beam.ParDo does, when p.Guard returns
// an error (a bad pattern in OnlyHosts).
func Guard(s beam.Scope, p Policy, urls beam.PCollection) (decisions, failed beam.PCollection) {
	return apply(s.Scope("uribeam.Guard"), step{Op: opGuard, Policy: p}, urls, reflect.TypeFor[Decision]())
}

// WithURL returns the elements of col, each paired with its URL as a
// KV<T, string>, the keyed input of the transforms: col is a PCollection
// of strings, each its own URL, when field is "", or of structs (or
// pointers to structs) whose exported string field of that name holds
// the URL. The results of a transform then keep each element:
// beam.SwapKV of SURT's keys gives KV<string, T>, grouped by key with
// beam.GroupByKey. It panics, as beam.ParDo does, when col's elements
// have no such field.
func WithURL(s beam.Scope, col beam.PCollection, field string) beam.PCollection {
	s = s.Scope("uribeam.WithURL")
	t := col.Type().Type()
	if field == "" {
		if t != reflect.TypeFor[string]() {
			panic(fmt.Sprintf("uribeam.WithURL: a PCollection of %v with no field named", t))
		}
		return beam.ParDo(s, &withURLFn{}, col)
	}
	st := t
	if st.Kind() == reflect.Pointer {
		st = st.Elem()
	}
	if st.Kind() != reflect.Struct {
		panic(fmt.Sprintf("uribeam.WithURL: a PCollection of %v, not of structs", t))
	}
	sf, ok := st.FieldByName(field)
	if !ok || !sf.IsExported() || sf.Type.Kind() != reflect.String {
		panic(fmt.Sprintf("uribeam.WithURL: %v has no exported string field %s", st, field))
	}
	return beam.ParDo(s, &withURLFn{Index: sf.Index}, col)
}

// apply adds the ParDo of the step st to s, over urls, whose results are
// of type result, and returns the results and the failures.
func apply(s beam.Scope, st step, urls beam.PCollection, result reflect.Type) (beam.PCollection, beam.PCollection) {
	if _, err := st.compile(); err != nil {
		panic(err)
	}
	def := beam.TypeDefinition{Var: beam.YType, T: result}
	t := urls.Type()
	switch {
	case t.Class() == typex.Concrete && t.Type() == reflect.TypeFor[string]():
		return beam.ParDo2(s, &urlFn{fn{Step: st}}, urls, def)
	case typex.IsKV(t) && t.Components()[1].Type() == reflect.TypeFor[string]():
		return beam.ParDo2(s, &keyedFn{fn{Step: st}}, urls, def)
	}
	panic(fmt.Sprintf("uribeam: a PCollection of %v, not of strings or of KV<K, string>", t))
}
