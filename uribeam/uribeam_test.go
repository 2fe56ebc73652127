package uribeam

import (
	"fmt"
	"log/slog"
	"net/netip"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/core/metrics"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/register"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/testing/passert"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/testing/ptest"
	"github.com/google/go-cmp/cmp"

	"github.com/gouri/uri"
	"github.com/gouri/uri/canon"
	"github.com/gouri/uri/guard"
)

// The tests run every pipeline on Beam's prism runner, in this process
// (ptest's default): no cluster and no network but the loopback
// connections between the runner and its worker.
func TestMain(m *testing.M) {
	// The runner logs each job and bundle at level INFO; a failure is
	// logged at ERROR and fails its test.
	slog.SetDefault(slog.New(slog.NewTextHandler(os.Stderr, &slog.HandlerOptions{Level: slog.LevelWarn})))
	os.Exit(withTempDir(func() int { return ptest.MainRet(m) }))
}

// withTempDir runs f with TMPDIR set to a new folder, removed after it:
// the SDK leaves an empty file named beamloopbackworker-* in os.TempDir
// for each job that it runs with a loopback worker.
func withTempDir(f func() int) int {
	dir, err := os.MkdirTemp("", "uribeam-test-")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	defer os.RemoveAll(dir)
	os.Setenv("TMPDIR", dir)
	return f()
}

// capture is a record with a URL field, as a CDX line or a crawl log has.
type capture struct {
	URL       string
	Timestamp string
}

func init() {
	beam.RegisterType(reflect.TypeFor[capture]())
	register.Function2x1(captureKey)
	register.Function2x1(captureFailure)
	register.Function1x1(failureText)
}

// captureKey writes a capture with its key, for passert.
func captureKey(c capture, key string) string { return c.Timestamp + " " + key }

// captureFailure writes a capture with the kind of its failure.
func captureFailure(c capture, f Failure) string { return c.Timestamp + " " + f.Kind }

// failureText writes the parts of a failure that the tests compare.
func failureText(f Failure) string {
	return f.Transform + " | " + f.Input + " | " + f.Kind + " | " + strings.TrimPrefix(f.Error, "uri: ")
}

// TestCanon: the keys of every profile, with options, are those of
// canon.Canonicalizer.Canon, and an input without a key is a Failure
// with the error's sentinel as its Kind, never dropped.
func TestCanon(t *testing.T) {
	c := canon.Canonicalizer{Profile: canon.Semantic, DropParams: canon.TrackingParams(), DropFragment: true}
	in := []string{
		"http://www.Example.com:80/a/%7Eb/?utm_source=x&b=2&a=1#top",
		"https://example.com./x",
		"mailto:someone@example.com",
		"http://a b/",
		"http://[::1/",
	}
	p, s := beam.NewPipelineWithRoot()
	keys, failed := Canon(s, c, beam.CreateList(s, in))
	passert.Equals(s, keys, "http://www.example.com/a/~b/?a=1&b=2", "https://example.com/x", "mailto:someone@example.com")
	passert.Equals(s, beam.ParDo(s, failureText, failed),
		`canon | http://a b/ | domain-to-ASCII | canon semantic: domain-to-ASCII (a space (U+0020) is not allowed in a host (a forbidden host code point)) at offset 8 of "http://a b/"`,
		`canon | http://[::1/ | IPv6-unclosed | canon semantic: IPv6-unclosed (the IPv6 address has no closing "]") at offset 11 of "http://[::1/"`,
	)
	ptest.RunAndValidate(t, p)
}

// TestSURT: the archive's keys (canon.SURT), lower case throughout, and
// the keys of another profile.
func TestSURT(t *testing.T) {
	p, s := beam.NewPipelineWithRoot()
	urls := beam.Create(s, "http://www.archive.org/goo/?b&a", "http://a%FFb.com/X", "HTTP://192.168.0.1:8080/x", "http://./")
	keys, failed := SURT(s, canon.Canonicalizer{Profile: canon.Archive}, urls)
	passert.Equals(s, keys, "org,archive)/goo?a&b", "com,a%ffb)/x", "1,0,168,192:8080)/x")
	passert.Equals(s, beam.ParDo(s, failureText, failed), `surt | http://./ | no host | surt archive: no host at offset 8 of "http://./"`)
	semantic, _ := SURT(s, canon.Canonicalizer{Profile: canon.Semantic}, beam.Create(s, "https://www.example.com./A?b&a"))
	passert.Equals(s, semantic, "com,example)/a?a&b")
	ptest.RunAndValidate(t, p)
}

// TestSite: the registrable domain of the URL Standard's host, and a
// Failure that says why a host has none.
func TestSite(t *testing.T) {
	p, s := beam.NewPipelineWithRoot()
	urls := beam.Create(s, "https://www.Bücher.co.uk/x", "http://a.b.github.io/", "http://127.0.0.1/", "http://com/", "mailto:x", "http://a..example.com/", "http://%zz/", "http://localhost/", "https://\"www.example.com/")
	sites, failed := Site(s, urls)
	passert.Equals(s, sites, "xn--bcher-kva.co.uk", "b.github.io")
	passert.Equals(s, beam.ParDo(s, failureText, failed),
		`site | http://127.0.0.1/ | no registrable domain | site: no registrable domain (the host "127.0.0.1" is an IP address) of "http://127.0.0.1/"`,
		`site | http://com/ | no registrable domain | site: no registrable domain (the host "com" is a public suffix) of "http://com/"`,
		`site | mailto:x | no registrable domain | site: no registrable domain (the URL has no host) of "mailto:x"`,
		`site | http://a..example.com/ | no registrable domain | site: no registrable domain (the host "a..example.com" has an empty label) of "http://a..example.com/"`,
		`site | http://localhost/ | no registrable domain | site: no registrable domain (the host "localhost" is a public suffix) of "http://localhost/"`,
		`site | https://"www.example.com/ | no registrable domain | site: no registrable domain (the host "\"www.example.com" is not a valid domain name) of "https://\"www.example.com/"`,
		`site | http://%zz/ | domain-to-ASCII | domain-to-ASCII ("%" (U+0025) is not allowed in a domain (a forbidden domain code point)) at offset 7 of "http://%zz/"`,
	)
	ptest.RunAndValidate(t, p)
}

// TestParse: the components under both readings, with what each reading
// rejects as a Failure.
func TestParse(t *testing.T) {
	p, s := beam.NewPipelineWithRoot()
	urls := beam.Create(s, "HTTP://user:pw@Example.COM:8080/a/../b?q#f", "http://a b/")
	whatwgParts, whatwgFailed := Parse(s, WHATWG, urls)
	rfcParts, rfcFailed := Parse(s, RFC3986, urls)
	passert.Equals(s, whatwgParts, Parts{Input: "HTTP://user:pw@Example.COM:8080/a/../b?q#f", URL: "http://user:pw@example.com:8080/b?q#f",
		Scheme: "http", Userinfo: "user:pw", HasUserinfo: true, Host: "example.com", HasAuthority: true, HostKind: "domain",
		Port: "8080", HasPort: true, Path: "/b", Query: "q", HasQuery: true, Fragment: "f", HasFragment: true, Site: "example.com"})
	passert.Equals(s, rfcParts, Parts{Input: "HTTP://user:pw@Example.COM:8080/a/../b?q#f", URL: "HTTP://user:pw@Example.COM:8080/a/../b?q#f",
		Scheme: "HTTP", Userinfo: "user:pw", HasUserinfo: true, Host: "Example.COM", HasAuthority: true, HostKind: "reg-name",
		Port: "8080", HasPort: true, Path: "/a/../b", Query: "q", HasQuery: true, Fragment: "f", HasFragment: true, Site: "example.com"})
	passert.Equals(s, beam.ParDo(s, failureText, whatwgFailed),
		`parse | http://a b/ | domain-to-ASCII | domain-to-ASCII (a space (U+0020) is not allowed in a host (a forbidden host code point)) at offset 8 of "http://a b/"`)
	passert.Equals(s, beam.ParDo(s, failureText, rfcFailed),
		`parse | http://a b/ | invalid character | invalid character " " in authority at offset 8 of "http://a b/"`)
	ptest.RunAndValidate(t, p)
}

// TestGuard: allowed URLs with what net/http dials, refusals with their
// rules, a policy's fields on the workers (a port, an allowlist), and a
// URL that no reading reads as a Failure.
func TestGuard(t *testing.T) {
	p, s := beam.NewPipelineWithRoot()
	urls := beam.Create(s, "https://example.com/x", "http://127.1/", "http://example.com:6379/", "ftp://example.com/", "http://a b/")
	decisions, failed := Guard(s, Policy{}, urls)
	passert.Equals(s, decisions,
		Decision{Input: "https://example.com/x", Allowed: true, Dial: "example.com:443", Offset: uri.NoOffset},
		refusal(t, guard.Policy{}, "http://127.1/"),
		refusal(t, guard.Policy{}, "http://example.com:6379/"),
		refusal(t, guard.Policy{}, "ftp://example.com/"),
	)
	passert.Equals(s, beam.ParDo(s, failureText, failed),
		`guard | http://a b/ | domain-to-ASCII | guard: refused "http://a b/": parse: the URL Standard rejects it: domain-to-ASCII (a space (U+0020) is not allowed in a host (a forbidden host code point)) at offset 8`)
	// A trusted host, compiled on the workers from its pattern.
	trusted, _ := Guard(s, Policy{Hosts: []string{"localhost"}}, beam.Create(s, "http://LocalHost./x", "http://127.0.0.1/"))
	passert.Equals(s, trusted,
		Decision{Input: "http://LocalHost./x", Allowed: true, Dial: "LocalHost.:80", Offset: uri.NoOffset},
		refusal(t, guard.Policy{}, "http://127.0.0.1/"),
	)
	ptest.RunAndValidate(t, p)
}

// refusal returns the Decision that g makes of a URL that it refuses.
func refusal(t *testing.T, g guard.Policy, in string) Decision {
	t.Helper()
	_, err := g.Check(in)
	e, ok := err.(*guard.Error)
	if !ok {
		t.Fatalf("Check(%q) = %v, not a refusal", in, err)
	}
	return Decision{Input: in, Rule: e.Rule, Reading: e.Reading, Reason: e.Reason(), Offset: e.Offset}
}

// TestWithURL: records keyed by the URL in a field keep their record
// through the transform, failures included.
func TestWithURL(t *testing.T) {
	p, s := beam.NewPipelineWithRoot()
	records := beam.Create(s, capture{URL: "http://www.example.com/a/", Timestamp: "20240101"}, capture{URL: "http:///", Timestamp: "20240102"})
	keys, failed := SURT(s, canon.Canonicalizer{Profile: canon.Archive}, WithURL(s, records, "URL"))
	passert.Equals(s, beam.ParDo(s, captureKey, keys), "20240101 com,example)/a")
	passert.Equals(s, beam.ParDo(s, captureFailure, failed), "20240102 no host")
	self, _ := Site(s, WithURL(s, beam.Create(s, "https://a.example.org/"), ""))
	passert.Equals(s, beam.DropKey(s, self), "example.org")
	ptest.RunAndValidate(t, p)
}

// TestMetrics: the counters of the namespace "uribeam" count results and
// failures by transform and kind, and guard's decisions by rule.
func TestMetrics(t *testing.T) {
	p, s := beam.NewPipelineWithRoot()
	urls := beam.Create(s, "http://example.com/", "http://127.0.0.1/", "http://a b/", "mailto:x", "http://example.org/")
	Canon(s, canon.Canonicalizer{Profile: canon.SafeBrowsing}, urls)
	Guard(s, Policy{Networks: []netip.Prefix{netip.MustParsePrefix("127.0.0.0/8")}, Ports: []uint16{8080}}, urls)
	pr := ptest.RunAndValidate(t, p)
	got := map[string]int64{}
	for _, c := range pr.Metrics().Query(func(r metrics.SingleResult) bool { return r.Namespace() == namespace }).Counters() {
		got[c.Name()] += c.Result()
	}
	want := map[string]int64{
		"canon/ok": 4, "canon/failed": 1, "canon/failed/no host": 1, // Safe Browsing escapes the space
		"guard/allowed": 3, "guard/refused/scheme": 1, "guard/failed": 1, "guard/failed/domain-to-ASCII": 1,
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("counters (-want +got):\n%s", diff)
	}
}

// TestEveryInput: over the module's committed samples of real URLs and
// hostile inputs, each transform gives exactly what a plain loop over
// the library gives, and every input comes out once, as a result or as
// a Failure: none is lost, none crashes a worker.
func TestEveryInput(t *testing.T) {
	in := append(samples(t), "", "\x00", "http://\xff\xfe/", "http://a/"+strings.Repeat("%41", 1<<16), "http://["+strings.Repeat("1:", 5000)+"]/", " \t\n")
	c := canon.Canonicalizer{Profile: canon.Aggressive, DropParams: canon.TrackingParams()}
	loop := func(f func(string) (string, error), op string) (keys, failed []string) {
		for _, s := range in {
			if k, err := f(s); err == nil {
				keys = append(keys, k)
			} else {
				failed = append(failed, failureText(FailureOf(op, s, err)))
			}
		}
		return keys, failed
	}
	p, s := beam.NewPipelineWithRoot()
	urls := beam.CreateList(s, in)
	check := func(got, gotFailed beam.PCollection, f func(string) (string, error), op string) {
		keys, failed := loop(f, op)
		passert.EqualsList(s, got, keys)
		passert.EqualsList(s, beam.ParDo(s, failureText, gotFailed), failed)
	}
	keys, failed := Canon(s, c, urls)
	check(keys, failed, c.Canon, opCanon)
	keys, failed = SURT(s, canon.Canonicalizer{Profile: canon.Archive}, urls)
	check(keys, failed, canon.SURT, opSURT)
	keys, failed = Site(s, urls)
	check(keys, failed, SiteOf, opSite)
	parts, failed := Parse(s, RFC3986, urls)
	passert.Count(s, parts, "parts", countOK(in, func(s string) error { _, err := uri.Parse(s); return err }))
	passert.Count(s, failed, "parse failures", len(in)-countOK(in, func(s string) error { _, err := uri.Parse(s); return err }))
	decisions, failed := Guard(s, Policy{}, urls)
	g := &guard.Policy{}
	refusedByParse := len(in) - countOK(in, func(s string) error {
		if _, err := g.Check(s); err != nil && err.(*guard.Error).Rule == guard.RuleParse {
			return err
		}
		return nil
	})
	passert.Count(s, decisions, "decisions", len(in)-refusedByParse)
	passert.Count(s, failed, "guard failures", refusedByParse)
	ptest.RunAndValidate(t, p)
}

// countOK returns the number of inputs on which f returns no error.
func countOK(in []string, f func(string) error) int {
	n := 0
	for _, s := range in {
		if f(s) == nil {
			n++
		}
	}
	return n
}

// samples returns the URLs of the module's committed samples of real
// URLs (testdata/urls at the root of the repository).
func samples(t *testing.T) []string {
	t.Helper()
	files, _ := filepath.Glob(filepath.Join("..", "testdata", "urls", "*-sample.txt"))
	if len(files) == 0 {
		t.Fatal("no URL samples in ../testdata/urls")
	}
	var urls []string
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		urls = append(urls, strings.Split(strings.TrimSuffix(string(b), "\n"), "\n")...)
	}
	return urls
}

// TestConstruction: a transform refuses, when the pipeline is built, a
// PCollection that it cannot read, a field that is not there and a policy
// whose allowlist has a bad pattern, as beam.ParDo refuses a DoFn that
// does not fit: it panics.
func TestConstruction(t *testing.T) {
	for _, tt := range []struct {
		name  string
		build func(s beam.Scope)
		want  string
	}{
		{"ints", func(s beam.Scope) { Canon(s, canon.Canonicalizer{}, beam.Create(s, 1, 2)) }, "not of strings or of KV<K, string>"},
		{"KV of ints", func(s beam.Scope) {
			SURT(s, canon.Canonicalizer{}, beam.ParDo(s, func(s string) (string, int) { return s, 1 }, beam.Create(s, "a")))
		}, "not of strings or of KV<K, string>"},
		{"no field", func(s beam.Scope) { WithURL(s, beam.Create(s, capture{}), "Href") }, "has no exported string field Href"},
		{"not a struct", func(s beam.Scope) { WithURL(s, beam.Create(s, 1), "URL") }, "not of structs"},
		{"strings with a field", func(s beam.Scope) { WithURL(s, beam.Create(s, "a"), "URL") }, "not of structs"},
		{"bad pattern", func(s beam.Scope) { Guard(s, Policy{OnlyHosts: []string{"*.com"}}, beam.Create(s, "a")) }, "invalid host pattern"},
		{"bad trusted host", func(s beam.Scope) { Guard(s, Policy{Hosts: []string{"a b"}}, beam.Create(s, "a")) }, "invalid host pattern"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			defer func() {
				r := recover()
				if r == nil || !strings.Contains(fmt.Sprint(r), tt.want) {
					t.Errorf("panic %v; want one that says %q", r, tt.want)
				}
			}()
			_, s := beam.NewPipelineWithRoot()
			tt.build(s)
		})
	}
}
