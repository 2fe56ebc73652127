package extract_test

import (
	"fmt"
	"strings"

	"github.com/gouri/uri/extract"
)

func Example() {
	e, err := extract.New(extract.Options{})
	if err != nil {
		panic(err)
	}
	text := "Docs: https://go.dev/doc/effective_go. 也见【https://例子.example/路径】，谢谢！"
	for m := range e.All(text) {
		fmt.Println(m.Start, m.End, m.Start16, m.End16, m.Text)
		fmt.Println("  ", m.URL.Href())
	}
	// Output:
	// 6 37 6 37 https://go.dev/doc/effective_go
	//    https://go.dev/doc/effective_go
	// 48 77 42 63 https://例子.example/路径
	//    https://xn--fsqu00a.example/%E8%B7%AF%E5%BE%84
}

func Example_relaxed() {
	e, err := extract.New(extract.Options{Mode: extract.Relaxed})
	if err != nil {
		panic(err)
	}
	text := "Mail bob@example.com, see example.co.uk/x or 192.0.2.1:8080, not node.js."
	for m := range e.All(text) {
		fmt.Printf("%-6s %-20s %s\n", m.Kind, m.Text, m.URL.Href())
	}
	// Output:
	// email  bob@example.com      mailto:bob@example.com
	// domain example.co.uk/x      http://example.co.uk/x
	// ipv4   192.0.2.1:8080       http://192.0.2.1:8080/
}

func Example_gfm() {
	e, err := extract.New(extract.Options{Mode: extract.GFM})
	if err != nil {
		panic(err)
	}
	text := "Visit www.commonmark.org/help, (www.google.com/search?q=Markup+(business)))"
	for m := range e.All(text) {
		fmt.Println(m.Text, m.URL.Href())
	}
	// Output:
	// www.commonmark.org/help http://www.commonmark.org/help
	// www.google.com/search?q=Markup+(business) http://www.google.com/search?q=Markup+(business)
}

func ExampleMatch_Host() {
	e, err := extract.New(extract.Options{})
	if err != nil {
		panic(err)
	}
	for m := range e.All("https://Bücher.example/ ist hier") {
		fmt.Println(m.Host(), m.URL.Hostname())
	}
	// Output:
	// Bücher.example xn--bcher-kva.example
}

func ExampleExtractor_NewScanner() {
	e, err := extract.New(extract.Options{})
	if err != nil {
		panic(err)
	}
	log := strings.NewReader(`10:00:01 GET https://api.example.com/v1/users?id=7 200
10:00:02 redirect to "https://login.example.com/?next=%2Fhome"
`)
	sc := e.NewScanner(log)
	for sc.Scan() {
		m := sc.Match()
		fmt.Println(m.Start, m.Text)
	}
	if err := sc.Err(); err != nil {
		panic(err)
	}
	// Output:
	// 13 https://api.example.com/v1/users?id=7
	// 77 https://login.example.com/?next=%2Fhome
}

// Example_chatMessage links the URLs of a chat message for a client that
// counts in UTF-16, as JavaScript does.
func Example_chatMessage() {
	e, err := extract.New(extract.Options{Mode: extract.Relaxed})
	if err != nil {
		panic(err) // a scheme of Options.Schemes that is no scheme
	}
	msg := "Merged (see https://github.com/gouri/uri/pull/7), docs at example.co.uk/docs。Ping ops@example.com!"
	for m := range e.All(msg) {
		fmt.Println(m.Start16, m.End16, m.Kind, m.URL.Href()) // offsets in UTF-16 code units
	}
	// Output:
	// 12 47 scheme https://github.com/gouri/uri/pull/7
	// 58 76 domain http://example.co.uk/docs
	// 82 97 email mailto:ops@example.com
}

// URLs in JSON, as a language model or an API writes them: the quotation
// marks end each URL, and the escapes of JSON strings are read in Match.URL.
func Example_json() {
	e, err := extract.New(extract.Options{})
	if err != nil {
		panic(err)
	}
	text := `{"links":["https://a.example/1","https://b.example/it's"],"api":"https:\/\/api.example.com\/v1?a=1\u0026b=2"}`
	for m := range e.All(text) {
		fmt.Printf("%-44s %s\n", m.Text, m.URL.Href())
	}
	// Output:
	// https://a.example/1                          https://a.example/1
	// https://b.example/it's                       https://b.example/it's
	// https:\/\/api.example.com\/v1?a=1\u0026b=2   https://api.example.com/v1?a=1&b=2
}
