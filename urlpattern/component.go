package urlpattern

import (
	"strconv"

	"github.com/gouri/uri"
)

// Component names one of the eight components of a URL pattern (URL
// Pattern Standard, section 1.3, "URL pattern struct"), in the standard's
// order, which is also the order of a URL.
type Component uint8

// The components, in the standard's order.
const (
	Protocol Component = iota
	Username
	Password
	Hostname
	Port
	Pathname
	Search
	Hash

	numComponents
)

var componentNames = [numComponents]string{"protocol", "username", "password", "hostname", "port", "pathname", "search", "hash"}

// String returns the name of the component as the standard's
// URLPatternInit dictionary spells it: "protocol", "username", "password",
// "hostname", "port", "pathname", "search" or "hash".
func (c Component) String() string {
	if c < numComponents {
		return componentNames[c]
	}
	return "component(" + strconv.Itoa(int(c)) + ")"
}

// ParseComponent returns the component whose name is s, as
// [Component.String] writes it, and false for any other string: the
// argument of the standard's compareComponent and of generate.
func ParseComponent(s string) (Component, bool) {
	for c, n := range componentNames {
		if n == s {
			return Component(c), true
		}
	}
	return 0, false
}

// uriComponent is the component of RFC 3986 that a URL pattern component
// matches, for the Component of an error.
func (c Component) uriComponent() uri.Component {
	switch c {
	case Protocol:
		return uri.Scheme
	case Username, Password:
		return uri.Userinfo
	case Hostname:
		return uri.Host
	case Port:
		return uri.Port
	case Pathname:
		return uri.Path
	case Search:
		return uri.Query
	case Hash:
		return uri.Fragment
	}
	return uri.NoComponent
}
