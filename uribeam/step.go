package uribeam

import (
	"errors"
	"strconv"
	"strings"

	"github.com/gouri/uri"
	"github.com/gouri/uri/canon"
	"github.com/gouri/uri/site"
	"github.com/gouri/uri/whatwg"
)

// The operations of this package's errors, besides those of the packages
// that it calls (canon's OpCanon and OpSURT, uri.OpParse).
const (
	// OpSite: finding the registrable domain of a URL ([Site]).
	OpSite uri.Op = "site"
)

// ErrNoSite is the Err of the *uri.Error of [Site] for a URL whose host has
// no registrable domain: an IP address, an opaque host, a public suffix
// ("com", "localhost"), a name with an empty label, or no host at all. The
// error's Detail says which.
var ErrNoSite = errors.New("no registrable domain")

// The names of the transforms, as Failure.Transform and the metrics give
// them.
const (
	opCanon = "canon"
	opSURT  = "surt"
	opSite  = "site"
	opParse = "parse"
	opGuard = "guard"
)

// step is what a transform does to each URL, held as data: a DoFn carries
// it to the workers, each of which makes the function once, in its Setup.
type step struct {
	Op      string              // one of the names above
	Canon   canon.Canonicalizer // for canon and surt
	Reading Reading             // for parse
	Policy  Policy              // for guard
}

// compile returns the function of s: from a URL to its result (a string,
// Parts or Decision), or the error that makes the URL a Failure.
func (s step) compile() (func(string) (any, error), error) {
	switch s.Op {
	case opCanon:
		return boxed(s.Canon.Canon), nil
	case opSURT:
		return boxed(s.Canon.SURT), nil
	case opSite:
		return boxed(SiteOf), nil
	case opParse:
		r := s.Reading
		return boxed(func(in string) (Parts, error) { return partsOf(r, in) }), nil
	case opGuard:
		g, err := s.Policy.Guard()
		if err != nil {
			return nil, err
		}
		return boxed(func(in string) (Decision, error) { return decide(g, in) }), nil
	}
	return nil, errors.New("uribeam: unknown transform " + strconv.Quote(s.Op))
}

// boxed returns f with its result as an any, as a DoFn emits it.
func boxed[V any](f func(string) (V, error)) func(string) (any, error) {
	return func(in string) (any, error) {
		v, err := f(in)
		if err != nil {
			return nil, err
		}
		return v, nil
	}
}

// SiteOf returns the registrable domain of the host of the URL in, read as
// the URL Standard reads it (section 4.4), as [Site] does for each element:
// the function of the transform, for a program that keys URLs without
// Beam. It allocates the parsed URL. On error it returns "" and a
// *uri.Error: the parser's, or one with Op OpSite, Err ErrNoSite and a
// Detail that says why the host has none.
func SiteOf(in string) (string, error) {
	u, err := whatwg.Parse(in)
	if err != nil {
		return "", err
	}
	if rd, ok := urlSite(u); ok {
		return rd, nil
	}
	return "", &uri.Error{Op: OpSite, Input: in, Offset: uri.NoOffset, Err: ErrNoSite, Detail: noSiteReason(u)}
}

// noSiteReason says why the host of u has no registrable domain.
func noSiteReason(u whatwg.URL) string {
	h := strconv.Quote(u.Hostname())
	switch u.HostKind() {
	case uri.HostNone:
		return "the URL has no host"
	case uri.HostEmpty:
		return "the host is empty"
	case uri.HostIPv4, uri.HostIPv6:
		return "the host " + h + " is an IP address"
	case uri.HostOpaque:
		return "the host " + h + " is an opaque host, not a domain"
	}
	name := strings.TrimSuffix(u.Hostname(), ".")
	if strings.HasPrefix(name, ".") || strings.Contains(name, "..") {
		return "the host " + h + " has an empty label"
	}
	// One more label makes a public suffix a registrable domain, and
	// leaves an invalid name invalid.
	if _, ok := site.RegistrableDomain("x." + name); ok {
		return "the host " + h + " is a public suffix"
	}
	return "the host " + h + " is not a valid domain name"
}
