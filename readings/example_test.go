package readings_test

import (
	"fmt"
	"net"
	"net/netip"

	"github.com/gouri/uri/readings"
)

// check returns why a server must not fetch the URL raw for a user, or ""
// when it may: the three readings must agree, and net/http must dial a
// public address or a name (which the dialer's Control function should
// check again once resolved).
func check(raw string) string {
	r := readings.Compare(raw)
	switch {
	case !r.Agree() && len(r.Differences) == 0:
		return "no parser accepts it"
	case !r.Agree():
		return "the readings disagree: " + r.Differences[0].String()
	case r.DialErr != nil:
		return "net/http would not dial: " + r.DialErr.Error()
	}
	host, _, _ := net.SplitHostPort(r.Dial)
	if host == "" {
		return "the empty host is the local system"
	}
	if a, err := netip.ParseAddr(host); err == nil && (!a.IsGlobalUnicast() || a.IsPrivate()) {
		return "not a public address: " + a.String()
	}
	return ""
}

// Reject a URL when the readings disagree: a filter that checks one
// parser's host and a client that dials another's are then never fooled.
func Example_rejectWhenReadingsDisagree() {
	for _, raw := range []string{
		"https://example.com/search?q=go",
		"http://127.1/",
		"http://１２７.０.０.１/",
		"https:evil.example/",
		"http://user@evil.example@good.example/",
		"http://[::1]/",
		"ftp://example.com/",
	} {
		if why := check(raw); why != "" {
			fmt.Printf("reject %s\n  %s\n", raw, why)
		} else {
			fmt.Printf("fetch  %s\n", raw)
		}
	}
	// Output:
	// fetch  https://example.com/search?q=go
	// reject http://127.1/
	//   the readings disagree: host: rfc3986 "127.1" (reg-name), whatwg "127.0.0.1" (IPv4), neturl "127.1" (reg-name)
	// reject http://１２７.０.０.１/
	//   the readings disagree: valid: accepted by whatwg and neturl, rejected by rfc3986
	// reject https:evil.example/
	//   the readings disagree: host: rfc3986 none, whatwg "evil.example" (domain), neturl none
	// reject http://user@evil.example@good.example/
	//   the readings disagree: valid: accepted by whatwg and neturl, rejected by rfc3986
	// reject http://[::1]/
	//   not a public address: ::1
	// reject ftp://example.com/
	//   net/http would not dial: unsupported protocol scheme "ftp"
}

func ExampleCompare() {
	r := readings.Compare("http://0x7f.1/")
	fmt.Println(r.RFC3986.Host, r.RFC3986.HostKind)
	fmt.Println(r.WHATWG.Host, r.WHATWG.HostKind)
	fmt.Println(r.NetURL.Host, r.NetURL.HostKind)
	fmt.Println(r.Dial, r.Agree())
	for _, d := range r.Differences {
		fmt.Println(d)
	}
	// Output:
	// 0x7f.1 reg-name
	// 127.0.0.1 IPv4
	// 0x7f.1 reg-name
	// 0x7f.1:80 false
	// host: rfc3986 "0x7f.1" (reg-name), whatwg "127.0.0.1" (IPv4), neturl "0x7f.1" (reg-name)
	// dial: net/http dials "0x7f.1:80" (127.0.0.1 to resolvers that read numbers as inet_aton does); whatwg host "127.0.0.1" (IPv4), port none (default 80)
}

// A report keeps what each parser read: a program that asks more of the
// URL than the report says reads the input only once with each parser.
func ExampleReport_ParsedWHATWG() {
	r := readings.Compare("HTTP://Example.COM:0080/a/../b?q")
	if u, ok := r.ParsedRFC3986(); ok {
		fmt.Println(u.Normalize())
	}
	if u, ok := r.ParsedWHATWG(); ok {
		fmt.Println(u.Href())
	}
	if n, ok := r.ParsedNetURL(); ok {
		fmt.Println(n.RequestURI())
	}
	host, port, addr := r.DialHostPort()
	fmt.Println(host, port, addr.IsValid())
	if r := readings.Compare("http://[::1]:8080/"); r.DialErr == nil {
		host, port, addr := r.DialHostPort()
		fmt.Println(host, port, addr.IsLoopback())
	}
	// Output:
	// http://example.com/b?q
	// http://example.com/b?q
	// /a/../b?q
	// Example.COM 0080 false
	// ::1 8080 true
}

// The text of a difference is written when it is asked for.
func ExampleDifference_Detail() {
	r := readings.Compare("https:evil.example/")
	for _, d := range r.Differences {
		fmt.Printf("%v (%v): %s\n", d.Aspect, d.Parsers, d.Detail())
	}
	// Output:
	// host (rfc3986, whatwg and neturl): rfc3986 none, whatwg "evil.example" (domain), neturl none
	// path (rfc3986, whatwg and neturl): rfc3986 "evil.example/", whatwg "/", neturl "evil.example/"
}
