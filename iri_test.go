package uri

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"net/url"
	"strings"
	"sync"
	"testing"
	"unicode/utf8"

	"github.com/gouri/uri/internal/abnf"
	"github.com/gouri/uri/internal/oracle"

	"github.com/google/go-cmp/cmp"
)

// The IRI character sets of RFC 3987, Section 2.2, written out again here
// (not taken from the code), and the bidirectional formatting characters
// that Section 4.1 forbids: every character with the Unicode property
// Bidi_Control, taken from package unicode.
var (
	testUcschar = [][2]rune{
		{0xA0, 0xD7FF}, {0xF900, 0xFDCF}, {0xFDF0, 0xFFEF},
		{0x10000, 0x1FFFD}, {0x20000, 0x2FFFD}, {0x30000, 0x3FFFD},
		{0x40000, 0x4FFFD}, {0x50000, 0x5FFFD}, {0x60000, 0x6FFFD},
		{0x70000, 0x7FFFD}, {0x80000, 0x8FFFD}, {0x90000, 0x9FFFD},
		{0xA0000, 0xAFFFD}, {0xB0000, 0xBFFFD}, {0xC0000, 0xCFFFD},
		{0xD0000, 0xDFFFD}, {0xE1000, 0xEFFFD},
	}
	testIprivate = [][2]rune{{0xE000, 0xF8FF}, {0xF0000, 0xFFFFD}, {0x100000, 0x10FFFD}}
	testBidi     = oracle.BidiControls()
)

// testRanges removes the bidi formatting characters from ranges.
func testRanges(ranges [][2]rune) [][2]rune {
	var out [][2]rune
	for _, r := range ranges {
		lo := r[0]
		for _, b := range testBidi {
			if b >= lo && b <= r[1] {
				if b > lo {
					out = append(out, [2]rune{lo, b - 1})
				}
				lo = b + 1
			}
		}
		if lo <= r[1] {
			out = append(out, [2]rune{lo, r[1]})
		}
	}
	return out
}

// utf8Alternatives returns a regular expression, over bytes given as runes
// 0-255, that matches the UTF-8 encoding of exactly the runes lo..hi: the
// range is split until each piece is a product of byte ranges.
func utf8Alternatives(lo, hi rune) []string {
	for _, edge := range []rune{0x7F, 0x7FF, 0xFFFF} {
		if lo <= edge && edge < hi {
			return append(utf8Alternatives(lo, edge), utf8Alternatives(edge+1, hi)...)
		}
	}
	n := utf8.RuneLen(lo)
	for i := 1; i < n; i++ {
		m := rune(1)<<(6*i) - 1 // the bits of the last i continuation bytes
		if lo&^m != hi&^m {
			if lo&m != 0 {
				return append(utf8Alternatives(lo, lo|m), utf8Alternatives((lo|m)+1, hi)...)
			}
			if hi&m != m {
				return append(utf8Alternatives(lo, (hi&^m)-1), utf8Alternatives(hi&^m, hi)...)
			}
		}
	}
	a, b := make([]byte, 4), make([]byte, 4)
	utf8.EncodeRune(a, lo)
	utf8.EncodeRune(b, hi)
	var re strings.Builder
	for i := 0; i < n; i++ {
		fmt.Fprintf(&re, `[\x{%x}-\x{%x}]`, a[i], b[i])
	}
	return []string{re.String()}
}

func utf8Class(ranges [][2]rune) string {
	var alts []string
	for _, r := range ranges {
		alts = append(alts, utf8Alternatives(r[0], r[1])...)
	}
	return `(?:` + strings.Join(alts, `|`) + `)`
}

var iriOracle = sync.OnceValue(func() *oracle.NFA {
	const (
		unreserved = `A-Za-z0-9\-._~`
		subDelims  = `!$&'()*+,;=`
		hexdig     = `0-9A-Fa-f`
	)
	pct := `%[` + hexdig + `][` + hexdig + `]`
	ucs := utf8Class(testRanges(testUcschar))
	priv := utf8Class(testIprivate)
	// RFC 3987, Section 2.2: iunreserved replaces unreserved in iuserinfo,
	// ireg-name, ipchar and isegment-nz-nc, each of which the URI grammar
	// writes as ( [set] | pct-encoded ); IPvFuture has no pct-encoded and
	// stays ASCII.
	expr := oracle.RFC3986("URI-reference", false)
	n := strings.Count(expr, `|`+pct+`)`)
	expr = strings.ReplaceAll(expr, `|`+pct+`)`, `|`+pct+`|`+ucs+`)`)
	// iquery = *( ipchar / iprivate / "/" / "?" ), after the "?" only.
	ipchar := `(?:[` + unreserved + subDelims + `:@]|` + pct + `|` + ucs + `)`
	query := `(?:\?(?:` + ipchar + `|[/?])*)?`
	m := strings.Count(expr, query)
	expr = strings.ReplaceAll(expr, query, `(?:\?(?:`+ipchar+`|[/?]|`+priv+`)*)?`)
	if n < 4 || m != 2 {
		panic(fmt.Sprintf("the URI oracle's expression changed shape (%d, %d)", n, m))
	}
	return oracle.Compile(expr)
})

// genIRI makes an IRI-reference candidate: a generated reference with
// non-ASCII characters put in at random places, most allowed, some not,
// some broken.
func genIRI(r *rand.Rand) string {
	s := oracle.Reference(r)
	allowed := []string{"é", "日本", "€", "\u00a0", "\ud7ff", "\U0001f600", "\U000e1000", "\u2010", "\u202f"}
	other := []string{
		"\ue000", "\U000f0000", "\U0010fffd", // iprivate
		"\u200e", "\u202e", "\u061c", "\u2067", "\ufdd0", "\ufffe", "\U0001fffe", "\u0085", "\U000e0001", // not allowed
		"\xc3", "\xe2\x82", "\xff", "\xc0\xaf", "\xed\xa0\x80", "\xf4\x90\x80\x80", "\xe0\x82\xa0", // not UTF-8
	}
	for n := r.IntN(4); n > 0; n-- {
		i := r.IntN(len(s) + 1)
		c := oracle.Pick(r, allowed...)
		if r.IntN(5) == 0 {
			c = oracle.Pick(r, other...)
		}
		s = s[:i] + c + s[i:]
	}
	return s
}

// TestParseIRIMatchesOracle compares ParseIRI with the IRI grammar on
// generated input: verdict, components and error offset.
func TestParseIRIMatchesOracle(t *testing.T) {
	n := 60000
	if oracle.Short() {
		n = 6000
	}
	r := rand.New(rand.NewPCG(3987, 2))
	o := iriOracle()
	failures, valid := 0, 0
	for i := 0; i < n && failures < 20; i++ {
		s := genIRI(r)
		if msg := compareWithOracle(parseIRIAsURI, o, s); msg != "" {
			t.Errorf("ParseIRI(%q): %s", s, msg)
			failures++
		}
		if _, err := ParseIRI(s); err == nil && !abnf.IsASCII(s) {
			valid++
		}
	}
	if valid < n/10 {
		t.Errorf("only %d of %d generated non-ASCII IRIs were valid", valid, n)
	}
}

func TestParseIRI(t *testing.T) {
	tests := []struct {
		in   string
		off  int // -1: valid
		comp Component
		err  error
		why  string
	}{
		{"http://r\u00e9sum\u00e9.example.org/caf\u00e9?q=\u20ac#\u00a7", -1, 0, nil, "ucschar in host, path, query, fragment (Section 2.2)"},
		{"//\u7528\u6237:p\u00e4ss@\u4f8b\u5b50.\u6d4b\u8bd5/", -1, 0, nil, "ucschar in iuserinfo and ireg-name"},
		{"\u00e9t\u00e9/a", -1, 0, nil, "isegment-nz-nc"},
		{"?\ue000", -1, 0, nil, "iprivate in the query"},
		{"/\ue000", 1, Path, ErrInvalidByte, "iprivate not in the path: EE starts only private-use characters"},
		{"#\ue000", 1, Fragment, ErrInvalidByte, "nor in the fragment"},
		{"/\uf8ff", 2, Path, ErrInvalidByte, "EF A3 leads only to private-use characters; EF alone could be U+F900"},
		{"/\ufdd0", 3, Path, ErrInvalidByte, "a non-character: EF B7 could still be U+FDF0"},
		{"/\ufffe", 3, Path, ErrInvalidByte, "U+FFFE, a non-character: EF BF could still be U+FFC0-FFEF"},
		{"/a\u202e", 4, Path, ErrInvalidByte, "RLO, forbidden by Section 4.1: E2 80 could be U+2010"},
		{"/\u200e", 3, Path, ErrInvalidByte, "LRM"},
		{"/\u0085", 2, Path, ErrInvalidByte, "a C1 control: C2 could still be U+00A0-00BF"},
		{"/\xc3", 2, Path, ErrInvalidUTF8, "input ends inside a character"},
		{"/\xc3(", 2, Path, ErrInvalidUTF8, "a bad continuation byte"},
		{"/\xff", 1, Path, ErrInvalidUTF8, "0xFF never appears in UTF-8"},
		{"/\xc0\xaf", 1, Path, ErrInvalidUTF8, "overlong: C0 starts nothing"},
		{"/\xed\xa0\x80", 2, Path, ErrInvalidUTF8, "a surrogate"},
		{"/\xe0\x82\xa0", 2, Path, ErrInvalidUTF8, "U+00A0, overlong: E0 needs A0-BF next (RFC 3629)"},
		{"/\xf0\x80\x82\xa0", 2, Path, ErrInvalidUTF8, "the same in four bytes: F0 needs 90-BF next"},
		{"//u:\u00e9:p@h/", -1, 0, nil, "a second colon after an ucschar in iuserinfo"},
		{"\u00e9:x", 2, Path, ErrColonInFirstSegment, "a scheme is ASCII, so this is a relative path with a colon"},
		{"http://[\u00e9]/", 8, Host, ErrBadIPLiteral, "IP literals stay ASCII"},
		{"http://h:\u0661/", 9, Port, ErrBadPort, "ports stay ASCII (U+0661 ARABIC-INDIC ONE); found where the authority ends, since it could be userinfo, and reported at its first byte"},
		{"http://u@h:\u0661/", 11, Port, ErrInvalidByte, "after the userinfo, at once"},
		{"http://h:8\u00e9", 10, Port, ErrBadPort, "found when the authority ends, as for ASCII"},
	}
	for _, tt := range tests {
		u, err := ParseIRI(tt.in)
		if tt.off < 0 {
			if err != nil || u.String() != tt.in {
				t.Errorf("ParseIRI(%q) = %v (%s)", tt.in, err, tt.why)
			}
			continue
		}
		var e *Error
		if !errors.As(err, &e) || e.Offset != tt.off || e.Component != tt.comp || !errors.Is(err, tt.err) {
			t.Errorf("ParseIRI(%q) = %v; want %v at %d in %v (%s)", tt.in, err, tt.err, tt.off, tt.comp, tt.why)
		}
		if ok, off := iriOracle().Check(tt.in); ok || oracleOffset(iriOracle(), tt.in, off) != tt.off {
			t.Errorf("the oracle says %v at %d for %q", ok, oracleOffset(iriOracle(), tt.in, off), tt.in)
		}
		if _, err := Parse(tt.in); err == nil {
			t.Errorf("Parse(%q) accepts it", tt.in)
		}
	}
}

// TestRFC3987Examples: the conversion examples of RFC 3987, Sections 3.1
// and 3.2.
func TestRFC3987Examples(t *testing.T) {
	toURI := []struct{ iri, uri string }{
		// Section 3.1: only the non-ASCII characters are encoded; "%09" stays.
		{"http://www.example.org/red%09ros\u00e9#red", "http://www.example.org/red%09ros%C3%A9#red"},
		// Section 3.1: an ireg-name becomes IDNA A-labels for a scheme that
		// names hosts through the DNS...
		{"http://r\u00e9sum\u00e9.example.org", "http://xn--rsum-bpad.example.org"},
		// ...and is percent-encoded otherwise, the other form the section gives.
		{"foo://r\u00e9sum\u00e9.example.org", "foo://r%C3%A9sum%C3%A9.example.org"},
		// A name the UTS #46 lookup profile rejects is percent-encoded too.
		{"http://r\u00e9sum\u00e9_x.example.org", "http://r%C3%A9sum%C3%A9_x.example.org"},
		// Section 1.3 / 3.1: a path.
		{"http://www.example.org/D\u00fcrst", "http://www.example.org/D%C3%BCrst"},
	}
	for _, tt := range toURI {
		u, err := iriToURI(tt.iri)
		if err != nil || u.String() != tt.uri {
			t.Errorf("ParseIRI(%q).ToURI() = %q, %v; want %q", tt.iri, u, err, tt.uri)
		}
	}
	toIRI := []struct{ uri, iri, why string }{
		{"http://www.example.org/D%C3%BCrst", "http://www.example.org/D\u00fcrst", "valid UTF-8 of an ucschar is decoded"},
		{"http://www.example.org/D%FCrst", "http://www.example.org/D%FCrst", "not UTF-8 (ISO-8859-1): left encoded"},
		{"http://xn--99zt52a.example.org/%e2%80%ae", "http://xn--99zt52a.example.org/%e2%80%ae", "RLO is forbidden (Section 4.1); the host stays as it is"},
		{"http://xn--80ak6aa92e.com/", "http://xn--80ak6aa92e.com/", "Cyrillic imitating Latin: hosts stay as they are"},
		{"http://%D0%B0%D1%80%D1%80%D3%8F%D0%B5.com/", "http://%D0%B0%D1%80%D1%80%D3%8F%D0%B5.com/", "Cyrillic imitating Latin, percent-encoded: hosts stay as they are"},
		{"foo://xn--rsum-bpad.example.org/", "foo://xn--rsum-bpad.example.org/", "not a DNS scheme: kept"},
		{"http://XN--RSUM-BPAD.Example.org/", "http://XN--RSUM-BPAD.Example.org/", "hosts stay as they are"},
	}
	for _, tt := range toIRI {
		if got := MustParse(tt.uri).ToIRI(); got.String() != tt.iri {
			t.Errorf("Parse(%q).ToIRI() = %q, want %q (%s)", tt.uri, got, tt.iri, tt.why)
		}
	}
}

func TestToIRI(t *testing.T) {
	tests := []struct{ in, want, why string }{
		{"http://h/a%2Fb%20c%41", "http://h/a%2Fb%20c%41", "ASCII stays encoded, unreserved too, so the meaning cannot change"},
		{"foo://%C3%A9@caf%C3%A9.example:80/%E6%97%A5?%E2%82%AC#%C2%A7", "foo://\u00e9@caf\u00e9.example:80/\u65e5?\u20ac#\u00a7", "every component"},
		{"http://%C3%A9@caf%C3%A9.example:80/%E6%97%A5?%E2%82%AC#%C2%A7", "http://\u00e9@caf%C3%A9.example:80/\u65e5?\u20ac#\u00a7", "every component but the host of a DNS scheme"},
		{"/%EE%80%80?%EE%80%80", "/%EE%80%80?\ue000", "iprivate decoded in the query only"},
		{"/%C3%A9%FF%C3%A9", "/\u00e9%FF\u00e9", "a bad octet in the middle of a run"},
		{"/%C3%A9%C3", "/\u00e9%C3", "a run ending inside a character"},
		{"/%E2%82%AC%E2%80%8E", "/\u20ac%E2%80%8E", "LRM stays"},
		{"/%EF%BF%BE", "/%EF%BF%BE", "a non-character stays"},
		{"/%C2%85", "/%C2%85", "a C1 control is no ucschar"},
		{"//[::1]/%c3%a9", "//[::1]/\u00e9", "lower-case hex"},
		{"/plain", "/plain", "nothing to do"},
		{"%2", "", "not reached: Parse rejects it"},
	}
	for _, tt := range tests {
		u, err := Parse(tt.in)
		if err != nil {
			continue
		}
		got := u.ToIRI()
		if got.String() != tt.want {
			t.Errorf("Parse(%q).ToIRI() = %q, want %q (%s)", tt.in, got, tt.want, tt.why)
		}
		checkIRIRoundTrip(t, u)
	}
}

// upperPct writes the hex digits of every pct-encoding in upper case.
func upperPct(s string) string {
	b := []byte(s)
	for i := 0; i+2 < len(b); i++ {
		if b[i] == '%' {
			b[i+1], b[i+2] = abnf.UpperHex[abnf.Unhex(b[i+1])], abnf.UpperHex[abnf.Unhex(b[i+2])]
			i += 2
		}
	}
	return string(b)
}

// withoutHost returns u's text with the host cut out.
func withoutHost(u ref) string { return u.s[:u.hostStart] + "\x00" + u.s[u.hostEnd:] }

// parseIRIAsURI is ParseIRI with its result in a URI, so that the tests of
// Parse can look at an IRI's components the same way.
func parseIRIAsURI(s string) (URI, error) {
	i, err := ParseIRI(s)
	return URI(i), err
}

// iriToURI parses s as an IRI and maps it to a URI.
func iriToURI(s string) (URI, error) {
	i, err := ParseIRI(s)
	if err != nil {
		return URI{}, err
	}
	return i.ToURI()
}

// encodeNonASCII percent-encodes the bytes >= 0x80 of s.
func encodeNonASCII(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] >= 0x80 {
			fmt.Fprintf(&b, "%%%02X", s[i])
		} else {
			b.WriteByte(s[i])
		}
	}
	return b.String()
}

// sameHostName reports whether two hosts name the same host: the same text
// up to the case of hex digits, the same name percent-decoded, or the same
// IDNA A-labels.
func sameHostName(a, b string) bool {
	if upperPct(a) == upperPct(b) {
		return true
	}
	// ToIRI keeps a DNS scheme's host percent-encoded.
	if x, errA := url.PathUnescape(a); errA == nil {
		if y, errB := url.PathUnescape(b); errB == nil && x == y {
			return true
		}
	}
	x, errA := HostToASCII(a)
	y, errB := HostToASCII(b)
	return errA == nil && errB == nil && x == y
}

// checkIRIRoundTrip: u's IRI form parses as an IRI with the same structure,
// and maps back to u up to the case of hex digits.
func checkIRIRoundTrip(t *testing.T, u URI) {
	t.Helper()
	i := u.ToIRI()
	p, err := ParseIRI(i.String())
	if err != nil || p != i {
		t.Fatalf("ParseIRI(Parse(%q).ToIRI() = %q) = %v", u, i, err)
	}
	back, err := i.ToURI()
	if err != nil || upperPct(withoutHost(back.ref)) != upperPct(withoutHost(u.ref)) || !sameHostName(back.Host(), u.Host()) {
		t.Fatalf("Parse(%q).ToIRI().ToURI() = %q, %v", u, back, err)
	}
	if d := cmp.Diff(viewOf(u).HasQuery, viewOf(back).HasQuery); d != "" {
		t.Fatalf("structure changed: %s", d)
	}
}

// checkIRI is the invariant for an accepted IRI: its URI parses with Parse,
// keeps every ASCII byte and its structure, and maps back to the IRI.
func checkIRI(t *testing.T, s string) {
	t.Helper()
	u, err := ParseIRI(s)
	if err != nil {
		return
	}
	v, err := u.ToURI()
	if err != nil {
		t.Fatalf("ParseIRI(%q).ToURI(): %v", s, err)
	}
	p, err := Parse(v.String())
	if err != nil || p != v {
		t.Fatalf("Parse(ParseIRI(%q).ToURI() = %q) = %v", s, v, err)
	}
	if u.HasAuthority() != v.HasAuthority() || u.HasQuery() != v.HasQuery() || u.HasFragment() != v.HasFragment() {
		t.Fatalf("ParseIRI(%q).ToURI() = %q changed the structure", s, v)
	}
	if got := v.ToIRI(); (withoutHost(got.ref) != withoutHost(u.ref) || !sameHostName(got.Host(), u.Host())) && u.HostKind() != HostIPvFuture {
		// Decoded back, except sequences the IRI had written encoded.
		if strings.Contains(s, "%") {
			return
		}
		t.Fatalf("ParseIRI(%q).ToURI().ToIRI() = %q", s, got)
	}
}

func TestIRIRoundTrips(t *testing.T) {
	r := rand.New(rand.NewPCG(3987, 3))
	for range 20000 {
		s := genIRI(r)
		checkIRI(t, s)
		if u, err := Parse(s); err == nil {
			checkIRIRoundTrip(t, u)
			checkIRIRoundTrip(t, MustParse(encodeNonASCII(s)))
		}
		if u, err := ParseIRI(s); err == nil {
			if v, _ := u.ToURI(); true {
				checkIRIRoundTrip(t, v)
			}
		}
	}
}

func FuzzIRI(f *testing.F) {
	for _, row := range readCommandRows(f, "testdata/iri.jsonl") {
		f.Add(row.input)
	}
	f.Add("http://r\u00e9sum\u00e9.example.org/?\ue000")
	f.Fuzz(func(t *testing.T, s string) {
		u, err := ParseIRI(s)
		if err != nil {
			var e *Error
			if !errors.As(err, &e) || e.Offset < 0 || e.Offset > len(s) || u != (IRI{}) {
				t.Fatalf("ParseIRI(%q) error %#v", s, err)
			}
			// The offset rule, checked against the parser itself.
			if e.Err == ErrBadPort {
				if msg := checkBadPort(parseIRIAsURI, s, e.Offset); msg != "" {
					t.Fatalf("ParseIRI(%q): %s", s, msg)
				}
			} else if e.Offset < len(s) {
				_, err2 := ParseIRI(s[:e.Offset+1])
				var e2 *Error
				if !errors.As(err2, &e2) || e2.Offset != e.Offset {
					t.Fatalf("ParseIRI(%q) fails at %d, but its prefix %q gives %v", s, e.Offset, s[:e.Offset+1], err2)
				}
			}
			if abnf.IsASCII(s) {
				if _, perr := Parse(s); perr == nil || perr.Error() != err.Error() {
					t.Fatalf("ParseIRI and Parse disagree on ASCII %q: %v, %v", s, err, perr)
				}
			}
			return
		}
		if u.String() != s {
			t.Fatalf("ParseIRI(%q).String() = %q", s, u)
		}
		checkIRI(t, s)
		if v, err := Parse(s); err == nil {
			checkIRIRoundTrip(t, v)
		}
		checkIRIRoundTrip(t, MustParse(encodeNonASCII(s)))
	})
}

// TestIRITestdata runs testdata/iri.jsonl through the library; the command
// test runs the same rows through the command.
func TestIRITestdata(t *testing.T) {
	rows := readCommandRows(t, "testdata/iri.jsonl")
	if len(rows) < 15 {
		t.Fatalf("only %d rows", len(rows))
	}
	for _, row := range rows {
		var got fmt.Stringer
		var err error
		switch row.op {
		case "iri-to-uri":
			got, err = iriToURI(row.input)
		case "uri-to-iri":
			var u URI
			u, err = Parse(row.input)
			got = u.ToIRI()
		default:
			t.Fatalf("line %d: unknown command %q", row.line, row.op)
		}
		if row.OK != (err == nil) || got.String() != row.want || (err != nil && err.Error() != row.Error) {
			t.Errorf("line %d: %s %q = %q, %v; want %q, %q", row.line, row.op, row.input, got, err, row.want, row.Error)
		}
	}
}

func TestIRIAllocs(t *testing.T) {
	iri := "http://r\u00e9sum\u00e9.example.org/caf\u00e9?q=\u20ac&p=\ue000#x"
	u := MustParse("http://example.org/a/b?c#d")
	ascii, _ := ParseIRI(u.String())
	tests := []struct {
		name string
		fn   func()
		want float64
	}{
		{"ParseIRI", func() { _, _ = ParseIRI(iri) }, 0},
		{"ToURI of ASCII", func() { _, _ = ascii.ToURI() }, 0},
		{"ToIRI without %", func() { _ = u.ToIRI() }, 0},
		{"ToIRI with nothing to decode", func() { _ = MustParse("/a%2Fb").ToIRI() }, 0},
	}
	for _, tt := range tests {
		if n := testing.AllocsPerRun(100, tt.fn); n != tt.want {
			t.Errorf("%s: %v allocations, want %v", tt.name, n, tt.want)
		}
	}
}
