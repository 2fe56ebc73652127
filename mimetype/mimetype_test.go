package mimetype_test

import (
	"encoding/json"
	"errors"
	"maps"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/gouri/uri"
	"github.com/gouri/uri/mimetype"
)

// TestParse pins what Parse keeps, drops and rewrites; each row names the
// step of "parse a MIME type" (MIME Sniffing, section 4.4) or of
// "serialize a MIME type" (section 4.5) that it follows.
func TestParse(t *testing.T) {
	tests := []struct {
		why, in, want string
	}{
		{"4.5: already serialized", "text/html;charset=utf-8", "text/html;charset=utf-8"},
		{"4.4 step 1: leading and trailing HTTP whitespace", " \t\r\ntext/html\n\r\t ", "text/html"},
		{"4.4 step 10: type and subtype in ASCII lower case", "TEXT/Html", "text/html"},
		{"4.4 step 8: trailing whitespace after the subtype", "text/html \t;a=b", "text/html;a=b"},
		{"4.4 step 11.2: whitespace before a name", "text/html; \ta=b", "text/html;a=b"},
		{"4.4 step 11.4: names in lower case, values keep their case", "text/html;CharSet=UTF-8", "text/html;charset=UTF-8"},
		{"4.4 step 11.5.1: a name without = is skipped", "text/html;a;b=c", "text/html;b=c"},
		{"4.4 step 11.6: = at the end", "text/html;a=", "text/html"},
		{"4.4 step 11.9: an empty unquoted value is skipped", "text/html;a= ;b=c", "text/html;b=c"},
		{"4.4 step 11.9: trailing whitespace of a value", "text/html;a=b \t", "text/html;a=b"},
		{"4.4 step 11.9: whitespace before a value is kept", "text/html;a= b", `text/html;a=" b"`},
		{"4.4 step 11.9: whitespace around = is part of name or value", "text/html;a =b", "text/html"},
		{"4.4 step 11.10: the first of two names wins", "text/html;a=1;A=2", "text/html;a=1"},
		{"4.4 step 11.10: a dropped parameter does not count", "text/html;a=\x00;a=2", "text/html;a=2"},
		{"4.4 step 11.10: a name that is not a token", "text/html;a@=1;b=2", "text/html;b=2"},
		{"4.4 step 11.10: a value with a control character", "text/html;a=x\x7f;b=2", "text/html;b=2"},
		{"4.4 step 11.8.1: a quoted value", `text/html;a="b c"`, `text/html;a="b c"`},
		{"4.5 step 2.4: a quoted token loses its quotes", `text/html;a="bc"`, "text/html;a=bc"},
		{"4.4 step 11.8.1: an empty quoted value is kept", `text/html;a=""`, `text/html;a=""`},
		{"Fetch 2.2: backslash escapes", `text/html;a="\b\"\\"`, `text/html;a="b\"\\"`},
		{"Fetch 2.2: a backslash at the end stands for itself", `text/html;a="x\`, `text/html;a="x\\"`},
		{"Fetch 2.2: an unclosed quote runs to the end", `text/html;a="x;b=c`, `text/html;a="x;b=c"`},
		{"4.4 step 11.8.2: text after the closing quote is dropped", `text/html;a="x"y;b=c`, "text/html;a=x;b=c"},
		{"4.5 step 2.4: a value with ; or = is quoted", `text/html;a="x;y=z"`, `text/html;a="x;y=z"`},
		{"4.5 step 2.4.1: quote and backslash of an unquoted value", `text/html;a=x"y\z`, `text/html;a="x\"y\\z"`},
		{"isomorphic decoding: bytes 0x80-0xFF in a value", "text/html;a=\xc3\xa9", "text/html;a=\"\xc3\xa9\""},
		{"isomorphic decoding: a lone byte 0xFF in a value", "text/html;a=\xff", "text/html;a=\"\xff\""},
		{"4.4 step 11.10: a tab in a quoted value", "text/html;a=\"x\ty\"", "text/html;a=\"x\ty\""},
		{"4.4: a trailing ;", "text/html;", "text/html"},
		{"4.4: empty parameters", "text/html;;;a=b;;", "text/html;a=b"},
		{"4.4: a token may hold %, #, ! and ~", "a!#$%&'*+-.^_`|~z/Z~|`_^.-+*'&%$#!a", "a!#$%&'*+-.^_`|~z/z~|`_^.-+*'&%$#!a"},
	}
	for _, tt := range tests {
		m, err := mimetype.Parse(tt.in)
		if err != nil || m.String() != tt.want {
			t.Errorf("%s: Parse(%q) = %q, %v; want %q", tt.why, tt.in, m, err, tt.want)
		}
	}
}

// TestParseErrors pins the errors of Parse: a *uri.Error with ErrInvalid,
// its Detail, and the Offset of the first byte that cannot continue any
// MIME type (Input[:Offset] is the longest prefix that begins one).
func TestParseErrors(t *testing.T) {
	tests := []struct {
		why    string
		in     string
		offset int
		detail string
	}{
		{"4.4 step 4: no type", "", 0, "no type"},
		{"4.4 step 4: only whitespace: a type could follow", " \t", 2, "no type"},
		{"4.4 step 4: empty type", "/html", 0, "empty type"},
		{"4.4 step 4: empty type after whitespace", "  /html", 2, "empty type"},
		{"4.4 step 4: a space in the type", "text /html", 4, `" " in the type is not an HTTP token code point`},
		{"4.4 step 4: a non-ASCII byte in the type", "t\xc3\xa9xt/html", 1, `"\xc3" in the type is not an HTTP token code point`},
		{"4.4 step 5: no slash", "text", 4, `no "/" after the type`},
		{"4.4 step 5: no slash, then whitespace, which no type holds", "text ", 4, `no "/" after the type`},
		{"4.4 step 9: empty subtype", "text/", 5, "empty subtype"},
		{"4.4 step 9: empty subtype before ;", "text/;a=b", 5, "empty subtype"},
		{"4.4 step 9: whitespace first in the subtype", "text/ html", 5, `" " in the subtype is not an HTTP token code point`},
		{"4.4 step 9: whitespace only in the subtype", "text/ ;a=b", 5, `" " in the subtype is not an HTTP token code point`},
		{"4.4 step 9: a slash in the subtype", "text/ht/ml", 7, `"/" in the subtype is not an HTTP token code point`},
		{"4.4 step 9: whitespace inside the subtype: a ; could have followed it", "text/ht ml", 8, `"m" after whitespace in the subtype`},
		{"4.4 step 9: a NUL in the subtype", "text/html\x00", 9, `"\x00" in the subtype is not an HTTP token code point`},
	}
	for _, tt := range tests {
		m, err := mimetype.Parse(tt.in)
		var e *uri.Error
		if !errors.As(err, &e) || !m.IsZero() {
			t.Errorf("%s: Parse(%q) = %q, %v; want the zero MIMEType and a *uri.Error", tt.why, tt.in, m, err)
			continue
		}
		want := uri.Error{Op: uri.OpParse, Input: tt.in, Offset: tt.offset, Err: mimetype.ErrInvalid, Detail: tt.detail}
		if diff := cmp.Diff(want, *e, cmp.Comparer(func(a, b error) bool { return a == b })); diff != "" {
			t.Errorf("%s: Parse(%q) error (-want +got):\n%s", tt.why, tt.in, diff)
		}
		if !errors.Is(err, mimetype.ErrInvalid) {
			t.Errorf("%s: Parse(%q): errors.Is(err, ErrInvalid) is false", tt.why, tt.in)
		}
	}
}

// TestParseText pins where ParseText, which reads UTF-8 code points, and
// Parse, which reads bytes, differ: only in parameter values with bytes
// >= 0x80.
func TestParseText(t *testing.T) {
	tests := []struct {
		why             string
		in              string
		bytes, text     string
		bytesOK, textOK bool
	}{
		{"U+00E9 is a quoted-string token code point either way", "a/b;x=é", "a/b;x=\"é\"", "a/b;x=\"é\"", true, true},
		{"U+0100 is none; its bytes 0xC4 0x80 are two", "a/b;x=Ā;y=1", "a/b;x=\"Ā\";y=1", "a/b;y=1", true, true},
		{"U+FFFD is none", "a/b;x=\ufffd;y=1", "a/b;x=\"\ufffd\";y=1", "a/b;y=1", true, true},
		{"a lone byte 0xE9 is U+FFFD as text", "a/b;x=\xe9;y=1", "a/b;x=\"\xe9\";y=1", "a/b;y=1", true, true},
		{"an escaped U+00E9", `a/b;x="\é"`, "a/b;x=\"é\"", "a/b;x=\"é\"", true, true},
		{"a truncated sequence before the closing quote", "a/b;x=\"\xc3\"", "a/b;x=\"\xc3\"", "a/b", true, true},
		{"ASCII reads the same", "A/B;X=\"Y\"", "a/b;x=Y", "a/b;x=Y", true, true},
		{"non-ASCII in the type fails either way", "é/b", "", "", false, false},
	}
	for _, tt := range tests {
		m, err := mimetype.Parse(tt.in)
		if (err == nil) != tt.bytesOK || m.String() != tt.bytes {
			t.Errorf("%s: Parse(%q) = %q, %v; want %q", tt.why, tt.in, m, err, tt.bytes)
		}
		m, err = mimetype.ParseText(tt.in)
		if (err == nil) != tt.textOK || m.String() != tt.text {
			t.Errorf("%s: ParseText(%q) = %q, %v; want %q", tt.why, tt.in, m, err, tt.text)
		}
	}
}

// TestAccessors checks the record's parts (section 4.1): type, subtype,
// essence (section 4.2) and parameters in order, their values unquoted.
func TestAccessors(t *testing.T) {
	type param struct{ Name, Value string }
	tests := []struct {
		in                    string
		typ, subtype, essence string
		params                []param
		lookup, value         string
		found                 bool
	}{
		{"text/html", "text", "html", "text/html", nil, "charset", "", false},
		{"Text/HTML;Charset=UTF-8", "text", "html", "text/html", []param{{"charset", "UTF-8"}}, "CHARSET", "UTF-8", true},
		{`a/b;x="1;2";y=3;z=""`, "a", "b", "a/b", []param{{"x", "1;2"}, {"y", "3"}, {"z", ""}}, "z", "", true},
		{`a/b;q="\"\\";r=s`, "a", "b", "a/b", []param{{"q", `"\`}, {"r", "s"}}, "q", `"\`, true},
		{`a/b;q="x=y";r=s`, "a", "b", "a/b", []param{{"q", "x=y"}, {"r", "s"}}, "r", "s", true},
	}
	for _, tt := range tests {
		m := mimetype.MustParse(tt.in)
		if m.Type() != tt.typ || m.Subtype() != tt.subtype || m.Essence() != tt.essence {
			t.Errorf("Parse(%q): Type %q, Subtype %q, Essence %q; want %q, %q, %q", tt.in, m.Type(), m.Subtype(), m.Essence(), tt.typ, tt.subtype, tt.essence)
		}
		var got []param
		for n, v := range m.Params() {
			got = append(got, param{n, v})
		}
		if diff := cmp.Diff(tt.params, got); diff != "" {
			t.Errorf("Parse(%q).Params() (-want +got):\n%s", tt.in, diff)
		}
		if v, ok := m.Param(tt.lookup); v != tt.value || ok != tt.found {
			t.Errorf("Parse(%q).Param(%q) = %q, %v; want %q, %v", tt.in, tt.lookup, v, ok, tt.value, tt.found)
		}
	}
}

// TestParamsStop: the iterator stops when the loop does.
func TestParamsStop(t *testing.T) {
	m := mimetype.MustParse("a/b;x=1;y=2;z=3")
	var names []string
	for n := range m.Params() {
		names = append(names, n)
		if n == "y" {
			break
		}
	}
	if !slices.Equal(names, []string{"x", "y"}) {
		t.Errorf("names up to y: %q", names)
	}
	if got := maps.Collect(m.Params()); len(got) != 3 {
		t.Errorf("maps.Collect(Params()) = %v", got)
	}
}

// TestZero: no method panics on the zero MIMEType, and all return "".
func TestZero(t *testing.T) {
	var m mimetype.MIMEType
	if !m.IsZero() || m.Type() != "" || m.Subtype() != "" || m.Essence() != "" || m.String() != "" {
		t.Errorf("zero MIMEType: %q %q %q %q", m.Type(), m.Subtype(), m.Essence(), m.String())
	}
	if _, ok := m.Param("x"); ok {
		t.Error("zero MIMEType has a parameter")
	}
	for range m.Params() {
		t.Error("zero MIMEType yields a parameter")
	}
	if mimetype.MustParse("a/b").IsZero() {
		t.Error("a/b IsZero")
	}
}

// TestText: MIMEType is an encoding.TextMarshaler and TextUnmarshaler, so
// it goes into and out of JSON as its serialization; an invalid one is an
// error, which leaves the value as it was.
func TestText(t *testing.T) {
	var v struct{ Type mimetype.MIMEType }
	if err := json.Unmarshal([]byte(`{"Type":"TEXT/Plain ; a=\"b\""}`), &v); err != nil {
		t.Fatal(err)
	}
	out, err := json.Marshal(v)
	if err != nil || string(out) != `{"Type":"text/plain;a=b"}` {
		t.Errorf("json.Marshal = %s, %v", out, err)
	}
	if err := json.Unmarshal([]byte(`{"Type":"text"}`), &v); !errors.Is(err, mimetype.ErrInvalid) || v.Type.String() != "text/plain;a=b" {
		t.Errorf("json.Unmarshal(text) = %v, left %q", err, v.Type)
	}
	b, _ := v.Type.AppendText([]byte("x:"))
	if string(b) != "x:text/plain;a=b" {
		t.Errorf("AppendText = %q", b)
	}
}

// TestMustParse panics on an invalid MIME type.
func TestMustParse(t *testing.T) {
	defer func() {
		if recover() == nil {
			t.Error("MustParse(\"x\") did not panic")
		}
	}()
	mimetype.MustParse("x")
}

// TestManyParameters: more parameters than the parser compares one by
// one (it then keeps their names in a map): duplicates are still found,
// in any case, and the first still wins.
func TestManyParameters(t *testing.T) {
	var in, want strings.Builder
	in.WriteString("a/b")
	want.WriteString("a/b")
	for i := range 20 {
		name := string(rune('a' + i))
		in.WriteString(";" + strings.ToUpper(name) + "=" + name)
		want.WriteString(";" + name + "=" + name)
	}
	for i := range 20 {
		in.WriteString(";" + string(rune('a'+i)) + "=dup")
	}
	m, err := mimetype.Parse(in.String())
	if err != nil || m.String() != want.String() {
		t.Errorf("Parse(%q) = %q, %v; want %q", in.String(), m, err, want.String())
	}
}
