package main

import (
	"bytes"
	"encoding/json"
	"strconv"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/gouri/uri"
	"github.com/gouri/uri/internal/testrows"
	"github.com/gouri/uri/whatwg"
)

// TestEdit: each row is a command line of uri edit, the output it prints and
// its exit status; the row says what it pins.
func TestEdit(t *testing.T) {
	tests := []struct {
		why    string
		args   []string
		stdin  string
		code   int
		stdout string
		stderr string // contained in standard error
	}{
		// RFC 3986: VALUE is text, encoded for its component (Section 2.1).
		{"3.5, a fragment from text", []string{"--set", "fragment=section 2", "http://h/p?q#f"}, "", 0, "http://h/p?q#section%202\n", ""},
		{"3.5, an encoded fragment", []string{"--set", "fragment:=a%20b", "http://h/p"}, "", 0, "http://h/p#a%20b\n", ""},
		{"3.5, an encoded fragment the grammar rejects", []string{"--set", "fragment:=a b", "http://h/p"}, "", 1, "",
			`uri: operand 1: --set fragment:=a b: build: invalid character " " in fragment at offset 1 of "a b"` + "\n"},
		{"3.5, the empty fragment is present", []string{"--set", "hash=", "http://h/p"}, "", 0, "http://h/p#\n", ""},
		{"3.4, a query from text: & and = stay", []string{"--set", "query=q=a b&x=1", "http://h/"}, "", 0, "http://h/?q=a%20b&x=1\n", ""},
		{"3.2.1, a user name with @", []string{"--set", "user=jane@example.org", "--set", "password=p:w", "ftp://h/"}, "", 0, "ftp://jane%40example.org:p%3Aw@h/\n", ""},
		{"3.2.1, an encoded user keeps the password", []string{"--set", "user:=j%40x", "ftp://a:pw@h/"}, "", 0, "ftp://j%40x:pw@h/\n", ""},
		{"3.2.1, an encoded user cannot hold the password's colon", []string{"--set", "user:=a:b", "ftp://h/"}, "", 1, "", `--set user:=a:b: build: invalid character ":" in userinfo at offset 1`},
		{"3.2.1, an encoded password", []string{"--set", "password:=p%41", "ftp://a@h/"}, "", 0, "ftp://a:p%41@h/\n", ""},
		{"3.2.1, a user needs an authority", []string{"--set", "user=x", "mailto:a@b"}, "", 1, "",
			`uri: operand 1: --set user=x: build: reference has no authority at offset 7 of "mailto:a@b"`},
		{"3.2.2, a host as written", []string{"--set", "hostname=::1", "--set", "port=8080", "http://h/"}, "", 0, "http://[::1]:8080/\n", ""},
		{"3.2.2, a host from non-ASCII text is IDNA A-labels", []string{"--set", "host=b\u00fccher.de", "http://h/"}, "", 0, "http://xn--bcher-kva.de/\n", ""},
		{"3.2.2, an encoded host as written", []string{"--set", "host:=b%C3%BCcher.de", "http://h/"}, "", 0, "http://b%C3%BCcher.de/\n", ""},
		{"3.3, a path from text, split at /", []string{"--set", "path=/a b/c", "http://h/old?q"}, "", 0, "http://h/a%20b/c?q\n", ""},
		{"3.3, the leading / is optional", []string{"--set", "pathname=a/b", "http://h/"}, "", 0, "http://h/a/b\n", ""},
		{"3.3, a rootless path stays rootless", []string{"--set", "path=x y", "mailto:a@b"}, "", 0, "mailto:x%20y\n", ""},
		{"3.3, data never navigates", []string{"--set", "path=/a/../b", "http://h/"}, "", 1, "", `"." or ".." segment`},
		{"3.3, an encoded path keeps its dot segments", []string{"--set", "path:=/a/../b", "http://h/"}, "", 0, "http://h/a/../b\n", ""},
		{"3.1, a scheme", []string{"--set", "protocol=https", "http://h/"}, "", 0, "https://h/\n", ""},
		{"3.3, append a segment: / is data", []string{"--append", "path=a/b c", "http://h/v1/"}, "", 0, "http://h/v1/a%2Fb%20c\n", ""},
		{"3.3, append .. is refused", []string{"--append", "path=..", "http://h/v1/"}, "", 1, "", `--append path=..: build: "." or ".." segment`},
		{"3.4, append a pair", []string{"--append", "query=a b=c+d", "http://h/?x=1#f"}, "", 0, "http://h/?x=1&a%20b=c%2Bd#f\n", ""},
		{"3.4, append a pair without =", []string{"--append", "search=k", "http://h/"}, "", 0, "http://h/?k=\n", ""},
		{"3.4, trim tracking parameters", []string{"--trim", "query=utm_*", "--trim", "query=fbclid", "https://h/?utm_source=a&id=7&fbclid=x&utm_medium=b#top"}, "", 0, "https://h/?id=7#top\n", ""},
		{"3.4, trim every pair removes the query", []string{"--trim", "query=*", "https://h/?a=1&b=2#top"}, "", 0, "https://h/#top\n", ""},
		{"3.4, trim matches decoded names", []string{"--trim", "query=a b", "https://h/?a+b=1&a%20b=2&c=3"}, "", 0, "https://h/?c=3\n", ""},
		{"3.4, trim that matches nothing keeps the query byte for byte", []string{"--trim", "query=nope", "--trim", "query=x*", "https://h/?a&amp;b=1&&c=%7e"}, "", 0, "https://h/?a&amp;b=1&&c=%7e\n", ""},
		{"3.4, trim keeps the other pairs as written", []string{"--trim", "query=b", "https://h/?a=%7e&b=1&&c"}, "", 0, "https://h/?a=%7e&&c\n", ""},
		{"3.4, drop tracking parameters, as canon's list and rule do", []string{"--drop-tracking", "https://h/?utm_source=a&id=7&utm%5Fmedium=b&gclid=x&utmx=1#top"}, "", 0, "https://h/?id=7&utmx=1#top\n", ""},
		{"3.4, drop tracking parameters: none", []string{"--drop-tracking", "https://h/?a=%20"}, "", 0, "https://h/?a=%20\n", ""},
		{"3.4, drop tracking parameters in capitals, as canon's rule does", []string{"--drop-tracking", "https://h/?UTM_SOURCE=a&id=7&Gclid=x"}, "", 0, "https://h/?id=7\n", ""},
		{"3.4, append an encoded pair: = in the name", []string{"--append", "query:=a%3Db=c+d", "http://h/?x=1#f"}, "", 0, "http://h/?x=1&a%3Db=c+d#f\n", ""},
		{"3.4, append an encoded pair: as written", []string{"--append", "search:=%7e=a=b", "http://h/"}, "", 0, "http://h/?%7e=a=b\n", ""},
		{"3.4, append an encoded pair after a final &", []string{"--append", "query:=k=v", "http://h/?a=1&"}, "", 0, "http://h/?a=1&k=v\n", ""},
		{"3.4, an encoded pair cannot hold &", []string{"--append", "query:=a=b&c", "http://h/"}, "", 1, "",
			`uri: operand 1: --append query:=a=b&c: build: invalid character "&" (a pair cannot hold the "&" that separates pairs: write %26) in query at offset 1 of "b&c"`},
		{"3.4, an encoded pair must be valid in a query", []string{"--append", "query:=a b=1", "http://h/"}, "", 1, "", `--append query:=a b=1: build: invalid character " " in query at offset 1`},
		{"3.4, sort", []string{"--sort-query", "https://h/?b=2&a=1&c=3&a=0"}, "", 0, "https://h/?a=1&a=0&b=2&c=3\n", ""},
		{"edits apply in order", []string{"--append", "query=b=1", "--sort-query", "--append", "query=a=2", "http://h/?c=3"}, "", 0, "http://h/?b=1&c=3&a=2\n", ""},
		{"edits apply to each line of standard input", []string{"--set", "fragment=x"}, "http://a/\nbad url\nhttp://b/\n", 1, "http://a/#x\nhttp://b/#x\n",
			`uri: line 2: invalid character " " in path at offset 3 of "bad url"`},
		{"flags after operands", []string{"http://h/", "--set", "port=81"}, "", 0, "http://h:81/\n", ""},
		{"-- ends the flags", []string{"--set", "port=81", "--", "--set"}, "", 1, "", "uri: operand 1: --set port=81: build: reference has no authority"},
		{"no edits prints the URL", []string{"http://h/a"}, "", 0, "http://h/a\n", ""},

		// Usage errors.
		{"an unknown component", []string{"--set", "bogus=1", "http://h/"}, "", 2, "", `unknown component "bogus"`},
		{"no =", []string{"--set", "fragment", "http://h/"}, "", 2, "", "--set takes NAME=VALUE or NAME:=VALUE"},
		{"append to a host", []string{"--append", "host=x", "http://h/"}, "", 2, "", "--append takes path=SEGMENT, query=NAME=VALUE or query:=NAME=VALUE, not host"},
		{"append an encoded segment", []string{"--append", "path:=x", "http://h/"}, "", 2, "", "--append takes path=SEGMENT, query=NAME=VALUE or query:=NAME=VALUE, not path:"},
		{"trim a path", []string{"--trim", "path=x", "http://h/"}, "", 2, "", "--trim takes query=NAME or query=PREFIX*, not path"},
		{"trim without =", []string{"--trim", "utm_*", "http://h/"}, "", 2, "", "--trim takes query=NAME or query=PREFIX*\n"},
		{"--strict without --grammar whatwg", []string{"--strict", "--set", "port=1", "http://h/"}, "", 2, "", "uri edit: --strict applies only to --grammar whatwg"},
		{"an unknown grammar", []string{"--grammar", "rfc2396", "http://h/"}, "", 2, "", `unknown grammar "rfc2396"`},
	}
	for _, tt := range tests {
		args := append([]string{"edit"}, tt.args...)
		code, out, errOut := runCmd(t, tt.stdin, args...)
		if code != tt.code || out != tt.stdout || !strings.Contains(errOut, tt.stderr) || tt.stderr == "" && errOut != "" {
			t.Errorf("%s: uri %q <<< %q = %d, stdout %q, stderr %q; want %d, %q, stderr with %q",
				tt.why, args, tt.stdin, code, out, errOut, tt.code, tt.stdout, tt.stderr)
		}
	}
}

// TestEditJSON: the objects of uri edit --json, errors with the offset when
// it is known: in the input, before any edit changed it.
func TestEditJSON(t *testing.T) {
	tests := []struct {
		why  string
		args []string
		want string
	}{
		{"a result", []string{"--set", "fragment=a b", "http://h/"},
			`{"input":"http://h/","ok":true,"result":"http://h/#a%20b"}`},
		{"an input that does not parse", []string{"--set", "fragment=x", "http://h/a b"},
			`{"input":"http://h/a b","ok":false,"error":"uri: invalid character \" \" in path at offset 10 of \"http://h/a b\"","offset":10}`},
		{"an edit about the input", []string{"--set", "user=x", "mailto:a@b"},
			`{"input":"mailto:a@b","ok":false,"error":"uri: --set user=x: build: reference has no authority at offset 7 of \"mailto:a@b\"","offset":7}`},
		{"an edit about its value", []string{"--set", "port:=8o", "http://h/"},
			`{"input":"http://h/","ok":false,"error":"uri: --set port:=8o: build: not a decimal number in port at offset 1 of \"8o\"","offset":null}`},
		{"an edit about the text an earlier edit made", []string{"--set", "fragment=x", "--set", "user=x", "mailto:a@b"},
			`{"input":"mailto:a@b","ok":false,"error":"uri: --set user=x: build: reference has no authority at offset 7 of \"mailto:a@b#x\"","offset":null}`},
	}
	for _, tt := range tests {
		args := append([]string{"edit", "--json"}, tt.args...)
		code, out, _ := runCmd(t, "", args...)
		wantCode := exitOK
		if strings.Contains(tt.want, `"ok":false`) {
			wantCode = exitInvalid
		}
		if code != wantCode || out != tt.want+"\n" {
			t.Errorf("%s: uri %q = %d, %s; want %d, %s", tt.why, args, code, out, wantCode, tt.want)
		}
	}
}

// TestEditWHATWG: uri edit --grammar whatwg against what the URL Standard's
// reference implementation (whatwg-url 17.3.0) gives for the same sequence
// of url.NAME = VALUE and url.searchParams calls.
func TestEditWHATWG(t *testing.T) {
	tests := []struct {
		why  string
		in   string
		args []string
		want string
	}{
		{"searchParams append, delete, sort: the update steps re-encode every pair", "http://h/p?z=1&utm_a=2&b=%20~#f",
			[]string{"--append", "query=a b=c~", "--trim", "query=utm_*", "--sort-query"}, "http://h/p?a+b=c%7E&b=+%7E&z=1#f"},
		{"delete each tracking name, then the hash setter", "https://example.com/a?utm_source=x&id=7&fbclid=y",
			[]string{"--trim", "query=utm_source", "--trim", "search=fbclid", "--set", "hash=section 2"}, "https://example.com/a?id=7#section%202"},
		{"pathname removes dot segments; search encodes #", "http://h/",
			[]string{"--set", "pathname=/a b/../c", "--set", "port=8080", "--set", "search=?q=a b#x"}, "http://h:8080/c?q=a%20b%23x"},
		{"username and password encode @ and :", "http://h/a?x=1",
			[]string{"--set", "user=a@b", "--set", "password=p:w"}, "http://a%40b:p%3Aw@h/a?x=1"},
		{"--trim that matches no name makes no delete call, and so no update steps", "http://h/?a&amp;b=1&c=%20~",
			[]string{"--trim", "query=nope", "--trim", "query=x*"}, "http://h/?a&amp;b=1&c=%20~"},
		{"a matching delete runs the update steps", "http://h/?a=%20~&b",
			[]string{"--trim", "query=b"}, "http://h/?a=+%7E"},
		{"--drop-tracking deletes each tracking name", "https://h/?utm_source=a&id=%7E&utm%5Fmedium=b&fbclid=x#top",
			[]string{"--drop-tracking"}, "https://h/?id=%7E#top"},
		{"--drop-tracking without tracking names changes nothing", "https://h/?id=%7E",
			[]string{"--drop-tracking"}, "https://h/?id=%7E"},
		{"--append query:= appends the pair that the form parser reads", "http://h/?x=1",
			[]string{"--append", "query:=a%3Db=c+d%26"}, "http://h/?x=1&a%3Db=c+d%26"},
		{"the update steps on an opaque path", "data:x ?q",
			[]string{"--trim", "query=q"}, "data:x%20"},
		{"protocol drops the new default port", "http://h:443/",
			[]string{"--set", "scheme=https"}, "https://h/"},
		{"hostname, then host with a port", "http://h/x",
			[]string{"--set", "hostname=[::1]", "--set", "host=example.com:81"}, "http://example.com:81/x"},
		{"sort of an empty query makes it null", "http://h/?",
			[]string{"--sort-query"}, "http://h/"},
		{"append encodes as a form, UTF-8", "http://h/#f",
			[]string{"--append", "query=\u00e9=\u00fc +&="}, "http://h/?%C3%A9=%C3%BC+%2B%26%3D#f"},
		{"hash keeps a second #, search a space as %20", "http://h/p",
			[]string{"--set", "fragment=a#b", "--set", "query=a&b=c d"}, "http://h/p?a&b=c%20d#a#b"},
		{"sort compares UTF-16 code units, stable", "http://h/?b=2&a=1&%C3%A9=3&z=0&a=0",
			[]string{"--sort-query"}, "http://h/?a=1&a=0&b=2&z=0&%C3%A9=3"},
		// --append path, which the standard lacks, is the pathname setter
		// given the segment encoded: whatwg-url gives this href for
		// url.pathname = "/a/x%2Fy%5Cz".
		{"append a path segment: / and \\ are data", "foo://h/a/",
			[]string{"--append", "path=x/y\\z"}, "foo://h/a/x%2Fy%5Cz"},
		// The setters keep percent-encoded bytes, so NAME:=VALUE is
		// NAME=VALUE.
		{"NAME:=VALUE is the same setter", "http://h/",
			[]string{"--set", "hash:=a%20b c", "--set", "query:=%zz"}, "http://h/?%zz#a%20b%20c"},
		// A setter without effect leaves the URL as a browser does.
		{"a port on a file: URL is ignored", "file:///x", []string{"--set", "port=1"}, "file:///x"},
		{"a pathname on an opaque path is ignored", "mailto:a@b", []string{"--set", "pathname=/x", "--set", "hash=y"}, "mailto:a@b#y"},
		{"a scheme change across special and not is ignored", "http://h/", []string{"--set", "protocol=foo"}, "http://h/"},
		{"host with an empty port: the host is set, the port kept", "http://a:81/p", []string{"--set", "host=b:"}, "http://b:81/p"},
	}
	for _, tt := range tests {
		args := append(append([]string{"edit", "--grammar", "whatwg"}, tt.args...), tt.in)
		code, out, errOut := runCmd(t, "", args...)
		if code != exitOK || out != tt.want+"\n" || errOut != "" {
			t.Errorf("%s: uri %q = %d, %q, %q; want %q", tt.why, args, code, out, errOut, tt.want)
		}
	}
	// With --strict, what the standard leaves without effect is an error.
	// And data never navigates: --append path refuses dot segments, as
	// JoinPath does, since the pathname setter would climb with them.
	for _, tt := range []struct{ in, flag, edit, err string }{
		{"file:///x", "--set", "port=1", "--set port=1: set port: cannot-have-username-password-port"},
		{"mailto:a@b", "--set", "pathname=/x", "--set pathname=/x: set pathname: opaque-path"},
		{"http://a:81/p", "--set", "host=b:", "--set host=b:: set host: port-invalid"},
		{"http://h/a/", "--append", "path=%2E%2e", `--append path=%2E%2e: build: "." or ".." segment`},
	} {
		args := []string{"edit", "--grammar", "whatwg", "--strict", tt.flag, tt.edit, tt.in}
		code, out, errOut := runCmd(t, "", args...)
		if code != exitInvalid || out != "" || !strings.Contains(errOut, "uri: operand 1: "+tt.err) {
			t.Errorf("uri %q = %d, %q, %q; want an error with %q", args, code, out, errOut, tt.err)
		}
	}
}

// TestEditGrammarsAgree: the query edits mean the same in both grammars:
// --append query:=NAME=VALUE appends the same decoded pair (written as
// given in RFC 3986's, re-encoded by the update steps in the URL
// Standard's), and --trim and --drop-tracking drop the pairs of the same
// decoded names, by canon's rule.
func TestEditGrammarsAgree(t *testing.T) {
	tests := []struct {
		in   string
		args []string
	}{
		{"http://h/?x=1", []string{"--append", "query:=a%3Db=c+d%26"}},
		{"http://h/", []string{"--append", "query:=%C3%A9+%2B=%3D%3D"}},
		{"http://h/?a", []string{"--append", "search:==", "--append", "query=a=b=c"}},
		{"http://h/?utm_source=1&a=2&utm%5Fid=3&gclid=4&b+c=5&fbclid", []string{"--drop-tracking"}},
		{"http://h/?utm_source=1&a=2&b+c=5&b%20c=6&bc", []string{"--trim", "query=b c", "--trim", "query=utm*"}},
	}
	for _, tt := range tests {
		var pairs [2][][2]string
		for i, grammar := range []string{"", "whatwg"} {
			args := append(append([]string{"edit", "--grammar", grammar}, tt.args...), tt.in)
			code, out, errOut := runCmd(t, "", args...)
			if code != exitOK {
				t.Fatalf("uri %q = %d, %q", args, code, errOut)
			}
			res := strings.TrimSuffix(out, "\n")
			if grammar == "" {
				for k, v := range uri.MustParse(res).QueryPairs() {
					pairs[i] = append(pairs[i], [2]string{k, v})
				}
			} else {
				u, err := whatwg.Parse(res)
				if err != nil {
					t.Fatal(err)
				}
				for k, v := range u.SearchParams().All() {
					pairs[i] = append(pairs[i], [2]string{k, v})
				}
			}
		}
		if d := cmp.Diff(pairs[0], pairs[1]); d != "" {
			t.Errorf("uri edit %q %q: the pairs of RFC 3986's result (-) and the URL Standard's (+):\n%s", tt.args, tt.in, d)
		}
	}
}

// TestEditWHATWGRows: random edit sequences on real and made-up URLs, each
// with the href of the URL Standard's reference implementation
// (testdata/edit-whatwg.jsonl says how they were made).
func TestEditWHATWGRows(t *testing.T) {
	type row struct {
		testrows.Source
		Input string   `json:"input"`
		Args  []string `json:"args"`
		Href  string   `json:"href"`
	}
	rows := testrows.Read[row](t, "testdata/edit-whatwg.jsonl")
	if len(rows) < 500 {
		t.Fatalf("testdata/edit-whatwg.jsonl has %d rows, want 500", len(rows))
	}
	for _, r := range rows {
		args := append(append([]string{"edit", "--grammar", "whatwg", "--json"}, r.Args...), "--", r.Input)
		code, out, errOut := runCmd(t, "", args...)
		var got struct {
			Input  string `json:"input"`
			OK     bool   `json:"ok"`
			Result string `json:"result"`
		}
		err := json.Unmarshal([]byte(out), &got)
		if code != exitOK || err != nil || got.Input != r.Input || !got.OK || got.Result != r.Href {
			t.Errorf("line %d: uri %q = %d, %s%s; want the result %q", r.Line, args, code, out, errOut, r.Href)
		}
	}
}

// absentName returns a name that no query pair of res has, in grammar.
func absentName(grammar, res string) string {
	names := map[string]bool{}
	if grammar == "" {
		for k := range uri.MustParse(res).QueryPairs() {
			names[k] = true
		}
	} else if u, err := whatwg.Parse(res); err == nil {
		for k := range u.SearchParams().All() {
			names[k] = true
		}
	}
	for i := 0; ; i++ {
		if n := "absent" + strconv.Itoa(i); !names[n] {
			return n
		}
	}
}

// FuzzEdit runs uri edit, in both grammars, with edits read from the
// second input (pieces split at NUL: the first byte picks the edit, the
// rest is its value) on the URL of the first, and checks that it never
// fails as a usage error or panics, that a result is the text of a URL
// of its grammar, exactly, that a --trim that matches no pair leaves it
// byte for byte, and that --sort-query sorts once for all.
func FuzzEdit(f *testing.F) {
	f.Add("http://h/p?b=2&a=1#f", "\x00a b\x01x=y\x02utm_*\x03")
	f.Add("https://u:p@example.com:8080/a/b?q=%20#x", "\x04/new path\x05b\u00fccher.de\x06\x07%41")
	f.Add("mailto:a@b", "\x08x\x09?a#b\x0a8080")
	f.Add("file:///C:/x", "\x0b..\x0cz=1")
	kinds := []func(v string) []string{
		func(v string) []string { return []string{"--set", "fragment=" + v} },
		func(v string) []string { return []string{"--append", "query=" + v} },
		func(v string) []string { return []string{"--trim", "query=" + v} },
		func(string) []string { return []string{"--sort-query"} },
		func(v string) []string { return []string{"--set", "path=" + v} },
		func(v string) []string { return []string{"--set", "host=" + v} },
		func(v string) []string { return []string{"--set", "user=" + v} },
		func(v string) []string { return []string{"--set", "password:=" + v} },
		func(v string) []string { return []string{"--set", "scheme=" + v} },
		func(v string) []string { return []string{"--set", "query=" + v} },
		func(v string) []string { return []string{"--set", "port=" + v} },
		func(v string) []string { return []string{"--append", "path=" + v} },
		func(v string) []string { return []string{"--set", "search:=" + v} },
		func(string) []string { return []string{"--drop-tracking"} },
		func(v string) []string { return []string{"--append", "query:=" + v} },
	}
	f.Fuzz(func(t *testing.T, in, edits string) {
		if strings.ContainsAny(in, "\r\n") || len(edits) > 200 {
			return
		}
		var args []string
		for piece := range strings.SplitSeq(edits, "\x00") {
			if piece != "" {
				args = append(args, kinds[int(piece[0])%len(kinds)](piece[1:])...)
			}
		}
		for _, grammar := range []string{"", "whatwg"} {
			all := append([]string{"edit", "--grammar", grammar}, args...)
			if grammar == "" {
				all = append([]string{"edit"}, args...)
			}
			var out, errOut bytes.Buffer
			code := run(append(all, "--", in), strings.NewReader(""), &out, &errOut)
			if code == exitUsage || code == exitOK && errOut.Len() > 0 || code != exitOK && out.Len() > 0 {
				t.Fatalf("uri %q %q: exit %d, %q, %q", all, in, code, out.String(), errOut.String())
			}
			if code != exitOK {
				continue
			}
			res := strings.TrimSuffix(out.String(), "\n")
			if grammar == "" {
				if u, err := uri.Parse(res); err != nil || u.String() != res {
					t.Fatalf("uri %q %q = %q, which is no URI reference: %v", all, in, res, err)
				}
			} else if u, err := whatwg.Parse(res); err != nil || u.Href() != res {
				t.Fatalf("uri %q %q = %q, which does not parse to itself: %v", all, in, res, err)
			}
			// A --trim that matches no pair leaves the URL byte for byte.
			var kept bytes.Buffer
			absent := absentName(grammar, res)
			run([]string{"edit", "--grammar", grammar, "--trim", "query=" + absent, "--", res}, strings.NewReader(""), &kept, &errOut)
			if kept.String() != res+"\n" {
				t.Fatalf("uri edit --trim query=%s of %q = %q; want it unchanged", absent, res, kept.String())
			}
			var again bytes.Buffer
			run([]string{"edit", "--grammar", grammar, "--sort-query", "--", res}, strings.NewReader(""), &again, &errOut)
			var twice bytes.Buffer
			run([]string{"edit", "--grammar", grammar, "--sort-query", "--sort-query", "--", res}, strings.NewReader(""), &twice, &errOut)
			if again.String() != twice.String() {
				t.Fatalf("uri edit --sort-query of %q = %q, twice %q", res, again.String(), twice.String())
			}
		}
	})
}
