package dataurl_test

import (
	"errors"
	"fmt"
	"io"
	"os"

	"github.com/gouri/uri"
	"github.com/gouri/uri/dataurl"
	"github.com/gouri/uri/mimetype"
)

func ExampleParse() {
	for _, in := range []string{
		"data:,Hello%2C%20World!",
		"data:text/html;charset=UTF-8;base64,PGI+aGk8L2I+",
		"data:image/png; BASE64 ,iVBORw0KGgo",     // the ";base64" test is forgiving
		"data:text/plain;charset=utf-8,%E2%9C%93", // percent-decoded to bytes
		"data:TEXT/PLAIN;,x#fragment",             // fragment not read
	} {
		d, err := dataurl.Parse(in)
		if err != nil {
			panic(err)
		}
		fmt.Printf("%s %q\n", d.MIMEType, d.Body)
	}
	// Output:
	// text/plain;charset=US-ASCII "Hello, World!"
	// text/html;charset=UTF-8 "<b>hi</b>"
	// image/png "\x89PNG\r\n\x1a\n"
	// text/plain;charset=utf-8 "✓"
	// text/plain "x"
}

// An AI gateway that takes images as data: URLs: the size limit is
// checked before the body is decoded, so a URL of a gigabyte costs no
// gigabyte to refuse, and the MIME type is checked before the body is
// used.
func ExampleOptions_Parse() {
	const maxImage = 20 << 20 // 20 MiB, decoded
	accept := func(imageURL string) error {
		d, err := dataurl.Options{MaxSize: maxImage}.Parse(imageURL)
		if err != nil {
			return err // *uri.Error: ErrNotData, ErrBase64, ErrTooLarge, ...
		}
		switch d.MIMEType.Essence() {
		case "image/png", "image/jpeg", "image/webp", "image/gif":
		default:
			return fmt.Errorf("unsupported image type %q", d.MIMEType.Essence())
		}
		fmt.Println("accepted", d.MIMEType.Essence(), len(d.Body), "bytes")
		return nil
	}
	fmt.Println(accept("data:image/png;base64,iVBORw0KGgo="))
	fmt.Println(accept("data:text/html,<script>"))
	fmt.Println(accept("https://example.com/cat.png"))
	_, err := dataurl.Options{MaxSize: 4}.Parse("data:image/png;base64,iVBORw0KGgo=")
	fmt.Println(errors.Is(err, dataurl.ErrTooLarge), err)
	// Output:
	// accepted image/png 8 bytes
	// <nil>
	// unsupported image type "text/html"
	// uri: scheme is not "data" (the scheme is "https") at offset 0 of "https://example.com/cat.png"
	// true uri: body larger than the limit (more than 4 bytes) at offset 28 of "data:image/png;base64,iVBORw0KGgo="
}

func ExampleParse_error() {
	_, err := dataurl.Parse("data:image/png;base64,iVBORw0K*Ggo=")
	fmt.Println(err)
	var e *uri.Error
	if errors.As(err, &e) {
		fmt.Println(e.Offset, errors.Is(err, dataurl.ErrBase64))
	}
	// Output:
	// uri: invalid base64 body ("*" is not a base64 character) at offset 30 of "data:image/png;base64,iVBORw0K*Ggo="
	// 30 true
}

// Open checks the whole body first, in one pass that allocates nothing,
// then decodes it as it is read: for bodies too large to hold twice.
func ExampleOptions_Open() {
	r, err := dataurl.Options{MaxSize: 1 << 30}.Open("data:text/plain;base64,SGVsbG8sIFdvcmxkIQ==")
	if err != nil {
		panic(err)
	}
	fmt.Println(r.MIMEType(), r.Size())
	if _, err := io.Copy(os.Stdout, r); err != nil {
		panic(err)
	}
	fmt.Println()
	// Output:
	// text/plain 13
	// Hello, World!
}

func ExampleEncode() {
	png := []byte("\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR")
	s, _ := dataurl.Encode(mimetype.MustParse("image/png"), png)
	fmt.Println(s)
	s, _ = dataurl.Encode(mimetype.MustParse("text/plain;charset=utf-8"), []byte("¡Hola, mundo!"))
	fmt.Println(s)
	_, err := dataurl.Encode(mimetype.MustParse(`text/plain;title="a,b"`), nil)
	fmt.Println(err)
	// Output:
	// data:image/png;base64,iVBORw0KGgoAAAANSUhEUg==
	// data:text/plain;charset=utf-8,%C2%A1Hola,%20mundo!
	// uri: build: MIME type that a data: URL cannot carry ("," would end the MIME type) at offset 19 of "text/plain;title=\"a,b\""
}
