package route

import "errors"

// Sentinel reasons carried in the Err field of the [*uri.Error] that [New]
// returns, besides those of package urlpattern for a pathname pattern that
// the URL Pattern Standard refuses. Test for them with [errors.Is].
var (
	// ErrMethod: the method of a route is not a token (RFC 9110, Section
	// 9.1: method = token; Section 5.6.2 gives the characters of a
	// token).
	ErrMethod = errors.New("method is not a token")

	// ErrMethodCase: the method of a route is one of RFC 9110's methods
	// (Section 9.3) in another case, "get" for "GET". Methods are
	// case-sensitive (Section 9.1), so the route would match no request
	// that a client sends with the standard method; a method of one's
	// own in lower case is a token like any other and is accepted.
	ErrMethodCase = errors.New("method is a standard method in another case")

	// ErrNotPath: the pathname pattern of a route does not begin with
	// "/", as every path of a request-target in origin-form does (RFC
	// 9112, Section 3.2.1).
	ErrNotPath = errors.New(`pathname pattern does not begin with "/"`)

	// ErrBraces: a name between braces alone, such as "{owner}",
	// "{path...}" or "{$}", without a modifier after the "}". The URL
	// Pattern Standard reads "{owner}" as the fixed text "owner" (a group
	// of fixed text), where a route written for ServeMux or as an RFC 6570
	// template means a named group: write ":owner" for one segment,
	// ":path(.*)" for the rest of the path, and end the pattern with "/"
	// for "{$}". Detail says which.
	ErrBraces = errors.New("braces around a name")

	// ErrConflict: two routes of one method (or two without one) whose
	// pathname patterns are equally specific (urlpattern.Compare returns
	// 0), so that they match the same paths and neither would win.
	ErrConflict = errors.New("route conflicts with another")

	// ErrNoHandler: a route without a handler.
	ErrNoHandler = errors.New("route has no handler")
)
