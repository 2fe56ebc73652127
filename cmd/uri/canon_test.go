package main

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestCanonCommand: each profile and option of uri canon, in text and
// JSON, with operands and standard input.
func TestCanonCommand(t *testing.T) {
	tests := []struct {
		name, stdin string
		args        []string
		code        int
		out, errOut string
	}{
		{"the URL Standard's href by default", "", []string{"canon", "HTTP://A.example:80/a/./b"}, 0, "http://a.example/a/b\n", ""},
		{"safebrowsing", "", []string{"canon", "--profile", "safebrowsing", "http://%31%32%37.1/%2541#f"}, 0, "http://127.0.0.1/A\n", ""},
		{"surt with the archive's defaults", "", []string{"canon", "--surt", "http://www.archive.org/goo/?b&a"}, 0, "org,archive)/goo?a&b\n", ""},
		{"surt of a profile", "", []string{"canon", "--surt", "--profile", "whatwg", "http://www.Example.com/A?b&a#f"}, 0, "com,example)/a?a&b#f\n", ""},
		{"semantic", "", []string{"canon", "--profile", "semantic", "http://u:p@www.Example.com//a%2Fb%41?c=d&a=b#f"}, 0, "http://www.example.com/a%2FbA?a=b&c=d#f\n", ""},
		{"aggressive", "", []string{"canon", "--profile", "aggressive", "https://www2.Example.com/A/?PHPSESSID=0123456789abcdef0123456789abcdef&b=1#f"}, 0, "http://example.com/a?b=1\n", ""},
		{"flags after operands", "", []string{"canon", "http://a/?b&a", "--sort-query"}, 0, "http://a/?a&b\n", ""},
		{"drop and drop-tracking", "", []string{"canon", "--drop", "ref", "--drop-tracking", "http://a/?ref=1&utm_medium=x&fbclid=2&id=3"}, 0, "http://a/?id=3\n", ""},
		{"drop lists ignore ASCII case", "", []string{"canon", "--drop", "ref", "--drop-tracking", "http://a/?REF=1&UTM_SOURCE=x&Fbclid=2&id=3"}, 0, "http://a/?id=3\n", ""},
		{"the crawler's frontier step", "../x?utm_source=s&b&a#top\n\t/y \n",
			[]string{"canon", "--base", "https://Page.example/d/p", "--drop-tracking", "--sort-query", "--drop-fragment"}, 0,
			"https://page.example/x?a&b\nhttps://page.example/y\n", ""},
		{"a line is read as the URL Standard reads a string", "ht\ttp://a/\n", []string{"canon"}, 0, "http://a/\n", ""},
		{"json with a base", "", []string{"canon", "--json", "--base", "http://a/b", "c"}, 0, `{"input":"c","base":"http://a/b","ok":true,"result":"http://a/c"}` + "\n", ""},
		{"an error goes to stderr", "http://a/\nmailto:x\n", []string{"canon", "--profile", "safebrowsing"}, 1, "http://a/\n", "uri: line 2: canon safebrowsing: no host at offset 7 of \"mailto:x\"\n"},
		{"json error shape", "", []string{"canon", "--json", "http://a b/"}, 1, `{"input":"http://a b/","ok":false,"error":"uri: canon whatwg: domain-to-ASCII (a space (U+0020) is not allowed in a host (a forbidden host code point)) at offset 8 of \"http://a b/\"","offset":8}` + "\n", ""},
		{"unknown profile", "", []string{"canon", "--profile", "semantics", "x"}, 2, "", "uri canon: unknown profile \"semantics\" (want whatwg, safebrowsing, semantic, aggressive or archive)\n"},
		// --surt keeps the archive's defaults when flags are added: the
		// trailing "/", the fragment and the session id go in both.
		{"surt alone", "", []string{"canon", "--surt", "http://www.example.com/a/?utm_source=x&PHPSESSID=0123456789abcdef0123456789abcdef&b=1#f"}, 0, "com,example)/a?b=1&utm_source=x\n", ""},
		{"surt with drop-tracking adds to the defaults", "", []string{"canon", "--surt", "--drop-tracking", "http://www.example.com/a/?utm_source=x&PHPSESSID=0123456789abcdef0123456789abcdef&b=1#f"}, 0, "com,example)/a?b=1\n", ""},
		{"surt with sort-query and drop-fragment: the defaults already", "", []string{"canon", "--surt", "--sort-query", "--drop-fragment", "http://www.example.com/a/?id2=3&id=5#f"}, 0, "com,example)/a?id=5&id2=3\n", ""},
		{"surt reverses an IPv4 address", "", []string{"canon", "--surt", "http://192.168.0.1:8080/x"}, 0, "1,0,168,192:8080)/x\n", ""},
		{"surt reads the slashes after http: as surt does (failed with no host)", "", []string{"canon", "--surt", "http:////www.vikings.com"}, 0, "com,vikings)/\n", ""},
		{"surt of a profile drops a host's final dot (was a leading comma)", "", []string{"canon", "--profile", "whatwg", "--surt", "https://www.example.com./x"}, 0, "com,example)/x\n", ""},
		{"the archive profile's URL", "", []string{"canon", "--profile", "archive", "http://www.example.com/A/?b&a#f"}, 0, "http://example.com/a?a&b\n", ""},
		{"a bad base", "", []string{"canon", "--base", "nope", "x"}, 2, "", ""},
		{"empty stdin", "", []string{"canon"}, 0, "", ""},
	}
	for _, tt := range tests {
		code, out, errOut := runCmd(t, tt.stdin, tt.args...)
		if tt.name == "a bad base" {
			if code != 2 || out != "" || !strings.Contains(errOut, "base") {
				t.Errorf("%s: uri %q: exit %d, %q, %q; want 2 and a usage error about the base", tt.name, tt.args, code, out, errOut)
			}
			continue
		}
		if d := cmp.Diff(tt.out, out); code != tt.code || d != "" || errOut != tt.errOut {
			t.Errorf("%s: uri %q < %q: exit %d, stderr %q (want %d, %q); stdout (-want +got):\n%s", tt.name, tt.args, tt.stdin, code, errOut, tt.code, tt.errOut, d)
		}
	}
}

// TestCanonLongAndInvalid: a long line and invalid UTF-8 get a key or an
// error of their own.
func TestCanonLongAndInvalid(t *testing.T) {
	long := "http://a/%25" + strings.Repeat("25", 100000)
	code, out, _ := runCmd(t, long+"\nhttp://a/\xff\n", "canon", "--profile", "safebrowsing", "--json")
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	if code != 0 || len(lines) != 2 || !strings.HasSuffix(lines[0], `"result":"http://a/%25"}`) || !strings.Contains(lines[1], `"input_hex":"687474703a2f2f612fff"`) || !strings.Contains(lines[1], `"result":"http://a/%FF"`) {
		if len(out) > 300 {
			out = out[:150] + "..." + out[len(out)-150:]
		}
		t.Errorf("uri canon --profile safebrowsing --json: exit %d, %q", code, out)
	}
}

// TestCanonPipelineRecipe runs the command of the README's shell recipe
// on its input: the keys of a page's links, one per line on standard
// output for sort -u, and the line that is no URL reported on standard
// error with its number, so that it never reaches the pipe.
func TestCanonPipelineRecipe(t *testing.T) {
	stdin := "guide.html#intro\n/docs/%67uide.html?utm_source=news\nhttp://[::1\napi.html?b=2&a=1\n"
	code, out, errOut := runCmd(t, stdin, "canon", "--base", "https://example.com/docs/index.html",
		"--profile", "semantic", "--drop-tracking", "--drop-fragment")
	want := "https://example.com/docs/guide.html\nhttps://example.com/docs/guide.html\nhttps://example.com/docs/api.html?a=1&b=2\n"
	if diff := cmp.Diff(want, out); diff != "" || code != 1 || !strings.HasPrefix(errOut, "uri: line 3: ") || strings.Count(errOut, "\n") != 1 {
		t.Errorf("uri canon ... < %q: exit %d, stderr %q, stdout (-want +got):\n%s", stdin, code, errOut, diff)
	}
}
