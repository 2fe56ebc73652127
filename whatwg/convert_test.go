package whatwg

import (
	"errors"
	"strconv"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/gouri/uri"
)

// change is the test's view of a uri.Change.
type change struct {
	Offset    int
	Component string
	From, To  string
}

func changesOf(cs []uri.Change) []change {
	var out []change
	for _, c := range cs {
		out = append(out, change{c.Offset, c.Component.String(), c.From, c.To})
	}
	return out
}

var toURITests = []struct {
	name    string
	in      string // parsed with Parse
	want    string // the URI's text
	changes []change
}{
	{"valid as it is", "https://u:p@example.com:8443/a/b?q=1#f", "https://u:p@example.com:8443/a/b?q=1#f", nil},
	{"empty query and fragment stay", "http://h/p?#", "http://h/p?#", nil},
	{"IPv4 host, already dotted decimal", "http://0x7f.1/", "http://127.0.0.1/", nil},
	{"IPv6 host in brackets", "http://[0:0::1]:81/", "http://[::1]:81/", nil},
	{"IDNA host, already ASCII", "https://bücher.example/", "https://xn--bcher-kva.example/", nil},
	{"empty host of a file URL", "file:///C:/x", "file:///C:/x", nil},
	{"opaque path", "mailto:a@b.example", "mailto:a@b.example", nil},
	{"password without a username", "http://:p@h/", "http://:p@h/", nil},
	{"section 1.3: space in an opaque path", "sc:a b c", "sc:a%20b%20c",
		[]change{{4, "path", " ", "%20"}, {6, "path", " ", "%20"}}},
	{"section 1.3: '#' in a fragment", "http://h/#a#b", "http://h/#a%23b",
		[]change{{11, "fragment", "#", "%23"}}},
	{"section 1.3: the query set leaves {}|^[]\\` alone", "http://h/?{}|^[]\\`", "http://h/?%7B%7D%7C%5E%5B%5D%5C%60",
		[]change{{10, "query", "{}|^[]\\`", "%7B%7D%7C%5E%5B%5D%5C%60"}}},
	{"section 1.3: path of a non-special URL", "foo:/a|b[c]\\d", "foo:/a%7Cb%5Bc%5D%5Cd",
		[]change{{6, "path", "|", "%7C"}, {8, "path", "[", "%5B"}, {10, "path", "]\\", "%5D%5C"}}},
	{"'|' in a special path too", "http://h/a|b", "http://h/a%7Cb",
		[]change{{10, "path", "|", "%7C"}}},
	{"'%' that begins no pct-encoding, in the path", "http://h/%zz", "http://h/%25zz",
		[]change{{9, "path", "%", "%25"}}},
	{"'%' in the password", "http://u:p%zz@h/", "http://u:p%25zz@h/",
		[]change{{10, "userinfo", "%", "%25"}}},
	{"section 3.5: a domain may hold '{' and '}'", "http://a{b}/", "http://a%7Bb%7D/",
		[]change{{8, "host", "{", "%7B"}, {10, "host", "}", "%7D"}}},
	{"opaque host with a bad '%'", "foo://a%zz/", "foo://a%25zz/",
		[]change{{7, "host", "%", "%25"}}},
	{"section 4.5: '/.' before a path that begins with '//'", "web+demo:/.//not-a-host/", "web+demo:/.//not-a-host/",
		[]change{{9, "path", "", "/."}}},
}

// TestToURI: the URI's text and each change, with its offset in the href.
func TestToURI(t *testing.T) {
	for _, tt := range toURITests {
		t.Run(tt.name, func(t *testing.T) {
			u := MustParse(tt.in)
			v, cs, err := u.ToURI()
			if err != nil {
				t.Fatalf("MustParse(%q).ToURI() error %v", tt.in, err)
			}
			if v.String() != tt.want {
				t.Errorf("MustParse(%q).ToURI() = %q, want %q", tt.in, v.String(), tt.want)
			}
			if d := cmp.Diff(tt.changes, changesOf(cs)); d != "" {
				t.Errorf("MustParse(%q).ToURI() changes (-want +got):\n%s", tt.in, d)
			}
			checkToURI(t, u)
		})
	}
}

// TestToURIZero: the zero URL is no URL record.
func TestToURIZero(t *testing.T) {
	v, cs, err := URL{}.ToURI()
	var e *uri.Error
	if !errors.As(err, &e) || e.Err != ErrMissingSchemeNonRelativeURL || v != (uri.URI{}) || cs != nil {
		t.Errorf("URL{}.ToURI() = %q, %v, %v; want an *uri.Error with Err %v", v.String(), cs, err, ErrMissingSchemeNonRelativeURL)
	}
}

// rawParts returns the components of u written one after the other, as
// uri.Components.Encode counts offsets, and where each begins.
func rawParts(u URL) (raw string, parts map[uri.Component][2]int) {
	var b strings.Builder
	parts = map[uri.Component][2]int{}
	add := func(c uri.Component, s string) {
		parts[c] = [2]int{b.Len(), b.Len() + len(s)}
		b.WriteString(s)
	}
	add(uri.Scheme, u.Scheme())
	b.WriteString(":")
	if u.HostKind() != uri.HostNone {
		b.WriteString("//")
		if u.Username() != "" || u.Password() != "" {
			userinfo := u.Username()
			if u.Password() != "" {
				userinfo += ":" + u.Password()
			}
			add(uri.Userinfo, userinfo)
			b.WriteString("@")
		}
		add(uri.Host, u.Hostname())
		if u.Port() != "" {
			b.WriteString(":")
			add(uri.Port, u.Port())
		}
	}
	add(uri.Path, u.Pathname())
	if u.HasQuery() {
		b.WriteString("?")
		add(uri.Query, u.Query())
	}
	if u.HasFragment() {
		b.WriteString("#")
		add(uri.Fragment, u.Fragment())
	}
	return b.String(), parts
}

// checkToURI checks the contract of ToURI for a URL from the parser: no
// error; each change replaces text that is there, in order, by its
// percent-encoding (or puts "/." before the path); the URL's components with
// the changes applied are the URI's components; the offsets are those of the
// href, less the "/." of a path that begins with "//"; and the URI's text,
// parsed again by this package, converts to the same URI.
func checkToURI(t *testing.T, u URL) {
	t.Helper()
	v, cs, err := u.ToURI()
	if err != nil {
		if errors.Is(err, uri.ErrTooLong) && len(u.Href()) > 1<<29 {
			return
		}
		t.Fatalf("Parse(%q).ToURI() error %v", u.Href(), err)
	}
	raw, parts := rawParts(u)
	dot := u.HostKind() == uri.HostNone && !u.HasOpaquePath() && strings.HasPrefix(u.Pathname(), "//")
	if href := u.Href(); dot && raw != strings.Replace(href, "/.", "", 1) || !dot && raw != href {
		t.Fatalf("Parse(%q): the components written one after the other give %q", href, raw)
	}
	// Apply the changes, in order, to each component.
	type edit struct {
		b    strings.Builder
		done int // raw[:done] of the component is written to b
	}
	edits := map[uri.Component]*edit{}
	for c, p := range parts {
		edits[c] = &edit{done: p[0]}
	}
	prev := 0
	for _, c := range cs {
		p, ok := parts[c.Component]
		if !ok || c.Offset < p[0] || c.Offset+len(c.From) > p[1] || c.Offset < prev {
			t.Fatalf("Parse(%q).ToURI(): change %+v is outside its component or out of order", u.Href(), c)
		}
		prev = c.Offset + len(c.From)
		if raw[c.Offset:c.Offset+len(c.From)] != c.From {
			t.Fatalf("Parse(%q).ToURI(): change %+v, but the text there is %q", u.Href(), c, raw[c.Offset:c.Offset+len(c.From)])
		}
		switch {
		case c.From == "" && c.To == "/." && c.Component == uri.Path && dot:
		case c.From != "" && c.To == pctAll(c.From):
		default:
			t.Fatalf("Parse(%q).ToURI(): change %+v is not a percent-encoding", u.Href(), c)
		}
		e := edits[c.Component]
		e.b.WriteString(raw[e.done:c.Offset])
		e.b.WriteString(c.To)
		e.done = c.Offset + len(c.From)
	}
	got := map[uri.Component]string{}
	for c, p := range parts {
		e := edits[c]
		e.b.WriteString(raw[e.done:p[1]])
		got[c] = e.b.String()
	}
	vc := v.Components()
	want := map[uri.Component]string{uri.Scheme: vc.Scheme, uri.Path: vc.Path}
	if vc.HasUserinfo {
		want[uri.Userinfo] = vc.Userinfo
	}
	if vc.HasAuthority {
		want[uri.Host] = vc.Host
	}
	if vc.HasPort {
		want[uri.Port] = vc.Port
	}
	if vc.HasQuery {
		want[uri.Query] = vc.Query
	}
	if vc.HasFragment {
		want[uri.Fragment] = vc.Fragment
	}
	if vc.HasAuthority != (u.HostKind() != uri.HostNone) {
		t.Fatalf("Parse(%q).ToURI() = %q: authority %v, host kind %v", u.Href(), v.String(), vc.HasAuthority, u.HostKind())
	}
	if d := cmp.Diff(want, got); d != "" {
		t.Fatalf("Parse(%q).ToURI() = %q: the URI's components (-) differ from the URL's with the changes (+):\n%s", u.Href(), v.String(), d)
	}
	if len(cs) == 0 && v.String() != u.Href() {
		t.Fatalf("Parse(%q).ToURI() = %q without changes", u.Href(), v.String())
	}
	if p, err := uri.Parse(v.String()); err != nil || p != v {
		t.Fatalf("Parse(%q).ToURI() = %q, which uri.Parse reads as %q, %v", u.Href(), v.String(), p.String(), err)
	}
	w, err := Parse(v.String())
	if err != nil {
		t.Fatalf("Parse(%q).ToURI() = %q, which Parse rejects: %v", u.Href(), v.String(), err)
	}
	if again, _, err := w.ToURI(); err != nil || again != v {
		t.Fatalf("Parse(%q).ToURI() = %q, whose URL %q converts to %q, %v", u.Href(), v.String(), w.Href(), again.String(), err)
	}
}

// pctAll percent-encodes every byte of s, with upper-case hex digits (RFC
// 3986, Section 2.1).
func pctAll(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		b.WriteString("%" + strings.ToUpper(strconv.FormatUint(uint64(s[i])|0x100, 16)[1:]))
	}
	return b.String()
}

// FuzzToURI checks the contract of ToURI (see checkToURI) for every URL
// that Parse accepts, with and without a base URL.
func FuzzToURI(f *testing.F) {
	for _, tt := range toURITests {
		f.Add(tt.in)
	}
	for _, s := range fuzzSeeds() {
		f.Add(s)
	}
	bases := []URL{{}, MustParse("http://example.org/a/b?q#f"), MustParse("sc://h/a"), MustParse("sc:opaque"), MustParse("file:///C:/a")}
	f.Fuzz(func(t *testing.T, in string) {
		for _, b := range bases {
			if u, err := b.Parse(in); err == nil {
				checkToURI(t, u)
			}
		}
	})
}
