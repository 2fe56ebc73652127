package urlpattern

import (
	"unicode/utf8"

	"github.com/gouri/uri/urlpattern/internal/jsregexp"
)

// tokenType is the type of a token (section 2.1.1).
type tokenType uint8

const (
	tokOpen          tokenType = iota // "{"
	tokClose                          // "}"
	tokRegexp                         // "(...)"; the value is what is inside
	tokName                           // ":name"; the value is the name
	tokChar                           // a code point without a meaning of its own
	tokEscapedChar                    // "\x"; the value is the code point escaped
	tokOtherModifier                  // "?" or "+"
	tokAsterisk                       // "*"
	tokEnd                            // the end of the pattern string
	tokInvalidChar                    // a code point that cannot be where it is (lenient policy only)
)

// A token is a lexical token of a pattern string (section 2.1.1): index
// is the byte offset of its first code point in the input, and its value
// is input[vs:ve]. Tokens hold offsets rather than strings, so that a list
// of them holds no pointers for the garbage collector to follow.
type token struct {
	typ    tokenType
	index  int32
	vs, ve int32
}

// value returns the token's value in input.
func (t token) value(input string) string { return input[t.vs:t.ve] }

// maxPattern is the longest pattern string, whose offsets fit in int32.
const maxPattern = 1<<31 - 1

// tokenizeError is a failure of tokenize with the strict policy: the
// reason, and the byte offset that the offset rule gives.
type tokenizeError struct {
	err error
	off int
}

// tokenizer is the tokenizer of section 2.1.2, on byte offsets: index and
// next are offsets of code points in input, and cp is the code point at
// the last one read, U+FFFD for a byte that is not UTF-8.
type tokenizer struct {
	input   string
	lenient bool
	tokens  []token
	index   int
	next    int
	cp      rune
	fail    *tokenizeError // the first error, with the strict policy
}

// tokenize runs the tokenizer on input. With the strict policy (lenient
// false) it returns at the first error, with its offset; with the lenient
// one, errors become invalid-char tokens.
func tokenize(input string, lenient bool) ([]token, *tokenizeError) {
	if len(input) > maxPattern {
		return nil, &tokenizeError{ErrUnexpected, maxPattern}
	}
	// Each code point is at most one token, and most are one.
	t := &tokenizer{input: input, lenient: lenient, tokens: make([]token, 0, len(input)+1)}
	for t.index < len(input) && t.fail == nil {
		t.seek(t.index)
		switch t.cp {
		case '*':
			t.addDefault(tokAsterisk)
		case '+', '?':
			t.addDefault(tokOtherModifier)
		case '\\':
			if t.next == len(input) {
				t.error(t.next, t.index, ErrInvalidEscape, len(input))
				continue
			}
			escaped := t.next
			t.read()
			t.add(tokEscapedChar, t.next, escaped, t.next-escaped)
		case '{':
			t.addDefault(tokOpen)
		case '}':
			t.addDefault(tokClose)
		case ':':
			t.name()
		case '(':
			t.regexp()
		default:
			t.addDefault(tokChar)
		}
	}
	if t.fail != nil {
		return nil, t.fail
	}
	t.add(tokEnd, t.index, t.index, 0)
	return t.tokens, nil
}

// read is "get the next code point".
func (t *tokenizer) read() {
	r, n := utf8.DecodeRuneInString(t.input[t.next:])
	t.cp = r
	t.next += n
}

// seek is "seek and get the next code point".
func (t *tokenizer) seek(i int) {
	t.next = i
	t.read()
}

// add is "add a token": the value is input[valuePos:valuePos+length], and
// the tokenizer goes on at nextPos.
func (t *tokenizer) add(typ tokenType, nextPos, valuePos, length int) {
	t.tokens = append(t.tokens, token{typ, int32(t.index), int32(valuePos), int32(valuePos + length)})
	t.index = nextPos
}

// addDefault is "add a token with default position and length".
func (t *tokenizer) addDefault(typ tokenType) {
	t.add(typ, t.next, t.index, t.next-t.index)
}

// error is "process a tokenizing error": with the lenient policy an
// invalid-char token of input[valuePos:nextPos]; with the strict one, the
// failure err at the byte offset off.
func (t *tokenizer) error(nextPos, valuePos int, err error, off int) {
	if !t.lenient {
		t.fail = &tokenizeError{err, off}
		return
	}
	t.add(tokInvalidChar, nextPos, valuePos, nextPos-valuePos)
}

// name tokenizes ":name" at index: the longest run of name code points
// after ":".
func (t *tokenizer) name() {
	start := t.next
	pos := start
	for pos < len(t.input) {
		t.seek(pos)
		if !jsregexp.IsIdentifierChar(t.cp, pos == start) { // "is a valid name code point"
			break
		}
		pos = t.next
	}
	if pos <= start {
		// The first byte after ":" is the first that no name can start with.
		t.error(start, t.index, ErrInvalidName, start)
		return
	}
	t.add(tokName, pos, start, pos-start)
}

// regexp tokenizes "(...)" at index, up to the ")" that closes it; a "("
// inside must start a group "(?", and every code point must be ASCII.
func (t *tokenizer) regexp() {
	depth := 1
	start := t.next
	pos := start
	for pos < len(t.input) {
		t.seek(pos)
		if t.cp >= utf8.RuneSelf {
			t.error(start, t.index, ErrInvalidGroup, pos)
			return
		}
		if pos == start && t.cp == '?' {
			t.error(start, t.index, ErrInvalidGroup, pos)
			return
		}
		switch t.cp {
		case '\\':
			if pos == len(t.input)-1 {
				t.error(start, t.index, ErrInvalidGroup, len(t.input))
				return
			}
			t.read()
			if t.cp >= utf8.RuneSelf {
				t.error(start, t.index, ErrInvalidGroup, pos+1)
				return
			}
			pos = t.next
			continue
		case ')':
			depth--
			if depth == 0 {
				pos = t.next
				goto closed
			}
		case '(':
			depth++
			if pos == len(t.input)-1 {
				t.error(start, t.index, ErrInvalidGroup, len(t.input))
				return
			}
			tmp := t.next
			t.read()
			if t.cp != '?' {
				t.error(start, t.index, ErrInvalidGroup, tmp)
				return
			}
			t.next = tmp
		}
		pos = t.next
	}
	if depth != 0 {
		t.error(start, t.index, ErrInvalidGroup, len(t.input))
		return
	}
closed:
	if pos-start-1 == 0 {
		// "()": the ")" right after "(" is where it goes wrong.
		t.error(start, t.index, ErrInvalidGroup, start)
		return
	}
	t.add(tokRegexp, pos, start, pos-start-1)
}
