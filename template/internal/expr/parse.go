// Package expr holds what expansion and matching of URI Templates (RFC
// 6570) share: the syntax of a template (Section 2), which Parse reads
// into literals and expressions; the text that an expression writes for
// one value (Section 3.2 and Appendix A), which AppendString and
// AppendComposite write; and the dot segments of a path (RFC 3986,
// Section 5.2.4) that a value may not write. Package template expands
// with it, and its matching engine reads values back by writing them
// again. Package template documents the errors of Parse and exports their
// reasons.
package expr

import (
	"errors"
	"unicode/utf8"

	"github.com/gouri/uri"
	"github.com/gouri/uri/internal/abnf"
)

// The reasons of the errors of Parse, which package template documents
// and exports.
var (
	ErrUnclosed         = errors.New("expression not closed")
	ErrInvalidLiteral   = errors.New("character not allowed in a literal")
	ErrReservedOperator = errors.New("operator reserved for future extensions")
	ErrInvalidVarname   = errors.New("invalid variable name")
	ErrInvalidPrefix    = errors.New("invalid prefix length")
)

// Part is a literal or an expression of a template.
type Part struct {
	Off, End int // the bytes of the template it comes from: [Off, End)
	// Lit is a literal's text as expansion writes it: the template's text
	// with every ucschar and iprivate pct-encoded (RFC 6570, Section 3.1).
	Lit      string
	Operator *Operator // nil for a literal
	Specs    []Spec
}

// Spec is one variable of an expression (RFC 6570, Section 2.3).
//
//	varspec = varname [ modifier-level4 ]
type Spec struct {
	Name    string
	Off     int  // where the name starts in the template
	MaxLen  int  // the prefix modifier's length in characters; 0 without one
	Explode bool // the explode modifier "*"
}

// Operator is one row of the table of RFC 6570, Appendix A: what an
// expression writes before its first defined variable (First) and between
// variables (Sep), whether it writes names (Named) and what follows a name
// whose value is empty (Ifemp), and whether reserved characters pass
// unencoded (allow U+R, for "+" and "#").
type Operator struct {
	Char     byte // the operator; 0 for simple string expansion
	First    byte // 0 for none
	Sep      byte
	Named    bool
	Ifemp    byte // 0 for none
	Reserved bool
}

// operators are the eight expression types of RFC 6570, Section 3.2,
// indexed by the operator's byte (0 for none).
var operators = [...]*Operator{
	0:   {Char: 0, Sep: ','},
	'+': {Char: '+', Sep: ',', Reserved: true},
	'#': {Char: '#', First: '#', Sep: ',', Reserved: true},
	'.': {Char: '.', First: '.', Sep: '.'},
	'/': {Char: '/', First: '/', Sep: '/'},
	';': {Char: ';', First: ';', Sep: ';', Named: true},
	'?': {Char: '?', First: '?', Sep: '&', Named: true, Ifemp: '='},
	'&': {Char: '&', First: '&', Sep: '&', Named: true, Ifemp: '='},
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

// Parse reads the template s (RFC 6570, Section 2) into its parts, and
// returns them with the distinct names of its variables, in order of
// appearance. A template that does not follow the ABNF of Section 2 is an
// error (*uri.Error, Op uri.OpParse) at the first byte that cannot
// continue a valid template.
func Parse(s string) (parts []Part, names []string, err error) {
	p := &parser{s: s}
	for i := 0; i < len(s); {
		if s[i] == '{' {
			i, err = p.expression(i)
		} else {
			i, err = p.literal(i)
		}
		if err != nil {
			return nil, nil, err
		}
	}
	seen := map[string]bool{}
	for _, part := range p.parts {
		for _, v := range part.Specs {
			if !seen[v.Name] {
				seen[v.Name] = true
				names = append(names, v.Name)
			}
		}
	}
	return p.parts, names, nil
}

// parser is the state of Parse.
type parser struct {
	s     string
	parts []Part
}

// parseError returns the error of Parse for the template s, which fails
// with err at the byte off.
func parseError(s string, off int, err error) error {
	return &uri.Error{Op: uri.OpParse, Input: s, Offset: off, Err: err}
}

// literal reads the literals from s[i] to the next "{" or the end
// (RFC 6570, Section 2.1), and returns where it stopped.
func (p *parser) literal(i int) (int, error) {
	s := p.s
	end, fault := abnf.Scan(s, i, literalMask)
	switch {
	case fault == abnf.BadPercent:
		return 0, parseError(s, end, abnf.ErrBadPercent)
	case fault != abnf.OK:
		return 0, parseError(s, end, ErrInvalidLiteral)
	case end < len(s) && s[end] != '{':
		return 0, parseError(s, end, ErrInvalidLiteral)
	}
	p.parts = append(p.parts, Part{Off: i, End: end, Lit: encodeLiteral(s[i:end])})
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

// expression reads the expression that starts at s[i], a "{" (RFC
// 6570, Section 2.2), and returns the index after its "}".
//
//	expression    = "{" [ operator ] variable-list "}"
//	operator      = op-level2 / op-level3 / op-reserve
//	op-level2     = "+" / "#"
//	op-level3     = "." / "/" / ";" / "?" / "&"
//	op-reserve    = "=" / "," / "!" / "@" / "|"
//	variable-list = varspec *( "," varspec )
func (p *parser) expression(i int) (int, error) {
	s := p.s
	e := Part{Off: i, Operator: operators[0]}
	j := i + 1
	if j < len(s) {
		switch c := s[j]; c {
		case '+', '#', '.', '/', ';', '?', '&':
			e.Operator = operators[c]
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
		e.Specs = append(e.Specs, v)
		j = k
		if j == len(s) {
			return 0, parseError(s, j, ErrUnclosed)
		}
		switch s[j] {
		case ',':
			j++
			continue
		case '}':
			e.End = j + 1
			p.parts = append(p.parts, e)
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
func parseVarspec(s string, i int) (Spec, int, error) {
	v := Spec{Off: i}
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
	v.Name = s[i:j]
	if j == len(s) {
		return v, j, nil
	}
	switch s[j] {
	case '*':
		v.Explode = true
		return v, j + 1, nil
	case ':':
		j++
		start := j
		for j < len(s) && abnf.IsDigit(s[j]) && j-start < 4 && (j > start || s[j] != '0') {
			v.MaxLen = v.MaxLen*10 + int(s[j]-'0')
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
		return 0, parseError(s, i+1, abnf.ErrBadPercent)
	case i+2 >= len(s):
		return 0, parseError(s, len(s), ErrUnclosed)
	case !abnf.IsHex(s[i+2]):
		return 0, parseError(s, i+2, abnf.ErrBadPercent)
	}
	return i + 3, nil
}
