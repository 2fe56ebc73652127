package uri_test

import (
	"errors"
	"net/url"
	"strings"
	"testing"

	"github.com/gouri/uri"
	"github.com/gouri/uri/legacy"
)

// checkURI fails unless u is a URI-reference whose text Parse splits into
// exactly u's components: the invariant of the URI type. A value with an
// RFC 6874 zone is checked with ParseRFC6874, which alone accepts zones.
func checkURI(t *testing.T, call string, u uri.URI) {
	t.Helper()
	parse := uri.Parse
	if u.Zone() != "" {
		parse = uri.ParseRFC6874
	}
	if p, err := parse(u.String()); err != nil || p != u {
		t.Fatalf("%s = %q, which parses to %#v, %v; the value is %#v", call, u, p, err, u)
	}
}

// checkIRI is checkURI for an IRI and ParseIRI. An IRI with an RFC 6874
// zone, which only the ToIRI of a URI with one gives, is checked through
// its URI.
func checkIRI(t *testing.T, call string, i uri.IRI) {
	t.Helper()
	if i.HostKind() == uri.HostIPv6 && strings.Contains(i.Host(), "%25") {
		u, err := i.ToURI()
		if err != nil || u.Zone() == "" {
			t.Fatalf("%s = %q, which has a zone, gives the URI %q, %v", call, i, u, err)
		}
		checkURI(t, call+".ToURI()", u)
		return
	}
	if p, err := uri.ParseIRI(i.String()); err != nil || p != i {
		t.Fatalf("%s = %q, which parses to %#v, %v; the value is %#v", call, i, p, err, i)
	}
}

// FuzzInvariant checks the invariant of the URI type on every value that a
// constructor or a method of the package returns, and of package legacy's
// upgrades: each is a URI-reference that Parse splits into exactly its
// components. The inputs are text for the constructors, a second reference
// for resolution, a key and a value for the editing methods (each of them
// also the argument of every setter: WithHost, WithPath, ...), and a set of
// normalization steps.
func FuzzInvariant(f *testing.F) {
	for _, s := range []string{"http://a/b/c/d;p?q", "HTTP://Example.COM:80/a/./b/../%7e", "mailto:Joe@Example.COM",
		"a:", "//h", "?q#f", "../a:b", "http://[fe80::1%25eth0]/", "http://é/ü?ä#ö", "file:///C:/a", "ftp://u@h/a?b",
		"http://h/{x}|^", "", "%2e%2E/a", "x:/.//y", "http://a@b@c/"} {
		f.Add(s, "../g?y#s", "k", "v w", uint32(uri.CrawlerNormalization))
	}
	// Arguments that the setters must place with care (RFC 3986, Sections
	// 3.2.2, 3.3 and 4.2).
	f.Add("urn:a:b", "", "::1", "//x", uint32(0))
	f.Add("mailto:a@b", "", "[v7.x]", "a:b/c", uint32(0))
	f.Add("http://[::1]:80//p", "", "", "/q", uint32(0))
	f.Fuzz(func(t *testing.T, s, r, k, v string, n uint32) {
		var values []uri.URI
		add := func(call string, u uri.URI, err error) {
			if err == nil {
				checkURI(t, call, u)
				values = append(values, u)
			}
		}
		u, err := uri.Parse(s)
		add("Parse", u, err)
		u, err = uri.ParseURI(s)
		add("ParseURI", u, err)
		u, err = uri.ParseAbsoluteURI(s)
		add("ParseAbsoluteURI", u, err)
		u, err = uri.ParseRelativeRef(s)
		add("ParseRelativeRef", u, err)
		u, err = uri.ParseRFC6874(s)
		add("ParseRFC6874", u, err)
		if i, err := uri.ParseIRI(s); err == nil {
			checkIRI(t, "ParseIRI", i)
			u, err = i.ToURI()
			add("ParseIRI.ToURI", u, err)
		}
		if v, err := url.Parse(s); err == nil {
			u, err = uri.FromURL(v)
			add("FromURL", u, err)
		}
		var w uri.URI
		if w.UnmarshalText([]byte(s)) == nil {
			add("UnmarshalText", w, nil)
		}
		c := uri.Components{Scheme: k, Host: v, Path: s, Query: r, HasQuery: n&1 != 0, Fragment: k, HasAuthority: n&2 != 0}
		u, err = c.URI()
		add("Components.URI", u, err)
		u, _, err = c.Encode()
		add("Components.Encode", u, err)
		for _, g := range []legacy.Grammar{legacy.RFC1738, legacy.RFC1808, legacy.RFC2068, legacy.RFC2396, legacy.RFC2732, legacy.RFC2616} {
			if l, err := legacy.Parse(s, g); err == nil {
				u, _, err = l.Upgrade()
				add("legacy.Parse("+g.String()+").Upgrade", u, err)
			}
		}
		ref, refErr := uri.Parse(r)
		for _, u := range values {
			checkMethods(t, u, ref, refErr == nil, k, v, uri.Normalization(n))
		}
	})
}

// checkMethods checks the invariant on what every method of u returns.
func checkMethods(t *testing.T, u, ref uri.URI, hasRef bool, k, v string, n uri.Normalization) {
	t.Helper()
	in := u.String()
	checkURI(t, "Normalize("+in+")", u.Normalize())
	checkURI(t, "NormalizeWith("+in+")", u.NormalizeWith(n))
	if w, err := u.JoinPath(k, v); err == nil {
		checkURI(t, "JoinPath("+in+")", w)
	} else if !errors.Is(err, uri.ErrDotSegment) {
		t.Fatalf("JoinPath(%q, %q, %q): %v", in, k, v, err)
	}
	if w, err := u.JoinPath(k, ".."); err == nil {
		t.Fatalf("JoinPath(%q, %q, \"..\") = %q, want an error", in, k, w)
	}
	checkURI(t, "WithQueryValue("+in+")", u.WithQueryValue(k, v))
	checkURI(t, "AddQueryValue("+in+")", u.AddQueryValue(k, v))
	checkURI(t, "DeleteQueryKey("+in+")", u.DeleteQueryKey(k))
	checkSetters(t, u, k, v)
	checkOrigin(t, u)
	checkIRI(t, "ToIRI("+in+")", u.ToIRI())
	if back, err := u.ToIRI().ToURI(); err == nil {
		checkURI(t, "ToIRI().ToURI("+in+")", back)
	}
	if !hasRef {
		return
	}
	checkURI(t, "Resolve("+in+")", u.Resolve(ref))
	checkURI(t, "ResolveNonStrict("+in+")", u.ResolveNonStrict(ref))
	checkURI(t, "Resolve as ref("+in+")", ref.Resolve(u))
	if rel, ok := u.Relativize(ref); ok {
		checkURI(t, "Relativize("+in+")", rel)
	}
	if rel, ok := ref.Resolve(u).Relativize(u); ok {
		checkURI(t, "Relativize of a resolved ("+in+")", rel)
	}
}
