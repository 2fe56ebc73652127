package legacy

import (
	"github.com/gouri/uri"
	"github.com/gouri/uri/internal/testrows"
)

// rowView is what a testrows.Parse row says about the components of l.
func rowView(l URL) testrows.Parse {
	c := l.Parts
	p := c.Path
	hasUserinfo := c.HasUserinfo || c.Userinfo != ""
	hasPort := c.HasPort || c.Port != ""
	hasAuth := c.HasAuthority || hasUserinfo || c.Host != "" || hasPort
	return testrows.Parse{
		Input:    l.String(),
		OK:       true,
		Scheme:   testrows.Optional(c.Scheme, c.Scheme != ""),
		Userinfo: testrows.Optional(c.Userinfo, hasUserinfo),
		Host:     testrows.Optional(c.Host, hasAuth),
		Port:     testrows.Optional(c.Port, hasPort),
		Path:     &p,
		Query:    testrows.Optional(c.Query, c.HasQuery || c.Query != ""),
		Fragment: testrows.Optional(c.Fragment, c.HasFragment || c.Fragment != ""),
	}
}

// recompose writes components one after the other with their delimiters,
// as RFC 3986, Section 5.3 does, and nothing else.
func recompose(c uri.Components) string {
	s := ""
	if c.Scheme != "" {
		s += c.Scheme + ":"
	}
	if c.HasAuthority || c.HasUserinfo || c.Userinfo != "" || c.Host != "" || c.HasPort || c.Port != "" {
		s += "//"
		if c.HasUserinfo || c.Userinfo != "" {
			s += c.Userinfo + "@"
		}
		s += c.Host
		if c.HasPort || c.Port != "" {
			s += ":" + c.Port
		}
	}
	s += c.Path
	if c.HasQuery || c.Query != "" {
		s += "?" + c.Query
	}
	if c.HasFragment || c.Fragment != "" {
		s += "#" + c.Fragment
	}
	return s
}

func errString(err error) string {
	if err == nil {
		return "<nil>"
	}
	return err.Error()
}

func boolString(b bool) string {
	if b {
		return "true"
	}
	return "false"
}

// The reasons that Upgrade gives, as uri.Components.Encode writes them.
const (
	reasonQuestionPath = `RFC 3986 reads "?" as the start of a query`
	reasonEndAuthority = `RFC 3986 reads "?" and "#" as the end of the authority`
	reasonDelimiters   = `RFC 3986 reads "@" and ":" as delimiters of the authority`
	reasonLeadingZeros = `RFC 3986 dec-octets have no leading zeros`
	reasonSlashes      = `RFC 3986 reads a path that begins with "//" as an authority`
	reasonColon        = `RFC 3986 reads a first segment with ":" as a scheme`
)

func reasonNotAllowed(c uri.Component) string {
	return "not allowed unencoded in an RFC 3986 " + c.String()
}

// ch is one Change, written short for the tables.
func ch(off int, c uri.Component, from, to, reason string) uri.Change {
	return uri.Change{Offset: off, Component: c, From: from, To: to, Reason: reason}
}
