package whatwg

import (
	"math"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/gouri/uri"
)

// validateTests pin the non-fatal validation errors that Validate reports,
// with the examples of the URL Standard's table of validation errors
// (section 1.1) where they are non-fatal.
var validateTests = []struct {
	name string
	in   string
	base string
	want []ValidationError
}{
	{"valid", "https://example.org/a?b#c", "", nil},
	{"valid with an IDNA host", "https://xn--bcher-kva.example/", "", nil},
	{"valid relative reference", "../x", "https://example.org/a/b", nil},

	{"1.1 domain-to-ASCII: UseSTD3ASCIIRules is true when strict", "https://a_b.example/", "",
		[]ValidationError{{ErrDomainToASCII, 8}}},
	{"1.1 domain-to-ASCII: CheckHyphens is true when strict", "https://-x.example/", "",
		[]ValidationError{{ErrDomainToASCII, 8}}},
	{"1.1 domain-percent-encoded", "https://exam%70le.org", "",
		[]ValidationError{{ErrDomainPercentEncoded, 12}}},
	// The domain parser (section 3.3) runs the strict Unicode ToASCII on
	// every domain, before the IPv4 parser. With VerifyDnsLength true, UTS
	// #46 (section 4.2, step 4) lets no label be empty, not even the root
	// label of a trailing dot: only with it false is that label passed
	// through. So the table's example for IPv4-empty-part reports
	// domain-to-ASCII first, with any version of x/net/idna's tables.
	{"1.1 IPv4-empty-part, after the strict ToASCII's domain-to-ASCII", "https://127.0.0.1./", "",
		[]ValidationError{{ErrDomainToASCII, 8}, {ErrIPv4EmptyPart, 8}}},
	{"1.1 domain-to-ASCII: VerifyDnsLength refuses the empty root label", "https://example.com./", "",
		[]ValidationError{{ErrDomainToASCII, 8}}},
	{"1.1 domain-to-ASCII: the empty root label of a non-ASCII domain", "https://b\u00fccher.example./", "",
		[]ValidationError{{ErrDomainToASCII, 8}}},
	{"1.1 domain-to-ASCII: an ideographic full stop is a trailing dot too", "https://example.com\u3002/", "",
		[]ValidationError{{ErrDomainToASCII, 8}}},
	{"1.1 domain-to-ASCII: no trailing dot, no error", "https://127.0.0.1/", "", nil},
	{"1.1 IPv4-too-few-parts", "https://1.2.3/", "",
		[]ValidationError{{ErrIPv4TooFewParts, 8}}},
	{"1.1 IPv4-non-decimal-part", "https://127.0.0x0.1", "",
		[]ValidationError{{ErrIPv4NonDecimalPart, 8}}},
	{"1.1 IPv4-out-of-range-part: a last part that still fits", "https://1.2.400/", "",
		[]ValidationError{{ErrIPv4TooFewParts, 8}, {ErrIPv4OutOfRangePart, 8}}},
	{"1.1 IPv6-piece-leading-zero", "https://[::01]", "",
		[]ValidationError{{ErrIPv6PieceLeadingZero, 11}}},
	{"1.1 invalid-URL-unit: not a URL code point", "https://example.org/>", "",
		[]ValidationError{{ErrInvalidURLUnit, 20}}},
	{"1.1 invalid-URL-unit: leading and trailing spaces", " https://example.org ", "",
		[]ValidationError{{ErrInvalidURLUnit, 0}}},
	{"1.1 invalid-URL-unit: a trailing space", "https://example.org/ ", "",
		[]ValidationError{{ErrInvalidURLUnit, 20}}},
	{"1.1 invalid-URL-unit: a newline", "ht\ntps://example.org", "",
		[]ValidationError{{ErrInvalidURLUnit, 2}}},
	{"1.1 invalid-URL-unit: % not followed by two hex digits", "https://example.org/%s", "",
		[]ValidationError{{ErrInvalidURLUnit, 20}}},
	{"1.1 invalid-URL-unit: in the query and fragment", "https://example.org/?a^b#c|d", "",
		[]ValidationError{{ErrInvalidURLUnit, 22}, {ErrInvalidURLUnit, 26}}},
	{"1.1 invalid-URL-unit: a non-character", "https://example.org/\ufffe", "",
		[]ValidationError{{ErrInvalidURLUnit, 20}}},
	{"1.1 invalid-URL-unit: U+00A0 and above are URL code points", "https://example.org/\u00a0\u00e9", "", nil},
	{"1.1 invalid-URL-unit: a space in an opaque path", "sc:a b", "",
		[]ValidationError{{ErrInvalidURLUnit, 4}}},
	{"1.1 invalid-URL-unit: in an opaque host", "sc://a%zz\u0080/", "",
		[]ValidationError{{ErrInvalidURLUnit, 6}, {ErrInvalidURLUnit, 9}}},
	{"1.1 special-scheme-missing-following-solidus: file", "file:c:/my-secret-folder", "",
		[]ValidationError{{ErrSpecialSchemeMissingFollowingSolidus, 5}}},
	{"1.1 special-scheme-missing-following-solidus: https", "https:example.org", "",
		[]ValidationError{{ErrSpecialSchemeMissingFollowingSolidus, 6}}},
	{"1.1 special-scheme-missing-following-solidus: against a base", "https:foo.html", "https://example.org/",
		[]ValidationError{{ErrSpecialSchemeMissingFollowingSolidus, 6}}},
	{"1.1 special-scheme-missing-following-solidus: too many slashes", "https:///example.org", "",
		[]ValidationError{{ErrSpecialSchemeMissingFollowingSolidus, 8}}},
	{"1.1 invalid-reverse-solidus", "https://example.org\\path\\to\\file", "",
		[]ValidationError{{ErrInvalidReverseSolidus, 19}, {ErrInvalidReverseSolidus, 24}, {ErrInvalidReverseSolidus, 27}}},
	{"1.1 invalid-credentials", "https://user@example.org", "",
		[]ValidationError{{ErrInvalidCredentials, 12}}},
	{"1.1 invalid-credentials: non-special", "ssh://user@example.org", "",
		[]ValidationError{{ErrInvalidCredentials, 10}}},
	{"1.1 file-invalid-Windows-drive-letter", "c|/x", "file:///d:/a",
		[]ValidationError{{ErrFileInvalidWindowsDriveLetter, 0}, {ErrInvalidURLUnit, 1}}},
	// The table's own example for this error starts with "/", so the file
	// state sends it to the file slash state, which reports nothing: only
	// the file state's branch for other code points reports the error.
	{"1.1 file-invalid-Windows-drive-letter: the table's example reports nothing", "/c:/path/to/file", "file:///c:/", nil},
	{"1.1 file-invalid-Windows-drive-letter-host", "file://c:", "",
		[]ValidationError{{ErrFileInvalidWindowsDriveLetterHost, 7}}},
	{"offsets after removed tabs", "h\tt\ttps://a_b/\t>", "",
		[]ValidationError{{ErrInvalidURLUnit, 1}, {ErrDomainToASCII, 10}, {ErrInvalidURLUnit, 15}}},
}

func TestValidate(t *testing.T) {
	for _, tc := range validateTests {
		var base URL
		if tc.base != "" {
			base = MustParse(tc.base)
		}
		want, err := base.Parse(tc.in)
		if err != nil {
			t.Errorf("%s: Parse(%q): %v", tc.name, tc.in, err)
			continue
		}
		u, errs, err := Validate(base, tc.in)
		if err != nil || u != want {
			t.Errorf("%s: Validate(%q) = %q, %v; Parse gives %q", tc.name, tc.in, u.Href(), err, want.Href())
		}
		if diff := cmp.Diff(tc.want, errs); diff != "" {
			t.Errorf("%s: Validate(%q) (-want +got):\n%s", tc.name, tc.in, diff)
		}
	}
}

// TestValidateFailure checks that Validate returns the errors met before a
// failure, and the failure as Parse does.
func TestValidateFailure(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want []ValidationError
	}{
		// The domain parser reports domain-to-ASCII (step 2), then fails.
		{"https://user@exa mple.org/", []ValidationError{{ErrInvalidCredentials, 12}, {ErrDomainToASCII, 13}}},
		{"https://exa%23mple.org", []ValidationError{{ErrDomainPercentEncoded, 11}, {ErrDomainToASCII, 8}}},
		// The IPv4 parser reports IPv4-out-of-range-part, then fails.
		{"https://256.1.1.1/", []ValidationError{{ErrIPv4OutOfRangePart, 8}}},
		{"https://h:x/", nil},
	} {
		_, errs, err := Validate(URL{}, tc.in)
		_, perr := Parse(tc.in)
		if err == nil || err.Error() != perr.Error() {
			t.Errorf("Validate(%q): error %v, Parse gives %v", tc.in, err, perr)
		}
		if diff := cmp.Diff(tc.want, errs); diff != "" {
			t.Errorf("Validate(%q) (-want +got):\n%s", tc.in, diff)
		}
	}
}

// TestErrorAnyOffset: the message of an error built by newError never
// panics, for an offset outside the input, however far.
func TestErrorAnyOffset(t *testing.T) {
	long := strings.Repeat("a", 200)
	for _, off := range []int{math.MinInt, -1, 0, 100, 200, 201, math.MaxInt} {
		e := newError(uri.OpParse, "", long, off, ErrHostMissing)
		if msg := e.Error(); !strings.Contains(msg, "aaa") {
			t.Errorf("offset %d: %q", off, msg)
		}
	}
}
