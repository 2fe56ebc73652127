package uri

import (
	"errors"
	"math/rand/v2"
	"net/netip"
	"net/url"
	"strconv"
	"strings"
	"testing"

	"github.com/gouri/uri/internal/oracle"
	"github.com/gouri/uri/internal/timing"
)

// TestHostKinds checks the classification of hosts (RFC 3986, Section 3.2.2).
func TestHostKinds(t *testing.T) {
	tests := []struct {
		in       string
		kind     HostKind
		hostname string
	}{
		{"mailto:x", HostNone, ""},
		{"", HostNone, ""},
		{"file:///x", HostRegName, ""},
		{"//example.com", HostRegName, "example.com"},
		{"//192.0.2.1", HostIPv4, "192.0.2.1"},
		{"//0.0.0.0:1", HostIPv4, "0.0.0.0"},
		{"//u@255.255.255.255", HostIPv4, "255.255.255.255"},
		{"//1.2.3.256", HostRegName, "1.2.3.256"},     // dec-octet is at most 255
		{"//127.0.0.001", HostRegName, "127.0.0.001"}, // no leading zeros
		{"//127.1", HostRegName, "127.1"},
		{"//1.2.3.4.", HostRegName, "1.2.3.4."},
		{"//[::1]", HostIPv6, "::1"},
		{"//[::ffff:1.2.3.4]:80", HostIPv6, "::ffff:1.2.3.4"},
		{"//[v7.x:y]", HostIPvFuture, "v7.x:y"},
		{"//[V7.x]", HostIPvFuture, "V7.x"},
	}
	for _, tt := range tests {
		u := MustParse(tt.in)
		if u.HostKind() != tt.kind || u.Hostname() != tt.hostname {
			t.Errorf("Parse(%q): HostKind %v, Hostname %q; want %v, %q", tt.in, u.HostKind(), u.Hostname(), tt.kind, tt.hostname)
		}
	}
	for k, want := range map[HostKind]string{HostNone: "none", HostRegName: "reg-name", HostIPv4: "IPv4", HostIPv6: "IPv6",
		HostIPvFuture: "IPvFuture", HostEmpty: "empty", HostDomain: "domain", HostOpaque: "opaque", 9: "HostKind(?)"} {
		if got := k.String(); got != want {
			t.Errorf("HostKind(%d).String() = %q, want %q", k, got, want)
		}
	}
}

// TestAmbiguousIPv4 pins the reading of RFC 3986, Section 7.4's rare IPv4
// forms, and the edge cases of the rules: overflow, empty parts, "0x", too
// many parts, bad digits.
func TestAmbiguousIPv4(t *testing.T) {
	tests := []struct{ host, want string }{ // want "" means not an address
		// Section 7.4's forms, and mixed ones
		{"0x7f.1", "127.0.0.1"},
		{"0177.0.0.1", "127.0.0.1"},
		{"2130706433", "127.0.0.1"},
		{"127.1", "127.0.0.1"},
		{"127.0.1", "127.0.0.1"},
		{"0x7f000001", "127.0.0.1"},
		{"0X7F.0x0.00.0x1", "127.0.0.1"},
		{"017700000001", "127.0.0.1"},
		{"0x7f.0.0.01", "127.0.0.1"},
		{"0127.0.0.1", "87.0.0.1"}, // octal, not 127
		{"1.2.3.04", "1.2.3.4"},    // a leading zero makes it a reg-name in RFC 3986
		{"127.0.0.001", "127.0.0.1"},
		{"192.168.0x1.0377", "192.168.1.255"},
		{"10.0x10000", "10.1.0.0"},
		// a final dot, once
		{"127.0.0.1.", "127.0.0.1"},
		{"0x7f.1.", "127.0.0.1"},
		{"1.", "0.0.0.1"},
		// percent-encoded text is decoded first, as a client does
		{"%31%32%37.0.0.1", "127.0.0.1"},
		{"127%2E1", "127.0.0.1"},
		{"%30%78%37%66.1", "127.0.0.1"},
		// zero and the edges of each width
		{"0", "0.0.0.0"},
		{"00", "0.0.0.0"},
		{"0x", "0.0.0.0"}, // "0x" with no digits is 0 (glibc, WHATWG)
		{"0X", "0.0.0.0"},
		{"0x.0x.0x.0x", "0.0.0.0"},
		{"4294967295", "255.255.255.255"},
		{"0xffffffff", "255.255.255.255"},
		{"037777777777", "255.255.255.255"},
		{"1.16777215", "1.255.255.255"},
		{"1.2.65535", "1.2.255.255"},
		{"0x000000000000000000000001", "0.0.0.1"},
		{"000000000000000000000000000010", "0.0.0.8"},
		// overflow and range
		{"4294967296", ""},
		{"0x100000000", ""},
		{"040000000000", ""},
		{"99999999999999999999999999", ""},
		{"0xffffffffffffffffffffffff", ""},
		{"256.1", ""},
		{"1.256.1", ""},
		{"1.16777216", ""},
		{"1.2.65536", ""},
		{"1.2.3.256", ""},
		{"1.2.3.0x100", ""},
		// empty parts and too many parts
		{"", ""},
		{".", ""},
		{"..", ""},
		{".1", ""},
		{"1..2", ""},
		{"1.2.3.4..", ""},
		{"1.2.3.4.5", ""},
		{"1.2.3.4.5.", ""},
		// bad digits and letters
		{"08", ""},
		{"09.1", ""},
		{"0x1g", ""},
		{"0xx1", ""},
		{"1a", ""},
		{"1e1", ""},
		{"+1", ""},
		{"-1", ""},
		{"1_0", ""},
		{"0b1", ""},
		{"0o7", ""},
		{"example.com", ""},
		{"1.2.3.com", ""},
		{"com.1", ""},
		// bad or odd percent-encodings
		{"%", ""},
		{"1%", ""},
		{"1%2", ""},
		{"%zz", ""},
		{"1%2E", "0.0.0.1"}, // "1." once decoded
		{"1%00", ""},
		{"%31%", ""},
		// not reg-names
		{"127.0.0.1", ""}, // an IPv4address: use HostAddr
		{"[::1]", ""},
		{"[v7.1]", ""},
	}
	for _, tt := range tests {
		a, ok := AmbiguousIPv4(tt.host)
		got := ""
		if ok {
			got = a.String()
		}
		if got != tt.want || ok != (tt.want != "") {
			t.Errorf("AmbiguousIPv4(%q) = %q, %v, want %q", tt.host, got, ok, tt.want)
		}
		ra, rok := refAmbiguousIPv4(tt.host)
		if rok != ok || ra != a {
			t.Errorf("the reference reads %q as %v, %v", tt.host, ra, rok)
		}
	}
	if n := testing.AllocsPerRun(100, func() { _, _ = AmbiguousIPv4("0x7f.%30.1.") }); n != 0 {
		t.Errorf("AmbiguousIPv4: %v allocations, want 0", n)
	}
}

// refAmbiguousIPv4 is a slow reference for AmbiguousIPv4, with the
// standard library doing the number parsing.
func refAmbiguousIPv4(host string) (netip.Addr, bool) {
	if host == "" || host[0] == '[' || getOracleIPv4().MatchString(host) {
		return netip.Addr{}, false
	}
	var dec strings.Builder
	for i := 0; i < len(host); i++ {
		if host[i] == '%' {
			if i+2 >= len(host) {
				return netip.Addr{}, false
			}
			v, err := strconv.ParseUint(host[i+1:i+3], 16, 8)
			if err != nil {
				return netip.Addr{}, false
			}
			dec.WriteByte(byte(v))
			i += 2
			continue
		}
		dec.WriteByte(host[i])
	}
	parts := strings.Split(dec.String(), ".")
	if len(parts) > 1 && parts[len(parts)-1] == "" {
		parts = parts[:len(parts)-1] // one final dot
	}
	if len(parts) > 4 {
		return netip.Addr{}, false
	}
	var vals []uint64
	for _, p := range parts {
		var v uint64
		var err error
		switch lp := strings.ToLower(p); {
		case p == "":
			return netip.Addr{}, false
		case strings.HasPrefix(lp, "0x"):
			if len(p) > 2 {
				v, err = strconv.ParseUint(p[2:], 16, 64)
			}
		case p[0] == '0':
			v, err = strconv.ParseUint(p, 8, 64)
		default:
			v, err = strconv.ParseUint(p, 10, 64)
		}
		if err != nil || v > 0xFFFFFFFF {
			return netip.Addr{}, false
		}
		vals = append(vals, v)
	}
	var a uint64
	for i, v := range vals {
		if i < len(vals)-1 {
			if v > 255 {
				return netip.Addr{}, false
			}
			a = a<<8 | v
			continue
		}
		rest := uint(8 * (5 - len(vals)))
		if v >= 1<<rest {
			return netip.Addr{}, false
		}
		a = a<<rest | v
	}
	return netip.AddrFrom4([4]byte{byte(a >> 24), byte(a >> 16), byte(a >> 8), byte(a)}), true
}

// genNumericHost makes hosts near the inet_aton forms.
func genNumericHost(r *rand.Rand) string {
	var b strings.Builder
	for n := r.IntN(6); n >= 0; n-- {
		switch r.IntN(8) {
		case 0:
			b.WriteString(oracle.Pick(r, "0x", "0X", "0", "00", "08", "0x1g", "%31", "%2E", "%", "a", "", "-1"))
		case 1:
			b.WriteString("0x" + strconv.FormatUint(r.Uint64N(1<<33), 16))
		case 2:
			b.WriteString("0" + strconv.FormatUint(r.Uint64N(1<<33), 8))
		case 3:
			b.WriteString(strconv.FormatUint(r.Uint64N(1<<33), 10))
		default:
			b.WriteString(strconv.Itoa(r.IntN(300)))
		}
		if n > 0 || r.IntN(8) == 0 {
			b.WriteByte('.')
		}
	}
	return b.String()
}

func TestAmbiguousIPv4MatchesReference(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 4))
	found := 0
	for i := 0; i < propertyCount(t); i++ {
		h := genNumericHost(r)
		a, ok := AmbiguousIPv4(h)
		ra, rok := refAmbiguousIPv4(h)
		if ok != rok || a != ra {
			t.Fatalf("AmbiguousIPv4(%q) = %v, %v; the reference says %v, %v", h, a, ok, ra, rok)
		}
		if ok {
			found++
		}
	}
	if found < propertyCount(t)/20 {
		t.Errorf("only %d generated hosts were addresses: the generator is off", found)
	}
}

// FuzzAmbiguousIPv4: no input panics, every verdict agrees with the
// reference, and none contradicts the IPv4address that Parse reads.
func FuzzAmbiguousIPv4(f *testing.F) {
	for _, s := range []string{"0x7f.1", "0177.0.0.1", "2130706433", "127.1", "127.0.0.1.", "0x", "%31.1", "1..2", "4294967296", "1.2.3.4.5"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, h string) {
		a, ok := AmbiguousIPv4(h)
		ra, rok := refAmbiguousIPv4(h)
		if ok != rok || a != ra {
			t.Fatalf("AmbiguousIPv4(%q) = %v, %v; the reference says %v, %v", h, a, ok, ra, rok)
		}
		if ok && !a.Is4() {
			t.Fatalf("AmbiguousIPv4(%q) = %v, not an IPv4 address", h, a)
		}
		// The two readings of a host never disagree: an IPv4address of
		// RFC 3986 is not ambiguous, and inet_aton reads it, with a final
		// "." that makes it a reg-name, as the same address.
		if u, err := Parse("//" + h); err == nil && u.Host() == h && u.HostKind() == HostIPv4 {
			want, _ := u.HostAddr()
			if ok {
				t.Fatalf("AmbiguousIPv4(%q) = %v, but Parse reads an IPv4address", h, a)
			}
			if a, ok := AmbiguousIPv4(h + "."); !ok || a != want {
				t.Fatalf("AmbiguousIPv4(%q) = %v, %v; HostAddr of %q is %v", h+".", a, ok, h, want)
			}
		}
	})
}

func TestHostToASCII(t *testing.T) {
	tests := []struct{ in, ascii, unicode string }{
		// RFC 3986, Section 3.2.2: percent-encoded UTF-8, and raw UTF-8 from an IRI
		{"b%C3%BCcher.example", "xn--bcher-kva.example", "bücher.example"},
		{"bücher.example", "xn--bcher-kva.example", "bücher.example"},
		{"b%c3%bccher.example", "xn--bcher-kva.example", "bücher.example"},
		{"b%C3%BCch%65r.example", "xn--bcher-kva.example", "bücher.example"},
		{"bü%63her.example", "xn--bcher-kva.example", "bücher.example"},
		// UTS #46 mapping: case, width, ideographic full stops
		{"B%C3%9CCHER.EXAMPLE", "xn--bcher-kva.example", "bücher.example"},
		{"ＥＸＡＭＰＬＥ．ｃｏｍ", "example.com", "example.com"},
		{"日本語。jp", "xn--wgv71a119e.jp", "日本語.jp"},
		{"faß.de", "xn--fa-hia.de", "faß.de"}, // nontransitional
		// A-labels stay, and are checked
		{"xn--bcher-kva.example", "xn--bcher-kva.example", "bücher.example"},
		{"XN--BCHER-KVA.Example", "xn--bcher-kva.example", "bücher.example"},
		// ASCII names
		{"Example.COM", "example.com", "example.com"},
		{"example.com.", "example.com.", "example.com."},
		{"a..b", "a..b", "a..b"},
		// not names: returned as they are
		{"", "", ""},
		{"192.0.2.1", "192.0.2.1", "192.0.2.1"},
		{"[2001:DB8::1]", "[2001:DB8::1]", "[2001:DB8::1]"},
		{"[v7.X]", "[v7.X]", "[v7.X]"},
		{"[fe80::1%25eth0]", "[fe80::1%25eth0]", "[fe80::1%25eth0]"},
	}
	for _, tt := range tests {
		got, err := HostToASCII(tt.in)
		if got != tt.ascii || err != nil {
			t.Errorf("HostToASCII(%q) = %q, %v, want %q", tt.in, got, err, tt.ascii)
		}
		got, err = HostToUnicode(tt.in)
		if got != tt.unicode || err != nil {
			t.Errorf("HostToUnicode(%q) = %q, %v, want %q", tt.in, got, err, tt.unicode)
		}
	}
}

func TestHostToASCIIErrors(t *testing.T) {
	tests := []struct {
		in  string
		off int
		err error
	}{
		{"my_host", 0, ErrIDNA},       // STD3: "_" is not allowed in a label
		{"a.my_host.com", 2, ErrIDNA}, // offset: the failing label
		{"ab--c.com", 0, ErrIDNA},     // hyphens in the third and fourth places
		{"a.-b.com", 2, ErrIDNA},      // leading hyphen
		{"a.b-.com", 2, ErrIDNA},      // trailing hyphen
		{"xn--zz.com", 0, ErrIDNA},    // not Punycode
		{"ok.xn--a.com", 3, ErrIDNA},  // decodes to a disallowed code point
		{"x.a%E2%84%B7b", 2, ErrIDNA}, // U+2137 maps to U+05D2: the Bidi rule fails after the mapping (UTS #46, 4.1)
		{"1.ℵ", 2, ErrIDNA},           // U+2135 maps to U+05D0, and "1" cannot be a label beside it (RFC 5893)
		{"a.xn--b%C3%BC", 2, ErrIDNA}, // UTS #46, 4.1: "xn--" and a code point outside ASCII
		{"a%2Cb", 0, ErrIDNA},         // a decoded "," is no letter
		{"a.b%2Cc", 2, ErrIDNA},       // offset in the encoded text
		{"%C3%BC.a%2Cb", 7, ErrIDNA},  // after an encoded label
		{"a%FF", 1, ErrInvalidUTF8},   // not UTF-8
		{"ab%C3", 2, ErrInvalidUTF8},  // UTF-8 cut short
		{"\xff", 0, ErrInvalidUTF8},   // raw bytes that are not UTF-8
		{"a\u200db", 0, ErrIDNA},      // ZWJ outside its context (CheckJoiners)
		{"a b", 1, ErrInvalidByte},    // not a host at all
		{"a/b", 1, ErrInvalidByte},
		{"a:80", 1, ErrInvalidByte},                         // a port is not part of the host
		{"a." + strings.Repeat("b", 64) + ".c", 2, ErrIDNA}, // RFC 1035: 63 octets at most
		{"a%zz", 2, ErrBadPercent},
		{"a%", 2, ErrBadPercent},
		{"[::1", 4, ErrBadIPLiteral},
		{"[::1]x", 5, ErrInvalidByte},
		{"[::1%eth0]", 5, ErrBadIPLiteral}, // RFC 6874 wants "%25"
		// UTS #46, section 4, step 4 (revision 33 on): a label that is
		// "xn--" after the mapping decodes to the empty string, which is an
		// error; x/net/idna would drop it and give another name
		// ("xn--9ca..com", "xn--vil-9la.", "a.", or "" for "xn--").
		{"%C3%A9.xn--.com", 7, ErrIDNA},
		{"\u00e9vil.xn--", 6, ErrIDNA},
		{"a\u3002xn--", 4, ErrIDNA},                // after an ideographic full stop
		{"a\uff0exn--", 4, ErrIDNA},                // after a full-width full stop
		{"a\uff61xn--", 4, ErrIDNA},                // after a halfwidth ideographic full stop
		{"xn--", 0, ErrIDNA},                       // ASCII too: the whole host would vanish
		{"a.xn--", 2, ErrIDNA},                     // ASCII, last
		{"XN--.example", 0, ErrIDNA},               // upper case maps to "xn--"
		{"a.xn--.", 2, ErrIDNA},                    // before a trailing dot
		{"a.x%C2%ADn--", 2, ErrIDNA},               // a soft hyphen is ignored
		{"a.\uff58\uff4e\uff0d\uff0d", 2, ErrIDNA}, // full-width letters map to "xn--"
		{"a.xn--go-.com", 2, ErrIDNA},              // Punycode of ASCII only: "go"
	}
	for _, tt := range tests {
		for _, f := range []struct {
			name string
			fn   func(string) (string, error)
		}{{"HostToASCII", HostToASCII}, {"HostToUnicode", HostToUnicode}} {
			got, err := f.fn(tt.in)
			var e *Error
			if !errors.As(err, &e) {
				t.Errorf("%s(%q) = %q, %v, want an *Error", f.name, tt.in, got, err)
				continue
			}
			if got != "" || e.Offset != tt.off || !errors.Is(err, tt.err) || e.Op != OpIDNA || e.Component != Host || e.Input != tt.in {
				t.Errorf("%s(%q) = %q, {Op %q, Offset %d, Component %v, Err %v}, want {idna, %d, host, %v}",
					f.name, tt.in, got, e.Op, e.Offset, e.Component, e.Err, tt.off, tt.err)
			}
		}
	}
	_, err := HostToASCII("my_host")
	if want := `uri: idna: invalid internationalized domain name (disallowed rune U+005F) in host at offset 0 of "my_host"`; err == nil || err.Error() != want {
		t.Errorf("error text = %v, want %s", err, want)
	}
}

// FuzzHost: the host functions never panic on any input; an ASCII form is a
// valid reg-name, converts to itself, and has the same Unicode form as the
// input; both forms keep the labels of the decoded input (no label is lost
// or gained through IDNA, see oracle.LabelsKept); errors are *Error within
// the input.
func FuzzHost(f *testing.F) {
	for _, s := range []string{"b%C3%BCcher.example", "bücher.example", "xn--bcher-kva.example", "my_host", "[::1]", "pаypal.com",
		"аррӏе.com", "日本語。jp", "a%FF", "a..b.", "0x7f.1"} {
		f.Add(s)
	}
	for _, s := range oracle.IDNALabelSeeds {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, h string) {
		checkErr := func(name string, err error) {
			if err == nil {
				return
			}
			var e *Error
			if !errors.As(err, &e) || e.Offset < 0 || e.Offset > len(h) || e.Input != h || e.Component != Host {
				t.Fatalf("%s(%q): bad error %#v", name, h, err)
			}
		}
		a, err := HostToASCII(h)
		checkErr("HostToASCII", err)
		uni, uerr := HostToUnicode(h)
		checkErr("HostToUnicode", uerr)
		_, _ = AmbiguousIPv4(h)
		if err != nil {
			return
		}
		if h != "" && h[0] != '[' {
			u, perr := Parse("//" + a)
			if perr != nil || u.Host() != a {
				t.Fatalf("HostToASCII(%q) = %q, not a valid host", h, a)
			}
		}
		if dec, err := url.PathUnescape(h); err == nil && h != "" && h[0] != '[' {
			if msg := oracle.LabelsKept(dec, a); msg != "" {
				t.Fatalf("HostToASCII(%q) = %q: %s", h, a, msg)
			}
			if msg := oracle.LabelsKept(dec, uni); uerr == nil && msg != "" {
				t.Fatalf("HostToUnicode(%q) = %q: %s", h, uni, msg)
			}
		}
		if again, err := HostToASCII(a); err != nil || again != a {
			t.Fatalf("HostToASCII(%q) = %q, then %q, %v", h, a, again, err)
		}
		if uerr == nil {
			if u2, err := HostToUnicode(a); err != nil || u2 != uni {
				t.Fatalf("HostToUnicode(%q) = %q, but of its ASCII form %q: %q, %v", h, uni, a, u2, err)
			}
		}
	})
}

// TestHostLinear: long names with many labels, valid or failing late, take
// linear time (a quadratic step would take minutes here).
func TestHostLinear(t *testing.T) {
	n := 100000
	if oracle.Short() {
		n = 10000
	}
	many := strings.Repeat("a.", n)
	if _, err := HostToASCII(many + "my_host"); !errors.Is(err, ErrIDNA) {
		t.Errorf("HostToASCII of %d labels and a bad one: %v", n+1, err)
	}
	if _, err := HostToUnicode(strings.Repeat("a\u3002", n) + "b"); err != nil {
		t.Errorf("HostToUnicode of %d labels: %v", n+1, err)
	}
	if _, ok := AmbiguousIPv4(strings.Repeat("0", 10*n)); !ok {
		t.Error("AmbiguousIPv4 of many zeros is not 0.0.0.0")
	}
}

// cjkLabel returns a label of at least n bytes of distinct code points:
// CJK ideographs, 3 bytes each.
func cjkLabel(n int) string {
	var b strings.Builder
	for i := 0; b.Len() < n; i++ {
		b.WriteRune(rune(0x4e00 + i%20000))
	}
	return b.String()
}

// hostLabelOps are the conversions of a host that meet a long label.
var hostLabelOps = []struct {
	name string
	fn   func(string) (string, error)
}{{"HostToASCII", HostToASCII}, {"HostToUnicode", HostToUnicode}}

// TestHostLongLabel: a long label of distinct code points is refused
// before IDNA runs, since Punycode in x/net/idna is quadratic in the length
// of a label: a name over 4,096 bytes with a label over 255 bytes is an
// error (no DNS label holds more than 63 octets anyway).
// TestHostLongLabelLinearTime checks the time it takes.
func TestHostLongLabel(t *testing.T) {
	for _, f := range hostLabelOps {
		for _, n := range []int{8 << 10, 64 << 10} {
			if _, err := f.fn(cjkLabel(n)); !errors.Is(err, ErrIDNA) {
				t.Errorf("%s(a label of %d KiB) = %v, want ErrIDNA", f.name, n>>10, err)
			}
		}
	}
}

// TestHostLongLabelLinearTime: a long label of distinct code points takes
// linear time, though Punycode in x/net/idna is quadratic in the length of
// a label (see TestHostLongLabel).
func TestHostLongLabelLinearTime(t *testing.T) {
	timing.Tier(t)
	for _, f := range hostLabelOps {
		run := func(s string) { _, _ = f.fn(s) }
		if ratio, ok := timing.CheckLinear(run, cjkLabel, 8<<10); !ok {
			t.Errorf("%s: time for a label of 64 KiB / 8 KiB = %.1f, more than %d: not linear", f.name, ratio, timing.GrowthLimit)
		}
	}
}
