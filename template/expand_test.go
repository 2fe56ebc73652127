package template_test

import (
	"errors"
	"testing"

	"github.com/gouri/uri"
	"github.com/gouri/uri/template"
)

var (
	s     = template.String
	list  = template.List
	assoc = func(kv ...string) template.Value {
		var pairs []template.Pair
		for i := 0; i+1 < len(kv); i += 2 {
			pairs = append(pairs, template.Pair{Key: kv[i], Value: kv[i+1]})
		}
		return template.Assoc(pairs...)
	}
)

// TestExpand pins expansions beyond the suite's: the edges of RFC 6570,
// Section 3 and Appendix A, and the contract that every expansion is an RFC
// 3986 URI-reference or an error.
func TestExpand(t *testing.T) {
	tests := []struct {
		name string
		tmpl string
		vars template.Values
		want string
		// An error: its sentinel, offset in the template and variable.
		err    error
		off    int
		errVar string
	}{
		{"undefined: missing", "a{x}b", nil, "ab", nil, 0, ""},
		{"undefined: the zero Value", "a{x}b", template.Values{"x": {}}, "ab", nil, 0, ""},
		{"undefined: a list without items (Section 2.3)", "{?x,y}", template.Values{"x": list(), "y": s("1")}, "?y=1", nil, 0, ""},
		{"undefined: an array without pairs", "{/x*,y}", template.Values{"x": assoc(), "y": s("1")}, "/1", nil, 0, ""},
		{"all undefined: no first string", "a{?x,y}{#z}", nil, "a", nil, 0, ""},
		{"empty string is defined: ;", "{;x}", template.Values{"x": s("")}, ";x", nil, 0, ""},
		{"empty string is defined: ?", "{?x}", template.Values{"x": s("")}, "?x=", nil, 0, ""},
		{"empty string is defined: /", "{/x}", template.Values{"x": s("")}, "/", nil, 0, ""},
		{"empty list member, named explode", "{;x*}{?y*}", template.Values{"x": list("", "a"), "y": list("")}, ";x;x=a?y=", nil, 0, ""},
		{"empty pair value, named explode", "{;x*}{?y*}", template.Values{"x": assoc("a", ""), "y": assoc("b", "")}, ";a?b=", nil, 0, ""},
		{"pair names are encoded", "{?x*}", template.Values{"x": assoc("a b", "c&d")}, "?a%20b=c%26d", nil, 0, ""},
		{"bytes that are not UTF-8 are encoded", "{x}{+x}", template.Values{"x": s("\xff")}, "%FF%FF", nil, 0, ""},
		{"literal ucschar and iprivate are encoded (Section 3.1)", "café\U000F0000", nil, "caf%C3%A9%F3%B0%80%80", nil, 0, ""},
		{"literal pct-encoded is copied", "%7e{x}", template.Values{"x": s("~")}, "%7e~", nil, 0, ""},
		{"prefix counts characters", "{x:2}", template.Values{"x": s("éa\u20acb")}, "%C3%A9a", nil, 0, ""},
		{"prefix counts a byte that is not UTF-8 as one", "{x:2}", template.Values{"x": s("\xffab")}, "%FFa", nil, 0, ""},
		{"prefix in + keeps a triplet whole", "{+x:1}", template.Values{"x": s("%41b")}, "%41", nil, 0, ""},
		{"prefix in + keeps a character's triplets whole", "{+x:2}", template.Values{"x": s("%C3%A9%E2%82%ACb")}, "%C3%A9%E2%82%AC", nil, 0, ""},
		{"prefix in + with a lone %", "{+x:2}", template.Values{"x": s("%zz")}, "%25z", nil, 0, ""},
		{"prefix longer than the value", "{x:9999}", template.Values{"x": s("ab")}, "ab", nil, 0, ""},
		{"prefix on an undefined list is no error", "{x:1}", template.Values{"x": list()}, "", nil, 0, ""},
		{"+ copies reserved characters", "{+x}", template.Values{"x": s("/a?b=c&d;e,f")}, "/a?b=c&d;e,f", nil, 0, ""},
		{"a scheme made by values", "{x}:{y}", template.Values{"x": s("a"), "y": s("b")}, "a:b", nil, 0, ""},

		// Section 2.4.1: "Prefix modifiers are not applicable to variables
		// that have composite values."
		{"prefix on a list", "x{y:1}", template.Values{"y": list("a")}, "", template.ErrPrefixComposite, 2, "y"},
		{"prefix on an associative array", "{+a,keys:1}", template.Values{"a": s("1"), "keys": assoc("k", "v")}, "", template.ErrPrefixComposite, 4, "keys"},

		// Strict output: an expansion that is no URI-reference is an error
		// at the expression (or literal) that wrote the first bad byte.
		{"+ with a second #", "{+x}", template.Values{"x": s("a#b#c")}, "", template.ErrNotURI, 2, "x"},
		{"# with a second #", "/p{#x}", template.Values{"x": s("a#b")}, "", template.ErrNotURI, 4, "x"},
		{"+ with [ in a path", "/{+x}", template.Values{"x": s("a[b")}, "", template.ErrNotURI, 3, "x"},
		{"+ with an IP literal", "http://{+h}/", template.Values{"h": s("[::1]")}, "http://[::1]/", nil, 0, ""},
		{"+ with a broken IP literal: the / after it is the first bad byte", "http://{+h}/", template.Values{"h": s("[::1")}, "", template.ErrNotURI, 11, ""},
		{"a port that is no number", "http://h:{port}/", template.Values{"port": s("x")}, "", template.ErrNotURI, 10, "port"},
		{"a colon in the first segment", "{x}:{y}", template.Values{"x": s("1"), "y": s("b")}, "", template.ErrNotURI, 3, ""},
		{"a literal that cannot be a URI", "#a#", nil, "", template.ErrNotURI, 2, ""},
		{"a literal # then a fragment expansion", "/{x}#{#y}", template.Values{"x": s("a"), "y": s("b")}, "", template.ErrNotURI, 7, "y"},
		{"the bad literal is found in encoded text", "é#a#", nil, "", template.ErrNotURI, 4, ""},
	}
	for _, tt := range tests {
		tp, err := template.Parse(tt.tmpl)
		if err != nil {
			t.Errorf("%s: Parse(%q) = %v", tt.name, tt.tmpl, err)
			continue
		}
		u, err := tp.Expand(tt.vars)
		dst := []byte("prefix")
		b, appendErr := tp.AppendExpand(dst, tt.vars)
		if tt.err == nil {
			if err != nil || u.String() != tt.want {
				t.Errorf("%s: Expand(%q, %v) = %q, %v; want %q", tt.name, tt.tmpl, tt.vars, u.String(), err, tt.want)
			}
			if appendErr != nil || string(b) != "prefix"+tt.want {
				t.Errorf("%s: AppendExpand(%q, %q, %v) = %q, %v", tt.name, dst, tt.tmpl, tt.vars, b, appendErr)
			}
			if _, perr := uri.Parse(u.String()); perr != nil {
				t.Errorf("%s: Expand(%q) = %q, which is no URI-reference: %v", tt.name, tt.tmpl, u.String(), perr)
			}
			continue
		}
		var e *uri.Error
		if !errors.As(err, &e) || !errors.Is(err, tt.err) || e.Offset != tt.off || e.Name != tt.errVar || e.Op != template.OpExpand || e.Input != tt.tmpl || u != (uri.URI{}) {
			t.Errorf("%s: Expand(%q, %v) = %q, %#v; want %v at offset %d, variable %q", tt.name, tt.tmpl, tt.vars, u.String(), err, tt.err, tt.off, tt.errVar)
			continue
		}
		var cause *uri.Error
		if errors.Is(err, template.ErrNotURI) != errors.As(e.Cause, &cause) {
			t.Errorf("%s: Expand(%q): ErrNotURI without its *uri.Error as Cause, or the reverse: %v", tt.name, tt.tmpl, err)
		}
		if appendErr == nil || appendErr.Error() != err.Error() || string(b) != "prefix" {
			t.Errorf("%s: AppendExpand(%q, %q) = %q, %v; want %q and the error of Expand, %v", tt.name, dst, tt.tmpl, b, appendErr, "prefix", err)
		}
	}
}

// TestExpandFunc: Expand parses and expands; a template error is Parse's.
func TestExpandFunc(t *testing.T) {
	u, err := template.Expand("/a{/b}", template.Values{"b": s("c d")})
	if err != nil || u.String() != "/a/c%20d" || u.Path() != "/a/c%20d" {
		t.Errorf("Expand(%q) = %q, %v", "/a{/b}", u.String(), err)
	}
	_, err = template.Expand("/a{/b", nil)
	var e *uri.Error
	if !errors.As(err, &e) || e.Op != uri.OpParse || e.Offset != 5 {
		t.Errorf("Expand(%q) = %v, want the error of Parse", "/a{/b", err)
	}
}
