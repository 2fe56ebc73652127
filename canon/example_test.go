package canon_test

import (
	"errors"
	"fmt"
	"slices"

	"github.com/gouri/uri"
	"github.com/gouri/uri/canon"
	"github.com/gouri/uri/whatwg"
)

func ExampleCanon() {
	for _, p := range []canon.Profile{canon.WHATWG, canon.SafeBrowsing} {
		k, err := canon.Canon("HTTP://www.Example.COM:80/a/%2E%2E//b/%257E?q#frag", p)
		fmt.Println(p, k, err)
	}
	// Output:
	// whatwg http://www.example.com//b/%257E?q#frag <nil>
	// safebrowsing http://www.example.com/b/~?q <nil>
}

func ExampleCanonicalizer() {
	c := canon.Canonicalizer{
		DropParams:   append(slices.Clone(canon.TrackingParams()), "ref"),
		SortQuery:    true,
		DropFragment: true,
	}
	k, _ := c.Canon("https://shop.example/item?utm_source=news&ref=home&id=7&color=red#reviews")
	fmt.Println(k)
	// Output:
	// https://shop.example/item?color=red&id=7
}

func ExampleSURT() {
	k, _ := canon.SURT("http://www.archive.org/goo/?b&a=1")
	fmt.Println(k)
	// Output:
	// org,archive)/goo?a=1&b
}

// An input with no key is a *uri.Error, with the profile as Name and a
// sentinel of this package, or the URL Standard's whatwg.Kind, as Err.
func ExampleCanon_error() {
	_, err := canon.Canon("mailto:someone@example.com", canon.SafeBrowsing)
	fmt.Println(err)
	fmt.Println(errors.Is(err, uri.ErrNoHost))
	_, err = canon.Canon("https://example.com:99999/", canon.Semantic)
	var e *uri.Error
	if errors.As(err, &e) {
		fmt.Println(e.Op, e.Name, e.Offset, errors.Is(err, whatwg.ErrPortOutOfRange))
	}
	// Output:
	// uri: canon safebrowsing: no host at offset 7 of "mailto:someone@example.com"
	// true
	// canon semantic 20 true
}

func ExampleLookupExpressions() {
	exprs, _ := canon.LookupExpressions("http://a.b.c/1/2.html?param=1")
	for _, e := range exprs {
		fmt.Println(e)
	}
	// Output:
	// a.b.c/
	// a.b.c/1/
	// a.b.c/1/2.html
	// a.b.c/1/2.html?param=1
	// b.c/
	// b.c/1/
	// b.c/1/2.html
	// b.c/1/2.html?param=1
}

// A crawler's frontier: fetch each link as a browser resolves it, and
// deduplicate by its Semantic key, which merges the spellings that mean the
// same to a server ("%67" and "g", the order of the query's pairs, a
// default port) and keeps what can name another resource (the case of the
// path). Tracking parameters and the fragment never select a page.
// Canonicalizer.CanonURL(u) gives the same key without parsing the href
// again (see its example).
func Example_crawlerFrontier() {
	hrefs := []string{"guide.html#intro", "/docs/%67uide.html?utm_source=news", "Guide.html", "api.html?b=2&a=1", "HTTPS://EXAMPLE.COM:443/docs/api.html?a=1&b=2"}

	c := canon.Canonicalizer{Profile: canon.Semantic, DropParams: canon.TrackingParams(), DropFragment: true}
	page, _ := whatwg.Parse("https://example.com/docs/index.html")
	seen := map[string]bool{}
	for _, href := range hrefs {
		u, err := page.Parse(href) // the URL a browser would request
		if err != nil {
			continue
		}
		key, err := c.CanonURL(u) // the key that finds duplicates, with no second parse
		if err == nil && !seen[key] {
			seen[key] = true
			fmt.Println(u.Href()) // fetch it
		}
	}
	// Output:
	// https://example.com/docs/guide.html#intro
	// https://example.com/docs/Guide.html
	// https://example.com/docs/api.html?b=2&a=1
}

// The key of one link on a page: the base comes first, as in uri.Resolve.
func ExampleCanonicalizer_CanonRef() {
	c := canon.Canonicalizer{Profile: canon.Semantic, DropParams: canon.TrackingParams(), DropFragment: true}
	key, err := c.CanonRef("https://example.com/docs/index.html", "../%7Ejo/?utm_source=x&b=2&a=1#top")
	fmt.Println(key, err)
	// Output:
	// https://example.com/~jo/?a=1&b=2 <nil>
}

// The key of a URL already parsed, without parsing its href again.
func ExampleCanonicalizer_CanonURL() {
	u, _ := whatwg.Parse("HTTPS://www.Example.com:443/a/../B/?b&a#f")
	for _, p := range []canon.Profile{canon.WHATWG, canon.Semantic, canon.Aggressive} {
		key, _ := canon.Canonicalizer{Profile: p}.CanonURL(u)
		fmt.Println(p, key)
	}
	// Output:
	// whatwg https://www.example.com/B/?b&a#f
	// semantic https://www.example.com/B/?a&b#f
	// aggressive http://example.com/b?a&b
}

// The Internet Archive's key with its defaults, and with tracking
// parameters dropped too: the options add to the defaults.
func ExampleCanonicalizer_SURT() {
	in := "http://www.example.com/a/?utm_source=x&id2=3&id=5&JSESSIONID=1#f"
	k, _ := canon.SURT(in)
	fmt.Println(k)
	k, _ = canon.Canonicalizer{Profile: canon.Archive, DropParams: canon.TrackingParams()}.SURT(in)
	fmt.Println(k)
	k, _ = canon.SURT("http://192.168.0.1:8080/x")
	fmt.Println(k)
	// Output:
	// com,example)/a?id=5&id2=3&utm_source=x
	// com,example)/a?id=5&id2=3
	// 1,0,168,192:8080)/x
}
