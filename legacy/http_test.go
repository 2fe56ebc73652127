package legacy

import (
	"errors"
	"testing"
)

// TestCanonicalHTTP checks the canonical form: RFC 1945, Section 3.2.2 and
// the comparison rules of RFC 2616, Section 3.2.3.
func TestCanonicalHTTP(t *testing.T) {
	tests := []struct{ in, want string }{
		// RFC 2616, Section 3.2.3: its three equal URIs
		{"http://abc.com:80/~smith/home.html", "http://abc.com/~smith/home.html"},
		{"http://ABC.com/%7Esmith/home.html", "http://abc.com/~smith/home.html"},
		{"http://ABC.com:/%7esmith/home.html", "http://abc.com/~smith/home.html"},
		// RFC 1945, Section 3.2.2: lower-case host, no ":80", "/" for an empty path
		{"http://WWW.Example.COM", "http://www.example.com/"},
		{"http://h:8080", "http://h:8080/"},
		{"http://h:0080/", "http://h:0080/"}, // octets differ from "80"
		{"HTTP://h/", "http://h/"},
		// Escapes of unreserved characters are decoded, others kept as written.
		{"http://h/%41%2f%2F%3a%20%7E%21%2A%27%28%29", "http://h/A%2f%2F%3a%20~!*'()"},
		{"http://h/p?%61=%62&%3D#%63", "http://h/p?a=b&%3D#c"},
		// Other schemes: their default port, the case of a server's host.
		{"https://H:443/x", "https://h/x"},
		{"ftp://U@FTP.Example:21/a", "ftp://U@ftp.example/a"},
		{"gopher://h:70", "gopher://h/"},
		{"foo://h:80/", "foo://h:80/"},
		// A reg_name is not a host name: its case stays.
		{"foo://Example.123/%41", "foo://Example.123/A"},
		{"mailto:%41@B", "mailto:A@B"},
		{"/a/%62", "/a/b"},
		// A reg_name only because of an escape is a server once decoded.
		{"//%50", "//p/"},
		{"ftp://%5A:21/", "ftp://z/"},
		{"https://%5A:443", "https://z/"},
		{"//%5A%3A80/", "//Z%3A80/"}, // %3A is reserved: still a reg_name
		{"foo://%45xample.123/", "foo://Example.123/"},
	}
	for _, tt := range tests {
		got, err := CanonicalHTTP(tt.in)
		if err != nil || got != tt.want {
			t.Errorf("CanonicalHTTP(%q) = %q, %v; want %q", tt.in, got, err, tt.want)
		}
		// The canonical form is valid and canonical.
		if again, err := CanonicalHTTP(got); err != nil || again != got {
			t.Errorf("CanonicalHTTP(%q) = %q, %v: not idempotent", got, again, err)
		}
	}
	if _, err := CanonicalHTTP("http://u@h/"); !errors.Is(err, ErrUserinfoNotAllowed) {
		t.Errorf("CanonicalHTTP of a userinfo: %v", err)
	}
}

func TestEqualHTTP(t *testing.T) {
	tests := []struct {
		a, b  string
		equal bool
	}{
		{"http://abc.com:80/~smith/home.html", "http://ABC.com/%7Esmith/home.html", true},
		{"http://ABC.com/%7Esmith/home.html", "http://ABC.com:/%7esmith/home.html", true},
		{"http://abc.com:80/~smith/home.html", "http://ABC.com:/%7esmith/home.html", true},
		{"http://h", "http://h/", true},
		{"HTTP://h/", "http://h/", true},
		{"http://h/a", "http://h/A", false},                 // paths are case-sensitive
		{"http://h/%2F", "http://h//", false},               // "/" is reserved
		{"http://h/%2f", "http://h/%2F", false},             // octet by octet
		{"http://h:81/", "http://h/", false},                // not the default port
		{"http://h/?a", "http://h/?%61", true},              // "a" is unreserved
		{"http://h/#f", "http://h/", false},                 // a fragment is compared too
		{"foo://Example.123/", "foo://example.123/", false}, // a reg_name keeps its case
	}
	for _, tt := range tests {
		got, err := EqualHTTP(tt.a, tt.b)
		if err != nil || got != tt.equal {
			t.Errorf("EqualHTTP(%q, %q) = %v, %v; want %v", tt.a, tt.b, got, err, tt.equal)
		}
		if rev, _ := EqualHTTP(tt.b, tt.a); rev != got {
			t.Errorf("EqualHTTP is not symmetric on %q, %q", tt.a, tt.b)
		}
	}
	for _, pair := range [][2]string{{"http://h/ x", "http://h/"}, {"http://h/", "http://h/{"}} {
		if eq, err := EqualHTTP(pair[0], pair[1]); eq || !errors.Is(err, ErrMustEscape) {
			t.Errorf("EqualHTTP(%q, %q) = %v, %v; want an error", pair[0], pair[1], eq, err)
		}
	}
}
