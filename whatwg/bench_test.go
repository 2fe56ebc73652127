package whatwg

import (
	"net/url"
	"strings"
	"testing"

	"github.com/gouri/uri"
	"github.com/gouri/uri/internal/testrows"
)

// urlSet is a named list of URLs that a benchmark runs through.
type urlSet struct {
	name  string
	lines []string
}

// benchSets returns the committed samples of real-world URLs (see
// ../testdata/urls/README.md), each named by its file, and the lists of
// GOURI_URLS (see testrows.ExternalURLs), named corpus-<file> as the root
// package's benchmarks name them: the full lists that the samples come
// from can be measured without being committed.
func benchSets(tb testing.TB) []urlSet {
	var sets []urlSet
	for _, name := range testrows.Samples() {
		sets = append(sets, urlSet{strings.TrimSuffix(name, "-sample.txt"), testrows.URLs(tb, name)})
	}
	for _, l := range testrows.ExternalURLs(tb) {
		sets = append(sets, urlSet{"corpus-" + l.Name, l.URLs})
	}
	return sets
}

// BenchmarkParseWHATWG parses the URLs of each sample file, and of each list
// of GOURI_URLS, one per operation and takes the href: Parse and Href here
// (impl=gouri), url.Parse and String in net/url (impl=net-url). Most lines
// are already in serialized form, so that the href is the input itself;
// the rows rewrite=NAME run the same lines changed by one of rewrites, so
// that the parser must write every href. Compare with
//
//	GOURI_URLS=path/to/lists go test -run '^$' -bench ParseWHATWG -benchmem -count 8 ./whatwg > bench.txt
//	go run golang.org/x/perf/cmd/benchstat@latest -col /impl bench.txt
func BenchmarkParseWHATWG(b *testing.B) {
	for _, set := range benchSets(b) {
		benchParseLines(b, "file="+set.name, set.lines)
		for _, r := range rewrites {
			lines := make([]string, len(set.lines))
			for i, l := range set.lines {
				lines[i] = rewrite(l, r.change)
			}
			benchParseLines(b, "file="+set.name+"/rewrite="+r.name, lines)
		}
	}
}

// benchParseLines runs Parse and Href, and url.Parse and String, over
// lines, as the sub-benchmarks name/impl=gouri and name/impl=net-url.
func benchParseLines(b *testing.B, name string, lines []string) {
	n := 0
	for _, l := range lines {
		n += len(l)
	}
	size := n / len(lines)
	b.Run(name+"/impl=gouri", func(b *testing.B) {
		testrows.Cycle(b, len(lines), size, func(i int) {
			if u, err := Parse(lines[i]); err == nil {
				sink = u.Href()
			}
		})
	})
	b.Run(name+"/impl=net-url", func(b *testing.B) {
		testrows.Cycle(b, len(lines), size, func(i int) {
			if u, err := url.Parse(lines[i]); err == nil {
				sink = u.String()
			}
		})
	})
}

// rewrites are changes to a line of a URL list, each of which makes the
// parser of the URL Standard (section 4.4) write an href that differs from
// the input, and which net/url accepts too. change gets the line cut in
// three: the scheme, the authority after "://", and the rest, from the
// path on.
var rewrites = []struct {
	name   string
	change func(scheme, authority, rest string) string
}{
	// The scheme state lower-cases the scheme: "HTTPS://" becomes "https://".
	{"upper-scheme", func(s, a, r string) string { return upperASCII(s) + "://" + a + r }},
	// The domain parser lower-cases an ASCII host (section 3.3).
	{"upper-host", func(s, a, r string) string { return s + "://" + upperASCII(a) + r }},
	// A "\" is a "/" in a special URL's path.
	{"backslash", func(s, a, r string) string { return s + "://" + a + intoPath(r, `a\`) }},
	// A "." segment is removed.
	{"dot-segment", func(s, a, r string) string { return s + "://" + a + intoPath(r, "./") }},
	// A space in the path is percent-encoded as "%20".
	{"space", func(s, a, r string) string { return s + "://" + a + intoPath(r, "a b/") }},
}

// rewrite cuts l at its "://" and at the end of the authority, and
// returns what change makes of it; l itself when it has no "://".
func rewrite(l string, change func(scheme, authority, rest string) string) string {
	scheme, after, ok := strings.Cut(l, "://")
	if !ok {
		return l
	}
	k := strings.IndexAny(after, "/?#\\")
	if k < 0 {
		k = len(after)
	}
	return change(scheme, after[:k], after[k:])
}

// intoPath puts x after the first "/" of rest, the part of a URL from the
// path on; before rest, after a "/", when the path is empty.
func intoPath(rest, x string) string {
	if strings.HasPrefix(rest, "/") {
		return "/" + x + rest[1:]
	}
	return "/" + x + rest
}

// upperASCII returns s with its ASCII letters in upper case.
func upperASCII(s string) string {
	b := []byte(s)
	for i, c := range b {
		if 'a' <= c && c <= 'z' {
			b[i] = c - 0x20
		}
	}
	return string(b)
}

// BenchmarkResolveWHATWG resolves each reference against 500 parsed bases
// (webBases): base.Parse(ref) and Href (impl=gouri) against the same job in
// net/url, base.Parse(ref) and String (impl=net-url), which parses the
// reference and calls ResolveReference. impl=net-url-parsed-ref is
// ResolveReference and String on a reference parsed before the loop, the
// part of net/url's time that is resolution alone.
func BenchmarkResolveWHATWG(b *testing.B) {
	bases, nu := webBases(b)
	for _, rk := range testrows.ResolveShapes {
		size := 0
		for _, u := range bases {
			size += len(u.Href()) + len(rk.Ref)
		}
		size /= len(bases)
		nref, err := url.Parse(rk.Ref)
		if err != nil {
			b.Fatal(err)
		}
		bench := func(name string, op func(i int)) {
			b.Run("shape="+rk.Name+"/impl="+name, func(b *testing.B) { testrows.Cycle(b, len(bases), size, op) })
		}
		bench("gouri", func(i int) {
			if u, err := bases[i].Parse(rk.Ref); err == nil {
				sink = u.Href()
			}
		})
		bench("net-url", func(i int) {
			if u, err := nu[i].Parse(rk.Ref); err == nil {
				sink = u.String()
			}
		})
		bench("net-url-parsed-ref", func(i int) { sink = nu[i].ResolveReference(nref).String() })
	}
}

// BenchmarkRelativizeWHATWG finds, for each base of webBases and the URL
// that each shape of reference resolves to against it, the shortest string
// that resolves back (base.Relativize(target), op=relativize), beside
// resolving the shape's reference (base.Parse(ref) and Href, op=resolve,
// the row impl=gouri of BenchmarkResolveWHATWG). Compare with
//
//	go test -run '^$' -bench RelativizeWHATWG -benchmem -count 8 ./whatwg > rel.txt
//	go run golang.org/x/perf/cmd/benchstat@latest -col /op rel.txt
func BenchmarkRelativizeWHATWG(b *testing.B) {
	bases, _ := webBases(b)
	for _, rk := range testrows.ResolveShapes {
		targets := make([]URL, len(bases))
		size := 0
		for i, u := range bases {
			t, err := u.Parse(rk.Ref)
			if err != nil {
				b.Fatal(err)
			}
			targets[i] = t
			size += len(u.Href()) + len(t.Href())
		}
		size /= len(bases)
		bench := func(op string, f func(i int)) {
			b.Run("shape="+rk.Name+"/op="+op, func(b *testing.B) { testrows.Cycle(b, len(bases), size, f) })
		}
		bench("relativize", func(i int) { sink = bases[i].Relativize(targets[i]) })
		bench("resolve", func(i int) {
			if u, err := bases[i].Parse(rk.Ref); err == nil {
				sink = u.Href()
			}
		})
	}
}

// webBases returns the first 500 lines of the web sample that the root
// package, net/url and Parse all accept (the root package's benchmark
// bases), parsed by Parse and by url.Parse.
func webBases(b *testing.B) ([]URL, []*url.URL) {
	var bases []URL
	var nu []*url.URL
	for _, s := range testrows.URLs(b, testrows.WebSample) {
		if len(bases) == 500 {
			break
		}
		if _, err := uri.ParseURI(s); err != nil {
			continue
		}
		n, err := url.Parse(s)
		if err != nil {
			continue
		}
		u, err := Parse(s)
		if err != nil {
			continue
		}
		bases = append(bases, u)
		nu = append(nu, n)
	}
	if len(bases) < 500 {
		b.Fatalf("only %d usable bases", len(bases))
	}
	return bases, nu
}

// BenchmarkSettersWHATWG runs each setter of section 6.1 once per operation
// on a copy of one of the bases of webBases, with a value that the setter
// must rewrite (upper case, a space, a dot segment, a backslash), and takes
// the href.
func BenchmarkSettersWHATWG(b *testing.B) {
	bases, _ := webBases(b)
	setters := []struct {
		name  string
		value string
		set   func(u *URL, v string) error
	}{
		{"href", "HTTPS://Example.COM/a/../b c", (*URL).SetHref},
		{"protocol", "HTTP", (*URL).SetProtocol},
		{"username", "user name", (*URL).SetUsername},
		{"host", "WWW.Example.COM:8080", (*URL).SetHost},
		{"hostname", "Example.ORG", (*URL).SetHostname},
		{"port", "8080", (*URL).SetPort},
		{"pathname", `/a b/./c\d`, (*URL).SetPathname},
		{"search", "?q=a b&c=d", (*URL).SetSearch},
		{"hash", "#x y", (*URL).SetHash},
	}
	for _, st := range setters {
		size := 0
		for _, u := range bases {
			size += len(u.Href()) + len(st.value)
		}
		size /= len(bases)
		b.Run("setter="+st.name, func(b *testing.B) {
			testrows.Cycle(b, len(bases), size, func(i int) {
				u := bases[i]
				if st.set(&u, st.value) == nil {
					sink = u.Href()
				}
			})
		})
	}
}

// sink keeps results alive in benchmarks.
var sink string
