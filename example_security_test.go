package uri_test

import (
	"errors"
	"fmt"
	"net/netip"
	"strings"

	"github.com/gouri/uri"
)

// connectHost returns the host that an HTTP client given the URL s
// connects to: an IP address, or the ASCII name it looks up. It refuses
// what clients read in different ways and hosts inside the network, the
// check a server needs before it fetches a URL that a user gave it
// (server-side request forgery). SECURITY.md explains each step.
func connectHost(s string) (string, error) {
	// Strict RFC 3986: a backslash, a space, a second "@" or a raw
	// non-ASCII character is an error, not text to guess at. Other parsers
	// read "http://a\b@c/" with the host "a" or "c".
	u, err := uri.Parse(s)
	if err != nil {
		return "", err
	}
	// Schemes compare without regard to case (RFC 3986, Section 3.1); a
	// parsed scheme is ASCII.
	if scheme := strings.ToLower(u.Scheme()); scheme != "http" && scheme != "https" {
		return "", errors.New("not http or https")
	}
	// In "http://good.example@evil.example/" the host is evil.example; a
	// userinfo only serves to mislead a reader.
	if u.HasUserinfo() {
		return "", fmt.Errorf("userinfo %q before the host %q", u.Userinfo(), u.Host())
	}
	switch u.HostKind() {
	case uri.HostIPv4, uri.HostIPv6:
		a, _ := u.HostAddr()
		return checkAddr(a.Unmap()) // "[::ffff:127.0.0.1]" is 127.0.0.1
	case uri.HostRegName:
		if u.Host() == "" {
			break
		}
		// "127.1", "0x7f.1", "2130706433": a name to RFC 3986, an address
		// to the resolver (RFC 3986, Section 7.4).
		if a, ok := uri.AmbiguousIPv4(u.Host()); ok {
			return "", fmt.Errorf("the name %q is read as the address %v", u.Host(), a)
		}
		// The name the client looks up: decoded, mapped by UTS #46, as
		// IDNA A-labels. The mapping turns full-width digits into ASCII, so
		// the result is checked again.
		name, err := uri.HostToASCII(u.Host())
		if err != nil {
			return "", err
		}
		if a, err := netip.ParseAddr(name); err == nil {
			return "", fmt.Errorf("the name %q is the address %v", u.Host(), a)
		}
		if a, ok := uri.AmbiguousIPv4(name); ok {
			return "", fmt.Errorf("the name %q is read as the address %v", u.Host(), a)
		}
		return name, nil
	}
	return "", errors.New("no host to connect to") // none, empty, or IPvFuture
}

// checkAddr refuses the addresses of the machine and of its networks.
func checkAddr(a netip.Addr) (string, error) {
	if a.IsLoopback() || a.IsPrivate() || a.IsUnspecified() || a.IsLinkLocalUnicast() || a.IsMulticast() {
		return "", fmt.Errorf("the address %v is internal", a)
	}
	return a.String(), nil
}

// A server that fetches URLs for its users must know which host it
// connects to, and refuse hosts inside its network (server-side request
// forgery). The host it connects to is not always the text between "//"
// and "/": connectHost shows the checks. It still has to check the address
// the name resolves to when it connects, since DNS can answer anything.
func Example_serverSideRequestForgery() {
	for _, s := range []string{
		"https://example.com/a",
		"http://Ex%61mple.COM./",
		"http://192.0.2.1/",
		"http://127.0.0.1/",
		"http://127.1/",
		"http://0x7f.1/",
		"http://2130706433/",
		"http://%31%32%37.0.0.1/",
		"http://%EF%BC%91%EF%BC%92%EF%BC%97.%EF%BC%90.%EF%BC%90.%EF%BC%91/",
		"http://[::ffff:10.0.0.1]/",
		"http://good.example@evil.example/",
		`http://a\b@c/`,
		"http://a@b@c/",
		"http://xn--80ak6aa92e.com/",
		"http://[v1.x]/",
	} {
		host, err := connectHost(s)
		if err != nil {
			fmt.Printf("%s\n\trefused: %v\n", s, err)
			continue
		}
		fmt.Printf("%s\n\tconnects to %s\n", s, host)
	}

	// An IRI has non-ASCII characters, which Parse refuses: its URI is
	// checked. ToURI maps the host as HostToASCII does.
	iri, err := uri.ParseIRI("http://１２７.０.０.１/")
	if err != nil {
		panic(err)
	}
	u, err := iri.ToURI()
	if err != nil {
		panic(err)
	}
	_, err = connectHost(u.String())
	fmt.Printf("%s is %s\n\trefused: %v\n", iri, u, err)
	// Output:
	// https://example.com/a
	// 	connects to example.com
	// http://Ex%61mple.COM./
	// 	connects to example.com.
	// http://192.0.2.1/
	// 	connects to 192.0.2.1
	// http://127.0.0.1/
	// 	refused: the address 127.0.0.1 is internal
	// http://127.1/
	// 	refused: the name "127.1" is read as the address 127.0.0.1
	// http://0x7f.1/
	// 	refused: the name "0x7f.1" is read as the address 127.0.0.1
	// http://2130706433/
	// 	refused: the name "2130706433" is read as the address 127.0.0.1
	// http://%31%32%37.0.0.1/
	// 	refused: the name "%31%32%37.0.0.1" is read as the address 127.0.0.1
	// http://%EF%BC%91%EF%BC%92%EF%BC%97.%EF%BC%90.%EF%BC%90.%EF%BC%91/
	// 	refused: the name "%EF%BC%91%EF%BC%92%EF%BC%97.%EF%BC%90.%EF%BC%90.%EF%BC%91" is the address 127.0.0.1
	// http://[::ffff:10.0.0.1]/
	// 	refused: the address 10.0.0.1 is internal
	// http://good.example@evil.example/
	// 	refused: userinfo "good.example" before the host "evil.example"
	// http://a\b@c/
	// 	refused: uri: invalid character "\\" in authority at offset 8 of "http://a\\b@c/"
	// http://a@b@c/
	// 	refused: uri: invalid character "@" in host at offset 10 of "http://a@b@c/"
	// http://xn--80ak6aa92e.com/
	// 	connects to xn--80ak6aa92e.com
	// http://[v1.x]/
	// 	refused: no host to connect to
	// http://１２７.０.０.１/ is http://127.0.0.1/
	// 	refused: the address 127.0.0.1 is internal
}
