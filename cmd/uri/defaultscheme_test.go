package main

import "testing"

// TestSchemePrefix: which inputs --default-scheme gives a scheme, and how.
// Each row names the shape it pins.
func TestSchemePrefix(t *testing.T) {
	tests := []struct {
		why, in, want string
	}{
		{"a host and a path, as trurl reads it", "example.com/x", "https://"},
		{"a host alone", "example.com", "https://"},
		{"a network-path reference (RFC 3986, Section 4.2)", "//cdn.example/x", "https:"},
		{"a host and a port: digits after the colon are a port, as trurl reads them", "localhost:8080/x", "https://"},
		{"a host and a port, nothing after", "example.com:443", "https://"},
		{"a host and a port, then a query", "example.com:443?q", "https://"},
		{"an IP literal", "[::1]:80/x", "https://"},
		{"an IPv4 address", "127.0.0.1/x", "https://"},
		{"userinfo with a password cannot be told from a scheme: it is one", "user:pw@host/x", ""},
		{"a scheme (RFC 3986, Section 3.1)", "mailto:a@b", ""},
		{"a scheme with a colon after", "urn:isbn:0451450523", ""},
		{"a scheme in upper case", "HTTP://A/", ""},
		{"file: URLs keep theirs", "file:///etc/hosts", ""},
		{"a scheme, then digits and more", "tel:+1-201-555-0123", ""},
		{"a scheme with +, - and .", "svn+ssh.x-y:z", ""},
		{"a scheme and an empty port is a scheme", "a:", ""},
		{"a scheme, digits and a letter", "x:80a", ""},
		{"a path names no host", "/just/a/path", ""},
		{"a query names no host", "?q=1", ""},
		{"a fragment names no host", "#top", ""},
		{"the empty line", "", ""},
		{"a first character that begins no scheme", "1a:b", "https://"},
		{"a space before the colon ends the scheme", "a b:c", "https://"},
	}
	for _, tt := range tests {
		if got := schemePrefix(tt.in, "https"); got != tt.want {
			t.Errorf("%s: schemePrefix(%q) = %q, want %q", tt.why, tt.in, got, tt.want)
		}
	}
}

// TestDefaultScheme: --default-scheme on each command that takes it, in
// text and JSON: "input" is the line as given, and an error's offset and
// message are about it.
func TestDefaultScheme(t *testing.T) {
	tests := []cmdCase{
		{"parse: the shapes without a scheme get one, the others are as they are",
			[]string{"parse", "--default-scheme", "https", "--get", "{scheme}|{host}|{port}|{path}"},
			"example.com/x\n//cdn.example/x\nlocalhost:8080/x\nmailto:a@b\n/p\n", 0,
			"https|example.com||/x\nhttps|cdn.example||/x\nhttps|localhost|8080|/x\nmailto|||a@b\n|||/p\n", ""},
		{"parse, text: the reference read is the one quoted", []string{"parse", "--default-scheme", "http", "example.com"}, "", 0,
			`"http://example.com" scheme="http" host="example.com" (reg-name) path=""` + "\n", ""},
		{"parse, the URL Standard: leading spaces, which its parser strips, are looked past",
			[]string{"parse", "--grammar", "whatwg", "--default-scheme", "https"}, "  Example.COM:443/a/../b\n\t//cdn.example\n", 0,
			"https://example.com/b\nhttps://cdn.example/\n", ""},
		{"edit", []string{"edit", "--default-scheme", "https", "--set", "fragment=x", "example.com/p"}, "", 0,
			"https://example.com/p#x\n", ""},
		{"normalize", []string{"normalize", "--default-scheme", "http", "Example.COM:80/a/./b"}, "", 0,
			"http://example.com/a/b\n", ""},
		{"canon", []string{"canon", "--default-scheme", "https", "WWW.Example.com/x#y", "//cdn.example/a/../b"}, "", 0,
			"https://www.example.com/x#y\nhttps://cdn.example/b\n", ""},
		{"an error is about the input as given, at its byte", []string{"parse", "--default-scheme", "https", "exa mple.com/x"}, "", 1,
			"", `uri: operand 1: invalid character " " in authority at offset 3 of "exa mple.com/x"`},
		{"the same in the URL Standard's reading, past leading spaces", []string{"canon", "--default-scheme", "https", "  exa mple.com/x"}, "", 1,
			"", `at offset 5 of "  exa mple.com/x"`},
		{"an input that names no host is read as it is", []string{"canon", "--default-scheme", "https", "/p"}, "", 1,
			"", `missing-scheme-non-relative-URL (the input has no scheme, and no base URL that it could be relative to) at offset 0 of "/p"`},
		{"empty standard input: nothing", []string{"parse", "--default-scheme", "https"}, "", 0, "", ""},
		{"SCHEME must be one", []string{"parse", "--default-scheme", "ht tp", "x"}, "", 2,
			"", `uri parse: --default-scheme: "ht tp" is no scheme`},
		{"SCHEME ends before its colon", []string{"canon", "--default-scheme", "https:", "x"}, "", 2,
			"", `uri canon: --default-scheme: "https:" is no scheme`},
	}
	for _, tt := range tests {
		tt.check(t)
	}
}

// TestDefaultSchemeJSON: with --json, "input" is the line as given, the
// object that of the line with its scheme, and an error's offset is in the
// line, as its message says.
func TestDefaultSchemeJSON(t *testing.T) {
	tests := []struct {
		args []string
		in   string
		want string
	}{
		{[]string{"parse", "--default-scheme", "https"}, "example.com/x?a=1",
			`{"input":"example.com/x?a=1","ok":true,"scheme":"https","userinfo":null,"host":"example.com","port":null,"path":"/x","query":"a=1","fragment":null,"params":[{"key":"a","value":"1"}]}`},
		{[]string{"parse", "--default-scheme", "https"}, "exa mple.com",
			`{"input":"exa mple.com","ok":false,"error":"uri: invalid character \" \" in authority at offset 3 of \"exa mple.com\"","offset":3}`},
		{[]string{"parse", "--grammar", "whatwg", "--default-scheme", "https"}, "\t//exa mple.com",
			`{"input":"\t//exa mple.com","ok":false,"error":"uri: domain-to-ASCII (a space (U+0020) is not allowed in a host (a forbidden host code point)) at offset 6 of \"\\t//exa mple.com\"","offset":6}`},
		{[]string{"canon", "--default-scheme", "https", "--base", "https://a/"}, "b.example/x",
			`{"input":"b.example/x","base":"https://a/","ok":true,"result":"https://b.example/x"}`},
		{[]string{"parse", "--default-scheme", "https"}, "mailto:a@b",
			`{"input":"mailto:a@b","ok":true,"scheme":"mailto","userinfo":null,"host":null,"port":null,"path":"a@b","query":null,"fragment":null,"params":null}`},
	}
	for _, tt := range tests {
		checkJSON(t, tt.in+"\n", tt.args, tt.want)
	}
}
