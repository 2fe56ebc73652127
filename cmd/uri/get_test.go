package main

import (
	"encoding/hex"
	"encoding/json"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/google/go-cmp/cmp"
	"github.com/gouri/uri"
	"github.com/gouri/uri/internal/testrows"
	"github.com/gouri/uri/whatwg"
)

// TestGet: --get FORMAT of uri parse and uri edit, in both grammars. Each
// row names what it pins.
func TestGet(t *testing.T) {
	const all = "{scheme}|{host}|{hostname}|{port}|{path}|{query}|{fragment}|{username}|{password}|" +
		"{protocol}|{pathname}|{search}|{hash}|{href}|{origin}|{default:port}|{site}"
	tests := []cmdCase{
		{"the example of the help: the URL Standard's hostname and port", []string{"parse", "--grammar", "whatwg", "--get", "{hostname}:{port}", "https://a.example:8443/x"}, "", 0,
			"a.example:8443\n", ""},
		{"RFC 3986: every name, the components as written", []string{"parse", "--get", all, "HTTPS://u:p@Www.Example.co.uk:0443/a/../b?q=1#f"}, "", 0,
			"HTTPS|Www.Example.co.uk|Www.Example.co.uk|0443|/a/../b|q=1|f|u|p|HTTPS:|/a/../b|?q=1|#f|HTTPS://u:p@Www.Example.co.uk:0443/a/../b?q=1#f|https://www.example.co.uk|0443|example.co.uk\n", ""},
		{"the URL Standard: every name, the getters", []string{"parse", "--grammar", "whatwg", "--get", all, "HTTPS://u:p@Www.Example.co.uk:0443/a/../b?q=1#f"}, "", 0,
			"https|www.example.co.uk|www.example.co.uk||/b|q=1|f|u|p|https:|/b|?q=1|#f|https://u:p@www.example.co.uk/b?q=1#f|https://www.example.co.uk|443|example.co.uk\n", ""},
		{"the URL Standard: {host} is host and port, {hostname} the host", []string{"parse", "--grammar", "whatwg", "--get", "{host} {hostname} {port}", "http://[::1]:8080/"}, "", 0,
			"[::1]:8080 [::1] 8080\n", ""},
		{"RFC 3986: {hostname} keeps an IP literal's brackets, for an address", []string{"parse", "--get", "{hostname}:{default:port}", "http://[::1]/"}, "", 0,
			"[::1]:80\n", ""},
		{"absent and empty are both empty", []string{"parse", "--get", "[{query}][{fragment}][{port}][{search}][{hash}][{protocol}]", "//h:/p?#", "/p"}, "", 0,
			"[][][][][][]\n[][][][][][]\n", ""},
		{"no origin is null, no site and no default port empty", []string{"parse", "--get", "{origin} [{site}] [{default:port}]", "mailto:a@b", "http://127.0.0.1/", "foo://h/"}, "", 0,
			"null [] []\nhttp://127.0.0.1 [] [80]\nnull [] []\n", ""},
		{"the URL Standard: no site for an IP address or an opaque host", []string{"parse", "--grammar", "whatwg", "--get", "[{site}]", "http://127.1/", "foo://example.com/", "https://www.github.io/"}, "", 0,
			"[]\n[]\n[www.github.io]\n", ""},
		{"{query:NAME}: the first value, form-decoded, in both grammars", []string{"parse", "--get", "[{query:a b}] [{query:c}] [{query:}] [{query:x}]", "http://h/?a+b=1%2B1&a%20b=2&c&=e"}, "", 0,
			"[1+1] [] [e] []\n", ""},
		{"{query:NAME}, the URL Standard's reading", []string{"parse", "--grammar", "whatwg", "--get", "[{query:a b}] [{query:é}]", "http://h/?a+b=1%2B1&%C3%A9=%FF"}, "", 0,
			"[1+1] [\ufffd]\n", ""},
		{"a decoded control character is escaped, the format's tab kept", []string{"parse", "--get", "{path}\t{query:q}", "http://h/p?q=%1B%5B2J%09%E2%80%AE%FF"}, "", 0,
			"/p\t\\x1b[2J\\t\\u202e\\xff\n", ""},
		{"{{ is a literal {, and } outside a name is a }", []string{"parse", "--get", "{{{host}} {{x}", "http://h/"}, "", 0,
			"{h} {x}\n", ""},
		{"trurl's backslash sequences: \\t, \\\\ and \\{; any other keeps its backslash", []string{"parse", "--get", `{host}\t{path}\\{{\{}\q`, "http://h/p"}, "", 0,
			"h\t/p\\{{}\\q\n", ""},
		{"an empty FORMAT prints an empty line per input", []string{"parse", "--get", "", "http://h/", "x"}, "", 0,
			"\n\n", ""},
		{"errors are as without --get", []string{"parse", "--get", "{host}", "http://a b/", "http://h/"}, "", 1,
			"h\n", `uri: operand 1: invalid character " " in authority at offset 8 of "http://a b/"`},
		{"standard input, one line each", []string{"parse", "--get", "{host}"}, "http://a/\nhttp://b/\n", 0,
			"a\nb\n", ""},
		{"edit: the parts of the edited URL", []string{"edit", "--set", "host=example.org", "--append", "query=q=a b", "--get", "{host} {query:q} {site}", "http://h/?x"}, "", 0,
			"example.org a b example.org\n", ""},
		{"edit, the URL Standard", []string{"edit", "--grammar", "whatwg", "--set", "port=443", "--get", "{href} [{port}] {default:port}", "https://h:8443/"}, "", 0,
			"https://h/ [] 443\n", ""},

		{"{query-all:NAME}: every value, in order, separated by spaces, empty ones too (a name without \"=\" has one)",
			[]string{"parse", "--get", "[{query-all:x}] [{query-all:y}] [{query-all:none}]", "http://h/?x=1%202&y&x=b+c&&x=&%78=9"}, "", 0,
			"[1 2 b c  9] [] []\n", ""},
		{"{query-all:NAME}, the URL Standard's reading", []string{"parse", "--grammar", "whatwg", "--get", "[{query-all:x}] [{query-all:é}]", "http://h/?x=1%202&x=b+c&&x=&%78=9&%C3%A9=%FF"}, "", 0,
			"[1 2 b c  9] [\ufffd]\n", ""},
		{"{:query:NAME}, {url:query:NAME} and {:query-all:NAME}: the values as the query writes them, named by their decoded names",
			[]string{"parse", "--get", "[{:query:a b}] [{url:query:a b}] [{:query-all:x}] [{query:a b}]", "http://h/?a+b=1%2B1&a%20b=2&x=%41&x=b+c"}, "", 0,
			"[1%2B1] [1%2B1] [%41 b+c] [1+1]\n", ""},
		{"the same, the URL Standard's reading, in its serialization of the query", []string{"parse", "--grammar", "whatwg", "--get", "[{:query:a b}] [{:query-all:x}]", "http://h/?a+b=1%2B1&&x=%41&x=b c"}, "", 0,
			"[1%2B1] [%41 b%20c]\n", ""},
		{"{:NAME} of a component is the component as written, as {NAME} is", []string{"parse", "--get", "{:path}|{url:query}|{:fragment}|{:host}", "http://%41.example/a%20b?q=%41#f%20g"}, "", 0,
			"/a%20b|q=%41|f%20g|%41.example\n", ""},
		{"{decoded:NAME}: a component percent-decoded, \"+\" kept; a decoded NUL or byte that is no UTF-8 escaped",
			[]string{"parse", "--get", "{decoded:path}|{decoded:query}|{decoded:fragment}|{decoded:host}|{decoded:username}|{decoded:password}|{decoded:scheme}|{decoded:port}",
				"http://u%40x:p%3Ay@ex%61mple.com:8080/a%20b/%2F+%FF?q=1%202+3&r=%00#f%20g"}, "", 0,
			"/a b//+\\xff|q=1 2+3&r=\\x00|f g|example.com|u@x|p:y|http|8080\n", ""},
		{"{decoded:NAME}, the URL Standard's getters decoded", []string{"parse", "--grammar", "whatwg", "--get", "{decoded:path}|{decoded:hostname}|{decoded:query:q}|{decoded:query-all:q}", "http://h/a b/%2F?q=1%202&q=x"}, "", 0,
			"/a b//|h|1 2|1 2 x\n", ""},
		{"edit: {query-all:NAME} of the edited URL", []string{"edit", "--append", "query=id=3", "--get", "{query-all:id}", "http://h/?id=1&id=2"}, "", 0,
			"1 2 3\n", ""},

		// Usage errors.
		{"decoded: takes a component", []string{"parse", "--get", "{decoded:href}", "x"}, "", 2, "", `--get: "decoded:" takes a component, not "{decoded:href}"`},
		{"a qualifier before no name", []string{"parse", "--get", "{url:bogus}", "x"}, "", 2, "", `--get: unknown name "{url:bogus}"`},
		{"one qualifier", []string{"parse", "--get", "{decoded::path}", "x"}, "", 2, "", `--get: unknown name "{decoded::path}"`},
		{"an unknown name", []string{"parse", "--get", "{host}{bogus}", "x"}, "", 2, "", `uri parse: --get: unknown name "{bogus}" (want {scheme}, {host}`},
		{"{default:NAME} is for the port only", []string{"parse", "--get", "{default:host}", "x"}, "", 2, "", `unknown name "{default:host}"`},
		{"an unclosed name", []string{"edit", "--get", "a{host", "x"}, "", 2, "", `uri edit: --get: "{" at offset 1 is not closed by "}" (write {{ for a "{")`},
		{"a newline in FORMAT would make two lines of one input", []string{"parse", "--get", "{host}\n{port}", "x"}, "", 2, "", "--get: control character U+000A at offset 6"},
		{"nor does \\n in FORMAT", []string{"parse", "--get", `{host}\n`, "x"}, "", 2, "", `--get: "\n" at offset 6 would end the line`},
		{"a C1 control or a bidi control in FORMAT", []string{"parse", "--get", "é\u009b{host}\u202e", "x"}, "", 2, "", "--get: control character U+009B at offset 2"},
		{"FORMAT is UTF-8", []string{"parse", "--get", "{host}\xff", "x"}, "", 2, "", "--get: byte 0xff at offset 6 is not UTF-8"},
		{"not with an older grammar", []string{"parse", "--grammar", "rfc2396", "--get", "{host}", "x"}, "", 2, "", "--get takes the reading of RFC 3986 or of --grammar whatwg"},
	}
	for _, tt := range tests {
		tt.check(t)
	}
}

// TestGetJSON: with --json, --get adds "get" after the members of the
// object, its parts as they are (JSON escapes what it must); an error
// object has none.
func TestGetJSON(t *testing.T) {
	tests := []struct {
		args []string
		want string
	}{
		{[]string{"parse", "--get", "{host}\t{query:q}", "http://h/?q=%1B"},
			`{"input":"http://h/?q=%1B","ok":true,"scheme":"http","userinfo":null,"host":"h","port":null,"path":"/","query":"q=%1B","fragment":null,"params":[{"key":"q","value":"\u001b"}],"get":"h\t\u001b"}`},
		{[]string{"parse", "--grammar", "whatwg", "--get", "{site}", "https://a.b.example.com/"},
			`{"input":"https://a.b.example.com/","ok":true,"href":"https://a.b.example.com/","protocol":"https:","username":"","password":"","host":"a.b.example.com","hostname":"a.b.example.com","port":"","pathname":"/","search":"","hash":"","origin":"https://a.b.example.com","site":"example.com","params":null,"get":"example.com"}`},
		{[]string{"edit", "--set", "fragment=x", "--get", "{hash}", "http://h/"},
			`{"input":"http://h/","ok":true,"result":"http://h/#x","get":"#x"}`},
		{[]string{"parse", "--get", "{host}", "a b"},
			`{"input":"a b","ok":false,"error":"uri: invalid character \" \" in path at offset 1 of \"a b\"","offset":1}`},
	}
	for _, tt := range tests {
		checkJSON(t, "", tt.args, tt.want)
	}
}

// FuzzGet runs uri parse --get FORMAT on a URL, in both grammars, and
// checks that a FORMAT is a usage error exactly when parseGet refuses it,
// that an input gets one line, that the line carries no control
// character but the tabs of FORMAT, and that a FORMAT without "{" is
// printed as it is.
func FuzzGet(f *testing.F) {
	f.Add("{hostname}:{default:port}", "https://a.example:8443/x")
	f.Add("{{{query:q}}\t{site}", "http://www.example.com/?q=%1B%09")
	f.Add("{query:", "x")
	f.Add("plain", "http://h/")
	f.Fuzz(func(t *testing.T, format, in string) {
		if strings.ContainsAny(in, "\r\n") {
			return
		}
		_, problem := parseGet(format)
		for _, grammar := range []string{"", "whatwg"} {
			code, out, errOut := runCmd(t, "", "parse", "--grammar", grammar, "--get", format, "--", in)
			if grammar == "" {
				code, out, errOut = runCmd(t, "", "parse", "--get", format, "--", in)
			}
			if (code == exitUsage) != (problem != "") {
				t.Fatalf("uri parse --grammar %q --get %q: exit %d, stderr %q; parseGet says %q", grammar, format, code, errOut, problem)
			}
			if code != exitOK {
				continue
			}
			if strings.Count(out, "\n") != 1 || !strings.HasSuffix(out, "\n") {
				t.Fatalf("uri parse --get %q %q: %q is not one line", format, in, out)
			}
			if i := strings.IndexFunc(out[:len(out)-1], func(r rune) bool { return r != '\t' && unsafeForReader(r) }); i >= 0 {
				t.Fatalf("uri parse --get %q %q: %q has a control character at %d", format, in, out, i)
			}
			if strings.Count(out, "\t") > strings.Count(format, "\t") {
				t.Fatalf("uri parse --get %q %q: %q has a tab of the input", format, in, out)
			}
			if !strings.Contains(format, "{") && out != format+"\n" {
				t.Fatalf("uri parse --get %q %q = %q, want FORMAT itself", format, in, out)
			}
		}
	})
}

// FuzzParseJSON runs uri parse --json on one input, in both grammars, and
// checks the object against the library: it is valid JSON, "input" is the
// input (with U+FFFD for bytes that are not UTF-8), and each member is the
// component or getter it names, as JSON text holds it, "params" included;
// and the text line of uri parse. The writer copies the parts of a plain
// text without a look at each; this holds it to what a look would give.
func FuzzParseJSON(f *testing.F) {
	for _, s := range []string{"http://h/?a=1&b", "https://u:p@EXAMPLE.com:8443/a/../b c?q=1#f", "a\"b\\c?%22=%5C", "http://h/\u202e?\x1b=\xff", "//h?&&", "mailto:x"} {
		f.Add(s)
	}
	type pair struct{ Key, Value string }
	f.Fuzz(func(t *testing.T, in string) {
		if strings.ContainsAny(in, "\r\n") {
			return
		}
		text := testrows.JSONText
		if u, err := uri.Parse(in); err == nil {
			_, out, _ := runCmd(t, "", "parse", "--json", "--", in)
			var got struct {
				Input, Path                                   string
				Scheme, Userinfo, Host, Port, Query, Fragment *string
				Params                                        *[]pair
			}
			if err := json.Unmarshal([]byte(out), &got); err != nil {
				t.Fatalf("uri parse --json %q = %s: %v", in, out, err)
			}
			c := u.Components()
			want := got
			want.Input, want.Path = text(in), text(c.Path)
			want.Scheme = testrows.Optional(text(c.Scheme), c.Scheme != "")
			want.Userinfo = testrows.Optional(text(c.Userinfo), c.HasUserinfo)
			want.Host = testrows.Optional(text(c.Host), c.HasAuthority)
			want.Port = testrows.Optional(text(c.Port), c.HasPort)
			want.Query = testrows.Optional(text(c.Query), c.HasQuery)
			want.Fragment = testrows.Optional(text(c.Fragment), c.HasFragment)
			want.Params = nil
			if u.HasQuery() {
				want.Params = &[]pair{}
				for k, v := range u.QueryPairs() {
					*want.Params = append(*want.Params, pair{text(k), text(v)})
				}
			}
			if d := cmp.Diff(want, got); d != "" {
				t.Fatalf("uri parse --json %q (-want +got):\n%s", in, d)
			}
			// The text line quotes the parts of a plain text without a
			// look at each; strconv.Quote, which looks, gives the same.
			if _, out, _ := runCmd(t, "", "parse", "--", in); out != componentText(in, c, u.HostKind())+"\n" {
				t.Fatalf("uri parse %q = %q, want %q", in, out, componentText(in, c, u.HostKind()))
			}
		}
		u, err := whatwg.Parse(in)
		if err != nil {
			return
		}
		_, out, _ := runCmd(t, "", "parse", "--grammar", "whatwg", "--json", "--", in)
		var got map[string]any
		if err := json.Unmarshal([]byte(out), &got); err != nil {
			t.Fatalf("uri parse --grammar whatwg --json %q = %s: %v", in, out, err)
		}
		rd, hasSite := urlSite(&u)
		want := map[string]any{"input": text(in), "ok": true, "href": u.Href(), "protocol": u.Protocol(), "username": u.Username(),
			"password": u.Password(), "host": u.Host(), "hostname": u.Hostname(), "port": u.Port(), "pathname": u.Pathname(),
			"search": u.Search(), "hash": u.Hash(), "origin": u.Origin(), "site": nil, "params": nil}
		if !utf8.ValidString(in) {
			want["input_hex"] = hex.EncodeToString([]byte(in))
		}
		if hasSite {
			want["site"] = rd
		}
		if u.HasQuery() {
			params := []any{}
			for k, v := range u.SearchParams().All() {
				params = append(params, map[string]any{"key": k, "value": v})
			}
			want["params"] = params
		}
		if d := cmp.Diff(want, got); d != "" {
			t.Fatalf("uri parse --grammar whatwg --json %q (-want +got):\n%s", in, d)
		}
	})
}
