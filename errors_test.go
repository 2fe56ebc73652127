package uri

import (
	"errors"
	"math"
	"slices"
	"strconv"
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"

	"github.com/gouri/uri/internal/errtext"
)

// errorReasons are the values of Err that the tests of Error give it: every
// kind of value a caller can put there, nil and a nil *Error included.
var errorReasons = []error{
	nil, ErrInvalidByte, ErrBadPercent, ErrTooLong, ErrIDNA, ErrColonInFirstSegment,
	errors.New("another reason"), (*Error)(nil), &Error{Offset: -1, Input: "x"},
}

// errorOffsets are the offsets the tests of Error try against an input of
// n bytes: inside, at both ends, just outside, and the extremes of int.
func errorOffsets(n int) []int {
	return []int{
		0, 1, n / 2, n - 1, n, n + 1, -1, -2, 2 * n, -n,
		math.MaxInt, math.MaxInt - 1, math.MinInt, math.MinInt + 1,
		math.MaxInt32, math.MaxInt32 + 1, math.MinInt32,
	}
}

// errorInputs are inputs of every length class of quoteAround (short, at
// the limit of 88 bytes, long) and of every kind of byte: invalid UTF-8,
// a character cut at the window's edge, controls and bidirectional
// formatting characters.
var errorInputs = []string{
	"", "a", "\xff", "\xe2\x80", "http://a/b c", "/\u202eevil", "/\x1b[2J\x00\u009b",
	strings.Repeat("a", 88), strings.Repeat("a", 89), strings.Repeat("\xff", 200),
	strings.Repeat("é", 100), strings.Repeat("\u202e", 50) + "x" + strings.Repeat("\u2066", 50),
	"http://h/" + strings.Repeat("%", 300) + "\xc3",
}

// checkErrorMessage is the contract of Error's text for any field values:
// it does not panic, it is "uri: " + Reason() + " of " + the input quoted,
// it gives the same text twice, it names the offset unless it is NoOffset,
// and when Op, Name and Detail are clean (valid UTF-8 with nothing hidden)
// the text is one line with no control character and no bidirectional
// formatting character, whatever Input holds.
func checkErrorMessage(t *testing.T, e *Error) {
	t.Helper()
	var msg string
	func() {
		defer func() {
			if r := recover(); r != nil {
				t.Fatalf("(%#v).Error() panicked: %v", e, r)
			}
		}()
		msg = e.Error()
	}()
	if want := "uri: " + e.Reason() + " of " + errtext.QuoteAround(e.Input, e.Offset); msg != want {
		t.Errorf("(%#v).Error() = %q, not \"uri: \" + Reason() + \" of \" + the input quoted: %q", e, msg, want)
	}
	if again := e.Error(); again != msg {
		t.Errorf("(%#v).Error() gave %q, then %q", e, msg, again)
	}
	if names := strings.Contains(msg, " at offset "+strconv.Itoa(e.Offset)); names != (e.Offset != NoOffset) {
		t.Errorf("(%#v).Error() = %q: names offset %d: %v, want %v", e, msg, e.Offset, names, e.Offset != NoOffset)
	}
	clean := func(s string) bool { return utf8.ValidString(s) && strings.IndexFunc(s, unsafeInText) < 0 }
	reason := ""
	if e.Err != nil && !isNilError(e.Err) {
		reason = e.Err.Error()
	}
	if clean(string(e.Op)) && clean(e.Name) && clean(e.Detail) && clean(reason) && !clean(msg) {
		t.Errorf("(%#v).Error() = %q holds a raw control, bidi control or invalid UTF-8", e, msg)
	}
}

// isNilError reports whether err is a nil *Error, whose Error method the
// test does not call directly.
func isNilError(err error) bool {
	e, ok := err.(*Error)
	return ok && e == nil
}

// unsafeInText reports whether r should never reach a terminal as it is: a
// C0 or C1 control, DEL, or a character with the Unicode property
// Bidi_Control.
func unsafeInText(r rune) bool {
	return unicode.IsControl(r) || unicode.Is(unicode.Bidi_Control, r)
}

// TestErrorAnyFields: Error never panics, whatever the fields of an Error
// hold: offsets outside the input, negative or at the extremes of int,
// inputs that are not UTF-8, a nil reason or a nil *Error as the reason,
// and a component that names none.
func TestErrorAnyFields(t *testing.T) {
	comps := []Component{NoComponent, Host, Fragment, Fragment + 1, 255}
	for _, in := range errorInputs {
		for _, off := range errorOffsets(len(in)) {
			for _, reason := range errorReasons {
				for _, c := range comps {
					for _, op := range []Op{"", OpParse, OpResolve, OpBuild} {
						checkErrorMessage(t, &Error{Op: op, Input: in, Offset: off, Component: c, Err: reason, Detail: "d"})
					}
					checkErrorMessage(t, &Error{Op: "set", Name: "host", Input: in, Offset: off, Component: c, Err: reason, Cause: reason})
				}
			}
		}
	}
}

// TestErrorNil: a nil *Error formats and unwraps without panicking, so
// that a typed nil stored in an error (and logged) or a nil *Error as the
// Err or Cause of another is no crash, and errors.Is and errors.As work on
// it too.
func TestErrorNil(t *testing.T) {
	var e *Error
	if got := e.Error(); got != "uri: <nil>" {
		t.Errorf("(*Error)(nil).Error() = %q, want %q", got, "uri: <nil>")
	}
	if got := e.Reason(); got != "<nil>" {
		t.Errorf("(*Error)(nil).Reason() = %q, want %q", got, "<nil>")
	}
	if e.Unwrap() != nil {
		t.Errorf("(*Error)(nil).Unwrap() = %v, want nil", e.Unwrap())
	}
	var err error = e
	if errors.Is(err, ErrInvalidByte) {
		t.Errorf("errors.Is((*Error)(nil), ErrInvalidByte) = true")
	}
	wrapped := &Error{Op: "parse", Input: "x", Err: e}
	if got, want := wrapped.Error(), `uri: uri: <nil> at offset 0 of "x"`; got != want {
		t.Errorf("an Error wrapping a nil *Error: %q, want %q", got, want)
	}
	caused := &Error{Op: "expand", Input: "x", Err: ErrInvalidByte, Cause: e}
	if got, want := caused.Error(), `uri: expand: invalid character "x" (<nil>) at offset 0 of "x"`; got != want {
		t.Errorf("an Error caused by a nil *Error: %q, want %q", got, want)
	}
	if errors.Is(caused, ErrBadPercent) {
		t.Errorf("errors.Is(an Error caused by a nil *Error, ErrBadPercent) = true")
	}
}

// TestErrorMessages pins the text for some field values that Parse never
// produces, so that a change to the format is a decision: Op and Name,
// NoOffset, a Cause about another text or about the same one.
func TestErrorMessages(t *testing.T) {
	inner := &Error{Op: OpParse, Input: "a#b#c", Offset: 3, Component: Fragment, Err: ErrInvalidByte}
	tests := []struct {
		e          Error
		want       string
		wantReason string
	}{
		{Error{}, `uri: error at offset 0 (end of input) of ""`, `error at offset 0 (end of input)`},
		{Error{Input: "ab", Offset: NoOffset, Err: ErrInvalidByte}, `uri: invalid character of "ab"`, `invalid character`},
		{Error{Input: "ab", Offset: -2, Err: ErrInvalidByte}, `uri: invalid character at offset -2 of "ab"`, `invalid character at offset -2`},
		{Error{Input: "ab", Offset: 7, Err: ErrInvalidByte, Component: Path}, `uri: invalid character in path at offset 7 of "ab"`, `invalid character in path at offset 7`},
		{Error{Input: "a\xffb", Offset: 1, Err: ErrInvalidByte, Component: 200}, `uri: invalid character "\xff" in component(200) at offset 1 of "a\xffb"`, `invalid character "\xff" in component(200) at offset 1`},
		{Error{Input: "/\u202e", Offset: 1, Err: ErrInvalidByte, Op: "parse"}, `uri: invalid character "\u202e" at offset 1 of "/\u202e"`, `invalid character "\u202e" at offset 1`},
		{Error{Op: "build", Input: "x", Offset: math.MinInt, Err: ErrBadPercent, Detail: "more"}, `uri: build: "%" not followed by two hex digits (more) at offset ` + strconv.Itoa(math.MinInt) + ` of "x"`, `build: "%" not followed by two hex digits (more) at offset ` + strconv.Itoa(math.MinInt)},
		// Name follows the Op, which then shows even when it is OpParse.
		{Error{Op: OpParse, Name: "base", Input: "x", Offset: 1, Err: ErrMissingScheme}, `uri: parse base: missing scheme at offset 1 (end of input) of "x"`, `parse base: missing scheme at offset 1 (end of input)`},
		{Error{Op: "canon", Name: "semantic", Input: "x", Offset: NoOffset, Err: errors.New("no host")}, `uri: canon semantic: no host of "x"`, `canon semantic: no host`},
		// A Cause about another text is written with that text; one about
		// the same text is not: the error repeats its facts.
		{Error{Op: "expand", Name: "x", Input: "{#x}", Offset: 2, Err: errors.New("expansion is not a URI-reference"), Cause: inner},
			`uri: expand x: expansion is not a URI-reference (invalid character "#" in fragment at offset 3 of "a#b#c") at offset 2 of "{#x}"`,
			`expand x: expansion is not a URI-reference (invalid character "#" in fragment at offset 3 of "a#b#c") at offset 2`},
		{Error{Op: "canon", Name: "whatwg", Input: "a#b#c", Offset: 3, Err: ErrInvalidByte, Cause: inner},
			`uri: canon whatwg: invalid character "#" at offset 3 of "a#b#c"`, `canon whatwg: invalid character "#" at offset 3`},
		{Error{Op: OpBuild, Input: "x", Offset: 0, Err: ErrInvalidByte, Cause: errors.New("other")},
			`uri: build: invalid character "x" (other) at offset 0 of "x"`, `build: invalid character "x" (other) at offset 0`},
	}
	for _, tt := range tests {
		if got := tt.e.Error(); got != tt.want {
			t.Errorf("(%#v).Error() = %q, want %q", tt.e, got, tt.want)
		}
		if got := tt.e.Reason(); got != tt.wantReason {
			t.Errorf("(%#v).Reason() = %q, want %q", tt.e, got, tt.wantReason)
		}
	}
}

// TestErrorUnwrap: Unwrap returns Err and Cause, leaving out a nil one, so
// that errors.Is finds the sentinel of either and errors.As the *Error of
// the cause.
func TestErrorUnwrap(t *testing.T) {
	inner := &Error{Op: OpParse, Input: "a b", Offset: 1, Err: ErrInvalidByte}
	other := errors.New("other")
	tests := []struct {
		e    *Error
		want []error
	}{
		{&Error{}, nil},
		{&Error{Err: ErrBadPercent}, []error{ErrBadPercent}},
		{&Error{Cause: inner}, []error{inner}},
		{&Error{Err: other, Cause: inner}, []error{other, inner}},
	}
	for _, tt := range tests {
		if got := tt.e.Unwrap(); !slices.Equal(got, tt.want) {
			t.Errorf("(%#v).Unwrap() = %v, want %v", tt.e, got, tt.want)
		}
	}
	outer := &Error{Op: "expand", Input: "{x}", Err: other, Cause: inner}
	var e *Error
	if !errors.Is(outer, ErrInvalidByte) || !errors.Is(outer, other) || !errors.As(error(outer), &e) || e != outer {
		t.Errorf("errors.Is and errors.As do not see both Err and Cause of %#v", outer)
	}
}

// FuzzError builds Errors from arbitrary fields: Error never panics and
// keeps the contract of checkErrorMessage.
func FuzzError(f *testing.F) {
	for _, in := range errorInputs {
		for _, off := range errorOffsets(len(in)) {
			f.Add("parse", in, off, uint8(Path), uint8(1), "")
		}
	}
	f.Add("resolve", "\xe2\x80\xae", 1, uint8(200), uint8(0), "d\x00")
	f.Fuzz(func(t *testing.T, op, in string, off int, comp, reason uint8, detail string) {
		e := &Error{Op: Op(op), Input: in, Offset: off, Component: Component(comp),
			Err: errorReasons[int(reason)%len(errorReasons)], Detail: detail,
			Cause: errorReasons[int(reason/16)%len(errorReasons)]}
		checkErrorMessage(t, e)
	})
}

func TestErrorText(t *testing.T) {
	long := strings.Repeat("a", 100) + " " + strings.Repeat("b", 100)
	tests := []struct {
		in, want string
	}{
		{"http://a/b c", `uri: invalid character " " in path at offset 10 of "http://a/b c"`},
		{"/a%4", `uri: "%" not followed by two hex digits in path at offset 4 (end of input) of "/a%4"`},
		{"http://a:b", `uri: not a decimal number in port at offset 9 of "http://a:b"`},
		{"3ttp:x", `uri: ":" in the first segment of a relative-path reference at offset 4 of "3ttp:x"`},
		{"/\xff", `uri: invalid character "\xff" in path at offset 1 of "/\xff"`},
		{"//[::1]\n", `uri: invalid character "\n" in host at offset 7 of "//[::1]\n"`},
		{long, `uri: invalid character " " in path at offset 100 of "...` + strings.Repeat("a", 40) + " " + strings.Repeat("b", 39) + `..."`},
		{"/" + long, `uri: invalid character " " in path at offset 101 of "...` + strings.Repeat("a", 40) + " " + strings.Repeat("b", 39) + `..."`},
		{" " + strings.Repeat("c", 200), `uri: invalid character " " in path at offset 0 of " ` + strings.Repeat("c", 79) + `..."`},
	}
	for _, tt := range tests {
		_, err := Parse(tt.in)
		if err == nil || err.Error() != tt.want {
			t.Errorf("Parse(%q) error:\n got %v\nwant %s", tt.in, err, tt.want)
		}
	}
	_, err := ParseURI("//h")
	if want := `uri: missing scheme at offset 0 of "//h"`; err == nil || err.Error() != want {
		t.Errorf("ParseURI error %v, want %s", err, want)
	}
	_, err = Components{Host: "h", Path: "p"}.URI()
	if want := `uri: build: path must be empty or begin with "/" when an authority is present at offset 3 of "//hp"`; err == nil || err.Error() != want {
		t.Errorf("build error %v, want %s", err, want)
	}
	for c := NoComponent; c <= Fragment+1; c++ {
		if c != NoComponent && c.String() == "" {
			t.Errorf("Component(%d) has no name", c)
		}
	}
}

// TestErrorValidIRI checks that ValidIRI is true only for an invalid
// non-ASCII character in input that RFC 3987 accepts, and only for the
// operations that read the input as a URI reference.
func TestErrorValidIRI(t *testing.T) {
	tests := []struct {
		name string
		err  error
		want bool
	}{
		{"path", parseErr("http://h/é"), true},
		{"host", parseErr("http://é/"), true},
		{"ASCII", parseErr("http://h/ x"), false},
		{"private use in path", parseErr("http://h/\ue000"), false}, // RFC 3987 section 2.2: iprivate only in query
		{"invalid UTF-8", parseErr("http://h/\xff"), false},
		{"resolve", func() error { _, err := Resolve("http://a/", "/é"); return err }(), true},
		{"other op", &Error{Op: OpUnescape, Input: "é", Offset: 0, Err: ErrInvalidByte}, false},
		{"offset out of range", &Error{Op: OpParse, Input: "é", Offset: 5, Err: ErrInvalidByte}, false},
		{"no offset", &Error{Op: OpParse, Input: "é", Offset: NoOffset, Err: ErrInvalidByte}, false},
	}
	for _, tt := range tests {
		var e *Error
		if !errors.As(tt.err, &e) {
			t.Fatalf("%s: %v is not a *Error", tt.name, tt.err)
		}
		if got := e.ValidIRI(); got != tt.want {
			t.Errorf("%s: ValidIRI() of %q = %v, want %v", tt.name, e.Input, got, tt.want)
		}
		if got := strings.Contains(e.Error(), "(valid in an IRI)"); got != tt.want {
			t.Errorf("%s: message %q names the IRI: %v, want %v", tt.name, e.Error(), got, tt.want)
		}
	}
	if (*Error)(nil).ValidIRI() {
		t.Error("nil *Error: ValidIRI() = true")
	}
}

func parseErr(s string) error {
	_, err := Parse(s)
	return err
}
