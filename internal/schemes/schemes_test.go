package schemes

import (
	"strings"
	"testing"
)

// TestLookup pins the entries that normalization and the older grammars
// depend on, with the RFC that sets each default port.
func TestLookup(t *testing.T) {
	tests := []struct {
		scheme string
		want   Info
	}{
		{"http", Info{Port: "80", Known: true, DNS: true, SlashPath: true}},   // RFC 9110, 4.2.1
		{"https", Info{Port: "443", Known: true, DNS: true, SlashPath: true}}, // RFC 9110, 4.2.2
		{"ws", Info{Port: "80", Known: true, DNS: true, SlashPath: true}},     // RFC 6455, 3
		{"wss", Info{Port: "443", Known: true, DNS: true, SlashPath: true}},   // RFC 6455, 3
		{"ftp", Info{Port: "21", Known: true, DNS: true}},                     // RFC 1738, 3.2
		{"gopher", Info{Port: "70", Known: true, DNS: true}},                  // RFC 4266, 2.1
		{"telnet", Info{Port: "23", Known: true, DNS: true}},
		{"nntp", Info{Port: "119", Known: true, DNS: true}},
		{"news", Info{Port: "119", Known: true, DNS: true}},
		{"wais", Info{Port: "210", Known: true, DNS: true}},
		{"prospero", Info{Port: "1525", Known: true, DNS: true}},
		{"ldap", Info{Port: "389", Known: true, DNS: true}},
		{"coap+tcp", Info{Port: "5683", Known: true, DNS: true}},
		{"file", Info{Known: true}},   // no port; "localhost" is the default host
		{"mailto", Info{Known: true}}, // no authority at all
		{"urn", Info{}},
		{"", Info{}},
		{"x-unknown", Info{}},
	}
	for _, tt := range tests {
		for _, s := range []string{tt.scheme, strings.ToUpper(tt.scheme), mixedCase(tt.scheme)} {
			if got := Lookup(s); got != tt.want {
				t.Errorf("Lookup(%q) = %+v, want %+v", s, got, tt.want)
			}
		}
	}
	// A scheme longer than any in the table, in upper case, is unknown
	// without the lower-casing buffer overflowing.
	if got := Lookup(strings.Repeat("H", 100)); got != (Info{}) {
		t.Errorf("Lookup of a long scheme = %+v", got)
	}
	if n := testing.AllocsPerRun(100, func() { _ = Lookup("HTTPS") }); n != 0 {
		t.Errorf("Lookup allocates %v times", n)
	}
}

// mixedCase upper-cases every other letter of s.
func mixedCase(s string) string {
	b := []byte(s)
	for i := 0; i < len(b); i += 2 {
		if 'a' <= b[i] && b[i] <= 'z' {
			b[i] -= 'a' - 'A'
		}
	}
	return string(b)
}

// TestTableConsistent: every known scheme with a port has a port of
// digits, and the fast cases of Lookup agree with the table.
func TestTableConsistent(t *testing.T) {
	for _, s := range []string{"http", "https", "ws", "wss", "ftp", "gopher", "telnet", "nntp", "news", "wais", "prospero", "ldap", "imap", "pop", "nfs", "rtsp", "rtsps", "coap", "coaps", "coap+tcp", "coaps+tcp", "coap+ws", "coaps+ws", "ipp", "ipps", "dict", "acap", "icap"} {
		info := lookup(s)
		if !info.Known || info.Port == "" || strings.Trim(info.Port, "0123456789") != "" || !info.DNS {
			t.Errorf("lookup(%q) = %+v", s, info)
		}
		if Lookup(s) != info {
			t.Errorf("Lookup(%q) = %+v, lookup = %+v", s, Lookup(s), info)
		}
	}
}
