package extract_test

import (
	"errors"
	"io"
	"strings"
	"testing"
	"testing/iotest"
	"unicode/utf16"

	"github.com/google/go-cmp/cmp"

	"github.com/gouri/uri"
	"github.com/gouri/uri/extract"
	"github.com/gouri/uri/whatwg"
)

// TestBoundaries pins where a URL starts and ends, row by row: the rule
// each row holds is in its name.
func TestBoundaries(t *testing.T) {
	D, R, G := extract.Default, extract.Relaxed, extract.GFM
	for _, c := range []struct {
		name string
		mode extract.Mode
		in   string
		want []string
	}{
		{"trailing punctuation", D, "See https://example.com/a.b?!.,:;*_~ now", []string{"https://example.com/a.b"}},
		{"quotes without their pair", D, `"https://example.com/x" 'https://example.com/y'`, []string{"https://example.com/x", "https://example.com/y"}},
		{"single quotes with their pair", D, `https://example.com/'a' https://example.com/it's`, []string{"https://example.com/'a'", "https://example.com/it's"}},
		{"double quote delimits (RFC 2396, 2.4.3)", D, `https://example.com/"b" https://example.com/path"onmouseover="alert(1)`, []string{"https://example.com/", "https://example.com/path"}},
		{"JSON array", D, `["https://a.example/1","https://b.example/2"]`, []string{"https://a.example/1", "https://b.example/2"}},
		{"JSON object", D, `{"url":"https://api.example.com/v1/x","b":1}`, []string{"https://api.example.com/v1/x"}},
		{"JSON escaped quotes", D, `{"text":"see \"https://a.example/x\" and 'https://b.example/y'"}`, []string{"https://a.example/x", "https://b.example/y"}},
		{"HTML attributes", D, `<a href="https://example.com/x?a=1&amp;b=2" title='https://example.com/y'>`, []string{"https://example.com/x?a=1&amp;b=2", "https://example.com/y"}},
		{"Markdown link titles", D, `[t](https://example.com/x "title") [u](https://example.com/y 'title')`, []string{"https://example.com/x", "https://example.com/y"}},
		{"shell arguments", D, `curl -H 'Accept: */*' 'https://example.com/a?b=1&c=2' "https://example.com/b"`, []string{"https://example.com/a?b=1&c=2", "https://example.com/b"}},
		{"single quotes close the URL after one", D, `['https://a.example/1','https://b.example/2']`, []string{"https://a.example/1", "https://b.example/2"}},
		{"apostrophe in a word in quotes", D, `'https://example.com/it's' 'https://en.wikipedia.org/wiki/Conway's_Game_of_Life'`, []string{"https://example.com/it's", "https://en.wikipedia.org/wiki/Conway's_Game_of_Life"}},
		{"apostrophe next to punctuation closes", D, `'https://example.com/?q='x'`, []string{"https://example.com/?q="}},
		{"no userinfo across a closing quote", D, `'ftp://a.example','u@b.example'`, []string{"ftp://a.example"}},
		{"nested quotes", D, `"he wrote 'https://example.com/a'" '{"u":"https://example.com/b"}'`, []string{"https://example.com/a", "https://example.com/b"}},
		{"backtick delimits", D, "`https://a.example/x`,`https://b.example/y` https://example.com/a`b", []string{"https://a.example/x", "https://b.example/y", "https://example.com/a"}},
		{"typographic quotes", D, "„https://example.com/a“ «https://example.com/b» ‹https://example.com/c› 「https://example.com/d」", []string{"https://example.com/a", "https://example.com/b", "https://example.com/c", "https://example.com/d"}},
		{"balanced parentheses kept", D, "(https://en.wikipedia.org/wiki/Go_(language)).", []string{"https://en.wikipedia.org/wiki/Go_(language)"}},
		{"unbalanced closer ends", D, "[https://example.com/a] {https://example.com/b}", []string{"https://example.com/a", "https://example.com/b"}},
		{"angle brackets end", D, "<https://example.com/a>b", []string{"https://example.com/a"}},
		{"HTML entity at the end", D, "https://example.com/?a=1&amp; https://example.com/&#39;", []string{"https://example.com/?a=1", "https://example.com/"}},
		{"entity inside kept", D, "https://example.com/?a=1&amp;b=2", []string{"https://example.com/?a=1&amp;b=2"}},
		{"backtick of a code span", D, "`https://example.com/x`", []string{"https://example.com/x"}},
		{"CJK full stop and comma", D, "链接：https://example.com/路径。再见，https://example.org/a，", []string{"https://example.com/路径", "https://example.org/a"}},
		{"CJK brackets", D, "请访问【https://example.com/p】或「https://example.org/q」", []string{"https://example.com/p", "https://example.org/q"}},
		{"full-width punctuation", D, "（https://example.com/a）！https://example.com/b？", []string{"https://example.com/a", "https://example.com/b"}},
		{"curly quotes", D, "“https://example.com/a” ‘https://example.com/b’…", []string{"https://example.com/a", "https://example.com/b"}},
		{"zero width space ends", D, "https://example.com/a\u200bb", []string{"https://example.com/a"}},
		{"bidi control ends", D, "https://example.com/\u202etxt.exe", []string{"https://example.com/"}},
		{"byte order mark ends", D, "\ufeffhttps://example.com/a\ufeff", []string{"https://example.com/a"}},
		{"joiner after a virama kept", D, "https://example.com/ള്\u200dx", []string{"https://example.com/ള്\u200dx"}},
		{"joiner elsewhere ends", D, "https://example.com/a\u200db", []string{"https://example.com/a"}},
		{"invalid UTF-8 ends", D, "https://example.com/a\xffb", []string{"https://example.com/a"}},
		{"scheme must be a word", D, "xhttp://example.com _http://example.com 1http://example.com", nil},
		{"scheme after punctuation", D, "text:http://example.com/ (http://example.org)", []string{"http://example.com/", "http://example.org"}},
		{"special scheme needs //", D, "http: the protocol, ssh: connect, http:example.com", nil},
		{"schemes of the default list", D, "ftp://ftp.example.com/f wss://example.com/s tel:+1-201-555-0123", []string{"ftp://ftp.example.com/f", "wss://example.com/s", "tel:+1-201-555-0123"}},
		{"mailto needs an address", D, "mailto:bar mailto:a@example.com?subject=x.", []string{"mailto:a@example.com?subject=x"}},
		{"port over five digits", D, "http://example.com:500000/ http://example.com:8080/", []string{"http://example.com:8080/"}},
		{"host must be a name", D, "http://.example.com http://-example.com http://a..b", nil},
		{"userinfo", D, "http://user:pass@example.com:8080/p", []string{"http://user:pass@example.com:8080/p"}},
		{"no userinfo across brackets", D, "[a](https://www.ibm.com)[b](mailto:someone@ibm.com)", []string{"https://www.ibm.com", "mailto:someone@ibm.com"}},
		{"www needs a listed suffix", D, "www.example.com www.example.notatld www.example.co.uk.", []string{"www.example.com", "www.example.co.uk"}},
		{"bare domain only relaxed", D, "example.com a@example.com 192.0.2.1", nil},
		{"bare domain", R, "Visit example.com/path, or GOOGLE.COM.", []string{"example.com/path", "GOOGLE.COM"}},
		{"unlisted suffix", R, "node.js main.go example.invalid localhost", nil},
		{"not after a path or scheme", R, "/path/to/file.pl path:to:file.pm @example.com", nil},
		{"e-mail", R, `<user@example.com>, test."foo".bar@gmail.co.uk!`, []string{"user@example.com", `test."foo".bar@gmail.co.uk`}},
		{"e-mail needs a listed suffix", R, "foo@bar foo@bar.notatld", nil},
		{"no e-mail before a path (scp)", R, "git@github.com:x/y.git me@host.example.com:~/f a@example.org:/etc", nil},
		{"e-mail before a colon", R, "Write to a@example.com: now, or b@example.com:", []string{"a@example.com", "b@example.com"}},
		{"quoted in relaxed", R, `['example.com/it's','[::1]:8080/a','a@example.com'] {"d":"example.org/x"}`, []string{"example.com/it's", "[::1]:8080/a", "a@example.com", "example.org/x"}},
		{"IPv4", R, "4.4.4.4 192.168.1.1:8080/abc 1.2.3.4.5 1.2.3 1.2.3.400 01.2.3.4", []string{"4.4.4.4", "192.168.1.1:8080/abc"}},
		{"IPv6 in brackets", R, "[2001:db8::1]:8080/x [::1] [1:2]", []string{"[2001:db8::1]:8080/x", "[::1]"}},
		{"GFM www after space only", G, "www.a.b x~www.a.b x.www.a.b", []string{"www.a.b", "www.a.b"}},
		{"GFM trailing parenthesis", G, "www.google.com/search?q=Markup+(business)))", []string{"www.google.com/search?q=Markup+(business)"}},
		{"GFM entity-like end", G, "www.google.com/search?q=commonmark&hl;", []string{"www.google.com/search?q=commonmark"}},
		{"GFM keeps ]", G, "https://example.com/a]b", []string{"https://example.com/a]b"}},
		{"GFM no literal in an open [", G, "[https://a.com\n\nhttps://b.com", []string{"https://b.com"}},
		{"GFM autolink, and a literal after <", G, "<https://example.com/a b> <https://example.com/x>", []string{"https://example.com/a", "https://example.com/x"}},
		{"GFM CJK punctuation ends too", G, "https://example.com/a。b", []string{"https://example.com/a"}},
	} {
		e := extractor(t, c.mode)
		if got := texts(e.Find(c.in)); !cmp.Equal(c.want, got) {
			t.Errorf("%s: %v Find(%q) = %q, want %q", c.name, c.mode, c.in, got, c.want)
		}
	}
}

// TestJSONEscapes: in modes Default and Relaxed, a URL goes on through
// the escapes of JSON that stand for its characters ("\/", "\u" and four
// hex digits; RFC 8259, Section 7) and is read with them decoded; Text is
// as written. Any other "\" ends it, and one that starts no escape of JSON
// after one makes the candidate no URL. Mode GFM reads "\" as GitHub does.
func TestJSONEscapes(t *testing.T) {
	D, R, G := extract.Default, extract.Relaxed, extract.GFM
	type pair struct{ Text, Href string }
	for _, c := range []struct {
		name string
		mode extract.Mode
		in   string
		want []pair
	}{
		{"escaped slashes", D, `{"u":"https:\/\/a.example\/x?a=1#f"}`, []pair{{`https:\/\/a.example\/x?a=1#f`, "https://a.example/x?a=1#f"}}},
		{"escaped ampersand", D, `{"u":"https://a.example/?a=1\u0026b=2"}`, []pair{{`https://a.example/?a=1\u0026b=2`, "https://a.example/?a=1&b=2"}}},
		{"escaped characters beyond ASCII", D, `"https://a.example/\u8def\u5F84\ud83d\ude00"`, []pair{{`https://a.example/\u8def\u5F84\ud83d\ude00`, "https://a.example/%E8%B7%AF%E5%BE%84%F0%9F%98%80"}}},
		{"escaped less-than ends", D, `"https://a.example/x\u003cb\u003e"`, []pair{{"https://a.example/x", "https://a.example/x"}}},
		{"escaped quotation mark ends", D, `{"t":"see \"https:\/\/a.example\/x\" now"}`, []pair{{`https:\/\/a.example\/x`, "https://a.example/x"}}},
		{"escaped bracket ends", D, `"https://a.example/x\u0028y\u0029"`, []pair{{"https://a.example/x", "https://a.example/x"}}},
		{"lone surrogate ends", D, `"https://a.example/x\ud83dy"`, []pair{{"https://a.example/x", "https://a.example/x"}}},
		{"escaped newline after punctuation", D, `"see https:\/\/a.example\/x.\n"`, []pair{{`https:\/\/a.example\/x`, "https://a.example/x"}}},
		{"a regular expression is no JSON", D, `/^https:\/\/example\.com\// https://a.example/b\/c\.d`, nil},
		{"other backslashes end", D, `https://a.example/x\y C:\https://b.example`, []pair{{"https://a.example/x", "https://a.example/x"}, {"https://b.example", "https://b.example/"}}},
		{"escaped in relaxed", R, `["example.com\/x","www.example.org\/y","[::1]\/z"]`, []pair{{`example.com\/x`, "http://example.com/x"}, {`www.example.org\/y`, "http://www.example.org/y"}, {`[::1]\/z`, "http://[::1]/z"}}},
		{"GFM reads it as written", G, `https://a.example/x\/y`, []pair{{`https://a.example/x\/y`, "https://a.example/x//y"}}},
	} {
		var got []pair
		for m := range extractor(t, c.mode).All(c.in) {
			got = append(got, pair{m.Text, m.URL.Href()})
		}
		if d := cmp.Diff(c.want, got); d != "" {
			t.Errorf("%s: %v All(%q) (-want +got):\n%s", c.name, c.mode, c.in, d)
		}
	}
}

// TestMatch: the fields of a match, its kind and its host as written and
// in A-labels.
func TestMatch(t *testing.T) {
	e := extractor(t, extract.Relaxed)
	in := "é https://Bücher.example/x bob@Example.COM www.example.com 😀 192.0.2.1"
	type row struct {
		Start, End, Start16, End16 int
		Text, Href, Host, Hostname string
		Kind                       extract.Kind
	}
	var got []row
	for m := range e.All(in) {
		got = append(got, row{m.Start, m.End, m.Start16, m.End16, m.Text, m.URL.Href(), m.Host(), m.URL.Hostname(), m.Kind})
	}
	want := []row{
		{3, 28, 2, 26, "https://Bücher.example/x", "https://xn--bcher-kva.example/x", "Bücher.example", "xn--bcher-kva.example", extract.KindScheme},
		{29, 44, 27, 42, "bob@Example.COM", "mailto:bob@Example.COM", "Example.COM", "", extract.KindEmail},
		{45, 60, 43, 58, "www.example.com", "http://www.example.com/", "www.example.com", "www.example.com", extract.KindWWW},
		{66, 75, 62, 71, "192.0.2.1", "http://192.0.2.1/", "192.0.2.1", "192.0.2.1", extract.KindIPv4},
	}
	if d := cmp.Diff(want, got); d != "" {
		t.Errorf("All(%q) (-want +got):\n%s", in, d)
	}
}

// TestNew: a scheme of the list that is no scheme is an error.
func TestNew(t *testing.T) {
	for _, c := range []struct {
		scheme string
		offset int
	}{{"", 0}, {"1http", 0}, {"ht tp", 2}, {"a_b", 1}} {
		_, err := extract.New(extract.Options{Schemes: []string{"https", c.scheme}})
		var ue *uri.Error
		if !errors.As(err, &ue) || !errors.Is(err, extract.ErrBadScheme) || ue.Op != uri.OpParse || ue.Name != "schemes" || ue.Input != c.scheme || ue.Offset != c.offset {
			t.Errorf("New(Schemes %q) = %#v, want Op parse, Name schemes, Offset %d, ErrBadScheme", c.scheme, err, c.offset)
		}
	}
	e, err := extract.New(extract.Options{Schemes: []string{"Slack"}})
	if err != nil {
		t.Fatal(err)
	}
	if got := texts(e.Find("slack://open?team=T1 https://example.com")); !cmp.Equal(got, []string{"slack://open?team=T1"}) {
		t.Errorf("Schemes [Slack]: Find = %q", got)
	}
}

// checkMatches checks the invariants of what All finds in text: every
// URL parses by the URL Standard, its Text is text[Start:End], the offsets
// increase without overlap, and the UTF-16 offsets count the text before.
func checkMatches(t *testing.T, text string, ms []extract.Match) {
	t.Helper()
	last := 0
	for _, m := range ms {
		if m.Start < last || m.End <= m.Start || m.End > len(text) || text[m.Start:m.End] != m.Text {
			t.Fatalf("match %+v of %q: offsets out of order or Text is not text[Start:End]", m, text)
		}
		last = m.End
		if u, err := whatwg.Parse(m.URL.Href()); err != nil || u != m.URL {
			t.Fatalf("match %q of %q: URL %q does not parse back: %v", m.Text, text, m.URL.Href(), err)
		}
		if m.Start16 != utf16Len(text[:m.Start]) || m.End16 != utf16Len(text[:m.End]) {
			t.Fatalf("match %q of %q: UTF-16 offsets %d, %d, want %d, %d", m.Text, text, m.Start16, m.End16, utf16Len(text[:m.Start]), utf16Len(text[:m.End]))
		}
	}
}

// utf16Len is the length of s in UTF-16, s read as the Encoding
// Standard's UTF-8 decoder reads it (https://encoding.spec.whatwg.org/#utf-8-decoder),
// step by step: each ill-formed sequence is one U+FFFD, and the byte that
// makes it ill-formed is read again.
func utf16Len(s string) int {
	n, need, seen := 0, 0, 0
	var cp rune
	lower, upper := byte(0x80), byte(0xbf)
	for i := 0; i < len(s); i++ {
		b := s[i]
		if need == 0 {
			switch {
			case b < 0x80:
				n++
			case 0xc2 <= b && b <= 0xdf:
				need, cp = 1, rune(b&0x1f)
			case 0xe0 <= b && b <= 0xef:
				if b == 0xe0 {
					lower = 0xa0
				} else if b == 0xed {
					upper = 0x9f
				}
				need, cp = 2, rune(b&0xf)
			case 0xf0 <= b && b <= 0xf4:
				if b == 0xf0 {
					lower = 0x90
				} else if b == 0xf4 {
					upper = 0x8f
				}
				need, cp = 3, rune(b&7)
			default:
				n++
			}
			continue
		}
		if b < lower || b > upper {
			need, seen, cp, lower, upper = 0, 0, 0, 0x80, 0xbf
			n++ // U+FFFD
			i-- // the byte is read again
			continue
		}
		lower, upper = 0x80, 0xbf
		cp = cp<<6 | rune(b&0x3f)
		if seen++; seen == need {
			n += len(utf16.Encode([]rune{cp}))
			need, seen, cp = 0, 0, 0
		}
	}
	if need > 0 {
		n++
	}
	return n
}

// matchRow is a Match with its host as written, for comparisons.
type matchRow struct {
	Start, End, Start16, End16 int
	Text, Href, Host           string
	Kind                       extract.Kind
}

func rows(ms []extract.Match) []matchRow {
	var out []matchRow
	for _, m := range ms {
		out = append(out, matchRow{m.Start, m.End, m.Start16, m.End16, m.Text, m.URL.Href(), m.Host(), m.Kind})
	}
	return out
}

// streamAll finds the URLs of text with a Scanner over r.
func streamAll(t *testing.T, e *extract.Extractor, r io.Reader, size int) ([]extract.Match, int64) {
	t.Helper()
	sc := e.NewScanner(r)
	sc.Buffer(size)
	var ms []extract.Match
	for sc.Scan() {
		ms = append(ms, sc.Match())
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return ms, sc.Skipped()
}

// TestScanner: a Scanner finds what All finds in the whole text, whatever
// the reads return, and skips a run longer than its buffer.
func TestScanner(t *testing.T) {
	text := strings.Repeat("Voir https://example.com/a_(b)。 www.example.org/x, a@example.com [x](http://b.example/) é\r\n"+
		"[https://c.example\n\n\xe2\x82 https://d.example/ü\t", 40)
	for _, mode := range []extract.Mode{extract.Default, extract.Relaxed, extract.GFM} {
		e := extractor(t, mode)
		want := e.Find(text)
		checkMatches(t, text, want)
		for _, r := range []io.Reader{strings.NewReader(text), iotest.OneByteReader(strings.NewReader(text)), iotest.HalfReader(strings.NewReader(text)), iotest.DataErrReader(strings.NewReader(text))} {
			got, skipped := streamAll(t, e, r, 64)
			if d := cmp.Diff(rows(want), rows(got)); d != "" || skipped != 0 {
				t.Fatalf("%v: Scanner (-All +Scanner), skipped %d:\n%s", mode, skipped, d)
			}
		}
	}
	long := "https://a.example/ " + strings.Repeat("x", 200) + "https://b.example/ é https://c.example/"
	e := extractor(t, extract.Default)
	got, skipped := streamAll(t, e, iotest.OneByteReader(strings.NewReader(long)), 64)
	if tx := texts(got); !cmp.Equal(tx, []string{"https://a.example/", "https://c.example/"}) || skipped != 218 || got[1].Start != 241 || got[1].Start16 != 240 {
		t.Errorf("a run longer than the buffer: found %q at %+v, skipped %d", tx, got, skipped)
	}
}

// TestEmptyInput: nothing in nothing, and no panic on a zero Extractor's
// options.
func TestEmptyInput(t *testing.T) {
	e := extractor(t, extract.Relaxed)
	if ms := e.Find(""); len(ms) != 0 {
		t.Errorf("Find(\"\") = %v", ms)
	}
	if ms, _ := streamAll(t, e, strings.NewReader(""), 64); len(ms) != 0 {
		t.Errorf("Scanner over \"\" = %v", ms)
	}
}

// TestConcurrent: goroutines that share an Extractor, and its memory of
// the Public Suffix List, find what each would alone.
func TestConcurrent(t *testing.T) {
	text := "a.com b.net c.org d.js e.io f.dev g.zz h.co.uk i@j.fr k.ck "
	e := extractor(t, extract.Relaxed)
	want := texts(extractor(t, extract.Relaxed).Find(text))
	done := make(chan []string)
	for range 4 {
		go func() {
			var last []string
			for range 50 {
				last = texts(e.Find(text))
			}
			done <- last
		}()
	}
	for range 4 {
		if got := <-done; !cmp.Equal(got, want) {
			t.Errorf("Find(%q) in a goroutine = %q, want %q", text, got, want)
		}
	}
}
