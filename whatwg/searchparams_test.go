package whatwg

import (
	"errors"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"unicode/utf16"
	"unicode/utf8"
	"unsafe"

	"github.com/google/go-cmp/cmp"

	"github.com/gouri/uri/internal/testrows"
)

// formTests pin the application/x-www-form-urlencoded parser (URL Standard,
// section 5.1) and serializer (section 5.2) through ParseForm and String.
var formTests = []struct {
	in    string
	pairs [][2]string
	out   string
	why   string
}{
	{"", [][2]string{}, "", "5.1: no bytes, no pairs; 5.2: the empty list is the empty string"},
	{"a=b+c%20d&&e", [][2]string{{"a", "b c d"}, {"e", ""}}, "a=b+c+d&e=", "5.1 step 3.1: empty pieces skipped; 3.3: no '=' gives an empty value; 3.4: '+' is a space"},
	{"==&=a=b", [][2]string{{"", "="}, {"", "a=b"}}, "=%3D&=a%3Db", "5.1 step 3.2: split at the first '='"},
	{"%", [][2]string{{"%", ""}}, "%25=", "5.1 step 3.5: a '%' without two hex digits is kept; 5.2: '%' is encoded"},
	{"%zz=%4", [][2]string{{"%zz", "%4"}}, "%25zz=%254", "5.1 step 3.5: percent-decode leaves invalid sequences"},
	{"?a", [][2]string{{"?a", ""}}, "%3Fa=", "5.1: the parser itself keeps a leading '?'"},
	{"a=%e2%82%ac", [][2]string{{"a", "€"}}, "a=%E2%82%AC", "5.1 step 3.5: lower-case hex decodes; 5.2: upper-case hex"},
	{"%2B=%26", [][2]string{{"+", "&"}}, "%2B=%26", "5.1 step 3.4 before 3.5: '%2B' is '+', not a space"},
	{"é=€", [][2]string{{"é", "€"}}, "%C3%A9=%E2%82%AC", "5.2: non-ASCII is UTF-8 percent-encoded"},
	{"a%00b=%0d%0a", [][2]string{{"a\x00b", "\r\n"}}, "a%00b=%0D%0A", "5.2: no newline normalization"},
	{"~!*()'-._", [][2]string{{"~!*()'-._", ""}}, "%7E%21*%28%29%27-._=", "1.3: the urlencoded set keeps only alphanumerics and *-._"},
	{"%E2%82", [][2]string{{"\uFFFD", ""}}, "%EF%BF%BD=", "5.1 step 3.5: UTF-8 decode replaces a truncated sequence with one U+FFFD"},
	{"%F0%9F%8C%88%F0", [][2]string{{"🌈\uFFFD", ""}}, "%F0%9F%8C%88%EF%BF%BD=", "5.1 step 3.5: a valid sequence, then a truncated one"},
	{"%EF%BB%BFa", [][2]string{{"\uFEFFa", ""}}, "%EF%BB%BFa=", "5.1 step 3.5: UTF-8 decode without BOM keeps the BOM"},
	// Go strings with ill-formed UTF-8: replaced before the parser runs
	// (its input is a scalar value string), so a raw byte does not join
	// percent-decoded ones.
	{"\xe2%82%ac", [][2]string{{"\uFFFD\uFFFD\uFFFD", ""}}, "%EF%BF%BD%EF%BF%BD%EF%BF%BD=", "Go strings: raw 0xE2 is U+FFFD before decoding"},
	{"%E2\xe2\x82\xac", [][2]string{{"\uFFFD€", ""}}, "%EF%BF%BD%E2%82%AC=", "Go strings: decoded 0xE2 before a raw valid sequence"},
	{"a=\xff", [][2]string{{"a", "\uFFFD"}}, "a=%EF%BF%BD", "Go strings: a raw invalid byte in a value"},
}

func TestParseForm(t *testing.T) {
	for _, tc := range formTests {
		p := ParseForm(tc.in)
		if diff := cmp.Diff(tc.pairs, pairsOf(p)); diff != "" {
			t.Errorf("ParseForm(%q) pairs (-want +got):\n%s\n(%s)", tc.in, diff, tc.why)
		}
		if got := p.String(); got != tc.out {
			t.Errorf("ParseForm(%q).String() = %q, want %q (%s)", tc.in, got, tc.out, tc.why)
		}
		if got := ParseSearchParams("?" + tc.in); !slices.Equal(pairsOf(got), pairsOf(p)) {
			t.Errorf("ParseSearchParams(%q) = %q, want ParseForm(%q)'s pairs (6.2: the constructor drops one '?')", "?"+tc.in, pairsOf(got), tc.in)
		}
	}
}

// TestSearchParamsMethods pins the methods of the URLSearchParams class
// (section 6.2), and the reading of ill-formed UTF-8 arguments as U+FFFD,
// as the USVString conversion of the class's arguments does.
func TestSearchParamsMethods(t *testing.T) {
	tests := []struct {
		name string
		in   string
		edit func(*SearchParams)
		want string
	}{
		{"6.2 append keeps other pairs of the name", "a=1", func(p *SearchParams) { p.Append("a", "2") }, "a=1&a=2"},
		{"6.2 delete removes every pair of the name", "a=1&b=2&a=3", func(p *SearchParams) { p.Delete("a") }, "b=2"},
		{"6.2 delete with a value removes only matching pairs", "a=1&b=2&a=3", func(p *SearchParams) { p.DeleteValue("a", "3") }, "a=1&b=2"},
		{"6.2 set replaces the first and removes the rest", "a=1&b=2&a=3&a=4", func(p *SearchParams) { p.Set("a", "x") }, "a=x&b=2"},
		{"6.2 set appends a new name", "a=1", func(p *SearchParams) { p.Set("b", "2") }, "a=1&b=2"},
		{"6.2 sort is stable", "z=1&a=2&z=0&a=1", func(p *SearchParams) { p.Sort() }, "a=2&a=1&z=1&z=0"},
		{"6.2 sort by UTF-16 code units: U+1F308 (D83C) before U+FB03", "%EF%AC%83=1&%F0%9F%8C%88=2", func(p *SearchParams) { p.Sort() }, "%F0%9F%8C%88=2&%EF%AC%83=1"},
		{"6.2 sort by UTF-16 code units: a shorter name first", "ab=1&a=2", func(p *SearchParams) { p.Sort() }, "a=2&ab=1"},
		{"Go strings: Append replaces ill-formed UTF-8", "", func(p *SearchParams) { p.Append("\xff", "a\xe2\x82") }, "%EF%BF%BD=a%EF%BF%BD"},
		{"Go strings: Delete matches U+FFFD", "%EF%BF%BD=1&b=2", func(p *SearchParams) { p.Delete("\xff") }, "b=2"},
	}
	for _, tc := range tests {
		p := ParseForm(tc.in)
		tc.edit(&p)
		if got := p.String(); got != tc.want {
			t.Errorf("%s: ParseForm(%q) edited gives %q, want %q", tc.name, tc.in, got, tc.want)
		}
	}

	p := ParseForm("a=1&b=&a=2&%EF%BF%BD=r")
	if v, ok := p.Get("a"); v != "1" || !ok {
		t.Errorf("Get(%q) = %q, %v; want %q, true (6.2 get: the first)", "a", v, ok, "1")
	}
	if v, ok := p.Get("b"); v != "" || !ok {
		t.Errorf("Get(%q) = %q, %v; want \"\", true (6.2 get: empty is not null)", "b", v, ok)
	}
	if v, ok := p.Get("c"); v != "" || ok {
		t.Errorf("Get(%q) = %q, %v; want \"\", false (6.2 get: null)", "c", v, ok)
	}
	if v, ok := p.Get("\xfe"); v != "r" || !ok {
		t.Errorf("Get(%q) = %q, %v; want %q, true (Go strings: U+FFFD)", "\xfe", v, ok, "r")
	}
	if diff := cmp.Diff([]string{"1", "2"}, p.GetAll("a")); diff != "" {
		t.Errorf("GetAll(%q) (-want +got):\n%s", "a", diff)
	}
	if got := p.GetAll("c"); got != nil {
		t.Errorf("GetAll(%q) = %q, want nil", "c", got)
	}
	if !p.Has("b") || p.Has("c") || !p.HasValue("a", "2") || p.HasValue("a", "3") {
		t.Errorf("Has/HasValue on %q: wrong answer (6.2 has)", p.String())
	}
	if p.Len() != 4 {
		t.Errorf("Len() = %d, want 4 (6.2 size)", p.Len())
	}
	c := p.Clone()
	c.Delete("a")
	if p.Len() != 4 || p.String() != "a=1&b=&a=2&%EF%BF%BD=r" {
		t.Errorf("Delete on a Clone changed the original: %q", p.String())
	}
}

// TestCompareUTF16 checks compareUTF16 against the order of the UTF-16
// encodings (Infra's "code unit less than"), which is what sort() uses.
func TestCompareUTF16(t *testing.T) {
	words := []string{"", "a", "ab", "b", "é", "e\u0301", "\uFFFD", "\uFB03", "\uE000", "\uFFFF", "🌈", "a🌈", "a💩", "\U00010000", "\U0010FFFF", "\U0001F308x", "\uD7FF", "z"}
	for _, a := range words {
		for _, b := range words {
			want := slices.Compare(utf16.Encode([]rune(a)), utf16.Encode([]rune(b)))
			if got := compareUTF16(a, b); got != want {
				t.Errorf("compareUTF16(%q, %q) = %d, want %d", a, b, got, want)
			}
		}
	}
}

// TestSetSearchParams pins the update steps of URLSearchParams (section
// 6.2, "update"): the serialized list becomes the query, and the empty list
// makes it null.
func TestSetSearchParams(t *testing.T) {
	tests := []struct {
		url  string
		edit func(*SearchParams)
		want string
		why  string
	}{
		{"https://h/?a=b%20~", nil, "https://h/?a=b+%7E", "6.2 update: the list is serialized again, even unchanged"},
		{"https://h/?a=1#f", func(p *SearchParams) { p.Delete("a") }, "https://h/#f", "6.2 update step 3: empty serialization is a null query"},
		{"https://h/?", nil, "https://h/", "6.2 update step 3: an empty query becomes null"},
		{"https://h/", func(p *SearchParams) { p.Append("q", "a b") }, "https://h/?q=a+b", "6.2 update step 4: a query is added"},
		{"https://h/??a=1", nil, "https://h/?%3Fa=1", "6.1: the URL's list is parsed from the query, '?' included"},
		{"data:space    ?test", func(p *SearchParams) { p.Delete("test") }, "data:space   %20", "4.4 opaque path state: the space before '?' was written %20, and stays"},
		{"sc:x ?a#f", func(p *SearchParams) { p.Delete("a") }, "sc:x%20#f", "4.4 opaque path state, with a fragment"},
		{"file:///C:/x?a=1#f", func(p *SearchParams) { p.Set("a", "é") }, "file:///C:/x?a=%C3%A9#f", "5.2: UTF-8 percent-encoded"},
	}
	for _, tc := range tests {
		u := MustParse(tc.url)
		p := u.SearchParams()
		if tc.edit != nil {
			tc.edit(&p)
		}
		if err := u.SetSearchParams(p); err != nil || u.Href() != tc.want {
			t.Errorf("SetSearchParams on %q = %q, %v; want %q (%s)", tc.url, u.Href(), err, tc.want, tc.why)
			continue
		}
		if v, err := Parse(u.Href()); err != nil || v != u {
			t.Errorf("SetSearchParams on %q: %q does not parse back to the same URL", tc.url, u.Href())
		}
	}
	var z URL
	if err := z.SetSearchParams(ParseForm("a=1")); !errors.Is(err, ErrMissingSchemeNonRelativeURL) || z != (URL{}) {
		t.Errorf("SetSearchParams on the zero URL = %v, %q; want ErrMissingSchemeNonRelativeURL", err, z.Href())
	}
}

// TestDeleteSearchParam pins DeleteSearchParam, which goes beyond the
// standard: it removes pairs by decoded name and keeps every other byte.
func TestDeleteSearchParam(t *testing.T) {
	tests := []struct {
		url, name, want, why string
	}{
		{"https://h/?a=1&b=%20~", "a", "https://h/?b=%20~", "the other pairs keep their bytes"},
		{"https://h/?b=%20~&a=1&c", "a", "https://h/?b=%20~&c", "one '&' goes with the pair"},
		{"https://h/?&a=1&&b=2", "a", "https://h/?&&b=2", "empty pieces stay"},
		{"https://h/?a=1&&a=2#f", "a", "https://h/#f", "no pair left: the query is null, the fragment stays"},
		{"https://h/?a=1&b=2&a=3", "a", "https://h/?b=2", "every pair of the name"},
		{"https://h/?a+b=1&a%20b=2&c=3", "a b", "https://h/?c=3", "5.1: names are decoded, '+' as a space"},
		{"https://h/?a%2Bb=1&a+b=2", "a+b", "https://h/?a+b=2", "5.1: '%2B' is '+', '+' is a space"},
		{"https://h/?%FF=1&b", "\uFFFD", "https://h/?b", "5.1: decoded names are read as UTF-8 with U+FFFD"},
		{"https://h/?%FF=1&b", "\xff", "https://h/?b", "Go strings: the name is read with U+FFFD"},
		{"https://h/??a=1&b", "a", "https://h/??a=1&b", "the first name is '?a'"},
		{"https://h/??a=1&b", "?a", "https://h/?b", "the first name is '?a'"},
		{"https://h/?a=1", "b", "https://h/?a=1", "no such pair: nothing changes"},
		{"https://h/", "a", "https://h/", "no query: nothing changes"},
		{"sc:x%20?a", "a", "sc:x%20", "opaque path: the query goes, the path stays"},
		{"https://h/?" + strings.Repeat("x", 70) + "%41=1&b", strings.Repeat("x", 70) + "A", "https://h/?b", "a name longer than the stack buffer"},
	}
	for _, tc := range tests {
		u := MustParse(tc.url)
		if err := u.DeleteSearchParam(tc.name); err != nil || u.Href() != tc.want {
			t.Errorf("DeleteSearchParam(%q) on %q = %q, %v; want %q (%s)", tc.name, tc.url, u.Href(), err, tc.want, tc.why)
			continue
		}
		if v, err := Parse(u.Href()); err != nil || v != u {
			t.Errorf("DeleteSearchParam(%q) on %q: %q does not parse back to the same URL", tc.name, tc.url, u.Href())
		}
	}
	var z URL
	if err := z.DeleteSearchParam("a"); !errors.Is(err, ErrMissingSchemeNonRelativeURL) {
		t.Errorf("DeleteSearchParam on the zero URL = %v; want ErrMissingSchemeNonRelativeURL", err)
	}
}

// TestSearchParamsAllocs pins the allocations: the list of pairs is one,
// none for a single pair, and the decoded names and values share one more;
// serializing, and applying a list or a deletion to a URL, build their
// result in one. A change of pairs in place (Set, Sort, Delete) writes the
// new list to a new array, since copies of the list may share the old one
// (a SearchParams is a value), except for a list of one pair, which the
// SearchParams holds itself; appending grows the array by doubling.
func TestSearchParamsAllocs(t *testing.T) {
	u := MustParse("https://example.com/search?q=gopher&lang=en&page=2&sort=desc#top")
	enc := MustParse("https://example.com/search?q=go+pher%21&lang=en&page=2#top")
	tests := []struct {
		name string
		f    func()
		want float64
	}{
		{"ParseForm without decoding", func() { sinkSP = ParseForm(u.Query()) }, 1},
		{"ParseForm with decoding", func() { sinkSP = ParseForm(enc.Query()) }, 2},
		{"ParseForm empty", func() { sinkSP = ParseForm("") }, 0},
		{"ParseForm of one pair", func() { sinkSP = ParseForm("lang=en") }, 0},
		{"ParseForm of one pair, then String", func() { sink = ParseForm("lang=en").String() }, 0},
		{"ParseForm of one pair, then Set", func() { p := ParseForm("lang=en"); p.Set("lang", "fr") }, 0},
		{"ParseForm of one pair, then Delete", func() { p := ParseForm("lang=en"); p.Delete("lang") }, 0},
		{"ParseForm of one pair to decode", func() { sinkSP = ParseForm("q=a+b") }, 1},
		{"URL.SearchParams", func() { sinkSP = u.SearchParams() }, 1},
		{"String, the query parsed", func() { sink = sinkSP.String() }, 0},
		{"String, the query changed", func() { p := ParseForm(enc.Query()); p.Sort(); sink = p.String() }, 4},
		{"String of a list built", func() { var p SearchParams; p.Append("a b", "é"); sink = p.String() }, 1},
		{"Append 2, 3, 4 pairs: one array", func() {
			var p SearchParams
			p.Append("a", "1")
			p.Append("b", "2")
			p.Append("c", "3")
			p.Append("d", "4")
		}, 2},
		{"Append 5 pairs: the array doubles", func() {
			var p SearchParams
			for range 5 {
				p.Append("a", "1")
			}
		}, 4},
		{"Append to a copy, then to the original: the second moves", func() {
			var p SearchParams
			for range 3 {
				p.Append("a", "1")
			}
			q := p
			q.Append("b", "2")
			p.Append("c", "3")
		}, 4},
		{"Get", func() { sink, _ = sinkSP.Get("lang") }, 0},
		{"Set an existing name", func() { p := u.SearchParams(); p.Set("page", "3") }, 2},
		{"Sort", func() { p := u.SearchParams(); p.Sort() }, 2},
		{"Sort, in order already", func() { p := ParseForm("a=1&b=2&c=3"); p.Sort() }, 1},
		{"Delete", func() { p := u.SearchParams(); p.Delete("page") }, 2},
		{"Delete, absent", func() { p := u.SearchParams(); p.Delete("nope") }, 1},
		{"SetSearchParams", func() { v := u; _ = v.SetSearchParams(sinkSP) }, 1},
		{"DeleteSearchParam", func() { v := u; _ = v.DeleteSearchParam("page") }, 1},
		{"DeleteSearchParam encoded", func() { v := enc; _ = v.DeleteSearchParam("q") }, 1},
		{"DeleteSearchParam absent", func() { v := u; _ = v.DeleteSearchParam("nope") }, 0},
	}
	sinkSP = u.SearchParams()
	for _, tc := range tests {
		if got := testing.AllocsPerRun(100, tc.f); got != tc.want {
			t.Errorf("%s: %v allocations, want %v", tc.name, got, tc.want)
		}
	}
}

var sinkSP SearchParams

// FuzzSearchParams checks, for any input:
//
//   - ParseForm agrees with formParse, the step-by-step reference of
//     section 5.1, on the input read as a scalar value string, and gives
//     well-formed UTF-8;
//   - String agrees with formSerialize (section 5.2), and parsing it gives
//     the same pairs, which serialize to the same string again;
//   - Sort orders the pairs as a stable sort by UTF-16 code units does,
//     and a copy taken before keeps its order, and its pairs when it
//     appends one;
//   - for a URL u parsed from the second input, the update steps with u's
//     own list (SetSearchParams) and DeleteSearchParam of its first name
//     leave a URL that parses back to itself, whose list is as expected.
func FuzzSearchParams(f *testing.F) {
	urls := []string{"https://h/?a=1&b=%20~#f", "sc:x ?q=1", "http://h/??a&a=&=&&", "file:///?%FF=1"}
	for i, tc := range formTests {
		f.Add(tc.in, urls[i%len(urls)])
	}
	f.Fuzz(func(t *testing.T, in, rawURL string) {
		p := ParseForm(in)
		got := pairsOf(p)
		if diff := cmp.Diff(append([][2]string{}, formParse(toScalarValues(in))...), got); diff != "" {
			t.Fatalf("ParseForm(%q) pairs differ from the reference (-want +got):\n%s", in, diff)
		}
		for _, kv := range got {
			if !utf8.ValidString(kv[0]) || !utf8.ValidString(kv[1]) {
				t.Fatalf("ParseForm(%q): ill-formed UTF-8 in %q", in, kv)
			}
		}
		s := p.String()
		if want := formSerialize(got); s != want {
			t.Fatalf("ParseForm(%q).String() = %q, want %q", in, s, want)
		}
		if again := ParseForm(s); !slices.Equal(pairsOf(again), got) || again.String() != s {
			t.Fatalf("ParseForm(%q).String() = %q, which parses to %q", in, s, pairsOf(again))
		}
		sorted := slices.Clone(got)
		slices.SortStableFunc(sorted, func(a, b [2]string) int {
			return slices.Compare(utf16.Encode([]rune(a[0])), utf16.Encode([]rune(b[0])))
		})
		copied := p
		p.Sort()
		if diff := cmp.Diff(sorted, pairsOf(p)); diff != "" {
			t.Fatalf("ParseForm(%q).Sort() (-want +got):\n%s", in, diff)
		}
		copied.Append("k", "v")
		if diff := cmp.Diff(got, pairsOf(copied)[:len(got)]); diff != "" || copied.Len() != len(got)+1 || !slices.Equal(pairsOf(p), sorted) {
			t.Fatalf("ParseForm(%q): a copy taken before Sort changed, or changed p (-want +got):\n%s", in, diff)
		}

		u, err := Parse(rawURL)
		if err != nil {
			return
		}
		v := u
		if err := v.SetSearchParams(u.SearchParams()); err != nil {
			t.Fatalf("SetSearchParams on %q: %v", u.Href(), err)
		}
		want := u.SearchParams().String()
		if w, err := Parse(v.Href()); err != nil || w != v || v.Query() != want || v.HasQuery() != (want != "") {
			t.Fatalf("SetSearchParams on %q gives %q, which does not parse back to itself or has not the query %q", u.Href(), v.Href(), want)
		}
		list := pairsOf(u.SearchParams())
		if len(list) == 0 {
			return
		}
		name := list[0][0]
		v = u
		if err := v.DeleteSearchParam(name); err != nil {
			t.Fatalf("DeleteSearchParam(%q) on %q: %v", name, u.Href(), err)
		}
		rest := slices.DeleteFunc(list, func(kv [2]string) bool { return kv[0] == name })
		if w, err := Parse(v.Href()); err != nil || w != v {
			t.Fatalf("DeleteSearchParam(%q) on %q gives %q, which does not parse back to itself", name, u.Href(), v.Href())
		}
		if diff := cmp.Diff(rest, pairsOf(v.SearchParams())); diff != "" || v.Href()[:v.queryStart] != u.Href()[:u.queryStart] || v.Hash() != u.Hash() {
			t.Fatalf("DeleteSearchParam(%q) on %q gives %q (-want +got pairs):\n%s", name, u.Href(), v.Href(), diff)
		}
	})
}

// TestSearchParamsStringReuse pins String's shortcut: it returns the string
// that ParseForm parsed only while the list is still what was parsed from
// it, whatever was done to the list, and compares with formSerialize
// (section 5.2) otherwise.
func TestSearchParamsStringReuse(t *testing.T) {
	const s = "a=b&c=d&e=f"
	tests := []struct {
		name  string
		edit  func(p *SearchParams)
		reuse bool
	}{
		{"parsed", func(p *SearchParams) {}, true},
		{"sorted, already in order", func(p *SearchParams) { p.Sort() }, true},
		{"a value set", func(p *SearchParams) { p.Set("c", "x") }, false},
		{"the last pair deleted", func(p *SearchParams) { p.Delete("e") }, false},
		{"the first pair deleted", func(p *SearchParams) { p.Delete("a") }, false},
		{"a pair appended", func(p *SearchParams) { p.Append("g", "h") }, false},
		{"substrings of the input that span separators", func(p *SearchParams) {
			*p = SearchParams{list: []param{{s[0:5], s[6:7]}, {s[8:9], s[10:11]}, {"", ""}}, src: s, canon: 3}
		}, false},
		{"all deleted, then substrings of the input appended", func(p *SearchParams) {
			p.Delete("a")
			p.Delete("c")
			p.Delete("e")
			p.Append(s[0:5], s[6:7])
			p.Append(s[8:9], s[10:11])
		}, false},
	}
	for _, tc := range tests {
		p := ParseForm(s)
		tc.edit(&p)
		got := p.String()
		if want := formSerialize(pairsOf(p)); got != want {
			t.Errorf("%s: String() = %q, want %q", tc.name, got, want)
		}
		if reused := got == s && unsafe.StringData(got) == unsafe.StringData(s); reused != tc.reuse {
			t.Errorf("%s: String() returned the parsed string itself: %v, want %v", tc.name, reused, tc.reuse)
		}
	}
}

// TestSearchParamsStringLengths: String writes a short result on the
// stack, eight bytes at a time, and a long one to the heap; both agree
// with formSerialize (section 5.2) for every length around the limit
// between the two and every place of a byte to encode in the last window.
func TestSearchParamsStringLengths(t *testing.T) {
	for n := formStack/3 - 12; n <= formStack/3+4; n++ {
		for at := range 10 {
			for _, c := range []string{" ", "~", "é", "a"} {
				v := []byte(strings.Repeat("x", n))
				if at < n {
					v = append(append(v[:n-at-1:n-at-1], c...), v[n-at:]...)
				}
				var p SearchParams
				p.Append("k", string(v))
				got, want := p.String(), formSerialize(pairsOf(p))
				if got != want {
					t.Fatalf("String() of k=%q = %q, want %q", v, got, want)
				}
			}
		}
	}
}

// TestSearchParamsCopies: a SearchParams is a value. Whatever one copy
// does, the other keeps its pairs and its string, whether the list came
// from ParseForm (a list of one pair, of a few, of more than fit on the
// stack), from a URL or from Append, and whether the copy or the original
// changes first.
func TestSearchParamsCopies(t *testing.T) {
	built := func(n int) func() SearchParams {
		return func() SearchParams {
			var p SearchParams
			for i := range n {
				p.Append(string(rune('a'+i)), strconv.Itoa(i))
			}
			return p
		}
	}
	lists := []struct {
		name string
		make func() SearchParams
	}{
		{"ParseForm, three pairs", func() SearchParams { return ParseForm("a=1&b=2&c=3") }},
		{"ParseForm, one pair", func() SearchParams { return ParseForm("b=2") }},
		{"ParseForm, ten pairs", func() SearchParams { return ParseForm("j=0&b=1&c=2&d=3&e=4&f=5&g=6&h=7&i=8&a=9&&") }},
		{"URL.SearchParams", func() SearchParams { return MustParse("https://h/?c=3&b=2&a=1").SearchParams() }},
		{"built, room left in the array", built(3)},
		{"built, the array full", built(4)},
		{"empty", func() SearchParams { return SearchParams{} }},
	}
	edits := []struct {
		name string
		f    func(p *SearchParams)
	}{
		{"Delete", func(p *SearchParams) { p.Delete("b") }},
		{"Delete the first", func(p *SearchParams) { p.Delete("a") }},
		{"DeleteValue", func(p *SearchParams) { p.DeleteValue("b", "2") }},
		{"Set an existing name", func(p *SearchParams) { p.Set("b", "x") }},
		{"Set a new name", func(p *SearchParams) { p.Set("z", "x") }},
		{"Sort", func(p *SearchParams) { p.Sort() }},
		{"Append", func(p *SearchParams) { p.Append("x", "y") }},
		{"Append twice", func(p *SearchParams) { p.Append("x", "y"); p.Append("x", "z") }},
		{"Append, then Delete", func(p *SearchParams) { p.Append("x", "y"); p.Delete("x") }},
	}
	for _, l := range lists {
		for _, e1 := range edits {
			for _, e2 := range edits {
				// Each of p and q gets one edit, q's first; what each then
				// holds is what the same edit gives on a list of its own.
				p := l.make()
				q := p
				e1.f(&q)
				e2.f(&p)
				wantQ, wantP := l.make(), l.make()
				e1.f(&wantQ)
				e2.f(&wantP)
				if diff := cmp.Diff(pairsOf(wantQ), pairsOf(q)); diff != "" || q.String() != wantQ.String() {
					t.Errorf("%s: q := p; q.%s; p.%s: q (-want +got):\n%s%q", l.name, e1.name, e2.name, diff, q.String())
				}
				if diff := cmp.Diff(pairsOf(wantP), pairsOf(p)); diff != "" || p.String() != wantP.String() {
					t.Errorf("%s: q := p; q.%s; p.%s: p (-want +got):\n%s%q", l.name, e1.name, e2.name, diff, p.String())
				}
			}
		}
	}
	// The case that was a bug: the copy shared the array, and Delete
	// shifted the original's pairs and left a zero pair at its end.
	p := ParseForm("a=1&b=2&c=3")
	q := p
	q.Delete("b")
	if p.String() != "a=1&b=2&c=3" || q.String() != "a=1&c=3" {
		t.Errorf("q := p; q.Delete(\"b\"): p is %q, q %q; want \"a=1&b=2&c=3\" and \"a=1&c=3\"", p.String(), q.String())
	}
}

// TestSearchParamsCopiesConcurrently: copies of one list, appended to in
// goroutines of their own, each get their pairs and no other's (run with
// -race: the copies share an array, and only one may write after its
// end).
func TestSearchParamsCopiesConcurrently(t *testing.T) {
	var p SearchParams
	for range 3 {
		p.Append("a", "0")
	}
	var wg sync.WaitGroup
	got := make([]string, 8)
	for i := range got {
		wg.Add(1)
		go func() {
			defer wg.Done()
			q := p
			for range 10 {
				q.Append("k", strconv.Itoa(i))
			}
			got[i] = q.String()
		}()
	}
	wg.Wait()
	for i, s := range got {
		if want := "a=0&a=0&a=0" + strings.Repeat("&k="+strconv.Itoa(i), 10); s != want {
			t.Errorf("copy %d = %q, want %q", i, s, want)
		}
	}
	if p.String() != "a=0&a=0&a=0" {
		t.Errorf("the original = %q, want a=0&a=0&a=0", p.String())
	}
}

// TestSearchParamsRandom replays random sequences of URLSearchParams calls
// (testdata/searchparams-random.jsonl) and compares each answer with the
// reference implementation's.
func TestSearchParamsRandom(t *testing.T) {
	type row struct {
		testrows.Source
		Init string  `json:"init"`
		Ops  [][]any `json:"ops"`
	}
	rows := testrows.Read[row](t, "testdata/searchparams-random.jsonl")
	if len(rows) < 300 {
		t.Fatalf("%d rows, want 300", len(rows))
	}
	for _, r := range rows {
		p := ParseSearchParams(r.Init)
		for _, op := range r.Ops {
			got, changed := applySearchParamsOp(t, &p, op)
			if changed {
				got = p.String()
			}
			if want := op[len(op)-1]; !cmp.Equal(got, want) {
				t.Errorf("line %d: new URLSearchParams(%q), then %q: got %#v", r.Line, r.Init, op, got)
				break
			}
		}
	}
}

// TestSearchParamsRandomCopies replays random sequences of calls on copies
// of a list (testdata/searchparams-copies.jsonl): q := p for each
// new URLSearchParams(p) of the reference implementation, whose lists are
// objects of their own. After each change, every list must still have the
// reference's string: a change to one copy shows in no other.
func TestSearchParamsRandomCopies(t *testing.T) {
	type row struct {
		testrows.Source
		Init string  `json:"init"`
		Ops  [][]any `json:"ops"`
	}
	rows := testrows.Read[row](t, "testdata/searchparams-copies.jsonl")
	if len(rows) < 200 {
		t.Fatalf("%d rows, want 200", len(rows))
	}
	for _, r := range rows {
		lists := []SearchParams{ParseSearchParams(r.Init)}
		for _, op := range r.Ops {
			k := int(op[0].(float64))
			var got any
			changed := op[1] == "copy"
			if changed {
				lists = append(lists, lists[k])
			} else {
				got, changed = applySearchParamsOp(t, &lists[k], op[1:])
			}
			if changed {
				all := []any{}
				for _, p := range lists {
					all = append(all, p.String())
				}
				got = all
			}
			if want := op[len(op)-1]; !cmp.Equal(got, want) {
				t.Errorf("line %d: new URLSearchParams(%q), then %q: got %#v, want %#v", r.Line, r.Init, op, got, want)
				break
			}
		}
	}
}

// applySearchParamsOp applies op, a call of a row of the random sequences
// ([NAME, ARGS..., WANT]), to p, and returns the result of a query, or
// whether op changes the list.
func applySearchParamsOp(t *testing.T, p *SearchParams, op []any) (got any, changed bool) {
	t.Helper()
	s := func(i int) string { return op[i].(string) }
	switch op[0] {
	case "append":
		p.Append(s(1), s(2))
	case "delete":
		p.Delete(s(1))
	case "deleteValue":
		p.DeleteValue(s(1), s(2))
	case "set":
		p.Set(s(1), s(2))
	case "sort":
		p.Sort()
	case "get":
		if v, ok := p.Get(s(1)); ok {
			return v, false
		}
		return nil, false
	case "getAll":
		all := []any{}
		for _, v := range p.GetAll(s(1)) {
			all = append(all, v)
		}
		return all, false
	case "has":
		return p.Has(s(1)), false
	case "hasValue":
		return p.HasValue(s(1), s(2)), false
	case "size":
		return float64(p.Len()), false
	case "entries":
		all := []any{}
		for n, v := range p.All() {
			all = append(all, []any{n, v})
		}
		return all, false
	default:
		t.Fatalf("unknown op %q", op[0])
	}
	return nil, true
}
