package idnacheck

import (
	"errors"
	"strings"
	"testing"

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

// TestErrorText: the label is quoted in ASCII, so that no control or
// Bidi_Control character of the input is written raw, and cut after 64
// bytes.
func TestErrorText(t *testing.T) {
	for _, tt := range []struct {
		e    Error
		want string
	}{
		{Error{"a.\u202e" + strings.Repeat("b", 300), 2, ErrTooLong}, `idna: label "\u202e` + strings.Repeat("b", 61) + `...": label too long for IDNA in a long name`},
		{Error{"a." + strings.Repeat("b", 300), 2, ErrTooLong}, `idna: label "` + strings.Repeat("b", 64) + `...": label too long for IDNA in a long name`},
		{Error{"a", 5, ErrTooLong}, `idna: label "": label too long for IDNA in a long name`}, // an offset out of range
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
