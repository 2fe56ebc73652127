package extract_test

import (
	"encoding/json"
	"io"
	"strings"
	"testing"
	"testing/iotest"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"

	"github.com/gouri/uri/extract"
)

// FuzzExtract checks, in each mode, on any text: no panic; every URL found
// parses by the URL Standard and its Text is text[Start:End]; the offsets
// increase and do not overlap; the UTF-16 offsets count the text before
// (checkMatches); in modes Default and Relaxed, no URL holds a '"' or a
// "`", which delimit URLs, but in the local part of an address; and a
// Scanner finds the same over any split of the text into reads.
func FuzzExtract(f *testing.F) {
	for _, s := range []string{
		"See https://example.com/a_(b)). www.example.org, a@example.com",
		"链接：https://例子.com/路径。【www.example.com】",
		"[2001:db8::1]:8080/x 192.168.1.1/abc example.co.uk/x?y",
		"<http://a.b>&amp; http://a%http://a% www.a&b; [https://a.com\n\nhttps://b.com",
		"https://x.com/\u202eevil \xff\xfehttp://a.b mailto:a@b.c?x tel:+1",
		"http:http://a.com//b@c.d(e)[f]{g}'h'\"i\"`j`",
		`{"u":["https:\/\/a.example\/x\u0026y","https://b.example/\u8def"]} 'https://c.example/it's' git@github.com:x/y`,
	} {
		f.Add(s, uint8(0), uint16(1))
		f.Add(s, uint8(1), uint16(7))
		f.Add(s, uint8(2), uint16(3))
	}
	es := map[extract.Mode]*extract.Extractor{}
	for _, mode := range modes {
		es[mode] = extractor(f, mode)
	}
	f.Fuzz(func(t *testing.T, text string, mode uint8, split uint16) {
		e := es[extract.Mode(mode%3)]
		want := e.Find(text)
		checkMatches(t, text, want)
		if extract.Mode(mode%3) != extract.GFM {
			checkDelimiters(t, text, want)
		}
		r := iotest.OneByteReader(strings.NewReader(text))
		if split > 1 {
			r = &chunkReader{s: text, n: int(split)}
		}
		got, _ := streamAll(t, e, r, len(text)+64)
		if d := cmp.Diff(rows(want), rows(got)); d != "" {
			t.Fatalf("%v: Scanner over %q in reads of %d (-All +Scanner):\n%s", extract.Mode(mode%3), text, split, d)
		}
	})
}

// chunkReader returns s in reads of n bytes.
type chunkReader struct {
	s string
	n int
}

func (r *chunkReader) Read(p []byte) (int, error) {
	if r.s == "" {
		return 0, io.EOF
	}
	k := copy(p[:min(len(p), r.n)], r.s)
	r.s = r.s[k:]
	return k, nil
}

// checkDelimiters checks that no URL found in modes Default and Relaxed
// holds a character that delimits URLs in text, '"' and "`", but in the
// local part of an address (RFC 5322, Section 3.4.1: atext and quoted
// strings), bare or after "mailto:", which ends at its first "@".
func checkDelimiters(t *testing.T, text string, ms []extract.Match) {
	t.Helper()
	for _, m := range ms {
		rest := m.Text
		if at := strings.IndexByte(m.Text, '@'); at >= 0 && (m.Kind == extract.KindEmail || m.URL.Scheme() == "mailto") {
			rest = m.Text[at:]
		}
		if strings.ContainsAny(rest, "\"`") {
			t.Fatalf("match %q of %q holds a delimiter", m.Text, text)
		}
	}
}

// FuzzJSON checks that the URLs found in a JSON array of strings, each of
// which is one URL when it is the whole text, are the strings of the
// array, in modes Default and Relaxed: JSON's quotation marks delimit
// them, whatever the URLs hold. Encoded with "&", "<" and ">" escaped as
// "\u0026", "\u003c", "\u003e" (as Go's encoder does) and "/" as "\/"
// (as PHP's does), the same URLs are found, written as they are in the
// JSON text.
func FuzzJSON(f *testing.F) {
	f.Add("https://a.example/1", "https://b.example/it's?a=(1)&b='2'#c")
	f.Add("www.example.com/x;y", "tel:+1-201-555-0123")
	f.Add("example.com/'a'", "a@example.com")
	f.Add("[::1]:8080/é", "mailto:a@example.com?subject=a&body=b")
	es := map[extract.Mode]*extract.Extractor{}
	for _, mode := range modes[:2] {
		es[mode] = extractor(f, mode)
	}
	f.Fuzz(func(t *testing.T, a, b string) {
		for mode, e := range es {
			var list, hrefs []string
			for _, u := range []string{a, b, a} {
				if ms := e.Find(u); len(ms) == 1 && ms[0].Text == u && !strings.ContainsAny(u, `"\`) {
					list = append(list, u)
					hrefs = append(hrefs, ms[0].URL.Href())
				}
			}
			var plain strings.Builder
			enc := json.NewEncoder(&plain)
			enc.SetEscapeHTML(false)
			if err := enc.Encode(list); err != nil {
				t.Fatal(err)
			}
			escaped, err := json.Marshal(list)
			if err != nil {
				t.Fatal(err)
			}
			for _, text := range []string{plain.String(), string(escaped), strings.ReplaceAll(string(escaped), "/", `\/`)} {
				var want []string
				if err := json.Unmarshal([]byte(text), &want); err != nil || !cmp.Equal(want, list, cmpopts.EquateEmpty()) {
					t.Fatalf("%q is not the JSON of %q: %v", text, list, err)
				}
				var written, got []string
				for _, m := range e.Find(text) {
					written = append(written, m.Text)
					got = append(got, m.URL.Href())
				}
				if !cmp.Equal(got, hrefs, cmpopts.EquateEmpty()) {
					t.Fatalf("%v: Find(%q) = %q, read as %q, want %q", mode, text, written, got, hrefs)
				}
				if text == plain.String() && !cmp.Equal(written, list, cmpopts.EquateEmpty()) {
					t.Fatalf("%v: Find(%q) = %q, want %q", mode, text, written, list)
				}
			}
		}
	})
}
