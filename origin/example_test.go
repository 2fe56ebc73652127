package origin_test

import (
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"net/url"

	"github.com/gouri/uri/guard"
	"github.com/gouri/uri/httptarget"
	"github.com/gouri/uri/origin"
	"github.com/gouri/uri/whatwg"
)

// A login handler redirects to its next= parameter only when the browser
// will stay on the site: the current URL is the target URI of the request
// (package httptarget), and anything refused falls back to "/". A request
// without next= goes to "/" too: Redirect of "" is the current URL, the
// login page itself.
func Example_loginHandler() {
	login := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		u, err := httptarget.FromRequest(r)
		if err != nil {
			http.Error(w, "bad request", http.StatusBadRequest)
			return
		}
		cur, err := whatwg.Parse(u.String())
		if err != nil {
			http.Error(w, "bad request", http.StatusBadRequest)
			return
		}
		target := r.FormValue("next")
		if target == "" {
			target = "/" // an empty target is the current URL: the login page again
		}
		next, err := origin.Redirect(cur, target, nil)
		if err != nil {
			next = "/"
		}
		http.Redirect(w, r, next, http.StatusSeeOther)
	})
	for _, next := range []string{"", "/account?tab=2", "//evil.example/", "/\\evil.example/", "/\t/evil.example/", "javascript:alert(1)"} {
		r := httptest.NewRequest("POST", "https://www.example.com/login?next="+url.QueryEscape(next), nil)
		w := httptest.NewRecorder()
		login.ServeHTTP(w, r)
		fmt.Printf("%q: Location: %s\n", next, w.Header().Get("Location"))
	}
	// Output:
	// "": Location: https://www.example.com/
	// "/account?tab=2": Location: https://www.example.com/account?tab=2
	// "//evil.example/": Location: /
	// "/\\evil.example/": Location: /
	// "/\t/evil.example/": Location: /
	// "javascript:alert(1)": Location: /
}

// A login handler sends the user on to the next= parameter only when a
// browser will read it as a page of this site; Redirect returns the href
// to put in the Location header, serialized again.
func ExampleRedirect() {
	// The URL of the request, parsed once: with package httptarget,
	// whatwg.Parse of the String of httptarget.FromRequest(r).
	current := whatwg.MustParse("https://www.example.com/login?next=...")
	for _, next := range []string{
		"/account?tab=2",
		"//evil.example/",
		"/\\evil.example/",
		"/\t/evil.example/",
		"https:evil.example",
		"javascript:alert(1)",
		"https://www.example.com@evil.example/",
	} {
		href, err := origin.Redirect(current, next, nil)
		var e *guard.Error
		if errors.As(err, &e) {
			fmt.Printf("%q: refused (%s)\n", next, e.Rule)
			continue
		}
		fmt.Printf("%q: Location: %s\n", next, href)
	}
	// Output:
	// "/account?tab=2": Location: https://www.example.com/account?tab=2
	// "//evil.example/": refused (cross-origin)
	// "/\\evil.example/": refused (cross-origin)
	// "/\t/evil.example/": refused (cross-origin)
	// "https:evil.example": Location: https://www.example.com/evil.example
	// "javascript:alert(1)": refused (scheme)
	// "https://www.example.com@evil.example/": refused (userinfo)
}

// An allowlist adds origins to the current one: a wildcard stands for
// every name under a domain, never the domain itself nor a look-alike.
func ExampleNewAllowlist() {
	allow, err := origin.NewAllowlist([]string{"https://*.example.com", "https://partner.example:8443"}, origin.Options{})
	if err != nil {
		fmt.Println(err)
		return
	}
	current := whatwg.MustParse("https://www.example.org/")
	for _, next := range []string{
		"https://shop.example.com/cart",
		"https://example.com/",
		"https://evilexample.com/",
		"https://example.com.evil.net/",
		"https://partner.example:8443/",
		"https://partner.example/",
	} {
		_, err := origin.Redirect(current, next, allow)
		fmt.Println(next, err == nil)
	}
	// Output:
	// https://shop.example.com/cart true
	// https://example.com/ false
	// https://evilexample.com/ false
	// https://example.com.evil.net/ false
	// https://partner.example:8443/ true
	// https://partner.example/ false
}

// LocalPath keeps a next= parameter on the site without knowing the
// site's own URL: it accepts only a path-absolute reference.
func ExampleLocalPath() {
	for _, next := range []string{"/account?tab=2", "/a b", "//evil.example", "\\\\evil.example", "https://www.example.com/", "account"} {
		p, err := origin.LocalPath(next)
		fmt.Printf("%q: %q %v\n", next, p, err)
	}
	// Output:
	// "/account?tab=2": "/account?tab=2" <nil>
	// "/a b": "/a%20b" <nil>
	// "//evil.example": "" guard: refused "//evil.example": cross-origin: the URL Standard reads "//" as the start of another host at offset 1
	// "\\\\evil.example": "" guard: refused "\\\\evil.example": cross-origin: the URL Standard reads "\\\\" as the start of another host at offset 1
	// "https://www.example.com/": "" guard: refused "https://www.example.com/": local-path: a path on this site begins with "/" at offset 0
	// "account": "" guard: refused "account": local-path: a path on this site begins with "/" at offset 0
}

// A CORS handler checks the Origin header against the allowlist before it
// sends Access-Control-Allow-Origin.
func ExampleAllowlist_CheckOrigin() {
	allow, _ := origin.NewAllowlist([]string{"https://app.example.com", "https://*.example.org"}, origin.Options{})
	for _, o := range []string{"https://app.example.com", "https://a.example.org", "https://example.org", "null", "https://app.example.com/"} {
		fmt.Printf("%s: %v\n", o, allow.CheckOrigin(o))
	}
	// Output:
	// https://app.example.com: <nil>
	// https://a.example.org: <nil>
	// https://example.org: guard: refused "https://example.org": cross-origin: the origin is not in the allowlist
	// null: guard: refused "null": cross-origin: the opaque origin "null" is not allowed
	// https://app.example.com/: guard: refused "https://app.example.com/": parse: not a serialized origin (RFC 6454, Section 6.2): a browser writes "https://app.example.com" at offset 23
}
