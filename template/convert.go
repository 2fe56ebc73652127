package template

import (
	"encoding/json"
	"math"
	"reflect"
	"slices"
	"strconv"
	"strings"

	"github.com/gouri/uri"
)

// ValuesOf returns the variables of m as Values, so that a client can
// expand a template with the values it has at hand (RFC 6570, Section 2.3
// gives the three kinds a variable may have):
//
//   - a string (or a type whose kind is string, or []byte) is a string;
//   - a boolean is "true" or "false", an integer its decimal digits, a
//     float the shortest text that reads back as it ("37.76", "1e+21", as
//     JSON writes numbers), and a json.Number its text;
//   - a slice or an array of those is a list, in order;
//   - a map whose keys are strings, of those, is an associative array in
//     the order of its keys, sorted, since a Go map has no order of its own;
//   - nil, as a variable's value or as a member of a list or map, is
//     undefined: the variable, or the member, is left out, as
//     Value.UnmarshalJSON leaves out a JSON null; so is a variable whose
//     list or map has no members, which is undefined (Section 2.3).
//
// Any other value (a struct, a pointer, a nested list or map, a complex
// number, a NaN or an infinity) is an error, never a panic: a *uri.Error
// with Op [OpExpand], Err ErrValueType, Name the variable, Input its
// name and Detail the Go type; the names are looked at in sorted order, so
// the error is the same on every call. It allocates the Values and the
// text of each number.
func ValuesOf(m map[string]any) (Values, error) {
	names := make([]string, 0, len(m))
	for name := range m {
		names = append(names, name)
	}
	slices.Sort(names)
	vals := make(Values, len(m))
	for _, name := range names {
		v, ok, err := valueOf(m[name])
		if err != nil {
			return nil, &uri.Error{Op: OpExpand, Name: name, Input: name, Offset: uri.NoOffset, Err: ErrValueType, Detail: err.Error()}
		}
		if ok && v.Defined() {
			vals[name] = v
		}
	}
	return vals, nil
}

// typeError is the reason of ErrValueType: the Go type at fault.
type typeError struct{ t reflect.Type }

func (e typeError) Error() string {
	if e.t == nil {
		return "nil"
	}
	return "a value of Go type " + e.t.String()
}

// valueOf converts one variable's value; ok is false for nil.
func valueOf(x any) (Value, bool, error) {
	if x == nil {
		return Value{}, false, nil
	}
	if s, ok, err := scalarOf(x); ok || err != nil {
		return String(s), ok, err
	}
	rv := reflect.ValueOf(x)
	switch rv.Kind() {
	case reflect.Slice, reflect.Array:
		items := make([]string, 0, rv.Len())
		for i := range rv.Len() {
			s, ok, err := memberOf(rv.Index(i))
			if err != nil {
				return Value{}, false, err
			}
			if ok {
				items = append(items, s)
			}
		}
		return Value{kind: KindList, items: items}, true, nil
	case reflect.Map:
		if rv.Type().Key().Kind() != reflect.String {
			return Value{}, false, typeError{rv.Type()}
		}
		keys := rv.MapKeys()
		slices.SortFunc(keys, func(a, b reflect.Value) int { return strings.Compare(a.String(), b.String()) })
		pairs := make([]Pair, 0, len(keys))
		for _, k := range keys {
			s, ok, err := memberOf(rv.MapIndex(k))
			if err != nil {
				return Value{}, false, err
			}
			if ok {
				pairs = append(pairs, Pair{Key: k.String(), Value: s})
			}
		}
		return Value{kind: KindAssoc, pairs: pairs}, true, nil
	}
	return Value{}, false, typeError{rv.Type()}
}

// memberOf converts a member of a list or a map: a scalar, or nil.
func memberOf(rv reflect.Value) (string, bool, error) {
	if rv.Kind() == reflect.Interface {
		if rv.IsNil() {
			return "", false, nil
		}
		rv = rv.Elem()
	}
	s, ok, err := scalarOf(rv.Interface())
	if !ok && err == nil {
		err = typeError{rv.Type()}
	}
	return s, ok, err
}

// scalarOf returns the string of a string, boolean or number; ok is false
// for other kinds of value, and err set for a number that has no text.
func scalarOf(x any) (string, bool, error) {
	switch v := x.(type) {
	case string:
		return v, true, nil
	case []byte:
		return string(v), true, nil
	case json.Number:
		return v.String(), true, nil
	}
	rv := reflect.ValueOf(x)
	switch rv.Kind() {
	case reflect.String:
		return rv.String(), true, nil
	case reflect.Bool:
		return strconv.FormatBool(rv.Bool()), true, nil
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		return strconv.FormatInt(rv.Int(), 10), true, nil
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		return strconv.FormatUint(rv.Uint(), 10), true, nil
	case reflect.Float32, reflect.Float64:
		f := rv.Float()
		if math.IsNaN(f) || math.IsInf(f, 0) {
			return "", false, typeError{rv.Type()}
		}
		bits := 64
		if rv.Kind() == reflect.Float32 {
			bits = 32
		}
		return formatFloat(f, bits), true, nil
	}
	return "", false, nil
}

// formatFloat writes f as encoding/json writes a number: the shortest
// decimal that reads back as f, with an exponent only for magnitudes below
// 1e-6 or from 1e21 on (ECMAScript's Number::toString).
func formatFloat(f float64, bits int) string {
	abs := math.Abs(f)
	format := byte('f')
	if abs != 0 && (bits == 64 && (abs < 1e-6 || abs >= 1e21) || bits == 32 && (float32(abs) < 1e-6 || float32(abs) >= 1e21)) {
		format = 'e'
	}
	s := strconv.FormatFloat(f, format, -1, bits)
	if format == 'e' {
		// 1e-07 becomes 1e-7, as JSON writes it.
		if n := len(s); n >= 4 && s[n-4] == 'e' && s[n-3] == '-' && s[n-2] == '0' {
			s = s[:n-2] + s[n-1:]
		}
	}
	return s
}
