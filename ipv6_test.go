package uri

import (
	"net/netip"
	"strings"
	"testing"
)

func TestHostAddr(t *testing.T) {
	tests := []struct {
		in, want string // want "" means no address
		zone     bool   // parse with ParseRFC6874
	}{
		{"http://192.0.2.1/", "192.0.2.1", false},
		{"http://0.0.0.0:80/", "0.0.0.0", false},
		{"http://[2001:db8::1]/", "2001:db8::1", false},
		{"http://[2001:DB8:0:0::1]/", "2001:db8::1", false},
		{"http://[::ffff:192.0.2.1]/", "::ffff:192.0.2.1", false}, // stays IPv4-mapped IPv6
		{"http://[fe80::1%25eth0]/", "fe80::1%eth0", true},
		{"http://[fe80::1%25en%2D0]/", "fe80::1%en-0", true}, // the zone is decoded
		{"http://example.com/", "", false},
		{"http://127.1/", "", false},      // a reg-name: see AmbiguousIPv4
		{"http://127.0.0.01/", "", false}, // a reg-name too
		{"http://[v7.abc]/", "", false},   // IPvFuture
		{"mailto:a@192.0.2.1", "", false}, // no authority
		{"file:///x", "", false},          // empty host
		{"//%31.2.3.4/", "", false},       // a reg-name until normalized
		{"//[::]/", "::", false},
	}
	for _, tt := range tests {
		parse := Parse
		if tt.zone {
			parse = ParseRFC6874
		}
		u, err := parse(tt.in)
		if err != nil {
			t.Fatal(err)
		}
		a, ok := u.HostAddr()
		got := ""
		if ok {
			got = a.String()
		}
		if got != tt.want || ok != (tt.want != "") {
			t.Errorf("HostAddr(%q) = %q, %v, want %q", tt.in, got, ok, tt.want)
		}
	}
	u := MustParse("http://[2001:db8::1]:80/")
	if n := testing.AllocsPerRun(100, func() { _, _ = u.HostAddr() }); n != 0 {
		t.Errorf("HostAddr: %v allocations, want 0", n)
	}
}

func TestZone(t *testing.T) {
	tests := []struct{ in, zone, hostname string }{
		{"http://[fe80::1%25eth0]/", "eth0", "fe80::1%25eth0"},
		{"http://[fe80::1%25en%2F1]:80/", "en%2F1", "fe80::1%25en%2F1"},
		{"http://[::%25x]", "x", "::%25x"},
		{"http://[::1]/", "", "::1"},
		{"http://h/%25x", "", "h"},
	}
	for _, tt := range tests {
		u, err := ParseRFC6874(tt.in)
		if err != nil {
			t.Fatalf("ParseRFC6874(%q): %v", tt.in, err)
		}
		if u.Zone() != tt.zone || u.Hostname() != tt.hostname || u.String() != tt.in {
			t.Errorf("ParseRFC6874(%q): Zone %q Hostname %q, want %q %q", tt.in, u.Zone(), u.Hostname(), tt.zone, tt.hostname)
		}
	}
}

// FuzzIPLiteral compares the IPv6address rule with net/netip. They must agree
// on every address without a zone; trust neither: a disagreement is a bug in
// one of them, to be understood before either is changed.
func FuzzIPLiteral(f *testing.F) {
	for _, s := range []string{"::", "::1", "1:2:3:4:5:6:7:8", "::ffff:1.2.3.4", "1::", "1:2:3:4:5:6:1.2.3.4",
		"::1.2.3.04", "1::2::3", "12345::", "v7.x", "fe80::1%25eth0", "::256.1.1.1", "1:2:3:4:5:6:7::", ":1"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		u, err := Parse("//[" + s + "]")
		ok := err == nil && u.HostKind() == HostIPv6
		if strings.ContainsAny(s, "%vV") {
			return // zones are outside RFC 3986; IPvFuture is not IPv6
		}
		a, nerr := netip.ParseAddr(s)
		want := nerr == nil && a.Is6() && a.Zone() == ""
		if ok != want {
			t.Fatalf("IPv6address %q: Parse ok=%v (%v), netip ok=%v (%v)", s, ok, err, want, nerr)
		}
		// With RFC 6874, the zone is accepted and read back.
		z, err := ParseRFC6874("//[" + s + "%25zone]")
		if (err == nil) != want || (want && z.Zone() != "zone") {
			t.Fatalf("ParseRFC6874 of %q with a zone: %v, zone %q", s, err, z.Zone())
		}
	})
}
