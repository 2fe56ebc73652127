package httptarget

import (
	"errors"
	"strings"
	"testing"

	"github.com/gouri/uri"
	"github.com/gouri/uri/internal/oracle"
	"github.com/gouri/uri/internal/timing"
)

// targetRow is one request of a table: the request line's method and
// request-target, the Host field (noHost: none), the connection's scheme,
// and the target URI it has, or the error.
type targetRow struct {
	section string // the section of RFC 9112 or RFC 9110 that the row comes from
	method  string
	target  string
	host    string
	noHost  bool
	scheme  string
	form    uri.TargetForm
	want    string // the target URI; "" when an error is expected
	err     error  // the sentinel of the expected error
	offset  int    // the offset of the expected error
}

// TestTargetRFCExamples: every request of RFC 9112 and RFC 9110 that shows
// a request line gives the target URI that RFC 9112, Section 3.3 builds,
// with the scheme of the connection the example names (http unless it says
// "secure").
func TestTargetRFCExamples(t *testing.T) {
	rows := []targetRow{
		{section: "RFC 9112, 3.2.1", method: "GET", target: "/where?q=now", host: "www.example.org", form: uri.OriginForm,
			want: "http://www.example.org/where?q=now"},
		{section: "RFC 9112, 3.2.2", method: "GET", target: "http://www.example.org/pub/WWW/TheProject.html", noHost: true,
			form: uri.AbsoluteForm, want: "http://www.example.org/pub/WWW/TheProject.html"},
		{section: "RFC 9112, 3.2.3", method: "CONNECT", target: "www.example.com:80", host: "www.example.com",
			form: uri.AuthorityForm, want: "http://www.example.com:80"},
		{section: "RFC 9112, 3.2.4", method: "OPTIONS", target: "http://www.example.org:8001", noHost: true,
			form: uri.AbsoluteForm, want: "http://www.example.org:8001"},
		{section: "RFC 9112, 3.2.4 (as forwarded)", method: "OPTIONS", target: "*", host: "www.example.org:8001",
			form: uri.AsteriskForm, want: "http://www.example.org:8001"},
		{section: "RFC 9112, 3.3, example 1 (secure)", method: "GET", target: "/pub/WWW/TheProject.html", host: "www.example.org",
			scheme: "https", form: uri.OriginForm, want: "https://www.example.org/pub/WWW/TheProject.html"},
		{section: "RFC 9112, 3.3, example 2", method: "OPTIONS", target: "*", host: "www.example.org:8080",
			form: uri.AsteriskForm, want: "http://www.example.org:8080"},
		{section: "RFC 9110, 3.9", method: "GET", target: "/hello.txt", host: "www.example.com", form: uri.OriginForm,
			want: "http://www.example.com/hello.txt"},
		{section: "RFC 9110, 7.2", method: "GET", target: "/pub/WWW/", host: "www.example.org", form: uri.OriginForm,
			want: "http://www.example.org/pub/WWW/"},
		{section: "RFC 9110, 7.8", method: "GET", target: "/hello", host: "www.example.com", form: uri.OriginForm,
			want: "http://www.example.com/hello"},
		{section: "RFC 9110, 8.8.3.3", method: "GET", target: "/index", host: "www.example.com", form: uri.OriginForm,
			want: "http://www.example.com/index"},
		{section: "RFC 9110, 9.3.6", method: "CONNECT", target: "server.example.com:80", host: "server.example.com",
			form: uri.AuthorityForm, want: "http://server.example.com:80"},
		{section: "RFC 9110, 9.3.6", method: "CONNECT", target: "server.example.com:443", host: "server.example.com:443",
			form: uri.AuthorityForm, want: "http://server.example.com:443"},
		{section: "RFC 9110, 10.1.1", method: "PUT", target: "/somewhere/fun", host: "origin.example.com", form: uri.OriginForm,
			want: "http://origin.example.com/somewhere/fun"},
	}
	checkTargetRows(t, rows, Config{})
}

// TestTargetURIRules: the rules of RFC 9112, Section 3.3 and RFC 9110,
// Section 4.2 that decide the target URI, and the errors where none can be
// built.
func TestTargetURIRules(t *testing.T) {
	rows := []targetRow{
		// Section 3.2.2: an origin server ignores the Host field of an
		// absolute-form request, even one that names another host.
		{section: "9112 3.2.2 Host ignored", method: "GET", target: "http://a.example/x", host: "b.example", form: uri.AbsoluteForm,
			want: "http://a.example/x"},
		{section: "9112 3.2.2 empty Host", method: "GET", target: "http://a.example/x", host: "", form: uri.AbsoluteForm,
			want: "http://a.example/x"},
		// Section 3.2.1: an origin-form path may begin with "//"; it stays
		// a path after the authority.
		{section: "9112 3.2.1 absolute-path", method: "GET", target: "//evil.example/x", host: "a.example", form: uri.OriginForm,
			want: "http://a.example//evil.example/x"},
		{section: "9112 3.3 nothing normalized", method: "GET", target: "/a/../%7e?", host: "A.Example:080", form: uri.OriginForm,
			want: "http://A.Example:080/a/../%7e?"},
		{section: "9112 3.3 IPv6 host", method: "GET", target: "/", host: "[2001:db8::1]:8080", scheme: "https", form: uri.OriginForm,
			want: "https://[2001:db8::1]:8080/"},
		{section: "9112 3.3 fixed scheme", method: "GET", target: "/", host: "a", scheme: "ws", form: uri.OriginForm, want: "ws://a/"},
		{section: "9112 3.3 absolute-form other scheme", method: "GET", target: "ftp://u@h/f", noHost: true, form: uri.AbsoluteForm,
			want: "ftp://u@h/f"},
		{section: "9112 3.3 absolute-form without authority", method: "GET", target: "urn:isbn:0451450523", host: "", form: uri.AbsoluteForm,
			want: "urn:isbn:0451450523"},
		// Section 3.3: without a Host field, or with an empty one, the
		// authority is empty, and an http URI cannot be built.
		{section: "9112 3.3 no Host", method: "GET", target: "/", noHost: true, form: uri.OriginForm, err: uri.ErrNoHost},
		{section: "9112 3.3 empty Host", method: "GET", target: "/", host: "", form: uri.OriginForm, err: uri.ErrNoHost},
		{section: "9112 3.3 asterisk without Host", method: "OPTIONS", target: "*", noHost: true, form: uri.AsteriskForm, err: uri.ErrNoHost},
		{section: "9110 4.2.1 empty host before a port", method: "GET", target: "/", host: ":80", form: uri.OriginForm, err: uri.ErrNoHost},
		{section: "9110 4.2.1 CONNECT to an empty host", method: "CONNECT", target: ":443", host: "", form: uri.AuthorityForm, err: uri.ErrNoHost},
		{section: "9110 4.2.1 http without host", method: "GET", target: "http:///x", host: "a", form: uri.AbsoluteForm, err: uri.ErrNoHost, offset: 7},
		{section: "9110 4.2.1 http without authority", method: "GET", target: "HTTP:/x", host: "a", form: uri.AbsoluteForm, err: uri.ErrNoHost, offset: 5},
		{section: "9110 4.2.4 userinfo", method: "GET", target: "https://u:p@a/", host: "a", form: uri.AbsoluteForm,
			err: ErrUserinfoNotAllowed, offset: 8},
		{section: "9110 4.2.4 empty userinfo", method: "GET", target: "http://@a/", host: "a", form: uri.AbsoluteForm,
			err: ErrUserinfoNotAllowed, offset: 7},
	}
	checkTargetRows(t, rows, Config{})

	// A configured default authority stands in for an absent or empty
	// Host field (Section 3.3), never for a Host field with a value.
	checkTargetRows(t, []targetRow{
		{section: "9112 3.3 default, no Host", method: "GET", target: "/x", noHost: true, form: uri.OriginForm, want: "http://default.example/x"},
		{section: "9112 3.3 default, empty Host", method: "OPTIONS", target: "*", host: "", form: uri.AsteriskForm, want: "http://default.example"},
		{section: "9112 3.3 default, Host given", method: "GET", target: "/x", host: "a.example", form: uri.OriginForm, want: "http://a.example/x"},
		{section: "9112 3.3 default, empty host", method: "GET", target: "/x", host: ":80", form: uri.OriginForm, err: uri.ErrNoHost},
	}, Config{DefaultHost: "default.example"})

	// A proxy that asks for it: the Host field of an absolute-form
	// request must be the target's authority, hosts without regard to
	// case, ports as written (Section 3.2).
	checkTargetRows(t, []targetRow{
		{section: "match", method: "GET", target: "http://A.example:8080/x", host: "a.EXAMPLE:8080", form: uri.AbsoluteForm,
			want: "http://A.example:8080/x"},
		{section: "match, HTTP/1.0 without Host", method: "GET", target: "http://a.example/x", noHost: true, form: uri.AbsoluteForm,
			want: "http://a.example/x"},
		{section: "match, userinfo not compared", method: "GET", target: "ftp://u@a.example/x", host: "a.example", form: uri.AbsoluteForm,
			want: "ftp://u@a.example/x"},
		{section: "mismatch, host", method: "GET", target: "http://a.example/x", host: "b.example", form: uri.AbsoluteForm,
			err: ErrHostMismatch, offset: 0},
		{section: "mismatch, default port written", method: "GET", target: "http://a.example/x", host: "a.example:80", form: uri.AbsoluteForm,
			err: ErrHostMismatch, offset: 9},
		{section: "mismatch, empty Host", method: "GET", target: "http://a.example/x", host: "", form: uri.AbsoluteForm,
			err: ErrHostMismatch, offset: 0},
		{section: "mismatch, no authority", method: "GET", target: "urn:x", host: "a", form: uri.AbsoluteForm,
			err: ErrHostMismatch, offset: 0},
		{section: "origin-form unaffected", method: "GET", target: "/x", host: "b.example", form: uri.OriginForm, want: "http://b.example/x"},
	}, Config{MatchHost: true})

	// The scheme of the Config is checked.
	tg, _ := uri.ParseTarget("GET", "/")
	h, _ := uri.ParseHost("a")
	if _, err := (Config{Scheme: "ht tp"}).TargetURI(tg, h, false); !errors.Is(err, uri.ErrInvalidByte) {
		t.Errorf(`TargetURI with the scheme "ht tp": %v, want ErrInvalidByte`, err)
	}
	// The zero Target is no request-target.
	if u, err := (Config{}).TargetURI(uri.Target{}, h, false); err == nil || u != (uri.URI{}) {
		t.Errorf("TargetTargetURI of the zero Target = %q, %v; want an error", u, err)
	}
}

// checkTargetRows runs each row through uri.ParseTarget, uri.ParseHost and
// c.TargetURI, with the scheme of the row.
func checkTargetRows(t *testing.T, rows []targetRow, c Config) {
	t.Helper()
	for _, row := range rows {
		tg, err := uri.ParseTarget(row.method, row.target)
		if err != nil {
			t.Errorf("%s: ParseTarget(%q, %q): %v", row.section, row.method, row.target, err)
			continue
		}
		if tg.Form() != row.form || tg.String() != row.target {
			t.Errorf("%s: ParseTarget(%q, %q): form %v, text %q; want %v", row.section, row.method, row.target, tg.Form(), tg, row.form)
		}
		h, err := uri.ParseHost(row.host)
		if err != nil {
			t.Errorf("%s: ParseHost(%q): %v", row.section, row.host, err)
			continue
		}
		c.Scheme = row.scheme
		u, err := c.TargetURI(tg, h, row.noHost)
		call := row.section + ": TargetURI of " + row.method + " " + row.target + ", Host " + row.host
		if row.noHost {
			call = row.section + ": TargetURI of " + row.method + " " + row.target + " without Host"
		}
		if row.err != nil {
			var e *uri.Error
			if !errors.As(err, &e) || e.Err != row.err || e.Op != uri.OpBuild || e.Offset != row.offset {
				t.Errorf("%s = %q, %#v; want %v at offset %d", call, u, err, row.err, row.offset)
			}
			if u != (uri.URI{}) {
				t.Errorf("%s: %q with the error, want the zero URI", call, u)
			}
			continue
		}
		if err != nil || u.String() != row.want {
			t.Errorf("%s = %q, %v; want %q", call, u, err, row.want)
			continue
		}
		if v, err := uri.Parse(u.String()); err != nil || v != u {
			t.Errorf("%s = %#v, which parses again as %#v, %v", call, u, v, err)
		}
	}
}

// checkTargetURI checks the target TargetURI of tg with the Host field h: its
// text parses back to the same URI (RFC 3986), whose authority is the Host
// field's (or the target's) and whose path and query are the target's.
func checkTargetURI(t *testing.T, tg uri.Target, h uri.HostPort) {
	t.Helper()
	for _, scheme := range []string{"http", "https"} {
		u, err := Config{Scheme: scheme}.TargetURI(tg, h, false)
		if err != nil {
			var e *uri.Error
			if !errors.As(err, &e) || e.Op != uri.OpBuild || u != (uri.URI{}) || e.Offset < 0 || e.Offset > len(e.Input) {
				t.Fatalf("TargetURI of %q with Host %q: %#v, %#v", tg, h, u, err)
			}
			continue
		}
		if v, err := uri.Parse(u.String()); err != nil || v != u {
			t.Fatalf("TargetURI of %q with Host %q = %#v, which parses as %#v, %v", tg, h, u, v, err)
		}
		if !u.HasScheme() || !u.HasAuthority() && tg.Form() != uri.AbsoluteForm {
			t.Fatalf("TargetURI of %q with Host %q = %q: no scheme or authority", tg, h, u)
		}
		switch tg.Form() {
		case uri.AbsoluteForm:
			if u.String() != tg.String() {
				t.Fatalf("TargetURI of absolute-form %q = %q", tg, u)
			}
		case uri.OriginForm:
			if u.HostPort() != h.String() || u.Path() != tg.Path() || u.Query() != tg.Query() || u.HasQuery() != tg.HasQuery() ||
				u.RequestURI() != tg.String() {
				t.Fatalf("TargetURI of origin-form %q with Host %q = %q", tg, h, u)
			}
		case uri.AuthorityForm:
			if u.HostPort() != tg.String() || u.Path() != "" {
				t.Fatalf("TargetURI of authority-form %q = %q", tg, u)
			}
		case uri.AsteriskForm:
			if u.HostPort() != h.String() || u.Path() != "" || u.HasQuery() {
				t.Fatalf("TargetURI of asterisk-form with Host %q = %q", h, u)
			}
		}
	}
}

// FuzzTargetURI checks the target URI of every target and Host field that
// uri.ParseTarget and uri.ParseHost accept (see checkTargetURI).
func FuzzTargetURI(f *testing.F) {
	for _, s := range []string{"/where?q=now", "http://www.example.org/pub/WWW/TheProject.html", "www.example.com:80", "*",
		"//evil.example/x", "http://u@h/", "http:///x", "HTTP:/x", ":443", "/a/..%2Fb", "http://p/p%5c", "/%252F?%2F"} {
		f.Add(s, "www.example.org:8080")
	}
	f.Add("/", "")
	f.Add("/", "[::1]")
	f.Add("*", ":80")
	f.Fuzz(func(t *testing.T, target, host string) {
		h, err := uri.ParseHost(host)
		if err != nil {
			return
		}
		for _, method := range []string{"GET", "OPTIONS", "CONNECT"} {
			if tg, err := uri.ParseTarget(method, target); err == nil {
				checkTargetURI(t, tg, h)
				checkRefuseEncodedSlash(t, tg, h)
			}
		}
	})
}

// checkRefuseEncodedSlash: Config.RefuseEncodedSlash refuses exactly the
// targets whose path, decoded once, holds a "/" or "\" more than it shows
// raw, at the first "%" of one, and changes nothing else.
func checkRefuseEncodedSlash(t *testing.T, tg uri.Target, h uri.HostPort) {
	want, wantErr := Config{}.TargetURI(tg, h, false)
	got, err := Config{RefuseEncodedSlash: true}.TargetURI(tg, h, false)
	path := tg.Path()
	decoded, _ := uri.Unescape(path, uri.EscapePath)
	encoded := strings.Count(decoded, "/")+strings.Count(decoded, "\\") > strings.Count(path, "/")
	if !encoded {
		if got != want || (err == nil) != (wantErr == nil) {
			t.Fatalf("TargetURI(%q) with RefuseEncodedSlash = %q, %v; without it %q, %v", tg, got, err, want, wantErr)
		}
		return
	}
	var e *uri.Error
	if !errors.As(err, &e) || !errors.Is(err, uri.ErrEncodedSeparator) || e.Input != tg.String() ||
		!strings.HasPrefix(strings.ToUpper(e.Input[e.Offset:]), "%2F") && !strings.HasPrefix(strings.ToUpper(e.Input[e.Offset:]), "%5C") {
		t.Fatalf("TargetURI(%q) with RefuseEncodedSlash: %#v, want ErrEncodedSeparator at a %%2F or %%5C", tg, err)
	}
}

// TestTargetURIAllocs pins what TargetURI allocates: the text of the
// target URI, and nothing for an absolute-form target, which is its own;
// and that HasPathPrefix allocates nothing for paths in normal form.
func TestTargetURIAllocs(t *testing.T) {
	host, _ := uri.ParseHost("www.example.org:8080")
	origin, _ := uri.ParseTarget("GET", "/pub/WWW/")
	absolute, _ := uri.ParseTarget("GET", "http://www.example.org:8080/pub/WWW/")
	tests := []struct {
		name   string
		fn     func()
		allocs float64
	}{
		{"origin-form", func() { _, _ = Config{}.TargetURI(origin, host, false) }, 1},
		{"origin-form, default host", func() { _, _ = Config{DefaultHost: "a.example"}.TargetURI(origin, uri.HostPort{}, true) }, 1},
		{"absolute-form", func() { _, _ = Config{}.TargetURI(absolute, host, false) }, 0},
		{"absolute-form, matched", func() { _, _ = Config{MatchHost: true}.TargetURI(absolute, host, false) }, 0},
		{"HasPathPrefix, normal paths", func() { _ = HasPathPrefix("/api/v1/users", "/api/") }, 0},
	}
	for _, tt := range tests {
		if n := testing.AllocsPerRun(100, tt.fn); n != tt.allocs {
			t.Errorf("%s: %v allocations, want %v", tt.name, n, tt.allocs)
		}
	}
}

// TestTargetURIHostileLinear: rebuilding a target URI, and comparing path
// prefixes, take time and memory linear in the length of the input, for
// every hostile shape.
func TestTargetURIHostileLinear(t *testing.T) {
	h, _ := uri.ParseHost("a:1")
	ops := []oracle.Op{
		{"TargetURI absolute-form", func(s string) { tg, _ := uri.ParseTarget("GET", s); _, _ = Config{}.TargetURI(tg, h, false) }},
		{"TargetURI origin-form", func(s string) {
			if i := strings.Index(s, "//"); i >= 0 {
				s = s[i+1:]
			}
			tg, _ := uri.ParseTarget("OPTIONS", s)
			_, _ = Config{}.TargetURI(tg, h, false)
		}},
		{"HasPathPrefix", func(s string) { _ = HasPathPrefix(strings.TrimPrefix(s, "http://h"), "/a/") }},
	}
	for _, f := range oracle.HostileLinear(oracle.Hostile, ops, oracle.HostileDiv()) {
		t.Error(f)
	}
}

// TestTargetURILinearTime checks by time that rebuilding target URIs and
// comparing path prefixes do linear work on the families of inputs that
// every package is checked with (see internal/timing).
func TestTargetURILinearTime(t *testing.T) {
	timing.Tier(t)
	h, _ := uri.ParseHost("h")
	ops := []struct {
		name string
		run  func(string)
	}{
		{"TargetURI", func(s string) {
			tg, _ := uri.ParseTarget("GET", s)
			_, _ = Config{}.TargetURI(tg, h, false)
			tg, _ = uri.ParseTarget("GET", strings.TrimPrefix(s, "http:/"))
			_, _ = Config{}.TargetURI(tg, h, false)
		}},
		{"HasPathPrefix", func(s string) { _ = HasPathPrefix(strings.TrimPrefix(s, "http://h"), "/x/") }},
	}
	for _, op := range ops {
		timing.CheckFamilies(t, op.name, op.run)
	}
}
