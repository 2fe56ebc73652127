package dataurl_test

import (
	"errors"
	"math"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/gouri/uri/dataurl"
	"github.com/gouri/uri/internal/oracle"
)

// rawPieces are the pieces of the random data: URLs of TestRawReading:
// what the URL parser rewrites in an opaque path and a query (tabs and
// newlines, which it removes, also inside a percent-encoding or a UTF-8
// sequence; C0 controls and spaces, which it strips at the end; non-ASCII
// and ill-formed UTF-8; spaces before "?" and "#"), and what the
// processor reads (percent-encodings, base64 and its padding, the
// ";base64" test, the fragment).
var rawPieces = []string{
	",", ",", "#", "?", ";base64", "; BASE64", ";base64 ", "base64", ";", " ", "/",
	"%", "%2", "%3D", "%3d", "%20", "%41", "%4", "%zz", "%0A", "%C3", "%A9", "4", "1",
	"=", "==", "QUFB", "QQ", "Q", "YW", "+/", "a", "text/plain",
	"\t", "\n", "\r", "\r\n", "\f", "\x00", "\x01", "\x7f", "\x1f",
	"é", "\xc3", "\xa9", "\xff", "\xf0\x9f", "\x92\xa9", "\xef\xbf\xbd", "\xed\xa0\x80", "€",
}

// randomDataURL returns "data:", a few pieces, a comma most of the time
// and more pieces, with leading and trailing C0 controls and spaces now
// and then.
func randomDataURL(r *rand.Rand) string {
	var b strings.Builder
	if r.IntN(8) == 0 {
		b.WriteString(" \x01")
	}
	b.WriteString(oracle.Pick(r, "data:", "DATA:", "da\tta:", "data:\n"))
	for range r.IntN(4) {
		b.WriteString(rawPieces[r.IntN(len(rawPieces))])
	}
	if r.IntN(4) == 0 {
		b.WriteString(oracle.Pick(r, ";base64", "; base64 ", ";Base\t64"))
	}
	if r.IntN(8) != 0 {
		b.WriteString(",")
	}
	for range r.IntN(12) {
		b.WriteString(rawPieces[r.IntN(len(rawPieces))])
	}
	if r.IntN(8) == 0 {
		b.WriteString(oracle.Pick(r, " ", "\x00", "\t", " \x1f\n"))
	}
	return b.String()
}

// TestRawReading checks, on random data: URLs made of what the URL parser
// rewrites, that reading the body in the input as given (the package
// does not run the URL parser on a body) agrees with the reference, which
// reads it in the href: Parse, the Reader, the limits, and the offsets of
// the errors, as FuzzParse checks them: on 5,000 URLs, each read under
// every limit shorter than its body, and FuzzParse goes on from there.
func TestRawReading(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 7))
	n := 5000
	if testing.Short() {
		n = 1000
	}
	for range n {
		in := randomDataURL(r)
		d, err := dataurl.Parse(in)
		mime, body, ok := refProcess(in)
		if (err == nil) != ok || ok && (d.MIMEType.String() != mime || string(d.Body) != string(body)) {
			t.Fatalf("Parse(%q) = %q, %q, %v; the reference gives %q, %q, %v", in, d.MIMEType, d.Body, err, mime, body, ok)
		}
		if err != nil {
			checkError(t, in, err, dataurl.Options{})
			if _, oerr := (dataurl.Options{}).Open(in); oerr == nil || oerr.Error() != err.Error() {
				t.Fatalf("Open(%q) = %v; Parse gives %v", in, oerr, err)
			}
			continue
		}
		checkReader(t, in, d)
		checkLimit(t, in, d)
		if big, err := (dataurl.Options{MaxSize: math.MaxInt64}).Parse(in); err != nil || string(big.Body) != string(d.Body) {
			t.Fatalf("Options{MaxSize: MaxInt64}.Parse(%q) = %q, %v; Parse gives %q", in, big.Body, err, d.Body)
		}
		for limit := int64(1); limit < int64(len(d.Body)); limit++ {
			o := dataurl.Options{MaxSize: limit}
			_, err := o.Parse(in)
			if !errors.Is(err, dataurl.ErrTooLarge) {
				t.Fatalf("Options{MaxSize: %d}.Parse(%q) = %v; want ErrTooLarge", limit, in, err)
			}
			checkError(t, in, err, o)
		}
	}
}
