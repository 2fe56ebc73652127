// Package uribeam runs the keys of module github.com/gouri/uri as Apache
// Beam transforms, so that a pipeline keys billions of URLs on an engine
// that people already operate (Dataflow, Flink, Spark, or prism on one
// machine), with the same results as a loop over the library:
//
//   - [Canon]: the canonical key of each URL under any canon profile and
//     options (canon.Canonicalizer.Canon);
//   - [SURT]: the SURT key (canon.Canonicalizer.SURT; with the canon.Archive
//     profile, the key of CDX indexes);
//   - [Site]: the registrable domain of the host (package site);
//   - [Parse]: the components of the URL under the URL Standard or RFC 3986,
//     as [Parts];
//   - [Guard]: the decision of a guard policy (package guard), as a
//     [Decision].
//
// It is a module of its own, so that the library's go.mod does not require
// the Beam SDK.
//
// # Inputs and outputs
//
// Each transform takes a PCollection of URLs, strings, and returns two: the
// results, and the inputs that have none as [Failure] values, the
// dead-letter collection. Every input comes out once, in one of the two: a
// URL that fails is never dropped and never fails the bundle, whatever its
// bytes (invalid UTF-8, controls, megabytes). A Failure holds the input,
// the transform, the Kind of the error (the text of its sentinel, stable
// for grouping: "no host", "host-invalid-code-point"), the error's message
// and its offset, as values that a pipeline writes out or routes again.
//
// To keep what goes with each URL (a record, a line number, a timestamp),
// give a transform a PCollection of KV<K, string>, the URL as the value:
// the results are then KV<K, V> and the failures KV<K, Failure>, each with
// its K. [WithURL] makes such a collection from records with a URL field:
//
//	urls := uribeam.WithURL(s, captures, "URL")              // KV<Capture, string>
//	keys, failed := uribeam.SURT(s, canon.Canonicalizer{Profile: canon.Archive}, urls)
//	byKey := beam.GroupByKey(s, beam.SwapKV(s, keys))         // KV<string, []Capture>
//
// # Metrics
//
// The transforms count their outcomes with Beam counters in the namespace
// "uribeam", named by the transform (canon, surt, site, parse, guard):
// "surt/ok" counts the results, "surt/failed" the failures and
// "surt/failed/no host" those of one Kind; the guard counts "guard/allowed"
// and "guard/refused/port" by rule. A runner shows them with the job
// (Dataflow's job page, Flink's web UI), and beam.PipelineResult.Metrics
// gives them to the program.
//
// # On the workers
//
// A transform's settings (the canon.Canonicalizer, the [Reading], the
// [Policy]) travel to the workers as JSON, as Beam encodes every DoFn; each
// worker makes its function once per DoFn, in Setup. The DoFns are
// registered with Beam's register package, so that no reflection runs per
// element. Names are not resolved and nothing is fetched: [Guard] decides
// on the text of the URL (guard.Policy.Check), and a fetcher checks the
// addresses it connects to with guard.Policy.Control, as package guard says.
//
// # The example pipeline
//
// Command urikeys (cmd/urikeys) reads text files of URLs and writes the
// key of each beside it, and its failures as JSON; uribeam/README.md
// runs it on prism and on Dataflow, and compares its keys per
// second with those of a plain loop over the library.
package uribeam
