package legacy_test

import (
	"errors"
	"fmt"

	"github.com/gouri/uri/legacy"
)

// An RFC 1738 ftp URL, read with its scheme-specific rule (Section 3.2).
func ExampleParse() {
	l, err := legacy.Parse("ftp://myname@host.dom/%2Fetc/motd;type=a", legacy.RFC1738)
	if err != nil {
		panic(err)
	}
	ftp := l.Record.(legacy.FTP)
	fmt.Println(l.Form, l.Parts.Host, ftp.User, ftp.Cwd, ftp.Name, ftp.Typecode, ftp.DefaultPort())
	// Output: ftpurl host.dom myname [%2Fetc] motd a 21
}

// RFC 2396 prefers a server authority, and falls back to a reg_name when the
// host is not a host name: a last label that begins with a digit is none.
func ExampleParse_regName() {
	for _, s := range []string{"http://example.com/", "http://example.123/", "http://a@b@c/"} {
		l, _ := legacy.Parse(s, legacy.RFC2396)
		fmt.Printf("%-20s %-8s %s\n", s, l.AuthorityForm, l.Parts.Host)
	}
	// Output:
	// http://example.com/  server   example.com
	// http://example.123/  reg_name example.123
	// http://a@b@c/        reg_name a@b@c
}

// Each grammar reports errors with its name and the first byte that
// cannot continue a valid reference.
func ExampleParse_error() {
	_, err := legacy.Parse("http://user@host.dom/", legacy.RFC1738)
	fmt.Println(err)
	fmt.Println(errors.Is(err, legacy.ErrUserinfoNotAllowed))
	// Output:
	// uri: user name or password not allowed for this scheme (rfc1738) in host at offset 11 of "http://user@host.dom/"
	// true
}

// RFC 2068 allows "national" characters that RFC 3986 does not; Upgrade
// percent-encodes them and says where and why.
func ExampleURL_Upgrade() {
	l, _ := legacy.Parse("http://host.dom/~user/{draft}", legacy.RFC2068)
	u, changes, _ := l.Upgrade()
	for _, c := range changes {
		fmt.Printf("%d %s %q -> %q: %s\n", c.Offset, c.Component, c.From, c.To, c.Reason)
	}
	fmt.Println(u)
	// Output:
	// 22 path "{" -> "%7B": not allowed unencoded in an RFC 3986 path
	// 28 path "}" -> "%7D": not allowed unencoded in an RFC 3986 path
	// http://host.dom/~user/%7Bdraft%7D
}

// The old algorithms keep ".." segments that climb above the root, where
// RFC 3986 removes them.
func ExampleResolveRFC2396() {
	for _, ref := range []string{"../../../g", "?y", ";x"} {
		a, _ := legacy.ResolveRFC1808("http://a/b/c/d;p?q", ref)
		b, _ := legacy.ResolveRFC2396("http://a/b/c/d;p?q", ref)
		fmt.Printf("%-11s %-22s %s\n", ref, a, b)
	}
	// Output:
	// ../../../g  http://a/../g          http://a/../g
	// ?y          http://a/b/c/d;p?y     http://a/b/c/?y
	// ;x          http://a/b/c/d;x       http://a/b/c/;x
}

// The example of RFC 2616, Section 3.2.3: three equal URIs.
func ExampleEqualHTTP() {
	eq, _ := legacy.EqualHTTP("http://abc.com:80/~smith/home.html", "http://ABC.com:/%7esmith/home.html")
	c, _ := legacy.CanonicalHTTP("http://ABC.com/%7Esmith/home.html")
	fmt.Println(eq, c)
	// Output: true http://abc.com/~smith/home.html
}
