// Package route is a route table for net/http: an http.Handler that sends
// each request to the handler of the most specific route that matches its
// method and its path, with the values of the path decoded, and answers
// 404, 405 with an Allow field, or a redirect itself.
//
//	api, err := route.New([]route.Route{
//		{Pattern: "GET /repos/:owner/:repo", Handler: getRepo},
//		{Pattern: "DELETE /repos/:owner/:repo", Handler: deleteRepo},
//		{Pattern: "GET /repos/:owner/:repo/contents/*", Handler: getContents},
//		{Pattern: "/static/*", Handler: static},
//	}, route.Options{})
//
// A [Table] is compiled once by [New] from a slice of routes, into one
// urlpattern.List for each method, which finds the most specific route by
// walking a tree of segments once (see the documentation of package
// github.com/gouri/uri/urlpattern); it is immutable and safe for use by
// several goroutines at once.
//
// # Patterns
//
// A route's pattern is an optional method (a token, RFC 9110, Section
// 9.1, compared with case), then a pathname pattern in the syntax of the
// URL Pattern Standard (https://urlpattern.spec.whatwg.org/), which
// browsers' URLPattern, Deno and Cloudflare Workers share: fixed text,
// named groups ":owner" that match one segment, groups with a regular
// expression ":number(\d+)", the wildcard "*" for the rest of the path
// (named "0", or ":path(.*)" to name it), optional parts "{/:page}?" and
// repeated ones ":path+". The pathname is compiled as the URL Pattern
// Standard compiles the pathname of a URLPatternInit, so it is
// canonicalized as a URL's path is ("/café" is "/caf%C3%A9", "/a/../b"
// is "/b"), and must begin with "/".
//
// URI Templates (RFC 6570) are not route patterns here, nor are
// ServeMux's braces: a template describes how to build a URI, its
// matching is ambiguous where expressions are not delimited (RFC 6570,
// Section 1.4), and no order of specificity is defined for templates,
// while the URL Pattern Standard defines the parts, the matching and,
// with urlpattern.Compare, the order that a router needs. Since the URL
// Pattern Standard reads "{owner}" as the text "owner", New refuses a name
// in braces without a modifier ([ErrBraces]) and says what to write:
// ":owner" for "{owner}", ":path(.*)" for ServeMux's "{path...}", a
// pattern that ends with "/" for "{$}". A ServeMux pattern that ends with
// "/" matches a whole subtree; here "/static/" is that path alone, and
// "/static/*" the subtree.
//
// # Which route serves a request
//
// A request takes the routes of its method, those of GET too for a HEAD
// request, and the routes without a method. Among them, the route whose
// pathname pattern is the most specific by urlpattern.Compare and matches
// the path serves it: a fixed segment beats a group, a group of a regular
// expression beats a named group, which beats a wildcard, the first
// difference from the left deciding ("/users/new" beats "/users/:id", and
// "/a/b/:c" beats "/a/:b/c"). The path decides before the method: where
// "GET /users/:id" and "/users/new" both match, "/users/new" serves the
// GET. Between two routes that are equally specific, the one of the
// request's method serves, then GET's for HEAD, then the one without a
// method; two routes of one method that are equally specific match the
// same paths, and New refuses them ([ErrConflict]). So the order of the
// slice never matters.
//
// When no route that the request takes matches, but routes of other
// methods do, the answer is 405 (RFC 9110, Section 15.5.6) with an Allow
// field that lists those methods, sorted, HEAD with GET (Section 10.2.1),
// through Options.MethodNotAllowed; otherwise 404 through
// Options.NotFound. A route serves its request with r.Pattern set to the
// route's Pattern, as ServeMux sets it, for logs and metrics.
//
// # The path that is matched
//
// The path matched is the path of the request-target (RFC 9112, Section
// 3.2), r.RequestURI as it came, up to the "?", read as the URL Standard
// reads the path of an http URL: the path of httptarget.URL(r). It is not
// r.URL.Path, which net/http has already percent-decoded, so that
// "/a%2Fb" is one segment, never two. An absolute-form target
// ("GET http://host/path", what proxies' clients send) is read by
// uri.ParseTarget, and its path is matched the same way. The query is
// never matched.
//
// Where the URL Standard reads the path otherwise than it was sent (a "."
// or ".." segment, also written "%2E" or "%2e"; a "\", which it reads as
// "/"; a byte outside ASCII, a space or a "{", which it percent-encodes),
// the table routes nothing: it redirects the client to the path as read,
// with the query, as ServeMux redirects to a cleaned path: 301 for GET
// and HEAD, 308 for the other methods, so that the client sends the same
// method and body again (RFC 9110, Section 15.4.9). A handler so only
// ever sees a request whose path every reader takes the same way, and
// "/static/../admin" never reaches the handler of "/static/*". What the
// URL Standard keeps as it is, a "|", "[", "]" or a "%" that begins no
// percent-encoding, is matched as it is. Repeated slashes are kept:
// "//x" is a path of two segments, which the redirect of a path such as
// "/.//x" writes "/.//x" so that it stays a path (RFC 3986, Section 4.2).
//
// A request-target with a "#" (RFC 9110, Section 7.1), or an
// absolute-form one that is not an RFC 3986 absolute-URI, is answered
// 400; so is "OPTIONS *", with "Connection: close", as ServeMux answers it.
// A CONNECT request in authority-form has no path, and finds no route.
// Requests that a client made, with an empty RequestURI (as tests give
// handlers, from http.NewRequest), are read by the target they would
// send, r.URL.RequestURI().
//
// The table reads the request-target, not r.URL: it is the handler of a
// server, or of a handler that does not rewrite the path. Under
// http.StripPrefix it still sees the whole path; write the prefix into
// its patterns instead.
//
// # Values
//
// The values of a route's groups are percent-decoded and set with
// r.SetPathValue, so that r.PathValue("owner") reads them, as with
// ServeMux; a group without a name has its number as its name ("0" for the
// first "*"), and a group that did not take part in the match (":page?"
// when the segment is absent) is not set. A value is refused, and the
// route does not match the path, when it holds a "/" or a "\" that the
// path wrote "%2F" or "%5C" (unless Options.AllowEncodedSlash; Windows
// reads "\" as "/"), or is "." or "..", or has such a segment between its
// "/" and "\", once decoded. So "/files/:name" does not match
// "/files/..%2Fetc%2Fpasswd", "/files/*" does not match
// "/files/a%2F..%2F..%2Fetc" nor "/files/..%5C..%5Cwin.ini", and a value
// is never a traversal on POSIX or Windows (a "\" written raw in the path
// is redirected as a "/", see above); the next most specific route that
// matches with values that are allowed serves the request instead. A value
// is otherwise bytes as sent, decoded: it may hold a NUL or bytes that are
// not UTF-8, and "%252F" is the value "%2F" (decoded once). A value that a
// handler joins to a file path is still data: open it under an os.Root, or
// check it with filepath.IsLocal.
//
// Paths match as the URL Standard leaves them: a fixed segment "/a" does
// not match "/%61" (ServeMux decodes before it compares), and case
// counts unless Options.IgnoreCase.
//
// # Speed
//
// A request that no route matches costs one walk of a tree of segments
// per method looked at (its own, and every route's to tell a 405 from a
// 404) and allocates nothing; nor does finding the route of a request
// that one matches. A hit allocates what r.SetPathValue allocates on a
// request without values (a map: two allocations), and each value that
// decoding changes. docs/performance.md compares the table with
// ServeMux on the same routes, with the command that measures it.
//
// # Errors
//
// New returns a *uri.Error with Op uri.OpParse, whose Input is the
// Pattern of the route at fault and whose Err is one of this package's
// sentinels ([ErrMethod], [ErrNotPath], [ErrBraces], [ErrConflict],
// [ErrNoHandler]) or, for a pathname pattern that the URL Pattern Standard
// refuses, one of package urlpattern's, with its Offset in the Pattern.
//
// # What this package does not do
//
// It does not route by host or scheme (put one table behind each host,
// or match whole URLs with urlpattern.List and httptarget.URL), does not
// read the query, does not redirect "/tree" to "/tree/", merges no
// repeated slashes, and has no middleware: a route's handler is any
// http.Handler, another Table included. Routes are fixed when the table
// is made; make a new Table to change them.
package route
