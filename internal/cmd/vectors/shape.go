package main

import (
	"bytes"
	"crypto/sha1"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"unicode/utf16"
	"unicode/utf8"
)

// The helpers of this file serve every suite: reading upstream JSON so
// that nothing is lost without notice, and writing the licence files that
// go beside the vectors.

// upstream is one upstream file, read whole.
type upstream struct {
	name string // the file's name in its folder
	data []byte
}

// readUpstream reads the file name of the folder src.
func readUpstream(src, name string) (upstream, error) {
	data, err := os.ReadFile(filepath.Join(src, name))
	return upstream{name, data}, err
}

// blob is the file's git blob hash, as `git hash-object` prints it: the
// header of each vector file names the exact upstream version with it.
func (u upstream) blob() string {
	h := sha1.New()
	fmt.Fprintf(h, "blob %d\x00", len(u.data))
	h.Write(u.data)
	return hex.EncodeToString(h.Sum(nil))
}

// decode decodes the whole file into v, refusing members that v has no
// field for, so that a fact the upstream file gains is not dropped
// without notice.
func (u upstream) decode(v any) error {
	return decodeStrict(u.data, v)
}

// decodeStrict decodes the JSON text data into v, refusing unknown members
// and anything after the value.
func decodeStrict(data []byte, v any) error {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		return err
	}
	if dec.More() {
		return fmt.Errorf("data after the JSON value")
	}
	return nil
}

// member is one name and value of a JSON object.
type member struct {
	name  string
	value json.RawMessage
}

// members returns the members of the JSON object data in the order of the
// text, which a Go map would lose. A name may come twice only with the same
// value (some upstream files repeat a case), and is kept once.
func members(data []byte) ([]member, error) {
	dec := json.NewDecoder(bytes.NewReader(data))
	if tok, err := dec.Token(); err != nil || tok != json.Delim('{') {
		return nil, fmt.Errorf("not a JSON object (%v)", err)
	}
	var out []member
	seen := map[string]json.RawMessage{}
	for dec.More() {
		tok, err := dec.Token()
		if err != nil {
			return nil, err
		}
		name := tok.(string) // an object's keys are strings
		var value json.RawMessage
		if err := dec.Decode(&value); err != nil {
			return nil, fmt.Errorf("%q: %w", name, err)
		}
		if prev, ok := seen[name]; ok {
			if !sameJSON(prev, value) {
				return nil, fmt.Errorf("%q comes twice with different values", name)
			}
			continue
		}
		seen[name] = value
		out = append(out, member{name, value})
	}
	if _, err := dec.Token(); err != nil {
		return nil, err
	}
	return out, nil
}

// sameJSON reports whether a and b are the same JSON text but for space.
func sameJSON(a, b []byte) bool {
	var ca, cb bytes.Buffer
	return json.Compact(&ca, a) == nil && json.Compact(&cb, b) == nil && bytes.Equal(ca.Bytes(), cb.Bytes())
}

// hexIfInvalid returns s in hexadecimal when s is not valid UTF-8, and ""
// when it is. A row holds such a string twice, as the uri command's JSON
// does: the text (where encoding/json writes U+FFFD for each bad byte) and
// the bytes in a member whose name ends in "_hex".
func hexIfInvalid(s string) string {
	if utf8.ValidString(s) {
		return ""
	}
	return hex.EncodeToString([]byte(s))
}

// writeFile writes data to the file name of the suite's folder: the licence
// files, whose text their conditions ask to be kept as it is.
func (o *output) writeFile(name string, data []byte) error {
	if err := os.MkdirAll(o.dir, 0o755); err != nil {
		return err
	}
	return os.WriteFile(filepath.Join(o.dir, name), data, 0o644)
}

// copyLicence writes the licence file name of src into the suite's folder,
// under the same name: a first paragraph that says which file of the
// upstream project it is (by its git blob) and that the facts of the
// folder's vectors were taken under it, then the licence's text unchanged,
// as the licences ask their notice to go with a copy.
func (o *output) copyLicence(src, name string) error {
	u, err := readUpstream(src, name)
	if err != nil {
		return err
	}
	var b bytes.Buffer
	fmt.Fprintf(&b, "The vectors of this folder hold facts (inputs and expected results) converted from the\n"+
		"files of the upstream project named in README.md, under the licence below: its file %s\n"+
		"(git blob %s), whose text follows unchanged.\n\n", name, u.blob())
	b.Write(u.data)
	return o.writeFile(name, b.Bytes())
}

// apacheLicence writes the file LICENSE of the suite's folder for data
// under the Apache License 2.0: the notice, which names the copyright
// holders as the upstream project does and says that the files were
// changed (section 4(b) and (c) of the licence), then the licence's text,
// read from the file text of src unchanged (section 4(a)).
func (o *output) apacheLicence(src, text, notice string) error {
	u, err := readUpstream(src, text)
	if err != nil {
		return err
	}
	var b bytes.Buffer
	b.WriteString(notice)
	b.WriteString("\n\n")
	b.Write(u.data)
	return o.writeFile("LICENSE", b.Bytes())
}

// escapeInvisible returns the JSON text line with each character that does
// not show, or that could change how the text around it shows, written as
// a \u escape: C1 controls, format characters (the byte-order mark, the
// bidirectional controls, zero-width characters), spaces other than
// U+0020, fillers, variation selectors, tags, private-use characters and
// noncharacters. Such characters stand only inside strings in JSON text,
// where an escape means the same. encoding/json has escaped the C0
// controls, U+2028 and U+2029 already. The list is fixed here rather than
// taken from package unicode, so that every Go release writes the same
// vectors.
func escapeInvisible(line []byte) []byte {
	var b []byte
	for i := 0; i < len(line); {
		r, size := utf8.DecodeRune(line[i:])
		if invisible(r) {
			if b == nil {
				b = append(b, line[:i]...)
			}
			for _, u := range utf16.Encode([]rune{r}) {
				b = fmt.Appendf(b, `\u%04x`, u)
			}
		} else if b != nil {
			b = append(b, line[i:i+size]...)
		}
		i += size
	}
	if b == nil {
		return line
	}
	return b
}

// invisibleRanges are the characters that escapeInvisible escapes, as
// inclusive ranges.
var invisibleRanges = [][2]rune{
	{0x7f, 0xa0}, {0xad, 0xad}, {0x34f, 0x34f}, {0x61c, 0x61c}, {0x115f, 0x1160},
	{0x1680, 0x1680}, {0x17b4, 0x17b5}, {0x180b, 0x180f}, {0x2000, 0x200f},
	{0x2028, 0x202f}, {0x205f, 0x206f}, {0x3000, 0x3000}, {0x3164, 0x3164},
	{0xd800, 0xdfff}, {0xe000, 0xf8ff}, {0xfdd0, 0xfdef}, {0xfe00, 0xfe0f},
	{0xfeff, 0xfeff}, {0xffa0, 0xffa0}, {0xfff0, 0xfffb}, {0x1bca0, 0x1bca3},
	{0x1d173, 0x1d17a}, {0xe0000, 0xe0fff}, {0xf0000, 0x10ffff},
}

// invisible reports whether escapeInvisible escapes r.
func invisible(r rune) bool {
	if r&0xfffe == 0xfffe { // U+FFFE, U+FFFF and their like in every plane
		return true
	}
	for _, rg := range invisibleRanges {
		if rg[0] <= r && r <= rg[1] {
			return true
		}
	}
	return false
}
