package idnacheck

import (
	"errors"
	"strings"
	"testing"
	"unicode/utf8"

	"golang.org/x/net/idna"
)

func TestTooLong(t *testing.T) {
	long := strings.Repeat("a", MaxLabel+1)
	short := strings.Repeat("a", MaxLabel)
	pad := func(label, sep string) string { // a domain over MaxDomain bytes of such labels
		return strings.Repeat(label+sep, MaxDomain/len(label)+1) + "x"
	}
	tests := []struct {
		s    string
		want bool
	}{
		{long, false},               // one long label, but a short domain
		{pad(short, "."), false},    // a long domain of labels within the limit
		{pad(long, "."), true},      // a long domain with long labels
		{pad(long, "\u3002"), true}, // the ideographic full stop separates too
		{pad(short, "\u3002"), false},
		{pad(short, "\uff0e"), false},              // the fullwidth full stop
		{pad(short, "\uff61"), false},              // the halfwidth ideographic full stop
		{pad(strings.Repeat("é", 128), "."), true}, // 256 bytes in 128 characters
	}
	for i, tt := range tests {
		if got := TooLong(tt.s); got != tt.want {
			t.Errorf("case %d (%d bytes): TooLong = %v, want %v", i, len(tt.s), got, tt.want)
		}
	}
}

// lookup is the profile of the URL Standard's domain parser with beStrict
// false, the one that lets most through.
var lookup = idna.New(idna.MapForLookup(), idna.BidiRule(), idna.Transitional(false),
	idna.CheckHyphens(false), idna.CheckJoiners(true), idna.StrictDomainName(false), idna.VerifyDNSLength(false))

// TestToASCII: UTS #46, section 4 (Processing), step 4, since revision 33:
// a label that starts with "xn--" after the mapping and whose Punycode
// decodes to the empty string is an error; the name keeps its labels.
func TestToASCII(t *testing.T) {
	tests := []struct {
		name  string
		ascii string // "" for an error
		off   int    // the offset of the error
		err   error  // nil: x/net/idna's own error
	}{
		{"\u00e9.example", "xn--9ca.example", 0, nil},
		{"\u00e9.xn--.com", "", 3, ErrLabelLost},
		{"\u00e9vil.xn--", "", 6, ErrLabelLost},                  // last
		{"xn--.\u00e9", "", 0, ErrLabelLost},                     // first
		{"xn--", "", 0, ErrLabelLost},                            // alone
		{"\u00e9.xn--.", "", 3, ErrLabelLost},                    // before a trailing dot
		{"a\u3002xn--", "", 4, ErrLabelLost},                     // after U+3002
		{"a\uff0exn--", "", 4, ErrLabelLost},                     // after U+FF0E
		{"a\uff61xn--", "", 4, ErrLabelLost},                     // after U+FF61
		{"\u00e9.XN--.com", "", 3, ErrLabelLost},                 // upper case
		{"\u00e9.x\u00adn--", "", 3, ErrLabelLost},               // U+00AD is ignored
		{"\u00e9.\uff58\uff4e\uff0d\uff0d", "", 3, ErrLabelLost}, // full-width
		{"\u00e9.xn--go-.com", "", 0, nil},                       // ASCII only: x/net/idna refuses it
		{"\u00e9.\u00ad.com", "xn--9ca..com", 0, nil},            // a label of ignored code points stays, empty
		{"\u00e9..com", "xn--9ca..com", 0, nil},                  // an empty label stays
		{"\u00e9.com.", "xn--9ca.com.", 0, nil},                  // a trailing dot stays
		{"\u00e9\u3002com\u3002", "xn--9ca.com.", 0, nil},        // full stops map to "."
		// UTS #46, section 4, step 4 checks the mapped labels: U+2135..U+2138
		// map to the Hebrew letters U+05D0..U+05D3 (Bidi class R).
		{"a\u2137b", "", 0, ErrMapped},     // as "a\u05d2b": L and R in one label
		{"\u2135a", "", 0, ErrMapped},      // as "\u05d0a": R, then L
		{"x.\u2135a", "", 2, ErrMapped},    // the label at fault
		{"1.\u2135", "", 2, ErrMapped},     // "1" fails only beside an RTL label
		{"\u2135", "xn--4db", 0, nil},      // one RTL letter is a valid label
		{"a.\u2135", "a.xn--4db", 0, nil},  // an LTR label beside it too
		{"\uff21\u2137", "", 0, ErrMapped}, // full-width A maps to "a" first
		{"\u05d2a", "", 0, nil},            // written as mapped: x/net/idna refuses it itself
	}
	for _, tt := range tests {
		for _, f := range []struct {
			name string
			fn   func(*idna.Profile, string) (string, error)
		}{{"ToASCII", ToASCII}, {"ToUnicode", ToUnicode}} {
			got, err := f.fn(lookup, tt.name)
			if tt.ascii != "" {
				if err != nil || f.name == "ToASCII" && got != tt.ascii {
					t.Errorf("%s(%q) = %q, %v, want %q", f.name, tt.name, got, err, tt.ascii)
				}
				continue
			}
			var e *Error
			switch {
			case err == nil:
				t.Errorf("%s(%q) = %q, want an error", f.name, tt.name, got)
			case tt.err == nil && errors.As(err, &e):
				t.Errorf("%s(%q): %v, want x/net/idna's error", f.name, tt.name, err)
			case tt.err != nil && (!errors.As(err, &e) || e.Err != tt.err || e.Offset != tt.off || e.Name != tt.name):
				t.Errorf("%s(%q): %#v, want %v at %d", f.name, tt.name, err, tt.err, tt.off)
			}
		}
	}
}

// TestCheckCount: a result with another number of labels than the name is
// refused, whichever has more.
func TestCheckCount(t *testing.T) {
	for _, tt := range []struct{ name, out string }{
		{"a.b", "a.b.c"},
		{"a.b.c", "a.b"},
		{"a\u3002b", "a"},
	} {
		if err := check(lookup, tt.name, tt.out); !errors.Is(err, ErrLabelCount) {
			t.Errorf("check(%q, %q) = %v, want ErrLabelCount", tt.name, tt.out, err)
		}
	}
	if err := check(lookup, "a\uff0eb\uff61c", "a.b.c"); err != nil {
		t.Errorf("check of full stops: %v", err)
	}
}

// TestErrorText: the label is quoted in ASCII, so that no control or
// Bidi_Control character of the input is written raw, and cut after 64
// bytes.
func TestErrorText(t *testing.T) {
	for _, tt := range []struct {
		e    Error
		want string
	}{
		{Error{"a.xn--", 2, ErrLabelLost}, `idna: label "xn--": nothing after the "xn--" prefix to decode: the label would vanish`},
		{Error{"a.x\u202en--", 2, ErrLabelLost}, `idna: label "x\u202en--": nothing after the "xn--" prefix to decode: the label would vanish`},
		{Error{"a." + strings.Repeat("b", 300), 2, ErrTooLong}, `idna: label "` + strings.Repeat("b", 64) + `...": label too long for IDNA in a long name`},
		{Error{"a", 5, ErrLabelCount}, `idna: label "": IDNA would change the number of labels`}, // an offset out of range
	} {
		if got := tt.e.Error(); got != tt.want {
			t.Errorf("%#v.Error() = %q, want %q", tt.e, got, tt.want)
		}
	}
}

// TestTooLongOffset: ToASCII refuses a name that TooLong reports, at its
// first long label, before IDNA runs.
func TestTooLongOffset(t *testing.T) {
	name := strings.Repeat("a.", MaxDomain) + strings.Repeat("b", MaxLabel+1)
	_, err := ToASCII(lookup, name)
	var e *Error
	if !errors.As(err, &e) || e.Err != ErrTooLong || e.Offset != 2*MaxDomain {
		t.Errorf("ToASCII(a long name) = %v, want ErrTooLong at %d", err, 2*MaxDomain)
	}
}

// TestMapsToRTL checks MapsToRTL against x/net/idna's tables, whatever the
// toolchain's Unicode version: for every code point r that the mapping
// changes, "1.a" + r must pass or fail as its mapped form does, unless
// MapsToRTL(r) (the Bidi rule of RFC 5893 applies to a name with a
// right-to-left label, so "1" fails beside one).
func TestMapsToRTL(t *testing.T) {
	var n int
	for r := rune(0x80); r <= utf8.MaxRune; r++ {
		if !utf8.ValidRune(r) {
			continue
		}
		s := string(r)
		mapped, err := lookup.ToUnicode("a" + s)
		if err != nil || mapped == "a"+s {
			continue
		}
		if mapped == "a" && !Ignored(r) {
			t.Errorf("%U maps to nothing: Ignored = false", r)
		}
		n++
		if strings.HasPrefix(mapped, "ax") && !MapsToX(r) {
			t.Errorf("%U maps to %q: MapsToX = false", r, mapped[1:])
		}
		_, asWritten := lookup.ToASCII("1.a" + s)
		_, asMapped := lookup.ToASCII("1." + mapped)
		if differ := (asWritten == nil) != (asMapped == nil); differ != MapsToRTL(s) {
			t.Errorf("%U: ToASCII of the name as written: %v; mapped: %v; MapsToRTL = %v", r, asWritten, asMapped, MapsToRTL(s))
		}
	}
	if n < 5000 {
		t.Fatalf("only %d code points change under the mapping: the check ran on too few", n)
	}
}

// TestProfiles: the named profiles are x/net/idna's Lookup and Display,
// with the package's check.
func TestProfiles(t *testing.T) {
	tests := []struct {
		name    string
		conv    func(string) (string, error)
		in, out string
		err     error
	}{
		{"Lookup.ToASCII", Lookup.ToASCII, "Bücher.example", "xn--bcher-kva.example", nil},
		{"Lookup.ToASCII", Lookup.ToASCII, "é.xn--.com", "xn--9ca..com", ErrLabelLost},
		{"Lookup.ToUnicode", Lookup.ToUnicode, "xn--bcher-kva.example", "bücher.example", nil},
		{"Display.ToUnicode", Display.ToUnicode, "xn--bcher-kva.EXAMPLE", "bücher.example", nil},
		{"Display.ToASCII", Display.ToASCII, "a。b", "a.b", nil},
	}
	for _, tt := range tests {
		out, err := tt.conv(tt.in)
		if out != tt.out || !errors.Is(err, tt.err) || (tt.err == nil) != (err == nil) {
			t.Errorf("%s(%q) = %q, %v; want %q, %v", tt.name, tt.in, out, err, tt.out, tt.err)
		}
	}
}

// punycodeSeeds are Punycode strings of every shape: basic code points
// only, none, both, and broken ones.
var punycodeSeeds = []string{"bcher-kva", "80ak6aa92e", "1lq90ic7f1rc", "fu-hia", "example-", "", "-", "a-", "zz", "99999999999", "ls8h", "---", "a-b-c-1", "xn--", "A-B", "bcher-KVA"}

// TestDecodePunycode: DecodePunycode agrees with x/net/idna's Punycode
// decoding (its raw profile) on every seed and on the A-labels of names.
func TestDecodePunycode(t *testing.T) {
	inputs := append([]string(nil), punycodeSeeds...)
	for _, name := range []string{"bücher", "аррӏе", "北京大學", "ドメイン名例", "😀", "a\u0301b", "ß", "مثال"} {
		if a, err := idna.Punycode.ToASCII(name); err == nil {
			inputs = append(inputs, strings.TrimPrefix(a, "xn--"))
		}
	}
	for _, s := range inputs {
		checkDecodePunycode(t, s)
	}
}

func checkDecodePunycode(t *testing.T, s string) {
	t.Helper()
	got, ok := DecodePunycode(nil, s)
	want, err := idna.Punycode.ToUnicode("xn--" + s)
	switch {
	case len(s) > MaxLabel || strings.ToLower(s) != s || !isASCII(s) || strings.Contains(s, "."):
		// Upper-case digits are for ToUnicode to fold; x/net/idna splits
		// labels at dots, and an A-label is ASCII.
	case err != nil:
		// x/net/idna refuses what decodes to ASCII only, which no A-label
		// may: the callers of DecodePunycode check that too.
		if ok && !isASCII(string(got)) {
			t.Errorf("DecodePunycode(%q) = %q, true; x/net/idna: %v", s, string(got), err)
		}
	case !ok && !strings.ContainsRune(want, utf8.RuneError):
		// x/net/idna's raw decoding lets surrogates through, which it
		// writes as U+FFFD and its validation refuses; DecodePunycode
		// refuses them at once.
		t.Errorf("DecodePunycode(%q) fails; x/net/idna gives %q", s, want)
	case !ok:
	case string(got) != want:
		t.Errorf("DecodePunycode(%q) = %q, x/net/idna %q", s, string(got), want)
	}
}

// FuzzDecodePunycode: no input panics DecodePunycode, and it agrees with
// x/net/idna wherever it decodes.
func FuzzDecodePunycode(f *testing.F) {
	for _, s := range punycodeSeeds {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		checkDecodePunycode(t, s)
	})
}
