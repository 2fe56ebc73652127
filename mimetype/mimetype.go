package mimetype

import (
	"errors"
	"iter"
	"strings"

	"github.com/gouri/uri/internal/abnf"
)

// ErrInvalid is the Err of every [*uri.Error] that this package returns:
// the input is not a MIME type, because its type or subtype is empty or
// holds a code point that is not an HTTP token code point, or it has no
// "/" (MIME Sniffing, section 4.4, steps 4, 5 and 9). The Error's Detail
// says which, and its Offset where.
var ErrInvalid = errors.New("invalid MIME type")

// MIMEType is a MIME type record of the MIME Sniffing Standard (section
// 4.1, https://mimesniff.spec.whatwg.org/#mime-type-representation): a
// type, a subtype, and parameters in the order in which they came, held
// as the record's serialization (section 4.5) and offsets into it.
//
// The accessors return substrings of the serialization and do not
// allocate, except [MIMEType.Param] and [MIMEType.Params] for a value with
// a quote or backslash in it. A MIMEType is a small value, safe to copy
// and to use from several goroutines. Two MIME types are == when their
// serializations are equal. The zero MIMEType is no MIME type: its
// accessors return "" and [MIMEType.IsZero] reports true.
//
// Each byte of the serialization is one code point from U+0000 to U+00FF
// (the standard's "serialize a MIME type to bytes"), as the bytes of an
// HTTP header are; a MIMEType from [ParseText] has its code points from
// U+0080 to U+00FF in UTF-8 instead, as its input had.
type MIMEType struct {
	s     string // the serialization
	slash int    // the index of "/"
	end   int    // the end of the subtype: the first ";", or len(s)
}

// Parse parses s as a MIME type with "parse a MIME type from bytes" (MIME
// Sniffing, section 4.4): each byte of s is one code point, the isomorphic
// decoding of the bytes, as the Fetch Standard reads a Content-Type
// header. Bytes from 0x80 to 0xFF may appear in parameter values, which
// keep them; a value with another code point outside the HTTP
// quoted-string token code points drops its parameter, as a parameter
// name that is not a token does.
//
// On failure it returns the zero MIMEType and a [*uri.Error] with Op
// [uri.OpParse], Err [ErrInvalid] and the offset of the first byte that no
// MIME type can have there. Parse allocates nothing when s is already in
// serialized form (the result's String is then s); otherwise it allocates
// the serialization, and a map for more than eight parameters.
func Parse(s string) (MIMEType, error) { return parse(s, false) }

// ParseText is [Parse] for a string of code points, written in UTF-8, as
// the standard's "parse a MIME type" takes them: the MIME type of an HTML
// attribute or of a JavaScript string. A code point above U+00FF, or a
// byte that is not part of valid UTF-8 (which stands for U+FFFD), is no
// HTTP quoted-string token code point, so a parameter value that holds
// one drops its parameter. The serialization keeps the UTF-8 of the code
// points from U+0080 to U+00FF. For ASCII input, ParseText and Parse
// return the same.
func ParseText(s string) (MIMEType, error) { return parse(s, true) }

// MustParse is [Parse] for MIME types known to be valid; it panics on an
// error. It is meant for tests, examples and package-level values, never
// for input.
func MustParse(s string) MIMEType {
	m, err := Parse(s)
	if err != nil {
		panic(err)
	}
	return m
}

// IsZero reports whether m is the zero MIMEType, which no parse returns.
func (m MIMEType) IsZero() bool { return m.s == "" }

// Type returns the type, in ASCII lower case: "text" for "Text/HTML".
func (m MIMEType) Type() string { return m.s[:m.slash] }

// Subtype returns the subtype, in ASCII lower case: "html" for
// "Text/HTML".
func (m MIMEType) Subtype() string {
	if m.s == "" {
		return ""
	}
	return m.s[m.slash+1 : m.end]
}

// Essence returns the type, "/" and the subtype (section 4.2): the MIME
// type without its parameters, "text/html" for "text/html;charset=utf-8".
func (m MIMEType) Essence() string { return m.s[:m.end] }

// String returns the serialization of m (section 4.5): the type, "/", the
// subtype, and for each parameter ";", its name, "=" and its value, quoted
// with "\" before each quote and backslash when the value is empty or is
// not made of HTTP token code points alone. The zero MIMEType gives "".
func (m MIMEType) String() string { return m.s }

// Param returns the value of the parameter called name, compared in ASCII
// lower case, and whether m has it. The value is the record's: without
// the quotes and backslashes of its serialization. It allocates only for
// a value that holds a quote or a backslash.
func (m MIMEType) Param(name string) (value string, ok bool) {
	for i := m.end; i < len(m.s); {
		n, raw, next := m.param(i)
		if abnf.EqualFold(n, name) {
			return unquote(raw), true
		}
		i = next
	}
	return "", false
}

// Params returns an iterator over the parameters of m, in order: each
// name, in lower case, and its value, as [MIMEType.Param] returns it.
func (m MIMEType) Params() iter.Seq2[string, string] {
	return func(yield func(string, string) bool) {
		for i := m.end; i < len(m.s); {
			n, raw, next := m.param(i)
			if !yield(n, unquote(raw)) {
				return
			}
			i = next
		}
	}
}

// param reads the parameter of the serialization that begins with the ";"
// at m.s[i]: its name, its value as written (quoted or not), and the index
// after it.
func (m MIMEType) param(i int) (name, raw string, next int) {
	eq := i + 1 + strings.IndexByte(m.s[i+1:], '=')
	name = m.s[i+1 : eq]
	j := eq + 1
	if j < len(m.s) && m.s[j] == '"' {
		k := j + 1
		for m.s[k] != '"' {
			if m.s[k] == '\\' {
				k++
			}
			k++
		}
		return name, m.s[j : k+1], k + 1
	}
	k := strings.IndexByte(m.s[j:], ';')
	if k < 0 {
		return name, m.s[j:], len(m.s)
	}
	return name, m.s[j : j+k], j + k
}

// unquote returns the value that raw, a value as the serialization writes
// it, stands for.
func unquote(raw string) string {
	if raw == "" || raw[0] != '"' {
		return raw
	}
	raw = raw[1 : len(raw)-1]
	i := strings.IndexByte(raw, '\\')
	if i < 0 {
		return raw
	}
	b := make([]byte, 0, len(raw)-1)
	for ; i < len(raw); i++ {
		if raw[i] == '\\' {
			b = append(b, raw[:i]...)
			raw, i = raw[i+1:], 0
		}
	}
	return string(append(b, raw...))
}

// MarshalText returns the serialization of m. It implements
// encoding.TextMarshaler.
func (m MIMEType) MarshalText() ([]byte, error) { return []byte(m.s), nil }

// AppendText appends the serialization of m to b. It implements
// encoding.TextAppender.
func (m MIMEType) AppendText(b []byte) ([]byte, error) { return append(b, m.s...), nil }

// UnmarshalText parses text with [Parse] and stores the result in m. On
// error, m is left as it was. It implements encoding.TextUnmarshaler.
func (m *MIMEType) UnmarshalText(text []byte) error {
	v, err := Parse(string(text))
	if err != nil {
		return err
	}
	*m = v
	return nil
}
