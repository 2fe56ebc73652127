package template

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strconv"
)

// errJSONValue is the error for a JSON value that is no variable value.
var errJSONValue = errors.New("template: a variable's value must be a string, number, boolean, null, an array of them or an object of them")

// UnmarshalJSON reads a JSON object of variables, as the uritemplate-test
// suite writes them: each member's value as [Value.UnmarshalJSON] reads
// it. The members are added to vs, which is made when nil.
func (vs *Values) UnmarshalJSON(data []byte) error {
	dec := newDecoder(data)
	if err := expectDelim(dec, '{'); err != nil {
		return err
	}
	if *vs == nil {
		*vs = Values{}
	}
	for dec.More() {
		tok, err := dec.Token()
		if err != nil {
			return err
		}
		v, err := decodeValue(dec)
		if err != nil {
			return err
		}
		(*vs)[tok.(string)] = v
	}
	if _, err := dec.Token(); err != nil { // }
		return err
	}
	return endOf(dec)
}

// UnmarshalJSON reads one variable's value (RFC 6570, Section 2.3) from
// JSON: a string; a number or a boolean, as the string of its JSON text
// ("6", "37.76", "true"); null, undefined; an array, a list; an object, an
// associative array, whose pairs keep the order of the object's members.
// A null member of an array or object is left out, as an undefined value;
// a nested array or object is an error.
func (v *Value) UnmarshalJSON(data []byte) error {
	dec := newDecoder(data)
	val, err := decodeValue(dec)
	if err != nil {
		return err
	}
	if err := endOf(dec); err != nil {
		return err
	}
	*v = val
	return nil
}

func newDecoder(data []byte) *json.Decoder {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	return dec
}

func expectDelim(dec *json.Decoder, d json.Delim) error {
	tok, err := dec.Token()
	if err != nil {
		return err
	}
	if tok != d {
		return fmt.Errorf("template: JSON %v where %v was expected", tok, d)
	}
	return nil
}

// endOf checks that nothing follows the value just read.
func endOf(dec *json.Decoder) error {
	if tok, err := dec.Token(); err != io.EOF {
		if err != nil {
			return err
		}
		return fmt.Errorf("template: JSON text after the value: %v", tok)
	}
	return nil
}

// decodeValue reads the next value of dec as a variable's value.
func decodeValue(dec *json.Decoder) (Value, error) {
	tok, err := dec.Token()
	if err != nil {
		return Value{}, err
	}
	switch tok := tok.(type) {
	case json.Delim:
		if tok == '[' {
			items := []string{}
			for dec.More() {
				s, ok, err := decodeScalar(dec)
				if err != nil {
					return Value{}, err
				}
				if ok {
					items = append(items, s)
				}
			}
			_, err := dec.Token() // ]
			return Value{kind: KindList, items: items}, err
		}
		if tok != '{' {
			return Value{}, errJSONValue
		}
		pairs := []Pair{}
		for dec.More() {
			key, err := dec.Token()
			if err != nil {
				return Value{}, err
			}
			s, ok, err := decodeScalar(dec)
			if err != nil {
				return Value{}, err
			}
			if ok {
				pairs = append(pairs, Pair{key.(string), s})
			}
		}
		_, err := dec.Token() // }
		return Value{kind: KindAssoc, pairs: pairs}, err
	case nil:
		return Value{}, nil
	}
	return String(scalarText(tok)), nil
}

// decodeScalar reads a member of an array or object: its string, or false
// for null.
func decodeScalar(dec *json.Decoder) (string, bool, error) {
	tok, err := dec.Token()
	if err != nil {
		return "", false, err
	}
	switch tok.(type) {
	case json.Delim:
		return "", false, errJSONValue
	case nil:
		return "", false, nil
	}
	return scalarText(tok), true, nil
}

// scalarText returns the text of a JSON string, number or boolean token.
func scalarText(tok json.Token) string {
	switch tok := tok.(type) {
	case string:
		return tok
	case json.Number:
		return tok.String()
	case bool:
		return strconv.FormatBool(tok)
	}
	return ""
}

// MarshalJSON writes the value as [Value.UnmarshalJSON] reads it: a string,
// an array, an object with the pairs in order, or null when undefined.
func (v Value) MarshalJSON() ([]byte, error) {
	if !v.Defined() {
		return []byte("null"), nil
	}
	switch v.kind {
	case KindList:
		return json.Marshal(v.items)
	case KindAssoc:
		b := []byte{'{'}
		for i, p := range v.pairs {
			if i > 0 {
				b = append(b, ',')
			}
			k, _ := json.Marshal(p.Key)
			val, _ := json.Marshal(p.Value)
			b = append(append(append(b, k...), ':'), val...)
		}
		return append(b, '}'), nil
	}
	return json.Marshal(v.s)
}
