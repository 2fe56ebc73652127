package template

import (
	"sync"
	"unicode/utf8"

	"github.com/gouri/uri"
	"github.com/gouri/uri/internal/abnf"
)

// Template is a parsed URI Template (RFC 6570): literals and expressions,
// ready to be expanded many times and to match URIs. A Template is
// immutable and safe for concurrent use.
type Template struct {
	raw   string
	parts []part
	names []string // the distinct variable names, in order of appearance

	matchOnce sync.Once
	m         *matcher // compiled on the first Match
	// hinted holds the matchers compiled for MatchOptions.Kinds that
	// change the automaton, by the key of namedKinds.
	hinted sync.Map
}

// part is a literal or an expression of a template.
type part struct {
	off, end int // the bytes of the template it comes from: [off, end)
	// lit is a literal's text as expansion writes it: the template's text
	// with every ucschar and iprivate pct-encoded (RFC 6570, Section 3.1).
	lit   string
	op    *operator // nil for a literal
	specs []varspec
}

// varspec is one variable of an expression (RFC 6570, Section 2.3).
//
//	varspec = varname [ modifier-level4 ]
type varspec struct {
	name    string
	off     int  // where the name starts in the template
	maxLen  int  // the prefix modifier's length in characters; 0 without one
	explode bool // the explode modifier "*"
}

// operator is one row of the table of RFC 6570, Appendix A: what an
// expression writes before its first defined variable (first) and between
// variables (sep), whether it writes names (named) and what follows a name
// whose value is empty (ifemp), and whether reserved characters pass
// unencoded (allow U+R, for "+" and "#").
type operator struct {
	char     byte // the operator; 0 for simple string expansion
	first    byte // 0 for none
	sep      byte
	named    bool
	ifemp    byte // 0 for none
	reserved bool
}

// operators are the eight expression types of RFC 6570, Section 3.2,
// indexed by the operator's byte (0 for none).
var operators = [...]*operator{
	0:   {char: 0, sep: ','},
	'+': {char: '+', sep: ',', reserved: true},
	'#': {char: '#', first: '#', sep: ',', reserved: true},
	'.': {char: '.', first: '.', sep: '.'},
	'/': {char: '/', first: '/', sep: '/'},
	';': {char: ';', first: ';', sep: ';', named: true},
	'?': {char: '?', first: '?', sep: '&', named: true, ifemp: '='},
	'&': {char: '&', first: '&', sep: '&', named: true, ifemp: '='},
}

// literalMask is the class of the characters of a literal. RFC 6570,
// Section 2.1 allows
//
//	literals = ... ucschar / iprivate / pct-encoded
//	         ; any Unicode character except: CTL, SP,
//	         ;  DQUOTE, "'", "%" (aside from pct-encoded),
//	         ;  "<", ">", "\", "^", "`", "{", "|", "}"
//
// but its own examples write "'" in literals ("'{var}'", Section 3.2.1),
// and so does the uritemplate-test suite: "'" is allowed. The ASCII
// literals are then exactly unreserved and reserved (RFC 3986, Section 2),
// which pass to the URI unencoded; ucschar and iprivate are those of RFC
// 3987, which expansion pct-encodes.
const literalMask = abnf.Unreserved | abnf.SubDelims | abnf.GenDelims | abnf.Ucschar | abnf.Iprivate

// Parse parses a URI Template (RFC 6570, Section 2): literals and
// expressions of all four levels. A template that does not follow the ABNF
// of Section 2 is an error (*uri.Error, Op uri.OpParse) that gives the offset of
// the first byte that cannot continue a valid template (Section 3 asks for
// the location); an operator reserved for future use ("=", ",", "!", "@",
// "|") is one. Parse allocates the Template and its parts.
func Parse(s string) (*Template, error) {
	t := &Template{raw: s}
	for i := 0; i < len(s); {
		var err error
		if s[i] == '{' {
			i, err = t.parseExpression(i)
		} else {
			i, err = t.parseLiteral(i)
		}
		if err != nil {
			return nil, err
		}
	}
	seen := map[string]bool{}
	for _, p := range t.parts {
		for _, v := range p.specs {
			if !seen[v.name] {
				seen[v.name] = true
				t.names = append(t.names, v.name)
			}
		}
	}
	return t, nil
}

// MustParse is [Parse] for templates known to be valid (RFC 6570, Section
// 2), in tests, examples and package-level variables: it panics on an
// error.
func MustParse(s string) *Template {
	t, err := Parse(s)
	if err != nil {
		panic(err)
	}
	return t
}

// String returns the template as it was parsed, byte for byte (RFC 6570,
// Section 2).
func (t *Template) String() string { return t.raw }

// Names returns the names of the template's variables, each once, in the
// order of their first appearance (RFC 6570, Section 2.3). The caller may
// modify the slice.
func (t *Template) Names() []string { return append([]string(nil), t.names...) }

// parseError returns the error of Parse for the template s, which fails
// with err at the byte off.
func parseError(s string, off int, err error) error {
	return &uri.Error{Op: uri.OpParse, Input: s, Offset: off, Err: err}
}

// parseLiteral reads the literals from s[i] to the next "{" or the end
// (RFC 6570, Section 2.1), and returns where it stopped.
func (t *Template) parseLiteral(i int) (int, error) {
	s := t.raw
	end, fault := abnf.Scan(s, i, literalMask)
	switch {
	case fault == abnf.BadPercent:
		return 0, parseError(s, end, ErrBadPercent)
	case fault != abnf.OK:
		return 0, parseError(s, end, ErrInvalidLiteral)
	case end < len(s) && s[end] != '{':
		return 0, parseError(s, end, ErrInvalidLiteral)
	}
	t.parts = append(t.parts, part{off: i, end: end, lit: encodeLiteral(s[i:end])})
	return end, nil
}

// encodeLiteral returns a valid literal with every character outside
// US-ASCII pct-encoded as UTF-8 (RFC 6570, Section 3.1: a literal that is
// not allowed in a URI is copied as its pct-encoded equivalent). Other
// characters, pct-encoded triplets included, are copied as they are.
func encodeLiteral(s string) string {
	n := 0
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			n++
		}
	}
	if n == 0 {
		return s
	}
	b := make([]byte, 0, len(s)+2*n)
	for i := 0; i < len(s); i++ {
		if c := s[i]; c >= utf8.RuneSelf {
			b = append(b, '%', abnf.UpperHex[c>>4], abnf.UpperHex[c&15])
		} else {
			b = append(b, c)
		}
	}
	return string(b)
}

// parseExpression reads the expression that starts at s[i], a "{" (RFC
// 6570, Section 2.2), and returns the index after its "}".
//
//	expression    = "{" [ operator ] variable-list "}"
//	operator      = op-level2 / op-level3 / op-reserve
//	op-level2     = "+" / "#"
//	op-level3     = "." / "/" / ";" / "?" / "&"
//	op-reserve    = "=" / "," / "!" / "@" / "|"
//	variable-list = varspec *( "," varspec )
func (t *Template) parseExpression(i int) (int, error) {
	s := t.raw
	p := part{off: i, op: operators[0]}
	j := i + 1
	if j < len(s) {
		switch c := s[j]; c {
		case '+', '#', '.', '/', ';', '?', '&':
			p.op = operators[c]
			j++
		case '=', ',', '!', '@', '|':
			return 0, parseError(s, j, ErrReservedOperator)
		}
	}
	for {
		v, k, err := parseVarspec(s, j)
		if err != nil {
			return 0, err
		}
		p.specs = append(p.specs, v)
		j = k
		if j == len(s) {
			return 0, parseError(s, j, ErrUnclosed)
		}
		switch s[j] {
		case ',':
			j++
			continue
		case '}':
			p.end = j + 1
			t.parts = append(t.parts, p)
			return j + 1, nil
		}
		return 0, parseError(s, j, ErrInvalidVarname)
	}
}

// parseVarspec reads a varspec at s[i] and returns it and the index after
// it (RFC 6570, Sections 2.3 and 2.4).
//
//	varspec         = varname [ modifier-level4 ]
//	varname         = varchar *( ["."] varchar )
//	varchar         = ALPHA / DIGIT / "_" / pct-encoded
//	modifier-level4 = prefix / explode
//	prefix          = ":" max-length
//	max-length      = %x31-39 0*3DIGIT ; positive integer < 10000
//	explode         = "*"
func parseVarspec(s string, i int) (varspec, int, error) {
	v := varspec{off: i}
	j, err := scanVarchar(s, i)
	if err != nil {
		return v, 0, err
	}
	for j < len(s) {
		c := s[j]
		if c == '.' {
			j++ // a "." must be followed by a varchar
		} else if !abnf.IsAlpha(c) && !abnf.IsDigit(c) && c != '_' && c != '%' {
			break
		}
		if j, err = scanVarchar(s, j); err != nil {
			return v, 0, err
		}
	}
	v.name = s[i:j]
	if j == len(s) {
		return v, j, nil
	}
	switch s[j] {
	case '*':
		v.explode = true
		return v, j + 1, nil
	case ':':
		j++
		start := j
		for j < len(s) && abnf.IsDigit(s[j]) && j-start < 4 && (j > start || s[j] != '0') {
			v.maxLen = v.maxLen*10 + int(s[j]-'0')
			j++
		}
		switch {
		case j == len(s):
			return v, 0, parseError(s, j, ErrUnclosed)
		case j == start || (s[j] != ',' && s[j] != '}'):
			return v, 0, parseError(s, j, ErrInvalidPrefix)
		}
	}
	return v, j, nil
}

// scanVarchar reads one varchar at s[i] and returns the index after it, or
// the error at i: the end of the template, a byte that is no varchar, or a
// "%" without two hex digits.
func scanVarchar(s string, i int) (int, error) {
	switch {
	case i >= len(s):
		return 0, parseError(s, len(s), ErrUnclosed)
	case abnf.IsAlpha(s[i]) || abnf.IsDigit(s[i]) || s[i] == '_':
		return i + 1, nil
	case s[i] != '%':
		return 0, parseError(s, i, ErrInvalidVarname)
	case i+1 >= len(s):
		return 0, parseError(s, len(s), ErrUnclosed)
	case !abnf.IsHex(s[i+1]):
		return 0, parseError(s, i+1, ErrBadPercent)
	case i+2 >= len(s):
		return 0, parseError(s, len(s), ErrUnclosed)
	case !abnf.IsHex(s[i+2]):
		return 0, parseError(s, i+2, ErrBadPercent)
	}
	return i + 3, nil
}
