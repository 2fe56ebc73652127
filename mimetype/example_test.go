package mimetype_test

import (
	"errors"
	"fmt"
	"net/http"

	"github.com/gouri/uri"
	"github.com/gouri/uri/mimetype"
)

func ExampleParse() {
	m, err := mimetype.Parse(`Text/HTML; Charset="utf-8"; charset=latin1; boundary="a b"`)
	if err != nil {
		panic(err)
	}
	fmt.Println(m)
	fmt.Println(m.Essence(), m.Type(), m.Subtype())
	charset, _ := m.Param("CHARSET")
	fmt.Println(charset)
	for name, value := range m.Params() {
		fmt.Printf("%s=%q\n", name, value)
	}
	// Output:
	// text/html;charset=utf-8;boundary="a b"
	// text/html text html
	// utf-8
	// charset="utf-8"
	// boundary="a b"
}

// A Content-Type header read as a browser reads it: parameters it cannot
// use are dropped, not fatal.
func ExampleParse_header() {
	h := http.Header{}
	h.Set("Content-Type", `application/json; charset=utf-8; profile="x"y; =z; q=`)
	m, err := mimetype.Parse(h.Get("Content-Type"))
	fmt.Println(m, err)
	fmt.Println(m.Essence() == "application/json")
	// Output:
	// application/json;charset=utf-8;profile=x <nil>
	// true
}

func ExampleParse_error() {
	_, err := mimetype.Parse("text /html")
	fmt.Println(err)
	var e *uri.Error
	if errors.As(err, &e) {
		fmt.Println(e.Offset, errors.Is(err, mimetype.ErrInvalid))
	}
	// Output:
	// uri: invalid MIME type (" " in the type is not an HTTP token code point) at offset 4 of "text /html"
	// 4 true
}

// ParseText reads code points; Parse reads bytes. They differ only in
// parameter values beyond ASCII: U+0100 is no HTTP quoted-string token
// code point, though its UTF-8 bytes are two.
func ExampleParseText() {
	for _, parse := range []func(string) (mimetype.MIMEType, error){mimetype.Parse, mimetype.ParseText} {
		m, _ := parse("text/plain;a=é;b=Ā")
		fmt.Println(m)
	}
	// Output:
	// text/plain;a="é";b="Ā"
	// text/plain;a="é"
}
