package httptarget

import (
	"errors"

	"github.com/gouri/uri"
	"github.com/gouri/uri/internal/abnf"
	"github.com/gouri/uri/internal/errtext"
)

// This file rebuilds the target URI of a request from its request-target
// and its Host field, as RFC 9112, Section 3.3 says. Reading the two is
// the core's grammar (uri.ParseTarget, uri.ParseHost); what a server makes
// of them, with the rules of "http" and "https" URIs, is this package's.

// The reasons of the errors of [Config.TargetURI] and [Config.FromRequest],
// besides those of the parsers and [uri.ErrNoHost]. Test for them with
// [errors.Is].
var (
	// ErrHostMismatch: with [Config.MatchHost], the Host field of a
	// request whose target is in absolute-form is not the target's
	// authority (RFC 9112, Section 3.2 asks a client to send the same).
	ErrHostMismatch = errors.New("host field differs from the authority of the request-target")

	// ErrUserinfoNotAllowed: an "http" or "https" target URI with a
	// userinfo, which a sender must not generate and a recipient should
	// treat as an error (RFC 9110, Section 4.2.4).
	ErrUserinfoNotAllowed = errors.New("userinfo not allowed")
)

// TargetURI returns the target URI of a request whose request-target is t,
// read by [uri.ParseTarget], and whose Host field is host, read by
// [uri.ParseHost] (the zero HostPort for an empty field), as RFC 9112,
// Section 3.3 rebuilds it; noHost says that the request has no Host field
// at all, as an HTTP/1.0 request may lack one, and host is then not looked
// at. It is [Config.FromRequest] for a server that reads requests itself:
//
//   - absolute-form: t itself, whatever the Host field says (Section
//     3.2.2), unless c.MatchHost is set and the two differ
//     ([ErrHostMismatch]). An "http" or "https" target must have a host
//     ([uri.ErrNoHost], RFC 9110, Section 4.2.1) and no userinfo
//     ([ErrUserinfoNotAllowed], Section 4.2.4).
//   - origin-form: c.Scheme, "://", the Host field (or c.DefaultHost when
//     it is absent or empty) and t: "https://www.example.org/pub/".
//   - authority-form: c.Scheme, "://" and t: "http://www.example.com:80".
//   - asterisk-form: c.Scheme, "://" and the Host field (or
//     c.DefaultHost), with an empty path: "http://www.example.org:8080".
//
// An empty c.Scheme stands for "http": TargetURI knows no connection.
// Nothing is normalized: the authority and path stay as written, a default
// port included, so that the result is what the request says. Without a
// host, from the Host field or c.DefaultHost, the result is a
// [uri.ErrNoHost] error. TargetURI allocates the text of the URI once,
// except for an absolute-form target, which it returns as it is; on error
// it returns the zero URI and an *[uri.Error]: with Op [uri.OpParse] for a
// c.DefaultHost that ParseHost refuses and for a path of t that
// c.RefuseEncodedSlash refuses ([uri.ErrEncodedSeparator], Input the
// request-target), with Op [uri.OpBuild] otherwise.
func (c Config) TargetURI(t uri.Target, host uri.HostPort, noHost bool) (uri.URI, error) {
	if c.RefuseEncodedSlash {
		if err := checkSlash(&t); err != nil {
			return uri.URI{}, err
		}
	}
	switch t.Form() {
	case uri.AbsoluteForm:
		return c.absoluteURI(&t, &host, noHost)
	case 0:
		// The zero Target is no request-target: the error of
		// ParseTarget("", ""), as a build.
		return uri.URI{}, &uri.Error{Op: uri.OpBuild, Component: uri.Scheme, Err: uri.ErrMissingScheme}
	}
	var def uri.HostPort
	if c.DefaultHost != "" {
		var err error
		if def, err = uri.ParseHost(c.DefaultHost); err != nil {
			return uri.URI{}, err
		}
	}
	scheme := c.Scheme
	if scheme == "" {
		scheme = "http"
	}
	if j := abnf.SchemeLen(scheme); j < len(scheme) || j == 0 {
		return fail(scheme, j, uri.Scheme, uri.ErrInvalidByte, "the scheme of the context")
	}
	auth := t.String()
	if t.Form() != uri.AuthorityForm {
		if noHost {
			host = uri.HostPort{}
		}
		if host == (uri.HostPort{}) {
			host = def
		}
		if host == (uri.HostPort{}) {
			detail := "the Host field is empty, and no default host is set"
			if noHost {
				detail = "the request has no Host field, and no default host is set"
			}
			return fail("", 0, uri.NoComponent, uri.ErrNoHost, detail)
		}
		auth = host.String()
	}
	// The text is a host and a port, and the host is empty when a ":"
	// begins it.
	if auth[0] == ':' {
		return fail(auth, 0, uri.NoComponent, uri.ErrNoHost, "the host is empty (RFC 9110, Section 4.2.1)")
	}
	pathQuery := ""
	if t.Form() == uri.OriginForm {
		pathQuery = t.String()
	}
	u, err := uri.ParseURI(scheme + "://" + auth + pathQuery)
	if err != nil {
		// Not reached: every part is checked.
		e := *err.(*uri.Error)
		e.Op = uri.OpBuild
		return uri.URI{}, &e
	}
	return u, nil
}

// absoluteURI is TargetURI for t, an absolute-form target.
func (c *Config) absoluteURI(t *uri.Target, host *uri.HostPort, noHost bool) (uri.URI, error) {
	u, _ := t.AbsoluteURI()
	if sc := u.Scheme(); abnf.EqualFold(sc, "http") || abnf.EqualFold(sc, "https") {
		switch s, hostAt := t.String(), len(sc)+3; {
		case !u.HasAuthority():
			return fail(s, hostAt-2, uri.NoComponent, uri.ErrNoHost,
				`an "http" or "https" URI has "//" and a host (RFC 9110, Section 4.2.1)`)
		case u.HasUserinfo():
			return fail(s, hostAt, uri.Userinfo, ErrUserinfoNotAllowed, "RFC 9110, Section 4.2.4")
		case u.Host() == "":
			return fail(s, hostAt, uri.NoComponent, uri.ErrNoHost, "the host is empty (RFC 9110, Section 4.2.1)")
		}
	}
	if c.MatchHost && !noHost {
		want, got := t.Authority().String(), host.String()
		if !abnf.EqualFold(want, got) {
			i := 0
			for i < len(want) && i < len(got) && abnf.Lower(want[i]) == abnf.Lower(got[i]) {
				i++
			}
			return fail(got, i, uri.Host, ErrHostMismatch, "the request-target has "+errtext.QuoteHead(want))
		}
	}
	return u, nil
}

// fail returns the zero URI and the error of a build that failed at byte
// off of in.
func fail(in string, off int, c uri.Component, err error, detail string) (uri.URI, error) {
	return uri.URI{}, &uri.Error{Op: uri.OpBuild, Input: in, Offset: off, Component: c, Err: err, Detail: detail}
}
