// Package httptarget gives the target URI of a request that a Go server
// received with package net/http: the URI that the client asked for,
// rebuilt from the request line, the Host field and the connection as RFC
// 9112, Section 3.3 says ([FromRequest]), and the same URL as the URL
// Standard reads it ([URL]), for the packages that work on
// whatwg.URL values (urlpattern's lists, origin's redirects).
//
// # Which job goes where
//
// The reading of the request-target and of the Host field, and the rules
// that build the target URI, are in the strict core, package
// github.com/gouri/uri ([uri.ParseTarget], [uri.ParseHost],
// [uri.Target.URI], and [uri.HasPathPrefix] for the path checks of a proxy
// or router): they take strings and need nothing of net/http, which the
// core does not import. This package is the small bridge from an
// *http.Request to them, and the only one of the two that imports
// net/http.
//
// # What net/http keeps and drops
//
// net/http hands a server the request-target as it came, in
// Request.RequestURI, and the Host field in Request.Host, which for an
// absolute-form target it replaces with the target's host (and drops the
// Host header from Request.Header). So [FromRequest] can apply every rule
// of RFC 9112, Section 3.3 but one: it cannot tell whether the Host field
// of an absolute-form request agreed with the target
// ([uri.TargetContext.MatchHost]), since that field is gone; the target
// wins, as Section 3.2.2 says it must. An HTTP/1.1 request without a Host
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
package httptarget

import (
	"net/http"
	"strings"

	"github.com/gouri/uri"
)

// Config says how a server rebuilds the target URIs of its requests. The
// zero Config takes the scheme from the connection and has no default
// host.
type Config struct {
	// Scheme is the scheme of every target URI that is not given in
	// absolute-form: the fixed scheme of the server's configuration or of
	// a trusted gateway in front of it (RFC 9112, Section 3.3). "" takes
	// "https" for a request that came over TLS (Request.TLS is set) and
	// "http" otherwise.
	Scheme string

	// DefaultHost is the authority of the target URI of a request with an
	// empty Host field or none (HTTP/1.0), a Host field value such as
	// "www.example.org" or "www.example.org:8080": the one name the server
	// answers for. "" makes such a request an error wrapping
	// [uri.ErrNoHost]. RFC 9112, Section 3.3 warns that on a TLS
	// connection a default is safe only when the connection can be for no
	// other name.
	DefaultHost string
}

// FromRequest returns the target URI of r, a request that a server
// received, with the zero Config: see [Config.FromRequest].
func FromRequest(r *http.Request) (uri.URI, error) { return Config{}.FromRequest(r) }

// FromRequest returns the target URI of r, a request that a server
// received (RFC 9112, Section 3.3): the request-target r.RequestURI, read
// by [uri.ParseTarget] with r.Method, and, unless it is in absolute-form,
// the Host field r.Host, read by [uri.ParseHost], after the scheme (see
// Config.Scheme) and "://": "https://www.example.org/where?q=now". An
// absolute-form target is the result itself, whatever r.Host says; an
// authority-form target (CONNECT) is the authority of the result, whose
// path is empty. Nothing is normalized.
//
// An HTTP/2 request carries its target in pseudo-header fields,
// which net/http maps onto the same fields of r: the :path is read as
// origin-form (or "*" for OPTIONS), and the :authority as the Host field,
// also for an extended CONNECT (RFC 8441, Section 4), whose :path is a
// path.
//
// The error is the *[uri.Error] of the part at fault: of the
// request-target, also for a client's request whose RequestURI is empty,
// and for net/rpc's "CONNECT /path", which is not authority-form; of the
// Host field; or of the build, with [uri.ErrNoHost] when the request has
// no host and the Config no DefaultHost, and [uri.ErrUserinfoNotAllowed]
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

// build returns the target URI of r whose request-target is t.
func (c Config) build(r *http.Request, t uri.Target) (uri.URI, error) {
	var err error
	ctx := uri.TargetContext{Scheme: c.Scheme}
	if ctx.Scheme == "" {
		ctx.Scheme = "http"
		if r.TLS != nil {
			ctx.Scheme = "https"
		}
	}
	if t.Form() == uri.AbsoluteForm {
		return t.URI(ctx)
	}
	if ctx.Host, err = uri.ParseHost(r.Host); err != nil {
		return uri.URI{}, err
	}
	// net/http leaves r.Host empty both for an empty Host field and for
	// none; only HTTP/1.0 may lack one.
	ctx.NoHost = r.Host == "" && !r.ProtoAtLeast(1, 1)
	if c.DefaultHost != "" {
		if ctx.DefaultHost, err = uri.ParseHost(c.DefaultHost); err != nil {
			return uri.URI{}, err
		}
	}
	return t.URI(ctx)
}
