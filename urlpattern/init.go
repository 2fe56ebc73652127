package urlpattern

import (
	"strings"

	"github.com/gouri/uri/whatwg"
)

// Opt is an optional string of an [Init]: absent (the zero Opt) or
// present, possibly empty. The standard's URLPatternInit dictionary tells
// a member that is not there from one that is the empty string: an absent
// component of a pattern is a wildcard "*", or comes from the base URL,
// while "" matches only the empty string.
type Opt struct {
	s  string
	ok bool
}

// Some returns the present Opt whose value is s.
func Some(s string) Opt { return Opt{s, true} }

// Get returns the value and whether it is present.
func (o Opt) Get() (string, bool) { return o.s, o.ok }

// IsSet reports whether the value is present.
func (o Opt) IsSet() bool { return o.ok }

// String returns the value, or "" when it is absent.
func (o Opt) String() string { return o.s }

// Init is the standard's URLPatternInit dictionary (section 1.2): the
// components of a pattern, or of a URL to match, one by one, and a base
// URL. The zero Init has every member absent: as a pattern it matches
// every URL.
type Init struct {
	Protocol Opt
	Username Opt
	Password Opt
	Hostname Opt
	Port     Opt
	Pathname Opt
	Search   Opt
	Hash     Opt
	BaseURL  Opt
}

// Get returns the member of the component c.
func (in *Init) Get(c Component) Opt {
	if p := in.field(c); p != nil {
		return *p
	}
	return Opt{}
}

// Set sets the member of the component c to s, present.
func (in *Init) Set(c Component, s string) {
	if p := in.field(c); p != nil {
		*p = Some(s)
	}
}

func (in *Init) field(c Component) *Opt {
	switch c {
	case Protocol:
		return &in.Protocol
	case Username:
		return &in.Username
	case Password:
		return &in.Password
	case Hostname:
		return &in.Hostname
	case Port:
		return &in.Port
	case Pathname:
		return &in.Pathname
	case Search:
		return &in.Search
	case Hash:
		return &in.Hash
	}
	return nil
}

// has reports whether any of the components cs is present in in.
func (in *Init) has(cs ...Component) bool {
	for _, c := range cs {
		if in.Get(c).ok {
			return true
		}
	}
	return false
}

// initError is a failure of process a URLPatternInit: the base URL that
// is not a URL, or a component that does not canonicalize (type "url").
type initError struct {
	err    error
	c      Component // numComponents for the base URL
	off    int
	detail string
}

// processInit is "process a URLPatternInit" (section 3.2) with type
// "pattern" (asURL false, every member starting absent) or "url" (asURL
// true, every member starting as the empty string).
func processInit(in Init, asURL bool) ([numComponents]Opt, *initError) {
	var r [numComponents]Opt
	if asURL {
		for c := range r {
			r[c] = Some("")
		}
	}
	base, hasBase, err := in.applyBase(&r, asURL)
	if err != nil {
		return r, err
	}
	for _, c := range []Component{Protocol, Username, Password, Hostname} {
		if v, ok := in.Get(c).Get(); ok {
			out, cerr := processComponent(c, v, "", asURL)
			if cerr != nil {
				return r, &initError{ErrCanonical, c, cerr.off, cerr.detail}
			}
			r[c] = Some(out)
		}
	}
	protocol := r[Protocol].s
	for _, c := range []Component{Port, Pathname, Search, Hash} {
		v, ok := in.Get(c).Get()
		if !ok {
			continue
		}
		if c == Pathname && hasBase && !base.HasOpaquePath() && !isAbsolutePathname(v, asURL) {
			bp := processBase(base.Pathname(), asURL)
			if k := strings.LastIndexByte(bp, '/'); k >= 0 {
				v = bp[:k+1] + v
			}
		}
		out, cerr := processComponent(c, v, protocol, asURL)
		if cerr != nil {
			return r, &initError{ErrCanonical, c, cerr.off, cerr.detail}
		}
		r[c] = Some(out)
	}
	return r, nil
}

// applyBase sets the members of r that come from the base URL (section
// 3.2, step 11): each one that is less specific than every member in.
func (in *Init) applyBase(r *[numComponents]Opt, asURL bool) (whatwg.URL, bool, *initError) {
	b, ok := in.BaseURL.Get()
	if !ok {
		return whatwg.URL{}, false, nil
	}
	base, err := whatwg.Parse(b)
	if err != nil {
		f := failure(err, b)
		return whatwg.URL{}, false, &initError{ErrBaseURL, numComponents, f.off, f.detail}
	}
	if !in.has(Protocol) {
		r[Protocol] = Some(processBase(base.Scheme(), asURL))
	}
	if asURL && !in.has(Protocol, Hostname, Port, Username) {
		r[Username] = Some(base.Username())
	}
	if asURL && !in.has(Protocol, Hostname, Port, Username, Password) {
		r[Password] = Some(base.Password())
	}
	if !in.has(Protocol, Hostname) {
		r[Hostname] = Some(processBase(base.Hostname(), asURL))
	}
	if !in.has(Protocol, Hostname, Port) {
		r[Port] = Some(base.Port())
	}
	if !in.has(Protocol, Hostname, Port, Pathname) {
		r[Pathname] = Some(processBase(base.Pathname(), asURL))
	}
	if !in.has(Protocol, Hostname, Port, Pathname, Search) {
		r[Search] = Some(processBase(base.Query(), asURL))
	}
	if !in.has(Protocol, Hostname, Port, Pathname, Search, Hash) {
		r[Hash] = Some(processBase(base.Fragment(), asURL))
	}
	return base, true, nil
}

// processBase is "process a base URL string": a component of the base
// URL is escaped as a pattern string for a pattern.
func processBase(s string, asURL bool) string {
	if asURL {
		return s
	}
	return escapePattern(s)
}

// isAbsolutePathname is "is an absolute pathname".
func isAbsolutePathname(s string, asURL bool) bool {
	switch {
	case s == "":
		return false
	case s[0] == '/':
		return true
	case asURL || len(s) < 2:
		return false
	}
	return s[1] == '/' && (s[0] == '\\' || s[0] == '{')
}

// processComponent is "process protocol for init" and the others of
// section 3.2: the protocol loses one trailing ":", the search one
// leading "?", the hash one leading "#"; a URL's components are
// canonicalized too.
func processComponent(c Component, v, protocol string, asURL bool) (string, *canonError) {
	switch c {
	case Protocol:
		v = strings.TrimSuffix(v, ":")
	case Search:
		v = strings.TrimPrefix(v, "?")
	case Hash:
		v = strings.TrimPrefix(v, "#")
	}
	if !asURL {
		return v, nil
	}
	switch c {
	case Protocol:
		return canonProtocol(v)
	case Username:
		return canonUsername(v)
	case Password:
		return canonPassword(v)
	case Hostname:
		return canonHostname(v)
	case Port:
		return portEncoder(protocol)(v)
	case Pathname:
		if protocol == "" || isSpecialScheme(protocol) {
			return canonPathname(v)
		}
		return canonOpaquePathname(v)
	case Search:
		return canonSearch(v)
	}
	return canonHash(v)
}
