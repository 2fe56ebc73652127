package template

import (
	"slices"
	"strconv"
)

// Kind is the type of a variable's value (RFC 6570, Section 2.3): a
// string, a list of strings or an associative array of (name, value) pairs.
// The zero Kind, Undefined, is a variable without a value.
type Kind uint8

// The kinds of value (RFC 6570, Section 2.3).
const (
	Undefined  Kind = iota // no value: expansion skips the variable
	KindString             // a string
	KindList               // a list of strings, in order
	KindAssoc              // an associative array: (name, value) pairs, in order
)

var kindNames = [...]string{"undefined", "string", "list", "associative array"}

// String returns the kind's name: "undefined", "string", "list" or
// "associative array".
func (k Kind) String() string {
	if int(k) < len(kindNames) {
		return kindNames[k]
	}
	return "kind(" + strconv.Itoa(int(k)) + ")"
}

// Pair is one (name, value) member of an associative array (RFC 6570,
// Section 2.3).
type Pair struct {
	Key, Value string
}

// Value is the value of one variable (RFC 6570, Section 2.3): a string, a
// list or an associative array, whose pairs keep their order, since the
// order is the order of expansion. The zero Value is undefined, and so are
// a list or an associative array without members: expansion skips them, as
// Section 2.3 says. Values are immutable and safe to share.
type Value struct {
	kind  Kind
	s     string
	items []string
	pairs []Pair
}

// String returns the string value s. The empty string is defined: it
// expands to nothing in "{x}" but to "x=" in "{?x}" (RFC 6570, Section 3.2.1).
func String(s string) Value { return Value{kind: KindString, s: s} }

// List returns a list value of the items, in order; it copies them. A list
// without items is undefined (RFC 6570, Section 2.3).
func List(items ...string) Value {
	return Value{kind: KindList, items: slices.Clone(items)}
}

// Assoc returns an associative array of the pairs, in the order given; it
// copies them. An array without pairs is undefined (RFC 6570, Section 2.3).
func Assoc(pairs ...Pair) Value {
	return Value{kind: KindAssoc, pairs: slices.Clone(pairs)}
}

// Kind returns the kind of the value (RFC 6570, Section 2.3): Undefined for
// the zero Value, else the kind it was made with, even for a list without
// items.
func (v Value) Kind() Kind { return v.kind }

// Defined reports whether expansion writes the variable: a string, or a
// list or associative array with at least one member (RFC 6570, Section 2.3).
func (v Value) Defined() bool {
	switch v.kind {
	case KindString:
		return true
	case KindList:
		return len(v.items) > 0
	case KindAssoc:
		return len(v.pairs) > 0
	}
	return false
}

// Str returns the string of a string value (RFC 6570, Section 2.3), or ""
// for other kinds.
func (v Value) Str() string { return v.s }

// Items returns the items of a list (RFC 6570, Section 2.3), or nil for
// other kinds. The slice is the value's own: do not modify it.
func (v Value) Items() []string { return v.items }

// Pairs returns the pairs of an associative array (RFC 6570, Section 2.3),
// in order, or nil for other kinds. The slice is the value's own: do not
// modify it.
func (v Value) Pairs() []Pair { return v.pairs }

// Equal reports whether v and w are the same value: the same kind and the
// same string, items or pairs in the same order. Undefined values are
// equal, however they were made (a list without items is undefined).
func (v Value) Equal(w Value) bool {
	if !v.Defined() || !w.Defined() {
		return v.Defined() == w.Defined()
	}
	return v.kind == w.kind && v.s == w.s && slices.Equal(v.items, w.items) && slices.Equal(v.pairs, w.pairs)
}

// Values maps variable names to values, for [Template.Expand] and as the
// result of [Template.Match]. A name is written as in the template,
// pct-encoding included: "a%20b" and "a b" are different names (RFC 6570,
// Section 2.3). A missing name is an undefined variable.
type Values map[string]Value

// Equal reports whether vs and ws define the same variables with equal
// values; undefined entries count as missing, as RFC 6570, Section 2.3
// treats them.
func (vs Values) Equal(ws Values) bool {
	for k, v := range vs {
		if !v.Equal(ws[k]) {
			return false
		}
	}
	for k, w := range ws {
		if _, ok := vs[k]; !ok && w.Defined() {
			return false
		}
	}
	return true
}
