package uri

import (
	"github.com/gouri/uri/internal/abnf"
	"github.com/gouri/uri/internal/errtext"
)

// This file reads what an HTTP/1.1 request says of its target: the
// request-target of the request line (RFC 9112, Section 3.2) and the Host
// field (RFC 9110, Section 7.2), each checked against the ABNF of RFC 3986
// that those sections cite. It knows nothing of net/http, which this
// package does not import, nor of the target URI that a server rebuilds
// from them (RFC 9112, Section 3.3): package
// github.com/gouri/uri/httptarget does both.

// TargetForm is one of the four forms of a request-target (RFC 9112,
// Section 3.2).
type TargetForm uint8

// The forms of a request-target. The zero TargetForm is that of the zero
// [Target], which is no request-target.
const (
	OriginForm    TargetForm = iota + 1 // absolute-path [ "?" query ] (Section 3.2.1): "/where?q=now"
	AbsoluteForm                        // absolute-URI (Section 3.2.2): "http://www.example.org/pub/"
	AuthorityForm                       // uri-host ":" port, for CONNECT (Section 3.2.3): "www.example.com:80"
	AsteriskForm                        // "*", for a server-wide OPTIONS (Section 3.2.4)
)

var targetFormNames = [...]string{"", "origin", "absolute", "authority", "asterisk"}

// String returns "origin", "absolute", "authority" or "asterisk", the names
// of RFC 9112, Section 3.2 without "-form", and "" for the zero TargetForm.
func (f TargetForm) String() string {
	if int(f) < len(targetFormNames) {
		return targetFormNames[f]
	}
	return "TargetForm(?)"
}

// Target is a request-target (RFC 9112, Section 3.2) as [ParseTarget] read
// it: its form and its text, with the offsets of its parts.
//
//	request-target = origin-form / absolute-form / authority-form / asterisk-form
//
// Like a [URI], it is a small immutable value, comparable with ==, whose
// accessors slice its text and never allocate. The zero Target is no
// request-target: its Form is 0 and every accessor returns "".
type Target struct {
	r    ref // the offsets, as in a URI; see ParseTarget for each form
	form TargetForm
}

// ParseTarget parses target, the request-target of a request with the
// method method, by RFC 9112, Section 3.2, whose rules are those of RFC
// 3986:
//
//	origin-form    = absolute-path [ "?" query ]
//	absolute-form  = absolute-URI
//	authority-form = uri-host ":" port
//	asterisk-form  = "*"
//
// The method, compared case-sensitively (RFC 9110, Section 9.1), decides
// which forms are allowed: authority-form alone for CONNECT (Section
// 3.2.3; RFC 9110, Section 9.3.6, which also requires the port, so an
// empty one is an error, as is one above 65535); origin-form,
// absolute-form and asterisk-form for OPTIONS; origin-form and
// absolute-form for every other method. The method itself is not checked.
//
// Nothing is repaired: no fragment, space, backslash, control character,
// bare "%" or non-ASCII byte is allowed (RFC 9112, Section 3.2: a recipient
// should not autocorrect a request-target), and neither is an IPv6 zone.
// An absolute-form target is checked as an absolute-URI of any scheme, with
// any userinfo and host: the rules of "http" and "https" URIs are those of
// the target URI, which package httptarget builds. ParseTarget does not
// allocate; on error it returns the zero
// Target and an *[Error] with Op [OpParse], at the first byte that
// no target of the method's forms can have there (see [Error]).
func ParseTarget(method, target string) (Target, error) {
	var t Target
	var err error
	switch {
	case method == "CONNECT":
		t.form = AuthorityForm
		err = t.r.parseHostField(target, true)
		if e, ok := err.(*Error); ok && (e.Offset == 0 || e.Offset < len(target) && target[e.Offset] == '/') {
			e.Detail = "CONNECT takes authority-form, host:port (RFC 9112, Section 3.2.3)"
		}
	case len(target) > 0 && target[0] == '/':
		t.form = OriginForm
		err = t.r.parseOriginForm(target)
	case method == "OPTIONS" && len(target) > 0 && target[0] == '*':
		t.form = AsteriskForm
		t.r = ref{s: target, hostStart: 1, hostEnd: 1, pathStart: 1, pathEnd: 1, queryEnd: 1}
		if len(target) > 1 {
			// No component: asterisk-form is no URI reference.
			err = &Error{Op: OpParse, Input: target, Offset: 1, Err: ErrInvalidByte,
				Detail: `asterisk-form is "*" alone (RFC 9112, Section 3.2.4)`}
		}
	default:
		t.form = AbsoluteForm
		if err = t.r.parseText(target, grammar{rule: ruleAbsolute}); err != nil {
			err = targetError(err, target, method)
		}
	}
	if err != nil {
		return Target{}, err
	}
	return t, nil
}

// targetError makes the error of a failed absolute-form parse the error of
// the request-target, with a word on the forms the method allows where the
// first byte already fails.
func targetError(err error, target, method string) error {
	e := err.(*Error)
	e.Op = OpParse
	switch {
	case e.Err == ErrFragmentNotAllowed:
		e.Err, e.Detail = ErrInvalidByte, "a request-target has no fragment (RFC 9110, Section 7.1)"
	case e.Offset == 0 && len(target) > 0 && target[0] == '*':
		// An asterisk-form target, for another method: the "*" is no
		// scheme's first letter but the whole target, in no component.
		e.Component = NoComponent
		e.Detail = "asterisk-form is only for OPTIONS (RFC 9112, Section 3.2.4), not " + errtext.QuoteHead(method)
	case e.Offset == 0 && len(target) > 0:
		e.Detail = `a request-target begins with "/" or a scheme (RFC 9112, Section 3.2)`
	}
	return e
}

// parseOriginForm parses s, which begins with "/", as origin-form:
// absolute-path = 1*( "/" segment ), then [ "?" query ]. The path may begin
// with "//": it is a path, since origin-form has no authority.
func (u *ref) parseOriginForm(s string) error {
	if len(s) > maxLen {
		return &Error{Op: OpParse, Input: s, Offset: maxLen, Err: ErrTooLong}
	}
	*u = ref{s: s}
	i, err := scanComponent(s, 0, abnf.Path)
	c := Path
	if err == nil {
		u.pathEnd, u.queryEnd = int32(i), int32(i)
		if i < len(s) && s[i] == '?' {
			u.flags |= fQuery
			c = Query
			i, err = scanComponent(s, i+1, abnf.Query)
			u.queryEnd = int32(i)
		}
	}
	if err == nil && i < len(s) {
		err = ErrInvalidByte
	}
	if err != nil {
		*u = ref{}
		e := &Error{Op: OpParse, Input: s, Offset: i, Component: c, Err: err}
		if err == ErrInvalidByte && s[i] == '#' {
			e.Detail = "a request-target has no fragment (RFC 9110, Section 7.1)"
		}
		return e
	}
	return nil
}

// parseHostField parses s as uri-host [ ":" port ] (RFC 9110, Section 7.2;
// with needPort, ":" port is required and port is not empty, as
// authority-form needs: RFC 9112, Section 3.2.3) into u: the host is
// s[hostStart:hostEnd], the port s[hostEnd+1:pathStart], as in a URI
// without "//". A port above 65535 is an error at the digit that passes
// it. On error u is the zero ref.
func (u *ref) parseHostField(s string, needPort bool) error {
	fail := func(off int, c Component, err error) error {
		*u = ref{}
		return &Error{Op: OpParse, Input: s, Offset: off, Component: c, Err: err}
	}
	if len(s) > maxLen {
		return fail(maxLen, NoComponent, ErrTooLong)
	}
	*u = ref{s: s, flags: fAuthority}
	var k int
	if len(s) > 0 && s[0] == '[' {
		end, kind, err := parseIPLiteral(s, 0, false)
		if err != nil {
			return fail(end, Host, err)
		}
		k = end
		u.hostEnd = int32(k)
		u.flags |= flags(kind) << kindShift
	} else {
		var err error
		if k, err = scanComponent(s, 0, abnf.RegName); err != nil {
			return fail(k, Host, err)
		}
		u.setHost(0, k)
	}
	switch {
	case k == len(s) && needPort:
		return fail(k, Port, ErrNoPort)
	case k < len(s) && s[k] != ':':
		return fail(k, Host, ErrInvalidByte)
	case k < len(s):
		u.flags |= fPort
		v := 0
		for j := k + 1; j < len(s); j++ {
			if !abnf.IsDigit(s[j]) {
				return fail(j, Port, ErrBadPort)
			}
			if v = v*10 + int(s[j]-'0'); v > 65535 {
				return fail(j, Port, ErrPortRange)
			}
		}
		if needPort && k+1 == len(s) {
			return fail(len(s), Port, ErrNoPort)
		}
	}
	u.pathStart, u.pathEnd, u.queryEnd = int32(len(s)), int32(len(s)), int32(len(s))
	return nil
}

// Form returns the form of the request-target, 0 for the zero Target.
func (t Target) Form() TargetForm { return t.form }

// String returns the request-target as it was parsed. It does not
// allocate.
func (t Target) String() string { return t.r.s }

// Path returns the path of an origin-form or absolute-form target, as
// written (RFC 3986, Section 3.3), and "" for the other forms. The path of
// an origin-form target is an absolute-path, which may begin with "//".
func (t Target) Path() string {
	if t.form != OriginForm && t.form != AbsoluteForm {
		return ""
	}
	return t.r.Path()
}

// HasQuery reports whether an origin-form or absolute-form target has a
// query, that is, a "?" (RFC 3986, Section 3.4).
func (t Target) HasQuery() bool { return t.r.HasQuery() }

// Query returns the query of an origin-form or absolute-form target, as
// written, without the "?", or "" if there is none.
func (t Target) Query() string { return t.r.Query() }

// Authority returns the host and port of an authority-form target, and of
// an absolute-form target that has an authority (without its userinfo);
// for other targets it returns the zero HostPort.
func (t Target) Authority() HostPort {
	switch t.form {
	case AuthorityForm:
		return HostPort{t.r}
	case AbsoluteForm:
		if t.r.flags&fAuthority == 0 {
			return HostPort{}
		}
		var h HostPort
		if t.r.hostStart == t.r.pathStart {
			return h
		}
		h.r = ref{s: t.r.s[t.r.hostStart:t.r.pathStart], flags: t.r.flags & (fAuthority | fPort | kindMask)}
		n := t.r.hostEnd - t.r.hostStart
		h.r.hostEnd = n
		h.r.pathStart, h.r.pathEnd, h.r.queryEnd = int32(len(h.r.s)), int32(len(h.r.s)), int32(len(h.r.s))
		return h
	}
	return HostPort{}
}

// AbsoluteURI returns the URI of an absolute-form target and true, or the
// zero URI and false for the other forms. It does not allocate.
func (t Target) AbsoluteURI() (URI, bool) {
	if t.form != AbsoluteForm {
		return URI{}, false
	}
	return URI{t.r}, true
}

// HostPort is a host and an optional port written without "//", as HTTP
// writes them: the value of a Host header field (RFC 9110, Section 7.2)
// and an authority-form request-target (RFC 9112, Section 3.2.3).
//
//	Host = uri-host [ ":" port ]
//
// [ParseHost] and [Target.Authority] return them. The zero HostPort is the
// empty Host field value, which names no host; ParseHost("") returns it.
// HostPorts are comparable with ==, which compares their text.
type HostPort struct{ r ref }

// ParseHost parses value, the value of a Host header field, as RFC 9110,
// Section 7.2 defines it, by the rules of RFC 3986 it cites:
//
//	Host = uri-host [ ":" port ]
//
// The value may be empty, as a client sends it for a target URI without an
// authority (RFC 9112, Section 3.2). It may not hold a userinfo, a zone, a
// space or a non-ASCII byte, or a port above 65535, which no TCP port is;
// an empty port ("example.com:") is allowed, as it is in a URI. The host
// may be empty before a port, which no "http" or "https" target URI can
// take (package httptarget refuses it). ParseHost does not allocate; on error it returns the zero
// HostPort and an *[Error] with Op [OpParse].
func ParseHost(value string) (HostPort, error) {
	var h HostPort
	if value == "" {
		return h, nil
	}
	if err := h.r.parseHostField(value, false); err != nil {
		return HostPort{}, err
	}
	return h, nil
}

// String returns the host and port as written. It does not allocate.
func (h HostPort) String() string { return h.r.s }

// Host returns the host as written, an IP-literal with its brackets.
func (h HostPort) Host() string { return h.r.Host() }

// HostKind returns the form of the host (RFC 3986, Section 3.2.2), or
// HostNone for the empty value, which names no host; an empty host before
// a port (":80") is an empty HostRegName.
func (h HostPort) HostKind() HostKind { return h.r.HostKind() }

// HasPort reports whether a ":" follows the host.
func (h HostPort) HasPort() bool { return h.r.HasPort() }

// Port returns the port as written, without the ":", or "".
func (h HostPort) Port() string { return h.r.Port() }

// PortNumber returns the port as a number; it never exceeds 65535 in a
// HostPort that ParseHost or ParseTarget returned. It returns [ErrNoPort]
// when the port is absent or empty.
func (h HostPort) PortNumber() (int, error) { return h.r.PortNumber() }

// MarshalText returns the request-target's text. It implements
// [encoding.TextMarshaler]; there is no UnmarshalText, since the method
// decides how the text reads.
func (t Target) MarshalText() ([]byte, error) { return []byte(t.r.s), nil }

// AppendText appends the request-target's text to b. It implements
// [encoding.TextAppender].
func (t Target) AppendText(b []byte) ([]byte, error) { return append(b, t.r.s...), nil }

// MarshalText returns the text of h. It implements
// [encoding.TextMarshaler].
func (h HostPort) MarshalText() ([]byte, error) { return []byte(h.r.s), nil }

// AppendText appends the text of h to b. It implements
// [encoding.TextAppender].
func (h HostPort) AppendText(b []byte) ([]byte, error) { return append(b, h.r.s...), nil }

// UnmarshalText parses text with [ParseHost] and stores the result in h.
// It implements [encoding.TextUnmarshaler]. On error h is left unchanged.
func (h *HostPort) UnmarshalText(text []byte) error {
	v, err := ParseHost(string(text))
	if err != nil {
		return err
	}
	*h = v
	return nil
}
