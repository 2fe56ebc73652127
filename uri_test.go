package uri

import (
	"bytes"
	"encoding"
	"encoding/gob"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/gouri/uri/internal/testrows"
)

func TestAccessors(t *testing.T) {
	tests := []struct {
		in                   string
		authority            string
		username, password   string
		hasPassword, abs     bool
		requestURI, redacted string
	}{
		{"http://user:pw@h:8/p?q#f", "user:pw@h:8", "user", "pw", true, true, "/p?q", "http://user:xxxxx@h:8/p?q#f"},
		{"http://user@h/", "user@h", "user", "", false, true, "/", "http://user@h/"},
		{"http://:@h", ":@h", "", "", true, true, "/", "http://:xxxxx@h"},
		{"http://a:b:c@h", "a:b:c@h", "a", "b:c", true, true, "/", "http://a:xxxxx@h"},
		{"//u:p@h?x", "u:p@h", "u", "p", true, false, "/?x", "//u:xxxxx@h?x"},
		{"http://h?x", "h", "", "", false, true, "/?x", "http://h?x"},
		{"mailto:a@b?subject=x", "", "", "", false, true, "a@b?subject=x", "mailto:a@b?subject=x"},
		{"/p#f", "", "", "", false, false, "/p", "/p#f"},
		{"", "", "", "", false, false, "/", ""},
	}
	for _, tt := range tests {
		u := MustParse(tt.in)
		pw, hasPW := u.Password()
		got := []any{u.Authority(), u.Username(), pw, hasPW, u.HasScheme(), u.RequestURI(), u.Redacted()}
		want := []any{tt.authority, tt.username, tt.password, tt.hasPassword, tt.abs, tt.requestURI, tt.redacted}
		if d := cmp.Diff(want, got); d != "" {
			t.Errorf("Parse(%q): Authority, Username, Password, HasScheme, RequestURI, Redacted (-want +got):\n%s", tt.in, d)
		}
	}
}

func TestPortNumber(t *testing.T) {
	tests := []struct {
		in   string
		port int
		err  error
		off  int
	}{
		{"http://h:80/", 80, nil, 0},
		{"http://h:0", 0, nil, 0},
		{"http://h:00080", 80, nil, 0},
		{"http://h:65535", 65535, nil, 0},
		{"http://h:65536", 0, ErrPortRange, 13},
		{"http://h:999999999999999999999999", 0, ErrPortRange, 13},
		{"http://h:/", 0, ErrNoPort, 0},
		{"http://h/", 0, ErrNoPort, 0},
		{"mailto:x", 0, ErrNoPort, 0},
	}
	for _, tt := range tests {
		p, err := MustParse(tt.in).PortNumber()
		if p != tt.port || !errors.Is(err, tt.err) {
			t.Errorf("Parse(%q).PortNumber() = %d, %v; want %d, %v", tt.in, p, err, tt.port, tt.err)
		}
		var e *Error
		if tt.err == ErrNoPort && err != ErrNoPort {
			t.Errorf("Parse(%q).PortNumber() error %#v, want the bare ErrNoPort", tt.in, err)
		}
		if tt.err == ErrPortRange && (!errors.As(err, &e) || e.Offset != tt.off || e.Component != Port) {
			t.Errorf("Parse(%q).PortNumber() error %#v, want offset %d in port", tt.in, err, tt.off)
		}
	}
}

// TestZeroValue: the zero URI is the empty reference, and every method works
// on it.
func TestZeroValue(t *testing.T) {
	var z URI
	u, err := Parse("")
	if err != nil || u != z {
		t.Fatalf(`Parse("") = %#v, %v; want the zero URI`, u, err)
	}
	if z.String() != "" || z.HasScheme() || z.HasAuthority() || z.HostKind() != HostNone || z.RequestURI() != "/" || z.Redacted() != "" || z.Zone() != "" {
		t.Errorf("zero URI accessors misbehave")
	}
	if c := z.Components(); c != (Components{}) {
		t.Errorf("zero URI Components() = %+v", c)
	}
}

// TestEqualityIsTextual: == on URI values means same text.
func TestEqualityIsTextual(t *testing.T) {
	a, b := MustParse("http://h/p?q"), MustParse(strings.Clone("http://h/p?q"))
	if a != b {
		t.Errorf("two parses of the same text differ")
	}
	if MustParse("http://h/p") == MustParse("http://H/p") {
		t.Errorf("different texts compare equal")
	}
}

func TestComponentsURI(t *testing.T) {
	tests := []struct {
		name string
		c    Components
		want string
		err  error
		off  int
		comp Component
	}{
		{"full", Components{Scheme: "foo", Host: "example.com", Port: "8042", Path: "/over/there", Query: "name=ferret", Fragment: "nose"},
			"foo://example.com:8042/over/there?name=ferret#nose", nil, 0, 0},
		{"empty components present", Components{Scheme: "http", HasUserinfo: true, Host: "h", HasPort: true, Path: "/p", HasQuery: true, HasFragment: true},
			"http://@h:/p?#", nil, 0, 0},
		{"empty authority", Components{Scheme: "file", HasAuthority: true, Path: "/x"}, "file:///x", nil, 0, 0},
		{"no authority", Components{Scheme: "mailto", Path: "x@y"}, "mailto:x@y", nil, 0, 0},
		{"zero", Components{}, "", nil, 0, 0},
		{"IPv6 host", Components{Scheme: "http", Host: "[::1]", Port: "80"}, "http://[::1]:80", nil, 0, 0},
		// Section 4.2: a colon in the first segment of a relative-path reference
		{"colon in first segment", Components{Path: "a:b/c"}, "./a:b/c", nil, 0, 0},
		{"colon later is fine", Components{Path: "a/b:c"}, "a/b:c", nil, 0, 0},
		{"colon with scheme is fine", Components{Scheme: "s", Path: "a:b"}, "s:a:b", nil, 0, 0},
		// A path starting with "//" without an authority
		{"double slash path", Components{Scheme: "s", Path: "//x"}, "s:/.//x", nil, 0, 0},
		{"double slash relative", Components{Path: "//x"}, "/.//x", nil, 0, 0},
		{"double slash with authority", Components{Host: "h", Path: "//x"}, "//h//x", nil, 0, 0},
		// Errors
		{"rootless path with authority", Components{Scheme: "http", Host: "h", Path: "p"}, "", ErrPathWithAuthority, 8, Path},
		{"query delimiter in path", Components{Path: "/a?b"}, "", ErrInvalidByte, 2, Path},
		{"space in query", Components{Query: "a b"}, "", ErrInvalidByte, 2, Query},
		{"hash in fragment", Components{Fragment: "a#"}, "", ErrInvalidByte, 2, Fragment},
		{"bad scheme", Components{Scheme: "1a", Path: "x"}, "", ErrInvalidByte, 0, Scheme},
		{"bad scheme byte", Components{Scheme: "a_b", Path: "x"}, "", ErrInvalidByte, 1, Scheme},
		{"at in userinfo", Components{Userinfo: "a@b", Host: "h"}, "", ErrInvalidByte, 3, Userinfo},
		{"colon in reg-name", Components{Host: "a:b"}, "", ErrInvalidByte, 3, Host},
		{"bad IP literal", Components{Host: "[::1"}, "", ErrBadIPLiteral, 6, Host},
		{"junk after IP literal", Components{Host: "[::1]x"}, "", ErrBadIPLiteral, 7, Host},
		{"zone", Components{Host: "[fe80::1%25x]"}, "", ErrZoneNotAllowed, 10, Host},
		{"port letters", Components{Host: "h", Port: "8a"}, "", ErrBadPort, 5, Port},
		{"bad percent", Components{Path: "/%g"}, "", ErrBadPercent, 2, Path},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			u, err := tt.c.URI()
			if tt.err != nil {
				var e *Error
				if !errors.As(err, &e) || !errors.Is(err, tt.err) || e.Offset != tt.off || e.Component != tt.comp || e.Op != OpBuild {
					t.Errorf("%+v.URI() error = %#v; want %v at %d in %v", tt.c, err, tt.err, tt.off, tt.comp)
				}
				return
			}
			if err != nil {
				t.Fatalf("%+v.URI(): %v", tt.c, err)
			}
			if u.String() != tt.want {
				t.Errorf("%+v.URI() = %q, want %q", tt.c, u, tt.want)
			}
			// The built value is exactly what parsing its text gives.
			p, err := Parse(u.String())
			if err != nil || p != u {
				t.Errorf("Parse(%q) = %#v, %v; want the built value %#v", u, p, err, u)
			}
		})
	}
}

// TestComponentsRoundTrip: u.Components().URI() gives u back, for every
// valid row of the testdata.
func TestComponentsRoundTrip(t *testing.T) {
	for _, row := range testrows.Read[testrows.Parse](t, "testdata/parse.jsonl") {
		if !row.OK {
			continue
		}
		u := MustParse(row.Input)
		v, err := u.Components().URI()
		if err != nil || v != u {
			t.Errorf("Parse(%q).Components().URI() = %q, %v", row.Input, v, err)
		}
	}
}

func TestMarshalText(t *testing.T) {
	var u URI
	if err := u.UnmarshalText([]byte("http://h/p?q")); err != nil || u.String() != "http://h/p?q" {
		t.Fatalf("UnmarshalText: %v, %q", err, u)
	}
	b, err := u.MarshalText()
	if err != nil || string(b) != "http://h/p?q" {
		t.Errorf("MarshalText = %q, %v", b, err)
	}
	if err := u.UnmarshalText([]byte("a b")); !errors.Is(err, ErrInvalidByte) || u.String() != "http://h/p?q" {
		t.Errorf("UnmarshalText of an invalid input: %v, and u = %q", err, u)
	}
	var doc struct{ Link URI }
	if err := json.Unmarshal([]byte(`{"Link":"//x/y#z"}`), &doc); err != nil || doc.Link.Fragment() != "z" {
		t.Errorf("json.Unmarshal into a URI field: %v, %q", err, doc.Link)
	}
	out, _ := json.Marshal(doc)
	if string(out) != `{"Link":"//x/y#z"}` {
		t.Errorf("json.Marshal = %s", out)
	}
}

// The text methods of the value types, checked by the compiler.
var (
	_ encoding.TextMarshaler   = URI{}
	_ encoding.TextAppender    = URI{}
	_ encoding.TextUnmarshaler = (*URI)(nil)
	_ encoding.TextMarshaler   = IRI{}
	_ encoding.TextAppender    = IRI{}
	_ encoding.TextUnmarshaler = (*IRI)(nil)
)

// TestAppendText: AppendText of a URI or an IRI appends exactly the text
// that MarshalText returns (the value's String), keeps what b holds, and
// allocates nothing when b has room.
func TestAppendText(t *testing.T) {
	inputs := []string{"", "http://h/p?q#f", "//[v7.x]/a%20b", "mailto:a@b"}
	for _, in := range inputs {
		u := MustParse(in)
		i, err := ParseIRI(in + "é")
		if err != nil {
			t.Fatalf("ParseIRI(%q): %v", in+"é", err)
		}
		for _, v := range []interface {
			encoding.TextMarshaler
			encoding.TextAppender
			String() string
		}{u, i} {
			prefix := []byte("prefix:")
			got, err := v.AppendText(prefix)
			m, _ := v.MarshalText()
			if err != nil || string(got) != "prefix:"+string(m) || string(m) != v.String() || string(prefix) != "prefix:" {
				t.Errorf("%T(%q).AppendText(%q) = %q, %v; want %q", v, v, "prefix:", got, err, "prefix:"+v.String())
			}
			buf := make([]byte, 0, 64)
			if n := testing.AllocsPerRun(100, func() { buf, _ = v.AppendText(buf[:0]) }); n != 0 {
				t.Errorf("%T(%q).AppendText into a buffer with room: %v allocations, want 0", v, v, n)
			}
		}
	}
}

func TestMarshalBinary(t *testing.T) {
	u := MustParse("http://h/p?q#f")
	b, err := u.MarshalBinary()
	if err != nil || string(b) != u.String() {
		t.Fatalf("MarshalBinary = %q, %v", b, err)
	}
	var v URI
	if err := v.UnmarshalBinary(b); err != nil || v != u {
		t.Fatalf("UnmarshalBinary = %q, %v", v, err)
	}
	if err := v.UnmarshalBinary([]byte("a b")); !errors.Is(err, ErrInvalidByte) || v != u {
		t.Errorf("UnmarshalBinary of invalid input: %v, and v = %q", err, v)
	}
	// gob uses the binary methods.
	type doc struct{ Link URI }
	var buf bytes.Buffer
	if err := gob.NewEncoder(&buf).Encode(doc{u}); err != nil {
		t.Fatal(err)
	}
	var out doc
	if err := gob.NewDecoder(&buf).Decode(&out); err != nil || out.Link != u {
		t.Errorf("gob round trip = %q, %v", out.Link, err)
	}
}

// FuzzComponents builds references from arbitrary components. Whatever is
// accepted must parse back to exactly the built value, with the components
// given (up to the two prefixes Components.URI documents); whatever is
// refused must be refused with an offset inside the recomposed text.
func FuzzComponents(f *testing.F) {
	f.Add("http", "u:p", "example.com", "80", "/a/b", "q=1", "f", uint8(0))
	f.Add("", "", "", "", "a:b", "", "", uint8(0))
	f.Add("s", "", "", "", "//x", "", "", uint8(0))
	f.Add("", "", "[::1]", "", "p", "", "", uint8(0xff))
	f.Fuzz(func(t *testing.T, scheme, userinfo, host, port, path, query, fragment string, has uint8) {
		c := Components{
			Scheme: scheme, Userinfo: userinfo, HasUserinfo: has&1 != 0, Host: host, HasAuthority: has&2 != 0,
			Port: port, HasPort: has&4 != 0, Path: path, Query: query, HasQuery: has&8 != 0,
			Fragment: fragment, HasFragment: has&16 != 0,
		}
		u, err := c.URI()
		if err != nil {
			var e *Error
			if !errors.As(err, &e) || e.Offset < 0 || e.Offset > len(e.Input) || e.Op != OpBuild {
				t.Fatalf("%+v: error %#v", c, err)
			}
			return
		}
		if p, err := Parse(u.String()); err != nil || p != u {
			t.Fatalf("%+v built %q, which parses to %#v, %v", c, u, p, err)
		}
		// The documented prefixes: "/." before "//" without an authority,
		// "./" before a first segment with ":" in a relative-path reference.
		want := c
		hasAuthority := c.HasAuthority || c.HasUserinfo || userinfo != "" || host != "" || c.HasPort || port != ""
		switch {
		case hasAuthority:
		case strings.HasPrefix(path, "//"):
			want.Path = "/." + path
		case scheme == "" && strings.Contains(strings.SplitN(path, "/", 2)[0], ":"):
			want.Path = "./" + path
		}
		got := u.Components()
		if got.Scheme != want.Scheme || got.Userinfo != want.Userinfo || got.Host != want.Host || got.Port != want.Port ||
			got.Path != want.Path || got.Query != want.Query || got.Fragment != want.Fragment {
			t.Fatalf("%+v built %q with components %+v", c, u, got)
		}
	})
}

// checkAccessors returns what is wrong with the accessors of a parsed u
// beyond the seven components: each must be the part of the text that the
// components say (RFC 3986, Section 3), and no two may read it differently.
func checkAccessors(u URI) string {
	s := u.String()
	c := u.Components()
	if c.Scheme != u.Scheme() || c.Userinfo != u.Userinfo() || c.Host != u.Host() || c.Port != u.Port() ||
		c.Path != u.Path() || c.Query != u.Query() || c.Fragment != u.Fragment() || c.HasUserinfo != u.HasUserinfo() ||
		c.HasAuthority != u.HasAuthority() || c.HasPort != u.HasPort() || c.HasQuery != u.HasQuery() || c.HasFragment != u.HasFragment() {
		return fmt.Sprintf("Components() = %+v disagrees with the accessors", c)
	}
	if b, err := c.URI(); u.Zone() == "" && (err != nil || b != u) {
		// (Components.URI builds RFC 3986 references, which have no zones.)
		return fmt.Sprintf("Components().URI() = %q, %v", b, err)
	}
	auth := ""
	if u.HasUserinfo() {
		auth = u.Userinfo() + "@"
	}
	auth += u.Host()
	if u.HasPort() {
		auth += ":" + u.Port()
	}
	if u.Authority() != auth || !u.HasAuthority() && (auth != "" || u.HostKind() != HostNone) {
		return fmt.Sprintf("Authority() = %q, the parts give %q", u.Authority(), auth)
	}
	if u.HasAuthority() && !strings.HasPrefix(s[len(u.Scheme())+boolInt(u.HasScheme()):], "//"+auth) {
		return "the authority is not where the text has it"
	}
	// Section 3.2.1: the userinfo splits at its first ":".
	pw, hasPW := u.Password()
	if want := u.Username() + map[bool]string{true: ":" + pw}[hasPW]; want != u.Userinfo() {
		return fmt.Sprintf("Username %q and Password %q, %v do not make the userinfo %q", u.Username(), pw, hasPW, u.Userinfo())
	}
	// Section 3.2.2: the host's kind is decided by its text alone.
	h := u.Host()
	switch k := u.HostKind(); {
	case k == HostNone:
		if u.HasAuthority() {
			return "an authority with HostNone"
		}
	case strings.HasPrefix(h, "["):
		if k != HostIPv6 && k != HostIPvFuture || u.Hostname() != h[1:len(h)-1] {
			return fmt.Sprintf("IP-literal %q of kind %v, Hostname %q", h, k, u.Hostname())
		}
	case k == HostIPv4 != oracleIPv4().MatchString(h) || k != HostIPv4 && k != HostRegName || u.Hostname() != h:
		return fmt.Sprintf("host %q of kind %v, Hostname %q", h, k, u.Hostname())
	}
	if u.Zone() != "" && !strings.Contains(h, "%25"+u.Zone()+"]") {
		return fmt.Sprintf("Zone %q is not in the host %q", u.Zone(), h)
	}
	// Section 3.2.3: PortNumber reads the digits of Port.
	if n, err := u.PortNumber(); err == nil {
		if v, _ := strconv.Atoi(u.Port()); v != n {
			return fmt.Sprintf("PortNumber %d for port %q", n, u.Port())
		}
	} else if v, aerr := strconv.Atoi(u.Port()); u.Port() != "" && aerr == nil && v <= 65535 || u.Port() == "" && err != ErrNoPort {
		return fmt.Sprintf("PortNumber of port %q: %v", u.Port(), err)
	}
	// RFC 9112, Section 3.2.1: path and query, "/" for an empty path.
	want := u.Path()
	if want == "" {
		want = "/"
	}
	if u.HasQuery() {
		want += "?" + u.Query()
	}
	if u.RequestURI() != want {
		return fmt.Sprintf("RequestURI() = %q, want %q", u.RequestURI(), want)
	}
	// Section 7.5: Redacted hides the password and nothing else.
	r, err := ParseRFC6874(u.Redacted())
	if err != nil || !hasPW && r.String() != s {
		return fmt.Sprintf("Redacted() = %q, %v", u.Redacted(), err)
	}
	if hasPW {
		rpw, _ := r.Password()
		if rpw != "xxxxx" || r.Username() != u.Username() || r.Host() != u.Host() || r.Port() != u.Port() ||
			r.Path() != u.Path() || r.Query() != u.Query() || r.Fragment() != u.Fragment() || r.HostKind() != u.HostKind() {
			return fmt.Sprintf("Redacted() = %q changes more than the password", u.Redacted())
		}
	}
	if m, err := u.MarshalText(); err != nil || string(m) != s {
		return fmt.Sprintf("MarshalText() = %q, %v", m, err)
	}
	return ""
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}
