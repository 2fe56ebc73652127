package abnf

import (
	"math/rand/v2"
	"net/netip"
	"strings"
	"testing"
	"unicode"

	"github.com/gouri/uri/internal/oracle"
)

// inRanges is membership written as ranges and lists, independently of the
// strings that build Classes.
func inRanges(c byte, ranges string, singles string) bool {
	for i := 0; i+1 < len(ranges); i += 2 {
		if ranges[i] <= c && c <= ranges[i+1] {
			return true
		}
	}
	return strings.IndexByte(singles, c) >= 0
}

// TestClasses checks every byte's class bits against RFC 3986, Appendix A,
// and RFC 5234, Appendix B.1, written as ranges.
func TestClasses(t *testing.T) {
	for b := 0; b < 256; b++ {
		c := byte(b)
		want := map[uint16]bool{
			Alpha:      inRanges(c, "AZaz", ""),
			Digit:      inRanges(c, "09", ""),
			Hex:        inRanges(c, "09AFaf", ""),
			Unreserved: inRanges(c, "AZaz09", "-._~"),
			SubDelims:  inRanges(c, "", "!$&'()*+,;="),
			GenDelims:  inRanges(c, "", ":/?#[]@"),
			SchemeTail: inRanges(c, "AZaz09", "+-."),
			Colon:      c == ':',
			At:         c == '@',
			Slash:      c == '/',
			Question:   c == '?',
		}
		for bit, w := range want {
			if got := Classes[c]&bit != 0; got != w {
				t.Errorf("Classes[%q] & %#x = %v, want %v", c, bit, got, w)
			}
		}
		if Classes[c]&(Ucschar|Iprivate) != 0 {
			t.Errorf("Classes[%q] has a mode bit", c)
		}
	}
}

// TestScan covers each way Scan stops: the end, a byte outside the mask, a
// bad pct-encoding (Section 2.1), and the IRI characters (RFC 3987,
// Section 2.2).
func TestScan(t *testing.T) {
	tests := []struct {
		s     string
		i     int
		mask  uint16
		end   int
		fault Fault
	}{
		{"", 0, Pchar, 0, OK},
		{"abc", 0, Pchar, 3, OK},
		{"abcdefgh/x", 0, Pchar, 8, OK},    // stops at "/" after a word-sized run
		{"a%2Fb%2fc", 0, Pchar, 9, OK},     // pct-encodings in either case
		{"a:b@c", 0, SegmentNC, 1, OK},     // segment-nz-nc has no ":"
		{"a?b#c", 0, Query, 3, OK},         // the query holds "?", not "#"
		{"ab%zz", 0, Pchar, 3, BadPercent}, // the first byte that is not HEXDIG
		{"ab%4", 0, Pchar, 4, BadPercent},  // the input ends first
		{"ab%", 0, Pchar, 3, BadPercent},
		{"ab%4g", 0, Pchar, 4, BadPercent},
		{"x%41", 1, Pchar, 4, OK},                       // from an offset
		{"é", 0, Pchar, 0, OK},                          // not an IRI: stops at the byte
		{"aé/", 0, Pchar | Ucschar, 3, OK},              // ucschar
		{"a\u202Eb", 0, Pchar | Ucschar, 3, NotAllowed}, // a bidi control
		{"a\u200Eb", 0, Pchar | Ucschar, 3, NotAllowed},
		{"a\xffb", 0, Pchar | Ucschar, 1, BadUTF8},
		{"a\xc3", 0, Pchar | Ucschar, 2, BadUTF8},                // truncated: the end
		{"\uE000", 0, Query | Ucschar | Iprivate, 3, OK},         // iprivate in a query
		{"\uE000", 0, Pchar | Ucschar, 0, NotAllowed},            // and nowhere else
		{"\uFFFE", 0, Query | Ucschar | Iprivate, 2, NotAllowed}, // a noncharacter
	}
	for _, tt := range tests {
		end, fault := Scan(tt.s, tt.i, tt.mask)
		if end != tt.end || fault != tt.fault {
			t.Errorf("Scan(%q, %d, %#x) = %d, %v; want %d, %v", tt.s, tt.i, tt.mask, end, fault, tt.end, tt.fault)
		}
	}
}

// TestBidiControlsNotAllowed: no character with the Bidi_Control property
// is an ucschar here (RFC 3987, Section 4.1), wherever it stands. Scan
// points at its last byte, the first that no allowed character has there.
func TestBidiControlsNotAllowed(t *testing.T) {
	n := 0
	for _, r := range oracle.BidiControls() {
		n++
		for _, mask := range []uint16{Pchar | Ucschar, Query | Ucschar | Iprivate, RegName | Ucschar} {
			s := "a" + string(r)
			if end, fault := Scan(s, 0, mask); end != len(s)-1 || fault != NotAllowed {
				t.Errorf("Scan of U+%04X with mask %#x = %d, %v; want %d, NotAllowed", r, mask, end, fault, len(s)-1)
			}
		}
	}
	if n < 12 {
		t.Errorf("only %d Bidi_Control characters tested", n)
	}
}

// TestIPv6AgainstNetip compares IPv6 (without zones, RFC 3986's dec-octet
// rule) with net/netip on random texts near the grammar: the two must
// agree on which are IPv6 addresses, except that netip also reads an
// embedded IPv4 address with leading zeros in no case and that it takes
// zones, which are not generated.
func TestIPv6AgainstNetip(t *testing.T) {
	r := rand.New(rand.NewPCG(4291, 5952))
	pieces := []string{"0", "1", "ff", "FFFF", "abcd", "12345", ":", "::", ".", "1.2.3.4", "255.255.255.255", "256.1.1.1", "01.2.3.4", "g"}
	for range 200000 {
		var b strings.Builder
		for range 1 + r.IntN(12) {
			b.WriteString(pieces[r.IntN(len(pieces))])
		}
		s := b.String()
		end, err := IPv6(s+"]", 0, false, DecOctet)
		got := err == nil && end == len(s)+1
		a, perr := netip.ParseAddr(s)
		want := perr == nil && a.Is6() && a.Zone() == ""
		if got != want {
			t.Fatalf("IPv6(%q) = %d, %v; netip.ParseAddr: %v, %v", s+"]", end, err, a, perr)
		}
	}
}

// TestIPLiteral covers IPvFuture and the zone (RFC 6874) beside IPv6.
func TestIPLiteral(t *testing.T) {
	tests := []struct {
		s         string
		allowZone bool
		end       int
		future    bool
		err       error
	}{
		{"[::1]", false, 5, false, nil},
		{"[v1.a:b]", false, 8, true, nil},
		{"[V1F.x]", false, 7, true, nil},
		{"[v.x]", false, 2, true, ErrBadIPLiteral},
		{"[v1.]", false, 4, true, ErrBadIPLiteral},
		{"[fe80::1%25en0]", true, 15, false, nil},
		{"[fe80::1%25en0]", false, 8, false, ErrZoneNotAllowed},
		{"[fe80::1%25]", true, 11, false, ErrBadIPLiteral},
		{"[::1", false, 4, false, ErrBadIPLiteral},
		{"[1:2:3:4:5:6:7:8:9]", false, 16, false, ErrBadIPLiteral},
	}
	for _, tt := range tests {
		end, future, err := IPLiteral(tt.s, 0, tt.allowZone)
		if end != tt.end || future != tt.future || err != tt.err {
			t.Errorf("IPLiteral(%q, %v) = %d, %v, %v; want %d, %v, %v", tt.s, tt.allowZone, end, future, err, tt.end, tt.future, tt.err)
		}
	}
}

// TestIsIPv4: only the dotted-decimal form of Section 3.2.2.
func TestIsIPv4(t *testing.T) {
	for s, want := range map[string]bool{
		"127.0.0.1": true, "0.0.0.0": true, "255.255.255.255": true,
		"256.0.0.1": false, "127.1": false, "127.0.0.01": false, "1.2.3.4.": false,
		"0x7f.0.0.1": false, "1.2.3": false, "": false, "1.2.3.4 ": false,
	} {
		if got := IsIPv4(s); got != want {
			t.Errorf("IsIPv4(%q) = %v, want %v", s, got, want)
		}
	}
}

// TestDecode: Section 2.1's decoding, the form's "+", and bad "%" copied.
func TestDecode(t *testing.T) {
	tests := []struct {
		s    string
		plus bool
		want string
	}{
		{"abc", false, "abc"},
		{"a%20b", false, "a b"},
		{"a+b%2B", false, "a+b+"},
		{"a+b%2B", true, "a b+"},
		{"%E2%82%AC", false, "€"},
		{"%zz%4", false, "%zz%4"},
		{"%41%", false, "A%"},
		{strings.Repeat("%41", 100), false, strings.Repeat("A", 100)}, // past the stack buffer
	}
	for _, tt := range tests {
		if got := Decode(tt.s, tt.plus); got != tt.want {
			t.Errorf("Decode(%q, %v) = %q, want %q", tt.s, tt.plus, got, tt.want)
		}
	}
	for _, tt := range tests {
		for _, want := range []string{tt.want, tt.want + "x", strings.TrimSuffix(tt.want, "b"), ""} {
			if got := DecodesTo(tt.s, want, tt.plus); got != (Decode(tt.s, tt.plus) == want) {
				t.Errorf("DecodesTo(%q, %q, %v) = %v, Decode gives %q", tt.s, want, tt.plus, got, Decode(tt.s, tt.plus))
			}
		}
	}
	for s, want := range map[string]int{"": -1, "%": -1, "%4": -1, "a%4g%41": 4, "%%41": 1, "%41": 0, "%zz%": -1} {
		if got := IndexPctEncoded(s); got != want {
			t.Errorf("IndexPctEncoded(%q) = %d, want %d", s, got, want)
		}
	}
	var only [256]bool
	only['A'] = true
	if got := string(AppendDecoded([]byte("x"), "%41%42", &only, false)); got != "xA%42" {
		t.Errorf("AppendDecoded with only 'A' = %q", got)
	}
	if n := testing.AllocsPerRun(100, func() { _ = Decode("plain/text", true) }); n != 0 {
		t.Errorf("Decode of text without encodings allocates %v times", n)
	}
}

// TestUnhexLower pins the small helpers.
func TestUnhexLower(t *testing.T) {
	for i, c := range UpperHex {
		if Unhex(byte(c)) != byte(i) || Unhex(byte(unicode.ToLower(c))) != byte(i) {
			t.Errorf("Unhex(%q) wrong", c)
		}
	}
	if Lower('A') != 'a' || Lower('z') != 'z' || Lower('@') != '@' || Lower('[') != '[' {
		t.Error("Lower is not ASCII lower-casing")
	}
}

// TestSchemeLen: the longest prefix that is a scheme (RFC 3986, Section
// 3.1), which must begin with a letter.
func TestSchemeLen(t *testing.T) {
	for _, tt := range []struct {
		s    string
		want int
	}{
		{"", 0}, {"http", 4}, {"http://h/", 4}, {"svn+ssh:", 7}, {"a.b-c+d", 7},
		{"1http", 0}, {"+a", 0}, {"ht tp", 2}, {"a_b", 1}, {"\u00e9", 0}, {"h\xc3\xa9", 1},
	} {
		if got := SchemeLen(tt.s); got != tt.want {
			t.Errorf("SchemeLen(%q) = %d, want %d", tt.s, got, tt.want)
		}
	}
}

// TestTrimC0Space: the URL Standard's first step strips the bytes 0x00 to
// 0x20 at both ends, and nothing else (DEL and U+00A0 stay).
func TestTrimC0Space(t *testing.T) {
	for _, tt := range []struct {
		s, want string
		start   int
	}{
		{"", "", 0}, {"   ", "", 3}, {"a", "a", 0}, {" \x00\t\n\x1f a b \r\n", "a b", 6},
		{"\x7fa\x7f", "\x7fa\x7f", 0}, {"\u00a0a", "\u00a0a", 0}, {"\x01\x21", "!", 1},
	} {
		if got, start := TrimC0Space(tt.s); got != tt.want || start != tt.start {
			t.Errorf("TrimC0Space(%q) = %q, %d; want %q, %d", tt.s, got, start, tt.want, tt.start)
		}
	}
}

// TestASCIIHelpers: only A-Z fold; other bytes, the Kelvin sign among
// them, are themselves.
func TestASCIIHelpers(t *testing.T) {
	for _, tt := range []struct {
		a, b string
		want bool
	}{
		{"HTTP", "http", true}, {"FiLe", "file", true}, {"", "", true},
		{"http", "https", false}, {"@", "`", false}, {"[", "{", false},
		{"\u212a", "k", false}, {"a%2f", "A%2F", true},
	} {
		if got := EqualFold(tt.a, tt.b); got != tt.want {
			t.Errorf("EqualFold(%q, %q) = %v", tt.a, tt.b, got)
		}
	}
	if got := LowerString("Ab@[Z]\u00c9"); got != "ab@[z]\u00c9" {
		t.Errorf("LowerString = %q", got)
	}
	if n := testing.AllocsPerRun(10, func() { _ = LowerString("already lower") }); n != 0 {
		t.Errorf("LowerString of a lower-case string allocates %v times", n)
	}
	if !IsASCII("abc~") || IsASCII("ab\u00e9") || IsASCII("\x80") {
		t.Error("IsASCII is wrong")
	}
}
