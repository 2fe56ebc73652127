package whatwg

import (
	"errors"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/gouri/uri"
	"github.com/gouri/uri/internal/testrows"
)

// setterTests pin the setters of the URL class (URL Standard, section 6.1):
// the href after the call, and the error: the Kind when the standard's
// steps stop early, 0 when they run to their end.
var setterTests = []struct {
	name   string
	href   string
	setter string
	value  string
	want   string
	err    Kind
}{
	// protocol setter.
	{"protocol: special to special", "http://h:443/", "protocol", "https", "https://h/", 0},
	{"protocol: a trailing : and what follows are ignored", "http://h/", "protocol", "wss:whatever", "wss://h/", 0},
	{"protocol: lower-cased", "a://h/", "protocol", "B+C", "b+c://h/", 0},
	{"protocol: tabs are removed", "a://h/", "protocol", "b\tc", "bc://h/", 0},
	{"protocol: special to non-special", "http://h/", "protocol", "sc", "http://h/", ErrSchemeChange},
	{"protocol: non-special to special", "sc://h/", "protocol", "http", "sc://h/", ErrSchemeChange},
	{"protocol: to file with credentials", "http://u@h/", "protocol", "file", "http://u@h/", ErrSchemeChange},
	{"protocol: to file with a port", "http://h:8/", "protocol", "file", "http://h:8/", ErrSchemeChange},
	{"protocol: from file with an empty host", "file:///x", "protocol", "http", "file:///x", ErrSchemeChange},
	{"protocol: from file with a host", "file://h/x", "protocol", "http", "http://h/x", 0},
	{"protocol: not a scheme", "http://h/", "protocol", "1http", "http://h/", ErrSchemeInvalid},
	{"protocol: an invalid code point", "http://h/", "protocol", "ht~tp", "http://h/", ErrSchemeInvalid},
	{"protocol: empty", "http://h/", "protocol", "", "http://h/", ErrSchemeInvalid},
	{"protocol: a leading space is not trimmed", "http://h/", "protocol", " https", "http://h/", ErrSchemeInvalid},

	// username and password setters.
	{"username: the userinfo percent-encode set", "http://h/", "username", "a b:c@d/\u00e9", "http://a%20b%3Ac%40d%2F%C3%A9@h/", 0},
	{"username: tabs are encoded, not removed", "http://h/", "username", "a\tb", "http://a%09b@h/", 0},
	{"username: empty removes it", "http://u:p@h/", "username", "", "http://:p@h/", 0},
	{"username: not with a file URL", "file://h/x", "username", "u", "file://h/x", ErrCannotHaveCredentialsOrPort},
	{"username: not without a host", "sc:/x", "username", "u", "sc:/x", ErrCannotHaveCredentialsOrPort},
	{"username: not with an empty host", "sc:///x", "username", "u", "sc:///x", ErrCannotHaveCredentialsOrPort},
	{"password: set", "http://u@h/", "password", "p w", "http://u:p%20w@h/", 0},
	{"password: empty removes it", "http://u:p@h/", "password", "", "http://u@h/", 0},
	{"password: alone", "http://h/", "password", "p", "http://:p@h/", 0},

	// host and hostname setters.
	{"host: host and port", "http://h/p", "host", "example.com:8080", "http://example.com:8080/p", 0},
	{"host: without a port the port stays", "http://h:8/p", "host", "example.com", "http://example.com:8/p", 0},
	{"host: the default port is null", "http://h:8/p", "host", "example.com:80", "http://example.com/p", 0},
	{"host: what follows the host is ignored", "http://h/p", "host", "example.com/x?y#z", "http://example.com/p", 0},
	{"host: what follows the port is ignored", "http://h/p", "host", "example.com:81x", "http://example.com:81/p", 0},
	{"host: an invalid port sets the host and fails", "http://h:8/p", "host", "example.com:x", "http://example.com:8/p", ErrPortInvalid},
	{"host: a port out of range sets the host and fails", "http://h/p", "host", "example.com:65536", "http://example.com/p", ErrPortOutOfRange},
	{"host: IDNA", "http://h/p", "host", "\u00e9.example", "http://xn--9ca.example/p", 0},
	{"host: IPv4", "http://h/p", "host", "0x7f.1", "http://127.0.0.1/p", 0},
	{"host: IPv6 with a port", "http://h/p", "host", "[::1]:8", "http://[::1]:8/p", 0},
	{"host: an invalid host", "http://h/p", "host", "a b", "http://h/p", ErrDomainToASCII},
	{"host: a bare xn-- label", "http://h/p", "host", "\u00e9vil.xn--", "http://h/p", ErrDomainToASCII},
	{"hostname: a bare xn-- label", "http://h/p", "hostname", "\u00e9.xn--.com", "http://h/p", ErrDomainToASCII},
	{"host: empty in a special URL", "http://h/p", "host", "", "http://h/p", ErrHostMissing},
	{"host: only a port", "http://h/p", "host", ":80", "http://h/p", ErrHostMissing},
	{"host: empty in a non-special URL", "sc://h/p", "host", "", "sc:///p", 0},
	{"host: empty with credentials", "sc://u@h/p", "host", "", "sc://u@h/p", ErrHostMissing},
	{"host: empty with a port", "sc://h:8/p", "host", "", "sc://h:8/p", ErrHostMissing},
	{"host: a non-special URL without a host gets one", "sc:/p", "host", "h", "sc://h/p", 0},
	{"host: an opaque path", "sc:opaque", "host", "h", "sc:opaque", ErrOpaquePath},
	{"host: file URLs take no port", "file://h/p", "host", "x:8", "file://h/p", ErrDomainToASCII},
	{"host: file and localhost", "file://h/p", "host", "LOCALHOST", "file:///p", 0},
	{"host: file and empty", "file://h/p", "host", "", "file:///p", 0},
	{"host: \\ ends the host in a special URL", "http://h/p", "host", "a\\b", "http://a/p", 0},
	{"host: \\ is forbidden in an opaque host", "sc://h/p", "host", "a\\b", "sc://h/p", ErrHostInvalidCodePoint},
	{"hostname: sets the host", "http://h:8/p", "hostname", "example.com", "http://example.com:8/p", 0},
	{"hostname: a port is refused", "http://h/p", "hostname", "example.com:8", "http://h/p", ErrHostnameWithPort},
	{"hostname: : inside brackets", "http://h/p", "hostname", "[::1]", "http://[::1]/p", 0},

	// port setter.
	{"port: set", "http://h/", "port", "8080", "http://h:8080/", 0},
	{"port: empty makes it null", "http://h:8/", "port", "", "http://h/", 0},
	{"port: the default port is null", "http://h:8/", "port", "80", "http://h/", 0},
	{"port: digits, then anything", "http://h/", "port", "81/x", "http://h:81/", 0},
	{"port: leading zeros", "http://h/", "port", "0081", "http://h:81/", 0},
	{"port: not a number", "http://h:8/", "port", "x", "http://h:8/", ErrPortInvalid},
	{"port: a leading space", "http://h:8/", "port", " 9", "http://h:8/", ErrPortInvalid},
	{"port: a tab only", "http://h:8/", "port", "\t", "http://h:8/", ErrPortInvalid},
	{"port: out of range", "http://h:8/", "port", "65536", "http://h:8/", ErrPortOutOfRange},
	{"port: not with file", "file://h/", "port", "8", "file://h/", ErrCannotHaveCredentialsOrPort},
	{"port: not without a host", "sc:/x", "port", "8", "sc:/x", ErrCannotHaveCredentialsOrPort},

	// pathname setter.
	{"pathname: set", "http://h/a?q#f", "pathname", "/b/c", "http://h/b/c?q#f", 0},
	{"pathname: a leading / is implied in a special URL", "http://h/a", "pathname", "b", "http://h/b", 0},
	{"pathname: \\ is / in a special URL", "http://h/a", "pathname", "\\b\\c", "http://h/b/c", 0},
	{"pathname: ? and # are encoded", "http://h/a", "pathname", "/b?c#d", "http://h/b%3Fc%23d", 0},
	{"pathname: dot segments", "http://h/a", "pathname", "/b/../c/./d/..", "http://h/c/", 0},
	{"pathname: empty in a special URL", "http://h/a", "pathname", "", "http://h/", 0},
	{"pathname: empty in a non-special URL with a host", "sc://h/a", "pathname", "", "sc://h", 0},
	{"pathname: empty in a non-special URL without a host", "sc:/a", "pathname", "", "sc:/", 0},
	{"pathname: a non-special URL without a leading /", "sc://h/a", "pathname", "b", "sc://h/b", 0},
	{"pathname: /. before a path starting with //", "sc:/a", "pathname", "//p", "sc:/.//p", 0},
	{"pathname: a drive letter in a file URL", "file:///a", "pathname", "C|/x", "file:///C:/x", 0},
	{"pathname: an opaque path", "sc:opaque", "pathname", "/x", "sc:opaque", ErrOpaquePath},

	// search setter.
	{"search: set", "http://h/?a#f", "search", "b c", "http://h/?b%20c#f", 0},
	{"search: one leading ? is removed", "http://h/", "search", "??x", "http://h/??x", 0},
	{"search: # is encoded", "http://h/", "search", "a#b", "http://h/?a%23b", 0},
	{"search: ' in a special URL", "http://h/", "search", "'", "http://h/?%27", 0},
	{"search: ' in a non-special URL", "sc://h/", "search", "'", "sc://h/?'", 0},
	{"search: empty makes it null", "http://h/?a#f", "search", "", "http://h/#f", 0},
	{"search: ? alone is an empty query", "http://h/", "search", "?", "http://h/?", 0},
	{"search: on an opaque path", "sc:opaque", "search", "q", "sc:opaque?q", 0},

	// hash setter.
	{"hash: set", "http://h/#a", "hash", "b c", "http://h/#b%20c", 0},
	{"hash: one leading # is removed", "http://h/", "hash", "##x", "http://h/##x", 0},
	{"hash: empty makes it null", "http://h/#a", "hash", "", "http://h/", 0},
	{"hash: # alone is an empty fragment", "http://h/", "hash", "#", "http://h/#", 0},
	{"hash: tabs are removed", "http://h/", "hash", "a\tb", "http://h/#ab", 0},

	// href setter.
	{"href: replaces everything", "http://h/", "href", "sc:x", "sc:x", 0},
	{"href: a failure leaves the URL", "http://h/", "href", "/relative", "http://h/", ErrMissingSchemeNonRelativeURL},
}

// setterByName maps the attribute names of the URL class to the setters.
var setterByName = map[string]func(*URL, string) error{
	"href": (*URL).SetHref, "protocol": (*URL).SetProtocol, "username": (*URL).SetUsername,
	"password": (*URL).SetPassword, "host": (*URL).SetHost, "hostname": (*URL).SetHostname,
	"port": (*URL).SetPort, "pathname": (*URL).SetPathname, "search": (*URL).SetSearch,
	"hash": (*URL).SetHash,
}

func TestSetters(t *testing.T) {
	for _, tc := range setterTests {
		u := MustParse(tc.href)
		err := setterByName[tc.setter](&u, tc.value)
		var kind Kind
		var e *uri.Error
		if errors.As(err, &e) {
			kind, _ = e.Err.(Kind)
			if e.Input != tc.value || (e.Offset < 0 || e.Offset > len(tc.value)) && e.Offset != uri.NoOffset {
				t.Errorf("%s: set %s(%q) on %q: error %+v", tc.name, tc.setter, tc.value, tc.href, e)
			}
		} else if err != nil {
			t.Errorf("%s: set %s(%q) on %q: error %T", tc.name, tc.setter, tc.value, tc.href, err)
		}
		type result struct {
			Href string
			Err  Kind
		}
		if diff := cmp.Diff(result{tc.want, tc.err}, result{u.Href(), kind}); diff != "" {
			t.Errorf("%s: set %s(%q) on %q (-want +got):\n%s", tc.name, tc.setter, tc.value, tc.href, diff)
		}
		if again, err := Parse(u.Href()); err != nil || again != u {
			t.Errorf("%s: set %s(%q) on %q gives %q, which parses to %q, %v", tc.name, tc.setter, tc.value, tc.href, u.Href(), again.Href(), err)
		}
	}
}

// TestSettersOnZeroURL checks that the setters leave the zero URL alone,
// except SetHref.
func TestSettersOnZeroURL(t *testing.T) {
	for name, set := range setterByName {
		var u URL
		err := set(&u, "http://h/")
		if name == "href" {
			if err != nil || u.Href() != "http://h/" {
				t.Errorf("SetHref on the zero URL: %q, %v", u.Href(), err)
			}
			continue
		}
		if !errors.Is(err, ErrMissingSchemeNonRelativeURL) || u != (URL{}) {
			t.Errorf("set %s on the zero URL: %q, %v", name, u.Href(), err)
		}
	}
}

// TestSearchHashSplice checks that the search and hash setters, which
// change the href in place (see URL.splice), give the URL that the URL
// serializer (section 4.5) writes from the new components, on the URLs of
// the setter and parser tables and of the committed samples, with a query
// or a fragment or neither, and with values that set, rewrite, empty and
// null each one.
func TestSearchHashSplice(t *testing.T) {
	var urls []URL
	add := func(s string) {
		if u, err := Parse(s); err == nil {
			urls = append(urls, u)
		}
	}
	for _, tc := range setterTests {
		add(tc.href)
	}
	for _, tc := range parseTests {
		add(tc.in)
	}
	for _, name := range testrows.Samples() {
		for _, s := range testrows.URLs(t, name)[:200] {
			add(s)
		}
	}
	values := []string{"", "?", "#", "x", "top", "a b", "q=1&r=é", "#?#", "\ta\n"}
	for _, u := range urls {
		for _, attr := range []string{"search", "hash"} {
			for _, v := range values {
				got := u
				if err := setterByName[attr](&got, v); err != nil {
					t.Fatalf("set %s(%q) on %q: %v", attr, v, u.Href(), err)
				}
				r := got.record()
				want, _ := r.url()
				if got != want {
					t.Errorf("set %s(%q) on %q: %q %+v, the serializer gives %q %+v", attr, v, u.Href(), got.Href(), got, want.Href(), want)
				}
				if got.Href()[:got.queryStart] != u.Href()[:u.queryStart] {
					t.Errorf("set %s(%q) on %q: %q changed what comes before the query", attr, v, u.Href(), got.Href())
				}
			}
		}
	}
}

// TestSearchHashAllocs pins the allocations of the search and hash
// setters: the new href, or none when it is a prefix of the old one.
func TestSearchHashAllocs(t *testing.T) {
	tests := []struct {
		href, attr, value string
		want              float64
	}{
		{"https://example.com/a?q#f", "hash", "top", 1},
		{"https://example.com/a?q#f", "hash", "", 0},   // the href less its fragment
		{"https://example.com/a?q", "search", "", 0},   // the href less its query
		{"https://example.com/a?q#f", "search", "", 1}, // the fragment moves
		{"https://example.com/a", "search", "x=1", 1},
		{"https://example.com/a", "hash", "a b", 2}, // the encoded value, then the href
	}
	for _, tc := range tests {
		base := MustParse(tc.href)
		if got := testing.AllocsPerRun(50, func() {
			u := base
			if tc.attr == "hash" {
				_ = u.SetHash(tc.value)
			} else {
				_ = u.SetSearch(tc.value)
			}
		}); got != tc.want {
			t.Errorf("set %s(%q) on %q: %v allocations, want %v", tc.attr, tc.value, tc.href, got, tc.want)
		}
	}
}
