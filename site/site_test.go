package site_test

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"golang.org/x/net/publicsuffix"

	"github.com/gouri/uri"
	"github.com/gouri/uri/site"
)

// siteResult is what RegistrableDomain returns.
type siteResult struct {
	Domain string
	OK     bool
}

func TestRegistrableDomain(t *testing.T) {
	none := siteResult{}
	tests := []struct {
		name string
		host string
		want siteResult
	}{
		{"a name under an ICANN suffix", "example.com", siteResult{"example.com", true}},
		{"a subdomain", "www.example.com", siteResult{"example.com", true}},
		{"lower case", "WWW.Example.COM", siteResult{"example.com", true}},
		{"a two-label ICANN suffix", "www.example.co.uk", siteResult{"example.co.uk", true}},
		{"a top-level domain is a public suffix", "com", none},
		{"a two-label public suffix", "co.uk", none},
		{"a single label", "localhost", none},
		{"a single unlisted label: rule *", "intranet", none},
		{"an unlisted top-level domain: rule *", "a.b.example", siteResult{"b.example", true}},
		{"wildcard rule *.ck: the suffix itself", "test.ck", none},
		{"wildcard rule *.ck: one label more", "b.test.ck", siteResult{"b.test.ck", true}},
		{"wildcard rule *.ck: two labels more", "a.b.test.ck", siteResult{"b.test.ck", true}},
		{"exception rule !www.ck", "www.ck", siteResult{"www.ck", true}},
		{"exception rule !www.ck, subdomain", "a.www.ck", siteResult{"www.ck", true}},
		{"private section: github.io", "github.io", none},
		{"private section: a GitHub Pages site", "whatwg.github.io", siteResult{"whatwg.github.io", true}},
		{"private section: its subdomain", "a.whatwg.github.io", siteResult{"whatwg.github.io", true}},
		{"private section: blogspot.com", "blogspot.com", none},
		{"private section: a blog", "x.blogspot.com", siteResult{"x.blogspot.com", true}},
		{"IDN, IRI form", "www.bücher.de", siteResult{"xn--bcher-kva.de", true}},
		{"IDN, percent-encoded UTF-8", "WWW.B%C3%BCcher.DE", siteResult{"xn--bcher-kva.de", true}},
		{"IDN, A-labels", "www.xn--bcher-kva.de", siteResult{"xn--bcher-kva.de", true}},
		{"IDN suffix (公司.cn)", "www.食狮.公司.cn", siteResult{"xn--85x722f.xn--55qx5d.cn", true}},
		{"percent-encoded ASCII", "ex%61mple.com", siteResult{"example.com", true}},
		{"underscore, which STD3 rejects and URLs allow", "_dmarc.Example.com", siteResult{"example.com", true}},
		{"underscore and an encoding", "my_h%6Fst.example.com", siteResult{"example.com", true}},
		{"a bad A-label", "xn--a.example.com", none},
		{"a bad A-label with an underscore", "xn--a_b.example.com", none},
		{"RFC 3986 7.4: IPv4address", "127.0.0.1", none},
		{"RFC 3986 7.4: hexadecimal IPv4", "0x7f.1", none},
		{"RFC 3986 7.4: one number", "2130706433", none},
		{"RFC 3986 7.4: percent-encoded", "%31%32%37.0.0.1", none},
		{"RFC 3987: full-width digits", "１２７.０.０.１", none},
		{"IP-literal", "[::1]", none},
		{"IPvFuture", "[v1.x]", none},
		{"unclosed bracket", "[::1", none},
		{"ends in a number", "1.2.3.256", none},
		{"ends in a number after a name", "example.123", none},
		{"ends in a hexadecimal number", "example.0x1F", none},
		{"ends in 0x", "example.0x", none},
		{"0x and a letter past f is a name", "example.0xg", siteResult{"example.0xg", true}},
		{"digits inside a label", "a.b2", siteResult{"a.b2", true}},
		{"final dot kept", "www.example.com.", siteResult{"example.com.", true}},
		{"final dot on a suffix", "com.", none},
		{"two final dots", "example.com..", none},
		{"only a dot", ".", none},
		{"empty label", "a..example.com", none},
		{"leading dot", ".example.com", none},
		{"empty", "", none},
		{"space", "exa mple.com", none},
		{"bad percent", "a%zz.com", none},
		{"a port is not part of a host", "example.com:80", none},
		{"invalid IDNA: mixed directions", "a\u05d0.example.com", none},
		{"invalid UTF-8", "\xff.example.com", none},
	}
	for _, tt := range tests {
		d, ok := site.RegistrableDomain(tt.host)
		if diff := cmp.Diff(tt.want, siteResult{d, ok}); diff != "" {
			t.Errorf("%s: RegistrableDomain(%q) (-want +got):\n%s", tt.name, tt.host, diff)
		}
	}
}

// TestPublicSuffixSections checks that the list in use has the sections the
// rows above rely on: the private section (github.io, blogspot.com) besides
// the ICANN one, with its wildcard and exception rules.
func TestPublicSuffixSections(t *testing.T) {
	tests := []struct {
		domain, suffix string
		icann          bool
	}{
		{"example.co.uk", "co.uk", true},
		{"a.test.ck", "test.ck", true},      // *.ck
		{"a.www.ck", "ck", true},            // !www.ck
		{"x.github.io", "github.io", false}, // private
		{"x.blogspot.com", "blogspot.com", false},
	}
	for _, tt := range tests {
		s, icann := publicsuffix.PublicSuffix(tt.domain)
		if s != tt.suffix || icann != tt.icann {
			t.Errorf("publicsuffix.PublicSuffix(%q) = %q, %v; want %q, %v", tt.domain, s, icann, tt.suffix, tt.icann)
		}
	}
}

// TestRegistrableDomainPSLTests runs the test cases of the Public Suffix
// List (its tests/test_psl.txt), as golang.org/x/net keeps them in
// publicsuffix/list_test.go in the module cache. They are read from there
// at test time, with go/parser, rather than copied.
func TestRegistrableDomainPSLTests(t *testing.T) {
	goCmd, err := exec.LookPath("go")
	if err != nil {
		t.Skip("no go command to find golang.org/x/net in the module cache")
	}
	cmd := exec.Command(goCmd, "list", "-m", "-f", "{{.Dir}}", "golang.org/x/net")
	cmd.Env = append(os.Environ(), "GOPROXY=off")
	out, err := cmd.Output()
	dir := strings.TrimSpace(string(out))
	if err != nil || dir == "" {
		t.Skipf("golang.org/x/net is not in the module cache (go list: %v)", err)
	}
	file := filepath.Join(dir, "publicsuffix", "list_test.go")
	cases, err := readPSLTestCases(file)
	if err != nil {
		t.Skipf("the Public Suffix List's test cases: %v", err)
	}
	for _, c := range cases {
		d, ok := site.RegistrableDomain(c.domain)
		want := siteResult{c.want, c.want != ""}
		if diff := cmp.Diff(want, siteResult{d, ok}); diff != "" {
			t.Errorf("%s:%d: RegistrableDomain(%q) (-want +got):\n%s", filepath.Base(file), c.line, c.domain, diff)
		}
	}
	t.Logf("%d cases from %s", len(cases), file)
}

type pslCase struct {
	domain, want string
	line         int
}

// readPSLTestCases reads the pairs of string literals of the variable
// eTLDPlusOneTestCases in a Go source file.
func readPSLTestCases(file string) ([]pslCase, error) {
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, file, nil, 0)
	if err != nil {
		return nil, err
	}
	var cases []pslCase
	ast.Inspect(f, func(n ast.Node) bool {
		spec, ok := n.(*ast.ValueSpec)
		if !ok || len(spec.Names) != 1 || spec.Names[0].Name != "eTLDPlusOneTestCases" || len(spec.Values) != 1 {
			return true
		}
		list, ok := spec.Values[0].(*ast.CompositeLit)
		if !ok {
			return false
		}
		for _, e := range list.Elts {
			pair, ok := e.(*ast.CompositeLit)
			if !ok || len(pair.Elts) != 2 {
				continue
			}
			var s [2]string
			for i, x := range pair.Elts {
				lit, ok := x.(*ast.BasicLit)
				if !ok || lit.Kind != token.STRING {
					return false
				}
				if s[i], err = strconv.Unquote(lit.Value); err != nil {
					return false
				}
			}
			cases = append(cases, pslCase{s[0], s[1], fset.Position(pair.Pos()).Line})
		}
		return false
	})
	if err != nil {
		return nil, err
	}
	if len(cases) == 0 {
		return nil, os.ErrNotExist
	}
	return cases, nil
}

func TestSameSite(t *testing.T) {
	tests := []struct {
		name string
		a, b string
		want bool
	}{
		{"same registrable domain", "https://a.example.com/x", "https://b.example.com/y", true},
		{"registrable domain and a subdomain", "https://example.com/", "https://www.example.com/", true},
		{"scheme and host case, port, userinfo", "HTTPS://u@A.Example.COM:8443/", "https://b.example.com/", true},
		{"different schemes", "http://example.com/", "https://example.com/", false},
		{"different registrable domains", "https://example.com/", "https://example.org/", false},
		{"a private suffix separates", "https://a.github.io/", "https://b.github.io/", false},
		{"the same private-suffix site", "https://a.whatwg.github.io/", "https://whatwg.github.io/x", true},
		{"a suffix itself: the same host", "https://github.io/", "https://GITHUB.IO:443/x", true},
		{"a suffix and a site under it", "https://github.io/", "https://a.github.io/", false},
		{"wildcard *.ck", "http://a.b.test.ck/", "http://c.b.test.ck/", true},
		{"wildcard *.ck, different sites", "http://a.test.ck/", "http://b.test.ck/", false},
		{"exception !www.ck", "http://www.ck/", "http://a.www.ck/", true},
		{"single label: the same host", "http://localhost/", "http://LOCALHOST:3000/", true},
		{"single label and a name under it", "http://localhost/", "http://a.localhost/", false},
		{"IPv4: the same address", "http://127.0.0.1/", "http://127.0.0.1:8080/", true},
		{"IPv4: another address", "http://127.0.0.1/", "http://127.0.0.2/", false},
		{"RFC 3986 7.4: a numeric reg-name and its address", "http://0x7f.1/", "http://127.0.0.1/", true},
		{"IPv6 in two spellings", "http://[::1]/", "http://[0:0::1]/", true},
		{"IPv6 and IPv4-mapped IPv6", "http://[::ffff:127.0.0.1]/", "http://127.0.0.1/", false},
		{"IPvFuture, case", "http://[v1.X]/", "http://[V1.x]/", true},
		{"IDN: encoded UTF-8 and A-labels", "http://b%C3%BCcher.de/", "http://www.xn--bcher-kva.de/", true},
		{"final dot is another site", "http://example.com./", "http://example.com/", false},
		{"final dot on both", "http://a.example.com./", "http://b.example.com./", true},
		{"no authority: opaque", "mailto:a@example.com", "mailto:a@example.com", false},
		{"empty host: opaque", "file:///a", "file:///a", false},
		{"a relative reference has no origin", "//example.com/", "//example.com/", false},
		{"an ends-in-a-number host is compared as a host", "http://1.2.3.256/", "http://1.2.3.256:80/", true},
		{"an invalid name has no site", "http://a%FF.com/", "http://a%FF.com/", false},
		{"underscore names", "http://_a.example.com/", "http://b.example.com/", true},
		{"other schemes with hosts", "foo://a.example.com/", "FOO://b.example.com/", true},
	}
	for _, tt := range tests {
		a, err := parseIRI(tt.a)
		if err != nil {
			t.Fatal(err)
		}
		b, err := parseIRI(tt.b)
		if err != nil {
			t.Fatal(err)
		}
		if got := site.Same(a, b); got != tt.want {
			t.Errorf("%s: SameSite(%q, %q) = %v, want %v", tt.name, tt.a, tt.b, got, tt.want)
		}
		if got := site.Same(b, a); got != tt.want {
			t.Errorf("%s: SameSite(%q, %q) = %v, want %v (symmetry)", tt.name, tt.b, tt.a, got, tt.want)
		}
	}
	if site.Same(uri.URI{}, uri.URI{}) {
		t.Error("SameSite of two zero URIs is true, want false")
	}
}

// FuzzRegistrableDomain checks, besides that nothing panics, that a
// registrable domain is its own registrable domain, is in lower-case ASCII,
// and makes a URI same site with itself, and never with another scheme.
func FuzzRegistrableDomain(f *testing.F) {
	for _, h := range []string{"www.example.co.uk", "a.b.test.ck", "x.github.io", "WWW.B%C3%BCcher.DE", "_a.example.com", "0x7f.1", "[::1]", "example.com.", "１２７.０.０.１"} {
		f.Add(h)
	}
	f.Fuzz(func(t *testing.T, host string) {
		d, ok := site.RegistrableDomain(host)
		if !ok {
			if d != "" {
				t.Fatalf("RegistrableDomain(%q) = %q, false", host, d)
			}
			return
		}
		if again, ok := site.RegistrableDomain(d); !ok || again != d {
			t.Fatalf("RegistrableDomain(%q) = %q, but RegistrableDomain(%q) = %q, %v", host, d, d, again, ok)
		}
		for i := 0; i < len(d); i++ {
			if d[i] >= 0x80 || 'A' <= d[i] && d[i] <= 'Z' {
				t.Fatalf("RegistrableDomain(%q) = %q, not lower-case ASCII", host, d)
			}
		}
		u, err := parseIRI("http://" + host + "/")
		if err != nil {
			return
		}
		if !site.Same(u, u) {
			t.Fatalf("SameSite(%q, itself) is false, with the registrable domain %q", u, d)
		}
		if v, err := uri.Parse("http://" + d + "/"); err != nil || !site.Same(u, v) {
			t.Fatalf("%q is not same site with its registrable domain %q (%v)", u, d, err)
		}
		if w, err := uri.Parse("https://" + d + "/"); err != nil || site.Same(u, w) {
			t.Fatalf("%q is same site with %q, another scheme (%v)", u, w, err)
		}
	})
}

func ExampleRegistrableDomain() {
	for _, host := range []string{"www.example.co.uk", "whatwg.github.io", "github.io", "WWW.B%C3%BCcher.DE", "127.0.0.1"} {
		d, ok := site.RegistrableDomain(host)
		fmt.Printf("%s: %q %v\n", host, d, ok)
	}
	// Output:
	// www.example.co.uk: "example.co.uk" true
	// whatwg.github.io: "whatwg.github.io" true
	// github.io: "" false
	// WWW.B%C3%BCcher.DE: "xn--bcher-kva.de" true
	// 127.0.0.1: "" false
}

func ExampleSame() {
	page := uri.MustParse("https://www.example.com/index.html")
	for _, link := range []string{
		"https://static.example.com/a.js",
		"http://www.example.com/",
		"https://example.org/",
		"https://user.github.io/",
	} {
		fmt.Println(link, site.Same(page, uri.MustParse(link)))
	}
	// Output:
	// https://static.example.com/a.js true
	// http://www.example.com/ false
	// https://example.org/ false
	// https://user.github.io/ false
}

// parseIRI reads an IRI and maps it to its URI (RFC 3987, Section 3.1), as
// a caller with IRIs does before asking for sites.
func parseIRI(s string) (uri.URI, error) {
	i, err := uri.ParseIRI(s)
	if err != nil {
		return uri.URI{}, err
	}
	return i.ToURI()
}
