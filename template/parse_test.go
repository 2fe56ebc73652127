package template_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/gouri/uri"
	"github.com/gouri/uri/template"
)

// parseErrors pins where and why Parse fails: Offset is the first byte
// that no valid template has after the bytes before it (RFC 6570, Section 3
// asks that the error's location be given). The first rows are every case
// of the suite's negative-tests.json that fails in Parse.
var parseErrors = []struct {
	in  string
	off int
	err error
}{
	{"{/id*", 5, template.ErrUnclosed},
	{"/id*}", 4, template.ErrInvalidLiteral},                  // a "}" that closes nothing
	{"{/?id}", 2, template.ErrInvalidVarname},                 // one operator only
	{"{var:prefix}", 5, template.ErrInvalidPrefix},            // max-length = %x31-39 0*3DIGIT
	{"{hello:2*}", 8, template.ErrInvalidPrefix},              // prefix and explode together
	{"{??hello}", 2, template.ErrInvalidVarname},              // one operator only
	{"{!hello}", 1, template.ErrReservedOperator},             // Section 2.2, op-reserve
	{"{with space}", 5, template.ErrInvalidVarname},           // no space in a varname
	{"{ leading_space}", 1, template.ErrInvalidVarname},       //
	{"{trailing_space }", 15, template.ErrInvalidVarname},     //
	{"{=path}", 1, template.ErrReservedOperator},              //
	{"{$var}", 1, template.ErrInvalidVarname},                 // "$" is no operator
	{"{|var*}", 1, template.ErrReservedOperator},              //
	{"{*keys?}", 1, template.ErrInvalidVarname},               //
	{"{?empty=default,var}", 7, template.ErrInvalidVarname},   // no default values
	{"{var}{-prefix|/-/|var}", 6, template.ErrInvalidVarname}, // a draft's syntax
	{"?q={searchTerms}&amp;c={example:color?}", 32, template.ErrInvalidPrefix},
	{"x{?empty|foo=none}", 8, template.ErrInvalidVarname},   //
	{"/h{#hello+}", 9, template.ErrInvalidVarname},          //
	{"/h#{hello+}", 9, template.ErrInvalidVarname},          //
	{"{;keys:1*}", 8, template.ErrInvalidPrefix},            //
	{"?{-join|&|var,list}", 2, template.ErrInvalidVarname},  //
	{"/people/{~thing}", 9, template.ErrInvalidVarname},     // "~" is no varchar
	{"/{default-graph-uri}", 9, template.ErrInvalidVarname}, // nor "-"
	{"/sparql{?query,default-graph-uri}", 22, template.ErrInvalidVarname},
	{"/sparql{?query){&default-graph-uri*}", 14, template.ErrInvalidVarname},
	{"/resolution{?x, y}", 15, template.ErrInvalidVarname}, //
	{"{var:0}", 5, template.ErrInvalidPrefix},              // positive
	{"{var:01}", 5, template.ErrInvalidPrefix},             // no leading zero
	{"{var:10000}", 9, template.ErrInvalidPrefix},          // below 10000
	{"{var:}", 5, template.ErrInvalidPrefix},               //
	{"{x.}", 3, template.ErrInvalidVarname},                // a "." between varchars only
	{"{x..y}", 3, template.ErrInvalidVarname},              //
	{"{%2x}", 3, template.ErrBadPercent},                   // pct-encoded = "%" HEXDIG HEXDIG
	// Literals (Section 2.1).
	{"a b", 1, template.ErrInvalidLiteral},      // SP
	{"a\"b", 1, template.ErrInvalidLiteral},     // DQUOTE
	{"<a>", 0, template.ErrInvalidLiteral},      //
	{"a\\b", 1, template.ErrInvalidLiteral},     //
	{"a^b", 1, template.ErrInvalidLiteral},      //
	{"a`b", 1, template.ErrInvalidLiteral},      //
	{"a|b", 1, template.ErrInvalidLiteral},      //
	{"a\x7fb", 1, template.ErrInvalidLiteral},   // CTL
	{"a\x00b", 1, template.ErrInvalidLiteral},   //
	{"a%", 2, template.ErrBadPercent},           // ends too early
	{"a%4", 3, template.ErrBadPercent},          //
	{"a%4g", 3, template.ErrBadPercent},         //
	{"a%g4", 2, template.ErrBadPercent},         //
	{"\xff", 0, template.ErrInvalidLiteral},     // not UTF-8
	{"\xe2\x82", 2, template.ErrInvalidLiteral}, // an incomplete character: ends too early
	{"\xe2\x82x", 2, template.ErrInvalidLiteral},
	{"a\u202eb", 3, template.ErrInvalidLiteral}, // a bidirectional formatting character: E2 80 begins U+2010 too
	{"a\u0085b", 2, template.ErrInvalidLiteral}, // a C1 control: C2 begins U+00A0 too
	{"}", 0, template.ErrInvalidLiteral},        //
	// Expressions (Sections 2.2 to 2.4).
	{"{", 1, template.ErrUnclosed},
	{"{}", 1, template.ErrInvalidVarname},
	{"{+}", 2, template.ErrInvalidVarname},
	{"{x", 2, template.ErrUnclosed},
	{"{x,", 3, template.ErrUnclosed},
	{"{x,}", 3, template.ErrInvalidVarname},
	{"{,x}", 1, template.ErrReservedOperator},
	{"{@x}", 1, template.ErrReservedOperator},
	{"{x*", 3, template.ErrUnclosed},
	{"{x**}", 3, template.ErrInvalidVarname},
	{"{x:", 3, template.ErrUnclosed},
	{"{x:9999", 7, template.ErrUnclosed},
	{"{x.", 3, template.ErrUnclosed},
	{"{%", 2, template.ErrUnclosed},
	{"{%4", 3, template.ErrUnclosed},
	{"{%g", 2, template.ErrBadPercent},
	{"{x{y}}", 2, template.ErrInvalidVarname}, // no nesting
	{"{é}", 1, template.ErrInvalidVarname},    // varchar is ASCII or pct-encoded
}

func TestParseErrors(t *testing.T) {
	for _, tt := range parseErrors {
		_, err := template.Parse(tt.in)
		var e *uri.Error
		if !errors.As(err, &e) {
			t.Errorf("Parse(%q) = %v, want an *Error", tt.in, err)
			continue
		}
		if e.Offset != tt.off || !errors.Is(err, tt.err) || e.Op != uri.OpParse || e.Input != tt.in {
			t.Errorf("Parse(%q) = %#v, want offset %d, %v", tt.in, e, tt.off, tt.err)
		}
		checkOffsetRule(t, tt.in, e.Offset)
	}
}

// checkOffsetRule checks the offset rule of Parse's errors: the template
// up to the offset is the beginning of a valid template, so that Parse
// either accepts it or fails at its end; one byte more, and it fails at
// the offset.
func checkOffsetRule(t *testing.T, in string, off int) {
	t.Helper()
	if off < 0 || off > len(in) {
		t.Errorf("Parse(%q): offset %d outside the input", in, off)
		return
	}
	if _, err := template.Parse(in[:off]); err != nil {
		var e *uri.Error
		if !errors.As(err, &e) || e.Offset != off {
			t.Errorf("Parse(%q) fails at %d, but Parse(%q) = %v: not the longest valid beginning", in, off, in[:off], err)
		}
	}
	if off < len(in) {
		var e *uri.Error
		if _, err := template.Parse(in[:off+1]); !errors.As(err, &e) || e.Offset != off {
			t.Errorf("Parse(%q) fails at %d, but Parse(%q) = %v", in, off, in[:off+1], err)
		}
	}
}

// TestParseValid pins templates that Parse accepts, and what Names
// returns for them (RFC 6570, Section 2.3: names in order, each once).
func TestParseValid(t *testing.T) {
	tests := []struct {
		in    string
		names []string
	}{
		{"", nil},
		{"http://example.com/~{user}/", []string{"user"}},
		{"'{var}'", []string{"var"}},         // "'": the RFC's examples write it
		{"{x,y}{x}{+y}", []string{"x", "y"}}, // each name once
		{"{Some%20Thing}{last.name}{_1}", []string{"Some%20Thing", "last.name", "_1"}},
		{"{a%2fb}{a%2Fb}", []string{"a%2fb", "a%2Fb"}},        // names are compared as written
		{"{var:1}{var:9999}{list*}", []string{"var", "list"}}, // max-length from 1 to 9999
		{"café/\U000F0000/{x}", []string{"x"}},                // ucschar and iprivate
		{"{+a}{#a}{.a}{/a}{;a}{?a}{&a}", []string{"a"}},       // every operator
		{"%20%2f/{x}", []string{"x"}},                         // pct-encoded literals
		{"!#$&()*+,-./:;=?@[]_~", nil},                        // reserved and unreserved
	}
	for _, tt := range tests {
		tp, err := template.Parse(tt.in)
		if err != nil {
			t.Errorf("Parse(%q) = %v", tt.in, err)
			continue
		}
		if tp.String() != tt.in {
			t.Errorf("Parse(%q).String() = %q", tt.in, tp.String())
		}
		if d := cmp.Diff(tt.names, tp.Names()); d != "" {
			t.Errorf("Parse(%q).Names() (-want +got):\n%s", tt.in, d)
		}
	}
}

// TestErrorText pins the message of the errors: the operation, the
// variable as Name, the reason, the cause, the offset and the input,
// quoted.
func TestErrorText(t *testing.T) {
	_, err := template.Parse("{/id*")
	if got, want := err.Error(), `uri: expression not closed at offset 5 (end of input) of "{/id*"`; got != want {
		t.Errorf("Parse(%q) error = %q, want %q", "{/id*", got, want)
	}
	_, err = template.Expand("x{y:1}", template.Values{"y": template.List("a")})
	if got, want := err.Error(), `uri: expand y: prefix modifier on a list or associative array at offset 2 of "x{y:1}"`; got != want {
		t.Errorf("Expand(%q) error = %q, want %q", "x{y:1}", got, want)
	}
	_, err = template.Expand("{+x}", template.Values{"x": template.String("a#b#c")})
	if got, want := err.Error(), `uri: expand x: expansion is not a URI-reference (invalid character "#" in fragment at offset 3 of "a#b#c") at offset 2 of "{+x}"`; got != want {
		t.Errorf("Expand(%q) error = %q, want %q", "{+x}", got, want)
	}
	_, err = template.MustParse("/a/{x}").Match("/b/1", nil)
	if got, want := err.Error(), `uri: match: URI does not match the template at offset 1 of "/b/1"`; got != want {
		t.Errorf("Match(%q) error = %q, want %q", "/b/1", got, want)
	}
	long := strings.Repeat("a", 200) + " "
	_, err = template.Parse(long)
	if got := err.Error(); !strings.HasPrefix(got, `uri: character not allowed in a literal at offset 200 of "...aaa`) || len(got) > 200 {
		t.Errorf("Parse(200 a's and a space) error = %q: want the input shortened around the offset", got)
	}
}
