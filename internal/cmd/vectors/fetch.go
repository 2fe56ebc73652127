package main

import (
	"encoding/base64"
	"encoding/json"
	"fmt"
)

// The wpt-fetch suite: the data: URL, forgiving-base64 and MIME type tests
// of web-platform-tests (fetch/data-urls/resources and
// mimesniff/mime-types/resources), which packages dataurl and mimetype
// read. Each row has the members that `uri data --json` prints for a data:
// URL, or "mime" alone for a MIME type:
//
//	{"input":S,"ok":true,"mime":S,"size":N,"body_base64":S}  data-urls.jsonl, base64.jsonl
//	{"input":S,"ok":true,"mime":S}                            mime-types.jsonl, generated-mime-types.jsonl
//	{"input":S,"ok":false}                                    any of them
//
// In base64.jsonl the input is the text given to the forgiving-base64
// decoder, which WPT reads as the body of "data:;base64," + input, and
// "mime" is that URL's. A body is written in standard base64 with padding.

// dataRow is one row of data-urls.jsonl or base64.jsonl.
type dataRow struct {
	Input string  `json:"input"`
	OK    bool    `json:"ok"`
	MIME  *string `json:"mime,omitempty"`
	Size  *int    `json:"size,omitempty"`
	Body  *string `json:"body_base64,omitempty"`
}

// mimeRow is one row of mime-types.jsonl or generated-mime-types.jsonl.
type mimeRow struct {
	Input string  `json:"input"`
	OK    bool    `json:"ok"`
	MIME  *string `json:"mime,omitempty"`
}

// wptFetch converts the four files of fetch/data-urls.
func wptFetch(src string, out *output) error {
	for _, f := range []func(string, *output) error{wptDataURLs, wptBase64, wptMIMETypes} {
		if err := f(src, out); err != nil {
			return err
		}
	}
	return nil
}

// okData is the row of a data: URL that the processor reads.
func okData(input, mime string, body []byte) dataRow {
	size := len(body)
	enc := base64.StdEncoding.EncodeToString(body)
	return dataRow{Input: input, OK: true, MIME: &mime, Size: &size, Body: &enc}
}

// wptDataURLs converts data-urls.json: [input, mimeType, body] or
// [input, null], the body an array of byte values.
func wptDataURLs(src string, out *output) error {
	var cases [][]json.RawMessage
	if err := readJSON(src, "data-urls.json", &cases); err != nil {
		return err
	}
	var rows []any
	for i, c := range cases {
		var input string
		var mime *string
		var body []byte
		if len(c) < 2 || json.Unmarshal(c[0], &input) != nil || json.Unmarshal(c[1], &mime) != nil {
			return fmt.Errorf("data-urls.json: case %d: not [input, mimeType, body]", i)
		}
		if mime == nil {
			rows = append(rows, dataRow{Input: input})
			continue
		}
		if len(c) != 3 {
			return fmt.Errorf("data-urls.json: case %d: no body", i)
		}
		var bytes []int
		if err := json.Unmarshal(c[2], &bytes); err != nil {
			return fmt.Errorf("data-urls.json: case %d: %w", i, err)
		}
		for _, b := range bytes {
			body = append(body, byte(b))
		}
		rows = append(rows, okData(input, *mime, body))
	}
	return out.write("data-urls.jsonl", "web-platform-tests fetch/data-urls/resources/data-urls.json", rows)
}

// wptBase64 converts base64.json: [input, bytes] or [input, null].
func wptBase64(src string, out *output) error {
	var cases [][]json.RawMessage
	if err := readJSON(src, "base64.json", &cases); err != nil {
		return err
	}
	var rows []any
	for i, c := range cases {
		var input string
		var bytes *[]int
		if len(c) != 2 || json.Unmarshal(c[0], &input) != nil || json.Unmarshal(c[1], &bytes) != nil {
			return fmt.Errorf("base64.json: case %d: not [input, bytes]", i)
		}
		if bytes == nil {
			rows = append(rows, dataRow{Input: input})
			continue
		}
		body := make([]byte, 0, len(*bytes))
		for _, b := range *bytes {
			body = append(body, byte(b))
		}
		// The type of "data:;base64," + input: an empty one, which the
		// processor replaces with its default.
		rows = append(rows, okData(input, "text/plain;charset=US-ASCII", body))
	}
	return out.write("base64.jsonl", "web-platform-tests fetch/data-urls/resources/base64.json", rows)
}

// wptMIMETypes converts mime-types.json (objects among section comments,
// which are dropped) and generated-mime-types.json: {input, output, ...},
// of which the input and the output are kept; output is null on failure.
func wptMIMETypes(src string, out *output) error {
	for _, name := range []string{"mime-types", "generated-mime-types"} {
		var cases []json.RawMessage
		if err := readJSON(src, name+".json", &cases); err != nil {
			return err
		}
		var rows []any
		for i, c := range cases {
			if len(c) > 0 && c[0] == '"' {
				continue // a comment between the cases
			}
			var k struct {
				Input  *string `json:"input"`
				Output *string `json:"output"`
			}
			if err := json.Unmarshal(c, &k); err != nil || k.Input == nil {
				return fmt.Errorf("%s.json: case %d: not {input, output}", name, i)
			}
			rows = append(rows, mimeRow{Input: *k.Input, OK: k.Output != nil, MIME: k.Output})
		}
		source := "web-platform-tests mimesniff/mime-types/resources/" + name + ".json"
		if err := out.write(name+".jsonl", source, rows); err != nil {
			return err
		}
	}
	return nil
}

// readJSON decodes the upstream file name of src into v, strictly.
func readJSON(src, name string, v any) error {
	u, err := readUpstream(src, name)
	if err != nil {
		return err
	}
	if err := u.decode(v); err != nil {
		return fmt.Errorf("%s: %w", name, err)
	}
	return nil
}
