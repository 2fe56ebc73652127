package dataurl_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/gouri/uri"
	"github.com/gouri/uri/dataurl"
	"github.com/gouri/uri/mimetype"
	"github.com/gouri/uri/whatwg"
)

// TestParse pins the steps of the data: URL processor (Fetch, section 6)
// beyond the WPT cases; each row names the step it follows.
func TestParse(t *testing.T) {
	tests := []struct {
		why, in, mime, body string
	}{
		{"step 14: no MIME type", "data:,x", "text/plain;charset=US-ASCII", "x"},
		{"step 2: the fragment is not read", "data:,a#b,c", "text/plain;charset=US-ASCII", "a"},
		{"step 2: the query is part of the body", "data:,a?b#c", "text/plain;charset=US-ASCII", "a?b"},
		{"step 5: up to the first comma", "data:text/csv,a,b", "text/csv", "a,b"},
		{"step 10: percent-decoding, a lone % kept", "data:,%41%zz%4", "text/plain;charset=US-ASCII", "A%zz%4"},
		{"step 10: the URL parser percent-encodes non-ASCII, which decodes back", "data:,é", "text/plain;charset=US-ASCII", "é"},
		{"step 10: ill-formed UTF-8 is U+FFFD to the URL parser", "data:,\xff", "text/plain;charset=US-ASCII", "\uFFFD"},
		{"step 10: tabs and newlines are removed by the URL parser", "data:,a\tb\nc", "text/plain;charset=US-ASCII", "abc"},
		{"step 11: base64", "data:image/png;base64,iVBORw0KGgo=", "image/png", "\x89PNG\r\n\x1a\n"},
		{"step 11: base64 without padding", "data:;base64,YQ", "text/plain;charset=US-ASCII", "a"},
		{"step 11: whitespace and percent-encoding in base64", "data:;base64,Y%51%3D%3D%20", "text/plain;charset=US-ASCII", "a"},
		{"step 11: base64 after spaces, in any case", "data:text/plain;  BaSe64,YQ==", "text/plain", "a"},
		{"step 11: base64 wrapped at 76 columns", "data:;base64," + strings.Repeat("QUFB", 19) + "\n" + strings.Repeat("QUFB", 2), "text/plain;charset=US-ASCII", strings.Repeat("AAA", 21)},
		{"step 11: nonzero trailing bits are dropped", "data:;base64,YR", "text/plain;charset=US-ASCII", "a"},
		{"step 11: not base64 when something follows; a name without = is dropped", "data:;base64;x=y,YQ", "text/plain;x=y", "YQ"},
		{"step 11: base64 with the tabs and newlines that the URL parser removes", "data:;ba\tse\n64 \t ,YQ", "text/plain;charset=US-ASCII", "a"},
		{"step 11: the URL parser percent-encodes a space in the query: not base64", "data:a?; base64,YQ", "text/plain;charset=US-ASCII", "YQ"},
		{"step 11: ... and a form feed anywhere", "data:;base64\f,YQ", "text/plain", "YQ"},
		{"step 12: a MIME type starting with ;", "data:;charset=utf-8,x", "text/plain;charset=utf-8", "x"},
		{"step 13: the MIME type parsed", "data:TEXT/HTML ; Charset=\"UTF-8\",x", "text/html;charset=UTF-8", "x"},
		{"step 14: a MIME type that does not parse", "data:text,x", "text/plain;charset=US-ASCII", "x"},
		{"URL parser: the scheme in any case, leading spaces", "  DATA:,x", "text/plain;charset=US-ASCII", "x"},
		{"URL parser: a host, read as part of the MIME type", "data://h/,x", "text/plain;charset=US-ASCII", "x"},
		{"URL parser: a path, dot segments removed", "data:/a/../text/plain,x", "text/plain;charset=US-ASCII", "x"},
	}
	for _, tt := range tests {
		d, err := dataurl.Parse(tt.in)
		if err != nil || d.MIMEType.String() != tt.mime || string(d.Body) != tt.body {
			t.Errorf("%s: Parse(%q) = %q, %q, %v; want %q, %q", tt.why, tt.in, d.MIMEType, d.Body, err, tt.mime, tt.body)
		}
	}
}

// TestParseErrors pins the errors of Parse and Options.Parse: a
// *uri.Error with the input, the sentinel and the offset of the first
// byte that cannot continue a data: URL that the processor accepts
// within the limit, counted in the input as given.
func TestParseErrors(t *testing.T) {
	tests := []struct {
		why    string
		in     string
		max    int64
		err    error
		offset int
		detail string
		cause  whatwg.Kind // the URL Standard's reason, in Cause, or 0
	}{
		{"the URL parser fails", "data://h:x/,a", 0, dataurl.ErrNotURL, 9, "", whatwg.ErrPortInvalid},
		{"no scheme", "text/plain,a", 0, dataurl.ErrNotURL, 0, "", whatwg.ErrMissingSchemeNonRelativeURL},
		{"step 1: another scheme", "http://a/", 0, dataurl.ErrNotData, 0, `the scheme is "http"`, 0},
		{"step 1: a scheme that begins as data", "datum:,x", 0, dataurl.ErrNotData, 3, `the scheme is "datum"`, 0},
		{"step 1: after leading spaces and a tab", " da\tx:,", 0, dataurl.ErrNotData, 4, `the scheme is "dax"`, 0},
		{"step 7: no comma", "data:text/plain", 0, dataurl.ErrNoComma, 15, "", 0},
		{"step 7: a comma in the fragment only", "data:text/plain#,x", 0, dataurl.ErrNoComma, 15, "", 0},
		{"step 11: a byte outside the alphabet", "data:;base64,AB-D", 0, dataurl.ErrBase64, 15, `"-" is not a base64 character`, 0},
		{"step 11: a percent-encoded byte outside the alphabet: %2B would be +", "data:;base64,AB%2D", 0, dataurl.ErrBase64, 17, `"-" is not a base64 character`, 0},
		{"step 11: a byte above 0x7F: no %Fx is base64", "data:;base64,AB%FFCD", 0, dataurl.ErrBase64, 16, `"\xFF" is not a base64 character`, 0},
		{"step 11: a control: the URL parser strips it at the end", "data:;base64,AB\x01CD", 0, dataurl.ErrBase64, 16, `"\x01" is not a base64 character`, 0},
		{"step 11: a control after an incomplete body", "data:;base64,ABCDE\x01", 0, dataurl.ErrBase64, 18, "5 base64 characters, one more than a multiple of four", 0},
		{"step 11: non-ASCII, counted in the input", "data:;base64,\tAé", 0, dataurl.ErrBase64, 15, `"\xC3" is not a base64 character`, 0},
		{"step 11: 4n+1 characters: the input ends too early", "data:;base64,ABCDE", 0, dataurl.ErrBase64, 18, "5 base64 characters, one more than a multiple of four", 0},
		{"step 11: ends too early, before trailing spaces that could go on", "data:;base64,ABCDE  ", 0, dataurl.ErrBase64, 20, "5 base64 characters, one more than a multiple of four", 0},
		{"step 11: ends too early, before a control the URL parser strips", "data:;base64,ABCDE \x01", 0, dataurl.ErrBase64, 19, "5 base64 characters, one more than a multiple of four", 0},
		{"step 11: ends too early, before the fragment", "data:;base64,ABCDE#x", 0, dataurl.ErrBase64, 18, "5 base64 characters, one more than a multiple of four", 0},
		{"step 11: one = where two must be", "data:;base64,AB=", 0, dataurl.ErrBase64, 16, `one "=" where two must be`, 0},
		{"step 11: = after 4n characters", "data:;base64,ABCD=", 0, dataurl.ErrBase64, 17, `"=" where no padding can be`, 0},
		{"step 11: a third =", "data:;base64,AB===", 0, dataurl.ErrBase64, 17, `"=" where no padding can be`, 0},
		{"step 11: a character after the padding", "data:;base64,ABC=D", 0, dataurl.ErrBase64, 17, `"D" after the padding`, 0},
		{"limit: percent-encoded, the byte after the limit", "data:,abcdef", 3, dataurl.ErrTooLarge, 9, "more than 3 bytes", 0},
		{"limit: percent-encoded bytes count once", "data:,%41%42%43%44", 3, dataurl.ErrTooLarge, 15, "more than 3 bytes", 0},
		{"limit: base64, the character that needs a fourth byte", "data:;base64,YWJjZGVm", 3, dataurl.ErrTooLarge, 17, "more than 3 bytes", 0},
		{"limit: before an invalid byte later on", "data:;base64,YWJjZGVm!", 3, dataurl.ErrTooLarge, 17, "more than 3 bytes", 0},
		{"limit: after tabs that the URL parser removes", "data:,\ta\tb\tc\td", 3, dataurl.ErrTooLarge, 13, "more than 3 bytes", 0},
		{"limit: an ill-formed sequence is three bytes, U+FFFD", "data:,\xf0\x9f\x92a", 3, dataurl.ErrTooLarge, 9, "more than 3 bytes", 0},
		{"limit: a four-byte sequence counts four at its last byte", "data:,\xf0\x9f\x92\xa9", 3, dataurl.ErrTooLarge, 9, "more than 3 bytes", 0},
		{"limit: a two-byte lead cut short is U+FFFD", "data:,a\xc3b", 3, dataurl.ErrTooLarge, 8, "more than 3 bytes", 0},
		{"limit: a percent-encoding begun could be one byte: the input ends too early", "data:,ab%4", 3, dataurl.ErrTooLarge, 10, "more than 3 bytes", 0},
		{"limit: ... until a byte that is not a hex digit", "data:,ab%4g", 3, dataurl.ErrTooLarge, 10, "more than 3 bytes", 0},
		{"limit: a percent-encoding split by a tab", "data:,ab%4\t1c", 3, dataurl.ErrTooLarge, 12, "more than 3 bytes", 0},
	}
	for _, tt := range tests {
		d, err := dataurl.Options{MaxSize: tt.max}.Parse(tt.in)
		var e *uri.Error
		if !errors.As(err, &e) || !d.MIMEType.IsZero() || d.Body != nil {
			t.Errorf("%s: Parse(%q) = %q, %q, %v; want the zero Data and a *uri.Error", tt.why, tt.in, d.MIMEType, d.Body, err)
			continue
		}
		want := uri.Error{Op: uri.OpParse, Input: tt.in, Offset: tt.offset, Err: tt.err, Detail: tt.detail}
		got := *e
		if tt.cause != 0 {
			// The parser's own error, about the same input, is the Cause.
			var c *uri.Error
			if !errors.As(got.Cause, &c) || c.Err != tt.cause || c.Input != tt.in || c.Offset != tt.offset {
				t.Errorf("%s: Parse(%q): Cause %v, want the URL Standard's %v at %d", tt.why, tt.in, got.Cause, tt.cause, tt.offset)
			}
			got.Cause = nil
		}
		if diff := cmp.Diff(want, got, cmp.Comparer(func(a, b error) bool { return a == b })); diff != "" {
			t.Errorf("%s: Options{MaxSize: %d}.Parse(%q) error (-want +got):\n%s", tt.why, tt.max, tt.in, diff)
		}
		if !errors.Is(err, tt.err) {
			t.Errorf("%s: errors.Is(%v, %v) is false", tt.why, err, tt.err)
		}
	}
}

// TestLimit: a body of exactly MaxSize bytes is accepted and one byte
// more is not, for each encoding; MaxSize 0 is no limit.
func TestLimit(t *testing.T) {
	tests := []struct {
		in   string
		size int64
	}{
		{"data:,abc", 3},
		{"data:,%41%42%43", 3},
		{"data:;base64,YWJj", 3},
		{"data:;base64,YWI=", 2},
		{"data:;base64,YWI", 2},
		{"data:;base64,YQ==", 1},
		{"data:;base64,Y W\tI =", 2},
		{"data:,", 0},
	}
	for _, tt := range tests {
		if d, err := (dataurl.Options{MaxSize: tt.size}).Parse(tt.in); err != nil || int64(len(d.Body)) != tt.size {
			t.Errorf("Options{MaxSize: %d}.Parse(%q) = %q, %v; want %d bytes", tt.size, tt.in, d.Body, err, tt.size)
		}
		if r, err := (dataurl.Options{MaxSize: tt.size}).Open(tt.in); err != nil || r.Size() != tt.size {
			t.Errorf("Options{MaxSize: %d}.Open(%q) = %v; want Size %d", tt.size, tt.in, err, tt.size)
		}
		if tt.size <= 1 {
			continue // MaxSize 0 is no limit
		}
		if _, err := (dataurl.Options{MaxSize: tt.size - 1}).Parse(tt.in); !errors.Is(err, dataurl.ErrTooLarge) {
			t.Errorf("Options{MaxSize: %d}.Parse(%q) = %v; want ErrTooLarge", tt.size-1, tt.in, err)
		}
		if _, err := (dataurl.Options{MaxSize: tt.size - 1}).Open(tt.in); !errors.Is(err, dataurl.ErrTooLarge) {
			t.Errorf("Options{MaxSize: %d}.Open(%q) = %v; want ErrTooLarge", tt.size-1, tt.in, err)
		}
	}
}

// TestParseURL: a URL parsed before gives what its href gives, and its
// errors quote the href.
func TestParseURL(t *testing.T) {
	u := whatwg.MustParse("DATA:Text/Plain;base64,\tYQ==#f")
	d, err := dataurl.ParseURL(u)
	if err != nil || d.MIMEType.String() != "text/plain" || string(d.Body) != "a" {
		t.Errorf("ParseURL(%q) = %q, %q, %v", u, d.MIMEType, d.Body, err)
	}
	u = whatwg.MustParse("data:;base64,\tYQ=#f")
	_, err = dataurl.Options{MaxSize: 10}.ParseURL(u)
	var e *uri.Error
	if !errors.As(err, &e) || e.Input != "data:;base64,YQ=#f" || e.Offset != 16 || e.Err != dataurl.ErrBase64 {
		t.Errorf("ParseURL(%q) = %#v; want ErrBase64 at 16 of the href", u, err)
	}
	if _, err := dataurl.ParseURL(whatwg.MustParse("https://example.com/")); !errors.Is(err, dataurl.ErrNotData) {
		t.Errorf("ParseURL(https:) = %v; want ErrNotData", err)
	}
}

// TestEncode pins what Encode writes: the shorter of the two encodings,
// the MIME type as serialized, none for the default, and the errors of a
// MIME type that a data: URL cannot carry.
func TestEncode(t *testing.T) {
	tests := []struct {
		why  string
		mime string // "" for the zero MIMEType
		body string
		enc  func(mimetype.MIMEType, []byte) (string, error)
		want string
	}{
		{"text: percent-encoded is shorter", "text/plain;charset=utf-8", "Hello, World!", dataurl.Encode, "data:text/plain;charset=utf-8,Hello,%20World!"},
		{"binary: base64 is shorter", "image/png", "\x89PNG\r\n\x1a\n\x00\x00", dataurl.Encode, "data:image/png;base64,iVBORw0KGgoAAA=="},
		{"shorter percent-encoded, though binary", "image/png", "\x89PNG\r\n\x1a\n", dataurl.Encode, "data:image/png,%89PNG%0D%0A%1A%0A"},
		{"as long either way: percent-encoded", "a/b", "\x00\x00\x00", dataurl.Encode, "data:a/b,%00%00%00"},
		{"asked for base64", "text/plain", "hi", dataurl.EncodeBase64, "data:text/plain;base64,aGk="},
		{"asked for percent-encoding", "image/png", "\x89P", dataurl.EncodePercent, "data:image/png,%89P"},
		{"the zero MIMEType writes none", "", "x", dataurl.Encode, "data:,x"},
		{"the default is written as none", "text/plain;charset=US-ASCII", "x", dataurl.Encode, "data:,x"},
		{"bytes the URL parser would rewrite are encoded", "a/b", "%#\"<> ?", dataurl.EncodePercent, "data:a/b,%25%23%22%3C%3E%20?"},
		{"quoted values as serialized", "a/b", "", dataurl.Encode, "data:a/b,"},
		{"a quoted value with a space", `a/b;x="1 2"`, "", dataurl.Encode, `data:a/b;x="1 2",`},
		{"an empty body in base64", "a/b", "", dataurl.EncodeBase64, "data:a/b;base64,"},
	}
	for _, tt := range tests {
		var mt mimetype.MIMEType
		if tt.mime != "" {
			mt = mimetype.MustParse(tt.mime)
		}
		got, err := tt.enc(mt, []byte(tt.body))
		if err != nil || got != tt.want {
			t.Errorf("%s: encoding %q, %q = %q, %v; want %q", tt.why, mt, tt.body, got, err, tt.want)
			continue
		}
		if u, err := whatwg.Parse(got); err != nil || u.Href() != got {
			t.Errorf("%s: %q is not in serialized form: %q, %v", tt.why, got, u.Href(), err)
		}
		d, err := dataurl.Parse(got)
		wantMIME := tt.mime
		if wantMIME == "" {
			wantMIME = "text/plain;charset=US-ASCII"
		}
		if err != nil || d.MIMEType.String() != wantMIME || string(d.Body) != tt.body {
			t.Errorf("%s: Parse(%q) = %q, %q, %v; want %q, %q back", tt.why, got, d.MIMEType, d.Body, err, wantMIME, tt.body)
		}
	}
}

// TestEncodeErrors: a MIME type whose serialization a data: URL cannot
// carry is an ErrCannotEncode error of OpBuild, at its byte at fault.
func TestEncodeErrors(t *testing.T) {
	tests := []struct {
		why    string
		mime   string
		offset int
	}{
		{"a comma would end the MIME type", `a/b;x=","`, 7},
		{"a # would begin the fragment", "a#/b", 1},
		{"a tab, which the URL parser removes", "a/b;x=\"1\t2\"", 8},
		{"non-ASCII, which the URL parser percent-encodes", "a/b;x=\"\xc3\xa9\"", 7},
		{"a space before ?, which the URL parser encodes", `a/b;x=" ?"`, 7},
		{"a quote after ?, which the query encodes", `a/b;x="?\""`, 9},
	}
	for _, tt := range tests {
		mt := mimetype.MustParse(tt.mime)
		got, err := dataurl.Encode(mt, []byte("x"))
		var e *uri.Error
		if !errors.As(err, &e) || got != "" || e.Op != uri.OpBuild || e.Err != dataurl.ErrCannotEncode || e.Input != mt.String() || e.Offset != tt.offset {
			t.Errorf("%s: Encode(%q) = %q, %#v; want ErrCannotEncode at %d", tt.why, mt, got, err, tt.offset)
		}
	}
}
