// Package httptarget gives the target URI of a request that a Go server
// received with package net/http: the URI that the client asked for,
// rebuilt from the request line, the Host field and the connection as RFC
// 9112, Section 3.3 says ([FromRequest]), and the same URL as the URL
// Standard reads it ([URL]), for the packages that work on
// whatwg.URL values (urlpattern's lists, origin's redirects).
//
// # Which job goes where
//
// The grammar of the request-target and of the Host field is in the strict
// core, package github.com/gouri/uri ([uri.ParseTarget], [uri.ParseHost]):
// it takes strings and needs nothing of net/http, which the core does not
// import. This package applies the rules of RFC 9112, Section 3.3, and of
// "http" and "https" URIs (RFC 9110, Section 4.2), that make a target URI
// of them: [Config.TargetURI] for a server that reads its requests itself
// (or the command "uri target"), and [Config.FromRequest] for an
// *http.Request of net/http. [HasPathPrefix] is the path check of a proxy
// or router, on normalized paths, segment by segment.
//
// # What net/http keeps and drops
//
// net/http hands a server the request-target as it came, in
// Request.RequestURI, and the Host field in Request.Host, which for an
// absolute-form target it replaces with the target's host (and drops the
// Host header from Request.Header). So [FromRequest] can apply every rule
// of RFC 9112, Section 3.3 but one: it cannot tell whether the Host field
// of an absolute-form request agreed with the target
// ([Config.MatchHost]), since that field is gone; the target wins, as
// Section 3.2.2 says it must. An HTTP/1.1 request without a Host
// field, or with more than one, never reaches the handler: net/http
// answers 400 itself (Section 3.2).
//
// What this package does not do: it trusts no Forwarded or
// X-Forwarded-Proto header (behind a trusted gateway, set [Config.Scheme]
// from them yourself), does not read Request.URL (decoded by net/http,
// and rewritten by handlers such as http.StripPrefix), does not normalize
// the result of FromRequest (URL's is the URL Standard's serialization),
// and does not check that the host is one the server answers for (RFC
// 9110, Section 7.4).
//
// # Errors
//
// Every error is the *uri.Error of the part at fault, with the root's
// operations: uri.OpParse for a request-target or a Host field that does
// not follow its grammar, or a request-target whose path
// [Config].RefuseEncodedSlash refuses (uri.ErrEncodedSeparator),
// uri.OpBuild for a target URI that cannot be built from them (no host,
// and no [Config.DefaultHost]). This package declares no operation of its
// own.
//
// # Before version 1
//
// The API may still change, and this section says how when it does. The
// target URI of a request was rebuilt in package uri, which now keeps the
// grammar alone: uri.TargetContext is [Config] (its Scheme, DefaultHost,
// now the text of a Host field, and MatchHost; the Host field and NoHost
// are arguments), Target.URI(ctx) is [Config.TargetURI](t, host, noHost),
// and uri.ErrHostMismatch and uri.ErrUserinfoNotAllowed are
// [ErrHostMismatch] and [ErrUserinfoNotAllowed]; [uri.ErrNoHost] stays.
// uri.HasPathPrefix is [HasPathPrefix].
package httptarget

import (
	"net/http"
	"strings"

	"github.com/gouri/uri"
)

// Config says how a server rebuilds the target URIs of its requests. The
// zero Config takes the scheme from the connection, has no default host,
// and lets the target of an absolute-form request win over its Host field.
type Config struct {
	// Scheme is the scheme of every target URI that is not given in
	// absolute-form: the fixed scheme of the server's configuration or of
	// a trusted gateway in front of it (RFC 9112, Section 3.3). "" takes
	// "https" for a request that came over TLS (Request.TLS is set) and
	// "http" otherwise; TargetURI, which knows no connection, takes "http".
	Scheme string

	// DefaultHost is the authority of the target URI of a request with an
	// empty Host field or none (HTTP/1.0), a Host field value such as
	// "www.example.org" or "www.example.org:8080": the one name the server
	// answers for. "" makes such a request an error wrapping
	// [uri.ErrNoHost]. RFC 9112, Section 3.3 warns that on a TLS
	// connection a default is safe only when the connection can be for no
	// other name.
	DefaultHost string

	// MatchHost requires the Host field of a request whose target is in
	// absolute-form to be the target's authority, hosts compared without
	// regard to ASCII case and ports as written, as a client must send it
	// (RFC 9112, Section 3.2); a request without a Host field passes. It
	// is for a proxy or gateway that also hands the Host field on, or
	// logs or routes by it: RFC 9112, Section 3.2.2 has a recipient
	// ignore the Host field of such a request, and a difference between
	// the two is a sign of a request made to be read two ways. Only
	// [Config.TargetURI] can apply it: net/http replaces the Host field of
	// an absolute-form request with the target's host before
	// [Config.FromRequest] sees it.
	MatchHost bool

	// RefuseEncodedSlash refuses a request whose path holds a
	// percent-encoded "/" or "\" ("%2F" or "%5C", in either case): the
	// error wraps [uri.ErrEncodedSeparator], at the "%". By RFC 3986,
	// Section 2.2, "%2F" is data inside its segment, so
	// HasPathPrefix("/api/..%2Fadmin", "/api/") is true; a backend that
	// decodes "%2F" (or, on Windows, "%5C") before it looks the path up
	// reads that path as "/admin". A proxy or gateway in front of such a
	// backend sets it, and then its checks of the path see the segments
	// that the backend will see. The query is not looked at.
	RefuseEncodedSlash bool
}

// FromRequest returns the target URI of r, a request that a server
// received, with the zero Config: see [Config.FromRequest].
func FromRequest(r *http.Request) (uri.URI, error) { return Config{}.FromRequest(r) }

// FromRequest returns the target URI of r, a request that a server
// received (RFC 9112, Section 3.3): the request-target r.RequestURI, read
// by [uri.ParseTarget] with r.Method, and, unless it is in absolute-form,
// the Host field r.Host, read by [uri.ParseHost], given to
// [Config.TargetURI] with the scheme of the connection (see Config.Scheme):
// "https://www.example.org/where?q=now". An absolute-form target is the
// result itself, whatever r.Host says; an authority-form target (CONNECT)
// is the authority of the result, whose path is empty. Nothing is
// normalized.
//
// An HTTP/2 request carries its target in pseudo-header fields,
// which net/http maps onto the same fields of r: the :path is read as
// origin-form (or "*" for OPTIONS), and the :authority as the Host field,
// also for an extended CONNECT (RFC 8441, Section 4), whose :path is a
// path.
//
// The error is the *[uri.Error] of the part at fault: of the
// request-target, also for a client's request whose RequestURI is empty,
// for net/rpc's "CONNECT /path", which is not authority-form, and for a
// path that c.RefuseEncodedSlash refuses; of the
// Host field; or of the build, with [uri.ErrNoHost] when the request has
// no host and the Config no DefaultHost, and [ErrUserinfoNotAllowed]
// or uri.ErrNoHost for an "http" or "https" absolute-form target with a
// userinfo or without a host. The result allocates its text once.
func (c Config) FromRequest(r *http.Request) (uri.URI, error) {
	method := r.Method
	if method == http.MethodConnect && r.ProtoMajor >= 2 && strings.HasPrefix(r.RequestURI, "/") {
		method = "" // extended CONNECT carries a :path, in origin-form
	}
	t, err := uri.ParseTarget(method, r.RequestURI)
	if err != nil {
		return uri.URI{}, err
	}
	return c.build(r, t)
}

// build returns the target URI of r, whose request-target is t.
func (c Config) build(r *http.Request, t uri.Target) (uri.URI, error) {
	if c.Scheme == "" {
		c.Scheme = "http"
		if r.TLS != nil {
			c.Scheme = "https"
		}
	}
	// For an absolute-form target, r.Host is the target's host and the
	// Host field is gone: there is nothing to match.
	c.MatchHost = false
	if t.Form() == uri.AbsoluteForm {
		return c.TargetURI(t, uri.HostPort{}, true)
	}
	host, err := uri.ParseHost(r.Host)
	if err != nil {
		return uri.URI{}, err
	}
	// net/http leaves r.Host empty both for an empty Host field and for
	// none; only HTTP/1.0 may lack one.
	return c.TargetURI(t, host, r.Host == "" && !r.ProtoAtLeast(1, 1))
}
