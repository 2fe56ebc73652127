package main

import (
	"encoding/json"
	"fmt"
)

// The URL Pattern suite of web-platform-tests: the folder
// urlpattern/resources of a WPT checkout holds the three data files that
// urlpattern.any.js, urlpattern-compare.tentative.any.js and the
// generate test read. Each entry becomes one row, in the upstream order,
// with the members the harness reads; the "//" comments are dropped.
// Strings are decoded by encoding/json, which reads a lone UTF-16
// surrogate escape as U+FFFD, as a USVString conversion does. The upstream
// folder is not among those beside the module: name it with -from.

const urlPatternSource = "web-platform-tests, urlpattern/resources/"

func convertURLPattern(src string, out *output) error {
	files := []struct {
		in, out string
		keys    []string
	}{
		{"urlpatterntestdata.json", "urlpatterntestdata.jsonl",
			[]string{"pattern", "inputs", "exactly_empty_components", "expected_obj", "expected_match"}},
		{"urlpattern-compare-test-data.json", "urlpattern-compare.jsonl",
			[]string{"component", "left", "right", "expected"}},
		{"urlpattern-generate-test-data.json", "urlpattern-generate.jsonl",
			[]string{"pattern", "component", "groups", "expected"}},
	}
	for _, f := range files {
		var entries []map[string]json.RawMessage
		if err := readJSON(src, f.in, &entries); err != nil {
			return err
		}
		rows := make([]any, 0, len(entries))
		for i, e := range entries {
			row, err := keepMembers(e, f.keys)
			if err != nil {
				return fmt.Errorf("%s: entry %d: %w", f.in, i, err)
			}
			rows = append(rows, row)
		}
		if err := out.write(f.out, urlPatternSource+f.in, rows); err != nil {
			return err
		}
	}
	return nil
}

// orderedRow is a JSON object whose members keep their order.
type orderedRow []field

type field struct {
	key   string
	value any
}

func (r orderedRow) MarshalJSON() ([]byte, error) {
	b := []byte{'{'}
	for i, m := range r {
		if i > 0 {
			b = append(b, ',')
		}
		k, err := json.Marshal(m.key)
		if err != nil {
			return nil, err
		}
		v, err := marshalNoEscape(m.value)
		if err != nil {
			return nil, err
		}
		b = append(append(append(b, k...), ':'), v...)
	}
	return append(b, '}'), nil
}

// marshalNoEscape marshals v leaving "<", ">" and "&" as they are.
func marshalNoEscape(v any) ([]byte, error) {
	var b jsonBuffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return nil, err
	}
	return b[:len(b)-1], nil // without Encode's newline
}

type jsonBuffer []byte

func (b *jsonBuffer) Write(p []byte) (int, error) {
	*b = append(*b, p...)
	return len(p), nil
}

// keepMembers returns the members of e named in keys, in that order, each
// decoded and encoded again (a field that is null stays null; one that
// is absent stays absent). A field that keys does not name, other than
// the "//" comments, is an error, so that a new field upstream is not
// lost unnoticed.
func keepMembers(e map[string]json.RawMessage, keys []string) (orderedRow, error) {
	known := map[string]bool{"//": true}
	var row orderedRow
	for _, k := range keys {
		known[k] = true
		raw, ok := e[k]
		if !ok {
			continue
		}
		var v any
		if err := json.Unmarshal(raw, &v); err != nil {
			return nil, fmt.Errorf("%s: %w", k, err)
		}
		row = append(row, field{k, v})
	}
	for k := range e {
		if !known[k] {
			return nil, fmt.Errorf("unknown field %q", k)
		}
	}
	return row, nil
}
